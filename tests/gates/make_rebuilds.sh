#!/bin/sh
# tests/gates/make_rebuilds.sh -- `make` never runs stale code: in a copy of the tree,
# after `touch split/core/stats.c` make would regenerate skampi_amalgam.c and rebuild skampi
# and skampi-seq (make -n), touching split/MANIFEST, tools/sk21f or split/cli/main.c also
# regenerates the amalgam, an edit of a module (the version in split/base/config.h) is
# rebuilt and shows in the binary, and a make after that does nothing. Two real builds
# (the first and the edit's); the touches are dry runs. MPICC (default mpicc) builds skampi.
set -u
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-make.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
sh tests/common/copy_tree.sh "$tmp/t" || exit 2
cd "$tmp/t" || exit 2
mk() { make MPICC="${MPICC:-mpicc}" CFLAGS=-O0 "$@"; }
mk > "$tmp/make1" 2>&1 || { cat "$tmp/make1"; bad "first make failed"; exit 1; }
[ -x skampi ] && [ -x skampi-seq ] || bad "first make built no skampi or skampi-seq"
sleep 1
touch split/core/stats.c
mk -n > "$tmp/make2" 2>&1 || bad "make -n after touch split/core/stats.c failed"
echo "--- make -n after touch split/core/stats.c:"; cat "$tmp/make2"
grep -q '^tools/sk21f' "$tmp/make2" || bad "the amalgam would not be regenerated"
grep -q 'tools/build-mpi.sh\|-o skampi skampi_amalgam.c' "$tmp/make2" || bad "skampi would not be rebuilt"
grep -q -- '-o skampi-seq skampi_amalgam.c' "$tmp/make2" || bad "skampi-seq would not be rebuilt"
for f in split/MANIFEST tools/sk21f split/cli/main.c; do
  sleep 1; touch "$f"
  mk -n > "$tmp/make4" 2>&1
  grep -q '^tools/sk21f' "$tmp/make4" || bad "touching $f does not regenerate the amalgam"
done
sleep 1
sed 's/^#define SKAMPI_VERSION ".*"/#define SKAMPI_VERSION "9.8.7-gate"/' split/base/config.h > "$tmp/config.h" && cp "$tmp/config.h" split/base/config.h
mk > "$tmp/make5" 2>&1 || bad "make after editing split/base/config.h failed"
grep -q '^tools/sk21f' "$tmp/make5" || bad "the amalgam was not regenerated after editing split/base/config.h"
grep -q -- '-o skampi skampi_amalgam.c' "$tmp/make5" || bad "skampi was not rebuilt"
grep -q -- '-o skampi-seq skampi_amalgam.c' "$tmp/make5" || bad "skampi-seq was not rebuilt"
[ split/base/config.h -nt skampi_amalgam.c ] && bad "skampi_amalgam.c older than split/base/config.h"
[ skampi_amalgam.c -nt skampi ] && bad "skampi older than skampi_amalgam.c"
[ skampi_amalgam.c -nt skampi-seq ] && bad "skampi-seq older than skampi_amalgam.c"
./skampi-seq -V > "$tmp/version" 2>&1
grep -q '9\.8\.7-gate' "$tmp/version" || bad "skampi-seq -V after editing split/base/config.h: $(cat "$tmp/version")"
mk > "$tmp/make3" 2>&1 || bad "make after the rebuild failed"
if grep -qE 'sk21f|-o skampi' "$tmp/make3"; then cat "$tmp/make3"; bad "make rebuilt although nothing changed"; fi
[ $failed -eq 0 ] && echo "make rebuilds the amalgam and both binaries after an edit of split/"
finish
