#!/bin/sh
# tests/gates/positional_args.sh [SPLIT_DIR] -- a measurement reads its call's values by
# parameter name (m->arg.count, filled by the engine from the row's signature), never by
# position: no `args[` and no function named `*_args_read` in any module of SPLIT_DIR
# (default: the project's split/) outside engine/, the one layer that binds the values
# to the names. Exit 0 when none is found, 1 with one line per finding ("FILE:LINE: ...").
# SPLIT_DIR lets tests/gates/positional_args_planted.sh run it on planted copies.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
split=${1:-"$top/split"}
[ -d "$split" ] || { echo "positional_args: $split not found"; exit 2; }
cd "$split/.." || exit 2
base=$(basename "$split")
# the pattern is split so that this gate's own text never matches it
bracket='args''\['
reader='[A-Za-z0-9_]*_args''_read\b'
found=$(find "$base" -type f \( -name '*.c' -o -name '*.h' \) ! -path "$base/engine/*" | sort |
  while read -r f; do
    grep -nE "$bracket" "$f" | sed "s|^\([0-9]*\):.*|$f:\1: indexes args[: a measurement reads m->arg.NAME; elsewhere name the array for what it holds|"
    grep -noE "$reader" "$f" | sed "s|^\([0-9]*\):\(.*\)|$f:\1: \2 reads a call's values by position: read m->arg.NAME|"
  done)
if [ -n "$found" ]; then
  printf '%s\n' "$found"
  exit 1
fi
echo "positional_args: no args[ and no *_args_read outside $base/engine/"
