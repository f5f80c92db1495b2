/*
** meas_mpi_onesided.c -- one-sided communication measurement functions over MPI
** (SKaMPI 5 manual §3.3), plus the two-sided counterparts that §3.3 lists beside them
** (MPI_Isend_callduration, Exchange, multi_Alltoall, twosided_borderexchange, Send).
** Compiled with the MPI backend only. The one-sided functions need MPI-2 and are
** compiled when SK_MPI_LEVEL >= 2 -- on MPI 2, 3, 4 and later alike (the original tested
** MPI_VERSION == 2 and lost them on every newer library); the
** two-sided counterparts use MPI-1.1 only and are always there.
**
** Common rules (the manual lists names and parameters only; these are our choices,
** modelled on what SKaMPI 5 did):
** - The first parameter <int> is the count of elements of <dt> in one message. Functions
**   without <dt> (the activewait, Datatype_* and borderexchange families) move MPI_INTs.
** - init allocates the window memory with MPI_Alloc_mem (the buffers of the context are
**   valid in measure only) and creates the window over it with the given info, the
**   displacement unit 1 byte; finalize frees both. Puts read from the send buffer, gets
**   write to the receive buffer.
** - Every measure runs between sk_sync_start() and sk_sync_stop() on all processes of
**   the communicator and leaves no epoch open. A fence-based function returns on every
**   process the time of the whole synchronised part; a function that times one call or
**   one role returns that time on the processes having the role and -1 elsewhere.
** - Roles: rank 0 is the origin, rank 1 the target of pairwise transfers; in the
**   general active target (post-start-complete-wait, "PSCW") measurements rank 0 starts
**   an access epoch on all other ranks, which post exposure epochs to rank 0.
** - <assert> is checked against the assertions valid for the call that is measured (a
**   combination of MPI_MODE_* constants); the PSCW functions give MPI_Win_start its
**   MPI_MODE_NOCHECK bit and MPI_Win_post all of it. With MPI_MODE_NOCHECK the post must
**   precede the start, so the processes then meet in an MPI_Barrier between them.
** - <lock_type> is MPI_LOCK_SHARED or MPI_LOCK_EXCLUSIVE of the library, or 0 (shared)
**   or 1 (exclusive), the values that work on every MPI (the manual names no constants).
** - <delay_us>, <compute>: microseconds spent in a busy loop on MPI_Wtime, with no MPI
**   call that could make progress (sk_mpi_busy_wait).
** - <doput>: non-zero means that the origin puts one message to every target inside the
**   epoch; <msg_cnt> messages go to consecutive slots of the target window.
*/
#include "meas_mpi.h"

#ifdef SKAMPI_MPI

#define TWOSIDED_TAG 2

/* MPI_INT as a datatype of the input language, for the functions without <dt>. */
static const sk_datatype *int_type(void)
{
  static sk_datatype t;
  if (t.name == NULL) {
    t.size = t.extent = sizeof(int);
    t.mpi = MPI_INT;
    t.name = "MPI_INT";
  }
  return &t;
}

/* ---- two-sided counterparts (MPI-1.1) ---- */

/* Send(count, dt, tag): the duration of one MPI_Send from rank 0 to rank 1, which
** receives it; MPI_Isend_callduration(count, dt): the duration of the MPI_Isend call
** alone (completed with MPI_Wait after the timing). */
static void init_send_pair(sk_mctx *m, const sk_value *args, const char *fn)
{
  sk_mpi_check_procs(m, fn, 2);
  sk_mpi_check_count(m, fn, "count", args[0].u.i);
  m->send_usage = m->rank == 0 ? sk_mpi_block_bytes(m, fn, args[0].u.i, args[1].u.dt, 1, 0) : 0;
  m->recv_usage = m->rank == 1 ? sk_mpi_block_bytes(m, fn, args[0].u.i, args[1].u.dt, 1, 0) : 0;
  m->reported_size = sk_mpi_data_bytes(args[0].u.i, args[1].u.dt);
}

static void init_Send(sk_mctx *m, const sk_value *args)
{
  sk_mpi_check_tag(m, "Send", "tag", args[2].u.i);
  init_send_pair(m, args, "Send");
}

static double measure_Send(sk_mctx *m, const sk_value *args)
{
  double start, end = 0.0, result = -1.0;
  MPI_Status status;
  start = sk_sync_start(m);
  if (m->rank == 0) {
    MPI_Send(m->send_buf, (int)args[0].u.i, args[1].u.dt->mpi, 1, (int)args[2].u.i, sk_mpi_comm(m));
    end = MPI_Wtime();
    result = end - start;
  } else if (m->rank == 1) {
    MPI_Recv(m->recv_buf, (int)args[0].u.i, args[1].u.dt->mpi, 0, (int)args[2].u.i, sk_mpi_comm(m), &status);
  }
  sk_sync_stop(m);
  return result;
}

static void init_MPI_Isend_callduration(sk_mctx *m, const sk_value *args)
{
  init_send_pair(m, args, "MPI_Isend_callduration");
}

static double measure_MPI_Isend_callduration(sk_mctx *m, const sk_value *args)
{
  double start, result = -1.0;
  MPI_Request req;
  MPI_Status status;
  sk_sync_start(m);
  if (m->rank == 0) {
    start = MPI_Wtime();
    MPI_Isend(m->send_buf, (int)args[0].u.i, args[1].u.dt->mpi, 1, TWOSIDED_TAG, sk_mpi_comm(m), &req);
    result = MPI_Wtime() - start;
    MPI_Wait(&req, &status);
  } else if (m->rank == 1) {
    MPI_Recv(m->recv_buf, (int)args[0].u.i, args[1].u.dt->mpi, 0, TWOSIDED_TAG, sk_mpi_comm(m), &status);
  }
  sk_sync_stop(m);
  return result;
}

/* Requests for the two-sided exchanges. */
typedef struct request_state {
  MPI_Request *requests;
  MPI_Status *statuses;
} request_state;

static void requests_new(sk_mctx *m, long n)
{
  request_state *s = (request_state *)sk_calloc(1, sizeof *s);
  s->requests = (MPI_Request *)sk_calloc((size_t)(n > 0 ? n : 1), sizeof(MPI_Request));
  s->statuses = (MPI_Status *)sk_calloc((size_t)(n > 0 ? n : 1), sizeof(MPI_Status));
  m->state = s;
}

static void finalize_requests(sk_mctx *m, const sk_value *args)
{
  request_state *s = (request_state *)m->state;
  (void)args;
  if (s == NULL) return;
  free(s->requests);
  free(s->statuses);
  free(s);
  m->state = NULL;
}

/* Exchange(count, dt, msg_cnt): every process sends msg_cnt messages of count elements
** to every other process and receives as many from each (MPI_Irecv, MPI_Isend,
** MPI_Waitall) -- the two-sided counterpart of MPI_Put_Exchange. Message k for
** partner j lives in slot j*msg_cnt+k of the send and of the receive buffer. */
static void init_Exchange(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Exchange";
  long msg_cnt = args[2].u.i;
  sk_mpi_check_count(m, fn, "count", args[0].u.i);
  sk_mpi_check_count(m, fn, "msg_cnt", msg_cnt);
  if (!m->failed && msg_cnt > INT_MAX / 2 / m->size) sk_meas_fail(m, "Exchange: msg_cnt is too large");
  m->send_usage = sk_mpi_block_bytes(m, fn, args[0].u.i, args[1].u.dt, msg_cnt * m->size, 0);
  m->recv_usage = m->send_usage;
  m->reported_size = sk_mpi_data_bytes(args[0].u.i, args[1].u.dt);
  if (!m->failed) requests_new(m, 2 * msg_cnt * m->size);
}

static double measure_Exchange(sk_mctx *m, const sk_value *args)
{
  request_state *s = (request_state *)m->state;
  int count = (int)args[0].u.i, msg_cnt = (int)args[2].u.i, j, k, n = 0;
  MPI_Datatype dt = args[1].u.dt->mpi;
  size_t block = sk_mpi_bytes(args[0].u.i, args[1].u.dt);
  MPI_Comm comm = sk_mpi_comm(m);
  double start = sk_sync_start(m);
  for (j = 0; j < m->size; j++)
    if (j != m->rank)
      for (k = 0; k < msg_cnt; k++)
        MPI_Irecv(m->recv_buf + block * (size_t)(j * msg_cnt + k), count, dt, j, TWOSIDED_TAG, comm, &s->requests[n++]);
  for (j = 0; j < m->size; j++)
    if (j != m->rank)
      for (k = 0; k < msg_cnt; k++)
        MPI_Isend(m->send_buf + block * (size_t)(j * msg_cnt + k), count, dt, j, TWOSIDED_TAG, comm, &s->requests[n++]);
  MPI_Waitall(n, s->requests, s->statuses);
  return sk_sync_stop(m) - start;
}

/* multi_Alltoall(s_cnt, s_dt, r_cnt, r_dt, alltoall_count): alltoall_count consecutive
** MPI_Alltoall calls; the time of one (the average), to compare with onesided_alltoall. */
static void init_multi_Alltoall(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "multi_Alltoall";
  sk_mpi_check_count(m, fn, "send count", args[0].u.i);
  sk_mpi_check_count(m, fn, "receive count", args[2].u.i);
  sk_mpi_check_count(m, fn, "alltoall_count", args[4].u.i);
  sk_mpi_check_same_data(m, fn, args[0].u.i, args[1].u.dt, args[2].u.i, args[3].u.dt);
  m->send_usage = sk_mpi_block_bytes(m, fn, args[0].u.i, args[1].u.dt, m->size, 0);
  m->recv_usage = sk_mpi_block_bytes(m, fn, args[2].u.i, args[3].u.dt, m->size, 0);
  m->reported_size = sk_mpi_data_bytes(args[0].u.i, args[1].u.dt);
}

