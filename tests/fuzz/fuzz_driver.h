/*
** tests/fuzz/fuzz_driver.h -- the entry points of every harness: libFuzzer's
** LLVMFuzzerTestOneInput (-DSKAMPI_FUZZ_LIBFUZZER), AFL++'s persistent loop, and a plain
** driver with a small built-in mutator (the CI smoke pass). The including file defines
** fuzz_one(data, size), FUZZ_NAME and fuzz_tokens[] (words of its language for the
** mutator).
*/
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
  fputs("usage: " FUZZ_NAME " [-v] [-m N] [-s SEED] [-o LASTFILE] [FILE...]\n"
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
    if (!fuzz_read(stdin, &b)) { fprintf(stderr, FUZZ_NAME ": cannot read standard input\n"); return 2; }
    fuzz_run_buf(&b, lastfile);
    free(b.data);
    printf(FUZZ_NAME ": 1 input: %ld parsed, %ld rejected\n", fuzz_n_ok, fuzz_n_rejected);
    return 0;
#endif
  }
  for (a = 1; a < argc; a++) {
    FILE *f;
    if (strcmp(argv[a], "-v") == 0) continue;
    if (argv[a][0] == '-' && argv[a][1] != '\0') { a++; continue; }
    f = fopen(argv[a], "rb");
    if (f == NULL) { fprintf(stderr, FUZZ_NAME ": cannot open %s\n", argv[a]); return 2; }
    corpus = (fuzz_buf *)sk_grow(corpus, &capcorpus, ncorpus + 1, sizeof *corpus);
    if (!fuzz_read(f, &corpus[ncorpus])) { fprintf(stderr, FUZZ_NAME ": cannot read %s\n", argv[a]); return 2; }
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
  printf(FUZZ_NAME ": %ld inputs: %ld parsed, %ld rejected", fuzz_n_ok + fuzz_n_rejected, fuzz_n_ok, fuzz_n_rejected);
  if (fuzz_n_params4) printf(", %ld SKaMPI 4 files", fuzz_n_params4);
  printf("\n");
  return 0;
}

#endif
