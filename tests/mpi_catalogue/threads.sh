# tests/mpi_catalogue/threads.sh -- sourced by tests/mpi_catalogue/run.sh for each MPI
# ($impl, the test build $sk, $out, $limit set there): the thread level and the threaded
# and partitioned measurements (doc/manual.md "Threads and partitioned point-to-point").
#  - without SKAMPI_THREAD_LEVEL: the header says none was asked and what MPI_Init
#    granted, the one-thread ping-pong runs and the two-thread one is refused (exit 2) with
#    the message naming the level granted and SKAMPI_THREAD_LEVEL=multiple;
#    SKAMPI_THREAD_LEVEL=funneled: asked and granted MPI_THREAD_FUNNELED, still refused;
#    a value that names no level: a warning, MPI_Init;
#  - SKAMPI_THREAD_LEVEL=multiple: the header says asked and granted MPI_THREAD_MULTIPLE,
#    and tests/ski/verify_threads.ski runs verified under -v with 2 processes (and 4 under
#    MPICH; Open MPI's threads take tens of ms per round trip on 2 cores), one result
#    line per statement, every line flagged verified, ranks 2 and 3 with no time;
#  - where the build has MPI-4: tests/ski/verify_partitioned.ski the same way with 2 and 4
#    processes, each line with a set-up note whose figure is positive; elsewhere
#    `skampi -l` lists Partitioned_pingpong as needing MPI-4;
#  - the damaging test rows: -v stops with exit 3 naming the thread's slot and byte 8;
#  - the -DSKAMPI_MPI1 build (MPICH only: one compile) ignores the variable and says so.

# sk_threads_run NAME NP ENV-ASSIGNMENT SKAMPI-ARGS...: runs skampi in $out/NAME.{sko,err},
# leaves the exit status in $st.
sk_threads_run() {
  _n=$1; _np=$2; _env=$3; shift 3
  env $_env timeout "$limit" tools/mpirun.sh "$impl" "$_np" "$@" -o "$out/$_n.sko" > "$out/$_n.err" 2>&1
  st=$?
}

# the refusal, and the header line, at the levels below MULTIPLE
for lv in unset funneled bogus; do
  n=thr_refused_$lv.$impl
  case $lv in unset) e=SKAMPI_THREAD_LEVEL= ;; *) e=SKAMPI_THREAD_LEVEL=$lv ;; esac
  sk_threads_run "$n" 2 "$e" "$sk" -i tests/ski/threads_refused.ski
  case $lv in
    funneled) head='# thread level: asked MPI_THREAD_FUNNELED (SKAMPI_THREAD_LEVEL=funneled, MPI_Init_thread), granted MPI_THREAD_FUNNELED'
              why='granted MPI_THREAD_FUNNELED (asked with MPI_Init_thread)' ;;
    unset) head='# thread level: none asked (MPI_Init; SKAMPI_THREAD_LEVEL asks one), granted MPI_THREAD_SINGLE (MPI_Query_thread)'
           why='granted MPI_THREAD_SINGLE (none was asked: MPI_Init)' ;;
    bogus) head='# thread level: none asked (MPI_Init: SKAMPI_THREAD_LEVEL names no level), granted MPI_THREAD_SINGLE'
           why='granted MPI_THREAD_SINGLE (none was asked: MPI_Init)' ;;
  esac
  msg="threads_refused.ski:9:28: Thread_pingpong: 2 threads need MPI_THREAD_MULTIPLE, but the library $why; run with SKAMPI_THREAD_LEVEL=multiple in the environment to ask for it"
  if [ "$st" -eq 2 ] && grep -qF "$msg" "$out/$n.err" && grep -qF "$head" "$out/$n.sko" \
     && [ "$(grep -c '^ *[0-9]' "$out/$n.sko")" -eq 1 ] \
     && { [ $lv != bogus ] || grep -qF 'skampi: warning: SKAMPI_THREAD_LEVEL=bogus is none of single, funneled, serialized, multiple; MPI_Init was called' "$out/$n.err"; }; then
    echo "ok threads_refused_${lv}_$impl: one thread measured, two refused (exit 2) naming the level granted and how to ask"
  else
    bad "threads_refused_${lv}_$impl: exit $st"; grep -v '^#>' "$out/$n.err" | head -3; grep '^# thread level' "$out/$n.sko"
  fi
