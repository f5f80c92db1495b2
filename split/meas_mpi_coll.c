/*
** meas_mpi_coll.c -- collective measurement functions over MPI (SKaMPI 5 manual §3.2).
** Compiled with the MPI backend only; MPI-1.1 calls only. Each measure function times
** ONE call (or one run of a self-made algorithm) between sk_sync_start() and
** sk_sync_stop(), so that all processes start together (SKaMPI 5 manual §6.2.1), and each
** process returns its own time. The reported message size is the data of one message
** (one process's contribution): count * size of the datatype.
**
** The v-variants (Alltoallv, Gatherv, Allgatherv, Scatterv) use the same count for every
** process, so that they can be compared with the plain operations; their counts and
** displacements are built in init and kept in m->state. The self-made algorithms
** (Bcast_Send_Recv, Gather_SR, Gather_ISWA, Alltoall_Isend_Irecv, Alltoallv_Isend_Irecv,
** myalltoallv) are deliberately naive, as in SKaMPI 5: every process talks to every
** partner in rank order.
*/
#include "meas_mpi.h"

#ifdef SKAMPI_MPI

/* Tag of the self-made algorithms (the measurement communicator is private). */
#define COLL_TAG 1

/* Counts and displacements (in elements) per process and requests, for the v-variants
** and the self-made algorithms. */
typedef struct coll_state {
  int *send_counts, *send_displs, *recv_counts, *recv_displs;
  MPI_Request *requests;
  MPI_Status *statuses;
} coll_state;

static coll_state *coll_state_new(sk_mctx *m, int n_requests)
{
  coll_state *s = (coll_state *)sk_calloc(1, sizeof *s);
  size_t n = (size_t)m->size;
  s->send_counts = (int *)sk_calloc(n, sizeof(int));
  s->send_displs = (int *)sk_calloc(n, sizeof(int));
  s->recv_counts = (int *)sk_calloc(n, sizeof(int));
  s->recv_displs = (int *)sk_calloc(n, sizeof(int));
  s->requests = (MPI_Request *)sk_calloc((size_t)(n_requests > 0 ? n_requests : 1), sizeof(MPI_Request));
  s->statuses = (MPI_Status *)sk_calloc((size_t)(n_requests > 0 ? n_requests : 1), sizeof(MPI_Status));
  m->state = s;
  return s;
}

