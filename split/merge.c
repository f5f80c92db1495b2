/*
** merge.c -- see merge.h.
*/
#include "merge.h"
#include "sources.h"
#include "output.h"

typedef struct merge_line {
  char *key;              /* "name= value name= value " (loop variables) */
  char *prefix;           /* key without the last loop variable */
  double x;               /* value of the last loop variable (HUGE_VAL: none or not numeric) */
  double *v;              /* size, time, error, reps, node times... */
  int nv;
} merge_line;

typedef struct merge_block {
  char *name;
  merge_line *lines;
  size_t n, cap;
} merge_block;

typedef struct merge_file {
  merge_block *blocks;
  size_t n, cap;
  sk_str header;          /* '#' lines before the first block */
} merge_file;

static int merge_marker(const char *line, const char *what, char **name)
{
  const char *p = line, *q;
  size_t n = strlen(what);
  if (p[0] == '#' && p[1] == ' ') p += 2;
  if (strncmp(p, what, n) != 0 || p[n] != '"') return 0;
  q = strchr(p + n + 1, '"');
  if (q == NULL) return 0;
  *name = sk_strndup(p + n + 1, (size_t)(q - p - n - 1));
  return 1;
}

static void merge_parse_line(merge_block *b, const char *line)
{
  merge_line *l;
  sk_str key, prefix;
  const char *p = line;
  char word[256];
  int nchar;
  double last = HUGE_VAL;
  sk_str_init(&key);
  sk_str_init(&prefix);
  sk_str_putn(&key, "", 0);
  sk_str_putn(&prefix, "", 0);
  b->lines = (merge_line *)sk_grow(b->lines, &b->cap, b->n + 1, sizeof(merge_line));
  l = &b->lines[b->n];
  memset(l, 0, sizeof *l);
  while (sscanf(p, "%255s%n", word, &nchar) == 1 && word[strlen(word) - 1] == '=') {
    char value[256];
    int nvalue;
    p += nchar;
    if (sscanf(p, "%255s%n", value, &nvalue) != 1) break;
    p += nvalue;
    sk_str_clear(&prefix);
    sk_str_puts(&prefix, key.data);
    sk_str_printf(&key, "%s %s ", word, value);
    last = strtod(value, NULL);
    if (strspn(value, "0123456789.+-eE") != strlen(value)) last = HUGE_VAL;
  }
  l->key = key.data;
  l->prefix = prefix.data;
  l->x = last;
  while (sscanf(p, "%255s%n", word, &nchar) == 1) {
    size_t cap = (size_t)l->nv;
    l->v = (double *)sk_grow(l->v, &cap, (size_t)l->nv + 1, sizeof(double));
    l->v[l->nv++] = strtod(word, NULL);
    p += nchar;
  }
  if (l->nv >= 4) b->n++;
  else { free(l->key); free(l->prefix); free(l->v); }
}

/* Reads the text of one .sko file (name for messages); 0 with *err when it holds no
** result block at all (not a skampi output file, or one truncated before its first). */
static int merge_read_text(const char *name, const char *text, merge_file *f, sk_str *err)
{
  const char *p;
  merge_block *cur = NULL;
  memset(f, 0, sizeof *f);
  sk_str_init(&f->header);
  for (p = text; *p; ) {
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    char *line = sk_strndup(p, len), *bname;
    if (merge_marker(line, "begin result ", &bname)) {
      f->blocks = (merge_block *)sk_grow(f->blocks, &f->cap, f->n + 1, sizeof(merge_block));
      cur = &f->blocks[f->n++];
      memset(cur, 0, sizeof *cur);
      cur->name = bname;
    } else if (merge_marker(line, "end result ", &bname)) {
      free(bname);
      cur = NULL;
    } else if (line[strspn(line, " \t\r")] == '#') {   /* a comment, also indented */
      if (f->n == 0) { sk_str_puts(&f->header, line); sk_str_putc(&f->header, '\n'); }
    } else if (cur != NULL && line[0] != '\0') {
      merge_parse_line(cur, line);
    }
    free(line);
    p += len + (nl ? 1 : 0);
  }
  if (f->n == 0) {
    sk_str_clear(err);
    sk_str_printf(err, "%s:1:1: no result block ('# begin result \"NAME\"'): not a skampi output file", name);
    return 0;
  }
  return 1;
}

static const merge_block *merge_find_block(const merge_file *f, const char *name)
{
  size_t i;
  for (i = 0; i < f->n; i++) if (sk_streq(f->blocks[i].name, name)) return &f->blocks[i];
  return NULL;
}

/* The measurement for `want` in block b: itself, or interpolated into *tmp (§3.4.2). */
static const merge_line *merge_match(const merge_block *b, const merge_line *want, merge_line *tmp)
{
  const merge_line *lo = NULL, *hi = NULL;
  size_t i;
  int k;
  double w;
  for (i = 0; i < b->n; i++) if (sk_streq(b->lines[i].key, want->key)) return &b->lines[i];
  if (want->x == HUGE_VAL) return NULL;
  for (i = 0; i < b->n; i++) {
    const merge_line *c = &b->lines[i];
    if (c->x == HUGE_VAL || !sk_streq(c->prefix, want->prefix) || c->nv != want->nv) continue;
    if (c->x < want->x && (lo == NULL || c->x > lo->x)) lo = c;
    if (c->x > want->x && (hi == NULL || c->x < hi->x)) hi = c;
  }
  if (lo == NULL || hi == NULL) return NULL;
  w = (want->x - lo->x) / (hi->x - lo->x);
  *tmp = *want;
  tmp->v = (double *)sk_malloc(sizeof(double) * (size_t)want->nv);
  for (k = 0; k < want->nv; k++) tmp->v[k] = lo->v[k] + w * (hi->v[k] - lo->v[k]);
  tmp->v[0] = want->v[0];
  tmp->v[3] = lo->v[3] < hi->v[3] ? lo->v[3] : hi->v[3];
  return tmp;
}

