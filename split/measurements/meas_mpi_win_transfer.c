/*
** meas_mpi_win_transfer.c -- one-sided communication, the transfers (SKaMPI 5 manual
** §3.3): the MPI_Put, MPI_Get and MPI_Accumulate families (pairwise, concurrent,
** passive target with active waiting of the target, derived datatypes, many-to-many
** patterns) and the collective operations made of them (onesided_bcast,
** onesided_alltoall, onesided_reduce, onesided_allreduce, onesided_borderexchange).
** The window state, its setup and the synchronisation helpers come from
** meas_mpi_win_sync.c (meas_mpi.h), whose rules hold here too. Each parameter list of
** the rows has its own argument struct and a reader here: the structs in meas_mpi.h,
** except those of (count, info) and the test build's (count), which only init reads;
** (count, datatype, info) is the shared sk_win_plain_args. In addition:
** - Functions without <dt> (the activewait, Datatype_* and borderexchange families)
**   move MPI_INTs.
** - <doput>: non-zero means that the origin puts one message to every target inside the
**   epoch; <msg_cnt> messages go to consecutive slots of the target window.
** - <compute>: microseconds in a busy loop without MPI calls (sk_mpi_busy_wait).
** The functions need MPI-2 (SK_MPI_LEVEL >= 2); the rows exist in every build.
** The module's verifier table (verify.h) says what each transfer leaves in the windows
** and buffers: the source of each slot, the recomputed accumulate result.
*/
#include "meas_mpi.h"
#include "verify.h"

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2

#define NOTICE_TAG 3
#define ACTIVEWAIT_GIVE_UP 60.0   /* seconds */

/* One transfer of rank `m->rank`'s block: a get into local slot 0 or a put. */
static void transfer_block(const sk_mctx *m, const sk_win_state *s, int target, int use_get)
{
  if (use_get) sk_win_get_block(m, s, target, 0, 0);
  else sk_win_put_block(m, s, target, 0);
}

/* ---- the readers: one per parameter list, by position ---- */

/* (count, info): MPI_Put_activewait_get, MPI_Put_activewait_twosided,
** MPI_Get_activewait, MPI_Accumulate_activewait_twosided and the Datatype_* rows read
** sk_win_plain_args with sk_win_count_info_read; only init needs them (the state keeps
** count and info). */

/* MPI_Put_activewait_twosided_sleep, MPI_Get_activewait_sleep: (count, info, delay_us). */
static void win_activewait_sleep_args_read(sk_win_activewait_sleep_args *a, const sk_value *args)
{
  sk_win_count_info_read(&a->head, args);
  a->delay_us = args[2].u.i;
}

/* Pingpong_Put_Put: (count, datatype, info, iterations). */
static void win_pingpong_args_read(sk_win_pingpong_args *a, const sk_value *args)
{
  sk_win_plain_args_read(&a->head, args);
  a->iterations = args[3].u.i;
}

/* Combining_fence, Combining_dedicated, MPI_Put_Exchange, MPI_Put_Exchange_passive:
** (count, datatype, info, msg_count). */
static void win_messages_args_read(sk_win_messages_args *a, const sk_value *args)
{
  sk_win_plain_args_read(&a->head, args);
  a->msg_count = args[3].u.i;
}

/* MPI_Put_passive_concurrent: (count, datatype, info, lock_type). */
static void win_passive_concurrent_args_read(sk_win_passive_concurrent_args *a, const sk_value *args)
{
  sk_win_plain_args_read(&a->head, args);
  a->lock_type = args[3].u.i;
}

/* MPI_Accumulate, onesided_reduce, onesided_allreduce: (count, datatype, info, op). */
static void win_accumulate_args_read(sk_win_accumulate_args *a, const sk_value *args)
{
  sk_win_plain_args_read(&a->head, args);
  a->op = args[3].u.op;
}

/* MPI_Accumulate_concurrent: (count, datatype, info, operation, disjoint). */
static void win_acc_concurrent_args_read(sk_win_acc_concurrent_args *a, const sk_value *args)
{
  sk_win_plain_args_read(&a->head, args);
  a->op = args[3].u.op;
  a->disjoint = args[4].u.i;
}

/* MPI_Accumulate_concurrent_multi: (count, datatype, info, msg_count, operator, disjoint). */
static void win_acc_multi_args_read(sk_win_acc_multi_args *a, const sk_value *args)
{
  sk_win_plain_args_read(&a->head, args);
  a->msg_count = args[3].u.i;
  a->op = args[4].u.op;
  a->disjoint = args[5].u.i;
}

/* Caching: (count, datatype, info, delay_us). */
static void win_caching_args_read(sk_win_caching_args *a, const sk_value *args)
{
  sk_win_plain_args_read(&a->head, args);
  a->delay_us = args[3].u.i;
}

/* MPI_Put_Shift: (count, datatype, info, distance). */
static void win_shift_args_read(sk_win_shift_args *a, const sk_value *args)
{
  sk_win_plain_args_read(&a->head, args);
  a->distance = args[3].u.i;
}

/* onesided_bcast (count, datatype, info, bcast_count), onesided_alltoall (count,
** datatype, info, alltoall_count). */
static void win_repeated_args_read(sk_win_repeated_args *a, const sk_value *args)
{
  sk_win_plain_args_read(&a->head, args);
  a->repetitions = args[3].u.i;
}

/* onesided_borderexchange, onesided_borderexchange_fence: (count, info, iteration_count,
** compute). */
static void win_border_args_read(sk_win_border_args *a, const sk_value *args)
{
  sk_win_count_info_read(&a->head, args);
  a->iteration_count = args[2].u.i;
  a->compute = args[3].u.i;
}

/* ---- pairwise: (count, dt, info), a window of one block ---- */

/* The init of the rows (count, dt, info) with a window of one block. */
static void init_plain(sk_mctx *m, const sk_value *args, const char *fn)
{
  sk_win_plain_args a;
  sk_win_plain_args_read(&a, args);
  sk_win_simple(m, fn, a.count, a.dt, a.info, 1);
}

static void init_MPI_Put_Pingpong(sk_mctx *m, const sk_value *args) { init_plain(m, args, "MPI_Put_Pingpong"); }

static void init_MPI_Put_fence_bidirectional(sk_mctx *m, const sk_value *args)
{
  init_plain(m, args, "MPI_Put_fence_bidirectional");
}

static void init_MPI_Put_callduration(sk_mctx *m, const sk_value *args) { init_plain(m, args, "MPI_Put_callduration"); }
static void init_MPI_Put_passive(sk_mctx *m, const sk_value *args) { init_plain(m, args, "MPI_Put_passive"); }
static void init_MPI_Put_fence(sk_mctx *m, const sk_value *args) { init_plain(m, args, "MPI_Put_fence"); }
static void init_MPI_Get_Pingpong(sk_mctx *m, const sk_value *args) { init_plain(m, args, "MPI_Get_Pingpong"); }
static void init_MPI_Get_callduration(sk_mctx *m, const sk_value *args) { init_plain(m, args, "MPI_Get_callduration"); }
static void init_MPI_Get_passive(sk_mctx *m, const sk_value *args) { init_plain(m, args, "MPI_Get_passive"); }
static void init_MPI_Get_fence(sk_mctx *m, const sk_value *args) { init_plain(m, args, "MPI_Get_fence"); }

/* MPI_Put_Pingpong / MPI_Get_Pingpong: rank 0 transfers to (from) rank 1, fence, rank 1
** to (from) rank 0, fence: a round trip made of two fence epochs. */
static double pingpong_fenced(sk_mctx *m, int use_get)
{
  sk_win_state *s = sk_win_of(m);
  double start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0) transfer_block(m, s, 1, use_get);
  MPI_Win_fence(0, s->win);
  if (m->rank == 1) transfer_block(m, s, 0, use_get);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

static double measure_MPI_Put_Pingpong(sk_mctx *m, const sk_value *args) { (void)args; return pingpong_fenced(m, 0); }
static double measure_MPI_Get_Pingpong(sk_mctx *m, const sk_value *args) { (void)args; return pingpong_fenced(m, 1); }

/* Pingpong_Put_Put(count, dt, info, iterations), the original SKaMPI's form of
** MPI_Put_Pingpong: `iterations` fenced round trips (rank 0 puts to rank 1, fence, rank 1
** puts to rank 0, fence) in one timing, divided by iterations; -1 for iterations < 0,
** 0 for none. */
static void init_Pingpong_Put_Put(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s;
  sk_win_pingpong_args a;
  win_pingpong_args_read(&a, args);
  s = sk_win_simple(m, "Pingpong_Put_Put", a.head.count, a.head.dt, a.head.info, 1);
  if (s != NULL) s->arg.pingpong = a;
}

static double measure_Pingpong_Put_Put(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  long i, n = s->arg.pingpong.iterations;
  double start;
  (void)args;
  if (n < 0) return -1.0;
  if (n == 0) return 0.0;
  start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  for (i = 0; i < n; i++) {
    if (m->rank == 0) sk_win_put_block(m, s, 1, 0);
    MPI_Win_fence(0, s->win);
    if (m->rank == 1) sk_win_put_block(m, s, 0, 0);
    MPI_Win_fence(i == n - 1 ? MPI_MODE_NOSUCCEED : 0, s->win);
  }
  return (sk_sync_stop(m) - start) / (double)n;
}

