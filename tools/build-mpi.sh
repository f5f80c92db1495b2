#!/bin/sh
# tools/build-mpi.sh -- builds ./skampi from the one file with the MPI compiler wrapper
# that tools/findmpi.sh finds (MPICC / MPIRUN override; environment modules, Spack, a
# vendor, Debian's mpicc.openmpi or mpicc.mpich): what `make run` runs and `make install`
# installs. Installs nothing (tools/setup.sh run does, when no MPI is there and it may).
# Environment: CFLAGS (default -O2). Prints the compile line; exits 1 without a usable MPI.
set -eu
cd "$(dirname "$0")/.."
. tools/findmpi.sh
if ! find_mpi; then
  echo "build: $mpi_problem (tools/setup.sh run says what to install)" >&2
  exit 1
fi
cflags=${CFLAGS:--O2}
echo "build: $mpi_cc $cflags -o skampi skampi_amalgam.c -lm"
# shellcheck disable=SC2086
$mpi_cc $cflags -o skampi skampi_amalgam.c -lm
