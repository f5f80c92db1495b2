/*
** test_compare.c -- unit tests of comparing runs (skampi -c, split/results/compare.c,
** doc/manual.md "Comparing runs"): the Wilcoxon rank-sum (Mann-Whitney U) p-value against
** published and hand-computed values, exact and normal, with and without ties; the
** median without Tukey's outliers; and the comparison of runs made by a seeded generator
** (identical distributions but for a planted 20% slowdown at one size): with one run per
** side (the per-repetition test) and with several (the test of the runs' medians, Hunold
** and Carpen-Amarie, Reproducible MPI Benchmarking Is Still Not As Easy As You Think,
** 2016), exactly the planted point is significant; mismatched suites and points named.
** Prints "ok NAME" or "FAIL NAME: details" per check; exit status 1 if any failed.
**
**   tools/sk21f tests/out/skampi_amalgam.c
**   cc -std=c89 -pedantic -Wall -Wextra -DSKAMPI_SEQ -DSKAMPI_TESTING -Itests/out \
**      -o t tests/unit/test_compare.c -lm && ./t
*/
#define main skampi_main
#include "skampi_amalgam.c"
#undef main
#include "check.h"

static int near(double a, double b, double rel)
{
  return fabs(a - b) <= rel * fabs(b);
}

static void test_rank_sum(void)
{
  /* scipy.stats.mannwhitneyu's documentation example (ages of males and females):
  ** U = 17, exact p 0.1111111111111111, asymptotic p 0.11134688653314041. By hand: 7 of
  ** the C(9, 4) = 126 arrangements give U >= 17, p = 2 * 7 / 126. */
  static const double males[] = { 19, 22, 16, 29, 24 }, females[] = { 20, 11, 17, 12 };
  static const double a3[] = { 1, 2, 3 }, b3[] = { 4, 5, 6 }, a4[] = { 1, 2, 3, 4 }, b4[] = { 5, 6, 7, 8 };
  static const double tx[] = { 1, 2, 2 }, ty[] = { 2, 3, 4 };
  static const double bx[] = { 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6 }, by[] = { 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9 };
  static const double x10[] = { 1, 2, 4, 6, 9, 11, 13, 15, 17, 20 }, y10[] = { 3, 5, 7, 8, 10, 12, 14, 16, 18, 19 };
  double pe, pn, p;
  int exact;
  p = sk_rank_sum_p(males, 5, females, 4, &exact);
  check(exact && near(p, 0.1111111111111111, 1e-12), "rank_sum_exact_scipy_example", "p %.17g exact %d", p, exact);
  p = sk_rank_sum_p(females, 4, males, 5, NULL);
  check(near(p, 0.1111111111111111, 1e-12), "rank_sum_exact_symmetric", "p %.17g", p);
  /* the same by the normal approximation (U = 17, mean 10, variance 5*4*10/12, 1/2) */
  p = compare_normal_p(2 * (17 + 15), 5, 4, 0.0, 0);
  check(near(p, 0.11134688653314041, 1e-6), "rank_sum_normal_scipy_example", "p %.17g", p);
  /* complete separation: the smallest p, 2 / C(6, 3) and 2 / C(8, 4) */
  p = sk_rank_sum_p(a3, 3, b3, 3, NULL);
  check(near(p, 0.1, 1e-12) && near(sk_rank_sum_min_p(3, 3), 0.1, 1e-12), "rank_sum_exact_3_3", "p %g min %g", p,
        sk_rank_sum_min_p(3, 3));
  p = sk_rank_sum_p(b4, 4, a4, 4, NULL);
  check(near(p, 2.0 / 70.0, 1e-12) && near(sk_rank_sum_min_p(4, 4), 2.0 / 70.0, 1e-12), "rank_sum_exact_4_4", "p %g", p);
  /* ties, exact: mean ranks 1, 3, 3, 3, 5, 6; x has 1 + 3 + 3 = 7; of the 20 choices of
  ** three ranks 3 sum to 7 (the least), so p = 2 * 3 / 20 = 0.3 (by hand) */
  p = sk_rank_sum_p(tx, 3, ty, 3, &exact);
  check(exact && near(p, 0.3, 1e-12), "rank_sum_exact_with_ties", "p %.17g", p);
  /* ties, normal: U = 1, mean 4.5, variance 9/12 (7 - 24/30) = 4.65; z = 3/sqrt(4.65),
  ** p = erfc(z / sqrt 2) = 0.16415972847851523 (the formula, Python's math.erfc) */
  p = compare_normal_p(2 * 7, 3, 3, 24.0, 0);
  check(near(p, 0.16415972847851523, 1e-6), "rank_sum_normal_with_ties", "p %.17g", p);
  /* 11 and 11 values with ties take the normal approximation: R1 = 79, U = 13, tie term
  ** 126, variance 229.1667, p = 0.0019046063392862648 (the same formula) */
  p = sk_rank_sum_p(bx, 11, by, 11, &exact);
  check(!exact && near(p, 0.0019046063392862648, 1e-5), "rank_sum_normal_11_11_ties", "p %.17g exact %d", p, exact);
  /* 10 and 10 without ties: exact p 0.6305289138106476 (rank sum 98; all C(20, 10) =
  ** 184756 choices enumerated with Python's itertools: 58247 sum to 98 or less); the
  ** normal approximation (U = 43, mean 50, variance 175) is near it */
  pe = sk_rank_sum_p(x10, 10, y10, 10, &exact);
  pn = compare_normal_p(2 * 98, 10, 10, 0.0, 0);
  check(exact && near(pe, 0.6305289138106476, 1e-12) && fabs(pe - pn) < 0.01, "rank_sum_exact_10_10_enumerated",
        "exact %.17g normal %g", pe, pn);
  p = sk_rank_sum_p(a3, 3, a3, 3, NULL);
  check(near(p, 1.0, 1e-12), "rank_sum_same_samples", "p %g", p);
  check(sk_rank_sum_p(a3, 0, b3, 3, NULL) == 1.0, "rank_sum_empty_sample", "%s", "not 1");
}

