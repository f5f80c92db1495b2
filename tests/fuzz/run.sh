#!/bin/sh
# tests/fuzz/run.sh -- builds and runs the fuzzing harnesses of skampi's readers:
#   ski      the .ski parser (tests/fuzz/fuzz_ski.c; seeds tests/fuzz/corpus/, ski/*.ski)
#   params4  the SKaMPI 4 parameter-file reader (fuzz_params4.c; corpus-params4/, ski/*.par)
#   sko      the .sko reader behind -m (fuzz_sko.c; corpus-sko/)
#   cli      the command-line option parser (fuzz_cli.c; corpus-cli/)
# each with its dictionary tests/fuzz/READER.dict.
#
#   run.sh smoke [READER...]  CI check, a minute or two for all four: clang + ASan/UBSan,
#                             the plain driver over every seed one by one, then batches of
#                             inputs from the harness's built-in mutator
#   run.sh afl MINUTES [JOBS] AFL++ on the .ski parser for MINUTES (READER=... for another
#                             reader; installs nothing: needs afl-fuzz and afl-clang-fast)
#   run.sh libfuzzer SECONDS [READER]   libFuzzer (clang -fsanitize=fuzzer) for SECONDS
#   run.sh campaign READER RUNS SECONDS  libFuzzer until RUNS executions or SECONDS, then
#                             the coverage of the reader's modules over the corpus it
#                             grew (llvm-cov, when installed); the figures go to
#                             tests/fuzz/build/campaign-READER.txt (make fuzz-campaign)
#   run.sh replay [READER] FILE...     runs files through the ASan driver build, verbosely
#
# Everything is built and written under tests/fuzz/build/. The harnesses include the
# amalgam tools/sk21f makes in tests/out/ (-Itests/out, as the unit tests), so they test
# split/ as it is now.
# Environment: CC (default clang); SKAMPI_FUZZ_LEAKS=0 turns off LeakSanitizer;
# SKAMPI_FUZZ_ROUNDTRIP=0 / SKAMPI_FUZZ_LOCCHECK=0 turn off those oracles (see
# fuzz_common.h); SMOKE_MUTANTS (default 10000 per batch for ski, 3000 for the others),
# SMOKE_BATCHES (default 4 for ski, 2 for the others), SMOKE_SEED (default 1) steer the
# smoke run; FUZZ_OPT the harnesses' optimisation (default -O1, smoke -O0); NICE (e.g. "nice -n 19") prefixes the
# fuzzing processes; FUZZ_TIMEOUT (default 10 s) is libFuzzer's time limit per input --
# at nice 19 on a loaded machine an input may wait longer than that for a processor
# (`make fuzz-campaign` gives 60 s; replay an input reported as a timeout to see).
# Exit status: 0 when nothing failed, 1 when something did, 2 on usage/tool problems.
set -u
orig=$(pwd)
. "$(dirname "$0")/../lib.sh"

build=tests/fuzz/build
CC=${CC:-clang}
mode=${1:-smoke}
# the harnesses' optimisation: -O1 where the speed per input matters; the smoke run
# unoptimised (the same inputs and verdicts, 114 s instead of 208 s for the four readers
# on 2 cores, most of it the builds)
case $mode in smoke) fuzz_opt=${FUZZ_OPT:--O0} ;; *) fuzz_opt=${FUZZ_OPT:--O1} ;; esac
readers="ski params4 sko cli"
NICE=${NICE:-}

die() { printf 'run.sh: %s\n' "$*" >&2; exit 2; }

mkdir -p "$build" || die "cannot create $build"

leaks=1
[ "${SKAMPI_FUZZ_LEAKS:-1}" = 0 ] && leaks=0
ASAN_OPTIONS="detect_leaks=$leaks:abort_on_error=1:allocator_may_return_null=1:${ASAN_OPTIONS:-}"
UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
export ASAN_OPTIONS UBSAN_OPTIONS

# Fresh amalgam of split/.
prepare() {
  amalgam_is_current || sk_amalgam || die "tools/sk21f failed"
}

# use READER: sets harness, corpus, dict and the seed files of that reader
use() {
  reader=$1
  case " $readers " in *" $reader "*) ;; *) die "unknown reader '$reader' (readers: $readers)" ;; esac
  harness=tests/fuzz/fuzz_$reader.c
  dict=tests/fuzz/$reader.dict
  if [ "$reader" = ski ]; then corpus=tests/fuzz/corpus; else corpus=tests/fuzz/corpus-$reader; fi
  case $reader in
    ski) extra="ski/*.ski tests/ski/*.ski" ;;
    params4) extra="ski/*.par" ;;
    *) extra="" ;;
  esac
}

# build OUTPUT COMPILER EXTRA-FLAGS...   (sh has no local variables: names are prefixed)
build_harness() {
  _b_out=$1; _b_cc=$2; shift 2
  # shellcheck disable=SC2086
  sk_cc "$_b_cc" -g "$fuzz_opt" -DSKAMPI_SEQ @test "$@" \
    -o "$_b_out" "$harness" @lm > "$_b_out.log" 2>&1 \
    || { cat "$_b_out.log" >&2; die "building $_b_out failed"; }
}

