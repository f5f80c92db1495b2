#!/bin/sh
# tools/commit-amalgam.sh -- regenerates skampi_amalgam.c from what is STAGED in split/
# (not from the working tree) and stages it, so a commit never pairs an amalgam with
# modules it was not made from. Use: git add split/...; tools/commit-amalgam.sh; git commit
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git checkout-index -a --prefix="$tmp/"
(cd "$tmp" && sh tools/sk21f)
git show :skampi_amalgam.c > "$tmp/old" 2>/dev/null || : > "$tmp/old"
cp "$tmp/skampi_amalgam.c" "$tmp/staged_amalgam"
git update-index --add --cacheinfo 100644 "$(git hash-object -w "$tmp/staged_amalgam")" skampi_amalgam.c
echo "staged skampi_amalgam.c generated from the staged split/"
