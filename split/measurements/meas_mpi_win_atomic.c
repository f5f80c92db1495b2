/*
** meas_mpi_win_atomic.c -- MPI-3 one-sided latencies (MPI-3.0 §11.3.4, §11.3.5, §11.2.3):
** the atomics MPI_Fetch_and_op, MPI_Compare_and_swap and MPI_Get_accumulate, the
** request-based MPI_Rput and MPI_Rget (each completed by MPI_Wait), all in a passive
** target epoch (MPI_Win_lock_all, MPI_Win_flush after every operation) of rank 0 on a
** window of rank 1 made by MPI_Win_allocate; MPI_Win_allocate_shared's duration, and
** MPI_Put / MPI_Get on a shared-memory window among the processes of one node
** (MPI_Comm_split_type(MPI_COMM_TYPE_SHARED)). The bodies exist where mpi.h is MPI-3 or
** later (SK_ROW_MPI3).
** Invariants: the window (this module's atomic_state, made in init, freed in finalize)
** starts as zeros in the verification's prepare; every row but Win_allocate_shared
** returns the time of one operation with its flush (rank 0, averaged over
** `iterations`; the others -1) between a synchronised start and stop, and the epoch's
** lock_all/unlock_all lie outside the timing. The atomics operate on MPI_INTs with
** MPI_SUM of 1 (Compare_and_swap: the value it last fetched, plus one), so after n
** operations the target holds n and the last fetched value is n - 1.
*/
#include "meas_mpi.h"
#include "verify.h"

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 3

/* The window of one measurement and what rank 0 fetches. */
typedef struct atomic_state {
  MPI_Win win;
  MPI_Comm comm;            /* the window's communicator (the node's one for shared rows) */
  int own_comm;             /* comm was made here and is freed with the window */
  char *memory;             /* this process's part of the window */
  size_t bytes;
  int *origin, *result;     /* count ints each (rank 0) */
  int expected;             /* Compare_and_swap: the value the target holds next */
} atomic_state;

/* The arguments by the row's shape: "i" (iterations), "ci" (count, iterations), "cti"
** (count, datatype, iterations) or "ct" (count, datatype); absent ones are a count of 1,
** MPI_INT and 1 iteration. */
typedef struct atomic_args {
  long count;
  const sk_datatype *dt;
  long iterations;
} atomic_args;

static void atomic_args_read(atomic_args *a, const sk_value *args, const char *shape)
{
  int k;
  a->count = 1;
  a->dt = sk_mpi_int_type();
  a->iterations = 1;
  for (k = 0; shape[k]; k++) {
    if (shape[k] == 'c') a->count = args[k].u.i;
    else if (shape[k] == 't') a->dt = args[k].u.dt;
    else a->iterations = args[k].u.i;
  }
}

static atomic_state *atomic_of(sk_mctx *m)
{
  return (atomic_state *)m->state;
}

/* The size of a process's window part: `bytes` rounded up to a multiple of
** ATOMIC_WINDOW_ALIGN, at least that much. MPICH 4.0.2 (ch4) places the operations on a
** window of MPI_Win_allocate whose parts are no multiple of 16 bytes at the wrong
** address (a Fetch_and_op on rank 1 of a 4-byte window changed rank 0's memory; seen by
** this module's verification). */
#define ATOMIC_WINDOW_ALIGN 64

static MPI_Aint atomic_window_bytes(size_t bytes)
{
  return (MPI_Aint)((bytes + ATOMIC_WINDOW_ALIGN - 1) / ATOMIC_WINDOW_ALIGN * ATOMIC_WINDOW_ALIGN
                    + (bytes == 0 ? ATOMIC_WINDOW_ALIGN : 0));
}

