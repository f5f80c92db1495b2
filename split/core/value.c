/*
** value.c -- values of the input language and the predefined datatypes and reduction
** operators of SKaMPI 5 manual §5.2. The MPI handles, sizes and extents are filled in at
** start-up (sk_values_init, after the transport started) because some MPI libraries
** do not make their handles compile-time constants.
*/
#include "value.h"
#include "mpi_objects.h"     /* the library's size and extent of a type */

/* Layouts of the MPI pair types, for backends without MPI. */
struct value_float_int { float f; int i; };
struct value_long_int { long l; int i; };
struct value_double_int { double d; int i; };
struct value_short_int { short s; int i; };
struct value_2int { int a, b; };
struct value_long_double_int { long double d; int i; };

typedef struct value_builtin_type {
  const char *name;
  size_t c_size;                /* size without MPI */
} value_builtin_type;

static const value_builtin_type value_type_names[] = {
  { "MPI_CHAR", sizeof(char) }, { "MPI_BYTE", 1 }, { "MPI_SHORT", sizeof(short) },
  { "MPI_INT", sizeof(int) }, { "MPI_LONG", sizeof(long) }, { "MPI_FLOAT", sizeof(float) },
  { "MPI_DOUBLE", sizeof(double) }, { "MPI_UNSIGNED", sizeof(unsigned) },
  { "MPI_UNSIGNED_CHAR", sizeof(unsigned char) }, { "MPI_UNSIGNED_SHORT", sizeof(unsigned short) },
  { "MPI_UNSIGNED_LONG", sizeof(unsigned long) },
  { "MPI_UNSIGNED_LONG_LONG", 8 }, { "MPI_LONG_DOUBLE", sizeof(long double) },
  { "MPI_FLOAT_INT", sizeof(struct value_float_int) }, { "MPI_LONG_INT", sizeof(struct value_long_int) },
  { "MPI_DOUBLE_INT", sizeof(struct value_double_int) }, { "MPI_SHORT_INT", sizeof(struct value_short_int) },
  { "MPI_2INT", sizeof(struct value_2int) }, { "MPI_LONG_DOUBLE_INT", sizeof(struct value_long_double_int) },
  { "MPI_LONG_LONG_INT", 8 }, { "MPI_LONG_LONG", 8 }
};
#define VALUE_NTYPES (sizeof value_type_names / sizeof value_type_names[0])

static const char *const value_op_names[] = {
  "MPI_MAX", "MPI_MIN", "MPI_SUM", "MPI_PROD", "MPI_LAND", "MPI_BAND", "MPI_LOR", "MPI_BOR",
  "MPI_LXOR", "MPI_BXOR", "MPI_MINLOC", "MPI_MAXLOC", "MPI_REPLACE"
};
#define VALUE_NOPS (sizeof value_op_names / sizeof value_op_names[0])

/* The named types and operators, the same on every rank: under a simulator rank 0's
** (sk_value_share below). */
struct value_predefined {
  int ready;
  int sized;              /* the MPI build: the types' sizes are the library's */
  sk_datatype types[VALUE_NTYPES];
  sk_opdef ops[VALUE_NOPS];
};

struct value_tables {
  struct value_predefined *pre;   /* made by values_init, or rank 0's (sk_value_adopt) */
  sk_datatype **derived;
  size_t nderived, capderived;
  sk_array **arrays;
  size_t narrays, caparrays;
};
static struct value_tables *value_tables_made;   /* made on first use (config.h, "writable data") */

static struct value_tables *value_tables(void)
{
  if (value_tables_made == NULL) value_tables_made = (struct value_tables *)sk_calloc(1, sizeof *value_tables_made);
  return value_tables_made;
}

#ifdef SKAMPI_MPI
/* The handle named n: VALUE_NAMED(MPI_INT) returns MPI_INT when n is "MPI_INT" (a chain,
** not a table: some MPI libraries' handles are no compile-time constants). */
#define VALUE_NAMED(HANDLE) if (sk_streq(n, #HANDLE)) return HANDLE;

