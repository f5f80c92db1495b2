#!/bin/sh
# tools/bench/original_side_by_side.sh SKAMPI504_SOURCE [RUNS] [FILES] -- the original
# SKaMPI 5.0.4's own input files, run unchanged by the original and by skampi side by side
# (interleaved, MPICH, 2 processes), every point compared.
#   SKAMPI504_SOURCE  the original's published source tree (main.c, m.c, lexer.c,
#                     parser.c, measurements/, ski/), built here with MPICH and
#                     -DUSE_MPI_IO -D_GNU_SOURCE. Open MPI 4 cannot build it: it calls MPI-1
#                     functions MPI-3 removed.
#   RUNS              interleaved runs of each program per file (default 3); each point's
#                     figure is the median over them
#   FILES             the original's ski files to run (default: skampi_pt2pt skampi_coll
#                     skampi_misc skampi_onesided; the .inc files they include are copied
#                     beside them). io.ski: tools/bench/results/original_io_ski.txt and
#                     tools/bench/seek_side_by_side.sh.
# skampi runs with SKAMPI_BUFFER_RULE=skampi5 (the original's buffer rule: the same points
# of every loop). A point is matched by its suite and its loop variables. Writes
# tools/bench/results/original-side-by-side-mpich.txt: per point both times in us and
# their ratio, "<<" or ">>" where one is more than 3x the other, then per file the counts;
# the figures mean something on a quiet machine only (its load is written before and
# after).
set -eu
cd "$(dirname "$0")/../.."
src=${1:?usage: tools/bench/original_side_by_side.sh SKAMPI504_SOURCE [RUNS] [FILES]}
runs=${2:-3}
files=${3:-skampi_pt2pt skampi_coll skampi_misc skampi_onesided}
work=tools/bench/work/original; res=tools/bench/results
mkdir -p "$work" "$res"
out=$res/original-side-by-side-mpich.txt
cc=mpicc.mpich
command -v "$cc" > /dev/null 2>&1 || { echo "$0: needs MPICH ($cc)" >&2; exit 2; }
[ -f "$src/main.c" ] && [ -f "$src/m.c" ] && [ -d "$src/measurements" ] && [ -d "$src/ski" ] ||
  { echo "$0: $src is not the original's source tree (main.c, m.c, measurements/, ski/)" >&2; exit 2; }
top=$(pwd)
(cd "$src" && $cc -O2 -w -D_GNU_SOURCE -DUSE_MPI_IO -I. -o "$top/$work/skampi504" \
  accounting.c autorefine.c compile.c debug.c exec.c main.c measurement.c mem.c misc.c output.c print.c \
  symboltable.c synchronize.c m.c lexer.c parser.c measurements/*.c -lm)
$cc -O2 -o "$work/skampi" skampi_amalgam.c -lm
cp "$src"/ski/*.inc "$src"/ski/*.ski "$work/"
load_before=$(uptime)
: > "$work/rows"; : > "$work/status"
run=1
while [ "$run" -le "$runs" ]; do   # interleaved: a change of the machine's speed hits both
  for f in $files; do
    for prog in skampi504 skampi; do
      o=$prog-$f-$run
      t0=$(date +%s)
      st=0
      (cd "$work" && rm -f "$o.sko" "$o.sko.log" &&
        SKAMPI_BUFFER_RULE=skampi5 timeout 1800 mpiexec.mpich -n 2 "./$prog" -i "$f.ski" -o "$o.sko" > "$o.out" 2>&1) || st=$?
      echo "$prog $f $run exit $st $(( $(date +%s) - t0 )) s" >> "$work/status"
      # "PROG FILE SUITE|VARS TIME": a data line is "VAR= value ... size time stderr reps ...";
      # the key is the suite and every "VAR= value" pair
      awk -v p="$prog" -v f="$f" '
        /^# begin result "/ { split($0, q, "\""); suite = q[2]; next }
        /^# end result/ { suite = ""; next }
        /^#/ || suite == "" || NF < 4 { next }
        {
          key = suite; i = 1
          while (i < NF && $i ~ /=$/) { key = key "|" $i $(i + 1); i += 2 }
          if (i + 1 > NF) next
          gsub(/ /, "_", key)
          print p, f, key, $(i + 1)
        }' "$work/$o.sko" >> "$work/rows" 2>/dev/null || true
    done
  done
  run=$((run + 1))
done
. tools/bench/median.sh
{
  echo "# the original SKaMPI 5.0.4 and skampi on the original's input files, MPICH, 2 processes,"
  echo "# $(date -u '+%Y-%m-%d %H:%M') UTC, $(uname -n); skampi with SKAMPI_BUFFER_RULE=skampi5"
  echo "# load before: $load_before"
  echo "# load after:  $(uptime)"
  echo "# runs:"; sed 's/^/#   /' "$work/status"
  echo "# time in us: the median over $runs interleaved runs of each point (its time column);"
  echo "# ratio skampi / original; '>>' skampi more than 3x the original, '<<' less than a third"
  printf '%-16s %-60s %12s %12s %8s\n' file "suite|loop variables" original skampi ratio
  for f in $files; do
    awk -v f="$f" '$2 == f { print $3 }' "$work/rows" | awk '!seen[$0]++' > "$work/keys"
    while read -r key; do
      o=$(awk -v f="$f" -v k="$key" '$1 == "skampi504" && $2 == f && $3 == k { print $4 }' "$work/rows" | median 3)
      s=$(awk -v f="$f" -v k="$key" '$1 == "skampi" && $2 == f && $3 == k { print $4 }' "$work/rows" | median 3)
      awk -v f="$f" -v k="$key" -v o="$o" -v s="$s" 'BEGIN {
        r = "-"; m = ""
        if (o != "-" && s != "-" && o + 0 > 0) { r = sprintf("%.2f", s / o); if (s / o > 3) m = " >>"; if (s / o < 1 / 3) m = " <<" }
        printf "%-16s %-60s %12s %12s %8s%s\n", f, k, o, s, r, m }'
    done < "$work/keys"
  done
  echo "# per file: points of both, of the original only, of skampi only, more than 3x apart"
  for f in $files; do
    awk -v f="$f" '$2 == f { n[$3] = n[$3] " " $1 }
      END { for (k in n) { o = index(n[k], "skampi504") > 0; s = (n[k] ~ / skampi( |$)/); if (o && s) b++; else if (o) oo++; else so++ }
            printf "#   %s: %d both, %d original only, %d skampi only\n", f, b, oo, so }' "$work/rows"
  done
} > "$out.tmp"
echo "#   more than 3x apart: $(grep -c ' [<>][<>]$' "$out.tmp") points" >> "$out.tmp"
mv "$out.tmp" "$out"
echo "$0: wrote $out"
