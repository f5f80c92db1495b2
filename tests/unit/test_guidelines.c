/*
** test_guidelines.c -- unit tests of the self-consistent performance guidelines (skampi
** --guidelines, split/results/guidelines.c, doc/guidelines.md): the one-sided rank-sum
** p-value against hand-computed values, then runs made by a seeded generator with a known
** cost model -- Bcast, its mock-up Scatter_Allgather (1.5 times slower), Allreduce and
** its mock-up Reduce_Bcast, Allreduce 0.9 times the mock-up but for planted sizes where
** it is 2 times it (a violation) and one where it is 1.05 times it (significant, but
** below the minimum effect of 10%) -- judged by the decision rule: exactly the planted
** sizes are violated, for the guideline, for monotony and for the split rule, and
** nothing else; without the planted sizes nothing is; one run (the per-repetition test)
** finds them too; two runs cannot reach alpha and say so; the CSV and JSON verdicts
** say the same as the text; the advice gives one replacement rule per range of violated
** sizes; a point whose sides started differently is not comparable, and a suite is taken
** for the measurement it records.
**
**   tools/sk21f tests/out/skampi_amalgam.c
**   cc -std=c89 -pedantic -Wall -Wextra -DSKAMPI_SEQ -DSKAMPI_TESTING -Itests/out \
**      -o t tests/unit/test_guidelines.c -lm && ./t
*/
#define main skampi_main
#include "skampi_amalgam.c"
#undef main
#include "check.h"

static int near(double a, double b, double rel)
{
  return fabs(a - b) <= rel * fabs(b);
}

static void test_one_sided(void)
{
  static const double a4[] = { 1, 2, 3, 4 }, b4[] = { 5, 6, 7, 8 }, tx[] = { 1, 2, 2 }, ty[] = { 2, 3, 4 };
  static const double bx[] = { 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6 }, by[] = { 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9 };
  double p;
  int exact;
  /* complete separation: 1 of the C(8, 4) = 70 choices has the largest sum */
  p = sk_rank_sum_p_greater(b4, 4, a4, 4, &exact);
  check(exact && near(p, 1.0 / 70.0, 1e-12), "one_sided_exact_4_4", "p %.17g", p);
  p = sk_rank_sum_p_greater(a4, 4, b4, 4, NULL);
  check(near(p, 1.0, 1e-12), "one_sided_exact_other_direction", "p %.17g", p);
  /* ties (mean ranks 1, 3, 3, 3, 5, 6): y's ranks sum to 14, and 3 of the 20 choices of
  ** three ranks reach 14 or more, so 3/20 (half the two-sided 0.3) */
  p = sk_rank_sum_p_greater(ty, 3, tx, 3, NULL);
  check(near(p, 0.15, 1e-12), "one_sided_exact_with_ties", "p %.17g", p);
  /* 11 and 11 with ties: the normal approximation's upper tail, half the two-sided
  ** 0.0019046063392862648 of test_compare.c */
  p = sk_rank_sum_p_greater(by, 11, bx, 11, &exact);
  check(!exact && near(p, 0.0019046063392862648 / 2.0, 1e-4), "one_sided_normal_11_11", "p %.17g", p);
  p = sk_rank_sum_p_greater(bx, 11, by, 11, NULL);
  check(p > 0.99, "one_sided_normal_other_direction", "p %.17g", p);
}

/* ---- runs from a seeded generator ---- */

#define NSIZES 9           /* 64 ... 16384 */
#define NREPS 20
#define MAXRUNS 8

/* Park and Miller's minimal standard generator (CACM 31(10), 1988). */
static double gen_uniform(long *state)
{
  *state = (long)((16807.0 * (double)*state) - 2147483647.0 * floor(16807.0 * (double)*state / 2147483647.0));
  return (double)*state / 2147483647.0;
}

/* The cost model in microseconds. */
static double model(const char *suite, double m, int planted)
{
  double rb = 8.0 + m / 500.0, bc = 5.0 + m / 1000.0;
  if (strcmp(suite, "Bcast") == 0) return bc;
  if (strcmp(suite, "Scatter_Allgather") == 0) return 1.5 * bc;
  if (strcmp(suite, "Reduce_Bcast") == 0) return rb;
  if (planted && (m == 256.0 || m == 4096.0)) return 2.0 * rb;   /* Allreduce: the planted violations */
  if (m == 1024.0) return 1.05 * rb;                              /* significant, below the effect */
  return 0.9 * rb;
}

