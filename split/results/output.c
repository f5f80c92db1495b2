/*
** output.c -- see output.h.
*/
#include "output.h"
#include "filepaths.h"

typedef struct out_line {
  char *text;
  double *keys;            /* numeric values of the loop variables */
  int nkeys;
  int label;               /* 1 + index into out->labels, 0: none */
  long order;              /* for a stable sort */
} out_line;

struct out_state {
  FILE *f;
  int to_stdout;
  char *path;              /* the output file (NULL: standard output) */
  int cuttable;            /* a regular file or a link to one: cut back on a failure */
  long offset;             /* the bytes written to it (from where it was opened) */
  long good;               /* the bytes up to the last line written outside a block: the
                           ** header and every complete suite */
  int failed;              /* a write failed (the message is out), or the file is gone */
  out_line *held;
  size_t nheld, capheld;
  size_t *marks;           /* start index of each open hold */
  size_t nmarks, capmarks;
  long serial;
  int sort_index;
  char *open_block;        /* name of the block begun and not yet ended, or NULL */
  char **labels;           /* the labels of the open block, in order of first use */
  size_t nlabels, caplabels;
  int label;               /* 1 + index of the current label, 0: none */
  int written_label;       /* label of the last line written, 0: none */
  int added;               /* the next line was added by autorefine */
  double unit;             /* set_unit: printed time = seconds x unit; 0 = 1e6 (us) */
  int muted;               /* resuming: the suites kept from before are not written again */
  unsigned long sum;       /* FNV-1a of the bytes written since sk_out_take_sum */
};
static struct out_state *out_made;   /* made on first use (config.h, "writable data") */

static struct out_state *out_state(void)
{
  if (out_made == NULL) out_made = (struct out_state *)sk_calloc(1, sizeof *out_made);
  return out_made;
}

/* The output is open as f (path NULL: standard output), `offset` bytes into the file. */
static void out_start(const char *path, FILE *f, long offset)
{
  struct out_state *out = out_state();
  long size;
  out->f = f;
  out->to_stdout = path == NULL;
  free(out->path);
  out->path = path ? sk_strdup(path) : NULL;
  out->cuttable = path != NULL && sk_path_is_file_like(sk_path_kind_of(path, &size));
  out->offset = out->good = offset;
  out->failed = 0;
  out->sum = SK_FNV1A_START;
  sk_os_ignore_sigpipe();   /* a reader that quits is a write error with a message */
}

/* The path rules (which files are renamed, which written as they are) are filepaths.h's. */
SK_API int sk_out_open(const char *path, sk_str *err, char *backup, size_t backup_size)
{
  FILE *f;
  backup[0] = '\0';
  if (path == NULL || sk_streq(path, "-")) {
    if (!sk_path_stream_writable(stdout)) {
      sk_str_printf(err, "cannot write the results to standard output: it is closed (give -o FILE)");
      return 0;
    }
    fflush(stdout);
    out_start(NULL, stdout, 0L);
    return 1;
  }
  if (!sk_path_keep_backup(path, backup, backup_size, err)) return 0;
  f = sk_path_open_for_writing(path, sk_os_wait_seconds(), err);
  if (f != NULL) out_start(path, f, 0L);
  return f != NULL;
}

/* ---- resuming (runlog.h): continue a file after its last complete suite ---- */

/* Whether the bytes of path after the first `bytes` hold a result line (one that is not a
** comment): 1 also when they cannot be read. */
static int out_cut_holds_results(const char *path, long bytes)
{
  FILE *f = fopen(path, "rb");
  int c, at_start = 1, found = 0;
  if (f == NULL || fseek(f, bytes, SEEK_SET) != 0) { if (f) fclose(f); return 1; }
  while (!found && (c = getc(f)) != EOF) {
    if (at_start && c != '#' && c != '\n') found = 1;
    at_start = c == '\n';
  }
  if (ferror(f)) found = 1;
  fclose(f);
  return found;
}

