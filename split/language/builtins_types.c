/*
** builtins_types.c -- the helpers that make library objects (SKaMPI 5 manual §4.1):
** derived datatypes (mpi_type_*), integer and datatype arrays, dims_create, process
** topologies (topology_cartesian, topology_graph, topology_graph2) and info objects.
** Arguments are checked here; the objects are made by transport/mpi_objects.c, which
** says what each build has (SK_MO_HAVE_*).
*/
#include "builtins.h"
#include "builtins_common.h"
#include "mpi_objects.h"

/* ---- derived datatypes ---- */

/* mpi_type_contiguous(count, type), mpi_type_vector(count, blocklength, stride, type)
** and mpi_type_hvector(count, blocklength, byte stride, type), by variant. */
enum { BI_CONTIGUOUS, BI_VECTOR, BI_HVECTOR };
static const sk_datatype *bi_derived(sk_bctx *bc, long cnt, long len, long stride_bytes,
                                     const sk_datatype *old, const sk_loc *loc)
{
  sk_datatype *t;
  char name[64];
  double size = (double)cnt * len * old->size;
  double extent = cnt > 0 ? (double)(cnt - 1) * stride_bytes + (double)len * old->extent : 0.0;
  if (cnt < 0 || len < 0) sk_user_error(loc, "%s: counts must not be negative", bc->name);
  if (cnt > INT_MAX || len > INT_MAX)   /* MPI's counts are int */
    sk_user_error(loc, "%s: count %ld is larger than an MPI count (%d)", bc->name, cnt > len ? cnt : len, INT_MAX);
  if (size > 1e15 || extent > 1e15 || extent < 0) sk_user_error(loc, "%s: the datatype is too large", bc->name);
  sprintf(name, "%.20s(%ld)", bc->name, cnt);
  t = sk_datatype_new(name, (size_t)size, (size_t)extent);
#if SK_MO_HAVE_TYPES
  if (bc->variant == BI_CONTIGUOUS) sk_mo_type_contiguous((int)cnt, old->mpi, &t->mpi);
  else if (bc->variant == BI_VECTOR)
    sk_mo_type_vector((int)cnt, (int)len, (int)(stride_bytes / (long)(old->extent ? old->extent : 1)), old->mpi, &t->mpi);
  else sk_mo_type_hvector((int)cnt, (int)len, stride_bytes, old->mpi, &t->mpi);
  sk_mo_type_commit(&t->mpi);
#endif
  return t;
}

/* mpi_type_vector's stride counts elements of the old type: an MPI int, and in bytes a long. */
static sk_value bi_mpi_type_strided(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  long stride_bytes = 0;
  if (bc->variant == BI_CONTIGUOUS)
    return sk_bi_datatype(bi_derived(bc, a[0].u.i, 1, (long)a[1].u.dt->extent, a[1].u.dt, loc));
  if (bc->variant == BI_HVECTOR) stride_bytes = a[2].u.i;
  else if (a[2].u.i > INT_MAX || a[2].u.i < INT_MIN || !sk_long_mul(a[2].u.i, (long)a[3].u.dt->extent, &stride_bytes))
    sk_user_error(loc, "mpi_type_vector: stride %ld is larger than an MPI stride allows", a[2].u.i);
  return sk_bi_datatype(bi_derived(bc, a[0].u.i, a[1].u.i, stride_bytes, a[3].u.dt, loc));
}

/* ---- arrays (SKaMPI 5 manual §4: alloc_int_array & co) ----
** Elements are numbered from 0; an index outside the array is a user error at the call. */

static size_t bi_index(const sk_value *arr, long i, const sk_loc *loc, const char *fname)
{
  size_t n = sk_array_length(arr);
  if (i < 0 || (size_t)i >= n)
    sk_user_error(loc, "%s: index %ld is outside the array (valid: 0 to %ld)", fname, i, (long)n - 1);
  return (size_t)i;
}

static size_t bi_array_size(const sk_value *a, const sk_loc *loc, const char *fname)
{
  if (a->u.i < 0) sk_user_error(loc, "%s: the size must not be negative, not %ld", fname, a->u.i);
  if (a->u.i > 1L << 24) sk_user_error(loc, "%s: size %ld is larger than %ld", fname, a->u.i, 1L << 24);
  return (size_t)a->u.i;
}

