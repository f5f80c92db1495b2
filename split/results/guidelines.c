/*
** guidelines.c -- see guidelines.h.
*/
#include "guidelines.h"
#include "compare.h"
#include "export.h"
#include "output.h"
#include "report.h"

/* ---- the catalogue ---- */

/* A <= B: the suite (measurement row) of each side and how the summary names it. The
** counts of each suite are those of ski/guidelines.ski (doc/guidelines.md). */
typedef struct gl_rule {
  const char *lhs, *rhs;
  const char *lhs_text, *rhs_text;
} gl_rule;

static const gl_rule gl_catalogue[] = {
  { "Gather", "Allgather", "MPI_Gather", "MPI_Allgather" },
  { "Gather", "Reduce", "MPI_Gather", "MPI_Reduce" },
  { "Allgather", "Alltoall", "MPI_Allgather", "MPI_Alltoall" },
  { "Allgather", "Allreduce", "MPI_Allgather", "MPI_Allreduce" },
  { "Allgather", "Gather_Bcast", "MPI_Allgather", "MPI_Gather + MPI_Bcast" },
  { "Scatter", "Bcast", "MPI_Scatter", "MPI_Bcast" },
  { "Reduce", "Allreduce", "MPI_Reduce", "MPI_Allreduce" },
  { "Reduce", "Reduce_scatter_block_Gather", "MPI_Reduce", "MPI_Reduce_scatter_block + MPI_Gather" },
  { "Reduce_scatter", "Allreduce", "MPI_Reduce_scatter", "MPI_Allreduce" },
  { "Reduce_scatter", "Reduce_Scatterv", "MPI_Reduce_scatter", "MPI_Reduce + MPI_Scatterv" },
  { "Bcast", "Scatter_Allgather", "MPI_Bcast", "MPI_Scatter + MPI_Allgather" },
  { "Allreduce", "Reduce_Bcast", "MPI_Allreduce", "MPI_Reduce + MPI_Bcast" },
  { "Allreduce", "Reduce_scatter_block_Allgather", "MPI_Allreduce", "MPI_Reduce_scatter_block + MPI_Allgather" },
  { "Reduce_scatter_block", "Reduce_Scatter", "MPI_Reduce_scatter_block", "MPI_Reduce + MPI_Scatter" },
  { "Scan", "Exscan_Reduce_local", "MPI_Scan", "MPI_Exscan + MPI_Reduce_local" },
  /* non-blocking: started and waited for at once, no slower than blocking (the minimum
  ** effect is the tolerance; ski/guidelines.ski) */
  { "Ibcast", "Bcast", "MPI_Ibcast + MPI_Wait", "MPI_Bcast" },
  { "Iscatter", "Scatter", "MPI_Iscatter + MPI_Wait", "MPI_Scatter" },
  { "Igather", "Gather", "MPI_Igather + MPI_Wait", "MPI_Gather" },
  { "Iallgather", "Allgather", "MPI_Iallgather + MPI_Wait", "MPI_Allgather" },
  { "Ialltoall", "Alltoall", "MPI_Ialltoall + MPI_Wait", "MPI_Alltoall" },
  { "Ireduce", "Reduce", "MPI_Ireduce + MPI_Wait", "MPI_Reduce" },
  { "Iallreduce", "Allreduce", "MPI_Iallreduce + MPI_Wait", "MPI_Allreduce" },
  { "Iscan", "Scan", "MPI_Iscan + MPI_Wait", "MPI_Scan" },
  /* persistent (MPI-4): one MPI_Start + MPI_Wait no slower than the blocking twin
  ** (ski/guidelines_mpi4.ski) */
  { "Bcast_init", "Bcast", "MPI_Bcast_init: MPI_Start + MPI_Wait", "MPI_Bcast" },
  { "Reduce_init", "Reduce", "MPI_Reduce_init: MPI_Start + MPI_Wait", "MPI_Reduce" },
  { "Allreduce_init", "Allreduce", "MPI_Allreduce_init: MPI_Start + MPI_Wait", "MPI_Allreduce" },
  { "Alltoall_init", "Alltoall", "MPI_Alltoall_init: MPI_Start + MPI_Wait", "MPI_Alltoall" },
  { "Scan_init", "Scan", "MPI_Scan_init: MPI_Start + MPI_Wait", "MPI_Scan" },
#ifdef SKAMPI_TESTING
  /* the planted violation of tests/guidelines/truth.sh: a broadcast with a busy wait */
  { "Testing_Slowed_Bcast", "Bcast", "Testing_Slowed_Bcast", "MPI_Bcast" },
#endif
  { NULL, NULL, NULL, NULL }
};

/* ---- the command line ---- */

SK_API void sk_guidelines_args_free(sk_guidelines_args *g)
{
  free(g->files);
  memset(g, 0, sizeof *g);
}

