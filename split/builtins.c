/*
** builtins.c -- the helper functions of SKaMPI 5 manual §4.1 (plus get_np() used by SKaMPI 5's
** own input files and skampi's own settings), the iterators of §4.2/§6.3, and the
** predefined constants of §5.2.
*/
#include "builtins.h"
#include "interp.h"

static sk_value bi_none(void)
{
  sk_value v;
  v.type = SK_T_NONE;
  v.u.i = 0;
  return v;
}

static sk_value bi_comm_value(sk_group *g)
{
  sk_value v;
  v.type = SK_T_COMM;
  v.u.comm = g;
  return v;
}

static long bi_positive(const sk_value *a, const sk_loc *loc, const char *fname, long minimum)
{
  if (a->u.i < minimum) sk_user_error(loc, "%s: the argument must be at least %ld, not %ld", fname, minimum, a->u.i);
  return a->u.i;
}

/* ---- repetitions and output ---- */

static sk_value bi_set_min_repetitions(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  in->settings.asec.min_reps = (int)bi_positive(&a[0], loc, "set_min_repetitions", 1);
  return bi_none();
}

static sk_value bi_set_max_repetitions(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  in->settings.asec.max_reps = (int)bi_positive(&a[0], loc, "set_max_repetitions", 1);
  return bi_none();
}

static sk_value bi_set_max_relative_standard_error(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0) sk_user_error(loc, "set_max_relative_standard_error: the limit must not be negative");
  in->settings.asec.max_rel_error = a[0].u.d;
  return bi_none();
}

static sk_value bi_set_max_nr_node_times(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  in->settings.max_node_times = (int)bi_positive(&a[0], loc, "set_max_nr_node_times", 0);
  return bi_none();
}

static sk_value bi_set_cut_quantile(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0 || a[0].u.d >= 0.5) sk_user_error(loc, "set_cut_quantile: the quantile must be in [0, 0.5)");
  in->settings.asec.cut_quantile = a[0].u.d;
  return bi_none();
}

static sk_value bi_set_time_limit_per_measurement(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0) sk_user_error(loc, "the time limit must not be negative");
  in->settings.asec.time_limit = a[0].u.d;
  return bi_none();
}

static sk_value bi_set_time_limit_per_suite(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0) sk_user_error(loc, "the time limit must not be negative");
  in->settings.suite_time_limit = a[0].u.d;
  return bi_none();
}

static sk_value bi_set_autorefine_max_error(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0) sk_user_error(loc, "set_autorefine_max_error: must not be negative");
  in->settings.apr.max_error = a[0].u.d;
  return bi_none();
}

static sk_value bi_set_autorefine_min_distance(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0) sk_user_error(loc, "set_autorefine_min_distance: must not be negative");
  in->settings.apr.min_distance = a[0].u.d;
  return bi_none();
}

static sk_value bi_set_autorefine_max_steps(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  in->settings.apr.max_steps = (int)bi_positive(&a[0], loc, "set_autorefine_max_steps", 0);
  return bi_none();
}

/* ---- buffers ---- */

static void bi_apply_buffers(sk_interp *in) { sk_buffers_configure(&in->settings.buffers); }

static sk_value bi_set_skampi_buffer(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  in->settings.buffers.size = (size_t)bi_positive(&a[0], loc, "set_skampi_buffer", 0);
  bi_apply_buffers(in);
  return bi_none();
}

static sk_value bi_switch_buffer_cycling_on(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  in->settings.buffers.cycling = 1;
  bi_apply_buffers(in);
  return bi_none();
}

static sk_value bi_switch_buffer_cycling_off(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  in->settings.buffers.cycling = 0;
  bi_apply_buffers(in);
  return bi_none();
}

static size_t bi_alignment(const sk_value *a, const sk_loc *loc, const char *fname)
{
  long x = bi_positive(a, loc, fname, 1);
  if (x > 1L << 20) sk_user_error(loc, "%s: alignment %ld is larger than 1 MiB", fname, x);
  return (size_t)x;
}

static sk_value bi_set_send_buffer_alignment(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  in->settings.buffers.send_align = bi_alignment(&a[0], loc, "set_send_buffer_alignment");
  bi_apply_buffers(in);
  return bi_none();
}

static sk_value bi_set_recv_buffer_alignment(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  in->settings.buffers.recv_align = bi_alignment(&a[0], loc, "set_recv_buffer_alignment");
  bi_apply_buffers(in);
  return bi_none();
}

static sk_value bi_set_cache_size(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  in->settings.buffers.cache_size = (size_t)bi_positive(&a[0], loc, "set_cache_size", 0);
  bi_apply_buffers(in);
  return bi_none();
}

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
/* set_skampi_buffer_mpi_alloc_mem(size, info): the region of set_skampi_buffer, allocated
** with MPI_Alloc_mem and the given info (SKaMPI 5's onesided.c helper; MPI-2 only). */
static sk_value bi_set_skampi_buffer_mpi_alloc_mem(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  in->settings.buffers.size = (size_t)bi_positive(&a[0], loc, "set_skampi_buffer_mpi_alloc_mem", 0);
  in->settings.buffers.mpi_alloc_mem = 1;
  in->settings.buffers.mpi_alloc_info = a[1].u.info;
  bi_apply_buffers(in);
  return bi_none();
}
#endif

/* use_mpi_alloc_mem(flag): skampi's own allocations (the buffer region) through
** MPI_Alloc_mem. Without MPI-2 a note says that malloc stays in use. */
static sk_value bi_use_mpi_alloc_mem(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)loc;
  in->settings.mpi_alloc_mem = a[0].u.i != 0;
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  in->settings.buffers.mpi_alloc_mem = a[0].u.i != 0;
  in->settings.buffers.mpi_alloc_info = in->settings.mpi_alloc_info;
  bi_apply_buffers(in);
#else
  if (a[0].u.i != 0 && sk_tp_world_rank() == 0)
    sk_out_text("# use_mpi_alloc_mem: this build has no MPI_Alloc_mem (MPI-2); malloc is used\n");
#endif
  return bi_none();
}

static sk_value bi_set_mpi_alloc_mem_info(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)loc;
  in->settings.mpi_alloc_info = a[0].u.info;
  if (in->settings.buffers.mpi_alloc_mem) {
    in->settings.buffers.mpi_alloc_info = a[0].u.info;
    bi_apply_buffers(in);
  }
  return bi_none();
}

static sk_value bi_get_mpi_alloc_mem_info(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  sk_value v;
  (void)a; (void)loc;
  v.type = SK_T_INFO;
  v.u.info = in->settings.mpi_alloc_info;
  return v;
}

/* set_unit(factor): seconds times factor is the printed unit (1e6: microseconds). Stored in
** the settings; the output does not apply it yet. */
static sk_value bi_set_unit(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  if (!(a[0].u.d > 0.0)) sk_user_error(loc, "set_unit: the factor must be positive");
  in->settings.unit = a[0].u.d;
  return bi_none();
}

