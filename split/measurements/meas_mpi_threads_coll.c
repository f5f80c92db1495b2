/*
** meas_mpi_threads_coll.c -- the rest of IMB-MT (Intel MPI Benchmarks 2021, written from
** their published description): T threads per process under MPI_THREAD_MULTIPLE, thread
** i of every process on its own duplicate of the measurement communicator with its own
** slots of `count` elements. Ranks 0 and 1: ping-ping, bidirectional windows; every
** process: send-receive and exchange in a ring, barrier, broadcast, reduce, all-reduce,
** and the nine that IMB-MT 2021's source keeps under #if 0 (ScatterMT ... AlltoallvMT:
** scatter, gather, all-gather, all-to-all, each also as its v-variant with `count`
** elements for every process at displacement rank * count, and reduce-scatter with
** `count` elements for every process), whose slots hold `count` elements per process
** of the communicator where the operation sends or receives one block per process.
** The span of `iterations` operations of all threads per operation (Thread_bibw: per
** message of all threads). With one thread each is its IMB-MPI1 counterpart.
*/
#include "meas_mpi.h"
#include "verify.h"
#include "thread_team.h"

#define TCOLL_DEFAULT_WINDOW 64L
#define TCOLL_MAX_WINDOW 1024L

/* The rows' VARIANT. */
enum tcoll_op {
  TC_PINGPING, TC_SENDRECV, TC_EXCHANGE, TC_BIBW, TC_BARRIER, TC_BCAST, TC_REDUCE, TC_ALLREDUCE,
  TC_SCATTER, TC_SCATTERV, TC_REDUCE_SCATTER, TC_GATHER, TC_GATHERV, TC_ALLGATHER, TC_ALLGATHERV, TC_ALLTOALL,
  TC_ALLTOALLV
};

#if SK_HAVE_THREADS

typedef struct tcoll_state {
  sk_margs a;
  int op;
  int active;                    /* 0: this rank takes no part (ranks beyond 1 of a pair row) */
  int left, right;               /* the pair's partner (both), or the ring's neighbours */
  long window;
  size_t block;                  /* bytes of one message of `count` elements */
  size_t send_slot, recv_slot;   /* bytes of one thread's send and receive slot */
  int *counts, *displs;          /* the v-variants' and reduce-scatter's: `count`, rank * count */
  MPI_Comm comms[SK_TEAM_MAX];
  int comms_made;
  MPI_Request *requests;         /* tcoll_requests per thread */
  MPI_Status *statuses;          /* and their statuses (MPI_STATUSES_IGNORE draws gcc's warnings) */
  sk_mctx *m;
} tcoll_state;

/* Requests per thread of each row. */
static long tcoll_requests(const tcoll_state *s)
{
  return s->op == TC_BIBW ? 2 * s->window : s->op == TC_EXCHANGE ? 2 : 1;
}

/* Blocks of `count` elements in a thread's send slot and receive slot: one per process
** where the operation sends (scatters, all-to-alls, reduce-scatter's operands) or receives
** (gathers, all-gathers, all-to-alls) one per process; the exchange's two neighbours. */
static void tcoll_blocks(int op, int procs, long *send_blocks, long *recv_blocks)
{
  int sends_all = op == TC_SCATTER || op == TC_SCATTERV || op == TC_REDUCE_SCATTER || op == TC_ALLTOALL
                  || op == TC_ALLTOALLV;
  int recvs_all = op == TC_GATHER || op == TC_GATHERV || op == TC_ALLGATHER || op == TC_ALLGATHERV
                  || op == TC_ALLTOALL || op == TC_ALLTOALLV;
  *send_blocks = sends_all ? procs : 1;
  *recv_blocks = recvs_all ? procs : op == TC_EXCHANGE ? 2 : 1;
}

/* The rows that pass counts and displacements (the same for every process). */
static int tcoll_vectors(int op)
{
  return op == TC_SCATTERV || op == TC_GATHERV || op == TC_ALLGATHERV || op == TC_ALLTOALLV || op == TC_REDUCE_SCATTER;
}

/* The rows with a root. */
static int tcoll_rooted(int op)
{
  return op == TC_BCAST || op == TC_REDUCE || op == TC_SCATTER || op == TC_SCATTERV || op == TC_GATHER
         || op == TC_GATHERV;
}

/* The reductions. */
static int tcoll_reduces(int op)
{
  return op == TC_REDUCE || op == TC_ALLREDUCE || op == TC_REDUCE_SCATTER;
}

