#!/bin/sh
# tests/integration/otpo.sh IMPL SKAMPI -- Open MPI's tuner OTPO drives skampi unchanged
# (doc/manual.md, "SKaMPI's clients"). For each of the 12 collectives OTPO generates
# (Bcast, Barrier, Reduce, Allreduce, Gather, Allgather, Gatherv, Allgatherv, Alltoall,
# Alltoallv, Scatter, Scatterv), with 2 and 4 processes, this writes skampi.ski as OTPO's
# create_skampi_ipfile() does (its statements, its spacing, a suite name with a space,
# no final newline, set_skampi_buffer(<bytes x processes / 1000 + 1>KB); fewer
# repetitions than OTPO's 500..1000 to keep the test short), runs `skampi -i skampi.ski
# -o skampi.sko` with SKAMPI_LAYOUT=skampi5, reads the value as OTPO does (the 7th line
# with sscanf "%d %lf", reproduced in awk) and deletes skampi.sko, like OTPO's tuning
# loop. Checks: every run exits 0 with a result line, and the value OTPO reads is that
# line's time; a collective whose buffer is too small (the all-to-alls of OTPO's rule) is
# measured with the buffer grown and says so (flag buffer_grown); after the whole loop at
# most two files stay beside the input.
set -u
. "$(dirname "$0")/../lib.sh"
impl=$1; skampi=$2
d=$out/otpo-$impl
rm -rf "$d"; mkdir -p "$d"
skampi=$(cd "$(dirname "$skampi")" && pwd)/$(basename "$skampi")
msg=1024

# otpo_ski N OP: OTPO's skampi.ski for operation number N (its coll_ops table) with P processes
otpo_ski() {
  n=$1; p=$2
  set -- Bcast Barrier Reduce Allreduce Gather Allgather Gatherv Allgatherv Alltoall Alltoallv Scatter Scatterv
  shift "$n"; op=$1
  printf 'set_min_repetitions(20)\nset_max_repetitions(40)\nset_max_relative_standard_error(0.03)\n'
  printf '\nset_skampi_buffer(%dKB)\n' $((msg * p / 1000 + 1))
  printf '\ncomm = MPI_COMM_WORLD\n'
  printf '\nbegin measurement "MPI %s" ' "$op"
  case $n in
    0) printf '\n    measure comm : %s(%s, MPI_BYTE, 0)' "$op" "$msg" ;;
    1) printf '\n    measure comm : %s()' "$op" ;;
    2) printf '\n    measure comm : %s(%d, MPI_INT, %s, 0)' "$op" $((msg / 4)) MPI_SUM ;;
    3) printf '\n    measure comm : %s(%s/4, MPI_INT, %s)' "$op" "$msg" MPI_SUM ;;
    4|6|10|11) printf '\n    measure comm : %s(%s, MPI_BYTE, %s , MPI_BYTE,  0)' "$op" "$msg" "$msg" ;;
    *) printf '\n    measure comm : %s(%s, MPI_BYTE, %s , MPI_BYTE)' "$op" "$msg" "$msg" ;;
  esac
  printf '\nend measurement'
}

# otpo_read FILE: what OTPO's sscanf(line 7, "%d %lf") leaves in latency ("none": no match)
otpo_read() {
  awk 'NR == 7 { line = $0
         if (!match(line, /^[ \t]*[-+]?[0-9]+/)) { print "none"; exit }
         line = substr(line, RLENGTH + 1)
         if (!match(line, /^[ \t]*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?/)) { print "none"; exit }
         print substr(line, 1, RLENGTH) + 0; exit }
       END { if (NR < 7) print "none" }' "$1"
}
# the time of the block's result line, as skampi wrote it ("none": no result line)
result_time() {
  awk '/^# begin result/ { on = 1; next } /^# end result/ { on = 0 } on && /^ *[0-9]/ { print $2 + 0; found = 1; exit }
       END { if (!found) print "none" }' "$1"
}

for p in 2 4; do
  n=0
  while [ $n -lt 12 ]; do
    otpo_ski $n $p > "$d/skampi.ski"
    op=$(sed -n 's/^begin measurement "MPI \(.*\)" *$/\1/p' "$d/skampi.ski")
    (cd "$d" && SKAMPI_LAYOUT=skampi5 timeout 120 "$top/tools/mpirun.sh" "$impl" $p "$skampi" -i skampi.ski -o skampi.sko \
      > /dev/null 2> "run.err"); st=$?
    got=$(otpo_read "$d/skampi.sko"); want=$(result_time "$d/skampi.sko")
    cp "$d/skampi.sko" "$d/kept-$op-$p.sko" 2>/dev/null; cp "$d/run.err" "$d/kept-$op-$p.err"
    [ $st -eq 0 ] && [ "$want" != none ] && [ "$got" = "$want" ] && ! grep -q 'nothing measured' "$d/skampi.sko"
    say $? "${impl}_otpo_reads_${op}_np$p" "exit $st, OTPO reads '$got', the result line says '$want': $(head -n 8 "$d/skampi.sko" | tr '\n' '|')"
    rm -f "$d/skampi.sko"          # as OTPO does after reading
    n=$((n + 1))
  done
done
# the tuning loop leaves the input and at most one more file (the log of the last run)
left=$(ls "$d" | grep -v '^kept-' | grep -v '^run.err$' | grep -v '^skampi.ski$')
[ "$(printf '%s\n' $left | grep -c .)" -le 1 ]
say $? "${impl}_otpo_loop_leaves_two_files" "beside skampi.ski: $left"
# OTPO's buffer is too small for its all-to-alls: measured with the buffer grown, said so
for op in Alltoall Alltoallv; do
  for p in 2 4; do
    grep -q '^#@ flags: .*buffer_grown=' "$d/kept-$op-$p.sko" && grep -q '^# (buffer grown: ' "$d/kept-$op-$p.sko"
    say $? "${impl}_otpo_${op}_np${p}_measured_with_the_buffer_grown" "$(grep -A4 '^# begin result' "$d/kept-$op-$p.sko")"
  done
done
finish