static int merge_cmp_time(const void *a, const void *b)
{
  const merge_line *x = *(const merge_line *const *)a, *y = *(const merge_line *const *)b;
  return x->v[1] < y->v[1] ? -1 : x->v[1] > y->v[1] ? 1 : 0;
}

/* The median of the times weighted by the repetition counts (§3.4.1). */
static const merge_line *merge_weighted_median(const merge_line **c, int n)
{
  double total = 0.0, run = 0.0;
  int i;
  qsort((void *)c, (size_t)n, sizeof *c, merge_cmp_time);
  for (i = 0; i < n; i++) total += c[i]->v[3] > 0 ? c[i]->v[3] : 1;
  for (i = 0; i < n; i++) {
    run += c[i]->v[3] > 0 ? c[i]->v[3] : 1;
    if (run >= total / 2.0) return c[i];
  }
  return c[n - 1];
}

static void merge_free(merge_file *f)
{
  size_t i, j;
  for (i = 0; i < f->n; i++) {
    for (j = 0; j < f->blocks[i].n; j++) {
      free(f->blocks[i].lines[j].key);
      free(f->blocks[i].lines[j].prefix);
      free(f->blocks[i].lines[j].v);
    }
    free(f->blocks[i].lines);
    free(f->blocks[i].name);
  }
  free(f->blocks);
  sk_str_free(&f->header);
}

/* A count printed with %ld: NaN, infinities and out-of-range values of a hostile file
** become the nearest long (converting them is undefined in C). */
static long merge_long(double v)
{
  if (v != v) return 0;
  if (v >= (double)LONG_MAX) return LONG_MAX;
  if (v <= (double)LONG_MIN) return LONG_MIN;
  return (long)v;
}

/* The merged text of files already read (files[0] decides the blocks and lines). */
static void merge_write(sk_str *o, merge_file *files, char **names, int n)
{
  merge_line *tmps = (merge_line *)sk_calloc((size_t)n, sizeof(merge_line));
  const merge_line **cands = (const merge_line **)sk_calloc((size_t)n, sizeof(merge_line *));
  int i, k;
  size_t b, l;
  sk_str_printf(o, "# merged by skampi %s from %d runs (SKaLib 3.4: weighted median, interpolation):", SKAMPI_VERSION, n);
  for (i = 0; i < n; i++) sk_str_printf(o, " %s", names[i]);
  sk_str_putc(o, '\n');
  sk_str_puts(o, files[0].header.data ? files[0].header.data : "");
  for (b = 0; b < files[0].n; b++) {
    const merge_block *first = &files[0].blocks[b];
    sk_str_printf(o, "# begin result \"%s\"\n", first->name);
    for (l = 0; l < first->n; l++) {
      const merge_line *chosen;
      int nc = 0;
      cands[nc++] = &first->lines[l];   /* itself, also when its key repeats in the block */
      for (i = 1; i < n; i++) {
        const merge_block *other = merge_find_block(&files[i], first->name);
        const merge_line *c = other ? merge_match(other, &first->lines[l], &tmps[i]) : NULL;
        if (c) cands[nc++] = c;
      }
      chosen = merge_weighted_median(cands, nc);
      sk_str_printf(o, "%s%8ld %12.3f %10.3f %5ld", chosen->key, merge_long(chosen->v[0]), chosen->v[1],
                    chosen->v[2], merge_long(chosen->v[3]));
      for (k = 4; k < chosen->nv; k++) sk_str_printf(o, " %12.3f", chosen->v[k]);
      sk_str_putc(o, '\n');
      for (i = 0; i < n; i++) { free(tmps[i].v); tmps[i].v = NULL; }
    }
    sk_str_printf(o, "# end result \"%s\"\n", first->name);
  }
  free(tmps);
  free((void *)cands);
}

SK_API int sk_merge_texts(char **names, const char *const *texts, int n, sk_str *out, sk_str *err)
{
  merge_file *files = (merge_file *)sk_calloc((size_t)n, sizeof(merge_file));
  int i, ok = 1;
  for (i = 0; i < n && ok; i++) ok = merge_read_text(names[i], texts[i], &files[i], err);
  if (ok) merge_write(out, files, names, n);
  for (i = 0; i < n; i++) merge_free(&files[i]);
  free(files);
  return ok;
}

SK_API int sk_merge_files(const char *out, char **inputs, int ninputs, sk_str *err)
{
  sk_sources src;
  const char **texts = (const char **)sk_calloc((size_t)ninputs, sizeof(char *));
  sk_str o;
  int i, ok = 1;
  sk_sources_init(&src, 1);
  sk_str_init(&o);
  for (i = 0; i < ninputs && ok; i++) {
    const sk_source *s = sk_sources_open_main(&src, inputs[i], err);
    ok = s != NULL;
    if (ok) texts[i] = s->text;
  }
  if (ok) ok = sk_merge_texts(inputs, texts, ninputs, &o, err);
  if (ok) {
    char backup[512];
    ok = sk_out_open(out, err, backup, sizeof backup);   /* never overwrites: FILE.1 */
    if (ok) {
      if (backup[0]) fprintf(stderr, "skampi: kept the existing %s as %s\n", out, backup);
      sk_out_text(o.data ? o.data : "");
      sk_out_close();
    }
  }
  free((void *)texts);
  sk_sources_free(&src);
  sk_str_free(&o);
  return ok;
}
