#!/bin/sh
# tests/gates/test_helpers_once_planted.sh -- tests/gates/test_helpers_once.sh fails on
# each planted definition: a copy of tests/ (scripts only) gets, one at a time, a script
# that defines a helper of tests/lib.sh (pass, say with leading blanks, have as
# "function have()") or an old copy's name (ok); the unchanged copy must pass.
set -u
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-helpers.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
fresh() {
  rm -rf "$tmp/tests" && mkdir -p "$tmp/tests" || exit 2
  (cd tests && find . -name '*.sh' ! -path './out/*' | cpio -pdm --quiet "$tmp/tests" 2>/dev/null ||
   tar -cf - $(find . -name '*.sh' ! -path './out/*') | (cd "$tmp/tests" && tar -xf -)) || exit 2
  [ -f "$tmp/tests/lib.sh" ] || exit 2
}
# expect NAME FILE LINE: the gate run on the copy after planting LINE into FILE fails
# and names NAME
expect() {
  fresh
  printf '%s\n' "$3" >> "$tmp/tests/$2"
  if sh tests/gates/test_helpers_once.sh "$tmp/tests" > "$tmp/out" 2>&1; then
    fail "planted_$1" "the gate passed with '$3' in tests/$2"
  elif grep -q "tests/$2:[0-9]*: $1\$" "$tmp/out"; then pass "planted_$1"
  else fail "planted_$1" "the gate failed but did not name $1 in tests/$2: $(head -n 2 "$tmp/out")"; fi
}
fresh
if sh tests/gates/test_helpers_once.sh "$tmp/tests" > "$tmp/out" 2>&1; then pass unchanged_copy_passes
else fail unchanged_copy_passes "$(head -n 3 "$tmp/out")"; fi
expect pass integration/constructs.sh 'pass() { echo "ok $1"; }'
expect say resume/resume.sh '  say() { if [ "$1" = 0 ]; then echo "ok $2"; fi; }'
expect have gates/new_gate.sh 'function have () { command -v "$1"; }'
expect ok syntax/catalogue_list.sh 'ok() { echo "ok $1"; }'
expect sk_cc unit/run_sanitized.sh 'sk_cc() { cc "$@"; }'
finish
