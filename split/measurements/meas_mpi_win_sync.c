/*
** meas_mpi_win_sync.c -- one-sided communication, window synchronisation (SKaMPI 5
** manual §3.3): fences, general active target (post, start, complete, wait, test),
** passive target locks, window creation and destruction. The module also owns what
** every one-sided measurement shares (meas_mpi.h): the argument struct sk_win_args, the
** window state, its setup and teardown, the block transfers and one PSCW epoch, and the
** verification helpers (prepares, the slot-by-slot window check; verify.h).
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

SK_API void sk_win_args_read(sk_win_args *a, const sk_value *args, const char *layout)
{
  const sk_value *v = args;
  memset(a, 0, sizeof *a);
  a->dt = sk_mpi_int_type();
  for (; *layout; layout++, v++) {
    switch (*layout) {
    case 'c': a->count = v->u.i; break;
    case 't': a->dt = v->u.dt; break;
    case 'n': a->info = v; break;
    case 'a': a->assertion = v->u.i; break;
    case 'p': a->doput = v->u.i; break;
    case 'm': a->msg_cnt = v->u.i; break;
    case 'd': a->delay_us = v->u.i; break;
    case 'r': a->delay_rank = v->u.i; break;
    case 'l': a->lock_type = v->u.i; break;
    case 'x': a->dest = v->u.i; break;
    case 's': a->distance = v->u.i; break;
    case 'k': a->repetitions = v->u.i; break;
    case 'i': a->iterations = v->u.i; break;
    case 'w': a->compute = v->u.i; break;
    case 'j': a->disjoint = v->u.i; break;
    case 'o': a->op = v->u.op; break;
    default: break;
    }
  }
}

SK_API MPI_Info sk_win_info(const sk_win_args *a)
{
  return a->info != NULL && a->info->u.info != NULL ? *(MPI_Info *)a->info->u.info : MPI_INFO_NULL;
}

SK_API sk_win_state *sk_win_setup(sk_mctx *m, const char *fn, const sk_win_args *a, long count,
                                  const sk_datatype *dt, long slots, int create)
{
  sk_win_state *s;
  size_t bytes;
  sk_mpi_check_count(m, fn, "count", count);
  sk_mpi_check_count(m, fn, "number of messages", slots);
  bytes = sk_mpi_block_bytes(m, fn, count, dt, slots, 0);
  if (!m->failed && (MPI_Aint)bytes < 0) sk_meas_fail(m, "one-sided window too large for MPI_Aint");
  if (m->failed) return NULL;
  s = (sk_win_state *)sk_calloc(1, sizeof *s);
  s->args = *a;
  s->win = MPI_WIN_NULL;
  s->origins = s->targets = MPI_GROUP_NULL;
  s->derived = MPI_DATATYPE_NULL;
  s->count = (int)count;
  s->dt = dt->mpi;
  s->block = sk_mpi_bytes(count, dt);
  s->memory_size = (MPI_Aint)bytes;
  MPI_Alloc_mem(bytes > 0 ? (MPI_Aint)bytes : 1, MPI_INFO_NULL, &s->memory);
  memset(s->memory, 0, bytes > 0 ? bytes : 1);
  if (create) MPI_Win_create(s->memory, s->memory_size, 1, sk_win_info(a), sk_mpi_comm(m), &s->win);
  m->state = s;
  m->reported_size = sk_mpi_data_bytes(count, dt);
  return s;
}

SK_API sk_win_state *sk_win_simple(sk_mctx *m, const sk_win_args *a, const char *fn, long slots)
{
  sk_win_state *s = sk_win_setup(m, fn, a, a->count, a->dt, slots, 1);
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
      sk_mpi_verify_block(m, w, at, s->args.count, s->args.dt, s->args.count, s->args.dt, from, offset);
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
  sk_win_args a;
  sk_win_args_read(&a, args, "ctna");
  sk_win_check_assert(m, "MPI_Win_fence_open", a.assertion, FENCE_ASSERTS);
  sk_win_simple(m, &a, "MPI_Win_fence_open", 1);
}

static double measure_MPI_Win_fence_open(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start, end;
  (void)args;
  start = sk_sync_start(m);
  MPI_Win_fence((int)s->args.assertion, s->win);
  end = sk_sync_stop(m);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return end - start;
}

/* The closing fences, args (count, dt, info, assert, doput): assert of the closing
** MPI_Win_fence; with doput the puts forbid MPI_MODE_NOPRECEDE there. */
static void init_fence_close(sk_mctx *m, const sk_value *args, const char *fn)
{
  sk_win_args a;
  sk_win_args_read(&a, args, "ctnap");
  sk_win_check_assert(m, fn, a.assertion, MPI_MODE_NOSTORE | MPI_MODE_NOPUT | MPI_MODE_NOSUCCEED
                      | (a.doput ? 0 : MPI_MODE_NOPRECEDE));
  sk_win_simple(m, &a, fn, 1);
}

