#!/bin/sh
# tools/bench/sync_cost.sh [IMPL] [P ...] -- cost and precision of skampi's clock offset
# estimation for P processes (default 2 4 8 16 32 64; more processes than cores are
# oversubscribed): the hierarchical method (Hunold and Carpen-Amarie, log2(P) rounds) and
# the linear one (SKaMPI 5 manual §6.2.1: rank 0 ping-pongs with each of the P-1 others in
# turn). One run of tools/bench/sync_cost.ski per P: its header holds the hierarchical
# estimate, its footer the linear one. Prints a table (Markdown) with, for each method,
# the estimation time, the largest residual of the re-measurement and the stated error
# bound (each the median of REPEAT runs, default 3), and the machine's load average,
# which the figures depend on.
#   IMPL: openmpi (default) or mpich. Environment: SKAMPI (a built skampi for IMPL;
#   default: built from skampi_amalgam.c into a temporary directory), TIMEOUT (600 s).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
impl=${1:-openmpi}; [ $# -gt 0 ] && shift
ps=${*:-2 4 8 16 32 64}
work=$(mktemp -d "${TMPDIR:-/tmp}/sync_cost.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT INT TERM
sk=${SKAMPI:-}
if [ -z "$sk" ]; then
  sk=$work/skampi
  "mpicc.$impl" -O2 -o "$sk" "$top/skampi_amalgam.c" -lm || exit 1
fi
echo "$impl on $(nproc) cores, $(uname -sr); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| P | hca rounds | hca time (ms) | hca max residual (us) | hca error bound (us) | linear rounds | linear time (ms) | linear max residual (us) | linear error bound (us) | load |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for p in $ps; do
 : > "$work/rows"
 r=0
 while [ $r -lt "${REPEAT:-3}" ]; do
  r=$((r + 1))
  rm -f "$work/out.sko"
  if ! timeout "${TIMEOUT:-600}" nice -n 10 "$top/tools/mpirun.sh" "$impl" "$p" "$sk" -i "$here/sync_cost.ski" -o "$work/out.sko" > "$work/log" 2>&1; then
    echo "| $p | (run failed: $(tail -n 1 "$work/log")) |"; continue
  fi
  load=$(cut -d' ' -f1 /proc/loadavg)
  awk -v p="$p" -v load="$load" '
    /processes \((hca|linear)\)/ {
      m = ($0 ~ /\(hca\)/) ? "hca" : "linear"
      for (i = 1; i <= NF; i++) {
        if ($i == "|residual|") res[m] = $(i + 1)
        if ($i == "bound") bound[m] = $(i + 1)
        if ($i == "in" && $(i - 1) == "estimated") t[m] = $(i + 1)
      }
    }
    END {
      r = 0; for (q = 1; q < p; q *= 2) r++
      print p, r, t["hca"], res["hca"], bound["hca"], p - 1, t["linear"], res["linear"], bound["linear"], load
    }' "$work/out.sko" >> "$work/rows"
 done
 # the median of the repetitions, column by column
 awk '{ for (i = 1; i <= NF; i++) v[i, NR] = $i; nf = NF } END {
   printf "|"; for (i = 1; i <= nf; i++) { n = 0; for (k = 1; k <= NR; k++) a[++n] = v[i, k] + 0
     for (x = 1; x <= n; x++) for (y = x + 1; y <= n; y++) if (a[y] < a[x]) { t = a[x]; a[x] = a[y]; a[y] = t }
     printf " %g |", (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
   printf "\n" }' "$work/rows"
done
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
