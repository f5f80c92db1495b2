#!/bin/sh
# tests/run.sh -- every test of skampi; the last line is "N passed, N failed".
#   sh tests/run.sh [GROUP ...]        (default: every group, in this order)
#   make check T=GROUP                 the same for one group
# Groups (named after what they test):
#   quick             a newcomer's first check, in about a minute (not part of the default
#                     run: each of its checks is in a group below): the amalgam is fresh, the
#                     layers and the Makefile's list hold, the sequential build has no
#                     warning (gcc's front end), three unit tests, the user-error messages,
#                     and a sequential run whose output is complete
#   gates             the amalgam (and skampi.h beside it) is fresh and deterministic; the Makefile lists every
#                     module and rebuilds after an edit; #line directives point into
#                     split/; sk21f and the Makefile stay POSIX; nothing ends processes by name; no
#                     compiler warnings; the MPI-1 build uses MPI-1.1 only; modules
#                     compile one by one; every registry row's functions are defined
#                     under the names the row gives, for every row macro (tests/gates/rows.sh); every
#                     prototype in the layer that defines its function (tests/gates/prototypes.sh); the output's header is worded in
#                     results/header.c alone (tests/gates/header_owner.sh); no argument read by
#                     position outside engine/ (tests/gates/positional_args.sh); every module
#                     begins with a header of at most 15 lines (tests/gates/module_headers.sh)
#   unit              the C unit tests tests/unit/test_*.c (plain, then with ASan/UBSan)
#                     and the front-end fuzzing harness's smoke run
#   user_errors       mistakes in the input: file:line:col message, exit status 2; merge;
#                     command-line mistakes: one line and a hint (tests/user_errors/command_line.sh)
#   syntax            every .ski/.par file of the project passes -n
#   integration       benchmark runs under mpirun (2, 3, 4 processes), output parsed
#                     back, behaviour as a user sees it (tests/integration/mpi_behaviour.sh), the
#                     MPI-IO files removed, also after SIGTERM (tests/integration/mpi_io_files.sh),
#                     oversubscription detection and its header lines (tests/integration/oversub.sh),
#                     Open MPI's tuner OTPO driving skampi unchanged (tests/integration/otpo.sh),
#                     a library error kept to its suite (tests/integration/library_error.sh),
#                     one-line runs and progress under a launcher (tests/integration/oneline.sh),
#                     OSU's and IMB's names, options and tables (tests/integration/peers.sh, IMB-MT: peers_mt.sh, IMB-IO: peers_io.sh,
#                     IMB-P2P: peers_p2p.sh, IMB-MPI4: peers_mpi4.sh, the one-sided ones: peers_rma.sh), their point-to-point
#                     benchmarks of meas_mpi_peer_p2p.c (peers_pt2pt.sh), the READMEs' example lines (peers_readme.sh),
#                     only rank 0 opens files at start-up (strace: tests/integration/startup_opens.sh),
#                     ranks sharing a processor (taskset) flagged, bound ones not (tests/integration/placement.sh)
#   resume            the run's log: resuming after a kill (rules with the sequential
#                     build; SIGKILL to mpirun at random moments with each MPI, 4 processes);
#                     SIGUSR1 and SIGTERM in the middle of a suite (tests/resume/stop_signal.sh)
#   chaos             nothing lost when things go wrong: full file systems and devices,
#                     concurrent runs on one output, damaged and foreign logs, closed
#                     descriptors, hostile result files (tests/chaos/*.sh, each script a
#                     part; arguments: the MPIs to use)
#   rcce              the RCCE host emulator and the RCCE backend
#   bcast_algorithms  the SCC thesis' broadcasts, verified byte for byte (tests/bcast_algorithms)
#   mpi_catalogue     every MPI measurement function (and its verification), also in the MPI-1 build; skampi -v
#                     (every result line the same as before the rows' redesign, sequential computed
#                     times and every row under SimGrid: make check-rows-identical, 15 minutes)
#   sync              clock synchronisation (tests/sync)
#   interference      K = 1, 2, 4 CPU spinners beside 2 processes, each MPI: skampi's
#                     Bcast, Allreduce, Barrier and ping-pong against its quiet readings
#                     and a plain MPI program run beside it (tests/interference/interference.sh);
#                     a SKaMPI 5 program quiet and beside 4 spinners per core, every point
#                     written, the time budget said (tests/interference/loaded_users_files.sh)
#   peruse            PERUSE events (MPI PERUSE 2.0) against the Open MPI that
#                     tools/peruse/build-openmpi.sh caches (make peruse-check builds it
#                     first); without that library only the default build's refusals
#                     and the late ping-pongs with Debian's MPIs run
#   reports           reports (HTML rendered by headless Chromium, gnuplot) and exports
#                     of two runs of ski/quick.ski and their merge (tests/reports/report.sh);
#                     comparing runs, skampi -c (tests/reports/compare.sh);
#                     the marks of a run of tests/reports/flags.ski and their exports
#                     (tests/reports/marks.sh), and of a disturbed host (the test build's
#                     late starts: tests/reports/flags_disturbed.sh); the overlap figures'
#                     flags after a planted disturbed calibration (tests/reports/overlap_flags.sh)
#   hosts             truth across hosts made on this machine (tools/hosts.sh: network
#                     namespaces, tbf): bandwidth, slowest partner, clocks with a test-only
#                     skew, collectives (tests/hosts/run.sh; skipped without namespaces)
#   simulated         truth on simulated platforms (SimGrid SMPI, tests/simulated/run.sh):
#                     ping-pong latency and bandwidth, APR's bracket around a protocol
#                     switch, MPI_Bcast against the binomial tree; skipped without smpicc;
#                     every result line of a sample of rows (one or two a module) and of
#                     the sequential build's computed times byte for byte as before the
#                     rows' redesign (tests/mpi_catalogue/rows_identical.sh)
#   setup             `make run` as a non-root user with the MPI that is installed;
#                     make install / uninstall staged in a DESTDIR (tests/setup/install.sh)
#   guidelines        the self-consistent performance guidelines (doc/guidelines.md): the
#                     mock-ups verified under -v, a planted violation (the test build's
#                     Testing_Slowed_Bcast) found by skampi --guidelines at exactly the
#                     planted sizes and none without it, each MPI (tests/guidelines/run.sh);
#                     tuning files (skampi --tuning): the file each MPI loads, taken by
#                     it, the gain per range (tests/guidelines/tuning.sh)
#   library           skampi as a library (skampi.h, doc/library.md): the header alone as
#                     C89, the -DSKAMPI_LIBRARY object of each backend and compiler without
#                     warnings and with skampi.h's names alone (nm), tests/library/api.c and
#                     the examples of doc/examples/ linked against it and checked
#                     (tests/library/library.sh)
#   slurm             a one-node Slurm cluster of this machine (root on Debian; installs
#                     slurm-wlm and munge): srun --mpi=pmix, the job script's requeue at
#                     the time limit and resume, scancel and resubmission (tests/slurm/slurm.sh)
# Each check prints "ok <name>" or "FAIL <name>: why"; programs that print such lines
# themselves are counted line by line. A group or check whose optional tool is missing
# prints "skip NAME: needs TOOL" and counts neither way. Work files go to tests/out/.
# Every program is built from tests/out/skampi_amalgam.c, which tools/sk21f makes from
# split/ as it is now (the C tests include it through -Itests/out, with -DSKAMPI_TESTING);
# the gate amalgam_is_fresh checks that the committed skampi_amalgam.c is the same.
set -u
. "$(dirname "$0")/lib.sh"      # pass fail skip check run_counted have impls sk_binary sk_cc ...
log=$out/run.log
: > "$log"
sk_failed_list=$out/failed.list   # every FAIL line, recapped at the end (tests/lib.sh)
: > "$sk_failed_list"
rows_sample='^(Pingpong_Blocking|Bcast_Cube|Bibw|Bcast|Allreduce|Ibcast|MPI_IO_open_close|Gather_Bcast|Pingpong_Mprobe_Mrecv|Neighbor_alltoall|Pingpong_Send_Recv|Pingpong_Late_Sender|Fetch_and_op|MPI_Win_fence_close|MPI_Put_Pingpong|Master_Worker_Send|Skampi5_Pingpong_Send_Recv) '
default_groups="gates unit user_errors syntax integration resume chaos rcce bcast_algorithms mpi_catalogue sync interference peruse reports guidelines hosts simulated setup library slurm"
all_groups="quick $default_groups"
groups=${*:-$default_groups}
for g in $groups; do
  case " $all_groups " in *" $g "*) ;; *) echo "tests/run.sh: unknown group '$g' (groups: $all_groups)" >&2; echo "0 passed, 1 failed"; exit 2 ;; esac