seeds() {
  # shellcheck disable=SC2086
  for _f in "$corpus"/* $extra; do [ -f "$_f" ] && printf '%s\n' "$_f"; done
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
      note "  (seed $_s_f fails the harness; left out)"
    fi
  done
  note "staged $_s_n seeds in $_s_dir ($_s_skipped left out)"
}

first_failure() {
  grep -m1 -E 'FAILURE|ERROR: (AddressSanitizer|LeakSanitizer)|runtime error|Segmentation|Aborted' "$1" 2>/dev/null
}

case "$mode" in
smoke)
  shift
  have "$CC" || die "$CC not found (set CC)"
  prepare
  # no symbolizer in the loops (slow on every leak report); "run.sh replay" symbolizes
  ASAN_OPTIONS="symbolize=0:$ASAN_OPTIONS"; export ASAN_OPTIONS
  fails=0
  for r in ${*:-$readers}; do
  use "$r"
  bin=$build/fuzz_$reader
  note "building $bin with $CC, ASan + UBSan"
  build_harness "$bin" "$CC" -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
  nseeds=0; nfail=0; passed=""
  for f in $(seeds); do
    nseeds=$((nseeds + 1))
    log=$build/seed.log
    if $NICE "$bin" "$f" > "$log" 2>&1; then
      passed="$passed $f"
    else
      fails=$((fails + 1)); nfail=$((nfail + 1))
      note "FAIL $reader $f: $(first_failure "$log")"
    fi
  done
  note "$reader seeds: $nseeds run, $nfail failed"
  [ -n "$passed" ] || die "no $reader seed passes; nothing to mutate"
  # the .ski parser as before (4 x 10000); the other readers 2 x 3000 each
  if [ "$reader" = ski ]; then batches=${SMOKE_BATCHES:-4}; mutants=${SMOKE_MUTANTS:-10000}
  else batches=${SMOKE_BATCHES:-2}; mutants=${SMOKE_MUTANTS:-3000}; fi
  seed=${SMOKE_SEED:-1}
  b=0
  while [ $b -lt "$batches" ]; do
    s=$((seed + b * 7919))
    log=$build/mutants-$reader-$s.log
    # shellcheck disable=SC2086
    if $NICE "$bin" -m "$mutants" -s "$s" -o "$build/last-input" $passed > "$log" 2>&1; then
      note "$reader mutants (seed $s): $(tail -n 1 "$log")"
    else
      fails=$((fails + 1))
      cp "$build/last-input" "$build/crash-$reader-$s"
      note "FAIL $reader mutants (seed $s): $(first_failure "$log")"
      note "     reproducer: $build/crash-$reader-$s (replay: tests/fuzz/run.sh replay $reader $build/crash-$reader-$s)"
    fi
    b=$((b + 1))
  done
  done
  if [ $fails -ne 0 ]; then note "smoke: $fails failure(s)"; exit 1; fi
  note "smoke: ok"
  ;;

replay)
  shift
  r=ski
  case " $readers " in *" ${1:-} "*) r=$1; shift ;; esac
  [ $# -ge 1 ] || die "usage: run.sh replay [READER] FILE..."
  have "$CC" || die "$CC not found (set CC)"
  prepare
  use "$r"
  bin=$build/fuzz_${reader}
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
  use "${READER:-ski}"
  bin=$build/fuzz_${reader}_afl
  note "building $bin with $aflcc (ASan + UBSan, persistent mode)"
  AFL_USE_ASAN=1 AFL_USE_UBSAN=1 AFL_QUIET=1
  export AFL_USE_ASAN AFL_USE_UBSAN AFL_QUIET
  build_harness "$bin" "$aflcc"
  # LeakSanitizer is off under AFL (it would only report at exit of a persistent
  # process); leaks are libFuzzer's and smoke's business.
  ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:symbolize=0:allocator_may_return_null=1"
  export ASAN_OPTIONS
  stage_seeds "$bin" "$build/afl-in-$reader"
  out=$build/afl-out-$reader
  secs=$((minutes * 60))
  export AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_AUTORESUME=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
  note "fuzzing for $minutes minute(s) with $jobs job(s); output in $out"
  j=1
  while [ $j -lt "$jobs" ]; do
    afl-fuzz -S "s$j" -V "$secs" -i "$build/afl-in-$reader" -o "$out" -x "$dict" -m none -t 1000 \
      -- "$bin" > "$build/afl-s$j.log" 2>&1 &
    j=$((j + 1))
  done
  afl-fuzz -M main -V "$secs" -i "$build/afl-in-$reader" -o "$out" -x "$dict" -m none -t 1000 \
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
    note "afl $inst: run_time ${rt}s, execs $execs, ${speed} exec/s, corpus $corp, crashes $cr, hangs $hg, edges $(get edges_found)/$(get total_edges)"
    total_execs=$((total_execs + ${execs:-0})); total_crashes=$((total_crashes + ${cr:-0})); total_hangs=$((total_hangs + ${hg:-0}))
  done
  note "afl total: execs $total_execs, crashes $total_crashes, hangs $total_hangs"
  if [ "$total_crashes" -gt 0 ] || [ "$total_hangs" -gt 0 ]; then
    ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:allocator_may_return_null=1"
    for f in "$out"/*/crashes/id* "$out"/*/hangs/id*; do
      [ -f "$f" ] || continue
      "$bin" "$f" > "$build/replay.log" 2>&1
      note "  $f: $(first_failure "$build/replay.log")"
    done
    exit 1
  fi
  ;;

libfuzzer|campaign)
  if [ "$mode" = campaign ]; then
    r=${2:-}; runs=${3:-10000000}; secs=${4:-3600}
    [ -n "$r" ] || die "usage: run.sh campaign READER RUNS SECONDS"
  else
    secs=${2:-60}; r=${3:-ski}; runs=-1
  fi
  have "$CC" || die "$CC not found (set CC)"
  prepare
  use "$r"
  drv=$build/fuzz_$reader
  build_harness "$drv" "$CC" -fsanitize=address,undefined -fno-sanitize-recover=all
  bin=$build/fuzz_${reader}_lf
  note "building $bin with $CC -fsanitize=fuzzer,address,undefined"
  build_harness "$bin" "$CC" -DSKAMPI_FUZZ_LIBFUZZER -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
  stage_seeds "$drv" "$build/lf-seeds-$reader"
  lfc=$build/lf-corpus-$reader
  mkdir -p "$lfc" "$build/lf-artifacts"
  log=$build/libfuzzer-$reader.log
  $NICE "$bin" -runs="$runs" -max_total_time="$secs" -detect_leaks="$leaks" -dict="$dict" -max_len=16384 -timeout="${FUZZ_TIMEOUT:-10}" \
    -print_final_stats=1 -artifact_prefix="$build/lf-artifacts/$reader-" "$lfc" "$build/lf-seeds-$reader" > "$log" 2>&1
  st=$?
  grep -E '^(stat::|Done|#[0-9]+ *DONE)' "$log"
  if [ $st -ne 0 ]; then
    note "libFuzzer found a failure in $reader: $(first_failure "$log")"
    ls "$build"/lf-artifacts/ 2>/dev/null
    exit 1
  fi
  if [ "$mode" = campaign ]; then
    rep=$build/campaign-$reader.txt
    {
      note "reader: $reader ($harness)"
      note "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
      note "limits: $runs runs or $secs s"
      grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' "$log"
      grep -E '^#[0-9]+ *DONE' "$log" | tail -n 1
      note "corpus: $(ls "$lfc" | wc -l) files, $(cat "$lfc"/* 2>/dev/null | wc -c) bytes"
    } > "$rep"
    if command -v llvm-profdata > /dev/null 2>&1 && command -v llvm-cov > /dev/null 2>&1; then
      # llvm-cov does not follow #line: the coverage build includes a copy of the amalgam
      # with them blanked, and module_coverage.sh maps its lines back to the modules
      cov=$build/fuzz_${reader}_cov
      nl=$build/noline-$reader
      mkdir -p "$nl"
      cp tests/out/skampi_amalgam.c "$build/amalgam-$reader.c"
      sed 's/^#line .*//' "$build/amalgam-$reader.c" > "$nl/skampi_amalgam.c"
      sk_cc "$CC" -g -O1 -DSKAMPI_SEQ -DSKAMPI_TESTING -I"$nl" -fprofile-instr-generate -fcoverage-mapping \
        -o "$cov" "$harness" -lm > "$cov.log" 2>&1 || { cat "$cov.log" >&2; die "building $cov failed"; }
      rm -f "$build"/cov-$reader-*.profraw
      LLVM_PROFILE_FILE="$build/cov-$reader-%p.profraw" $NICE "$cov" "$lfc"/* "$build/lf-seeds-$reader"/* > /dev/null 2>&1
      llvm-profdata merge -o "$build/cov-$reader.profdata" "$build"/cov-$reader-*.profraw
      case $reader in
        ski) mods="split/language/lexer.c split/language/parser.c split/language/ast.c split/base/sources.c" ;;
        params4) mods="split/language/params4.c split/language/lexer.c split/language/ast.c" ;;
        sko) mods="split/results/sko.c split/results/merge.c" ;;
        cli) mods="split/cli/main.c" ;;
      esac
      { note "line coverage of the reader's modules over the corpus (llvm-cov):"
        # shellcheck disable=SC2086
        sh tests/fuzz/module_coverage.sh "$build/amalgam-$reader.c" "$nl/skampi_amalgam.c" "$cov" "$build/cov-$reader.profdata" $mods; } >> "$rep"
    fi
    cat "$rep"
  fi
  ;;

*)
  die "usage: run.sh smoke [READER...] | afl MINUTES [JOBS] | libfuzzer SECONDS [READER] | campaign READER RUNS SECONDS | replay [READER] FILE..."
  ;;
esac
exit 0
