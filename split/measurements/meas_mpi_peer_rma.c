/*
** meas_mpi_peer_rma.c -- one-sided transfers in the forms the Intel(R) MPI Benchmarks
** 2021 (IMB-RMA) and the OSU Micro-Benchmarks 7.4 time them, for their names
** (peer_names.c): passive-target gets and puts completed remotely (MPI_Win_flush) or
** locally (MPI_Win_flush_local), pairwise, bidirectional, one to all, all to all and
** with both ring neighbours (IMB User Guide, "IMB-RMA Benchmarks"); OSU's latency and
** bandwidth loops of MPI_Put, MPI_Get, MPI_Accumulate, MPI_Get_accumulate,
** MPI_Fetch_and_op and MPI_Compare_and_swap under a chosen window creation (win_kind
** 0 to 2: MPI_Win_create, _allocate, _create_dynamic) and synchronisation (sync_kind 0
** to 5: lock, pscw, fence, flush, flush_local, lock_all, OSU's order), and its gets of
** P/2 pairs r, r + P/2; IMB-EXT's bidirectional gets in fence epochs. One measure
** function runs every row from its plan (peer_rma_rows, by VARIANT); windows and
** verification are meas_mpi_win_sync.c's (meas_mpi.h). MPI-3 only, the rows in every
** build. Rules: doc/internals.md, "One-sided modules".
*/
#include "meas_mpi.h"
#include "verify.h"

/* The rows' VARIANTs (in every build: the table names them; peer_rma_rows). */
enum peer_rma_row {
  PR_GET_BIDIR, PR_PUT_LOCAL, PR_GET_LOCAL, PR_GET_ONE_ALL, PR_PUT_ALL_ALL, PR_GET_ALL_ALL, PR_PUT_ONE_ALL_LOCAL,
  PR_GET_ONE_ALL_LOCAL, PR_GET_EXCHANGE,
  PR_PUT_LAT, PR_GET_LAT, PR_ACC_LAT, PR_GET_ACC_LAT, PR_FOP_LAT, PR_CAS_LAT, PR_PUT_BW, PR_GET_BW, PR_PUT_BIBW,
  PR_GET_FENCE_BIDIR, PR_GET_MBW, PR_GET_MULTI_LAT
};

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 3

enum pr_op { PR_PUT, PR_GET, PR_ACC, PR_GET_ACC, PR_FOP, PR_CAS };
/* Who accesses whom: rank 0 rank 1 (answered back under the active syncs of a latency
** row), ranks 0 and 1 each other, rank 0 every other, every process every other, every
** process both ring neighbours, rank r < P/2 rank r + P/2 (answered back as PR_PAIR). */
enum pr_who { PR_PAIR, PR_BIDIR, PR_ONE_ALL, PR_ALL_ALL, PR_RING, PR_PAIRS };
/* OSU 7.4's order of its synchronisations (-s), which is sync_kind's. */
enum pr_sync { PR_LOCK, PR_PSCW, PR_FENCE, PR_FLUSH, PR_FLUSH_LOCAL, PR_LOCK_ALL, PR_SYNC_COUNT };
enum pr_win { PR_WIN_CREATE, PR_WIN_ALLOCATE, PR_WIN_DYNAMIC, PR_WIN_COUNT };

typedef struct pr_plan {
  enum pr_op op;
  enum pr_who who;
  int sync;        /* enum pr_sync, or -1: the row's sync_kind */
  int aggregate;   /* 1: one completion after every operation of the timing; -1: the argument */
  int bandwidth;   /* operations per round from `window`, time per message (2: both ways) */
  int active_only; /* only the active syncs (pscw, fence): OSU's osu_put_bibw */
  int one_way;     /* a round trip's time halved (osu_get_multi_lat) */
} pr_plan;

