/*
** builtins_settings.c -- the setting helpers of the language (SKaMPI 5 manual §4.1): the
** repetition rules of ASEC (min/max repetitions, relative standard error, cut quantile,
** result statistic, node times), the time limits, autorefine, the printed unit, the
** choice of synchronisation and clock-offset estimation, and switch_verification_on/off.
** Each changes the run's settings (sk_bctx.settings); the repetition bounds also note
** where the input set them (sk_bctx.run).
*/
#include "builtins.h"
#include "builtins_common.h"
#include "output.h"

/* ---- repetitions and output ---- */

/* A number of repetitions: at least 1; at most BI_MAX_REPS, as every repetition keeps
** its time (8 bytes) on each process. */
#define BI_MAX_REPS 10000000L
static int bi_repetitions(const sk_value *a, const sk_loc *loc, const char *fname)
{
  long n = sk_bi_positive(a, loc, fname, 1);
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
  return sk_bi_none();
}

static sk_value bi_set_max_repetitions(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  bc->settings->asec.max_reps = bi_repetitions(&a[0], loc, "set_max_repetitions");
  bi_check_repetitions(bc, loc, "set_max_repetitions", &bc->run->min_reps_at);
  bc->run->max_reps_at = *loc;
  return sk_bi_none();
}

static sk_value bi_set_max_relative_standard_error(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0) sk_user_error(loc, "set_max_relative_standard_error: the limit must not be negative");
  bc->settings->asec.max_rel_error = a[0].u.d;
  return sk_bi_none();
}

static sk_value bi_set_max_nr_node_times(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  bc->settings->max_node_times = (int)sk_bi_positive(&a[0], loc, "set_max_nr_node_times", 0);
  return sk_bi_none();
}

static sk_value bi_set_cut_quantile(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0 || a[0].u.d >= 0.5) sk_user_error(loc, "set_cut_quantile: the quantile must be in [0, 0.5)");
  bc->settings->asec.cut_quantile = a[0].u.d;
  return sk_bi_none();
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
  return sk_bi_none();
}

static sk_value bi_set_time_limit_per_measurement(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0) sk_user_error(loc, "the time limit must not be negative");
  bc->settings->asec.time_limit = a[0].u.d;
  return sk_bi_none();
}

static sk_value bi_set_time_limit_per_suite(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0) sk_user_error(loc, "the time limit must not be negative");
  bc->settings->suite_time_limit = a[0].u.d;
  return sk_bi_none();
}

static sk_value bi_set_autorefine_max_error(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0) sk_user_error(loc, "set_autorefine_max_error: must not be negative");
  bc->settings->apr.max_error = a[0].u.d;
  return sk_bi_none();
}

static sk_value bi_set_autorefine_min_distance(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0) sk_user_error(loc, "set_autorefine_min_distance: must not be negative");
  bc->settings->apr.min_distance = a[0].u.d;
  return sk_bi_none();
}

static sk_value bi_set_autorefine_max_steps(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  bc->settings->apr.max_steps = (int)sk_bi_positive(&a[0], loc, "set_autorefine_max_steps", 0);
  return sk_bi_none();
}

/* set_unit(factor): seconds times factor is the printed unit (1e6: microseconds, the
** default); the blocks that follow print their times in it and say so in a comment line. */
static sk_value bi_set_unit(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (!(a[0].u.d > 0.0)) sk_user_error(loc, "set_unit: the factor must be positive");
  bc->settings->unit = a[0].u.d;
  return sk_bi_none();
}

/* set_autorefine_factor(f), the original SKaMPI 5's autorefine budget: an autorefine loop
** measures at most f times as many points as its for loop would (skampi's default is no
** such budget: max_error and min_distance bound the refinement). */
static sk_value bi_set_autorefine_factor(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (!(a[0].u.d > 0.0)) sk_user_error(loc, "set_autorefine_factor: the factor must be positive");
  bc->settings->apr.budget_factor = a[0].u.d;
  return sk_bi_none();
}

