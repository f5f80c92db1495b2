/*
** test_apr.c -- unit tests of automatic parameter refinement (split/core/apr.c; SKaLib report (TR 99/07)
** §3.3, key of eq. 3.5). Mathematical functions stand in for measurements: no timing,
** no communication. Prints "ok NAME" or "FAIL NAME: details" per check and exits with
** status 1 if any check failed.
**
** Build and run from the project root (as tests/run.sh does, from a fresh amalgam):
**   tools/sk21f tests/out/skampi_amalgam.c
**   cc -std=c89 -pedantic -Wall -Wextra -DSKAMPI_SEQ -DSKAMPI_TESTING -Itests/out \
**      -o t tests/unit/test_apr.c -lm && ./t
*/
#define main skampi_main
#include "skampi_amalgam.c"
#undef main
#include "check.h"

#define MIB 1048576.0


/* ---- "measurements" ---- */

typedef double (*measure_fn)(double x, const void *ctx);

typedef struct step_fn {
  double jump_at;  /* J: the higher level starts here */
  double low, high, slope;
} step_fn;

static double step_measure(double x, const void *ctx)
{
  const step_fn *s = (const step_fn *)ctx;
  return (x < s->jump_at ? s->low : s->high) + s->slope * x;
}

/* The acceptance function: 10 + 0.001 x below J, 50 + 0.001 x from J on. */
static step_fn make_step(double jump_at)
{
  step_fn s;
  s.jump_at = jump_at;
  s.low = 10.0;
  s.high = 50.0;
  s.slope = 0.001;
  return s;
}

typedef struct line_fn { double a, b; } line_fn;

static double line_measure(double x, const void *ctx)
{
  const line_fn *l = (const line_fn *)ctx;
  return l->a + l->b * x;
}

static double square_measure(double x, const void *ctx)
{
  (void)ctx;
  return 1.0 + x * x;
}

/* Deterministic "noise" between 100 and 130: a 32-bit integer hash of round(8x). */
static double noisy_measure(double x, const void *ctx)
{
  unsigned long h = (unsigned long)(x * 8.0 + 0.5) & 0xffffffffUL;
  (void)ctx;
  h ^= h >> 16;
  h = (h * 0x7feb352dUL) & 0xffffffffUL;
  h ^= h >> 15;
  h = (h * 0x846ca68bUL) & 0xffffffffUL;
  h ^= h >> 16;
  return 100.0 + 30.0 * ((double)h / 4294967296.0);
}

/* Two jumps: a small one (+10%) at 3000 and a large one (x3) at 30000. */
static double two_jumps_measure(double x, const void *ctx)
{
  double t = 100.0;
  (void)ctx;
  if (x >= 3000.0) t *= 1.1;
  if (x >= 30000.0) t *= 3.0;
  return t;
}

/* ---- running a loop ---- */

typedef struct run_log {
  double *xs;      /* x in the order handed out */
  size_t cap;
  int len;
} run_log;

static sk_apr *run_loop(const sk_apr_config *c, measure_fn f, const void *ctx, run_log *trace)
{
  sk_apr *a = sk_apr_new(c);
  double x;
  if (trace != NULL) { trace->xs = NULL; trace->cap = 0; trace->len = 0; }
  if (a == NULL) {
    printf("sk_apr_new refused a test configuration: %s\n", sk_apr_config_error(c));
    exit(1);
  }
  while (sk_apr_next(a, &x)) {
    if (trace != NULL) {
      trace->xs = (double *)sk_grow(trace->xs, &trace->cap, (size_t)trace->len + 1, sizeof(double));
      trace->xs[trace->len++] = x;
    }
    sk_apr_report(a, f(x, ctx));
  }
  return a;
}

static int compare_doubles(const void *p, const void *q)
{
  double u = *(const double *)p, v = *(const double *)q;
  return u < v ? -1 : u > v;
}

/* Points sorted and unique, the same set as handed out, internal state consistent.
** Returns NULL or what is wrong. */
static const char *basic_properties(const sk_apr *a, const run_log *trace)
{
  int i, n = sk_apr_count(a);
  double x, t, previous = 0.0, *sorted;
  for (i = 0; i < n; i++) {
    sk_apr_point(a, i, &x, &t);
    if (i > 0 && !(x > previous)) return "points not strictly increasing";
    previous = x;
  }
  if (!sk_apr_self_check(a)) return "self check failed";
  if (trace == NULL) return NULL;
  if (trace->len != n) return "count differs from the number of points handed out";
  sorted = (double *)sk_malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
  if (n > 0) memcpy(sorted, trace->xs, sizeof(double) * (size_t)n);
  qsort(sorted, (size_t)n, sizeof(double), compare_doubles);
  for (i = 0; i < n; i++) {
    sk_apr_point(a, i, &x, &t);
    if (x != sorted[i]) { free(sorted); return "points differ from those handed out"; }
  }
  free(sorted);
  return NULL;
}

static void check_basic(const char *name, const sk_apr *a, const run_log *trace)
{
  const char *problem = basic_properties(a, trace);
  char label[200];
  sprintf(label, "%.150s_sorted_unique_consistent", name);
  check(problem == NULL, label, "%s", problem ? problem : "");
}

