#!/bin/sh
# tests/gates/module_headers_planted.sh -- tests/gates/module_headers.sh passes on a small
# tree whose modules begin with headers of 1 and 15 lines, and fails, naming the file, on
# each planted violation: (1) a 16-line header, (2) a module without a header (code on
# its first line), (3) a header that comes after an #include, (4) an empty header.
set -u
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-module-headers-planted.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
st=0
# header N: a comment of N lines (N >= 2)
header() {
  echo '/* planted: what this module owns'
  i=2; while [ $i -lt "$1" ]; do echo "   line $i of its header"; i=$((i + 1)); done
  echo '   its last line */'
}
clean() {
  rm -rf "$tmp/split" && mkdir -p "$tmp/split/core" || exit 2
  { echo '/* one: a module with a one-line header */'; echo 'int one(void) { return 1; }'; } > "$tmp/split/core/one.c"
  { header 15; echo 'int fifteen(void);'; } > "$tmp/split/core/fifteen.h"
}
# expect NAME TEXT: the gate fails on the copy and says TEXT (tests/lib.sh)
expect() { gate_says module_headers "$tmp/split" "$@"; }

clean
gate_passes module_headers "$tmp/split" headers_of_1_and_15_lines_pass

clean
{ header 16; echo 'int sixteen(void) { return 16; }'; } > "$tmp/split/core/sixteen.c"
expect header_of_16_lines "split/core/sixteen.c:1: header comment of 16 lines"

clean
echo 'int bare(void) { return 0; }' > "$tmp/split/core/bare.c"
expect missing_header "split/core/bare.c:1: does not begin with a comment"

clean
{ echo '#include "one.h"'; echo '/* late: a comment after the code began */'; } > "$tmp/split/core/late.c"
expect header_after_include "split/core/late.c:1: does not begin with a comment"

clean
{ echo '/*'; echo ' */'; echo 'int quiet(void);'; } > "$tmp/split/core/quiet.h"
expect empty_header "split/core/quiet.h:1: its first comment says nothing"
[ "$st" -eq 0 ] || failed=$((failed + 1))
finish