done
# skip_missing_mpis GROUP: one skip line per MPI that is not installed
skip_missing_mpis() {
  for i in openmpi mpich; do case " $impls " in *" $i "*) ;; *) skip "$1 with $i" "mpicc.$i" ;; esac; done
}

# ---- the source every test builds: a fresh amalgam of split/ ----
am=$SK_AMALGAM
if ! sk_amalgam >> "$log" 2>&1; then
  echo "FAIL tools/sk21f cannot build the amalgam (see tests/out/run.log)"; echo "0 passed, 1 failed"; exit 1
fi

# ---- builds used by several groups: once per run, at the fixed paths of tests/lib.sh ----
# SKAMPI_SANITIZE=1 (make check-sanitized): the MPI builds carry AddressSanitizer and
# UndefinedBehaviorSanitizer, and every report fails the check that ran the program;
# LeakSanitizer suppresses only the MPI libraries' own allocations (tests/sanitize/lsan.supp
# says which and why).
if [ "${SKAMPI_SANITIZE:-0}" = 1 ]; then
  SK_MPI_CFLAGS="-g -O0 -fsanitize=address,undefined -fno-omit-frame-pointer"
  ASAN_OPTIONS="fast_unwind_on_malloc=0:detect_leaks=1:abort_on_error=0"
  LSAN_OPTIONS="suppressions=$top/tests/sanitize/lsan.supp:print_suppressions=0"
  UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
  export ASAN_OPTIONS LSAN_OPTIONS UBSAN_OPTIONS