/* onesided_dummy(count, dt, info): the synchronisation bracket of the one-sided
** functions around nothing, with their window; the overhead, on rank 0 alone. */
static void init_onesided_dummy(sk_mctx *m, const sk_value *args) { init_plain(m, args, "onesided_dummy"); }

static double measure_onesided_dummy(sk_mctx *m, const sk_value *args)
{
  double start, stop;
  (void)args;
  start = sk_sync_start(m);
  stop = sk_sync_stop(m);
  return m->rank == 0 ? stop - start : -1.0;
}

/* MPI_Put_fence_bidirectional: ranks 0 and 1 put to each other in one fence epoch. */
static double measure_MPI_Put_fence_bidirectional(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start = sk_sync_start(m);
  (void)args;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank < 2) sk_win_put_block(m, s, 1 - m->rank, 0);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* MPI_Put_fence / MPI_Get_fence: one fence epoch with a transfer of rank 0. */
static double transfer_fenced(sk_mctx *m, int use_get)
{
  sk_win_state *s = sk_win_of(m);
  double start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0) transfer_block(m, s, 1, use_get);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

static double measure_MPI_Put_fence(sk_mctx *m, const sk_value *args) { (void)args; return transfer_fenced(m, 0); }

#ifdef SKAMPI_TESTING
/* Test only: Verify_Corrupt_Win_Test(count) is MPI_Put_fence of count MPI_INTs, after
** which rank 1 damages the middle byte of its window, so that skampi -v must catch it
** (tests/mpi_catalogue). */
typedef struct win_corrupt_args {
  long count;
} win_corrupt_args;

/* Verify_Corrupt_Win_Test: (count). */
static void win_corrupt_args_read(win_corrupt_args *a, const sk_value *args)
{
  a->count = args[0].u.i;
}

static void init_Verify_Corrupt_Win_Test(sk_mctx *m, const sk_value *args)
{
  win_corrupt_args a;
  win_corrupt_args_read(&a, args);
  sk_win_simple(m, "Verify_Corrupt_Win_Test", a.count, sk_mpi_int_type(), NULL, 1);
}

static double measure_Verify_Corrupt_Win_Test(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double t = transfer_fenced(m, 0);
  (void)args;
  if (m->rank == 1 && s->block > 0) s->memory[s->block / 2] ^= 0x10;
  return t;
}
#endif
static double measure_MPI_Get_fence(sk_mctx *m, const sk_value *args) { (void)args; return transfer_fenced(m, 1); }

/* MPI_Put_callduration / MPI_Get_callduration: the duration of the MPI_Put (MPI_Get)
** call of rank 0 inside a fence epoch. */
static double transfer_call(sk_mctx *m, int use_get)
{
  sk_win_state *s = sk_win_of(m);
  double start, result = -1.0;
  sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0) {
    start = MPI_Wtime();
    transfer_block(m, s, 1, use_get);
    result = MPI_Wtime() - start;
  }
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  sk_sync_stop(m);
  return result;
}

static double measure_MPI_Put_callduration(sk_mctx *m, const sk_value *args) { (void)args; return transfer_call(m, 0); }
static double measure_MPI_Get_callduration(sk_mctx *m, const sk_value *args) { (void)args; return transfer_call(m, 1); }

/* MPI_Put_passive / MPI_Get_passive: rank 0 locks rank 1's window (exclusive for the
** put, shared for the get), transfers, unlocks; timed on rank 0. */
static double transfer_passive(sk_mctx *m, int use_get)
{
  sk_win_state *s = sk_win_of(m);
  double start, result = -1.0;
  sk_sync_start(m);
  if (m->rank == 0) {
    start = MPI_Wtime();
    MPI_Win_lock(use_get ? MPI_LOCK_SHARED : MPI_LOCK_EXCLUSIVE, 1, 0, s->win);
    transfer_block(m, s, 1, use_get);
    MPI_Win_unlock(1, s->win);
    result = MPI_Wtime() - start;
  }
  sk_sync_stop(m);
  return result;
}

static double measure_MPI_Put_passive(sk_mctx *m, const sk_value *args) { (void)args; return transfer_passive(m, 0); }
static double measure_MPI_Get_passive(sk_mctx *m, const sk_value *args) { (void)args; return transfer_passive(m, 1); }

/* The "dedicated" functions: a PSCW epoch between rank 0 (origin) and rank 1 (target)
** only, timed whole on both: MPI_Put_dedicated(count, dt, info),
** MPI_Get_dedicated(count, dt, info), Combining_dedicated(count, dt, info, msg_cnt). */
/* The window of msg_cnt blocks (1 without <msg_cnt>) for the values of (count, dt, info);
** the state returned (NULL after a failure) keeps no other arguments. */
static sk_win_state *init_dedicated(sk_mctx *m, const char *fn, long count, const sk_datatype *dt,
                                    const sk_value *info, long msg_cnt)
{
  sk_win_state *s = sk_win_simple(m, fn, count, dt, info, msg_cnt);
  if (s == NULL) return NULL;
  m->recv_usage = s->block * (size_t)msg_cnt;
  sk_win_groups(m, s, 1);
  return s;
}

static void init_dedicated_plain(sk_mctx *m, const sk_value *args, const char *fn)
{
  sk_win_plain_args a;
  sk_win_plain_args_read(&a, args);
  init_dedicated(m, fn, a.count, a.dt, a.info, 1);
}

static void init_MPI_Put_dedicated(sk_mctx *m, const sk_value *args) { init_dedicated_plain(m, args, "MPI_Put_dedicated"); }
static void init_MPI_Get_dedicated(sk_mctx *m, const sk_value *args) { init_dedicated_plain(m, args, "MPI_Get_dedicated"); }

static void init_Combining_dedicated(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s;
  sk_win_messages_args a;
  win_messages_args_read(&a, args);
  s = init_dedicated(m, "Combining_dedicated", a.head.count, a.head.dt, a.head.info, a.msg_count);
  if (s != NULL) s->arg.messages = a;
}

static double dedicated(sk_mctx *m, enum sk_pscw_op op, long msg_cnt)
{
  sk_pscw_plan p;
  sk_pscw_plan_init(&p, PSCW_WHOLE, 0, 0);
  p.op = op;
  p.msg_cnt = msg_cnt;
  return sk_pscw_run(m, &p);
}

static double measure_MPI_Put_dedicated(sk_mctx *m, const sk_value *args) { (void)args; return dedicated(m, PSCW_PUT, 1); }
static double measure_MPI_Get_dedicated(sk_mctx *m, const sk_value *args) { (void)args; return dedicated(m, PSCW_GET, 1); }

static double measure_Combining_dedicated(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return dedicated(m, PSCW_PUT, sk_win_of(m)->arg.messages.msg_count);
}

/* MPI_Put_passive_concurrent(count, dt, info, lock_type): every rank but 0 locks rank
** 0's window with lock_type, puts into its own slot, unlocks; each times its epoch. */
static void init_MPI_Put_passive_concurrent(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s;
  sk_win_passive_concurrent_args a;
  win_passive_concurrent_args_read(&a, args);
  sk_win_check_lock_type(m, "MPI_Put_passive_concurrent", a.lock_type);
  s = sk_win_simple(m, "MPI_Put_passive_concurrent", a.head.count, a.head.dt, a.head.info, m->size);
  if (s != NULL) s->arg.passive_concurrent = a;
}

static double measure_MPI_Put_passive_concurrent(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start, result = -1.0;
  (void)args;
  sk_sync_start(m);
  if (m->rank != 0) {
    start = MPI_Wtime();
    MPI_Win_lock(sk_win_lock_type_of(s->arg.passive_concurrent.lock_type), 0, 0, s->win);
    sk_win_put_block(m, s, 0, m->rank);
    MPI_Win_unlock(0, s->win);
    result = MPI_Wtime() - start;
  }
  sk_sync_stop(m);
  return result;
}

/* ---- accumulate ---- */

/* MPI_Accumulate(count, dt, info, op): one fence epoch in which rank 0 accumulates into
** rank 1's window. */
static void init_MPI_Accumulate(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s;
  sk_win_accumulate_args a;
  win_accumulate_args_read(&a, args);
  sk_mpi_check_op(m, "MPI_Accumulate", a.op, a.head.dt, 1);
  s = sk_win_simple(m, "MPI_Accumulate", a.head.count, a.head.dt, a.head.info, 1);
  if (s != NULL) s->arg.accumulate = a;
}

static double measure_MPI_Accumulate(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start = sk_sync_start(m);
  (void)args;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0) sk_win_accumulate_block(m, s, 1, 0, s->arg.accumulate.op->mpi);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* MPI_Accumulate_concurrent(count, dt, info, op, disjoint) and