static const pr_plan peer_rma_rows[] = {
  { PR_GET, PR_BIDIR, PR_FLUSH, -1, 0, 0, 0 },          /* Get_bidirectional (IMB Bidir_get) */
  { PR_PUT, PR_PAIR, PR_FLUSH_LOCAL, -1, 0, 0, 0 },     /* Put_local */
  { PR_GET, PR_PAIR, PR_FLUSH_LOCAL, -1, 0, 0, 0 },     /* Get_local */
  { PR_GET, PR_ONE_ALL, PR_FLUSH, 1, 0, 0, 0 },         /* Get_one_all */
  { PR_PUT, PR_ALL_ALL, PR_FLUSH, 1, 0, 0, 0 },         /* Put_all_all */
  { PR_GET, PR_ALL_ALL, PR_FLUSH, 1, 0, 0, 0 },         /* Get_all_all */
  { PR_PUT, PR_ONE_ALL, PR_FLUSH_LOCAL, 1, 0, 0, 0 },   /* Put_one_all_local */
  { PR_GET, PR_ONE_ALL, PR_FLUSH_LOCAL, 1, 0, 0, 0 },   /* Get_one_all_local */
  { PR_GET, PR_RING, PR_FLUSH, 0, 0, 0, 0 },            /* Get_exchange */
  { PR_PUT, PR_PAIR, -1, 0, 0, 0, 0 },                  /* Put_latency */
  { PR_GET, PR_PAIR, -1, 0, 0, 0, 0 },                  /* Get_latency */
  { PR_ACC, PR_PAIR, -1, 0, 0, 0, 0 },                  /* Accumulate_latency */
  { PR_GET_ACC, PR_PAIR, -1, 0, 0, 0, 0 },              /* Get_accumulate_latency */
  { PR_FOP, PR_PAIR, -1, 0, 0, 0, 0 },                  /* Fetch_and_op_latency */
  { PR_CAS, PR_PAIR, -1, 0, 0, 0, 0 },                  /* Compare_and_swap_latency */
  { PR_PUT, PR_PAIR, -1, 0, 1, 0, 0 },                  /* Put_bw */
  { PR_GET, PR_PAIR, -1, 0, 1, 0, 0 },                  /* Get_bw */
  { PR_PUT, PR_BIDIR, -1, 0, 2, 1, 0 },                 /* Put_bibw */
  { PR_GET, PR_BIDIR, PR_FENCE, 0, 1, 0, 0 },           /* Get_fence_bidirectional (IMB-EXT Bidir_Get) */
  { PR_GET, PR_PAIRS, -1, 0, 1, 0, 0 },                 /* Get_mbw (osu_get_mbw) */
  { PR_GET, PR_PAIRS, PR_PSCW, 0, 0, 0, 1 }             /* Get_multi_lat (osu_get_multi_lat) */
};

/* The state: the shared window state first (sk_win_of works on it). */
typedef struct pr_state {
  sk_win_state w;
  int kind;             /* enum pr_win */
  int sync;             /* enum pr_sync */
  MPI_Aint *base;       /* dynamic windows: every process's attached address */
  MPI_Group peer;       /* pscw: the other one of ranks 0 and 1 */
  int *ones, *result;   /* the accumulates' operands and fetched values (count ints) */
  int expected;         /* Compare_and_swap: the value the target holds next */
} pr_state;

static const pr_plan *pr_plan_of(const sk_mctx *m) { return &peer_rma_rows[m->variant]; }
static pr_state *pr_of(sk_mctx *m) { return (pr_state *)m->state; }
static int pr_atomic(const pr_plan *p) { return p->op != PR_PUT && p->op != PR_GET; }

/* The operations one origin does per target in a round: `window` for a bandwidth row. */
static long pr_window(const sk_mctx *m) { return pr_plan_of(m)->bandwidth ? m->arg.window : 1; }

/* The rank paired with rank r (PR_PAIR: 0 and 1; PR_PAIRS: r and r + P/2), -1 for none. */
static int pr_partner(const sk_mctx *m, int r)
{
  int half = pr_plan_of(m)->who == PR_PAIRS ? m->size / 2 : 1;
  return r < half ? r + half : r < 2 * half ? r - half : -1;
}

/* Rank r starts its pair's round (the first of the two). */
static int pr_first(const sk_mctx *m, int r)
{
  return r < (pr_plan_of(m)->who == PR_PAIRS ? m->size / 2 : 1);
}

