/*
** postproc.c -- see postproc.h.
*/
#include "postproc.h"
#include "merge.h"
#include "export.h"
#include "report.h"

SK_API int sk_postproc_option(int argc, char **argv, int i, sk_postproc *p, sk_str *err)
{
  int k;
  const char *a = argv[i];
  if (!sk_streq(a, "-r") && !sk_streq(a, "-x")) return 0;
  memset(p, 0, sizeof *p);
  p->kind = a[1];
  if (i + 2 >= argc) {
    sk_str_clear(err);
    sk_str_printf(err, "skampi: option '%s' needs %s and at least one result file", a,
                  p->kind == 'r' ? "the report file" : "a format (csv or json)");
    return -1;
  }
  p->target = argv[i + 1];
  if (p->kind == 'x' && !sk_export_format_known(p->target)) {
    sk_str_clear(err);
    sk_str_printf(err, "skampi: unknown export format '%s' (csv or json)", p->target);
    return -1;
  }
  p->inputs = (char **)sk_calloc((size_t)argc, sizeof(char *));
  for (k = i + 2; k < argc; k++) {
    if (sk_streq(argv[k], "-o") && k + 1 < argc) p->output = argv[++k];
    else p->inputs[p->ninputs++] = argv[k];
  }
  return 1;
}

SK_API int sk_postproc_run(const sk_postproc *p, const char *output)
{
  sk_str err;
  int ok;
  sk_str_init(&err);
  if (p->kind == 'r') ok = sk_report_files(p->target, p->inputs, p->ninputs, &err);
  else ok = sk_export_files(p->output ? p->output : output, p->target, p->inputs, p->ninputs, &err);
  if (!ok) fprintf(stderr, "%s\n", err.data);
  else if (p->kind == 'r') fprintf(stderr, "skampi: report of %d file%s written to %s\n", p->ninputs,
                                   p->ninputs == 1 ? "" : "s", p->target);
  sk_str_free(&err);
  return ok ? 0 : SK_EXIT_USER_ERROR;
}

SK_API void sk_postproc_after_run(const char *output, int merge_backups)
{
  sk_str err;
  int n;
  if (!merge_backups) return;
  if (output == NULL || sk_streq(output, "-")) {
    fprintf(stderr, "skampi: merge_with_backups: the output is standard output, nothing to merge\n");
    return;
  }
  sk_str_init(&err);
  n = sk_merge_backups(output, &err);
  if (n < 0) fprintf(stderr, "skampi: merge_with_backups: %s\n", err.data);
  else if (n < 2) fprintf(stderr, "skampi: merge_with_backups: no earlier run of %s to merge with\n", output);
  else fprintf(stderr, "skampi: merged this run with %d earlier runs into %s (SKaLib 3.4)\n", n - 1, output);
  sk_str_free(&err);
}