static void test_tukey(void)
{
  static const double a[] = { 4, 1, 100, 3, 2 }, b[] = { 5, 7, 6 }, c[] = { 10, 10, 10, 10, -50, 10 };
  double m = sk_tukey_median(a, 5);
  /* Q1 2, Q3 4, fences -1 and 7: 100 goes, the median of 1 2 3 4 is 2.5 (the plain one 3) */
  check(near(m, 2.5, 1e-12), "tukey_median_drops_outlier", "median %g", m);
  check(near(sk_tukey_median(b, 3), 6.0, 1e-12), "tukey_median_odd", "%g", sk_tukey_median(b, 3));
  check(near(sk_tukey_median(c, 6), 10.0, 1e-12), "tukey_median_low_outlier", "%g", sk_tukey_median(c, 6));
}

/* ---- runs from a seeded generator ---- */

#define NPOINTS 16
#define NREPS 30
#define PLANTED 1024L      /* the size with the 20% slowdown */

/* Park and Miller's minimal standard generator (CACM 31(10), 1988): the same numbers on
** every platform. */
static double gen_uniform(long *state)
{
  *state = (long)((16807.0 * (double)*state) - 2147483647.0 * floor(16807.0 * (double)*state / 2147483647.0));
  return (double)*state / 2147483647.0;
}

typedef struct gen_run {
  double reps[NPOINTS][NREPS];
  sk_sko_file f;
} gen_run;