/* One run: the four suites, each size with NREPS repetitions of the model times 1 + 3%
** exponential noise, one in 20 twice as long, and the whole run 0..2% slower. */
static void gen_run(sk_sko_file *f, long *state, int planted)
{
  static const char *const suites[] = { "Bcast", "Scatter_Allgather", "Allreduce", "Reduce_Bcast" };
  double run = 1.0 + 0.02 * gen_uniform(state), x;
  sk_str t, err;
  size_t s;
  int i, r;
  sk_str_init(&t);
  sk_str_init(&err);
  sk_str_puts(&t, "# SKaMPI Version skampi-0.1.0 (MPI backend)\n# input file: gen.ski\n# processes: 4\n"
                  "# library: Generated MPI 1.0\n");
  for (s = 0; s < sizeof suites / sizeof suites[0]; s++) {
    sk_str_printf(&t, "# begin result \"%s\"\n", suites[s]);
    for (i = 0; i < NSIZES; i++) {
      double m = 64.0 * (1 << i), reps[NREPS];
      for (r = 0; r < NREPS; r++) {
        double u = gen_uniform(state), e = -log(gen_uniform(state) + 1e-12);
        reps[r] = run * model(suites[s], m, planted) * (1.0 + 0.03 * e) * (u < 0.05 ? 2.0 : 1.0);
      }
      x = sk_tukey_median(reps, NREPS);
      sk_str_printf(&t, "bytes= %.0f %.0f %.4f 0.001 %d %.4f\n#@ reps:", m, m, x, NREPS, x);
      for (r = 0; r < NREPS; r++) sk_str_printf(&t, " %.4f", reps[r]);
      sk_str_puts(&t, "\n");
    }
    sk_str_printf(&t, "# end result \"%s\"\n", suites[s]);
  }
  if (!sk_sko_parse("gen.sko", t.data, f, &err)) printf("# parse: %s\n", err.data);
  sk_str_free(&t);
  sk_str_free(&err);
}

/* The violated rows of the CSV as "kind:lhs:bytes " words, in order. */
static void violated_rows(const char *csv, sk_str *out)
{
  const char *line = strchr(csv, '\n');
  while (line != NULL && line[1] != '\0') {
    char kind[32], rule[200], lhs[64];
    double bytes;
    const char *next = strchr(line + 1, '\n');
    line++;
    if (next && strstr(line, ",violated\n") != NULL && strstr(line, ",violated\n") < next + 1
        && sscanf(line, "%31[^,],%199[^,],%63[^,],%*[^,],%lf", kind, rule, lhs, &bytes) == 4)
      sk_str_printf(out, "%s:%s:%.0f ", kind, lhs, bytes);
    line = next;
  }
}

static int count_of(const char *text, const char *what)
{
  int n = 0;
  const char *p = text;
  while ((p = strstr(p, what)) != NULL) { n++; p++; }
  return n;
}

/* nruns runs (planted or not) judged; the violated rows into *rows, the text into *text. */
static int judge(int nruns, int planted, long seed, double effect, sk_str *rows, sk_str *text, sk_str *json)
{
  sk_sko_file files[MAXRUNS];
  char *names[MAXRUNS];
  sk_guidelines_args g;
  sk_str csv;
  long state = seed;
  int k, bad;
  memset(&g, 0, sizeof g);
  g.alpha = 0.05;
  g.min_effect = effect;
  g.files = names;
  g.nfiles = nruns;
  for (k = 0; k < nruns; k++) {
    names[k] = (char *)"gen.sko";
    gen_run(&files[k], &state, planted);
  }
  sk_str_init(&csv);
  bad = sk_guidelines_text(text, &csv, json, NULL, &g, files);
  violated_rows(csv.data, rows);
  sk_str_free(&csv);
  for (k = 0; k < nruns; k++) sk_sko_free(&files[k]);
  return bad;
}

static const char planted_rows[] =
  "guideline:Allreduce:256 guideline:Allreduce:4096 monotony:Allreduce:256 monotony:Allreduce:4096 "
  "split:Allreduce:256 split:Allreduce:4096 ";

