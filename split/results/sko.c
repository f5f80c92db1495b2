/*
** sko.c -- see sko.h.
*/
#include "sko.h"
#include "sources.h"
#include "output.h"
#include <float.h>

typedef struct sko_parser {
  const char *name;
  int lineno;
  int lenient;            /* sk_sko_set_lenient: a block begun inside another ends it */
  sk_sko_file *f;
  sk_sko_block *cur;      /* the open block or NULL */
  char *label;            /* the label of the lines that follow */
  int refined;            /* the next line was added by autorefine */
  int time_kind;          /* the open block's last "#@ suite: time=" (SK_SKO_TIME_*) */
  int suite_marks;        /* its "#@ suite:" lines so far */
  sk_str *err;
} sko_parser;

static int sko_lenient = 0;   /* sk_sko_set_lenient */

static void sko_error(sko_parser *p, int col, const char *msg, const char *word)
{
  sk_str_printf(p->err, "%s:%d:%d: %s", p->name, p->lineno, col, msg);
  if (word) sk_str_printf(p->err, " '%s'", word);
}

/* `begin result "NAME"` / `end result "NAME"`, with or without "# ". */
static int sko_marker(const char *line, const char *what, char **name)
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

static void sko_add_field(sk_sko_file *f, const char *key, size_t keylen, const char *value)
{
  f->fields = (sk_sko_hfield *)sk_grow(f->fields, &f->capfields, f->nfields + 1, sizeof(sk_sko_hfield));
  f->fields[f->nfields].key = sk_strndup(key, keylen);
  f->fields[f->nfields].value = sk_strdup(value);
  f->nfields++;
}

/* A '#' line outside blocks: "# key: value", or one of the lines without a colon. */
static void sko_header_field(sk_sko_file *f, const char *line)
{
  static const char *const prefixes[] = { "SKaMPI Version", "Started at", "Finished at", "Total runtime" };
  const char *p = line + 1, *colon;
  size_t k;
  if (p[0] == '@' && p[1] == ' ') {   /* a mark, e.g. the column list: key "@columns" */
    colon = strstr(p, ": ");
    if (colon != NULL) {
      sk_str key;
      sk_str_init(&key);
      sk_str_putc(&key, '@');
      sk_str_putn(&key, p + 2, (size_t)(colon - p - 2));
      sko_add_field(f, key.data, key.len, colon + 2);
      sk_str_free(&key);
    }
    return;
  }
  while (*p == ' ') p++;
  for (k = 0; k < sizeof prefixes / sizeof prefixes[0]; k++) {
    size_t n = strlen(prefixes[k]);
    if (strncmp(p, prefixes[k], n) == 0 && p[n] == ' ') { sko_add_field(f, p, n, p + n + 1); return; }
  }
  colon = strstr(p, ": ");
  if (colon != NULL) sko_add_field(f, p, (size_t)(colon - p), colon + 2);
}

static void sko_add_label(sk_sko_block *b, const char *label)
{
  size_t i;
  for (i = 0; i < b->nlabels; i++) if (sk_streq(b->labels[i], label)) return;
  b->labels = (char **)sk_grow(b->labels, &b->caplabels, b->nlabels + 1, sizeof(char *));
  b->labels[b->nlabels++] = sk_strdup(label);
}

/* 1: *x is a finite number; 0: text is no number; -1: a number, but no finite double
** (inf, nan, 1e999 that strtod makes inf). */
static int sko_parse_number(const char *text, double *x)
{
  char *end;
  *x = strtod(text, &end);
  if (*text == '\0' || *end != '\0') return 0;
  /* finite numbers only: skampi writes no inf or nan, and 1e999 would come back as inf */
  return *x > -DBL_MAX && *x < DBL_MAX ? 1 : -1;
}

static double sko_number(const char *text)
{
  double x;
  return sko_parse_number(text, &x) == 1 ? x : HUGE_VAL;
}

/* The next blank-separated word of *pp into *word (NULL at the end); its column. */
static int sko_word(const char **pp, const char *line, char **word)
{
  const char *p = *pp, *start;
  while (*p == ' ' || *p == '\t' || *p == '\r') p++;
  if (*p == '\0') { *word = NULL; *pp = p; return (int)(p - line) + 1; }
  start = p;
  if (*p == '[') { while (*p && *p != ']') p++; if (*p) p++; }   /* an array value: [1, 2] */
  else while (*p && *p != ' ' && *p != '\t' && *p != '\r') p++;
  *word = sk_strndup(start, (size_t)(p - start));
  *pp = p;
  return (int)(start - line) + 1;
}

