/*
** meas_mpi_p2p.c -- point-to-point measurement functions over MPI (SKaMPI 5 manual §3.1)
** between ranks 0 and 1 of the measurement communicator: Pingpong_Send_Recv and its
** variants (another send or receive: the rows' VARIANT), the persistent ping-pongs
** (MPI-1.1 §3.9), Pingpong_Sendrecv(_replace), and the two-sided counterparts that §3.3
** lists beside the one-sided functions (Send, MPI_Isend_callduration); with MPI-4
** MPI_Isendrecv(_replace) and the large-count MPI_Send_c/MPI_Recv_c; where fork() is,
** Pingpong_forked (osu_latency_mp: the ping-pong with children forked). Every ping-pong
** returns the time of ONE full round trip, averaged over `iterations`, on both processes;
** other ranks return -1. MPI-1.1 calls only but where said; the rules of the framing and
** the variants: doc/internals.md, "meas_mpi_p2p".
*/
#include "meas_mpi.h"
#include "verify.h"
#include "forked.h"

/* The ping-pongs that differ only in how they send and receive (their rows' VARIANT). */
enum pp_variant { PP_SEND_RECV, PP_SEND_IPROBE_RECV, PP_SEND_IRECV, PP_SEND_RECV_AT, PP_SSEND_RECV, PP_ISEND_RECV,
                  PP_ISSEND_RECV, PP_BSEND_RECV, PP_SEND_RECV_AS };
/* Pingpong_Sendrecv, _Isendrecv (MPI-4), _Sendrecv_replace, _Isendrecv_replace (MPI-4). */
enum sr_variant { SR_BLOCKING, SR_NONBLOCKING, SR_REPLACE, SR_REPLACE_NONBLOCKING };
/* The persistent ping-pongs: each message MPI_Start, or MPI_Startall of both. */
enum ppp_variant { PPP_START, PPP_STARTALL };

/* Pingpong_forked needs fork() beside MPI (forked.h): its functions stand where both are. */
#if defined(SKAMPI_MPI) && SK_HAVE_FORK
#define SK_IF_MPI_FORK(f) f
#else
#define SK_IF_MPI_FORK(f) NULL
#endif
#define SK_ROW_MPI_FORK(N, S, P, MP, V, M, I, F, PR, C, NO) SK_ROW_GUARDED(SK_IF_MPI_FORK, SK_FORKED_NEEDS, N, S, P, MP, V, M, I, F, PR, C, NO)

#ifdef SKAMPI_MPI

/* The common init of the ping-pongs. */
static void init_pingpong(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_mpi_init_message_pair(m);
  sk_mpi_check_count(m, m->name, "iterations", m->arg.iterations);
}

/* Everything a ping-pong loop needs, made of its arguments. The pinging process sends the
** first message of every round trip, its partner answers. */
typedef struct pingpong {
  int count, tag, partner, pinging;
  long big_count;            /* count as given (the _c functions take it whole) */
  long iterations;
  MPI_Datatype dt;
  MPI_Comm comm;
} pingpong;

/* Returns 0 when this process takes no part (rank >= 2). */
static int pingpong_setup(pingpong *p, sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  (void)args;
  p->count = a->count > INT_MAX ? INT_MAX : (int)a->count;
  p->big_count = a->count;
  p->dt = a->datatype->mpi;
  p->tag = (int)a->tag;
  p->iterations = a->iterations;
  p->comm = sk_mpi_comm(m);
  p->partner = 1 - m->rank;
  p->pinging = m->rank == 0;
  return m->rank == 0 || m->rank == 1;
}

/* What one reading of MPI_Wtime adds to an interval between two readings (transport.h):
** a ping-pong subtracts it from its timing, as SKaLib report (TR 99/07) §3.2 advises for
** the systematic error of the empty measurement: 100 round trips share it, one round trip
** of a few hundred nanoseconds carries all of it. */
#define pingpong_clock_cost sk_tp_mpi_clock_cost

/* How one ping-pong variant moves its messages: `send` one message to the partner,
** `receive` one from it, and the pinging process's `round_trip` (ping out, pong back;
** NULL: send, then receive). */
typedef struct pingpong_ops {
  void (*send)(const pingpong *p, sk_mctx *m);
  void (*receive)(const pingpong *p, sk_mctx *m);
  void (*round_trip)(const pingpong *p, sk_mctx *m);
} pingpong_ops;

/* SKaMPI 5 manual §3.1: the pinging process times `iterations` ping-pongs, its partner as
** many pong-pings, and both return the average time of one full round trip. As there, the
** partner receives the first ping before it starts its clock, and the pinging process
** sends one more ping after it stopped its clock, for the partner's last pong-ping.
** In addition the partner first sends an empty message (the ping-pong's tag) to say that
** it is about to wait for the ping, and the pinging process starts its clock only once it
** has it: so it never times its partner's way out of the previous repetition's agreement
** and the first ping waiting for its receive (doc/manual.md, "One round trip per measurement":
** without it one round trip read 30-60% above one of a hundred in a row at 1 byte).
** The timing is less the cost of a clock reading (pingpong_clock_cost). */
static double pingpong_framed(const pingpong *p, sk_mctx *m, const pingpong_ops *ops)
{
  MPI_Status status;
  long i;
  double start, end;
  if (p->iterations < 0) return -1.0;
  if (p->iterations == 0) return 0.0;
  pingpong_clock_cost();   /* taken before the first timing */
  if (p->pinging) {
    MPI_Recv(m->recv_buf, 0, p->dt, p->partner, p->tag, p->comm, &status);
    start = MPI_Wtime();
    for (i = 0; i < p->iterations; i++) {
      if (ops->round_trip != NULL) ops->round_trip(p, m);
      else { ops->send(p, m); ops->receive(p, m); }
    }
    end = MPI_Wtime();
    ops->send(p, m);
  } else {
    MPI_Send(m->send_buf, 0, p->dt, p->partner, p->tag, p->comm);
    ops->receive(p, m);
    start = MPI_Wtime();
    for (i = 0; i < p->iterations; i++) {
      ops->send(p, m);
      ops->receive(p, m);
    }
    end = MPI_Wtime();
  }
  end -= start + pingpong_clock_cost();
  return (end > 0.0 ? end : 0.0) / (double)p->iterations;
}

