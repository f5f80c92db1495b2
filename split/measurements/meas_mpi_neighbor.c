/*
** meas_mpi_neighbor.c -- the neighbourhood collectives of MPI-3 (MPI-3.1 §7.6, §7.7),
** blocking (MPI_Neighbor_allgather(v), MPI_Neighbor_alltoall(v,w)) and non-blocking
** (MPI_Ineighbor_*, timed from the start to MPI_Wait's return), on a topology chosen by
** the row's parameter:
**   topology 0  Cartesian: MPI_Dims_create over the communicator's size in 2 dimensions,
**               periodic; the neighbours of dimension d are its -1 and +1 shifts (2d, 2d+1);
**   topology 1  a distributed graph: the ring stencil, each process's neighbours its left
**               and right process (both lists [left, right]);
**   topology 2  a distributed graph: a seeded random one, edges i <-> j (i != j) where a
**               fixed hash of the pair is odd (the same graph on every run), sources and
**               destinations in rank order.
** The topology communicator is made (MPI_Cart_create / MPI_Dist_graph_create_adjacent,
** no reordering) in init and freed in finalize; the rows' `count` is the count per
** neighbour, the reported size one message (count * size of the datatype). Timing as in
** meas_mpi_coll.c: one call between sk_sync_start() and sk_sync_stop().
** Verification: block k of the receive buffer came from source k; for the all-to-alls
** from the block of its send buffer for its first edge to this process. Where a sender
** has several edges to the same process (a dimension of size 1 or 2, a ring of 2), which
** of its blocks arrives in which slot is the library's matching, so the verification's
** prepare makes those blocks equal. Compiled where mpi.h declares MPI-3 (SK_IF_MPI3).
*/
#include "meas_mpi.h"
#include "verify.h"

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 3

enum nb_kind { NB_ALLGATHER, NB_ALLGATHERV, NB_ALLTOALL, NB_ALLTOALLV, NB_ALLTOALLW };
enum nb_topology { NB_CART, NB_RING, NB_RANDOM };

#define NB_DIMS 2

typedef struct nb_args {
  long count;
  const sk_datatype *dt;
  long topology;
} nb_args;

static void nb_args_read(nb_args *a, const sk_value *args)
{
  a->count = args[0].u.i;
  a->dt = args[1].u.dt;
  a->topology = args[2].u.i;
}

typedef struct nb_state {
  enum nb_kind kind;
  int nonblocking;
  nb_args a;
  MPI_Comm topo;
  int dims[NB_DIMS];
  int n_in, n_out;
  int *sources, *dests;        /* this process's neighbours, in MPI's order */
  int *s_counts, *s_displs, *r_counts, *r_displs;   /* elements */
  MPI_Aint *byte_displs;       /* Neighbor_alltoallw: block k at byte k * block */
  MPI_Datatype *types;
} nb_state;

/* The random graph's edge i -> j: undirected (each edge both ways), so that every
** process has as many sources as destinations -- MPICH 4.0's MPI_Neighbor_alltoallw
** loses the messages of a graph where they differ (seen with 2 processes and the one
** edge 1 -> 0). The seed 7 gives every process of 2 to 8 at least one neighbour: the
** edge 0-1 with 2 processes, 0-1 0-2 with 3, the tree 0-1 0-2 1-3 with 4. */
static int nb_random_edge(int i, int j)
{
  unsigned long lo = (unsigned long)(i < j ? i : j), hi = (unsigned long)(i < j ? j : i);
  unsigned long h = lo * 7919UL + hi * 104729UL + 7UL;
  h = (h * 2654435761UL) & 0xffffffffUL;
  return i != j && ((h >> 13) & 1UL) != 0;
}

/* The destinations of process p in MPI's order (at most 2 * NB_DIMS, or size for the
** random graph); returns how many. */
static int nb_dests_of(const sk_mctx *m, const nb_state *s, int p, int *out)
{
  int n = 0, d, j;
  if (s->a.topology == NB_CART) {
    int coords[NB_DIMS], shifted[NB_DIMS];
    MPI_Cart_coords(s->topo, p, NB_DIMS, coords);
    for (d = 0; d < NB_DIMS; d++) {
      for (j = -1; j <= 1; j += 2) {
        memcpy(shifted, coords, sizeof coords);
        shifted[d] = (coords[d] + j + s->dims[d]) % s->dims[d];
        MPI_Cart_rank(s->topo, shifted, &out[n++]);
      }
    }
  } else if (s->a.topology == NB_RING) {
    out[n++] = (p + m->size - 1) % m->size;
    out[n++] = (p + 1) % m->size;
  } else {
    for (j = 0; j < m->size; j++) if (nb_random_edge(p, j)) out[n++] = j;
  }
  return n;
}

