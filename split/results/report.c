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

/* Legend names: only the parts that tell the curves apart. */
static void rpt_name_series(sk_rpt_suite *s, const sk_sko_file *files, int nfiles)
{
  size_t i, j;
  int labels = 0, outers = 0;
  for (i = 0; i < s->n; i++)
    for (j = 0; j < i; j++) {
      if (!sk_streq(s->series[i].label, s->series[j].label)) labels = 1;
      if (!sk_streq(s->series[i].outer, s->series[j].outer)) outers = 1;
    }
  for (i = 0; i < s->n; i++) {
    sk_rpt_series *r = &s->series[i];
    sk_str n;
    sk_str_init(&n);
    if (nfiles > 1) sk_str_printf(&n, "%s", rpt_basename(files[r->file].path));
    if (labels || (r->label[0] && nfiles == 1 && !outers)) sk_str_printf(&n, "%s%s", n.len ? ", " : "", r->label);
    if (outers) sk_str_printf(&n, "%s%s", n.len ? ", " : "", r->outer);
    if (n.len == 0) sk_str_puts(&n, "time");
    while (n.len > 0 && n.data[n.len - 1] == ' ') n.data[--n.len] = '\0';
    r->name = n.data;
  }
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
  for (i = 0; i < s->n; i++) {
    sk_rpt_series *r = &s->series[i];
    qsort(r->pts, r->n, sizeof(sk_rpt_point), rpt_cmp_point);
    for (j = 0; j < r->n; j++) {
      const sk_sko_line *l = r->pts[j].line;
      double x = r->pts[j].x, lo = l->time_us - l->stderr_us, hi = l->time_us + l->stderr_us, nlo, nhi;
      rpt_node_range(l, &nlo, &nhi);
      if (nlo < lo) lo = nlo;
      if (nhi > hi) hi = nhi;
      if (x < s->xmin) s->xmin = x;
      if (x > s->xmax) s->xmax = x;
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
  s->logy = positive && tmax / tmin > 20.0;
  if (!s->logy && s->ymin > 0.0) s->ymin = 0.0;     /* linear time axis from 0 */
  geometric = !s->categorical && s->xmin > 0.0 && s->xmax / s->xmin >= 16.0;
  s->logx = geometric;
  s->pow2x = geometric && integers;
}

SK_API void sk_report_model(const sk_sko_file *files, int nfiles, sk_rpt_suite **suites, size_t *nsuites)
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
    rpt_name_series(s, files, nfiles);
    rpt_ranges(s);
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
} rpt_axis;

static double rpt_t(const rpt_axis *a, double v)
{
  if (a->log) return log10(v > 0.0 ? v : a->lo);
  return v;
}

/* A pixel position, always finite and on the axis (a guard: the reader refuses
** non-finite and huge values, but nothing drawn may ever read nan or inf). */
static double rpt_px(const rpt_axis *a, double v)
{
  double t = rpt_t(a, v), t0 = rpt_t(a, a->lo), t1 = rpt_t(a, a->hi), px;
  double least = a->from < a->to ? a->from : a->to, most = a->from < a->to ? a->to : a->from;
  if (v < a->lo) t = t0;
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
}

/* "1", "512", "4K", "16M", "1G": a power of two. */
static void rpt_pow2_label(sk_str *out, double v)
{
  static const char *const units[] = { "", "K", "M", "G", "T" };
  int u = 0;
  while (v >= 1024.0 && u < 4 && fmod(v, 1024.0) == 0.0) { v /= 1024.0; u++; }
  sk_str_printf(out, "%.0f%s", v, units[u]);
}

/* The tick values of an axis (at most about 12). pow2: powers of two. */
static size_t rpt_ticks(const rpt_axis *a, int pow2, double *t, size_t max)
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
    double raw = (a->hi - a->lo) / 6.0, mag = pow(10.0, floor(log10(raw))), step = mag, v;
    if (raw > 5.0 * mag) step = 10.0 * mag; else if (raw > 2.0 * mag) step = 5.0 * mag; else if (raw > mag) step = 2.0 * mag;
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

static void rpt_axes(sk_str *o, const sk_rpt_suite *s, const rpt_axis *ax, const rpt_axis *ay)
{
  double t[64];
  size_t n, i;
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
    n = rpt_ticks(ax, s->pow2x, t, 64);
    for (i = 0; i < n; i++) {
      double px = rpt_px(ax, t[i]);
      sk_str_printf(o, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                       "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", px, y0, px, y1, px, y0 + 16);
      if (s->pow2x) rpt_pow2_label(o, t[i]); else sk_str_printf(o, "%g", t[i]);
      sk_str_puts(o, "</text>\n");
    }
  }
  sk_str_printf(o, "<line class=\"axis-line\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", x0, y0, x1, y0);
  sk_str_printf(o, "<text class=\"axis-label x-label\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", (x0 + x1) / 2, y0 + 38.0);
  rpt_esc(o, s->xname[0] ? s->xname : "measurement");
  sk_str_printf(o, "%s</text>\n</g>\n<g class=\"axis y-axis\">\n", s->logx ? (s->pow2x ? " (log scale, powers of two)" : " (log scale)") : "");
  n = rpt_ticks(ay, 0, t, 64);
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

/* The tooltip of a point (SVG <title>: shown by the browser, no script). */
static void rpt_point_title(sk_str *o, const sk_rpt_series *r, const sk_sko_line *l)
{
  int k;
  sk_str_puts(o, "<title>");
  rpt_esc(o, r->name);
  sk_str_puts(o, ": ");
  for (k = 0; k < l->nvars; k++) { rpt_esc(o, l->vars[k].name); sk_str_puts(o, "="); rpt_esc(o, l->vars[k].text); sk_str_puts(o, " "); }
  sk_str_printf(o, "size %ld B, %.3f us +- %.3f us, %ld repetitions%s%s", l->size, l->time_us, l->stderr_us, l->reps,
                l->refined ? ", added by autorefine" : "", l->limited ? ", stopped by the time limit" : "");
  if (l->invalid > 0) sk_str_printf(o, ", %d repetitions discarded", l->invalid);
  sk_str_puts(o, "</title>");
}

/* One curve: node-time band, line, error bars, points and their marks. */
static void rpt_series_svg(sk_str *o, const sk_rpt_series *r, const char *color, const rpt_axis *ax, const rpt_axis *ay,
                           int *marks)
{
  size_t j;
  int band = 1;
  for (j = 0; j < r->n; j++) if (r->pts[j].line->nnode < 2) band = 0;
  sk_str_printf(o, "<g class=\"series\" stroke=\"%s\" fill=\"%s\">\n", color, color);
  if (band && r->n > 0) {
    sk_str_puts(o, "<polygon class=\"band\" points=\"");
    for (j = 0; j < r->n; j++) {
      double lo, hi;
      rpt_node_range(r->pts[j].line, &lo, &hi);
      sk_str_printf(o, "%.1f,%.1f ", rpt_px(ax, r->pts[j].x), rpt_px(ay, hi));
    }
    for (j = r->n; j-- > 0; ) {
      double lo, hi;
      rpt_node_range(r->pts[j].line, &lo, &hi);
      sk_str_printf(o, "%.1f,%.1f ", rpt_px(ax, r->pts[j].x), rpt_px(ay, lo));
    }
    sk_str_puts(o, "\"/>\n");
    marks[4] = 1;
  }
  sk_str_puts(o, "<polyline class=\"curve\" fill=\"none\" points=\"");
  for (j = 0; j < r->n; j++) sk_str_printf(o, "%.1f,%.1f ", rpt_px(ax, r->pts[j].x), rpt_px(ay, r->pts[j].line->time_us));
  sk_str_puts(o, "\"/>\n");
  for (j = 0; j < r->n; j++) {
    const sk_sko_line *l = r->pts[j].line;
    double px = rpt_px(ax, r->pts[j].x), py = rpt_px(ay, l->time_us);
    double ylo = rpt_px(ay, l->time_us - l->stderr_us), yhi = rpt_px(ay, l->time_us + l->stderr_us);
    if (l->stderr_us > 0.0)
      sk_str_printf(o, "<path class=\"errorbar\" d=\"M%.1f %.1fV%.1fM%.1f %.1fh6M%.1f %.1fh6\"/>\n",
                    px, ylo, yhi, px - 3, ylo, px - 3, yhi);
    if (l->refined) {
      sk_str_printf(o, "<polygon class=\"pt pt-apr\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\">",
                    px, py - 5, px + 5, py, px, py + 5, px - 5, py);
      marks[1] = 1;
    } else {
      sk_str_printf(o, "<circle class=\"pt\" cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\">", px, py);
      marks[0] = 1;
    }
    rpt_point_title(o, r, l);
    sk_str_puts(o, r->pts[j].line->refined ? "</polygon>\n" : "</circle>\n");
    if (l->limited) {
      sk_str_printf(o, "<circle class=\"mark-limited\" cx=\"%.1f\" cy=\"%.1f\" r=\"8\"/>\n", px, py);
      marks[2] = 1;
    }
    if (l->invalid > 0) {
      sk_str_printf(o, "<polygon class=\"mark-invalid\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\"/>\n",
                    px, py - 14, px + 5, py - 7, px - 5, py - 7);
      marks[3] = 1;
    }
  }
  sk_str_puts(o, "</g>\n");
}

static void rpt_legend(sk_str *o, const sk_rpt_suite *s, const int *marks)
{
  static const char *const what[] = { "measured", "added by autorefine", "stopped by a time limit",
                                      "repetitions discarded", "band: smallest to largest node time" };
  size_t i;
  int y = RPT_H + 4, k, x = RPT_ML;
  sk_str_puts(o, "<g class=\"legend\">\n");
  for (i = 0; i < s->n; i++, y += RPT_ROW) {
    sk_str_printf(o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"3\"/>"
                     "<text class=\"legend-text\" x=\"%d\" y=\"%d\">", RPT_ML, y, RPT_ML + 24, y,
                  rpt_colors[i % RPT_NCOLORS], RPT_ML + 32, y + 4);
    rpt_esc(o, s->series[i].name);
    sk_str_puts(o, "</text>\n");
  }
  for (k = 0; k < 5; k++) {
    if (!marks[k]) continue;
    if (x + 24 + 7 * (int)strlen(what[k]) > RPT_W - RPT_MR) { x = RPT_ML; y += RPT_ROW; }   /* wrap */
    if (k == 0) sk_str_printf(o, "<circle class=\"pt key\" cx=\"%d\" cy=\"%d\" r=\"3.5\"/>", x + 5, y);
    else if (k == 1) sk_str_printf(o, "<polygon class=\"pt pt-apr key\" points=\"%d,%d %d,%d %d,%d %d,%d\"/>",
                                   x + 5, y - 5, x + 10, y, x + 5, y + 5, x, y);
    else if (k == 2) sk_str_printf(o, "<circle class=\"mark-limited\" cx=\"%d\" cy=\"%d\" r=\"6\"/>", x + 5, y);
    else if (k == 3) sk_str_printf(o, "<polygon class=\"mark-invalid\" points=\"%d,%d %d,%d %d,%d\"/>",
                                   x + 5, y - 6, x + 10, y + 3, x, y + 3);
    else sk_str_printf(o, "<rect class=\"band key\" x=\"%d\" y=\"%d\" width=\"12\" height=\"8\"/>", x, y - 4);
    sk_str_printf(o, "<text class=\"legend-text\" x=\"%d\" y=\"%d\">%s</text>\n", x + 16, y + 4, what[k]);
    x += 28 + 7 * (int)strlen(what[k]);
  }
  sk_str_puts(o, "</g>\n");
}

static void rpt_plot(sk_str *o, const sk_rpt_suite *s, size_t index)
{
  rpt_axis ax, ay;
  size_t i;
  int marks[5] = { 0, 0, 0, 0, 0 };
  int height = RPT_H + 12 + RPT_ROW * (int)(s->n + 2);   /* legend: a row per curve, two for the marks */
  rpt_axis_init(&ax, s->logx, s->categorical ? 0.5 : s->xmin, s->categorical ? (double)s->ncats + 0.5 : s->xmax,
                RPT_ML, RPT_W - RPT_MR);
  if (s->categorical) { ax.lo = 0.5; ax.hi = (double)s->ncats + 0.5; }
  rpt_axis_init(&ay, s->logy, s->ymin, s->ymax, RPT_H - RPT_MB, RPT_MT);
  sk_str_printf(o, "<svg class=\"plot\" id=\"plot-%lu\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                   "viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"", (unsigned long)index, RPT_W, height, RPT_W, height);
  rpt_esc(o, s->name);
  sk_str_puts(o, "\">\n<title>");
  rpt_esc(o, s->name);
  sk_str_puts(o, "</title>\n");
  rpt_axes(o, s, &ax, &ay);
  for (i = 0; i < s->n; i++) rpt_series_svg(o, &s->series[i], rpt_colors[i % RPT_NCOLORS], &ax, &ay, marks);
  rpt_legend(o, s, marks);
  sk_str_puts(o, "</svg>\n");
}

static void rpt_table(sk_str *o, const sk_rpt_suite *s, int nfiles)
{
  size_t i, j;
  int k, labels = 0;
  for (i = 1; i < s->n; i++) if (!sk_streq(s->series[i].label, s->series[0].label)) labels = 1;
  sk_str_printf(o, "<table class=\"results\">\n<thead><tr>%s%s<th>loop variables</th><th>size [bytes]</th>"
                   "<th>time [us]</th><th>std. error [us]</th><th>repetitions</th><th>node times [us]</th>"
                   "<th>notes</th></tr></thead>\n<tbody>\n",
                nfiles > 1 ? "<th>file</th>" : "", labels ? "<th>measurement</th>" : "");
  for (i = 0; i < s->n; i++)
    for (j = 0; j < s->series[i].n; j++) {
      const sk_sko_line *l = s->series[i].pts[j].line;
      double lo, hi;
      sk_str_puts(o, "<tr>");
      if (nfiles > 1) { sk_str_printf(o, "<td>%d</td>", s->series[i].file + 1); }
      if (labels) { sk_str_puts(o, "<td>"); rpt_esc(o, l->label); sk_str_puts(o, "</td>"); }
      sk_str_puts(o, "<td>");
      for (k = 0; k < l->nvars; k++) { rpt_esc(o, l->vars[k].name); sk_str_puts(o, "="); rpt_esc(o, l->vars[k].text); sk_str_puts(o, " "); }
      sk_str_printf(o, "</td><td class=\"num\">%ld</td><td class=\"num\">%.3f</td><td class=\"num\">%.3f</td>"
                       "<td class=\"num\">%ld</td><td class=\"num\">", l->size, l->time_us, l->stderr_us, l->reps);
      rpt_node_range(l, &lo, &hi);
      if (l->nnode == 1) sk_str_printf(o, "%.3f", lo);
      else if (l->nnode > 1) sk_str_printf(o, "%.3f &ndash; %.3f", lo, hi);
      sk_str_puts(o, "</td><td>");
      if (l->refined) sk_str_puts(o, "added by autorefine ");
      if (l->limited) sk_str_puts(o, "<span class=\"warn\">stopped by the time limit</span> ");
      if (l->invalid > 0) sk_str_printf(o, "<span class=\"warn\">%d repetitions discarded</span>", l->invalid);
      sk_str_puts(o, "</td></tr>\n");
    }
  sk_str_puts(o, "</tbody>\n</table>\n");
}

/* The style sheet, in pieces (C89 compilers need support string literals of 509 characters only). */
static const char *const rpt_style[] = {
  "body{font-family:sans-serif;margin:2em;color:#222;max-width:64em}",
  "table{border-collapse:collapse;margin:0.5em 0 1.5em}td,th{border:1px solid #ccc;padding:2px 8px;font-size:90%}",
  "td.num{text-align:right;font-family:monospace}th{background:#eee}",
  "table.header{table-layout:fixed;width:100%}table.header td{overflow-wrap:anywhere;vertical-align:top}",
  "table.header td:first-child,table.header th:first-child{font-weight:bold;width:14em}",
  "svg.plot{display:block;background:#fff}svg .frame{fill:none;stroke:#888}",
  "svg .grid{stroke:#e4e4e4}svg .axis-line{stroke:#444}svg .tick,svg .legend-text{font-size:12px;fill:#333;stroke:none}",
  "svg .axis-label{font-size:13px;fill:#111;stroke:none}svg .band{fill-opacity:0.15;stroke:none}",
  "svg .curve{stroke-width:1.5}svg .errorbar{stroke-width:1;fill:none}",
  "svg .pt{stroke:#fff;stroke-width:0.8}svg .key{fill:#555}svg rect.band.key{fill:#555}",
  "svg .pt-apr{stroke:#000;stroke-width:0.8}",
  "svg .mark-limited{fill:none;stroke:#c00;stroke-width:1.5}svg .mark-invalid{fill:#f90;stroke:none}",
  ".warn{color:#b00}pre.notes{font-size:85%;background:#f6f6f6;padding:0.5em}",
  NULL
};

/* The run headers as one table: a row per header field, a column per input. */
static void rpt_headers(sk_str *o, const sk_sko_file *files, int nfiles)
{
  int f, g, seen;
  size_t i, j;
  sk_str_puts(o, "<section class=\"runs\">\n<h2>Runs</h2>\n<table class=\"header\">\n<thead><tr><th></th>");
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

SK_API void sk_report_html(sk_str *o, const sk_sko_file *files, int nfiles)
{
  sk_rpt_suite *suites;
  size_t n, i, j;
  int f;
  sk_report_model(files, nfiles, &suites, &n);
  sk_str_puts(o, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                "<title>skampi report</title>\n<style>");
  for (i = 0; rpt_style[i] != NULL; i++) sk_str_puts(o, rpt_style[i]);
  sk_str_printf(o, "</style>\n</head>\n<body>\n<h1>skampi report</h1>\n"
                   "<p class=\"generated\">made by skampi %s from ", SKAMPI_VERSION);
  for (f = 0; f < nfiles; f++) { sk_str_puts(o, f ? ", " : ""); rpt_esc(o, files[f].path); }
  sk_str_puts(o, "</p>\n");
  rpt_headers(o, files, nfiles);
  sk_str_puts(o, "<nav class=\"index\">\n<h2>Suites</h2>\n<ol>\n");
  for (i = 0; i < n; i++) {
    size_t points = 0;
    for (j = 0; j < suites[i].n; j++) points += suites[i].series[j].n;
    sk_str_printf(o, "<li><a href=\"#suite-%lu\">", (unsigned long)i + 1);
    rpt_esc(o, suites[i].name);
    sk_str_printf(o, "</a> (%lu lines)</li>\n", (unsigned long)points);
  }
  sk_str_puts(o, "</ol>\n</nav>\n");
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
  sk_str_puts(o, "</body>\n</html>\n");
  sk_report_model_free(suites, n);
}
