#!/bin/sh
# tools/bench/p2p_side_by_side.sh [mpich|openmpi] -- the point-to-point benchmarks of
# meas_mpi_peer_p2p.c (and Pingpong_Send_Recv_AS, Mbibw_mr, Mbw_mr -p) run by their names
# under skampi beside the real tools, in one go, on one MPI: IMB-MPI1's PingPing,
# PingPingAnySource, PingPongAnySource (2 processes; t[usec]) and Biband (4 processes;
# Mbytes/sec), OSU 7.4's osu_bw_persistent, osu_bibw_persistent (2 processes) and
# osu_mbw_mr -p 1 (4 processes; MB/s), osu_latency_mp (2 processes; latency in us), and
# osu_init (3 launches of each). Each tool's table is read per size and the ratio
# skampi / peer written, with the median ratio per benchmark, to
# tools/bench/results/p2p-<mpi>.txt. Times: a ratio above 1 means skampi's time is
# longer; bandwidths: above 1 means skampi's is higher. The figures differ by definition
# where noted in doc/peers.md (skampi's synchronised start and stopping rule against the
# tools' averaged loops). Claims about speed live here, not in tests.
#
# The tools are not part of skampi and not downloaded here: IMB-MPI1 built with the same
# MPI in IMB_DIR (default /work/imb-inst-<mpi>/bin, tools/bench/imb_build.sh), OSU's
# programs compiled from OSU_SRC (default /work/osu-7.4: its c/util and c/mpi) into
# tools/bench/work/osu-p2p-<mpi>. Exit 1 when one is missing.
set -eu
cd "$(dirname "$0")/../.."
impl=${1:-mpich}
case $impl in
  mpich) cc=mpicc.mpich ;;
  openmpi) cc=mpicc.openmpi ;;
  *) echo "usage: $0 [mpich|openmpi]" >&2; exit 2 ;;
esac
imb=${IMB_DIR:-/work/imb-inst-$impl/bin}
src=${OSU_SRC:-/work/osu-7.4}
command -v $cc >/dev/null 2>&1 || { echo "$0: $cc missing" >&2; exit 1; }
[ -x "$imb/IMB-MPI1" ] || { echo "$0: no IMB-MPI1 in $imb" >&2; exit 1; }
[ -f "$src/c/util/osu_util.c" ] || { echo "$0: no OSU 7 source in $src" >&2; exit 1; }
work=tools/bench/work/p2p-$impl; res=tools/bench/results
osu=tools/bench/work/osu-p2p-$impl
mkdir -p "$work" "$res" "$osu"
$cc -O2 -o "$work/skampi" skampi_amalgam.c -lm
for f in osu_util osu_util_mpi osu_util_graph osu_util_papi osu_util_validation; do
  [ -f "$osu/$f.o" ] || $cc -O2 -c -DPACKAGE_VERSION='"7.4"' -I"$src/c/util" -o "$osu/$f.o" "$src/c/util/$f.c"
done
for b in pt2pt/persistent/osu_bw_persistent pt2pt/persistent/osu_bibw_persistent pt2pt/standard/osu_mbw_mr \
         pt2pt/standard/osu_latency_mp startup/osu_init; do
  [ -x "$osu/$(basename $b)" ] ||
    $cc -O2 -DPACKAGE_VERSION='"7.4"' -I"$src/c/util" -o "$osu/$(basename $b)" "$src/c/mpi/$b.c" "$osu"/*.o -lm
done
run() {   # NP PROGRAM ARGS...: the launcher of $impl
  np=$1; shift
  if [ $impl = mpich ]; then timeout 600 mpiexec.mpich -n "$np" "$@"
  else OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 timeout 600 mpirun.openmpi --oversubscribe -np "$np" "$@"; fi
}
sk=$(pwd)/$work/skampi; imbx=$(cd "$imb" && pwd)/IMB-MPI1; osux=$(pwd)/$osu
# imb_col FILE NAME COL: "size value" of IMB's table NAME, column COL
imb_col() { awk -v b="$2" -v c="$3" '/^# Benchmarking/ { on = ($3 == b); next } on && /^ +[0-9]/ { print $1, $c }' "$1"; }
# osu_col FILE: "size value" of OSU's table (the lines that begin with a digit)
osu_col() { awk '/^[0-9]/ { print $1, $2 }' "$1"; }
out=$res/p2p-$impl.txt
{
  echo "# tools/bench/p2p_side_by_side.sh $impl: skampi by the tools' names beside the tools, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) processors"
  echo "# $($cc -v 2>&1 | grep -i 'mpich version\|open mpi' | head -n 1)"
  echo "# benchmark size skampi peer skampi/peer (t[usec] for IMB's PingPing*/PingPong*, us for osu_latency_mp, MB/s for the others)"
} > "$out.tmp"
compare() {   # NAME SKAMPI_PAIRS PEER_PAIRS: the joined lines and the median ratio
  printf '%s\n' "$2" > "$work/a"; printf '%s\n' "$3" > "$work/b"
  awk -v name="$1" 'NR == FNR { s[$1] = $2; next } ($1 in s) && $2 > 0 && s[$1] > 0 {
      r = s[$1] / $2; printf "%-22s %8s %12.2f %12.2f %8.3f\n", name, $1, s[$1], $2, r; rs[n++] = r }
    END { if (n == 0) { print name ": no common sizes"; exit }
      for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) if (rs[j] < rs[i]) { t = rs[i]; rs[i] = rs[j]; rs[j] = t }
      printf "%-22s median skampi/peer %.3f over %d sizes\n", name, (n % 2 ? rs[int(n / 2)] : (rs[n / 2 - 1] + rs[n / 2]) / 2), n }' \
    "$work/a" "$work/b" >> "$out.tmp"
}
# IMB-MPI1: the same sizes (0 .. 64 KiB), 1000 repetitions each in both
imbargs="-msglog 0:16 -iter 1000"
(cd "$work" && run 2 "$imbx" PingPing PingPingAnySource PingPongAnySource $imbargs -time 10 > imb2.out 2>&1)
(cd "$work" && run 2 "$sk" IMB-MPI1 PingPing PingPingAnySource PingPongAnySource $imbargs -o imb2.sko -q > sk2.out 2> sk2.err)
for b in PingPing PingPingAnySource PingPongAnySource; do
  compare "$b" "$(imb_col "$work/sk2.out" $b 3)" "$(imb_col "$work/imb2.out" $b 3)"
