/*
** runner.c -- see runner.h.
*/
#include "runner.h"
#include "oversub.h"
#include "host.h"

SK_API void sk_result_init(sk_result *r)
{
  memset(r, 0, sizeof *r);
}

SK_API void sk_result_free(sk_result *r)
{
  free(r->node_times);
  r->node_times = NULL;
  free(r->samples);
  r->samples = NULL;
  r->nsamples = 0;
  free(r->note);
  r->note = NULL;
}

SK_API char *sk_result_note(sk_result *r)
{
  if (r->note == NULL) r->note = (char *)sk_calloc(SK_RESULT_NOTE, 1);
  return r->note;
}

/* Each field of sk_result that travels, at its place in the packed array, and its type:
** one list for both directions. With `out` the fields are packed (r is only read), else
** unpacked from `in`. */
static void result_fields(sk_result *r, double *out, const double *in)
{
#define RESULT_FIELD(PLACE, FIELD, TYPE) if (out) out[PLACE] = (double)r->FIELD; else r->FIELD = (TYPE)in[PLACE];
  RESULT_FIELD(0, time, double) RESULT_FIELD(1, std_error, double) RESULT_FIELD(2, reps, int)
  RESULT_FIELD(3, kept, int) RESULT_FIELD(4, reported_size, long) RESULT_FIELD(5, failed, int)
  RESULT_FIELD(6, stop, sk_asec_stop) RESULT_FIELD(7, invalid, int) RESULT_FIELD(8, calls_per_timing, long)
  RESULT_FIELD(9, late_starts, int) RESULT_FIELD(10, lost_processor, int) RESULT_FIELD(11, missed_window, int)
  RESULT_FIELD(12, delay_max, double) RESULT_FIELD(13, delay_tolerance, double) RESULT_FIELD(14, switches, long)
  RESULT_FIELD(15, rule_error, double) RESULT_FIELD(16, barrier_from, int) RESULT_FIELD(17, nsamples, int)
  RESULT_FIELD(18, barrier_lost, int) RESULT_FIELD(19, lost_kept, int) RESULT_FIELD(20, budget_spent, int)
  RESULT_FIELD(21, budget_short, int) RESULT_FIELD(22, budget, double)
#undef RESULT_FIELD
}

SK_API void sk_result_pack(const sk_result *r, double *pack)
{
  int i;
  result_fields((sk_result *)r, pack, NULL);
  for (i = 0; i < r->nprocs; i++) pack[SK_RESULT_FIELDS + i] = r->node_times ? r->node_times[i] : -1.0;
}

SK_API void sk_result_unpack(sk_result *r, const double *pack, int nprocs)
{
  int i;
  result_fields(r, NULL, pack);
  free(r->samples);
  r->samples = (double *)sk_calloc((size_t)(r->nsamples > 0 ? r->nsamples : 1), sizeof(double));
  r->nprocs = nprocs;
  free(r->node_times);
  r->node_times = (double *)sk_malloc(sizeof(double) * (size_t)(nprocs > 0 ? nprocs : 1));
  for (i = 0; i < nprocs; i++) r->node_times[i] = pack[SK_RESULT_FIELDS + i];
}

SK_API int sk_runner_is_library_error(const char *fail_msg)
{
  return strncmp(fail_msg, SK_LIBRARY_ERROR_PREFIX, strlen(SK_LIBRARY_ERROR_PREFIX)) == 0;
}

/* The library error returned since the last look, if any, fails the measurement. */
static void runner_take_library_error(const sk_measurement *def, sk_mctx *m)
{
  char text[256], msg[sizeof m->fail_msg];
  if (!sk_tp_take_error(text, sizeof text)) return;
  sprintf(msg, "%.40s%.60s: ", SK_LIBRARY_ERROR_PREFIX, def->name);
  strncat(msg, text, sizeof msg - strlen(msg) - 1);
  sk_meas_fail(m, msg);
}