/* One run: a ping-pong block of 16 sizes, 30 repetitions each: 1 us + size / 1000 us
** times 1 + 3% exponential noise, one repetition in 20 a spike of twice the time; the
** planted size `slow` times `factor`. missing: a size left out (0: none); extra: a suite
** of its own at the end. */
static void gen_make(gen_run *g, long *state, const char *library, double factor, long slow, long missing, int extra)
{
  sk_str t, err;
  int i, r;
  sk_str_init(&t);
  sk_str_init(&err);
  sk_str_printf(&t, "# SKaMPI Version skampi-0.1.0 (MPI backend)\n# input file: gen.ski\n# processes: 2\n"
                    "# library: %s\n# begin result \"Pingpong_Send_Recv\"\n", library);
  for (i = 0; i < NPOINTS; i++) {
    long size = 1L << i;
    double base = (1.0 + size / 1000.0) * (size == slow ? factor : 1.0);
    for (r = 0; r < NREPS; r++) {
      double u = gen_uniform(state), e = -log(gen_uniform(state) + 1e-12);
      g->reps[i][r] = base * (1.0 + 0.03 * e) * (u < 0.05 ? 2.0 : 1.0);
    }
    if (size == missing) continue;
    sk_str_printf(&t, "count= %ld %ld %.4f 0.001 %d %.4f\n#@ reps:", size, size, sk_tukey_median(g->reps[i], NREPS),
                  NREPS, sk_tukey_median(g->reps[i], NREPS));
    for (r = 0; r < NREPS; r++) sk_str_printf(&t, " %.4f", g->reps[i][r]);
    sk_str_puts(&t, "\n");
  }
  sk_str_puts(&t, "# end result \"Pingpong_Send_Recv\"\n");
  if (extra) sk_str_puts(&t, "# begin result \"Extra\"\ncount= 1 1 1.0 0.1 8 1.0\n# end result \"Extra\"\n");
  if (!sk_sko_parse("gen.sko", t.data, &g->f, &err)) printf("# parse: %s\n", err.data);
  /* the repetitions as printed (4 decimals), where the reader has not read them itself */
  for (i = 0; i < (int)g->f.blocks[0].n; i++) {
    sk_sko_line *l = &g->f.blocks[0].lines[i];
    int p = 0;
    while ((1L << p) != l->size) p++;
    if (l->rep_us == NULL) {
      l->rep_us = (double *)sk_malloc(sizeof(double) * NREPS);
      l->nrep = NREPS;
      for (r = 0; r < NREPS; r++) l->rep_us[r] = floor(g->reps[p][r] * 1e4 + 0.5) / 1e4;
    }
  }
  sk_str_free(&t);
  sk_str_free(&err);
}

/* How many "yes" rows the text has, and whether the planted size's row is one. */
static int count_significant(const char *text, int *planted_yes)
{
  const char *p = text;
  int n = 0;
  char want[64];
  sprintf(want, "count= %ld ", PLANTED);
  *planted_yes = 0;
  while ((p = strstr(p, " yes\n")) != NULL) {
    const char *line = p;
    while (line > text && line[-1] != '\n') line--;
    n++;
    if (strncmp(line + 2, want, strlen(want)) == 0) *planted_yes = 1;
    p++;
  }
  return n;
}

/* The row of point `point` ("count= 1024"): its ratio and p-value; 0 when none. */
static int row_of(const char *text, const char *point, double *ratio, double *p)
{
  char want[64], side;
  const char *at;
  double base, time;
  sprintf(want, "\n  %s ", point);
  at = strstr(text, want);
  return at != NULL && sscanf(at + strlen(want), " %c %lf %lf %lf %lf", &side, &base, &time, ratio, p) == 5;
}

static void compare_runs(gen_run *runs, int n, int nbase, sk_str *out, sk_str *csv)
{
  sk_compare_args c;
  sk_sko_file *files = (sk_sko_file *)sk_calloc((size_t)n, sizeof(sk_sko_file));
  int k;
  memset(&c, 0, sizeof c);
  c.alpha = 0.05;
  c.nfiles = n;
  c.nsides = 2;
  c.files = (char **)sk_calloc((size_t)n, sizeof(char *));
  c.side = (int *)sk_calloc((size_t)n, sizeof(int));
  c.labels = (char **)sk_calloc(2, sizeof(char *));
  for (k = 0; k < n; k++) {
    c.files[k] = (char *)(k < nbase ? "a.sko" : "b.sko");
    c.side[k] = k >= nbase;
    files[k] = runs[k].f;
  }
  sk_compare_text(out, csv, &c, files);
  free(files);
  sk_compare_args_free(&c);
}

