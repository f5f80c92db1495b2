#!/bin/sh
# tests/mpi_catalogue/rows_identical.sh [BASE] -- the rows' redesign (issue 40: arguments
# filled by the engine, variants named by the rows) changes no result: every line that
# skampi writes for a measurement is byte for byte the same as the build of commit BASE
# (default bc09f95, the tree before the redesign; its amalgam is taken from git) writes.
#   (a) the sequential build's computed times: tests/ski/rows_identical_seq.ski
#       (Synthetic_Virtual over loops, noise and arguments of every kind);
#   (b) every row of the catalogue (`skampi -l`) under SimGrid SMPI with computation not
#       simulated (deterministic): a run of 4 processes per row, its arguments those of
#       the project's .ski files where one measures it on MPI_COMM_WORLD, else made from
#       its signature (not Synthetic_Busy: a busy wait on the simulated clock takes minutes,
#       and (a) has the computed ones); the .sko without the header lines of the run's date and files,
#       and the messages on stderr (a row the simulator lacks aborts alike in both).
# Skipped without git history of BASE; (b) skipped without smpicc/smpirun.
# ROWS=ERE runs (b) for the rows whose names match it only (a module's rows while it is
# converted: ROWS='^(Win_|Put|Get)'); the full check needs 200 result lines, a part 1.
. "$(dirname "$0")/../lib.sh"
base=${1:-bc09f95}
w=$out/rows_identical
rm -rf "$w"; mkdir -p "$w/old" "$w/new"
if ! git -C "$top" cat-file -e "$base:skampi_amalgam.c" 2>/dev/null; then
  skip rows_identical "the git history of $base"; finish
fi
git -C "$top" show "$base:skampi_amalgam.c" > "$w/old.c" || { fail rows_identical_base "git show $base"; finish; }

# keep FILE: the lines of a run that do not name its date, host paths or elapsed times
keep() {   # a .sko: its result lines; an .err: the run's exit status (the header, the
           # progress and the messages changed with other work since the base commit)
  case $1 in
    *.sko) grep -v -e '^#' -e '^ *$' "$1" ;;
    *) grep '^status ' "$1" ;;
  esac
}

# ---- (a) the sequential build ----
new_seq=$(sk_binary seq) || { fail rows_identical_seq_build "see tests/out"; finish; }
if sk_cc cc -O2 -DSKAMPI_SEQ -o "$w/old-seq" "$w/old.c" @lm > "$w/old-seq.log" 2>&1; then
  for v in old new; do
    if [ $v = old ]; then b=$w/old-seq; else b=$new_seq; fi
    "$b" -i "$top/tests/ski/rows_identical_seq.ski" -o "$w/$v/seq.sko" > "$w/$v/seq.err" 2>&1
    echo "status $?" >> "$w/$v/seq.err"
    grep -v -e 'results written to' -e 'elapsed' "$w/$v/seq.err" > "$w/$v/seq.errk"
    grep -e '^[^#]' -e '^#@ [dfr]' -e '^# measure' -e '^# begin' -e '^# end' "$w/$v/seq.sko" > "$w/$v/seq.kept"
  done
  n=$(grep -c '^[^#]' "$w/new/seq.kept")
  if [ "$n" -lt 20 ]; then fail rows_identical_seq "only $n result lines (tests/out/rows_identical/new/seq.sko)"
  elif cmp -s "$w/old/seq.kept" "$w/new/seq.kept" && cmp -s "$w/old/seq.errk" "$w/new/seq.errk"; then
    pass rows_identical_seq
  else fail rows_identical_seq "$(diff "$w/old/seq.kept" "$w/new/seq.kept" | head -5)"; fi
else fail rows_identical_seq_build "the build of $base (tests/out/rows_identical/old-seq.log)"; fi

# ---- (b) every row under SimGrid SMPI ----
if ! have smpicc || ! have smpirun; then skip rows_identical_smpi "smpicc and smpirun"; finish; fi
new_smpi=$(sk_binary smpi) || { fail rows_identical_smpi_build "see tests/out/build-skampi-smpi.log"; finish; }
smpicc -O2 -o "$w/old-smpi" "$w/old.c" -lm > "$w/old-smpi.log" 2>&1 \
  || { fail rows_identical_smpi_build "the build of $base (tests/out/rows_identical/old-smpi.log)"; finish; }
sh "$top/tools/smpi/platform.sh" "$w/p.xml" "$w/p.hosts" 4 5 1.25e9 || { fail rows_identical_platform; finish; }
cp "$new_smpi" "$w/new-smpi"
# the rows and their signatures, from the listing of the new SMPI build: those it has
(cd "$w" && timeout 120 smpirun -platform p.xml -hostfile p.hosts -np 1 ./new-smpi -l 2>/dev/null) | grep -v 'not in this build' \
  | sed -n 's/^  \([A-Za-z_][A-Za-z_0-9]*\)(\([^)]*\))  pattern .*/\1 \2/p' \
  | grep -v '^Synthetic_Busy ' | grep -E "${ROWS:-.}" > "$w/rows.txt"