fi
export SK_MPI_CFLAGS
# The builds are kept from run to run while the amalgam is the same (sk_amalgam leaves an
# unchanged one as it was, sk_binary rebuilds what is older than it): only a change of the
# build flags or of the way tests/lib.sh builds removes them all first.
stamp="$SK_MPI_CFLAGS $(cksum < tests/lib.sh) $(for i in $impls; do command -v "$(mpicc_of $i)"; done)"
if [ "$(cat "$out/builds.stamp" 2>/dev/null)" != "$stamp" ]; then
  rm -f "$out/skampi-seq" "$out/skampi-rcce" "$out/rccerun" "$out"/skampi-openmpi "$out"/skampi-mpich \
    "$out"/skampi-testing-* "$out"/skampi-mpit-* "$out"/skampi-smpi
  printf '%s\n' "$stamp" > "$out/builds.stamp"
fi
# build NAME [IMPL]: sk_binary, a failure noted in the log (the group's checks then fail)
build() { sk_binary "$@" > /dev/null 2>> "$log" || echo "build $* failed (tests/out/build-*.log)" >> "$log"; }
build seq & sk_bg_next
[ "$groups" = quick ] || for i in $impls; do build mpi "$i" & sk_bg_next; done
sk_bg_wait
# the variants only some groups use are built when such a group runs
build_for() {
  case $1 in
    integration) for i in $impls; do build testing "$i" & sk_bg_next; build mpit "$i" & sk_bg_next; done; sk_bg_wait ;;
    interference|mpi_catalogue|guidelines) for i in $impls; do build testing "$i" & sk_bg_next; done; sk_bg_wait ;;
    rcce) build rcce; build rccerun ;;
    bcast_algorithms|sync) build rccerun ;;
  esac
}


for g in $groups; do
group_start=$(date +%s)
build_for "$g"
case $g in
quick)
  echo "# quick: the first check (each of these checks is also in a group of the default run)"
  check amalgam_is_fresh cmp "$am" skampi_amalgam.c
  check layers_include_downward_only sh tests/gates/layers.sh
  check makefile_lists_every_module sh tests/gates/makefile_deps.sh
  sk_cc_bg "$out/quick_warnings.warn" gcc -DSKAMPI_SEQ @warn -O0 -fsyntax-only @am
  for n in test_core test_grammar test_helpers; do
    sk_cc_bg "$out/$n.build" cc @warn -O0 -g -DSKAMPI_SEQ @test -o "$out/$n" "tests/unit/$n.c" @lm
  done
  sk_bg_wait
  check warnings_gcc_seq_front_end sh -c "cat '$out/quick_warnings.warn'; [ \"\$(cat '$out/quick_warnings.warn.rc')\" = 0 ] && [ ! -s '$out/quick_warnings.warn' ]"
  for n in test_core test_grammar test_helpers; do
    if sk_cc_ok "$out/$n.build"; then run_counted "$n" "$out/$n"
    else fail "$n: does not build (tests/out/$n.build)"; tail -5 "$out/$n.build"; fi
  done
  run_counted user_errors sh tests/user_errors/errors.sh "$out/skampi-seq"
  rm -f "$out/quick-seq.sko" "$out/quick-seq.sko.log"
  check sequential_run_complete sh -c "'$out/skampi-seq' -q -i tests/ski/portable.ski -o '$out/quick-seq.sko' &&
    . tests/lib.sh && sko_complete '$out/quick-seq.sko' 'synthetic-virtual synthetic-busy synthetic-autorefine'"
  ;;
