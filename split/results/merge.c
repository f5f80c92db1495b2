/*
** merge.c -- see merge.h.
*/
#include "merge.h"
#include "output.h"
#include "filepaths.h"

/* The line for `want` in block b: the nth line with its label and loop values (a block
** may repeat them; n counts from 0, the last one found stands in when b has fewer), or
** one interpolated into *tmp (§3.4.2). */
static const sk_sko_line *merge_match(const sk_sko_block *b, const sk_sko_line *want, int nth, sk_sko_line *tmp)
{
  const sk_sko_line *lo = NULL, *hi = NULL, *same = NULL;
  sk_str key, k2;
  size_t i;
  int n;
  double w, x;
  sk_str_init(&key);
  sk_str_init(&k2);
  sk_sko_key(&key, want, 0);
  for (i = 0; i < b->n; i++) {
    sk_str_clear(&k2);
    sk_sko_key(&k2, &b->lines[i], 0);
    if (sk_streq(k2.data, key.data)) { same = &b->lines[i]; if (nth-- == 0) break; }
  }
  if (same != NULL) { sk_str_free(&key); sk_str_free(&k2); return same; }
  x = want->nvars > 0 ? want->vars[want->nvars - 1].x : HUGE_VAL;
  sk_str_clear(&key);
  sk_sko_key(&key, want, 1);
  for (i = 0; i < b->n && x != HUGE_VAL; i++) {
    const sk_sko_line *c = &b->lines[i];
    double cx = c->nvars == want->nvars ? c->vars[c->nvars - 1].x : HUGE_VAL;
    sk_str_clear(&k2);
    sk_sko_key(&k2, c, 1);
    if (cx == HUGE_VAL || !sk_streq(k2.data, key.data)) continue;
    if (cx < x && (lo == NULL || cx > lo->vars[lo->nvars - 1].x)) lo = c;
    if (cx > x && (hi == NULL || cx < hi->vars[hi->nvars - 1].x)) hi = c;
  }
  sk_str_free(&key);
  sk_str_free(&k2);
  if (lo == NULL || hi == NULL) return NULL;
  w = (x - lo->vars[lo->nvars - 1].x) / (hi->vars[hi->nvars - 1].x - lo->vars[lo->nvars - 1].x);
  sk_sko_line_copy(tmp, want);
  tmp->time_us = lo->time_us + w * (hi->time_us - lo->time_us);
  tmp->stderr_us = lo->stderr_us + w * (hi->stderr_us - lo->stderr_us);
  tmp->reps = lo->reps < hi->reps ? lo->reps : hi->reps;
  n = lo->nnode == hi->nnode ? lo->nnode : 0;
  tmp->nnode = n;
  tmp->node_us = (double *)sk_realloc(tmp->node_us, sizeof(double) * (size_t)(n ? n : 1));
  for (i = 0; i < (size_t)n; i++) tmp->node_us[i] = lo->node_us[i] + w * (hi->node_us[i] - lo->node_us[i]);
  return tmp;
}

static int merge_cmp_time(const void *a, const void *b)
{
  const sk_sko_line *x = *(const sk_sko_line *const *)a, *y = *(const sk_sko_line *const *)b;
  return x->time_us < y->time_us ? -1 : x->time_us > y->time_us ? 1 : 0;
}

/* The median of the times weighted by the repetition counts (§3.4.1). */
static const sk_sko_line *merge_weighted_median(const sk_sko_line **c, int n)
{
  double total = 0.0, run = 0.0;
  int i;
  qsort((void *)c, (size_t)n, sizeof *c, merge_cmp_time);
  for (i = 0; i < n; i++) total += c[i]->reps > 0 ? (double)c[i]->reps : 1.0;
  for (i = 0; i < n; i++) {
    run += c[i]->reps > 0 ? (double)c[i]->reps : 1.0;
    if (run >= total / 2.0) return c[i];
  }
  return c[n - 1];
}

/* How many lines before line l of b have its label and loop values. */
static int merge_nth(const sk_sko_block *b, size_t l)
{
  sk_str key, k2;
  size_t i;
  int nth = 0;
  sk_str_init(&key);
  sk_str_init(&k2);
  sk_sko_key(&key, &b->lines[l], 0);
  for (i = 0; i < l; i++) {
    sk_str_clear(&k2);
    sk_sko_key(&k2, &b->lines[i], 0);
    if (sk_streq(k2.data, key.data)) nth++;
  }
  sk_str_free(&key);
  sk_str_free(&k2);
  return nth;
}