static int sko_starts(const char *line, const char *prefix)
{
  return strncmp(line, prefix, strlen(prefix)) == 0;
}

static const char *const sko_time_kind_names[] = { NULL, "round_trip", "one_way", "operation", "per_message" };

/* The one-way latency and bandwidth of a line from its block's time kind (sko.h). */
static void sko_derive(sk_sko_line *l, int kind)
{
  double per_message = kind == SK_SKO_TIME_ROUND_TRIP ? l->time_us / 2.0 : l->time_us;
  l->oneway_us = l->mbytes_per_s = -1.0;
  /* a latency only where the time is one message's way: not a collective's or other
  ** operation's time, not a stream's time per message (an inverse rate) */
  if (kind == SK_SKO_TIME_ROUND_TRIP || kind == SK_SKO_TIME_ONE_WAY) l->oneway_us = per_message;
  if ((kind == SK_SKO_TIME_ROUND_TRIP || kind == SK_SKO_TIME_ONE_WAY || kind == SK_SKO_TIME_PER_MESSAGE) &&
      l->size > 0 && per_message > 0.0)
    l->mbytes_per_s = (double)l->size / per_message;
}

/* The largest time a result line may hold, in microseconds (about 31.7 years): no
** measurement takes longer, and the sums and ratios that merge, report and export form
** of such times stay finite doubles. */
#define SKO_MAX_TIME_US 1e15

static int sko_result_line(sko_parser *ps, const char *line)
{
  sk_sko_line l;
  const char *p = line;
  double nums[4], x;
  int nnum = 0, col = 1, cols[4], *ncols = NULL, k;
  char *w;
  size_t capv = 0, capn = 0, capc = 0;
  sk_sko_block *b = ps->cur;
  memset(&l, 0, sizeof l);
  l.oneway_us = l.mbytes_per_s = -1.0;
  for (;;) {
    col = sko_word(&p, line, &w);
    if (w == NULL) break;
    if (nnum == 0 && w[strlen(w) - 1] == '=' && strlen(w) > 1) {
      char *value;
      int vcol = sko_word(&p, line, &value);
      if (value == NULL) { sko_error(ps, vcol, "a loop variable without a value:", w); free(w); goto bad; }
      l.vars = (sk_sko_var *)sk_grow(l.vars, &capv, (size_t)l.nvars + 1, sizeof(sk_sko_var));
      w[strlen(w) - 1] = '\0';
      l.vars[l.nvars].name = w;
      l.vars[l.nvars].text = value;
      l.vars[l.nvars].x = sko_number(value);
      l.nvars++;
      continue;
    }
    k = sko_parse_number(w, &x);
    if (k != 1) {   /* inf, nan and numbers beyond the doubles (1e999) are refused too */
      sko_error(ps, col, k == 0 ? "not a number in a result line:" : "not a finite number in a result line:", w);
      free(w);
      goto bad;
    }
    if (nnum < 4) { cols[nnum] = col; nums[nnum++] = x; }
    else {
      l.node_us = (double *)sk_grow(l.node_us, &capn, (size_t)l.nnode + 1, sizeof(double));
      ncols = (int *)sk_grow(ncols, &capc, (size_t)l.nnode + 1, sizeof(int));
      ncols[l.nnode] = col;
      l.node_us[l.nnode++] = x;
    }
    free(w);
  }
  if (nnum < 4) {
    sko_error(ps, col, "a result line needs size, time, standard error and repetitions", NULL);
    goto bad;
  }
  if (nums[0] < 0.0) { sko_error(ps, cols[0], "the message size is negative", NULL); goto bad; }
  if (!(nums[0] <= 2147483647.0) || !(nums[3] >= 0.0 && nums[3] <= 2147483647.0)) {
    sko_error(ps, nums[0] <= 2147483647.0 ? cols[3] : cols[0],
              "the message size or the repetition count is out of range", NULL);
    goto bad;
  }
  l.size = (long)nums[0];
  if (b->unit != 1e6) {   /* set_unit; the default needs no arithmetic (exact on x87 too) */
    l.time_us = nums[1] * 1e6 / b->unit;
    l.stderr_us = nums[2] * 1e6 / b->unit;
    for (k = 0; k < l.nnode; k++) l.node_us[k] *= 1e6 / b->unit;
  } else {
    l.time_us = nums[1];
    l.stderr_us = nums[2];
  }
  /* times: finite (also after set_unit's factor), not negative, at most SKO_MAX_TIME_US */
  for (k = -2; k < l.nnode; k++) {
    double t = k == -2 ? l.time_us : k == -1 ? l.stderr_us : l.node_us[k];
    int at = k == -2 ? cols[1] : k == -1 ? cols[2] : ncols[k];
    const char *what = k == -2 ? "the time" : k == -1 ? "the standard error" : "a node time";
    if (t < 0.0 || !(t <= SKO_MAX_TIME_US)) {
      sk_str_printf(ps->err, "%s:%d:%d: %s is %s", ps->name, ps->lineno, at, what,
                    t < 0.0 ? "negative" : "out of range (more than 1e15 microseconds)");
      goto bad;
    }
  }
  free(ncols);
  ncols = NULL;
  l.reps = (long)nums[3];
  sko_derive(&l, ps->time_kind);
  l.label = sk_strdup(ps->label ? ps->label : "");
  l.refined = ps->refined;
  l.lineno = ps->lineno;
  ps->refined = 0;
  sko_add_label(b, l.label);
  b->lines = (sk_sko_line *)sk_grow(b->lines, &b->cap, b->n + 1, sizeof(sk_sko_line));
  b->lines[b->n++] = l;
  return 1;
bad:
  free(ncols);
  sk_sko_line_free(&l);
  return 0;
}

