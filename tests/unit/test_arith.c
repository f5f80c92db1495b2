/*
** test_arith.c -- exact integer arithmetic of the input language (split/core/value.c) and
** exact integer loops (split/core/loops.c, sk_loop_next_long): every result is the exact
** long or refused, checked against LONG_MIN and LONG_MAX, so the same checks hold for
** 64-bit longs and for 32-bit ones (-m32, the SCC's P54C); the loops near 2^53 only
** where longs are wider than doubles' mantissa. The exact loops give the values of the
** double generator wherever doubles are exact (a sweep over small loops).
** Build and run from the project root (as tests/run.sh does, from a fresh amalgam):
**   tools/sk21f tests/out/skampi_amalgam.c
**   cc -std=c89 -pedantic -Wall -Wextra -DSKAMPI_SEQ -DSKAMPI_TESTING -Itests/out \
**      -o t tests/unit/test_arith.c -lm && ./t
*/
#define main skampi_main
#include "skampi_amalgam.c"
#undef main
#include "check.h"

/* The values of an exact loop (at most max); *ended: the generator said the loop ended. */
static int exact_values(long from, long to, int has_last, long step, double factor, int multiplies,
                        long multiple_of, long *out, int max, int *ended)
{
  sk_loop_spec s;
  sk_loop_gen g;
  int n = 0;
  memset(&s, 0, sizeof s);
  s.integer = s.exact = 1;
  s.multiple_of = multiple_of;
  s.has_last = has_last;
  s.multiplies = multiplies;
  s.ifirst = from;
  s.ilast = to;
  s.istep = step;
  s.first = (double)from;
  s.last = (double)to;
  s.step = multiplies && step == 0 ? factor : (double)step;
  s.open_limit = 1048576.0;
  sk_loop_begin(&g, &s);
  *ended = 0;
  while (n < max) {
    if (!sk_loop_next_long(&g, &out[n])) { *ended = 1; break; }
    n++;
  }
  return n;
}

static void describe(char *buf, const long *v, int n)
{
  int i;
  buf[0] = '\0';
  for (i = 0; i < n && strlen(buf) < 400; i++) sprintf(buf + strlen(buf), "%s%ld", i ? " " : "", v[i]);
}

