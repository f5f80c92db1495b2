/*
** meas_mpi_peer_p2p_imb.c -- the communication patterns of IMB-P2P ("Intel MPI
** Benchmarks User Guide", IMB-P2P) that no other row has, MPI-1.1 calls only, every
** process taking part: P2P_Pingping (pairs i and i + P/2 send to each other at once),
** P2P_Sendrecv_replace (a ring of MPI_Sendrecv_replace), P2P_Unirandom (P messages, each
** between a random pair), P2P_Birandom (P random pairs exchanging one message each way),
** P2P_Corandom (a random ring: every process sends to its successor and receives from its
** predecessor), P2P_Stencil2D and P2P_Stencil3D (every process exchanges with each of its
** 4 or 6 neighbours on the periodic grid of MPI_Dims_create). Every row takes
** (count, datatype) and times ONE round of its pattern from a synchronised start to the
** last process's end. The random rows draw their pairs from one generator that every
** process steps alike, restarted at a fixed seed by each measurement: every process
** agrees on the pattern and a rerun repeats it. check_p2p_imb verifies the message of
** every partner (the random rows: the last one this process received).
*/
#include "meas_mpi.h"
#include "verify.h"

/* The rows' variants (one pattern each). */
enum p2p_imb_kind { PI_PINGPING, PI_RING, PI_UNIRANDOM, PI_BIRANDOM, PI_CORANDOM, PI_STENCIL2D, PI_STENCIL3D };

#define PI_MAX_NEIGHBOURS 6
#define PI_SEED 20211u   /* the generator's start: any fixed value */

#ifdef SKAMPI_MPI

typedef struct p2p_imb_state {
  unsigned long random;                 /* the generator (32 bits used) */
  int neighbours[PI_MAX_NEIGHBOURS];    /* the stencils' partners, direction d at index d */
  int n_neighbours;
  int last_source;                      /* the random rows: whose message the receive buffer holds, -1 none */
  int *ring;                            /* Corandom: the random order of the processes */
} p2p_imb_state;

static p2p_imb_state *p2p_imb_of(sk_mctx *m) { return (p2p_imb_state *)m->state; }

/* The next number below n (an LCG of MPI-independent arithmetic: the same on every process). */
static int p2p_imb_draw(p2p_imb_state *s, int n)
{
  s->random = (s->random * 1103515245UL + 12345UL) & 0xffffffffUL;
  return (int)((s->random >> 8) % (unsigned long)n);
}

/* The stencils' neighbours: the grid of MPI_Dims_create (rank = row-major coordinates),
** periodic, in directions -x, +x, -y, +y (, -z, +z). */
static void p2p_imb_stencil(sk_mctx *m, p2p_imb_state *s, int ndims)
{
  int dims[3] = { 0, 0, 0 }, coord[3], c[3], d, k, r = m->rank;
  MPI_Dims_create(m->size, ndims, dims);
  for (d = ndims - 1; d >= 0; d--) {
    coord[d] = r % dims[d];
    r /= dims[d];
  }
  for (k = 0; k < 2 * ndims; k++) {
    for (d = 0; d < ndims; d++) c[d] = coord[d];
    d = k / 2;
    c[d] = (c[d] + (k % 2 ? 1 : dims[d] - 1)) % dims[d];
    for (r = 0, d = 0; d < ndims; d++) r = r * dims[d] + c[d];
    s->neighbours[k] = r;
  }
  s->n_neighbours = 2 * ndims;
}

static void finalize_p2p_imb(sk_mctx *m, const sk_value *args)
{
  p2p_imb_state *s = p2p_imb_of(m);
  (void)args;
  if (s == NULL) return;
  free(s->ring);
  free(s);
  m->state = NULL;
}

static void init_p2p_imb(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  p2p_imb_state *s;
  size_t block;
  int i;
  (void)args;
  sk_mpi_check_count(m, m->name, "count", a->count);
  block = sk_mpi_block_bytes(m, m->name, a->count, a->datatype, 1, 0);
  if (m->failed) return;
  s = (p2p_imb_state *)sk_calloc(1, sizeof *s);
  s->random = PI_SEED;
  s->last_source = -1;
  if (m->variant == PI_STENCIL2D) p2p_imb_stencil(m, s, 2);
  if (m->variant == PI_STENCIL3D) p2p_imb_stencil(m, s, 3);
  if (m->variant == PI_CORANDOM) {
    s->ring = (int *)sk_calloc((size_t)m->size, sizeof(int));
    for (i = 0; i < m->size; i++) s->ring[i] = i;
  }
  m->state = s;
  m->send_usage = block;
  m->recv_usage = s->n_neighbours > 0 ? (size_t)s->n_neighbours * block : block;
  m->reported_size = sk_mpi_data_bytes(a->count, a->datatype);
}

