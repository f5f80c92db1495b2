#!/bin/sh
# tests/chaos/resume_kills.sh [IMPL...] -- kills while a run resumes (manual, "Log and
# resume"): a run of five suites is killed in its third suite; then each of K resumes is
# killed by SIGKILL at a random moment after it started (seeded; the delays lean to the
# first milliseconds, where a resume reads the log, checks the output, keeps a backup,
# cuts the output and writes its records, but reach to the end of a whole run); the last
# resume runs to its end. Then:
#   - the final output holds every suite exactly once, in order, with as many result
#     lines as an uninterrupted run, every line whole and where it belongs (sko_complete);
#   - the last run exited 0 and its log ends with "finished";
#   - every backup a resume kept (OUT.1, OUT.2, ...) is an output as a killed run leaves
#     it: whole lines, '#' lines or result lines inside blocks, its suites in the run's
#     order -- nothing a resume cut was lost or garbled.
# With the sequential build (K = 10) and under each IMPL with 2 processes (K = 5).
# RESUME_KILLS_SEED sets the seed (default: the time; printed). Works in
# tests/out/chaos-resume/; ends only the processes it started, by pid.
set -u
. "$(dirname "$0")/../lib.sh"
d=$out/chaos-resume
rm -rf "$d"; mkdir -p "$d"
seq=$(sk_binary seq) || { bad "resume_kills: the sequential build failed (see tests/out/build-skampi-seq.log)"; finish; }
seed=${RESUME_KILLS_SEED:-$(date +%s)}
note "# resume_kills: seed $seed"
SKAMPI_WAIT=20; export SKAMPI_WAIT

# five suites of about 0.1 s each, every backend
cat > "$d/r.ski" <<'SKI'
set_min_repetitions(4)
set_max_repetitions(4)
set_max_relative_standard_error(0.5)
choose_barrier_synchronization()
begin measurement "s1"
  for x = 1 to 4 do
    measure MPI_COMM_WORLD : Synthetic_Busy(x, 5000, 0, 0, 0, 0)
  od
end measurement
begin measurement "s2"
  for x = 1 to 4 do
    measure MPI_COMM_WORLD : Synthetic_Busy(x, 5000, 0, 0, 0, 0)
  od
end measurement
begin measurement "s3"
  for x = 1 to 4 do
    measure MPI_COMM_WORLD : Synthetic_Busy(x, 5000, 0, 0, 0, 0)
  od
end measurement
begin measurement "s4"
  for x = 1 to 4 do
    measure MPI_COMM_WORLD : Synthetic_Busy(x, 5000, 0, 0, 0, 0)
  od
end measurement
begin measurement "s5"
  for x = 1 to 4 do
    measure MPI_COMM_WORLD : Synthetic_Busy(x, 5000, 0, 0, 0, 0)
  od
end measurement
SKI
SUITES="s1 s2 s3 s4 s5"