static void test_compare(void)
{
  gen_run *g = (gen_run *)sk_calloc(10, sizeof(gen_run));
  sk_str out, csv;
  int k, nsig, planted, rows, chance = 0;
  double ratio, pv;
  long state = 1;         /* one stream for every run (Park and Miller's streams of two
                          ** seeds are multiples of each other: not independent) */
  const char *p;
  sk_str_init(&out);
  sk_str_init(&csv);
  /* one run each: the rank-sum test of the repetitions */
  gen_make(&g[0], &state, "Open MPI v4.1.4, package: Debian", 1.0, 0, 0, 0);
  gen_make(&g[1], &state, "MPICH Version: 4.0.2", 1.2, PLANTED, 0, 0);
  compare_runs(g, 2, 1, &out, &csv);
  nsig = count_significant(out.data, &planted);
  check(nsig == 1 && planted, "compare_one_run_each_finds_the_planted_point", "%d significant, planted %d:\n%s", nsig,
        planted, out.data);
  check(strstr(out.data, "per-repetition test: one run each") != NULL, "compare_one_run_each_says_so", "%s", out.data);
  check(strstr(out.data, "# A (baseline): Open MPI v4.1.4, 2 processes: a.sko") != NULL
        && strstr(out.data, "# B: MPICH Version: 4.0.2, 2 processes: b.sko") != NULL,
        "compare_names_runs_by_library_and_processes", "%s", out.data);
  p = strstr(out.data, "significant differences: 1 of 16 compared points, largest first:\n  B/A    1.1");
  check(p != NULL && strstr(p, "count= 1024 (p ") != NULL && row_of(out.data, "count= 1024", &ratio, &pv)
        && ratio > 1.15 && ratio < 1.25 && pv < 1e-6, "compare_summary_names_the_change", "%s", out.data);
  for (rows = 0, p = csv.data; (p = strchr(p, '\n')) != NULL; p++) rows++;
  check(rows == 17 && strstr(csv.data, "\nPingpong_Send_Recv,count= 1024,\"MPICH Version: 4.0.2, 2 processes\",") != NULL
        && strstr(csv.data, ",yes,repetitions\n") != NULL, "compare_csv", "%d rows:\n%s", rows, csv.data);
  for (k = 0; k < 2; k++) sk_sko_free(&g[k].f);
  /* 3 runs a side: the runs' medians; 2 / C(6, 3) = 0.1 is the smallest p it can give */
  sk_str_clear(&out);
  for (k = 0; k < 6; k++) gen_make(&g[k], &state, "Open MPI v4.1.4", k < 3 ? 1.0 : 1.2, PLANTED, 0, 0);
  compare_runs(g, 6, 3, &out, NULL);
  nsig = count_significant(out.data, &planted);
  check(nsig == 0 && strstr(out.data, "smallest p-value the test can give is 0.1, above alpha 0.05") != NULL
        && row_of(out.data, "count= 1024", &ratio, &pv) && ratio > 1.15 && ratio < 1.25 && near(pv, 0.1, 1e-9),
        "compare_3_runs_each_cannot_be_significant", "%d significant:\n%s", nsig, out.data);
  for (k = 0; k < 6; k++) sk_sko_free(&g[k].f);
  /* 5 runs a side: 2 / C(10, 5) = 0.0079 is possible: exactly the planted point */
  sk_str_clear(&out);
  for (k = 0; k < 10; k++) gen_make(&g[k], &state, "Open MPI v4.1.4", k < 5 ? 1.0 : 1.2, PLANTED, 0, 0);
  compare_runs(g, 10, 5, &out, NULL);
  nsig = count_significant(out.data, &planted);
  check(nsig == 1 && planted && strstr(out.data, "5 and 5 runs: Wilcoxon rank-sum test of the runs' medians") != NULL,
        "compare_5_runs_each_finds_the_planted_point", "%d significant, planted %d:\n%s", nsig, planted, out.data);
  for (k = 0; k < 10; k++) sk_sko_free(&g[k].f);
  /* calibration: 40 comparisons of one run each and of 5 runs a side, planted 20% at one
  ** size: the planted point always found, the other 1200 points significant by chance
  ** about as often as alpha says (5%: 60; Hunold and Carpen-Amarie's test holds its level) */
  for (k = 0; k < 40; k++) {
    int j;
    sk_str_clear(&out);
    gen_make(&g[0], &state, "A", 1.0, 0, 0, 0);
    gen_make(&g[1], &state, "B", 1.2, PLANTED, 0, 0);
    compare_runs(g, 2, 1, &out, NULL);
    nsig = count_significant(out.data, &planted);
    chance += nsig - planted + (1 - planted) * 1000;
    for (j = 0; j < 2; j++) sk_sko_free(&g[j].f);
    sk_str_clear(&out);
    for (j = 0; j < 10; j++) gen_make(&g[j], &state, "A", j < 5 ? 1.0 : 1.2, PLANTED, 0, 0);
    compare_runs(g, 10, 5, &out, NULL);
    nsig = count_significant(out.data, &planted);
    chance += nsig - planted + (1 - planted) * 1000;
    for (j = 0; j < 10; j++) sk_sko_free(&g[j].f);
  }
  check(chance >= 30 && chance <= 95, "compare_false_positives_near_alpha", "%d of 1200 unplanted points significant"
        " (or a planted one missed: +1000)", chance);
  /* a point and a suite that only one run has: named */
  sk_str_clear(&out);
  gen_make(&g[0], &state, "Open MPI v4.1.4", 1.0, 0, 0, 0);
  gen_make(&g[1], &state, "Open MPI v4.1.4", 1.0, 0, 64, 1);
  free(g[1].f.blocks[0].lines[3].flagset);   /* count= 8: a doubt flag among others */
  g[1].f.blocks[0].lines[3].flagset = sk_strdup("discarded=2,interference,calls_per_timing=4");
  compare_runs(g, 2, 1, &out, NULL);
  p = strstr(out.data, "\n  count= 8 ");
  check(p != NULL && strncmp(strchr(p + 1, '\n') - 23, "  (flags: interference)", 23) == 0
        && strstr(out.data, "(flags:") == strstr(p, "(flags:"), "compare_shows_doubt_flags", "%s", out.data);
  check(strstr(out.data, "not compared (not in every run):\n") != NULL
        && strstr(out.data, "  suite \"Pingpong_Send_Recv\" point count= 64 is not in b.sko\n") != NULL
        && strstr(out.data, "  suite \"Extra\" of b.sko is not in a.sko\n") != NULL
        && strstr(out.data, "of 15 compared points") != NULL, "compare_names_mismatches", "%s", out.data);
  for (k = 0; k < 2; k++) sk_sko_free(&g[k].f);
  sk_str_free(&out);
  sk_str_free(&csv);
  free(g);
}