done

# verify_threaded NAME FILE NP LINES: -v with SKAMPI_THREAD_LEVEL=multiple; exit 0, the header
# says MULTIPLE was granted, one verified result line per statement, ranks beyond 1
# without a time (fewer than NP node times), and for the partitioned rows a positive
# set-up figure under every line.
verify_threaded() {
  want=$4
  n=thr_$1.$impl.$3
  sk_threads_run "$n" "$3" SKAMPI_THREAD_LEVEL=multiple "$sk" -v -i "$2"
  lines=$(grep -c '^ *[a-z]*=* *[0-9]' "$out/$n.sko" 2>/dev/null)
  verified=$(grep -c '^#@ flags: .*verified' "$out/$n.sko" 2>/dev/null)
  setups=$(awk '/^# partitioned set-up: MPI_Psend_init \+ MPI_Precv_init [0-9.]+ us/ && $7 > 0 { n++ } END { print n + 0 }' "$out/$n.sko")
  # a result line: [loopvar= value] size time stderr reps node times (2: ranks 0 and 1)
  nodes=$(awk '/^ *([a-z]+= +[0-9]+ +)?[0-9]+ +[0-9.]+ +[0-9.]+ +[0-9]+ / { sub(/^ *[a-z]+= +[0-9]+/, ""); if (NF != 6) bad++ } END { print bad + 0 }' "$out/$n.sko")
  case $1 in partitioned) want_setups=$want ;; *) want_setups=0 ;; esac
  if [ "$st" -eq 0 ] && grep -qF '# thread level: asked MPI_THREAD_MULTIPLE (SKAMPI_THREAD_LEVEL=multiple, MPI_Init_thread), granted MPI_THREAD_MULTIPLE' "$out/$n.sko" \
     && [ "$lines" -eq "$want" ] && [ "$verified" -eq "$want" ] && [ "$setups" -eq "$want_setups" ] && [ "$nodes" -eq 0 ]; then
    echo "ok verify_$1_${impl}_np$3: $want measurements verified and timed under MPI_THREAD_MULTIPLE"
  else
    bad "verify_$1_${impl}_np$3: exit $st, $lines lines and $verified verified of $want, $setups set-up notes, $nodes lines with other than 2 node times"
    grep -i 'verif\|error\|fail' "$out/$n.err" | head -3
  fi
}

# catches_damage NAME FILE MESSAGE WHAT: -v of the damaging FILE under MULTIPLE stops with
# exit 3, MESSAGE (a grep pattern) in its errors, and no block after the damaged one.
catches_damage() {
  sk_threads_run "thr_$1.$impl" 2 SKAMPI_THREAD_LEVEL=multiple "$sk" -v -i "$2"
  if [ "$st" -eq 3 ] && grep -q "$3" "$out/thr_$1.$impl.err" && ! grep -q '"after"' "$out/thr_$1.$impl.sko"; then
    echo "ok verify_catches_$1_corruption_$impl: exit 3, $4"
  else
    bad "verify_catches_$1_corruption_$impl: exit $st"; grep -i verif "$out/thr_$1.$impl.err" | head -3
  fi
}

