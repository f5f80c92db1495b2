#!/bin/sh
# tests/user_errors/command_line.sh SKAMPI -- mistakes on the command line: one line on
# stderr naming the mistake, exit status 2, nothing on stdout; only -h prints the help.
# One-line runs without MPI (the sequential build): an unknown measurement names the
# closest ones, --dump prints a program that -n accepts, a row runs without an input file.
set -u
. "$(dirname "$0")/../lib.sh"
skampi=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
o=tests/out/command_line
rm -rf "$o"; mkdir -p "$o"

# usage NAME EXPECTED-LINE ARGS...: exit 2, exactly that one line on stderr, stdout empty
usage() {
  name=$1; want=$2; shift 2
  "$skampi" "$@" > "$o/$name.out" 2> "$o/$name.err"; st=$?
  [ $st -eq 2 ] && [ "$(wc -l < "$o/$name.err")" -eq 1 ] && [ "$(cat "$o/$name.err")" = "$want" ] && [ ! -s "$o/$name.out" ]
  say $? "usage_error_$name" "exit $st, stderr: $(head -c 400 "$o/$name.err")"
}
usage unknown_option "skampi: unknown option '-Z' (skampi -h for help)" -Z
usage missing_file "skampi: '-o' needs a file name (skampi -h for help)" -n -o
# skampi's own options and -l NAME name the nearest too (a letter alone, as -Z above, has none)
usage option_nearest "skampi: unknown option '--sizs'; closest: --sizes" --sizs 0:64 Pingpong_Send_Recv
usage option_nearest_single_dash "skampi: unknown option '-lenient'; closest: --lenient" -lenient -r x.html a.sko
usage option_far "skampi: unknown option '--qwertyuiop' (skampi -h for help)" --qwertyuiop
usage list_closest_name "skampi: no measurement function, helper or iterator 'Pingpong_Send_Recvv'; closest: Pingpong_Send_Recv, Pingpong_Send_Irecv, Pingpong_Ssend_Recv (skampi -l lists them)" -l Pingpong_Send_Recvv
usage closest_name "skampi: no measurement 'Pingpong_Send_Recvv'; closest: Pingpong_Send_Recv, Pingpong_Send_Irecv, Pingpong_Ssend_Recv (skampi -l lists them)" Pingpong_Send_Recvv
usage far_name "skampi: no measurement 'Qwertyuiop' (skampi -l lists them)" Qwertyuiop
usage program_file_as_name "skampi: no measurement 'ski/quick.ski' (a program file runs with skampi -i ski/quick.ski)" ski/quick.ski
usage option_without_name "skampi: '--sizes' is an option of a one-line run: give a measurement name too (skampi -h for help)" --sizes 1:8
usage bad_range "skampi: --sizes '8:1': give MIN:MAX (whole numbers from 0 to 128M, MIN <= MAX, suffixes k and M) (skampi -h for help)" Synthetic_Busy --sizes 8:1
usage name_and_input "skampi: -i 'x.ski' and the measurement name 'Synthetic_Busy': give one of them (skampi -h for help)" -i x.ski Synthetic_Busy
usage two_names "skampi: a second measurement name 'Barrier' (a one-line run measures one) (skampi -h for help)" Synthetic_Busy Barrier
usage no_default "skampi: 'Bcast_DOPL_Grid' has a parameter map (IArray) that a one-line run cannot choose: write a .ski program for it (skampi -l Bcast_DOPL_Grid shows its parameters)" Bcast_DOPL_Grid
usage guidelines_without_runs "skampi: '--guidelines': needs the result files of ski/guidelines.ski (one or more runs) (skampi -h for help)" --guidelines
usage guidelines_bad_effect "skampi: '200': the minimum effect is a number from 0 to 100 (0.1 or 10%: 10% slower) (skampi -h for help)" --guidelines -e 200 a.sko

