/*
** sync_window.c -- synchronised starts (sync_window.h): the three start methods of SKaMPI
** 5 manual §4.1 as the engine applies them to one measurement (§6.2.1), and the real
** method's start-window schedule (sk_sync_prepare ... sk_sync_release): the adaptation of
** the window W and the margin M, the per-group memory of them, the header's statistics
** and sk_sync_describe. Rank 0 decides every start time; the runner's agreement carries
** it. Invariants: doc/internals.md, "sync".
*/
#include "sync_window.h"

#define SYNC_WINDOW_INIT 1.0e-3  /* first window on a group (seconds) */
#define SYNC_WINDOW_MIN 1.0e-6
#define SYNC_WINDOW_MAX 1.0      /* widening by SYNC_WIDEN stops here (not the target rule) */
#define SYNC_WIDEN 1.5           /* after an overrun W, after a late arrival M, grows this much */
#define SYNC_TARGET 1.5          /* W and M: this times a high quantile of the recent ones */
#define SYNC_HISTORY 12          /* spans and lags kept (the latest repetitions) */
#define SYNC_MARGIN_INIT 100.0e-6 /* first margin between a decision and the start it sets */
#define SYNC_MARGIN_MIN 2.0e-6
#define SYNC_MARGIN_MAX 0.1

/* Final window and margin of the last measurement on one group (this process). */
typedef struct sync_slot_memory {
  sk_sync_record link;     /* first: the group and the next memory */
  double window, margin;
} sync_slot_memory;

static sk_sync_record *sync_memories = NULL;

/* State of one measurement (sk_mctx.sync). */
struct sk_sync {
  sk_sync_method method;
  int active;              /* real synchronisation in use */
  sync_slot_memory *memory;/* the group's final window and margin */
  sk_clock_model model;    /* clock model in use */
  double slot;             /* reference time at which the current repetition starts */
  double window;           /* W (seconds) */
  double margin;           /* M: time between the decision and the start it sets */
  int first;               /* the warm-up's double slot has not been left yet */
  int unplanned;           /* this start is the warm-up's 2W, not M after a decision */
  int started, late, overrun;
  double target, limit, base;        /* local times of the current repetition: start
                                      ** time, end of its window, actual start */
  double arrive, stop;               /* local times of the arrival and the (last) stop */
  double delay;                      /* base - target when it arrived in time, else 0 */
  long switches0, switches;          /* involuntary switches at the last stop (the first
                                     ** start: at its arrival); since */
  long last_switches;                /* the count at the last stop, -1: none yet */
  int fell_back;                     /* barrier starts since sk_sync_fall_back_to_barrier:
                                     ** switches counts from each barrier's end */
  int untimed;                       /* between sk_sync_untimed_begin and _end */
  double spans[SYNC_HISTORY];        /* rank 0: the latest repetitions' longest spans */
  double lags[SYNC_HISTORY];         /* ... and longest lags (sk_sync_report) */
  int nhistory;
};

/* Statistics of the real method on this process, for the header. */
static struct {
  long reps, invalid, measurements;
  double window;           /* final window of the last synchronised measurement */
  double delay_sum, delay_max;
  long delay_n;
  long late, overrun;      /* repetitions this process arrived late to, overran */
  long fallbacks;          /* measurements that fell back to a barrier start */
} sync_wst;

static sync_slot_memory *sync_memory_for(sk_group *g)
{
  int made;
  sync_slot_memory *e = (sync_slot_memory *)(void *)sk_sync_record_for(&sync_memories, g, sizeof *e, &made);
  if (made) {
    e->window = SYNC_WINDOW_INIT;
    e->margin = SYNC_MARGIN_INIT;
  }
  return e;
}

/* The synchronisation settings of a measurement (defaults outside the engine). */
static sk_sync_config sync_config_of(const sk_mctx *m)
{
  sk_sync_config c;
  if (m->sync_config) return *m->sync_config;
  sk_sync_default_config(&c);
  return c;
}

SK_API const char *sk_sync_method_name(sk_sync_method m)
{
  switch (m) {
  case SK_SYNC_NONE: return "none";
  case SK_SYNC_BARRIER: return "barrier";
  default: return "real";
  }
}

