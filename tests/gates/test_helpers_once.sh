#!/bin/sh
# tests/gates/test_helpers_once.sh [TESTS_DIR] -- the tests' helpers live in tests/lib.sh
# only: no other shell script under TESTS_DIR (default: the project's tests/) defines a
# function with the name of one of the library's functions, nor one of the names the
# scripts used for their own copies before the library (ok, result, say_fail, incdirs,
# isystem, mpi_incdirs, skip_missing_mpis is the runner's own and allowed). Prints each
# definition found as FILE:LINE: NAME; exit status 1 when there is one.
# tests/gates/test_helpers_once_planted.sh runs it on a copy with planted definitions.
set -u
. "$(dirname "$0")/../lib.sh"
dir=${1:-tests}
lib=$dir/lib.sh
# the library's own functions, read from it, and the old names of the copies
names=$(sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*\)() *{.*/\1/p' "$lib" | sort -u)
names="$names ok result say_fail incdirs isystem mpi_incdirs"
[ -n "$names" ] || { echo "no function found in $lib"; exit 2; }
pattern=$(printf '%s\n' $names | sort -u | paste -sd'|' -)
found=$(find "$dir" -name '*.sh' ! -path '*/out/*' | sort | while read -r f; do
  [ "$f" = "$lib" ] && continue
  grep -nE "^[[:space:]]*(function[[:space:]]+)?($pattern)[[:space:]]*\(\)" "$f" |
    sed "s|^\([0-9]*\):[[:space:]]*\(function[[:space:]]*\)\{0,1\}\([A-Za-z_0-9]*\).*|$f:\1: \3|"
done)
if [ -n "$found" ]; then
  printf '%s\n' "$found"
  echo "these functions belong to tests/lib.sh only (source it: . \"\$(dirname \"\$0\")/../lib.sh\")"
  exit 1
fi
echo "no test script defines a helper of tests/lib.sh: $(printf '%s ' $names)"
