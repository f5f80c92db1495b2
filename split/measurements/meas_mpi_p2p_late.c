/*
** meas_mpi_p2p_late.c -- two ping-pongs whose messages meet their receives in a known
** order, to look into the library's matching queues (MPI PERUSE 2.0 §3.5), between ranks
** 0 and 1, one round trip per call:
**   Pingpong_Late_Receiver(count, datatype, tag, delay_us): every receive is posted
**     after its message has arrived, and delay_us later still;
**   Pingpong_Late_Sender(count, datatype, tag, delay_us): every message is sent after
**     its receive has been posted, and delay_us later still.
** The late side is the row's VARIANT. How the order is made sure of, and what the time
** holds: doc/internals.md, "meas_mpi_p2p_late". MPI-1.1 calls only.
*/
#include "meas_mpi.h"
#include "verify.h"

/* Which side of every message is late (the rows' VARIANT). */
enum late_side { LATE_RECEIVER, LATE_SENDER };

#ifdef SKAMPI_MPI

/* init: the arguments; the private communicator of the notices (m->state). */
static void init_late(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_mpi_init_message_pair(m);
  if (!m->failed && !(m->arg.delay_us_d >= 0.0 && m->arg.delay_us_d <= 10.0e6)) {
    char msg[120];
    sprintf(msg, "%s: delay_us must be from 0 to 10000000 (10 s)", m->name);
    sk_meas_fail(m, msg);
  }
  if (m->failed) return;                   /* the same on every process: none duplicates */
  m->state = sk_malloc(sizeof(MPI_Comm));
  MPI_Comm_dup(sk_mpi_comm(m), (MPI_Comm *)m->state);
}

static void finalize_late(sk_mctx *m, const sk_value *args)
{
  (void)args;
  if (m->state == NULL) return;
  MPI_Comm_free((MPI_Comm *)m->state);
  free(m->state);
  m->state = NULL;
}

/* One message from `from` to `to` on comm, the late side told on `side`. */
static void late_message(sk_mctx *m, MPI_Comm comm, MPI_Comm side, int from, int late_receiver)
{
  const sk_margs *a = &m->arg;
  MPI_Request req;
  MPI_Status status;
  int count = (int)a->count, tag = (int)a->tag, to = 1 - from;
  if (m->rank == from) {
    if (late_receiver) {
      MPI_Isend(m->send_buf, count, a->datatype->mpi, to, tag, comm, &req);
      MPI_Send(NULL, 0, MPI_BYTE, to, 0, side);                /* "sent" */
      MPI_Wait(&req, &status);
    } else {
      MPI_Recv(NULL, 0, MPI_BYTE, to, 0, side, &status);       /* "posted" */
      sk_mpi_busy_wait(a->delay_us_d);
      MPI_Send(m->send_buf, count, a->datatype->mpi, to, tag, comm);
    }
  } else {
    if (late_receiver) {
      MPI_Recv(NULL, 0, MPI_BYTE, from, 0, side, &status);     /* "sent" */
      sk_mpi_busy_wait(a->delay_us_d);
      MPI_Recv(m->recv_buf, count, a->datatype->mpi, from, tag, comm, &status);
    } else {
      MPI_Irecv(m->recv_buf, count, a->datatype->mpi, from, tag, comm, &req);
      MPI_Send(NULL, 0, MPI_BYTE, from, 0, side);              /* "posted" */
      MPI_Wait(&req, &status);
    }
  }
}

/* One round trip; the variant chooses which side of every message is late. */
static double late_pingpong(sk_mctx *m, const sk_value *args)
{
  MPI_Comm comm = sk_mpi_comm(m), side;
  int late_receiver = m->variant == LATE_RECEIVER;
  double start;
  (void)args;
  if (m->rank > 1 || m->state == NULL) return -1.0;
  side = *(MPI_Comm *)m->state;
  start = MPI_Wtime();
  late_message(m, comm, side, 0, late_receiver);
  late_message(m, comm, side, 1, late_receiver);
  return MPI_Wtime() - start;
}
#endif /* SKAMPI_MPI */

static const sk_measurement mpi_p2p_late_table[] = {
  SK_ROW_MPI("Pingpong_Late_Receiver", "count:i datatype:t tag:i delay_us:d", SK_PATTERN_P2P, 2, LATE_RECEIVER,
             late_pingpong, init_late, finalize_late, NULL, sk_mpi_check_exchange, NULL),
  SK_ROW_MPI("Pingpong_Late_Sender", "count:i datatype:t tag:i delay_us:d", SK_PATTERN_P2P, 2, LATE_SENDER,
             late_pingpong, init_late, finalize_late, NULL, sk_mpi_check_exchange, NULL),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_p2p_late(void) { return mpi_p2p_late_table; }
