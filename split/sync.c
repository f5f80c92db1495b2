/*
** sync.c -- synchronised starts (sync.h). This module owns the three start methods of
** SKaMPI 5 manual §4.1 (choose_no_synchronization, choose_barrier_synchronization,
** choose_real_synchronization), the clock-offset estimates the real method needs (seed
** 003 §6.2.1: SKaMPI "keeps track of the differences between the local times ... in
** order to know a(n approximation of) global time"; a barrier cannot do this), and the
** window schedule of the real method. It communicates through the transport interface
** only, so it works on the MPI, RCCE and sequential backends.
**
** Clock model. Every process holds a linear model of its clock against a reference
** clock: offset(l) = off + drift * (l - tref) is "local minus reference" at local time
** l; err bounds the error of off (the sum of half the round trips it was measured with).
** The reference is rank 0 of the world while the world's estimate is fresh, else rank 0
** of the measurement group. Estimates are cached per process and group and re-used
** until older than the maximum age (sk_sync_set_max_offset_age, default 10 s; at most
** SYNC_FIRST_AGE = 2 s until a second estimation could measure the drift), until
** sk_sync_invalidate_offsets, or until the offset method changes. With a global clock
** (sk_tp_wtime_is_global) nothing is estimated.
**
** Ping-pong sample (both algorithms). The client posts its receive, reads t1, sends; the
** server answers with its time ts; the client reads t2 on arrival. At client time
** (t1+t2)/2 the client's clock is ahead of the server's by (t1+t2)/2 - ts, wrong by at
** most half the round trip t2 - t1. A sample is the fastest of at least SYNC_TRIES round
** trips -- more, up to SYNC_MAX_TRIES and while the series is younger than
** SYNC_SERIES_BUDGET, until one came within 2x + 1 us of the fastest round trip of the
** series: a round trip is slow when either side lost its core, and only fast ones give
** exact offsets. (One-way delays that differ systematically, as when processes share a
** core and the scheduler runs others between them, cannot be seen by any round trip;
** the error bound covers them.)
**
** SK_OFFSETS_LINEAR (SKaMPI 5): rank 0 is the client of every other member in turn,
** takes SYNC_LINEAR_SAMPLES samples of each, and sends each member the offset of the
** fastest. p-1 sequential series; no drift.
**
** SK_OFFSETS_HCA (default), after the hierarchical algorithms of S. Hunold and A.
** Carpen-Amarie ("On the Impact of Synchronizing Clocks and Processes on Benchmarking MPI
** Collectives", EuroMPI 2015; "Hierarchical Clock Synchronization in MPI", CLUSTER 2018),
** written from their description: the members form a binomial tree (the parent of r is
** r minus its lowest set bit). In round k = K-1 .. 0 (K = ceil(log2 p)) every r with
** r mod 2^(k+1) = 2^k is the client of its parent r - 2^k: it takes SYNC_FITPOINTS
** samples, keeps those whose round trip is at most 1.25 times the fastest plus 1 us, and
** fits offset = a + b * time by least squares. The drift b is used only where it is
** significant (|b| > 3 standard errors), plausible (below 100 ppm) and changes the offset
** over the samples' span by more than a sample can be wrong; otherwise the offset is the
** median of the kept samples and the drift 0. The parent, whose own model is known (its
** round came earlier), then sends it, and the child composes the two. The pairs of a
** round are disjoint, so p processes need K rounds; errors add up along the at most K
** edges to rank 0. One estimation spans milliseconds, far too short to see a real drift,
** so the drift is refined across estimations: when the cached estimate of the same group
** is at least SYNC_DRIFT_BASELINE seconds older, the slope between the old and the new
** offset is used if the change exceeds the two error bounds together (on one host, where
** the true drift is 0, it stays 0).
**
** Residuals. After every estimation rank 0 re-measures the offset of each member (at
** most SYNC_CHECK_MAX members, evenly spread; SYNC_LINEAR_SAMPLES samples) while the
** member answers in its estimate of reference time: the difference is the residual error
** of the estimate, itself measured to within half a round trip. Offsets, residuals and
** error bounds are gathered on rank 0 for the header and the tests.
**
** Window schedule of the real method. sk_sync_prepare gathers that every member is
** ready; rank 0 broadcasts whether to re-use or re-estimate the offsets, the start time
** of the warm-up call (its "now" in reference time plus the margin M) and the window W:
** the final W and M of the previous measurement on the same group (SYNC_WINDOW_INIT and
** SYNC_MARGIN_INIT the first time). The warm-up gets a slot of 2W (first calls are slow),
** every later repetition a slot of W: after a repetition that was valid everywhere each
** member adds W to the start time without communicating. Every member computes the same
** schedule because its only inputs are rank 0's broadcasts and the agreed validity.
** sk_sync_start converts the start time into local time with the model, notes whether it
** arrived late (then this repetition is invalid for this process), waits, and returns
** the local time; a further start before sk_sync_rep_done (several calls in one timing)
** returns at once. sk_sync_stop notes whether the call ran past start + W.
**   Each member records the cycle of every repetition: from its actual start (the
** return from sk_sync_start) until it is ready for the next one (sk_sync_rep_done),
** which includes the engine's gather and broadcast. A late return from waiting (the
** core was busy) is not part of the cycle: it comes from waiting, and counting it would
** feed back into longer windows and longer waits. After an invalid repetition, and
** after every SYNC_CHECK_EVERY valid repetitions in a row, rank 0 gathers the cycles of
** the last SYNC_HISTORY repetitions and whether anyone was late or overran, and sets
**   - M = 2M if the repetition was the first after a broadcast start and nobody overran
**     (the broadcast took longer than M); M shrinks by 0.8 after every first repetition
**     that was valid; M stays between SYNC_MARGIN_MIN and 2W (a cycle includes a
**     broadcast);
**   - otherwise after an invalid repetition W = max(1.5 W, 1.5 C), where C, the cycle
**     of a repetition being its longest over the members, is the second longest of the
**     recorded ones (the longest while fewer than SYNC_HISTORY / 2 are recorded);
**   - at a check W = 1.5 C when that is below 0.7 W;
** and broadcasts W with a fresh start time (now + M; at a check the old schedule if that
** is later). Under oversubscription cycles are heavy-tailed (a process waits for a core
** now and then), hence a high quantile (about the 85th percentile) rather than a typical
** cycle, but not the single longest: a window that is too long costs idle time (in
** which the waiting processes give their cores away), one that is too short costs a
** discarded repetition and an exchange. If no member synchronised (a measurement that
** never calls sk_sync_start), the checks stop after the first. Why not the warm-up's
** duration as the first estimate: between the warm-up and the first repetition the
** engine calls nothing collective, and in point-to-point patterns not every member calls
** sk_sync_start, so no communication may happen there.
**
** Waiting. Processes may outnumber cores (4 processes on 2 cores is common, and MPICH
** busy-polls), and a process that spins while it waits steals the core from the one it
** waits for. So a wait for a start time calls sched_yield() between clock readings and
** spins only for the last SYNC_SPIN_BELOW (10 us: spinning 100 us before the start
** kept processes that shared a core with an early one from arriving in time, and
** repetitions were invalid by the dozen). A wait for a message of the estimation polls
** for SYNC_POLL_SPIN, then yields, and after SYNC_POLL_SLEEP sleeps in steps of 1 ms
** with poll(NULL, 0, 1), leaving the run queue to the processes whose turn it is (a
** start wait does not sleep: under MPICH a woken process waited milliseconds for a core
** held by a busy-polling one, the start skew grew from about 0.5 to 3 ms). With a core
** to itself a process gets the core straight back from sched_yield, so nothing is lost.
** <sched.h> and <poll.h> declare sched_yield and poll without any feature-test macro
** (they compile with -std=c89 -pedantic; nanosleep would need _POSIX_C_SOURCE at the top
** of the amalgam), so they are used when __unix__ or __APPLE__ is defined and
** SKAMPI_NO_YIELD is not; elsewhere (and with that macro) the waits are plain spins on
** sk_tp_wtime. A barrier does not help: MPICH's busy-polls too (20 ms per barrier with
** 4 processes on 2 cores here). Validity is decided by the arrival: a process that
** arrived in time but got its core back only after the start time still counts (its
** times show the oversubscription); the mean and largest such start delays are reported.
*/
#include "sync.h"

