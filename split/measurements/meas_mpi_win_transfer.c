/*
** meas_mpi_win_transfer.c -- one-sided communication, the transfers between processes
** (SKaMPI 5 manual §3.3): the MPI_Put, MPI_Get and MPI_Accumulate families (pairwise,
** concurrent, passive target with active waiting of the target, derived datatypes,
** many-to-many patterns) and what their verification leaves in windows and buffers.
** The window state, its setup and the synchronisation helpers come from
** meas_mpi_win_sync.c (meas_mpi.h). The functions read their arguments by name (m->arg);
** rows that differ only in direction or pattern share one function per role and tell
** themselves apart by their VARIANT. They need MPI-2 (SK_MPI_LEVEL >= 2); the rows exist
** in every build. Rules: doc/internals.md, "One-sided modules".
*/
#include "meas_mpi.h"
#include "verify.h"

/* The VARIANTs of the rows (in every build: the table names them). */
/* The pairwise rows: rank 0 puts to or gets from rank 1. */
enum win_direction { WIN_PUT, WIN_GET };
/* The PSCW epochs between ranks 0 and 1 alone. */
enum dedicated_variant { DEDICATED_PUT, DEDICATED_GET, DEDICATED_COMBINING };
/* The passive-target epochs of rank 0 on rank 1 that rank 1 waits for actively. */
enum activewait_variant { AW_PUT, AW_ACCUMULATE, AW_GET, AW_PUT_READ_BACK };
/* MPI_Accumulate_concurrent (one message each) and _multi (msg_count each). */
enum acc_concurrent_variant { ACC_CONCURRENT_ONE, ACC_CONCURRENT_MULTI };
/* MPI_Put_Exchange in a fence epoch or with a shared lock per target. */
enum exchange_variant { EXCHANGE_FENCE, EXCHANGE_PASSIVE };
/* The derived datatype rows (datatype_variants). */
enum datatype_variant_id {
  DT_INT, DT_SIMPLE, DT_SIMPLE_GET, DT_COMPLEX_ONCE, DT_COMPLEX_EVERYTIME, DT_COMPLEX_MIXED_ONCE,
  DT_COMPLEX_MIXED_EVERYTIME, DT_COMPLEX_GET
};

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2

#define NOTICE_TAG 3
#define ACTIVEWAIT_GIVE_UP 60.0   /* seconds */

/* One transfer of rank `m->rank`'s block: a get into local slot 0 or a put. */
static void transfer_block(const sk_mctx *m, const sk_win_state *s, int target, int direction)
{
  if (direction == WIN_GET) sk_win_get_block(m, s, target, 0, 0);
  else sk_win_put_block(m, s, target, 0);
}

/* ---- pairwise: (count, dt, info), a window of one block (sk_win_init_one_block) ---- */

/* MPI_Put_Pingpong / MPI_Get_Pingpong: rank 0 transfers to (from) rank 1, fence, rank 1
** to (from) rank 0, fence: a round trip made of two fence epochs. */
static double measure_pingpong_fenced(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start = sk_sync_start(m);
  (void)args;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0) transfer_block(m, s, 1, m->variant);
  MPI_Win_fence(0, s->win);
  if (m->rank == 1) transfer_block(m, s, 0, m->variant);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* Pingpong_Put_Put(count, dt, info, iterations), the original SKaMPI's form of
** MPI_Put_Pingpong: `iterations` fenced round trips (rank 0 puts to rank 1, fence, rank 1
** puts to rank 0, fence) in one timing, divided by iterations; -1 for iterations < 0,
** 0 for none. */
static double measure_Pingpong_Put_Put(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  long i, n = m->arg.iterations;
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
static double transfer_fenced(sk_mctx *m, int direction)
{
  sk_win_state *s = sk_win_of(m);
  double start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0) transfer_block(m, s, 1, direction);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

static double measure_transfer_fenced(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return transfer_fenced(m, m->variant);
}

#ifdef SKAMPI_TESTING
/* Test only: Verify_Corrupt_Win_Test(count) is MPI_Put_fence of count MPI_INTs, after
** which rank 1 damages the middle byte of its window, so that skampi -v must catch it
** (tests/mpi_catalogue). */
static double measure_Verify_Corrupt_Win_Test(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double t = transfer_fenced(m, WIN_PUT);
  (void)args;
  if (m->rank == 1 && s->block > 0) s->memory[s->block / 2] ^= 0x10;
  return t;
}
#endif

/* MPI_Put_callduration / MPI_Get_callduration: the duration of the MPI_Put (MPI_Get)
** call of rank 0 inside a fence epoch. */
static double measure_transfer_call(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start, result = -1.0;
  (void)args;
  sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0) {
    start = MPI_Wtime();
    transfer_block(m, s, 1, m->variant);
    result = MPI_Wtime() - start;
  }
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  sk_sync_stop(m);
  return result;
}

