/*
** meas_mpi_win_sync.c -- one-sided communication, window synchronisation (SKaMPI 5
** manual §3.3): fences, general active target (post, start, complete, wait, test),
** passive target locks, window creation and destruction. Each parameter list of its rows
** has its own argument struct (meas_mpi.h) and reader here. The module also owns what
** every one-sided measurement shares (meas_mpi.h): the reader of (count, datatype,
** info), the window state, its setup and teardown, the block transfers and one PSCW
** epoch, and the verification helpers (prepares, the slot-by-slot window check; verify.h).
** The functions need MPI-2 and exist when SK_MPI_LEVEL >= 2 (MPI 2, 3, 4 and later
** alike); the rows exist in every build.
**
** Common rules (the manual lists names and parameters only; these are our choices,
** modelled on what SKaMPI 5 did):
** - The first parameter <int> is the count of elements of <dt> in one message.
** - init allocates the window memory with MPI_Alloc_mem (the buffers of the context are
**   valid in measure only) and creates the window over it with the given info, the
**   displacement unit 1 byte; finalize frees both. Puts read from the send buffer, gets
**   write to the receive buffer.
** - Every measure runs between sk_sync_start() and sk_sync_stop() on all processes of
**   the communicator and leaves no epoch open. A fence-based function returns on every
**   process the time of the whole synchronised part; a function that times one call or
**   one role returns that time on the processes having the role and -1 elsewhere.
** - Roles: rank 0 is the origin, rank 1 the target of pairwise transfers; in the PSCW
**   measurements rank 0 starts an access epoch on all other ranks, which post exposure
**   epochs to rank 0.
** - <assert> is checked against the assertions valid for the call that is measured; the
**   PSCW functions give MPI_Win_start its MPI_MODE_NOCHECK bit and MPI_Win_post all of
**   it. With MPI_MODE_NOCHECK the post must precede the start, so the processes then
**   meet in an MPI_Barrier between them.
** - <lock_type> is MPI_LOCK_SHARED or MPI_LOCK_EXCLUSIVE of the library, or 0 (shared)
**   or 1 (exclusive), the values that work on every MPI (the manual names no constants).
** - <delay_us>: microseconds in a busy loop without MPI calls (sk_mpi_busy_wait).
*/
#include "meas_mpi.h"
#include "verify.h"

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2

#define FENCE_ASSERTS (MPI_MODE_NOSTORE | MPI_MODE_NOPUT | MPI_MODE_NOPRECEDE | MPI_MODE_NOSUCCEED)
#define POST_ASSERTS (MPI_MODE_NOCHECK | MPI_MODE_NOSTORE | MPI_MODE_NOPUT)

/* ---- shared by the one-sided modules ---- */

/* The rows (count, datatype, info): MPI_Win_create here; MPI_Put_Pingpong,
** MPI_Put_fence_bidirectional, MPI_Put_callduration, MPI_Put_dedicated, MPI_Put_passive,
** MPI_Put_fence, MPI_Get_Pingpong, MPI_Get_callduration, MPI_Get_dedicated,
** MPI_Get_passive, MPI_Get_fence and onesided_dummy in meas_mpi_win_transfer.c. */
SK_API void sk_win_plain_args_read(sk_win_plain_args *a, const sk_value *args)
{
  a->count = args[0].u.i;
  a->dt = args[1].u.dt;
  a->info = &args[2];
}

/* The lists that begin (count, info), without a datatype: the window moves MPI_INTs
** (dt stays NULL here; the window state holds sk_mpi_int_type()). */
SK_API void sk_win_count_info_read(sk_win_plain_args *a, const sk_value *args)
{
  a->count = args[0].u.i;
  a->dt = NULL;
  a->info = &args[1];
}

SK_API MPI_Info sk_win_info(const sk_value *info)
{
  return info != NULL && info->u.info != NULL ? *(MPI_Info *)info->u.info : MPI_INFO_NULL;
}

SK_API sk_win_state *sk_win_setup(sk_mctx *m, const char *fn, long count, const sk_datatype *dt,
                                  const sk_value *info, long slots, int create)
{
  sk_win_state *s;
  size_t bytes;
  sk_mpi_check_count(m, fn, "count", count);
  sk_mpi_check_count(m, fn, "number of messages", slots);
  bytes = sk_mpi_block_bytes(m, fn, count, dt, slots, 0);
  if (!m->failed && (MPI_Aint)bytes < 0) sk_meas_fail(m, "one-sided window too large for MPI_Aint");
  if (m->failed) return NULL;
  s = (sk_win_state *)sk_calloc(1, sizeof *s);
  s->type = dt;
  s->info = info;
  s->win = MPI_WIN_NULL;
  s->origins = s->targets = MPI_GROUP_NULL;
  s->derived = MPI_DATATYPE_NULL;
  s->count = (int)count;
  s->dt = dt->mpi;
  s->block = sk_mpi_bytes(count, dt);
  s->memory_size = (MPI_Aint)bytes;
  MPI_Alloc_mem(bytes > 0 ? (MPI_Aint)bytes : 1, MPI_INFO_NULL, &s->memory);
  memset(s->memory, 0, bytes > 0 ? bytes : 1);
  if (create) MPI_Win_create(s->memory, s->memory_size, 1, sk_win_info(info), sk_mpi_comm(m), &s->win);
  if (create) sk_tp_errors_return_win(&s->win);   /* an error is the suite's, not the run's end (transport.h) */
  m->state = s;
  m->reported_size = sk_mpi_data_bytes(count, dt);
  return s;
}

