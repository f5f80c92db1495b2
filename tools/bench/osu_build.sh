#!/bin/sh
# tools/bench/osu_build.sh [OSU_SOURCE] [openmpi|mpich] -- builds every MPI program of the
# OSU micro-benchmarks 7.x (c/mpi/{pt2pt,collective,one-sided,startup}, the persistent,
# congestion, non-blocking and neighbourhood subdirectories included) with one MPI's
# mpicc, without OSU's configure: each program's .c with c/util's MPI helpers, host
# buffers only (no CUDA/ROCm/OpenACC, no PAPI). OSU is not part of skampi and is not
# downloaded here; OSU_SOURCE defaults to $OSU_SRC or /work/osu-7.4. The binaries go to
# PREFIX/bin, PREFIX = $OSU_PREFIX or /work/osu-inst-<mpi>; one compiler at a time (the
# machine is shared). A program that does not compile is reported and skipped (its log
# in PREFIX/build). Exit 1 when the source or the MPI is missing or nothing compiled.
set -eu
osu=${1:-${OSU_SRC:-/work/osu-7.4}}
impl=${2:-mpich}
case $impl in
  openmpi) cc=mpicc.openmpi ;;
  mpich) cc=mpicc.mpich ;;
  *) echo "usage: $0 [OSU_SOURCE] [openmpi|mpich]" >&2; exit 2 ;;
esac
command -v $cc >/dev/null 2>&1 || { echo "$0: $cc missing" >&2; exit 1; }
[ -f "$osu/c/util/osu_util_mpi.c" ] || { echo "$0: no OSU 7 source at $osu (OSU_SRC)" >&2; exit 1; }
osu=$(cd "$osu" && pwd)
prefix=${OSU_PREFIX:-/work/osu-inst-$impl}
mkdir -p "$prefix/bin" "$prefix/build"
util=$osu/c/util
# configure would define PACKAGE_VERSION (OSU's headers print it; osu_get_multi_lat needs it)
ver=$(sed -n 's/^AC_INIT(\[[^]]*\], *\[\([^]]*\)\].*/\1/p' "$osu/configure.ac" 2>/dev/null | head -1)
cc="$cc -DPACKAGE_VERSION=\"${ver:-7}\""
# the helpers every program links: options, printing, buffers (osu_util_mpi.c), the
# neighbourhood graphs and the -c validation; PAPI's file is empty without _ENABLE_PAPI_
objs=
for u in osu_util osu_util_mpi osu_util_graph osu_util_papi osu_util_validation; do
  $cc -O2 -I "$util" -c -o "$prefix/build/$u.o" "$util/$u.c"
  objs="$objs $prefix/build/$u.o"
done
built=0; failed=0
for src in $(find "$osu/c/mpi" -name 'osu_*.c' ! -path '*/utils/*' | sort); do
  b=$(basename "$src" .c)
  extra=
  # the fan-in/out programs share a node-pairing helper of their own
  case $src in */congestion/*) extra="-I $(dirname "$src")/utils $(dirname "$src")/utils/osu_bw_fan_util.c" ;; esac
  # shellcheck disable=SC2086
  if $cc -O2 -pthread -I "$util" -I "$(dirname "$src")" -o "$prefix/bin/$b" "$src" $extra $objs -lm \
      > "$prefix/build/$b.log" 2>&1; then
    built=$((built + 1))
  else
    echo "$impl: $b did not build, see $prefix/build/$b.log" >&2; failed=$((failed + 1))
  fi
done
echo "$impl: $built OSU programs in $prefix/bin, $failed failed"
[ $built -gt 0 ]