/* A time of a mark (text at column col): a finite number, not negative, at most
** SKO_MAX_TIME_US after the block's unit; 0 with the error set. */
static int sko_mark_time(sko_parser *ps, const char *text, int col, double unit, double *us)
{
  int k = sko_parse_number(text, us);
  if (k != 1) {
    sko_error(ps, col, k == 0 ? "not a number in a mark:" : "not a finite number in a mark:", text);
    return 0;
  }
  if (unit != 1e6) *us *= 1e6 / unit;
  if (*us < 0.0) { sko_error(ps, col, "a time in a mark is negative:", text); return 0; }
  if (!(*us <= SKO_MAX_TIME_US)) {
    sko_error(ps, col, "a time in a mark is out of range (more than 1e15 microseconds):", text);
    return 0;
  }
  return 1;
}

/* "#@ dist:" (want 7) or "#@ reps:" (want 0: one or more) after the prefix of length
** skip: the times in microseconds into a new array; -1 with the error set. */
static int sko_mark_times(sko_parser *ps, const char *line, size_t skip, int want, double unit, double **out)
{
  const char *p = line + skip;
  double *x = NULL;
  size_t cap = 0;
  int n = 0, col;
  char *w;
  for (;;) {
    col = sko_word(&p, line, &w);
    if (w == NULL) break;
    x = (double *)sk_grow(x, &cap, (size_t)n + 1, sizeof(double));
    if (!sko_mark_time(ps, w, col, unit, &x[n])) { free(w); free(x); return -1; }
    free(w);
    n++;
  }
  if ((want > 0 && n != want) || n == 0) {
    sk_str_printf(ps->err, "%s:%d:%d: %s", ps->name, ps->lineno, col,
                  want > 0 ? "a dist mark needs 7 numbers (least, Q1, median, Q3, P90, P99, largest)"
                           : "a reps mark needs at least one number");
    free(x);
    return -1;
  }
  *out = x;
  return n;
}

/* "#@ flags:": NAME or NAME=VALUE, comma-separated; a name of lower-case letters, digits
** and '_', a value without blanks or commas. */
static int sko_mark_flags(sko_parser *ps, const char *line, size_t skip, char **flags)
{
  const char *p = line + skip, *start;
  while (*p == ' ') p++;
  start = p;
  for (;;) {
    const char *name = p;
    while ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_') p++;
    if (p == name) break;
    if (*p == '=') {
      const char *value = ++p;
      while (*p && *p != ',' && *p != ' ' && *p != '\t') p++;
      if (p == value) break;
    }
    if (*p != ',') break;
    p++;
  }
  if (*p != '\0' || p == start) {
    sko_error(ps, (int)(p - line) + 1, "a malformed flag list (NAME or NAME=VALUE, comma-separated)", NULL);
    return 0;
  }
  *flags = sk_strdup(start);
  return 1;
}

