#!/bin/sh
# tests/guidelines/run.sh -- the self-consistent performance guidelines (doc/guidelines.md)
# under each MPI given (default: those installed), with the test build (-DSKAMPI_TESTING):
#   mockups_verified_IMPL      every mock-up row of tests/guidelines/mockups.ski under -v
#                              on 3 processes (counts not a power of two, the last rank as
#                              root): every result line carries the flag `verified`
#   mockup_uneven_count_IMPL   a count that does not split into p blocks: file:line:col
#                              message, exit status 2
#   planted_found_IMPL         tests/guidelines/planted.ski, 4 runs with a busy wait of
#                              DELAY us planted at two sizes chosen by the seed
#                              (SKAMPI_TEST_SEED, else 1 for Open MPI and 2 for MPICH):
#                              skampi --guidelines finds the test-only guideline
#                              Testing_Slowed_Bcast <= Bcast violated at exactly those
#                              sizes (and at most sizes after the first, which can inherit
#                              some of the delay), and monotony and the split rule of the slowed suite
#                              violated at least there
#   planted_none_IMPL          4 runs of the same file without the delay: no violation of
#                              that guideline (the two suites are then the same MPI_Bcast)
#   mockup_guidelines_paired_IMPL  the shipped guidelines of Allreduce and its two mock-ups,
#                              and Iallreduce + Wait <= Allreduce, are judged at both sizes
#                              (their verdicts are the library's)
#   planted_report_IMPL, clean_report_IMPL  the HTML report (-r): the planted guideline's
#                              section says VIOLATED at as many sizes as found, draws
#                              that many hollow points and lists those sizes; without the delay
#                              it holds and draws none
#   persistent_guidelines_IMPL where the build has MPI-4 (MPICH 4): ski/guidelines_mpi4.ski
#                              at two sizes, one run: each of its five guidelines (a start
#                              of Xxx_init <= Xxx) is judged at both sizes
# The planted runs use 2 processes: with more processes than the CI host's 2 cores, the
# busy waiting starves the other processes, and the synchronised start of the
# next size inherits the delay (seen with Open MPI on 3 processes: the size after a
# planted one 500 times slower in three of four runs); MPICH's busy polling on 3
# processes makes every broadcast a scheduler time slice of milliseconds.
# Why the delay is large enough: the broadcasts of 64 to 4096 bytes take 0.2 to 30 us
# on a quiet host and single runs' medians up to 2 ms at a load average of 15 on 2 cores;
# 5000 us of busy waiting on every process (20 ms and more with the synchronised start's
# windows) makes the slowed side several times slower even then, far above the 10%
# minimum effect (at a load average of 30, broadcasts of 40 ms, no delay is safe), and a
# repetition that loses its processor inflates both sides alike. Without the delay the
# two suites measure the same call: a violation then needs a systematic difference of more
# than 10% and more than the dummy time between two suites in all four runs.
. "$(dirname "$0")/../lib.sh"

DELAY=5000
NRUNS=4
sizes="128 256 512 1024 2048"

