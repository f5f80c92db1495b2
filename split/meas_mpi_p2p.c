/*
** meas_mpi_p2p.c -- point-to-point measurement functions over MPI (SKaMPI 5 manual §3.1),
** all ping-pongs between ranks 0 and 1 of the measurement communicator.
** Compiled with the MPI backend only; MPI-1.1 calls only. Every ping-pong returns the
** time of ONE full round trip (ping plus pong), averaged over `iterations` round trips,
** on both processes -- not half of it as some other benchmarks report. Other ranks take
** no part and return -1 (no meaningful time, §6.2).
**
** The variants replace the send (MPI_Ssend, MPI_Isend+MPI_Wait, MPI_Issend+MPI_Wait,
** MPI_Bsend) or the receive (MPI_Irecv+MPI_Wait, MPI_Iprobe loop + MPI_Recv, MPI_Recv
** with MPI_ANY_TAG) of Pingpong_Send_Recv on both processes, unless said otherwise.
*/
#include "meas_mpi.h"

#ifdef SKAMPI_MPI

/* The common checks of the ping-pongs: a tag and an iteration count among the args. */
static void check_pingpong(sk_mctx *m, const char *fn, const sk_value *args, int tag_arg, int iter_arg)
{
  sk_mpi_check_procs(m, fn, 2);
  sk_mpi_check_tag(m, fn, "tag", args[tag_arg].u.i);
  sk_mpi_check_count(m, fn, "iterations", args[iter_arg].u.i);
}

/* The common init of the ping-pongs with args (count, datatype, tag, iterations). */
static void init_pingpong(sk_mctx *m, const sk_value *args, const char *fn)
{
  sk_mpi_check_count(m, fn, "count", args[0].u.i);
  check_pingpong(m, fn, args, 2, 3);
  m->send_usage = sk_mpi_block_bytes(m, fn, args[0].u.i, args[1].u.dt, 1, 0);
  m->recv_usage = m->send_usage;
  m->reported_size = sk_mpi_data_bytes(args[0].u.i, args[1].u.dt);
}

/* One init per function, so that every failure message names the function. */
#define PINGPONG_INIT(NAME) \
  static void init_##NAME(sk_mctx *m, const sk_value *args) { init_pingpong(m, args, #NAME); }

PINGPONG_INIT(Pingpong_Send_Recv)
PINGPONG_INIT(Pingpong_Send_Iprobe_Recv)
PINGPONG_INIT(Pingpong_Send_Irecv)
PINGPONG_INIT(Pingpong_Send_Recv_AT)
PINGPONG_INIT(Pingpong_Ssend_Recv)
PINGPONG_INIT(Pingpong_Isend_Recv)
PINGPONG_INIT(Pingpong_Issend_Recv)

/* Everything a ping-pong loop needs, read from args (count, datatype, tag, iterations). */
typedef struct pingpong {
  int count, tag, partner;
  long iterations;
  MPI_Datatype dt;
  MPI_Comm comm;
} pingpong;

/* Returns 0 when this process takes no part (rank >= 2). */
static int pingpong_setup(pingpong *p, sk_mctx *m, const sk_value *args)
{
  p->count = (int)args[0].u.i;
  p->dt = args[1].u.dt->mpi;
  p->tag = (int)args[2].u.i;
  p->iterations = args[3].u.i;
  p->comm = sk_mpi_comm(m);
  p->partner = 1 - m->rank;
  return m->rank == 0 || m->rank == 1;
}


/* Process 0 actively waits with MPI_Iprobe before receiving (§3.1 footnote a);
** process 1 receives with a plain MPI_Recv. */
static double measure_Pingpong_Send_Iprobe_Recv(sk_mctx *m, const sk_value *args)
{
  pingpong p;
  MPI_Status status;
  long i;
  int flag;
  double start;
  if (!pingpong_setup(&p, m, args) || p.iterations < 0) return -1.0;
  if (p.iterations == 0) return 0.0;
  start = MPI_Wtime();
  for (i = 0; i < p.iterations; i++) {
    if (m->rank == 0) {
      MPI_Send(m->send_buf, p.count, p.dt, 1, p.tag, p.comm);
      do MPI_Iprobe(1, p.tag, p.comm, &flag, &status); while (!flag);
      MPI_Recv(m->recv_buf, p.count, p.dt, 1, p.tag, p.comm, &status);
    } else {
      MPI_Recv(m->recv_buf, p.count, p.dt, 0, p.tag, p.comm, &status);
      MPI_Send(m->send_buf, p.count, p.dt, 0, p.tag, p.comm);
    }
  }
  return (MPI_Wtime() - start) / (double)p.iterations;
}

