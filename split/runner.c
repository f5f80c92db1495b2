/*
** runner.c -- see runner.h.
*/
#include "runner.h"

SK_API void sk_result_init(sk_result *r)
{
  memset(r, 0, sizeof *r);
}

SK_API void sk_result_free(sk_result *r)
{
  free(r->node_times);
  r->node_times = NULL;
}

SK_API void sk_result_pack(const sk_result *r, double *pack)
{
  int i;
  pack[0] = r->time;
  pack[1] = r->std_error;
  pack[2] = r->reps;
  pack[3] = r->kept;
  pack[4] = (double)r->reported_size;
  pack[5] = r->failed;
  pack[6] = (double)r->stop;
  pack[7] = r->invalid;
  pack[8] = (double)r->calls_per_timing;
  for (i = 0; i < r->nprocs; i++) pack[9 + i] = r->node_times ? r->node_times[i] : -1.0;
}

SK_API void sk_result_unpack(sk_result *r, const double *pack, int nprocs)
{
  int i;
  r->time = pack[0];
  r->std_error = pack[1];
  r->reps = (int)pack[2];
  r->kept = (int)pack[3];
  r->reported_size = (long)pack[4];
  r->failed = (int)pack[5];
  r->stop = (sk_asec_stop)(int)pack[6];
  r->invalid = (int)pack[7];
  r->calls_per_timing = (long)pack[8];
  r->nprocs = nprocs;
  free(r->node_times);
  r->node_times = (double *)sk_malloc(sizeof(double) * (size_t)(nprocs > 0 ? nprocs : 1));
  for (i = 0; i < nprocs; i++) r->node_times[i] = pack[9 + i];
}

SK_API void sk_meas_fail(sk_mctx *m, const char *msg)
{
  if (m->failed) return;
  m->failed = 1;
  strncpy(m->fail_msg, msg, sizeof m->fail_msg - 1);
  m->fail_msg[sizeof m->fail_msg - 1] = '\0';
}

SK_API void sk_runner_init(const sk_measurement *def, sk_mctx *m, sk_group *g, const sk_value *args,
                           const sk_settings *settings)
{
  memset(m, 0, sizeof *m);
  m->settings = settings;
  m->group = g;
  m->rank = sk_tp_group_rank(g);
  m->size = sk_tp_group_size(g);
  if (m->size < def->min_procs) {
    char msg[200];
    sprintf(msg, "%.80s needs a communicator of at least %d processes, this one has %d",
            def->name, def->min_procs, m->size);
    sk_meas_fail(m, msg);
    return;
  }
  if (def->init) def->init(m, args);
}

SK_API void sk_runner_finalize(const sk_measurement *def, sk_mctx *m, const sk_value *args)
{
  if (def->finalize) def->finalize(m, args);
}

static double runner_empty_timed(sk_mctx *m, const sk_value *args)
{
  double start = sk_sync_start(m);
  (void)args;
  return sk_sync_stop(m) - start;
}

static double runner_empty_local(sk_mctx *m, const sk_value *args)
{
  double start = sk_tp_wtime();
  (void)m; (void)args;
  return sk_tp_wtime() - start;
}

SK_API void sk_runner_dummy(sk_group *g, sk_pattern pattern, const sk_settings *settings, sk_result *res)
{
  sk_measurement dummy;
  sk_mctx m;
  memset(&dummy, 0, sizeof dummy);
  dummy.name = "dummy";
  dummy.params = "";
  dummy.pattern = pattern;
  dummy.measure = pattern == SK_PATTERN_COLLECTIVE || pattern == SK_PATTERN_MASTER_WORKER
                  ? runner_empty_timed : runner_empty_local;
  dummy.min_procs = 1;
  sk_runner_init(&dummy, &m, g, NULL, settings);
  sk_runner_run(&dummy, &m, NULL, res);
}

SK_API int sk_runner_takes_part(const sk_measurement *def, const sk_mctx *m)
{
  if (def->pattern == SK_PATTERN_SIMPLE || def->pattern == SK_PATTERN_SIMPLE_OWN_TIME) return m->rank == 0;
  if (def->pattern == SK_PATTERN_P2P) return m->rank <= 1;
  return 1;
}

/* One single measurement: `calls` calls inside one timing (calls > 1 only for the
** simple pattern, see SK_PRECISION_TICKS). */
static double runner_single(const sk_measurement *def, sk_mctx *m, const sk_value *args, long rep, long calls)
{
  double start;
  long i;
  sk_buffers_place(&m->settings->buffers, m->send_usage, m->recv_usage, rep, &m->send_buf, &m->recv_buf);
  if (!sk_runner_takes_part(def, m)) return -1.0;
  if (calls <= 1) return def->measure(m, args);
  start = sk_tp_wtime();
  for (i = 0; i < calls; i++) def->measure(m, args);
  return (sk_tp_wtime() - start) / (double)calls;
}