/* A number in (lo, hi) from argv[k] (a trailing % divides by 100 when percent). */
static int gl_number(const char *text, double lo, double hi, int percent, double *x)
{
  char *end;
  *x = strtod(text, &end);
  if (end == text) return 0;
  if (percent && *end == '%') { *x /= 100.0; end++; }
  return *end == '\0' && *x > lo && *x < hi;
}

SK_API int sk_guidelines_option(int argc, char **argv, int i, sk_guidelines_args *g, sk_str *err)
{
  int k;
  if (!sk_streq(argv[i], "--guidelines")) return 0;
  memset(g, 0, sizeof *g);
  g->alpha = 0.05;
  g->min_effect = 0.1;
  g->files = (char **)sk_calloc((size_t)argc, sizeof(char *));
  for (k = i + 1; k < argc; k++) {
    const char *a = argv[k];
    if (sk_streq(a, "-a") || sk_streq(a, "--alpha")) {
      if (k + 1 >= argc) return sk_compare_refuse(err, a, "needs the significance level (between 0 and 1)");
      if (!gl_number(argv[++k], 0.0, 1.0, 0, &g->alpha))
        return sk_compare_refuse(err, argv[k], "the significance level is a number between 0 and 1");
    } else if (sk_streq(a, "-e") || sk_streq(a, "--min-effect")) {
      if (k + 1 >= argc) return sk_compare_refuse(err, a, "needs the minimum effect (0.1 or 10%: 10% slower)");
      if (!gl_number(argv[++k], -1e-300, 100.0, 1, &g->min_effect))
        return sk_compare_refuse(err, argv[k], "the minimum effect is a number from 0 to 100 (0.1 or 10%: 10% slower)");
    } else if (sk_streq(a, "-o") || sk_streq(a, "-j") || sk_streq(a, "-r")) {
      if (k + 1 >= argc)
        return sk_compare_refuse(err, a, a[1] == 'o' ? "needs the CSV file's name" : a[1] == 'j' ? "needs the JSON file's name"
                                                                                    : "needs the HTML report's name");
      if (a[1] == 'o') g->csv = argv[++k]; else if (a[1] == 'j') g->json = argv[++k]; else g->html = argv[++k];
    } else g->files[g->nfiles++] = argv[k];
  }
  if (g->nfiles == 0) return sk_compare_refuse(err, argv[i], "needs the result files of ski/guidelines.ski (one or more runs)");
  return 1;
}

/* ---- one verdict ---- */

enum gl_kind { GL_GUIDELINE, GL_MONOTONY, GL_SPLIT };
static const char *const gl_kind_names[] = { "guideline", "monotony", "split" };

typedef struct gl_verdict {
  enum gl_kind kind;
  const char *lhs, *rhs;          /* suites */
  const char *lhs_text, *rhs_text;
  double lhs_bytes, rhs_bytes;    /* the sizes of the two sides */
  double lhs_us, rhs_us, ratio, p;
  int violated;
} gl_verdict;

/* The verdicts of one rule (a guideline, or the monotony or split rule of one suite):
** v[first .. end) of the state. */
typedef struct gl_span {
  enum gl_kind kind;
  char *title;
  size_t first, end;
} gl_span;

typedef struct gl_state {
  const sk_guidelines_args *g;
  const sk_sko_file *files;
  sk_str *out, *csv, *json;
  gl_verdict *v;
  size_t nv, capv;
  gl_span *spans;
  size_t nspans, capspans;
  sk_str not_measured;            /* a line per guideline not measured: "... (no suite "Scan")" */
  int json_rows;
} gl_state;

/* The size of a line: its loop variable `bytes`, else its last loop variable, else its
** reported size. */
static double gl_bytes(const sk_sko_line *l)
{
  int k;
  for (k = 0; k < l->nvars; k++) if (sk_streq(l->vars[k].name, "bytes")) return l->vars[k].x;
  return l->nvars > 0 ? l->vars[l->nvars - 1].x : (double)l->size;
}

/* The first line of suite `suite` of f at size `bytes`, or NULL. */
static const sk_sko_line *gl_line(const sk_sko_file *f, const char *suite, double bytes)
{
  const sk_sko_block *b = sk_sko_find_block(f, suite, 0);
  size_t i;
  if (b == NULL) return NULL;
  for (i = 0; i < b->n; i++) if (gl_bytes(&b->lines[i]) == bytes) return &b->lines[i];
  return NULL;
}

/* "64 KiB", "1 MiB", "100 bytes" */
static void gl_size_text(sk_str *out, double bytes)
{
  if (bytes >= 1048576.0 && fmod(bytes, 1048576.0) == 0.0) sk_str_printf(out, "%.0f MiB", bytes / 1048576.0);
  else if (bytes >= 1024.0 && fmod(bytes, 1024.0) == 0.0) sk_str_printf(out, "%.0f KiB", bytes / 1024.0);
  else sk_str_printf(out, "%.0f bytes", bytes);
}