/* The warm-up call before the repetitions (SKaLib report (TR 99/07) §3.2: "we warm-up the
** cache by a dummy call") does at least PINGPONG_WARM_UP_ROUND_TRIPS round trips, fewer
** when that would move more than PINGPONG_WARM_UP_BYTES: one round trip did not warm a
** library's own buffers (MPICH's first 1 KiB round trips after a new message length took
** 2-8 times as long for about a hundred repetitions, doc/manual.md "One round trip
** per measurement"). The other calls are pingpong_framed as they are. */
#define PINGPONG_WARM_UP_ROUND_TRIPS 100L
#define PINGPONG_WARM_UP_BYTES (16.0 * 1024.0 * 1024.0)

static double pingpong_measure(const pingpong *p, sk_mctx *m, const pingpong_ops *ops)
{
  pingpong warm = *p;
  double round_trip_bytes = 2.0 * (double)(m->send_usage > 0 ? m->send_usage : 1);
  long round_trips = PINGPONG_WARM_UP_ROUND_TRIPS;
  if (m->warming_up && p->iterations > 0) {
    if (round_trips * round_trip_bytes > PINGPONG_WARM_UP_BYTES) round_trips = (long)(PINGPONG_WARM_UP_BYTES / round_trip_bytes);
    warm.iterations = round_trips - p->iterations;
    if (warm.iterations > 0) pingpong_framed(&warm, m, ops);
  }
  return pingpong_framed(p, m, ops);
}

static double pingpong_run(sk_mctx *m, const sk_value *args, const pingpong_ops *ops)
{
  pingpong p;
  if (!pingpong_setup(&p, m, args)) return -1.0;
  return pingpong_measure(&p, m, ops);
}

/* ---- the sends and receives of the variants ---- */

static void pp_send(const pingpong *p, sk_mctx *m)
{
  MPI_Send(m->send_buf, p->count, p->dt, p->partner, p->tag, p->comm);
}

static void pp_ssend(const pingpong *p, sk_mctx *m)
{
  MPI_Ssend(m->send_buf, p->count, p->dt, p->partner, p->tag, p->comm);
}

static void pp_bsend(const pingpong *p, sk_mctx *m)
{
  MPI_Bsend(m->send_buf, p->count, p->dt, p->partner, p->tag, p->comm);
}

/* MPI_Isend, or MPI_Issend for Pingpong_Issend_Recv (the variant). */
static void pp_start_isend(const pingpong *p, sk_mctx *m, MPI_Request *req)
{
  if (m->variant == PP_ISSEND_RECV) MPI_Issend(m->send_buf, p->count, p->dt, p->partner, p->tag, p->comm, req);
  else MPI_Isend(m->send_buf, p->count, p->dt, p->partner, p->tag, p->comm, req);
}

static void pp_isend(const pingpong *p, sk_mctx *m)
{
  MPI_Request req;
  MPI_Status status;
  pp_start_isend(p, m, &req);
  MPI_Wait(&req, &status);
}

static void pp_recv(const pingpong *p, sk_mctx *m)
{
  MPI_Status status;
  MPI_Recv(m->recv_buf, p->count, p->dt, p->partner, p->tag, p->comm, &status);
}

/* The receives specify MPI_ANY_TAG ("AT"). */
static void pp_recv_any_tag(const pingpong *p, sk_mctx *m)
{
  MPI_Status status;
  MPI_Recv(m->recv_buf, p->count, p->dt, p->partner, MPI_ANY_TAG, p->comm, &status);
}

/* The receives specify MPI_ANY_SOURCE ("AS"; IMB-MPI1's PingPongAnySource). */
static void pp_recv_any_source(const pingpong *p, sk_mctx *m)
{
  MPI_Status status;
  MPI_Recv(m->recv_buf, p->count, p->dt, MPI_ANY_SOURCE, p->tag, p->comm, &status);
}

static void pp_irecv(const pingpong *p, sk_mctx *m)
{
  MPI_Request req;
  MPI_Status status;
  MPI_Irecv(m->recv_buf, p->count, p->dt, p->partner, p->tag, p->comm, &req);
  MPI_Wait(&req, &status);
}

/* Process 0 actively waits with MPI_Iprobe before receiving (§3.1 footnote a). */
static void pp_round_trip_iprobe(const pingpong *p, sk_mctx *m)
{
  MPI_Status status;
  int flag;
  MPI_Send(m->send_buf, p->count, p->dt, p->partner, p->tag, p->comm);
  do MPI_Iprobe(p->partner, p->tag, p->comm, &flag, &status); while (!flag);
  MPI_Recv(m->recv_buf, p->count, p->dt, p->partner, p->tag, p->comm, &status);
}

/* Process 0 posts its MPI_Irecv before sending the ping. */
static void pp_round_trip_irecv(const pingpong *p, sk_mctx *m)
{
  MPI_Request req;
  MPI_Status status;
  MPI_Irecv(m->recv_buf, p->count, p->dt, p->partner, p->tag, p->comm, &req);
  MPI_Send(m->send_buf, p->count, p->dt, p->partner, p->tag, p->comm);
  MPI_Wait(&req, &status);
}

