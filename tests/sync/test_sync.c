/*
** test_sync.c -- test driver of split/sync/sync_offsets.c and split/sync/sync_window.c (SKaMPI 5
** manual §6.2.1 and §4.1: real, barrier
** and no synchronisation; clock offsets after SKaMPI 5 and after Hunold and
** Carpen-Amarie) with the transport backend it is built with: MPI (default), RCCE
** (-DSKAMPI_RCCE, under tools/rcce/rccerun) or sequential (-DSKAMPI_SEQ). It includes
** the amalgam of split/ (tests/sync/run.sh: -Itests/out -DSKAMPI_TESTING), so the sync
** modules' internal functions are visible, and drives the real engine (runner.c with ASEC).
**
** Checks:
**  - the clock model's arithmetic (conversion both ways, composition along a tree path,
**    the least-squares fit with and without drift and with disturbed samples, the
**    long-baseline drift);
**  - the cache: an estimate is fresh for the method it was made with, not for the other
**    one, and not after sk_sync_invalidate_offsets;
**  - offsets: for both algorithms (linear = SKaMPI 5, hca), three estimations each. On
**    one host every process reads the same CLOCK_MONOTONIC, so the true offset of a
**    process is (wtime - monotonic) there minus the same on rank 0 (Open MPI starts each
**    process's MPI_Wtime at its own MPI_Init; MPICH's are the same clock). In the best of
**    the three estimations every process's estimated offset lies within 10 microseconds
**    of the true one, or, where a plain ping-pong loop run around that estimation could
**    not promise as much, within twice the plain loop's bound per edge of the estimate's
**    path (one estimation may meet a foreign load on the machine), in every
**    estimation every error lies within the error bound the estimate claims, no drift is
**    found (the true drift is 0), and rank 0 holds every member's offset;
**  - the same on a group in reversed rank order (offsets against the group's rank 0);
**  - synchronised runs through the engine: 30 repetitions of a timed broadcast with both
**    algorithms (the number of invalid repetitions and the start skew in true time are
**    reported), 100 repetitions that must finish within 60 seconds (as with 4
**    processes on 2 cores under MPICH), a run on the reversed group that re-uses the
**    world's estimate, a point-to-point pattern in which only ranks 0 and 1
**    synchronise, a measurement that never synchronises, and the barrier and none
**    methods; every member must end with the same window (one schedule everywhere).
**
** Usage: test_sync LABEL      Rank 0 prints "ok ..." / "FAIL ..." lines and "info ..."
** lines with figures. Exit status 1 on failure.
*/
#define _POSIX_C_SOURCE 200112L   /* clock_gettime: the test's own true clock */
#define main skampi_main
#include "skampi_amalgam.c"
#undef main
#include "../unit/check.h"
#include <time.h>

#define OFFSET_LIMIT 10.0e-6     /* with up to two processes per processor; see offset_limit */
#define MAX_CALLS 1024

static int rank = 0, size = 1;
static const char *label = "?";
static double *bases = NULL;      /* per world rank: wtime - monotonic */
static int truth_ok = 1;
static sk_sync_config test_cfg;   /* the synchronisation settings of the runs */


/* A check of tests/unit/check.h named "LABEL: what". */
static void report(int cond, const char *what)
{
  char name[400];
  sprintf(name, "%.80s: %.300s", label, what);
  check(cond, name, "%s", "does not hold");
}

/* A check every rank makes; rank 0 reports and counts it. */
static void check0(int cond, const char *what)
{
  if (rank == 0) report(cond, what);
}

static double mono_now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* wtime minus CLOCK_MONOTONIC from the tightest of many bracketings. */
static double wtime_base(void)
{
  double best = 1.0, base = 0.0, a, w, b;
  int i;
  for (i = 0; i < 2000; i++) {
    a = mono_now();
    w = sk_tp_wtime();
    b = mono_now();
    if (b - a < best) { best = b - a; base = w - 0.5 * (a + b); }
  }
  return base;
}

/* ---- the clock model's arithmetic ---- */

static int near(double a, double b, double tol) { return fabs(a - b) <= tol; }

