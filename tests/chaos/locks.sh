#!/bin/sh
# tests/chaos/locks.sh [IMPL...] -- one run writes an output at a time, and a log is
# trusted only as far as the output agrees (manual, "Log and resume"; runlog.h):
#   (a) crowds: 6 to 8 runs started together on one output -- with the sequential build
#       and under each IMPL (openmpi, mpich) through tools/mpirun.sh, onto nothing, as
#       reruns over a finished output and log, with and without -F, over an interrupted
#       run (one of them resumes it), and with SKAMPI_WAIT=0 (most refuse). Afterwards
#       every run either exited 0 and its complete output is there (the output or a
#       backup), or exited non-zero naming the run that held the output; every file is
#       well formed (lines are '#' lines or data lines inside `# begin result` / `# end
#       result`, every end followed by its duration, each suite once, no line cut in its
#       middle), and the output that was there before is kept byte for byte in a backup;
#   (b) a log shared with -L by two outputs: the second output is never cut at the
#       first's offsets (refused, exit 2, nothing changed; -F starts afresh with backups),
#       and a run that writes one output keeps the other run out of the shared log;
#   (c) damaged logs -- an offset edited into the middle of a line, in a log with and
#       without the "output" record, an offset beyond the output's end, a header offset
#       in the middle of the header, the log of another output: never a cut in the middle
#       of a line, never a destroyed header, whatever is cut kept as a backup first.
# Works in tests/out/chaos-locks/; ends only the processes it started, by pid.
# SK_CHAOS_BINDIR=DIR runs the binaries DIR/skampi-seq and DIR/skampi-IMPL instead of the
# builds of tests/lib.sh (e.g. those of an older commit, to see the checks fail).
set -u
. "$(dirname "$0")/../lib.sh"
d=$out/chaos-locks
rm -rf "$d"; mkdir -p "$d"
if [ -n "${SK_CHAOS_BINDIR:-}" ]; then seq=$SK_CHAOS_BINDIR/skampi-seq
else seq=$(sk_binary seq) || { bad "locks: the sequential build failed (see tests/out/build-skampi-seq.log)"; finish; }; fi
unset SKAMPI_WAIT

# two short suites (a few milliseconds each, every backend)
cat > "$d/t.ski" <<'SKI'
set_min_repetitions(4)
set_max_repetitions(4)
begin measurement "first"
  for x = 1 to 2 do
    measure MPI_COMM_WORLD : Synthetic_Busy(x, 2000, 0, 0, 0, 0)
  od
end measurement
begin measurement "second"
  for x = 1 to 2 do
    measure MPI_COMM_WORLD : Synthetic_Busy(x, 2000, 0, 0, 0, 0)
  od
end measurement
SKI
# three suites, for the damaged logs
cat > "$d/three.ski" <<'SKI'
set_min_repetitions(4)
set_max_repetitions(4)
begin measurement "a"
  for x = 1 to 3 do
    measure MPI_COMM_WORLD : Synthetic_Busy(x, 2000, 0, 0, 0, 0)
  od
end measurement
begin measurement "b"
  for x = 1 to 3 do
    measure MPI_COMM_WORLD : Synthetic_Busy(x, 2000, 0, 0, 0, 0)
  od
end measurement
begin measurement "c"
  for x = 1 to 3 do
    measure MPI_COMM_WORLD : Synthetic_Busy(x, 2000, 0, 0, 0, 0)
  od
end measurement
SKI

# files OUT: the output and its backups OUT.1, OUT.2, ...
files() { for f in "$1" "$1".[0-9]*; do case $f in *.log*) ;; *) [ -f "$f" ] && echo "$f" ;; esac; done; }

