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

SK_API void sk_fetch_message(sk_group *g, int who, char *msg, size_t msgsize)
{
  if (who <= 0) return;
  if (sk_tp_group_rank(g) == who) sk_tp_send(g, 0, msg, msgsize);
  if (sk_tp_group_rank(g) == 0) sk_tp_recv(g, who, msg, msgsize);
}

static int runner_takes_part(const sk_measurement *def, const sk_mctx *m)
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
  sk_buffers_place(m->send_usage, m->recv_usage, rep, &m->send_buf, &m->recv_buf);
  if (!runner_takes_part(def, m)) return -1.0;
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

SK_API void sk_runner_run(const sk_measurement *def, sk_mctx *m, const sk_value *args, sk_result *res)
{
  const sk_asec_config *cfg = &m->settings->asec;
  int size = m->size, rank = m->rank, i;
  double mine[3], *all = NULL, *proc_sum = NULL;
  long rep = 0;
  int *proc_count = NULL, invalid_limit = 4 * cfg->max_reps + 16;
  sk_asec asec;
  long control[3];
  sk_result_init(res);
  memset(&asec, 0, sizeof asec);
  res->nprocs = size;
  res->reported_size = m->reported_size;
  if (rank == 0) {
    all = (double *)sk_malloc(sizeof(double) * 3 * (size_t)size);
    proc_sum = (double *)sk_calloc((size_t)size, sizeof(double));
    proc_count = (int *)sk_calloc((size_t)size, sizeof(int));
    sk_asec_begin(&asec, cfg, sk_tp_wtime());
  }
  sk_sync_prepare(m);
  /* warm-up, not counted (SKaLib §3.2); its duration sets the calls per timing */
  res->calls_per_timing = runner_calls_per_timing(def, runner_single(def, m, args, -1, 1));
  for (;;) {
    double t = runner_single(def, m, args, rep++, res->calls_per_timing);
    mine[0] = t;
    mine[1] = m->failed ? 1.0 : 0.0;
    mine[2] = sk_sync_rep_ok(m) ? 1.0 : 0.0;
    sk_tp_gather_doubles(m->group, mine, 3, all, 0);
    control[0] = 0;
    control[1] = -1;
    control[2] = 1;
    if (rank == 0) {
      double value = -1.0;
      for (i = 0; i < size; i++) {
        if (all[3 * i + 1] != 0.0 && control[1] < 0) control[1] = i;
        if (all[3 * i + 2] == 0.0) control[2] = 0;
      }
      if (control[2]) {
        for (i = 0; i < size; i++) {
          double ti = all[3 * i];
          if (ti >= 0.0) {
            proc_sum[i] += ti;
            proc_count[i]++;
            if (ti > value) value = ti;
          }
        }
        if (value < 0.0) value = 0.0;
        sk_asec_add(&asec, value);
      } else {
        res->invalid++;
      }
      res->stop = sk_asec_decide(&asec, sk_tp_wtime());
      if (res->stop == SK_ASEC_CONTINUE && res->invalid >= invalid_limit) res->stop = SK_ASEC_TIME_LIMIT;
      control[0] = control[1] >= 0 ? 2 : res->stop != SK_ASEC_CONTINUE ? 1 : 0;
    }
    sk_tp_bcast(m->group, control, sizeof control, 0);
    sk_sync_rep_done(m, (int)control[2]);
    if (control[0] == 2) {
      sk_fetch_message(m->group, (int)control[1], m->fail_msg, sizeof m->fail_msg);
      if (rank == 0) strcpy(res->fail_msg, m->fail_msg);
      res->failed = 1;
      break;
    }
    if (control[0] == 1) break;
  }
  sk_sync_release(m);
  if (rank == 0) {
    sk_asec_result(&asec, &res->time, &res->std_error, &res->kept);
    res->reps = asec.n;
    res->node_times = (double *)sk_malloc(sizeof(double) * (size_t)size);
    for (i = 0; i < size; i++) res->node_times[i] = proc_count[i] ? proc_sum[i] / proc_count[i] : -1.0;
    sk_asec_end(&asec);
    free(all);
    free(proc_sum);
    free(proc_count);
  }
}
