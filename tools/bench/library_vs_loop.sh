#!/bin/sh
# tools/bench/library_vs_loop.sh [BUILD ...] -- what the library (skampi.h) reads for short
# and waiting operations against plain loops timed in the same program (issue 39): the
# program tests/library/timing.c, linked against the sequential library object and each
# MPI's (default: seq openmpi mpich, the ones installed; the MPI ones with 1 process),
# run LVL_RUNS times (default 5), interleaved. Per operation the median over the runs of
# the library's reading and of the plain loop's (the median of 31 timings of 100,000
# calls, or of 31 sleeps), and their ratio:
#   sleep_5ms        nanosleep of 5 ms (wall time: the sequential build read 19.9 us for
#                    a 10 ms sleep with clock())
#   empty            an empty operation (the plain column: 0)
#   memcpy_4+sink    memcpy(dst, src, 4) and skampi_do_not_optimize(dst)
#   memcpy_n=4+sink  the same with the size read at run time (a call of memcpy)
#   paused_1ms_setup+spin_20us   20 us of work after a 1 ms sleep between skampi_pause and
#                    skampi_resume; the plain column: the work alone, through the library
#   chain_20000+sink / _no_sink  20,000 dependent multiply-adds, with and without the sink;
#                    the plain column: a loop whose result goes to a volatile
# Also the header's clock lines of the first run. Writes
# tools/bench/results/library_vs_loop.txt with the machine's load before and after.
set -eu
cd "$(dirname "$0")/../.."
builds=${*:-seq openmpi mpich}
runs=${LVL_RUNS:-5}
work=tools/bench/work; res=tools/bench/results
mkdir -p "$work" "$res"
out=$res/library_vs_loop.txt
tools/sk21f "$work/skampi_amalgam.c"
{
  echo "# the library against plain loops, $(date -u '+%Y-%m-%d %H:%M') UTC, $(uname -n), $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') processors, $runs runs"
  echo "# load before: $(uptime)"
  echo "# times in us: the median over the runs; ratio = library / plain"
} > "$out"
for b in $builds; do
  case $b in
    seq) cc=cc; flags=-DSKAMPI_SEQ; launch="" ;;
    openmpi) cc=mpicc.openmpi; flags=""; launch="tools/mpirun.sh openmpi 1" ;;
    mpich) cc=mpicc.mpich; flags=""; launch="tools/mpirun.sh mpich 1" ;;
    *) echo "# $b: unknown build, skipped" >> "$out"; continue ;;
  esac
  command -v "$cc" > /dev/null 2>&1 || { echo "# $b: $cc not found, skipped" >> "$out"; continue; }
  "$cc" -O2 $flags -DSKAMPI_LIBRARY -c -o "$work/lib-$b.o" "$work/skampi_amalgam.c"
  "$cc" -O2 -I"$work" -o "$work/timing-$b" tests/library/timing.c "$work/lib-$b.o" -lm
  rows=$work/library_vs_loop-$b.rows; : > "$rows"
  run=1
  while [ $run -le "$runs" ]; do
    # shellcheck disable=SC2086
    timeout 300 $launch "$work/timing-$b" "$work/library_vs_loop-$b.sko" > "$work/library_vs_loop-$b.log" 2>&1 || true
    awk -v run=$run '$1 == "compare" { print run, $2, $3, $4 }' "$work/library_vs_loop-$b.log" >> "$rows"
    [ $run = 1 ] && grep '^# clock\|^# timing of the simple\|^# empty call' "$work/library_vs_loop-$b.sko" > "$work/library_vs_loop-$b.head" || true
    run=$((run + 1))
  done
  {
    echo
    echo "## $b"
    sed 's/^/  /' "$work/library_vs_loop-$b.head" 2>/dev/null || true
    printf '%-46s %12s %12s %7s\n' operation library plain ratio
    for op in $(awk '{ print $2 }' "$rows" | awk '!seen[$0]++'); do
      lib=$(awk -v op="$op" '$2 == op { print $3 }' "$rows" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
      plain=$(awk -v op="$op" '$2 == op { print $4 }' "$rows" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
      awk -v op="$op" -v l="$lib" -v p="$plain" 'BEGIN { printf "%-46s %12.4f %12.4f %7s\n", op, l, p, (p > 0 ? sprintf("%.2f", l / p) : "-") }'
    done
  } >> "$out"
done
echo "# load after: $(uptime)" >> "$out"
cat "$out"