static MPI_Datatype value_mpi_type(const char *n)
{
  VALUE_NAMED(MPI_CHAR) VALUE_NAMED(MPI_BYTE) VALUE_NAMED(MPI_SHORT) VALUE_NAMED(MPI_INT) VALUE_NAMED(MPI_LONG)
  VALUE_NAMED(MPI_FLOAT) VALUE_NAMED(MPI_DOUBLE)
  VALUE_NAMED(MPI_UNSIGNED) VALUE_NAMED(MPI_UNSIGNED_CHAR) VALUE_NAMED(MPI_UNSIGNED_SHORT) VALUE_NAMED(MPI_UNSIGNED_LONG)
#if SK_MPI_LEVEL >= 2
  VALUE_NAMED(MPI_UNSIGNED_LONG_LONG) VALUE_NAMED(MPI_LONG_LONG)
#endif
  VALUE_NAMED(MPI_LONG_DOUBLE)
  VALUE_NAMED(MPI_FLOAT_INT) VALUE_NAMED(MPI_LONG_INT) VALUE_NAMED(MPI_DOUBLE_INT) VALUE_NAMED(MPI_SHORT_INT)
  VALUE_NAMED(MPI_2INT) VALUE_NAMED(MPI_LONG_DOUBLE_INT) VALUE_NAMED(MPI_LONG_LONG_INT)
  return MPI_DATATYPE_NULL;
}

static MPI_Op value_mpi_op(const char *n)
{
  VALUE_NAMED(MPI_MAX) VALUE_NAMED(MPI_MIN) VALUE_NAMED(MPI_SUM) VALUE_NAMED(MPI_PROD)
  VALUE_NAMED(MPI_LAND) VALUE_NAMED(MPI_BAND) VALUE_NAMED(MPI_LOR) VALUE_NAMED(MPI_BOR)
  VALUE_NAMED(MPI_LXOR) VALUE_NAMED(MPI_BXOR) VALUE_NAMED(MPI_MINLOC) VALUE_NAMED(MPI_MAXLOC)
#if SK_MPI_LEVEL >= 2
  VALUE_NAMED(MPI_REPLACE)
#endif
  return MPI_OP_NULL;
}

/* Size and extent as the library sees them. */
static void value_mpi_size_extent(MPI_Datatype t, size_t *size, size_t *extent)
{
  long s = 0, lb = 0, ext = 0;
  sk_mo_type_describe(t, &s, &lb, &ext);
  *size = (size_t)s;
  *extent = (size_t)ext;
}
#endif

/* The predefined types and operations; the library's sizes and extents of the types only
** once the transport has started (sk_tp_started): -n and -t look names up without MPI,
** and MPI allows no MPI_Type_size before MPI_Init. Until then they hold the C sizes. */
static void values_init(void)
{
  struct value_tables *vt = value_tables();
  struct value_predefined *pre;
  size_t i, k = 0;
  if (vt->pre == NULL) vt->pre = (struct value_predefined *)sk_calloc(1, sizeof *vt->pre);
  pre = vt->pre;
#ifdef SKAMPI_MPI
  if (pre->ready && !pre->sized && sk_tp_started()) {
    for (i = 0; i < VALUE_NTYPES && pre->types[i].name; i++)
      value_mpi_size_extent(pre->types[i].mpi, &pre->types[i].size, &pre->types[i].extent);
    pre->sized = 1;
  }
#endif
  if (pre->ready) return;
  for (i = 0; i < VALUE_NTYPES; i++) {
    sk_datatype *t = &pre->types[k];
    t->name = value_type_names[i].name;
    t->size = t->extent = value_type_names[i].c_size;
#ifdef SKAMPI_MPI
    t->mpi = value_mpi_type(t->name);
    if (t->mpi == MPI_DATATYPE_NULL) continue;   /* not in this MPI level */
    if (sk_tp_started()) value_mpi_size_extent(t->mpi, &t->size, &t->extent);
#endif
    k++;
  }
#ifdef SKAMPI_MPI
  pre->sized = sk_tp_started();
#endif
  for (; k < VALUE_NTYPES; k++) pre->types[k].name = NULL;
  for (i = 0, k = 0; i < VALUE_NOPS; i++) {
    pre->ops[k].name = value_op_names[i];
#ifdef SKAMPI_MPI
    pre->ops[k].mpi = value_mpi_op(value_op_names[i]);
    if (pre->ops[k].mpi == MPI_OP_NULL) continue;
#endif
    k++;
  }
  for (; k < VALUE_NOPS; k++) pre->ops[k].name = NULL;
  pre->ready = 1;
}