static sk_value bi_set_autorefine_factor(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  if (!(a[0].u.d > 0.0)) sk_user_error(loc, "set_autorefine_factor: the factor must be positive");
  in->settings.autorefine_factor = a[0].u.d;
  return bi_none();
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
static long bi_random_below(long n)
{
  return (long)((double)(bi_random_next() - 1) / 2147483646.0 * (double)n);
}

static sk_value bi_get_random_int(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  double span = (double)a[1].u.i - (double)a[0].u.i + 1.0;
  (void)in;
  if (span < 1.0) sk_user_error(loc, "get_random_int(%ld, %ld): the minimum exceeds the maximum", a[0].u.i, a[1].u.i);
  if (span > 2147483646.0) sk_user_error(loc, "get_random_int: the range is larger than 2147483646");
  return sk_int_value(a[0].u.i + bi_random_below((long)span));
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

static sk_value bi_string_value(const char *text)
{
  sk_value v;
  v.type = SK_T_STRING;
  v.u.s = bi_intern(text);
  return v;
}

/* get_env(name): the value with "/" appended, as SKaMPI 5 does (meant for directories);
** "/" alone when the variable is not set. */
static sk_value bi_get_env(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  const char *e = getenv(a[0].u.s);
  sk_str s;
  sk_value v;
  (void)in; (void)loc;
  sk_str_init(&s);
  sk_str_printf(&s, "%s/", e ? e : "");
  v = bi_string_value(s.data);
  sk_str_free(&s);
  return v;
}

/* mpi_processor_names(): this process's "# rank NNNNNN: <host>". */
static sk_value bi_mpi_processor_names(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  char name[256];
  sk_str s;
  sk_value v;
  (void)in; (void)a; (void)loc;
  sk_tp_processor_name(name, sizeof name);
  sk_str_init(&s);
  sk_str_printf(&s, "# rank %06d: %s", sk_tp_world_rank(), name);
  v = bi_string_value(s.data);
  sk_str_free(&s);
  return v;
}

/* ---- communicators ---- */

static sk_group *bi_group_of_range(int first, int n)
{
  int *ranks = (int *)sk_malloc(sizeof(int) * (size_t)(n > 0 ? n : 1)), i;
  sk_group *g;
  for (i = 0; i < n; i++) ranks[i] = first + i;
  g = sk_tp_group_create(ranks, n);
  free(ranks);
  return g;
}

/* MPI_COMM_NULL is the NULL group; a process outside a group sees the group as null too
** (SKaMPI 5's comm() & co give MPI_COMM_NULL to non-members, SKaMPI 5 manual §4.1). */
static int bi_is_null(const sk_group *g) { return g == NULL || sk_tp_group_rank(g) < 0; }

static sk_value bi_get_comm_size(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  if (a[0].u.comm == NULL) sk_user_error(loc, "get_comm_size of MPI_COMM_NULL");
  return sk_int_value(sk_tp_group_size(a[0].u.comm));
}

/* get_comm_rank(c): own rank in c; -1 on a process outside c (where c is MPI_COMM_NULL). */
static sk_value bi_get_comm_rank(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return sk_int_value(a[0].u.comm ? sk_tp_group_rank(a[0].u.comm) : -1);
}

static sk_value bi_is_mpi_comm_null(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return sk_int_value(bi_is_null(a[0].u.comm));
}

static sk_value bi_last_proc(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)a; (void)loc;
  return sk_int_value(sk_tp_world_size() - 1);
}

/* Checks world ranks (in range, pairwise distinct) and makes their group. */
static sk_group *bi_group_of_ranks(const long *r, int n, const sk_loc *loc, const char *fname)
{
  int *ranks = (int *)sk_malloc(sizeof(int) * (size_t)(n > 0 ? n : 1)), i, j;
  sk_group *g;
  for (i = 0; i < n; i++) {
    if (r[i] < 0 || r[i] >= sk_tp_world_size())
      sk_user_error(loc, "%s: rank %ld is not between 0 and %d", fname, r[i], sk_tp_world_size() - 1);
    for (j = 0; j < i; j++)
      if (r[j] == r[i]) sk_user_error(loc, "%s: rank %ld appears twice", fname, r[i]);
    ranks[i] = (int)r[i];
  }
  g = sk_tp_group_create(ranks, n);
  free(ranks);
  return g;
}

static sk_value bi_comm4(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  long r[4];
  int i;
  (void)in;
  for (i = 0; i < 4; i++) r[i] = a[i].u.i;
  return bi_comm_value(bi_group_of_ranks(r, 4, loc, "comm4"));
}

/* comm_from_to(first, last): world ranks first, ..., last-1. */
static sk_value bi_comm_from_to(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  long first = a[0].u.i, last = a[1].u.i;
  (void)in;
  if (first < 0 || last > sk_tp_world_size() || last <= first)
    sk_user_error(loc, "comm_from_to(%ld, %ld): needs 0 <= first < last <= %d", first, last, sk_tp_world_size());
  return bi_comm_value(bi_group_of_range((int)first, (int)(last - first)));
}

/* comm_rand(n): n distinct world ranks in random order, drawn from the reproducible
** generator (the same on every process, so all build the same group). */
static sk_value bi_comm_rand(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  int size = sk_tp_world_size(), n = (int)a[0].u.i, i;
  long *perm;
  sk_group *g;
  (void)in;
  if (a[0].u.i < 1 || a[0].u.i > size) sk_user_error(loc, "comm_rand(%ld): there are %d processes", a[0].u.i, size);
  perm = (long *)sk_malloc(sizeof(long) * (size_t)size);
  for (i = 0; i < size; i++) perm[i] = i;
  for (i = 0; i < n; i++) {                 /* partial Fisher-Yates */
    int j = i + (int)bi_random_below(size - i);
    long t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }
  g = bi_group_of_ranks(perm, n, loc, "comm_rand");
  free(perm);
  return bi_comm_value(g);
}

static sk_value bi_get_np(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)a; (void)loc;
  return sk_int_value(sk_tp_world_size());
}

static sk_value bi_comm(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  long n = a[0].u.i;
  (void)in;
  if (n < 1 || n > sk_tp_world_size())
    sk_user_error(loc, "comm(%ld): there are %d processes", n, sk_tp_world_size());
  return bi_comm_value(bi_group_of_range(0, (int)n));
}

static sk_value bi_comm2(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  int ranks[2];
  (void)in;
  if (a[0].u.i < 0 || a[0].u.i >= sk_tp_world_size() || a[1].u.i < 0 || a[1].u.i >= sk_tp_world_size())
    sk_user_error(loc, "comm2(%ld, %ld): ranks must be between 0 and %d", a[0].u.i, a[1].u.i, sk_tp_world_size() - 1);
  if (a[0].u.i == a[1].u.i) sk_user_error(loc, "comm2: the two ranks must differ");
  ranks[0] = (int)a[0].u.i;
  ranks[1] = (int)a[1].u.i;
  return bi_comm_value(sk_tp_group_create(ranks, 2));
}

static sk_value bi_copy_comm(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return a[0];
}

static sk_value bi_comm_half(const sk_value *a, int second, const sk_loc *loc)
{
  sk_group *g = a[0].u.comm;
  if (g == NULL) sk_user_error(loc, "%s of MPI_COMM_NULL", second ? "comm_second_half" : "comm_first_half");
  {
  int n = sk_tp_group_size(g), h = n / 2, first = second ? h : 0, len = second ? n - h : h;
  const int *members = sk_tp_group_members(g);
  if (len < 1) len = 1, first = 0;
  return bi_comm_value(sk_tp_group_create(members + first, len));
  }
}

static sk_value bi_comm_first_half(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return bi_comm_half(a, 0, loc);
}

static sk_value bi_comm_second_half(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return bi_comm_half(a, 1, loc);
}

