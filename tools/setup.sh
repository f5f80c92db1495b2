#!/bin/sh
# tools/setup.sh -- installs what skampi needs on a Debian/Ubuntu machine (as root, with
# apt-get), and says what to do elsewhere.
#   tools/setup.sh run     an MPI (Open MPI) and a C compiler: enough for `make run`
#   tools/setup.sh check   everything the tests use: Open MPI, MPICH, gcc, clang, make
#   tools/setup.sh portability   adds tcc, pcc, 32-bit gcc support, cross compilers, qemu-user
#     (gcc-12-multilib, not gcc-multilib: Debian's gcc-multilib conflicts with the cross
#     compilers; tests/portability.sh supplies the one symlink it would add)
# Packages already present are not installed again; without apt-get it only checks.
set -eu
what=${1:-check}
# 32-bit support for the running gcc (gcc-N-multilib, see the note above)
multilib="gcc-$(gcc -dumpversion 2>/dev/null | cut -d. -f1)-multilib libc6-dev-i386"
command -v gcc >/dev/null 2>&1 || multilib="gcc-multilib"
case $what in
  run) pkgs="openmpi-bin libopenmpi-dev gcc make" ;;
  check) pkgs="openmpi-bin libopenmpi-dev mpich libmpich-dev gcc clang make procps $multilib" ;;
  portability) pkgs="openmpi-bin libopenmpi-dev mpich libmpich-dev gcc clang make tcc pcc $multilib gcc-aarch64-linux-gnu gcc-s390x-linux-gnu libc6-dev-arm64-cross libc6-dev-s390x-cross qemu-user" ;;
  *) echo "usage: tools/setup.sh run|check|portability" >&2; exit 2 ;;
esac
missing=""
for p in $pkgs; do
  if command -v dpkg-query >/dev/null 2>&1; then
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing="$missing $p"
    fi
  fi
done
if [ -z "$missing" ]; then
  if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "setup: no apt/dpkg here. Install an MPI (Open MPI or MPICH) and a C compiler yourself;"
    echo "setup: skampi itself needs only: mpicc -o skampi skampi_amalgam.c -lm"
  fi
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: missing packages:$missing" >&2
  echo "setup: run as root on Debian/Ubuntu (apt-get install$missing), or install an MPI and a C compiler yourself" >&2
  exit 1
fi
echo "setup: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing >/dev/null