static void tcoll_init(sk_mctx *m, const sk_value *args)
{
  tcoll_state *s = (tcoll_state *)sk_calloc(1, sizeof *s);
  const char *fn = m->name;
  long send_blocks, recv_blocks;
  int i, pair;
  (void)args;
  m->state = s;
  s->a = m->arg;
  s->op = m->variant;
  pair = s->op == TC_PINGPING || s->op == TC_BIBW;
  s->active = !pair || m->rank < 2;
  s->left = pair ? 1 - m->rank : sk_mpi_ring_left(m);
  s->right = pair ? 1 - m->rank : sk_mpi_ring_right(m);
  s->window = s->op != TC_BIBW ? 0 : s->a.window == 0 ? TCOLL_DEFAULT_WINDOW : s->a.window;
  sk_mpi_check_count(m, fn, "count", s->a.count);
  sk_mpi_check_count(m, fn, "iterations", s->a.iterations);
  if (tcoll_rooted(s->op)) sk_mpi_check_rank(m, fn, "root", s->a.root);
  if (tcoll_reduces(s->op)) sk_mpi_check_op(m, fn, s->a.op, s->a.datatype, 0);
  if (!m->failed && s->op == TC_BIBW && (s->window < 1 || s->window > TCOLL_MAX_WINDOW)) {
    char msg[160];
    sprintf(msg, "%s: window %ld must be 0 (IMB-MT's default, %ld) or 1 to %ld", fn, s->window, TCOLL_DEFAULT_WINDOW,
            TCOLL_MAX_WINDOW);
    sk_meas_fail(m, msg);
  }
  if (sk_team_refuse(m, fn, s->a.threads)) return;
  if (s->op != TC_BARRIER) {
    tcoll_blocks(s->op, m->size, &send_blocks, &recv_blocks);
    s->block = sk_mpi_block_bytes(m, fn, s->a.count, s->a.datatype, 1, 0);
    s->send_slot = sk_mpi_block_bytes(m, fn, s->a.count, s->a.datatype, send_blocks, tcoll_vectors(s->op));
    s->recv_slot = sk_mpi_block_bytes(m, fn, s->a.count, s->a.datatype, recv_blocks, tcoll_vectors(s->op));
    m->send_usage = s->active ? s->send_slot * (size_t)s->a.threads : 0;
    m->recv_usage = s->active ? s->recv_slot * (size_t)s->a.threads : 0;
    m->reported_size = sk_mpi_data_bytes(s->a.count, s->a.datatype);
  }
  if (m->failed) return;
  if (tcoll_vectors(s->op)) {
    s->counts = (int *)sk_malloc(sizeof(int) * (size_t)m->size);
    s->displs = (int *)sk_malloc(sizeof(int) * (size_t)m->size);
    for (i = 0; i < m->size; i++) {
      s->counts[i] = (int)s->a.count;
      s->displs[i] = i * (int)s->a.count;
    }
  }
  for (i = 0; i < s->a.threads; i++) MPI_Comm_dup(sk_mpi_comm(m), &s->comms[i]);
  s->comms_made = i;
  s->requests = (MPI_Request *)sk_malloc(sizeof(MPI_Request) * (size_t)(s->a.threads * tcoll_requests(s)));
  s->statuses = (MPI_Status *)sk_malloc(sizeof(MPI_Status) * (size_t)(s->a.threads * tcoll_requests(s)));
}

static void finalize_tcoll(sk_mctx *m, const sk_value *args)
{
  tcoll_state *s = (tcoll_state *)m->state;
  int i;
  (void)args;
  if (s == NULL) return;
  for (i = 0; i < s->comms_made; i++) MPI_Comm_free(&s->comms[i]);
  free(s->requests);
  free(s->statuses);
  free(s->counts);
  free(s->displs);
  free(s);
  m->state = NULL;
}

