#!/bin/sh
# tests/interference/interference.sh IMPL -- skampi's readings while CPU-bound processes share the
# machine: K spinners (tools/bench/spin.c; K = 0 1 2 4) run beside 2 skampi processes on
# tests/ski/interference.ski (a 1 KiB broadcast, an allreduce of 256 MPI_INT, a barrier, a
# 1 KiB ping-pong), and beside a plain MPI program timing the same four operations
# (tools/bench/plain_coll.c: barrier-started single calls, the ping-pong's 20 round trips,
# see PLAIN_ITERS), the
# reference. For each K the spinners are started once (tools/bench/spinners.sh: by pid),
# then skampi and the four plain programs run REPEAT times (REPEAT_SHARED at K = 4),
# interleaved, so that both see the same load; every launch binds its processes to a core
# each (see SKAMPI_BIND below); the medians over the repeats are compared, of per-round
# comparisons where a check pairs the two tools (robust by design, no retries).
# Checks: skampi against the plain program at K = 1 2 4, against skampi's own quiet reading
# at K = 1 2, skampi's wall time against its quiet wall time at K = 1 2 and against the
# plain programs' at K = 4, every run complete (exit 0,
# every block with a result of 1 repetition or more; a result of 0 repetitions is no
# reading and counts as the longest in the medians).
# Last, the fallback to barrier starts with every synchronised start of rank 1 made late
# on purpose (test build), without spinners.
# Work files: tests/out/interference-IMPL/ (table.txt: the medians).
set -u
. "$(dirname "$0")/../lib.sh"
impl=${1:?usage: tests/interference/interference.sh IMPL}

# ---- thresholds ----
# Sub-microsecond operations cannot be compared tighter than the jitter of the timer and
# the scheduler (a clock read, a wake-up, a cache miss on a freshly scheduled processor:
# tenths of a microsecond each), so every time bound gets an absolute slack besides the
# ratio; without it a 0.2 us barrier would fail at 0.31 us.
KS="0 1 2 4"            # spinner counts; 0 is the quiet reference
REPEAT=3                # interleaved skampi + plain runs per K; the median is compared
REPEAT_SHARED=5         # the same at K = 4, where the cores themselves are shared: MPICH's
                        # round trip there reads 0.8 us in some launches and 2.6 us in others
                        # (skampi and the plain loop alike, mostly the same in one round), so
                        # more rounds keep one unlucky pairing from deciding the median
RATIO_PLAIN=1.5         # skampi(K) <= RATIO_PLAIN * plain(K) * quiet_gap + SLACK_US, where
                        # quiet_gap = max(1, skampi(0) / plain(0)): MPICH's 1 KiB allreduce
                        # reads 4.6-5.4 us in skampi and 0.8 us in the plain program on a
                        # quiet machine (the synchronised start; a plain program that starts
                        # both processes at one clock time reads 2.4 us), a difference of
                        # method that load must not widen
RATIO_QUIET=1.5         # skampi(K) <= RATIO_QUIET * skampi(0) * slow_down + SLACK_US, for K in
                        # KS_QUIET, slow_down = max(1, plain(K) / plain(0)) (see the check)
SLACK_US=1.0            # 0.5 until a full check read, with 4 spinners on the 2 cores, skampi
                        # 1.124 us and the plain loop 0.311 us (its quiet level) for the
                        # 1 KiB Bcast under Open MPI; the issue's own table has the original
                        # SKaMPI, IMB and OSU at 1.1, 0.84 and 0.77 us there. The defects
                        # this group is about read 11-1,900 us
SLACK_SHARED_US=3.0     # the same at K = 4 against the plain program: there MPICH's round trip
                        # is two-valued per launch, 0.8 us or 2.1-3.3 us (bound or not, skampi
                        # and the plain loop alike), and a round may pair one launch of each
                        # kind (0.82 against 2.58 us, 3.02 against 1.91 us in one run of 5
                        # rounds): the slack covers the distance between the two levels. The
                        # defects this group is about read 11-12,000 us there