/* "#@ suite: time=KIND dummy_us=X dummy_err_us=Y [of=line_above]": an unknown KIND or key
** is passed over (a newer writer); a bad number is an error. of=line_above (the skampi5
** layout writes the mark after the line it belongs to): the line above is of KIND too. */
static int sko_mark_suite(sko_parser *ps, const char *line, size_t skip)
{
  sk_sko_block *b = ps->cur;
  const char *p = line + skip;
  char *w;
  int col, k, kind = SK_SKO_TIME_UNKNOWN, seen = 0, above = 0;
  for (;;) {
    col = sko_word(&p, line, &w);
    if (w == NULL) {   /* "of=line_above" (the skampi5 layout): the line above is of this kind too */
      if (seen && above && b->n > 0) sko_derive(&b->lines[b->n - 1], kind);
      return 1;
    }
    if (sk_streq(w, "of=line_above")) above = 1;
    if (strncmp(w, "time=", 5) == 0) {
      for (kind = SK_SKO_TIME_UNKNOWN, k = 1; k <= SK_SKO_TIME_PER_MESSAGE; k++)
        if (sk_streq(w + 5, sko_time_kind_names[k])) kind = k;
      /* a block of several kinds (a ping-pong beside a collective) has none as a whole;
      ** each line keeps the kind of the mark before it */
      b->time_kind = ps->suite_marks++ == 0 || b->time_kind == kind ? kind : SK_SKO_TIME_UNKNOWN;
      ps->time_kind = kind;
      seen = 1;
    } else if (strncmp(w, "dummy_us=", 9) == 0 || strncmp(w, "dummy_err_us=", 13) == 0) {
      int err = w[6] == 'e';
      double us;
      if (!sko_mark_time(ps, w + (err ? 13 : 9), col + (err ? 13 : 9), 1e6, &us)) { free(w); return 0; }
      if (err && b->dummy_err_us < 0.0) b->dummy_err_us = us;
      if (!err && b->dummy_us < 0.0) b->dummy_us = us;
    }
    free(w);
  }
}

/* A "#@ " line inside a block. 1: taken (or an unknown mark, kept as a note: *keep set);
** 0: malformed, the error set. */
static int sko_block_mark(sko_parser *ps, const char *line, int *keep)
{
  sk_sko_block *b = ps->cur;
  sk_sko_line *last = b->n > 0 ? &b->lines[b->n - 1] : NULL;
  static const char *const line_marks[] = { "#@ flags:", "#@ dist:", "#@ reps:" };
  int k, n;
  *keep = 0;
  for (k = 0; k < 3; k++)
    if (sko_starts(line, line_marks[k]) && last == NULL) {
      sko_error(ps, 1, "a line's mark before the block's first result line", NULL);
      return 0;
    }
  if (sko_starts(line, "#@ flags:")) {
    char *flags;
    if (!sko_mark_flags(ps, line, 9, &flags)) return 0;
    free(last->flagset);
    last->flagset = flags;
  } else if (sko_starts(line, "#@ dist:")) {
    double *x;
    if (sko_mark_times(ps, line, 8, 7, b->unit, &x) < 0) return 0;
    memcpy(last->dist, x, sizeof last->dist);
    last->has_dist = 1;
    free(x);
    if (!(last->dist[0] <= last->dist[2] && last->dist[2] <= last->dist[6])) {
      sko_error(ps, 10, "a dist mark's median is not between its least and largest value", NULL);
      return 0;
    }
  } else if (sko_starts(line, "#@ reps:")) {
    double *x;
    if ((n = sko_mark_times(ps, line, 8, 0, b->unit, &x)) < 0) return 0;
    free(last->rep_us);
    last->rep_us = x;
    last->nrep = n;
  } else if (sko_starts(line, "#@ suite:")) {
    return sko_mark_suite(ps, line, 9);
  } else if (sko_starts(line, "#@ loop_ended:")) {
    const char *at = line + 14;
    while (*at == ' ') at++;
    free(b->loop_ended);
    b->loop_ended = sk_strdup(at);
    if (last && !sk_sko_line_flag(last, "loop_ended", NULL, 0)) {   /* the line it ended after */
      size_t have = last->flagset ? strlen(last->flagset) : 0;
      last->flagset = (char *)sk_realloc(last->flagset, have + 12);
      strcpy(last->flagset + have, have ? ",loop_ended" : "loop_ended");
    }
  } else {
    *keep = 1;
  }
  return 1;
}


