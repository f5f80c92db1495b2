/*
** mpi_objects.c -- see mpi_objects.h: derived datatypes, topologies, dims, info objects,
** file hints and the integer constants of the language, made by the library where the
** build has it (moved here from language/builtins.c, which no longer calls MPI).
*/
#include "mpi_objects.h"
#include "io_files.h"

/* ---- derived datatypes ---- */
#if SK_MO_HAVE_TYPES

SK_API void sk_mo_type_contiguous(int count, sk_mo_type old, sk_mo_type *t)
{
  MPI_Type_contiguous(count, old, t);
}

SK_API void sk_mo_type_vector(int count, int blocklen, int stride, sk_mo_type old, sk_mo_type *t)
{
  MPI_Type_vector(count, blocklen, stride, old, t);
}

SK_API void sk_mo_type_hvector(int count, int blocklen, long stride_bytes, sk_mo_type old, sk_mo_type *t)
{
#if SK_MPI_REPLACED_NAMES
  MPI_Type_create_hvector(count, blocklen, (MPI_Aint)stride_bytes, old, t);
#else
  MPI_Type_hvector(count, blocklen, (MPI_Aint)stride_bytes, old, t);
#endif
}

SK_API void sk_mo_type_indexed(int n, const int *blocklens, const int *displs, sk_mo_type old, sk_mo_type *t)
{
  MPI_Type_indexed(n, (int *)blocklens, (int *)displs, old, t);
}

static MPI_Aint *mo_aints(int n, const long *v)
{
  MPI_Aint *a = (MPI_Aint *)sk_malloc(sizeof(MPI_Aint) * (size_t)(n > 0 ? n : 1));
  int i;
  for (i = 0; i < n; i++) a[i] = (MPI_Aint)v[i];
  return a;
}

SK_API void sk_mo_type_hindexed(int n, const int *blocklens, const long *displ_bytes, sk_mo_type old, sk_mo_type *t)
{
  MPI_Aint *displ = mo_aints(n, displ_bytes);
#if SK_MPI_REPLACED_NAMES
  MPI_Type_create_hindexed(n, (int *)blocklens, displ, old, t);
#else
  MPI_Type_hindexed(n, (int *)blocklens, displ, old, t);
#endif
  free(displ);
}

SK_API void sk_mo_type_struct(int n, const int *blocklens, const long *displ_bytes, const sk_mo_type *types,
                              sk_mo_type *t)
{
  MPI_Aint *displ = mo_aints(n, displ_bytes);
#if SK_MPI_REPLACED_NAMES
  MPI_Type_create_struct(n, (int *)blocklens, displ, (MPI_Datatype *)types, t);
#else
  MPI_Type_struct(n, (int *)blocklens, displ, (MPI_Datatype *)types, t);
#endif
  free(displ);
}

#if SK_MO_HAVE_SUBARRAY
SK_API void sk_mo_type_subarray(int n, const int *sizes, const int *subsizes, const int *starts, sk_mo_type old,
                                sk_mo_type *t)
{
  MPI_Type_create_subarray(n, (int *)sizes, (int *)subsizes, (int *)starts, MPI_ORDER_C, old, t);
}

SK_API void sk_mo_type_darray(int size, int rank, int n, const int *gsizes, const int *distribs, const int *dargs,
                              const int *psizes, sk_mo_type old, sk_mo_type *t)
{
  MPI_Type_create_darray(size, rank, n, (int *)gsizes, (int *)distribs, (int *)dargs, (int *)psizes, MPI_ORDER_C,
                         old, t);
}
#endif

SK_API void sk_mo_type_commit(sk_mo_type *t)
{
  MPI_Type_commit(t);
}

SK_API void sk_mo_type_describe(sk_mo_type t, long *size, long *lb, long *extent)
{
  int sz = 0;
  MPI_Aint l = 0, e = 0;
  MPI_Type_size(t, &sz);
#if SK_MPI_REPLACED_NAMES
  MPI_Type_get_extent(t, &l, &e);
#else
  MPI_Type_lb(t, &l);
  MPI_Type_extent(t, &e);
#endif
  *size = sz;
  *lb = (long)l;
  *extent = (long)e;
}

#if defined(MPI_LB) && defined(MPI_UB) && (!defined(MPI_VERSION) || MPI_VERSION < 3)
SK_API int sk_mo_bound_marker(const char *name, sk_mo_type *t)
{
  if (sk_streq(name, "MPI_LB")) { *t = MPI_LB; return 1; }
  if (sk_streq(name, "MPI_UB")) { *t = MPI_UB; return 1; }
  return 0;
}
#else
SK_API int sk_mo_bound_marker(const char *name, sk_mo_type *t)
{
  (void)name; (void)t;
  return 0;
}
#endif

