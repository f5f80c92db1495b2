#!/bin/sh
# tests/integration/mpi_behaviour.sh IMPL SKAMPI -- behaviour of the MPI build as a user sees it:
# refusing a measurement that needs more buffer than given (before anything is sent),
# never overwriting results, keeping finished blocks when killed, clean errors under
# mpirun, results of communicators without rank 0, autorefine bracketing a step.
set -u
. "$(dirname "$0")/../lib.sh"
impl=$1; skampi=$2
o=tests/out/beh-$impl
rm -rf "$o"; mkdir -p "$o"
run() { np=$1; shift; timeout 120 tools/mpirun.sh "$impl" "$np" "$skampi" "$@"; }

run 2 -i tests/ski/buffer_too_small.ski -o "$o/buf.sko" 2> "$o/buf.err"; st=$?
grep -q "warning: tests/ski/buffer_too_small.ski:18:28: buffer grown: Bcast needs 32768 bytes of buffer on process 0, but set_skampi_buffer gave 16384; measured with 32768 bytes" "$o/buf.err" &&
  awk '/^# begin result "refused"/ { on = 1; next } on && /^ *[0-9]/ { line = 1; next }
       on && line && /^# \(buffer grown: Bcast needs 32768 bytes.*measured with 32768 bytes, then set back\)$/ { note = 1 }
       on && line && /^#@ flags: .*buffer_grown=32768/ { flag = 1 }
       /^# end result "refused"/ { on = 0 } END { exit !(note && flag) }' "$o/buf.sko" &&
  ! grep -q 'nothing measured' "$o/buf.sko"
say $? "$impl buffer_outside_loop_grown" "$(head -n 3 "$o/buf.err")"
say $([ $st -eq 0 ] && echo 0 || echo 1) "$impl buffer_outside_loop_run_goes_on" "exit $st"
# the buffer is set back after it: the next block's loop ends where 16 KiB ends it
awk '/^# begin result "after-grown"/ { on = 1 } on && /^# \(loop ended at count=4096: Bcast needs 32768 bytes/ { f = 1 } END { exit !f }' "$o/buf.sko"
say $? "$impl buffer_set_back_after_growing" "$(grep -A3 'after-grown' "$o/buf.sko" | head -n 8)"
SKAMPI_STRICT=1 run 2 -i tests/ski/buffer_too_small.ski -o "$o/bufs.sko" 2> "$o/bufs.err"; st=$?
grep -q "^tests/ski/buffer_too_small.ski:18:28: Bcast needs 32768 bytes of buffer on process 0, but set_skampi_buffer gave 16384; nothing was measured" "$o/bufs.err"
say $? "$impl buffer_refused_when_strict_message" "$(head -n 3 "$o/bufs.err")"
say $([ $st -eq 2 ] && echo 0 || echo 1) "$impl buffer_refused_when_strict_status" "exit $st"
# in the loop, counts 1..2048 fit (2 x 4 x 2048 bytes = 16 KiB); 4096 ends the loop before
# anything is sent: a comment line, the block closed, a warning, the next block measured
n=$(awk '/# begin result "too-large"/ {on = 1} /# end result "too-large"/ {on = 0} on && /^count= / {n++} END {print n + 0}' "$o/buf.sko")
say $([ "$n" -eq 12 ] && ! grep -q '^count= 4096 ' "$o/buf.sko" && grep -q '# end result "too-large"' "$o/buf.sko" && echo 0 || echo 1) "$impl buffer_loop_ends_before_sending" "$n lines measured in the loop"
grep -q '^# (loop ended at count=4096: Bcast needs 32768 bytes of buffer' "$o/buf.sko"; say $? "$impl buffer_loop_end_noted" "$(grep 'loop ended' "$o/buf.sko")"
# the original SKaMPI's fit test (SKAMPI_BUFFER_RULE=skampi5): 2 (S + 2 sa + R + 2 ra) - 8
# lcm(sa, ra) must fit, R the original's receive usage (none for Bcast, the vector at the
# root of Reduce_Scatterv): with 64 KiB, Bcast up to 8192 ints (2 x 32 KiB) and
# Reduce_Scatterv up to 4096 (2 x (16 + 16) KiB) as the original measures them (its
# skampi_coll.ski beside skampi: tools/bench/original_side_by_side.sh); skampi's own rule
# takes its Reduce_Scatterv root's 2.5 S: up to 5793
last_points() {   # FILE: "BLOCK=LAST_COUNT ..." in block order
  awk '/^# begin result "/ { b = $4; gsub(/"/, "", b); order[++n] = b } /^count= / { last[b] = $2 }
    END { for (i = 1; i <= n; i++) printf "%s=%s ", order[i], last[order[i]] }' "$1"
}
SKAMPI_BUFFER_RULE=skampi5 run 2 -q -i tests/ski/buffer_rule.ski -o "$o/rule5.sko" 2>/dev/null
run 2 -q -i tests/ski/buffer_rule.ski -o "$o/rule.sko" 2>/dev/null
got5=$(last_points "$o/rule5.sko"); got=$(last_points "$o/rule.sko")
[ "$got5" = "Bcast=8192 Reduce_Scatterv=4096 " ] && [ "$got" = "Bcast=8192 Reduce_Scatterv=5793 " ]
say $? "$impl buffer_rule_of_the_original" "skampi5: $got5(want Bcast=8192 Reduce_Scatterv=4096); skampi: $got(want 8192, 5793)"
grep -q 'warning: tests/ski/buffer_too_small.ski:11:30: loop ended at count=4096' "$o/buf.err"; say $? "$impl buffer_loop_end_warned" "$(cat "$o/buf.err")"
awk '/# begin result "after"/ {on = 1} /# end result "after"/ {on = 0} on && !/^#/ {n++} END {exit n != 1}' "$o/buf.sko"; say $? "$impl buffer_run_goes_on" "no result in the block after the loop"
grep -q '# begin result "refused"' "$o/bufs.sko" && grep -q '# end result "refused"' "$o/bufs.sko"; say $? "$impl block_closed_on_error" "$(tail -n 4 "$o/bufs.sko")"
[ "$(grep -c 'Bcast needs' "$o/bufs.err")" -eq 2 ]; say $? "$impl error_printed_once" "$(cat "$o/bufs.err")"

