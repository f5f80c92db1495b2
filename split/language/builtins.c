/*
** builtins.c -- the lookup of the input language's helpers, iterators and predefined
** names: the list of the builtin modules' tables (SKaMPI 5 manual §4.1: settings and
** instrumentation, buffers, output, communicators, mathematics, library objects, MPI-IO,
** the SCC experiments), the iterators of §4.2/§6.3 (range, squares; data_access_routines
** from builtins_io.c) and the predefined constants of §5.2 (the library's values come
** from transport/mpi_objects.c). The helpers themselves live in builtins_*.c.
*/
#include "builtins.h"
#include "builtins_common.h"
#include "mpi_objects.h"
#include "catalogue.h"

/* The tables of the builtin modules (builtins.h), in this order. */
static const sk_builtin_table_fn builtin_modules[] = {
  sk_builtins_settings,
  sk_builtins_buffers,
  sk_builtins_output,
  sk_builtins_comm,
  sk_builtins_math,
  sk_builtins_types,
  sk_builtins_io,
  sk_builtins_scc,
  NULL
};

SK_API const sk_builtin *sk_builtin_find(const char *name)
{
  int i, m;
  for (m = 0; builtin_modules[m]; m++) {
    const sk_builtin *rows = builtin_modules[m]();
    for (i = 0; rows[i].name; i++) if (rows[i].params != NULL && sk_streq(rows[i].name, name)) return &rows[i];
  }
  return NULL;
}

/* The i-th helper over every module's table in search order (0, 1, ...; the groups'
** headings not counted), NULL past the last: the parser's "did you mean" walks them. */
SK_API const sk_builtin *sk_builtin_entry(int i)
{
  int m, k;
  for (m = 0; builtin_modules[m]; m++) {
    const sk_builtin *rows = builtin_modules[m]();
    for (k = 0; rows[k].name; k++) if (rows[k].params != NULL && i-- == 0) return &rows[k];
  }
  return NULL;
}

/* ---- iterators (SKaMPI 5 manual §4.2, §6.3) ---- */

typedef struct it_state { long next, end, k; } it_state;

/* range(start, end): start, start+1, ..., end-1 (SKaMPI 5 manual §6.3's example). */
static sk_value it_range(void **self, const sk_value *a)
{
  it_state *st = (it_state *)*self;
  if (st == NULL) {
    if (a[0].u.i >= a[1].u.i) { *self = NULL; return sk_int_value(0); }
    st = (it_state *)sk_malloc(sizeof *st);
    st->next = a[0].u.i + 1;
    st->end = a[1].u.i;
    *self = st;
    return sk_int_value(a[0].u.i);
  }
  if (st->next >= st->end) { free(st); *self = NULL; return sk_int_value(0); }
  return sk_int_value(st->next++);
}

/* squares(first, last): k*k for k = first, first+1, ..., last (state malloc'ed, so
** squares loops nest). */
static sk_value it_squares(void **self, const sk_value *a)
{
  static char *why;   /* made on first use (config.h, "writable data") */
  it_state *st = (it_state *)*self;
  sk_value refused;
  long square;
  if (st == NULL) {
    if (a[0].u.i > a[1].u.i) { *self = NULL; return sk_int_value(0); }
    st = (it_state *)sk_malloc(sizeof *st);
    st->k = a[0].u.i;
    st->end = a[1].u.i;
    *self = st;
  } else if (st->k == st->end || ++st->k > st->end) {
    free(st);
    *self = NULL;
    return sk_int_value(0);
  }
  if (!sk_long_mul(st->k, st->k, &square)) {   /* exact or refused (value.h), never wrapped */
    if (why == NULL) why = (char *)sk_malloc(160);
    sprintf(why, "squares: %ld * %ld is outside the integers of this platform (up to %ld)", st->k, st->k, LONG_MAX);
    free(st);
    *self = NULL;
    refused.type = SK_T_STRING;
    refused.u.s = why;
    return refused;
  }
  return sk_int_value(square);
}

static const sk_iterator iterator_table[] = {
  { "range", "ii", it_range },
  { "squares", "ii", it_squares },
  { "data_access_routines", "i", sk_iterator_data_access_routines },
  { NULL, NULL, NULL }
};

SK_API const sk_iterator *sk_iterator_find(const char *name)
{
  int i;
  for (i = 0; iterator_table[i].name; i++) if (sk_streq(iterator_table[i].name, name)) return &iterator_table[i];
  return NULL;
}

