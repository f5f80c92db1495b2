/*
** postproc.c -- see postproc.h.
*/
#include "postproc.h"
#include "merge.h"
#include "export.h"
#include "report.h"
#include "output.h"

static int postproc_ends_with(const char *s, const char *suffix)
{
  size_t a = strlen(s), b = strlen(suffix);
  return a >= b && sk_streq(s + a - b, suffix);
}

/* -r NAME: the file the report goes to, into p->target -- NAME when it ends in .gp
** (gnuplot), .html or .htm (letters of any case), else NAME.html (rep: rep.html,
** rep.pdf: rep.pdf.html); 0 with *err set when that name is too long. */
static int postproc_report_name(sk_postproc *p, const char *name, sk_str *err)
{
  size_t n = strlen(name);
  if (postproc_ends_with(name, ".gp") || (n >= 5 && sk_strcaseeq(name + n - 5, ".html"))
      || (n >= 4 && sk_strcaseeq(name + n - 4, ".htm"))) {
    p->target = name;
    return 1;
  }
  if (n + 6 > sizeof p->target_buf) {
    sk_str_clear(err);
    sk_str_printf(err, "skampi: the report's name '%.60s...' is too long (at most %lu characters)", name,
                  (unsigned long)(sizeof p->target_buf - 6));
    return 0;
  }
  sprintf(p->target_buf, "%s.html", name);
  p->target = p->target_buf;
  return 1;
}

SK_API int sk_report_files(const char *path, char **inputs, int ninputs, sk_str *err)
{
  sk_sko_file *files;
  sk_str o;
  int ok = 1, i;
  char **paths = (char **)sk_calloc((size_t)ninputs + 1, sizeof(char *));
  char **labels = (char **)sk_calloc((size_t)ninputs + 1, sizeof(char *));
  for (i = 0; i < ninputs; i++) sk_report_input(inputs[i], &paths[i], &labels[i]);   /* FILE=LABEL */
  ok = sk_sko_read_all(paths, ninputs, &files, err);
  for (i = 0; i < ninputs; i++) free(paths[i]);
  free(paths);
  if (!ok) {
    for (i = 0; i < ninputs; i++) free(labels[i]);
    free(labels);
    return 0;
  }
  sk_str_init(&o);
  if (postproc_ends_with(path, ".gp")) {
    sk_str *scripts;
    size_t n, k;
    char *base = sk_strndup(path, strlen(path) - 3);
    sk_report_gnuplot(base, files, ninputs, labels, &o, &scripts, &n);
    for (k = 0; k < n && ok; k++) {
      sk_str name_s;
      char *name;
      sk_str_init(&name_s);
      sk_str_printf(&name_s, "%s-%lu.gp", base, (unsigned long)k + 1);
      name = name_s.data;
      ok = sk_out_file(name, scripts[k].data ? scripts[k].data : "", err);
      free(name);
    }
    for (k = 0; k < n; k++) sk_str_free(&scripts[k]);
    free(scripts);
    free(base);
  } else {
    sk_report_html(&o, files, ninputs, labels);
  }
  if (ok) ok = sk_out_file(path, o.data ? o.data : "", err);
  sk_sko_free_all(files, ninputs);
  for (i = 0; i < ninputs; i++) free(labels[i]);
  free(labels);
  sk_str_free(&o);
  return ok;
}

static int postproc_refuse(sk_postproc *p)
{
  free(p->inputs);
  p->inputs = NULL;
  p->ninputs = 0;
  return -1;
}