KS_QUIET="1 2"
DISCLAIMED_OK=2         # a reading skampi flags untrustworthy or lost_kept is no claim: it
                        # leaves the medians (while a round's reading is not disclaimed), and
                        # where every round's is, the check passes from DISCLAIMED_OK
                        # spinners on (beside other work, CI's machine has read 12,000-46,000
                        # us so flagged, the plain loop 0.8 us) but fails at K = 1, so that a
                        # skampi which disclaimed everything would not pass
WALL_RATIO=3            # time to result. K in KS_QUIET (the issue's "time to result within 3x
                        # of the quiet one", said of K = 1 and 2): wall(K) <= WALL_RATIO *
                        # wall(0) * wall_slow_down + WALL_SLACK_S, where wall_slow_down =
                        # max(1, plain wall(K) / plain wall(0)), the median run time of the
                        # plain programs (launcher, MPI_Init and 101 calls) beside it: load
                        # from outside the test (a CI machine running other jobs) slows every
                        # start-up, and only skampi's own slow-down counts. K = 4 (the cores
                        # themselves shared, where the issue's yardstick is the plain loop):
                        # wall(K) <= WALL_RATIO * the summed wall time of the round's four
                        # plain programs, which time the same four operations. Not the quiet
                        # ratio there: a quiet run is mostly start-up (0.05 s) and a run
                        # beside 4 spinners mostly messages (a CI machine: 7 ms per message
                        # exchange under MPICH's polling, the plain programs 33x their quiet
                        # time), and skampi exchanges more messages than one plain program
                        # (clock offsets, ASEC's repetitions, the per-repetition agreement)
                        # but fewer than the four together
WALL_SLACK_S=1
MPIRUN_TIMEOUT=120      # seconds for every mpirun
# Every run binds its 2 processes to a core each (tools/mpirun.sh SKAMPI_BIND=core), as Open
# MPI does by default and MPICH's Hydra does not. Unbound, where a process runs is the
# kernel's choice at each launch: with 4 spinners, both ranks on one core beside 2 spinners
# (taskset -c 0 around the launch, here) read 10,000-12,000 us per allreduce or round trip
# in the plain program (skampi, seeing one processor for two processes, yields and reads
# 1,500-2,700 us), and once the ranks are apart 2-5 us. A CI run
# read MPICH's skampi at 12,027 and 12,001 us (allreduce, round trip) in 2 of 3 launches
# and the plain programs of the same rounds at 4.9 and 3.0 us: what that placement gives,
# met by one tool's launches and not the other's (inferred from the figures: CI keeps no
# output files), a comparison of placements, not of methods. Bound, every launch of either
# meets the same placement.
SKAMPI_BIND=core; export SKAMPI_BIND
# The reference times what skampi times: one call after a common start (here a barrier),
# the largest time over the processes, median of PLAIN_RUNS such calls. A loop of calls
# back to back is another quantity: MPICH's 1 KiB broadcast reads 0.18 us per call in a
# loop of 200 (the root returns before the last receiver, calls overlap) and 2.2 us for
# one call, in this plain program and in skampi alike (tools/bench/interference.sh
# shows both).
# The ping-pong is the exception that proves it: skampi's Pingpong_Send_Recv(..., 20)
# times 20 round trips from the common start and reports one, so its reference is
# PINGPONG_ITERS round trips after a barrier, divided by them. Timed as one round trip
# after a barrier the plain program read 6.2 us where skampi read 0.8 (MPICH, quiet), and
# its slow-down under load said nothing of the round trip's: with another process
# runnable, MPICH's round trip reads 0.8 us in some launches and 2.1-3.3 us in others
# (also with -bind-to core), in skampi and in the plain 20-round-trip loop alike, while
# the single round trip moved from 6.2 to 8.6 us (a full check failed on it).
PLAIN_ITERS=1
PINGPONG_ITERS=20       # as tests/ski/interference.ski's ping-pong
PLAIN_RUNS=101
SPIN_SAFETY=600         # a spinner ends by itself after this many seconds
OPS="bcast allreduce barrier pingpong"

o=tests/out/interference-$impl
ski=tests/ski/interference.ski
for tool in "mpicc.$impl" timeout awk; do
  command -v "$tool" >/dev/null 2>&1 || { echo "skip $impl interference: needs $tool"; exit 0; }