static double measure_multi_Alltoall(sk_mctx *m, const sk_value *args)
{
  long i, n = args[4].u.i;
  double start;
  if (n <= 0) return 0.0;
  start = sk_sync_start(m);
  for (i = 0; i < n; i++)
    MPI_Alltoall(m->send_buf, (int)args[0].u.i, args[1].u.dt->mpi, m->recv_buf, (int)args[2].u.i,
                 args[3].u.dt->mpi, sk_mpi_comm(m));
  return (sk_sync_stop(m) - start) / (double)n;
}

/* The ring neighbours of the border exchanges. */
static int left_of(const sk_mctx *m) { return (m->rank + m->size - 1) % m->size; }
static int right_of(const sk_mctx *m) { return (m->rank + 1) % m->size; }

/* The checks of the border exchanges; args (count, [info,] iteration_count, compute). */
static void check_borderexchange(sk_mctx *m, const char *fn, const sk_value *args, int iter_arg)
{
  sk_mpi_check_procs(m, fn, 2);
  sk_mpi_check_count(m, fn, "count", args[0].u.i);
  sk_mpi_check_count(m, fn, "iteration_count", args[iter_arg].u.i);
  sk_mpi_check_count(m, fn, "compute", args[iter_arg + 1].u.i);
}

/* twosided_borderexchange(count, iteration_count, compute): a 1-D ring stencil. Each
** iteration every process sends count MPI_INTs to both neighbours and receives as many
** from each (MPI_Irecv/MPI_Isend/MPI_Waitall), then computes for `compute` microseconds.
** Returns the time of one iteration (the average). */
static void init_twosided_borderexchange(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "twosided_borderexchange";
  check_borderexchange(m, fn, args, 1);
  m->send_usage = sk_mpi_block_bytes(m, fn, args[0].u.i, int_type(), 2, 0);
  m->recv_usage = m->send_usage;
  m->reported_size = sk_mpi_data_bytes(args[0].u.i, int_type());
  if (!m->failed) requests_new(m, 4);
}

static double measure_twosided_borderexchange(sk_mctx *m, const sk_value *args)
{
  request_state *s = (request_state *)m->state;
  int count = (int)args[0].u.i, left = left_of(m), right = right_of(m);
  long i, iterations = args[1].u.i;
  double compute = (double)args[2].u.i;
  size_t block = (size_t)count * sizeof(int);
  MPI_Comm comm = sk_mpi_comm(m);
  double start;
  if (iterations <= 0) return 0.0;
  start = sk_sync_start(m);
  for (i = 0; i < iterations; i++) {
    /* tag 0 travels rightwards, tag 1 leftwards, so that the two messages between the
    ** same pair of a 2-process ring cannot be confused */
    MPI_Irecv(m->recv_buf, count, MPI_INT, left, 0, comm, &s->requests[0]);
    MPI_Irecv(m->recv_buf + block, count, MPI_INT, right, 1, comm, &s->requests[1]);
    MPI_Isend(m->send_buf, count, MPI_INT, right, 0, comm, &s->requests[2]);
    MPI_Isend(m->send_buf + block, count, MPI_INT, left, 1, comm, &s->requests[3]);
    MPI_Waitall(4, s->requests, s->statuses);
    sk_mpi_busy_wait(compute);
  }
  return (sk_sync_stop(m) - start) / (double)iterations;
}

#if SK_MPI_LEVEL >= 2

/* ---- one-sided: shared state and helpers ---- */

#define FENCE_ASSERTS (MPI_MODE_NOSTORE | MPI_MODE_NOPUT | MPI_MODE_NOPRECEDE | MPI_MODE_NOSUCCEED)
#define POST_ASSERTS (MPI_MODE_NOCHECK | MPI_MODE_NOSTORE | MPI_MODE_NOPUT)

typedef struct window_state {
  MPI_Win win;               /* MPI_WIN_NULL when the measure function creates its own */
  char *memory;              /* window memory (MPI_Alloc_mem) */
  MPI_Aint memory_size;
  size_t block;              /* bytes of one message: count elements of the datatype */
  int count;
  MPI_Datatype dt;           /* of the messages */
  MPI_Group origins, targets;/* PSCW groups, MPI_GROUP_NULL when unused */
  int n_targets;             /* PSCW targets are ranks 1..n_targets */
  MPI_Datatype derived;      /* Datatype_*: the derived type made once (MPI_DATATYPE_NULL) */
  int stamp;                 /* MPI_Put_activewait_get: number of the current measurement */
} window_state;

static MPI_Info info_of(const sk_value *v)
{
  return v->u.info != NULL ? *(MPI_Info *)v->u.info : MPI_INFO_NULL;
}

/* The common init: checks count, allocates a window of `slots` messages of count
** elements of dt and, if `create`, creates the window. Sets the reported size. */
static window_state *window_setup(sk_mctx *m, const char *fn, long count, const sk_datatype *dt,
                                  const sk_value *info, long slots, int create)
{
  window_state *s;
  size_t bytes;
  sk_mpi_check_count(m, fn, "count", count);
  sk_mpi_check_count(m, fn, "number of messages", slots);
  bytes = sk_mpi_block_bytes(m, fn, count, dt, slots, 0);
  if (!m->failed && (MPI_Aint)bytes < 0) sk_meas_fail(m, "one-sided window too large for MPI_Aint");
  if (m->failed) return NULL;
  s = (window_state *)sk_calloc(1, sizeof *s);
  s->win = MPI_WIN_NULL;
  s->origins = s->targets = MPI_GROUP_NULL;
  s->derived = MPI_DATATYPE_NULL;
  s->count = (int)count;
  s->dt = dt->mpi;
  s->block = sk_mpi_bytes(count, dt);
  s->memory_size = (MPI_Aint)bytes;
  MPI_Alloc_mem(bytes > 0 ? (MPI_Aint)bytes : 1, MPI_INFO_NULL, &s->memory);
  memset(s->memory, 0, bytes > 0 ? bytes : 1);
  if (create) MPI_Win_create(s->memory, s->memory_size, 1, info_of(info), sk_mpi_comm(m), &s->win);
  m->state = s;
  m->reported_size = sk_mpi_data_bytes(count, dt);
  return s;
}

/* PSCW groups: origin rank 0, targets ranks 1..n_targets. */
static void window_groups(sk_mctx *m, window_state *s, int n_targets)
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