/* Ping-pongs rank 0 with every other process (SKaMPI 5 comm2_max_latency_with_root);
** the partner with the largest (or smallest) latency forms the pair. */
static sk_value bi_comm2_latency_with_root(const sk_loc *loc, int want_max)
{
  sk_group *world = sk_tp_world();
  int size = sk_tp_world_size(), me = sk_tp_world_rank(), r, k, ranks[2];
  struct { int partner; } best;    /* rank 0's choice, shared with every process */
  double best_t = want_max ? -1.0 : HUGE_VAL;
  char byte = 0;
  best.partner = 1;
  if (size < 2) sk_user_error(loc, "comm2_max_latency_with_root needs at least 2 processes");
  for (r = 1; r < size; r++) {
    if (me == 0) {
      double t0 = sk_tp_wtime(), t;
      for (k = 0; k < 20; k++) { sk_tp_send(world, r, &byte, 1); sk_tp_recv(world, r, &byte, 1); }
      t = sk_tp_wtime() - t0;
      if (want_max ? t > best_t : t < best_t) { best_t = t; best.partner = r; }
    } else if (me == r) {
      for (k = 0; k < 20; k++) { sk_tp_recv(world, 0, &byte, 1); sk_tp_send(world, 0, &byte, 1); }
    }
  }
  sk_agree(world, NULL, 0, &best, sizeof best, NULL, NULL);
  ranks[0] = 0;
  ranks[1] = best.partner;
  return bi_comm_value(sk_tp_group_create(ranks, 2));
}

static sk_value bi_comm2_max_latency_with_root(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)a;
  return bi_comm2_latency_with_root(loc, 1);
}

static sk_value bi_comm2_min_latency_with_root(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)a;
  return bi_comm2_latency_with_root(loc, 0);
}

/* ---- mathematics ---- */

static sk_value bi_sqrt(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  if (a[0].u.d < 0.0) sk_user_error(loc, "sqrt of a negative number");
  return sk_double_value(sqrt(a[0].u.d));
}

static sk_value bi_cbrt(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  double x = a[0].u.d, r;
  (void)in; (void)loc;
  r = pow(fabs(x), 1.0 / 3.0);           /* C89 has no cbrt */
  if (fabs((r + 1) * (r + 1) * (r + 1) - fabs(x)) < fabs(r * r * r - fabs(x))) r += 1;
  return sk_double_value(x < 0 ? -r : r);
}

static sk_value bi_sqr(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return sk_double_value(a[0].u.d * a[0].u.d);
}

static long bi_to_long(double x, const sk_loc *loc)
{
  if (x != x || x > (double)LONG_MAX || x < (double)LONG_MIN) sk_user_error(loc, "value %g out of the integer range", x);
  return (long)x;
}

static sk_value bi_floor(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return sk_int_value(bi_to_long(floor(a[0].u.d), loc));
}

static sk_value bi_ceil(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return sk_int_value(bi_to_long(ceil(a[0].u.d), loc));
}

static sk_value bi_log_of(double x, const sk_loc *loc, const char *fname, double divisor)
{
  if (!(x > 0.0)) sk_user_error(loc, "%s of %g: the argument must be positive", fname, x);
  return sk_double_value(log(x) / divisor);
}

static sk_value bi_log(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return bi_log_of(a[0].u.d, loc, "log", 1.0);
}

static sk_value bi_log2(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  double r;
  (void)in;
  r = bi_log_of(a[0].u.d, loc, "log2", log(2.0)).u.d;
  if (fabs(r - floor(r + 0.5)) < 1e-12) r = floor(r + 0.5);   /* exact for powers of two */
  return sk_double_value(r);
}

static sk_value bi_log10(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return sk_double_value(a[0].u.d > 0.0 ? log10(a[0].u.d) : bi_log_of(a[0].u.d, loc, "log10", 1.0).u.d);
}

/* round(x): floor(x + 0.5), as SKaMPI 5. */
static sk_value bi_round(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return sk_int_value(bi_to_long(floor(a[0].u.d + 0.5), loc));
}

static sk_value bi_min_int(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return sk_int_value(a[0].u.i < a[1].u.i ? a[0].u.i : a[1].u.i);
}

static sk_value bi_max_int(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return sk_int_value(a[0].u.i > a[1].u.i ? a[0].u.i : a[1].u.i);
}

/* round_to_fivebytes(size): round_to_fourbytes(size) + 1 (SKaMPI 5's one-sided helper, so
** that transfers are not multiples of 4). */
static sk_value bi_round_to_fivebytes(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return sk_int_value((a[0].u.i + 3) / 4 * 4 + 1);
}

static sk_value bi_round_to_fourbytes(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return sk_int_value((a[0].u.i + 3) / 4 * 4);
}

static sk_value bi_atoi(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return sk_int_value(strtol(a[0].u.s, NULL, 10));
}

static sk_value bi_modulo(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  if (a[1].u.i == 0) sk_user_error(loc, "modulo by zero");
  return sk_int_value(a[0].u.i % a[1].u.i);
}

static sk_value bi_power(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return sk_double_value(pow(a[0].u.d, a[1].u.d));
}

/* ---- derived datatypes ---- */

static const sk_datatype *bi_derived(const char *kind, long cnt, long len, long stride_bytes,
                                     const sk_datatype *old, const sk_loc *loc)
{
  sk_datatype *t;
  char name[64];
  double size = (double)cnt * len * old->size;
  double extent = cnt > 0 ? (double)(cnt - 1) * stride_bytes + (double)len * old->extent : 0.0;
  if (cnt < 0 || len < 0) sk_user_error(loc, "%s: counts must not be negative", kind);
  if (size > 1e15 || extent > 1e15 || extent < 0) sk_user_error(loc, "%s: the datatype is too large", kind);
  sprintf(name, "%.20s(%ld)", kind, cnt);
  t = sk_datatype_new(name, (size_t)size, (size_t)extent);
#ifdef SKAMPI_MPI
  if (sk_streq(kind, "mpi_type_contiguous")) MPI_Type_contiguous((int)cnt, old->mpi, &t->mpi);
  else if (sk_streq(kind, "mpi_type_vector"))
    MPI_Type_vector((int)cnt, (int)len, (int)(stride_bytes / (long)(old->extent ? old->extent : 1)), old->mpi, &t->mpi);
  else {
#if SK_MPI_REPLACED_NAMES
    MPI_Type_create_hvector((int)cnt, (int)len, (MPI_Aint)stride_bytes, old->mpi, &t->mpi);
#else
    MPI_Type_hvector((int)cnt, (int)len, (MPI_Aint)stride_bytes, old->mpi, &t->mpi);
#endif
  }
  MPI_Type_commit(&t->mpi);
#endif
  return t;
}

static sk_value bi_dt_value(const sk_datatype *t)
{
  sk_value v;
  v.type = SK_T_DATATYPE;
  v.u.dt = t;
  return v;
}

static sk_value bi_mpi_type_contiguous(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return bi_dt_value(bi_derived("mpi_type_contiguous", a[0].u.i, 1, (long)a[1].u.dt->extent, a[1].u.dt, loc));
}

static sk_value bi_mpi_type_vector(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return bi_dt_value(bi_derived("mpi_type_vector", a[0].u.i, a[1].u.i, a[2].u.i * (long)a[3].u.dt->extent, a[3].u.dt, loc));
}

static sk_value bi_mpi_type_hvector(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return bi_dt_value(bi_derived("mpi_type_hvector", a[0].u.i, a[1].u.i, a[2].u.i, a[3].u.dt, loc));
}

