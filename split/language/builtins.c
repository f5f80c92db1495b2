/*
** builtins.c -- the helper functions of SKaMPI 5 manual §4.1 (plus get_np() used by SKaMPI 5's
** own input files and skampi's own settings), the iterators of §4.2/§6.3, and the
** predefined constants of §5.2.
*/
#include "builtins.h"
#include "output.h"
#include "buffers.h"
#include "io_files.h"
#include "io_daccess.h"
#include "mpit.h"
#include "peruse.h"
#if SK_HAVE_MPI_IO
#include <sys/types.h>
#include <sys/stat.h>
#endif

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

/* A number of repetitions: at least 1; at most BI_MAX_REPS, as every repetition keeps
** its time (8 bytes) on each process. */
#define BI_MAX_REPS 10000000L
static int bi_repetitions(const sk_value *a, const sk_loc *loc, const char *fname)
{
  long n = bi_positive(a, loc, fname, 1);
  if (n > BI_MAX_REPS) sk_user_error(loc, "%s: at most %ld repetitions, not %ld", fname, BI_MAX_REPS, n);
  return (int)n;
}

/* set_min_repetitions and set_max_repetitions contradict each other when both were
** given and the minimum exceeds the maximum: the later statement is the error, and
** names the earlier one (a bound left at its default only moves along). */
static void bi_check_repetitions(sk_bctx *bc, const sk_loc *loc, const char *fname, const sk_loc *other)
{
  const sk_asec_config *r = &bc->settings->asec;
  if (other->file == NULL || r->min_reps <= r->max_reps) return;
  sk_user_error(loc, "%s: the minimum number of repetitions (%d) exceeds the maximum (%d) that %s:%d:%d set; "
                "set the maximum first when raising both", fname, r->min_reps, r->max_reps,
                other->file, other->line, other->col);
}

static sk_value bi_set_min_repetitions(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  bc->settings->asec.min_reps = bi_repetitions(&a[0], loc, "set_min_repetitions");
  bi_check_repetitions(bc, loc, "set_min_repetitions", &bc->run->max_reps_at);
  bc->run->min_reps_at = *loc;
  return bi_none();
}

static sk_value bi_set_max_repetitions(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  bc->settings->asec.max_reps = bi_repetitions(&a[0], loc, "set_max_repetitions");
  bi_check_repetitions(bc, loc, "set_max_repetitions", &bc->run->min_reps_at);
  bc->run->max_reps_at = *loc;
  return bi_none();
}

static sk_value bi_set_max_relative_standard_error(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0) sk_user_error(loc, "set_max_relative_standard_error: the limit must not be negative");
  bc->settings->asec.max_rel_error = a[0].u.d;
  return bi_none();
}

static sk_value bi_set_max_nr_node_times(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  bc->settings->max_node_times = (int)bi_positive(&a[0], loc, "set_max_nr_node_times", 0);
  return bi_none();
}

static sk_value bi_set_cut_quantile(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0 || a[0].u.d >= 0.5) sk_user_error(loc, "set_cut_quantile: the quantile must be in [0, 0.5)");
  bc->settings->asec.cut_quantile = a[0].u.d;
  return bi_none();
}

/* set_result_statistic("min" | "mean"): what the time column of a result reports. */
static sk_value bi_set_result_statistic(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (strcmp(a[0].u.s, "min") == 0) bc->settings->asec.statistic = SK_STATISTIC_MIN;
  else if (strcmp(a[0].u.s, "mean") == 0) bc->settings->asec.statistic = SK_STATISTIC_MEAN;
  else sk_user_error(loc, "set_result_statistic: \"%s\" is neither \"min\" nor \"mean\"", a[0].u.s);
  if (sk_tp_world_rank() == 0)
    sk_out_text(bc->settings->asec.statistic == SK_STATISTIC_MIN
                ? "# result statistic: the time column is the minimum over the repetitions\n"
                : "# result statistic: the time column is the mean of the kept repetitions\n");
  return bi_none();
}

static sk_value bi_set_time_limit_per_measurement(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0) sk_user_error(loc, "the time limit must not be negative");
  bc->settings->asec.time_limit = a[0].u.d;
  return bi_none();
}

static sk_value bi_set_time_limit_per_suite(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0) sk_user_error(loc, "the time limit must not be negative");
  bc->settings->suite_time_limit = a[0].u.d;
  return bi_none();
}

static sk_value bi_set_autorefine_max_error(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0) sk_user_error(loc, "set_autorefine_max_error: must not be negative");
  bc->settings->apr.max_error = a[0].u.d;
  return bi_none();
}

static sk_value bi_set_autorefine_min_distance(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0) sk_user_error(loc, "set_autorefine_min_distance: must not be negative");
  bc->settings->apr.min_distance = a[0].u.d;
  return bi_none();
}

static sk_value bi_set_autorefine_max_steps(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  bc->settings->apr.max_steps = (int)bi_positive(&a[0], loc, "set_autorefine_max_steps", 0);
  return bi_none();
}

/* ---- buffers ---- */

/* The first process (world rank) that could not allocate, or -1: every process learns
** it, so that all of them end alike with the user's error. */
static void bi_decide_first_failure(void *ctx, const void *ballots, int n, void *decision)
{
  const int *failed = (const int *)ballots;
  int *who = (int *)decision, i;
  (void)ctx;
  *who = -1;
  for (i = 0; i < n && *who < 0; i++) if (failed[i]) *who = i;
}

/* (Re)allocates the buffer region and cache as the settings now say; memory the input
** asks for but the machine lacks is the input's mistake, named at the statement. */
static void bi_apply_buffers(sk_bctx *bc, const sk_loc *loc, const char *fname)
{
  const sk_buffer_config *c = &bc->settings->buffers;
  int failed = !sk_buffers_configure(c), who = -1;
  sk_agree(sk_tp_world(), &failed, sizeof failed, &who, sizeof who, bi_decide_first_failure, NULL);
  if (who >= 0 && c->cache_size == 0)
    sk_user_error(loc, "%s: cannot allocate the buffer region of %.0f bytes (the buffer of %.0f bytes plus "
                  "alignment) on process %d; ask for less memory", fname,
                  sk_buffers_region_bytes(c), (double)c->size, who);
  if (who >= 0)
    sk_user_error(loc, "%s: cannot allocate the buffer region of %.0f bytes and the cache of %.0f bytes "
                  "on process %d; ask for less memory", fname, sk_buffers_region_bytes(c),
                  (double)c->cache_size, who);
}