SK_API void sk_runner_init(const sk_measurement *def, sk_mctx *m, sk_group *g, const sk_value *args,
                           const sk_settings *settings)
{
  memset(m, 0, sizeof *m);
  sk_mctx_bind(def, m, args);
  m->original_recv_usage = -1;
  m->settings = settings;
  m->sync_config = settings ? &settings->sync : NULL;
  m->group = g;
  m->rank = sk_tp_group_rank(g);
  m->size = sk_tp_group_size(g);
  { char stale[8]; (void)sk_tp_take_error(stale, sizeof stale); }   /* not this measurement's */
  if (m->size < def->min_procs) {
    char msg[200];
    sprintf(msg, "%.80s needs a communicator of at least %d processes, this one has %d",
            def->name, def->min_procs, m->size);
    sk_meas_fail(m, msg);
    return;
  }
  if (def->init) def->init(m, args);
  runner_take_library_error(def, m);
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
** simple pattern, see the precision in runner.h). */
static double runner_single(const sk_measurement *def, sk_mctx *m, const sk_value *args, long rep, long calls)
{
  double start;
  long i;
  sk_buffers_place(&m->settings->buffers, m->send_usage, m->recv_usage, rep, &m->send_buf, &m->recv_buf);
  if (!sk_runner_takes_part(def, m)) return -1.0;
  if (calls <= 1) {
    start = def->measure(m, args);
    runner_take_library_error(def, m);
    return start;
  }
  start = sk_tp_wtime();
  for (i = 0; i < calls; i++) def->measure(m, args);
  start = (sk_tp_wtime() - start) / (double)calls;
  runner_take_library_error(def, m);
  return start;
}

SK_API double sk_runner_once(const sk_measurement *def, sk_mctx *m, const sk_value *args)
{
  return runner_single(def, m, args, 0, 1);
}

/* SKaLib eq. 3.1, N = R_system / R_user, with the resolution asked for expressed as a
** number of ticks per timing; the warm-up call gives the operation's duration. */
static long runner_calls_per_timing(const sk_measurement *def, double ticks, double warmup)
{
  double tick = sk_tp_wtick(), want = ticks * tick;
  if (def->pattern != SK_PATTERN_SIMPLE || warmup >= want) return 1;
  if (warmup < tick / 100.0) warmup = tick / 100.0;
  if (want / warmup > 1e6) return 1000000L;
  return (long)ceil(want / warmup);
}

/* One repetition: what each member reports, and what rank 0 decides. */
typedef struct rep_ballot {
  double time;              /* this member's time, negative: none */
  sk_sync_report sync;      /* sk_sync_rep_report: start delay, switches, schedule facts */
  int failed;               /* sk_meas_fail was called */
  int in_window;            /* sk_sync_rep_ok */
} rep_ballot;

typedef enum rep_verdict { REP_AGAIN, REP_ENOUGH, REP_FAILED } rep_verdict;

typedef struct rep_decision {
  int verdict;              /* a rep_verdict */
  int failed_member;        /* REP_FAILED: the lowest failing rank */
  int valid;                /* every member started inside its window */
  int fall_back;            /* from the next repetition on: barrier starts (runner.h) */
  sk_sync_plan plan;        /* the next start (sk_sync_plan_next) */
} rep_decision;

/* Rank 0's bookkeeping across the repetitions of one measurement. */
typedef struct rep_state {
  sk_asec asec;
  double *proc_times;       /* per member m: its times of the accepted repetitions at
                            ** [m * max_reps ...], proc_count[m] of them */
  int *proc_count;
  double *lost_times;       /* the same for the repetitions discarded after the fallback to
                            ** barrier starts (a process lost its processor), the result when
                            ** none was accepted (runner.h, lost_kept) */
  int *lost_count;
  double *lost_values;      /* their values, lost_n of them (at most max_reps) */
  int lost_n;
  double *typical;          /* the values the start tolerance follows, sorted: the
                            ** accepted ones, on a crowded host every repetition's */
  int ntypical, typical_cap;
  int invalid_limit;
  int crowded;              /* the run's own processes outnumber the processors */
  int yields;               /* the waits yield (host.h): a yield is a switch */
  double delay_floor;
  sk_sync_report *reports;  /* n of them, for sk_sync_plan_next */
  double began;             /* when the measurement began (the ASEC time limit counts from it) */
  double budget_factor;     /* SKAMPI_POINT_BUDGET (runner.h); 0: none */
  double least_value;       /* the least repetition value so far (discarded ones too), -1: none */
  sk_mctx *m;
  sk_result *res;
} rep_state;

/* The start delay above which a repetition is discarded (runner.h). */
static double runner_delay_tolerance(const rep_state *st)
{
  double t = st->delay_floor, share = st->crowded ? SK_START_TOLERANCE_SHARE_CROWDED : SK_START_TOLERANCE_SHARE;
  int n = st->ntypical;
  if (n > 0) {
    double median = 0.5 * (st->typical[(n - 1) / 2] + st->typical[n / 2]);
    if (share * median > t) t = share * median;
  }
  return t;
}