/* MPI_Put_passive / MPI_Get_passive: rank 0 locks rank 1's window (exclusive for the
** put, shared for the get), transfers, unlocks; timed on rank 0. */
static double measure_transfer_passive(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start, result = -1.0;
  (void)args;
  sk_sync_start(m);
  if (m->rank == 0) {
    start = MPI_Wtime();
    MPI_Win_lock(m->variant == WIN_GET ? MPI_LOCK_SHARED : MPI_LOCK_EXCLUSIVE, 1, 0, s->win);
    transfer_block(m, s, 1, m->variant);
    MPI_Win_unlock(1, s->win);
    result = MPI_Wtime() - start;
  }
  sk_sync_stop(m);
  return result;
}

/* The "dedicated" rows: a PSCW epoch between rank 0 (origin) and rank 1 (target) only,
** timed whole on both: MPI_Put_dedicated(count, dt, info), MPI_Get_dedicated(count, dt,
** info), Combining_dedicated(count, dt, info, msg_cnt): msg_cnt puts. */
static long dedicated_messages(const sk_mctx *m)
{
  return m->variant == DEDICATED_COMBINING ? m->arg.msg_count : 1;
}

static void init_dedicated(sk_mctx *m, const sk_value *args)
{
  long msg_cnt = dedicated_messages(m);
  sk_win_state *s = sk_win_simple(m, msg_cnt);
  (void)args;
  if (s == NULL) return;
  m->recv_usage = s->block * (size_t)msg_cnt;
  sk_win_groups(m, s, 1);
}

static double measure_dedicated(sk_mctx *m, const sk_value *args)
{
  sk_pscw_plan p;
  (void)args;
  sk_pscw_plan_init(&p, PSCW_WHOLE, 0, 0);
  p.op = m->variant == DEDICATED_GET ? PSCW_GET : PSCW_PUT;
  p.msg_cnt = dedicated_messages(m);
  return sk_pscw_run(m, &p);
}

/* MPI_Put_passive_concurrent(count, dt, info, lock_type): every rank but 0 locks rank
** 0's window with lock_type, puts into its own slot, unlocks; each times its epoch. */
static void init_MPI_Put_passive_concurrent(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_lock_type(m, m->name, m->arg.lock_type);
  sk_win_simple(m, m->size);
}

static double measure_MPI_Put_passive_concurrent(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start, result = -1.0;
  (void)args;
  sk_sync_start(m);
  if (m->rank != 0) {
    start = MPI_Wtime();
    MPI_Win_lock(sk_win_lock_type_of(m->arg.lock_type), 0, 0, s->win);
    sk_win_put_block(m, s, 0, m->rank);
    MPI_Win_unlock(0, s->win);
    result = MPI_Wtime() - start;
  }
  sk_sync_stop(m);
  return result;
}

/* ---- accumulate ---- */

/* The row's operator: MPI_Accumulate_concurrent_multi names it `operator`, the others
** `operation`; MPI_Accumulate_activewait_twosided has none (NULL: it sums). */
static const sk_opdef *accumulate_op(const sk_mctx *m)
{
  return m->arg.operation != NULL ? m->arg.operation : m->arg.operator_;
}

/* MPI_Accumulate(count, dt, info, op): one fence epoch in which rank 0 accumulates into
** rank 1's window. */
static void init_MPI_Accumulate(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_mpi_check_op(m, m->name, accumulate_op(m), sk_win_datatype(m), 1);
  sk_win_simple(m, 1);
}

static double measure_MPI_Accumulate(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start = sk_sync_start(m);
  (void)args;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0) sk_win_accumulate_block(m, s, 1, 0, accumulate_op(m)->mpi);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* MPI_Accumulate_concurrent(count, dt, info, op, disjoint) and