** MPI_Accumulate_concurrent_multi(count, dt, info, msg_cnt, op, disjoint): in one fence
** epoch every rank but 0 accumulates msg_cnt messages into rank 0's window -- all into
** the same msg_cnt slots, or, if disjoint, each into slots of its own. */
/* The init given the values of (count, dt, info), msg_cnt (1 for
** MPI_Accumulate_concurrent) and op; the caller keeps its arguments in the state
** returned (NULL after a failure). */
static sk_win_state *init_accumulate_concurrent(sk_mctx *m, const char *fn, long count, const sk_datatype *dt,
                                                const sk_value *info, long msg_cnt, const sk_opdef *op)
{
  sk_mpi_check_count(m, fn, "msg_cnt", msg_cnt);
  if (!m->failed && msg_cnt > INT_MAX / m->size) sk_meas_fail(m, "accumulate: msg_cnt is too large");
  sk_mpi_check_op(m, fn, op, dt, 1);
  return sk_win_simple(m, fn, count, dt, info, msg_cnt * m->size);
}

static double accumulate_concurrent(sk_mctx *m, long msg_cnt, const sk_opdef *op, long disjoint)
{
  sk_win_state *s = sk_win_of(m);
  long k;
  double start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank != 0)
    for (k = 0; k < msg_cnt; k++)
      sk_win_accumulate_block(m, s, 0, disjoint ? m->rank * msg_cnt + k : k, op->mpi);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

static void init_MPI_Accumulate_concurrent(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s;
  sk_win_acc_concurrent_args a;
  win_acc_concurrent_args_read(&a, args);
  s = init_accumulate_concurrent(m, "MPI_Accumulate_concurrent", a.head.count, a.head.dt, a.head.info, 1, a.op);
  if (s != NULL) s->arg.acc_concurrent = a;
}

static double measure_MPI_Accumulate_concurrent(sk_mctx *m, const sk_value *args)
{
  const sk_win_acc_concurrent_args *a = &sk_win_of(m)->arg.acc_concurrent;
  (void)args;
  return accumulate_concurrent(m, 1, a->op, a->disjoint);
}

static void init_MPI_Accumulate_concurrent_multi(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s;
  sk_win_acc_multi_args a;
  win_acc_multi_args_read(&a, args);
  s = init_accumulate_concurrent(m, "MPI_Accumulate_concurrent_multi", a.head.count, a.head.dt, a.head.info, a.msg_count, a.op);
  if (s != NULL) s->arg.acc_multi = a;
}

static double measure_MPI_Accumulate_concurrent_multi(sk_mctx *m, const sk_value *args)
{
  const sk_win_acc_multi_args *a = &sk_win_of(m)->arg.acc_multi;
  (void)args;
  return accumulate_concurrent(m, a->msg_count, a->op, a->disjoint);
}

/* ---- caching and combining ---- */

/* Caching(count, dt, info, delay_us): rank 0 reads the same data of rank 1 twice with
** passive target (shared lock, MPI_Get, unlock), delay_us apart; the second access is
** timed -- cheaper than the first if the library caches the remote window. */
static void init_Caching(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s;
  sk_win_caching_args a;
  win_caching_args_read(&a, args);
  sk_mpi_check_count(m, "Caching", "delay_us", a.delay_us);
  s = sk_win_simple(m, "Caching", a.head.count, a.head.dt, a.head.info, 1);
  if (s != NULL) s->arg.caching = a;
}

static double measure_Caching(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start, result = -1.0;
  (void)args;
  sk_sync_start(m);
  if (m->rank == 0) {
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, s->win);
    sk_win_get_block(m, s, 1, 0, 0);
    MPI_Win_unlock(1, s->win);
    sk_mpi_busy_wait((double)s->arg.caching.delay_us);
    start = MPI_Wtime();
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, s->win);
    sk_win_get_block(m, s, 1, 0, 0);
    MPI_Win_unlock(1, s->win);
    result = MPI_Wtime() - start;
  }
  sk_sync_stop(m);
  return result;
}

/* Combining_fence(count, dt, info, msg_cnt): in one fence epoch rank 0 puts msg_cnt
** messages of count elements to consecutive slots of rank 1 (does the library combine
** them?). Compare with MPI_Put_fence of msg_cnt*count elements. */
static void init_Combining_fence(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s;
  sk_win_messages_args a;
  win_messages_args_read(&a, args);
  s = sk_win_simple(m, "Combining_fence", a.head.count, a.head.dt, a.head.info, a.msg_count);
  if (s != NULL) s->arg.messages = a;
}

static double measure_Combining_fence(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  long k;
  double start = sk_sync_start(m);
  (void)args;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0)
    for (k = 0; k < s->arg.messages.msg_count; k++) sk_win_put_block(m, s, 1, k);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* ---- passive target with active waiting of the target (MPI_INT messages) ---- */

/* The init of the activewait family given the values of (count, info) (the _sleep
** variants check their delay_us first): a window of count MPI_INTs. The caller keeps
** its arguments in the state returned (NULL after a failure). */
static sk_win_state *init_activewait(sk_mctx *m, const char *fn, long count, const sk_value *info, long min_count)
{
  sk_win_state *s;
  char msg[200];
  if (!m->failed && count < min_count) {
    sprintf(msg, "%.60s: count %ld must be at least %ld", fn, count, min_count);
    sk_meas_fail(m, msg);
  }
  s = sk_win_setup(m, fn, count, sk_mpi_int_type(), info, 1, 1);
  if (s == NULL) return NULL;
  m->send_usage = s->block;
  m->recv_usage = s->block;
  return s;
}

/* The rows (count, info) and (count, info, delay_us). */
static void init_activewait_plain(sk_mctx *m, const sk_value *args, const char *fn, long min_count)
{
  sk_win_plain_args a;
  sk_win_count_info_read(&a, args);
  init_activewait(m, fn, a.count, a.info, min_count);
}

static void init_activewait_sleep(sk_mctx *m, const sk_value *args, const char *fn)
{
  sk_win_state *s;
  sk_win_activewait_sleep_args a;
  win_activewait_sleep_args_read(&a, args);
  sk_mpi_check_count(m, fn, "delay_us", a.delay_us);
  s = init_activewait(m, fn, a.head.count, a.head.info, 0);
  if (s != NULL) s->arg.activewait_sleep = a;
}

/* MPI_Put_activewait_get(count, info), as the original SKaMPI's Put_activewait_get: rank 0
** puts count ints into rank 1's window with passive target (exclusive lock, put,
** unlock); the last int carries the number of the measurement. Then rank 0 waits
** actively for its own data by reading that int back from rank 1's window (shared lock,
** MPI_Get, unlock) until the number shows. Timed on rank 0 alone; rank 1 only takes part
** in the start and stop synchronisation. Rank 1 never locks its own window, so nothing
** competes with the origin's exclusive lock. (Gives up after 60 s and fails the
** measurement with a message rather than hanging if the data never shows.) */
static void init_MPI_Put_activewait_get(sk_mctx *m, const sk_value *args)
{
  /* the window starts zeroed and the measurement numbers start at 1 */
  init_activewait_plain(m, args, "MPI_Put_activewait_get", 1);
}

static double measure_MPI_Put_activewait_get(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  int seen = -1, last = s->count - 1;
  double start, result = -1.0;
  (void)args;
  s->stamp++;
  if (m->rank == 0) ((int *)m->send_buf)[last] = s->stamp;
  start = sk_sync_start(m);
  if (m->rank == 0) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, s->win);
    sk_win_put_block(m, s, 1, 0);
    MPI_Win_unlock(1, s->win);
    for (;;) {
      MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, s->win);
      MPI_Get(&seen, 1, MPI_INT, 1, (MPI_Aint)(sizeof(int) * (size_t)last), 1, MPI_INT, s->win);
      MPI_Win_unlock(1, s->win);
      if (seen == s->stamp) { result = MPI_Wtime() - start; break; }
      if (MPI_Wtime() - start > ACTIVEWAIT_GIVE_UP) {
        sk_meas_fail(m, "MPI_Put_activewait_get: the data put into rank 1's window did not show within 60 s");
        break;
      }
    }
  }
  sk_sync_stop(m);
  return result;
}

/* The activewait functions with a two-sided notice: rank 0 does its passive-target
** epoch on rank 1 (put with an exclusive lock, accumulate MPI_SUM, or get with a shared
** lock) and then sends an empty notice; rank 1 first spends delay_us without MPI calls
** (the _sleep variants; 0 for the others), then waits for the notice -- with MPI_Recv, or (the Get
** variants) actively with an MPI_Iprobe loop. Both time their part. */
enum activewait_op { AW_PUT, AW_ACCUMULATE, AW_GET };

static double activewait_notice(sk_mctx *m, enum activewait_op op, int probe, double delay_us)
{
  sk_win_state *s = sk_win_of(m);
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  int flag = 0;
  double start, result = -1.0;
  start = sk_sync_start(m);
  if (m->rank == 0) {
    MPI_Win_lock(op == AW_GET ? MPI_LOCK_SHARED : MPI_LOCK_EXCLUSIVE, 1, 0, s->win);
    if (op == AW_PUT) sk_win_put_block(m, s, 1, 0);
    else if (op == AW_ACCUMULATE) sk_win_accumulate_block(m, s, 1, 0, MPI_SUM);
    else sk_win_get_block(m, s, 1, 0, 0);
    MPI_Win_unlock(1, s->win);
    result = MPI_Wtime() - start;
    MPI_Send(NULL, 0, MPI_INT, 1, NOTICE_TAG, comm);
  } else if (m->rank == 1) {
    sk_mpi_busy_wait(delay_us);
    if (probe) do MPI_Iprobe(0, NOTICE_TAG, comm, &flag, &status); while (!flag);
    MPI_Recv(NULL, 0, MPI_INT, 0, NOTICE_TAG, comm, &status);
    result = MPI_Wtime() - start;
  }
  sk_sync_stop(m);
  return result;
}