run 2 -i tests/ski/forwarding.ski -o "$o/fw.sko" 2>/dev/null
run 2 -i tests/ski/forwarding.ski -o "$o/fw.sko" 2> "$o/fw.err"
[ -f "$o/fw.sko.1" ] && grep -q "kept the existing" "$o/fw.err"; say $? "$impl never_overwrites" "no fw.sko.1"
awk -v np=2 -v minrep=3 -v maxrep=5 -v maxnodes=16 -f tests/common/check_sko.awk "$o/fw.sko.1" >/dev/null; say $? "$impl backup_intact" "fw.sko.1 malformed"
# the ping-pongs' method in the header: the clock reading they subtract, a fraction of a microsecond
awk '/^# ping-pongs: [0-9]+\.[0-9][0-9][0-9][0-9] us subtracted from every timing \(one MPI_Wtime reading: the least of 100 back-to-back pairs, SKaLib 3\.2\); the partner.s readiness is awaited before the clock starts$/ && $3 + 0 >= 0 && $3 + 0 < 1 { n++ }
     END { exit n != 1 }' "$o/fw.sko.1"
say $? "$impl pingpong_clock_cost_in_header" "$(grep '^# ping-pongs' "$o/fw.sko.1")"
run 4 -i tests/ski/forwarding.ski -o "$o/fw4.sko" 2>/dev/null
awk -v np=4 -v minrep=3 -v maxrep=5 -v maxnodes=16 -f tests/common/check_sko.awk "$o/fw4.sko" >/dev/null; say $? "$impl result_from_pair_without_rank0" "$(cat "$o/fw4.sko")"

# The run is ended by signals to the launcher and the processes it started (found by
# parent pid), never by name: nothing else on the machine is touched.
tree() {   # tree PID: PID and all its descendants
  echo "$1"
  for c in $(ps -e -o pid= -o ppid= | awk -v p="$1" '$2 == p { print $1 }'); do tree "$c"; done
}
tools/mpirun.sh "$impl" 2 "$skampi" -i tests/ski/killed.ski -o "$o/kill.sko" > /dev/null 2>&1 &
pid=$!
i=0
while [ $i -lt 100 ] && ! grep -q '# begin result "endless"' "$o/kill.sko" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
sleep 0.5
pids=$(tree $pid)
kill -TERM $pids 2>/dev/null; sleep 1
kill -KILL $pids 2>/dev/null
wait $pid 2>/dev/null
grep -q '# end result "first"' "$o/kill.sko" && [ "$(grep -c '^n= ' "$o/kill.sko")" -ge 4 ]
say $? "$impl killed_run_keeps_finished_block" "$(cat "$o/kill.sko")"

run 2 -i tests/ski/autorefine.ski -o "$o/apr.sko" 2>/dev/null
awk '/^x= /{ x=$2; t=$4; if (t < 50 && x > lo) lo = x; if (t > 50 && (hi == 0 || x < hi)) hi = x; n++ }
     END { ok = (lo < 70000 && hi >= 70000 && (hi - lo) <= 0.01 * 70000 + 1); printf "%s bracket %d..%d with %d points\n", ok ? "ok" : "FAIL", lo, hi, n; exit !ok }' "$o/apr.sko" > "$o/apr.txt"
say $? "$impl autorefine_brackets_step" "$(cat "$o/apr.txt")"
sort -c -n -k2 "$o/apr.txt" 2>/dev/null
awk '/^x= /{ if (NR > 1 && $2 + 0 <= prev) bad = 1; prev = $2 + 0 } END { exit bad }' "$o/apr.sko"; say $? "$impl autorefine_sorted" "lines not sorted by x"

