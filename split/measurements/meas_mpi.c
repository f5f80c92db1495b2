/*
** meas_mpi.c -- implements meas_mpi.h: the helpers shared by all meas_mpi_*.c modules
** (byte counts, argument checks that end in sk_meas_fail(), the busy wait used for
** delays, MPI_INT as a datatype, the ring neighbours) and the clock measurements
** (SKaMPI 5 manual §3.4 Wtime, and MPI_Wtime from the list of §3.2, which is no
** collective operation).
** Invariants: the helpers use MPI-1.1 calls only (MPI_Comm_get_attr stands for
** MPI_Attr_get whenever mpi.h is MPI-2 or later, see SK_MPI_REPLACED_NAMES in config.h);
** the checks depend on the arguments and the communicator size alone. The function
** bodies exist in the MPI build only; the table exists in every build.
*/
#include "meas_mpi.h"
#include "verify.h"

#ifdef SKAMPI_MPI

/* ---- byte counts and small helpers ---- */

SK_API size_t sk_mpi_bytes(long count, const sk_datatype *dt)
{
  return count <= 0 ? 0 : (size_t)count * dt->extent;
}

SK_API long sk_mpi_data_bytes(long count, const sk_datatype *dt)
{
  return count <= 0 ? 0 : count * (long)dt->size;
}

SK_API MPI_Comm sk_mpi_comm(const sk_mctx *m)
{
  return sk_tp_group_mpi_comm(m->group);
}

SK_API void sk_mpi_busy_wait(double microseconds)
{
  double end;
  if (microseconds <= 0.0) return;
  end = MPI_Wtime() + microseconds * 1.0e-6;
  while (MPI_Wtime() < end) { /* spin: a delay without MPI progress */ }
}

SK_API const sk_datatype *sk_mpi_int_type(void)
{
  static sk_datatype t;
  if (t.name == NULL) {
    t.size = t.extent = sizeof(int);
    t.mpi = MPI_INT;
    t.name = "MPI_INT";
  }
  return &t;
}

SK_API int sk_mpi_ring_left(const sk_mctx *m) { return (m->rank + m->size - 1) % m->size; }
SK_API int sk_mpi_ring_right(const sk_mctx *m) { return (m->rank + 1) % m->size; }

SK_API int sk_mpi_share(long total, int parts, int rank)
{
  long base = total / parts, extra = total % parts;
  return (int)(base + (rank < extra ? 1 : 0));
}

/* ---- argument checks ---- */

static void fail_printf(sk_mctx *m, const char *fn, const char *what, const char *problem, long value)
{
  char msg[200];
  sprintf(msg, "%.60s: %.40s %ld %.80s", fn, what, value, problem);
  sk_meas_fail(m, msg);
}

SK_API int sk_mpi_check_count(sk_mctx *m, const char *fn, const char *what, long value)
{
  if (m->failed) return 0;
  if (value < 0) { fail_printf(m, fn, what, "is negative", value); return 0; }
  if (value > INT_MAX) { fail_printf(m, fn, what, "is too large for MPI (an int)", value); return 0; }
  return 1;
}

SK_API int sk_mpi_check_rank(sk_mctx *m, const char *fn, const char *what, long rank)
{
  char problem[80];
  if (m->failed) return 0;
  if (rank < 0 || rank >= m->size) {
    sprintf(problem, "is not a rank of the communicator (size %d)", m->size);
    fail_printf(m, fn, what, problem, rank);
    return 0;
  }
  return 1;
}

SK_API int sk_mpi_check_tag(sk_mctx *m, const char *fn, const char *what, long tag)
{
  long upper = 32767;                /* the least MPI_TAG_UB the standard allows */
  int *tag_ub = NULL, flag = 0;
  char problem[80];
  if (m->failed) return 0;
#if SK_MPI_REPLACED_NAMES
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);
#else
  MPI_Attr_get(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);
#endif
  if (flag && tag_ub != NULL && *tag_ub > 0) upper = *tag_ub;
  if (tag < 0 || tag > upper) {
    sprintf(problem, "is not a valid tag (0..%ld)", upper);
    fail_printf(m, fn, what, problem, tag);
    return 0;
  }
  return 1;
}