static void test_options(void)
{
  static const char *const ok_args[] = { "skampi", "-c", "-a", "0.01", "--label", "old", "a1", "a2", "--", "b1", "-o", "x.csv" };
  static const char *const bad_alpha[] = { "skampi", "-c", "-a", "1.5", "a", "b" };
  static const char *const one[] = { "skampi", "-c", "a" };
  static const char *const empty_side[] = { "skampi", "-c", "a", "--" };
  sk_compare_args c;
  sk_str err;
  int r;
  sk_str_init(&err);
  r = sk_compare_option(12, (char **)ok_args, 1, &c, &err);
  check(r == 1 && c.nfiles == 3 && c.nsides == 2 && c.side[0] == 0 && c.side[1] == 0 && c.side[2] == 1
        && near(c.alpha, 0.01, 1e-12) && sk_streq(c.csv, "x.csv") && sk_streq(c.labels[0], "old") && c.labels[1] == NULL,
        "compare_options_sides", "r %d files %d sides %d", r, c.nfiles, c.nsides);
  sk_compare_args_free(&c);
  r = sk_compare_option(6, (char **)bad_alpha, 1, &c, &err);
  check(r == -1 && strstr(err.data, "'1.5'") != NULL, "compare_options_bad_alpha", "%d %s", r, err.data ? err.data : "");
  sk_compare_args_free(&c);
  r = sk_compare_option(3, (char **)one, 1, &c, &err);
  check(r == -1 && strstr(err.data, "at least two runs") != NULL, "compare_options_one_run", "%d %s", r, err.data ? err.data : "");
  sk_compare_args_free(&c);
  r = sk_compare_option(4, (char **)empty_side, 1, &c, &err);
  check(r == -1 && strstr(err.data, "'--'") != NULL, "compare_options_empty_side", "%d %s", r, err.data ? err.data : "");
  sk_compare_args_free(&c);
  sk_str_free(&err);
}

int main(void)
{
  test_rank_sum();
  test_tukey();
  test_compare();
  test_options();
  return check_summary("test_compare");
}
