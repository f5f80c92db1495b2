#!/bin/sh
# tests/syntax/catalogue_list.sh -- `skampi -l`, the measurement catalogue on the command line,
# for the sequential build and each installed MPI (run directly, without mpirun):
#   - every name of tests/syntax/expected/ski6_measurements.txt (the original SKaMPI's
#     measurements, MPI-IO included) is listed, as a row or an alias, with the original's
#     parameter types; names in tests/syntax/expected/ski6_measurements.todo are reported as
#     "todo NAME" (not implemented yet) instead of failing, and must not be listed;
#   - every listed parameter has a name and every name a parameter ('?' / '!' markers);
#   - the sequential and the MPI builds list the same names (rows exist in every build);
#   - `-l Bcast` prints its one entry, exit status 0; `-l NoSuchThing` exits with 2
#     and says so on standard error;
#   - the helpers and iterators follow, grouped ("helpers: GROUP", "iterators: ..."), as
#     `  name(type, ...) -> type` rows with known type names; `-l sqrt` prints one entry
#     (every build); every name of tests/syntax/expected/ski6_helpers.txt (the original's helpers
#     and iterators of the SKaMPI 6 distribution) is listed by the MPI builds with the original's
#     parameter and result types; names in tests/syntax/expected/ski6_helpers.todo are reported
#     as "todo NAME" instead of failing, and must not be listed.
# Prints "ok NAME" / "FAIL NAME: why" / "todo NAME"; exits non-zero on failure.
#   sh tests/syntax/catalogue_list.sh          (work files in tests/out/catalogue_list)
set -u
. "$(dirname "$0")/../lib.sh"
work=tests/out/catalogue_list
mkdir -p "$work" 2>/dev/null || work=${TMPDIR:-/tmp}/catalogue_list.$$
mkdir -p "$work" || { echo "FAIL catalogue_list_workdir: cannot create $work"; exit 1; }
expected=tests/syntax/expected/ski6_measurements.txt
todo=tests/syntax/expected/ski6_measurements.todo
hexpected=tests/syntax/expected/ski6_helpers.txt
htodo=tests/syntax/expected/ski6_helpers.todo

# the builds of tests/run.sh (tests/out/skampi-seq, tests/out/skampi-IMPL), made from the
# amalgam of split/ as it is now
if amalgam_is_current; then pass catalogue_list_amalgam
else fail catalogue_list_amalgam "tests/out/skampi_amalgam.c is missing or older than split/ (tests/run.sh makes it)"; exit 1; fi
builds=""
if bin_seq=$(sk_binary seq); then builds="seq"
else fail catalogue_list_build_seq "see tests/out/build-skampi-seq.log"; fi
for i in openmpi mpich; do
  if ! have "$(mpicc_of "$i")"; then skip "catalogue_list_$i" "mpicc.$i"; continue; fi
  if sk_binary mpi "$i" > /dev/null; then builds="$builds $i"
  else fail "catalogue_list_build_$i" "see tests/out/build-skampi-$i.log"; fi
done

# NAME TYPES (comma-separated, '-' for none) of every measurement line of a listing
# (the sections before the first "helpers: " or "iterators: " header)
measurements() { awk '/^(helpers|iterators):/ { exit } { print }' "$1"; }
entries() {
  measurements "$1" | sed -n 's/^  \([A-Za-z_][A-Za-z0-9_]*\)(\([^)]*\)).*/\1 \2/p' | awk '{
    name = $1; $1 = ""; n = split($0, p, ", *"); types = ""
    for (k = 1; k <= n; k++) { if (p[k] ~ /^ *$/) continue; sub(/^ */, "", p[k]); t = p[k]; sub(/^[^:]*:/, "", t)
      types = types (types == "" ? "" : ",") t }
    print name, (types == "" ? "-" : types) }'
}
# NAME TYPES RESULT of every helper and iterator line of a listing
helper_entries() {
  awk '/^(helpers|iterators):/ { h = 1 } h { print }' "$1" |
    sed -n 's/^  \([A-Za-z_][A-Za-z0-9_]*\)(\([^)]*\)) -> \([A-Za-z]*\)$/\1 \2 \3/p' |
    awk '{ types = ""; for (k = 2; k < NF; k++) { t = $k; sub(/,$/, "", t); types = types (types == "" ? "" : ",") t }
      print $1, (types == "" ? "-" : types), $NF }'
}
types_re='(int|double|string|comm|datatype|op|info|IArray|DArray)'

