/*
** tools/bench/plain_coll.c -- a plain MPI timing loop (OSU style), the reference beside
** skampi in tools/bench/interference.sh and tests/interference/interference.sh. MPI-1 calls only.
** Usage: mpirun -np P plain_coll OP COUNT [ITERS] [RUNS]     (defaults: 200 and 11)
**   OP and COUNT, in the units of ski/coll.ski:
**     bcast, alltoall, gather, scatter   COUNT bytes (MPI_BYTE; alltoall: to each process),
**                                        root 0
**     reduce                             COUNT MPI_INT elements, MPI_SUM, root 0
**     allreduce                          COUNT MPI_DOUBLE elements, MPI_MAX
**     allreduce_int                      COUNT MPI_INT elements, MPI_SUM
**     barrier                            COUNT ignored (give 0)
**     pingpong                           COUNT bytes, MPI_Send/MPI_Recv between ranks 0
**                                        and 1; the time is the full round trip, as skampi's
**                                        Pingpong_Send_Recv reports it
** After 10 warm-up calls, RUNS runs: MPI_Barrier, then ITERS calls timed together; the
** time of a run is the largest over the processes of (end - start) / ITERS. Rank 0 prints
** one line, "OP COUNT median_us min_us": the median and the least time of a run. With
** ITERS > 1 the line has a fifth field, single_us: the median of SINGLE_RUNS (101) runs
** of one call each after a barrier -- what a benchmark that times one call from a
** common start (as skampi does) is to be compared with.
*/
#include <mpi.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SINGLE_RUNS 101

enum op { OP_BCAST, OP_REDUCE, OP_ALLREDUCE, OP_ALLREDUCE_INT, OP_ALLTOALL, OP_GATHER,
          OP_SCATTER, OP_BARRIER, OP_PINGPONG, OP_NONE };

static const char *const op_names[] = { "bcast", "reduce", "allreduce", "allreduce_int",
                                        "alltoall", "gather", "scatter", "barrier",
                                        "pingpong" };

static enum op op_of(const char *name)
{
  int i;
  for (i = 0; i < (int)OP_NONE; i++)
    if (strcmp(name, op_names[i]) == 0) return (enum op)i;
  return OP_NONE;
}

/* a whole number >= least, or -1 */
static long number(const char *s, long least)
{
  char *end;
  long v = strtol(s, &end, 10);
  if (end == s || *end != '\0' || v < least || v > INT_MAX) return -1;
  return v;
}

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* n calls of the operation */
static void calls(enum op op, int n, int count, int rank, char *sbuf, char *rbuf)
{
  MPI_Comm comm = MPI_COMM_WORLD;
  MPI_Status st;
  int i;
  for (i = 0; i < n; i++) {
    switch (op) {
    case OP_BCAST: MPI_Bcast(sbuf, count, MPI_BYTE, 0, comm); break;
    case OP_REDUCE: MPI_Reduce(sbuf, rbuf, count, MPI_INT, MPI_SUM, 0, comm); break;
    case OP_ALLREDUCE: MPI_Allreduce(sbuf, rbuf, count, MPI_DOUBLE, MPI_MAX, comm); break;
    case OP_ALLREDUCE_INT: MPI_Allreduce(sbuf, rbuf, count, MPI_INT, MPI_SUM, comm); break;
    case OP_ALLTOALL: MPI_Alltoall(sbuf, count, MPI_BYTE, rbuf, count, MPI_BYTE, comm); break;
    case OP_GATHER: MPI_Gather(sbuf, count, MPI_BYTE, rbuf, count, MPI_BYTE, 0, comm); break;
    case OP_SCATTER: MPI_Scatter(sbuf, count, MPI_BYTE, rbuf, count, MPI_BYTE, 0, comm); break;
    case OP_BARRIER: MPI_Barrier(comm); break;
    case OP_PINGPONG:
      if (rank == 0) {
        MPI_Send(sbuf, count, MPI_BYTE, 1, 0, comm);
        MPI_Recv(rbuf, count, MPI_BYTE, 1, 0, comm, &st);
      } else if (rank == 1) {
        MPI_Recv(rbuf, count, MPI_BYTE, 0, 0, comm, &st);
        MPI_Send(sbuf, count, MPI_BYTE, 0, 0, comm);
      }
      break;
    case OP_NONE: break;
    }
  }
}

