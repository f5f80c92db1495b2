/*
** meas_mpi_coll.c -- collective measurement functions over MPI (SKaMPI 5 manual §3.2), and
** the two-sided collective counterparts that §3.3 lists beside the one-sided functions
** (Exchange, multi_Alltoall, twosided_borderexchange). MPI-1.1 calls only; the function
** bodies exist in the MPI build, the rows in every build.
** Each measure function times ONE call (or one run of a self-made algorithm; the
** repeated ones the average of one) between sk_sync_start() and sk_sync_stop() (§6.2.1),
** each process its own time; the reported size is one process's contribution. The MPI
** collectives share init_xfer / init_reduction and measure_coll, told apart by the
** variant (enum coll_op | COLL_* flags); the v-variants use the same count for every
** process. The self-made algorithms are deliberately naive, as in SKaMPI 5. The warm-up
** of the operations that move data is COLL_WARM_UP_CALLS untimed calls (coll_start).
** The rules in full: doc/internals.md, "meas_mpi_coll.c".
*/
#include "meas_mpi.h"
#include "verify.h"
#include "sync_window.h"

/* The rows' variants: the operation that measure_coll calls (the low bits; OP_NONE for
** the rows of functions of their own) and flags of what the shared functions do. */
enum coll_op {
  OP_NONE, OP_BCAST, OP_REDUCE, OP_ALLREDUCE, OP_SCAN, OP_REDUCE_BCAST, OP_REDUCE_SCATTER, OP_REDUCE_SCATTERV,
  OP_GATHER, OP_GATHERV, OP_ALLGATHER, OP_ALLGATHERV, OP_SCATTER, OP_SCATTERV, OP_ALLTOALL, OP_ALLTOALLV
};
#define COLL_OP_MASK 31
#define COLL_DISPLACED 32  /* a v-variant: counts and displacements in m->state */
#define COLL_STATE 64      /* requests (and for all-to-alls counts) in m->state */
#define COLL_OTHERS 128    /* self-made gathers: the root's own block is not copied nor checked */
#define COLL_SELF_MADE 256 /* Bcast_Send_Recv: the root sends, the others receive */
#define COLL_WAIT_UP 512   /* waitpattern_up: rank r waits (r + 1) * scale */
#define COLL_DUP 1024      /* Comm_dup rather than Comm_split */
#define COLL_DELAYED 2048  /* delayed_Alltoall, _Gather: rank `node` busy-waits `delay` s first */

#ifdef SKAMPI_MPI

/* Tag of the self-made algorithms (the measurement communicator is private). */
#define COLL_TAG 1

/* Counts and displacements (in elements) per process and requests, for the v-variants
** and the self-made algorithms; the four int arrays in one allocation. */
typedef struct coll_state {
  int *send_counts, *send_displs, *recv_counts, *recv_displs;
  MPI_Request *requests;
  MPI_Status *statuses;
} coll_state;

static coll_state *coll_state_new(sk_mctx *m, int n_requests)
{
  coll_state *s = (coll_state *)sk_calloc(1, sizeof *s);
  size_t n = (size_t)m->size, r = (size_t)(n_requests > 0 ? n_requests : 1);
  s->send_counts = (int *)sk_calloc(4 * n, sizeof(int));
  s->send_displs = s->send_counts + n;
  s->recv_counts = s->send_counts + 2 * n;
  s->recv_displs = s->send_counts + 3 * n;
  s->requests = (MPI_Request *)sk_calloc(r, sizeof(MPI_Request));
  s->statuses = (MPI_Status *)sk_calloc(r, sizeof(MPI_Status));
  m->state = s;
  return s;
}

static void finalize_coll_state(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  (void)args;
  if (s == NULL) return;
  free(s->send_counts);
  free(s->requests);
  free(s->statuses);
  free(s);
  m->state = NULL;
}


/* Fills counts with `count` for everybody and displacements i*count. */
static void equal_counts(int *counts, int *displs, int size, long count)
{
  int i;
  for (i = 0; i < size; i++) {
    counts[i] = (int)count;
    displs[i] = i * (int)count;
  }
}

/* The same for the send (send set) or the receive counts of s. */
static void equal_counts_in(coll_state *s, int send, int size, long count)
{
  if (send) equal_counts(s->send_counts, s->send_displs, size, count);
  else equal_counts(s->recv_counts, s->recv_displs, size, count);
}

/* ---- checks shared by the inits ---- */

/* with_root: the reduction has a root (checked as a rank). */
static void check_reduction(sk_mctx *m, const char *fn, const sk_margs *a, int with_root)
{
  sk_mpi_check_count(m, fn, "count", a->count);
  sk_mpi_check_op(m, fn, a->op, a->datatype, 0);
  if (with_root) sk_mpi_check_rank(m, fn, "root", a->root);
}

/* with_root: a->root is a root (checked as a rank). */
static void check_send_recv(sk_mctx *m, const char *fn, const sk_margs *a, int with_root)
{
  sk_mpi_check_count(m, fn, "send count", a->send_count);
  sk_mpi_check_count(m, fn, "receive count", a->recv_count);
  sk_mpi_check_same_data(m, fn, a->send_count, a->send_dt, a->recv_count, a->recv_dt);
  if (with_root) sk_mpi_check_rank(m, fn, "root", a->root);
}