/* What is cut is kept first as a backup -- unless it holds no result line (the header and
** comment lines of a suite that had measured nothing yet, as a one-point run killed at a
** tuner's time limit leaves it): nothing measured is lost, and no file is left over. */
SK_API int sk_out_open_at(const char *path, long bytes, sk_str *err, char *backup, size_t backup_size)
{
  long size;
  FILE *f;
  backup[0] = '\0';
  if (sk_path_kind_of(path, &size) != SK_PATH_MISSING && size > bytes && out_cut_holds_results(path, bytes) &&
      !sk_path_copy_backup(path, backup, backup_size, err))
    return 0;
  f = sk_path_open_at(path, bytes, err);
  if (f != NULL) out_start(path, f, bytes);
  return f != NULL;
}

SK_API unsigned long sk_out_take_sum(void)
{
  struct out_state *out = out_state();
  unsigned long sum = out->sum;
  out->sum = SK_FNV1A_START;
  return sum;
}

SK_API long sk_out_offset(void)
{
  struct out_state *out = out_state();
  if (!out->f || out->to_stdout) return -1L;
  return out->offset;
}

SK_API void sk_out_mute(int on) { out_state()->muted = on; }

static const char *out_name(void) { return out_state()->path ? out_state()->path : "standard output"; }

/* A write failed with errno e: said once; a file is cut back to its header and complete
** suites (with a line that says why it ends there, when that fits); nothing more is
** written. */
static void out_fail(int e)
{
  struct out_state *out = out_state();
  sk_str note;
  out->failed = 1;
  fflush(stdout);
  fprintf(stderr, "skampi: cannot write the results to %s%s%s: %s\n", out->path ? "'" : "", out_name(),
          out->path ? "'" : "", strerror(e));
  if (!out->cuttable) { fflush(stderr); return; }
  if (sk_path_cut(out->f, out->good) != 0) {
    fprintf(stderr, "skampi: cannot cut '%s' back to its last complete suite (byte %ld): %s\n", out->path, out->good,
            strerror(errno));
    fflush(stderr);
    return;
  }
  out->offset = out->good;
  sk_str_init(&note);
  sk_str_printf(&note, "# (the run stopped here: cannot write the results: %s)\n", strerror(e));
  if (sk_path_write(out->f, note.data, note.len) != 0) sk_path_cut(out->f, out->good);
  sk_str_free(&note);
  fprintf(stderr, "skampi: '%s' keeps its header and every suite completed before that (%ld bytes)\n",
          out->path, out->good);
  fflush(stderr);
}

/* Every byte to the output goes through here, checked. */
static void out_write(const char *text)
{
  struct out_state *out = out_state();
  size_t n = strlen(text);
  int e;
  if (!out->f || out->muted || out->failed) return;
  if (out->to_stdout) fflush(stdout);   /* anything printf put there goes first */
  e = sk_path_write(out->f, text, n);
  if (e != 0) { out_fail(e); return; }
  out->sum = sk_fnv1a(out->sum, text, n);
  out->offset += (long)n;
  if (out->open_block == NULL) out->good = out->offset;
}

SK_API int sk_out_failed(void)
{
  struct out_state *out = out_state();
  if (!out->failed && out->f && out->cuttable && !sk_path_still_there(out->f, out->path)) {
    out->failed = 1;
    fflush(stdout);
    fprintf(stderr, "skampi: cannot write the results to '%s': it was removed or replaced during the run "
                    "(the file or its directory); what was written to it is lost\n", out->path);
    fflush(stderr);
  }
  return out->failed;
}

SK_API void sk_out_comment(sk_str *dst, const char *text)
{
  const char *p = text;
  while (*p) {
    size_t n = strcspn(p, "\r\n");
    if (p[0] != '#') sk_str_puts(dst, n > 0 ? "# " : "#");
    sk_str_putn(dst, p, n);
    sk_str_putc(dst, '\n');
    p += n;
    if (p[0] == '\r' && p[1] == '\n') p += 2;
    else if (*p) p++;
  }
}

/* Text as '#' lines (sk_out_comment) to the output. */
static void out_write_comment(const char *text)
{
  sk_str s;
  sk_str_init(&s);
  sk_out_comment(&s, text);
  if (s.data) out_write(s.data);
  sk_str_free(&s);
}

/* A name inside a marker line (a block, a label): its line breaks become spaces. */
static void out_put_one_line(sk_str *s, const char *name)
{
  const char *p;
  for (p = name; *p; p++) sk_str_putc(s, *p == '\n' || *p == '\r' ? ' ' : *p);
}

