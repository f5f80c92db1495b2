/*
** compare.c -- see compare.h.
*/
#include "compare.h"
#include "output.h"
#include "export.h"

/* ---- statistics ---- */

static int compare_cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y ? 1 : 0;
}

/* The q-quantile of sorted[0..n-1], linear between order statistics ((n-1) q). */
static double compare_quantile(const double *sorted, int n, double q)
{
  double h = (n - 1) * q;
  int lo = (int)floor(h);
  if (lo >= n - 1) return sorted[n - 1];
  return sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]);
}

static double compare_median_sorted(const double *sorted, int n)
{
  return n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
}

SK_API double sk_tukey_median(const double *x, int n)
{
  double *s, q1, q3, lo, hi, m;
  int i, k = 0;
  if (n <= 0) return 0.0;
  s = (double *)sk_malloc(sizeof(double) * (size_t)n);
  memcpy(s, x, sizeof(double) * (size_t)n);
  qsort(s, (size_t)n, sizeof(double), compare_cmp_double);
  q1 = compare_quantile(s, n, 0.25);
  q3 = compare_quantile(s, n, 0.75);
  lo = q1 - 1.5 * (q3 - q1);
  hi = q3 + 1.5 * (q3 - q1);
  for (i = 0; i < n; i++) if (s[i] >= lo && s[i] <= hi) s[k++] = s[i];   /* stays sorted */
  m = compare_median_sorted(s, k);   /* k >= 1: the quartiles lie inside the fences */
  free(s);
  return m;
}

/* The complementary error function, fractional error below 1.2e-7 (Press, Teukolsky,
** Vetterling and Flannery, Numerical Recipes in C, 2nd ed., §6.2, erfcc): C89 has none. */
static double compare_erfc(double x)
{
  double z = fabs(x), t = 1.0 / (1.0 + 0.5 * z), r;
  r = t * exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 +
      t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 +
      t * (-0.82215223 + t * 0.17087277)))))))));
  return x >= 0.0 ? r : 2.0 - r;
}

typedef struct compare_obs {
  double v;
  int from_x;
} compare_obs;

static int compare_cmp_obs(const void *a, const void *b)
{
  return compare_cmp_double(&((const compare_obs *)a)->v, &((const compare_obs *)b)->v);
}

/* The exact p-value: the number of ways to choose nx of the N doubled mean ranks r2[]
** with each sum (dynamic programming), against x's sum w2; two-sided, or (greater) the
** upper tail alone: how likely a sum at least w2 is. */
static double compare_exact_p(const int *r2, int n, int nx, int w2, int greater)
{
  int maxsum = 2 * n * (n + 1) / 2, i, k, s;
  double *ways = (double *)sk_calloc((size_t)(nx + 1) * (size_t)(maxsum + 1), sizeof(double));
  double total = 0.0, below = 0.0, above = 0.0, p;
#define WAYS(k, s) ways[(size_t)(k) * (size_t)(maxsum + 1) + (size_t)(s)]
  WAYS(0, 0) = 1.0;
  for (i = 0; i < n; i++)
    for (k = (i + 1 < nx ? i + 1 : nx); k >= 1; k--)
      for (s = maxsum; s >= r2[i]; s--) WAYS(k, s) += WAYS(k - 1, s - r2[i]);
  for (s = 0; s <= maxsum; s++) {
    total += WAYS(nx, s);
    if (s <= w2) below += WAYS(nx, s);
    if (s >= w2) above += WAYS(nx, s);
  }
#undef WAYS
  free(ways);
  p = greater ? above / total : 2.0 * (below < above ? below : above) / total;
  return p < 1.0 ? p : 1.0;
}

