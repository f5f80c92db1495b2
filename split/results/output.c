/*
** output.c -- see output.h.
*/
#include "output.h"
#include "filepaths.h"

typedef struct out_line {
  char *text;
  double *keys;            /* numeric values of the loop variables */
  int nkeys;
  int label;               /* 1 + index into out.labels, 0: none */
  long order;              /* for a stable sort */
} out_line;

static struct {
  FILE *f;
  int to_stdout;
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
} out;

/* The path rules (which files are renamed, which written as they are) are filepaths.h's. */
SK_API int sk_out_open(const char *path, sk_str *err, char *backup, size_t backup_size)
{
  backup[0] = '\0';
  if (path == NULL || sk_streq(path, "-")) {
    out.f = stdout;
    out.to_stdout = 1;
    return 1;
  }
  if (!sk_path_keep_backup(path, backup, backup_size, err)) return 0;
  out.f = sk_path_open_for_writing(path, sk_os_wait_seconds(), err);
  return out.f != NULL;
}

/* ---- resuming (runlog.h): continue a file after its last complete suite ---- */

SK_API int sk_out_open_at(const char *path, long bytes, sk_str *err, char *backup, size_t backup_size)
{
  long size;
  backup[0] = '\0';
  if (sk_path_kind_of(path, &size) != SK_PATH_MISSING && size > bytes &&
      !sk_path_copy_backup(path, backup, backup_size, err))
    return 0;
  out.f = sk_path_open_at(path, bytes, err);
  return out.f != NULL;
}

SK_API long sk_out_offset(void)
{
  if (!out.f || out.to_stdout) return -1L;
  fflush(out.f);
  return ftell(out.f);
}

SK_API void sk_out_mute(int on) { out.muted = on; }

static void out_write(const char *text)
{
  if (!out.f || out.muted) return;
  fputs(text, out.f);
  fflush(out.f);
}

SK_API void sk_out_text(const char *text) { out_write(text); }

static void out_forget_labels(void)
{
  size_t i;
  for (i = 0; i < out.nlabels; i++) free(out.labels[i]);
  out.nlabels = 0;
  out.label = out.written_label = 0;
}

SK_API void sk_out_label(const char *label)
{
  size_t i;
  out.label = 0;
  if (label == NULL) return;
  for (i = 0; i < out.nlabels; i++) if (sk_streq(out.labels[i], label)) { out.label = (int)i + 1; return; }
  out.labels = (char **)sk_grow(out.labels, &out.caplabels, out.nlabels + 1, sizeof(char *));
  out.labels[out.nlabels++] = sk_strdup(label);
  out.label = (int)out.nlabels;
}

SK_API void sk_out_mark_added(void) { out.added = 1; }

/* A line (with its marks and notes) as it goes to the file: the label line first when
** the label changes. */
static void out_emit_line(int label, const char *text)
{
  if (label > 0 && label != out.written_label) {
    sk_str s;
    sk_str_init(&s);
    sk_str_printf(&s, "# measure %s\n", out.labels[label - 1]);
    out_write(s.data);
    sk_str_free(&s);
  }
  out.written_label = label;
  out_write(text);
}

SK_API void sk_out_note(const char *text)
{
  out_line *last;
  if (out.nmarks == 0 || out.nheld == 0) { out_write(text); return; }
  last = &out.held[out.nheld - 1];
  last->text = (char *)sk_realloc(last->text, strlen(last->text) + strlen(text) + 1);
  strcat(last->text, text);
}

SK_API void sk_out_begin_block(const char *name)
{
  sk_str s;
  sk_str_init(&s);
  sk_str_printf(&s, "# begin result \"%s\"\n", name);
  out_write(s.data);
  sk_str_free(&s);
  free(out.open_block);
  out.open_block = sk_strdup(name);
  out_forget_labels();
}

SK_API void sk_out_end_block(const char *name, double seconds)
{
  sk_str s;
  sk_str_init(&s);
  sk_str_printf(&s, "# end result \"%s\"\n# duration = %.2f sec\n", name, seconds);
  out_write(s.data);
  sk_str_free(&s);
  free(out.open_block);
  out.open_block = NULL;
}

SK_API void sk_out_set_unit(double factor) { out.unit = factor; }

