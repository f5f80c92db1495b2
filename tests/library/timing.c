/*
** tests/library/timing.c -- what the library reads against plain loops timed beside it in
** the same program (doc/library.md "Time and the clock"), sequential or MPI object (one
** process), and the micro-benchmark interface: skampi_pause/skampi_resume, the sink
** skampi_do_not_optimize, skampi_refine_follow, the automatic bound on refinement.
** Prints "ok NAME (figures)" / "FAIL NAME: why", a "figure NAME VALUE" line per reading,
** "compare NAME LIBRARY_US PLAIN_US" per reading beside a plain loop (for
** tools/bench/library_vs_loop.sh), and "N failures" (tests/library/library.sh counts them).
**   timing OUT.sko [sleep]        (sleep: only the 5 ms sleep, for a coarser clock)
** The references are this program's own loops around clock_gettime(CLOCK_MONOTONIC), the
** median of 31 timings; nothing is compared with an absolute time except what is known
** exactly (a sleep never ends early; an empty operation costs nothing beyond a call).
*/
#define _POSIX_C_SOURCE 200112L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "skampi.h"

static int failures;

static void check(int ok, const char *name, const char *why)
{
  if (ok) printf("ok %s (%s)\n", name, why);
  else { printf("FAIL %s: %s\n", name, why); failures++; }
  fflush(stdout);
}

static void compare(const char *name, double lib, double plain)
{
  printf("compare %s %.6f %.6f\n", name, lib * 1e6, plain * 1e6);
}

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void sleep_seconds(double s)
{
  struct timespec ts;
  ts.tv_sec = (time_t)s;
  ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
  while (nanosleep(&ts, &ts) != 0) { }
}