/* SKaLib eq. 3.1, N = R_system / R_user, with the resolution asked for expressed as a
** number of ticks per timing; the warm-up call gives the operation's duration. */
static long runner_calls_per_timing(const sk_measurement *def, double warmup)
{
  double tick = sk_tp_wtick(), want = SK_PRECISION_TICKS * tick;
  if (def->pattern != SK_PATTERN_SIMPLE || warmup >= want) return 1;
  if (warmup < tick / 100.0) warmup = tick / 100.0;
  if (want / warmup > 1e6) return 1000000L;
  return (long)ceil(want / warmup);
}

/* One repetition: what each member reports, and what rank 0 decides. */
typedef struct rep_ballot {
  double time;              /* this member's time, negative: none */
  int failed;               /* sk_meas_fail was called */
  int in_window;            /* sk_sync_rep_ok */
} rep_ballot;

typedef enum rep_verdict { REP_AGAIN, REP_ENOUGH, REP_FAILED } rep_verdict;

typedef struct rep_decision {
  int verdict;              /* a rep_verdict */
  int failed_member;        /* REP_FAILED: the lowest failing rank */
  int valid;                /* every member started inside its window */
} rep_decision;

/* Rank 0's bookkeeping across the repetitions of one measurement. */
typedef struct rep_state {
  sk_asec asec;
  double *proc_sum;         /* per member: sum and count of its times */
  int *proc_count;
  int invalid_limit;
  sk_result *res;
} rep_state;

/* The value of a single measurement is the maximum over the members that returned a time
** (SKaLib report (TR 99/07) §4.1); a repetition not started in the synchronised window
** on every member is discarded. */
static void runner_decide(void *ctx, const void *ballots, int n, void *decision)
{
  rep_state *st = (rep_state *)ctx;
  const rep_ballot *b = (const rep_ballot *)ballots;
  rep_decision *d = (rep_decision *)decision;
  double value = -1.0;
  int i;
  d->verdict = REP_AGAIN;
  d->failed_member = -1;
  d->valid = 1;
  for (i = 0; i < n; i++) {
    if (b[i].failed && d->failed_member < 0) d->failed_member = i;
    if (!b[i].in_window) d->valid = 0;
  }
  if (d->valid) {
    for (i = 0; i < n; i++) {
      if (b[i].time < 0.0) continue;
      st->proc_sum[i] += b[i].time;
      st->proc_count[i]++;
      if (b[i].time > value) value = b[i].time;
    }
    sk_asec_add(&st->asec, value < 0.0 ? 0.0 : value);
  } else {
    st->res->invalid++;
  }
  st->res->stop = sk_asec_decide(&st->asec, sk_tp_wtime());
  if (st->res->stop == SK_ASEC_CONTINUE && st->res->invalid >= st->invalid_limit) st->res->stop = SK_ASEC_TIME_LIMIT;
  if (d->failed_member >= 0) d->verdict = REP_FAILED;
  else if (st->res->stop != SK_ASEC_CONTINUE) d->verdict = REP_ENOUGH;
}

SK_API void sk_runner_run(const sk_measurement *def, sk_mctx *m, const sk_value *args, sk_result *res)
{
  const sk_asec_config *cfg = &m->settings->asec;
  int size = m->size, i;
  long rep = 0;
  rep_state st;
  rep_ballot mine;
  rep_decision d;
  sk_result_init(res);
  memset(&st, 0, sizeof st);
  res->nprocs = size;
  res->reported_size = m->reported_size;
  st.res = res;
  st.invalid_limit = 4 * cfg->max_reps + 16;
  if (m->rank == 0) {
    st.proc_sum = (double *)sk_calloc((size_t)size, sizeof(double));
    st.proc_count = (int *)sk_calloc((size_t)size, sizeof(int));
    sk_asec_begin(&st.asec, cfg, sk_tp_wtime());
  }
  sk_sync_prepare(m);
  /* warm-up, not counted (SKaLib report (TR 99/07) §3.2); its duration sets the calls per timing */
  m->warming_up = 1;
  res->calls_per_timing = runner_calls_per_timing(def, runner_single(def, m, args, -1, 1));
  m->warming_up = 0;
  do {
    mine.time = runner_single(def, m, args, rep++, res->calls_per_timing);
    mine.failed = m->failed;
    mine.in_window = sk_sync_rep_ok(m);
    sk_agree(m->group, &mine, sizeof mine, &d, sizeof d, runner_decide, &st);
    sk_sync_rep_done(m, d.valid);
  } while (d.verdict == REP_AGAIN);
  if (d.verdict == REP_FAILED) {
    sk_agree_fetch_message(m->group, d.failed_member, m->fail_msg, sizeof m->fail_msg);
    if (m->rank == 0) strcpy(res->fail_msg, m->fail_msg);
    res->failed = 1;
  }
  sk_sync_release(m);
  if (m->rank == 0) {
    sk_asec_result(&st.asec, &res->time, &res->std_error, &res->kept);
    res->reps = st.asec.n;
    res->node_times = (double *)sk_malloc(sizeof(double) * (size_t)size);
    for (i = 0; i < size; i++) res->node_times[i] = st.proc_count[i] ? st.proc_sum[i] / st.proc_count[i] : -1.0;
    sk_asec_end(&st.asec);
    free(st.proc_sum);
    free(st.proc_count);
  }
}