/* "# (N repetitions discarded" and the rest: 1 with *n = N. The whole literal must match:
** sscanf's %d alone takes "# (100 calls per timing ...)" for 100 discarded repetitions. */
static int sko_discarded_note(const char *line, int *n)
{
  int end = 0;
  return sscanf(line, "# (%d repetitions discarded%n", n, &end) == 1 && end > 0 && *n >= 0;
}

/* A '#' line inside a block: a label, a mark, or a note kept verbatim. 0: a malformed
** mark (the error set). */
static int sko_block_comment(sko_parser *ps, const char *line)
{
  sk_sko_block *b = ps->cur;
  sk_sko_line *last = b->n > 0 ? &b->lines[b->n - 1] : NULL;
  int n, keep = 1;
  double unit;
  if (sko_starts(line, "#@ ") && !sko_block_mark(ps, line, &keep)) return 0;
  if (!keep) {
    /* a mark, taken */
  } else if (b->n == 0 && sscanf(line, "# times in seconds x %lf", &unit) == 1 && unit > 0.0) {
    b->unit = unit;                  /* set_unit: converted to microseconds */
  } else if (sko_starts(line, "# measure ")) {
    free(ps->label);
    ps->label = sk_strdup(line + 10);
  } else if (sk_streq(line, "# (added by autorefine)")) {
    ps->refined = 1;
  } else if (last && sko_starts(line, "# (stopped by the time limit per measurement")) {
    last->limited = 1;
  } else if (last && sko_discarded_note(line, &n)) {
    last->invalid = n;
  } else if (last && (sko_starts(line, "# (interference:") || sko_starts(line, "# (untrustworthy:"))) {
    size_t have = last->flags ? strlen(last->flags) : 0, add = strlen(line);
    last->flags = (char *)sk_realloc(last->flags, have + add + 2);
    memcpy(last->flags + have, line, add);
    last->flags[have + add] = '\n';
    last->flags[have + add + 1] = '\0';
  } else {
    sk_str *into = b->n == 0 ? &b->notes_before : &b->notes;
    if (sko_starts(line, "# (suite stopped by its time limit")) b->suite_limited = 1;
    sk_str_puts(into, line);
    sk_str_putc(into, '\n');
  }
  return 1;
}

static int sko_parse_line(sko_parser *ps, const char *line)
{
  sk_sko_file *f = ps->f;
  char *name;
  double d;
  /* a '#' line may be indented (an edited file): markers too, else an indented
  ** "# end result" kept as a note would become a marker when the merged file is read */
  size_t indent = strspn(line, " \t");
  if (line[indent] == '#') line += indent;
  if (sko_marker(line, "begin result ", &name)) {
    if (ps->cur != NULL && !ps->lenient) {
      sk_str_printf(ps->err, "%s:%d:1: a result block begun inside block '%s', whose end line is missing", ps->name,
                    ps->lineno, ps->cur->name);
      free(name);
      return 0;
    }
    f->blocks = (sk_sko_block *)sk_grow(f->blocks, &f->cap, f->n + 1, sizeof(sk_sko_block));
    ps->cur = &f->blocks[f->n++];
    memset(ps->cur, 0, sizeof *ps->cur);
    ps->cur->dummy_us = ps->cur->dummy_err_us = -1.0;
    sk_str_init(&ps->cur->notes);
    sk_str_init(&ps->cur->notes_before);
    ps->cur->name = name;
    ps->cur->duration = -1.0;
    ps->cur->unit = 1e6;
    free(ps->label);
    ps->label = NULL;
    ps->refined = 0;
    ps->time_kind = SK_SKO_TIME_UNKNOWN;
    ps->suite_marks = 0;
  } else if (sko_marker(line, "end result ", &name)) {
    if (ps->cur == NULL || !sk_streq(ps->cur->name, name)) {
      sko_error(ps, 1, "end of a result block that was not begun:", name);
      free(name);
      return 0;
    }
    ps->cur->complete = 1;
    free(name);
    ps->cur = NULL;
  } else if (line[0] == '#') {   /* a comment (indented ones too, see above) */
    if (ps->cur != NULL) return sko_block_comment(ps, line);
    else if (f->n > 0 && sscanf(line, "# duration = %lf", &d) == 1) f->blocks[f->n - 1].duration = d;
    else {
      if (f->n == 0) { sk_str_puts(&f->header, line); sk_str_putc(&f->header, '\n'); }
      sko_header_field(f, line);
    }
  } else if (line[strspn(line, " \t\r")] == '\0') {
    /* blank */
  } else if (ps->cur == NULL) {
    sko_error(ps, 1, "a result line outside a result block", NULL);
    return 0;
  } else {
    return sko_result_line(ps, line);
  }
  return 1;
}