gates)
  echo "# gates"
  check amalgam_is_fresh cmp "$am" skampi_amalgam.c
  check library_header_is_fresh cmp "$(dirname "$am")/skampi.h" skampi.h
  check sk21f_deterministic sh -c "tools/sk21f '$out/amalgam.again' && cmp '$am' '$out/amalgam.again'"
  check sk21f_posix_sh sh -c "(! command -v dash >/dev/null || dash -n tools/sk21f) && ! grep -v '^[[:space:]]*#' tools/sk21f | grep -nE '\[\[|function |local |source |\\\$\{[A-Za-z_]+//'"
  check makefile_posix sh tests/gates/makefile_posix.sh
  check makefile_lists_every_module sh tests/gates/makefile_deps.sh
  if have mpicc || [ -n "${MPICC:-}" ]; then
    check make_rebuilds_after_edit sh tests/gates/make_rebuilds.sh
  else skip make_rebuilds_after_edit "mpicc (or MPICC=)"; fi
  check line_directives_point_into_split sh tests/gates/line_directives.sh
  check layers_include_downward_only sh tests/gates/layers.sh
  check layers_gate_fails_on_planted_violations sh tests/gates/layers_planted.sh
  check prototypes_in_defining_layer sh tests/gates/prototypes.sh
  check prototypes_gate_fails_on_planted_violations sh tests/gates/prototypes_planted.sh
  check rows_name_defined_functions sh tests/gates/rows.sh
  check rows_gate_fails_on_planted_violations sh tests/gates/rows_planted.sh
  check header_worded_in_one_module sh tests/gates/header_owner.sh
  check header_gate_fails_on_planted_violations sh tests/gates/header_owner_planted.sh
  # these two pass once every module is converted (issue 40): measurements read m->arg by
  # name, and no module header runs past 15 lines
  check measurements_read_arguments_by_name sh tests/gates/positional_args.sh
  check positional_args_gate_fails_on_planted_violations sh tests/gates/positional_args_planted.sh
  check module_headers_at_most_15_lines sh tests/gates/module_headers.sh
  check module_headers_gate_fails_on_planted_violations sh tests/gates/module_headers_planted.sh
  check nothing_ends_processes_by_name sh tests/gates/no_pkill.sh
  check citations_by_published_title sh tests/gates/citations.sh
  # the bench scripts are run by hand (tools/bench/, doc/manual.md "Benchmarks"): here only
  # that they parse, and that the IMB comparison's input has the families its script cuts
  check bench_scripts_parse sh -c 'for f in tools/bench/*.sh; do sh -n "$f" || exit 1; done &&
    [ "$(grep -c "^# family: \(MPI1\|NBC\|RMA\|MT\)$" tools/bench/imb_side_by_side.ski)" = 4 ]'
  if have mpicc.mpich || have mpicc.openmpi || have mpicc || [ -n "${MPICC:-}" ]; then
    check manual_catalogue_matches_skampi_l sh tests/gates/manual_catalogue.sh
    check manual_catalogue_gate_fails_on_planted_change sh tests/gates/manual_catalogue_planted.sh
  else skip manual_catalogue_matches_skampi_l "an MPI compiler (the catalogue is the MPI build's)"; fi
  if have groff || have man; then
    check man_page_renders_and_lists_every_option sh tests/gates/man_page.sh
    check man_page_gate_fails_on_planted_change sh tests/gates/man_page_planted.sh
  else skip man_page_renders_and_lists_every_option "groff or man (apt-get install groff-base man-db)"; fi
  check test_helpers_only_in_lib sh tests/gates/test_helpers_once.sh
  check test_helpers_gate_fails_on_planted_definitions sh tests/gates/test_helpers_once_planted.sh
  # warnings_build NAME COMPILER FLAGS...: compiles the amalgam in the background
  # (sk_cc_bg, messages to tests/out/NAME.warn); gcc at -O2 (its flow warnings need the
  # optimiser), clang's front end only (its warnings are the front end's: 1 s against
  # 15 s a build)
  warnings_build() {
    n_=$1; c_=$2; shift 2
    case $c_ in *clang*) o_=-fsyntax-only ;; *) o_=-O2 ;; esac
    sk_cc_bg "$out/$n_.warn" "$c_" "$@" @warn $o_ -c -o /dev/null @am
    warnings_names="$warnings_names $n_"
  }
  # no_warnings NAME: that build ended with status 0 and without a single message
  no_warnings() { cat "$out/$1.warn"; sk_cc_ok "$out/$1.warn" quiet; }
  # the runs' own builds (tests/lib.sh sk_binary: seq and each MPI at -O2 with the same
  # warning flags) stand for gcc's builds of the same configuration, where cc and the
  # wrappers compile with gcc at -O2
  # build_warnings NAME BUILD COMPILER: that build's messages, as warnings_build's
  build_warnings() {
    [ "$c" = gcc ] && [ "$SK_MPI_CFLAGS" = -O2 ] && [ -x "$out/$2" ] && [ -f "$out/build-$2.log" ] || return 1
    case $3 in *mpicc*) _cmd=$($3 -show 2>/dev/null || $3 --showme:command 2>/dev/null) ;; *) _cmd=$(readlink -f "$(command -v "$3")") ;; esac
    case ${_cmd%% *} in *gcc*) ;; *) return 1 ;; esac
    cp "$out/build-$2.log" "$out/$1.warn" && echo 0 > "$out/$1.warn.rc" && warnings_names="$warnings_names $1"
  }
  warnings_names=""
  for c in gcc clang; do
    if ! have $c; then skip "warnings_$c" "$c"; continue; fi
    build_warnings "warnings_${c}_seq" skampi-seq cc || warnings_build "warnings_${c}_seq" "$c" -DSKAMPI_SEQ
    for i in $impls; do
      if [ $i = openmpi ]; then wrap="OMPI_CC=$c $(mpicc_of openmpi)"; else wrap="MPICH_CC=$c $(mpicc_of mpich)"; fi
      build_warnings "warnings_${c}_$i" "skampi-$i" "$(mpicc_of $i)" || warnings_build "warnings_${c}_$i" "$wrap" @isystem:$i
      warnings_build "warnings_${c}_${i}_mpi1" "$wrap" @isystem:$i -DSKAMPI_MPI1
      warnings_build "warnings_${c}_${i}_mpit" "$wrap" @isystem:$i -DSKAMPI_MPIT
    done
  done
  sk_bg_wait
  for n in $warnings_names; do check "$n" no_warnings "$n"; done
  skip_missing_mpis warnings_and_mpi1_audit
  for i in $impls; do
    check "mpi1_audit_$i" sh tests/gates/mpi1_audit.sh "$i"
  done
  check modules_compile_one_by_one sh tests/gates/modules.sh
  ;;
