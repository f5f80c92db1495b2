#!/bin/sh
# tools/setup.sh -- makes sure what a make target needs is there.
#   tools/setup.sh run     an MPI compiler wrapper and launcher (`make run`). Whatever MPI
#                          is found is used (tools/findmpi.sh: MPICC/MPIRUN, mpicc on PATH
#                          from environment modules, Spack or a vendor, Debian's
#                          mpicc.openmpi or mpicc.mpich). Only when none is usable and this
#                          is root on Debian/Ubuntu does it install Open MPI with apt-get;
#                          otherwise it says what to install and exits 1.
#   tools/setup.sh check   what the tests use: Open MPI, MPICH, gcc, clang, make, procps
#   tools/setup.sh portability   adds tcc, pcc, 32-bit gcc support, cross compilers, qemu-user
#     (gcc-12-multilib, not gcc-multilib: Debian's gcc-multilib conflicts with the cross
#     compilers; tests/portability/portability.sh supplies the one symlink it would add)
# check and portability install missing packages as root with apt-get; otherwise they
# list what is missing and go on (tests/run.sh skips the groups whose tools are missing,
# with a line "skip GROUP: needs TOOL"); they fail only without any C compiler.
set -eu
cd "$(dirname "$0")/.."
what=${1:-check}
is_root() { [ "$(id -u)" = 0 ]; }
can_apt() { is_root && command -v apt-get >/dev/null 2>&1 && command -v dpkg-query >/dev/null 2>&1; }
apt_install() {
  echo "setup: installing $*"
  DEBIAN_FRONTEND=noninteractive; export DEBIAN_FRONTEND
  apt-get update -q >/dev/null
  # shellcheck disable=SC2086
  apt-get install -y -q --no-install-recommends "$@" >/dev/null
}

if [ "$what" = run ]; then
  . tools/findmpi.sh
  if find_mpi; then
    echo "setup: using $mpi_cc and $mpi_run"
    exit 0
  fi
  echo "setup: $mpi_problem" >&2
  if [ -z "${MPICC:-}" ] && [ -z "${MPIRUN:-}" ] && can_apt; then
    apt_install openmpi-bin libopenmpi-dev gcc libc6-dev make
    if find_mpi; then echo "setup: using $mpi_cc and $mpi_run"; exit 0; fi
    echo "setup: still no usable MPI after installing Open MPI: $mpi_problem" >&2
    exit 1
  fi
  cat >&2 <<'MSG'
setup: skampi needs an MPI (any MPI-1 or later library: Open MPI, MPICH, Intel MPI, ...)
setup: with its compiler wrapper (mpicc) and launcher (mpiexec or mpirun). Install one:
setup:   cluster with environment modules:  module load openmpi     (or mpich, intel-mpi, ...)
setup:   Spack:                             spack install openmpi && spack load openmpi
setup:   Debian/Ubuntu (as root):           apt-get install openmpi-bin libopenmpi-dev gcc make
setup:   Fedora/RHEL (as root):             dnf install openmpi-devel && module load mpi/openmpi
setup: or name them: make run MPICC=/path/to/mpicc MPIRUN=/path/to/mpiexec
MSG
  exit 1
fi

# 32-bit support for the running gcc (gcc-N-multilib, see the note above)
multilib="gcc-$(gcc -dumpversion 2>/dev/null | cut -d. -f1)-multilib libc6-dev-i386"
command -v gcc >/dev/null 2>&1 || multilib="gcc-multilib"
case $what in
  check) pkgs="openmpi-bin libopenmpi-dev mpich libmpich-dev gcc clang make procps chromium python3 gnuplot-nox $multilib" ;;
  portability) pkgs="openmpi-bin libopenmpi-dev mpich libmpich-dev gcc clang make tcc pcc $multilib gcc-aarch64-linux-gnu gcc-s390x-linux-gnu libc6-dev-arm64-cross libc6-dev-s390x-cross qemu-user" ;;
  *) echo "usage: tools/setup.sh run|check|portability" >&2; exit 2 ;;
esac
missing=""
if command -v dpkg-query >/dev/null 2>&1; then
  for p in $pkgs; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing="$missing $p"
    fi
  done
fi
if [ -n "$missing" ] && can_apt; then
  # shellcheck disable=SC2086
  apt_install $missing
elif [ -n "$missing" ]; then
  echo "setup: not installed:$missing"
  echo "setup: (as root on Debian/Ubuntu: apt-get install$missing); the tests that need them are skipped"
elif ! command -v dpkg-query >/dev/null 2>&1; then
  echo "setup: no apt/dpkg here; the tests use what is on PATH and skip what is missing"
fi
if ! command -v cc >/dev/null 2>&1 && ! command -v gcc >/dev/null 2>&1; then
  echo "setup: no C compiler (cc) found; install one (gcc or clang)" >&2
  exit 1
fi
exit 0