/* Number of initial points of a configuration (the same loop with refine = 0). */
static int initial_count(const sk_apr_config *c)
{
  sk_apr_config fixed = *c;
  sk_apr *a;
  int n;
  fixed.refine = 0;
  fixed.limits.max_steps = 0;
  a = run_loop(&fixed, square_measure, NULL, NULL);
  n = sk_apr_count(a);
  sk_apr_free(a);
  return n;
}

/* The measured neighbours x1 < jump <= x2; 0 if the points do not surround jump. */
static int find_bracket(const sk_apr *a, double jump, double *x1, double *x2)
{
  int i, n = sk_apr_count(a);
  double x, t, before = 0.0;
  for (i = 0; i < n; i++) {
    sk_apr_point(a, i, &x, &t);
    if (x >= jump) {
      if (i == 0) return 0;
      *x1 = before;
      *x2 = x;
      return 1;
    }
    before = x;
  }
  return 0;
}

static sk_apr_config geometric_config(double first, double last, double step)
{
  sk_apr_config c;
  sk_apr_default_config(&c);
  c.first = first;
  c.last = last;
  c.step = step;
  return c;
}

static sk_apr_config linear_config(double first, double last, double step, int integer)
{
  sk_apr_config c;
  sk_apr_default_config(&c);
  c.first = first;
  c.last = last;
  c.step = step;
  c.geometric = 0;
  c.integer = integer;
  return c;
}

/* ---- the checks ---- */

static void test_key_formula(void)
{
  /* a = (1,1), b = (2,2), c = (4,8), d = (8,9).
  ** Left line through a, b has slope 1: at 4 it predicts 4, D1 = 8 - 4 = 4, |D1|/t_b = 2.
  ** Right line through c, d has slope 1/4: at 2 it predicts 7.5, D2 = 2 - 7.5 = -5.5,
  ** |D2|/t_c = 5.5/8 = 0.6875. Length term (4 - 2)/2 = 1. K = min(2, 0.6875, 1). */
  volatile double zero = 0.0;
  double x[4], t[4], k;
  x[0] = 1; x[1] = 2; x[2] = 4; x[3] = 8;
  t[0] = 1; t[1] = 2; t[2] = 8; t[3] = 9;
  k = sk_apr_key(x, t, 1, 1);
  check(k == 0.6875, "key_hand_example", "K = %g, expected 0.6875", k);
  k = sk_apr_key(x, t, 1, 0);
  check(k == 1.0, "key_left_end_segment_uses_left_prediction",
        "K = %g, expected min(2, 1) = 1", k);
  k = sk_apr_key(x, t, 0, 1);
  check(k == 0.6875, "key_first_segment_uses_right_prediction",
        "K = %g, expected min(0.6875, 1)", k);
  k = sk_apr_key(x, t, 0, 0);
  check(k == 0.0, "key_without_neighbours_is_zero", "K = %g", k);
  /* the length term wins: c = (2.5, ...), length term 0.25 */
  x[2] = 2.5; t[2] = 8;
  k = sk_apr_key(x, t, 1, 1);
  check(k == 0.25, "key_length_term", "K = %g, expected 0.25", k);
  /* t_b = 0: D1 = 10 over 0 is capped; D2: line (4,8)-(8,9) at 2 gives 7.5, 7.5/8 */
  x[0] = 1; x[1] = 2; x[2] = 4; x[3] = 8;
  t[0] = 1; t[1] = 0; t[2] = 8; t[3] = 9;
  k = sk_apr_key(x, t, 1, 1);
  check(k == 0.9375, "key_zero_time_guard", "K = %g, expected 0.9375", k);
  t[0] = t[1] = t[2] = t[3] = 0.0;
  k = sk_apr_key(x, t, 1, 1);
  check(k == 0.0, "key_all_zero_times", "K = %g, expected 0", k);
  /* m_b = 0 (linear loop): length term capped, D2 = 0 - 5 over t_c = 5 gives 1 */
  x[0] = -1; x[1] = 0; x[2] = 1; x[3] = 2;
  t[0] = 0; t[1] = 0; t[2] = 5; t[3] = 5;
  k = sk_apr_key(x, t, 1, 1);
  check(k == 1.0, "key_zero_abscissa_guard", "K = %g, expected 1", k);
  t[2] = HUGE_VAL;
  k = sk_apr_key(x, t, 1, 1);
  check(k == 0.0, "key_infinite_time_is_zero", "K = %g", k);
  t[2] = zero / zero;  /* NaN */
  k = sk_apr_key(x, t, 1, 1);
  check(k == 0.0, "key_nan_time_is_zero", "K = %g", k);
}

static int expect_sequence(const char *name, const sk_apr_config *c,
                           const double *expected, int n)
{
  run_log trace;
  sk_apr_config fixed = *c;
  sk_apr *a;
  int i, ok;
  fixed.refine = 0;
  a = run_loop(&fixed, square_measure, NULL, &trace);
  ok = trace.len == n;
  for (i = 0; ok && i < n; i++) ok = trace.xs[i] == expected[i];
  if (ok) {
    check(1, name, "%d points", n);
  } else {
    char got[1000];
    size_t used = 0;
    got[0] = '\0';
    for (i = 0; i < trace.len && used < sizeof got - 40; i++)
      used += (size_t)sprintf(got + used, "%s%.17g", i ? " " : "", trace.xs[i]);
    check(0, name, "got %d points: %s", trace.len, got);
  }
  check(strcmp(sk_apr_stop_reason(a), "fixed loop") == 0, name, "reason \"%s\"",
        sk_apr_stop_reason(a));
  free(trace.xs);
  sk_apr_free(a);
  return ok;
}

