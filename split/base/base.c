/*
** base.c -- implementation of the portable helpers declared in base.h.
*/
#include "base.h"
#include <ctype.h>

static int base_is_reporter = 1;
static void (*base_exit_hook)(int) = NULL;
static jmp_buf *base_exit_jump = NULL;     /* sk_set_exit_jump */
static int *base_exit_status = NULL;

SK_API void *sk_malloc(size_t n)
{
  void *p = malloc(n ? n : 1);
  if (p == NULL) sk_fatal("out of memory (asked for %lu bytes)", (unsigned long)n);
  return p;
}

SK_API void *sk_calloc(size_t count, size_t size)
{
  void *p;
  if (size != 0 && count > ((size_t)-1) / size) sk_fatal("out of memory (array too large)");
  p = calloc(count ? count : 1, size ? size : 1);
  if (p == NULL) sk_fatal("out of memory (asked for %lu elements)", (unsigned long)count);
  return p;
}

SK_API void *sk_realloc(void *p, size_t n)
{
  void *q = realloc(p, n ? n : 1);
  if (q == NULL) sk_fatal("out of memory (asked for %lu bytes)", (unsigned long)n);
  return q;
}

SK_API char *sk_strndup(const char *s, size_t n)
{
  char *d = (char *)sk_malloc(n + 1);
  memcpy(d, s, n);
  d[n] = '\0';
  return d;
}

SK_API char *sk_strdup(const char *s)
{
  return sk_strndup(s, strlen(s));
}

SK_API void *sk_grow(void *array, size_t *cap, size_t need, size_t elsize)
{
  size_t c = *cap;
  if (need <= c && array != NULL) return array;
  if (c < 8) c = 8;
  while (c < need) {
    if (c > ((size_t)-1) / 2 / elsize) sk_fatal("out of memory (array too large)");
    c *= 2;
  }
  if (c > ((size_t)-1) / elsize) sk_fatal("out of memory (array too large)");
  array = sk_realloc(array, c * elsize);
  *cap = c;
  return array;
}

SK_API void sk_str_init(sk_str *s)
{
  s->data = NULL;
  s->len = 0;
  s->cap = 0;
}

SK_API void sk_str_free(sk_str *s)
{
  free(s->data);
  sk_str_init(s);
}

SK_API void sk_str_clear(sk_str *s)
{
  s->len = 0;
  if (s->data) s->data[0] = '\0';
}

SK_API void sk_str_putn(sk_str *s, const char *p, size_t n)
{
  s->data = (char *)sk_grow(s->data, &s->cap, s->len + n + 1, 1);
  memcpy(s->data + s->len, p, n);
  s->len += n;
  s->data[s->len] = '\0';
}

SK_API void sk_str_puts(sk_str *s, const char *p)
{
  sk_str_putn(s, p, strlen(p));
}

SK_API void sk_str_putc(sk_str *s, int c)
{
  char ch = (char)c;
  sk_str_putn(s, &ch, 1);
}

SK_API void sk_str_vprintf(sk_str *s, const char *fmt, va_list ap)
{
  char spec[32], num[512];
  const char *p = fmt;
  while (*p) {
    const char *start;
    size_t speclen;
    int is_long = 0;
    if (*p != '%') {
      const char *q = p;
      while (*q && *q != '%') q++;
      sk_str_putn(s, p, (size_t)(q - p));
      p = q;
      continue;
    }
    start = p++;
    if (*p == '%') { sk_str_putc(s, '%'); p++; continue; }
    while (*p && strchr("-+ #0123456789.", *p)) p++;
    if (*p == 'l') { is_long = 1; p++; }
    speclen = (size_t)(p - start) + 1;
    if (speclen >= sizeof spec || *p == '\0') { sk_str_puts(s, start); return; }
    memcpy(spec, start, speclen);
    spec[speclen] = '\0';
    switch (*p) {
    case 's': { const char *a = va_arg(ap, const char *); sk_str_puts(s, a ? a : "(null)"); break; }
    case 'c': num[0] = (char)va_arg(ap, int); num[1] = '\0'; sk_str_puts(s, num); break;
    case 'd': case 'i':
      if (is_long) sprintf(num, spec, va_arg(ap, long)); else sprintf(num, spec, va_arg(ap, int));
      sk_str_puts(s, num); break;
    case 'u': case 'x': case 'X':
      if (is_long) sprintf(num, spec, va_arg(ap, unsigned long)); else sprintf(num, spec, va_arg(ap, unsigned));
      sk_str_puts(s, num); break;
    case 'g': case 'f': case 'e': case 'G': case 'E': {
      double d = va_arg(ap, double);
      if (*p == 'f' && (d >= 1e100 || d <= -1e100)) { spec[speclen - 1] = 'g'; }   /* a fixpoint: read back, printed alike */
      sprintf(num, spec, d);
      sk_str_puts(s, num);
      break;
    }
    default: sk_str_puts(s, spec); break;
    }
    p++;
  }
}