static void finalize_coll_state(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  (void)args;
  if (s == NULL) return;
  free(s->send_counts);
  free(s->send_displs);
  free(s->recv_counts);
  free(s->recv_displs);
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

/* ---- checks shared by the inits ---- */

/* Args (count, datatype, op[, root]) of the reductions; root_arg < 0: no root. */
static void check_reduction(sk_mctx *m, const char *fn, const sk_value *args, int root_arg)
{
  sk_mpi_check_count(m, fn, "count", args[0].u.i);
  sk_mpi_check_op(m, fn, args[2].u.op, args[1].u.dt, 0);
  if (root_arg >= 0) sk_mpi_check_rank(m, fn, "root", args[root_arg].u.i);
}

/* Args (s_cnt, s_dt, r_cnt, r_dt[, root]) of gathers, scatters and all-to-alls. */
static void check_send_recv(sk_mctx *m, const char *fn, const sk_value *args, int root_arg)
{
  sk_mpi_check_count(m, fn, "send count", args[0].u.i);
  sk_mpi_check_count(m, fn, "receive count", args[2].u.i);
  sk_mpi_check_same_data(m, fn, args[0].u.i, args[1].u.dt, args[2].u.i, args[3].u.dt);
  if (root_arg >= 0) sk_mpi_check_rank(m, fn, "root", args[root_arg].u.i);
}

/* ---- broadcasts and barrier ---- */

/* Bcast(count, datatype, root): the root sends, everybody else receives into the
** receive buffer. */
static void init_Bcast(sk_mctx *m, const sk_value *args)
{
  sk_mpi_check_count(m, "Bcast", "count", args[0].u.i);
  sk_mpi_check_rank(m, "Bcast", "root", args[2].u.i);
  m->send_usage = sk_mpi_block_bytes(m, "Bcast", args[0].u.i, args[1].u.dt, 1, 0);
  m->recv_usage = m->send_usage;
  m->reported_size = sk_mpi_data_bytes(args[0].u.i, args[1].u.dt);
}

static double measure_Bcast(sk_mctx *m, const sk_value *args)
{
  int root = (int)args[2].u.i;
  void *buf = m->rank == root ? m->send_buf : m->recv_buf;
  double start = sk_sync_start(m);
  MPI_Bcast(buf, (int)args[0].u.i, args[1].u.dt->mpi, root, sk_tp_group_mpi_comm(m->group));
  return sk_sync_stop(m) - start;
}

/* Bcast_Send_Recv(count, datatype, root): a very naive self-made broadcast, the root
** sends to every other process in rank order. */
static void init_Bcast_Send_Recv(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Bcast_Send_Recv";
  sk_mpi_check_count(m, fn, "count", args[0].u.i);
  sk_mpi_check_rank(m, fn, "root", args[2].u.i);
  m->send_usage = m->rank == args[2].u.i ? sk_mpi_block_bytes(m, fn, args[0].u.i, args[1].u.dt, 1, 0) : 0;
  m->recv_usage = m->rank == args[2].u.i ? 0 : sk_mpi_block_bytes(m, fn, args[0].u.i, args[1].u.dt, 1, 0);
  m->reported_size = sk_mpi_data_bytes(args[0].u.i, args[1].u.dt);
}

static double measure_Bcast_Send_Recv(sk_mctx *m, const sk_value *args)
{
  int i, count = (int)args[0].u.i, root = (int)args[2].u.i;
  MPI_Datatype dt = args[1].u.dt->mpi;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  double start = sk_sync_start(m);
  if (m->rank == root) {
    for (i = 0; i < m->size; i++)
      if (i != root) MPI_Send(m->send_buf, count, dt, i, COLL_TAG, comm);
  } else {
    MPI_Recv(m->recv_buf, count, dt, root, COLL_TAG, comm, &status);
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

/* ---- reductions ---- */

/* Reduce(count, datatype, op, root): the result goes to the root's receive buffer. */
static void init_Reduce(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Reduce";
  size_t bytes;
  check_reduction(m, fn, args, 3);
  bytes = sk_mpi_block_bytes(m, fn, args[0].u.i, args[1].u.dt, 1, 0);
  m->send_usage = bytes;
  m->recv_usage = m->rank == args[3].u.i ? bytes : 0;
  m->reported_size = sk_mpi_data_bytes(args[0].u.i, args[1].u.dt);
}

static double measure_Reduce(sk_mctx *m, const sk_value *args)
{
  double start = sk_sync_start(m);
  MPI_Reduce(m->send_buf, m->recv_buf, (int)args[0].u.i, args[1].u.dt->mpi, args[2].u.op->mpi,
             (int)args[3].u.i, sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

/* The init of Allreduce(count, datatype, op) and Scan(count, datatype, op). */
static void init_reduce_everywhere(sk_mctx *m, const sk_value *args, const char *fn)
{
  check_reduction(m, fn, args, -1);
  m->send_usage = sk_mpi_block_bytes(m, fn, args[0].u.i, args[1].u.dt, 1, 0);
  m->recv_usage = m->send_usage;
  m->reported_size = sk_mpi_data_bytes(args[0].u.i, args[1].u.dt);
}

static void init_Allreduce(sk_mctx *m, const sk_value *args) { init_reduce_everywhere(m, args, "Allreduce"); }

static double measure_Allreduce(sk_mctx *m, const sk_value *args)
{
  double start = sk_sync_start(m);
  MPI_Allreduce(m->send_buf, m->recv_buf, (int)args[0].u.i, args[1].u.dt->mpi, args[2].u.op->mpi,
                sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

static void init_Scan(sk_mctx *m, const sk_value *args) { init_reduce_everywhere(m, args, "Scan"); }

static double measure_Scan(sk_mctx *m, const sk_value *args)
{
  double start = sk_sync_start(m);
  MPI_Scan(m->send_buf, m->recv_buf, (int)args[0].u.i, args[1].u.dt->mpi, args[2].u.op->mpi,
           sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

/* Reduce_Bcast(count, datatype, op, root): MPI_Reduce to the root followed by MPI_Bcast
** of the result from there -- an Allreduce made of two operations. */
static void init_Reduce_Bcast(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Reduce_Bcast";
  check_reduction(m, fn, args, 3);
  m->send_usage = sk_mpi_block_bytes(m, fn, args[0].u.i, args[1].u.dt, 1, 0);
  m->recv_usage = m->send_usage;
  m->reported_size = sk_mpi_data_bytes(args[0].u.i, args[1].u.dt);
}

static double measure_Reduce_Bcast(sk_mctx *m, const sk_value *args)
{
  int count = (int)args[0].u.i, root = (int)args[3].u.i;
  MPI_Datatype dt = args[1].u.dt->mpi;
  MPI_Comm comm = sk_mpi_comm(m);
  double start = sk_sync_start(m);
  MPI_Reduce(m->send_buf, m->recv_buf, count, dt, args[2].u.op->mpi, root, comm);
  MPI_Bcast(m->recv_buf, count, dt, root, comm);
  return sk_sync_stop(m) - start;
}

/* Reduce_scatter(count, datatype, op, root) and Reduce_Scatterv(count, datatype, op,
** root): a vector of `count` elements is reduced and scattered so that rank i gets
** count/size elements, the first count%size ranks one more (sk_mpi_share).
** Reduce_scatter is the single MPI_Reduce_scatter call; its root is not used (the
** parameter is there so that both take the same arguments, as in SKaMPI 5).
** Reduce_Scatterv is MPI_Reduce to the root followed by MPI_Scatterv of the result
** from there (the capital S: two operations, like Reduce_Bcast); the root reduces into
** the start of its receive buffer and receives its own part behind the result. */
static void init_reduce_scatter(sk_mctx *m, const sk_value *args, const char *fn, int root_keeps_result)
{
  coll_state *s;
  int i;
  long count = args[0].u.i;
  check_reduction(m, fn, args, 3);
  m->send_usage = sk_mpi_block_bytes(m, fn, count, args[1].u.dt, 1, 0);
  if (m->failed) return;
  s = coll_state_new(m, 0);
  for (i = 0; i < m->size; i++) {
    s->recv_counts[i] = sk_mpi_share(count, m->size, i);
    s->recv_displs[i] = i == 0 ? 0 : s->recv_displs[i - 1] + s->recv_counts[i - 1];
  }
  m->recv_usage = sk_mpi_bytes(s->recv_counts[m->rank], args[1].u.dt);
  if (root_keeps_result && m->rank == args[3].u.i) m->recv_usage += m->send_usage;
  m->reported_size = sk_mpi_data_bytes(count, args[1].u.dt);
}

static void init_Reduce_scatter(sk_mctx *m, const sk_value *args)
{
  init_reduce_scatter(m, args, "Reduce_scatter", 0);
}

static double measure_Reduce_scatter(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  double start = sk_sync_start(m);
  MPI_Reduce_scatter(m->send_buf, m->recv_buf, s->recv_counts, args[1].u.dt->mpi, args[2].u.op->mpi,
                     sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

static void init_Reduce_Scatterv(sk_mctx *m, const sk_value *args)
{
  init_reduce_scatter(m, args, "Reduce_Scatterv", 1);
}

static double measure_Reduce_Scatterv(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  int root = (int)args[3].u.i;
  MPI_Datatype dt = args[1].u.dt->mpi;
  MPI_Comm comm = sk_mpi_comm(m);
  char *mine = m->rank == root ? m->recv_buf + sk_mpi_bytes(args[0].u.i, args[1].u.dt) : m->recv_buf;
  double start = sk_sync_start(m);
  MPI_Reduce(m->send_buf, m->recv_buf, (int)args[0].u.i, dt, args[2].u.op->mpi, root, comm);
  MPI_Scatterv(m->recv_buf, s->recv_counts, s->recv_displs, dt, mine, s->recv_counts[m->rank], dt, root, comm);
  return sk_sync_stop(m) - start;
}

/* ---- gather, scatter, all-to-all ---- */

/* Gather(s_cnt, s_dt, r_cnt, r_dt, root), also the init of Gather_SR, Gather_ISWA and
** Gatherv: everybody sends s_cnt elements, the root receives size blocks of r_cnt. */
static void init_gather(sk_mctx *m, const sk_value *args, const char *fn, int displaced)
{
  check_send_recv(m, fn, args, 4);
  m->send_usage = sk_mpi_block_bytes(m, fn, args[0].u.i, args[1].u.dt, 1, 0);
  m->recv_usage = m->rank == args[4].u.i ? sk_mpi_block_bytes(m, fn, args[2].u.i, args[3].u.dt, m->size, displaced) : 0;
  m->reported_size = sk_mpi_data_bytes(args[0].u.i, args[1].u.dt);
}

static void init_Gather(sk_mctx *m, const sk_value *args) { init_gather(m, args, "Gather", 0); }

static double measure_Gather(sk_mctx *m, const sk_value *args)
{
  double start = sk_sync_start(m);
  MPI_Gather(m->send_buf, (int)args[0].u.i, args[1].u.dt->mpi, m->recv_buf, (int)args[2].u.i, args[3].u.dt->mpi,
             (int)args[4].u.i, sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

/* Gather_SR: a very naive self-made gather, the root receives with MPI_Recv from every
** other process in rank order; the root's own block is not copied. */
static void init_Gather_SR(sk_mctx *m, const sk_value *args) { init_gather(m, args, "Gather_SR", 0); }

static double measure_Gather_SR(sk_mctx *m, const sk_value *args)
{
  int i, root = (int)args[4].u.i, r_count = (int)args[2].u.i;
  size_t block = sk_mpi_bytes(args[2].u.i, args[3].u.dt);
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  double start = sk_sync_start(m);
  if (m->rank == root) {
    for (i = 0; i < m->size; i++)
      if (i != root) MPI_Recv(m->recv_buf + (size_t)i * block, r_count, args[3].u.dt->mpi, i, COLL_TAG, comm, &status);
  } else {
    MPI_Send(m->send_buf, (int)args[0].u.i, args[1].u.dt->mpi, root, COLL_TAG, comm);
  }
  return sk_sync_stop(m) - start;
}

/* Gather_ISWA: a very naive self-made gather with non-blocking calls: the root posts an
** MPI_Irecv for every other process and completes them with MPI_Waitall, the others
** send with MPI_Isend + MPI_Wait. */
static void init_Gather_ISWA(sk_mctx *m, const sk_value *args)
{
  init_gather(m, args, "Gather_ISWA", 0);
  if (!m->failed) coll_state_new(m, m->size);
}

static double measure_Gather_ISWA(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  int i, n = 0, root = (int)args[4].u.i, r_count = (int)args[2].u.i;
  size_t block = sk_mpi_bytes(args[2].u.i, args[3].u.dt);
  MPI_Comm comm = sk_mpi_comm(m);
  double start = sk_sync_start(m);
  if (m->rank == root) {
    for (i = 0; i < m->size; i++)
      if (i != root)
        MPI_Irecv(m->recv_buf + (size_t)i * block, r_count, args[3].u.dt->mpi, i, COLL_TAG, comm, &s->requests[n++]);
    MPI_Waitall(n, s->requests, s->statuses);
  } else {
    MPI_Isend(m->send_buf, (int)args[0].u.i, args[1].u.dt->mpi, root, COLL_TAG, comm, &s->requests[0]);
    MPI_Wait(&s->requests[0], &s->statuses[0]);
  }
  return sk_sync_stop(m) - start;
}

/* Gatherv: like Gather, every process contributes the same count. */
static void init_Gatherv(sk_mctx *m, const sk_value *args)
{
  coll_state *s;
  init_gather(m, args, "Gatherv", 1);
  if (m->failed) return;
  s = coll_state_new(m, 0);
  equal_counts(s->recv_counts, s->recv_displs, m->size, args[2].u.i);
}

static double measure_Gatherv(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  double start = sk_sync_start(m);
  MPI_Gatherv(m->send_buf, (int)args[0].u.i, args[1].u.dt->mpi, m->recv_buf, s->recv_counts, s->recv_displs,
              args[3].u.dt->mpi, (int)args[4].u.i, sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

/* Allgather(s_cnt, s_dt, r_cnt, r_dt) and Allgatherv: everybody receives size blocks. */
static void init_allgather(sk_mctx *m, const sk_value *args, const char *fn, int displaced)
{
  check_send_recv(m, fn, args, -1);
  m->send_usage = sk_mpi_block_bytes(m, fn, args[0].u.i, args[1].u.dt, 1, 0);
  m->recv_usage = sk_mpi_block_bytes(m, fn, args[2].u.i, args[3].u.dt, m->size, displaced);
  m->reported_size = sk_mpi_data_bytes(args[0].u.i, args[1].u.dt);
}

static void init_Allgather(sk_mctx *m, const sk_value *args) { init_allgather(m, args, "Allgather", 0); }

static double measure_Allgather(sk_mctx *m, const sk_value *args)
{
  double start = sk_sync_start(m);
  MPI_Allgather(m->send_buf, (int)args[0].u.i, args[1].u.dt->mpi, m->recv_buf, (int)args[2].u.i,
                args[3].u.dt->mpi, sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

static void init_Allgatherv(sk_mctx *m, const sk_value *args)
{
  coll_state *s;
  init_allgather(m, args, "Allgatherv", 1);
  if (m->failed) return;
  s = coll_state_new(m, 0);
  equal_counts(s->recv_counts, s->recv_displs, m->size, args[2].u.i);
}

static double measure_Allgatherv(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  double start = sk_sync_start(m);
  MPI_Allgatherv(m->send_buf, (int)args[0].u.i, args[1].u.dt->mpi, m->recv_buf, s->recv_counts, s->recv_displs,
                 args[3].u.dt->mpi, sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

/* Scatter(s_cnt, s_dt, r_cnt, r_dt, root) and Scatterv: the root sends size blocks of
** s_cnt, everybody receives r_cnt. */
static void init_scatter(sk_mctx *m, const sk_value *args, const char *fn, int displaced)
{
  check_send_recv(m, fn, args, 4);
  m->send_usage = m->rank == args[4].u.i ? sk_mpi_block_bytes(m, fn, args[0].u.i, args[1].u.dt, m->size, displaced) : 0;
  m->recv_usage = sk_mpi_block_bytes(m, fn, args[2].u.i, args[3].u.dt, 1, 0);
  m->reported_size = sk_mpi_data_bytes(args[0].u.i, args[1].u.dt);
}

static void init_Scatter(sk_mctx *m, const sk_value *args) { init_scatter(m, args, "Scatter", 0); }

static double measure_Scatter(sk_mctx *m, const sk_value *args)
{
  double start = sk_sync_start(m);
  MPI_Scatter(m->send_buf, (int)args[0].u.i, args[1].u.dt->mpi, m->recv_buf, (int)args[2].u.i, args[3].u.dt->mpi,
              (int)args[4].u.i, sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

static void init_Scatterv(sk_mctx *m, const sk_value *args)
{
  coll_state *s;
  init_scatter(m, args, "Scatterv", 1);
  if (m->failed) return;
  s = coll_state_new(m, 0);
  equal_counts(s->send_counts, s->send_displs, m->size, args[0].u.i);
}

static double measure_Scatterv(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  double start = sk_sync_start(m);
  MPI_Scatterv(m->send_buf, s->send_counts, s->send_displs, args[1].u.dt->mpi, m->recv_buf, (int)args[2].u.i,
               args[3].u.dt->mpi, (int)args[4].u.i, sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

/* Alltoall(s_cnt, s_dt, r_cnt, r_dt) and its relatives: every process sends a block of
** s_cnt to every process (itself included) and receives a block of r_cnt from each.
** `with_state` also prepares equal counts/displacements (m->state) and requests. */
static void init_alltoall(sk_mctx *m, const sk_value *args, const char *fn, int displaced, int with_state)
{
  coll_state *s;
  check_send_recv(m, fn, args, -1);
  m->send_usage = sk_mpi_block_bytes(m, fn, args[0].u.i, args[1].u.dt, m->size, displaced);
  m->recv_usage = sk_mpi_block_bytes(m, fn, args[2].u.i, args[3].u.dt, m->size, displaced);
  m->reported_size = sk_mpi_data_bytes(args[0].u.i, args[1].u.dt);
  if (m->failed || !with_state) return;
  s = coll_state_new(m, 2 * m->size);
  equal_counts(s->send_counts, s->send_displs, m->size, args[0].u.i);
  equal_counts(s->recv_counts, s->recv_displs, m->size, args[2].u.i);
}

static void init_Alltoall(sk_mctx *m, const sk_value *args) { init_alltoall(m, args, "Alltoall", 0, 0); }

static double measure_Alltoall(sk_mctx *m, const sk_value *args)
{
  double start = sk_sync_start(m);
  MPI_Alltoall(m->send_buf, (int)args[0].u.i, args[1].u.dt->mpi, m->recv_buf, (int)args[2].u.i, args[3].u.dt->mpi,
               sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

static void init_Alltoallv(sk_mctx *m, const sk_value *args) { init_alltoall(m, args, "Alltoallv", 1, 1); }

static double measure_Alltoallv(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  double start = sk_sync_start(m);
  MPI_Alltoallv(m->send_buf, s->send_counts, s->send_displs, args[1].u.dt->mpi,
                m->recv_buf, s->recv_counts, s->recv_displs, args[3].u.dt->mpi, sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

/* The self-made all-to-all of Alltoall_Isend_Irecv, Alltoallv_Isend_Irecv and
** myalltoallv: an MPI_Irecv from every process, then an MPI_Isend to every process, in
** rank order, then MPI_Waitall. Counts and displacements come from the state. */
static double naive_alltoallv(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  int i;
  MPI_Datatype s_dt = args[1].u.dt->mpi, r_dt = args[3].u.dt->mpi;
  size_t s_extent = args[1].u.dt->extent, r_extent = args[3].u.dt->extent;
  MPI_Comm comm = sk_mpi_comm(m);
  double start = sk_sync_start(m);
  for (i = 0; i < m->size; i++)
    MPI_Irecv(m->recv_buf + (size_t)s->recv_displs[i] * r_extent, s->recv_counts[i], r_dt, i, COLL_TAG, comm,
              &s->requests[i]);
  for (i = 0; i < m->size; i++)
    MPI_Isend(m->send_buf + (size_t)s->send_displs[i] * s_extent, s->send_counts[i], s_dt, i, COLL_TAG, comm,
              &s->requests[m->size + i]);
  MPI_Waitall(2 * m->size, s->requests, s->statuses);
  return sk_sync_stop(m) - start;
}

static void init_Alltoall_Isend_Irecv(sk_mctx *m, const sk_value *args)
{
  init_alltoall(m, args, "Alltoall_Isend_Irecv", 0, 1);
}

static void init_Alltoallv_Isend_Irecv(sk_mctx *m, const sk_value *args)
{
  init_alltoall(m, args, "Alltoallv_Isend_Irecv", 1, 1);
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
  double ratio = sk_mpi_arg_double(&args[5]);
  long s_cnt = args[0].u.i, r_cnt = args[2].u.i;
  int i, charged;
  size_t s_total = 0, r_total = 0;
  check_send_recv(m, fn, args, -1);
  sk_mpi_check_rank(m, fn, "charged_rank", args[4].u.i);
  if (!m->failed && !(ratio >= 0.0 && (s_cnt * ratio < INT_MAX / 2) && (r_cnt * ratio < INT_MAX / 2)))
    sk_meas_fail(m, "myalltoallv: ratio must be non-negative and the scaled counts must fit an int");
  if (!m->failed)
    sk_mpi_check_same_data(m, fn, scaled_count(s_cnt, ratio), args[1].u.dt, scaled_count(r_cnt, ratio), args[3].u.dt);
  /* every element offset must fit an int: at most size blocks of the larger count */
  sk_mpi_block_bytes(m, fn, s_cnt > scaled_count(s_cnt, ratio) ? s_cnt : scaled_count(s_cnt, ratio),
                     args[1].u.dt, m->size, 1);
  sk_mpi_block_bytes(m, fn, r_cnt > scaled_count(r_cnt, ratio) ? r_cnt : scaled_count(r_cnt, ratio),
                     args[3].u.dt, m->size, 1);
  if (m->failed) return;
  charged = (int)args[4].u.i;
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
  m->send_usage = s_total * args[1].u.dt->extent;
  m->recv_usage = r_total * args[3].u.dt->extent;
  m->reported_size = sk_mpi_data_bytes(s_cnt, args[1].u.dt);
}

/* ---- communicator management ---- */

/* Comm_split(): MPI_Comm_split of the measurement communicator into one communicator
** (same colour, ranks kept); Comm_dup(): MPI_Comm_dup. The new communicator is freed
** after the timed part. */
static double measure_Comm_split(sk_mctx *m, const sk_value *args)
{
  MPI_Comm created;
  double start, end;
  (void)args;
  start = sk_sync_start(m);
  MPI_Comm_split(sk_mpi_comm(m), 0, m->rank, &created);
  end = sk_sync_stop(m);
  MPI_Comm_free(&created);
  return end - start;
}

static double measure_Comm_dup(sk_mctx *m, const sk_value *args)
{
  MPI_Comm created;
  double start, end;
  (void)args;
  start = sk_sync_start(m);
  MPI_Comm_dup(sk_mpi_comm(m), &created);
  end = sk_sync_stop(m);
  MPI_Comm_free(&created);
  return end - start;
}

static const sk_measurement mpi_coll_table[] = {
  { "Bcast", "iti", SK_PATTERN_COLLECTIVE, init_Bcast, measure_Bcast, NULL, 1 },
  { "Bcast_Send_Recv", "iti", SK_PATTERN_COLLECTIVE, init_Bcast_Send_Recv, measure_Bcast_Send_Recv, NULL, 1 },
  { "Barrier", "", SK_PATTERN_COLLECTIVE, NULL, measure_Barrier, NULL, 1 },
  { "Reduce", "itoi", SK_PATTERN_COLLECTIVE, init_Reduce, measure_Reduce, NULL, 1 },
  { "Allreduce", "ito", SK_PATTERN_COLLECTIVE, init_Allreduce, measure_Allreduce, NULL, 1 },
  { "Reduce_Bcast", "itoi", SK_PATTERN_COLLECTIVE, init_Reduce_Bcast, measure_Reduce_Bcast, NULL, 1 },
  { "Reduce_scatter", "itoi", SK_PATTERN_COLLECTIVE, init_Reduce_scatter, measure_Reduce_scatter,
    finalize_coll_state, 1 },
  { "Alltoall", "itit", SK_PATTERN_COLLECTIVE, init_Alltoall, measure_Alltoall, NULL, 1 },
  { "Alltoall_Isend_Irecv", "itit", SK_PATTERN_COLLECTIVE, init_Alltoall_Isend_Irecv, naive_alltoallv,
    finalize_coll_state, 1 },
  { "Gather", "ititi", SK_PATTERN_COLLECTIVE, init_Gather, measure_Gather, NULL, 1 },
  { "Gather_SR", "ititi", SK_PATTERN_COLLECTIVE, init_Gather_SR, measure_Gather_SR, NULL, 1 },
  { "Gather_ISWA", "ititi", SK_PATTERN_COLLECTIVE, init_Gather_ISWA, measure_Gather_ISWA, finalize_coll_state, 1 },
  { "Allgather", "itit", SK_PATTERN_COLLECTIVE, init_Allgather, measure_Allgather, NULL, 1 },
  { "Scatter", "ititi", SK_PATTERN_COLLECTIVE, init_Scatter, measure_Scatter, NULL, 1 },
  { "Reduce_Scatterv", "itoi", SK_PATTERN_COLLECTIVE, init_Reduce_Scatterv, measure_Reduce_Scatterv,
    finalize_coll_state, 1 },
  { "Alltoallv", "itit", SK_PATTERN_COLLECTIVE, init_Alltoallv, measure_Alltoallv, finalize_coll_state, 1 },
  { "Alltoallv_Isend_Irecv", "itit", SK_PATTERN_COLLECTIVE, init_Alltoallv_Isend_Irecv, naive_alltoallv,
    finalize_coll_state, 1 },
  { "Gatherv", "ititi", SK_PATTERN_COLLECTIVE, init_Gatherv, measure_Gatherv, finalize_coll_state, 1 },
  { "Allgatherv", "itit", SK_PATTERN_COLLECTIVE, init_Allgatherv, measure_Allgatherv, finalize_coll_state, 1 },
  { "Scatterv", "ititi", SK_PATTERN_COLLECTIVE, init_Scatterv, measure_Scatterv, finalize_coll_state, 1 },
  { "Scan", "ito", SK_PATTERN_COLLECTIVE, init_Scan, measure_Scan, NULL, 1 },
  { "Comm_split", "", SK_PATTERN_COLLECTIVE, NULL, measure_Comm_split, NULL, 1 },
  { "Comm_dup", "", SK_PATTERN_COLLECTIVE, NULL, measure_Comm_dup, NULL, 1 },
  { "myalltoallv", "ititid", SK_PATTERN_COLLECTIVE, init_myalltoallv, naive_alltoallv, finalize_coll_state, 1 },
  { NULL, NULL, SK_PATTERN_SIMPLE, NULL, NULL, NULL, 0 }
};

SK_API const sk_measurement *sk_meas_table_mpi_coll(void) { return mpi_coll_table; }

#endif /* SKAMPI_MPI */