static void finalize_neighbor(sk_mctx *m, const sk_value *args)
{
  nb_state *s = (nb_state *)m->state;
  (void)args;
  if (s == NULL) return;
  if (s->topo != MPI_COMM_NULL) MPI_Comm_free(&s->topo);
  free(s->sources);
  free(s->dests);
  free(s->s_counts);
  free(s->s_displs);
  free(s->r_counts);
  free(s->r_displs);
  free(s->byte_displs);
  free(s->types);
  free(s);
  m->state = NULL;
}

/* Makes the topology communicator and this process's neighbour lists. */
static void nb_make_topology(sk_mctx *m, nb_state *s)
{
  int periods[NB_DIMS], d, j, most = m->size > 2 * NB_DIMS ? m->size : 2 * NB_DIMS, *weights;
  MPI_Comm comm = sk_mpi_comm(m);
  s->sources = (int *)sk_calloc((size_t)most, sizeof(int));
  s->dests = (int *)sk_calloc((size_t)most, sizeof(int));
  if (s->a.topology == NB_CART) {
    for (d = 0; d < NB_DIMS; d++) { s->dims[d] = 0; periods[d] = 1; }
    MPI_Dims_create(m->size, NB_DIMS, s->dims);
    MPI_Cart_create(comm, NB_DIMS, s->dims, periods, 0, &s->topo);
    s->n_out = s->n_in = nb_dests_of(m, s, m->rank, s->dests);
    memcpy(s->sources, s->dests, sizeof(int) * (size_t)s->n_in);
    return;
  }
  if (s->a.topology == NB_RING) {
    s->n_out = s->n_in = 2;
    s->sources[0] = s->dests[0] = (m->rank + m->size - 1) % m->size;
    s->sources[1] = s->dests[1] = (m->rank + 1) % m->size;
  } else {
    for (j = 0; j < m->size; j++) {
      if (nb_random_edge(j, m->rank)) s->sources[s->n_in++] = j;
      if (nb_random_edge(m->rank, j)) s->dests[s->n_out++] = j;
    }
  }
  /* weights of 1 rather than MPI_UNWEIGHTED, which Open MPI declares as an object of
  ** size 0 (gcc then warns of a read beyond it) */
  weights = (int *)sk_calloc((size_t)most, sizeof(int));
  for (j = 0; j < most; j++) weights[j] = 1;
  MPI_Dist_graph_create_adjacent(comm, s->n_in, s->sources, weights, s->n_out, s->dests, weights, MPI_INFO_NULL, 0,
                                 &s->topo);
  free(weights);
}

static void nb_init(sk_mctx *m, const sk_value *args, const char *fn, enum nb_kind kind, int nonblocking)
{
  nb_state *s;
  nb_args a;
  int i, most;
  size_t block;
  nb_args_read(&a, args);
  sk_mpi_check_count(m, fn, "count", a.count);
  if (!m->failed && (a.topology < NB_CART || a.topology > NB_RANDOM)) {
    char msg[160];
    sprintf(msg, "%s: topology %ld is none of 0 (Cartesian), 1 (ring graph), 2 (random graph)", fn, a.topology);
    sk_meas_fail(m, msg);
  }
  most = m->size > 2 * NB_DIMS ? m->size : 2 * NB_DIMS;
  block = sk_mpi_block_bytes(m, fn, a.count, a.dt, most, 1);
  if (m->failed) return;
  s = (nb_state *)sk_calloc(1, sizeof *s);
  s->kind = kind;
  s->nonblocking = nonblocking;
  s->a = a;
  s->topo = MPI_COMM_NULL;
  m->state = s;
  nb_make_topology(m, s);
  s->s_counts = (int *)sk_calloc((size_t)most, sizeof(int));
  s->s_displs = (int *)sk_calloc((size_t)most, sizeof(int));
  s->r_counts = (int *)sk_calloc((size_t)most, sizeof(int));
  s->r_displs = (int *)sk_calloc((size_t)most, sizeof(int));
  s->byte_displs = (MPI_Aint *)sk_calloc((size_t)most, sizeof(MPI_Aint));
  s->types = (MPI_Datatype *)sk_calloc((size_t)most, sizeof(MPI_Datatype));
  block = sk_mpi_bytes(a.count, a.dt);
  for (i = 0; i < most; i++) {
    s->s_counts[i] = s->r_counts[i] = (int)a.count;
    s->s_displs[i] = s->r_displs[i] = i * (int)a.count;
    s->byte_displs[i] = (MPI_Aint)((size_t)i * block);
    s->types[i] = a.dt->mpi;
  }
  m->send_usage = block * (size_t)(kind == NB_ALLGATHER || kind == NB_ALLGATHERV ? 1 : s->n_out);
  m->recv_usage = block * (size_t)s->n_in;
  m->reported_size = sk_mpi_data_bytes(a.count, a.dt);
}

