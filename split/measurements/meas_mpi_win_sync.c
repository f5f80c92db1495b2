/*
** meas_mpi_win_sync.c -- one-sided communication, window synchronisation (SKaMPI 5
** manual §3.3): fences, general active target (post, start, complete, wait, test),
** passive target locks, window creation and destruction. The module also owns what every
** one-sided measurement shares (meas_mpi.h): the window state, its setup and teardown,
** the block transfers, one PSCW epoch and the verification helpers (verify.h). The
** functions read their arguments by name (m->arg); rows that differ only in what they
** time share one function and tell themselves apart by their VARIANT. They need MPI-2
** (SK_MPI_LEVEL >= 2); the rows exist in every build. The rules the one-sided rows share
** (roles, assertions, lock types, delays) are in doc/internals.md, "One-sided modules".
*/
#include "meas_mpi.h"
#include "verify.h"

/* The VARIANTs of the rows (in every build: the table names them). Who puts before the
** closing fence: rank 0 to rank 1, or every process to its right neighbour. */
enum fence_close_putters { FENCE_CLOSE_RANK_0, FENCE_CLOSE_EVERYBODY };

/* The lock rows: the MPI_Win_lock or the MPI_Win_unlock call timed. */
enum lock_timed { LOCK_TIME_LOCK, LOCK_TIME_UNLOCK };

/* The PSCW rows, by what they time (pscw_variants). */
enum pscw_variant_id {
  PSCW_V_START, PSCW_V_START_DELAYED_POST, PSCW_V_POST, PSCW_V_COMPLETE, PSCW_V_STARTCOMPLETE, PSCW_V_COMPLETE_N,
  PSCW_V_COMPLETE_DELAYED_WAIT, PSCW_V_WAIT_EARLY_COMPLETE, PSCW_V_WAIT_DELAYED_COMPLETE, PSCW_V_TEST,
  PSCW_V_TEST_DELAYED
};

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2

#define FENCE_ASSERTS (MPI_MODE_NOSTORE | MPI_MODE_NOPUT | MPI_MODE_NOPRECEDE | MPI_MODE_NOSUCCEED)
#define POST_ASSERTS (MPI_MODE_NOCHECK | MPI_MODE_NOSTORE | MPI_MODE_NOPUT)

/* ---- shared by the one-sided modules ---- */

SK_API const sk_datatype *sk_win_datatype(const sk_mctx *m)
{
  return m->arg.datatype != NULL ? m->arg.datatype : sk_mpi_int_type();
}

SK_API MPI_Info sk_win_info(const sk_value *info)
{
  return info != NULL && info->u.info != NULL ? *(MPI_Info *)info->u.info : MPI_INFO_NULL;
}

SK_API sk_win_state *sk_win_setup(sk_mctx *m, long count, const sk_datatype *dt, long slots, int create)
{
  const char *fn = m->name;
  sk_win_state *s;
  size_t bytes;
  sk_mpi_check_count(m, fn, "count", count);
  sk_mpi_check_count(m, fn, "number of messages", slots);
  bytes = sk_mpi_block_bytes(m, fn, count, dt, slots, 0);
  if (!m->failed && (MPI_Aint)bytes < 0) sk_meas_fail(m, "one-sided window too large for MPI_Aint");
  if (m->failed) return NULL;
  s = (sk_win_state *)sk_calloc(1, sizeof *s);
  s->type = dt;
  s->info = m->arg.info;
  s->win = MPI_WIN_NULL;
  s->origins = s->targets = MPI_GROUP_NULL;
  s->derived = MPI_DATATYPE_NULL;
  s->count = (int)count;
  s->dt = dt->mpi;
  s->block = sk_mpi_bytes(count, dt);
  s->memory_size = (MPI_Aint)bytes;
  MPI_Alloc_mem(bytes > 0 ? (MPI_Aint)bytes : 1, MPI_INFO_NULL, &s->memory);
  memset(s->memory, 0, bytes > 0 ? bytes : 1);
  if (create) MPI_Win_create(s->memory, s->memory_size, 1, sk_win_info(s->info), sk_mpi_comm(m), &s->win);
  if (create) sk_tp_errors_return_win(&s->win);   /* an error is the suite's, not the run's end (transport.h) */
  m->state = s;
  m->reported_size = sk_mpi_data_bytes(count, dt);
  return s;
}

SK_API sk_win_state *sk_win_simple(sk_mctx *m, long slots)
{
  sk_win_state *s = sk_win_setup(m, m->arg.count, sk_win_datatype(m), slots, 1);
  if (s == NULL) return NULL;
  m->send_usage = s->block;
  m->recv_usage = s->block;
  return s;
}

SK_API void sk_win_init_one_block(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_simple(m, 1);
}

