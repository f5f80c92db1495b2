/*
** value.h -- the dynamically typed values of the input language (SKaMPI 5 manual §5.1):
** integer, double, string, communicator, datatype, reduction operator, info; and the
** tables of predefined datatypes and operators (§5.2). On the RCCE and sequential
** backends datatypes are described by their size only; with MPI they carry the handle.
** Arrays (the `{a, b, ...}` literals of SKaMPI 6 input files): an integer array (IArray,
** `{}` is an empty one) and a datatype array (DArray).
*/
#ifndef SK_VALUE_H
#define SK_VALUE_H

#include "transport.h"

typedef enum sk_type {
  SK_T_NONE = 0, SK_T_INT, SK_T_DOUBLE, SK_T_STRING, SK_T_COMM, SK_T_DATATYPE,
  SK_T_OP, SK_T_INFO, SK_T_IARRAY, SK_T_DARRAY
} sk_type;

typedef struct sk_datatype {
  const char *name;
  size_t size;          /* bytes of data in one element */
  size_t extent;        /* bytes one element spans in a buffer (>= size for derived types) */
#ifdef SKAMPI_MPI
  MPI_Datatype mpi;
#endif
} sk_datatype;

typedef struct sk_opdef {
  const char *name;
#ifdef SKAMPI_MPI
  MPI_Op mpi;
#endif
} sk_opdef;

struct sk_array;

typedef struct sk_value {
  sk_type type;
  union {
    long i;
    double d;
    const char *s;              /* strings are owned by the program tree or interned */
    sk_group *comm;
    const sk_datatype *dt;
    const sk_opdef *op;
    void *info;                 /* MPI_Info* with MPI-2, otherwise an opaque token */
    struct sk_array *arr;       /* SK_T_IARRAY, SK_T_DARRAY: use the sk_array_* API */
  } u;
} sk_value;

SK_API const char *sk_type_name(sk_type t);
/* The type of a parameter letter of a measurement or helper signature (measure.h: i d s
** c t o n a e); SK_T_NONE for any other letter (no check). */
SK_API sk_type sk_type_of_letter(int letter);
SK_API sk_value sk_int_value(long i);
SK_API sk_value sk_double_value(double d);
SK_API double sk_value_as_double(const sk_value *v);

/* ---- exact integer arithmetic ----
** The input language's integers are longs (64 bits on LP64 targets, 32 bits on -m32 and
** the SCC's P54C). Each operation below gives the exact result in *r and returns 1, or
** returns 0 and leaves *r alone when the exact result is not a long; the checks are made
** in integer arithmetic against LONG_MIN and LONG_MAX (never in double), so they are
** exact for every width. Division truncates toward zero and the remainder has the sign of
** the dividend (as C99 prescribes, on every C89 compiler): 7 / -2 == -3, -7 % 2 == -1.
** The divisor of sk_long_div and sk_long_mod must not be 0 (the caller reports that).
**   long r;
**   sk_long_add(LONG_MAX, 1, &r) == 0;   sk_long_div(LONG_MIN, -1, &r) == 0;
**   sk_long_mod(LONG_MIN, -1) == 0;      sk_long_mul(-3037000499L, 3037000499L, &r) == 1 */
SK_API int sk_long_add(long a, long b, long *r);
SK_API int sk_long_sub(long a, long b, long *r);
SK_API int sk_long_mul(long a, long b, long *r);
SK_API int sk_long_neg(long a, long *r);
SK_API int sk_long_div(long a, long b, long *r);
SK_API long sk_long_mod(long a, long b);
/* The long that a double holds: 1 and x truncated toward zero in *r when that fits, 0
** when x is NaN or outside [LONG_MIN, LONG_MAX] (compared with the powers of two
** -LONG_MIN and LONG_MIN, which every double holds exactly). */
SK_API int sk_long_of_double(double x, long *r);
/* 1 when the double (double)a equals a: every |a| <= 2^53, and larger ones only when
** they are multiples of a power of two that the 53-bit mantissa can carry. */
SK_API int sk_long_fits_double(long a);
/* Value as written in output lines and translations ("MPI_INT", "42", "1.5"). */
SK_API void sk_value_format(sk_str *out, const sk_value *v);

/* Predefined datatypes and operators: lookup by name, NULL if unknown. */
SK_API const sk_datatype *sk_datatype_lookup(const char *name);
SK_API const sk_opdef *sk_op_lookup(const char *name);
/* The i-th predefined datatype or operator of this build (0, 1, ...: the datatypes, then
** the operators), NULL past the last: the parser's "did you mean" walks them. */
SK_API const char *sk_value_predefined_name(int i);
/* Under a simulator (SK_SIMULATED), where every rank is a thread of one process: rank 0's
** table of the predefined datatypes and operators (sk_value_share, an opaque pointer),
** which another rank then uses instead of its own (sk_value_adopt, before its first
** lookup; one that has looked up keeps its own). The run passes it at its start (cli/run.c). */
SK_API void *sk_value_share(void);
SK_API void sk_value_adopt(void *rank0s);
/* A derived datatype (mpi_type_contiguous & co), kept for the rest of the run. */
SK_API sk_datatype *sk_datatype_new(const char *name, size_t size, size_t extent);
/* The library's handles of the derived datatypes go back to it (before MPI_Finalize);
** the datatypes themselves stay valid as names. */
SK_API void sk_datatypes_release(void);

/* ---- arrays ----
** An array value (SK_T_IARRAY or SK_T_DARRAY) points to an sk_array that lives until the
** end of the run (like derived datatypes; values are copied freely and never freed one by
** one). Elements are numbered from 0. Parameter letters for helpers and measurements:
** 'a' an IArray, 'e' a DArray (the letters of the original's interfaces).
**   sk_value v = sk_iarray_new(3);           three zeros
**   sk_iarray_set(&v, 0, 42);  sk_iarray_get(&v, 0) == 42;  sk_array_length(&v) == 3
**   sk_value t = sk_darray_new(2);           two NULL entries, to be set
**   sk_darray_set(&t, 1, sk_datatype_lookup("MPI_INT"));
** get/set with an index out of range or on the wrong kind of value end the run through
** sk_fatal (a program error; helpers check user indices themselves first).
** Copies of a value share its array (`b = a` in a .ski file): a helper that returns a
** changed array makes a new one rather than setting elements of its argument. Every
** evaluation of a `{...}` literal makes a new array; they are freed only at exit. */
typedef struct sk_array {
  size_t n;
  long *ints;                   /* IArray: n integers (NULL when n == 0) */
  const sk_datatype **types;    /* DArray: n datatypes */
} sk_array;

SK_API sk_value sk_iarray_new(size_t n);
SK_API sk_value sk_darray_new(size_t n);
SK_API size_t sk_array_length(const sk_value *v);
SK_API long sk_iarray_get(const sk_value *v, size_t i);
SK_API void sk_iarray_set(sk_value *v, size_t i, long x);
SK_API const sk_datatype *sk_darray_get(const sk_value *v, size_t i);
SK_API void sk_darray_set(sk_value *v, size_t i, const sk_datatype *t);
/* 1 when both arrays have the same kind, length and elements. */
SK_API int sk_array_equal(const sk_value *a, const sk_value *b);

#endif
