/*
** meas_mpi_mockup.c -- the mock-ups of the self-consistent performance guidelines
** (Traeff, Gropp and Thakur, Self-consistent MPI performance guidelines, IEEE TPDS
** 21(5), 2010): each row does what one MPI collective does by two others, taking the
** arguments of the operation it mocks up, so both sides move the same bytes:
**   Gather_Bcast = Allgather, Scatter_Allgather = Bcast, Reduce_scatter_block_Gather =
**   Reduce, Reduce_scatter_block_Allgather = Allreduce, Reduce_Scatter =
**   Reduce_scatter_block, Exscan_Reduce_local = Scan.
** One init (init_mockup) serves every row, told apart by its variant (mockup_variants:
** root, the split into p blocks, the buffers); the intermediate block lives in the
** receive buffer behind the result. Timing as in meas_mpi_coll.c; the verification
** checks the data of the operation mocked up. Under SKAMPI_TESTING,
** Testing_Slowed_Bcast is the planted guideline violation of tests/guidelines/truth.sh.
** The rules in full: doc/internals.md, "meas_mpi_mockup.c".
*/
#include "meas_mpi.h"
#include "verify.h"

/* The rows' variants: what the shared init, prepare and check need to know of a row. */
enum mockup_variant_id { MU_GATHER_BCAST, MU_SCATTER_ALLGATHER, MU_RSB_GATHER, MU_RSB_ALLGATHER, MU_REDUCE_SCATTER,
                         MU_EXSCAN_REDUCE_LOCAL, MU_SLOWED_BCAST };

#ifdef SKAMPI_MPI

typedef struct mockup_variant {
  int rooted;        /* the row has a root (checked as a rank) */
  int split;         /* count must be a multiple of the processes (p equal blocks) */
  int send_p_blocks; /* 1: count * p elements to send (Reduce_Scatter's vector), 0: count */
  int scratch;       /* elements behind the result in the receive buffer: 0, 1 (count/p), 2 (count*p) */
} mockup_variant;

static const mockup_variant mockup_variants[] = {   /* by enum mockup_variant_id */
  { 1, 0, 0, 0 },   /* Gather_Bcast: its own sizes (send and receive counts, init_mockup) */
  { 1, 1, 0, 1 },   /* Scatter_Allgather */
  { 1, 1, 0, 1 },   /* Reduce_scatter_block_Gather */
  { 0, 1, 0, 1 },   /* Reduce_scatter_block_Allgather */
  { 1, 0, 1, 2 },   /* Reduce_Scatter */
  { 0, 0, 0, 0 },   /* Exscan_Reduce_local */
  { 1, 0, 0, 0 }    /* Testing_Slowed_Bcast */
};

/* Elements of the send buffer: count, or count * p (Reduce_Scatter reduces p blocks). */
static long mockup_send_elements(const sk_mctx *m, const mockup_variant *v)
{
  return v->send_p_blocks ? m->arg.count * m->size : m->arg.count;
}

/* The init of every row: the checks (split: count in p equal blocks), then the buffers,
** the scratch block behind the result in the receive buffer. */
static void init_mockup(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  const mockup_variant *v = &mockup_variants[m->variant];
  const char *fn = m->name;
  long scratch = v->scratch == 1 ? a->count / m->size : v->scratch == 2 ? a->count * m->size : 0;
  (void)args;
  if (m->variant == MU_GATHER_BCAST) {
    sk_mpi_check_count(m, fn, "count", a->send_count);
    sk_mpi_check_count(m, fn, "receive count", a->recv_count);
    sk_mpi_check_same_data(m, fn, a->send_count, a->send_dt, a->recv_count, a->recv_dt);
  } else sk_mpi_check_count(m, fn, "count", a->count);
  if (a->op) sk_mpi_check_op(m, fn, a->op, a->datatype, 0);
  if (v->rooted) sk_mpi_check_rank(m, fn, "root", a->root);
  if (v->split && !m->failed && a->count % m->size != 0) {
    char msg[160];
    sprintf(msg, "%.40s: count %ld is not a multiple of the %d processes (the guideline splits it into equal blocks)",
            fn, a->count, m->size);
    sk_meas_fail(m, msg);
  }
  if (m->failed) return;
  if (m->variant == MU_GATHER_BCAST) {   /* Allgather's sizes */
    m->send_usage = sk_mpi_block_bytes(m, fn, a->send_count, a->send_dt, 1, 0);
    m->recv_usage = sk_mpi_block_bytes(m, fn, a->recv_count, a->recv_dt, m->size, 0);
    m->reported_size = sk_mpi_data_bytes(a->send_count, a->send_dt);
    return;
  }
  m->send_usage = sk_mpi_block_bytes(m, fn, mockup_send_elements(m, v), a->datatype, 1, 0);
  m->recv_usage = sk_mpi_block_bytes(m, fn, a->count + scratch, a->datatype, 1, 0);
  m->reported_size = sk_mpi_data_bytes(a->count, a->datatype);
}

