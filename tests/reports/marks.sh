#!/bin/sh
# tests/reports/marks.sh SKAMPI_SEQ [IMPL SKAMPI_MPI] -- the machine-readable marks of a real run
# (doc/manual.md "Output", "Flags and distributions"): tests/reports/flags.ski on 2 processes
# under IMPL (without an MPI: skip). Every result line has its "#@ dist:" (7 numbers, the
# median between the least and the largest, the line's time too) and "#@ reps:" (as many
# values as the line's repetitions column); each flag the input provokes is on the lines
# of its suite -- rep_cap, clock_resolution, timing_overhead, calls_per_timing, time_limit,
# refined, verified, loop_ended (discarded, interference, untrustworthy, barrier_starts and
# scheduler_time need a disturbed or crowded host: not provoked, not asserted) -- and in
# the CSV and JSON exports and the HTML report's notes; the ping-pong suite is a round trip with one-way latency and
# MB/s; set_unit's milliseconds come back as microseconds; the JSON header is typed; a
# merge keeps the marks.
set -u
. "$(dirname "$0")/../lib.sh"
seq_bin=$1; impl=${2:-}; mpi_bin=${3:-}
d=tests/out/marks-${impl:-none}
rm -rf "$d"; mkdir -p "$d"
if [ -z "$impl" ]; then echo "skip marks_of_a_run: needs mpicc.openmpi or mpicc.mpich"; exit 0; fi

nice timeout 300 tools/mpirun.sh "$impl" 2 "$mpi_bin" -i tests/reports/flags.ski -o "$d/f.sko" > "$d/run.txt" 2>&1
say $? "${impl}_flags_run" "$(tail -3 "$d/run.txt")"

# every result line: its dist and reps (awk prints what is wrong, nothing when all is right)
problems=$(awk '
  function done_line() {
    if (!open_line) return
    if (ndist != 1) print "line " at ": " ndist " dist marks"
    if (nreps != 1) print "line " at ": " nreps " reps marks"
    open_line = 0
  }
  /^# begin result "/ { done_line(); block = $0; next }
  /^# end result/ { done_line(); next }
  /^#@ dist:/ {
    ndist++
    if (NF != 9) print "line " FNR ": dist with " NF - 2 " numbers"
    if (!($3 + 0 <= $5 + 0 && $5 + 0 <= $9 + 0)) print "line " FNR ": median " $5 " not in [" $3 ", " $9 "]"
    if (!($3 - 0.001 <= time && time <= $9 + 0.001)) print "line " FNR ": time " time " not in [" $3 ", " $9 "]"
    next
  }
  /^#@ reps:/ { nreps++; if (NF - 2 != reps) print "line " FNR ": " NF - 2 " reps values, the line says " reps; next }
  /^#/ { next }
  NF > 0 {
    done_line()
    i = 1; while ($i ~ /=$/) i += 2
    time = $(i + 1); reps = $(i + 3); open_line = 1; at = FNR; ndist = nreps = 0; lines++
  }
  END { done_line(); if (lines < 10) print lines " result lines only" }' "$d/f.sko")
[ -z "$problems" ]
say $? "${impl}_every_line_has_dist_and_reps" "$problems"

