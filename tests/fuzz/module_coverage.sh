#!/bin/sh
# tests/fuzz/module_coverage.sh AMALGAM NOLINE BINARY PROFDATA MODULE... -- line coverage
# of skampi's modules in a harness built with -fprofile-instr-generate -fcoverage-mapping
# from NOLINE, a copy of AMALGAM whose #line directives are blanked (llvm-cov does not
# follow them), so that its line numbers are the amalgam's. The #line directives of AMALGAM say
# which module each line comes from. Prints "MODULE: covered/executable lines (P%)".
set -u
am=$1; src=$2; bin=$3; prof=$4; shift 4
llvm-cov show "$bin" -instr-profile="$prof" "$src" 2>/dev/null |
awk -v mods="$*" '
  FNR == NR {                                   # the amalgam: line -> module
    if ($1 == "#line") { next_mod = $3; gsub(/"/, "", next_mod); mod[FNR] = ""; pend = 1; next }
    if (pend) { cur = next_mod; pend = 0 }
    mod[FNR] = cur; next
  }
  {                                             # llvm-cov show: "  LINE|  COUNT|text"
    split($0, f, "|"); line = f[1] + 0; cnt = f[2]; gsub(/ /, "", cnt)
    if (line == 0 || cnt == "") next
    m = mod[line]; exe[m]++
    if (cnt != "0") cov[m]++
  }
  END {
    n = split(mods, want, " ")
    for (i = 1; i <= n; i++) {
      m = want[i]; e = exe[m] + 0; c = cov[m] + 0
      printf "%s: %d/%d lines (%.1f%%)\n", m, c, e, e ? 100 * c / e : 0
    }
  }' "$am" -