static void arithmetic(void)
{
  long r = 12345;
  char name[80];
  int ok;
  check(sk_long_add(LONG_MAX, 1, &r) == 0 && r == 12345, "add_max_plus_1_refused", "r=%ld", r);
  check(sk_long_add(LONG_MAX - 1, 1, &r) && r == LONG_MAX, "add_to_max_exact", "r=%ld", r);
  check(sk_long_add(LONG_MIN, -1, &r) == 0, "add_min_minus_1_refused", "r=%ld", r);
  check(sk_long_add(LONG_MIN, LONG_MAX, &r) && r == -1, "add_min_and_max", "r=%ld", r);
  check(sk_long_sub(LONG_MIN, 1, &r) == 0, "sub_min_minus_1_refused", "r=%ld", r);
  check(sk_long_sub(LONG_MAX, -1, &r) == 0, "sub_max_minus_minus_1_refused", "r=%ld", r);
  check(sk_long_sub(-1, LONG_MAX, &r) && r == LONG_MIN, "sub_to_min_exact", "r=%ld", r);
  check(sk_long_sub(0, LONG_MIN, &r) == 0, "sub_0_minus_min_refused", "r=%ld", r);
  check(sk_long_neg(LONG_MIN, &r) == 0, "neg_min_refused", "r=%ld", r);
  check(sk_long_neg(LONG_MAX, &r) && r == -LONG_MAX, "neg_max_exact", "r=%ld", r);
  check(sk_long_div(LONG_MIN, -1, &r) == 0, "div_min_by_minus_1_refused", "r=%ld", r);
  check(sk_long_div(LONG_MIN, 1, &r) && r == LONG_MIN, "div_min_by_1", "r=%ld", r);
  check(sk_long_div(7, -2, &r) && r == -3, "div_truncates_toward_zero", "7 / -2 = %ld", r);
  check(sk_long_div(-7, 2, &r) && r == -3, "div_truncates_toward_zero_negative", "-7 / 2 = %ld", r);
  check(sk_long_mod(LONG_MIN, -1) == 0, "mod_min_by_minus_1_is_0", "%ld", sk_long_mod(LONG_MIN, -1));
  check(sk_long_mod(-7, 2) == -1 && sk_long_mod(7, -2) == 1 && sk_long_mod(LONG_MIN, LONG_MAX) == -1,
        "mod_sign_of_dividend", "%ld %ld %ld", sk_long_mod(-7, 2), sk_long_mod(7, -2), sk_long_mod(LONG_MIN, LONG_MAX));
  /* products around the limits, for this platform's width */
  check(sk_long_mul(LONG_MAX / 2 + 1, 2, &r) == 0, "mul_half_max_times_2_refused", "r=%ld", r);
  check(sk_long_mul(LONG_MAX / 2, 2, &r) && r == LONG_MAX - 1, "mul_to_max_exact", "r=%ld", r);
  check(sk_long_mul(LONG_MIN / 2, 2, &r) && r == LONG_MIN, "mul_to_min_exact", "r=%ld", r);
  check(sk_long_mul(LONG_MIN / 2, -2, &r) == 0, "mul_to_minus_min_refused", "r=%ld", r);
  check(sk_long_mul(LONG_MIN, -1, &r) == 0 && sk_long_mul(-1, LONG_MIN, &r) == 0, "mul_min_by_minus_1_refused",
        "r=%ld", r);
  check(sk_long_mul(LONG_MIN, 1, &r) && r == LONG_MIN && sk_long_mul(LONG_MIN, 0, &r) && r == 0, "mul_min_by_1_and_0",
        "r=%ld", r);
  check(sk_long_mul(LONG_MAX, LONG_MAX, &r) == 0 && sk_long_mul(LONG_MIN, LONG_MIN, &r) == 0 &&
        sk_long_mul(LONG_MAX, LONG_MIN, &r) == 0, "mul_extremes_refused", "r=%ld", r);
  {
    /* s = floor(sqrt(LONG_MAX)): s*s fits, (s+1)*(s+1) and s*(s+2) do not */
    long s = (long)sqrt((double)LONG_MAX), t;
    while (sk_long_mul(s, s, &t) == 0) s--;
    while (sk_long_mul(s + 1, s + 1, &t)) s++;
    ok = sk_long_mul(s, s, &r) && r / s == s && sk_long_mul(s + 1, s + 1, &t) == 0 && sk_long_mul(-s, s, &t) &&
         t == -r && sk_long_mul(-(s + 1), s + 1, &t) == 0;
    sprintf(name, "mul_around_sqrt_max");
    check(ok, name, "s=%ld s*s=%ld", s, r);
  }
  /* doubles to longs: -LONG_MIN (a power of two) is the first double beyond */
  check(sk_long_of_double(-(double)LONG_MIN, &r) == 0, "double_2_to_width_refused", "r=%ld", r);
  check(sk_long_of_double((double)LONG_MIN, &r) && r == LONG_MIN, "double_min_exact", "r=%ld", r);
  check(sk_long_of_double(-0.0, &r) && r == 0, "double_zero", "r=%ld", r);
  {
    volatile double zero = 0.0;
    double nan = zero / zero;
    check(sk_long_of_double(nan, &r) == 0, "double_nan_refused", "r=%ld", r);
  }
  check(sk_long_fits_double(LONG_MIN) && (LONG_MAX < 9007199254740992.0) == sk_long_fits_double(LONG_MAX),
        "fits_double_at_the_limits", "%d %d", sk_long_fits_double(LONG_MIN), sk_long_fits_double(LONG_MAX));
}