done
rm -rf "$o"; mkdir -p "$o"

# ---- builds ----
# skampi: -O2 -DSKAMPI_TESTING, built by tests/run.sh; the reference program and the spinner
cc=cc; have cc || cc=$(mpicc_of "$impl")
if ! skampi_bin=$(sk_binary testing "$impl") ||
   ! sk_cc "$(mpicc_of "$impl")" -O2 -o "$o/plain_coll" tools/bench/plain_coll.c >> "$o/build.log" 2>&1 ||
   ! sk_cc "$cc" -O2 -o "$o/spin" tools/bench/spin.c >> "$o/build.log" 2>&1; then
  fail "$impl interference_build" "$(tail -n 3 "$o/build.log" "tests/out/build-skampi-testing-$impl.log")"; exit 0
fi

# ---- spinners: started and ended by pid only ----
. tools/bench/spinners.sh

now() { date +%s.%N; }
# samples: one line per reading, "KIND K OP REP VALUE" (KIND skampi, plain or wall;
# times in us, wall in s); failures: one line per run that did not exit 0
samples=$o/samples.txt; failures=$o/failures.txt
: > "$samples"; : > "$failures"

# skampi_run K REP: one skampi run; its readings go to the samples
skampi_run() {
  name=sk-K$1-r$2
  t0=$(now)
  timeout "$MPIRUN_TIMEOUT" tools/mpirun.sh "$impl" 2 "$skampi_bin" -q -F -i "$ski" -o "$o/$name.sko" \
    > "$o/$name.out" 2> "$o/$name.err"
  st=$?
  t1=$(now)
  [ "$st" = 0 ] || echo "$name: exit $st ($(tail -n 1 "$o/$name.err"))" >> "$failures"
  awk -v a="$t0" -v b="$t1" -v k="$1" -v r="$2" 'BEGIN { printf "wall %s skampi %s %.3f\n", k, r, b - a }' >> "$samples"
  # the first data line of each block; a data line is "VAR= value bytes time stderr reps
  # ..." in a loop, "bytes time stderr reps ..." outside one. A line of 0 repetitions (all
  # discarded, e.g. stopped by the time limit) holds no reading: "empty", which counts as
  # longer than any time in the medians
  # A reading whose flags disclaim it (untrustworthy: too few repetitions ran undisturbed;
  # lost_kept: none did, the value holds scheduler time) is skampi saying it could not
  # measure, not a silent wrong number: "disclaimed K OP R" beside it (see med, rmed)
  awk -v k="$1" -v r="$2" '
    /^# begin result "/ { split($0, q, "\""); block = q[2]; seen = 0; op = ""; next }
    /^# end result/ { block = ""; next }
    seen == 1 && /^#@ flags:/ && /(untrustworthy|lost_kept)/ { printf "disclaimed %s %s %s\n", k, op, r; seen = 2 }
    /^#/ || NF < 2 || block == "" || seen { next }
    {
      if ($1 ~ /=$/) { t = $4; reps = $6 } else { t = $2; reps = $4 }
      if (reps + 0 < 1) t = "empty"
      op = ""
      if (block ~ /^MPI_Bcast-/) op = "bcast"
      else if (block ~ /^MPI_Allreduce-/) op = "allreduce"
      else if (block ~ /^MPI_Barrier-/) op = "barrier"
      else if (block ~ /^Pingpong_Send_Recv-/) op = "pingpong"
      if (op != "") { printf "skampi %s %s %s %s\n", k, op, r, t; seen = 1 }
    }' "$o/$name.sko" >> "$samples" 2>/dev/null
}

