#!/bin/sh
# tests/run.sh -- every test of skampi; the last line is "N passed, N failed".
#   sh tests/run.sh [group ...]     groups: gates unit errors ski mpi rcce bcast (default: all)
# Each check prints "ok <name>" or "FAIL <name>: why"; programs that print such lines
# themselves (unit tests) are counted line by line. Work files go to tests/out/.
set -u
cd "$(dirname "$0")/.."
top=$(pwd)
out=$top/tests/out
mkdir -p "$out"
log=$out/run.log
: > "$log"
passed=0; failed=0
groups=${*:-"gates unit errors ski mpi rcce bcast"}

pass() { passed=$((passed + 1)); echo "ok $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1"; }
# run_counted NAME CMD...: counts the ok/FAIL lines of CMD; a non-zero exit without
# FAIL lines counts as one failure.
run_counted() {
  name=$1; shift
  "$@" > "$out/$name.txt" 2>&1
  status=$?
  n_ok=$(grep -c '^ok' "$out/$name.txt"); n_fail=$(grep -c '^FAIL' "$out/$name.txt")
  grep '^FAIL' "$out/$name.txt"
  passed=$((passed + n_ok)); failed=$((failed + n_fail))
  if [ $status -ne 0 ] && [ "$n_fail" -eq 0 ]; then fail "$name: exit status $status (see tests/out/$name.txt)"; tail -5 "$out/$name.txt"
  elif [ "$n_ok" -eq 0 ] && [ "$n_fail" -eq 0 ]; then pass "$name"
  else echo "# $name: $n_ok checks passed, $n_fail failed"; fi
}
# check NAME CMD...: one check, passes when CMD exits 0.
check() {
  name=$1; shift
  if "$@" > "$out/$name.txt" 2>&1; then pass "$name"; else fail "$name (see tests/out/$name.txt)"; tail -5 "$out/$name.txt"; fi
}
have() { command -v "$1" >/dev/null 2>&1; }
mpi_incdirs() {   # -isystem flags so that mpi.h counts as a system header
  case $1 in
    openmpi) for d in $(mpicc.openmpi --showme:incdirs); do printf ' -isystem %s' "$d"; done ;;
    mpich) for d in $(mpicc.mpich -show | tr ' ' '\n' | sed -n 's/^-I//p'); do printf ' -isystem %s' "$d"; done ;;
  esac
}
impls=""
have mpicc.openmpi && impls="$impls openmpi"
have mpicc.mpich && impls="$impls mpich"
WARN="-std=c89 -pedantic -Wall -Wextra -O2"

# ---- builds used by several groups ----
build_all() {
  cc -O2 -DSKAMPI_SEQ -o "$out/skampi-seq" skampi_amalgam.c -lm >> "$log" 2>&1 || echo "build of skampi-seq failed" >> "$log"
  for i in $impls; do
    "mpicc.$i" -O2 -o "$out/skampi-$i" skampi_amalgam.c -lm >> "$log" 2>&1 || echo "build with $i failed" >> "$log"
  done
}
build_all

for g in $groups; do
case $g in
gates)
  echo "# gates"
  cp skampi_amalgam.c "$out/amalgam.committed"
  check amalgam_is_fresh sh -c "tools/sk21f '$out/amalgam.fresh' && cmp '$out/amalgam.fresh' skampi_amalgam.c"
  check sk21f_deterministic sh -c "tools/sk21f '$out/amalgam.again' && cmp '$out/amalgam.fresh' '$out/amalgam.again'"
  check sk21f_posix_sh sh -c "(! command -v dash >/dev/null || dash -n tools/sk21f) && ! grep -v '^[[:space:]]*#' tools/sk21f | grep -nE '\[\[|function |local |source |\\\$\{[A-Za-z_]+//'"
  for c in gcc clang; do
    have $c || continue
    check "warnings_${c}_seq" sh -c "$c $WARN -DSKAMPI_SEQ -c -o '$out/w.o' skampi_amalgam.c 2>&1 | tee /dev/stderr | (! grep -q .)"
    for i in $impls; do
      inc=$(mpi_incdirs $i)
      if [ $i = openmpi ]; then wrap="OMPI_CC=$c mpicc.openmpi"; else wrap="MPICH_CC=$c mpicc.mpich"; fi
      check "warnings_${c}_$i" sh -c "$wrap $inc $WARN -c -o '$out/w.o' skampi_amalgam.c 2>&1 | tee /dev/stderr | (! grep -q .)"
      check "warnings_${c}_${i}_mpi1" sh -c "$wrap $inc $WARN -DSKAMPI_MPI1 -c -o '$out/w.o' skampi_amalgam.c 2>&1 | tee /dev/stderr | (! grep -q .)"
    done
  done
  for i in $impls; do
    check "mpi1_audit_$i" sh tests/mpi1_audit.sh "mpicc.$i"
  done
  check modules_compile_one_by_one sh tests/modules.sh
  ;;
