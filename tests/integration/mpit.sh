#!/bin/sh
# tests/integration/mpit.sh IMPL DEFAULT_BINARY -- the MPI tools interface (split/transport/mpit.h): the
# -DSKAMPI_MPIT build lists the library's variables (skampi -l MPI_T: Open MPI offers
# performance variables, Debian's MPICH control variables only) and writes "# mpit"
# lines under every result line of the block after switch_mpit_on() and under none
# after switch_mpit_off(); the same for the SKaMPI 4 keyword @MPI_T yes/no in
# tests/ski/mpit.par; the default build refuses all with a message, exit 2.
. "$(dirname "$0")/../lib.sh"
impl=$1; plain=$2
out=tests/out/mpit; mkdir -p "$out"
if ! bin=$(sk_binary mpit "$impl"); then     # -DSKAMPI_MPIT, built by tests/run.sh
  fail "mpit_${impl}_build" "$(head -3 "tests/out/build-skampi-mpit-$impl.log")"; exit 0
fi
tools/mpirun.sh "$impl" 1 "$bin" -l MPI_T > "$out/list-$impl.txt" 2>&1
npvar=$(sed -n 's/^MPI_T performance variables: \([0-9]*\).*/\1/p' "$out/list-$impl.txt")
ncvar=$(sed -n 's/^MPI_T control variables: \([0-9]*\).*/\1/p' "$out/list-$impl.txt")
if [ -n "$npvar" ] && [ -n "$ncvar" ] && [ $((npvar + ncvar)) -ge 1 ]; then pass "mpit_${impl}_list"
else fail "mpit_${impl}_list" "no variable listed: $(head -2 "$out/list-$impl.txt")"; fi
# lines_under INPUT NAME: runs INPUT on 2 processes; every result line of the block
# "pingpong with MPI_T" (3 lengths) is followed by "# mpit" lines, the block "without" has none
lines_under() {
  sko=$out/$impl-$2.sko
  rm -f "$sko"
  if timeout 300 tools/mpirun.sh "$impl" 2 "$bin" -i "$1" -o "$sko" > "$out/run-$impl-$2.txt" 2>&1; then
    if awk '/^# begin result "pingpong with MPI_T"/ { b = 1 } /^# begin result "without"/ { b = 2 }
            b == 1 && /^[a-z]+=/ { lines++; want = 1; next }
            want && /^# mpit/ { with++; want = 0 }
            b == 2 && /^# mpit/ { bad++ }
            END { exit !(lines == 3 && with == 3 && bad == 0) }' "$sko"; then pass "mpit_${impl}_$2"
    else fail "mpit_${impl}_$2" "see $sko"; fi
  else fail "mpit_${impl}_$2" "run failed, see $out/run-$impl-$2.txt"; fi
}
lines_under tests/ski/mpit.ski lines_under_results
lines_under tests/ski/mpit.par skampi4_keyword_lines_under_results
tools/mpirun.sh "$impl" 1 "$plain" -i tests/ski/mpit.ski > "$out/plain-$impl.txt" 2>&1
status=$?
if [ $status -eq 2 ] && grep -q 'mpit.ski:5:1: switch_mpit_on: this build has no MPI_T' "$out/plain-$impl.txt"; then pass "mpit_${impl}_default_build_refuses"
else fail "mpit_${impl}_default_build_refuses" "exit $status: $(grep -v '^#' "$out/plain-$impl.txt" | head -2)"; fi
tools/mpirun.sh "$impl" 1 "$plain" -l MPI_T > "$out/plain-list-$impl.txt" 2>&1
status=$?
if [ $status -eq 2 ] && grep -q 'needs -DSKAMPI_MPIT' "$out/plain-list-$impl.txt"; then pass "mpit_${impl}_default_build_lists_nothing"
else fail "mpit_${impl}_default_build_lists_nothing" "exit $status"; fi
tools/mpirun.sh "$impl" 1 "$plain" -i tests/ski/mpit.par > "$out/plain-par-$impl.txt" 2>&1
status=$?
if [ $status -eq 2 ] && grep -q 'mpit.par:6:8: switch_mpit_on: this build has no MPI_T' "$out/plain-par-$impl.txt"; then pass "mpit_${impl}_default_build_refuses_skampi4_keyword"
else fail "mpit_${impl}_default_build_refuses_skampi4_keyword" "exit $status: $(grep -v '^#' "$out/plain-par-$impl.txt" | head -2)"; fi
