#!/bin/sh
# tests/reports/compare.sh SKAMPI_SEQ [SKAMPI_MPI] -- comparing runs as a user sees it (skampi -c,
# doc/manual.md "Comparing runs"). Result files made by a seeded generator (Park and Miller's
# minimal standard generator in awk, the same numbers with every awk): a ping-pong suite of
# 16 sizes with 30 repetitions each (`#@ reps:`), 1 us + size/1000 us times 1 + 3%
# exponential noise and a spike of twice the time in one repetition of 20; every run from
# the same distribution but for a planted 20% slowdown at 1024 bytes in the other side.
# One run each (the per-repetition test): exactly the planted point is significant;
# 3 runs a side: nothing can be (the smallest p-value is 0.1), said so, the planted point
# gets that p; 5 runs a side: exactly the planted point. Under identical distributions a
# point is significant by chance with probability alpha (5%; tests/unit/test_compare.c
# checks that rate): the generator's stream is fixed, so these data are fixed too. Then
# the CSV, mismatched suites and points named, bad command lines and inputs (exit 2), and
# the MPI build comparing without mpirun (no MPI call).
set -u
. "$(dirname "$0")/../lib.sh"
skampi=$1; mpi_bin=${2:-}
d=tests/out/compare
rm -rf "$d"; mkdir -p "$d"

# gen DIR NA NB SEED [MISSING_SIZE EXTRA_SUITE]: DIR/a1.sko ... DIR/aNA.sko (Open MPI) and
# DIR/b1.sko ... (MPICH, 20% slower at 1024 bytes), from one stream of numbers
gen() {
  awk -v dir="$1" -v na="$2" -v nb="$3" -v st="$4" -v missing="${5:-0}" -v extra="${6:-0}" '
    function u() { st = (st * 16807) % 2147483647; return st / 2147483647 }
    function run(file, lib, slow,    i, r, size, base, n, v, j, t, line) {
      print "# SKaMPI Version skampi-0.1.0 (MPI backend)" > file
      print "# input file: gen.ski" > file
      print "# processes: 2" > file
      print "# library: " lib > file
      print "# begin result \"Pingpong_Send_Recv\"" > file
      for (i = 0; i < 16; i++) {
        size = 2 ^ i; base = (1 + size / 1000) * (size == 1024 ? slow : 1)
        line = ""
        for (r = 1; r <= 30; r++) {
          sp = u(); e = -log(u() + 1e-12)
          v[r] = base * (1 + 0.03 * e) * (sp < 0.05 ? 2 : 1)
          line = line sprintf(" %.4f", v[r])
        }
        for (r = 2; r <= 30; r++) { t = v[r]; for (j = r - 1; j >= 1 && v[j] > t; j--) v[j + 1] = v[j]; v[j + 1] = t }
        if (size == missing) continue
        printf "count= %d %d %.4f 0.001 30 %.4f\n#@ reps:%s\n", size, size, (v[15] + v[16]) / 2, (v[15] + v[16]) / 2, line > file
      }
      print "# end result \"Pingpong_Send_Recv\"" > file
      if (extra) print "# begin result \"Extra\"\ncount= 1 1 1.0 0.1 8 1.0\n# end result \"Extra\"" > file
      close(file)
    }
    BEGIN {
      for (k = 1; k <= na; k++) run(dir "/a" k ".sko", "Open MPI v4.1.4, package: Debian OpenMPI", 1)
      for (k = 1; k <= nb; k++) run(dir "/b" k ".sko", "MPICH Version: 4.0.2", 1.2)
    }'
}
# the significant rows of a comparison: "POINT" per line
significant() { sed -n 's/^  \(count= [0-9]*\) .* yes$/\1/p' "$1" | tr '\n' ' '; }

mkdir -p "$d/one" "$d/three" "$d/five" "$d/mis"
gen "$d/one" 1 1 1
$skampi -c "$d/one/a1.sko" "$d/one/b1.sko" -o "$d/one.csv" > "$d/one.txt" 2> "$d/one.err"
say $? compare_exit_0 "$(cat "$d/one.err")"
grep -q 'per-repetition test: one run each' "$d/one.txt" && grep -q '^# A (baseline): Open MPI v4.1.4, 2 processes: ' "$d/one.txt" \
  && grep -q '^# B: MPICH Version: 4.0.2, 2 processes: ' "$d/one.txt"
