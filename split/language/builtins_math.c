/*
** builtins_math.c -- the mathematical helpers (SKaMPI 5 manual §4.1): sqrt, cbrt, sqr,
** floor, ceil, round, log, log2, log10, power, modulo, min_int, max_int, the rounding to
** four and five bytes, atoi, and get_random_int from the reproducible generator
** (builtins_common.c). Pure functions of their arguments: no settings, no run record.
*/
#include "builtins.h"
#include "builtins_common.h"

static sk_value bi_get_random_int(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  unsigned long distance;
  (void)bc;
  if (a[0].u.i > a[1].u.i) sk_user_error(loc, "get_random_int(%ld, %ld): the minimum exceeds the maximum", a[0].u.i, a[1].u.i);
  distance = (unsigned long)a[1].u.i - (unsigned long)a[0].u.i;   /* exact: unsigned arithmetic wraps */
  if (distance > 2147483645UL) sk_user_error(loc, "get_random_int: the range is larger than 2147483646");
  return sk_int_value(a[0].u.i + sk_bi_random_below((long)distance + 1L));
}

/* ---- mathematics ---- */

static sk_value bi_sqrt(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
  if (a[0].u.d < 0.0) sk_user_error(loc, "sqrt of a negative number");
  return sk_double_value(sqrt(a[0].u.d));
}

static sk_value bi_cbrt(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  double x = a[0].u.d, r;
  (void)bc; (void)loc;
  r = pow(fabs(x), 1.0 / 3.0);           /* C89 has no cbrt */
  if (fabs((r + 1) * (r + 1) * (r + 1) - fabs(x)) < fabs(r * r * r - fabs(x))) r += 1;
  return sk_double_value(x < 0 ? -r : r);
}

static sk_value bi_sqr(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)loc;
  return sk_double_value(a[0].u.d * a[0].u.d);
}

static long bi_to_long(double x, const sk_loc *loc)
{
  long r;
  if (!sk_long_of_double(x, &r))       /* not x > (double)LONG_MAX: that is 2^63, not a long */
    sk_user_error(loc, "value %g out of the integer range (%ld to %ld)", x, LONG_MIN, LONG_MAX);
  return r;
}

/* floor(x), ceil(x), round(x) (floor(x + 0.5), as SKaMPI 5): the variant says which. */
enum { BI_FLOOR, BI_CEIL, BI_ROUND };
static sk_value bi_to_integer(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  double x = a[0].u.d;
  return sk_int_value(bi_to_long(bc->variant == BI_CEIL ? ceil(x) : floor(bc->variant == BI_ROUND ? x + 0.5 : x), loc));
}

/* log(x), log2(x), log10(x): the variant says which. */
enum { BI_LN, BI_LOG2, BI_LOG10 };
static sk_value bi_logarithm(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  double x = a[0].u.d, r;
  if (!(x > 0.0)) sk_user_error(loc, "%s of %g: the argument must be positive", bc->name, x);
  if (bc->variant == BI_LOG10) return sk_double_value(log10(x));
  r = log(x);
  if (bc->variant == BI_LOG2) {
    r /= log(2.0);
    if (fabs(r - floor(r + 0.5)) < 1e-12) r = floor(r + 0.5);   /* exact for powers of two */
  }
  return sk_double_value(r);
}

/* min_int(a, b), max_int(a, b): the variant says which. */
enum { BI_MIN, BI_MAX };
static sk_value bi_min_max_int(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  long x = a[0].u.i, y = a[1].u.i;
  (void)loc;
  return sk_int_value(bc->variant == BI_MAX ? (x > y ? x : y) : (x < y ? x : y));
}

/* round_to_fourbytes(size): (size + 3) / 4 * 4, exactly (value.h's division), or an
** error when size + 3 is no long; round_to_fivebytes(size) adds 1 (SKaMPI 5's one-sided
** helper, so that transfers are not multiples of 4): the variant is what it adds. */
static sk_value bi_round_to_bytes(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  long r;
  if (!sk_long_add(a[0].u.i, 3, &r))
    sk_user_error(loc, "%s(%ld): integer overflow (the result exceeds %ld)", bc->name, a[0].u.i, LONG_MAX);
  sk_long_div(r, 4, &r);
  return sk_int_value(r * 4 + bc->variant);   /* a multiple of 4 < LONG_MAX, plus 0 or 1 */
}

/* atoi(s): strtol's value of the leading integer (0 when there is none, as C's atoi); one
** beyond the integers of this platform is an error, not LONG_MAX. */
static sk_value bi_atoi(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  long r;
  (void)bc;
  errno = 0;
  r = strtol(a[0].u.s, NULL, 10);
  if (errno == ERANGE)
    sk_user_error(loc, "atoi(\"%.60s\"): the integer is outside the integers of this platform (%ld to %ld)",
                  a[0].u.s, LONG_MIN, LONG_MAX);
  return sk_int_value(r);
}

/* modulo(a, b): a % b, the remainder with the sign of a; modulo(LONG_MIN, -1) is 0. */
static sk_value bi_modulo(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
  if (a[1].u.i == 0) sk_user_error(loc, "modulo by zero");
  return sk_int_value(sk_long_mod(a[0].u.i, a[1].u.i));
}

/* power(base, exp): a double, as in the SKaMPI 5 manual §4.1 (pow), also for integer
** arguments; where an integer is needed, a result beyond the integers of the platform is
** refused when it is converted. */
static sk_value bi_power(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)loc;
  return sk_double_value(pow(a[0].u.d, a[1].u.d));
}

/* its helpers, under the groups that skampi -l lists them by */
static const sk_builtin math_helpers[] = {
  SK_BUILTIN_GROUP("mathematics"),
  { "get_random_int", "ii", SK_T_INT, bi_get_random_int, 0 },
  { "log", "d", SK_T_DOUBLE, bi_logarithm, BI_LN },
  { "log2", "d", SK_T_DOUBLE, bi_logarithm, BI_LOG2 },
  { "log10", "d", SK_T_DOUBLE, bi_logarithm, BI_LOG10 },
  { "round", "d", SK_T_INT, bi_to_integer, BI_ROUND },
  { "min_int", "ii", SK_T_INT, bi_min_max_int, BI_MIN },
  { "max_int", "ii", SK_T_INT, bi_min_max_int, BI_MAX },
  { "round_to_fivebytes", "i", SK_T_INT, bi_round_to_bytes, 1 },
  { "sqrt", "d", SK_T_DOUBLE, bi_sqrt, 0 },
  { "cbrt", "d", SK_T_DOUBLE, bi_cbrt, 0 },
  { "sqr", "d", SK_T_DOUBLE, bi_sqr, 0 },
  { "floor", "d", SK_T_INT, bi_to_integer, BI_FLOOR },
  { "ceil", "d", SK_T_INT, bi_to_integer, BI_CEIL },
  { "round_to_fourbytes", "i", SK_T_INT, bi_round_to_bytes, 0 },
  { "atoi", "s", SK_T_INT, bi_atoi, 0 },
  { "modulo", "ii", SK_T_INT, bi_modulo, 0 },
  { "power", "dd", SK_T_DOUBLE, bi_power, 0 },
  SK_BUILTINS_END
};

SK_API const sk_builtin *sk_builtins_math(void) { return math_helpers; }
