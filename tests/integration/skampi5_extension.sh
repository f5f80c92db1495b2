#!/bin/sh
# tests/integration/skampi5_extension.sh -- SKaMPI 5 extensions compile and run through
# split/measurements/skampi5_compat.h (doc/internals.md, "SKaMPI 5 extensions"):
#   - the amalgam made from split/ as it is now builds with MPICH (mpicc.mpich) and lists
#     the example extension split/measurements/meas_skampi5_example.c (SKaMPI 5 manual §3.1's
#     Pingpong_Send_Recv, registered as Skampi5_Pingpong_Send_Recv) with its parameter
#     names; the sequential build lists the row as needing an MPI library;
#   - a tiny .ski measuring it under `tools/mpirun.sh mpich 2` writes a result line
#     for every count, with the reported size init_ set through get_extent;
#   - a second extension using every accessor of SKaMPI 5 manual §6.2.2 and §6.2.1
#     (communicator, rank, size, buffers and their usage, reported size, get_extent,
#     the synchronisation calls, the malloc helpers, the arithmetic helpers) and the
#     parameter types int, double, MPI_Datatype, MPI_Comm, MPI_Op compiles after the
#     amalgam with -std=c89 -pedantic -Wall -Wextra -Werror, also with -DSKAMPI_MPI1.
#   - doc/internals.md's section "SKaMPI 5 extensions" shows split/measurements/meas_skampi5_example.c as it is
#     (below the file's top comment; blank lines aside).
# Prints "ok NAME" / "FAIL NAME: why" / "skip NAME: needs TOOL"; exits non-zero on failure.
#   sh tests/integration/skampi5_extension.sh      (work files in tests/out/skampi5_extension)
set -u
. "$(dirname "$0")/../lib.sh"
work=tests/out/skampi5_extension
rm -rf "$work" 2>/dev/null; mkdir -p "$work" 2>/dev/null || work=${TMPDIR:-/tmp}/skampi5_extension.$$
mkdir -p "$work" || { echo "FAIL skampi5_workdir: cannot create $work"; exit 1; }
name=Skampi5_Pingpong_Send_Recv

# the amalgam of split/ as it is now and its builds, made by tests/run.sh (tests/lib.sh)
if amalgam_is_current; then pass skampi5_amalgam
else fail skampi5_amalgam "tests/out/skampi_amalgam.c is missing or older than split/ (tests/run.sh makes it)"; exit 1; fi

# doc/internals.md's code block of the section is the example file below its top comment
awk '/^## SKaMPI 5 extensions/ { s = 1 } s && /^```c/ { c = 1; next } c && /^```/ { exit } c { print }' doc/internals.md |
  grep -v '^$' > "$work/readme_example.c"
sed '1,/^\*\//d' split/measurements/meas_skampi5_example.c | grep -v '^$' > "$work/file_example.c"
if [ -s "$work/readme_example.c" ] && cmp -s "$work/readme_example.c" "$work/file_example.c"; then pass skampi5_readme_shows_example
else fail skampi5_readme_shows_example "doc/internals.md's code differs from split/measurements/meas_skampi5_example.c (diff $work/readme_example.c $work/file_example.c)"; fi

if seq_bin=$(sk_binary seq) &&
   "$seq_bin" -l "$name" > "$work/list-seq.txt" 2>&1 &&
   grep -q "^  $name(count:int, datatype:datatype, tag:int, iterations:int).*needs an MPI library" "$work/list-seq.txt"
then pass skampi5_sequential_lists_row
else fail skampi5_sequential_lists_row "skampi-seq -l $name (see $work/list-seq.txt, tests/out/build-skampi-seq.log)"; fi

if ! have "$(mpicc_of mpich)" || ! have mpiexec.mpich; then
  echo "skip skampi5_mpich: needs mpicc.mpich and mpiexec.mpich"
  finish
fi

if skampi_bin=$(sk_binary mpi mpich); then pass skampi5_mpich_builds
else fail skampi5_mpich_builds "see tests/out/build-skampi-mpich.log"; exit 1; fi

if "$skampi_bin" -l "$name" > "$work/list-mpich.txt" 2>&1 &&
   grep -q "^  $name(count:int, datatype:datatype, tag:int, iterations:int)" "$work/list-mpich.txt" &&
   ! grep -q "not in this build" "$work/list-mpich.txt"
then pass skampi5_mpich_lists_row
else fail skampi5_mpich_lists_row "skampi -l $name (see $work/list-mpich.txt)"; fi

cat > "$work/skampi5.ski" <<SKI
set_min_repetitions(3)
set_max_repetitions(6)
begin measurement "skampi5_example"
  for count = 1 to 64 step *8 do
    measure MPI_COMM_WORLD : $name(count, MPI_INT, 0, 4)
  od
end measurement
SKI
rm -f "$work/skampi5.sko"
if timeout 120 tools/mpirun.sh mpich 2 "$skampi_bin" -i "$work/skampi5.ski" -o "$work/skampi5.sko" \
     > "$work/run.log" 2>&1; then pass skampi5_run_exits_0