# a dozen collective suites with more processes than cores (4 on this 2-core machine)
timeout 600 tools/mpirun.sh "$impl" 4 "$skampi" -i ski/coll.ski -o "$o/coll.sko" 2>/dev/null; st=$?
awk -v np=4 -v minrep=1 -v maxrep=24 -v maxnodes=8 -f tests/common/check_sko.awk "$o/coll.sko" > "$o/coll.check" 2>&1
say $(( st + $? )) "$impl collective_file_4_processes_on_2_cores" "exit $st: $(head -n 2 "$o/coll.check")"
grep -q "repetitions invalid" "$o/coll.sko"; say $? "$impl invalid_repetitions_reported" "no count of invalid repetitions in the footer"

# a SKaMPI 4 parameter file end to end, and its translation to .ski
run 2 -i ski/skampi4_example.par -o "$o/p4.sko" 2>/dev/null; st=$?
awk -v np=2 -v minrep=1 -v maxrep=30 -v maxnodes=16 -v anynodes=1 -f tests/common/check_sko.awk "$o/p4.sko" > "$o/p4.check" 2>&1
say $(( st + $? )) "$impl skampi4_parameter_file_runs" "exit $st: $(head -n 2 "$o/p4.check")"
grep -q '^# USER: ' "$o/p4.sko"; say $? "$impl skampi4_free_text_in_header" "no USER line"
run 1 -t -i ski/skampi4_example.par > "$o/p4.ski" 2>&1 && run 1 -n -i "$o/p4.ski" > /dev/null 2>&1
say $? "$impl skampi4_translation_parses_as_ski" "$(head -n 3 "$o/p4.ski")"

# a process outside a measure statement's communicator never uses its arguments: the
# original's io.ski pattern (a filetype made only where the communicator exists) runs to
# its end (both points, the footer, status 0)
mkdir -p "$o/tmp"
TMPDIR=$o/tmp run 2 -i tests/ski/outside_comm.ski -o "$o/outside.sko" 2> "$o/outside.err"; st=$?
[ $st -eq 0 ] && [ "$(grep -c '^tasks= [12] ' "$o/outside.sko")" -eq 2 ] && grep -q '^# Total runtime' "$o/outside.sko"
say $? "$impl arguments_unused_outside_the_communicator" "exit $st: $(head -c 300 "$o/outside.err")"
# a program that goes apart: an error on one process alone ends the whole run with that
# process's message and a non-zero status (not a hang, not status 0), the suite before
# it kept; the error of every process (the Bcast's negative count above) ends alike
for r in 1 0; do
  SKAMPI_END_WAIT=3 run 2 -i tests/ski/apart_rank$r.ski -o "$o/apart$r.sko" > /dev/null 2> "$o/apart$r.err"; st=$?
  [ $st -ne 0 ] && grep -q "^skampi: rank $r: .*tests/ski/apart_rank$r.ski:13:34: unknown identifier 'z'" "$o/apart$r.err" 2>/dev/null ||
    grep -q "^tests/ski/apart_rank$r.ski:13:34: unknown identifier 'z'" "$o/apart$r.err"
  ok=$?
  [ $ok -eq 0 ] && [ $st -ne 0 ] && grep -q "^skampi: rank $r: the other processes did not end with this error within 3 s" "$o/apart$r.err" &&
    grep -q '^# end result "ok"' "$o/apart$r.sko"
  say $? "$impl error_of_rank${r}_alone_ends_the_run" "exit $st: $(head -c 400 "$o/apart$r.err")"
done
! grep -q 'did not end with this error' "$o/bufs.err"
say $? "$impl error_of_every_process_ends_alike" "$(grep 'did not end' "$o/bufs.err")"
# a loop over process counts from 1 around a measurement that needs 2: the point that
# cannot be measured is skipped with a note, the loop goes on
run 2 -i tests/ski/procs_from_one.ski -o "$o/from1.sko" 2> "$o/from1.err"; st=$?
[ $st -eq 0 ] && grep -q '^# (nothing measured at procs=1: Pingpong_Send_Recv needs a communicator of at least 2 processes, this one has 1)$' "$o/from1.sko" &&
  [ "$(grep -c '^procs= 2 ' "$o/from1.sko")" -eq 1 ] && grep -q 'warning: tests/ski/procs_from_one.ski:.*nothing measured at procs=1' "$o/from1.err"
say $? "$impl loop_from_one_process_skips_the_point" "exit $st: $(head -c 300 "$o/from1.err")"
"$skampi" -n -i tests/ski/procs_from_one.ski > "$o/from1n.out" 2> "$o/from1n.err"; st=$?
[ $st -eq 0 ] && grep -q '^tests/ski/procs_from_one.ski:8:27: warning: at procs=1 the communicator comm(procs) has fewer processes than Pingpong_Send_Recv needs (2)' "$o/from1n.err"
say $? "$impl loop_from_one_process_warned_by_n" "exit $st: $(cat "$o/from1n.err")"

run 2 -h > "$o/help.txt" 2>&1; say $? "$impl help" "-h failed"
run 2 -x > "$o/opt.txt" 2>&1; st=$?; say $([ $st -ne 0 ] && echo 0 || echo 1) "$impl unknown_option" "exit $st"