/* One message each way between this process and `partner`: MPI_Irecv, MPI_Send, MPI_Wait. */
static void p2p_imb_exchange(sk_mctx *m, int partner)
{
  const sk_margs *a = &m->arg;
  MPI_Request req;
  MPI_Status status;
  MPI_Irecv(m->recv_buf, (int)a->count, a->datatype->mpi, partner, 0, sk_mpi_comm(m), &req);
  MPI_Send(m->send_buf, (int)a->count, a->datatype->mpi, partner, 0, sk_mpi_comm(m));
  MPI_Wait(&req, &status);
}

/* P pairs drawn at random (two different processes each), in the same order on every
** process: one message from the first to the second, or (both_ways) one each way. */
static void p2p_imb_random_pairs(sk_mctx *m, p2p_imb_state *s, int both_ways)
{
  const sk_margs *a = &m->arg;
  MPI_Status status;
  int k, from, to;
  for (k = 0; k < m->size; k++) {
    from = p2p_imb_draw(s, m->size);
    do to = p2p_imb_draw(s, m->size); while (to == from);
    if (both_ways && (m->rank == from || m->rank == to)) {
      s->last_source = m->rank == from ? to : from;
      p2p_imb_exchange(m, s->last_source);
    } else if (m->rank == from) {
      MPI_Send(m->send_buf, (int)a->count, a->datatype->mpi, to, 0, sk_mpi_comm(m));
    } else if (m->rank == to) {
      MPI_Recv(m->recv_buf, (int)a->count, a->datatype->mpi, from, 0, sk_mpi_comm(m), &status);
      s->last_source = from;
    }
  }
}

/* Corandom: a random order of the processes (Fisher-Yates with the shared generator);
** each sends to its successor in it and receives from its predecessor. */
static void p2p_imb_random_ring(sk_mctx *m, p2p_imb_state *s)
{
  const sk_margs *a = &m->arg;
  MPI_Request req;
  MPI_Status status;
  int i, j, t, me = 0, n = m->size;
  for (i = n - 1; i > 0; i--) {
    j = p2p_imb_draw(s, i + 1);
    t = s->ring[i];
    s->ring[i] = s->ring[j];
    s->ring[j] = t;
  }
  while (s->ring[me] != m->rank) me++;
  s->last_source = s->ring[(me + n - 1) % n];
  MPI_Irecv(m->recv_buf, (int)a->count, a->datatype->mpi, s->last_source, 0, sk_mpi_comm(m), &req);
  MPI_Send(m->send_buf, (int)a->count, a->datatype->mpi, s->ring[(me + 1) % n], 0, sk_mpi_comm(m));
  MPI_Wait(&req, &status);
}

/* The stencils: receives from every neighbour (slot d from direction d, sent there in
** the opposite direction, which the tag names), then the sends, then MPI_Waitall. */
static void p2p_imb_stencil_round(sk_mctx *m, p2p_imb_state *s)
{
  const sk_margs *a = &m->arg;
  MPI_Request req[2 * PI_MAX_NEIGHBOURS];
  MPI_Status status[2 * PI_MAX_NEIGHBOURS];
  size_t block = sk_mpi_bytes(a->count, a->datatype);
  int d;
  for (d = 0; d < s->n_neighbours; d++)
    MPI_Irecv(m->recv_buf + (size_t)d * block, (int)a->count, a->datatype->mpi, s->neighbours[d], d ^ 1,
              sk_mpi_comm(m), &req[d]);
  for (d = 0; d < s->n_neighbours; d++)
    MPI_Isend(m->send_buf, (int)a->count, a->datatype->mpi, s->neighbours[d], d, sk_mpi_comm(m),
              &req[s->n_neighbours + d]);
  MPI_Waitall(2 * s->n_neighbours, req, status);
}

