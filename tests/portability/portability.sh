#!/bin/sh
# tests/portability/portability.sh -- `make portability`: builds the amalgam with every compiler and
# target this machine has and runs, for each, the sequential-backend unit tests and a
# short sequential benchmark (output parsed back); the MPI build through the MPI
# wrappers with the small compilers, with a ping-pong run under mpirun; -m32 -march=pentium
# (the SCC's P54C) for the sequential and RCCE-emulator builds; aarch64 and s390x
# (big-endian) cross builds under qemu-user; both MPIs with -DSKAMPI_MPI1 and full.
# One line per compiler/target; the last line is "N passed, N failed".
set -u
. "$(dirname "$0")/../lib.sh"
o=tests/out/port
rm -rf "$o"; mkdir -p "$o"
# every build uses the amalgam of split/ as it is now, as tests/run.sh does
am=tests/out/skampi_amalgam.c
amalgam_is_current || sk_amalgam || { echo "FAIL tools/sk21f"; echo "0 passed, 1 failed"; exit 1; }

# compile NAME "CC FLAGS" SOURCE... : compiles (no warnings allowed) and links separately
compile() {
  name=$1; cc=$2; shift 2
  sk_cc "$cc" -c -o "$o/$name.o" "$@" > "$o/$name.warn" 2>&1 || return 1
  [ ! -s "$o/$name.warn" ] || return 2
  return 0
}

# seq_target NAME "CC FLAGS" RUNNER: sequential build, unit tests, short benchmark
seq_target() {
  name=$1; cc=$2; runner=$3
  # the benchmark (the flags given, -O2: its warnings count) and the unit tests, built side
  # by side, one per processor; the unit tests at -O1 with gcc natively and for the x87
  # (optimised code keeps doubles in 80-bit registers: a test comparing them exactly
  # failed there alone), at -O0 with the others (each build includes the whole amalgam:
  # 17 s at -O2, 5.6 s at -O1, 2.6 s at -O0); then run one by one
  sk_cc_bg "$o/$name.build" "$cc" -DSKAMPI_SEQ -o "$o/skampi-$name" @am @lm
  case $name:$cc in gcc:*|gcc-m32*) unit_opt=-O1 ;; *:*gcc*|*:*clang*) unit_opt=-O0 ;; *) unit_opt="" ;; esac
  for t in tests/unit/test_*.c; do
    tn=$(basename "$t" .c)
    # shellcheck disable=SC2086
    sk_cc_bg "$o/$name-$tn.build" "$cc" $unit_opt -DSKAMPI_SEQ @test -o "$o/$name-$tn" "$t" @lm
  done
  sk_bg_wait
  if ! sk_cc_ok "$o/$name.build"; then
    say 1 "$name sequential" "build failed: $(head -n 3 "$o/$name.build")"; return; fi
  if grep -v 'ld: warning\|ld: NOTE\|^$' "$o/$name.build" | grep -q .; then
    say 1 "$name sequential" "warnings: $(head -n 3 "$o/$name.build")"; return; fi
  units=""
  for t in tests/unit/test_*.c; do
    tn=$(basename "$t" .c)
    if ! sk_cc_ok "$o/$name-$tn.build"; then units="$units $tn(build)"; continue; fi
    $runner "$o/$name-$tn" > "$o/$name-$tn.out" 2>&1 || units="$units $tn"
  done
  $runner "$o/skampi-$name" -i tests/ski/portable.ski -o "$o/$name.sko" > "$o/$name.run" 2>&1
  bench=$?
  awk -v np=1 -v minrep=4 -v maxrep=10 -v maxnodes=16 -f tests/common/check_sko.awk "$o/$name.sko" > "$o/$name.check" 2>&1
  check=$?
  if [ -z "$units" ] && [ $bench = 0 ] && [ $check = 0 ]; then
    say 0 "$name sequential: build without warnings, unit tests, benchmark output checked"
  else
    say 1 "$name sequential" "failed unit tests:${units:- none}; benchmark exit $bench; output check $(head -n 2 "$o/$name.check")"
  fi
}

