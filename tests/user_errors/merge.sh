#!/bin/sh
# tests/user_errors/merge.sh SKAMPI -- merging runs (SKaLib 3.4, skampi -m): SKaLib's own example
# (899 with 10 repetitions, 901 and 910 with 4 each give 899), a value that only linear
# interpolation between a run's neighbouring arguments can produce, block markers with
# and without "# ", and the never-overwrite rule; lines matched by their label (two
# measure statements in one block), merge_with_backups() and @POSTPROC yes.
set -u
. "$(dirname "$0")/../lib.sh"
skampi=$1
d=tests/out/merge
rm -rf "$d"; mkdir -p "$d"
cat > "$d/a.sko" <<'X'
# begin result "suite"
count= 1020        1020      899.000      1.000    10      899.000
count= 2000        2000      950.000      1.000     2      950.000
# end result "suite"
X
cat > "$d/b.sko" <<'X'
# begin result "suite"
count= 1020        1020      901.000      1.000     4      901.000
count= 1008        1008      891.000      1.000    10      891.000
count= 3000        3000      915.000      1.000    10      915.000
# end result "suite"
X
cat > "$d/c.sko" <<'X'
begin result "suite"
count= 1020        1020      910.000      3.000     4      910.000
count= 2000        2000      910.000      3.000     1      910.000
end result "suite"
X
$skampi -m "$d/m.sko" "$d/a.sko" "$d/b.sko" "$d/c.sko" 2> "$d/err.txt"
say $? merge_exit "$(cat "$d/err.txt")"
grep -q '^count= 1020 *1020 *899.000 *1.000 *10 *899.000$' "$d/m.sko"
say $? merge_weighted_median_skalib_example "$(grep 1020 "$d/m.sko")"
# 2000 in b: between its neighbours 1020 (901, 4 reps) and 3000 (915, 10 reps):
# 901 + 14 * 980/1980 = 907.929 with 4 reps; against 950 (2) and 910 (1) it is the median
grep -q '^count= 2000 *2000 *907.929 ' "$d/m.sko"
say $? merge_interpolates_missing_argument "$(grep '^count= 2000' "$d/m.sko")"
grep -q '^# begin result "suite"$' "$d/m.sko" && grep -q '^# end result "suite"$' "$d/m.sko"
say $? merge_block_markers "$(cat "$d/m.sko")"
$skampi -m "$d/m.sko" "$d/a.sko" "$d/b.sko" 2>/dev/null && [ -f "$d/m.sko.1" ]
say $? merge_never_overwrites "no m.sko.1"
$skampi -m "$d/x.sko" "$d/a.sko" "$d/missing.sko" 2> "$d/err2.txt"; st=$?
grep -q "cannot open '$d/missing.sko'" "$d/err2.txt" && [ $st -eq 2 ]
say $? merge_missing_input "exit $st: $(cat "$d/err2.txt")"

# Labels (doc/manual.md "Output"): lines of two measure statements with the same loop values are
# merged with the lines of their own statement, never with the other one's.
cat > "$d/la.sko" <<'X'
# begin result "two"
# measure F(x, 10)
x= 1        1       11.000      0.000     8
# measure F(x, 500)
x= 1        1      500.000      0.000     8
# end result "two"
X
cat > "$d/lb.sko" <<'X'
# begin result "two"
# measure F(x, 500)
x= 1        1      502.000      0.000     9
# measure F(x, 10)
x= 1        1       12.000      0.000     9
# end result "two"
X
$skampi -m "$d/lm.sko" "$d/la.sko" "$d/lb.sko" 2>/dev/null
awk '/^# measure/ { label = $0 } /^x= 1/ { print label " " $4 }' "$d/lm.sko" > "$d/lm.txt"
printf '# measure F(x, 10) 12.000\n# measure F(x, 500) 502.000\n' | cmp -s - "$d/lm.txt"
say $? merge_by_label "$(cat "$d/lm.txt")"

# merge_with_backups() (and @POSTPROC yes): SKaMPI 4's post-processing (SKaLib 3.4.3):
# the run is merged with its earlier runs OUT.1, OUT.2, ...; merged files are left out;
# the run itself is kept as a backup.
cat > "$d/post.ski" <<'X'
set_min_repetitions(3)
set_max_repetitions(4)
begin measurement "s"
  for x = 1 to 4 step *2 do
    measure MPI_COMM_WORLD : Synthetic_Virtual(x, 10.0, 1.0, 0, 0.0, 0.0)
  od
end measurement
merge_with_backups()
X
for r in 1 2 3; do $skampi -i "$d/post.ski" -o "$d/run.sko" 2> "$d/post$r.txt"; done
grep -q 'no earlier run of .*run.sko to merge with' "$d/post1.txt" && ! grep -q '^# merged' "$d/run.sko.1"
say $? merge_with_backups_single_run "$(cat "$d/post1.txt")"
grep -q 'merged this run with 1 earlier runs' "$d/post2.txt" && grep -q '^# merged by' "$d/run.sko.3" \
  && grep -q '^# merged runs: 2$' "$d/run.sko.3" && ! grep -q '^# merged' "$d/run.sko.2"