/* ---- the warm-up of the collectives ----
** One warm-up call (SKaLib report (TR 99/07) §3.2) does not warm every library: MPICH 4.0
** over UCX 1.13 (Debian's ch4:ucx) hands messages above UCX's inline size (about 100
** bytes) between processes of one host through receive buffers in shared memory, one per
** element of the receiver's FIFO (64 by default, UCX_MM_FIFO_SIZE), and the sender's first
** write into each costs it a page fault -- 12-20 us on the 2-core VM of tools/bench/, where
** a 1 KiB broadcast takes 0.5-1.5 us. The first 30-60 calls of an operation in a direction
** no message of that size went before take one each, and a measurement of 16-64
** repetitions made of them read 10-20 times the operation (MPI_Bcast of 128 B: 12-18 us
** against 0.4-1.2; the plain program tools/bench/plain_sync_start.c with one warm-up call
** shows the same 30 slow repetitions, with UCX_MM_FIFO_SIZE=16 six, with 256 about 125;
** doc/manual.md "Benchmarks", tools/bench/mpich_sync_start.sh). Loop benchmarks (OSU,
** IMB) spend such first calls in their warm-up iterations. So the operations that move
** data call themselves COLL_WARM_UP_CALLS times untimed before their timed warm-up call,
** fewer where that would move more than COLL_WARM_UP_BYTES (their message size times the
** processes, the same number on every process) and none where the run's processes share
** processors (every call there waits for the scheduler: the calls would take seconds) or
** under a simulator (no such buffers); the ping-pongs do the same with 100 round trips
** (meas_mpi_p2p.c). The synchronised start of the timed warm-up is agreed again after
** them (sk_sync_untimed_end). coll_start is sk_sync_start with that warm-up: each of those
** measure functions calls it instead, with itself, right before its timed call (none of
** them calls MPI before its start, so the calls inside find nothing of the outer one).
** Not warmed: Barrier, Comm_split and Comm_dup (no data), the delayed and wait patterns
** and twosided_borderexchange (busy waits inside). */
#define COLL_WARM_UP_CALLS 100L
#define COLL_WARM_UP_BYTES (16.0 * 1024.0 * 1024.0)

static double coll_start(sk_mctx *m, const sk_value *args, sk_measure_fn measure)
{
  if (m->warming_up && !sk_host_crowded() && !SK_SIMULATED) {
    double bytes = (double)(m->reported_size > 0 ? m->reported_size : 1) * (double)m->size;
    long calls = COLL_WARM_UP_CALLS, i;
    if ((double)calls * bytes > COLL_WARM_UP_BYTES) calls = (long)(COLL_WARM_UP_BYTES / bytes);
    m->warming_up = 0;              /* the calls below do not warm up again */
    sk_sync_untimed_begin(m);
    for (i = 0; i < calls; i++) measure(m, args);
    sk_sync_untimed_end(m);
    m->warming_up = 1;
  }
  return sk_sync_start(m);
}

/* ---- the inits of the MPI collectives ---- */

/* Send and receive buffers of `blocks` blocks of count elements each; the reported size
** is one block. */
static void coll_same_buffers(sk_mctx *m, long count, const sk_datatype *dt, long blocks)
{
  m->send_usage = sk_mpi_block_bytes(m, m->name, count, dt, blocks, 0);
  m->recv_usage = m->send_usage;
  m->reported_size = sk_mpi_data_bytes(count, dt);
}

/* Bcast(count, datatype, root): the root sends, everybody else receives into the
** receive buffer; Bcast_Send_Recv (COLL_SELF_MADE) the same by MPI_Send and MPI_Recv, so
** that only the root needs a send and only the others a receive buffer. */
static void init_bcast(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  const char *fn = m->name;
  int is_root = m->rank == a->root;
  (void)args;
  sk_mpi_check_count(m, fn, "count", a->count);
  sk_mpi_check_rank(m, fn, "root", a->root);
  if (m->variant & COLL_SELF_MADE) {
    m->send_usage = is_root ? sk_mpi_block_bytes(m, fn, a->count, a->datatype, 1, 0) : 0;
    m->recv_usage = is_root ? 0 : sk_mpi_block_bytes(m, fn, a->count, a->datatype, 1, 0);
    m->reported_size = sk_mpi_data_bytes(a->count, a->datatype);
  } else {
    coll_same_buffers(m, a->count, a->datatype, 1);
    m->original_recv_usage = 0;   /* SKaMPI 5's Bcast receives into its send buffer */
  }
}

/* Reduce(count, datatype, op, root): the result in the root's receive buffer;
** Allreduce and Scan (count, datatype, op) and Reduce_Bcast (... root): everybody's. */
static void init_reduction(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  const char *fn = m->name;
  int op = m->variant & COLL_OP_MASK;
  (void)args;
  check_reduction(m, fn, a, op == OP_REDUCE || op == OP_REDUCE_BCAST);
  coll_same_buffers(m, a->count, a->datatype, 1);
  if (op == OP_REDUCE && m->rank != a->root) m->recv_usage = 0;
}

/* Reduce_scatter(count, datatype, op, root) and Reduce_Scatterv(count, datatype, op,
** root): a vector of `count` elements is reduced and scattered so that rank i gets
** count/size elements, the first count%size ranks one more (sk_mpi_share).
** Reduce_scatter is the single MPI_Reduce_scatter call; its root is not used (the
** parameter is there so that both take the same arguments, as in SKaMPI 5).
** Reduce_Scatterv is MPI_Reduce to the root followed by MPI_Scatterv of the result
** from there (the capital S: two operations, like Reduce_Bcast); the root reduces into
** the start of its receive buffer and receives its own part behind the result. */
static void init_reduce_scatter(sk_mctx *m, const sk_value *args)
{
  coll_state *s;
  const sk_margs *a = &m->arg;
  const char *fn = m->name;
  int i;
  (void)args;
  check_reduction(m, fn, a, 1);
  m->send_usage = sk_mpi_block_bytes(m, fn, a->count, a->datatype, 1, 0);
  if (m->failed) return;
  s = coll_state_new(m, 0);
  for (i = 0; i < m->size; i++) {
    s->recv_counts[i] = sk_mpi_share(a->count, m->size, i);
    s->recv_displs[i] = i == 0 ? 0 : s->recv_displs[i - 1] + s->recv_counts[i - 1];
  }
  m->recv_usage = sk_mpi_bytes(s->recv_counts[m->rank], a->datatype);
  if ((m->variant & COLL_OP_MASK) == OP_REDUCE_SCATTERV) {   /* SKaMPI 5's: the vector at the root, else none */
    if (m->rank == a->root) m->recv_usage += m->send_usage;
    m->original_recv_usage = m->rank == a->root ? (long)m->send_usage : 0;
  }
  m->reported_size = sk_mpi_data_bytes(a->count, a->datatype);
}