unit)
  echo "# unit tests (sequential backend, from the fresh amalgam)"
  # built side by side, at -O0 (3 s a test, -O2 17 s; make portability builds them
  # optimised with every compiler), then run one by one
  for t in tests/unit/test_*.c; do
    n=$(basename "$t" .c)
    sk_cc_bg "$out/$n.build" cc @warn -O0 -g -DSKAMPI_SEQ @test -o "$out/$n" "$t" @lm
  done
  sk_bg_wait
  for t in tests/unit/test_*.c; do
    n=$(basename "$t" .c)
    if sk_cc_ok "$out/$n.build"; then run_counted "$n" "$out/$n"
    else fail "$n: does not build (tests/out/$n.build)"; tail -5 "$out/$n.build"; fi
  done
  run_counted check_sko_short sh tests/common/check_sko_short.sh
  run_counted readme_recipe_builds sh tests/unit/recipe.sh
  if have "${CC:-clang}"; then
    run_counted unit_sanitized sh tests/unit/run_sanitized.sh
    run_counted fuzz_smoke sh tests/fuzz/run.sh smoke
  else skip "unit_sanitized and fuzz_smoke" "${CC:-clang}"; fi
  ;;
user_errors)
  echo "# user errors: file:line:col: message and exit status 2"
  run_counted user_errors sh tests/user_errors/errors.sh "$out/skampi-seq"
  run_counted merge sh tests/user_errors/merge.sh "$out/skampi-seq"
  run_counted output_files sh tests/user_errors/output_files.sh "$out/skampi-seq"
  run_counted command_line sh tests/user_errors/command_line.sh "$out/skampi-seq"
  ;;
