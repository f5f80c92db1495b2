/*
** tools/bench/rtt_plain.c -- a plain MPI ping-pong between ranks 0 and 1, the reference of
** tools/bench/single_roundtrip.sh. MPI-1.1 calls only. For each message length it prints
** one line per method, times of ONE full round trip in microseconds (as skampi reports
** ping-pongs), median and mean over REPS samples:
**   steady      100 round trips timed together, divided by 100 (what IMB/OSU report x2)
**   single      one round trip timed on rank 0 after a barrier
**   protocol    one round trip after a gather and a broadcast on another communicator
**               (the shape of skampi's per-repetition agreement), both ranks time it and
**               the maximum over the two counts (SKaMPI 5 manual §3.1)
**   aligned     as protocol, with skampi's framing of a ping-pong: rank 1 first sends an
**               empty message and rank 0 starts its clock once it has it; rank 1 starts
**               its clock after the first ping and rank 0 sends one more ping after its
**               end time (as in the manual's code); both subtract the least difference
**               of 100 back-to-back MPI_Wtime readings (SKaLib report (TR 99/07) §3.2)
** Usage: mpirun -np 2 rtt_plain [REPS]   (default 200)
*/
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static void report(const char *method, int len, double *t, int n)
{
  double sum = 0.0;
  int i;
  for (i = 0; i < n; i++) sum += t[i];
  qsort(t, (size_t)n, sizeof *t, cmp_double);
  printf("%-9s %7d %10.3f %10.3f\n", method, len, 1e6 * t[n / 2], 1e6 * sum / n);
}

static void round_trips(int rank, char *buf, int len, int n, MPI_Comm comm)
{
  MPI_Status st;
  int i;
  for (i = 0; i < n; i++) {
    if (rank == 0) {
      MPI_Send(buf, len, MPI_BYTE, 1, 0, comm);
      MPI_Recv(buf, len, MPI_BYTE, 1, 0, comm, &st);
    } else {
      MPI_Recv(buf, len, MPI_BYTE, 0, 0, comm, &st);
      MPI_Send(buf, len, MPI_BYTE, 0, 0, comm);
    }
  }
}

/* The least difference of 100 back-to-back clock readings. */
static double clock_cost(void)
{
  double cost = 1.0, first, pair;
  int i;
  for (i = 0; i < 100; i++) {
    first = MPI_Wtime();
    pair = MPI_Wtime() - first;
    if (pair >= 0.0 && pair < cost) cost = pair;
  }
  return cost;
}

/* One round trip with skampi's framing (see "aligned" above); this rank's time. */
static double aligned_round_trip(int rank, char *buf, int len, double cost, MPI_Comm comm)
{
  MPI_Status st;
  double t0, t1;
  if (rank == 0) {
    MPI_Recv(buf, 0, MPI_BYTE, 1, 0, comm, &st);
    t0 = MPI_Wtime();
    MPI_Send(buf, len, MPI_BYTE, 1, 0, comm);
    MPI_Recv(buf, len, MPI_BYTE, 1, 0, comm, &st);
    t1 = MPI_Wtime();
    MPI_Send(buf, len, MPI_BYTE, 1, 0, comm);
  } else {
    MPI_Send(buf, 0, MPI_BYTE, 0, 0, comm);
    MPI_Recv(buf, len, MPI_BYTE, 0, 0, comm, &st);
    t0 = MPI_Wtime();
    MPI_Send(buf, len, MPI_BYTE, 0, 0, comm);
    MPI_Recv(buf, len, MPI_BYTE, 0, 0, comm, &st);
    t1 = MPI_Wtime();
  }
  return t1 - t0 - cost;
}

int main(int argc, char **argv)
{
  static const int lens[] = { 1, 1024, 65536 };
  int rank, size, reps = 200, l, r;
  MPI_Comm control, measure;
  char *buf;
  double *t, mine[1], both[2], t0, cost;
  int verdict = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc > 1) reps = atoi(argv[1]);
  if (size != 2 || reps < 1) {
    if (rank == 0) fprintf(stderr, "rtt_plain: run with 2 processes; REPS >= 1\n");
    MPI_Finalize();
    return 2;
  }
  MPI_Comm_dup(MPI_COMM_WORLD, &control);
  MPI_Comm_dup(MPI_COMM_WORLD, &measure);
  cost = clock_cost();
  buf = (char *)calloc(65536, 1);
  t = (double *)calloc((size_t)reps, sizeof *t);
  if (rank == 0) printf("# method     bytes  median_us    mean_us   (one full round trip)\n");
  for (l = 0; l < (int)(sizeof lens / sizeof lens[0]); l++) {
    round_trips(rank, buf, lens[l], 10, measure);             /* warm-up */
    for (r = 0; r < reps; r++) {
      MPI_Barrier(measure);
      t0 = MPI_Wtime();
      round_trips(rank, buf, lens[l], 100, measure);
      t[r] = (MPI_Wtime() - t0) / 100.0;
    }
    if (rank == 0) report("steady", lens[l], t, reps);
    for (r = 0; r < reps; r++) {
      MPI_Barrier(measure);
      t0 = MPI_Wtime();
      round_trips(rank, buf, lens[l], 1, measure);
      t[r] = MPI_Wtime() - t0;
    }
    if (rank == 0) report("single", lens[l], t, reps);
    for (r = 0; r <= reps; r++) {
      t0 = MPI_Wtime();
      round_trips(rank, buf, lens[l], 1, measure);
      mine[0] = MPI_Wtime() - t0;
      MPI_Gather(mine, 1, MPI_DOUBLE, both, 1, MPI_DOUBLE, 0, control);
      MPI_Bcast(&verdict, 1, MPI_INT, 0, control);
      if (rank == 0 && r > 0) t[r - 1] = both[0] > both[1] ? both[0] : both[1];
    }
    if (rank == 0) report("protocol", lens[l], t, reps);
    for (r = 0; r <= reps; r++) {
      mine[0] = aligned_round_trip(rank, buf, lens[l], cost, measure);
      MPI_Gather(mine, 1, MPI_DOUBLE, both, 1, MPI_DOUBLE, 0, control);
      MPI_Bcast(&verdict, 1, MPI_INT, 0, control);
      if (rank == 0 && r > 0) t[r - 1] = both[0] > both[1] ? both[0] : both[1];
    }
    if (rank == 0) report("aligned", lens[l], t, reps);
  }
  free(buf);
  free(t);
  MPI_Comm_free(&control);
  MPI_Comm_free(&measure);
  MPI_Finalize();
  return 0;
}