/* The data-movement collectives (s_cnt, s_dt, r_cnt, r_dt[, root]): Gather (the root
** receives size blocks of r_cnt), Allgather (everybody does), Scatter (the root sends
** size blocks of s_cnt), Alltoall (everybody sends and receives size blocks), their
** v-variants (COLL_DISPLACED: equal counts and displacements in m->state) and self-made
** relatives (COLL_STATE: requests, for the all-to-alls counts too). */
static void init_xfer(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  const char *fn = m->name;
  int op = m->variant & COLL_OP_MASK, displaced = (m->variant & COLL_DISPLACED) != 0;
  int gather = op == OP_GATHER || op == OP_GATHERV, scatter = op == OP_SCATTER || op == OP_SCATTERV;
  int all_send = op == OP_ALLTOALL || op == OP_ALLTOALLV || (scatter && m->rank == a->root);
  int all_recv = !scatter && (!gather || m->rank == a->root);
  (void)args;
  check_send_recv(m, fn, a, gather || scatter);
  if (all_send) m->send_usage = sk_mpi_block_bytes(m, fn, a->send_count, a->send_dt, m->size, displaced);
  else m->send_usage = scatter ? 0 : sk_mpi_block_bytes(m, fn, a->send_count, a->send_dt, 1, 0);
  if (all_recv) m->recv_usage = sk_mpi_block_bytes(m, fn, a->recv_count, a->recv_dt, m->size, displaced);
  else m->recv_usage = gather ? 0 : sk_mpi_block_bytes(m, fn, a->recv_count, a->recv_dt, 1, 0);
  m->reported_size = sk_mpi_data_bytes(a->send_count, a->send_dt);
  if (m->failed) return;
  if (op == OP_ALLTOALL || op == OP_ALLTOALLV) {
    if (m->variant & COLL_STATE) {
      coll_state *s = coll_state_new(m, 2 * m->size);
      equal_counts(s->send_counts, s->send_displs, m->size, a->send_count);
      equal_counts(s->recv_counts, s->recv_displs, m->size, a->recv_count);
    }
  } else if (displaced) equal_counts_in(coll_state_new(m, 0), scatter, m->size, scatter ? a->send_count : a->recv_count);
  else if (m->variant & COLL_STATE) coll_state_new(m, m->size);
}

/* ---- one call of an MPI collective ---- */

/* The MPI collective of the row (its variant's operation), timed; the delayed rows
** (COLL_DELAYED, not warmed up) first keep rank `node` busy. Reduce_Bcast and
** Reduce_Scatterv are two: MPI_Reduce to the root, then MPI_Bcast / MPI_Scatterv of the
** result from there (the root's own part of the Scatterv behind the result). */
static double measure_coll(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  const sk_margs *a = &m->arg;
  MPI_Comm comm = sk_mpi_comm(m);
  char *sb = m->send_buf, *rb = m->recv_buf;
  int n = (int)a->count, root = (int)a->root, sc = (int)a->send_count, rc = (int)a->recv_count;
  MPI_Datatype dt = a->datatype ? a->datatype->mpi : MPI_DATATYPE_NULL;
  MPI_Datatype sdt = a->send_dt ? a->send_dt->mpi : MPI_DATATYPE_NULL, rdt = a->recv_dt ? a->recv_dt->mpi : MPI_DATATYPE_NULL;
  MPI_Op op = a->op ? a->op->mpi : MPI_OP_NULL;
  double start = m->variant & COLL_DELAYED ? sk_sync_start(m) : coll_start(m, args, measure_coll);
  if (m->variant & COLL_DELAYED && m->rank == a->node) sk_mpi_busy_wait(a->delay * 1.0e6);
  switch (m->variant & COLL_OP_MASK) {
  case OP_BCAST: MPI_Bcast(m->rank == root ? sb : rb, n, dt, root, comm); break;
  case OP_REDUCE: MPI_Reduce(sb, rb, n, dt, op, root, comm); break;
  case OP_ALLREDUCE: MPI_Allreduce(sb, rb, n, dt, op, comm); break;
  case OP_SCAN: MPI_Scan(sb, rb, n, dt, op, comm); break;
  case OP_REDUCE_BCAST:
    MPI_Reduce(sb, rb, n, dt, op, root, comm);
    MPI_Bcast(rb, n, dt, root, comm);
    break;
  case OP_REDUCE_SCATTER: MPI_Reduce_scatter(sb, rb, s->recv_counts, dt, op, comm); break;
  case OP_REDUCE_SCATTERV:
    MPI_Reduce(sb, rb, n, dt, op, root, comm);
    MPI_Scatterv(rb, s->recv_counts, s->recv_displs, dt, m->rank == root ? rb + sk_mpi_bytes(a->count, a->datatype) : rb,
                 s->recv_counts[m->rank], dt, root, comm);
    break;
  case OP_GATHER: MPI_Gather(sb, sc, sdt, rb, rc, rdt, root, comm); break;
  case OP_GATHERV: MPI_Gatherv(sb, sc, sdt, rb, s->recv_counts, s->recv_displs, rdt, root, comm); break;
  case OP_ALLGATHER: MPI_Allgather(sb, sc, sdt, rb, rc, rdt, comm); break;
  case OP_ALLGATHERV: MPI_Allgatherv(sb, sc, sdt, rb, s->recv_counts, s->recv_displs, rdt, comm); break;
  case OP_SCATTER: MPI_Scatter(sb, sc, sdt, rb, rc, rdt, root, comm); break;
  case OP_SCATTERV: MPI_Scatterv(sb, s->send_counts, s->send_displs, sdt, rb, rc, rdt, root, comm); break;
  case OP_ALLTOALL: MPI_Alltoall(sb, sc, sdt, rb, rc, rdt, comm); break;
  case OP_ALLTOALLV:
    MPI_Alltoallv(sb, s->send_counts, s->send_displs, sdt, rb, s->recv_counts, s->recv_displs, rdt, comm);
    break;
  }
  return sk_sync_stop(m) - start;
}

