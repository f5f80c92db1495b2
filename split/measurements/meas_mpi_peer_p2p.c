/*
** meas_mpi_peer_p2p.c -- the point-to-point rows that IMB-MPI1 2021 and the OSU
** micro-benchmarks 7.4 measure and skampi's other tables lack, from the tools' published
** descriptions, MPI-1.1 calls only:
**   Pingping_Isend_Recv(count, datatype, tag, iterations), _AS (MPI_ANY_SOURCE): ranks 0
**     and 1 both MPI_Isend, MPI_Recv, MPI_Wait (IMB's PingPing); one iteration's time;
**   Bw_persistent, Bibw_persistent(count, datatype, tag, window, iterations): osu_bw and
**     osu_bibw with a window of persistent requests (MPI_Startall + MPI_Waitall);
**   Bw_fan_in, Bw_fan_out(count, datatype, tag, window, iterations): every rank but 0
**     streams windows to rank 0, or rank 0 to every other rank; the aggregate time of
**     one message over the P-1 partners.
** The rules: doc/internals.md, "meas_mpi_peer_p2p.c".
*/
#include "meas_mpi.h"
#include "verify.h"

/* The rows' variants. */
#define PEER_ANY_SOURCE 1   /* Pingping: receives name MPI_ANY_SOURCE */
#define PEER_BOTH_WAYS 2    /* Bibw_persistent: both partners send and receive */
#define PEER_FAN_IN 4       /* Bw_fan_in: the others send, rank 0 receives */
#define PEER_FAN_OUT 8      /* Bw_fan_out: rank 0 sends, the others receive */

/* OSU's default window (-W) when a row's window argument is 0, and the largest. */
#define PEER_DEFAULT_WINDOW 64L
#define PEER_MAX_WINDOW 1024L

/* The ping-pings' warm-up (as the ping-pongs': at least 100 iterations, at most 16 MiB). */
#define PEER_WARM_UP_ITERATIONS 100L
#define PEER_WARM_UP_BYTES (16.0 * 1024.0 * 1024.0)

#ifdef SKAMPI_MPI

/* The messages of a timed stream (meas_mpi_bw.c). */
SK_API double sk_bw_messages(long pairs, int directions, long window, long iterations);

static long peer_window_of(const sk_mctx *m)
{
  return m->arg.window == 0 ? PEER_DEFAULT_WINDOW : m->arg.window;
}

/* ---- Pingping ---- */

static void init_pingping(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_mpi_init_message_pair(m);
  sk_mpi_check_count(m, m->name, "iterations", m->arg.iterations);
}

/* `iterations` ping-pings of this process (rank 0 or 1) with its partner, after an empty
** exchange that says both are there; returns the span less a clock reading's cost. */
static double pingping_loop(sk_mctx *m, long iterations)
{
  const sk_margs *a = &m->arg;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Request req;
  MPI_Status status;
  int partner = 1 - m->rank, source = m->variant & PEER_ANY_SOURCE ? MPI_ANY_SOURCE : partner;
  long i;
  double start, span;
  MPI_Sendrecv(m->send_buf, 0, a->datatype->mpi, partner, (int)a->tag, m->recv_buf, 0, a->datatype->mpi, partner,
               (int)a->tag, comm, &status);
  start = MPI_Wtime();
  for (i = 0; i < iterations; i++) {
    MPI_Isend(m->send_buf, (int)a->count, a->datatype->mpi, partner, (int)a->tag, comm, &req);
    MPI_Recv(m->recv_buf, (int)a->count, a->datatype->mpi, source, (int)a->tag, comm, &status);
    MPI_Wait(&req, &status);
  }
  span = MPI_Wtime() - start - sk_tp_mpi_clock_cost();
  return span > 0.0 ? span : 0.0;
}

