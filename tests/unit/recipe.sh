#!/bin/sh
# tests/unit/recipe.sh -- the recipe "Adding a measurement" of doc/internals.md, followed literally: copies
# split/ and tools/ into a work directory, puts its example function (between
# the markers recipe:code) into split/measurements/meas_synthetic.c above its table and the example
# row (between recipe:row) into that table, runs tools/sk21f there, builds the
# sequential binary and runs a small .ski with the new measurement; its output must have
# a result line for it. Prints "ok NAME" / "FAIL NAME: why"; exits non-zero on failure.
#   sh tests/unit/recipe.sh            (work files in tests/out/recipe, or $TMPDIR/recipe.$$
#                                  when tests/out cannot be written)
set -u
. "$(dirname "$0")/../lib.sh"
top=$(pwd)
work=$top/tests/out/recipe
mkdir -p "$work" 2>/dev/null || work=${TMPDIR:-/tmp}/recipe.$$
rm -rf "$work" && mkdir -p "$work" || { echo "FAIL recipe_workdir: cannot create $work"; exit 1; }

# the two code blocks of doc/internals.md, without their ``` fences
block() {
  sed -n "/<!-- recipe:$1 begin -->/,/<!-- recipe:$1 end -->/p" doc/internals.md | sed -e '/<!-- recipe:/d' -e '/^```/d'
}
block code > "$work/code.c"
block row > "$work/row.c"
if [ -s "$work/code.c" ] && [ -s "$work/row.c" ]; then pass recipe_readme_blocks
else fail recipe_readme_blocks "doc/internals.md lacks the recipe:code / recipe:row blocks"; exit 1; fi
name=$(sed -n 's/^ *SK_ROW[A-Z0-9_]*("\([A-Za-z_][A-Za-z0-9_]*\)",.*/\1/p' "$work/row.c" | head -1)
[ -n "$name" ] || { fail recipe_row_name "no SK_ROW row in the recipe:row block (measure.h)"; exit 1; }

cp -R split tools "$work/" || { fail recipe_copy "cannot copy split/ and tools/"; exit 1; }
module=$work/split/measurements/meas_synthetic.c
# the function above the table, the row before the table's SK_ROW_END
awk -v code="$work/code.c" -v row="$work/row.c" '
  /^static const sk_measurement [a-z_]*_table\[\] = \{/ { while ((getline l < code) > 0) print l; print ""; intable = 1 }
  intable && /SK_ROW_END/ { while ((getline l < row) > 0) print l; intable = 0 }
  { print }' "$module" > "$module.new" && mv "$module.new" "$module"
if grep -q "measure_$name" "$module" && grep -q "SK_ROW[A-Z0-9_]*(\"$name\"," "$module"; then pass recipe_module_edited
else fail recipe_module_edited "the function or the row did not land in meas_synthetic.c"; exit 1; fi

if (cd "$work" && sh tools/sk21f) > "$work/sk21f.log" 2>&1; then pass recipe_sk21f
else fail recipe_sk21f "tools/sk21f failed (see $work/sk21f.log)"; exit 1; fi
if sk_cc cc @warn -DSKAMPI_SEQ -o "$work/skampi-seq" "$work/skampi_amalgam.c" @lm \
     > "$work/build.log" 2>&1 && [ ! -s "$work/build.log" ]; then pass recipe_build_no_warnings
else fail recipe_build_no_warnings "see $work/build.log"; head -5 "$work/build.log"; [ -x "$work/skampi-seq" ] || exit 1; fi

cat > "$work/recipe.ski" <<SKI
set_min_repetitions(2)
set_max_repetitions(4)
begin measurement "recipe_$name"
  for count = 64 to 1024 step *4 do
    measure MPI_COMM_WORLD : $name(count)
  od
end measurement
SKI
if (cd "$work" && ./skampi-seq -i recipe.ski -o recipe.sko) > "$work/run.log" 2>&1; then pass recipe_run
else fail recipe_run "skampi-seq failed (see $work/run.log)"; tail -3 "$work/run.log"; exit 1; fi
# inside the result block: one line per point (count= 64, 256, 1024)
lines=$(awk -v r="recipe_$name" '
  $0 ~ "^# begin result \"" r "\"" { inblock = 1; next }
  /^# end result/ { inblock = 0 }
  inblock && !/^#/ && NF > 1 { n++ }
  END { print n + 0 }' "$work/recipe.sko")
if [ "$lines" -eq 3 ]; then pass "recipe_result_lines ($name: $lines points)"
else fail recipe_result_lines "expected 3 result lines for $name in $work/recipe.sko, found $lines"; fi
finish
