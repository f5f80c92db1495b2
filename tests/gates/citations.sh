#!/bin/sh
# tests/gates/citations.sh -- the product cites the published documents by title and
# section (SKaMPI 5 manual, SKaLib report (TR 99/07), MPI PERUSE 2.0, Pichler 2013):
# never by the workplace's seed numbers or its design notes, which a reader of the
# product does not have. Fails listing every offending line.
set -u
. "$(dirname "$0")/../lib.sh"
seed='seed 0''0'                      # split so that this file does not match itself
notes='DESIGN''\.md|ANCHORS''\.md|SKAMPI6''\.md|shared''/seeds'
found=$(grep -rnE "$seed|$notes" split tools tests ski README.md doc Makefile 2>/dev/null \
        | grep -v '^tests/out/' | grep -v '^tests/fuzz/build/' | grep -v '^tests/unit/build/')
if [ -n "$found" ]; then
  printf '%s\n' "$found"
  exit 1
fi
echo "no seed numbers or design-note names in the product"