/* Process 0 completes its ping's request after receiving the pong. */
static void pp_round_trip_isend(const pingpong *p, sk_mctx *m)
{
  MPI_Request req;
  MPI_Status status;
  pp_start_isend(p, m, &req);
  MPI_Recv(m->recv_buf, p->count, p->dt, p->partner, p->tag, p->comm, &status);
  MPI_Wait(&req, &status);
}

/* ---- persistent requests ---- */

/* The requests of the persistent ping-pongs (m->state), the buffers they are bound to
** and rank 0's set-up times. */
typedef struct pp_persistent {
  MPI_Request send, recv;
  const char *bound_send, *bound_recv;
  double sum_setup;
  long n_setup;
} pp_persistent;

static void pp_persistent_free(pp_persistent *q)
{
  if (q->send != MPI_REQUEST_NULL) MPI_Request_free(&q->send);
  if (q->recv != MPI_REQUEST_NULL) MPI_Request_free(&q->recv);
}

/* Makes the requests on the current buffers unless they are bound to them (timed). */
static void pp_persistent_bind(const pingpong *p, sk_mctx *m)
{
  pp_persistent *q = (pp_persistent *)m->state;
  double t0;
  if (q == NULL) {
    q = (pp_persistent *)sk_calloc(1, sizeof *q);
    q->send = q->recv = MPI_REQUEST_NULL;
    m->state = q;
  }
  if (q->send != MPI_REQUEST_NULL && q->bound_send == m->send_buf && q->bound_recv == m->recv_buf) return;
  pp_persistent_free(q);
  t0 = MPI_Wtime();
  MPI_Send_init(m->send_buf, p->count, p->dt, p->partner, p->tag, p->comm, &q->send);
  MPI_Recv_init(m->recv_buf, p->count, p->dt, p->partner, p->tag, p->comm, &q->recv);
  q->sum_setup += MPI_Wtime() - t0;
  q->n_setup++;
  q->bound_send = m->send_buf;
  q->bound_recv = m->recv_buf;
}

/* One message through a persistent request: MPI_Start, MPI_Wait. */
static void pp_start_wait(MPI_Request *req)
{
  MPI_Status status;
  MPI_Start(req);
  MPI_Wait(req, &status);
}

static void pp_start_send(const pingpong *p, sk_mctx *m)
{
  (void)p;
  pp_start_wait(&((pp_persistent *)m->state)->send);
}

static void pp_start_recv(const pingpong *p, sk_mctx *m)
{
  (void)p;
  pp_start_wait(&((pp_persistent *)m->state)->recv);
}

/* The pinging process starts the pong's receive and the ping together. */
static void pp_round_trip_startall(const pingpong *p, sk_mctx *m)
{
  pp_persistent *q = (pp_persistent *)m->state;
  MPI_Request both[2];
  MPI_Status status[2];
  (void)p;
  both[0] = q->recv;
  both[1] = q->send;
  MPI_Startall(2, both);
  MPI_Waitall(2, both, status);
}

/* The persistent ping-pongs by their rows' VARIANT (enum ppp_variant). */
static const pingpong_ops pp_persistent_variants[] = {
  { pp_start_send, pp_start_recv, NULL },                    /* PPP_START */
  { pp_start_send, pp_start_recv, pp_round_trip_startall }   /* PPP_STARTALL */
};

static double measure_pp_persistent(sk_mctx *m, const sk_value *args)
{
  pingpong p;
  if (!pingpong_setup(&p, m, args)) return -1.0;
  pp_persistent_bind(&p, m);
  return pingpong_measure(&p, m, &pp_persistent_variants[m->variant]);
}


/* Frees the requests; rank 0 writes its set-up time. */
static void finalize_pp_persistent(sk_mctx *m, const sk_value *args)
{
  pp_persistent *q = (pp_persistent *)m->state;
  (void)args;
  if (q == NULL) return;
  pp_persistent_free(q);
  if (m->rank == 0 && q->n_setup > 0)
    sprintf(sk_meas_note(m), "# persistent: set-up MPI_Send_init + MPI_Recv_init %.3f us on rank 0 (mean of %ld), "
            "each message MPI_Start + MPI_Wait\n", q->sum_setup / (double)q->n_setup * 1e6, q->n_setup);
  free(q);
  m->state = NULL;
}

/* ---- large counts (MPI-4) ---- */

#if SK_MPI_LEVEL >= 4
static void init_Pingpong_Send_c_Recv_c(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Pingpong_Send_c_Recv_c";
  const sk_margs *a = &m->arg;
  (void)args;
  sk_mpi_check_large_count(m, fn, "count", a->count, a->datatype);
  sk_mpi_check_tag(m, fn, "tag", a->tag);
  sk_mpi_check_count(m, fn, "iterations", a->iterations);
  m->send_usage = sk_mpi_block_bytes(m, fn, a->count, a->datatype, 1, 0);
  m->recv_usage = m->send_usage;
  m->reported_size = sk_mpi_data_bytes(a->count, a->datatype);
}

static void pp_send_c(const pingpong *p, sk_mctx *m)
{
  MPI_Send_c(m->send_buf, (MPI_Count)p->big_count, p->dt, p->partner, p->tag, p->comm);
}

static void pp_recv_c(const pingpong *p, sk_mctx *m)
{
  MPI_Status status;
  MPI_Recv_c(m->recv_buf, (MPI_Count)p->big_count, p->dt, p->partner, p->tag, p->comm, &status);
}

static double measure_Pingpong_Send_c_Recv_c(sk_mctx *m, const sk_value *args)
{
  static const pingpong_ops ops = { pp_send_c, pp_recv_c, NULL };
  return pingpong_run(m, args, &ops);
}

