/*
** asec.c -- see asec.h.
*/
#include "asec.h"

/* min_reps, max_reps, max_rel_error, cut_quantile, time_limit, statistic, precision_ticks */
static const sk_asec_config asec_default_config = { 8, 33, 0.1, 0.25, 0.0, SK_STATISTIC_MEAN, 100.0 };

SK_API void sk_asec_default_config(sk_asec_config *c) { *c = asec_default_config; }

SK_API void sk_asec_begin(sk_asec *a, const sk_asec_config *c, double now)
{
  a->cfg = *c;
  if (a->cfg.max_reps < 1) a->cfg.max_reps = 1;
  if (a->cfg.min_reps > a->cfg.max_reps) a->cfg.min_reps = a->cfg.max_reps;
  a->samples = (double *)sk_malloc(sizeof(double) * (size_t)a->cfg.max_reps);
  a->n = 0;
  a->started = now;
}

SK_API void sk_asec_end(sk_asec *a)
{
  free(a->samples);
  a->samples = NULL;
}

SK_API void sk_asec_add(sk_asec *a, double value)
{
  if (a->n < a->cfg.max_reps) a->samples[a->n++] = value;
}

/* The rule's error is that of the result: the trimmed mean's (Tukey-McLaughlin, stats.h),
** so that a few repetitions a thousand times too long -- a process that lost its
** processor -- neither stop the repetitions early nor keep them going to the cap. */
static double asec_trimmed_mean(const sk_asec *a)
{
  double *k = (double *)sk_malloc(sizeof(double) * (size_t)(a->n > 0 ? a->n : 1)), mean;
  int n = sk_stats_cut(a->samples, a->n, a->cfg.cut_quantile, k);
  mean = sk_stats_mean(k, n);
  free(k);
  return mean;
}

SK_API double sk_asec_relative_error(const sk_asec *a)
{
  double mean = asec_trimmed_mean(a);
  double se = sk_stats_trimmed_std_error(a->samples, a->n, a->cfg.cut_quantile);
  if (mean == 0.0) return se == 0.0 ? 0.0 : HUGE_VAL;
  return fabs(se / mean);
}

SK_API sk_asec_stop sk_asec_decide(const sk_asec *a, double now)
{
  if (a->n >= a->cfg.max_reps) return SK_ASEC_MAX_REPS;
  if (a->cfg.time_limit > 0.0 && now - a->started >= a->cfg.time_limit) return SK_ASEC_TIME_LIMIT;
  if (a->n < a->cfg.min_reps || a->n < 2) return SK_ASEC_CONTINUE;
  if (sk_asec_relative_error(a) <= a->cfg.max_rel_error) return SK_ASEC_PRECISE;
  return SK_ASEC_CONTINUE;
}

SK_API void sk_asec_result(const sk_asec *a, double *mean, double *std_error, int *kept)
{
  double *k;
  int n;
  if (a->n == 0) { *mean = 0.0; *std_error = 0.0; *kept = 0; return; }
  k = (double *)sk_malloc(sizeof(double) * (size_t)a->n);
  n = sk_stats_cut(a->samples, a->n, a->cfg.cut_quantile, k);
  *mean = a->cfg.statistic == SK_STATISTIC_MIN ? sk_stats_min(a->samples, a->n) : sk_stats_mean(k, n);
  *std_error = sk_stats_std_error(k, n);
  *kept = n;
  free(k);
}
