/*
** skampi5_compat.h -- SKaMPI 5 extensions in skampi: the accessor API of SKaMPI 5 manual
** §6.1-§6.2.2 (get_measurement_comm, get_send_buffer, set_send_buffer_usage, ...) mapped
** onto skampi's measurement context (measure.h), and what turns a SKaMPI 5 measurement
** (init_NAME / measure_NAME / finalize_NAME, no context argument, §6.2) into a row: one
** adapter per function that makes the context current (sk5_context) and passes the
** values (SK5_ARG_<type>). How to write one, patterns and names: doc/internals.md,
** "SKaMPI 5 extensions" and "measurements".
*/
#ifndef SK_SKAMPI5_COMPAT_H
#define SK_SKAMPI5_COMPAT_H

#include "meas_mpi.h"

#ifdef SKAMPI_MPI

/* The current context: sk5_context(SK5_SET, m) makes m current and returns the previous
** one (the adapters restore it); sk5_context(SK5_GET, NULL) returns the current one and
** stops the program when a SKaMPI 5 accessor is called outside a measurement. */
#define SK5_GET 0
#define SK5_SET 1
SK_API sk_mctx *sk5_context(int op, sk_mctx *m);
/* get_extent (§6.2.2): bytes that count elements of dt span, count * extent, 0 for
** count <= 0. Like SKaMPI 5's, it may be wrong for datatypes with holes or odd bounds. */
SK_API MPI_Aint sk5_extent(long count, MPI_Datatype dt);

#define SK5_CTX (sk5_context(SK5_GET, NULL))

/* ---- the accessor API of SKaMPI 5 manual §6.1-§6.2.2 ---- */
#define get_measurement_comm() sk_mpi_comm(SK5_CTX)
#define get_measurement_rank() (SK5_CTX->rank)
#define get_measurement_size() (SK5_CTX->size)
#define get_send_buffer() ((void *)SK5_CTX->send_buf)
#define get_recv_buffer() ((void *)SK5_CTX->recv_buf)
#define set_send_buffer_usage(bytes) ((void)(SK5_CTX->send_usage = (size_t)(bytes)))
#define get_send_buffer_usage() ((MPI_Aint)SK5_CTX->send_usage)
#define set_recv_buffer_usage(bytes) ((void)(SK5_CTX->recv_usage = (size_t)(bytes)))
#define get_recv_buffer_usage() ((MPI_Aint)SK5_CTX->recv_usage)
#define set_reported_message_size(bytes) ((void)(SK5_CTX->reported_size = (long)(bytes)))
#define get_reported_message_size() ((MPI_Aint)SK5_CTX->reported_size)
#define get_extent(count, dt) sk5_extent((long)(count), (dt))
/* §6.2.1: skampi's engine keeps the clock offsets itself, so init_synchronization has
** nothing to do; start/stop return the local time like SKaMPI 5's. */
#define init_synchronization() ((void)0)
#define start_synchronization() sk_sync_start(SK5_CTX)
#define stop_synchronization() sk_sync_stop(SK5_CTX)
/* §6.2.2 allocation helpers: the program stops when the memory is not there (SKaMPI 5
** asserts); the mpi_malloc family of SKaMPI 5's sources is plain malloc here too. */
#define malloc_doubles(n) ((double *)sk_malloc((size_t)(n) * sizeof(double)))
#define malloc_ints(n) ((int *)sk_malloc((size_t)(n) * sizeof(int)))
#define malloc_chars(n) ((char *)sk_malloc((size_t)(n)))
#define malloc_reqs(n) ((MPI_Request *)sk_malloc((size_t)(n) * sizeof(MPI_Request)))
#define mpi_malloc(bytes) sk_malloc((size_t)(bytes))
#define mpi_malloc_chars(n) malloc_chars(n)
#define mpi_malloc_ints(n) malloc_ints(n)
#define mpi_free(p) free(p)
/* §6.2.2 arithmetic (macros: arguments may be evaluated twice). */
#define imax2(a, b) ((a) > (b) ? (a) : (b))
#define imin2(a, b) ((a) < (b) ? (a) : (b))
#define imax3(a, b, c) imax2(imax2((a), (b)), (c))
#define fmax2(a, b) ((double)(a) > (double)(b) ? (double)(a) : (double)(b))
#define fmin2(a, b) ((double)(a) < (double)(b) ? (double)(a) : (double)(b))
#define fsqr(x) ((double)(x) * (double)(x))

/* ---- arguments: an sk_value as the SKaMPI 5 parameter type ---- */
#define SK5_ARG_int(v) ((int)(v)->u.i)
#define SK5_ARG_long(v) ((v)->u.i)
#define SK5_ARG_double(v) sk_mpi_arg_double(v)
#define SK5_ARG_MPI_Datatype(v) ((v)->u.dt->mpi)
#define SK5_ARG_MPI_Comm(v) ((v)->u.comm ? sk_tp_group_mpi_comm((v)->u.comm) : MPI_COMM_NULL)
#define SK5_ARG_MPI_Op(v) ((v)->u.op->mpi)
#define SK5_ARG_MPI_Info(v) ((v)->u.info ? *(MPI_Info *)(v)->u.info : MPI_INFO_NULL)

#endif /* SKAMPI_MPI */

#endif