static void test_model(void)
{
  sk_clock_model a, b, c, ab;
  sync_sample s[12];
  double t, r, l;
  int i, ok;
  char what[200];
  /* a: local runs 30 ppm fast and 2.5 ms ahead of the reference at local 1000 s */
  a.tref = 1000.0; a.off = 2.5e-3; a.drift = 30e-6; a.err = 1e-6;
  ok = 1;
  for (t = 900.0; t < 1100.0; t += 7.3) {
    r = sk_clock_to_ref(&a, t);
    l = sk_clock_to_local(&a, r);
    if (!near(l, t, 1e-9)) ok = 0;
  }
  check0(ok, "model: to_local inverts to_ref (offset 2.5 ms, drift 30 ppm)");
  /* chain: clock C runs ahead of B by 1 ms + 10 ppm, B ahead of reference A by -4 ms - 20 ppm */
  {
    double ref0 = 500.0, okc = 1, x;
    /* true clocks as functions of the reference time u: B(u) = u - 4e-3 - 20e-6 (u - ref0),
    ** C(u) = B(u) + 1e-3 + 10e-6 (B(u) - B(ref0)) */
    double bu0 = ref0 - 4e-3;
    b.tref = bu0; b.off = -4e-3; b.drift = -20e-6 / (1.0 - 20e-6); b.err = 1e-6;  /* B against A, per B time */
    c.tref = bu0 + 1e-3; c.off = 1e-3; c.drift = 10e-6 / (1.0 + 10e-6); c.err = 2e-6; /* C against B, per C time */
    ab = sync_model_compose(&c, &b);
    for (x = 0.0; x < 200.0; x += 13.7) {
      double u = ref0 + x, bu = u - 4e-3 - 20e-6 * (u - ref0), cu = bu + 1e-3 + 10e-6 * (bu - bu0);
      if (!near(sk_clock_to_ref(&ab, cu), u, 1e-9)) okc = 0;
    }
    check0(okc && near(ab.err, 3e-6, 1e-15), "model: composition along a path C -> B -> A");
  }
  /* fit: no drift, noise-free, one disturbed sample (long round trip, wrong offset) */
  for (i = 0; i < 12; i++) { s[i].x = 100.0 + i * 1e-4; s[i].y = 7e-6; s[i].rtt = 1e-6 + i * 1e-9; }
  s[5].y = 300e-6; s[5].rtt = 600e-6;
  sync_fit(s, 12, &c);
  sprintf(what, "fit: offset 7 us recovered (%.3f us, drift %g) despite a disturbed sample", c.off * 1e6, c.drift);
  check0(near(sk_clock_offset(&c, 100.0005), 7e-6, 1e-9) && c.drift == 0.0, what);
  /* fit: drift 20 ppm over 0.11 s with 0.05 us noise */
  for (i = 0; i < 12; i++) {
    s[i].x = 100.0 + i * 0.01;
    s[i].y = -3e-6 + 20e-6 * (s[i].x - 100.0) + ((i % 3) - 1) * 0.05e-6;
    s[i].rtt = 1e-6;
  }
  sync_fit(s, 12, &c);
  sprintf(what, "fit: drift 20 ppm found (%.3f ppm)", c.drift * 1e6);
  check0(near(c.drift, 20e-6, 0.5e-6) && near(sk_clock_offset(&c, 100.0), -3e-6, 0.1e-6), what);
  /* fit: pure noise of 0.5 us over 1 ms gives no drift */
  for (i = 0; i < 12; i++) {
    s[i].x = 100.0 + i * 1e-4;
    s[i].y = 4e-6 + ((i * 7) % 5 - 2) * 0.25e-6;
    s[i].rtt = 1e-6;
  }
  sync_fit(s, 12, &c);
  check0(c.drift == 0.0 && near(c.off, 4e-6, 0.3e-6), "fit: noise alone is not taken for a drift");
  /* long-baseline drift: 5 us more after 10 s with error bounds of 1 us: 0.5 ppm */
  a.tref = 100.0; a.off = 1e-3; a.drift = 0.0; a.err = 1e-6;
  b = a; b.tref = 110.0; b.off = 1e-3 + 5e-6;
  sync_refine_drift(&b, &a);
  check0(near(b.drift, 0.5e-6, 1e-12), "drift across estimations: 5 us in 10 s = 0.5 ppm");
  b = a; b.tref = 110.0; b.off = 1e-3 + 1.5e-6;
  sync_refine_drift(&b, &a);
  check0(b.drift == 0.0, "drift across estimations: a change within the error bounds is no drift");
  b = a; b.tref = 100.5; b.off = 1e-3 + 50e-6;
  sync_refine_drift(&b, &a);
  check0(b.drift == 0.0, "drift across estimations: not over less than a second");
}