static void finalize_window(sk_mctx *m, const sk_value *args)
{
  window_state *s = (window_state *)m->state;
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

static int check_assert(sk_mctx *m, const char *fn, long assertion, int allowed)
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

static int check_lock_type(sk_mctx *m, const char *fn, long value, int *lock_type)
{
  char msg[200];
  if (value == MPI_LOCK_SHARED || value == 0) *lock_type = MPI_LOCK_SHARED;
  else if (value == MPI_LOCK_EXCLUSIVE || value == 1) *lock_type = MPI_LOCK_EXCLUSIVE;
  else {
    if (!m->failed) {
      sprintf(msg, "%.60s: lock_type %ld is neither MPI_LOCK_SHARED (%d, or 0) nor MPI_LOCK_EXCLUSIVE (%d, or 1)",
              fn, value, MPI_LOCK_SHARED, MPI_LOCK_EXCLUSIVE);
      sk_meas_fail(m, msg);
    }
    return 0;
  }
  return 1;
}

static int lock_type_of(long value)
{
  return value == MPI_LOCK_SHARED || value == 0 ? MPI_LOCK_SHARED : MPI_LOCK_EXCLUSIVE;
}

static void put_block(const sk_mctx *m, const window_state *s, int target, long slot)
{
  MPI_Put(m->send_buf, s->count, s->dt, target, (MPI_Aint)(s->block * (size_t)slot), s->count, s->dt, s->win);
}

/* A get into receive-buffer slot `local_slot`. */
static void get_block(const sk_mctx *m, const window_state *s, int target, long slot, long local_slot)
{
  MPI_Get(m->recv_buf + s->block * (size_t)local_slot, s->count, s->dt, target,
          (MPI_Aint)(s->block * (size_t)slot), s->count, s->dt, s->win);
}

static void accumulate_block(const sk_mctx *m, const window_state *s, int target, long slot, MPI_Op op)
{
  MPI_Accumulate(m->send_buf, s->count, s->dt, target, (MPI_Aint)(s->block * (size_t)slot), s->count, s->dt,
                 op, s->win);
}

/* The usual init of args (count, dt, info, ...): one-block window, one block in each
** buffer; needs `min_procs` processes. */
static window_state *init_simple_window(sk_mctx *m, const sk_value *args, const char *fn, int min_procs,
                                        long slots)
{
  window_state *s;
  sk_mpi_check_procs(m, fn, min_procs);
  s = window_setup(m, fn, args[0].u.i, args[1].u.dt, &args[2], slots, 1);
  if (s == NULL) return NULL;
  m->send_usage = s->block;
  m->recv_usage = s->block;
  return s;
}

/* ---- fence ---- */

/* MPI_Win_fence_open(count, dt, info, assert): the opening MPI_Win_fence(assert); the
** epoch is closed with MPI_MODE_NOSUCCEED after the timing. */
static void init_MPI_Win_fence_open(sk_mctx *m, const sk_value *args)
{
  check_assert(m, "MPI_Win_fence_open", args[3].u.i, FENCE_ASSERTS);
  init_simple_window(m, args, "MPI_Win_fence_open", 1, 1);
}

static double measure_MPI_Win_fence_open(sk_mctx *m, const sk_value *args)
{
  window_state *s = (window_state *)m->state;
  double start, end;
  start = sk_sync_start(m);
  MPI_Win_fence((int)args[3].u.i, s->win);
  end = sk_sync_stop(m);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return end - start;
}

/* The closing fences: assert of the closing MPI_Win_fence; with doput the puts forbid
** MPI_MODE_NOPRECEDE there. */
static void init_fence_close(sk_mctx *m, const sk_value *args, const char *fn)
{
  check_assert(m, fn, args[3].u.i, MPI_MODE_NOSTORE | MPI_MODE_NOPUT | MPI_MODE_NOSUCCEED
               | (args[4].u.i ? 0 : MPI_MODE_NOPRECEDE));
  init_simple_window(m, args, fn, 2, 1);
}

/* Opens the epoch, lets the putters put (rank 0 to 1, or everybody to its right
** neighbour), and times the closing MPI_Win_fence(assert) alone. */
static double fence_close(sk_mctx *m, const sk_value *args, int everybody_puts)
{
  window_state *s = (window_state *)m->state;
  double start;
  sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (args[4].u.i && (everybody_puts || m->rank == 0)) put_block(m, s, (m->rank + 1) % m->size, 0);
  start = MPI_Wtime();
  MPI_Win_fence((int)args[3].u.i, s->win);
  return sk_sync_stop(m) - start;
}

/* MPI_Win_fence_close(count, dt, info, assert, doput): rank 0 puts to rank 1. */
static void init_MPI_Win_fence_close(sk_mctx *m, const sk_value *args)
{
  init_fence_close(m, args, "MPI_Win_fence_close");
}

static double measure_MPI_Win_fence_close(sk_mctx *m, const sk_value *args)
{
  return fence_close(m, args, 0);
}

/* MPI_Win_fence_close_collective(count, dt, info, assert, doput): every process puts to
** its right neighbour (rank+1 mod size). */
static void init_MPI_Win_fence_close_collective(sk_mctx *m, const sk_value *args)
{
  init_fence_close(m, args, "MPI_Win_fence_close_collective");
}

static double measure_MPI_Win_fence_close_collective(sk_mctx *m, const sk_value *args)
{
  return fence_close(m, args, 1);
}

/* MPI_Win_fence_close_delayed(count, dt, info, msg_cnt, delay_us): rank 0 puts msg_cnt
** messages to rank 1, then every process waits delay_us before the closing fence,
** which alone is timed. A library that transfers while the processes compute closes
** quickly; one that defers the transfer to the fence does not. */
static void init_MPI_Win_fence_close_delayed(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "MPI_Win_fence_close_delayed";
  sk_mpi_check_count(m, fn, "delay_us", args[4].u.i);
  init_simple_window(m, args, fn, 2, args[3].u.i);
}

static double measure_MPI_Win_fence_close_delayed(sk_mctx *m, const sk_value *args)
{
  window_state *s = (window_state *)m->state;
  long k;
  double start;
  sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0)
    for (k = 0; k < args[3].u.i; k++) put_block(m, s, 1, k);
  sk_mpi_busy_wait((double)args[4].u.i);
  start = MPI_Wtime();
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* MPI_Win_fence_openclose(count, dt, info, doput): a whole fence epoch, opening fence,
** the put of rank 0 to rank 1 if doput, closing fence. */
static void init_MPI_Win_fence_openclose(sk_mctx *m, const sk_value *args)
{
  init_simple_window(m, args, "MPI_Win_fence_openclose", 2, 1);
}

static double measure_MPI_Win_fence_openclose(sk_mctx *m, const sk_value *args)
{
  window_state *s = (window_state *)m->state;
  double start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (args[3].u.i && m->rank == 0) put_block(m, s, 1, 0);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* ---- general active target synchronisation (post, start, complete, wait) ---- */

/* What one PSCW measurement does and times. */
enum pscw_timed { PSCW_START, PSCW_POST, PSCW_COMPLETE, PSCW_STARTCOMPLETE, PSCW_WAIT, PSCW_TEST_LOOP,
                  PSCW_TEST_ONCE, PSCW_WHOLE };
enum pscw_op { PSCW_NONE, PSCW_PUT, PSCW_GET };

typedef struct pscw_plan {
  enum pscw_timed timed;
  enum pscw_op op;            /* done msg_cnt times by the origin to every target */
  long msg_cnt;
  int assertion;              /* MPI_Win_start gets its NOCHECK bit, MPI_Win_post all */
  double post_delay;          /* microseconds target post_delay_rank waits before posting */
  int post_delay_rank;
  double complete_delay;      /* the origin waits between its transfers and MPI_Win_complete */
  double wait_delay;          /* the targets wait between MPI_Win_post and MPI_Win_wait */
} pscw_plan;

static void pscw_plan_init(pscw_plan *p, enum pscw_timed timed, const sk_value *assertion, int doput)
{
  p->timed = timed;
  p->op = doput ? PSCW_PUT : PSCW_NONE;
  p->msg_cnt = 1;
  p->assertion = assertion != NULL ? (int)assertion->u.i : 0;
  p->post_delay = p->complete_delay = p->wait_delay = 0.0;
  p->post_delay_rank = -1;
}

/* Runs one epoch: rank 0 accesses ranks 1..n_targets; returns the time the plan asks
** for on the process that has it, -1 elsewhere. */
static double pscw_run(sk_mctx *m, const pscw_plan *p)
{
  window_state *s = (window_state *)m->state;
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
        if (p->op == PSCW_PUT) put_block(m, s, j, k);
        else if (p->op == PSCW_GET) get_block(m, s, j, k, (j - 1) * p->msg_cnt + k);
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

/* The init of the PSCW measurements with args (count, dt, info, assert[, doput, ...]):
** a window of msg_cnt blocks, all ranks but 0 are targets. */
static void init_pscw(sk_mctx *m, const sk_value *args, const char *fn, int doput, long msg_cnt)
{
  window_state *s;
  check_assert(m, fn, args[3].u.i, MPI_MODE_NOCHECK | MPI_MODE_NOSTORE | (doput ? 0 : MPI_MODE_NOPUT));
  s = init_simple_window(m, args, fn, 2, msg_cnt);
  if (s != NULL) window_groups(m, s, m->size - 1);
}

/* MPI_Win_start(count, dt, info, assert): the MPI_Win_start call of the origin. */
static void init_MPI_Win_start(sk_mctx *m, const sk_value *args) { init_pscw(m, args, "MPI_Win_start", 0, 1); }

static double measure_MPI_Win_start(sk_mctx *m, const sk_value *args)
{
  pscw_plan p;
  pscw_plan_init(&p, PSCW_START, &args[3], 0);
  return pscw_run(m, &p);
}

/* MPI_Win_start_delayed_post(count, dt, info, assert, delay_us, delay_rank): as
** MPI_Win_start, but target delay_rank waits delay_us before posting; shows whether
** MPI_Win_start waits for the posts. */
static void init_MPI_Win_start_delayed_post(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "MPI_Win_start_delayed_post";
  sk_mpi_check_count(m, fn, "delay_us", args[4].u.i);
  sk_mpi_check_rank(m, fn, "delay_rank", args[5].u.i);
  if (!m->failed && args[5].u.i == 0) sk_meas_fail(m, "MPI_Win_start_delayed_post: delay_rank must be a target (1..size-1), rank 0 is the origin");
  init_pscw(m, args, fn, 0, 1);
}

static double measure_MPI_Win_start_delayed_post(sk_mctx *m, const sk_value *args)
{
  pscw_plan p;
  pscw_plan_init(&p, PSCW_START, &args[3], 0);
  p.post_delay = (double)args[4].u.i;
  p.post_delay_rank = (int)args[5].u.i;
  return pscw_run(m, &p);
}

/* MPI_Win_post(count, dt, info, assert): the MPI_Win_post call of the targets. */
static void init_MPI_Win_post(sk_mctx *m, const sk_value *args) { init_pscw(m, args, "MPI_Win_post", 0, 1); }

static double measure_MPI_Win_post(sk_mctx *m, const sk_value *args)
{
  pscw_plan p;
  pscw_plan_init(&p, PSCW_POST, &args[3], 0);
  return pscw_run(m, &p);
}

/* MPI_Win_complete(count, dt, info, assert, doput): the MPI_Win_complete of the origin. */
static void init_MPI_Win_complete(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_complete", args[4].u.i != 0, 1);
}

static double measure_MPI_Win_complete(sk_mctx *m, const sk_value *args)
{
  pscw_plan p;
  pscw_plan_init(&p, PSCW_COMPLETE, &args[3], args[4].u.i != 0);
  return pscw_run(m, &p);
}

/* MPI_Win_startcomplete(count, dt, info, assert, doput): the origin's whole access
** epoch, MPI_Win_start to MPI_Win_complete. */
static void init_MPI_Win_startcomplete(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_startcomplete", args[4].u.i != 0, 1);
}

static double measure_MPI_Win_startcomplete(sk_mctx *m, const sk_value *args)
{
  pscw_plan p;
  pscw_plan_init(&p, PSCW_STARTCOMPLETE, &args[3], args[4].u.i != 0);
  return pscw_run(m, &p);
}

/* MPI_Win_complete_n(count, dt, info, assert, msg_cnt, delay_us): the origin puts
** msg_cnt messages to every target, waits delay_us, and its MPI_Win_complete is timed. */
static void init_MPI_Win_complete_n(sk_mctx *m, const sk_value *args)
{
  sk_mpi_check_count(m, "MPI_Win_complete_n", "delay_us", args[5].u.i);
  init_pscw(m, args, "MPI_Win_complete_n", 1, args[4].u.i);
}

static double measure_MPI_Win_complete_n(sk_mctx *m, const sk_value *args)
{
  pscw_plan p;
  pscw_plan_init(&p, PSCW_COMPLETE, &args[3], 1);
  p.msg_cnt = args[4].u.i;
  p.complete_delay = (double)args[5].u.i;
  return pscw_run(m, &p);
}

/* The PSCW functions with args (count, dt, info, assert, doput, delay_us). */
static void init_pscw_delayed(sk_mctx *m, const sk_value *args, const char *fn)
{
  sk_mpi_check_count(m, fn, "delay_us", args[5].u.i);
  init_pscw(m, args, fn, args[4].u.i != 0, 1);
}

/* MPI_Win_complete_delayed_wait(..., doput, delay_us): the targets wait delay_us before
** MPI_Win_wait; the origin's MPI_Win_complete is timed (does it wait for them?). */
static void init_MPI_Win_complete_delayed_wait(sk_mctx *m, const sk_value *args)
{
  init_pscw_delayed(m, args, "MPI_Win_complete_delayed_wait");
}

static double measure_MPI_Win_complete_delayed_wait(sk_mctx *m, const sk_value *args)
{
  pscw_plan p;
  pscw_plan_init(&p, PSCW_COMPLETE, &args[3], args[4].u.i != 0);
  p.wait_delay = (double)args[5].u.i;
  return pscw_run(m, &p);
}

/* MPI_Win_wait_early_complete(..., doput, delay_us): the origin completes at once, the
** targets wait delay_us and then time their MPI_Win_wait (the epoch is over by then). */
static void init_MPI_Win_wait_early_complete(sk_mctx *m, const sk_value *args)
{
  init_pscw_delayed(m, args, "MPI_Win_wait_early_complete");
}

static double measure_MPI_Win_wait_early_complete(sk_mctx *m, const sk_value *args)
{
  pscw_plan p;
  pscw_plan_init(&p, PSCW_WAIT, &args[3], args[4].u.i != 0);
  p.wait_delay = (double)args[5].u.i;
  return pscw_run(m, &p);
}

/* MPI_Win_wait_delayed_complete(..., doput, delay_us): the origin waits delay_us before
** MPI_Win_complete; the targets' MPI_Win_wait is timed. */
static void init_MPI_Win_wait_delayed_complete(sk_mctx *m, const sk_value *args)
{
  init_pscw_delayed(m, args, "MPI_Win_wait_delayed_complete");
}

static double measure_MPI_Win_wait_delayed_complete(sk_mctx *m, const sk_value *args)
{
  pscw_plan p;
  pscw_plan_init(&p, PSCW_WAIT, &args[3], args[4].u.i != 0);
  p.complete_delay = (double)args[5].u.i;
  return pscw_run(m, &p);
}

/* MPI_Win_test(count, dt, info, assert, doput): the targets end their exposure epoch by
** calling MPI_Win_test until it succeeds; that loop is timed. */
static void init_MPI_Win_test(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_test", args[4].u.i != 0, 1);
}

static double measure_MPI_Win_test(sk_mctx *m, const sk_value *args)
{
  pscw_plan p;
  pscw_plan_init(&p, PSCW_TEST_LOOP, &args[3], args[4].u.i != 0);
  return pscw_run(m, &p);
}

/* MPI_Win_test_delayed(..., doput, delay_us): the origin waits delay_us before
** MPI_Win_complete; the targets time ONE MPI_Win_test made while the epoch is still
** open (it normally fails) and then finish with MPI_Win_wait. */
static void init_MPI_Win_test_delayed(sk_mctx *m, const sk_value *args)
{
  init_pscw_delayed(m, args, "MPI_Win_test_delayed");
}

static double measure_MPI_Win_test_delayed(sk_mctx *m, const sk_value *args)
{
  pscw_plan p;
  pscw_plan_init(&p, PSCW_TEST_ONCE, &args[3], args[4].u.i != 0);
  p.complete_delay = (double)args[5].u.i;
  return pscw_run(m, &p);
}

/* The "dedicated" functions: a PSCW epoch between rank 0 (origin) and rank 1 (target)
** only, timed whole on both: MPI_Put_dedicated(count, dt, info),
** MPI_Get_dedicated(count, dt, info), Combining_dedicated(count, dt, info, msg_cnt). */
static void init_dedicated(sk_mctx *m, const sk_value *args, const char *fn, long msg_cnt)
{
  window_state *s = init_simple_window(m, args, fn, 2, msg_cnt);
  if (s == NULL) return;
  m->recv_usage = s->block * (size_t)msg_cnt;
  window_groups(m, s, 1);
}

static void init_MPI_Put_dedicated(sk_mctx *m, const sk_value *args) { init_dedicated(m, args, "MPI_Put_dedicated", 1); }
static void init_MPI_Get_dedicated(sk_mctx *m, const sk_value *args) { init_dedicated(m, args, "MPI_Get_dedicated", 1); }

static void init_Combining_dedicated(sk_mctx *m, const sk_value *args)
{
  init_dedicated(m, args, "Combining_dedicated", args[3].u.i);
}

static double measure_MPI_Put_dedicated(sk_mctx *m, const sk_value *args)
{
  pscw_plan p;
  pscw_plan_init(&p, PSCW_WHOLE, NULL, 1);
  (void)args;
  return pscw_run(m, &p);
}

static double measure_MPI_Get_dedicated(sk_mctx *m, const sk_value *args)
{
  pscw_plan p;
  pscw_plan_init(&p, PSCW_WHOLE, NULL, 0);
  p.op = PSCW_GET;
  (void)args;
  return pscw_run(m, &p);
}

static double measure_Combining_dedicated(sk_mctx *m, const sk_value *args)
{
  pscw_plan p;
  pscw_plan_init(&p, PSCW_WHOLE, NULL, 1);
  p.msg_cnt = args[3].u.i;
  return pscw_run(m, &p);
}

/* ---- window creation and destruction ---- */

/* MPI_Win_create(count, dt, info): the creation of a window of count elements (freed
** after the timing); init only allocates the memory. */
static void init_MPI_Win_create(sk_mctx *m, const sk_value *args)
{
  window_state *s = window_setup(m, "MPI_Win_create", args[0].u.i, args[1].u.dt, &args[2], 1, 0);
  m->send_usage = m->recv_usage = 0;
  (void)s;
}

static double measure_MPI_Win_create(sk_mctx *m, const sk_value *args)
{
  window_state *s = (window_state *)m->state;
  MPI_Win win;
  double start, end;
  start = sk_sync_start(m);
  MPI_Win_create(s->memory, s->memory_size, 1, info_of(&args[2]), sk_mpi_comm(m), &win);
  end = sk_sync_stop(m);
  MPI_Win_free(&win);
  return end - start;
}

/* MPI_Win_free(count, dt, info, doput): a window is created and, with doput, used for
** one fence epoch in which rank 0 puts to rank 1 (all untimed); MPI_Win_free is timed. */
static void init_MPI_Win_free(sk_mctx *m, const sk_value *args)
{
  window_state *s;
  sk_mpi_check_procs(m, "MPI_Win_free", 2);
  s = window_setup(m, "MPI_Win_free", args[0].u.i, args[1].u.dt, &args[2], 1, 0);
  if (s == NULL) return;
  m->send_usage = s->block;
  m->recv_usage = 0;
}

static double measure_MPI_Win_free(sk_mctx *m, const sk_value *args)
{
  window_state *s = (window_state *)m->state;
  double start;
  MPI_Win_create(s->memory, s->memory_size, 1, info_of(&args[2]), sk_mpi_comm(m), &s->win);
  if (args[3].u.i) {
    MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
    if (m->rank == 0) put_block(m, s, 1, 0);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  }
  start = sk_sync_start(m);
  MPI_Win_free(&s->win);
  s->win = MPI_WIN_NULL;
  return sk_sync_stop(m) - start;
}

/* ---- passive target: locks ---- */

/* The lock functions: args (count, dt, info, assert, lock_type, dest, ...); only rank 0
** locks the window of dest. */
static void init_lock(sk_mctx *m, const sk_value *args, const char *fn)
{
  int lock_type;
  check_assert(m, fn, args[3].u.i, MPI_MODE_NOCHECK);
  check_lock_type(m, fn, args[4].u.i, &lock_type);
  sk_mpi_check_rank(m, fn, "dest", args[5].u.i);
  init_simple_window(m, args, fn, 1, 1);
}

/* MPI_Win_lock(count, dt, info, assert, lock_type, dest): rank 0's MPI_Win_lock call
** (many libraries acquire the lock lazily, then the cost shows in MPI_Win_unlock). */
static void init_MPI_Win_lock(sk_mctx *m, const sk_value *args) { init_lock(m, args, "MPI_Win_lock"); }

static double lock_timed(sk_mctx *m, const sk_value *args, double target_delay)
{
  window_state *s = (window_state *)m->state;
  int dest = (int)args[5].u.i;
  double start, result = -1.0;
  sk_sync_start(m);
  if (m->rank == 0) {
    start = MPI_Wtime();
    MPI_Win_lock(lock_type_of(args[4].u.i), dest, (int)args[3].u.i, s->win);
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
  return lock_timed(m, args, 0.0);
}

/* MPI_Win_lock_desync(count, dt, info, assert, lock_type, dest, delay_us): as
** MPI_Win_lock, but the target dest is "desynchronised": it spends delay_us in a busy
** loop without MPI calls while rank 0 locks its window (does the lock need the target?). */
static void init_MPI_Win_lock_desync(sk_mctx *m, const sk_value *args)
{
  sk_mpi_check_count(m, "MPI_Win_lock_desync", "delay_us", args[6].u.i);
  init_lock(m, args, "MPI_Win_lock_desync");
}

static double measure_MPI_Win_lock_desync(sk_mctx *m, const sk_value *args)
{
  return lock_timed(m, args, (double)args[6].u.i);
}

/* MPI_Win_unlock(count, dt, info, assert, lock_type, dest, doput, delay_us): rank 0
** locks dest, puts one message if doput, waits delay_us, and its MPI_Win_unlock is
** timed. */
static void init_MPI_Win_unlock(sk_mctx *m, const sk_value *args)
{
  sk_mpi_check_count(m, "MPI_Win_unlock", "delay_us", args[7].u.i);
  init_lock(m, args, "MPI_Win_unlock");
}

static double measure_MPI_Win_unlock(sk_mctx *m, const sk_value *args)
{
  window_state *s = (window_state *)m->state;
  int dest = (int)args[5].u.i;
  double start, result = -1.0;
  sk_sync_start(m);
  if (m->rank == 0) {
    MPI_Win_lock(lock_type_of(args[4].u.i), dest, (int)args[3].u.i, s->win);
    if (args[6].u.i) put_block(m, s, dest, 0);
    sk_mpi_busy_wait((double)args[7].u.i);
    start = MPI_Wtime();
    MPI_Win_unlock(dest, s->win);
    result = MPI_Wtime() - start;
  }
  sk_sync_stop(m);
  return result;
}

/* ---- put, get, accumulate: pairwise ---- */

/* The pairwise functions with args (count, dt, info): window of one block. */
#define PAIRWISE_INIT(NAME) \
  static void init_##NAME(sk_mctx *m, const sk_value *args) { init_simple_window(m, args, #NAME, 2, 1); }

PAIRWISE_INIT(MPI_Put_Pingpong)
PAIRWISE_INIT(MPI_Put_fence_bidirectional)
PAIRWISE_INIT(MPI_Put_callduration)
PAIRWISE_INIT(MPI_Put_passive)
PAIRWISE_INIT(MPI_Put_fence)
PAIRWISE_INIT(MPI_Get_Pingpong)
PAIRWISE_INIT(MPI_Get_callduration)
PAIRWISE_INIT(MPI_Get_passive)
PAIRWISE_INIT(MPI_Get_fence)

/* MPI_Put_Pingpong / MPI_Get_Pingpong: rank 0 transfers to (from) rank 1, fence, rank 1
** to (from) rank 0, fence: a round trip made of two fence epochs. */
static double pingpong_fenced(sk_mctx *m, int use_get)
{
  window_state *s = (window_state *)m->state;
  double start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0) { if (use_get) get_block(m, s, 1, 0, 0); else put_block(m, s, 1, 0); }
  MPI_Win_fence(0, s->win);
  if (m->rank == 1) { if (use_get) get_block(m, s, 0, 0, 0); else put_block(m, s, 0, 0); }
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

static double measure_MPI_Put_Pingpong(sk_mctx *m, const sk_value *args) { (void)args; return pingpong_fenced(m, 0); }
static double measure_MPI_Get_Pingpong(sk_mctx *m, const sk_value *args) { (void)args; return pingpong_fenced(m, 1); }

/* MPI_Put_fence_bidirectional: ranks 0 and 1 put to each other in one fence epoch. */
static double measure_MPI_Put_fence_bidirectional(sk_mctx *m, const sk_value *args)
{
  window_state *s = (window_state *)m->state;
  double start = sk_sync_start(m);
  (void)args;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank < 2) put_block(m, s, 1 - m->rank, 0);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* MPI_Put_fence / MPI_Get_fence: one fence epoch with a transfer of rank 0. */
static double transfer_fenced(sk_mctx *m, int use_get)
{
  window_state *s = (window_state *)m->state;
  double start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0) { if (use_get) get_block(m, s, 1, 0, 0); else put_block(m, s, 1, 0); }
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

static double measure_MPI_Put_fence(sk_mctx *m, const sk_value *args) { (void)args; return transfer_fenced(m, 0); }
static double measure_MPI_Get_fence(sk_mctx *m, const sk_value *args) { (void)args; return transfer_fenced(m, 1); }

/* MPI_Put_callduration / MPI_Get_callduration: the duration of the MPI_Put (MPI_Get)
** call of rank 0 inside a fence epoch. */
static double transfer_call(sk_mctx *m, int use_get)
{
  window_state *s = (window_state *)m->state;
  double start, result = -1.0;
  sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0) {
    start = MPI_Wtime();
    if (use_get) get_block(m, s, 1, 0, 0); else put_block(m, s, 1, 0);
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
  window_state *s = (window_state *)m->state;
  double start, result = -1.0;
  sk_sync_start(m);
  if (m->rank == 0) {
    start = MPI_Wtime();
    MPI_Win_lock(use_get ? MPI_LOCK_SHARED : MPI_LOCK_EXCLUSIVE, 1, 0, s->win);
    if (use_get) get_block(m, s, 1, 0, 0); else put_block(m, s, 1, 0);
    MPI_Win_unlock(1, s->win);
    result = MPI_Wtime() - start;
  }
  sk_sync_stop(m);
  return result;
}

static double measure_MPI_Put_passive(sk_mctx *m, const sk_value *args) { (void)args; return transfer_passive(m, 0); }
static double measure_MPI_Get_passive(sk_mctx *m, const sk_value *args) { (void)args; return transfer_passive(m, 1); }

/* MPI_Put_passive_concurrent(count, dt, info, lock_type): every rank but 0 locks rank
** 0's window with lock_type, puts into its own slot, unlocks; each times its epoch. */
static void init_MPI_Put_passive_concurrent(sk_mctx *m, const sk_value *args)
{
  int lock_type;
  check_lock_type(m, "MPI_Put_passive_concurrent", args[3].u.i, &lock_type);
  init_simple_window(m, args, "MPI_Put_passive_concurrent", 2, m->size);
}

static double measure_MPI_Put_passive_concurrent(sk_mctx *m, const sk_value *args)
{
  window_state *s = (window_state *)m->state;
  double start, result = -1.0;
  sk_sync_start(m);
  if (m->rank != 0) {
    start = MPI_Wtime();
    MPI_Win_lock(lock_type_of(args[3].u.i), 0, 0, s->win);
    put_block(m, s, 0, m->rank);
    MPI_Win_unlock(0, s->win);
    result = MPI_Wtime() - start;
  }
  sk_sync_stop(m);
  return result;
}

/* MPI_Accumulate(count, dt, info, op): one fence epoch in which rank 0 accumulates into
** rank 1's window. */
static void init_MPI_Accumulate(sk_mctx *m, const sk_value *args)
{
  sk_mpi_check_op(m, "MPI_Accumulate", args[3].u.op, args[1].u.dt, 1);
  init_simple_window(m, args, "MPI_Accumulate", 2, 1);
}

static double measure_MPI_Accumulate(sk_mctx *m, const sk_value *args)
{
  window_state *s = (window_state *)m->state;
  double start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0) accumulate_block(m, s, 1, 0, args[3].u.op->mpi);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* MPI_Accumulate_concurrent(count, dt, info, op, disjoint) and
** MPI_Accumulate_concurrent_multi(count, dt, info, msg_cnt, op, disjoint): in one fence
** epoch every rank but 0 accumulates msg_cnt messages into rank 0's window -- all into
** the same msg_cnt slots, or, if disjoint, each into slots of its own. */
static void init_accumulate_concurrent(sk_mctx *m, const sk_value *args, const char *fn, long msg_cnt,
                                       const sk_opdef *op)
{
  sk_mpi_check_count(m, fn, "msg_cnt", msg_cnt);
  if (!m->failed && msg_cnt > INT_MAX / m->size) sk_meas_fail(m, "accumulate: msg_cnt is too large");
  sk_mpi_check_op(m, fn, op, args[1].u.dt, 1);
  init_simple_window(m, args, fn, 2, msg_cnt * m->size);
}

static double accumulate_concurrent(sk_mctx *m, long msg_cnt, const sk_opdef *op, int disjoint)
{
  window_state *s = (window_state *)m->state;
  long k;
  double start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank != 0)
    for (k = 0; k < msg_cnt; k++) accumulate_block(m, s, 0, disjoint ? m->rank * msg_cnt + k : k, op->mpi);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

static void init_MPI_Accumulate_concurrent(sk_mctx *m, const sk_value *args)
{
  init_accumulate_concurrent(m, args, "MPI_Accumulate_concurrent", 1, args[3].u.op);
}

static double measure_MPI_Accumulate_concurrent(sk_mctx *m, const sk_value *args)
{
  return accumulate_concurrent(m, 1, args[3].u.op, args[4].u.i != 0);
}

static void init_MPI_Accumulate_concurrent_multi(sk_mctx *m, const sk_value *args)
{
  init_accumulate_concurrent(m, args, "MPI_Accumulate_concurrent_multi", args[3].u.i, args[4].u.op);
}

static double measure_MPI_Accumulate_concurrent_multi(sk_mctx *m, const sk_value *args)
{
  return accumulate_concurrent(m, args[3].u.i, args[4].u.op, args[5].u.i != 0);
}

/* Caching(count, dt, info, delay_us): rank 0 reads the same data of rank 1 twice with
** passive target (shared lock, MPI_Get, unlock), delay_us apart; the second access is
** timed -- cheaper than the first if the library caches the remote window. */
static void init_Caching(sk_mctx *m, const sk_value *args)
{
  sk_mpi_check_count(m, "Caching", "delay_us", args[3].u.i);
  init_simple_window(m, args, "Caching", 2, 1);
}

static double measure_Caching(sk_mctx *m, const sk_value *args)
{
  window_state *s = (window_state *)m->state;
  double start, result = -1.0;
  sk_sync_start(m);
  if (m->rank == 0) {
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, s->win);
    get_block(m, s, 1, 0, 0);
    MPI_Win_unlock(1, s->win);
    sk_mpi_busy_wait((double)args[3].u.i);
    start = MPI_Wtime();
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, s->win);
    get_block(m, s, 1, 0, 0);
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
  init_simple_window(m, args, "Combining_fence", 2, args[3].u.i);
}

static double measure_Combining_fence(sk_mctx *m, const sk_value *args)
{
  window_state *s = (window_state *)m->state;
  long k;
  double start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0)
    for (k = 0; k < args[3].u.i; k++) put_block(m, s, 1, k);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* ---- passive target with active waiting of the target (MPI_INT messages) ---- */

#define NOTICE_TAG 3

/* The init of the activewait family: args (count, info[, delay_us]). */
static window_state *init_activewait(sk_mctx *m, const sk_value *args, const char *fn, int has_delay,
                                     long min_count)
{
  window_state *s;
  char msg[200];
  sk_mpi_check_procs(m, fn, 2);
  if (has_delay) sk_mpi_check_count(m, fn, "delay_us", args[2].u.i);
  if (!m->failed && args[0].u.i < min_count) {
    sprintf(msg, "%.60s: count %ld must be at least %ld", fn, args[0].u.i, min_count);
    sk_meas_fail(m, msg);
  }
  s = window_setup(m, fn, args[0].u.i, int_type(), &args[1], 1, 1);
  if (s == NULL) return NULL;
  m->send_usage = s->block;
  m->recv_usage = s->block;
  return s;
}

/* MPI_Put_activewait_get(count, info): rank 0 puts count ints into rank 1's window with
** passive target; the last int carries the number of the measurement. Rank 1 waits
** actively by reading that int from its own window (lock, MPI_Get, unlock) until the
** number arrives, backing off between polls (1, 2, 4 ... 64 microseconds) so that it
** does not starve the origin's lock. Both time their part. (Gives up after 60 s and fails
** the measurement with a message rather than hanging if the data never arrives.) */
static void init_MPI_Put_activewait_get(sk_mctx *m, const sk_value *args)
{
  /* the window starts zeroed and the measurement numbers start at 1 */
  init_activewait(m, args, "MPI_Put_activewait_get", 0, 1);
}

#define ACTIVEWAIT_GIVE_UP 60.0   /* seconds */

static double measure_MPI_Put_activewait_get(sk_mctx *m, const sk_value *args)
{
  window_state *s = (window_state *)m->state;
  int seen = -1, last = s->count - 1;
  double start, result = -1.0;
  (void)args;
  s->stamp++;
  if (m->rank == 0) ((int *)m->send_buf)[last] = s->stamp;
  start = sk_sync_start(m);
  if (m->rank == 0) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, s->win);
    put_block(m, s, 1, 0);
    MPI_Win_unlock(1, s->win);
    result = MPI_Wtime() - start;
  } else if (m->rank == 1) {
    double backoff = 1.0;
    for (;;) {
      MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, s->win);
      MPI_Get(&seen, 1, MPI_INT, 1, (MPI_Aint)(sizeof(int) * (size_t)last), 1, MPI_INT, s->win);
      MPI_Win_unlock(1, s->win);
      if (seen == s->stamp) { result = MPI_Wtime() - start; break; }
      if (MPI_Wtime() - start > ACTIVEWAIT_GIVE_UP) {
        sk_meas_fail(m, "MPI_Put_activewait_get: the data put by rank 0 did not arrive within 60 s");
        break;
      }
      /* leave the lock free for a while, so that the origin's exclusive lock is not starved */
      sk_mpi_busy_wait(backoff);
      if (backoff < 64.0) backoff *= 2.0;
    }
  }
  sk_sync_stop(m);
  return result;
}

