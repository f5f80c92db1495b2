/*
** skampi5_compat.h -- SKaMPI 5 extensions in skampi: the accessor API of SKaMPI 5 manual
** §6.1-§6.2.2 (get_measurement_comm, get_send_buffer, set_send_buffer_usage,
** set_reported_message_size, start_synchronization, get_extent, malloc_ints, imax2, ...)
** mapped onto skampi's measurement context (measure.h), and the macros that turn a
** SKaMPI 5 measurement -- init_NAME / measure_NAME / finalize_NAME with the parameters of
** the input language and no context argument (§6.2) -- into a registry row.
**
** SKaMPI 5 functions find their communicator and buffers through global accessors;
** skampi's get an sk_mctx. The adapters that SK5_MEASUREMENT_n generates take
** (sk_mctx *, const sk_value *), make the context the current one (sk5_context), unpack
** the arguments into the SKaMPI 5 types and call the user's functions; the accessors
** below read and write that current context. A SKaMPI 5 extension is therefore its
** file in split/ (the functions unchanged, under #ifdef SKAMPI_MPI), one
** SK5_MEASUREMENT_n line naming the signature, and one SK5_ROW in the file's table:
**
**   SK5_MEASUREMENT_3(Foo, init_Foo, NULL, int, count, MPI_Datatype, datatype, int, root);
**   ... SK5_ROW(Foo, SK_PATTERN_COLLECTIVE, 1), SK_MEASUREMENT_END ...
**
** INIT and FINALIZE are init_Foo / finalize_Foo or NULL (both are optional, §6.2);
** measure_Foo must exist. The typedefs the adapters make check that the three functions
** have exactly the signature named. Parameter types: int, long, double, MPI_Datatype,
** MPI_Comm, MPI_Op, MPI_Info (as in SKaMPI 5's input language, §5.1; strings are not
** supported). Up to 8 parameters: SK5_MEASUREMENT_0 .. SK5_MEASUREMENT_8.
**
** Pattern (measure.h): SKaMPI 5 calls measure_ on every process of the measurement
** communicator, which is SK_PATTERN_COLLECTIVE; a two-process function whose other
** ranks must stay out (like the manual's ping-pong, whose else-branch would wait
** forever on rank 2) uses SK_PATTERN_P2P with MIN_PROCS 2 (ranks > 1 then report no
** time, as §6.2 asks of processes without a meaningful time).
**
** Names: the amalgam is one translation unit, so NAME (and with it init_/measure_/
** finalize_NAME) must differ from every skampi measurement (e.g. not Pingpong_Send_Recv;
** meas_skampi5_example.c calls the manual's example Skampi5_Pingpong_Send_Recv). The
** accessors are macros (a few expand to calls of the helpers below, which the example
** keeps in use: in the amalgam an uncalled static function is a warning).
*/
#ifndef SK_SKAMPI5_COMPAT_H
#define SK_SKAMPI5_COMPAT_H

#include "meas_mpi.h"

/* Parameter letters (measure.h) of the SKaMPI 5 parameter types; every build. */
#define SK5_LETTER_int "i"
#define SK5_LETTER_long "i"
#define SK5_LETTER_double "d"
#define SK5_LETTER_MPI_Datatype "t"
#define SK5_LETTER_MPI_Comm "c"
#define SK5_LETTER_MPI_Op "o"
#define SK5_LETTER_MPI_Info "n"

