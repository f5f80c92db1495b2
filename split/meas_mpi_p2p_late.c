/*
** meas_mpi_p2p_late.c -- two ping-pongs whose messages meet their receives in a known
** order, to look into the library's matching queues (MPI PERUSE 2.0 §3.5: a message that
** arrives before its receive is posted waits in the unexpected-message queue, a receive
** posted before its message in the posted-receive queue). Ranks 0 and 1 of the
** measurement communicator, one round trip (ping and pong) per call:
**   Pingpong_Late_Receiver(count, datatype, tag, delay_us): every receive is posted
**     delay_us after its message was sent (rank 1 waits delay_us before receiving the
**     ping; rank 0 waits 2 * delay_us after sending it before receiving the pong);
**   Pingpong_Late_Sender(count, datatype, tag, delay_us): every message is sent
**     delay_us after its receive was posted (rank 0 waits before sending the ping,
**     rank 1 between receiving it and sending the pong).
** Both processes return the round trip's time WITH the waits (about 2 * delay_us): these
** are probes of the library's behaviour, not of its speed. The delays must exceed the
** skew of the two processes' starts (a few microseconds after a barrier; the tests use
** 20 ms so that a busy machine keeps the order).
** A waiting process keeps the library progressing (MPI_Iprobe on MPI_COMM_SELF, where
** no message ever comes): a library that only progresses inside MPI calls (Open MPI's
** ob1) would otherwise leave an early message in its transport until the receive is
** posted, and the message would match the posted receive after all. MPI-1.1 calls only;
** the function bodies exist in the MPI build, the rows in every build.
*/
#include "meas_mpi.h"
#include "verify.h"

#ifdef SKAMPI_MPI

typedef struct late_args {
  long count;
  const sk_datatype *dt;
  long tag;
  double delay_us;
} late_args;

static void late_args_read(late_args *a, const sk_value *args)
{
  a->count = args[0].u.i;
  a->dt = args[1].u.dt;
  a->tag = args[2].u.i;
  a->delay_us = sk_mpi_arg_double(&args[3]);
}

static void init_late(sk_mctx *m, const sk_value *args, const char *fn)
{
  late_args a;
  late_args_read(&a, args);
  sk_mpi_check_count(m, fn, "count", a.count);
  sk_mpi_check_tag(m, fn, "tag", a.tag);
  if (!m->failed && !(a.delay_us >= 0.0 && a.delay_us <= 10.0e6)) {
    char msg[120];
    sprintf(msg, "%s: delay_us must be from 0 to 10000000 (10 s)", fn);
    sk_meas_fail(m, msg);
  }
  m->send_usage = sk_mpi_block_bytes(m, fn, a.count, a.dt, 1, 0);
  m->recv_usage = m->send_usage;
  m->reported_size = sk_mpi_data_bytes(a.count, a.dt);
}

static void init_Pingpong_Late_Receiver(sk_mctx *m, const sk_value *args)
{
  init_late(m, args, "Pingpong_Late_Receiver");
}

static void init_Pingpong_Late_Sender(sk_mctx *m, const sk_value *args)
{
  init_late(m, args, "Pingpong_Late_Sender");
}

/* Waits `microseconds` while the library progresses (see the top comment). */
static void late_wait(double microseconds)
{
  double end = MPI_Wtime() + microseconds * 1.0e-6;
  int flag;
  MPI_Status status;
  while (MPI_Wtime() < end) MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_SELF, &flag, &status);
}

/* One round trip; `late_receiver` chooses which side of every message waits. */
static double late_pingpong(sk_mctx *m, const sk_value *args, int late_receiver)
{
  late_args a;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  int count, tag;
  double start;
  late_args_read(&a, args);
  if (m->rank > 1) return -1.0;
  count = (int)a.count;
  tag = (int)a.tag;
  start = MPI_Wtime();
  if (m->rank == 0) {
    if (!late_receiver) late_wait(a.delay_us);
    MPI_Send(m->send_buf, count, a.dt->mpi, 1, tag, comm);
    if (late_receiver) late_wait(2.0 * a.delay_us);
    MPI_Recv(m->recv_buf, count, a.dt->mpi, 1, tag, comm, &status);
  } else {
    if (late_receiver) late_wait(a.delay_us);
    MPI_Recv(m->recv_buf, count, a.dt->mpi, 0, tag, comm, &status);
    if (!late_receiver) late_wait(a.delay_us);
    MPI_Send(m->send_buf, count, a.dt->mpi, 0, tag, comm);
  }
  return MPI_Wtime() - start;
}

static double measure_Pingpong_Late_Receiver(sk_mctx *m, const sk_value *args)
{
  return late_pingpong(m, args, 1);
}

static double measure_Pingpong_Late_Sender(sk_mctx *m, const sk_value *args)
{
  return late_pingpong(m, args, 0);
}

/* Each of the two holds its partner's message. */
static void check_late(sk_mctx *m, const sk_value *args)
{
  late_args a;
  late_args_read(&a, args);
  if (m->rank <= 1)
    sk_mpi_verify_block(m, "receive buffer", m->recv_buf, a.count, a.dt, a.count, a.dt, 1 - m->rank, 0);
}
#endif /* SKAMPI_MPI */

static const sk_measurement mpi_p2p_late_table[] = {
  SK_MEASUREMENT_MPI(Pingpong_Late_Receiver, "itid", "count datatype tag delay_us", SK_PATTERN_P2P, 2,
                     init_Pingpong_Late_Receiver, NULL),
  SK_MEASUREMENT_MPI(Pingpong_Late_Sender, "itid", "count datatype tag delay_us", SK_PATTERN_P2P, 2,
                     init_Pingpong_Late_Sender, NULL),
  SK_MEASUREMENT_END
};

SK_API const sk_measurement *sk_meas_table_mpi_p2p_late(void) { return mpi_p2p_late_table; }

static const sk_verifier mpi_p2p_late_verify_table[] = {
  SK_VERIFY_MPI(Pingpong_Late_Receiver, NULL, check_late),
  SK_VERIFY_MPI(Pingpong_Late_Sender, NULL, check_late),
  SK_VERIFY_END
};

SK_API const sk_verifier *sk_verify_table_mpi_p2p_late(void) { return mpi_p2p_late_verify_table; }
