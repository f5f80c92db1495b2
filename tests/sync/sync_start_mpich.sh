#!/bin/sh
# tests/sync/sync_start_mpich.sh -- skampi's synchronised-start collectives against a plain
# MPI program that starts the same way (tools/bench/plain_sync_start.c, its "sync" mode: both
# ranks at one agreed clock time, an agreement between the calls, margin 5 us, 100 warm-up
# calls, the median of the max over the ranks), under MPICH, 2 processes bound to a core
# each (SKAMPI_BIND=core), ROUNDS interleaved rounds of both, the medians over the rounds
# compared (doc/manual.md "Benchmarks", tools/bench/mpich_sync_start.sh):
#   skampi <= RATIO * plain + SLACK_US
# for MPI_Bcast of 128 B (the run's first measurement), MPI_Bcast of 1 KiB and MPI_Allreduce
# of 256 MPI_INTs. The defects it catches: a warm-up of one call (until 2026-11-28), after
# which MPICH over UCX paid a page fault in each of the root's first 30-60 calls of a size
# class, 12-20 us each: the 128 B broadcast and the allreduce read 10-15 times the plain
# program (14.1 against 1.05 us, 13.1 against 2.77); and a system call between the
# agreement and the operation (getrusage in the wait) where system calls flush the TLB
# (kernel page-table isolation without PCID): 0.3-1 us more, caught where it exceeds the
# slack. Called by tests/sync/run.sh (MPIS with mpich); exit 0 when every check passed.
# Usage: sh tests/sync/sync_start_mpich.sh [WORKDIR]
set -u
. "$(dirname "$0")/../lib.sh"
ROUNDS=3          # interleaved rounds; the medians over them are compared
RATIO=1.2         # the issue's bound: skampi within 1.2x of the plain program ...
SLACK_US=0.3      # ... plus the jitter of one clock read and wake-up on a loaded 2-core VM
                  # (5-run medians read 0.97-1.05x at load 8.5; single rounds up to 1.35x)
work=${1:-$SK_OUT/sync_start_mpich}
mkdir -p "$work"
if ! have mpicc.mpich || ! have mpiexec.mpich; then
    skip "sync start against the plain program (MPICH)" "mpicc.mpich and mpiexec.mpich"
    exit 0
fi
amalgam_is_current || sk_amalgam > "$work/sk21f.log" 2>&1 || { bad "sync start: tools/sk21f failed"; finish; }
bin=$(sk_binary mpi mpich) || { bad "sync start: build of skampi with MPICH (see $bin's log)"; finish; }
if ! sk_cc mpicc.mpich -O2 -o "$work/plain_sync_start" "$top/tools/bench/plain_sync_start.c" > "$work/build.log" 2>&1; then
    bad "sync start: build of tools/bench/plain_sync_start.c (see $work/build.log)"
    finish
fi
SKAMPI_BIND=core; export SKAMPI_BIND
: > "$work/rows"
r=1
while [ "$r" -le "$ROUNDS" ]; do
    rm -f "$work/s.sko"*
    if timeout 300 "$top/tools/mpirun.sh" mpich 2 "$bin" -q -i "$top/tools/bench/mpich_sync_start.ski" \
        -o "$work/s.sko" > "$work/skampi-$r.log" 2>&1; then
        awk '/^# begin result "/ { split($0, q, "\""); b = q[2]; next }
            b == "Bcast" && /^count=/ { print "skampi bcast", $2, $4 }
            b == "Allreduce" && /^ *[0-9]/ { print "skampi allreduce 256", $2 }' "$work/s.sko" >> "$work/rows"
    else
        bad "sync start: skampi run $r failed (see $work/skampi-$r.log)"
    fi
    for op in "bcast 128" "bcast 1024" "allreduce 256"; do
        timeout 300 "$top/tools/mpirun.sh" mpich 2 "$work/plain_sync_start" $op 201 5 100 100 sync 2> "$work/plain-$r.log" |
            awk '{ print "plain", $2, $3, $4 }' >> "$work/rows"
    done
    r=$((r + 1))
done
. "$top/tools/bench/median.sh"
for k in "bcast 128" "bcast 1024" "allreduce 256"; do
    set -- $k
    s=$(awk -v o="$1" -v c="$2" '$1 == "skampi" && $2 == o && $3 == c { print $4 }' "$work/rows" | median 3)
    p=$(awk -v o="$1" -v c="$2" '$1 == "plain" && $2 == o && $3 == c { print $4 }' "$work/rows" | median 3)
    if [ "$s" = - ] || [ "$p" = - ]; then
        bad "sync start: $1 $2: no reading (skampi $s, plain $p; see $work)"
    elif awk -v s="$s" -v p="$p" -v r="$RATIO" -v sl="$SLACK_US" 'BEGIN { exit !(s <= r * p + sl) }'; then
        pass "sync start: MPICH $1 $2: skampi $s us <= $RATIO x plain $p us + $SLACK_US (medians of $ROUNDS interleaved rounds)"
    else
        bad "sync start: MPICH $1 $2: skampi $s us > $RATIO x plain $p us + $SLACK_US (medians of $ROUNDS interleaved rounds; $work/rows)"
    fi
done
finish