SK_API void sk_out_text(const char *text) { out_write_comment(text); }

static void out_forget_labels(void)
{
  struct out_state *out = out_state();
  size_t i;
  for (i = 0; i < out->nlabels; i++) free(out->labels[i]);
  out->nlabels = 0;
  out->label = out->written_label = 0;
}

SK_API void sk_out_label(const char *label)
{
  struct out_state *out = out_state();
  size_t i;
  out->label = 0;
  if (label == NULL) return;
  for (i = 0; i < out_state()->nlabels; i++) if (sk_streq(out_state()->labels[i], label)) { out_state()->label = (int)i + 1; return; }
  out->labels = (char **)sk_grow(out->labels, &out->caplabels, out->nlabels + 1, sizeof(char *));
  out->labels[out->nlabels++] = sk_strdup(label);
  out->label = (int)out->nlabels;
}

SK_API void sk_out_mark_added(void) { out_state()->added = 1; }

/* A line (with its marks and notes) as it goes to the file: the label line first when
** the label changes. */
static void out_emit_line(int label, const char *text)
{
  struct out_state *out = out_state();
  if (label > 0 && label != out->written_label) {
    sk_str s;
    sk_str_init(&s);
    sk_str_puts(&s, "# measure ");
    out_put_one_line(&s, out->labels[label - 1]);
    sk_str_putc(&s, '\n');
    out_write(s.data);
    sk_str_free(&s);
  }
  out->written_label = label;
  out_write(text);
}

SK_API void sk_out_note(const char *text)
{
  struct out_state *out = out_state();
  out_line *last;
  sk_str c;
  if (out->nmarks == 0 || out->nheld == 0) { out_write_comment(text); return; }
  sk_str_init(&c);
  sk_out_comment(&c, text);
  last = &out->held[out->nheld - 1];
  last->text = (char *)sk_realloc(last->text, strlen(last->text) + c.len + 1);
  strcat(last->text, c.data ? c.data : "");
  sk_str_free(&c);
}

SK_API void sk_out_begin_block(const char *name)
{
  struct out_state *out = out_state();
  sk_str s;
  free(out->open_block);
  out->open_block = sk_strdup(name);   /* first: the line below belongs to the block */
  out_forget_labels();
  sk_str_init(&s);
  sk_str_puts(&s, "# begin result \"");
  out_put_one_line(&s, name);
  sk_str_puts(&s, "\"\n");
  out_write(s.data);
  sk_str_free(&s);
}

SK_API void sk_out_end_block(const char *name, double seconds)
{
  struct out_state *out = out_state();
  sk_str s;
  sk_str_init(&s);
  sk_str_puts(&s, "# end result \"");
  out_put_one_line(&s, name);
  sk_str_printf(&s, "\"\n# duration = %.2f sec\n", seconds);
  out_write(s.data);
  sk_str_free(&s);
  free(out->open_block);
  out->open_block = NULL;
  if (!out->failed) out->good = out->offset;   /* the suite is complete */
}

SK_API void sk_out_set_unit(double factor) { out_state()->unit = factor; }

SK_API void sk_out_format_var(sk_str *s, const char *name, const char *value)
{
  size_t n = strlen(value);
  sk_str_printf(s, "%s= ", name);
  sk_str_puts(s, value);
  do sk_str_putc(s, ' '); while (++n < SK_OUT_VAR_WIDTH + 1);
}

SK_API void sk_out_format_columns(sk_str *s, long size, double time, double std_error, long reps,
                                  const double *node_times, int nnode)
{
  int i;
  sk_str_printf(s, "%8ld %12.3f %10.3f %5ld", size, time, std_error, reps);
  for (i = 0; i < nnode; i++) sk_str_printf(s, " %12.3f", node_times[i]);
}

/* A mark's values: at least the line's precision (%.3f) and 6 significant digits, without
** trailing zeros (%g): 1000.012, 0.0012345, 10. */
static void out_format_values(sk_str *s, const char *mark, const double *x, int n, double scale)
{
  int i, digits;
  char fmt[16];
  sk_str_puts(s, mark);
  for (i = 0; i < n; i++) {
    double v = x[i] * scale;
    digits = fabs(v) >= 1.0 ? (int)floor(log10(fabs(v))) + 4 : 6;
    if (digits < 6) digits = 6;
    if (digits > 15) digits = 15;   /* DBL_DIG: read back and written again, the same text */
    sprintf(fmt, " %%.%dg", digits);   /* sk_str_printf has no '*' */
    sk_str_printf(s, fmt, v);
  }
  sk_str_putc(s, '\n');
}

