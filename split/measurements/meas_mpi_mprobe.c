/*
** meas_mpi_mprobe.c -- ping-pongs that receive through MPI-3's matched probe (MPI-3.0
** §3.8.2): MPI_Mprobe + MPI_Mrecv, and MPI_Improbe (polled) + MPI_Imrecv + MPI_Wait,
** between ranks 0 and 1 of the measurement communicator. The function bodies exist
** where mpi.h is MPI-3 or later (SK_ROW_MPI3), the rows in every build.
** Invariants: as the ping-pongs of meas_mpi_p2p.c, every row returns the time of ONE full
** round trip averaged over `iterations`, on both processes; other ranks return -1. The
** partner first sends an empty message (tag + 1) saying that it waits for the ping, and
** the pinging process starts its clock once it has it.
*/
#include "meas_mpi.h"
#include "verify.h"

/* How the partner's message is received (the rows' VARIANT): MPI_Mprobe + MPI_Mrecv, or
** an MPI_Improbe loop + MPI_Imrecv + MPI_Wait. */
enum mprobe_variant { MPROBE_BLOCKING, MPROBE_POLLED };
/* The rows' signature: the parameters of the ping-pongs of meas_mpi_p2p.c. */
#define MPROBE_SIG "count:i datatype:t tag:i iterations:i"

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 3

static void init_mprobe(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_mpi_init_message_pair(m);
  if (!m->failed && m->arg.tag == INT_MAX) sk_meas_fail(m, "matched-probe ping-pongs: the tag must be below the largest (tag + 1 says ready)");
  sk_mpi_check_count(m, m->name, "iterations", m->arg.iterations);
  if (m->rank > 1) m->send_usage = m->recv_usage = 0;    /* the others take no part */
}

/* Receives the partner's message through a matched probe: blocking (MPI_Mprobe,
** MPI_Mrecv) or polled and non-blocking (MPI_Improbe loop, MPI_Imrecv, MPI_Wait). */
static void mprobe_receive(sk_mctx *m)
{
  const sk_margs *a = &m->arg;
  MPI_Message message;
  MPI_Status status;
  MPI_Request req;
  int flag = 0;
  MPI_Comm comm = sk_mpi_comm(m);
  if (m->variant == MPROBE_BLOCKING) {
    MPI_Mprobe(1 - m->rank, (int)a->tag, comm, &message, &status);
    MPI_Mrecv(m->recv_buf, (int)a->count, a->datatype->mpi, &message, &status);
    return;
  }
  do MPI_Improbe(1 - m->rank, (int)a->tag, comm, &flag, &message, &status); while (!flag);
  MPI_Imrecv(m->recv_buf, (int)a->count, a->datatype->mpi, &message, &req);
  MPI_Wait(&req, &status);
}

static double mprobe_pingpong(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  long i;
  double start;
  (void)args;
  if (m->rank > 1 || a->iterations < 0) return -1.0;
  if (a->iterations == 0) return 0.0;
  if (m->rank == 0) MPI_Recv(NULL, 0, MPI_BYTE, 1, (int)a->tag + 1, comm, &status);
  else MPI_Send(NULL, 0, MPI_BYTE, 0, (int)a->tag + 1, comm);
  start = MPI_Wtime();
  for (i = 0; i < a->iterations; i++) {
    if (m->rank == 1) mprobe_receive(m);
    MPI_Send(m->send_buf, (int)a->count, a->datatype->mpi, 1 - m->rank, (int)a->tag, comm);
    if (m->rank == 0) mprobe_receive(m);
  }
  return (MPI_Wtime() - start) / (double)a->iterations;
}

#endif /* MPI-3 */

static const sk_measurement mpi_mprobe_table[] = {
  SK_ROW_MPI3("Pingpong_Mprobe_Mrecv", MPROBE_SIG, SK_PATTERN_P2P, 2, MPROBE_BLOCKING,
              mprobe_pingpong, init_mprobe, NULL, NULL, sk_mpi_check_pingpong, NULL),
  SK_ROW_MPI3("Pingpong_Improbe_Imrecv", MPROBE_SIG, SK_PATTERN_P2P, 2, MPROBE_POLLED,
              mprobe_pingpong, init_mprobe, NULL, NULL, sk_mpi_check_pingpong, NULL),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_mprobe(void) { return mpi_mprobe_table; }
