/*
** meas_mpi_coll3.c -- the collectives MPI-3 added (MPI-3.1 §5.12, §5.9.7, §5.11.2,
** §5.10.1) and their relatives: every non-blocking collective (MPI_Ibarrier ...
** MPI_Iexscan) timed alone and overlapped with computation (IMB-NBC's overlap figure in
** the note), the new blocking ones, the MPI_IN_PLACE forms, Bcast/Reduce/Gather/Scatter
** with a rotating root, the MPI-4 persistent collectives (Xxx_init) alone and overlapped
** (Xxx_init_overlap, IMB-MPI4's Xxx_persist) and large counts (Bcast_c, Allreduce_c). One generic implementation: every row names init_coll3 and its
** operation and manner by the variant (enum coll3_kind | C3_* flags); init keeps the
** arguments and the v/w counts in coll3_state; coll3_start, measure_coll3_blocking and
** coll3_persistent_make issue the operation, check_coll3 verifies any of them. Timing as
** in meas_mpi_coll.c. Compiled where mpi.h declares MPI-3 (the persistent and large-count
** parts MPI-4); the rows exist in every build.
** The rules in full (overlap calibration, rotation, persistence): doc/internals.md,
** "meas_mpi_coll3.c".
*/
#include "meas_mpi.h"
#include "verify.h"
#include "stats.h"

/* The rows' variants: the operation (the low bits) and how the row calls it (flags). */
enum coll3_kind {
  K_BARRIER, K_BCAST, K_GATHER, K_GATHERV, K_SCATTER, K_SCATTERV, K_ALLGATHER, K_ALLGATHERV, K_ALLTOALL,
  K_ALLTOALLV, K_ALLTOALLW, K_REDUCE, K_ALLREDUCE, K_REDUCE_SCATTER, K_REDUCE_SCATTER_BLOCK, K_SCAN, K_EXSCAN,
  K_REDUCE_LOCAL
};
#define C3_KIND_MASK 31
#define C3_ROTATE 32      /* root = call number mod size */
#define C3_IN_PLACE 64    /* MPI_IN_PLACE: the data starts in the receive buffer */
#define C3_PERSISTENT 128 /* MPI-4 persistent: MPI_Xxx_init once per bound buffers, MPI_Start */
#define C3_LARGE 256      /* MPI-4 large count: MPI_Xxx_c, the count may exceed INT_MAX */

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 3

typedef struct coll3_args {
  long s_count, r_count;
  const sk_datatype *s_dt, *r_dt;
  const sk_opdef *op;        /* NULL without */
  long root;                 /* -1 without */
} coll3_args;

typedef struct coll3_state {
  int kind;                  /* enum coll3_kind: the variant's low bits */
  int flags;                 /* C3_*: the variant's other bits */
  coll3_args a;
  int root;                  /* of the latest call */
  long calls;                /* calls so far (rotation) */
  int *s_counts, *s_displs, *r_counts, *r_displs;   /* elements; bytes for Alltoallw (one allocation) */
  MPI_Datatype *s_types, *r_types;                  /* Alltoallw (one allocation) */
  /* the overlap rows */
  int calibrated;
  long work, tests, test_every;
  double t_pure, t_cpu, sum_ovrl;
  long n_ovrl;
  int cal_lost;              /* calibration runs lost to other processes (redone) */
  int cal_short;             /* 1: too few ran undisturbed */
  long rate_n;               /* the rate's loop length, and its time (seconds) */
  double rate_time;
  /* the persistent rows: the request, the buffers it is bound to, its set-up times */
  MPI_Request preq;
  const char *bound_send, *bound_recv;
  double sum_setup;
  long n_setup;
} coll3_state;

static void finalize_coll3(sk_mctx *m, const sk_value *args);

/* Whether the row has a root parameter: the rooted operations, but for the rotating rows. */
static int coll3_rooted(int kind, int flags)
{
  return !(flags & C3_ROTATE) && (kind == K_BCAST || kind == K_GATHER || kind == K_GATHERV || kind == K_SCATTER
                                  || kind == K_SCATTERV || kind == K_REDUCE);
}

/* The row's arguments by the shape of its signature: (send_count, send_dt, recv_count,
** recv_dt) or (count, datatype) for both sides, op, root (-1 without). */
static void coll3_args_of(const sk_mctx *m, coll3_args *a)
{
  const sk_margs *arg = &m->arg;
  int kind = m->variant & C3_KIND_MASK;
  a->s_count = a->r_count = arg->count;
  a->s_dt = a->r_dt = arg->datatype;
  if (arg->send_dt) {
    a->s_count = arg->send_count;
    a->s_dt = arg->send_dt;
    a->r_count = arg->recv_count;
    a->r_dt = arg->recv_dt;
  }
  a->op = arg->op;
  a->root = coll3_rooted(kind, m->variant & ~C3_KIND_MASK) ? arg->root : -1;
}

static int coll3_is_reduction(enum coll3_kind k)
{
  return k == K_REDUCE || k == K_ALLREDUCE || k == K_REDUCE_SCATTER || k == K_REDUCE_SCATTER_BLOCK || k == K_SCAN
         || k == K_EXSCAN || k == K_REDUCE_LOCAL;
}

/* Elements of the reduction's input vector. */
static long coll3_operands(const sk_mctx *m, const coll3_state *s)
{
  return s->kind == K_REDUCE_SCATTER_BLOCK ? s->a.s_count * m->size : s->a.s_count;
}

/* Buffer usage, reported size and the counts of the v/w variants. */
static void coll3_sizes(sk_mctx *m, coll3_state *s)
{
  const coll3_args *a = &s->a;
  int any_root = (s->flags & C3_ROTATE) != 0, i;
  int is_root = any_root || m->rank == a->root;
  size_t s_block = a->s_dt ? sk_mpi_block_bytes(m, m->name, a->s_count, a->s_dt, 1, 0) : 0;
  size_t r_block = a->r_dt ? sk_mpi_block_bytes(m, m->name, a->r_count, a->r_dt, 1, 0) : 0;
  int displaced = !(s->flags & C3_LARGE);   /* the v/w displacements are ints */
  size_t s_all = a->s_dt ? sk_mpi_block_bytes(m, m->name, a->s_count, a->s_dt, m->size, displaced) : 0;
  size_t r_all = a->r_dt ? sk_mpi_block_bytes(m, m->name, a->r_count, a->r_dt, m->size, displaced) : 0;
  m->send_usage = m->recv_usage = 0;
  switch (s->kind) {
  case K_BARRIER: break;
  case K_BCAST: case K_ALLREDUCE: case K_SCAN: case K_EXSCAN: case K_REDUCE_LOCAL:
    m->send_usage = m->recv_usage = s_block; break;
  case K_GATHER: case K_GATHERV: m->send_usage = s_block; m->recv_usage = is_root ? r_all : 0; break;
  case K_SCATTER: case K_SCATTERV: m->send_usage = is_root ? s_all : 0; m->recv_usage = r_block; break;
  case K_ALLGATHER: case K_ALLGATHERV: m->send_usage = s_block; m->recv_usage = r_all; break;
  case K_ALLTOALL: case K_ALLTOALLV: case K_ALLTOALLW: m->send_usage = s_all; m->recv_usage = r_all; break;
  case K_REDUCE: m->send_usage = s_block; m->recv_usage = is_root ? s_block : 0; break;
  case K_REDUCE_SCATTER:
    m->send_usage = s_block;
    for (i = 0; i < m->size; i++) {
      s->r_counts[i] = sk_mpi_share(a->s_count, m->size, i);
      s->r_displs[i] = i == 0 ? 0 : s->r_displs[i - 1] + s->r_counts[i - 1];
    }
    m->recv_usage = sk_mpi_bytes(s->r_counts[m->rank], a->s_dt);
    break;
  case K_REDUCE_SCATTER_BLOCK: m->send_usage = s_all; m->recv_usage = s_block; break;
  }
  if (s->flags & C3_IN_PLACE) {   /* the receive buffer holds the input; the send buffer stages it */
    if (s->kind == K_REDUCE_SCATTER_BLOCK) m->recv_usage = s_all;
    m->send_usage = s->kind == K_ALLGATHER ? s_block : m->recv_usage;
  }
  for (i = 0; i < m->size; i++) {
    s->s_counts[i] = (int)a->s_count;
    s->s_displs[i] = i * (int)a->s_count;
    if (s->kind != K_REDUCE_SCATTER) {
      s->r_counts[i] = (int)a->r_count;
      s->r_displs[i] = i * (int)a->r_count;
    }
    if (s->kind == K_ALLTOALLW) {   /* byte displacements, one type per partner */
      s->s_displs[i] = (int)((size_t)i * sk_mpi_bytes(a->s_count, a->s_dt));
      s->r_displs[i] = (int)((size_t)i * sk_mpi_bytes(a->r_count, a->r_dt));
      s->s_types[i] = a->s_dt->mpi;
      s->r_types[i] = a->r_dt->mpi;
    }
  }
  m->reported_size = a->s_dt ? sk_mpi_data_bytes(a->s_count, a->s_dt) : 0;
}

