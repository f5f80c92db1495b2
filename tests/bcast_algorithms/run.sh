#!/bin/sh
# run.sh -- builds tests/bcast_algorithms/test_bcast_algos.c for one backend and runs it for the
# given process counts: the broadcasts of the SCC thesis (Pichler 2013 §5, §6) verified
# byte for byte, Bcast_Cube's round count, the ping-pongs, and the backend underneath.
#
# Usage: tests/bcast_algorithms/run.sh [-v] [-j JOBS] [--full | --sweep] BACKEND N...
#   BACKEND  openmpi | mpich | rcce | rcce32 | seq
#            (rcce: the host emulator in tools/rcce; rcce32 the same built with
#            -m32 -march=pentium like the SCC's cores; seq: n = 1 only)
#   N        a process count or a range, e.g. 1-8 or 1-48
#   --full   the full matrix of cases for every N (the default for Open MPI, for MPICH
#            up to as many processes as CPUs, and for the emulator up to 8 UEs)
#   --sweep  the smaller matrix (the default otherwise: one call per case; counts above
#            190000 only with the thesis' part/pipe sizes)
#   -j JOBS  run up to JOBS process counts at the same time (default 1; the emulator
#            spends most of its time waiting, so -j 4 shortens the 1-48 sweep)
#   -v       print every line of the test driver, not only the summaries and failures
# Environment: CC (rcce, seq; default cc), MPICC_OPENMPI, MPIRUN_OPENMPI, MPICC_MPICH,
# MPIEXEC_MPICH override the tools; TEST_TIMEOUT (seconds per run, default 900).
# Prints "ok ..." / "FAIL ..." lines; exits 1 if anything failed, 2 on bad usage.
set -u

. "$(dirname "$0")/../lib.sh"
here=$top/tests/bcast_algorithms
verbose=0
mode=auto
jobs=1
while [ $# -gt 0 ]; do
  case $1 in
    -v) verbose=1; shift ;;
    -j) [ $# -ge 2 ] || { echo "run.sh: -j needs a number" >&2; exit 2; }
        case $2 in ''|*[!0-9]*|0) echo "run.sh: bad -j $2" >&2; exit 2 ;; esac
        jobs=$2; shift 2 ;;
    --full) mode=full; shift ;;
    --sweep) mode=sweep; shift ;;
    -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
if [ $# -lt 2 ]; then
  sed -n '6,20p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
backend=$1
shift

work=$(mktemp -d "${TMPDIR:-/tmp}/skampi-bcast.XXXXXX" 2>/dev/null) || {
  work=${TMPDIR:-/tmp}/skampi-bcast.$$
  mkdir "$work" || exit 2
}
trap 'rm -rf "$work"' EXIT INT TERM

warnings="@warn -DSKAMPI_TESTING"
src="$here/test_bcast_algos.c"
prog="$work/test_bcast_algos"
root_flag=
[ "$(id -u)" = 0 ] && root_flag=--allow-run-as-root

case $backend in
  openmpi)
    # shellcheck disable=SC2086
    sk_cc "$(mpicc_of openmpi)" $warnings @isystem:openmpi @layer:measurements/meas_bcast_algos.c -O2 -o "$prog" "$src" @lm || exit 1
    launcher="${MPIRUN_OPENMPI:-mpirun.openmpi} $root_flag --oversubscribe -np" ;;
  mpich)
    # shellcheck disable=SC2086
    sk_cc "$(mpicc_of mpich)" $warnings @layer:measurements/meas_bcast_algos.c -O2 -o "$prog" "$src" @lm || exit 1
    launcher="${MPIEXEC_MPICH:-mpiexec.mpich} -n" ;;
  rcce|rcce32)
    arch=
    [ "$backend" = rcce32 ] && arch=@m32
    # shellcheck disable=SC2086
    sk_cc "${CC:-cc}" $warnings $arch -O2 @rcce @layer:measurements/meas_bcast_algos.c -o "$prog" "$src" @rcce_emu @lm || exit 1
    if [ -n "$arch" ]; then   # rccerun as the SCC's cores would run it; else the one of tests/run.sh
      sk_cc "${CC:-cc}" $arch -O2 -o "$work/rccerun" "$top/tools/rcce/rccerun.c" || exit 1
    else ln -s "$(sk_binary rccerun)" "$work/rccerun" || exit 1; fi
    # A deadlock ends the run instead of hanging it.
    RCCE_EMU_TIMEOUT=${RCCE_EMU_TIMEOUT:-120}
    export RCCE_EMU_TIMEOUT
    launcher="$work/rccerun -nue" ;;
  seq)
    # shellcheck disable=SC2086
    sk_cc "${CC:-cc}" $warnings @layer:measurements/meas_bcast_algos.c -O2 -DSKAMPI_SEQ -o "$prog" "$src" @lm || exit 1
    launcher= ;;
  *)
    echo "run.sh: unknown backend $backend (openmpi, mpich, rcce, rcce32, seq)" >&2
    exit 2 ;;