# OSU and IMB names: an option or name the tool lacks names the nearest; skampi's own
# -m, -x, -i keep their meaning without such a name (usage errors above and below)
usage osu_option_nearest "skampi: osu_latency has no option '--iteration'; closest: --iterations" osu_latency --iteration 10
usage osu_name_nearest "skampi: 'osu_latncy' is no OSU 7.4 benchmark that skampi measures; closest: osu_latency (doc/manual.md \"OSU and IMB names\" lists them)" osu_latncy
usage imb_name_nearest "skampi: IMB-MPI1 has no benchmark 'PingPongg' that skampi measures; closest: PingPong (doc/manual.md \"OSU and IMB names\" lists them)" IMB-MPI1 PingPongg
usage imb_option_nearest "skampi: IMB-MPI1 has no option '-msglg'; closest: -msglog" IMB-MPI1 PingPong -msglg 0:4
usage osu_bad_size "skampi: osu_bw -m '9:1': give [MIN:]MAX in bytes (MIN <= MAX, at most 128M)" osu_bw -m 9:1
usage skampi_m_is_merge "skampi: '-m' needs OUT and the runs to merge (skampi -h for help)" -m 1:64
# the 0-byte message: --sizes 0:4 measures count 0 first, then 1 ... 4
"$skampi" --dump Master_Worker --sizes 0:4 > "$o/zero.ski" 2> "$o/zero.err"; st=$?
[ $st -eq 0 ] && grep -q '^  for count = 0 to 0 do$' "$o/zero.ski" && grep -q '^  for count = 1 to 4 step \*2 do$' "$o/zero.ski" &&
  "$skampi" -n -i "$o/zero.ski" > /dev/null 2>&1
say $? "zero_bytes_accepted" "exit $st: $(cat "$o/zero.err")"

# a run that measures nothing (one process) fails with the one line of its remedy
usage nothing_measured "skampi: nothing measured: Pingpong_Blocking needs at least 2 processes, the run has 1: mpirun -np 2 $skampi Pingpong_Blocking --sizes 1:4" Pingpong_Blocking --sizes 1:4
cat > "$o/too_few.ski" <<'EOF'
begin measurement "too few"
  for n = 1 to 1 do
    measure comm(n) : Pingpong_Blocking(4, 1)
  od
end measurement
EOF
"$skampi" -i "$o/too_few.ski" -o "$o/too_few.sko" > "$o/too_few.out" 2> "$o/too_few.err"; st=$?
[ $st -eq 2 ] && [ "$(tail -n 1 "$o/too_few.err")" = "skampi: nothing measured: Pingpong_Blocking needs at least 2 processes, the run has 1: mpirun -np 2 $skampi -i $o/too_few.ski -o $o/too_few.sko" ] &&
  [ "$(grep -c 'warning: .*nothing measured' "$o/too_few.err")" -eq 1 ]
say $? "program_measuring_nothing_fails" "exit $st: $(head -c 400 "$o/too_few.err")"
# every suite skipped on purpose (MPI_COMM_NULL): nothing measured, and that is success
cat > "$o/skipped.ski" <<'EOF'
begin measurement "skipped"
  measure MPI_COMM_NULL : Pingpong_Blocking(4, 1)
end measurement
EOF
"$skampi" -i "$o/skipped.ski" -o "$o/skipped.sko" > "$o/skipped.out" 2> "$o/skipped.err"; st=$?
[ $st -eq 0 ]
say $? "deliberately_skipped_suite_succeeds" "exit $st: $(head -c 400 "$o/skipped.err")"

"$skampi" -h > "$o/help.out" 2> "$o/help.err"; st=$?
"$skampi" --help-all > "$o/helpall.out" 2>&1; st2=$?
[ $st -eq 0 ] && [ "$(wc -l < "$o/help.out")" -le 15 ] && [ ! -s "$o/help.err" ] && grep -q -- '--help-all' "$o/help.out" &&
  [ $st2 -eq 0 ] && [ "$(wc -l < "$o/helpall.out")" -gt 40 ] && grep -q -- '--force-merge' "$o/helpall.out"
say $? "help_short_with_h_full_with_help_all" "exit $st/$st2, $(wc -l < "$o/help.out") and $(wc -l < "$o/helpall.out") lines"

# skampi alone where there is no skampi.ski: the error and a hint how to start
mkdir -p "$o/none"
(cd "$o/none" && "$skampi" > ../none.out 2> ../none.err); st=$?
[ $st -eq 2 ] && [ "$(wc -l < "$o/none.err")" -eq 2 ] && grep -q "^skampi: cannot open 'skampi.ski'" "$o/none.err" &&
  grep -q "^skampi: without -i FILE skampi runs skampi.ski from this directory; give -i FILE (ski/quick.ski is a short one), a measurement such as 'mpirun -np 2 skampi Pingpong_Send_Recv'" "$o/none.err"
say $? "alone_without_skampi_ski_hints" "exit $st: $(cat "$o/none.err")"
# a .ski typo: "did you mean"
printf 'x = sqrtt(2)\n' > "$o/typo.ski"
"$skampi" -n -i "$o/typo.ski" > "$o/typo.out" 2> "$o/typo.err"; st=$?
[ $st -eq 2 ] && [ "$(cat "$o/typo.err")" = "$o/typo.ski:1:5: unknown function 'sqrtt'; did you mean 'sqrt'?" ]
say $? "ski_typo_did_you_mean" "exit $st: $(cat "$o/typo.err")"