/* The init of every row: checks the arguments (the same outcome on every process), then
** makes the state. */
static void init_coll3(sk_mctx *m, const sk_value *args)
{
  const char *fn = m->name;
  int kind = m->variant & C3_KIND_MASK, flags = m->variant & ~C3_KIND_MASK;
  coll3_args a;
  coll3_state *s;
  size_t n = (size_t)m->size;
  coll3_args_of(m, &a);
#if SK_MPI_LEVEL >= 4
  if (flags & C3_LARGE) sk_mpi_check_large_count(m, fn, "count", a.s_count, a.s_dt);
  else
#endif
  if (kind != K_BARRIER) {
    sk_mpi_check_count(m, fn, "count", a.s_count);
    sk_mpi_check_count(m, fn, "receive count", a.r_count);
  }
  if (a.op) sk_mpi_check_op(m, fn, a.op, a.s_dt, 0);
  if (m->arg.send_dt) sk_mpi_check_same_data(m, fn, a.s_count, a.s_dt, a.r_count, a.r_dt);
  if (coll3_rooted(kind, flags)) sk_mpi_check_rank(m, fn, "root", a.root);
  if (kind == K_ALLTOALLW && !m->failed   /* its displacements count bytes, in an int */
      && (sk_mpi_bytes(a.s_count, a.s_dt) > (size_t)INT_MAX / n || sk_mpi_bytes(a.r_count, a.r_dt) > (size_t)INT_MAX / n))
    sk_meas_fail(m, "Alltoallw: the byte displacements of size blocks must fit an int");
  if (m->failed) return;
  s = (coll3_state *)sk_calloc(1, sizeof *s);
  s->kind = kind;
  s->flags = flags;
  s->a = a;
  s->root = a.root < 0 ? 0 : (int)a.root;
  s->s_counts = (int *)sk_calloc(4 * n, sizeof(int));
  s->s_displs = s->s_counts + n;
  s->r_counts = s->s_counts + 2 * n;
  s->r_displs = s->s_counts + 3 * n;
  s->s_types = (MPI_Datatype *)sk_calloc(2 * n, sizeof(MPI_Datatype));
  s->r_types = s->s_types + n;
  s->preq = MPI_REQUEST_NULL;
  m->state = s;
  coll3_sizes(m, s);
  if (m->failed) finalize_coll3(m, args);   /* the engine finalizes no failed init */
}

static coll3_state *coll3_of(sk_mctx *m) { return (coll3_state *)m->state; }

/* The root of the next call (rotating rows move it on). */
static int coll3_next_root(sk_mctx *m, coll3_state *s)
{
  if (s->flags & C3_ROTATE) s->root = (int)(s->calls % m->size);
  s->calls++;
  return s->root;
}

/* Starts the non-blocking operation of the row. */
static void coll3_start(sk_mctx *m, coll3_state *s, MPI_Request *req)
{
  const coll3_args *a = &s->a;
  MPI_Comm comm = sk_mpi_comm(m);
  char *sb = m->send_buf, *rb = m->recv_buf;
  int sc = (int)a->s_count, rc = (int)a->r_count, root = s->root;
  MPI_Datatype sdt = a->s_dt ? a->s_dt->mpi : MPI_DATATYPE_NULL, rdt = a->r_dt ? a->r_dt->mpi : MPI_DATATYPE_NULL;
  MPI_Op op = a->op ? a->op->mpi : MPI_OP_NULL;
  switch (s->kind) {
  case K_BARRIER: MPI_Ibarrier(comm, req); break;
  case K_BCAST: MPI_Ibcast(m->rank == root ? sb : rb, sc, sdt, root, comm, req); break;
  case K_GATHER: MPI_Igather(sb, sc, sdt, rb, rc, rdt, root, comm, req); break;
  case K_GATHERV: MPI_Igatherv(sb, sc, sdt, rb, s->r_counts, s->r_displs, rdt, root, comm, req); break;
  case K_SCATTER: MPI_Iscatter(sb, sc, sdt, rb, rc, rdt, root, comm, req); break;
  case K_SCATTERV: MPI_Iscatterv(sb, s->s_counts, s->s_displs, sdt, rb, rc, rdt, root, comm, req); break;
  case K_ALLGATHER: MPI_Iallgather(sb, sc, sdt, rb, rc, rdt, comm, req); break;
  case K_ALLGATHERV: MPI_Iallgatherv(sb, sc, sdt, rb, s->r_counts, s->r_displs, rdt, comm, req); break;
  case K_ALLTOALL: MPI_Ialltoall(sb, sc, sdt, rb, rc, rdt, comm, req); break;
  case K_ALLTOALLV:
    MPI_Ialltoallv(sb, s->s_counts, s->s_displs, sdt, rb, s->r_counts, s->r_displs, rdt, comm, req); break;
  case K_ALLTOALLW:
    MPI_Ialltoallw(sb, s->s_counts, s->s_displs, s->s_types, rb, s->r_counts, s->r_displs, s->r_types, comm, req);
    break;
  case K_REDUCE: MPI_Ireduce(sb, rb, sc, sdt, op, root, comm, req); break;
  case K_ALLREDUCE: MPI_Iallreduce(sb, rb, sc, sdt, op, comm, req); break;
  case K_REDUCE_SCATTER: MPI_Ireduce_scatter(sb, rb, s->r_counts, sdt, op, comm, req); break;
  case K_REDUCE_SCATTER_BLOCK: MPI_Ireduce_scatter_block(sb, rb, sc, sdt, op, comm, req); break;
  case K_SCAN: MPI_Iscan(sb, rb, sc, sdt, op, comm, req); break;
  case K_EXSCAN: MPI_Iexscan(sb, rb, sc, sdt, op, comm, req); break;
  case K_REDUCE_LOCAL: *req = MPI_REQUEST_NULL; break;   /* no non-blocking form */
  }
}

#if SK_MPI_LEVEL >= 4
static void coll3_persistent_bind(sk_mctx *m, coll3_state *s);
#endif

