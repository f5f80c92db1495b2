#!/bin/sh
# tests/gates/prototypes.sh [SPLIT_DIR] -- a function's prototype stands in the layer that
# defines it, never below it (split/MANIFEST orders the layers bottom-up): a lower layer
# that needs a higher one's function gets it through a hook the higher layer registers,
# not through a prototype that the include gate (tests/gates/layers.sh) cannot see.
# Reads every SK_API declaration of split/ (prototypes, also over several lines, and
# definitions); a prototype of a function that no module defines is not judged.
# Exit 0 when all hold, 1 with one line per violation ("FILE:LINE: prototype of NAME in
# LAYER, defined in LAYER (FILE): ..."). SPLIT_DIR (default: the project's split/) lets
# tests/gates/prototypes_planted.sh run it on a copy with planted violations.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
split=${1:-"$top/split"}
[ -f "$split/MANIFEST" ] || { echo "prototypes: $split/MANIFEST not found"; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-prototypes.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$split/.." || exit 2
base=$(basename "$split")
# the layers, bottom-up: "LAYER RANK"
sed -n 's#^\([a-z_0-9]*\)/[^ ]*$#\1#p' "$base/MANIFEST" | awk '!seen[$0]++ { print $0, n++ }' > "$tmp/layers"
find "$base" -type f \( -name '*.c' -o -name '*.h' \) | sort > "$tmp/files"
# "KIND FILE LINE NAME" per SK_API declaration: KIND proto (ends with ;) or def (a body)
while read -r f; do
  awk -v file="$f" '
    /^SK_API[ \t]/ && !inside { inside = 1; start = FNR; text = "" }
    inside {
      text = text " " $0
      p = index(text, ";"); b = index(text, "{")
      if (p || b) {
        kind = (b && (!p || b < p)) ? "def" : "proto"
        head = substr(text, 1, index(text, "(") - 1)
        n = split(head, w, /[ \t*]+/)
        if (n > 0) print kind, file, start, w[n]
        inside = 0
      }
    }' "$f"
done < "$tmp/files" > "$tmp/decls"
awk -v lf="$tmp/layers" -v base="$base" '
  BEGIN { while ((getline l < lf) > 0) { split(l, x, " "); rank[x[1]] = x[2] } }
  function layer(f,   p) { p = f; sub("^" base "/", "", p); sub("/.*", "", p); return p }
  $1 == "def" { L = layer($2); if (!($4 in low) || rank[L] < rank[low[$4]]) { low[$4] = L; where[$4] = $2 } }
  $1 == "proto" { np++; pf[np] = $2; pl[np] = $3; pn[np] = $4 }
  END {
    st = 0
    for (i = 1; i <= np; i++) {
      n = pn[i]; L = layer(pf[i])
      if (!(n in low) || !(L in rank) || !(low[n] in rank)) continue
      if (rank[low[n]] > rank[L]) {
        printf "%s:%d: prototype of %s in %s, defined in %s (%s): declare it in %s; a lower layer that calls it takes a hook that %s registers\n", pf[i], pl[i], n, L, low[n], where[n], low[n], low[n]
        st = 1
      }
    }
    if (!st) printf "prototypes: %d prototypes of %s/, each in the layer that defines its function or above\n", np, base
    exit st
  }' "$tmp/decls"
