#!/bin/sh
# tests/fuzz/run.sh -- builds and runs the front-end fuzzing harness tests/fuzz/fuzz_ski.c.
#
#   run.sh smoke              CI check, about a minute: clang + ASan/UBSan, the plain driver
#                             over every seed (tests/fuzz/corpus/*, ski/*) one by one, then
#                             batches of inputs from the harness's built-in mutator
#   run.sh afl MINUTES [JOBS] AFL++ for MINUTES (installs nothing: needs afl-fuzz and
#                             afl-clang-fast, e.g. apt-get install afl++); prints executions,
#                             speed, corpus size, crashes and hangs, and replays each crash
#   run.sh libfuzzer SECONDS  libFuzzer (clang -fsanitize=fuzzer) for SECONDS
#   run.sh replay FILE...     runs files through the ASan driver build, verbosely
#
# Everything is built and written under tests/fuzz/build/. The harness includes the
# amalgam tools/sk21f makes in tests/out/ (-Itests/out, as the unit tests), so it tests
# split/ as it is now.
# Environment: CC (default clang); SKAMPI_FUZZ_LEAKS=0 turns off LeakSanitizer;
# SKAMPI_FUZZ_ROUNDTRIP=0 / SKAMPI_FUZZ_LOCCHECK=0 turn off those oracles (see
# fuzz_ski.c); SMOKE_MUTANTS (default 10000 per batch), SMOKE_BATCHES (default 4),
# SMOKE_SEED (default 1) steer the smoke run.
# Exit status: 0 when nothing failed, 1 when something did, 2 on usage/tool problems.
set -u
orig=$(pwd)
here=$(dirname "$0")
top=$(cd "$here/../.." && pwd) || exit 2
cd "$top" || exit 2

build=tests/fuzz/build
corpus=tests/fuzz/corpus
dict=tests/fuzz/ski.dict
CC=${CC:-clang}
mode=${1:-smoke}

say() { printf '%s\n' "$*"; }
die() { printf 'run.sh: %s\n' "$*" >&2; exit 2; }

mkdir -p "$build" || die "cannot create $build"

leaks=1
[ "${SKAMPI_FUZZ_LEAKS:-1}" = 0 ] && leaks=0
ASAN_OPTIONS="detect_leaks=$leaks:abort_on_error=1:allocator_may_return_null=1:${ASAN_OPTIONS:-}"
UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
export ASAN_OPTIONS UBSAN_OPTIONS

# Fresh amalgam of split/, and the SKaMPI 4 reader when it is one of the modules.
prepare() {
  mkdir -p tests/out || die "cannot create tests/out"
  tools/sk21f tests/out/skampi_amalgam.c || die "tools/sk21f failed"
  p4=""
  if tools/sk21f --deps | grep -qx 'split/params4\.c'; then p4="-DSKAMPI_FUZZ_PARAMS4"; fi
}

# build OUTPUT COMPILER EXTRA-FLAGS...   (sh has no local variables: names are prefixed)
build_harness() {
  _b_out=$1; _b_cc=$2; shift 2
  # shellcheck disable=SC2086
  "$_b_cc" -g -O1 -DSKAMPI_SEQ -DSKAMPI_TESTING -Itests/out $p4 "$@" \
    -o "$_b_out" tests/fuzz/fuzz_ski.c -lm > "$_b_out.log" 2>&1 \
    || { cat "$_b_out.log" >&2; die "building $_b_out failed"; }
}