/* ---- the start of a measurement ----
** sk_sync_prepare agrees that every member is ready; rank 0 decides where the clock models
** come from (re-use a fresh estimate or estimate now), the start time of the warm-up call
** (its "now" in reference time plus the margin M, which must cover the broadcast) and the
** window W: the final W and M of the previous measurement on the same group
** (SYNC_WINDOW_INIT and SYNC_MARGIN_INIT the first time). One exchange when the cached
** estimate is fresh; after an estimation a second one sets the start time. */

typedef struct sync_ready_ballot {
  int ready;
} sync_ready_ballot;

typedef struct sync_start_decision {
  int source;              /* an sk_clock_source */
  double start;            /* reference time of the warm-up's start */
  double window;           /* W */
} sync_start_decision;

typedef struct sync_start_ctx {
  const sk_sync_config *cfg;
  sk_mctx *m;
  struct sk_sync *s;
  int choose_source;       /* 0: the source is decided already, only the start time */
} sync_start_ctx;

static void sync_decide_start(void *ctx, const void *ballots, int n, void *decision)
{
  sync_start_ctx *c = (sync_start_ctx *)ctx;
  sync_start_decision *d = (sync_start_decision *)decision;
  (void)ballots; (void)n;
  if (c->choose_source) {
    double now = sk_tp_wtime();
    d->source = (int)sk_sync_clock_source(c->cfg, c->m->group, now);
    sk_sync_clock_model((sk_clock_source)d->source, c->m->group, now, &c->s->model);
    d->window = c->s->memory->window;
  }
  d->start = sk_clock_to_ref(&c->s->model, sk_tp_wtime()) + c->s->memory->margin;
}

SK_API void sk_sync_prepare(sk_mctx *m)
{
  struct sk_sync *s;
  sk_sync_config cfg = sync_config_of(m);
  sync_ready_ballot ready;
  sync_start_decision d;
  sync_start_ctx ctx;
  sk_clock_source source;
  free(m->sync);
  s = (struct sk_sync *)sk_calloc(1, sizeof *s);
  m->sync = s;
  s->method = cfg.method;
  s->last_switches = -1;
  if (s->method != SK_SYNC_REAL || m->size <= 1 || m->rank < 0) return;
  s->active = 1;
  s->memory = sync_memory_for(m->group);
  s->first = 1;
  s->unplanned = 0;
  sk_clock_identity(&s->model, sk_tp_wtime());
  ready.ready = 1;
  memset(&d, 0, sizeof d);
  ctx.cfg = &cfg;
  ctx.m = m;
  ctx.s = s;
  ctx.choose_source = 1;
  sk_agree(m->group, &ready, sizeof ready, &d, sizeof d, sync_decide_start, &ctx);
  source = (sk_clock_source)d.source;
  if (source == SK_CLOCK_ESTIMATE) {
    sk_sync_estimate(&cfg, m->group);
    source = m->group == sk_tp_world() ? SK_CLOCK_WORLD : SK_CLOCK_GROUP;
  }
  sk_sync_clock_model(source, m->group, sk_tp_wtime(), &s->model);
  if ((sk_clock_source)d.source == SK_CLOCK_ESTIMATE) {
    ctx.choose_source = 0;
    sk_agree(m->group, &ready, sizeof ready, &d, sizeof d, sync_decide_start, &ctx);
  }
  s->slot = d.start;
  s->window = d.window;
  s->margin = s->memory->margin;
}

SK_API int sk_sync_windowed(const sk_mctx *m)
{
  return m->sync != NULL && m->sync->active;
}

SK_API int sk_sync_fell_back(const sk_mctx *m)
{
  return m->sync != NULL && m->sync->fell_back;
}

SK_API void sk_sync_fall_back_to_barrier(sk_mctx *m)
{
  struct sk_sync *s = m->sync;
  if (s == NULL || !s->active) return;
  s->active = 0;
  s->started = 0;
  s->fell_back = 1;
  s->method = SK_SYNC_BARRIER;
  sync_wst.fallbacks++;
}

#ifdef SKAMPI_MPI   /* used by meas_mpi_coll.c only */
SK_API void sk_sync_untimed_begin(sk_mctx *m)
{
  if (m->sync != NULL) m->sync->untimed = 1;
}

