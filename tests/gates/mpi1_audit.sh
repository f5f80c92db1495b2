#!/bin/sh
# tests/gates/mpi1_audit.sh IMPL -- compiles the amalgam (made fresh from split/ by tests/run.sh
# in tests/out/) with -DSKAMPI_MPI1 through IMPL's wrapper and lists every
# MPI_* function it references; fails on any that is neither MPI-1.1 nor one of the
# allowed MPI-2 replacements of removed MPI-1 names (tests/common/mpi11_functions.txt).
set -eu
. "$(dirname "$0")/../lib.sh"
mpicc=$(mpicc_of "$1")
obj=tests/out/mpi1_audit.o
amalgam_is_current || sk_amalgam
sk_cc "$mpicc" -DSKAMPI_MPI1 -c -o "$obj" @am
allowed=$(sed -e 's/#.*//' -e 's/REPLACEMENTS://' tests/common/mpi11_functions.txt | tr ' ' '\n' | grep '^MPI_' | sort -u)
used=$(nm -u "$obj" | awk '{print $NF}' | sed 's/^P\(MPI_\)/\1/' | grep '^MPI_' | sort -u)
bad=0
for f in $used; do
  if ! printf '%s\n' "$allowed" | grep -qx "$f"; then echo "not MPI-1.1: $f"; bad=1; fi
done
echo "MPI functions referenced by the MPI-1 build ($mpicc): $(echo $used | wc -w)"
echo $used
exit $bad