static double measure_pingping(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  (void)args;
  if (m->rank > 1) return -1.0;
  if (a->iterations < 0) return -1.0;
  if (a->iterations == 0) return 0.0;
  sk_tp_mpi_clock_cost();   /* taken before the first timing */
  if (m->warming_up) {
    double bytes = (double)(m->send_usage > 0 ? m->send_usage : 1);
    long n = PEER_WARM_UP_ITERATIONS;
    if (n * bytes > PEER_WARM_UP_BYTES) n = (long)(PEER_WARM_UP_BYTES / bytes);
    if (n > a->iterations) pingping_loop(m, n - a->iterations);
  }
  return pingping_loop(m, a->iterations) / (double)a->iterations;
}

/* ---- streams: persistent windows of one pair, fan-in and fan-out ---- */

/* The requests of a persistent row (m->state), made on the buffers they are bound to. */
typedef struct peer_persistent {
  MPI_Request req[2 * PEER_MAX_WINDOW];
  int n;
  const char *bound_send, *bound_recv;
} peer_persistent;

static void peer_persistent_free(peer_persistent *q)
{
  int k;
  for (k = 0; k < q->n; k++)
    if (q->req[k] != MPI_REQUEST_NULL) MPI_Request_free(&q->req[k]);
  q->n = 0;
}

/* init of the streams: one message on each side that sends or receives; fan-in: rank 0
** one slot per sender (sender p's messages in slot p-1). */
static void init_stream(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  const char *fn = m->name;
  long window = peer_window_of(m);
  int fan = (m->variant & (PEER_FAN_IN | PEER_FAN_OUT)) != 0;
  int sends, receives;
  size_t bytes;
  (void)args;
  sk_mpi_check_count(m, fn, "count", a->count);
  sk_mpi_check_tag(m, fn, "tag", a->tag);
  sk_mpi_check_count(m, fn, "iterations", a->iterations);
  if (!m->failed && (window < 1 || window > PEER_MAX_WINDOW)) {
    char msg[160];
    sprintf(msg, "%s: window %ld must be 0 (OSU's default, %ld) or 1 to %ld", fn, window, PEER_DEFAULT_WINDOW,
            PEER_MAX_WINDOW);
    sk_meas_fail(m, msg);
    return;
  }
  bytes = sk_mpi_block_bytes(m, fn, a->count, a->datatype, 1, 0);
  if (fan) {
    int root_sends = (m->variant & PEER_FAN_OUT) != 0;
    sends = m->rank == 0 ? root_sends : !root_sends;
    receives = !sends;
  } else {
    sends = m->rank == 0 || (m->rank == 1 && (m->variant & PEER_BOTH_WAYS));
    receives = m->rank == 1 || (m->rank == 0 && (m->variant & PEER_BOTH_WAYS));
  }
  m->send_usage = sends ? bytes : 0;
  m->recv_usage = receives ? bytes : 0;
  if ((m->variant & PEER_FAN_IN) && m->rank == 0) m->recv_usage = bytes * (size_t)(m->size - 1);
  m->reported_size = sk_mpi_data_bytes(a->count, a->datatype);
}

/* Makes this process's persistent requests (untimed) unless they are bound to the
** current buffers: the window's receives first, then its sends. */
static peer_persistent *peer_persistent_bind(sk_mctx *m)
{
  const sk_margs *a = &m->arg;
  peer_persistent *q = (peer_persistent *)m->state;
  MPI_Comm comm = sk_mpi_comm(m);
  int partner = 1 - m->rank, both = (m->variant & PEER_BOTH_WAYS) != 0;
  long window = peer_window_of(m), k;
  if (q == NULL) {
    q = (peer_persistent *)sk_calloc(1, sizeof *q);
    m->state = q;
  }
  if (q->n > 0 && q->bound_send == m->send_buf && q->bound_recv == m->recv_buf) return q;
  peer_persistent_free(q);
  for (k = 0; k < window && (m->rank == 1 || both); k++)
    MPI_Recv_init(m->recv_buf, (int)a->count, a->datatype->mpi, partner, (int)a->tag, comm, &q->req[q->n++]);
  for (k = 0; k < window && (m->rank == 0 || both); k++)
    MPI_Send_init(m->send_buf, (int)a->count, a->datatype->mpi, partner, (int)a->tag, comm, &q->req[q->n++]);
  q->bound_send = m->send_buf;
  q->bound_recv = m->recv_buf;
  return q;
}

