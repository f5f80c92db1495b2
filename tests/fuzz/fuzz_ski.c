/*
** tests/fuzz/fuzz_ski.c -- fuzzing harness over skampi's input front ends (the .ski
** parser of SKaMPI 5 manual §2.5/§5 and, when it is built in, the SKaMPI 4 parameter-file
** reader), on the sequential backend. Nothing is interpreted (that would measure):
** every input is parsed, printed back as .ski text, and the printed text must parse
** again to the same tree and print identically (round trip).
**
** One input is one byte string. It may carry several files: a line "%%file NAME" starts
** the file NAME (until the next such line); the bytes before the first such line are the
** main file "main.ski". Only these files exist (the source set does not read the disk),
** so @include of any other name fails cleanly with a message.
**
** What counts as a failure (abort(), so every fuzzer sees a crash):
**   - a sanitizer report (ASan/UBSan; leaks with LeakSanitizer);
**   - the parser ending the process (sk_exit/sk_fatal) instead of returning 0;
**   - a rejected input without a message, or with a message whose file:line:col does not
**     lie in the input, or a rejected parse that leaves statements in the program;
**   - the printed program failing to parse again, printing differently the second
**     time, or parsing to a different tree (locations ignored).
** Environment: SKAMPI_FUZZ_ROUNDTRIP=0 skips the round trip, SKAMPI_FUZZ_LOCCHECK=0 the
** check of message locations (to look past a known bug while it is being fixed).
**
** Modes (one source file):
**   libFuzzer  clang -g -O1 -fsanitize=fuzzer,address,undefined -DSKAMPI_SEQ
**                -DSKAMPI_FUZZ_LIBFUZZER -o fuzz_ski_lf tests/fuzz/fuzz_ski.c -lm
**   AFL++      afl-clang-fast -g -O1 -DSKAMPI_SEQ -o fuzz_ski_afl tests/fuzz/fuzz_ski.c -lm
**              afl-fuzz -i tests/fuzz/corpus -o OUT -- ./fuzz_ski_afl      (persistent,
**              shared-memory input; or "-- ./fuzz_ski_afl @@" for one file per run)
**   driver     cc -DSKAMPI_SEQ -o fuzz_ski tests/fuzz/fuzz_ski.c -lm
**              ./fuzz_ski [-v] [-m N] [-s SEED] [-o LASTFILE] FILE...
**              runs every FILE (no FILE: standard input once); -m N then runs N inputs
**              made by a small built-in mutator from the FILEs (seed -s); -o saves each
**              input to LASTFILE before running it (the reproducer when the run dies);
**              -v prints every printed program or error message.
** SKaMPI 4 parameter files: -DSKAMPI_FUZZ_PARAMS4 (when split/params4.h exists) also
** runs sk_params4_parse and sk_params4_translate on inputs whose main file
** sk_params4_detect accepts, with the same checks (the unchecked translation may name
** measurement functions of other builds, so its round trip tolerates "unknown
** measurement function").
** Every mode needs the amalgam on the include path and -DSKAMPI_TESTING:
**   tools/sk21f tests/out/skampi_amalgam.c; CC ... -DSKAMPI_TESTING -Itests/out ...
** tests/fuzz/run.sh does all of this.
*/
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
  fprintf(stderr, "fuzz_ski: FAILURE: %s\n", what);
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
  static char name[] = "fuzz_ski";
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
      !fuzz_same_name(a->name, b->name) || a->op != b->op || a->nargs != b->nargs)
    return 0;
  for (i = 0; i < a->nargs; i++) if (!fuzz_same_expr(a->args[i], b->args[i])) return 0;
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

/* Reads "NAME:LINE:COL: " at the start of msg for the longest NAME of the set whose
** text is `name:digits:digits: `; returns the source or NULL. */
static const sk_source *fuzz_message_source(const sk_sources *src, const char *msg, long *line, long *col)
{
  const sk_source *best = NULL;
  size_t bestlen = 0, i;
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
    if (best == NULL || n > bestlen) { best = &src->items[i]; bestlen = n; *line = l; *col = c; }
  }
  return best;
}

