/*
** report.h -- the report of one or more result files (skampi -r OUT IN.sko ..., after
** SKaLib §7.17's report generator): OUT.html, ONE self-contained HTML file (inline SVG,
** no scripts) with a plot per suite, the index, the tables and the runs' headers, the
** curves of several inputs overlaid; or OUT.gp, a gnuplot script (report_gp.c). The plot
** model (which lines form which curve) is built here for both writers. What the plots
** show: doc/internals.md, "results".
*/
#ifndef SK_REPORT_H
#define SK_REPORT_H

#include "sko.h"

typedef struct sk_rpt_point {
  const sk_sko_line *line;
  double x;               /* the innermost loop variable (or the position, see categorical) */
} sk_rpt_point;

typedef struct sk_rpt_series {
  char *name;             /* for the legend: file, label, outer loop values, as needed */
  char *key;              /* file number, label and outer loop values */
  const char *label;
  char *outer;            /* "a= 1 b= 2 " */
  int file;
  sk_rpt_point *pts;      /* in increasing x */
  size_t n, cap;
} sk_rpt_series;

typedef struct sk_rpt_suite {
  char *name;
  int occurrence;         /* n-th block of that name in the files */
  char *xname;            /* the innermost loop variable's name ("" when none) */
  int logx, logy, pow2x;  /* log axes; ticks at powers of two on x */
  int categorical;        /* x is the position of a non-numeric loop value */
  int bytesx;             /* x is the reported message size in bytes: every line has a size
                          ** above 0 that is a fixed multiple of the (positive) loop value
                          ** within its curve, and some curve has two sizes (count, length) */
  int intx;               /* every x is an integer: ticks at integers only (process counts) */
  double xmin, xmax, ymin, ymax;
  int suite_limited;      /* some file's block was stopped by the suite's time limit */
  char **cats;            /* categorical: the loop values in order of appearance */
  size_t ncats, capcats;
  const sk_sko_block **blocks;   /* per file, NULL where the file lacks the suite */
  sk_rpt_series *series;
  size_t n, cap;
} sk_rpt_suite;

/* labels: the user's name of each run (NULL, or NULL entries: none). */
SK_API void sk_report_model(const sk_sko_file *files, int nfiles, char *const *labels, sk_rpt_suite **suites,
                            size_t *nsuites);
SK_API void sk_report_model_free(sk_rpt_suite *suites, size_t nsuites);
/* An input argument of -r: "FILE" or "FILE=LABEL" (split at the first '=' when the whole
** argument names no file); *path and *label are new strings, *label NULL without one. */
SK_API void sk_report_input(const char *arg, char **path, char **label);
/* The distance of the x axis' ticks on a linear axis from lo to hi (1, 2 or 5 times a
** power of ten; at least 1 on an integer axis). */
SK_API double sk_report_tick_step(double lo, double hi, int integers);
/* The phrases of a line's flags ("#@ flags:", and the older marks), each escaped for
** HTML when html, separated by sep; warnings in <span class="warn"> when spans. The
** number of warnings: flags that say a point is less trustworthy (all but refined,
** calls_per_timing, verified and loop_ended). */
SK_API int sk_report_flag_phrases(sk_str *out, const sk_sko_line *l, const char *sep, int html, int spans);
/* What a curve draws around its line: the repetitions' Q1..Q3 band and min..max whiskers
** when every point has "#@ dist:", else the node-time band when every point has two node
** times or more, else nothing. */
#define SK_RPT_SPREAD_NONE 0
#define SK_RPT_SPREAD_NODES 1
#define SK_RPT_SPREAD_DIST 2
SK_API int sk_report_spread(const sk_rpt_series *r);
/* The x axis' name: the loop variable, or "message size [bytes] (VAR)" when bytesx. */
SK_API void sk_report_xlabel(sk_str *out, const sk_rpt_suite *s);
/* For other pages drawn with the report's plots (the guidelines' report, guidelines.h):
** the style sheet (without <style>), text escaped for HTML, and the plot of a suite
** model made by the caller (its series' points in any order; x, y ranges and axes are
** computed here; index makes the SVG's id unique in the page). */
SK_API void sk_report_style(sk_str *out);
SK_API void sk_report_escape(sk_str *out, const char *text);
SK_API void sk_report_plot(sk_str *out, sk_rpt_suite *s, size_t index);
/* The HTML report into *out. */
SK_API void sk_report_html(sk_str *out, const sk_sko_file *files, int nfiles, char *const *labels);
/* The gnuplot scripts: suite k into base-k.gp (text in scripts[k]); the main script
** (loads them all) into *main_script. Each script writes base-k.svg, or base-k.png or
** base-k.pdf when gnuplot's variable term says so (gnuplot -e 'term="png"' base.gp);
** inside the scripts base is named without its directory. */
SK_API void sk_report_gnuplot(const char *base, const sk_sko_file *files, int nfiles, char *const *labels,
                              sk_str *main_script, sk_str **scripts, size_t *nscripts);

#endif