/* alloc_int_array(n), alloc_datatype_array(n): the variant is the array's type. */
static sk_value bi_alloc_array(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  size_t n = bi_array_size(&a[0], loc, bc->name);
  return bc->variant == SK_T_IARRAY ? sk_iarray_new(n) : sk_darray_new(n);
}

/* int_array_get(a, i), datatype_array_get(a, i): by the array's type (the parameter
** letters make it an IArray or a DArray). */
static sk_value bi_array_get(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  size_t i = bi_index(&a[0], a[1].u.i, loc, bc->name);
  const sk_datatype *t;
  if (a[0].type == SK_T_IARRAY) return sk_int_value(sk_iarray_get(&a[0], i));
  t = sk_darray_get(&a[0], i);
  if (t == NULL) sk_user_error(loc, "datatype_array_get: element %ld has not been set", a[1].u.i);
  return sk_bi_datatype(t);
}

/* int_array_set(a, i, x), datatype_array_set(a, i, t): stores into the array itself: every
** copy of the value sees the change (SKaMPI 5's arrays are shared the same way). */
static sk_value bi_array_set(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  sk_value arr = a[0];
  size_t i = bi_index(&a[0], a[1].u.i, loc, bc->name);
  if (arr.type == SK_T_IARRAY) sk_iarray_set(&arr, i, a[2].u.i);
  else sk_darray_set(&arr, i, a[2].u.dt);
  return sk_bi_none();
}

/* dims_create(nnodes, dims): MPI_Dims_create on a copy of dims (SKaMPI 5 manual §4). Entries
** > 0 stay; the zeros get a balanced factorisation of what is left, largest first
** (sk_mo_dims_create, which computes it itself without MPI). */
static sk_value bi_dims_create(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  size_t n = sk_array_length(&a[1]), i;
  long nnodes = a[0].u.i, fixed = 1, rest, nfree = 0;
  sk_value r = sk_iarray_new(n);
  (void)bc;
  if (nnodes < 1 || nnodes > INT_MAX) sk_user_error(loc, "dims_create: the number of nodes must be at least 1, not %ld", nnodes);
  if (n < 1) sk_user_error(loc, "dims_create: the dims array is empty");
  for (i = 0; i < n; i++) {
    long d = sk_iarray_get(&a[1], i);
    if (d < 0) sk_user_error(loc, "dims_create: dims[%ld] is %ld; entries must be 0 (free) or positive", (long)i, d);
    sk_iarray_set(&r, i, d);
    if (d == 0) nfree++;
    else if ((fixed *= d) > nnodes) break;
  }
  if (nnodes % fixed != 0)
    sk_user_error(loc, "dims_create: %ld nodes cannot be divided into the fixed dimensions (their product is %ld)", nnodes, fixed);
  rest = nnodes / fixed;
  if (nfree == 0) {
    if (rest != 1) sk_user_error(loc, "dims_create: the fixed dimensions multiply to %ld, not %ld", fixed, nnodes);
    return r;
  }
  {
    int *dims = (int *)sk_malloc(sizeof(int) * n);
    for (i = 0; i < n; i++) dims[i] = (int)sk_iarray_get(&r, i);
    sk_mo_dims_create((int)nnodes, (int)n, dims);
    for (i = 0; i < n; i++) sk_iarray_set(&r, i, dims[i]);
    free(dims);
  }
  return r;
}

/* ---- process topologies (SKaMPI 5 manual §4: topology_cartesian, topology_graph,
** topology_graph2) ----
** A topology helper returns the communicator of the processes that MPI_Cart_create or
** MPI_Graph_create keeps (the first nnodes of c; the rest, and every process outside c,
** get MPI_COMM_NULL), ranked in the order the library chose when reorder is non-zero.
** Measurements run on a communicator with exactly that rank order; none of the
** measurement functions queries the topology itself, so the topology is not attached.
** Without MPI, or with reorder 0, the order is c's own. Every process calls these
** helpers (the interpreter runs SPMD), so the order is agreed over the world: c's rank
** 0 learns the new rank of every member of c and broadcasts the order. */

typedef struct bi_topology {
  int cartesian;           /* 1: dims/periods; 0: graph index/edges */
  int nnodes, ndims, nedges;
  int *dims, *periods;     /* cartesian */
  int *index, *edges;      /* graph (MPI_Graph_create's arrays) */
  int reorder;
} bi_topology;

