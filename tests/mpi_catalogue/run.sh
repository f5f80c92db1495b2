#!/bin/sh
# tests/mpi_catalogue/run.sh -- the MPI measurement catalogue test (test_catalogue.c).
#   sh tests/mpi_catalogue/run.sh [IMPL ...]      IMPL: openmpi | mpich (default: both,
#                                                 those installed)
# For each MPI: builds test_catalogue.c (the modules compiled in directly, not the
# amalgam) with zero warnings allowed (-std=c89 -pedantic -Wall -Wextra, mpi.h as a
# system header), runs it under mpirun with 2, 3 and 4 processes (MPICH 2; NPS overrides) inside
# `timeout` (a deadlock fails the run), then builds it with -DSKAMPI_MPI1, checks with nm
# that it references MPI-1.1 functions only (tests/common/mpi11_functions.txt) and runs that
# build with 2 processes. test_catalogue.c also runs the engine's verification call of
# every function that has a verifier, and damages every one-sided result, which the
# check must then notice. Then, through skampi itself (the amalgam with
# -DSKAMPI_TESTING), `skampi -v`: tests/ski/verify_families.ski and
# tests/ski/verify_onesided.ski (every one-sided measurement) and tests/ski/verify_mpi3.ski
# (every MPI-3 point-to-point and one-sided one), tests/ski/verify_p2p_imb.ski (the IMB-P2P
# patterns) and tests/ski/verify_peer_rma.ski (the IMB-RMA and OSU one-sided loops) with 2
# and 4 processes,
# the SKaMPI 4 master-worker file ski/skampi4_master_worker.par with 4, and the
# corrupting test measurements (tests/ski/verify_corrupt.ski, and a one-sided one in
# tests/ski/verify_corrupt_win.ski, an MPI-3 atomic one in
# tests/ski/verify_corrupt_atomic.ski), which -v must stop with exit status 3 and a message
# naming it, its arguments and the byte. tests/mpi_catalogue/threads.sh (sourced): the
# thread level (SKAMPI_THREAD_LEVEL), the threaded and the MPI-4 partitioned measurements.
# MPI-4 (under a library whose mpi.h declares
# it, else that skampi refuses the rows): tests/ski/verify_mpi4.ski (every MPI-4 row and
# the persistent ping-pongs, each with its set-up line) and tests/ski/verify_mpi4_overlap.ski
# (the persistent collectives overlapped: overlap and set-up lines) with 2 and 4 processes, the
# damaged persistent all-to-all of tests/ski/verify_corrupt_mpi4.ski, and
# tests/ski/large_count.ski (messages above 2^31 bytes, verified) where the memory allows.
# MPICH 4.0.2's schedule-based MPI_Iscatter, MPI_Igather and MPI_Iallgather algorithms
# break when made persistent (a crash, or the second start delivering wrong data; see
# doc/manual.md): its runs here choose the transport-based ones (persistent_cvars).
# Prints "ok ..." / "FAIL ..." lines; exit status 0 when all pass.
set -u
. "$(dirname "$0")/../lib.sh"
out=tests/out/mpi_catalogue
mkdir -p "$out"
impls=${*:-$impls}
# processes per run: 2, 3 and 4 under Open MPI, 2 under MPICH. MPICH polls, so beyond
# the cores every wait costs time slices: on 2 cores its 3-process run took 282 s and its
# 4-process run 486 s (Open MPI 11 and 15 s). The odd size and the 2-process
# sub-communicator (the "/sub" lines) are Open MPI's 3-process run here; MPICH runs them
# with NPS="2 3" (make check-catalogue-odd); `skampi -v` below runs 4 processes of both.
nps_of() { case $1 in mpich) echo "${NPS:-2}" ;; *) echo "${NPS:-2 3 4}" ;; esac; }
limit=${TIMEOUT:-900}
# MPICH: algorithms of the persistent collectives that work when started again
persistent_cvars() {
  MPIR_CVAR_ISCATTER_INTRA_ALGORITHM=tsp_tree; MPIR_CVAR_IGATHER_INTRA_ALGORITHM=tsp_tree
  MPIR_CVAR_IALLGATHER_INTRA_ALGORITHM=tsp_ring
  export MPIR_CVAR_ISCATTER_INTRA_ALGORITHM MPIR_CVAR_IGATHER_INTRA_ALGORITHM MPIR_CVAR_IALLGATHER_INTRA_ALGORITHM
}
persistent_cvars