/* Thread i's `iterations` operations on its communicator, from its slots. */
static void tcoll_work(void *p, int i)
{
  tcoll_state *s = (tcoll_state *)p;
  sk_mctx *m = s->m;
  char *send = m->send_buf + (size_t)i * s->send_slot;
  char *recv = m->recv_buf + (size_t)i * s->recv_slot;
  MPI_Request *req = s->requests + (size_t)i * (size_t)tcoll_requests(s);
  MPI_Status *st = s->statuses + (size_t)i * (size_t)tcoll_requests(s);
  MPI_Comm comm = s->comms[i];
  MPI_Datatype dt = s->op == TC_BARRIER ? MPI_BYTE : s->a.datatype->mpi;
  int count = (int)s->a.count, w = (int)s->window, root = (int)s->a.root, j;
  long k;
  for (k = 0; k < s->a.iterations; k++) {
    switch (s->op) {
    case TC_PINGPING:
      MPI_Isend(send, count, dt, s->right, 0, comm, &req[0]);
      MPI_Recv(recv, count, dt, s->left, 0, comm, MPI_STATUS_IGNORE);
      MPI_Wait(&req[0], st);
      break;
    case TC_SENDRECV:
      MPI_Sendrecv(send, count, dt, s->right, 0, recv, count, dt, s->left, 0, comm, MPI_STATUS_IGNORE);
      break;
    case TC_EXCHANGE:   /* the left neighbour's message into the first slot, the right's into the second */
      MPI_Isend(send, count, dt, s->left, 0, comm, &req[0]);
      MPI_Isend(send, count, dt, s->right, 1, comm, &req[1]);
      MPI_Recv(recv, count, dt, s->left, 1, comm, MPI_STATUS_IGNORE);
      MPI_Recv(recv + s->block, count, dt, s->right, 0, comm, MPI_STATUS_IGNORE);
      MPI_Waitall(2, req, st);
      break;
    case TC_BIBW:   /* a window each way at once, then an empty acknowledgement each way */
      for (j = 0; j < w; j++) MPI_Irecv(recv, count, dt, s->left, 0, comm, &req[j]);
      for (j = 0; j < w; j++) MPI_Isend(send, count, dt, s->right, 0, comm, &req[w + j]);
      MPI_Waitall(2 * w, req, st);
      MPI_Sendrecv(send, 0, dt, s->right, 1, recv, 0, dt, s->left, 1, comm, MPI_STATUS_IGNORE);
      break;
    case TC_BARRIER: MPI_Barrier(comm); break;
    case TC_BCAST: MPI_Bcast(m->rank == root ? send : recv, count, dt, root, comm); break;
    case TC_REDUCE: MPI_Reduce(send, recv, count, dt, s->a.op->mpi, root, comm); break;
    case TC_ALLREDUCE: MPI_Allreduce(send, recv, count, dt, s->a.op->mpi, comm); break;
    case TC_SCATTER: MPI_Scatter(send, count, dt, recv, count, dt, root, comm); break;
    case TC_SCATTERV: MPI_Scatterv(send, s->counts, s->displs, dt, recv, count, dt, root, comm); break;
    case TC_REDUCE_SCATTER: MPI_Reduce_scatter(send, recv, s->counts, dt, s->a.op->mpi, comm); break;
    case TC_GATHER: MPI_Gather(send, count, dt, recv, count, dt, root, comm); break;
    case TC_GATHERV: MPI_Gatherv(send, count, dt, recv, s->counts, s->displs, dt, root, comm); break;
    case TC_ALLGATHER: MPI_Allgather(send, count, dt, recv, count, dt, comm); break;
    case TC_ALLGATHERV: MPI_Allgatherv(send, count, dt, recv, s->counts, s->displs, dt, comm); break;
    case TC_ALLTOALL: MPI_Alltoall(send, count, dt, recv, count, dt, comm); break;
    default: MPI_Alltoallv(send, s->counts, s->displs, dt, recv, s->counts, s->displs, dt, comm); break;
    }
  }
}

static double tcoll_measure(sk_mctx *m, const sk_value *args)
{
  tcoll_state *s = (tcoll_state *)m->state;
  sk_team team;
  double start, span = 0.0, per;
  int made = 1;
  (void)args;
  s->m = m;
  if (s->active && s->a.threads > 1) made = sk_team_start(&team, (int)s->a.threads, tcoll_work, s);
  start = sk_sync_start(m);
  if (s->active && made) {
    if (s->a.threads > 1) sk_team_run(&team);
    else tcoll_work(s, 0);
    span = MPI_Wtime() - start;
  }
  sk_sync_stop(m);
  if (!made) sk_meas_fail(m, "could not make the threads (pthread_create failed)");
  if (!s->active) return -1.0;
  if (s->a.iterations == 0) return 0.0;
  per = (double)s->a.iterations * (s->op == TC_BIBW ? 2.0 * (double)s->a.threads * (double)s->window : 1.0);
  return span / per;
}

