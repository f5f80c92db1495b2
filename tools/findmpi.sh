# tools/findmpi.sh -- sourced by tools/setup.sh and tools/run.sh (POSIX sh): finds the MPI
# compiler wrapper and launcher to use, whatever put them there (environment modules,
# Spack, a vendor, the distribution).
#   find_mpi     sets mpi_cc, mpi_run and mpi_impl (openmpi | mpich | other), returns 0;
#                or sets mpi_problem (what is missing) and returns 1
#   mpi_launch NP PROGRAM ARGS...   starts PROGRAM on NP processes with mpi_run
# Order: MPICC / MPIRUN from the environment (or make's command line) when set; else
# mpicc on PATH with the mpiexec or mpirun next to it (then on PATH); else Debian's
# mpicc.openmpi + mpirun.openmpi, then mpicc.mpich + mpiexec.mpich. "Usable" means the
# wrapper compiles and links a small MPI program and the launcher exists.

_fm_have() { command -v "$1" >/dev/null 2>&1; }

# _fm_launcher_for CC: the launcher that belongs to compiler wrapper CC
_fm_launcher_for() {
  case $1 in
    *mpicc.openmpi) _fm_have mpirun.openmpi && { echo mpirun.openmpi; return 0; } ;;
    *mpicc.mpich) _fm_have mpiexec.mpich && { echo mpiexec.mpich; return 0; } ;;
  esac
  _fm_dir=$(dirname "$(command -v "$1")")
  for _fm_l in mpiexec mpirun; do
    [ -x "$_fm_dir/$_fm_l" ] && { echo "$_fm_dir/$_fm_l"; return 0; }
  done
  for _fm_l in mpiexec mpirun; do
    _fm_have $_fm_l && { command -v $_fm_l; return 0; }
  done
  return 1
}

# _fm_compiles CC: CC builds and links an MPI program
_fm_compiles() {
  _fm_tmp=$(mktemp -d "${TMPDIR:-/tmp}/findmpi.XXXXXX") || return 1
  printf '#include <mpi.h>\nint main(int argc, char **argv) { MPI_Init(&argc, &argv); MPI_Finalize(); return 0; }\n' > "$_fm_tmp/t.c"
  # shellcheck disable=SC2086
  $1 -o "$_fm_tmp/t" "$_fm_tmp/t.c" > "$_fm_tmp/log" 2>&1
  _fm_st=$?
  [ $_fm_st -eq 0 ] || sed 's/^/  /' "$_fm_tmp/log" | head -n 5 >&2
  rm -rf "$_fm_tmp"
  return $_fm_st
}

find_mpi() {
  mpi_cc=; mpi_run=; mpi_impl=other; mpi_problem=
  if [ -n "${MPICC:-}" ]; then
    # shellcheck disable=SC2086
    set -- $MPICC
    _fm_have "$1" || { mpi_problem="MPICC=$MPICC: $1 not found"; return 1; }
    mpi_cc=$MPICC
  else
    for _fm_c in mpicc mpicc.openmpi mpicc.mpich; do
      if _fm_have $_fm_c && _fm_launcher_for $_fm_c >/dev/null; then mpi_cc=$_fm_c; break; fi
    done
    [ -n "$mpi_cc" ] || { mpi_problem="no MPI compiler wrapper (mpicc) with a launcher (mpiexec/mpirun) on PATH"; return 1; }
  fi
  if [ -n "${MPIRUN:-}" ]; then
    # shellcheck disable=SC2086
    set -- $MPIRUN
    _fm_have "$1" || { mpi_problem="MPIRUN=$MPIRUN: $1 not found"; return 1; }
    mpi_run=$MPIRUN
  else
    # shellcheck disable=SC2086
    set -- $mpi_cc
    mpi_run=$(_fm_launcher_for "$1") || { mpi_problem="$mpi_cc found, but no launcher (mpiexec or mpirun) next to it or on PATH"; return 1; }
  fi
  _fm_compiles "$mpi_cc" || { mpi_problem="$mpi_cc cannot build an MPI program (mpi.h or the library missing?)"; return 1; }
  # shellcheck disable=SC2086
  case $($mpi_run --version 2>&1 | head -n 5) in
    *"Open MPI"*|*OpenRTE*|*open-mpi*) mpi_impl=openmpi ;;
    *HYDRA*|*MPICH*|*mpich*) mpi_impl=mpich ;;
  esac
  return 0
}

mpi_launch() {
  _fm_np=$1; shift
  if [ "$mpi_impl" = openmpi ]; then
    # more processes than cores are fine; as root Open MPI wants these two
    OMPI_MCA_rmaps_base_oversubscribe=1; export OMPI_MCA_rmaps_base_oversubscribe
    if [ "$(id -u)" = 0 ]; then
      OMPI_ALLOW_RUN_AS_ROOT=1; OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
      export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
    fi
    # shellcheck disable=SC2086
    $mpi_run --oversubscribe -np "$_fm_np" "$@"
  else
    # shellcheck disable=SC2086
    $mpi_run -n "$_fm_np" "$@"
  fi
}
