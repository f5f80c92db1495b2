#!/bin/sh
# tests/gates/no_pkill.sh -- no test or tool ends processes by their name: a test
# ends only the processes it started, by pid. Comment lines do not count.
set -u
. "$(dirname "$0")/../lib.sh"
pat='(^|[^_[:alnum:]])(p''kill|kill''all)([[:space:]]|$)'
if grep -rnE "$pat" tests tools .ci Makefile --exclude-dir=out --exclude-dir=build | grep -vE '^[^:]*:[0-9]+:[[:space:]]*#'; then
  echo "processes ended by name (lines above)"; exit 1
fi
echo "nothing ends processes by name"
