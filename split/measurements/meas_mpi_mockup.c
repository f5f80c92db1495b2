/*
** meas_mpi_mockup.c -- the mock-ups of the self-consistent performance guidelines
** (Traeff, Gropp and Thakur, Self-consistent MPI performance guidelines, IEEE TPDS
** 21(5), 2010): each row does what one MPI collective does by two others, so that a
** library's specialised collective can be compared with the same result built from
** parts (doc/guidelines.md; the post-processing is results/guidelines.c). Beside
** Reduce_Bcast and Reduce_Scatterv of meas_mpi_coll.c:
**   Gather_Bcast(s_cnt, s_dt, r_cnt, r_dt, root)      = Allgather: MPI_Gather to the
**                                                       root, MPI_Bcast of the p blocks
**   Scatter_Allgather(count, dt, root)                = Bcast: MPI_Scatter of count/p,
**                                                       MPI_Allgather of the blocks
**   Reduce_scatter_block_Gather(count, dt, op, root)  = Reduce: MPI_Reduce_scatter_block
**                                                       of count/p, MPI_Gather to the root
**   Reduce_scatter_block_Allgather(count, dt, op)     = Allreduce: the same, MPI_Allgather
**   Reduce_Scatter(count, dt, op, root)               = Reduce_scatter_block(count, ...):
**                                                       MPI_Reduce of count*p to the root,
**                                                       MPI_Scatter of count to each
**   Exscan_Reduce_local(count, dt, op)                = Scan: MPI_Exscan, then
**                                                       MPI_Reduce_local of the own input
**                                                       (rank 0 copies its input)
** Each takes the arguments of the operation it mocks up (its left side), so both sides
** move the same bytes; where the paper's n must be split into p equal blocks, count
** must be a multiple of the number of processes (init refuses it otherwise). The
** intermediate block lives in the receive buffer behind the result ("scratch").
** Timing as in meas_mpi_coll.c: both calls between one sk_sync_start() and
** sk_sync_stop(); verification: the data each process ends with is that of the
** operation mocked up (verify.h).
** Under SKAMPI_TESTING, Testing_Slowed_Bcast(count, dt, root, delay_us) is MPI_Bcast
** followed by a busy wait of delay_us on every process inside the timing: the planted
** guideline violation of tests/guidelines/truth.sh.
*/
#include "meas_mpi.h"
#include "verify.h"

#ifdef SKAMPI_MPI

/* The arguments of every row: the data-movement ones (s_cnt, s_dt, r_cnt, r_dt, root),
** the broadcast (count, dt, root) and the reductions (count, dt, op[, root]). */
typedef struct mockup_args {
  long count, r_count;
  const sk_datatype *dt, *r_dt;
  const sk_opdef *op;
  long root;
} mockup_args;

enum mockup_family { MU_XFER_ROOT, MU_BCAST, MU_REDUCE, MU_REDUCE_ROOT };

static void mockup_args_read(mockup_args *a, const sk_value *args, enum mockup_family f)
{
  memset(a, 0, sizeof *a);
  a->count = a->r_count = args[0].u.i;
  a->dt = a->r_dt = args[1].u.dt;
  a->root = 0;
  switch (f) {
  case MU_XFER_ROOT: a->r_count = args[2].u.i; a->r_dt = args[3].u.dt; a->root = args[4].u.i; break;
  case MU_BCAST: a->root = args[2].u.i; break;
  case MU_REDUCE: a->op = args[2].u.op; break;
  case MU_REDUCE_ROOT: a->op = args[2].u.op; a->root = args[3].u.i; break;
  }
}

/* The checks every init makes; split: count must be a multiple of the processes. */
static int mockup_check(sk_mctx *m, const char *fn, const mockup_args *a, enum mockup_family f, int split)
{
  char msg[160];
  sk_mpi_check_count(m, fn, "count", a->count);
  if (f == MU_XFER_ROOT) {
    sk_mpi_check_count(m, fn, "receive count", a->r_count);
    sk_mpi_check_same_data(m, fn, a->count, a->dt, a->r_count, a->r_dt);
  }
  if (a->op) sk_mpi_check_op(m, fn, a->op, a->dt, 0);
  if (f != MU_REDUCE) sk_mpi_check_rank(m, fn, "root", a->root);
  if (split && !m->failed && a->count % m->size != 0) {
    sprintf(msg, "%.40s: count %ld is not a multiple of the %d processes (the guideline splits it into equal blocks)",
            fn, a->count, m->size);
    sk_meas_fail(m, msg);
  }
  return !m->failed;
}

/* ---- Gather_Bcast: Allgather ---- */