static void init_MPI_Put_activewait_twosided(sk_mctx *m, const sk_value *args)
{
  init_activewait_plain(m, args, "MPI_Put_activewait_twosided", 0);
}

static double measure_MPI_Put_activewait_twosided(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return activewait_notice(m, AW_PUT, 0, 0.0);
}

static void init_MPI_Put_activewait_twosided_sleep(sk_mctx *m, const sk_value *args)
{
  init_activewait_sleep(m, args, "MPI_Put_activewait_twosided_sleep");
}

static double measure_MPI_Put_activewait_twosided_sleep(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return activewait_notice(m, AW_PUT, 0, (double)sk_win_of(m)->arg.activewait_sleep.delay_us);
}

static void init_MPI_Get_activewait(sk_mctx *m, const sk_value *args)
{
  init_activewait_plain(m, args, "MPI_Get_activewait", 0);
}

static double measure_MPI_Get_activewait(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return activewait_notice(m, AW_GET, 1, 0.0);
}

static void init_MPI_Get_activewait_sleep(sk_mctx *m, const sk_value *args)
{
  init_activewait_sleep(m, args, "MPI_Get_activewait_sleep");
}

static double measure_MPI_Get_activewait_sleep(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return activewait_notice(m, AW_GET, 1, (double)sk_win_of(m)->arg.activewait_sleep.delay_us);
}

static void init_MPI_Accumulate_activewait_twosided(sk_mctx *m, const sk_value *args)
{
  init_activewait_plain(m, args, "MPI_Accumulate_activewait_twosided", 0);
}

static double measure_MPI_Accumulate_activewait_twosided(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return activewait_notice(m, AW_ACCUMULATE, 0, 0.0);
}

/* ---- derived datatypes (MPI_INT based), one fence epoch, rank 0 to rank 1 ---- */

/* Datatype_int(count, info): count MPI_INTs.
** Datatype_simple(count, info) / Datatype_simple_Get: one element of a contiguous type
**   of count ints (made once in init), put / get.
** Datatype_complex_once(count, info): one element of a strided vector type (count
**   blocks of one int, stride 2 ints, so every other int) on both sides, made once.
** Datatype_complex_everytime: the same, but the vector type is made, committed and
**   freed inside every timed epoch.
** Datatype_complex_mixed_once / _mixed_everytime: count contiguous ints at the origin
**   into one vector element at the target.
** Datatype_complex_Get: one vector element read with MPI_Get on both sides.
** Windows and buffers span 2*count ints (a vector element spans 2*count-1). */
enum dt_shape { SHAPE_INT, SHAPE_CONTIGUOUS, SHAPE_VECTOR, SHAPE_MIXED };

static void make_vector(int count, MPI_Datatype *type)
{
  MPI_Type_vector(count, 1, 2, MPI_INT, type);
  MPI_Type_commit(type);
}

static void init_datatype(sk_mctx *m, const sk_value *args, const char *fn, enum dt_shape shape)
{
  sk_win_state *s;
  sk_win_plain_args a;
  sk_win_count_info_read(&a, args);
  if (!m->failed && a.count > INT_MAX / 2) sk_meas_fail(m, "Datatype: count is too large");
  s = sk_win_setup(m, fn, 2 * a.count, sk_mpi_int_type(), a.info, 1, 1);
  if (s == NULL) return;
  m->send_usage = m->recv_usage = s->block;
  m->reported_size = a.count * (long)sizeof(int);
  s->count = (int)a.count;
  if (shape == SHAPE_CONTIGUOUS) {
    MPI_Type_contiguous(s->count, MPI_INT, &s->derived);
    MPI_Type_commit(&s->derived);
  } else if (shape == SHAPE_VECTOR || shape == SHAPE_MIXED) {
    make_vector(s->count, &s->derived);
  }
}

/* One epoch; `everytime` makes the vector type inside the timing. */
static double datatype_epoch(sk_mctx *m, enum dt_shape shape, int use_get, int everytime)
{
  sk_win_state *s = sk_win_of(m);
  MPI_Datatype type = s->derived;
  double start = sk_sync_start(m);
  if (everytime && m->rank == 0) make_vector(s->count, &type);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0) {
    if (shape == SHAPE_INT)
      MPI_Put(m->send_buf, s->count, MPI_INT, 1, 0, s->count, MPI_INT, s->win);
    else if (shape == SHAPE_MIXED)
      MPI_Put(m->send_buf, s->count, MPI_INT, 1, 0, 1, type, s->win);
    else if (use_get)
      MPI_Get(m->recv_buf, 1, type, 1, 0, 1, type, s->win);
    else
      MPI_Put(m->send_buf, 1, type, 1, 0, 1, type, s->win);
  }
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  if (everytime && m->rank == 0) MPI_Type_free(&type);
  return sk_sync_stop(m) - start;
}

static void init_Datatype_int(sk_mctx *m, const sk_value *args)
{
  init_datatype(m, args, "Datatype_int", SHAPE_INT);
}

static double measure_Datatype_int(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return datatype_epoch(m, SHAPE_INT, 0, 0);
}

static void init_Datatype_simple(sk_mctx *m, const sk_value *args)
{
  init_datatype(m, args, "Datatype_simple", SHAPE_CONTIGUOUS);
}

static double measure_Datatype_simple(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return datatype_epoch(m, SHAPE_CONTIGUOUS, 0, 0);
}

static void init_Datatype_simple_Get(sk_mctx *m, const sk_value *args)
{
  init_datatype(m, args, "Datatype_simple_Get", SHAPE_CONTIGUOUS);
}

static double measure_Datatype_simple_Get(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return datatype_epoch(m, SHAPE_CONTIGUOUS, 1, 0);
}

static void init_Datatype_complex_once(sk_mctx *m, const sk_value *args)
{
  init_datatype(m, args, "Datatype_complex_once", SHAPE_VECTOR);
}

static double measure_Datatype_complex_once(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return datatype_epoch(m, SHAPE_VECTOR, 0, 0);
}

static void init_Datatype_complex_everytime(sk_mctx *m, const sk_value *args)
{
  init_datatype(m, args, "Datatype_complex_everytime", SHAPE_VECTOR);
}

static double measure_Datatype_complex_everytime(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return datatype_epoch(m, SHAPE_VECTOR, 0, 1);
}

static void init_Datatype_complex_mixed_once(sk_mctx *m, const sk_value *args)
{
  init_datatype(m, args, "Datatype_complex_mixed_once", SHAPE_MIXED);
}

static double measure_Datatype_complex_mixed_once(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return datatype_epoch(m, SHAPE_MIXED, 0, 0);
}

static void init_Datatype_complex_mixed_everytime(sk_mctx *m, const sk_value *args)
{
  init_datatype(m, args, "Datatype_complex_mixed_everytime", SHAPE_MIXED);
}

static double measure_Datatype_complex_mixed_everytime(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return datatype_epoch(m, SHAPE_MIXED, 0, 1);
}

static void init_Datatype_complex_Get(sk_mctx *m, const sk_value *args)
{
  init_datatype(m, args, "Datatype_complex_Get", SHAPE_VECTOR);
}

static double measure_Datatype_complex_Get(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return datatype_epoch(m, SHAPE_VECTOR, 1, 0);
}

/* ---- many-to-many patterns ---- */

/* MPI_Put_Shift(count, dt, info, distance): in one fence epoch every process puts to
** rank (rank + distance) mod size (distance may be negative). */
static void init_MPI_Put_Shift(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s;
  sk_win_shift_args a;
  win_shift_args_read(&a, args);
  s = sk_win_simple(m, "MPI_Put_Shift", a.head.count, a.head.dt, a.head.info, 1);
  if (s != NULL) s->arg.shift = a;
}

