/*
** meas_mpi_partitioned.c -- MPI-4 partitioned point-to-point (MPI-4.0 §4):
** Partitioned_pingpong(count, datatype, partitions, threads, iterations), a ping-pong
** between ranks 0 and 1 over persistent partitioned requests (MPI_Psend_init,
** MPI_Precv_init), the partitions marked ready (MPI_Pready) and awaited (MPI_Parrived)
** by T threads (thread_team.h). The time is that of one round trip; the set-up goes into
** the note under the result line. Only where mpi.h declares MPI-4. The round trip and
** the threads' share: doc/internals.md, "meas_mpi_partitioned".
*/
#include "meas_mpi.h"
#include "verify.h"
#include "thread_team.h"

/* The rows' VARIANT: the ping-pong, or the one whose rank 1 damages its data afterwards
** (the test build's row). */
enum part_variant { PART_PINGPONG, PART_PINGPONG_CORRUPTED };

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 4

typedef struct part_state {
  long count, partitions, threads, iterations;
  const sk_datatype *dt;
  int partner;                  /* -1: this rank takes no part */
  MPI_Request send, recv;
  double setup;                 /* seconds of the *_init calls on this process, summed */
  long setups;                  /* over this many measure calls */
  int corrupt;                  /* the test row: rank 1 damages byte 8 */
#if SK_HAVE_THREADS
  sk_team team;
#endif
} part_state;

static void part_init(sk_mctx *m, const sk_value *args)
{
  part_state *s = (part_state *)sk_calloc(1, sizeof *s);
  const char *fn = m->name;
  size_t bytes;
  (void)args;
  m->state = s;
  s->count = m->arg.count;
  s->dt = m->arg.datatype;
  s->partitions = m->arg.partitions;
  s->threads = m->arg.threads;
  s->iterations = m->arg.iterations;
  s->corrupt = m->variant == PART_PINGPONG_CORRUPTED;
  s->partner = m->rank == 0 ? 1 : m->rank == 1 ? 0 : -1;
  sk_mpi_check_count(m, fn, "count", s->count);
  sk_mpi_check_count(m, fn, "iterations", s->iterations);
  if (!m->failed && (s->partitions < 1 || s->partitions > 1048576L)) {
    char msg[120];
    sprintf(msg, "%s: partitions %ld must be 1 to 1048576", fn, s->partitions);
    sk_meas_fail(m, msg);
  }
  if (sk_team_refuse(m, fn, s->threads)) return;
  bytes = sk_mpi_block_bytes(m, fn, s->count, s->dt, s->partitions, 1);
  m->send_usage = s->partner >= 0 ? bytes : 0;
  m->recv_usage = m->send_usage;
  m->reported_size = sk_mpi_data_bytes(s->count, s->dt) * s->partitions;
}

/* The two requests need the buffers, which the engine places after init and may move
** between calls (buffer cycling): each measure call makes them before its synchronised
** start, outside the timed span, timed into `setup`, and frees them after its stop. */
static void part_make(sk_mctx *m, part_state *s)
{
  double t0 = MPI_Wtime();
  MPI_Psend_init(m->send_buf, (int)s->partitions, s->count, s->dt->mpi, s->partner, 0, sk_mpi_comm(m),
                 MPI_INFO_NULL, &s->send);
  MPI_Precv_init(m->recv_buf, (int)s->partitions, s->count, s->dt->mpi, s->partner, 0, sk_mpi_comm(m),
                 MPI_INFO_NULL, &s->recv);
  s->setup += MPI_Wtime() - t0;
  s->setups++;
}

static void part_barrier(part_state *s)
{
#if SK_HAVE_THREADS
  if (s->threads > 1) sk_team_barrier(&s->team);
#else
  (void)s;
#endif
}

/* Until partition p of the received message is there. */
static void part_await(part_state *s, int p)
{
  int flag = 0;
  while (!flag) MPI_Parrived(s->recv, p, &flag);
}