/* The values of one side at a point: per run its value (sk_compare_run_value) times
** scale; with one run, its repetitions (the per-repetition test). */
static int gl_values(const gl_state *st, const char *suite, double bytes, double scale, double *x, double **reps)
{
  int k, n = 0;
  const sk_sko_line *l;
  *reps = NULL;
  for (k = 0; k < st->g->nfiles; k++) {
    if ((l = gl_line(&st->files[k], suite, bytes)) == NULL) return 0;
    x[n++] = scale * sk_compare_run_value(l);
    if (st->g->nfiles == 1 && l->nrep > 0) {
      *reps = (double *)sk_malloc(sizeof(double) * (size_t)l->nrep);
      for (n = 0; n < l->nrep; n++) (*reps)[n] = scale * l->rep_us[n];
      return n;
    }
  }
  return n;
}

/* The timing overhead of the two suites: the largest dummy time (an empty measurement,
** `#@ suite: dummy_us=`) any run gives either; 0 without. A difference below it cannot
** be told from the timer's own cost. */
static double gl_floor_us(const gl_state *st, const char *lhs, const char *rhs)
{
  double most = 0.0;
  int k;
  for (k = 0; k < st->g->nfiles; k++) {
    const sk_sko_block *a = sk_sko_find_block(&st->files[k], lhs, 0), *b = sk_sko_find_block(&st->files[k], rhs, 0);
    if (a && a->dummy_us > most) most = a->dummy_us;
    if (b && b->dummy_us > most) most = b->dummy_us;
  }
  return most;
}

/* Judges lhs(lhs_bytes) <= scale * rhs(rhs_bytes) and keeps the verdict; 0 when a run
** lacks either side. */
static int gl_judge(gl_state *st, gl_verdict *v, double scale)
{
  int nl, nr, n = st->g->nfiles;
  double *lx = (double *)sk_malloc(sizeof(double) * (size_t)n), *rx = (double *)sk_malloc(sizeof(double) * (size_t)n);
  double *lreps, *rreps;
  nl = gl_values(st, v->lhs, v->lhs_bytes, 1.0, lx, &lreps);
  nr = nl ? gl_values(st, v->rhs, v->rhs_bytes, scale, rx, &rreps) : 0;
  if (nl && nr) {
    double *a = lreps && rreps ? lreps : lx, *b = lreps && rreps ? rreps : rx;
    int na = lreps && rreps ? nl : n, nb = lreps && rreps ? nr : n;
    v->p = sk_rank_sum_p_greater(a, na, b, nb, NULL);
    v->lhs_us = sk_tukey_median(a, na);
    v->rhs_us = sk_tukey_median(b, nb);
    if (n > 1) { v->lhs_us = sk_compare_median(lx, n); v->rhs_us = sk_compare_median(rx, n); }
    v->ratio = v->rhs_us > 0.0 ? v->lhs_us / v->rhs_us : (v->lhs_us > 0.0 ? HUGE_VAL : 1.0);
    v->violated = v->p <= st->g->alpha && v->ratio >= 1.0 + st->g->min_effect
                  && v->lhs_us - v->rhs_us > gl_floor_us(st, v->lhs, v->rhs);
    st->v = (gl_verdict *)sk_grow(st->v, &st->capv, st->nv + 1, sizeof(gl_verdict));
    st->v[st->nv++] = *v;
  }
  free(lx);
  free(rx);
  if (nl && lreps) free(lreps);
  if (nr && rreps) free(rreps);
  return nl && nr;
}

/* ---- output ---- */

static void gl_csv_json(gl_state *st, const gl_verdict *v, const char *rule)
{
  const char *faster = v->ratio < 1.0 ? "lhs" : v->ratio > 1.0 ? "rhs" : "equal";
  const char *verdict = v->violated ? "violated" : "holds";
  if (st->csv) {
    sk_export_csv_field(st->csv, gl_kind_names[v->kind], 0);
    sk_export_csv_field(st->csv, rule, 0);
    sk_export_csv_field(st->csv, v->lhs, 0);
    sk_export_csv_field(st->csv, v->rhs, 0);
    sk_str_printf(st->csv, "%.0f,%.0f,%.6g,%.6g,%.6g,%.6g,%s,%s\n", v->lhs_bytes, v->rhs_bytes, v->lhs_us, v->rhs_us,
                  v->ratio, v->p, faster, verdict);
  }
  if (st->json) {
    sk_str_puts(st->json, st->json_rows++ ? ",\n    {\"kind\": " : "\n    {\"kind\": ");
    sk_export_json_string(st->json, gl_kind_names[v->kind]);
    sk_str_puts(st->json, ", \"rule\": ");
    sk_export_json_string(st->json, rule);
    sk_str_puts(st->json, ", \"lhs\": ");
    sk_export_json_string(st->json, v->lhs);
    sk_str_puts(st->json, ", \"rhs\": ");
    sk_export_json_string(st->json, v->rhs);
    sk_str_printf(st->json, ", \"lhs_bytes\": %.0f, \"rhs_bytes\": %.0f, \"lhs_us\": %.6g, \"rhs_us\": %.6g, "
                  "\"ratio\": %.6g, \"p\": %.6g, \"faster\": \"%s\", \"verdict\": \"%s\"}",
                  v->lhs_bytes, v->rhs_bytes, v->lhs_us, v->rhs_us, v->ratio, v->p, faster, verdict);
  }
}

