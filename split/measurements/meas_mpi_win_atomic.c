/*
** meas_mpi_win_atomic.c -- MPI-3 one-sided latencies (MPI-3.0 §11.3.4, §11.3.5, §11.2.3):
** the atomics MPI_Fetch_and_op, MPI_Compare_and_swap and MPI_Get_accumulate, the
** request-based MPI_Rput and MPI_Rget (each completed by MPI_Wait), all in a passive
** target epoch (MPI_Win_lock_all, MPI_Win_flush after every operation) of rank 0 on a
** window of rank 1 made by MPI_Win_allocate; MPI_Win_allocate_shared's duration, and
** MPI_Put / MPI_Get on a shared-memory window among the processes of one node
** (MPI_Comm_split_type(MPI_COMM_TYPE_SHARED)). The bodies exist where mpi.h is MPI-3 or
** later (SK_ROW_MPI3).
** The rows share one init, measure and finalize, told apart by their VARIANT
** (atomic_variants); the rules they share are in doc/internals.md, "One-sided modules".
*/
#include "meas_mpi.h"
#include "verify.h"

/* The rows' VARIANTs (in every build: the table names them; atomic_variants). */
enum atomic_variant_id {
  AV_FETCH_AND_OP, AV_COMPARE_AND_SWAP, AV_GET_ACCUMULATE, AV_RPUT, AV_RGET, AV_SHARED_PUT, AV_SHARED_GET,
  AV_WIN_ALLOCATE_SHARED
};

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

/* What the rows' functions do differently, by their VARIANT (enum atomic_variant_id). */
enum atomic_op { OP_FETCH_AND_OP, OP_COMPARE_AND_SWAP, OP_GET_ACCUMULATE, OP_RPUT, OP_RGET, OP_NO_TRANSFER };
enum atomic_buffer { BUFFER_NONE, BUFFER_SEND, BUFFER_RECV };

typedef struct atomic_variant {
  enum atomic_op op;          /* what rank 0 times */
  int one_element;            /* the operation moves one MPI_INT (the rows have no count) */
  int shared;                 /* the window is MPI_Win_allocate_shared's on the node */
  enum atomic_buffer buffer;  /* rank 0's buffer that holds one block */
} atomic_variant;

static const atomic_variant atomic_variants[] = {
  { OP_FETCH_AND_OP, 1, 0, BUFFER_NONE },      /* Fetch_and_op */
  { OP_COMPARE_AND_SWAP, 1, 0, BUFFER_NONE },  /* Compare_and_swap */
  { OP_GET_ACCUMULATE, 0, 0, BUFFER_NONE },    /* Get_accumulate */
  { OP_RPUT, 0, 0, BUFFER_SEND },              /* Rput */
  { OP_RGET, 0, 0, BUFFER_RECV },              /* Rget */
  { OP_RPUT, 0, 1, BUFFER_SEND },              /* Shared_Put */
  { OP_RGET, 0, 1, BUFFER_RECV },              /* Shared_Get */
  { OP_NO_TRANSFER, 0, 1, BUFFER_NONE }               /* Win_allocate_shared */
};