/* The normal approximation's p-value for the rank sum w2 / 2 of nx values among n = nx +
** ny with tie term ties = sum (t^3 - t) over the runs of t ties: U = w2 / 2 - nx (nx + 1)
** / 2, mean nx ny / 2, variance nx ny / 12 (n + 1 - ties / (n (n - 1))), and the
** continuity correction 1/2; two-sided, or (greater) the upper tail alone. */
static double compare_normal_p(int w2, int nx, int ny, double ties, int greater)
{
  int n = nx + ny;
  double u = w2 / 2.0 - nx * (nx + 1) / 2.0, mu = nx * (double)ny / 2.0, z;
  double var = nx * (double)ny / 12.0 * ((n + 1) - ties / ((double)n * (n - 1)));
  if (var <= 0.0) return 1.0;   /* every value the same */
  if (greater) return 0.5 * compare_erfc((u - mu - 0.5) / sqrt(var) / sqrt(2.0));
  z = (fabs(u - mu) - 0.5) / sqrt(var);
  return z > 0.0 ? compare_erfc(z / sqrt(2.0)) : 1.0;
}

/* The rank-sum test of x against y, two-sided or (greater) one-sided. */
static double compare_rank_sum(const double *x, int nx, const double *y, int ny, int *exact, int greater)
{
  int n = nx + ny, i, j, m, w2 = 0, *r2;
  compare_obs *o;
  double ties = 0.0, p;
  if (exact) *exact = 0;
  if (nx <= 0 || ny <= 0) return 1.0;
  o = (compare_obs *)sk_malloc(sizeof(compare_obs) * (size_t)n);
  r2 = (int *)sk_malloc(sizeof(int) * (size_t)n);
  for (i = 0; i < n; i++) { o[i].v = i < nx ? x[i] : y[i - nx]; o[i].from_x = i < nx; }
  qsort(o, (size_t)n, sizeof(compare_obs), compare_cmp_obs);
  for (i = 0; i < n; i = j) {   /* a run of ties i..j-1 gets the mean rank, doubled: i+1 + j */
    double t;
    for (j = i + 1; j < n && o[j].v == o[i].v; j++) {}
    t = (double)(j - i);
    ties += t * t * t - t;
    for (m = i; m < j; m++) { r2[m] = i + 1 + j; if (o[m].from_x) w2 += i + 1 + j; }
  }
  if (nx <= SK_RANK_SUM_EXACT_MAX && ny <= SK_RANK_SUM_EXACT_MAX) {
    if (exact) *exact = 1;
    p = compare_exact_p(r2, n, nx, w2, greater);
  } else p = compare_normal_p(w2, nx, ny, ties, greater);
  free(o);
  free(r2);
  return p < 1.0 ? p : 1.0;
}

SK_API double sk_rank_sum_p(const double *x, int nx, const double *y, int ny, int *exact)
{
  return compare_rank_sum(x, nx, y, ny, exact, 0);
}

SK_API double sk_rank_sum_p_greater(const double *x, int nx, const double *y, int ny, int *exact)
{
  return compare_rank_sum(x, nx, y, ny, exact, 1);
}

SK_API double sk_rank_sum_min_p(int nx, int ny)
{
  double c = 1.0;
  int k;
  for (k = 1; k <= nx; k++) c = c * (ny + k) / k;   /* C(nx + ny, nx) */
  return 2.0 / c < 1.0 ? 2.0 / c : 1.0;
}

/* ---- the command line ---- */

SK_API void sk_compare_args_free(sk_compare_args *c)
{
  free(c->files);
  free(c->side);
  free(c->labels);
  memset(c, 0, sizeof *c);
}

/* The message names the offending argument in quotes (what the options' fuzzing
** harness, tests/fuzz/fuzz_cli.c, asks of every refusal). */
SK_API int sk_compare_refuse(sk_str *err, const char *arg, const char *what)
{
  sk_str_clear(err);
  sk_str_printf(err, "skampi: '%s': %s", arg, what);
  return -1;
}