# plain_run K REP OP PLAIN_OP COUNT [ITERS]
plain_run() {
  name=plain-K$1-r$2-$3
  t0=$(now)
  timeout "$MPIRUN_TIMEOUT" tools/mpirun.sh "$impl" 2 "$o/plain_coll" "$4" "$5" "${6:-$PLAIN_ITERS}" "$PLAIN_RUNS" \
    > "$o/$name.out" 2> "$o/$name.err"
  st=$?
  t1=$(now)
  [ "$st" = 0 ] || echo "$name: exit $st ($(tail -n 1 "$o/$name.err"))" >> "$failures"
  awk -v a="$t0" -v b="$t1" -v k="$1" -v r="$2" 'BEGIN { printf "wall %s plain %s %.3f\n", k, r, b - a }' >> "$samples"
  awk -v k="$1" -v r="$2" -v op="$3" -v want="$4" '$1 == want && NF >= 4 { printf "plain %s %s %s %s\n", k, op, r, $3 }' \
    "$o/$name.out" >> "$samples"
}

# ---- the runs ----
uptime > "$o/load.txt"
# repeat_of K: the rounds at K
repeat_of() { if [ "$1" -ge 4 ]; then echo "$REPEAT_SHARED"; else echo "$REPEAT"; fi; }
for k in $KS; do
  start_spinners "$o/spin" "$SPIN_SAFETY" "$k"
  r=1
  while [ "$r" -le "$(repeat_of "$k")" ]; do
    skampi_run "$k" "$r"
    plain_run "$k" "$r" bcast bcast 1024
    plain_run "$k" "$r" allreduce allreduce_int 256
    plain_run "$k" "$r" barrier barrier 0
    plain_run "$k" "$r" pingpong pingpong 1024 "$PINGPONG_ITERS"
    r=$((r + 1))
  done
  stop_spinners
done
uptime >> "$o/load.txt"

# Disclaimed readings (skampi_run) are left out of the medians of skampi's readings while
# any round of that K and OP has a reading skampi stands by; when every round's reading is
# disclaimed, med and rmed print "disclaimed" (the checks then say so; see DISCLAIMED_OK).
# The awk preamble: "use" holds the rounds whose skampi reading counts.
usable='$1 == "disclaimed" && $2 == k && $3 == op { dis[$4] = 1; next }
  $1 == "skampi" && $2 == k && $3 == op { all[$4] = 1 }'
# med KIND K OP: the median of the readings ("empty" ones count as the longest), "empty"
# when that median is an empty reading, "none" without readings
med() {
  awk -v kind="$1" -v k="$2" -v op="$3" "$usable"'
    $1 == kind && $2 == k && $3 == op { v[n] = ($5 == "empty") ? -1 : $5 + 0; round[n++] = $4 }
    function longer(a, b) { return a < 0 ? b >= 0 : (b >= 0 && a > b) }
    END {
      if (n == 0) { print "none"; exit }
      if (kind == "skampi") {            # the disclaimed readings out, while any other is there
        for (r in all) if (!(r in dis)) kept++
        if (kept == 0) { print "disclaimed"; exit }
        m = 0; for (i = 0; i < n; i++) if (!(round[i] in dis)) v[m++] = v[i]; n = m
      }
      for (i = 1; i < n; i++) { x = v[i]; for (j = i - 1; j >= 0 && longer(v[j], x); j--) v[j + 1] = v[j]; v[j + 1] = x }
      a = v[int((n - 1) / 2)]; b = v[int(n / 2)]
      if (a < 0 || b < 0) print "empty"; else printf "%.3f\n", (a + b) / 2
    }' "$samples"
}
# rmed K OP [PLAIN0]: the median over the rounds of skampi's reading divided by the plain
# program's of the same round, or, given PLAIN0 (the plain program's quiet median), by the
# round's slow-down max(1, plain / PLAIN0). "-" when a round lacks a number; "empty"
# skampi readings count as the longest
rmed() {
  awk -v k="$1" -v op="$2" -v p0="${3-}" "$usable"'
    $1 == "skampi" && $2 == k && $3 == op { sk[$4] = $5 }
    $1 == "plain" && $2 == k && $3 == op { pl[$4] = $5 }
    END {
      n = 0
      if (p0 != "" && (p0 !~ /^[0-9.]+$/ || p0 + 0 <= 0)) { print "-"; exit }
      for (r in all) if (!(r in dis)) kept++
      if (kept == 0 && n == 0) { for (r in sk) { print "disclaimed"; exit } }
      for (r in sk) {
        if (r in dis) continue
        if (!(r in pl) || pl[r] + 0 <= 0) { print "-"; exit }
        d = pl[r]
        if (p0 != "") { d = pl[r] / p0; if (d < 1) d = 1 }
        v[n++] = sk[r] == "empty" ? 1e9 : sk[r] / d
      }
      if (n == 0) { print "-"; exit }
      for (i = 1; i < n; i++) { x = v[i]; for (j = i - 1; j >= 0 && v[j] > x; j--) v[j + 1] = v[j]; v[j + 1] = x }
      printf "%.3f\n", (v[int((n - 1) / 2)] + v[int(n / 2)]) / 2
    }' "$samples"
}
# empties KIND K OP: how many readings are empty
empties() { awk -v kind="$1" -v k="$2" -v op="$3" '$1 == kind && $2 == k && $3 == op && $5 == "empty" { n++ } END { print n + 0 }' "$samples"; }
# within VALUE RATIO REF SLACK: VALUE <= RATIO * REF + SLACK (false when a number is missing)
within() {
  case "$1$3" in *none*|*empty*) return 1 ;; esac
  awk -v v="$1" -v f="$2" -v ref="$3" -v s="$4" 'BEGIN { exit !(v <= f * ref + s) }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a !~ /^[0-9.]+$/ || b !~ /^[0-9.]+$/ || b + 0 == 0) print "-"; else printf "%.2f\n", a / b }'; }