/* The flags that put a time in doubt (compare.h) of any run's line of either side:
** "  (flags: ...)" into the text, or the bare list ("a, b") when bare. */
static void gl_doubts(const gl_state *st, const gl_verdict *v, sk_str *out, int bare)
{
  int n = st->g->nfiles, k, m = 0;
  const sk_sko_line **lines = (const sk_sko_line **)sk_calloc((size_t)(2 * n), sizeof(sk_sko_line *));
  for (k = 0; k < n; k++) {
    const sk_sko_line *a = gl_line(&st->files[k], v->lhs, v->lhs_bytes), *b = gl_line(&st->files[k], v->rhs, v->rhs_bytes);
    if (a) lines[m++] = a;
    if (b) lines[m++] = b;
  }
  if (bare) sk_compare_doubt_list(out, lines, NULL, m);
  else sk_compare_doubt_flags(out, lines, NULL, m);
  free((void *)lines);
}

/* The table of a rule's violations (from verdict `first` on), or that it holds. */
static void gl_report_rule(gl_state *st, const char *title, size_t first, const char *rule)
{
  size_t i, bad = 0;
  if (st->nv > first) {
    gl_span *s;
    st->spans = (gl_span *)sk_grow(st->spans, &st->capspans, st->nspans + 1, sizeof(gl_span));
    s = &st->spans[st->nspans++];
    s->kind = st->v[first].kind;
    s->title = sk_strdup(rule);
    s->first = first;
    s->end = st->nv;
  }
  for (i = first; i < st->nv; i++) {
    bad += st->v[i].violated;
    gl_csv_json(st, &st->v[i], rule);
  }
  if (st->nv == first) { sk_str_printf(st->out, "%s: no size in every run\n", title); return; }
  if (bad == 0) {
    sk_str_printf(st->out, "%s: holds at all %lu sizes\n", title, (unsigned long)(st->nv - first));
    return;
  }
  sk_str_printf(st->out, "%s: VIOLATED at %lu of %lu sizes\n", title, (unsigned long)bad,
                (unsigned long)(st->nv - first));
  sk_str_puts(st->out, "      bytes  vs bytes      left[us]     right[us]  slowdown          p\n");
  for (i = first; i < st->nv; i++)
    if (st->v[i].violated) {
      sk_str_printf(st->out, "  %9.0f %9.0f  %12.3f  %12.3f  %8.3f  %9.3g", st->v[i].lhs_bytes, st->v[i].rhs_bytes,
                    st->v[i].lhs_us, st->v[i].rhs_us, st->v[i].ratio, st->v[i].p);
      gl_doubts(st, &st->v[i], st->out, 0);
      sk_str_putc(st->out, '\n');
    }
}

static int gl_cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y ? 1 : 0;
}

/* The sizes of suite b (of the first run), ascending, without repeats; their number. */
static int gl_sizes(const sk_sko_block *b, double *sizes)
{
  size_t i;
  int n = 0, k = 0;
  for (i = 0; i < b->n; i++) sizes[n++] = gl_bytes(&b->lines[i]);
  qsort(sizes, (size_t)n, sizeof(double), gl_cmp_double);
  for (i = 0; i < (size_t)n; i++) if (k == 0 || sizes[i] != sizes[k - 1]) sizes[k++] = sizes[i];
  return k;
}

static void gl_guidelines(gl_state *st)
{
  const sk_sko_file *f0 = &st->files[0];
  const gl_rule *r;
  sk_str title;
  size_t rule_len = 0;
  sk_str_init(&title);
  sk_str_puts(st->out, "\nguidelines (A <= B: A is not slower than B; n = bytes):\n");
  for (r = gl_catalogue; r->lhs; r++) {
    const sk_sko_block *b = sk_sko_find_block(f0, r->lhs, 0);
    size_t first = st->nv;
    sk_str_clear(&title);
    sk_str_printf(&title, "%s(n) <= %s(n)", r->lhs_text, r->rhs_text);
    if (b == NULL || sk_sko_find_block(f0, r->rhs, 0) == NULL) {
      sk_str_printf(st->out, "%s: not measured (no suite \"%s\")\n", title.data, b == NULL ? r->lhs : r->rhs);
      sk_str_printf(&st->not_measured, "%s (no suite \"%s\")\n", title.data, b == NULL ? r->lhs : r->rhs);
      continue;
    }
    {
      double *sizes = (double *)sk_malloc(sizeof(double) * (b->n + 1));
      int n = gl_sizes(b, sizes), k, lacking = 0;
      for (k = 0; k < n; k++) {
        gl_verdict v;
        memset(&v, 0, sizeof v);
        v.kind = GL_GUIDELINE;
        v.lhs = r->lhs;
        v.rhs = r->rhs;
        v.lhs_text = r->lhs_text;
        v.rhs_text = r->rhs_text;
        v.lhs_bytes = v.rhs_bytes = sizes[k];
        lacking += !gl_judge(st, &v, 1.0);
      }
      free(sizes);
      rule_len = title.len;
      if (lacking)   /* named, not dropped silently */
        sk_str_printf(&title, " (%d size%s of \"%s\" not in every run of both suites)", lacking, lacking > 1 ? "s" : "",
                      r->lhs);
    }
    {
      char *rule = sk_strdup(title.data);
      rule[rule_len] = '\0';
      gl_report_rule(st, title.data, first, rule);
      free(rule);
    }
  }
  sk_str_free(&title);
}