static void test_initial_points(void)
{
  static const double sqrt2_int[] = { 1, 2, 3, 4, 6, 8, 11, 16, 23 };
  static const double sqrt2_mult4[] = { 4, 8, 12, 16, 20 };
  static const double lin_int[] = { 0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000 };
  static const double lin_int_end[] = { 3, 10, 17, 24, 31, 35 };
  static const double geo_real[] = { 1, 3, 9, 10 };
  static const double half_steps[] = { 0, 1, 2, 3 };
  static const double single[] = { 5 };
  volatile double tenth = 0.1;
  double powers[21], tenths[11];
  sk_apr_config c;
  int i;
  c = geometric_config(1, 23, sqrt(2.0));
  expect_sequence("initial_geometric_sqrt2_integer_1_23", &c, sqrt2_int, 9);
  c.multiple_of = 4;  /* SKaMPI 5 manual §5.3.1's example; 22.6 -> 24 > 23 is dropped */
  expect_sequence("initial_geometric_sqrt2_multipleof4_1_23", &c, sqrt2_mult4, 5);
  for (i = 0; i <= 20; i++) powers[i] = ldexp(1.0, i);
  c = geometric_config(1, MIB, 2);
  expect_sequence("initial_geometric_x2_1_1MiB", &c, powers, 21);
  c = linear_config(0, 1000, 100, 1);
  expect_sequence("initial_linear_integer_0_1000_step100", &c, lin_int, 11);
  c = linear_config(3, 35, 7, 1);
  expect_sequence("initial_linear_integer_last_not_on_step", &c, lin_int_end, 6);
  c = linear_config(0, 3, 0.5, 1);  /* 0.5 -> 1, 1 dropped, 1.5 -> 2, ... */
  expect_sequence("initial_linear_integer_drops_duplicates", &c, half_steps, 4);
  /* k * 0.1 in double (a double variable: i386 evaluates the literal in long double) */
  for (i = 0; i <= 10; i++) tenths[i] = i == 10 ? 1.0 : (double)i * tenth;
  c = linear_config(0, 1, 0.1, 0);
  expect_sequence("initial_linear_real_0_1_step0.1", &c, tenths, 11);
  c = geometric_config(1, 10, 3);
  c.integer = 0;
  expect_sequence("initial_geometric_real_1_10_step3", &c, geo_real, 4);
  c = geometric_config(5, 5, 2);
  expect_sequence("initial_single_point", &c, single, 1);
  c = geometric_config(1, MIB, sqrt(2.0));
  i = initial_count(&c);
  /* k = 0 .. 39 (sqrt(2)^40 reaches 2^20), 1.41 -> 1 dropped, then 1048576 */
  check(i == 40, "initial_geometric_sqrt2_1_1MiB_count", "%d points, expected 40", i);
}

static void test_straight_line(void)
{
  static const double steps[] = { 2.0, 1.4142135623730951, 1.1 };
  line_fn line;
  sk_apr_config c;
  sk_apr *a;
  run_log trace;
  char name[100];
  int i, n0;
  line.a = 3.0;
  line.b = 0.002;
  for (i = 0; i < 3; i++) {
    c = geometric_config(1, MIB, steps[i]);
    c.limits.max_error = 1e-9;  /* far below any real jump: only exact straightness stops it */
    c.limits.min_distance = 1;
    n0 = initial_count(&c);
    a = run_loop(&c, line_measure, &line, &trace);
    sprintf(name, "straight_line_geometric_step%g_no_refinement", steps[i]);
    check(sk_apr_count(a) == n0 && strcmp(sk_apr_stop_reason(a), "error bound reached") == 0,
          name, "%d points, %d initial, reason \"%s\"", sk_apr_count(a), n0,
          sk_apr_stop_reason(a));
    check_basic(name, a, &trace);
    free(trace.xs);
    sk_apr_free(a);
  }
  c = linear_config(0, 100000, 1000, 1);
  c.limits.max_error = 1e-9;
  n0 = initial_count(&c);
  a = run_loop(&c, line_measure, &line, &trace);
  check(sk_apr_count(a) == n0, "straight_line_linear_no_refinement",
        "%d points, %d initial", sk_apr_count(a), n0);
  check_basic("straight_line_linear", a, &trace);
  free(trace.xs);
  sk_apr_free(a);
  c = linear_config(-5, 5, 0.25, 0);
  c.limits.max_error = 1e-9;
  n0 = initial_count(&c);
  a = run_loop(&c, line_measure, &line, &trace);
  check(sk_apr_count(a) == n0, "straight_line_linear_real_through_zero_no_refinement",
        "%d points, %d initial", sk_apr_count(a), n0);
  free(trace.xs);
  sk_apr_free(a);
}

