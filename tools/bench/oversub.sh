#!/bin/sh
# tools/bench/oversub.sh [-t SECONDS] [-c] [-r] [MPI ...] -- more processes than cores (issue 16):
# runs ski/coll_catalogue.ski (57 collective suites, error target 3%, 16..32 repetitions)
# with 4 processes and, side by side, with 2, under each MPI (default: openmpi mpich; the
# ones installed). Every run gets at most SECONDS (default 300: the target is every suite
# within 5 minutes). With -c also Open MPI with 4 processes on a launcher that believes it
# has 4 slots (--host localhost:4, so it does not yield by itself), once as skampi sets
# mpi_yield_when_idle and once with SKAMPI_LIBRARY_YIELD=0 (busy polling): what applying
# the library's setting automatically is worth; and MPICH with 4 processes without the
# poll breaker (SKAMPI_YIELD_TIMER_US=0): what the breaker is worth. -r only writes the figures again from the
# runs in tools/bench/work/.
# Writes tools/bench/results/oversub.txt: per run the suites completed, the wall time, the
# median and 90th percentile of the relative standard errors (std error / time of every
# result line), the results marked as mostly scheduler time, and for the suites over the
# message length on all processes the ratio of the 4-process time to the 2-process time at
# 64 KiB and more (median and largest); the machine's load (uptime) before and after.
# The figures vary with the machine's load: run it on a quiet machine.
set -eu
cd "$(dirname "$0")/../.."
limit=300; compare=0; report_only=0
while [ $# -gt 0 ]; do
  case $1 in
    -t) limit=$2; shift 2 ;;
    -c) compare=1; shift ;;
    -r) report_only=1; shift ;;
    -*) echo "usage: $0 [-t SECONDS] [-c] [-r] [openmpi|mpich ...]" >&2; exit 2 ;;
    *) break ;;
  esac
done
impls=${*:-openmpi mpich}
ski=ski/coll_catalogue.ski
suites=$(grep -c '^begin measurement' "$ski")
work=tools/bench/work; res=tools/bench/results
mkdir -p "$work" "$res"
out=$res/oversub.txt
OMPI_ALLOW_RUN_AS_ROOT=1; OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM

# run NAME NP LAUNCH...: one run, its .sko in $work/NAME.sko and its wall time in NAME.time
run() {
  name=$1; np=$2; shift 2
  rm -f "$work/$name.sko"
  t0=$(date +%s.%N)
  timeout "$limit" "$@" -i "$ski" -o "$work/$name.sko" > "$work/$name.log" 2>&1 || true
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", b - a }' > "$work/$name.time"
}

# figures NAME NP: one line of figures of a finished run
figures() {
  awk -v name="$1" -v np="$2" -v suites="$suites" -v wall="$(cat "$work/$1.time")" '
    /^# duration = / { done++ }
    /^# \(mostly scheduler time/ { marked++ }
    /^[A-Za-z_]+= / && $4 > 0 { rse[n++] = $5 / $4 }
    END {
      # insertion sort (n is a few hundred)
      for (i = 1; i < n; i++) { v = rse[i]; for (j = i - 1; j >= 0 && rse[j] > v; j--) rse[j + 1] = rse[j]; rse[j + 1] = v }
      med = n ? rse[int((n - 1) / 2)] : 0; p90 = n ? rse[int(0.9 * (n - 1))] : 0
      printf "%-22s %3d %5d/%-3d %8.1f %8.2f%% %8.2f%% %7d %7d\n", name, np, done, suites, wall, 100 * med, 100 * p90, n, marked
    }' "$work/$1.sko"
}

# ratio NAME4 NAME2: 4-process over 2-process time for the length suites at >= 64 KiB
ratio() {
  awk '
    /^# begin result "/ { split($0, q, "\""); suite = q[2] }
    /^count= / && suite ~ /-length$/ && $3 >= 65536 { key = suite " " $2; if (FNR == NR) t4[key] = $4; else t2[key] = $4 }
    END {
      for (k in t4) if ((k in t2) && t2[k] > 0) { r[n++] = t4[k] / t2[k]; if (t4[k] / t2[k] > mx) mx = t4[k] / t2[k] }
      for (i = 1; i < n; i++) { v = r[i]; for (j = i - 1; j >= 0 && r[j] > v; j--) r[j + 1] = r[j]; r[j + 1] = v }
      if (n) printf "%d results at >= 64 KiB: 4-on-2 / 2-on-2 time median %.3g, largest %.3g\n", n, r[int((n - 1) / 2)], mx
      else print "no results at >= 64 KiB in both runs"
    }' "$1" "$2"
}

if [ $report_only = 1 ]; then
  load_before=$(sed -n 's/^# load before: *//p' "$out"); load_after=$(sed -n 's/^# load after: *//p' "$out")
else
rm -f "$work"/*-np*.time
load_before=$(uptime)
for impl in $impls; do
  cc=mpicc.$impl
  command -v "$cc" >/dev/null 2>&1 || { echo "skip $impl: $cc missing" >&2; continue; }
  "$cc" -O2 -o "$work/skampi-$impl" skampi_amalgam.c -lm
  for np in 2 4; do
    run "$impl-np$np" $np tools/mpirun.sh "$impl" $np "$work/skampi-$impl"
  done
  if [ "$impl" = openmpi ] && [ $compare = 1 ]; then
    run openmpi-np4-slots4 4 mpirun.openmpi --host localhost:4 -np 4 "$work/skampi-$impl"
    run openmpi-np4-slots4-busy 4 env SKAMPI_LIBRARY_YIELD=0 mpirun.openmpi --host localhost:4 -np 4 "$work/skampi-$impl"
  fi
  if [ "$impl" = mpich ] && [ $compare = 1 ]; then
    run mpich-np4-nobreaker 4 env SKAMPI_YIELD_TIMER_US=0 tools/mpirun.sh mpich 4 "$work/skampi-$impl"
  fi
done
load_after=$(uptime)
fi
{
  echo "# tools/bench/oversub.sh: $ski ($suites suites), at most $limit s per run; $(date -u -r "$work/$(ls "$work" | grep -m1 '\.time$')" '+%Y-%m-%d %H:%M UTC'), $(uname -n), $(nproc) processors online"
  echo "# load before: $load_before"
  echo "# load after:  $load_after"
  echo "# run                   np  suites      wall_s  med_rse  p90_rse  results  marked"
  for f in "$work"/*-np*.time; do
    name=$(basename "$f" .time)
    np=$(echo "$name" | sed 's/.*-np\([0-9]*\).*/\1/')
    [ -f "$work/$name.sko" ] && figures "$name" "$np"
  done
  for impl in $impls; do
    if [ -f "$work/$impl-np4.sko" ] && [ -f "$work/$impl-np2.sko" ]; then
      echo "# $impl: $(ratio "$work/$impl-np4.sko" "$work/$impl-np2.sko" 2>/dev/null || true)"
    fi
  done
  for impl in $impls; do
    [ -f "$work/$impl-np4.sko" ] && grep -h '^# \(oversubscription\|library polling\)' "$work/$impl-np4.sko" | sed "s/^# /# $impl np4: /"
  done
} > "$out"
cat "$out"