else fail skampi5_run_exits_0 "tools/mpirun.sh mpich 2 (see $work/run.log)"; fi
# result lines: "count= C  BYTES  time ..." inside the result block; BYTES = 4 * C (MPI_INT)
lines=$(sed -n '/^# begin result "skampi5_example"/,/^# end result/p' "$work/skampi5.sko" 2>/dev/null |
  awk '$1 == "count=" && $3 == 4 * $2 && $4 + 0 > 0 { n++ } END { print n + 0 }')
if [ "$lines" -eq 3 ]; then pass skampi5_result_lines
else fail skampi5_result_lines "expected 3 result lines (count 1, 8 and 64, size 4*count, time > 0), found $lines (see $work/skampi5.sko)"; fi

# every accessor, compiled after the amalgam (the accessors are macros: unused ones
# cost nothing, used ones must compile cleanly)
cat > "$work/every_accessor.c" <<'C'
#include "skampi_amalgam.c"

static double *every_scratch;

void init_Every_Accessor(int count, double factor, MPI_Datatype dt, MPI_Comm comm, MPI_Op op)
{
  MPI_Aint bytes = get_extent(count, dt);
  (void)factor; (void)comm; (void)op;
  init_synchronization();
  set_send_buffer_usage(bytes);
  set_recv_buffer_usage(bytes * get_measurement_size());
  set_reported_message_size(imax2((int)bytes, 0));
  every_scratch = malloc_doubles(imax3(count, 1, 2));
}

double measure_Every_Accessor(int count, double factor, MPI_Datatype dt, MPI_Comm comm, MPI_Op op)
{
  double start, stop;
  int *ints = malloc_ints(imin2(count, 4) + 1);
  char *chars = malloc_chars(get_send_buffer_usage() + 1);
  MPI_Request *reqs = malloc_reqs(2);
  void *block = mpi_malloc(8);
  char *more = mpi_malloc_chars(2);
  int *more_ints = mpi_malloc_ints(2);
  (void)comm;
  start = start_synchronization();
  MPI_Reduce(get_send_buffer(), get_recv_buffer(), count, dt, op, 0, get_measurement_comm());
  stop = stop_synchronization();
  ints[0] = get_measurement_rank();
  chars[0] = (char)(get_recv_buffer_usage() > 0);
  every_scratch[0] = fsqr(factor) + fmax2(factor, 0.0) + fmin2(factor, 1.0)
                     + (double)get_reported_message_size();
  free(ints); free(chars); free(reqs); mpi_free(block); mpi_free(more); mpi_free(more_ints);
  return stop - start;
}

void finalize_Every_Accessor(int count, double factor, MPI_Datatype dt, MPI_Comm comm, MPI_Op op)
{
  (void)count; (void)factor; (void)dt; (void)comm; (void)op;
  free(every_scratch);
}

#define EVERY_ARGS SK5_ARG_int(&a[0]), SK5_ARG_double(&a[1]), SK5_ARG_MPI_Datatype(&a[2]), \
                   SK5_ARG_MPI_Comm(&a[3]), SK5_ARG_MPI_Op(&a[4])

static void sk5_init_Every_Accessor(sk_mctx *m, const sk_value *a)
{
  sk_mctx *prev = sk5_context(SK5_SET, m);
  init_Every_Accessor(EVERY_ARGS);
  sk5_context(SK5_SET, prev);
}

static double sk5_measure_Every_Accessor(sk_mctx *m, const sk_value *a)
{
  sk_mctx *prev = sk5_context(SK5_SET, m);
  double t = measure_Every_Accessor(EVERY_ARGS);
  sk5_context(SK5_SET, prev);
  return t;
}

static void sk5_finalize_Every_Accessor(sk_mctx *m, const sk_value *a)
{
  sk_mctx *prev = sk5_context(SK5_SET, m);
  finalize_Every_Accessor(EVERY_ARGS);
  sk5_context(SK5_SET, prev);
}

static const sk_measurement every_table[] = {
  SK_ROW_MPI("Every_Accessor", "count:i factor:d dt:t comm:c op:o", SK_PATTERN_COLLECTIVE, 1, 0,
             sk5_measure_Every_Accessor, sk5_init_Every_Accessor, sk5_finalize_Every_Accessor, NULL, NULL, NULL),
  SK_ROW_END
};

const sk_measurement *every_accessor_table(void);
const sk_measurement *every_accessor_table(void) { return every_table; }
C
for level in "" -DSKAMPI_MPI1; do
  if sk_cc "$(mpicc_of mpich)" @warn -Werror $level -I"$SK_OUT" -c -o "$work/every.o" \
       "$work/every_accessor.c" > "$work/every$level.log" 2>&1
  then pass "skampi5_every_accessor_compiles$level"
  else fail "skampi5_every_accessor_compiles$level" "see $work/every$level.log"; fi
done
finish
