#!/bin/sh
# tests/chaos/mutations.sh [IMPL ...] -- mutation fuzzing of the result files and logs that
# skampi reads back (doc/manual.md "Reliability"), bounded: 300 cases (MUTATIONS=N for
# more), each one mutation of tests/chaos/mutate.c (a bit flipped, a NUL put in, torn
# bytes, the file cut short, a range deleted, a splice, a line doubled):
#   * 200 mutated .sko files given to -x csv and, in turn, to -x json, -r, -m or -c: no
#     crash (signal), no hang (10 s), exit 0 or 2 only, and the two agree (one strict
#     reader serves every consumer): a file one of them takes, the other takes; a refusal
#     names FILE:LINE:COL; a merge that succeeded is taken again by the strict reader
#   * 100 interrupted runs (two of three suites done) whose output (70) or log (30) was
#     mutated, then resumed: no crash, no hang; exit 0 with a whole result (the strict
#     reader takes it; each suite once with all its lines: nothing measured is lost) or
#     exit 2 with a message and the output untouched. Never status 0 with a file that
#     skampi's own reader then refuses.
# The sequential build only; work files in tests/out/chaos-mutations; the summary line
# "# mutations: N cases, C crashes, H hangs, S silent successes" says what was found.
set -u
. "$(dirname "$0")/../lib.sh"
d=$top/tests/out/chaos-mutations
rm -rf "$d"; mkdir -p "$d"
SKAMPI_WAIT=1; export SKAMPI_WAIT
if [ -n "${SKAMPI_OLD:-}" ]; then seq=$SKAMPI_OLD/skampi-seq
else seq=$(sk_binary seq) || { bad "mutations: the sequential build fails (tests/out/build-skampi-seq.log)"; finish; }; fi
sk_cc cc -O1 -o "$d/mutate" "$top/tests/chaos/mutate.c" > "$d/mutate.build" 2>&1 ||
  { bad "mutations: tests/chaos/mutate.c does not build: $(cat "$d/mutate.build")"; finish; }
total=${MUTATIONS:-300}
nsko=$((total * 2 / 3)); nres=$((total - nsko))
crashes=0; hangs=0; silent=0; cases=0

cat > "$d/k.ski" <<'EOF'
set_min_repetitions(3)
set_max_repetitions(3)
begin measurement "one"
  for n = 1 to 12 do
    measure MPI_COMM_WORLD : Synthetic_Virtual(n, 10, 0.5, 0, 0, 0)
  od
end measurement
begin measurement "two"
  for n = 1 to 12 do
    measure MPI_COMM_WORLD : Synthetic_Virtual(n, 20, 0.25, 6, 30, 0)
  od
end measurement
begin measurement "three"
  for n = 1 to 12 do
    measure MPI_COMM_WORLD : Synthetic_Virtual(n, 5, 1, 0, 0, 0)
  od
end measurement
EOF
# the runs (the whole one and each resume) in one directory, with one input name: a log
# names its input and output, and a resume needs both the same
mkdir "$d/run"
cp "$d/k.ski" "$d/run/k.ski"
(cd "$d/run" && "$seq" -q -i k.ski -o o.sko 2> "$d/whole.err") && cp "$d/run/o.sko" "$d/whole.sko" &&
  cp "$d/run/o.sko.log" "$d/whole.log"
[ "$(grep -c '^n= ' "$d/whole.sko")" = 36 ] && grep -q '^done 2 ' "$d/whole.log"
say $? mutations_sample_written "$(cat "$d/whole.err")"

# ran STATUS: a crash (signal) or a hang (timeout's 124) is counted
ran() {
  case $1 in
    124) hangs=$((hangs + 1)); return 1 ;;
    0|2) return 0 ;;
    *) crashes=$((crashes + 1)); return 1 ;;
  esac
}