static void check_Pingpong_Send_c_Recv_c(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  (void)args;
  if (a->iterations > 0 && m->rank <= 1) sk_mpi_verify_block_large(m, "receive buffer", m->recv_buf, a->count, a->datatype, 1 - m->rank);
}
#endif

/* ---- the variants: Pingpong_Send_Recv with its send or receive replaced ---- */

/* The variants by their rows' VARIANT (enum pp_variant), and Pingpong_Send_Recv's for
** Par_Pingpong_Send_Recv. */
static const pingpong_ops pingpong_variants[] = {
  { pp_send, pp_recv, NULL },                               /* PP_SEND_RECV */
  { pp_send, pp_recv, pp_round_trip_iprobe },               /* PP_SEND_IPROBE_RECV */
  { pp_send, pp_irecv, pp_round_trip_irecv },               /* PP_SEND_IRECV */
  { pp_send, pp_recv_any_tag, NULL },                       /* PP_SEND_RECV_AT */
  { pp_ssend, pp_recv, NULL },                              /* PP_SSEND_RECV */
  { pp_isend, pp_recv, pp_round_trip_isend },               /* PP_ISEND_RECV */
  { pp_isend, pp_recv, pp_round_trip_isend },               /* PP_ISSEND_RECV (pp_start_isend) */
  { pp_bsend, pp_recv, NULL },                              /* PP_BSEND_RECV */
  { pp_send, pp_recv_any_source, NULL }                     /* PP_SEND_RECV_AS */
};
#define ops_send_recv pingpong_variants[PP_SEND_RECV]

static double measure_pingpong(sk_mctx *m, const sk_value *args)
{
  return pingpong_run(m, args, &pingpong_variants[m->variant]);
}

/* ---- Pingpong_forked: Pingpong_Send_Recv in processes that have forked ---- */

#if SK_HAVE_FORK
/* The children this process forks: rank 0 sender_children, rank 1 receiver_children. */
static long forked_wanted(const sk_mctx *m)
{
  return m->rank == 0 ? m->arg.sender_children : m->rank == 1 ? m->arg.receiver_children : 0;
}

static void init_Pingpong_forked(sk_mctx *m, const sk_value *args)
{
  init_pingpong(m, args);
  if (m->failed) return;
  if (m->arg.sender_children < 0 || m->arg.sender_children > SK_FORKED_MAX || m->arg.receiver_children < 0
      || m->arg.receiver_children > SK_FORKED_MAX) {
    char msg[160];
    sprintf(msg, "Pingpong_forked: sender_children %ld and receiver_children %ld must be 0 to %d", m->arg.sender_children,
            m->arg.receiver_children, SK_FORKED_MAX);
    sk_meas_fail(m, msg);
    return;
  }
  m->state = sk_calloc(1, sizeof(sk_forked));
}

/* Forks this process's children unless they run (untimed; again after the verifier
** reaped them); a fork that fails fails the row, the ping-pong still runs (the partner
** waits for it). */
static void forked_ensure(sk_mctx *m)
{
  sk_forked *f = (sk_forked *)m->state;
  char why[120], msg[200];
  int n = (int)forked_wanted(m);
  if (f == NULL || f->running > 0 || n == 0) return;
  if (sk_forked_start(f, n, why, sizeof why) != n) {
    sprintf(msg, "Pingpong_forked: %d of %d fork() calls succeeded (%.100s)", f->started, n, why);
    sk_meas_fail(m, msg);
  }
}

/* The time of one round trip of Pingpong_Send_Recv, while this process's children sleep. */
static double measure_Pingpong_forked(sk_mctx *m, const sk_value *args)
{
  if (m->rank <= 1) forked_ensure(m);
  return pingpong_run(m, args, &pingpong_variants[PP_SEND_RECV]);
}

/* Reaps the children by pid; rank 0 writes both ranks' under the result: rank 1 sends
** its line (both ranks run finalize at the same point of every outcome, engine.c). */
static void finalize_Pingpong_forked(sk_mctx *m, const sk_value *args)
{
  sk_forked *f = (sk_forked *)m->state;
  char mine[400], other[400];
  MPI_Status status;
  (void)args;
  mine[0] = '\0';
  if (f != NULL) {
    sk_forked_reap(f);
    sk_forked_describe(f, mine, sizeof mine);
  }
  if (m->rank == 1) MPI_Send(mine, (int)sizeof mine, MPI_CHAR, 0, (int)m->arg.tag, sk_mpi_comm(m));
  if (m->rank == 0) {
    MPI_Recv(other, (int)sizeof other, MPI_CHAR, 1, (int)m->arg.tag, sk_mpi_comm(m), &status);
    other[sizeof other - 1] = '\0';
    if (f != NULL)
      sprintf(sk_meas_note(m), "# forked children: rank 0 %.400s; rank 1 %.400s\n", mine, other[0] ? other : "none");
  }
  free(f);
  m->state = NULL;
}

/* The ping-pong's bytes (Pingpong_Send_Recv's check), then this process's children: as
** many started as asked, each reaped by its pid now; the run forks them anew. */
static void check_Pingpong_forked(sk_mctx *m, const sk_value *args)
{
  sk_forked *f = (sk_forked *)m->state;
  long wanted = forked_wanted(m);
  char msg[200];
  sk_mpi_check_pingpong(m, args);
  if (m->failed || f == NULL) return;
  if (f->started != wanted) {
    sprintf(msg, "Pingpong_forked: rank %d started %d children, asked for %ld", m->rank, f->started, wanted);
    sk_meas_fail(m, msg);
    return;
  }
  if (sk_forked_reap(f) != f->started) {
    sprintf(msg, "Pingpong_forked: rank %d reaped %d of its %d children by their pids", m->rank, f->reaped, f->started);
    sk_meas_fail(m, msg);
  }
}
#endif /* SK_HAVE_FORK */