static void init_Gather_Bcast(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Gather_Bcast";
  mockup_args a;
  mockup_args_read(&a, args, MU_XFER_ROOT);
  if (!mockup_check(m, fn, &a, MU_XFER_ROOT, 0)) return;
  m->send_usage = sk_mpi_block_bytes(m, fn, a.count, a.dt, 1, 0);
  m->recv_usage = sk_mpi_block_bytes(m, fn, a.r_count, a.r_dt, m->size, 0);
  m->reported_size = sk_mpi_data_bytes(a.count, a.dt);
}

static double measure_Gather_Bcast(sk_mctx *m, const sk_value *args)
{
  mockup_args a;
  MPI_Comm comm = sk_mpi_comm(m);
  double start;
  mockup_args_read(&a, args, MU_XFER_ROOT);
  start = sk_sync_start(m);
  MPI_Gather(m->send_buf, (int)a.count, a.dt->mpi, m->recv_buf, (int)a.r_count, a.r_dt->mpi, (int)a.root, comm);
  MPI_Bcast(m->recv_buf, (int)a.r_count * m->size, a.r_dt->mpi, (int)a.root, comm);
  return sk_sync_stop(m) - start;
}

/* Block j of every process came from process j (the check of Allgather). */
static void check_Gather_Bcast(sk_mctx *m, const sk_value *args)
{
  mockup_args a;
  mockup_args_read(&a, args, MU_XFER_ROOT);
  sk_mpi_verify_blocks(m, a.r_count, a.r_dt, a.count, a.dt, 0);
}

/* ---- Scatter_Allgather: Bcast ---- */

/* The broadcasts (count, dt, root): Scatter_Allgather (split: count in p blocks, the
** scratch block behind the result) and Testing_Slowed_Bcast. */
static void init_broadcast(sk_mctx *m, const sk_value *args, const char *fn, int split)
{
  mockup_args a;
  mockup_args_read(&a, args, MU_BCAST);
  if (!mockup_check(m, fn, &a, MU_BCAST, split)) return;
  m->send_usage = sk_mpi_block_bytes(m, fn, a.count, a.dt, 1, 0);
  m->recv_usage = sk_mpi_block_bytes(m, fn, a.count + (split ? a.count / m->size : 0), a.dt, 1, 0);
  m->reported_size = sk_mpi_data_bytes(a.count, a.dt);
}

static void init_Scatter_Allgather(sk_mctx *m, const sk_value *args)
{
  init_broadcast(m, args, "Scatter_Allgather", 1);
}

static double measure_Scatter_Allgather(sk_mctx *m, const sk_value *args)
{
  mockup_args a;
  MPI_Comm comm = sk_mpi_comm(m);
  int block;
  char *scratch;
  double start;
  mockup_args_read(&a, args, MU_BCAST);
  block = (int)(a.count / m->size);
  scratch = m->recv_buf + sk_mpi_bytes(a.count, a.dt);
  start = sk_sync_start(m);
  MPI_Scatter(m->send_buf, block, a.dt->mpi, scratch, block, a.dt->mpi, (int)a.root, comm);
  MPI_Allgather(scratch, block, a.dt->mpi, m->recv_buf, block, a.dt->mpi, comm);
  return sk_sync_stop(m) - start;
}

/* Every process, the root too, holds the root's data. */
static void check_Scatter_Allgather(sk_mctx *m, const sk_value *args)
{
  mockup_args a;
  mockup_args_read(&a, args, MU_BCAST);
  sk_mpi_verify_block(m, "broadcast data", m->recv_buf, a.count, a.dt, a.count, a.dt, a.root, 0);
}

/* ---- Exscan_Reduce_local: Scan (MPI-2.2 and later: MPI_Reduce_local) ---- */
#if SK_MPI_LEVEL >= 3

static void init_reduction(sk_mctx *m, const sk_value *args, const char *fn, enum mockup_family f, int split,
                           long recv_elements, long send_elements)
{
  mockup_args a;
  mockup_args_read(&a, args, f);
  if (!mockup_check(m, fn, &a, f, split)) return;
  m->send_usage = sk_mpi_block_bytes(m, fn, send_elements, a.dt, 1, 0);
  m->recv_usage = sk_mpi_block_bytes(m, fn, recv_elements, a.dt, 1, 0);
  m->reported_size = sk_mpi_data_bytes(a.count, a.dt);
}

static void init_Exscan_Reduce_local(sk_mctx *m, const sk_value *args)
{
  init_reduction(m, args, "Exscan_Reduce_local", MU_REDUCE, 0, args[0].u.i, args[0].u.i);
}