/* The i-th iterator, NULL past the last. */
SK_API const sk_iterator *sk_iterator_entry(int i)
{
  int k;
  for (k = 0; iterator_table[k].name; k++) if (k == i) return &iterator_table[k];
  return NULL;
}

/* ---- constants (SKaMPI 5 manual §5.2) ----
** Integer constants come from the library where it declares them (sk_mo_int_constant:
** window constants from MPI-2 on, file and darray constants where the library has
** MPI-IO); elsewhere the names stay known so that sk_constant_unavailable can say why
** they cannot be used. */

#if SK_MO_HAVE_TYPES
static sk_datatype bi_lb, bi_ub;   /* MPI_LB and MPI_UB, where the library has them */
#endif

SK_API int sk_constant_find(const char *name, sk_value *out)
{
  const sk_datatype *dt;
  const sk_opdef *op;
  long value;
  if (strncmp(name, "MPI_", 4) != 0) return 0;
  if (sk_streq(name, "MPI_COMM_WORLD")) { *out = sk_bi_comm(sk_tp_world()); return 1; }
  if (sk_streq(name, "MPI_COMM_NULL")) { *out = sk_bi_comm(NULL); return 1; }
  /* MPI_COMM_SELF: every process alone; a measurement on it runs on every process at the
  ** same time, and world rank 0's result is reported (as the original SKaMPI does). */
  if (sk_streq(name, "MPI_COMM_SELF")) { *out = sk_bi_comm(sk_tp_self()); return 1; }
  if (sk_streq(name, "MPI_INFO_NULL")) { out->type = SK_T_INFO; out->u.info = NULL; return 1; }
  if (sk_mo_int_constant(name, &value)) { *out = sk_int_value(value); return 1; }
#if SK_MO_HAVE_TYPES
  {
    sk_datatype *bound = sk_streq(name, "MPI_LB") ? &bi_lb : sk_streq(name, "MPI_UB") ? &bi_ub : NULL;
    if (bound != NULL && sk_mo_bound_marker(name, &bound->mpi)) {
      bound->name = bound == &bi_lb ? "MPI_LB" : "MPI_UB";
      bound->size = bound->extent = 0;
      *out = sk_bi_datatype(bound);
      return 1;
    }
  }
#endif
  if ((dt = sk_datatype_lookup(name)) != NULL) { *out = sk_bi_datatype(dt); return 1; }
  if ((op = sk_op_lookup(name)) != NULL) { out->type = SK_T_OP; out->u.op = op; return 1; }
  return 0;
}

/* Every predefined name of the language and what it needs: 'w' MPI-2 (one-sided, also
** MPI_REPLACE and the long long types), 'f' MPI-IO, 'l' MPI_LB/MPI_UB (before MPI-3). */
static const struct { const char *name; char needs; } bi_conditional_names[] = {
  { "MPI_LOCK_EXCLUSIVE", 'w' }, { "MPI_LOCK_SHARED", 'w' }, { "MPI_MODE_NOCHECK", 'w' },
  { "MPI_MODE_NOPRECEDE", 'w' }, { "MPI_MODE_NOPUT", 'w' }, { "MPI_MODE_NOSTORE", 'w' },
  { "MPI_MODE_NOSUCCEED", 'w' }, { "MPI_REPLACE", 'w' }, { "MPI_UNSIGNED_LONG_LONG", 'w' },
  { "MPI_LONG_LONG", 'w' },
  { "MPI_MODE_APPEND", 'f' }, { "MPI_MODE_CREATE", 'f' }, { "MPI_MODE_DELETE_ON_CLOSE", 'f' },
  { "MPI_MODE_EXCL", 'f' }, { "MPI_MODE_RDONLY", 'f' }, { "MPI_MODE_RDWR", 'f' },
  { "MPI_MODE_SEQUENTIAL", 'f' }, { "MPI_MODE_UNIQUE_OPEN", 'f' }, { "MPI_MODE_WRONLY", 'f' },
  { "MPI_DISTRIBUTE_BLOCK", 'f' }, { "MPI_DISTRIBUTE_CYCLIC", 'f' }, { "MPI_DISTRIBUTE_NONE", 'f' },
  { "MPI_DISTRIBUTE_DFLT_DARG", 'f' }, { "MPI_ORDER_C", 'f' }, { "MPI_ORDER_FORTRAN", 'f' },
  { "MPI_LB", 'l' }, { "MPI_UB", 'l' },
  { NULL, 0 }
};

