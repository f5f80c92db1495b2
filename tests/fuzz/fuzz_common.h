/*
** tests/fuzz/fuzz_common.h -- what every reader's fuzzing harness shares: the whole
** program without its main (the fresh amalgam from tests/out), failing with abort(), an
** input split into files ("%%file NAME" lines), and the oracles on messages and on the
** .ski round trip. Included first by tests/fuzz/fuzz_<reader>.c, which defines
** fuzz_one() and FUZZ_NAME and then includes fuzz_driver.h.
*/
#ifndef FUZZ_NAME
#define FUZZ_NAME "fuzz"
#endif
#ifndef SKAMPI_SEQ
#define SKAMPI_SEQ 1
#endif

/* The whole program, without its main: the amalgam tools/sk21f makes from split/ as it
** is now, found through -I (tests/fuzz/run.sh: tools/sk21f tests/out/skampi_amalgam.c,
** then -Itests/out), the same way as every unit test. */
#define main skampi_main
#include "skampi_amalgam.c"
#undef main

#include <signal.h>
#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#define FUZZ_HAVE_ALARM 1
#endif

#define FUZZ_MAIN_NAME "main.ski"
#define FUZZ_MAX_FILES 16

static int fuzz_started = 0;
static int fuzz_roundtrip_on = 1;
static int fuzz_loccheck_on = 1;
static int fuzz_verbose = 0;
static const unsigned char *fuzz_cur_data = NULL;   /* the input being run, for reports */
static size_t fuzz_cur_size = 0;
static long fuzz_n_ok = 0, fuzz_n_rejected = 0, fuzz_n_params4 = 0;

/* ---- failing ---- */

static void fuzz_dump(const char *title, const char *text, size_t len)
{
  fflush(stdout);
  fprintf(stderr, "----- %s (%lu bytes) -----\n", title, (unsigned long)len);
  fwrite(text, 1, len, stderr);
  if (len == 0 || text[len - 1] != '\n') fputc('\n', stderr);
}

static void fuzz_fail(const char *what, const char *detail)
{
  fflush(stdout);
  fprintf(stderr, "%s: FAILURE: %s\n", FUZZ_NAME, what);
  if (detail) fprintf(stderr, "%s\n", detail);
  if (fuzz_cur_data) fuzz_dump("input", (const char *)fuzz_cur_data, fuzz_cur_size);
  fflush(stderr);
  abort();
}

static void fuzz_exit_hook(int status)
{
  char buf[64];
  sprintf(buf, "exit status %d", status);
  fuzz_fail("the front end ended the process (sk_exit/sk_fatal) instead of returning an error", buf);
}

#ifdef FUZZ_HAVE_ALARM
static void fuzz_on_alarm(int sig)
{
  (void)sig;
  fuzz_fail("timeout: one input took longer than the driver's limit (hang?)", NULL);
}
#endif

static void fuzz_start(void)
{
  int argc = 1;
  static char name[] = FUZZ_NAME;
  static char *args[2];
  char **argv = args;
  const char *e;
  if (fuzz_started) return;
  fuzz_started = 1;
  args[0] = name;
  args[1] = NULL;
  sk_tp_start(&argc, &argv);
  sk_set_reporter(1);
  e = getenv("SKAMPI_FUZZ_ROUNDTRIP");
  if (e && e[0] == '0') fuzz_roundtrip_on = 0;
  e = getenv("SKAMPI_FUZZ_LOCCHECK");
  if (e && e[0] == '0') fuzz_loccheck_on = 0;
}

/* Around every input: the program started once, the input kept for reports, and any
** sk_exit/sk_fatal turned into a failure (sk_exit clears the hook before calling it). */
static void fuzz_begin(const unsigned char *data, size_t size)
{
  fuzz_start();
  fuzz_cur_data = data;
  fuzz_cur_size = size;
  sk_set_exit_hook(fuzz_exit_hook);
}

static void fuzz_end(void)
{
  fuzz_cur_data = NULL;
  fuzz_cur_size = 0;
}

/* ---- splitting one input into files ---- */

static int fuzz_is_marker(const unsigned char *p, const unsigned char *end)
{
  return end - p >= 7 && memcmp(p, "%%file ", 7) == 0;
}

static void fuzz_add_file(sk_sources *src, const unsigned char *name, size_t namelen,
                          const unsigned char *text, size_t len)
{
  char *n = (char *)sk_malloc(namelen + 1);
  memcpy(n, name, namelen);
  n[namelen] = '\0';
  sk_sources_add(src, n, (const char *)text, len);
  free(n);
}