# us VALUE: a median as the FAIL messages say it
us() { case $1 in none) echo "no reading" ;; empty) echo "no reading (0 repetitions)" ;; *) echo "$1 us" ;; esac; }

# ---- the table ----
{
  echo "# tests/interference/interference.sh $impl: medians of $REPEAT runs per K ($REPEAT_SHARED at K >= 4; K CPU spinners beside 2 processes on $(nproc 2>/dev/null || echo '?') processors)"
  echo "# times in us (one call; ping-pong: one round trip), wall in s; load: $(head -n 1 "$o/load.txt" | sed 's/.*load/load/') -> $(tail -n 1 "$o/load.txt" | sed 's/.*load/load/')"
  echo "# skampi_empty: skampi results of 0 repetitions (no reading; counted as the longest)"
  printf '%-10s %2s %12s %12s %13s %13s %13s\n' op K skampi plain skampi/plain skampi/quiet skampi_empty
  for op in $OPS; do
    q=$(med skampi 0 "$op")
    for k in $KS; do
      s=$(med skampi "$k" "$op"); p=$(med plain "$k" "$op")
      printf '%-10s %2s %12s %12s %13s %13s %13s\n' "$op" "$k" "$s" "$p" "$(ratio "$s" "$p")" "$(ratio "$s" "$q")" \
        "$(empties skampi "$k" "$op")/$(repeat_of "$k")"
    done
  done
  q=$(med wall 0 skampi)
  for k in $KS; do
    s=$(med wall "$k" skampi)
    printf '%-10s %2s %12s %12s %13s %13s %13s\n' wall_s "$k" "$s" - - "$(ratio "$s" "$q")" -
  done
} > "$o/table.txt"

