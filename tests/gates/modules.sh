#!/bin/sh
# tests/gates/modules.sh -- every module of split/ compiles on its own (for unit tests and fast
# rebuilds), for the sequential backend (MPI modules compile to nothing there) and, with
# an MPI compiler, for the MPI backend; each with the include path of its own layer and
# the layers below it only (tools/sk21f --include-flags), so a header of a layer above
# is not even found. The compiler's front end alone (-fsyntax-only: what is checked is
# that the module's declarations are found, not its code), side by side (sk_cc_bg).
set -u
. "$(dirname "$0")/../lib.sh"
d=tests/out/modules
rm -rf "$d"; mkdir -p "$d"
mods=$(tools/sk21f --deps | grep '\.c$')
mpich=""; have "$(mpicc_of mpich)" && mpich=$(mpicc_of mpich)
layer=""
for m in $mods; do
  n=$(echo "$m" | tr / _)
  l=${m#split/}; l=${l%%/*}
  [ "$l" = "$layer" ] || { layer=$l; flags=$(tools/sk21f --include-flags "$m"); }   # one layer's path
  sk_cc_bg "$d/$n.seq" cc @warn -DSKAMPI_SEQ $flags -fsyntax-only "$m"
  [ -z "$mpich" ] || sk_cc_bg "$d/$n.mpich" "$mpich" $flags -fsyntax-only "$m"
done
sk_bg_wait
st=0
for m in $mods; do
  n=$(echo "$m" | tr / _)
  for b in seq ${mpich:+mpich}; do
    if ! sk_cc_ok "$d/$n.$b"; then echo "$m does not compile alone ($b):"; head -5 "$d/$n.$b"; st=1; fi
  done
done
[ $st = 0 ] && echo "all modules compile"
exit $st
