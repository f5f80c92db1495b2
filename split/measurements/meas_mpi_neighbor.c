/*
** meas_mpi_neighbor.c -- the neighbourhood collectives of MPI-3 (MPI-3.1 §7.6, §7.7),
** blocking (MPI_Neighbor_allgather(v), MPI_Neighbor_alltoall(v,w)) and non-blocking
** (MPI_Ineighbor_*, timed from the start to MPI_Wait's return), all rows
** (count, datatype, topology): topology 0 a periodic 2-D Cartesian grid, 1 the ring as a
** distributed graph, 2 a seeded random distributed graph. One init, measure, finalize,
** prepare and check serve the ten rows, told apart by the variant (the operation, and
** NB_NONBLOCKING). The topology communicator is made in init and freed in finalize;
** `count` is per neighbour, the reported size one message. Timing as in
** meas_mpi_coll.c; the verification checks block k against source k.
** The rules in full: doc/internals.md, "meas_mpi_neighbor.c".
*/
#include "meas_mpi.h"
#include "verify.h"

/* The rows' variants: the operation, and whether the non-blocking form is timed. */
enum nb_kind { NB_ALLGATHER, NB_ALLGATHERV, NB_ALLTOALL, NB_ALLTOALLV, NB_ALLTOALLW };
#define NB_KIND_MASK 7
#define NB_NONBLOCKING 8

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 3

enum nb_topology { NB_CART, NB_RING, NB_RANDOM };

#define NB_DIMS 2

typedef struct nb_state {
  MPI_Comm topo;
  int dims[NB_DIMS];
  int n_in, n_out;
  int *ints;                   /* one allocation for the six int arrays below */
  int *sources, *dests;        /* this process's neighbours, in MPI's order */
  int *s_counts, *s_displs, *r_counts, *r_displs;   /* elements */
  MPI_Aint *byte_displs;       /* Neighbor_alltoallw: block k at byte k * block */
  MPI_Datatype *types;
} nb_state;

/* The most neighbours a process can have, the length of the state's arrays. */
static int nb_most(const sk_mctx *m)
{
  return m->size > 2 * NB_DIMS ? m->size : 2 * NB_DIMS;
}

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
  if (m->arg.topology == NB_CART) {
    int coords[NB_DIMS], shifted[NB_DIMS];
    MPI_Cart_coords(s->topo, p, NB_DIMS, coords);
    for (d = 0; d < NB_DIMS; d++) {
      for (j = -1; j <= 1; j += 2) {
        memcpy(shifted, coords, sizeof coords);
        shifted[d] = (coords[d] + j + s->dims[d]) % s->dims[d];
        MPI_Cart_rank(s->topo, shifted, &out[n++]);
      }
    }
  } else if (m->arg.topology == NB_RING) {
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
  free(s->ints);
  free(s->byte_displs);
  free(s->types);
  free(s);
  m->state = NULL;
}