/* The bytes of one line (n bytes at p, its '\n' not included): no NUL anywhere, and
** well-formed UTF-8 except in a free comment (a note or header line, kept verbatim; a
** JSON export escapes what it cannot carry). 0 with the error set. */
static int sko_line_bytes(sko_parser *ps, const char *p, size_t n)
{
  const char *nul = (const char *)memchr(p, '\0', n);
  size_t good, indent;
  if (nul != NULL) {
    sko_error(ps, (int)(nul - p) + 1, "a NUL byte in a result file (a damaged file?)", NULL);
    return 0;
  }
  good = sk_utf8_valid_prefix(p, n);
  if (good == n) return 1;
  indent = 0;
  while (indent < n && (p[indent] == ' ' || p[indent] == '\t')) indent++;
  if (indent < n && p[indent] == '#' && !sko_starts(p + indent, "#@ ") && !sko_starts(p + indent, "# measure ") &&
      !sko_starts(p + indent, "# begin result") && !sko_starts(p + indent, "# end result"))
    return 1;
  sk_str_printf(ps->err, "%s:%d:%d: a byte that is not UTF-8 text (0x%02X)", ps->name, ps->lineno, (int)good + 1,
                (unsigned)(unsigned char)p[good]);
  return 0;
}

SK_API void sk_sko_set_lenient(int lenient) { sko_lenient = lenient; }

/* The reader proper: *bad_at gets the byte offset of the line that made it fail. */
static int sko_parse_text(const char *name, const char *text, size_t len, int lenient, sk_sko_file *f,
                          size_t *bad_at, sk_str *err)
{
  sko_parser ps;
  const char *p = text, *end = text + len;
  sk_str line_err, first_err;
  int ok = 1, skipped = 0;
  memset(f, 0, sizeof *f);
  sk_str_init(&f->header);
  f->path = sk_strdup(name);
  memset(&ps, 0, sizeof ps);
  sk_str_init(&line_err);
  sk_str_init(&first_err);
  ps.name = name;
  ps.f = f;
  ps.err = &line_err;
  ps.lenient = lenient;
  while (p < end && ok) {
    const char *nl = (const char *)memchr(p, '\n', (size_t)(end - p));
    size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
    ps.lineno++;
    ok = sko_line_bytes(&ps, p, n);
    if (ok) {
      char *line = sk_strndup(p, n);
      size_t cut = n;
      while (cut > 0 && line[cut - 1] == '\r') line[--cut] = '\0';   /* CRLF, and CRs before it */
      ok = sko_parse_line(&ps, line);
      free(line);
    }
    if (!ok) *bad_at = (size_t)(p - text);
    if (!ok && lenient) {             /* --lenient: the line is passed over, and counted */
      if (skipped++ == 0) sk_str_puts(&first_err, line_err.data ? line_err.data : "");
      sk_str_clear(&line_err);
      ok = 1;
    }
    p += n + (nl ? 1 : 0);
  }
  free(ps.label);
  if (!ok) {
    sk_str_puts(err, line_err.data ? line_err.data : "");
    sk_sko_free(f);
  } else if (skipped > 0) {
    fprintf(stderr, "skampi: %s: passed over %d malformed line%s (--lenient); the first: %s\n", name, skipped,
            skipped == 1 ? "" : "s", first_err.data ? first_err.data : "");
  }
  sk_str_free(&line_err);
  sk_str_free(&first_err);
  return ok;
}

