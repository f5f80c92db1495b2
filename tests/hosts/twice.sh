#!/bin/sh
# tests/hosts/twice.sh IMPL -- the truth tests across hosts (tests/hosts/run.sh) for one
# MPI, tried once more when a check fails: they measure on a machine shared with other
# work (four processes on the hosts' two processors), where one run in a few can be
# disturbed. The first attempt's lines stay in the output as "info first attempt: ...";
# the checks counted are those of the last attempt, so a check fails when it fails twice.
set -u
. "$(dirname "$0")/../lib.sh"
here=$top/tests/hosts
impl=$1
first=$(sh "$here/run.sh" "$impl" 2>&1)
if ! printf '%s\n' "$first" | grep -q '^FAIL'; then printf '%s\n' "$first"; exit 0; fi
printf '%s\n' "$first" | sed -e 's/^info /info first attempt: /' -e 's/^ok /info first attempt: ok /' -e 's/^FAIL /info first attempt: FAIL /' -e 's/^skip /info first attempt: skip /'
echo "info $impl: $(printf '%s\n' "$first" | grep -c '^FAIL') checks failed in the first attempt; the group runs once more for $impl"
sh "$here/run.sh" "$impl" 2>&1
