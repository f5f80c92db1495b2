/*
** report_gp.c -- the gnuplot form of the report (skampi -r OUT.gp IN.sko ...; report.h):
** per suite one script OUT-K.gp with the data inline (gnuplot 5 data blocks, so the
** script needs no other file) that draws the same plot as the HTML report -- log axes
** for geometric loops, powers of two on integer ones, error bars of one standard error,
** the node-time band, points added by autorefine as their own key entry -- into
** OUT-K.svg; OUT.gp loads them all. The scripts name their files without a directory:
** run them where they are (`cd DIR && gnuplot OUT.gp`).
*/
#include "report.h"

static void gp_quote(sk_str *o, const char *text)
{
  const char *p;
  sk_str_putc(o, '"');
  for (p = text; *p; p++) { if (*p == '"' || *p == '\\') sk_str_putc(o, '\\'); sk_str_putc(o, *p); }
  sk_str_putc(o, '"');
}

/* $dK_S: x, time, error, node min, node max, refined (one block per series). */
static void gp_data(sk_str *o, const sk_rpt_series *r, size_t k, size_t si)
{
  size_t j;
  int n;
  sk_str_printf(o, "$d%lu_%lu << EOD\n", (unsigned long)k, (unsigned long)si);
  for (j = 0; j < r->n; j++) {
    const sk_sko_line *l = r->pts[j].line;
    double lo = l->time_us, hi = l->time_us;
    for (n = 0; n < l->nnode; n++) {
      if (l->node_us[n] < lo) lo = l->node_us[n];
      if (l->node_us[n] > hi) hi = l->node_us[n];
    }
    sk_str_printf(o, "%.10g %.3f %.3f %.3f %.3f %d\n", r->pts[j].x, l->time_us, l->stderr_us, lo, hi, l->refined);
  }
  sk_str_puts(o, "EOD\n");
}

static void gp_suite(sk_str *o, const char *base, const sk_rpt_suite *s, size_t k)
{
  size_t i;
  sk_str_puts(o, "# skampi report: suite ");
  gp_quote(o, s->name);
  sk_str_printf(o, "\nset terminal svg size 800,500 dynamic\nset output \"%s-%lu.svg\"\nset title ", base, (unsigned long)k);
  gp_quote(o, s->name);
  sk_str_puts(o, " noenhanced\nset xlabel ");
  gp_quote(o, s->xname[0] ? s->xname : "measurement");
  sk_str_puts(o, " noenhanced\nset ylabel \"time [us]\"\nset key outside bottom center noenhanced\nset grid\n");
  if (s->logx) sk_str_printf(o, "set logscale x %d\n", s->pow2x ? 2 : 10);
  if (s->logy) sk_str_puts(o, "set logscale y 10\n");
  if (s->categorical) {
    sk_str_puts(o, "set xtics (");
    for (i = 0; i < s->ncats; i++) { sk_str_puts(o, i ? ", " : ""); gp_quote(o, s->cats[i]); sk_str_printf(o, " %lu", (unsigned long)i + 1); }
    sk_str_printf(o, ")\nset xrange [0.5:%lu.5]\n", (unsigned long)s->ncats);
  }
  for (i = 0; i < s->n; i++) gp_data(o, &s->series[i], k, i);
  sk_str_puts(o, "plot \\\n");
  for (i = 0; i < s->n; i++) {
    const char *sep = i + 1 < s->n ? ", \\\n" : "\n";
    int color = (int)(i % 8) + 1;
    sk_str_printf(o, "  $d%lu_%lu using 1:4:5 with filledcurves fs transparent solid 0.15 lc %d notitle, \\\n",
                  (unsigned long)k, (unsigned long)i, color);
    sk_str_printf(o, "  $d%lu_%lu using 1:2:3 with yerrorlines lc %d pt 7 title ", (unsigned long)k, (unsigned long)i, color);
    gp_quote(o, s->series[i].name);
    sk_str_printf(o, ", \\\n  $d%lu_%lu using 1:($6 > 0 ? $2 : 1/0) with points lc %d pt 12 ps 1.5 %s%s",
                  (unsigned long)k, (unsigned long)i, color, i == 0 ? "title \"added by autorefine\"" : "notitle", sep);
  }
  sk_str_puts(o, "unset output\nreset\n");
}

SK_API void sk_report_gnuplot(const char *base, const sk_sko_file *files, int nfiles,
                              sk_str *main_script, sk_str **scripts, size_t *nscripts)
{
  sk_rpt_suite *suites;
  size_t n, k;
  const char *slash = strrchr(base, '/');
  base = slash ? slash + 1 : base;      /* the scripts name each other next to themselves */
  sk_report_model(files, nfiles, &suites, &n);
  *scripts = (sk_str *)sk_calloc(n ? n : 1, sizeof(sk_str));
  *nscripts = n;
  sk_str_puts(main_script, "# skampi report as gnuplot scripts (gnuplot 5): one per suite, each writes an SVG\n");
  for (k = 0; k < n; k++) {
    sk_str_init(&(*scripts)[k]);
    gp_suite(&(*scripts)[k], base, &suites[k], k + 1);
    sk_str_printf(main_script, "load \"%s-%lu.gp\"\n", base, (unsigned long)k + 1);
  }
  sk_report_model_free(suites, n);
}