static sk_value bi_set_skampi_buffer(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  bc->settings->buffers.size = (size_t)bi_positive(&a[0], loc, "set_skampi_buffer", 0);
  bi_apply_buffers(bc, loc, "set_skampi_buffer");
  return bi_none();
}

static sk_value bi_switch_buffer_cycling_on(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a;
  bc->settings->buffers.cycling = 1;
  bi_apply_buffers(bc, loc, "switch_buffer_cycling_on");
  return bi_none();
}

static sk_value bi_switch_buffer_cycling_off(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a;
  bc->settings->buffers.cycling = 0;
  bi_apply_buffers(bc, loc, "switch_buffer_cycling_off");
  return bi_none();
}

static size_t bi_alignment(const sk_value *a, const sk_loc *loc, const char *fname)
{
  long x = bi_positive(a, loc, fname, 1);
  if (x > 1L << 20) sk_user_error(loc, "%s: alignment %ld is larger than 1 MiB", fname, x);
  return (size_t)x;
}

static sk_value bi_set_send_buffer_alignment(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  bc->settings->buffers.send_align = bi_alignment(&a[0], loc, "set_send_buffer_alignment");
  bi_apply_buffers(bc, loc, "set_send_buffer_alignment");
  return bi_none();
}

static sk_value bi_set_recv_buffer_alignment(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  bc->settings->buffers.recv_align = bi_alignment(&a[0], loc, "set_recv_buffer_alignment");
  bi_apply_buffers(bc, loc, "set_recv_buffer_alignment");
  return bi_none();
}

static sk_value bi_set_cache_size(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  bc->settings->buffers.cache_size = (size_t)bi_positive(&a[0], loc, "set_cache_size", 0);
  bi_apply_buffers(bc, loc, "set_cache_size");
  return bi_none();
}

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
/* set_skampi_buffer_mpi_alloc_mem(size, info): the region of set_skampi_buffer, allocated
** with MPI_Alloc_mem and the given info (SKaMPI 5's onesided.c helper; MPI-2 only). */
static sk_value bi_set_skampi_buffer_mpi_alloc_mem(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  bc->settings->buffers.size = (size_t)bi_positive(&a[0], loc, "set_skampi_buffer_mpi_alloc_mem", 0);
  bc->settings->buffers.mpi_alloc_mem = 1;
  bc->settings->buffers.mpi_alloc_info = a[1].u.info;
  bi_apply_buffers(bc, loc, "set_skampi_buffer_mpi_alloc_mem");
  return bi_none();
}
#endif

/* use_mpi_alloc_mem(flag): skampi's own allocations (the buffer region) through
** MPI_Alloc_mem. Without MPI-2 a note says that malloc stays in use. */
static sk_value bi_use_mpi_alloc_mem(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)loc;
  bc->settings->mpi_alloc_mem = a[0].u.i != 0;
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  bc->settings->buffers.mpi_alloc_mem = a[0].u.i != 0;
  bc->settings->buffers.mpi_alloc_info = bc->settings->mpi_alloc_info;
  bi_apply_buffers(bc, loc, "use_mpi_alloc_mem");
#else
  if (a[0].u.i != 0 && sk_tp_world_rank() == 0)
    sk_out_text("# use_mpi_alloc_mem: this build has no MPI_Alloc_mem (MPI-2); malloc is used\n");
#endif
  return bi_none();
}

static sk_value bi_set_mpi_alloc_mem_info(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)loc;
  bc->settings->mpi_alloc_info = a[0].u.info;
  if (bc->settings->buffers.mpi_alloc_mem) {
    bc->settings->buffers.mpi_alloc_info = a[0].u.info;
    bi_apply_buffers(bc, loc, "set_mpi_alloc_mem_info");
  }
  return bi_none();
}

static sk_value bi_get_mpi_alloc_mem_info(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  sk_value v;
  (void)a; (void)loc;
  v.type = SK_T_INFO;
  v.u.info = bc->settings->mpi_alloc_info;
  return v;
}

/* set_unit(factor): seconds times factor is the printed unit (1e6: microseconds, the
** default); the blocks that follow print their times in it and say so in a comment line. */
static sk_value bi_set_unit(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (!(a[0].u.d > 0.0)) sk_user_error(loc, "set_unit: the factor must be positive");
  bc->settings->unit = a[0].u.d;
  return bi_none();
}