static void bi_topology_free(bi_topology *t)
{
  free(t->dims); free(t->periods); free(t->index); free(t->edges);
}

/* The world ranks of the topology's processes in their new rank order (nnodes entries). */
static int *bi_topology_order(const sk_group *c, const bi_topology *t)
{
  int n = sk_tp_group_size(c), i;
  int *order = (int *)sk_malloc(sizeof(int) * (size_t)(t->nnodes > 0 ? t->nnodes : 1));
  for (i = 0; i < t->nnodes; i++) order[i] = sk_tp_group_world_rank(c, i);
  if (t->reorder) {
    int *newrank = (int *)sk_malloc(sizeof(int) * (size_t)n), reordered = 0;
    if (sk_tp_group_rank(c) >= 0)
      reordered = t->cartesian ? sk_mo_cart_ranks(c, t->ndims, t->dims, t->periods, newrank)
                               : sk_mo_graph_ranks(c, t->nnodes, t->index, t->edges, newrank);
    for (i = 0; reordered && i < n; i++)
      if (newrank[i] >= 0 && newrank[i] < t->nnodes) order[newrank[i]] = sk_tp_group_world_rank(c, i);
    free(newrank);
#if SK_MO_HAVE_TOPOLOGIES
    sk_tp_bcast(sk_tp_world(), order, sizeof(int) * (size_t)t->nnodes, sk_tp_group_world_rank(c, 0));
#endif
  }
  return order;
}

static sk_value bi_topology_comm(const sk_group *c, bi_topology *t)
{
  int *order = bi_topology_order(c, t);
  sk_group *g = sk_tp_group_create(order, t->nnodes);
  free(order);
  bi_topology_free(t);
  return sk_bi_comm(g);
}

static const sk_group *bi_topology_base(const sk_value *c, const sk_loc *loc, const char *fname)
{
  if (c->u.comm == NULL) sk_user_error(loc, "%s of MPI_COMM_NULL", fname);
  return c->u.comm;
}

/* The graph arrays (index: cumulative degrees; edges: neighbours) checked as
** MPI_Graph_create requires them, for nnodes <= the size of c. */
static void bi_graph_check(const bi_topology *t, int csize, const sk_loc *loc, const char *fname)
{
  int i;
  if (t->nnodes < 1 || t->nnodes > csize)
    sk_user_error(loc, "%s: the graph has %d nodes; the communicator has %d processes", fname, t->nnodes, csize);
  for (i = 0; i < t->nnodes; i++)
    if (t->index[i] < (i ? t->index[i - 1] : 0))
      sk_user_error(loc, "%s: index[%d] = %d is smaller than the entry before it (index holds cumulative degrees)",
                    fname, i, t->index[i]);
  for (i = 0; i < t->nedges; i++)
    if (t->edges[i] < 0 || t->edges[i] >= t->nnodes)
      sk_user_error(loc, "%s: edge %d leads to node %d, not between 0 and %d", fname, i, t->edges[i], t->nnodes - 1);
}

/* topology_cartesian(c, dims, periodic, reorder). */
static sk_value bi_topology_cartesian(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  const sk_group *c = bi_topology_base(&a[0], loc, "topology_cartesian");
  bi_topology t;
  long product = 1;
  int i;
  (void)bc;
  memset(&t, 0, sizeof t);
  t.cartesian = 1;
  t.ndims = (int)sk_array_length(&a[1]);
  if (t.ndims < 1) sk_user_error(loc, "topology_cartesian: the dims array is empty");
  if ((int)sk_array_length(&a[2]) != t.ndims)
    sk_user_error(loc, "topology_cartesian: dims has %d entries, periodic %d", t.ndims, (int)sk_array_length(&a[2]));
  t.dims = (int *)sk_malloc(sizeof(int) * (size_t)t.ndims);
  t.periods = (int *)sk_malloc(sizeof(int) * (size_t)t.ndims);
  for (i = 0; i < t.ndims; i++) {
    long d = sk_iarray_get(&a[1], (size_t)i);
    if (d < 1) sk_user_error(loc, "topology_cartesian: dims[%d] is %ld; every dimension needs at least 1 process", i, d);
    if ((product *= d) > sk_tp_group_size(c))
      sk_user_error(loc, "topology_cartesian: the grid needs more processes than the communicator's %d", sk_tp_group_size(c));
    t.dims[i] = (int)d;
    t.periods[i] = sk_iarray_get(&a[2], (size_t)i) != 0;
  }
  t.nnodes = (int)product;
  t.reorder = a[3].u.i != 0;
  return bi_topology_comm(c, &t);
}

