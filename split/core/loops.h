/*
** loops.h -- the ONE generator of the values of a computed loop (SKaMPI 5 manual §5.3.1):
** `for` loops (interp.c) and the first phase of `autorefine` loops (apr.c) take their
** points from here, so both see the same values: first * step^k or first + k * step in
** closed form, integer loops rounded to multiple_of, a bound within a tolerance counting
** as the bound; exact integer loops in longs (sk_loop_next_long). The rules and an
** example: doc/internals.md, "core".
*/
#ifndef SK_LOOPS_H
#define SK_LOOPS_H

#include "value.h"

typedef struct sk_loop_spec {
  double first, last;       /* last is unused when has_last is 0 */
  int has_last;             /* 0: the bound is '...' (see open_limit) */
  double step;              /* addend (either sign), or factor > 1 when multiplies */
  int multiplies;
  int integer;              /* values are rounded to multiples of multiple_of */
  long multiple_of;         /* >= 1 */
  int include_last;         /* the bound is always a point (ascending loops only) */
  double open_limit;        /* has_last == 0: values above this end the loop */
  int exact;                /* an exact integer loop (integer == 1): the fields below */
  long ifirst;
  long ilast;               /* the bound: the last integer it admits (floor of an upward
                               bound, ceiling of a downward one) */
  long istep;               /* the addend (not 0), the factor (>= 2) when multiplies, or
                               0: the factor is not integral, `step` holds it */
} sk_loop_spec;

typedef struct sk_loop_gen {
  sk_loop_spec spec;
  long k;                   /* next exponent or multiple of the step */
  int have_prev, done, end_done;
  double prev;
  double reach;             /* a series value at or beyond this has reached the bound */
  long inext, iprev;        /* exact loops: the next value of the series, the last point */
  int ileft;                /* exact loops: the series has left the range of long */
  long open_ilimit;         /* exact loops: open_limit as a long */
} sk_loop_gen;

SK_API void sk_loop_begin(sk_loop_gen *g, const sk_loop_spec *s);
/* 1 and the next value in *x, or 0 when the loop has ended. */
SK_API int sk_loop_next(sk_loop_gen *g, double *x);
/* The same for an exact integer loop (for a loop that is not exact: 0). */
SK_API int sk_loop_next_long(sk_loop_gen *g, long *x);
/* The rounding rule of integer loops (identity for others). */
SK_API double sk_loop_round(const sk_loop_spec *s, double x);
/* The last point of an include_last loop. */
SK_API double sk_loop_last_value(const sk_loop_spec *s);
#ifdef SKAMPI_TESTING
SK_API int sk_loop_values(double from, double to, double step, int multiplies, long multiple_of,
                          int integer, double *out, int max);
#endif

#endif
