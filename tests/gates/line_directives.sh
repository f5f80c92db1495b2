#!/bin/sh
# tests/gates/line_directives.sh -- compiler messages about the amalgam name the module and
# line in split/: in a temp copy of split/ and tools/sk21f, deliberate errors go into
# modules (right after the last dropped #include, and at the end of the file), the
# amalgam is built there, and the compiler (cc; clang too when installed) must report
# each as split/<module>:<line> with the line of the modified module.
set -u
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-line.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir -p "$tmp/tools" || exit 2
cp -R split "$tmp/" && cp tools/sk21f "$tmp/tools/" || exit 2
expect=""
for m in core/stats.c cli/main.c; do
  f=$tmp/split/$m
  last=$(grep -n '^[ 	]*#[ 	]*include[ 	]*"' "$f" | tail -n 1 | cut -d: -f1)
  [ -n "$last" ] || { echo "split/$m has no #include \"...\" line"; exit 1; }
  # line last+1: first error; then the end of the file: the second
  { sed -n "1,${last}p" "$f"; echo "#error deliberate_after_include_$(echo "$m" | tr ./ __)"
    sed -n "$((last + 1)),\$p" "$f"; echo "#error deliberate_at_end_$(echo "$m" | tr ./ __)"; } > "$f.new"
  mv "$f.new" "$f"
  n=$(wc -l < "$f" | tr -d ' ')
  expect="$expect split/$m:$((last + 1)):deliberate_after_include_$(echo "$m" | tr ./ __) split/$m:$n:deliberate_at_end_$(echo "$m" | tr ./ __)"
done
"$tmp/tools/sk21f" "$tmp/skampi_amalgam.c" || exit 1
st=0
for c in cc clang; do
  have $c || continue
  (cd "$tmp" && sk_cc $c -DSKAMPI_SEQ -fsyntax-only skampi_amalgam.c) > "$tmp/$c.err" 2>&1 && { echo "$c accepted the broken amalgam"; st=1; }
  for e in $expect; do
    where=${e%:*}; what=${e##*:}
    if grep "$what" "$tmp/$c.err" | grep -q "^$where:"; then echo "ok $c: $where $what"
    else echo "$c does not report $what at $where:"; grep "$what" "$tmp/$c.err"; st=1; fi
  done
done
exit $st