/* ---- synchronisation and accounting ---- */

static sk_value bi_choose_no_synchronization(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  bc->settings->sync.method = SK_SYNC_NONE;
  return sk_bi_none();
}

static sk_value bi_choose_barrier_synchronization(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  bc->settings->sync.method = SK_SYNC_BARRIER;
  return sk_bi_none();
}

static sk_value bi_choose_real_synchronization(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  bc->settings->sync.method = SK_SYNC_REAL;
  return sk_bi_none();
}

static sk_value bi_choose_offset_estimation_linear(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  bc->settings->sync.offset_method = SK_OFFSETS_LINEAR;   /* estimates by another method are stale */
  return sk_bi_none();
}

static sk_value bi_choose_offset_estimation_hca(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  bc->settings->sync.offset_method = SK_OFFSETS_HCA;   /* estimates by another method are stale */
  return sk_bi_none();
}

static sk_value bi_set_clock_offset_max_age(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d <= 0.0) sk_user_error(loc, "set_clock_offset_max_age: the age must be positive (seconds)");
  bc->settings->sync.max_offset_age = a[0].u.d;
  return sk_bi_none();
}

static sk_value bi_resynchronize_clocks(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)a; (void)loc;
  sk_sync_invalidate_offsets();
  return sk_bi_none();
}

static sk_value bi_switch_verification_on(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{ (void)a; return sk_bi_switch(&bc->settings->verify, 1, NULL, loc); }
static sk_value bi_switch_verification_off(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{ (void)a; return sk_bi_switch(&bc->settings->verify, 0, NULL, loc); }

/* set_cache_cold(on), set_cache_cold_size(bytes): the cache-cold mode of the bandwidth
** rows (doc/manual.md "Cache-cold messages"); a size of 0 is twice the last-level cache. */
static sk_value bi_set_cache_cold(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)loc;
  bc->settings->cache_cold = a[0].u.i != 0;
  return sk_bi_none();
}

static sk_value bi_set_cache_cold_size(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  bc->settings->cache_cold_bytes = (size_t)sk_bi_positive(&a[0], loc, "set_cache_cold_size", 0);
  return sk_bi_none();
}

static const sk_builtin settings_table[] = {
  { "set_cache_cold", "i", SK_T_NONE, bi_set_cache_cold },
  { "set_cache_cold_size", "i", SK_T_NONE, bi_set_cache_cold_size },
  { "switch_verification_on", "", SK_T_NONE, bi_switch_verification_on },
  { "switch_verification_off", "", SK_T_NONE, bi_switch_verification_off },
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
  { "set_unit", "d", SK_T_NONE, bi_set_unit },
  { "set_autorefine_factor", "d", SK_T_NONE, bi_set_autorefine_factor },
  { NULL, NULL, SK_T_NONE, NULL }
};

static const sk_builtin sync_table[] = {
  { "choose_no_synchronization", "", SK_T_NONE, bi_choose_no_synchronization },
  { "choose_barrier_synchronization", "", SK_T_NONE, bi_choose_barrier_synchronization },
  { "choose_real_synchronization", "", SK_T_NONE, bi_choose_real_synchronization },
  { "choose_offset_estimation_linear", "", SK_T_NONE, bi_choose_offset_estimation_linear },
  { "choose_offset_estimation_hca", "", SK_T_NONE, bi_choose_offset_estimation_hca },
  { "set_clock_offset_max_age", "d", SK_T_NONE, bi_set_clock_offset_max_age },
  { "resynchronize_clocks", "", SK_T_NONE, bi_resynchronize_clocks },
  { NULL, NULL, SK_T_NONE, NULL }
};

/* its helpers by group (skampi -l) */
static const sk_builtin_table settings_table_groups[] = {
  { "settings", settings_table },
  { "synchronization", sync_table },
  { NULL, NULL }
};

SK_API const sk_builtin_table *sk_builtins_settings(void) { return settings_table_groups; }