#endif /* SK_MO_HAVE_TYPES */

/* ---- topologies ---- */

#if SK_MO_HAVE_TOPOLOGIES
/* The members' ranks in topo (MPI_COMM_NULL on the processes left out), gathered. */
static void mo_topology_ranks(MPI_Comm base, MPI_Comm topo, int *newrank)
{
  int mine = -1;
  if (topo != MPI_COMM_NULL) { MPI_Comm_rank(topo, &mine); MPI_Comm_free(&topo); }
  MPI_Allgather(&mine, 1, MPI_INT, newrank, 1, MPI_INT, base);
}

SK_API int sk_mo_cart_ranks(const sk_group *g, int ndims, const int *dims, const int *periods, int *newrank)
{
  MPI_Comm base = sk_tp_group_mpi_comm(g), topo = MPI_COMM_NULL;
  MPI_Cart_create(base, ndims, (int *)dims, (int *)periods, 1, &topo);
  mo_topology_ranks(base, topo, newrank);
  return 1;
}

SK_API int sk_mo_graph_ranks(const sk_group *g, int nnodes, const int *index, const int *edges, int *newrank)
{
  MPI_Comm base = sk_tp_group_mpi_comm(g), topo = MPI_COMM_NULL;
  MPI_Graph_create(base, nnodes, (int *)index, (int *)edges, 1, &topo);
  mo_topology_ranks(base, topo, newrank);
  return 1;
}

SK_API void sk_mo_dims_create(int nnodes, int ndims, int *dims)
{
  MPI_Dims_create(nnodes, ndims, dims);
}
#else
SK_API int sk_mo_cart_ranks(const sk_group *g, int ndims, const int *dims, const int *periods, int *newrank)
{
  (void)g; (void)ndims; (void)dims; (void)periods; (void)newrank;
  return 0;
}

SK_API int sk_mo_graph_ranks(const sk_group *g, int nnodes, const int *index, const int *edges, int *newrank)
{
  (void)g; (void)nnodes; (void)index; (void)edges; (void)newrank;
  return 0;
}

/* Prime factors of what is left, largest first, each multiplied into the free entry
** that is smallest so far; then the free entries in decreasing order. */
SK_API void sk_mo_dims_create(int nnodes, int ndims, int *dims)
{
  long fixed = 1, rest, nfree = 0, *free_dims, primes[64], np = 0, p, k;
  int i, j;
  for (i = 0; i < ndims; i++) {
    if (dims[i] == 0) nfree++;
    else fixed *= dims[i];
  }
  if (nfree == 0 || fixed < 1) return;
  rest = (long)nnodes / fixed;
  free_dims = (long *)sk_malloc(sizeof(long) * (size_t)nfree);
  for (k = 0; k < nfree; k++) free_dims[k] = 1;
  for (p = 2; p * p <= rest; p++) while (rest % p == 0) { primes[np++] = p; rest /= p; }
  if (rest > 1) primes[np++] = rest;
  for (k = np - 1; k >= 0; k--) {             /* primes are ascending: largest first */
    long smallest = 0, m;
    for (m = 1; m < nfree; m++) if (free_dims[m] < free_dims[smallest]) smallest = m;
    free_dims[smallest] *= primes[k];
  }
  for (k = 0; k < nfree; k++)                  /* decreasing order */
    for (p = k + 1; p < nfree; p++)
      if (free_dims[p] > free_dims[k]) { long t = free_dims[k]; free_dims[k] = free_dims[p]; free_dims[p] = t; }
  for (i = 0, j = 0; i < ndims; i++) if (dims[i] == 0) dims[i] = (int)free_dims[j++];
  free(free_dims);
}
#endif

/* ---- info objects ---- */

SK_API void *sk_mo_info_create(void)
{
#if SK_MO_HAVE_INFO
  void *info = sk_malloc(sizeof(MPI_Info));
  MPI_Info_create((MPI_Info *)info);
  return info;
#else
  return sk_malloc(1);       /* a token: info objects have no effect without MPI-2 */
#endif
}

SK_API void sk_mo_info_free(void *info)
{
#if SK_MO_HAVE_INFO
  if (info != NULL) MPI_Info_free((MPI_Info *)info);
#else
  (void)info;
#endif
}

SK_API void sk_mo_info_set(void *info, const char *key, const char *value)
{
#if SK_MO_HAVE_INFO
  MPI_Info_set(*(MPI_Info *)info, (char *)key, (char *)value);
#else
  (void)info; (void)key; (void)value;
#endif
}

/* ---- files ---- */

