/*
** builtins_settings.c -- the setting helpers of the language (SKaMPI 5 manual §4.1): the
** repetition rules of ASEC (min/max repetitions, relative standard error, cut quantile,
** result statistic, node times), the time limits, autorefine, the printed unit, the
** choice of synchronisation and clock-offset estimation, switch_verification_on/off, and
** the switches of the library's instrumentation beside every result: switch_mpit_on/off
** (MPI_T, transport/mpit.h) and switch_peruse_on/off (PERUSE events, MPI PERUSE 2.0,
** transport/peruse.h), refused where the build lacks them; with_coll_algorithm(comm,
** coll, alg), the library's algorithm for a collective forced through MPI_T
** (transport/coll_algorithms.h, skampi --tuning).
** Each changes the run's settings (sk_bctx.settings); the repetition bounds also note
** where the input set them (sk_bctx.run).
*/
#include "builtins.h"
#include "builtins_common.h"
#include "output.h"
#include "mpit.h"
#include "peruse.h"
#include "coll_algorithms.h"

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

/* set_min_repetitions and set_max_repetitions (variant BI_SETS_MIN_REPS, _MAX_REPS)
** contradict each other when both were given and the minimum exceeds the maximum: the
** later statement is the error, and names the earlier one (a bound left at its default
** only moves along). */
enum { BI_SETS_MIN_REPS, BI_SETS_MAX_REPS };
static sk_value bi_set_repetitions(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  sk_asec_config *r = &bc->settings->asec;
  int sets_max = bc->variant == BI_SETS_MAX_REPS;
  const sk_loc *other = sets_max ? &bc->run->min_reps_at : &bc->run->max_reps_at;
  *(sets_max ? &r->max_reps : &r->min_reps) = bi_repetitions(&a[0], loc, bc->name);
  if (other->file != NULL && r->min_reps > r->max_reps)
    sk_user_error(loc, "%s: the minimum number of repetitions (%d) exceeds the maximum (%d) that %s:%d:%d set; "
                  "set the maximum first when raising both", bc->name, r->min_reps, r->max_reps,
                  other->file, other->line, other->col);
  *(sets_max ? &bc->run->max_reps_at : &bc->run->min_reps_at) = *loc;
  return sk_bi_none();
}

/* The helpers that set one real number of the settings, by variant (enum
** bi_real_setting_id): where it goes, which values are refused, and the message that
** refuses them. */
typedef enum bi_real_rule {
  BI_NOT_NEGATIVE,            /* refuses x < 0 */
  BI_POSITIVE,                /* refuses all but x > 0 */
  BI_QUANTILE                 /* refuses all outside [0, 0.5) */
} bi_real_rule;
typedef struct bi_real_setting {
  size_t offset;              /* of the double in sk_settings */
  bi_real_rule rule;
  const char *refusal;
} bi_real_setting;
enum bi_real_setting_id {
  BI_MAX_REL_ERROR, BI_CUT_QUANTILE, BI_TIME_LIMIT, BI_SUITE_TIME_LIMIT, BI_APR_MAX_ERROR,
  BI_APR_MIN_DISTANCE, BI_UNIT, BI_APR_FACTOR, BI_OFFSET_MAX_AGE
};
static const bi_real_setting bi_real_settings[] = {
  { offsetof(sk_settings, asec.max_rel_error), BI_NOT_NEGATIVE,
    "set_max_relative_standard_error: the limit must not be negative" },
  { offsetof(sk_settings, asec.cut_quantile), BI_QUANTILE, "set_cut_quantile: the quantile must be in [0, 0.5)" },
  { offsetof(sk_settings, asec.time_limit), BI_NOT_NEGATIVE, "the time limit must not be negative" },
  { offsetof(sk_settings, suite_time_limit), BI_NOT_NEGATIVE, "the time limit must not be negative" },
  { offsetof(sk_settings, apr.max_error), BI_NOT_NEGATIVE, "set_autorefine_max_error: must not be negative" },
  { offsetof(sk_settings, apr.min_distance), BI_NOT_NEGATIVE, "set_autorefine_min_distance: must not be negative" },
  /* set_unit(factor): seconds times factor is the printed unit (1e6: microseconds, the
  ** default); the blocks that follow print their times in it and say so in a comment. */
  { offsetof(sk_settings, unit), BI_POSITIVE, "set_unit: the factor must be positive" },
  /* set_autorefine_factor(f), the original SKaMPI 5's autorefine budget: an autorefine
  ** loop measures at most f times as many points as its for loop would (skampi's
  ** default is no such budget: max_error and min_distance bound the refinement). */
  { offsetof(sk_settings, apr.budget_factor), BI_POSITIVE, "set_autorefine_factor: the factor must be positive" },
  { offsetof(sk_settings, sync.max_offset_age), BI_POSITIVE,
    "set_clock_offset_max_age: the age must be positive (seconds)" }
};