static void test_runs(void)
{
  long seeds[] = { 1, 4711, 271828 };
  size_t s;
  for (s = 0; s < sizeof seeds / sizeof seeds[0]; s++) {
    sk_str rows, text, json;
    char name[80];
    int bad;
    sk_str_init(&rows);
    sk_str_init(&text);
    sk_str_init(&json);
    bad = judge(8, 1, seeds[s], 0.1, &rows, &text, &json);
    sprintf(name, "eight_runs_exactly_the_planted_violations_seed_%ld", seeds[s]);
    check(bad == 6 && rows.data && strcmp(rows.data, planted_rows) == 0, name, "%d: %s", bad, rows.data ? rows.data : "");
    sprintf(name, "json_says_the_same_seed_%ld", seeds[s]);
    check(json.data && json.data[0] == '{' && count_of(json.data, "\"verdict\": \"violated\"") == 6
              && count_of(json.data, "\"kind\": ") == count_of(json.data, "\"verdict\": "),
          name, "%s", json.data ? json.data : "");
    sprintf(name, "advice_a_rule_per_range_seed_%ld", seeds[s]);
    check(strstr(text.data, "  replace MPI_Allreduce by MPI_Reduce + MPI_Bcast for 256 bytes <= n <= 256 bytes on 4"
                            " processes: ") != NULL
              && strstr(text.data, "x faster there; not at 128 bytes nor at 512 bytes\n") != NULL
              && strstr(text.data, "    rule: Allreduce -> Reduce_Bcast bytes 256..256 processes 4\n") != NULL
              && strstr(text.data, "    rule: Allreduce -> Reduce_Bcast bytes 4096..4096 processes 4\n") != NULL
              && count_of(text.data, "    rule: ") == 2,
          name, "%s", text.data);
    sprintf(name, "text_names_the_worst_violation_seed_%ld", seeds[s]);
    check(strstr(text.data, "MPI_Allreduce(n) <= MPI_Reduce + MPI_Bcast(n): VIOLATED at 2 of 9 sizes") != NULL
              && strstr(text.data, "MPI_Bcast(n) <= MPI_Scatter + MPI_Allgather(n): holds at all 9 sizes") != NULL
              && strstr(text.data, "  MPI_Allreduce is ") != NULL,
          name, "%s", text.data);
    sk_str_clear(&rows);
    sk_str_clear(&text);
    bad = judge(8, 0, seeds[s], 0.1, &rows, &text, NULL);
    sprintf(name, "eight_runs_without_planted_none_seed_%ld", seeds[s]);
    check(bad == 0 && rows.len == 0, name, "%d: %s", bad, rows.data ? rows.data : "");
    /* without the minimum effect, the 5% slower size is a violation too */
    sk_str_clear(&rows);
    sk_str_clear(&text);
    bad = judge(8, 0, seeds[s], 0.0, &rows, &text, NULL);
    sprintf(name, "no_minimum_effect_finds_the_5_percent_seed_%ld", seeds[s]);
    check(rows.data && strstr(rows.data, "guideline:Allreduce:1024 ") != NULL, name, "%d: %s", bad,
          rows.data ? rows.data : "");
    sk_str_free(&rows);
    sk_str_free(&text);
    sk_str_free(&json);
  }
  {
    sk_str rows, text;
    int bad;
    sk_str_init(&rows);
    sk_str_init(&text);
    bad = judge(1, 1, 99, 0.1, &rows, &text, NULL);
    check(rows.data && strstr(rows.data, "guideline:Allreduce:256 guideline:Allreduce:4096 ") == rows.data
              && strstr(text.data, "ONE run") != NULL,
          "one_run_per_repetition_test_finds_the_planted", "%d: %s", bad, rows.data ? rows.data : "");
    sk_str_clear(&rows);
    sk_str_clear(&text);
    bad = judge(2, 1, 99, 0.1, &rows, &text, NULL);
    check(bad == 0 && strstr(text.data, "give more runs") != NULL, "two_runs_cannot_reach_alpha", "%d: %s", bad,
          text.data);
    sk_str_free(&rows);
    sk_str_free(&text);
  }
}