static double measure_MPI_Put_Shift(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  int target = (int)(((m->rank + s->arg.shift.distance) % m->size + m->size) % m->size);
  double start = sk_sync_start(m);
  (void)args;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  sk_win_put_block(m, s, target, 0);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* MPI_Put_Exchange(count, dt, info, msg_cnt): the one-sided Exchange: every process puts
** msg_cnt messages to every other process (slot rank*msg_cnt+k there) in one fence
** epoch. MPI_Put_Exchange_passive: the same with a shared lock per target instead. */
static void init_put_exchange(sk_mctx *m, const sk_value *args, const char *fn)
{
  sk_win_state *s;
  sk_win_messages_args a;
  win_messages_args_read(&a, args);
  sk_mpi_check_count(m, fn, "msg_cnt", a.msg_count);
  if (!m->failed && a.msg_count > INT_MAX / m->size) sk_meas_fail(m, "MPI_Put_Exchange: msg_cnt is too large");
  s = sk_win_simple(m, fn, a.head.count, a.head.dt, a.head.info, a.msg_count * m->size);
  if (s != NULL) s->arg.messages = a;
}

static void put_exchange_to(sk_mctx *m, sk_win_state *s, int target)
{
  long k, msg_cnt = s->arg.messages.msg_count;
  for (k = 0; k < msg_cnt; k++) sk_win_put_block(m, s, target, m->rank * msg_cnt + k);
}

static void init_MPI_Put_Exchange(sk_mctx *m, const sk_value *args) { init_put_exchange(m, args, "MPI_Put_Exchange"); }

static double measure_MPI_Put_Exchange(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  int j;
  double start = sk_sync_start(m);
  (void)args;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  for (j = 0; j < m->size; j++)
    if (j != m->rank) put_exchange_to(m, s, j);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

static void init_MPI_Put_Exchange_passive(sk_mctx *m, const sk_value *args)
{
  init_put_exchange(m, args, "MPI_Put_Exchange_passive");
}

static double measure_MPI_Put_Exchange_passive(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  int j;
  double start = sk_sync_start(m);
  (void)args;
  for (j = 0; j < m->size; j++)
    if (j != m->rank) {
      MPI_Win_lock(MPI_LOCK_SHARED, j, 0, s->win);
      put_exchange_to(m, s, j);
      MPI_Win_unlock(j, s->win);
    }
  return sk_sync_stop(m) - start;
}

/* ---- collective operations made of one-sided transfers ---- */

/* onesided_bcast(count, dt, info, bcast_count): bcast_count broadcasts from rank 0 made
** of puts, one fence epoch each; onesided_alltoall(count, dt, info, alltoall_count):
** likewise all-to-alls (every process puts a block to every process, itself included,
** slot = its rank). Both return the time of one operation (the average). */
static void init_onesided_repeated(sk_mctx *m, const sk_value *args, const char *fn, long slots)
{
  sk_win_state *s;
  sk_win_repeated_args a;
  win_repeated_args_read(&a, args);
  sk_mpi_check_count(m, fn, "repetition count", a.repetitions);
  s = sk_win_simple(m, fn, a.head.count, a.head.dt, a.head.info, slots);
  if (s == NULL) return;
  s->arg.repeated = a;
  m->send_usage = s->block * (size_t)slots;
}

static void init_onesided_bcast(sk_mctx *m, const sk_value *args)
{
  init_onesided_repeated(m, args, "onesided_bcast", 1);
}

static void init_onesided_alltoall(sk_mctx *m, const sk_value *args)
{
  init_onesided_repeated(m, args, "onesided_alltoall", m->size);
}

static double onesided_repeated(sk_mctx *m, int alltoall)
{
  sk_win_state *s = sk_win_of(m);
  long i, n = s->arg.repeated.repetitions;
  int j;
  double start;
  if (n <= 0) return 0.0;
  start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  for (i = 0; i < n; i++) {
    for (j = 0; j < m->size; j++) {
      if (alltoall)
        MPI_Put(m->send_buf + s->block * (size_t)j, s->count, s->dt, j, (MPI_Aint)(s->block * (size_t)m->rank),
                s->count, s->dt, s->win);
      else if (m->rank == 0 && j != 0)
        sk_win_put_block(m, s, j, 0);
    }
    MPI_Win_fence(i == n - 1 ? MPI_MODE_NOSUCCEED : 0, s->win);
  }
  return (sk_sync_stop(m) - start) / (double)n;
}

static double measure_onesided_bcast(sk_mctx *m, const sk_value *args) { (void)args; return onesided_repeated(m, 0); }
static double measure_onesided_alltoall(sk_mctx *m, const sk_value *args) { (void)args; return onesided_repeated(m, 1); }

/* onesided_reduce(count, dt, info, op): every process accumulates its block into rank
** 0's window in one fence epoch (root fixed at 0); onesided_allreduce: every process
** accumulates into every process's window, itself included. */
static void init_onesided_reduction(sk_mctx *m, const sk_value *args, const char *fn)
{
  sk_win_state *s;
  sk_win_accumulate_args a;
  win_accumulate_args_read(&a, args);
  sk_mpi_check_op(m, fn, a.op, a.head.dt, 1);
  s = sk_win_simple(m, fn, a.head.count, a.head.dt, a.head.info, 1);
  if (s != NULL) s->arg.accumulate = a;
}

static void init_onesided_reduce(sk_mctx *m, const sk_value *args) { init_onesided_reduction(m, args, "onesided_reduce"); }
static void init_onesided_allreduce(sk_mctx *m, const sk_value *args) { init_onesided_reduction(m, args, "onesided_allreduce"); }

static double onesided_reduction(sk_mctx *m, int everywhere)
{
  sk_win_state *s = sk_win_of(m);
  int j;
  double start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  for (j = 0; j < (everywhere ? m->size : 1); j++) sk_win_accumulate_block(m, s, j, 0, s->arg.accumulate.op->mpi);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

static double measure_onesided_reduce(sk_mctx *m, const sk_value *args) { (void)args; return onesided_reduction(m, 0); }
static double measure_onesided_allreduce(sk_mctx *m, const sk_value *args) { (void)args; return onesided_reduction(m, 1); }

/* onesided_borderexchange(count, info, iteration_count, compute) and
** onesided_borderexchange_fence: the ring stencil of twosided_borderexchange with puts
** (each process puts count ints into slot 0 of its right and slot 1 of its left
** neighbour), synchronised by PSCW with the neighbours or by fences. Returns the time of
** one iteration (the average). */
static void init_onesided_borderexchange_any(sk_mctx *m, const sk_value *args, const char *fn, int pscw)
{
  sk_win_state *s;
  sk_win_border_args a;
  win_border_args_read(&a, args);
  sk_mpi_check_count(m, fn, "count", a.head.count);
  sk_mpi_check_count(m, fn, "iteration_count", a.iteration_count);
  sk_mpi_check_count(m, fn, "compute", a.compute);
  s = sk_win_setup(m, fn, a.head.count, sk_mpi_int_type(), a.head.info, 2, 1);
  if (s == NULL) return;
  s->arg.border = a;
  m->send_usage = s->block;
  m->recv_usage = 0;
  if (pscw) {
    MPI_Group all;
    int neighbours[2];
    neighbours[0] = sk_mpi_ring_left(m);
    neighbours[1] = sk_mpi_ring_right(m);
    MPI_Comm_group(sk_mpi_comm(m), &all);
    MPI_Group_incl(all, neighbours[0] == neighbours[1] ? 1 : 2, neighbours, &s->targets);
    MPI_Group_free(&all);
  }
}

static void init_onesided_borderexchange(sk_mctx *m, const sk_value *args)
{
  init_onesided_borderexchange_any(m, args, "onesided_borderexchange", 1);
}

static void init_onesided_borderexchange_fence(sk_mctx *m, const sk_value *args)
{
  init_onesided_borderexchange_any(m, args, "onesided_borderexchange_fence", 0);
}

static double onesided_borderexchange(sk_mctx *m, int pscw)
{
  sk_win_state *s = sk_win_of(m);
  long i, iterations = s->arg.border.iteration_count;
  double compute = (double)s->arg.border.compute, start;
  if (iterations <= 0) return 0.0;
  start = sk_sync_start(m);
  if (!pscw) MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  for (i = 0; i < iterations; i++) {
    if (pscw) {
      MPI_Win_post(s->targets, 0, s->win);
      MPI_Win_start(s->targets, 0, s->win);
    }
    sk_win_put_block(m, s, sk_mpi_ring_right(m), 0);
    sk_win_put_block(m, s, sk_mpi_ring_left(m), 1);
    if (pscw) {
      MPI_Win_complete(s->win);
      MPI_Win_wait(s->win);
    } else {
      MPI_Win_fence(i == iterations - 1 ? MPI_MODE_NOSUCCEED : 0, s->win);
    }
    sk_mpi_busy_wait(compute);
  }
  return (sk_sync_stop(m) - start) / (double)iterations;
}

static double measure_onesided_borderexchange(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return onesided_borderexchange(m, 1);
}

static double measure_onesided_borderexchange_fence(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return onesided_borderexchange(m, 0);
}

/* ---- verification (verify.h): window and buffer contents after the epoch ----
** Puts: the windows start as zeros (sk_win_prepare_put), every slot must then hold the
** block of the rank that put there, the others zeros. Gets: every window holds its
** owner's pattern (sk_win_prepare_get), the receive buffer must then hold the target's
** block. Accumulates: the locally recomputed result of the operator over the window's
** start value and every contribution (see prepare_accumulate). */

/* Rank 0 transferred to or from rank 1. */
static long from_0_at_1(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)s;
  (void)slot;
  (void)offset;
  return m->rank == 1 ? 0 : -1;
}

static long at_0_from_1(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  *offset = s->block * (size_t)slot;
  return m->rank == 0 ? 1 : -1;
}

/* Ranks 0 and 1 transferred to (from) each other. */
static long pair_exchanged(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)s;
  (void)offset;
  return m->rank < 2 && slot == 0 ? 1 - m->rank : -1;
}

static long pair_pingponged(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  return s->arg.pingpong.iterations > 0 ? pair_exchanged(m, s, slot, offset) : -1;
}

/* MPI_Put_passive_concurrent: rank r put into slot r of rank 0. */
static long concurrent_at_0(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)s;
  (void)offset;
  return m->rank == 0 && slot >= 1 ? slot : -1;
}