summary() { sed -n 's/^# test_catalogue: \(.*checks.*\)/\1/p' "$1"; }

# verify_each NAME FILE WHAT: `skampi -v` of FILE ($sk, $impl) with 2 and 4 processes must
# end with status 0 and one result line per measure statement.
verify_each() {
  want=$(grep -c '^ *measure ' "$2")
  for np in 2 4; do
    timeout "$limit" tools/mpirun.sh "$impl" "$np" "$sk" -v -i "$2" -o "$out/$1.$impl.$np.sko" \
      > "$out/$1.$impl.$np.err" 2>&1
    st=$?
    n=$(grep -c '^ *[0-9]' "$out/$1.$impl.$np.sko" 2>/dev/null)
    if [ $st -eq 0 ] && [ "$n" -eq "$want" ]; then echo "ok verify_$1_${impl}_np$np: $n $3 measurements verified and timed"
    else bad "verify_$1_${impl}_np$np: exit $st, $n of $want lines"; grep -i 'verif\|error' "$out/$1.$impl.$np.err" | head -3; fi
  done
}

# overlap_figures SKO NP N NAME: SKO has N "# overlap:" lines, each overlap within
# [0, 100] %, and with 2 processes t_ovrl at least half of max(t_pure, t_CPU) in 3 of 4
# lines (the operation and the computation both ran inside t_ovrl; a calibration a
# crowded host disturbed may miss).
overlap_figures() {
  verdict=$(awk -v np="$2" -v want="$3" '/^# overlap: t_pure/ {
      n++; p = $4; c = $7; o = $10; pc = $13
      if (pc < 0 || pc > 100) bad++
      if (o >= 0.5 * (p > c ? p : c)) sane++
    } END {
      if (n != want) print "wrong number of overlap lines: " n
      else if (bad) print bad " overlap values outside [0, 100]"
      else if (np == 2 && sane * 4 < n * 3) print "t_ovrl below half of max(t_pure, t_CPU) in " n - sane " of " n " lines"
      else print "ok"
    }' "$1")
  if [ "$verdict" = ok ]; then echo "ok $4_${impl}_np$2: $3 overlap lines, overlap within [0, 100] %"
  else bad "$4_${impl}_np$2: $verdict"; grep '^# overlap:' "$1" | head -3; fi
}

# refused_mpi4 NAME TAG SKI LINE:COL ROW: without MPI-4, `skampi -v` of tests/ski/SKI.ski
# ($sk, $impl, 2 processes) must stop with exit 2, naming ROW at LINE:COL as needing MPI-4.
refused_mpi4() {
  timeout "$limit" tools/mpirun.sh "$impl" 2 "$sk" -v -i "tests/ski/$3.ski" -o "$out/$2.$impl.sko" > "$out/$2.$impl.err" 2>&1
  st=$?
  if [ $st -eq 2 ] && grep -q "$3.ski:$4: '$5' needs MPI-4, which the MPI build lacks" "$out/$2.$impl.err"; then
    echo "ok $1_refused_$impl: exit 2, $5 named as needing MPI-4"
  else
    bad "$1_refused_$impl: exit $st"; head -3 "$out/$2.$impl.err"
  fi
}