/* The row's count of elements (their datatype: sk_win_datatype, MPI_INT for the rows
** without one): one for the rows without a count. */
static long atomic_count(const sk_mctx *m)
{
  return atomic_variants[m->variant].one_element ? 1 : m->arg.count;
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
** (shared: on the node's communicator, MPI_Win_allocate_shared); rank 0's buffer of a
** data row holds one block. */
static void init_atomic(sk_mctx *m, const sk_value *args)
{
  const atomic_variant *v = &atomic_variants[m->variant];
  long count = atomic_count(m);
  atomic_state *s;
  size_t bytes;
  (void)args;
  sk_mpi_check_count(m, m->name, "count", count);
  sk_mpi_check_count(m, m->name, "iterations", m->arg.iterations);
  bytes = sk_mpi_block_bytes(m, m->name, count, sk_win_datatype(m), 1, 0);
  if (m->failed) return;
  s = (atomic_state *)sk_malloc(sizeof *s);
  memset(s, 0, sizeof *s);
  s->bytes = bytes;
  s->comm = sk_mpi_comm(m);
  if (v->shared) {
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
  s->origin = (int *)sk_malloc(sizeof(int) * (size_t)(count > 0 ? count : 1));
  s->result = (int *)sk_malloc(sizeof(int) * (size_t)(count > 0 ? count : 1));
  memset(s->result, 0, sizeof(int) * (size_t)(count > 0 ? count : 1));
  m->state = s;
  m->reported_size = sk_mpi_data_bytes(count, sk_win_datatype(m));
  if (m->rank == 0 && v->buffer == BUFFER_SEND) m->send_usage = bytes;
  if (m->rank == 0 && v->buffer == BUFFER_RECV) m->recv_usage = bytes;
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

/* One operation of rank 0 on target 1 (of the window's communicator), with its flush. */
static void atomic_once(sk_mctx *m, atomic_state *s, long count, enum atomic_op op)
{
  const sk_datatype *dt = sk_win_datatype(m);
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
    for (k = 0; k < count; k++) s->origin[k] = 1;
    MPI_Get_accumulate(s->origin, (int)count, MPI_INT, s->result, (int)count, MPI_INT, 1, 0, (int)count,
                       MPI_INT, MPI_SUM, s->win);
    break;
  case OP_RPUT:
    MPI_Rput(m->send_buf, (int)count, dt->mpi, 1, 0, (int)count, dt->mpi, s->win, &req);
    MPI_Wait(&req, &status);
    break;
  case OP_RGET:
    MPI_Rget(m->recv_buf, (int)count, dt->mpi, 1, 0, (int)count, dt->mpi, s->win, &req);
    MPI_Wait(&req, &status);
    break;
  case OP_NO_TRANSFER:
    break;
  }
  MPI_Win_flush(1, s->win);
  /* Compare_and_swap: a swap happened when the fetched value was the one expected */
  if (op == OP_COMPARE_AND_SWAP) s->expected = s->result[0] == s->expected ? s->expected + 1 : s->result[0];
}

/* Rank 0 (of the window's communicator) opens a passive target epoch on all, times
** `iterations` operations of the row, closes it; every process between a synchronised
** start and stop. */
static double measure_atomic(sk_mctx *m, const sk_value *args)
{
  atomic_state *s = atomic_of(m);
  long i, iterations = m->arg.iterations, count = atomic_count(m);
  int rank;
  double start, result = -1.0;
  (void)args;
  MPI_Comm_rank(s->comm, &rank);
  sk_sync_start(m);
  if (rank == 0 && m->rank == 0 && iterations > 0) {
    MPI_Win_lock_all(0, s->win);
    start = MPI_Wtime();
    for (i = 0; i < iterations; i++) atomic_once(m, s, count, atomic_variants[m->variant].op);
    result = (MPI_Wtime() - start) / (double)iterations;
    MPI_Win_unlock_all(s->win);
  } else if (m->rank == 0) {
    result = 0.0;
  }
  sk_sync_stop(m);
  return result;
}

/* Win_allocate_shared(count, datatype): the duration of the collective
** MPI_Win_allocate_shared of count elements per process on the node's communicator (made
** in init); the window is freed after the timing. Every process returns its time. */
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

/* ---- verification: the window starts as zeros; a get's target holds rank 1's pattern ---- */

static void prepare_atomic(sk_mctx *m, const sk_value *args)
{
  atomic_state *s = atomic_of(m);
  int rank;
  sk_verify_default_prepare(m, args);
  MPI_Comm_rank(s->comm, &rank);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, s->win);
  if (atomic_variants[m->variant].op == OP_RGET) sk_verify_fill(s->memory, s->bytes, 1, 0);
  else memset(s->memory, 0, s->bytes);
  MPI_Win_unlock(rank, s->win);
  s->expected = 0;
  memset(s->result, 0, sizeof(int));
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
SK_API void sk_win_expect_ints(sk_mctx *m, const char *what, const int *got, long n, long want)
{
  long k;
  for (k = 0; k < n; k++)
    if (got[k] != want) {
      char msg[240];
      sprintf(msg, "%.120s: element %ld is %d, expected %ld", what, k, got[k], want);
      sk_meas_fail(m, msg);
      return;
    }
}

/* After n additions of 1 the target holds n, and the last fetched value is n - 1. */
static void check_atomic(sk_mctx *m, const sk_value *args)
{
  atomic_state *s = atomic_of(m);
  long iterations = m->arg.iterations;
  const int *target = atomic_target_ints(m);
  (void)args;
  if (iterations <= 0) return;
  if (target != NULL) sk_win_expect_ints(m, "target window", target, atomic_count(m), iterations);
  if (m->rank == 0) sk_win_expect_ints(m, "fetched result", s->result, atomic_count(m), iterations - 1);
}

/* Rput / Shared_Put: the target's window holds rank 0's data; Rget / Shared_Get: rank 0's
** receive buffer holds the target's pattern. */
static void check_put(sk_mctx *m, const sk_value *args)
{
  const int *target = atomic_target_ints(m);
  (void)args;
  if (m->arg.iterations > 0 && target != NULL)
    sk_mpi_verify_block(m, "target window", (const char *)target, m->arg.count, sk_win_datatype(m), m->arg.count,
                        sk_win_datatype(m), 0, 0);
}

static void check_get(sk_mctx *m, const sk_value *args)
{
  (void)args;
  atomic_target_ints(m);   /* every process past its measure call */
  if (m->arg.iterations > 0 && m->rank == 0)
    sk_mpi_verify_block(m, "receive buffer", m->recv_buf, m->arg.count, sk_win_datatype(m), m->arg.count,
                        sk_win_datatype(m), 1, 0);
}

#ifdef SKAMPI_TESTING
/* Test only: Verify_Corrupt_Atomic_Test(iterations) is Fetch_and_op, after which the
** target adds one more to its window, so that skampi -v must catch it (tests/mpi_catalogue). */
static double measure_Verify_Corrupt_Atomic_Test(sk_mctx *m, const sk_value *args)
{
  atomic_state *s = atomic_of(m);
  double t = measure_atomic(m, args);
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
  SK_ROW_MPI3("Fetch_and_op", "iterations:i", SK_PATTERN_COLLECTIVE, 2, AV_FETCH_AND_OP,
              measure_atomic, init_atomic, finalize_atomic, prepare_atomic, check_atomic, NULL),
  SK_ROW_MPI3("Compare_and_swap", "iterations:i", SK_PATTERN_COLLECTIVE, 2, AV_COMPARE_AND_SWAP,
              measure_atomic, init_atomic, finalize_atomic, prepare_atomic, check_atomic, NULL),
  SK_ROW_MPI3("Get_accumulate", "count:i iterations:i", SK_PATTERN_COLLECTIVE, 2, AV_GET_ACCUMULATE,
              measure_atomic, init_atomic, finalize_atomic, prepare_atomic, check_atomic, NULL),
  SK_ROW_MPI3("Rput", "count:i datatype:t iterations:i", SK_PATTERN_COLLECTIVE, 2, AV_RPUT,
              measure_atomic, init_atomic, finalize_atomic, prepare_atomic, check_put, NULL),
  SK_ROW_MPI3("Rget", "count:i datatype:t iterations:i", SK_PATTERN_COLLECTIVE, 2, AV_RGET,
              measure_atomic, init_atomic, finalize_atomic, prepare_atomic, check_get, NULL),
  SK_ROW_MPI3("Shared_Put", "count:i datatype:t iterations:i", SK_PATTERN_COLLECTIVE, 2, AV_SHARED_PUT,
              measure_atomic, init_atomic, finalize_atomic, prepare_atomic, check_put, NULL),
  SK_ROW_MPI3("Shared_Get", "count:i datatype:t iterations:i", SK_PATTERN_COLLECTIVE, 2, AV_SHARED_GET,
              measure_atomic, init_atomic, finalize_atomic, prepare_atomic, check_get, NULL),
  SK_ROW_MPI3("Win_allocate_shared", "count:i datatype:t", SK_PATTERN_COLLECTIVE, 2, AV_WIN_ALLOCATE_SHARED,
              measure_Win_allocate_shared, init_atomic, finalize_atomic, NULL, NULL, "allocates a window, moves no data"),
#ifdef SKAMPI_TESTING
  SK_ROW_MPI3("Verify_Corrupt_Atomic_Test", "iterations:i", SK_PATTERN_COLLECTIVE, 2, AV_FETCH_AND_OP,
              measure_Verify_Corrupt_Atomic_Test, init_atomic, finalize_atomic, prepare_atomic, check_atomic, NULL),
#endif
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_win_atomic(void) { return mpi_win_atomic_table; }