# flags_of SUITE: the "#@ flags:" values of the suite's lines, one line each
flags_of() {
  awk -v want="# begin result \"$1\"" '$0 == want { on = 1; next } /^# end result/ { on = 0 } on && /^#@ flags: / { print $3 }' "$d/f.sko"
}
for pair in rep_cap:rep_cap clock_resolution:clock_resolution clock_resolution:timing_overhead \
            calls_per_timing:calls_per_timing= time_limit:time_limit refined:refined verified:verified; do
  suite=${pair%%:*}; flag=${pair#*:}
  flags_of "$suite" | tr ',' '\n' | grep -q "^$flag"
  say $? "${impl}_sko_flag_$flag" "suite $suite: $(flags_of "$suite" | tr '\n' ' ')"
done
n=$(grep -c '^#@ reps:' "$d/f.sko"); [ "$(flags_of rep_cap | grep -c rep_cap)" = 3 ] && [ "$(flags_of verified | grep -c verified)" = 3 ]
say $? "${impl}_sko_flag_on_every_line_of_its_suite" "rep_cap: $(flags_of rep_cap | tr '\n' ' '), verified: $(flags_of verified | tr '\n' ' ')"
grep -q '^#@ loop_ended: count=4096$' "$d/f.sko"
say $? "${impl}_sko_loop_ended" "$(grep 'loop ended' "$d/f.sko")"
grep -q '^#@ suite: time=round_trip dummy_us=[0-9.]* dummy_err_us=[0-9.]*\( of=line_above\)\{0,1\}$' "$d/f.sko" &&
  [ "$(grep -c '^#@ suite: time=operation' "$d/f.sko")" -ge 7 ] && grep -q '^#@ columns: ' "$d/f.sko"
say $? "${impl}_sko_suite_and_columns_marks" "$(grep '^#@ suite\|^#@ columns' "$d/f.sko")"

"$seq_bin" -x csv "$d/f.sko" -o "$d/f.csv" 2> "$d/x.txt" && "$seq_bin" -x json "$d/f.sko" -o "$d/f.json" 2>> "$d/x.txt"
say $? "${impl}_exports_written" "$(cat "$d/x.txt")"
"$seq_bin" -m "$d/merged.sko" "$d/f.sko" "$d/f.sko" 2> "$d/m.txt" && "$seq_bin" -x json "$d/merged.sko" -o "$d/merged.json" 2>> "$d/m.txt"
say $? "${impl}_merge_written" "$(cat "$d/m.txt")"
if ! have python3; then echo "skip ${impl}_exports_carry_the_marks: needs python3"; finish; fi
python3 - "$d/f.csv" "$d/f.json" "$d/merged.json" "$n" > "$d/py.txt" 2>&1 <<'PY'
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
doc = json.load(open(sys.argv[2]))
merged = json.load(open(sys.argv[3]))
nlines = int(sys.argv[4])
want = {"rep_cap": "rep_cap", "clock_resolution": "clock_resolution", "timing_overhead": "clock_resolution",
        "calls_per_timing": "calls_per_timing", "time_limit": "time_limit", "refined": "refined",
        "verified": "verified", "loop_ended": "loop_ended"}
def check(name, cond, why):
    print(("ok %s" % name) if cond else ("FAIL %s: %s" % (name, why)))
check("csv_row_per_line", len(rows) == nlines, "%d rows, %d lines" % (len(rows), nlines))
check("json_row_per_line", len(doc["rows"]) == nlines, "%d rows, %d lines" % (len(doc["rows"]), nlines))
for flag, suite in sorted(want.items()):
    c = [r for r in rows if r["suite"] == suite and flag in [f.split("=")[0] for f in r["flags"].split(";")]]
    j = [r for r in doc["rows"] if r["suite"] == suite and flag in r["flags"]]
    m = [r for r in merged["rows"] if r["suite"] == suite and flag in r["flags"]]
    check("csv_flag_" + flag, len(c) > 0, "no row of %s with it" % suite)
    check("json_flag_" + flag, len(j) > 0, "no row of %s with it" % suite)
    check("merged_keeps_flag_" + flag, len(m) > 0, "no merged row of %s with it" % suite)
cpt = [r["flags"]["calls_per_timing"] for r in doc["rows"] if "calls_per_timing" in r["flags"]]
check("json_flag_value_is_a_number", all(isinstance(v, int) and v > 1 for v in cpt), repr(cpt))
bad = [r for r in doc["rows"] if r["dist_us"] is None or not r["dist_us"]["min"] <= r["dist_us"]["median"] <= r["dist_us"]["max"]
       or len(r["repetition_values_us"]) != r["repetitions"]]
check("json_dist_and_reps_of_every_row", not bad, repr(bad[:2]))
badc = [r for r in rows if not float(r["dist_min_us"]) <= float(r["dist_median_us"]) <= float(r["dist_max_us"])]
check("csv_dist_of_every_row", not badc, repr(badc[:2]))
pp = [r for r in doc["rows"] if r["suite"] == "verified"]
check("json_round_trip_oneway_and_bandwidth",
      len(pp) == 3 and all(r["suite_time"] == "round_trip" and abs(r["oneway_latency_us"] - r["time_us"] / 2) < 0.001
                           and abs(r["bandwidth_mb_per_s"] - r["message_size_bytes"] / r["oneway_latency_us"]) < 1e-6 * r["bandwidth_mb_per_s"] + 1e-9
                           for r in pp), repr(pp[:1]))
check("csv_round_trip_oneway", all(r["suite_time"] == "round_trip" and float(r["oneway_latency_us"]) > 0 and float(r["bandwidth_mb_per_s"]) > 0
                                   for r in rows if r["suite"] == "verified"), "")
ops = [r for r in doc["rows"] if r["suite"] == "rep_cap"]
# an operation's time is no message's way: neither a one-way latency nor a bandwidth
check("json_operation_no_bandwidth", len(ops) > 0 and all(r["suite_time"] == "operation" and r["bandwidth_mb_per_s"] is None
                                         and r["oneway_latency_us"] is None for r in ops), repr(ops[:1]))
ms = [r for r in doc["rows"] if r["suite"] == "set_unit"]
check("json_set_unit_in_microseconds", len(ms) == 1 and 1200 <= ms[0]["dist_us"]["min"] <= ms[0]["dist_us"]["median"]
      <= ms[0]["dist_us"]["max"] <= 1800 and 1200 <= ms[0]["time_us"] <= 1800, repr(ms))
le = [r for r in doc["rows"] if r["suite"] == "loop_ended"]
check("json_block_loop_end_and_dummy", le and all(r["suite_loop_ended"] == "count=4096" for r in le)
      and all(r["suite_dummy_us"] is not None and r["suite_dummy_us"] > 0 for r in doc["rows"]), repr(le[:1]))
h = doc["files"][0]["header"]
check("json_header_typed", h["processes"] == 2 and h["Total runtime"]["unit"] == "s"
      and isinstance(h["Total runtime"]["value"], (int, float)) and h["@columns"][1] == {"name": "size", "unit": "bytes"},
      repr({k: h[k] for k in ("processes", "Total runtime") if k in h}))
PY
st=$?
sed "s/^ok /ok ${impl}_/; s/^FAIL /FAIL ${impl}_/" "$d/py.txt"
# the HTML report: each provoked flag's phrase in the notes of its suite's table
"$seq_bin" -r "$d/f.html" "$d/f.sko" 2> "$d/r.txt"
for pair in "rep_cap:stopped at the repetition cap above the error target" \
            "clock_resolution:within 100 clock ticks" "clock_resolution:less than 3 times the timing overhead" \
            "calls_per_timing:calls per timing" "time_limit:stopped by the time limit per measurement" \
            "refined:added by autorefine" "verified:verified" "loop_ended:the loop ended after this point"; do
  suite=${pair%%:*}; phrase=${pair#*:}
  awk -v want="$suite" -v phrase="$phrase" '
    index($0, "<h2") && index($0, ". " want "<") { on = 1; next }
    index($0, "<h2") { on = 0 }
    on && index($0, "<td class=\"notes\">") && index($0, phrase) { found = 1 }
    END { exit !found }' "$d/f.html"
  say $? "${impl}_html_flag_${suite}_$(echo "$phrase" | cut -d' ' -f1-3 | tr ' ' '_')" "no '$phrase' in the notes of suite $suite ($(cat "$d/r.txt"))"
done
if grep -q '^FAIL' "$d/py.txt"; then failed=$((failed + 1)); fi
[ $st = 0 ] || bad "${impl}_export_checks_ran: python3 failed ($(tail -2 "$d/py.txt"))"
finish