# catches_all_to_all_corruption WHAT TAG SKI ROW: `skampi -v` of tests/ski/SKI.ski ($sk,
# $impl, 2 processes), whose ROW(16, MPI_INT, 16, MPI_INT) at line 8 damages byte 8 of the
# block rank 1 received from rank 0, must stop with exit 3 naming the block and the byte,
# before the block "after".
catches_all_to_all_corruption() {
  timeout "$limit" tools/mpirun.sh "$impl" 2 "$sk" -v -i "tests/ski/$3.ski" -o "$out/$2.$impl.sko" > "$out/$2.$impl.err" 2>&1
  st=$?
  if [ $st -eq 3 ] \
     && grep -q "$3.ski:8:28: verification of $4(16, MPI_INT, 16, MPI_INT) failed: process 1 of 2: block from rank 0.*byte 8 is 0x" "$out/$2.$impl.err" \
     && ! grep -q '"after"' "$out/$2.$impl.sko"; then
    echo "ok verify_catches_$1_corruption_$impl: exit 3, the block and byte 8 named"
  else
    bad "verify_catches_$1_corruption_$impl: exit $st"; grep -i verif "$out/$2.$impl.err" | head -3
  fi
}

# MPI-1.1 plus the MPI-2 names of MPI-1 functions that MPI-3 removed (used by the MPI-1
# build only when mpi.h is MPI-2 or later), as in tests/gates/mpi1_audit.sh.
allowed=$(sed -e 's/#.*//' -e 's/REPLACEMENTS://' tests/common/mpi11_functions.txt | tr ' ' '\n' | grep '^MPI_' | sort -u)