# wall_vs_plain K: the median over the rounds of skampi's wall time / the summed wall time
# of the round's four plain programs ("-" when a round lacks one)
wall_vs_plain() {
  awk -v k="$1" '
    $1 == "wall" && $2 == k && $3 == "skampi" { sk[$4] = $5 }
    $1 == "wall" && $2 == k && $3 == "plain" { pl[$4] += $5 }
    END {
      n = 0
      for (r in sk) { if (!(r in pl) || pl[r] <= 0) { print "-"; exit } v[n++] = sk[r] / pl[r] }
      if (n == 0) { print "-"; exit }
      for (i = 1; i < n; i++) { x = v[i]; for (j = i - 1; j >= 0 && v[j] > x; j--) v[j + 1] = v[j]; v[j + 1] = x }
      printf "%.3f\n", (v[int((n - 1) / 2)] + v[int(n / 2)]) / 2
    }' "$samples"
}
# sync_costs K: what skampi's own runs with K spinners spent on the synchronised start, for
# the FAIL messages: the clock-offset estimation time and the repetitions discarded
sync_costs() {
  for f in "$o"/sk-K"$1"-r*.sko; do
    [ -f "$f" ] || continue
    awk -v f="$(basename "$f" .sko)" '
      /estimated in/ { sub(/.*estimated in /, ""); sub(/ ms.*/, ""); est = $0 }
      /repetitions discarded/ { s = $0; sub(/^# \(/, "", s); sub(/ repetitions.*/, "", s); lost += s }
      END { printf "%s: offsets %s ms, %d discarded; ", f, est, lost }' "$f"
  done
}

# rounds K OP: each round's skampi and plain readings, for the FAIL messages
rounds() {
  awk -v k="$1" -v op="$2" '
    $2 == k && $3 == op && ($1 == "skampi" || $1 == "plain") { v[$1, $4] = $5; if ($4 > n) n = $4 }
    END { for (r = 1; r <= n; r++) printf "%s%s/%s", (r > 1 ? ", " : ""), v["skampi", r], v["plain", r] }' "$samples"
}
# sko_notes K OP: what skampi's runs with K spinners said under OP's result line (discards,
# fallbacks, flags) and of the host (processors, interference), for the FAIL messages
sko_notes() {
  case $2 in bcast) b=MPI_Bcast ;; allreduce) b=MPI_Allreduce ;; barrier) b=MPI_Barrier ;; *) b=Pingpong_Send_Recv ;; esac
  for f in "$o"/sk-K"$1"-r*.sko; do
    [ -f "$f" ] || continue
    awk -v f="$(basename "$f" .sko)" -v b="$b-interference" '
      /^# interference: (waits|[0-9]+ process)/ { host = host " [" substr($0, 17, 32) "]" }
      $0 == "# begin result \"" b "\"" { in_b = 1; next }
      in_b && /^# end result/ { in_b = 0 }
      in_b && /^# \(|^#@ flags:/ { notes = notes " [" substr($0, 1, 90) "]" }
      END { printf "%s:%s%s; ", f, notes, host }' "$f"
  done
}

