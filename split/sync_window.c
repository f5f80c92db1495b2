/*
** sync_window.c -- synchronised starts (sync_window.h). This module owns the three start
** methods of SKaMPI 5 manual §4.1 (choose_no_synchronization,
** choose_barrier_synchronization, choose_real_synchronization) as the engine applies them
** to one measurement (§6.2.1), and the start-window schedule of the real method:
** sk_sync_prepare / sk_sync_start / sk_sync_stop / sk_sync_rep_ok / sk_sync_rep_done /
** sk_sync_release, the adaptation of the window W and of the start margin M, the per-group
** memory of the final W and M, the statistics of the header, and sk_sync_describe. The
** clock models come from sync_offsets.c; the method from m->settings->sync.
**
** Invariants:
**   - One schedule everywhere: a member's schedule depends only on rank 0's decisions
**     (sk_agree) and the agreed validity of each repetition, so every member computes the
**     same start times and windows, bit for bit, without further communication.
**   - The warm-up gets a slot of 2W, every later repetition a slot of W: after a
**     repetition that was valid everywhere each member adds W to the start time.
**   - A repetition is valid for a process when it arrived before its start time and its
**     call ended inside the window; the runner discards one that is invalid anywhere.
**   - Between the warm-up and the first repetition nothing collective happens (in
**     point-to-point patterns not every member calls sk_sync_start).
**   - Communication: the barrier method's barrier; for the real method only
**     sk_sync_prepare (which may estimate offsets) and the window adjustment
**     (sync_adjust), both agreeing through sk_agree over all members of the group.
*/
#include "sync.h"
#include "settings.h"

#define SYNC_WINDOW_INIT 1.0e-3  /* first window on a group (seconds) */
#define SYNC_WINDOW_MIN 1.0e-6
#define SYNC_WINDOW_MAX 1.0      /* widening by SYNC_WIDEN stops here (not the target rule) */
#define SYNC_WIDEN 1.5           /* after an invalid repetition, W grows at least this much */
#define SYNC_TARGET 1.5          /* target window: this times the recent cycle (see below) */
#define SYNC_SHRINK_BELOW 0.7    /* shrink to the target when it is below this fraction of W */
#define SYNC_CHECK_EVERY 6       /* valid repetitions in a row between window checks */
#define SYNC_HISTORY 12          /* cycle times kept (the latest repetitions) */
#define SYNC_MARGIN_INIT 100.0e-6 /* first margin between a broadcast and the start it sets */
#define SYNC_MARGIN_MIN 2.0e-6   /* ... between this and twice the window */

/* Final window and margin of the last measurement on one group (this process). */
typedef struct sync_slot_memory {
  sk_group *g;
  double window, margin;
  struct sync_slot_memory *next;
} sync_slot_memory;

static sync_slot_memory *sync_memories = NULL;

/* State of one measurement (sk_mctx.sync). */
struct sk_sync {
  sk_sync_method method;
  int active;              /* real synchronisation in use */
  sync_slot_memory *memory;/* the group's final window and margin */
  sk_clock_model model;    /* clock model in use */
  double slot;             /* reference time at which the current repetition starts */
  double window;           /* W (seconds) */
  double margin;           /* rank 0: time between a broadcast start and that start */
  int fresh;               /* rank 0: this repetition's start came with a broadcast */
  int first;               /* the warm-up's double slot has not been left yet */
  int started, late, overrun;
  double target, limit, base;        /* local times of the current repetition: start
                                      ** time, end of its window, actual start */
  double cycles[SYNC_HISTORY];       /* cycle times of the latest repetitions */
  int ncycles, valid_run, checks_off;
};

/* Statistics of the real method on this process, for the header. */
static struct {
  long reps, invalid, measurements;
  double window;           /* final window of the last synchronised measurement */
  double delay_sum, delay_max;
  long delay_n;
} sync_wst;

static sync_slot_memory *sync_memory_for(sk_group *g)
{
  sync_slot_memory *e;
  for (e = sync_memories; e; e = e->next) if (e->g == g) return e;
  e = (sync_slot_memory *)sk_calloc(1, sizeof *e);
  e->g = g;
  e->window = SYNC_WINDOW_INIT;
  e->margin = SYNC_MARGIN_INIT;
  e->next = sync_memories;
  sync_memories = e;
  return e;
}