/* topology_graph(c, index, edges, reorder): MPI_Graph_create's arrays as they are. */
static sk_value bi_topology_graph(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  const sk_group *c = bi_topology_base(&a[0], loc, "topology_graph");
  bi_topology t;
  int i;
  (void)bc;
  memset(&t, 0, sizeof t);
  t.nnodes = (int)sk_array_length(&a[1]);
  t.index = (int *)sk_malloc(sizeof(int) * (size_t)(t.nnodes > 0 ? t.nnodes : 1));
  for (i = 0; i < t.nnodes; i++) t.index[i] = (int)sk_iarray_get(&a[1], (size_t)i);
  t.nedges = t.nnodes > 0 ? t.index[t.nnodes - 1] : 0;
  if (t.nedges > (int)sk_array_length(&a[2]))
    sk_user_error(loc, "topology_graph: index says %d edges, the edges array has %d", t.nedges, (int)sk_array_length(&a[2]));
  t.edges = (int *)sk_malloc(sizeof(int) * (size_t)(t.nedges > 0 ? t.nedges : 1));
  for (i = 0; i < t.nedges; i++) t.edges[i] = (int)sk_iarray_get(&a[2], (size_t)i);
  bi_graph_check(&t, sk_tp_group_size(c), loc, "topology_graph");
  t.reorder = a[3].u.i != 0;
  return bi_topology_comm(c, &t);
}

/* topology_graph2(c, graph, reorder): graph holds undirected edges as pairs {a0, b0, a1,
** b1, ...}; every process of c is a node, each pair connects both ways (a pair given
** twice counts once). */
static sk_value bi_topology_graph2(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  const sk_group *c = bi_topology_base(&a[0], loc, "topology_graph2");
  bi_topology t;
  int n = sk_tp_group_size(c), npairs = (int)(sk_array_length(&a[1]) / 2), i, j, k;
  char *adjacent;
  (void)bc;
  if (sk_array_length(&a[1]) % 2 != 0)
    sk_user_error(loc, "topology_graph2: the graph array has an odd number of entries; it holds pairs of nodes");
  memset(&t, 0, sizeof t);
  t.nnodes = n;
  adjacent = (char *)sk_calloc((size_t)n * (size_t)n, 1);
  for (k = 0; k < npairs; k++) {
    long u = sk_iarray_get(&a[1], (size_t)(2 * k)), v = sk_iarray_get(&a[1], (size_t)(2 * k + 1));
    if (u < 0 || u >= n || v < 0 || v >= n)
      sk_user_error(loc, "topology_graph2: pair %d (%ld, %ld) names a node outside 0..%d", k, u, v, n - 1);
    adjacent[u * n + v] = adjacent[v * n + u] = 1;
  }
  t.index = (int *)sk_malloc(sizeof(int) * (size_t)n);
  t.edges = (int *)sk_malloc(sizeof(int) * (size_t)n * (size_t)n);
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++) if (adjacent[i * n + j]) t.edges[t.nedges++] = j;
    t.index[i] = t.nedges;
  }
  free(adjacent);
  bi_graph_check(&t, n, loc, "topology_graph2");
  t.reorder = a[2].u.i != 0;
  return bi_topology_comm(c, &t);
}

/* ---- derived datatypes from arrays (SKaMPI 5 manual §4: mpi_type_indexed & co) ----
** Built, committed and described by the library: size from MPI_Type_size; as extent the
** bytes one element spans from the buffer start (lower bound + extent), so that buffers of
** count * extent bytes hold count elements. Displacements must not be negative (the data
** would lie before the buffer). Without MPI these helpers refuse: the sequential and RCCE
** builds describe datatypes by their size only. */