SK_API int sk_compare_option(int argc, char **argv, int i, sk_compare_args *c, sk_str *err)
{
  int k, side_has_files = 0;
  if (!sk_streq(argv[i], "-c")) return 0;
  memset(c, 0, sizeof *c);
  c->alpha = 0.05;
  c->files = (char **)sk_calloc((size_t)argc, sizeof(char *));
  c->side = (int *)sk_calloc((size_t)argc, sizeof(int));
  c->labels = (char **)sk_calloc((size_t)argc, sizeof(char *));
  c->nsides = 1;
  for (k = i + 1; k < argc; k++) {
    const char *a = argv[k];
    if (sk_streq(a, "--")) {
      if (!side_has_files) return sk_compare_refuse(err, a, "a side without result files before it");
      c->nsides++;
      side_has_files = 0;
    } else if (sk_streq(a, "-a") || sk_streq(a, "--alpha")) {
      char *end;
      if (k + 1 >= argc) return sk_compare_refuse(err, a, "needs the significance level (between 0 and 1)");
      c->alpha = strtod(argv[++k], &end);
      if (*end != '\0' || end == argv[k] || !(c->alpha > 0.0 && c->alpha < 1.0))
        return sk_compare_refuse(err, argv[k], "the significance level is a number between 0 and 1");
    } else if (sk_streq(a, "-o")) {
      if (k + 1 >= argc) return sk_compare_refuse(err, a, "needs the CSV file's name");
      c->csv = argv[++k];
    } else if (sk_streq(a, "--label")) {
      if (k + 1 >= argc) return sk_compare_refuse(err, a, "needs a name");
      c->labels[c->nsides - 1] = argv[++k];
    } else {
      c->side[c->nfiles] = c->nsides - 1;
      c->files[c->nfiles++] = argv[k];
      side_has_files = 1;
    }
  }
  if (!side_has_files)
    return sk_compare_refuse(err, argv[argc - 1], c->nsides > 1 ? "a side without result files after the last '--'"
                                                          : "-c needs the result files to compare");
  if (c->nsides == 1) {   /* without "--": every file is a side of its own */
    for (k = 0; k < c->nfiles; k++) c->side[k] = k;
    c->nsides = c->nfiles;
    if (c->labels[0] != NULL) return sk_compare_refuse(err, "--label", "names a side of files separated by '--'");
  }
  if (c->nsides < 2) return sk_compare_refuse(err, argv[i], "needs at least two runs (or two sides separated by '--')");
  return 1;
}

/* ---- the comparison ---- */

typedef struct compare_row {
  const char *suite;
  char *point;
  int side;
  double base, time, ratio, p;    /* p < 0: no test */
} compare_row;

typedef struct compare_state {
  const sk_compare_args *c;
  const sk_sko_file *files;
  char **names;           /* per side: its name in the legend */
  sk_str *out, *csv, missing;
  compare_row *rows;
  size_t nrows, caprows;
  int untested;           /* points of one run each without repetitions */
} compare_state;

/* The side's name: its label, else the library's first words and the process count. */
static char *compare_side_name(const sk_compare_args *c, const sk_sko_file *files, int side)
{
  const sk_sko_file *f = NULL;
  const char *lib, *np, *p;
  sk_str s;
  int k, words = 0;
  if (c->labels[side] != NULL) return sk_strdup(c->labels[side]);
  for (k = 0; k < c->nfiles && f == NULL; k++) if (c->side[k] == side) f = &files[k];
  lib = sk_sko_field(f, "library");
  np = sk_sko_field(f, "processes");
  sk_str_init(&s);
  if (lib == NULL) sk_str_puts(&s, "unknown library");
  for (p = lib; p != NULL && *p && *p != ',' && *p != '\n'; p++) {   /* up to 3 words */
    if (*p == ' ' || *p == '\t') { if (p[1] != ' ' && p[1] != '\t' && ++words == 3) break; }
    sk_str_putc(&s, *p == '\t' ? ' ' : *p);
  }
  sk_str_printf(&s, ", %s process%s", np ? np : "?", np && sk_streq(np, "1") ? "" : "es");
  return s.data;
}

/* "[LABEL] a= 1 b= 2" */
static char *compare_point_name(const sk_sko_line *l)
{
  sk_str s;
  int v;
  sk_str_init(&s);
  if (l->label && *l->label) sk_str_printf(&s, "[%s] ", l->label);
  for (v = 0; v < l->nvars; v++) sk_str_printf(&s, "%s%s= %s", v ? " " : "", l->vars[v].name, l->vars[v].text);
  if (l->nvars == 0) sk_str_printf(&s, "size= %ld", l->size);
  return s.data;
}

