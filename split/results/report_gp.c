/*
** report_gp.c -- the gnuplot form of the report (skampi -r OUT.gp IN.sko ...; report.h):
** per suite one script OUT-K.gp with the data inline (gnuplot 5 data blocks, so the
** script needs no other file) that draws the same plot as the HTML report -- log axes
** for geometric loops (a sweep from 0 bytes: 0 drawn one tick step left of the smallest
** size), powers of two on integer ones, integer ticks on other integer
** axes, the message size in bytes on x when the loop variable is one, error bars of one
** standard error, the Q1..Q3 band and min..max whiskers of the repetitions (or the
** node-time band), key entries for points added by autorefine and for flagged points
** only when there are such points, a fixed x range around a suite of one x value --
** into OUT-K.svg; OUT.gp loads them all. The terminal is gnuplot's variable `term`:
** svg (default), png or pdf (`gnuplot -e 'term="png"' OUT.gp` writes OUT-K.png). The
** scripts name their files without a directory: run them where they are
** (`cd DIR && gnuplot OUT.gp`).
*/
#include "report.h"

static void gp_quote(sk_str *o, const char *text)
{
  const char *p;
  sk_str_putc(o, '"');
  for (p = text; *p; p++) { if (*p == '"' || *p == '\\') sk_str_putc(o, '\\'); sk_str_putc(o, *p); }
  sk_str_putc(o, '"');
}

static int gp_flagged(const sk_sko_line *l)
{
  sk_str t;
  int warnings;
  sk_str_init(&t);
  warnings = sk_report_flag_phrases(&t, l, ",", 0, 0);
  sk_str_free(&t);
  return warnings > 0;
}

/* $dK_S: x, time, error, band low, band high, refined, flagged, whisker low, whisker
** high (one block per series); the 0-byte point at zerox when that is above 0. */
static void gp_data(sk_str *o, const sk_rpt_series *r, size_t k, size_t si, double zerox)
{
  size_t j;
  int n, spread = sk_report_spread(r);
  sk_str_printf(o, "$d%lu_%lu << EOD\n", (unsigned long)k, (unsigned long)si);
  for (j = 0; j < r->n; j++) {
    const sk_sko_line *l = r->pts[j].line;
    double lo = l->time_us, hi = l->time_us, wlo = l->time_us, whi = l->time_us;
    for (n = 0; n < l->nnode; n++) {
      if (l->node_us[n] < lo) lo = l->node_us[n];
      if (l->node_us[n] > hi) hi = l->node_us[n];
    }
    if (spread == SK_RPT_SPREAD_DIST) { lo = l->dist[1]; hi = l->dist[3]; wlo = l->dist[0]; whi = l->dist[6]; }
    sk_str_printf(o, "%.10g %.3f %.3f %.3f %.3f %d %d %.3f %.3f\n", r->pts[j].x == 0.0 && zerox > 0.0 ? zerox : r->pts[j].x,
                  l->time_us, l->stderr_us, lo, hi,
                  l->refined, gp_flagged(l), wlo, whi);
  }
  sk_str_puts(o, "EOD\n");
}

/* The terminal and output file by the variable term. */
static void gp_terminal(sk_str *o, const char *base, size_t k)
{
  sk_str_printf(o, "if (!exists(\"term\")) term = \"svg\"\n"
                   "if (term eq \"png\") {\n  set terminal pngcairo size 1000,640 noenhanced\n  set output \"%s-%lu.png\"\n"
                   "} else {\n  if (term eq \"pdf\") {\n    set terminal pdfcairo size 8in,5in noenhanced\n"
                   "    set output \"%s-%lu.pdf\"\n  } else {\n    set terminal svg size 800,500 dynamic noenhanced\n"
                   "    set output \"%s-%lu.svg\"\n  }\n}\n",
                base, (unsigned long)k, base, (unsigned long)k, base, (unsigned long)k);
}

/* A suite whose points share one x (or one y) would give gnuplot an empty range. */
static void gp_ranges(sk_str *o, const sk_rpt_suite *s)
{
  if (!s->categorical && s->xmin == s->xmax) {
    double x = s->xmin;
    if (s->logx && x > 0.0) sk_str_printf(o, "set xrange [%.10g:%.10g]\n", x / 2.0, x * 2.0);
    else sk_str_printf(o, "set xrange [%.10g:%.10g]\n", x - (x != 0.0 ? fabs(x) * 0.5 : 1.0), x + (x != 0.0 ? fabs(x) * 0.5 : 1.0));
  }
  if (s->ymin == s->ymax) {
    double y = s->ymin;
    if (y > 0.0) sk_str_printf(o, "set yrange [%.10g:%.10g]\n", s->logy ? y / 2.0 : 0.0, y * 2.0);
    else sk_str_puts(o, "set yrange [-1:1]\n");
  }
}