static sk_value bi_set_real(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  const bi_real_setting *s = &bi_real_settings[bc->variant];
  double x = a[0].u.d;
  if (s->rule == BI_POSITIVE ? !(x > 0.0) : x < 0.0 || (s->rule == BI_QUANTILE && x >= 0.5))
    sk_user_error(loc, "%s", s->refusal);
  *(double *)((char *)bc->settings + s->offset) = x;
  return sk_bi_none();
}

/* The helpers that set a count of the settings (at least 0), by variant: the offset of
** the int -- or, for set_cache_cold_size, the size_t -- in sk_settings. */
#define BI_CACHE_COLD_SIZE offsetof(sk_settings, cache_cold_bytes)
static sk_value bi_set_count(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  long n = sk_bi_positive(&a[0], loc, bc->name, 0);
  char *field = (char *)bc->settings + bc->variant;
  if (bc->variant == (int)BI_CACHE_COLD_SIZE) *(size_t *)field = (size_t)n;
  else *(int *)field = (int)n;
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

/* ---- synchronisation and accounting ---- */

/* choose_X_synchronization: the variant is the method (SK_SYNC_NONE, _BARRIER, _REAL). */
static sk_value bi_choose_synchronization(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  bc->settings->sync.method = (sk_sync_method)bc->variant;
  return sk_bi_none();
}

/* choose_offset_estimation_X: the variant is the method (SK_OFFSETS_LINEAR, _HCA);
** estimates by another method are stale. */
static sk_value bi_choose_offset_estimation(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  bc->settings->sync.offset_method = bc->variant;
  return sk_bi_none();
}

static sk_value bi_resynchronize_clocks(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)a; (void)loc;
  sk_sync_invalidate_offsets();
  return sk_bi_none();
}

/* set_cache_cold(on), set_cache_cold_size(bytes): the cache-cold mode of the bandwidth
** rows (doc/manual.md "Cache-cold messages"); a size of 0 is twice the last-level cache. */
static sk_value bi_set_cache_cold(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)loc;
  bc->settings->cache_cold = a[0].u.i != 0;
  return sk_bi_none();
}

/* ---- the switches: verification, and the library's instrumentation beside every
** result (MPI_T performance variables, mpit.h; PERUSE events, peruse.h) ---- */

#if SK_HAVE_MPIT
#define BI_NO_MPIT NULL
#else
#define BI_NO_MPIT "switch_mpit_on: this build has no MPI_T (build with -DSKAMPI_MPIT against an MPI 3 library)"
#endif
#if SK_HAVE_PERUSE
#define BI_NO_PERUSE NULL
#else
#define BI_NO_PERUSE "switch_peruse_on: this build has no PERUSE (build with -DSKAMPI_PERUSE against an MPI " \
  "library that has peruse.h, e.g. one made by tools/peruse/build-openmpi.sh)"
#endif

/* The switch_X_on / switch_X_off helpers, by variant (enum bi_switch_id): the int of
** sk_settings they set, to what, and -- where the build lacks what the setting needs --
** why switching on is refused. */
typedef struct bi_switch {
  size_t offset;
  int on;
  const char *missing;
} bi_switch;
enum bi_switch_id {
  BI_VERIFICATION_ON, BI_VERIFICATION_OFF, BI_MPIT_ON, BI_MPIT_OFF, BI_PERUSE_ON, BI_PERUSE_OFF
};
static const bi_switch bi_switches[] = {
  { offsetof(sk_settings, verify), 1, NULL },
  { offsetof(sk_settings, verify), 0, NULL },
  { offsetof(sk_settings, mpit), 1, BI_NO_MPIT },
  { offsetof(sk_settings, mpit), 0, NULL },
  { offsetof(sk_settings, peruse), 1, BI_NO_PERUSE },
  { offsetof(sk_settings, peruse), 0, NULL }
};

static sk_value bi_set_switch(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  const bi_switch *s = &bi_switches[bc->variant];
  (void)a;
  if (s->missing != NULL) sk_user_error(loc, "%s", s->missing);
  *(int *)((char *)bc->settings + s->offset) = s->on;
  return sk_bi_none();
}