/* ---- offsets ---- */

/* The accuracy asked of an estimate at least: OFFSET_LIMIT while each processor runs at
** most two of the run's processes, and that times the processes per processor over two
** beyond (with 8 processes on 2 processors each gets a quarter of one). Where the machine
** allows less in the same round, reference_bound() says how much less. */
static double offset_limit(void)
{
  int mask = 0, online = sk_host_processors(&mask);   /* the test's processes share one machine */
  int processors = mask > 0 ? mask : online;
  double share = processors > 0 ? (double)size / (2.0 * processors) : 1.0;
  return OFFSET_LIMIT * (share > 1.0 ? share : 1.0);
}

#define REFERENCE_TRIES 12   /* round trips per member of the plain reference */

/* The reference measured in the same round: the plain loop every offset estimate stands
** on (Cristian's method): rank 0 sends each member in turn its time REFERENCE_TRIES times,
** the member answers with its own, and the fastest round trip bounds the member's offset
** to half its length. Returns on g's rank 0 the largest such half round trip over the
** members: no estimate from round trips on this machine at this moment can promise
** better (an offset is as good as the fastest round trips it finds; on a loaded machine
** there may be none below tens of microseconds, as CI read under MPICH with 3 and 4
** processes on 2 processors: 26.0 and 18.3 us at best of 3, within the claimed bounds). */
static double reference_bound(sk_group *g)
{
  int grank = sk_tp_group_rank(g), gsize = sk_tp_group_size(g), i, t;
  double a, b, r, best, worst = 0.0;
  for (i = 1; i < gsize; i++) {
    if (grank == 0) {
      best = 1e9;
      for (t = 0; t < REFERENCE_TRIES; t++) {
        a = sk_tp_wtime();
        sk_tp_send(g, i, &a, sizeof a);
        sk_tp_recv(g, i, &r, sizeof r);
        b = sk_tp_wtime();
        if (b - a < best) best = b - a;
      }
      if (0.5 * best > worst) worst = 0.5 * best;
    } else if (grank == i) {
      for (t = 0; t < REFERENCE_TRIES; t++) {
        sk_tp_recv(g, 0, &a, sizeof a);
        r = sk_tp_wtime();
        sk_tp_send(g, 0, &r, sizeof r);
      }
    }
  }
  return worst;
}