/* A message of a rejected .ski input: present, one line, and located in the input. */
static void fuzz_check_message(const sk_sources *src, const sk_str *err)
{
  const sk_source *s;
  long line = 0, col = 0, l, c, maxcol;
  const char *p;
  if (err->data == NULL || err->data[0] == '\0') fuzz_fail("input rejected without a message", NULL);
  if (strchr(err->data, '\n')) fuzz_fail("error message spans several lines", err->data);
  if (!fuzz_loccheck_on) return;
  s = fuzz_message_source(src, err->data, &line, &col);
  if (s == NULL) fuzz_fail("error message does not start with FILE:LINE:COL: of an input file", err->data);
  /* the parser sees the text up to the first NUL byte */
  l = 1; c = 1; maxcol = 0;
  for (p = s->text; ; p++) {
    if (l == line) maxcol = c;
    if (*p == '\0') break;
    if (*p == '\n') { l++; c = 1; } else c++;
  }
  if (line < 1 || line > l || col < 1 || col > maxcol)
    fuzz_fail("error message points outside the file (line/column out of range)", err->data);
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

/* ---- one input ---- */

static void fuzz_one(const unsigned char *data, size_t size)
{
  sk_sources src;
  sk_program prog;
  sk_str err;
  int ok;
  fuzz_start();
  fuzz_cur_data = data;
  fuzz_cur_size = size;
  sk_set_exit_hook(fuzz_exit_hook);   /* sk_exit clears it before calling it */
  sk_sources_init(&src, 0);
  fuzz_split(&src, data, size);
  sk_str_init(&err);
  ok = sk_parse_file(&src, FUZZ_MAIN_NAME, &prog, &err);
  if (ok) {
    fuzz_n_ok++;
    fuzz_roundtrip(&prog, ".ski", 0);
    sk_program_free(&prog);
  } else {
    fuzz_n_rejected++;
    if (fuzz_verbose) printf("%s\n", err.data ? err.data : "(no message)");
    fuzz_check_message(&src, &err);
    if (prog.top.n != 0 || prog.top.items != NULL)
      fuzz_fail("sk_parse_file returned 0 but left statements in the program", err.data);
  }
#ifdef SKAMPI_FUZZ_PARAMS4
  if (sk_params4_detect(FUZZ_MAIN_NAME, src.items[0].text)) {
    fuzz_n_params4++;
    sk_str_clear(&err);
    if (sk_params4_parse(&src, FUZZ_MAIN_NAME, &prog, &err)) {
      fuzz_roundtrip(&prog, "SKaMPI 4 translation", 0);
      sk_program_free(&prog);
    } else {
      if (fuzz_verbose) printf("params4: %s\n", err.data ? err.data : "(no message)");
      fuzz_check_message(&src, &err);
      if (prog.top.n != 0 || prog.top.items != NULL)
        fuzz_fail("sk_params4_parse returned 0 but left statements in the program", err.data);
    }
    /* without the catalogue check: measurement functions of other builds may appear,
    ** so the round trip tolerates (only) "unknown measurement function" */
    sk_str_clear(&err);
    if (sk_params4_translate(&src, FUZZ_MAIN_NAME, &prog, &err)) {
      fuzz_roundtrip(&prog, "SKaMPI 4 translation, unchecked", 1);
      sk_program_free(&prog);
    } else {
      fuzz_check_message(&src, &err);
      if (prog.top.n != 0 || prog.top.items != NULL)
        fuzz_fail("sk_params4_translate returned 0 but left statements in the program", err.data);
    }
  }
#endif
  sk_str_free(&err);
  sk_sources_free(&src);
  fuzz_cur_data = NULL;
  fuzz_cur_size = 0;
}

/* ---- libFuzzer ---- */

#ifdef SKAMPI_FUZZ_LIBFUZZER
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  fuzz_one((const unsigned char *)data, size);
  return 0;
}