/* init: checks, then every process allocates `count` elements of dt as its window part
** (shared: on the node's communicator, MPI_Win_allocate_shared). */
static void atomic_init(sk_mctx *m, const sk_value *args, const char *shape, const char *fn, int shared)
{
  atomic_args a;
  atomic_state *s;
  size_t bytes;
  atomic_args_read(&a, args, shape);
  sk_mpi_check_count(m, fn, "count", a.count);
  sk_mpi_check_count(m, fn, "iterations", a.iterations);
  bytes = sk_mpi_block_bytes(m, fn, a.count, a.dt, 1, 0);
  if (m->failed) return;
  s = (atomic_state *)sk_malloc(sizeof *s);
  memset(s, 0, sizeof *s);
  s->bytes = bytes;
  s->comm = sk_mpi_comm(m);
  if (shared) {
    int node_size = 0;
    MPI_Comm_split_type(sk_mpi_comm(m), MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &s->comm);
    s->own_comm = 1;
    MPI_Comm_size(s->comm, &node_size);
    MPI_Allreduce(MPI_IN_PLACE, &node_size, 1, MPI_INT, MPI_MIN, sk_mpi_comm(m));
    if (node_size < 2) {
      MPI_Comm_free(&s->comm);
      free(s);
      sk_meas_fail(m, "shared-memory window rows: every process needs a second one on its node");
      return;
    }
    MPI_Win_allocate_shared(atomic_window_bytes(bytes), 1, MPI_INFO_NULL, s->comm, &s->memory, &s->win);
  } else {
    MPI_Win_allocate(atomic_window_bytes(bytes), 1, MPI_INFO_NULL, s->comm, &s->memory, &s->win);
  }
  sk_tp_errors_return_win(&s->win);   /* an error is the suite's, not the run's end (transport.h) */
  s->origin = (int *)sk_malloc(sizeof(int) * (size_t)(a.count > 0 ? a.count : 1));
  s->result = (int *)sk_malloc(sizeof(int) * (size_t)(a.count > 0 ? a.count : 1));
  memset(s->result, 0, sizeof(int) * (size_t)(a.count > 0 ? a.count : 1));
  m->state = s;
  m->reported_size = sk_mpi_data_bytes(a.count, a.dt);
}

static void finalize_atomic(sk_mctx *m, const sk_value *args)
{
  atomic_state *s = atomic_of(m);
  (void)args;
  if (s == NULL) return;
  MPI_Win_free(&s->win);
  if (s->own_comm) MPI_Comm_free(&s->comm);
  free(s->origin);
  free(s->result);
  free(s);
  m->state = NULL;
}

static void init_Fetch_and_op(sk_mctx *m, const sk_value *args) { atomic_init(m, args, "i", "Fetch_and_op", 0); }
static void init_Compare_and_swap(sk_mctx *m, const sk_value *args) { atomic_init(m, args, "i", "Compare_and_swap", 0); }
static void init_Get_accumulate(sk_mctx *m, const sk_value *args) { atomic_init(m, args, "ci", "Get_accumulate", 0); }

/* The data rows (count, datatype, iterations): rank 0's send buffer (puts) or receive
** buffer (gets) holds one block. */
static void init_data(sk_mctx *m, const sk_value *args, const char *fn, int shared, int put)
{
  atomic_init(m, args, "cti", fn, shared);
  if (m->failed || m->rank != 0) return;
  if (put) m->send_usage = atomic_of(m)->bytes;
  else m->recv_usage = atomic_of(m)->bytes;
}

static void init_Rput(sk_mctx *m, const sk_value *args) { init_data(m, args, "Rput", 0, 1); }
static void init_Rget(sk_mctx *m, const sk_value *args) { init_data(m, args, "Rget", 0, 0); }
static void init_Shared_Put(sk_mctx *m, const sk_value *args) { init_data(m, args, "Shared_Put", 1, 1); }
static void init_Shared_Get(sk_mctx *m, const sk_value *args) { init_data(m, args, "Shared_Get", 1, 0); }

/* The operations rank 0 times, one call each on target 1 (of the window's communicator). */
enum atomic_op { OP_FETCH_AND_OP, OP_COMPARE_AND_SWAP, OP_GET_ACCUMULATE, OP_RPUT, OP_RGET };

static void atomic_once(sk_mctx *m, atomic_state *s, const atomic_args *a, enum atomic_op op)
{
  MPI_Request req;
  MPI_Status status;
  long k;
  switch (op) {
  case OP_FETCH_AND_OP:
    s->origin[0] = 1;
    MPI_Fetch_and_op(s->origin, s->result, MPI_INT, 1, 0, MPI_SUM, s->win);
    break;
  case OP_COMPARE_AND_SWAP:
    s->origin[0] = s->expected + 1;
    MPI_Compare_and_swap(s->origin, &s->expected, s->result, MPI_INT, 1, 0, s->win);
    break;
  case OP_GET_ACCUMULATE:
    for (k = 0; k < a->count; k++) s->origin[k] = 1;
    MPI_Get_accumulate(s->origin, (int)a->count, MPI_INT, s->result, (int)a->count, MPI_INT, 1, 0, (int)a->count,
                       MPI_INT, MPI_SUM, s->win);
    break;
  case OP_RPUT:
    MPI_Rput(m->send_buf, (int)a->count, a->dt->mpi, 1, 0, (int)a->count, a->dt->mpi, s->win, &req);
    MPI_Wait(&req, &status);
    break;
  case OP_RGET:
    MPI_Rget(m->recv_buf, (int)a->count, a->dt->mpi, 1, 0, (int)a->count, a->dt->mpi, s->win, &req);
    MPI_Wait(&req, &status);
    break;
  }
  MPI_Win_flush(1, s->win);
  /* Compare_and_swap: a swap happened when the fetched value was the one expected */
  if (op == OP_COMPARE_AND_SWAP) s->expected = s->result[0] == s->expected ? s->expected + 1 : s->result[0];
}