say $? merge_with_backups_second_run "$(cat "$d/post2.txt")"
grep -q '^# merged runs: 3$' "$d/run.sko" && grep -q "^# merged run 1: $d/run.sko.4 " "$d/run.sko" \
  && grep -q '^x= 4 ' "$d/run.sko" && ! grep -q '^# merged' "$d/run.sko.4"
say $? merge_with_backups_skips_merged_files "$(cat "$d/post3.txt"; head -5 "$d/run.sko")"
# a resume keeps the file it cut as OUT.N: that copy has its run's header and is the
# same run, not an earlier one (here: a cut copy of run 1 as rs.sko.1, run 1 as rs.sko.2)
$skampi -i "$d/post.ski" -o "$d/rs.sko" 2>/dev/null
sed '/^# end result/,$d' "$d/rs.sko" > "$d/rs.sko.1"
$skampi -i "$d/post.ski" -o "$d/rs.sko" 2> "$d/rs.txt"
grep -q 'merged this run with 1 earlier runs' "$d/rs.txt" && grep -q '^# merged runs: 2$' "$d/rs.sko" \
  && grep -q "^# merged run 2: $d/rs.sko.2 " "$d/rs.sko"
say $? merge_with_backups_counts_a_resumed_run_once "$(cat "$d/rs.txt"; ls "$d"/rs.sko*; grep '^# merged' "$d/rs.sko")"
# two runs whose headers differ only in the process that ran them are two runs (runs
# started in the same second on a coarse clock have equal headers otherwise; CI saw it)
sed 's/^# run: rank 0 was process [0-9]*/# run: rank 0 was process 1/' "$d/run.sko.4" > "$d/tw.sko.1"
sed 's/^# run: rank 0 was process [0-9]*/# run: rank 0 was process 2/' "$d/run.sko.4" > "$d/tw.sko.2"
$skampi -i "$d/post.ski" -o "$d/tw.sko" 2> "$d/tw.txt"
grep -q 'merged this run with 2 earlier runs' "$d/tw.txt" && grep -q '^# merged runs: 3$' "$d/tw.sko"
say $? merge_with_backups_tells_runs_apart_by_process "$(cat "$d/tw.txt"; grep '^# run' "$d"/tw.sko.*)"
printf '@POSTPROC yes\n' > "$d/post.par"
$skampi -t -i "$d/post.par" | grep -qx 'merge_with_backups()'
say $? postproc_yes_merges "$($skampi -t -i "$d/post.par" 2>&1)"
# a file that is no skampi output is named with the line that shows it, exit status 2
printf '# a comment\nsome text\n' > "$d/plain.txt"
$skampi -m "$d/y.sko" "$d/a.sko" "$d/plain.txt" 2> "$d/err3.txt"; st=$?
grep -q "^$d/plain.txt:[12]:1: " "$d/err3.txt" && [ $st -eq 2 ] && [ ! -f "$d/y.sko" ]
say $? merge_rejects_file_without_results "exit $st: $(cat "$d/err3.txt")"
# a line is its own candidate: a key repeated in the first file keeps each line's values
cat > "$d/dup.sko" <<'X'
# begin result "d"
count= 8        8      100.000      1.000     4      100.000
count= 8        8      200.000      1.000     4      200.000
# end result "d"
X
$skampi -m "$d/dup-m.sko" "$d/dup.sko" 2>/dev/null
grep -q '^count= 8 *8 *200.000 ' "$d/dup-m.sko"
say $? merge_repeated_key_keeps_each_line "$(cat "$d/dup-m.sko")"
# indented markers are markers (fuzzing finding 12): an indented "# end result" ends its
# block; kept as a note it became a marker in the merged file, which was then rejected
cat > "$d/ind.sko" <<'X'
# begin result "i"
count= 8        8      100.000      1.000     4      100.000
  # end result "i"
# begin result "j"
count= 8        8      300.000      1.000     4      300.000
# end result "j"
X
$skampi -m "$d/ind-m.sko" "$d/ind.sko" 2> "$d/ind.err" && $skampi -m "$d/ind-m2.sko" "$d/ind-m.sko" 2>> "$d/ind.err" &&
  [ "$(grep -c '^# end result' "$d/ind-m.sko")" -eq 2 ] && grep -q '^count= 8 *8 *300.000 ' "$d/ind-m2.sko"
say $? merge_indented_end_marker_ends_block "$(cat "$d/ind.err" "$d/ind-m.sko")"

