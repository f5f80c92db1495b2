#!/bin/sh
# tests/mpit.sh IMPL DEFAULT_BINARY -- the MPI tools interface (split/mpit.h): the
# -DSKAMPI_MPIT build lists the library's variables (skampi -l MPI_T: Open MPI offers
# performance variables, Debian's MPICH control variables only) and writes "# mpit"
# lines under every result line of the block after switch_mpit_on() and under none
# after switch_mpit_off(); the default build refuses both with a message, exit 2.
impl=$1; plain=$2
out=tests/out/mpit; mkdir -p "$out"
ok() { echo "ok $1"; }
fail() { echo "FAIL $1: $2"; }
bin=$out/skampi-mpit-$impl
if ! "mpicc.$impl" -DSKAMPI_MPIT -o "$bin" tests/out/skampi_amalgam.c -lm > "$out/build-$impl.txt" 2>&1; then
  fail "mpit_${impl}_build" "$(head -3 "$out/build-$impl.txt")"; exit 0
fi
tools/mpirun.sh "$impl" 1 "$bin" -l MPI_T > "$out/list-$impl.txt" 2>&1
npvar=$(sed -n 's/^MPI_T performance variables: \([0-9]*\).*/\1/p' "$out/list-$impl.txt")
ncvar=$(sed -n 's/^MPI_T control variables: \([0-9]*\).*/\1/p' "$out/list-$impl.txt")
if [ -n "$npvar" ] && [ -n "$ncvar" ] && [ $((npvar + ncvar)) -ge 1 ]; then ok "mpit_${impl}_list"
else fail "mpit_${impl}_list" "no variable listed: $(head -2 "$out/list-$impl.txt")"; fi
sko=$out/$impl.sko
rm -f "$sko"
if timeout 300 tools/mpirun.sh "$impl" 2 "$bin" -i tests/ski/mpit.ski -o "$sko" > "$out/run-$impl.txt" 2>&1; then
  # every result line of the first block is followed by "# mpit" lines; the second has none
  if awk '/^# begin result "pingpong with MPI_T"/ { b = 1 } /^# begin result "without"/ { b = 2 }
          b == 1 && /^count=/ { lines++; want = 1; next }
          want && /^# mpit/ { with++; want = 0 }
          b == 2 && /^# mpit/ { bad++ }
          END { exit !(lines == 3 && with == 3 && bad == 0) }' "$sko"; then ok "mpit_${impl}_lines_under_results"
  else fail "mpit_${impl}_lines_under_results" "see $sko"; fi
else fail "mpit_${impl}_run" "see $out/run-$impl.txt"; fi
tools/mpirun.sh "$impl" 1 "$plain" -i tests/ski/mpit.ski > "$out/plain-$impl.txt" 2>&1
status=$?
if [ $status -eq 2 ] && grep -q 'mpit.ski:5:1: switch_mpit_on: this build has no MPI_T' "$out/plain-$impl.txt"; then ok "mpit_${impl}_default_build_refuses"
else fail "mpit_${impl}_default_build_refuses" "exit $status: $(grep -v '^#' "$out/plain-$impl.txt" | head -2)"; fi
tools/mpirun.sh "$impl" 1 "$plain" -l MPI_T > "$out/plain-list-$impl.txt" 2>&1
status=$?
if [ $status -eq 2 ] && grep -q 'needs -DSKAMPI_MPIT' "$out/plain-list-$impl.txt"; then ok "mpit_${impl}_default_build_lists_nothing"
else fail "mpit_${impl}_default_build_lists_nothing" "exit $status"; fi