/* ---- arrays (SKaMPI 5 manual §4: alloc_int_array & co) ----
** Elements are numbered from 0; an index outside the array is a user error at the call. */

static size_t bi_index(const sk_value *arr, long i, const sk_loc *loc, const char *fname)
{
  size_t n = sk_array_length(arr);
  if (i < 0 || (size_t)i >= n)
    sk_user_error(loc, "%s: index %ld is outside the array (valid: 0 to %ld)", fname, i, (long)n - 1);
  return (size_t)i;
}

static size_t bi_array_size(const sk_value *a, const sk_loc *loc, const char *fname)
{
  if (a->u.i < 0) sk_user_error(loc, "%s: the size must not be negative, not %ld", fname, a->u.i);
  if (a->u.i > 1L << 24) sk_user_error(loc, "%s: size %ld is larger than %ld", fname, a->u.i, 1L << 24);
  return (size_t)a->u.i;
}

static sk_value bi_alloc_int_array(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return sk_iarray_new(bi_array_size(&a[0], loc, "alloc_int_array"));
}

static sk_value bi_alloc_datatype_array(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return sk_darray_new(bi_array_size(&a[0], loc, "alloc_datatype_array"));
}

static sk_value bi_int_array_get(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return sk_int_value(sk_iarray_get(&a[0], bi_index(&a[0], a[1].u.i, loc, "int_array_get")));
}

/* Stores into the array itself: every copy of the value sees the change (SKaMPI 5's arrays
** are shared the same way). */
static sk_value bi_int_array_set(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  sk_value arr = a[0];
  (void)in;
  sk_iarray_set(&arr, bi_index(&a[0], a[1].u.i, loc, "int_array_set"), a[2].u.i);
  return bi_none();
}

static sk_value bi_datatype_array_get(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  const sk_datatype *t;
  (void)in;
  t = sk_darray_get(&a[0], bi_index(&a[0], a[1].u.i, loc, "datatype_array_get"));
  if (t == NULL) sk_user_error(loc, "datatype_array_get: element %ld has not been set", a[1].u.i);
  return bi_dt_value(t);
}

static sk_value bi_datatype_array_set(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  sk_value arr = a[0];
  (void)in;
  sk_darray_set(&arr, bi_index(&a[0], a[1].u.i, loc, "datatype_array_set"), a[2].u.dt);
  return bi_none();
}

/* dims_create(nnodes, dims): MPI_Dims_create on a copy of dims (SKaMPI 5 manual §4). Entries
** > 0 stay; the zeros get a balanced factorisation of what is left, largest first. Without
** MPI the same is computed here: prime factors, largest first, each multiplied into the
** free entry that is smallest so far, then the free entries sorted in decreasing order. */
static sk_value bi_dims_create(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  size_t n = sk_array_length(&a[1]), i;
  long nnodes = a[0].u.i, fixed = 1, rest, nfree = 0;
  sk_value r = sk_iarray_new(n);
  (void)in;
  if (nnodes < 1 || nnodes > INT_MAX) sk_user_error(loc, "dims_create: the number of nodes must be at least 1, not %ld", nnodes);
  if (n < 1) sk_user_error(loc, "dims_create: the dims array is empty");
  for (i = 0; i < n; i++) {
    long d = sk_iarray_get(&a[1], i);
    if (d < 0) sk_user_error(loc, "dims_create: dims[%ld] is %ld; entries must be 0 (free) or positive", (long)i, d);
    sk_iarray_set(&r, i, d);
    if (d == 0) nfree++;
    else if ((fixed *= d) > nnodes) break;
  }
  if (nnodes % fixed != 0)
    sk_user_error(loc, "dims_create: %ld nodes cannot be divided into the fixed dimensions (their product is %ld)", nnodes, fixed);
  rest = nnodes / fixed;
  if (nfree == 0) {
    if (rest != 1) sk_user_error(loc, "dims_create: the fixed dimensions multiply to %ld, not %ld", fixed, nnodes);
    return r;
  }
#ifdef SKAMPI_MPI
  {
    int *dims = (int *)sk_malloc(sizeof(int) * n);
    for (i = 0; i < n; i++) dims[i] = (int)sk_iarray_get(&r, i);
    MPI_Dims_create((int)nnodes, (int)n, dims);
    for (i = 0; i < n; i++) sk_iarray_set(&r, i, dims[i]);
    free(dims);
  }
#else
  {
    long *free_dims = (long *)sk_malloc(sizeof(long) * (size_t)nfree), *primes, np = 0, p, k;
    size_t j;
    primes = (long *)sk_malloc(sizeof(long) * 64);
    for (k = 0; k < nfree; k++) free_dims[k] = 1;
    for (p = 2; p * p <= rest; p++) while (rest % p == 0) { primes[np++] = p; rest /= p; }
    if (rest > 1) primes[np++] = rest;
    for (k = np - 1; k >= 0; k--) {             /* primes are ascending: largest first */
      long smallest = 0, m;
      for (m = 1; m < nfree; m++) if (free_dims[m] < free_dims[smallest]) smallest = m;
      free_dims[smallest] *= primes[k];
    }
    for (k = 0; k < nfree; k++)                  /* decreasing order */
      for (p = k + 1; p < nfree; p++)
        if (free_dims[p] > free_dims[k]) { long t = free_dims[k]; free_dims[k] = free_dims[p]; free_dims[p] = t; }
    for (i = 0, j = 0; i < n; i++) if (sk_iarray_get(&r, i) == 0) sk_iarray_set(&r, i, free_dims[j++]);
    free(primes);
    free(free_dims);
  }
#endif
  return r;
}

/* ---- derived datatypes from arrays (SKaMPI 5 manual §4: mpi_type_indexed & co) ----
** Built, committed and described by the library: size from MPI_Type_size; as extent the
** bytes one element spans from the buffer start (lower bound + extent), so that buffers of
** count * extent bytes hold count elements. Displacements must not be negative (the data
** would lie before the buffer). Without MPI these helpers refuse: the sequential and RCCE
** builds describe datatypes by their size only. */

#ifndef SKAMPI_MPI
static void bi_needs_mpi(const char *fname, const sk_loc *loc)
{
  sk_user_error(loc, "%s needs an MPI library, which the %s build lacks", fname, SK_BACKEND_NAME);
}
#else
static int bi_int_arg(long x, const sk_loc *loc, const char *fname, const char *what, long minimum)
{
  if (x < minimum || x > INT_MAX) sk_user_error(loc, "%s: %s %ld is out of range (at least %ld)", fname, what, x, minimum);
  return (int)x;
}

/* The elements of an IArray as ints (at least one slot), each >= minimum. */
static int *bi_int_array(const sk_value *arr, const sk_loc *loc, const char *fname, const char *what, long minimum)
{
  size_t n = sk_array_length(arr), i;
  int *v = (int *)sk_malloc(sizeof(int) * (n > 0 ? n : 1));
  for (i = 0; i < n; i++) v[i] = bi_int_arg(sk_iarray_get(arr, i), loc, fname, what, minimum);
  return v;
}

static void bi_same_length(const sk_value *x, const sk_value *y, const sk_loc *loc, const char *fname)
{
  if (sk_array_length(x) != sk_array_length(y))
    sk_user_error(loc, "%s: the arrays have different lengths (%ld and %ld)", fname, (long)sk_array_length(x),
                  (long)sk_array_length(y));
}

