/*
** meas_mpi_win_coll.c -- the collective operations made of one-sided transfers (SKaMPI 5
** manual §3.3): onesided_bcast, onesided_alltoall, onesided_reduce, onesided_allreduce
** and onesided_borderexchange, the counterparts of the two-sided ones of meas_mpi_coll.c.
** The window state, its setup and the verification helpers come from meas_mpi_win_sync.c
** and meas_mpi_win_transfer.c (meas_mpi.h). The functions read their arguments by name
** (m->arg); each pair of rows shares one function per role, told apart by its VARIANT.
** They need MPI-2 (SK_MPI_LEVEL >= 2); the rows exist in every build.
*/
#include "meas_mpi.h"
#include "verify.h"

/* The VARIANTs of the rows (in every build: the table names them). */
enum repeated_variant { REPEATED_BCAST, REPEATED_ALLTOALL };
enum reduction_variant { REDUCTION_TO_ROOT, REDUCTION_EVERYWHERE };
enum border_variant { BORDER_PSCW, BORDER_FENCE };

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2

/* onesided_bcast(count, dt, info, bcast_count): bcast_count broadcasts from rank 0 made
** of puts, one fence epoch each; onesided_alltoall(count, dt, info, alltoall_count):
** likewise all-to-alls (every process puts a block to every process, itself included,
** slot = its rank). Both return the time of one operation (the average). */
static long repetitions(const sk_mctx *m)
{
  return m->variant == REPEATED_ALLTOALL ? m->arg.alltoall_count : m->arg.bcast_count;
}

static void init_onesided_repeated(sk_mctx *m, const sk_value *args)
{
  long slots = m->variant == REPEATED_ALLTOALL ? m->size : 1;
  sk_win_state *s;
  (void)args;
  sk_mpi_check_count(m, m->name, "repetition count", repetitions(m));
  s = sk_win_simple(m, slots);
  if (s == NULL) return;
  m->send_usage = s->block * (size_t)slots;
}

static double measure_onesided_repeated(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  long i, n = repetitions(m);
  int j;
  double start;
  (void)args;
  if (n <= 0) return 0.0;
  start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  for (i = 0; i < n; i++) {
    for (j = 0; j < m->size; j++) {
      if (m->variant == REPEATED_ALLTOALL)
        MPI_Put(m->send_buf + s->block * (size_t)j, s->count, s->dt, j, (MPI_Aint)(s->block * (size_t)m->rank),
                s->count, s->dt, s->win);
      else if (m->rank == 0 && j != 0)
        sk_win_put_block(m, s, j, 0);
    }
    MPI_Win_fence(i == n - 1 ? MPI_MODE_NOSUCCEED : 0, s->win);
  }
  return (sk_sync_stop(m) - start) / (double)n;
}

/* onesided_reduce(count, dt, info, op): every process accumulates its block into rank
** 0's window in one fence epoch (root fixed at 0); onesided_allreduce: every process
** accumulates into every process's window, itself included. */
static void init_onesided_reduction(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_mpi_check_op(m, m->name, m->arg.op, sk_win_datatype(m), 1);
  sk_win_simple(m, 1);
}

static double measure_onesided_reduction(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  int j, targets = m->variant == REDUCTION_EVERYWHERE ? m->size : 1;
  double start = sk_sync_start(m);
  (void)args;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  for (j = 0; j < targets; j++) sk_win_accumulate_block(m, s, j, 0, m->arg.op->mpi);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* onesided_borderexchange(count, info, iteration_count, compute) and
** onesided_borderexchange_fence: the ring stencil of twosided_borderexchange with puts
** (each process puts count ints into slot 0 of its right and slot 1 of its left
** neighbour), synchronised by PSCW with the neighbours or by fences. Returns the time of
** one iteration (the average). */
static void init_onesided_borderexchange(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s;
  (void)args;
  sk_mpi_check_count(m, m->name, "count", m->arg.count);
  sk_mpi_check_count(m, m->name, "iteration_count", m->arg.iteration_count);
  sk_mpi_check_count(m, m->name, "compute", m->arg.compute);
  s = sk_win_setup(m, m->arg.count, sk_mpi_int_type(), 2, 1);
  if (s == NULL) return;
  m->send_usage = s->block;
  m->recv_usage = 0;
  if (m->variant == BORDER_PSCW) {
    MPI_Group all;
    int neighbours[2];
    neighbours[0] = sk_mpi_ring_left(m);
    neighbours[1] = sk_mpi_ring_right(m);
    MPI_Comm_group(sk_mpi_comm(m), &all);
    MPI_Group_incl(all, neighbours[0] == neighbours[1] ? 1 : 2, neighbours, &s->targets);
    MPI_Group_free(&all);
  }
}

static double measure_onesided_borderexchange(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  int pscw = m->variant == BORDER_PSCW;
  long i, iterations = m->arg.iteration_count;
  double compute = (double)m->arg.compute, start;
  (void)args;
  if (iterations <= 0) return 0.0;
  start = sk_sync_start(m);
  if (!pscw) MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  for (i = 0; i < iterations; i++) {
    if (pscw) {
      MPI_Win_post(s->targets, 0, s->win);
      MPI_Win_start(s->targets, 0, s->win);
    }
    sk_win_put_block(m, s, sk_mpi_ring_right(m), 0);
    sk_win_put_block(m, s, sk_mpi_ring_left(m), 1);
    if (pscw) {
      MPI_Win_complete(s->win);
      MPI_Win_wait(s->win);
    } else {
      MPI_Win_fence(i == iterations - 1 ? MPI_MODE_NOSUCCEED : 0, s->win);
    }
    sk_mpi_busy_wait(compute);
  }
  return (sk_sync_stop(m) - start) / (double)iterations;
}

/* ---- verification (verify.h): the windows after the epochs (sk_win_check_window) ---- */

/* onesided_bcast: rank 0's block at every other rank, if it ran. */
static long broadcast(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)s;
  (void)slot;
  (void)offset;
  return repetitions(m) > 0 && m->rank != 0 ? 0 : -1;
}

