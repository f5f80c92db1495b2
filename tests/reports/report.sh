#!/bin/sh
# tests/reports/report.sh SKAMPI_SEQ [IMPL SKAMPI_MPI] -- reports and exports as a user sees them
# (doc/manual.md, "Reports and exports"): two runs of ski/quick.ski on 2 processes under IMPL
# (without an MPI: skip), their merge, the HTML report of one run and of the merged pair
# overlaid with both runs, rendered by headless Chromium: the page must load without a
# console message (a page with a script error shows that the check sees them), and the
# rendered DOM must hold one SVG plot per suite with both axes, axis labels, ticks, a
# curve and data points, and a legend entry per input; a screenshot is kept as
# tests/out/report/quick.png. Then the CSV and JSON exports (one row per result line;
# JSON checked by python3 when it is there) and the gnuplot scripts (run by gnuplot when
# it is there).
set -u
. "$(dirname "$0")/../lib.sh"
seq_bin=$1; impl=${2:-}; mpi_bin=${3:-}
d=tests/out/report
rm -rf "$d"; mkdir -p "$d"

if [ -z "$impl" ]; then echo "skip report_of_quick: needs mpicc.openmpi or mpicc.mpich"; exit 0; fi
for r in 1 2; do
  timeout 300 tools/mpirun.sh "$impl" 2 "$mpi_bin" -i ski/quick.ski -o "$d/q$r.sko" > "$d/run$r.txt" 2>&1
  say $? "quick_run_$r" "$(tail -3 "$d/run$r.txt")"
done
"$seq_bin" -m "$d/merged.sko" "$d/q1.sko" "$d/q2.sko" 2> "$d/merge.txt"
say $? merge_pair "$(cat "$d/merge.txt")"
grep -q '^# merged run 2: tests/out/report/q2.sko (started ' "$d/merged.sko"
say $? merged_file_names_runs "$(head -4 "$d/merged.sko")"
nsuites=$(grep -c '^# begin result' "$d/q1.sko")
nlines=$(grep -c '^[A-Za-z_][A-Za-z_0-9]*= ' "$d/q1.sko")

"$seq_bin" -r "$d/quick.html" "$d/q1.sko" 2> "$d/r1.txt" && "$seq_bin" -r "$d/pair.html" "$d/q1.sko" "$d/q2.sko" "$d/merged.sko" 2> "$d/r2.txt"
say $? report_written "$(cat "$d/r1.txt" "$d/r2.txt")"
! grep -qi '<script\|https\?://[^w]\|src=' "$d/quick.html" "$d/pair.html"
say $? report_self_contained "a script, link or external source in the HTML"

# render NAME: DOM into NAME.dom, Chromium's log into NAME.log (console messages are
# logged there as INFO:CONSOLE)
render() {
  timeout 120 chromium --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0 \
    --user-data-dir="$d/profile" --dump-dom "file://$(pwd)/$d/$1.html" > "$d/$1.dom" 2> "$d/$1.log"
}
# svg_checks DOM NPLOTS NLEGEND: prints what is missing, nothing when all is there
svg_checks() {
  awk -v want="$2" -v legend="$3" '
    /<svg class="plot"/ { n++; inside = 1; x[n] = y[n] = xl[n] = yl[n] = pt[n] = curve[n] = tick[n] = leg[n] = 0 }
    inside && /class="axis x-axis"/ { x[n] = 1 }
    inside && /class="axis y-axis"/ { y[n] = 1 }
    inside && /class="axis-label x-label"[^>]*>[a-z]/ { xl[n] = 1 }
    inside && /class="axis-label y-label"[^>]*>time \[us\]/ { yl[n] = 1 }
    inside && /class="tick"/ { tick[n]++ }
    inside && /<circle class="pt"|<polygon class="pt pt-apr"/ { pt[n]++ }
    inside && /<polyline class="curve"/ { curve[n]++ }
    inside && /<text class="legend-text"/ { leg[n]++ }
    /<\/svg>/ { inside = 0 }
    END {
      if (n != want) print "plots: " n " of " want
      for (i = 1; i <= n; i++) {
        if (!x[i] || !y[i]) print "plot " i ": an axis is missing"
        if (!xl[i] || !yl[i]) print "plot " i ": an axis label is missing"
        if (tick[i] < 2) print "plot " i ": " tick[i] " tick labels"
        if (pt[i] < 1 || curve[i] < legend) print "plot " i ": " pt[i] " points, " curve[i] " curves"
        if (leg[i] < legend) print "plot " i ": " leg[i] " legend entries"
      }
    }' "$1"
}
if ! have chromium; then
  echo "skip report_renders_in_chromium: needs chromium"