/* Pingpong_Bsend_Recv: init attaches a buffer for two messages (MPI_Pack_size +
** MPI_BSEND_OVERHEAD each, so that a ping whose space the library has not reclaimed yet
** never makes the next MPI_Bsend fail); finalize detaches and frees it. */
static void init_Pingpong_Bsend_Recv(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  int pack_size = 0;
  long bytes;
  char *buffer;
  init_pingpong(m, args);
  if (m->failed) return;
  MPI_Pack_size((int)a->count, a->datatype->mpi, sk_mpi_comm(m), &pack_size);
  bytes = 2L * ((long)pack_size + MPI_BSEND_OVERHEAD);
  if (pack_size < 0 || bytes > INT_MAX) {
    sk_meas_fail(m, "Pingpong_Bsend_Recv: the message is too large for MPI_Buffer_attach");
    return;
  }
  buffer = (char *)sk_malloc((size_t)bytes);
  MPI_Buffer_attach(buffer, (int)bytes);
  m->state = buffer;
}

static void finalize_Pingpong_Bsend_Recv(sk_mctx *m, const sk_value *args)
{
  void *address = NULL;
  int size = 0;
  (void)args;
  if (m->state == NULL) return;
  MPI_Buffer_detach(&address, &size);   /* waits until the buffered messages are gone */
  free(m->state);
  m->state = NULL;
}

/* Pingpong_Sendrecv(s_cnt, s_dt, s_tag, r_cnt, r_dt, r_tag, iterations): both processes
** call MPI_Sendrecv at the same time, each iteration one exchange. Process 0 sends
** (s_cnt, s_dt, s_tag) and receives (r_cnt, r_dt, r_tag); process 1 mirrors it (sends
** r_*, receives s_*), so that the messages match. Reported: the s_* message. */
/* One message of Pingpong_Sendrecv: count elements of dt with tag. */
typedef struct message_args {
  long count;
  const sk_datatype *dt;
  long tag;
} message_args;

/* The arguments (s_cnt, s_dt, s_tag, r_cnt, r_dt, r_tag, iterations). */

/* The message that process 0 sends (send set) or receives. */
static message_args sendrecv_message(const sk_margs *a, int send)
{
  message_args x;
  x.count = send ? a->send_count : a->recv_count;
  x.dt = send ? a->send_dt : a->recv_dt;
  x.tag = send ? a->send_tag : a->recv_tag;
  return x;
}


#if SK_MPI_LEVEL >= 4
/* MPICH before 4.3 releases a derived datatype once too often in MPI_Isendrecv(_replace)
** and crashes on the next call with it (pmodels/mpich issue 7098): refused there. */
static void isendrecv_check_type(sk_mctx *m, const char *fn, const sk_datatype *dt)
{
#if defined(MPICH_NUMVERSION) && MPICH_NUMVERSION < 40300000
  int combiner = MPI_COMBINER_NAMED, ni, na, nd;
  char msg[200];
  if (m->failed) return;
  MPI_Type_get_envelope(dt->mpi, &ni, &na, &nd, &combiner);
  if (combiner == MPI_COMBINER_NAMED) return;
  sprintf(msg, "%s: MPICH before 4.3 crashes on repeated MPI_Isendrecv with a derived datatype (pmodels/mpich "
          "issue 7098); %.40s is one", fn, dt->name ? dt->name : "the datatype");
  sk_meas_fail(m, msg);
#else
  (void)m;
  (void)fn;
  (void)dt;
#endif
}
#endif

static void init_Pingpong_Sendrecv(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Pingpong_Sendrecv";
  const sk_margs *a = &m->arg;
  size_t s_bytes, r_bytes;
  (void)args;
#if SK_MPI_LEVEL >= 4
  if (m->variant == SR_NONBLOCKING) {
    isendrecv_check_type(m, m->name, a->send_dt);
    isendrecv_check_type(m, m->name, a->recv_dt);
  }
#endif
  sk_mpi_check_count(m, fn, "send count", a->send_count);
  sk_mpi_check_count(m, fn, "receive count", a->recv_count);
  sk_mpi_check_tag(m, fn, "receive tag", a->recv_tag);
  sk_mpi_check_tag(m, fn, "tag", a->send_tag);
  sk_mpi_check_count(m, fn, "iterations", a->iterations);
  s_bytes = sk_mpi_block_bytes(m, fn, a->send_count, a->send_dt, 1, 0);
  r_bytes = sk_mpi_block_bytes(m, fn, a->recv_count, a->recv_dt, 1, 0);
  m->send_usage = m->rank == 1 ? r_bytes : s_bytes;
  m->recv_usage = m->rank == 1 ? s_bytes : r_bytes;
  m->reported_size = sk_mpi_data_bytes(a->send_count, a->send_dt);
}

/* `iterations` exchanges through MPI_Sendrecv or (nonblocking, MPI-4) MPI_Isendrecv. */


/* Pingpong_Sendrecv_replace(count, datatype, s_tag, r_tag, iterations): both processes
** exchange their send buffer in place with MPI_Sendrecv_replace; process 1 uses the tags
** the other way round. */
/* The arguments (count, datatype, s_tag, r_tag, iterations). */


