/*
** sync_offsets.c -- clock offsets (sync_offsets.h; SKaMPI 5 manual §6.2.1): the clock
** model of a process against a reference clock, the ping-pong sample and series, the two
** algorithms (SK_OFFSETS_LINEAR of SKaMPI 5, SK_OFFSETS_HCA after Hunold and
** Carpen-Amarie, EuroMPI 2015 and CLUSTER 2018), the residual check and the header's
** figures, the per-process cache of estimates and waiting without stealing the core.
** Transport and sk_agree only, so every backend has it. Invariants: doc/internals.md,
** "sync".
*/
#include "sync_offsets.h"

#define SYNC_FITPOINTS 12        /* HCA: samples per tree edge */
#define SYNC_TRIES 6             /* round trips per sample (the fastest counts) ... */
#define SYNC_MAX_TRIES 64        /* ... or more, up to this, until one was fast, ... */
#define SYNC_SERIES_BUDGET 0.1   /* ... while the series is younger than this (seconds) */
#define SYNC_LINEAR_SAMPLES 6    /* SKaMPI 5 method: samples per member (the fastest counts) */
#define SYNC_CHECK_MAX 64        /* residual check: at most this many members */
#define SYNC_MAX_DRIFT 2.0e-4    /* larger slopes are taken for noise (200 ppm: twice what
                                 ** a quartz clock drifts, so that one at 100 ppm is corrected) */
#define SYNC_DRIFT_BASELINE 1.0  /* seconds between estimates for the long-baseline drift */
#define SYNC_MAX_AGE 10.0        /* default maximum age of an estimate (seconds) ... */
#define SYNC_FIRST_AGE 2.0       /* ... but at most this until a drift could be measured */
#define SYNC_SPIN_BELOW 10.0e-6  /* spin (no yield) this close to a start time */

typedef struct sync_sample {
  double x;      /* client time of the sample: (t1 + t2) / 2 */
  double y;      /* client clock minus server clock */
  double rtt;    /* round trip t2 - t1 */
} sync_sample;

/* Cached estimate of one group on this process. */
typedef struct sync_entry {
  sk_sync_record link;   /* first: the group and the next entry */
  int have;              /* model holds an estimate (kept when stale: drift baseline) */
  int stale;             /* invalidated: re-estimate before using */
  int method;            /* offset method of the estimate */
  int drift_known;       /* an earlier estimate was old enough to measure the drift */
  sk_clock_model model;  /* this process's clock against rank 0 of g */
  double estimated_at;   /* local time */
} sync_entry;

static sk_sync_record *sync_entries = NULL;

/* Figures of the last estimation, agreed by its group (sync_collect) for the header. */
typedef struct sync_figures {
  int n;                    /* members */
  int checked;              /* members re-measured for the residuals */
  double max_abs_offset, max_abs_residual;
  double check_bound;       /* largest half round trip of the residual check */
  double max_err, max_drift;
} sync_figures;

static struct {
  sync_figures fig;
  int global_clock, method;
  double duration;
#ifdef SKAMPI_TESTING
  double *offsets;          /* rank 0 of the group: every member's offset */
#endif
} sync_st;

/* ---- clock models ---- */

SK_API void sk_clock_identity(sk_clock_model *md, double now)
{
  md->tref = now;
  md->off = 0.0;
  md->drift = 0.0;
  md->err = 0.0;
}

SK_API double sk_clock_offset(const sk_clock_model *md, double local)
{
  return md->off + md->drift * (local - md->tref);
}

SK_API double sk_clock_to_ref(const sk_clock_model *md, double local)
{
  return local - sk_clock_offset(md, local);
}

/* Solves local - off - drift * (local - tref) = ref for local. */
SK_API double sk_clock_to_local(const sk_clock_model *md, double ref)
{
  return md->tref + (ref - md->tref + md->off) / (1.0 - md->drift);
}

/* c: child clock against its parent's (in child time); p: parent's against the reference.
** Result: child clock against the reference; the error bounds add up. */
static sk_clock_model sync_model_compose(const sk_clock_model *c, const sk_clock_model *p)
{
  sk_clock_model r;
  r.tref = c->tref;
  r.off = c->off + sk_clock_offset(p, c->tref - c->off);
  r.drift = c->drift + p->drift * (1.0 - c->drift);
  r.err = c->err + p->err;
  return r;
}