** MPI_Accumulate_concurrent_multi(count, dt, info, msg_cnt, op, disjoint): in one fence
** epoch every rank but 0 accumulates msg_cnt messages (1 without msg_cnt) into rank 0's
** window -- all into the same msg_cnt slots, or, if disjoint, each into slots of its own. */
static long acc_concurrent_messages(const sk_mctx *m)
{
  return m->variant == ACC_CONCURRENT_MULTI ? m->arg.msg_count : 1;
}

static void init_accumulate_concurrent(sk_mctx *m, const sk_value *args)
{
  long msg_cnt = acc_concurrent_messages(m);
  (void)args;
  sk_mpi_check_count(m, m->name, "msg_cnt", msg_cnt);
  if (!m->failed && msg_cnt > INT_MAX / m->size) sk_meas_fail(m, "accumulate: msg_cnt is too large");
  sk_mpi_check_op(m, m->name, accumulate_op(m), sk_win_datatype(m), 1);
  sk_win_simple(m, msg_cnt * m->size);
}

static double measure_accumulate_concurrent(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  long k, msg_cnt = acc_concurrent_messages(m);
  double start = sk_sync_start(m);
  (void)args;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank != 0)
    for (k = 0; k < msg_cnt; k++)
      sk_win_accumulate_block(m, s, 0, m->arg.disjoint ? m->rank * msg_cnt + k : k, accumulate_op(m)->mpi);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* ---- caching and combining ---- */

/* Caching(count, dt, info, delay_us): rank 0 reads the same data of rank 1 twice with
** passive target (shared lock, MPI_Get, unlock), delay_us apart; the second access is
** timed -- cheaper than the first if the library caches the remote window. */
static void init_Caching(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_mpi_check_count(m, m->name, "delay_us", m->arg.delay_us);
  sk_win_simple(m, 1);
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
    sk_mpi_busy_wait((double)m->arg.delay_us);
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
  (void)args;
  sk_win_simple(m, m->arg.msg_count);
}

static double measure_Combining_fence(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  long k;
  double start = sk_sync_start(m);
  (void)args;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0)
    for (k = 0; k < m->arg.msg_count; k++) sk_win_put_block(m, s, 1, k);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* ---- passive target with active waiting of the target (MPI_INT messages) ---- */

/* The activewait rows (count, info[, delay_us]): a window of count MPI_INTs; the _sleep
** rows check their delay_us first (the others have 0 there). MPI_Put_activewait_get
** needs a count of at least 1: its last int carries the number of the measurement. */
static void init_activewait(sk_mctx *m, const sk_value *args)
{
  long min_count = m->variant == AW_PUT_READ_BACK ? 1 : 0;
  char msg[200];
  (void)args;
  sk_mpi_check_count(m, m->name, "delay_us", m->arg.delay_us);
  if (!m->failed && m->arg.count < min_count) {
    sprintf(msg, "%.60s: count %ld must be at least %ld", m->name, m->arg.count, min_count);
    sk_meas_fail(m, msg);
  }
  sk_win_simple(m, 1);
}

/* MPI_Put_activewait_get(count, info), as the original SKaMPI's Put_activewait_get: rank 0
** puts count ints into rank 1's window with passive target (exclusive lock, put,
** unlock); the last int carries the number of the measurement. Then rank 0 waits
** actively for its own data by reading that int back from rank 1's window (shared lock,
** MPI_Get, unlock) until the number shows. Timed on rank 0 alone; rank 1 only takes part
** in the start and stop synchronisation. Rank 1 never locks its own window, so nothing
** competes with the origin's exclusive lock. (Gives up after 60 s and fails the
** measurement with a message rather than hanging if the data never shows.) */
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