SK_API sk_win_state *sk_win_simple(sk_mctx *m, const char *fn, long count, const sk_datatype *dt,
                                   const sk_value *info, long slots)
{
  sk_win_state *s = sk_win_setup(m, fn, count, dt, info, slots, 1);
  if (s == NULL) return NULL;
  m->send_usage = s->block;
  m->recv_usage = s->block;
  return s;
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

/* ---- the readers: one per parameter list (meas_mpi.h), by position ---- */

/* MPI_Win_fence_open, MPI_Win_start, MPI_Win_post: (count, datatype, info, assertion). */
static void win_epoch_args_read(sk_win_epoch_args *a, const sk_value *args)
{
  sk_win_plain_args_read(&a->head, args);
  a->assertion = args[3].u.i;
}

/* MPI_Win_fence_close, MPI_Win_fence_close_collective, MPI_Win_complete,
** MPI_Win_startcomplete, MPI_Win_test: (count, datatype, info, assertion, do_a_put). */
static void win_epoch_put_args_read(sk_win_epoch_put_args *a, const sk_value *args)
{
  sk_win_plain_args_read(&a->head, args);
  a->assertion = args[3].u.i;
  a->do_a_put = args[4].u.i;
}

/* MPI_Win_complete_delayed_wait, MPI_Win_wait_early_complete,
** MPI_Win_wait_delayed_complete, MPI_Win_test_delayed: (count, datatype, info, assertion,
** do_a_put, delay_us). */
static void win_epoch_put_delay_args_read(sk_win_epoch_put_delay_args *a, const sk_value *args)
{
  sk_win_plain_args_read(&a->head, args);
  a->assertion = args[3].u.i;
  a->do_a_put = args[4].u.i;
  a->delay_us = args[5].u.i;
}

/* MPI_Win_start_delayed_post: (count, datatype, info, assertion, delay_us, delay_rank). */
static void win_delayed_post_args_read(sk_win_delayed_post_args *a, const sk_value *args)
{
  sk_win_plain_args_read(&a->head, args);
  a->assertion = args[3].u.i;
  a->delay_us = args[4].u.i;
  a->delay_rank = args[5].u.i;
}

/* MPI_Win_complete_n: (count, datatype, info, assertion, msg_count, delay_us). */
static void win_complete_n_args_read(sk_win_complete_n_args *a, const sk_value *args)
{
  sk_win_plain_args_read(&a->head, args);
  a->assertion = args[3].u.i;
  a->msg_count = args[4].u.i;
  a->delay_us = args[5].u.i;
}

/* MPI_Win_fence_openclose, MPI_Win_free: (count, datatype, info, do_a_put). */
static void win_put_args_read(sk_win_put_args *a, const sk_value *args)
{
  sk_win_plain_args_read(&a->head, args);
  a->do_a_put = args[3].u.i;
}

/* MPI_Win_fence_close_delayed: (count, datatype, info, msg_count, delay_us). */
static void win_close_delayed_args_read(sk_win_close_delayed_args *a, const sk_value *args)
{
  sk_win_plain_args_read(&a->head, args);
  a->msg_count = args[3].u.i;
  a->delay_us = args[4].u.i;
}

/* MPI_Win_lock: (count, datatype, info, assertion, lock_type, dest_rank). */
static void win_lock_args_read(sk_win_lock_args *a, const sk_value *args)
{
  sk_win_plain_args_read(&a->head, args);
  a->assertion = args[3].u.i;
  a->lock_type = args[4].u.i;
  a->dest_rank = args[5].u.i;
}

/* MPI_Win_lock_desync: (count, datatype, info, assertion, lock_type, dest_rank, delay_us). */
static void win_lock_desync_args_read(sk_win_lock_desync_args *a, const sk_value *args)
{
  sk_win_plain_args_read(&a->head, args);
  a->assertion = args[3].u.i;
  a->lock_type = args[4].u.i;
  a->dest_rank = args[5].u.i;
  a->delay_us = args[6].u.i;
}

/* MPI_Win_unlock: (count, datatype, info, assertion, lock_type, dest_rank, do_a_put,
** delay_us). */
static void win_unlock_args_read(sk_win_unlock_args *a, const sk_value *args)
{
  sk_win_plain_args_read(&a->head, args);
  a->assertion = args[3].u.i;
  a->lock_type = args[4].u.i;
  a->dest_rank = args[5].u.i;
  a->do_a_put = args[6].u.i;
  a->delay_us = args[7].u.i;
}

/* ---- fence ---- */

/* MPI_Win_fence_open(count, dt, info, assert): the opening MPI_Win_fence(assert); the
** epoch is closed with MPI_MODE_NOSUCCEED after the timing. */
static void init_MPI_Win_fence_open(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s;
  sk_win_epoch_args a;
  win_epoch_args_read(&a, args);
  sk_win_check_assert(m, "MPI_Win_fence_open", a.assertion, FENCE_ASSERTS);
  s = sk_win_simple(m, "MPI_Win_fence_open", a.head.count, a.head.dt, a.head.info, 1);
  if (s != NULL) s->arg.epoch = a;
}

static double measure_MPI_Win_fence_open(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start, end;
  (void)args;
  start = sk_sync_start(m);
  MPI_Win_fence((int)s->arg.epoch.assertion, s->win);
  end = sk_sync_stop(m);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return end - start;
}

/* The closing fences, args (count, dt, info, assert, doput): assert of the closing
** MPI_Win_fence; with doput the puts forbid MPI_MODE_NOPRECEDE there. */
static void init_fence_close(sk_mctx *m, const sk_value *args, const char *fn)
{
  sk_win_state *s;
  sk_win_epoch_put_args a;
  win_epoch_put_args_read(&a, args);
  sk_win_check_assert(m, fn, a.assertion, MPI_MODE_NOSTORE | MPI_MODE_NOPUT | MPI_MODE_NOSUCCEED
                      | (a.do_a_put ? 0 : MPI_MODE_NOPRECEDE));
  s = sk_win_simple(m, fn, a.head.count, a.head.dt, a.head.info, 1);
  if (s != NULL) s->arg.epoch_put = a;
}

/* Opens the epoch, lets the putters put (rank 0 to 1, or everybody to its right
** neighbour), and times the closing MPI_Win_fence(assert) alone. */
static double fence_close(sk_mctx *m, int everybody_puts)
{
  sk_win_state *s = sk_win_of(m);
  const sk_win_epoch_put_args *a = &s->arg.epoch_put;
  double start;
  sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (a->do_a_put && (everybody_puts || m->rank == 0)) sk_win_put_block(m, s, (m->rank + 1) % m->size, 0);
  start = MPI_Wtime();
  MPI_Win_fence((int)a->assertion, s->win);
  return sk_sync_stop(m) - start;
}

/* MPI_Win_fence_close(count, dt, info, assert, doput): rank 0 puts to rank 1. */
static void init_MPI_Win_fence_close(sk_mctx *m, const sk_value *args)
{
  init_fence_close(m, args, "MPI_Win_fence_close");
}

static double measure_MPI_Win_fence_close(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return fence_close(m, 0);
}

/* MPI_Win_fence_close_collective(count, dt, info, assert, doput): every process puts to
** its right neighbour (rank+1 mod size). */
static void init_MPI_Win_fence_close_collective(sk_mctx *m, const sk_value *args)
{
  init_fence_close(m, args, "MPI_Win_fence_close_collective");
}

static double measure_MPI_Win_fence_close_collective(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return fence_close(m, 1);
}

/* MPI_Win_fence_close_delayed(count, dt, info, msg_cnt, delay_us): rank 0 puts msg_cnt
** messages to rank 1, then every process waits delay_us before the closing fence,
** which alone is timed. A library that transfers while the processes compute closes
** quickly; one that defers the transfer to the fence does not. */
static void init_MPI_Win_fence_close_delayed(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "MPI_Win_fence_close_delayed";
  sk_win_state *s;
  sk_win_close_delayed_args a;
  win_close_delayed_args_read(&a, args);
  sk_mpi_check_count(m, fn, "delay_us", a.delay_us);
  s = sk_win_simple(m, fn, a.head.count, a.head.dt, a.head.info, a.msg_count);
  if (s != NULL) s->arg.close_delayed = a;
}

static double measure_MPI_Win_fence_close_delayed(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  const sk_win_close_delayed_args *a = &s->arg.close_delayed;
  long k;
  double start;
  (void)args;
  sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0)
    for (k = 0; k < a->msg_count; k++) sk_win_put_block(m, s, 1, k);
  sk_mpi_busy_wait((double)a->delay_us);
  start = MPI_Wtime();
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* MPI_Win_fence_openclose(count, dt, info, doput): a whole fence epoch, opening fence,
** the put of rank 0 to rank 1 if doput, closing fence. */
static void init_MPI_Win_fence_openclose(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s;
  sk_win_put_args a;
  win_put_args_read(&a, args);
  s = sk_win_simple(m, "MPI_Win_fence_openclose", a.head.count, a.head.dt, a.head.info, 1);
  if (s != NULL) s->arg.put = a;
}

static double measure_MPI_Win_fence_openclose(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start = sk_sync_start(m);
  (void)args;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (s->arg.put.do_a_put && m->rank == 0) sk_win_put_block(m, s, 1, 0);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* ---- general active target synchronisation (post, start, complete, wait) ---- */

/* The delay_us and delay_rank checks of the PSCW measurements that have them; run before
** init_pscw, whose checks come after them. */
static void check_pscw_delay_us(sk_mctx *m, const char *fn, long delay_us)
{
  sk_mpi_check_count(m, fn, "delay_us", delay_us);
}

static void check_pscw_delay_rank(sk_mctx *m, const char *fn, long delay_rank)
{
  sk_mpi_check_rank(m, fn, "delay_rank", delay_rank);
  if (!m->failed && delay_rank == 0) {
    char msg[200];
    sprintf(msg, "%.60s: delay_rank must be a target (1..size-1), rank 0 is the origin", fn);
    sk_meas_fail(m, msg);
  }
}

/* The init of the PSCW measurements, given the values of (count, dt, info, assert) and
** whether the origin puts (`doput`) and how many messages to every target (`msg_cnt`):
** a window of msg_cnt blocks, all ranks but 0 are targets. The caller keeps its
** arguments in the state returned (NULL after a failure). */
static sk_win_state *init_pscw(sk_mctx *m, const char *fn, long count, const sk_datatype *dt, const sk_value *info,
                               long assertion, int doput, long msg_cnt)
{
  sk_win_state *s;
  sk_win_check_assert(m, fn, assertion, MPI_MODE_NOCHECK | MPI_MODE_NOSTORE | (doput ? 0 : MPI_MODE_NOPUT));
  s = sk_win_simple(m, fn, count, dt, info, msg_cnt);
  if (s != NULL) sk_win_groups(m, s, m->size - 1);
  return s;
}

/* The rows (count, dt, info, assert): the origin does not put. */
static void init_pscw_epoch(sk_mctx *m, const sk_value *args, const char *fn)
{
  sk_win_state *s;
  sk_win_epoch_args a;
  win_epoch_args_read(&a, args);
  s = init_pscw(m, fn, a.head.count, a.head.dt, a.head.info, a.assertion, 0, 1);
  if (s != NULL) s->arg.epoch = a;
}

/* The rows (count, dt, info, assert, doput). */
static void init_pscw_epoch_put(sk_mctx *m, const sk_value *args, const char *fn)
{
  sk_win_state *s;
  sk_win_epoch_put_args a;
  win_epoch_put_args_read(&a, args);
  s = init_pscw(m, fn, a.head.count, a.head.dt, a.head.info, a.assertion, a.do_a_put != 0, 1);
  if (s != NULL) s->arg.epoch_put = a;
}

/* The rows (count, dt, info, assert, doput, delay_us). */
static void init_pscw_epoch_put_delay(sk_mctx *m, const sk_value *args, const char *fn)
{
  sk_win_state *s;
  sk_win_epoch_put_delay_args a;
  win_epoch_put_delay_args_read(&a, args);
  check_pscw_delay_us(m, fn, a.delay_us);
  s = init_pscw(m, fn, a.head.count, a.head.dt, a.head.info, a.assertion, a.do_a_put != 0, 1);
  if (s != NULL) s->arg.epoch_put_delay = a;
}

/* One epoch of the plan `timed`, one message if the origin puts. */
static double pscw_measure(sk_mctx *m, enum sk_pscw_timed timed, long assertion, int doput)
{
  sk_pscw_plan p;
  sk_pscw_plan_init(&p, timed, assertion, doput);
  return sk_pscw_run(m, &p);
}

/* An epoch of the plan `timed` with the arguments (count, dt, info, assert) or (count, dt,
** info, assert, doput) kept by init. */
static double pscw_measure_epoch(sk_mctx *m, enum sk_pscw_timed timed)
{
  return pscw_measure(m, timed, sk_win_of(m)->arg.epoch.assertion, 0);
}

static double pscw_measure_epoch_put(sk_mctx *m, enum sk_pscw_timed timed)
{
  const sk_win_epoch_put_args *a = &sk_win_of(m)->arg.epoch_put;
  return pscw_measure(m, timed, a->assertion, a->do_a_put != 0);
}

/* The rows (count, dt, info, assert, doput, delay_us): `timed` is measured while the
** targets wait delay_us before MPI_Win_wait (PSCW_DELAY_WAIT) or the origin waits it
** before MPI_Win_complete (PSCW_DELAY_COMPLETE). */
enum pscw_delayed_side { PSCW_DELAY_WAIT, PSCW_DELAY_COMPLETE };

static double pscw_measure_epoch_put_delay(sk_mctx *m, enum sk_pscw_timed timed, enum pscw_delayed_side side)
{
  const sk_win_epoch_put_delay_args *a = &sk_win_of(m)->arg.epoch_put_delay;
  sk_pscw_plan p;
  sk_pscw_plan_init(&p, timed, a->assertion, a->do_a_put != 0);
  if (side == PSCW_DELAY_WAIT) p.wait_delay = (double)a->delay_us;
  else p.complete_delay = (double)a->delay_us;
  return sk_pscw_run(m, &p);
}

/* MPI_Win_start(count, dt, info, assert): the MPI_Win_start call of the origin. */
static void init_MPI_Win_start(sk_mctx *m, const sk_value *args) { init_pscw_epoch(m, args, "MPI_Win_start"); }

static double measure_MPI_Win_start(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return pscw_measure_epoch(m, PSCW_START);
}

/* MPI_Win_start_delayed_post(count, dt, info, assert, delay_us, delay_rank): as
** MPI_Win_start, but target delay_rank waits delay_us before posting; shows whether
** MPI_Win_start waits for the posts. */
static void init_MPI_Win_start_delayed_post(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "MPI_Win_start_delayed_post";
  sk_win_state *s;
  sk_win_delayed_post_args a;
  win_delayed_post_args_read(&a, args);
  check_pscw_delay_us(m, fn, a.delay_us);
  check_pscw_delay_rank(m, fn, a.delay_rank);
  s = init_pscw(m, fn, a.head.count, a.head.dt, a.head.info, a.assertion, 0, 1);
  if (s != NULL) s->arg.delayed_post = a;
}

static double measure_MPI_Win_start_delayed_post(sk_mctx *m, const sk_value *args)
{
  const sk_win_delayed_post_args *a = &sk_win_of(m)->arg.delayed_post;
  sk_pscw_plan p;
  (void)args;
  sk_pscw_plan_init(&p, PSCW_START, a->assertion, 0);
  p.post_delay = (double)a->delay_us;
  p.post_delay_rank = (int)a->delay_rank;
  return sk_pscw_run(m, &p);
}

/* MPI_Win_post(count, dt, info, assert): the MPI_Win_post call of the targets. */
static void init_MPI_Win_post(sk_mctx *m, const sk_value *args) { init_pscw_epoch(m, args, "MPI_Win_post"); }

static double measure_MPI_Win_post(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return pscw_measure_epoch(m, PSCW_POST);
}

/* MPI_Win_complete(count, dt, info, assert, doput): the MPI_Win_complete of the origin. */
static void init_MPI_Win_complete(sk_mctx *m, const sk_value *args)
{
  init_pscw_epoch_put(m, args, "MPI_Win_complete");
}

static double measure_MPI_Win_complete(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return pscw_measure_epoch_put(m, PSCW_COMPLETE);
}

/* MPI_Win_startcomplete(count, dt, info, assert, doput): the origin's whole access
** epoch, MPI_Win_start to MPI_Win_complete. */
static void init_MPI_Win_startcomplete(sk_mctx *m, const sk_value *args)
{
  init_pscw_epoch_put(m, args, "MPI_Win_startcomplete");
}

static double measure_MPI_Win_startcomplete(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return pscw_measure_epoch_put(m, PSCW_STARTCOMPLETE);
}

/* MPI_Win_complete_n(count, dt, info, assert, msg_cnt, delay_us): the origin puts
** msg_cnt messages to every target, waits delay_us, and its MPI_Win_complete is timed. */
static void init_MPI_Win_complete_n(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "MPI_Win_complete_n";
  sk_win_state *s;
  sk_win_complete_n_args a;
  win_complete_n_args_read(&a, args);
  check_pscw_delay_us(m, fn, a.delay_us);
  s = init_pscw(m, fn, a.head.count, a.head.dt, a.head.info, a.assertion, 1, a.msg_count);
  if (s != NULL) s->arg.complete_n = a;
}

static double measure_MPI_Win_complete_n(sk_mctx *m, const sk_value *args)
{
  const sk_win_complete_n_args *a = &sk_win_of(m)->arg.complete_n;
  sk_pscw_plan p;
  (void)args;
  sk_pscw_plan_init(&p, PSCW_COMPLETE, a->assertion, 1);
  p.msg_cnt = a->msg_count;
  p.complete_delay = (double)a->delay_us;
  return sk_pscw_run(m, &p);
}

/* MPI_Win_complete_delayed_wait(count, dt, info, assert, doput, delay_us): the targets
** wait delay_us before MPI_Win_wait; the origin's MPI_Win_complete is timed (does it
** wait for them?). */
static void init_MPI_Win_complete_delayed_wait(sk_mctx *m, const sk_value *args)
{
  init_pscw_epoch_put_delay(m, args, "MPI_Win_complete_delayed_wait");
}

static double measure_MPI_Win_complete_delayed_wait(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return pscw_measure_epoch_put_delay(m, PSCW_COMPLETE, PSCW_DELAY_WAIT);
}

/* MPI_Win_wait_early_complete(..., doput, delay_us): the origin completes at once, the
** targets wait delay_us and then time their MPI_Win_wait (the epoch is over by then). */
static void init_MPI_Win_wait_early_complete(sk_mctx *m, const sk_value *args)
{
  init_pscw_epoch_put_delay(m, args, "MPI_Win_wait_early_complete");
}

static double measure_MPI_Win_wait_early_complete(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return pscw_measure_epoch_put_delay(m, PSCW_WAIT, PSCW_DELAY_WAIT);
}

/* MPI_Win_wait_delayed_complete(..., doput, delay_us): the origin waits delay_us before
** MPI_Win_complete; the targets' MPI_Win_wait is timed. */
static void init_MPI_Win_wait_delayed_complete(sk_mctx *m, const sk_value *args)
{
  init_pscw_epoch_put_delay(m, args, "MPI_Win_wait_delayed_complete");
}

static double measure_MPI_Win_wait_delayed_complete(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return pscw_measure_epoch_put_delay(m, PSCW_WAIT, PSCW_DELAY_COMPLETE);
}

/* MPI_Win_test(count, dt, info, assert, doput): the targets end their exposure epoch by
** calling MPI_Win_test until it succeeds; that loop is timed. */
static void init_MPI_Win_test(sk_mctx *m, const sk_value *args)
{
  init_pscw_epoch_put(m, args, "MPI_Win_test");
}

static double measure_MPI_Win_test(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return pscw_measure_epoch_put(m, PSCW_TEST_LOOP);
}

/* MPI_Win_test_delayed(..., doput, delay_us): the origin waits delay_us before
** MPI_Win_complete; the targets time ONE MPI_Win_test made while the epoch is still
** open (it normally fails) and then finish with MPI_Win_wait. */
static void init_MPI_Win_test_delayed(sk_mctx *m, const sk_value *args)
{
  init_pscw_epoch_put_delay(m, args, "MPI_Win_test_delayed");
}

static double measure_MPI_Win_test_delayed(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return pscw_measure_epoch_put_delay(m, PSCW_TEST_ONCE, PSCW_DELAY_COMPLETE);
}

/* ---- window creation and destruction ---- */

/* MPI_Win_create(count, dt, info): the creation of a window of count elements (freed
** after the timing); init only allocates the memory. */
static void init_MPI_Win_create(sk_mctx *m, const sk_value *args)
{
  sk_win_plain_args a;
  sk_win_plain_args_read(&a, args);
  sk_win_setup(m, "MPI_Win_create", a.count, a.dt, a.info, 1, 0);
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
  sk_win_put_args a;
  win_put_args_read(&a, args);
  s = sk_win_setup(m, "MPI_Win_free", a.head.count, a.head.dt, a.head.info, 1, 0);
  if (s == NULL) return;
  s->arg.put = a;
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
  if (s->arg.put.do_a_put) {
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

/* The lock functions, given the values of (count, dt, info, assert, lock_type, dest)
** (the callers check delay_us first); only rank 0 locks the window of dest. The caller
** keeps its arguments in the state returned (NULL after a failure). */
static sk_win_state *init_lock(sk_mctx *m, const char *fn, long count, const sk_datatype *dt, const sk_value *info,
                               long assertion, long lock_type, long dest)
{
  sk_win_check_assert(m, fn, assertion, MPI_MODE_NOCHECK);
  sk_win_check_lock_type(m, fn, lock_type);
  sk_mpi_check_rank(m, fn, "dest", dest);
  return sk_win_simple(m, fn, count, dt, info, 1);
}

/* MPI_Win_lock(count, dt, info, assert, lock_type, dest): rank 0's MPI_Win_lock call
** (many libraries acquire the lock lazily, then the cost shows in MPI_Win_unlock). */
static void init_MPI_Win_lock(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s;
  sk_win_lock_args a;
  win_lock_args_read(&a, args);
  s = init_lock(m, "MPI_Win_lock", a.head.count, a.head.dt, a.head.info, a.assertion, a.lock_type, a.dest_rank);
  if (s != NULL) s->arg.lock = a;
}

static double lock_timed(sk_mctx *m, long assertion, long lock_type, long dest_rank, double target_delay)
{
  sk_win_state *s = sk_win_of(m);
  int dest = (int)dest_rank;
  double start, result = -1.0;
  sk_sync_start(m);
  if (m->rank == 0) {
    start = MPI_Wtime();
    MPI_Win_lock(sk_win_lock_type_of(lock_type), dest, (int)assertion, s->win);
    result = MPI_Wtime() - start;
    MPI_Win_unlock(dest, s->win);
  } else if (m->rank == dest) {
    sk_mpi_busy_wait(target_delay);
  }
  sk_sync_stop(m);
  return result;
}

static double measure_MPI_Win_lock(sk_mctx *m, const sk_value *args)
{
  const sk_win_lock_args *a = &sk_win_of(m)->arg.lock;
  (void)args;
  return lock_timed(m, a->assertion, a->lock_type, a->dest_rank, 0.0);
}

/* MPI_Win_lock_desync(count, dt, info, assert, lock_type, dest, delay_us): as
** MPI_Win_lock, but the target dest is "desynchronised": it spends delay_us in a busy
** loop without MPI calls while rank 0 locks its window (does the lock need the target?). */
static void init_MPI_Win_lock_desync(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "MPI_Win_lock_desync";
  sk_win_state *s;
  sk_win_lock_desync_args a;
  win_lock_desync_args_read(&a, args);
  sk_mpi_check_count(m, fn, "delay_us", a.delay_us);
  s = init_lock(m, fn, a.head.count, a.head.dt, a.head.info, a.assertion, a.lock_type, a.dest_rank);
  if (s != NULL) s->arg.lock_desync = a;
}

static double measure_MPI_Win_lock_desync(sk_mctx *m, const sk_value *args)
{
  const sk_win_lock_desync_args *a = &sk_win_of(m)->arg.lock_desync;
  (void)args;
  return lock_timed(m, a->assertion, a->lock_type, a->dest_rank, (double)a->delay_us);
}

/* MPI_Win_unlock(count, dt, info, assert, lock_type, dest, doput, delay_us): rank 0
** locks dest, puts one message if doput, waits delay_us, and its MPI_Win_unlock is
** timed. */
static void init_MPI_Win_unlock(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "MPI_Win_unlock";
  sk_win_state *s;
  sk_win_unlock_args a;
  win_unlock_args_read(&a, args);
  sk_mpi_check_count(m, fn, "delay_us", a.delay_us);
  s = init_lock(m, fn, a.head.count, a.head.dt, a.head.info, a.assertion, a.lock_type, a.dest_rank);
  if (s != NULL) s->arg.unlock = a;
}

static double measure_MPI_Win_unlock(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  const sk_win_unlock_args *a = &s->arg.unlock;
  int dest = (int)a->dest_rank;
  double start, result = -1.0;
  (void)args;
  sk_sync_start(m);
  if (m->rank == 0) {
    MPI_Win_lock(sk_win_lock_type_of(a->lock_type), dest, (int)a->assertion, s->win);
    if (a->do_a_put) sk_win_put_block(m, s, dest, 0);
    sk_mpi_busy_wait((double)a->delay_us);
    start = MPI_Wtime();
    MPI_Win_unlock(dest, s->win);
    result = MPI_Wtime() - start;
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

/* Rank 0 put its block into every slot (msg_cnt of them, or 1) of rank 1's window. */
static long put_from_0_at_1(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
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
  (void)slot;
  (void)offset;
  return m->rank == s->arg.unlock.dest_rank ? 0 : -1;
}

/* `source` if the origin put (do_a_put), else nothing_arrived. */
static sk_win_source if_put(long do_a_put, sk_win_source source)
{
  return do_a_put ? source : nothing_arrived;
}

/* MPI_Win_fence_close, MPI_Win_fence_close_collective (count, dt, info, assert, doput). */
static void check_close_0_at_1(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, if_put(sk_win_of(m)->arg.epoch_put.do_a_put, put_from_0_at_1));
}

static void check_close_from_left(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, if_put(sk_win_of(m)->arg.epoch_put.do_a_put, from_left));
}

/* MPI_Win_fence_close_delayed: rank 0 always puts. */
static void check_0_at_1(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, put_from_0_at_1);
}

/* MPI_Win_fence_openclose, MPI_Win_free (count, dt, info, doput). */
static void check_put_0_at_1(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, if_put(sk_win_of(m)->arg.put.do_a_put, put_from_0_at_1));
}

/* MPI_Win_complete, MPI_Win_startcomplete, MPI_Win_test (count, dt, info, assert, doput). */
static void check_epoch_put_at_targets(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, if_put(sk_win_of(m)->arg.epoch_put.do_a_put, from_0_at_targets));
}

/* The rows (count, dt, info, assert, doput, delay_us). */
static void check_epoch_put_delay_at_targets(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, if_put(sk_win_of(m)->arg.epoch_put_delay.do_a_put, from_0_at_targets));
}