/* The merged block for block `first` of files[0]. */
static void merge_block(sk_str *o, const sk_sko_file *files, int nfiles, const sk_sko_block *first)
{
  sk_sko_block m;
  sk_sko_line *tmps = (sk_sko_line *)sk_calloc((size_t)nfiles, sizeof(sk_sko_line));
  const sk_sko_line **cands = (const sk_sko_line **)sk_calloc((size_t)nfiles, sizeof(sk_sko_line *));
  int occurrence = sk_sko_occurrence(&files[0], first), i;
  size_t l;
  m = *first;
  m.lines = (sk_sko_line *)sk_calloc(first->n ? first->n : 1, sizeof(sk_sko_line));
  for (l = 0; l < first->n; l++) {
    int n = 0, nth = merge_nth(first, l);
    cands[n++] = &first->lines[l];   /* a line is its own candidate in its own file */
    for (i = 1; i < nfiles; i++) {
      const sk_sko_block *other = sk_sko_find_block(&files[i], first->name, occurrence);
      const sk_sko_line *c = other ? merge_match(other, &first->lines[l], nth, &tmps[i]) : NULL;
      if (c) cands[n++] = c;
    }
    sk_sko_line_copy(&m.lines[l], merge_weighted_median(cands, n));
    m.lines[l].refined = first->lines[l].refined;
    for (i = 0; i < nfiles; i++) sk_sko_line_free(&tmps[i]);
  }
  sk_sko_format_block(o, &m);
  for (l = 0; l < first->n; l++) sk_sko_line_free(&m.lines[l]);
  free(m.lines);
  free(tmps);
  free((void *)cands);
}

/* What runs must share to be merged (header fields; "SKaMPI Version" by its backend, the
** words in parentheses), with the word that names a difference. */
static const struct { const char *key, *what; } merge_same[] = {
  { "library", "libraries" }, { "processes", "process counts" }, { "input file", "input files" },
  { "SKaMPI Version", "backends" }
};

/* The value of check k in f as compared: NULL when f has not got the field (a file
** without a header is not checked on it). */
static const char *merge_same_value(const sk_sko_file *f, size_t k, char *buf, size_t size)
{
  const char *v = sk_sko_field(f, merge_same[k].key), *open;
  if (v == NULL || !sk_streq(merge_same[k].key, "SKaMPI Version")) return v;
  open = strrchr(v, '(');
  sk_copy_string(buf, size, open ? open : "");
  return buf;
}

SK_API int sk_merge_check(const sk_sko_file *files, int nfiles, char *const *names, sk_str *err)
{
  char b0[256], bi[256];
  size_t k;
  int i;
  for (k = 0; k < sizeof merge_same / sizeof merge_same[0]; k++)
    for (i = 1; i < nfiles; i++) {
      const char *v0 = merge_same_value(&files[0], k, b0, sizeof b0), *vi = merge_same_value(&files[i], k, bi, sizeof bi);
      if (v0 == NULL || vi == NULL || sk_streq(v0, vi)) continue;
      sk_str_clear(err);
      sk_str_printf(err, "skampi: will not merge runs of different %s: %s has %s: %s, %s has %s: %s"
                    " (--force-merge merges them all the same)", merge_same[k].what, names[0], merge_same[k].key,
                    v0, names[i], merge_same[k].key, vi);
      return 0;
    }
  return 1;
}

/* Suites that not every run has, one "# merge: ..." line each: a suite of the first
** file missing in another run (its lines merged from the runs that have it) and a
** suite of another run missing in the first (not merged: the merge follows the first
** file's suites). */
SK_API void sk_merge_suite_notes(sk_str *o, const sk_sko_file *files, int nfiles, char *const *names)
{
  size_t b;
  int i;
  for (i = 1; i < nfiles; i++) {
    for (b = 0; b < files[0].n; b++) {
      const sk_sko_block *bl = &files[0].blocks[b];
      if (sk_sko_find_block(&files[i], bl->name, sk_sko_occurrence(&files[0], bl)) == NULL)
        sk_str_printf(o, "# merge: suite \"%s\" of %s is not in %s (merged from the runs that have it)\n",
                      bl->name, names[0], names[i]);
    }
    for (b = 0; b < files[i].n; b++) {
      const sk_sko_block *bl = &files[i].blocks[b];
      if (sk_sko_find_block(&files[0], bl->name, sk_sko_occurrence(&files[i], bl)) == NULL)
        sk_str_printf(o, "# merge: suite \"%s\" of %s is not in %s (not merged: the merge follows the first run's"
                      " suites)\n", bl->name, names[i], names[0]);
    }
  }
}