/* The nth line of b (from 0) with key `key` (sk_sko_key), or NULL. */
static const sk_sko_line *compare_find_line(const sk_sko_block *b, const char *key, int nth)
{
  sk_str k2;
  size_t i;
  const sk_sko_line *found = NULL;
  sk_str_init(&k2);
  for (i = 0; i < b->n && found == NULL; i++) {
    sk_str_clear(&k2);
    sk_sko_key(&k2, &b->lines[i], 0);
    if (sk_streq(k2.data, key) && nth-- == 0) found = &b->lines[i];
  }
  sk_str_free(&k2);
  return found;
}

/* How many lines before line l of b have its key; the key into *key. */
static int compare_nth(const sk_sko_block *b, size_t l, sk_str *key)
{
  sk_str k2;
  size_t i;
  int nth = 0;
  sk_str_init(&k2);
  sk_str_clear(key);
  sk_sko_key(key, &b->lines[l], 0);
  for (i = 0; i < l; i++) {
    sk_str_clear(&k2);
    sk_sko_key(&k2, &b->lines[i], 0);
    if (sk_streq(k2.data, key->data)) nth++;
  }
  sk_str_free(&k2);
  return nth;
}

SK_API double sk_compare_run_value(const sk_sko_line *l)
{
  return l->nrep > 0 ? sk_tukey_median(l->rep_us, l->nrep) : l->time_us;
}

SK_API double sk_compare_median(double *x, int n)
{
  qsort(x, (size_t)n, sizeof(double), compare_cmp_double);
  return compare_median_sorted(x, n);
}

/* text, then blanks up to width characters (sk_str_printf's %s has no width) and one more */
static void compare_pad(sk_str *out, const char *text, size_t width)
{
  size_t n = strlen(text);
  sk_str_puts(out, text);
  do sk_str_putc(out, ' '); while (++n <= width);
}

static const char *compare_sig(const compare_state *st, double p)
{
  return p < 0.0 ? "n/a" : p <= st->c->alpha ? "yes" : "no";
}

/* The stable flags (`#@ flags:`) that put a run's time at a point in doubt. */
static const char *const compare_doubt_flags[] = {
  "interference", "untrustworthy", "clock_resolution", "timing_overhead", "scheduler_time", "barrier_starts", "lost_kept",
  "rep_cap", "time_limit", "shared_processor"
};

SK_API int sk_compare_doubt_list(sk_str *out, const sk_sko_line *const *lines, const int *use, int n)
{
  char value[64];
  size_t f;
  int k, said = 0;
  for (f = 0; f < sizeof compare_doubt_flags / sizeof compare_doubt_flags[0]; f++)
    for (k = 0; k < n; k++)
      if ((use == NULL || use[k]) && sk_sko_line_flag(lines[k], compare_doubt_flags[f], value, sizeof value) != NULL) {
        sk_str_printf(out, "%s%s", said++ ? ", " : "", compare_doubt_flags[f]);
        break;
      }
  return said;
}

SK_API void sk_compare_doubt_flags(sk_str *out, const sk_sko_line *const *lines, const int *use, int n)
{
  sk_str list;
  sk_str_init(&list);
  if (sk_compare_doubt_list(&list, lines, use, n)) sk_str_printf(out, "  (flags: %s)", list.data);
  sk_str_free(&list);
}