#if (defined(__unix__) || defined(__APPLE__)) && !defined(SKAMPI_NO_YIELD)
#include <sched.h>
#include <poll.h>
#define SYNC_YIELD() ((void)sched_yield())
#define SYNC_SLEEP() ((void)poll(NULL, 0, 1))    /* about 1 ms off the run queue */
#else
#define SYNC_YIELD() ((void)0)
#define SYNC_SLEEP() ((void)0)
#endif

/* Estimation */
#define SYNC_FITPOINTS 12        /* HCA: samples per tree edge */
#define SYNC_TRIES 6             /* round trips per sample (the fastest counts) ... */
#define SYNC_MAX_TRIES 64        /* ... or more, up to this, until one was fast, ... */
#define SYNC_SERIES_BUDGET 0.1   /* ... while the series is younger than this (seconds) */
#define SYNC_LINEAR_SAMPLES 6    /* SKaMPI 5 method: samples per member (the fastest counts) */
#define SYNC_CHECK_MAX 64        /* residual check: at most this many members */
#define SYNC_MAX_DRIFT 1.0e-4    /* larger slopes are taken for noise (100 ppm) */
#define SYNC_DRIFT_BASELINE 1.0  /* seconds between estimates for the long-baseline drift */
#define SYNC_MAX_AGE 10.0        /* default maximum age of an estimate (seconds) ... */
#define SYNC_FIRST_AGE 2.0       /* ... but at most this until a drift could be measured */
/* Window */
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
/* Waiting */
#define SYNC_SPIN_BELOW 10.0e-6  /* spin (no yield) this close to a start time */
#define SYNC_POLL_SPIN 20.0e-6   /* poll a message this long before yielding ... */
#define SYNC_POLL_SLEEP 2.0e-3   /* ... and this long before sleeping in 1 ms steps */