/* Estimates on g three times. Every member's error against the truth must lie within
** the error bound the estimate claims (half the round trips along its path, plus 1 us for
** the test's own reading of the truth), and in the best of the three estimations every
** member's error must be below offset_limit() or, where the plain reference around that
** estimation (reference_bound, before and after it) found the machine slower, below
** twice the reference's bound for each edge of the estimate's path (one edge for
** linear, up to ceil(log2 p) for hca: errors add up along the tree). One estimation may
** meet a foreign load on the machine that leaves no fast round trip at all.
** ref_world: world rank of g's rank 0. */
static void test_offsets(sk_group *g, int method, const char *gname)
{
  int grank = sk_tp_group_rank(g), gsize = sk_tp_group_size(g), k, i, n;
  int ref_world = sk_tp_group_world_rank(g, 0), within_bound = 1, complete = 1;
  double mine[3], *all = NULL, worst[3], best = 1.0, max_drift = 0.0, worst_res = 0.0, worst_bound = 0.0, t0, dur = 0.0;
  double *last = NULL, lastmax = 0.0, ref[3], allowed[3];
  int edges = 1, passed = 0;
  sk_sync_config cfg;
  sk_clock_model md;
  char what[300];
  if (grank < 0) return;
  if (method == SK_OFFSETS_HCA)
    while ((1 << edges) < gsize) edges++;
  sk_sync_default_config(&cfg);
  cfg.offset_method = method;
  if (grank == 0) {
    all = (double *)sk_malloc(sizeof(double) * 3 * (size_t)gsize);
    last = (double *)sk_malloc(sizeof(double) * (size_t)gsize);
  }
  for (k = 0; k < 3; k++) {
    ref[k] = reference_bound(g);
    t0 = sk_tp_wtime();
    sk_sync_estimate(&cfg, g);
    if (sk_tp_wtime() - t0 > dur) dur = sk_tp_wtime() - t0;
    {
      double after = reference_bound(g);
      if (after > ref[k]) ref[k] = after;
    }
    sk_sync_clock_model(SK_CLOCK_GROUP, g, sk_tp_wtime(), &md);
    mine[0] = sk_clock_offset(&md, sk_tp_wtime());
    mine[1] = md.err;
    mine[2] = md.drift;
    sk_tp_gather_doubles(g, mine, 3, all, 0);
    worst[k] = 0.0;
    if (grank == 0) {
      n = sk_sync_last_offsets(last, gsize);
      if (n != gsize) complete = 0;
      for (i = 0; i < gsize; i++) {
        int w = sk_tp_group_world_rank(g, i);
        double truth = truth_ok ? bases[w] - bases[ref_world] : 0.0, e = fabs(all[3 * i] - truth);
        if (e > worst[k]) worst[k] = e;
        if (e > all[3 * i + 1] + 1e-6) within_bound = 0;
        if (all[3 * i + 1] > worst_bound) worst_bound = all[3 * i + 1];
        if (fabs(last[i] - all[3 * i]) > lastmax) lastmax = fabs(last[i] - all[3 * i]);
        if (fabs(all[3 * i + 2]) > max_drift) max_drift = fabs(all[3 * i + 2]);
      }
      if (worst[k] < best) best = worst[k];
      allowed[k] = 2.0 * edges * ref[k] > offset_limit() ? 2.0 * edges * ref[k] : offset_limit();
      if (worst[k] < allowed[k]) passed = 1;
      if (sk_sync_max_abs_residual() > worst_res) worst_res = sk_sync_max_abs_residual();
    }
  }
  if (grank == 0) {
    printf("info %s: %s %s p=%d: max |estimate - true offset| %.3f / %.3f / %.3f us, max |offset| %.3f us,"
           " max |residual| %.3f us, error bound %.3f us, estimation %.3f ms\n",
           label, gname, sk_sync_offset_method_name(method), gsize, worst[0] * 1e6, worst[1] * 1e6,
           worst[2] * 1e6, sk_sync_max_abs_offset_estimate() * 1e6, worst_res * 1e6, worst_bound * 1e6, dur * 1e3);
    printf("info %s: %s %s p=%d: plain reference's bound %.3f / %.3f / %.3f us, allowed %.3f / %.3f / %.3f us\n",
           label, gname, sk_sync_offset_method_name(method), gsize, ref[0] * 1e6, ref[1] * 1e6, ref[2] * 1e6,
           allowed[0] * 1e6, allowed[1] * 1e6, allowed[2] * 1e6);
    sprintf(what, "offsets %s %s p=%d: in one of 3 estimations every estimate within %.0f us of the true offset,"
            " or twice the same round's plain reference per edge (best: %.3f us)",
            gname, sk_sync_offset_method_name(method), gsize, offset_limit() * 1e6, best * 1e6);
    report(passed, what);
    sprintf(what, "offsets %s %s p=%d: every error within the claimed error bound", gname,
            sk_sync_offset_method_name(method), gsize);
    report(within_bound, what);
    sprintf(what, "offsets %s %s p=%d: no drift on one host (largest %.3g ppm)", gname,
            sk_sync_offset_method_name(method), gsize, max_drift * 1e6);
    report(max_drift <= 1e-6, what);
    sprintf(what, "offsets %s %s: rank 0 holds every member's offset", gname, sk_sync_offset_method_name(method));
    report(complete && lastmax < 1e-6, what);
    free(all);
    free(last);
  }
}