SK_API int sk_sko_parse_n(const char *name, const char *text, size_t len, sk_sko_file *f, sk_str *err)
{
  size_t bad_at;
  return sko_parse_text(name, text, len, sko_lenient, f, &bad_at, err);
}

SK_API int sk_sko_check(const char *name, const char *text, size_t len, size_t *bad_at, sk_str *err)
{
  sk_sko_file f;
  int ok = sko_parse_text(name, text, len, 0, &f, bad_at, err);
  if (ok) sk_sko_free(&f);
  return ok;
}

SK_API int sk_sko_read(const char *path, sk_sko_file *f, sk_str *err)
{
  sk_sources src;
  const sk_source *s;
  int ok;
  memset(f, 0, sizeof *f);
  sk_sources_init(&src, 1);
  src.max_bytes = SK_RESULT_MAX_BYTES;
  s = sk_sources_open_main(&src, path, err);
  ok = s != NULL && sk_sko_parse_n(path, s->text, s->len, f, err);
  sk_sources_free(&src);
  return ok;
}

SK_API void sk_sko_free_all(sk_sko_file *files, int n)
{
  int i;
  for (i = 0; i < n; i++) sk_sko_free(&files[i]);
  free(files);
}

SK_API int sk_sko_read_all(char *const *paths, int n, sk_sko_file **files, sk_str *err)
{
  int i;
  *files = (sk_sko_file *)sk_calloc((size_t)(n > 0 ? n : 1), sizeof(sk_sko_file));
  for (i = 0; i < n; i++)
    if (!sk_sko_read(paths[i], &(*files)[i], err)) { sk_sko_free_all(*files, i); *files = NULL; return 0; }
  return 1;
}

SK_API void sk_sko_line_free(sk_sko_line *l)
{
  int i;
  for (i = 0; i < l->nvars; i++) { free(l->vars[i].name); free(l->vars[i].text); }
  free(l->vars);
  free(l->label); free(l->flags); free(l->flagset);    /* its texts */
  free(l->node_us); free(l->rep_us);                   /* its numbers */
  memset(l, 0, sizeof *l);
}

SK_API void sk_sko_line_copy(sk_sko_line *dst, const sk_sko_line *src)
{
  int i;
  *dst = *src;
  dst->label = sk_strdup(src->label);
  dst->flags = src->flags ? sk_strdup(src->flags) : NULL;
  dst->vars = (sk_sko_var *)sk_malloc(sizeof(sk_sko_var) * (size_t)(src->nvars ? src->nvars : 1));
  for (i = 0; i < src->nvars; i++) {
    dst->vars[i] = src->vars[i];
    dst->vars[i].name = sk_strdup(src->vars[i].name);
    dst->vars[i].text = sk_strdup(src->vars[i].text);
  }
  dst->node_us = (double *)sk_malloc(sizeof(double) * (size_t)(src->nnode ? src->nnode : 1));
  if (src->nnode) memcpy(dst->node_us, src->node_us, sizeof(double) * (size_t)src->nnode);
  dst->flagset = src->flagset ? sk_strdup(src->flagset) : NULL;
  dst->rep_us = NULL;
  if (src->nrep > 0) {
    dst->rep_us = (double *)sk_malloc(sizeof(double) * (size_t)src->nrep);
    memcpy(dst->rep_us, src->rep_us, sizeof(double) * (size_t)src->nrep);
  }
}

SK_API const char *sk_sko_line_flag(const sk_sko_line *l, const char *name, char *value, size_t size)
{
  const char *p = l->flagset;
  size_t n = strlen(name);
  if (size > 0) value[0] = '\0';
  while (p && *p) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    if (len >= n && strncmp(p, name, n) == 0 && (len == n || p[n] == '=')) {
      if (len > n && size > 0) {
        size_t vlen = len - n - 1 < size - 1 ? len - n - 1 : size - 1;
        memcpy(value, p + n + 1, vlen);
        value[vlen] = '\0';
      }
      return size > 0 ? value : "";
    }
    p = end ? end + 1 : NULL;
  }
  return NULL;
}

