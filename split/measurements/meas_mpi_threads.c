/*
** meas_mpi_threads.c -- point-to-point with T threads per process under
** MPI_THREAD_MULTIPLE (the multithreaded ping-pong and bandwidth of the Intel MPI
** Benchmarks' IMB-MT, written from their published description): thread i of rank 0
** talks with thread i of rank 1, each pair on its own duplicate of the measurement
** communicator, each thread with its own slot of `count` elements in both buffers.
** Thread_pingpong returns the span per round trip, Thread_bw (the row's VARIANT) the span
** per message of all threads (size / time: aggregate MB/s). Thread_pingpong_AS, _AT and
** _AS_AT receive from MPI_ANY_SOURCE, with MPI_ANY_TAG or both (IMB-MT's
** PingPongMTAnySource..., ...AnyTag, which its 2021 source keeps under #if 0). The timing
** and the thread level: doc/internals.md, "meas_mpi_threads".
*/
#include "meas_mpi.h"
#include "verify.h"
#include "thread_team.h"

/* OSU's default window, as in meas_mpi_bw.c, when the window argument is 0. */
#define THREADS_DEFAULT_WINDOW 64L
#define THREADS_MAX_WINDOW 1024L

/* The rows' VARIANT: round trips, windows of messages one way (OSU's bw), the ping-pong
** whose rank 1 damages its data afterwards (the test build's row), round trips received
** from any source, with any tag, or both. */
enum threads_variant {
  THREADS_PINGPONG, THREADS_BW, THREADS_PINGPONG_CORRUPTED, THREADS_PINGPONG_AS, THREADS_PINGPONG_AT,
  THREADS_PINGPONG_AS_AT
};

#if SK_HAVE_THREADS

typedef struct threads_state {
  sk_margs a;                    /* the arguments (count, datatype, threads, iterations) */
  long window;                   /* Thread_bw's window (0 given: OSU's default) */
  int windowed;                  /* Thread_bw */
  int partner;                   /* -1: this rank takes no part */
  size_t block;                  /* bytes of one thread's slot */
  MPI_Comm comms[SK_TEAM_MAX];   /* thread i's communicator */
  int comms_made;
  MPI_Request *requests;         /* window requests, `window` per thread */
  MPI_Status *statuses;          /* and their statuses */
  sk_mctx *m;                    /* the context of the current measure call */
  int corrupt;                   /* the test row: rank 1 damages thread 1's slot */
  int any_source, any_tag;       /* the receives take MPI_ANY_SOURCE, MPI_ANY_TAG */
} threads_state;

static void threads_init(sk_mctx *m, const sk_value *args)
{
  threads_state *s = (threads_state *)sk_calloc(1, sizeof *s);
  const char *fn = m->name;
  int windowed = m->variant == THREADS_BW;
  size_t bytes;
  int i;
  (void)args;
  m->state = s;
  s->a = m->arg;
  s->window = !windowed ? 0 : m->arg.window == 0 ? THREADS_DEFAULT_WINDOW : m->arg.window;
  s->windowed = windowed;
  s->corrupt = m->variant == THREADS_PINGPONG_CORRUPTED;
  s->any_source = m->variant == THREADS_PINGPONG_AS || m->variant == THREADS_PINGPONG_AS_AT;
  s->any_tag = m->variant == THREADS_PINGPONG_AT || m->variant == THREADS_PINGPONG_AS_AT;
  s->partner = m->rank == 0 ? 1 : m->rank == 1 ? 0 : -1;
  sk_mpi_check_count(m, fn, "count", s->a.count);
  sk_mpi_check_count(m, fn, "iterations", s->a.iterations);
  if (!m->failed && windowed && (s->window < 1 || s->window > THREADS_MAX_WINDOW)) {
    char msg[160];
    sprintf(msg, "%s: window %ld must be 0 (OSU's default, %ld) or 1 to %ld", fn, s->window,
            THREADS_DEFAULT_WINDOW, THREADS_MAX_WINDOW);
    sk_meas_fail(m, msg);
  }
  if (sk_team_refuse(m, fn, s->a.threads)) return;
  s->block = sk_mpi_block_bytes(m, fn, s->a.count, s->a.datatype, 1, 0);
  bytes = s->partner >= 0 ? s->block * (size_t)s->a.threads : 0;
  m->send_usage = windowed && m->rank != 0 ? 0 : bytes;
  m->recv_usage = windowed && m->rank == 0 ? 0 : bytes;
  m->reported_size = sk_mpi_data_bytes(s->a.count, s->a.datatype);
  if (m->failed) return;
  for (i = 0; i < s->a.threads; i++) MPI_Comm_dup(sk_mpi_comm(m), &s->comms[i]);
  s->comms_made = i;
  if (!windowed) return;
  s->requests = (MPI_Request *)sk_malloc(sizeof(MPI_Request) * (size_t)(s->a.threads * s->window));
  s->statuses = (MPI_Status *)sk_malloc(sizeof(MPI_Status) * (size_t)(s->a.threads * s->window));
}

