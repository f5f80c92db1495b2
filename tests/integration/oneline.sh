#!/bin/sh
# tests/integration/oneline.sh IMPL SKAMPI -- one-line runs and the progress lines under a
# launcher (doc/manual.md, "One-line runs" and "Progress"):
#   - `skampi Pingpong_Send_Recv` alone, no input file in the directory: the standard sweep
#     count = 1 ... 1 MiB (21 points, doubling) to standard output
#   - a collective with --sizes and --procs: one suite per process count, the counts asked
#     for; --procs MIN: goes up to every process
#   - --dump prints a program that passes -n and, run with -i, gives the same structure
#   - --procs beyond the run's processes: one line, exit 2
#   - progress with stderr to a file: a line per finished suite (elapsed, estimate), during
#     a suite of some 3 s with SKAMPI_PROGRESS_INTERVAL=1 at least one "running" line and
#     never more than one per second of the run, the points known ("P of 15 points") and
#     the time left from them; the same lines when the results go to standard output; none with -q
set -u
. "$(dirname "$0")/../lib.sh"
impl=$1; skampi=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
o=$top/tests/out/oneline-$impl
rm -rf "$o"; mkdir -p "$o/empty"
# Sanitized runs (SKAMPI_SANITIZE=1) of more processes than processors go without LeakSanitizer:
# its tracer dies of SIGSEGV at exit there on this machine's kernel (6.18; Open MPI, 3 on 2
# cores, the previous build alike: "LeakSanitizer has encountered a fatal error", exit 1)
run() {
  np=$1; shift
  if [ "${SKAMPI_SANITIZE:-0}" = 1 ] && [ "$np" -gt "${sk_cpus:-2}" ]; then
    ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" timeout 300 "$top/tools/mpirun.sh" "$impl" "$np" "$skampi" "$@"
  else timeout 300 "$top/tools/mpirun.sh" "$impl" "$np" "$skampi" "$@"; fi
}
# counts SKO SUITE: the count values of the suite's result lines, blank-separated
counts() { awk -v s="# begin result \"$2\"" '$0 == s { on = 1; next } /^# end result/ { on = 0 } on && /^count= / { printf "%s ", $2 }' "$1"; }
suites() { grep -c '^# begin result ' "$1"; }

(cd "$o/empty" && run 2 Pingpong_Send_Recv > "$o/pp.sko" 2> "$o/pp.err"); st=$?
want="1 2 4 8 16 32 64 128 256 512 1024 2048 4096 8192 16384 32768 65536 131072 262144 524288 1048576 "
[ $st -eq 0 ] && [ "$(counts "$o/pp.sko" Pingpong_Send_Recv)" = "$want" ] && [ "$(suites "$o/pp.sko")" -eq 1 ] &&
  grep -q '^# Total runtime' "$o/pp.sko" && [ -z "$(ls "$o/empty")" ]
say $? "$impl pingpong_one_liner_without_input" "exit $st, counts $(counts "$o/pp.sko" Pingpong_Send_Recv); $(head -c 400 "$o/pp.err")"

run 3 MPI_Bcast --sizes 1:64 --procs 2:3 --reps 2:4 -o "$o/bc.sko" 2> "$o/bc.err"; st=$?
[ $st -eq 0 ] && [ "$(suites "$o/bc.sko")" -eq 2 ] && [ "$(counts "$o/bc.sko" Bcast-np2)" = "1 2 4 8 16 32 64 " ] &&
  [ "$(counts "$o/bc.sko" Bcast-np3)" = "1 2 4 8 16 32 64 " ]
say $? "$impl bcast_sizes_and_procs" "exit $st, $(suites "$o/bc.sko") suites: $(grep '^# begin result' "$o/bc.sko" | tr '\n' ' ') $(head -c 300 "$o/bc.err")"

run 3 MPI_Bcast --sizes 1:64 --procs 2: --reps 2:4 -o "$o/bc_open.sko" 2> "$o/bc_open.err"
sh tests/integration/sko_structure.sh "$o/bc.sko" > "$o/bc.structure"
sh tests/integration/sko_structure.sh "$o/bc_open.sko" | diff "$o/bc.structure" - > "$o/bc_open.diff"
say $? "$impl procs_without_max_takes_every_process" "$(head -5 "$o/bc_open.diff")"

"$skampi" --dump MPI_Bcast --sizes 1:64 --procs 2:3 --reps 2:4 > "$o/dump.ski" 2> "$o/dump.err"; st=$?
"$skampi" -n -i "$o/dump.ski" > "$o/dump.check" 2>&1; st2=$?
run 3 -i "$o/dump.ski" -o "$o/dump.sko" 2> "$o/dump_run.err"
sh tests/integration/sko_structure.sh "$o/dump.sko" | diff "$o/bc.structure" - > "$o/dump.diff"; st3=$?
[ $st -eq 0 ] && [ $st2 -eq 0 ] && [ $st3 -eq 0 ] && [ -s "$o/bc.structure" ]
say $? "$impl dump_round_trip" "dump $st, -n $st2: $(head -c 200 "$o/dump.check"), structure: $(head -5 "$o/dump.diff")"

run 3 Bcast --procs 2:5 > "$o/many.out" 2> "$o/many.err"; st=$?
[ $st -eq 2 ] && [ "$(grep -c '^skampi: ' "$o/many.err")" -eq 1 ] && grep -q "^skampi: --procs 2:5, but the run has 3 processes$" "$o/many.err" &&
  ! grep -q '^count=' "$o/many.out"