static double measure_neighbor(sk_mctx *m, const sk_value *args)
{
  nb_state *s = (nb_state *)m->state;
  int c = (int)s->a.count;
  MPI_Datatype t = s->a.dt->mpi;
  MPI_Request req = MPI_REQUEST_NULL;
  char *sb = m->send_buf, *rb = m->recv_buf;
  double start;
  (void)args;
  start = sk_sync_start(m);
  switch (s->kind) {
  case NB_ALLGATHER:
    if (s->nonblocking) MPI_Ineighbor_allgather(sb, c, t, rb, c, t, s->topo, &req);
    else MPI_Neighbor_allgather(sb, c, t, rb, c, t, s->topo);
    break;
  case NB_ALLGATHERV:
    if (s->nonblocking) MPI_Ineighbor_allgatherv(sb, c, t, rb, s->r_counts, s->r_displs, t, s->topo, &req);
    else MPI_Neighbor_allgatherv(sb, c, t, rb, s->r_counts, s->r_displs, t, s->topo);
    break;
  case NB_ALLTOALL:
    if (s->nonblocking) MPI_Ineighbor_alltoall(sb, c, t, rb, c, t, s->topo, &req);
    else MPI_Neighbor_alltoall(sb, c, t, rb, c, t, s->topo);
    break;
  case NB_ALLTOALLV:
    if (s->nonblocking)
      MPI_Ineighbor_alltoallv(sb, s->s_counts, s->s_displs, t, rb, s->r_counts, s->r_displs, t, s->topo, &req);
    else MPI_Neighbor_alltoallv(sb, s->s_counts, s->s_displs, t, rb, s->r_counts, s->r_displs, t, s->topo);
    break;
  case NB_ALLTOALLW:
    if (s->nonblocking)
      MPI_Ineighbor_alltoallw(sb, s->s_counts, s->byte_displs, s->types, rb, s->r_counts, s->byte_displs, s->types,
                              s->topo, &req);
    else MPI_Neighbor_alltoallw(sb, s->s_counts, s->byte_displs, s->types, rb, s->r_counts, s->byte_displs, s->types,
                                s->topo);
    break;
  }
  if (s->nonblocking) MPI_Wait(&req, MPI_STATUS_IGNORE);
  return sk_sync_stop(m) - start;
}

/* ---- the inits ---- */

static void init_Neighbor_allgather(sk_mctx *m, const sk_value *a)
{
  nb_init(m, a, "Neighbor_allgather", NB_ALLGATHER, 0);
}
static void init_Neighbor_allgatherv(sk_mctx *m, const sk_value *a)
{
  nb_init(m, a, "Neighbor_allgatherv", NB_ALLGATHERV, 0);
}
static void init_Neighbor_alltoall(sk_mctx *m, const sk_value *a) { nb_init(m, a, "Neighbor_alltoall", NB_ALLTOALL, 0); }
static void init_Neighbor_alltoallv(sk_mctx *m, const sk_value *a)
{
  nb_init(m, a, "Neighbor_alltoallv", NB_ALLTOALLV, 0);
}
static void init_Neighbor_alltoallw(sk_mctx *m, const sk_value *a)
{
  nb_init(m, a, "Neighbor_alltoallw", NB_ALLTOALLW, 0);
}
static void init_Ineighbor_allgather(sk_mctx *m, const sk_value *a)
{
  nb_init(m, a, "Ineighbor_allgather", NB_ALLGATHER, 1);
}
static void init_Ineighbor_allgatherv(sk_mctx *m, const sk_value *a)
{
  nb_init(m, a, "Ineighbor_allgatherv", NB_ALLGATHERV, 1);
}
static void init_Ineighbor_alltoall(sk_mctx *m, const sk_value *a)
{
  nb_init(m, a, "Ineighbor_alltoall", NB_ALLTOALL, 1);
}
static void init_Ineighbor_alltoallv(sk_mctx *m, const sk_value *a)
{
  nb_init(m, a, "Ineighbor_alltoallv", NB_ALLTOALLV, 1);
}
static void init_Ineighbor_alltoallw(sk_mctx *m, const sk_value *a)
{
  nb_init(m, a, "Ineighbor_alltoallw", NB_ALLTOALLW, 1);
}

/* ---- verification (verify.h) ---- */

