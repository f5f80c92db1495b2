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
  g->alpha = SK_GUIDELINES_ALPHA;
  g->min_effect = SK_GUIDELINES_EFFECT;
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
  const char *lhs, *rhs;          /* measurements (the row names of the results' labels) */
  const char *lhs_text, *rhs_text;
  double lhs_bytes, rhs_bytes;    /* the sizes of the two sides */
  double lhs_us, rhs_us, ratio, p;
  double p_adj;                   /* Benjamini-Hochberg adjusted p over the family; 1 when not tested */
  double floor_us;                /* the larger dummy time of the two sides over the runs */
  int runs;                       /* runs judged: those where both sides have the same kind of time */
  int comparable;                 /* enough such runs: a verdict; else "not comparable" */
  int violated;
} gl_verdict;

/* The verdicts of one rule (a guideline, or the monotony or split rule of one
** measurement): v[first .. end) of the state; missing: not measured (title says why). */
typedef struct gl_span {
  enum gl_kind kind;
  char *title, *rule;
  size_t first, end;
  int missing;
} gl_span;

typedef struct gl_state {
  const sk_guidelines_args *g;
  const sk_sko_file *files;
  sk_str *out, *csv, *json;
  gl_verdict *v;
  size_t nv, capv;
  gl_span *spans;
  size_t nspans, capspans;
  char **meas;                    /* the measurements of the first run, in order of appearance */
  size_t nmeas, capmeas;
  size_t tested, not_comparable;  /* the family of the correction; the points without a verdict */
  sk_str not_measured;            /* a line per guideline not measured */
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

/* The measurement a line records: the row name of its label ("Allreduce" of
** "Allreduce(4, MPI_INT, MPI_BOR)"), the suite's name for a line without a label. */
static size_t gl_meas_len(const sk_sko_block *b, const sk_sko_line *l, const char **name)
{
  if (l->label == NULL || l->label[0] == '\0') { *name = b->name; return strlen(b->name); }
  *name = l->label;
  return strcspn(l->label, "(");
}

static int gl_is_meas(const sk_sko_block *b, const sk_sko_line *l, const char *meas)
{
  const char *name;
  size_t n = gl_meas_len(b, l, &name);
  return strlen(meas) == n && strncmp(name, meas, n) == 0;
}

/* The first line of f measuring `meas` at size `bytes` (and its block), or NULL: judged
** by the measurement recorded, not by the suite's name. */
static const sk_sko_line *gl_line(const sk_sko_file *f, const char *meas, double bytes, const sk_sko_block **block)
{
  size_t b, i;
  for (b = 0; b < f->n; b++)
    for (i = 0; i < f->blocks[b].n; i++) {
      const sk_sko_line *l = &f->blocks[b].lines[i];
      if (gl_bytes(l) == bytes && gl_is_meas(&f->blocks[b], l, meas)) {
        if (block) *block = &f->blocks[b];
        return l;
      }
    }
  return NULL;
}

/* "64 KiB", "1 MiB", "100 bytes" */
static void gl_size_text(sk_str *out, double bytes)
{
  if (bytes >= 1048576.0 && fmod(bytes, 1048576.0) == 0.0) sk_str_printf(out, "%.0f MiB", bytes / 1048576.0);
  else if (bytes >= 1024.0 && fmod(bytes, 1024.0) == 0.0) sk_str_printf(out, "%.0f KiB", bytes / 1024.0);
  else sk_str_printf(out, "%.0f bytes", bytes);
}

/* The flags that say what a time is (doc/manual.md "Flags and distributions"): how its
** repetitions started (barrier_starts, lost_kept), whether it is mostly the scheduler's
** (scheduler_time) or near the timer's limits (timing_overhead, clock_resolution,
** calls_per_timing). Two sides are compared only in runs where they have the same of
** these; interference, rep_cap, discarded and the like are noise the test weighs. */
static const char *const gl_kind_flags[] = {
  "barrier_starts", "lost_kept", "scheduler_time", "timing_overhead", "clock_resolution", "calls_per_timing", NULL
};

static int gl_same_kind(const sk_sko_line *a, const sk_sko_line *b)
{
  char value[64];
  int i;
  for (i = 0; gl_kind_flags[i]; i++)
    if ((sk_sko_line_flag(a, gl_kind_flags[i], value, sizeof value) != NULL)
        != (sk_sko_line_flag(b, gl_kind_flags[i], value, sizeof value) != NULL))
      return 0;
  return 1;
}

/* The one-sided test of x against (1 + effect) y: p of "x is more than 1 + effect times y". */
static double gl_test(const double *x, int nx, const double *y, int ny, double effect)
{
  double *ys = (double *)sk_malloc(sizeof(double) * (size_t)(ny + 1)), p;
  int i;
  for (i = 0; i < ny; i++) ys[i] = (1.0 + effect) * y[i];
  p = sk_rank_sum_p_greater(x, nx, ys, ny, NULL);
  free(ys);
  return p;
}

/* Judges lhs(lhs_bytes) <= scale * rhs(rhs_bytes) over the runs where both sides have the
** same kind of time, and keeps the verdict (its violation is decided by gl_correct); 0
** when a run lacks either side. */
static int gl_judge(gl_state *st, gl_verdict *v, double scale)
{
  int n = st->g->nfiles, k, used = 0;
  double *lx = (double *)sk_malloc(sizeof(double) * (size_t)n), *rx = (double *)sk_malloc(sizeof(double) * (size_t)n);
  const sk_sko_line *a = NULL, *b = NULL;
  for (k = 0; k < n; k++) {
    const sk_sko_block *ba, *bb;
    a = gl_line(&st->files[k], v->lhs, v->lhs_bytes, &ba);
    b = a ? gl_line(&st->files[k], v->rhs, v->rhs_bytes, &bb) : NULL;
    if (b == NULL) { free(lx); free(rx); return 0; }
    if (ba->dummy_us > v->floor_us) v->floor_us = ba->dummy_us;
    if (bb->dummy_us > v->floor_us) v->floor_us = bb->dummy_us;
    if (!gl_same_kind(a, b)) continue;
    lx[used] = sk_compare_run_value(a);
    rx[used] = scale * sk_compare_run_value(b);
    used++;
  }
  v->runs = used;
  v->comparable = n == 1 ? used == 1 : used >= 2;
  v->p = v->p_adj = 1.0;
  if (v->comparable && n == 1 && a->nrep > 0 && b->nrep > 0) {   /* one run: its repetitions */
    double *ra = (double *)sk_malloc(sizeof(double) * (size_t)a->nrep), *rb = (double *)sk_malloc(sizeof(double) * (size_t)b->nrep);
    for (k = 0; k < a->nrep; k++) ra[k] = a->rep_us[k];
    for (k = 0; k < b->nrep; k++) rb[k] = scale * b->rep_us[k];
    v->p = gl_test(ra, a->nrep, rb, b->nrep, st->g->min_effect);
    v->lhs_us = sk_tukey_median(ra, a->nrep);
    v->rhs_us = sk_tukey_median(rb, b->nrep);
    free(ra);
    free(rb);
  } else if (v->comparable) {
    v->p = gl_test(lx, used, rx, used, st->g->min_effect);
    v->lhs_us = sk_compare_median(lx, used);
    v->rhs_us = sk_compare_median(rx, used);
  } else {   /* shown, not judged: the medians over every run */
    for (k = 0; k < n; k++) {
      lx[k] = sk_compare_run_value(gl_line(&st->files[k], v->lhs, v->lhs_bytes, NULL));
      rx[k] = scale * sk_compare_run_value(gl_line(&st->files[k], v->rhs, v->rhs_bytes, NULL));
    }
    v->lhs_us = sk_compare_median(lx, n);
    v->rhs_us = sk_compare_median(rx, n);
  }
  v->ratio = v->rhs_us > 0.0 ? v->lhs_us / v->rhs_us : (v->lhs_us > 0.0 ? HUGE_VAL : 1.0);
  st->v = (gl_verdict *)sk_grow(st->v, &st->capv, st->nv + 1, sizeof(gl_verdict));
  st->v[st->nv++] = *v;
  free(lx);
  free(rx);
  return 1;
}

static int gl_cmp_p(const void *a, const void *b)
{
  double x = (*(const gl_verdict *const *)a)->p, y = (*(const gl_verdict *const *)b)->p;
  return x < y ? -1 : x > y ? 1 : 0;
}

/* The correction for testing every point at once (Benjamini and Hochberg, Controlling
** the false discovery rate, JRSS B 57(1), 1995): the adjusted p of the i-th smallest of
** the m p-values is min over j >= i of m p_(j) / j; a point is violated when its
** adjusted p is at most alpha (the false-discovery rate), its median slowdown at least
** 1 + min_effect and its difference above the dummy time. */
static void gl_correct(gl_state *st)
{
  gl_verdict **t = (gl_verdict **)sk_calloc(st->nv + 1, sizeof(gl_verdict *));
  size_t m = 0, i;
  double least = 1.0;
  for (i = 0; i < st->nv; i++) if (st->v[i].comparable) t[m++] = &st->v[i];
  st->tested = m;
  st->not_comparable = st->nv - m;
  qsort(t, m, sizeof(gl_verdict *), gl_cmp_p);
  for (i = m; i-- > 0;) {
    double a = t[i]->p * (double)m / (double)(i + 1);
    if (a < least) least = a;
    t[i]->p_adj = least;
  }
  for (i = 0; i < st->nv; i++) {
    gl_verdict *v = &st->v[i];
    v->violated = v->comparable && v->p_adj <= st->g->alpha && v->ratio >= 1.0 + st->g->min_effect
                  && v->lhs_us - v->rhs_us > v->floor_us;
  }
  free((void *)t);
}

/* ---- output ---- */

static const char *gl_verdict_word(const gl_verdict *v)
{
  return !v->comparable ? "not_comparable" : v->violated ? "violated" : "holds";
}

static void gl_csv_json(gl_state *st, const gl_verdict *v, const char *rule)
{
  const char *faster = v->ratio < 1.0 ? "lhs" : v->ratio > 1.0 ? "rhs" : "equal";
  const char *verdict = gl_verdict_word(v);
  if (st->csv) {
    sk_export_csv_field(st->csv, gl_kind_names[v->kind], 0);
    sk_export_csv_field(st->csv, rule, 0);
    sk_export_csv_field(st->csv, v->lhs, 0);
    sk_export_csv_field(st->csv, v->rhs, 0);
    sk_str_printf(st->csv, "%.0f,%.0f,%.6g,%.6g,%.6g,%.6g,%.6g,%d,%s,%s\n", v->lhs_bytes, v->rhs_bytes, v->lhs_us,
                  v->rhs_us, v->ratio, v->p, v->p_adj, v->runs, faster, verdict);
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
                  "\"ratio\": %.6g, \"p\": %.6g, \"p_adjusted\": %.6g, \"runs\": %d, \"faster\": \"%s\", "
                  "\"verdict\": \"%s\"}",
                  v->lhs_bytes, v->rhs_bytes, v->lhs_us, v->rhs_us, v->ratio, v->p, v->p_adj, v->runs, faster, verdict);
  }
}