SK_API void sk_win_groups(sk_mctx *m, sk_win_state *s, int n_targets)
{
  MPI_Group all;
  int zero = 0, range[1][3];
  MPI_Comm_group(sk_mpi_comm(m), &all);
  MPI_Group_incl(all, 1, &zero, &s->origins);
  range[0][0] = 1;
  range[0][1] = n_targets;
  range[0][2] = 1;
  MPI_Group_range_incl(all, 1, range, &s->targets);
  MPI_Group_free(&all);
  s->n_targets = n_targets;
}

SK_API void sk_win_finalize(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = (sk_win_state *)m->state;
  (void)args;
  if (s == NULL) return;
  if (s->win != MPI_WIN_NULL) MPI_Win_free(&s->win);
  if (s->origins != MPI_GROUP_NULL) MPI_Group_free(&s->origins);
  if (s->targets != MPI_GROUP_NULL) MPI_Group_free(&s->targets);
  if (s->derived != MPI_DATATYPE_NULL) MPI_Type_free(&s->derived);
  MPI_Free_mem(s->memory);
  free(s);
  m->state = NULL;
}

SK_API int sk_win_check_assert(sk_mctx *m, const char *fn, long assertion, int allowed)
{
  char msg[200];
  if (m->failed) return 0;
  if (assertion < 0 || assertion > INT_MAX || ((int)assertion & ~allowed) != 0) {
    sprintf(msg, "%.60s: assert %ld is not a combination of%s%s%s%s%s (or 0)", fn, assertion,
            allowed & MPI_MODE_NOCHECK ? " MPI_MODE_NOCHECK" : "",
            allowed & MPI_MODE_NOSTORE ? " MPI_MODE_NOSTORE" : "",
            allowed & MPI_MODE_NOPUT ? " MPI_MODE_NOPUT" : "",
            allowed & MPI_MODE_NOPRECEDE ? " MPI_MODE_NOPRECEDE" : "",
            allowed & MPI_MODE_NOSUCCEED ? " MPI_MODE_NOSUCCEED" : "");
    sk_meas_fail(m, msg);
    return 0;
  }
  return 1;
}

SK_API int sk_win_check_lock_type(sk_mctx *m, const char *fn, long value)
{
  char msg[200];
  if (value == MPI_LOCK_SHARED || value == 0 || value == MPI_LOCK_EXCLUSIVE || value == 1) return 1;
  if (!m->failed) {
    sprintf(msg, "%.60s: lock_type %ld is neither MPI_LOCK_SHARED (%d, or 0) nor MPI_LOCK_EXCLUSIVE (%d, or 1)",
            fn, value, MPI_LOCK_SHARED, MPI_LOCK_EXCLUSIVE);
    sk_meas_fail(m, msg);
  }
  return 0;
}

SK_API int sk_win_lock_type_of(long value)
{
  return value == MPI_LOCK_SHARED || value == 0 ? MPI_LOCK_SHARED : MPI_LOCK_EXCLUSIVE;
}

SK_API void sk_win_put_block(const sk_mctx *m, const sk_win_state *s, int target, long slot)
{
  MPI_Put(m->send_buf, s->count, s->dt, target, (MPI_Aint)(s->block * (size_t)slot), s->count, s->dt, s->win);
}

/* A get into receive-buffer slot `local_slot`. */
SK_API void sk_win_get_block(const sk_mctx *m, const sk_win_state *s, int target, long slot, long local_slot)
{
  MPI_Get(m->recv_buf + s->block * (size_t)local_slot, s->count, s->dt, target,
          (MPI_Aint)(s->block * (size_t)slot), s->count, s->dt, s->win);
}

SK_API void sk_win_accumulate_block(const sk_mctx *m, const sk_win_state *s, int target, long slot, MPI_Op op)
{
  MPI_Accumulate(m->send_buf, s->count, s->dt, target, (MPI_Aint)(s->block * (size_t)slot), s->count, s->dt,
                 op, s->win);
}

SK_API void sk_pscw_plan_init(sk_pscw_plan *p, enum sk_pscw_timed timed, long assertion, int doput)
{
  p->timed = timed;
  p->op = doput ? PSCW_PUT : PSCW_NONE;
  p->msg_cnt = 1;
  p->assertion = (int)assertion;
  p->post_delay = p->complete_delay = p->wait_delay = 0.0;
  p->post_delay_rank = -1;
}