/* What these helpers are where the build lacks the library objects they make: a refusal
** that says what the build lacks. */
#if SK_MO_HAVE_TYPES
#define BI_IF_TYPES(f) f
#else
#define BI_IF_TYPES(f) bi_unavailable
#endif
#if SK_MO_HAVE_SUBARRAY
#define BI_IF_SUBARRAY(f) f
#else
#define BI_IF_SUBARRAY(f) bi_unavailable
static sk_value bi_unavailable(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a;
#if SK_MO_HAVE_TYPES
  sk_user_error(loc, "%s needs MPI-2, and this build uses MPI-1.1 only", bc->name);
#else
  sk_user_error(loc, "%s needs an MPI library, which the %s build lacks", bc->name, SK_BACKEND_NAME);
#endif
  return sk_bi_none();
}
#endif

#if SK_MO_HAVE_TYPES
static int bi_int_arg(long x, const sk_loc *loc, const char *fname, const char *what, long minimum)
{
  if (x < minimum || x > INT_MAX) sk_user_error(loc, "%s: %s %ld is out of range (at least %ld)", fname, what, x, minimum);
  return (int)x;
}

/* The elements of an IArray as ints (at least one slot), each >= minimum. */
static int *bi_int_array(const sk_value *arr, const sk_loc *loc, const char *fname, const char *what, long minimum)
{
  size_t n = sk_array_length(arr), i;
  int *v = (int *)sk_malloc(sizeof(int) * (n > 0 ? n : 1));
  for (i = 0; i < n; i++) v[i] = bi_int_arg(sk_iarray_get(arr, i), loc, fname, what, minimum);
  return v;
}

static void bi_same_length(const sk_value *x, const sk_value *y, const sk_loc *loc, const char *fname)
{
  if (sk_array_length(x) != sk_array_length(y))
    sk_user_error(loc, "%s: the arrays have different lengths (%ld and %ld)", fname, (long)sk_array_length(x),
                  (long)sk_array_length(y));
}

static const sk_datatype *bi_commit_derived(const char *fname, long n, sk_mo_type mpi, const sk_loc *loc)
{
  sk_datatype *t;
  char name[64];
  long size = 0, lb = 0, ext = 0;
  sk_mo_type_commit(&mpi);
  sk_mo_type_describe(mpi, &size, &lb, &ext);
  if (lb < 0) sk_user_error(loc, "%s: the datatype starts %ld bytes before the buffer", fname, -lb);
  if (size < 0 || ext < 0) sk_user_error(loc, "%s: the datatype is too large", fname);
  sprintf(name, "%.30s(%ld)", fname, n);
  t = sk_datatype_new(name, (size_t)size, (size_t)(lb + ext));
  t->mpi = mpi;
  return t;
}

/* mpi_type_indexed (element displacements, variant 0) and mpi_type_hindexed (byte
** displacements, variant 1). */
static sk_value bi_mpi_type_indexed(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  const char *fname = bc->name;
  int n, *bl, i;
  sk_mo_type t;
  const sk_datatype *old = a[2].u.dt;
  bi_same_length(&a[0], &a[1], loc, fname);
  n = (int)sk_array_length(&a[0]);
  bl = bi_int_array(&a[0], loc, fname, "block length", 0);
  if (!bc->variant) {
    int *displ = bi_int_array(&a[1], loc, fname, "displacement", 0);
    sk_mo_type_indexed(n, bl, displ, old->mpi, &t);
    free(displ);
  } else {
    long *displ = (long *)sk_malloc(sizeof(long) * (size_t)(n > 0 ? n : 1));
    for (i = 0; i < n; i++) displ[i] = bi_int_arg(sk_iarray_get(&a[1], (size_t)i), loc, fname, "displacement", 0);
    sk_mo_type_hindexed(n, bl, displ, old->mpi, &t);
    free(displ);
  }
  free(bl);
  return sk_bi_datatype(bi_commit_derived(fname, n, t, loc));
}