/* Acceptance: a step at J on 1 .. 1 MiB step *sigma. With min_distance d (clamped to at
** least 1) and max_error = 1e-9 (so that eq. 3.5's length term, at least 1/2^20 here,
** never ends refinement first), the measured neighbours x1 < J <= x2 satisfy
** x2 - x1 < d, or x2 - x1 = 1 (no integer in between). The run ends by "error bound
** reached": what is left to split lies on the straight parts, with keys of 0.
** It needs at most a third of the points of a fixed geometric sweep that resolves d at J,
** i.e. with factor 1 + d/J over [1, 1 MiB]: ceil(ln 2^20 / ln(1 + d/J)) + 1 points. */
static void step_bracket_case(double jump, double sigma, const char *sigma_name,
                              double d, const char *d_name)
{
  step_fn s = make_step(jump);
  sk_apr_config c = geometric_config(1, MIB, sigma);
  sk_apr *a;
  run_log trace;
  double x1 = 0, x2 = 0, fixed_sweep;
  char name[160];
  int bracketed, n;
  c.limits.max_error = 1e-9;
  c.limits.min_distance = d;
  a = run_loop(&c, step_measure, &s, &trace);
  n = sk_apr_count(a);
  fixed_sweep = ceil(log(MIB) / log(1.0 + (d > 1 ? d : 1) / jump)) + 1.0;
  bracketed = find_bracket(a, jump, &x1, &x2);
  sprintf(name, "step_J%.0f_step%s_d%s_bracket", jump, sigma_name, d_name);
  check(bracketed && (x2 - x1 < d || x2 - x1 == 1.0)
        && strcmp(sk_apr_stop_reason(a), "error bound reached") == 0,
        name, "x1 = %.0f, x2 = %.0f, x2 - x1 = %.0f, d = %g, reason \"%s\"",
        x1, x2, x2 - x1, d, sk_apr_stop_reason(a));
  sprintf(name, "step_J%.0f_step%s_d%s_cost", jump, sigma_name, d_name);
  check(3.0 * (double)n <= fixed_sweep, name, "%d points, %d initial, fixed sweep %.0f",
        n, initial_count(&c), fixed_sweep);
  sprintf(name, "step_J%.0f_step%s_d%s", jump, sigma_name, d_name);
  check_basic(name, a, &trace);
  free(trace.xs);
  sk_apr_free(a);
}

static void test_step_bracket(void)
{
  static const double jumps[] = { 3000, 4097, 70000, 1000000 };
  int i;
  for (i = 0; i < 4; i++) {
    step_bracket_case(jumps[i], 2.0, "2", jumps[i] * 0.01, "1pct");
    step_bracket_case(jumps[i], sqrt(2.0), "sqrt2", jumps[i] * 0.01, "1pct");
    step_bracket_case(jumps[i], 2.0, "2", 1.0, "1");
    step_bracket_case(jumps[i], sqrt(2.0), "sqrt2", 1.0, "1");
  }
  step_bracket_case(4096, 2.0, "2", 1.0, "1");  /* J on an initial point */
}

static double doubling_measure(double x, const void *ctx)
{
  const step_fn *s = (const step_fn *)ctx;
  return (4.0 + 0.0001 * x) * (x < s->jump_at ? 1.0 : 2.0);
}

/* Default configuration (max_error 0.1, min_distance automatic = 1): a doubling at J is
** placed to within 10%: the refinement stops with x2 - x1 < 0.1 * x1 (eq. 3.5's length
** term), or x2 - x1 = 1. Each split halves ln(x2/x1), so it costs 3 points with step *2
** and 2 with *sqrt(2), one more when J lies in an end segment. The eager-to-rendezvous jump (Open
** MPI, near 4 KiB) looks like this. */
static void test_default_config_on_doubling(void)
{
  static const double jumps[] = { 3000, 4097, 70000, 1000000 };
  static const double sigmas[] = { 2.0, 1.4142135623730951 };
  static const int costs[] = { 3, 2 };
  step_fn s;
  sk_apr_config c;
  sk_apr *a;
  run_log trace;
  double x1 = 0, x2 = 0;
  char name[100];
  int i, k, n0, found, in_end_segment;
  for (k = 0; k < 2; k++) {
    for (i = 0; i < 4; i++) {
      s.jump_at = jumps[i];
      c = geometric_config(1, MIB, sigmas[k]);
      n0 = initial_count(&c);
      in_end_segment = jumps[i] > MIB / sigmas[k];
      a = run_loop(&c, doubling_measure, &s, &trace);
      sprintf(name, "default_config_doubling_step%s_J%.0f", k == 0 ? "2" : "sqrt2", jumps[i]);
      found = find_bracket(a, jumps[i], &x1, &x2);
      check(found
            && (x2 - x1 < c.limits.max_error * x1 || x2 - x1 == 1.0)
            && sk_apr_count(a) <= n0 + costs[k] + in_end_segment
            && strcmp(sk_apr_stop_reason(a), "error bound reached") == 0,
            name, "x1 = %.0f, x2 = %.0f, %d points, %d initial, reason \"%s\"", x1, x2,
            sk_apr_count(a), n0, sk_apr_stop_reason(a));
      check_basic(name, a, &trace);
      free(trace.xs);
      sk_apr_free(a);
    }
  }
}