static double measure_Barrier(sk_mctx *m, const sk_value *args)
{
  double start = sk_sync_start(m);
  (void)args;
  MPI_Barrier(sk_tp_group_mpi_comm(m->group));
  return sk_sync_stop(m) - start;
}

/* ---- the self-made broadcast and gathers ---- */

/* Bcast_Send_Recv(count, datatype, root): a very naive self-made broadcast, the root
** sends to every other process in rank order. */
static double measure_Bcast_Send_Recv(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  int i, count = (int)a->count, root = (int)a->root;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  double start = coll_start(m, args, measure_Bcast_Send_Recv);
  if (m->rank == root) {
    for (i = 0; i < m->size; i++)
      if (i != root) MPI_Send(m->send_buf, count, a->datatype->mpi, i, COLL_TAG, comm);
  } else {
    MPI_Recv(m->recv_buf, count, a->datatype->mpi, root, COLL_TAG, comm, &status);
  }
  return sk_sync_stop(m) - start;
}

/* Gather_SR: a very naive self-made gather, the root receives with MPI_Recv from every
** other process in rank order; Gather_ISWA (COLL_STATE) the same with non-blocking
** calls: the root posts an MPI_Irecv for every other process and completes them with
** MPI_Waitall, the others send with MPI_Isend + MPI_Wait. The root's own block is not
** copied. */
static double measure_self_made_gather(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  const sk_margs *a = &m->arg;
  int i, n = 0, root = (int)a->root, nonblocking = (m->variant & COLL_STATE) != 0;
  size_t block = sk_mpi_bytes(a->recv_count, a->recv_dt);
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  double start = coll_start(m, args, measure_self_made_gather);
  if (m->rank == root) {
    for (i = 0; i < m->size; i++) {
      char *at = m->recv_buf + (size_t)i * block;
      if (i == root) continue;
      if (nonblocking) MPI_Irecv(at, (int)a->recv_count, a->recv_dt->mpi, i, COLL_TAG, comm, &s->requests[n++]);
      else MPI_Recv(at, (int)a->recv_count, a->recv_dt->mpi, i, COLL_TAG, comm, &status);
    }
    if (nonblocking) MPI_Waitall(n, s->requests, s->statuses);
  } else if (nonblocking) {
    MPI_Isend(m->send_buf, (int)a->send_count, a->send_dt->mpi, root, COLL_TAG, comm, &s->requests[0]);
    MPI_Wait(&s->requests[0], &s->statuses[0]);
  } else {
    MPI_Send(m->send_buf, (int)a->send_count, a->send_dt->mpi, root, COLL_TAG, comm);
  }
  return sk_sync_stop(m) - start;
}

/* The self-made all-to-all of Alltoall_Isend_Irecv, Alltoallv_Isend_Irecv and
** myalltoallv: an MPI_Irecv from every process, then an MPI_Isend to every process, in
** rank order, then MPI_Waitall. Counts and displacements come from the state. */
static double naive_alltoallv(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  const sk_margs *a = &m->arg;
  int i;
  size_t s_extent, r_extent;
  MPI_Comm comm = sk_mpi_comm(m);
  double start;
  s_extent = a->send_dt->extent;
  r_extent = a->recv_dt->extent;
  start = coll_start(m, args, naive_alltoallv);
  for (i = 0; i < m->size; i++)
    MPI_Irecv(m->recv_buf + (size_t)s->recv_displs[i] * r_extent, s->recv_counts[i], a->recv_dt->mpi, i, COLL_TAG, comm,
              &s->requests[i]);
  for (i = 0; i < m->size; i++)
    MPI_Isend(m->send_buf + (size_t)s->send_displs[i] * s_extent, s->send_counts[i], a->send_dt->mpi, i, COLL_TAG, comm,
              &s->requests[m->size + i]);
  MPI_Waitall(2 * m->size, s->requests, s->statuses);
  return sk_sync_stop(m) - start;
}



/* myalltoallv(s_cnt, s_dt, r_cnt, r_dt, charged_rank, ratio): the self-made all-to-all
** with an unbalanced load ("read the source", §3.2 footnote c). Every message that the
** charged rank sends or receives carries ratio times the count (rounded to the nearest
** integer), all others the plain count; so the charged process moves about ratio times
** the data of the others, and its partners wait for it. */
static int scaled_count(long count, double ratio)
{
  return (int)(count * ratio + 0.5);
}

static void init_myalltoallv(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "myalltoallv";
  coll_state *s;
  const sk_margs *a = &m->arg;
  double ratio;
  long s_cnt, r_cnt;
  int i, charged;
  size_t s_total = 0, r_total = 0;
  (void)args;
  ratio = a->ratio;
  s_cnt = a->send_count;
  r_cnt = a->recv_count;
  check_send_recv(m, fn, a, 0);
  sk_mpi_check_rank(m, fn, "charged_rank", a->charged_rank);
  if (!m->failed && !(ratio >= 0.0 && (s_cnt * ratio < INT_MAX / 2) && (r_cnt * ratio < INT_MAX / 2)))
    sk_meas_fail(m, "myalltoallv: ratio must be non-negative and the scaled counts must fit an int");
  if (!m->failed)
    sk_mpi_check_same_data(m, fn, scaled_count(s_cnt, ratio), a->send_dt, scaled_count(r_cnt, ratio), a->recv_dt);
  /* every element offset must fit an int: at most size blocks of the larger count */
  sk_mpi_block_bytes(m, fn, s_cnt > scaled_count(s_cnt, ratio) ? s_cnt : scaled_count(s_cnt, ratio),
                     a->send_dt, m->size, 1);
  sk_mpi_block_bytes(m, fn, r_cnt > scaled_count(r_cnt, ratio) ? r_cnt : scaled_count(r_cnt, ratio),
                     a->recv_dt, m->size, 1);
  if (m->failed) return;
  charged = (int)a->charged_rank;
  s = coll_state_new(m, 2 * m->size);
  for (i = 0; i < m->size; i++) {
    int heavy = i == charged || m->rank == charged;
    s->send_counts[i] = heavy ? scaled_count(s_cnt, ratio) : (int)s_cnt;
    s->recv_counts[i] = heavy ? scaled_count(r_cnt, ratio) : (int)r_cnt;
    s->send_displs[i] = (int)s_total;
    s->recv_displs[i] = (int)r_total;
    s_total += (size_t)s->send_counts[i];
    r_total += (size_t)s->recv_counts[i];
  }
  m->send_usage = s_total * a->send_dt->extent;
  m->recv_usage = r_total * a->recv_dt->extent;
  m->reported_size = sk_mpi_data_bytes(s_cnt, a->send_dt);
}