typedef struct sync_model {
  double tref;   /* local time at which off holds */
  double off;    /* local clock minus reference clock at tref (seconds) */
  double drift;  /* d(local - reference) / d(local) */
  double err;    /* bound on the error of off (seconds) */
} sync_model;

typedef struct sync_sample {
  double x;      /* client time of the sample: (t1 + t2) / 2 */
  double y;      /* client clock minus server clock */
  double rtt;    /* round trip t2 - t1 */
} sync_sample;

/* Cached estimate and window of one group on this process. */
typedef struct sync_entry {
  sk_group *g;
  int have;              /* model holds an estimate (kept when stale: drift baseline) */
  int stale;             /* invalidated: re-estimate before using */
  int method;            /* offset method of the estimate */
  int drift_known;       /* an earlier estimate was old enough to measure the drift */
  sync_model model;      /* this process's clock against rank 0 of g */
  double estimated_at;   /* local time */
  double window;         /* final window of the last measurement on g */
  double margin;         /* final start margin of the last measurement on g */
  struct sync_entry *next;
} sync_entry;

/* State of one measurement (sk_mctx.sync). */
struct sk_sync {
  sk_sync_method method;
  int active;              /* real synchronisation in use */
  sync_entry *entry;       /* the group's cache entry */
  sync_model model;        /* clock model in use */
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

static sk_sync_method sync_method = SK_SYNC_REAL;
static int sync_offset_method = SK_OFFSETS_HCA;
static double sync_max_age = SYNC_MAX_AGE;
static sync_entry *sync_entries = NULL;
static sync_entry *sync_last = NULL;   /* most recent estimation this process took part in */

/* Figures of the last estimation (complete on rank 0 of its group) and of the window. */
static struct {
  int n, checked, global_clock, method;
  double *offsets, *residuals;
  double max_abs_offset, max_abs_residual, check_bound, max_err, max_drift, duration;
  long estimations;
  long reps, invalid, measurements;
  double window;
  double delay_sum, delay_max;
  long delay_n;
} sync_st;

/* ---- clock models ---- */

static void sync_model_identity(sync_model *md, double now)
{
  md->tref = now;
  md->off = 0.0;
  md->drift = 0.0;
  md->err = 0.0;
}

static double sync_model_offset(const sync_model *md, double local)
{
  return md->off + md->drift * (local - md->tref);
}

static double sync_to_ref(const sync_model *md, double local)
{
  return local - sync_model_offset(md, local);
}

/* Solves local - off - drift * (local - tref) = ref for local. */
static double sync_to_local(const sync_model *md, double ref)
{
  return md->tref + (ref - md->tref + md->off) / (1.0 - md->drift);
}

/* c: child clock against its parent's (in child time); p: parent's against the reference.
** Result: child clock against the reference. */
static sync_model sync_model_compose(const sync_model *c, const sync_model *p)
{
  sync_model r;
  r.tref = c->tref;
  r.off = c->off + sync_model_offset(p, c->tref - c->off);
  r.drift = c->drift + p->drift * (1.0 - c->drift);
  r.err = c->err + p->err;
  return r;
}

static void sync_model_pack(const sync_model *md, double *d)
{
  d[0] = md->tref; d[1] = md->off; d[2] = md->drift; d[3] = md->err;
}

static void sync_model_unpack(sync_model *md, const double *d)
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
** samples whose round trip is at most 1.25 times the fastest plus 1 us take part; without
** a drift the offset is their median. */
static void sync_fit(const sync_sample *s, int n, sync_model *md)
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
    /* significant, plausible, and changing the offset over the samples' span by more
    ** than any one sample can be wrong (half its round trip) -- so a span of a few
    ** milliseconds never shows a drift; seconds of samples would */
    if (fabs(b) > 3.0 * se && fabs(b) < SYNC_MAX_DRIFT && fabs(b) * (hi - lo) > maxrtt) {
      md->drift = b;
      md->off = ym;
      return;
    }
  }
  md->off = sync_median(ys, k);
}