/* Makes the topology communicator and this process's neighbour lists. */
static void nb_make_topology(sk_mctx *m, nb_state *s)
{
  int periods[NB_DIMS], d, j, most = nb_most(m), *weights;
  MPI_Comm comm = sk_mpi_comm(m);
  if (m->arg.topology == NB_CART) {
    for (d = 0; d < NB_DIMS; d++) { s->dims[d] = 0; periods[d] = 1; }
    MPI_Dims_create(m->size, NB_DIMS, s->dims);
    MPI_Cart_create(comm, NB_DIMS, s->dims, periods, 0, &s->topo);
    s->n_out = s->n_in = nb_dests_of(m, s, m->rank, s->dests);
    memcpy(s->sources, s->dests, sizeof(int) * (size_t)s->n_in);
    return;
  }
  if (m->arg.topology == NB_RING) {
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

/* The init of every row: the topology, its neighbour lists, and counts and
** displacements of one block per neighbour. */
static void init_neighbor(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  const char *fn = m->name;
  int kind = m->variant & NB_KIND_MASK, i, most = nb_most(m);
  nb_state *s;
  size_t block;
  (void)args;
  sk_mpi_check_count(m, fn, "count", a->count);
  if (!m->failed && (a->topology < NB_CART || a->topology > NB_RANDOM)) {
    char msg[160];
    sprintf(msg, "%s: topology %ld is none of 0 (Cartesian), 1 (ring graph), 2 (random graph)", fn, a->topology);
    sk_meas_fail(m, msg);
  }
  sk_mpi_block_bytes(m, fn, a->count, a->datatype, most, 1);
  if (m->failed) return;
  s = (nb_state *)sk_calloc(1, sizeof *s);
  s->topo = MPI_COMM_NULL;
  s->ints = (int *)sk_calloc((size_t)(6 * most), sizeof(int));
  s->sources = s->ints;
  s->dests = s->ints + most;
  s->s_counts = s->ints + 2 * most;
  s->s_displs = s->ints + 3 * most;
  s->r_counts = s->ints + 4 * most;
  s->r_displs = s->ints + 5 * most;
  s->byte_displs = (MPI_Aint *)sk_calloc((size_t)most, sizeof(MPI_Aint));
  s->types = (MPI_Datatype *)sk_calloc((size_t)most, sizeof(MPI_Datatype));
  m->state = s;
  nb_make_topology(m, s);
  block = sk_mpi_bytes(a->count, a->datatype);
  for (i = 0; i < most; i++) {
    s->s_counts[i] = s->r_counts[i] = (int)a->count;
    s->s_displs[i] = s->r_displs[i] = i * (int)a->count;
    s->byte_displs[i] = (MPI_Aint)((size_t)i * block);
    s->types[i] = a->datatype->mpi;
  }
  m->send_usage = block * (size_t)(kind == NB_ALLGATHER || kind == NB_ALLGATHERV ? 1 : s->n_out);
  m->recv_usage = block * (size_t)s->n_in;
  m->reported_size = sk_mpi_data_bytes(a->count, a->datatype);
}

static double measure_neighbor(sk_mctx *m, const sk_value *args)
{
  nb_state *s = (nb_state *)m->state;
  int c = (int)m->arg.count, nonblocking = (m->variant & NB_NONBLOCKING) != 0;
  MPI_Datatype t = m->arg.datatype->mpi;
  MPI_Request req = MPI_REQUEST_NULL;
  char *sb = m->send_buf, *rb = m->recv_buf;
  double start;
  (void)args;
  start = sk_sync_start(m);
  switch (m->variant & NB_KIND_MASK) {
  case NB_ALLGATHER:
    if (nonblocking) MPI_Ineighbor_allgather(sb, c, t, rb, c, t, s->topo, &req);
    else MPI_Neighbor_allgather(sb, c, t, rb, c, t, s->topo);
    break;
  case NB_ALLGATHERV:
    if (nonblocking) MPI_Ineighbor_allgatherv(sb, c, t, rb, s->r_counts, s->r_displs, t, s->topo, &req);
    else MPI_Neighbor_allgatherv(sb, c, t, rb, s->r_counts, s->r_displs, t, s->topo);
    break;
  case NB_ALLTOALL:
    if (nonblocking) MPI_Ineighbor_alltoall(sb, c, t, rb, c, t, s->topo, &req);
    else MPI_Neighbor_alltoall(sb, c, t, rb, c, t, s->topo);
    break;
  case NB_ALLTOALLV:
    if (nonblocking)
      MPI_Ineighbor_alltoallv(sb, s->s_counts, s->s_displs, t, rb, s->r_counts, s->r_displs, t, s->topo, &req);
    else MPI_Neighbor_alltoallv(sb, s->s_counts, s->s_displs, t, rb, s->r_counts, s->r_displs, t, s->topo);
    break;
  case NB_ALLTOALLW:
    if (nonblocking)
      MPI_Ineighbor_alltoallw(sb, s->s_counts, s->byte_displs, s->types, rb, s->r_counts, s->byte_displs, s->types,
                              s->topo, &req);
    else MPI_Neighbor_alltoallw(sb, s->s_counts, s->byte_displs, s->types, rb, s->r_counts, s->byte_displs, s->types,
                                s->topo);
    break;
  }
  if (nonblocking) MPI_Wait(&req, MPI_STATUS_IGNORE);
  return sk_sync_stop(m) - start;
}

/* ---- verification (verify.h) ---- */

static int nb_is_alltoall(const sk_mctx *m)
{
  int kind = m->variant & NB_KIND_MASK;
  return kind == NB_ALLTOALL || kind == NB_ALLTOALLV || kind == NB_ALLTOALLW;
}

/* The pattern; for the all-to-alls every block for a destination that an earlier block
** already goes to becomes a copy of that block (see the top comment). */
static void prepare_neighbor(sk_mctx *m, const sk_value *args)
{
  nb_state *s = (nb_state *)m->state;
  size_t block = sk_mpi_bytes(m->arg.count, m->arg.datatype);
  int j, k;
  sk_verify_default_prepare(m, args);
  if (!nb_is_alltoall(m)) return;
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
  size_t block = sk_mpi_bytes(m->arg.count, m->arg.datatype);
  int *their = (int *)sk_calloc((size_t)nb_most(m), sizeof(int));
  int k;
  (void)args;
  for (k = 0; k < s->n_in && !m->failed; k++) {
    char what[80];
    int from = s->sources[k], j = 0, n;
    if (nb_is_alltoall(m)) {
      n = nb_dests_of(m, s, from, their);
      while (j < n && their[j] != m->rank) j++;
    }
    sprintf(what, "block %d, from rank %d", k, from);
    sk_mpi_verify_block(m, what, m->recv_buf + (size_t)k * block, m->arg.count, m->arg.datatype, m->arg.count, m->arg.datatype, from,
                        (size_t)j * block);
  }
  free(their);
}
#endif /* MPI-3 */

#define NB_SIG "count:i datatype:t topology:i"
#define NB_COLL SK_PATTERN_COLLECTIVE

static const sk_measurement mpi_neighbor_table[] = {
  SK_ROW_MPI3("Neighbor_allgather", NB_SIG, NB_COLL, 1, NB_ALLGATHER, measure_neighbor, init_neighbor, finalize_neighbor,
              prepare_neighbor, check_neighbor, NULL),
  SK_ROW_MPI3("Neighbor_allgatherv", NB_SIG, NB_COLL, 1, NB_ALLGATHERV, measure_neighbor, init_neighbor, finalize_neighbor,
              prepare_neighbor, check_neighbor, NULL),
  SK_ROW_MPI3("Neighbor_alltoall", NB_SIG, NB_COLL, 1, NB_ALLTOALL, measure_neighbor, init_neighbor, finalize_neighbor,
              prepare_neighbor, check_neighbor, NULL),
  SK_ROW_MPI3("Neighbor_alltoallv", NB_SIG, NB_COLL, 1, NB_ALLTOALLV, measure_neighbor, init_neighbor, finalize_neighbor,
              prepare_neighbor, check_neighbor, NULL),
  SK_ROW_MPI3("Neighbor_alltoallw", NB_SIG, NB_COLL, 1, NB_ALLTOALLW, measure_neighbor, init_neighbor, finalize_neighbor,
              prepare_neighbor, check_neighbor, NULL),
  SK_ROW_MPI3("Ineighbor_allgather", NB_SIG, NB_COLL, 1, NB_ALLGATHER | NB_NONBLOCKING, measure_neighbor, init_neighbor, finalize_neighbor,
              prepare_neighbor, check_neighbor, NULL),
  SK_ROW_MPI3("Ineighbor_allgatherv", NB_SIG, NB_COLL, 1, NB_ALLGATHERV | NB_NONBLOCKING, measure_neighbor, init_neighbor, finalize_neighbor,
              prepare_neighbor, check_neighbor, NULL),
  SK_ROW_MPI3("Ineighbor_alltoall", NB_SIG, NB_COLL, 1, NB_ALLTOALL | NB_NONBLOCKING, measure_neighbor, init_neighbor, finalize_neighbor,
              prepare_neighbor, check_neighbor, NULL),
  SK_ROW_MPI3("Ineighbor_alltoallv", NB_SIG, NB_COLL, 1, NB_ALLTOALLV | NB_NONBLOCKING, measure_neighbor, init_neighbor, finalize_neighbor,
              prepare_neighbor, check_neighbor, NULL),
  SK_ROW_MPI3("Ineighbor_alltoallw", NB_SIG, NB_COLL, 1, NB_ALLTOALLW | NB_NONBLOCKING, measure_neighbor, init_neighbor, finalize_neighbor,
              prepare_neighbor, check_neighbor, NULL),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_neighbor(void) { return mpi_neighbor_table; }
