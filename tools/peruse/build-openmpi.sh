#!/bin/sh
# tools/peruse/build-openmpi.sh -- builds, once, an Open MPI with PERUSE (MPI PERUSE 2.0)
# from the Debian source package of the Open MPI the machine has, into a cache outside
# the checkout: ${SKAMPI_PERUSE_CACHE:-$HOME/.cache/skampi-peruse}/prefix. Debian's own
# Open MPI is built without PERUSE. Prints the prefix on its last line; a second call
# finds the cache and returns at once (nothing is downloaded or rebuilt).
#
# Needs apt-get and dpkg-source (dpkg-dev; deb-src entries are derived from the machine's
# apt sources into a private apt directory, the system's apt state is not touched), a C
# compiler and make. The source is unpacked WITHOUT Debian's patches (dpkg-source
# --skip-patches): they touch configure.ac and Makefile.am files (the installed libdir,
# hppa/ia64/Hurd ports, Fortran wrappers), which would make the build rerun the
# autotools of 2022 (automake 1.15); none of them matters for a private prefix. The build
# runs out of tree in $cache/build; its logs are $cache/{configure,make,install}.log.
# About 10-20 minutes on 2 busy cores (ROMIO, Fortran, OpenSHMEM and UCX left out).
set -eu
cache=${SKAMPI_PERUSE_CACHE:-$HOME/.cache/skampi-peruse}
prefix=$cache/prefix
if [ -x "$prefix/bin/mpicc" ] && [ -f "$prefix/include/peruse.h" ]; then echo "$prefix"; exit 0; fi
say() { echo "tools/peruse/build-openmpi.sh: $*" >&2; }
mkdir -p "$cache/src"
src=$cache/src/openmpi-unpatched
if [ ! -f "$src/.skampi-unpacked" ]; then
  if ! ls "$cache"/src/openmpi_*.dsc >/dev/null 2>&1; then
    mkdir -p "$cache/apt/lists/partial" "$cache/apt/archives/partial" "$cache/apt/parts"
    # deb-src twins of the machine's deb sources (one-line and deb822 formats)
    : > "$cache/apt/sources.list"
    if [ -f /etc/apt/sources.list ]; then
      sed -n 's/^deb \(.*\)$/deb-src \1/p' /etc/apt/sources.list >> "$cache/apt/sources.list"
    fi
    for f in /etc/apt/sources.list.d/*.sources; do
      [ -f "$f" ] || continue
      grep -q '^URIs: .*debian' "$f" || continue
      sed 's/^Types: deb$/Types: deb-src/' "$f" > "$cache/apt/parts/$(basename "$f")"
    done
    apt_private() {
      apt-get -q -o Dir::Etc::SourceList="$cache/apt/sources.list" -o Dir::Etc::SourceParts="$cache/apt/parts" \
        -o Dir::State::Lists="$cache/apt/lists" -o Dir::Cache::Archives="$cache/apt/archives" \
        -o Dir::Cache="$cache/apt" "$@"
    }
    if ! command -v dpkg-source >/dev/null 2>&1; then
      if [ "$(id -u)" = 0 ]; then apt-get install -y -q --no-install-recommends dpkg-dev >&2
      else say "needs dpkg-source (apt-get install dpkg-dev)"; exit 1; fi
    fi
    apt_private update >&2
    version=$(dpkg-query -W -f '${Version}' libopenmpi-dev 2>/dev/null || true)
    cd "$cache/src"
    if [ -n "$version" ]; then apt_private source --download-only "openmpi=$version" >&2 || apt_private source --download-only openmpi >&2
    else apt_private source --download-only openmpi >&2; fi
  fi
  rm -rf "$src"
  dsc=$(ls "$cache"/src/openmpi_*.dsc | tail -1)
  dpkg-source -x --skip-patches --no-check "$dsc" "$src" >&2
  : > "$src/.skampi-unpacked"
fi
# a fresh out-of-tree build each time the prefix is missing (a half-done one is redone)
rm -rf "$cache/build"
mkdir -p "$cache/build"
cd "$cache/build"
say "configuring (log: $cache/configure.log)"
if ! "$src/configure" --prefix="$prefix" --enable-peruse --disable-mpi-fortran --disable-oshmem \
  --without-ucx --disable-io-romio --disable-dependency-tracking > "$cache/configure.log" 2>&1; then
  tail -20 "$cache/configure.log" >&2; exit 1
fi
say "building (log: $cache/make.log)"
if ! make -j2 > "$cache/make.log" 2>&1; then tail -20 "$cache/make.log" >&2; exit 1; fi
if ! make install > "$cache/install.log" 2>&1; then tail -20 "$cache/install.log" >&2; exit 1; fi
if [ ! -f "$prefix/include/peruse.h" ]; then say "no peruse.h under $prefix/include"; exit 1; fi
echo "$prefix"
