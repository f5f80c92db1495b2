#!/bin/sh
# tests/reports/flags_disturbed.sh SKAMPI_SEQ IMPL -- the flags that only a disturbed host
# provokes, made deterministic: the test build's SKAMPI_TEST_LATE_START_US=300 makes rank 1
# begin 300 us after every synchronised start time (split/sync/sync_window.c), as a process
# that got its processor back late does. Every windowed repetition of the Bcast is then
# discarded, the runner falls back to barrier starts after 8 (runner.h) and the result is
# judged disturbed: its line carries the flags discarded=N, interference and
# barrier_starts; a second Bcast with a time limit of 1 ms ends before 8 repetitions ran
# undisturbed: untrustworthy. They must reach every reader: the .sko's "#@ flags:", the CSV's
# flags column, the JSON's flags object and the HTML report's notes column and tooltip.
# (With the flags of tests/reports/flags.ski, which marks.sh derives from an ordinary run,
# every flag but scheduler_time is provoked by a test; that one is a judgement of an
# oversubscribed host (tests/integration/oversub.sh provokes it where the host allows),
# and its readers are tested with written files in report.sh.)
set -u
. "$(dirname "$0")/../lib.sh"
seq_bin=$1; impl=${2:-}
d=tests/out/flags-disturbed-${impl:-none}
rm -rf "$d"; mkdir -p "$d"
if [ -z "$impl" ]; then echo "skip flags_disturbed: needs mpicc.openmpi or mpicc.mpich"; exit 0; fi
bin=$(sk_binary testing "$impl") || { bad "flags_disturbed: the $impl test build failed"; finish; }

cat > "$d/late.ski" <<'SKI'
set_min_repetitions(8)
set_max_repetitions(16)
begin measurement "late Bcast"
  measure MPI_COMM_WORLD : Bcast(256, MPI_BYTE, 0)
end measurement
set_time_limit_per_measurement(0.001)
begin measurement "cut Bcast"
  measure MPI_COMM_WORLD : Bcast(256, MPI_BYTE, 0)
end measurement
SKI
SKAMPI_TEST_LATE_START_US=300 nice timeout 300 tools/mpirun.sh "$impl" 2 "$bin" -q -i "$d/late.ski" -o "$d/late.sko" \
  > "$d/run.txt" 2>&1
say $? "${impl}_late_start_run" "$(tail -3 "$d/run.txt")"

flags=$(sed -n 's/^#@ flags: //p' "$d/late.sko" | head -n 1)
case ",$flags," in *,discarded=[1-9]*) ok=0 ;; *) ok=1 ;; esac
[ $ok -eq 0 ] && case ",$flags," in *,interference,*) true ;; *) false ;; esac &&
  case ",$flags," in *,barrier_starts,*) true ;; *) false ;; esac
say $? "${impl}_disturbed_flags_in_sko" "flags: '$flags'"
# the second suite: a time limit of 1 ms ends it before 8 repetitions ran undisturbed
untrusted=$(awk '/^# begin result "cut Bcast"/ { on = 1 } on && /^#@ flags: / { print $3; exit }' "$d/late.sko")
case ",$untrusted," in *,untrustworthy,*) true ;; *) false ;; esac
say $? "${impl}_untrustworthy_flag_in_sko" "flags: '$untrusted'"
"$seq_bin" -x csv "$d/late.sko" 2>/dev/null | grep ',cut Bcast,' | grep -q 'untrustworthy'
say $? "${impl}_untrustworthy_flag_in_csv" "$("$seq_bin" -x csv "$d/late.sko" 2>&1 | tail -1)"

"$seq_bin" -x csv "$d/late.sko" -o "$d/late.csv" 2> "$d/csv.err"
col=$(head -n 1 "$d/late.csv" | tr ',' '\n' | grep -n '^flags$' | cut -d: -f1)
row=$(awk -F, -v c="${col:-0}" 'NR == 2 { print $c }' "$d/late.csv")
case ";$row;" in *";interference;"*) true ;; *) false ;; esac && case "$row" in *discarded=*) true ;; *) false ;; esac &&
  case ";$row;" in *";barrier_starts;"*) true ;; *) false ;; esac
say $? "${impl}_disturbed_flags_in_csv" "flags column $col: '$row' ($(cat "$d/csv.err"))"

"$seq_bin" -x json "$d/late.sko" -o "$d/late.json" 2> "$d/json.err"
python3 - "$d/late.json" <<'PY' > "$d/json.check" 2>&1
import json, sys
doc = json.load(open(sys.argv[1]))
def lines(x):
    if isinstance(x, dict):
        if "flags" in x and isinstance(x["flags"], dict):
            yield x
        for v in x.values():
            yield from lines(v)
    elif isinstance(x, list):
        for v in x:
            yield from lines(v)
found = [l["flags"] for l in lines(doc)]
assert found, "no line with a flags object"
f = found[0]
assert isinstance(f.get("discarded"), (int, float)) and f["discarded"] >= 1, f
assert "interference" in f and "barrier_starts" in f, f
assert any("untrustworthy" in g for g in found), found
print("ok", found)
PY
say $? "${impl}_disturbed_flags_in_json" "$(cat "$d/json.check")"

"$seq_bin" -r "$d/late.html" "$d/late.sko" 2> "$d/html.err"
grep -F '<td class="notes">' "$d/late.html" | grep -q 'repetitions discarded' &&
  grep -F '<td class="notes">' "$d/late.html" | grep -qF 'disturbed by other processes' &&
  grep -F '<td class="notes">' "$d/late.html" | grep -qF 'repetitions began after a barrier' &&
  grep -q '<title>[^<]*flags: [^<]*disturbed by other processes' "$d/late.html" &&
  grep -F '<td class="notes">' "$d/late.html" | grep -q 'untrustworthy'
say $? "${impl}_disturbed_flags_in_html" "$(grep -o '<td class="notes">[^/]*' "$d/late.html" | head -3)"
finish