static int nb_is_alltoall(const nb_state *s)
{
  return s->kind == NB_ALLTOALL || s->kind == NB_ALLTOALLV || s->kind == NB_ALLTOALLW;
}

/* The pattern; for the all-to-alls every block for a destination that an earlier block
** already goes to becomes a copy of that block (see the top comment). */
static void prepare_neighbor(sk_mctx *m, const sk_value *args)
{
  nb_state *s = (nb_state *)m->state;
  size_t block = sk_mpi_bytes(s->a.count, s->a.dt);
  int j, k;
  sk_verify_default_prepare(m, args);
  if (!nb_is_alltoall(s)) return;
  for (j = 0; j < s->n_out; j++)
    for (k = 0; k < j; k++)
      if (s->dests[k] == s->dests[j]) {
        memcpy(m->send_buf + (size_t)j * block, m->send_buf + (size_t)k * block, block);
        break;
      }
}

/* Block k came from source k: its pattern at offset 0 (all-gathers) or at its first
** block for this process (all-to-alls). */
static void check_neighbor(sk_mctx *m, const sk_value *args)
{
  nb_state *s = (nb_state *)m->state;
  size_t block = sk_mpi_bytes(s->a.count, s->a.dt);
  int *their = (int *)sk_calloc((size_t)(m->size > 2 * NB_DIMS ? m->size : 2 * NB_DIMS), sizeof(int));
  int k;
  (void)args;
  for (k = 0; k < s->n_in && !m->failed; k++) {
    char what[80];
    int from = s->sources[k], j = 0, n;
    if (nb_is_alltoall(s)) {
      n = nb_dests_of(m, s, from, their);
      while (j < n && their[j] != m->rank) j++;
    }
    sprintf(what, "block %d, from rank %d", k, from);
    sk_mpi_verify_block(m, what, m->recv_buf + (size_t)k * block, s->a.count, s->a.dt, s->a.count, s->a.dt, from,
                        (size_t)j * block);
  }
  free(their);
}
#endif /* MPI-3 */

#define NB_SIG "count:i datatype:t topology:i"
#define NB_COLL SK_PATTERN_COLLECTIVE

static const sk_measurement mpi_neighbor_table[] = {
  SK_ROW_MPI3("Neighbor_allgather", NB_SIG, NB_COLL, 1, 0, measure_neighbor, init_Neighbor_allgather, finalize_neighbor,
              prepare_neighbor, check_neighbor, NULL),
  SK_ROW_MPI3("Neighbor_allgatherv", NB_SIG, NB_COLL, 1, 0, measure_neighbor, init_Neighbor_allgatherv, finalize_neighbor,
              prepare_neighbor, check_neighbor, NULL),
  SK_ROW_MPI3("Neighbor_alltoall", NB_SIG, NB_COLL, 1, 0, measure_neighbor, init_Neighbor_alltoall, finalize_neighbor,
              prepare_neighbor, check_neighbor, NULL),
  SK_ROW_MPI3("Neighbor_alltoallv", NB_SIG, NB_COLL, 1, 0, measure_neighbor, init_Neighbor_alltoallv, finalize_neighbor,
              prepare_neighbor, check_neighbor, NULL),
  SK_ROW_MPI3("Neighbor_alltoallw", NB_SIG, NB_COLL, 1, 0, measure_neighbor, init_Neighbor_alltoallw, finalize_neighbor,
              prepare_neighbor, check_neighbor, NULL),
  SK_ROW_MPI3("Ineighbor_allgather", NB_SIG, NB_COLL, 1, 0, measure_neighbor, init_Ineighbor_allgather, finalize_neighbor,
              prepare_neighbor, check_neighbor, NULL),
  SK_ROW_MPI3("Ineighbor_allgatherv", NB_SIG, NB_COLL, 1, 0, measure_neighbor, init_Ineighbor_allgatherv,
              finalize_neighbor, prepare_neighbor, check_neighbor, NULL),
  SK_ROW_MPI3("Ineighbor_alltoall", NB_SIG, NB_COLL, 1, 0, measure_neighbor, init_Ineighbor_alltoall, finalize_neighbor,
              prepare_neighbor, check_neighbor, NULL),
  SK_ROW_MPI3("Ineighbor_alltoallv", NB_SIG, NB_COLL, 1, 0, measure_neighbor, init_Ineighbor_alltoallv,
              finalize_neighbor, prepare_neighbor, check_neighbor, NULL),
  SK_ROW_MPI3("Ineighbor_alltoallw", NB_SIG, NB_COLL, 1, 0, measure_neighbor, init_Ineighbor_alltoallw,
              finalize_neighbor, prepare_neighbor, check_neighbor, NULL),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_neighbor(void) { return mpi_neighbor_table; }