/* Where the run's own processes share the processors every repetition counts: a long
** operation there (a 64 KiB all-to-all on 4 processes and 2 cores) makes every start wait
** for the rotation, and a tolerance that followed only accepted values would never grow
** to it. Elsewhere only accepted ones: discarded values hold the delays. */
static void runner_note_typical(rep_state *st, double value)
{
  int i = st->ntypical;
  if (i == st->typical_cap) return;
  while (i > 0 && st->typical[i - 1] > value) { st->typical[i] = st->typical[i - 1]; i--; }
  st->typical[i] = value;
  st->ntypical++;
}

/* A barrier-started repetition in which a process lost its processor: its value and
** times are kept aside, the result's only when no repetition ran undisturbed. */
static void runner_keep_lost(rep_state *st, const rep_ballot *b, int n, double value)
{
  int i, max_reps = st->asec.cfg.max_reps;
  if (st->lost_n >= max_reps) return;
  st->lost_values[st->lost_n++] = value;
  for (i = 0; i < n; i++)
    if (b[i].time >= 0.0 && st->lost_count[i] < max_reps)
      st->lost_times[(size_t)i * max_reps + st->lost_count[i]++] = b[i].time;
}

/* The point's time budget (runner.h): spent, the repetitions stop as at a time limit.
** value: this repetition's (the longest time over the processes). */
static void runner_budget(rep_state *st, double value)
{
  double budget;
  sk_result *res = st->res;
  if (value >= 0.0 && (st->least_value < 0.0 || value < st->least_value)) st->least_value = value;
  if (res->stop != SK_ASEC_CONTINUE || st->budget_factor <= 0.0 || st->asec.cfg.time_limit > 0.0) return;
  budget = st->budget_factor * (double)st->asec.cfg.max_reps * (st->least_value + SK_POINT_BUDGET_ROUND);
  if (budget < SK_POINT_BUDGET_MIN) budget = SK_POINT_BUDGET_MIN;
  /* the clock is read only here: under a simulator (SimGrid SMPI) a read can take
  ** simulated time, and a point without a budget reads as it did before it */
  if (sk_tp_wtime() - st->began < budget) return;
  res->stop = SK_ASEC_TIME_LIMIT;
  res->budget_spent = 1;
  res->budget = budget;
  res->budget_short = st->asec.n < st->asec.cfg.min_reps ? st->asec.cfg.min_reps - st->asec.n : 0;
}

/* The value of a single measurement is the maximum over the members that returned a time
** (SKaLib report (TR 99/07) §4.1). A repetition is discarded when a member was not in
** its synchronised window (arrived late, overran), began the operation later than the
** tolerance after its start time, or -- where the waits do not yield (a yield is an
** involuntary switch too) -- lost its processor between start and stop: its value would hold the
** scheduler's time slice instead of the operation (sync_window.c says why). */
static sk_rep_progress_fn runner_progress_fn;
static void *runner_progress_ctx;

SK_API void sk_runner_progress(sk_rep_progress_fn fn, void *ctx)
{
  runner_progress_fn = fn;
  runner_progress_ctx = ctx;
}