/* The slope between an older estimate and a new one, when the baseline is long enough
** and the change is larger than the two error bounds. */
static void sync_refine_drift(sync_model *nw, const sync_model *old)
{
  double span = nw->tref - old->tref, change = nw->off - old->off, slope;
  if (span < SYNC_DRIFT_BASELINE) return;
  if (fabs(change) <= nw->err + old->err) return;
  slope = change / span;
  if (fabs(slope) < SYNC_MAX_DRIFT) nw->drift = slope;
}

/* ---- waiting without stealing the core ---- */

static double sync_wait_until(double target, double now)
{
  while (now < target) {
    if (target - now > SYNC_SPIN_BELOW) SYNC_YIELD();
    now = sk_tp_wtime();
  }
  return now;
}

static void sync_wait(sk_request *req)
{
  double since = -1.0;
  while (!sk_tp_test(req)) {
    double now = sk_tp_wtime();
    if (since < 0.0) since = now;
    else if (now - since > SYNC_POLL_SLEEP) SYNC_SLEEP();
    else if (now - since > SYNC_POLL_SPIN) SYNC_YIELD();
  }
}

static void sync_recv(sk_group *g, int src, void *buf, size_t n)
{
  sk_request req;
  sk_tp_irecv(g, src, buf, n, &req);
  sync_wait(&req);
}

/* ---- ping-pong ---- */

/* Client side of one series of round trips with server `peer`: sync_ping takes one
** sample -- the fastest of at least SYNC_TRIES round trips, continuing (up to
** SYNC_MAX_TRIES, and while the series is younger than SYNC_SERIES_BUDGET) while none
** was faster than twice the fastest round trip of the series so far plus 1 us (a round
** trip is slow when either side lost its core meanwhile, and only fast ones give exact
** offsets). sync_ping_end tells the server that the series is over. */
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
static void sync_pong(sk_group *g, int peer, const sync_model *md)
{
  double go, ts;
  for (;;) {
    sync_recv(g, peer, &go, sizeof go);
    if (go == 0.0) break;
    ts = sk_tp_wtime();
    if (md) ts = sync_to_ref(md, ts);
    sk_tp_send(g, peer, &ts, sizeof ts);
  }
}

/* ---- the two estimation algorithms (members of g; rank 0 keeps the identity) ---- */

static void sync_linear(sk_group *g, sync_model *md)
{
  int rank = sk_tp_group_rank(g), size = sk_tp_group_size(g), i;
  double d[4];
  if (rank == 0) {
    for (i = 1; i < size; i++) {
      sync_series se;
      sync_sample s;
      int k;
      sync_series_begin(&se);
      s = sync_ping(g, i, &se);
      for (k = 1; k < SYNC_LINEAR_SAMPLES; k++) {
        sync_sample t = sync_ping(g, i, &se);
        if (t.rtt < s.rtt) s = t;
      }
      sync_ping_end(g, i);
      d[1] = -s.y;            /* member clock minus rank 0's */
      d[0] = s.x + d[1];      /* member's time of the sample */
      d[2] = 0.0;
      d[3] = 0.5 * s.rtt;
      sk_tp_send(g, i, d, sizeof d);
    }
  } else {
    sync_pong(g, 0, NULL);
    sync_recv(g, 0, d, sizeof d);
    sync_model_unpack(md, d);
  }
}

