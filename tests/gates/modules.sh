#!/bin/sh
# tests/gates/modules.sh -- every module of split/ compiles on its own (for unit tests and fast
# rebuilds), for the sequential backend (MPI modules compile to nothing there) and, with
# an MPI compiler, for the MPI backend; each with the include path of its own layer and
# the layers below it only (tools/sk21f --include-flags), so a header of a layer above
# is not even found.
set -eu
. "$(dirname "$0")/../lib.sh"
mkdir -p tests/out/modules
for m in $(tools/sk21f --deps | grep '\.c$'); do
  inc=$(tools/sk21f --include-flags "$m")
  # shellcheck disable=SC2086
  cc -std=c89 -pedantic -Wall -Wextra -DSKAMPI_SEQ $inc -c -o tests/out/modules/m.o "$m"
  # shellcheck disable=SC2086
  if command -v mpicc.mpich >/dev/null 2>&1; then mpicc.mpich $inc -c -o tests/out/modules/m.o "$m"; fi
done
echo "all modules compile"