/* Opens the epoch, lets the putters put (rank 0 to 1, or everybody to its right
** neighbour), and times the closing MPI_Win_fence(assert) alone. */
static double fence_close(sk_mctx *m, int everybody_puts)
{
  sk_win_state *s = sk_win_of(m);
  double start;
  sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (s->args.doput && (everybody_puts || m->rank == 0)) sk_win_put_block(m, s, (m->rank + 1) % m->size, 0);
  start = MPI_Wtime();
  MPI_Win_fence((int)s->args.assertion, s->win);
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
  sk_win_args a;
  sk_win_args_read(&a, args, "ctnmd");
  sk_mpi_check_count(m, fn, "delay_us", a.delay_us);
  a.doput = 1;   /* rank 0 always puts (the verifier reads it) */
  sk_win_simple(m, &a, fn, a.msg_cnt);
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
    for (k = 0; k < s->args.msg_cnt; k++) sk_win_put_block(m, s, 1, k);
  sk_mpi_busy_wait((double)s->args.delay_us);
  start = MPI_Wtime();
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* MPI_Win_fence_openclose(count, dt, info, doput): a whole fence epoch, opening fence,
** the put of rank 0 to rank 1 if doput, closing fence. */
static void init_MPI_Win_fence_openclose(sk_mctx *m, const sk_value *args)
{
  sk_win_args a;
  sk_win_args_read(&a, args, "ctnp");
  sk_win_simple(m, &a, "MPI_Win_fence_openclose", 1);
}

static double measure_MPI_Win_fence_openclose(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start = sk_sync_start(m);
  (void)args;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (s->args.doput && m->rank == 0) sk_win_put_block(m, s, 1, 0);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* ---- general active target synchronisation (post, start, complete, wait) ---- */

/* The init of the PSCW measurements with args (count, dt, info, assert, ...) as given by
** `layout`: a window of msg_cnt blocks (1 without msg_cnt), all ranks but 0 are targets;
** without doput in the layout, doput_always says whether the origin puts. */
static void init_pscw(sk_mctx *m, const sk_value *args, const char *fn, const char *layout, int doput_always)
{
  sk_win_state *s;
  sk_win_args a;
  int doput;
  sk_win_args_read(&a, args, layout);
  if (strchr(layout, 'm') == NULL) a.msg_cnt = 1;
  if (doput_always) a.doput = 1;
  doput = a.doput != 0;
  if (strchr(layout, 'd') != NULL) sk_mpi_check_count(m, fn, "delay_us", a.delay_us);
  if (strchr(layout, 'r') != NULL) {
    sk_mpi_check_rank(m, fn, "delay_rank", a.delay_rank);
    if (!m->failed && a.delay_rank == 0) {
      char msg[200];
      sprintf(msg, "%.60s: delay_rank must be a target (1..size-1), rank 0 is the origin", fn);
      sk_meas_fail(m, msg);
    }
  }
  sk_win_check_assert(m, fn, a.assertion, MPI_MODE_NOCHECK | MPI_MODE_NOSTORE | (doput ? 0 : MPI_MODE_NOPUT));
  s = sk_win_simple(m, &a, fn, a.msg_cnt);
  if (s != NULL) sk_win_groups(m, s, m->size - 1);
}

/* One epoch of the plan `timed` with the arguments kept by init. */
static double pscw_measure(sk_mctx *m, enum sk_pscw_timed timed)
{
  sk_win_state *s = sk_win_of(m);
  sk_pscw_plan p;
  sk_pscw_plan_init(&p, timed, s->args.assertion, s->args.doput != 0);
  p.msg_cnt = s->args.msg_cnt;
  return sk_pscw_run(m, &p);
}

/* MPI_Win_start(count, dt, info, assert): the MPI_Win_start call of the origin. */
static void init_MPI_Win_start(sk_mctx *m, const sk_value *args) { init_pscw(m, args, "MPI_Win_start", "ctna", 0); }

static double measure_MPI_Win_start(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return pscw_measure(m, PSCW_START);
}

/* MPI_Win_start_delayed_post(count, dt, info, assert, delay_us, delay_rank): as
** MPI_Win_start, but target delay_rank waits delay_us before posting; shows whether
** MPI_Win_start waits for the posts. */
static void init_MPI_Win_start_delayed_post(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_start_delayed_post", "ctnadr", 0);
}

static double measure_MPI_Win_start_delayed_post(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  sk_pscw_plan p;
  (void)args;
  sk_pscw_plan_init(&p, PSCW_START, s->args.assertion, 0);
  p.post_delay = (double)s->args.delay_us;
  p.post_delay_rank = (int)s->args.delay_rank;
  return sk_pscw_run(m, &p);
}

/* MPI_Win_post(count, dt, info, assert): the MPI_Win_post call of the targets. */
static void init_MPI_Win_post(sk_mctx *m, const sk_value *args) { init_pscw(m, args, "MPI_Win_post", "ctna", 0); }

static double measure_MPI_Win_post(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return pscw_measure(m, PSCW_POST);
}

/* MPI_Win_complete(count, dt, info, assert, doput): the MPI_Win_complete of the origin. */
static void init_MPI_Win_complete(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_complete", "ctnap", 0);
}

static double measure_MPI_Win_complete(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return pscw_measure(m, PSCW_COMPLETE);
}

/* MPI_Win_startcomplete(count, dt, info, assert, doput): the origin's whole access
** epoch, MPI_Win_start to MPI_Win_complete. */
static void init_MPI_Win_startcomplete(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_startcomplete", "ctnap", 0);
}

static double measure_MPI_Win_startcomplete(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return pscw_measure(m, PSCW_STARTCOMPLETE);
}

/* MPI_Win_complete_n(count, dt, info, assert, msg_cnt, delay_us): the origin puts
** msg_cnt messages to every target, waits delay_us, and its MPI_Win_complete is timed. */
static void init_MPI_Win_complete_n(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_complete_n", "ctnamd", 1);
}

static double measure_MPI_Win_complete_n(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  sk_pscw_plan p;
  (void)args;
  sk_pscw_plan_init(&p, PSCW_COMPLETE, s->args.assertion, 1);
  p.msg_cnt = s->args.msg_cnt;
  p.complete_delay = (double)s->args.delay_us;
  return sk_pscw_run(m, &p);
}

/* MPI_Win_complete_delayed_wait(count, dt, info, assert, doput, delay_us): the targets
** wait delay_us before MPI_Win_wait; the origin's MPI_Win_complete is timed (does it
** wait for them?). */
static void init_MPI_Win_complete_delayed_wait(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_complete_delayed_wait", "ctnapd", 0);
}

static double measure_MPI_Win_complete_delayed_wait(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  sk_pscw_plan p;
  (void)args;
  sk_pscw_plan_init(&p, PSCW_COMPLETE, s->args.assertion, s->args.doput != 0);
  p.wait_delay = (double)s->args.delay_us;
  return sk_pscw_run(m, &p);
}

/* MPI_Win_wait_early_complete(..., doput, delay_us): the origin completes at once, the
** targets wait delay_us and then time their MPI_Win_wait (the epoch is over by then). */
static void init_MPI_Win_wait_early_complete(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_wait_early_complete", "ctnapd", 0);
}

static double measure_MPI_Win_wait_early_complete(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  sk_pscw_plan p;
  (void)args;
  sk_pscw_plan_init(&p, PSCW_WAIT, s->args.assertion, s->args.doput != 0);
  p.wait_delay = (double)s->args.delay_us;
  return sk_pscw_run(m, &p);
}

/* MPI_Win_wait_delayed_complete(..., doput, delay_us): the origin waits delay_us before
** MPI_Win_complete; the targets' MPI_Win_wait is timed. */
static void init_MPI_Win_wait_delayed_complete(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_wait_delayed_complete", "ctnapd", 0);
}

static double measure_MPI_Win_wait_delayed_complete(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  sk_pscw_plan p;
  (void)args;
  sk_pscw_plan_init(&p, PSCW_WAIT, s->args.assertion, s->args.doput != 0);
  p.complete_delay = (double)s->args.delay_us;
  return sk_pscw_run(m, &p);
}

/* MPI_Win_test(count, dt, info, assert, doput): the targets end their exposure epoch by
** calling MPI_Win_test until it succeeds; that loop is timed. */
static void init_MPI_Win_test(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_test", "ctnap", 0);
}

static double measure_MPI_Win_test(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return pscw_measure(m, PSCW_TEST_LOOP);
}

/* MPI_Win_test_delayed(..., doput, delay_us): the origin waits delay_us before
** MPI_Win_complete; the targets time ONE MPI_Win_test made while the epoch is still
** open (it normally fails) and then finish with MPI_Win_wait. */
static void init_MPI_Win_test_delayed(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_test_delayed", "ctnapd", 0);
}

static double measure_MPI_Win_test_delayed(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  sk_pscw_plan p;
  (void)args;
  sk_pscw_plan_init(&p, PSCW_TEST_ONCE, s->args.assertion, s->args.doput != 0);
  p.complete_delay = (double)s->args.delay_us;
  return sk_pscw_run(m, &p);
}

/* ---- window creation and destruction ---- */

/* MPI_Win_create(count, dt, info): the creation of a window of count elements (freed
** after the timing); init only allocates the memory. */
static void init_MPI_Win_create(sk_mctx *m, const sk_value *args)
{
  sk_win_args a;
  sk_win_args_read(&a, args, "ctn");
  sk_win_setup(m, "MPI_Win_create", &a, a.count, a.dt, 1, 0);
  m->send_usage = m->recv_usage = 0;
}

static double measure_MPI_Win_create(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  MPI_Win win;
  double start, end;
  (void)args;
  start = sk_sync_start(m);
  MPI_Win_create(s->memory, s->memory_size, 1, sk_win_info(&s->args), sk_mpi_comm(m), &win);
  end = sk_sync_stop(m);
  MPI_Win_free(&win);
  return end - start;
}

/* MPI_Win_free(count, dt, info, doput): a window is created and, with doput, used for
** one fence epoch in which rank 0 puts to rank 1 (all untimed); MPI_Win_free is timed. */
static void init_MPI_Win_free(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s;
  sk_win_args a;
  sk_win_args_read(&a, args, "ctnp");
  s = sk_win_setup(m, "MPI_Win_free", &a, a.count, a.dt, 1, 0);
  if (s == NULL) return;
  m->send_usage = s->block;
  m->recv_usage = 0;
}

static double measure_MPI_Win_free(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start;
  (void)args;
  MPI_Win_create(s->memory, s->memory_size, 1, sk_win_info(&s->args), sk_mpi_comm(m), &s->win);
  if (s->args.doput) {
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

/* The lock functions: args (count, dt, info, assert, lock_type, dest, ...) as given by
** `layout`; only rank 0 locks the window of dest. */
static void init_lock(sk_mctx *m, const sk_value *args, const char *fn, const char *layout)
{
  sk_win_args a;
  sk_win_args_read(&a, args, layout);
  if (strchr(layout, 'd') != NULL) sk_mpi_check_count(m, fn, "delay_us", a.delay_us);
  sk_win_check_assert(m, fn, a.assertion, MPI_MODE_NOCHECK);
  sk_win_check_lock_type(m, fn, a.lock_type);
  sk_mpi_check_rank(m, fn, "dest", a.dest);
  sk_win_simple(m, &a, fn, 1);
}

/* MPI_Win_lock(count, dt, info, assert, lock_type, dest): rank 0's MPI_Win_lock call
** (many libraries acquire the lock lazily, then the cost shows in MPI_Win_unlock). */
static void init_MPI_Win_lock(sk_mctx *m, const sk_value *args) { init_lock(m, args, "MPI_Win_lock", "ctnalx"); }

static double lock_timed(sk_mctx *m, double target_delay)
{
  sk_win_state *s = sk_win_of(m);
  int dest = (int)s->args.dest;
  double start, result = -1.0;
  sk_sync_start(m);
  if (m->rank == 0) {
    start = MPI_Wtime();
    MPI_Win_lock(sk_win_lock_type_of(s->args.lock_type), dest, (int)s->args.assertion, s->win);
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
  (void)args;
  return lock_timed(m, 0.0);
}

/* MPI_Win_lock_desync(count, dt, info, assert, lock_type, dest, delay_us): as
** MPI_Win_lock, but the target dest is "desynchronised": it spends delay_us in a busy
** loop without MPI calls while rank 0 locks its window (does the lock need the target?). */
static void init_MPI_Win_lock_desync(sk_mctx *m, const sk_value *args)
{
  init_lock(m, args, "MPI_Win_lock_desync", "ctnalxd");
}

static double measure_MPI_Win_lock_desync(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return lock_timed(m, (double)sk_win_of(m)->args.delay_us);
}

/* MPI_Win_unlock(count, dt, info, assert, lock_type, dest, doput, delay_us): rank 0
** locks dest, puts one message if doput, waits delay_us, and its MPI_Win_unlock is
** timed. */
static void init_MPI_Win_unlock(sk_mctx *m, const sk_value *args)
{
  init_lock(m, args, "MPI_Win_unlock", "ctnalxpd");
}

static double measure_MPI_Win_unlock(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  int dest = (int)s->args.dest;
  double start, result = -1.0;
  (void)args;
  sk_sync_start(m);
  if (m->rank == 0) {
    MPI_Win_lock(sk_win_lock_type_of(s->args.lock_type), dest, (int)s->args.assertion, s->win);
    if (s->args.doput) sk_win_put_block(m, s, dest, 0);
    sk_mpi_busy_wait((double)s->args.delay_us);
    start = MPI_Wtime();
    MPI_Win_unlock(dest, s->win);
    result = MPI_Wtime() - start;
  }
  sk_sync_stop(m);
  return result;
}

#endif /* SKAMPI_MPI && SK_MPI_LEVEL >= 2 */

/* Verification (verify.h): the window contents after the epochs that move data (the
** puts of rank 0 with do_a_put, the neighbour puts of the collective fence); the rows
** that only synchronise have nothing to verify. */
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
/* Rank 0 put its block into every slot (msg_cnt of them, or 1) of rank 1's window. */
static long doput_0_at_1(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)slot;
  (void)offset;
  return s->args.doput && m->rank == 1 ? 0 : -1;
}

/* The PSCW origin rank 0 put its block into every slot of every target. */
static long from_0_at_targets(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)slot;
  (void)offset;
  return s->args.doput && m->rank >= 1 && m->rank <= s->n_targets ? 0 : -1;
}

/* Every process put its block to its right neighbour. */
static long from_left(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)slot;
  (void)offset;
  return s->args.doput ? sk_mpi_ring_left(m) : -1;
}

/* MPI_Win_unlock: rank 0 put into slot 0 of dest (possibly itself). */
static long from_0_at_dest(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)slot;
  (void)offset;
  return s->args.doput && m->rank == s->args.dest ? 0 : -1;
}

static void check_doput_0_at_1(sk_mctx *m, const sk_value *args) { (void)args; sk_win_check_window(m, doput_0_at_1); }
static void check_from_0_at_targets(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, from_0_at_targets);
}
static void check_from_left(sk_mctx *m, const sk_value *args) { (void)args; sk_win_check_window(m, from_left); }
static void check_from_0_at_dest(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window_passive(m, from_0_at_dest);
}
#endif