esac

timeout_cmd=
command -v timeout >/dev/null 2>&1 && timeout_cmd="timeout ${TEST_TIMEOUT:-900}"

# MPICH's processes poll without yielding: with more of them than CPUs the full matrix
# takes minutes per run.
cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null) || cpus=1
case $cpus in ''|*[!0-9]*) cpus=1 ;; esac

# The process counts, ranges expanded.
all_n=
for spec in "$@"; do
  case $spec in
    *-*) first=${spec%-*}; last=${spec#*-} ;;
    *) first=$spec; last=$spec ;;
  esac
  case "$first$last" in
    ''|*[!0-9]*) echo "run.sh: bad process count $spec" >&2; exit 2 ;;
  esac
  n=$first
  while [ "$n" -le "$last" ]; do
    all_n="$all_n $n"
    n=$((n + 1))
  done
done

options_for() {
  case $mode in
    sweep) echo -sweep ;;
    auto)
      case $backend in
        rcce|rcce32) [ "$1" -gt 8 ] && echo -sweep ;;
        mpich) [ "$1" -gt "$cpus" ] && echo -sweep ;;
      esac ;;
  esac
}

# One run: the log, the exit status and the seconds go to files in $work.
run_one() {
  n=$1
  opts=$(options_for "$n")
  log="$work/n$n.log"
  start=$(date +%s)
  if [ "$backend" = seq ]; then
    if [ "$n" = 1 ]; then
      # shellcheck disable=SC2086
      $timeout_cmd "$prog" seq $opts > "$log" 2>&1
      status=$?
    else
      echo "the sequential backend has exactly one process" > "$log"
      status=2
    fi
  else
    # shellcheck disable=SC2086
    $timeout_cmd $launcher "$n" "$prog" "$backend" $opts > "$log" 2>&1
    status=$?
  fi
  echo "$status $(( $(date +%s) - start ))" > "$work/n$n.status"
}

report_one() {
  n=$1
  opts=$(options_for "$n")
  log="$work/n$n.log"
  read -r status seconds < "$work/n$n.status"
  runs=$((runs + 1))
  if [ "$verbose" = 1 ]; then
    cat "$log"
  else
    grep '^FAIL' "$log"
  fi
  if [ "$status" = 0 ] && grep -q "^ok $backend n=$n: " "$log"; then
    echo "ok $backend n=$n${opts:+ ($opts)}: $(sed -n "s/^ok $backend n=$n: //p" "$log") [${seconds} s]"
  else
    failed=$((failed + 1))
    echo "FAIL $backend n=$n${opts:+ ($opts)}: exit status $status [${seconds} s]; last lines:"
    tail -n 5 "$log" | sed 's/^/    /'
  fi
}

# Runs go in batches of $jobs at a time (the emulator mostly waits, so several runs
# share the cores well); results are reported in the order of the process counts.
runs=0
batch=
for n in $all_n; do
  batch="$batch $n"
  # shellcheck disable=SC2086
  set -- $batch
  if [ $# -ge "$jobs" ]; then
    for m in $batch; do run_one "$m" & done
    wait
    for m in $batch; do report_one "$m"; done
    batch=
  fi
done
if [ -n "$batch" ]; then
  for m in $batch; do run_one "$m" & done
  wait
  for m in $batch; do report_one "$m"; done
fi

if [ "$failed" -gt 0 ]; then
  echo "FAIL $backend: $failed of $runs runs failed"
  exit 1
fi
echo "ok $backend: all $runs runs passed"
exit 0
