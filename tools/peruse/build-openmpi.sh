#!/bin/sh
# tools/peruse/build-openmpi.sh -- builds, once, an Open MPI with PERUSE (MPI PERUSE 2.0)
# from the Debian source package of the Open MPI the machine has, into a cache outside
# the checkout: ${SKAMPI_PERUSE_CACHE:-$HOME/.cache/skampi-peruse}/prefix. Debian's own
# Open MPI is built without PERUSE. Prints the prefix on its last line; a second call
# finds the cache and returns at once. Needs apt-get (deb-src entries are derived from
# the machine's apt sources into a private apt directory; the system's apt state is not
# touched), dpkg-dev, a C compiler and make; about 10 minutes on 2 idle cores.
set -eu
cache=${SKAMPI_PERUSE_CACHE:-$HOME/.cache/skampi-peruse}
prefix=$cache/prefix
if [ -x "$prefix/bin/mpicc" ] && [ -f "$prefix/include/peruse.h" ]; then echo "$prefix"; exit 0; fi
mkdir -p "$cache/apt/lists/partial" "$cache/apt/archives/partial" "$cache/apt/parts" "$cache/src"
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
# dpkg-source unpacks; the Debian patches touch configure.ac and Makefile.am, so the
# build runs autoreconf (autoconf, automake, libtool) and needs flex
for tool in dpkg-source:dpkg-dev autoreconf:autoconf automake:automake libtoolize:libtool flex:flex; do
  command -v "${tool%%:*}" >/dev/null 2>&1 && continue
  if [ "$(id -u)" = 0 ]; then apt-get install -y -q --no-install-recommends "${tool#*:}"
  else echo "tools/peruse/build-openmpi.sh: needs ${tool#*:} (apt-get install ${tool#*:})" >&2; exit 1; fi
done
apt_private update
version=$(dpkg-query -W -f '${Version}' libopenmpi-dev 2>/dev/null || true)
cd "$cache/src"
if ! ls -d openmpi-*/ >/dev/null 2>&1; then
  if [ -n "$version" ]; then apt_private source --download-only "openmpi=$version" || apt_private source --download-only openmpi
  else apt_private source --download-only openmpi; fi
  dpkg-source -x --no-check ./openmpi_*.dsc
fi
src=$(ls -d "$cache"/src/openmpi-*/ | head -1)
cd "$src"
./configure --prefix="$prefix" --enable-peruse --disable-mpi-fortran --disable-oshmem --without-ucx \
  --disable-dependency-tracking > "$cache/configure.log" 2>&1
make -j2 > "$cache/make.log" 2>&1
make install > "$cache/install.log" 2>&1
test -f "$prefix/include/peruse.h"
echo "$prefix"