SK_API size_t sk_mpi_block_bytes(sk_mctx *m, const char *fn, long count, const sk_datatype *dt,
                                 long blocks, int displaced)
{
  char msg[200];
  if (m->failed || count <= 0 || blocks <= 0) return 0;
  if ((displaced && count > INT_MAX / blocks)
      || (size_t)count > ((size_t)-1) / dt->extent / (size_t)blocks) {
    sprintf(msg, "%.60s: %ld blocks of %ld elements of %.40s are too large for this machine",
            fn, blocks, count, dt->name ? dt->name : "the datatype");
    sk_meas_fail(m, msg);
    return 0;
  }
  return (size_t)blocks * (size_t)count * dt->extent;
}

SK_API int sk_mpi_check_same_data(sk_mctx *m, const char *fn, long send_count, const sk_datatype *send_dt,
                                  long recv_count, const sk_datatype *recv_dt)
{
  char msg[200];
  long s = sk_mpi_data_bytes(send_count, send_dt), r = sk_mpi_data_bytes(recv_count, recv_dt);
  if (m->failed) return 0;
  if (s != r) {
    sprintf(msg, "%.60s: a message of the senders has %ld bytes but the receivers expect %ld "
            "(send and receive count*datatype must match)", fn, s, r);
    sk_meas_fail(m, msg);
    return 0;
  }
  return 1;
}

/* Classes of predefined datatypes for the reduction operators (MPI-1.1 §4.9.2). */
enum { TYPE_CLASS_OTHER, TYPE_CLASS_INTEGER, TYPE_CLASS_FLOATING, TYPE_CLASS_BYTE, TYPE_CLASS_PAIR };

static int datatype_class(MPI_Datatype t)
{
  if (t == MPI_INT || t == MPI_LONG || t == MPI_SHORT || t == MPI_UNSIGNED_SHORT
      || t == MPI_UNSIGNED || t == MPI_UNSIGNED_LONG || t == MPI_UNSIGNED_CHAR) return TYPE_CLASS_INTEGER;
#ifdef MPI_LONG_LONG_INT
  if (t == MPI_LONG_LONG_INT) return TYPE_CLASS_INTEGER;
#endif
#if SK_MPI_LEVEL >= 2
  if (t == MPI_UNSIGNED_LONG_LONG || t == MPI_SIGNED_CHAR) return TYPE_CLASS_INTEGER;
#endif
  if (t == MPI_FLOAT || t == MPI_DOUBLE || t == MPI_LONG_DOUBLE) return TYPE_CLASS_FLOATING;
  if (t == MPI_BYTE) return TYPE_CLASS_BYTE;
  if (t == MPI_FLOAT_INT || t == MPI_DOUBLE_INT || t == MPI_LONG_INT || t == MPI_2INT
      || t == MPI_SHORT_INT || t == MPI_LONG_DOUBLE_INT) return TYPE_CLASS_PAIR;
  return TYPE_CLASS_OTHER;
}

SK_API int sk_mpi_check_op(sk_mctx *m, const char *fn, const sk_opdef *op, const sk_datatype *dt,
                           int allow_replace)
{
  char msg[200];
  MPI_Op o = op->mpi;
  int cls = datatype_class(dt->mpi), ok;
  if (m->failed) return 0;
  if (o == MPI_MAX || o == MPI_MIN || o == MPI_SUM || o == MPI_PROD)
    ok = cls == TYPE_CLASS_INTEGER || cls == TYPE_CLASS_FLOATING;
  else if (o == MPI_LAND || o == MPI_LOR || o == MPI_LXOR)
    ok = cls == TYPE_CLASS_INTEGER;
  else if (o == MPI_BAND || o == MPI_BOR || o == MPI_BXOR)
    ok = cls == TYPE_CLASS_INTEGER || cls == TYPE_CLASS_BYTE;
  else if (o == MPI_MINLOC || o == MPI_MAXLOC)
    ok = cls == TYPE_CLASS_PAIR;
#if SK_MPI_LEVEL >= 2
  else if (o == MPI_REPLACE)
    ok = allow_replace && cls != TYPE_CLASS_OTHER;
#endif
  else
    ok = 0;
  (void)allow_replace;
  if (!ok) {
    sprintf(msg, "%.60s: operator %.30s cannot be applied to datatype %.40s", fn,
            op->name ? op->name : "(unnamed)", dt->name ? dt->name : "(unnamed)");
    sk_meas_fail(m, msg);
    return 0;
  }
  return 1;
}

/* ---- measurement functions ---- */