# ---- the checks ----
for k in $KS; do
  [ "$k" = 0 ] && continue
  for op in $OPS; do
    s=$(med skampi "$k" "$op"); p=$(med plain "$k" "$op")
    # skampi against the plain program of the same round (seconds apart: this virtual
    # machine changes its speed by up to 3.5x from one few seconds to the next, for both
    # alike), the median over the rounds; where the two methods differ on a quiet machine
    # (quiet_gap = that median at K = 0, when above 1) load must not widen the gap
    r=$(rmed "$k" "$op"); gap=$(rmed 0 "$op"); slack=$SLACK_US
    [ "$k" -ge 4 ] && slack=$SLACK_SHARED_US
    gap=$(awk -v g="$gap" 'BEGIN { printf "%.3f\n", (g ~ /^[0-9.]+$/ && g + 0 > 1) ? g : 1 }')
    case "$r$p" in
      *disclaimed*) [ "$k" -ge "$DISCLAIMED_OK" ] ;;
      *none*|*empty*|*-*) false ;;
      *) awk -v r="$r" -v f="$RATIO_PLAIN" -v g="$gap" -v sl="$slack" -v p="$p" 'BEGIN { exit !(r <= f * g + sl / p) }' ;;
    esac
    say $? "$impl interference_K${k}_${op}_vs_plain" \
      "skampi / plain of the same round $r > $RATIO_PLAIN x quiet gap $gap + $slack us / plain $(us "$p") (medians of $(repeat_of "$k"), $k spinners; skampi $(us "$s"); $(empties skampi "$k" "$op") empty; rounds skampi/plain: $(rounds "$k" "$op"); $(sko_notes "$k" "$op"))"
  done
  case " $KS_QUIET " in
    *" $k "*)
      for op in $OPS; do
        s=$(med skampi "$k" "$op"); q=$(med skampi 0 "$op")
        # where the machine itself slowed down (the plain program of the same round read
        # slow_down = plain(K) / plain(0) > 1, plain(0) the quiet median), skampi's reading
        # of that round is divided by it: skampi must not slow down more than the machine.
        # Per round, not of the medians: this virtual machine changes speed by up to 3.5x
        # from one few seconds to the next, and a launch's ping-pong sits at one of two
        # levels (Open MPI beside 1 spinner: 0.9 or 2.4 us, skampi and the plain loop
        # alike); the medians of the two tools could take their levels from different rounds
        qs=$(rmed "$k" "$op" "$(med plain 0 "$op")")
        case "$q$qs" in
          *disclaimed*) [ "$k" -ge "$DISCLAIMED_OK" ] ;;
          *none*|*empty*|*-*) false ;;
          *) awk -v v="$qs" -v f="$RATIO_QUIET" -v q="$q" -v sl="$SLACK_US" 'BEGIN { exit !(v <= f * q + sl) }' ;;
        esac
        say $? "$impl interference_K${k}_${op}_vs_quiet" \
          "skampi / the round's slow-down $(us "$qs") with $k spinners > $RATIO_QUIET x quiet $(us "$q") + $SLACK_US us (medians of $(repeat_of "$k"); skampi $(us "$s"); rounds skampi/plain: $(rounds "$k" "$op"), plain quiet $(med plain 0 "$op") us)"
      done ;;
  esac
  s=$(med wall "$k" skampi); q=$(med wall 0 skampi)
  case " $KS_QUIET " in
    *" $k "*)
      wslow=$(awk -v a="$(med wall "$k" plain)" -v b="$(med wall 0 plain)" \
        'BEGIN { g = (a + 0 > 0 && b + 0 > 0) ? a / b : 1; if (g < 1) g = 1; printf "%.2f\n", g }')
      qref=$q
      case "$q" in none|empty) ;; *) qref=$(awk -v q="$q" -v g="$wslow" 'BEGIN { printf "%.3f\n", q * g }') ;; esac
      within "$s" "$WALL_RATIO" "$qref" "$WALL_SLACK_S"
      say $? "$impl interference_K${k}_time_to_result" \
        "skampi took $s s with $k spinners > $WALL_RATIO x quiet $q s x plain slow-down $wslow + $WALL_SLACK_S s (medians of $(repeat_of "$k"); $(sync_costs "$k"))" ;;
    *)
      r=$(wall_vs_plain "$k")
      case "$r" in
        -) false ;;
        *) awk -v r="$r" -v f="$WALL_RATIO" 'BEGIN { exit !(r <= f) }' ;;
      esac
      say $? "$impl interference_K${k}_time_to_result" \
        "skampi took $r x the four plain programs' time of the same round with $k spinners > $WALL_RATIO (median of $(repeat_of "$k") rounds; skampi $s s; $(sync_costs "$k"))" ;;
  esac
done
missing=""
n_sko=0; n_runs=0
for f in "$o"/sk-K*.sko; do [ -f "$f" ] && n_sko=$((n_sko + 1)); done
for k in $KS; do n_runs=$((n_runs + $(repeat_of "$k"))); done
[ "$n_sko" -eq "$n_runs" ] || missing=" (only $n_sko .sko files of $n_runs runs)"
for f in "$o"/sk-*.sko; do
  [ -f "$f" ] || { missing="no .sko at all"; break; }
  for b in MPI_Bcast-interference MPI_Allreduce-interference MPI_Barrier-interference Pingpong_Send_Recv-interference; do
    awk -v b="$b" '
      $0 == "# begin result \"" b "\"" { in_b = 1; next }
      in_b && /^# end result/ { exit }
      in_b && !/^#/ && NF >= 4 { found = (($1 ~ /=$/) ? $6 : $4) + 0 >= 1; exit }
      END { exit !found }' "$f" || missing="$missing $(basename "$f"):$b"
  done
done
[ ! -s "$failures" ] && [ -z "$missing" ]
say $? "$impl interference_runs_complete" \
  "$(tr '\n' ';' < "$failures")${missing:+ blocks without a data line of 1 repetition or more:$missing}"