/* Rank a accesses rank b's window (under the row's sync: the active ones of a latency
** row answer back). */
static int pr_accesses(const sk_mctx *m, int a, int b)
{
  const pr_plan *p = pr_plan_of(m);
  int sync = ((const pr_state *)m->state)->sync;
  int n = m->size, answered = !p->bandwidth && (sync == PR_PSCW || sync == PR_FENCE);
  if (a == b) return 0;
  switch (p->who) {
  case PR_PAIR: case PR_PAIRS: return pr_partner(m, a) == b && (pr_first(m, a) || answered);
  case PR_BIDIR: return a < 2 && b < 2;
  case PR_ONE_ALL: return a == 0;
  case PR_ALL_ALL: return 1;
  default: return b == (a + 1) % n || b == (a + n - 1) % n;
  }
}

/* Where rank r's operation lands in target t's window: slot r (atomics: element 0). */
static MPI_Aint pr_disp(sk_mctx *m, int target, long slot)
{
  pr_state *st = pr_of(m);
  MPI_Aint at = (MPI_Aint)(st->w.block * (size_t)slot);
  return st->kind == PR_WIN_DYNAMIC ? st->base[target] + at : at;
}

static void pr_op(sk_mctx *m, pr_state *st, int target)
{
  sk_win_state *s = &st->w;
  MPI_Win win = s->win;
  switch (pr_plan_of(m)->op) {
  case PR_PUT:
    MPI_Put(m->send_buf, s->count, s->dt, target, pr_disp(m, target, m->rank), s->count, s->dt, win);
    break;
  case PR_GET:
    MPI_Get(m->recv_buf + s->block * (size_t)target, s->count, s->dt, target, pr_disp(m, target, m->rank), s->count,
            s->dt, win);
    break;
  case PR_ACC:
    MPI_Accumulate(st->ones, s->count, MPI_INT, target, pr_disp(m, target, 0), s->count, MPI_INT, MPI_SUM, win);
    break;
  case PR_GET_ACC:
    MPI_Get_accumulate(st->ones, s->count, MPI_INT, st->result, s->count, MPI_INT, target, pr_disp(m, target, 0),
                       s->count, MPI_INT, MPI_SUM, win);
    break;
  case PR_FOP:
    MPI_Fetch_and_op(st->ones, st->result, MPI_INT, target, pr_disp(m, target, 0), MPI_SUM, win);
    break;
  case PR_CAS:
    st->ones[1] = st->expected + 1;
    MPI_Compare_and_swap(&st->ones[1], &st->expected, st->result, MPI_INT, target, pr_disp(m, target, 0), win);
    break;
  }
}

/* After the round's completion: Compare_and_swap swapped when it fetched the value expected. */
static void pr_after_round(sk_mctx *m, pr_state *st)
{
  if (pr_plan_of(m)->op == PR_CAS) st->expected = st->result[0] == st->expected ? st->expected + 1 : st->result[0];
}