/* The receive is MPI_Irecv + MPI_Wait; process 0 posts it before sending its ping. */
static double measure_Pingpong_Send_Irecv(sk_mctx *m, const sk_value *args)
{
  pingpong p;
  MPI_Status status;
  MPI_Request req;
  long i;
  double start;
  if (!pingpong_setup(&p, m, args) || p.iterations < 0) return -1.0;
  if (p.iterations == 0) return 0.0;
  start = MPI_Wtime();
  for (i = 0; i < p.iterations; i++) {
    MPI_Irecv(m->recv_buf, p.count, p.dt, p.partner, p.tag, p.comm, &req);
    if (m->rank == 0) {
      MPI_Send(m->send_buf, p.count, p.dt, 1, p.tag, p.comm);
      MPI_Wait(&req, &status);
    } else {
      MPI_Wait(&req, &status);
      MPI_Send(m->send_buf, p.count, p.dt, 0, p.tag, p.comm);
    }
  }
  return (MPI_Wtime() - start) / (double)p.iterations;
}

/* The receives specify MPI_ANY_TAG ("AT"). */
static double measure_Pingpong_Send_Recv_AT(sk_mctx *m, const sk_value *args)
{
  pingpong p;
  MPI_Status status;
  long i;
  double start;
  if (!pingpong_setup(&p, m, args) || p.iterations < 0) return -1.0;
  if (p.iterations == 0) return 0.0;
  start = MPI_Wtime();
  for (i = 0; i < p.iterations; i++) {
    if (m->rank == 0) {
      MPI_Send(m->send_buf, p.count, p.dt, 1, p.tag, p.comm);
      MPI_Recv(m->recv_buf, p.count, p.dt, 1, MPI_ANY_TAG, p.comm, &status);
    } else {
      MPI_Recv(m->recv_buf, p.count, p.dt, 0, MPI_ANY_TAG, p.comm, &status);
      MPI_Send(m->send_buf, p.count, p.dt, 0, p.tag, p.comm);
    }
  }
  return (MPI_Wtime() - start) / (double)p.iterations;
}

/* The send call is all that differs between Pingpong_Send_Recv, _Ssend_Recv and
** _Bsend_Recv: one loop with the send as a parameter (void * buffers keep the wrappers
** valid for the MPI-1/2 and the MPI-3 prototypes alike). */
typedef int (*pingpong_send_fn)(void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm);

static int pingpong_send(void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
  return MPI_Send(buf, count, dt, dest, tag, comm);
}

static int pingpong_ssend(void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
  return MPI_Ssend(buf, count, dt, dest, tag, comm);
}

static int pingpong_bsend(void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
  return MPI_Bsend(buf, count, dt, dest, tag, comm);
}

static double pingpong_with_send(sk_mctx *m, const sk_value *args, pingpong_send_fn send)
{
  pingpong p;
  MPI_Status status;
  long i;
  double start;
  if (!pingpong_setup(&p, m, args) || p.iterations < 0) return -1.0;
  if (p.iterations == 0) return 0.0;
  start = MPI_Wtime();
  for (i = 0; i < p.iterations; i++) {
    if (m->rank == 0) {
      send(m->send_buf, p.count, p.dt, 1, p.tag, p.comm);
      MPI_Recv(m->recv_buf, p.count, p.dt, 1, p.tag, p.comm, &status);
    } else {
      MPI_Recv(m->recv_buf, p.count, p.dt, 0, p.tag, p.comm, &status);
      send(m->send_buf, p.count, p.dt, 0, p.tag, p.comm);
    }
  }
  return (MPI_Wtime() - start) / (double)p.iterations;
}

/* Seed 003 §3.1: rank 0 does `iterations` ping-pongs, rank 1 as many pong-pings; both
** return the average time of one full round trip. */
static double measure_Pingpong_Send_Recv(sk_mctx *m, const sk_value *args)
{
  return pingpong_with_send(m, args, pingpong_send);
}

static double measure_Pingpong_Ssend_Recv(sk_mctx *m, const sk_value *args)
{
  return pingpong_with_send(m, args, pingpong_ssend);
}