SK_API const char *sk_constant_name(int i)
{
  static const char *const fixed[] = { "MPI_COMM_WORLD", "MPI_COMM_NULL", "MPI_COMM_SELF", "MPI_INFO_NULL",
                                       "MPI_UNDEFINED" };
  int k, nfixed = (int)(sizeof fixed / sizeof fixed[0]);
  if (i < 0) return NULL;
  if (i < nfixed) return fixed[i];
  i -= nfixed;
  for (k = 0; bi_conditional_names[k].name; k++) if (i-- == 0) return bi_conditional_names[k].name;
  return sk_value_predefined_name(i);
}

SK_API int sk_constant_unavailable(const char *name, char *why, size_t size)
{
  sk_value v;
  sk_str s;
  int i;
  char needs = 0;
  for (i = 0; bi_conditional_names[i].name; i++)
    if (sk_streq(bi_conditional_names[i].name, name)) needs = bi_conditional_names[i].needs;
  if (needs == 0 || sk_constant_find(name, &v)) return 0;
  sk_str_init(&s);
  sk_str_printf(&s, "'%s' is not available: ", name);
#ifndef SKAMPI_MPI
  sk_str_printf(&s, "it needs an MPI library, which the %s build lacks", SK_BACKEND_NAME);
#else
  if (needs == 'l') sk_str_printf(&s, "the MPI library has no %s (removed in MPI-3)", name);
  else if (SK_MO_LEVEL < 2)
    sk_str_puts(&s, "it needs MPI-2, and this build uses MPI-1.1 only");
  else sk_str_printf(&s, "the MPI library declares no %s (it has no MPI-IO)", name);
#endif
  sk_copy_string(why, size, s.data);
  sk_str_free(&s);
  return 1;
}

/* ---- the listing (skampi -l) ---- */

/* The groups in the order -l prints them (SKaMPI 5 manual §4.1's topics). */
static const char *const builtin_groups[] = {
  "settings", "synchronization", "output and environment", "communicators", "mathematics",
  "arrays", "datatypes", "info objects", "MPI-IO", NULL
};

static const char *builtin_result_type(sk_type t)
{
  switch (t) {
  case SK_T_INT: return "int";
  case SK_T_DOUBLE: return "double";
  case SK_T_STRING: return "string";
  case SK_T_COMM: return "comm";
  case SK_T_DATATYPE: return "datatype";
  case SK_T_OP: return "op";
  case SK_T_INFO: return "info";
  case SK_T_IARRAY: return "IArray";
  case SK_T_DARRAY: return "DArray";
  default: return "void";
  }
}

/* "  NAME(type, type) -> result\n" */
static void builtin_describe(sk_str *out, const char *name, const char *params, const char *result)
{
  const char *p;
  sk_str_printf(out, "  %s(", name);
  for (p = params; *p; p++) sk_str_printf(out, "%s%s", p == params ? "" : ", ", sk_param_type_name(*p));
  sk_str_printf(out, ") -> %s\n", result);
}

SK_API int sk_builtins_list(sk_str *out, const char *name)
{
  int g, m, i, found = 0, header;
  for (g = 0; builtin_groups[g]; g++) {
    header = 0;
    for (m = 0; builtin_modules[m]; m++) {
      const sk_builtin *b = builtin_modules[m]();
      const char *group = "";
      for (i = 0; b[i].name; i++) {
        if (b[i].params == NULL) group = b[i].name;   /* a group's heading */
        if (b[i].params == NULL || !sk_streq(group, builtin_groups[g])) continue;
        if (name != NULL && !sk_streq(b[i].name, name)) continue;
        if (!header) sk_str_printf(out, "helpers: %s\n", builtin_groups[g]);
        header = 1;
        builtin_describe(out, b[i].name, b[i].params, builtin_result_type(b[i].result));
        found++;
      }
    }
  }
  header = 0;
  for (i = 0; iterator_table[i].name; i++) {
    if (name != NULL && !sk_streq(iterator_table[i].name, name)) continue;
    if (!header) sk_str_printf(out, "iterators: for VAR in NAME(...) do ... od\n");
    header = 1;
    /* every iterator of the language yields integers (SKaMPI 5 manual §6.3) */
    builtin_describe(out, iterator_table[i].name, iterator_table[i].params, "int");
    found++;
  }
  return found;
}
