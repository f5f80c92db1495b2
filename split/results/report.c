/*
** report.c -- see report.h. The plot model and the HTML report.
*/
#include "report.h"
#include "output.h"

/* ---- the plot model ---- */

static sk_rpt_suite *rpt_suite_for(sk_rpt_suite **suites, size_t *n, size_t *cap, const char *name,
                                   int occurrence, int nfiles)
{
  size_t i;
  sk_rpt_suite *s;
  for (i = 0; i < *n; i++) if (sk_streq((*suites)[i].name, name) && (*suites)[i].occurrence == occurrence) return &(*suites)[i];
  *suites = (sk_rpt_suite *)sk_grow(*suites, cap, *n + 1, sizeof(sk_rpt_suite));
  s = &(*suites)[(*n)++];
  memset(s, 0, sizeof *s);
  s->name = sk_strdup(name);
  s->occurrence = occurrence;
  s->xname = sk_strdup("");
  s->blocks = (const sk_sko_block **)sk_calloc((size_t)nfiles, sizeof(sk_sko_block *));
  return s;
}

static sk_rpt_series *rpt_series_for(sk_rpt_suite *s, int file, const sk_sko_line *l)
{
  sk_str key, outer;
  size_t i;
  sk_rpt_series *r;
  sk_str_init(&key);
  sk_str_init(&outer);
  sk_str_printf(&key, "%d|", file);
  sk_sko_key(&key, l, 1);
  for (i = 0; i < s->n; i++) if (sk_streq(s->series[i].key, key.data)) { sk_str_free(&key); return &s->series[i]; }
  for (i = 0; l->nvars > 0 && i + 1 < (size_t)l->nvars; i++)
    sk_str_printf(&outer, "%s= %s ", l->vars[i].name, l->vars[i].text);
  sk_str_putn(&outer, "", 0);
  s->series = (sk_rpt_series *)sk_grow(s->series, &s->cap, s->n + 1, sizeof(sk_rpt_series));
  r = &s->series[s->n++];
  memset(r, 0, sizeof *r);
  r->key = key.data;
  r->outer = outer.data;
  r->label = l->label;
  r->file = file;
  return r;
}

static double rpt_category(sk_rpt_suite *s, const char *text)
{
  size_t i;
  for (i = 0; i < s->ncats; i++) if (sk_streq(s->cats[i], text)) return (double)i + 1.0;
  s->cats = (char **)sk_grow(s->cats, &s->capcats, s->ncats + 1, sizeof(char *));
  s->cats[s->ncats++] = sk_strdup(text);
  return (double)s->ncats;
}

