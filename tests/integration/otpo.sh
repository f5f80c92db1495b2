#!/bin/sh
# tests/integration/otpo.sh IMPL SKAMPI -- Open MPI's tuner OTPO drives skampi unchanged,
# with skampi's default output (doc/manual.md, "SKaMPI's clients"). For each of the 12
# collectives OTPO generates (Bcast, Barrier, Reduce, Allreduce, Gather, Allgather,
# Gatherv, Allgatherv, Alltoall, Alltoallv, Scatter, Scatterv), with 2 and 4 processes,
# this writes skampi.ski as OTPO's create_skampi_ipfile() does (its statements, its
# spacing, a suite name with a space, no final newline, set_skampi_buffer(<bytes x
# processes / 1000 + 1>KB), 500..1000 repetitions), runs `skampi -i skampi.ski -o skampi.sko`, reads the value as OTPO does
# (tests/integration/otpo_read.c: seven fgets, sscanf "%d %lf") and deletes skampi.sko.
# Before each collective's run, a run is ended by
# SIGTERM at a random moment (as OTPO ends a run at its time limit): of the previous
# collective, its output then deleted (OTPO's reading and remove() after the run), or of
# the same collective, its output left (the next parameter combination runs the same
# input: skampi resumes it; a run that ended before the signal is read and deleted). Checks: every run that is not killed exits 0, none is
# refused, and the value OTPO reads equals the time of the block's result line; the
# all-to-alls (too small a buffer by OTPO's rule) are measured with the buffer grown and
# say so; after the whole loop the directory holds skampi.ski, and no log (see the check's comment).
set -u
. "$(dirname "$0")/../lib.sh"
unset SKAMPI_KEEP_LOG          # skampi's default: a run that ends removes its log
impl=$1; skampi=$2
d=$out/otpo-$impl
rm -rf "$d"; mkdir -p "$d"
skampi=$(cd "$(dirname "$skampi")" && pwd)/$(basename "$skampi")
reader=$out/otpo_read
[ -x "$reader" ] && [ "$reader" -nt "$top/tests/integration/otpo_read.c" ] ||
  ${CC:-cc} -O -o "$reader" "$top/tests/integration/otpo_read.c" || { fail "${impl}_otpo_reader_builds"; finish; }
msg=1024

# otpo_ski N P MIN MAX: OTPO's skampi.ski for operation number N (its coll_ops table) with P processes
otpo_ski() {
  on=$1; op_p=$2
  printf 'set_min_repetitions(%d)\nset_max_repetitions(%d)\nset_max_relative_standard_error(0.03)\n' "$3" "$4"
  set -- Bcast Barrier Reduce Allreduce Gather Allgather Gatherv Allgatherv Alltoall Alltoallv Scatter Scatterv
  shift "$on"; op=$1
  printf '\nset_skampi_buffer(%dKB)\n' $((msg * op_p / 1000 + 1))
  printf '\ncomm = MPI_COMM_WORLD\n'
  printf '\nbegin measurement "MPI %s" ' "$op"
  case $on in
    0) printf '\n    measure comm : %s(%s, MPI_BYTE, 0)' "$op" "$msg" ;;
    1) printf '\n    measure comm : %s()' "$op" ;;
    2) printf '\n    measure comm : %s(%d, MPI_INT, %s, 0)' "$op" $((msg / 4)) MPI_SUM ;;
    3) printf '\n    measure comm : %s(%s/4, MPI_INT, %s)' "$op" "$msg" MPI_SUM ;;
    4|6|10|11) printf '\n    measure comm : %s(%s, MPI_BYTE, %s , MPI_BYTE,  0)' "$op" "$msg" "$msg" ;;
    *) printf '\n    measure comm : %s(%s, MPI_BYTE, %s , MPI_BYTE)' "$op" "$msg" "$msg" ;;
  esac
  printf '\nend measurement'
}
# the time of the block's result line, as skampi wrote it ("none": no result line)
result_time() {
  awk '/^# begin result/ { on = 1; next } /^# end result/ { on = 0 } on && /^ *[0-9]/ { print $2; found = 1; exit }
       END { if (!found) print "none" }' "$1"
}
# a random delay in ms, 200..3199 (awk's rand, seeded by the process id and a counter)
delay_ms() { awk -v s="$(($$ * 100 + $1))" 'BEGIN { srand(s); printf "%d\n", 200 + int(rand() * 3000) }'; }

skampi_run() {   # P: skampi as OTPO starts it, in $d; its status
  (cd "$d" && exec "$top/tools/mpirun.sh" "$impl" "$1" "$skampi" -i skampi.ski -o skampi.sko) > /dev/null 2>> "$d/run.err"
}