static double measure_Exscan_Reduce_local(sk_mctx *m, const sk_value *args)
{
  mockup_args a;
  double start;
  mockup_args_read(&a, args, MU_REDUCE);
  start = sk_sync_start(m);
  MPI_Exscan(m->send_buf, m->recv_buf, (int)a.count, a.dt->mpi, a.op->mpi, sk_mpi_comm(m));
  if (m->rank == 0) memcpy(m->recv_buf, m->send_buf, sk_mpi_bytes(a.count, a.dt));   /* Exscan left it undefined */
  else MPI_Reduce_local(m->send_buf, m->recv_buf, (int)a.count, a.dt->mpi, a.op->mpi);
  return sk_sync_stop(m) - start;
}

/* The reductions' operands (verify.h): count elements, or count*p (Reduce_Scatter). */
static void prepare_count_operands(sk_mctx *m, const sk_value *args)
{
  sk_mpi_verify_fill_operands(m, args[0].u.i, args[1].u.dt);
}

/* Rank r holds the reduction of ranks 0..r (the check of Scan). */
static void check_Exscan_Reduce_local(sk_mctx *m, const sk_value *args)
{
  mockup_args a;
  mockup_args_read(&a, args, MU_REDUCE);
  sk_mpi_verify_reduced(m, "scan result", m->recv_buf, a.count, a.dt, a.op, 0, m->rank);
}

/* ---- Reduce_scatter_block_Gather (Reduce) and _Allgather (Allreduce) ---- */

static void init_Reduce_scatter_block_Gather(sk_mctx *m, const sk_value *args)
{
  long count = args[0].u.i;
  init_reduction(m, args, "Reduce_scatter_block_Gather", MU_REDUCE_ROOT, 1, count + count / m->size, count);
}

static void init_Reduce_scatter_block_Allgather(sk_mctx *m, const sk_value *args)
{
  long count = args[0].u.i;
  init_reduction(m, args, "Reduce_scatter_block_Allgather", MU_REDUCE, 1, count + count / m->size, count);
}

/* The block of the whole result into the scratch behind it, then to the root (gather)
** or everybody. */
static double mockup_rsb_then(sk_mctx *m, const sk_value *args, int all)
{
  mockup_args a;
  MPI_Comm comm = sk_mpi_comm(m);
  int block;
  char *scratch;
  double start;
  mockup_args_read(&a, args, all ? MU_REDUCE : MU_REDUCE_ROOT);
  block = (int)(a.count / m->size);
  scratch = m->recv_buf + sk_mpi_bytes(a.count, a.dt);
  start = sk_sync_start(m);
  MPI_Reduce_scatter_block(m->send_buf, scratch, block, a.dt->mpi, a.op->mpi, comm);
  if (all) MPI_Allgather(scratch, block, a.dt->mpi, m->recv_buf, block, a.dt->mpi, comm);
  else MPI_Gather(scratch, block, a.dt->mpi, m->recv_buf, block, a.dt->mpi, (int)a.root, comm);
  return sk_sync_stop(m) - start;
}

static double measure_Reduce_scatter_block_Gather(sk_mctx *m, const sk_value *args)
{
  return mockup_rsb_then(m, args, 0);
}

static double measure_Reduce_scatter_block_Allgather(sk_mctx *m, const sk_value *args)
{
  return mockup_rsb_then(m, args, 1);
}

/* The root (Reduce) or everybody (Allreduce) holds the whole result. */
static void check_Reduce_scatter_block_Gather(sk_mctx *m, const sk_value *args)
{
  mockup_args a;
  mockup_args_read(&a, args, MU_REDUCE_ROOT);
  if (m->rank == a.root)
    sk_mpi_verify_reduced(m, "reduction result", m->recv_buf, a.count, a.dt, a.op, 0, m->size - 1);
}

static void check_Reduce_scatter_block_Allgather(sk_mctx *m, const sk_value *args)
{
  mockup_args a;
  mockup_args_read(&a, args, MU_REDUCE);
  sk_mpi_verify_reduced(m, "reduction result", m->recv_buf, a.count, a.dt, a.op, 0, m->size - 1);
}

/* ---- Reduce_Scatter: Reduce_scatter_block (count: each process's block) ---- */

static void init_Reduce_Scatter(sk_mctx *m, const sk_value *args)
{
  long count = args[0].u.i;
  init_reduction(m, args, "Reduce_Scatter", MU_REDUCE_ROOT, 0, count + count * m->size, count * m->size);
}

static double measure_Reduce_Scatter(sk_mctx *m, const sk_value *args)
{
  mockup_args a;
  MPI_Comm comm = sk_mpi_comm(m);
  char *scratch;
  double start;
  mockup_args_read(&a, args, MU_REDUCE_ROOT);
  scratch = m->recv_buf + sk_mpi_bytes(a.count, a.dt);
  start = sk_sync_start(m);
  MPI_Reduce(m->send_buf, scratch, (int)a.count * m->size, a.dt->mpi, a.op->mpi, (int)a.root, comm);
  MPI_Scatter(scratch, (int)a.count, a.dt->mpi, m->recv_buf, (int)a.count, a.dt->mpi, (int)a.root, comm);
  return sk_sync_stop(m) - start;
}