static void sync_model_pack(const sk_clock_model *md, double *d)
{
  d[0] = md->tref; d[1] = md->off; d[2] = md->drift; d[3] = md->err;
}

static void sync_model_unpack(sk_clock_model *md, const double *d)
{
  md->tref = d[0]; md->off = d[1]; md->drift = d[2]; md->err = d[3];
}

static double sync_median(const double *v, int n)
{
  double a[64], t;
  int i, j;
  if (n <= 0) return 0.0;
  if (n > 64) n = 64;
  for (i = 0; i < n; i++) {
    t = v[i];
    for (j = i; j > 0 && a[j - 1] > t; j--) a[j] = a[j - 1];
    a[j] = t;
  }
  return n % 2 ? a[n / 2] : 0.5 * (a[n / 2 - 1] + a[n / 2]);
}

/* Offset (and, where significant, drift) of the client from n samples (n <= 64): only
** samples whose round trip is at most 1.25 times the fastest plus 1 us take part; the
** least-squares slope is used only where it is significant (|b| > 3 standard errors),
** plausible (below SYNC_MAX_DRIFT) and changes the offset over the samples' span by more
** than a sample can be wrong; otherwise the offset is the median and the drift 0. */
static void sync_fit(const sync_sample *s, int n, sk_clock_model *md)
{
  double ys[64], limit, minrtt, xm = 0.0, ym = 0.0, sxx = 0.0, sxy = 0.0, res = 0.0, maxrtt = 0.0;
  int i, k = 0;
  if (n > 64) n = 64;
  minrtt = s[0].rtt;
  for (i = 1; i < n; i++) if (s[i].rtt < minrtt) minrtt = s[i].rtt;
  limit = 1.25 * minrtt + 1e-6;
  for (i = 0; i < n; i++)
    if (s[i].rtt <= limit) {
      xm += s[i].x;
      ym += s[i].y;
      ys[k++] = s[i].y;
      if (s[i].rtt > maxrtt) maxrtt = s[i].rtt;
    }
  xm /= k;                             /* k >= 1: the fastest sample passes */
  ym /= k;
  md->tref = xm;
  md->drift = 0.0;
  md->err = 0.5 * maxrtt;
  for (i = 0; i < n; i++)
    if (s[i].rtt <= limit) {
      sxx += (s[i].x - xm) * (s[i].x - xm);
      sxy += (s[i].x - xm) * (s[i].y - ym);
    }
  if (k >= 4 && sxx > 0.0) {
    double b = sxy / sxx, se, lo = xm, hi = xm;
    for (i = 0; i < n; i++)
      if (s[i].rtt <= limit) {
        if (s[i].x < lo) lo = s[i].x;
        if (s[i].x > hi) hi = s[i].x;
      }
    for (i = 0; i < n; i++)
      if (s[i].rtt <= limit) {
        double r = s[i].y - ym - b * (s[i].x - xm);
        res += r * r;
      }
    se = sqrt(res / (k - 2) / sxx);
    /* a span of a few milliseconds never shows a drift; seconds of samples would */
    if (fabs(b) > 3.0 * se && fabs(b) < SYNC_MAX_DRIFT && fabs(b) * (hi - lo) > maxrtt) {
      md->drift = b;
      md->off = ym;
      return;
    }
  }
  md->off = sync_median(ys, k);
}

/* One estimation spans milliseconds, far too short to see a real drift, so the drift is
** refined across estimations: the slope between an older estimate and a new one, when
** the baseline is at least SYNC_DRIFT_BASELINE and the change is larger than the two
** error bounds together (on one host, where the true drift is 0, it stays 0). */
static void sync_refine_drift(sk_clock_model *nw, const sk_clock_model *old)
{
  double span = nw->tref - old->tref, change = nw->off - old->off, slope;
  if (span < SYNC_DRIFT_BASELINE) return;
  if (fabs(change) <= nw->err + old->err) return;
  slope = change / span;
  if (fabs(slope) < SYNC_MAX_DRIFT) nw->drift = slope;
}

/* ---- waiting for a start time: keep the processor unless the run's own need it ----
** Where the run's own processes outnumber the processors (sk_host_crowded: 4 processes on
** 2 cores is common, and MPICH busy-polls) a process that spins while it waits steals
** the core from the one it waits for: such a wait yields between clock readings and
** spins only for the last SYNC_SPIN_BELOW; it never sleeps (a woken process may wait
** milliseconds for a core held by a busy-polling one). Everywhere else the wait spins:
** the runnable processes a yield could hand the core to are not the run's own (a shell,
** a compiler, another job), and such a process keeps the core for a whole time slice --
** with one CPU-bound process beside 2 on 2 cores a yielding wait started milliseconds
** late (doc/manual.md, "Interference"). A wait for a message of the estimation polls, and on a
** crowded host yields and naps as sk_host_idle says (host.h). Where the system has no
** yield (host.c; and with SKAMPI_NO_YIELD) the waits are plain spins. */