#else

/* ---- plain driver (also AFL++) ---- */

#ifdef __AFL_FUZZ_TESTCASE_LEN
__AFL_FUZZ_INIT();
#endif

#define FUZZ_MAX_INPUT (1L << 20)

typedef struct fuzz_buf {
  unsigned char *data;
  size_t len;
} fuzz_buf;

static int fuzz_read(FILE *f, fuzz_buf *b)
{
  sk_str s;
  char chunk[4096];
  size_t got;
  sk_str_init(&s);
  sk_str_putn(&s, "", 0);
  while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
    sk_str_putn(&s, chunk, got);
    if (s.len > (size_t)FUZZ_MAX_INPUT) break;
  }
  b->data = (unsigned char *)s.data;
  b->len = s.len;
  return !ferror(f);
}

static void fuzz_run_buf(const fuzz_buf *b, const char *lastfile)
{
  if (lastfile) {
    FILE *f = fopen(lastfile, "wb");
    if (f) { fwrite(b->data, 1, b->len, f); fclose(f); }
  }
#ifdef FUZZ_HAVE_ALARM
  alarm(10);
#endif
  fuzz_one(b->data, b->len);
#ifdef FUZZ_HAVE_ALARM
  alarm(0);
#endif
}

/* The built-in mutator: a few stacked edits of one corpus input, with tokens of the
** language, splices of other inputs and repetitions (for nesting limits). */
static unsigned long fuzz_rng_state = 1;

static unsigned long fuzz_rand(void)
{
  /* xorshift on 32 bits, portable to any unsigned long */
  unsigned long x = fuzz_rng_state & 0xffffffffUL;
  x ^= (x << 13) & 0xffffffffUL;
  x ^= x >> 17;
  x ^= (x << 5) & 0xffffffffUL;
  fuzz_rng_state = x ? x : 1;
  return fuzz_rng_state;
}

static size_t fuzz_below(size_t n) { return n ? (size_t)(fuzz_rand() % n) : 0; }

static const char *const fuzz_tokens[] = {
  "\n", " ", "\t", "(", ")", "[", "]", ",", ":", "=", "==", "!=", "<>", "<", "<=", ">",
  ">=", "&&", "||", "!", "+", "-", "*", "/", "%", "...", "#", "\"", "\\\n", "@include",
  "@include \"inc.ski\"\n", "\n%%file inc.ski\n", "\n%%file sub/a.ski\n", "@include \"sub/a.ski\"\n",
  "@include \"main.ski\"\n", "@include \"b.ski\"\n", "\n%%file sub/b.ski\n",
  "begin measurement \"m\"\n", "end measurement\n", "measure ", "MPI_COMM_WORLD : ",
  "Synthetic_Busy(1, 1, 1, 1, 1, 1)", "Synthetic_Virtual(1e-6, 0, 0, 0, 0, 0)",
  "for ", "autorefine ", "i = 1 to 10 step *2 multipleof 4 do\n", " to ", " step ", " step *",
  " multipleof ", " do\n", "\nod\n", " in ", "[1, 2, 3]", "range(1, 5)", "squares(1, 3)",
  "if ", " then\n", "\nelse\n", "\nfi\n", "x", "x = ", "comm(1)", "sqrt(2)", "power(2, 3)",
  "atoi(\"12\")", "modulo(7, 3)", "get_np()", "set_skampi_buffer(1MiB)\n", "MPI_INT",
  "MPI_SUM", "MPI_UNDEFINED", "0", "1", "2.", ".5", "1e9", "1e999", "1e-999", "0x10",
  "9223372036854775807", "9223372036854775808", "4kb", "1KiB", "2mb", "3MiB", "1gb", "7GiB",
  "1.5kb", "\"str\"", "\"a#b\"", "\r\n", "\0", "\xff", "od", "fi", "end", "else", "do",
  "((((((((", "))))))))", "- - - -", "! ! ! !", "1 + 1 + 1 + 1 + ", "\n%%file "
};