/* Monotony (next larger size) and the split rule (half the size, twice the time) of
** every suite of the first run. */
static void gl_size_rules(gl_state *st, enum gl_kind kind)
{
  const sk_sko_file *f0 = &st->files[0];
  size_t b;
  sk_str title;
  sk_str_init(&title);
  sk_str_puts(st->out, kind == GL_MONOTONY ? "\nmonotony (t(m) <= t(m'), m' the next larger size):\n"
                                           : "\nsplit rule (t(m) <= 2 t(m/2)):\n");
  for (b = 0; b < f0->n; b++) {
    const sk_sko_block *bl = &f0->blocks[b];
    double *sizes = (double *)sk_malloc(sizeof(double) * (bl->n + 1));
    int n = gl_sizes(bl, sizes), k, j;
    size_t first = st->nv;
    if (sk_sko_occurrence(f0, bl) > 0) { free(sizes); continue; }
    for (k = 0; k < n; k++) {
      gl_verdict v;
      memset(&v, 0, sizeof v);
      v.kind = kind;
      v.lhs = v.rhs = v.lhs_text = v.rhs_text = bl->name;
      v.lhs_bytes = sizes[k];
      if (kind == GL_MONOTONY) {
        if (k + 1 >= n) break;
        v.rhs_bytes = sizes[k + 1];
        gl_judge(st, &v, 1.0);
      } else {
        for (j = 0; j < k && sizes[j] * 2.0 != sizes[k]; j++) {}
        if (j == k) continue;
        v.rhs_bytes = sizes[j];
        gl_judge(st, &v, 2.0);
      }
    }
    free(sizes);
    if (st->nv == first) continue;
    sk_str_clear(&title);
    sk_str_printf(&title, kind == GL_MONOTONY ? "%s(m) <= %s(m')" : "%s(m) <= 2 %s(m/2)", bl->name, bl->name);
    gl_report_rule(st, title.data, first, title.data);
  }
  sk_str_free(&title);
}

static int gl_cmp_worst(const void *a, const void *b)
{
  double x = ((const gl_verdict *)a)->ratio, y = ((const gl_verdict *)b)->ratio;
  return x > y ? -1 : x < y ? 1 : 0;
}

/* "MPI_Allreduce is 2.30x slower than MPI_Reduce + MPI_Bcast at 64 KiB on 16 processes (p 0.004)" */
static void gl_violation_words(sk_str *o, const gl_verdict *v, const char *np)
{
  sk_str_printf(o, "%s is %.2fx slower than ", v->lhs_text, v->ratio);
  if (v->kind == GL_GUIDELINE) sk_str_printf(o, "%s at ", v->rhs_text);
  if (v->kind == GL_MONOTONY) sk_str_puts(o, "at the larger ");
  if (v->kind == GL_SPLIT) sk_str_puts(o, "twice its time at ");
  gl_size_text(o, v->kind == GL_GUIDELINE ? v->lhs_bytes : v->rhs_bytes);
  if (v->kind != GL_GUIDELINE) { sk_str_puts(o, ", at "); gl_size_text(o, v->lhs_bytes); }
  sk_str_printf(o, " on %s processes (p %.3g)", np ? np : "?", v->p);
}

/* The violations, worst (largest slowdown) first: their number into *n, a new array. */
static gl_verdict *gl_worst_first(const gl_state *st, size_t *n)
{
  gl_verdict *bad = (gl_verdict *)sk_calloc(st->nv + 1, sizeof(gl_verdict));
  size_t i;
  *n = 0;
  for (i = 0; i < st->nv; i++) if (st->v[i].violated) bad[(*n)++] = st->v[i];
  qsort(bad, *n, sizeof(gl_verdict), gl_cmp_worst);
  return bad;
}

#define GL_SUMMARY_MAX 30

/* The violations, worst (largest slowdown) first, in words. */
static int gl_summary(gl_state *st)
{
  const char *np = sk_sko_field(&st->files[0], "processes");
  size_t n, i;
  gl_verdict *bad = gl_worst_first(st, &n);
  sk_str_printf(st->out, "\nsummary: %lu violations among %lu checked points%s\n", (unsigned long)n,
                (unsigned long)st->nv, n ? ", worst first:" : "");
  for (i = 0; i < n && i < GL_SUMMARY_MAX; i++) {
    sk_str_puts(st->out, "  ");
    gl_violation_words(st->out, &bad[i], np);
    sk_str_putc(st->out, '\n');
  }
  if (n > GL_SUMMARY_MAX) sk_str_printf(st->out, "  ... and %lu more\n", (unsigned long)(n - GL_SUMMARY_MAX));
  free(bad);
  return (int)n;
}