/* mpi_type_struct(blocklengths, byte displacements, datatypes). */
static sk_value bi_mpi_type_struct(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  const char *fname = bc->name;
  int n, *bl, i;
  long *displ;
  sk_mo_type *types, t;
  bi_same_length(&a[0], &a[1], loc, fname);
  bi_same_length(&a[0], &a[2], loc, fname);
  n = (int)sk_array_length(&a[0]);
  bl = bi_int_array(&a[0], loc, fname, "block length", 0);
  displ = (long *)sk_malloc(sizeof(long) * (size_t)(n > 0 ? n : 1));
  types = (sk_mo_type *)sk_malloc(sizeof(sk_mo_type) * (size_t)(n > 0 ? n : 1));
  for (i = 0; i < n; i++) {
    const sk_datatype *dt = sk_darray_get(&a[2], (size_t)i);
    if (dt == NULL) sk_user_error(loc, "%s: element %d of the datatype array has not been set", fname, i);
    types[i] = dt->mpi;
    displ[i] = bi_int_arg(sk_iarray_get(&a[1], (size_t)i), loc, fname, "displacement", 0);
  }
  sk_mo_type_struct(n, bl, displ, types, &t);
  free(bl);
  free(displ);
  free(types);
  return sk_bi_datatype(bi_commit_derived(fname, n, t, loc));
}
#endif

/* mpi_type_create_subarray and mpi_type_create_darray: MPI-2, C order. */
#if SK_MO_HAVE_SUBARRAY
static sk_value bi_mpi_type_create_subarray(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  const char *fname = bc->name;
  int n, *sizes, *subsizes, *starts, i;
  sk_mo_type t;
  bi_same_length(&a[0], &a[1], loc, fname);
  bi_same_length(&a[0], &a[2], loc, fname);
  n = (int)sk_array_length(&a[0]);
  if (n < 1) sk_user_error(loc, "%s: the arrays are empty", fname);
  sizes = bi_int_array(&a[0], loc, fname, "size", 1);
  subsizes = bi_int_array(&a[1], loc, fname, "subsize", 1);
  starts = bi_int_array(&a[2], loc, fname, "start", 0);
  for (i = 0; i < n; i++)
    if (subsizes[i] > sizes[i] || starts[i] > sizes[i] - subsizes[i])
      sk_user_error(loc, "%s: in dimension %d the subarray (start %d, size %d) does not fit into size %d", fname, i,
                    starts[i], subsizes[i], sizes[i]);
  sk_mo_type_subarray(n, sizes, subsizes, starts, a[3].u.dt->mpi, &t);
  free(sizes);
  free(subsizes);
  free(starts);
  return sk_bi_datatype(bi_commit_derived(fname, n, t, loc));
}

static sk_value bi_mpi_type_create_darray(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  const char *fname = bc->name;
  int n, size, rank, *gsizes, *distribs, *darg_values, *psizes, i;
  long procs = 1;
  sk_mo_type t;
  size = bi_int_arg(a[0].u.i, loc, fname, "size", 1);
  rank = bi_int_arg(a[1].u.i, loc, fname, "rank", 0);
  if (rank >= size) sk_user_error(loc, "%s: rank %d is not below size %d", fname, rank, size);
  bi_same_length(&a[2], &a[3], loc, fname);
  bi_same_length(&a[2], &a[4], loc, fname);
  bi_same_length(&a[2], &a[5], loc, fname);
  n = (int)sk_array_length(&a[2]);
  if (n < 1) sk_user_error(loc, "%s: the arrays are empty", fname);
  gsizes = bi_int_array(&a[2], loc, fname, "global size", 1);
  distribs = bi_int_array(&a[3], loc, fname, "distribution", INT_MIN);
  darg_values = bi_int_array(&a[4], loc, fname, "distribution argument", INT_MIN);
  psizes = bi_int_array(&a[5], loc, fname, "process grid size", 1);
  for (i = 0; i < n; i++) {
    if (distribs[i] != SK_MO_DISTRIBUTE_BLOCK && distribs[i] != SK_MO_DISTRIBUTE_CYCLIC && distribs[i] != SK_MO_DISTRIBUTE_NONE)
      sk_user_error(loc, "%s: distribution %d is not MPI_DISTRIBUTE_BLOCK, _CYCLIC or _NONE", fname, distribs[i]);
    if (darg_values[i] != SK_MO_DISTRIBUTE_DFLT_DARG && darg_values[i] < 1)
      sk_user_error(loc, "%s: distribution argument %d must be positive or MPI_DISTRIBUTE_DFLT_DARG", fname, darg_values[i]);
    if (distribs[i] == SK_MO_DISTRIBUTE_NONE && psizes[i] != 1)
      sk_user_error(loc, "%s: dimension %d is not distributed, so its process grid size must be 1", fname, i);
    if (distribs[i] == SK_MO_DISTRIBUTE_BLOCK && darg_values[i] != SK_MO_DISTRIBUTE_DFLT_DARG &&
        (long)darg_values[i] * psizes[i] < gsizes[i])
      sk_user_error(loc, "%s: in dimension %d blocks of %d on %d processes do not cover %d elements", fname, i,
                    darg_values[i], psizes[i], gsizes[i]);
    procs *= psizes[i];
    if (procs > size) break;
  }
  if (procs != size) sk_user_error(loc, "%s: the process grid sizes do not multiply to %d", fname, size);
  sk_mo_type_darray(size, rank, n, gsizes, distribs, darg_values, psizes, a[6].u.dt->mpi, &t);
  free(gsizes);
  free(distribs);
  free(darg_values);
  free(psizes);
  return sk_bi_datatype(bi_commit_derived(fname, n, t, loc));
}
#endif