/* ---- the cache of estimates ---- */

/* Local on every member after a fresh estimate on the world: fresh for its own method
** (and then for any group), stale for the other method and after an invalidation. */
static void test_cache(sk_group *world)
{
  sk_sync_config hca, linear;
  double now;
  int ok_same, ok_other, ok_invalid;
  sk_sync_default_config(&hca);
  hca.offset_method = SK_OFFSETS_HCA;
  linear = hca;
  linear.offset_method = SK_OFFSETS_LINEAR;
  sk_sync_estimate(&hca, world);
  now = sk_tp_wtime();
  if (sk_tp_wtime_is_global() || size <= 1) {
    check0(sk_sync_clock_source(&hca, world, now) == SK_CLOCK_IDENTITY, "cache: a global clock needs no offsets");
    return;
  }
  ok_same = sk_sync_clock_source(&hca, world, now) == SK_CLOCK_WORLD;
  ok_other = sk_sync_clock_source(&linear, world, now) == SK_CLOCK_ESTIMATE;
  sk_sync_invalidate_offsets();
  ok_invalid = sk_sync_clock_source(&hca, world, now) == SK_CLOCK_ESTIMATE;
  check0(ok_same, "cache: a fresh estimate is re-used with the method it was made with");
  check0(ok_other, "cache: another offset method makes the estimate stale");
  check0(ok_invalid, "cache: sk_sync_invalidate_offsets makes the estimate stale");
}

/* ---- runs through the engine ---- */

static double call_start[MAX_CALLS];
static int ncalls = 0;
static int sync_in_measure = 1;

static void record(double start)
{
  if (ncalls < MAX_CALLS) call_start[ncalls] = start - (truth_ok ? bases[sk_tp_world_rank()] : 0.0);
  ncalls++;
}

static double sync_test_bcast(sk_mctx *m, const sk_value *args)
{
  double start, stop;
  char buf[8];
  (void)args;
  memset(buf, m->rank, sizeof buf);
  start = sync_in_measure ? sk_sync_start(m) : sk_tp_wtime();
  sk_tp_library_bcast(m->group, buf, sizeof buf, 0);
  stop = sync_in_measure ? sk_sync_stop(m) : sk_tp_wtime();
  record(start);
  return stop - start;
}

/* Ranks 0 and 1 only (the runner leaves the others out): a synchronised ping-pong. */
static double sync_test_pingpong(sk_mctx *m, const sk_value *args)
{
  double start, stop;
  char buf[8];
  (void)args;
  memset(buf, 0, sizeof buf);
  start = sk_sync_start(m);
  if (m->rank == 0) {
    sk_tp_send(m->group, 1, buf, sizeof buf);
    sk_tp_recv(m->group, 1, buf, sizeof buf);
  } else if (m->rank == 1) {
    sk_tp_recv(m->group, 0, buf, sizeof buf);
    sk_tp_send(m->group, 0, buf, sizeof buf);
  }
  stop = sk_sync_stop(m);
  return stop - start;
}

static const sk_measurement def_bcast = { "SyncBcast", "", SK_PATTERN_COLLECTIVE, NULL, sync_test_bcast, NULL, 1, NULL };
static const sk_measurement def_pingpong = { "SyncPingpong", "", SK_PATTERN_P2P, NULL, sync_test_pingpong, NULL, 2, NULL };

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y ? 1 : 0;
}