# crowd NAME N BEFORE FORCE CMD...: N runs of CMD -o OUT (OUT = $d/NAME.sko) started
# together, every second one with -F when FORCE is 1; BEFORE (a file or "") was the
# output before them. Checks as in (a); RESUMED=1 when one of them must have resumed it.
crowd() {
  name=$1; n=$2; before=$3; force=$4; shift 4
  o=$d/$name.sko
  i=1; pids=""
  while [ $i -le "$n" ]; do
    flag=""; [ "$force" = 1 ] && [ $((i % 2)) -eq 0 ] && flag=-F
    ( timeout 60 "$@" $flag -o "$o" > /dev/null 2> "$d/$name.err.$i"; echo $? > "$d/$name.st.$i" ) &
    pids="$pids $!"
    i=$((i + 1))
  done
  for p in $pids; do wait "$p"; done
  ok=0; refused=0; lies=""
  i=1
  while [ $i -le "$n" ]; do
    st=$(cat "$d/$name.st.$i" 2>/dev/null || echo lost)
    if [ "$st" = 0 ]; then
      ok=$((ok + 1))
      ! grep -q 'is being written by another run' "$d/$name.err.$i" || lies="$lies run $i exited 0 after a refusal;"
    elif grep -q "is being written by another run (process [0-9]* on " "$d/$name.err.$i"; then
      refused=$((refused + 1))
    else lies="$lies run $i exited $st without naming the other run: $(head -c 300 "$d/$name.err.$i");"; fi
    i=$((i + 1))
  done
  [ -z "$lies" ]; say $? "${name}_exit_status_tells_the_truth" "$lies"
  complete=0; kept=0; why=""; resumed=0
  for f in $(files "$o"); do
    if [ -n "$before" ] && cmp -s "$f" "$before"; then kept=$((kept + 1)); continue; fi
    if w=$(sko_complete "$f" "$SUITES"); then complete=$((complete + 1)); else why="$why $w;"; fi
    grep -q '^# resumed at' "$f" && resumed=$((resumed + 1))
  done
  [ -z "$why" ]; say $? "${name}_every_file_well_formed" "$why"
  [ "$complete" -eq "$ok" ]
  say $? "${name}_every_finished_run_kept" "$ok runs exited 0, $refused refused, but $complete complete outputs: $(ls "$d" | grep "^$name.sko" | tr '\n' ' ')"
  if [ -n "$before" ]; then [ "$kept" -eq 1 ]; say $? "${name}_old_output_kept_once" "$kept copies of the old output"; fi
  [ "$resumed" -eq "${RESUMED:-0}" ]; say $? "${name}_resumed_${RESUMED:-0}" "$resumed outputs resumed"
  note "# $name: $ok finished, $refused refused, $complete complete outputs"
}

# interrupted REF OUT K EXTRA: OUT and OUT.log as a run killed EXTRA bytes into suite K+1
# would leave them, made from the finished run REF (its log up to "start K+1")
interrupted() {
  if [ "$3" -gt 0 ]; then off=$(awk -v k="$3" '$1 == "done" && $2 == k { print $3 }' "$1.log")
  else off=$(awk '$1 == "header" { print $2 }' "$1.log"); fi
  head -c $((off + $4)) "$1" > "$2"
  awk -v k=$(($3 + 1)) '{ print } $1 == "start" && $2 == k { exit }' "$1.log" > "$2.log"
}

# ---- (a) crowds, sequential ----
SUITES="first second"
started=$(date +%s)
crowd seq_fresh 8 "" 0 "$seq" -i "$d/t.ski"
cp "$d/seq_fresh.sko" "$d/seq_rerun.sko"; cp "$d/seq_fresh.sko.log" "$d/seq_rerun.sko.log"; cp "$d/seq_rerun.sko" "$d/before.rerun"
crowd seq_rerun 6 "$d/before.rerun" 1 "$seq" -i "$d/t.ski"
interrupted "$d/seq_fresh.sko" "$d/seq_resume.sko" 1 25; cp "$d/seq_resume.sko" "$d/before.resume"
RESUMED=1 crowd seq_resume 6 "$d/before.resume" 0 "$seq" -i "$d/t.ski"
# no waiting: all but the first refuse while it writes
cat > "$d/slow.ski" <<'SKI'
set_min_repetitions(8)
set_max_repetitions(8)
begin measurement "first"
  for x = 1 to 4 do
    measure MPI_COMM_WORLD : Synthetic_Busy(x, 30000, 0, 0, 0, 0)
  od
end measurement
begin measurement "second"
  for x = 1 to 4 do
    measure MPI_COMM_WORLD : Synthetic_Busy(x, 30000, 0, 0, 0, 0)
  od
end measurement
SKI
SKAMPI_WAIT=0; export SKAMPI_WAIT
crowd seq_nowait 6 "" 1 "$seq" -i "$d/slow.ski"
unset SKAMPI_WAIT
[ "$(cat "$d"/seq_nowait.st.* | grep -vc '^0$')" -gt 0 ]
say $? seq_nowait_refusals_happen "no run refused with SKAMPI_WAIT=0: $(cat "$d"/seq_nowait.st.* | tr '\n' ' ')"

