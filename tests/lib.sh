# tests/lib.sh -- the one shell library of the tests. Every script under tests/ starts with
#   . "$(dirname "$0")/../lib.sh"          (tests/GROUP/NAME.sh; tests/run.sh: ./lib.sh)
# and takes its helpers from here; no test script defines its own (the gate
# tests/gates/test_helpers_once.sh fails when one does). Sourcing it sets `top` (the
# project's top directory), `out` (tests/out, created) and changes to `top`.
#
# Checks: each prints one line; tests/run.sh counts "ok" and "FAIL" lines.
#   pass NAME                 prints "ok NAME"
#   fail NAME [WHY]           prints "FAIL NAME: WHY" (or "FAIL NAME")
#   say STATUS NAME [WHY]     pass NAME when STATUS is 0, else fail NAME WHY (say $? ...)
#   bad WHY                   prints "FAIL WHY" (a failure whose line is its own name)
#   skip NAME TOOL            prints "skip NAME: needs TOOL"; counts neither way
#   note TEXT                 prints TEXT as it is (information, not a check)
#   passed, failed            this script's counts; finish exits 1 when failed > 0
# Tools:
#   have PROGRAM              PROGRAM is on PATH
#   impls                     the MPIs installed, by Debian's wrapper names: openmpi mpich
#   mpicc_of IMPL             the compiler wrapper (MPICC_OPENMPI / MPICC_MPICH override)
#   mpi_isystem IMPL          -isystem flags, so that mpi.h counts as a system header
#   mpirun IMPL NP PROG ARGS  tools/mpirun.sh (the launcher with the flags tests need)
#   m32_flags                 -m32 -march=pentium and the /usr/include/asm shim
#                             (tests/common/m32-flags.sh) for the SCC's P54C
# Builds: the runner makes the amalgam once (tools/sk21f split/ -> tests/out/skampi_amalgam.c)
# and the programs below once per run, at these fixed paths; a script run on its own builds
# what is missing or older than the amalgam, through the same function.
#   SK_AMALGAM                          tests/out/skampi_amalgam.c (sk_amalgam remakes it;
#                                       amalgam_is_current: no file of split/ is newer)
#   sk_binary seq                       tests/out/skampi-seq        cc -O2 -DSKAMPI_SEQ
#   sk_binary mpi IMPL                  tests/out/skampi-IMPL       mpicc.IMPL $SK_MPI_CFLAGS
#                                       (-O2; ASan+UBSan under SKAMPI_SANITIZE=1)
#   sk_binary testing IMPL              tests/out/skampi-testing-IMPL  -O2 -DSKAMPI_TESTING
#   sk_binary mpit IMPL                 tests/out/skampi-mpit-IMPL  -DSKAMPI_MPIT
#   sk_binary smpi                      tests/out/skampi-smpi       smpicc (SimGrid SMPI)
#   sk_binary rcce                      tests/out/skampi-rcce       cc -O2 -DSKAMPI_RCCE + emulator
#   sk_binary rccerun                   tests/out/rccerun           the emulator's launcher
# each prints the path (and returns non-zero when the build fails; log in
# tests/out/build-NAME.log). Tests that compile because that is what they test (gates on
# warnings and flags, C tests with their own driver, sanitizer builds, portability) call
#   sk_cc COMPILER ARG...     runs COMPILER (a command, e.g. "gcc -m32" or
#                             "OMPI_CC=tcc mpicc.openmpi") with ARGs, where these words
#                             stand for the project's flags:
#       @warn       -std=c89 -pedantic -Wall -Wextra
#       @test       -DSKAMPI_TESTING -Itests/out   (C tests that include the amalgam)
#       @am         the amalgam tests/out/skampi_amalgam.c
#       @rcce       -DSKAMPI_RCCE -Itools/rcce     @rcce_emu  tools/rcce/rcce_emu.c
#       @isystem:IMPL  mpi_isystem IMPL            @m32  m32_flags
#       @layer:MODULE  the include path of MODULE's layer (tools/sk21f --include-flags)
#       @lm         -lm
# For checks that are whole commands (tests/run.sh):
#   check NAME CMD...         one check: passes when CMD exits 0 (output in tests/out/NAME.txt)
#   run_counted NAME CMD...   counts CMD's own ok/FAIL lines; a non-zero exit without FAIL
#                             lines is one failure; no lines at all is one pass
# Gates' planted tests (tests/gates/*_planted.sh):
#   gate_says GATE TARGET NAME TEXT   tests/gates/GATE.sh run on TARGET (a copy with a planted
#                             violation) must fail and say TEXT (a fixed string): "ok NAME:
#                             the line that says it", else "FAIL NAME: why"
#   gate_passes GATE TARGET NAME      ... passes on TARGET (the unchanged or clean copy)
#   plant_line FILE TEXT      TEXT appended to FILE; prints the number of its first line
# Result files: sko_complete FILE SUITES (below) says whether an output is complete.
# Builds side by side (compiles of the whole amalgam take 3-17 s each):
#   CMD... & sk_bg_next       after starting a job in the background: waits for the batch
#                             once there are as many jobs as processors
#   sk_bg_wait                waits for every background job of the script (so only where
#                             it has no others, such as spinners, running)
#   sk_cc_bg LOG COMPILER ARG...  sk_cc in the background (sk_bg_next): its messages to
#                             LOG, its exit status to LOG.rc
#   sk_cc_ok LOG [quiet]      after sk_bg_wait: that build exited 0 (quiet: and said nothing)

