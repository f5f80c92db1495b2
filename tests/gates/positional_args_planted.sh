#!/bin/sh
# tests/gates/positional_args_planted.sh -- tests/gates/positional_args.sh passes on a small
# clean tree (whose engine/ indexes args[, which the gate allows there) and fails on each
# planted violation, reported by file and line: (1) a measurement indexing args[ in that
# tree, (2) a function named *_args_read in it, (3) each of the two planted in a copy of
# the project's split/ (which passes or fails on its own findings; the planted lines
# must be among them).
set -u
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-positional-planted.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
st=0
# the planted texts, split so that this file does not match the gate's patterns itself
idx='args''['
rd='_args''_read'
# clean: a small tree that names its values
clean() {
  rm -rf "$tmp/split" && mkdir -p "$tmp/split/engine" "$tmp/split/measurements" || exit 2
  printf '%s\n' '/* engine: binds the call'"'"'s values to names */' \
    "static int bind_first(const int *${idx}0]) { return ${idx}0]; }" > "$tmp/split/engine/engine.c"
  printf '%s\n' '/* a measurement that reads its values by name */' \
    'static int count_of(const sk_mctx *m) { return m->arg.count; }' > "$tmp/split/measurements/meas_clean.c"
}
# expect NAME TEXT: the gate fails on the copy and says TEXT (tests/lib.sh)
expect() { gate_says positional_args "$tmp/split" "$@"; }
# plant FILE TEXT: TEXT appended to split/FILE of the tree; prints the line number of its first line
plant() { plant_line "$tmp/split/$1" "$2"; }

clean
gate_passes positional_args "$tmp/split" clean_tree_passes

# (1) a measurement indexes args[
clean
n=$(plant measurements/meas_clean.c "static int root_of(const sk_value *${idx}) { return (int)${idx}2].u.i; }")
expect measurement_indexes_args "split/measurements/meas_clean.c:$n: indexes args["

# (2) a positional reader, in a header
clean
printf '%s\n' '/* planted */' > "$tmp/split/measurements/meas_clean.h"
n=$(plant measurements/meas_clean.h "static void pp${rd}(sk_mctx *m, const sk_value *v);")
expect positional_reader_function "split/measurements/meas_clean.h:$n: pp${rd} reads a call's values by position"

# (3) both, planted in a copy of the project's split/
rm -rf "$tmp/split" && cp -R split "$tmp/" || exit 2
n=$(plant measurements/meas_synthetic.c "static int planted_count(const sk_value *${idx}) { return (int)${idx}0].u.i; }")
expect project_copy_indexes_args "split/measurements/meas_synthetic.c:$n: indexes args["
n=$(plant core/measure.h "SK_API void sk_planted${rd}(sk_mctx *m);")
expect project_copy_positional_reader "split/core/measure.h:$n: sk_planted${rd} reads"
[ "$st" -eq 0 ] || failed=$((failed + 1))
finish