/* onesided_alltoall: rank r put block `rank` of its send buffer into slot r. */
static long all_to_all(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  *offset = s->block * (size_t)m->rank;
  return repetitions(m) > 0 ? slot : -1;
}

/* The ring: slot 0 from the left neighbour, slot 1 from the right one. */
static long border(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)s;
  (void)offset;
  if (m->arg.iteration_count <= 0) return -1;
  return slot == 0 ? sk_mpi_ring_left(m) : sk_mpi_ring_right(m);
}

static void check_onesided_repeated(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, m->variant == REPEATED_ALLTOALL ? all_to_all : broadcast);
}

static void check_borderexchange(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, border);
}

/* Every rank into slot 0 of rank 0 (reduce) or of every rank (allreduce): the slot
** starts with the operands of virtual rank size, so the result combines ranks 0..size. */
static int reduction_plan(sk_mctx *m, const sk_win_state *s, long slot, int *start, int *lo, int *hi)
{
  (void)s;
  *start = *hi = m->size;
  *lo = 0;
  return slot == 0 && (m->variant == REDUCTION_EVERYWHERE || m->rank == 0);
}

static void prepare_onesided_reduction(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_prepare_accumulate(m, reduction_plan, m->arg.op);
}

static void check_onesided_reduction(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_accumulate(m, reduction_plan, m->arg.op);
}

#endif /* SKAMPI_MPI && SK_MPI_LEVEL >= 2 */

static const sk_measurement mpi_win_coll_table[] = {
  SK_ROW_MPI2("onesided_bcast", "count:i datatype:t info:n bcast_count:i", SK_PATTERN_COLLECTIVE, 1, REPEATED_BCAST,
              measure_onesided_repeated, init_onesided_repeated, sk_win_finalize, sk_win_prepare_put, check_onesided_repeated, NULL),
  SK_ROW_MPI2("onesided_alltoall", "count:i datatype:t info:n alltoall_count:i", SK_PATTERN_COLLECTIVE, 1, REPEATED_ALLTOALL,
              measure_onesided_repeated, init_onesided_repeated, sk_win_finalize, sk_win_prepare_put, check_onesided_repeated, NULL),
  SK_ROW_MPI2("onesided_reduce", "count:i datatype:t info:n op:o", SK_PATTERN_COLLECTIVE, 1, REDUCTION_TO_ROOT,
              measure_onesided_reduction, init_onesided_reduction, sk_win_finalize, prepare_onesided_reduction, check_onesided_reduction, NULL),
  SK_ROW_MPI2("onesided_allreduce", "count:i datatype:t info:n op:o", SK_PATTERN_COLLECTIVE, 1, REDUCTION_EVERYWHERE,
              measure_onesided_reduction, init_onesided_reduction, sk_win_finalize, prepare_onesided_reduction, check_onesided_reduction, NULL),
  SK_ROW_MPI2("onesided_borderexchange", "count:i info:n iteration_count:i compute:i", SK_PATTERN_COLLECTIVE, 2, BORDER_PSCW,
              measure_onesided_borderexchange, init_onesided_borderexchange, sk_win_finalize, sk_win_prepare_put, check_borderexchange, NULL),
  SK_ROW_MPI2("onesided_borderexchange_fence", "count:i info:n iteration_count:i compute:i", SK_PATTERN_COLLECTIVE, 2, BORDER_FENCE,
              measure_onesided_borderexchange, init_onesided_borderexchange, sk_win_finalize, sk_win_prepare_put, check_borderexchange, NULL),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_win_coll(void) { return mpi_win_coll_table; }
