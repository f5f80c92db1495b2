/*
** loops.h -- the ONE generator of the values of a computed loop (SKaMPI 5 manual §5.3.1):
** `for` loops (interp.c) and the first phase of `autorefine` loops (apr.c) take their
** points from here, so both see the same values.
**
** Values: first * step^k (multiplicative) or first + k * step (additive), k = 0, 1, ...
** computed in closed form. Integer loops round each value to the nearest multiple of
** multiple_of (a positive value never below multiple_of) and skip a value that is not
** beyond the previous one. A value within a tolerance (1e-9 of the bound, resp. of the
** step) of the bound counts as the bound, so 1 .. 1048576 step *sqrt(2) ends at 1048576.
** The loop ends at the first value beyond the bound, or, with no bound ('...'), beyond
** open_limit. include_last (autorefine, SKaLib report (TR 99/07) §3.3.1) makes the bound
** itself the last point -- for integer loops the largest multiple of multiple_of not
** above it -- whether or not the series reaches it: `3 to 100 step +10` gives 3 .. 93 as
** a for loop and 3 .. 93, 100 as an autorefine loop.
**
** Exact integer loops (exact == 1; the interpreter's `for` loops whose start value is an
** integer): the values are longs, read with sk_loop_next_long, and every one is exact --
** `9007199254740990 to 9007199254741000` gives all 11 values, which doubles cannot hold
** (above 2^53 they skip every other integer). An additive step or an integral factor
** (`step *2`) is applied in integer arithmetic, without the tolerance above (an exact
** series never misses its bound); a value beyond LONG_MAX or LONG_MIN ends the loop, as
** it lies beyond every bound (`LONG_MAX - 2 to LONG_MAX` gives 3 values and ends). A
** non-integral factor (`step *sqrt(2)`) is applied in double as above, each value
** rounded to a long (values from 2^63 on end the loop), a bound reached within the
** tolerance is the exact integer bound. Rounding to multiple_of and skipping repeats are
** done in integers. The double fields first, last, step and open_limit must be set too
** (the non-integral factor, the loop's direction).
**   sk_loop_spec s; sk_loop_gen g; long v;
**   memset(&s, 0, sizeof s);
**   s.integer = s.exact = 1; s.multiple_of = 1; s.has_last = 1;
**   s.ifirst = 1; s.ilast = 10; s.istep = 3; s.first = 1; s.last = 10; s.step = 3;
**   sk_loop_begin(&g, &s);
**   while (sk_loop_next_long(&g, &v)) ...      1 4 7 10
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
