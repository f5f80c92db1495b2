#!/bin/sh
# tests/modules.sh -- every module of split/ compiles on its own (for unit tests and fast rebuilds),
# for the sequential backend (MPI modules compile to nothing there) and, with an MPI
# compiler, for the MPI backend.
set -eu
cd "$(dirname "$0")/.."
mkdir -p tests/out/modules
for f in split/*.c; do
  cc -std=c89 -pedantic -Wall -Wextra -DSKAMPI_SEQ -c -o tests/out/modules/m.o "$f"
  if command -v mpicc.mpich >/dev/null 2>&1; then mpicc.mpich -c -o tests/out/modules/m.o "$f"; fi
done
echo "all modules compile"