static void loops_near_limits(void)
{
  long v[300];
  char d[512];
  int n, ended;
  /* the last values up to LONG_MAX: all of them, and the loop ends (no wrap, no empty loop) */
  n = exact_values(LONG_MAX - 7, LONG_MAX, 1, 1, 0.0, 0, 1, v, 300, &ended);
  describe(d, v, n);
  check(n == 8 && ended && v[0] == LONG_MAX - 7 && v[7] == LONG_MAX, "to_max_every_value", "%s", d);
  n = exact_values(LONG_MAX - 7, LONG_MAX, 1, 3, 0.0, 0, 1, v, 300, &ended);
  describe(d, v, n);
  check(n == 3 && ended && v[2] == LONG_MAX - 1, "to_max_step_3", "%s", d);
  n = exact_values(LONG_MIN + 4, LONG_MIN, 1, -2, 0.0, 0, 1, v, 300, &ended);
  describe(d, v, n);
  check(n == 3 && ended && v[2] == LONG_MIN, "down_to_min", "%s", d);
  n = exact_values(LONG_MAX, LONG_MAX - 5, 1, -LONG_MAX, 0.0, 0, 1, v, 300, &ended);
  describe(d, v, n);
  check(n == 1 && ended && v[0] == LONG_MAX, "down_huge_step", "%s", d);
  n = exact_values(LONG_MIN, LONG_MAX, 1, LONG_MAX, 0.0, 0, 1, v, 300, &ended);
  describe(d, v, n);
  check(n == 3 && ended && v[0] == LONG_MIN && v[1] == -1 && v[2] == LONG_MAX - 1, "whole_range_step_max", "%s", d);
  /* factor 2 up to LONG_MAX: every power of two that is a long */
  n = exact_values(1, LONG_MAX, 1, 2, 0.0, 1, 1, v, 300, &ended);
  describe(d, v, n);
  check(ended && v[n - 1] == LONG_MAX / 2 + 1 && n == (LONG_MAX > 2147483647L ? 63 : 31), "powers_of_two_to_max",
        "%d values, last %ld", n, v[n - 1]);
  n = exact_values(3, LONG_MAX, 1, 3, 0.0, 1, 1, v, 300, &ended);
  check(ended && v[n - 1] > LONG_MAX / 3 && v[n - 1] % 3 == 0, "powers_of_three_to_max", "%d values, last %ld", n,
        v[n - 1]);
  /* a non-integral factor up to LONG_MAX: ends before 2^63 without wrapping */
  n = exact_values(1, LONG_MAX, 1, 0, 1.5, 1, 1, v, 300, &ended);
  describe(d, v, n);
  check(ended && n > 10 && v[n - 1] > LONG_MAX / 2 && v[n - 2] < v[n - 1], "factor_1_5_to_max", "%d values, last %ld",
        n, v[n - 1]);
  /* multiple_of near LONG_MAX: the multiples up to the bound, none beyond */
  n = exact_values(LONG_MAX - 1000, LONG_MAX, 1, 100, 0.0, 0, 300, v, 300, &ended);
  describe(d, v, n);
  check(ended && n >= 3 && v[n - 1] <= LONG_MAX && v[n - 1] > LONG_MAX - 300 && v[n - 1] % 300 == 0,
        "multipleof_near_max", "%s", d);
  /* an open bound ('...') with a huge step: the limit, then the end */
  n = exact_values(1, 0, 0, LONG_MAX / 2, 0.0, 0, 1, v, 300, &ended);
  describe(d, v, n);
  check(n == 1 && ended, "open_bound_huge_step", "%s", d);
#if LONG_MAX > 2147483647L
  n = exact_values(9007199254740990L, 9007199254741000L, 1, 1, 0.0, 0, 1, v, 300, &ended);
  describe(d, v, n);
  check(n == 11 && v[3] == 9007199254740993L && v[10] == 9007199254741000L, "above_2_to_53_every_value", "%s", d);
  n = exact_values(1000000000000000000L, 1000000000000000005L, 1, 1, 0.0, 0, 1, v, 300, &ended);
  describe(d, v, n);
  check(n == 6 && v[5] == 1000000000000000005L, "at_1e18_every_value", "%s", d);
  n = exact_values(1, LONG_MAX, 1, 3, 0.0, 1, 1, v, 300, &ended);
  describe(d, v, n);
  check(v[n - 1] == 4052555153018976267L, "three_to_the_39_exact", "%s", d);
#endif
}

/* Small loops: the exact generator gives the double generator's values (loops.h). */
static void same_as_doubles(void)
{
  static const double factors[] = { 2.0, 3.0, 1.4142135623730951, 1.5, 2.5 };
  long v[300];
  double w[300];
  int from, to, step, g, f, n, m, i, ended, cases = 0, bad = 0;
  char first_bad[200];
  first_bad[0] = '\0';
  for (from = -12; from <= 12; from++)
    for (to = -15; to <= 40; to += 5)
      for (g = 1; g <= 5; g++) {
        for (step = -4; step <= 4; step++) {
          if (step == 0) continue;
          n = exact_values(from, to, 1, step, 0.0, 0, g, v, 300, &ended);
          m = sk_loop_values(from, to, step, 0, g, 1, w, 300);
          cases++;
          for (i = 0; i < n && i < m && (double)v[i] == w[i]; i++) ;
          if (n != m || i != n) {
            if (!bad++) sprintf(first_bad, "%d to %d step %d multipleof %d: %d exact, %d double values", from, to, step, g, n, m);
          }
        }
        if (from <= 0) continue;
        for (f = 0; f < (int)(sizeof factors / sizeof factors[0]); f++) {
          long integral = factors[f] == floor(factors[f]) ? (long)factors[f] : 0;
          n = exact_values(from, to * 50, 1, integral, factors[f], 1, g, v, 300, &ended);
          m = sk_loop_values(from, to * 50, factors[f], 1, g, 1, w, 300);
          cases++;
          for (i = 0; i < n && i < m && (double)v[i] == w[i]; i++) ;
          if (n != m || i != n) {
            if (!bad++) sprintf(first_bad, "%d to %d step *%g multipleof %d: %d exact, %d double values", from, to * 50,
                                factors[f], g, n, m);
          }
        }
      }
  check(bad == 0 && cases > 1000, "small_loops_same_as_double_generator", "%d of %d differ, first: %s", bad, cases,
        first_bad);
}

int main(void)
{
  arithmetic();
  loops_near_limits();
  same_as_doubles();
  return check_summary("test_arith");
}