results() { grep -c '^[a-z_]*= ' "$1"; }
# backup_sound FILE: whole lines; '#' lines, or result lines inside blocks; suites of
# the run in its order, each once
backup_sound() {
  [ ! -s "$1" ] || [ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ] || { echo "$1: the last line is cut"; return 1; }
  awk -v want="$SUITES" '
    function bad(why) { if (!msg) msg = sprintf("%s:%d: %s: %s", FILENAME, FNR, why, substr($0, 1, 60)) }
    /.# resumed at/ || /.# SKaMPI Version/ { bad("a line cut in its middle") }
    /^# begin result "/ { if (on) bad("a block begins inside a block"); on = 1; n = $0
                          sub(/^# begin result "/, "", n); sub(/"$/, "", n); got = got (got == "" ? "" : " ") n; next }
    /^# end result "/ { if (!on) bad("an end outside a block"); on = 0; next }
    /^#/ { next }
    !on || !/^[a-z_]+= / { bad("a line that is neither a comment nor a result line in a block") }
    END { if (index(want " ", got " ") != 1 && got != "") bad("suites \"" got "\", not a beginning of \"" want "\"")
          if (msg) { print msg; exit 1 } }' "$1"
}

# campaign NAME KILLS NP CMD...: the kills and the last resume on $d/NAME.sko (CMD runs
# the launcher, or the sequential build, with -i r.ski -o OUT appended)
campaign() {
  name=$1; kills=$2; np=$3; shift 3
  o=$d/$name.sko
  "$@" -i "$d/r.ski" -o "$d/$name-ref.sko" > /dev/null 2> "$d/$name-ref.err"
  want=$(results "$d/$name-ref.sko")
  # the first run, killed in its third suite
  setsid "$@" -i "$d/r.ski" -o "$o" > /dev/null 2>> "$d/$name.err" & pid=$!
  n=0; while [ $n -lt 400 ] && ! grep -q '^start 3' "$o.log" 2>/dev/null; do sleep 0.02; n=$((n + 1)); done
  end_run "$pid" "$o"
  k=0; landed=0
  while [ $k -lt "$kills" ]; do
    k=$((k + 1))
    delay=$(awk -v s="$seed" -v k="$k" -v np="$np" 'BEGIN { srand(s + k); r = rand(); r = r * r
      printf "%.3f", (np > 1 ? 0.3 : 0.0) + r * (np > 1 ? 2.0 : 0.5) }')
    setsid "$@" -i "$d/r.ski" -o "$o" > /dev/null 2>> "$d/$name.err" & pid=$!
    sleep "$delay"
    kill -0 "$pid" 2>/dev/null && landed=$((landed + 1))
    echo "# kill $k after $delay s" >> "$d/$name.err"
    end_run "$pid" "$o"
  done
  "$@" -i "$d/r.ski" -o "$o" > /dev/null 2>> "$d/$name.err"; st=$?
  [ $st -eq 0 ] && tail -n 1 "$o.log" | grep -q '^finished '
  say $? "${name}_last_resume_exits_0_finished" "exit $st, log: $(tail -n 2 "$o.log")"
  why=$(sko_complete "$o" "$SUITES") && [ "$(results "$o")" -eq "$want" ]
  say $? "${name}_every_suite_once_after_${kills}_kills" "$why; $(results "$o") result lines, want $want"
  why=""
  for f in "$o".[0-9]*; do
    case $f in *.log*) continue ;; esac
    [ -f "$f" ] || continue
    w=$(backup_sound "$f") || why="$why $w;"
  done
  [ -z "$why" ]; say $? "${name}_every_backup_sound" "$why"
  note "# $name: $landed of $kills kills hit a live run; $(grep -c '^skampi: resuming' "$d/$name.err") resumes; $(ls "$d" | grep -c "^$name.sko\.[0-9]*$") backups"
}

# end_run PID OUT: SIGKILL to the run's process group (setsid made it) and to its rank 0,
# the pid of the log's last owner record, when that process is in the session setsid
# made (Open MPI's ranks leave the launcher's group, not its session), then wait
end_run() {
  owner=$(awk '$1 == "owner" { p = $2 } END { print p + 0 }' "$2.log" 2>/dev/null)
  kill -KILL "-$1" 2>/dev/null
  if [ "${owner:-0}" -gt 0 ] && [ "$(awk '{ print $6 }' "/proc/$owner/stat" 2>/dev/null)" = "$1" ]; then
    kill -KILL "$owner" 2>/dev/null
  fi
  wait "$1" 2>/dev/null
  # a killed rank may hold the output's lock a moment longer: the next run waits (SKAMPI_WAIT)
}

campaign seq 10 1 "$seq"
for impl in "$@"; do
  bin=$(sk_binary mpi "$impl") || { bad "resume_kills: the $impl build failed"; continue; }
  campaign "$impl" 5 2 timeout 120 "$top/tools/mpirun.sh" "$impl" 2 "$bin"
done
finish
