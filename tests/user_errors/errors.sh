#!/bin/sh
# tests/user_errors/errors.sh SKAMPI -- every file in tests/user_errors/cases/ is a user mistake. Its first line
# says what skampi must print: "# expect: LINE:COL: message" (checked as the start of
# the first stderr line, after "FILE:"), or "# expect-at: FILE:LINE:COL: message" when
# the mistake is in another (included) file; a "# run" line means the mistake is found while
# running rather than by -n. skampi must exit with status 2 and write no result lines.
set -u
. "$(dirname "$0")/../lib.sh"
skampi=$1
for f in tests/user_errors/cases/*.ski; do
  expect=$(sed -n 's/^# expect: //p' "$f" | head -n 1)
  want="$f:$expect"
  at=$(sed -n 's/^# expect-at: //p' "$f" | head -n 1)
  [ -n "$at" ] && want=$at
  [ -n "$expect$at" ] || continue
  if grep -q '^# run' "$f"; then mode=""; else mode="-n"; fi
  $skampi $mode -i "$f" -o tests/out/error.sko > tests/out/error.stdout 2> tests/out/error.stderr
  status=$?
  first=$(head -n 1 tests/out/error.stderr)
  case $first in
    "$want"*) if [ $status -eq 2 ]; then echo "ok error $(basename "$f")"; else echo "FAIL error $(basename "$f"): exit status $status, expected 2"; fi ;;
    *) echo "FAIL error $(basename "$f"): got '$first', expected '$want'" ;;
  esac
  rm -f tests/out/error.sko*
done