/* set_autorefine_factor(f), the original SKaMPI 5's autorefine budget: an autorefine loop
** measures at most f times as many points as its for loop would (skampi's default is no
** such budget: max_error and min_distance bound the refinement). */
static sk_value bi_set_autorefine_factor(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (!(a[0].u.d > 0.0)) sk_user_error(loc, "set_autorefine_factor: the factor must be positive");
  bc->settings->apr.budget_factor = a[0].u.d;
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

static sk_value bi_get_random_int(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  double span = (double)a[1].u.i - (double)a[0].u.i + 1.0;
  (void)bc;
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
static sk_value bi_get_env(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  const char *e = getenv(a[0].u.s);
  sk_str s;
  sk_value v;
  (void)bc; (void)loc;
  sk_str_init(&s);
  sk_str_printf(&s, "%s/", e ? e : "");
  v = bi_string_value(s.data);
  sk_str_free(&s);
  return v;
}

/* mpi_processor_names(): this process's "# rank NNNNNN: <host>". */
static sk_value bi_mpi_processor_names(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  char name[256];
  sk_str s;
  sk_value v;
  (void)bc; (void)a; (void)loc;
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

static sk_value bi_get_comm_size(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
  if (a[0].u.comm == NULL) sk_user_error(loc, "get_comm_size of MPI_COMM_NULL");
  return sk_int_value(sk_tp_group_size(a[0].u.comm));
}

/* get_comm_rank(c): own rank in c; -1 on a process outside c (where c is MPI_COMM_NULL). */
static sk_value bi_get_comm_rank(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)loc;
  return sk_int_value(a[0].u.comm ? sk_tp_group_rank(a[0].u.comm) : -1);
}

static sk_value bi_is_mpi_comm_null(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)loc;
  return sk_int_value(bi_is_null(a[0].u.comm));
}

static sk_value bi_last_proc(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)a; (void)loc;
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

static sk_value bi_comm4(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  long r[4];
  int i;
  (void)bc;
  for (i = 0; i < 4; i++) r[i] = a[i].u.i;
  return bi_comm_value(bi_group_of_ranks(r, 4, loc, "comm4"));
}

/* comm_from_to(first, last): world ranks first, ..., last-1. */
static sk_value bi_comm_from_to(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  long first = a[0].u.i, last = a[1].u.i;
  (void)bc;
  if (first < 0 || last > sk_tp_world_size() || last <= first)
    sk_user_error(loc, "comm_from_to(%ld, %ld): needs 0 <= first < last <= %d", first, last, sk_tp_world_size());
  return bi_comm_value(bi_group_of_range((int)first, (int)(last - first)));
}

/* comm_rand(n): n distinct world ranks in random order, drawn from the reproducible
** generator (the same on every process, so all build the same group). */
static sk_value bi_comm_rand(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  int size = sk_tp_world_size(), n = (int)a[0].u.i, i;
  long *perm;
  sk_group *g;
  (void)bc;
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

static sk_value bi_get_np(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)a; (void)loc;
  return sk_int_value(sk_tp_world_size());
}

static sk_value bi_comm(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  long n = a[0].u.i;
  (void)bc;
  if (n < 1 || n > sk_tp_world_size())
    sk_user_error(loc, "comm(%ld): there are %d processes", n, sk_tp_world_size());
  return bi_comm_value(bi_group_of_range(0, (int)n));
}

static sk_value bi_comm2(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  int ranks[2];
  (void)bc;
  if (a[0].u.i < 0 || a[0].u.i >= sk_tp_world_size() || a[1].u.i < 0 || a[1].u.i >= sk_tp_world_size())
    sk_user_error(loc, "comm2(%ld, %ld): ranks must be between 0 and %d", a[0].u.i, a[1].u.i, sk_tp_world_size() - 1);
  if (a[0].u.i == a[1].u.i) sk_user_error(loc, "comm2: the two ranks must differ");
  ranks[0] = (int)a[0].u.i;
  ranks[1] = (int)a[1].u.i;
  return bi_comm_value(sk_tp_group_create(ranks, 2));
}

static sk_value bi_copy_comm(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)loc;
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

static sk_value bi_comm_first_half(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
  return bi_comm_half(a, 0, loc);
}

static sk_value bi_comm_second_half(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
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

static sk_value bi_comm2_max_latency_with_root(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)a;
  return bi_comm2_latency_with_root(loc, 1);
}

static sk_value bi_comm2_min_latency_with_root(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)a;
  return bi_comm2_latency_with_root(loc, 0);
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
  if (x != x || x > (double)LONG_MAX || x < (double)LONG_MIN) sk_user_error(loc, "value %g out of the integer range", x);
  return (long)x;
}

static sk_value bi_floor(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
  return sk_int_value(bi_to_long(floor(a[0].u.d), loc));
}

static sk_value bi_ceil(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
  return sk_int_value(bi_to_long(ceil(a[0].u.d), loc));
}

static sk_value bi_log_of(double x, const sk_loc *loc, const char *fname, double divisor)
{
  if (!(x > 0.0)) sk_user_error(loc, "%s of %g: the argument must be positive", fname, x);
  return sk_double_value(log(x) / divisor);
}

static sk_value bi_log(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
  return bi_log_of(a[0].u.d, loc, "log", 1.0);
}

static sk_value bi_log2(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  double r;
  (void)bc;
  r = bi_log_of(a[0].u.d, loc, "log2", log(2.0)).u.d;
  if (fabs(r - floor(r + 0.5)) < 1e-12) r = floor(r + 0.5);   /* exact for powers of two */
  return sk_double_value(r);
}

static sk_value bi_log10(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
  return sk_double_value(a[0].u.d > 0.0 ? log10(a[0].u.d) : bi_log_of(a[0].u.d, loc, "log10", 1.0).u.d);
}

/* round(x): floor(x + 0.5), as SKaMPI 5. */
static sk_value bi_round(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
  return sk_int_value(bi_to_long(floor(a[0].u.d + 0.5), loc));
}

static sk_value bi_min_int(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)loc;
  return sk_int_value(a[0].u.i < a[1].u.i ? a[0].u.i : a[1].u.i);
}

static sk_value bi_max_int(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)loc;
  return sk_int_value(a[0].u.i > a[1].u.i ? a[0].u.i : a[1].u.i);
}

/* round_to_fivebytes(size): round_to_fourbytes(size) + 1 (SKaMPI 5's one-sided helper, so
** that transfers are not multiples of 4). */
static sk_value bi_round_to_fivebytes(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)loc;
  return sk_int_value((a[0].u.i + 3) / 4 * 4 + 1);
}

static sk_value bi_round_to_fourbytes(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)loc;
  return sk_int_value((a[0].u.i + 3) / 4 * 4);
}

static sk_value bi_atoi(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)loc;
  return sk_int_value(strtol(a[0].u.s, NULL, 10));
}

static sk_value bi_modulo(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
  if (a[1].u.i == 0) sk_user_error(loc, "modulo by zero");
  return sk_int_value(a[0].u.i % a[1].u.i);
}

static sk_value bi_power(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)loc;
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

