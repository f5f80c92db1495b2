#!/bin/sh
# tools/bench/imb_build.sh IMB_SOURCE [openmpi|mpich|both] -- builds the Intel MPI
# Benchmarks 2021 (a copy of github.com/intel/mpi-benchmarks) with one MPI's compiler
# wrappers, for tools/bench/imb_side_by_side.sh. IMB is not part of skampi and is not
# downloaded here. IMB builds inside its own tree, so the source is copied to
# PREFIX/build first and the binaries go to PREFIX/bin; PREFIX is $IMB_PREFIX, default
# /work/imb-inst-<mpi>. Builds IMB-MPI1, IMB-NBC, IMB-RMA, IMB-EXT, IMB-IO, IMB-MT,
# IMB-P2P and IMB-MPI4 (MPI-4: not with Open MPI 4.1) with IMB's own flags (-O0 -Werror:
# its timed loops are MPI calls; mpi.h's C++ bindings are left out), one make at a time
# (the machine is shared); a suite that fails to build is reported and skipped;
# IMB_SUITES="MPI1 MT" builds only those. Exit 1 when IMB-MPI1 does not build.
set -eu
src=${1:-}
which=${2:-both}
[ -n "$src" ] && [ -f "$src/src_cpp/Makefile" ] ||
  { echo "usage: $0 IMB_SOURCE [openmpi|mpich|both]  (IMB_SOURCE: a copy of intel/mpi-benchmarks)" >&2; exit 2; }
src=$(cd "$src" && pwd)
case $which in
  both) impls="openmpi mpich" ;;
  openmpi|mpich) impls=$which ;;
  *) echo "usage: $0 IMB_SOURCE [openmpi|mpich|both]" >&2; exit 2 ;;
esac
# IMB is C and C++ that uses MPI's C interface only: without these the MPIs' deprecated
# C++ bindings come in through mpi.h and fail IMB's -Werror with gcc 12
skip_cxx="-DOMPI_SKIP_MPICXX -DMPICH_SKIP_MPICXX"
status=0
for impl in $impls; do
  case $impl in
    openmpi) cc=mpicc.openmpi; cxx=mpicxx.openmpi ;;
    mpich) cc=mpicc.mpich; cxx=mpicxx.mpich ;;
  esac
  command -v $cc >/dev/null 2>&1 || { echo "$0: $cc missing, $impl skipped" >&2; status=1; continue; }
  prefix=${IMB_PREFIX:-/work/imb-inst-$impl}
  rm -rf "$prefix/build"
  mkdir -p "$prefix/build" "$prefix/bin"
  cp -R "$src/." "$prefix/build"
  for suite in ${IMB_SUITES:-MPI1 NBC RMA EXT IO MT P2P MPI4}; do
    log=$prefix/build/make-$suite.log
    # IMB-MT is OpenMP; IMB's Makefile adds -fopenmp only for compilers named plain mpicc/mpicxx
    omp=; [ $suite = MT ] && omp=-fopenmp
    if (cd "$prefix/build" && make CC=$cc CXX=$cxx CPPFLAGS="$skip_cxx" CFLAGS="$omp" CXXFLAGS="$omp" \
        IMB-$suite) > "$log" 2>&1; then
      cp "$prefix/build/IMB-$suite" "$prefix/bin/"
      echo "$impl: IMB-$suite -> $prefix/bin/IMB-$suite"
    else
      echo "$impl: IMB-$suite did not build, see $log" >&2
      [ $suite = MPI1 ] && status=1
    fi
  done
done
exit $status