static void fuzz_split(sk_sources *src, const unsigned char *data, size_t size)
{
  const unsigned char *end = data + size, *p = data, *start = data;
  const unsigned char *name = (const unsigned char *)FUZZ_MAIN_NAME;
  size_t namelen = strlen(FUZZ_MAIN_NAME);
  int nfiles = 0;
  for (;;) {
    const unsigned char *q;
    /* find the next marker at the start of a line */
    q = NULL;
    if (nfiles + 1 < FUZZ_MAX_FILES) {
      const unsigned char *r = p;
      while (r < end) {
        if ((r == data || r[-1] == '\n') && fuzz_is_marker(r, end)) { q = r; break; }
        r = (const unsigned char *)memchr(r, '\n', (size_t)(end - r));
        if (r == NULL) break;
        r++;
      }
    }
    if (q == NULL) {
      fuzz_add_file(src, name, namelen, start, (size_t)(end - start));
      return;
    }
    fuzz_add_file(src, name, namelen, start, (size_t)(q - start));
    nfiles++;
    name = q + 7;
    p = (const unsigned char *)memchr(name, '\n', (size_t)(end - name));
    if (p == NULL) p = end;
    namelen = (size_t)(p - name);
    start = p < end ? p + 1 : end;
    p = start;
  }
}

/* ---- oracles ---- */

static int fuzz_same_expr(const sk_expr *a, const sk_expr *b);

static int fuzz_same_name(const char *a, const char *b)
{
  if (a == NULL || b == NULL) return a == b;
  return strcmp(a, b) == 0;
}

static int fuzz_same_double(double a, double b)
{
  return a == b || (a != a && b != b);
}

static int fuzz_same_expr(const sk_expr *a, const sk_expr *b)
{
  int i;
  if (a == NULL || b == NULL) return a == b;
  if (a->kind != b->kind || a->ival != b->ival || !fuzz_same_double(a->dval, b->dval) ||
      !fuzz_same_name(a->name, b->name) || a->op != b->op || a->noperands != b->noperands)
    return 0;
  for (i = 0; i < a->noperands; i++) if (!fuzz_same_expr(a->operands[i], b->operands[i])) return 0;
  return 1;
}

static int fuzz_same_block(const sk_block *a, const sk_block *b);

static int fuzz_same_stmt(const sk_stmt *a, const sk_stmt *b)
{
  int i;
  if (a->kind != b->kind || !fuzz_same_name(a->name, b->name) ||
      !fuzz_same_expr(a->expr, b->expr) || !fuzz_same_expr(a->call, b->call) ||
      !fuzz_same_expr(a->from, b->from) || !fuzz_same_expr(a->to, b->to) ||
      !fuzz_same_expr(a->step, b->step) || a->step_multiplies != b->step_multiplies ||
      !fuzz_same_expr(a->multiple_of, b->multiple_of) || a->autorefine != b->autorefine ||
      a->nlist != b->nlist)
    return 0;
  for (i = 0; i < a->nlist; i++) if (!fuzz_same_expr(a->list[i], b->list[i])) return 0;
  return fuzz_same_block(&a->body, &b->body) && fuzz_same_block(&a->else_body, &b->else_body);
}

static int fuzz_same_block(const sk_block *a, const sk_block *b)
{
  size_t i;
  if (a->n != b->n) return 0;
  for (i = 0; i < a->n; i++) if (!fuzz_same_stmt(a->items[i], b->items[i])) return 0;
  return 1;
}

/* 1 when LINE:COL lies in the text (up to its first NUL byte, as the readers see it);
** COL may be one past the end of its line (where something is missing). */
static int fuzz_location_in(const char *text, long line, long col)
{
  long l = 1, c = 1, maxcol = 0;
  const char *p;
  for (p = text; ; p++) {
    if (l == line) maxcol = c;
    if (*p == '\0') break;
    if (*p == '\n') { l++; c = 1; } else c++;
  }
  return line >= 1 && line <= l && col >= 1 && col <= maxcol;
}

