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
  sk_cc cc @warn -DSKAMPI_SEQ "@layer:$m" -c -o tests/out/modules/m.o "$m"
  if have "$(mpicc_of mpich)"; then sk_cc "$(mpicc_of mpich)" "@layer:$m" -c -o tests/out/modules/m.o "$m"; fi
done
echo "all modules compile"