/* A run of Allreduce 3 times slower than Reduce_Bcast at 64 and 128 bytes, the 128 bytes
** of Allreduce begun after barriers (barrier_starts); rhs_meas: the measurement the
** suite "Reduce_Bcast" records. */
static void flag_run(sk_sko_file *f, int k, const char *rhs_meas)
{
  sk_str t, err;
  int m, r;
  sk_str_init(&t);
  sk_str_init(&err);
  sk_str_puts(&t, "# processes: 4\n# library: Generated MPI 1.0\n");
  for (r = 0; r < 2; r++) {
    sk_str_printf(&t, "# begin result \"%s\"\n", r == 0 ? "Allreduce" : "Reduce_Bcast");
    for (m = 64; m <= 128; m *= 2) {
      double x = (r == 0 ? 30.0 : 10.0) + 0.1 * k;
      sk_str_printf(&t, "# measure %s(%d, MPI_INT, MPI_BOR)\nbytes= %d %d %.3f 0.01 10 %.3f\n",
                    r == 0 ? "Allreduce" : rhs_meas, m / 4, m, m, x, x);
      if (r == 0 && m == 128) sk_str_puts(&t, "#@ flags: interference,barrier_starts\n");
      if (r == 1) sk_str_puts(&t, "#@ flags: interference\n");
    }
    sk_str_printf(&t, "# end result \"%s\"\n", r == 0 ? "Allreduce" : "Reduce_Bcast");
  }
  if (!sk_sko_parse("flags.sko", t.data, f, &err)) printf("# parse: %s\n", err.data);
  sk_str_free(&t);
  sk_str_free(&err);
}

/* Only like with like: a point whose sides started differently in every run is "not
** comparable" (counted, no verdict); a suite is taken for the measurement it records. */
static void test_comparable(void)
{
  sk_sko_file files[MAXRUNS];
  char *names[MAXRUNS];
  sk_guidelines_args g;
  sk_str text, csv, rows;
  int k, bad;
  memset(&g, 0, sizeof g);
  g.alpha = SK_GUIDELINES_ALPHA;
  g.min_effect = SK_GUIDELINES_EFFECT;
  g.files = names;
  g.nfiles = MAXRUNS;
  sk_str_init(&text);
  sk_str_init(&csv);
  sk_str_init(&rows);
  for (k = 0; k < MAXRUNS; k++) { names[k] = (char *)"flags.sko"; flag_run(&files[k], k, "Reduce_Bcast"); }
  bad = sk_guidelines_text(&text, &csv, NULL, NULL, &g, files);
  violated_rows(csv.data, &rows);
  check(bad == 1 && rows.data && strcmp(rows.data, "guideline:Allreduce:64 ") == 0
            && strstr(csv.data, "guideline,MPI_Allreduce(n) <= MPI_Reduce + MPI_Bcast(n),Allreduce,Reduce_Bcast,128,128,")
            && strstr(csv.data, ",0,rhs,not_comparable\n")
            && strstr(text.data, "MPI_Allreduce(n) <= MPI_Reduce + MPI_Bcast(n): VIOLATED at 1 of 2 sizes, 1 not comparable"),
        "start_methods_differ_not_comparable", "%d: %s\n%s", bad, rows.data ? rows.data : "", text.data);
  for (k = 0; k < MAXRUNS; k++) sk_sko_free(&files[k]);
  sk_str_clear(&text);
  sk_str_clear(&csv);
  for (k = 0; k < MAXRUNS; k++) flag_run(&files[k], k, "Allreduce");
  bad = sk_guidelines_text(&text, &csv, NULL, NULL, &g, files);
  check(bad == 0 && strstr(text.data, "MPI_Allreduce(n) <= MPI_Reduce + MPI_Bcast(n): not measured (no measurement"
                                      " \"Reduce_Bcast\")") != NULL,
        "judged_by_the_measurement_not_the_suite_name", "%d: %s", bad, text.data);
  for (k = 0; k < MAXRUNS; k++) sk_sko_free(&files[k]);
  sk_str_free(&text);
  sk_str_free(&csv);
  sk_str_free(&rows);
}

int main(void)
{
  test_one_sided();
  test_runs();
  test_comparable();
  return check_summary("test_guidelines");
}