/* The activewait functions with a two-sided notice: rank 0 does its passive-target
** epoch on rank 1 (put with an exclusive lock, accumulate MPI_SUM, or get with a shared
** lock) and then sends an empty notice; rank 1 first spends delay_us without MPI calls
** (the _sleep variants), then waits for the notice -- with MPI_Recv, or (the Get
** variants) actively with an MPI_Iprobe loop. Both time their part. */
enum activewait_op { AW_PUT, AW_ACCUMULATE, AW_GET };

static double activewait_notice(sk_mctx *m, enum activewait_op op, double delay, int probe)
{
  window_state *s = (window_state *)m->state;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  int flag = 0;
  double start, result = -1.0;
  start = sk_sync_start(m);
  if (m->rank == 0) {
    MPI_Win_lock(op == AW_GET ? MPI_LOCK_SHARED : MPI_LOCK_EXCLUSIVE, 1, 0, s->win);
    if (op == AW_PUT) put_block(m, s, 1, 0);
    else if (op == AW_ACCUMULATE) accumulate_block(m, s, 1, 0, MPI_SUM);
    else get_block(m, s, 1, 0, 0);
    MPI_Win_unlock(1, s->win);
    result = MPI_Wtime() - start;
    MPI_Send(NULL, 0, MPI_INT, 1, NOTICE_TAG, comm);
  } else if (m->rank == 1) {
    sk_mpi_busy_wait(delay);
    if (probe) do MPI_Iprobe(0, NOTICE_TAG, comm, &flag, &status); while (!flag);
    MPI_Recv(NULL, 0, MPI_INT, 0, NOTICE_TAG, comm, &status);
    result = MPI_Wtime() - start;
  }
  sk_sync_stop(m);
  return result;
}

