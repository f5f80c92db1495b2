#!/bin/sh
# tests/gates/layers_planted.sh -- tests/gates/layers.sh fails on each planted violation
# and passes on an unchanged copy of split/: in temp copies, (1) core/stats.c includes
# the interpreter's header (a layer above), (2) results/output.c includes merge.h while
# merge.c includes output.h (two modules including each other, inside one layer, so only
# the circle check sees it), (3) a module in a layer folder that the MANIFEST does not
# list. Each must be reported by file (and line where there is one).
set -u
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-planted.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
st=0
fresh() { rm -rf "$tmp/split" && cp -R split "$tmp/" || exit 2; }
# plant FILE TEXT: TEXT goes right after the first #include line of split/FILE in the
# copy; prints the line number it got
plant() {
  n=$(grep -n '^#include "' "$tmp/split/$1" | head -n 1 | cut -d: -f1)
  [ -n "$n" ] || { echo "FAIL split/$1 has no #include line to plant after" >&2; exit 1; }
  awk -v n="$n" -v t="$2" '{ print } NR == n { print t }' "$tmp/split/$1" > "$tmp/p" && mv "$tmp/p" "$tmp/split/$1"
  echo $((n + 1))
}
# expect NAME TEXT: the gate fails on the copy and says TEXT (tests/lib.sh)
expect() { gate_says layers "$tmp/split" "$@"; }

fresh
gate_passes layers "$tmp/split" unchanged_copy_passes

fresh; line=$(plant core/stats.c '#include "interp.h"')
expect upward_include "split/core/stats.c:$line: includes \"interp.h\" of layer language, above its own layer core"

fresh; plant results/output.c '#include "merge.h"' > /dev/null
expect mutual_include 'split/results/merge and split/results/output include each other'

fresh; printf '/* stray */\n' > "$tmp/split/engine/stray.c"
expect unlisted_module 'split/engine/stray.c: in split/ but not in split/MANIFEST'
[ "$st" -eq 0 ] || failed=$((failed + 1))
finish
