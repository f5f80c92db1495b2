/*
** meas_skampi5_example.c -- a SKaMPI 5 extension, built unchanged through
** skampi5_compat.h (doc/internals.md, "SKaMPI 5 extensions"): the manual's own example measurement
** function, Pingpong_Send_Recv as listed in SKaMPI 5 manual §3.1, with the init_ function
** that §6.2 asks for (buffer usage and reported message size, set with the §6.2.2
** accessors). The functions use the SKaMPI 5 API only -- no sk_mctx, no sk_value. The
** name gets a prefix because skampi has its own Pingpong_Send_Recv (meas_mpi_p2p.c) and
** the amalgam is one translation unit. Two processes: the manual's else-branch serves
** rank 1 only, so the row has the point-to-point pattern (other ranks stay out).
*/
#include "skampi5_compat.h"
#include "verify.h"

#ifdef SKAMPI_MPI
#ifdef SKAMPI_AMALGAM
/* The functions stay as SKaMPI 5 writes them, without `static`; these declarations give
** them internal linkage in the amalgam (C89 §6.1.2.2), whose library build exports the
** names of skampi.h alone. */
static void init_Skampi5_Pingpong_Send_Recv(int count, MPI_Datatype datatype, int tag, int iterations);
static double measure_Skampi5_Pingpong_Send_Recv(int count, MPI_Datatype datatype, int tag, int iterations);
#endif

void init_Skampi5_Pingpong_Send_Recv(int count, MPI_Datatype datatype, int tag, int iterations)
{
  (void)tag; (void)iterations;
  set_send_buffer_usage(get_extent(count, datatype));
  set_recv_buffer_usage(get_extent(count, datatype));
  set_reported_message_size(get_extent(count, datatype));
}

double measure_Skampi5_Pingpong_Send_Recv(int count, MPI_Datatype datatype, int tag, int iterations)
{
  double start_time, end_time;
  MPI_Status status;
  int i;

  if (iterations<0) { return -1.0; }
  if (iterations==0) { return 0.0; }
  if( get_measurement_rank() == 0 ) {
    start_time = MPI_Wtime();
    for (i=0; i<iterations; i++) {
      MPI_Send(get_send_buffer(), count, datatype, 1, tag,
               get_measurement_comm());
      MPI_Recv(get_recv_buffer(), count, datatype, 1, tag,
               get_measurement_comm(), &status);
    }
    end_time = MPI_Wtime();
    MPI_Send(get_send_buffer(), count, datatype, 1, tag, get_measurement_comm());
  } else {
    MPI_Recv(get_recv_buffer(), count, datatype, 0, tag,
             get_measurement_comm(), &status);
    start_time = MPI_Wtime();
    for (i=0; i<iterations; i++) {
      MPI_Send(get_send_buffer(), count, datatype, 0, tag,
               get_measurement_comm());
      MPI_Recv(get_recv_buffer(), count, datatype, 0, tag,
               get_measurement_comm(), &status);
    }
    end_time = MPI_Wtime();
  }
  return (end_time - start_time)/iterations;
}

/* Verification (skampi -v; skampi's side, not SKaMPI 5 API): after the ping-pongs each of
** ranks 0 and 1 holds the other's pattern-filled send buffer. */
static void check_Skampi5_Pingpong_Send_Recv(sk_mctx *m, const sk_value *args)
{
  (void)args;
  if (m->arg.iterations > 0 && m->rank <= 1)
    sk_mpi_verify_block(m, "receive buffer", m->recv_buf, m->arg.count, m->arg.datatype, m->arg.count,
                        m->arg.datatype, 1 - m->rank, 0);
}

/* The adapters (skampi's side): the context made current, the arguments passed by name
** (m->arg, filled from the row's signature) as the SKaMPI 5 parameter types. */
static void sk5_init_Skampi5_Pingpong_Send_Recv(sk_mctx *m, const sk_value *args)
{
  sk_mctx *prev = sk5_context(SK5_SET, m);
  (void)args;
  init_Skampi5_Pingpong_Send_Recv((int)m->arg.count, m->arg.datatype->mpi, (int)m->arg.tag, (int)m->arg.iterations);
  sk5_context(SK5_SET, prev);
}

static double sk5_measure_Skampi5_Pingpong_Send_Recv(sk_mctx *m, const sk_value *args)
{
  sk_mctx *prev = sk5_context(SK5_SET, m);
  double t = measure_Skampi5_Pingpong_Send_Recv((int)m->arg.count, m->arg.datatype->mpi, (int)m->arg.tag,
                                                (int)m->arg.iterations);
  (void)args;
  sk5_context(SK5_SET, prev);
  return t;
}
#endif /* SKAMPI_MPI */

static const sk_measurement skampi5_example_table[] = {
  SK_ROW_MPI("Skampi5_Pingpong_Send_Recv", "count:i datatype:t tag:i iterations:i", SK_PATTERN_P2P, 2, 0,
             sk5_measure_Skampi5_Pingpong_Send_Recv, sk5_init_Skampi5_Pingpong_Send_Recv, NULL,
             NULL, check_Skampi5_Pingpong_Send_Recv, NULL),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_skampi5_example(void)
{
  return skampi5_example_table;
}