/* The row's window (win_kind) of `slots` blocks of count elements of dt. */
static void init_peer_rma(sk_mctx *m, const sk_value *args)
{
  const pr_plan *p = pr_plan_of(m);
  int atomic = pr_atomic(p), kind = (int)m->arg.win_kind, sync = p->sync >= 0 ? p->sync : (int)m->arg.sync_kind;
  long count = p->op == PR_FOP || p->op == PR_CAS ? 1 : m->arg.count;
  pr_state *st;
  sk_win_state *s;
  size_t bytes;
  (void)args;
  if (m->arg.win_kind < 0 || m->arg.win_kind >= PR_WIN_COUNT)
    sk_meas_fail(m, "win_kind: 0 (MPI_Win_create), 1 (MPI_Win_allocate) or 2 (MPI_Win_create_dynamic)");
  else if (p->sync < 0 && (m->arg.sync_kind < 0 || m->arg.sync_kind >= PR_SYNC_COUNT))
    sk_meas_fail(m, "sync_kind: 0 lock, 1 pscw, 2 fence, 3 flush, 4 flush_local or 5 lock_all");
  else if (p->active_only && sync != PR_PSCW && sync != PR_FENCE)
    sk_meas_fail(m, "sync_kind: 1 (pscw) or 2 (fence) for a bidirectional bandwidth");
  else if ((p->op == PR_ACC || p->op == PR_GET_ACC) && m->arg.operation != NULL && m->arg.operation->mpi != MPI_SUM)
    sk_meas_fail(m, "operation: MPI_SUM (of MPI_INT ones, which the verification counts)");
  sk_mpi_check_count(m, m->name, "iterations", m->arg.iterations);
  if (p->bandwidth) sk_mpi_check_count(m, m->name, "window", m->arg.window);
  if (m->failed) return;
  st = (pr_state *)sk_calloc(1, sizeof *st);
  s = sk_win_setup(m, count, atomic ? sk_mpi_int_type() : sk_win_datatype(m), atomic ? 1 : m->size, 0);
  if (s == NULL) {
    free(st);
    return;
  }
  st->w = *s;   /* the window state moves into this one */
  free(s);
  m->state = st;
  s = &st->w;
  st->kind = kind;
  st->sync = sync;
  st->peer = MPI_GROUP_NULL;
  bytes = (size_t)s->memory_size;
  if (kind == PR_WIN_ALLOCATE) {   /* the window's own memory, a multiple of 64 bytes (meas_mpi_win_atomic.c) */
    MPI_Free_mem(s->memory);
    MPI_Win_allocate((MPI_Aint)((bytes + 64) / 64 * 64), 1, MPI_INFO_NULL, sk_mpi_comm(m), &s->memory, &s->win);
    memset(s->memory, 0, bytes);
  } else if (kind == PR_WIN_DYNAMIC) {
    MPI_Aint mine;
    MPI_Win_create_dynamic(MPI_INFO_NULL, sk_mpi_comm(m), &s->win);
    MPI_Win_attach(s->win, s->memory, bytes > 0 ? (MPI_Aint)bytes : 1);
    MPI_Get_address(s->memory, &mine);
    st->base = (MPI_Aint *)sk_malloc(sizeof(MPI_Aint) * (size_t)m->size);
    MPI_Allgather(&mine, 1, MPI_AINT, st->base, 1, MPI_AINT, sk_mpi_comm(m));
  } else {
    MPI_Win_create(s->memory, bytes > 0 ? (MPI_Aint)bytes : 1, 1, MPI_INFO_NULL, sk_mpi_comm(m), &s->win);
  }
  sk_tp_errors_return_win(&s->win);   /* an error is the suite's, not the run's end (transport.h) */
  st->ones = (int *)sk_malloc(sizeof(int) * (size_t)(count > 1 ? count : 2));
  st->result = (int *)sk_calloc((size_t)(count > 1 ? count : 2), sizeof(int));
  if (sync == PR_PSCW && (p->who == PR_PAIRS ? pr_partner(m, m->rank) >= 0 : m->rank < 2)) {
    MPI_Group all;
    int other = p->who == PR_PAIRS ? pr_partner(m, m->rank) : 1 - m->rank;
    MPI_Comm_group(sk_mpi_comm(m), &all);
    MPI_Group_incl(all, 1, &other, &st->peer);
    MPI_Group_free(&all);
  }
  m->send_usage = p->op == PR_PUT ? s->block : 0;
  m->recv_usage = p->op == PR_GET ? s->block * (size_t)m->size : 0;
}

static void finalize_peer_rma(sk_mctx *m, const sk_value *args)
{
  pr_state *st = pr_of(m);
  (void)args;
  if (st == NULL) return;
  if (st->kind == PR_WIN_DYNAMIC) MPI_Win_detach(st->w.win, st->w.memory);
  MPI_Win_free(&st->w.win);
  if (st->kind != PR_WIN_ALLOCATE) MPI_Free_mem(st->w.memory);
  if (st->peer != MPI_GROUP_NULL) MPI_Group_free(&st->peer);
  free(st->base);
  free(st->ones);
  free(st->result);
  free(st);
  m->state = NULL;
}

/* The ops of one round of this process (window each, to every target it accesses);
** `complete` (flush modes): flush each target after its operations, or all at once. */
static void pr_ops(sk_mctx *m, pr_state *st, long window, int complete)
{
  const pr_plan *p = pr_plan_of(m);
  int j, t, all = p->who == PR_ONE_ALL || p->who == PR_ALL_ALL, local = st->sync == PR_FLUSH_LOCAL;
  long k;
  for (j = 1; j < m->size; j++) {   /* from the next rank on, as IMB spreads its targets */
    t = (m->rank + j) % m->size;
    if (!pr_accesses(m, m->rank, t)) continue;
    if (st->sync == PR_LOCK) MPI_Win_lock(MPI_LOCK_SHARED, t, 0, st->w.win);
    for (k = 0; k < window; k++) pr_op(m, st, t);
    if (st->sync == PR_LOCK) MPI_Win_unlock(t, st->w.win);
    else if (complete && !all) {
      if (local) MPI_Win_flush_local(t, st->w.win);
      else MPI_Win_flush(t, st->w.win);
    }
  }
  if (complete && all) {
    if (local) MPI_Win_flush_local_all(st->w.win);
    else MPI_Win_flush_all(st->w.win);
  }
}

