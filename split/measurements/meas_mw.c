/*
** meas_mw.c -- the master-worker pattern (SKaLib report (TR 99/07) §4.1 and ch. 5,
** mw_pattern): Master_Worker(chunks, chunk_bytes, work_us) on the transport contract, on
** every backend, and SKaMPI 4's MPI family of the same arguments (SKaLib ch. 5, §7.7,
** §7.8), whose rows differ only in the master's ready and dispatch calls: one set of
** functions, the row's variant indexing mw_variants. The time is the master's; the
** workers return -1. The calls of each variant and the buffers: doc/internals.md,
** "measurements".
*/
#include "measure.h"
#include "meas_mpi.h"
#include "verify.h"

#define MW_HEADER 8           /* every message starts with a command word */
#define MW_WORK 1L
#define MW_STOP 2L

typedef struct mw_state {
  sk_request *requests;       /* one posted receive per worker */
  char *inbox;                /* one message buffer per worker */
} mw_state;

/* The variants over MPI (the rows' VARIANT): how the master dispatches and waits. */
enum mw_variant_id { MWV_SEND, MWV_SSEND, MWV_BSEND, MWV_ISEND, MWV_WAITANY, MWV_WAITSOME, MWV_ANY_SOURCE };

static size_t mw_message_size(const sk_margs *a)
{
  return (size_t)a->chunk_bytes + MW_HEADER;
}

static void init_Master_Worker(sk_mctx *m, const sk_value *args)
{
  mw_state *st;
  const sk_margs *a = &m->arg;
  size_t msg = mw_message_size(a);
  (void)args;
  if (a->chunks < 0 || a->chunk_bytes < 0 || a->work_us < 0.0) { sk_meas_fail(m, "Master_Worker: arguments must not be negative"); return; }
  m->reported_size = a->chunk_bytes;
  m->send_usage = msg;
  m->recv_usage = m->rank == 0 ? msg * (size_t)(m->size > 1 ? m->size - 1 : 1) : msg;
  st = (mw_state *)sk_calloc(1, sizeof *st);
  st->requests = (sk_request *)sk_calloc((size_t)m->size, sizeof(sk_request));
  m->state = st;
}

static void finalize_Master_Worker(sk_mctx *m, const sk_value *a)
{
  mw_state *st = (mw_state *)m->state;
  (void)a;
  if (st) { free(st->requests); free(st); }
  m->state = NULL;
}

static void mw_put_command(char *msg, long cmd)
{
  memset(msg, 0, MW_HEADER);
  memcpy(msg, &cmd, sizeof cmd < MW_HEADER ? sizeof cmd : MW_HEADER);
}

static long mw_get_command(const char *msg)
{
  long cmd = 0;
  memcpy(&cmd, msg, sizeof cmd < MW_HEADER ? sizeof cmd : MW_HEADER);
  return cmd;
}

static void mw_busy(double us)
{
  double start = sk_tp_wtime();
  while ((sk_tp_wtime() - start) * 1e6 < us) { }
}

static double mw_master(sk_mctx *m, const sk_margs *a)
{
  mw_state *st = (mw_state *)m->state;
  size_t msg = mw_message_size(a);
  long chunks = a->chunks, sent = 0, done = 0;
  int workers = m->size - 1, w, stopped = 0;
  double start = sk_sync_start(m);
  if (workers == 0) {                       /* nobody to dispatch to: the master works */
    for (sent = 0; sent < chunks; sent++) mw_busy(a->work_us);
    return sk_sync_stop(m) - start;
  }
  /* every worker first reports ready with an empty result */
  for (w = 1; w <= workers; w++)
    sk_tp_irecv(m->group, w, m->recv_buf + (size_t)(w - 1) * msg, msg, &st->requests[w]);
  while (stopped < workers) {
    for (w = 1; w <= workers; w++) {
      char *in = m->recv_buf + (size_t)(w - 1) * msg;
      if (!st->requests[w].active || !sk_tp_test(&st->requests[w])) continue;
      if (mw_get_command(in) == MW_WORK) done++;
      if (sent < chunks) {
        mw_put_command(m->send_buf, MW_WORK);
        sk_tp_irecv(m->group, w, in, msg, &st->requests[w]);
        sk_tp_send(m->group, w, m->send_buf, msg);
        sent++;
      } else {
        mw_put_command(m->send_buf, MW_STOP);
        sk_tp_send(m->group, w, m->send_buf, msg);
        stopped++;
      }
    }
  }
  if (done != chunks) sk_meas_fail(m, "Master_Worker: results lost");
  return sk_sync_stop(m) - start;
}