for impl in $impls; do
  have "$(mpicc_of "$impl")" || { echo "# $impl not installed, skipped"; continue; }
  mpicc=$(mpicc_of "$impl")
  bin=$out/test_catalogue.$impl
  # shellcheck disable=SC2086
  if sk_cc "$mpicc" @isystem:$impl @layer:measurements/meas_mpi_io.c @warn @test -g -O1 -o "$bin" tests/mpi_catalogue/test_catalogue.c @lm > "$out/build.$impl" 2>&1 \
     && [ ! -s "$out/build.$impl" ]; then
    echo "ok build_$impl (no warnings)"
  else
    bad "build_$impl: warnings or errors (see $out/build.$impl)"; head -20 "$out/build.$impl"
  fi
  if [ -x "$bin" ]; then
    for np in $(nps_of "$impl"); do
      log=$out/run.$impl.np$np
      timeout "$limit" tools/mpirun.sh "$impl" "$np" "$bin" > "$log" 2>&1
      status=$?
      grep '^FAIL' "$log" | head -20
      if [ $status -eq 0 ]; then
        echo "ok run_${impl}_np$np: $(summary "$log")"
      elif [ $status -eq 124 ]; then
        bad "run_${impl}_np$np: timed out after $limit s (deadlock?), last lines:"; tail -3 "$log"
      else
        bad "run_${impl}_np$np: exit status $status (see $log)"; tail -3 "$log"
      fi
    done
  fi
  # The MPI-1 build: only MPI-1.1 functions may be referenced.
  bin1=$out/test_catalogue_mpi1.$impl
  # shellcheck disable=SC2086
  if sk_cc "$mpicc" @isystem:$impl @layer:measurements/meas_mpi_io.c @warn @test -DSKAMPI_MPI1 -g -O1 -o "$bin1" tests/mpi_catalogue/test_catalogue.c @lm \
       > "$out/build1.$impl" 2>&1 && [ ! -s "$out/build1.$impl" ]; then
    echo "ok build_mpi1_$impl (no warnings)"
  else
    bad "build_mpi1_$impl: warnings or errors (see $out/build1.$impl)"; head -20 "$out/build1.$impl"
  fi
  # the modules one by one, and the whole test program (modules + transport + driver)
  for f in meas_mpi meas_mpi_p2p meas_mpi_bw meas_mpi_peer_p2p_imb meas_mpi_peer_p2p thread_team meas_mpi_threads meas_mpi_partitioned meas_mpi_mprobe meas_mpi_coll meas_mpi_coll3 meas_mpi_neighbor meas_mpi_session meas_mpi_win_sync meas_mpi_win_transfer meas_mpi_win_coll meas_mpi_win_atomic meas_mpi_peer_rma meas_mpi_io meas_io_local; do
    # shellcheck disable=SC2046
    sk_cc "$mpicc" -DSKAMPI_MPI1 "@layer:measurements/$f.c" -c -o "$out/$f.mpi1.$impl.o" "split/measurements/$f.c" || bad "compile $f.c"
  done
  modules=$(nm -u "$out"/meas_mpi*.mpi1."$impl".o | awk '{print $NF}' | sed 's/^P\(MPI_\)/\1/' | grep '^MPI_' | sort -u)
  used=$modules
  [ -x "$bin1" ] && used=$(nm -u "$bin1" | awk '{print $NF}' | sed 's/^P\(MPI_\)/\1/' | grep '^MPI_' | sort -u)
  bad=""
  for f in $used; do
    printf '%s\n' "$allowed" | grep -qx "$f" || bad="$bad $f"
  done
  if [ -z "$bad" ]; then
    # shellcheck disable=SC2086
    echo "ok mpi1_symbols_$impl: the MPI-1 build references $(printf '%s\n' $used | wc -l) MPI-1.1 functions only"
    # shellcheck disable=SC2086
    echo "# the measurement modules:" $modules
  else
    bad "mpi1_symbols_$impl: not MPI-1.1:$bad"
  fi
  if [ -x "$bin1" ]; then
    log=$out/run1.$impl.np2
    if timeout "$limit" tools/mpirun.sh "$impl" 2 "$bin1" > "$log" 2>&1; then
      echo "ok run_mpi1_${impl}_np2: $(summary "$log")"
    else
      grep '^FAIL' "$log" | head -20
      bad "run_mpi1_${impl}_np2 (see $log)"; tail -3 "$log"
    fi
  fi
  # skampi -v through the engine
  # (warnings are the business of the gates; the test build has unused test helpers)
  if sk=$(sk_binary testing "$impl"); then     # -O2 -DSKAMPI_TESTING, built by tests/run.sh
    for np in 2 4; do
      timeout "$limit" tools/mpirun.sh "$impl" "$np" "$sk" -v -i tests/ski/verify_families.ski -o "$out/vf.$impl.$np.sko" \
        > "$out/vf.$impl.$np.err" 2>&1
      st=$?
      n=$(grep -c '^ *[0-9]' "$out/vf.$impl.$np.sko" 2>/dev/null)
      if [ $st -eq 0 ] && [ "$n" -ge 28 ]; then echo "ok verify_families_${impl}_np$np: $n measurements verified and timed"
      else bad "verify_families_${impl}_np$np: exit $st, $n lines"; grep -i 'verif\|error' "$out/vf.$impl.$np.err" | head -3; fi
    done
    # every one-sided and every MPI-3 measurement, one result line each
    verify_each onesided tests/ski/verify_onesided.ski one-sided
    verify_each mpi3 tests/ski/verify_mpi3.ski MPI-3
    verify_each p2p_imb tests/ski/verify_p2p_imb.ski "IMB-P2P pattern"
    # the rows of OSU's and IMB's names (ping-ping, any source, persistent and fan streams, Mbibw_mr)
    verify_each peer_p2p tests/ski/verify_peer_p2p.ski point-to-point
    # IMB-RMA's and OSU's one-sided loops (meas_mpi_peer_rma.c), one result line each
    verify_each peer_rma tests/ski/verify_peer_rma.ski one-sided-peer
    timeout "$limit" tools/mpirun.sh "$impl" 2 "$sk" -v -i tests/ski/verify_corrupt_atomic.ski -o "$out/vca.$impl.sko" \
      > "$out/vca.$impl.err" 2>&1
    st=$?
    if [ $st -eq 3 ] \
       && grep -q 'verify_corrupt_atomic.ski:9:28: verification of Verify_Corrupt_Atomic_Test(5) failed: target window: element 0 is 6, expected 5' "$out/vca.$impl.err" \
       && grep -q '^# end result "corrupt atomic"' "$out/vca.$impl.sko" && ! grep -q '"after"' "$out/vca.$impl.sko"; then
      echo "ok verify_catches_atomic_corruption_$impl: exit 3, the target's value named"
    else
      bad "verify_catches_atomic_corruption_$impl: exit $st"; grep -i verif "$out/vca.$impl.err" | head -3
    fi
    # every MPI-3 collective row (tests/ski/verify_coll3.ski, one result line each); the
    # overlap lines: overlap within [0, 100] %, and with 2 processes t_ovrl at least half
    # of max(t_pure, t_CPU) in 3 of 4 lines (the operation and the computation both ran
    # inside t_ovrl; a calibration a crowded host disturbed may miss)
    if tools/mpirun.sh "$impl" 1 "$sk" -l Ibcast 2>/dev/null | grep -q 'not in this build'; then
      echo "# $impl: no MPI-3, the MPI-3 collectives skipped"
    else
      want=$(grep -c '^ *measure ' tests/ski/verify_coll3.ski)
      for np in 2 4; do
        sko=$out/v3.$impl.$np.sko
        timeout "$limit" tools/mpirun.sh "$impl" "$np" "$sk" -v -i tests/ski/verify_coll3.ski -o "$sko" \
          > "$out/v3.$impl.$np.err" 2>&1
        st=$?
        n=$(grep -c '^ *[0-9]' "$sko" 2>/dev/null)
        if [ $st -eq 0 ] && [ "$n" -eq "$want" ]; then echo "ok verify_coll3_${impl}_np$np: $n MPI-3 collective measurements verified and timed"
        else bad "verify_coll3_${impl}_np$np: exit $st, $n of $want lines"; grep -i 'verif\|error' "$out/v3.$impl.$np.err" | head -3; fi
        overlap_figures "$sko" "$np" 18 overlap_figures
      done
      catches_all_to_all_corruption nonblocking vc3 verify_corrupt_coll3 Verify_Corrupt_Ialltoall
    fi
    # MPI-4: every row verified, the persistent set-up lines, a damaged persistent
    # result caught, messages above 2^31 bytes; without MPI-4 the rows are refused
    if tools/mpirun.sh "$impl" 1 "$sk" -l Bcast_init 2>/dev/null | grep -q 'not in this build (needs MPI-4)'; then
      refused_mpi4 mpi4 v4 verify_mpi4 10:28 Barrier_init
      refused_mpi4 mpi4_overlap v4o verify_mpi4_overlap 11:28 Barrier_init_overlap
    else
      verify_each mpi4 tests/ski/verify_mpi4.ski MPI-4
      for np in 2 4; do
        n=$(grep -c '^# persistent: set-up MPI_[A-Za-z_ +]* [0-9.]* us' "$out/mpi4.$impl.$np.sko" 2>/dev/null)
        if [ "$n" -eq 19 ]; then echo "ok persistent_setup_${impl}_np$np: 19 set-up lines (17 collectives, 2 ping-pongs)"
        else bad "persistent_setup_${impl}_np$np: $n set-up lines, want 19"; fi
      done
      catches_all_to_all_corruption persistent vc4 verify_corrupt_mpi4 Verify_Corrupt_Alltoall_init
      # the persistent collectives overlapped (IMB-MPI4's Xxx_persist): verified, their
      # overlap figures and set-up lines
      verify_each mpi4_overlap tests/ski/verify_mpi4_overlap.ski "MPI-4 overlapped persistent"
      for np in 2 4; do
        overlap_figures "$out/mpi4_overlap.$impl.$np.sko" "$np" 13 persistent_overlap_figures
        n=$(grep -c '^# persistent: set-up MPI_[A-Za-z_]*_init [0-9.]* us' "$out/mpi4_overlap.$impl.$np.sko" 2>/dev/null)
        if [ "$n" -eq 13 ]; then echo "ok persistent_overlap_setup_${impl}_np$np: 13 set-up lines"
        else bad "persistent_overlap_setup_${impl}_np$np: $n set-up lines, want 13"; fi
      done
      # 2 processes with 2^31 + 64 bytes to send and as many to receive each
      avail_kb=$(sed -n 's/^MemAvailable: *\([0-9]*\) kB/\1/p' /proc/meminfo 2>/dev/null)
      if [ "${avail_kb:-0}" -lt 10485760 ]; then
        skip "large_count_$impl" "10 GB of available memory (2 processes of 4.3 GB), $((${avail_kb:-0} / 1048576)) GB free"
      else
        timeout "$limit" tools/mpirun.sh "$impl" 2 "$sk" -v -i tests/ski/large_count.ski -o "$out/lc.$impl.sko" \
          > "$out/lc.$impl.err" 2>&1
        st=$?
        lines=$(grep -c '^ *2147483712 ' "$out/lc.$impl.sko" 2>/dev/null)
        verified=$(grep -c '^#@ flags: .*verified' "$out/lc.$impl.sko" 2>/dev/null)
        if [ $st -eq 0 ] && [ "$lines" -eq 1 ] && [ "$verified" -eq 1 ]; then
          echo "ok large_count_$impl: a 2147483712-byte ping-pong (MPI_Send_c, MPI_Recv_c) verified"
        else
          bad "large_count_$impl: exit $st, $lines result lines, $verified verified"; tail -3 "$out/lc.$impl.err"
        fi
      fi
    fi
    # the thread level, the threaded and the partitioned measurements
    . tests/mpi_catalogue/threads.sh
    timeout "$limit" tools/mpirun.sh "$impl" 4 "$sk" -v -i ski/skampi4_master_worker.par -o "$out/mw.$impl.sko" \
      > "$out/mw.$impl.err" 2>&1
    st=$?
    blocks=$(grep -c '^# end result' "$out/mw.$impl.sko" 2>/dev/null)
    if [ $st -eq 0 ] && [ "$blocks" -eq 9 ]; then echo "ok skampi4_master_worker_par_${impl}_np4: 9 blocks, verified"
    else bad "skampi4_master_worker_par_${impl}_np4: exit $st, $blocks blocks"; tail -3 "$out/mw.$impl.err"; fi
    timeout "$limit" tools/mpirun.sh "$impl" 2 "$sk" -v -i tests/ski/verify_corrupt.ski -o "$out/vc.$impl.sko" \
      > "$out/vc.$impl.err" 2>&1
    st=$?
    if [ $st -eq 3 ] \
       && grep -q 'verify_corrupt.ski:10:30: verification of Verify_Corrupt_Test(16) failed: process 1 of 2: received block: byte 8 is 0x' "$out/vc.$impl.err" \
       && grep -q '^# end result "corrupt"' "$out/vc.$impl.sko" && ! grep -q '"after"' "$out/vc.$impl.sko"; then
      echo "ok verify_catches_corruption_$impl: exit 3 after closing the block, byte 8 named"
    else
      bad "verify_catches_corruption_$impl: exit $st"; grep -i verif "$out/vc.$impl.err" | head -3
    fi
    timeout "$limit" tools/mpirun.sh "$impl" 2 "$sk" -v -i tests/ski/verify_corrupt_win.ski -o "$out/vcw.$impl.sko" \
      > "$out/vcw.$impl.err" 2>&1
    st=$?
    if [ $st -eq 3 ] \
       && grep -q 'verify_corrupt_win.ski:9:28: verification of Verify_Corrupt_Win_Test(16) failed: process 1 of 2: window after the epoch slot 0 (the block of rank 0), data byte 32 in type-map order: byte 32 is 0x' "$out/vcw.$impl.err" \
       && grep -q '^# end result "corrupt window"' "$out/vcw.$impl.sko" && ! grep -q '"after"' "$out/vcw.$impl.sko"; then
      echo "ok verify_catches_window_corruption_$impl: exit 3, the window slot and byte 32 named"
    else
      bad "verify_catches_window_corruption_$impl: exit $st"; grep -i verif "$out/vcw.$impl.err" | head -3
    fi
    timeout "$limit" tools/mpirun.sh "$impl" 2 "$sk" -i tests/ski/verify_corrupt.ski -o "$out/vn.$impl.sko" \
      > "$out/vn.$impl.err" 2>&1
    st=$?
    if [ $st -eq 0 ] && grep -q '^# end result "after"' "$out/vn.$impl.sko"; then echo "ok verify_off_runs_through_$impl"
    else bad "verify_off_runs_through_$impl: exit $st"; fi
  else
    bad "build_skampi_testing_$impl (see tests/out/build-skampi-testing-$impl.log)"; head -5 "tests/out/build-skampi-testing-$impl.log"
  fi
done
finish