static void test_linear_loops(void)
{
  step_fn s = make_step(437);
  sk_apr_config c = linear_config(0, 1000, 100, 1);
  sk_apr *a;
  run_log trace;
  double x1 = 0, x2 = 0;
  int found;
  c.limits.max_error = 1e-9;
  c.limits.min_distance = 1;
  a = run_loop(&c, step_measure, &s, &trace);
  found = find_bracket(a, 437, &x1, &x2);
  check(found && x1 == 436 && x2 == 437,
        "linear_integer_step_bracket", "x1 = %g, x2 = %g, %d points", x1, x2,
        sk_apr_count(a));
  check_basic("linear_integer_step", a, &trace);
  free(trace.xs);
  sk_apr_free(a);

  s = make_step(0.3337);
  s.slope = 2.0;
  c = linear_config(0, 1, 0.1, 0);
  c.limits.max_error = 1e-9;
  c.limits.min_distance = 1e-4;
  a = run_loop(&c, step_measure, &s, &trace);
  found = find_bracket(a, 0.3337, &x1, &x2);
  check(found && x2 - x1 < 1e-4
        && strcmp(sk_apr_stop_reason(a), "error bound reached") == 0,
        "linear_real_step_bracket", "x1 = %.8g, x2 = %.8g, %d points", x1, x2,
        sk_apr_count(a));
  check_basic("linear_real_step", a, &trace);
  free(trace.xs);
  sk_apr_free(a);

  /* a curve is refined where it bends, and the run ends by the error bound */
  c = linear_config(0, 100, 10, 0);
  c.limits.max_error = 0.01;
  a = run_loop(&c, square_measure, NULL, &trace);
  check(sk_apr_count(a) > initial_count(&c)
        && strcmp(sk_apr_stop_reason(a), "error bound reached") == 0
        && sk_apr_max_key(a) < 0.01,
        "linear_real_parabola_refined", "%d points, %d initial, max key %g",
        sk_apr_count(a), initial_count(&c), sk_apr_max_key(a));
  check_basic("linear_real_parabola", a, &trace);
  free(trace.xs);
  sk_apr_free(a);
}

static int all_multiples(const sk_apr *a, long j)
{
  int i;
  double x, t;
  for (i = 0; i < sk_apr_count(a); i++) {
    sk_apr_point(a, i, &x, &t);
    if (fmod(x, (double)j) != 0.0 || x < (double)j) return 0;
  }
  return 1;
}

static void test_multiple_of(void)
{
  step_fn s = make_step(70001);
  sk_apr_config c = geometric_config(1, MIB, sqrt(2.0));
  sk_apr *a;
  run_log trace;
  double x1 = 0, x2 = 0;
  int found;
  c.multiple_of = 64;
  c.limits.max_error = 1e-9;
  c.limits.min_distance = 1;  /* raised to 64 */
  a = run_loop(&c, step_measure, &s, &trace);
  check(all_multiples(a, 64), "multipleof64_every_point", "%d points", sk_apr_count(a));
  found = find_bracket(a, 70001, &x1, &x2);
  check(found && x2 - x1 == 64,
        "multipleof64_step_bracket_one_grid_step", "x1 = %.0f, x2 = %.0f", x1, x2);
  check_basic("multipleof64", a, &trace);
  free(trace.xs);
  sk_apr_free(a);

  s = make_step(3001);
  c = linear_config(5, 10000, 1000, 1);  /* 5 rounds to the nearest multiple, 8 */
  c.multiple_of = 8;
  c.limits.max_error = 1e-9;
  a = run_loop(&c, step_measure, &s, &trace);
  found = find_bracket(a, 3001, &x1, &x2);
  check(all_multiples(a, 8) && found && x2 - x1 == 8,
        "multipleof8_linear", "%d points, x1 = %.0f, x2 = %.0f", sk_apr_count(a), x1, x2);
  check_basic("multipleof8_linear", a, &trace);
  free(trace.xs);
  sk_apr_free(a);

  c = geometric_config(1, 1000, 2);
  c.multiple_of = 3;
  c.limits.max_error = 0.0;  /* refine everything down to the grid */
  a = run_loop(&c, noisy_measure, NULL, &trace);
  check(all_multiples(a, 3) && sk_apr_count(a) == 333
        && strcmp(sk_apr_stop_reason(a), "minimum distance") == 0,
        "multipleof3_dense_refinement_fills_grid", "%d points (multiples of 3 in 3..999: 333)",
        sk_apr_count(a));
  check_basic("multipleof3_dense", a, &trace);
  free(trace.xs);
  sk_apr_free(a);
}

static void test_max_steps(void)
{
  sk_apr_config c = geometric_config(1, MIB, sqrt(2.0));
  sk_apr *a;
  run_log trace;
  int budget, n0 = initial_count(&c);
  c.limits.max_error = 0.0;
  for (budget = 1; budget <= 200; budget += budget < 50 ? 7 : 50) {
    char name[100];
    c.limits.max_steps = budget;
    a = run_loop(&c, noisy_measure, NULL, &trace);
    sprintf(name, "max_steps_%d_exact", budget);
    check(sk_apr_count(a) == budget && strcmp(sk_apr_stop_reason(a), "step budget") == 0,
          name, "%d points, reason \"%s\", %d initial", sk_apr_count(a),
          sk_apr_stop_reason(a), n0);
    check_basic(name, a, &trace);
    free(trace.xs);
    sk_apr_free(a);
  }
  /* a budget that is not needed does not become the reason */
  c = geometric_config(1, MIB, 2);
  c.limits.max_steps = 1000;
  a = run_loop(&c, square_measure, NULL, NULL);
  check(sk_apr_count(a) < 1000 && strcmp(sk_apr_stop_reason(a), "step budget") != 0,
        "max_steps_unused_budget", "%d points, reason \"%s\"", sk_apr_count(a),
        sk_apr_stop_reason(a));
  sk_apr_free(a);
}