static double mw_worker(sk_mctx *m, const sk_margs *a)
{
  size_t msg = mw_message_size(a);
  double start = sk_sync_start(m);
  mw_put_command(m->send_buf, 0L);            /* ready, no result yet */
  sk_tp_send(m->group, 0, m->send_buf, msg);
  for (;;) {
    sk_tp_recv(m->group, 0, m->recv_buf, msg);
    if (mw_get_command(m->recv_buf) != MW_WORK) break;
    mw_busy(a->work_us);
    mw_put_command(m->send_buf, MW_WORK);
    sk_tp_send(m->group, 0, m->send_buf, msg);
  }
  sk_sync_stop(m);
  (void)start;
  return -1.0;                                /* the master's time is the result */
}

static double measure_Master_Worker(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return m->rank == 0 ? mw_master(m, &m->arg) : mw_worker(m, &m->arg);
}

/* ---- SKaMPI 4's variants over MPI ---- */

#ifdef SKAMPI_MPI
#define MW_TAG_WORK 1
#define MW_TAG_STOP 2

enum mw_ready { MW_READY_RECV, MW_READY_WAITANY, MW_READY_WAITSOME };
enum mw_dispatch { MW_DISPATCH_SEND, MW_DISPATCH_SSEND, MW_DISPATCH_BSEND, MW_DISPATCH_ISEND };

typedef struct mw_variant {
  enum mw_ready ready;
  enum mw_dispatch dispatch;
  int worker_any_source;      /* workers receive from MPI_ANY_SOURCE */
} mw_variant;

typedef struct mw_mpi_state {
  MPI_Request *recvs, *sends; /* per worker (index w-1) */
  int *done;                  /* MPI_Waitsome's indices */
  MPI_Status *statuses;
  char *attached;             /* the MPI_Bsend buffer, NULL when none */
} mw_mpi_state;

/* The variants by their rows' VARIANT (enum mw_variant_id). */
static const mw_variant mw_variants[] = {
  { MW_READY_RECV, MW_DISPATCH_SEND, 0 }, { MW_READY_RECV, MW_DISPATCH_SSEND, 0 },
  { MW_READY_RECV, MW_DISPATCH_BSEND, 0 }, { MW_READY_RECV, MW_DISPATCH_ISEND, 0 },
  { MW_READY_WAITANY, MW_DISPATCH_ISEND, 0 }, { MW_READY_WAITSOME, MW_DISPATCH_ISEND, 0 },
  { MW_READY_RECV, MW_DISPATCH_SEND, 1 }
};

static void init_mw_variant(sk_mctx *m, const sk_value *args)
{
  mw_mpi_state *st;
  const sk_margs *a = &m->arg;
  const char *fn = m->name;
  size_t workers = (size_t)(m->size > 1 ? m->size - 1 : 1);
  (void)args;
  sk_mpi_check_count(m, fn, "chunks", a->chunks);
  sk_mpi_check_count(m, fn, "chunk_bytes", a->chunk_bytes);
  if (a->work_us < 0.0) {
    char msg[160];
    sprintf(msg, "%.60s: work_us must not be negative", fn);
    sk_meas_fail(m, msg);
  }
  if (m->failed) return;
  m->reported_size = a->chunk_bytes;
  m->send_usage = (size_t)a->chunk_bytes * (m->rank == 0 ? workers : 1);
  m->recv_usage = m->send_usage;
  st = (mw_mpi_state *)sk_calloc(1, sizeof *st);
  st->recvs = (MPI_Request *)sk_calloc(workers, sizeof(MPI_Request));
  st->sends = (MPI_Request *)sk_calloc(workers, sizeof(MPI_Request));
  st->done = (int *)sk_calloc(workers, sizeof(int));
  st->statuses = (MPI_Status *)sk_calloc(workers, sizeof(MPI_Status));
  if (mw_variants[m->variant].dispatch == MW_DISPATCH_BSEND && m->rank == 0) {
    /* one chunk per worker can be in the buffer (a worker answers before it gets the
    ** next), twice for the space the library has not reclaimed yet */
    double bytes = 2.0 * (double)workers * ((double)a->chunk_bytes + MPI_BSEND_OVERHEAD);
    if (bytes > (double)INT_MAX) {
      char msg[160];
      sprintf(msg, "%.60s: the chunks are too large for MPI_Buffer_attach", fn);
      sk_meas_fail(m, msg);
    } else {
      st->attached = (char *)sk_malloc((size_t)bytes);
      MPI_Buffer_attach(st->attached, (int)bytes);
    }
  }
  m->state = st;
}