SK_API double sk_sync_wait_until(double target, double now, long *switches)
{
  int yield = sk_host_waits_yield();
#if SK_SIMULATED
  /* simulated time stands still while a rank spins: the wait passes it (host.h) */
  (void)yield;
  while (now < target) {
    if (switches != NULL) *switches = -1;
    sk_host_pass(target - now);
    now = sk_tp_wtime();
  }
  return now;
#endif
  while (now < target) {
    if (switches != NULL && target - now > SK_SYNC_SWITCHES_BEFORE) *switches = sk_host_involuntary_switches();
    if (yield && target - now > SYNC_SPIN_BELOW) sk_host_yield();
    now = sk_tp_wtime();
  }
  return now;
}

static void sync_wait(sk_request *req)
{
  double since = -1.0;
#if SK_SIMULATED
  sk_tp_wait(req);   /* exact arrival in simulated time; polling would add its own steps */
  return;
#endif
  while (!sk_tp_test(req)) {
    double now = sk_tp_wtime();
    if (since < 0.0) since = now;
    else sk_host_idle(now - since);
  }
}

static void sync_recv(sk_group *g, int src, void *buf, size_t n)
{
  sk_request req;
  sk_tp_irecv(g, src, buf, n, &req);
  sync_wait(&req);
}

/* ---- ping-pong ----
** The client posts its receive, reads t1, sends; the server answers with its time ts; the
** client reads t2 on arrival. At client time (t1+t2)/2 the client's clock is ahead of the
** server's by (t1+t2)/2 - ts, wrong by at most half the round trip. sync_ping takes one
** sample: the fastest of at least SYNC_TRIES round trips, continuing (up to
** SYNC_MAX_TRIES, and while the series is younger than SYNC_SERIES_BUDGET) while none was
** within twice the fastest round trip of the series plus 1 us -- a round trip is slow when
** either side lost its core, and only fast ones give exact offsets. One-way delays that
** differ systematically cannot be seen by any round trip; the error bound covers them.
** sync_ping_end tells the server that the series is over. */
typedef struct sync_series {
  double best_rtt;   /* fastest round trip of the series (-1: none yet) */
  double started;
} sync_series;

static void sync_series_begin(sync_series *se)
{
  se->best_rtt = -1.0;
  se->started = sk_tp_wtime();
}

static sync_sample sync_ping(sk_group *g, int peer, sync_series *se)
{
  sync_sample best;
  sk_request req;
  double t1, t2, ts, go = 1.0;
  int i;
  best.x = best.y = 0.0;
  best.rtt = -1.0;
  for (i = 0; i < SYNC_MAX_TRIES; i++) {
    if (i >= SYNC_TRIES && (best.rtt <= 2.0 * se->best_rtt + 1e-6
                            || sk_tp_wtime() - se->started > SYNC_SERIES_BUDGET)) break;
    sk_tp_irecv(g, peer, &ts, sizeof ts, &req);   /* posted first: symmetric delays */
    t1 = sk_tp_wtime();
    sk_tp_send(g, peer, &go, sizeof go);
    sync_wait(&req);
    t2 = sk_tp_wtime();
    if (best.rtt < 0.0 || t2 - t1 < best.rtt) {
      best.rtt = t2 - t1;
      best.x = 0.5 * (t1 + t2);
      best.y = best.x - ts;
    }
    if (se->best_rtt < 0.0 || t2 - t1 < se->best_rtt) se->best_rtt = t2 - t1;
  }
  return best;
}

static void sync_ping_end(sk_group *g, int peer)
{
  double stop = 0.0;
  sk_tp_send(g, peer, &stop, sizeof stop);
}

/* Server: answers pings with its time (in reference time if md is given) until the
** client ends the series. */
static void sync_pong(sk_group *g, int peer, const sk_clock_model *md)
{
  double go, ts;
  for (;;) {
    sync_recv(g, peer, &go, sizeof go);
    if (go == 0.0) break;
    ts = sk_tp_wtime();
    if (md) ts = sk_clock_to_ref(md, ts);
    sk_tp_send(g, peer, &ts, sizeof ts);
  }
}

