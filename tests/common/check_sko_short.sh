#!/bin/sh
# tests/common/check_sko_short.sh -- tests/common/check_sko.awk on planted results of fewer
# repetitions than asked: passes only when skampi's warning names the result's own count.
set -u
. "$(dirname "$0")/../lib.sh"
d=$out/check_sko_short; mkdir -p "$d"
# plant NAME WARNING: one result of 2 repetitions (3 asked), WARNING after it (may be empty)
plant() {
  { echo '# begin result "x"'; echo 'count= 1 1 2.5 0.1 2 2.5 2.5'; [ -z "$2" ] || echo "$2"; echo '# end result "x"'; } > "$d/$1.sko"
  awk -v np=2 -v minrep=3 -v maxrep=6 -v maxnodes=16 -f "$top/tests/common/check_sko.awk" "$d/$1.sko" > "$d/$1.out"
}
plant unexplained ""; [ $? -ne 0 ] && grep -q 'repetitions 2 outside \[3, 6\]' "$d/unexplained.out"
say $? short_result_unexplained_fails "$(cat "$d/unexplained.out")"
plant other_count "# warning: only 1 of the 3 repetitions asked for ran undisturbed (4 discarded)"; [ $? -ne 0 ]
say $? short_result_other_count_fails "$(cat "$d/other_count.out")"
plant explained "# warning: only 2 of the 3 repetitions asked for ran undisturbed (4 discarded)"
say $? short_result_explained_passes "$(cat "$d/explained.out")"
finish