static const sk_datatype *bi_commit_derived(const char *fname, long n, MPI_Datatype mpi, const sk_loc *loc)
{
  sk_datatype *t;
  char name[64];
  int size = 0;
  MPI_Aint lb = 0, ext = 0;
  MPI_Type_commit(&mpi);
  MPI_Type_size(mpi, &size);
#if SK_MPI_REPLACED_NAMES
  MPI_Type_get_extent(mpi, &lb, &ext);
#else
  MPI_Type_lb(mpi, &lb);
  MPI_Type_extent(mpi, &ext);
#endif
  if (lb < 0) sk_user_error(loc, "%s: the datatype starts %ld bytes before the buffer", fname, (long)-lb);
  if (size < 0 || ext < 0) sk_user_error(loc, "%s: the datatype is too large", fname);
  sprintf(name, "%.30s(%ld)", fname, n);
  t = sk_datatype_new(name, (size_t)size, (size_t)(lb + ext));
  t->mpi = mpi;
  return t;
}

/* indexed (element displacements) and hindexed (byte displacements). */
static const sk_datatype *bi_indexed(const char *fname, int bytes, const sk_value *a, const sk_loc *loc)
{
  int n, *bl, i;
  MPI_Datatype t;
  const sk_datatype *old = a[2].u.dt;
  bi_same_length(&a[0], &a[1], loc, fname);
  n = (int)sk_array_length(&a[0]);
  bl = bi_int_array(&a[0], loc, fname, "block length", 0);
  if (!bytes) {
    int *displ = bi_int_array(&a[1], loc, fname, "displacement", 0);
    MPI_Type_indexed(n, bl, displ, old->mpi, &t);
    free(displ);
  } else {
    MPI_Aint *displ = (MPI_Aint *)sk_malloc(sizeof(MPI_Aint) * (size_t)(n > 0 ? n : 1));
    for (i = 0; i < n; i++) displ[i] = (MPI_Aint)bi_int_arg(sk_iarray_get(&a[1], (size_t)i), loc, fname, "displacement", 0);
#if SK_MPI_REPLACED_NAMES
    MPI_Type_create_hindexed(n, bl, displ, old->mpi, &t);
#else
    MPI_Type_hindexed(n, bl, displ, old->mpi, &t);
#endif
    free(displ);
  }
  free(bl);
  return bi_commit_derived(fname, n, t, loc);
}
#endif

static sk_value bi_mpi_type_indexed(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
#ifdef SKAMPI_MPI
  return bi_dt_value(bi_indexed("mpi_type_indexed", 0, a, loc));
#else
  (void)a;
  bi_needs_mpi("mpi_type_indexed", loc);
  return bi_none();
#endif
}

static sk_value bi_mpi_type_hindexed(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
#ifdef SKAMPI_MPI
  return bi_dt_value(bi_indexed("mpi_type_hindexed", 1, a, loc));
#else
  (void)a;
  bi_needs_mpi("mpi_type_hindexed", loc);
  return bi_none();
#endif
}

/* mpi_type_struct(blocklengths, byte displacements, datatypes). */
static sk_value bi_mpi_type_struct(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
#ifdef SKAMPI_MPI
  {
    const char *fname = "mpi_type_struct";
    int n, *bl, i;
    MPI_Aint *displ;
    MPI_Datatype *types, t;
    bi_same_length(&a[0], &a[1], loc, fname);
    bi_same_length(&a[0], &a[2], loc, fname);
    n = (int)sk_array_length(&a[0]);
    bl = bi_int_array(&a[0], loc, fname, "block length", 0);
    displ = (MPI_Aint *)sk_malloc(sizeof(MPI_Aint) * (size_t)(n > 0 ? n : 1));
    types = (MPI_Datatype *)sk_malloc(sizeof(MPI_Datatype) * (size_t)(n > 0 ? n : 1));
    for (i = 0; i < n; i++) {
      const sk_datatype *dt = sk_darray_get(&a[2], (size_t)i);
      if (dt == NULL) sk_user_error(loc, "%s: element %d of the datatype array has not been set", fname, i);
      types[i] = dt->mpi;
      displ[i] = (MPI_Aint)bi_int_arg(sk_iarray_get(&a[1], (size_t)i), loc, fname, "displacement", 0);
    }
#if SK_MPI_REPLACED_NAMES
    MPI_Type_create_struct(n, bl, displ, types, &t);
#else
    MPI_Type_struct(n, bl, displ, types, &t);
#endif
    free(bl);
    free(displ);
    free(types);
    return bi_dt_value(bi_commit_derived(fname, n, t, loc));
  }
#else
  (void)a;
  bi_needs_mpi("mpi_type_struct", loc);
  return bi_none();
#endif
}

/* mpi_type_create_subarray and mpi_type_create_darray: MPI-2, C order. */
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2 && defined(MPI_ORDER_C)
#define BI_HAVE_SUBARRAY 1
#else
#define BI_HAVE_SUBARRAY 0
static void bi_needs_mpi2(const char *fname, const sk_loc *loc)
{
#ifdef SKAMPI_MPI
  sk_user_error(loc, "%s needs MPI-2, and this build uses MPI-1.1 only", fname);
#else
  bi_needs_mpi(fname, loc);
#endif
}
#endif

static sk_value bi_mpi_type_create_subarray(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
#if BI_HAVE_SUBARRAY
  {
    const char *fname = "mpi_type_create_subarray";
    int n, *sizes, *subsizes, *starts, i;
    MPI_Datatype t;
    bi_same_length(&a[0], &a[1], loc, fname);
    bi_same_length(&a[0], &a[2], loc, fname);
    n = (int)sk_array_length(&a[0]);
    if (n < 1) sk_user_error(loc, "%s: the arrays are empty", fname);
    sizes = bi_int_array(&a[0], loc, fname, "size", 1);
    subsizes = bi_int_array(&a[1], loc, fname, "subsize", 1);
    starts = bi_int_array(&a[2], loc, fname, "start", 0);
    for (i = 0; i < n; i++)
      if (subsizes[i] > sizes[i] || starts[i] > sizes[i] - subsizes[i])
        sk_user_error(loc, "%s: in dimension %d the subarray (start %d, size %d) does not fit into size %d", fname, i,
                      starts[i], subsizes[i], sizes[i]);
    MPI_Type_create_subarray(n, sizes, subsizes, starts, MPI_ORDER_C, a[3].u.dt->mpi, &t);
    free(sizes);
    free(subsizes);
    free(starts);
    return bi_dt_value(bi_commit_derived(fname, n, t, loc));
  }
#else
  (void)a;
  bi_needs_mpi2("mpi_type_create_subarray", loc);
  return bi_none();
#endif
}

