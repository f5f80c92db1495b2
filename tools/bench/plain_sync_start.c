/*
** tools/bench/plain_sync_start.c -- a plain MPI program (no skampi code) that times one
** collective the way a synchronised start does and the way a loop does, in one run,
** interleaved: the reference beside skampi in tools/bench/mpich_sync_start.sh (issue 39,
** item 5: why MPICH's small collectives read slower under synchronised starts).
** MPI-1 calls only.
**
** Usage: mpiexec -n P plain_sync_start OP COUNT [REPS] [MARGIN_US] [LOOP_N] [WARMUP] [MODES]
**   OP COUNT   bcast COUNT bytes (MPI_BYTE, root 0) | allreduce COUNT MPI_INTs (MPI_SUM)
**   REPS       repetitions of every mode (default 301)
**   MARGIN_US  time from rank 0's decision to the start it sets (default 20 us)
**   LOOP_N     calls per loop timing (default 100)
**   WARMUP     untimed calls before the first repetition (default 20)
**   MODES      "all" (default) or a comma list of the modes below
** PLAIN_SYNC_TRACE=1 in the environment: rank 0 writes every synchronised repetition to
** stderr ("trace MODE REP root_us other_us root_faults other_faults [late]").
**
** Clocks: every rank r > 0 estimates its offset to rank 0 by ping-pong (the fastest of
** 200 round trips: offset = (t1 + t2) / 2 - t0, wrong by at most half that round trip).
** One repetition of every mode, in this order, then the next repetition:
**   sync       every rank waits (busy, on MPI_Wtime) until one agreed time T (rank 0's
**              clock, converted with the offset) and calls the operation; each rank's
**              time is from T to the end of its call, the repetition's value the largest
**              over the ranks -- what skampi's synchronised start measures (skampi times
**              from the end of the wait, a few ns after T) and how it reduces the node
**              times (the value of a repetition is the maximum over the processes).
**   early      the same, but every rank but rank 0 starts EARLY_US (10 us) before T: the
**              root (rank 0) finds its partner already inside the operation, as in a loop
**              (hypothesis: the root is slow at a common start because the receiver is
**              not in the call yet). Value: from T to the last end.
**   late       every rank but rank 0 starts LATE_US (3 us) after T; value from T.
**   probe      as sync, but rank 0 waits by polling MPI_Iprobe instead of MPI_Wtime
**              alone (hypothesis: the root's idle busy-wait leaves the library cold).
**   window     ReproMPI's window method (Hunold and Carpen-Amarie): WINDOWS (10) windows
**              of WINDOW_US (100 us) one after the other from one agreed T, no agreement
**              in between; a window is counted when every rank arrived before it opened,
**              left its wait within 1 us and ended inside it; value as sync.
**   barrier    MPI_Barrier, then one call; each rank times from its exit of the barrier
**              (IMB's single call with -sync; plain_coll's single_us).
**   loop       MPI_Barrier, then LOOP_N calls back to back; (end - start) / LOOP_N per
**              rank, the largest over the ranks (OSU, IMB).
** Between two measurements the ranks agree as skampi's runner does: MPI_Gather of the
** times to rank 0 and an MPI_Bcast of the next start T = rank 0's now + MARGIN_US, both on
** a communicator of their own (the operation runs on a duplicate of MPI_COMM_WORLD). A
** synchronised repetition in which some rank left its wait more than 1 us after its start
** time (it lost its processor) is discarded, as skampi discards it.
** Page faults: each rank reads its minor page faults (getrusage) after every call, never
** between the agreement and the call: a system call there costs the call on a kernel that
** isolates its page tables without PCID (the VM of tools/bench: every system call flushes
** the TLB; 0.3-1 us on a 128 B broadcast). A call's faults are those since the reading
** after the call before (the agreement in between rarely faults).
** Rank 0 prints one line per mode:
**   MODE OP COUNT median_us root_us other_us kept faulted
** median_us: the median over the repetitions of the value; root_us and other_us: the
** medians of rank 0's and of rank 1's own times; kept: the repetitions counted; faulted:
** how many of them some rank took a minor page fault in (see doc/manual.md "Benchmarks":
** MPICH over UCX faults in the sender's first calls of a message size class).
*/
#include <mpi.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__unix__) || defined(__APPLE__)
#include <sys/resource.h>
#define HAVE_RUSAGE 1
#endif