# Merge checks what it merges: runs of different libraries, process counts, input files or
# backends are refused (exit status 2, the difference and both files named, nothing
# written) unless --force-merge; then the merged header gives each run's library and
# process count. Suites that not every run has are named on stderr and in '# merge:' lines.
# hdr FILE LIBRARY PROCESSES INPUT BACKEND [SUITE2]: a run with that header
hdr() {
  { printf '# SKaMPI Version skampi-0.1.0 (%s backend)\n# Started at Thu Nov 26 01:00:00 2026\n' "$5"
    printf '# input file: %s\n# processes: %s\n# library: %s\n' "$4" "$3" "$2"
    printf '# begin result "s"\ncount= 8        8      100.000      1.000     4      100.000\n# end result "s"\n'
    if [ -n "${6:-}" ]; then printf '# begin result "%s"\ncount= 8        8      7.000      1.000     4      7.000\n# end result "%s"\n' "$6" "$6"; fi
  } > "$1"
}
hdr "$d/h-ompi.sko" "Open MPI v4.1.4, package: Debian OpenMPI" 2 ski/quick.ski MPI
hdr "$d/h-ompi2.sko" "Open MPI v4.1.4, package: Debian OpenMPI" 2 ski/quick.ski MPI
hdr "$d/h-mpich.sko" "MPICH Version: 4.0.2" 2 ski/quick.ski MPI
hdr "$d/h-np4.sko" "Open MPI v4.1.4, package: Debian OpenMPI" 4 ski/quick.ski MPI
hdr "$d/h-coll.sko" "Open MPI v4.1.4, package: Debian OpenMPI" 2 ski/coll.ski MPI
hdr "$d/h-seq.sko" "Open MPI v4.1.4, package: Debian OpenMPI" 2 ski/quick.ski sequential
$skampi -m "$d/h-same.sko" "$d/h-ompi.sko" "$d/h-ompi2.sko" 2> "$d/h-same.err"
say $? merge_same_runs "$(cat "$d/h-same.err")"
for c in "mpich:libraries:library: Open MPI v4.1.4, package: Debian OpenMPI, .*h-mpich.sko has library: MPICH Version: 4.0.2" \
         "np4:process counts:processes: 2, .*h-np4.sko has processes: 4" \
         "coll:input files:input file: ski/quick.ski, .*h-coll.sko has input file: ski/coll.ski" \
         "seq:backends:SKaMPI Version: (MPI backend), .*h-seq.sko has SKaMPI Version: (sequential backend)"; do
  n=${c%%:*}; rest=${c#*:}; what=${rest%%:*}; detail=${rest#*:}
  $skampi -m "$d/h-$n-m.sko" "$d/h-ompi.sko" "$d/h-$n.sko" 2> "$d/h-$n.err"; st=$?
  [ $st -eq 2 ] && [ ! -f "$d/h-$n-m.sko" ] && grep -q "will not merge runs of different $what: $d/h-ompi.sko has $detail" "$d/h-$n.err" \
    && grep -q -- '--force-merge' "$d/h-$n.err"
  say $? "merge_refuses_different_$(echo "$what" | tr ' ' _)" "exit $st: $(cat "$d/h-$n.err")"
done
# the force flag (before -m): merged; the header says what each run was
$skampi --force-merge -m "$d/h-forced.sko" "$d/h-ompi.sko" "$d/h-mpich.sko" "$d/h-np4.sko" 2> "$d/h-forced.err"; st=$?
[ $st -eq 0 ] && grep -q '^# merge forced (--force-merge)' "$d/h-forced.sko" \
  && grep -q '^# merged run 1 library: Open MPI v4.1.4, package: Debian OpenMPI; processes: 2$' "$d/h-forced.sko" \
  && grep -q '^# merged run 2 library: MPICH Version: 4.0.2; processes: 2$' "$d/h-forced.sko" \
  && grep -q '^# merged run 3 library: Open MPI v4.1.4, package: Debian OpenMPI; processes: 4$' "$d/h-forced.sko" \
  && $skampi -x csv "$d/h-forced.sko" > /dev/null
say $? merge_forced_lists_every_run "exit $st: $(cat "$d/h-forced.err"; head -12 "$d/h-forced.sko")"
# suites in some runs only
hdr "$d/h-extra.sko" "Open MPI v4.1.4, package: Debian OpenMPI" 2 ski/quick.ski MPI extra
$skampi -m "$d/h-ex1.sko" "$d/h-ompi.sko" "$d/h-extra.sko" 2> "$d/h-ex1.err" \
  && grep -qx "skampi: merge: suite \"extra\" of $d/h-extra.sko is not in $d/h-ompi.sko (not merged: the merge follows the first run's suites)" "$d/h-ex1.err" \
  && grep -qx "# merge: suite \"extra\" of $d/h-extra.sko is not in $d/h-ompi.sko (not merged: the merge follows the first run's suites)" "$d/h-ex1.sko" \
  && $skampi -m "$d/h-ex2.sko" "$d/h-extra.sko" "$d/h-ompi.sko" 2> "$d/h-ex2.err" \
  && grep -qx "skampi: merge: suite \"extra\" of $d/h-extra.sko is not in $d/h-ompi.sko (merged from the runs that have it)" "$d/h-ex2.err" \
  && grep -q '^count= 8 *8 *7.000 ' "$d/h-ex2.sko"
say $? merge_names_suites_of_some_runs "$(cat "$d/h-ex1.err" "$d/h-ex2.err")"