SK_API void sk_sync_untimed_end(sk_mctx *m)
{
  struct sk_sync *s = m->sync;
  sk_sync_config cfg;
  sync_ready_ballot ready;
  sync_start_decision d;
  sync_start_ctx ctx;
  if (s == NULL) return;
  s->untimed = 0;
  if (!s->active || !s->first || s->started) return;
  cfg = sync_config_of(m);
  ready.ready = 1;
  memset(&d, 0, sizeof d);
  ctx.cfg = &cfg;
  ctx.m = m;
  ctx.s = s;
  ctx.choose_source = 0;   /* the clock models stay: only the warm-up's start time */
  sk_agree(m->group, &ready, sizeof ready, &d, sizeof d, sync_decide_start, &ctx);
  s->slot = d.start;
}
#endif

SK_API void sk_sync_release(sk_mctx *m)
{
  struct sk_sync *s = m->sync;
  if (s == NULL) return;
  if (s->active) {
    s->memory->window = s->window;
    s->memory->margin = s->margin;
    sync_wst.window = s->window;
    sync_wst.measurements++;
  }
  free(s);
  m->sync = NULL;
}

/* ---- one repetition ----
** sk_sync_start converts the start time into local time with the model, notes whether it
** arrived late (then this repetition is not in the window for this process), waits, and
** returns the local time; a further start before sk_sync_rep_done (several calls in one
** timing) returns at once. sk_sync_stop notes whether the call ran past start + W.
**
** When did the operation begin? A process that arrived in time may still begin late: its
** wait ends when it next runs, and where other processes compete for the processors
** (a loaded host, or the run's own processes outnumbering them) that can be a scheduler
** time slice after the start time. Its partners, which began on time, then wait for it
** inside the operation and their times hold the delay -- a 0.4 us broadcast read 1,900 us
** beside one CPU-bound process (doc/manual.md, "Interference"). So the start delay (actual
** start minus start time) is kept per repetition, together with the involuntary context
** switches since the repetition before ended (see below), and the runner discards a repetition
** whose largest start delay is more than a small share of the operation's duration, or
** in which a process lost its processor: the SKaMPI 5 manual's rule (§6.2.1: a single
** measurement is valid only if every process started it inside its time slot) applied to
** when the operation began, not when the process arrived -- as in Hunold and
** Carpen-Amarie's window method, where a process that leaves its wait after the window
** opened invalidates the measurement. A discarded start is not a reason to widen the
** window (nobody came late), only to start afresh (sync_decide_window).
**
** No system call between the agreement and the operation: the switches are counted from
** the stop of the repetition before (sk_sync_stop reads the count after the operation
** anyway), not read again at the arrival and in the wait, as they were until 2026-11-28.
** Where the kernel isolates its page tables without PCID (the 2-core VM of tools/bench:
** "Mitigation: PTI", no pcid flag) every system call flushes the TLB, and the operation
** right after it runs with a cold TLB: one getrusage (or getppid) 1-30 us before the
** start made MPICH's 128 B broadcast 0.3-1 us slower in tools/bench/plain_sync_start.c
** (0.89 against 1.6-1.9 us, root 0.49 against 0.8-1.2); skampi's root read 0.70 us, 0.47
** since, the plain program's 0.45-0.49 (doc/manual.md "Benchmarks"). A preemption during
** the agreement or the wait now counts too; it leaves the operation's caches cold as well.
** Not on a crowded host (more of the run's processes than processors, sk_host_crowded):
** there every agreement switches, and counting it discarded 31-54% of Open MPI's
** repetitions with 4 processes on 2 cores (tests/hosts, 5-25% before); there the count
** starts at the arrival and again in the wait, as before. */

#ifdef SKAMPI_TESTING
/* Test builds only: SKAMPI_TEST_LATE_START_US=N makes rank 1 of every synchronised group
** begin N microseconds after each start time, as a process that got its processor back
** late would (tests/interference.sh: the fallback to barrier starts). */
static double sync_test_late_start(const sk_mctx *m, double now)
{
  static long late_us = -1;
  if (late_us < 0) late_us = sk_env_long("SKAMPI_TEST_LATE_START_US", 0, 1000000, 0);
  if (late_us == 0 || m->rank != 1) return now;
  while (sk_tp_wtime() < now + late_us * 1e-6) { }
  return sk_tp_wtime();
}

/* ... and SKAMPI_TEST_LOST_AFTER_BARRIER=1 makes rank 1 report a lost processor in every
** barrier-started repetition after the fallback, as on a host where every call waits for a
** time slice (tests/interference.sh: the lost-processor repetitions are then kept). */
static long sync_test_lost_after_barrier(const sk_mctx *m)
{
  static long lost = -1;
  if (lost < 0) lost = sk_env_long("SKAMPI_TEST_LOST_AFTER_BARRIER", 0, 1, 0);
  return m->rank == 1 ? lost : 0;
}
#endif