#define PINGS 200
#define EARLY_US 10.0
#define LATE_US 3.0
#define MAX_DELAY_US 1.0

#define WINDOWS 10
#define WINDOW_US 100.0

enum mode { M_SYNC, M_EARLY, M_LATE, M_PROBE, M_WINDOW, M_BARRIER, M_LOOP, NMODES };
static const char *const mode_names[NMODES] = { "sync", "early", "late", "probe", "window", "barrier", "loop" };

static int is_bcast;
static long count;
static char *sbuf, *rbuf;
static MPI_Comm meas, ctl;

/* this process's minor page faults so far (-1: not known) */
static long minor_faults(void)
{
#ifdef HAVE_RUSAGE
  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) == 0) return (long)ru.ru_minflt;
#endif
  return -1;
}

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median_of(double *v, int n)
{
  if (n == 0) return -1.0;
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static void operation(int rank)
{
  if (is_bcast) MPI_Bcast(rank == 0 ? sbuf : rbuf, (int)count, MPI_BYTE, 0, meas);
  else MPI_Allreduce(sbuf, rbuf, (int)count, MPI_INT, MPI_SUM, meas);
}

/* this rank's clock minus rank 0's (0 on rank 0) */
static double estimate_offset(int rank, int size)
{
  double offset = 0.0, best = 1e30, t1, t2, t0, go = 0.0;
  int r, i;
  MPI_Status st;
  for (r = 1; r < size; r++) {
    MPI_Barrier(ctl);
    for (i = 0; i < PINGS; i++) {
      if (rank == r) {
        t1 = MPI_Wtime();
        MPI_Send(&go, 1, MPI_DOUBLE, 0, 7, ctl);
        MPI_Recv(&t0, 1, MPI_DOUBLE, 0, 7, ctl, &st);
        t2 = MPI_Wtime();
        if (t2 - t1 < best) { best = t2 - t1; offset = 0.5 * (t1 + t2) - t0; }
      } else if (rank == 0) {
        MPI_Recv(&go, 1, MPI_DOUBLE, r, 7, ctl, &st);
        t0 = MPI_Wtime();
        MPI_Send(&t0, 1, MPI_DOUBLE, r, 7, ctl);
      }
    }
  }
  return offset;
}

/* Busy-waits until local time `until`; returns the time at the end of the wait. With
** probe, polls MPI_Iprobe on the control communicator meanwhile (nothing is ever sent
** with tag 99). */
static double wait_until(double until, int probe)
{
  double now = MPI_Wtime();
  int flag;
  MPI_Status st;
  while (now < until) {
    if (probe) MPI_Iprobe(MPI_ANY_SOURCE, 99, ctl, &flag, &st);
    now = MPI_Wtime();
  }
  return now;
}

/* one mode's repetitions on rank 0 */
typedef struct series {
  double *value, *root, *other;
  int kept, faulted;
} series;

static void keep(series *se, const double *all, int size, int stride)
{
  double v = 0.0;
  int i, faulted = 0;
  for (i = 0; i < size; i++) {
    if (all[stride * i] > v) v = all[stride * i];
    if (all[stride * i + 2] > 0.0) faulted = 1;
  }
  se->value[se->kept] = v;
  se->root[se->kept] = all[0];
  se->other[se->kept] = all[stride];
  se->kept++;
  se->faulted += faulted;
}

int main(int argc, char **argv)
{
  long reps = 301, loop_n = 100, warmup = 20, bytes;
  double margin = 20e-6, offset, start_ref = 0.0, *mine, *all = NULL;
  series se[NMODES];
  int use[NMODES];
  int rank, size, ok, m, i, trace = getenv("PLAIN_SYNC_TRACE") != NULL;
  long rep, k, f0;
  char *end;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  ok = argc >= 3 && argc <= 8 && size >= 2;
  for (m = 0; m < NMODES; m++) use[m] = 1;
  if (ok) {
    is_bcast = strcmp(argv[1], "bcast") == 0;
    ok = is_bcast || strcmp(argv[1], "allreduce") == 0;
    count = strtol(argv[2], &end, 10);
    ok = ok && *end == '\0' && count >= 0 && count <= INT_MAX / 4;
    if (argc > 3) { reps = strtol(argv[3], &end, 10); ok = ok && *end == '\0' && reps >= 1 && reps <= 100000; }
    if (argc > 4) { margin = 1e-6 * strtod(argv[4], &end); ok = ok && *end == '\0' && margin > 0.0; }
    if (argc > 5) { loop_n = strtol(argv[5], &end, 10); ok = ok && *end == '\0' && loop_n >= 1; }
    if (argc > 6) { warmup = strtol(argv[6], &end, 10); ok = ok && *end == '\0' && warmup >= 0; }
    if (argc > 7 && strcmp(argv[7], "all") != 0) {
      for (m = 0; m < NMODES; m++) {
        const char *p = strstr(argv[7], mode_names[m]);
        size_t n = strlen(mode_names[m]);
        use[m] = p != NULL && (p == argv[7] || p[-1] == ',') && (p[n] == '\0' || p[n] == ',');
      }
    }
  }
  if (!ok) {
    if (rank == 0)
      fprintf(stderr, "usage: plain_sync_start bcast|allreduce COUNT [REPS] [MARGIN_US] [LOOP_N] [WARMUP]"
                      " [MODES]\n  (2 processes or more; MODES: all or a comma list of sync,early,late,"
                      "probe,window,barrier,loop)\n");
    MPI_Finalize();
    return 2;
  }
  MPI_Comm_dup(MPI_COMM_WORLD, &meas);
  MPI_Comm_dup(MPI_COMM_WORLD, &ctl);
  bytes = is_bcast ? count : count * (long)sizeof(int);
  sbuf = malloc((size_t)(bytes > 0 ? bytes : 1));
  rbuf = malloc((size_t)(bytes > 0 ? bytes : 1));
  mine = malloc(sizeof(double) * 3 * WINDOWS);
  if (rank == 0) all = malloc(sizeof(double) * 3 * WINDOWS * (size_t)size);
  for (m = 0; m < NMODES; m++) {
    long n = m == M_WINDOW ? reps * WINDOWS : reps;
    se[m].value = malloc(sizeof(double) * (size_t)n);
    se[m].root = malloc(sizeof(double) * (size_t)n);
    se[m].other = malloc(sizeof(double) * (size_t)n);
    se[m].kept = se[m].faulted = 0;
    if (se[m].value == NULL || se[m].root == NULL || se[m].other == NULL) ok = 0;
  }
  if (!ok || sbuf == NULL || rbuf == NULL || mine == NULL || (rank == 0 && all == NULL)) {
    fprintf(stderr, "plain_sync_start: out of memory\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  memset(sbuf, 1, (size_t)(bytes > 0 ? bytes : 1));
  memset(rbuf, 0, (size_t)(bytes > 0 ? bytes : 1));
  offset = estimate_offset(rank, size);
  for (k = 0; k < warmup; k++) operation(rank);
  f0 = minor_faults();

  for (rep = 0; rep < reps; rep++) {
    for (m = 0; m < NMODES; m++) {
      double t1, target, rank_start, start, delay = 0.0;
      long f1;
      if (!use[m]) continue;
      /* the agreement: rank 0 sets the start M after its decision (EARLY_US more in the
      ** early mode, whose other ranks start that much before it) */
      if (rank == 0) start_ref = MPI_Wtime() + margin + (m == M_EARLY ? EARLY_US * 1e-6 : 0.0);
      MPI_Bcast(&start_ref, 1, MPI_DOUBLE, 0, ctl);
      target = start_ref + offset;             /* T in this rank's clock */
      if (m == M_WINDOW) {
        /* WINDOWS windows of WINDOW_US, one after the other, no agreement in between */
        for (k = 0; k < WINDOWS; k++) {
          double t_k = target + (double)k * WINDOW_US * 1e-6, arrive = MPI_Wtime();
          start = wait_until(t_k, 0);
          operation(rank);
          t1 = MPI_Wtime();
          f1 = minor_faults();
          mine[3 * k] = t1 - t_k;
          /* invalid: arrived after the window opened, left the wait late, or overran */
          mine[3 * k + 1] = arrive > t_k || start - t_k > MAX_DELAY_US * 1e-6 || t1 > t_k + WINDOW_US * 1e-6;
          mine[3 * k + 2] = (double)(f1 - f0);
          f0 = f1;
        }
        MPI_Gather(mine, 3 * WINDOWS, MPI_DOUBLE, all, 3 * WINDOWS, MPI_DOUBLE, 0, ctl);
        if (rank == 0)
          for (k = 0; k < WINDOWS; k++) {
            int bad = 0;
            for (i = 0; i < size; i++) bad |= all[3 * WINDOWS * i + 3 * k + 1] != 0.0;
            if (!bad) keep(&se[m], all + 3 * k, size, 3 * WINDOWS);
          }
        continue;
      }
      if (m == M_BARRIER || m == M_LOOP) {
        double t0;
        MPI_Barrier(meas);
        t0 = MPI_Wtime();
        for (k = 0; k < (m == M_LOOP ? loop_n : 1); k++) operation(rank);
        t1 = MPI_Wtime();
        mine[0] = (t1 - t0) / (double)(m == M_LOOP ? loop_n : 1);
      } else {
        rank_start = target;
        if (rank != 0 && m == M_EARLY) rank_start = target - EARLY_US * 1e-6;
        if (rank != 0 && m == M_LATE) rank_start = target + LATE_US * 1e-6;
        start = wait_until(rank_start, m == M_PROBE && rank == 0);
        operation(rank);
        t1 = MPI_Wtime();
        delay = start - rank_start;
        mine[0] = t1 - target;                 /* from the agreed start T */
      }
      f1 = minor_faults();
      mine[1] = delay;
      mine[2] = (double)(f1 - f0);
      f0 = f1;
      MPI_Gather(mine, 3, MPI_DOUBLE, all, 3, MPI_DOUBLE, 0, ctl);
      if (rank == 0) {
        double worst = 0.0;
        for (i = 0; i < size; i++) if (all[3 * i + 1] > worst) worst = all[3 * i + 1];
        if (trace)
          fprintf(stderr, "trace %s %ld %.3f %.3f %.0f %.0f%s\n", mode_names[m], rep, 1e6 * all[0], 1e6 * all[3],
                  all[2], all[5], worst <= MAX_DELAY_US * 1e-6 ? "" : " late");
        if (worst <= MAX_DELAY_US * 1e-6) keep(&se[m], all, size, 3);
      }
    }
  }
  if (rank == 0) {
    for (m = 0; m < NMODES; m++) {
      int n = se[m].kept;
      double v, r, o;
      if (!use[m]) continue;
      v = median_of(se[m].value, n);
      r = median_of(se[m].root, n);
      o = median_of(se[m].other, n);
      printf("%-8s %s %ld %.3f %.3f %.3f %d %d\n", mode_names[m], is_bcast ? "bcast" : "allreduce", count,
             1e6 * v, 1e6 * r, 1e6 * o, n, se[m].faulted);
    }
    fflush(stdout);
  }
  MPI_Comm_free(&meas);
  MPI_Comm_free(&ctl);
  MPI_Finalize();
  return 0;
}