SK_API double sk_pscw_run(sk_mctx *m, const sk_pscw_plan *p)
{
  sk_win_state *s = (sk_win_state *)m->state;
  int nocheck = (p->assertion & MPI_MODE_NOCHECK) != 0, j, flag = 0;
  long k;
  double t0 = 0.0, t1 = 0.0, t2 = 0.0, t3 = 0.0, result = -1.0;
  sk_sync_start(m);
  if (m->rank == 0) {
    if (nocheck) MPI_Barrier(sk_mpi_comm(m));
    t0 = MPI_Wtime();
    MPI_Win_start(s->targets, p->assertion & MPI_MODE_NOCHECK, s->win);
    t1 = MPI_Wtime();
    for (j = 1; j <= s->n_targets; j++)
      for (k = 0; k < p->msg_cnt; k++) {
        if (p->op == PSCW_PUT) sk_win_put_block(m, s, j, k);
        else if (p->op == PSCW_GET) sk_win_get_block(m, s, j, k, (j - 1) * p->msg_cnt + k);
      }
    sk_mpi_busy_wait(p->complete_delay);
    t2 = MPI_Wtime();
    MPI_Win_complete(s->win);
    t3 = MPI_Wtime();
    if (p->timed == PSCW_START) result = t1 - t0;
    else if (p->timed == PSCW_COMPLETE) result = t3 - t2;
    else if (p->timed == PSCW_STARTCOMPLETE || p->timed == PSCW_WHOLE) result = t3 - t0;
  } else if (m->rank <= s->n_targets) {
    if (m->rank == p->post_delay_rank) sk_mpi_busy_wait(p->post_delay);
    t0 = MPI_Wtime();
    MPI_Win_post(s->origins, p->assertion & POST_ASSERTS, s->win);
    t1 = MPI_Wtime();
    if (nocheck) MPI_Barrier(sk_mpi_comm(m));
    sk_mpi_busy_wait(p->wait_delay);
    t2 = MPI_Wtime();
    if (p->timed == PSCW_TEST_LOOP) {
      do MPI_Win_test(s->win, &flag); while (!flag);
    } else if (p->timed == PSCW_TEST_ONCE) {
      MPI_Win_test(s->win, &flag);
      t3 = MPI_Wtime();
      if (!flag) MPI_Win_wait(s->win);
    } else {
      MPI_Win_wait(s->win);
    }
    if (p->timed != PSCW_TEST_ONCE) t3 = MPI_Wtime();
    if (p->timed == PSCW_POST) result = t1 - t0;
    else if (p->timed == PSCW_WAIT || p->timed == PSCW_TEST_LOOP || p->timed == PSCW_TEST_ONCE) result = t3 - t2;
    else if (p->timed == PSCW_WHOLE) result = t3 - t0;
  } else if (nocheck) {
    MPI_Barrier(sk_mpi_comm(m));
  }
  sk_sync_stop(m);
  return result;
}

SK_API sk_win_state *sk_win_of(sk_mctx *m) { return (sk_win_state *)m->state; }

/* ---- verification: what every one-sided verifier shares (meas_mpi.h) ---- */

SK_API void sk_win_verify_ready(sk_mctx *m)
{
  sk_win_state *s = sk_win_of(m);
  if (s != NULL && s->win != MPI_WIN_NULL) MPI_Win_fence(MPI_MODE_NOPRECEDE | MPI_MODE_NOSUCCEED, s->win);
  MPI_Barrier(sk_mpi_comm(m));
}

static void win_prepare(sk_mctx *m, int own_pattern)
{
  sk_win_state *s = sk_win_of(m);
  sk_verify_default_prepare(m, NULL);
  if (own_pattern) sk_verify_fill(s->memory, (size_t)s->memory_size, m->rank, 0);
  else memset(s->memory, 0, (size_t)s->memory_size);
  sk_win_verify_ready(m);
}

SK_API void sk_win_prepare_put(sk_mctx *m, const sk_value *args)
{
  (void)args;
  win_prepare(m, 0);
}

SK_API void sk_win_prepare_get(sk_mctx *m, const sk_value *args)
{
  (void)args;
  win_prepare(m, 1);
}

SK_API int sk_win_verify_zeros(sk_mctx *m, const char *what, const char *buf, size_t n)
{
  size_t k;
  for (k = 0; k < n; k++)
    if (buf[k] != 0) {
      sk_verify_mismatch(m, what, k, (unsigned char)buf[k], 0u);
      return 0;
    }
  return 1;
}

static void win_check_slots(sk_mctx *m, const char *what, const char *buf, size_t bytes, sk_win_source source)
{
  sk_win_state *s = sk_win_of(m);
  long slot, n = s->block > 0 ? (long)(bytes / s->block) : 0;
  char w[120];
  for (slot = 0; slot < n && !m->failed; slot++) {
    size_t offset = 0;
    const char *at = buf + s->block * (size_t)slot;
    long from = source(m, s, slot, &offset);
    if (from >= 0) {
      sprintf(w, "%s slot %ld (the block of rank %ld)", what, slot, from);
      sk_mpi_verify_block(m, w, at, (long)s->count, s->type, (long)s->count, s->type, from, offset);
    } else {
      sprintf(w, "%s slot %ld (nothing was to arrive there)", what, slot);
      sk_win_verify_zeros(m, w, at, s->block);
    }
  }
}

