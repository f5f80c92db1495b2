#!/bin/sh
# tools/bench/osu_persistent.sh [mpich] [OSU_DIR] -- skampi's persistent collectives
# (Bcast_init, Allreduce_init, Barrier_init: MPI_Start + MPI_Wait of a request made once)
# beside OSU 7.4's osu_bcast_persistent, osu_allreduce_persistent and
# osu_barrier_persistent, on one MPI-4 library, 2 processes, sizes 4 B .. 64 KiB (the
# powers of 4 both measure), one run each; skampi's blocking twins in the same run for
# the persistent-to-blocking ratio. OSU_DIR is a built OSU's libexec/.../mpi (default
# /work/osu-inst-<mpi>/libexec/osu-micro-benchmarks/mpi). Writes per size skampi's
# persistent and blocking time, OSU's average latency, skampi/OSU, and skampi's set-up
# time of the request to tools/bench/results/osu_persistent-<mpi>.txt. The figures differ
# by definition: skampi's is one operation from a synchronised start until the last
# process is done (the largest over the processes), OSU's the average over a loop of
# back-to-back operations (pipelined, each process its own). Claims about speed live
# here, not in tests. Exit 1 when OSU or the MPI is missing.
set -eu
cd "$(dirname "$0")/../.."
impl=${1:-mpich}
case $impl in
  mpich) cc=mpicc.mpich ;;
  openmpi) cc=mpicc.openmpi ;;
  *) echo "usage: $0 [mpich|openmpi] [OSU_DIR]" >&2; exit 2 ;;
esac
osu=${2:-/work/osu-inst-$impl/libexec/osu-micro-benchmarks/mpi}
command -v $cc >/dev/null 2>&1 || { echo "$cc missing" >&2; exit 1; }
[ -x "$osu/collective/osu_bcast_persistent" ] || { echo "no OSU 7 persistent collectives in $osu" >&2; exit 1; }
work=tools/bench/work; res=tools/bench/results
mkdir -p "$work" "$res"
$cc -O2 -o "$work/skampi-$impl" skampi_amalgam.c -lm
# MPICH 4.0.2's schedule-based persistent gathers and scatters break (doc/manual.md);
# the broadcast, allreduce and barrier here use the defaults
load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
rm -f "$work/osu_persistent-$impl.sko"*
tools/mpirun.sh "$impl" 2 "$work/skampi-$impl" -i tools/bench/osu_persistent.ski -o "$work/osu_persistent-$impl.sko" \
  2>/dev/null
for b in bcast allreduce barrier; do
  tools/mpirun.sh "$impl" 2 "$osu/collective/osu_${b}_persistent" -m 4:65536 -i 1000 > "$work/osu_${b}_persistent-$impl.out" 2>&1
done
# skampi_us BLOCK ROW: "bytes time_us" of the rows named ROW in result block BLOCK
skampi_us() {
  awk -v block="$1" -v row="$2" '/^# begin result/ { inb = index($0, "\"" block "\"") > 0 }
    inb && /^# measure / { cur = $3; sub(/\(.*/, "", cur) }
    inb && cur == row && /^(count= *[0-9]+ +)?[ 0-9]/ && !/^#/ {
      if ($1 == "count=") print $3, $4; else print $1, $2 }' "$work/osu_persistent-$impl.sko"
}
# skampi_setup BLOCK ROW: the set-up times (us) of ROW in BLOCK, one per line
skampi_setup() {
  awk -v block="$1" -v row="$2" '/^# begin result/ { inb = index($0, "\"" block "\"") > 0 }
    inb && /^# measure / { cur = $3; sub(/\(.*/, "", cur) }
    inb && cur == row && /^# persistent: set-up/ { print $5 }' "$work/osu_persistent-$impl.sko"
}
osu_us() { awk '/^[0-9]/ { print $1, $2 }' "$1"; }
{
  echo "# skampi persistent collectives beside OSU 7.4 persistent collectives, $impl, 2 processes ($(date -u +%Y-%m-%d))"
  echo "# skampi: one MPI_Start + MPI_Wait from a synchronised start, the largest time over the processes;"
  echo "#   blocking: the same operation's blocking twin in the same run; setup: MPI_Xxx_init (skampi's note)"
  echo "# OSU: avg latency over 1000 back-to-back MPI_Start + MPI_Wait (-i 1000)"
  echo "# load average before the runs: $load_before, after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
  for b in bcast allreduce; do
    case $b in bcast) row=Bcast ;; *) row=Allreduce ;; esac
    echo "## $b (bytes, skampi persistent us, skampi blocking us, OSU persistent us, skampi/OSU, setup us)"
    skampi_us "$b" "${row}_init" > "$work/p.txt"
    skampi_us "$b" "$row" > "$work/b.txt"
    skampi_setup "$b" "${row}_init" > "$work/s.txt"
    osu_us "$work/osu_${b}_persistent-$impl.out" > "$work/o.txt"
    paste -d' ' "$work/p.txt" "$work/b.txt" "$work/s.txt" | awk 'NR == FNR { o[$1] = $2; next }
      { r = ($1 in o && o[$1] > 0) ? sprintf("%.2f", $2 / o[$1]) : "-";
        printf "%8s %10.3f %10.3f %10s %6s %8s\n", $1, $2, $4, ($1 in o) ? o[$1] : "-", r, $5 }' "$work/o.txt" -
  done
  echo "## barrier (skampi persistent us, skampi blocking us, OSU persistent us, skampi/OSU, setup us)"
  p=$(skampi_us barrier Barrier_init | awk '{ print $2 }'); bl=$(skampi_us barrier Barrier | awk '{ print $2 }')
  o=$(awk '/^[ ]*[0-9.]+ *$/ { v = $1 } /^[0-9]/ && NF >= 2 { v = $2 } END { print v }' "$work/osu_barrier_persistent-$impl.out")
  s=$(skampi_setup barrier Barrier_init)
  echo "$p $bl $o $s" | awk '{ printf "%10.3f %10.3f %10s %6s %8s\n", $1, $2, $3, ($3 > 0) ? sprintf("%.2f", $1 / $3) : "-", $4 }'
} > "$res/osu_persistent-$impl.txt"
cat "$res/osu_persistent-$impl.txt"