static const char *rpt_basename(const char *path)
{
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

static int rpt_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* The library's first words from the header's "library:" ("Open MPI v4.1.4" of "Open MPI
** v4.1.4, package: ...", "MPICH 4.0.2" of "MPICH Version:<tab>4.0.2"), appended to n. */
static void rpt_library_words(sk_str *n, const char *lib)
{
  const char *p = lib, *end = lib + strcspn(lib, ",\n(");
  int words = 0;
  while (p < end && words < 4) {
    size_t w;
    while (p < end && rpt_blank(*p)) p++;
    w = 0;
    while (p + w < end && !rpt_blank(p[w])) w++;
    if (w == 0) break;
    if (!(w == 8 && strncmp(p, "Version:", 8) == 0)) {
      sk_str_printf(n, "%s", words ? " " : "");
      sk_str_putn(n, p, w);
      words++;
    }
    p += w;
  }
}

/* How a run is named in legends: the user's label, else the library's first words and
** the process count of its header ("Open MPI v4.1.4, 2 processes"); "" when it has
** neither. */
static char *rpt_run_name(const sk_sko_file *f, const char *label)
{
  sk_str n;
  const char *lib = sk_sko_field(f, "library"), *np = sk_sko_field(f, "processes");
  sk_str_init(&n);
  if (label != NULL) sk_str_puts(&n, label);
  else {
    if (lib != NULL) rpt_library_words(&n, lib);
    if (np != NULL && np[0]) sk_str_printf(&n, "%s%s process%s", n.len ? ", " : "", np, sk_streq(np, "1") ? "" : "es");
  }
  sk_str_putn(&n, "", 0);
  return n.data;
}

/* Legend names: the run (when there are several, or it has a name), then only the parts
** that tell the curves apart. Runs whose names agree are told apart by their file. */
static void rpt_name_series(sk_rpt_suite *s, const sk_sko_file *files, int nfiles, char *const *labels)
{
  size_t i, j;
  int labels_differ = 0, outers = 0, f, g;
  char **runs = (char **)sk_calloc((size_t)nfiles, sizeof(char *));
  int *same = (int *)sk_calloc((size_t)nfiles, sizeof(int));
  for (f = 0; f < nfiles; f++) runs[f] = rpt_run_name(&files[f], labels ? labels[f] : NULL);
  for (f = 0; f < nfiles; f++)
    for (g = 0; g < nfiles; g++) if (f != g && sk_streq(runs[f], runs[g])) same[f] = 1;
  for (i = 0; i < s->n; i++)
    for (j = 0; j < i; j++) {
      if (!sk_streq(s->series[i].label, s->series[j].label)) labels_differ = 1;
      if (!sk_streq(s->series[i].outer, s->series[j].outer)) outers = 1;
    }
  for (i = 0; i < s->n; i++) {
    sk_rpt_series *r = &s->series[i];
    sk_str n;
    sk_str_init(&n);
    if (nfiles > 1 || runs[r->file][0]) {
      sk_str_puts(&n, runs[r->file]);
      if (nfiles > 1 && (same[r->file] || !runs[r->file][0]))
        sk_str_printf(&n, runs[r->file][0] ? " (%s)" : "%s", rpt_basename(files[r->file].path));
    }
    if (labels_differ || (r->label[0] && nfiles == 1 && !outers)) sk_str_printf(&n, "%s%s", n.len ? ", " : "", r->label);
    if (outers) sk_str_printf(&n, "%s%s", n.len ? ", " : "", r->outer);
    if (n.len == 0) sk_str_puts(&n, "time");
    while (n.len > 0 && n.data[n.len - 1] == ' ') n.data[--n.len] = '\0';
    r->name = n.data;
  }
  for (f = 0; f < nfiles; f++) free(runs[f]);
  free(runs);
  free(same);
}

/* A sweep from 0 bytes measured by two statements (the 0-byte message in its own loop,
** as one-line runs, OSU's and IMB's names write it: the second statement's label gets
** " on COMM", labels.c) is one curve: a series whose every point is the 0-byte message
** (size 0 at loop value 0) joins the series of the same file and outer loop values
** whose label is its own, or its own and " on ..." or " (line N)". */
static void rpt_join_zero_series(sk_rpt_suite *s)
{
  size_t i, j, k;
  for (i = 0; i < s->n; i++) {
    sk_rpt_series *z = &s->series[i];
    size_t len = strlen(z->label);
    for (k = 0; k < z->n && z->pts[k].line->size == 0 && z->pts[k].x == 0.0; k++) continue;
    if (s->categorical || z->n == 0 || k < z->n) continue;
    for (j = 0; j < s->n; j++) {
      sk_rpt_series *r = &s->series[j];
      if (j == i || r->file != z->file || !sk_streq(r->outer, z->outer) || strncmp(r->label, z->label, len) != 0
          || (r->label[len] != '\0' && r->label[len] != ' '))
        continue;
      for (k = 0; k < r->n && r->pts[k].line->size == 0 && r->pts[k].x == 0.0; k++) continue;
      if (k == r->n) continue;   /* another 0-byte series */
      for (k = 0; k < z->n; k++) {
        r->pts = (sk_rpt_point *)sk_grow(r->pts, &r->cap, r->n + 1, sizeof(sk_rpt_point));
        r->pts[r->n++] = z->pts[k];
      }
      r->label = z->label;   /* the statement's own label, without " on COMM" */
      free(z->key);
      free(z->outer);
      free(z->pts);
      memmove(z, z + 1, (s->n - i - 1) * sizeof *z);
      s->n--;
      i--;
      break;
    }
  }
}

/* bytesx (report.h): the loop variable is a message size (count, length), so the curves
** are drawn over the reported size in bytes, which compares runs with different
** datatypes and is what a reader of a plot expects. */
static int rpt_size_is_x(const sk_rpt_suite *s)
{
  size_t i, j, f;
  int changes = 0;
  if (s->categorical || s->n == 0) return 0;
  for (i = 0; i < s->n; i++) {
    const sk_rpt_series *r = &s->series[i];
    const sk_sko_line *first;
    for (f = 0; f < r->n && r->pts[f].line->size == 0 && r->pts[f].x == 0.0; f++) continue;   /* 0 bytes */
    if (f == r->n) return 0;
    first = r->pts[f].line;
    for (j = 0; j < r->n; j++) {
      const sk_sko_line *l = r->pts[j].line;
      double x = r->pts[j].x, ratio;
      if (l->size == 0 && x == 0.0) continue;   /* the 0-byte message of a sweep from 0 (OSU, IMB) */
      if (l->size <= 0 || !(x > 0.0) || x >= 1e15 || !(r->pts[f].x > 0.0)) return 0;
      ratio = (double)first->size / r->pts[f].x;
      if (fabs((double)l->size - ratio * x) > 1e-9 * (double)l->size) return 0;
      if (l->size != first->size) changes = 1;
    }
  }
  return changes;
}

static int rpt_cmp_point(const void *a, const void *b)
{
  const sk_rpt_point *x = (const sk_rpt_point *)a, *y = (const sk_rpt_point *)b;
  if (x->x != y->x) return x->x < y->x ? -1 : 1;
  return x->line->lineno < y->line->lineno ? -1 : x->line->lineno > y->line->lineno;
}

static void rpt_node_range(const sk_sko_line *l, double *lo, double *hi)
{
  int k;
  *lo = HUGE_VAL; *hi = -HUGE_VAL;
  for (k = 0; k < l->nnode; k++) {
    if (l->node_us[k] < *lo) *lo = l->node_us[k];
    if (l->node_us[k] > *hi) *hi = l->node_us[k];
  }
}

static void rpt_ranges(sk_rpt_suite *s)
{
  size_t i, j;
  int positive, integers = 1, geometric;
  double tmin = HUGE_VAL, tmax = -HUGE_VAL;
  s->xmin = s->ymin = HUGE_VAL;
  s->xmax = s->ymax = -HUGE_VAL;
  s->zerox = 0.0;
  s->xfirst = HUGE_VAL;
  for (i = 0; i < s->n; i++) {
    sk_rpt_series *r = &s->series[i];
    qsort(r->pts, r->n, sizeof(sk_rpt_point), rpt_cmp_point);
    for (j = 0; j < r->n; j++) {
      const sk_sko_line *l = r->pts[j].line;
      double x = r->pts[j].x, lo = l->time_us - l->stderr_us, hi = l->time_us + l->stderr_us, nlo, nhi;
      rpt_node_range(l, &nlo, &nhi);
      if (nlo < lo) lo = nlo;
      if (nhi > hi) hi = nhi;
      if (l->has_dist && l->dist[0] < lo) lo = l->dist[0];
      if (l->has_dist && l->dist[6] > hi) hi = l->dist[6];
      if (x < s->xmin) s->xmin = x;
      if (x > s->xmax) s->xmax = x;
      if (x > 0.0 && x < s->xfirst) s->xfirst = x;
      if (lo < s->ymin) s->ymin = lo;
      if (hi > s->ymax) s->ymax = hi;
      if (l->time_us < tmin) tmin = l->time_us;
      if (l->time_us > tmax) tmax = l->time_us;
      if (x != floor(x)) integers = 0;
    }
  }
  if (s->xmin == HUGE_VAL) { s->xmin = 0; s->xmax = 1; s->ymin = 0; s->ymax = 1; return; }
  positive = tmin > 0.0;
  if (s->ymin <= 0.0 && positive) s->ymin = tmin;   /* error bars below 0 are cut on a log axis */
  /* log whenever the plotted range (whiskers and node times too) spans more than a decade:
  ** one 2 ms whisker must not flatten a curve of 1-19 us */
  s->logy = positive && (tmax / tmin > 10.0 || s->ymax / s->ymin > 10.0);
  if (!s->logy && s->ymin > 0.0) s->ymin = 0.0;     /* linear time axis from 0 */
  geometric = !s->categorical && s->xmin > 0.0 && s->xmax / s->xmin > 10.0;
  if (s->bytesx && s->xmin == 0.0 && s->xfirst < HUGE_VAL && s->xmax / s->xfirst > 10.0) {
    /* a sweep from 0 bytes (osu_latency, IMB's PingPong: 0, 1, 2, 4, ... 64K): the
    ** positive sizes on the log axis and the 0-byte point one tick step to the left
    ** of the smallest, labelled "0" (rpt_axes; report_gp.c alike) */
    geometric = 1;
    if (integers) {
      int e0 = (int)ceil(log(s->xfirst) / log(2.0) - 1e-9), e1 = (int)floor(log(s->xmax) / log(2.0) + 1e-9), step = 1;
      while ((e1 - e0) / step > 10) step *= 2;   /* rpt_ticks' step on powers of two */
      s->zerox = s->xfirst / pow(2.0, (double)step);
    } else {
      s->zerox = s->xfirst / 10.0;
    }
    s->xmin = s->zerox;
  }
  s->logx = geometric;
  s->pow2x = geometric && integers;
  s->intx = integers && !s->categorical;
}

SK_API void sk_report_model(const sk_sko_file *files, int nfiles, char *const *labels, sk_rpt_suite **suites,
                            size_t *nsuites)
{
  size_t cap = 0, b, l, i;
  int f;
  *suites = NULL;
  *nsuites = 0;
  for (f = 0; f < nfiles; f++)
    for (b = 0; b < files[f].n; b++) {
      const sk_sko_block *bl = &files[f].blocks[b];
      sk_rpt_suite *s = rpt_suite_for(suites, nsuites, &cap, bl->name, sk_sko_occurrence(&files[f], bl), nfiles);
      s->blocks[f] = bl;
      if (bl->suite_limited) s->suite_limited = 1;
      for (l = 0; l < bl->n; l++) {
        const sk_sko_line *ln = &bl->lines[l];
        if (ln->nvars == 0 || ln->vars[ln->nvars - 1].x == HUGE_VAL) s->categorical = 1;
        if (ln->nvars > 0 && s->xname[0] == '\0') { free(s->xname); s->xname = sk_strdup(ln->vars[ln->nvars - 1].name); }
      }
    }
  for (i = 0; i < *nsuites; i++) {
    sk_rpt_suite *s = &(*suites)[i];
    for (f = 0; f < nfiles; f++) {
      const sk_sko_block *bl = s->blocks[f];
      for (l = 0; bl != NULL && l < bl->n; l++) {
        const sk_sko_line *ln = &bl->lines[l];
        sk_rpt_series *r = rpt_series_for(s, f, ln);
        r->pts = (sk_rpt_point *)sk_grow(r->pts, &r->cap, r->n + 1, sizeof(sk_rpt_point));
        r->pts[r->n].line = ln;
        r->pts[r->n].x = s->categorical ? rpt_category(s, ln->nvars ? ln->vars[ln->nvars - 1].text : "")
                                        : ln->vars[ln->nvars - 1].x;
        r->n++;
      }
    }
    rpt_join_zero_series(s);
    rpt_name_series(s, files, nfiles, labels);
    if (rpt_size_is_x(s)) {
      size_t j, k;
      s->bytesx = 1;
      for (j = 0; j < s->n; j++)
        for (k = 0; k < s->series[j].n; k++) s->series[j].pts[k].x = (double)s->series[j].pts[k].line->size;
    }
    rpt_ranges(s);
  }
}

SK_API void sk_report_input(const char *arg, char **path, char **label)
{
  const char *eq = strchr(arg, '=');
  FILE *fp = eq != NULL && eq > arg ? fopen(arg, "r") : NULL;
  if (fp != NULL) fclose(fp);
  if (eq != NULL && eq > arg && fp == NULL) {
    *path = sk_strndup(arg, (size_t)(eq - arg));
    *label = sk_strdup(eq + 1);
  } else {
    *path = sk_strdup(arg);
    *label = NULL;
  }
}

SK_API void sk_report_model_free(sk_rpt_suite *suites, size_t nsuites)
{
  size_t i, j;
  for (i = 0; i < nsuites; i++) {
    sk_rpt_suite *s = &suites[i];
    for (j = 0; j < s->n; j++) { free(s->series[j].name); free(s->series[j].key); free(s->series[j].outer); free(s->series[j].pts); }
    for (j = 0; j < s->ncats; j++) free(s->cats[j]);
    free(s->cats);
    free(s->series);
    free((void *)s->blocks);
    free(s->name);
    free(s->xname);
  }
  free(suites);
}

/* ---- axes ---- */

enum { RPT_W = 760, RPT_H = 380, RPT_ML = 84, RPT_MR = 24, RPT_MT = 16, RPT_MB = 56, RPT_ROW = 18 };

typedef struct rpt_axis {
  int log;
  double lo, hi;          /* data range after padding (log: positive) */
  double from, to;        /* pixel positions of lo and hi */
  double zero_at;         /* log, > 0: where 0 is drawn (sk_rpt_suite's zerox); else 0 */
} rpt_axis;

static double rpt_t(const rpt_axis *a, double v)
{
  if (a->log) return log10(v > 0.0 ? v : a->zero_at > 0.0 ? a->zero_at : a->lo);
  return v;
}

/* A pixel position, always finite and on the axis (a guard: the reader refuses
** non-finite and huge values, but nothing drawn may ever read nan or inf). */
static double rpt_px(const rpt_axis *a, double v)
{
  double t = rpt_t(a, v), t0 = rpt_t(a, a->lo), t1 = rpt_t(a, a->hi), px;
  double least = a->from < a->to ? a->from : a->to, most = a->from < a->to ? a->to : a->from;
  if (v < a->lo && !(v == 0.0 && a->log && a->zero_at > 0.0)) t = t0;
  px = a->from + (t - t0) / (t1 - t0) * (a->to - a->from);
  if (px != px) return a->from;   /* nan */
  return px < least ? least : px > most ? most : px;
}

/* The range an axis may span: padding and log ratios of it stay finite doubles. */
#define RPT_LIN_LIMIT 1e300
#define RPT_LOG_LO 1e-150
#define RPT_LOG_HI 1e150

static double rpt_clamp(double v, double lo, double hi)
{
  if (v != v) return lo;
  return v < lo ? lo : v > hi ? hi : v;
}

static void rpt_axis_init(rpt_axis *a, int logscale, double lo, double hi, double from, double to)
{
  a->log = logscale;
  lo = rpt_clamp(lo, logscale ? RPT_LOG_LO : -RPT_LIN_LIMIT, logscale ? RPT_LOG_HI : RPT_LIN_LIMIT);
  hi = rpt_clamp(hi, logscale ? RPT_LOG_LO : -RPT_LIN_LIMIT, logscale ? RPT_LOG_HI : RPT_LIN_LIMIT);
  if (hi < lo) hi = lo;
  if (logscale) {
    if (hi <= lo) { lo /= 2.0; hi *= 2.0; }
    lo /= pow(hi / lo, 0.03);
    hi *= pow(hi / lo, 0.03);
  } else {
    double pad = hi > lo ? (hi - lo) * 0.04 : (lo != 0.0 ? fabs(lo) * 0.5 : 1.0);
    if (lo != 0.0) lo -= pad;
    hi += pad;
  }
  a->lo = lo;
  a->hi = hi;
  a->from = from;
  a->to = to;
  a->zero_at = 0.0;
}

/* "1", "512", "4K", "16M", "1G": a power of two. */
static void rpt_pow2_label(sk_str *out, double v)
{
  static const char *const units[] = { "", "K", "M", "G", "T" };
  int u = 0;
  while (v >= 1024.0 && u < 4 && fmod(v, 1024.0) == 0.0) { v /= 1024.0; u++; }
  sk_str_printf(out, "%.0f%s", v, units[u]);
}

SK_API double sk_report_tick_step(double lo, double hi, int integers)
{
  double raw = (hi - lo) / 6.0, mag, step;
  if (!(raw > 0.0) || raw > 1e299) return integers ? 1.0 : 1.0;
  mag = pow(10.0, floor(log10(raw)));
  step = mag;
  if (raw > 5.0 * mag) step = 10.0 * mag; else if (raw > 2.0 * mag) step = 5.0 * mag; else if (raw > mag) step = 2.0 * mag;
  return integers && step < 1.0 ? 1.0 : step;
}

/* The tick values of an axis (at most about 12). pow2: powers of two; integers: a
** linear axis ticks at integers only. */
static size_t rpt_ticks(const rpt_axis *a, int pow2, int integers, double *t, size_t max)
{
  size_t n = 0;
  if (a->log && pow2) {
    int e0 = (int)ceil(log(a->lo) / log(2.0) - 1e-9), e1 = (int)floor(log(a->hi) / log(2.0) + 1e-9), e, step = 1;
    while ((e1 - e0) / step > 10) step *= 2;
    for (e = e0; e <= e1 && n < max; e++) if (e % step == 0) t[n++] = pow(2.0, (double)e);
  } else if (a->log) {
    int e0 = (int)floor(log10(a->lo)), e1 = (int)ceil(log10(a->hi)), e, k;
    static const double mult[] = { 1.0, 2.0, 5.0 };
    int nm = e1 - e0 <= 2 ? 3 : 1;
    for (e = e0; e <= e1; e++)
      for (k = 0; k < nm; k++) {
        double v = mult[k] * pow(10.0, (double)e);
        if (v >= a->lo && v <= a->hi && n < max) t[n++] = v;
      }
  } else {
    double step = sk_report_tick_step(a->lo, a->hi, integers), v;
    for (v = ceil(a->lo / step) * step; v <= a->hi && n < max; v += step) t[n++] = fabs(v) < step * 1e-9 ? 0.0 : v;
  }
  return n;
}

/* ---- HTML ---- */

static const char *const rpt_colors[] = {
  "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"
};
#define RPT_NCOLORS (sizeof rpt_colors / sizeof rpt_colors[0])

static void rpt_esc(sk_str *out, const char *text)
{
  const char *p;
  for (p = text; *p; p++) {
    if (*p == '&') sk_str_puts(out, "&amp;");
    else if (*p == '<') sk_str_puts(out, "&lt;");
    else if (*p == '>') sk_str_puts(out, "&gt;");
    else if (*p == '"') sk_str_puts(out, "&quot;");
    else sk_str_putc(out, *p);
  }
}

/* The x axis' name: "message size [bytes]" when x is the size (bytesx). */
SK_API void sk_report_xlabel(sk_str *out, const sk_rpt_suite *s)
{
  if (s->bytesx) sk_str_printf(out, "message size [bytes] (%s)", s->xname);
  else sk_str_puts(out, s->xname[0] ? s->xname : "measurement");
}

static void rpt_axes(sk_str *o, const sk_rpt_suite *s, const rpt_axis *ax, const rpt_axis *ay)
{
  double t[64];
  size_t n, i;
  sk_str label;
  double x0 = RPT_ML, x1 = RPT_W - RPT_MR, y0 = RPT_H - RPT_MB, y1 = RPT_MT;
  sk_str_printf(o, "<rect class=\"frame\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", RPT_ML, RPT_MT,
                RPT_W - RPT_ML - RPT_MR, RPT_H - RPT_MT - RPT_MB);
  sk_str_puts(o, "<g class=\"axis x-axis\">\n");
  if (s->categorical) {
    for (i = 0; i < s->ncats; i++) {
      double px = rpt_px(ax, (double)i + 1.0);
      sk_str_printf(o, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                       "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", px, y0, px, y1, px, y0 + 16);
      rpt_esc(o, s->cats[i]);
      sk_str_puts(o, "</text>\n");
    }
  } else {
    n = rpt_ticks(ax, s->pow2x, s->intx, t, 64);
    if (s->zerox > 0.0) {   /* the 0-byte point's tick; no other left of the smallest size */
      double px = rpt_px(ax, 0.0);
      sk_str_printf(o, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                       "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">0</text>\n",
                    px, y0, px, y1, px, y0 + 16);
    }
    for (i = 0; i < n; i++) {
      double px = rpt_px(ax, t[i]);
      if (s->zerox > 0.0 && t[i] < s->xfirst * (1.0 - 1e-9)) continue;
      sk_str_printf(o, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                       "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", px, y0, px, y1, px, y0 + 16);
      if (s->pow2x) rpt_pow2_label(o, t[i]); else sk_str_printf(o, "%g", t[i]);
      sk_str_puts(o, "</text>\n");
    }
  }
  sk_str_printf(o, "<line class=\"axis-line\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", x0, y0, x1, y0);
  sk_str_printf(o, "<text class=\"axis-label x-label\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", (x0 + x1) / 2, y0 + 38.0);
  sk_str_init(&label);
  sk_report_xlabel(&label, s);
  rpt_esc(o, label.data);
  sk_str_free(&label);
  sk_str_printf(o, "%s</text>\n</g>\n<g class=\"axis y-axis\">\n", s->logx ? (s->pow2x ? " (log scale, powers of two)" : " (log scale)") : "");
  n = rpt_ticks(ay, 0, 0, t, 64);
  for (i = 0; i < n; i++) {
    double py = rpt_px(ay, t[i]);
    sk_str_printf(o, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                     "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n",
                  x0, py, x1, py, x0 - 6, py + 4, t[i]);
  }
  sk_str_printf(o, "<line class=\"axis-line\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", x0, y0, x0, y1);
  sk_str_printf(o, "<text class=\"axis-label y-label\" transform=\"translate(18,%.1f) rotate(-90)\" text-anchor=\"middle\">"
                   "time [us]%s</text>\n</g>\n", (y0 + y1) / 2, s->logy ? " (log scale)" : "");
}

/* ---- flags ---- */

/* The stable flag names of "#@ flags:" (doc/manual.md, "Flags and distributions") and
** their phrases; "%s" stands for the flag's value. warn: the point is less trustworthy. */
static const struct rpt_flag_phrase {
  const char *name, *phrase;
  int warn;
} rpt_flag_phrases[] = {
  { "refined", "added by autorefine", 0 },
  { "time_limit", "stopped by the time limit per measurement", 1 },
  { "rep_cap", "stopped at the repetition cap above the error target", 1 },
  { "clock_resolution", "within 100 clock ticks: the clock cannot resolve it", 1 },
  { "timing_overhead", "less than 3 times the timing overhead", 1 },
  { "scheduler_time", "mostly scheduler time (oversubscribed host)", 1 },
  { "discarded", "%s repetitions discarded", 1 },
  { "calls_per_timing", "%s calls per timing", 0 },
  { "interference", "disturbed by other processes", 1 },
  { "untrustworthy", "untrustworthy", 1 },
  { "barrier_starts", "repetitions began after a barrier", 1 },
  { "lost_kept", "none ran undisturbed: made of %s repetitions that include scheduler time", 1 },
  { "verified", "verified", 0 },
  { "violated", "a guideline is violated here (skampi --guidelines)", 1 },
  { "shared_processor", "ranks shared a processor while their host had one free", 1 },
  { "overlap_disturbed", "the overlap figure is not to be trusted", 1 },
  { "computation_not_simulated", "no overlap figure: the clock did not see the computation", 1 },
  { "loop_ended", "the loop ended after this point", 0 }
};
#define RPT_NFLAGS (sizeof rpt_flag_phrases / sizeof rpt_flag_phrases[0])

static void rpt_phrase(sk_str *o, const char *text, int warn, const char **sep, const char *sep_next, int html, int spans)
{
  sk_str_puts(o, *sep);
  *sep = sep_next;
  if (warn && spans) sk_str_puts(o, "<span class=\"warn\">");
  if (html) rpt_esc(o, text); else sk_str_puts(o, text);
  if (warn && spans) sk_str_puts(o, "</span>");
}

SK_API int sk_report_flag_phrases(sk_str *o, const sk_sko_line *l, const char *sep_next, int html, int spans)
{
  const char *p = l->flagset ? l->flagset : "", *sep = "";
  char value[64];
  int warnings = 0;
  size_t k;
  while (*p) {
    size_t len = strcspn(p, ","), name_len;
    const char *eq;
    sk_str text;
    int warn = 1;
    while (len > 0 && rpt_blank(*p)) { p++; len--; }
    eq = memchr(p, '=', len);
    name_len = eq ? (size_t)(eq - p) : len;
    while (name_len > 0 && rpt_blank(p[name_len - 1])) name_len--;
    sk_str_init(&text);
    for (k = 0; k < RPT_NFLAGS; k++)
      if (strlen(rpt_flag_phrases[k].name) == name_len && strncmp(p, rpt_flag_phrases[k].name, name_len) == 0) break;
    if (k < RPT_NFLAGS) {
      sk_str vs;
      sk_str_init(&vs);
      if (eq) sk_str_putn(&vs, eq + 1, len - (size_t)(eq + 1 - p));
      sk_str_putn(&vs, "", 0);
      if (strstr(rpt_flag_phrases[k].phrase, "%s")) sk_str_printf(&text, rpt_flag_phrases[k].phrase, vs.data);
      else sk_str_puts(&text, rpt_flag_phrases[k].phrase);
      sk_str_free(&vs);
      warn = rpt_flag_phrases[k].warn;
    } else if (len > 0) {
      sk_str_putn(&text, p, len);   /* a name this version does not know: as written */
    }
    if (text.len > 0) { rpt_phrase(o, text.data, warn, &sep, sep_next, html, spans); warnings += warn; }
    sk_str_free(&text);
    p += len;
    if (*p == ',') p++;
  }
  /* the older marks, when "#@ flags:" does not say them */
  if (l->refined && !sk_sko_line_flag(l, "refined", value, sizeof value))
    rpt_phrase(o, "added by autorefine", 0, &sep, sep_next, html, spans);
  if (l->limited && !sk_sko_line_flag(l, "time_limit", value, sizeof value)) {
    rpt_phrase(o, "stopped by the time limit", 1, &sep, sep_next, html, spans);
    warnings++;
  }
  if (l->invalid > 0 && !sk_sko_line_flag(l, "discarded", value, sizeof value)) {
    sprintf(value, "%d repetitions discarded", l->invalid);
    rpt_phrase(o, value, 1, &sep, sep_next, html, spans);
    warnings++;
  }
  if (l->flags && strstr(l->flags, "(interference:") && !sk_sko_line_flag(l, "interference", value, sizeof value)) {
    rpt_phrase(o, "disturbed by other processes", 1, &sep, sep_next, html, spans);
    warnings++;
  }
  if (l->flags && strstr(l->flags, "(untrustworthy:") && !sk_sko_line_flag(l, "untrustworthy", value, sizeof value)) {
    rpt_phrase(o, "untrustworthy", 1, &sep, sep_next, html, spans);
    warnings++;
  }
  return warnings;
}

static int rpt_finite(double v) { return v == v && v < HUGE_VAL && v > -HUGE_VAL; }

/* The tooltip of a point (SVG <title>: shown by the browser, no script). */
static void rpt_point_title(sk_str *o, const sk_rpt_series *r, const sk_sko_line *l)
{
  int k;
  sk_str flags;
  sk_str_puts(o, "<title>");
  rpt_esc(o, r->name);
  sk_str_puts(o, ": ");
  for (k = 0; k < l->nvars; k++) { rpt_esc(o, l->vars[k].name); sk_str_puts(o, "="); rpt_esc(o, l->vars[k].text); sk_str_puts(o, " "); }
  sk_str_printf(o, "size %ld B, %.3f us +- %.3f us, %ld repetitions", l->size, l->time_us, l->stderr_us, l->reps);
  if (l->has_dist)
    sk_str_printf(o, "; repetitions: min %.3f, Q1 %.3f, median %.3f, Q3 %.3f, max %.3f us",
                  l->dist[0], l->dist[1], l->dist[2], l->dist[3], l->dist[6]);
  if (l->oneway_us >= 0.0 && rpt_finite(l->oneway_us)) sk_str_printf(o, "; one-way %.3f us", l->oneway_us);
  if (l->mbytes_per_s >= 0.0 && rpt_finite(l->mbytes_per_s)) sk_str_printf(o, ", %.1f MB/s", l->mbytes_per_s);
  sk_str_init(&flags);
  sk_report_flag_phrases(&flags, l, "; ", 1, 0);
  if (flags.len) sk_str_printf(o, "; flags: %s", flags.data);
  sk_str_free(&flags);
  sk_str_puts(o, "</title>");
}

SK_API int sk_report_spread(const sk_rpt_series *r)
{
  size_t j;
  int dist = r->n > 0, nodes = r->n > 0;
  for (j = 0; j < r->n; j++) {
    if (!r->pts[j].line->has_dist) dist = 0;
    if (r->pts[j].line->nnode < 2) nodes = 0;
  }
  return dist ? SK_RPT_SPREAD_DIST : nodes ? SK_RPT_SPREAD_NODES : SK_RPT_SPREAD_NONE;
}

/* The legend's keys of marks (marks[k] set when the plot draws one). */
enum { RPT_KEY_PT, RPT_KEY_APR, RPT_KEY_LIMITED, RPT_KEY_INVALID, RPT_KEY_NODES, RPT_KEY_FLAGGED, RPT_KEY_DIST, RPT_NKEYS };

/* A curve's band (drawn for every curve before any line or point, so that no band
** covers a point): Q1..Q3 or the node times. */
static void rpt_band_svg(sk_str *o, const sk_rpt_series *r, const char *color, const rpt_axis *ax, const rpt_axis *ay,
                         int *marks)
{
  size_t j;
  int spread = sk_report_spread(r);
  if (spread == SK_RPT_SPREAD_NONE) return;
  sk_str_printf(o, "<polygon class=\"band%s\" fill=\"%s\" stroke=\"%s\" points=\"",
                spread == SK_RPT_SPREAD_DIST ? " band-iqr" : "", color, color);
  for (j = 0; j < r->n; j++) {
    const sk_sko_line *l = r->pts[j].line;
    double lo, hi;
    rpt_node_range(l, &lo, &hi);
    if (spread == SK_RPT_SPREAD_DIST) hi = l->dist[3];
    sk_str_printf(o, "%.1f,%.1f ", rpt_px(ax, r->pts[j].x), rpt_px(ay, hi));
  }
  for (j = r->n; j-- > 0; ) {
    const sk_sko_line *l = r->pts[j].line;
    double lo, hi;
    rpt_node_range(l, &lo, &hi);
    if (spread == SK_RPT_SPREAD_DIST) lo = l->dist[1];
    sk_str_printf(o, "%.1f,%.1f ", rpt_px(ax, r->pts[j].x), rpt_px(ay, lo));
  }
  sk_str_puts(o, "\"/>\n");
  marks[spread == SK_RPT_SPREAD_DIST ? RPT_KEY_DIST : RPT_KEY_NODES] = 1;
}

/* One curve: line, whiskers, error bars, points and their marks. A point with a warning
** flag is drawn hollow. */
static void rpt_series_svg(sk_str *o, const sk_rpt_series *r, const char *color, const rpt_axis *ax, const rpt_axis *ay,
                           int *marks)
{
  size_t j;
  int dist = sk_report_spread(r) == SK_RPT_SPREAD_DIST;
  sk_str_printf(o, "<g class=\"series\" stroke=\"%s\" fill=\"%s\">\n", color, color);
  sk_str_puts(o, "<polyline class=\"curve\" fill=\"none\" points=\"");
  for (j = 0; j < r->n; j++) sk_str_printf(o, "%.1f,%.1f ", rpt_px(ax, r->pts[j].x), rpt_px(ay, r->pts[j].line->time_us));
  sk_str_puts(o, "\"/>\n");
  for (j = 0; j < r->n; j++) {
    const sk_sko_line *l = r->pts[j].line;
    double px = rpt_px(ax, r->pts[j].x), py = rpt_px(ay, l->time_us);
    double ylo = rpt_px(ay, l->time_us - l->stderr_us), yhi = rpt_px(ay, l->time_us + l->stderr_us);
    sk_str flags;
    int flagged;
    sk_str_init(&flags);
    flagged = sk_report_flag_phrases(&flags, l, ", ", 0, 0) > 0;
    sk_str_free(&flags);
    if (dist)
      sk_str_printf(o, "<path class=\"whisker\" d=\"M%.1f %.1fV%.1fM%.1f %.1fh4M%.1f %.1fh4\"/>\n", px,
                    rpt_px(ay, l->dist[0]), rpt_px(ay, l->dist[6]), px - 2, rpt_px(ay, l->dist[0]), px - 2, rpt_px(ay, l->dist[6]));
    if (l->stderr_us > 0.0)
      sk_str_printf(o, "<path class=\"errorbar\" d=\"M%.1f %.1fV%.1fM%.1f %.1fh6M%.1f %.1fh6\"/>\n",
                    px, ylo, yhi, px - 3, ylo, px - 3, yhi);
    if (l->refined) {
      sk_str_printf(o, "<polygon class=\"pt pt-apr%s\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\">",
                    flagged ? " pt-flagged" : "", px, py - 5, px + 5, py, px, py + 5, px - 5, py);
      marks[RPT_KEY_APR] = 1;
    } else {
      sk_str_printf(o, "<circle class=\"pt%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"%s\">", flagged ? " pt-flagged" : "", px, py,
                    flagged ? "4" : "3.5");
      marks[RPT_KEY_PT] = 1;
    }
    if (flagged) marks[RPT_KEY_FLAGGED] = 1;
    rpt_point_title(o, r, l);
    sk_str_puts(o, l->refined ? "</polygon>\n" : "</circle>\n");
    if (l->limited) {
      sk_str_printf(o, "<circle class=\"mark-limited\" cx=\"%.1f\" cy=\"%.1f\" r=\"8\"/>\n", px, py);
      marks[RPT_KEY_LIMITED] = 1;
    }
    if (l->invalid > 0) {
      sk_str_printf(o, "<polygon class=\"mark-invalid\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\"/>\n",
                    px, py - 14, px + 5, py - 7, px - 5, py - 7);
      marks[RPT_KEY_INVALID] = 1;
    }
  }
  sk_str_puts(o, "</g>\n");
}

/* The legend: a row per curve, then the keys of the marks drawn (wrapped); the rows it
** takes through *rows. */
static void rpt_legend(sk_str *o, const sk_rpt_suite *s, const int *marks, int *rows)
{
  static const char *const what[RPT_NKEYS] = {
    "measured", "added by autorefine", "stopped by a time limit", "repetitions discarded",
    "band: smallest to largest node time", "hollow: flagged (see the tooltip and the table)",
    "band: Q1 to Q3 of the repetitions, whiskers: smallest to largest"
  };
  size_t i;
  int y = RPT_H + 4, k, x = RPT_ML, any = 0;
  sk_str_puts(o, "<g class=\"legend\">\n");
  for (i = 0; i < s->n; i++, y += RPT_ROW) {
    sk_str_printf(o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"3\"/>"
                     "<text class=\"legend-text\" x=\"%d\" y=\"%d\">", RPT_ML, y, RPT_ML + 24, y,
                  rpt_colors[i % RPT_NCOLORS], RPT_ML + 32, y + 4);
    rpt_esc(o, s->series[i].name);
    sk_str_puts(o, "</text>\n");
  }
  for (k = 0; k < RPT_NKEYS; k++) {
    if (!marks[k]) continue;
    any = 1;
    if (x > RPT_ML && x + 24 + 7 * (int)strlen(what[k]) > RPT_W - RPT_MR) { x = RPT_ML; y += RPT_ROW; }   /* wrap */
    if (k == RPT_KEY_PT) sk_str_printf(o, "<circle class=\"pt key\" cx=\"%d\" cy=\"%d\" r=\"3.5\"/>", x + 5, y);
    else if (k == RPT_KEY_APR) sk_str_printf(o, "<polygon class=\"pt pt-apr key\" points=\"%d,%d %d,%d %d,%d %d,%d\"/>",
                                             x + 5, y - 5, x + 10, y, x + 5, y + 5, x, y);
    else if (k == RPT_KEY_LIMITED) sk_str_printf(o, "<circle class=\"mark-limited\" cx=\"%d\" cy=\"%d\" r=\"6\"/>", x + 5, y);
    else if (k == RPT_KEY_INVALID) sk_str_printf(o, "<polygon class=\"mark-invalid\" points=\"%d,%d %d,%d %d,%d\"/>",
                                                 x + 5, y - 6, x + 10, y + 3, x, y + 3);
    else if (k == RPT_KEY_FLAGGED) sk_str_printf(o, "<circle class=\"pt pt-flagged key\" cx=\"%d\" cy=\"%d\" r=\"4\"/>", x + 5, y);
    else sk_str_printf(o, "<rect class=\"band key\" x=\"%d\" y=\"%d\" width=\"12\" height=\"8\"/>", x, y - 4);
    sk_str_printf(o, "<text class=\"legend-text\" x=\"%d\" y=\"%d\">%s</text>\n", x + 16, y + 4, what[k]);
    x += 28 + 7 * (int)strlen(what[k]);
  }
  sk_str_puts(o, "</g>\n");
  *rows = (y - RPT_H - 4) / RPT_ROW + any;
}

static void rpt_plot(sk_str *o, const sk_rpt_suite *s, size_t index)
{
  rpt_axis ax, ay;
  size_t i;
  int marks[RPT_NKEYS], rows, height;
  sk_str body;
  memset(marks, 0, sizeof marks);
  rpt_axis_init(&ax, s->logx, s->categorical ? 0.5 : s->xmin, s->categorical ? (double)s->ncats + 0.5 : s->xmax,
                RPT_ML, RPT_W - RPT_MR);
  if (s->categorical) { ax.lo = 0.5; ax.hi = (double)s->ncats + 0.5; }
  ax.zero_at = s->logx ? s->zerox : 0.0;
  rpt_axis_init(&ay, s->logy, s->ymin, s->ymax, RPT_H - RPT_MB, RPT_MT);
  sk_str_init(&body);
  rpt_axes(&body, s, &ax, &ay);
  for (i = 0; i < s->n; i++) rpt_band_svg(&body, &s->series[i], rpt_colors[i % RPT_NCOLORS], &ax, &ay, marks);
  for (i = 0; i < s->n; i++) rpt_series_svg(&body, &s->series[i], rpt_colors[i % RPT_NCOLORS], &ax, &ay, marks);
  rpt_legend(&body, s, marks, &rows);
  height = RPT_H + 12 + RPT_ROW * rows;
  sk_str_printf(o, "<svg class=\"plot\" id=\"plot-%lu\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                   "viewBox=\"0 0 %d %d\" preserveAspectRatio=\"xMinYMin meet\" role=\"img\" aria-label=\"",
                (unsigned long)index, RPT_W, height, RPT_W, height);
  rpt_esc(o, s->name);
  sk_str_puts(o, "\">\n<title>");
  rpt_esc(o, s->name);
  sk_str_puts(o, "</title>\n");
  sk_str_puts(o, body.data ? body.data : "");
  sk_str_puts(o, "</svg>\n");
  sk_str_free(&body);
}

static void rpt_table(sk_str *o, const sk_rpt_suite *s, int nfiles)
{
  size_t i, j;
  int k, labels = 0, oneway = 0, rate = 0;
  for (i = 1; i < s->n; i++) if (!sk_streq(s->series[i].label, s->series[0].label)) labels = 1;
  for (i = 0; i < s->n; i++)
    for (j = 0; j < s->series[i].n; j++) {
      if (s->series[i].pts[j].line->oneway_us >= 0.0) oneway = 1;
      if (s->series[i].pts[j].line->mbytes_per_s >= 0.0) rate = 1;
    }
  sk_str_printf(o, "<div class=\"table\"><table class=\"results\">\n<thead><tr>%s%s<th>loop variables</th><th>size [bytes]</th>"
                   "<th>time [us]</th><th>std. error [us]</th>%s%s<th>repetitions</th><th>node times [us]</th>"
                   "<th>notes</th></tr></thead>\n<tbody>\n",
                nfiles > 1 ? "<th>file</th>" : "", labels ? "<th>measurement</th>" : "",
                oneway ? "<th>one-way latency [us]</th>" : "", rate ? "<th>bandwidth [MB/s]</th>" : "");
  for (i = 0; i < s->n; i++)
    for (j = 0; j < s->series[i].n; j++) {
      const sk_sko_line *l = s->series[i].pts[j].line;
      double lo, hi;
      sk_str_puts(o, "<tr>");
      if (nfiles > 1) { sk_str_printf(o, "<td>%d</td>", s->series[i].file + 1); }
      if (labels) { sk_str_puts(o, "<td>"); rpt_esc(o, l->label); sk_str_puts(o, "</td>"); }
      sk_str_puts(o, "<td>");
      for (k = 0; k < l->nvars; k++) { rpt_esc(o, l->vars[k].name); sk_str_puts(o, "="); rpt_esc(o, l->vars[k].text); sk_str_puts(o, " "); }
      sk_str_printf(o, "</td><td class=\"num\">%ld</td><td class=\"num\">%.3f</td><td class=\"num\">%.3f</td>",
                    l->size, l->time_us, l->stderr_us);
      if (oneway) {
        if (l->oneway_us >= 0.0 && rpt_finite(l->oneway_us)) sk_str_printf(o, "<td class=\"num\">%.3f</td>", l->oneway_us);
        else sk_str_puts(o, "<td class=\"num\">&ndash;</td>");
      }
      if (rate) {
        if (l->mbytes_per_s >= 0.0 && rpt_finite(l->mbytes_per_s)) sk_str_printf(o, "<td class=\"num\">%.1f</td>", l->mbytes_per_s);
        else sk_str_puts(o, "<td class=\"num\">&ndash;</td>");
      }
      sk_str_printf(o, "<td class=\"num\">%ld</td><td class=\"num\">", l->reps);
      rpt_node_range(l, &lo, &hi);
      if (l->nnode == 1) sk_str_printf(o, "%.3f", lo);
      else if (l->nnode > 1) sk_str_printf(o, "%.3f &ndash; %.3f", lo, hi);
      sk_str_puts(o, "</td><td class=\"notes\">");
      sk_report_flag_phrases(o, l, "; ", 1, 1);
      sk_str_puts(o, "</td></tr>\n");
    }
  sk_str_puts(o, "</tbody>\n</table></div>\n");
}

/* The style sheet, in pieces (C89 compilers need support string literals of 509 characters only). */
static const char *const rpt_style[] = {
  "body{font-family:sans-serif;margin:2em;color:#222;max-width:64em}",
  "table{border-collapse:collapse;margin:0.5em 0 1.5em}td,th{border:1px solid #ccc;padding:2px 8px;font-size:90%}",
  "td.num{text-align:right;font-family:monospace;white-space:nowrap}th{background:#eee}div.table{max-width:100%;overflow-x:auto}",
  "table.header{table-layout:fixed;width:100%}table.header td{overflow-wrap:anywhere;vertical-align:top}",
  "table.header td:first-child,table.header th:first-child{font-weight:bold;width:14em}",
  "svg.plot{display:block;background:#fff;width:100%;max-width:760px;height:auto}svg .frame{fill:none;stroke:#888}",
  "svg .grid{stroke:#e4e4e4}svg .axis-line{stroke:#444}svg .tick,svg .legend-text{font-size:12px;fill:#333;stroke:none}",
  "svg .axis-label{font-size:13px;fill:#111;stroke:none}",
  "svg .band{fill-opacity:0.12;stroke-opacity:0.45;stroke-width:0.8;stroke-dasharray:4 3}",
  "svg .curve{stroke-width:1.5}svg .errorbar{stroke-width:1;fill:none}svg .whisker{stroke-width:0.8;stroke-opacity:0.6;fill:none}",
  "svg .pt{stroke:#fff;stroke-width:0.8}svg .key{fill:#555}svg rect.band.key{fill:#555;stroke:#555}",
  "svg .pt-apr{stroke:#000;stroke-width:0.8}svg .pt.pt-flagged{fill:#fff;stroke:inherit;stroke-width:1.8}",
  "svg .pt-flagged.key{fill:#fff;stroke:#555}",
  "svg .mark-limited{fill:none;stroke:#c00;stroke-width:1.5}svg .mark-invalid{fill:#f90;stroke:none}",
  ".warn{color:#b00}pre.notes{font-size:85%;background:#f6f6f6;padding:0.5em;overflow-x:auto;white-space:pre-wrap}",
  NULL
};

/* The run headers as one table: a row per header field, a column per input. */
static void rpt_headers(sk_str *o, const sk_sko_file *files, int nfiles)
{
  int f, g, seen;
  size_t i, j;
  sk_str_puts(o, "<section class=\"runs\" id=\"runs\">\n<h2>Runs</h2>\n<table class=\"header\">\n<thead><tr><th></th>");
  for (f = 0; f < nfiles; f++) { sk_str_printf(o, "<th>run %d: ", f + 1); rpt_esc(o, files[f].path); sk_str_puts(o, "</th>"); }
  sk_str_puts(o, "</tr></thead>\n<tbody>\n");
  for (f = 0; f < nfiles; f++)
    for (i = 0; i < files[f].nfields; i++) {
      const char *key = files[f].fields[i].key;
      for (seen = 0, g = 0; g <= f && !seen; g++)
        for (j = 0; j < (g == f ? i : files[g].nfields); j++) if (sk_streq(files[g].fields[j].key, key)) { seen = 1; break; }
      if (seen) continue;
      sk_str_puts(o, "<tr><td>");
      rpt_esc(o, key);
      sk_str_puts(o, "</td>");
      for (g = 0; g < nfiles; g++) {
        const char *sep = "";
        sk_str_puts(o, "<td>");
        for (j = 0; j < files[g].nfields; j++)
          if (sk_streq(files[g].fields[j].key, key)) { sk_str_puts(o, sep); rpt_esc(o, files[g].fields[j].value); sep = "<br>"; }
        sk_str_puts(o, "</td>");
      }
      sk_str_puts(o, "</tr>\n");
    }
  sk_str_puts(o, "</tbody>\n</table>\n</section>\n");
}

SK_API void sk_report_style(sk_str *o)
{
  size_t i;
  for (i = 0; rpt_style[i] != NULL; i++) sk_str_puts(o, rpt_style[i]);
}

SK_API void sk_report_escape(sk_str *o, const char *text) { rpt_esc(o, text); }

SK_API void sk_report_plot(sk_str *o, sk_rpt_suite *s, size_t index)
{
  rpt_ranges(s);
  rpt_plot(o, s, index);
}

SK_API void sk_report_html(sk_str *o, const sk_sko_file *files, int nfiles, char *const *labels)
{
  sk_rpt_suite *suites;
  size_t n, i, j;
  int f;
  sk_report_model(files, nfiles, labels, &suites, &n);
  sk_str_puts(o, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                "<title>skampi report</title>\n<style>");
  sk_report_style(o);
  sk_str_printf(o, "</style>\n</head>\n<body>\n<h1>skampi report</h1>\n"
                   "<p class=\"generated\">made by skampi %s from ", SKAMPI_VERSION);
  for (f = 0; f < nfiles; f++) { sk_str_puts(o, f ? ", " : ""); rpt_esc(o, files[f].path); }
  sk_str_puts(o, "; the plots first, then <a href=\"#index\">the suites' index</a> and <a href=\"#runs\">the runs' "
                "headers</a></p>\n");
  for (i = 0; i < n; i++) {
    sk_str_printf(o, "<section class=\"suite\" id=\"suite-%lu\">\n<h2>%lu. ", (unsigned long)i + 1, (unsigned long)i + 1);
    rpt_esc(o, suites[i].name);
    sk_str_puts(o, "</h2>\n");
    if (suites[i].suite_limited) sk_str_puts(o, "<p class=\"warn\">stopped by the time limit per suite</p>\n");
    rpt_plot(o, &suites[i], i + 1);
    rpt_table(o, &suites[i], nfiles);
    for (f = 0; f < nfiles; f++) {
      const sk_sko_block *b = suites[i].blocks[f];
      if (b == NULL || b->notes.len + b->notes_before.len == 0) continue;
      sk_str_puts(o, "<pre class=\"notes\">");
      if (b->notes_before.len) rpt_esc(o, b->notes_before.data);
      if (b->notes.len) rpt_esc(o, b->notes.data);
      sk_str_puts(o, "</pre>\n");
    }
    sk_str_puts(o, "</section>\n");
  }
  sk_str_puts(o, "<nav class=\"index\" id=\"index\">\n<h2>Suites</h2>\n<ol>\n");
  for (i = 0; i < n; i++) {
    size_t points = 0;
    for (j = 0; j < suites[i].n; j++) points += suites[i].series[j].n;
    sk_str_printf(o, "<li><a href=\"#suite-%lu\">", (unsigned long)i + 1);
    rpt_esc(o, suites[i].name);
    sk_str_printf(o, "</a> (%lu lines)</li>\n", (unsigned long)points);
  }
  sk_str_puts(o, "</ol>\n</nav>\n");
  rpt_headers(o, files, nfiles);   /* the runs' headers last: the plots open the report */
  sk_str_puts(o, "</body>\n</html>\n");
  sk_report_model_free(suites, n);
}