/* The fastest of SYNC_LINEAR_SAMPLES samples of one series with peer (client side). */
static sync_sample sync_best_of_series(sk_group *g, int peer)
{
  sync_series se;
  sync_sample s;
  int k;
  sync_series_begin(&se);
  s = sync_ping(g, peer, &se);
  for (k = 1; k < SYNC_LINEAR_SAMPLES; k++) {
    sync_sample t = sync_ping(g, peer, &se);
    if (t.rtt < s.rtt) s = t;
  }
  sync_ping_end(g, peer);
  return s;
}

/* ---- the two estimation algorithms (members of g; rank 0 keeps the identity) ---- */

/* SKaMPI 5: rank 0 is the client of every other member in turn and sends each member the
** offset of its fastest sample. p-1 sequential series; no drift. */
static void sync_linear(sk_group *g, sk_clock_model *md)
{
  int rank = sk_tp_group_rank(g), size = sk_tp_group_size(g), i;
  double d[4];
  if (rank == 0) {
    for (i = 1; i < size; i++) {
      sync_sample s = sync_best_of_series(g, i);
      sk_clock_model member;
      member.off = -s.y;                /* member clock minus rank 0's */
      member.tref = s.x + member.off;   /* member's time of the sample */
      member.drift = 0.0;
      member.err = 0.5 * s.rtt;
      sync_model_pack(&member, d);
      sk_tp_send(g, i, d, sizeof d);
    }
  } else {
    sync_pong(g, 0, NULL);
    sync_recv(g, 0, d, sizeof d);
    sync_model_unpack(md, d);
  }
}

/* Hunold and Carpen-Amarie: the members form a binomial tree (the parent of r is r minus
** its lowest set bit). In round k = K-1 .. 0 (K = ceil(log2 p)) every r with
** r mod 2^(k+1) = 2^k is the client of its parent r - 2^k: it takes SYNC_FITPOINTS
** samples and fits them (sync_fit); the parent, whose own model is known (its round came
** earlier), then sends it, and the child composes the two. The pairs of a round are
** disjoint, so p processes need K rounds; errors add up along the at most K edges. */
static void sync_hca(sk_group *g, sk_clock_model *md)
{
  int rank = sk_tp_group_rank(g), size = sk_tp_group_size(g), top = 1, step, f;
  sync_sample pts[SYNC_FITPOINTS];
  sk_clock_model edge, parent;
  double d[4];
  while (top < size) top <<= 1;
  for (step = top >> 1; step >= 1; step >>= 1) {
    if (rank % (2 * step) == 0) {
      if (rank + step < size) {
        sync_pong(g, rank + step, NULL);
        sync_model_pack(md, d);
        sk_tp_send(g, rank + step, d, sizeof d);
      }
    } else if (rank % (2 * step) == step) {
      sync_series se;
      sync_series_begin(&se);
      for (f = 0; f < SYNC_FITPOINTS; f++) pts[f] = sync_ping(g, rank - step, &se);
      sync_ping_end(g, rank - step);
      sync_fit(pts, SYNC_FITPOINTS, &edge);
      sync_recv(g, rank - step, d, sizeof d);
      sync_model_unpack(&parent, d);
      *md = sync_model_compose(&edge, &parent);
    }
  }
}

/* Residuals: rank 0 re-measures members (at most SYNC_CHECK_MAX, evenly spread) while
** each answers in its estimate of reference time; the difference is the residual error of
** the estimate, itself measured to within half a round trip. Returns how many were
** re-measured (rank 0) and the largest half round trip in *bound. */
static int sync_check(sk_group *g, const sk_clock_model *md, double *resid, double *bound)
{
  int rank = sk_tp_group_rank(g), size = sk_tp_group_size(g), stride, i, n = 0;
  stride = (size - 1 + SYNC_CHECK_MAX - 1) / SYNC_CHECK_MAX;
  if (stride < 1) stride = 1;
  *bound = 0.0;
  for (i = 1; i < size; i += stride) {
    if (rank == 0) {
      sync_sample s = sync_best_of_series(g, i);
      resid[i] = -s.y;        /* member's idea of reference time minus reference time */
      if (0.5 * s.rtt > *bound) *bound = 0.5 * s.rtt;
      n++;
    } else if (rank == i) {
      sync_pong(g, 0, md);
    }
  }
  return n;
}