/* ---- info objects ---- */

static sk_value bi_info_create(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  sk_value v;
  (void)bc; (void)a; (void)loc;
  v.type = SK_T_INFO;
  v.u.info = sk_mo_info_create();
  return v;
}

static sk_value bi_info_free(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)loc;
  sk_mo_info_free(a[0].u.info);
  return sk_bi_none();
}

static sk_value bi_info_set(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
  if (a[0].u.info == NULL) sk_user_error(loc, "info_set on MPI_INFO_NULL");
  sk_mo_info_set(a[0].u.info, a[1].u.s, a[2].u.s);
  return sk_bi_none();
}

/* its helpers, under the groups that skampi -l lists them by */
static const sk_builtin types_helpers[] = {
  SK_BUILTIN_GROUP("datatypes"),
  { "mpi_type_contiguous", "it", SK_T_DATATYPE, bi_mpi_type_strided, BI_CONTIGUOUS },
  { "mpi_type_vector", "iiit", SK_T_DATATYPE, bi_mpi_type_strided, BI_VECTOR },
  { "mpi_type_hvector", "iiit", SK_T_DATATYPE, bi_mpi_type_strided, BI_HVECTOR },
  { "mpi_type_indexed", "aat", SK_T_DATATYPE, BI_IF_TYPES(bi_mpi_type_indexed), 0 },
  { "mpi_type_hindexed", "aat", SK_T_DATATYPE, BI_IF_TYPES(bi_mpi_type_indexed), 1 },
  { "mpi_type_struct", "aae", SK_T_DATATYPE, BI_IF_TYPES(bi_mpi_type_struct), 0 },
  { "mpi_type_create_subarray", "aaat", SK_T_DATATYPE, BI_IF_SUBARRAY(bi_mpi_type_create_subarray), 0 },
  { "mpi_type_create_darray", "iiaaaat", SK_T_DATATYPE, BI_IF_SUBARRAY(bi_mpi_type_create_darray), 0 },
  { "alloc_datatype_array", "i", SK_T_DARRAY, bi_alloc_array, SK_T_DARRAY },
  { "datatype_array_get", "ei", SK_T_DATATYPE, bi_array_get, 0 },
  { "datatype_array_set", "eit", SK_T_NONE, bi_array_set, 0 },
  SK_BUILTIN_GROUP("arrays"),
  { "alloc_int_array", "i", SK_T_IARRAY, bi_alloc_array, SK_T_IARRAY },
  { "int_array_get", "ai", SK_T_INT, bi_array_get, 0 },
  { "int_array_set", "aii", SK_T_NONE, bi_array_set, 0 },
  SK_BUILTIN_GROUP("communicators"),
  { "dims_create", "ia", SK_T_IARRAY, bi_dims_create, 0 },
  { "topology_cartesian", "caai", SK_T_COMM, bi_topology_cartesian, 0 },
  { "topology_graph", "caai", SK_T_COMM, bi_topology_graph, 0 },
  { "topology_graph2", "cai", SK_T_COMM, bi_topology_graph2, 0 },
  SK_BUILTIN_GROUP("info objects"),
  { "info_create", "", SK_T_INFO, bi_info_create, 0 },
  { "info_free", "n", SK_T_NONE, bi_info_free, 0 },
  { "info_set", "nss", SK_T_NONE, bi_info_set, 0 },
  SK_BUILTINS_END
};

SK_API const sk_builtin *sk_builtins_types(void) { return types_helpers; }