static void init_MPI_Put_activewait_twosided(sk_mctx *m, const sk_value *args)
{
  init_activewait(m, args, "MPI_Put_activewait_twosided", 0, 0);
}

static double measure_MPI_Put_activewait_twosided(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return activewait_notice(m, AW_PUT, 0.0, 0);
}

static void init_MPI_Put_activewait_twosided_sleep(sk_mctx *m, const sk_value *args)
{
  init_activewait(m, args, "MPI_Put_activewait_twosided_sleep", 1, 0);
}

static double measure_MPI_Put_activewait_twosided_sleep(sk_mctx *m, const sk_value *args)
{
  return activewait_notice(m, AW_PUT, (double)args[2].u.i, 0);
}

static void init_MPI_Get_activewait(sk_mctx *m, const sk_value *args)
{
  init_activewait(m, args, "MPI_Get_activewait", 0, 0);
}

static double measure_MPI_Get_activewait(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return activewait_notice(m, AW_GET, 0.0, 1);
}

static void init_MPI_Get_activewait_sleep(sk_mctx *m, const sk_value *args)
{
  init_activewait(m, args, "MPI_Get_activewait_sleep", 1, 0);
}

static double measure_MPI_Get_activewait_sleep(sk_mctx *m, const sk_value *args)
{
  return activewait_notice(m, AW_GET, (double)args[2].u.i, 1);
}

