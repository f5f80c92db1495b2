#!/bin/sh
# tests/common/copy_tree.sh DIR -- copies the working tree (as it is, edits included; without .git
# and build products) into DIR, for tests that build or break things in a copy.
set -eu
. "$(dirname "$0")/../lib.sh"
mkdir -p "$1"
tar -cf - --exclude=./.git --exclude=./tests/out --exclude=./tests/unit/build \
  --exclude=./tests/fuzz/build --exclude=./skampi --exclude=./skampi-seq \
  --exclude=./skampi-mpi1 --exclude=./skampi-rcce --exclude='./*.sko*' . | tar -xf - -C "$1"