/* ---- the HTML report (-r) ---- */

static void gl_html_text(sk_str *o, const char *tag, const char *text)
{
  sk_str_printf(o, "<%s>", tag);
  sk_report_escape(o, text);
  sk_str_printf(o, "</%s>\n", tag);
}

/* The plot of a guideline's two sides: per side the median over the runs at each size
** (the value the verdict compares), the sizes where it is violated drawn hollow with the
** flag "violated" in their tooltip. The report's plot draws them (report.h). */
static void gl_html_plot(sk_str *o, const gl_state *st, const gl_span *sp, size_t index)
{
  sk_rpt_suite s;
  sk_rpt_series series[2];
  sk_sko_line *lines;
  size_t n = sp->end - sp->first, i;
  int side;
  sk_str name[2];
  memset(&s, 0, sizeof s);
  memset(series, 0, sizeof series);
  lines = (sk_sko_line *)sk_calloc(2 * n + 1, sizeof(sk_sko_line));
  s.name = sp->title;
  s.xname = (char *)"bytes";
  s.series = series;
  s.n = s.cap = 2;
  for (side = 0; side < 2; side++) {
    const gl_verdict *v0 = &st->v[sp->first];
    sk_str_init(&name[side]);
    sk_str_printf(&name[side], "%s: %s (median of %d run%s)", side == 0 ? "left" : "right",
                  side == 0 ? v0->lhs_text : v0->rhs_text, st->g->nfiles, st->g->nfiles == 1 ? "" : "s");
    series[side].name = name[side].data;
    series[side].label = "";
    series[side].pts = (sk_rpt_point *)sk_calloc(n + 1, sizeof(sk_rpt_point));
    series[side].n = series[side].cap = n;
    for (i = 0; i < n; i++) {
      const gl_verdict *v = &st->v[sp->first + i];
      sk_sko_line *l = &lines[side * n + i];
      l->label = (char *)"";
      l->size = (long)(side == 0 ? v->lhs_bytes : v->rhs_bytes);
      l->time_us = side == 0 ? v->lhs_us : v->rhs_us;
      l->reps = st->g->nfiles;
      l->oneway_us = l->mbytes_per_s = -1.0;
      l->flagset = v->violated && side == 0 ? (char *)"violated" : NULL;
      l->lineno = (int)i;
      series[side].pts[i].line = l;
      series[side].pts[i].x = side == 0 ? v->lhs_bytes : v->rhs_bytes;
    }
  }
  sk_report_plot(o, &s, index);
  for (side = 0; side < 2; side++) { free(series[side].pts); sk_str_free(&name[side]); }
  free(lines);
}

/* A rule's violated sizes as a table, with the flags that put a run's time in doubt. */
static void gl_html_table(sk_str *o, const gl_state *st, const gl_span *sp)
{
  size_t i;
  sk_str doubts;
  sk_str_puts(o, "<div class=\"table\"><table class=\"results\">\n<thead><tr><th>bytes</th><th>vs bytes</th>"
                 "<th>left [us]</th><th>right [us]</th><th>slowdown</th><th>p</th><th>doubts</th></tr></thead>\n<tbody>\n");
  sk_str_init(&doubts);
  for (i = sp->first; i < sp->end; i++) {
    const gl_verdict *v = &st->v[i];
    if (!v->violated) continue;
    sk_str_clear(&doubts);
    gl_doubts(st, v, &doubts, 1);
    sk_str_printf(o, "<tr><td class=\"num\">%.0f</td><td class=\"num\">%.0f</td><td class=\"num\">%.3f</td>"
                     "<td class=\"num\">%.3f</td><td class=\"num\">%.3f</td><td class=\"num\">%.3g</td><td>",
                  v->lhs_bytes, v->rhs_bytes, v->lhs_us, v->rhs_us, v->ratio, v->p);
    sk_report_escape(o, doubts.data ? doubts.data : "");
    sk_str_puts(o, "</td></tr>\n");
  }
  sk_str_free(&doubts);
  sk_str_puts(o, "</tbody>\n</table></div>\n");
}

static size_t gl_span_violations(const gl_state *st, const gl_span *sp)
{
  size_t i, bad = 0;
  for (i = sp->first; i < sp->end; i++) bad += st->v[i].violated;
  return bad;
}