/* Rank 0 (of the window's communicator) opens a passive target epoch on all, times
** `iterations` operations, closes it; every process between a synchronised start and stop. */
static double atomic_run(sk_mctx *m, const sk_value *args, const char *shape, enum atomic_op op)
{
  atomic_state *s = atomic_of(m);
  atomic_args a;
  int rank;
  long i;
  double start, result = -1.0;
  atomic_args_read(&a, args, shape);
  MPI_Comm_rank(s->comm, &rank);
  sk_sync_start(m);
  if (rank == 0 && m->rank == 0 && a.iterations > 0) {
    MPI_Win_lock_all(0, s->win);
    start = MPI_Wtime();
    for (i = 0; i < a.iterations; i++) atomic_once(m, s, &a, op);
    result = (MPI_Wtime() - start) / (double)a.iterations;
    MPI_Win_unlock_all(s->win);
  } else if (m->rank == 0) {
    result = 0.0;
  }
  sk_sync_stop(m);
  return result;
}

static double measure_Fetch_and_op(sk_mctx *m, const sk_value *args) { return atomic_run(m, args, "i", OP_FETCH_AND_OP); }
static double measure_Compare_and_swap(sk_mctx *m, const sk_value *args)
{
  return atomic_run(m, args, "i", OP_COMPARE_AND_SWAP);
}
static double measure_Get_accumulate(sk_mctx *m, const sk_value *args) { return atomic_run(m, args, "ci", OP_GET_ACCUMULATE); }
static double measure_Rput(sk_mctx *m, const sk_value *args) { return atomic_run(m, args, "cti", OP_RPUT); }
static double measure_Rget(sk_mctx *m, const sk_value *args) { return atomic_run(m, args, "cti", OP_RGET); }

/* Win_allocate_shared(count, datatype): the duration of the collective
** MPI_Win_allocate_shared of count elements per process on the node's communicator (made
** in init); the window is freed after the timing. Every process returns its time. */
static void init_Win_allocate_shared(sk_mctx *m, const sk_value *args)
{
  atomic_init(m, args, "ct", "Win_allocate_shared", 1);
}

static double measure_Win_allocate_shared(sk_mctx *m, const sk_value *args)
{
  atomic_state *s = atomic_of(m);
  MPI_Win win;
  char *base;
  double start, end;
  (void)args;
  start = sk_sync_start(m);
  MPI_Win_allocate_shared((MPI_Aint)(s->bytes > 0 ? s->bytes : 1), 1, MPI_INFO_NULL, s->comm, &base, &win);
  end = MPI_Wtime();
  sk_sync_stop(m);
  MPI_Win_free(&win);
  return end - start;
}

/* ---- verification: the window starts as zeros (the Rget target: its pattern) ---- */

static void prepare_atomic(sk_mctx *m, const sk_value *args)
{
  atomic_state *s = atomic_of(m);
  int rank;
  sk_verify_default_prepare(m, args);
  MPI_Comm_rank(s->comm, &rank);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, s->win);
  memset(s->memory, 0, s->bytes);
  MPI_Win_unlock(rank, s->win);
  s->expected = 0;
  memset(s->result, 0, sizeof(int));
  MPI_Barrier(s->comm);
}

static void prepare_Rget(sk_mctx *m, const sk_value *args)
{
  atomic_state *s = atomic_of(m);
  int rank;
  prepare_atomic(m, args);
  MPI_Comm_rank(s->comm, &rank);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, s->win);
  sk_verify_fill(s->memory, s->bytes, 1, 0);
  MPI_Win_unlock(rank, s->win);
  MPI_Barrier(s->comm);
}

/* The target's window part, read in an epoch of its own once every process is past its
** measure call (the engine's synchronised stop need not be a barrier); NULL where this
** process is not the target (rank 1 of the window's communicator, itself rank 1 of the
** measurement's: on a node communicator that is where world and node ranks agree).
** Every process calls it. */
static const int *atomic_target_ints(sk_mctx *m)
{
  atomic_state *s = atomic_of(m);
  int rank;
  MPI_Barrier(s->comm);
  MPI_Comm_rank(s->comm, &rank);
  if (rank != 1 || m->rank != 1) return NULL;
  MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, s->win);
  MPI_Win_unlock(rank, s->win);
  return (const int *)s->memory;
}

/* Element k of an int buffer must be `want`: else the mismatch names it. */
static void expect_ints(sk_mctx *m, const char *what, const int *got, long n, int want)
{
  long k;
  for (k = 0; k < n; k++)
    if (got[k] != want) {
      char msg[200];
      sprintf(msg, "%.80s: element %ld is %d, expected %d", what, k, got[k], want);
      sk_meas_fail(m, msg);
      return;
    }
}