static void finalize_mw_variant(sk_mctx *m, const sk_value *args)
{
  mw_mpi_state *st = (mw_mpi_state *)m->state;
  (void)args;
  if (st == NULL) return;
  if (st->attached) {
    void *buffer;
    int size;
    MPI_Buffer_detach(&buffer, &size);
    free(st->attached);
  }
  free(st->recvs); free(st->sends);    /* the requests per worker */
  free(st->done); free(st->statuses);  /* MPI_Waitsome's */
  free(st);
  m->state = NULL;
}

/* master_dispatch: the next chunk to worker w (or its stop message when stop is set). */
static void mw_dispatch(sk_mctx *m, const mw_variant *v, const sk_margs *a, int w, int stop)
{
  mw_mpi_state *st = (mw_mpi_state *)m->state;
  MPI_Comm comm = sk_mpi_comm(m);
  char *chunk = m->send_buf + (size_t)(w - 1) * (size_t)a->chunk_bytes;
  int count = stop ? 0 : (int)a->chunk_bytes, tag = stop ? MW_TAG_STOP : MW_TAG_WORK;
  MPI_Status status;
  switch (v->dispatch) {
  case MW_DISPATCH_SEND: MPI_Send(chunk, count, MPI_BYTE, w, tag, comm); break;
  case MW_DISPATCH_SSEND: MPI_Ssend(chunk, count, MPI_BYTE, w, tag, comm); break;
  case MW_DISPATCH_BSEND: MPI_Bsend(chunk, count, MPI_BYTE, w, tag, comm); break;
  case MW_DISPATCH_ISEND:
    MPI_Wait(&st->sends[w - 1], &status);
    MPI_Isend(chunk, count, MPI_BYTE, w, tag, comm, &st->sends[w - 1]);
    break;
  }
  if (!stop && v->ready != MW_READY_RECV)
    MPI_Irecv(m->recv_buf + (size_t)(w - 1) * (size_t)a->chunk_bytes, count, MPI_BYTE, w, MW_TAG_WORK, comm,
              &st->recvs[w - 1]);
}

/* master_receive_ready: waits for results; returns how many workers finished and puts
** their ranks into st->done. */
static int mw_receive_ready(sk_mctx *m, const mw_variant *v, const sk_margs *a)
{
  mw_mpi_state *st = (mw_mpi_state *)m->state;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  int workers = m->size - 1, index = 0, n = 0, i;
  switch (v->ready) {
  case MW_READY_RECV:
    MPI_Recv(m->recv_buf, (int)a->chunk_bytes, MPI_BYTE, MPI_ANY_SOURCE, MW_TAG_WORK, comm, &status);
    st->done[0] = status.MPI_SOURCE;
    return 1;
  case MW_READY_WAITANY:
    MPI_Waitany(workers, st->recvs, &index, &status);
    st->done[0] = index + 1;
    return 1;
  case MW_READY_WAITSOME:
    MPI_Waitsome(workers, st->recvs, &n, st->done, st->statuses);
    for (i = 0; i < n; i++) st->done[i]++;
    return n;
  }
  return 0;
}