/* Under a simulator every rank is a thread of one process and the predefined handles are
** the simulator's, the same for all: the ranks other than 0 use rank 0's table (some
** 900 bytes each at 65,536 simulated ranks, doc/simulated.md). A rank that has looked a
** name up already keeps its own: it may have handed an entry out. */
SK_API void *sk_value_share(void)
{
  values_init();
  return value_tables()->pre;
}

SK_API void sk_value_adopt(void *rank0s)
{
  struct value_tables *vt = value_tables();
  if (rank0s != NULL && vt->pre == NULL) vt->pre = (struct value_predefined *)rank0s;
}

SK_API const sk_datatype *sk_datatype_lookup(const char *name)
{
  struct value_predefined *pre;
  size_t i;
  values_init();
  pre = value_tables()->pre;
  for (i = 0; i < VALUE_NTYPES && pre->types[i].name; i++)
    if (sk_streq(pre->types[i].name, name)) return &pre->types[i];
  return NULL;
}

SK_API const sk_opdef *sk_op_lookup(const char *name)
{
  struct value_predefined *pre;
  size_t i;
  values_init();
  pre = value_tables()->pre;
  for (i = 0; i < VALUE_NOPS && pre->ops[i].name; i++)
    if (sk_streq(pre->ops[i].name, name)) return &pre->ops[i];
  return NULL;
}

SK_API const char *sk_value_predefined_name(int i)
{
  struct value_predefined *pre;
  size_t k;
  values_init();
  pre = value_tables()->pre;
  for (k = 0; k < VALUE_NTYPES && pre->types[k].name; k++) if (i-- == 0) return pre->types[k].name;
  for (k = 0; k < VALUE_NOPS && pre->ops[k].name; k++) if (i-- == 0) return pre->ops[k].name;
  return NULL;
}

SK_API sk_datatype *sk_datatype_new(const char *name, size_t size, size_t extent)
{
  struct value_tables *vt = value_tables();
  sk_datatype *t = (sk_datatype *)sk_calloc(1, sizeof *t);
  t->name = sk_strdup(name);
  t->size = size;
  t->extent = extent;
  vt->derived = (sk_datatype **)sk_grow(vt->derived, &vt->capderived, vt->nderived + 1,
                                           sizeof(sk_datatype *));
  vt->derived[vt->nderived++] = t;
#ifdef SKAMPI_MPI
  t->mpi = MPI_DATATYPE_NULL;
#endif
  return t;
}

SK_API void sk_datatypes_release(void)
{
#ifdef SKAMPI_MPI
  struct value_tables *vt = value_tables();
  size_t i;
  for (i = 0; i < vt->nderived; i++)
    if (vt->derived[i]->mpi != MPI_DATATYPE_NULL) MPI_Type_free(&vt->derived[i]->mpi);
#endif
}

SK_API sk_type sk_type_of_letter(int letter)
{
  switch (letter) {
  case 'i': return SK_T_INT;
  case 'd': return SK_T_DOUBLE;
  case 's': return SK_T_STRING;
  case 'c': return SK_T_COMM;
  case 't': return SK_T_DATATYPE;
  case 'o': return SK_T_OP;
  case 'n': return SK_T_INFO;
  case 'a': return SK_T_IARRAY;
  case 'e': return SK_T_DARRAY;
  default: return SK_T_NONE;
  }
}

