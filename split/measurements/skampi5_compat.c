/*
** skampi5_compat.c -- the run-time part of skampi5_compat.h: the current measurement
** context of SKaMPI 5's accessors (SKaMPI 5 manual §6.2.2) and get_extent. MPI build
** only; a build without MPI has SKaMPI 5 rows without functions (skampi5_compat.h).
*/
#include "skampi5_compat.h"

#ifdef SKAMPI_MPI

/* The context of the SKaMPI 5 function running now (NULL outside): set by the adapters
** for the duration of one init_, measure_ or finalize_ call. */
static sk_mctx *sk5_current = NULL;

SK_API sk_mctx *sk5_context(int op, sk_mctx *m)
{
  sk_mctx *prev = sk5_current;
  if (op == SK5_SET) {
    sk5_current = m;
    return prev;
  }
  if (prev == NULL)
    sk_fatal("a SKaMPI 5 accessor (get_send_buffer, get_measurement_comm, ...) was called "
             "outside an init_, measure_ or finalize_ function");
  return prev;
}

SK_API MPI_Aint sk5_extent(long count, MPI_Datatype dt)
{
  long size = 0, lb = 0, extent = 0;
  sk_mo_type_describe(dt, &size, &lb, &extent);
  if (count <= 0 || extent <= 0) return 0;
  return (MPI_Aint)count * extent;
}

#endif