static sk_value bi_mpi_type_create_darray(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
#if BI_HAVE_SUBARRAY
  {
    const char *fname = "mpi_type_create_darray";
    int n, size, rank, *gsizes, *distribs, *dargs, *psizes, i;
    long procs = 1;
    MPI_Datatype t;
    size = bi_int_arg(a[0].u.i, loc, fname, "size", 1);
    rank = bi_int_arg(a[1].u.i, loc, fname, "rank", 0);
    if (rank >= size) sk_user_error(loc, "%s: rank %d is not below size %d", fname, rank, size);
    bi_same_length(&a[2], &a[3], loc, fname);
    bi_same_length(&a[2], &a[4], loc, fname);
    bi_same_length(&a[2], &a[5], loc, fname);
    n = (int)sk_array_length(&a[2]);
    if (n < 1) sk_user_error(loc, "%s: the arrays are empty", fname);
    gsizes = bi_int_array(&a[2], loc, fname, "global size", 1);
    distribs = bi_int_array(&a[3], loc, fname, "distribution", INT_MIN);
    dargs = bi_int_array(&a[4], loc, fname, "distribution argument", INT_MIN);
    psizes = bi_int_array(&a[5], loc, fname, "process grid size", 1);
    for (i = 0; i < n; i++) {
      if (distribs[i] != MPI_DISTRIBUTE_BLOCK && distribs[i] != MPI_DISTRIBUTE_CYCLIC && distribs[i] != MPI_DISTRIBUTE_NONE)
        sk_user_error(loc, "%s: distribution %d is not MPI_DISTRIBUTE_BLOCK, _CYCLIC or _NONE", fname, distribs[i]);
      if (dargs[i] != MPI_DISTRIBUTE_DFLT_DARG && dargs[i] < 1)
        sk_user_error(loc, "%s: distribution argument %d must be positive or MPI_DISTRIBUTE_DFLT_DARG", fname, dargs[i]);
      if (distribs[i] == MPI_DISTRIBUTE_NONE && psizes[i] != 1)
        sk_user_error(loc, "%s: dimension %d is not distributed, so its process grid size must be 1", fname, i);
      if (distribs[i] == MPI_DISTRIBUTE_BLOCK && dargs[i] != MPI_DISTRIBUTE_DFLT_DARG &&
          (long)dargs[i] * psizes[i] < gsizes[i])
        sk_user_error(loc, "%s: in dimension %d blocks of %d on %d processes do not cover %d elements", fname, i,
                      dargs[i], psizes[i], gsizes[i]);
      procs *= psizes[i];
      if (procs > size) break;
    }
    if (procs != size) sk_user_error(loc, "%s: the process grid sizes do not multiply to %d", fname, size);
    MPI_Type_create_darray(size, rank, n, gsizes, distribs, dargs, psizes, MPI_ORDER_C, a[6].u.dt->mpi, &t);
    free(gsizes);
    free(distribs);
    free(dargs);
    free(psizes);
    return bi_dt_value(bi_commit_derived(fname, n, t, loc));
  }
#else
  (void)a;
  bi_needs_mpi2("mpi_type_create_darray", loc);
  return bi_none();
#endif
}

/* ---- info objects ---- */

static sk_value bi_info_create(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  sk_value v;
  (void)in; (void)a; (void)loc;
  v.type = SK_T_INFO;
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  v.u.info = sk_malloc(sizeof(MPI_Info));
  MPI_Info_create((MPI_Info *)v.u.info);
#else
  v.u.info = sk_malloc(1);   /* a token: info objects have no effect without MPI-2 */
#endif
  return v;
}

static sk_value bi_info_free(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  if (a[0].u.info == NULL) return bi_none();
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  MPI_Info_free((MPI_Info *)a[0].u.info);
#endif
  return bi_none();          /* the handle memory stays: copies of the value may live on */
}

static sk_value bi_info_set(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  if (a[0].u.info == NULL) sk_user_error(loc, "info_set on MPI_INFO_NULL");
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  MPI_Info_set(*(MPI_Info *)a[0].u.info, (char *)a[1].u.s, (char *)a[2].u.s);
#else
  (void)a;
#endif
  return bi_none();
}

/* ---- synchronisation and accounting ---- */

static sk_value bi_choose_no_synchronization(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  in->settings.sync.method = SK_SYNC_NONE;
  return bi_none();
}

static sk_value bi_choose_barrier_synchronization(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  in->settings.sync.method = SK_SYNC_BARRIER;
  return bi_none();
}

static sk_value bi_choose_real_synchronization(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  in->settings.sync.method = SK_SYNC_REAL;
  return bi_none();
}

static sk_value bi_choose_offset_estimation_linear(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  in->settings.sync.offset_method = SK_OFFSETS_LINEAR;   /* estimates by another method are stale */
  return bi_none();
}

static sk_value bi_choose_offset_estimation_hca(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  in->settings.sync.offset_method = SK_OFFSETS_HCA;   /* estimates by another method are stale */
  return bi_none();
}

static sk_value bi_set_clock_offset_max_age(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d <= 0.0) sk_user_error(loc, "set_clock_offset_max_age: the age must be positive (seconds)");
  in->settings.sync.max_offset_age = a[0].u.d;
  return bi_none();
}

static sk_value bi_resynchronize_clocks(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)a; (void)loc;
  sk_sync_invalidate_offsets();
  return bi_none();
}

static sk_value bi_init_time_accounting(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  in->time_accounting = 1;
  in->time_in_measurements = 0.0;
  in->run_started = sk_tp_wtime();
  return bi_none();
}

static sk_value bi_print_time_accounting_info(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  if (sk_tp_world_rank() == 0) {
    sk_str s;
    sk_str_init(&s);
    sk_str_printf(&s, "# time accounting: %.3f s in %ld measurements, %.3f s in total\n",
                  in->time_in_measurements, in->measurements, sk_tp_wtime() - in->run_started);
    sk_out_text(s.data);
    sk_str_free(&s);
  }
  return bi_none();
}

/* output_comment("text"): a '# text' line in the output (SKaMPI 4's free-text
** sections USER, MACHINE, ... land in the output this way). */
static sk_value bi_output_comment(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  if (sk_tp_world_rank() == 0) {
    sk_str s;
    sk_str_init(&s);
    sk_str_printf(&s, "# %s\n", a[0].u.s);
    sk_out_text(s.data);
    sk_str_free(&s);
  }
  return bi_none();
}

/* Verification of the portable broadcasts (meas_bcast_algos.c): every process checks
** after each call that it holds exactly the root's bytes; a mismatch stops the run. */
static sk_value bi_switch_verification_on(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  in->settings.verify = 1;
  return bi_none();
}

static sk_value bi_switch_verification_off(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  in->settings.verify = 0;
  return bi_none();
}