SK_API void sk_merge_text(sk_str *o, const sk_sko_file *files, int nfiles, char *const *names)
{
  int i, differ;
  size_t b;
  sk_str err;
  sk_str_init(&err);
  differ = !sk_merge_check(files, nfiles, names, &err);
  sk_str_free(&err);
  sk_str_printf(o, "# merged by: skampi %s (SKaLib 3.4: median of the times weighted by repetitions,"
                   " missing arguments interpolated)\n# merged runs: %d\n", SKAMPI_VERSION, nfiles);
  for (i = 0; i < nfiles; i++) {
    const char *started = sk_sko_field(&files[i], "Started at");
    sk_str_printf(o, "# merged run %d: %s (started %s)\n", i + 1, names[i], started ? started : "unknown");
  }
  if (differ) {   /* forced (--force-merge): what each run was; the header below is the first run's */
    sk_str_puts(o, "# merge forced (--force-merge): the runs differ in library, process count, input file or"
                   " backend; the header below is the first run's\n");
    for (i = 0; i < nfiles; i++) {
      const char *lib = sk_sko_field(&files[i], "library"), *np = sk_sko_field(&files[i], "processes");
      sk_str_printf(o, "# merged run %d library: %s; processes: %s\n", i + 1, lib ? lib : "unknown", np ? np : "unknown");
    }
  }
  sk_merge_suite_notes(o, files, nfiles, names);
  sk_str_puts(o, files[0].header.data ? files[0].header.data : "");
  for (b = 0; b < files[0].n; b++) merge_block(o, files, nfiles, &files[0].blocks[b]);
}

/* Reads every input, then writes the merge to out (never overwriting: out.N). The
** backup of out is made before the text is built, so the header names it. */
/* A file without any result block is no skampi output (or one cut before its first
** block): named with exit status 2 rather than merged into nothing. */
static int merge_check_blocks(const sk_sko_file *files, int n, char *const *names, sk_str *err)
{
  int i;
  for (i = 0; i < n; i++)
    if (files[i].n == 0) {
      sk_str_clear(err);
      sk_str_printf(err, "%s:1:1: no result block ('# begin result \"NAME\"'): not a skampi output file", names[i]);
      return 0;
    }
  return 1;
}

#ifdef SKAMPI_TESTING   /* the .sko fuzzing harness's entry point (tests/fuzz/fuzz_sko.c) */
SK_API int sk_merge_texts(char **names, const char *const *texts, int n, sk_str *out, sk_str *err)
{
  sk_sko_file *files = (sk_sko_file *)sk_calloc((size_t)(n > 0 ? n : 1), sizeof(sk_sko_file));
  int i, ok = 1, nread = 0;
  for (i = 0; i < n && ok; i++, nread++) ok = sk_sko_parse(names[i], texts[i], &files[i], err);
  if (!ok) nread--;
  ok = ok && merge_check_blocks(files, n, names, err);
  if (ok) sk_merge_text(out, files, n, names);
  sk_sko_free_all(files, nread);
  return ok;
}

#endif

SK_API int sk_merge_files(const char *out, char **inputs, int ninputs, int force, sk_str *err)
{
  sk_sko_file *files;
  char **names;
  char backup[512];
  sk_str o;
  int i, ok;
  if (!sk_sko_read_all(inputs, ninputs, &files, err)) return 0;
  if (!merge_check_blocks(files, ninputs, inputs, err) || (!force && !sk_merge_check(files, ninputs, inputs, err))) {
    sk_sko_free_all(files, ninputs);
    return 0;
  }
  sk_str_init(&o);
  sk_merge_suite_notes(&o, files, ninputs, inputs);   /* said on stderr too, as "skampi: merge: ..." */
  {
    const char *line, *end;
    for (line = o.data; line != NULL && *line; line = end + 1) {   /* each "# merge: ...\n" */
      end = strchr(line, '\n');
      fprintf(stderr, "skampi: %.*s\n", (int)(end - line - 2), line + 2);
    }
  }
  sk_str_free(&o);
  /* the name the old out will be kept under, for the header (sk_out_file keeps it so) */
  if (out != NULL && !sk_streq(out, "-")) sk_path_backup_name(out, backup, sizeof backup);
  else backup[0] = '\0';
  names = (char **)sk_calloc((size_t)ninputs, sizeof(char *));
  for (i = 0; i < ninputs; i++) names[i] = backup[0] && sk_streq(inputs[i], out) ? backup : inputs[i];
  sk_str_init(&o);
  sk_merge_text(&o, files, ninputs, names);
  ok = sk_out_file(out, o.data ? o.data : "", err);
  sk_str_free(&o);
  free(names);
  sk_sko_free_all(files, ninputs);
  return ok;
}