static void runner_decide(void *ctx, const void *ballots, int n, void *decision)
{
  rep_state *st = (rep_state *)ctx;
  const rep_ballot *b = (const rep_ballot *)ballots;
  rep_decision *d = (rep_decision *)decision;
  sk_result *res = st->res;
  double value = -1.0, delay = 0.0, tolerance = runner_delay_tolerance(st), now;
  long switches = 0;
  int i, in_window = 1, max_reps = st->asec.cfg.max_reps;
  d->verdict = REP_AGAIN;
  d->failed_member = -1;
  for (i = 0; i < n; i++) {
    if (b[i].failed && d->failed_member < 0) d->failed_member = i;
    if (!b[i].in_window) in_window = 0;
    if (b[i].sync.delay > delay) delay = b[i].sync.delay;
    if (b[i].sync.switches > 0) switches += b[i].sync.switches;
    st->reports[i] = b[i].sync;
  }
  sk_sync_plan_next(st->m, st->reports, n, &d->plan);
  res->switches += switches;
  if (delay > res->delay_max) res->delay_max = delay;
  res->delay_tolerance = tolerance;
  if (sk_sync_windowed(st->m))
    d->valid = in_window && delay <= tolerance && (st->yields || switches == 0);
  else   /* barrier starts after the fallback (runner.h) */
    d->valid = !sk_sync_fell_back(st->m) || st->crowded || switches == 0;
  d->fall_back = 0;
  for (i = 0; i < n; i++) if (b[i].time > value) value = b[i].time;
  if (value < 0.0) value = 0.0;
  if (d->valid || st->crowded) runner_note_typical(st, value);
  if (d->valid) {
    for (i = 0; i < n; i++)
      if (b[i].time >= 0.0 && st->proc_count[i] < max_reps)
        st->proc_times[(size_t)i * max_reps + st->proc_count[i]++] = b[i].time;
    sk_asec_add(&st->asec, value);
  } else {
    res->invalid++;
    if (!in_window) res->missed_window++;
    else if (delay > tolerance) res->late_starts++;
    else res->lost_processor++;
    runner_keep_lost(st, b, n, value);   /* the result if none runs undisturbed */
    if (res->barrier_from > 0) {
      res->barrier_lost++;
    } else if (res->invalid >= SK_FALLBACK_DISCARDS && st->asec.n * SK_FALLBACK_RATIO < res->invalid) {
      d->fall_back = 1;    /* every member, rank 0 too, stops the windowed starts after the agreement */
      res->barrier_from = res->invalid + st->asec.n + 1;
      sk_asec_end(&st->asec);
      sk_asec_begin(&st->asec, &st->m->settings->asec, st->began);
      for (i = 0; i < n; i++) st->proc_count[i] = 0;
    }
  }
  now = sk_tp_wtime();
  st->res->stop = sk_asec_decide(&st->asec, now);
  if (runner_progress_fn != NULL) {
    sk_rep_progress rp;
    rp.reps = st->asec.n;
    rp.discarded = st->res->invalid;
    rp.min_reps = st->asec.cfg.min_reps;
    rp.max_reps = st->asec.cfg.max_reps;
    rp.in_point = now - st->began;
    runner_progress_fn(runner_progress_ctx, &rp);
  }
  if (st->res->stop == SK_ASEC_CONTINUE && st->res->invalid >= st->invalid_limit) st->res->stop = SK_ASEC_TIME_LIMIT;
  runner_budget(st, value);
  if (d->failed_member >= 0) d->verdict = REP_FAILED;
  else if (st->res->stop != SK_ASEC_CONTINUE) d->verdict = REP_ENOUGH;
}

/* Whether the row's receives may take any tag (MPI_ANY_TAG) and so a control message
** (sk_tp_wildcard_tags): the master-worker rows' master, and the rows named "_AT" after
** IMB-MT's (Pingpong_Send_Recv_AT, Thread_pingpong_AT, Thread_pingpong_AS_AT). */
static int runner_takes_any_tag(const sk_measurement *def)
{
  size_t n = strlen(def->name);
  return def->pattern == SK_PATTERN_MASTER_WORKER || (n > 3 && strcmp(def->name + n - 3, "_AT") == 0);
}