static void gl_html(sk_str *o, const gl_state *st, const char *rule_text, const char *not_measured)
{
  const char *lib = sk_sko_field(&st->files[0], "library"), *np = sk_sko_field(&st->files[0], "processes");
  size_t n, i, plots = 0;
  int k, size_rules = 0;
  gl_verdict *bad = gl_worst_first(st, &n);
  sk_str words;
  sk_str_init(&words);
  sk_str_puts(o, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                 "<title>skampi: self-consistent performance guidelines</title>\n<style>");
  sk_report_style(o);
  sk_str_puts(o, "</style>\n</head>\n<body>\n<h1>Self-consistent performance guidelines</h1>\n"
                 "<p>Traeff, Gropp and Thakur, Self-consistent MPI performance guidelines, IEEE TPDS 21(5), 2010;"
                 " the catalogue, the counts and the decision rule: skampi's doc/guidelines.md.</p>\n<table class=\"header\">\n");
  sk_str_puts(o, "<tr><td>library</td><td>");
  sk_report_escape(o, lib ? lib : "?");
  sk_str_puts(o, "</td></tr>\n<tr><td>processes</td><td>");
  sk_report_escape(o, np ? np : "?");
  sk_str_puts(o, "</td></tr>\n<tr><td>runs</td><td>");
  for (k = 0; k < st->g->nfiles; k++) { if (k) sk_str_puts(o, ", "); sk_report_escape(o, st->g->files[k]); }
  sk_str_puts(o, "</td></tr>\n<tr><td>rule</td><td>");
  sk_report_escape(o, rule_text);
  sk_str_puts(o, "</td></tr>\n</table>\n<h2>Summary</h2>\n");
  sk_str_printf(o, "<p>%lu violations among %lu checked points%s</p>\n", (unsigned long)n, (unsigned long)st->nv,
                n ? ", worst first:" : ".");
  if (n) {
    sk_str_puts(o, "<ol class=\"violations\">\n");
    for (i = 0; i < n && i < GL_SUMMARY_MAX; i++) {
      sk_str_clear(&words);
      gl_violation_words(&words, &bad[i], np);
      gl_html_text(o, "li", words.data);
    }
    sk_str_puts(o, "</ol>\n");
    if (n > GL_SUMMARY_MAX) sk_str_printf(o, "<p>... and %lu more (the tables below)</p>\n", (unsigned long)(n - GL_SUMMARY_MAX));
  }
  sk_str_puts(o, "<h2>Guidelines</h2>\n");
  if (not_measured && not_measured[0]) {
    const char *p = not_measured;
    sk_str line;
    sk_str_init(&line);
    sk_str_puts(o, "<p>Not measured (a suite missing):</p>\n<ul class=\"not-measured\">\n");
    while (*p) {
      size_t len = strcspn(p, "\n");
      sk_str_clear(&line);
      sk_str_putn(&line, p, len);
      sk_str_putn(&line, "", 0);
      gl_html_text(o, "li", line.data);
      p += len + (p[len] == '\n');
    }
    sk_str_puts(o, "</ul>\n");
    sk_str_free(&line);
  }
  for (i = 0; i < st->nspans; i++) {
    const gl_span *sp = &st->spans[i];
    size_t b = gl_span_violations(st, sp);
    if (sp->kind != GL_GUIDELINE) { size_rules += b > 0; continue; }
    sk_str_printf(o, "<section class=\"guideline\" id=\"guideline-%lu\">\n", (unsigned long)i + 1);
    gl_html_text(o, "h3", sp->title);
    if (b) sk_str_printf(o, "<p class=\"warn\">VIOLATED at %lu of %lu sizes</p>\n", (unsigned long)b,
                         (unsigned long)(sp->end - sp->first));
    else sk_str_printf(o, "<p>holds at all %lu sizes</p>\n", (unsigned long)(sp->end - sp->first));
    gl_html_plot(o, st, sp, ++plots);
    if (b) gl_html_table(o, st, sp);
    sk_str_puts(o, "</section>\n");
  }
  sk_str_printf(o, "<h2>Monotony and the split rule</h2>\n<p>%s</p>\n",
                size_rules ? "The suites whose monotony (t(m) &lt;= t(m'), m' the next larger size) or split rule"
                             " (t(m) &lt;= 2 t(m/2)) is violated:"
                           : "Every suite's monotony and split rule hold.");
  for (i = 0; i < st->nspans; i++) {
    const gl_span *sp = &st->spans[i];
    size_t b = gl_span_violations(st, sp);
    if (sp->kind == GL_GUIDELINE || b == 0) continue;
    gl_html_text(o, "h3", sp->title);
    sk_str_printf(o, "<p class=\"warn\">VIOLATED at %lu of %lu sizes</p>\n", (unsigned long)b, (unsigned long)(sp->end - sp->first));
    gl_html_table(o, st, sp);
  }
  sk_str_printf(o, "<p class=\"generated\">made by skampi %s (skampi --guidelines)</p>\n</body>\n</html>\n", SKAMPI_VERSION);
  sk_str_free(&words);
  free(bad);
}

