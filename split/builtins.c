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
/* MPI_Alloc_mem'd memory is only a hint for the library; skampi keeps its own region
** of the requested size (documented in README). */
static sk_value bi_set_skampi_buffer_mpi_alloc_mem(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  return bi_set_skampi_buffer(in, a, loc);
}
#endif

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

static sk_value bi_get_comm_size(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return sk_int_value(sk_tp_group_size(a[0].u.comm));
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

static sk_value bi_comm_half(const sk_value *a, int second)
{
  sk_group *g = a[0].u.comm;
  int n = sk_tp_group_size(g), h = n / 2, first = second ? h : 0, len = second ? n - h : h;
  const int *members = sk_tp_group_members(g);
  if (len < 1) len = 1, first = 0;
  return bi_comm_value(sk_tp_group_create(members + first, len));
}

static sk_value bi_comm_first_half(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return bi_comm_half(a, 0);
}

static sk_value bi_comm_second_half(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return bi_comm_half(a, 1);
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

/* ---- constants (SKaMPI 5 manual §5.2) ---- */

SK_API int sk_constant_find(const char *name, sk_value *out)
{
  static const struct { const char *name; long value; } ints[] = {
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
    { "MPI_MODE_NOPRECEDE", MPI_MODE_NOPRECEDE }, { "MPI_MODE_NOSUCCEED", MPI_MODE_NOSUCCEED },
    { "MPI_MODE_NOCHECK", MPI_MODE_NOCHECK }, { "MPI_MODE_NOSTORE", MPI_MODE_NOSTORE },
    { "MPI_MODE_NOPUT", MPI_MODE_NOPUT },
#else
    { "MPI_MODE_NOPRECEDE", 0 }, { "MPI_MODE_NOSUCCEED", 0 }, { "MPI_MODE_NOCHECK", 0 },
    { "MPI_MODE_NOSTORE", 0 }, { "MPI_MODE_NOPUT", 0 },
#endif
#ifdef SKAMPI_MPI
    { "MPI_UNDEFINED", MPI_UNDEFINED },
#else
    { "MPI_UNDEFINED", -32766 },
#endif
    { NULL, 0 }
  };
  int i;
  const sk_datatype *dt;
  const sk_opdef *op;
  if (strncmp(name, "MPI_", 4) != 0) return 0;
  if (sk_streq(name, "MPI_COMM_WORLD")) { *out = bi_comm_value(sk_tp_world()); return 1; }
  if (sk_streq(name, "MPI_INFO_NULL")) { out->type = SK_T_INFO; out->u.info = NULL; return 1; }
  for (i = 0; ints[i].name; i++) if (sk_streq(ints[i].name, name)) { *out = sk_int_value(ints[i].value); return 1; }
  if ((dt = sk_datatype_lookup(name)) != NULL) { *out = bi_dt_value(dt); return 1; }
  if ((op = sk_op_lookup(name)) != NULL) { out->type = SK_T_OP; out->u.op = op; return 1; }
  return 0;
}