SK_API void sk_out_format_marks(sk_str *s, const char *flags, const double *dist, const double *reps, int nrep,
                                double scale)
{
  if (flags && flags[0]) sk_str_printf(s, "#@ flags: %s\n", flags);
  if (dist) out_format_values(s, "#@ dist:", dist, 7, scale);
  if (nrep > 0) out_format_values(s, "#@ reps:", reps, nrep, scale);
}

SK_API void sk_out_marks(const char *flags, const double *dist, const double *reps, int nrep)
{
  struct out_state *out = out_state();
  sk_str s;
  sk_str_init(&s);
  sk_out_format_marks(&s, flags, dist, reps, nrep, out->unit > 0.0 ? out->unit : 1e6);
  if (s.data) sk_out_note(s.data);
  sk_str_free(&s);
}

SK_API void sk_out_format_suite_mark(sk_str *s, const char *kind, double dummy_us, double dummy_err_us)
{
  if (kind == NULL) return;
  sk_str_printf(s, "#@ suite: time=%s", kind);
  if (dummy_us >= 0.0) sk_str_printf(s, " dummy_us=%.4f", dummy_us);
  if (dummy_err_us >= 0.0) sk_str_printf(s, " dummy_err_us=%.4f", dummy_err_us);
  sk_str_putc(s, '\n');
}

SK_API void sk_out_suite_mark(const char *kind, double dummy_us, double dummy_err_us)
{
  sk_str s;
  sk_str_init(&s);
  sk_out_format_suite_mark(&s, kind, dummy_us, dummy_err_us);
  if (s.data) out_write_comment(s.data);
  sk_str_free(&s);
}

SK_API void sk_out_loop_ended(const char *at)
{
  sk_str s;
  sk_str_init(&s);
  sk_str_printf(&s, "#@ loop_ended: %s\n", at);
  out_write_comment(s.data);
  sk_str_free(&s);
}

SK_API void sk_out_line(const sk_loopvar *vars, int nvars, long reported_size, double time,
                        double std_error, int reps, const double *node_times, int nnode)
{
  struct out_state *out = out_state();
  sk_str s, v;
  int i;
  size_t mark_len;
  double unit = out->unit > 0.0 ? out->unit : 1e6, *scaled;
  sk_str_init(&s);
  sk_str_init(&v);
  if (out->added) sk_str_puts(&s, "# (added by autorefine)\n");
  out->added = 0;
  mark_len = s.len;
  for (i = 0; i < nvars; i++) {
    sk_str_clear(&v);
    sk_str_putn(&v, "", 0);
    sk_value_format(&v, &vars[i].value);
    sk_out_format_var(&s, vars[i].name, v.data);
  }
  sk_str_free(&v);
  scaled = (double *)sk_malloc(sizeof(double) * (size_t)(nnode > 0 ? nnode : 1));
  for (i = 0; i < nnode; i++) scaled[i] = node_times[i] * unit;
  sk_out_format_columns(&s, reported_size, time * unit, std_error * unit, reps, scaled, nnode);
  free(scaled);
  {
    size_t k;   /* one line, whatever a loop variable's value holds */
    for (k = mark_len; k < s.len; k++) if (s.data[k] == '\n' || s.data[k] == '\r') s.data[k] = ' ';
  }
  sk_str_putc(&s, '\n');
  if (out->nmarks == 0) {
    out_emit_line(out->label, s.data);
    sk_str_free(&s);
    return;
  }
  out->held = (out_line *)sk_grow(out->held, &out->capheld, out->nheld + 1, sizeof(out_line));
  out->held[out->nheld].text = s.data;
  out->held[out->nheld].nkeys = nvars;
  out->held[out->nheld].keys = (double *)sk_malloc(sizeof(double) * (size_t)(nvars ? nvars : 1));
  for (i = 0; i < nvars; i++)
    out->held[out->nheld].keys[i] = (vars[i].value.type == SK_T_INT || vars[i].value.type == SK_T_DOUBLE)
                                  ? sk_value_as_double(&vars[i].value) : 0.0;
  out->held[out->nheld].label = out->label;
  out->held[out->nheld].order = out->serial++;
  out->nheld++;
}

