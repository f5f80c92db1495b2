/*
** builtins_common.c -- what the builtin modules share (builtins_common.h): the values they
** return, the check of a lower bound, the test for MPI_COMM_NULL, the strings they make
** (interned for the run), the rank-0 comment line, and the reproducible random
** generator of get_random_int and comm_rand.
*/
#include "builtins_common.h"
#include "output.h"

SK_API sk_value sk_bi_none(void)
{
  sk_value v;
  v.type = SK_T_NONE;
  v.u.i = 0;
  return v;
}

SK_API sk_value sk_bi_comm(sk_group *g)
{
  sk_value v;
  v.type = SK_T_COMM;
  v.u.comm = g;
  return v;
}

SK_API long sk_bi_positive(const sk_value *a, const sk_loc *loc, const char *fname, long minimum)
{
  if (a->u.i < minimum) sk_user_error(loc, "%s: the argument must be at least %ld, not %ld", fname, minimum, a->u.i);
  return a->u.i;
}

/* ---- reproducible random numbers ----
** The minimal standard generator (Park and Miller), one state per process, started from
** the same fixed seed everywhere: since every process evaluates the program (SPMD), every
** process draws the same sequence, so comm_rand builds the same group on all of them. */

#define BI_RANDOM_SEED 4711L
static long bi_random_state = 0;

SK_API long sk_random_seed(void) { return BI_RANDOM_SEED; }

static long bi_random_next(void)
{
  long s = bi_random_state ? bi_random_state : sk_random_seed(), hi = s / 127773L, lo = s % 127773L;
  s = 16807L * lo - 2836L * hi;
  if (s <= 0) s += 2147483647L;
  bi_random_state = s;
  return s;
}

/* Uniform in [0, n), n >= 1: from the high-order part of the state. */
SK_API long sk_bi_random_below(long n)
{
  return (long)((double)(bi_random_next() - 1) / 2147483646.0 * (double)n);
}

/* ---- strings ---- */

/* Strings made by helpers live for the run, one copy per distinct text. */
static const char *bi_intern(const char *text)
{
  static char **pool = NULL;
  static size_t n = 0, cap = 0;
  size_t i;
  for (i = 0; i < n; i++) if (sk_streq(pool[i], text)) return pool[i];
  pool = (char **)sk_grow(pool, &cap, n + 1, sizeof(char *));
  pool[n] = sk_strdup(text);
  return pool[n++];
}

SK_API sk_value sk_bi_string(const char *text)
{
  sk_value v;
  v.type = SK_T_STRING;
  v.u.s = bi_intern(text);
  return v;
}

SK_API void sk_bi_print_rank0(const char *format, ...)
{
  sk_str s;
  va_list ap;
  if (sk_tp_world_rank() != 0) return;
  sk_str_init(&s);
  va_start(ap, format);
  sk_str_vprintf(&s, format, ap);
  va_end(ap);
  sk_out_text(s.data);
  sk_str_free(&s);
}

/* MPI_COMM_NULL is the NULL group; a process outside a group sees the group as null too
** (SKaMPI 5's comm() & co give MPI_COMM_NULL to non-members, SKaMPI 5 manual §4.1). */
SK_API int sk_bi_is_null(const sk_group *g) { return g == NULL || sk_tp_group_rank(g) < 0; }

SK_API sk_value sk_bi_datatype(const sk_datatype *t)
{
  sk_value v;
  v.type = SK_T_DATATYPE;
  v.u.dt = t;
  return v;
}