/* The reductions: every thread's send slot holds the operands (sk_mpi_verify_fill_operands;
** reduce-scatter's: `count` for every process). */
static void prepare_tcoll_reduce(sk_mctx *m, const sk_value *args)
{
  tcoll_state *s = (tcoll_state *)m->state;
  long i, blocks = s->op == TC_REDUCE_SCATTER ? m->size : 1;
  (void)args;
  sk_mpi_verify_fill_operands(m, blocks * s->a.count, s->a.datatype);
  for (i = 1; i < s->a.threads; i++) memcpy(m->send_buf + (size_t)i * s->send_slot, m->send_buf, s->send_slot);
}

/* Block j of thread i's receive slot (an all-gather's, gather's or all-to-all's) came from
** thread i of process j: from its send slot's start, or (own) from its block for this
** process (the all-to-alls). */
static void check_tcoll_blocks(sk_mctx *m, const tcoll_state *s, long i, int own)
{
  int j;
  for (j = 0; j < m->size && !m->failed; j++) {
    char what[80];
    sprintf(what, "slot of thread %ld, block from rank %d", i, j);
    sk_mpi_verify_block(m, what, m->recv_buf + (size_t)i * s->recv_slot + (size_t)j * s->block, s->a.count,
                        s->a.datatype, s->a.count, s->a.datatype, j,
                        (size_t)i * s->send_slot + (own ? (size_t)m->rank * s->block : 0));
  }
}

/* Every thread's receive slot(s) hold what its peers on its communicator sent. */
static void check_tcoll(sk_mctx *m, const sk_value *args)
{
  tcoll_state *s = (tcoll_state *)m->state;
  const sk_margs *a = &s->a;
  long i;
  (void)args;
  if (!s->active || a->iterations == 0) return;
  for (i = 0; i < a->threads && !m->failed; i++) {
    size_t recv_at = (size_t)i * s->recv_slot, sent_at = (size_t)i * s->send_slot;
    char what[80];
    sprintf(what, "slot of thread %ld", i);
    switch (s->op) {
    case TC_EXCHANGE:
      sprintf(what, "slot of thread %ld from the left", i);
      if (!sk_mpi_verify_block(m, what, m->recv_buf + recv_at, a->count, a->datatype, a->count, a->datatype, s->left,
                               sent_at))
        break;
      sprintf(what, "slot of thread %ld from the right", i);
      sk_mpi_verify_block(m, what, m->recv_buf + recv_at + s->block, a->count, a->datatype, a->count, a->datatype,
                          s->right, sent_at);
      break;
    case TC_BCAST:
      if (m->rank != a->root)
        sk_mpi_verify_block(m, what, m->recv_buf + recv_at, a->count, a->datatype, a->count, a->datatype, a->root,
                            sent_at);
      break;
    case TC_REDUCE: case TC_ALLREDUCE:
      if (s->op == TC_ALLREDUCE || m->rank == a->root)
        sk_mpi_verify_reduced(m, what, m->recv_buf + recv_at, a->count, a->datatype, a->op, 0, m->size - 1);
      break;
    case TC_REDUCE_SCATTER:   /* this process's part of the reduced vector */
      sk_mpi_verify_reduced_from(m, what, m->recv_buf + recv_at, a->count, a->datatype, a->op, 0, m->size - 1,
                                 (long)m->rank * a->count);
      break;
    case TC_SCATTER: case TC_SCATTERV:   /* the root's block for this process */
      sk_mpi_verify_block(m, what, m->recv_buf + recv_at, a->count, a->datatype, a->count, a->datatype, a->root,
                          sent_at + (size_t)m->rank * s->block);
      break;
    case TC_GATHER: case TC_GATHERV:
      if (m->rank == a->root) check_tcoll_blocks(m, s, i, 0);
      break;
    case TC_ALLGATHER: case TC_ALLGATHERV: check_tcoll_blocks(m, s, i, 0); break;
    case TC_ALLTOALL: case TC_ALLTOALLV: check_tcoll_blocks(m, s, i, 1); break;
    default:
      sk_mpi_verify_block(m, what, m->recv_buf + recv_at, a->count, a->datatype, a->count, a->datatype, s->left, sent_at);
      break;
    }
  }
}

#endif /* SK_HAVE_THREADS */

#define TC_SIG "count:i datatype:t threads:i iterations:i"
#define TC_SIG_ROOT "count:i datatype:t root:i threads:i iterations:i"
#define TC_PAT SK_PATTERN_COLLECTIVE