/* Runs def on g with exactly `reps` counted repetitions; checks the count and that every
** member ends with the same window; reports invalid repetitions and the start skew. */
static double run(const char *name, const sk_measurement *def, sk_group *g, int reps, int *invalid)
{
  sk_mctx m;
  sk_asec_config cfg;
  sk_settings settings;
  sk_result res;
  int grank = sk_tp_group_rank(g), gsize = sk_tp_group_size(g), i, j, calls;
  double t0, elapsed, mine[1], *all = NULL, *starts = NULL, *skews = NULL, median_skew = 0.0;
  char what[300];
  *invalid = 0;
  if (grank < 0) return 0.0;
  sk_asec_default_config(&cfg);
  cfg.min_reps = reps;
  cfg.max_reps = reps;
  cfg.max_rel_error = 0.0;
  ncalls = 0;
  sk_tp_barrier(g);
  t0 = sk_tp_wtime();
  sk_settings_default(&settings);
  settings.asec = cfg;
  settings.sync = test_cfg;
  sk_runner_init(def, &m, g, NULL, &settings);
  sk_runner_run(def, &m, NULL, &res);
  elapsed = sk_tp_wtime() - t0;
  calls = ncalls < MAX_CALLS ? ncalls : MAX_CALLS;
  /* start skew in true time over the calls every member made (bcast only) */
  if (def == &def_bcast && sync_in_measure) {
    if (grank == 0) {
      starts = (double *)sk_malloc(sizeof(double) * (size_t)gsize * MAX_CALLS);
      skews = (double *)sk_malloc(sizeof(double) * MAX_CALLS);
    }
    for (i = calls; i < MAX_CALLS; i++) call_start[i] = 0.0;
    sk_tp_gather_doubles(g, call_start, MAX_CALLS, starts, 0);
    if (grank == 0 && calls > 1) {
      for (j = 1; j < calls; j++) {      /* call 0 is the warm-up */
        double lo = starts[j], hi = starts[j];
        for (i = 1; i < gsize; i++) {
          double v = starts[(size_t)i * MAX_CALLS + j];
          if (v < lo) lo = v;
          if (v > hi) hi = v;
        }
        skews[j - 1] = hi - lo;
      }
      qsort(skews, (size_t)(calls - 1), sizeof(double), cmp_double);
      median_skew = skews[(calls - 1) / 2];
    }
    free(starts);
    free(skews);
  }
  /* one schedule everywhere: the final windows agree bit for bit */
  mine[0] = sk_sync_window();
  if (grank == 0) all = (double *)sk_malloc(sizeof(double) * (size_t)gsize);
  sk_tp_gather_doubles(g, mine, 1, all, 0);
  if (grank == 0) {
    int same = 1;
    for (i = 1; i < gsize; i++) if (all[i] != all[0]) same = 0;
    *invalid = res.invalid;
    printf("info %s: %s p=%d: %d repetitions + %d invalid in %.3f s, window %.1f us, time %.1f us,"
           " median start skew %.1f us\n", label, name, gsize, res.reps, res.invalid, elapsed,
           all[0] * 1e6, res.time * 1e6, median_skew * 1e6);
    sprintf(what, "%s p=%d: %d repetitions counted, no failure", name, gsize, reps);
    report(res.reps == reps && !res.failed, what);
    sprintf(what, "%s p=%d: every member ends with the same window", name, gsize);
    report(same, what);
    free(all);
  }
  sk_result_free(&res);
  return elapsed;
}