/* The flags that put a time in doubt (compare.h) of any run's line of either side:
** "  (flags: ...)" into the text, or the bare list ("a, b") when bare. */
static void gl_doubts(const gl_state *st, const gl_verdict *v, sk_str *out, int bare)
{
  int n = st->g->nfiles, k, m = 0;
  const sk_sko_line **lines = (const sk_sko_line **)sk_calloc((size_t)(2 * n), sizeof(sk_sko_line *));
  for (k = 0; k < n; k++) {
    const sk_sko_line *a = gl_line(&st->files[k], v->lhs, v->lhs_bytes, NULL);
    const sk_sko_line *b = gl_line(&st->files[k], v->rhs, v->rhs_bytes, NULL);
    if (a) lines[m++] = a;
    if (b) lines[m++] = b;
  }
  if (bare) sk_compare_doubt_list(out, lines, NULL, m);
  else sk_compare_doubt_flags(out, lines, NULL, m);
  free((void *)lines);
}

/* Keeps the span of a rule: verdicts from `first` on (none and missing: not measured). */
static void gl_span_add(gl_state *st, enum gl_kind kind, const char *title, const char *rule, size_t first, int missing)
{
  gl_span *s;
  st->spans = (gl_span *)sk_grow(st->spans, &st->capspans, st->nspans + 1, sizeof(gl_span));
  s = &st->spans[st->nspans++];
  s->kind = kind;
  s->title = sk_strdup(title);
  s->rule = sk_strdup(rule);
  s->first = first;
  s->end = st->nv;
  s->missing = missing;
}

