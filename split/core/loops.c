/*
** loops.c -- see loops.h.
*/
#include "loops.h"

#define LOOP_BOUND_TOLERANCE 1e-9

/* Forces a value to double precision (x87 keeps more in registers), so that comparisons
** with the bound mean the same on every target. */
static double loop_store(double v)
{
  volatile double stored = v;
  return stored;
}

static int loop_up(const sk_loop_spec *s) { return s->multiplies || s->step > 0.0; }

SK_API double sk_loop_round(const sk_loop_spec *s, double x)
{
  double grid, rounded;
  if (!s->integer) return x;
  grid = s->multiple_of > 1 ? (double)s->multiple_of : 1.0;
  rounded = floor(x / grid + 0.5) * grid;
  if (x > 0.0 && rounded < grid) rounded = grid;
  return rounded;
}

SK_API double sk_loop_last_value(const sk_loop_spec *s)
{
  double grid, value;
  if (!s->integer) return s->last;
  grid = s->multiple_of > 1 ? (double)s->multiple_of : 1.0;
  value = floor(s->last / grid) * grid;
  if (s->last > 0.0 && value < grid) value = grid;
  return value;
}

SK_API void sk_loop_begin(sk_loop_gen *g, const sk_loop_spec *s)
{
  double tolerance;
  memset(g, 0, sizeof *g);
  g->spec = *s;
  tolerance = s->multiplies ? fabs(s->last) * LOOP_BOUND_TOLERANCE : fabs(s->step) * LOOP_BOUND_TOLERANCE;
  g->reach = loop_store(loop_up(s) ? s->last - tolerance : s->last + tolerance);
}

static double loop_series(const sk_loop_gen *g)
{
  const sk_loop_spec *s = &g->spec;
  if (s->multiplies) return loop_store(s->first * pow(s->step, (double)g->k));
  return loop_store(s->first + (double)g->k * s->step);
}

/* Is a beyond b in the loop's direction? */
static int loop_beyond(const sk_loop_spec *s, double a, double b) { return loop_up(s) ? a > b : a < b; }

/* The bound as the last point, once, when it lies beyond the previous point. */
static int loop_end_point(sk_loop_gen *g, double *x)
{
  double end = sk_loop_last_value(&g->spec);
  g->done = 1;
  if (!g->spec.include_last || g->end_done) return 0;
  g->end_done = 1;
  if (g->have_prev && !loop_beyond(&g->spec, end, g->prev)) return 0;
  *x = end;
  return 1;
}

SK_API int sk_loop_next(sk_loop_gen *g, double *x)
{
  const sk_loop_spec *s = &g->spec;
  while (!g->done) {
    double value = loop_series(g), rounded;
    g->k++;
    if (s->integer && fabs(value) > (double)LONG_MAX / 2) return loop_end_point(g, x);
    if (!s->has_last) {
      if (value > s->open_limit) { g->done = 1; return 0; }
    } else if (!loop_beyond(s, g->reach, value)) {       /* the series reached the bound */
      if (s->include_last) return loop_end_point(g, x);
      g->done = 1;
      if (loop_beyond(s, value, s->last) && fabs(value - s->last) > fabs(s->last - g->reach)) return 0;
      value = s->last;                                    /* within the tolerance: the bound */
    }
    rounded = sk_loop_round(s, value);
    if (s->has_last && loop_beyond(s, rounded, s->last)) return loop_end_point(g, x);
    if (g->have_prev && !loop_beyond(s, rounded, g->prev)) continue;
    g->prev = rounded;
    g->have_prev = 1;
    *x = rounded;
    return 1;
  }
  return 0;
}

#ifdef SKAMPI_TESTING
/* The values of a bounded loop, for tests: returns their number (at most max). */
SK_API int sk_loop_values(double from, double to, double step, int multiplies, long multiple_of,
                          int integer, double *out, int max)
{
  sk_loop_spec s;
  sk_loop_gen g;
  int n = 0;
  memset(&s, 0, sizeof s);
  s.first = from; s.last = to; s.has_last = 1; s.step = step; s.multiplies = multiplies;
  s.multiple_of = multiple_of; s.integer = integer;
  sk_loop_begin(&g, &s);
  while (n < max && sk_loop_next(&g, &out[n])) n++;
  return n;
}
#endif