SK_API double sk_sync_start(sk_mctx *m)
{
  struct sk_sync *s = m->sync;
  double arrive, now;
  if (s != NULL && s->untimed) return sk_tp_wtime();
  if (s == NULL) {        /* called outside the engine: a barrier start */
    if (sync_config_of(m).method != SK_SYNC_NONE && m->size > 1) sk_tp_barrier(m->group);
    return sk_tp_wtime();
  }
  if (s->method == SK_SYNC_BARRIER && m->size > 1) {
    sk_tp_barrier(m->group);
    if (s->fell_back) {
      s->switches0 = sk_host_involuntary_switches();
      s->switches = 0;
      s->started = 1;
    }
    return sk_tp_wtime();
  }
  if (!s->active) return sk_tp_wtime();
  if (s->started) {       /* no sk_sync_rep_done since the last start: */
    if (!s->first) return sk_tp_wtime();   /* another start in the same repetition */
    /* the first repetition after the warm-up; under a simulator also M later, as the
    ** warm-up may outlast a W remembered from a shorter operation (sync_plan_next) */
    s->slot += 2.0 * s->window + (SK_SIMULATED ? s->margin : 0.0);
    s->first = 0;
    s->unplanned = 1;
  }
  s->target = sk_clock_to_local(&s->model, s->slot);
  s->limit = s->target + s->window;
  /* a crowded host (more of the run's processes than processors) switches in every
  ** agreement: there the count starts at the arrival and again in the wait, as before */
  s->switches0 = s->last_switches >= 0 && !sk_host_crowded() ? s->last_switches : sk_host_involuntary_switches();
  arrive = sk_tp_wtime();
  s->arrive = arrive;
  s->late = arrive > s->target;
  s->delay = 0.0;
  if (s->late) {
    now = arrive;
    sync_wst.late++;
  } else {
    now = sk_sync_wait_until(s->target, arrive, sk_host_crowded() ? &s->switches0 : NULL);
#ifdef SKAMPI_TESTING
    now = sync_test_late_start(m, now);
#endif
    s->delay = now - s->target;
    sync_wst.delay_sum += s->delay;
    sync_wst.delay_n++;
    if (s->delay > sync_wst.delay_max) sync_wst.delay_max = s->delay;
  }
  s->switches = 0;
  s->base = now;
  s->started = 1;
  s->overrun = 0;
  return now;
}

SK_API double sk_sync_stop(sk_mctx *m)
{
  double now = sk_tp_wtime();
  struct sk_sync *s = m->sync;
  if (s && s->untimed) return now;
  if (s && s->active && s->started) {
    long sw = sk_host_involuntary_switches();
    s->stop = now;
    s->last_switches = sw;
    if (now > s->limit && !s->overrun) { s->overrun = 1; sync_wst.overrun++; }
    if (sw >= 0 && s->switches0 >= 0) s->switches = sw - s->switches0;
  } else if (s && s->fell_back && s->started) {
    long sw = sk_host_involuntary_switches();
    if (sw >= 0 && s->switches0 >= 0) s->switches = sw - s->switches0;
  }
  return now;
}

SK_API int sk_sync_rep_ok(sk_mctx *m)
{
  struct sk_sync *s = m->sync;
  /* Under a simulator (SK_SIMULATED) nothing but the operation itself runs on a rank: a
  ** call that outlasts W was long, not disturbed (W still widens for the next one). */
  return !(s && s->active && s->started && (s->late || (s->overrun && !SK_SIMULATED)));
}