/* The activewait rows with a two-sided notice: rank 0 does its passive-target epoch on
** rank 1 (put with an exclusive lock, accumulate MPI_SUM, or get with a shared lock) and
** then sends an empty notice; rank 1 first spends delay_us without MPI calls (the _sleep
** rows; 0 for the others), then waits for the notice -- with MPI_Recv, or (the Get rows)
** actively with an MPI_Iprobe loop. Both time their part. */
static double measure_activewait_notice(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  int flag = 0;
  double start, result = -1.0;
  (void)args;
  start = sk_sync_start(m);
  if (m->rank == 0) {
    MPI_Win_lock(m->variant == AW_GET ? MPI_LOCK_SHARED : MPI_LOCK_EXCLUSIVE, 1, 0, s->win);
    if (m->variant == AW_PUT) sk_win_put_block(m, s, 1, 0);
    else if (m->variant == AW_ACCUMULATE) sk_win_accumulate_block(m, s, 1, 0, MPI_SUM);
    else sk_win_get_block(m, s, 1, 0, 0);
    MPI_Win_unlock(1, s->win);
    result = MPI_Wtime() - start;
    MPI_Send(NULL, 0, MPI_INT, 1, NOTICE_TAG, comm);
  } else if (m->rank == 1) {
    sk_mpi_busy_wait((double)m->arg.delay_us);
    if (m->variant == AW_GET) do MPI_Iprobe(0, NOTICE_TAG, comm, &flag, &status); while (!flag);
    MPI_Recv(NULL, 0, MPI_INT, 0, NOTICE_TAG, comm, &status);
    result = MPI_Wtime() - start;
  }
  sk_sync_stop(m);
  return result;
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

typedef struct datatype_variant {
  enum dt_shape shape;
  int direction;              /* WIN_PUT or WIN_GET */
  int everytime;              /* the vector type is made inside every timed epoch */
} datatype_variant;

/* By the rows' VARIANT (enum datatype_variant_id). */
static const datatype_variant datatype_variants[] = {
  { SHAPE_INT, WIN_PUT, 0 }, { SHAPE_CONTIGUOUS, WIN_PUT, 0 }, { SHAPE_CONTIGUOUS, WIN_GET, 0 },
  { SHAPE_VECTOR, WIN_PUT, 0 }, { SHAPE_VECTOR, WIN_PUT, 1 }, { SHAPE_MIXED, WIN_PUT, 0 },
  { SHAPE_MIXED, WIN_PUT, 1 }, { SHAPE_VECTOR, WIN_GET, 0 }
};

static void make_vector(int count, MPI_Datatype *type)
{
  MPI_Type_vector(count, 1, 2, MPI_INT, type);
  MPI_Type_commit(type);
}

static void init_datatype(sk_mctx *m, const sk_value *args)
{
  enum dt_shape shape = datatype_variants[m->variant].shape;
  long count = m->arg.count;
  sk_win_state *s;
  (void)args;
  if (!m->failed && count > INT_MAX / 2) sk_meas_fail(m, "Datatype: count is too large");
  s = sk_win_setup(m, 2 * count, sk_mpi_int_type(), 1, 1);
  if (s == NULL) return;
  m->send_usage = m->recv_usage = s->block;
  m->reported_size = count * (long)sizeof(int);
  s->count = (int)count;
  if (shape == SHAPE_CONTIGUOUS) {
    MPI_Type_contiguous(s->count, MPI_INT, &s->derived);
    MPI_Type_commit(&s->derived);
  } else if (shape == SHAPE_VECTOR || shape == SHAPE_MIXED) {
    make_vector(s->count, &s->derived);
  }
}

/* One epoch; `everytime` makes the vector type inside the timing. */
static double measure_datatype(sk_mctx *m, const sk_value *args)
{
  const datatype_variant *v = &datatype_variants[m->variant];
  sk_win_state *s = sk_win_of(m);
  MPI_Datatype type = s->derived;
  double start = sk_sync_start(m);
  (void)args;
  if (v->everytime && m->rank == 0) make_vector(s->count, &type);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0) {
    if (v->shape == SHAPE_INT)
      MPI_Put(m->send_buf, s->count, MPI_INT, 1, 0, s->count, MPI_INT, s->win);
    else if (v->shape == SHAPE_MIXED)
      MPI_Put(m->send_buf, s->count, MPI_INT, 1, 0, 1, type, s->win);
    else if (v->direction == WIN_GET)
      MPI_Get(m->recv_buf, 1, type, 1, 0, 1, type, s->win);
    else
      MPI_Put(m->send_buf, 1, type, 1, 0, 1, type, s->win);
  }
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  if (v->everytime && m->rank == 0) MPI_Type_free(&type);
  return sk_sync_stop(m) - start;
}

/* ---- many-to-many patterns ---- */