static int pr_origin(sk_mctx *m)
{
  int t;
  for (t = 0; t < m->size; t++)
    if (pr_accesses(m, m->rank, t)) return 1;
  return 0;
}

/* Opens (close 0) or closes the passive epoch that spans a flush mode's timing: a shared
** lock on each target, or lock_all for the rows of many targets. */
static void pr_passive(sk_mctx *m, pr_state *st, int close)
{
  const pr_plan *p = pr_plan_of(m);
  int t;
  if (p->who == PR_ONE_ALL || p->who == PR_ALL_ALL) {
    if (close) MPI_Win_unlock_all(st->w.win);
    else MPI_Win_lock_all(0, st->w.win);
    return;
  }
  for (t = 0; t < m->size; t++)
    if (pr_accesses(m, m->rank, t)) {
      if (close) MPI_Win_unlock(t, st->w.win);
      else MPI_Win_lock(MPI_LOCK_SHARED, t, 0, st->w.win);
    }
}

/* One round under an active sync. Fence: one epoch for every origin, or (a latency
** row's round trip) rank 0's epoch, then rank 1's. PSCW between ranks 0 and 1: rank 0
** accesses, then (round trip) rank 1; or both at once (Put_bibw). */
static void pr_active_round(sk_mctx *m, pr_state *st, long window, int first, int last)
{
  const pr_plan *p = pr_plan_of(m);
  int trip = (p->who == PR_PAIR || p->who == PR_PAIRS) && !p->bandwidth;
  MPI_Win win = st->w.win;
  if (st->sync == PR_FENCE) {
    MPI_Win_fence(first ? MPI_MODE_NOPRECEDE : 0, win);
    if ((trip && pr_first(m, m->rank) && pr_origin(m)) || (!trip && pr_origin(m))) pr_ops(m, st, window, 0);
    if (trip) {
      MPI_Win_fence(0, win);
      if (!pr_first(m, m->rank) && pr_origin(m)) pr_ops(m, st, window, 0);
    }
    MPI_Win_fence(last ? MPI_MODE_NOSUCCEED : 0, win);
    return;
  }
  if (st->peer == MPI_GROUP_NULL) return;
  if (p->who == PR_BIDIR) {
    MPI_Win_post(st->peer, 0, win);
    MPI_Win_start(st->peer, 0, win);
    pr_ops(m, st, window, 0);
    MPI_Win_complete(win);
    MPI_Win_wait(win);
  } else if (pr_first(m, m->rank)) {
    MPI_Win_start(st->peer, 0, win);
    pr_ops(m, st, window, 0);
    MPI_Win_complete(win);
    if (trip) {
      MPI_Win_post(st->peer, 0, win);
      MPI_Win_wait(win);
    }
  } else {
    MPI_Win_post(st->peer, 0, win);
    MPI_Win_wait(win);
    if (trip) {
      MPI_Win_start(st->peer, 0, win);
      pr_ops(m, st, window, 0);
      MPI_Win_complete(win);
    }
  }
}

