#!/bin/sh
# tests/gates/makefile_deps.sh -- the Makefile's explicit module list SPLIT names exactly the
# modules of split/MANIFEST (tools/sk21f --deps), and skampi_amalgam.c depends on
# split/MANIFEST, $(SPLIT) and tools/sk21f; so the list cannot drift from the manifest.
set -u
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-deps.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
awk '/^SPLIT[ \t]*=/ { on = 1; sub(/^SPLIT[ \t]*=/, "") }
     on { more = sub(/\\$/, ""); print; if (!more) on = 0 }' Makefile | tr ' \t' '\n\n' | sed '/^$/d' | sort > "$tmp/makefile"
tools/sk21f --deps | grep -v '^split/MANIFEST$' | sort > "$tmp/manifest"
st=0
if [ ! -s "$tmp/makefile" ]; then echo "no SPLIT list in the Makefile"; st=1; fi
if ! cmp -s "$tmp/makefile" "$tmp/manifest"; then
  echo "the Makefile's SPLIT list differs from split/MANIFEST (< only in the Makefile, > only in the manifest):"
  diff "$tmp/makefile" "$tmp/manifest" | grep '^[<>]'
  st=1
fi
if ! grep -qx 'skampi_amalgam\.c: split/MANIFEST \$(SPLIT) tools/sk21f' Makefile; then
  echo "no rule 'skampi_amalgam.c: split/MANIFEST \$(SPLIT) tools/sk21f' in the Makefile"; st=1
fi
[ $st -eq 0 ] && echo "SPLIT lists the $(wc -l < "$tmp/manifest") modules of split/MANIFEST"
exit $st