static void init_MPI_Accumulate_activewait_twosided(sk_mctx *m, const sk_value *args)
{
  init_activewait(m, args, "MPI_Accumulate_activewait_twosided", 0, 0);
}

static double measure_MPI_Accumulate_activewait_twosided(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return activewait_notice(m, AW_ACCUMULATE, 0.0, 0);
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
  window_state *s;
  sk_mpi_check_procs(m, fn, 2);
  if (!m->failed && args[0].u.i > INT_MAX / 2) sk_meas_fail(m, "Datatype: count is too large");
  s = window_setup(m, fn, 2 * args[0].u.i, int_type(), &args[1], 1, 1);
  if (s == NULL) return;
  m->send_usage = m->recv_usage = s->block;
  m->reported_size = args[0].u.i * (long)sizeof(int);
  s->count = (int)args[0].u.i;
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
  window_state *s = (window_state *)m->state;
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

#define DATATYPE_FUNCTION(NAME, SHAPE, USE_GET, EVERYTIME) \
  static void init_##NAME(sk_mctx *m, const sk_value *args) { init_datatype(m, args, #NAME, SHAPE); } \
  static double measure_##NAME(sk_mctx *m, const sk_value *args) \
  { (void)args; return datatype_epoch(m, SHAPE, USE_GET, EVERYTIME); }

DATATYPE_FUNCTION(Datatype_int, SHAPE_INT, 0, 0)
DATATYPE_FUNCTION(Datatype_simple, SHAPE_CONTIGUOUS, 0, 0)
DATATYPE_FUNCTION(Datatype_simple_Get, SHAPE_CONTIGUOUS, 1, 0)
DATATYPE_FUNCTION(Datatype_complex_once, SHAPE_VECTOR, 0, 0)
DATATYPE_FUNCTION(Datatype_complex_everytime, SHAPE_VECTOR, 0, 1)
DATATYPE_FUNCTION(Datatype_complex_mixed_once, SHAPE_MIXED, 0, 0)
DATATYPE_FUNCTION(Datatype_complex_mixed_everytime, SHAPE_MIXED, 0, 1)
DATATYPE_FUNCTION(Datatype_complex_Get, SHAPE_VECTOR, 1, 0)

/* ---- many-to-many patterns ---- */

/* MPI_Put_Shift(count, dt, info, distance): in one fence epoch every process puts to
** rank (rank + distance) mod size (distance may be negative). */
static void init_MPI_Put_Shift(sk_mctx *m, const sk_value *args)
{
  init_simple_window(m, args, "MPI_Put_Shift", 1, 1);
}

static double measure_MPI_Put_Shift(sk_mctx *m, const sk_value *args)
{
  window_state *s = (window_state *)m->state;
  int target = (int)(((m->rank + args[3].u.i) % m->size + m->size) % m->size);
  double start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  put_block(m, s, target, 0);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* MPI_Put_Exchange(count, dt, info, msg_cnt): the one-sided Exchange: every process puts
** msg_cnt messages to every other process (slot rank*msg_cnt+k there) in one fence
** epoch. MPI_Put_Exchange_passive: the same with a shared lock per target instead. */
static void init_put_exchange(sk_mctx *m, const sk_value *args, const char *fn)
{
  long msg_cnt = args[3].u.i;
  sk_mpi_check_count(m, fn, "msg_cnt", msg_cnt);
  if (!m->failed && msg_cnt > INT_MAX / m->size) sk_meas_fail(m, "MPI_Put_Exchange: msg_cnt is too large");
  init_simple_window(m, args, fn, 1, msg_cnt * m->size);
}

static void put_exchange_to(sk_mctx *m, window_state *s, int target, long msg_cnt)
{
  long k;
  for (k = 0; k < msg_cnt; k++) put_block(m, s, target, m->rank * msg_cnt + k);
}

static void init_MPI_Put_Exchange(sk_mctx *m, const sk_value *args) { init_put_exchange(m, args, "MPI_Put_Exchange"); }

static double measure_MPI_Put_Exchange(sk_mctx *m, const sk_value *args)
{
  window_state *s = (window_state *)m->state;
  int j;
  double start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  for (j = 0; j < m->size; j++)
    if (j != m->rank) put_exchange_to(m, s, j, args[3].u.i);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

static void init_MPI_Put_Exchange_passive(sk_mctx *m, const sk_value *args)
{
  init_put_exchange(m, args, "MPI_Put_Exchange_passive");
}

static double measure_MPI_Put_Exchange_passive(sk_mctx *m, const sk_value *args)
{
  window_state *s = (window_state *)m->state;
  int j;
  double start = sk_sync_start(m);
  for (j = 0; j < m->size; j++)
    if (j != m->rank) {
      MPI_Win_lock(MPI_LOCK_SHARED, j, 0, s->win);
      put_exchange_to(m, s, j, args[3].u.i);
      MPI_Win_unlock(j, s->win);
    }
  return sk_sync_stop(m) - start;
}

/* onesided_bcast(count, dt, info, bcast_count): bcast_count broadcasts from rank 0 made
** of puts, one fence epoch each; onesided_alltoall(count, dt, info, alltoall_count):
** likewise all-to-alls (every process puts a block to every process, itself included,
** slot = its rank). Both return the time of one operation (the average). */
static void init_onesided_repeated(sk_mctx *m, const sk_value *args, const char *fn, long slots)
{
  window_state *s;
  sk_mpi_check_count(m, fn, "repetition count", args[3].u.i);
  s = init_simple_window(m, args, fn, 1, slots);
  if (s != NULL) m->send_usage = s->block * (size_t)slots;
}

static void init_onesided_bcast(sk_mctx *m, const sk_value *args)
{
  init_onesided_repeated(m, args, "onesided_bcast", 1);
}

static void init_onesided_alltoall(sk_mctx *m, const sk_value *args)
{
  init_onesided_repeated(m, args, "onesided_alltoall", m->size);
}

static double onesided_repeated(sk_mctx *m, long n, int alltoall)
{
  window_state *s = (window_state *)m->state;
  long i;
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
        put_block(m, s, j, 0);
    }
    MPI_Win_fence(i == n - 1 ? MPI_MODE_NOSUCCEED : 0, s->win);
  }
  return (sk_sync_stop(m) - start) / (double)n;
}

static double measure_onesided_bcast(sk_mctx *m, const sk_value *args) { return onesided_repeated(m, args[3].u.i, 0); }
static double measure_onesided_alltoall(sk_mctx *m, const sk_value *args) { return onesided_repeated(m, args[3].u.i, 1); }

/* onesided_reduce(count, dt, info, op): every process accumulates its block into rank
** 0's window in one fence epoch (root fixed at 0); onesided_allreduce: every process
** accumulates into every process's window, itself included. */
static void init_onesided_reduction(sk_mctx *m, const sk_value *args, const char *fn)
{
  sk_mpi_check_op(m, fn, args[3].u.op, args[1].u.dt, 1);
  init_simple_window(m, args, fn, 1, 1);
}

static void init_onesided_reduce(sk_mctx *m, const sk_value *args) { init_onesided_reduction(m, args, "onesided_reduce"); }
static void init_onesided_allreduce(sk_mctx *m, const sk_value *args) { init_onesided_reduction(m, args, "onesided_allreduce"); }

static double onesided_reduction(sk_mctx *m, const sk_value *args, int everywhere)
{
  window_state *s = (window_state *)m->state;
  int j;
  double start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  for (j = 0; j < (everywhere ? m->size : 1); j++) accumulate_block(m, s, j, 0, args[3].u.op->mpi);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

static double measure_onesided_reduce(sk_mctx *m, const sk_value *args) { return onesided_reduction(m, args, 0); }
static double measure_onesided_allreduce(sk_mctx *m, const sk_value *args) { return onesided_reduction(m, args, 1); }

/* onesided_borderexchange(count, info, iteration_count, compute) and
** onesided_borderexchange_fence: the ring stencil of twosided_borderexchange with puts
** (each process puts count ints into slot 0 of its right and slot 1 of its left
** neighbour), synchronised by PSCW with the neighbours or by fences. Returns the time of
** one iteration (the average). */
static void init_onesided_borderexchange_any(sk_mctx *m, const sk_value *args, const char *fn, int pscw)
{
  window_state *s;
  check_borderexchange(m, fn, args, 2);
  s = window_setup(m, fn, args[0].u.i, int_type(), &args[1], 2, 1);
  if (s == NULL) return;
  m->send_usage = s->block;
  m->recv_usage = 0;
  if (pscw) {
    MPI_Group all;
    int neighbours[2];
    neighbours[0] = left_of(m);
    neighbours[1] = right_of(m);
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

static double onesided_borderexchange(sk_mctx *m, const sk_value *args, int pscw)
{
  window_state *s = (window_state *)m->state;
  long i, iterations = args[2].u.i;
  double compute = (double)args[3].u.i, start;
  if (iterations <= 0) return 0.0;
  start = sk_sync_start(m);
  if (!pscw) MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  for (i = 0; i < iterations; i++) {
    if (pscw) {
      MPI_Win_post(s->targets, 0, s->win);
      MPI_Win_start(s->targets, 0, s->win);
    }
    put_block(m, s, right_of(m), 0);
    put_block(m, s, left_of(m), 1);
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
  return onesided_borderexchange(m, args, 1);
}

static double measure_onesided_borderexchange_fence(sk_mctx *m, const sk_value *args)
{
  return onesided_borderexchange(m, args, 0);
}

#endif /* SK_MPI_LEVEL >= 2 */

static const sk_measurement mpi_onesided_table[] = {
#if SK_MPI_LEVEL >= 2
  { "MPI_Win_fence_open", "itni", SK_PATTERN_COLLECTIVE, init_MPI_Win_fence_open, measure_MPI_Win_fence_open, finalize_window, 1 },
  { "MPI_Win_fence_close", "itnii", SK_PATTERN_COLLECTIVE, init_MPI_Win_fence_close, measure_MPI_Win_fence_close, finalize_window, 2 },
  { "MPI_Win_fence_close_collective", "itnii", SK_PATTERN_COLLECTIVE, init_MPI_Win_fence_close_collective,
    measure_MPI_Win_fence_close_collective, finalize_window, 2 },
  { "MPI_Win_fence_close_delayed", "itnii", SK_PATTERN_COLLECTIVE, init_MPI_Win_fence_close_delayed,
    measure_MPI_Win_fence_close_delayed, finalize_window, 2 },
  { "MPI_Win_fence_openclose", "itni", SK_PATTERN_COLLECTIVE, init_MPI_Win_fence_openclose, measure_MPI_Win_fence_openclose,
    finalize_window, 2 },
  { "MPI_Win_start", "itni", SK_PATTERN_COLLECTIVE, init_MPI_Win_start, measure_MPI_Win_start, finalize_window, 2 },
  { "MPI_Win_start_delayed_post", "itniii", SK_PATTERN_COLLECTIVE, init_MPI_Win_start_delayed_post,
    measure_MPI_Win_start_delayed_post, finalize_window, 2 },
  { "MPI_Win_post", "itni", SK_PATTERN_COLLECTIVE, init_MPI_Win_post, measure_MPI_Win_post, finalize_window, 2 },
  { "MPI_Win_complete", "itnii", SK_PATTERN_COLLECTIVE, init_MPI_Win_complete, measure_MPI_Win_complete, finalize_window, 2 },
  { "MPI_Win_startcomplete", "itnii", SK_PATTERN_COLLECTIVE, init_MPI_Win_startcomplete, measure_MPI_Win_startcomplete,
    finalize_window, 2 },
  { "MPI_Win_complete_n", "itniii", SK_PATTERN_COLLECTIVE, init_MPI_Win_complete_n, measure_MPI_Win_complete_n, finalize_window, 2 },
  { "MPI_Win_complete_delayed_wait", "itniii", SK_PATTERN_COLLECTIVE, init_MPI_Win_complete_delayed_wait,
    measure_MPI_Win_complete_delayed_wait, finalize_window, 2 },
  { "MPI_Win_wait_early_complete", "itniii", SK_PATTERN_COLLECTIVE, init_MPI_Win_wait_early_complete,
    measure_MPI_Win_wait_early_complete, finalize_window, 2 },
  { "MPI_Win_wait_delayed_complete", "itniii", SK_PATTERN_COLLECTIVE, init_MPI_Win_wait_delayed_complete,
    measure_MPI_Win_wait_delayed_complete, finalize_window, 2 },
  { "MPI_Win_test", "itnii", SK_PATTERN_COLLECTIVE, init_MPI_Win_test, measure_MPI_Win_test, finalize_window, 2 },
  { "MPI_Win_test_delayed", "itniii", SK_PATTERN_COLLECTIVE, init_MPI_Win_test_delayed, measure_MPI_Win_test_delayed,
    finalize_window, 2 },
  { "MPI_Win_create", "itn", SK_PATTERN_COLLECTIVE, init_MPI_Win_create, measure_MPI_Win_create, finalize_window, 1 },
  { "MPI_Win_free", "itni", SK_PATTERN_COLLECTIVE, init_MPI_Win_free, measure_MPI_Win_free, finalize_window, 2 },
  { "MPI_Win_lock", "itniii", SK_PATTERN_COLLECTIVE, init_MPI_Win_lock, measure_MPI_Win_lock, finalize_window, 1 },
  { "MPI_Win_lock_desync", "itniiii", SK_PATTERN_COLLECTIVE, init_MPI_Win_lock_desync, measure_MPI_Win_lock_desync,
    finalize_window, 1 },
  { "MPI_Win_unlock", "itniiiii", SK_PATTERN_COLLECTIVE, init_MPI_Win_unlock, measure_MPI_Win_unlock, finalize_window, 1 },
  { "MPI_Put_Pingpong", "itn", SK_PATTERN_COLLECTIVE, init_MPI_Put_Pingpong, measure_MPI_Put_Pingpong, finalize_window, 2 },
  { "MPI_Put_fence_bidirectional", "itn", SK_PATTERN_COLLECTIVE, init_MPI_Put_fence_bidirectional,
    measure_MPI_Put_fence_bidirectional, finalize_window, 2 },
  { "MPI_Put_callduration", "itn", SK_PATTERN_COLLECTIVE, init_MPI_Put_callduration, measure_MPI_Put_callduration,
    finalize_window, 2 },
  { "MPI_Put_dedicated", "itn", SK_PATTERN_COLLECTIVE, init_MPI_Put_dedicated, measure_MPI_Put_dedicated, finalize_window, 2 },
  { "MPI_Put_passive", "itn", SK_PATTERN_COLLECTIVE, init_MPI_Put_passive, measure_MPI_Put_passive, finalize_window, 2 },
  { "MPI_Put_passive_concurrent", "itni", SK_PATTERN_COLLECTIVE, init_MPI_Put_passive_concurrent,
    measure_MPI_Put_passive_concurrent, finalize_window, 2 },
  { "MPI_Put_fence", "itn", SK_PATTERN_COLLECTIVE, init_MPI_Put_fence, measure_MPI_Put_fence, finalize_window, 2 },
  { "MPI_Put_activewait_get", "in", SK_PATTERN_COLLECTIVE, init_MPI_Put_activewait_get, measure_MPI_Put_activewait_get,
    finalize_window, 2 },
  { "MPI_Put_activewait_twosided", "in", SK_PATTERN_COLLECTIVE, init_MPI_Put_activewait_twosided,
    measure_MPI_Put_activewait_twosided, finalize_window, 2 },
  { "MPI_Put_activewait_twosided_sleep", "ini", SK_PATTERN_COLLECTIVE, init_MPI_Put_activewait_twosided_sleep,
    measure_MPI_Put_activewait_twosided_sleep, finalize_window, 2 },
  { "MPI_Get_Pingpong", "itn", SK_PATTERN_COLLECTIVE, init_MPI_Get_Pingpong, measure_MPI_Get_Pingpong, finalize_window, 2 },
  { "MPI_Get_callduration", "itn", SK_PATTERN_COLLECTIVE, init_MPI_Get_callduration, measure_MPI_Get_callduration,
    finalize_window, 2 },
  { "MPI_Get_dedicated", "itn", SK_PATTERN_COLLECTIVE, init_MPI_Get_dedicated, measure_MPI_Get_dedicated, finalize_window, 2 },
  { "MPI_Get_passive", "itn", SK_PATTERN_COLLECTIVE, init_MPI_Get_passive, measure_MPI_Get_passive, finalize_window, 2 },
  { "MPI_Get_fence", "itn", SK_PATTERN_COLLECTIVE, init_MPI_Get_fence, measure_MPI_Get_fence, finalize_window, 2 },
  { "MPI_Get_activewait", "in", SK_PATTERN_COLLECTIVE, init_MPI_Get_activewait, measure_MPI_Get_activewait, finalize_window, 2 },
  { "MPI_Get_activewait_sleep", "ini", SK_PATTERN_COLLECTIVE, init_MPI_Get_activewait_sleep, measure_MPI_Get_activewait_sleep,
    finalize_window, 2 },
  { "MPI_Accumulate", "itno", SK_PATTERN_COLLECTIVE, init_MPI_Accumulate, measure_MPI_Accumulate, finalize_window, 2 },
  { "MPI_Accumulate_activewait_twosided", "in", SK_PATTERN_COLLECTIVE, init_MPI_Accumulate_activewait_twosided,
    measure_MPI_Accumulate_activewait_twosided, finalize_window, 2 },
  { "MPI_Accumulate_concurrent", "itnoi", SK_PATTERN_COLLECTIVE, init_MPI_Accumulate_concurrent, measure_MPI_Accumulate_concurrent,
    finalize_window, 2 },
  { "Caching", "itni", SK_PATTERN_COLLECTIVE, init_Caching, measure_Caching, finalize_window, 2 },
  { "Combining_fence", "itni", SK_PATTERN_COLLECTIVE, init_Combining_fence, measure_Combining_fence, finalize_window, 2 },
  { "Combining_dedicated", "itni", SK_PATTERN_COLLECTIVE, init_Combining_dedicated, measure_Combining_dedicated, finalize_window, 2 },
  { "Datatype_complex_everytime", "in", SK_PATTERN_COLLECTIVE, init_Datatype_complex_everytime, measure_Datatype_complex_everytime,
    finalize_window, 2 },
  { "Datatype_complex_once", "in", SK_PATTERN_COLLECTIVE, init_Datatype_complex_once, measure_Datatype_complex_once,
    finalize_window, 2 },
  { "Datatype_complex_mixed_everytime", "in", SK_PATTERN_COLLECTIVE, init_Datatype_complex_mixed_everytime,
    measure_Datatype_complex_mixed_everytime, finalize_window, 2 },
  { "Datatype_complex_mixed_once", "in", SK_PATTERN_COLLECTIVE, init_Datatype_complex_mixed_once,
    measure_Datatype_complex_mixed_once, finalize_window, 2 },
  { "Datatype_complex_Get", "in", SK_PATTERN_COLLECTIVE, init_Datatype_complex_Get, measure_Datatype_complex_Get,
    finalize_window, 2 },
  { "Datatype_int", "in", SK_PATTERN_COLLECTIVE, init_Datatype_int, measure_Datatype_int, finalize_window, 2 },
  { "Datatype_simple", "in", SK_PATTERN_COLLECTIVE, init_Datatype_simple, measure_Datatype_simple, finalize_window, 2 },
  { "Datatype_simple_Get", "in", SK_PATTERN_COLLECTIVE, init_Datatype_simple_Get, measure_Datatype_simple_Get, finalize_window, 2 },
  { "MPI_Put_Shift", "itni", SK_PATTERN_COLLECTIVE, init_MPI_Put_Shift, measure_MPI_Put_Shift, finalize_window, 1 },
  { "MPI_Put_Exchange", "itni", SK_PATTERN_COLLECTIVE, init_MPI_Put_Exchange, measure_MPI_Put_Exchange, finalize_window, 1 },
  { "MPI_Put_Exchange_passive", "itni", SK_PATTERN_COLLECTIVE, init_MPI_Put_Exchange_passive, measure_MPI_Put_Exchange_passive,
    finalize_window, 1 },
  { "MPI_Accumulate_concurrent_multi", "itnioi", SK_PATTERN_COLLECTIVE, init_MPI_Accumulate_concurrent_multi,
    measure_MPI_Accumulate_concurrent_multi, finalize_window, 2 },
  { "onesided_bcast", "itni", SK_PATTERN_COLLECTIVE, init_onesided_bcast, measure_onesided_bcast, finalize_window, 1 },
  { "onesided_alltoall", "itni", SK_PATTERN_COLLECTIVE, init_onesided_alltoall, measure_onesided_alltoall, finalize_window, 1 },
  { "onesided_reduce", "itno", SK_PATTERN_COLLECTIVE, init_onesided_reduce, measure_onesided_reduce, finalize_window, 1 },
  { "onesided_allreduce", "itno", SK_PATTERN_COLLECTIVE, init_onesided_allreduce, measure_onesided_allreduce, finalize_window, 1 },
  { "onesided_borderexchange", "inii", SK_PATTERN_COLLECTIVE, init_onesided_borderexchange, measure_onesided_borderexchange,
    finalize_window, 2 },
  { "onesided_borderexchange_fence", "inii", SK_PATTERN_COLLECTIVE, init_onesided_borderexchange_fence,
    measure_onesided_borderexchange_fence, finalize_window, 2 },
#endif
  { "MPI_Isend_callduration", "it", SK_PATTERN_COLLECTIVE, init_MPI_Isend_callduration, measure_MPI_Isend_callduration, NULL, 2 },
  { "Exchange", "iti", SK_PATTERN_COLLECTIVE, init_Exchange, measure_Exchange, finalize_requests, 1 },
  { "multi_Alltoall", "ititi", SK_PATTERN_COLLECTIVE, init_multi_Alltoall, measure_multi_Alltoall, NULL, 1 },
  { "twosided_borderexchange", "iii", SK_PATTERN_COLLECTIVE, init_twosided_borderexchange, measure_twosided_borderexchange,
    finalize_requests, 2 },
  { "Send", "iti", SK_PATTERN_COLLECTIVE, init_Send, measure_Send, NULL, 2 },
  { NULL, NULL, SK_PATTERN_SIMPLE, NULL, NULL, NULL, 0 }
};

SK_API const sk_measurement *sk_meas_table_mpi_onesided(void) { return mpi_onesided_table; }

#endif /* SKAMPI_MPI */