/* `iterations` rounds between a synchronised start and stop, timed on every origin:
** per operation (a bandwidth row: per message, both ways counted), or per round trip. */
static double measure_peer_rma(sk_mctx *m, const sk_value *args)
{
  const pr_plan *p = pr_plan_of(m);
  pr_state *st = pr_of(m);
  long i, n = m->arg.iterations, window = pr_window(m);
  int origin = pr_origin(m), passive = st->sync == PR_FLUSH || st->sync == PR_FLUSH_LOCAL;
  int aggregate = p->aggregate >= 0 ? p->aggregate : m->arg.aggregate != 0;
  double start, t;
  (void)args;
  if (n <= 0) return n < 0 ? -1.0 : 0.0;
  sk_sync_start(m);
  if (passive && origin) pr_passive(m, st, 0);
  start = MPI_Wtime();
  for (i = 0; i < n; i++) {
    if (st->sync == PR_PSCW || st->sync == PR_FENCE) pr_active_round(m, st, window, i == 0, i == n - 1);
    else if (origin && st->sync == PR_LOCK_ALL) {
      MPI_Win_lock_all(0, st->w.win);
      pr_ops(m, st, window, 0);
      MPI_Win_unlock_all(st->w.win);
    } else if (origin) {
      pr_ops(m, st, window, passive && (!aggregate || i == n - 1));
    }
    pr_after_round(m, st);
  }
  t = MPI_Wtime() - start;
  if (passive && origin) pr_passive(m, st, 1);
  sk_sync_stop(m);
  if (!origin) return -1.0;
  return t / (double)n / (double)window / (p->bandwidth == 2 || p->one_way ? 2.0 : 1.0);
}

/* ---- verification: the windows start as zeros (puts, accumulates) or hold their
** owner's pattern (gets); rank r's operations land in slot r of its targets ---- */

static void prepare_peer_rma(sk_mctx *m, const sk_value *args)
{
  pr_state *st = pr_of(m);
  long k;
  if (pr_plan_of(m)->op == PR_GET) sk_win_prepare_get(m, args);
  else sk_win_prepare_put(m, args);
  for (k = 0; k < st->w.count || k < 2; k++) st->ones[k] = 1;
  memset(st->result, 0, sizeof(int) * (size_t)(st->w.count > 1 ? st->w.count : 2));
  st->expected = 0;
}

/* Put: slot s of this window holds rank s's block if rank s accesses it. */
static long pr_put_source(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)s;
  (void)offset;
  return pr_accesses(m, (int)slot, m->rank) ? slot : -1;
}

/* Get: slot t of the receive buffer holds slot (this rank) of rank t's pattern. */
static long pr_get_source(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  *offset = s->block * (size_t)m->rank;
  return pr_accesses(m, m->rank, (int)slot) ? slot : -1;
}

/* "process R of P: what", the check's name for this process's slots. */
static void pr_expect_ints(sk_mctx *m, const char *what, const int *got, long n, long want)
{
  char named[120];
  sprintf(named, "process %d of %d: %.80s", m->rank, m->size, what);
  sk_win_expect_ints(m, named, got, n, want);
}

static void check_peer_rma(sk_mctx *m, const sk_value *args)
{
  const pr_plan *p = pr_plan_of(m);
  pr_state *st = pr_of(m);
  long ops = m->arg.iterations * pr_window(m), in = 0;
  int r;
  (void)args;
  if (m->arg.iterations <= 0) {
    MPI_Barrier(sk_mpi_comm(m));
    return;
  }
  if (p->op == PR_PUT) sk_win_check_window_passive(m, pr_put_source);
  else if (p->op == PR_GET) {
    MPI_Barrier(sk_mpi_comm(m));
    sk_win_check_received(m, pr_get_source);
  } else {
    sk_win_settle(m);
    for (r = 0; r < m->size; r++) in += pr_accesses(m, r, m->rank) ? ops : 0;
    pr_expect_ints(m, "target window", (const int *)st->w.memory, st->w.count, in);
    if (p->op != PR_ACC && pr_origin(m)) pr_expect_ints(m, "fetched result", st->result, st->w.count, ops - 1);
  }
}

#endif /* MPI-3 */