SK_API void sk_win_check_window(sk_mctx *m, sk_win_source source)
{
  win_check_slots(m, "window after the epoch", sk_win_of(m)->memory, (size_t)sk_win_of(m)->memory_size, source);
}

SK_API void sk_win_settle(sk_mctx *m)
{
  sk_win_state *s = sk_win_of(m);
  MPI_Barrier(sk_mpi_comm(m));
  MPI_Win_lock(MPI_LOCK_SHARED, m->rank, 0, s->win);
  MPI_Win_unlock(m->rank, s->win);
}

SK_API void sk_win_check_window_passive(sk_mctx *m, sk_win_source source)
{
  sk_win_settle(m);
  sk_win_check_window(m, source);
}

SK_API void sk_win_check_received(sk_mctx *m, sk_win_source source)
{
  win_check_slots(m, "receive buffer after the epoch", m->recv_buf, m->recv_usage, source);
}

/* ---- fence ---- */

/* MPI_Win_fence_open(count, dt, info, assert): the opening MPI_Win_fence(assert); the
** epoch is closed with MPI_MODE_NOSUCCEED after the timing. */
static void init_MPI_Win_fence_open(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_assert(m, m->name, m->arg.assertion, FENCE_ASSERTS);
  sk_win_simple(m, 1);
}

static double measure_MPI_Win_fence_open(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start, end;
  (void)args;
  start = sk_sync_start(m);
  MPI_Win_fence((int)m->arg.assertion, s->win);
  end = sk_sync_stop(m);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return end - start;
}

/* The closing fences (count, dt, info, assert, doput): assert of the closing
** MPI_Win_fence; with doput the puts forbid MPI_MODE_NOPRECEDE there. Who puts is the
** VARIANT: rank 0 to rank 1 (MPI_Win_fence_close), or every process to its right
** neighbour, rank+1 mod size (MPI_Win_fence_close_collective). */
static void init_fence_close(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_assert(m, m->name, m->arg.assertion, MPI_MODE_NOSTORE | MPI_MODE_NOPUT | MPI_MODE_NOSUCCEED
                      | (m->arg.do_a_put ? 0 : MPI_MODE_NOPRECEDE));
  sk_win_simple(m, 1);
}

/* Opens the epoch, lets the putters put, and times the closing MPI_Win_fence(assert) alone. */
static double measure_fence_close(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start;
  (void)args;
  sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->arg.do_a_put && (m->variant == FENCE_CLOSE_EVERYBODY || m->rank == 0))
    sk_win_put_block(m, s, (m->rank + 1) % m->size, 0);
  start = MPI_Wtime();
  MPI_Win_fence((int)m->arg.assertion, s->win);
  return sk_sync_stop(m) - start;
}

/* MPI_Win_fence_close_delayed(count, dt, info, msg_cnt, delay_us): rank 0 puts msg_cnt
** messages to rank 1, then every process waits delay_us before the closing fence,
** which alone is timed. A library that transfers while the processes compute closes
** quickly; one that defers the transfer to the fence does not. */
static void init_MPI_Win_fence_close_delayed(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_mpi_check_count(m, m->name, "delay_us", m->arg.delay_us);
  sk_win_simple(m, m->arg.msg_count);
}

static double measure_MPI_Win_fence_close_delayed(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  long k;
  double start;
  (void)args;
  sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0)
    for (k = 0; k < m->arg.msg_count; k++) sk_win_put_block(m, s, 1, k);
  sk_mpi_busy_wait((double)m->arg.delay_us);
  start = MPI_Wtime();
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* MPI_Win_fence_openclose(count, dt, info, doput): a whole fence epoch, opening fence,
** the put of rank 0 to rank 1 if doput, closing fence (init: sk_win_init_one_block). */
static double measure_MPI_Win_fence_openclose(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start = sk_sync_start(m);
  (void)args;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->arg.do_a_put && m->rank == 0) sk_win_put_block(m, s, 1, 0);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* ---- general active target synchronisation (post, start, complete, wait) ---- */

/* The PSCW rows share one init and one measure; their VARIANT indexes pscw_variants:
** which call or part of the epoch is timed, who spends the row's delay_us where, and
** whether the origin always puts msg_count messages (else one if doput). */
enum pscw_delayed { PSCW_NO_DELAY, PSCW_DELAY_POST, PSCW_DELAY_COMPLETE, PSCW_DELAY_WAIT };

typedef struct pscw_variant {
  enum sk_pscw_timed timed;
  enum pscw_delayed delayed;  /* POST: target delay_rank before MPI_Win_post; COMPLETE: the
                                 origin before MPI_Win_complete; WAIT: the targets before
                                 MPI_Win_wait */
  int puts_messages;          /* the origin puts msg_count messages to every target */
} pscw_variant;