static void finalize_threads(sk_mctx *m, const sk_value *args)
{
  threads_state *s = (threads_state *)m->state;
  int i;
  (void)args;
  if (s == NULL) return;
  for (i = 0; i < s->comms_made; i++) MPI_Comm_free(&s->comms[i]);
  free(s->requests);
  free(s->statuses);
  free(s);
  m->state = NULL;
}

/* Thread i's round trips: rank 0 sends first (tag 0); the receives name the partner
** and tag 0, or MPI_ANY_SOURCE and MPI_ANY_TAG as the row says. */
static void threads_pingpong_work(void *p, int i)
{
  threads_state *s = (threads_state *)p;
  char *send = s->m->send_buf + (size_t)i * s->block, *recv = s->m->recv_buf + (size_t)i * s->block;
  int count = (int)s->a.count, from = s->any_source ? MPI_ANY_SOURCE : s->partner, tag = s->any_tag ? MPI_ANY_TAG : 0;
  MPI_Datatype dt = s->a.datatype->mpi;
  MPI_Status status;
  long k;
  for (k = 0; k < s->a.iterations; k++) {
    if (s->partner == 1) {
      MPI_Send(send, count, dt, 1, 0, s->comms[i]);
      MPI_Recv(recv, count, dt, from, tag, s->comms[i], &status);
    } else {
      MPI_Recv(recv, count, dt, from, tag, s->comms[i], &status);
      MPI_Send(send, count, dt, 0, 0, s->comms[i]);
    }
  }
}

/* Thread i's windows: rank 0 sends `window` messages from its slot, rank 1 receives them
** into its slot and acknowledges the window with an empty message (osu_bw). */
static void threads_bw_work(void *p, int i)
{
  threads_state *s = (threads_state *)p;
  char *send = s->m->send_buf + (size_t)i * s->block, *recv = s->m->recv_buf + (size_t)i * s->block;
  MPI_Request *req = s->requests + (size_t)i * (size_t)s->window;
  MPI_Status *statuses = s->statuses + (size_t)i * (size_t)s->window;
  int count = (int)s->a.count, w = (int)s->window, j;
  MPI_Datatype dt = s->a.datatype->mpi;
  MPI_Status status;
  long k;
  for (k = 0; k < s->a.iterations; k++) {
    if (s->partner == 1) {
      for (j = 0; j < w; j++) MPI_Isend(send, count, dt, 1, 0, s->comms[i], &req[j]);
      MPI_Waitall(w, req, statuses);
      MPI_Recv(recv, 0, dt, 1, 1, s->comms[i], &status);
    } else {
      for (j = 0; j < w; j++) MPI_Irecv(recv, count, dt, 0, 0, s->comms[i], &req[j]);
      MPI_Waitall(w, req, statuses);
      MPI_Send(send, 0, dt, 0, 1, s->comms[i]);
    }
  }
}