SK_API void sk_sko_free(sk_sko_file *f)
{
  size_t i, j;
  for (i = 0; i < f->n; i++) {
    sk_sko_block *b = &f->blocks[i];
    for (j = 0; j < b->n; j++) sk_sko_line_free(&b->lines[j]);
    for (j = 0; j < b->nlabels; j++) free(b->labels[j]);
    free(b->lines);
    free(b->labels);
    free(b->name);
    free(b->loop_ended);
    sk_str_free(&b->notes);
    sk_str_free(&b->notes_before);
  }
  for (i = 0; i < f->nfields; i++) { free(f->fields[i].key); free(f->fields[i].value); }
  free(f->fields);
  free(f->blocks);
  free(f->path);
  sk_str_free(&f->header);
  memset(f, 0, sizeof *f);
}

SK_API const char *sk_sko_field(const sk_sko_file *f, const char *key)
{
  size_t i;
  for (i = 0; i < f->nfields; i++) if (sk_streq(f->fields[i].key, key)) return f->fields[i].value;
  return NULL;
}

SK_API const sk_sko_block *sk_sko_find_block(const sk_sko_file *f, const char *name, int occurrence)
{
  size_t i;
  for (i = 0; i < f->n; i++)
    if (sk_streq(f->blocks[i].name, name) && occurrence-- == 0) return &f->blocks[i];
  return NULL;
}

SK_API int sk_sko_occurrence(const sk_sko_file *f, const sk_sko_block *b)
{
  int n = 0;
  const sk_sko_block *p;
  for (p = f->blocks; p < b; p++) if (sk_streq(p->name, b->name)) n++;
  return n;
}

SK_API void sk_sko_key(sk_str *out, const sk_sko_line *l, int without_last)
{
  int i, n = l->nvars - (without_last && l->nvars > 0 ? 1 : 0);
  sk_str_printf(out, "%s|", l->label);
  for (i = 0; i < n; i++) sk_str_printf(out, "%s= %s ", l->vars[i].name, l->vars[i].text);
}

SK_API void sk_sko_format_line(sk_str *out, const sk_sko_line *l)
{
  int i;
  for (i = 0; i < l->nvars; i++) sk_out_format_var(out, l->vars[i].name, l->vars[i].text);
  sk_out_format_columns(out, l->size, l->time_us, l->stderr_us, l->reps, l->node_us, l->nnode);
  sk_str_putc(out, '\n');
}

SK_API void sk_sko_format_block(sk_str *out, const sk_sko_block *b)
{
  size_t i;
  int ended = 0;
  const char *label = "";
  sk_str_printf(out, "# begin result \"%s\"\n", b->name);
  sk_out_format_suite_mark(out, sko_time_kind_names[b->time_kind], b->dummy_us, b->dummy_err_us);
  sk_str_puts(out, b->notes_before.data ? b->notes_before.data : "");
  /* the loop's end goes under the line it ended after; when no line says so (it ended at
  ** its first point), before the first line, where it was read */
  for (i = 0; b->loop_ended && !ended && i < b->n; i++) if (sk_sko_line_flag(&b->lines[i], "loop_ended", NULL, 0)) ended = -1;
  if (b->loop_ended && !ended) {
    sk_str_printf(out, "#@ loop_ended: %s\n", b->loop_ended);
    ended = 1;
  }
  for (i = 0; i < b->n; i++) {
    const sk_sko_line *l = &b->lines[i];
    /* a line without a label after labelled ones gets an empty "# measure " line: read
    ** back, it would otherwise take the label before it */
    if (!sk_streq(l->label, label)) sk_str_printf(out, "# measure %s\n", l->label);
    label = l->label;
    if (l->refined) sk_str_puts(out, "# (added by autorefine)\n");
    sk_sko_format_line(out, l);
    if (l->limited) sk_str_puts(out, "# (stopped by the time limit per measurement)\n");
    if (l->invalid > 0)
      sk_str_printf(out, "# (%d repetitions discarded: %s)\n", l->invalid, SK_DISCARDED_WHY);
    if (l->flags) sk_str_puts(out, l->flags);
    sk_out_format_marks(out, l->flagset, l->has_dist ? l->dist : NULL, l->rep_us, l->nrep, 1.0);
    if (ended < 0 && sk_sko_line_flag(l, "loop_ended", NULL, 0)) {
      sk_str_printf(out, "#@ loop_ended: %s\n", b->loop_ended);
      ended = 1;
    }
  }
  sk_str_puts(out, b->notes.data ? b->notes.data : "");
  sk_str_printf(out, "# end result \"%s\"\n", b->name);
}