static const pscw_variant pscw_variants[] = {
  { PSCW_START, PSCW_NO_DELAY, 0 },               /* MPI_Win_start: the origin's MPI_Win_start */
  { PSCW_START, PSCW_DELAY_POST, 0 },             /* _start_delayed_post: does start wait for the posts? */
  { PSCW_POST, PSCW_NO_DELAY, 0 },                /* MPI_Win_post: the targets' MPI_Win_post */
  { PSCW_COMPLETE, PSCW_NO_DELAY, 0 },            /* MPI_Win_complete: the origin's */
  { PSCW_STARTCOMPLETE, PSCW_NO_DELAY, 0 },       /* _startcomplete: the origin's whole access epoch */
  { PSCW_COMPLETE, PSCW_DELAY_COMPLETE, 1 },      /* _complete_n: after msg_count puts to every target */
  { PSCW_COMPLETE, PSCW_DELAY_WAIT, 0 },          /* _complete_delayed_wait: does complete wait for them? */
  { PSCW_WAIT, PSCW_DELAY_WAIT, 0 },              /* _wait_early_complete: the epoch is over by then */
  { PSCW_WAIT, PSCW_DELAY_COMPLETE, 0 },          /* _wait_delayed_complete */
  { PSCW_TEST_LOOP, PSCW_NO_DELAY, 0 },           /* MPI_Win_test: the targets' MPI_Win_test loop */
  { PSCW_TEST_ONCE, PSCW_DELAY_COMPLETE, 0 }      /* _test_delayed: ONE MPI_Win_test while the epoch is open */
};

/* Whether the origin puts in the row's epochs, and how many messages to every target. */
static int pscw_puts(const sk_mctx *m)
{
  return pscw_variants[m->variant].puts_messages || m->arg.do_a_put != 0;
}

static long pscw_messages(const sk_mctx *m)
{
  return pscw_variants[m->variant].puts_messages ? m->arg.msg_count : 1;
}

/* delay_us and delay_rank are checked first (a row without them has 0 there); then a
** window of msg_cnt blocks, all ranks but 0 are targets. */
static void init_pscw(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s;
  (void)args;
  sk_mpi_check_count(m, m->name, "delay_us", m->arg.delay_us);
  if (pscw_variants[m->variant].delayed == PSCW_DELAY_POST) {
    sk_mpi_check_rank(m, m->name, "delay_rank", m->arg.delay_rank);
    if (!m->failed && m->arg.delay_rank == 0) {
      char msg[200];
      sprintf(msg, "%.60s: delay_rank must be a target (1..size-1), rank 0 is the origin", m->name);
      sk_meas_fail(m, msg);
    }
  }
  sk_win_check_assert(m, m->name, m->arg.assertion,
                      MPI_MODE_NOCHECK | MPI_MODE_NOSTORE | (pscw_puts(m) ? 0 : MPI_MODE_NOPUT));
  s = sk_win_simple(m, pscw_messages(m));
  if (s != NULL) sk_win_groups(m, s, m->size - 1);
}

static double measure_pscw(sk_mctx *m, const sk_value *args)
{
  const pscw_variant *v = &pscw_variants[m->variant];
  double delay = (double)m->arg.delay_us;
  sk_pscw_plan p;
  (void)args;
  sk_pscw_plan_init(&p, v->timed, m->arg.assertion, pscw_puts(m));
  p.msg_cnt = pscw_messages(m);
  if (v->delayed == PSCW_DELAY_POST) {
    p.post_delay = delay;
    p.post_delay_rank = (int)m->arg.delay_rank;
  } else if (v->delayed == PSCW_DELAY_COMPLETE) {
    p.complete_delay = delay;
  } else if (v->delayed == PSCW_DELAY_WAIT) {
    p.wait_delay = delay;
  }
  return sk_pscw_run(m, &p);
}

/* ---- window creation and destruction ---- */

/* MPI_Win_create(count, dt, info): the creation of a window of count elements (freed
** after the timing); init only allocates the memory. */
static void init_MPI_Win_create(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_setup(m, m->arg.count, sk_win_datatype(m), 1, 0);
  m->send_usage = m->recv_usage = 0;
}

static double measure_MPI_Win_create(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  MPI_Win win;
  double start, end;
  (void)args;
  start = sk_sync_start(m);
  MPI_Win_create(s->memory, s->memory_size, 1, sk_win_info(s->info), sk_mpi_comm(m), &win);
  end = sk_sync_stop(m);
  MPI_Win_free(&win);
  return end - start;
}

/* MPI_Win_free(count, dt, info, doput): a window is created and, with doput, used for
** one fence epoch in which rank 0 puts to rank 1 (all untimed); MPI_Win_free is timed. */
static void init_MPI_Win_free(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s;
  (void)args;
  s = sk_win_setup(m, m->arg.count, sk_win_datatype(m), 1, 0);
  if (s == NULL) return;
  m->send_usage = s->block;
  m->recv_usage = 0;
}