else
  printf '<!DOCTYPE html><html><body><p>x</p><script>undefined_function();</script></body></html>\n' > "$d/bad.html"
  render bad
  grep -q 'INFO:CONSOLE' "$d/bad.log"
  say $? chromium_console_check_sees_errors "no console line for a script error in $d/bad.log"
  for page in quick pair; do
    render $page
    say $? "chromium_renders_$page" "$(tail -3 "$d/$page.log")"
    ! grep 'INFO:CONSOLE' "$d/$page.log"
    say $? "no_console_messages_$page" "see $d/$page.log"
    if [ $page = quick ]; then legend=1; else legend=3; fi
    problems=$(svg_checks "$d/$page.dom" "$nsuites" $legend)
    [ -z "$problems" ]
    say $? "rendered_svg_per_suite_$page" "$problems"
  done
  n=$(grep -c '<li><a href="#suite-' "$d/quick.dom")
  [ "$n" = "$nsuites" ]
  say $? report_index_of_suites "$n entries for $nsuites suites"
  timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$d/profile" --hide-scrollbars \
    --window-size=1000,2400 --screenshot="$(pwd)/$d/quick.png" "file://$(pwd)/$d/pair.html" > "$d/shot.log" 2>&1
  [ -s "$d/quick.png" ] && [ "$(wc -c < "$d/quick.png")" -gt 20000 ]
  say $? report_screenshot "no screenshot or an empty one ($d/shot.log)"
fi

"$seq_bin" -x csv "$d/q1.sko" -o "$d/q1.csv" 2> "$d/x.txt"
rows=$(($(wc -l < "$d/q1.csv") - 1))
[ "$rows" = "$nlines" ] && head -1 "$d/q1.csv" | grep -q '^file,suite,label,loop_variables,message_size_bytes,time_us,stderr_us,'
say $? export_csv_row_per_line "$rows rows for $nlines result lines"
"$seq_bin" -x json "$d/q1.sko" > "$d/q1.json" 2> "$d/x.txt"
say $? export_json_to_stdout "$(cat "$d/x.txt")"
if have python3; then
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["rows"])==int(sys.argv[2]), len(d["rows"]); assert d["files"][0]["header"]["processes"]==2' "$d/q1.json" "$nlines" > "$d/json.txt" 2>&1
  say $? export_json_valid "$(tail -2 "$d/json.txt")"
else echo "skip export_json_valid: needs python3"; fi
"$seq_bin" -x xml "$d/q1.sko" > "$d/x.txt" 2>&1; st=$?
[ $st = 2 ] && grep -q "unknown export format 'xml'" "$d/x.txt"
say $? export_unknown_format "exit $st: $(cat "$d/x.txt")"
printf '# begin result "s"\ncount= 1 4 abc 0.1 8\n' > "$d/bad.sko"
"$seq_bin" -r "$d/badreport.html" "$d/bad.sko" > "$d/x.txt" 2>&1; st=$?
[ $st = 2 ] && grep -q "bad.sko:2:12: not a number in a result line: 'abc'" "$d/x.txt" && [ ! -e "$d/badreport.html" ]
say $? report_bad_input "exit $st: $(cat "$d/x.txt")"

"$seq_bin" -r "$d/plots.gp" "$d/q1.sko" 2> "$d/x.txt"
[ -f "$d/plots.gp" ] && [ "$(grep -c '^load ' "$d/plots.gp")" = "$nsuites" ] && [ -f "$d/plots-$nsuites.gp" ]
say $? gnuplot_script_per_suite "$(cat "$d/x.txt"; ls "$d")"
if have gnuplot; then
  (cd "$d" && gnuplot plots.gp > gnuplot.txt 2>&1) && [ -s "$d/plots-1.svg" ]
  say $? gnuplot_runs_the_scripts "$(tail -3 "$d/gnuplot.txt")"
else echo "skip gnuplot_runs_the_scripts: needs gnuplot"; fi