static const sk_measurement mpi_threads_coll_table[] = {
  SK_ROW_THREADS("Thread_pingping", TC_SIG, TC_PAT, 2, TC_PINGPING, tcoll_measure, tcoll_init, finalize_tcoll, NULL,
                 check_tcoll, NULL),
  SK_ROW_THREADS("Thread_sendrecv", TC_SIG, TC_PAT, 2, TC_SENDRECV, tcoll_measure, tcoll_init, finalize_tcoll, NULL,
                 check_tcoll, NULL),
  SK_ROW_THREADS("Thread_exchange", TC_SIG, TC_PAT, 2, TC_EXCHANGE, tcoll_measure, tcoll_init, finalize_tcoll, NULL,
                 check_tcoll, NULL),
  SK_ROW_THREADS("Thread_bibw", "count:i datatype:t threads:i window:i iterations:i", TC_PAT, 2, TC_BIBW, tcoll_measure,
                 tcoll_init, finalize_tcoll, NULL, check_tcoll, NULL),
  SK_ROW_THREADS("Thread_barrier", "threads:i iterations:i", TC_PAT, 1, TC_BARRIER, tcoll_measure, tcoll_init,
                 finalize_tcoll, NULL, NULL, "a barrier moves no data"),
  SK_ROW_THREADS("Thread_bcast", "count:i datatype:t root:i threads:i iterations:i", TC_PAT, 1, TC_BCAST, tcoll_measure,
                 tcoll_init, finalize_tcoll, NULL, check_tcoll, NULL),
  SK_ROW_THREADS("Thread_reduce", "count:i datatype:t op:o root:i threads:i iterations:i", TC_PAT, 1, TC_REDUCE,
                 tcoll_measure, tcoll_init, finalize_tcoll, prepare_tcoll_reduce, check_tcoll, NULL),
  SK_ROW_THREADS("Thread_allreduce", "count:i datatype:t op:o threads:i iterations:i", TC_PAT, 1, TC_ALLREDUCE,
                 tcoll_measure, tcoll_init, finalize_tcoll, prepare_tcoll_reduce, check_tcoll, NULL),
  /* IMB-MT's source keeps these under #if 0: ScatterMT ... AlltoallvMT */
  SK_ROW_THREADS("Thread_scatter", TC_SIG_ROOT, TC_PAT, 1, TC_SCATTER, tcoll_measure, tcoll_init, finalize_tcoll, NULL,
                 check_tcoll, NULL),
  SK_ROW_THREADS("Thread_scatterv", TC_SIG_ROOT, TC_PAT, 1, TC_SCATTERV, tcoll_measure, tcoll_init, finalize_tcoll,
                 NULL, check_tcoll, NULL),
  SK_ROW_THREADS("Thread_reduce_scatter", "count:i datatype:t op:o threads:i iterations:i", TC_PAT, 1,
                 TC_REDUCE_SCATTER, tcoll_measure, tcoll_init, finalize_tcoll, prepare_tcoll_reduce, check_tcoll, NULL),
  SK_ROW_THREADS("Thread_gather", TC_SIG_ROOT, TC_PAT, 1, TC_GATHER, tcoll_measure, tcoll_init, finalize_tcoll, NULL,
                 check_tcoll, NULL),
  SK_ROW_THREADS("Thread_gatherv", TC_SIG_ROOT, TC_PAT, 1, TC_GATHERV, tcoll_measure, tcoll_init, finalize_tcoll, NULL,
                 check_tcoll, NULL),
  SK_ROW_THREADS("Thread_allgather", TC_SIG, TC_PAT, 1, TC_ALLGATHER, tcoll_measure, tcoll_init, finalize_tcoll, NULL,
                 check_tcoll, NULL),
  SK_ROW_THREADS("Thread_allgatherv", TC_SIG, TC_PAT, 1, TC_ALLGATHERV, tcoll_measure, tcoll_init, finalize_tcoll,
                 NULL, check_tcoll, NULL),
  SK_ROW_THREADS("Thread_alltoall", TC_SIG, TC_PAT, 1, TC_ALLTOALL, tcoll_measure, tcoll_init, finalize_tcoll, NULL,
                 check_tcoll, NULL),
  SK_ROW_THREADS("Thread_alltoallv", TC_SIG, TC_PAT, 1, TC_ALLTOALLV, tcoll_measure, tcoll_init, finalize_tcoll, NULL,
                 check_tcoll, NULL),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_threads_coll(void) { return mpi_threads_coll_table; }
