#!/bin/sh
# tests/reports/overlap_flags.sh SKAMPI_SEQ IMPL -- an overlap figure (the "# overlap:" line of
# an _overlap row, doc/manual.md "MPI-3 collectives") inherits what puts it in doubt, made
# deterministic with the test build's hooks:
#   calibration: SKAMPI_TEST_CALIBRATION_LOST_US=300 makes rank 1 spend 300 us in every
#     timed operation of the calibration and report a lost processor -- t_pure comes out
#     300 us for a 1-int allreduce of a few us, and the figure near 100 %, as a loaded
#     machine made it read -- so every overlap line is followed by "# (overlap: not to be
#     trusted: the calibration lost the processor ...)" and its result line carries the
#     flag overlap_disturbed (in the .sko, the CSV's flags column and the HTML notes);
#   measurement: SKAMPI_TEST_LATE_START_US=300 (every result flagged interference):
#     "... the result is flagged interference" and overlap_disturbed;
#   a run without hooks: overlap_disturbed exactly where a "not to be trusted" line says
#     why, and on every line whose result is flagged interference, untrustworthy or
#     scheduler_time; every figure a percentage.
set -u
. "$(dirname "$0")/../lib.sh"
seq_bin=$1; impl=${2:-}
d=tests/out/overlap-flags-${impl:-none}
rm -rf "$d"; mkdir -p "$d"
if [ -z "$impl" ]; then echo "skip overlap_flags: needs mpicc.openmpi or mpicc.mpich"; exit 0; fi
bin=$(sk_binary testing "$impl") || { bad "overlap_flags: the $impl test build failed"; finish; }
if tools/mpirun.sh "$impl" 1 "$bin" -l Iallreduce_overlap 2>/dev/null | grep -q 'not in this build'; then
  echo "skip overlap_flags_$impl: needs an MPI-3 library"; exit 0
fi
cat > "$d/ov.ski" <<'SKI'
set_min_repetitions(8)
set_max_repetitions(16)
begin measurement "overlap"
  for count = 1 to 64 step *8 do
    measure MPI_COMM_WORLD : Iallreduce_overlap(count, MPI_INT, MPI_SUM, 0)
  od
  measure MPI_COMM_WORLD : Ibarrier_overlap(10)
end measurement
SKI
# verdicts SKO: one line per result line of an overlap row: its overlap line's kind
# (figure/none), whether a "not to be trusted" line follows and why, and its flags
verdicts() {
  awk '
    function done() { if (have) print kind "|" (why == "" ? "-" : why) "|" (flags == "" ? "-" : flags); have = 0 }
    /^# measure / { done(); next }
    /^# overlap: t_pure .* %/ { done(); have = 1; kind = "figure"; why = ""; flags = ""; next }
    /^# overlap: none:/ { done(); have = 1; kind = "none"; why = ""; flags = ""; next }
    have && /^# \(overlap: not to be trusted: / { why = substr($0, 32); sub(/\)$/, "", why); next }
    have && /^#@ flags: / { flags = $3; next }
    /^# end result/ { done() }
    END { done() }' "$1"
}
run() {   # run NAME ENV...: the input under IMPL with the environment given
  _n=$1; shift
  env "$@" nice timeout 300 tools/mpirun.sh "$impl" 2 "$bin" -q -i "$d/ov.ski" -o "$d/$_n.sko" > "$d/$_n.txt" 2>&1
  say $? "${impl}_${_n}_run" "$(tail -3 "$d/$_n.txt")"
  verdicts "$d/$_n.sko" > "$d/$_n.verdicts"
}
want=4   # result lines: count = 1, 8, 64, and the barrier

# ---- a planted calibration ----
run calibration SKAMPI_TEST_CALIBRATION_LOST_US=300
n=$(wc -l < "$d/calibration.verdicts")
bad_lines=$(awk -F'|' '$1 != "figure" || $2 !~ /^the calibration lost the processor in [0-9]+ runs/ ||
                       ("," $3 ",") !~ /,overlap_disturbed,/' "$d/calibration.verdicts")
[ "$n" -eq "$want" ] && [ -z "$bad_lines" ]
say $? "${impl}_calibration_flagged_in_sko" "$n of $want overlap lines; not flagged: $bad_lines"
"$seq_bin" -x csv "$d/calibration.sko" -o "$d/calibration.csv" 2> "$d/csv.err"
# the flags column holds "a;b;c" (a quoted label may hold commas: whole fields are matched)
rows=$(sed 1d "$d/calibration.csv" | grep -c '[,;]overlap_disturbed[;,]')
[ "$rows" -eq "$want" ] && head -n 1 "$d/calibration.csv" | tr ',' '\n' | grep -q '^flags$'
say $? "${impl}_calibration_flagged_in_csv" "$rows of $want rows with overlap_disturbed ($(cat "$d/csv.err"))"
"$seq_bin" -r "$d/calibration.html" "$d/calibration.sko" 2> "$d/html.err"
grep -F '<td class="notes">' "$d/calibration.html" | grep -qF 'the overlap figure is not to be trusted'
say $? "${impl}_calibration_flagged_in_html" "$(grep -o '<td class="notes">[^/]*' "$d/calibration.html" | head -2)"

# ---- a planted disturbed measurement ----
run late SKAMPI_TEST_LATE_START_US=300
n=$(wc -l < "$d/late.verdicts")
bad_lines=$(awk -F'|' '$2 !~ /the result is flagged interference/ || ("," $3 ",") !~ /,overlap_disturbed,/ ||
                       ("," $3 ",") !~ /,interference,/' "$d/late.verdicts")
[ "$n" -eq "$want" ] && [ -z "$bad_lines" ]
say $? "${impl}_disturbed_result_flags_overlap" "$n of $want overlap lines; not flagged: $bad_lines"

# ---- no hook: the flag exactly where a line says why ----
run plain
n=$(wc -l < "$d/plain.verdicts")
bad_lines=$(awk -F'|' '{ f = "," $3 ","; caveat = $2 != "-"; flag = f ~ /,overlap_disturbed,/
                          doubt = f ~ /,(interference|untrustworthy|scheduler_time),/ }
                        $1 != "figure" || caveat != flag || (doubt && !flag)' "$d/plain.verdicts")
[ "$n" -eq "$want" ] && [ -z "$bad_lines" ]
say $? "${impl}_plain_flag_where_said" "$n of $want overlap lines; inconsistent: $bad_lines"
note "# $impl, no hook: $(awk -F'|' '$2 != "-"' "$d/plain.verdicts" | wc -l) of $n overlap figures in doubt on this machine now"
finish