/* set_autorefine_factor (the original SKaMPI 5's budget): f x the initial points in all,
** the initial points never cut; 0 means no such limit. */
static void test_budget_factor(void)
{
  sk_apr_config c = geometric_config(1, MIB, 2);
  sk_apr *a;
  run_log trace;
  int n0 = initial_count(&c);
  double factors[3];
  int i;
  factors[0] = 1.0; factors[1] = 1.5; factors[2] = 2.0;
  c.limits.max_error = 0.0;
  for (i = 0; i < 3; i++) {
    char name[100];
    c.limits.budget_factor = factors[i];
    a = run_loop(&c, noisy_measure, NULL, &trace);
    sprintf(name, "budget_factor_%g", factors[i]);
    check(sk_apr_count(a) == (int)(factors[i] * n0) && strcmp(sk_apr_stop_reason(a), "step budget") == 0,
          name, "%d points, reason \"%s\", %d initial", sk_apr_count(a), sk_apr_stop_reason(a), n0);
    check_basic(name, a, &trace);
    free(trace.xs);
    sk_apr_free(a);
  }
  c.limits.budget_factor = 0.0;
  a = run_loop(&c, noisy_measure, NULL, NULL);
  check(sk_apr_count(a) > 2 * n0, "budget_factor_0_no_limit", "%d points, %d initial", sk_apr_count(a), n0);
  sk_apr_free(a);
  c.limits.budget_factor = -1.0;
  check(sk_apr_config_error(&c) != NULL, "budget_factor_negative_refused", "no config error");
}

/* With one point beyond the initial ones, it goes to the segment with the largest key:
** the x3 jump at 30000 in (16384, 32768), key min(2, 2/3, 1) = 2/3, not the +10% one at
** 3000 in (2048, 4096), key min(0.1, 0.091, 1); all other segments have key 0. */
static void test_largest_key_first(void)
{
  sk_apr_config c = geometric_config(1, MIB, 2);
  sk_apr *a;
  run_log trace;
  int n0 = initial_count(&c);
  c.limits.max_error = 0.01;
  c.limits.max_steps = n0 + 1;
  a = run_loop(&c, two_jumps_measure, NULL, &trace);
  check(trace.len == n0 + 1 && trace.xs[n0] > 16384 && trace.xs[n0] < 32768,
        "largest_key_split_first", "extra point at %.0f", trace.len > n0 ? trace.xs[n0] : -1.0);
  free(trace.xs);
  sk_apr_free(a);
  c.limits.max_steps = 0;
  a = run_loop(&c, two_jumps_measure, NULL, &trace);
  {
    double x1 = 0, x2 = 0, y1 = 0, y2 = 0;
    int found = find_bracket(a, 3000, &x1, &x2) && find_bracket(a, 30000, &y1, &y2);
    check(found
          && x2 - x1 < 0.01 * x1 + 1 && y2 - y1 < 0.01 * y1 + 1,
          "two_jumps_both_located", "[%.0f, %.0f] and [%.0f, %.0f], %d points",
          x1, x2, y1, y2, sk_apr_count(a));
  }
  check_basic("two_jumps", a, &trace);
  free(trace.xs);
  sk_apr_free(a);
}

static void test_stop(void)
{
  step_fn s = make_step(4097);
  sk_apr_config c = geometric_config(1, MIB, 2);
  sk_apr *a;
  double x;
  int i, n0 = initial_count(&c), ok = 1, again;
  c.limits.max_error = 1e-9;
  /* during phase one */
  a = sk_apr_new(&c);
  for (i = 0; i < 7 && sk_apr_next(a, &x); i++) sk_apr_report(a, step_measure(x, &s));
  sk_apr_stop(a);
  again = sk_apr_next(a, &x);
  check(!again && sk_apr_count(a) == 7 && strcmp(sk_apr_stop_reason(a), "stopped") == 0
        && !sk_apr_next(a, &x),
        "stop_in_phase_one", "%d points, reason \"%s\"", sk_apr_count(a),
        sk_apr_stop_reason(a));
  sk_apr_free(a);
  /* during refinement, with a point handed out and then reported */
  a = sk_apr_new(&c);
  for (i = 0; i < n0 + 3 && sk_apr_next(a, &x); i++) sk_apr_report(a, step_measure(x, &s));
  ok = sk_apr_next(a, &x);
  sk_apr_stop(a);
  sk_apr_report(a, step_measure(x, &s));
  again = sk_apr_next(a, &x);
  check(ok && !again && sk_apr_count(a) == n0 + 4
        && strcmp(sk_apr_stop_reason(a), "stopped") == 0 && sk_apr_self_check(a),
        "stop_in_refinement_pending_point_reported", "%d points, reason \"%s\"",
        sk_apr_count(a), sk_apr_stop_reason(a));
  sk_apr_free(a);
  /* a handed-out point abandoned after the stop is dropped */
  a = sk_apr_new(&c);
  for (i = 0; i < n0 + 2 && sk_apr_next(a, &x); i++) sk_apr_report(a, step_measure(x, &s));
  ok = sk_apr_next(a, &x);
  sk_apr_stop(a);
  again = sk_apr_next(a, &x);
  check(ok && !again && sk_apr_count(a) == n0 + 2 && sk_apr_self_check(a),
        "stop_pending_point_abandoned", "%d points", sk_apr_count(a));
  sk_apr_free(a);
  /* stop after the end keeps the reason */
  a = run_loop(&c, step_measure, &s, NULL);
  sk_apr_stop(a);
  check(!sk_apr_next(a, &x) && strcmp(sk_apr_stop_reason(a), "error bound reached") == 0,
        "stop_after_end_keeps_reason", "reason \"%s\"", sk_apr_stop_reason(a));
  sk_apr_free(a);
}

