#!/bin/sh
# tests/gates/module_headers.sh [SPLIT_DIR] -- every module file of SPLIT_DIR (default:
# the project's split/), each LAYER/*.c and LAYER/*.h, begins with a comment of at most
# 15 lines saying what the module owns; longer rules belong in doc/internals.md. Exit 0
# when all hold, 1 with one line per file that has no such comment or a longer one.
# SPLIT_DIR lets tests/gates/module_headers_planted.sh run it on planted copies.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
split=${1:-"$top/split"}
max=15
[ -d "$split" ] || { echo "module_headers: $split not found"; exit 2; }
cd "$split/.." || exit 2
base=$(basename "$split")
st=0
n=0
for f in "$base"/*/*.c "$base"/*/*.h; do
  [ -f "$f" ] || continue
  n=$((n + 1))
  # the first line opens the comment (and says something); its length is the line that closes it
  verdict=$(awk -v max=$max '
    NR == 1 && !/^\/\*/ { print "no"; exit }
    NR == 1 { t = $0; sub(/^\/\*/, "", t); sub(/\*\/.*/, "", t); words = (t ~ /[A-Za-z]/) }
    NR > 1 && !/\*\// { if ($0 ~ /[A-Za-z]/) words = 1 }
    NR > 1 && /\*\// { t = $0; sub(/\*\/.*/, "", t); if (t ~ /[A-Za-z]/) words = 1 }
    NR >= 1 && index(NR == 1 ? substr($0, 3) : $0, "*/") { print (words ? NR : "empty"); exit }
    END { if (NR == 0) print "no" }' "$f")
  case $verdict in
    no|"") echo "$f:1: does not begin with a comment saying what the module owns"; st=1 ;;
    empty) echo "$f:1: its first comment says nothing: say what the module owns"; st=1 ;;
    *) if [ "$verdict" -gt $max ]; then
         echo "$f:1: header comment of $verdict lines (at most $max: say what the module owns; rules go to doc/internals.md)"; st=1
       fi ;;
  esac
done
[ $st = 0 ] && echo "module_headers: $n modules of $base/, each beginning with a comment of at most $max lines"
exit $st