/* multi_Alltoall(s_cnt, s_dt, r_cnt, r_dt, alltoall_count): alltoall_count consecutive
** MPI_Alltoall calls; the time of one (the average), to compare with onesided_alltoall. */
static void init_multi_Alltoall(sk_mctx *m, const sk_value *args)
{
  init_xfer(m, args);   /* the sizes of Alltoall (the row's variant) */
  sk_mpi_check_count(m, m->name, "alltoall_count", m->arg.alltoall_count);
}

static double measure_multi_Alltoall(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  long i, n;
  double start;
  n = a->alltoall_count;
  if (n <= 0) return 0.0;
  start = coll_start(m, args, measure_multi_Alltoall);
  for (i = 0; i < n; i++)
    MPI_Alltoall(m->send_buf, (int)a->send_count, a->send_dt->mpi, m->recv_buf, (int)a->recv_count, a->recv_dt->mpi,
                 sk_mpi_comm(m));
  return (sk_sync_stop(m) - start) / (double)n;
}

/* ---- the two-sided counterparts of §3.3 ---- */

#define EXCHANGE_TAG 2

/* Exchange(count, dt, msg_cnt): every process sends msg_cnt messages of count elements
** to every other process and receives as many from each (MPI_Irecv, MPI_Isend,
** MPI_Waitall) -- the two-sided counterpart of MPI_Put_Exchange. Message k for
** partner j lives in slot j*msg_cnt+k of the send and of the receive buffer. */


static void init_Exchange(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Exchange";
  const sk_margs *a = &m->arg;
  (void)args;
  sk_mpi_check_count(m, fn, "count", a->count);
  sk_mpi_check_count(m, fn, "msg_cnt", a->msg_count);
  if (!m->failed && a->msg_count > INT_MAX / 2 / m->size) sk_meas_fail(m, "Exchange: msg_cnt is too large");
  coll_same_buffers(m, a->count, a->datatype, a->msg_count * m->size);
  if (!m->failed) coll_state_new(m, (int)(2 * a->msg_count * m->size));
}

static double measure_Exchange(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  const sk_margs *a = &m->arg;
  int count, msg_cnt, j, k, n = 0;
  size_t block;
  MPI_Comm comm = sk_mpi_comm(m);
  double start;
  count = (int)a->count;
  msg_cnt = (int)a->msg_count;
  block = sk_mpi_bytes(a->count, a->datatype);
  start = coll_start(m, args, measure_Exchange);
  for (j = 0; j < m->size; j++)
    if (j != m->rank)
      for (k = 0; k < msg_cnt; k++)
        MPI_Irecv(m->recv_buf + block * (size_t)(j * msg_cnt + k), count, a->datatype->mpi, j, EXCHANGE_TAG, comm,
                  &s->requests[n++]);
  for (j = 0; j < m->size; j++)
    if (j != m->rank)
      for (k = 0; k < msg_cnt; k++)
        MPI_Isend(m->send_buf + block * (size_t)(j * msg_cnt + k), count, a->datatype->mpi, j, EXCHANGE_TAG, comm,
                  &s->requests[n++]);
  MPI_Waitall(n, s->requests, s->statuses);
  return sk_sync_stop(m) - start;
}

/* twosided_borderexchange(count, iteration_count, compute): a 1-D ring stencil. Each
** iteration every process sends count MPI_INTs to both neighbours and receives as many
** from each (MPI_Irecv/MPI_Isend/MPI_Waitall), then computes for `compute` microseconds.
** Returns the time of one iteration (the average). */


static void init_twosided_borderexchange(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "twosided_borderexchange";
  const sk_margs *a = &m->arg;
  (void)args;
  sk_mpi_check_count(m, fn, "count", a->count);
  sk_mpi_check_count(m, fn, "iteration_count", a->iteration_count);
  sk_mpi_check_count(m, fn, "compute", a->compute);
  coll_same_buffers(m, a->count, sk_mpi_int_type(), 2);
  if (!m->failed) coll_state_new(m, 4);
}

static double measure_twosided_borderexchange(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  const sk_margs *a = &m->arg;
  int count, left = sk_mpi_ring_left(m), right = sk_mpi_ring_right(m);
  long i;
  size_t block;
  MPI_Comm comm = sk_mpi_comm(m);
  double start;
  (void)args;
  count = (int)a->count;
  block = (size_t)count * sizeof(int);
  if (a->iteration_count <= 0) return 0.0;
  start = sk_sync_start(m);
  for (i = 0; i < a->iteration_count; i++) {
    /* tag 0 travels rightwards, tag 1 leftwards, so that the two messages between the
    ** same pair of a 2-process ring cannot be confused */
    MPI_Irecv(m->recv_buf, count, MPI_INT, left, 0, comm, &s->requests[0]);
    MPI_Irecv(m->recv_buf + block, count, MPI_INT, right, 1, comm, &s->requests[1]);
    MPI_Isend(m->send_buf, count, MPI_INT, right, 0, comm, &s->requests[2]);
    MPI_Isend(m->send_buf + block, count, MPI_INT, left, 1, comm, &s->requests[3]);
    MPI_Waitall(4, s->requests, s->statuses);
    sk_mpi_busy_wait((double)a->compute);
  }
  return (sk_sync_stop(m) - start) / (double)a->iteration_count;
}

/* ---- communicator management ---- */

