#!/bin/sh
# tests/sync/run.sh -- builds tests/sync/test_sync.c (the amalgam tools/sk21f makes from
# split/ into tests/out/, included through -I with -DSKAMPI_TESTING like every C test;
# see the comment at its top) and runs it:
#   - each sync module (split/sync/sync_offsets.c, split/sync/sync_window.c) alone with -std=c89
#     -pedantic -Wall -Wextra -Werror, with and without -DSKAMPI_TESTING, for the Open MPI,
#     MPICH, sequential and RCCE backends (mpi.h's directories as -isystem);
#   - the driver with Open MPI (mpirun.openmpi --oversubscribe) and MPICH (mpiexec.mpich)
#     for each process count in NPS, with the sequential backend, and with the RCCE
#     backend under the host emulator (tools/rcce) for each count in NPS.
# A missing MPI (compiler wrapper or launcher) is reported as "skip", not as a failure.
# Every run is bounded by `timeout`. Exit status 0 when everything passed.
#
# Usage: sh tests/sync/run.sh
# Environment: NPS="2 3 4 8" (process counts), MPIS="openmpi mpich seq rcce" (what to
# run), TIMEOUT=600 (seconds per run), CC=gcc (compiler of the seq and rcce builds).
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/sync_test.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT INT TERM
nps=${NPS:-2 3 4 8}
mpis=${MPIS:-openmpi mpich seq rcce}
limit=${TIMEOUT:-600}
cc_plain=${CC:-gcc}
warn="-std=c89 -pedantic -Wall -Wextra"
modules="sync/sync_offsets sync/sync_window"
tflags="-DSKAMPI_TESTING -I$top/tests/out"
mkdir -p "$top/tests/out" && "$top/tools/sk21f" "$top/tests/out/skampi_amalgam.c" || exit 1
failures=0

say() { printf '%s\n' "$*"; }
bad() { say "FAIL $*"; failures=$((failures + 1)); }
have() { command -v "$1" >/dev/null 2>&1; }

# isystem FLAVOUR: -isystem options for the mpi.h of the wrapper (no warnings from it)
isystem() {
    case $1 in
    openmpi) dirs=$(mpicc.openmpi --showme:incdirs 2>/dev/null) ;;
    mpich) dirs=$(mpicc.mpich -show 2>/dev/null | tr ' ' '\n' | sed -n 's/^-I//p') ;;
    esac
    for d in $dirs; do printf ' -isystem %s' "$d"; done
}

# compile_modules LABEL CC FLAGS...: every sync module alone, without warnings
compile_modules() {
    what=$1; compiler=$2; shift 2
    for mod in $modules; do
        for t in "" -DSKAMPI_TESTING; do
            # shellcheck disable=SC2046
            if $compiler $warn -Werror -O2 $t $("$top/tools/sk21f" --include-flags "$mod.c") "$@" -c -o "$work/$(basename "$mod").o" "$top/split/$mod.c"; then
                say "ok $what: split/$mod.c ${t:+($t) }compiles without warnings"
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
        cc=mpicc.$flavour
        case $flavour in openmpi) launcher=mpirun.openmpi ;; mpich) launcher=mpiexec.mpich ;; esac
        if ! have "$cc" || ! have "$launcher"; then
            say "skip $flavour: $cc or $launcher not found"
            continue
        fi
        inc=$(isystem "$flavour")
        compile_modules "$flavour" "$cc" $inc
        if ! $cc $warn $tflags $inc -O2 -o "$work/test_sync_$flavour" "$here/test_sync.c" -lm; then
            bad "$flavour: build of test_sync.c"
            continue
        fi
        for n in $nps; do run_mpi "$flavour" "$n"; done
        ;;
    seq)
        compile_modules seq "$cc_plain" -DSKAMPI_SEQ
        if $cc_plain $warn $tflags -DSKAMPI_SEQ -O2 -o "$work/test_sync_seq" "$here/test_sync.c" -lm; then
            timeout "$limit" "$work/test_sync_seq" seq >"$work/seq.log" 2>&1
            check_output seq "$work/seq.log" $?
        else
            bad "seq: build of test_sync.c"
        fi
        ;;
    rcce)
        rcce="$top/tools/rcce"
        if [ ! -f "$rcce/rcce_emu.c" ]; then
            say "skip rcce: $rcce/rcce_emu.c not found"
            continue
        fi
        compile_modules rcce "$cc_plain" -DSKAMPI_RCCE -I"$rcce"
        if $cc_plain $warn -O2 -o "$work/rccerun" "$rcce/rccerun.c" \
            && $cc_plain $warn $tflags -O2 -DSKAMPI_RCCE -I"$rcce" -o "$work/test_sync_rcce" \
                "$here/test_sync.c" "$rcce/rcce_emu.c" -lm; then
            for n in $nps; do
                label="rcce-$n"
                timeout "$limit" "$work/rccerun" -nue "$n" "$work/test_sync_rcce" "$label" \
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

if [ "$failures" -eq 0 ]; then
    say "ok sync tests: all passed"
    exit 0
fi
say "FAIL sync tests: $failures failure(s)"
exit 1