static long shifted(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)slot;
  (void)offset;
  return ((m->rank - s->arg.shift.distance) % m->size + m->size) % m->size;
}

/* MPI_Put_Exchange: rank r put msg_cnt blocks into slots r*msg_cnt.. of every other rank. */
static long exchanged(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  long from = slot / s->arg.messages.msg_count;
  (void)offset;
  return from != m->rank ? from : -1;
}

static long broadcast(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)slot;
  (void)offset;
  return s->arg.repeated.repetitions > 0 && m->rank != 0 ? 0 : -1;
}

/* onesided_alltoall: rank r put block `rank` of its send buffer into slot r. */
static long all_to_all(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  *offset = s->block * (size_t)m->rank;
  return s->arg.repeated.repetitions > 0 ? slot : -1;
}

/* The ring: slot 0 from the left neighbour, slot 1 from the right one. */
static long border(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)offset;
  if (s->arg.border.iteration_count <= 0) return -1;
  return slot == 0 ? sk_mpi_ring_left(m) : sk_mpi_ring_right(m);
}

static void check_put_to_1(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, from_0_at_1);
}

static void check_put_to_1_passive(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window_passive(m, from_0_at_1);
}

static void check_get_from_1(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_received(m, at_0_from_1);
}

static void check_put_pair(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, pair_exchanged);
}

static void check_get_pair(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_received(m, pair_exchanged);
}

static void check_put_pingpong(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, pair_pingponged);
}

static void check_put_concurrent(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window_passive(m, concurrent_at_0);
}

static void check_put_shift(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, shifted);
}

static void check_put_exchange(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, exchanged);
}

static void check_put_exchange_passive(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window_passive(m, exchanged);
}

static void check_onesided_bcast(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, broadcast);
}

static void check_onesided_alltoall(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, all_to_all);
}

static void check_borderexchange(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, border);
}

/* MPI_Put_activewait_get: rank 0 reads rank 1's window back as the measurement did
** (shared lock, MPI_Get): its block, the last int being the number of the measurement. */
static void check_put_activewait_get(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  char *back;
  size_t last = s->block - sizeof(int);
  (void)args;
  if (m->rank != 0) return;
  back = (char *)sk_malloc(s->block);
  MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, s->win);
  MPI_Get(back, s->count, MPI_INT, 1, 0, s->count, MPI_INT, s->win);
  MPI_Win_unlock(1, s->win);
  if (sk_verify_expect(m, "rank 1's window read back", back, last, 0, 0, NULL)
      && memcmp(back + last, &s->stamp, sizeof(int)) != 0) {
    size_t k = 0;
    while (back[last + k] == ((const char *)&s->stamp)[k]) k++;
    sk_verify_mismatch(m, "rank 1's window read back, the measurement number", last + k,
                       (unsigned char)back[last + k], (unsigned char)((const char *)&s->stamp)[k]);
  }
  free(back);
}

/* -- accumulate: a plan says for a slot of this process's window who contributed --
** The window slot starts with the operands (sk_mpi_verify_fill_operands) of the virtual
** rank *start, every contributor r accumulates its own operands, so that start and the
** contributors are exactly the ranks lo..hi and the result is the operator over lo..hi
** (the predefined operators are commutative). MPI_REPLACE: every contributor puts the
** pattern of rank 0 into a zeroed slot, which must then hold that pattern. */
typedef int (*acc_plan)(sk_mctx *m, const sk_win_state *s, long slot, int *start, int *lo, int *hi);

/* rank 0 into slot 0 of rank 1 (MPI_Accumulate, MPI_Accumulate_activewait_twosided) */
static int acc_0_to_1(sk_mctx *m, const sk_win_state *s, long slot, int *start, int *lo, int *hi)
{
  (void)s;
  *start = *hi = 1;
  *lo = 0;
  return m->rank == 1 && slot == 0;
}

/* ranks 1..size-1 into the first msg_cnt slots of rank 0, or, if disjoint, rank r into
** slots r*msg_cnt.. (msg_cnt 1 for MPI_Accumulate_concurrent) */
static int concurrent_slot(sk_mctx *m, long msg_count, long disjoint, long slot, int *start, int *lo, int *hi)
{
  long msg_cnt = msg_count > 0 ? msg_count : 1, r = slot / msg_cnt;
  if (m->rank != 0) return 0;
  if (disjoint) {
    *start = *lo = (int)r - 1;
    *hi = (int)r;
    return r >= 1;
  }
  *start = *lo = 0;
  *hi = m->size - 1;
  return slot < msg_cnt;
}

static int acc_concurrent(sk_mctx *m, const sk_win_state *s, long slot, int *start, int *lo, int *hi)
{
  return concurrent_slot(m, 1, s->arg.acc_concurrent.disjoint, slot, start, lo, hi);
}

static int acc_concurrent_multi(sk_mctx *m, const sk_win_state *s, long slot, int *start, int *lo, int *hi)
{
  return concurrent_slot(m, s->arg.acc_multi.msg_count, s->arg.acc_multi.disjoint, slot, start, lo, hi);
}

/* every rank into slot 0 of rank 0 (reduce) or of every rank (allreduce) */
static int acc_reduce(sk_mctx *m, const sk_win_state *s, long slot, int *start, int *lo, int *hi)
{
  (void)s;
  *start = *hi = m->size;
  *lo = 0;
  return m->rank == 0 && slot == 0;
}

static int acc_allreduce(sk_mctx *m, const sk_win_state *s, long slot, int *start, int *lo, int *hi)
{
  (void)s;
  *start = *hi = m->size;
  *lo = 0;
  return slot == 0;
}

static sk_opdef acc_sum;

/* The operator `op` of the row; MPI_Accumulate_activewait_twosided has none (NULL) and
** sums. */
static const sk_opdef *acc_op(const sk_opdef *op)
{
  if (op != NULL) return op;
  acc_sum.name = "MPI_SUM";
  acc_sum.mpi = MPI_SUM;
  return &acc_sum;
}

static long acc_slots(const sk_win_state *s) { return s->block > 0 ? (long)((size_t)s->memory_size / s->block) : 0; }

static void prepare_accumulate(sk_mctx *m, acc_plan plan, const sk_opdef *row_op)
{
  sk_win_state *s = sk_win_of(m);
  const sk_opdef *op = acc_op(row_op);
  long slot;
  int start, lo, hi;
  memset(s->memory, 0, (size_t)s->memory_size);
  if (op->mpi == MPI_REPLACE) {
    sk_verify_default_prepare(m, NULL);
    sk_verify_fill(m->send_buf, m->send_usage, 0, 0);
  } else {
    sk_mpi_verify_fill_operands(m, s->count, s->type);
    for (slot = 0; slot < acc_slots(s); slot++)
      if (plan(m, s, slot, &start, &lo, &hi)) {
        sk_mctx t = *m;
        t.rank = start;
        t.send_buf = s->memory + s->block * (size_t)slot;
        t.send_usage = s->block;
        t.recv_buf = NULL;
        t.recv_usage = 0;
        sk_mpi_verify_fill_operands(&t, s->count, s->type);
      }
  }
  sk_win_verify_ready(m);
}

static void check_accumulate(sk_mctx *m, acc_plan plan, const sk_opdef *row_op)
{
  sk_win_state *s = sk_win_of(m);
  const sk_opdef *op = acc_op(row_op);
  long slot;
  int start, lo, hi;
  char w[120];
  for (slot = 0; slot < acc_slots(s) && !m->failed; slot++) {
    const char *at = s->memory + s->block * (size_t)slot;
    if (!plan(m, s, slot, &start, &lo, &hi)) {
      sprintf(w, "window after the epoch slot %ld (nothing was to arrive there)", slot);
      sk_win_verify_zeros(m, w, at, s->block);
    } else if (op->mpi == MPI_REPLACE) {
      sprintf(w, "window after the epoch slot %ld (MPI_REPLACE)", slot);
      sk_mpi_verify_block(m, w, at, s->count, s->type, s->count, s->type, 0, 0);
    } else {
      sprintf(w, "window after the epoch slot %ld", slot);
      sk_mpi_verify_reduced(m, w, at, s->count, s->type, op, lo, hi);
    }
  }
}

static void prepare_MPI_Accumulate(sk_mctx *m, const sk_value *args)
{
  (void)args;
  prepare_accumulate(m, acc_0_to_1, sk_win_of(m)->arg.accumulate.op);
}

static void check_MPI_Accumulate(sk_mctx *m, const sk_value *args)
{
  (void)args;
  check_accumulate(m, acc_0_to_1, sk_win_of(m)->arg.accumulate.op);
}

static void prepare_MPI_Accumulate_activewait_twosided(sk_mctx *m, const sk_value *args)
{
  (void)args;
  prepare_accumulate(m, acc_0_to_1, NULL);
}