/* Comm_split(): MPI_Comm_split of the measurement communicator into one communicator
** (same colour, ranks kept); Comm_dup() (COLL_DUP): MPI_Comm_dup. The new communicator is
** freed after the timed part. */
static double measure_comm_create(sk_mctx *m, const sk_value *args)
{
  MPI_Comm created;
  double start, end;
  (void)args;
  start = sk_sync_start(m);
  if (m->variant & COLL_DUP) MPI_Comm_dup(sk_mpi_comm(m), &created);
  else MPI_Comm_split(sk_mpi_comm(m), 0, m->rank, &created);
  end = sk_sync_stop(m);
  MPI_Comm_free(&created);
  return end - start;
}

/* ---- delayed collectives and wait patterns (SKaMPI 6) ---- */

/* delayed_Alltoall(s_cnt, s_dt, r_cnt, r_dt, delay, node) and delayed_Gather(s_cnt,
** s_dt, r_cnt, r_dt, root, delay, node): after the synchronised start rank `node`
** busy-waits `delay` seconds (no rank when node is outside the communicator), then all
** call MPI_Alltoall / MPI_Gather (the variant's operation); sizes as Alltoall / Gather. */
static void init_delayed(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  init_xfer(m, args);
  if (!m->failed && !(a->delay >= 0.0 && a->delay <= 3600.0)) {
    char msg[120];
    sprintf(msg, "%s: delay %g s must lie between 0 and 3600 seconds", m->name, a->delay);
    sk_meas_fail(m, msg);
  }
}

/* waitpattern_down(scale) / waitpattern_up(scale): after the synchronised start rank r
** busy-waits (size - r) * scale / (r + 1) * scale seconds; no messages (reported 0). */
static void init_waitpattern(sk_mctx *m, const sk_value *args)
{
  const char *fn = m->name;
  double scale = m->arg.scale;
  (void)args;
  if (!(scale >= 0.0 && scale * (double)m->size <= 3600.0)) {
    char msg[120];
    sprintf(msg, "%s: scale %g s must be >= 0 and the longest wait at most 3600 seconds", fn, scale);
    sk_meas_fail(m, msg);
  }
  m->send_usage = m->recv_usage = 0;
  m->reported_size = 0;
}

static double measure_waitpattern(sk_mctx *m, const sk_value *args)
{
  double factor = m->variant & COLL_WAIT_UP ? (double)(m->rank + 1) : (double)(m->size - m->rank);
  double start = sk_sync_start(m);
  (void)args;
  sk_mpi_busy_wait(factor * m->arg.scale * 1.0e6);
  return sk_sync_stop(m) - start;
}

/* ---- verification (verify.h) ----
** The data-movement collectives: block j of a receiver is what process j (or the root)
** sent from its pattern-filled send buffer; the v-variants here move equal blocks, so
** they share the checks. The reductions get small whole-number operands and are
** recomputed locally. */

static void check_bcast(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  (void)args;
  if (m->rank != a->root)
    sk_mpi_verify_block(m, "received broadcast", m->recv_buf, a->count, a->datatype, a->count, a->datatype, a->root, 0);
}

/* Gathers: the root's block j is process j's (self: the root's own block, unless the
** self-made variants skip it). */
/* The root's blocks, its own too unless the row says COLL_OTHERS. */
static void check_gather(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  size_t block;
  int j, own_block = !(m->variant & COLL_OTHERS);
  (void)args;
  if (m->rank != a->root) return;
  block = sk_mpi_bytes(a->recv_count, a->recv_dt);
  for (j = 0; j < m->size && !m->failed; j++) {
    char what[80];
    if (j == a->root && !own_block) continue;
    sprintf(what, "gathered block of rank %d", j);
    sk_mpi_verify_block(m, what, m->recv_buf + (size_t)j * block, a->recv_count, a->recv_dt, a->send_count, a->send_dt, j, 0);
  }
}

static void check_scatter(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  (void)args;
  sk_mpi_verify_block(m, "scattered block", m->recv_buf, a->recv_count, a->recv_dt, a->send_count, a->send_dt, a->root,
                      (size_t)m->rank * sk_mpi_bytes(a->send_count, a->send_dt));
}

/* All-to-alls and all-gathers: block j comes from process j, from the
** block of this process in j's send buffer or from its start. */
static int coll_is_allgather(const sk_mctx *m)
{
  int op = m->variant & COLL_OP_MASK;
  return op == OP_ALLGATHER || op == OP_ALLGATHERV;
}

static void check_all(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  (void)args;
  sk_mpi_verify_blocks(m, a->recv_count, a->recv_dt, a->send_count, a->send_dt, !coll_is_allgather(m));
}

static void prepare_reduce(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  (void)args;
  sk_mpi_verify_fill_operands(m, a->count, a->datatype);
}

/* Reduce (only the root has the result), Allreduce and Reduce_Bcast (everybody), Scan
** (ranks 0..own). */
static void check_reduced(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  int with_root = (m->variant & COLL_OP_MASK) == OP_REDUCE, scan = (m->variant & COLL_OP_MASK) == OP_SCAN;
  (void)args;
  if (with_root && a->root >= 0 && m->rank != a->root) return;
  sk_mpi_verify_reduced(m, scan ? "scan result" : "reduction result", m->recv_buf, a->count, a->datatype, a->op, 0,
                        scan ? m->rank : m->size - 1);
}

/* Reduce_scatter: rank i holds its part of the whole result (the counts and
** displacements of init); Reduce_Scatterv: the same, and the root the whole result in
** front of its part. */
static void check_reduce_scatter(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  const sk_margs *a = &m->arg;
  (void)args;
  sk_mpi_verify_reduced_from(m, "scattered part of the reduction result", m->recv_buf, s->recv_counts[m->rank],
                             a->datatype, a->op, 0, m->size - 1, s->recv_displs[m->rank]);
}