/* ---- the schedule ----
** Every repetition ends in the runner's agreement (every member sends its ballot to rank
** 0, rank 0 decides and broadcasts): a moment at which every member demonstrably ran. So
** rank 0 sets the next start there: M after its decision (sk_sync_plan_next), and every
** member adopts it with the decision (sk_sync_rep_done). Where other processes compete
** for the processors, a process runs for a time slice (milliseconds) once it runs, so a
** start a few microseconds after the decision finds every member still running; a start
** fixed in advance (each one W after the one before, as this schedule was until
** 2026-11-24) falls, whenever a member was descheduled during the agreement, into a time at
** which that member waits for its processor, and every such repetition is lost.
**   - M must cover the decision's way to the last member: each member reports its lag,
**     the time from the decision to its arrival at the wait, and M is SYNC_TARGET times
**     the upper quartile of the recent repetitions' longest lags. Not a higher quantile:
**     under load a member that lost its processor during the agreement arrives
**     milliseconds late, and a margin grown to that makes every member wait that long
**     before each start -- time in which it may lose its processor again (a 1 KiB
**     broadcast read 1.1-1.7 us instead of 0.35 beside 4 spinners in 4 of 13 runs while
**     the margin was that long; why the operation itself got slower was not measured). Where the
**     waits yield (the run's own processes share the processors) every start waits for
**     the rotation anyway, and there M is SYNC_TARGET times the second longest lag (the
**     longest while fewer than SYNC_HISTORY / 2 are recorded), after a late arrival at
**     least SYNC_WIDEN M: with the quartile, 4 hosts on 2 cores discarded 10-11% of the
**     repetitions under MPICH instead of 5-7% (tests/hosts).
**   - W bounds a repetition: a member whose call ended later than W after its start time
**     overran and the repetition is discarded. W is SYNC_TARGET times the second longest
**     of the recent repetitions' longest spans (from the start time to the stop); after
**     an overrun at least SYNC_WIDEN W. The warm-up, which no agreement follows, gets 2W.
** A high quantile rather than a typical value, but not the single longest: heavy tails
** (a member that lost its processor) must not set the schedule. */

SK_API void sk_sync_rep_report(sk_mctx *m, sk_sync_report *r)
{
  struct sk_sync *s = m->sync;
  memset(r, 0, sizeof *r);
  r->lag = r->span = -1.0;
  if (s != NULL && s->fell_back && s->started) r->switches = s->switches;
#ifdef SKAMPI_TESTING
  if (s != NULL && s->fell_back && s->started) r->switches += sync_test_lost_after_barrier(m);
#endif
  if (s == NULL || !s->active || !s->started) return;
  r->late = s->late;
  r->overrun = s->overrun;
  r->delay = s->delay;
  r->switches = s->switches;
  r->lag = s->unplanned ? -1.0 : s->arrive - (s->target - s->margin);   /* -1: no decision set it */
  r->span = s->stop - s->target;
  if (r->lag < 0.0 && !s->unplanned) r->lag = 0.0;
  if (r->span < 0.0) r->span = 0.0;
}

/* The second longest of the history (the longest while it is short); -1 when empty. */
static double sync_high(const double *h, int n)
{
  double top = -1.0, second = -1.0;
  int i;
  for (i = 0; i < n; i++) {
    if (h[i] > top) { second = top; top = h[i]; }
    else if (h[i] > second) second = h[i];
  }
  return n >= SYNC_HISTORY / 2 ? second : top;
}

/* The upper quartile of the history (the largest while it holds fewer than 4). */
static double sync_quartile(const double *h, int n)
{
  double sorted[SYNC_HISTORY], v;
  int i, j;
  for (i = 0; i < n; i++) {                 /* insertion sort of at most 12 */
    v = h[i];
    for (j = i; j > 0 && sorted[j - 1] > v; j--) sorted[j] = sorted[j - 1];
    sorted[j] = v;
  }
  return n < 4 ? sorted[n - 1] : sorted[(3 * n) / 4];
}

static void sync_remember(double *h, int n, double v)
{
  if (n == SYNC_HISTORY) memmove(h, h + 1, sizeof(double) * (SYNC_HISTORY - 1));
  h[n == SYNC_HISTORY ? n - 1 : n] = v;
}