SK_API void sk_out_line(const sk_loopvar *vars, int nvars, long reported_size, double time,
                        double std_error, int reps, const double *node_times, int nnode)
{
  sk_str s;
  int i;
  double unit = out.unit > 0.0 ? out.unit : 1e6;
  sk_str_init(&s);
  if (out.added) sk_str_puts(&s, "# (added by autorefine)\n");
  out.added = 0;
  for (i = 0; i < nvars; i++) {
    sk_str_printf(&s, "%s= ", vars[i].name);
    sk_value_format(&s, &vars[i].value);
    sk_str_putc(&s, ' ');
  }
  sk_str_printf(&s, "%8ld %12.3f %10.3f %5d", reported_size, time * unit, std_error * unit, reps);
  for (i = 0; i < nnode; i++) sk_str_printf(&s, " %12.3f", node_times[i] * unit);
  sk_str_putc(&s, '\n');
  if (out.nmarks == 0) {
    out_emit_line(out.label, s.data);
    sk_str_free(&s);
    return;
  }
  out.held = (out_line *)sk_grow(out.held, &out.capheld, out.nheld + 1, sizeof(out_line));
  out.held[out.nheld].text = s.data;
  out.held[out.nheld].nkeys = nvars;
  out.held[out.nheld].keys = (double *)sk_malloc(sizeof(double) * (size_t)(nvars ? nvars : 1));
  for (i = 0; i < nvars; i++)
    out.held[out.nheld].keys[i] = (vars[i].value.type == SK_T_INT || vars[i].value.type == SK_T_DOUBLE)
                                  ? sk_value_as_double(&vars[i].value) : 0.0;
  out.held[out.nheld].label = out.label;
  out.held[out.nheld].order = out.serial++;
  out.nheld++;
}

SK_API void sk_out_hold_begin(void)
{
  out.marks = (size_t *)sk_grow(out.marks, &out.capmarks, out.nmarks + 1, sizeof(size_t));
  out.marks[out.nmarks++] = out.nheld;
}

static int out_cmp_lines(const void *a, const void *b)
{
  const out_line *x = (const out_line *)a, *y = (const out_line *)b;
  int k = out.sort_index;
  double kx = k < x->nkeys ? x->keys[k] : 0.0, ky = k < y->nkeys ? y->keys[k] : 0.0;
  if (x->label != y->label) return x->label < y->label ? -1 : 1;   /* one group per label */
  if (kx != ky) return kx < ky ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order ? 1 : 0;
}

SK_API void sk_out_hold_end(int var_index)
{
  size_t mark, i;
  if (out.nmarks == 0) return;
  mark = out.marks[--out.nmarks];
  out.sort_index = var_index;
  if (out.nheld > mark) qsort(out.held + mark, out.nheld - mark, sizeof(out_line), out_cmp_lines);
  if (out.nmarks > 0) return;
  for (i = 0; i < out.nheld; i++) {
    out_emit_line(out.held[i].label, out.held[i].text);
    free(out.held[i].text);
    free(out.held[i].keys);
  }
  out.nheld = 0;
}

SK_API void sk_out_close(void)
{
  while (out.nmarks > 0) sk_out_hold_end(0);
  if (out.open_block && out.f) {      /* the run stopped inside a block: close it, say so */
    sk_str s;
    sk_str_init(&s);
    sk_str_printf(&s, "# (the run stopped inside this block; its lines above are complete)\n"
                      "# end result \"%s\"\n", out.open_block);
    out_write(s.data);
    sk_str_free(&s);
  }
  free(out.open_block);
  out.open_block = NULL;
  out_forget_labels();
  free(out.labels);
  out.labels = NULL;
  out.caplabels = 0;
  if (out.f && !out.to_stdout) fclose(out.f);
  else if (out.f) fflush(out.f);
  out.f = NULL;
  free(out.held);
  free(out.marks);
  out.held = NULL;
  out.marks = NULL;
  out.capheld = out.capmarks = 0;
}

SK_API int sk_out_file(const char *path, const char *text, sk_str *err)
{
  char backup[512];
  if (!sk_out_open(path, err, backup, sizeof backup)) return 0;
  if (backup[0]) fprintf(stderr, "skampi: kept the existing %s as %s\n", path, backup);
  sk_out_text(text);
  sk_out_close();
  return 1;
}