static int by_value(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
  qsort(v, (size_t)n, sizeof *v, by_value);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* ---- the operations ---- */

typedef struct copy_bufs {
  char src[64], dst[64];
  size_t n;                          /* bytes per copy, read at run time */
} copy_bufs;

static copy_bufs bufs;

static void op_empty(void *user, skampi_call *call) { (void)user; (void)call; }

static void op_copy4(void *user, skampi_call *call)
{
  copy_bufs *b = (copy_bufs *)user;
  (void)call;
  memcpy(b->dst, b->src, 4);
  skampi_do_not_optimize(b->dst);
}

static void op_copy_n(void *user, skampi_call *call)
{
  copy_bufs *b = (copy_bufs *)user;
  (void)call;
  memcpy(b->dst, b->src, b->n);
  skampi_do_not_optimize(b->dst);
}

static void op_sleep(void *user, skampi_call *call) { (void)user; sleep_seconds(call->x * 1e-6); }

static void spin(double seconds)
{
  double start = skampi_wtime();
  while (skampi_wtime() - start < seconds) { }
}

static void op_spin(void *user, skampi_call *call) { (void)user; spin(call->x * 1e-6); }

/* a set-up that sleeps 1 ms, kept out by skampi_pause/skampi_resume, then x us of work */
static void op_setup_spin(void *user, skampi_call *call)
{
  (void)user;
  skampi_pause();
  sleep_seconds(1e-3);
  skampi_resume();
  spin(call->x * 1e-6);
}

/* x dependent multiply-adds: removable without the sink, since nothing reads the result */
#define CHAIN_STEPS 20000
static double chain(double seed, long steps)
{
  double v = seed;
  long i;
  for (i = 0; i < steps; i++) v = v * 1.0000001 + 1e-9;
  return v;
}

static void op_chain_sunk(void *user, skampi_call *call)
{
  double v = chain(call->x, CHAIN_STEPS);
  (void)user;
  skampi_do_not_optimize(&v);
}

static void op_chain_unsunk(void *user, skampi_call *call)
{
  double v = chain(call->x, CHAIN_STEPS);
  (void)user;
  (void)v;
}

/* a step from 2 us to 8 us at x = 100, and a flat 4 us */
static void op_step(void *user, skampi_call *call) { (void)user; spin(call->x < 100.0 ? 2e-6 : 8e-6); }
static void op_flat(void *user, skampi_call *call) { (void)user; (void)call; spin(4e-6); }
/* 0.2 us per unit of x against a constant 10 us: they cross at x = 50 */
static void op_linear(void *user, skampi_call *call) { (void)user; spin(call->x * 0.2e-6); }
static void op_const(void *user, skampi_call *call) { (void)user; (void)call; spin(10e-6); }
/* a power law, 2 us x (x/8)^2 */
static void op_square(void *user, skampi_call *call) { (void)user; spin(2e-6 * (call->x / 8.0) * (call->x / 8.0)); }
/* noise: 5 us plus 0..50% at random */
static void op_noise(void *user, skampi_call *call)
{
  (void)user; (void)call;
  spin(5e-6 * (1.0 + 0.5 * (double)rand() / (double)RAND_MAX));
}

static skampi_operation make_op(const char *name, skampi_fn run, void *user)
{
  skampi_operation op;
  memset(&op, 0, sizeof op);
  op.name = name;
  op.pattern = SKAMPI_SIMPLE;
  op.run = run;
  op.user = user;
  return op;
}

static double measure(const char *name, skampi_fn run, void *user, double x, skampi_result *r)
{
  skampi_operation op = make_op(name, run, user);
  skampi_result res;
  if (skampi_measure(&op, x, &res) != SKAMPI_OK) {
    printf("FAIL %s_measured: %s\n", name, skampi_errmsg());
    failures++;
    return -1.0;
  }
  if (r) *r = res;
  printf("figure %s %.6f us (%ld calls per timing, %d reps)\n", name, res.time * 1e6, res.calls_per_timing, res.reps);
  return res.time;
}

/* ---- the plain loops ---- */

/* The median of 31 sleeps; *q1 and *q3 their quartiles (a loaded host spreads them). */
static double plain_sleep(double seconds, double *q1, double *q3)
{
  double v[31];
  int i;
  for (i = 0; i < 31; i++) {
    double t0 = now();
    sleep_seconds(seconds);
    v[i] = now() - t0;
  }
  qsort(v, 31, sizeof *v, by_value);
  *q1 = v[7];
  *q3 = v[23];
  return v[15];
}

#define PLAIN_CALLS 100000L
static double plain_copy4(void)
{
  double v[31];
  int i;
  long k;
  for (i = 0; i < 31; i++) {
    double t0 = now();
    for (k = 0; k < PLAIN_CALLS; k++) {
      memcpy(bufs.dst, bufs.src, 4);
      skampi_do_not_optimize(bufs.dst);
    }
    v[i] = (now() - t0) / (double)PLAIN_CALLS;
  }
  return median(v, 31);
}

static double plain_copy_n(void)
{
  double v[31];
  int i;
  long k;
  for (i = 0; i < 31; i++) {
    double t0 = now();
    for (k = 0; k < PLAIN_CALLS; k++) {
      memcpy(bufs.dst, bufs.src, bufs.n);
      skampi_do_not_optimize(bufs.dst);
    }
    v[i] = (now() - t0) / (double)PLAIN_CALLS;
  }
  return median(v, 31);
}

static double plain_chain(void)
{
  double v[31];
  volatile double keep;
  int i;
  for (i = 0; i < 31; i++) {
    double t0 = now();
    keep = chain(1.0, CHAIN_STEPS);
    v[i] = now() - t0;
  }
  (void)keep;
  return median(v, 31);
}

/* ---- refinement ---- */

/* One autorefine suite over x = first .. last (factor 2) of the ops; the added points'
** x into added (at most 256), their number returned; -1 on an error. */
static int refined_points(const char *name, skampi_operation *ops, int nops, double first, double last,
                          double *added, int *total)
{
  skampi_loop loop;
  skampi_result *rs = NULL;
  int n = 0, i, k = 0;
  memset(&loop, 0, sizeof loop);
  loop.name = "x";
  loop.first = first;
  loop.last = last;
  loop.step = 2.0;
  loop.geometric = 1;
  loop.integer = 1;
  loop.refine = 1;
  if (skampi_suite(name, ops, nops, &loop, &rs, &n) != SKAMPI_OK) {
    printf("FAIL %s_suite: %s\n", name, skampi_errmsg());
    failures++;
    return -1;
  }
  printf("figure %s_added", name);
  for (i = 0; i < n; i++)
    if (rs[i].refined && rs[i].op == 0) {
      if (k < 256) added[k] = rs[i].x;
      k++;
      printf(" %g", rs[i].x);
    }
  printf("\n");
  *total = n / nops;
  skampi_free(rs);
  return k;
}

int main(int argc, char **argv)
{
  char why[512];
  int pargc = 1, i, n, total;
  char *pargs[2], **pargv = pargs;
  double lib, ref, with, without, added[256], q1, q3;
  skampi_operation ops[2];
  skampi_settings s;
  if (argc < 2) return 2;
  pargs[0] = argv[0];
  pargs[1] = NULL;
  if (skampi_begin(&pargc, &pargv, argv[1]) != SKAMPI_OK) {
    printf("FAIL begin: %s\n", skampi_errmsg());
    return 1;
  }
  if (skampi_size() != 1) {     /* every call below is collective, the checks rank 0's: one process */
    printf("FAIL one_process: run with one process\n");
    skampi_end();
    return 1;
  }
  memset(&bufs, 1, sizeof bufs);
  bufs.n = 4;

  /* 1. a 5 ms sleep: wall time, the clock read once around it */
  /* within 5% of the plain loop's median, or (a loaded host spreads sleeps) between its
  ** quartiles; never below 5 ms less 5% (a sleep does not end early) */
  ref = plain_sleep(5e-3, &q1, &q3);
  lib = measure("sleep_5ms", op_sleep, NULL, 5000.0, NULL);
  compare("sleep_5ms", lib, ref);
  sprintf(why, "library %.1f us, plain loop %.1f us (quartiles %.1f, %.1f), %.2f%% apart; %.2f%% from 5 ms", lib * 1e6,
          ref * 1e6, q1 * 1e6, q3 * 1e6, 100.0 * (lib - ref) / ref, 100.0 * (lib - 5e-3) / 5e-3);
  check(lib >= 0.95 * 5e-3 && lib <= (q3 > 1.05 * ref ? q3 : 1.05 * ref) && lib >= (q1 < 0.95 * ref ? q1 : 0.95 * ref),
        "sleep_5ms_reads_wall_time", why);
  if (argc > 2 && strcmp(argv[2], "sleep") == 0) {
    skampi_end();
    printf("%d failures\n", failures);
    return failures ? 1 : 0;
  }

  /* 2. an empty operation: the calibrated empty call is subtracted */
  lib = measure("empty", op_empty, NULL, 0.0, NULL);
  compare("empty", lib, 0.0);
  sprintf(why, "%.4f us", lib * 1e6);
  check(lib >= 0.0 && lib < 0.05e-6, "empty_operation_below_0.05_us", why);

  /* 3. a 4-byte memcpy (constant size: inlined; run-time size: a call of memcpy), each with
  ** the sink, against the same statements in a plain loop */
  ref = plain_copy4();
  lib = measure("memcpy_4", op_copy4, &bufs, 4.0, NULL);
  compare("memcpy_4+sink", lib, ref);
  sprintf(why, "library %.4f us, plain loop %.4f us, ratio %.2f", lib * 1e6, ref * 1e6, lib / ref);
  check(lib <= 2.0 * ref && lib >= 0.5 * ref, "memcpy_4_within_2x_of_plain_loop", why);
  ref = plain_copy_n();
  lib = measure("memcpy_n4", op_copy_n, &bufs, 4.0, NULL);
  compare("memcpy_n=4+sink", lib, ref);
  sprintf(why, "library %.4f us, plain loop %.4f us, ratio %.2f", lib * 1e6, ref * 1e6, lib / ref);
  check(lib <= 2.0 * ref && lib >= 0.5 * ref, "memcpy_runtime_size_4_within_2x_of_plain_loop", why);

  /* 4. a set-up that sleeps 1 ms between skampi_pause and skampi_resume is not counted */
  without = measure("spin_20us", op_spin, NULL, 20.0, NULL);
  with = measure("setup_then_spin_20us", op_setup_spin, NULL, 20.0, NULL);
  compare("paused_1ms_setup+spin_20us(plain:spin_alone)", with, without);
  sprintf(why, "20 us of work: %.3f us alone, %.3f us after a paused 1 ms set-up", without * 1e6, with * 1e6);
  check(with < without * 1.1 + 0.5e-6 && with > without * 0.9 - 0.5e-6, "pause_resume_leaves_out_the_setup", why);

  /* 5. the sink keeps the work: as long as the plain loop's */
  ref = plain_chain();
  with = measure("chain_sunk", op_chain_sunk, NULL, 1.0, NULL);
  without = measure("chain_unsunk", op_chain_unsunk, NULL, 1.0, NULL);
  compare("chain_20000+sink", with, ref);
  compare("chain_20000_no_sink", without, ref);
  sprintf(why, "%d dependent steps: %.3f us with the sink, %.3f us without, plain loop %.3f us", CHAIN_STEPS,
          with * 1e6, without * 1e6, ref * 1e6);
  check(with >= 0.5 * ref && with <= 2.0 * ref, "sink_keeps_the_work", why);

  /* 6. refinement follows the chosen operation: a step at x = 100 in op 0 beside a flat op 1.
  ** The least repetition and refine_max_error 0.2 for 6 and 7: a spin that loses its
  ** processor on a loaded host only takes longer (under load 5, the mean's noise made the
  ** power law get 10 added points), while the step is ln 4 = 1.39 and a power law 0 */
  skampi_default_settings(&s);
  s.statistic = SKAMPI_MIN;
  s.refine_max_error = 0.2;
  skampi_configure(&s);
  ops[0] = make_op("step", op_step, NULL);
  ops[1] = make_op("flat", op_flat, NULL);
  n = refined_points("follow_last", ops, 2, 8.0, 1024.0, added, &total);
  {
    int inside = 0;
    for (i = 0; i < n && i < 256; i++) inside += added[i] > 64.0 && added[i] < 128.0;
    sprintf(why, "following the flat op (the last, the default): %d added, %d between 64 and 128", n, inside);
    check(n >= 0 && inside == 0, "refinement_follows_the_last_op_by_default", why);
  }
  skampi_refine_follow(0, -1);
  n = refined_points("follow_step", ops, 2, 8.0, 1024.0, added, &total);
  {
    int inside = 0, outside = 0;
    for (i = 0; i < n && i < 256; i++) {
      if (added[i] > 64.0 && added[i] < 128.0) inside++;
      if (added[i] < 32.0 || added[i] > 256.0) outside++;
    }
    sprintf(why, "following op 0 (the step at 100): %d added, %d between 64 and 128, %d outside 32..256", n,
            inside, outside);
    check(inside >= 1 && outside == 0, "refinement_follows_the_chosen_op", why);
  }
  /* a crossing: 0.2 us x against 10 us meet at x = 50 */
  ops[0] = make_op("linear", op_linear, NULL);
  ops[1] = make_op("const", op_const, NULL);
  skampi_refine_follow(0, 1);
  n = refined_points("crossing", ops, 2, 4.0, 512.0, added, &total);
  {
    int inside = 0;
    for (i = 0; i < n && i < 256; i++) inside += added[i] > 32.0 && added[i] < 64.0;
    sprintf(why, "%d added, %d between 32 and 64", n, inside);
    check(n >= 2 && inside == n, "refinement_brackets_a_crossing", why);
  }
  skampi_refine_follow(-1, -1);

  /* 7. a power law is not a bend, and the default bound holds */
  ops[0] = make_op("square", op_square, NULL);
  n = refined_points("power_law", ops, 1, 8.0, 128.0, added, &total);
  sprintf(why, "2 us (x/8)^2 over 8..128: %d added to 5 plain points", n);
  check(n >= 0 && n <= 2, "a_power_law_is_not_refined", why);
  skampi_default_settings(&s);
  s.max_reps = 8;
  skampi_configure(&s);
  ops[0] = make_op("noise", op_noise, NULL);
  n = refined_points("noise", ops, 1, 1.0, 1048576.0, added, &total);
  sprintf(why, "5 us + 0..50%% at random over 21 plain points: %d added, %d points", n, total);
  check(n >= 0 && n <= 21 && total <= 42, "refinement_bounded_by_default", why);
  s.refine_max_steps = 25;
  skampi_configure(&s);
  n = refined_points("noise_25", ops, 1, 1.0, 1048576.0, added, &total);
  sprintf(why, "refine_max_steps 25: %d added, %d points", n, total);
  check(total <= 25, "refine_max_steps_bounds", why);

  if (skampi_end() != SKAMPI_OK) check(0, "end", skampi_errmsg());
  printf("%d failures\n", failures);
  return failures ? 1 : 0;
}
