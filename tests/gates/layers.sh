#!/bin/sh
# tests/gates/layers.sh [SPLIT_DIR] -- the layers of split/ hold (split/MANIFEST):
#   - every entry of the MANIFEST is LAYER/NAME, a layer's entries are contiguous, and
#     the MANIFEST lists exactly the files in the layer folders (nothing else in split/);
#   - a module includes ("...") only headers of its own layer or of a layer listed
#     before it: a header of a layer above is reported as FILE:LINE;
#   - no two modules include each other, directly or around a circle (module = a .c and
#     its .h; the circle is found with POSIX tsort).
# Exit 0 when all hold, 1 with one line per violation. SPLIT_DIR (default: the
# project's split/) lets tests/gates/layers_planted.sh run it on a copy with planted
# violations.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
split=${1:-"$top/split"}
manifest=$split/MANIFEST
[ -f "$manifest" ] || { echo "layers: $manifest not found"; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-layers.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
st=0

sed -e 's/#.*//' -e 's/^[ 	]*//' -e 's/[ 	]*$//' -e '/^$/d' "$manifest" > "$tmp/entries"

# the MANIFEST's shape: LAYER/NAME, contiguous layers -> "layer index" per entry
awk -F/ '
  NF != 2 { printf "split/MANIFEST: %s is not LAYER/NAME\n", $0; bad = 1; next }
  $1 != last { if ($1 in seen) { printf "split/MANIFEST: layer %s is listed in two places (its entries must be contiguous)\n", $1; bad = 1 }
               seen[$1] = ++n; last = $1 }
  { print $0, seen[$1] > "/dev/stderr" }
  END { exit bad }' "$tmp/entries" 2> "$tmp/index" || st=1
grep -v '^split/MANIFEST' "$tmp/index" > "$tmp/index.ok" 2>/dev/null; mv "$tmp/index.ok" "$tmp/index"

# the MANIFEST lists exactly the files of the layer folders
(cd "$split" && find . -type f ! -name MANIFEST | sed 's|^\./||' | sort) > "$tmp/files"
sort "$tmp/entries" > "$tmp/listed"
comm -23 "$tmp/files" "$tmp/listed" | sed 's|^|split/|; s|$|: in split/ but not in split/MANIFEST|'> "$tmp/extra"
comm -13 "$tmp/files" "$tmp/listed" | sed 's|^|split/|; s|$|: in split/MANIFEST but missing|' >> "$tmp/extra"
if [ -s "$tmp/extra" ]; then cat "$tmp/extra"; st=1; fi

# header name -> layer index and module; every include checked
awk '{ n = split($1, p, "/"); print p[n], $2, $1 }' "$tmp/index" > "$tmp/headers"
files=$(awk '{ print $1 }' "$tmp/index" | while read -r e; do [ -f "$split/$e" ] && printf '%s\n' "$split/$e"; done)
: > "$tmp/edges"
# one awk over every module: the headers (name, layer index, entry), the entries' indexes,
# then each file's #include "..." lines
awk -v pre="$split/" -v bad="$tmp/bad" -v edges="$tmp/edges" '
  FILENAME == ARGV[1] { if (!($1 in hidx)) { hidx[$1] = $2; hpath[$1] = $3 }; next }
  FILENAME == ARGV[2] { eidx[$1] = $2; next }
  FNR == 1 { entry = substr(FILENAME, length(pre) + 1); idx = eidx[entry] + 0; own = entry; sub(/\/.*/, "", own) }
  /^[ \t]*#[ \t]*include[ \t]*"/ {
    hdr = $0; sub(/^[^"]*"/, "", hdr); sub(/".*/, "", hdr)
    if (!(hdr in hidx)) { printf "split/%s:%d: includes \"%s\", which is not a header of split/MANIFEST\n", entry, FNR, hdr; print "x" > bad; next }
    if (hidx[hdr] + 0 > idx) { l = hpath[hdr]; sub(/\/.*/, "", l); printf "split/%s:%d: includes \"%s\" of layer %s, above its own layer %s\n", entry, FNR, hdr, l, own; print "x" > bad }
    from = entry; sub(/\.[^.]*$/, "", from); to = hpath[hdr]; sub(/\.[^.]*$/, "", to)
    if (from != to) print from, to > edges
  }' "$tmp/headers" "$tmp/index" $files
[ -f "$tmp/bad" ] && st=1

# no circle of includes between modules
if [ -s "$tmp/edges" ]; then
  sort -u "$tmp/edges" > "$tmp/edges.u"
  awk 'NR == FNR { e[$1 " " $2] = 1; next } ($2 " " $1) in e && $1 < $2 { printf "split/%s and split/%s include each other\n", $1, $2 }' \
    "$tmp/edges.u" "$tmp/edges.u" > "$tmp/mutual"
  if [ -s "$tmp/mutual" ]; then cat "$tmp/mutual"; st=1; fi
  if ! tsort "$tmp/edges.u" > /dev/null 2> "$tmp/tsort" || [ -s "$tmp/tsort" ]; then
    echo "the modules' includes form a circle (tsort):"; sed 's/^/  /' "$tmp/tsort"; st=1
  fi
fi
[ $st -eq 0 ] && echo "layers: $(wc -l < "$tmp/entries" | tr -d ' ') files in $(cut -d/ -f1 "$tmp/entries" | uniq | wc -l | tr -d ' ') layers; every include points to its own layer or one below; no circle"
exit $st
