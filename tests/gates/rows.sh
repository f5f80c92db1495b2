#!/bin/sh
# tests/gates/rows.sh [SPLIT_DIR] -- one registry row names everything about a
# measurement (split/core/measure.h), and grep finds it:
#   - every row of every row macro in split/ (SK_ROW, SK_ROW_MPI, _MPI2, _MPI3, _MPI4, _MPIIO,
#     _THREADS: any SK_ROW... but SK_ROW_ALIAS and SK_ROW_END) has its eleven arguments, a
#     string name, and each function it names (measure, init, finalize, prepare, check;
#     NULL aside) is defined in split/ under that name: a line that starts with the
#     function's type (or SK_API) and has NAME( and is no prototype -- in every build, so
#     that a row whose functions a build compiles away (an MPI-4 row without MPI-4) is
#     checked all the same;
#   - no row macro under another name: a #define of a name with ROW in it is an SK_ROW...;
#   - no `#define measure_...` (a measurement function under another function's name);
#   - no `##` in split/measurements/ or split/core/measure.h (no pasted function names).
# Exit 0 when all hold, 1 with one line per violation naming file, line and row.
# SPLIT_DIR (default: the project's split/) lets tests/gates/rows_planted.sh run it on
# a copy with planted violations.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
split=${1:-"$top/split"}
[ -d "$split/measurements" ] || { echo "rows: $split/measurements not found"; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-rows.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
st=0
cd "$split/.." || exit 2
base=$(basename "$split")

# the rows: "FILE LINE NAME ROLE FUNCTION" per named function (ROLE: measure, ...);
# malformed rows are reported on stderr
find "$base" -type f \( -name '*.c' -o -name '*.h' \) | sort > "$tmp/files"
: > "$tmp/rows"
while read -r f; do
  awk -v file="$f" '
    function flush(   i, c, n, depth, instr, arg, args, k, roles) {
      n = 0; depth = 0; instr = 0; arg = ""
      for (i = index(text, "(") + 1; i <= length(text); i++) {
        c = substr(text, i, 1)
        if (instr) { arg = arg c; if (c == "\\") { i++; arg = arg substr(text, i, 1) } else if (c == "\"") instr = 0; continue }
        if (c == "\"") { instr = 1; arg = arg c; continue }
        if (c == "(") depth++
        if (c == ")") { if (depth == 0) break; depth-- }
        if (c == "," && depth == 0) { args[++n] = arg; arg = ""; continue }
        arg = arg c
      }
      args[++n] = arg
      for (k = 1; k <= n; k++) { gsub(/^[ \t]+|[ \t]+$/, "", args[k]) }
      if (n != 11 || args[1] !~ /^"[A-Za-z_][A-Za-z0-9_]*"$/) {
        printf "%s:%d: row %s: not SK_ROW(\"NAME\", SIGNATURE, PATTERN, MIN_PROCS, VARIANT, MEASURE, INIT, FINALIZE, PREPARE, CHECK, NOTHING)\n", file, start, args[1] > "/dev/stderr"
        return
      }
      split("measure init finalize prepare check", roles, " ")
      for (k = 6; k <= 10; k++) {
        if (args[k] == "NULL") continue
        if (args[k] !~ /^[A-Za-z_][A-Za-z0-9_]*$/) {
          printf "%s:%d: row %s: its %s function is \"%s\", not a plain C identifier\n", file, start, args[1], roles[k - 5], args[k] > "/dev/stderr"
          continue
        }
        print file, start, args[1], roles[k - 5], args[k]
      }
    }
    { in_macro = continued; continued = ($0 ~ /\\[ \t]*$/) }   # a #define'"'"'s body holds no rows
    inrow { text = text " " $0; if (closed()) { flush(); inrow = 0 } ; next }
    /^[ \t]*SK_ROW[A-Z0-9_]*\(/ && !/^[ \t]*SK_ROW_ALIAS\(/ && !in_macro { inrow = 1; start = FNR; text = $0; if (closed()) { flush(); inrow = 0 } }
    function closed(   i, c, depth, instr) {
      depth = 0; instr = 0
      for (i = 1; i <= length(text); i++) {
        c = substr(text, i, 1)
        if (instr) { if (c == "\\") i++; else if (c == "\"") instr = 0; continue }
        if (c == "\"") instr = 1
        else if (c == "(") depth++
        else if (c == ")") { depth--; if (depth == 0) return 1 }
      }
      return 0
    }' "$f" >> "$tmp/rows" 2>> "$tmp/malformed"
done < "$tmp/files"
if [ -s "$tmp/malformed" ]; then cat "$tmp/malformed"; st=1; fi
if [ ! -s "$tmp/rows" ]; then echo "rows: no SK_ROW rows found in $base/"; exit 1; fi

# the definitions: NAME( on a line that starts with a type or SK_API and is no prototype
xargs cat < "$tmp/files" | grep -E '^[A-Za-z_][A-Za-z0-9_ *]*[ *][A-Za-z_][A-Za-z0-9_]*\(' | grep -v ';[ \t]*$' |
  grep -v '^#' | sed -E 's/^[A-Za-z_][A-Za-z0-9_ *]*[ *]([A-Za-z_][A-Za-z0-9_]*)\(.*/\1/' | sort -u > "$tmp/defined"
awk -v base="$base" 'NR == FNR { defined[$1] = 1; next }
  !($5 in defined) { printf "%s:%s: row %s names %s function %s, which %s/ does not define (no line \"TYPE %s(\" outside a prototype)\n", $1, $2, $3, $4, $5, base, $5; bad = 1 }
  END { exit bad }' "$tmp/defined" "$tmp/rows" || st=1

# no row macro but SK_ROW...: the rows of any other would go unchecked
if xargs grep -nE '^[ \t]*#[ \t]*define[ \t]+[A-Za-z0-9_]*ROW[A-Za-z0-9_]*\(' < "$tmp/files" | grep -vE '#[ \t]*define[ \t]+SK_ROW' > "$tmp/macros"; then
  sed 's/^\([^:]*:[0-9]*\):.*#[ \t]*define[ \t]*\([A-Za-z0-9_]*\).*/\1: row macro \2: name it SK_ROW_..., so that this gate reads its rows/' "$tmp/macros"; st=1
fi
# no measurement function under another function's name
if grep -rnE '^[ \t]*#[ \t]*define[ \t]+measure_' "$base" > "$tmp/defines"; then
  sed 's/^\([^:]*:[0-9]*\):.*#[ \t]*define[ \t]*\([A-Za-z0-9_]*\).*/\1: #define \2: a row must name the function itself/' "$tmp/defines"; st=1
fi
# no pasted names in the measurement modules and the row macros
if grep -rn '##' "$base/measurements" "$base/core/measure.h" > "$tmp/pastes"; then
  sed 's/^\([^:]*:[0-9]*\):.*/\1: ## pastes a name (write the function'"'"'s name out)/' "$tmp/pastes"; st=1
fi
[ $st -eq 0 ] && echo "rows: $(wc -l < "$tmp/rows" | tr -d ' ') functions named by the rows of $base/, every one defined"
exit $st