/* ---- the cache ---- */

SK_API sk_sync_record *sk_sync_record_for(sk_sync_record **list, sk_group *g, size_t size, int *made)
{
  sk_sync_record *r;
  *made = 0;
  for (r = *list; r; r = r->next) if (r->g == g) return r;
  r = (sk_sync_record *)sk_calloc(1, size);
  r->g = g;
  r->next = *list;
  *list = r;
  *made = 1;
  return r;
}

static sync_entry *sync_entry_for(sk_group *g)
{
  int made;
  return (sync_entry *)(void *)sk_sync_record_for(&sync_entries, g, sizeof(sync_entry), &made);
}

static int sync_entry_fresh(const sk_sync_config *cfg, const sync_entry *e, double now)
{
  double age = cfg->max_offset_age;
  if (!e->drift_known && age > SYNC_FIRST_AGE) age = SYNC_FIRST_AGE;
  return e->have && !e->stale && e->method == cfg->offset_method && age > 0.0
         && now - e->estimated_at <= age;
}

/* ---- the figures of an estimation ---- */

/* What every member reports of its new estimate. */
typedef struct sync_estimate_ballot {
  double offset;   /* own clock minus reference, now */
  double err;      /* error bound of the offset */
  double drift;
} sync_estimate_ballot;

typedef struct sync_collect_ctx {
  const double *resid;   /* rank 0: residual per member */
  int checked;
  double bound;
} sync_collect_ctx;

static void sync_decide_figures(void *ctx, const void *ballots, int n, void *decision)
{
  const sync_collect_ctx *c = (const sync_collect_ctx *)ctx;
  const sync_estimate_ballot *b = (const sync_estimate_ballot *)ballots;
  sync_figures *f = (sync_figures *)decision;
  int i;
  memset(f, 0, sizeof *f);
  f->n = n;
  f->checked = c->checked;
  f->check_bound = c->bound;
#ifdef SKAMPI_TESTING
  free(sync_st.offsets);
  sync_st.offsets = (double *)sk_malloc(sizeof(double) * (size_t)n);
#endif
  for (i = 0; i < n; i++) {
#ifdef SKAMPI_TESTING
    sync_st.offsets[i] = b[i].offset;
#endif
    if (fabs(b[i].offset) > f->max_abs_offset) f->max_abs_offset = fabs(b[i].offset);
    if (b[i].err > f->max_err) f->max_err = b[i].err;
    if (fabs(b[i].drift) > f->max_drift) f->max_drift = fabs(b[i].drift);
    if (fabs(c->resid[i]) > f->max_abs_residual) f->max_abs_residual = fabs(c->resid[i]);
  }
}

/* Residual check, then every member's figures to rank 0, which decides the header's. */
static void sync_collect(sk_group *g, const sk_clock_model *md, int global, int method, double duration)
{
  int rank = sk_tp_group_rank(g), size = sk_tp_group_size(g);
  sync_figures fig;
  sync_collect_ctx ctx;
  sync_estimate_ballot mine;
  double *resid = NULL;
  if (rank == 0) resid = (double *)sk_calloc((size_t)size, sizeof(double));
  ctx.resid = resid;
  ctx.checked = 0;
  ctx.bound = 0.0;
  if (!global && size > 1) ctx.checked = sync_check(g, md, resid, &ctx.bound);
  mine.offset = sk_clock_offset(md, sk_tp_wtime());
  mine.err = md->err;
  mine.drift = md->drift;
  sk_agree(g, &mine, sizeof mine, &fig, sizeof fig, sync_decide_figures, &ctx);
  free(resid);
  if (rank != 0) return;   /* the header reports what its rank 0 was the reference of */
  sync_st.fig = fig;
  sync_st.global_clock = global;
  sync_st.method = method;
  sync_st.duration = duration;
}

/* ---- public ---- */

static const sk_sync_config sync_default_config = { SK_SYNC_REAL, SK_OFFSETS_HCA, SYNC_MAX_AGE };

SK_API void sk_sync_default_config(sk_sync_config *c) { *c = sync_default_config; }

SK_API const char *sk_sync_offset_method_name(int method)
{
  return method == SK_OFFSETS_LINEAR ? "linear" : "hca";
}

SK_API void sk_sync_invalidate_offsets(void)
{
  sk_sync_record *r;
  for (r = sync_entries; r; r = r->next) ((sync_entry *)(void *)r)->stale = 1;
}