/* Wtime(iterations), §3.4: the average time of one of `iterations` calls of MPI_Wtime.
** Every process measures on its own (no synchronisation: it is a local operation). */
static void init_Wtime(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_mpi_check_count(m, "Wtime", "iterations", m->arg.iterations);
  m->send_usage = m->recv_usage = 0;
  m->reported_size = 0;
}

static double measure_Wtime(sk_mctx *m, const sk_value *args)
{
  long i, iterations = m->arg.iterations;
  double start, end, sink = 0.0;
  (void)args;
  if (iterations <= 0) return iterations == 0 ? 0.0 : -1.0;
  start = MPI_Wtime();
  for (i = 0; i < iterations; i++) sink += MPI_Wtime();
  end = MPI_Wtime();
  if (sink < 0.0) return -1.0;      /* keeps the calls from being optimised away */
  return (end - start) / (double)iterations;
}

/* MPI_Wtime(), listed in §3.2: the time between two consecutive calls of MPI_Wtime,
** i.e. the cost of one call as seen by the clock itself. */
static double measure_MPI_Wtime(sk_mctx *m, const sk_value *args)
{
  double first, second;
  (void)m; (void)args;
  first = MPI_Wtime();
  second = MPI_Wtime();
  return second - first;
}

SK_API void sk_mpi_init_message_pair(sk_mctx *m)
{
  const char *fn = m->name;
  const sk_margs *a = &m->arg;
  sk_mpi_check_count(m, fn, "count", a->count);
  sk_mpi_check_tag(m, fn, "tag", a->tag);
  m->send_usage = sk_mpi_block_bytes(m, fn, a->count, a->datatype, 1, 0);
  m->recv_usage = m->send_usage;
  m->reported_size = sk_mpi_data_bytes(a->count, a->datatype);
}

/* ---- verification ---- */

SK_API void sk_mpi_check_exchange(sk_mctx *m, const sk_value *args)
{
  (void)args;
  if (m->rank <= 1)
    sk_mpi_verify_block(m, "receive buffer", m->recv_buf, m->arg.count, m->arg.datatype, m->arg.count, m->arg.datatype,
                        1 - m->rank, 0);
}

SK_API void sk_mpi_check_pingpong(sk_mctx *m, const sk_value *args)
{
  if (m->arg.iterations > 0) sk_mpi_check_exchange(m, args);
}

SK_API void sk_mpi_verify_blocks(sk_mctx *m, long r_count, const sk_datatype *r_dt, long s_count,
                                 const sk_datatype *s_dt, int own_offset)
{
  size_t block = sk_mpi_bytes(r_count, r_dt);
  int j;
  for (j = 0; j < m->size && !m->failed; j++) {
    char what[80];
    sprintf(what, "block from rank %d", j);
    sk_mpi_verify_block(m, what, m->recv_buf + (size_t)j * block, r_count, r_dt, s_count, s_dt, j,
                        own_offset ? (size_t)m->rank * sk_mpi_bytes(s_count, s_dt) : 0);
  }
}

#if SK_MPI_LEVEL >= 4
SK_API int sk_mpi_check_large_count(sk_mctx *m, const char *fn, const char *what, long value, const sk_datatype *dt)
{
  if (m->failed) return 0;
  if (value < 0) { fail_printf(m, fn, what, "must not be negative", value); return 0; }
  if (value > INT_MAX && dt->size != dt->extent) {
    fail_printf(m, fn, what, "is above INT_MAX, which needs a contiguous datatype", value);
    return 0;
  }
  return 1;
}

SK_API int sk_mpi_verify_block_large(sk_mctx *m, const char *what, const char *buf, long count, const sk_datatype *dt,
                                     long stream)
{
  if (count <= INT_MAX) return sk_mpi_verify_block(m, what, buf, count, dt, count, dt, stream, 0);
  return sk_verify_expect(m, what, buf, sk_mpi_bytes(count, dt), stream, 0, NULL);
}
#endif