static void init_Pingpong_Sendrecv_replace(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Pingpong_Sendrecv_replace";
  const sk_margs *a = &m->arg;
  (void)args;
#if SK_MPI_LEVEL >= 4
  if (m->variant == SR_REPLACE_NONBLOCKING) isendrecv_check_type(m, m->name, a->datatype);
#endif
  sk_mpi_check_count(m, fn, "count", a->count);
  sk_mpi_check_tag(m, fn, "receive tag", a->recv_tag);
  sk_mpi_check_tag(m, fn, "tag", a->send_tag);
  sk_mpi_check_count(m, fn, "iterations", a->iterations);
  m->send_usage = sk_mpi_block_bytes(m, fn, a->count, a->datatype, 1, 0);
  m->recv_usage = 0;
  m->reported_size = sk_mpi_data_bytes(a->count, a->datatype);
}

/* One exchange of Pingpong_Sendrecv (my message out, theirs in) or, in place, of
** Pingpong_Sendrecv_replace; blocking or (MPI-4) non-blocking + MPI_Wait. */
static void sr_exchange(sk_mctx *m, MPI_Comm comm, const message_args *mine, const message_args *theirs,
                        int replace, int nonblocking)
{
  MPI_Status status;
  int partner = 1 - m->rank;
#if SK_MPI_LEVEL >= 4
  MPI_Request req;
  if (nonblocking && replace)
    MPI_Isendrecv_replace(m->send_buf, (int)mine->count, mine->dt->mpi, partner, (int)mine->tag, partner,
                          (int)theirs->tag, comm, &req);
  else if (nonblocking)
    MPI_Isendrecv(m->send_buf, (int)mine->count, mine->dt->mpi, partner, (int)mine->tag,
                  m->recv_buf, (int)theirs->count, theirs->dt->mpi, partner, (int)theirs->tag, comm, &req);
  if (nonblocking) { MPI_Wait(&req, &status); return; }
#endif
  (void)nonblocking;
  if (replace)
    MPI_Sendrecv_replace(m->send_buf, (int)mine->count, mine->dt->mpi, partner, (int)mine->tag, partner,
                         (int)theirs->tag, comm, &status);
  else
    MPI_Sendrecv(m->send_buf, (int)mine->count, mine->dt->mpi, partner, (int)mine->tag,
                 m->recv_buf, (int)theirs->count, theirs->dt->mpi, partner, (int)theirs->tag, comm, &status);
}

/* `iterations` exchanges of Pingpong_(I)sendrecv(_replace) (the variant). For _replace
** both messages are (count, datatype); process 1 uses the tags the other way round. */
static double measure_sendrecv(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  int replace = m->variant == SR_REPLACE || m->variant == SR_REPLACE_NONBLOCKING;
  int nonblocking = m->variant == SR_NONBLOCKING || m->variant == SR_REPLACE_NONBLOCKING;
  message_args mine, theirs;
  MPI_Comm comm = sk_mpi_comm(m);
  long i;
  double start;
  (void)args;
  mine = sendrecv_message(a, m->rank == 0);
  theirs = sendrecv_message(a, m->rank != 0);
  if (replace) {
    mine.count = theirs.count = a->count;
    mine.dt = theirs.dt = a->datatype;
  }
  if ((m->rank != 0 && m->rank != 1) || a->iterations < 0) return -1.0;
  if (a->iterations == 0) return 0.0;
  start = MPI_Wtime();
  for (i = 0; i < a->iterations; i++) sr_exchange(m, comm, &mine, &theirs, replace, nonblocking);
  return (MPI_Wtime() - start) / (double)a->iterations;
}



/* ---- the two-sided counterparts of §3.3 ---- */

#define SEND_TAG 2

/* Send(count, dt, tag): the duration of one MPI_Send from rank 0 to rank 1, which
** receives it; MPI_Isend_callduration(count, dt): the duration of the MPI_Isend call
** alone (completed with MPI_Wait after the timing), with tag SEND_TAG. */


/* Send and MPI_Isend_callduration (whose tag, SEND_TAG, is no argument: m->arg.tag 0). */
static void init_send_pair(sk_mctx *m, const sk_value *args)
{
  const char *fn = m->name;
  const sk_margs *a = &m->arg;
  (void)args;
  sk_mpi_check_tag(m, fn, "tag", a->tag);
  sk_mpi_check_count(m, fn, "count", a->count);
  m->send_usage = m->rank == 0 ? sk_mpi_block_bytes(m, fn, a->count, a->datatype, 1, 0) : 0;
  m->recv_usage = m->rank == 1 ? sk_mpi_block_bytes(m, fn, a->count, a->datatype, 1, 0) : 0;
  m->reported_size = sk_mpi_data_bytes(a->count, a->datatype);
}

static double measure_Send(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  double start, end = 0.0, result = -1.0;
  MPI_Status status;
  (void)args;
  start = sk_sync_start(m);
  if (m->rank == 0) {
    MPI_Send(m->send_buf, (int)a->count, a->datatype->mpi, 1, (int)a->tag, sk_mpi_comm(m));
    end = MPI_Wtime();
    result = end - start;
  } else if (m->rank == 1) {
    MPI_Recv(m->recv_buf, (int)a->count, a->datatype->mpi, 0, (int)a->tag, sk_mpi_comm(m), &status);
  }
  sk_sync_stop(m);
  return result;
}

static double measure_MPI_Isend_callduration(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  double start, result = -1.0;
  MPI_Request req;
  MPI_Status status;
  (void)args;
  sk_sync_start(m);
  if (m->rank == 0) {
    start = MPI_Wtime();
    MPI_Isend(m->send_buf, (int)a->count, a->datatype->mpi, 1, SEND_TAG, sk_mpi_comm(m), &req);
    result = MPI_Wtime() - start;
    MPI_Wait(&req, &status);
  } else if (m->rank == 1) {
    MPI_Recv(m->recv_buf, (int)a->count, a->datatype->mpi, 0, SEND_TAG, sk_mpi_comm(m), &status);
  }
  sk_sync_stop(m);
  return result;
}