/* Starts the operation of an overlap row or its calibration: the non-blocking call into
** *req, or the persistent rows' MPI_Start of their bound request; returns the request to
** test and wait for. */
static MPI_Request *coll3_issue(sk_mctx *m, coll3_state *s, MPI_Request *req)
{
#if SK_MPI_LEVEL >= 4
  if (s->flags & C3_PERSISTENT) {
    MPI_Start(&s->preq);
    return &s->preq;
  }
#endif
  coll3_start(m, s, req);
  return req;
}

/* ---- the non-blocking rows: pure time ---- */

static double measure_coll3_nonblocking(sk_mctx *m, const sk_value *args)
{
  coll3_state *s = coll3_of(m);
  MPI_Request req;
  double start;
  (void)args;
  coll3_next_root(m, s);
  start = sk_sync_start(m);
  coll3_start(m, s, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  return sk_sync_stop(m) - start;
}

/* ---- overlap ---- */

#define C3_PURE_RUNS 8    /* timed operations of the calibration (after one untimed) */
#define C3_CPU_RUNS 8     /* timed runs of the calibrated computation (<= C3_PURE_RUNS) */
#define C3_TRIES 3        /* runs tried for them at most: C3_TRIES times as many */
#define C3_RATE_TIME 1.0e-3
/* The rate's doubling ends here at the latest: 2^22 dependent multiply-adds take at least
** 2.5 ms on any processor whose multiply-add has a latency of 3 cycles or more, at up to
** 5 GHz (1 to 5 ms on this project's machines, 3 cycles each at 2-3 GHz), so a clock on
** which they take less than C3_RATE_TIME does not see the computation: SimGrid's SMPI
** with smpi/simulate-computation:no (doc/simulated.md), where the doubling never ended. */
#define C3_RATE_BOUND 4194304L

static double coll3_sink;   /* keeps the computation's result alive */

/* `work` dependent multiply-adds; with every > 0 an MPI_Test of req after each `every`. */
static void coll3_compute(long work, long every, MPI_Request *req)
{
  double x = coll3_sink + 1.0;
  long i, next = every;
  int flag;
  for (i = 1; i <= work; i++) {
    x = x * 0.999999 + 1.0e-6;
    if (every > 0 && i == next) {
      MPI_Test(req, &flag, MPI_STATUS_IGNORE);
      next += every;
    }
  }
  coll3_sink = x;
}

/* The mean of the middle half of x[0..n) (SKaLib §3.2.2's cut quartiles): a run that
** lost its processor does not count. */
static double coll3_middle_mean(const double *x, int n)
{
  double kept[C3_TRIES * C3_PURE_RUNS];
  return sk_stats_mean(kept, sk_stats_cut(x, n, 0.25, kept));
}

/* Whether this process lost its processor since the involuntary context switch count
** `before` (host.h), as the runner judges a repetition: not where the run's own processes
** outnumber the processors (every wait yields there) or may (the crowding not known, as
** under a test driver), nor where the system does not tell. */
static int coll3_lost(long before)
{
  long now = sk_host_involuntary_switches();
  return before >= 0 && now > before && !sk_host_crowded() && sk_host_crowding_known();
}

#ifdef SKAMPI_TESTING
/* Test builds only: SKAMPI_TEST_CALIBRATION_LOST_US=N makes rank 1 spend N microseconds
** inside every timed operation of the overlap calibration and report a lost processor,
** as a process that another took the processor from would (tests/reports/overlap_flags.sh). */
static int coll3_test_lost(const sk_mctx *m)
{
  static long us = -1;
  double t0;
  if (us < 0) us = sk_env_long("SKAMPI_TEST_CALIBRATION_LOST_US", 0, 1000000, 0);
  if (us == 0 || m->rank != 1) return 0;
  t0 = MPI_Wtime();
  while (MPI_Wtime() < t0 + us * 1e-6) { }
  return 1;
}
#endif

/* t_pure: C3_PURE_RUNS operations in which no process lost its processor (the processes
** agree on each run, so that all keep the same ones), of at most C3_TRIES times as many;
** with fewer, s->cal_short is set and the mean is of what there is (at least half of
** them undisturbed), else of the last C3_PURE_RUNS tried. */
static void coll3_calibrate_pure(sk_mctx *m, coll3_state *s)
{
  double clean[C3_TRIES * C3_PURE_RUNS], last[C3_PURE_RUNS], t0, t;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Request req, *r;
  long sw;
  int i, k = 0, lost, any;
  for (i = -1; i < C3_TRIES * C3_PURE_RUNS && k < C3_PURE_RUNS; i++) {
    MPI_Barrier(comm);
    sw = sk_host_involuntary_switches();
    t0 = MPI_Wtime();
    r = coll3_issue(m, s, &req);
#ifdef SKAMPI_TESTING
    lost = i >= 0 && coll3_test_lost(m);
#else
    lost = 0;
#endif
    MPI_Wait(r, MPI_STATUS_IGNORE);
    t = MPI_Wtime() - t0;
    if (i < 0) continue;
    last[i % C3_PURE_RUNS] = t;
    lost = lost || coll3_lost(sw);
    MPI_Allreduce(&lost, &any, 1, MPI_INT, MPI_MAX, comm);
    if (any) s->cal_lost++;
    else clean[k++] = t;
  }
  s->cal_short = k < C3_PURE_RUNS;
  s->t_pure = k >= C3_PURE_RUNS / 2 ? coll3_middle_mean(clean, k) : coll3_middle_mean(last, C3_PURE_RUNS);
}

/* The calibration of this process (see the top comment); `tests` MPI_Test calls. */
static void coll3_calibrate(sk_mctx *m, coll3_state *s, long tests)
{
  double t[C3_TRIES * C3_CPU_RUNS], elapsed, t0;
  long n, sw;
  int i, k;
  coll3_calibrate_pure(m, s);
  s->tests = tests;
  s->calibrated = 1;
  for (n = 1024;; n *= 2) {
    t0 = MPI_Wtime();
    coll3_compute(n, 0, NULL);
    elapsed = MPI_Wtime() - t0;
    if (elapsed >= C3_RATE_TIME || n >= C3_RATE_BOUND) break;
  }
  s->rate_n = n;
  s->rate_time = elapsed;
  if (elapsed < C3_RATE_TIME) {   /* the clock does not see the computation: none runs */
    s->work = s->test_every = 0;
    s->t_cpu = 0.0;
    return;
  }
  for (i = 0; i < C3_CPU_RUNS; i++) {   /* the loop's speed: its fastest run (a slower one lost the processor) */
    t0 = MPI_Wtime();
    coll3_compute(n, 0, NULL);
    t[i] = MPI_Wtime() - t0;
  }
  if (sk_stats_min(t, C3_CPU_RUNS) < elapsed) elapsed = sk_stats_min(t, C3_CPU_RUNS);
  s->work = (long)(s->t_pure / elapsed * (double)n + 0.5);
  if (s->work < 1) s->work = 1;
  for (i = k = 0; i < C3_TRIES * C3_CPU_RUNS && k < C3_CPU_RUNS; i++) {   /* runs that kept the processor */
    sw = sk_host_involuntary_switches();
    t0 = MPI_Wtime();
    coll3_compute(s->work, 0, NULL);
    t[k] = MPI_Wtime() - t0;
    if (coll3_lost(sw)) s->cal_lost++;
    else k++;
  }
  if (k < C3_CPU_RUNS) s->cal_short = 1;
  s->t_cpu = coll3_middle_mean(t, k > 0 ? k : 1);
  s->test_every = tests > 0 ? (s->work / tests > 0 ? s->work / tests : 1) : 0;
}

static double measure_coll3_overlap(sk_mctx *m, const sk_value *args)
{
  coll3_state *s = coll3_of(m);
  MPI_Request req, *r;
  double start, t;
  (void)args;
  coll3_next_root(m, s);
#if SK_MPI_LEVEL >= 4
  if (s->flags & C3_PERSISTENT) coll3_persistent_bind(m, s);
#endif
  if (!s->calibrated) {
    coll3_calibrate(m, s, m->arg.tests);
    if (m->warming_up) m->replan_start = 1;   /* the calibration made this start late */
  }
  start = sk_sync_start(m);
  r = coll3_issue(m, s, &req);
  coll3_compute(s->work, s->test_every, r);
  MPI_Wait(r, MPI_STATUS_IGNORE);
  t = sk_sync_stop(m) - start;
  if (m->warming_up) {   /* the tally counts the repetitions of the run */
    s->sum_ovrl = 0.0;
    s->n_ovrl = 0;
  } else {
    s->sum_ovrl += t;
    s->n_ovrl++;
  }
  return t;
}

/* IMB-NBC's overlap in percent. */
static double coll3_overlap_percent(double pure, double cpu, double ovrl)
{
  double lower = pure < cpu ? pure : cpu, share;
  if (!(lower > 0.0)) return 0.0;
  share = (pure + cpu - ovrl) / lower;
  return 100.0 * (share < 0.0 ? 0.0 : share > 1.0 ? 1.0 : share);
}

/* What the processes' calibrations say, each the largest over them (coll3_note_overlap). */
enum { C3N_PURE, C3N_CPU, C3N_OVRL, C3N_LOST, C3N_SHORT, C3N_NO_TIME, C3N_RATE_N, C3N_RATE_TIME, C3N_COUNT };

/* Why the overlap figure is not to be trusted, into *why ("" when it is): its calibration
** lost the processor in too many runs; the calibrated computation is not as long as the
** operation (within a factor of 2, judged above 100 clock ticks); the result is less
** than half the computation it contains (the calibration's times were not the
** measurement's); the result it is derived from is in doubt (m->result_flags). */
static void coll3_overlap_doubts(const sk_mctx *m, const double *most, sk_str *why)
{
  double pure = most[C3N_PURE], cpu = most[C3N_CPU], ovrl = most[C3N_OVRL];
  const char *sep = "";
  if (most[C3N_SHORT] > 0.0) {
    sk_str_printf(why, "the calibration lost the processor in %.0f runs, too few ran undisturbed", most[C3N_LOST]);
    sep = "; ";
  }
  if (pure > 100.0 * MPI_Wtick() && (cpu > 2.0 * pure || cpu < 0.5 * pure)) {
    sk_str_printf(why, "%sthe calibrated computation took %.3f us for an operation of %.3f us", sep, cpu * 1e6,
                  pure * 1e6);
    sep = "; ";
  }
  if (ovrl < 0.5 * cpu) {
    sk_str_printf(why, "%st_ovrl is less than half of t_CPU, which it contains: the calibration's times are not"
                  " the measurement's", sep);
    sep = "; ";
  }
  if (m->result_flags[0]) sk_str_printf(why, "%sthe result is flagged %s", sep, m->result_flags);
}

/* The overlap figures into the note on rank 0 (a collective step: every process made
** the same calls, so all have a tally or none). Like every time of a collective, each
** figure is the largest over the processes: t_pure and t_CPU of the calibrations, t_ovrl
** the result of the run (without one, as under a test driver, the mean of the calls).
** A figure in doubt says why in a second line and carries the flag overlap_disturbed;
** where the clock did not see the computation there is no figure, and the flag
** computation_not_simulated. */
static void coll3_note_overlap(sk_mctx *m, coll3_state *s)
{
  double mine[C3N_COUNT], most[C3N_COUNT];
  sk_str why;
  mine[C3N_PURE] = s->t_pure;
  mine[C3N_CPU] = s->t_cpu;
  mine[C3N_OVRL] = s->sum_ovrl / (double)s->n_ovrl;
  mine[C3N_LOST] = s->cal_lost;
  mine[C3N_SHORT] = s->cal_short;
  mine[C3N_NO_TIME] = s->work == 0;
  mine[C3N_RATE_N] = (double)s->rate_n;
  mine[C3N_RATE_TIME] = s->rate_time;
  MPI_Reduce(mine, most, C3N_COUNT, MPI_DOUBLE, MPI_MAX, 0, sk_mpi_comm(m));
  if (m->rank != 0) return;
  if (m->result_time > 0.0) most[C3N_OVRL] = m->result_time;
  if (most[C3N_NO_TIME] > 0.0) {
    sprintf(sk_meas_note(m), "# overlap: none: computation not simulated (%.0f multiply-adds took %.3f us on this clock,"
            " less than %.0f us), so none ran beside the operation; t_pure %.3f us, t_ovrl %.3f us is the operation"
            " alone\n", most[C3N_RATE_N], most[C3N_RATE_TIME] * 1e6, C3_RATE_TIME * 1e6, most[C3N_PURE] * 1e6,
            most[C3N_OVRL] * 1e6);
    sk_copy_string(m->note_flags, sizeof m->note_flags, "computation_not_simulated");
    return;
  }
  sprintf(sk_meas_note(m), "# overlap: t_pure %.3f us, t_CPU %.3f us, t_ovrl %.3f us, overlap %.1f %% (IMB-NBC formula; "
          "%ld MPI_Test calls)\n", most[C3N_PURE] * 1e6, most[C3N_CPU] * 1e6, most[C3N_OVRL] * 1e6,
          coll3_overlap_percent(most[C3N_PURE], most[C3N_CPU], most[C3N_OVRL]), s->tests);
  sk_str_init(&why);
  coll3_overlap_doubts(m, most, &why);
  if (why.len > 0 && strlen(sk_meas_note(m)) + why.len + 40 < SK_MEAS_NOTE) {
    sprintf(sk_meas_note(m) + strlen(m->note), "# (overlap: not to be trusted: %s)\n", why.data);
    sk_copy_string(m->note_flags, sizeof m->note_flags, "overlap_disturbed");
  } else if (why.len > 0) {
    strcat(sk_meas_note(m), "# (overlap: not to be trusted)\n");
    sk_copy_string(m->note_flags, sizeof m->note_flags, "overlap_disturbed");
  }
  sk_str_free(&why);
}

static void coll3_persistent_finish(sk_mctx *m, coll3_state *s);

static void finalize_coll3(sk_mctx *m, const sk_value *args)
{
  coll3_state *s = coll3_of(m);
  (void)args;
  if (s == NULL) return;
  if (s->calibrated && s->n_ovrl > 0) coll3_note_overlap(m, s);
  if (s->flags & C3_PERSISTENT) coll3_persistent_finish(m, s);
  free(s->s_counts);
  free(s->s_types);
  free(s);
  m->state = NULL;
}

/* ---- the blocking rows ---- */

/* One blocking call of the row's operation (MPI_IN_PLACE rows: the send buffer is
** MPI_IN_PLACE), timed like the non-blocking ones. */
static double measure_coll3_blocking(sk_mctx *m, const sk_value *args)
{
  coll3_state *s = coll3_of(m);
  const coll3_args *a = &s->a;
  MPI_Comm comm = sk_mpi_comm(m);
  void *sb = s->flags & C3_IN_PLACE ? MPI_IN_PLACE : (void *)m->send_buf;
  char *rb = m->recv_buf;
  int sc = (int)a->s_count, rc = (int)a->r_count, root = coll3_next_root(m, s);
  MPI_Datatype sdt = a->s_dt->mpi, rdt = a->r_dt->mpi;
  MPI_Op op = a->op ? a->op->mpi : MPI_OP_NULL;
  double start;
  (void)args;
  start = sk_sync_start(m);
  switch (s->kind) {
  case K_BCAST: MPI_Bcast(m->rank == root ? sb : rb, sc, sdt, root, comm); break;
  case K_GATHER: MPI_Gather(sb, sc, sdt, rb, rc, rdt, root, comm); break;
  case K_SCATTER: MPI_Scatter(sb, sc, sdt, rb, rc, rdt, root, comm); break;
  case K_ALLGATHER: MPI_Allgather(sb, sc, sdt, rb, rc, rdt, comm); break;
  case K_ALLTOALL: MPI_Alltoall(sb, sc, sdt, rb, rc, rdt, comm); break;
  case K_ALLTOALLW:
    MPI_Alltoallw(sb, s->s_counts, s->s_displs, s->s_types, rb, s->r_counts, s->r_displs, s->r_types, comm);
    break;
  case K_REDUCE: MPI_Reduce(sb, rb, sc, sdt, op, root, comm); break;
  case K_ALLREDUCE: MPI_Allreduce(sb, rb, sc, sdt, op, comm); break;
  case K_REDUCE_SCATTER_BLOCK: MPI_Reduce_scatter_block(sb, rb, sc, sdt, op, comm); break;
  case K_EXSCAN: MPI_Exscan(sb, rb, sc, sdt, op, comm); break;
  default: break;   /* no row times the others blocking here */
  }
  return sk_sync_stop(m) - start;
}

/* Reduce_local(count, datatype, op): rank 0 alone, inout = in op inout (MPI-3.1 §5.9.7). */
static double measure_Reduce_local(sk_mctx *m, const sk_value *args)
{
  coll3_state *s = coll3_of(m);
  double start = MPI_Wtime();
  (void)args;
  MPI_Reduce_local(m->send_buf, m->recv_buf, (int)s->a.s_count, s->a.s_dt->mpi, s->a.op->mpi);
  return MPI_Wtime() - start;
}

/* ---- the persistent rows (MPI-4) ---- */

#if SK_MPI_LEVEL >= 4
/* Makes the persistent request of the row's operation on the current buffers. */
static void coll3_persistent_make(sk_mctx *m, coll3_state *s, MPI_Request *req)
{
  const coll3_args *a = &s->a;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Info info = MPI_INFO_NULL;
  char *sb = m->send_buf, *rb = m->recv_buf;
  int sc = (int)a->s_count, rc = (int)a->r_count, root = s->root;
  MPI_Datatype sdt = a->s_dt ? a->s_dt->mpi : MPI_DATATYPE_NULL, rdt = a->r_dt ? a->r_dt->mpi : MPI_DATATYPE_NULL;
  MPI_Op op = a->op ? a->op->mpi : MPI_OP_NULL;
  switch (s->kind) {
  case K_BARRIER: MPI_Barrier_init(comm, info, req); break;
  case K_BCAST: MPI_Bcast_init(m->rank == root ? sb : rb, sc, sdt, root, comm, info, req); break;
  case K_GATHER: MPI_Gather_init(sb, sc, sdt, rb, rc, rdt, root, comm, info, req); break;
  case K_GATHERV: MPI_Gatherv_init(sb, sc, sdt, rb, s->r_counts, s->r_displs, rdt, root, comm, info, req); break;
  case K_SCATTER: MPI_Scatter_init(sb, sc, sdt, rb, rc, rdt, root, comm, info, req); break;
  case K_SCATTERV:
    MPI_Scatterv_init(sb, s->s_counts, s->s_displs, sdt, rb, rc, rdt, root, comm, info, req); break;
  case K_ALLGATHER: MPI_Allgather_init(sb, sc, sdt, rb, rc, rdt, comm, info, req); break;
  case K_ALLGATHERV: MPI_Allgatherv_init(sb, sc, sdt, rb, s->r_counts, s->r_displs, rdt, comm, info, req); break;
  case K_ALLTOALL: MPI_Alltoall_init(sb, sc, sdt, rb, rc, rdt, comm, info, req); break;
  case K_ALLTOALLV:
    MPI_Alltoallv_init(sb, s->s_counts, s->s_displs, sdt, rb, s->r_counts, s->r_displs, rdt, comm, info, req);
    break;
  case K_ALLTOALLW:
    MPI_Alltoallw_init(sb, s->s_counts, s->s_displs, s->s_types, rb, s->r_counts, s->r_displs, s->r_types, comm,
                       info, req);
    break;
  case K_REDUCE: MPI_Reduce_init(sb, rb, sc, sdt, op, root, comm, info, req); break;
  case K_ALLREDUCE: MPI_Allreduce_init(sb, rb, sc, sdt, op, comm, info, req); break;
  case K_REDUCE_SCATTER: MPI_Reduce_scatter_init(sb, rb, s->r_counts, sdt, op, comm, info, req); break;
  case K_REDUCE_SCATTER_BLOCK: MPI_Reduce_scatter_block_init(sb, rb, sc, sdt, op, comm, info, req); break;
  case K_SCAN: MPI_Scan_init(sb, rb, sc, sdt, op, comm, info, req); break;
  case K_EXSCAN: MPI_Exscan_init(sb, rb, sc, sdt, op, comm, info, req); break;
  case K_REDUCE_LOCAL: *req = MPI_REQUEST_NULL; break;   /* no persistent form */
  }
}

/* Binds the request to the current buffers unless it is bound to them on every process
** (the processes agree: MPI_Xxx_init is collective); the making is timed. */
static void coll3_persistent_bind(sk_mctx *m, coll3_state *s)
{
  int stale = s->preq == MPI_REQUEST_NULL || s->bound_send != m->send_buf || s->bound_recv != m->recv_buf, any;
  MPI_Comm comm = sk_mpi_comm(m);
  double t0;
  MPI_Allreduce(&stale, &any, 1, MPI_INT, MPI_MAX, comm);
  if (!any) return;
  if (s->preq != MPI_REQUEST_NULL) MPI_Request_free(&s->preq);
  MPI_Barrier(comm);
  t0 = MPI_Wtime();
  coll3_persistent_make(m, s, &s->preq);
  s->sum_setup += MPI_Wtime() - t0;
  s->n_setup++;
  s->bound_send = m->send_buf;
  s->bound_recv = m->recv_buf;
}

/* One start of the persistent request: MPI_Start, MPI_Wait. */
static double measure_coll3_persistent(sk_mctx *m, const sk_value *args)
{
  coll3_state *s = coll3_of(m);
  double start;
  (void)args;
  coll3_next_root(m, s);
  coll3_persistent_bind(m, s);
  start = sk_sync_start(m);
  MPI_Start(&s->preq);
  MPI_Wait(&s->preq, MPI_STATUS_IGNORE);
  return sk_sync_stop(m) - start;
}

/* ---- the large-count rows (MPI-4 _c functions) ---- */

/* One call of MPI_Bcast_c or MPI_Allreduce_c with the whole count, timed like the
** blocking rows. */
static double measure_coll3_large(sk_mctx *m, const sk_value *args)
{
  coll3_state *s = coll3_of(m);
  const coll3_args *a = &s->a;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Count count = (MPI_Count)a->s_count;
  double start;
  (void)args;
  start = sk_sync_start(m);
  if (s->kind == K_BCAST) MPI_Bcast_c(m->rank == s->root ? m->send_buf : m->recv_buf, count, a->s_dt->mpi, s->root, comm);
  else MPI_Allreduce_c(m->send_buf, m->recv_buf, count, a->s_dt->mpi, a->op->mpi, comm);
  return sk_sync_stop(m) - start;
}
#endif

/* Frees the request and writes the set-up line on rank 0 (a collective step, as every
** process made the same requests). */
static void coll3_persistent_finish(sk_mctx *m, coll3_state *s)
{
#if SK_MPI_LEVEL >= 4
  static const char *const kind_names[] = {   /* the operations' MPI names, by enum coll3_kind */
    "Barrier", "Bcast", "Gather", "Gatherv", "Scatter", "Scatterv", "Allgather", "Allgatherv", "Alltoall", "Alltoallv",
    "Alltoallw", "Reduce", "Allreduce", "Reduce_scatter", "Reduce_scatter_block", "Scan", "Exscan", "Reduce_local"
  };
  double mine = s->n_setup > 0 ? s->sum_setup / (double)s->n_setup : 0.0, most = 0.0;
  size_t used = m->note ? strlen(m->note) : 0;   /* after the overlap rows' lines */
  if (s->preq != MPI_REQUEST_NULL) MPI_Request_free(&s->preq);
  if (s->n_setup == 0) return;
  MPI_Reduce(&mine, &most, 1, MPI_DOUBLE, MPI_MAX, 0, sk_mpi_comm(m));
  if (m->rank == 0 && used + 160 < SK_MEAS_NOTE)
    sprintf(sk_meas_note(m) + used, "# persistent: set-up MPI_%s_init %.3f us (mean of %ld, largest over the processes), "
            "each start MPI_Start + MPI_Wait\n", kind_names[s->kind], most * 1e6, s->n_setup);
#else
  (void)m;
  (void)s;
#endif
}

/* ---- verification (verify.h) ---- */

/* Copies n elements of dt from the send to the receive buffer at byte `at` through MPI
** (data bytes only: the gaps of a derived type stay 0, as the checks expect). */
static void coll3_copy_to_recv(sk_mctx *m, long n, const sk_datatype *dt, size_t at)
{
  MPI_Sendrecv(m->send_buf, (int)n, dt->mpi, m->rank, 0, m->recv_buf + at, (int)n, dt->mpi, m->rank, 0, sk_mpi_comm(m),
               MPI_STATUS_IGNORE);
}

/* Reductions: the operands (verify.h); Reduce_local: the inout buffer holds the operands
** of "rank 1", the in buffer those of rank 0, so the result is theirs reduced in rank
** order. MPI_IN_PLACE: the input moves into the receive buffer. */
static void prepare_coll3(sk_mctx *m, const sk_value *args)
{
  coll3_state *s = coll3_of(m);
  const coll3_args *a = &s->a;
  if (s->kind == K_REDUCE_LOCAL) {
    char *inout = (char *)sk_malloc(m->recv_usage + 1);
    int rank = m->rank;
    m->rank = 1;
    sk_mpi_verify_fill_operands(m, a->s_count, a->s_dt);
    m->rank = rank;
    memcpy(inout, m->send_buf, m->recv_usage);
    sk_mpi_verify_fill_operands(m, a->s_count, a->s_dt);
    memcpy(m->recv_buf, inout, m->recv_usage);
    free(inout);
    return;
  }
  if (coll3_is_reduction(s->kind)) sk_mpi_verify_fill_operands(m, coll3_operands(m, s), a->s_dt);
  else sk_verify_default_prepare(m, args);
  if (!(s->flags & C3_IN_PLACE)) return;
  if (s->kind == K_ALLGATHER)
    coll3_copy_to_recv(m, a->r_count, a->r_dt, (size_t)m->rank * sk_mpi_bytes(a->r_count, a->r_dt));
  else
    coll3_copy_to_recv(m, s->kind == K_ALLTOALL ? a->r_count * m->size : coll3_operands(m, s), a->r_dt, 0);
}

/* Block j of the receive buffer came from process j (from `from_root`: from the root),
** taken from the sender's pattern at offset 0 or (own_offset) at this process's block. */
static void coll3_check_blocks(sk_mctx *m, const coll3_state *s, int own_offset)
{
  sk_mpi_verify_blocks(m, s->a.r_count, s->a.r_dt, s->a.s_count, s->a.s_dt, own_offset);
}

static void check_coll3(sk_mctx *m, const sk_value *args)
{
  coll3_state *s = coll3_of(m);
  const coll3_args *a = &s->a;
  int last = m->size - 1;
  (void)args;
  switch (s->kind) {
  case K_BARRIER: break;
  case K_BCAST:
    if (m->rank != s->root)
      sk_mpi_verify_block(m, "received broadcast", m->recv_buf, a->s_count, a->s_dt, a->s_count, a->s_dt, s->root, 0);
    break;
  case K_GATHER: case K_GATHERV: if (m->rank == s->root) coll3_check_blocks(m, s, 0); break;
  case K_SCATTER: case K_SCATTERV:
    sk_mpi_verify_block(m, "scattered block", m->recv_buf, a->r_count, a->r_dt, a->s_count, a->s_dt, s->root,
                        (size_t)m->rank * sk_mpi_bytes(a->s_count, a->s_dt));
    break;
  case K_ALLGATHER: case K_ALLGATHERV: coll3_check_blocks(m, s, 0); break;
  case K_ALLTOALL: case K_ALLTOALLV: case K_ALLTOALLW: coll3_check_blocks(m, s, 1); break;
  case K_REDUCE:
    if (m->rank == s->root)
      sk_mpi_verify_reduced(m, "reduction result", m->recv_buf, a->s_count, a->s_dt, a->op, 0, last);
    break;
  case K_ALLREDUCE: sk_mpi_verify_reduced(m, "reduction result", m->recv_buf, a->s_count, a->s_dt, a->op, 0, last); break;
  case K_SCAN: sk_mpi_verify_reduced(m, "scan result", m->recv_buf, a->s_count, a->s_dt, a->op, 0, m->rank); break;
  case K_EXSCAN:   /* rank 0's result is undefined (MPI-3.1 §5.11.2) */
    if (m->rank > 0)
      sk_mpi_verify_reduced(m, "exclusive scan result", m->recv_buf, a->s_count, a->s_dt, a->op, 0, m->rank - 1);
    break;
  case K_REDUCE_SCATTER:
    sk_mpi_verify_reduced_from(m, "scattered part of the reduction result", m->recv_buf, s->r_counts[m->rank], a->s_dt,
                               a->op, 0, last, s->r_displs[m->rank]);
    break;
  case K_REDUCE_SCATTER_BLOCK:
    sk_mpi_verify_reduced_from(m, "scattered block of the reduction result", m->recv_buf, a->s_count, a->s_dt, a->op, 0,
                               last, a->s_count * m->rank);
    break;
  case K_REDUCE_LOCAL:
    sk_mpi_verify_reduced(m, "local reduction result", m->recv_buf, a->s_count, a->s_dt, a->op, 0, 1);
    break;
  }
}

#if SK_MPI_LEVEL >= 4
/* The large-count rows: a broadcast above INT_MAX elements is compared byte by byte. */
static void check_coll3_large(sk_mctx *m, const sk_value *args)
{
  coll3_state *s = coll3_of(m);
  if (s->kind != K_BCAST) check_coll3(m, args);
  else if (m->rank != s->root)
    sk_mpi_verify_block_large(m, "received broadcast", m->recv_buf, s->a.s_count, s->a.s_dt, s->root);
}
#endif

#ifdef SKAMPI_TESTING
/* Test only: Verify_Corrupt_Ialltoall(...) is Ialltoall, Verify_Corrupt_Alltoall_init(...)
** Alltoall_init, after which rank 1 damages byte 8 of the block it received from rank 0,
** so that skampi -v must catch it (tests/mpi_catalogue/run.sh). */
static double measure_verify_corrupt(sk_mctx *m, const sk_value *args)
{
  double t;
#if SK_MPI_LEVEL >= 4
  if (m->variant & C3_PERSISTENT) t = measure_coll3_persistent(m, args);
  else
#endif
  t = measure_coll3_nonblocking(m, args);
  if (m->rank == 1 && m->recv_usage > 8) m->recv_buf[8] ^= 0x10;
  return t;
}
#endif
#endif /* MPI-3 */

#define C3_BARRIER "a barrier moves no data"
#define C3_DATA "count:i datatype:t"     /* count elements of one datatype (the signatures below extend it) */
#define C3_BCAST C3_DATA " root:i"
#define C3_REDUCE C3_DATA " op:o"
#define C3_REDUCE_ROOT C3_REDUCE " root:i"
#define C3_XFER "send_count:i send_dt:t recv_count:i recv_dt:t"
#define C3_XFER_ROOT C3_XFER " root:i"
#define C3_TESTS " tests:i"
#define C3_COLL SK_PATTERN_COLLECTIVE

static const sk_measurement mpi_coll3_table[] = {
  /* non-blocking: pure time and overlap */
  SK_ROW_MPI3("Ibarrier", "", C3_COLL, 1, K_BARRIER,
              measure_coll3_nonblocking, init_coll3, finalize_coll3, NULL, NULL, C3_BARRIER),
  SK_ROW_MPI3("Ibarrier_overlap", "tests:i", C3_COLL, 1, K_BARRIER,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, NULL, C3_BARRIER),
  SK_ROW_MPI3("Ibcast", C3_BCAST, C3_COLL, 1, K_BCAST,
              measure_coll3_nonblocking, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Ibcast_overlap", C3_BCAST C3_TESTS, C3_COLL, 1, K_BCAST,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Igather", C3_XFER_ROOT, C3_COLL, 1, K_GATHER,
              measure_coll3_nonblocking, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Igather_overlap", C3_XFER_ROOT C3_TESTS, C3_COLL, 1, K_GATHER,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Igatherv", C3_XFER_ROOT, C3_COLL, 1, K_GATHERV,
              measure_coll3_nonblocking, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Igatherv_overlap", C3_XFER_ROOT C3_TESTS, C3_COLL, 1, K_GATHERV,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Iscatter", C3_XFER_ROOT, C3_COLL, 1, K_SCATTER,
              measure_coll3_nonblocking, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Iscatter_overlap", C3_XFER_ROOT C3_TESTS, C3_COLL, 1, K_SCATTER,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Iscatterv", C3_XFER_ROOT, C3_COLL, 1, K_SCATTERV,
              measure_coll3_nonblocking, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Iscatterv_overlap", C3_XFER_ROOT C3_TESTS, C3_COLL, 1, K_SCATTERV,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Iallgather", C3_XFER, C3_COLL, 1, K_ALLGATHER,
              measure_coll3_nonblocking, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Iallgather_overlap", C3_XFER C3_TESTS, C3_COLL, 1, K_ALLGATHER,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Iallgatherv", C3_XFER, C3_COLL, 1, K_ALLGATHERV,
              measure_coll3_nonblocking, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Iallgatherv_overlap", C3_XFER C3_TESTS, C3_COLL, 1, K_ALLGATHERV,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Ialltoall", C3_XFER, C3_COLL, 1, K_ALLTOALL,
              measure_coll3_nonblocking, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Ialltoall_overlap", C3_XFER C3_TESTS, C3_COLL, 1, K_ALLTOALL,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Ialltoallv", C3_XFER, C3_COLL, 1, K_ALLTOALLV,
              measure_coll3_nonblocking, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Ialltoallv_overlap", C3_XFER C3_TESTS, C3_COLL, 1, K_ALLTOALLV,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Ialltoallw", C3_XFER, C3_COLL, 1, K_ALLTOALLW,
              measure_coll3_nonblocking, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Ialltoallw_overlap", C3_XFER C3_TESTS, C3_COLL, 1, K_ALLTOALLW,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Ireduce", C3_REDUCE_ROOT, C3_COLL, 1, K_REDUCE,
              measure_coll3_nonblocking, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI3("Ireduce_overlap", C3_REDUCE_ROOT C3_TESTS, C3_COLL, 1, K_REDUCE,
              measure_coll3_overlap, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI3("Iallreduce", C3_REDUCE, C3_COLL, 1, K_ALLREDUCE,
              measure_coll3_nonblocking, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI3("Iallreduce_overlap", C3_REDUCE C3_TESTS, C3_COLL, 1, K_ALLREDUCE,
              measure_coll3_overlap, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI3("Ireduce_scatter", C3_REDUCE, C3_COLL, 1, K_REDUCE_SCATTER,
              measure_coll3_nonblocking, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI3("Ireduce_scatter_overlap", C3_REDUCE C3_TESTS, C3_COLL, 1, K_REDUCE_SCATTER,
              measure_coll3_overlap, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI3("Ireduce_scatter_block", C3_REDUCE, C3_COLL, 1, K_REDUCE_SCATTER_BLOCK,
              measure_coll3_nonblocking, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI3("Ireduce_scatter_block_overlap", C3_REDUCE C3_TESTS, C3_COLL, 1, K_REDUCE_SCATTER_BLOCK,
              measure_coll3_overlap, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI3("Iscan", C3_REDUCE, C3_COLL, 1, K_SCAN,
              measure_coll3_nonblocking, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI3("Iscan_overlap", C3_REDUCE C3_TESTS, C3_COLL, 1, K_SCAN,
              measure_coll3_overlap, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI3("Iexscan", C3_REDUCE, C3_COLL, 1, K_EXSCAN,
              measure_coll3_nonblocking, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI3("Iexscan_overlap", C3_REDUCE C3_TESTS, C3_COLL, 1, K_EXSCAN,
              measure_coll3_overlap, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  /* blocking MPI-3 collectives, MPI_IN_PLACE forms, rotating roots */
  SK_ROW_MPI3("Exscan", C3_REDUCE, C3_COLL, 1, K_EXSCAN,
              measure_coll3_blocking, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI3("Alltoallw", C3_XFER, C3_COLL, 1, K_ALLTOALLW,
              measure_coll3_blocking, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Reduce_scatter_block", C3_REDUCE, C3_COLL, 1, K_REDUCE_SCATTER_BLOCK,
              measure_coll3_blocking, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI3("Reduce_local", C3_REDUCE, SK_PATTERN_SIMPLE, 1, K_REDUCE_LOCAL,
              measure_Reduce_local, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI3("Allreduce_in_place", C3_REDUCE, C3_COLL, 1, K_ALLREDUCE | C3_IN_PLACE,
              measure_coll3_blocking, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI3("Allgather_in_place", C3_DATA, C3_COLL, 1, K_ALLGATHER | C3_IN_PLACE,
              measure_coll3_blocking, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI3("Alltoall_in_place", C3_DATA, C3_COLL, 1, K_ALLTOALL | C3_IN_PLACE,
              measure_coll3_blocking, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI3("Reduce_scatter_block_in_place", C3_REDUCE, C3_COLL, 1, K_REDUCE_SCATTER_BLOCK | C3_IN_PLACE,
              measure_coll3_blocking, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI3("Bcast_rotate", C3_DATA, C3_COLL, 1, K_BCAST | C3_ROTATE,
              measure_coll3_blocking, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Reduce_rotate", C3_REDUCE, C3_COLL, 1, K_REDUCE | C3_ROTATE,
              measure_coll3_blocking, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI3("Gather_rotate", C3_XFER, C3_COLL, 1, K_GATHER | C3_ROTATE,
              measure_coll3_blocking, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI3("Scatter_rotate", C3_XFER, C3_COLL, 1, K_SCATTER | C3_ROTATE,
              measure_coll3_blocking, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  /* MPI-4 persistent collectives: the blocking twins' parameters, MPI_Start + MPI_Wait */
  SK_ROW_MPI4("Barrier_init", "", C3_COLL, 1, K_BARRIER | C3_PERSISTENT,
              measure_coll3_persistent, init_coll3, finalize_coll3, NULL, NULL, C3_BARRIER),
  SK_ROW_MPI4("Bcast_init", C3_BCAST, C3_COLL, 1, K_BCAST | C3_PERSISTENT,
              measure_coll3_persistent, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI4("Gather_init", C3_XFER_ROOT, C3_COLL, 1, K_GATHER | C3_PERSISTENT,
              measure_coll3_persistent, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI4("Gatherv_init", C3_XFER_ROOT, C3_COLL, 1, K_GATHERV | C3_PERSISTENT,
              measure_coll3_persistent, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI4("Scatter_init", C3_XFER_ROOT, C3_COLL, 1, K_SCATTER | C3_PERSISTENT,
              measure_coll3_persistent, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI4("Scatterv_init", C3_XFER_ROOT, C3_COLL, 1, K_SCATTERV | C3_PERSISTENT,
              measure_coll3_persistent, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI4("Allgather_init", C3_XFER, C3_COLL, 1, K_ALLGATHER | C3_PERSISTENT,
              measure_coll3_persistent, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI4("Allgatherv_init", C3_XFER, C3_COLL, 1, K_ALLGATHERV | C3_PERSISTENT,
              measure_coll3_persistent, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI4("Alltoall_init", C3_XFER, C3_COLL, 1, K_ALLTOALL | C3_PERSISTENT,
              measure_coll3_persistent, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI4("Alltoallv_init", C3_XFER, C3_COLL, 1, K_ALLTOALLV | C3_PERSISTENT,
              measure_coll3_persistent, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI4("Alltoallw_init", C3_XFER, C3_COLL, 1, K_ALLTOALLW | C3_PERSISTENT,
              measure_coll3_persistent, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI4("Reduce_init", C3_REDUCE_ROOT, C3_COLL, 1, K_REDUCE | C3_PERSISTENT,
              measure_coll3_persistent, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI4("Allreduce_init", C3_REDUCE, C3_COLL, 1, K_ALLREDUCE | C3_PERSISTENT,
              measure_coll3_persistent, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI4("Reduce_scatter_init", C3_REDUCE, C3_COLL, 1, K_REDUCE_SCATTER | C3_PERSISTENT,
              measure_coll3_persistent, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI4("Reduce_scatter_block_init", C3_REDUCE, C3_COLL, 1, K_REDUCE_SCATTER_BLOCK | C3_PERSISTENT,
              measure_coll3_persistent, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI4("Scan_init", C3_REDUCE, C3_COLL, 1, K_SCAN | C3_PERSISTENT,
              measure_coll3_persistent, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI4("Exscan_init", C3_REDUCE, C3_COLL, 1, K_EXSCAN | C3_PERSISTENT,
              measure_coll3_persistent, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  /* MPI-4 persistent collectives overlapped with computation (IMB-MPI4's Xxx_persist):
  ** the request made once per bound buffers, each start calibrated as the Ixxx_overlap rows */
  SK_ROW_MPI4("Barrier_init_overlap", "tests:i", C3_COLL, 1, K_BARRIER | C3_PERSISTENT,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, NULL, C3_BARRIER),
  SK_ROW_MPI4("Bcast_init_overlap", C3_BCAST C3_TESTS, C3_COLL, 1, K_BCAST | C3_PERSISTENT,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI4("Gather_init_overlap", C3_XFER_ROOT C3_TESTS, C3_COLL, 1, K_GATHER | C3_PERSISTENT,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI4("Gatherv_init_overlap", C3_XFER_ROOT C3_TESTS, C3_COLL, 1, K_GATHERV | C3_PERSISTENT,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI4("Scatter_init_overlap", C3_XFER_ROOT C3_TESTS, C3_COLL, 1, K_SCATTER | C3_PERSISTENT,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI4("Scatterv_init_overlap", C3_XFER_ROOT C3_TESTS, C3_COLL, 1, K_SCATTERV | C3_PERSISTENT,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI4("Allgather_init_overlap", C3_XFER C3_TESTS, C3_COLL, 1, K_ALLGATHER | C3_PERSISTENT,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI4("Allgatherv_init_overlap", C3_XFER C3_TESTS, C3_COLL, 1, K_ALLGATHERV | C3_PERSISTENT,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI4("Alltoall_init_overlap", C3_XFER C3_TESTS, C3_COLL, 1, K_ALLTOALL | C3_PERSISTENT,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI4("Alltoallv_init_overlap", C3_XFER C3_TESTS, C3_COLL, 1, K_ALLTOALLV | C3_PERSISTENT,
              measure_coll3_overlap, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI4("Reduce_init_overlap", C3_REDUCE_ROOT C3_TESTS, C3_COLL, 1, K_REDUCE | C3_PERSISTENT,
              measure_coll3_overlap, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI4("Allreduce_init_overlap", C3_REDUCE C3_TESTS, C3_COLL, 1, K_ALLREDUCE | C3_PERSISTENT,
              measure_coll3_overlap, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  SK_ROW_MPI4("Reduce_scatter_init_overlap", C3_REDUCE C3_TESTS, C3_COLL, 1, K_REDUCE_SCATTER | C3_PERSISTENT,
              measure_coll3_overlap, init_coll3, finalize_coll3, prepare_coll3, check_coll3, NULL),
  /* MPI-4 large counts: the count an MPI_Count, beyond INT_MAX with a contiguous datatype */
  SK_ROW_MPI4("Bcast_c", C3_BCAST, C3_COLL, 1, K_BCAST | C3_LARGE,
              measure_coll3_large, init_coll3, finalize_coll3, NULL, check_coll3_large, NULL),
  SK_ROW_MPI4("Allreduce_c", C3_REDUCE, C3_COLL, 1, K_ALLREDUCE | C3_LARGE,
              measure_coll3_large, init_coll3, finalize_coll3, prepare_coll3, check_coll3_large, NULL),
#ifdef SKAMPI_TESTING
  SK_ROW_MPI3("Verify_Corrupt_Ialltoall", C3_XFER, C3_COLL, 2, K_ALLTOALL,
              measure_verify_corrupt, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
  SK_ROW_MPI4("Verify_Corrupt_Alltoall_init", C3_XFER, C3_COLL, 2, K_ALLTOALL | C3_PERSISTENT,
              measure_verify_corrupt, init_coll3, finalize_coll3, NULL, check_coll3, NULL),
#endif
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_coll3(void) { return mpi_coll3_table; }