SK_API void sk_sync_plan_next(sk_mctx *m, const sk_sync_report *r, int n, sk_sync_plan *plan)
{
  struct sk_sync *s = m->sync;
  double lag = -1.0, span = -1.0, w, margin, need;
  int late = 0, overrun = 0, i;
  memset(plan, 0, sizeof *plan);
  if (s == NULL || !s->active) return;
  for (i = 0; i < n; i++) {
    if (r[i].lag > lag) lag = r[i].lag;
    if (r[i].span > span) span = r[i].span;
    late |= r[i].late;
    overrun |= r[i].overrun;
  }
  w = s->window;
  margin = s->margin;
  if (span >= 0.0) {                     /* somebody synchronised in this repetition */
    /* The first repetition after the warm-up starts 2W after it, not M after a decision:
    ** its lag says nothing and counts as the one M was made for. Were it taken as 0 (its
    ** members arrive long before), M would drop to SYNC_MARGIN_MIN and the next
    ** repetition begin before the decision reached every member: one repetition of
    ** every measurement discarded (seen in a deterministic simulation; real hosts keep
    ** the 0 until the sync tests have judged the change there). */
    if (lag < 0.0) lag = SK_SIMULATED ? margin / SYNC_TARGET : 0.0;
    sync_remember(s->lags, s->nhistory, lag);
    sync_remember(s->spans, s->nhistory, span);
    if (s->nhistory < SYNC_HISTORY) s->nhistory++;
    need = SYNC_TARGET * sync_high(s->spans, s->nhistory);
    w = overrun && need < SYNC_WIDEN * w ? SYNC_WIDEN * w : need;
    if (sk_host_waits_yield()) {         /* the run's own share the processors */
      need = SYNC_TARGET * sync_high(s->lags, s->nhistory);
      margin = late && need < SYNC_WIDEN * margin ? SYNC_WIDEN * margin : need;
    } else {
      margin = SYNC_TARGET * sync_quartile(s->lags, s->nhistory);
    }
  }
  if (w < SYNC_WINDOW_MIN) w = SYNC_WINDOW_MIN;
  if (w > SYNC_WINDOW_MAX) w = s->window > SYNC_WINDOW_MAX ? s->window : SYNC_WINDOW_MAX;
  if (margin < SYNC_MARGIN_MIN) margin = SYNC_MARGIN_MIN;
  if (margin > SYNC_MARGIN_MAX) margin = SYNC_MARGIN_MAX;
  plan->window = w;
  plan->margin = margin;
  plan->slot = sk_clock_to_ref(&s->model, sk_tp_wtime()) + margin;
}

SK_API void sk_sync_rep_done(sk_mctx *m, int valid_everywhere, const sk_sync_plan *plan)
{
  struct sk_sync *s = m->sync;
  if (s != NULL && s->fell_back) s->started = 0;
  if (s == NULL || !s->active) return;
  s->first = 0;
  s->unplanned = 0;
  sync_wst.reps++;
  if (!valid_everywhere) sync_wst.invalid++;
  s->slot = plan->slot;
  s->window = plan->window;
  s->margin = plan->margin;
  s->started = 0;
}

SK_API void sk_sync_describe(const sk_sync_config *cfg, sk_str *out)
{
  sk_str_printf(out, "# synchronization: %s\n", sk_sync_method_name(cfg->method));
  if (cfg->method == SK_SYNC_BARRIER)
    sk_str_puts(out, "# synchronization: a barrier before every single measurement\n");
  if (cfg->method != SK_SYNC_REAL) return;
  sk_sync_describe_offsets(cfg, out);
  if (sync_wst.measurements > 0)
    sk_str_printf(out, "# synchronization: last window %.1f us (adaptive), %ld of %ld repetitions invalid"
                  " (rank 0 itself arrived late to %ld and ran past the window in %ld; see the results' lines for"
                  " why), start delay of rank 0 mean %.1f us max %.1f us\n", sync_wst.window * 1e6,
                  sync_wst.invalid, sync_wst.reps, sync_wst.late, sync_wst.overrun,
                  sync_wst.delay_n ? sync_wst.delay_sum / sync_wst.delay_n * 1e6 : 0.0, sync_wst.delay_max * 1e6);
  else
    sk_str_printf(out, "# synchronization: each repetition starts M after the agreement that ended the one"
                  " before; window W and margin M adaptive (first %.0f us and %.0f us; %g x the second longest"
                  " span and lag of the last %d repetitions, x%g after an overrun or a late arrival)\n",
                  SYNC_WINDOW_INIT * 1e6, SYNC_MARGIN_INIT * 1e6, SYNC_TARGET, SYNC_HISTORY, SYNC_WIDEN);
  if (sync_wst.fallbacks > 0)
    sk_str_printf(out, "# synchronization: %ld measurements lost nearly every synchronised start and timed the"
                  " rest of their repetitions after a barrier (see their \"# (interference\" lines)\n",
                  sync_wst.fallbacks);
}

#ifdef SKAMPI_TESTING
SK_API double sk_sync_window(void) { return sync_wst.window; }
#endif
