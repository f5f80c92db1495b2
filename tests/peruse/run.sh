#!/bin/sh
# tests/peruse/run.sh -- PERUSE events beside the results (split/transport/peruse.h, MPI PERUSE 2.0).
#   sh tests/peruse/run.sh refusals SKAMPI   the default build (Debian's Open MPI, no
#       PERUSE) refuses switch_peruse_on() in tests/peruse/late.ski and the SKaMPI 4
#       keyword @PERUSE yes in tests/peruse/late.par with the helper's message, exit 2
#   sh tests/peruse/run.sh probes IMPL SKAMPI   the late ping-pongs on Debian's MPI IMPL
#       (tests/peruse/probes.ski, 3 processes): every result there, data verified
#   sh tests/peruse/run.sh events PREFIX     builds skampi with -DSKAMPI_PERUSE against the
#       Open MPI with PERUSE in PREFIX (tools/peruse/build-openmpi.sh; no warnings at
#       -std=c89 -pedantic -Wall -Wextra) and runs, on 2
#       processes with that library's mpirun:
#       late.ski: under every result of "late receiver" (every message arrives before its
#         receive is posted) the unexpected-queue insertions equal the messages sent and
#         no message matches a posted receive; under "late sender" (every receive is
#         posted first) the messages that match a posted receive equal the messages sent
#         and none enters the unexpected queue; each durations line is there; the
#         block after switch_peruse_off() has no "# peruse" line;
#       late.par: "# peruse" lines under the results of the block after "@PERUSE yes",
#         none after "@PERUSE no".
#   Messages sent per result: 2 per call (ping and pong) over the repetitions in the
#   result line (the column after the standard error) plus the engine's warm-up call, which runs inside the PERUSE
#   window (late.ski uses barrier synchronisation: no repetition is discarded).
# Prints "ok NAME" / "FAIL NAME: why"; work files in tests/out/peruse.
set -u
. "$(dirname "$0")/../lib.sh"
out=tests/out/peruse
mkdir -p "$out"
mode=$1; arg=$2

if [ "$mode" = refusals ]; then
  for f in late.ski:9:1 late.par:6:9; do
    file=${f%%:*}
    tools/mpirun.sh openmpi 1 "$arg" -i "tests/peruse/$file" > "$out/refuse-$file.txt" 2>&1
    status=$?
    if [ $status -eq 2 ] && grep -q "$f: switch_peruse_on: this build has no PERUSE" "$out/refuse-$file.txt"; then
      pass "peruse_default_build_refuses_$(echo "$file" | tr . _)"
    else fail "peruse_default_build_refuses_$(echo "$file" | tr . _)" "exit $status: $(grep -v '^#' "$out/refuse-$file.txt" | head -2)"; fi
  done
  exit 0
fi

if [ "$mode" = probes ]; then
  impl=$arg; skampi=$3
  rm -f "$out/probes-$impl.sko"
  if timeout 300 tools/mpirun.sh "$impl" 3 "$skampi" -i tests/peruse/probes.ski -o "$out/probes-$impl.sko" \
       > "$out/probes-$impl.txt" 2>&1 && [ "$(grep -c '^count=' "$out/probes-$impl.sko")" -eq 6 ]; then
    pass "peruse_late_pingpongs_$impl"
  else fail "peruse_late_pingpongs_$impl" "see $out/probes-$impl.txt and $out/probes-$impl.sko"; fi
  exit 0
fi

prefix=$arg
bin=$out/skampi-peruse
# zero warnings, as every build (mpi.h and peruse.h count as system headers)
if ! sk_cc "$prefix/bin/mpicc" @warn -O2 -isystem "$prefix/include" -DSKAMPI_PERUSE \
     -o "$bin" @am @lm > "$out/build.txt" 2>&1; then
  fail peruse_build "$(head -3 "$out/build.txt")"; exit 0
fi
if [ -s "$out/build.txt" ]; then fail peruse_build_without_warnings "$(head -3 "$out/build.txt")"
else pass peruse_build_without_warnings; fi
run() {   # run NAME INPUT: 2 processes with the PERUSE library's mpirun
  rm -f "$out/$1.sko"
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OPAL_PREFIX=$prefix \
  LD_LIBRARY_PATH=$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
    timeout 300 "$prefix/bin/mpirun" --oversubscribe -np 2 "$bin" -i "$2" -o "$out/$1.sko" > "$out/$1.txt" 2>&1
}