/* Thread j's round trips (thread 0 alone starts and waits; doc/internals.md, "meas_mpi_partitioned"). */
static void part_work(void *arg, int j)
{
  part_state *s = (part_state *)arg;
  int p, first = s->partner == 1;   /* rank 0 sends first */
  MPI_Status status;
  long k;
  for (k = 0; k < s->iterations; k++) {
    if (j == 0) {
      MPI_Start(&s->recv);
      MPI_Start(&s->send);
    }
    part_barrier(s);
    for (p = j; p < (int)s->partitions; p += (int)s->threads) {
      if (!first) part_await(s, p);
      MPI_Pready(p, s->send);
    }
    for (p = j; first && p < (int)s->partitions; p += (int)s->threads) part_await(s, p);
    part_barrier(s);
    if (j == 0) {
      MPI_Wait(&s->send, &status);
      MPI_Wait(&s->recv, &status);
    }
  }
}

static double measure_part(sk_mctx *m, const sk_value *args)
{
  part_state *s = (part_state *)m->state;
  double start, span = 0.0;
  int made = 1;
  (void)args;
  if (s->partner >= 0) part_make(m, s);
#if SK_HAVE_THREADS
  if (s->partner >= 0 && s->threads > 1) made = sk_team_start(&s->team, (int)s->threads, part_work, s);
#endif
  start = sk_sync_start(m);
  if (s->partner >= 0 && made) {
#if SK_HAVE_THREADS
    if (s->threads > 1) sk_team_run(&s->team);
    else part_work(s, 0);
#else
    part_work(s, 0);
#endif
    span = MPI_Wtime() - start;
  }
  sk_sync_stop(m);
  if (s->partner >= 0) {
    MPI_Request_free(&s->send);
    MPI_Request_free(&s->recv);
  }
  if (!made) sk_meas_fail(m, "could not make the threads (pthread_create failed)");
  if (s->partner < 0) return -1.0;
  if (s->corrupt && m->rank == 1 && m->recv_usage > 8) m->recv_buf[8] ^= 0x10;
  return s->iterations > 0 ? span / (double)s->iterations : 0.0;
}

/* The set-up cost into the note on rank 0 (a collective step: every process of the
** communicator comes here): the mean per call, the longer of ranks 0 and 1. */
static void finalize_part(sk_mctx *m, const sk_value *args)
{
  part_state *s = (part_state *)m->state;
  double mine, longest = 0.0;
  (void)args;
  if (s == NULL) return;
  mine = s->setups > 0 ? s->setup / (double)s->setups : 0.0;
  MPI_Reduce(&mine, &longest, 1, MPI_DOUBLE, MPI_MAX, 0, sk_mpi_comm(m));
  if (m->rank == 0 && s->setups > 0)
    sprintf(sk_meas_note(m), "# partitioned set-up: MPI_Psend_init + MPI_Precv_init %.3f us (mean per measurement "
                     "call, the longer of ranks 0 and 1; not in the time above); %ld partition%s of %ld "
                     "elements, %ld thread%s marking them\n", longest * 1e6, s->partitions,
            s->partitions == 1 ? "" : "s", s->count, s->threads, s->threads == 1 ? "" : "s");
  free(s);
  m->state = NULL;
}

/* Verification: the whole message (every partition) from the partner. */
static void check_part(sk_mctx *m, const sk_value *args)
{
  part_state *s = (part_state *)m->state;
  long n = s->count * s->partitions;
  (void)args;
  if (s->partner >= 0 && s->iterations > 0)
    sk_mpi_verify_block(m, "received partitions", m->recv_buf, n, s->dt, n, s->dt, s->partner, 0);
}

#endif /* MPI-4 */

#define PART_SIG "count:i datatype:t partitions:i threads:i iterations:i"
static const sk_measurement mpi_partitioned_table[] = {
  SK_ROW_MPI4("Partitioned_pingpong", PART_SIG, SK_PATTERN_COLLECTIVE, 2, PART_PINGPONG, measure_part, part_init,
              finalize_part, NULL, check_part, NULL),
#ifdef SKAMPI_TESTING
  SK_ROW_MPI4("Verify_Corrupt_Partitioned", PART_SIG, SK_PATTERN_COLLECTIVE, 2, PART_PINGPONG_CORRUPTED,
              measure_part, part_init, finalize_part, NULL, check_part, NULL),
#endif
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_partitioned(void) { return mpi_partitioned_table; }