verify_threaded threads tests/ski/verify_threads.ski 2 9
[ "$impl" = mpich ] && verify_threaded threads tests/ski/verify_threads.ski 4 9
# the rest of IMB-MT (tests/ski/verify_threads_coll.ski: 36 results, all but the barrier's
# verified; scatter ... all-to-all(v) and reduce-scatter too) with 2 processes (and 4 under MPICH); the pair rows (Thread_pingping,
# Thread_bibw) time ranks 0 and 1 only, the others every process.
for np in 2 4; do
  [ $np = 4 ] && [ "$impl" != mpich ] && continue
  n=thr_coll.$impl.$np
  sk_threads_run "$n" $np SKAMPI_THREAD_LEVEL=multiple "$sk" -v -i tests/ski/verify_threads_coll.ski
  lines=$(grep -c '^ *[a-z]*=* *[0-9]' "$out/$n.sko" 2>/dev/null)
  verified=$(grep -c '^#@ flags: .*verified' "$out/$n.sko" 2>/dev/null)
  # node times per line: 2 for the pair rows (lines 1, 4, 7), NP for the others
  nodes=$(awk -v np=$np '/^ *([a-z]+= +[0-9]+ +)?[0-9]+ +[0-9.]+ +[0-9.]+ +[0-9]+ / { sub(/^ *[a-z]+= +[0-9]+/, ""); k++;
          want = (k == 1 || k == 4 || k == 7) ? 2 : np; if (NF - 4 != want) bad++ } END { print bad + 0 }' "$out/$n.sko")
  if [ "$st" -eq 0 ] && [ "$lines" -eq 36 ] && [ "$verified" -eq 35 ] && [ "$nodes" -eq 0 ]; then
    echo "ok verify_threads_coll_${impl}_np$np: 36 IMB-MT measurements timed, 35 verified under MPI_THREAD_MULTIPLE"
  else
    bad "verify_threads_coll_${impl}_np$np: exit $st, $lines lines, $verified verified, $nodes lines with the wrong node times"
    grep -i 'verif\|error\|fail' "$out/$n.err" | head -3
  fi
done
catches_damage thread tests/ski/verify_corrupt_threads.ski \
  'verify_corrupt_threads.ski:8:28: verification of Verify_Corrupt_Thread_pingpong(16, MPI_INT, 2, 2) failed: process 1 of 2: slot of thread 1, data byte 8 in type-map order: byte 8 is 0x' \
  "thread 1's slot and byte 8 named"

if tools/mpirun.sh "$impl" 1 "$sk" -l Partitioned_pingpong 2>/dev/null | grep -q 'not in this build (needs MPI-4)'; then
  echo "ok partitioned_needs_mpi4_$impl: skampi -l lists Partitioned_pingpong as needing MPI-4"
else
  verify_threaded partitioned tests/ski/verify_partitioned.ski 2 5
  verify_threaded partitioned tests/ski/verify_partitioned.ski 4 5
  catches_damage partitioned tests/ski/verify_corrupt_partitioned.ski \
    'verify_corrupt_partitioned.ski:8:28: verification of Verify_Corrupt_Partitioned(16, MPI_INT, 4, 2, 2) failed: process 1 of 2: received partitions, data byte 8 in type-map order: byte 8 is 0x' \
    "byte 8 named"
fi

# the MPI-1 build calls MPI_Init and says that it ignores the variable (one compile, MPICH)
if [ "$impl" = mpich ]; then
  sk1=$out/skampi-mpi1.$impl
  if sk_cc "$mpicc" -O0 -DSKAMPI_MPI1 -o "$sk1" @am @lm > "$out/build-skampi-mpi1.$impl" 2>&1; then
    sk_threads_run thr_mpi1.$impl 1 SKAMPI_THREAD_LEVEL=multiple "$sk1" -i tests/ski/portable.ski
    if [ "$st" -eq 0 ] && grep -qF '# thread level: none asked (MPI_Init: the MPI-1 build ignores SKAMPI_THREAD_LEVEL)' "$out/thr_mpi1.$impl.sko" \
       && grep -qF 'skampi: warning: SKAMPI_THREAD_LEVEL=multiple is ignored: the MPI-1 build calls MPI_Init' "$out/thr_mpi1.$impl.err" \
       && "$sk1" -l Thread_pingpong | grep -q 'not in this build (needs MPI-2 (MPI_THREAD_MULTIPLE) and POSIX threads)'; then
      echo "ok thread_level_mpi1_$impl: the MPI-1 build ignores SKAMPI_THREAD_LEVEL and says so; no threaded rows"
    else
      bad "thread_level_mpi1_$impl: exit $st"; head -3 "$out/thr_mpi1.$impl.err"
    fi
  else
    bad "build_skampi_mpi1_$impl (see $out/build-skampi-mpi1.$impl)"
  fi
fi
