/*
** mpi_objects.h -- the library objects the input language makes besides messages:
** derived datatypes, process topologies (the rank order of cartesian and graph
** communicators), info objects, the hints of an MPI-IO file, and the library's integer
** constants of the language (SKaMPI 5 manual §4.1, §5.2). The only place besides the
** transport backends that calls MPI for them (language/builtins_types.c and
** builtins_io.c use it). Where the build lacks the library objects the SK_MO_HAVE_*
** macros are 0 and the functions that remain do what the backend can (dims_create
** computes itself, info objects are tokens, topologies keep the order).
**   SK_MO_HAVE_TYPES      MPI: derived datatypes (sk_datatype.mpi exists)
**   SK_MO_HAVE_SUBARRAY   MPI-2 with MPI_ORDER_C: subarray and darray types
**   SK_MO_HAVE_INFO       MPI-2: info objects and MPI_Alloc_mem
**   SK_MO_HAVE_TOPOLOGIES MPI: the library may reorder a topology's processes
**   SK_MO_HAVE_FILES      MPI-IO (SK_HAVE_MPI_IO)
*/
#ifndef SK_MPI_OBJECTS_H
#define SK_MPI_OBJECTS_H

#include "base.h"
#include "transport.h"

#ifdef SKAMPI_MPI
#define SK_MO_HAVE_TYPES 1
#define SK_MO_HAVE_TOPOLOGIES 1
typedef MPI_Datatype sk_mo_type;
#else
#define SK_MO_HAVE_TYPES 0
#define SK_MO_HAVE_TOPOLOGIES 0
#endif
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
#define SK_MO_HAVE_INFO 1
#else
#define SK_MO_HAVE_INFO 0
#endif
#if SK_MO_HAVE_INFO && defined(MPI_ORDER_C)
#define SK_MO_HAVE_SUBARRAY 1
/* The distributions of a darray (mpi_type_create_darray's checks). */
#define SK_MO_DISTRIBUTE_BLOCK MPI_DISTRIBUTE_BLOCK
#define SK_MO_DISTRIBUTE_CYCLIC MPI_DISTRIBUTE_CYCLIC
#define SK_MO_DISTRIBUTE_NONE MPI_DISTRIBUTE_NONE
#define SK_MO_DISTRIBUTE_DFLT_DARG MPI_DISTRIBUTE_DFLT_DARG
#else
#define SK_MO_HAVE_SUBARRAY 0
#endif
#define SK_MO_HAVE_FILES SK_HAVE_MPI_IO
/* The MPI level the build uses (SK_MPI_LEVEL), 0 without MPI. */
#ifdef SKAMPI_MPI
#define SK_MO_LEVEL SK_MPI_LEVEL
#else
#define SK_MO_LEVEL 0
#endif

/* ---- derived datatypes (MPI: made, not yet committed, into *t) ---- */
#if SK_MO_HAVE_TYPES
SK_API void sk_mo_type_contiguous(int count, sk_mo_type old, sk_mo_type *t);
SK_API void sk_mo_type_vector(int count, int blocklen, int stride, sk_mo_type old, sk_mo_type *t);
SK_API void sk_mo_type_hvector(int count, int blocklen, long stride_bytes, sk_mo_type old, sk_mo_type *t);
SK_API void sk_mo_type_indexed(int n, const int *blocklens, const int *displs, sk_mo_type old, sk_mo_type *t);
SK_API void sk_mo_type_hindexed(int n, const int *blocklens, const long *displ_bytes, sk_mo_type old, sk_mo_type *t);
SK_API void sk_mo_type_struct(int n, const int *blocklens, const long *displ_bytes, const sk_mo_type *types,
                              sk_mo_type *t);
#if SK_MO_HAVE_SUBARRAY
/* C order. */
SK_API void sk_mo_type_subarray(int n, const int *sizes, const int *subsizes, const int *starts, sk_mo_type old,
                                sk_mo_type *t);
SK_API void sk_mo_type_darray(int size, int rank, int n, const int *gsizes, const int *distribs, const int *dargs,
                              const int *psizes, sk_mo_type old, sk_mo_type *t);
#endif
SK_API void sk_mo_type_commit(sk_mo_type *t);
/* The library's description of a committed type: bytes of data, lower bound, extent. */
SK_API void sk_mo_type_describe(sk_mo_type t, long *size, long *lb, long *extent);
/* MPI_LB and MPI_UB where the library still has them (before MPI-3): 1 and the type. */
SK_API int sk_mo_bound_marker(const char *name, sk_mo_type *t);
#endif

/* ---- process topologies ----
** Collective over the members of g: every member learns newrank[i], the rank that member
** i of g has in the cartesian (graph) communicator the library makes from g with
** reordering allowed, -1 where the library leaves it out. Returns 0 (newrank untouched)
** where the build has no library topologies. */
SK_API int sk_mo_cart_ranks(const sk_group *g, int ndims, const int *dims, const int *periods, int *newrank);
SK_API int sk_mo_graph_ranks(const sk_group *g, int nnodes, const int *index, const int *edges, int *newrank);
/* MPI_Dims_create: the zero entries of dims (ndims >= 1) get a balanced factorisation of
** what nnodes leaves after the fixed ones (which divide it), largest first. Without MPI
** the same is computed here. */
SK_API void sk_mo_dims_create(int nnodes, int ndims, int *dims);

/* ---- info objects: an MPI_Info* with MPI-2, otherwise a token without effect ---- */
SK_API void *sk_mo_info_create(void);
/* The handle memory stays: copies of the language value may live on. */
SK_API void sk_mo_info_free(void *info);
SK_API void sk_mo_info_set(void *info, const char *key, const char *value);

/* ---- files ----
** Collective over the world: every process opens a scratch file of dir (delete on close)
** on the world with the n hints and appends the hints the library reports to out, as
** "#P[rank] key = value" lines; without MPI-IO a line saying so. */
SK_API void sk_mo_file_hints(const char *dir, int n, const char *const *keys, const char *const *values, sk_str *out);

/* ---- the library's integer constants of the language (SKaMPI 5 manual §5.2) ----
** MPI_UNDEFINED everywhere (-32766 without MPI), window constants from MPI-2 on, file
** and darray constants where the library has MPI-IO. 1 and the value, 0 if this build
** has no such constant. */
SK_API int sk_mo_int_constant(const char *name, long *value);

#endif
