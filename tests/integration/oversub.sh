#!/bin/sh
# tests/integration/oversub.sh IMPL -- oversubscription (issue 16) under mpirun with 4 processes: the
# header's "# oversubscription:" and "# library polling:" lines and the warnings on stderr.
# The processors are set by the test-only variable SKAMPI_TEST_PROCESSORS (honoured by
# builds with -DSKAMPI_TESTING), so the outcome does not depend on the machine: 2
# processors for 4 processes is oversubscribed, 8 is not. Under Open MPI also: skampi sets
# OMPI_MCA_mpi_yield_when_idle=1 before MPI_Init, leaves it when the user set it, and not
# with SKAMPI_LIBRARY_YIELD=0; under MPICH the poll breaker (a 100 us timer signal that
# yields) runs, SKAMPI_YIELD_TIMER_US sets its interval, 0 turns it off with a warning.
# No timing is asserted.
set -u
. "$(dirname "$0")/../lib.sh"
impl=$1
o=tests/out/oversub-$impl
rm -rf "$o"; mkdir -p "$o"
if ! bin=$(sk_binary testing "$impl"); then     # -O2 -DSKAMPI_TESTING, built by tests/run.sh
  fail "$impl oversub_build" "$(tail -n 3 "tests/out/build-skampi-testing-$impl.log")"; exit 0
fi
# run NAME PROCESSORS [VAR=VALUE ...]: 4 processes, header in NAME.sko, stderr in NAME.err
run() {
  name=$1; cpus=$2; shift 2
  env SKAMPI_TEST_PROCESSORS=$cpus "$@" timeout 300 tools/mpirun.sh "$impl" 4 "$bin" -i tests/ski/oversub.ski \
    -o "$o/$name.sko" 2> "$o/$name.err"
}
host=$(uname -n)

run crowded 2; st=$?
awk -v np=4 -v minrep=4 -v maxrep=8 -v maxnodes=16 -f tests/common/check_sko.awk "$o/crowded.sko" > "$o/crowded.check" 2>&1
say $(( st + $? )) "$impl oversub_run_completes" "exit $st: $(head -n 2 "$o/crowded.check")"
grep -q "^# oversubscription: yes on 1 of 1 host; most crowded: .* runs 4 processes on 2 processors (the union of their affinity masks)$" "$o/crowded.sko"
say $? "$impl oversub_detected_in_header" "$(grep '^# oversub' "$o/crowded.sko")"
grep -q "^# oversubscription: skampi's own waits (start windows, agreements, control messages) yield the processor$" "$o/crowded.sko"
say $? "$impl oversub_waits_yield_said" "$(grep '^# oversub' "$o/crowded.sko")"
grep -q "^# oversubscription: scheduler floor F = [0-9.]* us .*results of F or more are marked" "$o/crowded.sko"
say $? "$impl oversub_scheduler_floor_in_header" "$(grep '^# oversub' "$o/crowded.sko")"
grep -q "^skampi: warning: oversubscribed: host .* runs 4 processes on 2 processors; times include waiting for a processor$" "$o/crowded.err"
say $? "$impl oversub_warning" "$(cat "$o/crowded.err")"
[ "$(grep -c 'warning: oversubscribed:' "$o/crowded.err")" -eq 1 ]; say $? "$impl oversub_warned_once" "$(cat "$o/crowded.err")"
# every marked result has its line above it and counts in the footer
m=$(grep -c '^# (mostly scheduler time: ' "$o/crowded.sko")
if [ "$m" -gt 0 ]; then
  grep -q "^# oversubscription: $m results marked as mostly scheduler time$" "$o/crowded.sko" &&
    grep -q "skampi: warning: $m results are mostly scheduler time" "$o/crowded.err"
  say $? "$impl oversub_marked_results_counted" "$m marked, footer: $(grep 'results marked' "$o/crowded.sko")"
else
  ! grep -q "results marked as mostly scheduler time" "$o/crowded.sko"
  say $? "$impl oversub_marked_results_counted" "a footer count without marked results"