SK_API int sk_mpi_verify_block(sk_mctx *m, const char *what, const char *buf, long r_count,
                               const sk_datatype *r_dt, long s_count, const sk_datatype *s_dt, long stream,
                               size_t offset)
{
  MPI_Comm comm = sk_mpi_comm(m);
  size_t r_bytes = sk_mpi_bytes(r_count, r_dt), s_bytes = sk_mpi_bytes(s_count, s_dt), k;
  int r_packed = 0, s_packed = 0, pos, got_len, want_len, j, ok = 1;
  char *sent, *want, *got, *ones;
  unsigned char *mask;
  MPI_Pack_size((int)r_count, r_dt->mpi, comm, &r_packed);
  MPI_Pack_size((int)s_count, s_dt->mpi, comm, &s_packed);
  sent = (char *)sk_malloc(s_bytes + 1);
  want = (char *)sk_malloc((size_t)s_packed + 1);
  got = (char *)sk_malloc((size_t)r_packed + 1);
  ones = (char *)sk_malloc((size_t)r_packed + 1);
  mask = (unsigned char *)sk_calloc(r_bytes + 1, 1);
  sk_verify_fill(sent, s_bytes, stream, offset);
  pos = 0;
  MPI_Pack(sent, (int)s_count, s_dt->mpi, want, s_packed, &pos, comm);
  want_len = pos;
  pos = 0;
  MPI_Pack((void *)buf, (int)r_count, r_dt->mpi, got, r_packed, &pos, comm);
  got_len = pos;
  memset(ones, 0xff, (size_t)r_packed + 1);
  pos = 0;
  MPI_Unpack(ones, r_packed, &pos, mask, (int)r_count, r_dt->mpi, comm);
  for (j = 0; j < got_len && j < want_len && ok; j++)
    if (got[j] != want[j]) {
      char w[160];
      sprintf(w, "%.100s, data byte %d in type-map order", what, j);
      sk_verify_mismatch(m, w, (size_t)j, (unsigned char)got[j], (unsigned char)want[j]);
      ok = 0;
    }
  if (ok && got_len != want_len) {
    char w[160];
    sprintf(w, "%.100s: %d data bytes, the sender sent %d", what, got_len, want_len);
    sk_verify_mismatch(m, w, (size_t)(got_len < want_len ? got_len : want_len), 0u, 0u);
    ok = 0;
  }
  for (k = 0; k < r_bytes && ok; k++)
    if (!mask[k] && buf[k] != 0) {
      char w[160];
      sprintf(w, "%.100s, gap of the datatype", what);
      sk_verify_mismatch(m, w, k, (unsigned char)buf[k], 0u);
      ok = 0;
    }
  free(sent);
  free(want);
  free(got);
  free(ones);
  free(mask);
  return ok;
}

/* The operand element i of process r: 0..3. */
static int verify_operand(int r, long i)
{
  return (int)((r * 5L + i * 3L + 1L) % 4L);
}

/* The numeric kinds the local recomputation knows: of a plain element, or of the value
** of a MINLOC/MAXLOC pair. */
enum verify_kind { VK_NONE, VK_INT, VK_LONG, VK_SHORT, VK_UNSIGNED, VK_FLOAT, VK_DOUBLE, VK_LONG_DOUBLE, VK_UCHAR };

/* The C layouts of the pair types (MPI-1.1 §4.9.3: value, then the int index). */
struct verify_float_int { float v; int i; };
struct verify_double_int { double v; int i; };
struct verify_long_int { long v; int i; };
struct verify_short_int { short v; int i; };
struct verify_2int { int v; int i; };
struct verify_long_double_int { long double v; int i; };
#define VERIFY_INDEX_AT(x) ((size_t)((char *)&(x).i - (char *)&(x)))

/* An element of dt: the kind of its (first) value and, for a pair type, where its int
** index lies (pair 0: a plain element). */
typedef struct verify_layout {
  enum verify_kind kind;
  int pair;
  size_t index_at;
} verify_layout;