static double mw_variant_master(sk_mctx *m, const mw_variant *v, const sk_margs *a)
{
  mw_mpi_state *st = (mw_mpi_state *)m->state;
  long sent = 0, done = 0;
  int workers = m->size - 1, w, i, n, busy = 0;
  double start = sk_sync_start(m);
  for (w = 0; w < workers; w++) { st->recvs[w] = MPI_REQUEST_NULL; st->sends[w] = MPI_REQUEST_NULL; }
  if (workers == 0) {                       /* nobody to dispatch to: the master works */
    for (sent = 0; sent < a->chunks; sent++) mw_busy(a->work_us);
    return sk_sync_stop(m) - start;
  }
  for (w = 1; w <= workers; w++) {
    int stop = sent >= a->chunks;
    mw_dispatch(m, v, a, w, stop);
    if (!stop) { sent++; busy++; }
  }
  while (busy > 0) {
    n = mw_receive_ready(m, v, a);
    for (i = 0; i < n; i++) {
      int stop = sent >= a->chunks;
      done++;
      mw_dispatch(m, v, a, st->done[i], stop);
      if (stop) busy--; else sent++;
    }
  }
  MPI_Waitall(workers, st->sends, st->statuses);
  if (done != a->chunks) sk_meas_fail(m, "Master_Worker: results lost");
  return sk_sync_stop(m) - start;
}

static double mw_variant_worker(sk_mctx *m, const mw_variant *v, const sk_margs *a)
{
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  sk_sync_start(m);
  for (;;) {
    MPI_Recv(m->recv_buf, (int)a->chunk_bytes, MPI_BYTE, v->worker_any_source ? MPI_ANY_SOURCE : 0,
             MPI_ANY_TAG, comm, &status);
    if (status.MPI_TAG != MW_TAG_WORK) break;
    mw_busy(a->work_us);
    MPI_Send(m->send_buf, (int)a->chunk_bytes, MPI_BYTE, 0, MW_TAG_WORK, comm);
  }
  sk_sync_stop(m);
  return -1.0;
}

static double measure_mw_variant(sk_mctx *m, const sk_value *args)
{
  const mw_variant *v = &mw_variants[m->variant];
  (void)args;
  return m->rank == 0 ? mw_variant_master(m, v, &m->arg) : mw_variant_worker(m, v, &m->arg);
}
#endif /* SKAMPI_MPI */

/* ---- verification (verify.h) ----
** The master's chunks carry the pattern of stream 0, every worker's results that of
** stream 1 (the same for all, as a result received from MPI_ANY_SOURCE may come from
** any of them). A worker that got a chunk (workers 1..chunks get the first ones) holds
** it; the master holds a result in every slot it receives into. Master_Worker puts a
** command word in front of the data, which is not checked. */
static void mw_verify_fill(sk_mctx *m, size_t chunk, size_t header)
{
  size_t slots = m->rank == 0 ? (m->send_usage / (chunk + header > 0 ? chunk + header : 1)) : 1, s;
  memset(m->recv_buf, 0, m->recv_usage);
  for (s = 0; s < slots && chunk > 0; s++)
    sk_verify_fill(m->send_buf + s * (chunk + header) + header, chunk, m->rank == 0 ? 0 : 1, 0);
}

/* Checks `slots` received chunks (every slot_stride bytes from first) of the stream. */
static void mw_verify_slots(sk_mctx *m, const char *first, long slots, size_t stride, size_t chunk, long stream)
{
  long s;
  for (s = 0; s < slots; s++) {
    char what[80];
    sprintf(what, m->rank == 0 ? "result slot %ld of the master" : "chunk of worker, slot %ld", s);
    if (!sk_verify_expect(m, what, first + (size_t)s * stride, chunk, stream, 0, NULL)) return;
  }
}

static void prepare_Master_Worker(sk_mctx *m, const sk_value *args)
{
  (void)args;
  mw_verify_fill(m, (size_t)m->arg.chunk_bytes, MW_HEADER);
}

