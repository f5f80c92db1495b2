/*
** compare.h -- comparing runs (skampi -c, doc/manual.md "Comparing runs"): the time of
** every suite and point of one or more runs against a baseline run, and whether the
** difference is significant by the method of Hunold and Carpen-Amarie (Reproducible MPI
** Benchmarking Is Still Not As Easy As You Think, IEEE TPDS 2016): per run the median of
** its repetitions (`#@ reps:`) without Tukey's outliers, then a Wilcoxon rank-sum
** (Mann-Whitney) test across the runs' medians; with one run on each side, the rank-sum
** test of the two runs' repetitions. Inputs are grouped into sides by "--"; the first
** side is the baseline. Mismatched suites and points are named, never dropped silently.
** Files are read by sko.h; nothing here makes an MPI call.
*/
#ifndef SK_COMPARE_H
#define SK_COMPARE_H

#include "sko.h"

typedef struct sk_compare_args {
  double alpha;           /* significance level, 0.05 unless -a */
  const char *csv;        /* -o FILE: the table as CSV (NULL: none) */
  char **files;           /* the inputs in order */
  int nfiles;
  int *side;              /* the side of each input (0: the baseline) */
  char **labels;          /* per side: its --label or NULL */
  int nsides;
} sk_compare_args;

/* argv[i] is -c: takes every argument after it into *c (1), 0 when argv[i] is not -c,
** -1 with *err set for a bad command line (the caller reports it and exits 2). */
SK_API int sk_compare_option(int argc, char **argv, int i, sk_compare_args *c, sk_str *err);
SK_API void sk_compare_args_free(sk_compare_args *c);
/* A refused command line of a post-processing mode: *err = "skampi: 'ARG': WHAT"; -1. */
SK_API int sk_compare_refuse(sk_str *err, const char *arg, const char *what);
/* Reads the inputs, prints the comparison on standard output (and the CSV file when
** asked); the exit status: 0, 2 (a malformed input) or SK_EXIT_WRITE. */
SK_API int sk_compare_run(const sk_compare_args *c);
/* The end of a post-processing command over result files (-c, --guidelines): reads the
** nfiles at paths, lets text(args, files, texts) fill texts[0] (standard output) and each
** texts[k] whose targets[k] names a file (NULL: not asked for, texts[k] NULL), writes
** them, standard output last, and frees all. Returns 0, 2 (a malformed input: said on
** stderr) or SK_EXIT_WRITE. At most SK_COMMAND_TEXTS texts. */
#define SK_COMMAND_TEXTS 4
typedef void (*sk_command_text_fn)(const void *args, const sk_sko_file *files, sk_str **texts);
SK_API int sk_command_on_files(char *const *paths, int nfiles, const char *const *targets, int ntexts,
                               sk_command_text_fn text, const void *args);
/* The comparison of already read files (files[k] is input k of c) as text, and as CSV
** when csv is not NULL. */
SK_API void sk_compare_text(sk_str *out, sk_str *csv, const sk_compare_args *c, const sk_sko_file *files);

/* The median of x[0..n-1] after removing Tukey's outliers (values outside
** [Q1 - 1.5 IQR, Q3 + 1.5 IQR], quartiles by linear interpolation between order
** statistics); 0 for n <= 0. */
SK_API double sk_tukey_median(const double *x, int n);
/* A run's value at a point: the Tukey-filtered median of its repetitions (#@ reps), or
** its time without them. */
SK_API double sk_compare_run_value(const sk_sko_line *l);
/* The median of x[0..n-1] (sorts x); n >= 1. */
SK_API double sk_compare_median(double *x, int n);
/* "NAME, ..." for the flags that put a time in doubt (`#@ flags:` interference,
** untrustworthy, clock_resolution, timing_overhead, scheduler_time, barrier_starts, lost_kept, rep_cap,
** time_limit) that any line k with use[k] (NULL: every line) has; their number. */
SK_API int sk_compare_doubt_list(sk_str *out, const sk_sko_line *const *lines, const int *use, int n);
/* The same as "  (flags: NAME, ...)"; nothing without. */
SK_API void sk_compare_doubt_flags(sk_str *out, const sk_sko_line *const *lines, const int *use, int n);
/* The two-sided p-value of the Wilcoxon rank-sum (Mann-Whitney U) test of x against y
** (ties get their mean rank): the exact permutation distribution of the rank sum when
** both samples have at most SK_RANK_SUM_EXACT_MAX values (exact also with ties, given
** the ties), else the normal approximation with tie correction and continuity
** correction. *exact (may be NULL) says which. 1 when a sample is empty. */
#define SK_RANK_SUM_EXACT_MAX 10
SK_API double sk_rank_sum_p(const double *x, int nx, const double *y, int ny, int *exact);
/* The one-sided p-value of the same test against the alternative that x tends to be
** larger than y (the upper tail of x's rank sum): what a guideline's check asks
** (guidelines.h). */
SK_API double sk_rank_sum_p_greater(const double *x, int nx, const double *y, int ny, int *exact);
/* The smallest two-sided p-value the exact test can give for samples of nx and ny
** values without ties: 2 / C(nx + ny, nx). */
SK_API double sk_rank_sum_min_p(int nx, int ny);

#endif