static verify_layout verify_layout_of(const sk_datatype *dt)
{
  verify_layout l;
  MPI_Datatype t = dt->mpi;
  struct verify_float_int fi;
  struct verify_double_int di;
  struct verify_long_int li;
  struct verify_short_int si;
  struct verify_2int ii;
  struct verify_long_double_int ldi;
  l.kind = VK_NONE;
  l.pair = 1;
  l.index_at = 0;
  if (t == MPI_2INT) { l.kind = VK_INT; l.index_at = VERIFY_INDEX_AT(ii); }
  else if (t == MPI_FLOAT_INT) { l.kind = VK_FLOAT; l.index_at = VERIFY_INDEX_AT(fi); }
  else if (t == MPI_DOUBLE_INT) { l.kind = VK_DOUBLE; l.index_at = VERIFY_INDEX_AT(di); }
  else if (t == MPI_LONG_INT) { l.kind = VK_LONG; l.index_at = VERIFY_INDEX_AT(li); }
  else if (t == MPI_SHORT_INT) { l.kind = VK_SHORT; l.index_at = VERIFY_INDEX_AT(si); }
  else if (t == MPI_LONG_DOUBLE_INT) { l.kind = VK_LONG_DOUBLE; l.index_at = VERIFY_INDEX_AT(ldi); }
  else {
    l.pair = 0;
    if (t == MPI_INT) l.kind = VK_INT;
    else if (t == MPI_LONG) l.kind = VK_LONG;
    else if (t == MPI_SHORT) l.kind = VK_SHORT;
    else if (t == MPI_UNSIGNED) l.kind = VK_UNSIGNED;
    else if (t == MPI_UNSIGNED_CHAR) l.kind = VK_UCHAR;   /* sums modulo 256 (OSU's one-byte reductions) */
    else if (t == MPI_FLOAT) l.kind = VK_FLOAT;
    else if (t == MPI_DOUBLE) l.kind = VK_DOUBLE;
  }
  return l;
}

/* The value of kind k at p (numbers compare where padding bytes, as those of an x86 long
** double, may differ). */
static double verify_get(const char *p, enum verify_kind k)
{
  int i; long l; short s; unsigned u; float f; double d; long double x;
  switch (k) {
  case VK_INT: memcpy(&i, p, sizeof i); return i;
  case VK_LONG: memcpy(&l, p, sizeof l); return (double)l;
  case VK_SHORT: memcpy(&s, p, sizeof s); return s;
  case VK_UNSIGNED: memcpy(&u, p, sizeof u); return u;
  case VK_FLOAT: memcpy(&f, p, sizeof f); return f;
  case VK_DOUBLE: memcpy(&d, p, sizeof d); return d;
  case VK_LONG_DOUBLE: memcpy(&x, p, sizeof x); return (double)x;
  case VK_UCHAR: return (unsigned char)*p;
  default: return -1.0;
  }
}

/* The first byte of n where got and want differ (n when none). */
static size_t verify_first_difference(const char *got, const char *want, size_t n)
{
  size_t b;
  for (b = 0; b < n && got[b] == want[b]; b++) { /* find it */ }
  return b;
}

static void verify_put(char *p, enum verify_kind k, double v)
{
  int i = (int)v; long l = (long)v; short s = (short)v; unsigned u = (unsigned)v; float f = (float)v;
  long double x = (long double)v;
  switch (k) {
  case VK_INT: memcpy(p, &i, sizeof i); break;
  case VK_LONG: memcpy(p, &l, sizeof l); break;
  case VK_SHORT: memcpy(p, &s, sizeof s); break;
  case VK_UNSIGNED: memcpy(p, &u, sizeof u); break;
  case VK_FLOAT: memcpy(p, &f, sizeof f); break;
  case VK_DOUBLE: memcpy(p, &v, sizeof v); break;
  case VK_LONG_DOUBLE: memcpy(p, &x, sizeof x); break;
  case VK_UCHAR: *p = (char)(unsigned char)((unsigned long)v % 256ul); break;
  default: break;
  }
}

SK_API void sk_mpi_verify_fill_operands(sk_mctx *m, long count, const sk_datatype *dt)
{
  sk_mpi_verify_fill_operands_from(m, count, dt, 0);
}

SK_API void sk_mpi_verify_fill_operands_from(sk_mctx *m, long count, const sk_datatype *dt, long first_element)
{
  verify_layout l = verify_layout_of(dt);
  long i;
  if (m->recv_buf && m->recv_usage) memset(m->recv_buf, 0, m->recv_usage);
  if (l.kind == VK_NONE) { sk_verify_default_prepare(m, NULL); return; }
  if (m->send_buf && m->send_usage) memset(m->send_buf, 0, m->send_usage);
  for (i = 0; i < count; i++) {
    char *at = m->send_buf + (size_t)i * dt->extent;
    verify_put(at, l.kind, verify_operand(m->rank, first_element + i));
    if (l.pair) memcpy(at + l.index_at, &m->rank, sizeof(int));
  }
}