static size_t gl_span_violations(const gl_state *st, const gl_span *sp)
{
  size_t i, bad = 0;
  for (i = sp->first; i < sp->end; i++) bad += st->v[i].violated;
  return bad;
}

static size_t gl_span_not_comparable(const gl_state *st, const gl_span *sp)
{
  size_t i, nc = 0;
  for (i = sp->first; i < sp->end; i++) nc += !st->v[i].comparable;
  return nc;
}

/* The table of a rule's violations, or that it holds. */
static void gl_report_rule(gl_state *st, const gl_span *sp)
{
  size_t i, bad = gl_span_violations(st, sp), nc = gl_span_not_comparable(st, sp), n = sp->end - sp->first;
  if (sp->missing) { sk_str_printf(st->out, "%s\n", sp->title); return; }
  for (i = sp->first; i < sp->end; i++) gl_csv_json(st, &st->v[i], sp->rule);
  if (n == 0) { sk_str_printf(st->out, "%s: no size in every run\n", sp->title); return; }
  if (bad == 0 && nc == 0) { sk_str_printf(st->out, "%s: holds at all %lu sizes\n", sp->title, (unsigned long)n); return; }
  if (bad == 0) {
    sk_str_printf(st->out, "%s: holds at %lu of %lu sizes, %lu not comparable\n", sp->title, (unsigned long)(n - nc),
                  (unsigned long)n, (unsigned long)nc);
    return;
  }
  sk_str_printf(st->out, "%s: VIOLATED at %lu of %lu sizes", sp->title, (unsigned long)bad, (unsigned long)n);
  if (nc) sk_str_printf(st->out, ", %lu not comparable", (unsigned long)nc);
  sk_str_puts(st->out, "\n      bytes  vs bytes      left[us]     right[us]  slowdown          p      p adj\n");
  for (i = sp->first; i < sp->end; i++)
    if (st->v[i].violated) {
      sk_str_printf(st->out, "  %9.0f %9.0f  %12.3f  %12.3f  %8.3f  %9.3g  %9.3g", st->v[i].lhs_bytes, st->v[i].rhs_bytes,
                    st->v[i].lhs_us, st->v[i].rhs_us, st->v[i].ratio, st->v[i].p, st->v[i].p_adj);
      gl_doubts(st, &st->v[i], st->out, 0);
      sk_str_putc(st->out, '\n');
    }
}