first=""
for b in $builds; do
  bin=tests/out/skampi-$b     # sk_binary seq / sk_binary mpi IMPL
  if timeout 60 "$bin" -l > "$work/list-$b.txt" 2> "$work/list-$b.err"; then pass "catalogue_list_${b}_runs_without_mpirun"
  else fail "catalogue_list_${b}_runs_without_mpirun" "skampi -l failed (see $work/list-$b.err)"; continue; fi
  entries "$work/list-$b.txt" | sort > "$work/entries-$b.txt"
  bad=$(grep -E '\(.*(\?|!)' "$work/list-$b.txt" | sed -n 's/^  \([A-Za-z_0-9]*\)(.*/\1/p' | tr '\n' ' ')
  if [ -z "$bad" ]; then pass "catalogue_list_${b}_parameters_named"
  else fail "catalogue_list_${b}_parameters_named" "names and letters differ in: $bad"; fi
  if grep -q '^# measurement functions, helpers and iterators of the' "$work/list-$b.txt"; then pass "catalogue_list_${b}_header"
  else fail "catalogue_list_${b}_header" "no header naming measurement functions, helpers and iterators"; fi
  n_missing=0
  while read -r name types; do
    case $name in ''|'#'*) continue ;; esac
    got=$(awk -v n="$name" '$1 == n { print $2 }' "$work/entries-$b.txt")
    if grep -qx "$name" "$todo" 2>/dev/null; then
      if [ -n "$got" ]; then fail "${b}_$name" "listed, but still in $todo"
      else echo "todo ${b}_$name: not implemented yet"; n_missing=$((n_missing + 1)); fi
    elif [ -z "$got" ]; then fail "${b}_$name" "not listed by skampi -l"
    elif [ "$got" != "$types" ]; then fail "${b}_$name" "parameter types $got, the original has $types"
    fi
  done < "$expected"
  pass "catalogue_list_${b}_expected_names_checked ($n_missing todo)"
  if [ -z "$first" ]; then first=$b
  elif cmp -s "$work/entries-$first.txt" "$work/entries-$b.txt"; then pass "catalogue_list_${b}_same_as_$first"
  else fail "catalogue_list_${b}_same_as_$first" "the builds list different measurements (diff $work/entries-$first.txt $work/entries-$b.txt)"; fi

  # helpers and iterators
  helper_entries "$work/list-$b.txt" | sort > "$work/helpers-$b.txt"
  rows=$(awk '/^(helpers|iterators):/ { h = 1 } h && /^  / { n++ } END { print n + 0 }' "$work/list-$b.txt")
  good=$(grep -cE "^  [A-Za-z_][A-Za-z0-9_]*\((($types_re)(, $types_re)*)?\) -> ($types_re|void)\$" "$work/list-$b.txt")
  if [ "$rows" -gt 0 ] && [ "$rows" -eq "$(wc -l < "$work/helpers-$b.txt")" ] && [ "$rows" -eq "$good" ] \
     && grep -q '^helpers: settings' "$work/list-$b.txt" && grep -q '^helpers: communicators' "$work/list-$b.txt" \
     && grep -q '^helpers: mathematics' "$work/list-$b.txt" && grep -q '^helpers: datatypes' "$work/list-$b.txt" \
     && grep -q '^iterators' "$work/list-$b.txt"; then pass "catalogue_list_${b}_helpers_listed ($rows)"
  else fail "catalogue_list_${b}_helpers_listed" "$rows helper/iterator rows, $good well-formed (see $work/list-$b.txt)"; fi
  case $b in
  seq) ;;
  *)
    n_missing=0
    while read -r name types result; do
      case $name in ''|'#'*) continue ;; esac
      got=$(awk -v n="$name" '$1 == n { print $2, $3 }' "$work/helpers-$b.txt")
      if grep -qx "$name" "$htodo" 2>/dev/null; then
        if [ -n "$got" ]; then fail "${b}_helper_$name" "listed, but still in $htodo"
        else echo "todo ${b}_helper_$name: not implemented yet"; n_missing=$((n_missing + 1)); fi
      elif [ -z "$got" ]; then fail "${b}_helper_$name" "not listed by skampi -l"
      elif [ "$got" != "$types $result" ]; then fail "${b}_helper_$name" "types $got, the original has $types $result"
      fi
    done < "$hexpected"
    pass "catalogue_list_${b}_expected_helpers_checked ($n_missing todo)" ;;
  esac
  if timeout 60 "$bin" -l sqrt > "$work/sqrt-$b.txt" 2>&1 \
     && grep -qx '  sqrt(double) -> double' "$work/sqrt-$b.txt" \
     && [ "$(grep -c '^  ' "$work/sqrt-$b.txt")" -eq 1 ]; then pass "catalogue_list_${b}_one_helper"
  else fail "catalogue_list_${b}_one_helper" "skampi -l sqrt: $(tr '\n' ' ' < "$work/sqrt-$b.txt")"; fi
  if timeout 60 "$bin" -l range > "$work/range-$b.txt" 2>&1 \
     && grep -q '^iterators' "$work/range-$b.txt" && grep -qx '  range(int, int) -> int' "$work/range-$b.txt" \
     && [ "$(grep -c '^  ' "$work/range-$b.txt")" -eq 1 ]; then pass "catalogue_list_${b}_one_iterator"
  else fail "catalogue_list_${b}_one_iterator" "skampi -l range: $(tr '\n' ' ' < "$work/range-$b.txt")"; fi

  # one entry
  if timeout 60 "$bin" -l Bcast > "$work/bcast-$b.txt" 2>&1 \
     && grep -qx '  Bcast(count:int, datatype:datatype, root:int)  pattern collective, min 1 process.*' "$work/bcast-$b.txt" \
     && [ "$(grep -c '^  ' "$work/bcast-$b.txt")" -eq 1 ]; then pass "catalogue_list_${b}_one_entry"
  else fail "catalogue_list_${b}_one_entry" "skampi -l Bcast: $(tr '\n' ' ' < "$work/bcast-$b.txt")"; fi
  if timeout 60 "$bin" -l Put > "$work/put-$b.txt" 2>&1 && grep -q '^  Put(.*alias of MPI_Put_callduration' "$work/put-$b.txt"
  then pass "catalogue_list_${b}_alias_marked"
  else fail "catalogue_list_${b}_alias_marked" "skampi -l Put: $(tr '\n' ' ' < "$work/put-$b.txt")"; fi
  timeout 60 "$bin" -l NoSuchThing > "$work/nosuch-$b.out" 2> "$work/nosuch-$b.err"
  status=$?
  if [ $status -eq 2 ] && grep -q "NoSuchThing" "$work/nosuch-$b.err" && [ ! -s "$work/nosuch-$b.out" ]; then
    pass "catalogue_list_${b}_unknown_name"
  else fail "catalogue_list_${b}_unknown_name" "exit status $status, stderr: $(tr '\n' ' ' < "$work/nosuch-$b.err")"; fi
done
[ -n "$first" ] || fail catalogue_list_builds "no build could be listed"
finish