static double measure_p2p_imb(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  p2p_imb_state *s = p2p_imb_of(m);
  MPI_Status status;
  int half = m->size / 2, right = (m->rank + 1) % m->size, left = (m->rank + m->size - 1) % m->size;
  double start;
  (void)args;
  if (m->variant == PI_RING) memcpy(m->recv_buf, m->send_buf, m->send_usage);   /* replaced in place */
  start = sk_sync_start(m);
  switch (m->variant) {
  case PI_PINGPING:   /* an odd process out stays idle */
    if (m->rank < 2 * half) p2p_imb_exchange(m, m->rank < half ? m->rank + half : m->rank - half);
    break;
  case PI_RING:
    MPI_Sendrecv_replace(m->recv_buf, (int)a->count, a->datatype->mpi, right, 0, left, 0, sk_mpi_comm(m), &status);
    break;
  case PI_UNIRANDOM: p2p_imb_random_pairs(m, s, 0); break;
  case PI_BIRANDOM: p2p_imb_random_pairs(m, s, 1); break;
  case PI_CORANDOM: p2p_imb_random_ring(m, s); break;
  default: p2p_imb_stencil_round(m, s); break;
  }
  return sk_sync_stop(m) - start;
}

/* ---- verification (verify.h): the message of every partner ---- */
static void check_p2p_imb(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  p2p_imb_state *s = p2p_imb_of(m);
  int half = m->size / 2, d, from = -1;
  (void)args;
  switch (m->variant) {
  case PI_PINGPING: if (m->rank < 2 * half) from = m->rank < half ? m->rank + half : m->rank - half; break;
  case PI_RING: from = (m->rank + m->size - 1) % m->size; break;
  case PI_UNIRANDOM: case PI_BIRANDOM: case PI_CORANDOM: from = s->last_source; break;
  default:
    for (d = 0; d < s->n_neighbours && !m->failed; d++)
      sk_mpi_verify_block(m, "message from a neighbour", m->recv_buf + (size_t)d * sk_mpi_bytes(a->count, a->datatype),
                          a->count, a->datatype, a->count, a->datatype, s->neighbours[d], 0);
    return;
  }
  if (from >= 0)
    sk_mpi_verify_block(m, "receive buffer", m->recv_buf, a->count, a->datatype, a->count, a->datatype, from, 0);
}

#endif /* SKAMPI_MPI */

#define PI_SIG "count:i datatype:t"

static const sk_measurement mpi_p2p_imb_table[] = {
  SK_ROW_MPI("P2P_Pingping", PI_SIG, SK_PATTERN_COLLECTIVE, 2, PI_PINGPING,
             measure_p2p_imb, init_p2p_imb, finalize_p2p_imb, NULL, check_p2p_imb, NULL),
  SK_ROW_MPI("P2P_Sendrecv_replace", PI_SIG, SK_PATTERN_COLLECTIVE, 2, PI_RING,
             measure_p2p_imb, init_p2p_imb, finalize_p2p_imb, NULL, check_p2p_imb, NULL),
  SK_ROW_MPI("P2P_Unirandom", PI_SIG, SK_PATTERN_COLLECTIVE, 2, PI_UNIRANDOM,
             measure_p2p_imb, init_p2p_imb, finalize_p2p_imb, NULL, check_p2p_imb, NULL),
  SK_ROW_MPI("P2P_Birandom", PI_SIG, SK_PATTERN_COLLECTIVE, 2, PI_BIRANDOM,
             measure_p2p_imb, init_p2p_imb, finalize_p2p_imb, NULL, check_p2p_imb, NULL),
  SK_ROW_MPI("P2P_Corandom", PI_SIG, SK_PATTERN_COLLECTIVE, 2, PI_CORANDOM,
             measure_p2p_imb, init_p2p_imb, finalize_p2p_imb, NULL, check_p2p_imb, NULL),
  SK_ROW_MPI("P2P_Stencil2D", PI_SIG, SK_PATTERN_COLLECTIVE, 2, PI_STENCIL2D,
             measure_p2p_imb, init_p2p_imb, finalize_p2p_imb, NULL, check_p2p_imb, NULL),
  SK_ROW_MPI("P2P_Stencil3D", PI_SIG, SK_PATTERN_COLLECTIVE, 2, PI_STENCIL3D,
             measure_p2p_imb, init_p2p_imb, finalize_p2p_imb, NULL, check_p2p_imb, NULL),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_peer_p2p_imb(void) { return mpi_p2p_imb_table; }