unit)
  echo "# unit tests (sequential backend)"
  for t in tests/unit/test_*.c; do
    n=$(basename "$t" .c)
    if cc $WARN -g -DSKAMPI_SEQ -o "$out/$n" "$t" -lm > "$out/$n.build" 2>&1; then
      run_counted "$n" "$out/$n"
    else fail "$n: does not build (tests/out/$n.build)"; tail -5 "$out/$n.build"; fi
  done
  if [ -f tests/unit/run_sanitized.sh ] && have clang; then run_counted unit_sanitized sh tests/unit/run_sanitized.sh; fi
  if [ -f tests/fuzz/run.sh ] && have clang; then run_counted fuzz_smoke sh tests/fuzz/run.sh smoke; fi
  ;;
errors)
  echo "# user errors: file:line:col: message and exit status 2"
  run_counted errors sh tests/errors.sh "$out/skampi-seq"
  run_counted merge sh tests/merge.sh "$out/skampi-seq"
  ;;
ski)
  echo "# every input file of the project passes -n"
  for i in $impls; do
    for f in ski/*.ski ski/*.par; do
      [ -f "$f" ] || continue
      check "syntax_${i}_$(basename "$f")" tools/mpirun.sh $i 1 "$out/skampi-$i" -n -i "$f"
    done
    break
  done
  ;;
mpi)
  echo "# integration under mpirun"
  for i in $impls; do
    for np in 2 3 4; do
      rm -f "$out/integ-$i-$np.sko"
      check "run_${i}_np$np" timeout 300 tools/mpirun.sh $i $np "$out/skampi-$i" -i tests/ski/integration.ski -o "$out/integ-$i-$np.sko"
      check "output_${i}_np$np" awk -v np=$np -v minrep=4 -v maxrep=12 -v maxnodes=16 -f tests/check_sko.awk "$out/integ-$i-$np.sko"
    done
    run_counted "mpi_behaviour_$i" sh tests/mpi_behaviour.sh $i "$out/skampi-$i"
  done
  ;;
rcce)
  if [ -f tools/rcce/test_rcce_emu.sh ]; then run_counted rcce_emulator sh tools/rcce/test_rcce_emu.sh; fi
  if [ -f tests/rcce.sh ]; then run_counted rcce_backend sh tests/rcce.sh; fi
  ;;
bcast)
  if [ -f tests/bcast/run.sh ]; then
    for i in $impls; do run_counted "bcast_algos_$i" sh tests/bcast/run.sh $i 1 2 3 4 5 6 7 8; done
    run_counted bcast_algos_rcce sh tests/bcast/run.sh rcce $(seq 1 48)
  fi
  if [ -f tests/mpi_catalogue/run.sh ]; then
    for i in $impls; do run_counted "catalogue_$i" sh tests/mpi_catalogue/run.sh $i; done
  fi
  if [ -f tests/sync/run.sh ]; then
    MPIS="$impls seq rcce"; NPS="2 3 4 8"; export MPIS NPS
    run_counted sync sh tests/sync/run.sh
  fi
  ;;
*) echo "unknown group $g"; failed=$((failed + 1)) ;;
esac
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