static sk_value bi_mpi_type_contiguous(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
  return bi_dt_value(bi_derived("mpi_type_contiguous", a[0].u.i, 1, (long)a[1].u.dt->extent, a[1].u.dt, loc));
}

static sk_value bi_mpi_type_vector(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
  return bi_dt_value(bi_derived("mpi_type_vector", a[0].u.i, a[1].u.i, a[2].u.i * (long)a[3].u.dt->extent, a[3].u.dt, loc));
}

static sk_value bi_mpi_type_hvector(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
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

static sk_value bi_alloc_int_array(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
  return sk_iarray_new(bi_array_size(&a[0], loc, "alloc_int_array"));
}

static sk_value bi_alloc_datatype_array(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
  return sk_darray_new(bi_array_size(&a[0], loc, "alloc_datatype_array"));
}

static sk_value bi_int_array_get(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
  return sk_int_value(sk_iarray_get(&a[0], bi_index(&a[0], a[1].u.i, loc, "int_array_get")));
}

/* Stores into the array itself: every copy of the value sees the change (SKaMPI 5's arrays
** are shared the same way). */
static sk_value bi_int_array_set(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  sk_value arr = a[0];
  (void)bc;
  sk_iarray_set(&arr, bi_index(&a[0], a[1].u.i, loc, "int_array_set"), a[2].u.i);
  return bi_none();
}

static sk_value bi_datatype_array_get(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  const sk_datatype *t;
  (void)bc;
  t = sk_darray_get(&a[0], bi_index(&a[0], a[1].u.i, loc, "datatype_array_get"));
  if (t == NULL) sk_user_error(loc, "datatype_array_get: element %ld has not been set", a[1].u.i);
  return bi_dt_value(t);
}

static sk_value bi_datatype_array_set(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  sk_value arr = a[0];
  (void)bc;
  sk_darray_set(&arr, bi_index(&a[0], a[1].u.i, loc, "datatype_array_set"), a[2].u.dt);
  return bi_none();
}

/* dims_create(nnodes, dims): MPI_Dims_create on a copy of dims (SKaMPI 5 manual §4). Entries
** > 0 stay; the zeros get a balanced factorisation of what is left, largest first. Without
** MPI the same is computed here: prime factors, largest first, each multiplied into the
** free entry that is smallest so far, then the free entries sorted in decreasing order. */
static sk_value bi_dims_create(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  size_t n = sk_array_length(&a[1]), i;
  long nnodes = a[0].u.i, fixed = 1, rest, nfree = 0;
  sk_value r = sk_iarray_new(n);
  (void)bc;
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

/* ---- process topologies (SKaMPI 5 manual §4: topology_cartesian, topology_graph,
** topology_graph2) ----
** A topology helper returns the communicator of the processes that MPI_Cart_create or
** MPI_Graph_create keeps (the first nnodes of c; the rest, and every process outside c,
** get MPI_COMM_NULL), ranked in the order the library chose when reorder is non-zero.
** Measurements run on a communicator with exactly that rank order; none of the
** measurement functions queries the topology itself, so the topology is not attached.
** Without MPI, or with reorder 0, the order is c's own. Every process calls these
** helpers (the interpreter runs SPMD), so the order is agreed over the world: c's rank
** 0 learns the new rank of every member of c and broadcasts the order. */

typedef struct bi_topology {
  int cartesian;           /* 1: dims/periods; 0: graph index/edges */
  int nnodes, ndims, nedges;
  int *dims, *periods;     /* cartesian */
  int *index, *edges;      /* graph (MPI_Graph_create's arrays) */
  int reorder;
} bi_topology;

static void bi_topology_free(bi_topology *t)
{
  free(t->dims); free(t->periods); free(t->index); free(t->edges);
}

/* The world ranks of the topology's processes in their new rank order (nnodes entries). */
static int *bi_topology_order(const sk_group *c, const bi_topology *t)
{
  int n = sk_tp_group_size(c), i;
  int *order = (int *)sk_malloc(sizeof(int) * (size_t)(t->nnodes > 0 ? t->nnodes : 1));
  for (i = 0; i < t->nnodes; i++) order[i] = sk_tp_group_world_rank(c, i);
#ifdef SKAMPI_MPI
  if (t->reorder) {
    int *newrank = (int *)sk_malloc(sizeof(int) * (size_t)n);
    if (sk_tp_group_rank(c) >= 0) {
      MPI_Comm base = sk_tp_group_mpi_comm(c), topo = MPI_COMM_NULL;
      int mine = -1;
      if (t->cartesian) MPI_Cart_create(base, t->ndims, t->dims, t->periods, 1, &topo);
      else MPI_Graph_create(base, t->nnodes, t->index, t->edges, 1, &topo);
      if (topo != MPI_COMM_NULL) { MPI_Comm_rank(topo, &mine); MPI_Comm_free(&topo); }
      MPI_Allgather(&mine, 1, MPI_INT, newrank, 1, MPI_INT, base);
      for (i = 0; i < n; i++)
        if (newrank[i] >= 0 && newrank[i] < t->nnodes) order[newrank[i]] = sk_tp_group_world_rank(c, i);
    }
    free(newrank);
    sk_tp_bcast(sk_tp_world(), order, sizeof(int) * (size_t)t->nnodes, sk_tp_group_world_rank(c, 0));
  }
#else
  (void)n;
#endif
  return order;
}

static sk_value bi_topology_comm(const sk_group *c, bi_topology *t)
{
  int *order = bi_topology_order(c, t);
  sk_group *g = sk_tp_group_create(order, t->nnodes);
  free(order);
  bi_topology_free(t);
  return bi_comm_value(g);
}

static const sk_group *bi_topology_base(const sk_value *c, const sk_loc *loc, const char *fname)
{
  if (c->u.comm == NULL) sk_user_error(loc, "%s of MPI_COMM_NULL", fname);
  return c->u.comm;
}

/* The graph arrays (index: cumulative degrees; edges: neighbours) checked as
** MPI_Graph_create requires them, for nnodes <= the size of c. */
static void bi_graph_check(const bi_topology *t, int csize, const sk_loc *loc, const char *fname)
{
  int i;
  if (t->nnodes < 1 || t->nnodes > csize)
    sk_user_error(loc, "%s: the graph has %d nodes; the communicator has %d processes", fname, t->nnodes, csize);
  for (i = 0; i < t->nnodes; i++)
    if (t->index[i] < (i ? t->index[i - 1] : 0))
      sk_user_error(loc, "%s: index[%d] = %d is smaller than the entry before it (index holds cumulative degrees)",
                    fname, i, t->index[i]);
  for (i = 0; i < t->nedges; i++)
    if (t->edges[i] < 0 || t->edges[i] >= t->nnodes)
      sk_user_error(loc, "%s: edge %d leads to node %d, not between 0 and %d", fname, i, t->edges[i], t->nnodes - 1);
}

/* topology_cartesian(c, dims, periodic, reorder). */
static sk_value bi_topology_cartesian(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  const sk_group *c = bi_topology_base(&a[0], loc, "topology_cartesian");
  bi_topology t;
  long product = 1;
  int i;
  (void)bc;
  memset(&t, 0, sizeof t);
  t.cartesian = 1;
  t.ndims = (int)sk_array_length(&a[1]);
  if (t.ndims < 1) sk_user_error(loc, "topology_cartesian: the dims array is empty");
  if ((int)sk_array_length(&a[2]) != t.ndims)
    sk_user_error(loc, "topology_cartesian: dims has %d entries, periodic %d", t.ndims, (int)sk_array_length(&a[2]));
  t.dims = (int *)sk_malloc(sizeof(int) * (size_t)t.ndims);
  t.periods = (int *)sk_malloc(sizeof(int) * (size_t)t.ndims);
  for (i = 0; i < t.ndims; i++) {
    long d = sk_iarray_get(&a[1], (size_t)i);
    if (d < 1) sk_user_error(loc, "topology_cartesian: dims[%d] is %ld; every dimension needs at least 1 process", i, d);
    if ((product *= d) > sk_tp_group_size(c))
      sk_user_error(loc, "topology_cartesian: the grid needs more processes than the communicator's %d", sk_tp_group_size(c));
    t.dims[i] = (int)d;
    t.periods[i] = sk_iarray_get(&a[2], (size_t)i) != 0;
  }
  t.nnodes = (int)product;
  t.reorder = a[3].u.i != 0;
  return bi_topology_comm(c, &t);
}

/* topology_graph(c, index, edges, reorder): MPI_Graph_create's arrays as they are. */
static sk_value bi_topology_graph(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  const sk_group *c = bi_topology_base(&a[0], loc, "topology_graph");
  bi_topology t;
  int i;
  (void)bc;
  memset(&t, 0, sizeof t);
  t.nnodes = (int)sk_array_length(&a[1]);
  t.index = (int *)sk_malloc(sizeof(int) * (size_t)(t.nnodes > 0 ? t.nnodes : 1));
  for (i = 0; i < t.nnodes; i++) t.index[i] = (int)sk_iarray_get(&a[1], (size_t)i);
  t.nedges = t.nnodes > 0 ? t.index[t.nnodes - 1] : 0;
  if (t.nedges > (int)sk_array_length(&a[2]))
    sk_user_error(loc, "topology_graph: index says %d edges, the edges array has %d", t.nedges, (int)sk_array_length(&a[2]));
  t.edges = (int *)sk_malloc(sizeof(int) * (size_t)(t.nedges > 0 ? t.nedges : 1));
  for (i = 0; i < t.nedges; i++) t.edges[i] = (int)sk_iarray_get(&a[2], (size_t)i);
  bi_graph_check(&t, sk_tp_group_size(c), loc, "topology_graph");
  t.reorder = a[3].u.i != 0;
  return bi_topology_comm(c, &t);
}

/* topology_graph2(c, graph, reorder): graph holds undirected edges as pairs {a0, b0, a1,
** b1, ...}; every process of c is a node, each pair connects both ways (a pair given
** twice counts once). */
static sk_value bi_topology_graph2(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  const sk_group *c = bi_topology_base(&a[0], loc, "topology_graph2");
  bi_topology t;
  int n = sk_tp_group_size(c), npairs = (int)(sk_array_length(&a[1]) / 2), i, j, k;
  char *adjacent;
  (void)bc;
  if (sk_array_length(&a[1]) % 2 != 0)
    sk_user_error(loc, "topology_graph2: the graph array has an odd number of entries; it holds pairs of nodes");
  memset(&t, 0, sizeof t);
  t.nnodes = n;
  adjacent = (char *)sk_calloc((size_t)n * (size_t)n, 1);
  for (k = 0; k < npairs; k++) {
    long u = sk_iarray_get(&a[1], (size_t)(2 * k)), v = sk_iarray_get(&a[1], (size_t)(2 * k + 1));
    if (u < 0 || u >= n || v < 0 || v >= n)
      sk_user_error(loc, "topology_graph2: pair %d (%ld, %ld) names a node outside 0..%d", k, u, v, n - 1);
    adjacent[u * n + v] = adjacent[v * n + u] = 1;
  }
  t.index = (int *)sk_malloc(sizeof(int) * (size_t)n);
  t.edges = (int *)sk_malloc(sizeof(int) * (size_t)n * (size_t)n);
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++) if (adjacent[i * n + j]) t.edges[t.nedges++] = j;
    t.index[i] = t.nedges;
  }
  free(adjacent);
  bi_graph_check(&t, n, loc, "topology_graph2");
  t.reorder = a[2].u.i != 0;
  return bi_topology_comm(c, &t);
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

static sk_value bi_mpi_type_indexed(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
#ifdef SKAMPI_MPI
  return bi_dt_value(bi_indexed("mpi_type_indexed", 0, a, loc));
#else
  (void)a;
  bi_needs_mpi("mpi_type_indexed", loc);
  return bi_none();
#endif
}

static sk_value bi_mpi_type_hindexed(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
#ifdef SKAMPI_MPI
  return bi_dt_value(bi_indexed("mpi_type_hindexed", 1, a, loc));
#else
  (void)a;
  bi_needs_mpi("mpi_type_hindexed", loc);
  return bi_none();
#endif
}

/* mpi_type_struct(blocklengths, byte displacements, datatypes). */
static sk_value bi_mpi_type_struct(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
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

static sk_value bi_mpi_type_create_subarray(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
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

static sk_value bi_mpi_type_create_darray(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
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

static sk_value bi_info_create(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  sk_value v;
  (void)bc; (void)a; (void)loc;
  v.type = SK_T_INFO;
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  v.u.info = sk_malloc(sizeof(MPI_Info));
  MPI_Info_create((MPI_Info *)v.u.info);
#else
  v.u.info = sk_malloc(1);   /* a token: info objects have no effect without MPI-2 */
#endif
  return v;
}

static sk_value bi_info_free(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)loc;
  if (a[0].u.info == NULL) return bi_none();
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  MPI_Info_free((MPI_Info *)a[0].u.info);
#endif
  return bi_none();          /* the handle memory stays: copies of the value may live on */
}

static sk_value bi_info_set(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc;
  if (a[0].u.info == NULL) sk_user_error(loc, "info_set on MPI_INFO_NULL");
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  MPI_Info_set(*(MPI_Info *)a[0].u.info, (char *)a[1].u.s, (char *)a[2].u.s);
#else
  (void)a;
#endif
  return bi_none();
}

/* ---- synchronisation and accounting ---- */

static sk_value bi_choose_no_synchronization(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  bc->settings->sync.method = SK_SYNC_NONE;
  return bi_none();
}

static sk_value bi_choose_barrier_synchronization(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  bc->settings->sync.method = SK_SYNC_BARRIER;
  return bi_none();
}

static sk_value bi_choose_real_synchronization(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  bc->settings->sync.method = SK_SYNC_REAL;
  return bi_none();
}

static sk_value bi_choose_offset_estimation_linear(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  bc->settings->sync.offset_method = SK_OFFSETS_LINEAR;   /* estimates by another method are stale */
  return bi_none();
}

static sk_value bi_choose_offset_estimation_hca(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  bc->settings->sync.offset_method = SK_OFFSETS_HCA;   /* estimates by another method are stale */
  return bi_none();
}

static sk_value bi_set_clock_offset_max_age(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d <= 0.0) sk_user_error(loc, "set_clock_offset_max_age: the age must be positive (seconds)");
  bc->settings->sync.max_offset_age = a[0].u.d;
  return bi_none();
}

static sk_value bi_resynchronize_clocks(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)a; (void)loc;
  sk_sync_invalidate_offsets();
  return bi_none();
}

static sk_value bi_init_time_accounting(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  bc->run->time_accounting = 1;
  bc->run->time_in_measurements = 0.0;
  bc->run->run_started = sk_tp_wtime();
  return bi_none();
}

static sk_value bi_print_time_accounting_info(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  if (sk_tp_world_rank() == 0) {
    sk_str s;
    sk_str_init(&s);
    sk_str_printf(&s, "# time accounting: %.3f s in %ld measurements, %.3f s in total\n",
                  bc->run->time_in_measurements, bc->run->measurements, sk_tp_wtime() - bc->run->run_started);
    sk_out_text(s.data);
    sk_str_free(&s);
  }
  return bi_none();
}

/* output_comment("text"): a '# text' line in the output (SKaMPI 4's free-text
** sections USER, MACHINE, ... land in the output this way). */
static sk_value bi_output_comment(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)loc;
  if (sk_tp_world_rank() == 0) {
    sk_str s;
    sk_str_init(&s);
    sk_str_printf(&s, "# %s\n", a[0].u.s);
    sk_out_text(s.data);
    sk_str_free(&s);
  }
  return bi_none();
}