SK_API void sk_str_printf(sk_str *s, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  sk_str_vprintf(s, fmt, ap);
  va_end(ap);
}

SK_API void sk_set_reporter(int is_reporter) { base_is_reporter = is_reporter; }
SK_API int sk_is_reporter(void) { return base_is_reporter; }
SK_API void sk_set_exit_hook(void (*hook)(int status)) { base_exit_hook = hook; }

#if defined(SKAMPI_LIBRARY) || !defined(SKAMPI_AMALGAM)
SK_API void sk_set_exit_jump(jmp_buf *jump, int *status)
{
  base_exit_jump = jump;
  base_exit_status = status;
}
#endif

SK_API void sk_exit(int status)
{
  void (*hook)(int) = base_exit_hook;
  jmp_buf *jump = base_exit_jump;
  /* what went to standard output by printf (-h, -V, -l, -n, -t) must have arrived */
  if ((fflush(stdout) != 0 || ferror(stdout)) && status == 0) {
    fprintf(stderr, "skampi: cannot write to standard output: %s\n", strerror(errno));
    status = SK_EXIT_WRITE;
  }
  base_exit_hook = NULL;   /* a failure inside the hook must not recurse */
  if (hook) hook(status);
  if (jump) {
    base_exit_jump = NULL;
    *base_exit_status = status;
    longjmp(*jump, 1);
  }
  exit(status);
}

SK_API void sk_format_loc_message(sk_str *out, const sk_loc *loc, const char *fmt, va_list ap)
{
  if (loc && loc->file) sk_str_printf(out, "%s:%d:%d: ", loc->file, loc->line, loc->col);
  sk_str_vprintf(out, fmt, ap);
}

static void base_report(const char *prefix, const sk_loc *loc, const char *fmt, va_list ap)
{
  sk_str msg;
  sk_str_init(&msg);
  if (prefix) sk_str_puts(&msg, prefix);
  sk_format_loc_message(&msg, loc, fmt, ap);
  sk_str_putc(&msg, '\n');
  fflush(stdout);
  fputs(msg.data, stderr);
  fflush(stderr);
  sk_str_free(&msg);
}

/* The last user error's message, kept on every process (only the reporter prints it at
** once): a process whose error turns out to be its own says it (run.c). Made by the first
** error: under a simulator every rank holds its own copy of skampi's writable data. */
#define BASE_LAST_ERROR 1024
static char *base_last_error;

SK_API const char *sk_last_user_error(void) { return base_last_error ? base_last_error : ""; }

SK_API void sk_user_error(const sk_loc *loc, const char *fmt, ...)
{
  va_list ap;
  sk_str msg;
  sk_str_init(&msg);
  va_start(ap, fmt);
  sk_format_loc_message(&msg, loc, fmt, ap);
  va_end(ap);
  if (base_last_error == NULL) base_last_error = (char *)malloc(BASE_LAST_ERROR);
  if (base_last_error != NULL) sk_copy_string(base_last_error, BASE_LAST_ERROR, msg.data);
  sk_str_free(&msg);
  if (base_is_reporter) {
    va_start(ap, fmt);
    base_report(loc && loc->file ? NULL : "skampi: ", loc, fmt, ap);
    va_end(ap);
  }
  sk_exit(SK_EXIT_USER_ERROR);
}

SK_API void sk_fatal(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  base_report("skampi: internal error: ", NULL, fmt, ap);
  va_end(ap);
  sk_exit(SK_EXIT_INTERNAL);
}

SK_API void sk_copy_string(char *dst, size_t dst_size, const char *src)
{
  size_t n = strlen(src);
  if (dst_size == 0) return;
  if (n >= dst_size) n = dst_size - 1;
  memcpy(dst, src, n);
  dst[n] = '\0';
}