int main(int argc, char **argv)
{
  enum op op = OP_NONE;
  long count = -1, iters = 200, runs = 11, elem = 1, bytes;
  int rank, size, r, ok, per_process;
  char *sbuf, *rbuf;
  double t0, t1, mine, slowest, *times = NULL, median;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  /* every process reads the same arguments, so all of them agree on the outcome */
  ok = argc >= 3 && argc <= 5;
  if (ok) {
    op = op_of(argv[1]);
    count = number(argv[2], 0);
    if (argc > 3) iters = number(argv[3], 1);
    if (argc > 4) runs = number(argv[4], 1);
    ok = op != OP_NONE && count >= 0 && iters >= 1 && runs >= 1;
  }
  if (ok && op == OP_PINGPONG && size < 2) {
    if (rank == 0) fprintf(stderr, "plain_coll: pingpong needs 2 processes or more\n");
    MPI_Finalize();
    return 2;
  }
  if (op == OP_REDUCE || op == OP_ALLREDUCE_INT) elem = (long)sizeof(int);
  if (op == OP_ALLREDUCE) elem = (long)sizeof(double);
  /* room for COUNT elements from or to every process where the operation needs it
  ** (alltoall, gather, scatter), else for COUNT elements: a buffer of COUNT x P for every
  ** operation made the plain loop's memory grow like P^2 under a simulator, where every
  ** rank is a thread of one process (4096 ranks, 1 KiB broadcasts: 34 GB) */
  per_process = op == OP_ALLTOALL || op == OP_GATHER || op == OP_SCATTER;
  if (ok && count > INT_MAX / elem / (per_process ? size : 1)) ok = 0;
  if (!ok) {
    if (rank == 0)
      fprintf(stderr, "usage: plain_coll OP COUNT [ITERS] [RUNS]\n"
                      "  OP: bcast reduce allreduce allreduce_int alltoall gather scatter"
                      " barrier pingpong\n  COUNT >= 0, ITERS >= 1 (default 200),"
                      " RUNS >= 1 (default 11)\n");
    MPI_Finalize();
    return 2;
  }
  bytes = count * elem * (per_process ? size : 1);
  sbuf = malloc((size_t)(bytes > 0 ? bytes : 1));
  rbuf = malloc((size_t)(bytes > 0 ? bytes : 1));
  if (rank == 0) times = malloc((size_t)runs * sizeof *times);
  if (sbuf == NULL || rbuf == NULL || (rank == 0 && times == NULL)) {
    fprintf(stderr, "plain_coll: out of memory for %ld bytes\n", bytes);
    MPI_Abort(MPI_COMM_WORLD, 1);
    return 1;
  }
  memset(sbuf, 0, (size_t)(bytes > 0 ? bytes : 1));
  memset(rbuf, 0, (size_t)(bytes > 0 ? bytes : 1));

  calls(op, 10, (int)count, rank, sbuf, rbuf);
  for (r = 0; r < runs; r++) {
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    calls(op, (int)iters, (int)count, rank, sbuf, rbuf);
    t1 = MPI_Wtime();
    mine = (t1 - t0) / (double)iters;
    MPI_Reduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0) times[r] = slowest;
  }
  if (rank == 0) {
    qsort(times, (size_t)runs, sizeof *times, cmp_double);
    median = runs % 2 ? times[runs / 2] : (times[runs / 2 - 1] + times[runs / 2]) / 2.0;
    printf("%s %ld %.3f %.3f", op_names[op], count, 1e6 * median, 1e6 * times[0]);
  }
  if (iters > 1) {
    double single[SINGLE_RUNS];
    for (r = 0; r < SINGLE_RUNS; r++) {
      MPI_Barrier(MPI_COMM_WORLD);
      t0 = MPI_Wtime();
      calls(op, 1, (int)count, rank, sbuf, rbuf);
      mine = MPI_Wtime() - t0;
      MPI_Reduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
      single[r] = slowest;
    }
    if (rank == 0) {
      qsort(single, SINGLE_RUNS, sizeof single[0], cmp_double);
      printf(" %.3f", 1e6 * single[SINGLE_RUNS / 2]);
    }
  }
  if (rank == 0) {
    printf("\n");
    fflush(stdout);
    free(times);
  }
  free(sbuf);
  free(rbuf);
  MPI_Finalize();
  return 0;
}