/* The file a report or export writes must be none of its inputs (by name or, through
** links, by identity) and the name given (named: the report's before .html is added)
** must not carry the suffix of another kind of file: "-r seq.sko x.sko" names the report
** where the input belongs (operands swapped). 0 with *err set. */
static int postproc_check_output(const sk_postproc *p, const char *out, const char *named, sk_str *err)
{
  static const char *const foreign[] = { ".sko", ".ski", ".par", ".log" };
  unsigned long d1, i1, d2, i2;
  int k, have;
  size_t j;
  if (out == NULL || sk_streq(out, "-")) return 1;
  have = sk_path_identity(out, &d1, &i1);
  for (k = 0; k < p->ninputs; k++) {
    char *path, *label;
    int same;
    sk_report_input(p->inputs[k], &path, &label);     /* FILE=LABEL */
    same = sk_streq(path, out) || (have && sk_path_identity(path, &d2, &i2) && d1 == d2 && i1 == i2);
    free(path);
    free(label);
    if (same) {
      sk_str_clear(err);
      sk_str_printf(err, "skampi: the %s '%s' is also one of its input files: give it another name",
                    p->kind == 'r' ? "report" : "export", out);
      return 0;
    }
  }
  for (j = 0; j < sizeof foreign / sizeof foreign[0]; j++)
    if (postproc_ends_with(named, foreign[j])) {
      sk_str_clear(err);
      sk_str_printf(err, "skampi: the %s '%s' has the suffix of a %s file: give it a name ending in %s", p->kind == 'r'
                    ? "report" : "export", named, j == 0 ? "result" : j == 3 ? "log" : "input",
                    p->kind == 'r' ? ".html or .gp" : sk_streq(p->target, "json") ? ".json" : ".csv");
      return 0;
    }
  if (p->kind == 'x' && (postproc_ends_with(out, sk_streq(p->target, "json") ? ".csv" : ".json"))) {
    sk_str_clear(err);
    sk_str_printf(err, "skampi: -x %s writes %s, but '%s' is named as the other format", p->target,
                  sk_streq(p->target, "json") ? "JSON" : "CSV", out);
    return 0;
  }
  return 1;
}

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
  if (p->kind == 'r' && !postproc_report_name(p, argv[i + 1], err)) return -1;   /* "-r rep": rep.html */
  if (p->kind == 'x' && !sk_export_format_known(p->target)) {
    sk_str_clear(err);
    sk_str_printf(err, "skampi: unknown export format '%s' (csv or json)", p->target);
    return -1;
  }
  p->inputs = (char **)sk_calloc((size_t)argc, sizeof(char *));
  for (k = i + 2; k < argc; k++) {
    if (sk_streq(argv[k], "-o") && k + 1 < argc) {
      if (p->kind == 'r') {       /* "-r seq.sko -o x.html": the operands swapped */
        sk_str_clear(err);
        sk_str_printf(err, "skampi: '-r' takes no '-o': the report's name comes first (skampi -r %s %s)", argv[k + 1], p->target);
        return postproc_refuse(p);
      }
      p->output = argv[++k];
    } else p->inputs[p->ninputs++] = argv[k];
  }
  if (p->ninputs == 0) {
    sk_str_clear(err);
    sk_str_printf(err, "skampi: option '%s' needs at least one result file after %s", a,
                  p->kind == 'r' ? "the report's name" : "the format");
    return postproc_refuse(p);
  }
  return postproc_check_output(p, p->kind == 'r' ? p->target : p->output, p->kind == 'r' ? argv[i + 1] : p->output, err)
         ? 1 : postproc_refuse(p);
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
  return ok ? 0 : sk_out_failed() ? SK_EXIT_WRITE : SK_EXIT_USER_ERROR;
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
  if (n < 0) {
    fprintf(stderr, "skampi: merge_with_backups: %s\n", err.data);
    sk_str_free(&err);
    if (sk_out_failed()) sk_exit(SK_EXIT_WRITE);   /* the run's own output stays as it was */
    return;
  }
  if (n < 2) fprintf(stderr, "skampi: merge_with_backups: no earlier run of %s to merge with\n", output);
  else fprintf(stderr, "skampi: merged this run with %d earlier runs into %s (SKaLib 3.4)\n", n - 1, output);
  sk_str_free(&err);
}