say $? "$impl procs_beyond_the_run_refused" "exit $st: $(head -c 300 "$o/many.err")"

SKAMPI_PROGRESS_INTERVAL=1 run 2 -i tests/ski/progress.ski -o "$o/p.sko" 2> "$o/p.err"; st=$?
done_lines=$(grep -c '^skampi: \[[12]/2\] "[a-z]*" done in [0-9.]* s; [0-9]* s elapsed, ~[0-9]* s left$' "$o/p.err")
# a running line every second at most, for any suite (on a loaded machine the short one
# may last over a second too), and at least one for the long one
# (a point longer than the interval may add one with its repetitions: "points, point K: ...;")
running=$(grep -c '^skampi: \[[12]/2\] "[a-z]*" running: [0-9]* of [0-9]* points, \(point [0-9]*: [^;]*; \)*[0-9]* s elapsed, ' "$o/p.err")
long_running=$(grep -c '^skampi: \[2/2\] "long" running: ' "$o/p.err")
elapsed=$(sed -n 's/^skampi: \[2\/2\] "long" done in .* s; \([0-9]*\) s elapsed.*/\1/p' "$o/p.err")
[ $st -eq 0 ] && [ "$done_lines" -eq 2 ] && [ "$long_running" -ge 1 ] && [ "$running" -le "$((${elapsed:-0} + 1))" ] &&
  [ "$(grep -c '^skampi: \[' "$o/p.err")" -eq $((done_lines + running)) ]
say $? "$impl progress_lines_under_launcher" "exit $st, $done_lines done lines, $running running lines in ${elapsed:-?} s: $(head -c 600 "$o/p.err")"

# the estimate inside the long suite (15 points known from its literal loop, each as long):
# "P of 15 points", the time left never rising by more than the rounding, and elapsed +
# left within 30% (+1 s of rounding) of the suite's real end
awk -v final="${elapsed:-0}" '/^skampi: \[2\/2\] "long" running: / {
    sub(/points, point [^;]*; /, "points, ")
    split($0, a, /running: | of | points, | s elapsed, ~| s left/); p = a[2]; e = a[4]; l = a[5]
    if (a[3] != 15 || l == "") bad = 1
    if (seen && l > prev + 1) bad = 1
    if ((e + l - final) ^ 2 > (1 + 0.3 * final) ^ 2) bad = 1
    prev = l; seen = 1 }
  END { exit bad || !seen }' "$o/p.err"
say $? "$impl progress_estimate_from_points" "$(grep 'long' "$o/p.err" | head -c 600)"
# a point longer than the interval: its repetitions so far in a running line, at most
# one a second (3 repetitions of 0.6 s and a warm-up call, the suite's 2 points known)
printf 'set_min_repetitions(3)\nset_max_repetitions(3)\nbegin measurement "slow"\n  for x = 1 to 2 do\n    measure MPI_COMM_WORLD : Synthetic_Busy(x, 600000, 0, 0, 0, 0)\n  od\nend measurement\n' > "$o/slow.ski"
SKAMPI_PROGRESS_INTERVAL=1 run 2 -i "$o/slow.ski" -o "$o/slow.sko" 2> "$o/slow.err"; st=$?
reps=$(grep -c '^skampi: \[1/1\] "slow" running: [01] of 2 points, point [12]: [0-3] of at most 3 repetitions, [0-9.e+-]* s a repetition; [0-9]* s elapsed, ~[0-9]* s left$' "$o/slow.err")
sel=$(sed -n 's/^skampi: \[1\/1\] "slow" done in .* s; \([0-9]*\) s elapsed.*/\1/p' "$o/slow.err")
[ $st -eq 0 ] && [ "$reps" -ge 1 ] && [ "$reps" -le "$((${sel:-0} + 1))" ] &&
  grep 'a repetition' "$o/slow.err" | awk '{ for (i = 1; i <= NF; i++) if ($i == "repetition;") t = $(i - 3) } END { exit !(t >= 0.3 && t < 60) }'
say $? "$impl progress_inside_a_long_point" "exit $st, $reps lines with repetitions in ${sel:-?} s: $(head -c 600 "$o/slow.err")"

# results to standard output: the progress still on stderr
SKAMPI_PROGRESS_INTERVAL=1 run 2 -i tests/ski/progress.ski > "$o/ps.sko" 2> "$o/ps.err"; st=$?
[ $st -eq 0 ] && [ "$(grep -c '^skampi: \[[12]/2\] "[a-z]*" done in ' "$o/ps.err")" -eq 2 ] && grep -q '# end result "long"' "$o/ps.sko" &&
  ! grep -q '^skampi: ' "$o/ps.sko"
say $? "$impl progress_with_results_on_stdout" "exit $st: $(head -c 300 "$o/ps.err")"

SKAMPI_PROGRESS_INTERVAL=1 run 2 -q -i tests/ski/progress.ski -o "$o/pq.sko" 2> "$o/pq.err"; st=$?
[ $st -eq 0 ] && ! grep -q '^skampi: \[' "$o/pq.err" && grep -q '# end result "long"' "$o/pq.sko"
say $? "$impl progress_silenced_by_q" "exit $st: $(head -c 300 "$o/pq.err")"
finish