native() { "$@"; }
m32_extra=$(sh tests/common/m32-flags.sh)   # the /usr/include/asm shim, see there (m32_flags of tests/lib.sh)
seq_target gcc "gcc -std=c89 -pedantic -Wall -Wextra -O2" native
if have clang; then seq_target clang "clang -std=c89 -pedantic -Wall -Wextra -O2" native; else skip clang clang; fi
if have tcc; then seq_target tcc "tcc -Wall" native; else skip tcc tcc; fi
if have pcc; then seq_target pcc "pcc" native; else skip pcc pcc; fi
if sk_cc gcc @m32 -x c -o "$o/m32probe" - > /dev/null 2>&1 <<'C'
#include <errno.h>
int main(void) { return errno; }
C
then
  # a kernel without IA32 emulation runs them under qemu-i386 (tests/lib.sh sk_m32_run)
  if m32_run=$(sk_m32_run); then
    seq_target gcc-m32-pentium "gcc -m32 -march=pentium $m32_extra -std=c89 -pedantic -Wall -Wextra -O2" "${m32_run:-native}"
  else skip "gcc -m32 runs" "a kernel with IA32 emulation or qemu-i386 (qemu-user)"; fi
else skip "gcc -m32" gcc-12-multilib; fi
qemu_aarch64() { qemu-aarch64 -L /usr/aarch64-linux-gnu "$@"; }
qemu_s390x() { qemu-s390x -L /usr/s390x-linux-gnu "$@"; }
if have aarch64-linux-gnu-gcc && have qemu-aarch64; then
  seq_target aarch64 "aarch64-linux-gnu-gcc -std=c89 -pedantic -Wall -Wextra -O2" qemu_aarch64
else skip aarch64 "gcc-aarch64-linux-gnu and qemu-user"; fi
if have s390x-linux-gnu-gcc && have qemu-s390x; then
  seq_target s390x-big-endian "s390x-linux-gnu-gcc -std=c89 -pedantic -Wall -Wextra -O2" qemu_s390x
else skip s390x "gcc-s390x-linux-gnu and qemu-user"; fi

# MPI builds: the full one and -DSKAMPI_MPI1, through each wrapper, with gcc and with
# the small compilers; a ping-pong run under mpirun with 2 processes each.
mpi_target() {
  label=$1; wrapper=$2; impl=$3; flags=$4
  # shellcheck disable=SC2086
  if ! sk_cc "$wrapper" $flags -o "$o/skampi-$label" @am @lm > "$o/$label.build" 2>&1; then
    say 1 "$label" "build failed: $(grep -v 'ld: ' "$o/$label.build" | head -n 3)"; return; fi
  rm -f "$o/$label.sko"
  timeout 120 tools/mpirun.sh $impl 2 "$o/skampi-$label" -i tests/ski/forwarding.ski -o "$o/$label.sko" > "$o/$label.run" 2>&1
  st=$?
  awk -v np=2 -v minrep=3 -v maxrep=5 -v maxnodes=16 -f tests/common/check_sko.awk "$o/$label.sko" > "$o/$label.check" 2>&1
  ck=$?
  if [ $st = 0 ] && [ $ck = 0 ]; then say 0 "$label: ping-pong under mpirun, output checked"
  else say 1 "$label" "run exit $st, check: $(head -n 2 "$o/$label.check")"; fi
}
if have mpicc.openmpi; then
  mpi_target openmpi-gcc "mpicc.openmpi" openmpi ""
  mpi_target openmpi-gcc-mpi1 "mpicc.openmpi" openmpi "-DSKAMPI_MPI1"
  if have tcc; then mpi_target openmpi-tcc "OMPI_CC=tcc mpicc.openmpi" openmpi ""; fi
  if have tcc; then mpi_target openmpi-tcc-mpi1 "OMPI_CC=tcc mpicc.openmpi" openmpi "-DSKAMPI_MPI1"; fi