say $? compare_one_run_each_named "$(head -5 "$d/one.txt")"
[ "$(significant "$d/one.txt")" = "count= 1024 " ] && grep -q '^significant differences: 1 of 16 compared points' "$d/one.txt"
say $? compare_one_run_each_planted_point "$(cat "$d/one.txt")"
[ "$(wc -l < "$d/one.csv")" -eq 17 ] && head -1 "$d/one.csv" | grep -q '^suite,point,run,baseline_us,time_us,ratio,p,significant,test$' \
  && grep -q '^Pingpong_Send_Recv,count= 1024,"MPICH Version: 4.0.2, 2 processes",' "$d/one.csv"
say $? compare_csv "$(cat "$d/one.csv")"

gen "$d/three" 3 3 7
$skampi -c "$d/three/a1.sko" "$d/three/a2.sko" "$d/three/a3.sko" -- "$d/three/b1.sko" "$d/three/b2.sko" "$d/three/b3.sko" \
  > "$d/three.txt" 2>&1
st=$?
row=$(grep '^  count= 1024 ' "$d/three.txt")
[ $st -eq 0 ] && [ -z "$(significant "$d/three.txt")" ] \
  && grep -q 'with 3 and 3 runs the smallest p-value the test can give is 0.1, above alpha 0.05' "$d/three.txt" \
  && echo "$row" | awk '{ exit !($6 > 1.15 && $6 < 1.25 && $7 == 0.1 && $8 == "no") }'
say $? compare_three_runs_each "exit $st, row '$row': $(cat "$d/three.txt")"

gen "$d/five" 5 5 99
$skampi -c --label old "$d"/five/a?.sko -- --label new "$d"/five/b?.sko > "$d/five.txt" 2>&1
[ "$(significant "$d/five.txt")" = "count= 1024 " ] && grep -q '^# A (baseline): old: ' "$d/five.txt" && grep -q '^# B: new: ' "$d/five.txt" \
  && grep -q '5 and 5 runs: Wilcoxon rank-sum test of the runs. medians' "$d/five.txt"
say $? compare_five_runs_each_planted_point "$(cat "$d/five.txt")"

# a size missing in one run and a suite only in it: named, the rest compared
gen "$d/mis" 1 0 3
mv "$d/mis/a1.sko" "$d/mis/a.sko"
gen "$d/mis" 1 0 4 64 1
$skampi -c "$d/mis/a.sko" "$d/mis/a1.sko" > "$d/mis.txt" 2>&1
grep -q "^  suite \"Pingpong_Send_Recv\" point count= 64 is not in $d/mis/a1.sko\$" "$d/mis.txt" \
  && grep -q "^  suite \"Extra\" of $d/mis/a1.sko is not in $d/mis/a.sko\$" "$d/mis.txt" \
  && [ "$(grep -c '^  count= ' "$d/mis.txt")" -eq 15 ]
say $? compare_names_mismatches "$(cat "$d/mis.txt")"

# bad command lines and inputs: exit status 2, the file:line:col of a malformed line
$skampi -c "$d/one/a1.sko" > /dev/null 2> "$d/bad1.err"; st=$?
[ $st -eq 2 ] && grep -q "at least two runs" "$d/bad1.err"
say $? compare_needs_two_runs "exit $st: $(cat "$d/bad1.err")"
$skampi -c -a 2 "$d/one/a1.sko" "$d/one/b1.sko" > /dev/null 2> "$d/bad2.err"; st=$?
[ $st -eq 2 ] && grep -q "'2': the significance level" "$d/bad2.err"
say $? compare_bad_alpha "exit $st: $(cat "$d/bad2.err")"
printf '# begin result "s"\ncount= 1 1 x 0.1 8\n# end result "s"\n' > "$d/bad.sko"
$skampi -c "$d/one/a1.sko" "$d/bad.sko" > /dev/null 2> "$d/bad3.err"; st=$?
[ $st -eq 2 ] && grep -q "^$d/bad.sko:2:[0-9]*: " "$d/bad3.err"
say $? compare_malformed_input "exit $st: $(cat "$d/bad3.err")"

# the MPI build compares without mpirun (no MPI call), the same text
if [ -n "$mpi_bin" ] && [ -x "$mpi_bin" ]; then
  env -u OMPI_COMM_WORLD_RANK -u PMIX_RANK -u PMI_RANK "$mpi_bin" -c "$d/one/a1.sko" "$d/one/b1.sko" > "$d/one-mpi.txt" 2>&1
  st=$?
  [ $st -eq 0 ] && cmp -s "$d/one.txt" "$d/one-mpi.txt"
  say $? compare_mpi_build_without_mpirun "exit $st: $(diff "$d/one.txt" "$d/one-mpi.txt" | head -5)"
else echo "skip compare_mpi_build_without_mpirun: needs mpicc.openmpi or mpicc.mpich"; fi
finish
