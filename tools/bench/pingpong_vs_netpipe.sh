#!/bin/sh
# tools/bench/pingpong_vs_netpipe.sh [openmpi|mpich] -- one-way ping-pong latency for
# 1 B .. 1 MiB measured by skampi and by NetPIPE (Debian's netpipe-openmpi /
# netpipe-mpich2) in the same run, on the same MPI, 2 processes. Writes per size the
# one-way time of each tool (skampi: round trip / 2; NetPIPE: its time column, which is
# half a round trip), their ratio, and the wall time each tool needed, to
# tools/bench/results/pingpong-<mpi>.txt. Claims about speed live here, not in tests.
set -eu
cd "$(dirname "$0")/../.."
impl=${1:-openmpi}
case $impl in
  openmpi) np_bin=NPopenmpi; cc=mpicc.openmpi ;;
  mpich) np_bin=NPmpich2; cc=mpicc.mpich ;;
  *) echo "usage: $0 [openmpi|mpich]" >&2; exit 2 ;;
esac
command -v $np_bin >/dev/null 2>&1 || { echo "$np_bin missing: apt-get install netpipe-openmpi netpipe-mpich2" >&2; exit 1; }
work=tools/bench/work; res=tools/bench/results
mkdir -p "$work" "$res"
$cc -O2 -o "$work/skampi-$impl" skampi_amalgam.c -lm
rm -f "$work/skampi-$impl.sko" "$work/np-$impl.out"
t0=$(date +%s.%N)
tools/mpirun.sh $impl 2 "$work/skampi-$impl" -i tools/bench/pingpong.ski -o "$work/skampi-$impl.sko" 2>/dev/null
t1=$(date +%s.%N)
(cd "$work" && ../../../tools/mpirun.sh $impl 2 $np_bin -p 0 -l 1 -u 1048576 -o "np-$impl.out" > "np-$impl.log" 2>&1)
t2=$(date +%s.%N)
out=$res/pingpong-$impl.txt
{
  echo "# ping-pong one-way latency, 2 processes, $impl, $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -n), $(nproc) cores"
  echo "# skampi: Pingpong_Send_Recv with 100 round trips per timing, ASEC (8..33 reps, 5%), time/2"
  echo "# NetPIPE: $np_bin -p 0 -l 1 -u 1048576 (its time column is one-way)"
  awk -v a="$t0" -v b="$t1" -v c="$t2" 'BEGIN { printf "# wall time: skampi %.1f s, NetPIPE %.1f s\n", b - a, c - b }'
  echo "# bytes  skampi_us  netpipe_us  skampi/netpipe"
  awk 'FNR == NR { if ($1 == "count=") sk[$2] = $4 / 2; next }
       { np[$1] = $3 * 1e6 }
       END { for (n = 1; n <= 1048576; n *= 2) if ((n in sk) && (n in np))
               printf "%8d %10.3f %11.3f %8.2f\n", n, sk[n], np[n], sk[n] / np[n] }' \
      "$work/skampi-$impl.sko" "$work/np-$impl.out"
} > "$out"
cat "$out"
