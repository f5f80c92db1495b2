#!/bin/sh
# tests/gates/manual_catalogue.sh [MANUAL] -- the catalogue section of doc/manual.md
# (between "<!-- catalogue:begin -->" and "<!-- catalogue:end -->") is exactly what
# tools/doc-catalogue.sh makes from `skampi -l` of the MPI and the sequential build:
# a measurement, helper or iterator added, removed or changed in split/ without
# `sh tools/doc-catalogue.sh` fails here, with the difference. MANUAL (default
# doc/manual.md) lets tests/gates/manual_catalogue_planted.sh run it on a changed copy;
# SKAMPI_LIST_SEQ / SKAMPI_LIST_MPI (see tools/doc-catalogue.sh) reuse built binaries.
# Exit 0 when equal, 1 otherwise (also when the section cannot be made).
set -u
cd "$(dirname "$0")/../.." || exit 2
manual=${1:-doc/manual.md}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-mancat.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
[ -f "$manual" ] || { echo "FAIL $manual not found"; exit 1; }
if [ "$(grep -c '^<!-- catalogue:begin -->$' "$manual")" != 1 ] || [ "$(grep -c '^<!-- catalogue:end -->$' "$manual")" != 1 ]; then
  echo "FAIL $manual needs exactly one <!-- catalogue:begin --> and one <!-- catalogue:end --> line"; exit 1
fi
sed -n '/^<!-- catalogue:begin -->$/,/^<!-- catalogue:end -->$/p' "$manual" | sed '1d;$d' > "$tmp/in_manual"
sh tools/doc-catalogue.sh --print > "$tmp/from_skampi" 2> "$tmp/err" || { echo "FAIL tools/doc-catalogue.sh --print:"; cat "$tmp/err"; exit 1; }
[ -s "$tmp/from_skampi" ] || { echo "FAIL tools/doc-catalogue.sh printed nothing"; exit 1; }
if diff "$tmp/in_manual" "$tmp/from_skampi" > "$tmp/diff"; then
  echo "ok the catalogue of $manual is skampi -l's ($(grep -c '^| `' "$tmp/from_skampi") rows)"
  exit 0
fi
echo "FAIL the catalogue of $manual differs from skampi -l (< manual, > skampi -l; run sh tools/doc-catalogue.sh):"
cat "$tmp/diff"
exit 1