/* Par_Pingpong_Send_Recv(count, datatype, tag, iterations, procs, nodesize): `procs`
** ping-pongs of Pingpong_Send_Recv at the same time, rank i with rank nodesize+i for
** i < procs (e.g. across the nodes of nodesize processes each), unsynchronised like the
** ping-pongs; the others take no part (-1). The original meant these pairs but, as
** coded, addressed ranks 1 and 0 from all of them; here the pairs must fit the
** communicator (nodesize >= procs, nodesize + procs <= size). */


static void init_Par_Pingpong_Send_Recv(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Par_Pingpong_Send_Recv";
  const sk_margs *a = &m->arg;
  init_pingpong(m, args);
  if (m->failed) return;
  if (a->procs < 1 || a->nodesize < a->procs || a->nodesize > (long)m->size - a->procs) {
    char msg[160];
    sprintf(msg, "%s: procs %ld and nodesize %ld need 1 <= procs <= nodesize <= size - procs (size %d)", fn,
            a->procs, a->nodesize, m->size);
    sk_meas_fail(m, msg);
  }
}

static double measure_Par_Pingpong_Send_Recv(sk_mctx *m, const sk_value *args)
{
  pingpong p;
  const sk_margs *a = &m->arg;
  pingpong_setup(&p, m, args);
  if (m->rank < a->procs) { p.pinging = 1; p.partner = (int)(m->rank + a->nodesize); }
  else if (m->rank >= a->nodesize && m->rank < a->nodesize + a->procs) { p.pinging = 0; p.partner = (int)(m->rank - a->nodesize); }
  else return -1.0;
  return pingpong_measure(&p, m, &ops_send_recv);
}

/* ---- verification (verify.h): every receiver holds its partner's pattern ---- */

static void check_Pingpong_Sendrecv(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  message_args theirs_m;
  const message_args *theirs;
  (void)args;
  theirs_m = sendrecv_message(a, m->rank != 0);
  theirs = &theirs_m;
  if (a->iterations > 0 && m->rank <= 1)
    sk_mpi_verify_block(m, "receive buffer", m->recv_buf, theirs->count, theirs->dt, theirs->count, theirs->dt,
                        1 - m->rank, 0);
}

/* The exchanged buffer with the pattern in the data bytes and zeros in the gaps of the
** datatype (MPI_Sendrecv_replace leaves the gaps alone), packed and unpacked again. */
static void prepare_Pingpong_Sendrecv_replace(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  int packed = 0, pos = 0;
  char *tmp;
  MPI_Comm comm = sk_mpi_comm(m);
  sk_verify_default_prepare(m, args);
  MPI_Pack_size((int)a->count, a->datatype->mpi, comm, &packed);
  tmp = (char *)sk_malloc((size_t)packed + 1);
  MPI_Pack(m->send_buf, (int)a->count, a->datatype->mpi, tmp, packed, &pos, comm);
  memset(m->send_buf, 0, m->send_usage);
  pos = 0;
  MPI_Unpack(tmp, packed, &pos, m->send_buf, (int)a->count, a->datatype->mpi, comm);
  free(tmp);
}

/* After an odd number of in-place exchanges each process holds the other's data, after
** an even number its own. */
static void check_Pingpong_Sendrecv_replace(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  (void)args;
  if (a->iterations > 0 && m->rank <= 1)
    sk_mpi_verify_block(m, "exchanged buffer", m->send_buf, a->count, a->datatype, a->count, a->datatype,
                        a->iterations % 2 ? 1 - m->rank : m->rank, 0);
}

/* Send and MPI_Isend_callduration: rank 1 holds rank 0's block. */
static void check_send_pair(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  (void)args;
  if (m->rank == 1) sk_mpi_verify_block(m, "receive buffer", m->recv_buf, a->count, a->datatype, a->count, a->datatype, 0, 0);
}

static void check_Par_Pingpong_Send_Recv(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  const sk_margs *pp = &m->arg;
  long partner = -1;
  (void)args;
  if (m->rank < a->procs) partner = m->rank + a->nodesize;
  else if (m->rank >= a->nodesize && m->rank < a->nodesize + a->procs) partner = m->rank - a->nodesize;
  if (partner >= 0 && pp->iterations > 0)
    sk_mpi_verify_block(m, "receive buffer", m->recv_buf, pp->count, pp->datatype, pp->count, pp->datatype, partner, 0);
}
#endif /* SKAMPI_MPI */