static double measure_MPI_Win_free(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start;
  (void)args;
  MPI_Win_create(s->memory, s->memory_size, 1, sk_win_info(s->info), sk_mpi_comm(m), &s->win);
  sk_tp_errors_return_win(&s->win);
  if (m->arg.do_a_put) {
    MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
    if (m->rank == 0) sk_win_put_block(m, s, 1, 0);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  }
  start = sk_sync_start(m);
  MPI_Win_free(&s->win);
  s->win = MPI_WIN_NULL;
  return sk_sync_stop(m) - start;
}

/* ---- passive target: locks ---- */

/* The lock rows (count, dt, info, assert, lock_type, dest[, doput][, delay_us]): only
** rank 0 locks the window of dest. */
static void init_win_lock(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_mpi_check_count(m, m->name, "delay_us", m->arg.delay_us);
  sk_win_check_assert(m, m->name, m->arg.assertion, MPI_MODE_NOCHECK);
  sk_win_check_lock_type(m, m->name, m->arg.lock_type);
  sk_mpi_check_rank(m, m->name, "dest", m->arg.dest_rank);
  sk_win_simple(m, 1);
}

/* Rank 0 locks dest, then unlocks; the VARIANT says which call is timed.
** MPI_Win_lock: rank 0's MPI_Win_lock call (many libraries acquire the lock lazily, then
** the cost shows in MPI_Win_unlock). MPI_Win_lock_desync(..., delay_us): the same while
** the target dest is "desynchronised": it spends delay_us in a busy loop without MPI
** calls while rank 0 locks its window (does the lock need the target?).
** MPI_Win_unlock(..., doput, delay_us): rank 0 puts one message if doput and waits
** delay_us after locking; its MPI_Win_unlock is timed. */
static double measure_win_lock(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  int dest = (int)m->arg.dest_rank, unlock_timed = m->variant == LOCK_TIME_UNLOCK;
  double start = 0.0, result = -1.0;
  (void)args;
  sk_sync_start(m);
  if (m->rank == 0) {
    if (!unlock_timed) start = MPI_Wtime();
    MPI_Win_lock(sk_win_lock_type_of(m->arg.lock_type), dest, (int)m->arg.assertion, s->win);
    if (unlock_timed) {
      if (m->arg.do_a_put) sk_win_put_block(m, s, dest, 0);
      sk_mpi_busy_wait((double)m->arg.delay_us);
      start = MPI_Wtime();
    } else {
      result = MPI_Wtime() - start;
    }
    MPI_Win_unlock(dest, s->win);
    if (unlock_timed) result = MPI_Wtime() - start;
  } else if (m->rank == dest && !unlock_timed) {
    sk_mpi_busy_wait((double)m->arg.delay_us);
  }
  sk_sync_stop(m);
  return result;
}

#endif /* SKAMPI_MPI && SK_MPI_LEVEL >= 2 */

/* Verification (verify.h): the window contents after the epochs that move data (the
** puts of rank 0 with do_a_put, or always in MPI_Win_fence_close_delayed and
** MPI_Win_complete_n; the neighbour puts of the collective fence); the rows that only
** synchronise have nothing to verify. The sources say where the blocks go when the
** origin puts; each check takes them when its row's arguments say it did. */
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
/* Nothing was put: every slot must still be zeros. */
static long nothing_arrived(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)m;
  (void)s;
  (void)slot;
  (void)offset;
  return -1;
}

SK_API long sk_win_from_0_at_1(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)s;
  (void)slot;
  (void)offset;
  return m->rank == 1 ? 0 : -1;
}

/* The PSCW origin rank 0 put its block into every slot of every target. */
static long from_0_at_targets(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)slot;
  (void)offset;
  return m->rank >= 1 && m->rank <= s->n_targets ? 0 : -1;
}

/* Every process put its block to its right neighbour. */
static long from_left(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)s;
  (void)slot;
  (void)offset;
  return sk_mpi_ring_left(m);
}

/* MPI_Win_unlock: rank 0 put into slot 0 of dest (possibly itself). */
static long from_0_at_dest(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)s;
  (void)slot;
  (void)offset;
  return m->rank == m->arg.dest_rank ? 0 : -1;
}

/* `source` if the origin put (do_a_put), else nothing_arrived. */
static sk_win_source if_put(const sk_mctx *m, sk_win_source source)
{
  return m->arg.do_a_put ? source : nothing_arrived;
}

/* MPI_Win_fence_close, MPI_Win_fence_openclose, MPI_Win_free: rank 0 to rank 1 if doput. */
static void check_put_0_at_1(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, if_put(m, sk_win_from_0_at_1));
}

static void check_close_from_left(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, if_put(m, from_left));
}

