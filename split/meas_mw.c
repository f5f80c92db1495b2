/*
** meas_mw.c -- the master-worker pattern (SKaLib report (TR 99/07) §4.1 and ch. 5,
** mw_pattern) as a portable
** measurement on the transport contract, so it runs on every backend:
**
**   Master_Worker(chunks, chunk_bytes, work_us)
**
** Rank 0 (the master) hands out `chunks` pieces of work of chunk_bytes each to the other
** processes (the workers) as they report ready; a worker receives a piece, works on it
** for work_us microseconds (busy wait), sends a result of chunk_bytes back and is then
** ready for the next one. The time is the master's, from the first dispatch until every
** result is in and every worker has been told to stop. The SKaLib callbacks map to:
** master_receive_ready = testing the posted receives of all workers in turn (RCCE has
** no wildcard receive), dispatch = the send of the next piece, worker receive/send =
** the worker loop. Variation over chunks: loop over the first argument.
*/
#include "measure.h"

#define MW_HEADER 8           /* every message starts with a command word */
#define MW_WORK 1L
#define MW_STOP 2L

typedef struct mw_state {
  sk_request *requests;       /* one posted receive per worker */
  char *inbox;                /* one message buffer per worker */
} mw_state;

/* The arguments (chunks, chunk_bytes, work_us). */
typedef struct mw_args {
  long chunks, chunk_bytes;
  double work_us;
} mw_args;

static void mw_args_read(mw_args *a, const sk_value *args)
{
  a->chunks = args[0].u.i;
  a->chunk_bytes = args[1].u.i;
  a->work_us = args[2].u.d;
}

static size_t mw_message_size(const mw_args *a)
{
  return (size_t)a->chunk_bytes + MW_HEADER;
}

static void init_Master_Worker(sk_mctx *m, const sk_value *args)
{
  mw_state *st;
  mw_args a;
  size_t msg;
  mw_args_read(&a, args);
  msg = mw_message_size(&a);
  if (a.chunks < 0 || a.chunk_bytes < 0 || a.work_us < 0.0) { sk_meas_fail(m, "Master_Worker: arguments must not be negative"); return; }
  m->reported_size = a.chunk_bytes;
  m->send_usage = msg;
  m->recv_usage = m->rank == 0 ? msg * (size_t)(m->size > 1 ? m->size - 1 : 1) : msg;
  st = (mw_state *)sk_calloc(1, sizeof *st);
  st->requests = (sk_request *)sk_calloc((size_t)m->size, sizeof(sk_request));
  m->state = st;
}

static void finalize_Master_Worker(sk_mctx *m, const sk_value *a)
{
  mw_state *st = (mw_state *)m->state;
  (void)a;
  if (st) { free(st->requests); free(st); }
  m->state = NULL;
}

static void mw_put_command(char *msg, long cmd)
{
  memset(msg, 0, MW_HEADER);
  memcpy(msg, &cmd, sizeof cmd < MW_HEADER ? sizeof cmd : MW_HEADER);
}

static long mw_get_command(const char *msg)
{
  long cmd = 0;
  memcpy(&cmd, msg, sizeof cmd < MW_HEADER ? sizeof cmd : MW_HEADER);
  return cmd;
}

static void mw_busy(double us)
{
  double start = sk_tp_wtime();
  while ((sk_tp_wtime() - start) * 1e6 < us) { }
}

static double mw_master(sk_mctx *m, const mw_args *a)
{
  mw_state *st = (mw_state *)m->state;
  size_t msg = mw_message_size(a);
  long chunks = a->chunks, sent = 0, done = 0;
  int workers = m->size - 1, w, stopped = 0;
  double start = sk_sync_start(m);
  if (workers == 0) {                       /* nobody to dispatch to: the master works */
    for (sent = 0; sent < chunks; sent++) mw_busy(a->work_us);
    return sk_sync_stop(m) - start;
  }
  /* every worker first reports ready with an empty result */
  for (w = 1; w <= workers; w++)
    sk_tp_irecv(m->group, w, m->recv_buf + (size_t)(w - 1) * msg, msg, &st->requests[w]);
  while (stopped < workers) {
    for (w = 1; w <= workers; w++) {
      char *in = m->recv_buf + (size_t)(w - 1) * msg;
      if (!st->requests[w].active || !sk_tp_test(&st->requests[w])) continue;
      if (mw_get_command(in) == MW_WORK) done++;
      if (sent < chunks) {
        mw_put_command(m->send_buf, MW_WORK);
        sk_tp_irecv(m->group, w, in, msg, &st->requests[w]);
        sk_tp_send(m->group, w, m->send_buf, msg);
        sent++;
      } else {
        mw_put_command(m->send_buf, MW_STOP);
        sk_tp_send(m->group, w, m->send_buf, msg);
        stopped++;
      }
    }
  }
  if (done != chunks) sk_meas_fail(m, "Master_Worker: results lost");
  return sk_sync_stop(m) - start;
}

static double mw_worker(sk_mctx *m, const mw_args *a)
{
  size_t msg = mw_message_size(a);
  double start = sk_sync_start(m);
  mw_put_command(m->send_buf, 0L);            /* ready, no result yet */
  sk_tp_send(m->group, 0, m->send_buf, msg);
  for (;;) {
    sk_tp_recv(m->group, 0, m->recv_buf, msg);
    if (mw_get_command(m->recv_buf) != MW_WORK) break;
    mw_busy(a->work_us);
    mw_put_command(m->send_buf, MW_WORK);
    sk_tp_send(m->group, 0, m->send_buf, msg);
  }
  sk_sync_stop(m);
  (void)start;
  return -1.0;                                /* the master's time is the result */
}

static double measure_Master_Worker(sk_mctx *m, const sk_value *args)
{
  mw_args a;
  mw_args_read(&a, args);
  return m->rank == 0 ? mw_master(m, &a) : mw_worker(m, &a);
}

static const sk_measurement mw_table[] = {
  SK_MEASUREMENT(Master_Worker, "iid", "chunks chunk_bytes work_us", SK_PATTERN_MASTER_WORKER, 1, init_Master_Worker, finalize_Master_Worker),
  SK_MEASUREMENT_END
};

SK_API const sk_measurement *sk_meas_table_mw(void) { return mw_table; }