/* merge_with_backups(): when the run has finished, its output file and the earlier runs
** kept as OUT.1, OUT.2, ... are merged into OUT (SKaLib §3.4.3, SKaMPI 4's post
** processing; @POSTPROC yes in a parameter file calls it); the run stays as a backup. */
static sk_value bi_merge_with_backups(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  bc->run->merge_backups = 1;
  return bi_none();
}

/* Verification of the portable broadcasts (meas_bcast_algos.c): every process checks
** after each call that it holds exactly the root's bytes; a mismatch stops the run. */
/* The switch_X_on / switch_X_off helpers: a setting the following blocks read. `missing`:
** NULL where the build has what the setting needs, else why switching on is refused. */
static sk_value bi_switch(int *setting, int on, const char *missing, const sk_loc *loc)
{
  if (on && missing) sk_user_error(loc, "%s", missing);
  *setting = on;
  return bi_none();
}

static sk_value bi_switch_verification_on(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{ (void)a; return bi_switch(&bc->settings->verify, 1, NULL, loc); }
static sk_value bi_switch_verification_off(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{ (void)a; return bi_switch(&bc->settings->verify, 0, NULL, loc); }

/* MPI_T performance variables (mpit.h) and PERUSE events (peruse.h) beside every result. */
static const char *const bi_no_mpit = SK_HAVE_MPIT ? NULL
  : "switch_mpit_on: this build has no MPI_T (build with -DSKAMPI_MPIT against an MPI 3 library)";
static const char *const bi_no_peruse = SK_HAVE_PERUSE ? NULL
  : "switch_peruse_on: this build has no PERUSE (build with -DSKAMPI_PERUSE against an MPI library that "
    "has peruse.h, e.g. one made by tools/peruse/build-openmpi.sh)";

static sk_value bi_switch_mpit_on(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{ (void)a; return bi_switch(&bc->settings->mpit, 1, bi_no_mpit, loc); }
static sk_value bi_switch_mpit_off(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{ (void)a; return bi_switch(&bc->settings->mpit, 0, bi_no_mpit, loc); }
static sk_value bi_switch_peruse_on(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{ (void)a; return bi_switch(&bc->settings->peruse, 1, bi_no_peruse, loc); }
static sk_value bi_switch_peruse_off(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{ (void)a; return bi_switch(&bc->settings->peruse, 0, bi_no_peruse, loc); }

/* ---- MPI-IO settings (SKaMPI 6 io.c; sk_settings.io, used by meas_mpi_io.c) ---- */

/* set_io_working_dir(dir): the directory of the test files; it must exist. */
static sk_value bi_set_io_working_dir(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
#if SK_HAVE_MPI_IO
  struct stat st;
  if (stat(a[0].u.s, &st) != 0 || !S_ISDIR(st.st_mode))
    sk_user_error(loc, "set_io_working_dir: '%s' is no directory", a[0].u.s);
#else
  (void)loc;
#endif
  bc->settings->io.dir = a[0].u.s;
  return bi_none();
}

static sk_value bi_get_io_working_dir(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
#if SK_HAVE_MPI_IO
  return bi_string_value(sk_io_dir(bc->settings->io.dir));
#else
  return bi_string_value(bc->settings->io.dir ? bc->settings->io.dir : "");
#endif
}

static sk_value bi_set_io_datarep(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (!sk_streq(a[0].u.s, "native") && !sk_streq(a[0].u.s, "internal") && !sk_streq(a[0].u.s, "external32"))
    sk_user_error(loc, "set_io_datarep: '%s' is none of native, internal, external32", a[0].u.s);
  bc->settings->io.datarep = a[0].u.s;
  return bi_none();
}

static sk_value bi_get_io_datarep(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  return bi_string_value(bc->settings->io.datarep);
}

/* The flags: set_io_X(flag) stores flag != 0, get_io_X() returns it. */
#define BI_IO_FLAG(X) \
  static sk_value bi_set_io_##X(sk_bctx *bc, const sk_value *a, const sk_loc *loc) \
  { (void)loc; bc->settings->io.X = a[0].u.i != 0; return bi_none(); } \
  static sk_value bi_get_io_##X(sk_bctx *bc, const sk_value *a, const sk_loc *loc) \
  { (void)a; (void)loc; return sk_int_value(bc->settings->io.X); }
BI_IO_FLAG(atomicity)
BI_IO_FLAG(preallocation)
BI_IO_FLAG(unique_open)
BI_IO_FLAG(file_sync)

/* set_file_info(key, value): one more hint for every open of the MPI-IO measurements
** (a key given again gets the new value); reset_file_info() forgets them. */
static sk_value bi_set_file_info(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  sk_io_config *io = &bc->settings->io;
  int i;
  for (i = 0; i < io->n_hints; i++) if (sk_streq(io->hint_key[i], a[0].u.s)) break;
  if (i == SK_IO_MAX_HINTS) sk_user_error(loc, "set_file_info: more than %d hints", SK_IO_MAX_HINTS);
  io->hint_key[i] = a[0].u.s;
  io->hint_value[i] = a[1].u.s;
  if (i == io->n_hints) io->n_hints++;
  return bi_none();
}

static sk_value bi_reset_file_info(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  bc->settings->io.n_hints = 0;
  return bi_none();
}

static void bi_write_text(const char *text) { sk_out_text(text); }

/* print_file_info(): every process opens a scratch file of the working directory on
** MPI_COMM_WORLD (delete on close) with the hints and prints the hints the library
** reports as "#P[rank] key = value" lines, in rank order. */
static sk_value bi_print_file_info(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  sk_str mine;
  int rank = sk_tp_world_rank();
  (void)a; (void)loc;
  sk_str_init(&mine);
#if SK_HAVE_MPI_IO
  {
    const sk_io_config *io = &bc->settings->io;
    char path[600], key[MPI_MAX_INFO_KEY + 1], value[1024];
    MPI_Info hints = MPI_INFO_NULL, used;
    MPI_File fh;
    int i, n, flag;
    if (io->n_hints > 0) MPI_Info_create(&hints);
    for (i = 0; i < io->n_hints; i++) MPI_Info_set(hints, (char *)io->hint_key[i], (char *)io->hint_value[i]);
    sk_io_new_name(MPI_COMM_WORLD, io->dir, "info", 0, path, sizeof path);
    if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, hints, &fh)
        == MPI_SUCCESS) {
      MPI_File_get_info(fh, &used);
      MPI_Info_get_nkeys(used, &n);
      for (i = 0; i < n; i++) {
        MPI_Info_get_nthkey(used, i, key);
        MPI_Info_get(used, key, (int)sizeof value - 1, value, &flag);
        sk_str_printf(&mine, "#P[%d] %s = %s\n", rank, key, flag ? value : "");
      }
      if (n == 0) sk_str_printf(&mine, "#P[%d] (no hints)\n", rank);
      MPI_Info_free(&used);
      MPI_File_close(&fh);
    } else {
      sk_str_printf(&mine, "#P[%d] print_file_info: cannot open %s\n", rank, path);
    }
    sk_io_forget(path);
    if (hints != MPI_INFO_NULL) MPI_Info_free(&hints);
  }
#else
  (void)bc;
  sk_str_printf(&mine, "#P[%d] print_file_info: this build has no MPI-IO\n", rank);
#endif
  sk_engine_collect_text(mine.data ? mine.data : "", bi_write_text);
  sk_str_free(&mine);
  return bi_none();
}

/* print_data_access_settings(daccess, flag): the output rank decodes daccess and names
** the read routine (flag bit 1) and the write routine (flag bit 2). */
static sk_value bi_print_data_access_settings(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)loc;
  if (sk_tp_world_rank() == 0) {
    sk_str s;
    sk_str_init(&s);
    sk_io_describe_class(&s, a[0].u.i, a[1].u.i);
    sk_out_text(s.data);
    sk_str_free(&s);
  }
  return bi_none();
}

/* int_array_allgather(comm, v): every member's v, indexed by its rank in comm (an empty
** array outside comm). */
static sk_value bi_int_array_allgather(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  sk_group *g = a[0].u.comm;
  sk_value v;
  double mine, *all;
  int i, n;
  (void)bc; (void)loc;
  if (bi_is_null(g)) return sk_iarray_new(0);
  n = sk_tp_group_size(g);
  all = (double *)sk_malloc(sizeof(double) * (size_t)n);
  mine = (double)a[1].u.i;
  sk_tp_gather_doubles(g, &mine, 1, all, 0);
  sk_tp_bcast(g, all, sizeof(double) * (size_t)n, 0);
  v = sk_iarray_new((size_t)n);
  for (i = 0; i < n; i++) sk_iarray_set(&v, (size_t)i, (long)all[i]);
  free(all);
  return v;
}

static const sk_builtin builtin_table[] = {
  { "switch_verification_on", "", SK_T_NONE, bi_switch_verification_on },
  { "switch_verification_off", "", SK_T_NONE, bi_switch_verification_off },
  { "switch_mpit_on", "", SK_T_NONE, bi_switch_mpit_on },
  { "switch_mpit_off", "", SK_T_NONE, bi_switch_mpit_off },
  { "switch_peruse_on", "", SK_T_NONE, bi_switch_peruse_on },
  { "switch_peruse_off", "", SK_T_NONE, bi_switch_peruse_off },
  { "output_comment", "s", SK_T_NONE, bi_output_comment },
  { "merge_with_backups", "", SK_T_NONE, bi_merge_with_backups },
  { "set_min_repetitions", "i", SK_T_NONE, bi_set_min_repetitions },
  { "set_max_repetitions", "i", SK_T_NONE, bi_set_max_repetitions },
  { "set_max_relative_standard_error", "d", SK_T_NONE, bi_set_max_relative_standard_error },
  { "set_max_nr_node_times", "i", SK_T_NONE, bi_set_max_nr_node_times },
  { "set_cut_quantile", "d", SK_T_NONE, bi_set_cut_quantile },
  { "set_result_statistic", "s", SK_T_NONE, bi_set_result_statistic },
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
  { "topology_cartesian", "caai", SK_T_COMM, bi_topology_cartesian },
  { "topology_graph", "caai", SK_T_COMM, bi_topology_graph },
  { "topology_graph2", "cai", SK_T_COMM, bi_topology_graph2 },
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
  { "set_io_working_dir", "s", SK_T_NONE, bi_set_io_working_dir },
  { "get_io_working_dir", "", SK_T_STRING, bi_get_io_working_dir },
  { "set_io_datarep", "s", SK_T_NONE, bi_set_io_datarep },
  { "get_io_datarep", "", SK_T_STRING, bi_get_io_datarep },
  { "set_io_atomicity", "i", SK_T_NONE, bi_set_io_atomicity },
  { "get_io_atomicity", "", SK_T_INT, bi_get_io_atomicity },
  { "set_io_preallocation", "i", SK_T_NONE, bi_set_io_preallocation },
  { "get_io_preallocation", "", SK_T_INT, bi_get_io_preallocation },
  { "set_io_unique_open", "i", SK_T_NONE, bi_set_io_unique_open },
  { "get_io_unique_open", "", SK_T_INT, bi_get_io_unique_open },
  { "set_io_file_sync", "i", SK_T_NONE, bi_set_io_file_sync },
  { "get_io_file_sync", "", SK_T_INT, bi_get_io_file_sync },
  { "set_file_info", "ss", SK_T_NONE, bi_set_file_info },
  { "reset_file_info", "", SK_T_NONE, bi_reset_file_info },
  { "print_file_info", "", SK_T_NONE, bi_print_file_info },
  { "print_data_access_settings", "ii", SK_T_NONE, bi_print_data_access_settings },
  { "int_array_allgather", "ci", SK_T_IARRAY, bi_int_array_allgather },
  { NULL, NULL, SK_T_NONE, NULL }
};

/* The tables of the measurement modules that export builtins (builtins.h). */
static const sk_builtin_table_fn builtin_module_tables[] = {
  sk_builtins_scc,
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

/* data_access_routines(pattern): the data access classes c with (pattern & c) == c, in
** the order of io_daccess.h; from the second value on, the output rank writes the
** duration of the previous pass ("# duration <s> sec", as SKaMPI 6). */
typedef struct it_daccess { int next; double started; } it_daccess;

static sk_value it_data_access_routines(void **self, const sk_value *a)
{
  it_daccess *st = (it_daccess *)*self;
  if (st == NULL) {
    st = (it_daccess *)sk_malloc(sizeof *st);
    st->next = 0;
    *self = st;
  } else if (sk_tp_world_rank() == 0) {
    sk_str s;
    sk_str_init(&s);
    sk_str_printf(&s, "# duration %.2f sec\n", sk_tp_wtime() - st->started);
    sk_out_text(s.data);
    sk_str_free(&s);
  }
  while (st->next < SK_IO_CLASSES && (a[0].u.i & sk_io_class(st->next)) != sk_io_class(st->next)) st->next++;
  if (st->next >= SK_IO_CLASSES) { free(st); *self = NULL; return sk_int_value(0); }
  st->started = sk_tp_wtime();
  return sk_int_value(sk_io_class(st->next++));
}

static const sk_iterator iterator_table[] = {
  { "range", "ii", it_range },
  { "squares", "ii", it_squares },
  { "data_access_routines", "i", it_data_access_routines },
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
  /* MPI_COMM_SELF: every process alone; a measurement on it runs on every process at the
  ** same time, and world rank 0's result is reported (as the original SKaMPI does). */
  if (sk_streq(name, "MPI_COMM_SELF")) { *out = bi_comm_value(sk_tp_self()); return 1; }
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
  { "MPI_LB", 'l' }, { "MPI_UB", 'l' },
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
#ifndef SKAMPI_MPI
  sk_str_printf(&s, "it needs an MPI library, which the %s build lacks", SK_BACKEND_NAME);
#else
  if (needs == 'l') sk_str_printf(&s, "the MPI library has no %s (removed in MPI-3)", name);
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