SK_API void sk_mo_file_hints(const char *dir, int n, const char *const *keys, const char *const *values, sk_str *out)
{
  int rank = sk_tp_world_rank();
#if SK_MO_HAVE_FILES
  char path[600], key[MPI_MAX_INFO_KEY + 1], value[1024];
  MPI_Info hints = MPI_INFO_NULL, used;
  MPI_File fh;
  int i, nkeys, flag;
  if (n > 0) MPI_Info_create(&hints);
  for (i = 0; i < n; i++) MPI_Info_set(hints, (char *)keys[i], (char *)values[i]);
  if (!sk_io_new_name(MPI_COMM_WORLD, dir, "info", 0, path, sizeof path)) {   /* no directory: why */
    sk_str_printf(out, "#P[%d] print_file_info: %s\n", rank, path);
    if (hints != MPI_INFO_NULL) MPI_Info_free(&hints);
    return;
  }
  if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, hints, &fh)
      == MPI_SUCCESS) {
    MPI_File_get_info(fh, &used);
    MPI_Info_get_nkeys(used, &nkeys);
    for (i = 0; i < nkeys; i++) {
      MPI_Info_get_nthkey(used, i, key);
      MPI_Info_get(used, key, (int)sizeof value - 1, value, &flag);
      sk_str_printf(out, "#P[%d] %s = %s\n", rank, key, flag ? value : "");
    }
    if (nkeys == 0) sk_str_printf(out, "#P[%d] (no hints)\n", rank);
    MPI_Info_free(&used);
    MPI_File_close(&fh);
  } else {
    sk_str_printf(out, "#P[%d] print_file_info: cannot open %s\n", rank, path);
  }
  sk_io_forget(path);
  if (hints != MPI_INFO_NULL) MPI_Info_free(&hints);
#else
  (void)dir; (void)n; (void)keys; (void)values;
  sk_str_printf(out, "#P[%d] print_file_info: this build has no MPI-IO\n", rank);
#endif
}

/* ---- integer constants ---- */

#if SK_MO_HAVE_INFO
#define MO_HAVE_WIN 1
#else
#define MO_HAVE_WIN 0
#endif
#if MO_HAVE_WIN && defined(MPI_MODE_RDONLY) && defined(MPI_DISTRIBUTE_BLOCK) && defined(MPI_ORDER_C)
#define MO_HAVE_IO 1
#else
#define MO_HAVE_IO 0
#endif

static const struct { const char *name; long value; } mo_ints[] = {
#ifdef SKAMPI_MPI
  { "MPI_UNDEFINED", MPI_UNDEFINED },
#else
  { "MPI_UNDEFINED", -32766 },
#endif
#if MO_HAVE_WIN
  { "MPI_LOCK_EXCLUSIVE", MPI_LOCK_EXCLUSIVE }, { "MPI_LOCK_SHARED", MPI_LOCK_SHARED },
  { "MPI_MODE_NOCHECK", MPI_MODE_NOCHECK }, { "MPI_MODE_NOPRECEDE", MPI_MODE_NOPRECEDE },
  { "MPI_MODE_NOPUT", MPI_MODE_NOPUT }, { "MPI_MODE_NOSTORE", MPI_MODE_NOSTORE },
  { "MPI_MODE_NOSUCCEED", MPI_MODE_NOSUCCEED },
#endif
#if MO_HAVE_IO
  { "MPI_MODE_APPEND", MPI_MODE_APPEND }, { "MPI_MODE_CREATE", MPI_MODE_CREATE },
  { "MPI_MODE_DELETE_ON_CLOSE", MPI_MODE_DELETE_ON_CLOSE }, { "MPI_MODE_EXCL", MPI_MODE_EXCL },
  { "MPI_MODE_RDONLY", MPI_MODE_RDONLY }, { "MPI_MODE_RDWR", MPI_MODE_RDWR },
  { "MPI_MODE_SEQUENTIAL", MPI_MODE_SEQUENTIAL }, { "MPI_MODE_UNIQUE_OPEN", MPI_MODE_UNIQUE_OPEN },
  { "MPI_MODE_WRONLY", MPI_MODE_WRONLY },
  { "MPI_DISTRIBUTE_BLOCK", MPI_DISTRIBUTE_BLOCK }, { "MPI_DISTRIBUTE_CYCLIC", MPI_DISTRIBUTE_CYCLIC },
  { "MPI_DISTRIBUTE_NONE", MPI_DISTRIBUTE_NONE }, { "MPI_DISTRIBUTE_DFLT_DARG", MPI_DISTRIBUTE_DFLT_DARG },
  { "MPI_ORDER_C", MPI_ORDER_C }, { "MPI_ORDER_FORTRAN", MPI_ORDER_FORTRAN },
#endif
  { NULL, 0 }
};

SK_API int sk_mo_int_constant(const char *name, long *value)
{
  int i;
  for (i = 0; mo_ints[i].name; i++) if (sk_streq(mo_ints[i].name, name)) { *value = mo_ints[i].value; return 1; }
  return 0;
}