static int gl_cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y ? 1 : 0;
}

/* The sizes at which f measures `meas`, ascending, without repeats (a new array), their
** number in *n. */
static double *gl_sizes(const sk_sko_file *f, const char *meas, int *n)
{
  size_t b, i, total = 0;
  double *sizes;
  int k = 0, j;
  for (b = 0; b < f->n; b++) total += f->blocks[b].n;
  sizes = (double *)sk_malloc(sizeof(double) * (total + 1));
  *n = 0;
  for (b = 0; b < f->n; b++)
    for (i = 0; i < f->blocks[b].n; i++)
      if (gl_is_meas(&f->blocks[b], &f->blocks[b].lines[i], meas)) sizes[(*n)++] = gl_bytes(&f->blocks[b].lines[i]);
  qsort(sizes, (size_t)*n, sizeof(double), gl_cmp_double);
  for (j = 0; j < *n; j++) if (k == 0 || sizes[j] != sizes[k - 1]) sizes[k++] = sizes[j];
  *n = k;
  return sizes;
}

/* The measurements of the first run, in order of their first line. */
static void gl_measurements(gl_state *st)
{
  const sk_sko_file *f0 = &st->files[0];
  size_t b, i, j;
  for (b = 0; b < f0->n; b++)
    for (i = 0; i < f0->blocks[b].n; i++) {
      const char *name;
      size_t len = gl_meas_len(&f0->blocks[b], &f0->blocks[b].lines[i], &name);
      for (j = 0; j < st->nmeas && !(strlen(st->meas[j]) == len && strncmp(st->meas[j], name, len) == 0); j++) {}
      if (j < st->nmeas) continue;
      st->meas = (char **)sk_grow(st->meas, &st->capmeas, st->nmeas + 1, sizeof(char *));
      st->meas[st->nmeas] = (char *)sk_malloc(len + 1);
      memcpy(st->meas[st->nmeas], name, len);
      st->meas[st->nmeas++][len] = '\0';
    }
}