static void test_determinism(void)
{
  sk_apr_config c = geometric_config(1, MIB, sqrt(2.0));
  sk_apr *a, *b;
  run_log la, lb;
  int i, same;
  double xa, ta, xb, tb;
  c.limits.max_error = 0.02;
  c.limits.max_steps = 300;
  a = run_loop(&c, noisy_measure, NULL, &la);
  b = run_loop(&c, noisy_measure, NULL, &lb);
  same = la.len == lb.len && sk_apr_count(a) == sk_apr_count(b)
         && strcmp(sk_apr_stop_reason(a), sk_apr_stop_reason(b)) == 0;
  for (i = 0; same && i < la.len; i++) same = la.xs[i] == lb.xs[i];
  for (i = 0; same && i < sk_apr_count(a); i++) {
    sk_apr_point(a, i, &xa, &ta);
    sk_apr_point(b, i, &xb, &tb);
    same = xa == xb && ta == tb;
  }
  check(same && la.len > initial_count(&c), "determinism_two_runs_identical",
        "%d points each, reason \"%s\"", la.len, sk_apr_stop_reason(a));
  check_basic("determinism", a, &la);
  free(la.xs);
  free(lb.xs);
  sk_apr_free(a);
  sk_apr_free(b);
}

/* Sizes are not limited by fixed arrays: 2001 initial points, 30000 in all. */
static void test_large(void)
{
  sk_apr_config c = linear_config(0, 2000000, 1000, 1);
  sk_apr *a;
  run_log trace;
  c.limits.max_error = 0.0;
  c.limits.max_steps = 30000;
  a = run_loop(&c, noisy_measure, NULL, &trace);
  check(sk_apr_count(a) == 30000, "large_run_30000_points", "%d points",
        sk_apr_count(a));
  check_basic("large_run", a, &trace);
  free(trace.xs);
  sk_apr_free(a);
}

static void test_small_loops(void)
{
  sk_apr_config c = geometric_config(1, 2, 2);
  sk_apr *a;
  step_fn s = make_step(1.5);
  double x, t;
  a = run_loop(&c, step_measure, &s, NULL);
  check(sk_apr_count(a) == 2 && strcmp(sk_apr_stop_reason(a), "minimum distance") == 0,
        "two_integer_neighbours", "%d points, reason \"%s\"", sk_apr_count(a),
        sk_apr_stop_reason(a));
  sk_apr_free(a);
  c = geometric_config(1, 100, 100);
  a = run_loop(&c, step_measure, &s, NULL);
  check(sk_apr_count(a) == 2 && strcmp(sk_apr_stop_reason(a), "error bound reached") == 0,
        "two_points_without_neighbours_not_refined", "%d points, reason \"%s\"",
        sk_apr_count(a), sk_apr_stop_reason(a));
  sk_apr_free(a);
  c = geometric_config(7, 7, 2);
  a = run_loop(&c, step_measure, &s, NULL);
  sk_apr_point(a, 0, &x, &t);
  check(sk_apr_count(a) == 1 && x == 7, "single_point_loop", "%d points",
        sk_apr_count(a));
  sk_apr_free(a);
  /* zero times everywhere: keys are 0, no NaN, no refinement */
  c = geometric_config(1, MIB, 2);
  s.jump_at = 5000; s.low = 0; s.high = 0; s.slope = 0;
  a = run_loop(&c, step_measure, &s, NULL);
  check(sk_apr_count(a) == 21 && strcmp(sk_apr_stop_reason(a), "error bound reached") == 0,
        "all_zero_times", "%d points", sk_apr_count(a));
  sk_apr_free(a);
  /* zero below the jump: divisions by t = 0 are guarded, the jump is still found */
  s.high = 5;
  c.limits.max_error = 1e-9;
  a = run_loop(&c, step_measure, &s, NULL);
  {
    double x1 = 0, x2 = 0;
    int found = find_bracket(a, 5000, &x1, &x2);
    check(found && x2 - x1 == 1 && sk_apr_self_check(a),
          "zero_times_below_jump", "x1 = %.0f, x2 = %.0f, %d points", x1, x2,
          sk_apr_count(a));
  }
  sk_apr_free(a);
}

