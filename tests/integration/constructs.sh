#!/bin/sh
# tests/integration/constructs.sh IMPL BINARY -- tests/ski/constructs.ski (every construct of the
# SKaMPI 5/6 language and the names skampi added for it) passes -n, runs with 2 and 4
# processes, and every #P line, result line and block line equals
# tests/integration/expected/constructs.npN.out (values worked out by hand: see the comments there).
# Header lines (dates, library, clocks, synchronisation, durations) and warnings (they
# depend on timing and on the machine) are left out.
. "$(dirname "$0")/../lib.sh"
impl=$1; bin=$2
out=tests/out/constructs; mkdir -p "$out"
if tools/mpirun.sh "$impl" 1 "$bin" -n -i tests/ski/constructs.ski > "$out/n.txt" 2>&1; then pass "constructs_${impl}_syntax"
else fail "constructs_${impl}_syntax" "$(tail -1 "$out/n.txt")"; fi
for np in 2 4; do
  sko=$out/$impl-$np.sko
  rm -f "$sko"
  if ! timeout 300 tools/mpirun.sh "$impl" "$np" "$bin" -i tests/ski/constructs.ski -o "$sko" > "$out/$impl-$np.log" 2>&1; then
    fail "constructs_${impl}_np${np}_run" "exit status $? (see $out/$impl-$np.log)"; continue
  fi
  # only what the program decides: #P lines, block lines, result lines, the unit line
  grep -e '^#P\[' -e '^# begin result' -e '^# end result' -e '^# times in' -e '^[^#]' "$sko" > "$out/$impl-$np.lines"
  if diff "tests/integration/expected/constructs.np$np.out" "$out/$impl-$np.lines" > "$out/$impl-$np.diff"; then pass "constructs_${impl}_np${np}_line_by_line"
  else fail "constructs_${impl}_np${np}_line_by_line" "$(head -4 "$out/$impl-$np.diff" | tr '\n' ' ')"; fi
done