# reports: -r NAME without a suffix writes NAME.html; the plots come before the runs'
# headers; the time axis is logarithmic as soon as the plotted range (a whisker too)
# spans more than a decade, linear for times of 2 ... 16 us without it
cat > "$o/virt.ski" <<'EOF'
begin measurement "virt"
  for x = 1 to 8 step *2 do
    measure MPI_COMM_WORLD : Synthetic_Virtual(x, 0, 2, 0, 0, 0)
  od
end measurement
EOF
"$skampi" -q -i "$o/virt.ski" -o "$o/virt.sko" > /dev/null 2>&1
sed 's/^#@ dist: 8 8 8 8 8 8 8$/#@ dist: 8 8 8 8 8 8 2000/' "$o/virt.sko" > "$o/whisker.sko"
(cd "$o" && "$skampi" -r rep virt.sko > rep.out 2>&1 && "$skampi" -r repw whisker.sko > repw.out 2>&1); st=$?
[ $st -eq 0 ] && [ -f "$o/rep.html" ] && [ ! -f "$o/rep" ] && grep -q 'report of 1 file written to rep.html' "$o/rep.out" &&
  grep -c '2000' "$o/whisker.sko" > /dev/null &&
  ! grep -q 'time \[us\] (log scale)' "$o/rep.html" && grep -q 'time \[us\] (log scale)' "$o/repw.html" &&
  [ "$(grep -n '<svg' "$o/rep.html" | head -n 1 | cut -d: -f1)" -lt "$(grep -n '<h2>Runs</h2>' "$o/rep.html" | cut -d: -f1)" ]
say $? "report_suffix_plots_first_log_axis" "exit $st: $(cat "$o/rep.out" "$o/repw.out" 2>/dev/null | head -c 300)"
# -r NAME: .html and .htm kept, .gp gnuplot, any other name gets .html (rep.pdf holds no
# HTML under the name of a PDF) and the message names the file written
(cd "$o" && "$skampi" -r rep.pdf virt.sko > pdf.out 2>&1 && "$skampi" -r my.report virt.sko > my.out 2>&1 &&
  "$skampi" -r kept.htm virt.sko > htm.out 2>&1); st=$?
[ $st -eq 0 ] && [ -f "$o/rep.pdf.html" ] && [ ! -e "$o/rep.pdf" ] && [ "$(cat "$o/pdf.out")" = "skampi: report of 1 file written to rep.pdf.html" ] &&
  [ -f "$o/my.report.html" ] && [ ! -e "$o/my.report" ] && [ "$(cat "$o/my.out")" = "skampi: report of 1 file written to my.report.html" ] &&
  [ -f "$o/kept.htm" ] && [ ! -e "$o/kept.htm.html" ] && grep -q '<svg class="plot"' "$o/rep.pdf.html" "$o/kept.htm"
say $? "report_name_gets_html_unless_html_htm_gp" "exit $st: $(cat "$o/pdf.out" "$o/my.out" "$o/htm.out" 2>/dev/null | head -c 300)"

# --dump without MPI: a program -n accepts, with the sweep asked for
"$skampi" --dump Master_Worker --sizes 1k:4k --reps 3:5 --error 5% > "$o/mw.ski" 2> "$o/mw.err"; st=$?
"$skampi" -n -i "$o/mw.ski" > "$o/mw.check" 2>&1; st2=$?
[ $st -eq 0 ] && [ $st2 -eq 0 ] && grep -q '^  for count = 1024 to 4096 step \*2 do$' "$o/mw.ski" &&
  grep -q '^set_min_repetitions(3)$' "$o/mw.ski" && grep -q '^set_max_relative_standard_error(0.05)$' "$o/mw.ski"
say $? "dump_passes_syntax_check" "dump $st, -n $st2: $(head -c 300 "$o/mw.err" "$o/mw.check")"

# a one-line run of a row without a count: one point, in a directory without skampi.ski
mkdir -p "$o/empty"
(cd "$o/empty" && "$skampi" Synthetic_Busy --reps 2:3 > ../busy.sko 2> ../busy.err); st=$?
[ $st -eq 0 ] && [ "$(grep -c -v '^#' "$o/busy.sko")" -eq 1 ] && [ -z "$(ls "$o/empty")" ] && [ "$(grep -c '^# begin result "Synthetic_Busy"$' "$o/busy.sko")" -eq 1 ]
say $? "one_point_without_count" "exit $st: $(head -c 300 "$o/busy.err")"
finish