refused=0; resumed=0
for p in 2 4; do
  n=0
  while [ $n -lt 12 ]; do
    # the run OTPO ends at its time limit: the previous collective (output deleted) or this one (output left)
    if [ $((n % 2)) -eq 0 ]; then k=$(( (n + 11) % 12 )); else k=$n; fi
    otpo_ski $k $p 500 1000 > "$d/skampi.ski"
    : > "$d/run.err"
    (cd "$d" && exec "$top/tools/mpirun.sh" "$impl" "$p" "$skampi" -i skampi.ski -o skampi.sko) > /dev/null 2>> "$d/run.err" &
    pid=$!
    ms=$(delay_ms $((p * 12 + n)))
    sleep "$(awk -v m="$ms" 'BEGIN { printf "%.3f", m / 1000 }')"
    kill -TERM "$pid" 2>/dev/null
    # Open MPI's mpirun (4.1) can hang after SIGTERM with its ranks gone: SIGKILL after 30 s
    t=0; while kill -0 "$pid" 2>/dev/null && [ $t -lt 300 ]; do sleep 0.1; t=$((t + 1)); done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
    wait "$pid"; kst=$?
    grep -q 'refused\|give -F' "$d/run.err" && refused=$((refused + 1))
    # OTPO reads and deletes the output of a run that ended before its time limit
    [ $((n % 2)) -eq 0 ] || [ $kst -eq 0 ] && rm -f "$d/skampi.sko"
    if [ -e "$d/skampi.sko" ]; then state="output left"; else state="output deleted"; fi
    # the run that ends
    otpo_ski $n $p 500 1000 > "$d/skampi.ski"
    op=$(sed -n 's/^begin measurement "MPI \(.*\)" *$/\1/p' "$d/skampi.ski")
    : > "$d/run.err"
    timeout 180 sh -c "cd '$d' && exec '$top/tools/mpirun.sh' '$impl' '$p' '$skampi' -i skampi.ski -o skampi.sko" > /dev/null 2> "$d/run.err"; st=$?
    got=$("$reader" "$d/skampi.sko"); want=$(result_time "$d/skampi.sko")
    cp "$d/skampi.sko" "$d/../otpo-$impl-kept-$op-$p.sko" 2>/dev/null; cp "$d/run.err" "$d/../otpo-$impl-kept-$op-$p.err"
    [ $st -eq 0 ] && [ "$want" != none ] && [ "$got" != none ] && awk -v a="$got" -v b="$want" 'BEGIN { exit !(a + 0 == b + 0) }' &&
      ! grep -q 'nothing measured' "$d/skampi.sko"
    say $? "${impl}_otpo_reads_${op}_np$p" "killed after ${ms} ms (status $kst, $state); exit $st, OTPO reads '$got', the result line says '$want': $(head -n 8 "$d/skampi.sko" 2>/dev/null | tr '\n' '|') $(head -c 300 "$d/run.err")"
    grep -q 'resuming skampi.sko' "$d/run.err" && resumed=$((resumed + 1))
    rm -f "$d/skampi.sko"          # as OTPO does after reading
    n=$((n + 1))
  done
done
[ $refused -eq 0 ]; say $? "${impl}_otpo_no_run_refused" "$refused killed runs said 'refused'"
echo "# $impl: $resumed of 24 runs resumed a killed run's output"
# what the tuning loop leaves: the original left skampi.ski alone. skampi removes the log of
# a run that ended and replaces one whose output is gone, so no log is left; what may stay is
# skampi.sko.N, a complete output (footer included) of a run the SIGTERM reached after it had
# finished (mpirun's teardown), which the next run of the same input keeps as a backup
# (nothing overwritten without one) where the original overwrote it. A cut piece of an
# interrupted run, or any log, fails the check.
left=$(cd "$d" && ls -A | grep -v '^run.err$' | tr '\n' ' ')
extra=""; backups=0
for f in $left; do
  case $f in
    skampi.ski) ;;
    skampi.sko.[0-9]*) if tail -n 1 "$d/$f" | grep -q '^# Total runtime' && [ "$(grep -c '^# end result' "$d/$f")" -eq 1 ]
                       then backups=$((backups + 1)); else extra="$extra $f(not a complete output)"; fi ;;
    *) extra="$extra $f" ;;
  esac
done
[ -z "$extra" ]
say $? "${impl}_otpo_loop_leaves_its_input" "the tuning loop left: $left; beyond skampi.ski and complete outputs:$extra"
echo "# $impl: the tuning loop left: $left($backups complete outputs of runs killed after they finished)"
# OTPO's buffer is too small for its all-to-alls: measured with the buffer grown, said so
for op in Alltoall Alltoallv; do
  for p in 2 4; do
    f=$d/../otpo-$impl-kept-$op-$p.sko
    grep -q '^#@ flags: .*buffer_grown=' "$f" && grep -q '^# (buffer grown: ' "$f"
    say $? "${impl}_otpo_${op}_np${p}_measured_with_the_buffer_grown" "$(grep -A4 '^# begin result' "$f")"
  done
done
finish