/* One row: side s against the baseline at point l of the reference block. */
static void compare_row_out(compare_state *st, const sk_sko_block *b, const char *point,
                            const sk_sko_line **lines, int s)
{
  const sk_compare_args *c = st->c;
  int n0 = 0, ns = 0, k, exact = 0, perrep;
  double *v0 = (double *)sk_malloc(sizeof(double) * (size_t)c->nfiles);
  double *vs = (double *)sk_malloc(sizeof(double) * (size_t)c->nfiles);
  const sk_sko_line *l0 = NULL, *ls = NULL;
  int *use = (int *)sk_malloc(sizeof(int) * (size_t)c->nfiles);
  compare_row r;
  char num[64];
  for (k = 0; k < c->nfiles; k++) {
    if (c->side[k] == 0) { l0 = lines[k]; v0[n0++] = sk_compare_run_value(lines[k]); }
    else if (c->side[k] == s) { ls = lines[k]; vs[ns++] = sk_compare_run_value(lines[k]); }
  }
  r.suite = b->name;
  r.point = sk_strdup(point);
  r.side = s;
  perrep = n0 == 1 && ns == 1;
  if (perrep && l0->nrep > 0 && ls->nrep > 0) r.p = sk_rank_sum_p(ls->rep_us, ls->nrep, l0->rep_us, l0->nrep, &exact);
  else if (perrep) { r.p = -1.0; st->untested++; }
  else r.p = sk_rank_sum_p(vs, ns, v0, n0, &exact);
  r.base = sk_compare_median(v0, n0);
  r.time = sk_compare_median(vs, ns);
  r.ratio = r.base > 0.0 ? r.time / r.base : (r.time > 0.0 ? HUGE_VAL : 1.0);
  if (r.p < 0.0) strcpy(num, "         -"); else sprintf(num, "%10.3g", r.p);
  sk_str_puts(st->out, "  ");
  compare_pad(st->out, point, 28);
  sk_str_printf(st->out, "%c %12.3f %12.3f %8.3f %s  %s", 'A' + (s < 26 ? s : 25),
                r.base, r.time, r.ratio, num, compare_sig(st, r.p));
  for (k = 0; k < c->nfiles; k++) use[k] = c->side[k] == 0 || c->side[k] == s;
  sk_compare_doubt_flags(st->out, lines, use, c->nfiles);
  sk_str_putc(st->out, '\n');
  if (st->csv) {
    sk_export_csv_field(st->csv, b->name, 0);
    sk_export_csv_field(st->csv, point, 0);
    sk_export_csv_field(st->csv, st->names[s], 0);
    sk_str_printf(st->csv, "%.6g,%.6g,%.6g,", r.base, r.time, r.ratio);
    if (r.p < 0.0) sk_str_puts(st->csv, ","); else sk_str_printf(st->csv, "%.6g,", r.p);
    sk_str_printf(st->csv, "%s,%s\n", compare_sig(st, r.p),
                  r.p < 0.0 ? "none" : perrep ? "repetitions" : "run medians");
  }
  st->rows = (compare_row *)sk_grow(st->rows, &st->caprows, st->nrows + 1, sizeof(compare_row));
  st->rows[st->nrows++] = r;
  free(v0);
  free(vs);
  free(use);
}

/* The points of block b of the first input (the reference) that every run of the
** baseline has; each side whose runs all have it gets a row; the others are named. */
static void compare_block(compare_state *st, const sk_sko_block *b)
{
  const sk_compare_args *c = st->c;
  int occ = sk_sko_occurrence(&st->files[0], b), k, s, titled = 0;
  const sk_sko_block **blocks = (const sk_sko_block **)sk_calloc((size_t)c->nfiles, sizeof(sk_sko_block *));
  const sk_sko_line **lines = (const sk_sko_line **)sk_calloc((size_t)c->nfiles, sizeof(sk_sko_line *));
  int *complete = (int *)sk_calloc((size_t)c->nsides, sizeof(int));
  sk_str key;
  size_t l;
  sk_str_init(&key);
  for (k = 0; k < c->nfiles; k++) {
    blocks[k] = sk_sko_find_block(&st->files[k], b->name, occ);
    if (blocks[k] == NULL)
      sk_str_printf(&st->missing, "  suite \"%s\" is not in %s\n", b->name, c->files[k]);
  }
  for (l = 0; l < b->n; l++) {
    int nth = compare_nth(b, l, &key);
    char *point = compare_point_name(&b->lines[l]);
    for (s = 0; s < c->nsides; s++) complete[s] = 1;
    for (k = 0; k < c->nfiles; k++) {
      lines[k] = blocks[k] ? compare_find_line(blocks[k], key.data, nth) : NULL;
      if (lines[k] == NULL) {
        complete[c->side[k]] = 0;
        if (blocks[k]) sk_str_printf(&st->missing, "  suite \"%s\" point %s is not in %s\n", b->name, point, c->files[k]);
      }
    }
    for (s = 1; s < c->nsides && complete[0]; s++) {
      if (!complete[s]) continue;
      if (!titled) {
        sk_str_printf(st->out, "\nsuite \"%s\"\n  ", b->name);
        compare_pad(st->out, "point", 28);
        sk_str_puts(st->out, "   baseline[us]     time[us]    ratio          p  significant\n");
        titled = 1;
      }
      compare_row_out(st, b, point, lines, s);
    }
    free(point);
  }
  sk_str_free(&key);
  free((void *)blocks);
  free((void *)lines);
  free(complete);
}