/* A run's identity: the header of its output (its '#' lines before the first block, with
** the start time), then '\001' and the process that ran it ("run: rank 0 was process N")
** where the file says so; and how much it holds (its complete blocks and their lines);
** NULL when path is a merge or no result file. In SKaMPI 5's layout the process line
** comes after the last suite, so a copy a resume cut has none (merge_same_run). */
static char *merge_run_header(const char *path, size_t *nblocks)
{
  sk_sko_file f;
  sk_str err, id;
  char *header = NULL;
  sk_str_init(&err);
  *nblocks = 0;
  if (sk_sko_read(path, &f, &err) && sk_sko_field(&f, "merged by") == NULL) {
    size_t b;
    const char *proc = sk_sko_field(&f, "run");
    sk_str_init(&id);
    sk_str_puts(&id, f.header.data ? f.header.data : "");
    if (proc != NULL) { sk_str_putc(&id, '\001'); sk_str_puts(&id, proc); }
    header = sk_strdup(id.data ? id.data : "");
    sk_str_free(&id);
    for (b = 0; b < f.n; b++) *nblocks += f.blocks[b].complete ? 1 + f.blocks[b].n : 0;
  }
  sk_sko_free(&f);
  sk_str_free(&err);
  return header;
}

/* Two identities (merge_run_header) are one run when their headers agree and so do their
** processes where both name one (runs started in the same second on one host have equal
** headers; a cut copy names no process). */
static int merge_same_run(const char *a, const char *b)
{
  const char *pa = strchr(a, '\001'), *pb = strchr(b, '\001');
  size_t la = pa ? (size_t)(pa - a) : strlen(a), lb = pb ? (size_t)(pb - b) : strlen(b);
  if (la != lb || strncmp(a, b, la) != 0) return 0;
  return pa == NULL || pb == NULL || sk_streq(pa, pb);
}

/* OUT, OUT.1, OUT.2, ... up to the first missing name, without merges; a run counts
** once: the copies a resume keeps of the file it cut (runlog.h) have that run's header,
** and of the files with one header the one that holds the most is merged. */
SK_API int sk_merge_backups(const char *out, sk_str *err)
{
  char **runs = NULL, **headers = NULL;
  size_t n = 0, cap = 0, caph = 0, capb = 0, k, *blocks = NULL;
  int i, result;
  FILE *probe;
  for (i = 0; i < 100000; i++) {
    char *name = (char *)sk_malloc(strlen(out) + 16), *header;
    size_t nblocks;
    if (i == 0) strcpy(name, out); else sprintf(name, "%s.%d", out, i);
    probe = fopen(name, "r");
    if (probe == NULL) { free(name); break; }
    fclose(probe);
    header = merge_run_header(name, &nblocks);
    for (k = 0; header != NULL && k < n; k++) if (merge_same_run(headers[k], header)) break;
    if (header == NULL || k < n) {
      if (header != NULL && nblocks > blocks[k]) { free(runs[k]); runs[k] = name; blocks[k] = nblocks; }
      else free(name);
      free(header);
      continue;
    }
    runs = (char **)sk_grow(runs, &cap, n + 1, sizeof(char *));
    headers = (char **)sk_grow(headers, &caph, n + 1, sizeof(char *));
    blocks = (size_t *)sk_grow(blocks, &capb, n + 1, sizeof(size_t));
    headers[n] = header;
    blocks[n] = nblocks;
    runs[n++] = name;
  }
  result = (int)n;
  if (n >= 2 && !sk_merge_files(out, runs, (int)n, 0, err)) result = -1;
  for (k = 0; k < n; k++) { free(runs[k]); free(headers[k]); }
  free(runs);
  free(headers);
  free(blocks);
  return result;
}