/* Where the intermediate block lives: behind the result (count elements). */
static char *mockup_scratch(const sk_mctx *m)
{
  return m->recv_buf + sk_mpi_bytes(m->arg.count, m->arg.datatype);
}

/* ---- Gather_Bcast: Allgather ---- */

static double measure_Gather_Bcast(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  MPI_Comm comm = sk_mpi_comm(m);
  double start;
  (void)args;
  start = sk_sync_start(m);
  MPI_Gather(m->send_buf, (int)a->send_count, a->send_dt->mpi, m->recv_buf, (int)a->recv_count, a->recv_dt->mpi,
             (int)a->root, comm);
  MPI_Bcast(m->recv_buf, (int)a->recv_count * m->size, a->recv_dt->mpi, (int)a->root, comm);
  return sk_sync_stop(m) - start;
}

/* Block j of every process came from process j (the check of Allgather). */
static void check_Gather_Bcast(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  (void)args;
  sk_mpi_verify_blocks(m, a->recv_count, a->recv_dt, a->send_count, a->send_dt, 0);
}

/* ---- Scatter_Allgather (Bcast) and Reduce_scatter_block_Gather, _Allgather (Reduce, Allreduce) ---- */

/* Scatter_Allgather (MPI_Scatter) and the Reduce_scatter_block_ pair: each process's
** block of count/p into the scratch behind the result, then to everybody (MPI_Allgather)
** or to the root (Reduce_scatter_block_Gather: MPI_Gather). */
static double measure_block_then_gather(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Datatype dt = a->datatype->mpi;
  int block = (int)(a->count / m->size);
  char *scratch = mockup_scratch(m);
  double start;
  (void)args;
  start = sk_sync_start(m);
  if (m->variant == MU_SCATTER_ALLGATHER) MPI_Scatter(m->send_buf, block, dt, scratch, block, dt, (int)a->root, comm);
#if SK_MPI_LEVEL >= 3
  else MPI_Reduce_scatter_block(m->send_buf, scratch, block, dt, a->op->mpi, comm);
#endif
  if (m->variant == MU_RSB_GATHER) MPI_Gather(scratch, block, dt, m->recv_buf, block, dt, (int)a->root, comm);
  else MPI_Allgather(scratch, block, dt, m->recv_buf, block, dt, comm);
  return sk_sync_stop(m) - start;
}

/* Every process (the root too, unless the row is the plain broadcast) holds the root's
** data. */
static void check_broadcast(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  (void)args;
  if (m->variant == MU_SLOWED_BCAST && m->rank == a->root) return;
  sk_mpi_verify_block(m, m->variant == MU_SLOWED_BCAST ? "received broadcast" : "broadcast data", m->recv_buf, a->count,
                      a->datatype, a->count, a->datatype, a->root, 0);
}

/* ---- the reductions (MPI-2.2 and later: MPI_Reduce_scatter_block, MPI_Reduce_local) ---- */
#if SK_MPI_LEVEL >= 3

/* ---- Exscan_Reduce_local: Scan ---- */

static double measure_Exscan_Reduce_local(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  double start;
  (void)args;
  start = sk_sync_start(m);
  MPI_Exscan(m->send_buf, m->recv_buf, (int)a->count, a->datatype->mpi, a->op->mpi, sk_mpi_comm(m));
  if (m->rank == 0) memcpy(m->recv_buf, m->send_buf, sk_mpi_bytes(a->count, a->datatype));   /* Exscan left it undefined */
  else MPI_Reduce_local(m->send_buf, m->recv_buf, (int)a->count, a->datatype->mpi, a->op->mpi);
  return sk_sync_stop(m) - start;
}

/* The reductions' operands (verify.h): the elements of the send buffer. */
static void prepare_mockup_operands(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_mpi_verify_fill_operands(m, mockup_send_elements(m, &mockup_variants[m->variant]), m->arg.datatype);
}

/* Rank r holds the reduction of ranks 0..r (the check of Scan). */
static void check_Exscan_Reduce_local(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  (void)args;
  sk_mpi_verify_reduced(m, "scan result", m->recv_buf, a->count, a->datatype, a->op, 0, m->rank);
}