/* Bw_persistent, Bibw_persistent (one pair, unsynchronised like Bw): the receiver (both
** ways: rank 1) says with an empty message that it is ready, the sender starts its clock
** once it has it; `iterations` windows of MPI_Startall + MPI_Waitall, one way each
** acknowledged by an empty message. Both processes return their span per message. */
static double measure_bw_persistent(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status[2 * PEER_MAX_WINDOW];
  int partner = 1 - m->rank, both = (m->variant & PEER_BOTH_WAYS) != 0;
  peer_persistent *q;
  long i;
  double start;
  (void)args;
  if (m->rank > 1 || a->iterations < 0) return -1.0;
  if (a->iterations == 0) return 0.0;
  q = peer_persistent_bind(m);
  if (m->rank == 0) MPI_Recv(m->recv_buf, 0, a->datatype->mpi, partner, (int)a->tag, comm, &status[0]);
  else MPI_Send(m->send_buf, 0, a->datatype->mpi, partner, (int)a->tag, comm);
  start = MPI_Wtime();
  for (i = 0; i < a->iterations; i++) {
    MPI_Startall(q->n, q->req);
    MPI_Waitall(q->n, q->req, status);
    if (both) continue;
    if (m->rank == 0) MPI_Recv(m->recv_buf, 0, a->datatype->mpi, partner, (int)a->tag, comm, &status[0]);
    else MPI_Send(m->send_buf, 0, a->datatype->mpi, partner, (int)a->tag, comm);
  }
  return (MPI_Wtime() - start) / sk_bw_messages(1, both ? 2 : 1, a->window, a->iterations);
}

static void finalize_bw_persistent(sk_mctx *m, const sk_value *args)
{
  peer_persistent *q = (peer_persistent *)m->state;
  (void)args;
  if (q == NULL) return;
  peer_persistent_free(q);
  free(q);
  m->state = NULL;
}

/* Sender peer's slot in rank 0's receive buffer (fan-in). */
static char *peer_fan_slot(sk_mctx *m, int peer)
{
  return m->recv_buf + (size_t)(peer - 1) * sk_mpi_bytes(m->arg.count, m->arg.datatype);
}

/* Bw_fan_in, Bw_fan_out: between a synchronised start and stop, `iterations` windows
** from every other rank to rank 0 (fan-in: rank 0 posts (P-1) * W receives) or from rank
** 0 to every other rank (fan-out), completed with MPI_Waitall; the receivers acknowledge
** every window with an empty message. Every process returns its span divided by the
** messages of all P-1 partners, the engine the slowest process's: the aggregate time of
** one message, whose inverse is the message rate into (out of) rank 0. */
static double measure_bw_fan(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  MPI_Comm comm = sk_mpi_comm(m);
  long window = peer_window_of(m), i, k;
  int out = (m->variant & PEER_FAN_OUT) != 0, peer, n;
  MPI_Request *req = NULL;
  MPI_Status *status = NULL, st;
  double start, span;
  (void)args;
  if (a->iterations > 0) {
    long most = m->rank == 0 ? window * (m->size - 1) : window;
    req = (MPI_Request *)sk_malloc((size_t)most * sizeof *req);
    status = (MPI_Status *)sk_malloc((size_t)most * sizeof *status);
  }
  start = sk_sync_start(m);
  for (i = 0; i < a->iterations; i++) {
    n = 0;
    if (m->rank == 0) {
      for (peer = 1; peer < m->size; peer++)
        for (k = 0; k < window; k++) {
          if (out) MPI_Isend(m->send_buf, (int)a->count, a->datatype->mpi, peer, (int)a->tag, comm, &req[n++]);
          else MPI_Irecv(peer_fan_slot(m, peer), (int)a->count, a->datatype->mpi, peer, (int)a->tag, comm, &req[n++]);
        }
      MPI_Waitall(n, req, status);
      for (peer = 1; peer < m->size; peer++) {
        if (out) MPI_Recv(m->recv_buf, 0, a->datatype->mpi, peer, (int)a->tag, comm, &st);
        else MPI_Send(m->send_buf, 0, a->datatype->mpi, peer, (int)a->tag, comm);
      }
    } else {
      for (k = 0; k < window; k++) {
        if (out) MPI_Irecv(m->recv_buf, (int)a->count, a->datatype->mpi, 0, (int)a->tag, comm, &req[n++]);
        else MPI_Isend(m->send_buf, (int)a->count, a->datatype->mpi, 0, (int)a->tag, comm, &req[n++]);
      }
      MPI_Waitall(n, req, status);
      if (out) MPI_Send(m->send_buf, 0, a->datatype->mpi, 0, (int)a->tag, comm);
      else MPI_Recv(m->recv_buf, 0, a->datatype->mpi, 0, (int)a->tag, comm, &st);
    }
  }
  span = MPI_Wtime() - start;
  sk_sync_stop(m);
  free(req);
  free(status);
  if (a->iterations < 0) return -1.0;
  if (a->iterations == 0) return 0.0;
  return span / sk_bw_messages(m->size - 1, 1, a->window, a->iterations);
}