for i in ${*:-$impls}; do
  bin=$(sk_binary testing "$i") || { fail "guidelines_build_$i" "see tests/out/build-skampi-testing-$i.log"; continue; }
  np=2
  case $i in openmpi) seed=${SKAMPI_TEST_SEED:-1} ;; *) seed=${SKAMPI_TEST_SEED:-2} ;; esac
  w=$out/guidelines-$i
  rm -rf "$w"; mkdir -p "$w"

  # ---- the mock-ups under -v ----
  mpirun "$i" 3 "$bin" -q -v -i tests/guidelines/mockups.ski -o "$w/mockups.sko" > "$w/mockups.err" 2>&1
  st=$?
  lines=$(grep -c '^b= ' "$w/mockups.sko" 2>/dev/null)
  verified=$(grep -c '^#@ flags:.*verified' "$w/mockups.sko" 2>/dev/null)
  [ "$st" = 0 ] && [ "$lines" = 24 ] && [ "$verified" = 24 ]
  say $? "mockups_verified_$i" "exit $st, $lines result lines, $verified verified (want 24 and 24; tests/out/guidelines-$i/)"

  printf 'begin measurement "uneven"\n  measure MPI_COMM_WORLD : Reduce_scatter_block_Allgather(5, MPI_INT, MPI_SUM)\nend measurement\n' \
    > "$w/uneven.ski"
  mpirun "$i" 2 "$bin" -q -i "$w/uneven.ski" -o "$w/uneven.sko" > "$w/uneven.err" 2>&1
  st=$?
  [ "$st" = 2 ] && grep -q "uneven.ski:2:28: Reduce_scatter_block_Allgather: count 5 is not a multiple of the 2 processes" "$w/uneven.err"
  say $? "mockup_uneven_count_$i" "exit $st: $(grep -m1 uneven.ski "$w/uneven.err")"

  # ---- the planted violation: two of the sizes, chosen by the seed, with at least two
  # sizes between them (the one after a planted size may inherit some of its delay, and
  # the split rule of the second compares with its half) ----
  planted=$(echo "$sizes" | awk -v seed="$seed" '{
    srand(seed); n = 0
    for (a = 1; a <= NF; a++) for (b = a + 3; b <= NF; b++) { pa[n] = $a; pb[n] = $b; n++ }
    k = int(rand() * n); print pa[k], pb[k] }')
  set -- $planted
  sed "s/PLANTED/bytes == $1 or bytes == $2/; s/DELAY/$DELAY/" tests/guidelines/planted.ski > "$w/planted.ski"
  sed "s/PLANTED/0/; s/DELAY/$DELAY/" tests/guidelines/planted.ski > "$w/clean.ski"
  note "# $i: $np processes, seed $seed, planted at $1 and $2 bytes"
  for kind in planted clean; do
    runs=""
    r=1
    while [ $r -le $NRUNS ]; do
      mpirun "$i" "$np" "$bin" -q -i "$w/$kind.ski" -o "$w/$kind$r.sko" >> "$w/$kind.err" 2>&1 || note "# $kind run $r: exit $?"
      runs="$runs $w/$kind$r.sko"
      r=$((r + 1))
    done
    # shellcheck disable=SC2086
    "$bin" --guidelines -o "$w/$kind.csv" -j "$w/$kind.json" -r "$w/$kind.html" $runs > "$w/$kind.txt" 2> "$w/$kind.gl.err"
    note "# $kind: $(grep -c ',violated$' "$w/$kind.csv" 2>/dev/null) violations"
  done
  # violated LHS-bytes of the rows of KIND whose left side is SUITE, ascending, one line
  violated() { awk -F, -v k="$2" -v s="$3" '$1 == k && $3 == s && $12 == "violated" { print $5 }' "$1" | sort -n | tr '\n' ' '; }
  want="$1 $2 "
  # The sizes measured after a planted one may be violated too: they inherit some of the
  # delay (MPICH, full checks: 512 bytes after the planted 256 read 1.09-1.43 us in all
  # four runs, 0.81-0.90 without the delay before it; under load 1024 too, 2.0-2.8 us
  # against 1.6-1.8). Allowed: both planted sizes, and sizes after the first planted one;
  # a violation before it, a planted size missed, or any violation without the delay
  # (planted_none below) fails.
  found=$(violated "$w/planted.csv" guideline Testing_Slowed_Bcast)
  nviol=$(echo "$found" | wc -w)
  # found_as_planted A B LIST: both planted sizes A < B in LIST, and none of LIST below A
  found_as_planted() {
    for s in $1 $2; do case " $3" in *" $s "*) ;; *) return 1 ;; esac; done
    for s in $3; do [ "$s" -ge "$1" ] || return 1; done
  }
  found_as_planted "$1" "$2" "$found" && grep -q "Testing_Slowed_Bcast(n) <= MPI_Bcast(n): VIOLATED at $nviol of 7 sizes" "$w/planted.txt"
  say $? "planted_found_$i" "violated at '$found', planted at '$want' (sizes after $1 allowed; tests/out/guidelines-$i/planted.txt)"
  mono=$(violated "$w/planted.csv" monotony Testing_Slowed_Bcast)
  split=$(violated "$w/planted.csv" split Testing_Slowed_Bcast)
  case " $mono" in *" $1 "*) s1=0 ;; *) s1=1 ;; esac
  case " $mono" in *" $2 "*) ;; *) s1=1 ;; esac
  case " $split" in *" $1 "*) s2=0 ;; *) s2=1 ;; esac
  case " $split" in *" $2 "*) ;; *) s2=1 ;; esac
  [ $s1 = 0 ] && [ $s2 = 0 ]
  say $? "planted_monotony_and_split_$i" "monotony violated at '$mono', split at '$split', planted '$want'"
  got=$(violated "$w/clean.csv" guideline Testing_Slowed_Bcast)
  [ -z "$got" ] && [ -s "$w/clean.csv" ] && grep -q "Testing_Slowed_Bcast(n) <= MPI_Bcast(n): holds at all 7 sizes" "$w/clean.txt"
  say $? "planted_none_$i" "violated at '$got' without a planted delay (tests/out/guidelines-$i/clean.txt)"
  # the report (-r): the planted guideline's section -- its verdict, the hollow points of
  # its plot (the violated sizes) and the bytes of its table's rows
  section() {
    awk '/^<h3>Testing_Slowed_Bcast\(n\) &lt;= MPI_Bcast\(n\)<\/h3>$/ { on = 1 } on { print } on && /^<\/section>$/ { exit }' "$1"
  }
  hollow=$(section "$w/planted.html" | grep -o '<circle class="pt pt-flagged" cx=' | wc -l)
  rows=$(section "$w/planted.html" | sed -n 's|^<tr><td class="num">\([0-9]*\)</td>.*|\1|p' | sort -n | tr '\n' ' ')
  section "$w/planted.html" | grep -q "^<p class=\"warn\">VIOLATED at $nviol of 7 sizes</p>\$" &&
    [ "$hollow" = "$nviol" ] && [ "$rows" = "$found" ] && found_as_planted "$1" "$2" "$rows" &&
    grep -c '<svg class="plot"' "$w/planted.html" | grep -qv '^0$'
  say $? "planted_report_$i" "planted.html: the section of Testing_Slowed_Bcast with $hollow hollow points and table rows at '$rows' (want the $nviol violated sizes '$found', planted '$want')"
  hollow=$(section "$w/clean.html" | grep -o '<circle class="pt pt-flagged" cx=' | wc -l)
  section "$w/clean.html" | grep -q '^<p>holds at all 7 sizes</p>$' && [ "$hollow" = 0 ]
  say $? "clean_report_$i" "clean.html: the section of Testing_Slowed_Bcast says it holds, $hollow hollow points (want 0)"
  n1=$(awk -F, '$1 == "guideline" && $3 == "Allreduce" && $4 == "Reduce_Bcast"' "$w/planted.csv" | wc -l)
  n2=$(awk -F, '$1 == "guideline" && $3 == "Allreduce" && $4 == "Reduce_scatter_block_Allgather"' "$w/planted.csv" | wc -l)
  n3=$(awk -F, '$1 == "guideline" && $3 == "Iallreduce" && $4 == "Allreduce"' "$w/planted.csv" | wc -l)
  [ "$n1" = 2 ] && [ "$n2" = 2 ] && [ "$n3" = 2 ]
  say $? "mockup_guidelines_paired_$i" "Allreduce against Reduce_Bcast at $n1 sizes, against Reduce_scatter_block_Allgather at $n2, Iallreduce against Allreduce at $n3 (want 2)"

  # ---- the persistent guidelines, where the build has MPI-4 ----
  if "$bin" -l 2>/dev/null | grep '^ *Bcast_init(' | grep -qv 'not in this build'; then
    sed 's/for bytes in \[[^]]*\]/for bytes in [256, 4096]/' ski/guidelines_mpi4.ski > "$w/persistent.ski"
    mpirun "$i" 2 "$bin" -q -i "$w/persistent.ski" -o "$w/persistent.sko" > "$w/persistent.err" 2>&1
    st=$?
    "$bin" --guidelines -o "$w/persistent.csv" "$w/persistent.sko" > "$w/persistent.txt" 2>&1
    bad=""
    for s in Bcast Reduce Allreduce Alltoall Scan; do
      n=$(awk -F, -v l="${s}_init" -v r="$s" '$1 == "guideline" && $3 == l && $4 == r' "$w/persistent.csv" | wc -l)
      [ "$n" = 2 ] || bad="$bad ${s}_init<=$s at $n sizes;"
    done
    [ "$st" = 0 ] && [ -z "$bad" ]
    say $? "persistent_guidelines_$i" "exit $st;$bad (want each at 2 sizes; tests/out/guidelines-$i/persistent.txt)"
  else
    note "# $i: no MPI-4 in this build, the persistent guidelines are not checked"
  fi
done
finish