nrows=$(wc -l < "$w/rows.txt")
# the measure lines of the project's files, on MPI_COMM_WORLD
cat "$top"/tests/ski/*.ski "$top"/ski/*.ski | sed -n 's/^ *measure MPI_COMM_WORLD : //p' | sort -u > "$w/lines.txt"
# default ARG: a value of parameter NAME:TYPE made from the signature
mkline() {
  _row=$1; shift
  _l=$(grep "^$_row(" "$w/lines.txt" | while IFS= read -r _x; do
         # only literals, MPI names and the prelude's variables: a file that does not parse runs nothing
         _r=$(echo "${_x#*(}" | sed -e 's/get_np()//g' -e 's/MPI_[A-Z_0-9]*//g' -e 's/[0-9.]*[kmg]b//g' \
              -e 's/\<\(count\|x\|n\)\>//g' -e 's/"[^"]*"//g')
         case $_r in *[a-z]*) ;; *) echo "$_x" ;; esac
       done | head -2)
  if [ -n "$_l" ]; then echo "$_l"; return; fi
  _a=""
  for _p in $(echo "$*" | tr ',' ' '); do
    case $_p in
      count:int|*_count:int|memsize:int) _v=64 ;;
      iterations:int|*iteration*) _v=2 ;;
      root:int|*rank*:int|assertion:int|disjoint:int|lock_type:int|daccess:int|*flag:int) _v=0 ;;
      *:int) _v=2 ;;
      *:double) _v=1 ;;
      *:datatype) _v=MPI_INT ;;
      *:operator|*:op) _v=MPI_SUM ;;
      *:info) _v=MPI_INFO_NULL ;;
      *:IArray) _v='{1, 2}' ;;
      *:DArray) _v='{MPI_INT, MPI_INT}' ;;
      *:string) _v='"x"' ;;
      *:comm*) _v=MPI_COMM_WORLD ;;
      *) _v=1 ;;
    esac
    _a="${_a:+$_a, }$_v"
  done
  echo "$_row($_a)"
}
# one suite per row, in the order of the listing
while read -r row sig; do
  printf 'begin measurement "%s"\n' "$row"
  mkline "$row" "$sig" | sed 's/^/  measure MPI_COMM_WORLD : /'
  printf 'end measurement\n'
done < "$w/rows.txt" > "$w/suites.ski"
prelude='set_min_repetitions(2)\nset_max_repetitions(3)\nset_skampi_buffer(1MiB)\ncount = 64\nx = 3\nn = 2\n'
# run V K: the file of part K with the build V, 4 processes
run() {
  (cd "$w/$1" && timeout 120 smpirun -platform ../p.xml -hostfile ../p.hosts -np 4 \
    --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --cfg=smpi/simulate-computation:no \
    "$w/$1-smpi" -i "../part$2.ski" -o "part$2.sko" > "part$2.err" 2>&1; echo "status $?" >> "part$2.err"
   keep "part$2.sko" > "part$2.kept" 2>/dev/null; keep "part$2.err" > "part$2.errk")
}
# The rows from `first` on, in one run of each build; a row that the simulator lacks
# aborts the run (both alike), and the next part starts after it.
first=1 k=0 same=0 differ="" results=0
while [ "$first" -le "$nrows" ]; do
  k=$((k + 1))
  { printf "$prelude"
    awk -v f="$first" '/^begin measurement/ { n++ } n >= f' "$w/suites.ski"; } > "$w/part$k.ski"
  run old $k & run new $k; wait
  if cmp -s "$w/old/part$k.kept" "$w/new/part$k.kept" && cmp -s "$w/old/part$k.errk" "$w/new/part$k.errk"; then
    same=$((same + 1))
  else differ="$differ part$k"; fi
  results=$((results + $(grep -c '^[^#]' "$w/new/part$k.kept")))
  done_rows=$(grep -c '" done in ' "$w/old/part$k.err")
  first=$((first + done_rows + 1))
done
note "# rows_identical: $nrows rows in $k runs ($same alike), $results result lines under SMPI"
if [ -n "${ROWS:-}" ]; then least=1; else least=200; fi
if [ -z "$differ" ] && [ "$results" -ge "$least" ]; then pass rows_identical_smpi
else fail rows_identical_smpi "$results result lines; differ:$differ (tests/out/rows_identical/{old,new}/part*.kept, .errk)"; fi
finish