else skip openmpi openmpi; fi
if have mpicc.mpich; then
  mpi_target mpich-gcc "mpicc.mpich" mpich ""
  mpi_target mpich-gcc-mpi1 "mpicc.mpich" mpich "-DSKAMPI_MPI1"
  if have pcc; then mpi_target mpich-pcc "MPICH_CC=pcc mpicc.mpich" mpich ""; fi
  if have pcc; then mpi_target mpich-pcc-mpi1 "MPICH_CC=pcc mpicc.mpich" mpich "-DSKAMPI_MPI1"; fi
else skip mpich mpich; fi

# RCCE backend under the emulator: native, -m32 -march=pentium (the SCC cores), and the
# cross targets (the launcher runs natively and starts the emulated program).
rcce_target() {
  label=$1; cc=$2; runner=$3
  if [ ! -f split/transport/transport_rcce.c ] || ! grep -q SKAMPI_RCCE split/transport/transport_rcce.c; then skip "$label" "no RCCE backend"; return; fi
  if ! sk_cc "$cc" @rcce -o "$o/skampi-rcce-$label" @am @rcce_emu @lm > "$o/rcce-$label.build" 2>&1 ||
     grep -v 'ld: warning\|ld: NOTE' "$o/rcce-$label.build" | grep -q .; then
    say 1 "RCCE $label" "build: $(head -n 3 "$o/rcce-$label.build")"; return; fi
  # The launcher is built for the target as well and runs under the same emulator, so the
  # segment it prepares has the UEs' byte order; it starts each UE through $runner.
  if ! sk_cc "$cc" -o "$o/rccerun-$label" tools/rcce/rccerun.c > "$o/rccerun-$label.build" 2>&1; then
    say 1 "RCCE $label" "launcher build: $(head -n 3 "$o/rccerun-$label.build")"; return; fi
  timeout 300 $runner "$o/rccerun-$label" -nue 4 $runner "$o/skampi-rcce-$label" -i ski/rcce_smoke.ski -o "$o/rcce-$label.sko" > "$o/rcce-$label.run" 2>&1
  st=$?
  awk -v np=4 -v minrep=1 -v maxrep=100 -v maxnodes=16 -f tests/common/check_sko.awk "$o/rcce-$label.sko" > "$o/rcce-$label.check" 2>&1
  ck=$?
  if [ $st = 0 ] && [ $ck = 0 ]; then say 0 "RCCE $label: 4 UEs under the emulator, output checked"
  else say 1 "RCCE $label" "run exit $st: $(tail -n 2 "$o/rcce-$label.run") $(head -n 1 "$o/rcce-$label.check")"; fi
}
if [ -f ski/rcce_smoke.ski ]; then
  rcce_target native "gcc -std=c89 -pedantic -Wall -Wextra -O2" ""
  if m32_run=$(sk_m32_run); then
    rcce_target m32-pentium "gcc -m32 -march=pentium $m32_extra -std=c89 -pedantic -Wall -Wextra -O2" "$m32_run"
  else skip "RCCE m32-pentium runs" "a kernel with IA32 emulation or qemu-i386 (qemu-user)"; fi
  if have aarch64-linux-gnu-gcc && have qemu-aarch64; then rcce_target aarch64 "aarch64-linux-gnu-gcc -O2 -Wall -Wextra" "qemu-aarch64 -L /usr/aarch64-linux-gnu"; fi
  if have s390x-linux-gnu-gcc && have qemu-s390x; then rcce_target s390x-big-endian "s390x-linux-gnu-gcc -O2 -Wall -Wextra" "qemu-s390x -L /usr/s390x-linux-gnu"; fi
else skip RCCE "ski/rcce_smoke.ski missing"; fi

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