static void check_MPI_Accumulate_activewait_twosided(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_settle(m);
  check_accumulate(m, acc_0_to_1, NULL);
}

static void prepare_MPI_Accumulate_concurrent(sk_mctx *m, const sk_value *args)
{
  (void)args;
  prepare_accumulate(m, acc_concurrent, sk_win_of(m)->arg.acc_concurrent.op);
}

static void check_MPI_Accumulate_concurrent(sk_mctx *m, const sk_value *args)
{
  (void)args;
  check_accumulate(m, acc_concurrent, sk_win_of(m)->arg.acc_concurrent.op);
}

static void prepare_MPI_Accumulate_concurrent_multi(sk_mctx *m, const sk_value *args)
{
  (void)args;
  prepare_accumulate(m, acc_concurrent_multi, sk_win_of(m)->arg.acc_multi.op);
}

static void check_MPI_Accumulate_concurrent_multi(sk_mctx *m, const sk_value *args)
{
  (void)args;
  check_accumulate(m, acc_concurrent_multi, sk_win_of(m)->arg.acc_multi.op);
}

static void prepare_onesided_reduce(sk_mctx *m, const sk_value *args)
{
  (void)args;
  prepare_accumulate(m, acc_reduce, sk_win_of(m)->arg.accumulate.op);
}

static void check_onesided_reduce(sk_mctx *m, const sk_value *args)
{
  (void)args;
  check_accumulate(m, acc_reduce, sk_win_of(m)->arg.accumulate.op);
}

static void prepare_onesided_allreduce(sk_mctx *m, const sk_value *args)
{
  (void)args;
  prepare_accumulate(m, acc_allreduce, sk_win_of(m)->arg.accumulate.op);
}

static void check_onesided_allreduce(sk_mctx *m, const sk_value *args)
{
  (void)args;
  check_accumulate(m, acc_allreduce, sk_win_of(m)->arg.accumulate.op);
}

/* -- the derived datatype family: the window or buffer of 2*count ints, compared in
** packed form with the sender's datatype (the vector's gaps and the rest stay zeros) -- */
static void datatype_check(sk_mctx *m, enum dt_shape shape, int use_get)
{
  sk_win_state *s = sk_win_of(m);
  sk_datatype vector;
  const sk_datatype *r_dt = sk_mpi_int_type(), *s_dt = sk_mpi_int_type();
  long r_count = s->count, s_count = s->count;
  const char *buf = use_get ? m->recv_buf : s->memory;
  size_t used;
  if (m->rank != (use_get ? 0 : 1)) return;
  vector.name = "vector(count, 1, 2, MPI_INT)";
  vector.size = sizeof(int) * (size_t)s->count;
  vector.extent = s->count > 0 ? sizeof(int) * (size_t)(2 * s->count - 1) : 0;
  vector.mpi = s->derived;
  if (shape == SHAPE_VECTOR || shape == SHAPE_MIXED) { r_dt = &vector; r_count = 1; }
  if (shape == SHAPE_VECTOR) { s_dt = &vector; s_count = 1; }
  used = sk_mpi_bytes(r_count, r_dt);
  if (sk_mpi_verify_block(m, use_get ? "receive buffer after the epoch" : "window after the epoch", buf, r_count,
                          r_dt, s_count, s_dt, use_get ? 1 : 0, 0))
    sk_win_verify_zeros(m, "after the datatype's data (nothing was to arrive there)", buf + used, s->block - used);
}

static void check_Datatype_int(sk_mctx *m, const sk_value *args)
{
  (void)args;
  datatype_check(m, SHAPE_INT, 0);
}

static void check_Datatype_simple(sk_mctx *m, const sk_value *args)
{
  (void)args;
  datatype_check(m, SHAPE_CONTIGUOUS, 0);
}

static void check_Datatype_simple_Get(sk_mctx *m, const sk_value *args)
{
  (void)args;
  datatype_check(m, SHAPE_CONTIGUOUS, 1);
}

static void check_Datatype_complex_once(sk_mctx *m, const sk_value *args)
{
  (void)args;
  datatype_check(m, SHAPE_VECTOR, 0);
}

static void check_Datatype_complex_everytime(sk_mctx *m, const sk_value *args)
{
  (void)args;
  datatype_check(m, SHAPE_VECTOR, 0);
}

static void check_Datatype_complex_mixed_once(sk_mctx *m, const sk_value *args)
{
  (void)args;
  datatype_check(m, SHAPE_MIXED, 0);
}

static void check_Datatype_complex_mixed_everytime(sk_mctx *m, const sk_value *args)
{
  (void)args;
  datatype_check(m, SHAPE_MIXED, 0);
}

static void check_Datatype_complex_Get(sk_mctx *m, const sk_value *args)
{
  (void)args;
  datatype_check(m, SHAPE_VECTOR, 1);
}

#endif /* SKAMPI_MPI && SK_MPI_LEVEL >= 2 */