static void gp_suite(sk_str *o, const char *base, const sk_rpt_suite *s, size_t k)
{
  size_t i, j;
  int refined = -1, flagged = -1;
  sk_str label;
  for (i = s->n; i-- > 0; )
    for (j = 0; j < s->series[i].n; j++) {
      if (s->series[i].pts[j].line->refined) refined = (int)i;
      if (gp_flagged(s->series[i].pts[j].line)) flagged = (int)i;
    }
  sk_str_puts(o, "# skampi report: suite ");
  gp_quote(o, s->name);
  sk_str_puts(o, "\n# terminal: gnuplot -e 'term=\"png\"' (or \"pdf\"; \"svg\" by default)\n");
  gp_terminal(o, base, k);
  sk_str_puts(o, "set title ");
  gp_quote(o, s->name);
  sk_str_puts(o, " noenhanced\nset xlabel ");
  sk_str_init(&label);
  sk_report_xlabel(&label, s);
  gp_quote(o, label.data);
  sk_str_free(&label);
  sk_str_puts(o, " noenhanced\nset ylabel \"time [us]\"\nset key outside bottom center noenhanced\nset grid\n");
  if (s->logx) sk_str_printf(o, "set logscale x %d\n", s->pow2x ? 2 : 10);
  if (s->logx && s->zerox > 0.0)   /* as the HTML report: 0 bytes one tick step left of the smallest size */
    sk_str_printf(o, "# the 0-byte point is drawn at x = %.10g, one tick step left of the smallest size %.10g, "
                     "and labelled 0\nset xtics %.10g, %.10g\nset xtics add (\"0\" %.10g)\nset xrange [%.10g:%.10g]\n",
                  s->zerox, s->xfirst, s->xfirst, s->xfirst / s->zerox, s->zerox, s->zerox / 1.25, s->xmax * 1.25);
  if (s->logy) sk_str_puts(o, "set logscale y 10\n");
  if (s->categorical) {
    sk_str_puts(o, "set xtics (");
    for (i = 0; i < s->ncats; i++) { sk_str_puts(o, i ? ", " : ""); gp_quote(o, s->cats[i]); sk_str_printf(o, " %lu", (unsigned long)i + 1); }
    sk_str_printf(o, ")\nset xrange [0.5:%lu.5]\n", (unsigned long)s->ncats);
  } else if (s->intx && !s->logx) {
    sk_str_printf(o, "set xtics %.10g\nset format x \"%%.0f\"\n", sk_report_tick_step(s->xmin, s->xmax, 1));
  }
  gp_ranges(o, s);
  for (i = 0; i < s->n; i++) gp_data(o, &s->series[i], k, i, s->logx ? s->zerox : 0.0);
  sk_str_puts(o, "plot \\\n");
  for (i = 0; i < s->n; i++) {
    const char *sep = i + 1 < s->n ? ", \\\n" : "\n";
    int color = (int)(i % 8) + 1, spread = sk_report_spread(&s->series[i]);
    if (spread != SK_RPT_SPREAD_NONE)
      sk_str_printf(o, "  $d%lu_%lu using 1:4:5 with filledcurves fs transparent solid 0.15 lc %d notitle, \\\n",
                    (unsigned long)k, (unsigned long)i, color);
    if (spread == SK_RPT_SPREAD_DIST)
      sk_str_printf(o, "  $d%lu_%lu using 1:2:8:9 with yerrorbars lc %d lw 0.5 pt 0 notitle, \\\n",
                    (unsigned long)k, (unsigned long)i, color);
    sk_str_printf(o, "  $d%lu_%lu using 1:2:3 with yerrorlines lc %d pt 7 title ", (unsigned long)k, (unsigned long)i, color);
    gp_quote(o, s->series[i].name);
    if (refined >= 0)
      sk_str_printf(o, ", \\\n  $d%lu_%lu using 1:($6 > 0 ? $2 : 1/0) with points lc %d pt 12 ps 1.5 %s",
                    (unsigned long)k, (unsigned long)i, color, (int)i == refined ? "title \"added by autorefine\"" : "notitle");
    if (flagged >= 0)
      sk_str_printf(o, ", \\\n  $d%lu_%lu using 1:($7 > 0 ? $2 : 1/0) with points lc rgb \"white\" pt 7 ps 1.1 notitle"
                       ", \\\n  $d%lu_%lu using 1:($7 > 0 ? $2 : 1/0) with points lc %d pt 6 ps 1.2 %s",
                    (unsigned long)k, (unsigned long)i, (unsigned long)k, (unsigned long)i, color,
                    (int)i == flagged ? "title \"flagged (see the HTML report)\"" : "notitle");
    sk_str_puts(o, sep);
  }
  sk_str_puts(o, "unset output\nreset\n");
}

SK_API void sk_report_gnuplot(const char *base, const sk_sko_file *files, int nfiles, char *const *labels,
                              sk_str *main_script, sk_str **scripts, size_t *nscripts)
{
  sk_rpt_suite *suites;
  size_t n, k;
  const char *slash = strrchr(base, '/');
  base = slash ? slash + 1 : base;      /* the scripts name each other next to themselves */
  sk_report_model(files, nfiles, labels, &suites, &n);
  *scripts = (sk_str *)sk_calloc(n ? n : 1, sizeof(sk_str));
  *nscripts = n;
  sk_str_puts(main_script, "# skampi report as gnuplot scripts (gnuplot 5): one per suite, each writes an SVG\n"
                           "# (a PNG or PDF with: gnuplot -e 'term=\"png\"' or -e 'term=\"pdf\"')\n");
  for (k = 0; k < n; k++) {
    sk_str_init(&(*scripts)[k]);
    gp_suite(&(*scripts)[k], base, &suites[k], k + 1);
    sk_str_printf(main_script, "load \"%s-%lu.gp\"\n", base, (unsigned long)k + 1);
  }
  sk_report_model_free(suites, n);
}