static void check_Master_Worker(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  size_t msg = mw_message_size(a);
  (void)args;
  if (m->rank == 0) mw_verify_slots(m, m->recv_buf + MW_HEADER, m->size - 1, msg, (size_t)a->chunk_bytes, 1);
  else mw_verify_slots(m, m->recv_buf + MW_HEADER, 1, msg, (size_t)a->chunk_bytes, 0);
}

#ifdef SKAMPI_MPI
static void prepare_mw_variant(sk_mctx *m, const sk_value *args)
{
  (void)args;
  mw_verify_fill(m, (size_t)m->arg.chunk_bytes, 0);
}

/* posted: the master receives into one slot per worker (_Waitany, _Waitsome). */
static void mw_variant_check(sk_mctx *m, int posted)
{
  const sk_margs *a = &m->arg;
  long workers = m->size - 1, got;
  got = a->chunks < workers ? a->chunks : workers;       /* workers that had a chunk */
  if (m->rank == 0) {
    if (got > 0) mw_verify_slots(m, m->recv_buf, posted ? got : 1, (size_t)a->chunk_bytes, (size_t)a->chunk_bytes, 1);
  } else if (m->rank <= got) {
    mw_verify_slots(m, m->recv_buf, 1, (size_t)a->chunk_bytes, (size_t)a->chunk_bytes, 0);
  }
}

static void check_mw_variant(sk_mctx *m, const sk_value *args)
{
  (void)args;
  mw_variant_check(m, m->variant == MWV_WAITANY || m->variant == MWV_WAITSOME);
}
#endif

static const sk_measurement mw_table[] = {
  SK_ROW("Master_Worker", "chunks:i chunk_bytes:i work_us:d", SK_PATTERN_MASTER_WORKER, 1, 0,
         measure_Master_Worker, init_Master_Worker, finalize_Master_Worker,
         prepare_Master_Worker, check_Master_Worker, NULL),
  SK_ROW_MPI("Master_Worker_Send", "chunks:i chunk_bytes:i work_us:d", SK_PATTERN_MASTER_WORKER, 1, MWV_SEND,
             measure_mw_variant, init_mw_variant, finalize_mw_variant, prepare_mw_variant, check_mw_variant, NULL),
  SK_ROW_MPI("Master_Worker_Ssend", "chunks:i chunk_bytes:i work_us:d", SK_PATTERN_MASTER_WORKER, 1, MWV_SSEND,
             measure_mw_variant, init_mw_variant, finalize_mw_variant, prepare_mw_variant, check_mw_variant, NULL),
  SK_ROW_MPI("Master_Worker_Bsend", "chunks:i chunk_bytes:i work_us:d", SK_PATTERN_MASTER_WORKER, 1, MWV_BSEND,
             measure_mw_variant, init_mw_variant, finalize_mw_variant, prepare_mw_variant, check_mw_variant, NULL),
  SK_ROW_MPI("Master_Worker_Isend", "chunks:i chunk_bytes:i work_us:d", SK_PATTERN_MASTER_WORKER, 1, MWV_ISEND,
             measure_mw_variant, init_mw_variant, finalize_mw_variant, prepare_mw_variant, check_mw_variant, NULL),
  SK_ROW_MPI("Master_Worker_Waitany", "chunks:i chunk_bytes:i work_us:d", SK_PATTERN_MASTER_WORKER, 1, MWV_WAITANY,
             measure_mw_variant, init_mw_variant, finalize_mw_variant, prepare_mw_variant, check_mw_variant, NULL),
  SK_ROW_MPI("Master_Worker_Waitsome", "chunks:i chunk_bytes:i work_us:d", SK_PATTERN_MASTER_WORKER, 1, MWV_WAITSOME,
             measure_mw_variant, init_mw_variant, finalize_mw_variant, prepare_mw_variant, check_mw_variant, NULL),
  SK_ROW_MPI("Master_Worker_Recv_Any_Source", "chunks:i chunk_bytes:i work_us:d", SK_PATTERN_MASTER_WORKER, 1, MWV_ANY_SOURCE,
             measure_mw_variant, init_mw_variant, finalize_mw_variant, prepare_mw_variant, check_mw_variant, NULL),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mw(void) { return mw_table; }
