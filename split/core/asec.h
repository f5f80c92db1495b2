/*
** asec.h -- automatic standard-error control (SKaLib §3.2, SKaMPI 5 manual §5.3.3): decides
** whether one more single measurement is needed, and forms the measurement's result.
** Runs on the one process that decides (rank 0 of the measurement communicator); the
** decision is broadcast by the caller so that every process repeats in step.
*/
#ifndef SK_ASEC_H
#define SK_ASEC_H

#include "stats.h"

typedef struct sk_asec_config {
  int min_reps;            /* default 8 */
  int max_reps;            /* default 33; never exceeded */
  double max_rel_error;    /* default 0.1: stop when std error / mean <= this (of the trimmed mean) */
  double cut_quantile;     /* default 0.25: cut at both ends when forming the result */
  double time_limit;       /* seconds per measurement (SKaLib time_meas); 0 = none */
  int statistic;           /* what a result reports: SK_STATISTIC_MEAN (default) or _MIN */
  double precision_ticks;  /* user-defined precision (SKaLib §3.1): a single measurement of a
                              local operation spans at least this many clock ticks (default
                              100, runner.h); the library's settings (skampi.h) set it */
} sk_asec_config;

/* set_result_statistic: the mean of the kept samples (SKaLib §3.2), or the minimum over
** all repetitions, the run "with the least interference" (Pichler 2013 §3.2, §7.1). */
#define SK_STATISTIC_MEAN 0
#define SK_STATISTIC_MIN 1

typedef enum sk_asec_stop {
  SK_ASEC_CONTINUE, SK_ASEC_PRECISE, SK_ASEC_MAX_REPS, SK_ASEC_TIME_LIMIT
} sk_asec_stop;

typedef struct sk_asec {
  sk_asec_config cfg;
  double *samples;
  int n;
  double started;
} sk_asec;

SK_API void sk_asec_default_config(sk_asec_config *c);
SK_API void sk_asec_begin(sk_asec *a, const sk_asec_config *c, double now);
SK_API void sk_asec_end(sk_asec *a);
SK_API void sk_asec_add(sk_asec *a, double value);
/* The stopping rule. min_reps is honoured unless the time limit is hit (SKaLib §3.2.1). */
SK_API sk_asec_stop sk_asec_decide(const sk_asec *a, double now);
/* The mean of the samples kept after cutting cut_quantile at each end (or, with
** SK_STATISTIC_MIN, the minimum of all samples), the standard error of the kept samples
** as SKaLib eq. A.1 has it (the output's column, as SKaMPI wrote it), and *kept, the
** number kept. */
SK_API void sk_asec_result(const sk_asec *a, double *mean, double *std_error, int *kept);
/* The stopping rule's error: the standard error of the trimmed mean
** (sk_stats_trimmed_std_error: the dropped samples count, at the cut) relative to it. A
** few samples a thousand times too long move neither. */
SK_API double sk_asec_relative_error(const sk_asec *a);

#endif