/* Suites and points of the other inputs that the first input has not got. */
static void compare_extra(compare_state *st)
{
  const sk_compare_args *c = st->c;
  sk_str key;
  size_t b, l;
  int k;
  sk_str_init(&key);
  for (k = 1; k < c->nfiles; k++)
    for (b = 0; b < st->files[k].n; b++) {
      const sk_sko_block *bl = &st->files[k].blocks[b];
      const sk_sko_block *ref = sk_sko_find_block(&st->files[0], bl->name, sk_sko_occurrence(&st->files[k], bl));
      if (ref == NULL) {
        sk_str_printf(&st->missing, "  suite \"%s\" of %s is not in %s\n", bl->name, c->files[k], c->files[0]);
        continue;
      }
      for (l = 0; l < bl->n; l++) {
        int nth = compare_nth(bl, l, &key);
        if (compare_find_line(ref, key.data, nth) == NULL) {
          char *point = compare_point_name(&bl->lines[l]);
          sk_str_printf(&st->missing, "  suite \"%s\" point %s of %s is not in %s\n", bl->name, point,
                        c->files[k], c->files[0]);
          free(point);
        }
      }
    }
  sk_str_free(&key);
}

static int compare_cmp_change(const void *a, const void *b)
{
  double x = fabs(log(((const compare_row *)a)->ratio)), y = fabs(log(((const compare_row *)b)->ratio));
  return x > y ? -1 : x < y ? 1 : 0;
}

/* The legend: each side's name, runs and test. */
static void compare_legend(compare_state *st)
{
  const sk_compare_args *c = st->c;
  int s, k, n0 = 0;
  sk_str_printf(st->out, "# skampi %s: comparison of runs; significance by the method of Hunold and Carpen-Amarie,"
                " Reproducible MPI Benchmarking Is Still Not As Easy As You Think (2016); alpha %g\n",
                SKAMPI_VERSION, c->alpha);
  for (k = 0; k < c->nfiles; k++) if (c->side[k] == 0) n0++;
  for (s = 0; s < c->nsides; s++) {
    int ns = 0;
    sk_str_printf(st->out, "# %c%s: %s:", 'A' + (s < 26 ? s : 25), s == 0 ? " (baseline)" : "", st->names[s]);
    for (k = 0; k < c->nfiles; k++) if (c->side[k] == s) { sk_str_printf(st->out, " %s", c->files[k]); ns++; }
    sk_str_putc(st->out, '\n');
    if (s == 0) continue;
    if (n0 == 1 && ns == 1)
      sk_str_printf(st->out, "#   %c against A: per-repetition test: one run each (Wilcoxon rank-sum test of the two"
                    " runs' repetitions, #@ reps); times: medians of the repetitions without Tukey's outliers\n",
                    'A' + (s < 26 ? s : 25));
    else {
      double minp = sk_rank_sum_min_p(ns, n0);
      sk_str_printf(st->out, "#   %c against A: %d and %d runs: Wilcoxon rank-sum test of the runs' medians (each the"
                    " median of its repetitions without Tukey's outliers, or its time without #@ reps); times:"
                    " the median of the runs' medians\n", 'A' + (s < 26 ? s : 25), ns, n0);
      if (minp > c->alpha)
        sk_str_printf(st->out, "#   %c against A: with %d and %d runs the smallest p-value the test can give is %.3g,"
                      " above alpha %g: no difference can be significant; compare more runs\n",
                      'A' + (s < 26 ? s : 25), ns, n0, minp, c->alpha);
    }
  }
}