/* with_coll_algorithm(comm, "Bcast", "binomial"): comm, after the algorithm was set on
** every process (every process evaluates the call alike, SPMD) and comm's measurement
** communicator duplicated anew so that Open MPI takes it; "default" gives the choice back
** to the library. */
static sk_value bi_with_coll_algorithm(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  sk_str err;
  (void)bc;
  sk_str_init(&err);
  if (!sk_coll_algs_set(a[1].u.s, a[2].u.s, &err)) sk_user_error(loc, "with_coll_algorithm: %s", err.data);
  sk_str_free(&err);
#if SK_HAVE_MPIT_CVARS
  if (a[0].u.comm != NULL && sk_tp_group_rank(a[0].u.comm) >= 0) sk_tp_group_renew_measure(a[0].u.comm);
#endif
  return a[0];
}

/* its helpers, under the groups that skampi -l lists them by */
static const sk_builtin settings_helpers[] = {
  SK_BUILTIN_GROUP("settings"),
  { "set_cache_cold", "i", SK_T_NONE, bi_set_cache_cold, 0 },
  { "set_cache_cold_size", "i", SK_T_NONE, bi_set_count, (int)BI_CACHE_COLD_SIZE },
  { "switch_verification_on", "", SK_T_NONE, bi_set_switch, BI_VERIFICATION_ON },
  { "switch_verification_off", "", SK_T_NONE, bi_set_switch, BI_VERIFICATION_OFF },
  { "set_min_repetitions", "i", SK_T_NONE, bi_set_repetitions, BI_SETS_MIN_REPS },
  { "set_max_repetitions", "i", SK_T_NONE, bi_set_repetitions, BI_SETS_MAX_REPS },
  { "set_max_relative_standard_error", "d", SK_T_NONE, bi_set_real, BI_MAX_REL_ERROR },
  { "set_max_nr_node_times", "i", SK_T_NONE, bi_set_count, (int)offsetof(sk_settings, max_node_times) },
  { "set_cut_quantile", "d", SK_T_NONE, bi_set_real, BI_CUT_QUANTILE },
  { "set_result_statistic", "s", SK_T_NONE, bi_set_result_statistic, 0 },
  { "set_time_limit_per_measurement", "d", SK_T_NONE, bi_set_real, BI_TIME_LIMIT },
  { "set_time_limit_per_suite", "d", SK_T_NONE, bi_set_real, BI_SUITE_TIME_LIMIT },
  { "set_autorefine_max_error", "d", SK_T_NONE, bi_set_real, BI_APR_MAX_ERROR },
  { "set_autorefine_min_distance", "d", SK_T_NONE, bi_set_real, BI_APR_MIN_DISTANCE },
  { "set_autorefine_max_steps", "i", SK_T_NONE, bi_set_count, (int)offsetof(sk_settings, apr.max_steps) },
  { "set_unit", "d", SK_T_NONE, bi_set_real, BI_UNIT },
  { "set_autorefine_factor", "d", SK_T_NONE, bi_set_real, BI_APR_FACTOR },
  SK_BUILTIN_GROUP("synchronization"),
  { "choose_no_synchronization", "", SK_T_NONE, bi_choose_synchronization, SK_SYNC_NONE },
  { "choose_barrier_synchronization", "", SK_T_NONE, bi_choose_synchronization, SK_SYNC_BARRIER },
  { "choose_real_synchronization", "", SK_T_NONE, bi_choose_synchronization, SK_SYNC_REAL },
  { "choose_offset_estimation_linear", "", SK_T_NONE, bi_choose_offset_estimation, SK_OFFSETS_LINEAR },
  { "choose_offset_estimation_hca", "", SK_T_NONE, bi_choose_offset_estimation, SK_OFFSETS_HCA },
  { "set_clock_offset_max_age", "d", SK_T_NONE, bi_set_real, BI_OFFSET_MAX_AGE },
  { "resynchronize_clocks", "", SK_T_NONE, bi_resynchronize_clocks, 0 },
  SK_BUILTIN_GROUP("settings"),
  { "switch_mpit_on", "", SK_T_NONE, bi_set_switch, BI_MPIT_ON },
  { "switch_mpit_off", "", SK_T_NONE, bi_set_switch, BI_MPIT_OFF },
  { "switch_peruse_on", "", SK_T_NONE, bi_set_switch, BI_PERUSE_ON },
  { "switch_peruse_off", "", SK_T_NONE, bi_set_switch, BI_PERUSE_OFF },
  { "with_coll_algorithm", "css", SK_T_COMM, bi_with_coll_algorithm, 0 },
  SK_BUILTINS_END
};

SK_API const sk_builtin *sk_builtins_settings(void) { return settings_helpers; }
