#!/bin/sh
# tests/unit/run_sanitized.sh -- builds every unit test tests/unit/test_*.c (each a C file
# with its own main that includes the amalgam tools/sk21f makes in tests/out/ from split/
# as it is now, found through -Itests/out, and tests/unit/check.h; -DSKAMPI_TESTING as
# every test build) on the sequential backend with AddressSanitizer and
# UndefinedBehaviorSanitizer, runs it from the project root, and prints "ok NAME" or
# "FAIL NAME" per test. Exit status 1 if any test failed to build or run cleanly.
#
#   tests/unit/run_sanitized.sh [NAME...]      (default: every tests/unit/test_*.c)
#
# Binaries and logs go to tests/unit/build/ (the log of a failing test is printed).
# Environment: CC (default clang); SKAMPI_UNIT_LEAKS=warn (default: LeakSanitizer's
# report is shown after "ok", because tests may keep parse trees on purpose), =fail (a
# leak fails the test) or =0 (no leak checking); ASAN_OPTIONS / UBSAN_OPTIONS /
# LSAN_OPTIONS are extended, not replaced.
set -u
. "$(dirname "$0")/../lib.sh"

CC=${CC:-clang}
build=tests/unit/build
mkdir -p "$build" || exit 2
have "$CC" || { echo "run_sanitized.sh: $CC not found (set CC)" >&2; exit 2; }

leaks=${SKAMPI_UNIT_LEAKS:-warn}
case "$leaks" in
  warn) ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}"; LSAN_OPTIONS="exitcode=0:${LSAN_OPTIONS:-}" ;;
  fail) ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}"; LSAN_OPTIONS="${LSAN_OPTIONS:-}" ;;
  0) ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}"; LSAN_OPTIONS="${LSAN_OPTIONS:-}" ;;
  *) echo "run_sanitized.sh: SKAMPI_UNIT_LEAKS must be warn, fail or 0" >&2; exit 2 ;;
esac
UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
export ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS

if [ $# -gt 0 ]; then
  tests=""
  for n in "$@"; do n=${n%.c}; n=${n##*/}; tests="$tests tests/unit/$n.c"; done
else
  tests=$(ls tests/unit/test_*.c 2> /dev/null)
fi
[ -n "$tests" ] || { echo "run_sanitized.sh: no tests in tests/unit/" >&2; exit 2; }

amalgam_is_current || sk_amalgam || { echo "run_sanitized.sh: tools/sk21f failed" >&2; exit 2; }

# -O0: each test includes the whole amalgam, which clang -O1 with the sanitizers took
# 105 s to build on a busy 2-core machine (-O0: 14 s); unoptimised, every access is
# still there to check. Built side by side, one per processor; then run one by one.
for src in $tests; do
  [ -f "$src" ] || continue
  bin=$build/$(basename "$src" .c)
  sk_cc_bg "$bin.build.log" "$CC" -g -O0 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
    -DSKAMPI_SEQ @test -o "$bin" "$src" @lm
done
sk_bg_wait
for src in $tests; do
  name=$(basename "$src" .c)
  bin=$build/$name
  if [ ! -f "$src" ]; then
    echo "FAIL $name (no such file $src)"; failed=$((failed + 1)); continue
  fi
  if ! sk_cc_ok "$bin.build.log"; then
    echo "FAIL $name (build)"
    sed 's/^/    /' "$bin.build.log"
    failed=$((failed + 1))
    continue
  fi
  if "$bin" > "$bin.log" 2>&1; then
    leak=$(grep -m1 'SUMMARY: AddressSanitizer: .* leaked' "$bin.log")
    if [ -n "$leak" ]; then
      echo "ok $name (warning: ${leak#SUMMARY: AddressSanitizer: }; see $bin.log)"
    else
      echo "ok $name"
    fi
  else
    st=$?
    echo "FAIL $name (exit status $st)"
    grep -E '^FAIL|ERROR: |runtime error|SUMMARY' "$bin.log" | head -n 20 | sed 's/^/    /'
    echo "    (full log: $bin.log)"
    failed=$((failed + 1))
  fi
done
[ $failed -eq 0 ] || { echo "run_sanitized.sh: $failed test(s) failed"; exit 1; }
exit 0