# ---- the fallback: every synchronised start of rank 1 late ----
# The test build's SKAMPI_TEST_LATE_START_US makes rank 1 begin 300 us after every start
# time (sync_window.c), as a process that gets its processor back late does on a busy
# host. Every windowed repetition is then discarded; after SK_FALLBACK_DISCARDS (8) the
# runner starts the rest after a barrier (runner.h): each collective block must still
# have a reading, say so on its line, and the footer must count the fallbacks; the
# ping-pong (no synchronised start) must not fall back.
name=sk-late-start
SKAMPI_TEST_LATE_START_US=300 timeout "$MPIRUN_TIMEOUT" tools/mpirun.sh "$impl" 2 "$skampi_bin" -q -F -i "$ski" \
  -o "$o/$name.sko" > "$o/$name.out" 2> "$o/$name.err"
st=$?
bad=""
[ "$st" = 0 ] || bad="exit $st ($(tail -n 1 "$o/$name.err"));"
for b in MPI_Bcast-interference MPI_Allreduce-interference MPI_Barrier-interference Pingpong_Send_Recv-interference; do
  want=1; [ "$b" = Pingpong_Send_Recv-interference ] && want=0
  awk -v b="$b" -v want="$want" '
    $0 == "# begin result \"" b "\"" { in_b = 1; next }
    in_b && /^# end result/ { exit }
    in_b && !/^#/ && NF >= 4 && !read { reps = (($1 ~ /=$/) ? $6 : $4) + 0; read = 1 }
    in_b && /the synchronised start lost 8 of the first 8 repetitions; the [0-9]+ of the result began after a barrier/ { fell = 1 }
    END { exit !(reps >= 1 && fell == want) }' "$o/$name.sko" 2>/dev/null ||
    bad="$bad $b: no reading or the fallback line is $( [ $want = 1 ] && echo missing || echo there);"
done
grep -q '^# synchronization: [0-9][0-9]* measurements lost nearly every synchronised start' "$o/$name.sko" 2>/dev/null ||
  bad="$bad no footer line counting the fallbacks;"
[ -z "$bad" ]
say $? "$impl interference_fallback_to_barrier_when_every_start_is_late" "$bad (see $o/$name.sko)"

# ---- after the fallback: a process loses its processor in every repetition ----
# The test build's SKAMPI_TEST_LOST_AFTER_BARRIER makes rank 1 report a lost processor in
# every barrier-started repetition, as on a host where every call waits for a time slice
# (a CI machine beside 4 spinners: a plain MPICH program read 12,000 us per allreduce).
# No repetition then runs undisturbed, and the result must be made of the discarded ones
# (runner.h): each collective block has a reading, the line says what it is made of, and
# the flags name as many repetitions as the result has.
name=sk-lost-after-barrier
SKAMPI_TEST_LATE_START_US=300 SKAMPI_TEST_LOST_AFTER_BARRIER=1 timeout "$MPIRUN_TIMEOUT" \
  tools/mpirun.sh "$impl" 2 "$skampi_bin" -q -F -i "$ski" -o "$o/$name.sko" > "$o/$name.out" 2> "$o/$name.err"
st=$?
bad=""
[ "$st" = 0 ] || bad="exit $st ($(tail -n 1 "$o/$name.err"));"
for b in MPI_Bcast-interference MPI_Allreduce-interference MPI_Barrier-interference; do
  awk -v b="$b" '
    $0 == "# begin result \"" b "\"" { in_b = 1; next }
    in_b && /^# end result/ { exit }
    in_b && !/^#/ && NF >= 4 && !read { reps = (($1 ~ /=$/) ? $6 : $4) + 0; read = 1 }
    in_b && /more discarded there: a process lost its processor after the barrier\); none ran undisturbed, so the result is made of [0-9]+ of them/ {
      line = $0; sub(/.*so the result is made of /, "", line); kept = line + 0 }
    in_b && /^#@ flags:/ && match($0, /lost_kept=[0-9]+/) { flag = substr($0, RSTART + 10, RLENGTH - 10) + 0 }
    END { exit !(reps >= 1 && kept == reps && flag == reps) }' "$o/$name.sko" 2>/dev/null ||
    bad="$bad $b: no reading, or the line or flag does not say that it is made of all of its repetitions;"
done
[ -z "$bad" ]
say $? "$impl interference_keeps_repetitions_when_every_one_loses_its_processor" "$bad (see $o/$name.sko)"
exit 0