static void fuzz_insert(unsigned char *buf, size_t *len, size_t cap, size_t at,
                        const unsigned char *what, size_t n)
{
  if (*len + n > cap) n = cap - *len;
  if (n == 0) return;
  memmove(buf + at + n, buf + at, *len - at);
  memcpy(buf + at, what, n);
  *len += n;
}

static size_t fuzz_mutate(unsigned char *buf, size_t len, size_t cap, const fuzz_buf *corpus, size_t ncorpus)
{
  int k, rounds = fuzz_below(2) ? 1 : 1 + (int)fuzz_below(4);   /* often one edit: more inputs stay valid */
  for (k = 0; k < rounds; k++) {
    size_t at = fuzz_below(len + 1);
    switch (fuzz_below(9)) {
    case 0:   /* flip a bit */
      if (len) buf[fuzz_below(len)] ^= (unsigned char)(1u << fuzz_below(8));
      break;
    case 1: { /* replace a byte by an interesting one */
      static const char interesting[] = " \n\t()[],:=+-*/%<>!&|#\"@.0123456789eEkKMGiB_\\";
      if (len) buf[fuzz_below(len)] = (unsigned char)interesting[fuzz_below(sizeof interesting - 1)];
      break;
    }
    case 2: { /* delete a range */
      size_t n = 1 + fuzz_below(16);
      if (at + n > len) n = len - at;
      memmove(buf + at, buf + at + n, len - at - n);
      len -= n;
      break;
    }
    case 3: case 4: { /* insert a token */
      const char *t = fuzz_tokens[fuzz_below(sizeof fuzz_tokens / sizeof fuzz_tokens[0])];
      size_t n = t[0] ? strlen(t) : 1;
      fuzz_insert(buf, &len, cap, at, (const unsigned char *)t, n);
      break;
    }
    case 5: { /* duplicate a range of itself */
      size_t from, n;
      unsigned char tmp[256];
      if (!len) break;
      from = fuzz_below(len);
      n = 1 + fuzz_below(sizeof tmp);
      if (from + n > len) n = len - from;
      memcpy(tmp, buf + from, n);
      fuzz_insert(buf, &len, cap, at, tmp, n);
      break;
    }
    case 6: { /* splice a range of another input */
      const fuzz_buf *o = &corpus[fuzz_below(ncorpus)];
      size_t from, n;
      if (!o->len) break;
      from = fuzz_below(o->len);
      n = 1 + fuzz_below(512);
      if (from + n > o->len) n = o->len - from;
      fuzz_insert(buf, &len, cap, at, o->data + from, n);
      break;
    }
    case 7: { /* repeat a short piece many times (nesting, long chains) */
      static const char *const reps[] = { "(", "-", "!", "f(", "1+", "[", "if x then\n",
                                          "for i = 1 to 2 do\n", "sqrt(" };
      const char *t = reps[fuzz_below(sizeof reps / sizeof reps[0])];
      size_t n = strlen(t), times = 1 + fuzz_below(1200), i;
      for (i = 0; i < times && len + n <= cap; i++) fuzz_insert(buf, &len, cap, at, (const unsigned char *)t, n);
      break;
    }
    default: { /* change a digit run into a big number */
      static const char *const nums[] = { "0", "99999999999999999999", "1e308", "1e309",
                                          "4294967296", "2147483648", "9223372036854775807" };
      const char *t = nums[fuzz_below(sizeof nums / sizeof nums[0])];
      fuzz_insert(buf, &len, cap, at, (const unsigned char *)t, strlen(t));
      break;
    }
    }
  }
  return len;
}

static void fuzz_usage(void)
{
  fputs("usage: fuzz_ski [-v] [-m N] [-s SEED] [-o LASTFILE] [FILE...]\n"
        "  runs each FILE through the front ends (no FILE: standard input), then N mutated\n"
        "  inputs made from the FILEs; -o saves each input to LASTFILE before running it\n", stderr);
}