static void prepare_Reduce_Scatter(sk_mctx *m, const sk_value *args)
{
  sk_mpi_verify_fill_operands(m, args[0].u.i * m->size, args[1].u.dt);
}

/* Rank r holds block r of the reduction of the count*p vectors (the check of
** Reduce_scatter_block). */
static void check_Reduce_Scatter(sk_mctx *m, const sk_value *args)
{
  mockup_args a;
  mockup_args_read(&a, args, MU_REDUCE_ROOT);
  sk_mpi_verify_reduced_from(m, "scattered block of the reduction result", m->recv_buf, a.count, a.dt, a.op, 0,
                             m->size - 1, a.count * m->rank);
}
#endif /* MPI-3 */

#ifdef SKAMPI_TESTING
/* Test only: MPI_Bcast, then delay_us of busy waiting on every process, timed. */
static void init_Testing_Slowed_Bcast(sk_mctx *m, const sk_value *args)
{
  init_broadcast(m, args, "Testing_Slowed_Bcast", 0);
}

static double measure_Testing_Slowed_Bcast(sk_mctx *m, const sk_value *args)
{
  mockup_args a;
  double start, delay_us = sk_mpi_arg_double(&args[3]);
  mockup_args_read(&a, args, MU_BCAST);
  start = sk_sync_start(m);
  MPI_Bcast(m->rank == a.root ? m->send_buf : m->recv_buf, (int)a.count, a.dt->mpi, (int)a.root, sk_mpi_comm(m));
  if (delay_us > 0.0) sk_mpi_busy_wait(delay_us);
  return sk_sync_stop(m) - start;
}

static void check_Testing_Slowed_Bcast(sk_mctx *m, const sk_value *args)
{
  mockup_args a;
  mockup_args_read(&a, args, MU_BCAST);
  if (m->rank != a.root)
    sk_mpi_verify_block(m, "received broadcast", m->recv_buf, a.count, a.dt, a.count, a.dt, a.root, 0);
}
#endif
#endif /* SKAMPI_MPI */

#define MU_COLL SK_PATTERN_COLLECTIVE
#define MU_XFER_ROOT_SIG "send_count:i send_dt:t recv_count:i recv_dt:t root:i"

static const sk_measurement mpi_mockup_table[] = {
  SK_ROW_MPI("Gather_Bcast", MU_XFER_ROOT_SIG, MU_COLL, 1, 0,
             measure_Gather_Bcast, init_Gather_Bcast, NULL, NULL, check_Gather_Bcast, NULL),
  SK_ROW_MPI("Scatter_Allgather", "count:i datatype:t root:i", MU_COLL, 1, 0,
             measure_Scatter_Allgather, init_Scatter_Allgather, NULL, NULL, check_Scatter_Allgather, NULL),
  SK_ROW_MPI3("Reduce_scatter_block_Gather", "count:i datatype:t op:o root:i", MU_COLL, 1, 0,
              measure_Reduce_scatter_block_Gather, init_Reduce_scatter_block_Gather, NULL, prepare_count_operands,
              check_Reduce_scatter_block_Gather, NULL),
  SK_ROW_MPI3("Reduce_scatter_block_Allgather", "count:i datatype:t op:o", MU_COLL, 1, 0,
              measure_Reduce_scatter_block_Allgather, init_Reduce_scatter_block_Allgather, NULL, prepare_count_operands,
              check_Reduce_scatter_block_Allgather, NULL),
  SK_ROW_MPI3("Reduce_Scatter", "count:i datatype:t op:o root:i", MU_COLL, 1, 0,
              measure_Reduce_Scatter, init_Reduce_Scatter, NULL, prepare_Reduce_Scatter, check_Reduce_Scatter, NULL),
  SK_ROW_MPI3("Exscan_Reduce_local", "count:i datatype:t op:o", MU_COLL, 1, 0,
              measure_Exscan_Reduce_local, init_Exscan_Reduce_local, NULL, prepare_count_operands,
              check_Exscan_Reduce_local, NULL),
#ifdef SKAMPI_TESTING
  SK_ROW_MPI("Testing_Slowed_Bcast", "count:i datatype:t root:i delay_us:d", MU_COLL, 1, 0,
             measure_Testing_Slowed_Bcast, init_Testing_Slowed_Bcast, NULL, NULL, check_Testing_Slowed_Bcast, NULL),
#endif
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_mockup(void) { return mpi_mockup_table; }