top=$(cd "$(dirname "$0")" && while [ ! -f tests/lib.sh ] && [ "$(pwd)" != / ]; do cd ..; done; pwd)
cd "$top" || exit 2
SK_TOP=$top; SK_OUT=$top/tests/out   # the functions below use these (scripts may reuse top, out)
out=$SK_OUT
mkdir -p "$SK_OUT"
SK_AMALGAM=$SK_OUT/skampi_amalgam.c
passed=0; failed=0
# A run that ends removes its own log (OUT.log; doc/manual.md, "Log and resume"); the tests
# read finished logs (their offsets and checksums plant interrupted runs), so they keep
# them. The default is checked where it matters, with SKAMPI_KEEP_LOG unset
# (tests/integration/otpo.sh, tests/resume/resume.sh's finished_log_* checks).
SKAMPI_KEEP_LOG=1; export SKAMPI_KEEP_LOG

pass() { passed=$((passed + 1)); echo "ok $*"; }
# sk_failed_list (set by tests/run.sh, not exported): every FAIL line is also kept there,
# for the recap at the end of the run (a CI log cut in its middle still shows them)
sk_keep_failed() { [ -z "${sk_failed_list:-}" ] || printf '%s\n' "$1" | cut -c 1-400 >> "$sk_failed_list"; }
fail() {
  failed=$((failed + 1))
  if [ $# -gt 1 ]; then _fl="FAIL $1: $2"; else _fl="FAIL $1"; fi
  echo "$_fl"; sk_keep_failed "$_fl"
}
say() { if [ "$1" = 0 ]; then pass "$2"; else fail "$2" "${3:-}"; fi; }
bad() { failed=$((failed + 1)); echo "FAIL $*"; sk_keep_failed "FAIL $*"; }
skip() { echo "skip $1: needs $2"; }
note() { printf '%s\n' "$*"; }
finish() { [ "$failed" -eq 0 ] || exit 1; exit 0; }
gate_says() {
  _gs_out=$SK_OUT/gate-$1.out
  if sh "$SK_TOP/tests/gates/$1.sh" "$2" > "$_gs_out" 2>&1; then fail "$3" "the gate passed"
  elif grep -qF -- "$4" "$_gs_out"; then pass "$3: $(grep -F -- "$4" "$_gs_out" | head -n 1)"
  else fail "$3" "the gate failed without saying \"$4\": $(cat "$_gs_out")"; fi
}
gate_passes() {
  if sh "$SK_TOP/tests/gates/$1.sh" "$2" > "$SK_OUT/gate-$1.out" 2>&1; then pass "$3"
  else fail "$3" "$(cat "$SK_OUT/gate-$1.out")"; fi
}
plant_line() { _pl_n=$(($(wc -l < "$1") + 1)); printf '%s\n' "$2" >> "$1"; echo "$_pl_n"; }

have() { command -v "$1" >/dev/null 2>&1; }
mpicc_of() {
  case $1 in
    openmpi) echo "${MPICC_OPENMPI:-mpicc.openmpi}" ;;
    mpich) echo "${MPICC_MPICH:-mpicc.mpich}" ;;
    *) echo "mpicc.$1" ;;
  esac
}
impls=""
for _i in openmpi mpich; do have "$(mpicc_of $_i)" && impls="$impls $_i"; done
impls=${impls# }
mpi_isystem() {
  case $1 in
    openmpi) for _d in $($(mpicc_of openmpi) --showme:incdirs 2>/dev/null); do printf ' -isystem %s' "$_d"; done ;;
    mpich) for _d in $($(mpicc_of mpich) -show 2>/dev/null | tr ' ' '\n' | sed -n 's/^-I//p'); do printf ' -isystem %s' "$_d"; done ;;
  esac
}
mpirun() { "$SK_TOP/tools/mpirun.sh" "$@"; }
m32_flags() { printf '%s' "-m32 -march=pentium $(sh "$SK_TOP/tests/common/m32-flags.sh")"; }
# sk_m32_run: the prefix that runs a gcc -m32 program on this machine: empty where the
# kernel runs 32-bit x86 programs, "qemu-i386" (qemu-user) where it has no IA32 emulation;
# status 1 when neither can (the caller skips). Probed once per tests/out.
sk_m32_run() {
  _m32=$SK_OUT/m32-run
  if [ ! -s "$_m32" ]; then
    printf 'int main(void) { return 0; }\n' > "$_m32.c"
    if ! sk_cc gcc @m32 -o "$_m32.bin" "$_m32.c" > /dev/null 2>&1; then echo none > "$_m32"
    elif "$_m32.bin" 2> /dev/null; then echo native > "$_m32"
    elif have qemu-i386 && qemu-i386 "$_m32.bin" 2> /dev/null; then echo qemu-i386 > "$_m32"
    else echo none > "$_m32"; fi
  fi
  case $(cat "$_m32") in native) echo "" ;; qemu-i386) echo qemu-i386 ;; *) return 1 ;; esac
}