/* After n additions of 1 the target holds n, and the last fetched value is n - 1. */
static void check_atomic(sk_mctx *m, const sk_value *args, const char *shape)
{
  atomic_state *s = atomic_of(m);
  atomic_args a;
  const int *target = atomic_target_ints(m);
  atomic_args_read(&a, args, shape);
  if (a.iterations <= 0) return;
  if (target != NULL) expect_ints(m, "target window", target, a.count, (int)a.iterations);
  if (m->rank == 0) expect_ints(m, "fetched result", s->result, a.count, (int)a.iterations - 1);
}

static void check_Fetch_and_op(sk_mctx *m, const sk_value *args) { check_atomic(m, args, "i"); }
static void check_Compare_and_swap(sk_mctx *m, const sk_value *args) { check_atomic(m, args, "i"); }
static void check_Get_accumulate(sk_mctx *m, const sk_value *args) { check_atomic(m, args, "ci"); }

/* Rput / Shared_Put: the target's window holds rank 0's data; Rget / Shared_Get: rank 0's
** receive buffer holds the target's pattern. */
static void check_put(sk_mctx *m, const sk_value *args)
{
  atomic_args a;
  const int *target = atomic_target_ints(m);
  atomic_args_read(&a, args, "cti");
  if (a.iterations > 0 && target != NULL)
    sk_mpi_verify_block(m, "target window", (const char *)target, a.count, a.dt, a.count, a.dt, 0, 0);
}

static void check_get(sk_mctx *m, const sk_value *args)
{
  atomic_args a;
  atomic_target_ints(m);   /* every process past its measure call */
  atomic_args_read(&a, args, "cti");
  if (a.iterations > 0 && m->rank == 0)
    sk_mpi_verify_block(m, "receive buffer", m->recv_buf, a.count, a.dt, a.count, a.dt, 1, 0);
}

#ifdef SKAMPI_TESTING
/* Test only: Verify_Corrupt_Atomic_Test(iterations) is Fetch_and_op, after which the
** target adds one more to its window, so that skampi -v must catch it (tests/mpi_catalogue). */
static double measure_Verify_Corrupt_Atomic_Test(sk_mctx *m, const sk_value *args)
{
  atomic_state *s = atomic_of(m);
  double t = atomic_run(m, args, "i", OP_FETCH_AND_OP);
  MPI_Barrier(s->comm);   /* after rank 0's operations (the engine's stop is no barrier) */
  if (m->rank == 1) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, s->win);
    ((int *)s->memory)[0] += 1;
    MPI_Win_unlock(1, s->win);
  }
  return t;
}
#endif

#endif /* MPI-3 */

static const sk_measurement mpi_win_atomic_table[] = {
  SK_ROW_MPI3("Fetch_and_op", "iterations:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Fetch_and_op, init_Fetch_and_op, finalize_atomic, prepare_atomic, check_Fetch_and_op, NULL),
  SK_ROW_MPI3("Compare_and_swap", "iterations:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Compare_and_swap, init_Compare_and_swap, finalize_atomic, prepare_atomic,
              check_Compare_and_swap, NULL),
  SK_ROW_MPI3("Get_accumulate", "count:i iterations:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Get_accumulate, init_Get_accumulate, finalize_atomic, prepare_atomic, check_Get_accumulate,
              NULL),
  SK_ROW_MPI3("Rput", "count:i datatype:t iterations:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Rput, init_Rput, finalize_atomic, prepare_atomic, check_put, NULL),
  SK_ROW_MPI3("Rget", "count:i datatype:t iterations:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Rget, init_Rget, finalize_atomic, prepare_Rget, check_get, NULL),
  SK_ROW_MPI3("Shared_Put", "count:i datatype:t iterations:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Rput, init_Shared_Put, finalize_atomic, prepare_atomic, check_put, NULL),
  SK_ROW_MPI3("Shared_Get", "count:i datatype:t iterations:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Rget, init_Shared_Get, finalize_atomic, prepare_Rget, check_get, NULL),
  SK_ROW_MPI3("Win_allocate_shared", "count:i datatype:t", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Win_allocate_shared, init_Win_allocate_shared, finalize_atomic, NULL, NULL,
              "allocates a window, moves no data"),
#ifdef SKAMPI_TESTING
  SK_ROW_MPI3("Verify_Corrupt_Atomic_Test", "iterations:i", SK_PATTERN_COLLECTIVE, 2, 0,
              measure_Verify_Corrupt_Atomic_Test, init_Fetch_and_op, finalize_atomic, prepare_atomic,
              check_Fetch_and_op, NULL),
#endif
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_win_atomic(void) { return mpi_win_atomic_table; }