SK_API const char *sk_type_name(sk_type t)
{
  switch (t) {
  case SK_T_INT: return "an integer";
  case SK_T_DOUBLE: return "a number";
  case SK_T_STRING: return "a string";
  case SK_T_COMM: return "a communicator";
  case SK_T_DATATYPE: return "a datatype";
  case SK_T_OP: return "an operator";
  case SK_T_INFO: return "an info object";
  case SK_T_IARRAY: return "an integer array";
  case SK_T_DARRAY: return "a datatype array";
  default: return "nothing";
  }
}

SK_API sk_value sk_int_value(long i)
{
  sk_value v;
  v.type = SK_T_INT;
  v.u.i = i;
  return v;
}

SK_API sk_value sk_double_value(double d)
{
  sk_value v;
  v.type = SK_T_DOUBLE;
  v.u.d = d;
  return v;
}

SK_API double sk_value_as_double(const sk_value *v)
{
  return v->type == SK_T_INT ? (double)v->u.i : v->u.d;
}

/* ---- exact integer arithmetic (value.h) ---- */

SK_API int sk_long_add(long a, long b, long *r)
{
  if (b > 0 ? a > LONG_MAX - b : a < LONG_MIN - b) return 0;
  *r = a + b;
  return 1;
}

SK_API int sk_long_sub(long a, long b, long *r)
{
  if (b > 0 ? a < LONG_MIN + b : a > LONG_MAX + b) return 0;
  *r = a - b;
  return 1;
}

/* |a| as an unsigned long (defined for LONG_MIN too: unsigned arithmetic wraps). */
static unsigned long value_magnitude(long a)
{
  return a < 0 ? 0UL - (unsigned long)a : (unsigned long)a;
}

SK_API int sk_long_mul(long a, long b, long *r)
{
  unsigned long ma = value_magnitude(a), mb = value_magnitude(b), m, limit;
  int negative = (a < 0) != (b < 0);
  limit = negative ? value_magnitude(LONG_MIN) : (unsigned long)LONG_MAX;
  if (mb != 0 && ma > limit / mb) return 0;
  m = ma * mb;
  /* a negative result of magnitude m (up to -LONG_MIN) without converting m to long */
  *r = !negative || m == 0 ? (long)m : -(long)(m - 1UL) - 1L;
  return 1;
}

SK_API int sk_long_neg(long a, long *r)
{
  if (a < -LONG_MAX) return 0;          /* LONG_MIN: its negation is LONG_MAX + 1 */
  *r = -a;
  return 1;
}

SK_API int sk_long_div(long a, long b, long *r)
{
  long q, m;
  if (b == -1) return sk_long_neg(a, r);   /* LONG_MIN / -1 traps (SIGFPE) on x86 */
  q = a / b;
  m = a % b;
  if (m != 0 && (m < 0) != (a < 0)) q++;   /* a C89 compiler that rounds down */
  *r = q;
  return 1;
}

SK_API long sk_long_mod(long a, long b)
{
  long m;
  if (b == -1 || b == 1) return 0;        /* LONG_MIN % -1 traps like LONG_MIN / -1 */
  m = a % b;
  if (m != 0 && (m < 0) != (a < 0)) m -= b;
  return m;
}

SK_API int sk_long_of_double(double x, long *r)
{
  if (!(x < -(double)LONG_MIN && x >= (double)LONG_MIN)) return 0;   /* NaN fails both */
  *r = (long)x;
  return 1;
}

SK_API int sk_long_fits_double(long a)
{
  double d = (double)a;
  long back;
  return sk_long_of_double(d, &back) && back == a;
}