static const sk_builtin builtin_table[] = {
  { "switch_verification_on", "", SK_T_NONE, bi_switch_verification_on },
  { "switch_verification_off", "", SK_T_NONE, bi_switch_verification_off },
  { "output_comment", "s", SK_T_NONE, bi_output_comment },
  { "set_min_repetitions", "i", SK_T_NONE, bi_set_min_repetitions },
  { "set_max_repetitions", "i", SK_T_NONE, bi_set_max_repetitions },
  { "set_max_relative_standard_error", "d", SK_T_NONE, bi_set_max_relative_standard_error },
  { "set_max_nr_node_times", "i", SK_T_NONE, bi_set_max_nr_node_times },
  { "set_cut_quantile", "d", SK_T_NONE, bi_set_cut_quantile },
  { "set_time_limit_per_measurement", "d", SK_T_NONE, bi_set_time_limit_per_measurement },
  { "set_time_limit_per_suite", "d", SK_T_NONE, bi_set_time_limit_per_suite },
  { "set_autorefine_max_error", "d", SK_T_NONE, bi_set_autorefine_max_error },
  { "set_autorefine_min_distance", "d", SK_T_NONE, bi_set_autorefine_min_distance },
  { "set_autorefine_max_steps", "i", SK_T_NONE, bi_set_autorefine_max_steps },
  { "set_skampi_buffer", "i", SK_T_NONE, bi_set_skampi_buffer },
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  { "set_skampi_buffer_mpi_alloc_mem", "in", SK_T_NONE, bi_set_skampi_buffer_mpi_alloc_mem },
#endif
  { "use_mpi_alloc_mem", "i", SK_T_NONE, bi_use_mpi_alloc_mem },
  { "set_mpi_alloc_mem_info", "n", SK_T_NONE, bi_set_mpi_alloc_mem_info },
  { "get_mpi_alloc_mem_info", "", SK_T_INFO, bi_get_mpi_alloc_mem_info },
  { "set_unit", "d", SK_T_NONE, bi_set_unit },
  { "set_autorefine_factor", "d", SK_T_NONE, bi_set_autorefine_factor },
  { "get_random_int", "ii", SK_T_INT, bi_get_random_int },
  { "get_env", "s", SK_T_STRING, bi_get_env },
  { "mpi_processor_names", "", SK_T_STRING, bi_mpi_processor_names },
  { "get_comm_rank", "c", SK_T_INT, bi_get_comm_rank },
  { "is_mpi_comm_null", "c", SK_T_INT, bi_is_mpi_comm_null },
  { "last_proc", "", SK_T_INT, bi_last_proc },
  { "comm4", "iiii", SK_T_COMM, bi_comm4 },
  { "comm_from_to", "ii", SK_T_COMM, bi_comm_from_to },
  { "comm_rand", "i", SK_T_COMM, bi_comm_rand },
  { "log", "d", SK_T_DOUBLE, bi_log },
  { "log2", "d", SK_T_DOUBLE, bi_log2 },
  { "log10", "d", SK_T_DOUBLE, bi_log10 },
  { "round", "d", SK_T_INT, bi_round },
  { "min_int", "ii", SK_T_INT, bi_min_int },
  { "max_int", "ii", SK_T_INT, bi_max_int },
  { "round_to_fivebytes", "i", SK_T_INT, bi_round_to_fivebytes },
  { "switch_buffer_cycling_on", "", SK_T_NONE, bi_switch_buffer_cycling_on },
  { "switch_buffer_cycling_off", "", SK_T_NONE, bi_switch_buffer_cycling_off },
  { "set_send_buffer_alignment", "i", SK_T_NONE, bi_set_send_buffer_alignment },
  { "set_recv_buffer_alignment", "i", SK_T_NONE, bi_set_recv_buffer_alignment },
  { "set_cache_size", "i", SK_T_NONE, bi_set_cache_size },
  { "get_comm_size", "c", SK_T_INT, bi_get_comm_size },
  { "get_np", "", SK_T_INT, bi_get_np },
  { "comm2_max_latency_with_root", "", SK_T_COMM, bi_comm2_max_latency_with_root },
  { "comm2_min_latency_with_root", "", SK_T_COMM, bi_comm2_min_latency_with_root },
  { "comm", "i", SK_T_COMM, bi_comm },
  { "comm2", "ii", SK_T_COMM, bi_comm2 },
  { "copy_comm", "c", SK_T_COMM, bi_copy_comm },
  { "comm_first_half", "c", SK_T_COMM, bi_comm_first_half },
  { "comm_second_half", "c", SK_T_COMM, bi_comm_second_half },
  { "sqrt", "d", SK_T_DOUBLE, bi_sqrt },
  { "cbrt", "d", SK_T_DOUBLE, bi_cbrt },
  { "sqr", "d", SK_T_DOUBLE, bi_sqr },
  { "floor", "d", SK_T_INT, bi_floor },
  { "ceil", "d", SK_T_INT, bi_ceil },
  { "round_to_fourbytes", "i", SK_T_INT, bi_round_to_fourbytes },
  { "atoi", "s", SK_T_INT, bi_atoi },
  { "modulo", "ii", SK_T_INT, bi_modulo },
  { "power", "dd", SK_T_DOUBLE, bi_power },
  { "mpi_type_contiguous", "it", SK_T_DATATYPE, bi_mpi_type_contiguous },
  { "mpi_type_vector", "iiit", SK_T_DATATYPE, bi_mpi_type_vector },
  { "mpi_type_hvector", "iiit", SK_T_DATATYPE, bi_mpi_type_hvector },
  { "mpi_type_indexed", "aat", SK_T_DATATYPE, bi_mpi_type_indexed },
  { "mpi_type_hindexed", "aat", SK_T_DATATYPE, bi_mpi_type_hindexed },
  { "mpi_type_struct", "aae", SK_T_DATATYPE, bi_mpi_type_struct },
  { "mpi_type_create_subarray", "aaat", SK_T_DATATYPE, bi_mpi_type_create_subarray },
  { "mpi_type_create_darray", "iiaaaat", SK_T_DATATYPE, bi_mpi_type_create_darray },
  { "alloc_int_array", "i", SK_T_IARRAY, bi_alloc_int_array },
  { "int_array_get", "ai", SK_T_INT, bi_int_array_get },
  { "int_array_set", "aii", SK_T_NONE, bi_int_array_set },
  { "alloc_datatype_array", "i", SK_T_DARRAY, bi_alloc_datatype_array },
  { "datatype_array_get", "ei", SK_T_DATATYPE, bi_datatype_array_get },
  { "datatype_array_set", "eit", SK_T_NONE, bi_datatype_array_set },
  { "dims_create", "ia", SK_T_IARRAY, bi_dims_create },
  { "info_create", "", SK_T_INFO, bi_info_create },
  { "info_free", "n", SK_T_NONE, bi_info_free },
  { "info_set", "nss", SK_T_NONE, bi_info_set },
  { "choose_no_synchronization", "", SK_T_NONE, bi_choose_no_synchronization },
  { "choose_barrier_synchronization", "", SK_T_NONE, bi_choose_barrier_synchronization },
  { "choose_real_synchronization", "", SK_T_NONE, bi_choose_real_synchronization },
  { "choose_offset_estimation_linear", "", SK_T_NONE, bi_choose_offset_estimation_linear },
  { "choose_offset_estimation_hca", "", SK_T_NONE, bi_choose_offset_estimation_hca },
  { "set_clock_offset_max_age", "d", SK_T_NONE, bi_set_clock_offset_max_age },
  { "resynchronize_clocks", "", SK_T_NONE, bi_resynchronize_clocks },
  { "init_time_accounting", "", SK_T_NONE, bi_init_time_accounting },
  { "print_time_accounting_info", "", SK_T_NONE, bi_print_time_accounting_info },
  { NULL, NULL, SK_T_NONE, NULL }
};

/* The tables of the measurement modules that export builtins (builtins.h). */
static const sk_builtin_table_fn builtin_module_tables[] = {
  sk_builtins_bcast_algos,
  NULL
};

