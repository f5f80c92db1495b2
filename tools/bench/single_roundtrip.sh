#!/bin/sh
# tools/bench/single_roundtrip.sh [MPI ...] -- one round trip per single measurement against
# many (issue 13, item 5), side by side in one run, per MPI (default: openmpi mpich, the
# ones installed), 2 processes:
#   skampi        Pingpong_Send_Recv with 1, 2, 10 and 100 round trips per single
#                 measurement (tools/bench/single_roundtrip.ski), the result column and
#                 the two processes' own mean times
#   rtt_plain     tools/bench/rtt_plain.c: steady state (100 round trips per timing), one
#                 round trip after a barrier, one round trip after a gather and a
#                 broadcast with the maximum over both processes (skampi's protocol)
# Every time is ONE full round trip in microseconds (halve it for IMB/OSU's one-way
# latency). Writes tools/bench/results/single_roundtrip.txt with the machine's load
# before and after; the figures mean something on a quiet machine only.
set -eu
cd "$(dirname "$0")/../.."
impls=${*:-openmpi mpich}
work=tools/bench/work; res=tools/bench/results
mkdir -p "$work" "$res"
out=$res/single_roundtrip.txt
OMPI_ALLOW_RUN_AS_ROOT=1; OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
{
  echo "# one round trip per single measurement vs many, 2 processes, $(date -u '+%Y-%m-%d %H:%M') UTC, $(uname -n), $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') processors"
  echo "# load before: $(uptime)"
  echo "# all times: one full round trip in us (skampi's time column; node0/node1: each process's mean)"
} > "$out"
for impl in $impls; do
  case $impl in openmpi) cc=mpicc.openmpi ;; mpich) cc=mpicc.mpich ;; *) cc=mpicc ;; esac
  command -v "$cc" > /dev/null 2>&1 || { echo "# $impl: $cc not found, skipped" >> "$out"; continue; }
  "$cc" -O2 -o "$work/skampi-$impl" skampi_amalgam.c -lm
  "$cc" -O2 -o "$work/rtt_plain-$impl" tools/bench/rtt_plain.c
  timeout 300 tools/mpirun.sh "$impl" 2 "$work/skampi-$impl" -q -i tools/bench/single_roundtrip.ski \
    -o "$work/single_roundtrip-$impl.sko" > "$work/single_roundtrip-$impl.log" 2>&1 || true
  timeout 300 tools/mpirun.sh "$impl" 2 "$work/rtt_plain-$impl" 300 > "$work/rtt_plain-$impl.txt" 2>&1 || true
  {
    echo
    echo "## $impl"
    echo "# skampi: suite                 bytes     time   node0   node1"
    awk '/^# begin result "/ { split($0, q, "\""); suite = q[2] }
         /^count= / { printf "  skampi  %-20s %7d %8.3f %7.3f %7.3f\n", suite, $2, $4, $7, $8 }' \
      "$work/single_roundtrip-$impl.sko"
    echo "# rtt_plain: method         bytes   median     mean"
    awk '!/^#/ && NF == 4 { printf "  plain   %-20s %7d %8.3f %8.3f\n", $1, $2, $3, $4 }' "$work/rtt_plain-$impl.txt"
  } >> "$out"
done
echo "# load after: $(uptime)" >> "$out"
cat "$out"