/* ---- verification (verify.h): every receiver holds its partner's message ---- */

static void check_pingping(sk_mctx *m, const sk_value *args)
{
  sk_mpi_check_pingpong(m, args);
}

static void check_stream(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  (void)args;
  if (a->iterations <= 0 || m->recv_usage == 0) return;
  if ((m->variant & PEER_FAN_IN) && m->rank == 0) {
    int peer;
    for (peer = 1; peer < m->size && !m->failed; peer++)
      sk_mpi_verify_block(m, "receive buffer", peer_fan_slot(m, peer), a->count, a->datatype, a->count, a->datatype,
                          peer, 0);
    return;
  }
  sk_mpi_verify_block(m, "receive buffer", m->recv_buf, a->count, a->datatype, a->count, a->datatype,
                      m->variant & PEER_FAN_OUT ? 0 : 1 - m->rank, 0);
}

#endif /* SKAMPI_MPI */

#define PEER_STREAM_SIG "count:i datatype:t tag:i window:i iterations:i"

static const sk_measurement mpi_peer_p2p_table[] = {
  SK_ROW_MPI("Pingping_Isend_Recv", "count:i datatype:t tag:i iterations:i", SK_PATTERN_P2P, 2, 0,
             measure_pingping, init_pingping, NULL, NULL, check_pingping, NULL),
  SK_ROW_MPI("Pingping_Isend_Recv_AS", "count:i datatype:t tag:i iterations:i", SK_PATTERN_P2P, 2, PEER_ANY_SOURCE,
             measure_pingping, init_pingping, NULL, NULL, check_pingping, NULL),
  SK_ROW_MPI("Bw_persistent", PEER_STREAM_SIG, SK_PATTERN_P2P, 2, 0, measure_bw_persistent, init_stream,
             finalize_bw_persistent, NULL, check_stream, NULL),
  SK_ROW_MPI("Bibw_persistent", PEER_STREAM_SIG, SK_PATTERN_P2P, 2, PEER_BOTH_WAYS, measure_bw_persistent, init_stream,
             finalize_bw_persistent, NULL, check_stream, NULL),
  SK_ROW_MPI("Bw_fan_in", PEER_STREAM_SIG, SK_PATTERN_COLLECTIVE, 2, PEER_FAN_IN, measure_bw_fan, init_stream, NULL, NULL,
             check_stream, NULL),
  SK_ROW_MPI("Bw_fan_out", PEER_STREAM_SIG, SK_PATTERN_COLLECTIVE, 2, PEER_FAN_OUT, measure_bw_fan, init_stream, NULL,
             NULL, check_stream, NULL),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_peer_p2p(void) { return mpi_peer_p2p_table; }