static void gl_guidelines(gl_state *st)
{
  const sk_sko_file *f0 = &st->files[0];
  const gl_rule *r;
  sk_str title, why;
  sk_str_init(&title);
  sk_str_init(&why);
  for (r = gl_catalogue; r->lhs; r++) {
    size_t first = st->nv, rule_len;
    int n, nr, k, lacking = 0;
    double *sizes = gl_sizes(f0, r->lhs, &n), *rsizes = gl_sizes(f0, r->rhs, &nr);
    free(rsizes);
    sk_str_clear(&title);
    sk_str_printf(&title, "%s(n) <= %s(n)", r->lhs_text, r->rhs_text);
    rule_len = title.len;
    if (n == 0 || nr == 0) {
      sk_str_clear(&why);
      sk_str_printf(&why, "%s (no measurement \"%s\")", title.data, n == 0 ? r->lhs : r->rhs);
      sk_str_printf(&st->not_measured, "%s\n", why.data);
      sk_str_printf(&title, ": not measured (no measurement \"%s\")", n == 0 ? r->lhs : r->rhs);
      gl_span_add(st, GL_GUIDELINE, title.data, why.data, first, 1);
      free(sizes);
      continue;
    }
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
    if (lacking)   /* named, not dropped silently */
      sk_str_printf(&title, " (%d size%s of \"%s\" not in every run of both measurements)", lacking,
                    lacking > 1 ? "s" : "", r->lhs);
    {
      char *rule = sk_strdup(title.data);
      rule[rule_len] = '\0';
      gl_span_add(st, GL_GUIDELINE, title.data, rule, first, 0);
      free(rule);
    }
  }
  sk_str_free(&title);
  sk_str_free(&why);
}

