/*
** stats.h -- the statistics of SKaLib §3.2 and appendix A and the node-time selection
** of SKaMPI 5 manual §7.1. Pure functions, no communication.
*/
#ifndef SK_STATS_H
#define SK_STATS_H

#include "base.h"

SK_API double sk_stats_mean(const double *x, int n);
/* The smallest of x[0..n-1]; 0 for n <= 0. */
SK_API double sk_stats_min(const double *x, int n);
/* Standard error of the mean, eq. 3.4 / A.1: sqrt((sum x^2 - (sum x)^2 / n) / (n (n-1))).
** 0 for n < 2. */
SK_API double sk_stats_std_error(const double *x, int n);
/* Standard error of the trimmed mean (floor(n * quantile) values dropped at each end, as
** sk_stats_cut does): s_w * sqrt(n) / h, where h values are kept and s_w is the standard
** deviation of the winsorised sample (each dropped value replaced by the nearest kept
** one) -- Tukey and McLaughlin's estimate (Wilcox, Introduction to Robust Estimation and
** Hypothesis Testing, §3.6). Without dropped values it is sk_stats_std_error. Values far
** out in the tails move it no more than values at the cut. 0 for n < 2. */
SK_API double sk_stats_trimmed_std_error(const double *x, int n, double quantile);
/* Sorts a copy of x into kept and drops floor(n * quantile) values at each end
** (SKaLib §3.2.2 cut_quartile); returns how many are kept (at least 1 when n >= 1). */
SK_API int sk_stats_cut(const double *x, int n, double quantile, double *kept);
/* The q-quantile (0 <= q <= 1) of the n values of sorted (ascending): Hyndman and Fan's
** definition 7 (Sample Quantiles in Statistical Packages, 1996), the linear interpolation
** between the order statistics at h = (n-1) q -- sorted[floor(h)] + (h - floor(h))
** (sorted[floor(h)+1] - sorted[floor(h)]); q 0 the least, 1 the largest, 0.5 the median
** (the middle value, or the mean of the two middle ones). 0 for n <= 0. */
SK_API double sk_stats_quantile(const double *sorted, int n, double q);
/* The distribution of a line's repetitions (the "#@ dist:" mark, doc/manual.md "Output"):
** least, first quartile, median, third quartile, 90th and 99th percentile, largest of
** x[0..n-1] by sk_stats_quantile, into dist[7]; 0 (and dist untouched) for n <= 0. */
#define SK_DIST_POINTS 7
SK_API int sk_stats_distribution(const double *x, int n, double *dist);
/* Which per-process times an output line shows (SKaMPI 5 manual §7.1): n <= max: all, in rank
** order; otherwise sorted: max 0 none, 1 the middle one, >= 2 smallest, largest and
** max-2 equidistant ones between. Returns how many were written to out. */
SK_API int sk_node_times_select(const double *times, int n, int max, double *out);

#endif