static void sync_hca(sk_group *g, sync_model *md)
{
  int rank = sk_tp_group_rank(g), size = sk_tp_group_size(g), top = 1, step, f;
  sync_sample pts[SYNC_FITPOINTS];
  sync_model edge, parent;
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

/* Rank 0 re-measures members against their models (SYNC_LINEAR_SAMPLES samples, the
** fastest counts); returns how many (rank 0) and the largest half round trip in *bound. */
static int sync_check(sk_group *g, const sync_model *md, double *resid, double *bound)
{
  int rank = sk_tp_group_rank(g), size = sk_tp_group_size(g), stride, i, k, n = 0;
  stride = (size - 1 + SYNC_CHECK_MAX - 1) / SYNC_CHECK_MAX;
  if (stride < 1) stride = 1;
  *bound = 0.0;
  for (i = 1; i < size; i += stride) {
    if (rank == 0) {
      sync_series se;
      sync_sample s;
      sync_series_begin(&se);
      s = sync_ping(g, i, &se);
      for (k = 1; k < SYNC_LINEAR_SAMPLES; k++) {
        sync_sample t = sync_ping(g, i, &se);
        if (t.rtt < s.rtt) s = t;
      }
      sync_ping_end(g, i);
      resid[i] = -s.y;        /* member's idea of reference time minus reference time */
      if (0.5 * s.rtt > *bound) *bound = 0.5 * s.rtt;
      n++;
    } else if (rank == i) {
      sync_pong(g, 0, md);
    }
  }
  return n;
}

static sync_entry *sync_entry_for(sk_group *g)
{
  sync_entry *e;
  for (e = sync_entries; e; e = e->next) if (e->g == g) return e;
  e = (sync_entry *)sk_calloc(1, sizeof *e);
  e->g = g;
  e->window = SYNC_WINDOW_INIT;
  e->margin = SYNC_MARGIN_INIT;
  e->next = sync_entries;
  sync_entries = e;
  return e;
}

static int sync_entry_fresh(const sync_entry *e, double now)
{
  double age = sync_max_age;
  if (!e->drift_known && age > SYNC_FIRST_AGE) age = SYNC_FIRST_AGE;
  return e->have && !e->stale && e->method == sync_offset_method && age > 0.0
         && now - e->estimated_at <= age;
}

/* Residual check and gathering of the figures on rank 0 of g. */
static void sync_collect(sk_group *g, const sync_model *md, int global, double duration)
{
  int rank = sk_tp_group_rank(g), size = sk_tp_group_size(g), i, checked = 0;
  double mine[3], *all = NULL, *resid = NULL, now, bound = 0.0;
  if (rank == 0) {
    resid = (double *)sk_calloc((size_t)size, sizeof(double));
    all = (double *)sk_malloc(sizeof(double) * 3 * (size_t)size);
  }
  if (!global && size > 1) checked = sync_check(g, md, resid, &bound);
  now = sk_tp_wtime();
  mine[0] = sync_model_offset(md, now);
  mine[1] = md->err;
  mine[2] = md->drift;
  sk_tp_gather_doubles(g, mine, 3, all, 0);
  if (rank != 0) return;
  free(sync_st.offsets);
  free(sync_st.residuals);
  sync_st.offsets = (double *)sk_malloc(sizeof(double) * (size_t)size);
  sync_st.residuals = resid;
  sync_st.n = size;
  sync_st.checked = checked;
  sync_st.check_bound = bound;
  sync_st.global_clock = global;
  sync_st.method = sync_offset_method;
  sync_st.duration = duration;
  sync_st.max_abs_offset = sync_st.max_abs_residual = sync_st.max_err = sync_st.max_drift = 0.0;
  for (i = 0; i < size; i++) {
    sync_st.offsets[i] = all[3 * i];
    if (fabs(all[3 * i]) > sync_st.max_abs_offset) sync_st.max_abs_offset = fabs(all[3 * i]);
    if (all[3 * i + 1] > sync_st.max_err) sync_st.max_err = all[3 * i + 1];
    if (fabs(all[3 * i + 2]) > sync_st.max_drift) sync_st.max_drift = fabs(all[3 * i + 2]);
    if (fabs(resid[i]) > sync_st.max_abs_residual) sync_st.max_abs_residual = fabs(resid[i]);
  }
  free(all);
}

/* ---- public: configuration and estimation ---- */

SK_API void sk_sync_default_config(sk_sync_config *c)
{
  c->method = SK_SYNC_REAL;
  c->offset_method = SK_OFFSETS_HCA;
  c->max_offset_age = SYNC_MAX_AGE;
}

SK_API void sk_sync_set_method(sk_sync_method m) { sync_method = m; }
SK_API sk_sync_method sk_sync_get_method(void) { return sync_method; }

SK_API const char *sk_sync_method_name(sk_sync_method m)
{
  switch (m) {
  case SK_SYNC_NONE: return "none";
  case SK_SYNC_BARRIER: return "barrier";
  default: return "real";
  }
}

SK_API void sk_sync_set_offset_method(int method)
{
  if (method != SK_OFFSETS_LINEAR && method != SK_OFFSETS_HCA) return;
  if (method != sync_offset_method) sk_sync_invalidate_offsets();
  sync_offset_method = method;
}

SK_API int sk_sync_get_offset_method(void) { return sync_offset_method; }

SK_API const char *sk_sync_offset_method_name(int method)
{
  return method == SK_OFFSETS_LINEAR ? "linear" : "hca";
}

SK_API void sk_sync_set_max_offset_age(double seconds) { sync_max_age = seconds; }

SK_API void sk_sync_invalidate_offsets(void)
{
  sync_entry *e;
  for (e = sync_entries; e; e = e->next) e->stale = 1;
}

SK_API void sk_sync_estimate(sk_group *g)
{
  int rank = sk_tp_group_rank(g), size = sk_tp_group_size(g), global;
  sync_entry *e;
  sync_model md, old;
  int had;
  double t0;
  if (rank < 0) return;
  e = sync_entry_for(g);
  had = e->have;
  old = e->model;
  t0 = sk_tp_wtime();
  sync_model_identity(&md, t0);
  global = size <= 1 || sk_tp_wtime_is_global();
  if (!global) {
    if (sync_offset_method == SK_OFFSETS_LINEAR) sync_linear(g, &md);
    else sync_hca(g, &md);
    if (had && rank > 0) sync_refine_drift(&md, &old);
    if (had && t0 - e->estimated_at >= SYNC_DRIFT_BASELINE) e->drift_known = 1;
  }
  e->model = md;
  e->have = 1;
  e->stale = 0;
  e->method = sync_offset_method;
  e->estimated_at = sk_tp_wtime();
  sync_last = e;
  sync_st.estimations++;
  sync_collect(g, &md, global, e->estimated_at - t0);
}

SK_API void sk_sync_init_world(void)
{
  if (sync_method == SK_SYNC_REAL && sk_tp_world_size() > 1) sk_sync_estimate(sk_tp_world());
}

SK_API double sk_sync_offset_estimate(void)
{
  return sync_last ? sync_model_offset(&sync_last->model, sk_tp_wtime()) : 0.0;
}

SK_API double sk_sync_offset_error_bound(void) { return sync_last ? sync_last->model.err : 0.0; }
SK_API double sk_sync_max_abs_offset_estimate(void) { return sync_st.max_abs_offset; }
SK_API double sk_sync_max_abs_residual(void) { return sync_st.max_abs_residual; }

SK_API int sk_sync_last_offsets(double *offsets, double *residuals, int max)
{
  int i;
  for (i = 0; i < sync_st.n && i < max; i++) {
    if (offsets) offsets[i] = sync_st.offsets[i];
    if (residuals) residuals[i] = sync_st.residuals[i];
  }
  return sync_st.n;
}

SK_API long sk_sync_repetitions(void) { return sync_st.reps; }
SK_API long sk_sync_invalid_count(void) { return sync_st.invalid; }
SK_API double sk_sync_window(void) { return sync_st.window; }

/* ---- public: the engine's calls ---- */

#define SYNC_USE_IDENTITY 0
#define SYNC_USE_WORLD 1
#define SYNC_USE_GROUP 2
#define SYNC_ESTIMATE 3

/* Gathers that every member is ready; rank 0 returns the start time (reference time):
** its "now" after the gather plus the margin, which must cover the broadcast. */
static double sync_agree_start(sk_mctx *m, const sync_model *md, double margin)
{
  double ready = 0.0, *all = NULL, start = 0.0;
  if (m->rank == 0) all = (double *)sk_malloc(sizeof(double) * (size_t)m->size);
  sk_tp_gather_doubles(m->group, &ready, 1, all, 0);
  if (m->rank == 0) {
    start = sync_to_ref(md, sk_tp_wtime()) + margin;
    free(all);
  }
  return start;
}

SK_API void sk_sync_prepare(sk_mctx *m)
{
  struct sk_sync *s;
  sk_group *world = sk_tp_world();
  double d[3];
  int code = SYNC_USE_IDENTITY;
  free(m->sync);
  s = (struct sk_sync *)sk_calloc(1, sizeof *s);
  m->sync = s;
  s->method = sync_method;
  if (s->method != SK_SYNC_REAL || m->size <= 1 || m->rank < 0) return;
  s->active = 1;
  s->entry = sync_entry_for(m->group);
  s->first = 1;
  sync_model_identity(&s->model, sk_tp_wtime());
  if (m->rank == 0) {
    double now = sk_tp_wtime();
    if (sk_tp_wtime_is_global()) code = SYNC_USE_IDENTITY;
    else if (sync_entry_fresh(sync_entry_for(world), now)) code = SYNC_USE_WORLD;
    else if (m->group != world && sync_entry_fresh(s->entry, now)) code = SYNC_USE_GROUP;
    else code = SYNC_ESTIMATE;
    if (code == SYNC_USE_WORLD) s->model = sync_entry_for(world)->model;
    else if (code == SYNC_USE_GROUP) s->model = s->entry->model;
  }
  /* One exchange when the cached estimate is fresh: gather "ready", broadcast the
  ** decision with the start time and the window. */
  d[1] = sync_agree_start(m, &s->model, s->entry->margin);
  d[0] = (double)code;
  d[2] = s->entry->window;
  sk_tp_bcast(m->group, d, sizeof d, 0);
  code = (int)d[0];
  if (code == SYNC_ESTIMATE) {
    sk_sync_estimate(m->group);
    code = m->group == world ? SYNC_USE_WORLD : SYNC_USE_GROUP;
  }
  if (code == SYNC_USE_WORLD) s->model = sync_entry_for(world)->model;
  else if (code == SYNC_USE_GROUP) s->model = s->entry->model;
  if ((int)d[0] == SYNC_ESTIMATE) {
    d[1] = sync_agree_start(m, &s->model, s->entry->margin);
    sk_tp_bcast(m->group, d, sizeof d, 0);
  }
  s->slot = d[1];
  s->window = d[2];
  s->margin = s->entry->margin;
}

SK_API void sk_sync_release(sk_mctx *m)
{
  struct sk_sync *s = m->sync;
  if (s == NULL) return;
  if (s->active) {
    s->entry->window = s->window;
    s->entry->margin = s->margin;
    sync_st.window = s->window;
    sync_st.measurements++;
  }
  free(s);
  m->sync = NULL;
}

SK_API double sk_sync_start(sk_mctx *m)
{
  struct sk_sync *s = m->sync;
  double arrive, now;
  if (s == NULL) {        /* called outside the engine: a barrier start */
    if (sync_method != SK_SYNC_NONE && m->size > 1) sk_tp_barrier(m->group);
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
  s->target = sync_to_local(&s->model, s->slot);
  s->limit = s->target + s->window;
  arrive = sk_tp_wtime();
  s->late = arrive > s->target;
  if (s->late) {
    now = arrive;
  } else {
    now = sync_wait_until(s->target, arrive);
    sync_st.delay_sum += now - s->target;
    sync_st.delay_n++;
    if (now - s->target > sync_st.delay_max) sync_st.delay_max = now - s->target;
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

/* Every member reports the cycle times of the latest SYNC_HISTORY repetitions (-1 where
** it has none; all members that synchronise record the same repetitions in the same
** order) and whether it was late or overran in the current one. Rank 0 takes the second
** longest repetition cycle (see the top of the file) as what a window must hold; times
** SYNC_TARGET it is the target window. An invalid repetition that was the first
** after a broadcast start, in which nobody overran, means the margin was too short for
** the broadcast: the margin doubles and the window stays. Otherwise an invalid
** repetition widens the window, and a check may shrink it. Rank 0 broadcasts the window
** with a fresh start time. */
#define SYNC_REPORT (SYNC_HISTORY + 2)
static void sync_adjust(sk_mctx *m, struct sk_sync *s, int invalid)
{
  double mine[SYNC_REPORT], d[3], *all = NULL;
  int i, j;
  d[0] = s->slot;
  d[1] = s->window;
  d[2] = 0.0;
  for (j = 0; j < SYNC_HISTORY; j++) mine[j] = j < s->ncycles ? s->cycles[j] : -1.0;
  mine[SYNC_HISTORY] = s->started && s->late ? 1.0 : 0.0;
  mine[SYNC_HISTORY + 1] = s->started && s->overrun ? 1.0 : 0.0;
  if (m->rank == 0) all = (double *)sk_malloc(sizeof(double) * SYNC_REPORT * (size_t)m->size);
  sk_tp_gather_doubles(m->group, mine, SYNC_REPORT, all, 0);
  if (m->rank == 0) {
    double need = -1.0, second = -1.0, w = s->window, next;
    int late = 0, overrun = 0, margin_short, n = 0;
    for (j = 0; j < SYNC_HISTORY; j++) {   /* the cycle of a repetition: its longest */
      double c = -1.0;
      for (i = 0; i < m->size; i++) if (all[(size_t)i * SYNC_REPORT + j] > c) c = all[(size_t)i * SYNC_REPORT + j];
      if (c < 0.0) continue;
      n++;
      if (c > need) { second = need; need = c; }
      else if (c > second) second = c;
    }
    if (n >= SYNC_HISTORY / 2) need = second;
    for (i = 0; i < m->size; i++) {
      if (all[(size_t)i * SYNC_REPORT + SYNC_HISTORY] != 0.0) late = 1;
      if (all[(size_t)i * SYNC_REPORT + SYNC_HISTORY + 1] != 0.0) overrun = 1;
    }
    free(all);
    d[2] = need < 0.0 ? 1.0 : 0.0;   /* nobody synchronised: no more checks */
    margin_short = invalid && s->fresh && late && !overrun;
    if (margin_short) {
      s->margin *= 2.0;
    } else if (invalid) {
      double wider = w * SYNC_WIDEN;
      if (wider > SYNC_WINDOW_MAX) wider = w > SYNC_WINDOW_MAX ? w : SYNC_WINDOW_MAX;
      w = wider > SYNC_TARGET * need ? wider : SYNC_TARGET * need;
    } else if (need >= 0.0 && SYNC_TARGET * need < SYNC_SHRINK_BELOW * w) {
      w = SYNC_TARGET * need;
    }
    if (invalid) d[2] = 0.0;
    if (w < SYNC_WINDOW_MIN) w = SYNC_WINDOW_MIN;
    /* a broadcast takes less than a cycle, which includes one */
    if (s->margin > 2.0 * w) s->margin = 2.0 * w;
    if (s->margin < SYNC_MARGIN_MIN) s->margin = SYNC_MARGIN_MIN;
    next = sync_to_ref(&s->model, sk_tp_wtime()) + s->margin;
    s->fresh = 1;
    if (!invalid && s->slot > next) {
      next = s->slot;
      s->fresh = 0;
    }
    d[0] = next;
    d[1] = w;
  }
  sk_tp_bcast(m->group, d, sizeof d, 0);
  s->slot = d[0];
  s->window = d[1];
  if (d[2] != 0.0) s->checks_off = 1;
  s->valid_run = 0;
}

SK_API void sk_sync_rep_done(sk_mctx *m, int valid_everywhere)
{
  struct sk_sync *s = m->sync;
  if (s == NULL || !s->active) return;
  if (s->started) {       /* cycle: from the (actual) start to ready again */
    double cycle = sk_tp_wtime() - s->base;
    if (s->ncycles == SYNC_HISTORY) {          /* keep the latest */
      memmove(s->cycles, s->cycles + 1, sizeof(double) * (SYNC_HISTORY - 1));
      s->ncycles--;
    }
    s->cycles[s->ncycles++] = cycle;
  }
  s->first = 0;
  sync_st.reps++;
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
    sync_st.invalid++;
    sync_adjust(m, s, 1);
  }
  s->started = 0;
}

SK_API void sk_sync_describe(sk_str *out)
{
  sk_str_printf(out, "# synchronization: %s\n", sk_sync_method_name(sync_method));
  if (sync_method == SK_SYNC_BARRIER)
    sk_str_puts(out, "# synchronization: a barrier before every single measurement\n");
  if (sync_method != SK_SYNC_REAL) return;
  sk_str_printf(out, "# synchronization: every repetition starts at an agreed global time; clock offsets"
                " by %s (%s), re-estimated when older than %g s\n",
                sk_sync_offset_method_name(sync_offset_method),
                sync_offset_method == SK_OFFSETS_LINEAR ? "SKaMPI 5: rank 0 ping-pongs with each process"
                : "hierarchical offset and drift, Hunold and Carpen-Amarie", sync_max_age);
  if (sk_tp_world_size() > 1 && sk_tp_wtime_is_global())
    sk_str_puts(out, "# synchronization: the clock is global: no offsets estimated\n");
  else if (sync_st.n > 1 && !sync_st.global_clock)
    sk_str_printf(out, "# synchronization: %d processes (%s): max |offset| %.3f us, max |residual| %.3f us"
                  " (%d re-measured, each to within %.3f us), error bound %.3f us, max |drift| %.3g ppm,"
                  " estimated in %.3f ms\n", sync_st.n, sk_sync_offset_method_name(sync_st.method),
                  sync_st.max_abs_offset * 1e6, sync_st.max_abs_residual * 1e6, sync_st.checked,
                  sync_st.check_bound * 1e6, sync_st.max_err * 1e6, sync_st.max_drift * 1e6,
                  sync_st.duration * 1e3);
  else
    sk_str_printf(out, "# synchronization: %d processes, offsets not yet estimated\n", sk_tp_world_size());
  if (sync_st.measurements > 0)
    sk_str_printf(out, "# synchronization: last window %.1f us (adaptive), %ld of %ld repetitions invalid,"
                  " start delay mean %.1f us max %.1f us\n", sync_st.window * 1e6, sync_st.invalid,
                  sync_st.reps, sync_st.delay_n ? sync_st.delay_sum / sync_st.delay_n * 1e6 : 0.0,
                  sync_st.delay_max * 1e6);
  else
    sk_str_printf(out, "# synchronization: window adaptive, first %.0f us (x%g after an invalid repetition;"
                  " %g x the second longest of the last %d cycles)\n", SYNC_WINDOW_INIT * 1e6, SYNC_WIDEN,
                  SYNC_TARGET, SYNC_HISTORY);
}