/* The send is MPI_Isend (synchronous: MPI_Issend) completed by MPI_Wait; process 0
** waits for its ping after receiving the pong, process 1 right after sending. */
static double pingpong_isend(sk_mctx *m, const sk_value *args, int synchronous)
{
  pingpong p;
  MPI_Status status;
  MPI_Request req;
  long i;
  double start;
  if (!pingpong_setup(&p, m, args) || p.iterations < 0) return -1.0;
  if (p.iterations == 0) return 0.0;
  start = MPI_Wtime();
  for (i = 0; i < p.iterations; i++) {
    if (m->rank == 0) {
      if (synchronous) MPI_Issend(m->send_buf, p.count, p.dt, 1, p.tag, p.comm, &req);
      else MPI_Isend(m->send_buf, p.count, p.dt, 1, p.tag, p.comm, &req);
      MPI_Recv(m->recv_buf, p.count, p.dt, 1, p.tag, p.comm, &status);
      MPI_Wait(&req, &status);
    } else {
      MPI_Recv(m->recv_buf, p.count, p.dt, 0, p.tag, p.comm, &status);
      if (synchronous) MPI_Issend(m->send_buf, p.count, p.dt, 0, p.tag, p.comm, &req);
      else MPI_Isend(m->send_buf, p.count, p.dt, 0, p.tag, p.comm, &req);
      MPI_Wait(&req, &status);
    }
  }
  return (MPI_Wtime() - start) / (double)p.iterations;
}

static double measure_Pingpong_Isend_Recv(sk_mctx *m, const sk_value *args)
{
  return pingpong_isend(m, args, 0);
}

static double measure_Pingpong_Issend_Recv(sk_mctx *m, const sk_value *args)
{
  return pingpong_isend(m, args, 1);
}

/* Pingpong_Bsend_Recv: init attaches a buffer for two messages (MPI_Pack_size +
** MPI_BSEND_OVERHEAD each, so that a ping whose space the library has not reclaimed yet
** never makes the next MPI_Bsend fail); finalize detaches and frees it. */
static void init_Pingpong_Bsend_Recv(sk_mctx *m, const sk_value *args)
{
  int pack_size = 0;
  long bytes;
  char *buffer;
  init_pingpong(m, args, "Pingpong_Bsend_Recv");
  if (m->failed) return;
  MPI_Pack_size((int)args[0].u.i, args[1].u.dt->mpi, sk_mpi_comm(m), &pack_size);
  bytes = 2L * ((long)pack_size + MPI_BSEND_OVERHEAD);
  if (pack_size < 0 || bytes > INT_MAX) {
    sk_meas_fail(m, "Pingpong_Bsend_Recv: the message is too large for MPI_Buffer_attach");
    return;
  }
  buffer = (char *)sk_malloc((size_t)bytes);
  MPI_Buffer_attach(buffer, (int)bytes);
  m->state = buffer;
}