fi
case $impl in
  openmpi)
    grep -q "^# library polling: Open MPI mpi_yield_when_idle = 1 (set by skampi: the host is oversubscribed; SKAMPI_LIBRARY_YIELD=0 or OMPI_MCA_mpi_yield_when_idle=0 keeps busy polling)$" "$o/crowded.sko"
    say $? "$impl library_yield_applied" "$(grep '^# library' "$o/crowded.sko")"
    run user 2 OMPI_MCA_mpi_yield_when_idle=1
    grep -q "^# library polling: Open MPI mpi_yield_when_idle = 1 (set in the environment (OMPI_MCA_mpi_yield_when_idle), left as it is)$" "$o/user.sko"
    say $? "$impl library_yield_user_setting_kept" "$(grep '^# library' "$o/user.sko")"
    run declined 2 SKAMPI_LIBRARY_YIELD=0
    grep -q "^# library polling: Open MPI mpi_yield_when_idle = [01] (not set by skampi (SKAMPI_LIBRARY_YIELD=0))$" "$o/declined.sko"
    say $? "$impl library_yield_declined" "$(grep '^# library' "$o/declined.sko")" ;;
  mpich)
    grep -q "^# library polling: MPICH MPIR_CVAR_POLLS_BEFORE_YIELD = [0-9]*$" "$o/crowded.sko" &&
      grep -q "^# library polling: MPICH's ch4 device busy-polls while it waits and has no setting that yields" "$o/crowded.sko"
    say $? "$impl library_polling_explained" "$(grep '^# library' "$o/crowded.sko")"
    grep -q "^# library polling: poll breaker on: a timer signal every 100 us makes a process that spins in the MPI library give its processor away" "$o/crowded.sko" &&
      ! grep -q "busy-polls" "$o/crowded.err"
    say $? "$impl poll_breaker_on" "$(grep '^# library' "$o/crowded.sko"; cat "$o/crowded.err")"
    run breaker250 2 SKAMPI_YIELD_TIMER_US=250
    grep -q "^# library polling: poll breaker on: a timer signal every 250 us" "$o/breaker250.sko"
    say $? "$impl poll_breaker_interval_set" "$(grep '^# library' "$o/breaker250.sko")"
    run nobreaker 2 SKAMPI_YIELD_TIMER_US=0
    ! grep -q "poll breaker on" "$o/nobreaker.sko" &&
      grep -q "^skampi: warning: MPICH busy-polls and cannot be told to yield, and the poll breaker is off" "$o/nobreaker.err"
    say $? "$impl poll_breaker_off_warned" "$(grep '^# library' "$o/nobreaker.sko"; cat "$o/nobreaker.err")" ;;
esac

# 2 processes on this machine's own processors (no test count): Open MPI binds one to each
# core where there are two or more, a mask of one processor each; the library-polling
# line must agree with the oversubscription line (it once said "oversubscribed" beside
# "no", and the 2-process figures were measured with yielding on)
env timeout 300 tools/mpirun.sh "$impl" 2 "$bin" -i tests/ski/oversub.ski -o "$o/pair.sko" 2> "$o/pair.err"; st=$?
if grep -q "^# oversubscription: no " "$o/pair.sko"; then
  ! grep -q "set by skampi: the host is oversubscribed\|poll breaker on" "$o/pair.sko"
else
  grep -q "^# oversubscription: yes " "$o/pair.sko"
fi
say $(( st + $? )) "$impl library_polling_agrees_with_detection" "exit $st: $(grep '^# oversub\|^# library' "$o/pair.sko")"

run roomy 8; st=$?
grep -q "^# oversubscription: no on 0 of 1 host; fullest: .* runs 4 processes on 8 processors (the union of their affinity masks)$" "$o/roomy.sko"
say $(( st + $? )) "$impl oversub_not_detected_with_room" "exit $st: $(grep '^# oversub' "$o/roomy.sko")"
! grep -q "warning: oversubscribed\|busy-polls\|scheduler floor\|mostly scheduler" "$o/roomy.err" "$o/roomy.sko"
say $? "$impl oversub_no_warning_with_room" "$(cat "$o/roomy.err")"