/* MPI_Win_fence_close_delayed (rank 0 always puts) and the pairwise transfers. */
SK_API void sk_win_check_put_to_1(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, sk_win_from_0_at_1);
}

/* The PSCW rows: the origin's puts, if it put, at every target. */
static void check_pscw_targets(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, pscw_puts(m) ? from_0_at_targets : nothing_arrived);
}

static void check_unlock_at_dest(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window_passive(m, if_put(m, from_0_at_dest));
}
#endif

#define WIN_SYNC_ONLY "window synchronisation only, no data moves"

static const sk_measurement mpi_win_sync_table[] = {
  SK_ROW_MPI2("MPI_Win_fence_open", "count:i datatype:t info:n assertion:i", SK_PATTERN_COLLECTIVE, 1, 0,
              measure_MPI_Win_fence_open, init_MPI_Win_fence_open, sk_win_finalize, NULL, NULL, WIN_SYNC_ONLY),
  SK_ROW_MPI2("MPI_Win_fence_close", "count:i datatype:t info:n assertion:i do_a_put:i", SK_PATTERN_COLLECTIVE, 2, FENCE_CLOSE_RANK_0,
              measure_fence_close, init_fence_close, sk_win_finalize, sk_win_prepare_put, check_put_0_at_1, NULL),
  SK_ROW_MPI2("MPI_Win_fence_close_collective", "count:i datatype:t info:n assertion:i do_a_put:i", SK_PATTERN_COLLECTIVE, 2, FENCE_CLOSE_EVERYBODY,
              measure_fence_close, init_fence_close, sk_win_finalize, sk_win_prepare_put, check_close_from_left, NULL),
  SK_ROW_MPI2("MPI_Win_fence_close_delayed", "count:i datatype:t info:n msg_count:i delay_us:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Win_fence_close_delayed, init_MPI_Win_fence_close_delayed, sk_win_finalize, sk_win_prepare_put, sk_win_check_put_to_1, NULL),
  SK_ROW_MPI2("MPI_Win_fence_openclose", "count:i datatype:t info:n do_a_put:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Win_fence_openclose, sk_win_init_one_block, sk_win_finalize, sk_win_prepare_put, check_put_0_at_1, NULL),
  SK_ROW_MPI2("MPI_Win_start", "count:i datatype:t info:n assertion:i", SK_PATTERN_COLLECTIVE, 2, PSCW_V_START,
              measure_pscw, init_pscw, sk_win_finalize, NULL, NULL, WIN_SYNC_ONLY),
  SK_ROW_MPI2("MPI_Win_start_delayed_post", "count:i datatype:t info:n assertion:i delay_us:i delay_rank:i", SK_PATTERN_COLLECTIVE, 2, PSCW_V_START_DELAYED_POST,
              measure_pscw, init_pscw, sk_win_finalize, NULL, NULL, WIN_SYNC_ONLY),
  SK_ROW_MPI2("MPI_Win_post", "count:i datatype:t info:n assertion:i", SK_PATTERN_COLLECTIVE, 2, PSCW_V_POST,
              measure_pscw, init_pscw, sk_win_finalize, NULL, NULL, WIN_SYNC_ONLY),
  SK_ROW_MPI2("MPI_Win_complete", "count:i datatype:t info:n assertion:i do_a_put:i", SK_PATTERN_COLLECTIVE, 2, PSCW_V_COMPLETE,
              measure_pscw, init_pscw, sk_win_finalize, sk_win_prepare_put, check_pscw_targets, NULL),
  SK_ROW_MPI2("MPI_Win_startcomplete", "count:i datatype:t info:n assertion:i do_a_put:i", SK_PATTERN_COLLECTIVE, 2, PSCW_V_STARTCOMPLETE,
              measure_pscw, init_pscw, sk_win_finalize, sk_win_prepare_put, check_pscw_targets, NULL),
  SK_ROW_MPI2("MPI_Win_complete_n", "count:i datatype:t info:n assertion:i msg_count:i delay_us:i", SK_PATTERN_COLLECTIVE, 2, PSCW_V_COMPLETE_N,
              measure_pscw, init_pscw, sk_win_finalize, sk_win_prepare_put, check_pscw_targets, NULL),
  SK_ROW_MPI2("MPI_Win_complete_delayed_wait", "count:i datatype:t info:n assertion:i do_a_put:i delay_us:i", SK_PATTERN_COLLECTIVE, 2, PSCW_V_COMPLETE_DELAYED_WAIT,
              measure_pscw, init_pscw, sk_win_finalize, sk_win_prepare_put, check_pscw_targets, NULL),
  SK_ROW_MPI2("MPI_Win_wait_early_complete", "count:i datatype:t info:n assertion:i do_a_put:i delay_us:i", SK_PATTERN_COLLECTIVE, 2, PSCW_V_WAIT_EARLY_COMPLETE,
              measure_pscw, init_pscw, sk_win_finalize, sk_win_prepare_put, check_pscw_targets, NULL),
  SK_ROW_MPI2("MPI_Win_wait_delayed_complete", "count:i datatype:t info:n assertion:i do_a_put:i delay_us:i", SK_PATTERN_COLLECTIVE, 2, PSCW_V_WAIT_DELAYED_COMPLETE,
              measure_pscw, init_pscw, sk_win_finalize, sk_win_prepare_put, check_pscw_targets, NULL),
  SK_ROW_MPI2("MPI_Win_test", "count:i datatype:t info:n assertion:i do_a_put:i", SK_PATTERN_COLLECTIVE, 2, PSCW_V_TEST,
              measure_pscw, init_pscw, sk_win_finalize, sk_win_prepare_put, check_pscw_targets, NULL),
  SK_ROW_MPI2("MPI_Win_test_delayed", "count:i datatype:t info:n assertion:i do_a_put:i delay_us:i", SK_PATTERN_COLLECTIVE, 2, PSCW_V_TEST_DELAYED,
              measure_pscw, init_pscw, sk_win_finalize, sk_win_prepare_put, check_pscw_targets, NULL),
  SK_ROW_MPI2("MPI_Win_create", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 1, 0,
              measure_MPI_Win_create, init_MPI_Win_create, sk_win_finalize,
              NULL, NULL, "creates a window, no data moves"),
  SK_ROW_MPI2("MPI_Win_free", "count:i datatype:t info:n do_a_put:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Win_free, init_MPI_Win_free, sk_win_finalize, sk_win_prepare_put, check_put_0_at_1, NULL),
  SK_ROW_MPI2("MPI_Win_lock", "count:i datatype:t info:n assertion:i lock_type:i dest_rank:i", SK_PATTERN_COLLECTIVE, 1, LOCK_TIME_LOCK,
              measure_win_lock, init_win_lock, sk_win_finalize, NULL, NULL, WIN_SYNC_ONLY),
  SK_ROW_MPI2("MPI_Win_lock_desync", "count:i datatype:t info:n assertion:i lock_type:i dest_rank:i delay_us:i", SK_PATTERN_COLLECTIVE, 1, LOCK_TIME_LOCK,
              measure_win_lock, init_win_lock, sk_win_finalize, NULL, NULL, WIN_SYNC_ONLY),
  SK_ROW_MPI2("MPI_Win_unlock", "count:i datatype:t info:n assertion:i lock_type:i dest_rank:i do_a_put:i delay_us:i", SK_PATTERN_COLLECTIVE, 1, LOCK_TIME_UNLOCK,
              measure_win_lock, init_win_lock, sk_win_finalize, sk_win_prepare_put, check_unlock_at_dest, NULL),
  SK_ROW_ALIAS("Win_fence_open", "MPI_Win_fence_open"),
  SK_ROW_ALIAS("Win_fence_close", "MPI_Win_fence_close"),
  SK_ROW_ALIAS("Win_fence_close_collective", "MPI_Win_fence_close_collective"),
  SK_ROW_ALIAS("Win_fence_close_delayed", "MPI_Win_fence_close_delayed"),
  SK_ROW_ALIAS("Win_fence_openclose", "MPI_Win_fence_openclose"),
  SK_ROW_ALIAS("Win_start", "MPI_Win_start"),
  SK_ROW_ALIAS("Win_start_delayed_post", "MPI_Win_start_delayed_post"),
  SK_ROW_ALIAS("Win_post", "MPI_Win_post"),
  SK_ROW_ALIAS("Win_complete", "MPI_Win_complete"),
  SK_ROW_ALIAS("Win_startcomplete", "MPI_Win_startcomplete"),
  SK_ROW_ALIAS("Win_complete_n", "MPI_Win_complete_n"),
  SK_ROW_ALIAS("Win_complete_delayed_wait", "MPI_Win_complete_delayed_wait"),
  SK_ROW_ALIAS("Win_wait_early_complete", "MPI_Win_wait_early_complete"),
  SK_ROW_ALIAS("Win_wait_delayed_complete", "MPI_Win_wait_delayed_complete"),
  SK_ROW_ALIAS("Win_test", "MPI_Win_test"),
  SK_ROW_ALIAS("Win_test_delayed", "MPI_Win_test_delayed"),
  SK_ROW_ALIAS("Win_create", "MPI_Win_create"),
  SK_ROW_ALIAS("Win_free", "MPI_Win_free"),
  SK_ROW_ALIAS("Win_lock", "MPI_Win_lock"),
  SK_ROW_ALIAS("Win_lock_desync", "MPI_Win_lock_desync"),
  SK_ROW_ALIAS("Win_unlock", "MPI_Win_unlock"),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_win_sync(void) { return mpi_win_sync_table; }