/* The row of measurement NAME, declared by SK5_MEASUREMENT_n (every build; without MPI
** the row has no functions and says that it needs an MPI library). */
#define SK5_ROW(NAME, PATTERN, MIN_PROCS) \
  { #NAME, sk5_params_##NAME, PATTERN, SK_IF_MPI(sk5_init_##NAME), SK_IF_MPI(sk5_measure_##NAME), \
    SK_IF_MPI(sk5_finalize_##NAME), MIN_PROCS, "an MPI library", sk5_names_##NAME, NULL }

/* The row's parameter letters and names; ends without ';' (the user's line has it). */
#define SK5_STRINGS(NAME, LETTERS, NAMES) \
  static const char sk5_params_##NAME[] = LETTERS; \
  static const char sk5_names_##NAME[] = NAMES

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

/* The three adapters of NAME. TYPES is the parenthesised parameter type list, CALL the
** parenthesised argument list unpacked from `a`. */
#define SK5_ADAPTERS(NAME, INIT, FINALIZE, TYPES, CALL) \
  typedef void (*sk5_void_fn_##NAME) TYPES; \
  typedef double (*sk5_double_fn_##NAME) TYPES; \
  static void sk5_init_##NAME(sk_mctx *m, const sk_value *a) \
  { \
    sk5_void_fn_##NAME f = INIT; \
    sk_mctx *prev = sk5_context(SK5_SET, m); \
    (void)a; \
    if (f) f CALL; \
    sk5_context(SK5_SET, prev); \
  } \
  static double sk5_measure_##NAME(sk_mctx *m, const sk_value *a) \
  { \
    sk5_double_fn_##NAME f = measure_##NAME; \
    sk_mctx *prev = sk5_context(SK5_SET, m); \
    double t; \
    (void)a; \
    t = f CALL; \
    sk5_context(SK5_SET, prev); \
    return t; \
  } \
  static void sk5_finalize_##NAME(sk_mctx *m, const sk_value *a) \
  { \
    sk5_void_fn_##NAME f = FINALIZE; \
    sk_mctx *prev = sk5_context(SK5_SET, m); \
    (void)a; \
    if (f) f CALL; \
    sk5_context(SK5_SET, prev); \
  }
#else
#define SK5_ADAPTERS(NAME, INIT, FINALIZE, TYPES, CALL)
#endif /* SKAMPI_MPI */

/* SK5_MEASUREMENT_n(NAME, INIT, FINALIZE, TYPE1, NAME1, ..., TYPEn, NAMEn): the adapters
** (MPI build) and the row's strings of a SKaMPI 5 measurement with n parameters. */
#define SK5_MEASUREMENT_0(N, I, F) \
  SK5_ADAPTERS(N, I, F, (void), ()) \
  SK5_STRINGS(N, "", "")
#define SK5_MEASUREMENT_1(N, I, F, T1, A1) \
  SK5_ADAPTERS(N, I, F, (T1), (SK5_ARG_##T1(&a[0]))) \
  SK5_STRINGS(N, SK5_LETTER_##T1, #A1)
#define SK5_MEASUREMENT_2(N, I, F, T1, A1, T2, A2) \
  SK5_ADAPTERS(N, I, F, (T1, T2), (SK5_ARG_##T1(&a[0]), SK5_ARG_##T2(&a[1]))) \
  SK5_STRINGS(N, SK5_LETTER_##T1 SK5_LETTER_##T2, #A1 " " #A2)
#define SK5_MEASUREMENT_3(N, I, F, T1, A1, T2, A2, T3, A3) \
  SK5_ADAPTERS(N, I, F, (T1, T2, T3), (SK5_ARG_##T1(&a[0]), SK5_ARG_##T2(&a[1]), SK5_ARG_##T3(&a[2]))) \
  SK5_STRINGS(N, SK5_LETTER_##T1 SK5_LETTER_##T2 SK5_LETTER_##T3, #A1 " " #A2 " " #A3)
#define SK5_MEASUREMENT_4(N, I, F, T1, A1, T2, A2, T3, A3, T4, A4) \
  SK5_ADAPTERS(N, I, F, (T1, T2, T3, T4), (SK5_ARG_##T1(&a[0]), SK5_ARG_##T2(&a[1]), SK5_ARG_##T3(&a[2]), \
               SK5_ARG_##T4(&a[3]))) \
  SK5_STRINGS(N, SK5_LETTER_##T1 SK5_LETTER_##T2 SK5_LETTER_##T3 SK5_LETTER_##T4, \
              #A1 " " #A2 " " #A3 " " #A4)
#define SK5_MEASUREMENT_5(N, I, F, T1, A1, T2, A2, T3, A3, T4, A4, T5, A5) \
  SK5_ADAPTERS(N, I, F, (T1, T2, T3, T4, T5), (SK5_ARG_##T1(&a[0]), SK5_ARG_##T2(&a[1]), SK5_ARG_##T3(&a[2]), \
               SK5_ARG_##T4(&a[3]), SK5_ARG_##T5(&a[4]))) \
  SK5_STRINGS(N, SK5_LETTER_##T1 SK5_LETTER_##T2 SK5_LETTER_##T3 SK5_LETTER_##T4 SK5_LETTER_##T5, \
              #A1 " " #A2 " " #A3 " " #A4 " " #A5)
#define SK5_MEASUREMENT_6(N, I, F, T1, A1, T2, A2, T3, A3, T4, A4, T5, A5, T6, A6) \
  SK5_ADAPTERS(N, I, F, (T1, T2, T3, T4, T5, T6), (SK5_ARG_##T1(&a[0]), SK5_ARG_##T2(&a[1]), \
               SK5_ARG_##T3(&a[2]), SK5_ARG_##T4(&a[3]), SK5_ARG_##T5(&a[4]), SK5_ARG_##T6(&a[5]))) \
  SK5_STRINGS(N, SK5_LETTER_##T1 SK5_LETTER_##T2 SK5_LETTER_##T3 SK5_LETTER_##T4 SK5_LETTER_##T5 \
              SK5_LETTER_##T6, #A1 " " #A2 " " #A3 " " #A4 " " #A5 " " #A6)
#define SK5_MEASUREMENT_7(N, I, F, T1, A1, T2, A2, T3, A3, T4, A4, T5, A5, T6, A6, T7, A7) \
  SK5_ADAPTERS(N, I, F, (T1, T2, T3, T4, T5, T6, T7), (SK5_ARG_##T1(&a[0]), SK5_ARG_##T2(&a[1]), \
               SK5_ARG_##T3(&a[2]), SK5_ARG_##T4(&a[3]), SK5_ARG_##T5(&a[4]), SK5_ARG_##T6(&a[5]), \
               SK5_ARG_##T7(&a[6]))) \
  SK5_STRINGS(N, SK5_LETTER_##T1 SK5_LETTER_##T2 SK5_LETTER_##T3 SK5_LETTER_##T4 SK5_LETTER_##T5 \
              SK5_LETTER_##T6 SK5_LETTER_##T7, #A1 " " #A2 " " #A3 " " #A4 " " #A5 " " #A6 " " #A7)
#define SK5_MEASUREMENT_8(N, I, F, T1, A1, T2, A2, T3, A3, T4, A4, T5, A5, T6, A6, T7, A7, T8, A8) \
  SK5_ADAPTERS(N, I, F, (T1, T2, T3, T4, T5, T6, T7, T8), (SK5_ARG_##T1(&a[0]), SK5_ARG_##T2(&a[1]), \
               SK5_ARG_##T3(&a[2]), SK5_ARG_##T4(&a[3]), SK5_ARG_##T5(&a[4]), SK5_ARG_##T6(&a[5]), \
               SK5_ARG_##T7(&a[6]), SK5_ARG_##T8(&a[7]))) \
  SK5_STRINGS(N, SK5_LETTER_##T1 SK5_LETTER_##T2 SK5_LETTER_##T3 SK5_LETTER_##T4 SK5_LETTER_##T5 \
              SK5_LETTER_##T6 SK5_LETTER_##T7 SK5_LETTER_##T8, \
              #A1 " " #A2 " " #A3 " " #A4 " " #A5 " " #A6 " " #A7 " " #A8)

#endif