sk_cc() {
  _cc=$1; shift
  _n=$#
  while [ "$_n" -gt 0 ]; do
    _a=$1; shift; _n=$((_n - 1))
    case $_a in
      @warn) set -- "$@" -std=c89 -pedantic -Wall -Wextra ;;
      @test) set -- "$@" -DSKAMPI_TESTING -I"$SK_OUT" ;;
      @am) set -- "$@" "$SK_AMALGAM" ;;
      @rcce) set -- "$@" -DSKAMPI_RCCE -I"$SK_TOP/tools/rcce" ;;
      @rcce_emu) set -- "$@" "$SK_TOP/tools/rcce/rcce_emu.c" ;;
      @isystem:*) set -- "$@" $(mpi_isystem "${_a#@isystem:}") ;;
      @m32) set -- "$@" $(m32_flags) ;;
      @layer:*) set -- "$@" $("$SK_TOP/tools/sk21f" --include-flags "${_a#@layer:}") ;;
      @lm) set -- "$@" -lm ;;
      *) set -- "$@" "$_a" ;;
    esac
  done
  # shellcheck disable=SC2086
  env $_cc "$@"
}

sk_cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null) || sk_cpus=2
sk_bg_jobs=0
sk_bg_next() { sk_bg_jobs=$((sk_bg_jobs + 1)); if [ "$sk_bg_jobs" -ge "${sk_cpus:-2}" ]; then sk_bg_wait; fi; }
sk_bg_wait() { wait; sk_bg_jobs=0; }
sk_cc_bg() { _bg_log=$1; shift; rm -f "$_bg_log.rc"; (sk_cc "$@" > "$_bg_log" 2>&1; echo $? > "$_bg_log.rc") & sk_bg_next; }
sk_cc_ok() { [ "$(cat "$1.rc" 2>/dev/null)" = 0 ] && { [ "${2:-}" != quiet ] || [ ! -s "$1" ]; }; }

# sk_amalgam: (re)makes tests/out/skampi_amalgam.c from split/ as it is now (tools/sk21f);
# an amalgam that comes out the same is left as it was (its time too), so that the builds
# made from it stay current for sk_binary
# sk_amalgam: tests/out's amalgam made anew from split/ (kept, with its builds, when the
# same); once per run: SK_AMALGAM_FRESH, exported, tells the scripts the runner starts
sk_amalgam() {
  "$SK_TOP/tools/sk21f" "$SK_AMALGAM.new" || return 1
  if cmp -s "$SK_AMALGAM.new" "$SK_AMALGAM"; then rm -f "$SK_AMALGAM.new"; else mv "$SK_AMALGAM.new" "$SK_AMALGAM"; fi
  SK_AMALGAM_FRESH=1; export SK_AMALGAM_FRESH
}
SK_MPI_CFLAGS=${SK_MPI_CFLAGS:--O2}
sk_binary() {
  case $1 in
    seq) _bin=$SK_OUT/skampi-seq ;;
    mpi) _bin=$SK_OUT/skampi-$2 ;;
    testing|mpit) _bin=$SK_OUT/skampi-$1-$2 ;;
    rcce) _bin=$SK_OUT/skampi-rcce ;;
    smpi) _bin=$SK_OUT/skampi-smpi ;;
    rccerun) _bin=$SK_OUT/rccerun ;;
    *) echo "sk_binary: unknown build '$1'" >&2; return 2 ;;
  esac
  # a script run by itself (make check-rows-identical, tools/bench) builds from split/ as it is
  if [ -z "${SK_AMALGAM_FRESH:-}" ] || [ ! -f "$SK_AMALGAM" ]; then
    sk_amalgam > "$SK_OUT/build-sk21f.log" 2>&1 || { echo "$_bin"; return 1; }
  fi
  if [ -x "$_bin" ] && [ ! "$SK_AMALGAM" -nt "$_bin" ]; then echo "$_bin"; return 0; fi
  _log=$SK_OUT/build-$(basename "$_bin").log
  case $1 in
    seq) sk_cc cc -O2 -DSKAMPI_SEQ @warn -o "$_bin" @am @lm ;;
    mpi) sk_cc "$(mpicc_of "$2")" $SK_MPI_CFLAGS @warn @isystem:"$2" -o "$_bin" @am @lm ;;
    testing) sk_cc "$(mpicc_of "$2")" -O2 -DSKAMPI_TESTING -o "$_bin" @am @lm ;;
    mpit) sk_cc "$(mpicc_of "$2")" -DSKAMPI_MPIT -o "$_bin" @am @lm ;;
    rcce) sk_cc cc -O2 @rcce -o "$_bin" @am @rcce_emu @lm ;;
    smpi) sk_cc smpicc -O2 -o "$_bin" @am @lm ;;
    rccerun) sk_cc cc -O2 -o "$_bin" "$SK_TOP/tools/rcce/rccerun.c" ;;
  esac > "$_log" 2>&1 || { rm -f "$_bin"; echo "$_bin"; return 1; }
  echo "$_bin"
}

