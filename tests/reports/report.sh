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
# it is there). First, without MPI, the report of the hand-written marks-openmpi.sko and
# marks-mpich.sko (their flags, distributions, one-way latency and MB/s set as the reader
# gives them by report_marks.c): every flag in the table's notes and as a <title>
# tooltip, flagged points hollow, bands under the points, the one-way and MB/s columns,
# the "message size [bytes]" axis, integer ticks on the process-count axis, legends by
# library and process count and by FILE=LABEL, no NaN or Infinity in an SVG coordinate,
# the layout at 600 and 1400 px (measured in Chromium: no plot wider than the window) and
# a PNG screenshot at each; gnuplot with term="png" and "pdf", a one-point suite included;
# a sweep from 0 bytes (zero_bytes.sko, IMB's PingPong) on a log x axis, its 0-byte point
# one tick left of 1 byte, labelled 0 (HTML and gnuplot).
set -u
. "$(dirname "$0")/../lib.sh"
seq_bin=$1; impl=${2:-}; mpi_bin=${3:-}
d=tests/out/report
rm -rf "$d"; mkdir -p "$d"

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
    inside && /<circle class="pt"|<circle class="pt pt-flagged"|<polygon class="pt pt-apr/ { pt[n]++ }
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
# is_png FILE: FILE starts with PNG's signature and is larger than 5000 bytes
is_png() { [ "$(head -c 8 "$1" 2>/dev/null | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] && [ "$(wc -c < "$1")" -gt 5000 ]; }
# svg_nonfinite FILE...: prints every coordinate or size attribute that holds NaN or Infinity
svg_nonfinite() {
  grep -Eo ' (x|y|x1|y1|x2|y2|cx|cy|r|width|height|points|d|viewBox|transform)="[^"]*"' "$@" | grep -Ei 'nan|inf' | head -3
}
# x_ticks FILE N: the x axis' tick labels of the N-th plot, one a line
x_ticks() {
  awk -v want="$2" '/<svg class="plot"/ { n++ } /class="axis x-axis"/ { x = 1 } /class="axis y-axis"/ { x = 0 }
    n == want && x && /class="tick"/ { s = $0; while (match(s, /class="tick"[^>]*>[^<]*</)) {
      t = substr(s, RSTART, RLENGTH); sub(/^[^>]*>/, "", t); sub(/<$/, "", t); print t; s = substr(s, RSTART + RLENGTH) } }' "$1"
}

# ---- the marks of a line (flags, distribution, one-way latency, MB/s), the plots a paper
# ---- can use (bytes, integer ticks, legends by library and processes, labels), hand-written
# ---- inputs tests/reports/marks-openmpi.sko and marks-mpich.sko (no MPI needed)
ma=tests/reports/marks-openmpi.sko; mb=tests/reports/marks-mpich.sko
sk_cc cc -O2 -DSKAMPI_SEQ @test -o "$d/report_marks" tests/reports/report_marks.c @lm > "$d/marks-build.txt" 2>&1 \
  && "$d/report_marks" "$ma" "$mb" "$d/marks.html" 2>> "$d/marks-build.txt"
say $? marks_report_written "$(tail -3 "$d/marks-build.txt")"
# every flag of a line in the table's notes, warnings in red
missing=""
for phrase in 'within 100 clock ticks: the clock cannot resolve it' 'less than 3 times the timing overhead' \
  '1 repetitions discarded' 'stopped at the repetition cap above the error target' 'added by autorefine' \
  '4 calls per timing' 'verified' 'repetitions began after a barrier'; do
  grep -F '<td class="notes">' "$d/marks.html" | grep -qF "$phrase" || missing="$missing [$phrase]"
done
[ -z "$missing" ]
say $? marks_flags_in_table_notes "missing:$missing"
grep -F '<td class="notes">' "$d/marks.html" | grep -qF '<span class="warn">within 100 clock ticks' \
  && ! grep -F '<td class="notes">' "$d/marks.html" | grep -qF '<span class="warn">4 calls per timing'
say $? marks_warnings_marked "a warning flag not in red, or an informative one in red"
n=$(grep -c '<title>[^<]*; flags: [^<]*clock cannot resolve it; less than 3 times the timing overhead</title>' "$d/marks.html")
m=$(grep -c '<title>MPICH 4.0.2, 3 processes: count=4 [^<]*flags: repetitions began after a barrier</title>' "$d/marks.html")
[ "$n" = 1 ] && [ "$m" = 1 ]
say $? marks_flags_in_tooltips "$n and $m tooltips"
n=$(grep -c '<circle class="pt pt-flagged"' "$d/marks.html")
[ "$n" = 4 ] && grep -q 'hollow: flagged' "$d/marks.html"
say $? marks_flagged_points_hollow "$n hollow points (4 expected: two of run 1 and one of run 2 in the Pingpong suite, the disturbed point of the process-count suite) or no legend key"
grep -q '<polygon class="band band-iqr" fill="#1f77b4"' "$d/marks.html" && grep -q '<polygon class="band band-iqr" fill="#d62728"' "$d/marks.html" \
  && [ "$(grep -c '<path class="whisker"' "$d/marks.html")" = 10 ] && grep -q 'band: Q1 to Q3 of the repetitions' "$d/marks.html"
say $? marks_distribution_band_and_whiskers "$(grep -c '<path class="whisker"' "$d/marks.html") whiskers"
# the band is drawn before every curve and point, so no band hides a point
awk '/<svg class="plot" id="plot-1"/ { p = 1 } p && /<g class="legend">/ { p = 0 } p && /class="band/ { if (pt) bad = 1 } p && /class="pt/ { pt = 1 } END { exit bad }' "$d/marks.html"
say $? marks_bands_under_points "a band drawn after a point"
grep -q '<th>one-way latency \[us\]</th><th>bandwidth \[MB/s\]</th>' "$d/marks.html" \
  && grep -q '<td>count=64 </td><td class="num">64</td><td class="num">4.000</td><td class="num">0.030</td><td class="num">2.000</td><td class="num">32.0</td>' "$d/marks.html"
say $? marks_oneway_and_mbytes_columns "$(grep -o '<td>count=64 </td>.\{0,200\}' "$d/marks.html" | head -1)"
grep -q 'class="axis-label x-label"[^>]*>message size \[bytes\] (count)' "$d/marks.html" \
  && [ "$(grep -c 'class="axis-label x-label"[^>]*>message size \[bytes\]' "$d/marks.html")" = 1 ]
say $? marks_bytes_axis "$(grep -o 'x-label[^<]*' "$d/marks.html")"
ticks=$(x_ticks "$d/marks.html" 2 | tr '\n' ' ')
[ "$ticks" = "2 3 4 5 " ]
say $? marks_integer_ticks_process_counts "ticks of the nodes axis: $ticks"
"$seq_bin" -r "$d/labels.html" "$ma" "$mb=MPICH & friends" 2> "$d/labels.txt" \
  && grep -q '<text class="legend-text"[^>]*>Open MPI v4.1.4, 2 processes</text>' "$d/labels.html" \
  && grep -q '<text class="legend-text"[^>]*>MPICH &amp; friends</text>' "$d/labels.html" \
  && ! grep -q 'legend-text[^>]*>MPICH 4.0.2' "$d/labels.html"
say $? marks_legend_library_and_label "$(cat "$d/labels.txt"; grep -o 'legend-text[^<]*' "$d/labels.html" | head -3)"
cp "$ma" "$d/run=1.sko"
"$seq_bin" -r "$d/eq.html" "$d/run=1.sko" "$mb" 2> "$d/eq.txt" \
  && grep -q '<text class="legend-text"[^>]*>Open MPI v4.1.4, 2 processes</text>' "$d/eq.html"
say $? marks_file_name_with_equals_sign "$(cat "$d/eq.txt")"
"$seq_bin" -r "$d/libs.html" "$ma" "$mb" 2> "$d/libs.txt" \
  && [ "$(grep -c '<text class="legend-text"[^>]*>MPICH 4.0.2, 3 processes</text>' "$d/libs.html")" = 3 ]
say $? marks_legend_names_libraries "$(grep -o 'legend-text[^<]*' "$d/libs.html" | head -3)"
# the real reader: its "#@ flags:" in the table
grep -F '<td class="notes">' "$d/libs.html" | grep -qF 'stopped at the repetition cap above the error target' \
  && grep -q '<title>[^<]*flags: repetitions began after a barrier</title>' "$d/libs.html" \
  && grep -q '<polygon class="band band-iqr"' "$d/libs.html"
say $? marks_reader_flags_in_report "the reader's flags or distribution missing in $d/libs.html"
bad=$(svg_nonfinite "$d/marks.html" "$d/labels.html" "$d/libs.html")
[ -z "$bad" ]
say $? marks_svg_coordinates_finite "$bad"
if ! have chromium; then
  echo "skip marks_render_600_1400: needs chromium"
else
  # the layout at 600 and 1400 px: a script added to a copy measures the plots
  sed 's|</body>|<script>var w = window.innerWidth, bad = [], p = document.querySelectorAll("svg.plot");\
for (var i = 0; i < p.length; i++) { var r = p[i].getBoundingClientRect(); if (!(r.width > 200) \|\| r.right > w + 0.5) bad.push("plot " + (i + 1) + ": " + r.left + ".." + r.right); }\
if (document.documentElement.scrollWidth > w) bad.push("page " + document.documentElement.scrollWidth + " wide");\
var e = document.createElement("pre"); e.id = "layout"; e.textContent = "width " + w + " plots " + p.length + " bad [" + bad.join("; ") + "]"; document.body.appendChild(e);</script></body>|' \
    "$d/marks.html" > "$d/marks-measure.html"
  for w in 600 1400; do
    timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$d/profile" --hide-scrollbars \
      --window-size=$w,1600 --dump-dom "file://$(pwd)/$d/marks-measure.html" > "$d/marks-$w.dom" 2> "$d/marks-$w.log"
    grep -q "<pre id=\"layout\">width $w plots 3 bad \[\]</pre>" "$d/marks-$w.dom"
    say $? "marks_layout_$w" "$(grep -o '<pre id="layout">[^<]*' "$d/marks-$w.dom"; tail -2 "$d/marks-$w.log")"
    timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$d/profile" --hide-scrollbars \
      --window-size=$w,2400 --screenshot="$(pwd)/$d/marks-$w.png" "file://$(pwd)/$d/marks.html" > "$d/shot-$w.log" 2>&1
    is_png "$d/marks-$w.png"
    say $? "marks_screenshot_$w" "no PNG or an empty one ($d/shot-$w.log)"
  done
  render marks
  ! grep 'INFO:CONSOLE' "$d/marks.log" && grep -q '<title>[^<]*flags: [^<]*stopped at the repetition cap' "$d/marks.dom"
  say $? marks_rendered_dom_tooltips "see $d/marks.log"
fi
"$seq_bin" -r "$d/marks.gp" "$ma" "$mb" 2> "$d/marks-gp.txt"
grep -q 'title "added by autorefine"' "$d/marks-1.gp" && ! grep -q 'autorefine' "$d/marks-2.gp" && grep -q '^set xrange \[' "$d/marks-3.gp" \
  && grep -q '^set xtics 1$' "$d/marks-2.gp" && grep -q '^set xlabel "message size \[bytes\] (count)"' "$d/marks-1.gp"
say $? marks_gnuplot_scripts "$(cat "$d/marks-gp.txt"; grep -n 'autorefine\|xrange\|xtics\|xlabel' "$d"/marks-[123].gp)"
if have gnuplot; then
  (cd "$d" && gnuplot -e 'term="png"' marks.gp > marks-gnuplot.txt 2>&1) && is_png "$d/marks-1.png" && is_png "$d/marks-3.png" \
    && [ ! -e "$d/marks-1.svg" ] && ! grep -qi 'empty\|warning\|error' "$d/marks-gnuplot.txt"
  say $? marks_gnuplot_png_one_point_suite "$(tail -3 "$d/marks-gnuplot.txt")"
  (cd "$d" && gnuplot -e 'term="pdf"' marks-3.gp > marks-gnuplot-pdf.txt 2>&1) && [ "$(head -c 4 "$d/marks-3.pdf")" = "%PDF" ]
  say $? marks_gnuplot_pdf "$(tail -3 "$d/marks-gnuplot-pdf.txt")"
else echo "skip marks_gnuplot_png_one_point_suite: needs gnuplot"; fi

# ---- a sweep from 0 bytes (tests/reports/zero_bytes.sko: IMB-MPI1 PingPong's 0, 1, 2, 4 ...
# ---- 64K, the 0-byte message a statement of its own): one curve on a log x axis, the
# ---- 0-byte point one tick left of 1 byte and labelled 0; the gnuplot script alike
zb=tests/reports/zero_bytes.sko
"$seq_bin" -r "$d/zero.html" "$zb" 2> "$d/zero.txt" && "$seq_bin" -r "$d/zero.gp" "$zb" 2>> "$d/zero.txt"
say $? zero_bytes_report_written "$(cat "$d/zero.txt")"
ticks=$(x_ticks "$d/zero.html" 1 | tr '\n' ' ')
zx=$(awk '/class="axis x-axis"/ { x = 1 } x && /class="tick"[^>]*>0</ { s = $0; sub(/.*<text class="tick" x="/, "", s); sub(/".*/, "", s); print s; exit }' "$d/zero.html")
px=$(grep -o '<circle class="pt[^"]*" cx="[0-9.]*"' "$d/zero.html" | sed 's/.*cx="//; s/"//' | head -n 2 | tr '\n' ' ')
grep -q 'class="axis-label x-label"[^>]*>message size \[bytes\] (count) (log scale, powers of two)<' "$d/zero.html" &&
  [ "$ticks" = "0 1 4 16 64 256 1K 4K 16K 64K " ] && [ "$(grep -c '<polyline class="curve"' "$d/zero.html")" = 1 ] &&
  [ "${px%% *}" = "$zx" ] && awk -v p="$px" 'BEGIN { split(p, a, " "); exit !(a[1] + 0 < a[2] + 0) }'
say $? zero_bytes_log_x_axis "x label $(grep -o 'x-label[^<]*' "$d/zero.html"), ticks $ticks, 0 tick at $zx, first points at $px"
grep -q '^set logscale x 2$' "$d/zero-1.gp" && grep -q '^set xtics add ("0" 0.25)$' "$d/zero-1.gp" &&
  grep -q '^# the 0-byte point is drawn at x = 0.25' "$d/zero-1.gp" && [ "$(grep -c '^\$d1_[0-9]* << EOD$' "$d/zero-1.gp")" = 1 ] &&
  [ "$(awk '/^\$d1_0 << EOD$/ { getline; print $1 }' "$d/zero-1.gp")" = 0.25 ]
say $? zero_bytes_gnuplot_log_x "$(grep -n 'logscale\|xtics\|0-byte' "$d/zero-1.gp")"
if have gnuplot; then
  (cd "$d" && gnuplot -e 'term="png"' zero.gp > zero-gnuplot.txt 2>&1) && is_png "$d/zero-1.png" && ! grep -qi 'empty\|warning\|error' "$d/zero-gnuplot.txt"
  say $? zero_bytes_gnuplot_png "$(tail -3 "$d/zero-gnuplot.txt")"
else echo "skip zero_bytes_gnuplot_png: needs gnuplot"; fi

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