static void check_reduce_scatterv(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  const sk_margs *a = &m->arg;
  if (m->rank != a->root) { check_reduce_scatter(m, args); return; }
  if (sk_mpi_verify_reduced(m, "reduction result at the root", m->recv_buf, a->count, a->datatype, a->op, 0, m->size - 1))
    sk_mpi_verify_reduced_from(m, "root's scattered part", m->recv_buf + sk_mpi_bytes(a->count, a->datatype),
                               s->recv_counts[m->rank], a->datatype, a->op, 0, m->size - 1, s->recv_displs[m->rank]);
}

/* myalltoallv: the count of the message from `from` to `to` (send counts with s_cnt,
** receive counts with r_cnt), as init_myalltoallv makes them. */
static long myalltoallv_count(const sk_margs *a, long count, int from, int to)
{
  return from == a->charged_rank || to == a->charged_rank ? scaled_count(count, a->ratio) : count;
}

/* Block j of this process comes from the part of j's send buffer for this process,
** which follows j's messages to the ranks before it. */
static void check_myalltoallv(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  const sk_margs *a = &m->arg;
  int j, i;
  (void)args;
  for (j = 0; j < m->size && !m->failed; j++) {
    char what[80];
    long before = 0;
    for (i = 0; i < m->rank; i++) before += myalltoallv_count(a, a->send_count, j, i);
    sprintf(what, "block from rank %d", j);
    sk_mpi_verify_block(m, what, m->recv_buf + (size_t)s->recv_displs[j] * a->recv_dt->extent, s->recv_counts[j], a->recv_dt,
                        myalltoallv_count(a, a->send_count, j, m->rank), a->send_dt, j, sk_mpi_bytes(before, a->send_dt));
  }
}

/* Exchange: message k from rank j (slot j*msg_cnt+k) is j's slot rank*msg_cnt+k; the
** slots of this process itself stay empty. */
static void check_Exchange(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  size_t block;
  int j, k;
  (void)args;
  block = sk_mpi_bytes(a->count, a->datatype);
  for (j = 0; j < m->size && !m->failed; j++)
    for (k = 0; k < a->msg_count && !m->failed; k++) {
      char what[80];
      const char *slot = m->recv_buf + block * (size_t)(j * a->msg_count + k);
      if (j == m->rank) {   /* nothing is sent to oneself: the slot stays 0 */
        size_t b;
        for (b = 0; b < block && slot[b] == 0; b++) { /* find a written byte */ }
        sprintf(what, "own slot %d (nothing is sent to oneself)", k);
        if (b < block) sk_verify_mismatch(m, what, b, (unsigned char)slot[b], 0u);
        continue;
      }
      sprintf(what, "message %d from rank %d", k, j);
      sk_mpi_verify_block(m, what, slot, a->count, a->datatype, a->count, a->datatype, j, block * (size_t)(m->rank * a->msg_count + k));
    }
}

/* twosided_borderexchange: the left neighbour's first block (sent rightwards) and the
** right neighbour's second block (sent leftwards). */
static void check_twosided_borderexchange(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  const sk_datatype *t = sk_mpi_int_type();
  (void)args;
  if (a->iteration_count <= 0) return;
  if (sk_mpi_verify_block(m, "block from the left neighbour", m->recv_buf, a->count, t, a->count, t,
                          sk_mpi_ring_left(m), 0))
    sk_mpi_verify_block(m, "block from the right neighbour", m->recv_buf + sk_mpi_bytes(a->count, t), a->count, t, a->count,
                        t, sk_mpi_ring_right(m), sk_mpi_bytes(a->count, t));
}

#endif /* SKAMPI_MPI */

#define COLL_PATTERN SK_PATTERN_COLLECTIVE
#define COLL_NEW_COMM "creates a communicator, moves no data"
#define COLL_BUSY "busy waits, moves no data"
#define COLL_BCAST "count:i datatype:t root:i"
#define COLL_REDUCE "count:i datatype:t op:o"
#define COLL_XFER "send_count:i send_dt:t recv_count:i recv_dt:t"

