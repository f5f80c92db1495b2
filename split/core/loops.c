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
  g->inext = s->ifirst;
  if (!sk_long_of_double(floor(s->open_limit), &g->open_ilimit))
    g->open_ilimit = s->open_limit > 0.0 ? LONG_MAX : LONG_MIN;
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
  if (s->exact) {
    long v;
    if (!sk_loop_next_long(g, &v)) return 0;
    *x = (double)v;
    return 1;
  }
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

/* ---- exact integer loops ---- */

static int loop_beyond_long(const sk_loop_spec *s, long a, long b) { return loop_up(s) ? a > b : a < b; }

static long loop_grid(const sk_loop_spec *s) { return s->multiple_of > 1 ? s->multiple_of : 1; }

/* q * grid, or grid for a positive value below it (sk_loop_round's rule); 0 when that
** is not a long. */
static int loop_grid_point(const sk_loop_spec *s, long q, int positive, long *r)
{
  long grid = loop_grid(s);
  if (!sk_long_mul(q, grid, r)) return 0;
  if (positive && *r < grid) *r = grid;
  return 1;
}

/* floor(v / grid) and v - floor(v / grid) * grid (in [0, grid)) whichever way the
** compiler's division rounds negative quotients. */
static long loop_floor_div(long v, long grid, long *rem)
{
  long q = v / grid, m = v % grid;
  if (m < 0) { q--; m += grid; }
  *rem = m;
  return q;
}

/* sk_loop_round on an integer, exactly: the nearest multiple of the grid (halves
** upwards); 0 when that multiple is not a long. */
static int loop_round_long(const sk_loop_spec *s, long v, long *r)
{
  long grid = loop_grid(s), m, q;
  if (grid == 1) { *r = v; return 1; }
  q = loop_floor_div(v, grid, &m);
  if (m >= grid - m) q++;                 /* m / grid >= 1/2; q < LONG_MAX / 2 here */
  return loop_grid_point(s, q, v > 0, r);
}

/* sk_loop_round on a value of the double series, converted exactly: 0 when the
** multiple is not a long (such a value lies beyond LONG_MAX or below LONG_MIN). */
static int loop_round_double(const sk_loop_spec *s, double v, long *r)
{
  long q;
  if (!sk_long_of_double(floor(v / (double)loop_grid(s) + 0.5), &q)) return 0;
  return loop_grid_point(s, q, v > 0.0, r);
}

/* loop_end_point for exact loops (sk_loop_last_value in integers). */
static int loop_end_point_long(sk_loop_gen *g, long *x)
{
  const sk_loop_spec *s = &g->spec;
  long end, m;
  g->done = 1;
  if (!s->include_last || g->end_done) return 0;
  g->end_done = 1;
  if (!loop_grid_point(s, loop_floor_div(s->ilast, loop_grid(s), &m), s->ilast > 0, &end)) return 0;
  if (g->have_prev && !loop_beyond_long(s, end, g->iprev)) return 0;
  *x = end;
  return 1;
}

/* The next point of a loop with a non-integral factor in *r (1), or the loop's end (0, or
** 1 with its include_last end point). The series in double as sk_loop_next computes it. */
static int loop_next_factor(sk_loop_gen *g, long *r, int *end)
{
  const sk_loop_spec *s = &g->spec;
  double value = loop_series(g);
  g->k++;
  *end = 0;
  if (!s->has_last) {
    if (value > s->open_limit) { g->done = 1; return 0; }
  } else if (!loop_beyond(s, g->reach, value)) {          /* the series reached the bound */
    if (s->include_last) { *end = 1; return 0; }
    g->done = 1;
    if (loop_beyond(s, value, s->last) && fabs(value - s->last) > fabs(s->last - g->reach)) return 0;
    /* within the tolerance: the bound, exactly when it is an integer (the long ilast
    ** where a double cannot hold it) */
    if (s->last == floor(s->last)) {
      if (loop_round_long(s, s->ilast, r)) return 1;
      *end = 1;
      return 0;
    }
    value = s->last;
  }
  if (loop_round_double(s, value, r)) return 1;
  *end = 1;                               /* from 2^63 on: beyond every bound */
  return 0;
}

SK_API int sk_loop_next_long(sk_loop_gen *g, long *x)
{
  const sk_loop_spec *s = &g->spec;
  if (!s->exact) return 0;
  while (!g->done) {
    long value, rounded;
    if (s->multiplies && s->istep == 0) {
      int end;
      if (!loop_next_factor(g, &rounded, &end)) return end ? loop_end_point_long(g, x) : 0;
    } else {
      if (g->ileft) return loop_end_point_long(g, x);     /* beyond LONG_MAX or LONG_MIN */
      value = g->inext;
      if (!(s->multiplies ? sk_long_mul(value, s->istep, &g->inext) : sk_long_add(value, s->istep, &g->inext)))
        g->ileft = 1;
      if (!s->has_last) {
        if (value > g->open_ilimit) { g->done = 1; return 0; }
      } else if (loop_beyond_long(s, value, s->ilast)) {
        return loop_end_point_long(g, x);
      }
      if (!loop_round_long(s, value, &rounded)) {
        if ((value > 0) == loop_up(s)) return loop_end_point_long(g, x);   /* beyond the bound */
        continue;                                                          /* before the start */
      }
    }
    if (s->has_last && loop_beyond_long(s, rounded, s->ilast)) return loop_end_point_long(g, x);
    if (g->have_prev && !loop_beyond_long(s, rounded, g->iprev)) continue;
    g->iprev = rounded;
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
