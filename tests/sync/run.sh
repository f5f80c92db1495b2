#!/bin/sh
# tests/sync/run.sh -- builds tests/sync/test_sync.c (the amalgam tools/sk21f makes from
# split/ into tests/out/, included through -I with -DSKAMPI_TESTING like every C test;
# see the comment at its top) and runs it:
#   - each sync module (split/sync/sync_offsets.c, split/sync/sync_window.c) alone with -std=c89
#     -pedantic -Wall -Wextra -Werror, with and without -DSKAMPI_TESTING, for the Open MPI,
#     MPICH, sequential and RCCE backends (mpi.h's directories as -isystem);
#   - the driver with Open MPI (mpirun.openmpi --oversubscribe) and MPICH (mpiexec.mpich)
#     for each process count in NPS, with the sequential backend, and with the RCCE
#     backend under the host emulator (tools/rcce) for each count in NPS;
#   - with MPICH, tests/sync/sync_start_mpich.sh: skampi's synchronised-start MPI_Bcast
#     (128 B, 1 KiB) and MPI_Allreduce (256 ints) within 1.2x (+0.3 us) of a plain MPI
#     program that starts both ranks the same way, medians of 3 interleaved rounds.
# A missing MPI (compiler wrapper or launcher) is reported as "skip", not as a failure.
# Every run is bounded by `timeout`. Exit status 0 when everything passed.
#
# Usage: sh tests/sync/run.sh
# Environment: NPS="2 3 4 8" (process counts), MPIS="openmpi mpich seq rcce" (what to
# run), TIMEOUT=600 (seconds per run), CC=gcc (compiler of the seq and rcce builds).
set -u

. "$(dirname "$0")/../lib.sh"
here=$top/tests/sync
work=$(mktemp -d "${TMPDIR:-/tmp}/sync_test.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT INT TERM
nps=${NPS:-2 3 4 8}
mpis=${MPIS:-openmpi mpich seq rcce}
limit=${TIMEOUT:-600}
cc_plain=${CC:-gcc}
modules="sync/sync_offsets sync/sync_window"
amalgam_is_current || sk_amalgam || exit 1   # tests/run.sh made it


# compile_modules LABEL CC FLAGS...: every sync module alone, without warnings
compile_modules() {
    what=$1; compiler=$2; shift 2
    for mod in $modules; do
        for t in "" -DSKAMPI_TESTING; do
            # shellcheck disable=SC2046
            if sk_cc "$compiler" @warn -Werror -O2 $t "@layer:$mod.c" "$@" -c -o "$work/$(basename "$mod").o" "$top/split/$mod.c"; then
                pass "$what: split/$mod.c ${t:+($t) }compiles without warnings"
            else
                bad "$what: split/$mod.c ${t:+($t) }does not compile cleanly"
            fi
        done
    done
}

# check_output LABEL LOG STATUS: the driver's lines, and its verdict
check_output() {
    sed -n -e '/^ok /p' -e '/^FAIL /p' -e '/^info /p' -e '/^# /p' "$2"
    if [ "$3" -ne 0 ] || ! grep -q "^ok $1: 0 failure(s)" "$2"; then
        bad "$1 (exit status $3; log follows)"
        tail -n 20 "$2"
    fi
}

# run_mpi FLAVOUR N
run_mpi() {
    label="$1-$2"
    case $1 in
    openmpi) launch="mpirun.openmpi --oversubscribe --allow-run-as-root -np $2" ;;
    mpich) launch="mpiexec.mpich -n $2" ;;
    esac
    timeout "$limit" $launch "$work/test_sync_$1" "$label" >"$work/$label.log" 2>&1
    check_output "$label" "$work/$label.log" $?
}

for flavour in $mpis; do
    case $flavour in
    openmpi|mpich)
        cc=$(mpicc_of "$flavour")
        case $flavour in openmpi) launcher=mpirun.openmpi ;; mpich) launcher=mpiexec.mpich ;; esac
        if ! have "$cc" || ! have "$launcher"; then
            skip "$flavour" "$cc and $launcher"
            continue
        fi
        compile_modules "$flavour" "$cc" "@isystem:$flavour"
        if ! sk_cc "$cc" @warn @test "@isystem:$flavour" -O2 -o "$work/test_sync_$flavour" "$here/test_sync.c" @lm; then
            bad "$flavour: build of test_sync.c"
            continue
        fi
        for n in $nps; do run_mpi "$flavour" "$n"; done
        # MPICH only: skampi's synchronised-start collectives against the plain program that
        # starts the same way (tools/bench/plain_sync_start.c), medians of interleaved rounds
        if [ "$flavour" = mpich ]; then
            sh "$here/sync_start_mpich.sh" "$work/sync_start_mpich" > "$work/sync_start.log" 2>&1
            st=$?
            cat "$work/sync_start.log"
            [ "$st" -eq 0 ] || bad "mpich: skampi's synchronised start against the plain program (above)"
        fi
        ;;
    seq)
        compile_modules seq "$cc_plain" -DSKAMPI_SEQ
        if sk_cc "$cc_plain" @warn @test -DSKAMPI_SEQ -O2 -o "$work/test_sync_seq" "$here/test_sync.c" @lm; then
            timeout "$limit" "$work/test_sync_seq" seq >"$work/seq.log" 2>&1
            check_output seq "$work/seq.log" $?
        else
            bad "seq: build of test_sync.c"
        fi
        ;;
    rcce)
        rcce="$top/tools/rcce"
        if [ ! -f "$rcce/rcce_emu.c" ]; then
            skip rcce "$rcce/rcce_emu.c"
            continue
        fi
        compile_modules rcce "$cc_plain" @rcce
        if rccerun=$(sk_binary rccerun) \
            && sk_cc "$cc_plain" @warn @test -O2 @rcce -o "$work/test_sync_rcce" \
                "$here/test_sync.c" @rcce_emu @lm; then
            for n in $nps; do
                label="rcce-$n"
                timeout "$limit" "$rccerun" -nue "$n" "$work/test_sync_rcce" "$label" \
                    >"$work/$label.log" 2>&1
                check_output "$label" "$work/$label.log" $?
            done
        else
            bad "rcce: build of test_sync.c or rccerun"
        fi
        ;;
    *)
        bad "unknown entry '$flavour' in MPIS"
        ;;
    esac
done

if [ "$failed" -eq 0 ]; then
    pass "sync tests: all passed"
    exit 0
fi
fail "sync tests" "$failed failure(s)"
exit 1
