#!/bin/sh
# tools/bench/single_roundtrip.sh [MPI ...] -- one round trip per single measurement against
# many (issue 13, item 5), side by side in one run, per MPI (default: openmpi mpich, the
# ones installed), 2 processes:
#   skampi        Pingpong_Send_Recv with 1, 2, 10 and 100 round trips per single
#                 measurement (tools/bench/single_roundtrip.ski), the result column and
#                 the two processes' own mean times
#   rtt_plain     tools/bench/rtt_plain.c: steady state (100 round trips per timing), one
#                 round trip after a barrier, one round trip after a gather and a
#                 broadcast with the maximum over both processes (skampi's protocol), and
#                 the same with skampi's framing of a ping-pong (aligned)
# Each MPI runs both SRT_RUNS times (default 5), interleaved; the table gives the median
# of each figure, then the single/steady and skampi/plain ratios.
# Every time is ONE full round trip in microseconds (halve it for IMB/OSU's one-way
# latency). Writes tools/bench/results/single_roundtrip.txt with the machine's load
# before and after; the figures mean something on a quiet machine only.
set -eu
cd "$(dirname "$0")/../.."
impls=${*:-openmpi mpich}
runs=${SRT_RUNS:-5}          # runs per MPI; every figure is the median over them
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
  rows=$work/single_roundtrip-$impl.rows; : > "$rows"
  run=1
  while [ $run -le "$runs" ]; do   # interleaved: a change of the machine's speed hits both
    timeout 300 tools/mpirun.sh "$impl" 2 "$work/skampi-$impl" -q -i tools/bench/single_roundtrip.ski \
      -o "$work/single_roundtrip-$impl.sko" > "$work/single_roundtrip-$impl.log" 2>&1 || true
    timeout 300 tools/mpirun.sh "$impl" 2 "$work/rtt_plain-$impl" 300 > "$work/rtt_plain-$impl.txt" 2>&1 || true
    awk '/^# begin result "/ { split($0, q, "\""); suite = q[2] }
         /^count= / { printf "skampi %s %d %.3f %.3f %.3f\n", suite, $2, $4, $7, $8 }' \
      "$work/single_roundtrip-$impl.sko" >> "$rows"
    awk '!/^#/ && NF == 4 { printf "plain %s %d %.3f %.3f x\n", $1, $2, $3, $4 }' "$work/rtt_plain-$impl.txt" >> "$rows"
    run=$((run + 1))
  done
  {
    echo
    echo "## $impl (median of $runs runs)"
    echo "# skampi: suite                 bytes     time   node0   node1"
    echo "# plain:  method                bytes   median    mean"
    # the median over the runs of every column, rows in their first order
    awk '{ k = $1 " " $2 " " $3; if (!(k in n)) order[++m] = k; n[k]++
           for (c = 4; c <= 6; c++) v[k, c, n[k]] = $c }
         function med(k, c,   i, j, t, a, cnt) { cnt = n[k]; for (i = 1; i <= cnt; i++) a[i] = v[k, c, i]
           for (i = 1; i <= cnt; i++) for (j = i + 1; j <= cnt; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
           return a[int((cnt + 1) / 2)] }
         END { for (i = 1; i <= m; i++) { split(order[i], f, " ")
           if (f[1] == "skampi") printf "  skampi  %-20s %7d %8.3f %7.3f %7.3f\n", f[2], f[3], med(order[i], 4), med(order[i], 5), med(order[i], 6)
           else printf "  plain   %-20s %7d %8.3f %8.3f\n", f[2], f[3], med(order[i], 4), med(order[i], 5)
           if (f[1] == "skampi") t[f[2], f[3]] = med(order[i], 4); else p[f[2], f[3]] = med(order[i], 4) }
           split("1 1024 65536", sz, " ")
           line = "# one round trip against 100 per measurement (skampi):"; worst = 0
           for (i = 1; i <= 3; i++) { d = 100 * (t["iterations=1", sz[i]] / t["iterations=100", sz[i]] - 1)
             line = line sprintf(" %d B %+.0f%%", sz[i], d); if (d > worst) worst = d; if (-d > worst) worst = -d }
           print line
           printf "# largest difference %.0f%%: %s\n", worst, worst <= 20 ? "within 20% at every size" : "NOT within 20%"
           line = "# the plain loop with skampi'"'"'s framing (aligned) against its steady state:"
           for (i = 1; i <= 3; i++) line = line sprintf(" %d B %+.0f%%", sz[i], 100 * (p["aligned", sz[i]] / p["steady", sz[i]] - 1))
           print line
           line = "# skampi steady state against the plain loop:"
           for (i = 1; i <= 3; i++) line = line sprintf(" %d B %+.0f%%", sz[i], 100 * (t["iterations=100", sz[i]] / p["steady", sz[i]] - 1))
           print line }' "$rows"
  } >> "$out"
done
echo "# load after: $(uptime)" >> "$out"
cat "$out"