note "# sequential crowds: $(($(date +%s) - started)) s"
# ---- (a) crowds under mpirun ----
for impl in "$@"; do
  if [ -n "${SK_CHAOS_BINDIR:-}" ]; then bin=$SK_CHAOS_BINDIR/skampi-$impl
  else bin=$(sk_binary mpi "$impl") || { bad "locks: the $impl build failed"; continue; }; fi
  cp "$d/seq_fresh.sko" "$d/${impl}_rerun.sko"; cp "$d/seq_fresh.sko.log" "$d/${impl}_rerun.sko.log"
  sed -i 's/^processes 1$/processes 2/' "$d/${impl}_rerun.sko.log"
  cp "$d/${impl}_rerun.sko" "$d/before.$impl"
  crowd "${impl}_rerun" 6 "$d/before.$impl" 1 tools/mpirun.sh "$impl" 2 "$bin" -i "$d/t.ski"
done

note "# crowds under mpirun: $(($(date +%s) - started)) s"
# ---- (b) a log shared by two outputs (-L) ----
# (the whole header first, SKAMPI_LAYOUT=skampi: -s then moves the suites' offsets; in
# SKaMPI 5's layout the header's extra lines come after the last suite)
SKAMPI_LAYOUT=skampi; export SKAMPI_LAYOUT
SUITES="a b c"
"$seq" -i "$d/three.ski" -o "$d/x.sko" -L "$d/shared.log" 2> /dev/null
"$seq" -s -i "$d/three.ski" -o "$d/y.sko" 2> /dev/null      # -s: a longer header, other offsets
mv "$d/x.sko" "$d/x.full"; cp "$d/shared.log" "$d/x.full.log"
interrupted "$d/x.full" "$d/x.sko" 1 30; mv "$d/x.sko.log" "$d/shared.log"
cp "$d/y.sko" "$d/y.before"; cp "$d/x.sko" "$d/x.before"; cp "$d/shared.log" "$d/shared.before"
timeout 30 "$seq" -s -i "$d/three.ski" -o "$d/y.sko" -L "$d/shared.log" > /dev/null 2> "$d/y.err"; st=$?
[ $st -ne 0 ] && grep -q "describes another output, '.*x.sko'" "$d/y.err" && cmp -s "$d/y.sko" "$d/y.before" &&
  cmp -s "$d/x.sko" "$d/x.before" && [ ! -e "$d/y.sko.1" ]
say $? shared_log_other_output_refused "exit $st: $(head -c 400 "$d/y.err"); y.sko $(cmp -s "$d/y.sko" "$d/y.before" && echo unchanged || echo changed)"
timeout 30 "$seq" -F -s -i "$d/three.ski" -o "$d/y.sko" -L "$d/shared.log" > /dev/null 2> "$d/yf.err"; st=$?
[ $st -eq 0 ] && cmp -s "$d/y.sko.1" "$d/y.before" && cmp -s "$d/shared.log.1" "$d/shared.before" &&
  cmp -s "$d/x.sko" "$d/x.before" && sko_complete "$d/y.sko" "$SUITES" > "$d/yf.why"
say $? shared_log_fresh_keeps_both "exit $st: $(cat "$d/yf.why" "$d/yf.err" 2> /dev/null | head -c 400)"
unset SKAMPI_LAYOUT
# a run that writes one output holds the shared log: a run on another output stays out
"$seq" -i tests/ski/killed.ski -o "$d/k1.sko" -L "$d/k.log" 2> /dev/null & holder=$!
i=0; while [ $i -lt 300 ] && ! grep -q '^start 2' "$d/k.log" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
SKAMPI_WAIT=1 timeout 30 "$seq" -i tests/ski/killed.ski -o "$d/k2.sko" -L "$d/k.log" > /dev/null 2> "$d/k2.err"; st=$?
kill -KILL $holder 2> /dev/null; wait $holder 2> /dev/null
[ $st -ne 0 ] && grep -q "is being written by another run (process $holder on" "$d/k2.err" && [ ! -s "$d/k2.sko" ] &&
  [ "$(grep -c '^owner' "$d/k.log")" -eq 1 ]
say $? shared_log_held_by_its_run "exit $st: $(head -c 300 "$d/k2.err")"

