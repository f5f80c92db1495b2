/*
** test_loops.c -- the one generator of loop values (split/core/loops.c): `for` loops and the
** first phase of `autorefine` loops see the same values; autorefine adds the bound
** (SKaLib report (TR 99/07) §3.3.1); the SKaMPI 5 manual §5.3.1 examples.
** Build and run from the project root (as tests/run.sh does, from a fresh amalgam):
**   tools/sk21f tests/out/skampi_amalgam.c
**   cc -std=c89 -pedantic -Wall -Wextra -DSKAMPI_SEQ -DSKAMPI_TESTING -Itests/out \
**      -o t tests/unit/test_loops.c -lm && ./t
*/
#define main skampi_main
#include "skampi_amalgam.c"
#undef main
#include "check.h"

static void describe(char *buf, const double *v, int n)
{
  int i;
  buf[0] = '\0';
  for (i = 0; i < n && strlen(buf) < 400; i++) sprintf(buf + strlen(buf), "%s%g", i ? " " : "", v[i]);
}

/* The values of phase one of an autorefine loop with the same bounds. */
static int apr_initial(double from, double to, double step, int geometric, long multiple_of, int integer,
                       double *out, int max)
{
  sk_apr_config c;
  sk_apr *a;
  double x;
  int n = 0;
  sk_apr_default_config(&c);
  c.first = from; c.last = to; c.step = step; c.geometric = geometric;
  c.multiple_of = multiple_of; c.integer = integer; c.refine = 0;
  a = sk_apr_new(&c);
  while (n < max && sk_apr_next(a, &x)) { out[n++] = x; sk_apr_report(a, 1.0); }
  sk_apr_free(a);
  return n;
}

static void same_but_bound(const char *name, double from, double to, double step, int geometric,
                           long multiple_of, int integer, int bound_added, double last)
{
  double f[256], r[256];
  char d[1024], a[500], b[500];
  int nf = sk_loop_values(from, to, step, geometric, multiple_of, integer, f, 256);
  int nr = apr_initial(from, to, step, geometric, multiple_of, integer, r, 256), i, same = 1;
  for (i = 0; i < nf && i < nr; i++) if (f[i] != r[i]) same = 0;
  describe(a, f, nf);
  describe(b, r, nr);
  sprintf(d, "for: %s / autorefine: %s", a, b);
  check(same && nr == nf + (bound_added ? 1 : 0) && nr > 0 && r[nr - 1] == last, name, "%s", d);
}

int main(void)
{
  double v[64];
  char d[512];
  int n;
  n = sk_loop_values(3, 100, 10, 0, 1, 1, v, 64);
  describe(d, v, n);
  check(n == 10 && v[0] == 3 && v[9] == 93, "for_3_to_100_step_10", "%s", d);
  n = apr_initial(3, 100, 10, 0, 1, 1, v, 64);
  describe(d, v, n);
  check(n == 11 && v[9] == 93 && v[10] == 100, "autorefine_3_to_100_step_10_adds_bound", "%s", d);
  n = sk_loop_values(1, 23, sqrt(2.0), 1, 1, 1, v, 64);
  describe(d, v, n);
  check(n == 9 && v[4] == 6 && v[8] == 23, "manual_1_to_23_sqrt2", "%s", d);
  n = sk_loop_values(1, 1048576, sqrt(2.0), 1, 1, 1, v, 64);
  describe(d, v, n);
  check(v[n - 1] == 1048576 && v[n - 2] < 1048576, "bound_reached_within_tolerance", "%s", d);
  n = sk_loop_values(10, 1, -4, 0, 1, 1, v, 64);
  describe(d, v, n);
  check(n == 3 && v[0] == 10 && v[2] == 2, "descending", "%s", d);
  same_but_bound("same_values_additive", 3, 100, 10, 0, 1, 1, 1, 100);
  same_but_bound("same_values_multipleof_4", 1, 100, 2, 1, 4, 1, 1, 100);
  same_but_bound("same_values_multipleof_4_sqrt2", 1, 23, sqrt(2.0), 1, 4, 1, 1, 20);
  same_but_bound("same_values_reaching_bound", 1, 1024, 2, 1, 1, 1, 0, 1024);
  same_but_bound("same_values_double", 0.5, 2.25, 0.5, 0, 1, 0, 1, 2.25);
  return check_summary("test_loops");
}
