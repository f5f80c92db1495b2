#!/bin/sh
# tools/mpirun.sh -- start an MPI program with the right launcher and flags.
#   tools/mpirun.sh IMPL NP program args...     IMPL: openmpi | mpich | default
# Open MPI gets --oversubscribe (more processes than cores are fine) and, as root, the
# two environment variables that allow running as root.
# SKAMPI_BIND=core binds each process to a core of its own (Open MPI's default for up to 2
# processes; MPICH's Hydra binds nothing unless told): the kernel cannot then put two
# ranks on one core while the other runs foreign work (tests/interference).
set -eu
impl=$1; np=$2; shift 2
case $impl in
  openmpi) launcher=mpirun.openmpi ;;
  mpich) launcher=mpiexec.mpich ;;
  default)
    launcher=mpirun
    if command -v mpirun.openmpi >/dev/null 2>&1 && [ "$(readlink -f "$(command -v mpirun)")" = "$(readlink -f "$(command -v mpirun.openmpi)")" ]; then impl=openmpi; fi
    if mpirun --version 2>&1 | grep -qi "open mpi\|open-mpi\|openrte"; then impl=openmpi; fi ;;
  *) echo "tools/mpirun.sh: unknown MPI '$impl'" >&2; exit 2 ;;
esac
if [ "$impl" = openmpi ]; then
  OMPI_ALLOW_RUN_AS_ROOT=1; OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
  OMPI_MCA_rmaps_base_oversubscribe=1; export OMPI_MCA_rmaps_base_oversubscribe
  exec "$launcher" --oversubscribe ${SKAMPI_BIND:+--bind-to "$SKAMPI_BIND"} -np "$np" "$@"
fi
exec "$launcher" ${SKAMPI_BIND:+-bind-to "$SKAMPI_BIND"} -n "$np" "$@"
