#!/bin/sh
# tools/bench/osu_side_by_side.sh [openmpi|mpich] -- skampi beside the OSU
# micro-benchmarks 7 in one run, on one MPI, 2 processes: per message size the
# one-way latency (skampi's Pingpong_Send_Recv round trip / 2 against osu_latency) and
# the time of one MPI_Bcast, MPI_Allreduce (MPI_FLOAT, MPI_SUM, as OSU) and MPI_Barrier
# (skampi's synchronised start against OSU's averaged loop), with their ratio and each
# tool's wall time. Writes tools/bench/results/osu-<mpi>.md. Claims about speed live
# here, not in tests.
#
# OSU is not part of skampi and is not downloaded here: build it once from its source
# (the OSU micro-benchmarks 7.x tarball, or a copy of its repository) and say where:
#   OSU_SRC=/path/to/osu-micro-benchmarks-7.x  tools/bench/osu_side_by_side.sh mpich
# builds it with the MPI's wrapper into tools/bench/work/osu-<mpi> (once), or
#   OSU_DIR=/path/to/libexec/osu-micro-benchmarks/mpi  tools/bench/osu_side_by_side.sh
# uses a build that exists (its pt2pt/ and collective/ folders).
set -eu
cd "$(dirname "$0")/../.."
impl=${1:-openmpi}
case $impl in
  openmpi) cc=mpicc.openmpi; cxx=mpicxx.openmpi ;;
  mpich) cc=mpicc.mpich; cxx=mpicxx.mpich ;;
  *) echo "usage: $0 [openmpi|mpich]" >&2; exit 2 ;;
esac
work=tools/bench/work; res=tools/bench/results
mkdir -p "$work" "$res"
top=$(pwd)
if [ -z "${OSU_DIR:-}" ]; then
  [ -n "${OSU_SRC:-}" ] || { echo "$0: set OSU_SRC (the OSU micro-benchmarks 7 source) or OSU_DIR (its libexec/.../mpi)" >&2; exit 2; }
  prefix=$top/$work/osu-$impl
  if [ ! -x "$prefix/libexec/osu-micro-benchmarks/mpi/pt2pt/osu_latency" ]; then
    mkdir -p "$work/osu-build-$impl"
    (cd "$work/osu-build-$impl" && "$OSU_SRC/configure" CC=$cc CXX=$cxx --prefix="$prefix" > configure.log 2>&1 &&
      make -j2 > make.log 2>&1 && make install > install.log 2>&1) ||
      { echo "$0: building OSU failed, see $work/osu-build-$impl/*.log" >&2; exit 1; }
  fi
  OSU_DIR=$prefix/libexec/osu-micro-benchmarks/mpi
fi
$cc -O2 -o "$work/skampi-$impl" skampi_amalgam.c -lm
cat > "$work/osu-side.ski" <<'SKI'
# tools/bench/osu_side_by_side.sh: the operations of osu_latency, osu_bcast,
# osu_allreduce and osu_barrier, 1 B .. 64 KiB
set_skampi_buffer(1MiB)
begin measurement "pingpong"
  for count = 1 to 65536 step *4 do
    measure comm2(0, 1) : Pingpong_Send_Recv(count, MPI_BYTE, 0, 1)
  od
end measurement
begin measurement "bcast"
  for count = 1 to 65536 step *4 do
    measure MPI_COMM_WORLD : Bcast(count, MPI_BYTE, 0)
  od
end measurement
begin measurement "allreduce"
  for count = 4 to 65536 step *4 do
    measure MPI_COMM_WORLD : Allreduce(count / 4, MPI_FLOAT, MPI_SUM)
  od
end measurement
begin measurement "barrier"
  measure MPI_COMM_WORLD : Barrier()
end measurement
SKI
rm -f "$work/osu-side-$impl.sko"
t0=$(date +%s.%N)
tools/mpirun.sh "$impl" 2 "$work/skampi-$impl" -q -i "$work/osu-side.ski" -o "$work/osu-side-$impl.sko" 2>/dev/null
t1=$(date +%s.%N)
tools/mpirun.sh "$impl" 2 "$OSU_DIR/pt2pt/osu_latency" -m 1:65536 > "$work/osu-lat-$impl.txt" 2>&1
tools/mpirun.sh "$impl" 2 "$OSU_DIR/collective/osu_bcast" -m 1:65536 > "$work/osu-bcast-$impl.txt" 2>&1
tools/mpirun.sh "$impl" 2 "$OSU_DIR/collective/osu_allreduce" -m 4:65536 > "$work/osu-allreduce-$impl.txt" 2>&1
tools/mpirun.sh "$impl" 2 "$OSU_DIR/collective/osu_barrier" > "$work/osu-barrier-$impl.txt" 2>&1
t2=$(date +%s.%N)
out=$res/osu-$impl.md
{
  echo "# skampi beside the OSU micro-benchmarks 7, $impl, 2 processes"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -n), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)."
  awk -v a="$t0" -v b="$t1" -v c="$t2" 'BEGIN { printf "Wall time: skampi %.1f s (all four suites), OSU %.1f s (four programs).\n", b - a, c - b }'
  echo "skampi: default settings (ASEC, synchronised start); ping-pong one-way = round trip / 2."
  echo "OSU: default iterations; osu_latency one-way; collectives the average over its loop."
  echo
  echo "| operation | bytes | skampi us | OSU us | skampi/OSU |"
  echo "|---|---:|---:|---:|---:|"
  awk '
    FNR == 1 { f++ }
    f == 1 && /^# begin result "/ { s = $4; gsub(/"/, "", s); next }
    f == 1 && $1 == "count=" { t = $4; if (s == "pingpong") t /= 2; sk[s, $2] = t; next }
    f == 1 && /^ *[0-9]/ && s == "barrier" { sk["barrier", 0] = $2; next }
    f == 2 && /^[0-9]/ { osu["pingpong", $1] = $2 }
    f == 3 && /^[0-9]/ { osu["bcast", $1] = $2 }
    f == 4 && /^[0-9]/ { osu["allreduce", $1] = $2 }
    f == 5 && /^[0-9]/ { osu["barrier", 0] = $1 }
    f == 5 && /^ *[0-9.]+ *$/ { osu["barrier", 0] = $1 }
    END {
      split("pingpong bcast allreduce barrier", ops, " ")
      for (k = 1; k <= 4; k++)
        for (n = 0; n <= 65536; n = (n == 0 ? 1 : n * 4))
          if (((ops[k], n) in sk) && ((ops[k], n) in osu) && osu[ops[k], n] > 0)
            printf "| %s | %d | %.2f | %.2f | %.2f |\n", ops[k], n, sk[ops[k], n], osu[ops[k], n], sk[ops[k], n] / osu[ops[k], n]
    }' "$work/osu-side-$impl.sko" "$work/osu-lat-$impl.txt" "$work/osu-bcast-$impl.txt" \
       "$work/osu-allreduce-$impl.txt" "$work/osu-barrier-$impl.txt"
} > "$out"
cat "$out"