int main(int argc, char **argv)
{
  long nmut = 0, i;
  const char *lastfile = NULL;
  fuzz_buf *corpus = NULL;
  size_t ncorpus = 0, capcorpus = 0, k;
  int a, nfiles = 0;
#ifdef FUZZ_HAVE_ALARM
  signal(SIGALRM, fuzz_on_alarm);
#endif
  fuzz_start();
  for (a = 1; a < argc; a++) {
    if (strcmp(argv[a], "-v") == 0) { fuzz_verbose = 1; setvbuf(stdout, NULL, _IONBF, 0); }
    else if (strcmp(argv[a], "-m") == 0 && a + 1 < argc) nmut = atol(argv[++a]);
    else if (strcmp(argv[a], "-s") == 0 && a + 1 < argc) fuzz_rng_state = (unsigned long)atol(argv[++a]) | 1UL;
    else if (strcmp(argv[a], "-o") == 0 && a + 1 < argc) lastfile = argv[++a];
    else if (argv[a][0] == '-' && argv[a][1] != '\0') { fuzz_usage(); return 2; }
    else nfiles++;
  }
  if (nfiles == 0) {
    fuzz_buf b;
#ifdef __AFL_FUZZ_TESTCASE_LEN
    /* AFL++ persistent mode; outside afl-fuzz this reads standard input once */
    unsigned char *afl_buf;
    __AFL_INIT();
    afl_buf = __AFL_FUZZ_TESTCASE_BUF;
    while (__AFL_LOOP(10000)) {
      b.data = afl_buf;
      b.len = (size_t)__AFL_FUZZ_TESTCASE_LEN;
      fuzz_one(b.data, b.len);
    }
    return 0;
#else
    if (!fuzz_read(stdin, &b)) { fprintf(stderr, "fuzz_ski: cannot read standard input\n"); return 2; }
    fuzz_run_buf(&b, lastfile);
    free(b.data);
    printf("fuzz_ski: 1 input: %ld parsed, %ld rejected\n", fuzz_n_ok, fuzz_n_rejected);
    return 0;
#endif
  }
  for (a = 1; a < argc; a++) {
    FILE *f;
    if (strcmp(argv[a], "-v") == 0) continue;
    if (argv[a][0] == '-' && argv[a][1] != '\0') { a++; continue; }
    f = fopen(argv[a], "rb");
    if (f == NULL) { fprintf(stderr, "fuzz_ski: cannot open %s\n", argv[a]); return 2; }
    corpus = (fuzz_buf *)sk_grow(corpus, &capcorpus, ncorpus + 1, sizeof *corpus);
    if (!fuzz_read(f, &corpus[ncorpus])) { fprintf(stderr, "fuzz_ski: cannot read %s\n", argv[a]); return 2; }
    fclose(f);
    if (fuzz_verbose) printf("== %s\n", argv[a]);
    fuzz_run_buf(&corpus[ncorpus], lastfile);
    ncorpus++;
  }
  if (nmut > 0 && ncorpus > 0) {
    size_t cap = 65536;
    unsigned char *buf = (unsigned char *)sk_malloc(cap);
    fuzz_buf m;
    for (i = 0; i < nmut; i++) {
      const fuzz_buf *base = &corpus[fuzz_below(ncorpus)];
      size_t len = base->len < cap ? base->len : cap;
      memcpy(buf, base->data, len);
      m.data = buf;
      m.len = fuzz_mutate(buf, len, cap, corpus, ncorpus);
      if (fuzz_verbose) printf("== mutant %ld\n", i);
      fuzz_run_buf(&m, lastfile);
    }
    free(buf);
  }
  for (k = 0; k < ncorpus; k++) free(corpus[k].data);
  free(corpus);
  printf("fuzz_ski: %ld inputs: %ld parsed, %ld rejected", fuzz_n_ok + fuzz_n_rejected, fuzz_n_ok, fuzz_n_rejected);
  if (fuzz_n_params4) printf(", %ld SKaMPI 4 files", fuzz_n_params4);
  printf("\n");
  return 0;
}

#endif
