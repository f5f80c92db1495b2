/*
** report.h -- the report of one or more result files (skampi -r OUT IN.sko [IN2.sko ...],
** after SKaLib §7.17's report generator): OUT.html is ONE self-contained HTML file
** (inline SVG, no scripts, no network): the run header of every input, an index of the
** suites, and per suite a plot of the time over the innermost loop variable (log axes
** for geometric loops, ticks at powers of two for integer ones; the time axis is
** logarithmic when it spans more than a factor 20), error bars of +- one standard error,
** the band between the smallest and largest node time, marks for points added by
** autorefine, for lines stopped by a time limit and lines with discarded repetitions,
** then the table of the lines. The curves of several inputs are overlaid, with a
** legend. OUT.gp instead writes a gnuplot script per suite (report_gp.c).
** The plot model -- which lines form which curve -- is built here for both writers:
** one series per input file, label and values of the outer loop variables.
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
  double xmin, xmax, ymin, ymax;
  int suite_limited;      /* some file's block was stopped by the suite's time limit */
  char **cats;            /* categorical: the loop values in order of appearance */
  size_t ncats, capcats;
  const sk_sko_block **blocks;   /* per file, NULL where the file lacks the suite */
  sk_rpt_series *series;
  size_t n, cap;
} sk_rpt_suite;

SK_API void sk_report_model(const sk_sko_file *files, int nfiles, sk_rpt_suite **suites, size_t *nsuites);
SK_API void sk_report_model_free(sk_rpt_suite *suites, size_t nsuites);
/* The HTML report into *out. */
SK_API void sk_report_html(sk_str *out, const sk_sko_file *files, int nfiles);
/* The gnuplot scripts: suite k into base-k.gp (text in scripts[k]); the main script
** (loads them all) into *main_script. Each script writes base-k.svg; inside the
** scripts base is named without its directory. */
SK_API void sk_report_gnuplot(const char *base, const sk_sko_file *files, int nfiles,
                              sk_str *main_script, sk_str **scripts, size_t *nscripts);

#endif
