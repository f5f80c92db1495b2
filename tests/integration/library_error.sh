#!/bin/sh
# tests/integration/library_error.sh IMPL SKAMPI -- a library error inside one measurement
# is that suite's, not the run's end (doc/manual.md "Exit status", the mark
# "#@ library_error:"): tests/ski/library_error.ski at 2 processes. Checks: the run ends
# with every suite's block closed and the suites around the failing one measured; when
# the library refused something (Open MPI 4.1: MPI_Win_create on one process), status 6,
# the block holds "# (library error in NAME: TEXT)" and its mark with a one-line error
# string, and standard error says how many suites failed; when it refused nothing
# (MPICH), status 0 and every suite measured.
set -u
. "$(dirname "$0")/../lib.sh"
impl=$1; skampi=$2
d=$out/liberr-$impl
rm -rf "$d"; mkdir -p "$d"
timeout 300 "$top/tools/mpirun.sh" "$impl" 2 "$skampi" -q -i "$top/tests/ski/library_error.ski" -o "$d/o.sko" > /dev/null 2> "$d/err"; st=$?
measured() { awk -v b="$1" '$0 == "# begin result \"" b "\"" { on = 1; next } /^# end result/ { on = 0 } on && /^ *[0-9a-z]/ && !/^#/ { n++ } END { exit !(n > 0) }' "$d/o.sko"; }
[ "$(grep -c '^# end result' "$d/o.sko")" -eq 3 ] && measured before && measured after
say $? "${impl}_library_error_suites_around_measured" "exit $st: $(grep -v '^#@ \(reps\|dist\)' "$d/o.sko" | grep -A4 'begin result' | head -20) $(head -c 400 "$d/err")"
if [ $st -eq 6 ]; then
  grep -q '^# (library error in Win_create: .*)$' "$d/o.sko" && grep -q '^#@ library_error: Win_create: ..*$' "$d/o.sko" &&
    grep -q '^skampi: 1 of 3 suites failed with a library error' "$d/err"
  say $? "${impl}_library_error_said" "$(grep 'library' "$d/o.sko" "$d/err")"
else
  [ $st -eq 0 ] && measured MPI_Win_create && ! grep -q '^#@ library_error:' "$d/o.sko"
  say $? "${impl}_no_library_error_all_measured" "exit $st: $(head -c 400 "$d/err")"
fi
finish
