/*
** postproc.h -- the command line of post-processing, which needs no mpirun and makes no
** MPI call (like -l): `-r OUT IN.sko [IN2.sko ...]` writes a report (report.h: HTML; report_gp.c:
** gnuplot), `-x
** csv|json IN.sko [...] [-o OUT]` an export (export.h, standard output without -o); and
** after a run, the merge of the output with its earlier backups that
** merge_with_backups() or @POSTPROC asked for (merge.h, SKaLib §3.4.3).
*/
#ifndef SK_POSTPROC_H
#define SK_POSTPROC_H

#include "base.h"

typedef struct sk_postproc {
  int kind;               /* 0: none, 'r': report, 'x': export */
  const char *target;     /* -r: the report file; -x: the format */
  const char *output;     /* -x ... -o FILE */
  char **inputs;
  int ninputs;
  char target_buf[512];   /* -r NAME.html (target points here) when NAME ends in neither
                          ** .html, .htm nor .gp */
} sk_postproc;

/* argv[i] is -r or -x: takes it and every argument after it into *p (-r NAME that ends
** in .html or .htm writes NAME, in .gp gnuplot scripts, any other NAME.html: rep.pdf
** writes rep.pdf.html); 1 when it did, 0 when argv[i] is neither, -1 with *err set for
** missing arguments or an unknown format (the caller reports it and exits 2). */
SK_API int sk_postproc_option(int argc, char **argv, int i, sk_postproc *p, sk_str *err);
/* Runs it; `output` is the -o given before -x. The exit status: 0, 2 (a malformed input,
** a path that cannot be written) or SK_EXIT_WRITE (writing failed: the target keeps its
** old content, no temporary file is left). */
SK_API int sk_postproc_run(const sk_postproc *p, const char *output);
/* After a run into `output`: the merge with its backups, when asked for; when writing
** the merge fails, the process ends with SK_EXIT_WRITE (output unchanged). */
SK_API void sk_postproc_after_run(const char *output, int merge_backups);
/* Reads the inputs and writes the report to path: gnuplot scripts when it ends in
** ".gp", else HTML. 1: done; 0 with *err set. */
SK_API int sk_report_files(const char *path, char **inputs, int ninputs, sk_str *err);

#endif