static double measure_Pingpong_Bsend_Recv(sk_mctx *m, const sk_value *args)
{
  return pingpong_with_send(m, args, pingpong_bsend);
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
static void init_Pingpong_Sendrecv(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Pingpong_Sendrecv";
  size_t s_bytes, r_bytes;
  sk_mpi_check_count(m, fn, "send count", args[0].u.i);
  sk_mpi_check_count(m, fn, "receive count", args[3].u.i);
  sk_mpi_check_tag(m, fn, "receive tag", args[5].u.i);
  check_pingpong(m, fn, args, 2, 6);
  s_bytes = sk_mpi_block_bytes(m, fn, args[0].u.i, args[1].u.dt, 1, 0);
  r_bytes = sk_mpi_block_bytes(m, fn, args[3].u.i, args[4].u.dt, 1, 0);
  m->send_usage = m->rank == 1 ? r_bytes : s_bytes;
  m->recv_usage = m->rank == 1 ? s_bytes : r_bytes;
  m->reported_size = sk_mpi_data_bytes(args[0].u.i, args[1].u.dt);
}

static double measure_Pingpong_Sendrecv(sk_mctx *m, const sk_value *args)
{
  int mine = m->rank == 0 ? 0 : 3, theirs = m->rank == 0 ? 3 : 0;
  long i, iterations = args[6].u.i;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  double start;
  if ((m->rank != 0 && m->rank != 1) || iterations < 0) return -1.0;
  if (iterations == 0) return 0.0;
  start = MPI_Wtime();
  for (i = 0; i < iterations; i++)
    MPI_Sendrecv(m->send_buf, (int)args[mine].u.i, args[mine + 1].u.dt->mpi, 1 - m->rank,
                 (int)args[mine + 2].u.i,
                 m->recv_buf, (int)args[theirs].u.i, args[theirs + 1].u.dt->mpi, 1 - m->rank,
                 (int)args[theirs + 2].u.i, comm, &status);
  return (MPI_Wtime() - start) / (double)iterations;
}

/* Pingpong_Sendrecv_replace(count, datatype, s_tag, r_tag, iterations): both processes
** exchange their send buffer in place with MPI_Sendrecv_replace; process 1 uses the tags
** the other way round. */
static void init_Pingpong_Sendrecv_replace(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Pingpong_Sendrecv_replace";
  sk_mpi_check_count(m, fn, "count", args[0].u.i);
  sk_mpi_check_tag(m, fn, "receive tag", args[3].u.i);
  check_pingpong(m, fn, args, 2, 4);
  m->send_usage = sk_mpi_block_bytes(m, fn, args[0].u.i, args[1].u.dt, 1, 0);
  m->recv_usage = 0;
  m->reported_size = sk_mpi_data_bytes(args[0].u.i, args[1].u.dt);
}

static double measure_Pingpong_Sendrecv_replace(sk_mctx *m, const sk_value *args)
{
  int send_tag = (int)args[m->rank == 0 ? 2 : 3].u.i, recv_tag = (int)args[m->rank == 0 ? 3 : 2].u.i;
  long i, iterations = args[4].u.i;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  double start;
  if ((m->rank != 0 && m->rank != 1) || iterations < 0) return -1.0;
  if (iterations == 0) return 0.0;
  start = MPI_Wtime();
  for (i = 0; i < iterations; i++)
    MPI_Sendrecv_replace(m->send_buf, (int)args[0].u.i, args[1].u.dt->mpi, 1 - m->rank, send_tag,
                         1 - m->rank, recv_tag, comm, &status);
  return (MPI_Wtime() - start) / (double)iterations;
}

static const sk_measurement mpi_p2p_table[] = {
  { "Pingpong_Send_Recv", "itii", SK_PATTERN_P2P, init_Pingpong_Send_Recv, measure_Pingpong_Send_Recv, NULL, 2 },
  { "Pingpong_Send_Iprobe_Recv", "itii", SK_PATTERN_P2P, init_Pingpong_Send_Iprobe_Recv,
    measure_Pingpong_Send_Iprobe_Recv, NULL, 2 },
  { "Pingpong_Send_Irecv", "itii", SK_PATTERN_P2P, init_Pingpong_Send_Irecv, measure_Pingpong_Send_Irecv, NULL, 2 },
  { "Pingpong_Send_Recv_AT", "itii", SK_PATTERN_P2P, init_Pingpong_Send_Recv_AT, measure_Pingpong_Send_Recv_AT,
    NULL, 2 },
  { "Pingpong_Ssend_Recv", "itii", SK_PATTERN_P2P, init_Pingpong_Ssend_Recv, measure_Pingpong_Ssend_Recv, NULL, 2 },
  { "Pingpong_Isend_Recv", "itii", SK_PATTERN_P2P, init_Pingpong_Isend_Recv, measure_Pingpong_Isend_Recv, NULL, 2 },
  { "Pingpong_Issend_Recv", "itii", SK_PATTERN_P2P, init_Pingpong_Issend_Recv, measure_Pingpong_Issend_Recv,
    NULL, 2 },
  { "Pingpong_Bsend_Recv", "itii", SK_PATTERN_P2P, init_Pingpong_Bsend_Recv, measure_Pingpong_Bsend_Recv,
    finalize_Pingpong_Bsend_Recv, 2 },
  { "Pingpong_Sendrecv", "itiitii", SK_PATTERN_P2P, init_Pingpong_Sendrecv, measure_Pingpong_Sendrecv, NULL, 2 },
  { "Pingpong_Sendrecv_replace", "itiii", SK_PATTERN_P2P, init_Pingpong_Sendrecv_replace,
    measure_Pingpong_Sendrecv_replace, NULL, 2 },
  { NULL, NULL, SK_PATTERN_SIMPLE, NULL, NULL, NULL, 0 }
};

SK_API const sk_measurement *sk_meas_table_mpi_p2p(void) { return mpi_p2p_table; }

#endif /* SKAMPI_MPI */