SK_API const sk_builtin *sk_builtin_find(const char *name)
{
  int i, t;
  for (i = 0; builtin_table[i].name; i++) if (sk_streq(builtin_table[i].name, name)) return &builtin_table[i];
  for (t = 0; builtin_module_tables[t]; t++) {
    const sk_builtin *tab = builtin_module_tables[t]();
    for (i = 0; tab[i].name; i++) if (sk_streq(tab[i].name, name)) return &tab[i];
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
  it_state *st = (it_state *)*self;
  if (st == NULL) {
    if (a[0].u.i > a[1].u.i) { *self = NULL; return sk_int_value(0); }
    st = (it_state *)sk_malloc(sizeof *st);
    st->k = a[0].u.i;
    st->end = a[1].u.i;
    *self = st;
    return sk_int_value(st->k * st->k);
  }
  if (++st->k > st->end) { free(st); *self = NULL; return sk_int_value(0); }
  return sk_int_value(st->k * st->k);
}

static const sk_iterator iterator_table[] = {
  { "range", "ii", it_range },
  { "squares", "ii", it_squares },
  { NULL, NULL, NULL }
};

SK_API const sk_iterator *sk_iterator_find(const char *name)
{
  int i;
  for (i = 0; iterator_table[i].name; i++) if (sk_streq(iterator_table[i].name, name)) return &iterator_table[i];
  return NULL;
}

/* ---- constants (SKaMPI 5 manual §5.2) ----
** Integer constants come from the library where it declares them (window constants from
** MPI-2 on, file and darray constants where the library has MPI-IO); elsewhere the names
** stay known so that sk_constant_unavailable can say why they cannot be used. */

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
#define BI_HAVE_WIN 1
#else
#define BI_HAVE_WIN 0
#endif
#if BI_HAVE_WIN && defined(MPI_MODE_RDONLY) && defined(MPI_DISTRIBUTE_BLOCK) && defined(MPI_ORDER_C)
#define BI_HAVE_IO 1
#else
#define BI_HAVE_IO 0
#endif
#if defined(SKAMPI_MPI) && defined(MPI_LB) && defined(MPI_UB) && (!defined(MPI_VERSION) || MPI_VERSION < 3)
#define BI_HAVE_LB_UB 1
#else
#define BI_HAVE_LB_UB 0
#endif

typedef struct bi_int_constant { const char *name; long value; } bi_int_constant;

static const bi_int_constant bi_ints[] = {
#ifdef SKAMPI_MPI
  { "MPI_UNDEFINED", MPI_UNDEFINED },
#else
  { "MPI_UNDEFINED", -32766 },
#endif
#if BI_HAVE_WIN
  { "MPI_LOCK_EXCLUSIVE", MPI_LOCK_EXCLUSIVE }, { "MPI_LOCK_SHARED", MPI_LOCK_SHARED },
  { "MPI_MODE_NOCHECK", MPI_MODE_NOCHECK }, { "MPI_MODE_NOPRECEDE", MPI_MODE_NOPRECEDE },
  { "MPI_MODE_NOPUT", MPI_MODE_NOPUT }, { "MPI_MODE_NOSTORE", MPI_MODE_NOSTORE },
  { "MPI_MODE_NOSUCCEED", MPI_MODE_NOSUCCEED },
#endif
#if BI_HAVE_IO
  { "MPI_MODE_APPEND", MPI_MODE_APPEND }, { "MPI_MODE_CREATE", MPI_MODE_CREATE },
  { "MPI_MODE_DELETE_ON_CLOSE", MPI_MODE_DELETE_ON_CLOSE }, { "MPI_MODE_EXCL", MPI_MODE_EXCL },
  { "MPI_MODE_RDONLY", MPI_MODE_RDONLY }, { "MPI_MODE_RDWR", MPI_MODE_RDWR },
  { "MPI_MODE_SEQUENTIAL", MPI_MODE_SEQUENTIAL }, { "MPI_MODE_UNIQUE_OPEN", MPI_MODE_UNIQUE_OPEN },
  { "MPI_MODE_WRONLY", MPI_MODE_WRONLY },
  { "MPI_DISTRIBUTE_BLOCK", MPI_DISTRIBUTE_BLOCK }, { "MPI_DISTRIBUTE_CYCLIC", MPI_DISTRIBUTE_CYCLIC },
  { "MPI_DISTRIBUTE_NONE", MPI_DISTRIBUTE_NONE }, { "MPI_DISTRIBUTE_DFLT_DARG", MPI_DISTRIBUTE_DFLT_DARG },
  { "MPI_ORDER_C", MPI_ORDER_C }, { "MPI_ORDER_FORTRAN", MPI_ORDER_FORTRAN },
#endif
  { NULL, 0 }
};

#if BI_HAVE_LB_UB
static sk_datatype bi_lb = { "MPI_LB", 0, 0, MPI_LB }, bi_ub = { "MPI_UB", 0, 0, MPI_UB };
#endif

SK_API int sk_constant_find(const char *name, sk_value *out)
{
  int i;
  const sk_datatype *dt;
  const sk_opdef *op;
  if (strncmp(name, "MPI_", 4) != 0) return 0;
  if (sk_streq(name, "MPI_COMM_WORLD")) { *out = bi_comm_value(sk_tp_world()); return 1; }
  if (sk_streq(name, "MPI_COMM_NULL")) { *out = bi_comm_value(NULL); return 1; }
  /* MPI_COMM_SELF: one process per group; only the one-process world is such a group
  ** without a collective creation (see sk_constant_unavailable). */
  if (sk_streq(name, "MPI_COMM_SELF") && sk_tp_world() != NULL && sk_tp_world_size() == 1) {
    *out = bi_comm_value(sk_tp_world());
    return 1;
  }
  if (sk_streq(name, "MPI_INFO_NULL")) { out->type = SK_T_INFO; out->u.info = NULL; return 1; }
  for (i = 0; bi_ints[i].name; i++) if (sk_streq(bi_ints[i].name, name)) { *out = sk_int_value(bi_ints[i].value); return 1; }
#if BI_HAVE_LB_UB
  if (sk_streq(name, "MPI_LB")) { *out = bi_dt_value(&bi_lb); return 1; }
  if (sk_streq(name, "MPI_UB")) { *out = bi_dt_value(&bi_ub); return 1; }
#endif
  if ((dt = sk_datatype_lookup(name)) != NULL) { *out = bi_dt_value(dt); return 1; }
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
  { "MPI_LB", 'l' }, { "MPI_UB", 'l' }, { "MPI_COMM_SELF", 's' },
  { NULL, 0 }
};

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
  if (needs == 's')
    sk_str_puts(&s, "MPI_COMM_SELF is only supported on one process so far (it needs a per-process group from the transport)");
#ifndef SKAMPI_MPI
  else sk_str_printf(&s, "it needs an MPI library, which the %s build lacks", SK_BACKEND_NAME);
#else
  else if (needs == 'l') sk_str_printf(&s, "the MPI library has no %s (removed in MPI-3)", name);
  else if (SK_MPI_LEVEL < 2)
    sk_str_puts(&s, "it needs MPI-2, and this build uses MPI-1.1 only");
  else sk_str_printf(&s, "the MPI library declares no %s (it has no MPI-IO)", name);
#endif
  sk_copy_string(why, size, s.data);
  sk_str_free(&s);
  return 1;
}

/* ---- enumeration (skampi -l) ---- */

/* The i-th helper over builtin_table and then the module tables, in that order; the i-th
** iterator. NULL when i is past the last one. */
SK_API const sk_builtin *sk_builtin_entry(int i)
{
  int k, t;
  if (i < 0) return NULL;
  for (k = 0; builtin_table[k].name; k++) if (i-- == 0) return &builtin_table[k];
  for (t = 0; builtin_module_tables[t]; t++) {
    const sk_builtin *tab = builtin_module_tables[t]();
    for (k = 0; tab[k].name; k++) if (i-- == 0) return &tab[k];
  }
  return NULL;
}

SK_API const sk_iterator *sk_iterator_entry(int i)
{
  int k;
  if (i < 0) return NULL;
  for (k = 0; iterator_table[k].name; k++) if (i-- == 0) return &iterator_table[k];
  return NULL;
}