SK_API void sk_sync_estimate(const sk_sync_config *cfg, sk_group *g)
{
  int rank = sk_tp_group_rank(g), size = sk_tp_group_size(g), global, had;
  sync_entry *e;
  sk_clock_model md, old;
  double t0;
  if (rank < 0) return;
  e = sync_entry_for(g);
  had = e->have;
  old = e->model;
  t0 = sk_tp_wtime();
  sk_clock_identity(&md, t0);
  global = size <= 1 || sk_tp_wtime_is_global();
  if (!global) {
    if (cfg->offset_method == SK_OFFSETS_LINEAR) sync_linear(g, &md);
    else sync_hca(g, &md);
    if (had && rank > 0) sync_refine_drift(&md, &old);
    if (had && t0 - e->estimated_at >= SYNC_DRIFT_BASELINE) e->drift_known = 1;
  }
  e->model = md;
  e->have = 1;
  e->stale = 0;
  e->method = cfg->offset_method;
  e->estimated_at = sk_tp_wtime();
  sync_collect(g, &md, global, cfg->offset_method, e->estimated_at - t0);
}

SK_API void sk_sync_init_world(const sk_sync_config *cfg)
{
  if (cfg->method == SK_SYNC_REAL && sk_tp_world_size() > 1) sk_sync_estimate(cfg, sk_tp_world());
}

SK_API sk_clock_source sk_sync_clock_source(const sk_sync_config *cfg, sk_group *g, double now)
{
  sk_group *world = sk_tp_world();
  if (sk_tp_wtime_is_global()) return SK_CLOCK_IDENTITY;
  if (sync_entry_fresh(cfg, sync_entry_for(world), now)) return SK_CLOCK_WORLD;
  if (g != world && sync_entry_fresh(cfg, sync_entry_for(g), now)) return SK_CLOCK_GROUP;
  return SK_CLOCK_ESTIMATE;
}

SK_API void sk_sync_clock_model(sk_clock_source src, sk_group *g, double now, sk_clock_model *md)
{
  if (src == SK_CLOCK_WORLD) *md = sync_entry_for(sk_tp_world())->model;
  else if (src == SK_CLOCK_GROUP) *md = sync_entry_for(g)->model;
  else sk_clock_identity(md, now);
}

SK_API void sk_sync_describe_offsets(const sk_sync_config *cfg, sk_str *out)
{
  sk_str_printf(out, "# synchronization: every repetition starts at an agreed global time; clock offsets"
                " by %s (%s), re-estimated when older than %g s\n",
                sk_sync_offset_method_name(cfg->offset_method),
                cfg->offset_method == SK_OFFSETS_LINEAR ? "SKaMPI 5: rank 0 ping-pongs with each process"
                : "hierarchical offset and drift, Hunold and Carpen-Amarie", cfg->max_offset_age);
  if (sk_tp_world_size() > 1 && sk_tp_wtime_is_global())
    sk_str_puts(out, "# synchronization: the clock is global: no offsets estimated\n");
  else if (sync_st.fig.n > 1 && !sync_st.global_clock)
    sk_str_printf(out, "# synchronization: %d processes (%s): max |offset| %.3f us, max |residual| %.3f us"
                  " (%d re-measured, each to within %.3f us), error bound %.3f us, max |drift| %.3g ppm,"
                  " estimated in %.3f ms\n", sync_st.fig.n, sk_sync_offset_method_name(sync_st.method),
                  sync_st.fig.max_abs_offset * 1e6, sync_st.fig.max_abs_residual * 1e6, sync_st.fig.checked,
                  sync_st.fig.check_bound * 1e6, sync_st.fig.max_err * 1e6, sync_st.fig.max_drift * 1e6,
                  sync_st.duration * 1e3);
  else
    sk_str_printf(out, "# synchronization: %d processes, offsets not yet estimated\n", sk_tp_world_size());
}

#ifdef SKAMPI_TESTING
SK_API double sk_sync_max_abs_offset_estimate(void) { return sync_st.fig.max_abs_offset; }
SK_API double sk_sync_max_abs_residual(void) { return sync_st.fig.max_abs_residual; }

SK_API int sk_sync_last_offsets(double *offsets, int max)
{
  int i;
  for (i = 0; i < sync_st.fig.n && i < max && sync_st.offsets; i++) offsets[i] = sync_st.offsets[i];
  return sync_st.fig.n;
}
#endif