done
(cd "$work" && run 4 "$imbx" Biband -npmin 4 -msglog 0:16 -iter 200 -time 10 > imb4.out 2>&1)
(cd "$work" && run 4 "$sk" IMB-MPI1 Biband -msglog 0:16 -iter 200 -o imb4.sko -q > sk4.out 2> sk4.err)
compare Biband "$(imb_col "$work/sk4.out" Biband 3)" "$(imb_col "$work/imb4.out" Biband 3)"
# OSU: 1 B .. 64 KiB, 1000 windows each (OSU's default iterations; skampi: 1000 repetitions of one window)
for b in osu_bw_persistent osu_bibw_persistent; do
  (cd "$work" && run 2 "$osux/$b" -m 1:65536 -i 1000 > $b.peer 2>&1)
  (cd "$work" && run 2 "$sk" $b -m 1:65536 -i 1000 -o $b.sko -q > $b.sk 2> $b.err)
  compare $b "$(osu_col "$work/$b.sk")" "$(osu_col "$work/$b.peer")"
done
# osu_latency_mp (the default 2:2 children; OSU 7.4's rank 1 forks none, skampi's 2,
# doc/peers.md): 1 B .. 64 KiB, 1000 round trips each; the latency column
(cd "$work" && run 2 "$osux/osu_latency_mp" -m 1:65536 -i 1000 > latmp.peer 2>&1)
(cd "$work" && run 2 "$sk" osu_latency_mp -m 1:65536 -i 1000 -o latmp.sko -q > latmp.sk 2> latmp.err)
compare osu_latency_mp "$(osu_col "$work/latmp.sk")" "$(osu_col "$work/latmp.peer")"
# osu_mbw_mr -p 1 on 4 processes (2 idle): fewer sizes and windows (MPICH's idle ranks
# poll, on an oversubscribed host OSU's 1000 windows per size took minutes)
(cd "$work" && run 4 "$osux/osu_mbw_mr" -p 1 -m 1:4096 -i 100 > mbw.peer 2>&1)
(cd "$work" && run 4 "$sk" osu_mbw_mr -p 1 -m 1:4096 -i 100 -o mbw.sko -q > mbw.sk 2> mbw.err)
compare "osu_mbw_mr -p 1 (np 4)" "$(osu_col "$work/mbw.sk")" "$(osu_col "$work/mbw.peer")"
grep -h '^# \[ pairs' "$work/mbw.sk" "$work/mbw.peer" | sed 's/^/# pairs printed (skampi, then OSU): /' >> "$out.tmp"
# osu_init: the average time of MPI_Init, 3 launches each, alternating (2 processes)
for k in 1 2 3; do
  (cd "$work" && run 2 "$osux/osu_init" | sed -n 2p | sed 's/^/osu_init peer   /') >> "$out.tmp"
  (cd "$work" && run 2 "$sk" osu_init | sed -n 2p | sed 's/^/osu_init skampi /') >> "$out.tmp"
done
mv "$out.tmp" "$out"
cat "$out"