/* Monotony (next larger size) and the split rule (half the size, twice the time) of
** every measurement of the first run. */
static void gl_size_rules(gl_state *st, enum gl_kind kind)
{
  size_t m;
  sk_str title;
  sk_str_init(&title);
  for (m = 0; m < st->nmeas; m++) {
    const char *name = st->meas[m];
    int n, k, j;
    double *sizes = gl_sizes(&st->files[0], name, &n);
    size_t first = st->nv;
    for (k = 0; k < n; k++) {
      gl_verdict v;
      memset(&v, 0, sizeof v);
      v.kind = kind;
      v.lhs = v.rhs = v.lhs_text = v.rhs_text = name;
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
    sk_str_printf(&title, kind == GL_MONOTONY ? "%s(m) <= %s(m')" : "%s(m) <= 2 %s(m/2)", name, name);
    gl_span_add(st, kind, title.data, title.data, first, 0);
  }
  sk_str_free(&title);
}

/* Every rule's text (and CSV and JSON rows), in the catalogue's order, then monotony and
** the split rule. */
static void gl_report(gl_state *st)
{
  size_t i;
  int kind = -1;
  for (i = 0; i < st->nspans; i++) {
    const gl_span *sp = &st->spans[i];
    if ((int)sp->kind != kind) {
      kind = (int)sp->kind;
      sk_str_puts(st->out, kind == GL_GUIDELINE ? "\nguidelines (A <= B: A is not slower than B; n = bytes):\n"
                           : kind == GL_MONOTONY ? "\nmonotony (t(m) <= t(m'), m' the next larger size):\n"
                                                 : "\nsplit rule (t(m) <= 2 t(m/2)):\n");
    }
    gl_report_rule(st, sp);
  }
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
  sk_str_printf(o, " on %s processes (p %.3g, adjusted %.3g)", np ? np : "?", v->p, v->p_adj);
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
  sk_str_printf(st->out, "\nsummary: %lu violations among %lu tested points (false-discovery rate %g), %lu points"
                " not comparable%s\n", (unsigned long)n, (unsigned long)st->tested, st->g->alpha,
                (unsigned long)st->not_comparable, n ? "; worst first:" : "");
  for (i = 0; i < n && i < GL_SUMMARY_MAX; i++) {
    sk_str_puts(st->out, "  ");
    gl_violation_words(st->out, &bad[i], np);
    sk_str_putc(st->out, '\n');
  }
  if (n > GL_SUMMARY_MAX) sk_str_printf(st->out, "  ... and %lu more\n", (unsigned long)(n - GL_SUMMARY_MAX));
  free(bad);
  return (int)n;
}

/* ---- advice: PGMPI-style replacement rules ---- */

/* For each violated guideline, each range of consecutive measured sizes where it is
** violated: the composition (or call) of the right side replaces the left side there,
** as PGMPITuneLib does at run time (Hunold, Carpen-Amarie, Lübbe and Träff, Euro-Par
** 2016): "replace A by B for LO <= n <= HI bytes on P processes", with the gain, and the
** measured sizes just outside where it does not win. One line per rule also in a fixed
** form ("rule: A -> B bytes LO..HI processes P") for tools. */
static void gl_advice(const gl_state *st, sk_str *out, int html)
{
  const char *np = sk_sko_field(&st->files[0], "processes");
  size_t i, j, k, rules = 0;
  sk_str t;
  sk_str_init(&t);
  for (i = 0; i < st->nspans; i++) {
    const gl_span *sp = &st->spans[i];
    if (sp->kind != GL_GUIDELINE || sp->missing) continue;
    for (j = sp->first; j < sp->end; j = k) {
      double lo_gain = HUGE_VAL, hi_gain = 0.0;
      if (!st->v[j].violated) { k = j + 1; continue; }
      for (k = j; k < sp->end && st->v[k].violated; k++) {
        if (st->v[k].ratio < lo_gain) lo_gain = st->v[k].ratio;
        if (st->v[k].ratio > hi_gain) hi_gain = st->v[k].ratio;
      }
      sk_str_clear(&t);
      sk_str_printf(&t, "replace %s by %s for ", st->v[j].lhs_text, st->v[j].rhs_text);
      gl_size_text(&t, st->v[j].lhs_bytes);
      sk_str_puts(&t, " <= n <= ");
      gl_size_text(&t, st->v[k - 1].lhs_bytes);
      sk_str_printf(&t, " on %s processes: %.2f", np ? np : "?", lo_gain);
      if (hi_gain > lo_gain) sk_str_printf(&t, "-%.2f", hi_gain);
      sk_str_puts(&t, "x faster there");
      if (j > sp->first) { sk_str_puts(&t, "; not at "); gl_size_text(&t, st->v[j - 1].lhs_bytes); }
      if (k < sp->end) { sk_str_puts(&t, j > sp->first ? " nor at " : "; not at "); gl_size_text(&t, st->v[k].lhs_bytes); }
      if (j == sp->first || k == sp->end)
        sk_str_puts(&t, j > sp->first ? " (up to the largest size measured)" : k < sp->end ? " (from the smallest size"
                    " measured)" : " (at every size measured)");
      sk_str_printf(&t, "\n    rule: %s -> %s bytes %.0f..%.0f processes %s", st->v[j].lhs, st->v[j].rhs,
                    st->v[j].lhs_bytes, st->v[k - 1].lhs_bytes, np ? np : "?");
      if (html) {
        sk_str_puts(out, rules ? "<li>" : "<h2>Advice</h2>\n<p>PGMPI-style replacement rules: where a guideline is"
                                         " violated, the faster side replaces the slower in that size range.</p>\n<ul class=\"advice\">\n<li>");
        sk_report_escape(out, t.data);
        sk_str_puts(out, "</li>\n");
      } else {
        if (rules == 0)
          sk_str_puts(out, "\nadvice (PGMPI-style replacement rules: where a guideline is violated, the faster side"
                           " replaces the slower in that size range):\n");
        sk_str_printf(out, "  %s\n", t.data);
      }
      rules++;
    }
  }
  if (html && rules) sk_str_puts(out, "</ul>\n");
  sk_str_free(&t);
}

/* The library's settings a run's header records (libsettings.h): its "# library
** setting:" and "# library MPI_T:" lines, wherever they stand (SKaMPI 5's layout puts
** them after the last suite), into out. */
static void gl_settings(const sk_sko_file *f, sk_str *out)
{
  size_t i;
  for (i = 0; i < f->nfields; i++)
    if (sk_streq(f->fields[i].key, "library setting") || sk_streq(f->fields[i].key, "library MPI_T"))
      sk_str_printf(out, "# %s: %s\n", f->fields[i].key, f->fields[i].value);
}

/* The settings of the first run into out; a warning for each run whose settings differ
** (its verdicts then mix libraries). */
static void gl_settings_report(sk_str *out, const sk_guidelines_args *g, const sk_sko_file *files)
{
  sk_str first, other;
  int k;
  sk_str_init(&first);
  sk_str_init(&other);
  gl_settings(&files[0], &first);
  if (first.len) sk_str_puts(out, first.data);
  else sk_str_puts(out, "# library settings: none recorded (no MPIR_CVAR_, MPICH_, OMPI_MCA_, UCX_ or FI_ variable set)\n");
  for (k = 1; k < g->nfiles; k++) {
    sk_str_clear(&other);
    gl_settings(&files[k], &other);
    if (other.len != first.len || (first.len && memcmp(other.data, first.data, first.len) != 0))
      sk_str_printf(out, "# warning: %s ran with other library settings than %s (its header's \"# library\" lines)\n",
                    g->files[k], g->files[0]);
  }
  sk_str_free(&first);
  sk_str_free(&other);
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

static void gl_html(sk_str *o, const gl_state *st, const char *rule_text, const char *not_measured)
{
  const char *lib = sk_sko_field(&st->files[0], "library"), *np = sk_sko_field(&st->files[0], "processes");
  size_t n, i, nc, plots = 0;
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
  sk_str_puts(o, "</td></tr>\n<tr><td>library settings</td><td>");
  {
    sk_str set;
    sk_str_init(&set);
    gl_settings_report(&set, st->g, st->files);
    sk_report_escape(o, set.data ? set.data : "");
    sk_str_free(&set);
  }
  sk_str_puts(o, "</td></tr>\n<tr><td>runs</td><td>");
  for (k = 0; k < st->g->nfiles; k++) { if (k) sk_str_puts(o, ", "); sk_report_escape(o, st->g->files[k]); }
  sk_str_puts(o, "</td></tr>\n<tr><td>rule</td><td>");
  sk_report_escape(o, rule_text);
  sk_str_puts(o, "</td></tr>\n</table>\n<h2>Summary</h2>\n");
  sk_str_printf(o, "<p>%lu violations among %lu tested points (false-discovery rate %g), %lu points not comparable%s</p>\n",
                (unsigned long)n, (unsigned long)st->tested, st->g->alpha, (unsigned long)st->not_comparable,
                n ? "; worst first:" : ".");
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
  gl_advice(st, o, 1);
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
    if (sp->missing) continue;
    sk_str_printf(o, "<section class=\"guideline\" id=\"guideline-%lu\">\n", (unsigned long)i + 1);
    gl_html_text(o, "h3", sp->rule);
    nc = gl_span_not_comparable(st, sp);
    if (b) sk_str_printf(o, "<p class=\"warn\">VIOLATED at %lu of %lu sizes</p>\n", (unsigned long)b,
                         (unsigned long)(sp->end - sp->first));
    else if (nc == 0) sk_str_printf(o, "<p>holds at all %lu sizes</p>\n", (unsigned long)(sp->end - sp->first));
    else sk_str_printf(o, "<p>holds at %lu of %lu sizes</p>\n", (unsigned long)(sp->end - sp->first - nc),
                       (unsigned long)(sp->end - sp->first));
    if (nc) sk_str_printf(o, "<p>%lu size%s not comparable (the two sides started differently or differ in the kind of"
                          " time in every run but one)</p>\n", (unsigned long)nc, nc == 1 ? "" : "s");
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
    gl_html_text(o, "h3", sp->rule);
    sk_str_printf(o, "<p class=\"warn\">VIOLATED at %lu of %lu sizes</p>\n", (unsigned long)b, (unsigned long)(sp->end - sp->first));
    gl_html_table(o, st, sp);
  }
  sk_str_printf(o, "<p class=\"generated\">made by skampi %s (skampi --guidelines)</p>\n</body>\n</html>\n", SKAMPI_VERSION);
  sk_str_free(&words);
  free(bad);
}

/* The fewest runs whose smallest one-sided p (1 / C(2r, r)) reaches alpha / m, the
** Benjamini-Hochberg level of a lone violation among m tested points; 0 above 60. */
static int gl_runs_needed(double alpha, size_t m)
{
  int r;
  for (r = 2; r <= 60; r++) if (sk_rank_sum_min_p(r, r) / 2.0 <= alpha / (double)(m ? m : 1)) return r;
  return 0;
}

SK_API int sk_guidelines_text(sk_str *out, sk_str *csv, sk_str *json, sk_str *html, const sk_guidelines_args *g,
                              const sk_sko_file *files)
{
  gl_state st;
  int k, bad, need;
  size_t i;
  const char *lib = sk_sko_field(&files[0], "library"), *np = sk_sko_field(&files[0], "processes");
  sk_str rule;
  memset(&st, 0, sizeof st);
  st.g = g; st.files = files;                /* what is judged */
  st.out = out; st.csv = csv; st.json = json;  /* where the verdicts are written */
  sk_str_init(&st.not_measured);
  sk_str_init(&rule);
  gl_measurements(&st);
  gl_guidelines(&st);
  gl_size_rules(&st, GL_MONOTONY);
  gl_size_rules(&st, GL_SPLIT);
  gl_correct(&st);
  sk_str_printf(out, "# skampi %s: self-consistent performance guidelines (Traeff, Gropp and Thakur, IEEE TPDS 2010)"
                "; doc/guidelines.md\n# library: %s\n# processes: %s\n# runs:", SKAMPI_VERSION, lib ? lib : "?",
                np ? np : "?");
  for (k = 0; k < g->nfiles; k++) sk_str_printf(out, " %s", g->files[k]);
  sk_str_putc(out, '\n');
  gl_settings_report(out, g, files);
  sk_str_printf(&rule, "%s; compared only in runs where both sides have the same start method and the same flags"
                " that say what a time is (%s", g->nfiles > 1 ? "per run the median of the repetitions without Tukey's"
                " outliers" : "ONE run: its repetitions (it says that this run differs, not the library: give several"
                " runs)", gl_kind_flags[0]);
  for (k = 1; gl_kind_flags[k]; k++) sk_str_printf(&rule, ", %s", gl_kind_flags[k]);
  sk_str_printf(&rule, "; else not comparable); one-sided Wilcoxon rank-sum test of the left side against %g times"
                " the right side; violated: Benjamini-Hochberg adjusted p <= %g over all %lu tested points (the"
                " false-discovery rate), the left side's median at least %g times the right side's and longer by"
                " more than the dummy time (the timer's overhead)", 1.0 + g->min_effect, g->alpha,
                (unsigned long)st.tested, 1.0 + g->min_effect);
  sk_str_printf(out, "# rule: %s\n", rule.data);
  need = gl_runs_needed(g->alpha, st.tested);
  if (g->nfiles > 1 && need > g->nfiles)
    sk_str_printf(out, "# with %d runs the smallest one-sided p-value is %.3g, above %g / %lu = %.3g, what a lone"
                  " violation among %lu tested points needs: give more runs (%d), or only points violated in large"
                  " numbers together can be found\n", g->nfiles, sk_rank_sum_min_p(g->nfiles, g->nfiles) / 2.0,
                  g->alpha, (unsigned long)st.tested, g->alpha / (double)(st.tested ? st.tested : 1),
                  (unsigned long)st.tested, need);
  for (k = 1; k < g->nfiles; k++) {
    const char *npk = sk_sko_field(&files[k], "processes");
    if (np && npk && !sk_streq(np, npk))
      sk_str_printf(out, "# warning: %s ran on %s processes, %s on %s\n", g->files[0], np, g->files[k], npk);
  }
  if (csv) sk_str_puts(csv, "kind,rule,lhs,rhs,lhs_bytes,rhs_bytes,lhs_us,rhs_us,ratio,p,p_adjusted,runs,faster,verdict\n");
  if (json) {
    sk_str_printf(json, "{\"alpha\": %g, \"correction\": \"Benjamini-Hochberg\", \"tested\": %lu, "
                  "\"not_comparable\": %lu, \"min_effect\": %g, \"processes\": %s, \"library\": ", g->alpha,
                  (unsigned long)st.tested, (unsigned long)st.not_comparable, g->min_effect, np ? np : "null");
    sk_export_json_string(json, lib ? lib : "");
    sk_str_puts(json, ", \"runs\": [");
    for (k = 0; k < g->nfiles; k++) {
      if (k) sk_str_puts(json, ", ");
      sk_export_json_string(json, g->files[k]);
    }
    sk_str_puts(json, "],\n  \"verdicts\": [");
  }
  gl_report(&st);
  bad = gl_summary(&st);
  gl_advice(&st, out, 0);
  if (json) sk_str_puts(json, "\n  ]\n}\n");
  if (html) gl_html(html, &st, rule.data, st.not_measured.data);
  for (i = 0; i < st.nspans; i++) { free(st.spans[i].title); free(st.spans[i].rule); }
  for (i = 0; i < st.nmeas; i++) free(st.meas[i]);
  free(st.meas);
  free(st.spans);
  free(st.v);
  sk_str_free(&st.not_measured);
  sk_str_free(&rule);
  return bad;
}

static void gl_texts(const void *args, const sk_sko_file *files, sk_str **texts)
{
  (void)sk_guidelines_text(texts[0], texts[1], texts[2], texts[3], (const sk_guidelines_args *)args, files);
}

SK_API int sk_guidelines_run(const sk_guidelines_args *g)
{
  const char *targets[4];
  targets[0] = NULL;               /* standard output; then the CSV, the JSON, the report */
  targets[1] = g->csv;
  targets[2] = g->json;
  targets[3] = g->html;
  return sk_command_on_files(g->files, g->nfiles, targets, 4, gl_texts, g);
}
