#!/bin/sh
# test_rcce_emu.sh - builds the RCCE/iRCCE host emulator, its launcher and
# its test program (tests/rcce/test_rcce_emu.c) with gcc, clang and
# gcc -m32 -march=pentium (warnings are errors), and runs the tests under
# rccerun for 1, 2, 5 and 48 UEs, the mesh ping-pong check and the failure
# modes.  Every run is bounded by `timeout`.
#
# Usage: sh tests/rcce/test_rcce_emu.sh      (from anywhere)
# Environment: CONFIGS="gcc clang m32" to choose builds; UE_COUNTS="1 2 5 48".
# Build products go to a temporary directory that is removed at the end.
# Exit status 0 when everything passed.

set -u

. "$(dirname "$0")/../lib.sh"
here=$top/tests/rcce          # the test program
rcce=$top/tools/rcce          # the emulator and its launcher
work=$(mktemp -d "${TMPDIR:-/tmp}/rcce_emu_test.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT INT TERM
configs=${CONFIGS:-gcc clang m32}
ue_counts=${UE_COUNTS:-1 2 5 48}


compiler_of() {
    case $1 in
    gcc) echo "gcc" ;;
    clang) echo "clang" ;;
    m32) echo "gcc @m32" ;;
    esac
}

# build CONFIG: puts rccerun and test_rcce_emu into $work/CONFIG/
build() {
    cc=$(compiler_of "$1")
    dir="$work/$1"
    mkdir -p "$dir"
    if ! have "${cc%% *}"; then
        bad "build $1: ${cc%% *} not found"
        return 1
    fi
    # shellcheck disable=SC2086
    if sk_cc "${cc%% *}" ${cc#"${cc%% *}"} @warn -Werror -O2 -I"$rcce" -o "$dir/test_rcce_emu" \
            "$here/test_rcce_emu.c" "$rcce/rcce_emu.c" \
        && sk_cc "${cc%% *}" ${cc#"${cc%% *}"} @warn -Werror -O2 -o "$dir/rccerun" "$rcce/rccerun.c"; then
        pass "build $1 ($cc)"
        return 0
    fi
    bad "build $1 ($cc)"
    return 1
}

# run_suite CONFIG N [model]: the suite on N UEs (model: under RCCE_EMU_TIME=model)
run_suite() {
    time_mode=${3:-}
    dir="$work/$1"
    log="$work/$1.suite.$2$time_mode.log"
    segdir="$work/seg.$1.$2$time_mode"
    mkdir -p "$segdir"
    # shellcheck disable=SC2086
    RCCE_EMU_TIME="$time_mode" TMPDIR="$segdir" timeout 600 $run "$dir/rccerun" -nue "$2" \
        $run "$dir/test_rcce_emu" >"$log" 2>&1
    rc=$?
    summary=$(grep '^ok all:\|^FAIL all:' "$log")
    if [ $rc -eq 0 ] && grep -q '^ok all' "$log" \
            && ! grep -q '^FAIL' "$log"; then
        pass "suite $1 N=$2 $time_mode: $summary"
    else
        bad "suite $1 N=$2 $time_mode (exit $rc); log:"
        sed 's/^/    /' "$log"
    fi
    if [ -n "$(ls -A "$segdir")" ]; then
        bad "suite $1 N=$2 left files in TMPDIR: $(ls "$segdir")"
    fi
}

# run_failure CONFIG N MODE: the launcher must fail, quickly
run_failure() {
    dir="$work/$1"
    log="$work/$1.fail.$2.$3.log"
    segdir="$work/seg.$1.$2.$3"
    mkdir -p "$segdir"
    start=$(date +%s)
    # shellcheck disable=SC2086
    TMPDIR="$segdir" RCCE_EMU_TIMEOUT=2 timeout 60 $run "$dir/rccerun" -nue "$2" \
        $run "$dir/test_rcce_emu" "$3" >"$log" 2>&1
    rc=$?
    took=$(( $(date +%s) - start ))
    if [ $rc -ne 0 ] && [ $rc -ne 124 ] && [ $took -lt 30 ]; then
        pass "failure mode $3 $1 N=$2: rccerun exit $rc after ${took}s:" \
            "$(grep -m1 'rcce_emu:\|rccerun: UE' "$log")"
    else
        bad "failure mode $3 $1 N=$2: exit $rc after ${took}s; log:"
        sed 's/^/    /' "$log"
    fi
    if [ -n "$(ls -A "$segdir")" ]; then
        bad "failure mode $3 $1 N=$2 left files in TMPDIR"
    fi
}

for config in $configs; do
    build "$config" || continue
    dir="$work/$config"
    run=""        # the m32 programs run under qemu-i386 where the kernel cannot run them
    if [ "$config" = m32 ] && ! run=$(sk_m32_run); then
        skip "runs of m32" "a kernel with IA32 emulation or qemu-i386 (qemu-user)"
        continue
    fi

    # without rccerun: one UE in private memory
    # shellcheck disable=SC2086
    if timeout 120 $run "$dir/test_rcce_emu" >"$work/$config.alone.log" 2>&1 \
            && grep -q '^ok all' "$work/$config.alone.log"; then
        pass "suite $config without rccerun (1 UE)"
    else
        bad "suite $config without rccerun; log:"
        sed 's/^/    /' "$work/$config.alone.log"
    fi

    for n in $ue_counts; do
        run_suite "$config" "$n"
    done
    # the suite under virtual time (RCCE_EMU_TIME=model), 5 UEs
    run_suite "$config" 5 model

    # mesh model: 0<->1 fastest, 0<->47 slowest, under the virtual time of
    # the cost model (RCCE_EMU_TIME=model): on a loaded 2-core host the real
    # time of 48 UEs measures the scheduler, not the modelled distance
    log="$work/$config.mesh.log"
    # shellcheck disable=SC2086
    if RCCE_EMU_TIME=model timeout 120 $run "$dir/rccerun" -nue 48 \
            $run "$dir/test_rcce_emu" --pingpong >"$log" 2>&1; then
        pass "mesh ping-pong $config N=48:" \
            "$(grep pingpong "$log" | sed 's/pingpong //; s/ round trip//' \
               | tr '\n' ';')"
    else
        bad "mesh ping-pong $config; log:"
        sed 's/^/    /' "$log"
    fi

    for mode in --die --early-exit --mismatch --deadlock; do
        run_failure "$config" 2 "$mode"
        run_failure "$config" 48 "$mode"
    done
done

# launcher usage errors
if [ -x "$work/gcc/rccerun" ]; then
    for args in "" "-nue" "-nue 0 /bin/true" "-nue 49 /bin/true" \
            "-nue 2"; do
        # shellcheck disable=SC2086
        if "$work/gcc/rccerun" $args >/dev/null 2>&1; then
            bad "rccerun accepted bad arguments: '$args'"
        fi
    done
    if "$work/gcc/rccerun" -nue 3 -f hostfile /bin/true \
        && ! "$work/gcc/rccerun" -nue 3 /bin/false 2>/dev/null \
        && ! "$work/gcc/rccerun" -nue 2 /nonexistent/program 2>/dev/null
    then
        pass "rccerun arguments and exit status"
    else
        bad "rccerun exit status"
    fi
fi

if [ $failed -eq 0 ]; then
    note "ALL PASSED"
    exit 0
fi
note "$failed FAILURE(S)"
exit 1