static const sk_measurement mpi_peer_rma_table[] = {
  SK_ROW_MPI3("Get_bidirectional", "count:i datatype:t iterations:i aggregate:i", SK_PATTERN_COLLECTIVE, 2, PR_GET_BIDIR,
              measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma, NULL),
  SK_ROW_MPI3("Put_local", "count:i datatype:t iterations:i aggregate:i", SK_PATTERN_COLLECTIVE, 2, PR_PUT_LOCAL,
              measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma, NULL),
  SK_ROW_MPI3("Get_local", "count:i datatype:t iterations:i aggregate:i", SK_PATTERN_COLLECTIVE, 2, PR_GET_LOCAL,
              measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma, NULL),
  SK_ROW_MPI3("Get_one_all", "count:i datatype:t iterations:i", SK_PATTERN_COLLECTIVE, 2, PR_GET_ONE_ALL,
              measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma, NULL),
  SK_ROW_MPI3("Put_all_all", "count:i datatype:t iterations:i", SK_PATTERN_COLLECTIVE, 2, PR_PUT_ALL_ALL,
              measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma, NULL),
  SK_ROW_MPI3("Get_all_all", "count:i datatype:t iterations:i", SK_PATTERN_COLLECTIVE, 2, PR_GET_ALL_ALL,
              measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma, NULL),
  SK_ROW_MPI3("Put_one_all_local", "count:i datatype:t iterations:i", SK_PATTERN_COLLECTIVE, 2, PR_PUT_ONE_ALL_LOCAL,
              measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma, NULL),
  SK_ROW_MPI3("Get_one_all_local", "count:i datatype:t iterations:i", SK_PATTERN_COLLECTIVE, 2, PR_GET_ONE_ALL_LOCAL,
              measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma, NULL),
  SK_ROW_MPI3("Get_exchange", "count:i datatype:t iterations:i", SK_PATTERN_COLLECTIVE, 2, PR_GET_EXCHANGE,
              measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma, NULL),
  SK_ROW_MPI3("Put_latency", "count:i datatype:t iterations:i win_kind:i sync_kind:i", SK_PATTERN_COLLECTIVE, 2, PR_PUT_LAT,
              measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma, NULL),
  SK_ROW_MPI3("Get_latency", "count:i datatype:t iterations:i win_kind:i sync_kind:i", SK_PATTERN_COLLECTIVE, 2, PR_GET_LAT,
              measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma, NULL),
  SK_ROW_MPI3("Accumulate_latency", "count:i operation:o iterations:i win_kind:i sync_kind:i", SK_PATTERN_COLLECTIVE, 2, PR_ACC_LAT,
              measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma, NULL),
  SK_ROW_MPI3("Get_accumulate_latency", "count:i operation:o iterations:i win_kind:i sync_kind:i", SK_PATTERN_COLLECTIVE, 2, PR_GET_ACC_LAT,
              measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma, NULL),
  SK_ROW_MPI3("Fetch_and_op_latency", "iterations:i win_kind:i sync_kind:i", SK_PATTERN_COLLECTIVE, 2, PR_FOP_LAT,
              measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma, NULL),
  SK_ROW_MPI3("Compare_and_swap_latency", "iterations:i win_kind:i sync_kind:i", SK_PATTERN_COLLECTIVE, 2, PR_CAS_LAT,
              measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma, NULL),
  SK_ROW_MPI3("Put_bw", "count:i datatype:t iterations:i window:i win_kind:i sync_kind:i", SK_PATTERN_COLLECTIVE, 2, PR_PUT_BW,
              measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma, NULL),
  SK_ROW_MPI3("Get_bw", "count:i datatype:t iterations:i window:i win_kind:i sync_kind:i", SK_PATTERN_COLLECTIVE, 2, PR_GET_BW,
              measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma, NULL),
  SK_ROW_MPI3("Put_bibw", "count:i datatype:t iterations:i window:i win_kind:i sync_kind:i", SK_PATTERN_COLLECTIVE, 2, PR_PUT_BIBW,
              measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma, NULL),
  SK_ROW_MPI3("Get_fence_bidirectional", "count:i datatype:t iterations:i window:i", SK_PATTERN_COLLECTIVE, 2,
              PR_GET_FENCE_BIDIR, measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma,
              NULL),
  SK_ROW_MPI3("Get_mbw", "count:i datatype:t iterations:i window:i win_kind:i sync_kind:i", SK_PATTERN_COLLECTIVE, 2, PR_GET_MBW,
              measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma, NULL),
  SK_ROW_MPI3("Get_multi_lat", "count:i datatype:t iterations:i win_kind:i", SK_PATTERN_COLLECTIVE, 2, PR_GET_MULTI_LAT,
              measure_peer_rma, init_peer_rma, finalize_peer_rma, prepare_peer_rma, check_peer_rma, NULL),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_peer_rma(void) { return mpi_peer_rma_table; }