check() {
  _name=$1; shift
  if "$@" > "$SK_OUT/$_name.txt" 2>&1; then pass "$_name"; else fail "$_name" "see tests/out/$_name.txt"; tail -5 "$SK_OUT/$_name.txt"; fi
}
run_counted() {
  _name=$1; shift
  _t0=$(date +%s)
  "$@" > "$SK_OUT/$_name.txt" 2>&1
  _status=$?
  _secs=$(( $(date +%s) - _t0 ))
  _ok=$(grep -c '^ok' "$SK_OUT/$_name.txt"); _fail=$(grep -c '^FAIL' "$SK_OUT/$_name.txt")
  grep '^FAIL' "$SK_OUT/$_name.txt" | while IFS= read -r _fl; do echo "$_fl"; sk_keep_failed "FAIL [$_name] ${_fl#FAIL }"; done
  grep '^skip' "$SK_OUT/$_name.txt"
  passed=$((passed + _ok)); failed=$((failed + _fail))
  if [ $_status -ne 0 ] && [ "$_fail" -eq 0 ]; then fail "$_name" "exit status $_status (see tests/out/$_name.txt)"; tail -5 "$SK_OUT/$_name.txt"
  elif [ "$_ok" -eq 0 ] && [ "$_fail" -eq 0 ]; then pass "$_name"
  else echo "# $_name: $_ok checks passed, $_fail failed ($_secs s)"; fi
}
# Result files (checks that print what is wrong and return non-zero):
#   sko_complete FILE SUITES  FILE is a complete output with the suites SUITES (names,
#                             space-separated, in order) each once, every line whole and
#                             where it belongs, the header once, the footer last
sko_complete() {
  [ -s "$1" ] || { echo "$1 is missing or empty"; return 1; }
  [ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ] || { echo "$1: the last line is not complete"; return 1; }
  awk -v want="$2" '
    function bad(why) { if (!msg) msg = sprintf("%s:%d: %s: %s", FILENAME, FNR, why, substr($0, 1, 60)) }
    FNR == 1 && !/^# SKaMPI Version / { bad("the first line is not the header'"'"'s") }
    /^# SKaMPI Version / { versions++ }
    /.# resumed at/ || /.# SKaMPI Version/ { bad("a line cut in its middle") }
    dur { dur = 0; if (!/^# duration = [0-9.]+ sec$/) bad("an end of a block without its duration line") }
    /^# begin result "/ { if (on) bad("a block begins inside a block"); on = 1; n = $0
                          sub(/^# begin result "/, "", n); sub(/"$/, "", n); if (seen[n]++) bad("suite " n " twice")
                          got = got (got == "" ? "" : " ") n; next }
    /^# end result "/ { if (!on) bad("an end outside a block"); on = 0; dur = 1; next }
    /^#/ { next }
    !on { bad("a line outside a block that is no # line") ; next }
    !/^[a-z_]+= / { bad("a line in a block that is no result line") }
    END { if (on) bad("the last block is not closed")
          if (versions != 1) bad(versions " header first lines")
          if (got != want) bad("suites \"" got "\", not \"" want "\"")
          if (msg) { print msg; exit 1 } }' "$1" || return 1
  tail -n 1 "$1" | grep -q '^# Total runtime' || { echo "$1: no footer at its end"; return 1; }
}

# amalgam_is_current: tests/out/skampi_amalgam.c exists and no file it is made of
# (tools/sk21f --deps) is newer
amalgam_is_current() {
  [ -s "$SK_AMALGAM" ] || return 1
  for _f in $("$SK_TOP/tools/sk21f" --deps); do [ "$SK_TOP/$_f" -nt "$SK_AMALGAM" ] && return 1; done
  return 0
}