/* The timed span of the team (made before the synchronised start), per round trip or
** per message of all threads. */
static double threads_measure(sk_mctx *m, const sk_value *args)
{
  threads_state *s = (threads_state *)m->state;
  sk_team_fn work = s->windowed ? threads_bw_work : threads_pingpong_work;
  sk_team team;
  double start, span = 0.0, per;
  int made = 1;
  (void)args;
  s->m = m;
  if (s->partner >= 0 && s->a.threads > 1) made = sk_team_start(&team, (int)s->a.threads, work, s);
  start = sk_sync_start(m);
  if (s->partner >= 0 && made) {
    if (s->a.threads > 1) sk_team_run(&team);
    else work(s, 0);
    span = MPI_Wtime() - start;
  }
  sk_sync_stop(m);
  if (!made) sk_meas_fail(m, "could not make the threads (pthread_create failed)");
  if (s->partner < 0) return -1.0;
  if (s->corrupt && m->rank == 1 && s->a.threads > 1 && s->block > 8) m->recv_buf[s->block + 8] ^= 0x10;
  if (s->a.iterations == 0) return 0.0;
  per = (double)s->a.iterations * (s->windowed ? (double)s->a.threads * (double)s->window : 1.0);
  return span / per;
}

/* Verification: every receiving thread's slot holds its partner thread's message. */
static void check_threads(sk_mctx *m, const sk_value *args)
{
  threads_state *s = (threads_state *)m->state;
  long i;
  (void)args;
  if (s->partner < 0 || s->a.iterations == 0 || (s->windowed && m->rank == 0)) return;
  for (i = 0; i < s->a.threads && !m->failed; i++) {
    char what[60];
    sprintf(what, "slot of thread %ld", i);
    sk_mpi_verify_block(m, what, m->recv_buf + (size_t)i * s->block, s->a.count, s->a.datatype, s->a.count, s->a.datatype,
                        s->partner, (size_t)i * s->block);
  }
}

#endif /* SK_HAVE_THREADS */

static const sk_measurement mpi_threads_table[] = {
  SK_ROW_THREADS("Thread_pingpong", "count:i datatype:t threads:i iterations:i", SK_PATTERN_COLLECTIVE, 2, THREADS_PINGPONG,
                 threads_measure, threads_init, finalize_threads, NULL, check_threads, NULL),
  SK_ROW_THREADS("Thread_pingpong_AS", "count:i datatype:t threads:i iterations:i", SK_PATTERN_COLLECTIVE, 2,
                 THREADS_PINGPONG_AS, threads_measure, threads_init, finalize_threads, NULL, check_threads, NULL),
  SK_ROW_THREADS("Thread_pingpong_AT", "count:i datatype:t threads:i iterations:i", SK_PATTERN_COLLECTIVE, 2,
                 THREADS_PINGPONG_AT, threads_measure, threads_init, finalize_threads, NULL, check_threads, NULL),
  SK_ROW_THREADS("Thread_pingpong_AS_AT", "count:i datatype:t threads:i iterations:i", SK_PATTERN_COLLECTIVE, 2,
                 THREADS_PINGPONG_AS_AT, threads_measure, threads_init, finalize_threads, NULL, check_threads, NULL),
  SK_ROW_THREADS("Thread_bw", "count:i datatype:t threads:i window:i iterations:i", SK_PATTERN_COLLECTIVE, 2, THREADS_BW,
                 threads_measure, threads_init, finalize_threads, NULL, check_threads, NULL),
#ifdef SKAMPI_TESTING
  SK_ROW_THREADS("Verify_Corrupt_Thread_pingpong", "count:i datatype:t threads:i iterations:i",
                 SK_PATTERN_COLLECTIVE, 2, THREADS_PINGPONG_CORRUPTED, threads_measure, threads_init,
                 finalize_threads, NULL, check_threads, NULL),
#endif
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_threads(void) { return mpi_threads_table; }
