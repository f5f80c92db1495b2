/*
** stats.c -- see stats.h.
*/
#include "stats.h"

SK_API double sk_stats_mean(const double *x, int n)
{
  double s = 0.0;
  int i;
  if (n <= 0) return 0.0;
  for (i = 0; i < n; i++) s += x[i];
  return s / n;
}

SK_API double sk_stats_min(const double *x, int n)
{
  double m;
  int i;
  if (n <= 0) return 0.0;
  for (m = x[0], i = 1; i < n; i++)
    if (x[i] < m) m = x[i];
  return m;
}

SK_API double sk_stats_std_error(const double *x, int n)
{
  double sum = 0.0, sumsq = 0.0, var;
  int i;
  if (n < 2) return 0.0;
  for (i = 0; i < n; i++) { sum += x[i]; sumsq += x[i] * x[i]; }
  var = (sumsq - sum * sum / n) / ((double)n * (n - 1));
  return var > 0.0 ? sqrt(var) : 0.0;   /* rounding can make a zero variance negative */
}

static int stats_cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y ? 1 : 0;
}

SK_API int sk_stats_cut(const double *x, int n, double quantile, double *kept)
{
  int drop, i;
  double *sorted;
  if (n <= 0) return 0;
  sorted = (double *)sk_malloc(sizeof(double) * (size_t)n);
  memcpy(sorted, x, sizeof(double) * (size_t)n);
  qsort(sorted, (size_t)n, sizeof(double), stats_cmp_double);
  if (quantile < 0.0) quantile = 0.0;
  drop = (int)floor(n * quantile + 1e-9);
  if (2 * drop >= n) drop = (n - 1) / 2;
  for (i = drop; i < n - drop; i++) kept[i - drop] = sorted[i];
  free(sorted);
  return n - 2 * drop;
}

SK_API double sk_stats_trimmed_std_error(const double *x, int n, double quantile)
{
  double *w, se;
  int h, drop, i;
  if (n < 2) return 0.0;
  w = (double *)sk_malloc(sizeof(double) * (size_t)n);
  h = sk_stats_cut(x, n, quantile, w);          /* sorted, the kept ones */
  drop = (n - h) / 2;
  if (drop > 0) {                               /* winsorise: back to n values */
    memmove(w + drop, w, sizeof(double) * (size_t)h);
    for (i = 0; i < drop; i++) { w[i] = w[drop]; w[n - 1 - i] = w[drop + h - 1]; }
  }
  se = sk_stats_std_error(w, n) * (double)n / h;   /* (s_w / sqrt n) * n / h */
  free(w);
  return se;
}

SK_API int sk_node_times_select(const double *times, int n, int max, double *out)
{
  double *sorted;
  int i;
  if (max < 0) max = 0;
  if (n <= max) {
    for (i = 0; i < n; i++) out[i] = times[i];
    return n;
  }
  if (max == 0) return 0;
  sorted = (double *)sk_malloc(sizeof(double) * (size_t)n);
  memcpy(sorted, times, sizeof(double) * (size_t)n);
  qsort(sorted, (size_t)n, sizeof(double), stats_cmp_double);
  if (max == 1) {
    out[0] = sorted[(n - 1) / 2];
  } else {
    for (i = 0; i < max; i++) {
      /* index i*(n-1)/(max-1) rounded to nearest: 0 and n-1 at the ends */
      long idx = ((long)i * (n - 1) * 2 + (max - 1)) / (2L * (max - 1));
      out[i] = sorted[idx];
    }
  }
  free(sorted);
  return max;
}

SK_API double sk_stats_quantile(const double *sorted, int n, double q)
{
  double h;
  int lo;
  if (n <= 0) return 0.0;
  if (q <= 0.0) return sorted[0];
  if (q >= 1.0) return sorted[n - 1];
  h = (n - 1) * q;
  lo = (int)floor(h);
  if (lo >= n - 1) return sorted[n - 1];
  return sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]);
}

SK_API int sk_stats_distribution(const double *x, int n, double *dist)
{
  static const double at[SK_DIST_POINTS] = { 0.0, 0.25, 0.5, 0.75, 0.9, 0.99, 1.0 };
  double *sorted;
  int k;
  if (n <= 0) return 0;
  sorted = (double *)sk_malloc(sizeof(double) * (size_t)n);
  memcpy(sorted, x, sizeof(double) * (size_t)n);
  qsort(sorted, (size_t)n, sizeof(double), stats_cmp_double);
  for (k = 0; k < SK_DIST_POINTS; k++) dist[k] = sk_stats_quantile(sorted, n, at[k]);
  free(sorted);
  return 1;
}