#define WIN_SYNC_ONLY "window synchronisation only, no data moves"

static const sk_measurement mpi_win_sync_table[] = {
  SK_ROW_MPI2("MPI_Win_fence_open", "count:i datatype:t info:n assertion:i", SK_PATTERN_COLLECTIVE, 1,
              measure_MPI_Win_fence_open, init_MPI_Win_fence_open, sk_win_finalize, NULL, NULL, WIN_SYNC_ONLY),
  SK_ROW_MPI2("MPI_Win_fence_close", "count:i datatype:t info:n assertion:i do_a_put:i", SK_PATTERN_COLLECTIVE, 2,
              measure_MPI_Win_fence_close, init_MPI_Win_fence_close, sk_win_finalize,
              sk_win_prepare_put, check_doput_0_at_1, NULL),
  SK_ROW_MPI2("MPI_Win_fence_close_collective", "count:i datatype:t info:n assertion:i do_a_put:i", SK_PATTERN_COLLECTIVE, 2,
              measure_MPI_Win_fence_close_collective, init_MPI_Win_fence_close_collective, sk_win_finalize,
              sk_win_prepare_put, check_from_left, NULL),
  SK_ROW_MPI2("MPI_Win_fence_close_delayed", "count:i datatype:t info:n msg_count:i delay_us:i", SK_PATTERN_COLLECTIVE, 2,
              measure_MPI_Win_fence_close_delayed, init_MPI_Win_fence_close_delayed, sk_win_finalize,
              sk_win_prepare_put, check_doput_0_at_1, NULL),
  SK_ROW_MPI2("MPI_Win_fence_openclose", "count:i datatype:t info:n do_a_put:i", SK_PATTERN_COLLECTIVE, 2,
              measure_MPI_Win_fence_openclose, init_MPI_Win_fence_openclose, sk_win_finalize,
              sk_win_prepare_put, check_doput_0_at_1, NULL),
  SK_ROW_MPI2("MPI_Win_start", "count:i datatype:t info:n assertion:i", SK_PATTERN_COLLECTIVE, 2,
              measure_MPI_Win_start, init_MPI_Win_start, sk_win_finalize, NULL, NULL, WIN_SYNC_ONLY),
  SK_ROW_MPI2("MPI_Win_start_delayed_post", "count:i datatype:t info:n assertion:i delay_us:i delay_rank:i", SK_PATTERN_COLLECTIVE, 2,
              measure_MPI_Win_start_delayed_post, init_MPI_Win_start_delayed_post, sk_win_finalize,
              NULL, NULL, WIN_SYNC_ONLY),
  SK_ROW_MPI2("MPI_Win_post", "count:i datatype:t info:n assertion:i", SK_PATTERN_COLLECTIVE, 2,
              measure_MPI_Win_post, init_MPI_Win_post, sk_win_finalize, NULL, NULL, WIN_SYNC_ONLY),
  SK_ROW_MPI2("MPI_Win_complete", "count:i datatype:t info:n assertion:i do_a_put:i", SK_PATTERN_COLLECTIVE, 2,
              measure_MPI_Win_complete, init_MPI_Win_complete, sk_win_finalize,
              sk_win_prepare_put, check_from_0_at_targets, NULL),
  SK_ROW_MPI2("MPI_Win_startcomplete", "count:i datatype:t info:n assertion:i do_a_put:i", SK_PATTERN_COLLECTIVE, 2,
              measure_MPI_Win_startcomplete, init_MPI_Win_startcomplete, sk_win_finalize,
              sk_win_prepare_put, check_from_0_at_targets, NULL),
  SK_ROW_MPI2("MPI_Win_complete_n", "count:i datatype:t info:n assertion:i msg_count:i delay_us:i", SK_PATTERN_COLLECTIVE, 2,
              measure_MPI_Win_complete_n, init_MPI_Win_complete_n, sk_win_finalize,
              sk_win_prepare_put, check_from_0_at_targets, NULL),
  SK_ROW_MPI2("MPI_Win_complete_delayed_wait", "count:i datatype:t info:n assertion:i do_a_put:i delay_us:i", SK_PATTERN_COLLECTIVE, 2,
              measure_MPI_Win_complete_delayed_wait, init_MPI_Win_complete_delayed_wait, sk_win_finalize,
              sk_win_prepare_put, check_from_0_at_targets, NULL),
  SK_ROW_MPI2("MPI_Win_wait_early_complete", "count:i datatype:t info:n assertion:i do_a_put:i delay_us:i", SK_PATTERN_COLLECTIVE, 2,
              measure_MPI_Win_wait_early_complete, init_MPI_Win_wait_early_complete, sk_win_finalize,
              sk_win_prepare_put, check_from_0_at_targets, NULL),
  SK_ROW_MPI2("MPI_Win_wait_delayed_complete", "count:i datatype:t info:n assertion:i do_a_put:i delay_us:i", SK_PATTERN_COLLECTIVE, 2,
              measure_MPI_Win_wait_delayed_complete, init_MPI_Win_wait_delayed_complete, sk_win_finalize,
              sk_win_prepare_put, check_from_0_at_targets, NULL),
  SK_ROW_MPI2("MPI_Win_test", "count:i datatype:t info:n assertion:i do_a_put:i", SK_PATTERN_COLLECTIVE, 2,
              measure_MPI_Win_test, init_MPI_Win_test, sk_win_finalize,
              sk_win_prepare_put, check_from_0_at_targets, NULL),
  SK_ROW_MPI2("MPI_Win_test_delayed", "count:i datatype:t info:n assertion:i do_a_put:i delay_us:i", SK_PATTERN_COLLECTIVE, 2,
              measure_MPI_Win_test_delayed, init_MPI_Win_test_delayed, sk_win_finalize,
              sk_win_prepare_put, check_from_0_at_targets, NULL),
  SK_ROW_MPI2("MPI_Win_create", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 1,
              measure_MPI_Win_create, init_MPI_Win_create, sk_win_finalize,
              NULL, NULL, "creates a window, no data moves"),
  SK_ROW_MPI2("MPI_Win_free", "count:i datatype:t info:n do_a_put:i", SK_PATTERN_COLLECTIVE, 2,
              measure_MPI_Win_free, init_MPI_Win_free, sk_win_finalize, sk_win_prepare_put, check_doput_0_at_1, NULL),
  SK_ROW_MPI2("MPI_Win_lock", "count:i datatype:t info:n assertion:i lock_type:i dest_rank:i", SK_PATTERN_COLLECTIVE, 1,
              measure_MPI_Win_lock, init_MPI_Win_lock, sk_win_finalize, NULL, NULL, WIN_SYNC_ONLY),
  SK_ROW_MPI2("MPI_Win_lock_desync", "count:i datatype:t info:n assertion:i lock_type:i dest_rank:i delay_us:i", SK_PATTERN_COLLECTIVE, 1,
              measure_MPI_Win_lock_desync, init_MPI_Win_lock_desync, sk_win_finalize, NULL, NULL, WIN_SYNC_ONLY),
  SK_ROW_MPI2("MPI_Win_unlock", "count:i datatype:t info:n assertion:i lock_type:i dest_rank:i do_a_put:i delay_us:i", SK_PATTERN_COLLECTIVE, 1,
              measure_MPI_Win_unlock, init_MPI_Win_unlock, sk_win_finalize,
              sk_win_prepare_put, check_from_0_at_dest, NULL),
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