SK_API void sk_runner_run(const sk_measurement *def, sk_mctx *m, const sk_value *args, sk_result *res)
{
  const sk_asec_config *cfg = &m->settings->asec;
  int size = m->size, i, own_kept;
  double own_error;
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
  st.crowded = sk_host_crowded() || !sk_host_crowding_known();
  st.yields = sk_host_waits_yield();
  st.delay_floor = SK_START_TOLERANCE_MIN;
  if (st.crowded) {   /* a start waits for the processors' rotation, as every message does */
    st.delay_floor = sk_oversub_floor() > 0.0 ? sk_oversub_scheduler_bound(size) : SK_START_TOLERANCE_CROWDED;
    if (st.delay_floor < SK_START_TOLERANCE_MIN) st.delay_floor = SK_START_TOLERANCE_MIN;
  }
  if (m->rank == 0) {
    const char *f = getenv("SKAMPI_POINT_BUDGET");
    st.budget_factor = f && *f ? atof(f) : SK_POINT_BUDGET_FACTOR;
    if (!(st.budget_factor >= 0.0)) st.budget_factor = SK_POINT_BUDGET_FACTOR;
    st.began = sk_tp_wtime();
    sk_asec_begin(&st.asec, cfg, st.began);
    st.proc_times = (double *)sk_malloc(sizeof(double) * (size_t)size * (size_t)st.asec.cfg.max_reps);
    st.proc_count = (int *)sk_calloc((size_t)size, sizeof(int));
    st.lost_times = (double *)sk_malloc(sizeof(double) * (size_t)size * (size_t)st.asec.cfg.max_reps);
    st.lost_count = (int *)sk_calloc((size_t)size, sizeof(int));
    st.lost_values = (double *)sk_malloc(sizeof(double) * (size_t)st.asec.cfg.max_reps);
    st.typical_cap = st.asec.cfg.max_reps + st.invalid_limit + 1;
    st.typical = (double *)sk_malloc(sizeof(double) * (size_t)st.typical_cap);
    st.reports = (sk_sync_report *)sk_malloc(sizeof(sk_sync_report) * (size_t)size);
  }
  st.m = m;
  sk_sync_prepare(m);
  /* warm-up, not counted (SKaLib report (TR 99/07) §3.2); its duration sets the calls per timing */
  m->warming_up = 1;
  res->calls_per_timing = runner_calls_per_timing(def, cfg->precision_ticks, runner_single(def, m, args, -1, 1));
  m->warming_up = 0;
  if (m->replan_start) {   /* the warm-up's start came late by the measurement's own set-up */
    m->replan_start = 0;
    sk_sync_prepare(m);
  }
  st.least_value = -1.0;
  if (m->rank == 0 && st.budget_factor > 0.0) st.began = sk_tp_wtime();   /* the budget counts from here */
  sk_tp_wildcard_tags(runner_takes_any_tag(def));
  do {
    mine.time = runner_single(def, m, args, rep++, res->calls_per_timing);
    mine.failed = m->failed;
    mine.in_window = sk_sync_rep_ok(m);
    sk_sync_rep_report(m, &mine.sync);
    sk_agree(m->group, &mine, sizeof mine, &d, sizeof d, runner_decide, &st);
    sk_sync_rep_done(m, d.valid, &d.plan);
    if (d.fall_back) sk_sync_fall_back_to_barrier(m);
  } while (d.verdict == REP_AGAIN);
  sk_tp_wildcard_tags(1);
  if (d.verdict == REP_FAILED) {
    sk_agree_fetch_message(m->group, d.failed_member, m->fail_msg, sizeof m->fail_msg);
    if (m->rank == 0) strcpy(res->fail_msg, m->fail_msg);
    res->failed = 1;
  }
  sk_sync_release(m);
  if (m->rank == 0) {
    if (st.asec.n == 0 && st.lost_n > 0) {   /* none ran undisturbed: the lost ones (runner.h) */
      double *t = st.proc_times;
      int *c = st.proc_count;
      for (i = 0; i < st.lost_n; i++) sk_asec_add(&st.asec, st.lost_values[i]);
      st.proc_times = st.lost_times; st.proc_count = st.lost_count;
      st.lost_times = t; st.lost_count = c;
      res->lost_kept = st.lost_n;
    }
    sk_asec_result(&st.asec, &res->time, &res->std_error, &res->kept);
    res->rule_error = sk_asec_relative_error(&st.asec);
    res->reps = st.asec.n;
    res->nsamples = st.asec.n;
    res->samples = (double *)sk_malloc(sizeof(double) * (size_t)(st.asec.n > 0 ? st.asec.n : 1));
    if (st.asec.n > 0) memcpy(res->samples, st.asec.samples, sizeof(double) * (size_t)st.asec.n);
    res->node_times = (double *)sk_malloc(sizeof(double) * (size_t)size);
    for (i = 0; i < size; i++) {     /* each process's times, by the headline's statistic */
      sk_asec own;
      int j;
      if (st.proc_count[i] == 0) { res->node_times[i] = -1.0; continue; }
      sk_asec_begin(&own, &st.asec.cfg, 0.0);
      for (j = 0; j < st.proc_count[i]; j++) sk_asec_add(&own, st.proc_times[(size_t)i * st.asec.cfg.max_reps + j]);
      sk_asec_result(&own, &res->node_times[i], &own_error, &own_kept);
      sk_asec_end(&own);
    }
    sk_asec_end(&st.asec);
    free(st.proc_times);
    free(st.proc_count);
    free(st.lost_times);
    free(st.lost_count);
    free(st.lost_values);
    free(st.typical);
    free(st.reports);
  }
}