syntax)
  echo "# every input file of the project passes -n"
  run_counted catalogue_list sh tests/syntax/catalogue_list.sh
  if [ -z "$impls" ]; then skip syntax "mpicc.openmpi or mpicc.mpich"; fi
  # with the first MPI; a file that names MPI-4 rows, refused there for that reason alone
  # (an MPI-3 library such as Open MPI 4.1), with an MPI whose build has MPI-4
  for i in $impls; do
    for f in ski/*.ski ski/*.par; do
      [ -f "$f" ] || continue
      if tools/mpirun.sh $i 1 "$out/skampi-$i" -n -i "$f" > "$out/syntax.txt" 2>&1 ||
         ! grep -q "needs MPI-4, which the MPI build lacks" "$out/syntax.txt"; then
        check "syntax_${i}_$(basename "$f")" tools/mpirun.sh $i 1 "$out/skampi-$i" -n -i "$f"
        continue
      fi
      j=$(for k in $impls; do "$out/skampi-$k" -l 2>/dev/null | grep "^  Bcast_init(" | grep -vq "not in this build" && echo "$k" && break; done)
      if [ -n "$j" ]; then check "syntax_${j}_$(basename "$f")" tools/mpirun.sh $j 1 "$out/skampi-$j" -n -i "$f"
      else skip "syntax_$(basename "$f")" "an MPI-4 library (mpicc.mpich 4)"; fi
    done
    break
  done
  ;;
integration)
  echo "# integration under mpirun"
  skip_missing_mpis integration
  # SKAMPI_INTEGRATION_QUICK=1 (CI's sanitized pass): 2 processes, the integration file
  # and the SKaMPI 6 names only, the READMEs' lines with one MPI
  quick=${SKAMPI_INTEGRATION_QUICK:-0}
  if [ "$quick" = 1 ]; then nps="2"; else nps="2 3 4"; fi
  for i in $impls; do
    for np in $nps; do
      rm -f "$out/integ-$i-$np.sko"
      check "run_${i}_np$np" timeout 300 tools/mpirun.sh $i $np "$out/skampi-$i" -i tests/ski/integration.ski -o "$out/integ-$i-$np.sko"
      check "output_${i}_np$np" awk -v np=$np -v minrep=4 -v maxrep=12 -v maxnodes=16 -f tests/common/check_sko.awk "$out/integ-$i-$np.sko"
    done
    [ "$quick" = 1 ] || run_counted "mpi_behaviour_$i" sh tests/integration/mpi_behaviour.sh $i "$out/skampi-$i"
    run_counted "oversub_$i" sh tests/integration/oversub.sh $i
    run_counted "mpi_io_files_$i" sh tests/integration/mpi_io_files.sh $i "$out/skampi-$i"
    [ "$quick" = 1 ] || run_counted "otpo_$i" sh tests/integration/otpo.sh $i "$out/skampi-$i"
    [ "$quick" = 1 ] || run_counted "library_error_$i" sh tests/integration/library_error.sh $i "$out/skampi-$i"
    run_counted "oneline_$i" sh tests/integration/oneline.sh $i "$out/skampi-$i"
    run_counted "peers_$i" sh tests/integration/peers.sh $i "$out/skampi-$i"
    run_counted "peers_mpi4_$i" sh tests/integration/peers_mpi4.sh $i "$out/skampi-$i"
    run_counted "peers_p2p_$i" sh tests/integration/peers_p2p.sh $i "$out/skampi-$i"
    run_counted "peers_mt_$i" sh tests/integration/peers_mt.sh $i "$out/skampi-$i"
    run_counted "peers_io_$i" sh tests/integration/peers_io.sh $i "$out/skampi-$i"
    run_counted "peers_pt2pt_$i" sh tests/integration/peers_pt2pt.sh $i "$out/skampi-$i"
    run_counted "peers_rma_$i" sh tests/integration/peers_rma.sh $i "$out/skampi-$i"
    # the READMEs' lines are the same option parsing under either MPI: the quick pass
    # (sanitized, 87 s of Open MPI's and 46 s of MPICH's on 29 November) runs the last one's
    [ "$quick" = 1 ] && [ "$i" != "${impls##* }" ] ||
      run_counted "peers_readme_$i" sh tests/integration/peers_readme.sh $i "$out/skampi-$i"
    run_counted "startup_opens_$i" sh tests/integration/startup_opens.sh $i "$out/skampi-$i"
    run_counted "placement_$i" sh tests/integration/placement.sh $i "$out/skampi-$i"
    for np in $(if [ "$quick" = 1 ]; then echo 2; else echo 2 4; fi); do     # the SKaMPI 6 names and helpers, as users' files contain them
      for f in ski6_names helpers; do
        rm -f "$out/$f-$i-$np.sko"
        check "${f}_${i}_np$np" sh -c "timeout 300 tools/mpirun.sh $i $np '$out/skampi-$i' -i tests/ski/$f.ski -o '$out/$f-$i-$np.sko' && grep -q '^# Total runtime' '$out/$f-$i-$np.sko'"
      done
    done
    [ "$quick" = 1 ] && continue
    rm -f "$out/quick-$i.sko"
    check "quick_structure_unchanged_$i" sh -c "timeout 300 tools/mpirun.sh $i 2 '$out/skampi-$i' -i ski/quick.ski -o '$out/quick-$i.sko' && sh tests/integration/sko_structure.sh '$out/quick-$i.sko' | diff tests/integration/expected/quick.np2.structure -"
  done
  for i in $impls; do run_counted "constructs_$i" sh tests/integration/constructs.sh $i "$out/skampi-$i"; done
  for i in $impls; do run_counted "mpit_$i" sh tests/integration/mpit.sh $i "$out/skampi-$i"; done
  [ "$quick" = 1 ] || run_counted skampi5_extension sh tests/integration/skampi5_extension.sh
  ;;
resume)
  echo "# log and resume"
  run_counted resume_rules sh tests/resume/resume.sh seq "$out/skampi-seq"
  skip_missing_mpis resume
  for i in $impls; do run_counted "resume_after_kills_$i" nice -n 10 sh tests/resume/resume.sh $i "$out/skampi-$i"; done
  run_counted stop_signal_seq sh tests/resume/stop_signal.sh seq "$out/skampi-seq"
  for i in $impls; do run_counted "stop_signal_$i" sh tests/resume/stop_signal.sh $i "$out/skampi-$i"; done
  ;;
chaos)
  echo "# chaos: nothing lost when the disk fills, two runs collide or the log lies"
  for t in tests/chaos/*.sh; do
    [ -f "$t" ] || continue
    run_counted "chaos_$(basename "$t" .sh)" sh "$t" $impls
  done
  ;;
rcce)
  echo "# RCCE emulator and backend"
  run_counted rcce_emulator sh tests/rcce/test_rcce_emu.sh
  run_counted rcce_backend sh tests/rcce/backend.sh
  ;;
bcast_algorithms)
  echo "# broadcast algorithms (Pichler 2013), byte for byte"
  skip_missing_mpis bcast_algorithms
  # Open MPI at 1 to 8 processes; MPICH, whose waits poll, at 1 to 4 (twice the 2 cores:
  # 5 to 8 took 50 s, 1 to 4 took 6, on 29 November; the algorithms are skampi's own over
  # point-to-point, and Open MPI and the emulator run every count; make check-bcast-mpich-all)
  for i in $impls; do
    case $i in mpich) nps="1 2 3 4" ;; *) nps="1 2 3 4 5 6 7 8" ;; esac
    run_counted "bcast_algos_$i" sh tests/bcast_algorithms/run.sh $i $nps
  done
  # the emulator at 1 to 9 UEs (every case up to 8) and around the powers of two and the
  # SCC's 48 (a quarter of the time of 1 to 48: make check-bcast-rcce-all runs them all)
  run_counted bcast_algos_rcce sh tests/bcast_algorithms/run.sh rcce ${SKAMPI_BCAST_RCCE_UES:-1-9 15 16 17 24 31 32 33 47 48}
  ;;
mpi_catalogue)
  echo "# the MPI measurement catalogue"
  skip_missing_mpis mpi_catalogue
  for i in $impls; do run_counted "mpi_catalogue_$i" sh tests/mpi_catalogue/run.sh $i; done
  ;;
sync)
  echo "# clock synchronisation"
  MPIS="$impls seq rcce"; NPS="2 3 4 8"; export MPIS NPS
  run_counted sync sh tests/sync/run.sh
  ;;
interference)
  echo "# other processes on the machine (issue 23)"
  skip_missing_mpis interference
  for i in $impls; do run_counted "interference_$i" sh tests/interference/interference.sh $i; done
  # a SKaMPI 5 program beside 4 spinners per core: complete, the point's time budget said (issue 41)
  for i in $impls; do run_counted "loaded_users_files_$i" sh tests/interference/loaded_users_files.sh $i "$out/skampi-testing-$i"; done
  ;;
peruse)
  echo "# PERUSE events with the Open MPI of tools/peruse/build-openmpi.sh"
  peruse_prefix=${SKAMPI_PERUSE_CACHE:-$HOME/.cache/skampi-peruse}/prefix
  if have mpicc.openmpi; then run_counted peruse_default_build sh tests/peruse/run.sh refusals "$out/skampi-openmpi"
  else skip peruse_default_build mpicc.openmpi; fi
  skip_missing_mpis peruse_probes
  for i in $impls; do run_counted "peruse_probes_$i" sh tests/peruse/run.sh probes $i "$out/skampi-$i"; done
  if [ -x "$peruse_prefix/bin/mpicc" ] && [ -f "$peruse_prefix/include/peruse.h" ]; then
    run_counted peruse sh tests/peruse/run.sh events "$peruse_prefix"
  else skip peruse "the PERUSE Open MPI in $peruse_prefix (make peruse-check builds it, 10-20 minutes)"; fi
  ;;
reports)
  echo "# reports and exports (post-processing, no MPI calls)"
  first_impl=$(echo $impls | cut -d' ' -f1)
  if [ -n "$first_impl" ]; then run_counted reports sh tests/reports/report.sh "$out/skampi-seq" "$first_impl" "$out/skampi-$first_impl"
  else run_counted reports sh tests/reports/report.sh "$out/skampi-seq"; fi
  run_counted compare sh tests/reports/compare.sh "$out/skampi-seq" ${first_impl:+"$out/skampi-$first_impl"}
  # the marks of a real run (tests/reports/flags.ski) and their exports, with each MPI
  for i in $impls; do run_counted "marks_$i" sh tests/reports/marks.sh "$out/skampi-seq" "$i" "$out/skampi-$i"; done
  # the flags of a disturbed host, provoked by the test build's late starts, in every reader
  for i in $impls; do run_counted "flags_disturbed_$i" sh tests/reports/flags_disturbed.sh "$out/skampi-seq" "$i"; done
  # an overlap figure inherits its calibration's and its result's doubts (the test build's planted ones)
  for i in $impls; do run_counted "overlap_flags_$i" sh tests/reports/overlap_flags.sh "$out/skampi-seq" "$i"; done
  [ -n "$impls" ] || run_counted marks sh tests/reports/marks.sh "$out/skampi-seq"
  ;;
guidelines)
  echo "# self-consistent performance guidelines: mock-ups, a planted violation, each MPI"
  skip_missing_mpis guidelines
  [ -z "$impls" ] || run_counted guidelines sh tests/guidelines/run.sh $impls
  # tuning files (skampi --tuning): the file each library loads, taken by it, the gain per range
  run_counted tuning sh tests/guidelines/tuning.sh $impls
  ;;
hosts)
  echo "# several hosts on this machine (network namespaces)"
  if [ -z "$impls" ]; then skip hosts "mpicc.openmpi or mpicc.mpich"; fi
  for i in $impls; do run_counted "hosts_$i" sh tests/hosts/run.sh "$i"; done
  ;;
library)
  echo "# skampi as a library (skampi.h)"
  run_counted library sh tests/library/library.sh
  ;;
simulated)
  echo "# truth on simulated platforms (SimGrid SMPI)"
  run_counted simulated sh tests/simulated/run.sh
  # the rows' redesign changed no result: a row or two of every module, byte for byte
  # against the tree before it (make check-rows-identical: every row, about 10 minutes)
  ROWS="$rows_sample" run_counted rows_identical_sample sh tests/mpi_catalogue/rows_identical.sh
  ;;
setup)
  echo "# set-up as a user sees it"
  if [ "$(id -u)" != 0 ]; then skip setup "root (to run make run as uid 65534 with setpriv)"
  elif ! have setpriv; then skip setup "setpriv"
  else run_counted setup sh tests/setup/run.sh
  fi
  run_counted install sh tests/setup/install.sh
  ;;
slurm)
  echo "# under a real scheduler: a one-node Slurm cluster"
  run_counted slurm nice -n 10 sh tests/slurm/slurm.sh
  ;;
esac
# how long each group took, so that a CI run near its time limit shows where the time went
echo "# group $g: $(( $(date +%s) - group_start )) s, $passed passed, $failed failed so far"
done
if [ -s "$sk_failed_list" ]; then
  echo "# the failed checks again (their lines above may be cut from a long log):"
  cat "$sk_failed_list"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