/* MPI_Win_complete_n: the origin always puts. */
static void check_at_targets(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, from_0_at_targets);
}

static void check_unlock_at_dest(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window_passive(m, if_put(sk_win_of(m)->arg.unlock.do_a_put, from_0_at_dest));
}
#endif

#define WIN_SYNC_ONLY "window synchronisation only, no data moves"

static const sk_measurement mpi_win_sync_table[] = {
  SK_ROW_MPI2("MPI_Win_fence_open", "count:i datatype:t info:n assertion:i", SK_PATTERN_COLLECTIVE, 1, 0,
              measure_MPI_Win_fence_open, init_MPI_Win_fence_open, sk_win_finalize, NULL, NULL, WIN_SYNC_ONLY),
  SK_ROW_MPI2("MPI_Win_fence_close", "count:i datatype:t info:n assertion:i do_a_put:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Win_fence_close, init_MPI_Win_fence_close, sk_win_finalize,
              sk_win_prepare_put, check_close_0_at_1, NULL),
  SK_ROW_MPI2("MPI_Win_fence_close_collective", "count:i datatype:t info:n assertion:i do_a_put:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Win_fence_close_collective, init_MPI_Win_fence_close_collective, sk_win_finalize,
              sk_win_prepare_put, check_close_from_left, NULL),
  SK_ROW_MPI2("MPI_Win_fence_close_delayed", "count:i datatype:t info:n msg_count:i delay_us:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Win_fence_close_delayed, init_MPI_Win_fence_close_delayed, sk_win_finalize,
              sk_win_prepare_put, check_0_at_1, NULL),
  SK_ROW_MPI2("MPI_Win_fence_openclose", "count:i datatype:t info:n do_a_put:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Win_fence_openclose, init_MPI_Win_fence_openclose, sk_win_finalize,
              sk_win_prepare_put, check_put_0_at_1, NULL),
  SK_ROW_MPI2("MPI_Win_start", "count:i datatype:t info:n assertion:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Win_start, init_MPI_Win_start, sk_win_finalize, NULL, NULL, WIN_SYNC_ONLY),
  SK_ROW_MPI2("MPI_Win_start_delayed_post", "count:i datatype:t info:n assertion:i delay_us:i delay_rank:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Win_start_delayed_post, init_MPI_Win_start_delayed_post, sk_win_finalize,
              NULL, NULL, WIN_SYNC_ONLY),
  SK_ROW_MPI2("MPI_Win_post", "count:i datatype:t info:n assertion:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Win_post, init_MPI_Win_post, sk_win_finalize, NULL, NULL, WIN_SYNC_ONLY),
  SK_ROW_MPI2("MPI_Win_complete", "count:i datatype:t info:n assertion:i do_a_put:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Win_complete, init_MPI_Win_complete, sk_win_finalize,
              sk_win_prepare_put, check_epoch_put_at_targets, NULL),
  SK_ROW_MPI2("MPI_Win_startcomplete", "count:i datatype:t info:n assertion:i do_a_put:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Win_startcomplete, init_MPI_Win_startcomplete, sk_win_finalize,
              sk_win_prepare_put, check_epoch_put_at_targets, NULL),
  SK_ROW_MPI2("MPI_Win_complete_n", "count:i datatype:t info:n assertion:i msg_count:i delay_us:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Win_complete_n, init_MPI_Win_complete_n, sk_win_finalize,
              sk_win_prepare_put, check_at_targets, NULL),
  SK_ROW_MPI2("MPI_Win_complete_delayed_wait", "count:i datatype:t info:n assertion:i do_a_put:i delay_us:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Win_complete_delayed_wait, init_MPI_Win_complete_delayed_wait, sk_win_finalize,
              sk_win_prepare_put, check_epoch_put_delay_at_targets, NULL),
  SK_ROW_MPI2("MPI_Win_wait_early_complete", "count:i datatype:t info:n assertion:i do_a_put:i delay_us:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Win_wait_early_complete, init_MPI_Win_wait_early_complete, sk_win_finalize,
              sk_win_prepare_put, check_epoch_put_delay_at_targets, NULL),
  SK_ROW_MPI2("MPI_Win_wait_delayed_complete", "count:i datatype:t info:n assertion:i do_a_put:i delay_us:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Win_wait_delayed_complete, init_MPI_Win_wait_delayed_complete, sk_win_finalize,
              sk_win_prepare_put, check_epoch_put_delay_at_targets, NULL),
  SK_ROW_MPI2("MPI_Win_test", "count:i datatype:t info:n assertion:i do_a_put:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Win_test, init_MPI_Win_test, sk_win_finalize,
              sk_win_prepare_put, check_epoch_put_at_targets, NULL),
  SK_ROW_MPI2("MPI_Win_test_delayed", "count:i datatype:t info:n assertion:i do_a_put:i delay_us:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Win_test_delayed, init_MPI_Win_test_delayed, sk_win_finalize,
              sk_win_prepare_put, check_epoch_put_delay_at_targets, NULL),
  SK_ROW_MPI2("MPI_Win_create", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 1, 0,
              measure_MPI_Win_create, init_MPI_Win_create, sk_win_finalize,
              NULL, NULL, "creates a window, no data moves"),
  SK_ROW_MPI2("MPI_Win_free", "count:i datatype:t info:n do_a_put:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Win_free, init_MPI_Win_free, sk_win_finalize, sk_win_prepare_put, check_put_0_at_1, NULL),
  SK_ROW_MPI2("MPI_Win_lock", "count:i datatype:t info:n assertion:i lock_type:i dest_rank:i", SK_PATTERN_COLLECTIVE, 1, 0,
              measure_MPI_Win_lock, init_MPI_Win_lock, sk_win_finalize, NULL, NULL, WIN_SYNC_ONLY),
  SK_ROW_MPI2("MPI_Win_lock_desync", "count:i datatype:t info:n assertion:i lock_type:i dest_rank:i delay_us:i", SK_PATTERN_COLLECTIVE, 1, 0,
              measure_MPI_Win_lock_desync, init_MPI_Win_lock_desync, sk_win_finalize, NULL, NULL, WIN_SYNC_ONLY),
  SK_ROW_MPI2("MPI_Win_unlock", "count:i datatype:t info:n assertion:i lock_type:i dest_rank:i do_a_put:i delay_us:i", SK_PATTERN_COLLECTIVE, 1, 0,
              measure_MPI_Win_unlock, init_MPI_Win_unlock, sk_win_finalize,
              sk_win_prepare_put, check_unlock_at_dest, NULL),
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