static void test_config_errors(void)
{
  sk_apr_config c;
  struct { const char *name; int field; } cases[] = {
    { "config_first_above_last", 0 },
    { "config_geometric_step_1", 1 },
    { "config_geometric_first_0", 2 },
    { "config_linear_step_0", 3 },
    { "config_multiple_of_0", 4 },
    { "config_multiple_of_real_loop", 5 },
    { "config_negative_max_error", 6 },
    { "config_negative_min_distance", 7 },
    { "config_negative_max_steps", 8 },
    { "config_too_many_values", 9 }
  };
  int i;
  for (i = 0; i < (int)(sizeof cases / sizeof cases[0]); i++) {
    const char *message;
    sk_apr *a;
    c = geometric_config(1, MIB, 2);
    switch (cases[i].field) {
    case 0: c.first = 10; c.last = 5; break;
    case 1: c.step = 1; break;
    case 2: c.first = 0; break;
    case 3: c.geometric = 0; c.step = 0; break;
    case 4: c.multiple_of = 0; break;
    case 5: c.integer = 0; c.multiple_of = 4; break;
    case 6: c.limits.max_error = -1; break;
    case 7: c.limits.min_distance = -1; break;
    case 8: c.limits.max_steps = -1; break;
    default: c.geometric = 0; c.step = 1e-6; break;
    }
    message = sk_apr_config_error(&c);
    a = sk_apr_new(&c);
    check(message != NULL && a == NULL, cases[i].name, "%s", message ? message : "accepted");
    sk_apr_free(a);
  }
  c = geometric_config(1, MIB, 2);
  check(sk_apr_config_error(&c) == NULL, "config_default_valid", "%s", sk_apr_config_error(&c));
}

/* The library's rules (apr.h): SK_APR_KEY_LOG_SLOPE leaves a power law alone that eq. 3.5
** densifies, still brackets a bend; SK_APR_KEY_CROSSING adds points only where the sign of
** the reported difference changes, until the crossing is placed to within max_error. */
static double power_measure(double x, const void *ctx)
{
  (void)ctx;
  return 2.0 * x * x;
}

static double crossing_measure(double x, const void *ctx)
{
  (void)ctx;
  return 0.2 * x - 10.0;       /* 0.2 x against 10: they cross at x = 50 */
}

static void test_key_rules(void)
{
  sk_apr_config c = geometric_config(1, 4096, 2);
  sk_apr *a;
  step_fn s = make_step(70000);
  double x1 = 0, x2 = 0, x[4] = { 1, 2, 4, 8 }, t[4] = { 3, 12, 48, 192 };
  int plain = initial_count(&c), n_eq35, n_log;
  check(sk_apr_key_by(SK_APR_KEY_LOG_SLOPE, x, t, 1, 1) < 1e-12 && sk_apr_key_by(SK_APR_KEY_EQ35, x, t, 1, 1) > 0.5,
        "key_log_slope_of_a_power_law_is_0", "log %g, eq. 3.5 %g", sk_apr_key_by(SK_APR_KEY_LOG_SLOPE, x, t, 1, 1),
        sk_apr_key_by(SK_APR_KEY_EQ35, x, t, 1, 1));
  t[0] = -1;
  check(sk_apr_key_by(SK_APR_KEY_LOG_SLOPE, x, t, 1, 1) == sk_apr_key(x, t, 1, 1), "key_log_slope_not_positive_is_eq35",
        "%g", sk_apr_key_by(SK_APR_KEY_LOG_SLOPE, x, t, 1, 1));
  c.limits.max_error = 0.05;
  a = run_loop(&c, power_measure, NULL, NULL);
  n_eq35 = sk_apr_count(a) - plain;
  sk_apr_free(a);
  c.key = SK_APR_KEY_LOG_SLOPE;
  a = run_loop(&c, power_measure, NULL, NULL);
  n_log = sk_apr_count(a) - plain;
  check_basic("log_slope_power_law", a, NULL);
  sk_apr_free(a);
  check(n_log == 0 && n_eq35 > 20, "log_slope_leaves_a_power_law_alone", "%d added (eq. 3.5: %d)", n_log, n_eq35);
  c = geometric_config(1024, 1048576, 2);
  c.key = SK_APR_KEY_LOG_SLOPE;
  a = run_loop(&c, step_measure, &s, NULL);
  check(find_bracket(a, 70000, &x1, &x2) && x2 - x1 < 0.1 * x1 + 1, "log_slope_brackets_a_step", "[%g, %g]", x1, x2);
  sk_apr_free(a);
  c = geometric_config(4, 512, 2);
  c.key = SK_APR_KEY_CROSSING;
  a = run_loop(&c, crossing_measure, NULL, NULL);
  {
    int i, outside = 0, n = sk_apr_count(a);
    double px, pt;
    for (i = 0; i < n; i++) {
      sk_apr_point(a, i, &px, &pt);
      if (px != 4 && px != 8 && px != 16 && px != 32 && px != 64 && px != 128 && px != 256 && px != 512
          && !(px > 32 && px < 64)) outside++;
    }
    check(find_bracket(a, 50, &x1, &x2) && x2 - x1 < 0.1 * x1 + 1 && outside == 0 && n > initial_count(&c),
          "crossing_brackets_only_the_sign_change", "[%g, %g], %d points outside 32..64, %d points", x1, x2, outside, n);
    check_basic("crossing", a, NULL);
  }
  sk_apr_free(a);
  c.key = 7;
  check(sk_apr_config_error(&c) != NULL, "config_unknown_key", "accepted");
}

int main(void)
{
  test_key_rules();
  test_key_formula();
  test_initial_points();
  test_straight_line();
  test_step_bracket();
  test_default_config_on_doubling();
  test_linear_loops();
  test_multiple_of();
  test_max_steps();
  test_budget_factor();
  test_largest_key_first();
  test_stop();
  test_determinism();
  test_large();
  test_small_loops();
  test_config_errors();
  return check_summary("test_apr");
}
