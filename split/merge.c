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

static int merge_read(const char *path, merge_file *f, sk_str *err)
{
  sk_sources src;
  const sk_source *s;
  const char *p;
  merge_block *cur = NULL;
  memset(f, 0, sizeof *f);
  sk_str_init(&f->header);
  sk_sources_init(&src, 1);
  s = sk_sources_open_main(&src, path, err);
  if (s == NULL) { sk_sources_free(&src); return 0; }
  for (p = s->text; *p; ) {
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    char *line = sk_strndup(p, len), *name;
    if (merge_marker(line, "begin result ", &name)) {
      f->blocks = (merge_block *)sk_grow(f->blocks, &f->cap, f->n + 1, sizeof(merge_block));
      cur = &f->blocks[f->n++];
      memset(cur, 0, sizeof *cur);
      cur->name = name;
    } else if (merge_marker(line, "end result ", &name)) {
      free(name);
      cur = NULL;
    } else if (line[0] == '#') {
      if (f->n == 0) { sk_str_puts(&f->header, line); sk_str_putc(&f->header, '\n'); }
    } else if (cur != NULL && line[0] != '\0') {
      merge_parse_line(cur, line);
    }
    free(line);
    p += len + (nl ? 1 : 0);
  }
  sk_sources_free(&src);
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

SK_API int sk_merge_files(const char *out, char **inputs, int ninputs, sk_str *err)
{
  merge_file *files = (merge_file *)sk_calloc((size_t)ninputs, sizeof(merge_file));
  merge_line *tmps = (merge_line *)sk_calloc((size_t)ninputs, sizeof(merge_line));
  const merge_line **cands = (const merge_line **)sk_calloc((size_t)ninputs, sizeof(merge_line *));
  sk_str o;
  int i, k, ok = 1;
  size_t b, l;
  for (i = 0; i < ninputs && ok; i++) ok = merge_read(inputs[i], &files[i], err);
  sk_str_init(&o);
  if (ok) {
    sk_str_printf(&o, "# merged by skampi %s from %d runs (SKaLib 3.4: weighted median, interpolation):", SKAMPI_VERSION, ninputs);
    for (i = 0; i < ninputs; i++) sk_str_printf(&o, " %s", inputs[i]);
    sk_str_putc(&o, '\n');
    sk_str_puts(&o, files[0].header.data ? files[0].header.data : "");
    for (b = 0; b < files[0].n; b++) {
      const merge_block *first = &files[0].blocks[b];
      sk_str_printf(&o, "# begin result \"%s\"\n", first->name);
      for (l = 0; l < first->n; l++) {
        const merge_line *chosen;
        int n = 0;
        for (i = 0; i < ninputs; i++) {
          const merge_block *other = i == 0 ? first : merge_find_block(&files[i], first->name);
          const merge_line *c = other ? merge_match(other, &first->lines[l], &tmps[i]) : NULL;
          if (c) cands[n++] = c;
        }
        chosen = merge_weighted_median(cands, n);
        sk_str_printf(&o, "%s%8ld %12.3f %10.3f %5ld", chosen->key, (long)chosen->v[0], chosen->v[1],
                      chosen->v[2], (long)chosen->v[3]);
        for (k = 4; k < chosen->nv; k++) sk_str_printf(&o, " %12.3f", chosen->v[k]);
        sk_str_putc(&o, '\n');
        for (i = 0; i < ninputs; i++) { free(tmps[i].v); tmps[i].v = NULL; }
      }
      sk_str_printf(&o, "# end result \"%s\"\n", first->name);
    }
    {
      char backup[512];
      ok = sk_out_open(out, err, backup, sizeof backup);   /* never overwrites: FILE.1 */
      if (ok) {
        if (backup[0]) fprintf(stderr, "skampi: kept the existing %s as %s\n", out, backup);
        sk_out_text(o.data ? o.data : "");
        sk_out_close();
      }
    }
  }
  for (i = 0; i < ninputs; i++) merge_free(&files[i]);
  free(files);
  free(tmps);
  free((void *)cands);
  sk_str_free(&o);
  return ok;
}