/* MPI_Put_Shift(count, dt, info, distance): in one fence epoch every process puts to
** rank (rank + distance) mod size (distance may be negative). */
static double measure_MPI_Put_Shift(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  int target = (int)(((m->rank + m->arg.distance) % m->size + m->size) % m->size);
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
static void init_put_exchange(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_mpi_check_count(m, m->name, "msg_cnt", m->arg.msg_count);
  if (!m->failed && m->arg.msg_count > INT_MAX / m->size) sk_meas_fail(m, "MPI_Put_Exchange: msg_cnt is too large");
  sk_win_simple(m, m->arg.msg_count * m->size);
}

static double measure_put_exchange(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  int j, passive = m->variant == EXCHANGE_PASSIVE;
  long k, msg_cnt = m->arg.msg_count;
  double start = sk_sync_start(m);
  (void)args;
  if (!passive) MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  for (j = 0; j < m->size; j++) {
    if (j == m->rank) continue;
    if (passive) MPI_Win_lock(MPI_LOCK_SHARED, j, 0, s->win);
    for (k = 0; k < msg_cnt; k++) sk_win_put_block(m, s, j, m->rank * msg_cnt + k);
    if (passive) MPI_Win_unlock(j, s->win);
  }
  if (!passive) MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* ---- verification (verify.h): window and buffer contents after the epoch ----
** Puts: the windows start as zeros (sk_win_prepare_put), every slot must then hold the
** block of the rank that put there, the others zeros. Gets: every window holds its
** owner's pattern (sk_win_prepare_get), the receive buffer must then hold the target's
** block. Accumulates: the locally recomputed result of the operator over the window's
** start value and every contribution (sk_win_prepare_accumulate). */

static long at_0_from_1(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  *offset = s->block * (size_t)slot;
  return m->rank == 0 ? 1 : -1;
}

/* Ranks 0 and 1 transferred to (from) each other (Pingpong_Put_Put: if it ran). */
static long pair_exchanged(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)s;
  (void)offset;
  return m->rank < 2 && slot == 0 ? 1 - m->rank : -1;
}

static long pair_pingponged(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  return m->arg.iterations > 0 ? pair_exchanged(m, s, slot, offset) : -1;
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
  (void)s;
  (void)slot;
  (void)offset;
  return ((m->rank - m->arg.distance) % m->size + m->size) % m->size;
}

/* MPI_Put_Exchange: rank r put msg_cnt blocks into slots r*msg_cnt.. of every other rank. */
static long exchanged(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  long from = slot / m->arg.msg_count;
  (void)s;
  (void)offset;
  return from != m->rank ? from : -1;
}

static void check_put_to_1_passive(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window_passive(m, sk_win_from_0_at_1);
}

static void check_get_from_1(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_received(m, at_0_from_1);
}

/* MPI_Put_Pingpong, MPI_Get_Pingpong, MPI_Put_fence_bidirectional: VARIANT is the
** direction (a put's blocks are in the window, a get's in the receive buffer). */
static void check_pair(sk_mctx *m, const sk_value *args)
{
  (void)args;
  if (m->variant == WIN_GET) sk_win_check_received(m, pair_exchanged);
  else sk_win_check_window(m, pair_exchanged);
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
  if (m->variant == EXCHANGE_PASSIVE) sk_win_check_window_passive(m, exchanged);
  else sk_win_check_window(m, exchanged);
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

/* -- accumulate: the plans (sk_win_acc_plan) and what the prepares and checks share --
** The window slot starts with the operands (sk_mpi_verify_fill_operands) of the virtual
** rank *start, every contributor r accumulates its own operands, so that start and the
** contributors are exactly the ranks lo..hi and the result is the operator over lo..hi
** (the predefined operators are commutative). MPI_REPLACE: every contributor puts the
** pattern of rank 0 into a zeroed slot, which must then hold that pattern. */

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
static int acc_concurrent(sk_mctx *m, const sk_win_state *s, long slot, int *start, int *lo, int *hi)
{
  long msg_cnt = acc_concurrent_messages(m), r;
  (void)s;
  if (msg_cnt <= 0) msg_cnt = 1;
  r = slot / msg_cnt;
  if (m->rank != 0) return 0;
  if (m->arg.disjoint) {
    *start = *lo = (int)r - 1;
    *hi = (int)r;
    return r >= 1;
  }
  *start = *lo = 0;
  *hi = m->size - 1;
  return slot < msg_cnt;
}

static sk_opdef acc_sum;

/* The operator `op` of the row, MPI_SUM for none. */
static const sk_opdef *acc_op(const sk_opdef *op)
{
  if (op != NULL) return op;
  acc_sum.name = "MPI_SUM";
  acc_sum.mpi = MPI_SUM;
  return &acc_sum;
}

static long acc_slots(const sk_win_state *s) { return s->block > 0 ? (long)((size_t)s->memory_size / s->block) : 0; }

SK_API void sk_win_prepare_accumulate(sk_mctx *m, sk_win_acc_plan plan, const sk_opdef *row_op)
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

SK_API void sk_win_check_accumulate(sk_mctx *m, sk_win_acc_plan plan, const sk_opdef *row_op)
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

/* MPI_Accumulate and MPI_Accumulate_activewait_twosided (passive: settled first). */
static void prepare_acc_0_to_1(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_prepare_accumulate(m, acc_0_to_1, accumulate_op(m));
}

static void check_acc_0_to_1(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_accumulate(m, acc_0_to_1, accumulate_op(m));
}

static void check_acc_0_to_1_passive(sk_mctx *m, const sk_value *args)
{
  sk_win_settle(m);
  check_acc_0_to_1(m, args);
}

static void prepare_acc_concurrent(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_prepare_accumulate(m, acc_concurrent, accumulate_op(m));
}

static void check_acc_concurrent(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_accumulate(m, acc_concurrent, accumulate_op(m));
}

/* -- the derived datatype rows: the window or buffer of 2*count ints, compared in
** packed form with the sender's datatype (the vector's gaps and the rest stay zeros) -- */
static void check_datatype(sk_mctx *m, const sk_value *args)
{
  const datatype_variant *v = &datatype_variants[m->variant];
  int use_get = v->direction == WIN_GET;
  sk_win_state *s = sk_win_of(m);
  sk_datatype vector;
  const sk_datatype *r_dt = sk_mpi_int_type(), *s_dt = sk_mpi_int_type();
  long r_count = s->count, s_count = s->count;
  const char *buf = use_get ? m->recv_buf : s->memory;
  size_t used;
  (void)args;
  if (m->rank != (use_get ? 0 : 1)) return;
  vector.name = "vector(count, 1, 2, MPI_INT)";
  vector.size = sizeof(int) * (size_t)s->count;
  vector.extent = s->count > 0 ? sizeof(int) * (size_t)(2 * s->count - 1) : 0;
  vector.mpi = s->derived;
  if (v->shape == SHAPE_VECTOR || v->shape == SHAPE_MIXED) { r_dt = &vector; r_count = 1; }
  if (v->shape == SHAPE_VECTOR) { s_dt = &vector; s_count = 1; }
  used = sk_mpi_bytes(r_count, r_dt);
  if (sk_mpi_verify_block(m, use_get ? "receive buffer after the epoch" : "window after the epoch", buf, r_count,
                          r_dt, s_count, s_dt, use_get ? 1 : 0, 0))
    sk_win_verify_zeros(m, "after the datatype's data (nothing was to arrive there)", buf + used, s->block - used);
}

#endif /* SKAMPI_MPI && SK_MPI_LEVEL >= 2 */


static const sk_measurement mpi_win_transfer_table[] = {
  SK_ROW_MPI2("MPI_Put_Pingpong", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, WIN_PUT,
              measure_pingpong_fenced, sk_win_init_one_block, sk_win_finalize, sk_win_prepare_put, check_pair, NULL),
  SK_ROW_MPI2("Pingpong_Put_Put", "count:i datatype:t info:n iterations:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Pingpong_Put_Put, sk_win_init_one_block, sk_win_finalize, sk_win_prepare_put, check_put_pingpong, NULL),
  SK_ROW_MPI2("onesided_dummy", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 1, 0,
              measure_onesided_dummy, sk_win_init_one_block, sk_win_finalize, NULL, NULL, "an empty synchronised measurement"),
  SK_ROW_MPI2("MPI_Put_fence_bidirectional", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, WIN_PUT,
              measure_MPI_Put_fence_bidirectional, sk_win_init_one_block, sk_win_finalize, sk_win_prepare_put, check_pair, NULL),
  SK_ROW_MPI2("MPI_Put_callduration", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, WIN_PUT,
              measure_transfer_call, sk_win_init_one_block, sk_win_finalize, sk_win_prepare_put, sk_win_check_put_to_1, NULL),
  SK_ROW_MPI2("MPI_Put_dedicated", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, DEDICATED_PUT,
              measure_dedicated, init_dedicated, sk_win_finalize, sk_win_prepare_put, sk_win_check_put_to_1, NULL),
  SK_ROW_MPI2("MPI_Put_passive", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, WIN_PUT,
              measure_transfer_passive, sk_win_init_one_block, sk_win_finalize, sk_win_prepare_put, check_put_to_1_passive, NULL),
  SK_ROW_MPI2("MPI_Put_passive_concurrent", "count:i datatype:t info:n lock_type:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Put_passive_concurrent, init_MPI_Put_passive_concurrent, sk_win_finalize, sk_win_prepare_put, check_put_concurrent, NULL),
  SK_ROW_MPI2("MPI_Put_fence", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, WIN_PUT,
              measure_transfer_fenced, sk_win_init_one_block, sk_win_finalize, sk_win_prepare_put, sk_win_check_put_to_1, NULL),
  SK_ROW_MPI2("MPI_Put_activewait_get", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, AW_PUT_READ_BACK,
              measure_MPI_Put_activewait_get, init_activewait, sk_win_finalize, sk_win_prepare_put, check_put_activewait_get, NULL),
  SK_ROW_MPI2("MPI_Put_activewait_twosided", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, AW_PUT,
              measure_activewait_notice, init_activewait, sk_win_finalize, sk_win_prepare_put, check_put_to_1_passive, NULL),
  SK_ROW_MPI2("MPI_Put_activewait_twosided_sleep", "count:i info:n delay_us:i", SK_PATTERN_COLLECTIVE, 2, AW_PUT,
              measure_activewait_notice, init_activewait, sk_win_finalize, sk_win_prepare_put, check_put_to_1_passive, NULL),
  SK_ROW_MPI2("MPI_Get_Pingpong", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, WIN_GET,
              measure_pingpong_fenced, sk_win_init_one_block, sk_win_finalize, sk_win_prepare_get, check_pair, NULL),
  SK_ROW_MPI2("MPI_Get_callduration", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, WIN_GET,
              measure_transfer_call, sk_win_init_one_block, sk_win_finalize, sk_win_prepare_get, check_get_from_1, NULL),
  SK_ROW_MPI2("MPI_Get_dedicated", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, DEDICATED_GET,
              measure_dedicated, init_dedicated, sk_win_finalize, sk_win_prepare_get, check_get_from_1, NULL),
  SK_ROW_MPI2("MPI_Get_passive", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, WIN_GET,
              measure_transfer_passive, sk_win_init_one_block, sk_win_finalize, sk_win_prepare_get, check_get_from_1, NULL),
  SK_ROW_MPI2("MPI_Get_fence", "count:i datatype:t info:n", SK_PATTERN_COLLECTIVE, 2, WIN_GET,
              measure_transfer_fenced, sk_win_init_one_block, sk_win_finalize, sk_win_prepare_get, check_get_from_1, NULL),
  SK_ROW_MPI2("MPI_Get_activewait", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, AW_GET,
              measure_activewait_notice, init_activewait, sk_win_finalize, sk_win_prepare_get, check_get_from_1, NULL),
  SK_ROW_MPI2("MPI_Get_activewait_sleep", "count:i info:n delay_us:i", SK_PATTERN_COLLECTIVE, 2, AW_GET,
              measure_activewait_notice, init_activewait, sk_win_finalize, sk_win_prepare_get, check_get_from_1, NULL),
  SK_ROW_MPI2("MPI_Accumulate", "count:i datatype:t info:n operation:o", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_MPI_Accumulate, init_MPI_Accumulate, sk_win_finalize, prepare_acc_0_to_1, check_acc_0_to_1, NULL),
  SK_ROW_MPI2("MPI_Accumulate_activewait_twosided", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, AW_ACCUMULATE,
              measure_activewait_notice, init_activewait, sk_win_finalize, prepare_acc_0_to_1, check_acc_0_to_1_passive, NULL),
  SK_ROW_MPI2("MPI_Accumulate_concurrent", "count:i datatype:t info:n operation:o disjoint:i", SK_PATTERN_COLLECTIVE, 2, ACC_CONCURRENT_ONE,
              measure_accumulate_concurrent, init_accumulate_concurrent, sk_win_finalize, prepare_acc_concurrent, check_acc_concurrent, NULL),
  SK_ROW_MPI2("Caching", "count:i datatype:t info:n delay_us:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Caching, init_Caching, sk_win_finalize, sk_win_prepare_get, check_get_from_1, NULL),
  SK_ROW_MPI2("Combining_fence", "count:i datatype:t info:n msg_count:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Combining_fence, init_Combining_fence, sk_win_finalize, sk_win_prepare_put, sk_win_check_put_to_1, NULL),
  SK_ROW_MPI2("Combining_dedicated", "count:i datatype:t info:n msg_count:i", SK_PATTERN_COLLECTIVE, 2, DEDICATED_COMBINING,
              measure_dedicated, init_dedicated, sk_win_finalize, sk_win_prepare_put, sk_win_check_put_to_1, NULL),
  SK_ROW_MPI2("Datatype_complex_everytime", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, DT_COMPLEX_EVERYTIME,
              measure_datatype, init_datatype, sk_win_finalize, sk_win_prepare_put, check_datatype, NULL),
  SK_ROW_MPI2("Datatype_complex_once", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, DT_COMPLEX_ONCE,
              measure_datatype, init_datatype, sk_win_finalize, sk_win_prepare_put, check_datatype, NULL),
  SK_ROW_MPI2("Datatype_complex_mixed_everytime", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, DT_COMPLEX_MIXED_EVERYTIME,
              measure_datatype, init_datatype, sk_win_finalize, sk_win_prepare_put, check_datatype, NULL),
  SK_ROW_MPI2("Datatype_complex_mixed_once", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, DT_COMPLEX_MIXED_ONCE,
              measure_datatype, init_datatype, sk_win_finalize, sk_win_prepare_put, check_datatype, NULL),
  SK_ROW_MPI2("Datatype_complex_Get", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, DT_COMPLEX_GET,
              measure_datatype, init_datatype, sk_win_finalize, sk_win_prepare_get, check_datatype, NULL),
  SK_ROW_MPI2("Datatype_int", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, DT_INT,
              measure_datatype, init_datatype, sk_win_finalize, sk_win_prepare_put, check_datatype, NULL),
  SK_ROW_MPI2("Datatype_simple", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, DT_SIMPLE,
              measure_datatype, init_datatype, sk_win_finalize, sk_win_prepare_put, check_datatype, NULL),
  SK_ROW_MPI2("Datatype_simple_Get", "count:i info:n", SK_PATTERN_COLLECTIVE, 2, DT_SIMPLE_GET,
              measure_datatype, init_datatype, sk_win_finalize, sk_win_prepare_get, check_datatype, NULL),
  SK_ROW_MPI2("MPI_Put_Shift", "count:i datatype:t info:n distance:i", SK_PATTERN_COLLECTIVE, 1, 0,
              measure_MPI_Put_Shift, sk_win_init_one_block, sk_win_finalize, sk_win_prepare_put, check_put_shift, NULL),
  SK_ROW_MPI2("MPI_Put_Exchange", "count:i datatype:t info:n msg_count:i", SK_PATTERN_COLLECTIVE, 1, EXCHANGE_FENCE,
              measure_put_exchange, init_put_exchange, sk_win_finalize, sk_win_prepare_put, check_put_exchange, NULL),
  SK_ROW_MPI2("MPI_Put_Exchange_passive", "count:i datatype:t info:n msg_count:i", SK_PATTERN_COLLECTIVE, 1, EXCHANGE_PASSIVE,
              measure_put_exchange, init_put_exchange, sk_win_finalize, sk_win_prepare_put, check_put_exchange, NULL),
  SK_ROW_MPI2("MPI_Accumulate_concurrent_multi", "count:i datatype:t info:n msg_count:i operator:o disjoint:i", SK_PATTERN_COLLECTIVE, 2, ACC_CONCURRENT_MULTI,
              measure_accumulate_concurrent, init_accumulate_concurrent, sk_win_finalize, prepare_acc_concurrent, check_acc_concurrent, NULL),
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
  SK_ROW_MPI2("Verify_Corrupt_Win_Test", "count:i", SK_PATTERN_COLLECTIVE, 2, WIN_PUT,
              measure_Verify_Corrupt_Win_Test, sk_win_init_one_block, sk_win_finalize, sk_win_prepare_put, sk_win_check_put_to_1, NULL),
#endif
  SK_ROW_END
};


SK_API const sk_measurement *sk_meas_table_mpi_win_transfer(void) { return mpi_win_transfer_table; }
