#!/bin/sh
# tests/common/m32-flags.sh -- prints the extra flags a `gcc -m32` build needs on this machine.
# Debian's gcc-multilib, which only adds the /usr/include/asm symlink, conflicts with the
# cross compilers used by `make portability`; gcc-12-multilib and libc6-dev-i386 do not.
# Without the symlink, an include directory holding the same link takes its place.
set -eu
if [ ! -e /usr/include/asm ] && [ -d /usr/include/x86_64-linux-gnu/asm ]; then
  shim=${TMPDIR:-/tmp}/skampi-asm-shim
  mkdir -p "$shim"
  [ -e "$shim/asm" ] || ln -s /usr/include/x86_64-linux-gnu/asm "$shim/asm"
  printf '%s\n' "-idirafter $shim"
fi
