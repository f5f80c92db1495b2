/*
** guidelines.h -- the self-consistent performance guidelines (skampi --guidelines,
** doc/guidelines.md): runs of ski/guidelines.ski judged against the catalogue of Traeff,
** Gropp and Thakur (Self-consistent MPI performance guidelines, IEEE TPDS 21(5), 2010),
** per guideline A <= B and size a one-sided Wilcoxon rank-sum test across the runs,
** Benjamini-Hochberg adjusted; also monotony and the split rule of every suite. The
** statistics are compare.h's, files are read by sko.h; no MPI call. The rule in full:
** doc/internals.md, "results".
*/
#ifndef SK_GUIDELINES_H
#define SK_GUIDELINES_H

#include "sko.h"

/* The defaults (doc/guidelines.md "The decision rule"): the false-discovery rate of the
** Benjamini-Hochberg correction over every tested point, and the minimum effect (a
** violation is at least 1.2 times slower). */
#define SK_GUIDELINES_ALPHA 0.05
#define SK_GUIDELINES_EFFECT 0.2

typedef struct sk_guidelines_args {
  double alpha;           /* the false-discovery rate, SK_GUIDELINES_ALPHA unless -a */
  double min_effect;      /* a violation is at least 1 + this slower; SK_GUIDELINES_EFFECT unless -e */
  const char *csv;        /* -o FILE: every verdict as CSV (NULL: none) */
  const char *json;       /* -j FILE: the same as JSON (NULL: none) */
  const char *html;       /* -r FILE: the report (HTML: per guideline its verdict, a plot of
                          ** both sides and the table of violated sizes; NULL: none) */
  char **files;           /* the runs */
  int nfiles;
} sk_guidelines_args;

/* argv[i] is --guidelines: takes every argument after it into *g (1); 0 when argv[i]
** is not --guidelines; -1 with *err set for a bad command line. */
SK_API int sk_guidelines_option(int argc, char **argv, int i, sk_guidelines_args *g, sk_str *err);
SK_API void sk_guidelines_args_free(sk_guidelines_args *g);
/* Reads the runs, prints the verdicts on standard output and writes the CSV and JSON
** files asked for (sk_out_file); the exit status: 0, 2 (a malformed input) or
** SK_EXIT_WRITE. */
SK_API int sk_guidelines_run(const sk_guidelines_args *g);
/* The verdicts of already read runs as text, and as CSV, JSON and the HTML report where
** not NULL; returns the number of violations. */
SK_API int sk_guidelines_text(sk_str *out, sk_str *csv, sk_str *json, sk_str *html, const sk_guidelines_args *g,
                              const sk_sko_file *files);

#endif