SK_API void sk_out_hold_begin(void)
{
  struct out_state *out = out_state();
  out->marks = (size_t *)sk_grow(out->marks, &out->capmarks, out->nmarks + 1, sizeof(size_t));
  out->marks[out->nmarks++] = out->nheld;
}

static int out_cmp_lines(const void *a, const void *b)
{
  struct out_state *out = out_state();
  const out_line *x = (const out_line *)a, *y = (const out_line *)b;
  int k = out->sort_index;
  double kx = k < x->nkeys ? x->keys[k] : 0.0, ky = k < y->nkeys ? y->keys[k] : 0.0;
  if (x->label != y->label) return x->label < y->label ? -1 : 1;   /* one group per label */
  if (kx != ky) return kx < ky ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order ? 1 : 0;
}

SK_API void sk_out_hold_end(int var_index)
{
  struct out_state *out = out_state();
  size_t mark, i;
  if (out->nmarks == 0) return;
  mark = out->marks[--out->nmarks];
  out->sort_index = var_index;
  if (out->nheld > mark) qsort(out->held + mark, out->nheld - mark, sizeof(out_line), out_cmp_lines);
  if (out->nmarks > 0) return;
  for (i = 0; i < out->nheld; i++) {
    out_emit_line(out->held[i].label, out->held[i].text);
    free(out->held[i].text);
    free(out->held[i].keys);
  }
  out->nheld = 0;
}

static void (*out_close_hook)(void);

SK_API void sk_out_on_close(void (*fn)(void)) { out_close_hook = fn; }

SK_API void sk_out_close(void)
{
  struct out_state *out = out_state();
  void (*hook)(void) = out_close_hook;
  while (out->nmarks > 0) sk_out_hold_end(0);
  if (out->open_block && out->f) {      /* the run stopped inside a block: close it, say so */
    sk_str s;
    sk_str_init(&s);
    sk_str_puts(&s, "# (the run stopped inside this block; its lines above are complete)\n# end result \"");
    out_put_one_line(&s, out->open_block);
    sk_str_puts(&s, "\"\n");
    out_write(s.data);
    sk_str_free(&s);
  }
  free(out->open_block);
  out->open_block = NULL;
  out_close_hook = NULL;
  if (hook != NULL && out->f) hook();
  out_forget_labels();
  free(out->labels);
  out->labels = NULL;
  out->caplabels = 0;
  /* every byte went out by write(2): closing flushes nothing, but a file system may
  ** report a failed write only now */
  if (out->f && !out->to_stdout && fclose(out->f) != 0 && !out->failed) {
    out->failed = 1;
    fflush(stdout);
    fprintf(stderr, "skampi: cannot write the results to '%s': %s (on closing it)\n", out->path, strerror(errno));
    fflush(stderr);
  }
  out->f = NULL;
  free(out->held);
  free(out->marks);
  out->held = NULL;
  out->marks = NULL;
  out->capheld = out->capmarks = 0;
}

SK_API int sk_out_file(const char *path, const char *text, sk_str *err)
{
  struct out_state *out = out_state();
  char backup[512];
  sk_str why;
  int r;
  sk_os_ignore_sigpipe();
  out->failed = 0;
  sk_str_init(&why);
  if (path == NULL || sk_streq(path, "-")) {
    int e = sk_path_stream_writable(stdout) ? 0 : EBADF;
    fflush(stdout);
    if (e == 0) e = sk_path_write(stdout, text, strlen(text));
    r = e == 0 ? 1 : -1;
    if (e != 0) sk_str_printf(&why, "cannot write to standard output: %s", strerror(e));
  } else {
    r = sk_path_replace(path, text, strlen(text), backup, sizeof backup, &why);
    if (r > 0 && backup[0]) fprintf(stderr, "skampi: kept the existing %s as %s\n", path, backup);
  }
  if (r <= 0) sk_str_puts(err, why.data ? why.data : "cannot write");
  if (r < 0) out->failed = 1;
  sk_str_free(&why);
  return r > 0;
}
