/*
** value.h -- the dynamically typed values of the input language (SKaMPI 5 manual §5.1):
** integer, double, string, communicator, datatype, reduction operator, info; and the
** tables of predefined datatypes and operators (§5.2). On the RCCE and sequential
** backends datatypes are described by their size only; with MPI they carry the handle.
*/
#ifndef SK_VALUE_H
#define SK_VALUE_H

#include "transport.h"

typedef enum sk_type {
  SK_T_NONE = 0, SK_T_INT, SK_T_DOUBLE, SK_T_STRING, SK_T_COMM, SK_T_DATATYPE,
  SK_T_OP, SK_T_INFO
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
  } u;
} sk_value;

SK_API const char *sk_type_name(sk_type t);
SK_API sk_value sk_int_value(long i);
SK_API sk_value sk_double_value(double d);
SK_API double sk_value_as_double(const sk_value *v);
/* Value as written in output lines and translations ("MPI_INT", "42", "1.5"). */
SK_API void sk_value_format(sk_str *out, const sk_value *v);

/* Predefined datatypes and operators: lookup by name, NULL if unknown. */
SK_API const sk_datatype *sk_datatype_lookup(const char *name);
SK_API const sk_opdef *sk_op_lookup(const char *name);
/* A derived datatype (mpi_type_contiguous & co), kept for the rest of the run. */
SK_API sk_datatype *sk_datatype_new(const char *name, size_t size, size_t extent);

#endif