# ---- the readers ----
i=0
while [ $i -lt $nsko ]; do
  i=$((i + 1)); cases=$((cases + 1))
  f=$d/m.sko
  what=$("$d/mutate" "$i" "$d/whole.sko" "$f")
  verdicts=""; why=""
  case $((i % 4)) in 0) other=xjson ;; 1) other=r ;; 2) other=m ;; *) other=c ;; esac
  for mode in xcsv $other; do
    rm -f "$d/o.csv" "$d/o.json" "$d/o.html" "$d/o-m.sko" "$d/o-c.csv" "$d/o-m.sko.log"
    case $mode in
      xcsv) timeout 10 "$seq" -x csv "$f" -o "$d/o.csv" > /dev/null 2> "$d/e" ;;
      xjson) timeout 10 "$seq" -x json "$f" -o "$d/o.json" > /dev/null 2> "$d/e" ;;
      r) timeout 10 "$seq" -r "$d/o.html" "$f" > /dev/null 2> "$d/e" ;;
      m) timeout 10 "$seq" -m "$d/o-m.sko" "$f" "$d/whole.sko" > /dev/null 2> "$d/e" ;;
      c) timeout 10 "$seq" -c -o "$d/o-c.csv" "$d/whole.sko" "$f" > /dev/null 2> "$d/e" ;;
    esac
    st=$?
    if ! ran $st; then bad "mutation_sko_${i}_$mode: exit $st after '$what': $(head -c 300 "$d/e")"; continue; fi
    if [ $st = 2 ] && ! grep -q "^$f:[0-9][0-9]*:[0-9][0-9]*: " "$d/e" && [ $mode != m ] && [ $mode != c ]; then
      why="$why; $mode refused without FILE:LINE:COL: $(head -c 200 "$d/e")"
    fi
    if [ $mode = m ] && [ $st = 0 ] && ! "$seq" -x csv "$d/o-m.sko" > /dev/null 2> "$d/e2"; then
      silent=$((silent + 1)); why="$why; the merge's output is refused: $(head -c 200 "$d/e2")"
    fi
    # -m and -c also refuse runs that differ (a mutated header field), -m a file without a
    # result block (cut inside its header): not the reader's verdict
    if [ $st = 2 ] && { [ $mode = m ] || [ $mode = c ]; } && { ! grep -q "^$f:[0-9]" "$d/e" || grep -q "no result block" "$d/e"; }; then continue; fi
    verdicts="$verdicts $st"
  done
  set -- $verdicts
  first=${1:-0}; agree=1
  for v in "$@"; do [ "$v" = "$first" ] || agree=0; done
  [ $agree = 0 ] && silent=$((silent + 1)) && why="$why; the readers disagree:$verdicts (xcsv $other)"
  if [ -n "$why" ]; then bad "mutation_sko_$i: after '$what'$why"; fi
done

# ---- resumes of damaged interrupted runs ----
cut2=$(sed -n 's/^done 2 \([0-9]*\) .*/\1/p' "$d/whole.log")
head -c $((cut2 + 400)) "$d/whole.sko" > "$d/interrupted.sko"           # suite three half written
sed '/^start 3 /q' "$d/whole.log" > "$d/interrupted.log"                 # killed in suite three
j=0
while [ $j -lt $nres ]; do
  j=$((j + 1)); cases=$((cases + 1))
  r=$d/run; rm -rf "$r"; mkdir "$r"
  cp "$d/k.ski" "$r/k.ski"
  cp "$d/interrupted.sko" "$r/o.sko"; cp "$d/interrupted.log" "$r/o.sko.log"
  if [ $((j % 10)) -lt 3 ]; then what="log: $("$d/mutate" $((1000 + j)) "$d/interrupted.log" "$r/o.sko.log")"
  else what="output: $("$d/mutate" $((1000 + j)) "$d/interrupted.sko" "$r/o.sko")"; fi
  cp "$r/o.sko" "$r/before.sko"
  (cd "$r" && timeout 20 "$seq" -q -i k.ski -o o.sko > /dev/null 2> e); st=$?
  if ! ran $st; then bad "mutation_resume_$j: exit $st after $what: $(head -c 300 "$r/e")"; continue; fi
  if [ $st = 2 ]; then
    [ -s "$r/e" ] && cmp -s "$r/o.sko" "$r/before.sko"
    say $? "mutation_resume_${j}_refused_clearly" "after $what: $(head -c 300 "$r/e")"
    continue
  fi
  "$seq" -x csv "$r/o.sko" -o "$r/o.csv" > /dev/null 2> "$r/x.err"; stx=$?
  ok=1; why=""
  [ $stx = 0 ] || { ok=0; silent=$((silent + 1)); why="the result is refused by -x: $(head -c 200 "$r/x.err")"; }
  for s in one two three; do
    [ "$(grep -c "^# begin result \"$s\"" "$r/o.sko")" = 1 ] && [ "$(grep -c "^# end result \"$s\"" "$r/o.sko")" = 1 ] &&
      [ "$(grep -c "^[^,]*,$s," "$r/o.csv" 2>/dev/null)" = 12 ] || { ok=0; why="$why; suite $s not once with 12 lines"; }
  done
  [ $ok = 1 ]
  say $? "mutation_resume_$j" "after $what: $why; stderr: $(head -c 300 "$r/e")"
done
note "# mutations: $cases cases, $crashes crashes, $hangs hangs, $silent silent successes"
[ $crashes = 0 ] && [ $hangs = 0 ] && [ $silent = 0 ]
say $? mutations_no_crash_hang_or_silent_success "$crashes crashes, $hangs hangs, $silent silent successes in $cases cases"
finish