/* Reads "NAME:LINE:COL: " at the start of msg for the longest NAME of the set whose
** text is `name:digits:digits: `; returns 0 when no name fits, 1 when one fits but the
** location lies in no file of that name, 2 when it lies in one. Files may share a
** name (`skampi -m OUT a.sko a.sko`; the fuzzer writes "%%file a.sko" twice): any of
** them will do. */
static int fuzz_message_located(const sk_sources *src, const char *msg)
{
  size_t bestlen = 0, i;
  long line = 0, col = 0;
  int found = 0;
  for (i = 0; i < src->n; i++) {
    const char *nm = src->items[i].name, *p;
    size_t n = strlen(nm);
    char *endp;
    long l, c;
    if (strncmp(msg, nm, n) != 0 || msg[n] != ':') continue;
    p = msg + n + 1;
    if (*p < '0' || *p > '9') continue;
    l = strtol(p, &endp, 10);
    if (*endp != ':' || endp[1] < '0' || endp[1] > '9') continue;
    c = strtol(endp + 1, &endp, 10);
    if (endp[0] != ':' || endp[1] != ' ') continue;
    if (!found || n > bestlen) { bestlen = n; line = l; col = c; found = 1; }
  }
  if (!found) return 0;
  for (i = 0; i < src->n; i++)
    if (strlen(src->items[i].name) == bestlen && strncmp(msg, src->items[i].name, bestlen) == 0
        && fuzz_location_in(src->items[i].text, line, col)) return 2;
  return 1;
}

/* A message of a rejected .ski input: present, one line, and located in the input. */
static void fuzz_check_message(const sk_sources *src, const sk_str *err)
{
  int where;
  if (err->data == NULL || err->data[0] == '\0') fuzz_fail("input rejected without a message", NULL);
  if (strchr(err->data, '\n')) fuzz_fail("error message spans several lines", err->data);
  if (!fuzz_loccheck_on) return;
  where = fuzz_message_located(src, err->data);
  if (where == 0) fuzz_fail("error message does not start with FILE:LINE:COL: of an input file", err->data);
  if (where == 1) fuzz_fail("error message points outside the file (line/column out of range)", err->data);
}

/* A front end's rejection: located message, and nothing left in the program. */
static void fuzz_check_rejected(const sk_sources *src, const sk_str *err, const sk_program *prog,
                                const char *front)
{
  char what[160];
  if (fuzz_verbose) printf("%s: %s\n", front, err->data ? err->data : "(no message)");
  fuzz_check_message(src, err);
  if (prog->top.n != 0 || prog->top.items != NULL) {
    sprintf(what, "%.60s returned 0 but left statements in the program", front);
    fuzz_fail(what, err->data);
  }
}

static void fuzz_roundtrip(const sk_program *prog, const char *front, int other_builds)
{
  sk_str t1, t2, err;
  sk_sources src;
  sk_program again;
  char what[160];
  sk_str_init(&t1);
  sk_str_init(&t2);
  sk_str_init(&err);
  sk_program_print(&t1, prog);
  if (fuzz_verbose) fputs(t1.data ? t1.data : "", stdout);
  if (!fuzz_roundtrip_on) { sk_str_free(&t1); return; }
  sk_sources_init(&src, 0);
  sk_sources_add(&src, "roundtrip.ski", t1.data ? t1.data : "", t1.len);
  if (!sk_parse_file(&src, "roundtrip.ski", &again, &err)) {
    if (other_builds && err.data && strstr(err.data, ": unknown measurement function '")) {
      sk_sources_free(&src);
      sk_str_free(&t1);
      sk_str_free(&err);
      return;
    }
    sprintf(what, "round trip (%.40s): the printed program does not parse again", front);
    fuzz_dump("printed program", t1.data ? t1.data : "", t1.len);
    fuzz_fail(what, err.data);
  }
  sk_program_print(&t2, &again);
  if (t1.len != t2.len || (t1.len && memcmp(t1.data, t2.data, t1.len) != 0)) {
    sprintf(what, "round trip (%.40s): the re-parsed program prints differently", front);
    fuzz_dump("printed program", t1.data ? t1.data : "", t1.len);
    fuzz_dump("printed again", t2.data ? t2.data : "", t2.len);
    fuzz_fail(what, NULL);
  }
  if (!fuzz_same_block(&prog->top, &again.top)) {
    sprintf(what, "round trip (%.40s): the re-parsed program is a different tree", front);
    fuzz_dump("printed program", t1.data ? t1.data : "", t1.len);
    fuzz_fail(what, "(same text, but e.g. a literal turned into a variable)");
  }
  sk_program_free(&again);
  sk_sources_free(&src);
  sk_str_free(&t1);
  sk_str_free(&t2);
  sk_str_free(&err);
}