/* op applied to two whole numbers 0..81 (MPI-1.1 §4.9.2); -1 for an unknown op. The
** values of MINLOC and MAXLOC are those of MIN and MAX (their index: verify_pair). */
static double verify_apply(MPI_Op op, double a, double b)
{
  long x = (long)a, y = (long)b;
  if (op == MPI_SUM) return a + b;
  if (op == MPI_PROD) return a * b;
  if (op == MPI_MAX || op == MPI_MAXLOC) return a > b ? a : b;
  if (op == MPI_MIN || op == MPI_MINLOC) return a < b ? a : b;
  if (op == MPI_LAND) return (x && y) ? 1 : 0;
  if (op == MPI_LOR) return (x || y) ? 1 : 0;
  if (op == MPI_LXOR) return (!x != !y) ? 1 : 0;
  if (op == MPI_BAND) return (double)(x & y);
  if (op == MPI_BOR) return (double)(x | y);
  if (op == MPI_BXOR) return (double)(x ^ y);
  return -1.0;
}

/* The index MINLOC/MAXLOC keep of (u, i) and (v, j), v the value they keep: that of the
** better value, the smaller index of equal ones (MPI-1.1 §4.9.3). */
static int verify_pair_index(double u, int i, double v, int j, double kept)
{
  if (u == v) return i < j ? i : j;
  return u == kept ? i : j;
}

SK_API int sk_mpi_verify_reduced(sk_mctx *m, const char *what, const char *buf, long count,
                                 const sk_datatype *dt, const sk_opdef *op, int first, int last)
{
  return sk_mpi_verify_reduced_from(m, what, buf, count, dt, op, first, last, 0);
}

SK_API int sk_mpi_verify_reduced_from(sk_mctx *m, const char *what, const char *buf, long count,
                                      const sk_datatype *dt, const sk_opdef *op, int first, int last,
                                      long first_element)
{
  verify_layout l = verify_layout_of(dt);
  int pair_op = op->mpi == MPI_MINLOC || op->mpi == MPI_MAXLOC;
  char expect[sizeof(long double) + sizeof(double)], w[200];
  long i;
  int r;
  if (l.kind == VK_NONE || verify_apply(op->mpi, 1.0, 1.0) < 0.0 || l.pair != pair_op
      || (l.kind == VK_UCHAR && op->mpi == MPI_PROD)) {   /* a product beyond a double's exact whole numbers */
    sprintf(w, "%.80s: no local recomputation of %.30s on %.40s", what, op->name, dt->name);
    sk_verify_mismatch(m, w, 0, 0u, 0u);
    return 0;
  }
  for (i = 0; i < count; i++) {
    long e = first_element + i;
    double v = verify_operand(first, e);
    int index = first;
    size_t at = (size_t)i * dt->extent, b;
    for (r = first + 1; r <= last; r++) {
      double next = verify_apply(op->mpi, v, verify_operand(r, e));
      if (l.pair) index = verify_pair_index(v, index, verify_operand(r, e), r, next);
      v = next;
    }
    memset(expect, 0, sizeof expect);
    verify_put(expect, l.kind, v);
    if (verify_get(buf + at, l.kind) != (l.kind == VK_UCHAR ? verify_get(expect, l.kind) : v)) {
      b = verify_first_difference(buf + at, expect, dt->size);
      if (b >= dt->size) b = 0;
      sprintf(w, "%.80s, element %ld (%g expected from %s over ranks %d..%d)", what, e, v, op->name, first, last);
      sk_verify_mismatch(m, w, at + b, (unsigned char)buf[at + b], (unsigned char)expect[b]);
      return 0;
    }
    memcpy(expect, &index, sizeof index);
    if (l.pair && (b = verify_first_difference(buf + at + l.index_at, expect, sizeof index)) < sizeof index) {
      sprintf(w, "%.80s, index of element %ld (rank %d expected from %s over ranks %d..%d)", what, e, index,
              op->name, first, last);
      sk_verify_mismatch(m, w, at + l.index_at + b, (unsigned char)buf[at + l.index_at + b], (unsigned char)expect[b]);
      return 0;
    }
  }
  return 1;
}
#endif /* SKAMPI_MPI */

static const sk_measurement mpi_table[] = {
  SK_ROW_MPI("Wtime", "iterations:i", SK_PATTERN_SIMPLE_OWN_TIME, 1, 0,
             measure_Wtime, init_Wtime, NULL, NULL, NULL, "a clock read, no data"),
  SK_ROW_MPI("MPI_Wtime", "", SK_PATTERN_SIMPLE_OWN_TIME, 1, 0,
             measure_MPI_Wtime, NULL, NULL, NULL, NULL, "a clock read, no data"),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi(void) { return mpi_table; }