SK_API int sk_guidelines_text(sk_str *out, sk_str *csv, sk_str *json, sk_str *html, const sk_guidelines_args *g,
                              const sk_sko_file *files)
{
  gl_state st;
  int k, bad;
  size_t i;
  const char *lib = sk_sko_field(&files[0], "library"), *np = sk_sko_field(&files[0], "processes");
  sk_str rule;
  memset(&st, 0, sizeof st);
  st.g = g;
  st.files = files;
  st.out = out;
  st.csv = csv;
  st.json = json;
  sk_str_init(&st.not_measured);
  sk_str_init(&rule);
  sk_str_printf(out, "# skampi %s: self-consistent performance guidelines (Traeff, Gropp and Thakur, IEEE TPDS 2010)"
                "; doc/guidelines.md\n# library: %s\n# processes: %s\n# runs:", SKAMPI_VERSION, lib ? lib : "?",
                np ? np : "?");
  for (k = 0; k < g->nfiles; k++) sk_str_printf(out, " %s", g->files[k]);
  if (g->nfiles > 1)
    sk_str_printf(&rule, "per run the median of the repetitions without Tukey's outliers; one-sided Wilcoxon"
                  " rank-sum test of the %d runs' medians (left side slower); violated: p <= %g and the left side's"
                  " median of medians at least %g times the right side's and longer by more than the suites'"
                  " dummy time (the timer's overhead)", g->nfiles, g->alpha, 1.0 + g->min_effect);
  else
    sk_str_printf(&rule, "ONE run: one-sided Wilcoxon rank-sum test of the two sides' repetitions (it says"
                  " that this run differs, not the library: give several runs); violated: p <= %g and the left"
                  " side's median at least %g times the right side's and longer by more than the suites' dummy"
                  " time", g->alpha, 1.0 + g->min_effect);
  sk_str_printf(out, "\n# rule: %s\n", rule.data);
  if (g->nfiles > 1 && sk_rank_sum_min_p(g->nfiles, g->nfiles) / 2.0 > g->alpha)
    sk_str_printf(out, "# with %d runs the smallest one-sided p-value is %.3g, above alpha %g: nothing can be found"
                  " violated; give more runs\n", g->nfiles, sk_rank_sum_min_p(g->nfiles, g->nfiles) / 2.0, g->alpha);
  for (k = 1; k < g->nfiles; k++) {
    const char *npk = sk_sko_field(&files[k], "processes");
    if (np && npk && !sk_streq(np, npk))
      sk_str_printf(out, "# warning: %s ran on %s processes, %s on %s\n", g->files[0], np, g->files[k], npk);
  }
  if (csv) sk_str_puts(csv, "kind,rule,lhs,rhs,lhs_bytes,rhs_bytes,lhs_us,rhs_us,ratio,p,faster,verdict\n");
  if (json) {
    sk_str_printf(json, "{\"alpha\": %g, \"min_effect\": %g, \"processes\": %s, \"library\": ", g->alpha,
                  g->min_effect, np ? np : "null");
    sk_export_json_string(json, lib ? lib : "");
    sk_str_puts(json, ", \"runs\": [");
    for (k = 0; k < g->nfiles; k++) {
      if (k) sk_str_puts(json, ", ");
      sk_export_json_string(json, g->files[k]);
    }
    sk_str_puts(json, "],\n  \"verdicts\": [");
  }
  gl_guidelines(&st);
  gl_size_rules(&st, GL_MONOTONY);
  gl_size_rules(&st, GL_SPLIT);
  bad = gl_summary(&st);
  if (json) sk_str_puts(json, "\n  ]\n}\n");
  if (html) gl_html(html, &st, rule.data, st.not_measured.data);
  for (i = 0; i < st.nspans; i++) free(st.spans[i].title);
  free(st.spans);
  free(st.v);
  sk_str_free(&st.not_measured);
  sk_str_free(&rule);
  return bad;
}

SK_API int sk_guidelines_run(const sk_guidelines_args *g)
{
  sk_sko_file *files;
  sk_str out, csv, json, html, err;
  int ok;
  sk_str_init(&err);
  if (!sk_sko_read_all(g->files, g->nfiles, &files, &err)) {
    fprintf(stderr, "%s\n", err.data);
    sk_str_free(&err);
    return SK_EXIT_USER_ERROR;
  }
  sk_str_init(&out);
  sk_str_init(&csv);
  sk_str_init(&json);
  sk_str_init(&html);
  sk_guidelines_text(&out, g->csv ? &csv : NULL, g->json ? &json : NULL, g->html ? &html : NULL, g, files);
  ok = g->csv == NULL || sk_out_file(g->csv, csv.data ? csv.data : "", &err);
  ok = ok && (g->json == NULL || sk_out_file(g->json, json.data ? json.data : "", &err));
  ok = ok && (g->html == NULL || sk_out_file(g->html, html.data ? html.data : "", &err));
  ok = ok && sk_out_file(NULL, out.data ? out.data : "", &err);
  if (!ok) fprintf(stderr, "%s\n", err.data);
  sk_str_free(&out);
  sk_str_free(&csv);
  sk_str_free(&json);
  sk_str_free(&html);
  sk_str_free(&err);
  sk_sko_free_all(files, g->nfiles);
  return ok ? 0 : sk_out_failed() ? SK_EXIT_WRITE : SK_EXIT_USER_ERROR;
}
