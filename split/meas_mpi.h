/*
** meas_mpi.h -- helpers shared by the MPI-only measurement modules (meas_mpi_*.c),
** defined in meas_mpi_misc.c, and the tables the modules export.
**
** Argument checks: each sk_mpi_check_* returns 1 when the argument is fine; otherwise it
** calls sk_meas_fail() with a message naming the measurement function and the
** parameter, and returns 0. After a failure the later checks do nothing (the first
** message is kept), so an init function may run several checks and then test
** m->failed once. The checks depend only on the arguments and the communicator size,
** which are the same on every process, so all processes agree on the outcome and a
** collective init step (a window creation) is either done by all or by none.
*/
#ifndef SK_MEAS_MPI_H
#define SK_MEAS_MPI_H

#include "measure.h"

#ifdef SKAMPI_MPI
/* Bytes that `count` elements of `dt` occupy in a buffer (SKaMPI 5 manual §6.2.2 get_extent). */
SK_API size_t sk_mpi_bytes(long count, const sk_datatype *dt);
/* Bytes of data in `count` elements: the reported message size (§6.2 set_reported_message_size). */
SK_API long sk_mpi_data_bytes(long count, const sk_datatype *dt);

/* The measurement communicator of the context. */
SK_API MPI_Comm sk_mpi_comm(const sk_mctx *m);
/* A 'd' parameter (integers are accepted there). */
SK_API double sk_mpi_arg_double(const sk_value *v);
/* Spins on MPI_Wtime for `microseconds` without making any other MPI call: the
** simulated computation or delay of SKaMPI 5 manual §3.3 (delay_us, compute). */
SK_API void sk_mpi_busy_wait(double microseconds);

/* 0 <= value <= INT_MAX (counts, iterations, message numbers). */
SK_API int sk_mpi_check_count(sk_mctx *m, const char *fn, const char *what, long value);
/* 0 <= rank < communicator size. */
SK_API int sk_mpi_check_rank(sk_mctx *m, const char *fn, const char *what, long rank);
/* 0 <= tag <= MPI_TAG_UB of the measurement communicator. */
SK_API int sk_mpi_check_tag(sk_mctx *m, const char *fn, const char *what, long tag);
/* The communicator has at least `min` processes. */
SK_API int sk_mpi_check_procs(sk_mctx *m, const char *fn, int min);
/* Buffer bytes for `blocks` blocks of `count` elements, failing instead of overflowing;
** when `displaced` is set the element offset blocks*count must also fit an int (the
** displacements of the v-variants are ints). Returns 0 after a failure. */
SK_API size_t sk_mpi_block_bytes(sk_mctx *m, const char *fn, long count, const sk_datatype *dt,
                                 long blocks, int displaced);
/* A matching send and receive must carry the same number of data bytes. */
SK_API int sk_mpi_check_same_data(sk_mctx *m, const char *fn, long send_count, const sk_datatype *send_dt,
                                  long recv_count, const sk_datatype *recv_dt);
/* The predefined operator may be applied to the datatype (MPI-1.1 §4.9.2: MAX/MIN/SUM/
** PROD on integers and floating point, logical ops on integers, bitwise ops on integers
** and MPI_BYTE, MINLOC/MAXLOC on the pair types; with one-sided communication also
** MPI_REPLACE on any predefined type). Derived datatypes are refused. */
SK_API int sk_mpi_check_op(sk_mctx *m, const char *fn, const sk_opdef *op, const sk_datatype *dt,
                           int allow_replace);

/* Integer division of `total` elements over `parts` processes: rank gets total/parts,
** the first total%parts ranks one more (used by Reduce_scatter and Reduce_Scatterv). */
SK_API int sk_mpi_share(long total, int parts, int rank);

/* The tables (NULL-terminated) of the modules. */
SK_API const sk_measurement *sk_meas_table_mpi_p2p(void);
SK_API const sk_measurement *sk_meas_table_mpi_coll(void);
SK_API const sk_measurement *sk_meas_table_mpi_onesided(void);
SK_API const sk_measurement *sk_meas_table_mpi_misc(void);
#endif

#endif