static const sk_measurement mpi_coll_table[] = {
  SK_ROW_MPI("Bcast", COLL_BCAST, COLL_PATTERN, 1, OP_BCAST,
             measure_coll, init_bcast, NULL, NULL, check_bcast, NULL),
  SK_ROW_MPI("Bcast_Send_Recv", COLL_BCAST, COLL_PATTERN, 1, COLL_SELF_MADE,
             measure_Bcast_Send_Recv, init_bcast, NULL, NULL, check_bcast, NULL),
  SK_ROW_MPI("Barrier", "", COLL_PATTERN, 1, 0,
             measure_Barrier, NULL, NULL, NULL, NULL, "a barrier moves no data"),
  SK_ROW_MPI("Reduce", COLL_REDUCE " root:i", COLL_PATTERN, 1, OP_REDUCE,
             measure_coll, init_reduction, NULL, prepare_reduce, check_reduced, NULL),
  SK_ROW_MPI("Allreduce", COLL_REDUCE, COLL_PATTERN, 1, OP_ALLREDUCE,
             measure_coll, init_reduction, NULL, prepare_reduce, check_reduced, NULL),
  SK_ROW_MPI("Reduce_Bcast", COLL_REDUCE " root:i", COLL_PATTERN, 1, OP_REDUCE_BCAST,
             measure_coll, init_reduction, NULL, prepare_reduce, check_reduced, NULL),
  SK_ROW_MPI("Reduce_scatter", COLL_REDUCE " root:i", COLL_PATTERN, 1, OP_REDUCE_SCATTER,
             measure_coll, init_reduce_scatter, finalize_coll_state, prepare_reduce, check_reduce_scatter, NULL),
  SK_ROW_MPI("Alltoall", COLL_XFER, COLL_PATTERN, 1, OP_ALLTOALL,
             measure_coll, init_xfer, NULL, NULL, check_all, NULL),
  SK_ROW_MPI("Alltoall_Isend_Irecv", COLL_XFER, COLL_PATTERN, 1, OP_ALLTOALL | COLL_STATE,
             naive_alltoallv, init_xfer, finalize_coll_state, NULL, check_all, NULL),
  SK_ROW_MPI("Gather", COLL_XFER " root:i", COLL_PATTERN, 1, OP_GATHER,
             measure_coll, init_xfer, NULL, NULL, check_gather, NULL),
  SK_ROW_MPI("Gather_SR", COLL_XFER " root:i", COLL_PATTERN, 1, OP_GATHER | COLL_OTHERS,
             measure_self_made_gather, init_xfer, NULL, NULL, check_gather, NULL),
  SK_ROW_MPI("Gather_ISWA", COLL_XFER " root:i", COLL_PATTERN, 1, OP_GATHER | COLL_STATE | COLL_OTHERS,
             measure_self_made_gather, init_xfer, finalize_coll_state, NULL, check_gather, NULL),
  SK_ROW_MPI("Allgather", COLL_XFER, COLL_PATTERN, 1, OP_ALLGATHER,
             measure_coll, init_xfer, NULL, NULL, check_all, NULL),
  SK_ROW_MPI("Scatter", COLL_XFER " root:i", COLL_PATTERN, 1, OP_SCATTER,
             measure_coll, init_xfer, NULL, NULL, check_scatter, NULL),
  SK_ROW_MPI("Reduce_Scatterv", COLL_REDUCE " root:i", COLL_PATTERN, 1, OP_REDUCE_SCATTERV,
             measure_coll, init_reduce_scatter, finalize_coll_state, prepare_reduce, check_reduce_scatterv, NULL),
  SK_ROW_MPI("Alltoallv", COLL_XFER, COLL_PATTERN, 1, OP_ALLTOALLV | COLL_DISPLACED | COLL_STATE,
             measure_coll, init_xfer, finalize_coll_state, NULL, check_all, NULL),
  SK_ROW_MPI("Alltoallv_Isend_Irecv", COLL_XFER, COLL_PATTERN, 1, OP_ALLTOALLV | COLL_DISPLACED | COLL_STATE,
             naive_alltoallv, init_xfer, finalize_coll_state, NULL, check_all, NULL),
  SK_ROW_MPI("Gatherv", COLL_XFER " root:i", COLL_PATTERN, 1, OP_GATHERV | COLL_DISPLACED,
             measure_coll, init_xfer, finalize_coll_state, NULL, check_gather, NULL),
  SK_ROW_MPI("Allgatherv", COLL_XFER, COLL_PATTERN, 1, OP_ALLGATHERV | COLL_DISPLACED,
             measure_coll, init_xfer, finalize_coll_state, NULL, check_all, NULL),
  SK_ROW_MPI("Scatterv", COLL_XFER " root:i", COLL_PATTERN, 1, OP_SCATTERV | COLL_DISPLACED,
             measure_coll, init_xfer, finalize_coll_state, NULL, check_scatter, NULL),
  SK_ROW_MPI("Scan", COLL_REDUCE, COLL_PATTERN, 1, OP_SCAN,
             measure_coll, init_reduction, NULL, prepare_reduce, check_reduced, NULL),
  SK_ROW_MPI("Comm_split", "", COLL_PATTERN, 1, 0,
             measure_comm_create, NULL, NULL, NULL, NULL, COLL_NEW_COMM),
  SK_ROW_MPI("Comm_dup", "", COLL_PATTERN, 1, COLL_DUP,
             measure_comm_create, NULL, NULL, NULL, NULL, COLL_NEW_COMM),
  SK_ROW_MPI("myalltoallv", COLL_XFER " charged_rank:i ratio:d", COLL_PATTERN, 1, 0,
             naive_alltoallv, init_myalltoallv, finalize_coll_state, NULL, check_myalltoallv, NULL),
  SK_ROW_MPI("Exchange", "count:i datatype:t msg_count:i", COLL_PATTERN, 1, 0,
             measure_Exchange, init_Exchange, finalize_coll_state, NULL, check_Exchange, NULL),
  SK_ROW_MPI("multi_Alltoall", COLL_XFER " alltoall_count:i", COLL_PATTERN, 1, OP_ALLTOALL,
             measure_multi_Alltoall, init_multi_Alltoall, NULL, NULL, check_all, NULL),
  SK_ROW_MPI("twosided_borderexchange", "count:i iteration_count:i compute:i", COLL_PATTERN, 2, 0,
             measure_twosided_borderexchange, init_twosided_borderexchange, finalize_coll_state, NULL, check_twosided_borderexchange, NULL),
  SK_ROW_MPI("delayed_Alltoall", COLL_XFER " delay:d node:i", COLL_PATTERN, 1, OP_ALLTOALL | COLL_DELAYED,
             measure_coll, init_delayed, NULL, NULL, check_all, NULL),
  SK_ROW_MPI("delayed_Gather", COLL_XFER " root:i delay:d node:i", COLL_PATTERN, 1, OP_GATHER | COLL_DELAYED,
             measure_coll, init_delayed, NULL, NULL, check_gather, NULL),
  SK_ROW_MPI("waitpattern_down", "scale:d", COLL_PATTERN, 1, 0,
             measure_waitpattern, init_waitpattern, NULL, NULL, NULL, COLL_BUSY),
  SK_ROW_MPI("waitpattern_up", "scale:d", COLL_PATTERN, 1, COLL_WAIT_UP,
             measure_waitpattern, init_waitpattern, NULL, NULL, NULL, COLL_BUSY),
  SK_ROW_ALIAS("Bcast_using_Send_Recv", "Bcast_Send_Recv"),
  SK_ROW_ALIAS("Allreduce_using_Reduce_Bcast", "Reduce_Bcast"),
  SK_ROW_ALIAS("Alltoall_using_Isend_Irecv", "Alltoall_Isend_Irecv"),
  SK_ROW_ALIAS("Alltoallv_using_Isend_Irecv", "Alltoallv_Isend_Irecv"),
  SK_ROW_ALIAS("Gather_using_Send_Recv", "Gather_SR"),
  SK_ROW_ALIAS("Gather_using_Isend_Irecv_Waitall", "Gather_ISWA"),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_coll(void) { return mpi_coll_table; }