/* ---- Reduce_scatter_block_Gather (Reduce) and _Allgather (Allreduce) ---- */

/* The root (Reduce) or everybody (Allreduce) holds the whole result. */
static void check_rsb_then_gather(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  (void)args;
  if (m->variant == MU_RSB_ALLGATHER || m->rank == a->root)
    sk_mpi_verify_reduced(m, "reduction result", m->recv_buf, a->count, a->datatype, a->op, 0, m->size - 1);
}

/* ---- Reduce_Scatter: Reduce_scatter_block (count: each process's block) ---- */

static double measure_Reduce_Scatter(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  MPI_Comm comm = sk_mpi_comm(m);
  char *scratch = mockup_scratch(m);
  double start;
  (void)args;
  start = sk_sync_start(m);
  MPI_Reduce(m->send_buf, scratch, (int)a->count * m->size, a->datatype->mpi, a->op->mpi, (int)a->root, comm);
  MPI_Scatter(scratch, (int)a->count, a->datatype->mpi, m->recv_buf, (int)a->count, a->datatype->mpi, (int)a->root, comm);
  return sk_sync_stop(m) - start;
}

/* Rank r holds block r of the reduction of the count*p vectors (the check of
** Reduce_scatter_block). */
static void check_Reduce_Scatter(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  (void)args;
  sk_mpi_verify_reduced_from(m, "scattered block of the reduction result", m->recv_buf, a->count, a->datatype, a->op, 0,
                             m->size - 1, a->count * m->rank);
}
#endif /* MPI-3 */

#ifdef SKAMPI_TESTING
/* Test only: MPI_Bcast, then delay_us of busy waiting on every process, timed. */
static double measure_Testing_Slowed_Bcast(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  double start;
  (void)args;
  start = sk_sync_start(m);
  MPI_Bcast(m->rank == a->root ? m->send_buf : m->recv_buf, (int)a->count, a->datatype->mpi, (int)a->root, sk_mpi_comm(m));
  if (a->delay_us_d > 0.0) sk_mpi_busy_wait(a->delay_us_d);
  return sk_sync_stop(m) - start;
}
#endif
#endif /* SKAMPI_MPI */

#define MU_COLL SK_PATTERN_COLLECTIVE
#define MU_REDUCE_SIG "count:i datatype:t op:o"

static const sk_measurement mpi_mockup_table[] = {
  SK_ROW_MPI("Gather_Bcast", "send_count:i send_dt:t recv_count:i recv_dt:t root:i", MU_COLL, 1, MU_GATHER_BCAST,
             measure_Gather_Bcast, init_mockup, NULL, NULL, check_Gather_Bcast, NULL),
  SK_ROW_MPI("Scatter_Allgather", "count:i datatype:t root:i", MU_COLL, 1, MU_SCATTER_ALLGATHER,
             measure_block_then_gather, init_mockup, NULL, NULL, check_broadcast, NULL),
  SK_ROW_MPI3("Reduce_scatter_block_Gather", MU_REDUCE_SIG " root:i", MU_COLL, 1, MU_RSB_GATHER,
              measure_block_then_gather, init_mockup, NULL, prepare_mockup_operands, check_rsb_then_gather, NULL),
  SK_ROW_MPI3("Reduce_scatter_block_Allgather", MU_REDUCE_SIG, MU_COLL, 1, MU_RSB_ALLGATHER,
              measure_block_then_gather, init_mockup, NULL, prepare_mockup_operands, check_rsb_then_gather, NULL),
  SK_ROW_MPI3("Reduce_Scatter", MU_REDUCE_SIG " root:i", MU_COLL, 1, MU_REDUCE_SCATTER,
              measure_Reduce_Scatter, init_mockup, NULL, prepare_mockup_operands, check_Reduce_Scatter, NULL),
  SK_ROW_MPI3("Exscan_Reduce_local", MU_REDUCE_SIG, MU_COLL, 1, MU_EXSCAN_REDUCE_LOCAL,
              measure_Exscan_Reduce_local, init_mockup, NULL, prepare_mockup_operands, check_Exscan_Reduce_local, NULL),
#ifdef SKAMPI_TESTING
  SK_ROW_MPI("Testing_Slowed_Bcast", "count:i datatype:t root:i delay_us:d", MU_COLL, 1, MU_SLOWED_BCAST,
             measure_Testing_Slowed_Bcast, init_mockup, NULL, NULL, check_broadcast, NULL),
#endif
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_mockup(void) { return mpi_mockup_table; }