/* The largest significant changes, by |log ratio|. */
static void compare_summary(compare_state *st)
{
  compare_row *sig = (compare_row *)sk_calloc(st->nrows + 1, sizeof(compare_row));
  size_t n = 0, i;
  for (i = 0; i < st->nrows; i++)
    if (st->rows[i].p >= 0.0 && st->rows[i].p <= st->c->alpha && st->rows[i].ratio > 0.0 && st->rows[i].ratio != HUGE_VAL)
      sig[n++] = st->rows[i];
  qsort(sig, n, sizeof(compare_row), compare_cmp_change);
  sk_str_printf(st->out, "\nsignificant differences: %lu of %lu compared points%s\n", (unsigned long)n,
                (unsigned long)st->nrows, n ? ", largest first:" : "");
  for (i = 0; i < n && i < 20; i++)
    sk_str_printf(st->out, "  %c/A %8.3f  suite \"%s\" %s (p %.3g)\n", 'A' + (sig[i].side < 26 ? sig[i].side : 25),
                  sig[i].ratio, sig[i].suite, sig[i].point, sig[i].p);
  if (n > 20) sk_str_printf(st->out, "  ... and %lu more\n", (unsigned long)(n - 20));
  if (st->untested)
    sk_str_printf(st->out, "not tested: %d points without repetitions (#@ reps) in one of the runs\n", st->untested);
  free(sig);
}

SK_API void sk_compare_text(sk_str *out, sk_str *csv, const sk_compare_args *c, const sk_sko_file *files)
{
  compare_state st;
  size_t b, i;
  int s;
  memset(&st, 0, sizeof st);
  st.c = c; st.files = files;      /* what is compared */
  st.out = out; st.csv = csv;      /* where it is written */
  sk_str_init(&st.missing);
  st.names = (char **)sk_calloc((size_t)c->nsides, sizeof(char *));
  for (s = 0; s < c->nsides; s++) st.names[s] = compare_side_name(c, files, s);
  compare_legend(&st);
  if (csv) sk_str_puts(csv, "suite,point,run,baseline_us,time_us,ratio,p,significant,test\n");
  for (b = 0; b < files[0].n; b++) compare_block(&st, &files[0].blocks[b]);
  compare_extra(&st);
  compare_summary(&st);
  if (st.missing.len)
    sk_str_printf(out, "not compared (not in every run):\n%s", st.missing.data);
  for (i = 0; i < st.nrows; i++) free(st.rows[i].point);
  free(st.rows);
  for (s = 0; s < c->nsides; s++) free(st.names[s]);
  free(st.names);
  sk_str_free(&st.missing);
}

SK_API int sk_command_on_files(char *const *paths, int nfiles, const char *const *targets, int ntexts,
                               sk_command_text_fn text, const void *args)
{
  sk_sko_file *files;
  sk_str texts[SK_COMMAND_TEXTS], *asked[SK_COMMAND_TEXTS], err;
  int k, ok = 1;
  sk_str_init(&err);
  if (!sk_sko_read_all(paths, nfiles, &files, &err)) {
    fprintf(stderr, "%s\n", err.data);
    sk_str_free(&err);
    return SK_EXIT_USER_ERROR;
  }
  for (k = 0; k < ntexts; k++) {
    sk_str_init(&texts[k]);
    asked[k] = k == 0 || targets[k] ? &texts[k] : NULL;
  }
  text(args, files, asked);
  for (k = 1; k <= ntexts && ok; k++) {     /* the files first, standard output (k = ntexts: 0) last */
    int t = k % ntexts;
    if (asked[t]) ok = sk_out_file(t ? targets[t] : NULL, texts[t].data ? texts[t].data : "", &err);
  }
  if (!ok) fprintf(stderr, "%s\n", err.data);
  for (k = 0; k < ntexts; k++) sk_str_free(&texts[k]);
  sk_str_free(&err);
  sk_sko_free_all(files, nfiles);
  return ok ? 0 : sk_out_failed() ? SK_EXIT_WRITE : SK_EXIT_USER_ERROR;
}

static void compare_texts(const void *args, const sk_sko_file *files, sk_str **texts)
{
  sk_compare_text(texts[0], texts[1], (const sk_compare_args *)args, files);
}

SK_API int sk_compare_run(const sk_compare_args *c)
{
  const char *targets[2];
  targets[0] = NULL;
  targets[1] = c->csv;
  return sk_command_on_files(c->files, c->nfiles, targets, 2, compare_texts, c);
}