seeds() {
  for _f in "$corpus"/* ski/*; do [ -f "$_f" ] && printf '%s\n' "$_f"; done
}

# Copies the seeds that the given driver binary runs cleanly into directory $2.
stage_seeds() {
  _s_bin=$1; _s_dir=$2
  rm -rf "$_s_dir"; mkdir -p "$_s_dir"
  _s_n=0; _s_skipped=0
  for _s_f in $(seeds); do
    if "$_s_bin" "$_s_f" > /dev/null 2>&1; then
      cp "$_s_f" "$_s_dir/"; _s_n=$((_s_n + 1))
    else
      _s_skipped=$((_s_skipped + 1))
      say "  (seed $_s_f fails the harness; left out)"
    fi
  done
  say "staged $_s_n seeds in $_s_dir ($_s_skipped left out)"
}

first_failure() {
  grep -m1 -E 'FAILURE|ERROR: (AddressSanitizer|LeakSanitizer)|runtime error|Segmentation|Aborted' "$1" 2>/dev/null
}

case "$mode" in
smoke)
  command -v "$CC" > /dev/null 2>&1 || die "$CC not found (set CC)"
  prepare
  bin=$build/fuzz_ski
  say "building $bin with $CC, ASan + UBSan${p4:+ ($p4)}"
  build_harness "$bin" "$CC" -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
  # no symbolizer in the loops (slow on every leak report); "run.sh replay" symbolizes
  ASAN_OPTIONS="symbolize=0:$ASAN_OPTIONS"; export ASAN_OPTIONS
  fails=0; nseeds=0; passed=""
  for f in $(seeds); do
    nseeds=$((nseeds + 1))
    log=$build/seed.log
    if "$bin" "$f" > "$log" 2>&1; then
      passed="$passed $f"
    else
      fails=$((fails + 1))
      say "FAIL $f: $(first_failure "$log")"
    fi
  done
  say "seeds: $nseeds run, $fails failed"
  [ -n "$passed" ] || die "no seed passes; nothing to mutate"
  batches=${SMOKE_BATCHES:-4}
  mutants=${SMOKE_MUTANTS:-10000}
  seed=${SMOKE_SEED:-1}
  b=0
  while [ $b -lt "$batches" ]; do
    s=$((seed + b * 7919))
    log=$build/mutants-$s.log
    # shellcheck disable=SC2086
    if "$bin" -m "$mutants" -s "$s" -o "$build/last-input" $passed > "$log" 2>&1; then
      say "mutants (seed $s): $(tail -n 1 "$log")"
    else
      fails=$((fails + 1))
      cp "$build/last-input" "$build/crash-$s.ski"
      say "FAIL mutants (seed $s): $(first_failure "$log")"
      say "     reproducer: $build/crash-$s.ski (replay: tests/fuzz/run.sh replay $build/crash-$s.ski)"
    fi
    b=$((b + 1))
  done
  if [ $fails -ne 0 ]; then say "smoke: $fails failure(s)"; exit 1; fi
  say "smoke: ok"
  ;;

replay)
  shift
  [ $# -ge 1 ] || die "usage: run.sh replay FILE..."
  command -v "$CC" > /dev/null 2>&1 || die "$CC not found (set CC)"
  prepare
  bin=$build/fuzz_ski
  build_harness "$bin" "$CC" -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
  st=0
  for f in "$@"; do
    case "$f" in /*) ;; *) [ -f "$orig/$f" ] && f="$orig/$f" ;; esac
    "$bin" -v "$f" || st=1
  done
  exit $st
  ;;

afl)
  minutes=${2:-}
  jobs=${3:-1}
  [ -n "$minutes" ] || die "usage: run.sh afl MINUTES [JOBS]"
  command -v afl-fuzz > /dev/null 2>&1 || die "afl-fuzz not found; install AFL++ (e.g. apt-get install afl++)"
  aflcc=""
  for c in afl-clang-fast afl-cc; do command -v $c > /dev/null 2>&1 && { aflcc=$c; break; }; done
  [ -n "$aflcc" ] || die "afl-clang-fast not found"
  prepare
  bin=$build/fuzz_ski_afl
  say "building $bin with $aflcc (ASan + UBSan, persistent mode)"
  AFL_USE_ASAN=1 AFL_USE_UBSAN=1 AFL_QUIET=1
  export AFL_USE_ASAN AFL_USE_UBSAN AFL_QUIET
  build_harness "$bin" "$aflcc"
  # LeakSanitizer is off under AFL (it would only report at exit of a persistent
  # process); leaks are libFuzzer's and smoke's business.
  ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:symbolize=0:allocator_may_return_null=1"
  export ASAN_OPTIONS
  stage_seeds "$bin" "$build/afl-in"
  out=$build/afl-out
  secs=$((minutes * 60))
  export AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_AUTORESUME=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
  say "fuzzing for $minutes minute(s) with $jobs job(s); output in $out"
  j=1
  while [ $j -lt "$jobs" ]; do
    afl-fuzz -S "s$j" -V "$secs" -i "$build/afl-in" -o "$out" -x "$dict" -m none -t 1000 \
      -- "$bin" > "$build/afl-s$j.log" 2>&1 &
    j=$((j + 1))
  done
  afl-fuzz -M main -V "$secs" -i "$build/afl-in" -o "$out" -x "$dict" -m none -t 1000 \
    -- "$bin" > "$build/afl-main.log" 2>&1
  wait
  total_execs=0; total_crashes=0; total_hangs=0
  for stats in "$out"/*/fuzzer_stats; do
    [ -f "$stats" ] || continue
    inst=$(basename "$(dirname "$stats")")
    get() { sed -n "s/^$1 *: *//p" "$stats" | head -n 1; }
    execs=$(get execs_done); speed=$(get execs_per_sec); corp=$(get corpus_count)
    [ -n "$corp" ] || corp=$(get paths_total)
    cr=$(get saved_crashes); [ -n "$cr" ] || cr=$(get unique_crashes)
    hg=$(get saved_hangs); [ -n "$hg" ] || hg=$(get unique_hangs)
    rt=$(get run_time)
    say "afl $inst: run_time ${rt}s, execs $execs, ${speed} exec/s, corpus $corp, crashes $cr, hangs $hg, edges $(get edges_found)/$(get total_edges)"
    total_execs=$((total_execs + ${execs:-0})); total_crashes=$((total_crashes + ${cr:-0})); total_hangs=$((total_hangs + ${hg:-0}))
  done
  say "afl total: execs $total_execs, crashes $total_crashes, hangs $total_hangs"
  if [ "$total_crashes" -gt 0 ] || [ "$total_hangs" -gt 0 ]; then
    ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:allocator_may_return_null=1"
    for f in "$out"/*/crashes/id* "$out"/*/hangs/id*; do
      [ -f "$f" ] || continue
      "$bin" "$f" > "$build/replay.log" 2>&1
      say "  $f: $(first_failure "$build/replay.log")"
    done
    exit 1
  fi
  ;;

libfuzzer)
  secs=${2:-60}
  command -v "$CC" > /dev/null 2>&1 || die "$CC not found (set CC)"
  prepare
  drv=$build/fuzz_ski
  build_harness "$drv" "$CC" -fsanitize=address,undefined -fno-sanitize-recover=all
  bin=$build/fuzz_ski_lf
  say "building $bin with $CC -fsanitize=fuzzer,address,undefined"
  build_harness "$bin" "$CC" -DSKAMPI_FUZZ_LIBFUZZER -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
  stage_seeds "$drv" "$build/lf-seeds"
  mkdir -p "$build/lf-corpus" "$build/lf-artifacts"
  "$bin" -max_total_time="$secs" -detect_leaks="$leaks" -dict="$dict" -max_len=16384 -timeout=10 -print_final_stats=1 \
    -artifact_prefix="$build/lf-artifacts/" "$build/lf-corpus" "$build/lf-seeds" > "$build/libfuzzer.log" 2>&1
  st=$?
  grep -E '^(stat::|Done|#[0-9]+ *DONE)' "$build/libfuzzer.log"
  if [ $st -ne 0 ]; then
    say "libFuzzer found a failure: $(first_failure "$build/libfuzzer.log")"
    ls "$build"/lf-artifacts/ 2>/dev/null
    exit 1
  fi
  ;;

*)
  die "usage: run.sh smoke | afl MINUTES [JOBS] | libfuzzer SECONDS | replay FILE..."
  ;;
esac
exit 0