static const sk_measurement mpi_p2p_table[] = {
  SK_ROW_MPI("Pingpong_Send_Recv", "count:i datatype:t tag:i iterations:i", SK_PATTERN_P2P, 2, PP_SEND_RECV,
             measure_pingpong, init_pingpong, NULL, NULL, sk_mpi_check_pingpong, NULL),
  SK_ROW_MPI("Pingpong_Send_Iprobe_Recv", "count:i datatype:t tag:i iterations:i", SK_PATTERN_P2P, 2, PP_SEND_IPROBE_RECV,
             measure_pingpong, init_pingpong, NULL, NULL, sk_mpi_check_pingpong, NULL),
  SK_ROW_MPI("Pingpong_Send_Irecv", "count:i datatype:t tag:i iterations:i", SK_PATTERN_P2P, 2, PP_SEND_IRECV,
             measure_pingpong, init_pingpong, NULL, NULL, sk_mpi_check_pingpong, NULL),
  SK_ROW_MPI("Pingpong_Send_Recv_AT", "count:i datatype:t tag:i iterations:i", SK_PATTERN_P2P, 2, PP_SEND_RECV_AT,
             measure_pingpong, init_pingpong, NULL, NULL, sk_mpi_check_pingpong, NULL),
  SK_ROW_MPI("Pingpong_Send_Recv_AS", "count:i datatype:t tag:i iterations:i", SK_PATTERN_P2P, 2, PP_SEND_RECV_AS,
             measure_pingpong, init_pingpong, NULL, NULL, sk_mpi_check_pingpong, NULL),
  SK_ROW_MPI("Pingpong_Ssend_Recv", "count:i datatype:t tag:i iterations:i", SK_PATTERN_P2P, 2, PP_SSEND_RECV,
             measure_pingpong, init_pingpong, NULL, NULL, sk_mpi_check_pingpong, NULL),
  SK_ROW_MPI("Pingpong_Isend_Recv", "count:i datatype:t tag:i iterations:i", SK_PATTERN_P2P, 2, PP_ISEND_RECV,
             measure_pingpong, init_pingpong, NULL, NULL, sk_mpi_check_pingpong, NULL),
  SK_ROW_MPI("Pingpong_Issend_Recv", "count:i datatype:t tag:i iterations:i", SK_PATTERN_P2P, 2, PP_ISSEND_RECV,
             measure_pingpong, init_pingpong, NULL, NULL, sk_mpi_check_pingpong, NULL),
  SK_ROW_MPI("Pingpong_Bsend_Recv", "count:i datatype:t tag:i iterations:i", SK_PATTERN_P2P, 2, PP_BSEND_RECV,
             measure_pingpong, init_Pingpong_Bsend_Recv, finalize_Pingpong_Bsend_Recv,
             NULL, sk_mpi_check_pingpong, NULL),
  SK_ROW_MPI("Pingpong_Sendrecv", "send_count:i send_dt:t send_tag:i recv_count:i recv_dt:t recv_tag:i iterations:i", SK_PATTERN_P2P, 2, SR_BLOCKING,
             measure_sendrecv, init_Pingpong_Sendrecv, NULL, NULL, check_Pingpong_Sendrecv, NULL),
  SK_ROW_MPI("Pingpong_Sendrecv_replace", "count:i datatype:t send_tag:i recv_tag:i iterations:i", SK_PATTERN_P2P, 2, SR_REPLACE,
             measure_sendrecv, init_Pingpong_Sendrecv_replace, NULL,
             prepare_Pingpong_Sendrecv_replace, check_Pingpong_Sendrecv_replace, NULL),
  SK_ROW_MPI("Pingpong_Send_init_Recv_init", "count:i datatype:t tag:i iterations:i", SK_PATTERN_P2P, 2, PPP_START,
             measure_pp_persistent, init_pingpong, finalize_pp_persistent, NULL,
             sk_mpi_check_pingpong, NULL),
  SK_ROW_MPI("Pingpong_Startall", "count:i datatype:t tag:i iterations:i", SK_PATTERN_P2P, 2, PPP_STARTALL,
             measure_pp_persistent, init_pingpong, finalize_pp_persistent, NULL, sk_mpi_check_pingpong, NULL),
  SK_ROW_MPI4("Pingpong_Isendrecv", "send_count:i send_dt:t send_tag:i recv_count:i recv_dt:t recv_tag:i iterations:i",
              SK_PATTERN_P2P, 2, SR_NONBLOCKING, measure_sendrecv, init_Pingpong_Sendrecv, NULL, NULL, check_Pingpong_Sendrecv,
              NULL),
  SK_ROW_MPI4("Pingpong_Isendrecv_replace", "count:i datatype:t send_tag:i recv_tag:i iterations:i", SK_PATTERN_P2P, 2, SR_REPLACE_NONBLOCKING,
              measure_sendrecv, init_Pingpong_Sendrecv_replace, NULL,
              prepare_Pingpong_Sendrecv_replace, check_Pingpong_Sendrecv_replace, NULL),
  SK_ROW_MPI4("Pingpong_Send_c_Recv_c", "count:i datatype:t tag:i iterations:i", SK_PATTERN_P2P, 2, 0,
              measure_Pingpong_Send_c_Recv_c, init_Pingpong_Send_c_Recv_c, NULL, NULL, check_Pingpong_Send_c_Recv_c,
              NULL),
  SK_ROW_MPI("MPI_Isend_callduration", "count:i datatype:t", SK_PATTERN_COLLECTIVE, 2, 0,
             measure_MPI_Isend_callduration, init_send_pair, NULL, NULL, check_send_pair, NULL),
  SK_ROW_MPI("Send", "count:i datatype:t tag:i", SK_PATTERN_COLLECTIVE, 2, 0,
             measure_Send, init_send_pair, NULL, NULL, check_send_pair, NULL),
  SK_ROW_MPI("Par_Pingpong_Send_Recv", "count:i datatype:t tag:i iterations:i procs:i nodesize:i", SK_PATTERN_COLLECTIVE, 2, 0,
             measure_Par_Pingpong_Send_Recv, init_Par_Pingpong_Send_Recv, NULL,
             NULL, check_Par_Pingpong_Send_Recv, NULL),
  SK_ROW_MPI_FORK("Pingpong_forked", "count:i datatype:t tag:i iterations:i sender_children:i receiver_children:i",
                  SK_PATTERN_P2P, 2, PP_SEND_RECV, measure_Pingpong_forked, init_Pingpong_forked, finalize_Pingpong_forked,
                  NULL, check_Pingpong_forked, NULL),
  SK_ROW_ALIAS("Isend_callduration", "MPI_Isend_callduration"),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_p2p(void) { return mpi_p2p_table; }