SK_API int sk_streq(const char *a, const char *b) { return strcmp(a, b) == 0; }

SK_API int sk_edit_distance(const char *a, const char *b)
{
  int rows[3][81], i, j, la = (int)strlen(a), lb = (int)strlen(b);   /* row i is rows[i % 3] */
  if (la > 80 || lb > 80) return 1000;
  for (j = 0; j <= lb; j++) rows[0][j] = j;
  for (i = 1; i <= la; i++) {
    int *cur = rows[i % 3], *up = rows[(i + 2) % 3], *up2 = rows[(i + 1) % 3];
    int ca = tolower((unsigned char)a[i - 1]);
    cur[0] = i;
    for (j = 1; j <= lb; j++) {
      int cb = tolower((unsigned char)b[j - 1]), d = up[j - 1] + (ca == cb ? 0 : 1);
      if (up[j] + 1 < d) d = up[j] + 1;
      if (cur[j - 1] + 1 < d) d = cur[j - 1] + 1;
      if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) && cb == tolower((unsigned char)a[i - 2])
          && up2[j - 2] + 1 < d)
        d = up2[j - 2] + 1;   /* two neighbours swapped: one edit ("rnage", "range") */
      cur[j] = d;
    }
  }
  return rows[la % 3][lb];
}

SK_API unsigned long sk_fnv1a(unsigned long h, const char *data, size_t n)
{
  size_t i;
  for (i = 0; i < n; i++) {
    h ^= (unsigned char)data[i];
    h = (h * 16777619UL) & 0xffffffffUL;
  }
  return h;
}

SK_API size_t sk_utf8_valid_prefix(const char *s, size_t n)
{
  const unsigned char *u = (const unsigned char *)s;
  size_t i = 0;
  while (i < n) {
    unsigned c = u[i], lo = 0x80, hi = 0xBF;
    size_t more, k;
    if (c < 0x80) { i++; continue; }
    if (c >= 0xC2 && c <= 0xDF) more = 1;
    else if (c >= 0xE0 && c <= 0xEF) {
      more = 2;
      if (c == 0xE0) lo = 0xA0;           /* overlong */
      if (c == 0xED) hi = 0x9F;           /* surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
      more = 3;
      if (c == 0xF0) lo = 0x90;           /* overlong */
      if (c == 0xF4) hi = 0x8F;           /* above U+10FFFF */
    } else return i;
    if (more > n - i - 1) return i;       /* cut at the end */
    for (k = 1; k <= more; k++) {
      unsigned b = u[i + k];
      if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xBF)) return i;
    }
    i += more + 1;
  }
  return n;
}

SK_API int sk_strcaseeq(const char *a, const char *b)
{
  while (*a && *b) {
    int ca = (unsigned char)*a, cb = (unsigned char)*b;
    if (ca >= 'A' && ca <= 'Z') ca += 'a' - 'A';
    if (cb >= 'A' && cb <= 'Z') cb += 'a' - 'A';
    if (ca != cb) return 0;
    a++; b++;
  }
  return *a == *b;
}

SK_API long sk_env_long(const char *name, long lo, long hi, long fallback)
{
  const char *v = getenv(name);
  char *end;
  long n;
  if (v == NULL || *v == '\0') return fallback;
  errno = 0;
  n = strtol(v, &end, 10);
  if (*end == '\0' && errno == 0 && n >= lo && n <= hi) return n;
  fprintf(stderr, "skampi: warning: %s=%s is not a whole number from %ld to %ld; %ld is used\n", name, v, lo, hi,
          fallback);
  return fallback;
}

/* only the backends that measure their clock's tick use it (the MPI backend asks MPI_Wtick) */
#if defined(SKAMPI_SEQ) || defined(SKAMPI_RCCE)
SK_API double sk_clock_least_step(double (*read)(void), double fallback)
{
  double start, now, best = 0.0;
  long i;
  int trial;
  for (trial = 0; trial < 8; trial++) {
    start = read();
    now = start;
    for (i = 0; i < 100000000L && now == start; i++) now = read();
    if (now > start && (best == 0.0 || now - start < best)) best = now - start;
  }
  return best > 0.0 ? best : fallback;
}
#endif