int main(int argc, char **argv)
{
  sk_buffer_config bc;
  sk_group *world, *reversed;
  int *ranks, i, invalid;
  double mine[2], *all = NULL, elapsed;
  char what[300];
  setenv("SKAMPI_POINT_BUDGET", "0", 1);   /* the runs count their repetitions: no time budget */
  sk_tp_start(&argc, &argv);
  sk_oversub_detect();   /* as skampi does: waits yield only where the run's own processes */
  sk_oversub_probe();    /* outnumber the processors, and the start tolerance knows F there */
  rank = sk_tp_world_rank();
  size = sk_tp_world_size();
  world = sk_tp_world();
  label = argc > 1 ? argv[1] : "sync";
  sk_buffers_default_config(&bc);
  sk_buffers_configure(&bc);
  if (rank == 0) test_model();

  /* the truth: every process's wtime against the shared monotonic clock, twice */
  mine[0] = wtime_base();
  {
    double t = sk_tp_wtime();
    while (sk_tp_wtime() < t + 0.05) ;
  }
  mine[1] = wtime_base();
  bases = (double *)sk_malloc(sizeof(double) * (size_t)size);
  if (rank == 0) all = (double *)sk_malloc(sizeof(double) * 2 * (size_t)size);
  sk_tp_gather_doubles(world, mine, 2, all, 0);
  if (rank == 0) {
    for (i = 0; i < size; i++) {
      bases[i] = all[2 * i];
      if (fabs(all[2 * i + 1] - all[2 * i]) > 0.5e-6) truth_ok = 0;
    }
    free(all);
    printf("info %s: p=%d, global clock %s, wtime %s the monotonic clock%s\n", label, size,
           sk_tp_wtime_is_global() ? "yes" : "no", truth_ok ? "runs with" : "drifts against",
           truth_ok ? "" : " (true offsets taken as 0)");
  }
  sk_tp_bcast(world, bases, sizeof(double) * (size_t)size, 0);
  sk_tp_bcast(world, &truth_ok, sizeof truth_ok, 0);

  /* offsets: world, then a group in reversed order (reference: the last world rank) */
  test_offsets(world, SK_OFFSETS_LINEAR, "world");
  test_offsets(world, SK_OFFSETS_HCA, "world");
  ranks = (int *)sk_malloc(sizeof(int) * (size_t)size);
  for (i = 0; i < size; i++) ranks[i] = size - 1 - i;
  reversed = sk_tp_group_create(ranks, size);
  free(ranks);
  test_offsets(reversed, SK_OFFSETS_HCA, "reversed");

  test_cache(world);

  /* synchronised runs: each algorithm from a fresh estimate */
  sk_sync_default_config(&test_cfg);
  test_cfg.offset_method = SK_OFFSETS_LINEAR;
  sk_sync_invalidate_offsets();
  run("real/linear 30", &def_bcast, world, 30, &invalid);
  test_cfg.offset_method = SK_OFFSETS_HCA;
  sk_sync_invalidate_offsets();
  run("real/hca 30", &def_bcast, world, 30, &invalid);
  elapsed = run("real/hca 100", &def_bcast, world, 100, &invalid);
  sprintf(what, "real/hca 100 repetitions p=%d finished within 60 s (%.2f s)", size, elapsed);
  check0(elapsed < 60.0, what);
  /* a subgroup re-using the world's fresh estimate (reference: world rank 0) */
  sk_sync_estimate(&test_cfg, world);
  run("real/hca reversed group", &def_bcast, reversed, 30, &invalid);
  /* partial participation and measurements that never synchronise */
  if (size >= 2) run("real point-to-point (ranks 0, 1 synchronise)", &def_pingpong, world, 20, &invalid);
  sync_in_measure = 0;
  run("real, measurement without sync calls", &def_bcast, world, 20, &invalid);
  sync_in_measure = 1;
  test_cfg.method = SK_SYNC_BARRIER;
  run("barrier 10", &def_bcast, world, 10, &invalid);
  test_cfg.method = SK_SYNC_NONE;
  run("none 10", &def_bcast, world, 10, &invalid);
  test_cfg.method = SK_SYNC_REAL;

  if (rank == 0) {
    sk_str d;
    sk_str_init(&d);
    sk_sync_describe(&test_cfg, &d);
    printf("info %s: header lines:\n%s", label, d.data ? d.data : "");
    sk_str_free(&d);
  }
  /* check_failures may have been counted on other ranks (the reversed group reports there) */
  mine[0] = (double)check_failures;
  if (rank == 0) all = (double *)sk_malloc(sizeof(double) * (size_t)size);
  sk_tp_gather_doubles(world, mine, 1, all, 0);
  if (rank == 0) {
    check_failures = 0;
    for (i = 0; i < size; i++) check_failures += (int)all[i];
    free(all);
    printf("%s %s: %d failure(s)\n", check_failures ? "FAIL" : "ok", label, check_failures);
    fflush(stdout);
  }
  sk_tp_bcast(world, &check_failures, sizeof check_failures, 0);
  free(bases);
  sk_tp_finish();
  return check_failures ? 1 : 0;
}