/* The synchronisation settings of a measurement (defaults outside the engine). */
static sk_sync_config sync_config_of(const sk_mctx *m)
{
  sk_sync_config c;
  if (m->settings) return m->settings->sync;
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
  if (s->method != SK_SYNC_REAL || m->size <= 1 || m->rank < 0) return;
  s->active = 1;
  s->memory = sync_memory_for(m->group);
  s->first = 1;
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
** arrived late (then this repetition is invalid for this process), waits, and returns the
** local time; a further start before sk_sync_rep_done (several calls in one timing)
** returns at once. sk_sync_stop notes whether the call ran past start + W. Validity is
** decided by the arrival: a process that arrived in time but got its core back only after
** the start time still counts (its times show the oversubscription); the mean and largest
** such start delays are reported. */

SK_API double sk_sync_start(sk_mctx *m)
{
  struct sk_sync *s = m->sync;
  double arrive, now;
  if (s == NULL) {        /* called outside the engine: a barrier start */
    if (sync_config_of(m).method != SK_SYNC_NONE && m->size > 1) sk_tp_barrier(m->group);
    return sk_tp_wtime();
  }
  if (s->method == SK_SYNC_BARRIER && m->size > 1) {
    sk_tp_barrier(m->group);
    return sk_tp_wtime();
  }
  if (!s->active) return sk_tp_wtime();
  if (s->started) {       /* no sk_sync_rep_done since the last start: */
    if (!s->first) return sk_tp_wtime();   /* another start in the same repetition */
    s->slot += 2.0 * s->window;            /* the first repetition after the warm-up */
    s->first = 0;
  }
  s->target = sk_clock_to_local(&s->model, s->slot);
  s->limit = s->target + s->window;
  arrive = sk_tp_wtime();
  s->late = arrive > s->target;
  if (s->late) {
    now = arrive;
  } else {
    now = sk_sync_wait_until(s->target, arrive);
    sync_wst.delay_sum += now - s->target;
    sync_wst.delay_n++;
    if (now - s->target > sync_wst.delay_max) sync_wst.delay_max = now - s->target;
  }
  s->base = now;
  s->started = 1;
  s->overrun = 0;
  return now;
}

SK_API double sk_sync_stop(sk_mctx *m)
{
  double now = sk_tp_wtime();
  struct sk_sync *s = m->sync;
  if (s && s->active && s->started && now > s->limit) s->overrun = 1;
  return now;
}

SK_API int sk_sync_rep_ok(sk_mctx *m)
{
  struct sk_sync *s = m->sync;
  return !(s && s->active && s->started && (s->late || s->overrun));
}

/* ---- adapting the window ----
** Each member records the cycle of every repetition: from its scheduled start (from its
** arrival when it came late) until it is ready for the next one (sk_sync_rep_done), which
** includes the engine's gather and broadcast and a late return from waiting -- where
** processes outnumber processors a process that waited in time often gets its processor
** back only milliseconds after the start, and the next start comes W after this one, so
** W must hold that delay too (4 hosts in namespaces on 2 cores, Open MPI over TCP: 28-29%
** of the repetitions were discarded when the cycle began at the actual start, 5-11% with
** this rule, in less time; README, "Truth tests"). After an invalid
** repetition, and after every SYNC_CHECK_EVERY valid repetitions in a row, the members
** agree on a new schedule: every member reports the cycles of the last SYNC_HISTORY
** repetitions (-1 where it has none; all members that synchronise record the same
** repetitions in the same order) and whether it was late or overran, and rank 0 sets
**   - M = 2M if the repetition was the first after a broadcast start and nobody overran
**     (the broadcast took longer than M); M shrinks by 0.8 after every first repetition
**     that was valid; M stays between SYNC_MARGIN_MIN and 2W (a cycle includes a
**     broadcast);
**   - otherwise after an invalid repetition W = max(1.5 W, 1.5 C), where C, the cycle
**     of a repetition being its longest over the members, is the second longest of the
**     recorded ones (the longest while fewer than SYNC_HISTORY / 2 are recorded);
**   - at a check W = 1.5 C when that is below 0.7 W;
** and decides W with a fresh start time (now + M; at a check the old schedule if that is
** later). Under oversubscription cycles are heavy-tailed, hence a high quantile (about the
** 85th percentile) rather than a typical cycle, but not the single longest: a window that
** is too long costs idle time, one that is too short a discarded repetition and an
** exchange. If no member synchronised (a measurement that never calls sk_sync_start), the
** checks stop after the first. */

typedef struct sync_cycle_ballot {
  double cycles[SYNC_HISTORY];   /* seconds, the latest last; -1: none */
  int late, overrun;             /* in the current repetition */
} sync_cycle_ballot;

typedef struct sync_window_decision {
  double slot;             /* reference time of the next start */
  double window;           /* W */
  int checks_off;          /* nobody synchronised: no more checks */
} sync_window_decision;

typedef struct sync_adjust_ctx {
  struct sk_sync *s;
  int invalid;
} sync_adjust_ctx;

static void sync_decide_window(void *ctx, const void *ballots, int n, void *decision)
{
  sync_adjust_ctx *c = (sync_adjust_ctx *)ctx;
  struct sk_sync *s = c->s;
  const sync_cycle_ballot *b = (const sync_cycle_ballot *)ballots;
  sync_window_decision *d = (sync_window_decision *)decision;
  double need = -1.0, second = -1.0, w = s->window, next;
  int late = 0, overrun = 0, margin_short, count = 0, i, j;
  for (j = 0; j < SYNC_HISTORY; j++) {   /* the cycle of a repetition: its longest */
    double cyc = -1.0;
    for (i = 0; i < n; i++) if (b[i].cycles[j] > cyc) cyc = b[i].cycles[j];
    if (cyc < 0.0) continue;
    count++;
    if (cyc > need) { second = need; need = cyc; }
    else if (cyc > second) second = cyc;
  }
  if (count >= SYNC_HISTORY / 2) need = second;
  for (i = 0; i < n; i++) {
    if (b[i].late) late = 1;
    if (b[i].overrun) overrun = 1;
  }
  d->checks_off = need < 0.0 && !c->invalid;
  margin_short = c->invalid && s->fresh && late && !overrun;
  if (margin_short) {
    s->margin *= 2.0;
  } else if (c->invalid) {
    double wider = w * SYNC_WIDEN;
    if (wider > SYNC_WINDOW_MAX) wider = w > SYNC_WINDOW_MAX ? w : SYNC_WINDOW_MAX;
    w = wider > SYNC_TARGET * need ? wider : SYNC_TARGET * need;
  } else if (need >= 0.0 && SYNC_TARGET * need < SYNC_SHRINK_BELOW * w) {
    w = SYNC_TARGET * need;
  }
  if (w < SYNC_WINDOW_MIN) w = SYNC_WINDOW_MIN;
  /* a broadcast takes less than a cycle, which includes one */
  if (s->margin > 2.0 * w) s->margin = 2.0 * w;
  if (s->margin < SYNC_MARGIN_MIN) s->margin = SYNC_MARGIN_MIN;
  next = sk_clock_to_ref(&s->model, sk_tp_wtime()) + s->margin;
  s->fresh = 1;
  if (!c->invalid && s->slot > next) {
    next = s->slot;
    s->fresh = 0;
  }
  d->slot = next;
  d->window = w;
}

static void sync_adjust(sk_mctx *m, struct sk_sync *s, int invalid)
{
  sync_cycle_ballot mine;
  sync_window_decision d;
  sync_adjust_ctx ctx;
  int j;
  for (j = 0; j < SYNC_HISTORY; j++) mine.cycles[j] = j < s->ncycles ? s->cycles[j] : -1.0;
  mine.late = s->started && s->late;
  mine.overrun = s->started && s->overrun;
  memset(&d, 0, sizeof d);
  ctx.s = s;
  ctx.invalid = invalid;
  sk_agree(m->group, &mine, sizeof mine, &d, sizeof d, sync_decide_window, &ctx);
  s->slot = d.slot;
  s->window = d.window;
  if (d.checks_off) s->checks_off = 1;
  s->valid_run = 0;
}

SK_API void sk_sync_rep_done(sk_mctx *m, int valid_everywhere)
{
  struct sk_sync *s = m->sync;
  if (s == NULL || !s->active) return;
  if (s->started) {       /* cycle: from the scheduled start (the actual one if late) to ready again */
    double cycle = sk_tp_wtime() - (s->late ? s->base : s->target);   /* in time: base >= target */
    if (s->ncycles == SYNC_HISTORY) {          /* keep the latest */
      memmove(s->cycles, s->cycles + 1, sizeof(double) * (SYNC_HISTORY - 1));
      s->ncycles--;
    }
    s->cycles[s->ncycles++] = cycle;
  }
  s->first = 0;
  sync_wst.reps++;
  if (valid_everywhere) {
    if (s->fresh) {        /* rank 0: the margin sufficed; try less next time */
      s->margin *= 0.8;
      if (s->margin < SYNC_MARGIN_MIN) s->margin = SYNC_MARGIN_MIN;
    }
    s->fresh = 0;
    s->slot += s->window;
    s->valid_run++;
    if (!s->checks_off && s->valid_run >= SYNC_CHECK_EVERY) sync_adjust(m, s, 0);
  } else {
    sync_wst.invalid++;
    sync_adjust(m, s, 1);
  }
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
    sk_str_printf(out, "# synchronization: last window %.1f us (adaptive), %ld of %ld repetitions invalid,"
                  " start delay mean %.1f us max %.1f us\n", sync_wst.window * 1e6, sync_wst.invalid,
                  sync_wst.reps, sync_wst.delay_n ? sync_wst.delay_sum / sync_wst.delay_n * 1e6 : 0.0,
                  sync_wst.delay_max * 1e6);
  else
    sk_str_printf(out, "# synchronization: window adaptive, first %.0f us (x%g after an invalid repetition;"
                  " %g x the second longest of the last %d cycles)\n", SYNC_WINDOW_INIT * 1e6, SYNC_WIDEN,
                  SYNC_TARGET, SYNC_HISTORY);
}

#ifdef SKAMPI_TESTING
SK_API double sk_sync_window(void) { return sync_wst.window; }
#endif