static const sk_measurement mpi_win_transfer_table[] = {
  SK_ROW_MPI2("MPI_Put_Pingpong", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Put_Pingpong, init_MPI_Put_Pingpong, sk_win_finalize,
              sk_win_prepare_put, check_put_pair, NULL),
  SK_ROW_MPI2("Pingpong_Put_Put", "count:i datatype:t info:n iterations:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Pingpong_Put_Put, init_Pingpong_Put_Put, sk_win_finalize,
              sk_win_prepare_put, check_put_pingpong, NULL),
  SK_ROW_MPI2("onesided_dummy", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 1, 0,
              measure_onesided_dummy, init_onesided_dummy, sk_win_finalize,
              NULL, NULL, "an empty synchronised measurement"),
  SK_ROW_MPI2("MPI_Put_fence_bidirectional", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Put_fence_bidirectional, init_MPI_Put_fence_bidirectional, sk_win_finalize,
              sk_win_prepare_put, check_put_pair, NULL),
  SK_ROW_MPI2("MPI_Put_callduration", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Put_callduration, init_MPI_Put_callduration, sk_win_finalize,
              sk_win_prepare_put, check_put_to_1, NULL),
  SK_ROW_MPI2("MPI_Put_dedicated", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Put_dedicated, init_MPI_Put_dedicated, sk_win_finalize,
              sk_win_prepare_put, check_put_to_1, NULL),
  SK_ROW_MPI2("MPI_Put_passive", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Put_passive, init_MPI_Put_passive, sk_win_finalize,
              sk_win_prepare_put, check_put_to_1_passive, NULL),
  SK_ROW_MPI2("MPI_Put_passive_concurrent", "count:i datatype:t info:n lock_type:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Put_passive_concurrent, init_MPI_Put_passive_concurrent, sk_win_finalize,
              sk_win_prepare_put, check_put_concurrent, NULL),
  SK_ROW_MPI2("MPI_Put_fence", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Put_fence, init_MPI_Put_fence, sk_win_finalize, sk_win_prepare_put, check_put_to_1, NULL),
  SK_ROW_MPI2("MPI_Put_activewait_get", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Put_activewait_get, init_MPI_Put_activewait_get, sk_win_finalize,
              sk_win_prepare_put, check_put_activewait_get, NULL),
  SK_ROW_MPI2("MPI_Put_activewait_twosided", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Put_activewait_twosided, init_MPI_Put_activewait_twosided, sk_win_finalize,
              sk_win_prepare_put, check_put_to_1_passive, NULL),
  SK_ROW_MPI2("MPI_Put_activewait_twosided_sleep", "count:i info:n delay_us:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Put_activewait_twosided_sleep, init_MPI_Put_activewait_twosided_sleep, sk_win_finalize,
              sk_win_prepare_put, check_put_to_1_passive, NULL),
  SK_ROW_MPI2("MPI_Get_Pingpong", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Get_Pingpong, init_MPI_Get_Pingpong, sk_win_finalize,
              sk_win_prepare_get, check_get_pair, NULL),
  SK_ROW_MPI2("MPI_Get_callduration", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Get_callduration, init_MPI_Get_callduration, sk_win_finalize,
              sk_win_prepare_get, check_get_from_1, NULL),
  SK_ROW_MPI2("MPI_Get_dedicated", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Get_dedicated, init_MPI_Get_dedicated, sk_win_finalize,
              sk_win_prepare_get, check_get_from_1, NULL),
  SK_ROW_MPI2("MPI_Get_passive", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Get_passive, init_MPI_Get_passive, sk_win_finalize,
              sk_win_prepare_get, check_get_from_1, NULL),
  SK_ROW_MPI2("MPI_Get_fence", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Get_fence, init_MPI_Get_fence, sk_win_finalize, sk_win_prepare_get, check_get_from_1, NULL),
  SK_ROW_MPI2("MPI_Get_activewait", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Get_activewait, init_MPI_Get_activewait, sk_win_finalize,
              sk_win_prepare_get, check_get_from_1, NULL),
  SK_ROW_MPI2("MPI_Get_activewait_sleep", "count:i info:n delay_us:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Get_activewait_sleep, init_MPI_Get_activewait_sleep, sk_win_finalize,
              sk_win_prepare_get, check_get_from_1, NULL),
  SK_ROW_MPI2("MPI_Accumulate", "count:i datatype:t info:n operation:o", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Accumulate, init_MPI_Accumulate, sk_win_finalize,
              prepare_MPI_Accumulate, check_MPI_Accumulate, NULL),
  SK_ROW_MPI2("MPI_Accumulate_activewait_twosided", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Accumulate_activewait_twosided, init_MPI_Accumulate_activewait_twosided, sk_win_finalize,
              prepare_MPI_Accumulate_activewait_twosided, check_MPI_Accumulate_activewait_twosided, NULL),
  SK_ROW_MPI2("MPI_Accumulate_concurrent", "count:i datatype:t info:n operation:o disjoint:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Accumulate_concurrent, init_MPI_Accumulate_concurrent, sk_win_finalize,
              prepare_MPI_Accumulate_concurrent, check_MPI_Accumulate_concurrent, NULL),
  SK_ROW_MPI2("Caching", "count:i datatype:t info:n delay_us:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Caching, init_Caching, sk_win_finalize, sk_win_prepare_get, check_get_from_1, NULL),
  SK_ROW_MPI2("Combining_fence", "count:i datatype:t info:n msg_count:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Combining_fence, init_Combining_fence, sk_win_finalize,
              sk_win_prepare_put, check_put_to_1, NULL),
  SK_ROW_MPI2("Combining_dedicated", "count:i datatype:t info:n msg_count:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Combining_dedicated, init_Combining_dedicated, sk_win_finalize,
              sk_win_prepare_put, check_put_to_1, NULL),
  SK_ROW_MPI2("Datatype_complex_everytime", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Datatype_complex_everytime, init_Datatype_complex_everytime, sk_win_finalize,
              sk_win_prepare_put, check_Datatype_complex_everytime, NULL),
  SK_ROW_MPI2("Datatype_complex_once", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Datatype_complex_once, init_Datatype_complex_once, sk_win_finalize,
              sk_win_prepare_put, check_Datatype_complex_once, NULL),
  SK_ROW_MPI2("Datatype_complex_mixed_everytime", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Datatype_complex_mixed_everytime, init_Datatype_complex_mixed_everytime, sk_win_finalize,
              sk_win_prepare_put, check_Datatype_complex_mixed_everytime, NULL),
  SK_ROW_MPI2("Datatype_complex_mixed_once", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Datatype_complex_mixed_once, init_Datatype_complex_mixed_once, sk_win_finalize,
              sk_win_prepare_put, check_Datatype_complex_mixed_once, NULL),
  SK_ROW_MPI2("Datatype_complex_Get", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Datatype_complex_Get, init_Datatype_complex_Get, sk_win_finalize,
              sk_win_prepare_get, check_Datatype_complex_Get, NULL),
  SK_ROW_MPI2("Datatype_int", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Datatype_int, init_Datatype_int, sk_win_finalize, sk_win_prepare_put, check_Datatype_int, NULL),
  SK_ROW_MPI2("Datatype_simple", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Datatype_simple, init_Datatype_simple, sk_win_finalize,
              sk_win_prepare_put, check_Datatype_simple, NULL),
  SK_ROW_MPI2("Datatype_simple_Get", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Datatype_simple_Get, init_Datatype_simple_Get, sk_win_finalize,
              sk_win_prepare_get, check_Datatype_simple_Get, NULL),
  SK_ROW_MPI2("MPI_Put_Shift", "count:i datatype:t info:n distance:i", SK_PATTERN_COLLECTIVE, 1, 0,
              measure_MPI_Put_Shift, init_MPI_Put_Shift, sk_win_finalize, sk_win_prepare_put, check_put_shift, NULL),
  SK_ROW_MPI2("MPI_Put_Exchange", "count:i datatype:t info:n msg_count:i", SK_PATTERN_COLLECTIVE, 1, 0,
              measure_MPI_Put_Exchange, init_MPI_Put_Exchange, sk_win_finalize,
              sk_win_prepare_put, check_put_exchange, NULL),
  SK_ROW_MPI2("MPI_Put_Exchange_passive", "count:i datatype:t info:n msg_count:i", SK_PATTERN_COLLECTIVE, 1, 0,
              measure_MPI_Put_Exchange_passive, init_MPI_Put_Exchange_passive, sk_win_finalize,
              sk_win_prepare_put, check_put_exchange_passive, NULL),
  SK_ROW_MPI2("MPI_Accumulate_concurrent_multi", "count:i datatype:t info:n msg_count:i operator:o disjoint:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Accumulate_concurrent_multi, init_MPI_Accumulate_concurrent_multi, sk_win_finalize,
              prepare_MPI_Accumulate_concurrent_multi, check_MPI_Accumulate_concurrent_multi, NULL),
  SK_ROW_MPI2("onesided_bcast", "count:i datatype:t info:n bcast_count:i", SK_PATTERN_COLLECTIVE, 1, 0,
              measure_onesided_bcast, init_onesided_bcast, sk_win_finalize,
              sk_win_prepare_put, check_onesided_bcast, NULL),
  SK_ROW_MPI2("onesided_alltoall", "count:i datatype:t info:n alltoall_count:i", SK_PATTERN_COLLECTIVE, 1, 0,
              measure_onesided_alltoall, init_onesided_alltoall, sk_win_finalize,
              sk_win_prepare_put, check_onesided_alltoall, NULL),
  SK_ROW_MPI2("onesided_reduce", "count:i datatype:t info:n op:o", SK_PATTERN_COLLECTIVE, 1, 0,
              measure_onesided_reduce, init_onesided_reduce, sk_win_finalize,
              prepare_onesided_reduce, check_onesided_reduce, NULL),
  SK_ROW_MPI2("onesided_allreduce", "count:i datatype:t info:n op:o", SK_PATTERN_COLLECTIVE, 1, 0,
              measure_onesided_allreduce, init_onesided_allreduce, sk_win_finalize,
              prepare_onesided_allreduce, check_onesided_allreduce, NULL),
  SK_ROW_MPI2("onesided_borderexchange", "count:i info:n iteration_count:i compute:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_onesided_borderexchange, init_onesided_borderexchange, sk_win_finalize,
              sk_win_prepare_put, check_borderexchange, NULL),
  SK_ROW_MPI2("onesided_borderexchange_fence", "count:i info:n iteration_count:i compute:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_onesided_borderexchange_fence, init_onesided_borderexchange_fence, sk_win_finalize,
              sk_win_prepare_put, check_borderexchange, NULL),
  SK_ROW_ALIAS("Put_fence_bidirectional", "MPI_Put_fence_bidirectional"),
  SK_ROW_ALIAS("Put_dedicated", "MPI_Put_dedicated"),
  SK_ROW_ALIAS("Put_passive", "MPI_Put_passive"),
  SK_ROW_ALIAS("Put_passive_concurrent", "MPI_Put_passive_concurrent"),
  SK_ROW_ALIAS("Put_fence", "MPI_Put_fence"),
  SK_ROW_ALIAS("Put_activewait_get", "MPI_Put_activewait_get"),
  SK_ROW_ALIAS("Put_activewait_twosided", "MPI_Put_activewait_twosided"),
  SK_ROW_ALIAS("Put_activewait_twosided_sleep", "MPI_Put_activewait_twosided_sleep"),
  SK_ROW_ALIAS("Get_Pingpong", "MPI_Get_Pingpong"),
  SK_ROW_ALIAS("Get_callduration", "MPI_Get_callduration"),
  SK_ROW_ALIAS("Get_dedicated", "MPI_Get_dedicated"),
  SK_ROW_ALIAS("Get_passive", "MPI_Get_passive"),
  SK_ROW_ALIAS("Get_fence", "MPI_Get_fence"),
  SK_ROW_ALIAS("Get_activewait", "MPI_Get_activewait"),
  SK_ROW_ALIAS("Get_activewait_sleep", "MPI_Get_activewait_sleep"),
  SK_ROW_ALIAS("Accumulate", "MPI_Accumulate"),
  SK_ROW_ALIAS("Accumulate_activewait_twosided", "MPI_Accumulate_activewait_twosided"),
  SK_ROW_ALIAS("Accumulate_concurrent", "MPI_Accumulate_concurrent"),
  SK_ROW_ALIAS("Put_Shift", "MPI_Put_Shift"),
  SK_ROW_ALIAS("Put_Exchange", "MPI_Put_Exchange"),
  SK_ROW_ALIAS("Put_Exchange_passive", "MPI_Put_Exchange_passive"),
  SK_ROW_ALIAS("Accumulate_concurrent_multi", "MPI_Accumulate_concurrent_multi"),
  SK_ROW_ALIAS("Put", "MPI_Put_callduration"),
  SK_ROW_ALIAS("Combining_Put_fence", "Combining_fence"),
  SK_ROW_ALIAS("Combining_Put_dedicated", "Combining_dedicated"),
#ifdef SKAMPI_TESTING
  SK_ROW_MPI2("Verify_Corrupt_Win_Test", "count:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Verify_Corrupt_Win_Test, init_Verify_Corrupt_Win_Test, sk_win_finalize,
              sk_win_prepare_put, check_put_to_1, NULL),
#endif
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_win_transfer(void) { return mpi_win_transfer_table; }