SK_API void sk_value_format(sk_str *out, const sk_value *v)
{
  switch (v->type) {
  case SK_T_INT: sk_str_printf(out, "%ld", v->u.i); break;
  case SK_T_DOUBLE: sk_str_printf(out, "%g", v->u.d); break;
  case SK_T_STRING: sk_str_puts(out, v->u.s); break;
  case SK_T_DATATYPE: sk_str_puts(out, v->u.dt->name); break;
  case SK_T_OP: sk_str_puts(out, v->u.op->name); break;
  case SK_T_COMM:
    if (v->u.comm == NULL) sk_str_puts(out, "MPI_COMM_NULL");
    else sk_str_printf(out, "comm(%d)", sk_tp_group_size(v->u.comm));
    break;
  case SK_T_INFO: sk_str_puts(out, "info"); break;
  case SK_T_IARRAY: case SK_T_DARRAY: {
    size_t i;
    sk_str_putc(out, '[');
    for (i = 0; i < sk_array_length(v); i++) {
      if (i) sk_str_puts(out, ", ");
      if (v->type == SK_T_IARRAY) sk_str_printf(out, "%ld", sk_iarray_get(v, i));
      else sk_str_puts(out, sk_darray_get(v, i) ? sk_darray_get(v, i)->name : "-");
    }
    sk_str_putc(out, ']');
    break;
  }
  default: sk_str_puts(out, "-"); break;
  }
}

/* ---- arrays (value.h) ---- */

static sk_value value_array_new(sk_type type, size_t n)
{
  struct value_tables *vt = value_tables();
  sk_value v;
  sk_array *a = (sk_array *)sk_calloc(1, sizeof *a);
  a->n = n;
  if (type == SK_T_IARRAY && n > 0) a->ints = (long *)sk_calloc(n, sizeof(long));
  if (type == SK_T_DARRAY && n > 0) a->types = (const sk_datatype **)sk_calloc(n, sizeof(sk_datatype *));
  vt->arrays = (sk_array **)sk_grow(vt->arrays, &vt->caparrays, vt->narrays + 1, sizeof(sk_array *));
  vt->arrays[vt->narrays++] = a;
  v.type = type;
  v.u.arr = a;
  return v;
}

SK_API sk_value sk_iarray_new(size_t n) { return value_array_new(SK_T_IARRAY, n); }
SK_API sk_value sk_darray_new(size_t n) { return value_array_new(SK_T_DARRAY, n); }

static void value_array_check(const sk_value *v, sk_type type, size_t i, const char *fn)
{
  if (v->type != type) sk_fatal("%s on %s", fn, sk_type_name(v->type));
  if (i >= v->u.arr->n) sk_fatal("%s: index %lu outside an array of %lu", fn, (unsigned long)i,
                                 (unsigned long)v->u.arr->n);
}

SK_API size_t sk_array_length(const sk_value *v)
{
  if (v->type != SK_T_IARRAY && v->type != SK_T_DARRAY) sk_fatal("sk_array_length on %s", sk_type_name(v->type));
  return v->u.arr->n;
}

SK_API long sk_iarray_get(const sk_value *v, size_t i)
{
  value_array_check(v, SK_T_IARRAY, i, "sk_iarray_get");
  return v->u.arr->ints[i];
}

SK_API void sk_iarray_set(sk_value *v, size_t i, long x)
{
  value_array_check(v, SK_T_IARRAY, i, "sk_iarray_set");
  v->u.arr->ints[i] = x;
}

SK_API const sk_datatype *sk_darray_get(const sk_value *v, size_t i)
{
  value_array_check(v, SK_T_DARRAY, i, "sk_darray_get");
  return v->u.arr->types[i];
}

SK_API void sk_darray_set(sk_value *v, size_t i, const sk_datatype *t)
{
  value_array_check(v, SK_T_DARRAY, i, "sk_darray_set");
  v->u.arr->types[i] = t;
}

SK_API int sk_array_equal(const sk_value *a, const sk_value *b)
{
  size_t i;
  if (a->type != b->type || (a->type != SK_T_IARRAY && a->type != SK_T_DARRAY)) return 0;
  if (a->u.arr->n != b->u.arr->n) return 0;
  for (i = 0; i < a->u.arr->n; i++) {
    if (a->type == SK_T_IARRAY && a->u.arr->ints[i] != b->u.arr->ints[i]) return 0;
    if (a->type == SK_T_DARRAY && a->u.arr->types[i] != b->u.arr->types[i]) return 0;
  }
  return 1;
}