if run late tests/peruse/late.ski; then
  # per result line: the counts of the "# peruse events" line under it, by name
  awk -v f="$out/late.sko" '
    /^# begin result "/ { block = $0; sub(/^# begin result "/, "", block); sub(/".*/, "", block) }
    !/^#/ && NF > 0 { reps = $1 ~ /=$/ ? $6 : $4; results[block]++; pending = 1; next }
    pending && /^# peruse events:/ {
      pending = 0; n = split($0, part, ",")
      delete c
      for (i = 1; i <= n; i++) { k = split(part[i], w, " "); for (j = 1; j < k; j++) if (w[j] ~ /^COMM_/) c[w[j]] = w[j + 1] }
      sent = 2 * (reps + 1)
      if (block == "late receiver") {
        if (c["COMM_MSG_INSERT_IN_UNEX_Q"] != sent || c["COMM_MSG_MATCH_POSTED_REQ"] != 0) {
          printf "FAIL peruse_late_receiver_unexpected_queue: %d messages sent, %s unexpected-queue insertions, %s posted matches (%s)\n", sent, c["COMM_MSG_INSERT_IN_UNEX_Q"], c["COMM_MSG_MATCH_POSTED_REQ"], f; bad++
        } else good["late receiver"]++
      }
      if (block == "late sender") {
        if (c["COMM_MSG_MATCH_POSTED_REQ"] != sent || c["COMM_MSG_INSERT_IN_UNEX_Q"] != 0) {
          printf "FAIL peruse_late_sender_posted_queue: %d messages sent, %s posted matches, %s unexpected-queue insertions (%s)\n", sent, c["COMM_MSG_MATCH_POSTED_REQ"], c["COMM_MSG_INSERT_IN_UNEX_Q"], f; bad++
        } else good["late sender"]++
      }
      if (block == "framed") {   # 4 messages a call; the warm-up call: 100 round trips in all, 204 messages
        if (c["COMM_MSG_ARRIVED"] != 4 * reps + 204) {
          printf "FAIL peruse_pingpong_framing_messages: %d repetitions, %s messages arrived, want %d (%s)\n", reps, c["COMM_MSG_ARRIVED"], 4 * reps + 204, f; bad++
        } else good["framed"]++
      }
      next
    }
    /^# peruse / { peruse[block]++; if ($0 ~ /unexpected queue residence/) unex[block]++; if ($0 ~ /posted queue residence/) posted[block]++ }
    END {
      if (results["late receiver"] != 3 || good["late receiver"] != 3) { if (!bad) printf "FAIL peruse_late_receiver_unexpected_queue: %d of %d results checked (%s)\n", good["late receiver"], results["late receiver"], f }
      else print "ok peruse_late_receiver_unexpected_queue"
      if (results["late sender"] != 3 || good["late sender"] != 3) { if (!bad) printf "FAIL peruse_late_sender_posted_queue: %d of %d results checked (%s)\n", good["late sender"], results["late sender"], f }
      else print "ok peruse_late_sender_posted_queue"
      if (unex["late receiver"] == 3 && posted["late sender"] == 3) print "ok peruse_queue_residence_times"
      else printf "FAIL peruse_queue_residence_times: %d unexpected-queue lines (late receiver), %d posted-queue lines (late sender), want 3 each (%s)\n", unex["late receiver"], posted["late sender"], f
      if (results["framed"] != 1 || good["framed"] != 1) { if (!bad) printf "FAIL peruse_pingpong_framing_messages: %d of %d results checked (%s)\n", good["framed"], results["framed"], f }
      else print "ok peruse_pingpong_framing_messages"
      if (results["without"] == 1 && peruse["without"] == 0) print "ok peruse_off_after_switch_peruse_off"
      else printf "FAIL peruse_off_after_switch_peruse_off: %d results, %d peruse lines (%s)\n", results["without"], peruse["without"], f
    }' "$out/late.sko"
else fail peruse_late_run "exit status $?, see $out/late.txt"; fi

if run late_par tests/peruse/late.par; then
  if awk '/^# begin result "pingpong with PERUSE"/ { b = 1 } /^# begin result "without"/ { b = 2 }
          b == 1 && /^[a-z]+= / { lines++; want = 1; next }
          want && /^# peruse events:/ { with++; want = 0 }
          b == 2 && /^# peruse/ { bad++ }
          END { exit !(lines == 3 && with == 3 && bad == 0) }' "$out/late_par.sko"; then pass peruse_skampi4_keyword
  else fail peruse_skampi4_keyword "see $out/late_par.sko"; fi
else fail peruse_skampi4_keyword "run failed, see $out/late_par.txt"; fi