# ---- (c) damaged logs ----
"$seq" -i "$d/three.ski" -o "$d/ref.sko" 2> /dev/null
"$seq" -s -i "$d/three.ski" -o "$d/refs.sko" 2> /dev/null
# damaged NAME EXIT [FLAGS [CHECK]]: the run (with FLAGS) on $d/NAME.sko, prepared with
# NAME.sko.log, exits EXIT; with 0 the output is complete and well formed and its old
# bytes are kept (in a backup when anything was cut); otherwise the output is unchanged.
# The check is called damaged_CHECK (default NAME).
damaged() {
  cp "$d/$1.sko" "$d/$1.before"
  timeout 30 "$seq" ${3:-} -i "$d/three.ski" -o "$d/$1.sko" > /dev/null 2> "$d/$1.err"; st=$?
  set -- "$1" "$2" "${3:-}" "${4:-$1}"
  if [ "$2" = 0 ]; then
    kept=no
    for f in $(files "$d/$1.sko"); do [ "$f" != "$d/$1.sko" ] && cmp -s "$f" "$d/$1.before" && kept=yes; done
    cmp -s "$d/$1.sko" "$d/$1.before" && kept=yes
    [ $st -eq 0 ] && sko_complete "$d/$1.sko" "$SUITES" > "$d/$1.why" && [ $kept = yes ]
    say $? "damaged_$4" "exit $st, old bytes kept: $kept; $(cat "$d/$1.why" "$d/$1.err" | grep -v ' done in' | head -c 500)"
  else
    [ $st -eq "$2" ] && cmp -s "$d/$1.sko" "$d/$1.before"
    say $? "damaged_$4" "exit $st (want $2), output $(cmp -s "$d/$1.sko" "$d/$1.before" && echo unchanged || echo changed): $(head -c 400 "$d/$1.err")"
  fi
}
# the log of the output itself (its "output" record names it), suite 3 begun
mk() {
  interrupted "$d/ref.sko" "$d/$1.sko" 2 30
  sed -i "s|^output \([0-9]*\) \([0-9]*\) 0 .*|output \1 \2 0 $d/$1.sko|" "$d/$1.sko.log"
}
off2=$(awk '$1 == "done" && $2 == 2 { print $3 }' "$d/ref.sko.log")
mk midline; sed -i "s/^done 2 $off2 /done 2 $((off2 - 7)) /" "$d/midline.sko.log"
damaged midline 0
mk midline_old; sed -i "/^output /d; s/^done 2 $off2 /done 2 $((off2 - 7)) /" "$d/midline_old.sko.log"
damaged midline_old 0
mk beyond; sed -i "s/^done 2 $off2 /done 2 9999999 /" "$d/beyond.sko.log"
damaged beyond 0
interrupted "$d/ref.sko" "$d/header.sko" 0 10
sed -i "/^output /d; s/^header .*/header 30/" "$d/header.sko.log"
damaged header 0
# a log of another output (the longer header of -s) next to this one: refused, -F fresh
interrupted "$d/refs.sko" "$d/foreign.sko" 2 30
awk '{ print } $1 == "start" && $2 == 3 { exit }' "$d/ref.sko.log" > "$d/foreign.sko.log"
damaged foreign 2 -s
damaged foreign 0 "-s -F" foreign_forced_fresh
# ... and one whose suites end at this output's offsets (as happens by chance when only the
# numbers' widths differ): the other file's checksums still tell it from this one
interrupted "$d/refs.sko" "$d/foreign_same_ends.sko" 2 30
awk -v ref="$d/ref.sko" 'NR == FNR { if ($1 == "sum") sum[$2] = $3; next }
  $1 == "output" { $5 = ref } $1 == "sum" { $3 = sum[$2] } { print }' \
  "$d/ref.sko.log" "$d/foreign_same_ends.sko.log" > "$d/foreign_same_ends.log.tmp"
mv "$d/foreign_same_ends.log.tmp" "$d/foreign_same_ends.sko.log"
damaged foreign_same_ends 2 -s
# ... and the same without its "output" record: cut only at a suite's end
interrupted "$d/refs.sko" "$d/foreign_old.sko" 2 30
awk '$1 != "output" { print } $1 == "start" && $2 == 3 { exit }' "$d/ref.sko.log" > "$d/foreign_old.sko.log"
damaged foreign_old 0 -s
note "# all: $(($(date +%s) - started)) s"
finish
