/*
** apr.h -- automatic parameter refinement, APR (SKaLib report (TR 99/07) §3.3; SKaMPI 5
** `autorefine` loops, SKaMPI 5 manual §5.3.1): the values of a loop variable at which a
** suite is measured: the plain loop's points, then one at a time the middle of the
** segment of the largest key (eq. 3.5) until a stop rule holds. Pure and deterministic:
** no clock, no communication, no global state. With refine = 0 it runs a plain `for`
** loop, so both kinds of loop produce their points in one place. Use: doc/internals.md,
** "core".
*/
#ifndef SK_APR_H
#define SK_APR_H

#include "config.h"

/* The limits of a refinement, also the autorefine part of the engine settings
** (settings.h), which a .ski program sets with set_autorefine_max_error / _min_distance /
** _max_steps. The one definition of their units: */
typedef struct sk_apr_limits {
  double max_error;     /* epsilon: stop when the largest key (eq. 3.5) is below it; >= 0.
                           The key is at most (m_c - m_b)/m_b, so max_error is also the
                           relative resolution: a segment shorter than max_error * m_b is
                           never split */
  double min_distance;  /* ABSOLUTE, in loop-variable units (bytes for message sizes):
                           never split a segment whose two abscissae are closer than this.
                           0 = automatic: multiple_of for integer loops, (last - first) *
                           1e-6 otherwise. Integer loops use at least 1 and multiple_of */
  int max_steps;        /* budget: total number of measured points incl. the initial ones;
                           0 = no limit. Also cuts the initial points if they are more */
  double budget_factor; /* set_autorefine_factor (the original SKaMPI 5's autorefine
                           budget): refinement stops when factor x the number of initial
                           points have been measured in all; 0 = no such limit */
} sk_apr_limits;

/* Which key orders the segments (sk_apr_config.key). The skampi program's autorefine loops
** use eq. 3.5 as SKaLib §3.3 has it; the library (skampi.h) the other two:
**   SK_APR_KEY_EQ35       K = min(|D1|/|t_b|, |D2|/|t_c|, (m_c - m_b)/|m_b|), the lines
**                         through the neighbours drawn in (x, t): any curve that is not a
**                         straight line is refined, a power law (t ~ x^2) to the resolution
**                         limit (~105 points for n^2 over a factor-2 loop);
**   SK_APR_KEY_LOG_SLOPE  the same with D1 and D2 drawn in (ln x, ln t), where a power law
**                         is a straight line: the bend is judged relative to the local slope
**                         (the prediction of the neighbour's power law), |D| in ln units
**                         (~ its relative error); where an x or t involved is not positive,
**                         eq. 3.5;
**   SK_APR_KEY_CROSSING   the reported values are differences (t_a - t_b of two operations):
**                         a segment whose ends differ in sign gets the resolution term
**                         (m_c - m_b)/|m_b| alone, every other segment 0, so the crossing is
**                         bracketed to within max_error of its position and nothing else is
**                         measured. */
#define SK_APR_KEY_EQ35 0
#define SK_APR_KEY_LOG_SLOPE 1
#define SK_APR_KEY_CROSSING 2

typedef struct sk_apr_config {
  double first, last;   /* loop bounds, first <= last (first > 0 when geometric) */
  double step;          /* geometric: factor > 1; linear: addend > 0 */
  int geometric;        /* 1: logarithmic scale (step *x), 0: linear (step +x) */
  int integer;          /* 1: the loop variable is an integer: points are rounded */
  long multiple_of;     /* >= 1; with integer loops every point is a multiple of it
                           (must be 1 for non-integer loops) */
  sk_apr_limits limits;
  int refine;           /* 1: autorefine loop (phase two runs); 0: plain for loop */
  int key;              /* SK_APR_KEY_EQ35 (default), _LOG_SLOPE or _CROSSING (above) */
} sk_apr_config;

typedef struct sk_apr sk_apr;


/* Defaults: first = last = 1, step *2, geometric, integer, multiple_of 1, max_error 0.1,
** min_distance 0 (automatic), max_steps 0 (no limit), refine 1, key eq. 3.5. The caller sets the
** bounds; see apr.c for why these values. */
SK_API void sk_apr_default_config(sk_apr_config *c);
/* NULL if c is valid, else a constant message naming the offending field. */
SK_API const char *sk_apr_config_error(const sk_apr_config *c);
/* Copies *c. Returns NULL when sk_apr_config_error(c) != NULL (the caller reports it). */
SK_API sk_apr *sk_apr_new(const sk_apr_config *c);
/* 1: measure at *x next and call sk_apr_report; 0: finished (sk_apr_stop_reason says
** why). Calling it again while a point awaits its result is an internal error. */
SK_API int sk_apr_next(sk_apr *a, double *x);
/* 1 when the x last returned by sk_apr_next was added by refinement (phase two), 0 for a
** point of the plain loop. */
SK_API int sk_apr_point_added(const sk_apr *a);
/* The result measured at the x last returned by sk_apr_next. */
SK_API void sk_apr_report(sk_apr *a, double t);
SK_API void sk_apr_free(sk_apr *a);
#ifdef SKAMPI_TESTING
/* Largest key among the segments that can still be split (the error estimate of
** §3.3.2 for the points measured so far); 0 before phase two or if there is none. */
SK_API double sk_apr_max_key(const sk_apr *a);
/* E.g. the suite's time limit was hit: sk_apr_next returns 0 from now on. A point that
** was handed out may still be reported (it is kept) or abandoned (it is dropped). */
SK_API void sk_apr_stop(sk_apr *a);
/* Points measured (reported) so far. */
SK_API int sk_apr_count(const sk_apr *a);
/* The i-th measured point in increasing x, 0 <= i < sk_apr_count(a). */
SK_API void sk_apr_point(const sk_apr *a, int i, double *x, double *t);
/* "not finished", "error bound reached", "minimum distance" (no segment can be split,
** or fewer than two points), "step budget", "stopped", or "fixed loop" (refine = 0). */
SK_API const char *sk_apr_stop_reason(const sk_apr *a);
/* For tests: 1 if the internal state is consistent (points sorted and linked, every
** splittable segment in the heap with its freshly recomputed key, heap ordered). */
SK_API int sk_apr_self_check(const sk_apr *a);

#endif

/* The value the loop uses for x: unchanged for non-integer loops; otherwise rounded to
** the nearest multiple of multiple_of, where a positive x never becomes less than
** multiple_of. */
SK_API double sk_apr_round_value(const sk_apr_config *c, double x);
/* Eq. 3.5 for the segment (m_b, m_c) = (x[1], x[2]) with results t[1], t[2];
** x[0], t[0] is the left neighbour (used if has_left) and x[3], t[3] the right one
** (used if has_right); the x must increase. See apr.c for the end and zero rules. */
SK_API double sk_apr_key(const double x[4], const double t[4], int has_left, int has_right);
/* The key of the rule `rule` (SK_APR_KEY_...) for the same segment. */
SK_API double sk_apr_key_by(int rule, const double x[4], const double t[4], int has_left, int has_right);
#endif
