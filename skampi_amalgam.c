/*
** skampi 0.1.0 -- a portable MPI benchmark in the tradition of SKaMPI.
**
** GENERATED FILE, DO NOT EDIT. Produced by tools/sk21f from the modules in split/.
** Build:  mpicc -o skampi skampi_amalgam.c -lm
**         cc -DSKAMPI_SEQ -o skampi-seq skampi_amalgam.c -lm   (no MPI needed)
** The #line directives name the module and line each part comes from.
*/
#define SKAMPI_AMALGAM 1
/* --- begin split/config.h --- */
#line 1 "split/config.h"
/*
** config.h -- compile-time configuration: which backend, which MPI level, and the
** SK_API macro that makes every internal function static in the amalgam (as SQLite's
** SQLITE_PRIVATE does), so nothing skampi defines can collide with the MPI library.
**
** Backends (exactly one, chosen by one macro):
**   default        MPI (mpi.h)
**   SKAMPI_SEQ     sequential, no communication library (SKaLib's sequential mode)
**   SKAMPI_RCCE    RCCE/iRCCE on the Intel SCC or the host emulator in tools/rcce
** MPI level: SK_MPI_LEVEL is MPI_VERSION of the mpi.h in use, or 1 with -DSKAMPI_MPI1
** (the code then behaves as on an MPI-1 library and calls MPI-1.1 functions only).
*/
#ifndef SK_CONFIG_H
#define SK_CONFIG_H

/* Files, locks, process ids and terminals are POSIX (filepaths.c, runlog.c): declare it
** before the first system header. */
#if !defined(_POSIX_C_SOURCE) && !defined(_XOPEN_SOURCE)
#define _POSIX_C_SOURCE 200112L
#endif

#define SKAMPI_VERSION "0.1.0"

/* Linux: sched_getaffinity and CPU_COUNT (host.c) need _GNU_SOURCE before the first
** system header; SKAMPI_NO_AFFINITY leaves it out (then only the processors online count). */
#if defined(__linux__) && !defined(_GNU_SOURCE) && !defined(SKAMPI_NO_AFFINITY)
#define _GNU_SOURCE 1
#endif

#if defined(SKAMPI_SEQ) && defined(SKAMPI_RCCE)
#error "choose one backend: SKAMPI_SEQ or SKAMPI_RCCE (or neither for MPI)"
#endif
#if !defined(SKAMPI_SEQ) && !defined(SKAMPI_RCCE)
#define SKAMPI_MPI 1
#endif

#ifdef SKAMPI_MPI
#include <mpi.h>
#if defined(SKAMPI_MPI1)
#define SK_MPI_LEVEL 1
#elif defined(MPI_VERSION)
#define SK_MPI_LEVEL MPI_VERSION
#else
#define SK_MPI_LEVEL 1
#endif
/* MPI-3 removed some MPI-1 names (MPI_Type_extent, MPI_Type_hvector, MPI_Attr_get, ...)
** and current libraries no longer declare them: their MPI-2 replacements are used
** whenever the mpi.h in use is MPI-2 or later, even in the -DSKAMPI_MPI1 build. */
#if defined(MPI_VERSION) && MPI_VERSION >= 2
#define SK_MPI_REPLACED_NAMES 1
#else
#define SK_MPI_REPLACED_NAMES 0
#endif
#define SK_BACKEND_NAME "MPI"
#endif

#ifdef SKAMPI_RCCE
#include <RCCE.h>   /* angle brackets: sk21f keeps system-style includes */
#include <iRCCE.h>
#define SK_BACKEND_NAME "RCCE"
#endif

#ifdef SKAMPI_SEQ
#define SK_BACKEND_NAME "sequential"
#endif

/* Registry rows name functions that exist only with MPI (MPI-2): elsewhere they are NULL. */
#ifdef SKAMPI_MPI
#define SK_IF_MPI(f) f
#else
#define SK_IF_MPI(f) NULL
#endif
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
#define SK_IF_MPI2(f) f
#else
#define SK_IF_MPI2(f) NULL
#endif
/* MPI-IO (MPI-2 chapter 9): where the library is MPI-2 or later, or -DUSE_MPI_IO says an
** MPI-1 library has it (ROMIO on an MPI-1.2 library); never in the -DSKAMPI_MPI1 build. */
#if defined(SKAMPI_MPI) && !defined(SKAMPI_MPI1) && (SK_MPI_LEVEL >= 2 || defined(USE_MPI_IO))
#define SK_HAVE_MPI_IO 1
#define SK_IF_MPIIO(f) f
#else
#define SK_HAVE_MPI_IO 0
#define SK_IF_MPIIO(f) NULL
#endif

/* In the amalgam every internal function is static, with no "unused" attribute: a
** function nothing calls is a compiler warning there (code only tests call sits under
** #ifdef SKAMPI_TESTING). */
#ifdef SKAMPI_AMALGAM
#define SK_API static
#else
#define SK_API
#endif

#endif
/* --- end split/config.h --- */
/* --- begin split/base.h --- */
#line 1 "split/base.h"
/*
** base.h -- portable C89 helpers used by every other module: checked memory
** allocation, growable arrays that grow by ELEMENTS (the original SKaMPI grew by bytes
** and overflowed its heap above 64 blocks), a string builder with a small safe
** formatter (C89 has no vsnprintf), source locations and the two ways to fail:
** a user error (file:line:col: message, exit status 2) and an internal error (status 1).
*/
#ifndef SK_BASE_H
#define SK_BASE_H

#line 12 "split/base.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <math.h>
#include <limits.h>

#define SK_EXIT_USER_ERROR 2
#define SK_EXIT_INTERNAL 1
#define SK_EXIT_VERIFY 3          /* a verified measurement moved wrong data (skampi -v) */

/* A position in an input file; file names live as long as the program. */
typedef struct sk_loc {
  const char *file;
  int line;
  int col;
} sk_loc;

/* Growable byte string. */
typedef struct sk_str {
  char *data;     /* always NUL-terminated when data != NULL */
  size_t len;
  size_t cap;
} sk_str;

SK_API void *sk_malloc(size_t n);
SK_API void *sk_calloc(size_t count, size_t size);
SK_API void *sk_realloc(void *p, size_t n);
SK_API char *sk_strdup(const char *s);
SK_API char *sk_strndup(const char *s, size_t n);
/* Makes room for `need` elements of `elsize` bytes in *array (capacity *cap, in
** elements), doubling; returns the possibly moved array. */
SK_API void *sk_grow(void *array, size_t *cap, size_t need, size_t elsize);

SK_API void sk_str_init(sk_str *s);
SK_API void sk_str_free(sk_str *s);
SK_API void sk_str_clear(sk_str *s);
SK_API void sk_str_putn(sk_str *s, const char *p, size_t n);
SK_API void sk_str_puts(sk_str *s, const char *p);
SK_API void sk_str_putc(sk_str *s, int c);
/* printf subset: %s %d %ld %lu %c %% and %g %f %e with optional width/precision
** (numbers formatted by sprintf into a bounded buffer). */
SK_API void sk_str_vprintf(sk_str *s, const char *fmt, va_list ap);
SK_API void sk_str_printf(sk_str *s, const char *fmt, ...);

/* Failing. Only the reporting process (rank 0) prints; the exit hook set by main
** finalizes the transport so that every process ends cleanly with the status. */
SK_API void sk_set_reporter(int is_reporter);
SK_API int sk_is_reporter(void);
SK_API void sk_set_exit_hook(void (*hook)(int status));
SK_API void sk_exit(int status);
SK_API void sk_user_error(const sk_loc *loc, const char *fmt, ...);
SK_API void sk_fatal(const char *fmt, ...);
/* Error reporting that does not exit (used by the parser to keep the message and let the
** caller decide, e.g. to broadcast failure before exiting). */
SK_API void sk_format_loc_message(sk_str *out, const sk_loc *loc, const char *fmt, va_list ap);

/* Copies src into dst of dst_size bytes, truncating, always NUL-terminated. */
SK_API void sk_copy_string(char *dst, size_t dst_size, const char *src);
SK_API int sk_streq(const char *a, const char *b);
SK_API int sk_strcaseeq(const char *a, const char *b);

#endif
/* --- end split/base.h --- */
/* --- begin split/base.c --- */
#line 1 "split/base.c"
/*
** base.c -- implementation of the portable helpers declared in base.h.
*/
#line 5 "split/base.c"

static int base_is_reporter = 1;
static void (*base_exit_hook)(int) = NULL;

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
      if (*p == 'f' && (d > 1e100 || d < -1e100)) { spec[speclen - 1] = 'g'; }
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

SK_API void sk_exit(int status)
{
  void (*hook)(int) = base_exit_hook;
  fflush(stdout);
  base_exit_hook = NULL;   /* a failure inside the hook must not recurse */
  if (hook) hook(status);
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

SK_API void sk_user_error(const sk_loc *loc, const char *fmt, ...)
{
  va_list ap;
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
/* --- end split/base.c --- */
/* --- begin split/filepaths.h --- */
#line 1 "split/filepaths.h"
/*
** filepaths.h -- the rules for every file skampi writes (results, log): what a path is,
** when the old content is kept under a backup name, and how it is opened. Also the few
** other questions skampi asks the operating system (POSIX): process id, host name,
** whether a stream is a terminal, a short sleep.
**
** Rules: only an existing regular file with content is renamed to the first free
** NAME.1, NAME.2, ...; a symbolic link to a regular file keeps the link and its target:
** the target's content is copied to LINK.N and then replaced through the link; a
** character device, FIFO, socket or terminal is opened and written as it is (never
** renamed); a directory, or a path that cannot be opened for writing, is refused before
** anything is changed or measured.
*/
#ifndef SK_FILEPATHS_H
#define SK_FILEPATHS_H

#line 18 "split/filepaths.h"

typedef enum sk_path_kind {
  SK_PATH_MISSING,          /* nothing there (a dangling link counts as missing) */
  SK_PATH_REGULAR,
  SK_PATH_LINK_TO_REGULAR,
  SK_PATH_DEVICE,           /* character or block device, terminals included */
  SK_PATH_FIFO,
  SK_PATH_SOCKET,
  SK_PATH_DIRECTORY,
  SK_PATH_OTHER
} sk_path_kind;

/* What is at path now; *size gets the (target's) size in bytes, 0 when none. */
SK_API sk_path_kind sk_path_kind_of(const char *path, long *size);
SK_API const char *sk_path_kind_name(sk_path_kind k);
/* True for the kinds whose old content is kept and that a log can follow (a regular
** file, a link to one, or nothing yet). */
SK_API int sk_path_is_file_like(sk_path_kind k);
/* Keeps the old content of path by the rules above; backup gets the name used ("" when
** nothing was kept). 0 with *err set when that fails (then nothing was changed). */
SK_API int sk_path_keep_backup(const char *path, char *backup, size_t backup_size, sk_str *err);
/* Copies the content of path (through a link) to the first free PATH.N; path stays. */
SK_API int sk_path_copy_backup(const char *path, char *backup, size_t backup_size, sk_str *err);
/* Opens path for writing as its kind requires: a file (or a link to one) is truncated,
** a device, FIFO or socket is written as it is (a FIFO waits up to wait_seconds for a
** reader). NULL with *err set when it cannot be written. Call sk_path_keep_backup first. */
SK_API FILE *sk_path_open_for_writing(const char *path, int wait_seconds, sk_str *err);
/* Cuts the file at path to its first `bytes` bytes and opens it for appending there. */
SK_API FILE *sk_path_open_at(const char *path, long bytes, sk_str *err);

/* How long skampi waits for a locked log or a FIFO's reader: the environment variable
** SKAMPI_WAIT (seconds), default 10. */
SK_API int sk_os_wait_seconds(void);
SK_API long sk_os_process_id(void);
/* Processors online on this host (0: unknown). */
SK_API void sk_os_host_name(char *buf, size_t size);
SK_API int sk_os_is_terminal(FILE *f);
SK_API void sk_os_sleep(double seconds);

#endif
/* --- end split/filepaths.h --- */
/* --- begin split/filepaths.c --- */
#line 1 "split/filepaths.c"
/*
** filepaths.c -- see filepaths.h. The only module besides runlog.c that calls POSIX.
*/
#line 5 "split/filepaths.c"
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>
#include <time.h>

SK_API sk_path_kind sk_path_kind_of(const char *path, long *size)
{
  struct stat st;
  int link = 0;
  *size = 0;
  if (lstat(path, &st) != 0) return SK_PATH_MISSING;
  if (S_ISLNK(st.st_mode)) {
    link = 1;
    if (stat(path, &st) != 0) return SK_PATH_MISSING;     /* dangling: written as new */
  }
  if (S_ISREG(st.st_mode)) {
    *size = (long)st.st_size;
    return link ? SK_PATH_LINK_TO_REGULAR : SK_PATH_REGULAR;
  }
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) return SK_PATH_DEVICE;
  if (S_ISFIFO(st.st_mode)) return SK_PATH_FIFO;
  if (S_ISSOCK(st.st_mode)) return SK_PATH_SOCKET;
  if (S_ISDIR(st.st_mode)) return SK_PATH_DIRECTORY;
  return SK_PATH_OTHER;
}

SK_API const char *sk_path_kind_name(sk_path_kind k)
{
  static const char *const names[] = { "missing", "regular file", "link to a regular file",
    "device", "FIFO", "socket", "directory", "special file" };
  return names[k];
}

SK_API int sk_path_is_file_like(sk_path_kind k)
{
  return k == SK_PATH_MISSING || k == SK_PATH_REGULAR || k == SK_PATH_LINK_TO_REGULAR;
}

/* The first NAME.N (N = 1, 2, ...) that does not exist, even as a dangling link. */
static char *paths_free_backup_name(const char *path)
{
  struct stat st;
  long n;
  char *name = (char *)sk_malloc(strlen(path) + 24);
  for (n = 1; ; n++) {
    sprintf(name, "%s.%ld", path, n);
    if (lstat(name, &st) != 0 && errno == ENOENT) return name;
  }
}

/* Copies the content of from (read through links) into the new file to. */
static int paths_copy(const char *from, const char *to, sk_str *err)
{
  FILE *in = fopen(from, "rb"), *out;
  char buf[8192];
  size_t n;
  int ok = 1;
  if (in == NULL) { sk_str_printf(err, "cannot read '%s' to keep a backup", from); return 0; }
  out = fopen(to, "wb");
  if (out == NULL) {
    fclose(in);
    sk_str_printf(err, "cannot create the backup '%s'", to);
    return 0;
  }
  while ((n = fread(buf, 1, sizeof buf, in)) > 0)
    if (fwrite(buf, 1, n, out) != n) { ok = 0; break; }
  if (ferror(in)) ok = 0;
  fclose(in);
  if (fclose(out) != 0) ok = 0;
  if (!ok) {
    remove(to);
    sk_str_printf(err, "cannot copy '%s' to the backup '%s'", from, to);
  }
  return ok;
}

SK_API int sk_path_copy_backup(const char *path, char *backup, size_t backup_size, sk_str *err)
{
  char *name = paths_free_backup_name(path);
  int ok = paths_copy(path, name, err);
  if (ok) sk_copy_string(backup, backup_size, name);
  else backup[0] = '\0';
  free(name);
  return ok;
}

SK_API int sk_path_keep_backup(const char *path, char *backup, size_t backup_size, sk_str *err)
{
  long size;
  sk_path_kind k = sk_path_kind_of(path, &size);
  char *name;
  int ok;
  backup[0] = '\0';
  if (k == SK_PATH_DIRECTORY || k == SK_PATH_OTHER) {
    sk_str_printf(err, "cannot write to '%s': it is a %s", path, sk_path_kind_name(k));
    return 0;
  }
  if ((k != SK_PATH_REGULAR && k != SK_PATH_LINK_TO_REGULAR) || size == 0) return 1;
  if (k == SK_PATH_LINK_TO_REGULAR)     /* the link and its target stay where they are */
    return sk_path_copy_backup(path, backup, backup_size, err);
  name = paths_free_backup_name(path);
  ok = rename(path, name) == 0;
  if (ok) sk_copy_string(backup, backup_size, name);
  else sk_str_printf(err, "cannot rename existing '%s' to '%s'", path, name);
  free(name);
  return ok;
}

/* A socket is written by connecting to it (a stream socket of the local domain). */
static FILE *paths_open_socket(const char *path, sk_str *err)
{
  struct sockaddr_un addr;
  int fd;
  FILE *f;
  if (strlen(path) >= sizeof addr.sun_path) {
    sk_str_printf(err, "cannot connect to the socket '%s': its name is too long", path);
    return NULL;
  }
  memset(&addr, 0, sizeof addr);
  addr.sun_family = AF_UNIX;
  strcpy(addr.sun_path, path);
  fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0 || (f = fdopen(fd, "w")) == NULL) {
    if (fd >= 0) close(fd);
    sk_str_printf(err, "cannot connect to the socket '%s' to write to it", path);
    return NULL;
  }
  return f;
}

/* A FIFO without a reader: opening it for writing would block for ever, so it is
** opened without blocking, retried for wait_seconds, then set back to blocking. */
static FILE *paths_open_fifo(const char *path, int wait_seconds, sk_str *err)
{
  int fd = -1, tries, why = 0;
  FILE *f;
  for (tries = 0; tries <= wait_seconds * 10; tries++) {
    fd = open(path, O_WRONLY | O_NONBLOCK);
    why = errno;
    if (fd >= 0 || why != ENXIO) break;
    sk_os_sleep(0.1);
  }
  if (fd < 0) {
    sk_str_printf(err, why == ENXIO ? "no process reads the FIFO '%s' (waited %d s)"
                                      : "cannot open the FIFO '%s' for writing", path, wait_seconds);
    return NULL;
  }
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  f = fdopen(fd, "w");
  if (f == NULL) close(fd);
  return f;
}

SK_API FILE *sk_path_open_for_writing(const char *path, int wait_seconds, sk_str *err)
{
  long size;
  FILE *f;
  switch (sk_path_kind_of(path, &size)) {
  case SK_PATH_FIFO: return paths_open_fifo(path, wait_seconds, err);
  case SK_PATH_SOCKET: return paths_open_socket(path, err);
  case SK_PATH_DEVICE: f = fopen(path, "a"); break;   /* as it is: nothing to truncate */
  default: f = fopen(path, "w"); break;
  }
  if (f == NULL) sk_str_printf(err, "cannot open output file '%s' for writing", path);
  return f;
}

SK_API FILE *sk_path_open_at(const char *path, long bytes, sk_str *err)
{
  FILE *f = fopen(path, "r+");
  if (f == NULL || ftruncate(fileno(f), (off_t)bytes) != 0 || fseek(f, 0L, SEEK_END) != 0) {
    if (f) fclose(f);
    sk_str_printf(err, "cannot reopen '%s' to continue it after byte %ld", path, bytes);
    return NULL;
  }
  return f;
}

SK_API int sk_os_wait_seconds(void)
{
  const char *w = getenv("SKAMPI_WAIT");
  int n = w ? atoi(w) : 10;
  return n >= 0 ? n : 0;
}

SK_API long sk_os_process_id(void) { return (long)getpid(); }

SK_API void sk_os_host_name(char *buf, size_t size)
{
  if (gethostname(buf, size) != 0) sk_copy_string(buf, size, "unknown");
  buf[size - 1] = '\0';
}

SK_API int sk_os_is_terminal(FILE *f) { return isatty(fileno(f)); }

SK_API void sk_os_sleep(double seconds)
{
  struct timespec ts;
  ts.tv_sec = (time_t)seconds;
  ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
  nanosleep(&ts, NULL);
}
/* --- end split/filepaths.c --- */
/* --- begin split/host.h --- */
#line 1 "split/host.h"
/*
** host.h -- this process's host as the operating system sees it: the processors it may
** run on, and giving the processor away while skampi waits (sched_yield, a short sleep). Everything has a fallback: where
** the system cannot tell, a count is 0 ("unknown") and the waits spin.
*/
#ifndef SK_HOST_H
#define SK_HOST_H

#line 10 "split/host.h"

/* Processors online (sysconf(_SC_NPROCESSORS_ONLN)); 0: unknown. *affinity (when not
** NULL) receives the processors this process may run on (sched_getaffinity, Linux), 0:
** unknown. Builds with SKAMPI_TESTING take both from the environment variable
** SKAMPI_TEST_PROCESSORS when it is set (tests are then independent of the machine). */
SK_API int sk_host_processors(int *affinity);
/* The processors this process may run on as a bit set (processor i: bit i % 8 of
** bits[i / 8]) for the first 8 * nbytes processors; returns how many bits are set, 0
** when the system cannot tell (bits are then all 0). */
SK_API int sk_host_affinity_mask(unsigned char *bits, int nbytes);

/* This machine's identity, shared by every process on the same operating-system kernel
** whatever its hostname (containers and network namespaces that pose as hosts share the
** processors): Linux's boot id (/proc/sys/kernel/random/boot_id). Returns 0 and an empty
** buf where the system does not tell. */
SK_API int sk_host_machine_id(char *buf, size_t size);

/* Whether this host is oversubscribed (set once at start, see oversub.c): skampi's own
** control messages then wait by polling and yielding (transport_mpi.c). */
SK_API void sk_host_set_crowded(int crowded);
SK_API int sk_host_crowded(void);
/* Give the processor to another runnable process; with none, it comes straight back. */
SK_API void sk_host_yield(void);
/* One step of waiting for a message that has not come after `waited` seconds: spin for
** the first HOST_SPIN_FOR (20 us), then yield, after HOST_NAP_AFTER (2 ms) nap. */
SK_API void sk_host_idle(double waited);

/* The poll breaker, for a library that busy-polls on an oversubscribed host and has no
** setting that yields (MPICH's ch4 device): a timer signal (SIGALRM from setitimer's
** ITIMER_REAL) every interval_us microseconds whose handler calls sched_yield, so a
** process that spins waiting for a peer without a processor hands the processor over
** after at most one interval instead of a scheduler tick (4 ms at HZ=250) or a whole time
** slice. The handler touches nothing else; the signal restarts interrupted system calls
** (SA_RESTART). Where the system has no ITIMER_REAL (or with SKAMPI_NO_YIELD) start
** returns 0 and nothing happens.
** prepare: before the library starts its threads (MPI_Init) -- blocks SIGALRM in this
**   thread, so the threads it starts inherit the block and the signal always reaches
**   the thread that polls; start unblocks it here again.
** stop: before the library ends (MPI_Finalize), and harmless when not running. */
#if defined(SKAMPI_MPI) || defined(SKAMPI_TESTING)
SK_API void sk_host_breaker_prepare(void);
SK_API int sk_host_breaker_start(long interval_us);
SK_API void sk_host_breaker_stop(void);
SK_API long sk_host_breaker_interval(void);    /* 0: not running */
#endif
#ifdef SKAMPI_TESTING
SK_API long sk_host_breaker_signals(void);     /* signals handled since start */
#endif

#endif
/* --- end split/host.h --- */
/* --- begin split/host.c --- */
#line 1 "split/host.c"
/*
** host.c -- see host.h. The system calls sit behind feature guards: sysconf with
** _SC_NPROCESSORS_ONLN (POSIX systems that define it), sched_getaffinity with CPU_COUNT
** (Linux with _GNU_SOURCE, which config.h defines there unless SKAMPI_NO_AFFINITY),
** sched_yield and poll (Unix, unless SKAMPI_NO_YIELD). Elsewhere the
** counts are unknown and the waits spin.
*/
#line 9 "split/host.c"

#if defined(__unix__) || defined(__APPLE__)
#define HOST_UNIX 1
#include <unistd.h>
#if !defined(SKAMPI_NO_YIELD)
#include <sched.h>
#include <poll.h>
#define HOST_YIELD() ((void)sched_yield())
#define HOST_NAP() ((void)poll(NULL, 0, 1))
#endif
#endif
#ifndef HOST_YIELD
#define HOST_YIELD() ((void)0)
#define HOST_NAP() ((void)0)
#endif
#if defined(__linux__) && defined(_GNU_SOURCE) && !defined(SKAMPI_NO_AFFINITY)
#include <sched.h>
#endif
#if defined(HOST_UNIX) && !defined(SKAMPI_NO_YIELD)
#include <signal.h>
#include <sys/time.h>
#if defined(ITIMER_REAL) && defined(SA_RESTART)
#define HOST_BREAKER 1
#endif
#endif

#define HOST_SPIN_FOR 20.0e-6   /* poll a message this long before yielding ... */
#define HOST_NAP_AFTER 2.0e-3   /* ... and this long before napping in 1 ms steps */

static int host_crowded = 0;

#ifdef SKAMPI_TESTING
static int host_env_count(const char *name)
{
  const char *v = getenv(name);
  long n;
  char *end;
  if (v == NULL || *v == '\0') return 0;
  n = strtol(v, &end, 10);
  return (*end == '\0' && n > 0 && n < INT_MAX) ? (int)n : 0;
}
#endif

SK_API int sk_host_processors(int *affinity)
{
  int online = 0, mask = 0;
#ifdef SKAMPI_TESTING
  int forced = host_env_count("SKAMPI_TEST_PROCESSORS");
  if (forced > 0) {
    if (affinity) *affinity = forced;
    return forced;
  }
#endif
#if defined(HOST_UNIX) && defined(_SC_NPROCESSORS_ONLN)
  {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n > 0 && n < INT_MAX) online = (int)n;
  }
#endif
#if defined(__linux__) && defined(CPU_COUNT) && !defined(SKAMPI_NO_AFFINITY)
  {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0) mask = CPU_COUNT(&set);
  }
#endif
  if (affinity) *affinity = mask;
  return online;
}

SK_API int sk_host_affinity_mask(unsigned char *bits, int nbytes)
{
  int n = 0, i;
  memset(bits, 0, (size_t)nbytes);
#ifdef SKAMPI_TESTING
  {
    int forced = host_env_count("SKAMPI_TEST_PROCESSORS");
    if (forced > 0) {
      for (i = 0; i < forced && i < 8 * nbytes; i++) bits[i / 8] |= (unsigned char)(1u << (i % 8));
      return i;
    }
  }
#endif
#if defined(__linux__) && defined(CPU_COUNT) && !defined(SKAMPI_NO_AFFINITY)
  {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0)
      for (i = 0; i < 8 * nbytes && i < CPU_SETSIZE; i++)
        if (CPU_ISSET(i, &set)) { bits[i / 8] |= (unsigned char)(1u << (i % 8)); n++; }
  }
#endif
  (void)i;
  return n;
}

SK_API int sk_host_machine_id(char *buf, size_t size)
{
  size_t n = 0;
  if (size > 0) buf[0] = '\0';
#if defined(__linux__)
  {
    FILE *f = size > 1 ? fopen("/proc/sys/kernel/random/boot_id", "r") : NULL;
    if (f != NULL) {
      if (fgets(buf, (int)size, f) == NULL) buf[0] = '\0';
      fclose(f);
    }
    n = strlen(buf);
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' ')) buf[--n] = '\0';
  }
#endif
  return n > 0;
}

SK_API void sk_host_set_crowded(int crowded) { host_crowded = crowded != 0; }
SK_API int sk_host_crowded(void) { return host_crowded; }
SK_API void sk_host_yield(void) { HOST_YIELD(); }
SK_API void sk_host_idle(double waited)
{
  if (waited > HOST_NAP_AFTER) HOST_NAP();
  else if (waited > HOST_SPIN_FOR) HOST_YIELD();
}

/* ---- the poll breaker (used by the MPI backend; the unit tests call it too) ---- */

#if defined(SKAMPI_MPI) || defined(SKAMPI_TESTING)
static long host_breaker_us = 0;

#ifdef HOST_BREAKER
static volatile sig_atomic_t host_breaker_count = 0;
static struct sigaction host_breaker_old;

static void host_breaker_handler(int sig)
{
  (void)sig;
  host_breaker_count++;
  HOST_YIELD();
}

static void host_breaker_mask(int how)
{
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGALRM);
  sigprocmask(how, &set, NULL);   /* the process is single-threaded until MPI_Init */
}

static void host_breaker_timer(long us)
{
  struct itimerval it;
  memset(&it, 0, sizeof it);
  it.it_interval.tv_sec = us / 1000000L;
  it.it_interval.tv_usec = us % 1000000L;
  it.it_value = it.it_interval;
  setitimer(ITIMER_REAL, &it, NULL);
}
#endif

SK_API void sk_host_breaker_prepare(void)
{
#ifdef HOST_BREAKER
  host_breaker_mask(SIG_BLOCK);
#endif
}

SK_API int sk_host_breaker_start(long interval_us)
{
#ifdef HOST_BREAKER
  struct sigaction sa;
  if (interval_us <= 0 || host_breaker_us > 0) return host_breaker_us > 0;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = host_breaker_handler;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGALRM, &sa, &host_breaker_old) != 0) return 0;
  host_breaker_count = 0;
  host_breaker_us = interval_us;
  host_breaker_timer(interval_us);
  host_breaker_mask(SIG_UNBLOCK);
  return 1;
#else
  (void)interval_us;
  return 0;
#endif
}

SK_API void sk_host_breaker_stop(void)
{
#ifdef HOST_BREAKER
  if (host_breaker_us <= 0) return;
  host_breaker_timer(0);
  host_breaker_mask(SIG_BLOCK);     /* a signal still on its way stays pending, unhandled */
  sigaction(SIGALRM, &host_breaker_old, NULL);
  host_breaker_us = 0;
#endif
}

SK_API long sk_host_breaker_interval(void) { return host_breaker_us; }
#endif

#ifdef SKAMPI_TESTING
SK_API long sk_host_breaker_signals(void)
{
#ifdef HOST_BREAKER
  return (long)host_breaker_count;
#else
  return 0;
#endif
}
#endif
/* --- end split/host.c --- */
/* --- begin split/clock_skew.h --- */
#line 1 "split/clock_skew.h"
/*
** clock_skew.h -- FOR TESTS ONLY: a clock skew injected into the timer of the MPI and
** sequential backends, so that tests can check the clock synchronisation against known
** offsets and drifts on hosts that share one clock. Off unless the environment variable
** SKAMPI_TEST_CLOCK_SKEW is set, as "RANK:OFFSET_US:DRIFT_PPM[,...]": the clock of world
** rank RANK reads OFFSET_US microseconds ahead at the start and runs DRIFT_PPM parts per
** million fast (negative: behind, slow). The output header names the skew when it is on.
*/
#ifndef SK_CLOCK_SKEW_H
#define SK_CLOCK_SKEW_H

#line 13 "split/clock_skew.h"

#define SK_SKEW_ENV "SKAMPI_TEST_CLOCK_SKEW"

/* Reads the variable (bad text: SKAMPI_TEST_CLOCK_SKEW:1:COL: message, exit status 2)
** and keeps this rank's entry; `now` is the raw clock at the start. */
#ifndef SKAMPI_RCCE
SK_API void sk_skew_init(int world_rank, double now);
/* The skewed time of the raw clock reading `raw` (raw itself when the skew is off). */
SK_API double sk_skew_apply(double raw);
#endif
/* Header line(s) naming the skew of every rank, nothing when it is off. */
SK_API void sk_skew_describe(sk_str *out);
#ifdef SKAMPI_TESTING
/* The offset (seconds) and drift (fraction) this rank was given; 0 when none. */
SK_API void sk_skew_mine(double *offset, double *drift);
#endif

#endif
/* --- end split/clock_skew.h --- */
/* --- begin split/clock_skew.c --- */
#line 1 "split/clock_skew.c"
/*
** clock_skew.c -- the test-only clock skew of clock_skew.h: parsing the variable,
** skewing the raw timer of the backend, and the header line.
*/
#line 6 "split/clock_skew.c"

static struct {
  int on;
  double offset, drift, start;   /* this rank's skew; raw clock at sk_skew_init */
  const char *text;              /* the variable, for the header */
} skew;

/* The RCCE backend keeps the SCC's (or the emulator's) clock as it is: no skew there. */
#ifndef SKAMPI_RCCE
static void skew_bad(const char *text, const char *at, const char *what)
{
  sk_loc loc;
  loc.file = SK_SKEW_ENV;
  loc.line = 1;
  loc.col = (int)(at - text) + 1;
  sk_user_error(&loc, "%s (the format is RANK:OFFSET_US:DRIFT_PPM[,...], for tests only)", what);
}

/* One number of an entry at *p, followed by one of the characters of `ends`. */
static double skew_number(const char *text, const char **p, const char *ends, double limit, const char *what)
{
  char *end;
  double v = strtod(*p, &end);
  char msg[120];
  if (end == *p || (*end != '\0' && strchr(ends, *end) == NULL) || (*end == '\0' && strchr(ends, ',') == NULL)) {
    sprintf(msg, "%.40s expected", what);
    skew_bad(text, *p, msg);
  }
  if (fabs(v) > limit) {
    sprintf(msg, "%.40s out of range (at most %g)", what, limit);
    skew_bad(text, *p, msg);
  }
  *p = end;
  return v;
}

SK_API void sk_skew_init(int world_rank, double now)
{
  const char *text = getenv(SK_SKEW_ENV), *p;
  skew.on = 0;
  skew.offset = skew.drift = 0.0;
  skew.start = now;
  if (text == NULL || *text == '\0') return;
  skew.text = text;
  skew.on = 1;
  p = text;
  for (;;) {
    double r = skew_number(text, &p, ":", 1e6, "a rank");
    double off, drift;
    if (r < 0 || r != floor(r)) skew_bad(text, text, "a rank must be a whole number >= 0");
    p++;
    off = skew_number(text, &p, ":", 1e6, "an offset in microseconds");
    p++;
    drift = skew_number(text, &p, ",", 1000.0, "a drift in ppm");
    if ((int)r == world_rank) { skew.offset = off * 1e-6; skew.drift = drift * 1e-6; }
    if (*p == '\0') break;
    p++;
  }
}

SK_API double sk_skew_apply(double raw)
{
  if (!skew.on) return raw;
  return raw + skew.offset + skew.drift * (raw - skew.start);
}
#endif

SK_API void sk_skew_describe(sk_str *out)
{
  if (!skew.on) return;
  sk_str_printf(out, "# TEST-ONLY clock skew (%s=%s): RANK:OFFSET_US:DRIFT_PPM, the clock of each"
                " rank named reads OFFSET_US ahead at the start and runs DRIFT_PPM fast\n", SK_SKEW_ENV, skew.text);
}

#ifdef SKAMPI_TESTING
SK_API void sk_skew_mine(double *offset, double *drift)
{
  *offset = skew.offset;
  *drift = skew.drift;
}
#endif
/* --- end split/clock_skew.c --- */
/* --- begin split/transport.h --- */
#line 1 "split/transport.h"
/*
** transport.h -- the transport contract: the ONLY interface through which the rest of
** skampi communicates. Backends: transport_mpi.c (default),
** transport_seq.c (SKAMPI_SEQ, one process), transport_rcce.c (SKAMPI_RCCE).
**
** The contract promises no more than RCCE can keep: no tags, no wildcards, the receiver
** names the sender and the exact byte count, and a send may be synchronous (it may not
** return before the matching receive started). Ranks inside a group are 0..size-1 in the
** order of the world ranks the group was built from.
**
** Groups are created collectively: EVERY world process calls sk_tp_group_create with the
** same rank list (the interpreter runs SPMD, so it does), members and non-members alike.
** Identical rank lists give the same group object (groups are cached for the run).
*/
#ifndef SK_TRANSPORT_H
#define SK_TRANSPORT_H

#line 19 "split/transport.h"
#line 20 "split/transport.h"

typedef struct sk_group sk_group;

/* Storage for one non-blocking operation; the caller owns it. */
typedef struct sk_request {
  int active;
#ifdef SKAMPI_MPI
  MPI_Request mpi;
#endif
#ifdef SKAMPI_RCCE
  int is_send;
  iRCCE_SEND_REQUEST send;
  iRCCE_RECV_REQUEST recv;
#endif
#ifdef SKAMPI_SEQ
  int is_send;
  void *buf;
  size_t size;
#endif
} sk_request;

SK_API void sk_tp_start(int *argc, char ***argv);
SK_API void sk_tp_finish(void);
/* Ends every process after a fatal condition; prints msg first (on the calling process). */
SK_API void sk_tp_abort(int status, const char *msg);

SK_API int sk_tp_world_rank(void);
SK_API int sk_tp_world_size(void);
SK_API sk_group *sk_tp_world(void);

/* MPI_COMM_SELF: the calling process alone, a different group on every process (made at
** start, so no collective creation; never returned by sk_tp_group_create). */
SK_API sk_group *sk_tp_self(void);
SK_API sk_group *sk_tp_group_create(const int *world_ranks, int n);
SK_API int sk_tp_group_rank(const sk_group *g);          /* -1 if not a member */
SK_API int sk_tp_group_size(const sk_group *g);
SK_API int sk_tp_group_world_rank(const sk_group *g, int rank);
SK_API const int *sk_tp_group_members(const sk_group *g); /* world ranks, size entries */

SK_API void sk_tp_send(sk_group *g, int dest, const void *buf, size_t n);
SK_API void sk_tp_recv(sk_group *g, int src, void *buf, size_t n);
SK_API void sk_tp_isend(sk_group *g, int dest, const void *buf, size_t n, sk_request *req);
SK_API void sk_tp_irecv(sk_group *g, int src, void *buf, size_t n, sk_request *req);
SK_API void sk_tp_wait(sk_request *req);
SK_API int sk_tp_test(sk_request *req);                  /* 1 when complete */

/* Collectives over all members of g (non-members must not call them). */
SK_API void sk_tp_barrier(sk_group *g);
SK_API void sk_tp_bcast(sk_group *g, void *buf, size_t n, int root);
/* The library's own broadcast (MPI_Bcast / RCCE_bcast) on the measurement channel. */
SK_API void sk_tp_library_bcast(sk_group *g, void *buf, size_t n, int root);
/* root receives n_each doubles from every member, in rank order, into all. */
SK_API void sk_tp_gather_doubles(sk_group *g, const double *mine, int n_each, double *all, int root);

SK_API double sk_tp_wtime(void);
SK_API double sk_tp_wtick(void);
SK_API int sk_tp_wtime_is_global(void);
SK_API void sk_tp_processor_name(char *buf, size_t size);
/* Name and version of the communication library, for the output header. */
SK_API void sk_tp_library_version(char *buf, size_t size);

#ifdef SKAMPI_MPI
/* MPI-only measurement functions use the group's measurement communicator (a duplicate
** of the one skampi uses for its own control messages). */
SK_API MPI_Comm sk_tp_group_mpi_comm(const sk_group *g);
#endif

#endif
/* --- end split/transport.h --- */
/* --- begin split/library_polling.h --- */
#line 1 "split/library_polling.h"
/*
** library_polling.h -- how the MPI library waits (busy polling or yielding) on an
** oversubscribed host, and what skampi does about it. Measured on 4 processes on 2
** cores (README, "Oversubscription"): Open MPI's mpi_yield_when_idle turns 23 ms per
** small MPI_Allreduce into 8 us; it is read at MPI_Init only (an MPI_T write before or
** after MPI_Init changed nothing), so skampi sets OMPI_MCA_mpi_yield_when_idle=1 in its
** environment before MPI_Init when the launcher's count of processes on this host exceeds
** its processors -- never when the variable is set already (by the user), and not with
** SKAMPI_LIBRARY_YIELD=0. MPICH 4.0 with ch4 has no setting that yields (the library calls
** no yield function; MPIR_CVAR_POLLS_BEFORE_YIELD changed nothing), so there skampi starts
** the poll breaker of host.h: a timer signal every SKAMPI_YIELD_TIMER_US microseconds
** (default 100; 0 turns it off, as does SKAMPI_LIBRARY_YIELD=0) whose handler yields.
*/
#ifndef SK_LIBRARY_POLLING_H
#define SK_LIBRARY_POLLING_H

#line 18 "split/library_polling.h"

#ifdef SKAMPI_MPI
/* Called before the library starts (MPI_Init). */
SK_API void sk_lib_polling_before_init(void);
#endif
/* After the oversubscription check (oversub.c, every process): starts the poll breaker
** where the library busy-polls and cannot be told otherwise (MPICH). */
SK_API void sk_lib_polling_after_detect(int oversubscribed);
/* Header lines ("# library polling: ...") and, when oversubscribed, warning text for
** stderr (empty when there is nothing to say). After MPI_Init. */
SK_API void sk_lib_polling_describe(int oversubscribed, sk_str *header, sk_str *warning);

#endif
/* --- end split/library_polling.h --- */
/* --- begin split/transport_mpi.c --- */
#line 1 "split/transport_mpi.c"
/*
** transport_mpi.c -- the transport contract over MPI (the default backend).
** Uses MPI-1.1 calls only, except where SK_MPI_LEVEL says the library has more
** (MPI_Comm_get_attr for MPI-2 and later; MPI_Get_library_version for MPI-3).
** Every group holds two communicators: `control` for skampi's own messages (decisions,
** gathers, result forwarding) and `measure` for the measurement functions, so that no
** measurement can ever match a control message.
** On an oversubscribed host (sk_host_crowded) the control collectives (barrier,
** broadcast, gather) are point-to-point messages that skampi waits for with MPI_Testall,
** yielding the processor in between (sk_host_idle): the library's own collectives would
** busy-poll under MPICH and take the processor from the process they wait for.
*/
#line 14 "split/transport_mpi.c"
#line 15 "split/transport_mpi.c"
#line 16 "split/transport_mpi.c"

#ifdef SKAMPI_MPI

struct sk_group {
  int size, rank;          /* rank -1: not a member */
  int *members;            /* world ranks */
  MPI_Comm control, measure;
  struct sk_group *next;   /* registry of all groups created in this run */
};

static struct {
  int rank, size;
  sk_group *world;
  sk_group *self;          /* MPI_COMM_SELF's group, outside the registry */
  sk_group *groups;
} tpm;

static void tpm_check(int err, const char *what)
{
  if (err != MPI_SUCCESS) {
    char msg[160];
    sprintf(msg, "skampi: %.100s failed (MPI error %d)", what, err);
    sk_tp_abort(SK_EXIT_INTERNAL, msg);
  }
}

SK_API void sk_tp_start(int *argc, char ***argv)
{
  int i;
  sk_lib_polling_before_init();   /* may set the library's yield-when-idle first */
  sk_host_breaker_prepare();      /* the library's threads must not take the breaker's signal */
  tpm_check(MPI_Init(argc, argv), "MPI_Init");
  MPI_Comm_rank(MPI_COMM_WORLD, &tpm.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &tpm.size);
  sk_skew_init(tpm.rank, MPI_Wtime());
  tpm.world = (sk_group *)sk_calloc(1, sizeof *tpm.world);
  tpm.world->size = tpm.size;
  tpm.world->rank = tpm.rank;
  tpm.world->members = (int *)sk_malloc(sizeof(int) * (size_t)tpm.size);
  for (i = 0; i < tpm.size; i++) tpm.world->members[i] = i;
  tpm_check(MPI_Comm_dup(MPI_COMM_WORLD, &tpm.world->control), "MPI_Comm_dup");
  tpm_check(MPI_Comm_dup(MPI_COMM_WORLD, &tpm.world->measure), "MPI_Comm_dup");
  tpm.groups = tpm.world;
  tpm.self = (sk_group *)sk_calloc(1, sizeof *tpm.self);
  tpm.self->size = 1;
  tpm.self->rank = 0;
  tpm.self->members = (int *)sk_malloc(sizeof(int));
  tpm.self->members[0] = tpm.rank;
  tpm_check(MPI_Comm_dup(MPI_COMM_SELF, &tpm.self->control), "MPI_Comm_dup");
  tpm_check(MPI_Comm_dup(MPI_COMM_SELF, &tpm.self->measure), "MPI_Comm_dup");
}

static void tpm_free_group(sk_group *g)
{
  if (g->control != MPI_COMM_NULL) MPI_Comm_free(&g->control);
  if (g->measure != MPI_COMM_NULL) MPI_Comm_free(&g->measure);
  free(g->members);
  free(g);
}

/* The groups' communicators go back to the library before MPI_Finalize (every process
** ends here alike, as MPI_Comm_free is collective); the registry goes with them, and
** so does MPI_COMM_SELF's group, which lives outside it. */
static void tpm_free_groups(void)
{
  sk_group *g = tpm.groups, *next;
  for (; g; g = next) {
    next = g->next;
    tpm_free_group(g);
  }
  if (tpm.self) tpm_free_group(tpm.self);
  tpm.groups = NULL;
  tpm.world = NULL;
  tpm.self = NULL;
}

SK_API void sk_tp_finish(void)
{
  int flag = 0;
  MPI_Initialized(&flag);
  if (flag) {
    sk_host_breaker_stop();
    tpm_free_groups();
    MPI_Finalize();
  }
}

SK_API void sk_tp_abort(int status, const char *msg)
{
  if (msg) { fflush(stdout); fprintf(stderr, "%s\n", msg); fflush(stderr); }
  sk_host_breaker_stop();
  MPI_Abort(MPI_COMM_WORLD, status);
  exit(status);
}

SK_API int sk_tp_world_rank(void) { return tpm.rank; }
SK_API int sk_tp_world_size(void) { return tpm.size; }
SK_API sk_group *sk_tp_world(void) { return tpm.world; }
SK_API sk_group *sk_tp_self(void) { return tpm.self; }

SK_API sk_group *sk_tp_group_create(const int *world_ranks, int n)
{
  sk_group *g;
  int i, pos = -1;
  for (g = tpm.groups; g; g = g->next)
    if (g->size == n && memcmp(g->members, world_ranks, sizeof(int) * (size_t)n) == 0) return g;
  for (i = 0; i < n; i++) if (world_ranks[i] == tpm.rank) pos = i;
  g = (sk_group *)sk_calloc(1, sizeof *g);
  g->size = n;
  g->rank = pos;
  g->members = (int *)sk_malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
  memcpy(g->members, world_ranks, sizeof(int) * (size_t)n);
  /* Collective over the world: everybody takes part, non-members get MPI_COMM_NULL. */
  tpm_check(MPI_Comm_split(tpm.world->control, pos >= 0 ? 0 : MPI_UNDEFINED, pos, &g->control),
            "MPI_Comm_split");
  g->measure = MPI_COMM_NULL;
  if (pos >= 0) tpm_check(MPI_Comm_dup(g->control, &g->measure), "MPI_Comm_dup");
  g->next = tpm.groups;
  tpm.groups = g;
  return g;
}

SK_API int sk_tp_group_rank(const sk_group *g) { return g->rank; }
SK_API int sk_tp_group_size(const sk_group *g) { return g->size; }
SK_API int sk_tp_group_world_rank(const sk_group *g, int rank) { return g->members[rank]; }
SK_API const int *sk_tp_group_members(const sk_group *g) { return g->members; }
SK_API MPI_Comm sk_tp_group_mpi_comm(const sk_group *g) { return g->measure; }

#define TPM_TAG 4711

SK_API void sk_tp_send(sk_group *g, int dest, const void *buf, size_t n)
{
  tpm_check(MPI_Send((void *)buf, (int)n, MPI_BYTE, dest, TPM_TAG, g->measure), "MPI_Send");
}

SK_API void sk_tp_recv(sk_group *g, int src, void *buf, size_t n)
{
  MPI_Status st;
  tpm_check(MPI_Recv(buf, (int)n, MPI_BYTE, src, TPM_TAG, g->measure, &st), "MPI_Recv");
}

SK_API void sk_tp_isend(sk_group *g, int dest, const void *buf, size_t n, sk_request *req)
{
  req->active = 1;
  tpm_check(MPI_Isend((void *)buf, (int)n, MPI_BYTE, dest, TPM_TAG, g->measure, &req->mpi), "MPI_Isend");
}

SK_API void sk_tp_irecv(sk_group *g, int src, void *buf, size_t n, sk_request *req)
{
  req->active = 1;
  tpm_check(MPI_Irecv(buf, (int)n, MPI_BYTE, src, TPM_TAG, g->measure, &req->mpi), "MPI_Irecv");
}

SK_API void sk_tp_wait(sk_request *req)
{
  MPI_Status st;
  if (!req->active) return;
  tpm_check(MPI_Wait(&req->mpi, &st), "MPI_Wait");
  req->active = 0;
}

SK_API int sk_tp_test(sk_request *req)
{
  MPI_Status st;
  int flag = 0;
  if (!req->active) return 1;
  tpm_check(MPI_Test(&req->mpi, &flag, &st), "MPI_Test");
  if (flag) req->active = 0;
  return flag;
}

#define TPM_CONTROL_TAG 4712

/* Completes n requests, polling and yielding (MPI-1.1: MPI_Testall). */
static void tpm_wait_yielding(MPI_Request *reqs, int n)
{
  double since = MPI_Wtime();
  int done = 0;
  MPI_Status *st = (MPI_Status *)sk_malloc(sizeof(MPI_Status) * (size_t)(n > 0 ? n : 1));
  for (;;) {
    tpm_check(MPI_Testall(n, reqs, &done, st), "MPI_Testall");
    if (done) break;
    sk_host_idle(MPI_Wtime() - since);
  }
  free(st);
}

/* The crowded gather: every member sends its n bytes to root (linear). */
static void tpm_gather_yielding(sk_group *g, const void *mine, size_t n, void *all, int root)
{
  MPI_Request *reqs;
  int i, k = 0;
  if (g->rank != root) {
    MPI_Request r;
    tpm_check(MPI_Isend((void *)mine, (int)n, MPI_BYTE, root, TPM_CONTROL_TAG, g->control, &r), "MPI_Isend");
    tpm_wait_yielding(&r, 1);
    return;
  }
  reqs = (MPI_Request *)sk_malloc(sizeof(MPI_Request) * (size_t)g->size);
  for (i = 0; i < g->size; i++) {
    if (i == root) continue;
    tpm_check(MPI_Irecv((char *)all + n * (size_t)i, (int)n, MPI_BYTE, i, TPM_CONTROL_TAG, g->control,
                        &reqs[k++]), "MPI_Irecv");
  }
  if (n > 0) memcpy((char *)all + n * (size_t)root, mine, n);
  tpm_wait_yielding(reqs, k);
  free(reqs);
}

/* The crowded broadcast: root sends to every member (linear). */
static void tpm_bcast_yielding(sk_group *g, void *buf, size_t n, int root)
{
  MPI_Request *reqs;
  int i, k = 0;
  if (g->rank != root) {
    MPI_Request r;
    tpm_check(MPI_Irecv(buf, (int)n, MPI_BYTE, root, TPM_CONTROL_TAG, g->control, &r), "MPI_Irecv");
    tpm_wait_yielding(&r, 1);
    return;
  }
  reqs = (MPI_Request *)sk_malloc(sizeof(MPI_Request) * (size_t)g->size);
  for (i = 0; i < g->size; i++)
    if (i != root)
      tpm_check(MPI_Isend(buf, (int)n, MPI_BYTE, i, TPM_CONTROL_TAG, g->control, &reqs[k++]), "MPI_Isend");
  tpm_wait_yielding(reqs, k);
  free(reqs);
}

SK_API void sk_tp_barrier(sk_group *g)
{
  if (sk_host_crowded() && g->size > 1) {
    char none = 0, *all = (char *)sk_malloc((size_t)g->size);
    tpm_gather_yielding(g, &none, 1, all, 0);
    tpm_bcast_yielding(g, &none, 1, 0);
    free(all);
    return;
  }
  tpm_check(MPI_Barrier(g->control), "MPI_Barrier");
}

SK_API void sk_tp_bcast(sk_group *g, void *buf, size_t n, int root)
{
  if (sk_host_crowded() && g->size > 1) {
    tpm_bcast_yielding(g, buf, n, root);
    return;
  }
  tpm_check(MPI_Bcast(buf, (int)n, MPI_BYTE, root, g->control), "MPI_Bcast");
}

SK_API void sk_tp_library_bcast(sk_group *g, void *buf, size_t n, int root)
{
  tpm_check(MPI_Bcast(buf, (int)n, MPI_BYTE, root, g->measure), "MPI_Bcast");
}

SK_API void sk_tp_gather_doubles(sk_group *g, const double *mine, int n_each, double *all, int root)
{
  if (sk_host_crowded() && g->size > 1) {
    tpm_gather_yielding(g, mine, sizeof(double) * (size_t)n_each, all, root);
    return;
  }
  tpm_check(MPI_Gather((void *)mine, n_each, MPI_DOUBLE, all, n_each, MPI_DOUBLE, root, g->control),
            "MPI_Gather");
}

SK_API double sk_tp_wtime(void) { return sk_skew_apply(MPI_Wtime()); }
SK_API double sk_tp_wtick(void) { return MPI_Wtick(); }

SK_API int sk_tp_wtime_is_global(void)
{
  int *value = NULL, flag = 0;
#if SK_MPI_REPLACED_NAMES
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &value, &flag);
#else
  MPI_Attr_get(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &value, &flag);
#endif
  return flag && value != NULL && *value != 0;
}

SK_API void sk_tp_processor_name(char *buf, size_t size)
{
  char name[MPI_MAX_PROCESSOR_NAME + 1];
  int len = 0;
  MPI_Get_processor_name(name, &len);
  name[len < 0 ? 0 : len] = '\0';
  sk_copy_string(buf, size, name);
}

SK_API void sk_tp_library_version(char *buf, size_t size)
{
#if SK_MPI_LEVEL >= 3
  char v[MPI_MAX_LIBRARY_VERSION_STRING + 1];
  int len = 0;
  char *nl;
  MPI_Get_library_version(v, &len);
  v[len < 0 ? 0 : len] = '\0';
  nl = strchr(v, '\n');
  if (nl) *nl = '\0';
  sk_copy_string(buf, size, v);
#else
  char v[64];
#if defined(MPI_VERSION) && defined(MPI_SUBVERSION)
  sprintf(v, "MPI %d.%d (mpi.h)", MPI_VERSION, MPI_SUBVERSION);
#else
  strcpy(v, "MPI 1.x");
#endif
  sk_copy_string(buf, size, v);
#endif
}

#endif /* SKAMPI_MPI */
/* --- end split/transport_mpi.c --- */
/* --- begin split/transport_seq.c --- */
#line 1 "split/transport_seq.c"
/*
** transport_seq.c -- the transport contract without any communication library
** (SKAMPI_SEQ, SKaLib's sequential mode): one process, rank 0 of a world of size 1.
** Messages to oneself are buffered in a FIFO so that a measurement may send to itself
** before it receives. The clock is clock() with its resolution measured as in SKaLib 3.1.
*/
#line 8 "split/transport_seq.c"
#line 9 "split/transport_seq.c"
#include <time.h>

#ifdef SKAMPI_SEQ

struct sk_group {
  int size, rank;
  int members[1];
};

typedef struct tps_msg {
  char *data;
  size_t size;
  struct tps_msg *next;
} tps_msg;

static struct {
  sk_group world, empty;
  tps_msg *head, *tail;
  double tick;
} tps;

SK_API void sk_tp_start(int *argc, char ***argv)
{
  (void)argc; (void)argv;
  tps.world.size = 1;
  tps.world.rank = 0;
  tps.world.members[0] = 0;
  tps.empty.size = 0;
  tps.empty.rank = -1;
  sk_skew_init(0, (double)clock() / (double)CLOCKS_PER_SEC);
}

SK_API void sk_tp_finish(void) { }

SK_API void sk_tp_abort(int status, const char *msg)
{
  if (msg) { fflush(stdout); fprintf(stderr, "%s\n", msg); }
  exit(status);
}

SK_API int sk_tp_world_rank(void) { return 0; }
SK_API int sk_tp_world_size(void) { return 1; }
SK_API sk_group *sk_tp_world(void) { return &tps.world; }
SK_API sk_group *sk_tp_self(void) { return &tps.world; }

SK_API sk_group *sk_tp_group_create(const int *world_ranks, int n)
{
  if (n == 1 && world_ranks[0] == 0) return &tps.world;
  if (n == 0) return &tps.empty;
  sk_fatal("sequential backend: a group can only contain rank 0");
  return NULL;
}

SK_API int sk_tp_group_rank(const sk_group *g) { return g->rank; }
SK_API int sk_tp_group_size(const sk_group *g) { return g->size; }
SK_API int sk_tp_group_world_rank(const sk_group *g, int rank) { return g->members[rank]; }
SK_API const int *sk_tp_group_members(const sk_group *g) { return g->members; }

static void tps_check_self(int peer)
{
  if (peer != 0) sk_fatal("sequential backend: no process %d to talk to", peer);
}

SK_API void sk_tp_send(sk_group *g, int dest, const void *buf, size_t n)
{
  tps_msg *m;
  (void)g;
  tps_check_self(dest);
  m = (tps_msg *)sk_malloc(sizeof *m);
  m->data = (char *)sk_malloc(n);
  memcpy(m->data, buf, n);
  m->size = n;
  m->next = NULL;
  if (tps.tail) tps.tail->next = m; else tps.head = m;
  tps.tail = m;
}

SK_API void sk_tp_recv(sk_group *g, int src, void *buf, size_t n)
{
  tps_msg *m = tps.head;
  (void)g;
  tps_check_self(src);
  if (m == NULL) sk_fatal("sequential backend: receive without a matching send (deadlock)");
  if (m->size != n) sk_fatal("sequential backend: message of %lu bytes received as %lu bytes",
                             (unsigned long)m->size, (unsigned long)n);
  memcpy(buf, m->data, n);
  tps.head = m->next;
  if (tps.head == NULL) tps.tail = NULL;
  free(m->data);
  free(m);
}

SK_API void sk_tp_isend(sk_group *g, int dest, const void *buf, size_t n, sk_request *req)
{
  sk_tp_send(g, dest, buf, n);
  req->active = 0;
  req->is_send = 1;
}

SK_API void sk_tp_irecv(sk_group *g, int src, void *buf, size_t n, sk_request *req)
{
  (void)g;
  tps_check_self(src);
  req->active = 1;
  req->is_send = 0;
  req->buf = buf;
  req->size = n;
}

SK_API void sk_tp_wait(sk_request *req)
{
  if (!req->active) return;
  sk_tp_recv(&tps.world, 0, req->buf, req->size);
  req->active = 0;
}

SK_API int sk_tp_test(sk_request *req)
{
  if (req->active && tps.head != NULL) sk_tp_wait(req);
  return !req->active;
}

SK_API void sk_tp_barrier(sk_group *g) { (void)g; }
SK_API void sk_tp_bcast(sk_group *g, void *buf, size_t n, int root) { (void)g; (void)buf; (void)n; (void)root; }
SK_API void sk_tp_library_bcast(sk_group *g, void *buf, size_t n, int root) { (void)g; (void)buf; (void)n; (void)root; }

SK_API void sk_tp_gather_doubles(sk_group *g, const double *mine, int n_each, double *all, int root)
{
  (void)g; (void)root;
  memmove(all, mine, sizeof(double) * (size_t)n_each);
}

SK_API double sk_tp_wtime(void)
{
  return sk_skew_apply((double)clock() / (double)CLOCKS_PER_SEC);
}

/* SKaLib 3.1: the smallest observable difference between two clock() readings. */
SK_API double sk_tp_wtick(void)
{
  clock_t start, now;
  long i;
  if (tps.tick > 0.0) return tps.tick;
  start = clock();
  for (i = 0; ; i++) {
    now = clock();
    if (now - start >= 1 || i > 100000000L) break;
  }
  tps.tick = (double)(now - start) / (double)CLOCKS_PER_SEC;
  if (tps.tick <= 0.0) tps.tick = 1.0 / (double)CLOCKS_PER_SEC;
  return tps.tick;
}

SK_API int sk_tp_wtime_is_global(void) { return 1; }

SK_API void sk_tp_processor_name(char *buf, size_t size)
{
  sk_copy_string(buf, size, "localhost");
}

SK_API void sk_tp_library_version(char *buf, size_t size)
{
  sk_copy_string(buf, size, "none (sequential backend)");
}

#endif /* SKAMPI_SEQ */
/* --- end split/transport_seq.c --- */
/* --- begin split/transport_rcce.c --- */
#line 1 "split/transport_rcce.c"
/*
** transport_rcce.c -- the transport contract (transport.h) over RCCE and its
** non-blocking extension iRCCE (SKAMPI_RCCE): the Intel SCC, or the host emulator in
** tools/rcce. The libraries are used as the SCC broadcast
** thesis (Pichler 2013, §2.3, §2.4) uses them.
**
** Ranks: world rank = RCCE_ue(), world size = RCCE_num_ues() (at most RCCE_MAXNP).
** Point to point: RCCE_send/RCCE_recv (synchronous, exact size, no tags) and
** iRCCE_isend/iRCCE_irecv with iRCCE's test and wait functions. RCCE, like iRCCE,
** moves nothing for a message of 0 bytes (such a send/receive pair does not
** synchronise). RCCE has no messages to oneself; nothing in skampi sends any.
**
** Groups: every group owns an RCCE communicator made by RCCE_comm_split with a colour
** callback over the member list (members colour 0, the others colour 1). RCCE orders a
** communicator by UE number while the contract orders a group by its rank list, so the
** root of RCCE_bcast is translated. Every UE splits, members and non-members alike, and
** no communicator is ever freed: RCCE picks the flags of a communicator by the order of
** splits and frees, which must be the same on every UE. RCCE has room for a limited
** number of communicators (the emulator: 31 besides RCCE_COMM_WORLD); a group created
** after that still works for point to point, control broadcast and gather (all done
** here with RCCE_send/RCCE_recv among the members) and for barrier (then made of
** messages too), but the library broadcast on it stops with a clear message.
** Control broadcast and gather go over point to point in group-rank order; barrier is
** RCCE_barrier; the library broadcast is RCCE_bcast.
**
** Waiting uses iRCCE's own wait functions (they yield the core in the emulator); they
** must progress the send queue and the receive queues alike, as the emulator's do, so
** that two UEs waiting for each other's multi-chunk messages always complete. Clocks are per core: wtime_is_global is 0; the tick is
** measured as the smallest observable difference of RCCE_wtime (SKaLib §3.1). Under the
** emulator's virtual time (RCCE_EMU_TIME=model) RCCE_wtime is the modelled SCC clock; the
** emulator then names its model in RCCE_EMU_TIME_MODEL, which the library line of the
** output header carries (times are virtual).
** Abort prints and exits; ending the other UEs is the launcher's job (rccerun).
*/
#line 36 "split/transport_rcce.c"

#ifdef SKAMPI_RCCE

struct sk_group {
  int size, rank;           /* rank -1: not a member */
  int *members;             /* UE numbers in group-rank order */
  int has_comm;             /* an RCCE communicator could be made for the group */
  RCCE_COMM own_comm;       /* the communicator made by RCCE_comm_split */
  RCCE_COMM *comm;          /* &own_comm, or &RCCE_COMM_WORLD for the world */
  struct sk_group *next;    /* registry of all groups created in this run */
};

static struct {
  int started;
  int rank, size;
  sk_group *world;
  sk_group *self;           /* MPI_COMM_SELF's group: this UE alone, outside the registry */
  sk_group *groups;
  double tick;              /* measured once, 0 until then */
} tpr;

static void tpr_check(int err, const char *what)
{
  if (err != RCCE_SUCCESS) {
    char text[RCCE_MAX_ERROR_STRING + 1];
    char msg[260];
    int len = 0;
    text[0] = '\0';
    RCCE_error_string(err, text, &len);
    text[RCCE_MAX_ERROR_STRING] = '\0';
    sprintf(msg, "skampi: UE %d: %.100s failed: %.100s (RCCE error %d)", tpr.rank, what,
            text, err);
    sk_tp_abort(SK_EXIT_INTERNAL, msg);
  }
}

/* iRCCE_isend/iRCCE_irecv also answer "pending" or "queued behind another request". */
static void tpr_check_posted(int err, const char *what)
{
  if (err != iRCCE_SUCCESS && err != iRCCE_PENDING && err != iRCCE_RESERVED) tpr_check(err, what);
}

SK_API void sk_tp_start(int *argc, char ***argv)
{
  int i;
  tpr_check(RCCE_init(argc, argv), "RCCE_init");
  tpr.started = 1;
  tpr.rank = RCCE_ue();
  tpr_check(iRCCE_init(), "iRCCE_init");
  tpr.size = RCCE_num_ues();
  tpr.world = (sk_group *)sk_calloc(1, sizeof *tpr.world);
  tpr.world->size = tpr.size;
  tpr.world->rank = tpr.rank;
  tpr.world->members = (int *)sk_malloc(sizeof(int) * (size_t)tpr.size);
  for (i = 0; i < tpr.size; i++) tpr.world->members[i] = i;
  tpr.world->has_comm = 1;
  tpr.world->comm = &RCCE_COMM_WORLD;
  tpr.groups = tpr.world;
  tpr.self = (sk_group *)sk_calloc(1, sizeof *tpr.self);
  tpr.self->size = 1;
  tpr.self->rank = 0;
  tpr.self->members = (int *)sk_malloc(sizeof(int));
  tpr.self->members[0] = tpr.rank;
}

SK_API void sk_tp_finish(void)
{
  if (tpr.started) {
    tpr.started = 0;
    RCCE_finalize();
  }
}

SK_API void sk_tp_abort(int status, const char *msg)
{
  if (msg) { fflush(stdout); fprintf(stderr, "%s\n", msg); fflush(stderr); }
  exit(status);
}

SK_API int sk_tp_world_rank(void) { return tpr.rank; }
SK_API int sk_tp_world_size(void) { return tpr.size; }
SK_API sk_group *sk_tp_world(void) { return tpr.world; }
SK_API sk_group *sk_tp_self(void) { return tpr.self; }

/* The member list handed to the colour callback of RCCE_comm_split. */
typedef struct tpr_member_list {
  const int *ues;
  int n;
} tpr_member_list;

static int tpr_colour_of_ue(int ue, void *aux)
{
  const tpr_member_list *list = (const tpr_member_list *)aux;
  int i;
  for (i = 0; i < list->n; i++)
    if (list->ues[i] == ue) return 0;
  return 1;
}

SK_API sk_group *sk_tp_group_create(const int *world_ranks, int n)
{
  sk_group *g;
  tpr_member_list list;
  int i, j, pos = -1;
  for (g = tpr.groups; g; g = g->next)
    if (g->size == n && memcmp(g->members, world_ranks, sizeof(int) * (size_t)n) == 0) return g;
  for (i = 0; i < n; i++) {
    if (world_ranks[i] < 0 || world_ranks[i] >= tpr.size)
      sk_fatal("RCCE backend: group member %d is not a UE (there are %d)", world_ranks[i], tpr.size);
    for (j = 0; j < i; j++)
      if (world_ranks[j] == world_ranks[i])
        sk_fatal("RCCE backend: UE %d appears twice in a group", world_ranks[i]);
    if (world_ranks[i] == tpr.rank) pos = i;
  }
  g = (sk_group *)sk_calloc(1, sizeof *g);
  g->size = n;
  g->rank = pos;
  g->members = (int *)sk_malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
  memcpy(g->members, world_ranks, sizeof(int) * (size_t)n);
  g->comm = &g->own_comm;
  if (n > 0) {
    /* Collective over all UEs; non-members get the communicator of the others. */
    list.ues = world_ranks;
    list.n = n;
    g->has_comm = RCCE_comm_split(tpr_colour_of_ue, &list, &g->own_comm) == RCCE_SUCCESS;
  }
  g->next = tpr.groups;
  tpr.groups = g;
  return g;
}

SK_API int sk_tp_group_rank(const sk_group *g) { return g->rank; }
SK_API int sk_tp_group_size(const sk_group *g) { return g->size; }
SK_API int sk_tp_group_world_rank(const sk_group *g, int rank) { return g->members[rank]; }
SK_API const int *sk_tp_group_members(const sk_group *g) { return g->members; }

SK_API void sk_tp_send(sk_group *g, int dest, const void *buf, size_t n)
{
  tpr_check(RCCE_send((char *)buf, n, g->members[dest]), "RCCE_send");
}

SK_API void sk_tp_recv(sk_group *g, int src, void *buf, size_t n)
{
  tpr_check(RCCE_recv((char *)buf, n, g->members[src]), "RCCE_recv");
}

SK_API void sk_tp_isend(sk_group *g, int dest, const void *buf, size_t n, sk_request *req)
{
  req->active = 1;
  req->is_send = 1;
  tpr_check_posted(iRCCE_isend((char *)buf, n, g->members[dest], &req->send), "iRCCE_isend");
}

SK_API void sk_tp_irecv(sk_group *g, int src, void *buf, size_t n, sk_request *req)
{
  req->active = 1;
  req->is_send = 0;
  tpr_check_posted(iRCCE_irecv((char *)buf, n, g->members[src], &req->recv), "iRCCE_irecv");
}

SK_API void sk_tp_wait(sk_request *req)
{
  if (!req->active) return;
  if (req->is_send) tpr_check(iRCCE_isend_wait(&req->send), "iRCCE_isend_wait");
  else tpr_check(iRCCE_irecv_wait(&req->recv), "iRCCE_irecv_wait");
  req->active = 0;
}

SK_API int sk_tp_test(sk_request *req)
{
  int flag = 0, rc;
  if (!req->active) return 1;
  if (req->is_send) {
    rc = iRCCE_isend_test(&req->send, &flag);
    if (rc != iRCCE_PENDING) tpr_check(rc, "iRCCE_isend_test");
  } else {
    rc = iRCCE_irecv_test(&req->recv, &flag);
    if (rc != iRCCE_PENDING) tpr_check(rc, "iRCCE_irecv_test");
  }
  if (flag) req->active = 0;
  return flag;
}

/* A barrier made of 1-byte messages (RCCE does not synchronise on 0 bytes), for groups
** that got no RCCE communicator. */
static void tpr_message_barrier(sk_group *g)
{
  char token = 0;
  int i;
  if (g->rank == 0) {
    for (i = 1; i < g->size; i++) sk_tp_recv(g, i, &token, 1);
    for (i = 1; i < g->size; i++) sk_tp_send(g, i, &token, 1);
  } else {
    sk_tp_send(g, 0, &token, 1);
    sk_tp_recv(g, 0, &token, 1);
  }
}

SK_API void sk_tp_barrier(sk_group *g)
{
  if (g->has_comm) tpr_check(RCCE_barrier(g->comm), "RCCE_barrier");
  else tpr_message_barrier(g);
}

/* Control broadcast: the root sends to every other member in rank order. */
SK_API void sk_tp_bcast(sk_group *g, void *buf, size_t n, int root)
{
  int i;
  if (n == 0) return;
  if (g->rank != root) {
    sk_tp_recv(g, root, buf, n);
    return;
  }
  for (i = 0; i < g->size; i++)
    if (i != root) sk_tp_send(g, i, buf, n);
}

SK_API void sk_tp_library_bcast(sk_group *g, void *buf, size_t n, int root)
{
  int comm_root;
  if (g->size == 1) return;   /* the self group: nothing to send, no communicator */
  if (!g->has_comm) {
    char msg[240];
    sprintf(msg, "skampi: UE %d: RCCE had no communicator left for this group of %d UEs "
            "(RCCE_comm_split failed), so RCCE_bcast cannot run on it; use fewer "
            "communicators", tpr.rank, g->size);
    sk_tp_abort(SK_EXIT_USER_ERROR, msg);
  }
  /* RCCE ranks a communicator by UE number: find the root's place there. */
  for (comm_root = 0; comm_root < g->comm->size; comm_root++)
    if (g->comm->member[comm_root] == g->members[root]) break;
  tpr_check(RCCE_bcast((char *)buf, n, comm_root, *g->comm), "RCCE_bcast");
}

SK_API void sk_tp_gather_doubles(sk_group *g, const double *mine, int n_each, double *all, int root)
{
  size_t bytes = sizeof(double) * (size_t)(n_each > 0 ? n_each : 0);
  int i;
  if (bytes == 0) return;
  if (g->rank != root) {
    sk_tp_send(g, root, mine, bytes);
    return;
  }
  for (i = 0; i < g->size; i++) {
    if (i == root) memmove(all + (size_t)i * (size_t)n_each, mine, bytes);
    else sk_tp_recv(g, i, all + (size_t)i * (size_t)n_each, bytes);
  }
}

SK_API double sk_tp_wtime(void) { return RCCE_wtime(); }

/* SKaLib §3.1: the smallest observable difference between two readings of the clock,
** the minimum over a few trials (the first reading may fall anywhere inside a tick). */
SK_API double sk_tp_wtick(void)
{
  double start, now, best = 0.0;
  long i;
  int trial;
  if (tpr.tick > 0.0) return tpr.tick;
  for (trial = 0; trial < 8; trial++) {
    start = RCCE_wtime();
    now = start;
    for (i = 0; i < 100000000L; i++) {
      now = RCCE_wtime();
      if (now != start) break;
    }
    if (now > start && (best == 0.0 || now - start < best)) best = now - start;
  }
  tpr.tick = best > 0.0 ? best : 1.0e-6;
  return tpr.tick;
}

SK_API int sk_tp_wtime_is_global(void) { return 0; }

SK_API void sk_tp_processor_name(char *buf, size_t size)
{
  char name[40];
  sprintf(name, "UE %d", tpr.rank);
  sk_copy_string(buf, size, name);
}

SK_API void sk_tp_library_version(char *buf, size_t size)
{
  char v[120];
  const char *model = getenv("RCCE_EMU_TIME_MODEL");   /* set by the host emulator only */
  sk_str s;
  sprintf(v, "RCCE with iRCCE (RCCE_MAXNP %d, %d-byte message-passing buffer per UE)",
          (int)RCCE_MAXNP, (int)RCCE_BUFF_SIZE_MAX);
  sk_str_init(&s);
  sk_str_puts(&s, v);
  if (model != NULL && *model != '\0') sk_str_printf(&s, "; %s", model);
  sk_copy_string(buf, size, s.data);
  sk_str_free(&s);
}

#endif /* SKAMPI_RCCE */
/* --- end split/transport_rcce.c --- */
/* --- begin split/library_polling.c --- */
#line 1 "split/library_polling.c"
/*
** library_polling.c -- see library_polling.h. Open MPI and MPICH are told apart by their
** mpi.h (OMPI_MAJOR_VERSION, MPICH_VERSION); control variables are read through the MPI
** tool information interface (MPI_T, MPI-3) where the library has it.
*/
#line 7 "split/library_polling.c"

#define LP_OMPI_ENV "OMPI_MCA_mpi_yield_when_idle"
#define LP_MPICH_ENV "MPIR_CVAR_POLLS_BEFORE_YIELD"

#if defined(SKAMPI_MPI) && defined(OMPI_MAJOR_VERSION)
#if defined(__unix__) || defined(__APPLE__)
#define LP_HAVE_SETENV 1
/* setenv is POSIX.1-2001: strict C89 headers need not declare it */
extern int setenv(const char *name, const char *value, int overwrite);
#endif

static struct {
  int applied;       /* skampi set LP_OMPI_ENV */
  int user_set;      /* the environment had it before */
  int declined;      /* SKAMPI_LIBRARY_YIELD=0 */
} lp;

/* Before MPI_Init only the launcher knows how many processes share this host: Open MPI's
** OMPI_COMM_WORLD_LOCAL_SIZE (0: not told). */
static int lp_crowded_before_init(void)
{
  const char *v = getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
  long local = v ? strtol(v, NULL, 10) : 0;
  int mask = 0, online = sk_host_processors(&mask), usable = mask > 0 ? mask : online;
  return local > 0 && usable > 0 && local > usable;
}
#endif

#ifdef SKAMPI_MPI
SK_API void sk_lib_polling_before_init(void)
{
#if defined(OMPI_MAJOR_VERSION)
  const char *mine = getenv("SKAMPI_LIBRARY_YIELD");
  if (!lp_crowded_before_init()) return;
  if (getenv(LP_OMPI_ENV) != NULL) { lp.user_set = 1; return; }
  if (mine != NULL && strcmp(mine, "0") == 0) { lp.declined = 1; return; }
#ifdef LP_HAVE_SETENV
  lp.applied = setenv(LP_OMPI_ENV, "1", 0) == 0;
#endif
#endif
}
#endif

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 3
/* The integer value of a control variable (MPI_T); 0 when the library has no such one. */
static int lp_read_cvar(const char *name, int *value)
{
  int provided, n = 0, i, found = 0;
  if (MPI_T_init_thread(MPI_THREAD_SINGLE, &provided) != MPI_SUCCESS) return 0;
  MPI_T_cvar_get_num(&n);
  for (i = 0; i < n && !found; i++) {
    char cname[256];
    int len = (int)sizeof cname, verbosity, bind, scope, count;
    MPI_Datatype type;
    MPI_T_enum enumtype;
    MPI_T_cvar_handle h;
    int buf[8];
    if (MPI_T_cvar_get_info(i, cname, &len, &verbosity, &type, &enumtype, NULL, NULL, &bind, &scope) != MPI_SUCCESS)
      continue;
    if (strcmp(cname, name) != 0 || (type != MPI_INT && type != MPI_C_BOOL)) continue;
    if (MPI_T_cvar_handle_alloc(i, NULL, &h, &count) != MPI_SUCCESS) continue;
    memset(buf, 0, sizeof buf);
    if (count == 1 && MPI_T_cvar_read(h, buf) == MPI_SUCCESS) {   /* a C bool is one byte */
      *value = type == MPI_INT ? buf[0] : ((unsigned char *)buf)[0] != 0;
      found = 1;
    }
    MPI_T_cvar_handle_free(&h);
  }
  /* no MPI_T_finalize: MPICH 4.0 crashes in MPI_T_pvar_get_num when MPI_T is initialised
  ** again after its count went back to zero (mpit.c initialises it per result); the
  ** count stays above zero for the run, which MPI-3 §14.2 allows */
  return found;
}
#endif

#ifdef SKAMPI_MPI
#define LP_BREAKER_DEFAULT_US 100L

/* A library that busy-polls while it waits and has no setting that makes it yield. */
static int lp_busy_without_remedy(void)
{
#if defined(MPICH_VERSION) && !defined(OMPI_MAJOR_VERSION)
  return 1;
#else
  return 0;
#endif
}

/* SKAMPI_YIELD_TIMER_US: the poll breaker's interval; unset: the default; 0 (or
** SKAMPI_LIBRARY_YIELD=0): off. */
static long lp_breaker_interval(void)
{
  const char *v = getenv("SKAMPI_YIELD_TIMER_US"), *off = getenv("SKAMPI_LIBRARY_YIELD");
  char *end;
  long us;
  if (off && sk_streq(off, "0")) return 0;
  if (v == NULL || *v == '\0') return LP_BREAKER_DEFAULT_US;
  us = strtol(v, &end, 10);
  return *end == '\0' && us > 0 && us <= 1000000L ? us : 0;
}
#endif

SK_API void sk_lib_polling_after_detect(int oversubscribed)
{
#ifdef SKAMPI_MPI
  if (oversubscribed && lp_busy_without_remedy()) sk_host_breaker_start(lp_breaker_interval());
#else
  (void)oversubscribed;
#endif
}

SK_API void sk_lib_polling_describe(int oversubscribed, sk_str *header, sk_str *warning)
{
#if defined(SKAMPI_MPI) && defined(OMPI_MAJOR_VERSION)
  int v = -1;
  const char *who = lp.applied ? "set by skampi: the host is oversubscribed; SKAMPI_LIBRARY_YIELD=0 or "
                    LP_OMPI_ENV "=0 keeps busy polling"
                  : lp.user_set ? "set in the environment (" LP_OMPI_ENV "), left as it is"
                  : lp.declined ? "not set by skampi (SKAMPI_LIBRARY_YIELD=0)"
                  : "as the launcher chose";
#if SK_MPI_LEVEL >= 3
  if (!lp_read_cvar("mpi_yield_when_idle", &v)) v = -1;
#endif
  if (v >= 0) sk_str_printf(header, "# library polling: Open MPI mpi_yield_when_idle = %d (%s)\n", v, who);
  else sk_str_printf(header, "# library polling: Open MPI mpi_yield_when_idle unknown (%s)\n", who);
  if (oversubscribed && v == 0)
    sk_str_printf(warning, "Open MPI busy-polls (mpi_yield_when_idle = 0): its waits take the processor"
                  " from the process they wait for; set %s=1 (or mpirun --mca mpi_yield_when_idle 1)\n", LP_OMPI_ENV);
#elif defined(SKAMPI_MPI) && defined(MPICH_VERSION)
  int v = -1;
  int ch4 = 0;
#if SK_MPI_LEVEL >= 3
  char lib[MPI_MAX_LIBRARY_VERSION_STRING + 1];
  int len = 0;
  MPI_Get_library_version(lib, &len);   /* all lines: the device is named further down */
  lib[len < 0 ? 0 : len] = '\0';
  ch4 = strstr(lib, "ch4") != NULL;
  if (!lp_read_cvar(LP_MPICH_ENV, &v)) v = -1;
#endif
  if (v >= 0) sk_str_printf(header, "# library polling: MPICH " LP_MPICH_ENV " = %d\n", v);
  if (oversubscribed && ch4)
    sk_str_puts(header, "# library polling: MPICH's ch4 device busy-polls while it waits and has no setting that"
                " yields (" LP_MPICH_ENV " changed nothing, measured)\n");
#endif
#ifdef SKAMPI_MPI
  if (oversubscribed && sk_host_breaker_interval() > 0)
    sk_str_printf(header, "# library polling: poll breaker on: a timer signal every %ld us makes a process that"
                  " spins in the MPI library give its processor away (SKAMPI_YIELD_TIMER_US sets the interval,"
                  " 0 turns it off); otherwise a wait for a process without a processor takes a whole time"
                  " slice\n", sk_host_breaker_interval());
  else if (oversubscribed && lp_busy_without_remedy())
    sk_str_puts(warning, "MPICH busy-polls and cannot be told to yield, and the poll breaker is off"
                " (SKAMPI_YIELD_TIMER_US=0, SKAMPI_LIBRARY_YIELD=0, or no interval timer on this system):"
                " waits for a process without a processor take whole time slices; run at most one process"
                " per processor, or use an MPI that yields when idle (Open MPI: mpi_yield_when_idle=1)\n");
#else
  (void)oversubscribed; (void)header; (void)warning;
#endif
}
/* --- end split/library_polling.c --- */
/* --- begin split/agree.h --- */
#line 1 "split/agree.h"
/*
** agree.h -- the one way the processes of a group take a joint decision.
**
** Every member contributes a ballot (a plain struct, the same type on every member),
** rank 0 of the group sees all ballots in rank order and fills the decision (another
** plain struct), and every member returns with rank 0's decision. All decisions that
** keep the processes in step -- repeat or stop, a failing member, the buffer check
** before a measurement, the synchronised start time, the suite's time limit -- go
** through sk_agree, so no caller packs unnamed arrays with magic codes.
**
** Invariants: collective over all members of the group (non-members must not call);
** ballots and decisions are copied as bytes, so they hold numbers only (no pointers);
** decide runs on rank 0 only and must not communicate.
*/
#ifndef SK_AGREE_H
#define SK_AGREE_H

#line 19 "split/agree.h"

/* Rank 0 only: `ballots` holds n ballots of the caller's type in rank order (NULL when
** the agreement has no ballots); fill *decision. */
typedef void (*sk_decide_fn)(void *ctx, const void *ballots, int n, void *decision);

/* Gathers `ballot` (ballot_size bytes, 0 for none) from every member to rank 0, lets
** decide(ctx, ballots, size, decision) fill the decision there (decide may be NULL when
** rank 0 filled *decision itself), and broadcasts it: on return every member holds rank
** 0's decision. */
SK_API void sk_agree(sk_group *g, const void *ballot, size_t ballot_size,
                     void *decision, size_t decision_size, sk_decide_fn decide, void *ctx);

/* After the members agreed that member `who` failed: its message (msgsize bytes in msg)
** is copied to rank 0 of g. Nothing moves when who is 0 or negative. */
SK_API void sk_agree_fetch_message(sk_group *g, int who, char *msg, size_t msgsize);

#endif
/* --- end split/agree.h --- */
/* --- begin split/agree.c --- */
#line 1 "split/agree.c"
/*
** agree.c -- see agree.h. Ballots travel as doubles (the transport gathers doubles), so a
** ballot is copied into whole doubles on the way and copied out again on rank 0.
*/
#line 6 "split/agree.c"

static size_t agree_doubles(size_t bytes) { return (bytes + sizeof(double) - 1) / sizeof(double); }

SK_API void sk_agree(sk_group *g, const void *ballot, size_t ballot_size,
                     void *decision, size_t decision_size, sk_decide_fn decide, void *ctx)
{
  int rank = sk_tp_group_rank(g), size = sk_tp_group_size(g), i;
  size_t per = agree_doubles(ballot_size);
  if (per > 0) {
    double *mine = (double *)sk_calloc(per, sizeof(double)), *all = NULL;
    char *ballots = NULL;
    memcpy(mine, ballot, ballot_size);
    if (rank == 0) all = (double *)sk_malloc(sizeof(double) * per * (size_t)size);
    sk_tp_gather_doubles(g, mine, (int)per, all, 0);
    if (rank == 0) {
      ballots = (char *)sk_malloc(ballot_size * (size_t)size);
      for (i = 0; i < size; i++) memcpy(ballots + ballot_size * (size_t)i, all + per * (size_t)i, ballot_size);
      if (decide) decide(ctx, ballots, size, decision);
      free(ballots);
      free(all);
    }
    free(mine);
  } else if (rank == 0 && decide) {
    decide(ctx, NULL, size, decision);
  }
  sk_tp_bcast(g, decision, decision_size, 0);
}

SK_API void sk_agree_fetch_message(sk_group *g, int who, char *msg, size_t msgsize)
{
  if (who <= 0) return;
  if (sk_tp_group_rank(g) == who) sk_tp_send(g, 0, msg, msgsize);
  if (sk_tp_group_rank(g) == 0) sk_tp_recv(g, who, msg, msgsize);
}
/* --- end split/agree.c --- */
/* --- begin split/oversub.h --- */
#line 1 "split/oversub.h"
/*
** oversub.h -- oversubscription: more processes on a host than processors to run them.
** At start every process reports its processor name (sk_tp_processor_name), its machine
** (the kernel's boot id, host.h: network namespaces and containers that pose as hosts
** share one machine's processors) and the processors it may use; rank 0 counts the
** processes per machine against the processors of that machine and the decision is
** shared, so that every process knows whether skampi's waits must yield
** (sk_host_set_crowded). The header and a warning say what was found (with the
** library's own polling, library_polling.h).
**
** Scheduler time (README, "Oversubscription"): on an oversubscribed host the start
** measures the scheduler floor F: a 1-byte token goes around all world processes
** (rank r receives from r-1 and sends to r+1 through the library, blocking, so that the
** processes wait inside the library as in a measurement); F is the median time of a lap
** divided by the number of processes, the cost of one message when its receiver may have
** to wait for a processor. A result of a
** measurement on P processes is mostly scheduler time when
**     F <= time <= 2 * ceil(log2 P) * F      (P < 2 counts as 2),
** that is when it is long enough to contain a wait for a processor, and the
** ceil(log2 P) dependent message rounds of a tree-shaped operation, each waiting F,
** account for at least half of it. (A shorter result ran with its processes on
** processors at once; a longer one is mostly the operation, or its own many rounds.)
*/
#ifndef SK_OVERSUB_H
#define SK_OVERSUB_H

#line 28 "split/oversub.h"

/* Collective over the world: detect, and make the waits yield when oversubscribed. */
SK_API void sk_oversub_detect(void);
/* Collective over the world: the scheduler floor (nothing when not oversubscribed). */
SK_API void sk_oversub_probe(void);
SK_API int sk_oversub_found(void);
/* Header lines ("# oversubscription: ...") and warning text (one line each, without the
** "skampi: warning: " prefix) -- rank 0, after sk_oversub_detect and sk_oversub_probe. */
SK_API void sk_oversub_describe(sk_str *header, sk_str *warning);
/* Rank 0, after sk_oversub_detect: the header line naming the processor (host) of every
** rank, ranks with the same name together
** ("# processors: 2 names: a (ranks 0 2), b (ranks 1 3)"). */
SK_API void sk_oversub_processors(sk_str *header);
/* Whether a result is mostly scheduler time by the criterion above. */
SK_API int sk_oversub_mostly_scheduler(double time, int nprocs);
/* Rank 0: the comment line of such a result; counts it and warns on stderr at the first. */
SK_API void sk_oversub_note_result(double time, int nprocs, sk_str *comment);
/* Rank 0: footer line (and warning) with the number of results marked; nothing if none. */
SK_API void sk_oversub_summary(sk_str *footer);

#endif
/* --- end split/oversub.h --- */
/* --- begin split/oversub.c --- */
#line 1 "split/oversub.c"
/*
** oversub.c -- see oversub.h. A host is one machine: the processes with the same machine
** identity (sk_host_machine_id, the kernel's boot id), or where a process cannot tell it,
** the same processor name -- network namespaces and containers have names of their own
** but share the machine's processors. Per host: the processors are the union of the
** affinity masks of its processes when every process could tell its mask, else the
** processors online there (the smallest count reported), else unknown.
*/
#line 10 "split/oversub.c"
#line 11 "split/oversub.c"

#define OVS_NAME 96              /* processor names are compared up to this length */
#define OVS_MACHINE 48           /* machine identities (a boot id has 36 characters) */
#define OVS_MASK_BYTES 32        /* affinity masks of the first 256 processors */
#define OVS_PROBE_WARMUP 2
#define OVS_PROBE_ROUNDS 15

typedef struct ovs_ballot {
  char name[OVS_NAME];
  char machine[OVS_MACHINE];     /* empty: unknown, the name stands for the machine */
  int online;                    /* processors online, 0: unknown */
  int affinity;                  /* processors in the mask, 0: unknown */
  unsigned char mask[OVS_MASK_BYTES];
} ovs_ballot;

typedef struct ovs_decision {
  int hosts, crowded_hosts, unknown_hosts;
  /* the most crowded host (the first one when none is) */
  char name[OVS_NAME];
  int procs, processors, online, from_masks;
  int names;                     /* processor names on that host (> 1: one machine, several names) */
} ovs_decision;

static struct {
  ovs_decision d;
  sk_str names;                  /* rank 0: the "# processors:" line */
  double floor;                  /* seconds, 0: not measured */
  long marked;
} ovs;

static int ovs_popcount(const unsigned char *m)
{
  int i, n = 0;
  for (i = 0; i < 8 * OVS_MASK_BYTES; i++) if (m[i / 8] & (1u << (i % 8))) n++;
  return n;
}

/* Whether two processes run on the same host (machine). */
static int ovs_same_host(const ovs_ballot *a, const ovs_ballot *b)
{
  if (a->machine[0] != '\0' && b->machine[0] != '\0') return strcmp(a->machine, b->machine) == 0;
  return a->machine[0] == b->machine[0] && strcmp(a->name, b->name) == 0;
}

/* One host: the ballots on the same machine as b[first]. */
static void ovs_count_host(const ovs_ballot *b, int n, int first, int *procs, int *processors,
                           int *online, int *from_masks, int *names)
{
  unsigned char uni[OVS_MASK_BYTES];
  int i, j, k, masks_ok = 1;
  memset(uni, 0, sizeof uni);
  *procs = 0;
  *online = 0;
  *names = 0;
  for (i = first; i < n; i++) {
    if (!ovs_same_host(&b[i], &b[first])) continue;
    for (j = first; j < i && !(ovs_same_host(&b[j], &b[first]) && strcmp(b[j].name, b[i].name) == 0); j++) ;
    if (j == i) (*names)++;
    (*procs)++;
    if (b[i].online > 0 && (*online == 0 || b[i].online < *online)) *online = b[i].online;
    if (b[i].affinity <= 0 || b[i].affinity != ovs_popcount(b[i].mask)) masks_ok = 0;
    for (k = 0; k < OVS_MASK_BYTES; k++) uni[k] |= b[i].mask[k];
  }
  *from_masks = masks_ok;
  *processors = masks_ok ? ovs_popcount(uni) : *online;
}

/* Rank 0: "# processors: H names: a (ranks 0 2), b (ranks 1 3)" into `line`. */
static void ovs_list_names(const ovs_ballot *b, int n, sk_str *line)
{
  sk_str list;
  int i, j, k, hosts = 0;
  sk_str_init(&list);
  for (i = 0; i < n; i++) {
    int procs = 0;
    for (j = 0; j < i && strcmp(b[j].name, b[i].name) != 0; j++) ;
    if (j < i) continue;   /* listed with its first rank */
    for (k = i; k < n; k++) procs += strcmp(b[k].name, b[i].name) == 0;
    sk_str_printf(&list, "%s%s (rank%s", hosts ? ", " : "", b[i].name, procs > 1 ? "s" : "");
    for (k = i; k < n; k++)
      if (strcmp(b[k].name, b[i].name) == 0) sk_str_printf(&list, " %d", k);
    sk_str_putc(&list, ')');
    hosts++;
  }
  sk_str_printf(line, "# processors: %d name%s: %s\n", hosts, hosts == 1 ? "" : "s", list.data ? list.data : "");
  sk_str_free(&list);
}

static void ovs_decide(void *ctx, const void *ballots, int n, void *decision)
{
  const ovs_ballot *b = (const ovs_ballot *)ballots;
  ovs_decision *d = (ovs_decision *)decision;
  double worst = -1.0;
  int i, j;
  memset(d, 0, sizeof *d);
  if (ctx != NULL) ovs_list_names(b, n, (sk_str *)ctx);
  for (i = 0; i < n; i++) {
    int procs, processors, online, from_masks, names, seen = 0;
    double ratio;
    for (j = 0; j < i && !seen; j++) seen = ovs_same_host(&b[j], &b[i]);
    if (seen) continue;
    ovs_count_host(b, n, i, &procs, &processors, &online, &from_masks, &names);
    d->hosts++;
    if (processors <= 0) { d->unknown_hosts++; continue; }
    if (procs > processors) d->crowded_hosts++;
    ratio = (double)procs / processors;
    if (ratio > worst) {
      worst = ratio;
      strcpy(d->name, b[i].name);
      d->procs = procs;
      d->processors = processors;
      d->online = online;
      d->from_masks = from_masks;
      d->names = names;
    }
  }
}

SK_API void sk_oversub_detect(void)
{
  ovs_ballot mine;
  memset(&mine, 0, sizeof mine);
  sk_tp_processor_name(mine.name, sizeof mine.name);
  sk_host_machine_id(mine.machine, sizeof mine.machine);
  mine.online = sk_host_processors(NULL);
  mine.affinity = sk_host_affinity_mask(mine.mask, OVS_MASK_BYTES);
  { /* a mask beyond the first 8 * OVS_MASK_BYTES processors is not complete */
    int full = 0;
    sk_host_processors(&full);
    if (full != mine.affinity) mine.affinity = 0;
  }
  memset(&ovs.d, 0, sizeof ovs.d);
  sk_str_free(&ovs.names);
  sk_str_init(&ovs.names);
  sk_agree(sk_tp_world(), &mine, sizeof mine, &ovs.d, sizeof ovs.d, ovs_decide, &ovs.names);
  sk_host_set_crowded(ovs.d.crowded_hosts > 0);
  sk_lib_polling_after_detect(ovs.d.crowded_hosts > 0);
}

SK_API int sk_oversub_found(void) { return sk_host_crowded(); }

static int ovs_cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y ? 1 : 0;
}

SK_API void sk_oversub_probe(void)
{
  sk_group *w = sk_tp_world();
  int rank = sk_tp_world_rank(), size = sk_tp_world_size(), i;
  int next = (rank + 1) % size, prev = (rank + size - 1) % size;
  double lap[OVS_PROBE_ROUNDS], t0, floor = 0.0;
  char token = 0;
  if (!sk_oversub_found() || size < 2) return;
  for (i = 0; i < OVS_PROBE_WARMUP + OVS_PROBE_ROUNDS; i++) {
    t0 = sk_tp_wtime();
    if (rank == 0) { sk_tp_send(w, next, &token, 1); sk_tp_recv(w, prev, &token, 1); }
    else { sk_tp_recv(w, prev, &token, 1); sk_tp_send(w, next, &token, 1); }
    if (i >= OVS_PROBE_WARMUP) lap[i - OVS_PROBE_WARMUP] = sk_tp_wtime() - t0;
  }
  if (rank == 0) {
    qsort(lap, OVS_PROBE_ROUNDS, sizeof(double), ovs_cmp_double);
    floor = lap[OVS_PROBE_ROUNDS / 2] / size;
  }
  sk_agree(w, NULL, 0, &floor, sizeof floor, NULL, NULL);
  ovs.floor = floor;
}

SK_API void sk_oversub_describe(sk_str *header, sk_str *warning)
{
  const ovs_decision *d = &ovs.d;
  if (d->hosts == 0) return;
  if (d->processors == 0) {
    sk_str_printf(header, "# oversubscription: unknown (the system does not tell the processors of %d of %d hosts)\n",
                  d->unknown_hosts, d->hosts);
  } else {
    char also[80];
    also[0] = '\0';
    if (d->names > 1) sprintf(also, " (one machine under %d processor names)", d->names);
    sk_str_printf(header, "# oversubscription: %s on %d of %d host%s; %s %s%s runs %d process%s on %d processor%s"
                  " (%s)\n", d->crowded_hosts ? "yes" : "no", d->crowded_hosts, d->hosts, d->hosts == 1 ? "" : "s",
                  d->crowded_hosts ? "most crowded:" : "fullest:", d->name, also, d->procs, d->procs == 1 ? "" : "es",
                  d->processors, d->processors == 1 ? "" : "s",
                  d->from_masks ? "the union of their affinity masks" : "processors online");
    if (d->unknown_hosts)
      sk_str_printf(header, "# oversubscription: the processors of %d host%s are unknown\n", d->unknown_hosts,
                    d->unknown_hosts == 1 ? "" : "s");
  }
  if (d->crowded_hosts) {
    sk_str_puts(header, "# oversubscription: skampi's own waits (start windows, agreements, control messages)"
                " yield the processor\n");
    if (ovs.floor > 0.0)
      sk_str_printf(header, "# oversubscription: scheduler floor F = %.1f us (median time per hop of a 1-byte"
                    " token passed around all processes); results between F and 2 ceil(log2 P) F are"
                    " marked as mostly scheduler time\n", ovs.floor * 1e6);
    sk_str_printf(warning, "oversubscribed: host %s runs %d processes on %d processors; times include"
                  " waiting for a processor\n", d->name, d->procs, d->processors);
  }
  sk_lib_polling_describe(d->crowded_hosts > 0, header, warning);
}

SK_API void sk_oversub_processors(sk_str *header)
{
  if (ovs.names.data) sk_str_puts(header, ovs.names.data);
}

SK_API int sk_oversub_mostly_scheduler(double time, int nprocs)
{
  int rounds = 1, p = 2;
  if (!sk_oversub_found() || ovs.floor <= 0.0) return 0;
  while (p < nprocs) { p *= 2; rounds++; }
  return time >= ovs.floor && time <= 2.0 * rounds * ovs.floor;
}

SK_API void sk_oversub_note_result(double time, int nprocs, sk_str *comment)
{
  sk_str_printf(comment, "# (mostly scheduler time: %.1f us on %d processes of an oversubscribed host, between"
                " F and 2 ceil(log2 P) F, F = %.1f us)\n", time * 1e6, nprocs, ovs.floor * 1e6);
  if (ovs.marked++ == 0) {
    fflush(stdout);
    fprintf(stderr, "skampi: warning: oversubscribed host: results between F and 2 ceil(log2 P) F (P"
            " processes, scheduler floor F = %.1f us) are mostly scheduler time, marked in the output; the first: %.1f us"
            " on %d processes\n", ovs.floor * 1e6, time * 1e6, nprocs);
    fflush(stderr);
  }
}

SK_API void sk_oversub_summary(sk_str *footer)
{
  if (ovs.marked == 0) return;
  sk_str_printf(footer, "# oversubscription: %ld results marked as mostly scheduler time\n", ovs.marked);
  fflush(stdout);
  fprintf(stderr, "skampi: warning: %ld results are mostly scheduler time (oversubscribed host; see the"
          " comment lines)\n", ovs.marked);
  fflush(stderr);
}
/* --- end split/oversub.c --- */
/* --- begin split/value.h --- */
#line 1 "split/value.h"
/*
** value.h -- the dynamically typed values of the input language (SKaMPI 5 manual §5.1):
** integer, double, string, communicator, datatype, reduction operator, info; and the
** tables of predefined datatypes and operators (§5.2). On the RCCE and sequential
** backends datatypes are described by their size only; with MPI they carry the handle.
** Arrays (the `{a, b, ...}` literals of SKaMPI 6 input files): an integer array (IArray,
** `{}` is an empty one) and a datatype array (DArray).
*/
#ifndef SK_VALUE_H
#define SK_VALUE_H

#line 13 "split/value.h"

typedef enum sk_type {
  SK_T_NONE = 0, SK_T_INT, SK_T_DOUBLE, SK_T_STRING, SK_T_COMM, SK_T_DATATYPE,
  SK_T_OP, SK_T_INFO, SK_T_IARRAY, SK_T_DARRAY
} sk_type;

typedef struct sk_datatype {
  const char *name;
  size_t size;          /* bytes of data in one element */
  size_t extent;        /* bytes one element spans in a buffer (>= size for derived types) */
#ifdef SKAMPI_MPI
  MPI_Datatype mpi;
#endif
} sk_datatype;

typedef struct sk_opdef {
  const char *name;
#ifdef SKAMPI_MPI
  MPI_Op mpi;
#endif
} sk_opdef;

struct sk_array;

typedef struct sk_value {
  sk_type type;
  union {
    long i;
    double d;
    const char *s;              /* strings are owned by the program tree or interned */
    sk_group *comm;
    const sk_datatype *dt;
    const sk_opdef *op;
    void *info;                 /* MPI_Info* with MPI-2, otherwise an opaque token */
    struct sk_array *arr;       /* SK_T_IARRAY, SK_T_DARRAY: use the sk_array_* API */
  } u;
} sk_value;

SK_API const char *sk_type_name(sk_type t);
SK_API sk_value sk_int_value(long i);
SK_API sk_value sk_double_value(double d);
SK_API double sk_value_as_double(const sk_value *v);
/* Value as written in output lines and translations ("MPI_INT", "42", "1.5"). */
SK_API void sk_value_format(sk_str *out, const sk_value *v);

/* Predefined datatypes and operators: lookup by name, NULL if unknown. */
SK_API const sk_datatype *sk_datatype_lookup(const char *name);
SK_API const sk_opdef *sk_op_lookup(const char *name);
/* A derived datatype (mpi_type_contiguous & co), kept for the rest of the run. */
SK_API sk_datatype *sk_datatype_new(const char *name, size_t size, size_t extent);
/* The library's handles of the derived datatypes go back to it (before MPI_Finalize);
** the datatypes themselves stay valid as names. */
SK_API void sk_datatypes_release(void);

/* ---- arrays ----
** An array value (SK_T_IARRAY or SK_T_DARRAY) points to an sk_array that lives until the
** end of the run (like derived datatypes; values are copied freely and never freed one by
** one). Elements are numbered from 0. Parameter letters for helpers and measurements:
** 'a' an IArray, 'e' a DArray (the letters of the original's interfaces).
**   sk_value v = sk_iarray_new(3);           three zeros
**   sk_iarray_set(&v, 0, 42);  sk_iarray_get(&v, 0) == 42;  sk_array_length(&v) == 3
**   sk_value t = sk_darray_new(2);           two NULL entries, to be set
**   sk_darray_set(&t, 1, sk_datatype_lookup("MPI_INT"));
** get/set with an index out of range or on the wrong kind of value end the run through
** sk_fatal (a program error; helpers check user indices themselves first).
** Copies of a value share its array (`b = a` in a .ski file): a helper that returns a
** changed array makes a new one rather than setting elements of its argument. Every
** evaluation of a `{...}` literal makes a new array; they are freed only at exit. */
typedef struct sk_array {
  size_t n;
  long *ints;                   /* IArray: n integers (NULL when n == 0) */
  const sk_datatype **types;    /* DArray: n datatypes */
} sk_array;

SK_API sk_value sk_iarray_new(size_t n);
SK_API sk_value sk_darray_new(size_t n);
SK_API size_t sk_array_length(const sk_value *v);
SK_API long sk_iarray_get(const sk_value *v, size_t i);
SK_API void sk_iarray_set(sk_value *v, size_t i, long x);
SK_API const sk_datatype *sk_darray_get(const sk_value *v, size_t i);
SK_API void sk_darray_set(sk_value *v, size_t i, const sk_datatype *t);
/* 1 when both arrays have the same kind, length and elements. */
SK_API int sk_array_equal(const sk_value *a, const sk_value *b);

#endif
/* --- end split/value.h --- */
/* --- begin split/value.c --- */
#line 1 "split/value.c"
/*
** value.c -- values of the input language and the predefined datatypes and reduction
** operators of SKaMPI 5 manual §5.2. The MPI handles, sizes and extents are filled in at
** start-up (sk_values_init, after the transport started) because some MPI libraries
** do not make their handles compile-time constants.
*/
#line 8 "split/value.c"

/* Layouts of the MPI pair types, for backends without MPI. */
struct value_float_int { float f; int i; };
struct value_long_int { long l; int i; };
struct value_double_int { double d; int i; };
struct value_short_int { short s; int i; };
struct value_2int { int a, b; };
struct value_long_double_int { long double d; int i; };

typedef struct value_builtin_type {
  const char *name;
  size_t c_size;                /* size without MPI */
} value_builtin_type;

static const value_builtin_type value_type_names[] = {
  { "MPI_CHAR", sizeof(char) }, { "MPI_BYTE", 1 }, { "MPI_SHORT", sizeof(short) },
  { "MPI_INT", sizeof(int) }, { "MPI_LONG", sizeof(long) }, { "MPI_FLOAT", sizeof(float) },
  { "MPI_DOUBLE", sizeof(double) }, { "MPI_UNSIGNED", sizeof(unsigned) },
  { "MPI_UNSIGNED_CHAR", sizeof(unsigned char) }, { "MPI_UNSIGNED_SHORT", sizeof(unsigned short) },
  { "MPI_UNSIGNED_LONG", sizeof(unsigned long) },
  { "MPI_UNSIGNED_LONG_LONG", 8 }, { "MPI_LONG_DOUBLE", sizeof(long double) },
  { "MPI_FLOAT_INT", sizeof(struct value_float_int) }, { "MPI_LONG_INT", sizeof(struct value_long_int) },
  { "MPI_DOUBLE_INT", sizeof(struct value_double_int) }, { "MPI_SHORT_INT", sizeof(struct value_short_int) },
  { "MPI_2INT", sizeof(struct value_2int) }, { "MPI_LONG_DOUBLE_INT", sizeof(struct value_long_double_int) },
  { "MPI_LONG_LONG_INT", 8 }, { "MPI_LONG_LONG", 8 }
};
#define VALUE_NTYPES (sizeof value_type_names / sizeof value_type_names[0])

static const char *const value_op_names[] = {
  "MPI_MAX", "MPI_MIN", "MPI_SUM", "MPI_PROD", "MPI_LAND", "MPI_BAND", "MPI_LOR", "MPI_BOR",
  "MPI_LXOR", "MPI_BXOR", "MPI_MINLOC", "MPI_MAXLOC", "MPI_REPLACE"
};
#define VALUE_NOPS (sizeof value_op_names / sizeof value_op_names[0])

static struct {
  int ready;
  sk_datatype types[VALUE_NTYPES];
  sk_opdef ops[VALUE_NOPS];
  sk_datatype **derived;
  size_t nderived, capderived;
  sk_array **arrays;
  size_t narrays, caparrays;
} values;

#ifdef SKAMPI_MPI
static MPI_Datatype value_mpi_type(const char *n)
{
  if (sk_streq(n, "MPI_CHAR")) return MPI_CHAR;
  if (sk_streq(n, "MPI_BYTE")) return MPI_BYTE;
  if (sk_streq(n, "MPI_SHORT")) return MPI_SHORT;
  if (sk_streq(n, "MPI_INT")) return MPI_INT;
  if (sk_streq(n, "MPI_LONG")) return MPI_LONG;
  if (sk_streq(n, "MPI_FLOAT")) return MPI_FLOAT;
  if (sk_streq(n, "MPI_DOUBLE")) return MPI_DOUBLE;
  if (sk_streq(n, "MPI_UNSIGNED")) return MPI_UNSIGNED;
  if (sk_streq(n, "MPI_UNSIGNED_CHAR")) return MPI_UNSIGNED_CHAR;
  if (sk_streq(n, "MPI_UNSIGNED_SHORT")) return MPI_UNSIGNED_SHORT;
  if (sk_streq(n, "MPI_UNSIGNED_LONG")) return MPI_UNSIGNED_LONG;
#if SK_MPI_LEVEL >= 2
  if (sk_streq(n, "MPI_UNSIGNED_LONG_LONG")) return MPI_UNSIGNED_LONG_LONG;
  if (sk_streq(n, "MPI_LONG_LONG")) return MPI_LONG_LONG;
#endif
  if (sk_streq(n, "MPI_LONG_DOUBLE")) return MPI_LONG_DOUBLE;
  if (sk_streq(n, "MPI_FLOAT_INT")) return MPI_FLOAT_INT;
  if (sk_streq(n, "MPI_LONG_INT")) return MPI_LONG_INT;
  if (sk_streq(n, "MPI_DOUBLE_INT")) return MPI_DOUBLE_INT;
  if (sk_streq(n, "MPI_SHORT_INT")) return MPI_SHORT_INT;
  if (sk_streq(n, "MPI_2INT")) return MPI_2INT;
  if (sk_streq(n, "MPI_LONG_DOUBLE_INT")) return MPI_LONG_DOUBLE_INT;
  if (sk_streq(n, "MPI_LONG_LONG_INT")) return MPI_LONG_LONG_INT;
  return MPI_DATATYPE_NULL;
}

static MPI_Op value_mpi_op(const char *n)
{
  if (sk_streq(n, "MPI_MAX")) return MPI_MAX;
  if (sk_streq(n, "MPI_MIN")) return MPI_MIN;
  if (sk_streq(n, "MPI_SUM")) return MPI_SUM;
  if (sk_streq(n, "MPI_PROD")) return MPI_PROD;
  if (sk_streq(n, "MPI_LAND")) return MPI_LAND;
  if (sk_streq(n, "MPI_BAND")) return MPI_BAND;
  if (sk_streq(n, "MPI_LOR")) return MPI_LOR;
  if (sk_streq(n, "MPI_BOR")) return MPI_BOR;
  if (sk_streq(n, "MPI_LXOR")) return MPI_LXOR;
  if (sk_streq(n, "MPI_BXOR")) return MPI_BXOR;
  if (sk_streq(n, "MPI_MINLOC")) return MPI_MINLOC;
  if (sk_streq(n, "MPI_MAXLOC")) return MPI_MAXLOC;
#if SK_MPI_LEVEL >= 2
  if (sk_streq(n, "MPI_REPLACE")) return MPI_REPLACE;
#endif
  return MPI_OP_NULL;
}

/* Size and extent as the library sees them (MPI_Type_extent is MPI-1 only; MPI-3
** removed it in favour of MPI-2's MPI_Type_get_extent). */
static void value_mpi_size_extent(MPI_Datatype t, size_t *size, size_t *extent)
{
  int s = 0;
  MPI_Aint ext = 0;
#if SK_MPI_REPLACED_NAMES
  MPI_Aint lb = 0;
  MPI_Type_get_extent(t, &lb, &ext);
#else
  MPI_Type_extent(t, &ext);
#endif
  MPI_Type_size(t, &s);
  *size = (size_t)s;
  *extent = (size_t)ext;
}
#endif

static void values_init(void)
{
  size_t i, k = 0;
  if (values.ready) return;
  for (i = 0; i < VALUE_NTYPES; i++) {
    sk_datatype *t = &values.types[k];
    t->name = value_type_names[i].name;
    t->size = t->extent = value_type_names[i].c_size;
#ifdef SKAMPI_MPI
    t->mpi = value_mpi_type(t->name);
    if (t->mpi == MPI_DATATYPE_NULL) continue;   /* not in this MPI level */
    value_mpi_size_extent(t->mpi, &t->size, &t->extent);
#endif
    k++;
  }
  for (; k < VALUE_NTYPES; k++) values.types[k].name = NULL;
  for (i = 0, k = 0; i < VALUE_NOPS; i++) {
    values.ops[k].name = value_op_names[i];
#ifdef SKAMPI_MPI
    values.ops[k].mpi = value_mpi_op(value_op_names[i]);
    if (values.ops[k].mpi == MPI_OP_NULL) continue;
#endif
    k++;
  }
  for (; k < VALUE_NOPS; k++) values.ops[k].name = NULL;
  values.ready = 1;
}

SK_API const sk_datatype *sk_datatype_lookup(const char *name)
{
  size_t i;
  values_init();
  for (i = 0; i < VALUE_NTYPES && values.types[i].name; i++)
    if (sk_streq(values.types[i].name, name)) return &values.types[i];
  return NULL;
}

SK_API const sk_opdef *sk_op_lookup(const char *name)
{
  size_t i;
  values_init();
  for (i = 0; i < VALUE_NOPS && values.ops[i].name; i++)
    if (sk_streq(values.ops[i].name, name)) return &values.ops[i];
  return NULL;
}

SK_API sk_datatype *sk_datatype_new(const char *name, size_t size, size_t extent)
{
  sk_datatype *t = (sk_datatype *)sk_calloc(1, sizeof *t);
  t->name = sk_strdup(name);
  t->size = size;
  t->extent = extent;
  values.derived = (sk_datatype **)sk_grow(values.derived, &values.capderived, values.nderived + 1,
                                           sizeof(sk_datatype *));
  values.derived[values.nderived++] = t;
#ifdef SKAMPI_MPI
  t->mpi = MPI_DATATYPE_NULL;
#endif
  return t;
}

SK_API void sk_datatypes_release(void)
{
#ifdef SKAMPI_MPI
  size_t i;
  for (i = 0; i < values.nderived; i++)
    if (values.derived[i]->mpi != MPI_DATATYPE_NULL) MPI_Type_free(&values.derived[i]->mpi);
#endif
}

SK_API const char *sk_type_name(sk_type t)
{
  switch (t) {
  case SK_T_INT: return "an integer";
  case SK_T_DOUBLE: return "a number";
  case SK_T_STRING: return "a string";
  case SK_T_COMM: return "a communicator";
  case SK_T_DATATYPE: return "a datatype";
  case SK_T_OP: return "an operator";
  case SK_T_INFO: return "an info object";
  case SK_T_IARRAY: return "an integer array";
  case SK_T_DARRAY: return "a datatype array";
  default: return "nothing";
  }
}

SK_API sk_value sk_int_value(long i)
{
  sk_value v;
  v.type = SK_T_INT;
  v.u.i = i;
  return v;
}

SK_API sk_value sk_double_value(double d)
{
  sk_value v;
  v.type = SK_T_DOUBLE;
  v.u.d = d;
  return v;
}

SK_API double sk_value_as_double(const sk_value *v)
{
  return v->type == SK_T_INT ? (double)v->u.i : v->u.d;
}

SK_API void sk_value_format(sk_str *out, const sk_value *v)
{
  switch (v->type) {
  case SK_T_INT: sk_str_printf(out, "%ld", v->u.i); break;
  case SK_T_DOUBLE: sk_str_printf(out, "%g", v->u.d); break;
  case SK_T_STRING: sk_str_puts(out, v->u.s); break;
  case SK_T_DATATYPE: sk_str_puts(out, v->u.dt->name); break;
  case SK_T_OP: sk_str_puts(out, v->u.op->name); break;
  case SK_T_COMM:
    if (v->u.comm == NULL) sk_str_puts(out, "MPI_COMM_NULL");
    else sk_str_printf(out, "comm(%d)", sk_tp_group_size(v->u.comm));
    break;
  case SK_T_INFO: sk_str_puts(out, "info"); break;
  case SK_T_IARRAY: case SK_T_DARRAY: {
    size_t i;
    sk_str_putc(out, '[');
    for (i = 0; i < sk_array_length(v); i++) {
      if (i) sk_str_puts(out, ", ");
      if (v->type == SK_T_IARRAY) sk_str_printf(out, "%ld", sk_iarray_get(v, i));
      else sk_str_puts(out, sk_darray_get(v, i) ? sk_darray_get(v, i)->name : "-");
    }
    sk_str_putc(out, ']');
    break;
  }
  default: sk_str_puts(out, "-"); break;
  }
}

/* ---- arrays (value.h) ---- */

static sk_value value_array_new(sk_type type, size_t n)
{
  sk_value v;
  sk_array *a = (sk_array *)sk_calloc(1, sizeof *a);
  a->n = n;
  if (type == SK_T_IARRAY && n > 0) a->ints = (long *)sk_calloc(n, sizeof(long));
  if (type == SK_T_DARRAY && n > 0) a->types = (const sk_datatype **)sk_calloc(n, sizeof(sk_datatype *));
  values.arrays = (sk_array **)sk_grow(values.arrays, &values.caparrays, values.narrays + 1, sizeof(sk_array *));
  values.arrays[values.narrays++] = a;
  v.type = type;
  v.u.arr = a;
  return v;
}

SK_API sk_value sk_iarray_new(size_t n) { return value_array_new(SK_T_IARRAY, n); }
SK_API sk_value sk_darray_new(size_t n) { return value_array_new(SK_T_DARRAY, n); }

static void value_array_check(const sk_value *v, sk_type type, size_t i, const char *fn)
{
  if (v->type != type) sk_fatal("%s on %s", fn, sk_type_name(v->type));
  if (i >= v->u.arr->n) sk_fatal("%s: index %lu outside an array of %lu", fn, (unsigned long)i,
                                 (unsigned long)v->u.arr->n);
}

SK_API size_t sk_array_length(const sk_value *v)
{
  if (v->type != SK_T_IARRAY && v->type != SK_T_DARRAY) sk_fatal("sk_array_length on %s", sk_type_name(v->type));
  return v->u.arr->n;
}

SK_API long sk_iarray_get(const sk_value *v, size_t i)
{
  value_array_check(v, SK_T_IARRAY, i, "sk_iarray_get");
  return v->u.arr->ints[i];
}

SK_API void sk_iarray_set(sk_value *v, size_t i, long x)
{
  value_array_check(v, SK_T_IARRAY, i, "sk_iarray_set");
  v->u.arr->ints[i] = x;
}

SK_API const sk_datatype *sk_darray_get(const sk_value *v, size_t i)
{
  value_array_check(v, SK_T_DARRAY, i, "sk_darray_get");
  return v->u.arr->types[i];
}

SK_API void sk_darray_set(sk_value *v, size_t i, const sk_datatype *t)
{
  value_array_check(v, SK_T_DARRAY, i, "sk_darray_set");
  v->u.arr->types[i] = t;
}

SK_API int sk_array_equal(const sk_value *a, const sk_value *b)
{
  size_t i;
  if (a->type != b->type || (a->type != SK_T_IARRAY && a->type != SK_T_DARRAY)) return 0;
  if (a->u.arr->n != b->u.arr->n) return 0;
  for (i = 0; i < a->u.arr->n; i++) {
    if (a->type == SK_T_IARRAY && a->u.arr->ints[i] != b->u.arr->ints[i]) return 0;
    if (a->type == SK_T_DARRAY && a->u.arr->types[i] != b->u.arr->types[i]) return 0;
  }
  return 1;
}
/* --- end split/value.c --- */
/* --- begin split/measure.h --- */
#line 1 "split/measure.h"
/*
** measure.h -- what a measurement function sees, and how it is described in the
** catalogue (SKaMPI 5 manual §6.2, SKaLib report (TR 99/07) ch. 5). A measurement has up to three functions
** with the same arguments: init (once per measurement: declares buffer usage and the
** reported message size, may allocate state), measure (one single measurement: returns
** this process's time in seconds, negative if it has no meaningful time) and finalize.
**
** Buffers (§6.1): get the current send/receive buffer from the context on every call;
** with buffer cycling they move between repetitions. Synchronised measurements (§6.2.1)
** call sk_sync_start() right before and sk_sync_stop() right after the timed code.
*/
#ifndef SK_MEASURE_H
#define SK_MEASURE_H

#line 16 "split/measure.h"

typedef enum sk_pattern {
  SK_PATTERN_P2P,           /* two processes: rank 0 and 1 of the communicator */
  SK_PATTERN_COLLECTIVE,    /* all processes of the communicator, synchronised start */
  SK_PATTERN_MASTER_WORKER, /* rank 0 dispatches chunks to the others */
  SK_PATTERN_SIMPLE,        /* rank 0 alone, a local operation */
  SK_PATTERN_SIMPLE_OWN_TIME /* like simple, but the function returns a figure of its own
                               (computed, or averaged over its own iterations like Wtime):
                               never repeated inside one timing */
} sk_pattern;

typedef struct sk_mctx {
  sk_group *group;          /* the measurement communicator */
  int rank, size;           /* of this process in it */
  char *send_buf, *recv_buf;/* current buffers (valid in measure) */
  size_t send_usage;        /* bytes this process needs in its send buffer (set in init) */
  size_t recv_usage;        /* likewise for the receive buffer */
  long reported_size;       /* the message size written to the output (set in init) */
  void *state;              /* private state of init/measure/finalize */
  int failed;               /* set by sk_meas_fail */
  char fail_msg[200];
  struct sk_sync *sync;     /* synchronisation state (engine) */
  const struct sk_settings *settings; /* the engine settings of the run (settings.h) */
} sk_mctx;

typedef void (*sk_init_fn)(sk_mctx *m, const sk_value *args);
typedef double (*sk_measure_fn)(sk_mctx *m, const sk_value *args);
typedef void (*sk_finalize_fn)(sk_mctx *m, const sk_value *args);

/* One registry row per measurement: the name (written once, in the row macro), the
** parameter signature, the pattern and the minimum number of processes (checked once, by
** the engine, before init), and the three functions. Rows exist in every build, so the
** front ends know every name and its signature; where the backend lacks what a row
** needs, its functions are NULL and `needs` says what is missing (sk_catalogue_usable).
** Parameter type letters: i integer, d double (integers accepted), s string,
** c communicator, t datatype, o operator, n info. */
typedef struct sk_measurement {
  const char *name;
  const char *params;
  sk_pattern pattern;
  sk_init_fn init;          /* may be NULL */
  sk_measure_fn measure;    /* NULL: not available in this build */
  sk_finalize_fn finalize;  /* may be NULL */
  int min_procs;            /* the communicator must have at least this many processes */
  const char *needs;        /* NULL, or what the row needs beyond the portable transport */
  const char *param_names;  /* the parameters' names, blank-separated, one per letter */
  const char *alias_of;     /* NULL, or the name of the row this one is another name of */
} sk_measurement;

/* The rows. NAME is the measurement's name in the input language; its measure function
** is measure_NAME; PARAMS its parameter letters and NAMES their names (blank-separated,
** one per letter: `skampi -l` lists them); INIT and FINALIZE are functions or NULL. The
** _MPI, _MPI2 and _MPIIO rows keep their functions only where the build has MPI (MPI-2
** for one-sided, MPI-IO for file access: SK_HAVE_MPI_IO), e.g.
**   SK_MEASUREMENT_MPI(Bcast, "iti", "count datatype root", SK_PATTERN_COLLECTIVE, 1,
**                      init_Bcast, NULL),  */
#define SK_MEASUREMENT(NAME, PARAMS, NAMES, PATTERN, MIN_PROCS, INIT, FINALIZE) \
  { #NAME, PARAMS, PATTERN, INIT, measure_##NAME, FINALIZE, MIN_PROCS, NULL, NAMES, NULL }
#define SK_MEASUREMENT_MPI(NAME, PARAMS, NAMES, PATTERN, MIN_PROCS, INIT, FINALIZE) \
  { #NAME, PARAMS, PATTERN, SK_IF_MPI(INIT), SK_IF_MPI(measure_##NAME), \
    SK_IF_MPI(FINALIZE), MIN_PROCS, "an MPI library", NAMES, NULL }
#define SK_MEASUREMENT_MPI2(NAME, PARAMS, NAMES, PATTERN, MIN_PROCS, INIT, FINALIZE) \
  { #NAME, PARAMS, PATTERN, SK_IF_MPI2(INIT), SK_IF_MPI2(measure_##NAME), \
    SK_IF_MPI2(FINALIZE), MIN_PROCS, "MPI-2 (one-sided communication)", NAMES, NULL }
#define SK_MEASUREMENT_MPIIO(NAME, PARAMS, NAMES, PATTERN, MIN_PROCS, INIT, FINALIZE) \
  { #NAME, PARAMS, PATTERN, SK_IF_MPIIO(INIT), SK_IF_MPIIO(measure_##NAME), \
    SK_IF_MPIIO(FINALIZE), MIN_PROCS, "MPI-IO (MPI-2 file access)", NAMES, NULL }
/* Another name of the row TARGET (the original SKaMPI's spelling, SKaMPI 5 manual §3):
** it shares TARGET's signature, pattern, minimum and functions, which the catalogue
** copies from TARGET when it hands the row out (sk_catalogue_entry/_find never return
** an unresolved alias). TARGET must be a row of some table, not itself an alias. */
#define SK_MEASUREMENT_ALIAS(ALIAS, TARGET) \
  { #ALIAS, NULL, SK_PATTERN_SIMPLE, NULL, NULL, NULL, 0, NULL, NULL, #TARGET }
#define SK_MEASUREMENT_END { NULL, NULL, SK_PATTERN_SIMPLE, NULL, NULL, NULL, 0, NULL, NULL, NULL }

/* Parameter groups of the original SKaMPI's documentation (names; letters alongside):
** point-to-point "itii", send/receive pair "itit", count-datatype-info "itn". */
#define SK_NAMES_PP "count datatype tag iterations"
#define SK_NAMES_SR "send_count send_dt recv_count recv_dt"
#define SK_NAMES_CDI "count datatype info"

/* For measurement functions. */
SK_API double sk_sync_start(sk_mctx *m);
SK_API double sk_sync_stop(sk_mctx *m);
SK_API void sk_meas_fail(sk_mctx *m, const char *msg);

#endif
/* --- end split/measure.h --- */
/* --- begin split/verify.h --- */
#line 1 "split/verify.h"
/*
** verify.h -- data verification of measurements (switch_verification_on, `skampi -v`):
** before its timed repetitions a measurement runs once more with pattern-filled
** buffers, and every receiving process checks that it holds exactly what MPI semantics
** promise. This module owns the patterns, the comparison with the message that names
** the first differing byte, and the one verification call (sk_verify_run) the engine
** makes; the measurement modules own the knowledge of what arrives where.
**
** A module describes its measurements in a verifier table keyed by the measurement's
** name (the registry rows of measure.h stay as they are): prepare fills the buffers
** (NULL: sk_verify_default_prepare), check compares and calls sk_verify_mismatch on the
** first difference; a row with `nothing` set says why the measurement has nothing to
** verify (a barrier, a clock read, a synthetic time), which `skampi -l` shows. A
** measurement without any row is listed as "not verified". A module of a new family
** (MPI-IO checks its file contents) adds its table to catalogue.c the same way.
**
** The pattern: sk_verify_byte(stream, i), never 0, is byte i of the data that process
** `stream` (its rank in the measurement communicator) sends; receive buffers start as
** zeros, so bytes that nothing wrote stay 0 and are told apart from any data.
*/
#ifndef SK_VERIFY_H
#define SK_VERIFY_H

#line 25 "split/verify.h"

typedef void (*sk_verify_fn)(sk_mctx *m, const sk_value *args);

typedef struct sk_verifier {
  const char *name;           /* the measurement row's name */
  sk_verify_fn prepare;       /* NULL: sk_verify_default_prepare */
  sk_verify_fn check;         /* NULL when nothing is verified (or this build lacks it) */
  const char *nothing;        /* non-NULL: why there is nothing to verify */
} sk_verifier;

#define SK_VERIFY(NAME, PREPARE, CHECK) { #NAME, PREPARE, CHECK, NULL }
#define SK_VERIFY_MPI(NAME, PREPARE, CHECK) { #NAME, SK_IF_MPI(PREPARE), SK_IF_MPI(CHECK), NULL }
#define SK_VERIFY_NOTHING(NAME, WHY) { #NAME, NULL, NULL, WHY }
#define SK_VERIFY_END { NULL, NULL, NULL, NULL }

/* Byte i of the data process `stream` sends: never 0. */
SK_API unsigned char sk_verify_byte(long stream, size_t i);
/* buf[k] = sk_verify_byte(stream, offset + k) for k < n. */
SK_API void sk_verify_fill(char *buf, size_t n, long stream, size_t offset);
/* The send buffer (send_usage bytes) with this process's stream, the receive buffer
** (recv_usage bytes) zeros. */
SK_API void sk_verify_default_prepare(sk_mctx *m, const sk_value *args);
/* For measurements that fill and check their buffers themselves when
** m->settings->verify is on (the broadcasts of meas_bcast_algos.c): prepare and check
** that do nothing, the measure call does it all. */
SK_API void sk_verify_in_measure(sk_mctx *m, const sk_value *args);
/* Records the first mismatch of this process (later ones are ignored): `what` names the
** buffer or block, e.g. "receive buffer, block of rank 2". */
SK_API void sk_verify_mismatch(sk_mctx *m, const char *what, size_t byte, unsigned got, unsigned expected);
/* Compares buf[0..n) with the pattern of `stream` from `offset`; `mask` (NULL: every
** byte is data) marks data bytes with nonzero, the others must still be 0. Returns 1
** when equal, else records the mismatch (byte numbers count from buf) and returns 0. */
SK_API int sk_verify_expect(sk_mctx *m, const char *what, const char *buf, size_t n, long stream, size_t offset,
                            const unsigned char *mask);

/* The verification call on a process that takes part in the measurement, with its
** buffers placed (the engine does both, engine.c): prepare, one call of measure, check.
** Failure is m->failed with the mismatch in m->fail_msg. Tests call it directly. */
SK_API void sk_verify_call(const sk_measurement *def, const sk_verifier *v, sk_mctx *m, const sk_value *args);

/* The verifier row of a measurement name, NULL when there is none (catalogue.c). */
SK_API const sk_verifier *sk_verifier_find(const char *name);

#endif
/* --- end split/verify.h --- */
/* --- begin split/verify.c --- */
#line 1 "split/verify.c"
/*
** verify.c -- patterns, comparison and the verification pass (verify.h).
*/
#line 5 "split/verify.c"

SK_API unsigned char sk_verify_byte(long stream, size_t i)
{
  unsigned long h = (unsigned long)(stream + 1) * 2654435761UL + (unsigned long)i * 40503UL;
  h ^= h >> 13;
  return (unsigned char)(1 + (h + (h >> 8)) % 255);
}

SK_API void sk_verify_fill(char *buf, size_t n, long stream, size_t offset)
{
  size_t k;
  for (k = 0; k < n; k++) buf[k] = (char)sk_verify_byte(stream, offset + k);
}

SK_API void sk_verify_default_prepare(sk_mctx *m, const sk_value *args)
{
  (void)args;
  if (m->send_buf && m->send_usage) sk_verify_fill(m->send_buf, m->send_usage, m->rank, 0);
  if (m->recv_buf && m->recv_usage) memset(m->recv_buf, 0, m->recv_usage);
}

SK_API void sk_verify_in_measure(sk_mctx *m, const sk_value *args)
{
  (void)m;
  (void)args;
}

SK_API void sk_verify_mismatch(sk_mctx *m, const char *what, size_t byte, unsigned got, unsigned expected)
{
  char msg[200];
  if (m->failed) return;
  sprintf(msg, "process %d of %d: %.90s: byte %lu is 0x%02x, expected 0x%02x", m->rank, m->size, what,
          (unsigned long)byte, got & 0xffu, expected & 0xffu);
  sk_meas_fail(m, msg);
}

SK_API int sk_verify_expect(sk_mctx *m, const char *what, const char *buf, size_t n, long stream, size_t offset,
                            const unsigned char *mask)
{
  size_t k;
  for (k = 0; k < n; k++) {
    unsigned got = (unsigned char)buf[k];
    unsigned want = mask && !mask[k] ? 0u : sk_verify_byte(stream, offset + k);
    if (got != want) {
      sk_verify_mismatch(m, what, k, got, want);
      return 0;
    }
  }
  return 1;
}

SK_API void sk_verify_call(const sk_measurement *def, const sk_verifier *v, sk_mctx *m, const sk_value *args)
{
  (v->prepare ? v->prepare : sk_verify_default_prepare)(m, args);
  def->measure(m, args);
  if (!m->failed && v->check) v->check(m, args);
}
/* --- end split/verify.c --- */
/* --- begin split/stats.h --- */
#line 1 "split/stats.h"
/*
** stats.h -- the statistics of SKaLib §3.2 and appendix A and the node-time selection
** of SKaMPI 5 manual §7.1. Pure functions, no communication.
*/
#ifndef SK_STATS_H
#define SK_STATS_H

#line 9 "split/stats.h"

SK_API double sk_stats_mean(const double *x, int n);
/* The smallest of x[0..n-1]; 0 for n <= 0. */
SK_API double sk_stats_min(const double *x, int n);
/* Standard error of the mean, eq. 3.4 / A.1: sqrt((sum x^2 - (sum x)^2 / n) / (n (n-1))).
** 0 for n < 2. */
SK_API double sk_stats_std_error(const double *x, int n);
/* Sorts a copy of x into kept and drops floor(n * quantile) values at each end
** (SKaLib §3.2.2 cut_quartile); returns how many are kept (at least 1 when n >= 1). */
SK_API int sk_stats_cut(const double *x, int n, double quantile, double *kept);
/* Which per-process times an output line shows (SKaMPI 5 manual §7.1): n <= max: all, in rank
** order; otherwise sorted: max 0 none, 1 the middle one, >= 2 smallest, largest and
** max-2 equidistant ones between. Returns how many were written to out. */
SK_API int sk_node_times_select(const double *times, int n, int max, double *out);

#endif
/* --- end split/stats.h --- */
/* --- begin split/stats.c --- */
#line 1 "split/stats.c"
/*
** stats.c -- see stats.h.
*/
#line 5 "split/stats.c"

SK_API double sk_stats_mean(const double *x, int n)
{
  double s = 0.0;
  int i;
  if (n <= 0) return 0.0;
  for (i = 0; i < n; i++) s += x[i];
  return s / n;
}

SK_API double sk_stats_min(const double *x, int n)
{
  double m;
  int i;
  if (n <= 0) return 0.0;
  for (m = x[0], i = 1; i < n; i++)
    if (x[i] < m) m = x[i];
  return m;
}

SK_API double sk_stats_std_error(const double *x, int n)
{
  double sum = 0.0, sumsq = 0.0, var;
  int i;
  if (n < 2) return 0.0;
  for (i = 0; i < n; i++) { sum += x[i]; sumsq += x[i] * x[i]; }
  var = (sumsq - sum * sum / n) / ((double)n * (n - 1));
  return var > 0.0 ? sqrt(var) : 0.0;   /* rounding can make a zero variance negative */
}

static int stats_cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y ? 1 : 0;
}

SK_API int sk_stats_cut(const double *x, int n, double quantile, double *kept)
{
  int drop, i;
  double *sorted;
  if (n <= 0) return 0;
  sorted = (double *)sk_malloc(sizeof(double) * (size_t)n);
  memcpy(sorted, x, sizeof(double) * (size_t)n);
  qsort(sorted, (size_t)n, sizeof(double), stats_cmp_double);
  if (quantile < 0.0) quantile = 0.0;
  drop = (int)floor(n * quantile + 1e-9);
  if (2 * drop >= n) drop = (n - 1) / 2;
  for (i = drop; i < n - drop; i++) kept[i - drop] = sorted[i];
  free(sorted);
  return n - 2 * drop;
}

SK_API int sk_node_times_select(const double *times, int n, int max, double *out)
{
  double *sorted;
  int i;
  if (max < 0) max = 0;
  if (n <= max) {
    for (i = 0; i < n; i++) out[i] = times[i];
    return n;
  }
  if (max == 0) return 0;
  sorted = (double *)sk_malloc(sizeof(double) * (size_t)n);
  memcpy(sorted, times, sizeof(double) * (size_t)n);
  qsort(sorted, (size_t)n, sizeof(double), stats_cmp_double);
  if (max == 1) {
    out[0] = sorted[(n - 1) / 2];
  } else {
    for (i = 0; i < max; i++) {
      /* index i*(n-1)/(max-1) rounded to nearest: 0 and n-1 at the ends */
      long idx = ((long)i * (n - 1) * 2 + (max - 1)) / (2L * (max - 1));
      out[i] = sorted[idx];
    }
  }
  free(sorted);
  return max;
}
/* --- end split/stats.c --- */
/* --- begin split/asec.h --- */
#line 1 "split/asec.h"
/*
** asec.h -- automatic standard-error control (SKaLib §3.2, SKaMPI 5 manual §5.3.3): decides
** whether one more single measurement is needed, and forms the measurement's result.
** Runs on the one process that decides (rank 0 of the measurement communicator); the
** decision is broadcast by the caller so that every process repeats in step.
*/
#ifndef SK_ASEC_H
#define SK_ASEC_H

#line 11 "split/asec.h"

typedef struct sk_asec_config {
  int min_reps;            /* default 8 */
  int max_reps;            /* default 33; never exceeded */
  double max_rel_error;    /* default 0.1: stop when std error / mean <= this */
  double cut_quantile;     /* default 0.25: cut at both ends when forming the result */
  double time_limit;       /* seconds per measurement (SKaLib time_meas); 0 = none */
  int statistic;           /* what a result reports: SK_STATISTIC_MEAN (default) or _MIN */
} sk_asec_config;

/* set_result_statistic: the mean of the kept samples (SKaLib §3.2), or the minimum over
** all repetitions, the run "with the least interference" (Pichler 2013 §3.2, §7.1). */
#define SK_STATISTIC_MEAN 0
#define SK_STATISTIC_MIN 1

typedef enum sk_asec_stop {
  SK_ASEC_CONTINUE, SK_ASEC_PRECISE, SK_ASEC_MAX_REPS, SK_ASEC_TIME_LIMIT
} sk_asec_stop;

typedef struct sk_asec {
  sk_asec_config cfg;
  double *samples;
  int n;
  double started;
} sk_asec;

SK_API void sk_asec_default_config(sk_asec_config *c);
SK_API void sk_asec_begin(sk_asec *a, const sk_asec_config *c, double now);
SK_API void sk_asec_end(sk_asec *a);
SK_API void sk_asec_add(sk_asec *a, double value);
/* The stopping rule. min_reps is honoured unless the time limit is hit (SKaLib §3.2.1). */
SK_API sk_asec_stop sk_asec_decide(const sk_asec *a, double now);
/* Mean (or, with SK_STATISTIC_MIN, the minimum of all samples) and standard error of the
** samples kept after cutting; *kept their number. */
SK_API void sk_asec_result(const sk_asec *a, double *mean, double *std_error, int *kept);
SK_API double sk_asec_relative_error(const sk_asec *a);

#endif
/* --- end split/asec.h --- */
/* --- begin split/asec.c --- */
#line 1 "split/asec.c"
/*
** asec.c -- see asec.h.
*/
#line 5 "split/asec.c"

SK_API void sk_asec_default_config(sk_asec_config *c)
{
  c->min_reps = 8;
  c->max_reps = 33;
  c->max_rel_error = 0.1;
  c->cut_quantile = 0.25;
  c->time_limit = 0.0;
  c->statistic = SK_STATISTIC_MEAN;
}

SK_API void sk_asec_begin(sk_asec *a, const sk_asec_config *c, double now)
{
  a->cfg = *c;
  if (a->cfg.max_reps < 1) a->cfg.max_reps = 1;
  if (a->cfg.min_reps > a->cfg.max_reps) a->cfg.min_reps = a->cfg.max_reps;
  a->samples = (double *)sk_malloc(sizeof(double) * (size_t)a->cfg.max_reps);
  a->n = 0;
  a->started = now;
}

SK_API void sk_asec_end(sk_asec *a)
{
  free(a->samples);
  a->samples = NULL;
}

SK_API void sk_asec_add(sk_asec *a, double value)
{
  if (a->n < a->cfg.max_reps) a->samples[a->n++] = value;
}

SK_API double sk_asec_relative_error(const sk_asec *a)
{
  double mean = sk_stats_mean(a->samples, a->n);
  double se = sk_stats_std_error(a->samples, a->n);
  if (mean == 0.0) return se == 0.0 ? 0.0 : HUGE_VAL;
  return fabs(se / mean);
}

SK_API sk_asec_stop sk_asec_decide(const sk_asec *a, double now)
{
  if (a->n >= a->cfg.max_reps) return SK_ASEC_MAX_REPS;
  if (a->cfg.time_limit > 0.0 && now - a->started >= a->cfg.time_limit) return SK_ASEC_TIME_LIMIT;
  if (a->n < a->cfg.min_reps || a->n < 2) return SK_ASEC_CONTINUE;
  if (sk_asec_relative_error(a) <= a->cfg.max_rel_error) return SK_ASEC_PRECISE;
  return SK_ASEC_CONTINUE;
}

SK_API void sk_asec_result(const sk_asec *a, double *mean, double *std_error, int *kept)
{
  double *k;
  int n;
  if (a->n == 0) { *mean = 0.0; *std_error = 0.0; *kept = 0; return; }
  k = (double *)sk_malloc(sizeof(double) * (size_t)a->n);
  n = sk_stats_cut(a->samples, a->n, a->cfg.cut_quantile, k);
  *mean = a->cfg.statistic == SK_STATISTIC_MIN ? sk_stats_min(a->samples, a->n) : sk_stats_mean(k, n);
  *std_error = sk_stats_std_error(k, n);
  *kept = n;
  free(k);
}
/* --- end split/asec.c --- */
/* --- begin split/buffers.h --- */
#line 1 "split/buffers.h"
/*
** buffers.h -- the send and receive buffers of SKaMPI 5 manual §6.1 and §4.1: one region
** of set_skampi_buffer bytes per process, alignment of both buffers, buffer cycling (the
** buffers move through the region between repetitions, so `...` means half the region)
** and cache flushing between repetitions (set_cache_size).
**
** The configuration is part of the engine settings (settings.h) and passed to every
** call; this module keeps only the memory: the region and the cache-flush area, which
** sk_buffers_configure (re)allocates when the configuration changes their sizes.
*/
#ifndef SK_BUFFERS_H
#define SK_BUFFERS_H

#line 15 "split/buffers.h"

typedef struct sk_buffer_config {
  size_t size;             /* set_skampi_buffer; default 64 KiB */
  int cycling;             /* switch_buffer_cycling_on/off; default off */
  size_t send_align, recv_align;   /* default 8; 0 counts as 1 */
  size_t cache_size;       /* set_cache_size; 0 = do not flush */
  int mpi_alloc_mem;       /* the region comes from MPI_Alloc_mem (MPI-2; elsewhere malloc) */
  void *mpi_alloc_info;    /* MPI_Info* for MPI_Alloc_mem, NULL = MPI_INFO_NULL */
} sk_buffer_config;

SK_API void sk_buffers_default_config(sk_buffer_config *c);
/* Makes the memory fit the configuration (reallocates when a size or the way of
** allocating changed). */
/* 0 when the memory could not be allocated (nothing is held then; the caller names the
** statement that asked for it, sk_buffers_region_bytes says how much it was). */
SK_API int sk_buffers_configure(const sk_buffer_config *c);
SK_API double sk_buffers_region_bytes(const sk_buffer_config *c);
/* Bytes of region a measurement with these usages needs. */
SK_API double sk_buffers_needed(const sk_buffer_config *c, size_t send_usage, size_t recv_usage);
/* Places the buffers for repetition `rep` (cycling moves them); flushes the cache. */
SK_API void sk_buffers_place(const sk_buffer_config *c, size_t send_usage, size_t recv_usage, long rep,
                             char **send, char **recv);

#endif
/* --- end split/buffers.h --- */
/* --- begin split/buffers.c --- */
#line 1 "split/buffers.c"
/*
** buffers.c -- see buffers.h.
*/
#line 5 "split/buffers.c"

static struct {
  char *region;            /* size + alignment slack */
  size_t allocated;
  int by_mpi;              /* region came from MPI_Alloc_mem */
  void *info;              /* ... with this info */
  char *cache;             /* cache_size bytes touched between repetitions */
  size_t cache_allocated;
} buffers;

SK_API void sk_buffers_default_config(sk_buffer_config *c)
{
  c->size = 64 * 1024;
  c->cycling = 0;
  c->send_align = 8;
  c->recv_align = 8;
  c->cache_size = 0;
  c->mpi_alloc_mem = 0;
  c->mpi_alloc_info = NULL;
}

static size_t buffers_align_of(size_t align) { return align ? align : 1; }

/* The region's memory: MPI_Alloc_mem when the configuration asks for it and the
** library has it (MPI-2), malloc otherwise. */
static void buffers_release(void)
{
  if (buffers.region == NULL) return;
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  if (buffers.by_mpi) { MPI_Free_mem(buffers.region); buffers.region = NULL; return; }
#endif
  free(buffers.region);
  buffers.region = NULL;
}

/* 0 when the memory is not there; buffers.region stays NULL then. */
static int buffers_allocate(const sk_buffer_config *c, size_t need)
{
  buffers.by_mpi = 0;
  buffers.info = NULL;
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  if (c->mpi_alloc_mem) {
    void *p = NULL;
    MPI_Info info = c->mpi_alloc_info ? *(MPI_Info *)c->mpi_alloc_info : MPI_INFO_NULL;
    if (MPI_Alloc_mem((MPI_Aint)need, info, &p) != MPI_SUCCESS || p == NULL) return 0;
    buffers.region = (char *)p;
    buffers.by_mpi = 1;
    buffers.info = c->mpi_alloc_info;
    return 1;
  }
#else
  (void)c;
#endif
  buffers.region = (char *)malloc(need);
  return buffers.region != NULL;
}

/* The region's size: the buffer, alignment slack and padding; more than a size_t holds
** when the input asks for more than the address space (a double, for messages). */
SK_API double sk_buffers_region_bytes(const sk_buffer_config *c)
{
  return (double)c->size + (double)buffers_align_of(c->send_align) + (double)buffers_align_of(c->recv_align) + 64.0;
}

SK_API int sk_buffers_configure(const sk_buffer_config *c)
{
  size_t need = c->size + buffers_align_of(c->send_align) + buffers_align_of(c->recv_align) + 64;
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  int by_mpi = c->mpi_alloc_mem != 0;
  void *info = by_mpi ? c->mpi_alloc_info : NULL;
#else
  int by_mpi = 0;
  void *info = NULL;
#endif
  if (sk_buffers_region_bytes(c) > (double)((size_t)-1) / 2) need = 0;   /* wrapped around */
  if (buffers.region == NULL || buffers.allocated != need || buffers.by_mpi != by_mpi || buffers.info != info) {
    buffers_release();
    buffers.allocated = 0;
    if (need == 0 || !buffers_allocate(c, need)) return 0;
    memset(buffers.region, 0, need);
    buffers.allocated = need;
  }
  if (c->cache_size != buffers.cache_allocated) {
    free(buffers.cache);
    buffers.cache = c->cache_size ? (char *)malloc(c->cache_size) : NULL;
    buffers.cache_allocated = buffers.cache ? c->cache_size : 0;
    if (c->cache_size && buffers.cache == NULL) return 0;
  }
  return 1;
}

static size_t buffers_round_up(size_t n, size_t align)
{
  align = buffers_align_of(align);
  return (n + align - 1) / align * align;
}

SK_API double sk_buffers_needed(const sk_buffer_config *c, size_t send_usage, size_t recv_usage)
{
  double need = (double)buffers_round_up(send_usage, c->recv_align) + (double)recv_usage;
  return c->cycling ? 2.0 * need : need;
}

static char *buffers_align(char *p, size_t align)
{
  unsigned long addr = (unsigned long)p;   /* only the low bits matter */
  unsigned long rem = addr % (unsigned long)buffers_align_of(align);
  return rem ? p + (buffers_align_of(align) - rem) : p;
}

SK_API void sk_buffers_place(const sk_buffer_config *c, size_t send_usage, size_t recv_usage, long rep,
                             char **send, char **recv)
{
  size_t span = buffers_round_up(send_usage, c->recv_align) + recv_usage, offset = 0;
  char *base;
  if (buffers.region == NULL && !sk_buffers_configure(c))
    sk_fatal("the buffer region of %.0f bytes could not be allocated", sk_buffers_region_bytes(c));
  if (c->cycling && span > 0 && span <= c->size) {
    size_t room = c->size - span;             /* the engine checked 2 * span <= size */
    size_t stride = buffers_round_up(span, 64);
    if (room > 0 && stride > 0) offset = (size_t)((unsigned long)rep % (room / stride + 1)) * stride;
  }
  base = buffers_align(buffers.region + offset, c->send_align);
  *send = base;
  *recv = buffers_align(base + send_usage, c->recv_align);
  if (buffers.cache) {
    size_t i;
    for (i = 0; i < buffers.cache_allocated; i += 32) buffers.cache[i] = (char)(buffers.cache[i] + 1);
  }
}
/* --- end split/buffers.c --- */
/* --- begin split/sync_offsets.h --- */
#line 1 "split/sync_offsets.h"
/*
** sync_offsets.h -- clock offsets between the processes (SKaMPI 5 manual §6.2.1): every
** process knows the offset (and drift) of its clock to a reference clock, so that the
** real synchronisation (sync_window.h) can start repetitions at agreed global times.
** Two algorithms:
**   SK_OFFSETS_HCA     (default) hierarchical offset-and-drift estimate in O(log p) rounds
**                      after Hunold and Carpen-Amarie (EuroMPI 2015, CLUSTER 2018);
**   SK_OFFSETS_LINEAR  SKaMPI 5: rank 0 ping-pongs with every other member in turn.
** Estimates are cached per process and group and re-used while they are fresh: younger
** than the maximum age (default 10 s; 2 s until a drift could be measured), made with the
** offset method asked for, and not invalidated. This header also holds the
** synchronisation part of the engine settings (sk_sync_config, read by both modules).
*/
#ifndef SK_SYNC_OFFSETS_H
#define SK_SYNC_OFFSETS_H

#line 18 "split/sync_offsets.h"
#line 19 "split/sync_offsets.h"

typedef enum sk_sync_method {
  SK_SYNC_NONE, SK_SYNC_BARRIER, SK_SYNC_REAL
} sk_sync_method;

/* Offset estimation algorithms of the real method. */
#define SK_OFFSETS_LINEAR 1   /* SKaMPI 5: p-1 ping-pong series with rank 0, offsets only */
#define SK_OFFSETS_HCA 2      /* default: binomial tree, offset and drift, log2(p) rounds */

/* The synchronisation part of the engine settings (settings.h). */
typedef struct sk_sync_config {
  sk_sync_method method;      /* default SK_SYNC_REAL */
  int offset_method;          /* an SK_OFFSETS_ constant, default SK_OFFSETS_HCA */
  double max_offset_age;      /* seconds, default 10; <= 0: re-estimate every measurement */
} sk_sync_config;

SK_API void sk_sync_default_config(sk_sync_config *c);
SK_API const char *sk_sync_offset_method_name(int method);

/* A process's clock against the reference clock: at local time l the local clock is
** ahead of the reference by off + drift * (l - tref); err bounds the error of off. */
typedef struct sk_clock_model {
  double tref;   /* local time at which off holds */
  double off;    /* local clock minus reference clock at tref (seconds) */
  double drift;  /* d(local - reference) / d(local) */
  double err;    /* bound on the error of off (seconds) */
} sk_clock_model;

SK_API void sk_clock_identity(sk_clock_model *md, double now);
SK_API double sk_clock_offset(const sk_clock_model *md, double local);
SK_API double sk_clock_to_ref(const sk_clock_model *md, double local);
SK_API double sk_clock_to_local(const sk_clock_model *md, double ref);

/* Marks every cached estimate stale: the next synchronised measurement re-estimates. */
SK_API void sk_sync_invalidate_offsets(void);

/* Collective over the members of g: estimates the offsets now with cfg's offset method
** (relative to rank 0 of g; the estimate for the world group is the one every other group
** re-uses while it is fresh), re-measures them once to obtain the residuals, and agrees
** on the figures for the header. With a global clock (sk_tp_wtime_is_global) nothing is
** measured. */
SK_API void sk_sync_estimate(const sk_sync_config *cfg, sk_group *g);
/* Collective over the world: sk_sync_estimate(world) when cfg chooses the real method and
** there is more than one process; call it before writing the output header so that
** sk_sync_describe can report the estimate. */
SK_API void sk_sync_init_world(const sk_sync_config *cfg);

/* Where the clock model of a measurement on g comes from; rank 0 of g decides and the
** members agree on its choice (sync_window.c). */
typedef enum sk_clock_source {
  SK_CLOCK_IDENTITY,   /* the clock is global: no offsets */
  SK_CLOCK_WORLD,      /* the world's fresh estimate (reference: world rank 0) */
  SK_CLOCK_GROUP,      /* g's own fresh estimate (reference: rank 0 of g) */
  SK_CLOCK_ESTIMATE    /* nothing fresh: sk_sync_estimate(cfg, g) first */
} sk_clock_source;

/* Local: where a fresh model for g would come from at local time `now`. */
SK_API sk_clock_source sk_sync_clock_source(const sk_sync_config *cfg, sk_group *g, double now);
/* Local: the cached model of that source (the identity for SK_CLOCK_IDENTITY). */
SK_API void sk_sync_clock_model(sk_clock_source src, sk_group *g, double now, sk_clock_model *md);

/* Local: waits until local time `target` (now: the current local time) without taking
** the core from processes that share it; returns the local time of the return. */
SK_API double sk_sync_wait_until(double target, double now);

/* Header lines about the offsets: the method and the figures of the last estimation
** (local, on rank 0 of the world). */
SK_API void sk_sync_describe_offsets(const sk_sync_config *cfg, sk_str *out);

#ifdef SKAMPI_TESTING
/* On rank 0 of the group last estimated: the largest |offset| and |residual| (seconds)
** over its members, and the per-member offsets (returns the number of members, at most
** max are copied). */
SK_API double sk_sync_max_abs_offset_estimate(void);
SK_API double sk_sync_max_abs_residual(void);
SK_API int sk_sync_last_offsets(double *offsets, int max);
#endif

#endif
/* --- end split/sync_offsets.h --- */
/* --- begin split/sync_window.h --- */
#line 1 "split/sync_window.h"
/*
** sync_window.h -- how the processes of a measurement start together (SKaMPI 5 manual
** §6.2.1, §4.1): no synchronisation, a barrier before each single measurement, or "real"
** synchronisation (the default): every repetition starts at an agreed global time, inside
** a window reserved for it, using the clock offsets of sync_offsets.h. The method comes
** from the settings of the run (m->settings->sync).
*/
#ifndef SK_SYNC_WINDOW_H
#define SK_SYNC_WINDOW_H

#line 12 "split/sync_window.h"

SK_API const char *sk_sync_method_name(sk_sync_method m);

/* Called by the engine for each measurement (all members), before the warm-up. */
SK_API void sk_sync_prepare(sk_mctx *m);
SK_API void sk_sync_release(sk_mctx *m);
/* After each single measurement: did this process start and stop inside its window?
** (always 1 for the none and barrier methods) */
SK_API int sk_sync_rep_ok(sk_mctx *m);
/* Every member learns whether the repetition was valid on ALL processes; an invalid
** one is discarded by the runner and the method may widen its window. */
SK_API void sk_sync_rep_done(sk_mctx *m, int valid_everywhere);
/* Header line(s) describing the method of cfg and its accuracy, with the offsets' lines
** (local: no communication). */
SK_API void sk_sync_describe(const sk_sync_config *cfg, sk_str *out);

#ifdef SKAMPI_TESTING
/* The window (seconds) of the last synchronised measurement on this process. */
SK_API double sk_sync_window(void);
#endif

#endif
/* --- end split/sync_window.h --- */
/* --- begin split/sync.h --- */
#line 1 "split/sync.h"
/*
** sync.h -- synchronised starts (SKaMPI 5 manual §6.2.1, §4.1), the public header of the
** two modules: sync_offsets.h (clock offsets, their cache, and the synchronisation part
** of the engine settings, sk_sync_config) and sync_window.h (the start methods and the
** start-window schedule of the real method).
*/
#ifndef SK_SYNC_H
#define SK_SYNC_H

#line 11 "split/sync.h"
#line 12 "split/sync.h"

#endif
/* --- end split/sync.h --- */
/* --- begin split/sync_offsets.c --- */
#line 1 "split/sync_offsets.c"
/*
** sync_offsets.c -- clock offsets (sync_offsets.h). SKaMPI "keeps track of the differences
** between the local times ... in order to know a(n approximation of) global time"
** (SKaMPI 5 manual §6.2.1); a barrier cannot do this. This module owns
**   - the clock model of a process against a reference clock and its arithmetic;
**   - the ping-pong sample and series both algorithms are built from;
**   - the two algorithms: SK_OFFSETS_LINEAR (SKaMPI 5) and SK_OFFSETS_HCA, after the
**     hierarchical algorithms of S. Hunold and A. Carpen-Amarie ("On the Impact of
**     Synchronizing Clocks and Processes on Benchmarking MPI Collectives", EuroMPI 2015;
**     "Hierarchical Clock Synchronization in MPI", CLUSTER 2018), written from their
**     description;
**   - the residual check after every estimation, and the figures for the output header;
**   - the per-process cache of estimates (one entry per group) and its age;
**   - waiting without stealing the core (also used by sync_window.c for start times).
** It communicates through the transport interface and sk_agree only, so it works on the
** MPI, RCCE and sequential backends.
**
** Invariants:
**   - The reference is rank 0 of the group estimated; rank 0 keeps the identity model.
**   - An estimate is fresh while it is not stale (sk_sync_invalidate_offsets), was made
**     with the offset method the settings ask for, and is younger than their maximum age
**     (at most SYNC_FIRST_AGE until a second estimation could measure the drift). A stale
**     estimate is kept: it is the baseline of the next drift.
**   - sk_sync_estimate is collective over the group; everything else here is local.
**   - Nothing here reads a configuration of its own: the settings come as an argument.
*/
#line 28 "split/sync_offsets.c"

#define SYNC_FITPOINTS 12        /* HCA: samples per tree edge */
#define SYNC_TRIES 6             /* round trips per sample (the fastest counts) ... */
#define SYNC_MAX_TRIES 64        /* ... or more, up to this, until one was fast, ... */
#define SYNC_SERIES_BUDGET 0.1   /* ... while the series is younger than this (seconds) */
#define SYNC_LINEAR_SAMPLES 6    /* SKaMPI 5 method: samples per member (the fastest counts) */
#define SYNC_CHECK_MAX 64        /* residual check: at most this many members */
#define SYNC_MAX_DRIFT 2.0e-4    /* larger slopes are taken for noise (200 ppm: twice what
                                 ** a quartz clock drifts, so that one at 100 ppm is corrected) */
#define SYNC_DRIFT_BASELINE 1.0  /* seconds between estimates for the long-baseline drift */
#define SYNC_MAX_AGE 10.0        /* default maximum age of an estimate (seconds) ... */
#define SYNC_FIRST_AGE 2.0       /* ... but at most this until a drift could be measured */
#define SYNC_SPIN_BELOW 10.0e-6  /* spin (no yield) this close to a start time */

typedef struct sync_sample {
  double x;      /* client time of the sample: (t1 + t2) / 2 */
  double y;      /* client clock minus server clock */
  double rtt;    /* round trip t2 - t1 */
} sync_sample;

/* Cached estimate of one group on this process. */
typedef struct sync_entry {
  sk_group *g;
  int have;              /* model holds an estimate (kept when stale: drift baseline) */
  int stale;             /* invalidated: re-estimate before using */
  int method;            /* offset method of the estimate */
  int drift_known;       /* an earlier estimate was old enough to measure the drift */
  sk_clock_model model;  /* this process's clock against rank 0 of g */
  double estimated_at;   /* local time */
  struct sync_entry *next;
} sync_entry;

static sync_entry *sync_entries = NULL;

/* Figures of the last estimation, agreed by its group (sync_collect) for the header. */
typedef struct sync_figures {
  int n;                    /* members */
  int checked;              /* members re-measured for the residuals */
  double max_abs_offset, max_abs_residual;
  double check_bound;       /* largest half round trip of the residual check */
  double max_err, max_drift;
} sync_figures;

static struct {
  sync_figures fig;
  int global_clock, method;
  double duration;
#ifdef SKAMPI_TESTING
  double *offsets;          /* rank 0 of the group: every member's offset */
#endif
} sync_st;

/* ---- clock models ---- */

SK_API void sk_clock_identity(sk_clock_model *md, double now)
{
  md->tref = now;
  md->off = 0.0;
  md->drift = 0.0;
  md->err = 0.0;
}

SK_API double sk_clock_offset(const sk_clock_model *md, double local)
{
  return md->off + md->drift * (local - md->tref);
}

SK_API double sk_clock_to_ref(const sk_clock_model *md, double local)
{
  return local - sk_clock_offset(md, local);
}

/* Solves local - off - drift * (local - tref) = ref for local. */
SK_API double sk_clock_to_local(const sk_clock_model *md, double ref)
{
  return md->tref + (ref - md->tref + md->off) / (1.0 - md->drift);
}

/* c: child clock against its parent's (in child time); p: parent's against the reference.
** Result: child clock against the reference; the error bounds add up. */
static sk_clock_model sync_model_compose(const sk_clock_model *c, const sk_clock_model *p)
{
  sk_clock_model r;
  r.tref = c->tref;
  r.off = c->off + sk_clock_offset(p, c->tref - c->off);
  r.drift = c->drift + p->drift * (1.0 - c->drift);
  r.err = c->err + p->err;
  return r;
}

static void sync_model_pack(const sk_clock_model *md, double *d)
{
  d[0] = md->tref; d[1] = md->off; d[2] = md->drift; d[3] = md->err;
}

static void sync_model_unpack(sk_clock_model *md, const double *d)
{
  md->tref = d[0]; md->off = d[1]; md->drift = d[2]; md->err = d[3];
}

static double sync_median(const double *v, int n)
{
  double a[64], t;
  int i, j;
  if (n <= 0) return 0.0;
  if (n > 64) n = 64;
  for (i = 0; i < n; i++) {
    t = v[i];
    for (j = i; j > 0 && a[j - 1] > t; j--) a[j] = a[j - 1];
    a[j] = t;
  }
  return n % 2 ? a[n / 2] : 0.5 * (a[n / 2 - 1] + a[n / 2]);
}

/* Offset (and, where significant, drift) of the client from n samples (n <= 64): only
** samples whose round trip is at most 1.25 times the fastest plus 1 us take part; the
** least-squares slope is used only where it is significant (|b| > 3 standard errors),
** plausible (below SYNC_MAX_DRIFT) and changes the offset over the samples' span by more
** than a sample can be wrong; otherwise the offset is the median and the drift 0. */
static void sync_fit(const sync_sample *s, int n, sk_clock_model *md)
{
  double ys[64], limit, minrtt, xm = 0.0, ym = 0.0, sxx = 0.0, sxy = 0.0, res = 0.0, maxrtt = 0.0;
  int i, k = 0;
  if (n > 64) n = 64;
  minrtt = s[0].rtt;
  for (i = 1; i < n; i++) if (s[i].rtt < minrtt) minrtt = s[i].rtt;
  limit = 1.25 * minrtt + 1e-6;
  for (i = 0; i < n; i++)
    if (s[i].rtt <= limit) {
      xm += s[i].x;
      ym += s[i].y;
      ys[k++] = s[i].y;
      if (s[i].rtt > maxrtt) maxrtt = s[i].rtt;
    }
  xm /= k;                             /* k >= 1: the fastest sample passes */
  ym /= k;
  md->tref = xm;
  md->drift = 0.0;
  md->err = 0.5 * maxrtt;
  for (i = 0; i < n; i++)
    if (s[i].rtt <= limit) {
      sxx += (s[i].x - xm) * (s[i].x - xm);
      sxy += (s[i].x - xm) * (s[i].y - ym);
    }
  if (k >= 4 && sxx > 0.0) {
    double b = sxy / sxx, se, lo = xm, hi = xm;
    for (i = 0; i < n; i++)
      if (s[i].rtt <= limit) {
        if (s[i].x < lo) lo = s[i].x;
        if (s[i].x > hi) hi = s[i].x;
      }
    for (i = 0; i < n; i++)
      if (s[i].rtt <= limit) {
        double r = s[i].y - ym - b * (s[i].x - xm);
        res += r * r;
      }
    se = sqrt(res / (k - 2) / sxx);
    /* a span of a few milliseconds never shows a drift; seconds of samples would */
    if (fabs(b) > 3.0 * se && fabs(b) < SYNC_MAX_DRIFT && fabs(b) * (hi - lo) > maxrtt) {
      md->drift = b;
      md->off = ym;
      return;
    }
  }
  md->off = sync_median(ys, k);
}

/* One estimation spans milliseconds, far too short to see a real drift, so the drift is
** refined across estimations: the slope between an older estimate and a new one, when
** the baseline is at least SYNC_DRIFT_BASELINE and the change is larger than the two
** error bounds together (on one host, where the true drift is 0, it stays 0). */
static void sync_refine_drift(sk_clock_model *nw, const sk_clock_model *old)
{
  double span = nw->tref - old->tref, change = nw->off - old->off, slope;
  if (span < SYNC_DRIFT_BASELINE) return;
  if (fabs(change) <= nw->err + old->err) return;
  slope = change / span;
  if (fabs(slope) < SYNC_MAX_DRIFT) nw->drift = slope;
}

/* ---- waiting without stealing the core ----
** Processes may outnumber cores (4 processes on 2 cores is common, and MPICH busy-polls),
** and a process that spins while it waits steals the core from the one it waits for. A
** wait for a start time yields between clock readings and spins only for the last
** SYNC_SPIN_BELOW; it never sleeps (a woken process may wait milliseconds for a core held
** by a busy-polling one). A wait for a message of the estimation polls,
** yields and naps as sk_host_idle says (host.h). With a
** core to itself a process gets the core straight back from sched_yield. Where the
** system has no yield (host.c; and with SKAMPI_NO_YIELD) the waits are plain spins. */

SK_API double sk_sync_wait_until(double target, double now)
{
  while (now < target) {
    if (target - now > SYNC_SPIN_BELOW) sk_host_yield();
    now = sk_tp_wtime();
  }
  return now;
}

static void sync_wait(sk_request *req)
{
  double since = -1.0;
  while (!sk_tp_test(req)) {
    double now = sk_tp_wtime();
    if (since < 0.0) since = now;
    else sk_host_idle(now - since);
  }
}

static void sync_recv(sk_group *g, int src, void *buf, size_t n)
{
  sk_request req;
  sk_tp_irecv(g, src, buf, n, &req);
  sync_wait(&req);
}

/* ---- ping-pong ----
** The client posts its receive, reads t1, sends; the server answers with its time ts; the
** client reads t2 on arrival. At client time (t1+t2)/2 the client's clock is ahead of the
** server's by (t1+t2)/2 - ts, wrong by at most half the round trip. sync_ping takes one
** sample: the fastest of at least SYNC_TRIES round trips, continuing (up to
** SYNC_MAX_TRIES, and while the series is younger than SYNC_SERIES_BUDGET) while none was
** within twice the fastest round trip of the series plus 1 us -- a round trip is slow when
** either side lost its core, and only fast ones give exact offsets. One-way delays that
** differ systematically cannot be seen by any round trip; the error bound covers them.
** sync_ping_end tells the server that the series is over. */
typedef struct sync_series {
  double best_rtt;   /* fastest round trip of the series (-1: none yet) */
  double started;
} sync_series;

static void sync_series_begin(sync_series *se)
{
  se->best_rtt = -1.0;
  se->started = sk_tp_wtime();
}

static sync_sample sync_ping(sk_group *g, int peer, sync_series *se)
{
  sync_sample best;
  sk_request req;
  double t1, t2, ts, go = 1.0;
  int i;
  best.x = best.y = 0.0;
  best.rtt = -1.0;
  for (i = 0; i < SYNC_MAX_TRIES; i++) {
    if (i >= SYNC_TRIES && (best.rtt <= 2.0 * se->best_rtt + 1e-6
                            || sk_tp_wtime() - se->started > SYNC_SERIES_BUDGET)) break;
    sk_tp_irecv(g, peer, &ts, sizeof ts, &req);   /* posted first: symmetric delays */
    t1 = sk_tp_wtime();
    sk_tp_send(g, peer, &go, sizeof go);
    sync_wait(&req);
    t2 = sk_tp_wtime();
    if (best.rtt < 0.0 || t2 - t1 < best.rtt) {
      best.rtt = t2 - t1;
      best.x = 0.5 * (t1 + t2);
      best.y = best.x - ts;
    }
    if (se->best_rtt < 0.0 || t2 - t1 < se->best_rtt) se->best_rtt = t2 - t1;
  }
  return best;
}

static void sync_ping_end(sk_group *g, int peer)
{
  double stop = 0.0;
  sk_tp_send(g, peer, &stop, sizeof stop);
}

/* Server: answers pings with its time (in reference time if md is given) until the
** client ends the series. */
static void sync_pong(sk_group *g, int peer, const sk_clock_model *md)
{
  double go, ts;
  for (;;) {
    sync_recv(g, peer, &go, sizeof go);
    if (go == 0.0) break;
    ts = sk_tp_wtime();
    if (md) ts = sk_clock_to_ref(md, ts);
    sk_tp_send(g, peer, &ts, sizeof ts);
  }
}

/* The fastest of SYNC_LINEAR_SAMPLES samples of one series with peer (client side). */
static sync_sample sync_best_of_series(sk_group *g, int peer)
{
  sync_series se;
  sync_sample s;
  int k;
  sync_series_begin(&se);
  s = sync_ping(g, peer, &se);
  for (k = 1; k < SYNC_LINEAR_SAMPLES; k++) {
    sync_sample t = sync_ping(g, peer, &se);
    if (t.rtt < s.rtt) s = t;
  }
  sync_ping_end(g, peer);
  return s;
}

/* ---- the two estimation algorithms (members of g; rank 0 keeps the identity) ---- */

/* SKaMPI 5: rank 0 is the client of every other member in turn and sends each member the
** offset of its fastest sample. p-1 sequential series; no drift. */
static void sync_linear(sk_group *g, sk_clock_model *md)
{
  int rank = sk_tp_group_rank(g), size = sk_tp_group_size(g), i;
  double d[4];
  if (rank == 0) {
    for (i = 1; i < size; i++) {
      sync_sample s = sync_best_of_series(g, i);
      sk_clock_model member;
      member.off = -s.y;                /* member clock minus rank 0's */
      member.tref = s.x + member.off;   /* member's time of the sample */
      member.drift = 0.0;
      member.err = 0.5 * s.rtt;
      sync_model_pack(&member, d);
      sk_tp_send(g, i, d, sizeof d);
    }
  } else {
    sync_pong(g, 0, NULL);
    sync_recv(g, 0, d, sizeof d);
    sync_model_unpack(md, d);
  }
}

/* Hunold and Carpen-Amarie: the members form a binomial tree (the parent of r is r minus
** its lowest set bit). In round k = K-1 .. 0 (K = ceil(log2 p)) every r with
** r mod 2^(k+1) = 2^k is the client of its parent r - 2^k: it takes SYNC_FITPOINTS
** samples and fits them (sync_fit); the parent, whose own model is known (its round came
** earlier), then sends it, and the child composes the two. The pairs of a round are
** disjoint, so p processes need K rounds; errors add up along the at most K edges. */
static void sync_hca(sk_group *g, sk_clock_model *md)
{
  int rank = sk_tp_group_rank(g), size = sk_tp_group_size(g), top = 1, step, f;
  sync_sample pts[SYNC_FITPOINTS];
  sk_clock_model edge, parent;
  double d[4];
  while (top < size) top <<= 1;
  for (step = top >> 1; step >= 1; step >>= 1) {
    if (rank % (2 * step) == 0) {
      if (rank + step < size) {
        sync_pong(g, rank + step, NULL);
        sync_model_pack(md, d);
        sk_tp_send(g, rank + step, d, sizeof d);
      }
    } else if (rank % (2 * step) == step) {
      sync_series se;
      sync_series_begin(&se);
      for (f = 0; f < SYNC_FITPOINTS; f++) pts[f] = sync_ping(g, rank - step, &se);
      sync_ping_end(g, rank - step);
      sync_fit(pts, SYNC_FITPOINTS, &edge);
      sync_recv(g, rank - step, d, sizeof d);
      sync_model_unpack(&parent, d);
      *md = sync_model_compose(&edge, &parent);
    }
  }
}

/* Residuals: rank 0 re-measures members (at most SYNC_CHECK_MAX, evenly spread) while
** each answers in its estimate of reference time; the difference is the residual error of
** the estimate, itself measured to within half a round trip. Returns how many were
** re-measured (rank 0) and the largest half round trip in *bound. */
static int sync_check(sk_group *g, const sk_clock_model *md, double *resid, double *bound)
{
  int rank = sk_tp_group_rank(g), size = sk_tp_group_size(g), stride, i, n = 0;
  stride = (size - 1 + SYNC_CHECK_MAX - 1) / SYNC_CHECK_MAX;
  if (stride < 1) stride = 1;
  *bound = 0.0;
  for (i = 1; i < size; i += stride) {
    if (rank == 0) {
      sync_sample s = sync_best_of_series(g, i);
      resid[i] = -s.y;        /* member's idea of reference time minus reference time */
      if (0.5 * s.rtt > *bound) *bound = 0.5 * s.rtt;
      n++;
    } else if (rank == i) {
      sync_pong(g, 0, md);
    }
  }
  return n;
}

/* ---- the cache ---- */

static sync_entry *sync_entry_for(sk_group *g)
{
  sync_entry *e;
  for (e = sync_entries; e; e = e->next) if (e->g == g) return e;
  e = (sync_entry *)sk_calloc(1, sizeof *e);
  e->g = g;
  e->next = sync_entries;
  sync_entries = e;
  return e;
}

static int sync_entry_fresh(const sk_sync_config *cfg, const sync_entry *e, double now)
{
  double age = cfg->max_offset_age;
  if (!e->drift_known && age > SYNC_FIRST_AGE) age = SYNC_FIRST_AGE;
  return e->have && !e->stale && e->method == cfg->offset_method && age > 0.0
         && now - e->estimated_at <= age;
}

/* ---- the figures of an estimation ---- */

/* What every member reports of its new estimate. */
typedef struct sync_estimate_ballot {
  double offset;   /* own clock minus reference, now */
  double err;      /* error bound of the offset */
  double drift;
} sync_estimate_ballot;

typedef struct sync_collect_ctx {
  const double *resid;   /* rank 0: residual per member */
  int checked;
  double bound;
} sync_collect_ctx;

static void sync_decide_figures(void *ctx, const void *ballots, int n, void *decision)
{
  const sync_collect_ctx *c = (const sync_collect_ctx *)ctx;
  const sync_estimate_ballot *b = (const sync_estimate_ballot *)ballots;
  sync_figures *f = (sync_figures *)decision;
  int i;
  memset(f, 0, sizeof *f);
  f->n = n;
  f->checked = c->checked;
  f->check_bound = c->bound;
#ifdef SKAMPI_TESTING
  free(sync_st.offsets);
  sync_st.offsets = (double *)sk_malloc(sizeof(double) * (size_t)n);
#endif
  for (i = 0; i < n; i++) {
#ifdef SKAMPI_TESTING
    sync_st.offsets[i] = b[i].offset;
#endif
    if (fabs(b[i].offset) > f->max_abs_offset) f->max_abs_offset = fabs(b[i].offset);
    if (b[i].err > f->max_err) f->max_err = b[i].err;
    if (fabs(b[i].drift) > f->max_drift) f->max_drift = fabs(b[i].drift);
    if (fabs(c->resid[i]) > f->max_abs_residual) f->max_abs_residual = fabs(c->resid[i]);
  }
}

/* Residual check, then every member's figures to rank 0, which decides the header's. */
static void sync_collect(sk_group *g, const sk_clock_model *md, int global, int method, double duration)
{
  int rank = sk_tp_group_rank(g), size = sk_tp_group_size(g);
  sync_figures fig;
  sync_collect_ctx ctx;
  sync_estimate_ballot mine;
  double *resid = NULL;
  if (rank == 0) resid = (double *)sk_calloc((size_t)size, sizeof(double));
  ctx.resid = resid;
  ctx.checked = 0;
  ctx.bound = 0.0;
  if (!global && size > 1) ctx.checked = sync_check(g, md, resid, &ctx.bound);
  mine.offset = sk_clock_offset(md, sk_tp_wtime());
  mine.err = md->err;
  mine.drift = md->drift;
  sk_agree(g, &mine, sizeof mine, &fig, sizeof fig, sync_decide_figures, &ctx);
  free(resid);
  if (rank != 0) return;   /* the header reports what its rank 0 was the reference of */
  sync_st.fig = fig;
  sync_st.global_clock = global;
  sync_st.method = method;
  sync_st.duration = duration;
}

/* ---- public ---- */

static const sk_sync_config sync_default_config = { SK_SYNC_REAL, SK_OFFSETS_HCA, SYNC_MAX_AGE };

SK_API void sk_sync_default_config(sk_sync_config *c) { *c = sync_default_config; }

SK_API const char *sk_sync_offset_method_name(int method)
{
  return method == SK_OFFSETS_LINEAR ? "linear" : "hca";
}

SK_API void sk_sync_invalidate_offsets(void)
{
  sync_entry *e;
  for (e = sync_entries; e; e = e->next) e->stale = 1;
}

SK_API void sk_sync_estimate(const sk_sync_config *cfg, sk_group *g)
{
  int rank = sk_tp_group_rank(g), size = sk_tp_group_size(g), global, had;
  sync_entry *e;
  sk_clock_model md, old;
  double t0;
  if (rank < 0) return;
  e = sync_entry_for(g);
  had = e->have;
  old = e->model;
  t0 = sk_tp_wtime();
  sk_clock_identity(&md, t0);
  global = size <= 1 || sk_tp_wtime_is_global();
  if (!global) {
    if (cfg->offset_method == SK_OFFSETS_LINEAR) sync_linear(g, &md);
    else sync_hca(g, &md);
    if (had && rank > 0) sync_refine_drift(&md, &old);
    if (had && t0 - e->estimated_at >= SYNC_DRIFT_BASELINE) e->drift_known = 1;
  }
  e->model = md;
  e->have = 1;
  e->stale = 0;
  e->method = cfg->offset_method;
  e->estimated_at = sk_tp_wtime();
  sync_collect(g, &md, global, cfg->offset_method, e->estimated_at - t0);
}

SK_API void sk_sync_init_world(const sk_sync_config *cfg)
{
  if (cfg->method == SK_SYNC_REAL && sk_tp_world_size() > 1) sk_sync_estimate(cfg, sk_tp_world());
}

SK_API sk_clock_source sk_sync_clock_source(const sk_sync_config *cfg, sk_group *g, double now)
{
  sk_group *world = sk_tp_world();
  if (sk_tp_wtime_is_global()) return SK_CLOCK_IDENTITY;
  if (sync_entry_fresh(cfg, sync_entry_for(world), now)) return SK_CLOCK_WORLD;
  if (g != world && sync_entry_fresh(cfg, sync_entry_for(g), now)) return SK_CLOCK_GROUP;
  return SK_CLOCK_ESTIMATE;
}

SK_API void sk_sync_clock_model(sk_clock_source src, sk_group *g, double now, sk_clock_model *md)
{
  if (src == SK_CLOCK_WORLD) *md = sync_entry_for(sk_tp_world())->model;
  else if (src == SK_CLOCK_GROUP) *md = sync_entry_for(g)->model;
  else sk_clock_identity(md, now);
}

SK_API void sk_sync_describe_offsets(const sk_sync_config *cfg, sk_str *out)
{
  sk_str_printf(out, "# synchronization: every repetition starts at an agreed global time; clock offsets"
                " by %s (%s), re-estimated when older than %g s\n",
                sk_sync_offset_method_name(cfg->offset_method),
                cfg->offset_method == SK_OFFSETS_LINEAR ? "SKaMPI 5: rank 0 ping-pongs with each process"
                : "hierarchical offset and drift, Hunold and Carpen-Amarie", cfg->max_offset_age);
  if (sk_tp_world_size() > 1 && sk_tp_wtime_is_global())
    sk_str_puts(out, "# synchronization: the clock is global: no offsets estimated\n");
  else if (sync_st.fig.n > 1 && !sync_st.global_clock)
    sk_str_printf(out, "# synchronization: %d processes (%s): max |offset| %.3f us, max |residual| %.3f us"
                  " (%d re-measured, each to within %.3f us), error bound %.3f us, max |drift| %.3g ppm,"
                  " estimated in %.3f ms\n", sync_st.fig.n, sk_sync_offset_method_name(sync_st.method),
                  sync_st.fig.max_abs_offset * 1e6, sync_st.fig.max_abs_residual * 1e6, sync_st.fig.checked,
                  sync_st.fig.check_bound * 1e6, sync_st.fig.max_err * 1e6, sync_st.fig.max_drift * 1e6,
                  sync_st.duration * 1e3);
  else
    sk_str_printf(out, "# synchronization: %d processes, offsets not yet estimated\n", sk_tp_world_size());
}

#ifdef SKAMPI_TESTING
SK_API double sk_sync_max_abs_offset_estimate(void) { return sync_st.fig.max_abs_offset; }
SK_API double sk_sync_max_abs_residual(void) { return sync_st.fig.max_abs_residual; }

SK_API int sk_sync_last_offsets(double *offsets, int max)
{
  int i;
  for (i = 0; i < sync_st.fig.n && i < max && sync_st.offsets; i++) offsets[i] = sync_st.offsets[i];
  return sync_st.fig.n;
}
#endif
/* --- end split/sync_offsets.c --- */
/* --- begin split/loops.h --- */
#line 1 "split/loops.h"
/*
** loops.h -- the ONE generator of the values of a computed loop (SKaMPI 5 manual §5.3.1):
** `for` loops (interp.c) and the first phase of `autorefine` loops (apr.c) take their
** points from here, so both see the same values.
**
** Values: first * step^k (multiplicative) or first + k * step (additive), k = 0, 1, ...
** computed in closed form. Integer loops round each value to the nearest multiple of
** multiple_of (a positive value never below multiple_of) and skip a value that is not
** beyond the previous one. A value within a tolerance (1e-9 of the bound, resp. of the
** step) of the bound counts as the bound, so 1 .. 1048576 step *sqrt(2) ends at 1048576.
** The loop ends at the first value beyond the bound, or, with no bound ('...'), beyond
** open_limit. include_last (autorefine, SKaLib report (TR 99/07) §3.3.1) makes the bound
** itself the last point -- for integer loops the largest multiple of multiple_of not
** above it -- whether or not the series reaches it: `3 to 100 step +10` gives 3 .. 93 as
** a for loop and 3 .. 93, 100 as an autorefine loop.
*/
#ifndef SK_LOOPS_H
#define SK_LOOPS_H

#line 21 "split/loops.h"

typedef struct sk_loop_spec {
  double first, last;       /* last is unused when has_last is 0 */
  int has_last;             /* 0: the bound is '...' (see open_limit) */
  double step;              /* addend (either sign), or factor > 1 when multiplies */
  int multiplies;
  int integer;              /* values are rounded to multiples of multiple_of */
  long multiple_of;         /* >= 1 */
  int include_last;         /* the bound is always a point (ascending loops only) */
  double open_limit;        /* has_last == 0: values above this end the loop */
} sk_loop_spec;

typedef struct sk_loop_gen {
  sk_loop_spec spec;
  long k;                   /* next exponent or multiple of the step */
  int have_prev, done, end_done;
  double prev;
  double reach;             /* a series value at or beyond this has reached the bound */
} sk_loop_gen;

SK_API void sk_loop_begin(sk_loop_gen *g, const sk_loop_spec *s);
/* 1 and the next value in *x, or 0 when the loop has ended. */
SK_API int sk_loop_next(sk_loop_gen *g, double *x);
/* The rounding rule of integer loops (identity for others). */
SK_API double sk_loop_round(const sk_loop_spec *s, double x);
/* The last point of an include_last loop. */
SK_API double sk_loop_last_value(const sk_loop_spec *s);
#ifdef SKAMPI_TESTING
SK_API int sk_loop_values(double from, double to, double step, int multiplies, long multiple_of,
                          int integer, double *out, int max);
#endif

#endif
/* --- end split/loops.h --- */
/* --- begin split/loops.c --- */
#line 1 "split/loops.c"
/*
** loops.c -- see loops.h.
*/
#line 5 "split/loops.c"

#define LOOP_BOUND_TOLERANCE 1e-9

/* Forces a value to double precision (x87 keeps more in registers), so that comparisons
** with the bound mean the same on every target. */
static double loop_store(double v)
{
  volatile double stored = v;
  return stored;
}

static int loop_up(const sk_loop_spec *s) { return s->multiplies || s->step > 0.0; }

SK_API double sk_loop_round(const sk_loop_spec *s, double x)
{
  double grid, rounded;
  if (!s->integer) return x;
  grid = s->multiple_of > 1 ? (double)s->multiple_of : 1.0;
  rounded = floor(x / grid + 0.5) * grid;
  if (x > 0.0 && rounded < grid) rounded = grid;
  return rounded;
}

SK_API double sk_loop_last_value(const sk_loop_spec *s)
{
  double grid, value;
  if (!s->integer) return s->last;
  grid = s->multiple_of > 1 ? (double)s->multiple_of : 1.0;
  value = floor(s->last / grid) * grid;
  if (s->last > 0.0 && value < grid) value = grid;
  return value;
}

SK_API void sk_loop_begin(sk_loop_gen *g, const sk_loop_spec *s)
{
  double tolerance;
  memset(g, 0, sizeof *g);
  g->spec = *s;
  tolerance = s->multiplies ? fabs(s->last) * LOOP_BOUND_TOLERANCE : fabs(s->step) * LOOP_BOUND_TOLERANCE;
  g->reach = loop_store(loop_up(s) ? s->last - tolerance : s->last + tolerance);
}

static double loop_series(const sk_loop_gen *g)
{
  const sk_loop_spec *s = &g->spec;
  if (s->multiplies) return loop_store(s->first * pow(s->step, (double)g->k));
  return loop_store(s->first + (double)g->k * s->step);
}

/* Is a beyond b in the loop's direction? */
static int loop_beyond(const sk_loop_spec *s, double a, double b) { return loop_up(s) ? a > b : a < b; }

/* The bound as the last point, once, when it lies beyond the previous point. */
static int loop_end_point(sk_loop_gen *g, double *x)
{
  double end = sk_loop_last_value(&g->spec);
  g->done = 1;
  if (!g->spec.include_last || g->end_done) return 0;
  g->end_done = 1;
  if (g->have_prev && !loop_beyond(&g->spec, end, g->prev)) return 0;
  *x = end;
  return 1;
}

SK_API int sk_loop_next(sk_loop_gen *g, double *x)
{
  const sk_loop_spec *s = &g->spec;
  while (!g->done) {
    double value = loop_series(g), rounded;
    g->k++;
    if (s->integer && fabs(value) > (double)LONG_MAX / 2) return loop_end_point(g, x);
    if (!s->has_last) {
      if (value > s->open_limit) { g->done = 1; return 0; }
    } else if (!loop_beyond(s, g->reach, value)) {       /* the series reached the bound */
      if (s->include_last) return loop_end_point(g, x);
      g->done = 1;
      if (loop_beyond(s, value, s->last) && fabs(value - s->last) > fabs(s->last - g->reach)) return 0;
      value = s->last;                                    /* within the tolerance: the bound */
    }
    rounded = sk_loop_round(s, value);
    if (s->has_last && loop_beyond(s, rounded, s->last)) return loop_end_point(g, x);
    if (g->have_prev && !loop_beyond(s, rounded, g->prev)) continue;
    g->prev = rounded;
    g->have_prev = 1;
    *x = rounded;
    return 1;
  }
  return 0;
}

#ifdef SKAMPI_TESTING
/* The values of a bounded loop, for tests: returns their number (at most max). */
SK_API int sk_loop_values(double from, double to, double step, int multiplies, long multiple_of,
                          int integer, double *out, int max)
{
  sk_loop_spec s;
  sk_loop_gen g;
  int n = 0;
  memset(&s, 0, sizeof s);
  s.first = from; s.last = to; s.has_last = 1; s.step = step; s.multiplies = multiplies;
  s.multiple_of = multiple_of; s.integer = integer;
  sk_loop_begin(&g, &s);
  while (n < max && sk_loop_next(&g, &out[n])) n++;
  return n;
}
#endif
/* --- end split/loops.c --- */
/* --- begin split/apr.h --- */
#line 1 "split/apr.h"
/*
** apr.h -- automatic parameter refinement, APR (SKaLib report (TR 99/07) §3.3; SKaMPI 5 `autorefine`
** loops, SKaMPI 5 manual §5.3.1). Chooses the values of a loop variable at which a suite is
** measured: first the points of the plain loop, then, one at a time, the middle of the
** segment whose key (eq. 3.5) is largest, until the largest key is below max_error, no
** segment can be split, the step budget is used up, or the caller stops it.
**
** Pure and deterministic: no clock, no communication, no global state. Every process
** can drive its own copy in lock-step with the same results (or rank 0 drives it and
** broadcasts each x); equal inputs always give equal sequences.
**
** Use:
**   sk_apr *a = sk_apr_new(&cfg);              (NULL: cfg invalid, see sk_apr_config_error)
**   while (sk_apr_next(a, &x)) sk_apr_report(a, measure_at(x));
**   for (i = 0; i < sk_apr_count(a); i++) sk_apr_point(a, i, &x, &t);   (sorted by x)
**   sk_apr_free(a);
** With refine = 0 the same object runs a plain `for` loop (the initial points only), so
** `for` and `autorefine` loops produce their initial points in exactly one place.
*/
#ifndef SK_APR_H
#define SK_APR_H

#line 24 "split/apr.h"

/* The limits of a refinement, also the autorefine part of the engine settings
** (settings.h), which a .ski program sets with set_autorefine_max_error / _min_distance /
** _max_steps. The one definition of their units: */
typedef struct sk_apr_limits {
  double max_error;     /* epsilon: stop when the largest key (eq. 3.5) is below it; >= 0.
                           The key is at most (m_c - m_b)/m_b, so max_error is also the
                           relative resolution: a segment shorter than max_error * m_b is
                           never split */
  double min_distance;  /* ABSOLUTE, in loop-variable units (bytes for message sizes):
                           never split a segment whose two abscissae are closer than this.
                           0 = automatic: multiple_of for integer loops, (last - first) *
                           1e-6 otherwise. Integer loops use at least 1 and multiple_of */
  int max_steps;        /* budget: total number of measured points incl. the initial ones;
                           0 = no limit. Also cuts the initial points if they are more */
  double budget_factor; /* set_autorefine_factor (the original SKaMPI 5's autorefine
                           budget): refinement stops when factor x the number of initial
                           points have been measured in all; 0 = no such limit */
} sk_apr_limits;

typedef struct sk_apr_config {
  double first, last;   /* loop bounds, first <= last (first > 0 when geometric) */
  double step;          /* geometric: factor > 1; linear: addend > 0 */
  int geometric;        /* 1: logarithmic scale (step *x), 0: linear (step +x) */
  int integer;          /* 1: the loop variable is an integer: points are rounded */
  long multiple_of;     /* >= 1; with integer loops every point is a multiple of it
                           (must be 1 for non-integer loops) */
  sk_apr_limits limits;
  int refine;           /* 1: autorefine loop (phase two runs); 0: plain for loop */
} sk_apr_config;

typedef struct sk_apr sk_apr;


/* Defaults: first = last = 1, step *2, geometric, integer, multiple_of 1, max_error 0.1,
** min_distance 0 (automatic), max_steps 0 (no limit), refine 1. The caller sets the
** bounds; see apr.c for why these values. */
SK_API void sk_apr_default_config(sk_apr_config *c);
/* NULL if c is valid, else a constant message naming the offending field. */
SK_API const char *sk_apr_config_error(const sk_apr_config *c);
/* Copies *c. Returns NULL when sk_apr_config_error(c) != NULL (the caller reports it). */
SK_API sk_apr *sk_apr_new(const sk_apr_config *c);
/* 1: measure at *x next and call sk_apr_report; 0: finished (sk_apr_stop_reason says
** why). Calling it again while a point awaits its result is an internal error. */
SK_API int sk_apr_next(sk_apr *a, double *x);
/* 1 when the x last returned by sk_apr_next was added by refinement (phase two), 0 for a
** point of the plain loop. */
SK_API int sk_apr_point_added(const sk_apr *a);
/* The result measured at the x last returned by sk_apr_next. */
SK_API void sk_apr_report(sk_apr *a, double t);
SK_API void sk_apr_free(sk_apr *a);
#ifdef SKAMPI_TESTING
/* Largest key among the segments that can still be split (the error estimate of
** §3.3.2 for the points measured so far); 0 before phase two or if there is none. */
SK_API double sk_apr_max_key(const sk_apr *a);
/* E.g. the suite's time limit was hit: sk_apr_next returns 0 from now on. A point that
** was handed out may still be reported (it is kept) or abandoned (it is dropped). */
SK_API void sk_apr_stop(sk_apr *a);
/* Points measured (reported) so far. */
SK_API int sk_apr_count(const sk_apr *a);
/* The i-th measured point in increasing x, 0 <= i < sk_apr_count(a). */
SK_API void sk_apr_point(const sk_apr *a, int i, double *x, double *t);
/* "not finished", "error bound reached", "minimum distance" (no segment can be split,
** or fewer than two points), "step budget", "stopped", or "fixed loop" (refine = 0). */
SK_API const char *sk_apr_stop_reason(const sk_apr *a);
/* For tests: 1 if the internal state is consistent (points sorted and linked, every
** splittable segment in the heap with its freshly recomputed key, heap ordered). */
SK_API int sk_apr_self_check(const sk_apr *a);

#endif

/* The value the loop uses for x: unchanged for non-integer loops; otherwise rounded to
** the nearest multiple of multiple_of, where a positive x never becomes less than
** multiple_of. */
SK_API double sk_apr_round_value(const sk_apr_config *c, double x);
/* Eq. 3.5 for the segment (m_b, m_c) = (x[1], x[2]) with results t[1], t[2];
** x[0], t[0] is the left neighbour (used if has_left) and x[3], t[3] the right one
** (used if has_right); the x must increase. See apr.c for the end and zero rules. */
SK_API double sk_apr_key(const double x[4], const double t[4], int has_left, int has_right);
#endif
/* --- end split/apr.h --- */
/* --- begin split/apr.c --- */
#line 1 "split/apr.c"
/*
** apr.c -- automatic parameter refinement (SKaLib report (TR 99/07) §3.3.1-§3.3.3, key of
** eq. 3.5; SKaMPI 5 `autorefine` loops, SKaMPI 5 manual §5.3.1). Owns the choice of loop
** values; it measures nothing itself. Follows SKaLib §3.3.1, not SKaMPI 5's variant.
**
** Phase one: the points of the plain loop, from the loop generator (loops.h) with the
** bound always included.
**
** Phase two: every segment (m_b, m_c) between neighbouring points gets the key (eq. 3.5)
**     K = min(|D1| / |t_b|, |D2| / |t_c|, (m_c - m_b) / |m_b|)
** D1 = t_c minus the value at m_c of the line through the left neighbour segment
** (m_a, t_a)-(m_b, t_b); D2 = t_b minus the value at m_b of the line through the right
** neighbour (m_c, t_c)-(m_d, t_d) (the end and zero rules: see sk_apr_key). The
** splittable segments sit in a binary max-heap ordered by key, ties by smaller m_b (a
** total order: the choice never depends on the heap's layout). The top one is split at
** sqrt(m_b * m_c) (geometric) or (m_b + m_c) / 2 (linear), rounded like the loop values.
** A segment is not splittable when m_c - m_b < min_distance or no loop value lies
** strictly inside; it leaves the heap for good. After each new point the four segments
** whose key depends on it are recomputed.
**
** Stop (sk_apr_stop_reason): the largest key < max_error ("error bound reached"); no
** splittable segment left ("minimum distance"); max_steps points measured, initial points
** included ("step budget"); or sk_apr_stop ("stopped"). Defaults: see
** sk_apr_default_config.
**
** Invariants: equal inputs give equal sequences on every process; keys are finite.
*/
#line 29 "split/apr.c"
#line 30 "split/apr.c"

#define APR_KEY_CAP 1e30                 /* largest key; see the zero rule above */
#define APR_AUTO_DISTANCE_FRACTION 1e-6  /* automatic min_distance of non-integer loops */
#define APR_MAX_LOOP_VALUES 2147483000.0 /* more initial values than this: config error */
#define APR_MAX_EXACT_INTEGER 9007199254740992.0 /* 2^53 */
#define APR_MAX_POINTS (INT_MAX / 2 - 1) /* keeps heap index arithmetic in int */

typedef struct apr_point {
  double x, t;
  int prev, next;   /* neighbours in increasing x, -1 at the ends */
  int heap_pos;     /* heap position of the segment (this point, next); -1: not queued */
  double key;       /* eq. 3.5 key of that segment, valid while queued */
  double split;     /* where that segment would be split, valid while queued */
} apr_point;

/* Point ids in increasing x, rebuilt on demand. Kept behind a pointer so that the const
** accessor sk_apr_point can refresh it (the cache is not part of the logical state). */
typedef struct apr_sorted_view {
  int *ids;
  size_t cap;
  int valid;
} apr_sorted_view;

enum { APR_INITIAL, APR_REFINING, APR_FINISHED };

struct sk_apr {
  sk_apr_config cfg;
  double min_distance;  /* effective value (automatic and integer rules applied) */
  sk_loop_gen initial;  /* the values of phase one */
  apr_point *points;    /* in the order measured; point 0 is always the smallest */
  size_t points_cap;
  int count;
  int *heap;            /* ids of the splittable segments (a segment = its left point) */
  size_t heap_cap;
  int heap_len;
  int phase;
  int refining_started;
  int initial_count;     /* points measured before refining started (budget_factor) */
  int pending;          /* a point was handed out and awaits its result */
  double pending_x;
  int pending_left;     /* the segment being split, -1 for a phase-one point */
  int stopped;
  const char *reason;
  apr_sorted_view *sorted;
};

/* ---- small numeric helpers ---- */

static int apr_is_finite(double v)
{
  return v == v && v - v == 0.0;
}

/* Forces a value to double precision (x87 keeps more in registers), so comparisons of
** split points with the segment ends mean the same on every target. */
static double apr_store(double v)
{
  volatile double stored = v;
  return stored;
}

static double apr_relative(double error, double reference)
{
  double e = fabs(error), r = fabs(reference);
  if (e != e) return 0.0;
  if (e == 0.0) return 0.0;
  if (r == 0.0 || e >= APR_KEY_CAP * r) return APR_KEY_CAP;
  return e / r;
}

/* Value at x of the line through (x0, t0) and (x1, t1), x0 != x1. */
static double apr_extrapolate(double x0, double t0, double x1, double t1, double x)
{
  return t0 + (t1 - t0) * ((x - x0) / (x1 - x0));
}

/* ---- configuration ---- */

/* Defaults:
**   step *2, geometric, integer: the usual message-size loop (§3.3.1 names sigma = 2 and
**     sqrt(2) as typical).
**   max_error 0.1: equal to ASEC's default relative standard error (SKaMPI 5 manual
**     §5.3.3); a prediction error below what each measurement may carry as noise is not
**     evidence of a jump, and §3.3 says not to spend time measuring noise. Through eq.
**     3.5's third term it also places a jump to within 10% of its position: each split
**     halves ln(m_c/m_b), so a jump costs 3 extra points with sigma = 2 and 2 with
**     sigma = sqrt(2) (one more in an end segment).
**   min_distance 0 = automatic: multiple_of for integer loops, a millionth of the range
**     otherwise (SKaMPI 4's Min_Distance was absolute).
**   max_steps 0: no limit; max_error and min_distance already bound the work, the suite
**     time limit (sk_apr_stop) bounds the time. */
SK_API void sk_apr_default_config(sk_apr_config *c)
{
  c->first = 1.0;
  c->last = 1.0;
  c->step = 2.0;
  c->geometric = 1;
  c->integer = 1;
  c->multiple_of = 1;
  c->limits.max_error = 0.1;
  c->limits.min_distance = 0.0;
  c->limits.max_steps = 0;
  c->limits.budget_factor = 0.0;
  c->refine = 1;
}

SK_API const char *sk_apr_config_error(const sk_apr_config *c)
{
  double values;
  if (c == NULL) return "no loop configuration";
  if (!apr_is_finite(c->first) || !apr_is_finite(c->last))
    return "the loop bounds must be finite numbers";
  if (c->first > c->last) return "the first loop value must not exceed the last";
  if (!apr_is_finite(c->step)) return "the loop step must be a finite number";
  if (c->geometric) {
    if (!(c->step > 1.0)) return "a multiplicative loop step must be greater than 1";
    if (!(c->first > 0.0)) return "a loop with a multiplicative step must start above 0";
  } else if (!(c->step > 0.0)) {
    return "an additive loop step must be greater than 0";
  }
  if (c->multiple_of < 1) return "multiple_of must be at least 1";
  if (!c->integer && c->multiple_of != 1) return "multiple_of needs an integer loop";
  if (c->integer && (fabs(c->first) > APR_MAX_EXACT_INTEGER
                     || fabs(c->last) > APR_MAX_EXACT_INTEGER
                     || (double)c->multiple_of > APR_MAX_EXACT_INTEGER))
    return "integer loop values must not exceed 2^53";
  if (!(c->limits.max_error >= 0.0)) return "max_error must be at least 0";
  if (!(c->limits.min_distance >= 0.0)) return "min_distance must be at least 0";
  if (c->limits.max_steps < 0) return "max_steps must be at least 0 (0: no limit)";
  if (!(c->limits.budget_factor >= 0.0)) return "the autorefine factor must be at least 0 (0: no limit)";
  if (c->geometric) values = log(c->last / c->first) / log(c->step);
  else values = (c->last - c->first) / c->step;
  if (!(values <= APR_MAX_LOOP_VALUES)) return "the loop has too many values";
  return NULL;
}

/* The loop of phase one: a for loop that always ends at the bound (loops.h). */
static void apr_initial_spec(const sk_apr_config *c, sk_loop_spec *s)
{
  memset(s, 0, sizeof *s);
  s->first = c->first;
  s->last = c->last;
  s->has_last = 1;
  s->step = c->step;
  s->multiplies = c->geometric;
  s->integer = c->integer;
  s->multiple_of = c->multiple_of;
  s->include_last = 1;
}

SK_API double sk_apr_round_value(const sk_apr_config *c, double x)
{
  sk_loop_spec s;
  apr_initial_spec(c, &s);
  return sk_loop_round(&s, x);
}

SK_API sk_apr *sk_apr_new(const sk_apr_config *c)
{
  sk_apr *a;
  sk_loop_spec spec;
  double distance;
  if (sk_apr_config_error(c) != NULL) return NULL;
  a = (sk_apr *)sk_calloc(1, sizeof *a);
  a->cfg = *c;
  a->cfg.refine = c->refine != 0;
  distance = c->limits.min_distance;
  if (distance == 0.0)
    distance = c->integer ? (double)c->multiple_of
                          : (c->last - c->first) * APR_AUTO_DISTANCE_FRACTION;
  if (c->integer) {
    if (distance < 1.0) distance = 1.0;
    if (distance < (double)c->multiple_of) distance = (double)c->multiple_of;
  }
  a->min_distance = distance;
  apr_initial_spec(c, &spec);
  sk_loop_begin(&a->initial, &spec);
  a->points = NULL;
  a->heap = NULL;
  a->phase = APR_INITIAL;
  a->pending_left = -1;
  a->reason = "not finished";
  a->sorted = (apr_sorted_view *)sk_calloc(1, sizeof *a->sorted);
  a->sorted->ids = NULL;
  return a;
}

SK_API void sk_apr_free(sk_apr *a)
{
  if (a == NULL) return;
  free(a->points);
  free(a->heap);
  free(a->sorted->ids);
  free(a->sorted);
  free(a);
}

/* ---- the key (eq. 3.5) ----
** Rules SKaLib §3.3 leaves open:
**   - an end segment lacks one neighbour: the one prediction that exists is used (so a
**     step next to an end costs one point more: the end segment beyond the step has no
**     second neighbour to show that it is straight);
**   - a segment without any neighbour (a loop of two points) gets K = 0: nothing shows
**     that it is not straight;
**   - a zero error gives 0; a non-zero error over a zero reference (t = 0, or m_b = 0 in
**     a linear loop) gives the cap 1e30, as does any quotient above it, so keys are
**     finite and never NaN; a non-finite x or t involved gives K = 0 (no judgement).
** If rounding a split point lands on an end, the grid point next to that end is used. */

SK_API double sk_apr_key(const double x[4], const double t[4], int has_left, int has_right)
{
  double key, term;
  int i, from = has_left ? 0 : 1, to = has_right ? 3 : 2;
  if (!has_left && !has_right) return 0.0;
  for (i = from; i <= to; i++)
    if (!apr_is_finite(x[i]) || !apr_is_finite(t[i])) return 0.0;
  key = apr_relative(x[2] - x[1], x[1]);
  if (has_left) {
    term = apr_relative(t[2] - apr_extrapolate(x[0], t[0], x[1], t[1], x[2]), t[1]);
    if (term < key) key = term;
  }
  if (has_right) {
    term = apr_relative(t[1] - apr_extrapolate(x[2], t[2], x[3], t[3], x[1]), t[2]);
    if (term < key) key = term;
  }
  return key;
}

/* Key of the segment starting at point id (which has a right neighbour). */
static double apr_segment_key(const sk_apr *a, int id)
{
  const apr_point *b = &a->points[id], *c = &a->points[b->next];
  double x[4], t[4];
  int has_left = b->prev >= 0, has_right = c->next >= 0;
  x[0] = t[0] = x[3] = t[3] = 0.0;
  x[1] = b->x; t[1] = b->t;
  x[2] = c->x; t[2] = c->t;
  if (has_left) { x[0] = a->points[b->prev].x; t[0] = a->points[b->prev].t; }
  if (has_right) { x[3] = a->points[c->next].x; t[3] = a->points[c->next].t; }
  return sk_apr_key(x, t, has_left, has_right);
}

/* 1 and the split point if the segment (b, c) may be split. */
static int apr_split_point(const sk_apr *a, double b, double c, double *split)
{
  double middle;
  if (c - b < a->min_distance) return 0;
  if (a->cfg.geometric) middle = sqrt(b) * sqrt(c);  /* = sqrt(b*c) without overflow */
  else middle = b + (c - b) / 2.0;
  middle = apr_store(middle);
  if (a->cfg.integer) {
    double grid = (double)a->cfg.multiple_of;
    middle = sk_apr_round_value(&a->cfg, middle);
    if (middle <= b) middle = b + grid;
    if (middle >= c) middle = c - grid;
  }
  if (!(middle > b && middle < c)) return 0;
  *split = middle;
  return 1;
}

/* ---- the priority queue: a binary max-heap of segment ids ---- */

/* 1 if segment u comes before segment v: larger key, on equal keys smaller m_b. */
static int apr_heap_before(const sk_apr *a, int u, int v)
{
  const apr_point *p = &a->points[u], *q = &a->points[v];
  if (p->key != q->key) return p->key > q->key;
  return p->x < q->x;
}

static void apr_heap_place(sk_apr *a, int pos, int id)
{
  a->heap[pos] = id;
  a->points[id].heap_pos = pos;
}

static void apr_heap_sift_up(sk_apr *a, int pos)
{
  int id = a->heap[pos];
  while (pos > 0) {
    int parent = (pos - 1) / 2;
    if (!apr_heap_before(a, id, a->heap[parent])) break;
    apr_heap_place(a, pos, a->heap[parent]);
    pos = parent;
  }
  apr_heap_place(a, pos, id);
}

static void apr_heap_sift_down(sk_apr *a, int pos)
{
  int id = a->heap[pos];
  for (;;) {
    int child = 2 * pos + 1;
    if (child >= a->heap_len) break;
    if (child + 1 < a->heap_len && apr_heap_before(a, a->heap[child + 1], a->heap[child]))
      child++;
    if (!apr_heap_before(a, a->heap[child], id)) break;
    apr_heap_place(a, pos, a->heap[child]);
    pos = child;
  }
  apr_heap_place(a, pos, id);
}

/* Restores the heap order after the key of the segment at pos changed. */
static void apr_heap_fix(sk_apr *a, int pos)
{
  int id = a->heap[pos];
  apr_heap_sift_up(a, pos);
  apr_heap_sift_down(a, a->points[id].heap_pos);
}

static void apr_heap_insert(sk_apr *a, int id)
{
  a->heap = (int *)sk_grow(a->heap, &a->heap_cap, (size_t)a->heap_len + 1, sizeof *a->heap);
  a->heap[a->heap_len] = id;
  a->points[id].heap_pos = a->heap_len;
  a->heap_len++;
  apr_heap_sift_up(a, a->heap_len - 1);
}

static void apr_heap_remove(sk_apr *a, int id)
{
  int pos = a->points[id].heap_pos, moved;
  a->points[id].heap_pos = -1;
  a->heap_len--;
  if (pos == a->heap_len) return;
  moved = a->heap[a->heap_len];
  apr_heap_place(a, pos, moved);
  apr_heap_fix(a, pos);
}

/* Recomputes split point and key of the segment starting at point id (if any) and
** queues, requeues or dequeues it. */
static void apr_update_segment(sk_apr *a, int id)
{
  apr_point *p;
  double split;
  if (id < 0) return;
  p = &a->points[id];
  if (p->next < 0 || !apr_split_point(a, p->x, a->points[p->next].x, &split)) {
    if (p->heap_pos >= 0) apr_heap_remove(a, id);
    return;
  }
  p->split = split;
  p->key = apr_segment_key(a, id);
  if (p->heap_pos < 0) apr_heap_insert(a, id);
  else apr_heap_fix(a, p->heap_pos);
}

/* ---- driving the loop ---- */

/* The next point of phase one, 0 when there is none left. */
static int apr_next_initial(sk_apr *a, double *x)
{
  return sk_loop_next(&a->initial, x);
}

static int apr_finish(sk_apr *a, const char *reason)
{
  a->phase = APR_FINISHED;
  a->reason = reason;
  return 0;
}

static int apr_hand_out(sk_apr *a, double value, int left, double *x)
{
  a->pending = 1;
  a->pending_x = value;
  a->pending_left = left;
  *x = value;
  return 1;
}

static int apr_budget_used(const sk_apr *a)
{
  if (a->count >= APR_MAX_POINTS) return 1;
  if (a->refining_started && a->cfg.limits.budget_factor > 0.0
      && (long)a->count >= (long)(a->cfg.limits.budget_factor * (double)a->initial_count)) return 1;
  return a->cfg.limits.max_steps > 0 && a->count >= a->cfg.limits.max_steps;
}

static void apr_start_refining(sk_apr *a)
{
  int id;
  a->phase = APR_REFINING;
  a->refining_started = 1;
  a->initial_count = a->count;
  for (id = 0; id < a->count; id++) apr_update_segment(a, id);
}

SK_API int sk_apr_next(sk_apr *a, double *x)
{
  double value;
  int top;
  if (a->pending) {
    if (!a->stopped)
      sk_fatal("APR: next point asked for before the result at %g was reported",
               a->pending_x);
    a->pending = 0;  /* abandoned after sk_apr_stop */
  }
  if (a->phase == APR_FINISHED) return 0;
  if (a->stopped) return apr_finish(a, "stopped");
  if (a->phase == APR_INITIAL) {
    if (apr_next_initial(a, &value)) {
      if (apr_budget_used(a)) return apr_finish(a, "step budget");
      return apr_hand_out(a, value, -1, x);
    }
    if (!a->cfg.refine) return apr_finish(a, "fixed loop");
    apr_start_refining(a);
  }
  if (a->heap_len == 0) return apr_finish(a, "minimum distance");
  top = a->heap[0];
  if (a->points[top].key < a->cfg.limits.max_error) return apr_finish(a, "error bound reached");
  if (apr_budget_used(a)) return apr_finish(a, "step budget");
  return apr_hand_out(a, a->points[top].split, top, x);
}

SK_API int sk_apr_point_added(const sk_apr *a)
{
  return a->pending && a->pending_left >= 0;
}

SK_API void sk_apr_report(sk_apr *a, double t)
{
  apr_point *p;
  int id, left, right;
  if (!a->pending) sk_fatal("APR: a result was reported but no point was handed out");
  a->pending = 0;
  a->points = (apr_point *)sk_grow(a->points, &a->points_cap, (size_t)a->count + 1,
                                   sizeof *a->points);
  id = a->count++;
  p = &a->points[id];
  p->x = a->pending_x;
  p->t = t;
  p->heap_pos = -1;
  p->key = 0.0;
  p->split = 0.0;
  a->sorted->valid = 0;
  if (a->pending_left < 0) {  /* phase one: appended in increasing x */
    p->prev = id - 1;
    p->next = -1;
    if (id > 0) a->points[id - 1].next = id;
    return;
  }
  left = a->pending_left;
  right = a->points[left].next;
  p->prev = left;
  p->next = right;
  a->points[left].next = id;
  a->points[right].prev = id;
  /* the keys that depend on the new point: both halves and their outer neighbours */
  apr_update_segment(a, a->points[left].prev);
  apr_update_segment(a, left);
  apr_update_segment(a, id);
  apr_update_segment(a, right);
}

#ifdef SKAMPI_TESTING
/* ---- for tests: stopping, the points, the reason, the largest key, the self check ---- */

SK_API double sk_apr_max_key(const sk_apr *a)
{
  if (a->heap_len == 0) return 0.0;
  return a->points[a->heap[0]].key;
}

SK_API void sk_apr_stop(sk_apr *a)
{
  a->stopped = 1;
}

SK_API int sk_apr_count(const sk_apr *a)
{
  return a->count;
}

static void apr_build_sorted(const sk_apr *a)
{
  apr_sorted_view *view = a->sorted;
  int id, i = 0;
  view->ids = (int *)sk_grow(view->ids, &view->cap, (size_t)a->count, sizeof *view->ids);
  for (id = a->count > 0 ? 0 : -1; id >= 0 && i < a->count; id = a->points[id].next)
    view->ids[i++] = id;
  view->valid = 1;
}

SK_API void sk_apr_point(const sk_apr *a, int i, double *x, double *t)
{
  const apr_point *p;
  if (i < 0 || i >= a->count)
    sk_fatal("APR: point %d asked for, but only %d measured", i, a->count);
  if (!a->sorted->valid) apr_build_sorted(a);
  p = &a->points[a->sorted->ids[i]];
  *x = p->x;
  *t = p->t;
}

SK_API const char *sk_apr_stop_reason(const sk_apr *a)
{
  return a->reason;
}


static int apr_close(double u, double v)
{
  return u == v || fabs(u - v) <= 1e-12 * (fabs(u) > fabs(v) ? fabs(u) : fabs(v));
}

SK_API int sk_apr_self_check(const sk_apr *a)
{
  int id, prev = -1, seen = 0, queued = 0, pos;
  for (id = a->count > 0 ? 0 : -1; id >= 0; id = a->points[id].next) {
    const apr_point *p = &a->points[id];
    if (id >= a->count || p->prev != prev || ++seen > a->count) return 0;
    if (prev >= 0 && !(a->points[prev].x < p->x)) return 0;
    if (a->cfg.integer && fmod(p->x, (double)a->cfg.multiple_of) != 0.0) return 0;
    prev = id;
  }
  if (seen != a->count) return 0;
  for (pos = 0; pos < a->heap_len; pos++) {
    int member = a->heap[pos];
    if (member < 0 || member >= a->count || a->points[member].heap_pos != pos) return 0;
    if (pos > 0 && apr_heap_before(a, member, a->heap[(pos - 1) / 2])) return 0;
  }
  for (id = 0; id < a->count; id++) {
    const apr_point *p = &a->points[id];
    double split;
    int splittable;
    if (p->heap_pos >= 0) queued++;
    if (!a->refining_started) {
      if (p->heap_pos >= 0) return 0;
      continue;
    }
    splittable = p->next >= 0 && apr_split_point(a, p->x, a->points[p->next].x, &split);
    if (splittable != (p->heap_pos >= 0)) return 0;
    if (splittable && (!apr_close(p->key, apr_segment_key(a, id)) || p->split != split))
      return 0;
  }
  if (queued != a->heap_len) return 0;
  if (a->cfg.limits.max_steps > 0 && a->count > a->cfg.limits.max_steps) return 0;
  if (a->phase == APR_FINISHED && a->refining_started) {
    if (strcmp(a->reason, "error bound reached") == 0
        && !(a->heap_len > 0 && sk_apr_max_key(a) < a->cfg.limits.max_error)) return 0;
    if (strcmp(a->reason, "minimum distance") == 0 && a->heap_len != 0) return 0;
  }
  return 1;
}
#endif
/* --- end split/apr.c --- */
/* --- begin split/settings.h --- */
#line 1 "split/settings.h"
/*
** settings.h -- the engine settings: ONE object per run, owned by the interpreter
** (which changes it through the set_ and switch_ helpers of the input language) and
** passed down to the engine, the synchronisation and every measurement (sk_mctx.settings).
** Nothing below the interpreter keeps a configuration of its own.
**
**   asec      repetitions and precision of one measurement (SKaLib report (TR 99/07) §3.2),
**             and the statistic a result reports (set_result_statistic: mean or min)
**   buffers   set_skampi_buffer, alignment, cycling, cache flushing (SKaMPI 5 manual §4.1)
**   sync      how processes start together (SKaMPI 5 manual §6.2.1)
**   apr       autorefine limits (SKaLib report (TR 99/07) §3.3)
**   verify    measurements that can check the data they moved do so (switch_verification_on)
**   max_node_times, suite_time_limit   what a result line shows, when a suite stops
**   unit      set_unit: factor from seconds to the printed unit (1e6 = microseconds); the
**             output applies it to every time of a result line and says so in the block
**   (set_autorefine_factor sets apr.budget_factor)
**   mpi_alloc_mem, mpi_alloc_info   use_mpi_alloc_mem / set_mpi_alloc_mem_info: internal
**             allocations through MPI_Alloc_mem (MPI-2); the buffer region follows
**             buffers.mpi_alloc_mem, which set_skampi_buffer_mpi_alloc_mem switches on
**   io        the MPI-IO settings of the set_io_* helpers (SKaMPI 6 io.c): directory of the
**             test files, data representation, atomicity, preallocation, unique open,
**             file sync, and the hints given to every open (set_file_info)
*/
#ifndef SK_SETTINGS_H
#define SK_SETTINGS_H

#line 28 "split/settings.h"
#line 29 "split/settings.h"
#line 30 "split/settings.h"
#line 31 "split/settings.h"

#define SK_IO_MAX_HINTS 16

typedef struct sk_io_config {
  const char *dir;            /* set_io_working_dir; NULL = a fresh directory under TMPDIR */
  const char *datarep;        /* "native" (default), "internal" or "external32" */
  int atomicity;              /* MPI_File_set_atomicity on every opened file (0) */
  int preallocation;          /* write measurements preallocate before timing (0) */
  int unique_open;            /* MPI_MODE_UNIQUE_OPEN on every open (0) */
  int file_sync;              /* MPI_File_sync at the end of the timed part (1) */
  int n_hints;                /* set_file_info: key/value strings (interned or program text) */
  const char *hint_key[SK_IO_MAX_HINTS], *hint_value[SK_IO_MAX_HINTS];
} sk_io_config;

typedef struct sk_settings {
  sk_asec_config asec;
  sk_buffer_config buffers;
  sk_sync_config sync;
  sk_apr_limits apr;
  int verify;                 /* default off */
  int mpit;                   /* switch_mpit_on: MPI_T variables beside each result (mpit.h) */
  int peruse;                 /* switch_peruse_on: PERUSE events beside each result (peruse.h) */
  int max_node_times;         /* set_max_nr_node_times, default 16 */
  double suite_time_limit;    /* seconds per measurement block, 0 = none */
  double unit;                /* set_unit, default 1e6 */
  int mpi_alloc_mem;          /* use_mpi_alloc_mem, default off */
  void *mpi_alloc_info;       /* set_mpi_alloc_mem_info: MPI_Info* or NULL (MPI_INFO_NULL) */
  sk_io_config io;
} sk_settings;

SK_API void sk_settings_default(sk_settings *s);

#endif
/* --- end split/settings.h --- */
/* --- begin split/settings.c --- */
#line 1 "split/settings.c"
/*
** settings.c -- see settings.h: the defaults of every engine setting in one place.
*/
#line 5 "split/settings.c"

SK_API void sk_settings_default(sk_settings *s)
{
  memset(s, 0, sizeof *s);
  sk_asec_default_config(&s->asec);
  sk_buffers_default_config(&s->buffers);
  sk_sync_default_config(&s->sync);
  s->apr.max_error = 0.05;
  s->apr.min_distance = 0.0;
  s->apr.max_steps = 0;
  s->apr.budget_factor = 0.0;
  s->verify = 0;
  s->max_node_times = 16;
  s->suite_time_limit = 0.0;
  s->unit = 1e6;
  s->mpi_alloc_mem = 0;
  s->mpi_alloc_info = NULL;
  s->io.dir = NULL;
  s->io.datarep = "native";
  s->io.file_sync = 1;
}
/* --- end split/settings.c --- */
/* --- begin split/sync_window.c --- */
#line 1 "split/sync_window.c"
/*
** sync_window.c -- synchronised starts (sync_window.h). This module owns the three start
** methods of SKaMPI 5 manual §4.1 (choose_no_synchronization,
** choose_barrier_synchronization, choose_real_synchronization) as the engine applies them
** to one measurement (§6.2.1), and the start-window schedule of the real method:
** sk_sync_prepare / sk_sync_start / sk_sync_stop / sk_sync_rep_ok / sk_sync_rep_done /
** sk_sync_release, the adaptation of the window W and of the start margin M, the per-group
** memory of the final W and M, the statistics of the header, and sk_sync_describe. The
** clock models come from sync_offsets.c; the method from m->settings->sync.
**
** Invariants:
**   - One schedule everywhere: a member's schedule depends only on rank 0's decisions
**     (sk_agree) and the agreed validity of each repetition, so every member computes the
**     same start times and windows, bit for bit, without further communication.
**   - The warm-up gets a slot of 2W, every later repetition a slot of W: after a
**     repetition that was valid everywhere each member adds W to the start time.
**   - A repetition is valid for a process when it arrived before its start time and its
**     call ended inside the window; the runner discards one that is invalid anywhere.
**   - Between the warm-up and the first repetition nothing collective happens (in
**     point-to-point patterns not every member calls sk_sync_start).
**   - Communication: the barrier method's barrier; for the real method only
**     sk_sync_prepare (which may estimate offsets) and the window adjustment
**     (sync_adjust), both agreeing through sk_agree over all members of the group.
*/
#line 26 "split/sync_window.c"
#line 27 "split/sync_window.c"

#define SYNC_WINDOW_INIT 1.0e-3  /* first window on a group (seconds) */
#define SYNC_WINDOW_MIN 1.0e-6
#define SYNC_WINDOW_MAX 1.0      /* widening by SYNC_WIDEN stops here (not the target rule) */
#define SYNC_WIDEN 1.5           /* after an invalid repetition, W grows at least this much */
#define SYNC_TARGET 1.5          /* target window: this times the recent cycle (see below) */
#define SYNC_SHRINK_BELOW 0.7    /* shrink to the target when it is below this fraction of W */
#define SYNC_CHECK_EVERY 6       /* valid repetitions in a row between window checks */
#define SYNC_HISTORY 12          /* cycle times kept (the latest repetitions) */
#define SYNC_MARGIN_INIT 100.0e-6 /* first margin between a broadcast and the start it sets */
#define SYNC_MARGIN_MIN 2.0e-6   /* ... between this and twice the window */

/* Final window and margin of the last measurement on one group (this process). */
typedef struct sync_slot_memory {
  sk_group *g;
  double window, margin;
  struct sync_slot_memory *next;
} sync_slot_memory;

static sync_slot_memory *sync_memories = NULL;

/* State of one measurement (sk_mctx.sync). */
struct sk_sync {
  sk_sync_method method;
  int active;              /* real synchronisation in use */
  sync_slot_memory *memory;/* the group's final window and margin */
  sk_clock_model model;    /* clock model in use */
  double slot;             /* reference time at which the current repetition starts */
  double window;           /* W (seconds) */
  double margin;           /* rank 0: time between a broadcast start and that start */
  int fresh;               /* rank 0: this repetition's start came with a broadcast */
  int first;               /* the warm-up's double slot has not been left yet */
  int started, late, overrun;
  double target, limit, base;        /* local times of the current repetition: start
                                      ** time, end of its window, actual start */
  double cycles[SYNC_HISTORY];       /* cycle times of the latest repetitions */
  int ncycles, valid_run, checks_off;
};

/* Statistics of the real method on this process, for the header. */
static struct {
  long reps, invalid, measurements;
  double window;           /* final window of the last synchronised measurement */
  double delay_sum, delay_max;
  long delay_n;
} sync_wst;

static sync_slot_memory *sync_memory_for(sk_group *g)
{
  sync_slot_memory *e;
  for (e = sync_memories; e; e = e->next) if (e->g == g) return e;
  e = (sync_slot_memory *)sk_calloc(1, sizeof *e);
  e->g = g;
  e->window = SYNC_WINDOW_INIT;
  e->margin = SYNC_MARGIN_INIT;
  e->next = sync_memories;
  sync_memories = e;
  return e;
}

/* The synchronisation settings of a measurement (defaults outside the engine). */
static sk_sync_config sync_config_of(const sk_mctx *m)
{
  sk_sync_config c;
  if (m->settings) return m->settings->sync;
  sk_sync_default_config(&c);
  return c;
}

SK_API const char *sk_sync_method_name(sk_sync_method m)
{
  switch (m) {
  case SK_SYNC_NONE: return "none";
  case SK_SYNC_BARRIER: return "barrier";
  default: return "real";
  }
}

/* ---- the start of a measurement ----
** sk_sync_prepare agrees that every member is ready; rank 0 decides where the clock models
** come from (re-use a fresh estimate or estimate now), the start time of the warm-up call
** (its "now" in reference time plus the margin M, which must cover the broadcast) and the
** window W: the final W and M of the previous measurement on the same group
** (SYNC_WINDOW_INIT and SYNC_MARGIN_INIT the first time). One exchange when the cached
** estimate is fresh; after an estimation a second one sets the start time. */

typedef struct sync_ready_ballot {
  int ready;
} sync_ready_ballot;

typedef struct sync_start_decision {
  int source;              /* an sk_clock_source */
  double start;            /* reference time of the warm-up's start */
  double window;           /* W */
} sync_start_decision;

typedef struct sync_start_ctx {
  const sk_sync_config *cfg;
  sk_mctx *m;
  struct sk_sync *s;
  int choose_source;       /* 0: the source is decided already, only the start time */
} sync_start_ctx;

static void sync_decide_start(void *ctx, const void *ballots, int n, void *decision)
{
  sync_start_ctx *c = (sync_start_ctx *)ctx;
  sync_start_decision *d = (sync_start_decision *)decision;
  (void)ballots; (void)n;
  if (c->choose_source) {
    double now = sk_tp_wtime();
    d->source = (int)sk_sync_clock_source(c->cfg, c->m->group, now);
    sk_sync_clock_model((sk_clock_source)d->source, c->m->group, now, &c->s->model);
    d->window = c->s->memory->window;
  }
  d->start = sk_clock_to_ref(&c->s->model, sk_tp_wtime()) + c->s->memory->margin;
}

SK_API void sk_sync_prepare(sk_mctx *m)
{
  struct sk_sync *s;
  sk_sync_config cfg = sync_config_of(m);
  sync_ready_ballot ready;
  sync_start_decision d;
  sync_start_ctx ctx;
  sk_clock_source source;
  free(m->sync);
  s = (struct sk_sync *)sk_calloc(1, sizeof *s);
  m->sync = s;
  s->method = cfg.method;
  if (s->method != SK_SYNC_REAL || m->size <= 1 || m->rank < 0) return;
  s->active = 1;
  s->memory = sync_memory_for(m->group);
  s->first = 1;
  sk_clock_identity(&s->model, sk_tp_wtime());
  ready.ready = 1;
  memset(&d, 0, sizeof d);
  ctx.cfg = &cfg;
  ctx.m = m;
  ctx.s = s;
  ctx.choose_source = 1;
  sk_agree(m->group, &ready, sizeof ready, &d, sizeof d, sync_decide_start, &ctx);
  source = (sk_clock_source)d.source;
  if (source == SK_CLOCK_ESTIMATE) {
    sk_sync_estimate(&cfg, m->group);
    source = m->group == sk_tp_world() ? SK_CLOCK_WORLD : SK_CLOCK_GROUP;
  }
  sk_sync_clock_model(source, m->group, sk_tp_wtime(), &s->model);
  if ((sk_clock_source)d.source == SK_CLOCK_ESTIMATE) {
    ctx.choose_source = 0;
    sk_agree(m->group, &ready, sizeof ready, &d, sizeof d, sync_decide_start, &ctx);
  }
  s->slot = d.start;
  s->window = d.window;
  s->margin = s->memory->margin;
}

SK_API void sk_sync_release(sk_mctx *m)
{
  struct sk_sync *s = m->sync;
  if (s == NULL) return;
  if (s->active) {
    s->memory->window = s->window;
    s->memory->margin = s->margin;
    sync_wst.window = s->window;
    sync_wst.measurements++;
  }
  free(s);
  m->sync = NULL;
}

/* ---- one repetition ----
** sk_sync_start converts the start time into local time with the model, notes whether it
** arrived late (then this repetition is invalid for this process), waits, and returns the
** local time; a further start before sk_sync_rep_done (several calls in one timing)
** returns at once. sk_sync_stop notes whether the call ran past start + W. Validity is
** decided by the arrival: a process that arrived in time but got its core back only after
** the start time still counts (its times show the oversubscription); the mean and largest
** such start delays are reported. */

SK_API double sk_sync_start(sk_mctx *m)
{
  struct sk_sync *s = m->sync;
  double arrive, now;
  if (s == NULL) {        /* called outside the engine: a barrier start */
    if (sync_config_of(m).method != SK_SYNC_NONE && m->size > 1) sk_tp_barrier(m->group);
    return sk_tp_wtime();
  }
  if (s->method == SK_SYNC_BARRIER && m->size > 1) {
    sk_tp_barrier(m->group);
    return sk_tp_wtime();
  }
  if (!s->active) return sk_tp_wtime();
  if (s->started) {       /* no sk_sync_rep_done since the last start: */
    if (!s->first) return sk_tp_wtime();   /* another start in the same repetition */
    s->slot += 2.0 * s->window;            /* the first repetition after the warm-up */
    s->first = 0;
  }
  s->target = sk_clock_to_local(&s->model, s->slot);
  s->limit = s->target + s->window;
  arrive = sk_tp_wtime();
  s->late = arrive > s->target;
  if (s->late) {
    now = arrive;
  } else {
    now = sk_sync_wait_until(s->target, arrive);
    sync_wst.delay_sum += now - s->target;
    sync_wst.delay_n++;
    if (now - s->target > sync_wst.delay_max) sync_wst.delay_max = now - s->target;
  }
  s->base = now;
  s->started = 1;
  s->overrun = 0;
  return now;
}

SK_API double sk_sync_stop(sk_mctx *m)
{
  double now = sk_tp_wtime();
  struct sk_sync *s = m->sync;
  if (s && s->active && s->started && now > s->limit) s->overrun = 1;
  return now;
}

SK_API int sk_sync_rep_ok(sk_mctx *m)
{
  struct sk_sync *s = m->sync;
  return !(s && s->active && s->started && (s->late || s->overrun));
}

/* ---- adapting the window ----
** Each member records the cycle of every repetition: from its actual start (the return
** from sk_sync_start) until it is ready for the next one (sk_sync_rep_done), which
** includes the engine's gather and broadcast; a late return from waiting is not part of
** it (counting it would feed back into longer windows and longer waits). After an invalid
** repetition, and after every SYNC_CHECK_EVERY valid repetitions in a row, the members
** agree on a new schedule: every member reports the cycles of the last SYNC_HISTORY
** repetitions (-1 where it has none; all members that synchronise record the same
** repetitions in the same order) and whether it was late or overran, and rank 0 sets
**   - M = 2M if the repetition was the first after a broadcast start and nobody overran
**     (the broadcast took longer than M); M shrinks by 0.8 after every first repetition
**     that was valid; M stays between SYNC_MARGIN_MIN and 2W (a cycle includes a
**     broadcast);
**   - otherwise after an invalid repetition W = max(1.5 W, 1.5 C), where C, the cycle
**     of a repetition being its longest over the members, is the second longest of the
**     recorded ones (the longest while fewer than SYNC_HISTORY / 2 are recorded);
**   - at a check W = 1.5 C when that is below 0.7 W;
** and decides W with a fresh start time (now + M; at a check the old schedule if that is
** later). Under oversubscription cycles are heavy-tailed, hence a high quantile (about the
** 85th percentile) rather than a typical cycle, but not the single longest: a window that
** is too long costs idle time, one that is too short a discarded repetition and an
** exchange. If no member synchronised (a measurement that never calls sk_sync_start), the
** checks stop after the first. */

typedef struct sync_cycle_ballot {
  double cycles[SYNC_HISTORY];   /* seconds, the latest last; -1: none */
  int late, overrun;             /* in the current repetition */
} sync_cycle_ballot;

typedef struct sync_window_decision {
  double slot;             /* reference time of the next start */
  double window;           /* W */
  int checks_off;          /* nobody synchronised: no more checks */
} sync_window_decision;

typedef struct sync_adjust_ctx {
  struct sk_sync *s;
  int invalid;
} sync_adjust_ctx;

static void sync_decide_window(void *ctx, const void *ballots, int n, void *decision)
{
  sync_adjust_ctx *c = (sync_adjust_ctx *)ctx;
  struct sk_sync *s = c->s;
  const sync_cycle_ballot *b = (const sync_cycle_ballot *)ballots;
  sync_window_decision *d = (sync_window_decision *)decision;
  double need = -1.0, second = -1.0, w = s->window, next;
  int late = 0, overrun = 0, margin_short, count = 0, i, j;
  for (j = 0; j < SYNC_HISTORY; j++) {   /* the cycle of a repetition: its longest */
    double cyc = -1.0;
    for (i = 0; i < n; i++) if (b[i].cycles[j] > cyc) cyc = b[i].cycles[j];
    if (cyc < 0.0) continue;
    count++;
    if (cyc > need) { second = need; need = cyc; }
    else if (cyc > second) second = cyc;
  }
  if (count >= SYNC_HISTORY / 2) need = second;
  for (i = 0; i < n; i++) {
    if (b[i].late) late = 1;
    if (b[i].overrun) overrun = 1;
  }
  d->checks_off = need < 0.0 && !c->invalid;
  margin_short = c->invalid && s->fresh && late && !overrun;
  if (margin_short) {
    s->margin *= 2.0;
  } else if (c->invalid) {
    double wider = w * SYNC_WIDEN;
    if (wider > SYNC_WINDOW_MAX) wider = w > SYNC_WINDOW_MAX ? w : SYNC_WINDOW_MAX;
    w = wider > SYNC_TARGET * need ? wider : SYNC_TARGET * need;
  } else if (need >= 0.0 && SYNC_TARGET * need < SYNC_SHRINK_BELOW * w) {
    w = SYNC_TARGET * need;
  }
  if (w < SYNC_WINDOW_MIN) w = SYNC_WINDOW_MIN;
  /* a broadcast takes less than a cycle, which includes one */
  if (s->margin > 2.0 * w) s->margin = 2.0 * w;
  if (s->margin < SYNC_MARGIN_MIN) s->margin = SYNC_MARGIN_MIN;
  next = sk_clock_to_ref(&s->model, sk_tp_wtime()) + s->margin;
  s->fresh = 1;
  if (!c->invalid && s->slot > next) {
    next = s->slot;
    s->fresh = 0;
  }
  d->slot = next;
  d->window = w;
}

static void sync_adjust(sk_mctx *m, struct sk_sync *s, int invalid)
{
  sync_cycle_ballot mine;
  sync_window_decision d;
  sync_adjust_ctx ctx;
  int j;
  for (j = 0; j < SYNC_HISTORY; j++) mine.cycles[j] = j < s->ncycles ? s->cycles[j] : -1.0;
  mine.late = s->started && s->late;
  mine.overrun = s->started && s->overrun;
  memset(&d, 0, sizeof d);
  ctx.s = s;
  ctx.invalid = invalid;
  sk_agree(m->group, &mine, sizeof mine, &d, sizeof d, sync_decide_window, &ctx);
  s->slot = d.slot;
  s->window = d.window;
  if (d.checks_off) s->checks_off = 1;
  s->valid_run = 0;
}

SK_API void sk_sync_rep_done(sk_mctx *m, int valid_everywhere)
{
  struct sk_sync *s = m->sync;
  if (s == NULL || !s->active) return;
  if (s->started) {       /* cycle: from the (actual) start to ready again */
    double cycle = sk_tp_wtime() - s->base;
    if (s->ncycles == SYNC_HISTORY) {          /* keep the latest */
      memmove(s->cycles, s->cycles + 1, sizeof(double) * (SYNC_HISTORY - 1));
      s->ncycles--;
    }
    s->cycles[s->ncycles++] = cycle;
  }
  s->first = 0;
  sync_wst.reps++;
  if (valid_everywhere) {
    if (s->fresh) {        /* rank 0: the margin sufficed; try less next time */
      s->margin *= 0.8;
      if (s->margin < SYNC_MARGIN_MIN) s->margin = SYNC_MARGIN_MIN;
    }
    s->fresh = 0;
    s->slot += s->window;
    s->valid_run++;
    if (!s->checks_off && s->valid_run >= SYNC_CHECK_EVERY) sync_adjust(m, s, 0);
  } else {
    sync_wst.invalid++;
    sync_adjust(m, s, 1);
  }
  s->started = 0;
}

SK_API void sk_sync_describe(const sk_sync_config *cfg, sk_str *out)
{
  sk_str_printf(out, "# synchronization: %s\n", sk_sync_method_name(cfg->method));
  if (cfg->method == SK_SYNC_BARRIER)
    sk_str_puts(out, "# synchronization: a barrier before every single measurement\n");
  if (cfg->method != SK_SYNC_REAL) return;
  sk_sync_describe_offsets(cfg, out);
  if (sync_wst.measurements > 0)
    sk_str_printf(out, "# synchronization: last window %.1f us (adaptive), %ld of %ld repetitions invalid,"
                  " start delay mean %.1f us max %.1f us\n", sync_wst.window * 1e6, sync_wst.invalid,
                  sync_wst.reps, sync_wst.delay_n ? sync_wst.delay_sum / sync_wst.delay_n * 1e6 : 0.0,
                  sync_wst.delay_max * 1e6);
  else
    sk_str_printf(out, "# synchronization: window adaptive, first %.0f us (x%g after an invalid repetition;"
                  " %g x the second longest of the last %d cycles)\n", SYNC_WINDOW_INIT * 1e6, SYNC_WIDEN,
                  SYNC_TARGET, SYNC_HISTORY);
}

#ifdef SKAMPI_TESTING
SK_API double sk_sync_window(void) { return sync_wst.window; }
#endif
/* --- end split/sync_window.c --- */
/* --- begin split/runner.h --- */
#line 1 "split/runner.h"
/*
** runner.h -- runs ONE measurement (one argument set) under ASEC for the patterns of
** SKaLib §4.1: warm-up call, then single measurements until the stopping rule says
** enough; each single measurement's value is the maximum over the processes that
** returned a time; every decision is taken on rank 0 of the measurement communicator
** and broadcast, so all processes repeat in step.
*/
#ifndef SK_RUNNER_H
#define SK_RUNNER_H

#line 12 "split/runner.h"
#line 13 "split/runner.h"

typedef struct sk_result {
  double time;              /* seconds: mean of the kept single-measurement values */
  double std_error;         /* seconds, of the kept values */
  int reps;                 /* single measurements done */
  int kept;
  sk_asec_stop stop;
  long reported_size;
  int nprocs;
  double *node_times;       /* nprocs entries: each process's mean time (seconds) */
  long calls_per_timing;    /* user-defined precision (SKaLib eq. 3.1): calls in one timing */
  int invalid;              /* repetitions discarded because a start was not synchronised */
  int failed;
  char fail_msg[256];
  char note[2048];          /* comment lines for under the result line (MPI_T, mpit.h), or "" */
} sk_result;

SK_API void sk_result_init(sk_result *r);
SK_API void sk_result_free(sk_result *r);
/* A result travels as SK_RESULT_DOUBLES(nprocs) doubles plus its fail_msg: pack on the
** sender, unpack (allocating node_times) on the receiver. */
#define SK_RESULT_DOUBLES(nprocs) (9 + (size_t)(nprocs))
SK_API void sk_result_pack(const sk_result *r, double *pack);
SK_API void sk_result_unpack(sk_result *r, const double *pack, int nprocs);

/* User-defined precision (SKaLib §3.1): a single measurement of a local operation
** (simple pattern) spans at least this many clock ticks; shorter operations are
** repeated N = ceil(ticks * tick / t) times inside one timing (eq. 3.1). */
#define SK_PRECISION_TICKS 100.0

/* Members of g only. Fills m from def's init; returns 0 if init failed (m->failed). */
SK_API void sk_runner_init(const sk_measurement *def, sk_mctx *m, sk_group *g, const sk_value *args,
                           const sk_settings *settings);
SK_API void sk_runner_finalize(const sk_measurement *def, sk_mctx *m, const sk_value *args);
/* Whether this member calls measure: p2p ranks 0 and 1, simple rank 0, else all. */
SK_API int sk_runner_takes_part(const sk_measurement *def, const sk_mctx *m);
/* Members of g only; the result is complete on rank 0 of g. */
SK_API void sk_runner_run(const sk_measurement *def, sk_mctx *m, const sk_value *args, sk_result *res);
/* The dummy time (SKaLib §3.2): an empty single measurement of the given pattern on g
** (clock reads, and the synchronised start for collective patterns), repeated under
** ASEC like any measurement. Members of g only; complete on rank 0 of g. */
SK_API void sk_runner_dummy(sk_group *g, sk_pattern pattern, const sk_settings *settings, sk_result *res);

#endif
/* --- end split/runner.h --- */
/* --- begin split/runner.c --- */
#line 1 "split/runner.c"
/*
** runner.c -- see runner.h.
*/
#line 5 "split/runner.c"

SK_API void sk_result_init(sk_result *r)
{
  memset(r, 0, sizeof *r);
}

SK_API void sk_result_free(sk_result *r)
{
  free(r->node_times);
  r->node_times = NULL;
}

SK_API void sk_result_pack(const sk_result *r, double *pack)
{
  int i;
  pack[0] = r->time;
  pack[1] = r->std_error;
  pack[2] = r->reps;
  pack[3] = r->kept;
  pack[4] = (double)r->reported_size;
  pack[5] = r->failed;
  pack[6] = (double)r->stop;
  pack[7] = r->invalid;
  pack[8] = (double)r->calls_per_timing;
  for (i = 0; i < r->nprocs; i++) pack[9 + i] = r->node_times ? r->node_times[i] : -1.0;
}

SK_API void sk_result_unpack(sk_result *r, const double *pack, int nprocs)
{
  int i;
  r->time = pack[0];
  r->std_error = pack[1];
  r->reps = (int)pack[2];
  r->kept = (int)pack[3];
  r->reported_size = (long)pack[4];
  r->failed = (int)pack[5];
  r->stop = (sk_asec_stop)(int)pack[6];
  r->invalid = (int)pack[7];
  r->calls_per_timing = (long)pack[8];
  r->nprocs = nprocs;
  free(r->node_times);
  r->node_times = (double *)sk_malloc(sizeof(double) * (size_t)(nprocs > 0 ? nprocs : 1));
  for (i = 0; i < nprocs; i++) r->node_times[i] = pack[9 + i];
}

SK_API void sk_meas_fail(sk_mctx *m, const char *msg)
{
  if (m->failed) return;
  m->failed = 1;
  strncpy(m->fail_msg, msg, sizeof m->fail_msg - 1);
  m->fail_msg[sizeof m->fail_msg - 1] = '\0';
}

SK_API void sk_runner_init(const sk_measurement *def, sk_mctx *m, sk_group *g, const sk_value *args,
                           const sk_settings *settings)
{
  memset(m, 0, sizeof *m);
  m->settings = settings;
  m->group = g;
  m->rank = sk_tp_group_rank(g);
  m->size = sk_tp_group_size(g);
  if (m->size < def->min_procs) {
    char msg[200];
    sprintf(msg, "%.80s needs a communicator of at least %d processes, this one has %d",
            def->name, def->min_procs, m->size);
    sk_meas_fail(m, msg);
    return;
  }
  if (def->init) def->init(m, args);
}

SK_API void sk_runner_finalize(const sk_measurement *def, sk_mctx *m, const sk_value *args)
{
  if (def->finalize) def->finalize(m, args);
}

static double runner_empty_timed(sk_mctx *m, const sk_value *args)
{
  double start = sk_sync_start(m);
  (void)args;
  return sk_sync_stop(m) - start;
}

static double runner_empty_local(sk_mctx *m, const sk_value *args)
{
  double start = sk_tp_wtime();
  (void)m; (void)args;
  return sk_tp_wtime() - start;
}

SK_API void sk_runner_dummy(sk_group *g, sk_pattern pattern, const sk_settings *settings, sk_result *res)
{
  sk_measurement dummy;
  sk_mctx m;
  memset(&dummy, 0, sizeof dummy);
  dummy.name = "dummy";
  dummy.params = "";
  dummy.pattern = pattern;
  dummy.measure = pattern == SK_PATTERN_COLLECTIVE || pattern == SK_PATTERN_MASTER_WORKER
                  ? runner_empty_timed : runner_empty_local;
  dummy.min_procs = 1;
  sk_runner_init(&dummy, &m, g, NULL, settings);
  sk_runner_run(&dummy, &m, NULL, res);
}

SK_API int sk_runner_takes_part(const sk_measurement *def, const sk_mctx *m)
{
  if (def->pattern == SK_PATTERN_SIMPLE || def->pattern == SK_PATTERN_SIMPLE_OWN_TIME) return m->rank == 0;
  if (def->pattern == SK_PATTERN_P2P) return m->rank <= 1;
  return 1;
}

/* One single measurement: `calls` calls inside one timing (calls > 1 only for the
** simple pattern, see SK_PRECISION_TICKS). */
static double runner_single(const sk_measurement *def, sk_mctx *m, const sk_value *args, long rep, long calls)
{
  double start;
  long i;
  sk_buffers_place(&m->settings->buffers, m->send_usage, m->recv_usage, rep, &m->send_buf, &m->recv_buf);
  if (!sk_runner_takes_part(def, m)) return -1.0;
  if (calls <= 1) return def->measure(m, args);
  start = sk_tp_wtime();
  for (i = 0; i < calls; i++) def->measure(m, args);
  return (sk_tp_wtime() - start) / (double)calls;
}

/* SKaLib eq. 3.1, N = R_system / R_user, with the resolution asked for expressed as a
** number of ticks per timing; the warm-up call gives the operation's duration. */
static long runner_calls_per_timing(const sk_measurement *def, double warmup)
{
  double tick = sk_tp_wtick(), want = SK_PRECISION_TICKS * tick;
  if (def->pattern != SK_PATTERN_SIMPLE || warmup >= want) return 1;
  if (warmup < tick / 100.0) warmup = tick / 100.0;
  if (want / warmup > 1e6) return 1000000L;
  return (long)ceil(want / warmup);
}

/* One repetition: what each member reports, and what rank 0 decides. */
typedef struct rep_ballot {
  double time;              /* this member's time, negative: none */
  int failed;               /* sk_meas_fail was called */
  int in_window;            /* sk_sync_rep_ok */
} rep_ballot;

typedef enum rep_verdict { REP_AGAIN, REP_ENOUGH, REP_FAILED } rep_verdict;

typedef struct rep_decision {
  int verdict;              /* a rep_verdict */
  int failed_member;        /* REP_FAILED: the lowest failing rank */
  int valid;                /* every member started inside its window */
} rep_decision;

/* Rank 0's bookkeeping across the repetitions of one measurement. */
typedef struct rep_state {
  sk_asec asec;
  double *proc_sum;         /* per member: sum and count of its times */
  int *proc_count;
  int invalid_limit;
  sk_result *res;
} rep_state;

/* The value of a single measurement is the maximum over the members that returned a time
** (SKaLib report (TR 99/07) §4.1); a repetition not started in the synchronised window
** on every member is discarded. */
static void runner_decide(void *ctx, const void *ballots, int n, void *decision)
{
  rep_state *st = (rep_state *)ctx;
  const rep_ballot *b = (const rep_ballot *)ballots;
  rep_decision *d = (rep_decision *)decision;
  double value = -1.0;
  int i;
  d->verdict = REP_AGAIN;
  d->failed_member = -1;
  d->valid = 1;
  for (i = 0; i < n; i++) {
    if (b[i].failed && d->failed_member < 0) d->failed_member = i;
    if (!b[i].in_window) d->valid = 0;
  }
  if (d->valid) {
    for (i = 0; i < n; i++) {
      if (b[i].time < 0.0) continue;
      st->proc_sum[i] += b[i].time;
      st->proc_count[i]++;
      if (b[i].time > value) value = b[i].time;
    }
    sk_asec_add(&st->asec, value < 0.0 ? 0.0 : value);
  } else {
    st->res->invalid++;
  }
  st->res->stop = sk_asec_decide(&st->asec, sk_tp_wtime());
  if (st->res->stop == SK_ASEC_CONTINUE && st->res->invalid >= st->invalid_limit) st->res->stop = SK_ASEC_TIME_LIMIT;
  if (d->failed_member >= 0) d->verdict = REP_FAILED;
  else if (st->res->stop != SK_ASEC_CONTINUE) d->verdict = REP_ENOUGH;
}

SK_API void sk_runner_run(const sk_measurement *def, sk_mctx *m, const sk_value *args, sk_result *res)
{
  const sk_asec_config *cfg = &m->settings->asec;
  int size = m->size, i;
  long rep = 0;
  rep_state st;
  rep_ballot mine;
  rep_decision d;
  sk_result_init(res);
  memset(&st, 0, sizeof st);
  res->nprocs = size;
  res->reported_size = m->reported_size;
  st.res = res;
  st.invalid_limit = 4 * cfg->max_reps + 16;
  if (m->rank == 0) {
    st.proc_sum = (double *)sk_calloc((size_t)size, sizeof(double));
    st.proc_count = (int *)sk_calloc((size_t)size, sizeof(int));
    sk_asec_begin(&st.asec, cfg, sk_tp_wtime());
  }
  sk_sync_prepare(m);
  /* warm-up, not counted (SKaLib report (TR 99/07) §3.2); its duration sets the calls per timing */
  res->calls_per_timing = runner_calls_per_timing(def, runner_single(def, m, args, -1, 1));
  do {
    mine.time = runner_single(def, m, args, rep++, res->calls_per_timing);
    mine.failed = m->failed;
    mine.in_window = sk_sync_rep_ok(m);
    sk_agree(m->group, &mine, sizeof mine, &d, sizeof d, runner_decide, &st);
    sk_sync_rep_done(m, d.valid);
  } while (d.verdict == REP_AGAIN);
  if (d.verdict == REP_FAILED) {
    sk_agree_fetch_message(m->group, d.failed_member, m->fail_msg, sizeof m->fail_msg);
    if (m->rank == 0) strcpy(res->fail_msg, m->fail_msg);
    res->failed = 1;
  }
  sk_sync_release(m);
  if (m->rank == 0) {
    sk_asec_result(&st.asec, &res->time, &res->std_error, &res->kept);
    res->reps = st.asec.n;
    res->node_times = (double *)sk_malloc(sizeof(double) * (size_t)size);
    for (i = 0; i < size; i++) res->node_times[i] = st.proc_count[i] ? st.proc_sum[i] / st.proc_count[i] : -1.0;
    sk_asec_end(&st.asec);
    free(st.proc_sum);
    free(st.proc_count);
  }
}
/* --- end split/runner.c --- */
/* --- begin split/mpit.h --- */
#line 1 "split/mpit.h"
/*
** mpit.h -- the MPI tools interface's performance variables beside every result (MPI-3
** §14.3, "MPI_T"): compiled with -DSKAMPI_MPIT where mpi.h declares MPI 3 or later.
** switch_mpit_on() in a .ski program (@MPI_T yes in a SKaMPI 4 parameter file) makes the
** engine read every readable performance variable before and after the timed
** repetitions of each result, on every process of the measurement communicator; rank 0
** of that communicator gets the note: one `# mpit NAME (CLASS): ...` line per variable
** that changed (counters, timers, aggregates: the difference; levels, sizes, watermarks,
** percentages: the value after), summed and maximised over the processes. Written as
** comment lines under the result line, so the result columns stay as they are.
*/
#ifndef SK_MPIT_H
#define SK_MPIT_H

#line 16 "split/mpit.h"

#if defined(SKAMPI_MPI) && defined(SKAMPI_MPIT) && SK_MPI_LEVEL >= 3
#define SK_HAVE_MPIT 1
#else
#define SK_HAVE_MPIT 0
#endif

/* Members of g, all of them, around the timed repetitions. sk_mpit_end fills note on
** rank 0 of g (empty elsewhere, and when nothing changed). */
SK_API void sk_mpit_begin(sk_group *g);
SK_API void sk_mpit_end(sk_group *g, char *note, size_t size);
/* The performance and control variables the library offers (skampi -l MPI_T); works
** without MPI_Init. Returns 0 in builds without MPI_T (with a line saying why). */
SK_API int sk_mpit_list(sk_str *out);

#endif
/* --- end split/mpit.h --- */
/* --- begin split/peruse.h --- */
#line 1 "split/peruse.h"
/*
** peruse.h -- PERUSE events beside every result (MPI PERUSE 2.0): compiled with
** -DSKAMPI_PERUSE where the MPI library provides <peruse.h> (an Open MPI configured with
** --enable-peruse; tools/peruse/build-openmpi.sh makes one). switch_peruse_on() in a .ski
** program (@PERUSE yes in a SKaMPI 4 parameter file) makes the engine register callbacks for the point-to-point events of PERUSE
** §4.3 on the measurement communicator around the repetitions of each result (from the
** engine's warm-up call on; the engine's own messages use another communicator; events
** queried by name, §5.2.3; an event the library lacks is named in the output, not
** fatal). Rank 0 of the communicator gets the note, written under the result line:
**   # peruse events: NAME count, ...                (summed over the processes)
**   # peruse activate->xfer_begin: mean, max, n      (time from a request's activation
**   # peruse xfer_begin->xfer_end: ...                to its transfer, the transfer, and
**   # peruse posted queue / unexpected queue: ...     the residence in the queues, §3.5)
*/
#ifndef SK_PERUSE_H
#define SK_PERUSE_H

#line 19 "split/peruse.h"

#if defined(SKAMPI_MPI) && defined(SKAMPI_PERUSE)
#define SK_HAVE_PERUSE 1
#else
#define SK_HAVE_PERUSE 0
#endif

/* Members of g, all of them, around the repetitions; sk_peruse_end appends its lines to
** note on rank 0 of g. */
SK_API void sk_peruse_begin(sk_group *g);
SK_API void sk_peruse_end(sk_group *g, char *note, size_t size);

#endif
/* --- end split/peruse.h --- */
/* --- begin split/mpit.c --- */
#line 1 "split/mpit.c"
/*
** mpit.c -- see mpit.h. One MPI_T session per result: handles are bound to the
** measurement communicator where a variable binds to communicators, to no object where
** it binds to none; variables bound to other objects (windows, files, requests, ...)
** and those of non-numeric types are left out. A variable that cannot be started or
** read is left out silently (Open MPI lists monitoring variables whose component is not
** loaded). The helpers switch_mpit_on / _off are in builtins.c.
*/
#line 10 "split/mpit.c"

#if SK_HAVE_MPIT

typedef struct mpit_var {
  int index, cls, count, continuous;
  MPI_Datatype type;
  MPI_T_pvar_handle handle;
  double before;
  char name[96];
} mpit_var;

static struct {
  int ok;
  int session_open;
  MPI_T_pvar_session session;
  int ntotal;              /* performance variables of the library: the same on every process */
  mpit_var *vars;          /* those being read, nvars of them */
  int nvars;
} mpit;

/* Variables whose handle allocation crashes the library when their component is not the
** one in use (seen with Open MPI 4.1: the PSM2 transport's statistics call into libpsm2
** without an endpoint). Left out by name prefix. */
static const char *const mpit_unsafe_prefixes[] = { "mtl_psm2_", NULL };

static int mpit_unsafe(const char *name)
{
  int i;
  for (i = 0; mpit_unsafe_prefixes[i]; i++)
    if (strncmp(name, mpit_unsafe_prefixes[i], strlen(mpit_unsafe_prefixes[i])) == 0) return 1;
  return 0;
}

static int mpit_numeric(MPI_Datatype t)
{
  return t == MPI_INT || t == MPI_UNSIGNED || t == MPI_UNSIGNED_LONG || t == MPI_UNSIGNED_LONG_LONG
         || t == MPI_COUNT || t == MPI_DOUBLE;
}

static const char *mpit_class_name(int cls)
{
  switch (cls) {
  case MPI_T_PVAR_CLASS_STATE: return "state";
  case MPI_T_PVAR_CLASS_LEVEL: return "level";
  case MPI_T_PVAR_CLASS_SIZE: return "size";
  case MPI_T_PVAR_CLASS_PERCENTAGE: return "percentage";
  case MPI_T_PVAR_CLASS_HIGHWATERMARK: return "high watermark";
  case MPI_T_PVAR_CLASS_LOWWATERMARK: return "low watermark";
  case MPI_T_PVAR_CLASS_COUNTER: return "counter";
  case MPI_T_PVAR_CLASS_AGGREGATE: return "aggregate";
  case MPI_T_PVAR_CLASS_TIMER: return "timer";
  default: return "generic";
  }
}

/* Counters, aggregates and timers count up: their difference over the repetitions. */
static int mpit_differenced(int cls)
{
  return cls == MPI_T_PVAR_CLASS_COUNTER || cls == MPI_T_PVAR_CLASS_AGGREGATE || cls == MPI_T_PVAR_CLASS_TIMER;
}

/* MPI_T is initialised once and never finalised: MPICH 4.0 crashes in
** MPI_T_pvar_get_num when MPI_T is initialised again after its count went back to zero
** (MPI-3 §14.2 allows leaving it initialised). */
static int mpit_init(void)
{
  int provided;
  if (!mpit.ok) mpit.ok = MPI_T_init_thread(MPI_THREAD_SINGLE, &provided) == MPI_SUCCESS;
  return mpit.ok;
}


/* A description on one line (some libraries break theirs into several). */
static void mpit_one_line(char *text)
{
  for (; *text; text++) if (*text == '\n' || *text == '\r' || *text == '\t') *text = ' ';
}

/* The sum of a variable's elements (a per-peer array counts as its total). */
static double mpit_read(const mpit_var *v, int *ok)
{
  double sum = 0.0;
  int i;
  void *buf = sk_calloc((size_t)v->count, 16);
  *ok = MPI_T_pvar_read(mpit.session, v->handle, buf) == MPI_SUCCESS;
  for (i = 0; *ok && i < v->count; i++) {
    if (v->type == MPI_INT) sum += (double)((int *)buf)[i];
    else if (v->type == MPI_UNSIGNED) sum += (double)((unsigned *)buf)[i];
    else if (v->type == MPI_UNSIGNED_LONG) sum += (double)((unsigned long *)buf)[i];
    else if (v->type == MPI_DOUBLE) sum += ((double *)buf)[i];
    else if (v->type == MPI_COUNT) sum += (double)((MPI_Count *)buf)[i];
    else {   /* unsigned long long: read as two halves, C89 has no such type */
      const unsigned char *b = (const unsigned char *)buf + (size_t)i * 8;
      double value = 0.0;
      int k;
      unsigned one = 1;
      int little = *(unsigned char *)&one == 1;
      for (k = 0; k < 8; k++) value = value * 256.0 + (double)b[little ? 7 - k : k];
      sum += value;
    }
  }
  free(buf);
  return sum;
}

SK_API void sk_mpit_begin(sk_group *g)
{
  MPI_Comm comm = sk_tp_group_mpi_comm(g);
  int n = 0, i;
  if (!mpit_init() || MPI_T_pvar_get_num(&n) != MPI_SUCCESS) n = 0;
  mpit.ntotal = n;
  mpit.nvars = 0;
  mpit.vars = (mpit_var *)sk_calloc((size_t)(n > 0 ? n : 1), sizeof(mpit_var));
  if (n == 0 || MPI_T_pvar_session_create(&mpit.session) != MPI_SUCCESS) return;
  mpit.session_open = 1;
  for (i = 0; i < n; i++) {
    mpit_var *v = &mpit.vars[mpit.nvars];
    char desc[8];
    int name_len = (int)sizeof v->name, desc_len = (int)sizeof desc, verbosity, bind, readonly, atomic, ok;
    MPI_T_enum enumtype;
    if (MPI_T_pvar_get_info(i, v->name, &name_len, &verbosity, &v->cls, &v->type, &enumtype, desc, &desc_len,
                            &bind, &readonly, &v->continuous, &atomic) != MPI_SUCCESS) continue;
    if (!mpit_numeric(v->type) || v->cls == MPI_T_PVAR_CLASS_STATE || v->cls == MPI_T_PVAR_CLASS_GENERIC) continue;
    if ((bind != MPI_T_BIND_NO_OBJECT && bind != MPI_T_BIND_MPI_COMM) || mpit_unsafe(v->name)) continue;
    if (MPI_T_pvar_handle_alloc(mpit.session, i, bind == MPI_T_BIND_MPI_COMM ? (void *)&comm : NULL,
                                &v->handle, &v->count) != MPI_SUCCESS) continue;
    if (v->count < 1 || (!v->continuous && MPI_T_pvar_start(mpit.session, v->handle) != MPI_SUCCESS)) {
      MPI_T_pvar_handle_free(mpit.session, &v->handle);
      continue;
    }
    v->index = i;
    v->before = mpit_read(v, &ok);
    if (!ok) { MPI_T_pvar_handle_free(mpit.session, &v->handle); continue; }
    mpit.nvars++;
  }
}

/* Slot 1 + index holds variable `index`'s change or value (0 where it was not read), so
** that every process gathers the same number of doubles. */
SK_API void sk_mpit_end(sk_group *g, char *note, size_t size)
{
  int i, ok, n = sk_tp_group_size(g), me = sk_tp_group_rank(g), nt = mpit.ntotal;
  size_t slots = (size_t)nt + 1;
  double *mine = (double *)sk_calloc(slots, sizeof(double));
  double *all = me == 0 ? (double *)sk_calloc(slots * (size_t)n, sizeof(double)) : NULL;
  char *read_here = (char *)sk_calloc(slots, 1);
  int *cls = (int *)sk_calloc(slots, sizeof(int));
  sk_str s;
  note[0] = '\0';
  for (i = 0; i < mpit.nvars; i++) {
    mpit_var *v = &mpit.vars[i];
    double after = mpit_read(v, &ok);
    if (ok) mine[1 + v->index] = mpit_differenced(v->cls) ? after - v->before : after;
    read_here[1 + v->index] = 1;
    cls[1 + v->index] = v->cls;
    if (!v->continuous) MPI_T_pvar_stop(mpit.session, v->handle);
    MPI_T_pvar_handle_free(mpit.session, &v->handle);
  }
  if (mpit.session_open) MPI_T_pvar_session_free(&mpit.session);
  mpit.session_open = 0;
  sk_tp_gather_doubles(g, mine, (int)slots, all, 0);
  if (me == 0) {
    sk_str zero;
    sk_str_init(&s);
    sk_str_init(&zero);
    if (mpit.nvars == 0)
      sk_str_printf(&s, "# mpit: the library offers no readable performance variables (skampi -l MPI_T lists what it has)\n");
    for (i = 0; i < nt; i++) {
      double sum = 0.0, max = 0.0;
      int p;
      char name[96], desc[8];
      int nl = (int)sizeof name, dl = (int)sizeof desc, verbosity, c, bind, ro, cont, atomic;
      MPI_Datatype type;
      MPI_T_enum et;
      if (!read_here[1 + i]) continue;   /* rank 0 reads what the others read */
      for (p = 0; p < n; p++) {
        double x = all[(size_t)p * slots + 1 + (size_t)i];
        sum += x;
        if (p == 0 || x > max) max = x;
      }
      if (MPI_T_pvar_get_info(i, name, &nl, &verbosity, &c, &type, &et, desc, &dl, &bind, &ro, &cont, &atomic)
          != MPI_SUCCESS) continue;
      if (sum == 0.0 && max == 0.0) {   /* read and zero: named on one line at the end */
        sk_str_printf(&zero, "%s%s", zero.len ? ", " : "# mpit 0 on every process: ", name);
        continue;
      }
      sk_str_printf(&s, "# mpit %s (%s%s): sum %.6g, max %.6g over %d processes\n", name,
                    mpit_class_name(cls[1 + i]), mpit_differenced(cls[1 + i]) ? ", change" : "", sum, max, n);
    }
    if (zero.len) { sk_str_puts(&s, zero.data); sk_str_putc(&s, '\n'); }
    sk_str_free(&zero);
    if (s.data) {
      sk_copy_string(note, size, s.data);
      if (s.len >= size && size > 1) note[size - 2] = '\n';
    }
    sk_str_free(&s);
    free(all);
  }
  free(mine);
  free(read_here);
  free(cls);
  free(mpit.vars);
  mpit.vars = NULL;
  mpit.nvars = 0;
}

SK_API int sk_mpit_list(sk_str *out)
{
  int n = 0, nc = 0, i;
  if (!mpit_init()) { sk_str_printf(out, "MPI_T: MPI_T_init_thread failed\n"); return 1; }
  MPI_T_pvar_get_num(&n);
  MPI_T_cvar_get_num(&nc);
  sk_str_printf(out, "MPI_T performance variables: %d (switch_mpit_on() records those marked *)\n", n);
  for (i = 0; i < n; i++) {
    char name[128], desc[256];
    int nl = (int)sizeof name, dl = (int)sizeof desc, verbosity, cls, bind, ro, cont, atomic;
    MPI_Datatype type;
    MPI_T_enum et;
    if (MPI_T_pvar_get_info(i, name, &nl, &verbosity, &cls, &type, &et, desc, &dl, &bind, &ro, &cont, &atomic)
        != MPI_SUCCESS) continue;
    mpit_one_line(desc);
    sk_str_printf(out, " %c %s (%s)%s%s\n",
                  mpit_numeric(type) && cls != MPI_T_PVAR_CLASS_STATE && cls != MPI_T_PVAR_CLASS_GENERIC
                  && (bind == MPI_T_BIND_NO_OBJECT || bind == MPI_T_BIND_MPI_COMM) && !mpit_unsafe(name) ? '*' : ' ',
                  name, mpit_class_name(cls), desc[0] ? ": " : "", desc);
  }
  sk_str_printf(out, "MPI_T control variables: %d\n", nc);
  for (i = 0; i < nc; i++) {
    char name[128], desc[256];
    int nl = (int)sizeof name, dl = (int)sizeof desc, verbosity, bind, scope;
    MPI_Datatype type;
    MPI_T_enum et;
    if (MPI_T_cvar_get_info(i, name, &nl, &verbosity, &type, &et, desc, &dl, &bind, &scope) != MPI_SUCCESS) continue;
    mpit_one_line(desc);
    sk_str_printf(out, "   %s%s%s\n", name, desc[0] ? ": " : "", desc);
  }
  return 1;
}

#else

SK_API void sk_mpit_begin(sk_group *g) { (void)g; }
SK_API void sk_mpit_end(sk_group *g, char *note, size_t size) { (void)g; (void)size; note[0] = '\0'; }
SK_API int sk_mpit_list(sk_str *out)
{
  sk_str_printf(out, "MPI_T: not in this build (it needs -DSKAMPI_MPIT and an MPI 3 library; this is the %s build)\n",
                SK_BACKEND_NAME);
  return 0;
}

#endif
/* --- end split/mpit.c --- */
/* --- begin split/peruse.c --- */
#line 1 "split/peruse.c"
/*
** peruse.c -- see peruse.h. The callbacks only count and time: per event kind a count;
** per request (the event's unique id, in a small open-addressing table) the times of its
** activation, transfer begin and queue insertions, from which four durations are
** accumulated (sum, maximum, number). The helpers switch_peruse_on / _off are in
** builtins.c. Checked against Open MPI 4.1.4 built with --enable-peruse: all eleven
** events are there; small messages sent on ob1's inline path raise no REQ events on
** the sender; MSG_MATCH_POSTED_REQ carries the request's id (only counted here).
*/
#line 11 "split/peruse.c"

#if SK_HAVE_PERUSE
#include <peruse.h>

/* The events of MPI PERUSE 2.0 §4.3 that skampi counts, by the names §5.2.3 queries. */
static const char *const pe_names[] = {
  "PERUSE_COMM_REQ_ACTIVATE", "PERUSE_COMM_REQ_MATCH_UNEX", "PERUSE_COMM_REQ_INSERT_IN_POSTED_Q",
  "PERUSE_COMM_REQ_REMOVE_FROM_POSTED_Q", "PERUSE_COMM_REQ_XFER_BEGIN", "PERUSE_COMM_REQ_XFER_END",
  "PERUSE_COMM_REQ_COMPLETE", "PERUSE_COMM_MSG_ARRIVED", "PERUSE_COMM_MSG_INSERT_IN_UNEX_Q",
  "PERUSE_COMM_MSG_REMOVE_FROM_UNEX_Q", "PERUSE_COMM_MSG_MATCH_POSTED_REQ"
};
enum {
  PE_ACTIVATE, PE_MATCH_UNEX, PE_INSERT_POSTED, PE_REMOVE_POSTED, PE_XFER_BEGIN, PE_XFER_END,
  PE_COMPLETE, PE_ARRIVED, PE_INSERT_UNEX, PE_REMOVE_UNEX, PE_MATCH_POSTED, PE_NEVENTS
};
/* The four durations of peruse.h's note. */
enum { PD_ACTIVATE_TO_XFER, PD_XFER, PD_POSTED_Q, PD_UNEX_Q, PD_N };
static const char *const pd_names[] = {
  "activate->xfer_begin", "xfer_begin->xfer_end", "posted queue residence", "unexpected queue residence"
};

#define PE_SLOTS 1024   /* requests and messages in flight that one process can follow */

/* A request's (or an unexpected message's, §4.3: MSG events carry the message's own id)
** times. Slots are freed when the request completes or the message leaves the
** unexpected queue; a freed slot is a tombstone, so the ids stored after it stay
** reachable. */
enum { PE_FREE, PE_USED, PE_GONE };

typedef struct pe_request {
  MPI_Aint id;
  int state;
  double t_activate, t_xfer, t_posted, t_unex;
} pe_request;

static struct {
  int initialised, ok;
  peruse_event_h handle[PE_NEVENTS];
  int supported[PE_NEVENTS];
  double count[PE_NEVENTS];
  double sum[PD_N], max[PD_N], n[PD_N];
  pe_request req[PE_SLOTS];
} pe;

static pe_request *pe_slot(MPI_Aint id)
{
  unsigned long h = ((unsigned long)id >> 4) % PE_SLOTS, k;
  pe_request *reuse = NULL;
  for (k = 0; k < PE_SLOTS; k++) {
    pe_request *r = &pe.req[(h + k) % PE_SLOTS];
    if (r->state == PE_USED && r->id == id) return r;
    if (r->state == PE_GONE && reuse == NULL) reuse = r;
    if (r->state == PE_FREE) { if (reuse == NULL) reuse = r; break; }
  }
  if (reuse == NULL) return NULL;   /* table full: this one is not timed */
  memset(reuse, 0, sizeof *reuse);
  reuse->state = PE_USED;
  reuse->id = id;
  return reuse;
}

static void pe_duration(int which, double since, double now)
{
  double d;
  if (since <= 0.0) return;
  d = now - since;
  pe.sum[which] += d;
  pe.n[which] += 1.0;
  if (d > pe.max[which]) pe.max[which] = d;
}

static int pe_callback(peruse_event_h event_h, MPI_Aint unique_id, peruse_comm_spec_t *spec, void *param)
{
  int kind = (int)(size_t)param;
  double now = MPI_Wtime();
  pe_request *r;
  (void)event_h; (void)spec;
  pe.count[kind] += 1.0;
  /* counted only: a message's arrival, and the matches (Open MPI 4.1 passes the
  ** request's id with MSG_MATCH_POSTED_REQ, not the message's as §4.3 says) */
  if (kind == PE_ARRIVED || kind == PE_MATCH_UNEX || kind == PE_MATCH_POSTED) return MPI_SUCCESS;
  r = pe_slot(unique_id);
  if (r == NULL) return MPI_SUCCESS;
  switch (kind) {
  case PE_ACTIVATE:                        /* a request's life begins: no older times */
    r->t_xfer = r->t_posted = r->t_unex = 0.0;
    r->t_activate = now;
    break;
  case PE_XFER_BEGIN: pe_duration(PD_ACTIVATE_TO_XFER, r->t_activate, now); r->t_xfer = now; break;
  case PE_XFER_END: pe_duration(PD_XFER, r->t_xfer, now); break;
  case PE_INSERT_POSTED: r->t_posted = now; break;
  case PE_REMOVE_POSTED: pe_duration(PD_POSTED_Q, r->t_posted, now); r->t_posted = 0.0; break;
  case PE_INSERT_UNEX: r->t_unex = now; break;
  case PE_REMOVE_UNEX: pe_duration(PD_UNEX_Q, r->t_unex, now); r->state = PE_GONE; break;
  case PE_COMPLETE: r->state = PE_GONE; break;       /* the id may be used again */
  default: break;
  }
  return MPI_SUCCESS;
}

SK_API void sk_peruse_begin(sk_group *g)
{
  MPI_Comm comm = sk_tp_group_mpi_comm(g);
  int i, event;
  if (!pe.initialised) { pe.initialised = 1; pe.ok = PERUSE_Init() == PERUSE_SUCCESS; }
  memset(pe.count, 0, sizeof pe.count);
  memset(pe.sum, 0, sizeof pe.sum);
  memset(pe.max, 0, sizeof pe.max);
  memset(pe.n, 0, sizeof pe.n);
  memset(pe.req, 0, sizeof pe.req);
  for (i = 0; i < PE_NEVENTS; i++) {
    pe.supported[i] = 0;
    pe.handle[i] = PERUSE_EVENT_HANDLE_NULL;
    if (!pe.ok || PERUSE_Query_event(pe_names[i], &event) != PERUSE_SUCCESS) continue;
    if (PERUSE_Event_comm_register(event, comm, pe_callback, (void *)(size_t)i, &pe.handle[i]) != PERUSE_SUCCESS)
      continue;
    if (PERUSE_Event_activate(pe.handle[i]) != PERUSE_SUCCESS) { PERUSE_Event_release(&pe.handle[i]); continue; }
    pe.supported[i] = 1;
  }
  /* no member's measurement traffic before every member listens: else a message that
  ** arrives early is filed unexpected unseen, and only its removal is counted */
  sk_tp_barrier(g);
}

/* What one process sends to rank 0: counts, supported flags, then sum/max/n per duration. */
#define PE_PACK (2 * PE_NEVENTS + 3 * PD_N)

SK_API void sk_peruse_end(sk_group *g, char *note, size_t size)
{
  double mine[PE_PACK], *all = NULL;
  int i, p, n = sk_tp_group_size(g), me = sk_tp_group_rank(g);
  size_t used = strlen(note);
  for (i = 0; i < PE_NEVENTS; i++)
    if (pe.supported[i]) { PERUSE_Event_deactivate(pe.handle[i]); PERUSE_Event_release(&pe.handle[i]); }
  for (i = 0; i < PE_NEVENTS; i++) { mine[i] = pe.count[i]; mine[PE_NEVENTS + i] = pe.supported[i]; }
  for (i = 0; i < PD_N; i++) {
    mine[2 * PE_NEVENTS + 3 * i] = pe.sum[i];
    mine[2 * PE_NEVENTS + 3 * i + 1] = pe.max[i];
    mine[2 * PE_NEVENTS + 3 * i + 2] = pe.n[i];
  }
  if (me == 0) all = (double *)sk_malloc(sizeof(double) * PE_PACK * (size_t)n);
  sk_tp_gather_doubles(g, mine, PE_PACK, all, 0);
  if (me == 0) {
    sk_str s;
    int missing = 0;
    sk_str_init(&s);
    sk_str_puts(&s, "# peruse events:");
    for (i = 0; i < PE_NEVENTS; i++) {
      double c = 0.0;
      if (!all[PE_NEVENTS + i]) { missing++; continue; }
      for (p = 0; p < n; p++) c += all[(size_t)p * PE_PACK + (size_t)i];
      sk_str_printf(&s, "%s %s %.0f", i ? "," : "", pe_names[i] + 7, c);
    }
    sk_str_printf(&s, " (sum over %d processes)\n", n);
    for (i = 0; i < PD_N; i++) {
      double sum = 0.0, max = 0.0, cnt = 0.0;
      for (p = 0; p < n; p++) {
        const double *x = all + (size_t)p * PE_PACK + 2 * PE_NEVENTS + 3 * (size_t)i;
        sum += x[0];
        if (x[1] > max) max = x[1];
        cnt += x[2];
      }
      if (cnt > 0.0)
        sk_str_printf(&s, "# peruse %s: mean %.3f us, max %.3f us (%.0f requests)\n", pd_names[i],
                      sum / cnt * 1e6, max * 1e6, cnt);
    }
    if (missing) {
      sk_str_puts(&s, "# peruse: the library does not support");
      for (i = 0; i < PE_NEVENTS; i++) if (!all[PE_NEVENTS + i]) sk_str_printf(&s, " %s", pe_names[i]);
      sk_str_putc(&s, '\n');
    }
    if (used + 1 < size) sk_copy_string(note + used, size - used, s.data);
    sk_str_free(&s);
    free(all);
  }
}

#else

SK_API void sk_peruse_begin(sk_group *g) { (void)g; }
SK_API void sk_peruse_end(sk_group *g, char *note, size_t size) { (void)g; (void)note; (void)size; }

#endif
/* --- end split/peruse.c --- */
/* --- begin split/engine.h --- */
#line 1 "split/engine.h"
/*
** engine.h -- one measure statement from start to end, on every process (SPMD). The
** interpreter evaluates the arguments and writes the line; everything between belongs
** here, in this order:
**   1. init on the members of the communicator (the minimum process count is checked
**      first, once, from the registry row);
**   2. agreement of ALL processes, before anything is sent: a failed init stops the run
**      with its message, a buffer need beyond set_skampi_buffer is SK_NO_ROOM (the
**      interpreter ends a loop up to '...' there, or reports the error);
**   2a. with the verify setting on (switch_verification_on, `skampi -v`) and a verifier
**      for the row (verify.h): one call with pattern-filled buffers, checked on every
**      process; a mismatch is SK_VERIFY_FAILED with the message naming the measurement,
**      its arguments and the first differing byte (the interpreter stops with exit 3);
**   3. the dummy time of the communicator and pattern, once per run (SKaLib report
**      (TR 99/07) §3.2: an empty single measurement of the same pattern under ASEC,
**      reported, never subtracted);
**   4. the ASEC run (runner.h) and finalize;
**   5. the result travels to world rank 0, and every process learns rank 0's verdict:
**      the time (autorefine needs it everywhere), failure, and whether the suite's time
**      limit is spent.
*/
#ifndef SK_ENGINE_H
#define SK_ENGINE_H

#line 26 "split/engine.h"
#line 27 "split/engine.h"

typedef enum sk_measure_status { SK_MEASURED, SK_NO_ROOM, SK_FAILED, SK_VERIFY_FAILED } sk_measure_status;

typedef struct sk_engine {
  const sk_settings *settings;
  struct sk_dummy_seen {      /* (communicator, pattern) pairs whose dummy time is out */
    sk_group *group;
    double time;              /* world rank 0: the dummy time (seconds) */
    int pattern;
  } *dummies;
  size_t ndummies, capdummies;
} sk_engine;

typedef struct sk_measure_outcome {
  sk_measure_status status;   /* every process */
  double time;                /* every process: the result (seconds), for autorefine */
  int suite_time_spent;       /* every process: the suite's time limit is reached */
  char message[320];          /* world rank 0: why SK_NO_ROOM or SK_FAILED */
  /* world rank 0 only: */
  sk_result result;
  int has_dummy;              /* the dummy time of this communicator and pattern, new */
  sk_result dummy;
  sk_pattern dummy_pattern;
  double dummy_time;          /* the dummy time of this communicator and pattern (seconds) */
} sk_measure_outcome;

SK_API void sk_engine_init(sk_engine *e, const sk_settings *settings);
SK_API void sk_engine_free(sk_engine *e);
/* Collective over all processes. suite_started: when the enclosing measurement block
** began (sk_engine_clock). Free the outcome with sk_outcome_free. */
SK_API void sk_engine_measure(sk_engine *e, const sk_measurement *def, sk_group *g, const sk_value *args,
                              double suite_started, sk_measure_outcome *out);
SK_API void sk_outcome_free(sk_measure_outcome *out);
/* The dummy time of a pattern on g (collective over all processes; complete on world
** rank 0): the one definition of "dummy time", also used for the output header. */
SK_API void sk_engine_dummy_time(const sk_settings *settings, sk_group *g, sk_pattern pattern, sk_result *res);
/* This process writes the results (world rank 0). */
SK_API int sk_engine_reports(void);
/* This process's world rank; a communicator's size and world ranks. */
SK_API int sk_engine_process(void);
SK_API int sk_engine_comm_size(const sk_group *g);
SK_API const int *sk_engine_comm_members(const sk_group *g);
/* Collective over all processes: every process's text (NUL-terminated) reaches world
** rank 0, which passes them to write in rank order. */
SK_API void sk_engine_collect_text(const char *mine, void (*write)(const char *text));
SK_API double sk_engine_clock(void);
/* The clock's resolution (seconds). */
SK_API double sk_engine_tick(void);

#endif
/* --- end split/engine.h --- */
/* --- begin split/engine.c --- */
#line 1 "split/engine.c"
/*
** engine.c -- see engine.h.
*/
#line 5 "split/engine.c"
#line 6 "split/engine.c"
#line 7 "split/engine.c"

SK_API void sk_engine_init(sk_engine *e, const sk_settings *settings)
{
  memset(e, 0, sizeof *e);
  e->settings = settings;
}

SK_API void sk_engine_free(sk_engine *e)
{
  free(e->dummies);
  e->dummies = NULL;
  e->ndummies = e->capdummies = 0;
}

SK_API void sk_outcome_free(sk_measure_outcome *out)
{
  sk_result_free(&out->result);
  sk_result_free(&out->dummy);
}

SK_API int sk_engine_reports(void) { return sk_tp_world_rank() == 0; }
SK_API double sk_engine_clock(void) { return sk_tp_wtime(); }
SK_API double sk_engine_tick(void) { return sk_tp_wtick(); }
SK_API int sk_engine_process(void) { return sk_tp_world_rank(); }
SK_API int sk_engine_comm_size(const sk_group *g) { return sk_tp_group_size(g); }
SK_API const int *sk_engine_comm_members(const sk_group *g) { return sk_tp_group_members(g); }

SK_API void sk_engine_collect_text(const char *mine, void (*write)(const char *text))
{
  int i, size = sk_tp_world_size();
  unsigned long n = (unsigned long)strlen(mine);
  if (sk_tp_world_rank() != 0) {
    sk_tp_send(sk_tp_world(), 0, &n, sizeof n);
    sk_tp_send(sk_tp_world(), 0, mine, (size_t)n);
    return;
  }
  write(mine);
  for (i = 1; i < size; i++) {
    char *text;
    sk_tp_recv(sk_tp_world(), i, &n, sizeof n);
    text = (char *)sk_malloc((size_t)n + 1);
    sk_tp_recv(sk_tp_world(), i, text, (size_t)n);
    text[n] = '\0';
    write(text);
    free(text);
  }
}

/* The result complete on rank 0 of g goes to world rank 0 (nothing moves when they are
** the same process). On MPI_COMM_SELF every process measured its own group: world rank
** 0's result is the one reported, as in the original SKaMPI. */
static void engine_forward(sk_group *g, sk_result *res)
{
  int leader = sk_tp_group_world_rank(g, 0), me = sk_tp_world_rank(), n = sk_tp_group_size(g);
  size_t count = SK_RESULT_DOUBLES(n);
  double *pack;
  if (g == sk_tp_self()) return;
  if (leader == 0 || (me != 0 && me != leader)) return;
  pack = (double *)sk_malloc(sizeof(double) * count);
  if (me == leader) {
    sk_result_pack(res, pack);
    sk_tp_send(sk_tp_world(), 0, pack, sizeof(double) * count);
    sk_tp_send(sk_tp_world(), 0, res->fail_msg, sizeof res->fail_msg);
    sk_tp_send(sk_tp_world(), 0, res->note, sizeof res->note);
  } else {
    sk_result_init(res);
    sk_tp_recv(sk_tp_world(), leader, pack, sizeof(double) * count);
    sk_tp_recv(sk_tp_world(), leader, res->fail_msg, sizeof res->fail_msg);
    sk_tp_recv(sk_tp_world(), leader, res->note, sizeof res->note);
    sk_result_unpack(res, pack, n);
  }
  free(pack);
}

SK_API void sk_engine_dummy_time(const sk_settings *settings, sk_group *g, sk_pattern pattern, sk_result *res)
{
  sk_result_init(res);
  if (pattern == SK_PATTERN_SIMPLE_OWN_TIME) pattern = SK_PATTERN_SIMPLE;
  if (sk_tp_group_rank(g) >= 0) sk_runner_dummy(g, pattern, settings, res);
  engine_forward(g, res);
}

/* Step 3: once per communicator and pattern. */
static void engine_dummy_once(sk_engine *e, const sk_measurement *def, sk_group *g, sk_measure_outcome *out)
{
  sk_pattern pattern = def->pattern == SK_PATTERN_SIMPLE_OWN_TIME ? SK_PATTERN_SIMPLE : def->pattern;
  size_t i;
  for (i = 0; i < e->ndummies; i++)
    if (e->dummies[i].group == g && e->dummies[i].pattern == (int)pattern) {
      out->dummy_time = e->dummies[i].time;
      return;
    }
  e->dummies = (struct sk_dummy_seen *)sk_grow(e->dummies, &e->capdummies, e->ndummies + 1, sizeof *e->dummies);
  e->dummies[e->ndummies].group = g;
  e->dummies[e->ndummies].pattern = (int)pattern;
  e->ndummies++;
  sk_engine_dummy_time(e->settings, g, pattern, &out->dummy);
  e->dummies[e->ndummies - 1].time = out->dummy_time = out->dummy.time;
  out->has_dummy = 1;
  out->dummy_pattern = pattern;
}

/* Step 2: what every process says after init, and rank 0's verdict. */
typedef struct init_ballot {
  double need;              /* buffer bytes (0 for non-members and failed inits) */
  int failed;
} init_ballot;

typedef struct init_decision {
  int status;               /* an sk_measure_status */
  int who;                  /* the first failing process, or the neediest one */
  double need;              /* SK_NO_ROOM: its need */
} init_decision;

static void engine_decide_init(void *ctx, const void *ballots, int n, void *decision)
{
  const sk_settings *settings = (const sk_settings *)ctx;
  const init_ballot *b = (const init_ballot *)ballots;
  init_decision *d = (init_decision *)decision;
  double worst = -1.0;
  int i;
  d->status = SK_MEASURED;
  d->who = 0;
  d->need = 0.0;
  for (i = 0; i < n; i++) {
    if (b[i].failed && d->status != SK_FAILED) { d->status = SK_FAILED; d->who = i; }
    if (b[i].need > worst) { worst = b[i].need; if (d->status != SK_FAILED) d->who = i; }
  }
  if (d->status == SK_MEASURED && worst > (double)settings->buffers.size) {
    d->status = SK_NO_ROOM;
    d->need = worst;
  }
}

/* Step 2a: the verification pass; 0 when the data was right (or nothing to verify). */
typedef struct verify_decision {
  int failed;
  int who;                  /* the first process with a mismatch */
} verify_decision;

static void engine_decide_verify(void *ctx, const void *ballots, int n, void *decision)
{
  const int *failed = (const int *)ballots;
  verify_decision *d = (verify_decision *)decision;
  int i;
  (void)ctx;
  d->failed = 0;
  d->who = 0;
  for (i = 0; i < n; i++) if (failed[i]) { d->failed = 1; d->who = i; break; }
}

static int engine_verify(const sk_measurement *def, sk_mctx *m, int member, const sk_value *args,
                         sk_measure_outcome *out)
{
  const sk_verifier *v = sk_verifier_find(def->alias_of ? def->alias_of : def->name);
  verify_decision d;
  int mine;
  if (v == NULL || v->check == NULL) return 0;
  if (member) {
    sk_buffers_place(&m->settings->buffers, m->send_usage, m->recv_usage, 0, &m->send_buf, &m->recv_buf);
    if (sk_runner_takes_part(def, m)) sk_verify_call(def, v, m, args);
  }
  mine = member && m->failed;
  sk_agree(sk_tp_world(), &mine, sizeof mine, &d, sizeof d, engine_decide_verify, NULL);
  if (!d.failed) return 0;
  sk_agree_fetch_message(sk_tp_world(), d.who, m->fail_msg, sizeof m->fail_msg);
  if (sk_tp_world_rank() == 0) {
    sk_str msg;
    const char *p;
    int i = 0;
    sk_str_init(&msg);
    sk_str_printf(&msg, "verification of %s(", def->name);
    for (p = def->params ? def->params : ""; *p && *p != '*'; p++, i++) {
      if (i) sk_str_puts(&msg, ", ");
      sk_value_format(&msg, &args[i]);
    }
    sk_str_printf(&msg, ") failed: %s", m->fail_msg);
    sk_copy_string(out->message, sizeof out->message, msg.data);
    sk_str_free(&msg);
  }
  out->status = SK_VERIFY_FAILED;
  return 1;
}

/* Step 5: rank 0's verdict after the run. */
typedef struct final_decision {
  double time;
  int failed;
  int suite_time_spent;
} final_decision;

SK_API void sk_engine_measure(sk_engine *e, const sk_measurement *def, sk_group *g, const sk_value *args,
                              double suite_started, sk_measure_outcome *out)
{
  const sk_settings *settings = e->settings;
  sk_group *world = sk_tp_world();
  int member = sk_tp_group_rank(g) >= 0;
  sk_mctx m;
  init_ballot mine;
  init_decision d;
  final_decision f;
  memset(out, 0, sizeof *out);
  memset(&m, 0, sizeof m);
  if (member) sk_runner_init(def, &m, g, args, settings);
  mine.need = member && !m.failed ? sk_buffers_needed(&settings->buffers, m.send_usage, m.recv_usage) : 0.0;
  mine.failed = m.failed;
  sk_agree(world, &mine, sizeof mine, &d, sizeof d, engine_decide_init, (void *)settings);
  out->status = (sk_measure_status)d.status;
  if (d.status == SK_FAILED) {
    sk_agree_fetch_message(world, d.who, m.fail_msg, sizeof m.fail_msg);
    sk_copy_string(out->message, sizeof out->message, m.fail_msg);   /* messages name their function */
    return;
  }
  if (d.status == SK_NO_ROOM) {
    sk_str msg;
    if (member) sk_runner_finalize(def, &m, args);
    sk_str_init(&msg);
    sk_str_printf(&msg, "%s needs %ld bytes of buffer on process %d, but set_skampi_buffer gave %lu",
                  def->name, (long)d.need, d.who,
                  (unsigned long)settings->buffers.size);
    sk_copy_string(out->message, sizeof out->message, msg.data);
    sk_str_free(&msg);
    return;
  }
  if (settings->verify && engine_verify(def, &m, member, args, out)) {
    if (member) sk_runner_finalize(def, &m, args);
    return;
  }
  engine_dummy_once(e, def, g, out);
  sk_result_init(&out->result);
  if (member) {
    if (settings->mpit) sk_mpit_begin(g);
    if (settings->peruse) sk_peruse_begin(g);
    sk_runner_run(def, &m, args, &out->result);
    if (settings->mpit) sk_mpit_end(g, out->result.note, sizeof out->result.note);
    if (settings->peruse) sk_peruse_end(g, out->result.note, sizeof out->result.note);
    sk_runner_finalize(def, &m, args);
  }
  engine_forward(g, &out->result);
  if (sk_tp_world_rank() == 0) {
    f.time = out->result.time;
    f.failed = out->result.failed;
    f.suite_time_spent = settings->suite_time_limit > 0.0 && sk_tp_wtime() - suite_started >= settings->suite_time_limit;
    if (f.failed) {
      sk_str msg;
      sk_str_init(&msg);
      sk_str_printf(&msg, "%s failed: %s", def->name, out->result.fail_msg);
      sk_copy_string(out->message, sizeof out->message, msg.data);
      sk_str_free(&msg);
    }
  }
  sk_agree(world, NULL, 0, &f, sizeof f, NULL, NULL);
  out->time = f.time;
  out->suite_time_spent = f.suite_time_spent;
  if (f.failed) out->status = SK_FAILED;
}
/* --- end split/engine.c --- */
/* --- begin split/builtins.h --- */
#line 1 "split/builtins.h"
/*
** builtins.h -- the helper functions (SKaMPI 5 manual §4.1) and iterators (§4.2, §6.3) of the
** input language, by name. Parameter letters as in measure.h; a trailing '*' in params
** would mean "any number of further arguments" (not used by SKaMPI 5's helpers).
*/
#ifndef SK_BUILTINS_H
#define SK_BUILTINS_H

#line 10 "split/builtins.h"

struct sk_interp;

typedef sk_value (*sk_builtin_fn)(struct sk_interp *in, const sk_value *args, const sk_loc *loc);

typedef struct sk_builtin {
  const char *name;
  const char *params;
  sk_type result;             /* SK_T_NONE: no value */
  sk_builtin_fn fn;
} sk_builtin;

/* The iterator protocol of SKaMPI 5 manual §6.3: called first with *self == NULL (initialise,
** may set *self to private state, return the first value); then again for each further
** value; when exhausted it sets *self to NULL and the return value is ignored. */
typedef sk_value (*sk_iterator_fn)(void **self, const sk_value *args);

typedef struct sk_iterator {
  const char *name;
  const char *params;
  sk_iterator_fn fn;
} sk_iterator;

/* A measurement module may export builtins of its own: a function returning its table
** (terminated by a row whose name is NULL), listed in builtins.c's builtin_module_tables
** the way catalogue.c lists the measurement tables; sk_builtin_find searches them too. */
typedef const sk_builtin *(*sk_builtin_table_fn)(void);
SK_API const sk_builtin *sk_builtins_bcast_algos(void);

SK_API const sk_builtin *sk_builtin_find(const char *name);
SK_API const sk_iterator *sk_iterator_find(const char *name);
/* Every helper (builtin_table, then the module tables) and every iterator of the build, by
** index from 0; NULL past the last one (skampi -l lists them). */
SK_API const sk_builtin *sk_builtin_entry(int i);
SK_API const sk_iterator *sk_iterator_entry(int i);
/* Predefined constants (§5.2): datatypes, operators, MPI_COMM_WORLD, MPI_UNDEFINED, ...
** MPI_COMM_NULL is the NULL group (measure statements must skip it). */
SK_API int sk_constant_find(const char *name, sk_value *out);
/* 1 (and the reason in why) if name is a predefined name this build cannot offer: MPI-2
** names without MPI-2, MPI-IO names without MPI-IO, MPI_LB/MPI_UB on MPI-3 and later, any
** MPI-only name on the sequential and RCCE backends. The front end reports it instead of
** "unknown identifier". */
SK_API int sk_constant_unavailable(const char *name, char *why, size_t size);
/* The fixed seed of get_random_int and comm_rand (the same sequence on every process). */
SK_API long sk_random_seed(void);

#endif
/* --- end split/builtins.h --- */
/* --- begin split/output.h --- */
#line 1 "split/output.h"
/*
** output.h -- the .sko writer (SKaMPI 5 manual §7.1): header lines starting with
** '#', per measurement block `# begin result "name"`, one line per measurement (loop
** variables as "name= value", reported message size, time and standard error in
** microseconds, number of single measurements, selected per-process times), then
** `# end result "name"` and `# duration = X sec`. Only rank 0 writes; every line is
** flushed, so a killed run keeps every block it finished. An existing output file is
** never overwritten: its content is kept as NAME.1 (NAME.2, ...) first (filepaths.h).
** Lines measured inside autorefine loops are held and written sorted by the loop
** variable when the loop ends.
** Labels: while a label is set (sk_out_label), a line whose label differs from the last
** one written in the block is preceded by `# measure LABEL` (README, "Output"), and held
** lines are sorted by label (in order of first appearance) before the loop variable, so
** each label's lines form one group. A line added by autorefine is preceded by
** `# (added by autorefine)`; notes about a line (sk_out_note) follow it, also when held.
*/
#ifndef SK_OUTPUT_H
#define SK_OUTPUT_H

#line 21 "split/output.h"

typedef struct sk_loopvar {
  const char *name;
  sk_value value;
} sk_loopvar;

/* path NULL or "-": standard output. Returns 0 with *err set when it cannot open. */
SK_API int sk_out_open(const char *path, sk_str *err, char *backup, size_t backup_size);
SK_API void sk_out_text(const char *text);          /* verbatim, e.g. header lines */
SK_API void sk_out_begin_block(const char *name);
SK_API void sk_out_end_block(const char *name, double seconds);
/* The printed time unit: seconds x factor (set_unit; 1e6, microseconds, by default). */
SK_API void sk_out_set_unit(double factor);
/* The label of the lines that follow (NULL: none, as in a block with one measure
** statement); copied. sk_out_begin_block clears it. */
SK_API void sk_out_label(const char *label);
/* The next line was added by autorefine (SKaLib §3.3), not a point of the plain loop. */
SK_API void sk_out_mark_added(void);
/* A '#' note about the line just written (time limit, discarded repetitions): it stays
** right after that line, also when the line is held and sorted. */
SK_API void sk_out_note(const char *text);
/* One measurement line; times in seconds (printed in the unit of sk_out_set_unit). */
SK_API void sk_out_line(const sk_loopvar *vars, int nvars, long reported_size, double time,
                        double std_error, int reps, const double *node_times, int nnode);
/* Hold lines from now on; sk_out_hold_end sorts the held lines by loop variable number
** `var_index` and, when no hold is left open, writes them. */
SK_API void sk_out_hold_begin(void);
SK_API void sk_out_hold_end(int var_index);
SK_API void sk_out_close(void);
/* A whole file at once (merge, export, report): opened by the rules of sk_out_open (a
** backup of an existing file is announced on stderr), written, closed. 0: *err set. */
SK_API int sk_out_file(const char *path, const char *text, sk_str *err);
/* Resuming (runlog.h): open path cut to its first `bytes` bytes and write after them;
** the current byte offset of the file (-1 for standard output); mute (1) while the
** suites kept from the interrupted run are skipped, so nothing is written twice. */
SK_API int sk_out_open_at(const char *path, long bytes, sk_str *err);
SK_API long sk_out_offset(void);
SK_API void sk_out_mute(int on);

#endif
/* --- end split/output.h --- */
/* --- begin split/catalogue.h --- */
#line 1 "split/catalogue.h"
/*
** catalogue.h -- the measurement functions known to this build, by name
** (SKaMPI 5 manual §3). Every row exists in every build; those whose functions the
** build lacks say so (sk_catalogue_unavailable).
*/
#ifndef SK_CATALOGUE_H
#define SK_CATALOGUE_H

#line 10 "split/catalogue.h"

SK_API const sk_measurement *sk_catalogue_find(const char *name);
/* NULL when this build can run the row; otherwise a message saying what it needs,
** e.g. "'Bcast' needs an MPI library, which the sequential build lacks". */
SK_API const char *sk_catalogue_unavailable(const sk_measurement *m, char *buf, size_t size);
/* The type name of a parameter letter (measure.h, builtins.h): "int", "IArray", ... */
SK_API const char *sk_param_type_name(char letter);
/* Iteration over all entries: i = 0, 1, ... until NULL. */
SK_API const sk_measurement *sk_catalogue_entry(int i);
/* The listing of `skampi -l`: every measurement row (or only the one called `name`),
** grouped by family, with parameter names and types, pattern, minimum number of
** processes, "alias of X" and what the build lacks. Returns the number of rows listed. */
SK_API int sk_catalogue_list(sk_str *out, const char *name);

#endif
/* --- end split/catalogue.h --- */
/* --- begin split/meas_mpi.h --- */
#line 1 "split/meas_mpi.h"
/*
** meas_mpi.h -- helpers shared by the MPI measurement modules (meas_mpi_*.c), defined
** in meas_mpi.c; the window helpers of the one-sided modules, defined in
** meas_mpi_win_sync.c; and the tables the modules export (in every build: the rows of a
** build without MPI have no functions, see measure.h).
**
** Argument checks: each sk_mpi_check_* returns 1 when the argument is fine; otherwise it
** calls sk_meas_fail() with a message naming the measurement function and the
** parameter, and returns 0. After a failure the later checks do nothing (the first
** message is kept), so an init function may run several checks and then test
** m->failed once. The checks depend only on the arguments and the communicator size,
** which are the same on every process, so all processes agree on the outcome and a
** collective init step (a window creation) is either done by all or by none. The
** minimum number of processes is no init's business: the engine checks the row's
** min_procs before init.
*/
#ifndef SK_MEAS_MPI_H
#define SK_MEAS_MPI_H

#line 21 "split/meas_mpi.h"

#ifdef SKAMPI_MPI
/* Bytes that `count` elements of `dt` occupy in a buffer (SKaMPI 5 manual §6.2.2 get_extent). */
SK_API size_t sk_mpi_bytes(long count, const sk_datatype *dt);
/* Bytes of data in `count` elements: the reported message size (§6.2 set_reported_message_size). */
SK_API long sk_mpi_data_bytes(long count, const sk_datatype *dt);

/* The measurement communicator of the context. */
SK_API MPI_Comm sk_mpi_comm(const sk_mctx *m);
/* A 'd' parameter (integers are accepted there). */
SK_API double sk_mpi_arg_double(const sk_value *v);
/* Spins on MPI_Wtime for `microseconds` without making any other MPI call: the
** simulated computation or delay of SKaMPI 5 manual §3.3 (delay_us, compute). */
SK_API void sk_mpi_busy_wait(double microseconds);
/* MPI_INT as a datatype of the input language, for the functions without <dt>. */
SK_API const sk_datatype *sk_mpi_int_type(void);
/* The ring neighbours of this process in the measurement communicator. */
SK_API int sk_mpi_ring_left(const sk_mctx *m);
SK_API int sk_mpi_ring_right(const sk_mctx *m);

/* 0 <= value <= INT_MAX (counts, iterations, message numbers). */
SK_API int sk_mpi_check_count(sk_mctx *m, const char *fn, const char *what, long value);
/* 0 <= rank < communicator size. */
SK_API int sk_mpi_check_rank(sk_mctx *m, const char *fn, const char *what, long rank);
/* 0 <= tag <= MPI_TAG_UB of the measurement communicator. */
SK_API int sk_mpi_check_tag(sk_mctx *m, const char *fn, const char *what, long tag);
/* Buffer bytes for `blocks` blocks of `count` elements, failing instead of overflowing;
** when `displaced` is set the element offset blocks*count must also fit an int (the
** displacements of the v-variants are ints). Returns 0 after a failure. */
SK_API size_t sk_mpi_block_bytes(sk_mctx *m, const char *fn, long count, const sk_datatype *dt,
                                 long blocks, int displaced);
/* A matching send and receive must carry the same number of data bytes. */
SK_API int sk_mpi_check_same_data(sk_mctx *m, const char *fn, long send_count, const sk_datatype *send_dt,
                                  long recv_count, const sk_datatype *recv_dt);
/* The predefined operator may be applied to the datatype (MPI-1.1 §4.9.2: MAX/MIN/SUM/
** PROD on integers and floating point, logical ops on integers, bitwise ops on integers
** and MPI_BYTE, MINLOC/MAXLOC on the pair types; with one-sided communication also
** MPI_REPLACE on any predefined type). Derived datatypes are refused. */
SK_API int sk_mpi_check_op(sk_mctx *m, const char *fn, const sk_opdef *op, const sk_datatype *dt,
                           int allow_replace);

/* Integer division of `total` elements over `parts` processes: rank gets total/parts,
** the first total%parts ranks one more (used by Reduce_scatter and Reduce_Scatterv). */
SK_API int sk_mpi_share(long total, int parts, int rank);

/* ---- verification (verify.h) ---- */

/* Checks a received block of r_count elements of r_dt at buf against what process
** `stream` sent: s_count elements of s_dt taken from its pattern-filled send buffer at
** byte `offset`. The data is compared in packed form (MPI_Pack, so any pair of
** matching datatypes works), the gaps of r_dt must still be 0. `what` names the
** block in the mismatch message. Returns 1 when right. */
SK_API int sk_mpi_verify_block(sk_mctx *m, const char *what, const char *buf, long r_count,
                               const sk_datatype *r_dt, long s_count, const sk_datatype *s_dt, long stream,
                               size_t offset);
/* Reductions: fills the send buffer with `count` elements of dt, element i of process r
** being a small whole number (so sums and products are exact in every type), and the
** receive buffer with zeros. A pair type (MPI_2INT, MPI_DOUBLE_INT, ... for MINLOC and
** MAXLOC) gets that number as its value and the rank r as its index. _from: the elements
** are those from number first_element on (a part of a longer vector). */
SK_API void sk_mpi_verify_fill_operands(sk_mctx *m, long count, const sk_datatype *dt);
SK_API void sk_mpi_verify_fill_operands_from(sk_mctx *m, long count, const sk_datatype *dt, long first_element);
/* Checks `count` elements of dt at buf against op applied, in rank order, to the
** operands of processes first..last (sk_mpi_verify_fill_operands); MINLOC and MAXLOC
** keep the smallest rank of equal values (MPI-1.1 §4.9.3). _from: the elements from
** number first_element on (a scattered part of the result). Combinations the local
** recomputation does not know (derived types) count as a mismatch of byte 0 with a
** message saying so. */
SK_API int sk_mpi_verify_reduced(sk_mctx *m, const char *what, const char *buf, long count,
                                 const sk_datatype *dt, const sk_opdef *op, int first, int last);
SK_API int sk_mpi_verify_reduced_from(sk_mctx *m, const char *what, const char *buf, long count,
                                      const sk_datatype *dt, const sk_opdef *op, int first, int last,
                                      long first_element);

#if SK_MPI_LEVEL >= 2
/* ---- one-sided communication (meas_mpi_win_sync.c) ---- */

/* The arguments of a one-sided function, read once by its init (sk_win_args_read) and
** kept in the window state. `layout` names the parameters in order, one letter each:
**   c count   t dt   n info   a assert   p doput   m msg_cnt   d delay_us
**   r delay_rank   l lock_type   x dest   s distance   k repetition count
**   i iteration_count   w compute   o op   j disjoint
** Functions without <dt> move MPI_INTs (dt = sk_mpi_int_type()). */
typedef struct sk_win_args {
  long count;
  const sk_datatype *dt;
  const sk_value *info;
  long assertion, doput, msg_cnt, delay_us, delay_rank, lock_type, dest, distance,
       repetitions, iterations, compute, disjoint;
  const sk_opdef *op;
} sk_win_args;

SK_API void sk_win_args_read(sk_win_args *a, const sk_value *args, const char *layout);

/* The state of every one-sided measurement (m->state). */
typedef struct sk_win_state {
  sk_win_args args;          /* as read by init */
  MPI_Win win;               /* MPI_WIN_NULL when the measure function creates its own */
  char *memory;              /* window memory (MPI_Alloc_mem) */
  MPI_Aint memory_size;
  size_t block;              /* bytes of one message: count elements of the datatype */
  int count;
  MPI_Datatype dt;           /* of the messages */
  MPI_Group origins, targets;/* PSCW groups, MPI_GROUP_NULL when unused */
  int n_targets;             /* PSCW targets are ranks 1..n_targets */
  MPI_Datatype derived;      /* Datatype_*: the derived type made once (MPI_DATATYPE_NULL) */
  int stamp;                 /* MPI_Put_activewait_get: number of the current measurement */
} sk_win_state;

/* The window state of a measure function (m->state). */
SK_API sk_win_state *sk_win_of(sk_mctx *m);
/* Checks count and slots, allocates a window of `slots` messages of count elements of
** dt and, if `create`, creates the window with a->info. Keeps *a, sets the reported
** size. NULL after a failure. */
SK_API sk_win_state *sk_win_setup(sk_mctx *m, const char *fn, const sk_win_args *a, long count,
                                  const sk_datatype *dt, long slots, int create);
/* The usual init of (count, dt, info, ...): a window of `slots` messages of a->count
** elements of a->dt, one block in each buffer. */
SK_API sk_win_state *sk_win_simple(sk_mctx *m, const sk_win_args *a, const char *fn, long slots);
/* PSCW groups: origin rank 0, targets ranks 1..n_targets. */
SK_API void sk_win_groups(sk_mctx *m, sk_win_state *s, int n_targets);
SK_API void sk_win_finalize(sk_mctx *m, const sk_value *args);
SK_API MPI_Info sk_win_info(const sk_win_args *a);
/* assertion is a combination of the MPI_MODE_* bits in `allowed` (or 0). */
SK_API int sk_win_check_assert(sk_mctx *m, const char *fn, long assertion, int allowed);
SK_API int sk_win_check_lock_type(sk_mctx *m, const char *fn, long value);
/* MPI_LOCK_SHARED for MPI_LOCK_SHARED or 0, else MPI_LOCK_EXCLUSIVE. */
SK_API int sk_win_lock_type_of(long value);
/* Transfers of one block between the context's buffers and window slot `slot`. */
SK_API void sk_win_put_block(const sk_mctx *m, const sk_win_state *s, int target, long slot);
SK_API void sk_win_get_block(const sk_mctx *m, const sk_win_state *s, int target, long slot, long local_slot);
SK_API void sk_win_accumulate_block(const sk_mctx *m, const sk_win_state *s, int target, long slot, MPI_Op op);

/* One general active target epoch (post-start-complete-wait): rank 0 accesses ranks
** 1..n_targets of the window in m->state; what the plan times is returned on the
** process that has it, -1 elsewhere. */
enum sk_pscw_timed { PSCW_START, PSCW_POST, PSCW_COMPLETE, PSCW_STARTCOMPLETE, PSCW_WAIT, PSCW_TEST_LOOP,
                     PSCW_TEST_ONCE, PSCW_WHOLE };
enum sk_pscw_op { PSCW_NONE, PSCW_PUT, PSCW_GET };

typedef struct sk_pscw_plan {
  enum sk_pscw_timed timed;
  enum sk_pscw_op op;         /* done msg_cnt times by the origin to every target */
  long msg_cnt;
  int assertion;              /* MPI_Win_start gets its NOCHECK bit, MPI_Win_post all */
  double post_delay;          /* microseconds target post_delay_rank waits before posting */
  int post_delay_rank;
  double complete_delay;      /* the origin waits between its transfers and MPI_Win_complete */
  double wait_delay;          /* the targets wait between MPI_Win_post and MPI_Win_wait */
} sk_pscw_plan;

SK_API void sk_pscw_plan_init(sk_pscw_plan *p, enum sk_pscw_timed timed, long assertion, int doput);
SK_API double sk_pscw_run(sk_mctx *m, const sk_pscw_plan *p);

/* Verification of the one-sided measurements (verify.h): the window contents after the
** epoch. A source function tells, for slot `slot` (a block of count elements of dt) of
** this process's window or receive buffer, the rank whose pattern must be there and
** where in that rank's pattern the block starts (*offset, preset to 0), or -1 when
** nothing may have arrived there (the slot must still be zeros). */
typedef long (*sk_win_source)(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset);
/* After the local stores of a prepare: a fence that opens no epoch and a barrier, so
** that no process starts the measured epoch before every window is ready. */
SK_API void sk_win_verify_ready(sk_mctx *m);
/* Prepares: the default buffers; the window zeros (puts) or this process's own pattern
** (gets, so that slot k holds the pattern from offset k*block). */
SK_API void sk_win_prepare_put(sk_mctx *m, const sk_value *args);
SK_API void sk_win_prepare_get(sk_mctx *m, const sk_value *args);
/* buf[0..n) must still be zeros (nothing was to arrive there); else the first nonzero
** byte is the mismatch (verify.h) and the result 0. */
SK_API int sk_win_verify_zeros(sk_mctx *m, const char *what, const char *buf, size_t n);
/* After passive-target epochs, before a process reads its own window: a barrier (every
** epoch is over) and a lock of its own window (public and private copy agree). */
SK_API void sk_win_settle(sk_mctx *m);
/* Checks every slot of the window (sk_win_check_window; _passive settles first) or of
** the receive buffer (sk_win_check_received). */
SK_API void sk_win_check_window(sk_mctx *m, sk_win_source source);
SK_API void sk_win_check_window_passive(sk_mctx *m, sk_win_source source);
SK_API void sk_win_check_received(sk_mctx *m, sk_win_source source);
#endif /* SK_MPI_LEVEL >= 2 */
#endif /* SKAMPI_MPI */

/* A row of the one-sided families: collective pattern, init_NAME, the window's finalize. */
#define SK_WIN_ROW(NAME, PARAMS, NAMES, MIN_PROCS) \
  SK_MEASUREMENT_MPI2(NAME, PARAMS, NAMES, SK_PATTERN_COLLECTIVE, MIN_PROCS, init_##NAME, sk_win_finalize)

/* The tables (NULL-terminated) of the modules, in every build. */
SK_API const sk_measurement *sk_meas_table_mpi(void);
SK_API const sk_measurement *sk_meas_table_mpi_p2p(void);
SK_API const sk_measurement *sk_meas_table_mpi_coll(void);
SK_API const sk_measurement *sk_meas_table_mpi_win_sync(void);
SK_API const sk_measurement *sk_meas_table_mpi_win_transfer(void);
SK_API const sk_measurement *sk_meas_table_mpi_io(void);

#endif
/* --- end split/meas_mpi.h --- */
/* --- begin split/io_files.h --- */
#line 1 "split/io_files.h"
/*
** io_files.h -- the files of the MPI-IO measurements (SKaMPI 6 io.c, localio.c): where
** they go, their names, and their removal. The directory is the one set_io_working_dir
** names or, by default, a fresh directory under TMPDIR (or /tmp) named after world rank
** 0's host and process id, chosen at start (sk_io_files_start) and named in the output
** header. File names carry the host, process id and a counter of the process that makes
** them (rank 0 of the measurement communicator), so concurrent runs cannot collide.
** Every file a process may have created is registered while it exists; a handler of
** SIGTERM, SIGINT and SIGHUP removes the registered files and the default directory and
** then lets the signal take its course; sk_io_files_finish removes the (empty) default
** directory at the end of the run. Outside MPI-IO builds these calls do nothing.
*/
#ifndef SK_IO_FILES_H
#define SK_IO_FILES_H

#line 17 "split/io_files.h"
#line 18 "split/io_files.h"

/* Collective over the world: world rank 0 names the default directory, every process
** learns the name and installs the signal handlers. Without this call (unit tests) each
** process names the default directory after itself on first use. */
SK_API void sk_io_files_start(void);
/* The header line "# MPI-IO files: ..." (nothing outside MPI-IO builds). */
SK_API void sk_io_files_describe(sk_str *out, const char *dir);
/* Removes the registered files and the default directory if empty (every process). */
SK_API void sk_io_files_finish(void);

#if SK_HAVE_MPI_IO
/* The directory of test files: `dir` if not NULL, else the default one (made if needed). */
SK_API const char *sk_io_dir(const char *dir);
/* Collective over comm: rank 0 makes a new file name (`kind` and `group` go into it, e.g.
** "shared", 0), every process receives it in path and registers it for removal. */
SK_API void sk_io_new_name(MPI_Comm comm, const char *dir, const char *kind, int group, char *path, size_t size);
/* A name of a file that exists no more (deleted, or never created): unregistered. */
SK_API void sk_io_forget(const char *path);
/* Removes the file if it exists (unlink) and unregisters it. */
SK_API void sk_io_remove(const char *path);
#endif

#endif
/* --- end split/io_files.h --- */
/* --- begin split/io_files.c --- */
#line 1 "split/io_files.c"
/*
** io_files.c -- see io_files.h. The registry is a fixed table of plain character arrays
** so that the signal handler only calls unlink, rmdir, signal and raise on them. Every
** process removes the default directory at the end (rmdir: only when it is empty), as
** the one that made it may have been ended first.
*/
#line 8 "split/io_files.c"

#if SK_HAVE_MPI_IO
#include <signal.h>
#include <unistd.h>
#include <errno.h>
#include <sys/types.h>
#include <sys/stat.h>

#define IO_MAX_FILES 16
#define IO_PATH 512

static char io_files[IO_MAX_FILES][IO_PATH];     /* registered files ("" = free slot) */
static char io_default[IO_PATH];                  /* the default directory ("" = not named) */
static long io_counter;
static int io_handlers;

static void io_remove_all(void)
{
  int i;
  for (i = 0; i < IO_MAX_FILES; i++) if (io_files[i][0]) unlink(io_files[i]);
  if (io_default[0]) rmdir(io_default);   /* every process: the one that made it may be gone */
}

/* SIGTERM/SIGINT/SIGHUP: remove the files, restore the default action and raise again. */
static void io_on_signal(int sig)
{
  io_remove_all();
  signal(sig, SIG_DFL);
  raise(sig);
}

static void io_install_handlers(void)
{
  static const int sigs[3] = { SIGTERM, SIGINT, SIGHUP };
  int i;
  if (io_handlers) return;
  io_handlers = 1;
  for (i = 0; i < 3; i++) {
    void (*old)(int) = signal(sigs[i], io_on_signal);
    if (old == SIG_IGN) signal(sigs[i], SIG_IGN);   /* a signal ignored (nohup) stays ignored */
  }
}

/* host name with only [A-Za-z0-9.-] (for file names) */
static void io_host(char *buf, size_t size)
{
  char *p;
  sk_tp_processor_name(buf, size);
  for (p = buf; *p; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '.' || *p == '-'))
      *p = '_';
  if (buf[0] == '\0') sk_copy_string(buf, size, "host");
}

static void io_name_default(void)
{
  const char *tmp = getenv("TMPDIR");
  char host[128];
  if (tmp == NULL || tmp[0] == '\0') tmp = "/tmp";
  io_host(host, sizeof host);
  sprintf(io_default, "%.400s/skampi-io-%.64s-%ld", tmp, host, (long)getpid());
}

SK_API void sk_io_files_start(void)
{
  if (sk_tp_world_rank() == 0) io_name_default();
  sk_tp_bcast(sk_tp_world(), io_default, sizeof io_default, 0);
  io_install_handlers();
}

SK_API void sk_io_files_describe(sk_str *out, const char *dir)
{
  if (dir != NULL) sk_str_printf(out, "# MPI-IO files: in %s (set_io_working_dir)\n", dir);
  else sk_str_printf(out, "# MPI-IO files: in %s (made when needed, removed at the end)\n",
                     io_default[0] ? io_default : "a fresh directory under TMPDIR");
}

SK_API void sk_io_files_finish(void)
{
  io_remove_all();
  memset(io_files, 0, sizeof io_files);
}

SK_API const char *sk_io_dir(const char *dir)
{
  if (dir != NULL) return dir;
  if (io_default[0] == '\0') io_name_default();
  io_install_handlers();
  if (mkdir(io_default, 0700) != 0 && errno != EEXIST)
    sk_fatal("MPI-IO: cannot make the directory %s: %s", io_default, strerror(errno));
  return io_default;
}

static void io_register(const char *path)
{
  int i, free_slot = -1;
  for (i = 0; i < IO_MAX_FILES; i++) {
    if (sk_streq(io_files[i], path)) return;
    if (free_slot < 0 && io_files[i][0] == '\0') free_slot = i;
  }
  if (free_slot < 0) sk_fatal("MPI-IO: more than %d files at once", IO_MAX_FILES);
  if (strlen(path) >= IO_PATH) sk_fatal("MPI-IO: file name too long: %s", path);
  io_files[free_slot][0] = '\0';
  strcpy(io_files[free_slot], path);
}

SK_API void sk_io_forget(const char *path)
{
  int i;
  for (i = 0; i < IO_MAX_FILES; i++) if (sk_streq(io_files[i], path)) io_files[i][0] = '\0';
}

SK_API void sk_io_remove(const char *path)
{
  unlink(path);
  sk_io_forget(path);
}

SK_API void sk_io_new_name(MPI_Comm comm, const char *dir, const char *kind, int group, char *path, size_t size)
{
  char prefix[IO_PATH], host[128], full[IO_PATH + 40];
  int rank;
  MPI_Comm_rank(comm, &rank);
  memset(prefix, 0, sizeof prefix);
  if (rank == 0) {
    io_host(host, sizeof host);
    sprintf(prefix, "%.380s/skampi_io-%.64s-%ld-%ld", sk_io_dir(dir), host, (long)getpid(), ++io_counter);
  }
  MPI_Bcast(prefix, (int)sizeof prefix, MPI_CHAR, 0, comm);
  sprintf(full, "%s-%.16s-%d", prefix, kind, group);
  io_register(full);
  sk_copy_string(path, size, full);
}

#else /* no MPI-IO */

SK_API void sk_io_files_start(void) {}
SK_API void sk_io_files_describe(sk_str *out, const char *dir) { (void)out; (void)dir; }
SK_API void sk_io_files_finish(void) {}

#endif
/* --- end split/io_files.c --- */
/* --- begin split/io_daccess.h --- */
#line 1 "split/io_daccess.h"
/*
** io_daccess.h -- the data access routine classes of MPI-IO (MPI-2 §9.4.1) as the
** `daccess` bit mask of SKaMPI 6's io.c: one bit for the positioning, one for the
** synchronism, one for the coordination. The twelve classes, in the order the
** data_access_routines iterator yields them, and the MPI routine each one stands for.
** Pure data: compiled in every build (print_data_access_settings works everywhere).
*/
#ifndef SK_IO_DACCESS_H
#define SK_IO_DACCESS_H

#line 12 "split/io_daccess.h"

#define SK_IO_EXPLICIT_OFFSETS 0x001
#define SK_IO_INDIVIDUAL_FILE_POINTERS 0x002
#define SK_IO_SHARED_FILE_POINTER 0x004
#define SK_IO_BLOCKING 0x010
#define SK_IO_NONBLOCKING_SPLIT 0x020
#define SK_IO_NONCOLLECTIVE 0x100
#define SK_IO_COLLECTIVE 0x200
#define SK_IO_CLASSES 12

/* The i-th class (0 <= i < SK_IO_CLASSES): 0x111, 0x112, 0x114, 0x121, ..., 0x224. */
SK_API int sk_io_class(int i);
/* 1 if daccess is exactly one of the twelve classes. */
SK_API int sk_io_class_valid(long daccess);
/* "MPI_File_write_at", "MPI_File_read_ordered_begin/end", ... or NULL if not a class. */
SK_API const char *sk_io_routine(long daccess, int write);
/* The "#" lines of print_data_access_settings: the three properties of daccess and the
** routines (flag bit 1: the read routine, bit 2: the write routine). */
SK_API void sk_io_describe_class(sk_str *out, long daccess, long flag);

#endif
/* --- end split/io_daccess.h --- */
/* --- begin split/io_daccess.c --- */
#line 1 "split/io_daccess.c"
/*
** io_daccess.c -- see io_daccess.h.
*/
#line 5 "split/io_daccess.c"

static const struct { int bits; const char *routine; } io_classes[SK_IO_CLASSES] = {
  { 0x111, "%s_at" }, { 0x112, "%s" }, { 0x114, "%s_shared" },
  { 0x121, "i%s_at" }, { 0x122, "i%s" }, { 0x124, "i%s_shared" },
  { 0x211, "%s_at_all" }, { 0x212, "%s_all" }, { 0x214, "%s_ordered" },
  { 0x221, "%s_at_all_begin/end" }, { 0x222, "%s_all_begin/end" }, { 0x224, "%s_ordered_begin/end" }
};

SK_API int sk_io_class(int i) { return i >= 0 && i < SK_IO_CLASSES ? io_classes[i].bits : 0; }

static int io_class_index(long daccess)
{
  int i;
  for (i = 0; i < SK_IO_CLASSES; i++) if (io_classes[i].bits == daccess) return i;
  return -1;
}

SK_API int sk_io_class_valid(long daccess) { return io_class_index(daccess) >= 0; }

SK_API const char *sk_io_routine(long daccess, int write)
{
  static char names[2][SK_IO_CLASSES][48];
  int i = io_class_index(daccess), w = write != 0;
  if (i < 0) return NULL;
  if (names[w][i][0] == '\0') {
    char base[24];
    sprintf(base, io_classes[i].routine, w ? "write" : "read");
    sprintf(names[w][i], "MPI_File_%s", base);
  }
  return names[w][i];
}

SK_API void sk_io_describe_class(sk_str *out, long daccess, long flag)
{
  sk_str_printf(out, "# data access 0x%03lx: positioning %s, synchronism %s, coordination %s\n", daccess,
                daccess & SK_IO_EXPLICIT_OFFSETS ? "explicit offsets"
                : daccess & SK_IO_INDIVIDUAL_FILE_POINTERS ? "individual file pointers"
                : daccess & SK_IO_SHARED_FILE_POINTER ? "shared file pointer" : "?",
                daccess & SK_IO_BLOCKING ? "blocking" : daccess & SK_IO_NONBLOCKING_SPLIT ?
                (daccess & SK_IO_COLLECTIVE ? "split collective" : "non-blocking") : "?",
                daccess & SK_IO_NONCOLLECTIVE ? "non-collective" : daccess & SK_IO_COLLECTIVE ? "collective" : "?");
  if (!sk_io_class_valid(daccess)) { sk_str_puts(out, "# (not one of the twelve data access classes)\n"); return; }
  if (flag & 1) sk_str_printf(out, "# read routine: %s\n", sk_io_routine(daccess, 0));
  if (flag & 2) sk_str_printf(out, "# write routine: %s\n", sk_io_routine(daccess, 1));
}
/* --- end split/io_daccess.c --- */
/* --- begin split/meas_mw.c --- */
#line 1 "split/meas_mw.c"
/*
** meas_mw.c -- the master-worker pattern (SKaLib report (TR 99/07) §4.1 and ch. 5,
** mw_pattern) as a portable
** measurement on the transport contract, so it runs on every backend:
**
**   Master_Worker(chunks, chunk_bytes, work_us)
**
** Rank 0 (the master) hands out `chunks` pieces of work of chunk_bytes each to the other
** processes (the workers) as they report ready; a worker receives a piece, works on it
** for work_us microseconds (busy wait), sends a result of chunk_bytes back and is then
** ready for the next one. The time is the master's, from the first dispatch until every
** result is in and every worker has been told to stop. The SKaLib callbacks map to:
** master_receive_ready = testing the posted receives of all workers in turn (RCCE has
** no wildcard receive), dispatch = the send of the next piece, worker receive/send =
** the worker loop. Variation over chunks: loop over the first argument.
**
** SKaMPI 4's master-worker family (SKaLib report (TR 99/07) ch. 5, mw_pattern_data_t;
** §7.7 mw_pattern; §7.8 mw_test1 with the buffers of §7.15.12-13) over MPI, MPI-1.1
** calls only, the same arguments (chunks, chunk_bytes, work_us):
**   the master first gives every worker a chunk (or its stop message when the chunks
**   are out), then repeats master_receive_ready (one result, from whichever worker
**   finished) and master_dispatch (the next chunk to that worker, or its stop);
**   worker_receive / worker_send: receive a chunk from the master (tag MW_TAG_WORK) or
**   the stop (tag MW_TAG_STOP, empty), work for work_us, send the result back.
** The variants differ in those calls:
**   Master_Worker_Send         ready: MPI_Recv(MPI_ANY_SOURCE)   dispatch: MPI_Send
**   Master_Worker_Ssend        ready: MPI_Recv(MPI_ANY_SOURCE)   dispatch: MPI_Ssend
**   Master_Worker_Bsend        ready: MPI_Recv(MPI_ANY_SOURCE)   dispatch: MPI_Bsend, a
**                              buffer of one chunk per worker attached by init
**   Master_Worker_Isend        ready: MPI_Recv(MPI_ANY_SOURCE)   dispatch: MPI_Isend, the
**                              worker's previous send completed by MPI_Wait first
**   Master_Worker_Waitany      ready: MPI_Waitany over one posted MPI_Irecv per worker
**                              dispatch: MPI_Isend
**   Master_Worker_Waitsome     ready: MPI_Waitsome over the same receives (all finished
**                              workers served in one round)   dispatch: MPI_Isend
**   Master_Worker_Recv_Any_Source  as _Send, but the workers receive from MPI_ANY_SOURCE
** Buffers: the master sends worker w's chunks from slot w-1 of its send buffer and
** receives results into slot 0 of its receive buffer (MPI_Recv) or into slot w-1 (the
** posted receives of _Waitany and _Waitsome); a worker uses one chunk of each. The time is the master's; the workers return -1.
*/
#line 42 "split/meas_mw.c"
#line 43 "split/meas_mw.c"
#line 44 "split/meas_mw.c"

#define MW_HEADER 8           /* every message starts with a command word */
#define MW_WORK 1L
#define MW_STOP 2L

typedef struct mw_state {
  sk_request *requests;       /* one posted receive per worker */
  char *inbox;                /* one message buffer per worker */
} mw_state;

/* The arguments (chunks, chunk_bytes, work_us). */
typedef struct mw_args {
  long chunks, chunk_bytes;
  double work_us;
} mw_args;

static void mw_args_read(mw_args *a, const sk_value *args)
{
  a->chunks = args[0].u.i;
  a->chunk_bytes = args[1].u.i;
  a->work_us = args[2].u.d;
}

static size_t mw_message_size(const mw_args *a)
{
  return (size_t)a->chunk_bytes + MW_HEADER;
}

static void init_Master_Worker(sk_mctx *m, const sk_value *args)
{
  mw_state *st;
  mw_args a;
  size_t msg;
  mw_args_read(&a, args);
  msg = mw_message_size(&a);
  if (a.chunks < 0 || a.chunk_bytes < 0 || a.work_us < 0.0) { sk_meas_fail(m, "Master_Worker: arguments must not be negative"); return; }
  m->reported_size = a.chunk_bytes;
  m->send_usage = msg;
  m->recv_usage = m->rank == 0 ? msg * (size_t)(m->size > 1 ? m->size - 1 : 1) : msg;
  st = (mw_state *)sk_calloc(1, sizeof *st);
  st->requests = (sk_request *)sk_calloc((size_t)m->size, sizeof(sk_request));
  m->state = st;
}

static void finalize_Master_Worker(sk_mctx *m, const sk_value *a)
{
  mw_state *st = (mw_state *)m->state;
  (void)a;
  if (st) { free(st->requests); free(st); }
  m->state = NULL;
}

static void mw_put_command(char *msg, long cmd)
{
  memset(msg, 0, MW_HEADER);
  memcpy(msg, &cmd, sizeof cmd < MW_HEADER ? sizeof cmd : MW_HEADER);
}

static long mw_get_command(const char *msg)
{
  long cmd = 0;
  memcpy(&cmd, msg, sizeof cmd < MW_HEADER ? sizeof cmd : MW_HEADER);
  return cmd;
}

static void mw_busy(double us)
{
  double start = sk_tp_wtime();
  while ((sk_tp_wtime() - start) * 1e6 < us) { }
}

static double mw_master(sk_mctx *m, const mw_args *a)
{
  mw_state *st = (mw_state *)m->state;
  size_t msg = mw_message_size(a);
  long chunks = a->chunks, sent = 0, done = 0;
  int workers = m->size - 1, w, stopped = 0;
  double start = sk_sync_start(m);
  if (workers == 0) {                       /* nobody to dispatch to: the master works */
    for (sent = 0; sent < chunks; sent++) mw_busy(a->work_us);
    return sk_sync_stop(m) - start;
  }
  /* every worker first reports ready with an empty result */
  for (w = 1; w <= workers; w++)
    sk_tp_irecv(m->group, w, m->recv_buf + (size_t)(w - 1) * msg, msg, &st->requests[w]);
  while (stopped < workers) {
    for (w = 1; w <= workers; w++) {
      char *in = m->recv_buf + (size_t)(w - 1) * msg;
      if (!st->requests[w].active || !sk_tp_test(&st->requests[w])) continue;
      if (mw_get_command(in) == MW_WORK) done++;
      if (sent < chunks) {
        mw_put_command(m->send_buf, MW_WORK);
        sk_tp_irecv(m->group, w, in, msg, &st->requests[w]);
        sk_tp_send(m->group, w, m->send_buf, msg);
        sent++;
      } else {
        mw_put_command(m->send_buf, MW_STOP);
        sk_tp_send(m->group, w, m->send_buf, msg);
        stopped++;
      }
    }
  }
  if (done != chunks) sk_meas_fail(m, "Master_Worker: results lost");
  return sk_sync_stop(m) - start;
}

static double mw_worker(sk_mctx *m, const mw_args *a)
{
  size_t msg = mw_message_size(a);
  double start = sk_sync_start(m);
  mw_put_command(m->send_buf, 0L);            /* ready, no result yet */
  sk_tp_send(m->group, 0, m->send_buf, msg);
  for (;;) {
    sk_tp_recv(m->group, 0, m->recv_buf, msg);
    if (mw_get_command(m->recv_buf) != MW_WORK) break;
    mw_busy(a->work_us);
    mw_put_command(m->send_buf, MW_WORK);
    sk_tp_send(m->group, 0, m->send_buf, msg);
  }
  sk_sync_stop(m);
  (void)start;
  return -1.0;                                /* the master's time is the result */
}

static double measure_Master_Worker(sk_mctx *m, const sk_value *args)
{
  mw_args a;
  mw_args_read(&a, args);
  return m->rank == 0 ? mw_master(m, &a) : mw_worker(m, &a);
}

/* ---- SKaMPI 4's variants over MPI ---- */

#ifdef SKAMPI_MPI
#define MW_TAG_WORK 1
#define MW_TAG_STOP 2

enum mw_ready { MW_READY_RECV, MW_READY_WAITANY, MW_READY_WAITSOME };
enum mw_dispatch { MW_DISPATCH_SEND, MW_DISPATCH_SSEND, MW_DISPATCH_BSEND, MW_DISPATCH_ISEND };

typedef struct mw_variant {
  enum mw_ready ready;
  enum mw_dispatch dispatch;
  int worker_any_source;      /* workers receive from MPI_ANY_SOURCE */
} mw_variant;

typedef struct mw_mpi_state {
  MPI_Request *recvs, *sends; /* per worker (index w-1) */
  int *done;                  /* MPI_Waitsome's indices */
  MPI_Status *statuses;
  char *attached;             /* the MPI_Bsend buffer, NULL when none */
} mw_mpi_state;

static void init_mw_variant(sk_mctx *m, const sk_value *args, const char *fn, enum mw_dispatch dispatch)
{
  mw_mpi_state *st;
  mw_args a;
  size_t workers = (size_t)(m->size > 1 ? m->size - 1 : 1);
  mw_args_read(&a, args);
  sk_mpi_check_count(m, fn, "chunks", a.chunks);
  sk_mpi_check_count(m, fn, "chunk_bytes", a.chunk_bytes);
  if (a.work_us < 0.0) {
    char msg[160];
    sprintf(msg, "%.60s: work_us must not be negative", fn);
    sk_meas_fail(m, msg);
  }
  if (m->failed) return;
  m->reported_size = a.chunk_bytes;
  m->send_usage = (size_t)a.chunk_bytes * (m->rank == 0 ? workers : 1);
  m->recv_usage = m->send_usage;
  st = (mw_mpi_state *)sk_calloc(1, sizeof *st);
  st->recvs = (MPI_Request *)sk_calloc(workers, sizeof(MPI_Request));
  st->sends = (MPI_Request *)sk_calloc(workers, sizeof(MPI_Request));
  st->done = (int *)sk_calloc(workers, sizeof(int));
  st->statuses = (MPI_Status *)sk_calloc(workers, sizeof(MPI_Status));
  if (dispatch == MW_DISPATCH_BSEND && m->rank == 0) {
    /* one chunk per worker can be in the buffer (a worker answers before it gets the
    ** next), twice for the space the library has not reclaimed yet */
    double bytes = 2.0 * (double)workers * ((double)a.chunk_bytes + MPI_BSEND_OVERHEAD);
    if (bytes > (double)INT_MAX) {
      char msg[160];
      sprintf(msg, "%.60s: the chunks are too large for MPI_Buffer_attach", fn);
      sk_meas_fail(m, msg);
    } else {
      st->attached = (char *)sk_malloc((size_t)bytes);
      MPI_Buffer_attach(st->attached, (int)bytes);
    }
  }
  m->state = st;
}

static void finalize_mw_variant(sk_mctx *m, const sk_value *args)
{
  mw_mpi_state *st = (mw_mpi_state *)m->state;
  (void)args;
  if (st == NULL) return;
  if (st->attached) {
    void *buffer;
    int size;
    MPI_Buffer_detach(&buffer, &size);
    free(st->attached);
  }
  free(st->recvs);
  free(st->sends);
  free(st->done);
  free(st->statuses);
  free(st);
  m->state = NULL;
}

/* master_dispatch: the next chunk to worker w (or its stop message when stop is set). */
static void mw_dispatch(sk_mctx *m, const mw_variant *v, const mw_args *a, int w, int stop)
{
  mw_mpi_state *st = (mw_mpi_state *)m->state;
  MPI_Comm comm = sk_mpi_comm(m);
  char *chunk = m->send_buf + (size_t)(w - 1) * (size_t)a->chunk_bytes;
  int count = stop ? 0 : (int)a->chunk_bytes, tag = stop ? MW_TAG_STOP : MW_TAG_WORK;
  MPI_Status status;
  switch (v->dispatch) {
  case MW_DISPATCH_SEND: MPI_Send(chunk, count, MPI_BYTE, w, tag, comm); break;
  case MW_DISPATCH_SSEND: MPI_Ssend(chunk, count, MPI_BYTE, w, tag, comm); break;
  case MW_DISPATCH_BSEND: MPI_Bsend(chunk, count, MPI_BYTE, w, tag, comm); break;
  case MW_DISPATCH_ISEND:
    MPI_Wait(&st->sends[w - 1], &status);
    MPI_Isend(chunk, count, MPI_BYTE, w, tag, comm, &st->sends[w - 1]);
    break;
  }
  if (!stop && v->ready != MW_READY_RECV)
    MPI_Irecv(m->recv_buf + (size_t)(w - 1) * (size_t)a->chunk_bytes, count, MPI_BYTE, w, MW_TAG_WORK, comm,
              &st->recvs[w - 1]);
}

/* master_receive_ready: waits for results; returns how many workers finished and puts
** their ranks into st->done. */
static int mw_receive_ready(sk_mctx *m, const mw_variant *v, const mw_args *a)
{
  mw_mpi_state *st = (mw_mpi_state *)m->state;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  int workers = m->size - 1, index = 0, n = 0, i;
  switch (v->ready) {
  case MW_READY_RECV:
    MPI_Recv(m->recv_buf, (int)a->chunk_bytes, MPI_BYTE, MPI_ANY_SOURCE, MW_TAG_WORK, comm, &status);
    st->done[0] = status.MPI_SOURCE;
    return 1;
  case MW_READY_WAITANY:
    MPI_Waitany(workers, st->recvs, &index, &status);
    st->done[0] = index + 1;
    return 1;
  case MW_READY_WAITSOME:
    MPI_Waitsome(workers, st->recvs, &n, st->done, st->statuses);
    for (i = 0; i < n; i++) st->done[i]++;
    return n;
  }
  return 0;
}

static double mw_variant_master(sk_mctx *m, const mw_variant *v, const mw_args *a)
{
  mw_mpi_state *st = (mw_mpi_state *)m->state;
  long sent = 0, done = 0;
  int workers = m->size - 1, w, i, n, busy = 0;
  double start = sk_sync_start(m);
  for (w = 0; w < workers; w++) { st->recvs[w] = MPI_REQUEST_NULL; st->sends[w] = MPI_REQUEST_NULL; }
  if (workers == 0) {                       /* nobody to dispatch to: the master works */
    for (sent = 0; sent < a->chunks; sent++) mw_busy(a->work_us);
    return sk_sync_stop(m) - start;
  }
  for (w = 1; w <= workers; w++) {
    int stop = sent >= a->chunks;
    mw_dispatch(m, v, a, w, stop);
    if (!stop) { sent++; busy++; }
  }
  while (busy > 0) {
    n = mw_receive_ready(m, v, a);
    for (i = 0; i < n; i++) {
      int stop = sent >= a->chunks;
      done++;
      mw_dispatch(m, v, a, st->done[i], stop);
      if (stop) busy--; else sent++;
    }
  }
  MPI_Waitall(workers, st->sends, st->statuses);
  if (done != a->chunks) sk_meas_fail(m, "Master_Worker: results lost");
  return sk_sync_stop(m) - start;
}

static double mw_variant_worker(sk_mctx *m, const mw_variant *v, const mw_args *a)
{
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  sk_sync_start(m);
  for (;;) {
    MPI_Recv(m->recv_buf, (int)a->chunk_bytes, MPI_BYTE, v->worker_any_source ? MPI_ANY_SOURCE : 0,
             MPI_ANY_TAG, comm, &status);
    if (status.MPI_TAG != MW_TAG_WORK) break;
    mw_busy(a->work_us);
    MPI_Send(m->send_buf, (int)a->chunk_bytes, MPI_BYTE, 0, MW_TAG_WORK, comm);
  }
  sk_sync_stop(m);
  return -1.0;
}

static double mw_variant_run(sk_mctx *m, const sk_value *args, enum mw_ready ready, enum mw_dispatch dispatch,
                             int any_source)
{
  mw_variant v;
  mw_args a;
  v.ready = ready;
  v.dispatch = dispatch;
  v.worker_any_source = any_source;
  mw_args_read(&a, args);
  return m->rank == 0 ? mw_variant_master(m, &v, &a) : mw_variant_worker(m, &v, &a);
}

/* One init and one measure per variant, so that messages name the function. */
#define MW_VARIANT(NAME, READY, DISPATCH, ANY_SOURCE) \
  static void init_##NAME(sk_mctx *m, const sk_value *args) { init_mw_variant(m, args, #NAME, DISPATCH); } \
  static double measure_##NAME(sk_mctx *m, const sk_value *args) \
  { return mw_variant_run(m, args, READY, DISPATCH, ANY_SOURCE); }

MW_VARIANT(Master_Worker_Send, MW_READY_RECV, MW_DISPATCH_SEND, 0)
MW_VARIANT(Master_Worker_Ssend, MW_READY_RECV, MW_DISPATCH_SSEND, 0)
MW_VARIANT(Master_Worker_Bsend, MW_READY_RECV, MW_DISPATCH_BSEND, 0)
MW_VARIANT(Master_Worker_Isend, MW_READY_RECV, MW_DISPATCH_ISEND, 0)
MW_VARIANT(Master_Worker_Waitany, MW_READY_WAITANY, MW_DISPATCH_ISEND, 0)
MW_VARIANT(Master_Worker_Waitsome, MW_READY_WAITSOME, MW_DISPATCH_ISEND, 0)
MW_VARIANT(Master_Worker_Recv_Any_Source, MW_READY_RECV, MW_DISPATCH_SEND, 1)
#endif /* SKAMPI_MPI */

/* ---- verification (verify.h) ----
** The master's chunks carry the pattern of stream 0, every worker's results that of
** stream 1 (the same for all, as a result received from MPI_ANY_SOURCE may come from
** any of them). A worker that got a chunk (workers 1..chunks get the first ones) holds
** it; the master holds a result in every slot it receives into. Master_Worker puts a
** command word in front of the data, which is not checked. */
static void mw_verify_fill(sk_mctx *m, size_t chunk, size_t header)
{
  size_t slots = m->rank == 0 ? (m->send_usage / (chunk + header > 0 ? chunk + header : 1)) : 1, s;
  memset(m->recv_buf, 0, m->recv_usage);
  for (s = 0; s < slots && chunk > 0; s++)
    sk_verify_fill(m->send_buf + s * (chunk + header) + header, chunk, m->rank == 0 ? 0 : 1, 0);
}

/* Checks `slots` received chunks (every slot_stride bytes from first) of the stream. */
static void mw_verify_slots(sk_mctx *m, const char *first, long slots, size_t stride, size_t chunk, long stream)
{
  long s;
  for (s = 0; s < slots; s++) {
    char what[80];
    sprintf(what, m->rank == 0 ? "result slot %ld of the master" : "chunk of worker, slot %ld", s);
    if (!sk_verify_expect(m, what, first + (size_t)s * stride, chunk, stream, 0, NULL)) return;
  }
}

static void prepare_Master_Worker(sk_mctx *m, const sk_value *args)
{
  mw_args a;
  mw_args_read(&a, args);
  mw_verify_fill(m, (size_t)a.chunk_bytes, MW_HEADER);
}

static void check_Master_Worker(sk_mctx *m, const sk_value *args)
{
  mw_args a;
  size_t msg;
  mw_args_read(&a, args);
  msg = mw_message_size(&a);
  if (m->rank == 0) mw_verify_slots(m, m->recv_buf + MW_HEADER, m->size - 1, msg, (size_t)a.chunk_bytes, 1);
  else mw_verify_slots(m, m->recv_buf + MW_HEADER, 1, msg, (size_t)a.chunk_bytes, 0);
}

#ifdef SKAMPI_MPI
static void prepare_mw_variant(sk_mctx *m, const sk_value *args)
{
  mw_args a;
  mw_args_read(&a, args);
  mw_verify_fill(m, (size_t)a.chunk_bytes, 0);
}

/* posted: the master receives into one slot per worker (_Waitany, _Waitsome). */
static void mw_variant_check(sk_mctx *m, const sk_value *args, int posted)
{
  mw_args a;
  long workers = m->size - 1, got;
  mw_args_read(&a, args);
  got = a.chunks < workers ? a.chunks : workers;       /* workers that had a chunk */
  if (m->rank == 0) {
    if (got > 0) mw_verify_slots(m, m->recv_buf, posted ? got : 1, (size_t)a.chunk_bytes, (size_t)a.chunk_bytes, 1);
  } else if (m->rank <= got) {
    mw_verify_slots(m, m->recv_buf, 1, (size_t)a.chunk_bytes, (size_t)a.chunk_bytes, 0);
  }
}

static void check_mw_variant(sk_mctx *m, const sk_value *args) { mw_variant_check(m, args, 0); }
static void check_mw_variant_posted(sk_mctx *m, const sk_value *args) { mw_variant_check(m, args, 1); }
#endif

static const sk_verifier mw_verify_table[] = {
  SK_VERIFY(Master_Worker, prepare_Master_Worker, check_Master_Worker),
  SK_VERIFY_MPI(Master_Worker_Send, prepare_mw_variant, check_mw_variant),
  SK_VERIFY_MPI(Master_Worker_Ssend, prepare_mw_variant, check_mw_variant),
  SK_VERIFY_MPI(Master_Worker_Bsend, prepare_mw_variant, check_mw_variant),
  SK_VERIFY_MPI(Master_Worker_Isend, prepare_mw_variant, check_mw_variant),
  SK_VERIFY_MPI(Master_Worker_Waitany, prepare_mw_variant, check_mw_variant_posted),
  SK_VERIFY_MPI(Master_Worker_Waitsome, prepare_mw_variant, check_mw_variant_posted),
  SK_VERIFY_MPI(Master_Worker_Recv_Any_Source, prepare_mw_variant, check_mw_variant),
  SK_VERIFY_END
};

SK_API const sk_verifier *sk_verify_table_mw(void) { return mw_verify_table; }

#define MW_ROW(NAME) SK_MEASUREMENT_MPI(NAME, "iid", "chunks chunk_bytes work_us", SK_PATTERN_MASTER_WORKER, 1, \
                                        init_##NAME, finalize_mw_variant)

static const sk_measurement mw_table[] = {
  SK_MEASUREMENT(Master_Worker, "iid", "chunks chunk_bytes work_us", SK_PATTERN_MASTER_WORKER, 1, init_Master_Worker, finalize_Master_Worker),
  MW_ROW(Master_Worker_Send),
  MW_ROW(Master_Worker_Ssend),
  MW_ROW(Master_Worker_Bsend),
  MW_ROW(Master_Worker_Isend),
  MW_ROW(Master_Worker_Waitany),
  MW_ROW(Master_Worker_Waitsome),
  MW_ROW(Master_Worker_Recv_Any_Source),
  SK_MEASUREMENT_END
};

SK_API const sk_measurement *sk_meas_table_mw(void) { return mw_table; }
/* --- end split/meas_mw.c --- */
/* --- begin split/meas_synthetic.c --- */
#line 1 "split/meas_synthetic.c"
/*
** meas_synthetic.c -- built-in synthetic measurements whose cost is a KNOWN function of
** the argument, on every backend (simple pattern: rank 0 alone). They give the tests a
** ground truth for ASEC and APR.
**
**   cost(x) = base_us + slope_us * x + (x >= step_at ? step_us : 0)      [microseconds]
**
** Synthetic_Virtual(x, base_us, slope_us, step_at, step_us, noise) returns cost(x)
** times a pseudo-random factor in [1 - noise, 1 + noise] WITHOUT waiting: the engine's
** decisions can then be checked exactly. The factor comes from a 31-bit linear
** congruential generator (Park-Miller, 16807 * s mod 2^31-1) seeded with 1 at every
** measurement (init), so the n-th sample of a measurement is reproducible.
** Synthetic_Busy(...) with the same arguments busy-waits for that long on the clock and
** returns the measured time.
*/
#line 17 "split/meas_synthetic.c"
#line 18 "split/meas_synthetic.c"

typedef struct synth_state {
  long seed;
} synth_state;

/* The arguments (x, base_us, slope_us, step_at, step_us, noise) of both functions. */
typedef struct synth_args {
  double x, base_us, slope_us, step_at, step_us, noise;
} synth_args;

static void synth_args_read(synth_args *a, const sk_value *args)
{
  a->x = sk_value_as_double(&args[0]);
  a->base_us = args[1].u.d;
  a->slope_us = args[2].u.d;
  a->step_at = args[3].u.d;
  a->step_us = args[4].u.d;
  a->noise = args[5].u.d;
}

static double synth_cost_seconds(const synth_args *a)
{
  double us = a->base_us + a->slope_us * a->x + (a->x >= a->step_at ? a->step_us : 0.0);
  return us * 1e-6;
}

/* Park-Miller minimal standard generator (Schrage's method, 32-bit safe). */
SK_API long sk_synth_next_random(long s)
{
  long hi = s / 127773L, lo = s % 127773L;
  s = 16807L * lo - 2836L * hi;
  return s > 0 ? s : s + 2147483647L;
}

SK_API double sk_synth_noise_factor(long s, double noise)
{
  return 1.0 + noise * (2.0 * ((double)s / 2147483646.0) - 1.0);
}

static void init_synthetic(sk_mctx *m, const sk_value *args)
{
  synth_state *st = (synth_state *)sk_malloc(sizeof *st);
  synth_args a;
  synth_args_read(&a, args);
  st->seed = 1;
  m->state = st;
  m->reported_size = (long)a.x;
  if (a.noise < 0.0 || a.noise >= 1.0) sk_meas_fail(m, "Synthetic: noise must be in [0, 1)");
  if (synth_cost_seconds(&a) < 0.0) sk_meas_fail(m, "Synthetic: the cost at this argument is negative");
  if (synth_cost_seconds(&a) > 10.0) sk_meas_fail(m, "Synthetic: the cost at this argument exceeds 10 seconds");
}

static void finalize_synthetic(sk_mctx *m, const sk_value *a)
{
  (void)a;
  free(m->state);
  m->state = NULL;
}

static double synth_sample(sk_mctx *m, const sk_value *args)
{
  synth_state *st = (synth_state *)m->state;
  synth_args a;
  synth_args_read(&a, args);
  st->seed = sk_synth_next_random(st->seed);
  return synth_cost_seconds(&a) * sk_synth_noise_factor(st->seed, a.noise);
}

static double measure_Synthetic_Virtual(sk_mctx *m, const sk_value *a)
{
  return synth_sample(m, a);
}

static double measure_Synthetic_Busy(sk_mctx *m, const sk_value *a)
{
  double want = synth_sample(m, a), start = sk_tp_wtime(), now;
  do now = sk_tp_wtime(); while (now - start < want);
  return now - start;
}

#define SYNTH_NAMES "x base_us slope_us step_at step_us noise"

#ifdef SKAMPI_TESTING
/* Test only: Verify_Corrupt_Test(count) sends count bytes from rank 0 to rank 1 of the
** communicator and then damages byte count/2 of what rank 1 received, so that the
** verification (skampi -v) must catch it (tests/mpi_catalogue). */
static void init_Verify_Corrupt_Test(sk_mctx *m, const sk_value *args)
{
  long count = args[0].u.i;
  if (count < 1) { sk_meas_fail(m, "Verify_Corrupt_Test: count must be at least 1"); return; }
  m->send_usage = m->recv_usage = (size_t)count;
  m->reported_size = count;
}

static double measure_Verify_Corrupt_Test(sk_mctx *m, const sk_value *args)
{
  size_t count = (size_t)args[0].u.i;
  double start = sk_tp_wtime();
  if (m->rank == 0) sk_tp_send(m->group, 1, m->send_buf, count);
  else if (m->rank == 1) {
    sk_tp_recv(m->group, 0, m->recv_buf, count);
    m->recv_buf[count / 2] ^= 0x10;
  }
  return sk_tp_wtime() - start;
}

static void check_Verify_Corrupt_Test(sk_mctx *m, const sk_value *args)
{
  if (m->rank == 1) sk_verify_expect(m, "received block", m->recv_buf, (size_t)args[0].u.i, 0, 0, NULL);
}
#endif

static const sk_measurement synthetic_table[] = {
  SK_MEASUREMENT(Synthetic_Virtual, "dddddd", SYNTH_NAMES, SK_PATTERN_SIMPLE_OWN_TIME, 1, init_synthetic, finalize_synthetic),
  SK_MEASUREMENT(Synthetic_Busy, "dddddd", SYNTH_NAMES, SK_PATTERN_SIMPLE, 1, init_synthetic, finalize_synthetic),
#ifdef SKAMPI_TESTING
  SK_MEASUREMENT(Verify_Corrupt_Test, "i", "count", SK_PATTERN_P2P, 2, init_Verify_Corrupt_Test, NULL),
#endif
  SK_MEASUREMENT_END
};

static const sk_verifier synthetic_verify_table[] = {
  SK_VERIFY_NOTHING(Synthetic_Virtual, "a computed time, no data"),
  SK_VERIFY_NOTHING(Synthetic_Busy, "a busy wait, no data"),
#ifdef SKAMPI_TESTING
  SK_VERIFY(Verify_Corrupt_Test, NULL, check_Verify_Corrupt_Test),
#endif
  SK_VERIFY_END
};

SK_API const sk_verifier *sk_verify_table_synthetic(void) { return synthetic_verify_table; }

SK_API const sk_measurement *sk_meas_table_synthetic(void) { return synthetic_table; }
/* --- end split/meas_synthetic.c --- */
/* --- begin split/meas_bcast_algos.h --- */
#line 1 "split/meas_bcast_algos.h"
/*
** meas_bcast_algos.h -- the portable measurement functions of meas_bcast_algos.c:
** ping-pongs and the broadcast algorithms of the SCC broadcast thesis (Pichler 2013: §3
** ping-pong, §5 Bin Jia's pipelined cube broadcast, §6 the DOPL mesh broadcast), written
** on the transport contract only, so they run on every backend.
*/
#ifndef SK_MEAS_BCAST_ALGOS_H
#define SK_MEAS_BCAST_ALGOS_H

#line 11 "split/meas_bcast_algos.h"

/* The table (terminated by an entry whose name is NULL): Pingpong_Blocking,
** Pingpong_Nonblocking, Bcast_Cube, Bcast_DOPL, Bcast_DOPL_Grid, Bcast_Linear,
** Bcast_Library. */
SK_API const sk_measurement *sk_meas_table_bcast_algos(void);

/* With the verify setting on (m->settings->verify, switch_verification_on) after every
** broadcast each process checks that it holds exactly the root's bytes (a pattern
** depending on count and repetition); a mismatch fails the measurement with a message
** naming the first wrong byte. */

/* The builtins of the module, sk_builtins_bcast_algos() (declared in builtins.h):
** print_bcast_cube_rounds(), which writes sk_bcast_cube_last_rounds() of rank 0 to the
** output as a comment and returns it; scc_grid_map(n), the thesis' DOPL layout of the
** first n SCC cores as a rank-to-position map for Bcast_DOPL_Grid. */

/* Communication rounds of the schedule the last Bcast_Cube call ran on this process:
** parts + ceil(log2 n) - 1 for n >= 2 processes and count > 0 (parts =
** ceil(count / part_size)); 0 when there is nobody to send to or nothing to send. */
SK_API long sk_bcast_cube_last_rounds(void);

#endif
/* --- end split/meas_bcast_algos.h --- */
/* --- begin split/meas_bcast_algos.c --- */
#line 1 "split/meas_bcast_algos.c"
/*
** meas_bcast_algos.c -- portable measurement functions written on the transport
** contract only (transport.h), so they run on the MPI, RCCE and sequential backends:
**
**   Pingpong_Blocking(count, iterations), Pingpong_Nonblocking(count, iterations)
**       round trips between ranks 0 and 1 (SKaMPI 5 manual §3.1, Pichler 2013 §3)
**   Bcast_Cube(count, part_size)
**       Bin Jia's pipelined broadcast (Pichler 2013 §5.2 for powers of two, §5.3 for any
**       number of processes; part sizes §5.5)
**   Bcast_DOPL(count, rows, cols, part_size, pipe_size)
**       the dimension-ordered pipelined mesh broadcast of Watts & van de Geijn (Pichler 2013
**       §6.2; part and pipe sizes §6.3), group rank r at grid position r (row-major)
**   Bcast_DOPL_Grid(count, rows, cols, part_size, pipe_size, map)
**       the same on a chosen layout: map[r] is the grid position (row * cols + column) of
**       group rank r (map[0] = 0: the root starts the first line), e.g. scc_grid_map(n),
**       the thesis' layout of figure 4 (2k x 6)
**   Bcast_Linear(count), Bcast_Library(count)
**       the root sends to everybody in turn; the library's own broadcast (MPI_Bcast,
**       RCCE_bcast) -- the baselines the thesis compares with (§4.1, §7)
**
** The broadcasts send `count` bytes from rank 0: the root from its send buffer, the
** others into their receive buffers (SKaMPI 5 manual §6.1), timed between sk_sync_start() and
** sk_sync_stop() (§6.2.1). With the verify setting on (sk_settings.verify, set by
** switch_verification_on) every process checks the bytes it holds after each call. The
** module also owns the round counter of the cube broadcast and the builtin
** print_bcast_cube_rounds() that writes it (meas_bcast_algos.h).
*/
#line 29 "split/meas_bcast_algos.c"
#line 30 "split/meas_bcast_algos.c"
#line 31 "split/meas_bcast_algos.c"
#line 32 "split/meas_bcast_algos.c"
#line 33 "split/meas_bcast_algos.c"

/* Algorithm notes (written from the thesis' description):
** - Cube (§5.2, n = 2^q): in round j the partner of process i differs in bit j mod q;
**   the part sent is s(i,j) = j - q + (1 - i_j') Dis_i[j'] and the part received
**   t(i,j) = j - q + i_j' Dis_i[j'], both cut to the last part; Dis_i[k] is the distance
**   from bit k to the next set bit of i further left, wrapping around (q for i = 0).
** - Any n (§5.3): with n = 2^q + r, 0 < r < 2^q, the 2^q "units" run the schedule above
**   (q = floor(log2 n)); processes 1..r form units with 2^q..n-1, the others are units
**   alone. In a unit of two, one process sends for the unit ("out"), the other receives
**   ("in"); the roles swap by the switch count u(i,j) of Jia's formula, and in every
**   round "in" passes part j - q - 1 to "out". After the parts + q - 1 rounds one more
**   round inside the units closes the gap: "out" lacks part parts - 2 and "in" part
**   parts - 1 (with one part only "in" lacks it, where the thesis' closing exchange
**   would name part -1). That is
**   parts + ceil(log2 n) - 1 rounds in all, the thesis' bound. The root never receives,
**   and nobody sends to it (the thesis' code sends it parts it already has). A simulation
**   of the schedule, written along with this module, found it complete and consistent
**   (every part sent is held, every process ends with all parts) for n = 2..199 and
**   1..39 parts. With n = 1 or no data there is no round at all.
** - Rounds are counted per schedule round (all processes count every round, also those
**   in which they have nothing to do), not per message; see sk_bcast_cube_last_rounds.
** - Each process sends and receives at most one part per round; when it does both, both
**   go non-blocking (irecv, isend, wait, wait), so no order of the partners can deadlock
**   under synchronous sends (RCCE): every receive of a round is posted before the
**   process waits for anything in that round.
** - DOPL (§6.2) on a rows x cols grid: the process at grid position x sits at row x / cols,
**   column x % cols; position = group rank, or map[rank] with Bcast_DOPL_Grid (as the
**   thesis' processor_map places the SCC's cores: §6.2, figure 4). The schedule below works
**   on positions; bca_dopl_rank turns one into the rank that holds it. Dimensions of length 1 are dropped,
**   so 1 x n and n x 1 become a plain pipelined chain (the thesis' schedule would skip
**   every other part there). In round i along dimension a = i mod d, every line along a
**   pipelines one part from its head (coordinate 0) to its tail: the line through the
**   root carries part i, the others part i - 1 (the thesis' level(): i + level - d, cut
**   to the last part); the tail of a line that does not hold the root wraps part i - d
**   around to its head in one message. kalt + d - 1 rounds for kalt parts. Inside a part
**   the pieces of pipe_size bytes are forwarded as soon as they arrive (§6.2, pipe()),
**   with at most BCA_PIPE_WINDOW pieces in flight.
*/

/* Request slots per direction for the pieces of one DOPL part (pieces in flight). */
#define BCA_PIPE_WINDOW 64

static struct {
  long cube_last_rounds;    /* rounds of the last Bcast_Cube call on this process */
} bca;

/* Private state of one broadcast measurement (m->state). */
typedef struct bca_state {
  long count;               /* bytes broadcast from rank 0 */
  long part_size;           /* Cube and DOPL: bytes per part */
  long pipe_size;           /* DOPL: bytes per pipelined piece of a part */
  int rows, cols;           /* DOPL: the process grid */
  long repetition;          /* calls of measure so far; the verify pattern follows it */
  long window;              /* DOPL: request slots per direction */
  sk_request *recv_slots, *send_slots;
  int *rank_at;             /* DOPL: rank_at[position] (Bcast_DOPL_Grid), NULL: identity */
  int my_position;          /* DOPL: this process's grid position */
} bca_state;

SK_API long sk_bcast_cube_last_rounds(void) { return bca.cube_last_rounds; }

/* ---- argument checks (they depend only on the arguments and the communicator size,
** so every process comes to the same verdict) ---- */

static int bca_check_min(sk_mctx *m, const char *fn, const char *what, long value, long min)
{
  char msg[200];
  if (m->failed) return 0;
  if (value >= min) return 1;
  sprintf(msg, "%.60s: %.40s is %ld, it must be at least %ld", fn, what, value, min);
  sk_meas_fail(m, msg);
  return 0;
}

/* ---- parts of the broadcast buffer ---- */

/* `count` bytes at buf in parts of part_size bytes; the last part may be shorter. */
typedef struct bca_parts {
  char *buf;
  long count, part_size, parts;
} bca_parts;

static void bca_parts_init(bca_parts *p, char *buf, long count, long part_size)
{
  p->buf = buf;
  p->count = count;
  p->part_size = part_size;
  p->parts = count > 0 ? (count - 1) / part_size + 1 : 0;
}

static char *bca_part_start(const bca_parts *p, long k)
{
  return p->buf + (size_t)k * (size_t)p->part_size;
}

static size_t bca_part_bytes(const bca_parts *p, long k)
{
  return k == p->parts - 1 ? (size_t)(p->count - k * p->part_size) : (size_t)p->part_size;
}

/* One round of one process: send part send_part to dest and receive part recv_part from
** src; a negative peer or part means that direction is idle this round. */
static void bca_exchange(sk_group *g, const bca_parts *p, int dest, long send_part, int src, long recv_part)
{
  int sending = dest >= 0 && send_part >= 0, receiving = src >= 0 && recv_part >= 0;
  sk_request recv_req, send_req;
  if (sending && receiving) {
    sk_tp_irecv(g, src, bca_part_start(p, recv_part), bca_part_bytes(p, recv_part), &recv_req);
    sk_tp_isend(g, dest, bca_part_start(p, send_part), bca_part_bytes(p, send_part), &send_req);
    sk_tp_wait(&recv_req);
    sk_tp_wait(&send_req);
  } else if (sending) {
    sk_tp_send(g, dest, bca_part_start(p, send_part), bca_part_bytes(p, send_part));
  } else if (receiving) {
    sk_tp_recv(g, src, bca_part_start(p, recv_part), bca_part_bytes(p, recv_part));
  }
}

/* ---- Bin Jia's cube broadcast (Pichler 2013 §5.2, §5.3) ---- */

/* The other process of p's unit, Jia's Co(p): with n = units + r processes, 1..r pair
** with units..n-1; 0 and r+1..units-1 are alone (Co(p) = p). */
static int bca_cube_co(int p, int units, int n)
{
  if (p == 0) return 0;
  if (p <= n - units) return units - 1 + p;
  if (p < units) return p;
  return p - units + 1;
}

/* Dis[k]: the distance from bit k of rep to the next set bit further left, wrapping
** around the q bits; q for rep 0 (§5.2). */
static void bca_cube_distances(int rep, int q, int *dis)
{
  int k, step;
  for (k = 0; k < q; k++) {
    step = q;
    if (rep != 0)
      for (step = 1; step < q; step++)
        if ((rep >> ((k + step) % q)) & 1) break;
    dis[k] = step;
  }
}

/* Switch[k]: the set bits of rep among bits 0..k (§5.3). */
static void bca_cube_switches(int rep, int q, int *switches)
{
  int k, ones = 0;
  for (k = 0; k < q; k++) {
    ones += (rep >> k) & 1;
    switches[k] = ones;
  }
}

/* u(i,j): how often the roles in the unit swapped before round j (§5.3). */
static long bca_cube_role_swaps(const int *switches, int q, long j)
{
  if (j == 0) return 0;
  return (long)switches[q - 1] * ((j - 1) / q) + switches[(j - 1) % q];
}

/* Broadcasts the parts from rank 0 of g (n processes, this one is `me`); returns the
** number of rounds of the schedule. */
static long bca_cube_bcast(sk_group *g, int me, int n, const bca_parts *p)
{
  int dis[sizeof(int) * CHAR_BIT], switches[sizeof(int) * CHAR_BIT];
  int units, q, co_me, rep, bit, dim, partner, out, in, out_partner, in_partner;
  long parts = p->parts, rounds = 0, loop_rounds, j, s, t, swaps;
  if (n < 2 || parts == 0) return 0;
  for (q = 0, units = 1; units <= n / 2; q++) units *= 2;
  co_me = bca_cube_co(me, units, n);
  rep = me < units ? me : co_me;          /* the unit is named by its smaller rank */
  bca_cube_distances(rep, q, dis);
  bca_cube_switches(rep, q, switches);
  loop_rounds = parts + q - 1;
  for (j = 0; j < loop_rounds; j++) {
    dim = (int)(j % q);
    swaps = bca_cube_role_swaps(switches, q, j);
    out = swaps % 2 == 0 ? bca_cube_co(rep, units, n) : rep;
    in = bca_cube_co(out, units, n);
    partner = rep ^ (1 << dim);
    out_partner = (swaps + j / q) % 2 == 0 ? bca_cube_co(partner, units, n) : partner;
    in_partner = bca_cube_co(out_partner, units, n);
    bit = (rep >> dim) & 1;
    s = j - q + (1 - bit) * dis[dim];
    t = j - q + bit * dis[dim];
    if (s > parts - 1) s = parts - 1;
    if (t > parts - 1) t = parts - 1;
    if (co_me == me)          /* a unit of one: it sends and receives itself */
      bca_exchange(g, p, in_partner == 0 ? -1 : in_partner, s, me == 0 ? -1 : out_partner, t);
    else if (me == out)       /* sends for the unit, takes the part "in" got last round */
      bca_exchange(g, p, in_partner == 0 ? -1 : in_partner, s, in, j - q - 1);
    else                      /* receives for the unit, passes last round's part on */
      bca_exchange(g, p, out, j - q - 1, out_partner, t);
    rounds++;
  }
  if (units < n) {
    /* The closing round inside the units of two (§5.3): "out" lacks part parts - 2,
    ** "in" part parts - 1. */
    if (co_me != me) {
      swaps = bca_cube_role_swaps(switches, q, loop_rounds);
      out = swaps % 2 == 0 ? bca_cube_co(rep, units, n) : rep;
      if (me == out) bca_exchange(g, p, co_me, parts - 1, co_me, parts - 2);
      else bca_exchange(g, p, co_me, parts - 2, co_me, parts - 1);
    }
    rounds++;
  }
  return rounds;
}

/* ---- DOPL, the dimension-ordered pipelined mesh broadcast (Pichler 2013 §6.2) ---- */

static size_t bca_piece_bytes(size_t part_bytes, size_t piece, long x)
{
  size_t start = (size_t)x * piece;
  return part_bytes - start < piece ? part_bytes - start : piece;
}

/* Moves part k along a line in pieces of pipe_size bytes: received from prev (-1: this
** is the head) and each piece passed on to next (-1: this is the tail) as soon as it
** arrived (§6.2, pipe()). */
static void bca_dopl_pipe(sk_group *g, const bca_state *st, const bca_parts *p, long k, int prev, int next)
{
  char *base = bca_part_start(p, k);
  size_t bytes = bca_part_bytes(p, k), piece = (size_t)st->pipe_size;
  long pieces = (long)((bytes - 1) / piece + 1), window = st->window, x, slot;
  sk_request *recv_slots = st->recv_slots, *send_slots = st->send_slots;
  for (x = 0; x < window; x++) {
    recv_slots[x].active = 0;
    send_slots[x].active = 0;
    if (prev >= 0 && x < pieces)
      sk_tp_irecv(g, prev, base + (size_t)x * piece, bca_piece_bytes(bytes, piece, x), &recv_slots[x]);
  }
  for (x = 0; x < pieces; x++) {
    slot = x % window;
    sk_tp_wait(&recv_slots[slot]);
    if (next >= 0) {
      sk_tp_wait(&send_slots[slot]);
      sk_tp_isend(g, next, base + (size_t)x * piece, bca_piece_bytes(bytes, piece, x), &send_slots[slot]);
    }
    if (prev >= 0 && x + window < pieces)
      sk_tp_irecv(g, prev, base + (size_t)(x + window) * piece,
                  bca_piece_bytes(bytes, piece, x + window), &recv_slots[slot]);
  }
  for (x = 0; x < window; x++) sk_tp_wait(&send_slots[x]);
}

/* The group rank at grid position `position`; -1 stays -1 (no neighbour). */
static int bca_dopl_rank(const bca_state *st, int position)
{
  if (position < 0 || st->rank_at == NULL) return position;
  return st->rank_at[position];
}

static void bca_dopl_bcast(sk_group *g, const bca_state *st, const bca_parts *p)
{
  int me = st->my_position;
  int length[2], at[2], stride[2], d = 0, a, level, on_root_line, is_head, is_tail, head, tail;
  long parts = p->parts, i, pipe_part, wrap_part;
  sk_request wrap_req;
  /* Coordinates of this process in the dimensions longer than 1. */
  if (st->rows > 1) { length[d] = st->rows; at[d] = me / st->cols; stride[d] = st->cols; d++; }
  if (st->cols > 1) { length[d] = st->cols; at[d] = me % st->cols; stride[d] = 1; d++; }
  if (d == 0 || parts == 0) return;
  for (i = 0; i < parts + d - 1; i++) {
    a = (int)(i % d);
    /* level(): in how many dimensions, from a on, the head of my line matches the root;
    ** the head has coordinate 0 in a and mine elsewhere. */
    level = 1;
    while (level < d && at[(a + level) % d] == 0) level++;
    on_root_line = level == d;
    pipe_part = i + level - d;
    if (pipe_part > parts - 1) pipe_part = parts - 1;
    wrap_part = i - d;
    is_head = at[a] == 0;
    is_tail = at[a] == length[a] - 1;
    head = me - at[a] * stride[a];
    tail = head + (length[a] - 1) * stride[a];
    wrap_req.active = 0;
    if (!on_root_line && wrap_part >= 0) {
      if (is_head)
        sk_tp_irecv(g, bca_dopl_rank(st, tail), bca_part_start(p, wrap_part), bca_part_bytes(p, wrap_part), &wrap_req);
      else if (is_tail)
        sk_tp_isend(g, bca_dopl_rank(st, head), bca_part_start(p, wrap_part), bca_part_bytes(p, wrap_part), &wrap_req);
    }
    if (pipe_part >= 0)
      bca_dopl_pipe(g, st, p, pipe_part, bca_dopl_rank(st, is_head ? -1 : me - stride[a]),
                    bca_dopl_rank(st, is_tail ? -1 : me + stride[a]));
    sk_tp_wait(&wrap_req);
  }
}

/* ---- the verify mode ---- */

/* Byte `index` of the root's buffer in call `repetition` of a broadcast of count bytes:
** a hash of the three, so that a part at a wrong offset or from an older call shows. */
static unsigned char bca_pattern_byte(long count, long repetition, size_t index)
{
  unsigned long x = ((unsigned long)index * 2654435761UL) ^ ((unsigned long)count * 40503UL)
                    ^ ((unsigned long)repetition * 2246822519UL);
  x &= 0xffffffffUL;
  x ^= x >> 15;
  x = (x * 2246822519UL) & 0xffffffffUL;
  x ^= x >> 13;
  x = (x * 3266489917UL) & 0xffffffffUL;
  x ^= x >> 16;
  return (unsigned char)(x & 0xff);
}

/* Starts one call: returns this process's buffer (the root's send buffer, everybody
** else's receive buffer); in verify mode the root writes the pattern there and the
** others fill theirs with its complement, so that every byte not received shows. */
static char *bca_begin_call(sk_mctx *m, bca_state *st)
{
  char *buf = m->rank == 0 ? m->send_buf : m->recv_buf;
  size_t i, n = (size_t)st->count;
  st->repetition++;
  if (m->settings->verify) {
    for (i = 0; i < n; i++) {
      unsigned char b = bca_pattern_byte(st->count, st->repetition, i);
      buf[i] = (char)(m->rank == 0 ? b : (unsigned char)~b);
    }
  }
  return buf;
}

/* Ends one call: in verify mode every process (the root too: nothing may have been
** received into its buffer) checks it holds exactly the root's bytes. */
static void bca_end_call(sk_mctx *m, const bca_state *st, const char *fn, const char *buf)
{
  size_t i, n = (size_t)st->count;
  char msg[200];
  if (!m->settings->verify) return;
  for (i = 0; i < n; i++) {
    unsigned char want = bca_pattern_byte(st->count, st->repetition, i);
    if ((unsigned char)buf[i] != want) {
      sprintf(msg, "%.40s: verify: process %d has 0x%02x at byte %lu of %ld where the root "
              "sent 0x%02x (call %ld)", fn, m->rank, (unsigned)(unsigned char)buf[i],
              (unsigned long)i, st->count, (unsigned)want, st->repetition);
      sk_meas_fail(m, msg);
      return;
    }
  }
}

/* ---- init and finalize of the broadcasts ---- */

/* The common part: count bytes from the root's send buffer to the others' receive buffers. */
static bca_state *bca_init_bcast(sk_mctx *m, const char *fn, long count)
{
  bca_state *st;
  if (!bca_check_min(m, fn, "count", count, 0)) return NULL;
  st = (bca_state *)sk_calloc(1, sizeof *st);
  st->count = count;
  st->window = 1;
  m->state = st;
  if (m->rank == 0) m->send_usage = (size_t)count;
  else m->recv_usage = (size_t)count;
  m->reported_size = count;
  return st;
}

static void bca_finalize(sk_mctx *m, const sk_value *args)
{
  bca_state *st = (bca_state *)m->state;
  (void)args;
  if (st == NULL) return;
  free(st->recv_slots);
  free(st->send_slots);
  free(st->rank_at);
  free(st);
  m->state = NULL;
}

/* ---- the arguments: every function takes up to five integers ---- */

/* Bcast_Cube(count, part_size), Bcast_DOPL(count, rows, cols, part_size, pipe_size),
** Bcast_Linear(count), Bcast_Library(count); the ping-pongs (count, iterations). Init
** reads them once; measure works from the state made of them. */
typedef struct bca_args {
  long count, part_size, rows, cols, pipe_size, iterations;
  const sk_value *map;      /* Bcast_DOPL_Grid: position of each rank, else NULL */
} bca_args;

enum bca_signature { BCA_COUNT, BCA_CUBE, BCA_DOPL, BCA_DOPL_GRID, BCA_PINGPONG };

static void bca_args_read(bca_args *a, const sk_value *args, enum bca_signature sig)
{
  memset(a, 0, sizeof *a);
  a->count = args[0].u.i;
  if (sig == BCA_CUBE) a->part_size = args[1].u.i;
  if (sig == BCA_PINGPONG) a->iterations = args[1].u.i;
  if (sig == BCA_DOPL || sig == BCA_DOPL_GRID) {
    a->rows = args[1].u.i;
    a->cols = args[2].u.i;
    a->part_size = args[3].u.i;
    a->pipe_size = args[4].u.i;
  }
  if (sig == BCA_DOPL_GRID) a->map = &args[5];
}

/* ---- Bcast_Cube(count, part_size) ---- */

static void init_Bcast_Cube(sk_mctx *m, const sk_value *args)
{
  bca_state *st;
  bca_args a;
  bca_args_read(&a, args, BCA_CUBE);
  if (!bca_check_min(m, "Bcast_Cube", "part_size", a.part_size, 1)) return;
  st = bca_init_bcast(m, "Bcast_Cube", a.count);
  if (st) st->part_size = a.part_size;
}

static double measure_Bcast_Cube(sk_mctx *m, const sk_value *args)
{
  bca_state *st = (bca_state *)m->state;
  bca_parts p;
  double start, stop;
  (void)args;
  if (st == NULL) return -1.0;
  bca_parts_init(&p, bca_begin_call(m, st), st->count, st->part_size);
  start = sk_sync_start(m);
  bca.cube_last_rounds = bca_cube_bcast(m->group, m->rank, m->size, &p);
  stop = sk_sync_stop(m);
  bca_end_call(m, st, "Bcast_Cube", p.buf);
  return stop - start;
}

/* ---- Bcast_DOPL(count, rows, cols, part_size, pipe_size) ---- */

/* The grid: rows * cols must be the communicator size; 0 for one of them derives it from
** the other, 0 for both picks the squarest grid with rows <= cols. */
static int bca_dopl_grid(sk_mctx *m, long rows, long cols, bca_state *st)
{
  const char *fn = "Bcast_DOPL";
  char msg[200];
  long n = m->size;
  if (!bca_check_min(m, fn, "rows", rows, 0) || !bca_check_min(m, fn, "cols", cols, 0)) return 0;
  if (rows == 0 && cols == 0) {
    for (rows = 1; (rows + 1) * (rows + 1) <= n; rows++) { }
    while (n % rows != 0) rows--;
  }
  if (rows == 0 && n % cols == 0) rows = n / cols;
  if (cols == 0 && n % rows == 0) cols = n / rows;
  if (rows == 0 || cols == 0 || rows > n || cols > n || rows * cols != n) {
    sprintf(msg, "%.40s: a grid of %ld rows and %ld columns does not fit a communicator of "
            "%ld processes (rows * cols must equal it; 0 lets Bcast_DOPL choose)", fn,
            rows, cols, n);
    sk_meas_fail(m, msg);
    return 0;
  }
  st->rows = (int)rows;
  st->cols = (int)cols;
  return 1;
}

/* The inverse of a rank-to-position map: rank_at[position]; NULL (and the measurement
** failed) unless map holds each position 0..n-1 exactly once and puts the root, rank 0,
** at position 0 (the source starts the first line, §6.2). */
static int *bca_dopl_invert_map(sk_mctx *m, const sk_value *map)
{
  long n = m->size, r, x;
  int *rank_at;
  char msg[200];
  if ((long)sk_array_length(map) != n) {
    sprintf(msg, "Bcast_DOPL_Grid: the map has %ld entries, the communicator %ld processes",
            (long)sk_array_length(map), n);
    sk_meas_fail(m, msg);
    return NULL;
  }
  rank_at = (int *)sk_malloc(sizeof(int) * (size_t)n);
  for (x = 0; x < n; x++) rank_at[x] = -1;
  for (r = 0; r < n; r++) {
    x = sk_iarray_get(map, (size_t)r);
    if (x < 0 || x >= n || rank_at[x] >= 0) {
      sprintf(msg, "Bcast_DOPL_Grid: map[%ld] = %ld is not a free grid position 0..%ld", r, x, n - 1);
      sk_meas_fail(m, msg);
      free(rank_at);
      return NULL;
    }
    rank_at[x] = (int)r;
  }
  if (rank_at[0] != 0) {
    sprintf(msg, "Bcast_DOPL_Grid: map[0] = %ld; the root (rank 0) must sit at position 0",
            sk_iarray_get(map, 0));
    sk_meas_fail(m, msg);
    free(rank_at);
    return NULL;
  }
  return rank_at;
}

/* Bcast_DOPL and Bcast_DOPL_Grid (sig BCA_DOPL_GRID: with the map of args[5]). */
static void bca_init_dopl(sk_mctx *m, const sk_value *args, enum bca_signature sig)
{
  bca_state *st, grid;
  bca_args a;
  long largest_part, pieces;
  int *rank_at = NULL;
  bca_args_read(&a, args, sig);
  if (!bca_check_min(m, "Bcast_DOPL", "count", a.count, 0)
      || !bca_dopl_grid(m, a.rows, a.cols, &grid)
      || !bca_check_min(m, "Bcast_DOPL", "part_size", a.part_size, 1)
      || !bca_check_min(m, "Bcast_DOPL", "pipe_size", a.pipe_size, 1)) return;
  if (a.map != NULL && (rank_at = bca_dopl_invert_map(m, a.map)) == NULL) return;
  st = bca_init_bcast(m, "Bcast_DOPL", a.count);
  st->rows = grid.rows;
  st->cols = grid.cols;
  st->part_size = a.part_size;
  st->pipe_size = a.pipe_size;
  st->rank_at = rank_at;
  st->my_position = a.map != NULL ? (int)sk_iarray_get(a.map, (size_t)m->rank) : m->rank;
  largest_part = st->part_size < st->count ? st->part_size : st->count;
  pieces = largest_part > 0 ? (largest_part - 1) / st->pipe_size + 1 : 1;
  st->window = pieces < BCA_PIPE_WINDOW ? pieces : BCA_PIPE_WINDOW;
  st->recv_slots = (sk_request *)sk_calloc((size_t)st->window, sizeof(sk_request));
  st->send_slots = (sk_request *)sk_calloc((size_t)st->window, sizeof(sk_request));
}

static void init_Bcast_DOPL(sk_mctx *m, const sk_value *args)
{
  bca_init_dopl(m, args, BCA_DOPL);
}

static void init_Bcast_DOPL_Grid(sk_mctx *m, const sk_value *args)
{
  bca_init_dopl(m, args, BCA_DOPL_GRID);
}

static double measure_Bcast_DOPL(sk_mctx *m, const sk_value *args)
{
  bca_state *st = (bca_state *)m->state;
  bca_parts p;
  double start, stop;
  (void)args;
  if (st == NULL) return -1.0;
  bca_parts_init(&p, bca_begin_call(m, st), st->count, st->part_size);
  start = sk_sync_start(m);
  bca_dopl_bcast(m->group, st, &p);
  stop = sk_sync_stop(m);
  bca_end_call(m, st, "Bcast_DOPL", p.buf);
  return stop - start;
}

static double measure_Bcast_DOPL_Grid(sk_mctx *m, const sk_value *args)
{
  return measure_Bcast_DOPL(m, args);
}

/* ---- Bcast_Linear(count) and Bcast_Library(count) ---- */

static void init_Bcast_Linear(sk_mctx *m, const sk_value *args)
{
  bca_args a;
  bca_args_read(&a, args, BCA_COUNT);
  bca_init_bcast(m, "Bcast_Linear", a.count);
}

static double measure_Bcast_Linear(sk_mctx *m, const sk_value *args)
{
  bca_state *st = (bca_state *)m->state;
  char *buf;
  double start, stop;
  int i;
  (void)args;
  if (st == NULL) return -1.0;
  buf = bca_begin_call(m, st);
  start = sk_sync_start(m);
  if (m->rank == 0) {
    for (i = 1; i < m->size; i++) sk_tp_send(m->group, i, buf, (size_t)st->count);
  } else {
    sk_tp_recv(m->group, 0, buf, (size_t)st->count);
  }
  stop = sk_sync_stop(m);
  bca_end_call(m, st, "Bcast_Linear", buf);
  return stop - start;
}

static void init_Bcast_Library(sk_mctx *m, const sk_value *args)
{
  bca_args a;
  bca_args_read(&a, args, BCA_COUNT);
  bca_init_bcast(m, "Bcast_Library", a.count);
}

static double measure_Bcast_Library(sk_mctx *m, const sk_value *args)
{
  bca_state *st = (bca_state *)m->state;
  char *buf;
  double start, stop;
  (void)args;
  if (st == NULL) return -1.0;
  buf = bca_begin_call(m, st);
  start = sk_sync_start(m);
  sk_tp_library_bcast(m->group, buf, (size_t)st->count, 0);
  stop = sk_sync_stop(m);
  bca_end_call(m, st, "Bcast_Library", buf);
  return stop - start;
}

/* ---- Pingpong_Blocking(count, iterations), Pingpong_Nonblocking(count, iterations) ----
** Rank 0 runs `iterations` round trips (send, then receive the answer) and sends once
** more after stopping its clock; rank 1 receives once before starting its clock, then
** answers and waits for the next message `iterations` times. Both return the time of ONE
** full round trip, averaged (SKaMPI 5 manual §3.1); other ranks take no part and return -1. */

static void bca_init_pingpong(sk_mctx *m, const sk_value *args, const char *fn)
{
  bca_args a;
  bca_args_read(&a, args, BCA_PINGPONG);
  if (!bca_check_min(m, fn, "count", a.count, 0)
      || !bca_check_min(m, fn, "iterations", a.iterations, 0)) return;
  if (m->rank <= 1) {
    m->send_usage = (size_t)a.count;
    m->recv_usage = (size_t)a.count;
  }
  m->reported_size = a.count;
}

static void init_Pingpong_Blocking(sk_mctx *m, const sk_value *args)
{
  bca_init_pingpong(m, args, "Pingpong_Blocking");
}

static void init_Pingpong_Nonblocking(sk_mctx *m, const sk_value *args)
{
  bca_init_pingpong(m, args, "Pingpong_Nonblocking");
}

static double measure_Pingpong_Blocking(sk_mctx *m, const sk_value *args)
{
  bca_args a;
  size_t n;
  long iterations, i;
  double start, stop;
  bca_args_read(&a, args, BCA_PINGPONG);
  n = (size_t)a.count;
  iterations = a.iterations;
  if (iterations <= 0 || m->rank > 1) return iterations == 0 && m->rank <= 1 ? 0.0 : -1.0;
  if (m->rank == 0) {
    start = sk_tp_wtime();
    for (i = 0; i < iterations; i++) {
      sk_tp_send(m->group, 1, m->send_buf, n);
      sk_tp_recv(m->group, 1, m->recv_buf, n);
    }
    stop = sk_tp_wtime();
    sk_tp_send(m->group, 1, m->send_buf, n);
  } else {
    sk_tp_recv(m->group, 0, m->recv_buf, n);
    start = sk_tp_wtime();
    for (i = 0; i < iterations; i++) {
      sk_tp_send(m->group, 0, m->send_buf, n);
      sk_tp_recv(m->group, 0, m->recv_buf, n);
    }
    stop = sk_tp_wtime();
  }
  return (stop - start) / (double)iterations;
}

/* The same with iRCCE-style non-blocking calls: each process posts the receive of the
** next message before it sends, then waits for both. */
static double measure_Pingpong_Nonblocking(sk_mctx *m, const sk_value *args)
{
  bca_args a;
  size_t n;
  long iterations, i;
  int peer = 1 - m->rank;
  sk_request recv_req, send_req;
  double start, stop;
  bca_args_read(&a, args, BCA_PINGPONG);
  n = (size_t)a.count;
  iterations = a.iterations;
  if (iterations <= 0 || m->rank > 1) return iterations == 0 && m->rank <= 1 ? 0.0 : -1.0;
  if (m->rank == 1) {
    sk_tp_irecv(m->group, peer, m->recv_buf, n, &recv_req);
    sk_tp_wait(&recv_req);
  }
  start = sk_tp_wtime();
  for (i = 0; i < iterations; i++) {
    sk_tp_irecv(m->group, peer, m->recv_buf, n, &recv_req);
    sk_tp_isend(m->group, peer, m->send_buf, n, &send_req);
    sk_tp_wait(&send_req);
    sk_tp_wait(&recv_req);
  }
  stop = sk_tp_wtime();
  if (m->rank == 0) {
    sk_tp_isend(m->group, peer, m->send_buf, n, &send_req);
    sk_tp_wait(&send_req);
  }
  return (stop - start) / (double)iterations;
}

/* ---- print_bcast_cube_rounds(): the debug counter of Bin Jia's broadcast (Pichler
** 2013 §5), rounds of the last Bcast_Cube on rank 0, written to the output as a comment ---- */

static sk_value bi_print_bcast_cube_rounds(struct sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)a; (void)loc;
  if (sk_tp_world_rank() == 0) {
    sk_str s;
    sk_str_init(&s);
    sk_str_printf(&s, "# Bcast_Cube rounds (last call, rank 0): %ld\n", sk_bcast_cube_last_rounds());
    sk_out_text(s.data);
    sk_str_free(&s);
  }
  return sk_int_value(sk_bcast_cube_last_rounds());
}

/* ---- scc_grid_map(n): the DOPL layout of the thesis (Pichler 2013 §6.2, figure 4) for the
** first n SCC cores, n = 12, 24, 36 or 48: core c (tile t = c / 2 at x = t % 6, y = t / 6)
** sits in row 2 y + c % 2, column x of a (n / 6) x 6 grid, at position row * 6 + column.
** For Bcast_DOPL_Grid(count, n / 6, 6, part, pipe, scc_grid_map(n)) on comm(n). ---- */

static sk_value bi_scc_grid_map(struct sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  long n = a[0].u.i, c;
  sk_value map;
  (void)in;
  if (n < 12 || n > 48 || n % 12 != 0)
    sk_user_error(loc, "scc_grid_map: %ld cores; the SCC layout needs 12, 24, 36 or 48", n);
  map = sk_iarray_new((size_t)n);
  for (c = 0; c < n; c++)
    sk_iarray_set(&map, (size_t)c, (2 * (c / 12) + c % 2) * 6 + (c / 2) % 6);
  return map;
}

static const sk_builtin bca_builtins[] = {
  { "print_bcast_cube_rounds", "", SK_T_INT, bi_print_bcast_cube_rounds },
  { "scc_grid_map", "i", SK_T_IARRAY, bi_scc_grid_map },
  { NULL, NULL, SK_T_NONE, NULL }
};

SK_API const sk_builtin *sk_builtins_bcast_algos(void)
{
  return bca_builtins;
}

/* ---- the table ---- */

/* Verification of the ping-pongs: each of ranks 0 and 1 holds the other's bytes. */
static void check_bca_pingpong(sk_mctx *m, const sk_value *args)
{
  bca_args a;
  bca_args_read(&a, args, BCA_PINGPONG);
  if (a.iterations > 0 && m->rank <= 1)
    sk_verify_expect(m, "receive buffer", m->recv_buf, (size_t)a.count, 1 - m->rank, 0, NULL);
}

static const sk_verifier bca_verify_table[] = {
  SK_VERIFY(Pingpong_Blocking, NULL, check_bca_pingpong),
  SK_VERIFY(Pingpong_Nonblocking, NULL, check_bca_pingpong),
  SK_VERIFY(Bcast_Cube, sk_verify_in_measure, sk_verify_in_measure),
  SK_VERIFY(Bcast_DOPL, sk_verify_in_measure, sk_verify_in_measure),
  SK_VERIFY(Bcast_DOPL_Grid, sk_verify_in_measure, sk_verify_in_measure),
  SK_VERIFY(Bcast_Linear, sk_verify_in_measure, sk_verify_in_measure),
  SK_VERIFY(Bcast_Library, sk_verify_in_measure, sk_verify_in_measure),
  SK_VERIFY_END
};

SK_API const sk_verifier *sk_verify_table_bcast_algos(void) { return bca_verify_table; }

static const sk_measurement bca_table[] = {
  SK_MEASUREMENT(Pingpong_Blocking, "ii", "count iterations", SK_PATTERN_P2P, 2, init_Pingpong_Blocking, NULL),
  SK_MEASUREMENT(Pingpong_Nonblocking, "ii", "count iterations", SK_PATTERN_P2P, 2, init_Pingpong_Nonblocking, NULL),
  SK_MEASUREMENT(Bcast_Cube, "ii", "count part_size", SK_PATTERN_COLLECTIVE, 1, init_Bcast_Cube, bca_finalize),
  SK_MEASUREMENT(Bcast_DOPL, "iiiii", "count rows cols part_size pipe_size", SK_PATTERN_COLLECTIVE, 1, init_Bcast_DOPL, bca_finalize),
  SK_MEASUREMENT(Bcast_DOPL_Grid, "iiiiia", "count rows cols part_size pipe_size map", SK_PATTERN_COLLECTIVE, 1, init_Bcast_DOPL_Grid, bca_finalize),
  SK_MEASUREMENT(Bcast_Linear, "i", "count", SK_PATTERN_COLLECTIVE, 1, init_Bcast_Linear, bca_finalize),
  SK_MEASUREMENT(Bcast_Library, "i", "count", SK_PATTERN_COLLECTIVE, 1, init_Bcast_Library, bca_finalize),
  SK_MEASUREMENT_END
};

SK_API const sk_measurement *sk_meas_table_bcast_algos(void)
{
  return bca_table;
}
/* --- end split/meas_bcast_algos.c --- */
/* --- begin split/meas_mpi.c --- */
#line 1 "split/meas_mpi.c"
/*
** meas_mpi.c -- implements meas_mpi.h: the helpers shared by all meas_mpi_*.c modules
** (byte counts, argument checks that end in sk_meas_fail(), the busy wait used for
** delays, MPI_INT as a datatype, the ring neighbours) and the clock measurements
** (SKaMPI 5 manual §3.4 Wtime, and MPI_Wtime from the list of §3.2, which is no
** collective operation).
** Invariants: the helpers use MPI-1.1 calls only (MPI_Comm_get_attr stands for
** MPI_Attr_get whenever mpi.h is MPI-2 or later, see SK_MPI_REPLACED_NAMES in config.h);
** the checks depend on the arguments and the communicator size alone. The function
** bodies exist in the MPI build only; the table exists in every build.
*/
#line 13 "split/meas_mpi.c"
#line 14 "split/meas_mpi.c"

#ifdef SKAMPI_MPI

/* ---- byte counts and small helpers ---- */

SK_API size_t sk_mpi_bytes(long count, const sk_datatype *dt)
{
  return count <= 0 ? 0 : (size_t)count * dt->extent;
}

SK_API long sk_mpi_data_bytes(long count, const sk_datatype *dt)
{
  return count <= 0 ? 0 : count * (long)dt->size;
}

SK_API MPI_Comm sk_mpi_comm(const sk_mctx *m)
{
  return sk_tp_group_mpi_comm(m->group);
}

SK_API double sk_mpi_arg_double(const sk_value *v)
{
  return v->type == SK_T_INT ? (double)v->u.i : v->u.d;
}

SK_API void sk_mpi_busy_wait(double microseconds)
{
  double end;
  if (microseconds <= 0.0) return;
  end = MPI_Wtime() + microseconds * 1.0e-6;
  while (MPI_Wtime() < end) { /* spin: a delay without MPI progress */ }
}

SK_API const sk_datatype *sk_mpi_int_type(void)
{
  static sk_datatype t;
  if (t.name == NULL) {
    t.size = t.extent = sizeof(int);
    t.mpi = MPI_INT;
    t.name = "MPI_INT";
  }
  return &t;
}

SK_API int sk_mpi_ring_left(const sk_mctx *m) { return (m->rank + m->size - 1) % m->size; }
SK_API int sk_mpi_ring_right(const sk_mctx *m) { return (m->rank + 1) % m->size; }

SK_API int sk_mpi_share(long total, int parts, int rank)
{
  long base = total / parts, extra = total % parts;
  return (int)(base + (rank < extra ? 1 : 0));
}

/* ---- argument checks ---- */

static void fail_printf(sk_mctx *m, const char *fn, const char *what, const char *problem, long value)
{
  char msg[200];
  sprintf(msg, "%.60s: %.40s %ld %.80s", fn, what, value, problem);
  sk_meas_fail(m, msg);
}

SK_API int sk_mpi_check_count(sk_mctx *m, const char *fn, const char *what, long value)
{
  if (m->failed) return 0;
  if (value < 0) { fail_printf(m, fn, what, "is negative", value); return 0; }
  if (value > INT_MAX) { fail_printf(m, fn, what, "is too large for MPI (an int)", value); return 0; }
  return 1;
}

SK_API int sk_mpi_check_rank(sk_mctx *m, const char *fn, const char *what, long rank)
{
  char problem[80];
  if (m->failed) return 0;
  if (rank < 0 || rank >= m->size) {
    sprintf(problem, "is not a rank of the communicator (size %d)", m->size);
    fail_printf(m, fn, what, problem, rank);
    return 0;
  }
  return 1;
}

SK_API int sk_mpi_check_tag(sk_mctx *m, const char *fn, const char *what, long tag)
{
  long upper = 32767;                /* the least MPI_TAG_UB the standard allows */
  int *tag_ub = NULL, flag = 0;
  char problem[80];
  if (m->failed) return 0;
#if SK_MPI_REPLACED_NAMES
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);
#else
  MPI_Attr_get(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);
#endif
  if (flag && tag_ub != NULL && *tag_ub > 0) upper = *tag_ub;
  if (tag < 0 || tag > upper) {
    sprintf(problem, "is not a valid tag (0..%ld)", upper);
    fail_printf(m, fn, what, problem, tag);
    return 0;
  }
  return 1;
}

SK_API size_t sk_mpi_block_bytes(sk_mctx *m, const char *fn, long count, const sk_datatype *dt,
                                 long blocks, int displaced)
{
  char msg[200];
  if (m->failed || count <= 0 || blocks <= 0) return 0;
  if ((displaced && count > INT_MAX / blocks)
      || (size_t)count > ((size_t)-1) / dt->extent / (size_t)blocks) {
    sprintf(msg, "%.60s: %ld blocks of %ld elements of %.40s are too large for this machine",
            fn, blocks, count, dt->name ? dt->name : "the datatype");
    sk_meas_fail(m, msg);
    return 0;
  }
  return (size_t)blocks * (size_t)count * dt->extent;
}

SK_API int sk_mpi_check_same_data(sk_mctx *m, const char *fn, long send_count, const sk_datatype *send_dt,
                                  long recv_count, const sk_datatype *recv_dt)
{
  char msg[200];
  long s = sk_mpi_data_bytes(send_count, send_dt), r = sk_mpi_data_bytes(recv_count, recv_dt);
  if (m->failed) return 0;
  if (s != r) {
    sprintf(msg, "%.60s: a message of the senders has %ld bytes but the receivers expect %ld "
            "(send and receive count*datatype must match)", fn, s, r);
    sk_meas_fail(m, msg);
    return 0;
  }
  return 1;
}

/* Classes of predefined datatypes for the reduction operators (MPI-1.1 §4.9.2). */
enum { TYPE_CLASS_OTHER, TYPE_CLASS_INTEGER, TYPE_CLASS_FLOATING, TYPE_CLASS_BYTE, TYPE_CLASS_PAIR };

static int datatype_class(MPI_Datatype t)
{
  if (t == MPI_INT || t == MPI_LONG || t == MPI_SHORT || t == MPI_UNSIGNED_SHORT
      || t == MPI_UNSIGNED || t == MPI_UNSIGNED_LONG || t == MPI_UNSIGNED_CHAR) return TYPE_CLASS_INTEGER;
#ifdef MPI_LONG_LONG_INT
  if (t == MPI_LONG_LONG_INT) return TYPE_CLASS_INTEGER;
#endif
#if SK_MPI_LEVEL >= 2
  if (t == MPI_UNSIGNED_LONG_LONG || t == MPI_SIGNED_CHAR) return TYPE_CLASS_INTEGER;
#endif
  if (t == MPI_FLOAT || t == MPI_DOUBLE || t == MPI_LONG_DOUBLE) return TYPE_CLASS_FLOATING;
  if (t == MPI_BYTE) return TYPE_CLASS_BYTE;
  if (t == MPI_FLOAT_INT || t == MPI_DOUBLE_INT || t == MPI_LONG_INT || t == MPI_2INT
      || t == MPI_SHORT_INT || t == MPI_LONG_DOUBLE_INT) return TYPE_CLASS_PAIR;
  return TYPE_CLASS_OTHER;
}

SK_API int sk_mpi_check_op(sk_mctx *m, const char *fn, const sk_opdef *op, const sk_datatype *dt,
                           int allow_replace)
{
  char msg[200];
  MPI_Op o = op->mpi;
  int cls = datatype_class(dt->mpi), ok;
  if (m->failed) return 0;
  if (o == MPI_MAX || o == MPI_MIN || o == MPI_SUM || o == MPI_PROD)
    ok = cls == TYPE_CLASS_INTEGER || cls == TYPE_CLASS_FLOATING;
  else if (o == MPI_LAND || o == MPI_LOR || o == MPI_LXOR)
    ok = cls == TYPE_CLASS_INTEGER;
  else if (o == MPI_BAND || o == MPI_BOR || o == MPI_BXOR)
    ok = cls == TYPE_CLASS_INTEGER || cls == TYPE_CLASS_BYTE;
  else if (o == MPI_MINLOC || o == MPI_MAXLOC)
    ok = cls == TYPE_CLASS_PAIR;
#if SK_MPI_LEVEL >= 2
  else if (o == MPI_REPLACE)
    ok = allow_replace && cls != TYPE_CLASS_OTHER;
#endif
  else
    ok = 0;
  (void)allow_replace;
  if (!ok) {
    sprintf(msg, "%.60s: operator %.30s cannot be applied to datatype %.40s", fn,
            op->name ? op->name : "(unnamed)", dt->name ? dt->name : "(unnamed)");
    sk_meas_fail(m, msg);
    return 0;
  }
  return 1;
}

/* ---- measurement functions ---- */

/* Wtime(iterations), §3.4: the average time of one of `iterations` calls of MPI_Wtime.
** Every process measures on its own (no synchronisation: it is a local operation). */
typedef struct wtime_args {
  long iterations;
} wtime_args;

static void wtime_args_read(wtime_args *a, const sk_value *args)
{
  a->iterations = args[0].u.i;
}

static void init_Wtime(sk_mctx *m, const sk_value *args)
{
  wtime_args a;
  wtime_args_read(&a, args);
  sk_mpi_check_count(m, "Wtime", "iterations", a.iterations);
  m->send_usage = m->recv_usage = 0;
  m->reported_size = 0;
}

static double measure_Wtime(sk_mctx *m, const sk_value *args)
{
  wtime_args a;
  long i;
  double start, end, sink = 0.0;
  (void)m;
  wtime_args_read(&a, args);
  if (a.iterations <= 0) return a.iterations == 0 ? 0.0 : -1.0;
  start = MPI_Wtime();
  for (i = 0; i < a.iterations; i++) sink += MPI_Wtime();
  end = MPI_Wtime();
  if (sink < 0.0) return -1.0;      /* keeps the calls from being optimised away */
  return (end - start) / (double)a.iterations;
}

/* MPI_Wtime(), listed in §3.2: the time between two consecutive calls of MPI_Wtime,
** i.e. the cost of one call as seen by the clock itself. */
static double measure_MPI_Wtime(sk_mctx *m, const sk_value *args)
{
  double first, second;
  (void)m; (void)args;
  first = MPI_Wtime();
  second = MPI_Wtime();
  return second - first;
}


/* ---- verification ---- */

SK_API int sk_mpi_verify_block(sk_mctx *m, const char *what, const char *buf, long r_count,
                               const sk_datatype *r_dt, long s_count, const sk_datatype *s_dt, long stream,
                               size_t offset)
{
  MPI_Comm comm = sk_mpi_comm(m);
  size_t r_bytes = sk_mpi_bytes(r_count, r_dt), s_bytes = sk_mpi_bytes(s_count, s_dt), k;
  int r_packed = 0, s_packed = 0, pos, got_len, want_len, j, ok = 1;
  char *sent, *want, *got, *ones;
  unsigned char *mask;
  MPI_Pack_size((int)r_count, r_dt->mpi, comm, &r_packed);
  MPI_Pack_size((int)s_count, s_dt->mpi, comm, &s_packed);
  sent = (char *)sk_malloc(s_bytes + 1);
  want = (char *)sk_malloc((size_t)s_packed + 1);
  got = (char *)sk_malloc((size_t)r_packed + 1);
  ones = (char *)sk_malloc((size_t)r_packed + 1);
  mask = (unsigned char *)sk_calloc(r_bytes + 1, 1);
  sk_verify_fill(sent, s_bytes, stream, offset);
  pos = 0;
  MPI_Pack(sent, (int)s_count, s_dt->mpi, want, s_packed, &pos, comm);
  want_len = pos;
  pos = 0;
  MPI_Pack((void *)buf, (int)r_count, r_dt->mpi, got, r_packed, &pos, comm);
  got_len = pos;
  memset(ones, 0xff, (size_t)r_packed + 1);
  pos = 0;
  MPI_Unpack(ones, r_packed, &pos, mask, (int)r_count, r_dt->mpi, comm);
  for (j = 0; j < got_len && j < want_len && ok; j++)
    if (got[j] != want[j]) {
      char w[160];
      sprintf(w, "%.100s, data byte %d in type-map order", what, j);
      sk_verify_mismatch(m, w, (size_t)j, (unsigned char)got[j], (unsigned char)want[j]);
      ok = 0;
    }
  if (ok && got_len != want_len) {
    char w[160];
    sprintf(w, "%.100s: %d data bytes, the sender sent %d", what, got_len, want_len);
    sk_verify_mismatch(m, w, (size_t)(got_len < want_len ? got_len : want_len), 0u, 0u);
    ok = 0;
  }
  for (k = 0; k < r_bytes && ok; k++)
    if (!mask[k] && buf[k] != 0) {
      char w[160];
      sprintf(w, "%.100s, gap of the datatype", what);
      sk_verify_mismatch(m, w, k, (unsigned char)buf[k], 0u);
      ok = 0;
    }
  free(sent);
  free(want);
  free(got);
  free(ones);
  free(mask);
  return ok;
}

/* The operand element i of process r: 0..3. */
static int verify_operand(int r, long i)
{
  return (int)((r * 5L + i * 3L + 1L) % 4L);
}

/* The numeric kinds the local recomputation knows: of a plain element, or of the value
** of a MINLOC/MAXLOC pair. */
enum verify_kind { VK_NONE, VK_INT, VK_LONG, VK_SHORT, VK_UNSIGNED, VK_FLOAT, VK_DOUBLE, VK_LONG_DOUBLE };

/* The C layouts of the pair types (MPI-1.1 §4.9.3: value, then the int index). */
struct verify_float_int { float v; int i; };
struct verify_double_int { double v; int i; };
struct verify_long_int { long v; int i; };
struct verify_short_int { short v; int i; };
struct verify_2int { int v; int i; };
struct verify_long_double_int { long double v; int i; };
#define VERIFY_INDEX_AT(x) ((size_t)((char *)&(x).i - (char *)&(x)))

/* An element of dt: the kind of its (first) value and, for a pair type, where its int
** index lies (pair 0: a plain element). */
typedef struct verify_layout {
  enum verify_kind kind;
  int pair;
  size_t index_at;
} verify_layout;

static verify_layout verify_layout_of(const sk_datatype *dt)
{
  verify_layout l;
  MPI_Datatype t = dt->mpi;
  struct verify_float_int fi;
  struct verify_double_int di;
  struct verify_long_int li;
  struct verify_short_int si;
  struct verify_2int ii;
  struct verify_long_double_int ldi;
  l.kind = VK_NONE;
  l.pair = 1;
  l.index_at = 0;
  if (t == MPI_2INT) { l.kind = VK_INT; l.index_at = VERIFY_INDEX_AT(ii); }
  else if (t == MPI_FLOAT_INT) { l.kind = VK_FLOAT; l.index_at = VERIFY_INDEX_AT(fi); }
  else if (t == MPI_DOUBLE_INT) { l.kind = VK_DOUBLE; l.index_at = VERIFY_INDEX_AT(di); }
  else if (t == MPI_LONG_INT) { l.kind = VK_LONG; l.index_at = VERIFY_INDEX_AT(li); }
  else if (t == MPI_SHORT_INT) { l.kind = VK_SHORT; l.index_at = VERIFY_INDEX_AT(si); }
  else if (t == MPI_LONG_DOUBLE_INT) { l.kind = VK_LONG_DOUBLE; l.index_at = VERIFY_INDEX_AT(ldi); }
  else {
    l.pair = 0;
    if (t == MPI_INT) l.kind = VK_INT;
    else if (t == MPI_LONG) l.kind = VK_LONG;
    else if (t == MPI_SHORT) l.kind = VK_SHORT;
    else if (t == MPI_UNSIGNED) l.kind = VK_UNSIGNED;
    else if (t == MPI_FLOAT) l.kind = VK_FLOAT;
    else if (t == MPI_DOUBLE) l.kind = VK_DOUBLE;
  }
  return l;
}

/* The value of kind k at p (numbers compare where padding bytes, as those of an x86 long
** double, may differ). */
static double verify_get(const char *p, enum verify_kind k)
{
  int i; long l; short s; unsigned u; float f; double d; long double x;
  switch (k) {
  case VK_INT: memcpy(&i, p, sizeof i); return i;
  case VK_LONG: memcpy(&l, p, sizeof l); return (double)l;
  case VK_SHORT: memcpy(&s, p, sizeof s); return s;
  case VK_UNSIGNED: memcpy(&u, p, sizeof u); return u;
  case VK_FLOAT: memcpy(&f, p, sizeof f); return f;
  case VK_DOUBLE: memcpy(&d, p, sizeof d); return d;
  case VK_LONG_DOUBLE: memcpy(&x, p, sizeof x); return (double)x;
  default: return -1.0;
  }
}

/* The first byte of n where got and want differ (n when none). */
static size_t verify_first_difference(const char *got, const char *want, size_t n)
{
  size_t b;
  for (b = 0; b < n && got[b] == want[b]; b++) { /* find it */ }
  return b;
}

static void verify_put(char *p, enum verify_kind k, double v)
{
  int i = (int)v; long l = (long)v; short s = (short)v; unsigned u = (unsigned)v; float f = (float)v;
  long double x = (long double)v;
  switch (k) {
  case VK_INT: memcpy(p, &i, sizeof i); break;
  case VK_LONG: memcpy(p, &l, sizeof l); break;
  case VK_SHORT: memcpy(p, &s, sizeof s); break;
  case VK_UNSIGNED: memcpy(p, &u, sizeof u); break;
  case VK_FLOAT: memcpy(p, &f, sizeof f); break;
  case VK_DOUBLE: memcpy(p, &v, sizeof v); break;
  case VK_LONG_DOUBLE: memcpy(p, &x, sizeof x); break;
  default: break;
  }
}

SK_API void sk_mpi_verify_fill_operands(sk_mctx *m, long count, const sk_datatype *dt)
{
  sk_mpi_verify_fill_operands_from(m, count, dt, 0);
}

SK_API void sk_mpi_verify_fill_operands_from(sk_mctx *m, long count, const sk_datatype *dt, long first_element)
{
  verify_layout l = verify_layout_of(dt);
  long i;
  if (m->recv_buf && m->recv_usage) memset(m->recv_buf, 0, m->recv_usage);
  if (l.kind == VK_NONE) { sk_verify_default_prepare(m, NULL); return; }
  if (m->send_buf && m->send_usage) memset(m->send_buf, 0, m->send_usage);
  for (i = 0; i < count; i++) {
    char *at = m->send_buf + (size_t)i * dt->extent;
    verify_put(at, l.kind, verify_operand(m->rank, first_element + i));
    if (l.pair) memcpy(at + l.index_at, &m->rank, sizeof(int));
  }
}

/* op applied to two whole numbers 0..81 (MPI-1.1 §4.9.2); -1 for an unknown op. The
** values of MINLOC and MAXLOC are those of MIN and MAX (their index: verify_pair). */
static double verify_apply(MPI_Op op, double a, double b)
{
  long x = (long)a, y = (long)b;
  if (op == MPI_SUM) return a + b;
  if (op == MPI_PROD) return a * b;
  if (op == MPI_MAX || op == MPI_MAXLOC) return a > b ? a : b;
  if (op == MPI_MIN || op == MPI_MINLOC) return a < b ? a : b;
  if (op == MPI_LAND) return (x && y) ? 1 : 0;
  if (op == MPI_LOR) return (x || y) ? 1 : 0;
  if (op == MPI_LXOR) return (!x != !y) ? 1 : 0;
  if (op == MPI_BAND) return (double)(x & y);
  if (op == MPI_BOR) return (double)(x | y);
  if (op == MPI_BXOR) return (double)(x ^ y);
  return -1.0;
}

/* The index MINLOC/MAXLOC keep of (u, i) and (v, j), v the value they keep: that of the
** better value, the smaller index of equal ones (MPI-1.1 §4.9.3). */
static int verify_pair_index(double u, int i, double v, int j, double kept)
{
  if (u == v) return i < j ? i : j;
  return u == kept ? i : j;
}

SK_API int sk_mpi_verify_reduced(sk_mctx *m, const char *what, const char *buf, long count,
                                 const sk_datatype *dt, const sk_opdef *op, int first, int last)
{
  return sk_mpi_verify_reduced_from(m, what, buf, count, dt, op, first, last, 0);
}

SK_API int sk_mpi_verify_reduced_from(sk_mctx *m, const char *what, const char *buf, long count,
                                      const sk_datatype *dt, const sk_opdef *op, int first, int last,
                                      long first_element)
{
  verify_layout l = verify_layout_of(dt);
  int pair_op = op->mpi == MPI_MINLOC || op->mpi == MPI_MAXLOC;
  char expect[sizeof(long double) + sizeof(double)], w[200];
  long i;
  int r;
  if (l.kind == VK_NONE || verify_apply(op->mpi, 1.0, 1.0) < 0.0 || l.pair != pair_op) {
    sprintf(w, "%.80s: no local recomputation of %.30s on %.40s", what, op->name, dt->name);
    sk_verify_mismatch(m, w, 0, 0u, 0u);
    return 0;
  }
  for (i = 0; i < count; i++) {
    long e = first_element + i;
    double v = verify_operand(first, e);
    int index = first;
    size_t at = (size_t)i * dt->extent, b;
    for (r = first + 1; r <= last; r++) {
      double next = verify_apply(op->mpi, v, verify_operand(r, e));
      if (l.pair) index = verify_pair_index(v, index, verify_operand(r, e), r, next);
      v = next;
    }
    memset(expect, 0, sizeof expect);
    verify_put(expect, l.kind, v);
    if (verify_get(buf + at, l.kind) != v) {
      b = verify_first_difference(buf + at, expect, dt->size);
      if (b >= dt->size) b = 0;
      sprintf(w, "%.80s, element %ld (%g expected from %s over ranks %d..%d)", what, e, v, op->name, first, last);
      sk_verify_mismatch(m, w, at + b, (unsigned char)buf[at + b], (unsigned char)expect[b]);
      return 0;
    }
    memcpy(expect, &index, sizeof index);
    if (l.pair && (b = verify_first_difference(buf + at + l.index_at, expect, sizeof index)) < sizeof index) {
      sprintf(w, "%.80s, index of element %ld (rank %d expected from %s over ranks %d..%d)", what, e, index,
              op->name, first, last);
      sk_verify_mismatch(m, w, at + l.index_at + b, (unsigned char)buf[at + l.index_at + b], (unsigned char)expect[b]);
      return 0;
    }
  }
  return 1;
}
#endif /* SKAMPI_MPI */

static const sk_measurement mpi_table[] = {
  SK_MEASUREMENT_MPI(Wtime, "i", "iterations", SK_PATTERN_SIMPLE_OWN_TIME, 1, init_Wtime, NULL),
  SK_MEASUREMENT_MPI(MPI_Wtime, "", "", SK_PATTERN_SIMPLE_OWN_TIME, 1, NULL, NULL),
  SK_MEASUREMENT_END
};

SK_API const sk_measurement *sk_meas_table_mpi(void) { return mpi_table; }

static const sk_verifier mpi_verify_table[] = {
  SK_VERIFY_NOTHING(Wtime, "a clock read, no data"),
  SK_VERIFY_NOTHING(MPI_Wtime, "a clock read, no data"),
  SK_VERIFY_END
};

SK_API const sk_verifier *sk_verify_table_mpi(void) { return mpi_verify_table; }
/* --- end split/meas_mpi.c --- */
/* --- begin split/meas_mpi_p2p.c --- */
#line 1 "split/meas_mpi_p2p.c"
/*
** meas_mpi_p2p.c -- point-to-point measurement functions over MPI (SKaMPI 5 manual §3.1),
** between ranks 0 and 1 of the measurement communicator, and the two-sided
** counterparts that §3.3 lists beside the one-sided functions (Send,
** MPI_Isend_callduration). MPI-1.1 calls only; the function bodies exist in the MPI
** build, the rows in every build.
** Invariants: every ping-pong returns the time of ONE full round trip (ping plus pong),
** averaged over `iterations` round trips, on both processes -- not half of it as some
** other benchmarks report; other ranks take no part and return -1 (no meaningful time,
** §6.2). The variants replace the send (MPI_Ssend, MPI_Isend+MPI_Wait,
** MPI_Issend+MPI_Wait, MPI_Bsend) or the receive (MPI_Irecv+MPI_Wait, MPI_Iprobe loop +
** MPI_Recv, MPI_Recv with MPI_ANY_TAG) of Pingpong_Send_Recv on both processes, unless
** said otherwise. Send and MPI_Isend_callduration run synchronised on the whole
** communicator (collective pattern) and time rank 0 alone.
*/
#line 17 "split/meas_mpi_p2p.c"
#line 18 "split/meas_mpi_p2p.c"

#ifdef SKAMPI_MPI

/* The arguments (count, datatype, tag, iterations) of the ping-pongs. */
typedef struct pingpong_args {
  long count;
  const sk_datatype *dt;
  long tag, iterations;
} pingpong_args;

static void pingpong_args_read(pingpong_args *a, const sk_value *args)
{
  a->count = args[0].u.i;
  a->dt = args[1].u.dt;
  a->tag = args[2].u.i;
  a->iterations = args[3].u.i;
}

/* The common init of the ping-pongs. */
static void init_pingpong(sk_mctx *m, const sk_value *args, const char *fn)
{
  pingpong_args a;
  pingpong_args_read(&a, args);
  sk_mpi_check_count(m, fn, "count", a.count);
  sk_mpi_check_tag(m, fn, "tag", a.tag);
  sk_mpi_check_count(m, fn, "iterations", a.iterations);
  m->send_usage = sk_mpi_block_bytes(m, fn, a.count, a.dt, 1, 0);
  m->recv_usage = m->send_usage;
  m->reported_size = sk_mpi_data_bytes(a.count, a.dt);
}

/* One init per function, so that every failure message names the function. */
#define PINGPONG_INIT(NAME) \
  static void init_##NAME(sk_mctx *m, const sk_value *args) { init_pingpong(m, args, #NAME); }

PINGPONG_INIT(Pingpong_Send_Recv)
PINGPONG_INIT(Pingpong_Send_Iprobe_Recv)
PINGPONG_INIT(Pingpong_Send_Irecv)
PINGPONG_INIT(Pingpong_Send_Recv_AT)
PINGPONG_INIT(Pingpong_Ssend_Recv)
PINGPONG_INIT(Pingpong_Isend_Recv)
PINGPONG_INIT(Pingpong_Issend_Recv)

/* Everything a ping-pong loop needs, made of its arguments. */
typedef struct pingpong {
  int count, tag, partner;
  long iterations;
  MPI_Datatype dt;
  MPI_Comm comm;
} pingpong;

/* Returns 0 when this process takes no part (rank >= 2). */
static int pingpong_setup(pingpong *p, sk_mctx *m, const sk_value *args)
{
  pingpong_args a;
  pingpong_args_read(&a, args);
  p->count = (int)a.count;
  p->dt = a.dt->mpi;
  p->tag = (int)a.tag;
  p->iterations = a.iterations;
  p->comm = sk_mpi_comm(m);
  p->partner = 1 - m->rank;
  return m->rank == 0 || m->rank == 1;
}


/* Process 0 actively waits with MPI_Iprobe before receiving (§3.1 footnote a);
** process 1 receives with a plain MPI_Recv. */
static double measure_Pingpong_Send_Iprobe_Recv(sk_mctx *m, const sk_value *args)
{
  pingpong p;
  MPI_Status status;
  long i;
  int flag;
  double start;
  if (!pingpong_setup(&p, m, args) || p.iterations < 0) return -1.0;
  if (p.iterations == 0) return 0.0;
  start = MPI_Wtime();
  for (i = 0; i < p.iterations; i++) {
    if (m->rank == 0) {
      MPI_Send(m->send_buf, p.count, p.dt, 1, p.tag, p.comm);
      do MPI_Iprobe(1, p.tag, p.comm, &flag, &status); while (!flag);
      MPI_Recv(m->recv_buf, p.count, p.dt, 1, p.tag, p.comm, &status);
    } else {
      MPI_Recv(m->recv_buf, p.count, p.dt, 0, p.tag, p.comm, &status);
      MPI_Send(m->send_buf, p.count, p.dt, 0, p.tag, p.comm);
    }
  }
  return (MPI_Wtime() - start) / (double)p.iterations;
}

/* The receive is MPI_Irecv + MPI_Wait; process 0 posts it before sending its ping. */
static double measure_Pingpong_Send_Irecv(sk_mctx *m, const sk_value *args)
{
  pingpong p;
  MPI_Status status;
  MPI_Request req;
  long i;
  double start;
  if (!pingpong_setup(&p, m, args) || p.iterations < 0) return -1.0;
  if (p.iterations == 0) return 0.0;
  start = MPI_Wtime();
  for (i = 0; i < p.iterations; i++) {
    MPI_Irecv(m->recv_buf, p.count, p.dt, p.partner, p.tag, p.comm, &req);
    if (m->rank == 0) {
      MPI_Send(m->send_buf, p.count, p.dt, 1, p.tag, p.comm);
      MPI_Wait(&req, &status);
    } else {
      MPI_Wait(&req, &status);
      MPI_Send(m->send_buf, p.count, p.dt, 0, p.tag, p.comm);
    }
  }
  return (MPI_Wtime() - start) / (double)p.iterations;
}

/* The receives specify MPI_ANY_TAG ("AT"). */
static double measure_Pingpong_Send_Recv_AT(sk_mctx *m, const sk_value *args)
{
  pingpong p;
  MPI_Status status;
  long i;
  double start;
  if (!pingpong_setup(&p, m, args) || p.iterations < 0) return -1.0;
  if (p.iterations == 0) return 0.0;
  start = MPI_Wtime();
  for (i = 0; i < p.iterations; i++) {
    if (m->rank == 0) {
      MPI_Send(m->send_buf, p.count, p.dt, 1, p.tag, p.comm);
      MPI_Recv(m->recv_buf, p.count, p.dt, 1, MPI_ANY_TAG, p.comm, &status);
    } else {
      MPI_Recv(m->recv_buf, p.count, p.dt, 0, MPI_ANY_TAG, p.comm, &status);
      MPI_Send(m->send_buf, p.count, p.dt, 0, p.tag, p.comm);
    }
  }
  return (MPI_Wtime() - start) / (double)p.iterations;
}

/* The send call is all that differs between Pingpong_Send_Recv, _Ssend_Recv and
** _Bsend_Recv: one loop with the send as a parameter (void * buffers keep the wrappers
** valid for the MPI-1/2 and the MPI-3 prototypes alike). */
typedef int (*pingpong_send_fn)(void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm);

static int pingpong_send(void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
  return MPI_Send(buf, count, dt, dest, tag, comm);
}

static int pingpong_ssend(void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
  return MPI_Ssend(buf, count, dt, dest, tag, comm);
}

static int pingpong_bsend(void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
  return MPI_Bsend(buf, count, dt, dest, tag, comm);
}

static double pingpong_with_send(sk_mctx *m, const sk_value *args, pingpong_send_fn send)
{
  pingpong p;
  MPI_Status status;
  long i;
  double start;
  if (!pingpong_setup(&p, m, args) || p.iterations < 0) return -1.0;
  if (p.iterations == 0) return 0.0;
  start = MPI_Wtime();
  for (i = 0; i < p.iterations; i++) {
    if (m->rank == 0) {
      send(m->send_buf, p.count, p.dt, 1, p.tag, p.comm);
      MPI_Recv(m->recv_buf, p.count, p.dt, 1, p.tag, p.comm, &status);
    } else {
      MPI_Recv(m->recv_buf, p.count, p.dt, 0, p.tag, p.comm, &status);
      send(m->send_buf, p.count, p.dt, 0, p.tag, p.comm);
    }
  }
  return (MPI_Wtime() - start) / (double)p.iterations;
}

/* SKaMPI 5 manual §3.1: rank 0 does `iterations` ping-pongs, rank 1 as many pong-pings; both
** return the average time of one full round trip. */
static double measure_Pingpong_Send_Recv(sk_mctx *m, const sk_value *args)
{
  return pingpong_with_send(m, args, pingpong_send);
}

static double measure_Pingpong_Ssend_Recv(sk_mctx *m, const sk_value *args)
{
  return pingpong_with_send(m, args, pingpong_ssend);
}

/* The send is MPI_Isend (synchronous: MPI_Issend) completed by MPI_Wait; process 0
** waits for its ping after receiving the pong, process 1 right after sending. */
static double pingpong_isend(sk_mctx *m, const sk_value *args, int synchronous)
{
  pingpong p;
  MPI_Status status;
  MPI_Request req;
  long i;
  double start;
  if (!pingpong_setup(&p, m, args) || p.iterations < 0) return -1.0;
  if (p.iterations == 0) return 0.0;
  start = MPI_Wtime();
  for (i = 0; i < p.iterations; i++) {
    if (m->rank == 0) {
      if (synchronous) MPI_Issend(m->send_buf, p.count, p.dt, 1, p.tag, p.comm, &req);
      else MPI_Isend(m->send_buf, p.count, p.dt, 1, p.tag, p.comm, &req);
      MPI_Recv(m->recv_buf, p.count, p.dt, 1, p.tag, p.comm, &status);
      MPI_Wait(&req, &status);
    } else {
      MPI_Recv(m->recv_buf, p.count, p.dt, 0, p.tag, p.comm, &status);
      if (synchronous) MPI_Issend(m->send_buf, p.count, p.dt, 0, p.tag, p.comm, &req);
      else MPI_Isend(m->send_buf, p.count, p.dt, 0, p.tag, p.comm, &req);
      MPI_Wait(&req, &status);
    }
  }
  return (MPI_Wtime() - start) / (double)p.iterations;
}

static double measure_Pingpong_Isend_Recv(sk_mctx *m, const sk_value *args)
{
  return pingpong_isend(m, args, 0);
}

static double measure_Pingpong_Issend_Recv(sk_mctx *m, const sk_value *args)
{
  return pingpong_isend(m, args, 1);
}

/* Pingpong_Bsend_Recv: init attaches a buffer for two messages (MPI_Pack_size +
** MPI_BSEND_OVERHEAD each, so that a ping whose space the library has not reclaimed yet
** never makes the next MPI_Bsend fail); finalize detaches and frees it. */
static void init_Pingpong_Bsend_Recv(sk_mctx *m, const sk_value *args)
{
  pingpong_args a;
  int pack_size = 0;
  long bytes;
  char *buffer;
  init_pingpong(m, args, "Pingpong_Bsend_Recv");
  if (m->failed) return;
  pingpong_args_read(&a, args);
  MPI_Pack_size((int)a.count, a.dt->mpi, sk_mpi_comm(m), &pack_size);
  bytes = 2L * ((long)pack_size + MPI_BSEND_OVERHEAD);
  if (pack_size < 0 || bytes > INT_MAX) {
    sk_meas_fail(m, "Pingpong_Bsend_Recv: the message is too large for MPI_Buffer_attach");
    return;
  }
  buffer = (char *)sk_malloc((size_t)bytes);
  MPI_Buffer_attach(buffer, (int)bytes);
  m->state = buffer;
}

static double measure_Pingpong_Bsend_Recv(sk_mctx *m, const sk_value *args)
{
  return pingpong_with_send(m, args, pingpong_bsend);
}

static void finalize_Pingpong_Bsend_Recv(sk_mctx *m, const sk_value *args)
{
  void *address = NULL;
  int size = 0;
  (void)args;
  if (m->state == NULL) return;
  MPI_Buffer_detach(&address, &size);   /* waits until the buffered messages are gone */
  free(m->state);
  m->state = NULL;
}

/* Pingpong_Sendrecv(s_cnt, s_dt, s_tag, r_cnt, r_dt, r_tag, iterations): both processes
** call MPI_Sendrecv at the same time, each iteration one exchange. Process 0 sends
** (s_cnt, s_dt, s_tag) and receives (r_cnt, r_dt, r_tag); process 1 mirrors it (sends
** r_*, receives s_*), so that the messages match. Reported: the s_* message. */
/* One message of Pingpong_Sendrecv: count elements of dt with tag. */
typedef struct message_args {
  long count;
  const sk_datatype *dt;
  long tag;
} message_args;

/* The arguments (s_cnt, s_dt, s_tag, r_cnt, r_dt, r_tag, iterations). */
typedef struct sendrecv_args {
  message_args send, recv;
  long iterations;
} sendrecv_args;

static void sendrecv_args_read(sendrecv_args *a, const sk_value *args)
{
  a->send.count = args[0].u.i;
  a->send.dt = args[1].u.dt;
  a->send.tag = args[2].u.i;
  a->recv.count = args[3].u.i;
  a->recv.dt = args[4].u.dt;
  a->recv.tag = args[5].u.i;
  a->iterations = args[6].u.i;
}

static void init_Pingpong_Sendrecv(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Pingpong_Sendrecv";
  sendrecv_args a;
  size_t s_bytes, r_bytes;
  sendrecv_args_read(&a, args);
  sk_mpi_check_count(m, fn, "send count", a.send.count);
  sk_mpi_check_count(m, fn, "receive count", a.recv.count);
  sk_mpi_check_tag(m, fn, "receive tag", a.recv.tag);
  sk_mpi_check_tag(m, fn, "tag", a.send.tag);
  sk_mpi_check_count(m, fn, "iterations", a.iterations);
  s_bytes = sk_mpi_block_bytes(m, fn, a.send.count, a.send.dt, 1, 0);
  r_bytes = sk_mpi_block_bytes(m, fn, a.recv.count, a.recv.dt, 1, 0);
  m->send_usage = m->rank == 1 ? r_bytes : s_bytes;
  m->recv_usage = m->rank == 1 ? s_bytes : r_bytes;
  m->reported_size = sk_mpi_data_bytes(a.send.count, a.send.dt);
}

static double measure_Pingpong_Sendrecv(sk_mctx *m, const sk_value *args)
{
  sendrecv_args a;
  const message_args *mine, *theirs;
  long i;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  double start;
  sendrecv_args_read(&a, args);
  mine = m->rank == 0 ? &a.send : &a.recv;
  theirs = m->rank == 0 ? &a.recv : &a.send;
  if ((m->rank != 0 && m->rank != 1) || a.iterations < 0) return -1.0;
  if (a.iterations == 0) return 0.0;
  start = MPI_Wtime();
  for (i = 0; i < a.iterations; i++)
    MPI_Sendrecv(m->send_buf, (int)mine->count, mine->dt->mpi, 1 - m->rank, (int)mine->tag,
                 m->recv_buf, (int)theirs->count, theirs->dt->mpi, 1 - m->rank, (int)theirs->tag,
                 comm, &status);
  return (MPI_Wtime() - start) / (double)a.iterations;
}

/* Pingpong_Sendrecv_replace(count, datatype, s_tag, r_tag, iterations): both processes
** exchange their send buffer in place with MPI_Sendrecv_replace; process 1 uses the tags
** the other way round. */
/* The arguments (count, datatype, s_tag, r_tag, iterations). */
typedef struct replace_args {
  long count;
  const sk_datatype *dt;
  long send_tag, recv_tag, iterations;
} replace_args;

static void replace_args_read(replace_args *a, const sk_value *args)
{
  a->count = args[0].u.i;
  a->dt = args[1].u.dt;
  a->send_tag = args[2].u.i;
  a->recv_tag = args[3].u.i;
  a->iterations = args[4].u.i;
}

static void init_Pingpong_Sendrecv_replace(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Pingpong_Sendrecv_replace";
  replace_args a;
  replace_args_read(&a, args);
  sk_mpi_check_count(m, fn, "count", a.count);
  sk_mpi_check_tag(m, fn, "receive tag", a.recv_tag);
  sk_mpi_check_tag(m, fn, "tag", a.send_tag);
  sk_mpi_check_count(m, fn, "iterations", a.iterations);
  m->send_usage = sk_mpi_block_bytes(m, fn, a.count, a.dt, 1, 0);
  m->recv_usage = 0;
  m->reported_size = sk_mpi_data_bytes(a.count, a.dt);
}

static double measure_Pingpong_Sendrecv_replace(sk_mctx *m, const sk_value *args)
{
  replace_args a;
  int send_tag, recv_tag;
  long i;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  double start;
  replace_args_read(&a, args);
  send_tag = (int)(m->rank == 0 ? a.send_tag : a.recv_tag);
  recv_tag = (int)(m->rank == 0 ? a.recv_tag : a.send_tag);
  if ((m->rank != 0 && m->rank != 1) || a.iterations < 0) return -1.0;
  if (a.iterations == 0) return 0.0;
  start = MPI_Wtime();
  for (i = 0; i < a.iterations; i++)
    MPI_Sendrecv_replace(m->send_buf, (int)a.count, a.dt->mpi, 1 - m->rank, send_tag,
                         1 - m->rank, recv_tag, comm, &status);
  return (MPI_Wtime() - start) / (double)a.iterations;
}

/* ---- the two-sided counterparts of §3.3 ---- */

#define SEND_TAG 2

/* Send(count, dt, tag): the duration of one MPI_Send from rank 0 to rank 1, which
** receives it; MPI_Isend_callduration(count, dt): the duration of the MPI_Isend call
** alone (completed with MPI_Wait after the timing), with tag SEND_TAG. */
typedef struct send_args {
  long count;
  const sk_datatype *dt;
  long tag;
} send_args;

static void send_args_read(send_args *a, const sk_value *args, int with_tag)
{
  a->count = args[0].u.i;
  a->dt = args[1].u.dt;
  a->tag = with_tag ? args[2].u.i : SEND_TAG;
}

static void init_send_pair(sk_mctx *m, const send_args *a, const char *fn)
{
  sk_mpi_check_count(m, fn, "count", a->count);
  m->send_usage = m->rank == 0 ? sk_mpi_block_bytes(m, fn, a->count, a->dt, 1, 0) : 0;
  m->recv_usage = m->rank == 1 ? sk_mpi_block_bytes(m, fn, a->count, a->dt, 1, 0) : 0;
  m->reported_size = sk_mpi_data_bytes(a->count, a->dt);
}

static void init_Send(sk_mctx *m, const sk_value *args)
{
  send_args a;
  send_args_read(&a, args, 1);
  sk_mpi_check_tag(m, "Send", "tag", a.tag);
  init_send_pair(m, &a, "Send");
}

static double measure_Send(sk_mctx *m, const sk_value *args)
{
  send_args a;
  double start, end = 0.0, result = -1.0;
  MPI_Status status;
  send_args_read(&a, args, 1);
  start = sk_sync_start(m);
  if (m->rank == 0) {
    MPI_Send(m->send_buf, (int)a.count, a.dt->mpi, 1, (int)a.tag, sk_mpi_comm(m));
    end = MPI_Wtime();
    result = end - start;
  } else if (m->rank == 1) {
    MPI_Recv(m->recv_buf, (int)a.count, a.dt->mpi, 0, (int)a.tag, sk_mpi_comm(m), &status);
  }
  sk_sync_stop(m);
  return result;
}

static void init_MPI_Isend_callduration(sk_mctx *m, const sk_value *args)
{
  send_args a;
  send_args_read(&a, args, 0);
  init_send_pair(m, &a, "MPI_Isend_callduration");
}

static double measure_MPI_Isend_callduration(sk_mctx *m, const sk_value *args)
{
  send_args a;
  double start, result = -1.0;
  MPI_Request req;
  MPI_Status status;
  send_args_read(&a, args, 0);
  sk_sync_start(m);
  if (m->rank == 0) {
    start = MPI_Wtime();
    MPI_Isend(m->send_buf, (int)a.count, a.dt->mpi, 1, (int)a.tag, sk_mpi_comm(m), &req);
    result = MPI_Wtime() - start;
    MPI_Wait(&req, &status);
  } else if (m->rank == 1) {
    MPI_Recv(m->recv_buf, (int)a.count, a.dt->mpi, 0, (int)a.tag, sk_mpi_comm(m), &status);
  }
  sk_sync_stop(m);
  return result;
}

/* Par_Pingpong_Send_Recv(count, datatype, tag, iterations, procs, nodesize): `procs`
** ping-pongs of Pingpong_Send_Recv at the same time, rank i with rank nodesize+i for
** i < procs (e.g. across the nodes of nodesize processes each), unsynchronised like the
** ping-pongs; the others take no part (-1). The original meant these pairs but, as
** coded, addressed ranks 1 and 0 from all of them; here the pairs must fit the
** communicator (nodesize >= procs, nodesize + procs <= size). */
typedef struct par_pingpong_args {
  long procs, nodesize;
} par_pingpong_args;

static void par_pingpong_args_read(par_pingpong_args *a, const sk_value *args)
{
  a->procs = args[4].u.i;
  a->nodesize = args[5].u.i;
}

static void init_Par_Pingpong_Send_Recv(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Par_Pingpong_Send_Recv";
  par_pingpong_args a;
  init_pingpong(m, args, fn);
  par_pingpong_args_read(&a, args);
  if (m->failed) return;
  if (a.procs < 1 || a.nodesize < a.procs || a.nodesize > (long)m->size - a.procs) {
    char msg[160];
    sprintf(msg, "%s: procs %ld and nodesize %ld need 1 <= procs <= nodesize <= size - procs (size %d)", fn,
            a.procs, a.nodesize, m->size);
    sk_meas_fail(m, msg);
  }
}

static double measure_Par_Pingpong_Send_Recv(sk_mctx *m, const sk_value *args)
{
  pingpong p;
  par_pingpong_args a;
  MPI_Status status;
  long i;
  int first;
  double start;
  pingpong_setup(&p, m, args);
  par_pingpong_args_read(&a, args);
  if (m->rank < a.procs) { first = 1; p.partner = (int)(m->rank + a.nodesize); }
  else if (m->rank >= a.nodesize && m->rank < a.nodesize + a.procs) { first = 0; p.partner = (int)(m->rank - a.nodesize); }
  else return -1.0;
  if (p.iterations < 0) return -1.0;
  if (p.iterations == 0) return 0.0;
  start = MPI_Wtime();
  for (i = 0; i < p.iterations; i++) {
    if (first) {
      MPI_Send(m->send_buf, p.count, p.dt, p.partner, p.tag, p.comm);
      MPI_Recv(m->recv_buf, p.count, p.dt, p.partner, p.tag, p.comm, &status);
    } else {
      MPI_Recv(m->recv_buf, p.count, p.dt, p.partner, p.tag, p.comm, &status);
      MPI_Send(m->send_buf, p.count, p.dt, p.partner, p.tag, p.comm);
    }
  }
  return (MPI_Wtime() - start) / (double)p.iterations;
}

/* ---- verification (verify.h): every receiver holds its partner's pattern ---- */

/* The ping-pongs: ranks 0 and 1 each hold the other's block (when anything moved). */
static void check_pingpong(sk_mctx *m, const sk_value *args)
{
  pingpong_args a;
  pingpong_args_read(&a, args);
  if (a.iterations > 0 && m->rank <= 1)
    sk_mpi_verify_block(m, "receive buffer", m->recv_buf, a.count, a.dt, a.count, a.dt, 1 - m->rank, 0);
}

static void check_Pingpong_Sendrecv(sk_mctx *m, const sk_value *args)
{
  sendrecv_args a;
  const message_args *theirs;
  sendrecv_args_read(&a, args);
  theirs = m->rank == 0 ? &a.recv : &a.send;
  if (a.iterations > 0 && m->rank <= 1)
    sk_mpi_verify_block(m, "receive buffer", m->recv_buf, theirs->count, theirs->dt, theirs->count, theirs->dt,
                        1 - m->rank, 0);
}

/* The exchanged buffer with the pattern in the data bytes and zeros in the gaps of the
** datatype (MPI_Sendrecv_replace leaves the gaps alone), packed and unpacked again. */
static void prepare_Pingpong_Sendrecv_replace(sk_mctx *m, const sk_value *args)
{
  replace_args a;
  int packed = 0, pos = 0;
  char *tmp;
  MPI_Comm comm = sk_mpi_comm(m);
  replace_args_read(&a, args);
  sk_verify_default_prepare(m, args);
  MPI_Pack_size((int)a.count, a.dt->mpi, comm, &packed);
  tmp = (char *)sk_malloc((size_t)packed + 1);
  MPI_Pack(m->send_buf, (int)a.count, a.dt->mpi, tmp, packed, &pos, comm);
  memset(m->send_buf, 0, m->send_usage);
  pos = 0;
  MPI_Unpack(tmp, packed, &pos, m->send_buf, (int)a.count, a.dt->mpi, comm);
  free(tmp);
}

/* After an odd number of in-place exchanges each process holds the other's data, after
** an even number its own. */
static void check_Pingpong_Sendrecv_replace(sk_mctx *m, const sk_value *args)
{
  replace_args a;
  replace_args_read(&a, args);
  if (a.iterations > 0 && m->rank <= 1)
    sk_mpi_verify_block(m, "exchanged buffer", m->send_buf, a.count, a.dt, a.count, a.dt,
                        a.iterations % 2 ? 1 - m->rank : m->rank, 0);
}

/* Send and MPI_Isend_callduration: rank 1 holds rank 0's block. */
static void check_send_pair(sk_mctx *m, const sk_value *args)
{
  send_args a;
  send_args_read(&a, args, 0);
  if (m->rank == 1) sk_mpi_verify_block(m, "receive buffer", m->recv_buf, a.count, a.dt, a.count, a.dt, 0, 0);
}

static void check_Par_Pingpong_Send_Recv(sk_mctx *m, const sk_value *args)
{
  par_pingpong_args a;
  pingpong_args pp;
  long partner = -1;
  par_pingpong_args_read(&a, args);
  pingpong_args_read(&pp, args);
  if (m->rank < a.procs) partner = m->rank + a.nodesize;
  else if (m->rank >= a.nodesize && m->rank < a.nodesize + a.procs) partner = m->rank - a.nodesize;
  if (partner >= 0 && pp.iterations > 0)
    sk_mpi_verify_block(m, "receive buffer", m->recv_buf, pp.count, pp.dt, pp.count, pp.dt, partner, 0);
}
#endif /* SKAMPI_MPI */

#define PINGPONG_ROW(NAME, PARAMS, NAMES, FINALIZE) \
  SK_MEASUREMENT_MPI(NAME, PARAMS, NAMES, SK_PATTERN_P2P, 2, init_##NAME, FINALIZE)

static const sk_measurement mpi_p2p_table[] = {
  PINGPONG_ROW(Pingpong_Send_Recv, "itii", SK_NAMES_PP, NULL),
  PINGPONG_ROW(Pingpong_Send_Iprobe_Recv, "itii", SK_NAMES_PP, NULL),
  PINGPONG_ROW(Pingpong_Send_Irecv, "itii", SK_NAMES_PP, NULL),
  PINGPONG_ROW(Pingpong_Send_Recv_AT, "itii", SK_NAMES_PP, NULL),
  PINGPONG_ROW(Pingpong_Ssend_Recv, "itii", SK_NAMES_PP, NULL),
  PINGPONG_ROW(Pingpong_Isend_Recv, "itii", SK_NAMES_PP, NULL),
  PINGPONG_ROW(Pingpong_Issend_Recv, "itii", SK_NAMES_PP, NULL),
  PINGPONG_ROW(Pingpong_Bsend_Recv, "itii", SK_NAMES_PP, finalize_Pingpong_Bsend_Recv),
  PINGPONG_ROW(Pingpong_Sendrecv, "itiitii",
               "send_count send_dt send_tag recv_count recv_dt recv_tag iterations", NULL),
  PINGPONG_ROW(Pingpong_Sendrecv_replace, "itiii", "count datatype send_tag recv_tag iterations", NULL),
  SK_MEASUREMENT_MPI(MPI_Isend_callduration, "it", "count datatype", SK_PATTERN_COLLECTIVE, 2, init_MPI_Isend_callduration, NULL),
  SK_MEASUREMENT_MPI(Send, "iti", "count datatype tag", SK_PATTERN_COLLECTIVE, 2, init_Send, NULL),
  SK_MEASUREMENT_MPI(Par_Pingpong_Send_Recv, "itiiii", SK_NAMES_PP " procs nodesize", SK_PATTERN_COLLECTIVE, 2,
                     init_Par_Pingpong_Send_Recv, NULL),
  SK_MEASUREMENT_ALIAS(Isend_callduration, MPI_Isend_callduration),
  SK_MEASUREMENT_END
};

SK_API const sk_measurement *sk_meas_table_mpi_p2p(void) { return mpi_p2p_table; }

static const sk_verifier mpi_p2p_verify_table[] = {
  SK_VERIFY_MPI(Pingpong_Send_Recv, NULL, check_pingpong),
  SK_VERIFY_MPI(Pingpong_Send_Iprobe_Recv, NULL, check_pingpong),
  SK_VERIFY_MPI(Pingpong_Send_Irecv, NULL, check_pingpong),
  SK_VERIFY_MPI(Pingpong_Send_Recv_AT, NULL, check_pingpong),
  SK_VERIFY_MPI(Pingpong_Ssend_Recv, NULL, check_pingpong),
  SK_VERIFY_MPI(Pingpong_Isend_Recv, NULL, check_pingpong),
  SK_VERIFY_MPI(Pingpong_Issend_Recv, NULL, check_pingpong),
  SK_VERIFY_MPI(Pingpong_Bsend_Recv, NULL, check_pingpong),
  SK_VERIFY_MPI(Pingpong_Sendrecv, NULL, check_Pingpong_Sendrecv),
  SK_VERIFY_MPI(Pingpong_Sendrecv_replace, prepare_Pingpong_Sendrecv_replace, check_Pingpong_Sendrecv_replace),
  SK_VERIFY_MPI(MPI_Isend_callduration, NULL, check_send_pair),
  SK_VERIFY_MPI(Send, NULL, check_send_pair),
  SK_VERIFY_MPI(Par_Pingpong_Send_Recv, NULL, check_Par_Pingpong_Send_Recv),
  SK_VERIFY_END
};

SK_API const sk_verifier *sk_verify_table_mpi_p2p(void) { return mpi_p2p_verify_table; }
/* --- end split/meas_mpi_p2p.c --- */
/* --- begin split/meas_mpi_p2p_late.c --- */
#line 1 "split/meas_mpi_p2p_late.c"
/*
** meas_mpi_p2p_late.c -- two ping-pongs whose messages meet their receives in a known
** order, to look into the library's matching queues (MPI PERUSE 2.0 §3.5: a message that
** arrives before its receive is posted waits in the unexpected-message queue, a receive
** posted before its message in the posted-receive queue). Ranks 0 and 1 of the
** measurement communicator, one round trip (ping and pong) per call:
**   Pingpong_Late_Receiver(count, datatype, tag, delay_us): every receive is posted
**     after its message has arrived, and delay_us later still;
**   Pingpong_Late_Sender(count, datatype, tag, delay_us): every message is sent after
**     its receive has been posted, and delay_us later still.
** The order does not rest on the delay: the early side tells the late one on a private
** duplicate of the communicator (no PERUSE events there) -- the sender after starting
** its MPI_Isend ("sent"; the receiver's progress while receiving that notice files the
** message first, the two travel in order between the same pair), the receiver after
** posting its MPI_Irecv ("posted"). The late side then waits delay_us (busy, no MPI
** call), so the queue residence of §3.5 is about delay_us. Both processes return the
** round trip's time WITH the notices and the waits: these are probes of the library's
** behaviour, not of its speed. MPI-1.1 calls only; the function bodies exist in the MPI
** build, the rows in every build.
*/
#line 22 "split/meas_mpi_p2p_late.c"
#line 23 "split/meas_mpi_p2p_late.c"

#ifdef SKAMPI_MPI

typedef struct late_args {
  long count;
  const sk_datatype *dt;
  long tag;
  double delay_us;
} late_args;

static void late_args_read(late_args *a, const sk_value *args)
{
  a->count = args[0].u.i;
  a->dt = args[1].u.dt;
  a->tag = args[2].u.i;
  a->delay_us = sk_mpi_arg_double(&args[3]);
}

/* init: the arguments; the private communicator of the notices (m->state). */
static void init_late(sk_mctx *m, const sk_value *args, const char *fn)
{
  late_args a;
  late_args_read(&a, args);
  sk_mpi_check_count(m, fn, "count", a.count);
  sk_mpi_check_tag(m, fn, "tag", a.tag);
  if (!m->failed && !(a.delay_us >= 0.0 && a.delay_us <= 10.0e6)) {
    char msg[120];
    sprintf(msg, "%s: delay_us must be from 0 to 10000000 (10 s)", fn);
    sk_meas_fail(m, msg);
  }
  m->send_usage = sk_mpi_block_bytes(m, fn, a.count, a.dt, 1, 0);
  m->recv_usage = m->send_usage;
  m->reported_size = sk_mpi_data_bytes(a.count, a.dt);
  if (m->failed) return;                   /* the same on every process: none duplicates */
  m->state = sk_malloc(sizeof(MPI_Comm));
  MPI_Comm_dup(sk_mpi_comm(m), (MPI_Comm *)m->state);
}

static void finalize_late(sk_mctx *m, const sk_value *args)
{
  (void)args;
  if (m->state == NULL) return;
  MPI_Comm_free((MPI_Comm *)m->state);
  free(m->state);
  m->state = NULL;
}

static void init_Pingpong_Late_Receiver(sk_mctx *m, const sk_value *args)
{
  init_late(m, args, "Pingpong_Late_Receiver");
}

static void init_Pingpong_Late_Sender(sk_mctx *m, const sk_value *args)
{
  init_late(m, args, "Pingpong_Late_Sender");
}

/* One message from `from` to `to` on comm, the late side told on `side`. */
static void late_message(sk_mctx *m, const late_args *a, MPI_Comm comm, MPI_Comm side, int from, int late_receiver)
{
  MPI_Request req;
  MPI_Status status;
  int count = (int)a->count, tag = (int)a->tag, to = 1 - from;
  if (m->rank == from) {
    if (late_receiver) {
      MPI_Isend(m->send_buf, count, a->dt->mpi, to, tag, comm, &req);
      MPI_Send(NULL, 0, MPI_BYTE, to, 0, side);                /* "sent" */
      MPI_Wait(&req, &status);
    } else {
      MPI_Recv(NULL, 0, MPI_BYTE, to, 0, side, &status);       /* "posted" */
      sk_mpi_busy_wait(a->delay_us);
      MPI_Send(m->send_buf, count, a->dt->mpi, to, tag, comm);
    }
  } else {
    if (late_receiver) {
      MPI_Recv(NULL, 0, MPI_BYTE, from, 0, side, &status);     /* "sent" */
      sk_mpi_busy_wait(a->delay_us);
      MPI_Recv(m->recv_buf, count, a->dt->mpi, from, tag, comm, &status);
    } else {
      MPI_Irecv(m->recv_buf, count, a->dt->mpi, from, tag, comm, &req);
      MPI_Send(NULL, 0, MPI_BYTE, from, 0, side);              /* "posted" */
      MPI_Wait(&req, &status);
    }
  }
}

/* One round trip; `late_receiver` chooses which side of every message is late. */
static double late_pingpong(sk_mctx *m, const sk_value *args, int late_receiver)
{
  late_args a;
  MPI_Comm comm = sk_mpi_comm(m), side;
  double start;
  late_args_read(&a, args);
  if (m->rank > 1 || m->state == NULL) return -1.0;
  side = *(MPI_Comm *)m->state;
  start = MPI_Wtime();
  late_message(m, &a, comm, side, 0, late_receiver);
  late_message(m, &a, comm, side, 1, late_receiver);
  return MPI_Wtime() - start;
}

static double measure_Pingpong_Late_Receiver(sk_mctx *m, const sk_value *args)
{
  return late_pingpong(m, args, 1);
}

static double measure_Pingpong_Late_Sender(sk_mctx *m, const sk_value *args)
{
  return late_pingpong(m, args, 0);
}

/* Each of the two holds its partner's message. */
static void check_late(sk_mctx *m, const sk_value *args)
{
  late_args a;
  late_args_read(&a, args);
  if (m->rank <= 1)
    sk_mpi_verify_block(m, "receive buffer", m->recv_buf, a.count, a.dt, a.count, a.dt, 1 - m->rank, 0);
}
#endif /* SKAMPI_MPI */

static const sk_measurement mpi_p2p_late_table[] = {
  SK_MEASUREMENT_MPI(Pingpong_Late_Receiver, "itid", "count datatype tag delay_us", SK_PATTERN_P2P, 2,
                     init_Pingpong_Late_Receiver, finalize_late),
  SK_MEASUREMENT_MPI(Pingpong_Late_Sender, "itid", "count datatype tag delay_us", SK_PATTERN_P2P, 2,
                     init_Pingpong_Late_Sender, finalize_late),
  SK_MEASUREMENT_END
};

SK_API const sk_measurement *sk_meas_table_mpi_p2p_late(void) { return mpi_p2p_late_table; }

static const sk_verifier mpi_p2p_late_verify_table[] = {
  SK_VERIFY_MPI(Pingpong_Late_Receiver, NULL, check_late),
  SK_VERIFY_MPI(Pingpong_Late_Sender, NULL, check_late),
  SK_VERIFY_END
};

SK_API const sk_verifier *sk_verify_table_mpi_p2p_late(void) { return mpi_p2p_late_verify_table; }
/* --- end split/meas_mpi_p2p_late.c --- */
/* --- begin split/meas_mpi_coll.c --- */
#line 1 "split/meas_mpi_coll.c"
/*
** meas_mpi_coll.c -- collective measurement functions over MPI (SKaMPI 5 manual §3.2), and
** the two-sided collective counterparts that §3.3 lists beside the one-sided functions
** (Exchange, multi_Alltoall, twosided_borderexchange). MPI-1.1 calls only; the function
** bodies exist in the MPI build, the rows in every build.
** Invariants: each measure function times ONE call (or one run of a self-made
** algorithm; the repeated ones the average of one) between sk_sync_start() and
** sk_sync_stop(), so that all processes start together (§6.2.1), and each process
** returns its own time. The reported message size is the data of one message (one
** process's contribution): count * size of the datatype.
** The v-variants (Alltoallv, Gatherv, Allgatherv, Scatterv) use the same count for every
** process, so that they can be compared with the plain operations; their counts and
** displacements are built in init and kept in m->state. The self-made algorithms
** (Bcast_Send_Recv, Gather_SR, Gather_ISWA, Alltoall_Isend_Irecv, Alltoallv_Isend_Irecv,
** myalltoallv) are deliberately naive, as in SKaMPI 5: every process talks to every
** partner in rank order.
*/
#line 19 "split/meas_mpi_coll.c"
#line 20 "split/meas_mpi_coll.c"

#ifdef SKAMPI_MPI

/* Tag of the self-made algorithms (the measurement communicator is private). */
#define COLL_TAG 1

/* Counts and displacements (in elements) per process and requests, for the v-variants
** and the self-made algorithms. */
typedef struct coll_state {
  int *send_counts, *send_displs, *recv_counts, *recv_displs;
  MPI_Request *requests;
  MPI_Status *statuses;
} coll_state;

static coll_state *coll_state_new(sk_mctx *m, int n_requests)
{
  coll_state *s = (coll_state *)sk_calloc(1, sizeof *s);
  size_t n = (size_t)m->size;
  s->send_counts = (int *)sk_calloc(n, sizeof(int));
  s->send_displs = (int *)sk_calloc(n, sizeof(int));
  s->recv_counts = (int *)sk_calloc(n, sizeof(int));
  s->recv_displs = (int *)sk_calloc(n, sizeof(int));
  s->requests = (MPI_Request *)sk_calloc((size_t)(n_requests > 0 ? n_requests : 1), sizeof(MPI_Request));
  s->statuses = (MPI_Status *)sk_calloc((size_t)(n_requests > 0 ? n_requests : 1), sizeof(MPI_Status));
  m->state = s;
  return s;
}

static void finalize_coll_state(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  (void)args;
  if (s == NULL) return;
  free(s->send_counts);
  free(s->send_displs);
  free(s->recv_counts);
  free(s->recv_displs);
  free(s->requests);
  free(s->statuses);
  free(s);
  m->state = NULL;
}

/* Fills counts with `count` for everybody and displacements i*count. */
static void equal_counts(int *counts, int *displs, int size, long count)
{
  int i;
  for (i = 0; i < size; i++) {
    counts[i] = (int)count;
    displs[i] = i * (int)count;
  }
}

/* ---- the arguments, one struct per signature family ---- */

/* (count, datatype, root): the broadcasts. */
typedef struct bcast_args {
  long count;
  const sk_datatype *dt;
  long root;
} bcast_args;

static void bcast_args_read(bcast_args *a, const sk_value *args)
{
  a->count = args[0].u.i;
  a->dt = args[1].u.dt;
  a->root = args[2].u.i;
}

/* (count, datatype, op[, root]): the reductions; root -1 without one. */
typedef struct reduce_args {
  long count;
  const sk_datatype *dt;
  const sk_opdef *op;
  long root;
} reduce_args;

static void reduce_args_read(reduce_args *a, const sk_value *args, int with_root)
{
  a->count = args[0].u.i;
  a->dt = args[1].u.dt;
  a->op = args[2].u.op;
  a->root = with_root ? args[3].u.i : -1;
}

/* (s_cnt, s_dt, r_cnt, r_dt, ...): gathers, scatters and all-to-alls, followed by the
** root (XFER_ROOTED), the number of calls (XFER_REPEATED: multi_Alltoall) or the
** charged rank and the ratio (XFER_CHARGED: myalltoallv). */
enum xfer_kind { XFER_PLAIN, XFER_ROOTED, XFER_REPEATED, XFER_CHARGED };

typedef struct xfer_args {
  long s_count;
  const sk_datatype *s_dt;
  long r_count;
  const sk_datatype *r_dt;
  long root, calls, charged;
  double ratio;
} xfer_args;

static void xfer_args_read(xfer_args *a, const sk_value *args, enum xfer_kind kind)
{
  a->s_count = args[0].u.i;
  a->s_dt = args[1].u.dt;
  a->r_count = args[2].u.i;
  a->r_dt = args[3].u.dt;
  a->root = kind == XFER_ROOTED ? args[4].u.i : -1;
  a->calls = kind == XFER_REPEATED ? args[4].u.i : 0;
  a->charged = kind == XFER_CHARGED ? args[4].u.i : -1;
  a->ratio = kind == XFER_CHARGED ? sk_mpi_arg_double(&args[5]) : 1.0;
}

/* ---- checks shared by the inits ---- */

/* with_root: the reduction has a root (checked as a rank). */
static void check_reduction(sk_mctx *m, const char *fn, const reduce_args *a, int with_root)
{
  sk_mpi_check_count(m, fn, "count", a->count);
  sk_mpi_check_op(m, fn, a->op, a->dt, 0);
  if (with_root) sk_mpi_check_rank(m, fn, "root", a->root);
}

/* with_root: a->root is a root (checked as a rank). */
static void check_send_recv(sk_mctx *m, const char *fn, const xfer_args *a, int with_root)
{
  sk_mpi_check_count(m, fn, "send count", a->s_count);
  sk_mpi_check_count(m, fn, "receive count", a->r_count);
  sk_mpi_check_same_data(m, fn, a->s_count, a->s_dt, a->r_count, a->r_dt);
  if (with_root) sk_mpi_check_rank(m, fn, "root", a->root);
}

/* ---- broadcasts and barrier ---- */

/* Bcast(count, datatype, root): the root sends, everybody else receives into the
** receive buffer. */
static void init_Bcast(sk_mctx *m, const sk_value *args)
{
  bcast_args a;
  bcast_args_read(&a, args);
  sk_mpi_check_count(m, "Bcast", "count", a.count);
  sk_mpi_check_rank(m, "Bcast", "root", a.root);
  m->send_usage = sk_mpi_block_bytes(m, "Bcast", a.count, a.dt, 1, 0);
  m->recv_usage = m->send_usage;
  m->reported_size = sk_mpi_data_bytes(a.count, a.dt);
}

static double measure_Bcast(sk_mctx *m, const sk_value *args)
{
  bcast_args a;
  void *buf;
  double start;
  bcast_args_read(&a, args);
  buf = m->rank == a.root ? m->send_buf : m->recv_buf;
  start = sk_sync_start(m);
  MPI_Bcast(buf, (int)a.count, a.dt->mpi, (int)a.root, sk_tp_group_mpi_comm(m->group));
  return sk_sync_stop(m) - start;
}

/* Bcast_Send_Recv(count, datatype, root): a very naive self-made broadcast, the root
** sends to every other process in rank order. */
static void init_Bcast_Send_Recv(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Bcast_Send_Recv";
  bcast_args a;
  bcast_args_read(&a, args);
  sk_mpi_check_count(m, fn, "count", a.count);
  sk_mpi_check_rank(m, fn, "root", a.root);
  m->send_usage = m->rank == a.root ? sk_mpi_block_bytes(m, fn, a.count, a.dt, 1, 0) : 0;
  m->recv_usage = m->rank == a.root ? 0 : sk_mpi_block_bytes(m, fn, a.count, a.dt, 1, 0);
  m->reported_size = sk_mpi_data_bytes(a.count, a.dt);
}

static double measure_Bcast_Send_Recv(sk_mctx *m, const sk_value *args)
{
  bcast_args a;
  int i, count, root;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  double start;
  bcast_args_read(&a, args);
  count = (int)a.count;
  root = (int)a.root;
  start = sk_sync_start(m);
  if (m->rank == root) {
    for (i = 0; i < m->size; i++)
      if (i != root) MPI_Send(m->send_buf, count, a.dt->mpi, i, COLL_TAG, comm);
  } else {
    MPI_Recv(m->recv_buf, count, a.dt->mpi, root, COLL_TAG, comm, &status);
  }
  return sk_sync_stop(m) - start;
}

static double measure_Barrier(sk_mctx *m, const sk_value *args)
{
  double start = sk_sync_start(m);
  (void)args;
  MPI_Barrier(sk_tp_group_mpi_comm(m->group));
  return sk_sync_stop(m) - start;
}

/* ---- reductions ---- */

/* Reduce(count, datatype, op, root): the result goes to the root's receive buffer. */
static void init_Reduce(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Reduce";
  reduce_args a;
  size_t bytes;
  reduce_args_read(&a, args, 1);
  check_reduction(m, fn, &a, 1);
  bytes = sk_mpi_block_bytes(m, fn, a.count, a.dt, 1, 0);
  m->send_usage = bytes;
  m->recv_usage = m->rank == a.root ? bytes : 0;
  m->reported_size = sk_mpi_data_bytes(a.count, a.dt);
}

static double measure_Reduce(sk_mctx *m, const sk_value *args)
{
  reduce_args a;
  double start;
  reduce_args_read(&a, args, 1);
  start = sk_sync_start(m);
  MPI_Reduce(m->send_buf, m->recv_buf, (int)a.count, a.dt->mpi, a.op->mpi, (int)a.root, sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

/* The init of Allreduce(count, datatype, op) and Scan(count, datatype, op). */
static void init_reduce_everywhere(sk_mctx *m, const sk_value *args, const char *fn)
{
  reduce_args a;
  reduce_args_read(&a, args, 0);
  check_reduction(m, fn, &a, 0);
  m->send_usage = sk_mpi_block_bytes(m, fn, a.count, a.dt, 1, 0);
  m->recv_usage = m->send_usage;
  m->reported_size = sk_mpi_data_bytes(a.count, a.dt);
}

static void init_Allreduce(sk_mctx *m, const sk_value *args) { init_reduce_everywhere(m, args, "Allreduce"); }

static double measure_Allreduce(sk_mctx *m, const sk_value *args)
{
  reduce_args a;
  double start;
  reduce_args_read(&a, args, 0);
  start = sk_sync_start(m);
  MPI_Allreduce(m->send_buf, m->recv_buf, (int)a.count, a.dt->mpi, a.op->mpi, sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

static void init_Scan(sk_mctx *m, const sk_value *args) { init_reduce_everywhere(m, args, "Scan"); }

static double measure_Scan(sk_mctx *m, const sk_value *args)
{
  reduce_args a;
  double start;
  reduce_args_read(&a, args, 0);
  start = sk_sync_start(m);
  MPI_Scan(m->send_buf, m->recv_buf, (int)a.count, a.dt->mpi, a.op->mpi, sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

/* Reduce_Bcast(count, datatype, op, root): MPI_Reduce to the root followed by MPI_Bcast
** of the result from there -- an Allreduce made of two operations. */
static void init_Reduce_Bcast(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Reduce_Bcast";
  reduce_args a;
  reduce_args_read(&a, args, 1);
  check_reduction(m, fn, &a, 1);
  m->send_usage = sk_mpi_block_bytes(m, fn, a.count, a.dt, 1, 0);
  m->recv_usage = m->send_usage;
  m->reported_size = sk_mpi_data_bytes(a.count, a.dt);
}

static double measure_Reduce_Bcast(sk_mctx *m, const sk_value *args)
{
  reduce_args a;
  MPI_Comm comm = sk_mpi_comm(m);
  double start;
  reduce_args_read(&a, args, 1);
  start = sk_sync_start(m);
  MPI_Reduce(m->send_buf, m->recv_buf, (int)a.count, a.dt->mpi, a.op->mpi, (int)a.root, comm);
  MPI_Bcast(m->recv_buf, (int)a.count, a.dt->mpi, (int)a.root, comm);
  return sk_sync_stop(m) - start;
}

/* Reduce_scatter(count, datatype, op, root) and Reduce_Scatterv(count, datatype, op,
** root): a vector of `count` elements is reduced and scattered so that rank i gets
** count/size elements, the first count%size ranks one more (sk_mpi_share).
** Reduce_scatter is the single MPI_Reduce_scatter call; its root is not used (the
** parameter is there so that both take the same arguments, as in SKaMPI 5).
** Reduce_Scatterv is MPI_Reduce to the root followed by MPI_Scatterv of the result
** from there (the capital S: two operations, like Reduce_Bcast); the root reduces into
** the start of its receive buffer and receives its own part behind the result. */
static void init_reduce_scatter(sk_mctx *m, const sk_value *args, const char *fn, int root_keeps_result)
{
  coll_state *s;
  reduce_args a;
  int i;
  reduce_args_read(&a, args, 1);
  check_reduction(m, fn, &a, 1);
  m->send_usage = sk_mpi_block_bytes(m, fn, a.count, a.dt, 1, 0);
  if (m->failed) return;
  s = coll_state_new(m, 0);
  for (i = 0; i < m->size; i++) {
    s->recv_counts[i] = sk_mpi_share(a.count, m->size, i);
    s->recv_displs[i] = i == 0 ? 0 : s->recv_displs[i - 1] + s->recv_counts[i - 1];
  }
  m->recv_usage = sk_mpi_bytes(s->recv_counts[m->rank], a.dt);
  if (root_keeps_result && m->rank == a.root) m->recv_usage += m->send_usage;
  m->reported_size = sk_mpi_data_bytes(a.count, a.dt);
}

static void init_Reduce_scatter(sk_mctx *m, const sk_value *args)
{
  init_reduce_scatter(m, args, "Reduce_scatter", 0);
}

static double measure_Reduce_scatter(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  reduce_args a;
  double start;
  reduce_args_read(&a, args, 1);
  start = sk_sync_start(m);
  MPI_Reduce_scatter(m->send_buf, m->recv_buf, s->recv_counts, a.dt->mpi, a.op->mpi, sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

static void init_Reduce_Scatterv(sk_mctx *m, const sk_value *args)
{
  init_reduce_scatter(m, args, "Reduce_Scatterv", 1);
}

static double measure_Reduce_Scatterv(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  reduce_args a;
  int root;
  MPI_Datatype dt;
  MPI_Comm comm = sk_mpi_comm(m);
  char *mine;
  double start;
  reduce_args_read(&a, args, 1);
  root = (int)a.root;
  dt = a.dt->mpi;
  mine = m->rank == root ? m->recv_buf + sk_mpi_bytes(a.count, a.dt) : m->recv_buf;
  start = sk_sync_start(m);
  MPI_Reduce(m->send_buf, m->recv_buf, (int)a.count, dt, a.op->mpi, root, comm);
  MPI_Scatterv(m->recv_buf, s->recv_counts, s->recv_displs, dt, mine, s->recv_counts[m->rank], dt, root, comm);
  return sk_sync_stop(m) - start;
}

/* ---- gather, scatter, all-to-all ---- */

/* Gather(s_cnt, s_dt, r_cnt, r_dt, root), also the init of Gather_SR, Gather_ISWA and
** Gatherv: everybody sends s_cnt elements, the root receives size blocks of r_cnt. */
static void init_gather(sk_mctx *m, const sk_value *args, const char *fn, int displaced)
{
  xfer_args a;
  xfer_args_read(&a, args, XFER_ROOTED);
  check_send_recv(m, fn, &a, 1);
  m->send_usage = sk_mpi_block_bytes(m, fn, a.s_count, a.s_dt, 1, 0);
  m->recv_usage = m->rank == a.root ? sk_mpi_block_bytes(m, fn, a.r_count, a.r_dt, m->size, displaced) : 0;
  m->reported_size = sk_mpi_data_bytes(a.s_count, a.s_dt);
}

static void init_Gather(sk_mctx *m, const sk_value *args) { init_gather(m, args, "Gather", 0); }

static double measure_Gather(sk_mctx *m, const sk_value *args)
{
  xfer_args a;
  double start;
  xfer_args_read(&a, args, XFER_ROOTED);
  start = sk_sync_start(m);
  MPI_Gather(m->send_buf, (int)a.s_count, a.s_dt->mpi, m->recv_buf, (int)a.r_count, a.r_dt->mpi,
             (int)a.root, sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

/* Gather_SR: a very naive self-made gather, the root receives with MPI_Recv from every
** other process in rank order; the root's own block is not copied. */
static void init_Gather_SR(sk_mctx *m, const sk_value *args) { init_gather(m, args, "Gather_SR", 0); }

static double measure_Gather_SR(sk_mctx *m, const sk_value *args)
{
  xfer_args a;
  int i, root;
  size_t block;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  double start;
  xfer_args_read(&a, args, XFER_ROOTED);
  root = (int)a.root;
  block = sk_mpi_bytes(a.r_count, a.r_dt);
  start = sk_sync_start(m);
  if (m->rank == root) {
    for (i = 0; i < m->size; i++)
      if (i != root) MPI_Recv(m->recv_buf + (size_t)i * block, (int)a.r_count, a.r_dt->mpi, i, COLL_TAG, comm, &status);
  } else {
    MPI_Send(m->send_buf, (int)a.s_count, a.s_dt->mpi, root, COLL_TAG, comm);
  }
  return sk_sync_stop(m) - start;
}

/* Gather_ISWA: a very naive self-made gather with non-blocking calls: the root posts an
** MPI_Irecv for every other process and completes them with MPI_Waitall, the others
** send with MPI_Isend + MPI_Wait. */
static void init_Gather_ISWA(sk_mctx *m, const sk_value *args)
{
  init_gather(m, args, "Gather_ISWA", 0);
  if (!m->failed) coll_state_new(m, m->size);
}

static double measure_Gather_ISWA(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  xfer_args a;
  int i, n = 0, root;
  size_t block;
  MPI_Comm comm = sk_mpi_comm(m);
  double start;
  xfer_args_read(&a, args, XFER_ROOTED);
  root = (int)a.root;
  block = sk_mpi_bytes(a.r_count, a.r_dt);
  start = sk_sync_start(m);
  if (m->rank == root) {
    for (i = 0; i < m->size; i++)
      if (i != root)
        MPI_Irecv(m->recv_buf + (size_t)i * block, (int)a.r_count, a.r_dt->mpi, i, COLL_TAG, comm, &s->requests[n++]);
    MPI_Waitall(n, s->requests, s->statuses);
  } else {
    MPI_Isend(m->send_buf, (int)a.s_count, a.s_dt->mpi, root, COLL_TAG, comm, &s->requests[0]);
    MPI_Wait(&s->requests[0], &s->statuses[0]);
  }
  return sk_sync_stop(m) - start;
}

/* Gatherv: like Gather, every process contributes the same count. */
static void init_Gatherv(sk_mctx *m, const sk_value *args)
{
  coll_state *s;
  xfer_args a;
  init_gather(m, args, "Gatherv", 1);
  if (m->failed) return;
  xfer_args_read(&a, args, XFER_ROOTED);
  s = coll_state_new(m, 0);
  equal_counts(s->recv_counts, s->recv_displs, m->size, a.r_count);
}

static double measure_Gatherv(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  xfer_args a;
  double start;
  xfer_args_read(&a, args, XFER_ROOTED);
  start = sk_sync_start(m);
  MPI_Gatherv(m->send_buf, (int)a.s_count, a.s_dt->mpi, m->recv_buf, s->recv_counts, s->recv_displs,
              a.r_dt->mpi, (int)a.root, sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

/* Allgather(s_cnt, s_dt, r_cnt, r_dt) and Allgatherv: everybody receives size blocks. */
static void init_allgather(sk_mctx *m, const sk_value *args, const char *fn, int displaced)
{
  xfer_args a;
  xfer_args_read(&a, args, XFER_PLAIN);
  check_send_recv(m, fn, &a, 0);
  m->send_usage = sk_mpi_block_bytes(m, fn, a.s_count, a.s_dt, 1, 0);
  m->recv_usage = sk_mpi_block_bytes(m, fn, a.r_count, a.r_dt, m->size, displaced);
  m->reported_size = sk_mpi_data_bytes(a.s_count, a.s_dt);
}

static void init_Allgather(sk_mctx *m, const sk_value *args) { init_allgather(m, args, "Allgather", 0); }

static double measure_Allgather(sk_mctx *m, const sk_value *args)
{
  xfer_args a;
  double start;
  xfer_args_read(&a, args, XFER_PLAIN);
  start = sk_sync_start(m);
  MPI_Allgather(m->send_buf, (int)a.s_count, a.s_dt->mpi, m->recv_buf, (int)a.r_count, a.r_dt->mpi,
                sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

static void init_Allgatherv(sk_mctx *m, const sk_value *args)
{
  coll_state *s;
  xfer_args a;
  init_allgather(m, args, "Allgatherv", 1);
  if (m->failed) return;
  xfer_args_read(&a, args, XFER_PLAIN);
  s = coll_state_new(m, 0);
  equal_counts(s->recv_counts, s->recv_displs, m->size, a.r_count);
}

static double measure_Allgatherv(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  xfer_args a;
  double start;
  xfer_args_read(&a, args, XFER_PLAIN);
  start = sk_sync_start(m);
  MPI_Allgatherv(m->send_buf, (int)a.s_count, a.s_dt->mpi, m->recv_buf, s->recv_counts, s->recv_displs,
                 a.r_dt->mpi, sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

/* Scatter(s_cnt, s_dt, r_cnt, r_dt, root) and Scatterv: the root sends size blocks of
** s_cnt, everybody receives r_cnt. */
static void init_scatter(sk_mctx *m, const sk_value *args, const char *fn, int displaced)
{
  xfer_args a;
  xfer_args_read(&a, args, XFER_ROOTED);
  check_send_recv(m, fn, &a, 1);
  m->send_usage = m->rank == a.root ? sk_mpi_block_bytes(m, fn, a.s_count, a.s_dt, m->size, displaced) : 0;
  m->recv_usage = sk_mpi_block_bytes(m, fn, a.r_count, a.r_dt, 1, 0);
  m->reported_size = sk_mpi_data_bytes(a.s_count, a.s_dt);
}

static void init_Scatter(sk_mctx *m, const sk_value *args) { init_scatter(m, args, "Scatter", 0); }

static double measure_Scatter(sk_mctx *m, const sk_value *args)
{
  xfer_args a;
  double start;
  xfer_args_read(&a, args, XFER_ROOTED);
  start = sk_sync_start(m);
  MPI_Scatter(m->send_buf, (int)a.s_count, a.s_dt->mpi, m->recv_buf, (int)a.r_count, a.r_dt->mpi,
              (int)a.root, sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

static void init_Scatterv(sk_mctx *m, const sk_value *args)
{
  coll_state *s;
  xfer_args a;
  init_scatter(m, args, "Scatterv", 1);
  if (m->failed) return;
  xfer_args_read(&a, args, XFER_ROOTED);
  s = coll_state_new(m, 0);
  equal_counts(s->send_counts, s->send_displs, m->size, a.s_count);
}

static double measure_Scatterv(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  xfer_args a;
  double start;
  xfer_args_read(&a, args, XFER_ROOTED);
  start = sk_sync_start(m);
  MPI_Scatterv(m->send_buf, s->send_counts, s->send_displs, a.s_dt->mpi, m->recv_buf, (int)a.r_count,
               a.r_dt->mpi, (int)a.root, sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

/* Alltoall(s_cnt, s_dt, r_cnt, r_dt) and its relatives: every process sends a block of
** s_cnt to every process (itself included) and receives a block of r_cnt from each.
** `with_state` also prepares equal counts/displacements (m->state) and requests. */
static void init_alltoall(sk_mctx *m, const sk_value *args, const char *fn, int displaced, int with_state)
{
  coll_state *s;
  xfer_args a;
  xfer_args_read(&a, args, XFER_PLAIN);
  check_send_recv(m, fn, &a, 0);
  m->send_usage = sk_mpi_block_bytes(m, fn, a.s_count, a.s_dt, m->size, displaced);
  m->recv_usage = sk_mpi_block_bytes(m, fn, a.r_count, a.r_dt, m->size, displaced);
  m->reported_size = sk_mpi_data_bytes(a.s_count, a.s_dt);
  if (m->failed || !with_state) return;
  s = coll_state_new(m, 2 * m->size);
  equal_counts(s->send_counts, s->send_displs, m->size, a.s_count);
  equal_counts(s->recv_counts, s->recv_displs, m->size, a.r_count);
}

static void init_Alltoall(sk_mctx *m, const sk_value *args) { init_alltoall(m, args, "Alltoall", 0, 0); }

static double measure_Alltoall(sk_mctx *m, const sk_value *args)
{
  xfer_args a;
  double start;
  xfer_args_read(&a, args, XFER_PLAIN);
  start = sk_sync_start(m);
  MPI_Alltoall(m->send_buf, (int)a.s_count, a.s_dt->mpi, m->recv_buf, (int)a.r_count, a.r_dt->mpi,
               sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

static void init_Alltoallv(sk_mctx *m, const sk_value *args) { init_alltoall(m, args, "Alltoallv", 1, 1); }

static double measure_Alltoallv(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  xfer_args a;
  double start;
  xfer_args_read(&a, args, XFER_PLAIN);
  start = sk_sync_start(m);
  MPI_Alltoallv(m->send_buf, s->send_counts, s->send_displs, a.s_dt->mpi,
                m->recv_buf, s->recv_counts, s->recv_displs, a.r_dt->mpi, sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

/* The self-made all-to-all of Alltoall_Isend_Irecv, Alltoallv_Isend_Irecv and
** myalltoallv: an MPI_Irecv from every process, then an MPI_Isend to every process, in
** rank order, then MPI_Waitall. Counts and displacements come from the state. */
static double naive_alltoallv(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  xfer_args a;
  int i;
  size_t s_extent, r_extent;
  MPI_Comm comm = sk_mpi_comm(m);
  double start;
  xfer_args_read(&a, args, XFER_PLAIN);
  s_extent = a.s_dt->extent;
  r_extent = a.r_dt->extent;
  start = sk_sync_start(m);
  for (i = 0; i < m->size; i++)
    MPI_Irecv(m->recv_buf + (size_t)s->recv_displs[i] * r_extent, s->recv_counts[i], a.r_dt->mpi, i, COLL_TAG, comm,
              &s->requests[i]);
  for (i = 0; i < m->size; i++)
    MPI_Isend(m->send_buf + (size_t)s->send_displs[i] * s_extent, s->send_counts[i], a.s_dt->mpi, i, COLL_TAG, comm,
              &s->requests[m->size + i]);
  MPI_Waitall(2 * m->size, s->requests, s->statuses);
  return sk_sync_stop(m) - start;
}

#define measure_Alltoall_Isend_Irecv naive_alltoallv
#define measure_Alltoallv_Isend_Irecv naive_alltoallv
#define measure_myalltoallv naive_alltoallv

static void init_Alltoall_Isend_Irecv(sk_mctx *m, const sk_value *args)
{
  init_alltoall(m, args, "Alltoall_Isend_Irecv", 0, 1);
}

static void init_Alltoallv_Isend_Irecv(sk_mctx *m, const sk_value *args)
{
  init_alltoall(m, args, "Alltoallv_Isend_Irecv", 1, 1);
}

/* myalltoallv(s_cnt, s_dt, r_cnt, r_dt, charged_rank, ratio): the self-made all-to-all
** with an unbalanced load ("read the source", §3.2 footnote c). Every message that the
** charged rank sends or receives carries ratio times the count (rounded to the nearest
** integer), all others the plain count; so the charged process moves about ratio times
** the data of the others, and its partners wait for it. */
static int scaled_count(long count, double ratio)
{
  return (int)(count * ratio + 0.5);
}

static void init_myalltoallv(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "myalltoallv";
  coll_state *s;
  xfer_args a;
  double ratio;
  long s_cnt, r_cnt;
  int i, charged;
  size_t s_total = 0, r_total = 0;
  xfer_args_read(&a, args, XFER_CHARGED);
  ratio = a.ratio;
  s_cnt = a.s_count;
  r_cnt = a.r_count;
  check_send_recv(m, fn, &a, 0);
  sk_mpi_check_rank(m, fn, "charged_rank", a.charged);
  if (!m->failed && !(ratio >= 0.0 && (s_cnt * ratio < INT_MAX / 2) && (r_cnt * ratio < INT_MAX / 2)))
    sk_meas_fail(m, "myalltoallv: ratio must be non-negative and the scaled counts must fit an int");
  if (!m->failed)
    sk_mpi_check_same_data(m, fn, scaled_count(s_cnt, ratio), a.s_dt, scaled_count(r_cnt, ratio), a.r_dt);
  /* every element offset must fit an int: at most size blocks of the larger count */
  sk_mpi_block_bytes(m, fn, s_cnt > scaled_count(s_cnt, ratio) ? s_cnt : scaled_count(s_cnt, ratio),
                     a.s_dt, m->size, 1);
  sk_mpi_block_bytes(m, fn, r_cnt > scaled_count(r_cnt, ratio) ? r_cnt : scaled_count(r_cnt, ratio),
                     a.r_dt, m->size, 1);
  if (m->failed) return;
  charged = (int)a.charged;
  s = coll_state_new(m, 2 * m->size);
  for (i = 0; i < m->size; i++) {
    int heavy = i == charged || m->rank == charged;
    s->send_counts[i] = heavy ? scaled_count(s_cnt, ratio) : (int)s_cnt;
    s->recv_counts[i] = heavy ? scaled_count(r_cnt, ratio) : (int)r_cnt;
    s->send_displs[i] = (int)s_total;
    s->recv_displs[i] = (int)r_total;
    s_total += (size_t)s->send_counts[i];
    r_total += (size_t)s->recv_counts[i];
  }
  m->send_usage = s_total * a.s_dt->extent;
  m->recv_usage = r_total * a.r_dt->extent;
  m->reported_size = sk_mpi_data_bytes(s_cnt, a.s_dt);
}

/* multi_Alltoall(s_cnt, s_dt, r_cnt, r_dt, alltoall_count): alltoall_count consecutive
** MPI_Alltoall calls; the time of one (the average), to compare with onesided_alltoall. */
static void init_multi_Alltoall(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "multi_Alltoall";
  xfer_args a;
  xfer_args_read(&a, args, XFER_REPEATED);
  sk_mpi_check_count(m, fn, "send count", a.s_count);
  sk_mpi_check_count(m, fn, "receive count", a.r_count);
  sk_mpi_check_count(m, fn, "alltoall_count", a.calls);
  sk_mpi_check_same_data(m, fn, a.s_count, a.s_dt, a.r_count, a.r_dt);
  m->send_usage = sk_mpi_block_bytes(m, fn, a.s_count, a.s_dt, m->size, 0);
  m->recv_usage = sk_mpi_block_bytes(m, fn, a.r_count, a.r_dt, m->size, 0);
  m->reported_size = sk_mpi_data_bytes(a.s_count, a.s_dt);
}

static double measure_multi_Alltoall(sk_mctx *m, const sk_value *args)
{
  xfer_args a;
  long i, n;
  double start;
  xfer_args_read(&a, args, XFER_REPEATED);
  n = a.calls;
  if (n <= 0) return 0.0;
  start = sk_sync_start(m);
  for (i = 0; i < n; i++)
    MPI_Alltoall(m->send_buf, (int)a.s_count, a.s_dt->mpi, m->recv_buf, (int)a.r_count, a.r_dt->mpi,
                 sk_mpi_comm(m));
  return (sk_sync_stop(m) - start) / (double)n;
}

/* ---- the two-sided counterparts of §3.3 ---- */

#define EXCHANGE_TAG 2

/* Exchange(count, dt, msg_cnt): every process sends msg_cnt messages of count elements
** to every other process and receives as many from each (MPI_Irecv, MPI_Isend,
** MPI_Waitall) -- the two-sided counterpart of MPI_Put_Exchange. Message k for
** partner j lives in slot j*msg_cnt+k of the send and of the receive buffer. */
typedef struct exchange_args {
  long count;
  const sk_datatype *dt;
  long msg_cnt;
} exchange_args;

static void exchange_args_read(exchange_args *a, const sk_value *args)
{
  a->count = args[0].u.i;
  a->dt = args[1].u.dt;
  a->msg_cnt = args[2].u.i;
}

static void init_Exchange(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Exchange";
  exchange_args a;
  exchange_args_read(&a, args);
  sk_mpi_check_count(m, fn, "count", a.count);
  sk_mpi_check_count(m, fn, "msg_cnt", a.msg_cnt);
  if (!m->failed && a.msg_cnt > INT_MAX / 2 / m->size) sk_meas_fail(m, "Exchange: msg_cnt is too large");
  m->send_usage = sk_mpi_block_bytes(m, fn, a.count, a.dt, a.msg_cnt * m->size, 0);
  m->recv_usage = m->send_usage;
  m->reported_size = sk_mpi_data_bytes(a.count, a.dt);
  if (!m->failed) coll_state_new(m, (int)(2 * a.msg_cnt * m->size));
}

static double measure_Exchange(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  exchange_args a;
  int count, msg_cnt, j, k, n = 0;
  size_t block;
  MPI_Comm comm = sk_mpi_comm(m);
  double start;
  exchange_args_read(&a, args);
  count = (int)a.count;
  msg_cnt = (int)a.msg_cnt;
  block = sk_mpi_bytes(a.count, a.dt);
  start = sk_sync_start(m);
  for (j = 0; j < m->size; j++)
    if (j != m->rank)
      for (k = 0; k < msg_cnt; k++)
        MPI_Irecv(m->recv_buf + block * (size_t)(j * msg_cnt + k), count, a.dt->mpi, j, EXCHANGE_TAG, comm,
                  &s->requests[n++]);
  for (j = 0; j < m->size; j++)
    if (j != m->rank)
      for (k = 0; k < msg_cnt; k++)
        MPI_Isend(m->send_buf + block * (size_t)(j * msg_cnt + k), count, a.dt->mpi, j, EXCHANGE_TAG, comm,
                  &s->requests[n++]);
  MPI_Waitall(n, s->requests, s->statuses);
  return sk_sync_stop(m) - start;
}

/* twosided_borderexchange(count, iteration_count, compute): a 1-D ring stencil. Each
** iteration every process sends count MPI_INTs to both neighbours and receives as many
** from each (MPI_Irecv/MPI_Isend/MPI_Waitall), then computes for `compute` microseconds.
** Returns the time of one iteration (the average). */
typedef struct border_args {
  long count, iterations, compute;
} border_args;

static void border_args_read(border_args *a, const sk_value *args)
{
  a->count = args[0].u.i;
  a->iterations = args[1].u.i;
  a->compute = args[2].u.i;
}

static void init_twosided_borderexchange(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "twosided_borderexchange";
  border_args a;
  border_args_read(&a, args);
  sk_mpi_check_count(m, fn, "count", a.count);
  sk_mpi_check_count(m, fn, "iteration_count", a.iterations);
  sk_mpi_check_count(m, fn, "compute", a.compute);
  m->send_usage = sk_mpi_block_bytes(m, fn, a.count, sk_mpi_int_type(), 2, 0);
  m->recv_usage = m->send_usage;
  m->reported_size = sk_mpi_data_bytes(a.count, sk_mpi_int_type());
  if (!m->failed) coll_state_new(m, 4);
}

static double measure_twosided_borderexchange(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  border_args a;
  int count, left = sk_mpi_ring_left(m), right = sk_mpi_ring_right(m);
  long i;
  size_t block;
  MPI_Comm comm = sk_mpi_comm(m);
  double start;
  border_args_read(&a, args);
  count = (int)a.count;
  block = (size_t)count * sizeof(int);
  if (a.iterations <= 0) return 0.0;
  start = sk_sync_start(m);
  for (i = 0; i < a.iterations; i++) {
    /* tag 0 travels rightwards, tag 1 leftwards, so that the two messages between the
    ** same pair of a 2-process ring cannot be confused */
    MPI_Irecv(m->recv_buf, count, MPI_INT, left, 0, comm, &s->requests[0]);
    MPI_Irecv(m->recv_buf + block, count, MPI_INT, right, 1, comm, &s->requests[1]);
    MPI_Isend(m->send_buf, count, MPI_INT, right, 0, comm, &s->requests[2]);
    MPI_Isend(m->send_buf + block, count, MPI_INT, left, 1, comm, &s->requests[3]);
    MPI_Waitall(4, s->requests, s->statuses);
    sk_mpi_busy_wait((double)a.compute);
  }
  return (sk_sync_stop(m) - start) / (double)a.iterations;
}

/* ---- communicator management ---- */

/* Comm_split(): MPI_Comm_split of the measurement communicator into one communicator
** (same colour, ranks kept); Comm_dup(): MPI_Comm_dup. The new communicator is freed
** after the timed part. */
static double measure_Comm_split(sk_mctx *m, const sk_value *args)
{
  MPI_Comm created;
  double start, end;
  (void)args;
  start = sk_sync_start(m);
  MPI_Comm_split(sk_mpi_comm(m), 0, m->rank, &created);
  end = sk_sync_stop(m);
  MPI_Comm_free(&created);
  return end - start;
}

static double measure_Comm_dup(sk_mctx *m, const sk_value *args)
{
  MPI_Comm created;
  double start, end;
  (void)args;
  start = sk_sync_start(m);
  MPI_Comm_dup(sk_mpi_comm(m), &created);
  end = sk_sync_stop(m);
  MPI_Comm_free(&created);
  return end - start;
}

/* ---- delayed collectives and wait patterns (SKaMPI 6) ---- */

/* delayed_Alltoall(s_cnt, s_dt, r_cnt, r_dt, delay, node) and delayed_Gather(s_cnt,
** s_dt, r_cnt, r_dt, root, delay, node): after the synchronised start rank `node`
** busy-waits `delay` seconds (no rank when node is outside the communicator), then all
** call MPI_Alltoall / MPI_Gather; sizes as Alltoall / Gather. */
typedef struct delay_args {
  double delay;
  long node;
} delay_args;

static void delay_args_read(delay_args *d, const sk_value *args, int first)
{
  d->delay = sk_mpi_arg_double(&args[first]);
  d->node = args[first + 1].u.i;
}

static void check_delay(sk_mctx *m, const char *fn, const sk_value *args, int first)
{
  delay_args d;
  delay_args_read(&d, args, first);
  if (!m->failed && !(d.delay >= 0.0 && d.delay <= 3600.0)) {
    char msg[120];
    sprintf(msg, "%s: delay %g s must lie between 0 and 3600 seconds", fn, d.delay);
    sk_meas_fail(m, msg);
  }
}

static void init_delayed_Alltoall(sk_mctx *m, const sk_value *args)
{
  init_alltoall(m, args, "delayed_Alltoall", 0, 0);
  check_delay(m, "delayed_Alltoall", args, 4);
}

static double measure_delayed_Alltoall(sk_mctx *m, const sk_value *args)
{
  xfer_args a;
  delay_args d;
  double start;
  xfer_args_read(&a, args, XFER_PLAIN);
  delay_args_read(&d, args, 4);
  start = sk_sync_start(m);
  if (m->rank == d.node) sk_mpi_busy_wait(d.delay * 1.0e6);
  MPI_Alltoall(m->send_buf, (int)a.s_count, a.s_dt->mpi, m->recv_buf, (int)a.r_count, a.r_dt->mpi,
               sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

static void init_delayed_Gather(sk_mctx *m, const sk_value *args)
{
  init_gather(m, args, "delayed_Gather", 0);
  check_delay(m, "delayed_Gather", args, 5);
}

static double measure_delayed_Gather(sk_mctx *m, const sk_value *args)
{
  xfer_args a;
  delay_args d;
  double start;
  xfer_args_read(&a, args, XFER_ROOTED);
  delay_args_read(&d, args, 5);
  start = sk_sync_start(m);
  if (m->rank == d.node) sk_mpi_busy_wait(d.delay * 1.0e6);
  MPI_Gather(m->send_buf, (int)a.s_count, a.s_dt->mpi, m->recv_buf, (int)a.r_count, a.r_dt->mpi,
             (int)a.root, sk_mpi_comm(m));
  return sk_sync_stop(m) - start;
}

/* waitpattern_down(scale) / waitpattern_up(scale): after the synchronised start rank r
** busy-waits (size - r) * scale / (r + 1) * scale seconds; no messages (reported 0). */
static void init_waitpattern(sk_mctx *m, const sk_value *args, const char *fn)
{
  double scale = sk_mpi_arg_double(&args[0]);
  if (!(scale >= 0.0 && scale * (double)m->size <= 3600.0)) {
    char msg[120];
    sprintf(msg, "%s: scale %g s must be >= 0 and the longest wait at most 3600 seconds", fn, scale);
    sk_meas_fail(m, msg);
  }
  m->send_usage = m->recv_usage = 0;
  m->reported_size = 0;
}

static double waitpattern(sk_mctx *m, const sk_value *args, double factor)
{
  double start, scale = sk_mpi_arg_double(&args[0]);
  start = sk_sync_start(m);
  sk_mpi_busy_wait(factor * scale * 1.0e6);
  return sk_sync_stop(m) - start;
}

static void init_waitpattern_down(sk_mctx *m, const sk_value *args) { init_waitpattern(m, args, "waitpattern_down"); }
static void init_waitpattern_up(sk_mctx *m, const sk_value *args) { init_waitpattern(m, args, "waitpattern_up"); }

static double measure_waitpattern_down(sk_mctx *m, const sk_value *args)
{
  return waitpattern(m, args, (double)(m->size - m->rank));
}

static double measure_waitpattern_up(sk_mctx *m, const sk_value *args)
{
  return waitpattern(m, args, (double)(m->rank + 1));
}

/* ---- verification (verify.h) ----
** The data-movement collectives: block j of a receiver is what process j (or the root)
** sent from its pattern-filled send buffer; the v-variants here move equal blocks, so
** they share the checks. The reductions get small whole-number operands and are
** recomputed locally. */

static void check_bcast(sk_mctx *m, const sk_value *args)
{
  bcast_args a;
  bcast_args_read(&a, args);
  if (m->rank != a.root)
    sk_mpi_verify_block(m, "received broadcast", m->recv_buf, a.count, a.dt, a.count, a.dt, a.root, 0);
}

/* Gathers: the root's block j is process j's (self: the root's own block, unless the
** self-made variants skip it). */
static void coll_check_gather(sk_mctx *m, const sk_value *args, int own_block)
{
  xfer_args a;
  size_t block;
  int j;
  xfer_args_read(&a, args, XFER_ROOTED);
  if (m->rank != a.root) return;
  block = sk_mpi_bytes(a.r_count, a.r_dt);
  for (j = 0; j < m->size && !m->failed; j++) {
    char what[80];
    if (j == a.root && !own_block) continue;
    sprintf(what, "gathered block of rank %d", j);
    sk_mpi_verify_block(m, what, m->recv_buf + (size_t)j * block, a.r_count, a.r_dt, a.s_count, a.s_dt, j, 0);
  }
}

static void check_gather(sk_mctx *m, const sk_value *args) { coll_check_gather(m, args, 1); }
static void check_gather_others(sk_mctx *m, const sk_value *args) { coll_check_gather(m, args, 0); }

static void check_scatter(sk_mctx *m, const sk_value *args)
{
  xfer_args a;
  xfer_args_read(&a, args, XFER_ROOTED);
  sk_mpi_verify_block(m, "scattered block", m->recv_buf, a.r_count, a.r_dt, a.s_count, a.s_dt, a.root,
                      (size_t)m->rank * sk_mpi_bytes(a.s_count, a.s_dt));
}

/* All-to-alls (own_offset) and all-gathers: block j comes from process j, from the
** block of this process in j's send buffer or from its start. */
static void coll_check_all(sk_mctx *m, const sk_value *args, int own_offset)
{
  xfer_args a;
  size_t block;
  int j;
  xfer_args_read(&a, args, XFER_PLAIN);
  block = sk_mpi_bytes(a.r_count, a.r_dt);
  for (j = 0; j < m->size && !m->failed; j++) {
    char what[80];
    sprintf(what, "block from rank %d", j);
    sk_mpi_verify_block(m, what, m->recv_buf + (size_t)j * block, a.r_count, a.r_dt, a.s_count, a.s_dt, j,
                        own_offset ? (size_t)m->rank * sk_mpi_bytes(a.s_count, a.s_dt) : 0);
  }
}

static void check_alltoall(sk_mctx *m, const sk_value *args) { coll_check_all(m, args, 1); }
static void check_allgather(sk_mctx *m, const sk_value *args) { coll_check_all(m, args, 0); }

static void prepare_reduce(sk_mctx *m, const sk_value *args)
{
  reduce_args a;
  reduce_args_read(&a, args, 0);
  sk_mpi_verify_fill_operands(m, a.count, a.dt);
}

/* Reduce (only the root has the result), Allreduce and Reduce_Bcast (everybody), Scan
** (ranks 0..own). */
static void coll_check_reduced(sk_mctx *m, const sk_value *args, int with_root, int scan)
{
  reduce_args a;
  reduce_args_read(&a, args, with_root);
  if (with_root && a.root >= 0 && m->rank != a.root) return;
  sk_mpi_verify_reduced(m, scan ? "scan result" : "reduction result", m->recv_buf, a.count, a.dt, a.op, 0,
                        scan ? m->rank : m->size - 1);
}

static void check_reduce(sk_mctx *m, const sk_value *args) { coll_check_reduced(m, args, 1, 0); }
static void check_allreduce(sk_mctx *m, const sk_value *args) { coll_check_reduced(m, args, 0, 0); }
static void check_scan(sk_mctx *m, const sk_value *args) { coll_check_reduced(m, args, 0, 1); }

/* Reduce_scatter: rank i holds its part of the whole result (the counts and
** displacements of init); Reduce_Scatterv: the same, and the root the whole result in
** front of its part. */
static void check_reduce_scatter(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  reduce_args a;
  reduce_args_read(&a, args, 1);
  sk_mpi_verify_reduced_from(m, "scattered part of the reduction result", m->recv_buf, s->recv_counts[m->rank],
                             a.dt, a.op, 0, m->size - 1, s->recv_displs[m->rank]);
}

static void check_reduce_scatterv(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  reduce_args a;
  reduce_args_read(&a, args, 1);
  if (m->rank != a.root) { check_reduce_scatter(m, args); return; }
  if (sk_mpi_verify_reduced(m, "reduction result at the root", m->recv_buf, a.count, a.dt, a.op, 0, m->size - 1))
    sk_mpi_verify_reduced_from(m, "root's scattered part", m->recv_buf + sk_mpi_bytes(a.count, a.dt),
                               s->recv_counts[m->rank], a.dt, a.op, 0, m->size - 1, s->recv_displs[m->rank]);
}

/* myalltoallv: the count of the message from `from` to `to` (send counts with s_cnt,
** receive counts with r_cnt), as init_myalltoallv makes them. */
static long myalltoallv_count(const xfer_args *a, long count, int from, int to)
{
  return from == a->charged || to == a->charged ? scaled_count(count, a->ratio) : count;
}

/* Block j of this process comes from the part of j's send buffer for this process,
** which follows j's messages to the ranks before it. */
static void check_myalltoallv(sk_mctx *m, const sk_value *args)
{
  coll_state *s = (coll_state *)m->state;
  xfer_args a;
  int j, i;
  xfer_args_read(&a, args, XFER_CHARGED);
  for (j = 0; j < m->size && !m->failed; j++) {
    char what[80];
    long before = 0;
    for (i = 0; i < m->rank; i++) before += myalltoallv_count(&a, a.s_count, j, i);
    sprintf(what, "block from rank %d", j);
    sk_mpi_verify_block(m, what, m->recv_buf + (size_t)s->recv_displs[j] * a.r_dt->extent, s->recv_counts[j], a.r_dt,
                        myalltoallv_count(&a, a.s_count, j, m->rank), a.s_dt, j, sk_mpi_bytes(before, a.s_dt));
  }
}

/* Exchange: message k from rank j (slot j*msg_cnt+k) is j's slot rank*msg_cnt+k; the
** slots of this process itself stay empty. */
static void check_Exchange(sk_mctx *m, const sk_value *args)
{
  exchange_args a;
  size_t block;
  int j, k;
  exchange_args_read(&a, args);
  block = sk_mpi_bytes(a.count, a.dt);
  for (j = 0; j < m->size && !m->failed; j++)
    for (k = 0; k < a.msg_cnt && !m->failed; k++) {
      char what[80];
      const char *slot = m->recv_buf + block * (size_t)(j * a.msg_cnt + k);
      if (j == m->rank) {   /* nothing is sent to oneself: the slot stays 0 */
        size_t b;
        for (b = 0; b < block && slot[b] == 0; b++) { /* find a written byte */ }
        sprintf(what, "own slot %d (nothing is sent to oneself)", k);
        if (b < block) sk_verify_mismatch(m, what, b, (unsigned char)slot[b], 0u);
        continue;
      }
      sprintf(what, "message %d from rank %d", k, j);
      sk_mpi_verify_block(m, what, slot, a.count, a.dt, a.count, a.dt, j, block * (size_t)(m->rank * a.msg_cnt + k));
    }
}

/* twosided_borderexchange: the left neighbour's first block (sent rightwards) and the
** right neighbour's second block (sent leftwards). */
static void check_twosided_borderexchange(sk_mctx *m, const sk_value *args)
{
  border_args a;
  const sk_datatype *t = sk_mpi_int_type();
  border_args_read(&a, args);
  if (a.iterations <= 0) return;
  if (sk_mpi_verify_block(m, "block from the left neighbour", m->recv_buf, a.count, t, a.count, t,
                          sk_mpi_ring_left(m), 0))
    sk_mpi_verify_block(m, "block from the right neighbour", m->recv_buf + sk_mpi_bytes(a.count, t), a.count, t, a.count,
                        t, sk_mpi_ring_right(m), sk_mpi_bytes(a.count, t));
}
#endif /* SKAMPI_MPI */

#define COLL_ROW(NAME, PARAMS, NAMES, INIT, FINALIZE) \
  SK_MEASUREMENT_MPI(NAME, PARAMS, NAMES, SK_PATTERN_COLLECTIVE, 1, INIT, FINALIZE)

static const sk_measurement mpi_coll_table[] = {
  COLL_ROW(Bcast, "iti", "count datatype root", init_Bcast, NULL),
  COLL_ROW(Bcast_Send_Recv, "iti", "count datatype root", init_Bcast_Send_Recv, NULL),
  COLL_ROW(Barrier, "", "", NULL, NULL),
  COLL_ROW(Reduce, "itoi", "count datatype op root", init_Reduce, NULL),
  COLL_ROW(Allreduce, "ito", "count datatype op", init_Allreduce, NULL),
  COLL_ROW(Reduce_Bcast, "itoi", "count datatype op root", init_Reduce_Bcast, NULL),
  COLL_ROW(Reduce_scatter, "itoi", "count datatype op root", init_Reduce_scatter, finalize_coll_state),
  COLL_ROW(Alltoall, "itit", SK_NAMES_SR, init_Alltoall, NULL),
  COLL_ROW(Alltoall_Isend_Irecv, "itit", SK_NAMES_SR, init_Alltoall_Isend_Irecv, finalize_coll_state),
  COLL_ROW(Gather, "ititi", SK_NAMES_SR " root", init_Gather, NULL),
  COLL_ROW(Gather_SR, "ititi", SK_NAMES_SR " root", init_Gather_SR, NULL),
  COLL_ROW(Gather_ISWA, "ititi", SK_NAMES_SR " root", init_Gather_ISWA, finalize_coll_state),
  COLL_ROW(Allgather, "itit", SK_NAMES_SR, init_Allgather, NULL),
  COLL_ROW(Scatter, "ititi", SK_NAMES_SR " root", init_Scatter, NULL),
  COLL_ROW(Reduce_Scatterv, "itoi", "count datatype op root", init_Reduce_Scatterv, finalize_coll_state),
  COLL_ROW(Alltoallv, "itit", SK_NAMES_SR, init_Alltoallv, finalize_coll_state),
  COLL_ROW(Alltoallv_Isend_Irecv, "itit", SK_NAMES_SR, init_Alltoallv_Isend_Irecv, finalize_coll_state),
  COLL_ROW(Gatherv, "ititi", SK_NAMES_SR " root", init_Gatherv, finalize_coll_state),
  COLL_ROW(Allgatherv, "itit", SK_NAMES_SR, init_Allgatherv, finalize_coll_state),
  COLL_ROW(Scatterv, "ititi", SK_NAMES_SR " root", init_Scatterv, finalize_coll_state),
  COLL_ROW(Scan, "ito", "count datatype op", init_Scan, NULL),
  COLL_ROW(Comm_split, "", "", NULL, NULL),
  COLL_ROW(Comm_dup, "", "", NULL, NULL),
  COLL_ROW(myalltoallv, "ititid", SK_NAMES_SR " charged_rank ratio", init_myalltoallv, finalize_coll_state),
  COLL_ROW(Exchange, "iti", "count datatype msg_count", init_Exchange, finalize_coll_state),
  COLL_ROW(multi_Alltoall, "ititi", SK_NAMES_SR " alltoall_count", init_multi_Alltoall, NULL),
  SK_MEASUREMENT_MPI(twosided_borderexchange, "iii", "count iteration_count compute", SK_PATTERN_COLLECTIVE, 2, init_twosided_borderexchange,
                     finalize_coll_state),
  COLL_ROW(delayed_Alltoall, "ititdi", SK_NAMES_SR " delay node", init_delayed_Alltoall, NULL),
  COLL_ROW(delayed_Gather, "ititidi", SK_NAMES_SR " root delay node", init_delayed_Gather, NULL),
  COLL_ROW(waitpattern_down, "d", "scale", init_waitpattern_down, NULL),
  COLL_ROW(waitpattern_up, "d", "scale", init_waitpattern_up, NULL),
  SK_MEASUREMENT_ALIAS(Bcast_using_Send_Recv, Bcast_Send_Recv),
  SK_MEASUREMENT_ALIAS(Allreduce_using_Reduce_Bcast, Reduce_Bcast),
  SK_MEASUREMENT_ALIAS(Alltoall_using_Isend_Irecv, Alltoall_Isend_Irecv),
  SK_MEASUREMENT_ALIAS(Alltoallv_using_Isend_Irecv, Alltoallv_Isend_Irecv),
  SK_MEASUREMENT_ALIAS(Gather_using_Send_Recv, Gather_SR),
  SK_MEASUREMENT_ALIAS(Gather_using_Isend_Irecv_Waitall, Gather_ISWA),
  SK_MEASUREMENT_END
};

SK_API const sk_measurement *sk_meas_table_mpi_coll(void) { return mpi_coll_table; }

static const sk_verifier mpi_coll_verify_table[] = {
  SK_VERIFY_MPI(Bcast, NULL, check_bcast),
  SK_VERIFY_MPI(Bcast_Send_Recv, NULL, check_bcast),
  SK_VERIFY_NOTHING(Barrier, "a barrier moves no data"),
  SK_VERIFY_MPI(Reduce, prepare_reduce, check_reduce),
  SK_VERIFY_MPI(Allreduce, prepare_reduce, check_allreduce),
  SK_VERIFY_MPI(Reduce_Bcast, prepare_reduce, check_allreduce),
  SK_VERIFY_MPI(Scan, prepare_reduce, check_scan),
  SK_VERIFY_MPI(Reduce_scatter, prepare_reduce, check_reduce_scatter),
  SK_VERIFY_MPI(Reduce_Scatterv, prepare_reduce, check_reduce_scatterv),
  SK_VERIFY_MPI(myalltoallv, NULL, check_myalltoallv),
  SK_VERIFY_MPI(Exchange, NULL, check_Exchange),
  SK_VERIFY_MPI(twosided_borderexchange, NULL, check_twosided_borderexchange),
  SK_VERIFY_MPI(Alltoall, NULL, check_alltoall),
  SK_VERIFY_MPI(Alltoall_Isend_Irecv, NULL, check_alltoall),
  SK_VERIFY_MPI(Alltoallv, NULL, check_alltoall),
  SK_VERIFY_MPI(Alltoallv_Isend_Irecv, NULL, check_alltoall),
  SK_VERIFY_MPI(multi_Alltoall, NULL, check_alltoall),
  SK_VERIFY_MPI(delayed_Alltoall, NULL, check_alltoall),
  SK_VERIFY_MPI(Gather, NULL, check_gather),
  SK_VERIFY_MPI(Gatherv, NULL, check_gather),
  SK_VERIFY_MPI(delayed_Gather, NULL, check_gather),
  SK_VERIFY_MPI(Gather_SR, NULL, check_gather_others),
  SK_VERIFY_MPI(Gather_ISWA, NULL, check_gather_others),
  SK_VERIFY_MPI(Allgather, NULL, check_allgather),
  SK_VERIFY_MPI(Allgatherv, NULL, check_allgather),
  SK_VERIFY_MPI(Scatter, NULL, check_scatter),
  SK_VERIFY_MPI(Scatterv, NULL, check_scatter),
  SK_VERIFY_NOTHING(Comm_split, "creates a communicator, moves no data"),
  SK_VERIFY_NOTHING(Comm_dup, "creates a communicator, moves no data"),
  SK_VERIFY_NOTHING(waitpattern_down, "busy waits, moves no data"),
  SK_VERIFY_NOTHING(waitpattern_up, "busy waits, moves no data"),
  SK_VERIFY_END
};

SK_API const sk_verifier *sk_verify_table_mpi_coll(void) { return mpi_coll_verify_table; }
/* --- end split/meas_mpi_coll.c --- */
/* --- begin split/meas_mpi_win_sync.c --- */
#line 1 "split/meas_mpi_win_sync.c"
/*
** meas_mpi_win_sync.c -- one-sided communication, window synchronisation (SKaMPI 5
** manual §3.3): fences, general active target (post, start, complete, wait, test),
** passive target locks, window creation and destruction. The module also owns what
** every one-sided measurement shares (meas_mpi.h): the argument struct sk_win_args, the
** window state, its setup and teardown, the block transfers and one PSCW epoch, and the
** verification helpers (prepares, the slot-by-slot window check; verify.h).
** The functions need MPI-2 and exist when SK_MPI_LEVEL >= 2 (MPI 2, 3, 4 and later
** alike); the rows exist in every build.
**
** Common rules (the manual lists names and parameters only; these are our choices,
** modelled on what SKaMPI 5 did):
** - The first parameter <int> is the count of elements of <dt> in one message.
** - init allocates the window memory with MPI_Alloc_mem (the buffers of the context are
**   valid in measure only) and creates the window over it with the given info, the
**   displacement unit 1 byte; finalize frees both. Puts read from the send buffer, gets
**   write to the receive buffer.
** - Every measure runs between sk_sync_start() and sk_sync_stop() on all processes of
**   the communicator and leaves no epoch open. A fence-based function returns on every
**   process the time of the whole synchronised part; a function that times one call or
**   one role returns that time on the processes having the role and -1 elsewhere.
** - Roles: rank 0 is the origin, rank 1 the target of pairwise transfers; in the PSCW
**   measurements rank 0 starts an access epoch on all other ranks, which post exposure
**   epochs to rank 0.
** - <assert> is checked against the assertions valid for the call that is measured; the
**   PSCW functions give MPI_Win_start its MPI_MODE_NOCHECK bit and MPI_Win_post all of
**   it. With MPI_MODE_NOCHECK the post must precede the start, so the processes then
**   meet in an MPI_Barrier between them.
** - <lock_type> is MPI_LOCK_SHARED or MPI_LOCK_EXCLUSIVE of the library, or 0 (shared)
**   or 1 (exclusive), the values that work on every MPI (the manual names no constants).
** - <delay_us>: microseconds in a busy loop without MPI calls (sk_mpi_busy_wait).
*/
#line 34 "split/meas_mpi_win_sync.c"
#line 35 "split/meas_mpi_win_sync.c"

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2

#define FENCE_ASSERTS (MPI_MODE_NOSTORE | MPI_MODE_NOPUT | MPI_MODE_NOPRECEDE | MPI_MODE_NOSUCCEED)
#define POST_ASSERTS (MPI_MODE_NOCHECK | MPI_MODE_NOSTORE | MPI_MODE_NOPUT)

/* ---- shared by the one-sided modules ---- */

SK_API void sk_win_args_read(sk_win_args *a, const sk_value *args, const char *layout)
{
  const sk_value *v = args;
  memset(a, 0, sizeof *a);
  a->dt = sk_mpi_int_type();
  for (; *layout; layout++, v++) {
    switch (*layout) {
    case 'c': a->count = v->u.i; break;
    case 't': a->dt = v->u.dt; break;
    case 'n': a->info = v; break;
    case 'a': a->assertion = v->u.i; break;
    case 'p': a->doput = v->u.i; break;
    case 'm': a->msg_cnt = v->u.i; break;
    case 'd': a->delay_us = v->u.i; break;
    case 'r': a->delay_rank = v->u.i; break;
    case 'l': a->lock_type = v->u.i; break;
    case 'x': a->dest = v->u.i; break;
    case 's': a->distance = v->u.i; break;
    case 'k': a->repetitions = v->u.i; break;
    case 'i': a->iterations = v->u.i; break;
    case 'w': a->compute = v->u.i; break;
    case 'j': a->disjoint = v->u.i; break;
    case 'o': a->op = v->u.op; break;
    default: break;
    }
  }
}

SK_API MPI_Info sk_win_info(const sk_win_args *a)
{
  return a->info != NULL && a->info->u.info != NULL ? *(MPI_Info *)a->info->u.info : MPI_INFO_NULL;
}

SK_API sk_win_state *sk_win_setup(sk_mctx *m, const char *fn, const sk_win_args *a, long count,
                                  const sk_datatype *dt, long slots, int create)
{
  sk_win_state *s;
  size_t bytes;
  sk_mpi_check_count(m, fn, "count", count);
  sk_mpi_check_count(m, fn, "number of messages", slots);
  bytes = sk_mpi_block_bytes(m, fn, count, dt, slots, 0);
  if (!m->failed && (MPI_Aint)bytes < 0) sk_meas_fail(m, "one-sided window too large for MPI_Aint");
  if (m->failed) return NULL;
  s = (sk_win_state *)sk_calloc(1, sizeof *s);
  s->args = *a;
  s->win = MPI_WIN_NULL;
  s->origins = s->targets = MPI_GROUP_NULL;
  s->derived = MPI_DATATYPE_NULL;
  s->count = (int)count;
  s->dt = dt->mpi;
  s->block = sk_mpi_bytes(count, dt);
  s->memory_size = (MPI_Aint)bytes;
  MPI_Alloc_mem(bytes > 0 ? (MPI_Aint)bytes : 1, MPI_INFO_NULL, &s->memory);
  memset(s->memory, 0, bytes > 0 ? bytes : 1);
  if (create) MPI_Win_create(s->memory, s->memory_size, 1, sk_win_info(a), sk_mpi_comm(m), &s->win);
  m->state = s;
  m->reported_size = sk_mpi_data_bytes(count, dt);
  return s;
}

SK_API sk_win_state *sk_win_simple(sk_mctx *m, const sk_win_args *a, const char *fn, long slots)
{
  sk_win_state *s = sk_win_setup(m, fn, a, a->count, a->dt, slots, 1);
  if (s == NULL) return NULL;
  m->send_usage = s->block;
  m->recv_usage = s->block;
  return s;
}

SK_API void sk_win_groups(sk_mctx *m, sk_win_state *s, int n_targets)
{
  MPI_Group all;
  int zero = 0, range[1][3];
  MPI_Comm_group(sk_mpi_comm(m), &all);
  MPI_Group_incl(all, 1, &zero, &s->origins);
  range[0][0] = 1;
  range[0][1] = n_targets;
  range[0][2] = 1;
  MPI_Group_range_incl(all, 1, range, &s->targets);
  MPI_Group_free(&all);
  s->n_targets = n_targets;
}

SK_API void sk_win_finalize(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = (sk_win_state *)m->state;
  (void)args;
  if (s == NULL) return;
  if (s->win != MPI_WIN_NULL) MPI_Win_free(&s->win);
  if (s->origins != MPI_GROUP_NULL) MPI_Group_free(&s->origins);
  if (s->targets != MPI_GROUP_NULL) MPI_Group_free(&s->targets);
  if (s->derived != MPI_DATATYPE_NULL) MPI_Type_free(&s->derived);
  MPI_Free_mem(s->memory);
  free(s);
  m->state = NULL;
}

SK_API int sk_win_check_assert(sk_mctx *m, const char *fn, long assertion, int allowed)
{
  char msg[200];
  if (m->failed) return 0;
  if (assertion < 0 || assertion > INT_MAX || ((int)assertion & ~allowed) != 0) {
    sprintf(msg, "%.60s: assert %ld is not a combination of%s%s%s%s%s (or 0)", fn, assertion,
            allowed & MPI_MODE_NOCHECK ? " MPI_MODE_NOCHECK" : "",
            allowed & MPI_MODE_NOSTORE ? " MPI_MODE_NOSTORE" : "",
            allowed & MPI_MODE_NOPUT ? " MPI_MODE_NOPUT" : "",
            allowed & MPI_MODE_NOPRECEDE ? " MPI_MODE_NOPRECEDE" : "",
            allowed & MPI_MODE_NOSUCCEED ? " MPI_MODE_NOSUCCEED" : "");
    sk_meas_fail(m, msg);
    return 0;
  }
  return 1;
}

SK_API int sk_win_check_lock_type(sk_mctx *m, const char *fn, long value)
{
  char msg[200];
  if (value == MPI_LOCK_SHARED || value == 0 || value == MPI_LOCK_EXCLUSIVE || value == 1) return 1;
  if (!m->failed) {
    sprintf(msg, "%.60s: lock_type %ld is neither MPI_LOCK_SHARED (%d, or 0) nor MPI_LOCK_EXCLUSIVE (%d, or 1)",
            fn, value, MPI_LOCK_SHARED, MPI_LOCK_EXCLUSIVE);
    sk_meas_fail(m, msg);
  }
  return 0;
}

SK_API int sk_win_lock_type_of(long value)
{
  return value == MPI_LOCK_SHARED || value == 0 ? MPI_LOCK_SHARED : MPI_LOCK_EXCLUSIVE;
}

SK_API void sk_win_put_block(const sk_mctx *m, const sk_win_state *s, int target, long slot)
{
  MPI_Put(m->send_buf, s->count, s->dt, target, (MPI_Aint)(s->block * (size_t)slot), s->count, s->dt, s->win);
}

/* A get into receive-buffer slot `local_slot`. */
SK_API void sk_win_get_block(const sk_mctx *m, const sk_win_state *s, int target, long slot, long local_slot)
{
  MPI_Get(m->recv_buf + s->block * (size_t)local_slot, s->count, s->dt, target,
          (MPI_Aint)(s->block * (size_t)slot), s->count, s->dt, s->win);
}

SK_API void sk_win_accumulate_block(const sk_mctx *m, const sk_win_state *s, int target, long slot, MPI_Op op)
{
  MPI_Accumulate(m->send_buf, s->count, s->dt, target, (MPI_Aint)(s->block * (size_t)slot), s->count, s->dt,
                 op, s->win);
}

SK_API void sk_pscw_plan_init(sk_pscw_plan *p, enum sk_pscw_timed timed, long assertion, int doput)
{
  p->timed = timed;
  p->op = doput ? PSCW_PUT : PSCW_NONE;
  p->msg_cnt = 1;
  p->assertion = (int)assertion;
  p->post_delay = p->complete_delay = p->wait_delay = 0.0;
  p->post_delay_rank = -1;
}

SK_API double sk_pscw_run(sk_mctx *m, const sk_pscw_plan *p)
{
  sk_win_state *s = (sk_win_state *)m->state;
  int nocheck = (p->assertion & MPI_MODE_NOCHECK) != 0, j, flag = 0;
  long k;
  double t0 = 0.0, t1 = 0.0, t2 = 0.0, t3 = 0.0, result = -1.0;
  sk_sync_start(m);
  if (m->rank == 0) {
    if (nocheck) MPI_Barrier(sk_mpi_comm(m));
    t0 = MPI_Wtime();
    MPI_Win_start(s->targets, p->assertion & MPI_MODE_NOCHECK, s->win);
    t1 = MPI_Wtime();
    for (j = 1; j <= s->n_targets; j++)
      for (k = 0; k < p->msg_cnt; k++) {
        if (p->op == PSCW_PUT) sk_win_put_block(m, s, j, k);
        else if (p->op == PSCW_GET) sk_win_get_block(m, s, j, k, (j - 1) * p->msg_cnt + k);
      }
    sk_mpi_busy_wait(p->complete_delay);
    t2 = MPI_Wtime();
    MPI_Win_complete(s->win);
    t3 = MPI_Wtime();
    if (p->timed == PSCW_START) result = t1 - t0;
    else if (p->timed == PSCW_COMPLETE) result = t3 - t2;
    else if (p->timed == PSCW_STARTCOMPLETE || p->timed == PSCW_WHOLE) result = t3 - t0;
  } else if (m->rank <= s->n_targets) {
    if (m->rank == p->post_delay_rank) sk_mpi_busy_wait(p->post_delay);
    t0 = MPI_Wtime();
    MPI_Win_post(s->origins, p->assertion & POST_ASSERTS, s->win);
    t1 = MPI_Wtime();
    if (nocheck) MPI_Barrier(sk_mpi_comm(m));
    sk_mpi_busy_wait(p->wait_delay);
    t2 = MPI_Wtime();
    if (p->timed == PSCW_TEST_LOOP) {
      do MPI_Win_test(s->win, &flag); while (!flag);
    } else if (p->timed == PSCW_TEST_ONCE) {
      MPI_Win_test(s->win, &flag);
      t3 = MPI_Wtime();
      if (!flag) MPI_Win_wait(s->win);
    } else {
      MPI_Win_wait(s->win);
    }
    if (p->timed != PSCW_TEST_ONCE) t3 = MPI_Wtime();
    if (p->timed == PSCW_POST) result = t1 - t0;
    else if (p->timed == PSCW_WAIT || p->timed == PSCW_TEST_LOOP || p->timed == PSCW_TEST_ONCE) result = t3 - t2;
    else if (p->timed == PSCW_WHOLE) result = t3 - t0;
  } else if (nocheck) {
    MPI_Barrier(sk_mpi_comm(m));
  }
  sk_sync_stop(m);
  return result;
}

SK_API sk_win_state *sk_win_of(sk_mctx *m) { return (sk_win_state *)m->state; }

/* ---- verification: what every one-sided verifier shares (meas_mpi.h) ---- */

SK_API void sk_win_verify_ready(sk_mctx *m)
{
  sk_win_state *s = sk_win_of(m);
  if (s != NULL && s->win != MPI_WIN_NULL) MPI_Win_fence(MPI_MODE_NOPRECEDE | MPI_MODE_NOSUCCEED, s->win);
  MPI_Barrier(sk_mpi_comm(m));
}

static void win_prepare(sk_mctx *m, int own_pattern)
{
  sk_win_state *s = sk_win_of(m);
  sk_verify_default_prepare(m, NULL);
  if (own_pattern) sk_verify_fill(s->memory, (size_t)s->memory_size, m->rank, 0);
  else memset(s->memory, 0, (size_t)s->memory_size);
  sk_win_verify_ready(m);
}

SK_API void sk_win_prepare_put(sk_mctx *m, const sk_value *args)
{
  (void)args;
  win_prepare(m, 0);
}

SK_API void sk_win_prepare_get(sk_mctx *m, const sk_value *args)
{
  (void)args;
  win_prepare(m, 1);
}

SK_API int sk_win_verify_zeros(sk_mctx *m, const char *what, const char *buf, size_t n)
{
  size_t k;
  for (k = 0; k < n; k++)
    if (buf[k] != 0) {
      sk_verify_mismatch(m, what, k, (unsigned char)buf[k], 0u);
      return 0;
    }
  return 1;
}

static void win_check_slots(sk_mctx *m, const char *what, const char *buf, size_t bytes, sk_win_source source)
{
  sk_win_state *s = sk_win_of(m);
  long slot, n = s->block > 0 ? (long)(bytes / s->block) : 0;
  char w[120];
  for (slot = 0; slot < n && !m->failed; slot++) {
    size_t offset = 0;
    const char *at = buf + s->block * (size_t)slot;
    long from = source(m, s, slot, &offset);
    if (from >= 0) {
      sprintf(w, "%s slot %ld (the block of rank %ld)", what, slot, from);
      sk_mpi_verify_block(m, w, at, s->args.count, s->args.dt, s->args.count, s->args.dt, from, offset);
    } else {
      sprintf(w, "%s slot %ld (nothing was to arrive there)", what, slot);
      sk_win_verify_zeros(m, w, at, s->block);
    }
  }
}

SK_API void sk_win_check_window(sk_mctx *m, sk_win_source source)
{
  win_check_slots(m, "window after the epoch", sk_win_of(m)->memory, (size_t)sk_win_of(m)->memory_size, source);
}

SK_API void sk_win_settle(sk_mctx *m)
{
  sk_win_state *s = sk_win_of(m);
  MPI_Barrier(sk_mpi_comm(m));
  MPI_Win_lock(MPI_LOCK_SHARED, m->rank, 0, s->win);
  MPI_Win_unlock(m->rank, s->win);
}

SK_API void sk_win_check_window_passive(sk_mctx *m, sk_win_source source)
{
  sk_win_settle(m);
  sk_win_check_window(m, source);
}

SK_API void sk_win_check_received(sk_mctx *m, sk_win_source source)
{
  win_check_slots(m, "receive buffer after the epoch", m->recv_buf, m->recv_usage, source);
}

/* ---- fence ---- */

/* MPI_Win_fence_open(count, dt, info, assert): the opening MPI_Win_fence(assert); the
** epoch is closed with MPI_MODE_NOSUCCEED after the timing. */
static void init_MPI_Win_fence_open(sk_mctx *m, const sk_value *args)
{
  sk_win_args a;
  sk_win_args_read(&a, args, "ctna");
  sk_win_check_assert(m, "MPI_Win_fence_open", a.assertion, FENCE_ASSERTS);
  sk_win_simple(m, &a, "MPI_Win_fence_open", 1);
}

static double measure_MPI_Win_fence_open(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start, end;
  (void)args;
  start = sk_sync_start(m);
  MPI_Win_fence((int)s->args.assertion, s->win);
  end = sk_sync_stop(m);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return end - start;
}

/* The closing fences, args (count, dt, info, assert, doput): assert of the closing
** MPI_Win_fence; with doput the puts forbid MPI_MODE_NOPRECEDE there. */
static void init_fence_close(sk_mctx *m, const sk_value *args, const char *fn)
{
  sk_win_args a;
  sk_win_args_read(&a, args, "ctnap");
  sk_win_check_assert(m, fn, a.assertion, MPI_MODE_NOSTORE | MPI_MODE_NOPUT | MPI_MODE_NOSUCCEED
                      | (a.doput ? 0 : MPI_MODE_NOPRECEDE));
  sk_win_simple(m, &a, fn, 1);
}

/* Opens the epoch, lets the putters put (rank 0 to 1, or everybody to its right
** neighbour), and times the closing MPI_Win_fence(assert) alone. */
static double fence_close(sk_mctx *m, int everybody_puts)
{
  sk_win_state *s = sk_win_of(m);
  double start;
  sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (s->args.doput && (everybody_puts || m->rank == 0)) sk_win_put_block(m, s, (m->rank + 1) % m->size, 0);
  start = MPI_Wtime();
  MPI_Win_fence((int)s->args.assertion, s->win);
  return sk_sync_stop(m) - start;
}

/* MPI_Win_fence_close(count, dt, info, assert, doput): rank 0 puts to rank 1. */
static void init_MPI_Win_fence_close(sk_mctx *m, const sk_value *args)
{
  init_fence_close(m, args, "MPI_Win_fence_close");
}

static double measure_MPI_Win_fence_close(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return fence_close(m, 0);
}

/* MPI_Win_fence_close_collective(count, dt, info, assert, doput): every process puts to
** its right neighbour (rank+1 mod size). */
static void init_MPI_Win_fence_close_collective(sk_mctx *m, const sk_value *args)
{
  init_fence_close(m, args, "MPI_Win_fence_close_collective");
}

static double measure_MPI_Win_fence_close_collective(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return fence_close(m, 1);
}

/* MPI_Win_fence_close_delayed(count, dt, info, msg_cnt, delay_us): rank 0 puts msg_cnt
** messages to rank 1, then every process waits delay_us before the closing fence,
** which alone is timed. A library that transfers while the processes compute closes
** quickly; one that defers the transfer to the fence does not. */
static void init_MPI_Win_fence_close_delayed(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "MPI_Win_fence_close_delayed";
  sk_win_args a;
  sk_win_args_read(&a, args, "ctnmd");
  sk_mpi_check_count(m, fn, "delay_us", a.delay_us);
  a.doput = 1;   /* rank 0 always puts (the verifier reads it) */
  sk_win_simple(m, &a, fn, a.msg_cnt);
}

static double measure_MPI_Win_fence_close_delayed(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  long k;
  double start;
  (void)args;
  sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0)
    for (k = 0; k < s->args.msg_cnt; k++) sk_win_put_block(m, s, 1, k);
  sk_mpi_busy_wait((double)s->args.delay_us);
  start = MPI_Wtime();
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* MPI_Win_fence_openclose(count, dt, info, doput): a whole fence epoch, opening fence,
** the put of rank 0 to rank 1 if doput, closing fence. */
static void init_MPI_Win_fence_openclose(sk_mctx *m, const sk_value *args)
{
  sk_win_args a;
  sk_win_args_read(&a, args, "ctnp");
  sk_win_simple(m, &a, "MPI_Win_fence_openclose", 1);
}

static double measure_MPI_Win_fence_openclose(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start = sk_sync_start(m);
  (void)args;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (s->args.doput && m->rank == 0) sk_win_put_block(m, s, 1, 0);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* ---- general active target synchronisation (post, start, complete, wait) ---- */

/* The init of the PSCW measurements with args (count, dt, info, assert, ...) as given by
** `layout`: a window of msg_cnt blocks (1 without msg_cnt), all ranks but 0 are targets;
** without doput in the layout, doput_always says whether the origin puts. */
static void init_pscw(sk_mctx *m, const sk_value *args, const char *fn, const char *layout, int doput_always)
{
  sk_win_state *s;
  sk_win_args a;
  int doput;
  sk_win_args_read(&a, args, layout);
  if (strchr(layout, 'm') == NULL) a.msg_cnt = 1;
  if (doput_always) a.doput = 1;
  doput = a.doput != 0;
  if (strchr(layout, 'd') != NULL) sk_mpi_check_count(m, fn, "delay_us", a.delay_us);
  if (strchr(layout, 'r') != NULL) {
    sk_mpi_check_rank(m, fn, "delay_rank", a.delay_rank);
    if (!m->failed && a.delay_rank == 0) {
      char msg[200];
      sprintf(msg, "%.60s: delay_rank must be a target (1..size-1), rank 0 is the origin", fn);
      sk_meas_fail(m, msg);
    }
  }
  sk_win_check_assert(m, fn, a.assertion, MPI_MODE_NOCHECK | MPI_MODE_NOSTORE | (doput ? 0 : MPI_MODE_NOPUT));
  s = sk_win_simple(m, &a, fn, a.msg_cnt);
  if (s != NULL) sk_win_groups(m, s, m->size - 1);
}

/* One epoch of the plan `timed` with the arguments kept by init. */
static double pscw_measure(sk_mctx *m, enum sk_pscw_timed timed)
{
  sk_win_state *s = sk_win_of(m);
  sk_pscw_plan p;
  sk_pscw_plan_init(&p, timed, s->args.assertion, s->args.doput != 0);
  p.msg_cnt = s->args.msg_cnt;
  return sk_pscw_run(m, &p);
}

/* MPI_Win_start(count, dt, info, assert): the MPI_Win_start call of the origin. */
static void init_MPI_Win_start(sk_mctx *m, const sk_value *args) { init_pscw(m, args, "MPI_Win_start", "ctna", 0); }

static double measure_MPI_Win_start(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return pscw_measure(m, PSCW_START);
}

/* MPI_Win_start_delayed_post(count, dt, info, assert, delay_us, delay_rank): as
** MPI_Win_start, but target delay_rank waits delay_us before posting; shows whether
** MPI_Win_start waits for the posts. */
static void init_MPI_Win_start_delayed_post(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_start_delayed_post", "ctnadr", 0);
}

static double measure_MPI_Win_start_delayed_post(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  sk_pscw_plan p;
  (void)args;
  sk_pscw_plan_init(&p, PSCW_START, s->args.assertion, 0);
  p.post_delay = (double)s->args.delay_us;
  p.post_delay_rank = (int)s->args.delay_rank;
  return sk_pscw_run(m, &p);
}

/* MPI_Win_post(count, dt, info, assert): the MPI_Win_post call of the targets. */
static void init_MPI_Win_post(sk_mctx *m, const sk_value *args) { init_pscw(m, args, "MPI_Win_post", "ctna", 0); }

static double measure_MPI_Win_post(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return pscw_measure(m, PSCW_POST);
}

/* MPI_Win_complete(count, dt, info, assert, doput): the MPI_Win_complete of the origin. */
static void init_MPI_Win_complete(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_complete", "ctnap", 0);
}

static double measure_MPI_Win_complete(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return pscw_measure(m, PSCW_COMPLETE);
}

/* MPI_Win_startcomplete(count, dt, info, assert, doput): the origin's whole access
** epoch, MPI_Win_start to MPI_Win_complete. */
static void init_MPI_Win_startcomplete(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_startcomplete", "ctnap", 0);
}

static double measure_MPI_Win_startcomplete(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return pscw_measure(m, PSCW_STARTCOMPLETE);
}

/* MPI_Win_complete_n(count, dt, info, assert, msg_cnt, delay_us): the origin puts
** msg_cnt messages to every target, waits delay_us, and its MPI_Win_complete is timed. */
static void init_MPI_Win_complete_n(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_complete_n", "ctnamd", 1);
}

static double measure_MPI_Win_complete_n(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  sk_pscw_plan p;
  (void)args;
  sk_pscw_plan_init(&p, PSCW_COMPLETE, s->args.assertion, 1);
  p.msg_cnt = s->args.msg_cnt;
  p.complete_delay = (double)s->args.delay_us;
  return sk_pscw_run(m, &p);
}

/* MPI_Win_complete_delayed_wait(count, dt, info, assert, doput, delay_us): the targets
** wait delay_us before MPI_Win_wait; the origin's MPI_Win_complete is timed (does it
** wait for them?). */
static void init_MPI_Win_complete_delayed_wait(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_complete_delayed_wait", "ctnapd", 0);
}

static double measure_MPI_Win_complete_delayed_wait(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  sk_pscw_plan p;
  (void)args;
  sk_pscw_plan_init(&p, PSCW_COMPLETE, s->args.assertion, s->args.doput != 0);
  p.wait_delay = (double)s->args.delay_us;
  return sk_pscw_run(m, &p);
}

/* MPI_Win_wait_early_complete(..., doput, delay_us): the origin completes at once, the
** targets wait delay_us and then time their MPI_Win_wait (the epoch is over by then). */
static void init_MPI_Win_wait_early_complete(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_wait_early_complete", "ctnapd", 0);
}

static double measure_MPI_Win_wait_early_complete(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  sk_pscw_plan p;
  (void)args;
  sk_pscw_plan_init(&p, PSCW_WAIT, s->args.assertion, s->args.doput != 0);
  p.wait_delay = (double)s->args.delay_us;
  return sk_pscw_run(m, &p);
}

/* MPI_Win_wait_delayed_complete(..., doput, delay_us): the origin waits delay_us before
** MPI_Win_complete; the targets' MPI_Win_wait is timed. */
static void init_MPI_Win_wait_delayed_complete(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_wait_delayed_complete", "ctnapd", 0);
}

static double measure_MPI_Win_wait_delayed_complete(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  sk_pscw_plan p;
  (void)args;
  sk_pscw_plan_init(&p, PSCW_WAIT, s->args.assertion, s->args.doput != 0);
  p.complete_delay = (double)s->args.delay_us;
  return sk_pscw_run(m, &p);
}

/* MPI_Win_test(count, dt, info, assert, doput): the targets end their exposure epoch by
** calling MPI_Win_test until it succeeds; that loop is timed. */
static void init_MPI_Win_test(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_test", "ctnap", 0);
}

static double measure_MPI_Win_test(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return pscw_measure(m, PSCW_TEST_LOOP);
}

/* MPI_Win_test_delayed(..., doput, delay_us): the origin waits delay_us before
** MPI_Win_complete; the targets time ONE MPI_Win_test made while the epoch is still
** open (it normally fails) and then finish with MPI_Win_wait. */
static void init_MPI_Win_test_delayed(sk_mctx *m, const sk_value *args)
{
  init_pscw(m, args, "MPI_Win_test_delayed", "ctnapd", 0);
}

static double measure_MPI_Win_test_delayed(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  sk_pscw_plan p;
  (void)args;
  sk_pscw_plan_init(&p, PSCW_TEST_ONCE, s->args.assertion, s->args.doput != 0);
  p.complete_delay = (double)s->args.delay_us;
  return sk_pscw_run(m, &p);
}

/* ---- window creation and destruction ---- */

/* MPI_Win_create(count, dt, info): the creation of a window of count elements (freed
** after the timing); init only allocates the memory. */
static void init_MPI_Win_create(sk_mctx *m, const sk_value *args)
{
  sk_win_args a;
  sk_win_args_read(&a, args, "ctn");
  sk_win_setup(m, "MPI_Win_create", &a, a.count, a.dt, 1, 0);
  m->send_usage = m->recv_usage = 0;
}

static double measure_MPI_Win_create(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  MPI_Win win;
  double start, end;
  (void)args;
  start = sk_sync_start(m);
  MPI_Win_create(s->memory, s->memory_size, 1, sk_win_info(&s->args), sk_mpi_comm(m), &win);
  end = sk_sync_stop(m);
  MPI_Win_free(&win);
  return end - start;
}

/* MPI_Win_free(count, dt, info, doput): a window is created and, with doput, used for
** one fence epoch in which rank 0 puts to rank 1 (all untimed); MPI_Win_free is timed. */
static void init_MPI_Win_free(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s;
  sk_win_args a;
  sk_win_args_read(&a, args, "ctnp");
  s = sk_win_setup(m, "MPI_Win_free", &a, a.count, a.dt, 1, 0);
  if (s == NULL) return;
  m->send_usage = s->block;
  m->recv_usage = 0;
}

static double measure_MPI_Win_free(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start;
  (void)args;
  MPI_Win_create(s->memory, s->memory_size, 1, sk_win_info(&s->args), sk_mpi_comm(m), &s->win);
  if (s->args.doput) {
    MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
    if (m->rank == 0) sk_win_put_block(m, s, 1, 0);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  }
  start = sk_sync_start(m);
  MPI_Win_free(&s->win);
  s->win = MPI_WIN_NULL;
  return sk_sync_stop(m) - start;
}

/* ---- passive target: locks ---- */

/* The lock functions: args (count, dt, info, assert, lock_type, dest, ...) as given by
** `layout`; only rank 0 locks the window of dest. */
static void init_lock(sk_mctx *m, const sk_value *args, const char *fn, const char *layout)
{
  sk_win_args a;
  sk_win_args_read(&a, args, layout);
  if (strchr(layout, 'd') != NULL) sk_mpi_check_count(m, fn, "delay_us", a.delay_us);
  sk_win_check_assert(m, fn, a.assertion, MPI_MODE_NOCHECK);
  sk_win_check_lock_type(m, fn, a.lock_type);
  sk_mpi_check_rank(m, fn, "dest", a.dest);
  sk_win_simple(m, &a, fn, 1);
}

/* MPI_Win_lock(count, dt, info, assert, lock_type, dest): rank 0's MPI_Win_lock call
** (many libraries acquire the lock lazily, then the cost shows in MPI_Win_unlock). */
static void init_MPI_Win_lock(sk_mctx *m, const sk_value *args) { init_lock(m, args, "MPI_Win_lock", "ctnalx"); }

static double lock_timed(sk_mctx *m, double target_delay)
{
  sk_win_state *s = sk_win_of(m);
  int dest = (int)s->args.dest;
  double start, result = -1.0;
  sk_sync_start(m);
  if (m->rank == 0) {
    start = MPI_Wtime();
    MPI_Win_lock(sk_win_lock_type_of(s->args.lock_type), dest, (int)s->args.assertion, s->win);
    result = MPI_Wtime() - start;
    MPI_Win_unlock(dest, s->win);
  } else if (m->rank == dest) {
    sk_mpi_busy_wait(target_delay);
  }
  sk_sync_stop(m);
  return result;
}

static double measure_MPI_Win_lock(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return lock_timed(m, 0.0);
}

/* MPI_Win_lock_desync(count, dt, info, assert, lock_type, dest, delay_us): as
** MPI_Win_lock, but the target dest is "desynchronised": it spends delay_us in a busy
** loop without MPI calls while rank 0 locks its window (does the lock need the target?). */
static void init_MPI_Win_lock_desync(sk_mctx *m, const sk_value *args)
{
  init_lock(m, args, "MPI_Win_lock_desync", "ctnalxd");
}

static double measure_MPI_Win_lock_desync(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return lock_timed(m, (double)sk_win_of(m)->args.delay_us);
}

/* MPI_Win_unlock(count, dt, info, assert, lock_type, dest, doput, delay_us): rank 0
** locks dest, puts one message if doput, waits delay_us, and its MPI_Win_unlock is
** timed. */
static void init_MPI_Win_unlock(sk_mctx *m, const sk_value *args)
{
  init_lock(m, args, "MPI_Win_unlock", "ctnalxpd");
}

static double measure_MPI_Win_unlock(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  int dest = (int)s->args.dest;
  double start, result = -1.0;
  (void)args;
  sk_sync_start(m);
  if (m->rank == 0) {
    MPI_Win_lock(sk_win_lock_type_of(s->args.lock_type), dest, (int)s->args.assertion, s->win);
    if (s->args.doput) sk_win_put_block(m, s, dest, 0);
    sk_mpi_busy_wait((double)s->args.delay_us);
    start = MPI_Wtime();
    MPI_Win_unlock(dest, s->win);
    result = MPI_Wtime() - start;
  }
  sk_sync_stop(m);
  return result;
}

#endif /* SKAMPI_MPI && SK_MPI_LEVEL >= 2 */

static const sk_measurement mpi_win_sync_table[] = {
  SK_WIN_ROW(MPI_Win_fence_open, "itni", SK_NAMES_CDI " assertion", 1),
  SK_WIN_ROW(MPI_Win_fence_close, "itnii", SK_NAMES_CDI " assertion do_a_put", 2),
  SK_WIN_ROW(MPI_Win_fence_close_collective, "itnii", SK_NAMES_CDI " assertion do_a_put", 2),
  SK_WIN_ROW(MPI_Win_fence_close_delayed, "itnii", SK_NAMES_CDI " msg_count delay_us", 2),
  SK_WIN_ROW(MPI_Win_fence_openclose, "itni", SK_NAMES_CDI " do_a_put", 2),
  SK_WIN_ROW(MPI_Win_start, "itni", SK_NAMES_CDI " assertion", 2),
  SK_WIN_ROW(MPI_Win_start_delayed_post, "itniii", SK_NAMES_CDI " assertion delay_us delay_rank", 2),
  SK_WIN_ROW(MPI_Win_post, "itni", SK_NAMES_CDI " assertion", 2),
  SK_WIN_ROW(MPI_Win_complete, "itnii", SK_NAMES_CDI " assertion do_a_put", 2),
  SK_WIN_ROW(MPI_Win_startcomplete, "itnii", SK_NAMES_CDI " assertion do_a_put", 2),
  SK_WIN_ROW(MPI_Win_complete_n, "itniii", SK_NAMES_CDI " assertion msg_count delay_us", 2),
  SK_WIN_ROW(MPI_Win_complete_delayed_wait, "itniii", SK_NAMES_CDI " assertion do_a_put delay_us", 2),
  SK_WIN_ROW(MPI_Win_wait_early_complete, "itniii", SK_NAMES_CDI " assertion do_a_put delay_us", 2),
  SK_WIN_ROW(MPI_Win_wait_delayed_complete, "itniii", SK_NAMES_CDI " assertion do_a_put delay_us", 2),
  SK_WIN_ROW(MPI_Win_test, "itnii", SK_NAMES_CDI " assertion do_a_put", 2),
  SK_WIN_ROW(MPI_Win_test_delayed, "itniii", SK_NAMES_CDI " assertion do_a_put delay_us", 2),
  SK_WIN_ROW(MPI_Win_create, "itn", SK_NAMES_CDI, 1),
  SK_WIN_ROW(MPI_Win_free, "itni", SK_NAMES_CDI " do_a_put", 2),
  SK_WIN_ROW(MPI_Win_lock, "itniii", SK_NAMES_CDI " assertion lock_type dest_rank", 1),
  SK_WIN_ROW(MPI_Win_lock_desync, "itniiii", SK_NAMES_CDI " assertion lock_type dest_rank delay_us", 1),
  SK_WIN_ROW(MPI_Win_unlock, "itniiiii", SK_NAMES_CDI " assertion lock_type dest_rank do_a_put delay_us", 1),
  SK_MEASUREMENT_ALIAS(Win_fence_open, MPI_Win_fence_open),
  SK_MEASUREMENT_ALIAS(Win_fence_close, MPI_Win_fence_close),
  SK_MEASUREMENT_ALIAS(Win_fence_close_collective, MPI_Win_fence_close_collective),
  SK_MEASUREMENT_ALIAS(Win_fence_close_delayed, MPI_Win_fence_close_delayed),
  SK_MEASUREMENT_ALIAS(Win_fence_openclose, MPI_Win_fence_openclose),
  SK_MEASUREMENT_ALIAS(Win_start, MPI_Win_start),
  SK_MEASUREMENT_ALIAS(Win_start_delayed_post, MPI_Win_start_delayed_post),
  SK_MEASUREMENT_ALIAS(Win_post, MPI_Win_post),
  SK_MEASUREMENT_ALIAS(Win_complete, MPI_Win_complete),
  SK_MEASUREMENT_ALIAS(Win_startcomplete, MPI_Win_startcomplete),
  SK_MEASUREMENT_ALIAS(Win_complete_n, MPI_Win_complete_n),
  SK_MEASUREMENT_ALIAS(Win_complete_delayed_wait, MPI_Win_complete_delayed_wait),
  SK_MEASUREMENT_ALIAS(Win_wait_early_complete, MPI_Win_wait_early_complete),
  SK_MEASUREMENT_ALIAS(Win_wait_delayed_complete, MPI_Win_wait_delayed_complete),
  SK_MEASUREMENT_ALIAS(Win_test, MPI_Win_test),
  SK_MEASUREMENT_ALIAS(Win_test_delayed, MPI_Win_test_delayed),
  SK_MEASUREMENT_ALIAS(Win_create, MPI_Win_create),
  SK_MEASUREMENT_ALIAS(Win_free, MPI_Win_free),
  SK_MEASUREMENT_ALIAS(Win_lock, MPI_Win_lock),
  SK_MEASUREMENT_ALIAS(Win_lock_desync, MPI_Win_lock_desync),
  SK_MEASUREMENT_ALIAS(Win_unlock, MPI_Win_unlock),
  SK_MEASUREMENT_END
};

SK_API const sk_measurement *sk_meas_table_mpi_win_sync(void) { return mpi_win_sync_table; }

/* Verification (verify.h): the window contents after the epochs that move data (the
** puts of rank 0 with do_a_put, the neighbour puts of the collective fence); the rows
** that only synchronise have nothing to verify. */
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
/* Rank 0 put its block into every slot (msg_cnt of them, or 1) of rank 1's window. */
static long doput_0_at_1(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)slot;
  (void)offset;
  return s->args.doput && m->rank == 1 ? 0 : -1;
}

/* The PSCW origin rank 0 put its block into every slot of every target. */
static long from_0_at_targets(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)slot;
  (void)offset;
  return s->args.doput && m->rank >= 1 && m->rank <= s->n_targets ? 0 : -1;
}

/* Every process put its block to its right neighbour. */
static long from_left(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)slot;
  (void)offset;
  return s->args.doput ? sk_mpi_ring_left(m) : -1;
}

/* MPI_Win_unlock: rank 0 put into slot 0 of dest (possibly itself). */
static long from_0_at_dest(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)slot;
  (void)offset;
  return s->args.doput && m->rank == s->args.dest ? 0 : -1;
}

static void check_doput_0_at_1(sk_mctx *m, const sk_value *args) { (void)args; sk_win_check_window(m, doput_0_at_1); }
static void check_from_0_at_targets(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window(m, from_0_at_targets);
}
static void check_from_left(sk_mctx *m, const sk_value *args) { (void)args; sk_win_check_window(m, from_left); }
static void check_from_0_at_dest(sk_mctx *m, const sk_value *args)
{
  (void)args;
  sk_win_check_window_passive(m, from_0_at_dest);
}
#endif

#define WIN_SYNC_ONLY "window synchronisation only, no data moves"
#define WIN_PUT(NAME, CHECK) { #NAME, SK_IF_MPI2(sk_win_prepare_put), SK_IF_MPI2(CHECK), NULL }
static const sk_verifier mpi_win_verify_table[] = {
  SK_VERIFY_NOTHING(MPI_Win_fence_open, WIN_SYNC_ONLY),
  WIN_PUT(MPI_Win_fence_close, check_doput_0_at_1),
  WIN_PUT(MPI_Win_fence_close_collective, check_from_left),
  WIN_PUT(MPI_Win_fence_close_delayed, check_doput_0_at_1),
  WIN_PUT(MPI_Win_fence_openclose, check_doput_0_at_1),
  SK_VERIFY_NOTHING(MPI_Win_start, WIN_SYNC_ONLY),
  SK_VERIFY_NOTHING(MPI_Win_start_delayed_post, WIN_SYNC_ONLY),
  SK_VERIFY_NOTHING(MPI_Win_post, WIN_SYNC_ONLY),
  WIN_PUT(MPI_Win_complete, check_from_0_at_targets),
  WIN_PUT(MPI_Win_startcomplete, check_from_0_at_targets),
  WIN_PUT(MPI_Win_complete_n, check_from_0_at_targets),
  WIN_PUT(MPI_Win_complete_delayed_wait, check_from_0_at_targets),
  WIN_PUT(MPI_Win_wait_early_complete, check_from_0_at_targets),
  WIN_PUT(MPI_Win_wait_delayed_complete, check_from_0_at_targets),
  WIN_PUT(MPI_Win_test, check_from_0_at_targets),
  WIN_PUT(MPI_Win_test_delayed, check_from_0_at_targets),
  SK_VERIFY_NOTHING(MPI_Win_create, "creates a window, no data moves"),
  WIN_PUT(MPI_Win_free, check_doput_0_at_1),
  SK_VERIFY_NOTHING(MPI_Win_lock, WIN_SYNC_ONLY),
  SK_VERIFY_NOTHING(MPI_Win_lock_desync, WIN_SYNC_ONLY),
  WIN_PUT(MPI_Win_unlock, check_from_0_at_dest),
  SK_VERIFY_END
};

SK_API const sk_verifier *sk_verify_table_mpi_win(void) { return mpi_win_verify_table; }
/* --- end split/meas_mpi_win_sync.c --- */
/* --- begin split/meas_mpi_win_transfer.c --- */
#line 1 "split/meas_mpi_win_transfer.c"
/*
** meas_mpi_win_transfer.c -- one-sided communication, the transfers (SKaMPI 5 manual
** §3.3): the MPI_Put, MPI_Get and MPI_Accumulate families (pairwise, concurrent,
** passive target with active waiting of the target, derived datatypes, many-to-many
** patterns) and the collective operations made of them (onesided_bcast,
** onesided_alltoall, onesided_reduce, onesided_allreduce, onesided_borderexchange).
** The window state, its setup and the synchronisation helpers come from
** meas_mpi_win_sync.c (meas_mpi.h), whose rules hold here too; in addition:
** - Functions without <dt> (the activewait, Datatype_* and borderexchange families)
**   move MPI_INTs.
** - <doput>: non-zero means that the origin puts one message to every target inside the
**   epoch; <msg_cnt> messages go to consecutive slots of the target window.
** - <compute>: microseconds in a busy loop without MPI calls (sk_mpi_busy_wait).
** The functions need MPI-2 (SK_MPI_LEVEL >= 2); the rows exist in every build.
** The module's verifier table (verify.h) says what each transfer leaves in the windows
** and buffers: the source of each slot, the recomputed accumulate result.
*/
#line 19 "split/meas_mpi_win_transfer.c"
#line 20 "split/meas_mpi_win_transfer.c"

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2

#define NOTICE_TAG 3
#define ACTIVEWAIT_GIVE_UP 60.0   /* seconds */

/* One transfer of rank `m->rank`'s block: a get into local slot 0 or a put. */
static void transfer_block(const sk_mctx *m, const sk_win_state *s, int target, int use_get)
{
  if (use_get) sk_win_get_block(m, s, target, 0, 0);
  else sk_win_put_block(m, s, target, 0);
}

/* ---- pairwise: (count, dt, info), a window of one block ---- */

#define PAIRWISE_INIT(NAME) \
  static void init_##NAME(sk_mctx *m, const sk_value *args) \
  { sk_win_args a; sk_win_args_read(&a, args, "ctn"); sk_win_simple(m, &a, #NAME, 1); }

PAIRWISE_INIT(MPI_Put_Pingpong)
PAIRWISE_INIT(MPI_Put_fence_bidirectional)
PAIRWISE_INIT(MPI_Put_callduration)
PAIRWISE_INIT(MPI_Put_passive)
PAIRWISE_INIT(MPI_Put_fence)
PAIRWISE_INIT(MPI_Get_Pingpong)
PAIRWISE_INIT(MPI_Get_callduration)
PAIRWISE_INIT(MPI_Get_passive)
PAIRWISE_INIT(MPI_Get_fence)

/* MPI_Put_Pingpong / MPI_Get_Pingpong: rank 0 transfers to (from) rank 1, fence, rank 1
** to (from) rank 0, fence: a round trip made of two fence epochs. */
static double pingpong_fenced(sk_mctx *m, int use_get)
{
  sk_win_state *s = sk_win_of(m);
  double start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0) transfer_block(m, s, 1, use_get);
  MPI_Win_fence(0, s->win);
  if (m->rank == 1) transfer_block(m, s, 0, use_get);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

static double measure_MPI_Put_Pingpong(sk_mctx *m, const sk_value *args) { (void)args; return pingpong_fenced(m, 0); }
static double measure_MPI_Get_Pingpong(sk_mctx *m, const sk_value *args) { (void)args; return pingpong_fenced(m, 1); }

/* Pingpong_Put_Put(count, dt, info, iterations), the original SKaMPI's form of
** MPI_Put_Pingpong: `iterations` fenced round trips (rank 0 puts to rank 1, fence, rank 1
** puts to rank 0, fence) in one timing, divided by iterations; -1 for iterations < 0,
** 0 for none. */
static void init_Pingpong_Put_Put(sk_mctx *m, const sk_value *args)
{
  sk_win_args a;
  sk_win_args_read(&a, args, "ctni");
  sk_win_simple(m, &a, "Pingpong_Put_Put", 1);
}

static double measure_Pingpong_Put_Put(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  long i, n = s->args.iterations;
  double start;
  (void)args;
  if (n < 0) return -1.0;
  if (n == 0) return 0.0;
  start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  for (i = 0; i < n; i++) {
    if (m->rank == 0) sk_win_put_block(m, s, 1, 0);
    MPI_Win_fence(0, s->win);
    if (m->rank == 1) sk_win_put_block(m, s, 0, 0);
    MPI_Win_fence(i == n - 1 ? MPI_MODE_NOSUCCEED : 0, s->win);
  }
  return (sk_sync_stop(m) - start) / (double)n;
}

/* onesided_dummy(count, dt, info): the synchronisation bracket of the one-sided
** functions around nothing, with their window; the overhead, on rank 0 alone. */
PAIRWISE_INIT(onesided_dummy)

static double measure_onesided_dummy(sk_mctx *m, const sk_value *args)
{
  double start, stop;
  (void)args;
  start = sk_sync_start(m);
  stop = sk_sync_stop(m);
  return m->rank == 0 ? stop - start : -1.0;
}

/* MPI_Put_fence_bidirectional: ranks 0 and 1 put to each other in one fence epoch. */
static double measure_MPI_Put_fence_bidirectional(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start = sk_sync_start(m);
  (void)args;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank < 2) sk_win_put_block(m, s, 1 - m->rank, 0);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* MPI_Put_fence / MPI_Get_fence: one fence epoch with a transfer of rank 0. */
static double transfer_fenced(sk_mctx *m, int use_get)
{
  sk_win_state *s = sk_win_of(m);
  double start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0) transfer_block(m, s, 1, use_get);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

static double measure_MPI_Put_fence(sk_mctx *m, const sk_value *args) { (void)args; return transfer_fenced(m, 0); }

#ifdef SKAMPI_TESTING
/* Test only: Verify_Corrupt_Win_Test(count) is MPI_Put_fence of count MPI_INTs, after
** which rank 1 damages the middle byte of its window, so that skampi -v must catch it
** (tests/mpi_catalogue). */
static void init_Verify_Corrupt_Win_Test(sk_mctx *m, const sk_value *args)
{
  sk_win_args a;
  sk_win_args_read(&a, args, "c");
  sk_win_simple(m, &a, "Verify_Corrupt_Win_Test", 1);
}

static double measure_Verify_Corrupt_Win_Test(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double t = transfer_fenced(m, 0);
  (void)args;
  if (m->rank == 1 && s->block > 0) s->memory[s->block / 2] ^= 0x10;
  return t;
}
#endif
static double measure_MPI_Get_fence(sk_mctx *m, const sk_value *args) { (void)args; return transfer_fenced(m, 1); }

/* MPI_Put_callduration / MPI_Get_callduration: the duration of the MPI_Put (MPI_Get)
** call of rank 0 inside a fence epoch. */
static double transfer_call(sk_mctx *m, int use_get)
{
  sk_win_state *s = sk_win_of(m);
  double start, result = -1.0;
  sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0) {
    start = MPI_Wtime();
    transfer_block(m, s, 1, use_get);
    result = MPI_Wtime() - start;
  }
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  sk_sync_stop(m);
  return result;
}

static double measure_MPI_Put_callduration(sk_mctx *m, const sk_value *args) { (void)args; return transfer_call(m, 0); }
static double measure_MPI_Get_callduration(sk_mctx *m, const sk_value *args) { (void)args; return transfer_call(m, 1); }

/* MPI_Put_passive / MPI_Get_passive: rank 0 locks rank 1's window (exclusive for the
** put, shared for the get), transfers, unlocks; timed on rank 0. */
static double transfer_passive(sk_mctx *m, int use_get)
{
  sk_win_state *s = sk_win_of(m);
  double start, result = -1.0;
  sk_sync_start(m);
  if (m->rank == 0) {
    start = MPI_Wtime();
    MPI_Win_lock(use_get ? MPI_LOCK_SHARED : MPI_LOCK_EXCLUSIVE, 1, 0, s->win);
    transfer_block(m, s, 1, use_get);
    MPI_Win_unlock(1, s->win);
    result = MPI_Wtime() - start;
  }
  sk_sync_stop(m);
  return result;
}

static double measure_MPI_Put_passive(sk_mctx *m, const sk_value *args) { (void)args; return transfer_passive(m, 0); }
static double measure_MPI_Get_passive(sk_mctx *m, const sk_value *args) { (void)args; return transfer_passive(m, 1); }

/* The "dedicated" functions: a PSCW epoch between rank 0 (origin) and rank 1 (target)
** only, timed whole on both: MPI_Put_dedicated(count, dt, info),
** MPI_Get_dedicated(count, dt, info), Combining_dedicated(count, dt, info, msg_cnt). */
static void init_dedicated(sk_mctx *m, const sk_value *args, const char *fn, const char *layout)
{
  sk_win_state *s;
  sk_win_args a;
  sk_win_args_read(&a, args, layout);
  if (strchr(layout, 'm') == NULL) a.msg_cnt = 1;
  s = sk_win_simple(m, &a, fn, a.msg_cnt);
  if (s == NULL) return;
  m->recv_usage = s->block * (size_t)a.msg_cnt;
  sk_win_groups(m, s, 1);
}

static void init_MPI_Put_dedicated(sk_mctx *m, const sk_value *args) { init_dedicated(m, args, "MPI_Put_dedicated", "ctn"); }
static void init_MPI_Get_dedicated(sk_mctx *m, const sk_value *args) { init_dedicated(m, args, "MPI_Get_dedicated", "ctn"); }
static void init_Combining_dedicated(sk_mctx *m, const sk_value *args)
{
  init_dedicated(m, args, "Combining_dedicated", "ctnm");
}

static double dedicated(sk_mctx *m, enum sk_pscw_op op)
{
  sk_pscw_plan p;
  sk_pscw_plan_init(&p, PSCW_WHOLE, 0, 0);
  p.op = op;
  p.msg_cnt = sk_win_of(m)->args.msg_cnt;
  return sk_pscw_run(m, &p);
}

static double measure_MPI_Put_dedicated(sk_mctx *m, const sk_value *args) { (void)args; return dedicated(m, PSCW_PUT); }
static double measure_MPI_Get_dedicated(sk_mctx *m, const sk_value *args) { (void)args; return dedicated(m, PSCW_GET); }
static double measure_Combining_dedicated(sk_mctx *m, const sk_value *args) { (void)args; return dedicated(m, PSCW_PUT); }

/* MPI_Put_passive_concurrent(count, dt, info, lock_type): every rank but 0 locks rank
** 0's window with lock_type, puts into its own slot, unlocks; each times its epoch. */
static void init_MPI_Put_passive_concurrent(sk_mctx *m, const sk_value *args)
{
  sk_win_args a;
  sk_win_args_read(&a, args, "ctnl");
  sk_win_check_lock_type(m, "MPI_Put_passive_concurrent", a.lock_type);
  sk_win_simple(m, &a, "MPI_Put_passive_concurrent", m->size);
}

static double measure_MPI_Put_passive_concurrent(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start, result = -1.0;
  (void)args;
  sk_sync_start(m);
  if (m->rank != 0) {
    start = MPI_Wtime();
    MPI_Win_lock(sk_win_lock_type_of(s->args.lock_type), 0, 0, s->win);
    sk_win_put_block(m, s, 0, m->rank);
    MPI_Win_unlock(0, s->win);
    result = MPI_Wtime() - start;
  }
  sk_sync_stop(m);
  return result;
}

/* ---- accumulate ---- */

/* MPI_Accumulate(count, dt, info, op): one fence epoch in which rank 0 accumulates into
** rank 1's window. */
static void init_MPI_Accumulate(sk_mctx *m, const sk_value *args)
{
  sk_win_args a;
  sk_win_args_read(&a, args, "ctno");
  sk_mpi_check_op(m, "MPI_Accumulate", a.op, a.dt, 1);
  sk_win_simple(m, &a, "MPI_Accumulate", 1);
}

static double measure_MPI_Accumulate(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start = sk_sync_start(m);
  (void)args;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0) sk_win_accumulate_block(m, s, 1, 0, s->args.op->mpi);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* MPI_Accumulate_concurrent(count, dt, info, op, disjoint) and
** MPI_Accumulate_concurrent_multi(count, dt, info, msg_cnt, op, disjoint): in one fence
** epoch every rank but 0 accumulates msg_cnt messages into rank 0's window -- all into
** the same msg_cnt slots, or, if disjoint, each into slots of its own. */
static void init_accumulate_concurrent(sk_mctx *m, const sk_value *args, const char *fn, const char *layout)
{
  sk_win_args a;
  sk_win_args_read(&a, args, layout);
  if (strchr(layout, 'm') == NULL) a.msg_cnt = 1;
  sk_mpi_check_count(m, fn, "msg_cnt", a.msg_cnt);
  if (!m->failed && a.msg_cnt > INT_MAX / m->size) sk_meas_fail(m, "accumulate: msg_cnt is too large");
  sk_mpi_check_op(m, fn, a.op, a.dt, 1);
  sk_win_simple(m, &a, fn, a.msg_cnt * m->size);
}

static double accumulate_concurrent(sk_mctx *m)
{
  sk_win_state *s = sk_win_of(m);
  long k, msg_cnt = s->args.msg_cnt;
  double start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank != 0)
    for (k = 0; k < msg_cnt; k++)
      sk_win_accumulate_block(m, s, 0, s->args.disjoint ? m->rank * msg_cnt + k : k, s->args.op->mpi);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

static void init_MPI_Accumulate_concurrent(sk_mctx *m, const sk_value *args)
{
  init_accumulate_concurrent(m, args, "MPI_Accumulate_concurrent", "ctnoj");
}

static double measure_MPI_Accumulate_concurrent(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return accumulate_concurrent(m);
}

static void init_MPI_Accumulate_concurrent_multi(sk_mctx *m, const sk_value *args)
{
  init_accumulate_concurrent(m, args, "MPI_Accumulate_concurrent_multi", "ctnmoj");
}

static double measure_MPI_Accumulate_concurrent_multi(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return accumulate_concurrent(m);
}

/* ---- caching and combining ---- */

/* Caching(count, dt, info, delay_us): rank 0 reads the same data of rank 1 twice with
** passive target (shared lock, MPI_Get, unlock), delay_us apart; the second access is
** timed -- cheaper than the first if the library caches the remote window. */
static void init_Caching(sk_mctx *m, const sk_value *args)
{
  sk_win_args a;
  sk_win_args_read(&a, args, "ctnd");
  sk_mpi_check_count(m, "Caching", "delay_us", a.delay_us);
  sk_win_simple(m, &a, "Caching", 1);
}

static double measure_Caching(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  double start, result = -1.0;
  (void)args;
  sk_sync_start(m);
  if (m->rank == 0) {
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, s->win);
    sk_win_get_block(m, s, 1, 0, 0);
    MPI_Win_unlock(1, s->win);
    sk_mpi_busy_wait((double)s->args.delay_us);
    start = MPI_Wtime();
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, s->win);
    sk_win_get_block(m, s, 1, 0, 0);
    MPI_Win_unlock(1, s->win);
    result = MPI_Wtime() - start;
  }
  sk_sync_stop(m);
  return result;
}

/* Combining_fence(count, dt, info, msg_cnt): in one fence epoch rank 0 puts msg_cnt
** messages of count elements to consecutive slots of rank 1 (does the library combine
** them?). Compare with MPI_Put_fence of msg_cnt*count elements. */
static void init_Combining_fence(sk_mctx *m, const sk_value *args)
{
  sk_win_args a;
  sk_win_args_read(&a, args, "ctnm");
  sk_win_simple(m, &a, "Combining_fence", a.msg_cnt);
}

static double measure_Combining_fence(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  long k;
  double start = sk_sync_start(m);
  (void)args;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0)
    for (k = 0; k < s->args.msg_cnt; k++) sk_win_put_block(m, s, 1, k);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* ---- passive target with active waiting of the target (MPI_INT messages) ---- */

/* The init of the activewait family: args (count, info[, delay_us]). */
static void init_activewait(sk_mctx *m, const sk_value *args, const char *fn, const char *layout, long min_count)
{
  sk_win_state *s;
  sk_win_args a;
  char msg[200];
  sk_win_args_read(&a, args, layout);
  if (strchr(layout, 'd') != NULL) sk_mpi_check_count(m, fn, "delay_us", a.delay_us);
  if (!m->failed && a.count < min_count) {
    sprintf(msg, "%.60s: count %ld must be at least %ld", fn, a.count, min_count);
    sk_meas_fail(m, msg);
  }
  s = sk_win_setup(m, fn, &a, a.count, a.dt, 1, 1);
  if (s == NULL) return;
  m->send_usage = s->block;
  m->recv_usage = s->block;
}

/* MPI_Put_activewait_get(count, info), as the original SKaMPI's Put_activewait_get: rank 0
** puts count ints into rank 1's window with passive target (exclusive lock, put,
** unlock); the last int carries the number of the measurement. Then rank 0 waits
** actively for its own data by reading that int back from rank 1's window (shared lock,
** MPI_Get, unlock) until the number shows. Timed on rank 0 alone; rank 1 only takes part
** in the start and stop synchronisation. Rank 1 never locks its own window, so nothing
** competes with the origin's exclusive lock. (Gives up after 60 s and fails the
** measurement with a message rather than hanging if the data never shows.) */
static void init_MPI_Put_activewait_get(sk_mctx *m, const sk_value *args)
{
  /* the window starts zeroed and the measurement numbers start at 1 */
  init_activewait(m, args, "MPI_Put_activewait_get", "cn", 1);
}

static double measure_MPI_Put_activewait_get(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  int seen = -1, last = s->count - 1;
  double start, result = -1.0;
  (void)args;
  s->stamp++;
  if (m->rank == 0) ((int *)m->send_buf)[last] = s->stamp;
  start = sk_sync_start(m);
  if (m->rank == 0) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, s->win);
    sk_win_put_block(m, s, 1, 0);
    MPI_Win_unlock(1, s->win);
    for (;;) {
      MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, s->win);
      MPI_Get(&seen, 1, MPI_INT, 1, (MPI_Aint)(sizeof(int) * (size_t)last), 1, MPI_INT, s->win);
      MPI_Win_unlock(1, s->win);
      if (seen == s->stamp) { result = MPI_Wtime() - start; break; }
      if (MPI_Wtime() - start > ACTIVEWAIT_GIVE_UP) {
        sk_meas_fail(m, "MPI_Put_activewait_get: the data put into rank 1's window did not show within 60 s");
        break;
      }
    }
  }
  sk_sync_stop(m);
  return result;
}

/* The activewait functions with a two-sided notice: rank 0 does its passive-target
** epoch on rank 1 (put with an exclusive lock, accumulate MPI_SUM, or get with a shared
** lock) and then sends an empty notice; rank 1 first spends delay_us without MPI calls
** (the _sleep variants), then waits for the notice -- with MPI_Recv, or (the Get
** variants) actively with an MPI_Iprobe loop. Both time their part. */
enum activewait_op { AW_PUT, AW_ACCUMULATE, AW_GET };

static double activewait_notice(sk_mctx *m, enum activewait_op op, int probe)
{
  sk_win_state *s = sk_win_of(m);
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  int flag = 0;
  double start, result = -1.0;
  start = sk_sync_start(m);
  if (m->rank == 0) {
    MPI_Win_lock(op == AW_GET ? MPI_LOCK_SHARED : MPI_LOCK_EXCLUSIVE, 1, 0, s->win);
    if (op == AW_PUT) sk_win_put_block(m, s, 1, 0);
    else if (op == AW_ACCUMULATE) sk_win_accumulate_block(m, s, 1, 0, MPI_SUM);
    else sk_win_get_block(m, s, 1, 0, 0);
    MPI_Win_unlock(1, s->win);
    result = MPI_Wtime() - start;
    MPI_Send(NULL, 0, MPI_INT, 1, NOTICE_TAG, comm);
  } else if (m->rank == 1) {
    sk_mpi_busy_wait((double)s->args.delay_us);
    if (probe) do MPI_Iprobe(0, NOTICE_TAG, comm, &flag, &status); while (!flag);
    MPI_Recv(NULL, 0, MPI_INT, 0, NOTICE_TAG, comm, &status);
    result = MPI_Wtime() - start;
  }
  sk_sync_stop(m);
  return result;
}

#define ACTIVEWAIT_FUNCTION(NAME, LAYOUT, OP, PROBE) \
  static void init_##NAME(sk_mctx *m, const sk_value *args) { init_activewait(m, args, #NAME, LAYOUT, 0); } \
  static double measure_##NAME(sk_mctx *m, const sk_value *args) \
  { (void)args; return activewait_notice(m, OP, PROBE); }

ACTIVEWAIT_FUNCTION(MPI_Put_activewait_twosided, "cn", AW_PUT, 0)
ACTIVEWAIT_FUNCTION(MPI_Put_activewait_twosided_sleep, "cnd", AW_PUT, 0)
ACTIVEWAIT_FUNCTION(MPI_Get_activewait, "cn", AW_GET, 1)
ACTIVEWAIT_FUNCTION(MPI_Get_activewait_sleep, "cnd", AW_GET, 1)
ACTIVEWAIT_FUNCTION(MPI_Accumulate_activewait_twosided, "cn", AW_ACCUMULATE, 0)

/* ---- derived datatypes (MPI_INT based), one fence epoch, rank 0 to rank 1 ---- */

/* Datatype_int(count, info): count MPI_INTs.
** Datatype_simple(count, info) / Datatype_simple_Get: one element of a contiguous type
**   of count ints (made once in init), put / get.
** Datatype_complex_once(count, info): one element of a strided vector type (count
**   blocks of one int, stride 2 ints, so every other int) on both sides, made once.
** Datatype_complex_everytime: the same, but the vector type is made, committed and
**   freed inside every timed epoch.
** Datatype_complex_mixed_once / _mixed_everytime: count contiguous ints at the origin
**   into one vector element at the target.
** Datatype_complex_Get: one vector element read with MPI_Get on both sides.
** Windows and buffers span 2*count ints (a vector element spans 2*count-1). */
enum dt_shape { SHAPE_INT, SHAPE_CONTIGUOUS, SHAPE_VECTOR, SHAPE_MIXED };

static void make_vector(int count, MPI_Datatype *type)
{
  MPI_Type_vector(count, 1, 2, MPI_INT, type);
  MPI_Type_commit(type);
}

static void init_datatype(sk_mctx *m, const sk_value *args, const char *fn, enum dt_shape shape)
{
  sk_win_state *s;
  sk_win_args a;
  sk_win_args_read(&a, args, "cn");
  if (!m->failed && a.count > INT_MAX / 2) sk_meas_fail(m, "Datatype: count is too large");
  s = sk_win_setup(m, fn, &a, 2 * a.count, a.dt, 1, 1);
  if (s == NULL) return;
  m->send_usage = m->recv_usage = s->block;
  m->reported_size = a.count * (long)sizeof(int);
  s->count = (int)a.count;
  if (shape == SHAPE_CONTIGUOUS) {
    MPI_Type_contiguous(s->count, MPI_INT, &s->derived);
    MPI_Type_commit(&s->derived);
  } else if (shape == SHAPE_VECTOR || shape == SHAPE_MIXED) {
    make_vector(s->count, &s->derived);
  }
}

/* One epoch; `everytime` makes the vector type inside the timing. */
static double datatype_epoch(sk_mctx *m, enum dt_shape shape, int use_get, int everytime)
{
  sk_win_state *s = sk_win_of(m);
  MPI_Datatype type = s->derived;
  double start = sk_sync_start(m);
  if (everytime && m->rank == 0) make_vector(s->count, &type);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  if (m->rank == 0) {
    if (shape == SHAPE_INT)
      MPI_Put(m->send_buf, s->count, MPI_INT, 1, 0, s->count, MPI_INT, s->win);
    else if (shape == SHAPE_MIXED)
      MPI_Put(m->send_buf, s->count, MPI_INT, 1, 0, 1, type, s->win);
    else if (use_get)
      MPI_Get(m->recv_buf, 1, type, 1, 0, 1, type, s->win);
    else
      MPI_Put(m->send_buf, 1, type, 1, 0, 1, type, s->win);
  }
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  if (everytime && m->rank == 0) MPI_Type_free(&type);
  return sk_sync_stop(m) - start;
}

#define DATATYPE_FUNCTION(NAME, SHAPE, USE_GET, EVERYTIME) \
  static void init_##NAME(sk_mctx *m, const sk_value *args) { init_datatype(m, args, #NAME, SHAPE); } \
  static double measure_##NAME(sk_mctx *m, const sk_value *args) \
  { (void)args; return datatype_epoch(m, SHAPE, USE_GET, EVERYTIME); }

DATATYPE_FUNCTION(Datatype_int, SHAPE_INT, 0, 0)
DATATYPE_FUNCTION(Datatype_simple, SHAPE_CONTIGUOUS, 0, 0)
DATATYPE_FUNCTION(Datatype_simple_Get, SHAPE_CONTIGUOUS, 1, 0)
DATATYPE_FUNCTION(Datatype_complex_once, SHAPE_VECTOR, 0, 0)
DATATYPE_FUNCTION(Datatype_complex_everytime, SHAPE_VECTOR, 0, 1)
DATATYPE_FUNCTION(Datatype_complex_mixed_once, SHAPE_MIXED, 0, 0)
DATATYPE_FUNCTION(Datatype_complex_mixed_everytime, SHAPE_MIXED, 0, 1)
DATATYPE_FUNCTION(Datatype_complex_Get, SHAPE_VECTOR, 1, 0)

/* ---- many-to-many patterns ---- */

/* MPI_Put_Shift(count, dt, info, distance): in one fence epoch every process puts to
** rank (rank + distance) mod size (distance may be negative). */
static void init_MPI_Put_Shift(sk_mctx *m, const sk_value *args)
{
  sk_win_args a;
  sk_win_args_read(&a, args, "ctns");
  sk_win_simple(m, &a, "MPI_Put_Shift", 1);
}

static double measure_MPI_Put_Shift(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  int target = (int)(((m->rank + s->args.distance) % m->size + m->size) % m->size);
  double start = sk_sync_start(m);
  (void)args;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  sk_win_put_block(m, s, target, 0);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

/* MPI_Put_Exchange(count, dt, info, msg_cnt): the one-sided Exchange: every process puts
** msg_cnt messages to every other process (slot rank*msg_cnt+k there) in one fence
** epoch. MPI_Put_Exchange_passive: the same with a shared lock per target instead. */
static void init_put_exchange(sk_mctx *m, const sk_value *args, const char *fn)
{
  sk_win_args a;
  sk_win_args_read(&a, args, "ctnm");
  sk_mpi_check_count(m, fn, "msg_cnt", a.msg_cnt);
  if (!m->failed && a.msg_cnt > INT_MAX / m->size) sk_meas_fail(m, "MPI_Put_Exchange: msg_cnt is too large");
  sk_win_simple(m, &a, fn, a.msg_cnt * m->size);
}

static void put_exchange_to(sk_mctx *m, sk_win_state *s, int target)
{
  long k, msg_cnt = s->args.msg_cnt;
  for (k = 0; k < msg_cnt; k++) sk_win_put_block(m, s, target, m->rank * msg_cnt + k);
}

static void init_MPI_Put_Exchange(sk_mctx *m, const sk_value *args) { init_put_exchange(m, args, "MPI_Put_Exchange"); }

static double measure_MPI_Put_Exchange(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  int j;
  double start = sk_sync_start(m);
  (void)args;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  for (j = 0; j < m->size; j++)
    if (j != m->rank) put_exchange_to(m, s, j);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

static void init_MPI_Put_Exchange_passive(sk_mctx *m, const sk_value *args)
{
  init_put_exchange(m, args, "MPI_Put_Exchange_passive");
}

static double measure_MPI_Put_Exchange_passive(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  int j;
  double start = sk_sync_start(m);
  (void)args;
  for (j = 0; j < m->size; j++)
    if (j != m->rank) {
      MPI_Win_lock(MPI_LOCK_SHARED, j, 0, s->win);
      put_exchange_to(m, s, j);
      MPI_Win_unlock(j, s->win);
    }
  return sk_sync_stop(m) - start;
}

/* ---- collective operations made of one-sided transfers ---- */

/* onesided_bcast(count, dt, info, bcast_count): bcast_count broadcasts from rank 0 made
** of puts, one fence epoch each; onesided_alltoall(count, dt, info, alltoall_count):
** likewise all-to-alls (every process puts a block to every process, itself included,
** slot = its rank). Both return the time of one operation (the average). */
static void init_onesided_repeated(sk_mctx *m, const sk_value *args, const char *fn, long slots)
{
  sk_win_state *s;
  sk_win_args a;
  sk_win_args_read(&a, args, "ctnk");
  sk_mpi_check_count(m, fn, "repetition count", a.repetitions);
  s = sk_win_simple(m, &a, fn, slots);
  if (s != NULL) m->send_usage = s->block * (size_t)slots;
}

static void init_onesided_bcast(sk_mctx *m, const sk_value *args)
{
  init_onesided_repeated(m, args, "onesided_bcast", 1);
}

static void init_onesided_alltoall(sk_mctx *m, const sk_value *args)
{
  init_onesided_repeated(m, args, "onesided_alltoall", m->size);
}

static double onesided_repeated(sk_mctx *m, int alltoall)
{
  sk_win_state *s = sk_win_of(m);
  long i, n = s->args.repetitions;
  int j;
  double start;
  if (n <= 0) return 0.0;
  start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  for (i = 0; i < n; i++) {
    for (j = 0; j < m->size; j++) {
      if (alltoall)
        MPI_Put(m->send_buf + s->block * (size_t)j, s->count, s->dt, j, (MPI_Aint)(s->block * (size_t)m->rank),
                s->count, s->dt, s->win);
      else if (m->rank == 0 && j != 0)
        sk_win_put_block(m, s, j, 0);
    }
    MPI_Win_fence(i == n - 1 ? MPI_MODE_NOSUCCEED : 0, s->win);
  }
  return (sk_sync_stop(m) - start) / (double)n;
}

static double measure_onesided_bcast(sk_mctx *m, const sk_value *args) { (void)args; return onesided_repeated(m, 0); }
static double measure_onesided_alltoall(sk_mctx *m, const sk_value *args) { (void)args; return onesided_repeated(m, 1); }

/* onesided_reduce(count, dt, info, op): every process accumulates its block into rank
** 0's window in one fence epoch (root fixed at 0); onesided_allreduce: every process
** accumulates into every process's window, itself included. */
static void init_onesided_reduction(sk_mctx *m, const sk_value *args, const char *fn)
{
  sk_win_args a;
  sk_win_args_read(&a, args, "ctno");
  sk_mpi_check_op(m, fn, a.op, a.dt, 1);
  sk_win_simple(m, &a, fn, 1);
}

static void init_onesided_reduce(sk_mctx *m, const sk_value *args) { init_onesided_reduction(m, args, "onesided_reduce"); }
static void init_onesided_allreduce(sk_mctx *m, const sk_value *args) { init_onesided_reduction(m, args, "onesided_allreduce"); }

static double onesided_reduction(sk_mctx *m, int everywhere)
{
  sk_win_state *s = sk_win_of(m);
  int j;
  double start = sk_sync_start(m);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  for (j = 0; j < (everywhere ? m->size : 1); j++) sk_win_accumulate_block(m, s, j, 0, s->args.op->mpi);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, s->win);
  return sk_sync_stop(m) - start;
}

static double measure_onesided_reduce(sk_mctx *m, const sk_value *args) { (void)args; return onesided_reduction(m, 0); }
static double measure_onesided_allreduce(sk_mctx *m, const sk_value *args) { (void)args; return onesided_reduction(m, 1); }

/* onesided_borderexchange(count, info, iteration_count, compute) and
** onesided_borderexchange_fence: the ring stencil of twosided_borderexchange with puts
** (each process puts count ints into slot 0 of its right and slot 1 of its left
** neighbour), synchronised by PSCW with the neighbours or by fences. Returns the time of
** one iteration (the average). */
static void init_onesided_borderexchange_any(sk_mctx *m, const sk_value *args, const char *fn, int pscw)
{
  sk_win_state *s;
  sk_win_args a;
  sk_win_args_read(&a, args, "cniw");
  sk_mpi_check_count(m, fn, "count", a.count);
  sk_mpi_check_count(m, fn, "iteration_count", a.iterations);
  sk_mpi_check_count(m, fn, "compute", a.compute);
  s = sk_win_setup(m, fn, &a, a.count, a.dt, 2, 1);
  if (s == NULL) return;
  m->send_usage = s->block;
  m->recv_usage = 0;
  if (pscw) {
    MPI_Group all;
    int neighbours[2];
    neighbours[0] = sk_mpi_ring_left(m);
    neighbours[1] = sk_mpi_ring_right(m);
    MPI_Comm_group(sk_mpi_comm(m), &all);
    MPI_Group_incl(all, neighbours[0] == neighbours[1] ? 1 : 2, neighbours, &s->targets);
    MPI_Group_free(&all);
  }
}

static void init_onesided_borderexchange(sk_mctx *m, const sk_value *args)
{
  init_onesided_borderexchange_any(m, args, "onesided_borderexchange", 1);
}

static void init_onesided_borderexchange_fence(sk_mctx *m, const sk_value *args)
{
  init_onesided_borderexchange_any(m, args, "onesided_borderexchange_fence", 0);
}

static double onesided_borderexchange(sk_mctx *m, int pscw)
{
  sk_win_state *s = sk_win_of(m);
  long i, iterations = s->args.iterations;
  double compute = (double)s->args.compute, start;
  if (iterations <= 0) return 0.0;
  start = sk_sync_start(m);
  if (!pscw) MPI_Win_fence(MPI_MODE_NOPRECEDE, s->win);
  for (i = 0; i < iterations; i++) {
    if (pscw) {
      MPI_Win_post(s->targets, 0, s->win);
      MPI_Win_start(s->targets, 0, s->win);
    }
    sk_win_put_block(m, s, sk_mpi_ring_right(m), 0);
    sk_win_put_block(m, s, sk_mpi_ring_left(m), 1);
    if (pscw) {
      MPI_Win_complete(s->win);
      MPI_Win_wait(s->win);
    } else {
      MPI_Win_fence(i == iterations - 1 ? MPI_MODE_NOSUCCEED : 0, s->win);
    }
    sk_mpi_busy_wait(compute);
  }
  return (sk_sync_stop(m) - start) / (double)iterations;
}

static double measure_onesided_borderexchange(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return onesided_borderexchange(m, 1);
}

static double measure_onesided_borderexchange_fence(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return onesided_borderexchange(m, 0);
}

/* ---- verification (verify.h): window and buffer contents after the epoch ----
** Puts: the windows start as zeros (sk_win_prepare_put), every slot must then hold the
** block of the rank that put there, the others zeros. Gets: every window holds its
** owner's pattern (sk_win_prepare_get), the receive buffer must then hold the target's
** block. Accumulates: the locally recomputed result of the operator over the window's
** start value and every contribution (see prepare_accumulate). */

/* Rank 0 transferred to or from rank 1. */
static long from_0_at_1(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)s;
  (void)slot;
  (void)offset;
  return m->rank == 1 ? 0 : -1;
}

static long at_0_from_1(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  *offset = s->block * (size_t)slot;
  return m->rank == 0 ? 1 : -1;
}

/* Ranks 0 and 1 transferred to (from) each other. */
static long pair_exchanged(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)s;
  (void)offset;
  return m->rank < 2 && slot == 0 ? 1 - m->rank : -1;
}

static long pair_pingponged(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  return s->args.iterations > 0 ? pair_exchanged(m, s, slot, offset) : -1;
}

/* MPI_Put_passive_concurrent: rank r put into slot r of rank 0. */
static long concurrent_at_0(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)s;
  (void)offset;
  return m->rank == 0 && slot >= 1 ? slot : -1;
}

static long shifted(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)slot;
  (void)offset;
  return ((m->rank - s->args.distance) % m->size + m->size) % m->size;
}

/* MPI_Put_Exchange: rank r put msg_cnt blocks into slots r*msg_cnt.. of every other rank. */
static long exchanged(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  long from = slot / s->args.msg_cnt;
  (void)offset;
  return from != m->rank ? from : -1;
}

static long broadcast(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)slot;
  (void)offset;
  return s->args.repetitions > 0 && m->rank != 0 ? 0 : -1;
}

/* onesided_alltoall: rank r put block `rank` of its send buffer into slot r. */
static long all_to_all(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  *offset = s->block * (size_t)m->rank;
  return s->args.repetitions > 0 ? slot : -1;
}

/* The ring: slot 0 from the left neighbour, slot 1 from the right one. */
static long border(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset)
{
  (void)offset;
  if (s->args.iterations <= 0) return -1;
  return slot == 0 ? sk_mpi_ring_left(m) : sk_mpi_ring_right(m);
}

#define WIN_CHECK_FUNCTION(NAME, HOW, SOURCE) \
  static void NAME(sk_mctx *m, const sk_value *args) { (void)args; HOW(m, SOURCE); }

WIN_CHECK_FUNCTION(check_put_to_1, sk_win_check_window, from_0_at_1)
WIN_CHECK_FUNCTION(check_put_to_1_passive, sk_win_check_window_passive, from_0_at_1)
WIN_CHECK_FUNCTION(check_get_from_1, sk_win_check_received, at_0_from_1)
WIN_CHECK_FUNCTION(check_put_pair, sk_win_check_window, pair_exchanged)
WIN_CHECK_FUNCTION(check_get_pair, sk_win_check_received, pair_exchanged)
WIN_CHECK_FUNCTION(check_put_pingpong, sk_win_check_window, pair_pingponged)
WIN_CHECK_FUNCTION(check_put_concurrent, sk_win_check_window_passive, concurrent_at_0)
WIN_CHECK_FUNCTION(check_put_shift, sk_win_check_window, shifted)
WIN_CHECK_FUNCTION(check_put_exchange, sk_win_check_window, exchanged)
WIN_CHECK_FUNCTION(check_put_exchange_passive, sk_win_check_window_passive, exchanged)
WIN_CHECK_FUNCTION(check_onesided_bcast, sk_win_check_window, broadcast)
WIN_CHECK_FUNCTION(check_onesided_alltoall, sk_win_check_window, all_to_all)
WIN_CHECK_FUNCTION(check_borderexchange, sk_win_check_window, border)

/* MPI_Put_activewait_get: rank 0 reads rank 1's window back as the measurement did
** (shared lock, MPI_Get): its block, the last int being the number of the measurement. */
static void check_put_activewait_get(sk_mctx *m, const sk_value *args)
{
  sk_win_state *s = sk_win_of(m);
  char *back;
  size_t last = s->block - sizeof(int);
  (void)args;
  if (m->rank != 0) return;
  back = (char *)sk_malloc(s->block);
  MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, s->win);
  MPI_Get(back, s->count, MPI_INT, 1, 0, s->count, MPI_INT, s->win);
  MPI_Win_unlock(1, s->win);
  if (sk_verify_expect(m, "rank 1's window read back", back, last, 0, 0, NULL)
      && memcmp(back + last, &s->stamp, sizeof(int)) != 0) {
    size_t k = 0;
    while (back[last + k] == ((const char *)&s->stamp)[k]) k++;
    sk_verify_mismatch(m, "rank 1's window read back, the measurement number", last + k,
                       (unsigned char)back[last + k], (unsigned char)((const char *)&s->stamp)[k]);
  }
  free(back);
}

/* -- accumulate: a plan says for a slot of this process's window who contributed --
** The window slot starts with the operands (sk_mpi_verify_fill_operands) of the virtual
** rank *start, every contributor r accumulates its own operands, so that start and the
** contributors are exactly the ranks lo..hi and the result is the operator over lo..hi
** (the predefined operators are commutative). MPI_REPLACE: every contributor puts the
** pattern of rank 0 into a zeroed slot, which must then hold that pattern. */
typedef int (*acc_plan)(sk_mctx *m, const sk_win_state *s, long slot, int *start, int *lo, int *hi);

/* rank 0 into slot 0 of rank 1 (MPI_Accumulate, MPI_Accumulate_activewait_twosided) */
static int acc_0_to_1(sk_mctx *m, const sk_win_state *s, long slot, int *start, int *lo, int *hi)
{
  (void)s;
  *start = *hi = 1;
  *lo = 0;
  return m->rank == 1 && slot == 0;
}

/* ranks 1..size-1 into the first msg_cnt slots of rank 0, or, if disjoint, rank r into
** slots r*msg_cnt.. */
static int acc_concurrent(sk_mctx *m, const sk_win_state *s, long slot, int *start, int *lo, int *hi)
{
  long msg_cnt = s->args.msg_cnt > 0 ? s->args.msg_cnt : 1, r = slot / msg_cnt;
  if (m->rank != 0) return 0;
  if (s->args.disjoint) {
    *start = *lo = (int)r - 1;
    *hi = (int)r;
    return r >= 1;
  }
  *start = *lo = 0;
  *hi = m->size - 1;
  return slot < msg_cnt;
}

/* every rank into slot 0 of rank 0 (reduce) or of every rank (allreduce) */
static int acc_reduce(sk_mctx *m, const sk_win_state *s, long slot, int *start, int *lo, int *hi)
{
  (void)s;
  *start = *hi = m->size;
  *lo = 0;
  return m->rank == 0 && slot == 0;
}

static int acc_allreduce(sk_mctx *m, const sk_win_state *s, long slot, int *start, int *lo, int *hi)
{
  (void)s;
  *start = *hi = m->size;
  *lo = 0;
  return slot == 0;
}

static sk_opdef acc_sum;

/* The operator: MPI_Accumulate_activewait_twosided has none and sums. */
static const sk_opdef *acc_op(const sk_win_state *s)
{
  if (s->args.op != NULL) return s->args.op;
  acc_sum.name = "MPI_SUM";
  acc_sum.mpi = MPI_SUM;
  return &acc_sum;
}

static long acc_slots(const sk_win_state *s) { return s->block > 0 ? (long)((size_t)s->memory_size / s->block) : 0; }

static void prepare_accumulate(sk_mctx *m, acc_plan plan)
{
  sk_win_state *s = sk_win_of(m);
  const sk_opdef *op = acc_op(s);
  long slot;
  int start, lo, hi;
  memset(s->memory, 0, (size_t)s->memory_size);
  if (op->mpi == MPI_REPLACE) {
    sk_verify_default_prepare(m, NULL);
    sk_verify_fill(m->send_buf, m->send_usage, 0, 0);
  } else {
    sk_mpi_verify_fill_operands(m, s->count, s->args.dt);
    for (slot = 0; slot < acc_slots(s); slot++)
      if (plan(m, s, slot, &start, &lo, &hi)) {
        sk_mctx t = *m;
        t.rank = start;
        t.send_buf = s->memory + s->block * (size_t)slot;
        t.send_usage = s->block;
        t.recv_buf = NULL;
        t.recv_usage = 0;
        sk_mpi_verify_fill_operands(&t, s->count, s->args.dt);
      }
  }
  sk_win_verify_ready(m);
}

static void check_accumulate(sk_mctx *m, acc_plan plan)
{
  sk_win_state *s = sk_win_of(m);
  const sk_opdef *op = acc_op(s);
  long slot;
  int start, lo, hi;
  char w[120];
  for (slot = 0; slot < acc_slots(s) && !m->failed; slot++) {
    const char *at = s->memory + s->block * (size_t)slot;
    if (!plan(m, s, slot, &start, &lo, &hi)) {
      sprintf(w, "window after the epoch slot %ld (nothing was to arrive there)", slot);
      sk_win_verify_zeros(m, w, at, s->block);
    } else if (op->mpi == MPI_REPLACE) {
      sprintf(w, "window after the epoch slot %ld (MPI_REPLACE)", slot);
      sk_mpi_verify_block(m, w, at, s->count, s->args.dt, s->count, s->args.dt, 0, 0);
    } else {
      sprintf(w, "window after the epoch slot %ld", slot);
      sk_mpi_verify_reduced(m, w, at, s->count, s->args.dt, op, lo, hi);
    }
  }
}

#define ACC_VERIFIER(NAME, PLAN, PASSIVE) \
  static void prepare_##NAME(sk_mctx *m, const sk_value *args) { (void)args; prepare_accumulate(m, PLAN); } \
  static void check_##NAME(sk_mctx *m, const sk_value *args) \
  { \
    (void)args; \
    if (PASSIVE) sk_win_settle(m); \
    check_accumulate(m, PLAN); \
  }

ACC_VERIFIER(MPI_Accumulate, acc_0_to_1, 0)
ACC_VERIFIER(MPI_Accumulate_activewait_twosided, acc_0_to_1, 1)
ACC_VERIFIER(MPI_Accumulate_concurrent, acc_concurrent, 0)
ACC_VERIFIER(onesided_reduce, acc_reduce, 0)
ACC_VERIFIER(onesided_allreduce, acc_allreduce, 0)

/* -- the derived datatype family: the window or buffer of 2*count ints, compared in
** packed form with the sender's datatype (the vector's gaps and the rest stay zeros) -- */
static void datatype_check(sk_mctx *m, enum dt_shape shape, int use_get)
{
  sk_win_state *s = sk_win_of(m);
  sk_datatype vector;
  const sk_datatype *r_dt = sk_mpi_int_type(), *s_dt = sk_mpi_int_type();
  long r_count = s->count, s_count = s->count;
  const char *buf = use_get ? m->recv_buf : s->memory;
  size_t used;
  if (m->rank != (use_get ? 0 : 1)) return;
  vector.name = "vector(count, 1, 2, MPI_INT)";
  vector.size = sizeof(int) * (size_t)s->count;
  vector.extent = s->count > 0 ? sizeof(int) * (size_t)(2 * s->count - 1) : 0;
  vector.mpi = s->derived;
  if (shape == SHAPE_VECTOR || shape == SHAPE_MIXED) { r_dt = &vector; r_count = 1; }
  if (shape == SHAPE_VECTOR) { s_dt = &vector; s_count = 1; }
  used = sk_mpi_bytes(r_count, r_dt);
  if (sk_mpi_verify_block(m, use_get ? "receive buffer after the epoch" : "window after the epoch", buf, r_count,
                          r_dt, s_count, s_dt, use_get ? 1 : 0, 0))
    sk_win_verify_zeros(m, "after the datatype's data (nothing was to arrive there)", buf + used, s->block - used);
}

#define DATATYPE_VERIFIER(NAME, SHAPE, USE_GET) \
  static void check_##NAME(sk_mctx *m, const sk_value *args) { (void)args; datatype_check(m, SHAPE, USE_GET); }

DATATYPE_VERIFIER(Datatype_int, SHAPE_INT, 0)
DATATYPE_VERIFIER(Datatype_simple, SHAPE_CONTIGUOUS, 0)
DATATYPE_VERIFIER(Datatype_simple_Get, SHAPE_CONTIGUOUS, 1)
DATATYPE_VERIFIER(Datatype_complex_once, SHAPE_VECTOR, 0)
DATATYPE_VERIFIER(Datatype_complex_everytime, SHAPE_VECTOR, 0)
DATATYPE_VERIFIER(Datatype_complex_mixed_once, SHAPE_MIXED, 0)
DATATYPE_VERIFIER(Datatype_complex_mixed_everytime, SHAPE_MIXED, 0)
DATATYPE_VERIFIER(Datatype_complex_Get, SHAPE_VECTOR, 1)
#endif /* SKAMPI_MPI && SK_MPI_LEVEL >= 2 */

#define PUT_ROW(NAME, CHECK) { #NAME, SK_IF_MPI2(sk_win_prepare_put), SK_IF_MPI2(CHECK), NULL }
#define GET_ROW(NAME, CHECK) { #NAME, SK_IF_MPI2(sk_win_prepare_get), SK_IF_MPI2(CHECK), NULL }
#define ACC_ROW(NAME) { #NAME, SK_IF_MPI2(prepare_##NAME), SK_IF_MPI2(check_##NAME), NULL }
static const sk_verifier mpi_win_transfer_verify_table[] = {
  PUT_ROW(MPI_Put_Pingpong, check_put_pair),
  PUT_ROW(Pingpong_Put_Put, check_put_pingpong),
  SK_VERIFY_NOTHING(onesided_dummy, "an empty synchronised measurement"),
  PUT_ROW(MPI_Put_fence_bidirectional, check_put_pair),
  PUT_ROW(MPI_Put_callduration, check_put_to_1),
  PUT_ROW(MPI_Put_dedicated, check_put_to_1),
  PUT_ROW(MPI_Put_passive, check_put_to_1_passive),
  PUT_ROW(MPI_Put_passive_concurrent, check_put_concurrent),
  PUT_ROW(MPI_Put_fence, check_put_to_1),
  { "MPI_Put_activewait_get", SK_IF_MPI2(sk_win_prepare_put), SK_IF_MPI2(check_put_activewait_get), NULL },
  PUT_ROW(MPI_Put_activewait_twosided, check_put_to_1_passive),
  PUT_ROW(MPI_Put_activewait_twosided_sleep, check_put_to_1_passive),
  GET_ROW(MPI_Get_Pingpong, check_get_pair),
  GET_ROW(MPI_Get_callduration, check_get_from_1),
  GET_ROW(MPI_Get_dedicated, check_get_from_1),
  GET_ROW(MPI_Get_passive, check_get_from_1),
  GET_ROW(MPI_Get_fence, check_get_from_1),
  GET_ROW(MPI_Get_activewait, check_get_from_1),
  GET_ROW(MPI_Get_activewait_sleep, check_get_from_1),
  ACC_ROW(MPI_Accumulate),
  ACC_ROW(MPI_Accumulate_activewait_twosided),
  ACC_ROW(MPI_Accumulate_concurrent),
  GET_ROW(Caching, check_get_from_1),
  PUT_ROW(Combining_fence, check_put_to_1),
  PUT_ROW(Combining_dedicated, check_put_to_1),
  PUT_ROW(Datatype_complex_everytime, check_Datatype_complex_everytime),
  PUT_ROW(Datatype_complex_once, check_Datatype_complex_once),
  PUT_ROW(Datatype_complex_mixed_everytime, check_Datatype_complex_mixed_everytime),
  PUT_ROW(Datatype_complex_mixed_once, check_Datatype_complex_mixed_once),
  GET_ROW(Datatype_complex_Get, check_Datatype_complex_Get),
  PUT_ROW(Datatype_int, check_Datatype_int),
  PUT_ROW(Datatype_simple, check_Datatype_simple),
  GET_ROW(Datatype_simple_Get, check_Datatype_simple_Get),
  PUT_ROW(MPI_Put_Shift, check_put_shift),
  PUT_ROW(MPI_Put_Exchange, check_put_exchange),
  PUT_ROW(MPI_Put_Exchange_passive, check_put_exchange_passive),
  { "MPI_Accumulate_concurrent_multi", SK_IF_MPI2(prepare_MPI_Accumulate_concurrent),
    SK_IF_MPI2(check_MPI_Accumulate_concurrent), NULL },
  PUT_ROW(onesided_bcast, check_onesided_bcast),
  PUT_ROW(onesided_alltoall, check_onesided_alltoall),
  ACC_ROW(onesided_reduce),
  ACC_ROW(onesided_allreduce),
  PUT_ROW(onesided_borderexchange, check_borderexchange),
  PUT_ROW(onesided_borderexchange_fence, check_borderexchange),
#ifdef SKAMPI_TESTING
  PUT_ROW(Verify_Corrupt_Win_Test, check_put_to_1),
#endif
  SK_VERIFY_END
};

SK_API const sk_verifier *sk_verify_table_mpi_win_transfer(void) { return mpi_win_transfer_verify_table; }

static const sk_measurement mpi_win_transfer_table[] = {
  SK_WIN_ROW(MPI_Put_Pingpong, "itn", SK_NAMES_CDI, 2),
  SK_WIN_ROW(Pingpong_Put_Put, "itni", SK_NAMES_CDI " iterations", 2),
  SK_WIN_ROW(onesided_dummy, "itn", SK_NAMES_CDI, 1),
  SK_WIN_ROW(MPI_Put_fence_bidirectional, "itn", SK_NAMES_CDI, 2),
  SK_WIN_ROW(MPI_Put_callduration, "itn", SK_NAMES_CDI, 2),
  SK_WIN_ROW(MPI_Put_dedicated, "itn", SK_NAMES_CDI, 2),
  SK_WIN_ROW(MPI_Put_passive, "itn", SK_NAMES_CDI, 2),
  SK_WIN_ROW(MPI_Put_passive_concurrent, "itni", SK_NAMES_CDI " lock_type", 2),
  SK_WIN_ROW(MPI_Put_fence, "itn", SK_NAMES_CDI, 2),
  SK_WIN_ROW(MPI_Put_activewait_get, "in", "count info", 2),
  SK_WIN_ROW(MPI_Put_activewait_twosided, "in", "count info", 2),
  SK_WIN_ROW(MPI_Put_activewait_twosided_sleep, "ini", "count info delay_us", 2),
  SK_WIN_ROW(MPI_Get_Pingpong, "itn", SK_NAMES_CDI, 2),
  SK_WIN_ROW(MPI_Get_callduration, "itn", SK_NAMES_CDI, 2),
  SK_WIN_ROW(MPI_Get_dedicated, "itn", SK_NAMES_CDI, 2),
  SK_WIN_ROW(MPI_Get_passive, "itn", SK_NAMES_CDI, 2),
  SK_WIN_ROW(MPI_Get_fence, "itn", SK_NAMES_CDI, 2),
  SK_WIN_ROW(MPI_Get_activewait, "in", "count info", 2),
  SK_WIN_ROW(MPI_Get_activewait_sleep, "ini", "count info delay_us", 2),
  SK_WIN_ROW(MPI_Accumulate, "itno", SK_NAMES_CDI " operation", 2),
  SK_WIN_ROW(MPI_Accumulate_activewait_twosided, "in", "count info", 2),
  SK_WIN_ROW(MPI_Accumulate_concurrent, "itnoi", SK_NAMES_CDI " operation disjoint", 2),
  SK_WIN_ROW(Caching, "itni", SK_NAMES_CDI " delay_us", 2),
  SK_WIN_ROW(Combining_fence, "itni", SK_NAMES_CDI " msg_count", 2),
  SK_WIN_ROW(Combining_dedicated, "itni", SK_NAMES_CDI " msg_count", 2),
  SK_WIN_ROW(Datatype_complex_everytime, "in", "count info", 2),
  SK_WIN_ROW(Datatype_complex_once, "in", "count info", 2),
  SK_WIN_ROW(Datatype_complex_mixed_everytime, "in", "count info", 2),
  SK_WIN_ROW(Datatype_complex_mixed_once, "in", "count info", 2),
  SK_WIN_ROW(Datatype_complex_Get, "in", "count info", 2),
  SK_WIN_ROW(Datatype_int, "in", "count info", 2),
  SK_WIN_ROW(Datatype_simple, "in", "count info", 2),
  SK_WIN_ROW(Datatype_simple_Get, "in", "count info", 2),
  SK_WIN_ROW(MPI_Put_Shift, "itni", SK_NAMES_CDI " distance", 1),
  SK_WIN_ROW(MPI_Put_Exchange, "itni", SK_NAMES_CDI " msg_count", 1),
  SK_WIN_ROW(MPI_Put_Exchange_passive, "itni", SK_NAMES_CDI " msg_count", 1),
  SK_WIN_ROW(MPI_Accumulate_concurrent_multi, "itnioi", SK_NAMES_CDI " msg_count operator disjoint", 2),
  SK_WIN_ROW(onesided_bcast, "itni", SK_NAMES_CDI " bcast_count", 1),
  SK_WIN_ROW(onesided_alltoall, "itni", SK_NAMES_CDI " alltoall_count", 1),
  SK_WIN_ROW(onesided_reduce, "itno", SK_NAMES_CDI " op", 1),
  SK_WIN_ROW(onesided_allreduce, "itno", SK_NAMES_CDI " op", 1),
  SK_WIN_ROW(onesided_borderexchange, "inii", "count info iteration_count compute", 2),
  SK_WIN_ROW(onesided_borderexchange_fence, "inii", "count info iteration_count compute", 2),
  SK_MEASUREMENT_ALIAS(Put_fence_bidirectional, MPI_Put_fence_bidirectional),
  SK_MEASUREMENT_ALIAS(Put_dedicated, MPI_Put_dedicated),
  SK_MEASUREMENT_ALIAS(Put_passive, MPI_Put_passive),
  SK_MEASUREMENT_ALIAS(Put_passive_concurrent, MPI_Put_passive_concurrent),
  SK_MEASUREMENT_ALIAS(Put_fence, MPI_Put_fence),
  SK_MEASUREMENT_ALIAS(Put_activewait_get, MPI_Put_activewait_get),
  SK_MEASUREMENT_ALIAS(Put_activewait_twosided, MPI_Put_activewait_twosided),
  SK_MEASUREMENT_ALIAS(Put_activewait_twosided_sleep, MPI_Put_activewait_twosided_sleep),
  SK_MEASUREMENT_ALIAS(Get_Pingpong, MPI_Get_Pingpong),
  SK_MEASUREMENT_ALIAS(Get_callduration, MPI_Get_callduration),
  SK_MEASUREMENT_ALIAS(Get_dedicated, MPI_Get_dedicated),
  SK_MEASUREMENT_ALIAS(Get_passive, MPI_Get_passive),
  SK_MEASUREMENT_ALIAS(Get_fence, MPI_Get_fence),
  SK_MEASUREMENT_ALIAS(Get_activewait, MPI_Get_activewait),
  SK_MEASUREMENT_ALIAS(Get_activewait_sleep, MPI_Get_activewait_sleep),
  SK_MEASUREMENT_ALIAS(Accumulate, MPI_Accumulate),
  SK_MEASUREMENT_ALIAS(Accumulate_activewait_twosided, MPI_Accumulate_activewait_twosided),
  SK_MEASUREMENT_ALIAS(Accumulate_concurrent, MPI_Accumulate_concurrent),
  SK_MEASUREMENT_ALIAS(Put_Shift, MPI_Put_Shift),
  SK_MEASUREMENT_ALIAS(Put_Exchange, MPI_Put_Exchange),
  SK_MEASUREMENT_ALIAS(Put_Exchange_passive, MPI_Put_Exchange_passive),
  SK_MEASUREMENT_ALIAS(Accumulate_concurrent_multi, MPI_Accumulate_concurrent_multi),
  SK_MEASUREMENT_ALIAS(Put, MPI_Put_callduration),
  SK_MEASUREMENT_ALIAS(Combining_Put_fence, Combining_fence),
  SK_MEASUREMENT_ALIAS(Combining_Put_dedicated, Combining_dedicated),
#ifdef SKAMPI_TESTING
  SK_WIN_ROW(Verify_Corrupt_Win_Test, "i", "count", 2),
#endif
  SK_MEASUREMENT_END
};

SK_API const sk_measurement *sk_meas_table_mpi_win_transfer(void) { return mpi_win_transfer_table; }
/* --- end split/meas_mpi_win_transfer.c --- */
/* --- begin split/meas_mpi_io.c --- */
#line 1 "split/meas_mpi_io.c"
/*
** meas_mpi_io.c -- the MPI-IO measurements of SKaMPI 6 (io.c and localio.c, all named
** MPI_IO_*): open, close, delete, preallocate, seek, the read and write patterns over
** every data access routine class (io_daccess.h), and rank 0's local file-once
** measurements through POSIX or MPI-IO. The functions exist where the library has MPI-IO
** (SK_HAVE_MPI_IO); the rows exist in every build.
**
** Rules (units and sizes as SKaMPI 6; README, "MPI-IO"):
** - memsize, blocklen, stride and count are numbers of memtype elements; a file position
**   of k memtype elements is k * size(memtype) / size(etype) etypes of the view
**   (size(memtype) must be a multiple of size(etype)). Every open gets the view
**   (0, etype, filetype, datarep), the atomicity, MPI_MODE_UNIQUE_OPEN and the hints of
**   the settings (sk_settings.io).
** - A pattern measurement accesses its chunks (file position, length, buffer position)
**   with the routine of `daccess`; collective classes make every process call as often
**   as the one with most chunks (with 0 elements where it has none). A class the
**   pattern cannot use makes measure return -1; a daccess that is no class is refused.
** - Writes open RDWR|CREATE|DELETE_ON_CLOSE in each call (open, view and close are not
**   timed, the file is gone afterwards); reads create their file in init and delete it
**   in finalize. With the file_sync setting MPI_File_sync ends the timed part.
** - Files are named and removed by io_files.c (also when a signal ends the run).
** - Verification (settings verify, switch_verification_on): the first call with it on
**   is the engine's verification call (verify.h; the rows' verifiers say "in measure").
**   Its data carries a pattern; a write reads its chunks back (explicit offsets, or in
**   rank order for the ordered classes; a second handle for MPI_MODE_SEQUENTIAL files),
**   a read compares a zeroed buffer after the read with what init wrote; the first
**   differing byte is the mismatch. Non-collective shared-pointer classes place data in
**   no determined order: the counts of every byte value must match. The rows without
**   data check what they did (file size, pointer position, deletion); open and close
**   have nothing to verify.
*/
#line 33 "split/meas_mpi_io.c"
#line 34 "split/meas_mpi_io.c"
#line 35 "split/meas_mpi_io.c"
#line 36 "split/meas_mpi_io.c"
#line 37 "split/meas_mpi_io.c"
#line 38 "split/meas_mpi_io.c"

#if SK_HAVE_MPI_IO
#include <unistd.h>
#include <fcntl.h>
#include <errno.h>
#include <sys/types.h>
#include <sys/stat.h>

/* O_DIRECT is hidden by strict C89 headers; Linux on x86 has the value 040000. */
#if defined(O_DIRECT)
#define IO_O_DIRECT O_DIRECT
#elif defined(__linux__) && (defined(__x86_64__) || defined(__i386__))
#define IO_O_DIRECT 040000
#else
#define IO_O_DIRECT 0
#endif
#define IO_DIRECT_ALIGN 4096

/* ---- arguments ----
** layout letters: c count, m memsize, b blocklen, s stride, p np, f the flag parameter
** (create_file, create_flag, private, with_sync), T memtype etype filetype (three
** parameters), d daccess, A memsize array, B blocklen array, w power, a api string,
** x directio flag, g a second flag (create_flag of write_file_once) */
typedef struct io_args {
  long count, memsize, blocklen, stride, np, flag, daccess, power, directio, flag2;
  const sk_datatype *memtype, *etype, *filetype;
  const sk_value *memsizes, *blocklens;
  const char *api;
} io_args;

static const sk_datatype *io_byte_type(void)
{
  static sk_datatype t;
  if (t.name == NULL) { t.size = t.extent = 1; t.mpi = MPI_BYTE; t.name = "MPI_BYTE"; }
  return &t;
}

static void io_args_read(io_args *a, const sk_value *args, const char *layout)
{
  const sk_value *v = args;
  memset(a, 0, sizeof *a);
  a->memtype = a->etype = a->filetype = io_byte_type();
  a->daccess = 0x111;
  for (; *layout; layout++, v++) {
    switch (*layout) {
    case 'c': a->count = v->u.i; break;
    case 'm': a->memsize = v->u.i; break;
    case 'b': a->blocklen = v->u.i; break;
    case 's': a->stride = v->u.i; break;
    case 'p': a->np = v->u.i; break;
    case 'f': a->flag = v->u.i; break;
    case 'g': a->flag2 = v->u.i; break;
    case 'd': a->daccess = v->u.i; break;
    case 'w': a->power = v->u.i; break;
    case 'x': a->directio = v->u.i; break;
    case 'a': a->api = v->u.s; break;
    case 'A': a->memsizes = v; break;
    case 'B': a->blocklens = v; break;
    case 'T': a->memtype = v[0].u.dt; a->etype = v[1].u.dt; a->filetype = v[2].u.dt; v += 2; break;
    default: break;
    }
  }
}

/* ---- state ---- */

typedef struct io_state {
  io_args a;
  const char *fn;
  int write;                 /* writes (else reads or no data) */
  MPI_Comm comm;             /* the communicator the file is opened on */
  MPI_Comm own_comm;         /* made in init (pair, first np ranks), else MPI_COMM_NULL */
  int active;                /* this process opens the file */
  int made;                  /* the file exists between init and finalize */
  char path[600];
  MPI_Info info;             /* the hints of the settings */
  MPI_Datatype view;         /* filetype of the view */
  MPI_Datatype own_view;     /* made in init, else MPI_DATATYPE_NULL */
  MPI_Offset ratio;          /* etypes per memtype element */
  long n, *off, *len, *mem;  /* chunks: file position, length, buffer position (elements) */
  int unsupported;           /* the class does not fit the pattern: measure returns -1 */
  int sequential;            /* MPI_MODE_SEQUENTIAL */
  int verified;              /* the verification call happened */
  int owner;                 /* whose pattern a read finds (its own rank, rank 0, partner) */
  long elements;             /* elements this process moves (buffer size in elements) */
  MPI_File fh;               /* seek measurements: open from init to finalize */
  MPI_Offset calls;          /* seek measurements: calls so far */
  int direct;                /* local: O_DIRECT is in use */
} io_state;

static io_state *io_of(sk_mctx *m) { return (io_state *)m->state; }

static const sk_io_config *io_cfg(const sk_mctx *m)
{
  static sk_io_config defaults;
  if (m->settings != NULL) return &m->settings->io;
  if (defaults.datarep == NULL) { defaults.datarep = "native"; defaults.file_sync = 1; }
  return &defaults;
}

/* rc of an MPI-IO call: MPI_SUCCESS, or the measurement fails naming the call */
static int io_ok(sk_mctx *m, const io_state *s, int rc, const char *what)
{
  char msg[MPI_MAX_ERROR_STRING + 1], text[200];
  int len = 0;
  if (rc == MPI_SUCCESS) return 1;
  MPI_Error_string(rc, msg, &len);
  msg[len] = '\0';
  sprintf(text, "%.40s: %.40s failed: %.100s", s->fn, what, msg);
  sk_meas_fail(m, text);
  return 0;
}

static io_state *io_new(sk_mctx *m, const char *fn, const char *layout, const sk_value *args, int write)
{
  io_state *s = (io_state *)sk_malloc(sizeof *s);
  const sk_io_config *io = io_cfg(m);
  int i;
  memset(s, 0, sizeof *s);
  io_args_read(&s->a, args, layout);
  s->fn = fn;
  s->write = write;
  s->comm = sk_mpi_comm(m);
  s->own_comm = MPI_COMM_NULL;
  s->own_view = MPI_DATATYPE_NULL;
  s->view = s->a.filetype->mpi;
  s->active = 1;
  s->owner = m->rank;
  s->fh = MPI_FILE_NULL;
  s->info = MPI_INFO_NULL;
  if (io->n_hints > 0) {
    MPI_Info_create(&s->info);
    for (i = 0; i < io->n_hints; i++) MPI_Info_set(s->info, (char *)io->hint_key[i], (char *)io->hint_value[i]);
  }
  m->state = s;
  m->send_usage = m->recv_usage = 0;
  m->reported_size = 0;
  return s;
}

/* The element and offset rules of the patterns (memtype in etypes, daccess a class). */
static int io_check_types(sk_mctx *m, io_state *s)
{
  char msg[200];
  if (m->failed) return 0;
  if (s->a.etype->size == 0 || s->a.memtype->size % s->a.etype->size != 0) {
    sprintf(msg, "%.40s: the size of memtype %.40s (%lu) is no multiple of the size of etype %.40s (%lu)", s->fn,
            s->a.memtype->name, (unsigned long)s->a.memtype->size, s->a.etype->name, (unsigned long)s->a.etype->size);
    sk_meas_fail(m, msg);
    return 0;
  }
  s->ratio = (MPI_Offset)(s->a.memtype->size / s->a.etype->size);
  if (!sk_io_class_valid(s->a.daccess)) {
    sprintf(msg, "%.40s: daccess 0x%lx is none of the twelve data access classes (0x111 ... 0x224)", s->fn,
            (unsigned long)s->a.daccess);
    sk_meas_fail(m, msg);
    return 0;
  }
  return 1;
}

/* Chunk i of a contiguous run: `elements` in chunks of blocklen from file position base
** (step: the distance of consecutive chunks). */
static void io_plan(io_state *s, long n)
{
  s->n = n;
  s->off = (long *)sk_malloc(sizeof(long) * (size_t)(n > 0 ? n : 1));
  s->len = (long *)sk_malloc(sizeof(long) * (size_t)(n > 0 ? n : 1));
  s->mem = (long *)sk_malloc(sizeof(long) * (size_t)(n > 0 ? n : 1));
}

static long io_chunks(long memsize, long blocklen) { return memsize <= 0 ? 0 : (memsize + blocklen - 1) / blocklen; }

static void io_plan_run(io_state *s, long memsize, long blocklen, long base, long step)
{
  long i, n = io_chunks(memsize, blocklen);
  io_plan(s, n);
  for (i = 0; i < n; i++) {
    s->off[i] = base + i * step;
    s->mem[i] = i * blocklen;
    s->len[i] = memsize - i * blocklen < blocklen ? memsize - i * blocklen : blocklen;
  }
  s->elements = memsize;
}

static int io_check_blocks(sk_mctx *m, const io_state *s, long memsize, long blocklen)
{
  char msg[160];
  if (!sk_mpi_check_count(m, s->fn, "memsize", memsize) || !sk_mpi_check_count(m, s->fn, "blocklen", blocklen))
    return 0;
  if (memsize > 0 && blocklen < 1) {
    sprintf(msg, "%.40s: blocklen must be at least 1 when memsize is %ld", s->fn, memsize);
    sk_meas_fail(m, msg);
    return 0;
  }
  return 1;
}

static long io_total(sk_mctx *m, const io_state *s, long per_process)
{
  return sk_mpi_data_bytes(per_process, s->a.memtype) * (long)m->size;
}

/* ---- one access of a class ---- */

static int io_access(MPI_File fh, int write, long daccess, MPI_Offset off, void *buf, int count, MPI_Datatype t)
{
  MPI_Status st;
  MPI_Request rq;
  int rc = MPI_SUCCESS;
  if ((daccess & SK_IO_INDIVIDUAL_FILE_POINTERS) && (rc = MPI_File_seek(fh, off, MPI_SEEK_SET)) != MPI_SUCCESS) return rc;
  switch (daccess) {
  case 0x111: return write ? MPI_File_write_at(fh, off, buf, count, t, &st) : MPI_File_read_at(fh, off, buf, count, t, &st);
  case 0x112: return write ? MPI_File_write(fh, buf, count, t, &st) : MPI_File_read(fh, buf, count, t, &st);
  case 0x114: return write ? MPI_File_write_shared(fh, buf, count, t, &st) : MPI_File_read_shared(fh, buf, count, t, &st);
  case 0x121: rc = write ? MPI_File_iwrite_at(fh, off, buf, count, t, &rq) : MPI_File_iread_at(fh, off, buf, count, t, &rq); break;
  case 0x122: rc = write ? MPI_File_iwrite(fh, buf, count, t, &rq) : MPI_File_iread(fh, buf, count, t, &rq); break;
  case 0x124: rc = write ? MPI_File_iwrite_shared(fh, buf, count, t, &rq) : MPI_File_iread_shared(fh, buf, count, t, &rq); break;
  case 0x211: return write ? MPI_File_write_at_all(fh, off, buf, count, t, &st) : MPI_File_read_at_all(fh, off, buf, count, t, &st);
  case 0x212: return write ? MPI_File_write_all(fh, buf, count, t, &st) : MPI_File_read_all(fh, buf, count, t, &st);
  case 0x214: return write ? MPI_File_write_ordered(fh, buf, count, t, &st) : MPI_File_read_ordered(fh, buf, count, t, &st);
  case 0x221:
    if (write) { if ((rc = MPI_File_write_at_all_begin(fh, off, buf, count, t)) == MPI_SUCCESS) rc = MPI_File_write_at_all_end(fh, buf, &st); }
    else if ((rc = MPI_File_read_at_all_begin(fh, off, buf, count, t)) == MPI_SUCCESS) rc = MPI_File_read_at_all_end(fh, buf, &st);
    return rc;
  case 0x222:
    if (write) { if ((rc = MPI_File_write_all_begin(fh, buf, count, t)) == MPI_SUCCESS) rc = MPI_File_write_all_end(fh, buf, &st); }
    else if ((rc = MPI_File_read_all_begin(fh, buf, count, t)) == MPI_SUCCESS) rc = MPI_File_read_all_end(fh, buf, &st);
    return rc;
  case 0x224:
    if (write) { if ((rc = MPI_File_write_ordered_begin(fh, buf, count, t)) == MPI_SUCCESS) rc = MPI_File_write_ordered_end(fh, buf, &st); }
    else if ((rc = MPI_File_read_ordered_begin(fh, buf, count, t)) == MPI_SUCCESS) rc = MPI_File_read_ordered_end(fh, buf, &st);
    return rc;
  default: return MPI_ERR_ARG;
  }
  return rc == MPI_SUCCESS ? MPI_Wait(&rq, &st) : rc;
}

/* Every chunk of the plan with the class daccess (0-element calls only where collective). */
static int io_run_chunks(sk_mctx *m, io_state *s, MPI_File fh, char *buf, int write, long daccess)
{
  long i;
  size_t ext = s->a.memtype->extent;
  for (i = 0; i < s->n; i++) {
    if (s->len[i] == 0 && !(daccess & SK_IO_COLLECTIVE)) continue;
    if (!io_ok(m, s, io_access(fh, write, daccess, (MPI_Offset)s->off[i] * s->ratio, buf + (size_t)s->mem[i] * ext,
                               (int)s->len[i], s->a.memtype->mpi), sk_io_routine(daccess, write)))
      return 0;
  }
  return 1;
}

/* ---- opening ---- */

static int io_open(sk_mctx *m, io_state *s, int amode, MPI_File *fh)
{
  const sk_io_config *io = io_cfg(m);
  int rc;
  if (io->unique_open) amode |= MPI_MODE_UNIQUE_OPEN;
  if (s->sequential && (amode & MPI_MODE_RDWR)) amode = (amode & ~MPI_MODE_RDWR) | MPI_MODE_WRONLY;
  if (s->sequential) amode |= MPI_MODE_SEQUENTIAL;   /* which allows no RDWR */
  *fh = MPI_FILE_NULL;
  if (!io_ok(m, s, MPI_File_open(s->comm, s->path, amode, s->info, fh), "MPI_File_open")) return 0;
  rc = MPI_File_set_view(*fh, s->sequential ? MPI_DISPLACEMENT_CURRENT : 0, s->a.etype->mpi, s->view,
                         (char *)io->datarep, s->info);
  if (!io_ok(m, s, rc, "MPI_File_set_view")) { MPI_File_close(fh); return 0; }
  if (io->atomicity) MPI_File_set_atomicity(*fh, 1);
  return 1;
}

#define IO_WRITE_MODE (MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE)

/* The file's name, made collectively over the measurement communicator. */
static void io_name(sk_mctx *m, io_state *s, const char *kind, int group)
{
  sk_io_new_name(sk_mpi_comm(m), io_cfg(m)->dir, kind, group, s->path, sizeof s->path);
}

/* ---- data patterns and verification ---- */

static unsigned char io_pattern(int owner, size_t k)
{
  return (unsigned char)((owner * 37 + (long)(k % 65521) * 11 + (long)(k >> 16) + 3) & 0xff);
}

static void io_fill(char *buf, size_t bytes, int owner)
{
  size_t k;
  for (k = 0; k < bytes; k++) buf[k] = (char)io_pattern(owner, k);
}

/* Whether this call is the verification call (the first one with verification on:
** the engine's verification pass, whose time is not used); marks it done. */
static int io_verify_now(sk_mctx *m, io_state *s)
{
  int now = m->settings != NULL && m->settings->verify && !s->verified;
  if (now) s->verified = 1;
  return now;
}

static void io_fill(char *buf, size_t bytes, int owner);

/* The buffer of the verification call: a writer's holds its pattern, a reader's zeros
** (so that what was not read shows). */
static void io_verify_buffer(sk_mctx *m, const io_state *s, int verify, char *buf)
{
  if (!verify) return;
  if (s->write) io_fill(buf, m->send_usage, s->owner);
  else memset(buf, 0, m->recv_usage);
}

/* Compares the data of `elements` memtype elements in got with those in want (packed,
** so holes of derived types do not count); a mismatch names `what` and the first
** differing byte (verify.h). */
static int io_compare(sk_mctx *m, const io_state *s, const char *what, char *got, char *want, long elements)
{
  int size = 0, p1 = 0, p2 = 0, k;
  char *a, *b, msg[200];
  MPI_Comm self = MPI_COMM_SELF;
  if (elements <= 0) return 1;
  MPI_Pack_size((int)elements, s->a.memtype->mpi, self, &size);
  a = (char *)sk_malloc((size_t)size + 1);
  b = (char *)sk_malloc((size_t)size + 1);
  MPI_Pack(got, (int)elements, s->a.memtype->mpi, a, size, &p1, self);
  MPI_Pack(want, (int)elements, s->a.memtype->mpi, b, size, &p2, self);
  for (k = 0; k < p1 && a[k] == b[k]; k++) { /* find the first difference */ }
  if (k < p1) {
    sprintf(msg, "%.40s: %.80s, data byte %d of %d in type-map order", s->fn, what, k, p1);
    sk_verify_mismatch(m, msg, (size_t)k, (unsigned char)a[k], (unsigned char)b[k]);
  }
  free(a);
  free(b);
  return k >= p1;
}

/* What a reader should find: the owner's pattern over `elements` elements. */
static void io_verify_read(sk_mctx *m, const io_state *s, char *got, long elements)
{
  size_t bytes = sk_mpi_bytes(elements, s->a.memtype);
  char *want = (char *)sk_malloc(bytes + 1);
  io_fill(want, bytes, s->owner);
  io_compare(m, s, "read buffer", got, want, elements);
  free(want);
}

/* hist[v] += the number of data bytes of value v in `elements` memtype elements at buf
** (packed: holes of derived types do not count). */
static void io_histogram(const io_state *s, char *buf, long elements, long *hist)
{
  int size = 0, pos = 0, k;
  char *packed;
  if (elements <= 0) return;
  MPI_Pack_size((int)elements, s->a.memtype->mpi, MPI_COMM_SELF, &size);
  packed = (char *)sk_malloc((size_t)size + 1);
  MPI_Pack(buf, (int)elements, s->a.memtype->mpi, packed, size, &pos, MPI_COMM_SELF);
  for (k = 0; k < pos; k++) hist[(unsigned char)packed[k]]++;
  free(packed);
}

/* Non-collective shared-pointer accesses place the chunks in no determined order (MPI-2
** §9.4.4): the data must still be all the chunks of all processes, each once. Checked as
** the count of every byte value: for a write, the file's data (a second handle, rank 0
** of the file's communicator reads it all) against everything the processes wrote; for
** a read, everything the processes read against everything in the file (their
** patterns, written in init). The noncontiguous patterns give every process a view of
** its own, with which shared-pointer routines are erroneous (MPI-2 §9.4.4: all
** processes must use the same view): their data has no place to check. */
static void io_verify_unordered(sk_mctx *m, io_state *s, MPI_File fh, char *data)
{
  long mine[257], all[257], found[256];
  int v, me = 0;
  size_t bytes;
  char *back, msg[200];
  MPI_File reader;
  if (s->own_view != MPI_DATATYPE_NULL) return;
  memset(mine, 0, sizeof mine);
  memset(found, 0, sizeof found);
  MPI_Comm_rank(s->comm, &me);
  if (s->write) io_histogram(s, data, s->elements, mine);
  else {
    bytes = sk_mpi_bytes(s->elements, s->a.memtype);
    back = (char *)sk_malloc(bytes + 1);
    io_fill(back, bytes, s->owner);
    io_histogram(s, back, s->elements, mine);
    free(back);
    io_histogram(s, data, s->elements, found);
  }
  mine[256] = s->elements;
  MPI_Allreduce(mine, all, 257, MPI_LONG, MPI_SUM, s->comm);
  if (s->write) {
    int seq = s->sequential;
    MPI_File_sync(fh);
    MPI_Barrier(s->comm);
    s->sequential = 0;
    if (!io_open(m, s, MPI_MODE_RDONLY, &reader)) { s->sequential = seq; return; }
    s->sequential = seq;
    if (me == 0) {
      MPI_Status st;
      bytes = sk_mpi_bytes(all[256], s->a.memtype);
      back = (char *)sk_malloc(bytes + 1);
      memset(back, 0, bytes + 1);
      if (io_ok(m, s, MPI_File_read_at(reader, 0, back, (int)all[256], s->a.memtype->mpi, &st), "MPI_File_read_at"))
        io_histogram(s, back, all[256], found);
      free(back);
    }
    MPI_File_close(&reader);
  } else {
    MPI_Allreduce(found, mine, 256, MPI_LONG, MPI_SUM, s->comm);
    memcpy(found, mine, sizeof found);
  }
  if (me != 0 || m->failed) return;
  for (v = 0; v < 256 && found[v] == all[v]; v++) { /* find a byte value that differs */ }
  if (v < 256) {
    sprintf(msg, "process %d of %d: %.40s: %.40s in no determined order: the data holds %ld bytes 0x%02x, "
            "the processes %s %ld", m->rank, m->size, s->fn, s->write ? "file read back" : "read buffers", found[v], v,
            s->write ? "wrote" : "wrote to the file", all[v]);
    sk_meas_fail(m, msg);
  }
}

/* Whether the positions of daccess are determined (explicit, individual, ordered). */
static int io_determined(long daccess)
{
  return !(daccess & SK_IO_SHARED_FILE_POINTER) || (daccess & SK_IO_COLLECTIVE);
}

/* A write reads its chunks back and compares: with MPI_File_read_at at the positions of
** the plan, or, where the shared pointer placed them, with MPI_File_read_ordered from
** the start (the order of MPI_File_write_ordered: rank order in every call). A
** MPI_MODE_SEQUENTIAL file is write-only: a second handle reads it (after sync-barrier-
** sync, MPI-2 §9.6.1). Non-collective shared-pointer writes land in no determined
** order: io_verify_unordered. */
static void io_verify_write(sk_mctx *m, io_state *s, MPI_File fh, char *sent)
{
  size_t bytes = sk_mpi_bytes(s->elements, s->a.memtype);
  char *back;
  long daccess = s->a.daccess & SK_IO_SHARED_FILE_POINTER ? 0x214 : 0x111;
  MPI_File reader = fh;
  int seq = s->sequential;
  if (!io_determined(s->a.daccess)) { io_verify_unordered(m, s, fh, sent); return; }
  if (seq) {
    MPI_File_sync(fh);
    MPI_Barrier(s->comm);
    s->sequential = 0;
    if (!io_open(m, s, MPI_MODE_RDONLY, &reader)) { s->sequential = seq; return; }
    s->sequential = seq;
  }
  back = (char *)sk_malloc(bytes + 1);
  memset(back, 0, bytes + 1);
  if (daccess == 0x214) MPI_File_seek_shared(reader, 0, MPI_SEEK_SET);
  if (io_run_chunks(m, s, reader, back, 0, daccess)) io_compare(m, s, "file read back", back, sent, s->elements);
  if (reader != fh) MPI_File_close(&reader);
  free(back);
}

/* ---- the pattern measurements ---- */

/* Writes the file a read measurement reads: every process its chunks, with the write
** routine of the class (so the shared-pointer classes leave the data where they find
** it), from its pattern. */
static void io_make_file(sk_mctx *m, io_state *s)
{
  MPI_File fh;
  size_t bytes = sk_mpi_bytes(s->elements, s->a.memtype);
  char *buf;
  int seq = s->sequential;
  if (!s->active || m->failed) return;
  buf = (char *)sk_malloc(bytes + 1);
  io_fill(buf, bytes, s->owner);
  s->sequential = 0;
  if (io_open(m, s, MPI_MODE_RDWR | MPI_MODE_CREATE, &fh)) {
    s->made = 1;
    io_run_chunks(m, s, fh, buf, 1, seq ? (s->a.daccess & SK_IO_COLLECTIVE ? 0x214 : 0x114) : s->a.daccess);
    MPI_File_close(&fh);
  }
  s->sequential = seq;
  free(buf);
}

/* Declares the buffers and, for reads, makes the file. */
static void io_pattern_ready(sk_mctx *m, io_state *s, long reported)
{
  size_t bytes = sk_mpi_bytes(s->elements, s->a.memtype);
  if (m->failed) return;
  if (s->write) m->send_usage = bytes; else m->recv_usage = bytes;
  m->reported_size = reported;
  if (!s->write && !s->unsupported) io_make_file(m, s);
}

static double io_pattern_measure(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_of(m);
  const sk_io_config *io = io_cfg(m);
  MPI_File fh;
  char *buf = s->write ? m->send_buf : m->recv_buf;
  int verify;
  double start, t;
  (void)args;
  if (s->unsupported || !s->active) return -1.0;
  verify = io_verify_now(m, s);
  io_verify_buffer(m, s, verify, buf);
  if (!io_open(m, s, s->write ? IO_WRITE_MODE : MPI_MODE_RDONLY, &fh)) return -1.0;
  if (s->write && io->preallocation)
    MPI_File_preallocate(fh, (MPI_Offset)sk_mpi_data_bytes(s->elements, s->a.memtype) * (MPI_Offset)m->size);
  start = sk_sync_start(m);
  io_run_chunks(m, s, fh, buf, s->write, s->a.daccess);
  if (io->file_sync) MPI_File_sync(fh);
  t = sk_sync_stop(m) - start;
  if (verify && s->write) io_verify_write(m, s, fh, buf);
  else if (verify && io_determined(s->a.daccess)) io_verify_read(m, s, buf, s->elements);
  else if (verify) io_verify_unordered(m, s, fh, buf);
  MPI_File_close(&fh);
  return t;
}

static void io_finalize(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_of(m);
  (void)args;
  if (s == NULL) return;
  if (s->fh != MPI_FILE_NULL) MPI_File_close(&s->fh);
  if (s->path[0]) {
    MPI_Barrier(sk_mpi_comm(m));        /* nobody still has it open */
    sk_io_remove(s->path);              /* every process: own files, or the shared one */
  }
  if (s->own_comm != MPI_COMM_NULL) MPI_Comm_free(&s->own_comm);
  if (s->own_view != MPI_DATATYPE_NULL) MPI_Type_free(&s->own_view);
  if (s->info != MPI_INFO_NULL) MPI_Info_free(&s->info);
  free(s->off);
  free(s->len);
  free(s->mem);
  free(s);
  m->state = NULL;
}

/* The three patterns with a stride (memsize, blocklen, stride, mef, daccess):
** segmented: rank r's memsize elements at r*stride (stride >= memsize), blocklen chunks;
** strided: chunk i of rank r at (i*P + r)*stride (stride >= blocklen);
** separate: a file per process (MPI_COMM_SELF), chunk i at i*stride (stride >= blocklen). */
enum io_stride_kind { IO_SEGMENTED, IO_STRIDED, IO_SEPARATE };

static void io_init_stride(sk_mctx *m, const sk_value *args, const char *fn, int write, enum io_stride_kind kind)
{
  static const char *const kinds[3] = { "segmented", "strided", "separate" };
  io_state *s = io_new(m, fn, "mbsTd", args, write);
  long r = m->rank, least = kind == IO_SEGMENTED ? s->a.memsize : s->a.blocklen;
  char msg[120];
  if (!io_check_blocks(m, s, s->a.memsize, s->a.blocklen) || !io_check_types(m, s)) return;
  if (s->a.stride < least) {
    sprintf(msg, "%.40s: stride must be at least %s (%ld)", fn, kind == IO_SEGMENTED ? "memsize" : "blocklen", least);
    sk_meas_fail(m, msg);
    return;
  }
  if (kind == IO_SEGMENTED) io_plan_run(s, s->a.memsize, s->a.blocklen, r * s->a.stride, s->a.blocklen);
  else if (kind == IO_STRIDED) io_plan_run(s, s->a.memsize, s->a.blocklen, r * s->a.stride, (long)m->size * s->a.stride);
  else io_plan_run(s, s->a.memsize, s->a.blocklen, 0, s->a.stride);
  if (kind == IO_SEPARATE) s->comm = MPI_COMM_SELF;
  io_name(m, s, kinds[kind], kind == IO_SEPARATE ? m->rank : 0);
  io_pattern_ready(m, s, io_total(m, s, s->a.memsize));
}

static void init_MPI_IO_write_segmented(sk_mctx *m, const sk_value *a) { io_init_stride(m, a, "MPI_IO_write_segmented", 1, IO_SEGMENTED); }
static void init_MPI_IO_read_segmented(sk_mctx *m, const sk_value *a) { io_init_stride(m, a, "MPI_IO_read_segmented", 0, IO_SEGMENTED); }
static void init_MPI_IO_write_strided(sk_mctx *m, const sk_value *a) { io_init_stride(m, a, "MPI_IO_write_strided", 1, IO_STRIDED); }
static void init_MPI_IO_read_strided(sk_mctx *m, const sk_value *a) { io_init_stride(m, a, "MPI_IO_read_strided", 0, IO_STRIDED); }
static void init_MPI_IO_write_separate(sk_mctx *m, const sk_value *a) { io_init_stride(m, a, "MPI_IO_write_separate", 1, IO_SEPARATE); }
static void init_MPI_IO_read_separate(sk_mctx *m, const sk_value *a) { io_init_stride(m, a, "MPI_IO_read_separate", 0, IO_SEPARATE); }

/* sequential: MPI_MODE_SEQUENTIAL, shared-pointer classes only, blocklen chunks */
static void io_init_sequential(sk_mctx *m, const sk_value *args, const char *fn, int write)
{
  io_state *s = io_new(m, fn, "mbTd", args, write);
  if (!io_check_blocks(m, s, s->a.memsize, s->a.blocklen) || !io_check_types(m, s)) return;
  io_plan_run(s, s->a.memsize, s->a.blocklen, 0, s->a.blocklen);
  s->sequential = 1;
  s->unsupported = !(s->a.daccess & SK_IO_SHARED_FILE_POINTER);
  io_name(m, s, "sequential", 0);
  io_pattern_ready(m, s, io_total(m, s, s->a.memsize));
}

static void init_MPI_IO_write_sequential(sk_mctx *m, const sk_value *a) { io_init_sequential(m, a, "MPI_IO_write_sequential", 1); }
static void init_MPI_IO_read_sequential(sk_mctx *m, const sk_value *a) { io_init_sequential(m, a, "MPI_IO_read_sequential", 0); }

/* noncontiguous: the view shows rank r the blocks r, r+P, r+2P, ... of blocklen elements
** (a vector of etypes, resized to P blocks); the rank's chunks are consecutive in it. */
static void io_init_noncontiguous(sk_mctx *m, const sk_value *args, const char *fn, int write)
{
  io_state *s = io_new(m, fn, "mbTd", args, write);
  MPI_Datatype block;
  MPI_Aint ext = (MPI_Aint)s->a.etype->extent, disp;
  int etypes;
  if (!io_check_blocks(m, s, s->a.memsize, s->a.blocklen) || !io_check_types(m, s)) return;
  etypes = (int)(s->a.blocklen * s->ratio);
  if (etypes < 1) etypes = 1;
  disp = (MPI_Aint)m->rank * etypes * ext;
  MPI_Type_create_hindexed(1, &etypes, &disp, s->a.etype->mpi, &block);
  MPI_Type_create_resized(block, 0, (MPI_Aint)m->size * etypes * ext, &s->own_view);
  MPI_Type_free(&block);
  MPI_Type_commit(&s->own_view);
  s->view = s->own_view;
  io_plan_run(s, s->a.memsize, s->a.blocklen, 0, s->a.blocklen);
  io_name(m, s, "noncontiguous", 0);
  io_pattern_ready(m, s, io_total(m, s, s->a.memsize));
}

static void init_MPI_IO_write_noncontiguous(sk_mctx *m, const sk_value *a) { io_init_noncontiguous(m, a, "MPI_IO_write_noncontiguous", 1); }
static void init_MPI_IO_read_noncontiguous(sk_mctx *m, const sk_value *a) { io_init_noncontiguous(m, a, "MPI_IO_read_noncontiguous", 0); }

/* random: per-rank memsize[r] and blocklen[r] (arrays indexed by rank); round i holds
** chunk i of every rank that still has one, in rank order, without gaps */
static void io_init_random(sk_mctx *m, const sk_value *args, const char *fn, int write)
{
  io_state *s = io_new(m, fn, "ABTd", args, write);
  long rounds = 0, i, pos = 0, total = 0, mine = 0;
  int q;
  char msg[160];
  if (sk_array_length(s->a.memsizes) < (size_t)m->size || sk_array_length(s->a.blocklens) < (size_t)m->size) {
    sprintf(msg, "%.40s: memsize and blocklen need one entry per process (%d)", fn, m->size);
    sk_meas_fail(m, msg);
    return;
  }
  for (q = 0; q < m->size; q++) {
    long ms = sk_iarray_get(s->a.memsizes, (size_t)q), bl = sk_iarray_get(s->a.blocklens, (size_t)q);
    if (!io_check_blocks(m, s, ms, bl)) return;
    if (io_chunks(ms, bl) > rounds) rounds = io_chunks(ms, bl);
    total += ms;
  }
  if (!io_check_types(m, s)) return;
  io_plan(s, rounds);
  for (i = 0; i < rounds; i++)
    for (q = 0; q < m->size; q++) {
      long ms = sk_iarray_get(s->a.memsizes, (size_t)q), bl = sk_iarray_get(s->a.blocklens, (size_t)q);
      long len = i < io_chunks(ms, bl) ? (ms - i * bl < bl ? ms - i * bl : bl) : 0;
      if (q == m->rank) { s->off[i] = pos; s->len[i] = len; s->mem[i] = mine; mine += len; }
      pos += len;
    }
  s->elements = mine;
  io_name(m, s, "random", 0);
  io_pattern_ready(m, s, sk_mpi_data_bytes(total, s->a.memtype));
}

static void init_MPI_IO_write_random(sk_mctx *m, const sk_value *a) { io_init_random(m, a, "MPI_IO_write_random", 1); }
static void init_MPI_IO_read_random(sk_mctx *m, const sk_value *a) { io_init_random(m, a, "MPI_IO_read_random", 0); }

/* once: one access of count elements; private: own file at 0, else the shared file at r*count */
static void io_init_once(sk_mctx *m, const sk_value *args, const char *fn, int write)
{
  io_state *s = io_new(m, fn, "cTfd", args, write);
  if (!sk_mpi_check_count(m, fn, "count", s->a.count) || !io_check_types(m, s)) return;
  io_plan(s, 1);
  s->off[0] = s->a.flag ? 0 : (long)m->rank * s->a.count;
  s->len[0] = s->a.count;
  s->mem[0] = 0;
  s->elements = s->a.count;
  if (s->a.flag) s->comm = MPI_COMM_SELF;
  io_name(m, s, s->a.flag ? "private" : "shared", s->a.flag ? m->rank : 0);
  io_pattern_ready(m, s, io_total(m, s, s->a.count));
}

static void init_MPI_IO_write_once(sk_mctx *m, const sk_value *a) { io_init_once(m, a, "MPI_IO_write_once", 1); }
static void init_MPI_IO_read_once(sk_mctx *m, const sk_value *a) { io_init_once(m, a, "MPI_IO_read_once", 0); }

#define measure_MPI_IO_write_segmented io_pattern_measure
#define measure_MPI_IO_read_segmented io_pattern_measure
#define measure_MPI_IO_write_strided io_pattern_measure
#define measure_MPI_IO_read_strided io_pattern_measure
#define measure_MPI_IO_write_separate io_pattern_measure
#define measure_MPI_IO_read_separate io_pattern_measure
#define measure_MPI_IO_write_sequential io_pattern_measure
#define measure_MPI_IO_read_sequential io_pattern_measure
#define measure_MPI_IO_write_noncontiguous io_pattern_measure
#define measure_MPI_IO_read_noncontiguous io_pattern_measure
#define measure_MPI_IO_write_random io_pattern_measure
#define measure_MPI_IO_read_random io_pattern_measure
#define measure_MPI_IO_write_once io_pattern_measure
#define measure_MPI_IO_read_once io_pattern_measure

/* ---- reading whole files ---- */

/* read_file(count, mef, daccess): every process opens, reads the count-element file and
** closes, all timed; rank 0 wrote the file in init. Shared-pointer classes: -1. */
static void init_MPI_IO_read_file(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_new(m, "MPI_IO_read_file", "cTd", args, 0);
  if (!sk_mpi_check_count(m, s->fn, "count", s->a.count) || !io_check_types(m, s)) return;
  s->unsupported = (s->a.daccess & SK_IO_SHARED_FILE_POINTER) != 0;
  io_plan(s, 1);
  s->off[0] = s->mem[0] = 0;
  s->len[0] = m->rank == 0 ? s->a.count : 0;
  s->elements = s->a.count;
  s->owner = 0;
  io_name(m, s, "file", 0);
  if (!s->unsupported) io_make_file(m, s);    /* rank 0's chunk: the whole file */
  s->len[0] = s->a.count;                     /* everybody reads all of it */
  m->recv_usage = sk_mpi_bytes(s->a.count, s->a.memtype);
  m->reported_size = io_total(m, s, s->a.count);
}

/* The timed open-read-close of the file readers (read_file, read_and_distribute). */
static void io_open_read_close(sk_mctx *m, io_state *s, char *buf)
{
  MPI_File fh;
  if (!io_open(m, s, MPI_MODE_RDONLY, &fh)) return;
  io_run_chunks(m, s, fh, buf, 0, s->a.daccess);
  MPI_File_close(&fh);
}

static double measure_MPI_IO_read_file(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_of(m);
  double start, t;
  int verify;
  (void)args;
  if (s->unsupported) return -1.0;
  verify = io_verify_now(m, s);
  io_verify_buffer(m, s, verify, m->recv_buf);
  start = sk_sync_start(m);
  io_open_read_close(m, s, m->recv_buf);
  t = sk_sync_stop(m) - start;
  if (verify) io_verify_read(m, s, m->recv_buf, s->a.count);
  return t;
}

/* read_and_distribute(count, np, mef, daccess): the first np processes (np capped at P,
** count rounded up to a multiple of np) open, read count/np elements each and close, then
** MPI_Allgatherv gives every process the whole file; all timed. Shared pointers: -1. */
static void init_MPI_IO_read_and_distribute(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_new(m, "MPI_IO_read_and_distribute", "cpTd", args, 0);
  long part;
  if (!sk_mpi_check_count(m, s->fn, "count", s->a.count) || !io_check_types(m, s)) return;
  if (s->a.np < 1) { sk_meas_fail(m, "MPI_IO_read_and_distribute: np must be at least 1"); return; }
  if (s->a.np > m->size) s->a.np = m->size;
  s->a.count = (s->a.count + s->a.np - 1) / s->a.np * s->a.np;
  if (!sk_mpi_check_count(m, s->fn, "count", s->a.count)) return;
  part = s->a.count / s->a.np;
  s->unsupported = (s->a.daccess & SK_IO_SHARED_FILE_POINTER) != 0;
  s->active = m->rank < s->a.np;
  MPI_Comm_split(sk_mpi_comm(m), s->active ? 0 : MPI_UNDEFINED, m->rank, &s->own_comm);
  if (s->active) s->comm = s->own_comm;
  io_plan(s, 1);
  s->off[0] = s->mem[0] = s->active ? (long)m->rank * part : 0;
  s->len[0] = s->active ? part : 0;
  s->elements = s->a.count;
  s->owner = 0;
  io_name(m, s, "distribute", 0);
  if (!s->unsupported && s->active) {   /* the first process writes the whole file */
    long mine[3];
    mine[0] = s->off[0]; mine[1] = s->len[0]; mine[2] = s->mem[0];
    s->off[0] = s->mem[0] = 0;
    s->len[0] = m->rank == 0 ? s->a.count : 0;
    io_make_file(m, s);
    s->off[0] = mine[0]; s->len[0] = mine[1]; s->mem[0] = mine[2];
  }
  m->recv_usage = sk_mpi_bytes(s->a.count, s->a.memtype);
  m->reported_size = io_total(m, s, s->a.count);
}

static double measure_MPI_IO_read_and_distribute(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_of(m);
  int *counts, *displs, q, part, verify;
  double start, t;
  (void)args;
  if (s->unsupported) return -1.0;
  verify = io_verify_now(m, s);
  io_verify_buffer(m, s, verify, m->recv_buf);
  part = (int)(s->a.count / s->a.np);
  counts = (int *)sk_malloc(sizeof(int) * (size_t)m->size);
  displs = (int *)sk_malloc(sizeof(int) * (size_t)m->size);
  for (q = 0; q < m->size; q++) {
    counts[q] = q < s->a.np ? part : 0;
    displs[q] = q < s->a.np ? q * part : 0;
  }
  start = sk_sync_start(m);
  if (s->active) io_open_read_close(m, s, m->recv_buf);
  MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, m->recv_buf, counts, displs, s->a.memtype->mpi, sk_mpi_comm(m));
  t = sk_sync_stop(m) - start;
  if (verify) io_verify_read(m, s, m->recv_buf, s->a.count);
  free(counts);
  free(displs);
  return t;
}

/* ---- write_and_read: pairs (2k, 2k+1) share a file; the odd one writes a chunk, says
** so with a 0-byte message, the even one reads it; with atomicity off both call
** MPI_File_sync around the message (sync-barrier-sync of MPI-2 §9.6.1). With an odd
** number of processes the last one has no partner and returns -1. ---- */

#define IO_PAIR_TAG 4711

static void init_MPI_IO_write_and_read(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_new(m, "MPI_IO_write_and_read", "mbTd", args, 0);
  long i;
  if (!io_check_blocks(m, s, s->a.memsize, s->a.blocklen) || !io_check_types(m, s)) return;
  s->write = m->rank % 2 == 1;
  s->owner = m->rank | 1;
  s->active = (m->rank ^ 1) < m->size;    /* with an odd number the last process has no partner */
  s->unsupported = (s->a.daccess & SK_IO_SHARED_FILE_POINTER) != 0;
  MPI_Comm_split(sk_mpi_comm(m), s->active ? m->rank / 2 : MPI_UNDEFINED, m->rank, &s->own_comm);
  s->comm = s->own_comm;
  io_plan_run(s, s->a.memsize, s->a.blocklen, 0, s->a.blocklen);
  for (i = 0; i < s->n; i++) s->mem[i] = 0;   /* every chunk goes through one buffer block */
  s->elements = s->a.blocklen < s->a.memsize ? s->a.blocklen : s->a.memsize;
  io_name(m, s, "pair", m->rank / 2);
  if (s->write) m->send_usage = sk_mpi_bytes(s->elements, s->a.memtype);
  else m->recv_usage = sk_mpi_bytes(s->elements, s->a.memtype);
  m->reported_size = io_total(m, s, s->a.memsize);
}

static double measure_MPI_IO_write_and_read(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_of(m);
  const sk_io_config *io = io_cfg(m);
  MPI_File fh;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status st;
  char *buf = s->write ? m->send_buf : m->recv_buf;
  int verify, partner = m->rank ^ 1;
  long i, collective = s->a.daccess & SK_IO_COLLECTIVE;
  double start, t;
  (void)args;
  if (s->unsupported) return -1.0;
  if (!s->active) {   /* no partner: takes part in the synchronisation only */
    sk_sync_start(m);
    sk_sync_stop(m);
    return -1.0;
  }
  verify = io_verify_now(m, s);
  io_verify_buffer(m, s, verify, buf);
  if (!io_open(m, s, IO_WRITE_MODE, &fh)) return -1.0;
  start = sk_sync_start(m);
  for (i = 0; i < s->n; i++) {
    MPI_Offset off = (MPI_Offset)s->off[i] * s->ratio;
    int len = (int)s->len[i];
    if (s->write || collective)
      io_ok(m, s, io_access(fh, 1, s->a.daccess, off, buf, s->write ? len : 0, s->a.memtype->mpi), "write");
    if (!io->atomicity) MPI_File_sync(fh);
    if (s->write) MPI_Send(buf, 0, MPI_BYTE, partner, IO_PAIR_TAG, comm);
    else MPI_Recv(buf, 0, MPI_BYTE, partner, IO_PAIR_TAG, comm, &st);
    if (!io->atomicity) MPI_File_sync(fh);
    if (!s->write || collective)
      io_ok(m, s, io_access(fh, 0, s->a.daccess, off, buf, s->write ? 0 : len, s->a.memtype->mpi), "read");
  }
  t = sk_sync_stop(m) - start;
  if (verify && !s->write && s->n > 0) io_verify_read(m, s, buf, s->len[s->n - 1]);
  MPI_File_close(&fh);
  return t;
}

/* ---- open, close, delete, preallocate, seek ---- */

/* A failed check of the verification call that is no byte comparison (file size,
** file pointer, existence), in the form of verify.h's messages. */
static void io_verify_fail(sk_mctx *m, const io_state *s, const char *what)
{
  char msg[260];
  sprintf(msg, "process %d of %d: %.40s: %.180s", m->rank, m->size, s->fn, what);
  sk_meas_fail(m, msg);
}

/* The verification call of a deletion: the file must be gone (an MPI_File_open of it
** on this process alone fails). */
static void io_verify_gone(sk_mctx *m, io_state *s, const char *after)
{
  MPI_File fh = MPI_FILE_NULL;
  char what[120];
  if (MPI_File_open(MPI_COMM_SELF, s->path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh) != MPI_SUCCESS) return;
  MPI_File_close(&fh);
  sprintf(what, "the file still exists after %.80s", after);
  io_verify_fail(m, s, what);
}

/* A file of `bytes` bytes (rank 0 writes them) made collectively in init. */
static void io_make_bytes(sk_mctx *m, io_state *s, long bytes)
{
  MPI_File fh;
  char *buf;
  if (!sk_mpi_check_count(m, s->fn, "count", bytes)) return;
  if (!io_open(m, s, MPI_MODE_RDWR | MPI_MODE_CREATE, &fh)) return;
  s->made = 1;
  if (m->rank == 0 && bytes > 0) {
    MPI_Status st;
    buf = (char *)sk_malloc((size_t)bytes);
    io_fill(buf, (size_t)bytes, 0);
    io_ok(m, s, MPI_File_write_at(fh, 0, buf, (int)bytes, MPI_BYTE, &st), "MPI_File_write_at");
    free(buf);
  }
  MPI_File_close(&fh);
}

/* MPI_IO_open(create_file): the collective open (RDWR, with CREATE|DELETE_ON_CLOSE if
** create_file; else of a file made in init). */
static void init_MPI_IO_open(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_new(m, "MPI_IO_open", "f", args, 0);
  io_name(m, s, "open", 0);
  if (!s->a.flag) io_make_bytes(m, s, 0);
}

static double measure_MPI_IO_open(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_of(m);
  const sk_io_config *io = io_cfg(m);
  MPI_File fh = MPI_FILE_NULL;
  int amode = MPI_MODE_RDWR | (s->a.flag ? MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE : 0);
  double start, t;
  int rc;
  (void)args;
  if (io->unique_open) amode |= MPI_MODE_UNIQUE_OPEN;
  start = sk_sync_start(m);
  rc = MPI_File_open(s->comm, s->path, amode, s->info, &fh);
  t = sk_sync_stop(m) - start;
  if (io_ok(m, s, rc, "MPI_File_open")) MPI_File_close(&fh);
  return t;
}

/* MPI_IO_close(count): the close of a count-byte file (rank 0 wrote it in init) */
static void init_MPI_IO_close(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_new(m, "MPI_IO_close", "c", args, 0);
  io_name(m, s, "close", 0);
  io_make_bytes(m, s, s->a.count);
}

static double measure_MPI_IO_close(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_of(m);
  MPI_File fh;
  double start;
  (void)args;
  if (!io_open(m, s, MPI_MODE_RDWR, &fh)) return -1.0;
  start = sk_sync_start(m);
  MPI_File_close(&fh);
  return sk_sync_stop(m) - start;
}

/* The verification call of open_close: after sync-barrier-sync (MPI-2 §9.6.1) the byte
** of the next process is the one it wrote. */
static void io_verify_next_byte(sk_mctx *m, io_state *s, MPI_File fh)
{
  MPI_Status st;
  int next = (m->rank + 1) % m->size;
  char got = 0;
  MPI_File_sync(fh);
  MPI_Barrier(s->comm);
  MPI_File_sync(fh);
  if (io_ok(m, s, MPI_File_read_at(fh, (MPI_Offset)next, &got, 1, MPI_BYTE, &st), "MPI_File_read_at")
      && (unsigned char)got != io_pattern(next, 0)) {
    char what[120];
    sprintf(what, "%.40s: the byte of process %d read back", s->fn, next);
    sk_verify_mismatch(m, what, (size_t)next, (unsigned char)got, io_pattern(next, 0));
  }
}

/* MPI_IO_open_close(create_flag): open (+CREATE), view, a 1-byte write by every process
** (at its rank), close -- all timed; with create_flag the file is deleted after each call */
static void init_MPI_IO_open_close(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_new(m, "MPI_IO_open_close", "f", args, 1);
  io_name(m, s, "open_close", 0);
  if (!s->a.flag) io_make_bytes(m, s, 0);
  m->send_usage = 1;
}

static double measure_MPI_IO_open_close(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_of(m);
  MPI_File fh;
  MPI_Status st;
  double start, t;
  int verify = io_verify_now(m, s);
  (void)args;
  if (verify) m->send_buf[0] = (char)io_pattern(m->rank, 0);
  start = sk_sync_start(m);
  if (io_open(m, s, MPI_MODE_RDWR | (s->a.flag ? MPI_MODE_CREATE : 0), &fh)) {
    io_ok(m, s, MPI_File_write_at(fh, (MPI_Offset)m->rank, m->send_buf, 1, MPI_BYTE, &st), "MPI_File_write_at");
    if (verify) io_verify_next_byte(m, s, fh);
    MPI_File_close(&fh);
  }
  t = sk_sync_stop(m) - start;
  if (s->a.flag) {
    MPI_Barrier(s->comm);
    if (m->rank == 0) MPI_File_delete(s->path, s->info);
    MPI_Barrier(s->comm);
  }
  return t;
}

/* MPI_IO_delete(count): rank 0 writes count bytes to a file of its own, then its
** MPI_File_delete is timed; no synchronisation; the others return -1 */
static void init_MPI_IO_delete(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_new(m, "MPI_IO_delete", "c", args, 0);
  sk_mpi_check_count(m, s->fn, "count", s->a.count);
  io_name(m, s, "delete", 0);
  s->comm = MPI_COMM_SELF;
}

static double measure_MPI_IO_delete(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_of(m);
  double start;
  int rc;
  (void)args;
  if (m->rank != 0) return -1.0;
  io_make_bytes(m, s, s->a.count);
  start = MPI_Wtime();
  rc = MPI_File_delete(s->path, s->info);
  start = MPI_Wtime() - start;
  if (!io_ok(m, s, rc, "MPI_File_delete")) return -1.0;
  if (io_verify_now(m, s)) io_verify_gone(m, s, "MPI_File_delete");
  return start;
}

/* MPI_IO_delete_on_close(count): the collective close of a DELETE_ON_CLOSE file that
** rank 0 wrote count bytes to */
static void init_MPI_IO_delete_on_close(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_new(m, "MPI_IO_delete_on_close", "c", args, 1);
  sk_mpi_check_count(m, s->fn, "count", s->a.count);
  io_name(m, s, "delete_on_close", 0);
  m->send_usage = (size_t)(s->a.count > 0 ? s->a.count : 0);
}

static double measure_MPI_IO_delete_on_close(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_of(m);
  MPI_File fh;
  MPI_Status st;
  double start;
  (void)args;
  if (!io_open(m, s, IO_WRITE_MODE, &fh)) return -1.0;
  if (m->rank == 0 && s->a.count > 0) MPI_File_write_at(fh, 0, m->send_buf, (int)s->a.count, MPI_BYTE, &st);
  start = sk_sync_start(m);
  MPI_File_close(&fh);
  start = sk_sync_stop(m) - start;
  if (io_verify_now(m, s) && m->rank == 0) io_verify_gone(m, s, "the close of a MPI_MODE_DELETE_ON_CLOSE file");
  return start;
}

/* MPI_IO_preallocate(count, with_sync): MPI_File_preallocate of count bytes on a new
** file (+ MPI_File_sync if with_sync) */
static void init_MPI_IO_preallocate(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_new(m, "MPI_IO_preallocate", "cf", args, 1);
  sk_mpi_check_count(m, s->fn, "count", s->a.count);
  io_name(m, s, "preallocate", 0);
}

/* The verification call of preallocate: the file has at least the bytes preallocated. */
static void io_verify_size(sk_mctx *m, io_state *s, MPI_File fh)
{
  MPI_Offset size = 0;
  char what[160];
  if (!io_ok(m, s, MPI_File_get_size(fh, &size), "MPI_File_get_size") || size >= (MPI_Offset)s->a.count) return;
  sprintf(what, "the file has %ld bytes after MPI_File_preallocate of %ld", (long)size, s->a.count);
  io_verify_fail(m, s, what);
}

static double measure_MPI_IO_preallocate(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_of(m);
  MPI_File fh;
  double start, t;
  int rc;
  (void)args;
  if (!io_open(m, s, IO_WRITE_MODE, &fh)) return -1.0;
  start = sk_sync_start(m);
  rc = MPI_File_preallocate(fh, (MPI_Offset)s->a.count);
  if (s->a.flag) MPI_File_sync(fh);
  t = sk_sync_stop(m) - start;
  if (io_ok(m, s, rc, "MPI_File_preallocate") && io_verify_now(m, s)) io_verify_size(m, s, fh);
  MPI_File_close(&fh);
  return t;
}

/* MPI_IO_file_seek / _shared(memsize, blocklen, mef): one seek per call; the positions
** step by blocklen through rank r's segment at r*memsize (shared: through the first
** segment, the same position on every process); the file is open from init to finalize */
static void io_init_seek(sk_mctx *m, const sk_value *args, const char *fn)
{
  io_state *s = io_new(m, fn, "mbT", args, 0);
  if (!io_check_blocks(m, s, s->a.memsize, s->a.blocklen) || !io_check_types(m, s)) return;
  io_name(m, s, "seek", 0);
  if (io_open(m, s, IO_WRITE_MODE, &s->fh)) s->made = 1;
}

/* The verification call of a seek: the pointer is where it was set (in etypes). */
static void io_verify_position(sk_mctx *m, io_state *s, int shared, MPI_Offset pos)
{
  MPI_Offset now = -1;
  char what[160];
  if (shared) MPI_File_get_position_shared(s->fh, &now);
  else MPI_File_get_position(s->fh, &now);
  if (now == pos) return;
  sprintf(what, "the %s file pointer is at %ld after the seek to %ld", shared ? "shared" : "individual", (long)now,
          (long)pos);
  io_verify_fail(m, s, what);
}

static double io_seek(sk_mctx *m, int shared)
{
  io_state *s = io_of(m);
  long step = s->a.memsize > 0 ? (long)(s->calls++ * s->a.blocklen % s->a.memsize) : 0;
  MPI_Offset pos = ((shared ? 0 : (MPI_Offset)m->rank * s->a.memsize) + step) * s->ratio;
  double start;
  int rc;
  start = sk_sync_start(m);
  rc = shared ? MPI_File_seek_shared(s->fh, pos, MPI_SEEK_SET) : MPI_File_seek(s->fh, pos, MPI_SEEK_SET);
  start = sk_sync_stop(m) - start;
  if (!io_ok(m, s, rc, shared ? "MPI_File_seek_shared" : "MPI_File_seek")) return -1.0;
  if (io_verify_now(m, s)) io_verify_position(m, s, shared, pos);
  return start;
}

static void init_MPI_IO_file_seek(sk_mctx *m, const sk_value *a) { io_init_seek(m, a, "MPI_IO_file_seek"); }
static void init_MPI_IO_file_seek_shared(sk_mctx *m, const sk_value *a) { io_init_seek(m, a, "MPI_IO_file_seek_shared"); }
static double measure_MPI_IO_file_seek(sk_mctx *m, const sk_value *a) { (void)a; return io_seek(m, 0); }
static double measure_MPI_IO_file_seek_shared(sk_mctx *m, const sk_value *a) { (void)a; return io_seek(m, 1); }

/* ---- local file-once measurements (SKaMPI 6 localio.c): rank 0 alone, its own file,
** no hints, native representation. ---- */

/* The note of a measurement on the output (world rank 0) or standard error. */
static void io_note(const sk_mctx *m, const io_state *s, const char *text)
{
  char line[300];
  sprintf(line, "# %.40s: %.200s\n", s->fn, text);
  if (m->rank != 0) return;
  if (sk_tp_world_rank() == 0) sk_out_text(line); else fputs(line, stderr);
}

static void io_local_new(sk_mctx *m, io_state *s)
{
  io_name(m, s, "local", 0);
  s->comm = MPI_COMM_SELF;
  if (s->info != MPI_INFO_NULL) MPI_Info_free(&s->info);
}

/* size bytes of rank 0's pattern into the local file (stdio) */
static void io_local_make(sk_mctx *m, io_state *s, long size)
{
  FILE *f;
  char *buf;
  if (m->rank != 0 || m->failed) return;
  buf = (char *)sk_malloc((size_t)size + 1);
  io_fill(buf, (size_t)size, 0);
  f = fopen(s->path, "wb");
  if (f == NULL || fwrite(buf, 1, (size_t)size, f) != (size_t)size || fclose(f) != 0) {
    char msg[200];
    sprintf(msg, "%.40s: cannot write %.120s", s->fn, s->path);
    sk_meas_fail(m, msg);
  }
  s->made = 1;
  free(buf);
}

/* the local file's first `size` bytes against the pattern (stdio) */
static void io_local_verify(sk_mctx *m, io_state *s, const char *data, long size)
{
  FILE *f = fopen(s->path, "rb");
  char *back = (char *)sk_malloc((size_t)size + 1), *want = (char *)sk_malloc((size_t)size + 1);
  io_fill(want, (size_t)size, 0);
  if (data == NULL) {
    if (f == NULL || fread(back, 1, (size_t)size, f) != (size_t)size) memset(back, 0, (size_t)size);
    data = back;
  }
  if (f) fclose(f);
  io_compare(m, s, data == back ? "local file read back" : "read buffer", (char *)data, want, size);
  free(back);
  free(want);
}

static int io_is_posix(const io_state *s) { return s->a.api != NULL && sk_streq(s->a.api, "posix"); }

/* Checks the direct I/O request: O_DIRECT with the POSIX API where the file system
** takes it; otherwise a note in the output says that buffered I/O is used. */
static void io_local_direct(sk_mctx *m, io_state *s)
{
  int fd;
  s->direct = 0;
  if (!s->a.directio || m->rank != 0) return;
  if (!io_is_posix(s)) { io_note(m, s, "direct I/O is done with the posix API only; this call uses MPI-IO as it is"); return; }
  if (IO_O_DIRECT == 0) { io_note(m, s, "this system has no O_DIRECT: buffered I/O is measured"); return; }
  fd = open(s->path, O_RDWR | O_CREAT | IO_O_DIRECT, 0600);
  if (fd < 0) { io_note(m, s, "the file system refuses O_DIRECT: buffered I/O is measured"); return; }
  close(fd);
  s->direct = 1;
  io_note(m, s, "open flags include O_DIRECT");
}

static char *io_aligned(char *raw) { return raw + (IO_DIRECT_ALIGN - (size_t)raw % IO_DIRECT_ALIGN) % IO_DIRECT_ALIGN; }

/* MPI_IO_read_file_once(size, api, directio_flag) */
static void init_MPI_IO_read_file_once(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_new(m, "MPI_IO_read_file_once", "wax", args, 0);
  s->a.count = s->a.power;
  if (!sk_mpi_check_count(m, s->fn, "size", s->a.count)) return;
  io_local_new(m, s);
  io_local_make(m, s, s->a.count);
  io_local_direct(m, s);
  m->recv_usage = (size_t)s->a.count;
  m->reported_size = s->a.count;
}

/* rank 0's POSIX access: open (untimed), read or write + fsync of size bytes (timed) */
static double io_posix(sk_mctx *m, io_state *s, char *buf, long size, int writing, int create)
{
  char *raw = NULL, *data = buf;
  long done = 0, n = 0, moved = size;
  double start;
  int flags = (writing ? O_WRONLY | (create ? O_CREAT | O_TRUNC : 0) : O_RDONLY) | (s->direct ? IO_O_DIRECT : 0);
  int fd = open(s->path, flags, 0600);
  if (fd < 0) { sk_meas_fail(m, "MPI_IO_*_file_once: open failed"); return -1.0; }
  if (s->direct) {   /* direct transfers go in whole aligned blocks */
    moved = (size + IO_DIRECT_ALIGN - 1) / IO_DIRECT_ALIGN * IO_DIRECT_ALIGN;
    raw = (char *)sk_malloc((size_t)moved + IO_DIRECT_ALIGN);
    data = io_aligned(raw);
    memset(data, 0, (size_t)moved);
    if (writing) memcpy(data, buf, (size_t)size);
  }
  start = MPI_Wtime();
  while (done < moved) {
    n = writing ? (long)write(fd, data + done, (size_t)(moved - done)) : (long)read(fd, data + done, (size_t)(moved - done));
    if (n <= 0) break;
    done += n;
  }
  if (writing) fsync(fd);
  start = MPI_Wtime() - start;
  close(fd);
  if (!writing && raw != NULL) memcpy(buf, data, (size_t)(done < size ? done : size));
  free(raw);
  if (n < 0 || (writing && done < size)) { sk_meas_fail(m, "MPI_IO_*_file_once: read or write failed"); return -1.0; }
  return start;
}

/* rank 0's MPI-IO access of size bytes on MPI_COMM_SELF (open and close untimed; a write
** ends with MPI_File_sync when `sync`) */
static double io_mpi_once(sk_mctx *m, io_state *s, char *buf, long size, int writing, int create, int sync)
{
  MPI_File fh;
  MPI_Status st;
  MPI_Datatype t = MPI_BYTE, big = MPI_DATATYPE_NULL;
  int count = (int)size, rc;
  double start;
  if (size > INT_MAX) {   /* 2^power bytes as 2^(power-20) blocks of 1 MiB */
    MPI_Type_contiguous(1 << 20, MPI_BYTE, &big);
    MPI_Type_commit(&big);
    t = big;
    count = (int)(size >> 20);
  }
  rc = MPI_File_open(MPI_COMM_SELF, s->path, writing ? MPI_MODE_WRONLY | (create ? MPI_MODE_CREATE : 0) : MPI_MODE_RDONLY,
                     MPI_INFO_NULL, &fh);
  if (!io_ok(m, s, rc, "MPI_File_open")) return -1.0;
  start = MPI_Wtime();
  rc = writing ? MPI_File_write(fh, buf, count, t, &st) : MPI_File_read(fh, buf, count, t, &st);
  if (writing && sync) MPI_File_sync(fh);
  start = MPI_Wtime() - start;
  MPI_File_close(&fh);
  if (big != MPI_DATATYPE_NULL) MPI_Type_free(&big);
  return io_ok(m, s, rc, writing ? "MPI_File_write" : "MPI_File_read") ? start : -1.0;
}

static double measure_MPI_IO_read_file_once(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_of(m);
  double t;
  int verify;
  (void)args;
  if (m->rank != 0) return -1.0;
  verify = io_verify_now(m, s);
  io_verify_buffer(m, s, verify, m->recv_buf);
  t = io_is_posix(s) ? io_posix(m, s, m->recv_buf, s->a.count, 0, 0) : io_mpi_once(m, s, m->recv_buf, s->a.count, 0, 0, 0);
  if (verify) io_local_verify(m, s, m->recv_buf, s->a.count);
  return t;
}

/* MPI_IO_write_file_once(size, api, create_flag, directio_flag): create_flag 0: the file
** exists (made in init), else the untimed open creates it (removed after each call) */
static void init_MPI_IO_write_file_once(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_new(m, "MPI_IO_write_file_once", "wagx", args, 1);
  s->a.count = s->a.power;
  if (!sk_mpi_check_count(m, s->fn, "size", s->a.count)) return;
  io_local_new(m, s);
  if (!s->a.flag2) io_local_make(m, s, s->a.count);
  io_local_direct(m, s);
  if (s->a.flag2 && m->rank == 0) unlink(s->path);   /* io_local_direct may have made it */
  m->send_usage = (size_t)s->a.count;
  m->reported_size = s->a.count;
}

static double io_write_once_common(sk_mctx *m, io_state *s, int posix, int sync)
{
  double t;
  if (m->rank != 0) return -1.0;
  if (io_verify_now(m, s)) {
    io_fill(m->send_buf, (size_t)s->a.count, 0);
    s->verified = 2;
  }
  t = posix ? io_posix(m, s, m->send_buf, s->a.count, 1, s->a.flag2)
            : io_mpi_once(m, s, m->send_buf, s->a.count, 1, s->a.flag2, sync);
  if (s->verified == 2) { s->verified = 1; io_local_verify(m, s, NULL, s->a.count); }
  if (s->a.flag2) unlink(s->path);
  return t;
}

static double measure_MPI_IO_write_file_once(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return io_write_once_common(m, io_of(m), io_is_posix(io_of(m)), 1);
}

/* MPI_IO_read_large_file_once(power) / MPI_IO_write_large_file_once(power, create_flag):
** one MPI_File_read/write of 2^power bytes (0 <= power <= 62), no sync */
static void io_init_large(sk_mctx *m, const sk_value *args, const char *fn, const char *layout, int writing)
{
  io_state *s = io_new(m, fn, layout, args, writing);
  char msg[120];
  if (s->a.power < 0 || s->a.power > 62) {
    sprintf(msg, "%.40s: power must be in 0..62, not %ld", fn, s->a.power);
    sk_meas_fail(m, msg);
    return;
  }
  s->a.count = 1L << s->a.power;
  if (s->a.power > 20 + 30) { sk_meas_fail(m, "MPI_IO_*_large_file_once: more than 2^50 bytes"); return; }
  s->a.flag2 = s->a.flag;
  io_local_new(m, s);
  if (!writing || !s->a.flag2) io_local_make(m, s, s->a.count);
  if (writing) m->send_usage = (size_t)s->a.count; else m->recv_usage = (size_t)s->a.count;
  m->reported_size = s->a.count;
}

static void init_MPI_IO_read_large_file_once(sk_mctx *m, const sk_value *a) { io_init_large(m, a, "MPI_IO_read_large_file_once", "w", 0); }
static void init_MPI_IO_write_large_file_once(sk_mctx *m, const sk_value *a) { io_init_large(m, a, "MPI_IO_write_large_file_once", "wf", 1); }

static double measure_MPI_IO_read_large_file_once(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_of(m);
  double t;
  int verify;
  (void)args;
  if (m->rank != 0) return -1.0;
  verify = io_verify_now(m, s);
  io_verify_buffer(m, s, verify, m->recv_buf);
  t = io_mpi_once(m, s, m->recv_buf, s->a.count, 0, 0, 0);
  if (verify) io_local_verify(m, s, m->recv_buf, s->a.count);
  return t;
}

static double measure_MPI_IO_write_large_file_once(sk_mctx *m, const sk_value *args)
{
  (void)args;
  return io_write_once_common(m, io_of(m), 0, 0);
}

/* the local files: rank 0 removes its file */
static void io_local_finalize(sk_mctx *m, const sk_value *args)
{
  io_state *s = io_of(m);
  if (s != NULL && m->rank == 0) unlink(s->path);
  io_finalize(m, args);
}

#endif /* SK_HAVE_MPI_IO */

#define IO_ROW(NAME, PARAMS, NAMES, MIN_PROCS) \
  SK_MEASUREMENT_MPIIO(NAME, PARAMS, NAMES, SK_PATTERN_COLLECTIVE, MIN_PROCS, init_##NAME, io_finalize)
#define IO_LOCAL_ROW(NAME, PARAMS, NAMES) \
  SK_MEASUREMENT_MPIIO(NAME, PARAMS, NAMES, SK_PATTERN_SIMPLE_OWN_TIME, 1, init_##NAME, io_local_finalize)
#define IO_MEF "memtype etype filetype"

static const sk_measurement mpi_io_table[] = {
  IO_ROW(MPI_IO_open, "i", "create_file", 1),
  IO_ROW(MPI_IO_close, "i", "count", 1),
  IO_ROW(MPI_IO_open_close, "i", "create_flag", 1),
  IO_ROW(MPI_IO_delete, "i", "count", 1),
  IO_ROW(MPI_IO_delete_on_close, "i", "count", 1),
  IO_ROW(MPI_IO_file_seek, "iittt", "memsize blocklen " IO_MEF, 1),
  IO_ROW(MPI_IO_file_seek_shared, "iittt", "memsize blocklen " IO_MEF, 1),
  IO_ROW(MPI_IO_preallocate, "ii", "count with_sync", 1),
  IO_ROW(MPI_IO_write_segmented, "iiittti", "memsize blocklen stride " IO_MEF " daccess", 1),
  IO_ROW(MPI_IO_read_segmented, "iiittti", "memsize blocklen stride " IO_MEF " daccess", 1),
  IO_ROW(MPI_IO_write_strided, "iiittti", "memsize blocklen stride " IO_MEF " daccess", 1),
  IO_ROW(MPI_IO_read_strided, "iiittti", "memsize blocklen stride " IO_MEF " daccess", 1),
  IO_ROW(MPI_IO_read_file, "ittti", "count " IO_MEF " daccess", 1),
  IO_ROW(MPI_IO_read_and_distribute, "iittti", "count np " IO_MEF " daccess", 1),
  IO_ROW(MPI_IO_write_random, "aattti", "memsize blocklen " IO_MEF " daccess", 1),
  IO_ROW(MPI_IO_read_random, "aattti", "memsize blocklen " IO_MEF " daccess", 1),
  IO_ROW(MPI_IO_write_noncontiguous, "iittti", "memsize blocklen " IO_MEF " daccess", 1),
  IO_ROW(MPI_IO_read_noncontiguous, "iittti", "memsize blocklen " IO_MEF " daccess", 1),
  IO_ROW(MPI_IO_write_separate, "iiittti", "memsize blocklen stride " IO_MEF " daccess", 1),
  IO_ROW(MPI_IO_read_separate, "iiittti", "memsize blocklen stride " IO_MEF " daccess", 1),
  IO_ROW(MPI_IO_write_sequential, "iittti", "memsize blocklen " IO_MEF " daccess", 1),
  IO_ROW(MPI_IO_read_sequential, "iittti", "memsize blocklen " IO_MEF " daccess", 1),
  IO_ROW(MPI_IO_write_and_read, "iittti", "memsize blocklen " IO_MEF " daccess", 2),
  IO_ROW(MPI_IO_write_once, "itttii", "count " IO_MEF " private daccess", 1),
  IO_ROW(MPI_IO_read_once, "itttii", "count " IO_MEF " private daccess", 1),
  IO_LOCAL_ROW(MPI_IO_read_file_once, "isi", "size api directio_flag"),
  IO_LOCAL_ROW(MPI_IO_write_file_once, "isii", "size api create_flag directio_flag"),
  IO_LOCAL_ROW(MPI_IO_read_large_file_once, "i", "power"),
  IO_LOCAL_ROW(MPI_IO_write_large_file_once, "ii", "power create_flag"),
  SK_MEASUREMENT_END
};

SK_API const sk_measurement *sk_meas_table_mpi_io(void) { return mpi_io_table; }

/* Verification (verify.h): the measure functions check in their first call with
** verification on, which is the engine's verification pass (header comment). */
#define IO_VERIFY(NAME) { #NAME, SK_IF_MPIIO(sk_verify_in_measure), SK_IF_MPIIO(sk_verify_in_measure), NULL }

static const sk_verifier mpi_io_verify_table[] = {
  SK_VERIFY_NOTHING(MPI_IO_open, "opens and closes a file, moves no data"),
  SK_VERIFY_NOTHING(MPI_IO_close, "closes a file, moves no data"),
  IO_VERIFY(MPI_IO_open_close),
  IO_VERIFY(MPI_IO_delete),
  IO_VERIFY(MPI_IO_delete_on_close),
  IO_VERIFY(MPI_IO_file_seek),
  IO_VERIFY(MPI_IO_file_seek_shared),
  IO_VERIFY(MPI_IO_preallocate),
  IO_VERIFY(MPI_IO_write_segmented),
  IO_VERIFY(MPI_IO_read_segmented),
  IO_VERIFY(MPI_IO_write_strided),
  IO_VERIFY(MPI_IO_read_strided),
  IO_VERIFY(MPI_IO_read_file),
  IO_VERIFY(MPI_IO_read_and_distribute),
  IO_VERIFY(MPI_IO_write_random),
  IO_VERIFY(MPI_IO_read_random),
  IO_VERIFY(MPI_IO_write_noncontiguous),
  IO_VERIFY(MPI_IO_read_noncontiguous),
  IO_VERIFY(MPI_IO_write_separate),
  IO_VERIFY(MPI_IO_read_separate),
  IO_VERIFY(MPI_IO_write_sequential),
  IO_VERIFY(MPI_IO_read_sequential),
  IO_VERIFY(MPI_IO_write_and_read),
  IO_VERIFY(MPI_IO_write_once),
  IO_VERIFY(MPI_IO_read_once),
  IO_VERIFY(MPI_IO_read_file_once),
  IO_VERIFY(MPI_IO_write_file_once),
  IO_VERIFY(MPI_IO_read_large_file_once),
  IO_VERIFY(MPI_IO_write_large_file_once),
  SK_VERIFY_END
};

SK_API const sk_verifier *sk_verify_table_mpi_io(void) { return mpi_io_verify_table; }
/* --- end split/meas_mpi_io.c --- */
/* --- begin split/skampi5_compat.h --- */
#line 1 "split/skampi5_compat.h"
/*
** skampi5_compat.h -- SKaMPI 5 extensions in skampi: the accessor API of SKaMPI 5 manual
** §6.1-§6.2.2 (get_measurement_comm, get_send_buffer, set_send_buffer_usage,
** set_reported_message_size, start_synchronization, get_extent, malloc_ints, imax2, ...)
** mapped onto skampi's measurement context (measure.h), and the macros that turn a
** SKaMPI 5 measurement -- init_NAME / measure_NAME / finalize_NAME with the parameters of
** the input language and no context argument (§6.2) -- into a registry row.
**
** SKaMPI 5 functions find their communicator and buffers through global accessors;
** skampi's get an sk_mctx. The adapters that SK5_MEASUREMENT_n generates take
** (sk_mctx *, const sk_value *), make the context the current one (sk5_context), unpack
** the arguments into the SKaMPI 5 types and call the user's functions; the accessors
** below read and write that current context. A SKaMPI 5 extension is therefore its
** file in split/ (the functions unchanged, under #ifdef SKAMPI_MPI), one
** SK5_MEASUREMENT_n line naming the signature, and one SK5_ROW in the file's table:
**
**   SK5_MEASUREMENT_3(Foo, init_Foo, NULL, int, count, MPI_Datatype, datatype, int, root);
**   ... SK5_ROW(Foo, SK_PATTERN_COLLECTIVE, 1), SK_MEASUREMENT_END ...
**
** INIT and FINALIZE are init_Foo / finalize_Foo or NULL (both are optional, §6.2);
** measure_Foo must exist. The typedefs the adapters make check that the three functions
** have exactly the signature named. Parameter types: int, long, double, MPI_Datatype,
** MPI_Comm, MPI_Op, MPI_Info (as in SKaMPI 5's input language, §5.1; strings are not
** supported). Up to 8 parameters: SK5_MEASUREMENT_0 .. SK5_MEASUREMENT_8.
**
** Pattern (measure.h): SKaMPI 5 calls measure_ on every process of the measurement
** communicator, which is SK_PATTERN_COLLECTIVE; a two-process function whose other
** ranks must stay out (like the manual's ping-pong, whose else-branch would wait
** forever on rank 2) uses SK_PATTERN_P2P with MIN_PROCS 2 (ranks > 1 then report no
** time, as §6.2 asks of processes without a meaningful time).
**
** Names: the amalgam is one translation unit, so NAME (and with it init_/measure_/
** finalize_NAME) must differ from every skampi measurement (e.g. not Pingpong_Send_Recv;
** meas_skampi5_example.c calls the manual's example Skampi5_Pingpong_Send_Recv). The
** accessors are macros (a few expand to calls of the helpers below, which the example
** keeps in use: in the amalgam an uncalled static function is a warning).
*/
#ifndef SK_SKAMPI5_COMPAT_H
#define SK_SKAMPI5_COMPAT_H

#line 42 "split/skampi5_compat.h"

/* Parameter letters (measure.h) of the SKaMPI 5 parameter types; every build. */
#define SK5_LETTER_int "i"
#define SK5_LETTER_long "i"
#define SK5_LETTER_double "d"
#define SK5_LETTER_MPI_Datatype "t"
#define SK5_LETTER_MPI_Comm "c"
#define SK5_LETTER_MPI_Op "o"
#define SK5_LETTER_MPI_Info "n"

/* The row of measurement NAME, declared by SK5_MEASUREMENT_n (every build; without MPI
** the row has no functions and says that it needs an MPI library). */
#define SK5_ROW(NAME, PATTERN, MIN_PROCS) \
  { #NAME, sk5_params_##NAME, PATTERN, SK_IF_MPI(sk5_init_##NAME), SK_IF_MPI(sk5_measure_##NAME), \
    SK_IF_MPI(sk5_finalize_##NAME), MIN_PROCS, "an MPI library", sk5_names_##NAME, NULL }

/* The row's parameter letters and names; ends without ';' (the user's line has it). */
#define SK5_STRINGS(NAME, LETTERS, NAMES) \
  static const char sk5_params_##NAME[] = LETTERS; \
  static const char sk5_names_##NAME[] = NAMES

#ifdef SKAMPI_MPI

/* The current context: sk5_context(SK5_SET, m) makes m current and returns the previous
** one (the adapters restore it); sk5_context(SK5_GET, NULL) returns the current one and
** stops the program when a SKaMPI 5 accessor is called outside a measurement. */
#define SK5_GET 0
#define SK5_SET 1
SK_API sk_mctx *sk5_context(int op, sk_mctx *m);
/* get_extent (§6.2.2): bytes that count elements of dt span, count * extent, 0 for
** count <= 0. Like SKaMPI 5's, it may be wrong for datatypes with holes or odd bounds. */
SK_API MPI_Aint sk5_extent(long count, MPI_Datatype dt);

#define SK5_CTX (sk5_context(SK5_GET, NULL))

/* ---- the accessor API of SKaMPI 5 manual §6.1-§6.2.2 ---- */
#define get_measurement_comm() sk_mpi_comm(SK5_CTX)
#define get_measurement_rank() (SK5_CTX->rank)
#define get_measurement_size() (SK5_CTX->size)
#define get_send_buffer() ((void *)SK5_CTX->send_buf)
#define get_recv_buffer() ((void *)SK5_CTX->recv_buf)
#define set_send_buffer_usage(bytes) ((void)(SK5_CTX->send_usage = (size_t)(bytes)))
#define get_send_buffer_usage() ((MPI_Aint)SK5_CTX->send_usage)
#define set_recv_buffer_usage(bytes) ((void)(SK5_CTX->recv_usage = (size_t)(bytes)))
#define get_recv_buffer_usage() ((MPI_Aint)SK5_CTX->recv_usage)
#define set_reported_message_size(bytes) ((void)(SK5_CTX->reported_size = (long)(bytes)))
#define get_reported_message_size() ((MPI_Aint)SK5_CTX->reported_size)
#define get_extent(count, dt) sk5_extent((long)(count), (dt))
/* §6.2.1: skampi's engine keeps the clock offsets itself, so init_synchronization has
** nothing to do; start/stop return the local time like SKaMPI 5's. */
#define init_synchronization() ((void)0)
#define start_synchronization() sk_sync_start(SK5_CTX)
#define stop_synchronization() sk_sync_stop(SK5_CTX)
/* §6.2.2 allocation helpers: the program stops when the memory is not there (SKaMPI 5
** asserts); the mpi_malloc family of SKaMPI 5's sources is plain malloc here too. */
#define malloc_doubles(n) ((double *)sk_malloc((size_t)(n) * sizeof(double)))
#define malloc_ints(n) ((int *)sk_malloc((size_t)(n) * sizeof(int)))
#define malloc_chars(n) ((char *)sk_malloc((size_t)(n)))
#define malloc_reqs(n) ((MPI_Request *)sk_malloc((size_t)(n) * sizeof(MPI_Request)))
#define mpi_malloc(bytes) sk_malloc((size_t)(bytes))
#define mpi_malloc_chars(n) malloc_chars(n)
#define mpi_malloc_ints(n) malloc_ints(n)
#define mpi_free(p) free(p)
/* §6.2.2 arithmetic (macros: arguments may be evaluated twice). */
#define imax2(a, b) ((a) > (b) ? (a) : (b))
#define imin2(a, b) ((a) < (b) ? (a) : (b))
#define imax3(a, b, c) imax2(imax2((a), (b)), (c))
#define fmax2(a, b) ((double)(a) > (double)(b) ? (double)(a) : (double)(b))
#define fmin2(a, b) ((double)(a) < (double)(b) ? (double)(a) : (double)(b))
#define fsqr(x) ((double)(x) * (double)(x))

/* ---- arguments: an sk_value as the SKaMPI 5 parameter type ---- */
#define SK5_ARG_int(v) ((int)(v)->u.i)
#define SK5_ARG_long(v) ((v)->u.i)
#define SK5_ARG_double(v) sk_mpi_arg_double(v)
#define SK5_ARG_MPI_Datatype(v) ((v)->u.dt->mpi)
#define SK5_ARG_MPI_Comm(v) ((v)->u.comm ? sk_tp_group_mpi_comm((v)->u.comm) : MPI_COMM_NULL)
#define SK5_ARG_MPI_Op(v) ((v)->u.op->mpi)
#define SK5_ARG_MPI_Info(v) ((v)->u.info ? *(MPI_Info *)(v)->u.info : MPI_INFO_NULL)

/* The three adapters of NAME. TYPES is the parenthesised parameter type list, CALL the
** parenthesised argument list unpacked from `a`. */
#define SK5_ADAPTERS(NAME, INIT, FINALIZE, TYPES, CALL) \
  typedef void (*sk5_void_fn_##NAME) TYPES; \
  typedef double (*sk5_double_fn_##NAME) TYPES; \
  static void sk5_init_##NAME(sk_mctx *m, const sk_value *a) \
  { \
    sk5_void_fn_##NAME f = INIT; \
    sk_mctx *prev = sk5_context(SK5_SET, m); \
    (void)a; \
    if (f) f CALL; \
    sk5_context(SK5_SET, prev); \
  } \
  static double sk5_measure_##NAME(sk_mctx *m, const sk_value *a) \
  { \
    sk5_double_fn_##NAME f = measure_##NAME; \
    sk_mctx *prev = sk5_context(SK5_SET, m); \
    double t; \
    (void)a; \
    t = f CALL; \
    sk5_context(SK5_SET, prev); \
    return t; \
  } \
  static void sk5_finalize_##NAME(sk_mctx *m, const sk_value *a) \
  { \
    sk5_void_fn_##NAME f = FINALIZE; \
    sk_mctx *prev = sk5_context(SK5_SET, m); \
    (void)a; \
    if (f) f CALL; \
    sk5_context(SK5_SET, prev); \
  }
#else
#define SK5_ADAPTERS(NAME, INIT, FINALIZE, TYPES, CALL)
#endif /* SKAMPI_MPI */

/* SK5_MEASUREMENT_n(NAME, INIT, FINALIZE, TYPE1, NAME1, ..., TYPEn, NAMEn): the adapters
** (MPI build) and the row's strings of a SKaMPI 5 measurement with n parameters. */
#define SK5_MEASUREMENT_0(N, I, F) \
  SK5_ADAPTERS(N, I, F, (void), ()) \
  SK5_STRINGS(N, "", "")
#define SK5_MEASUREMENT_1(N, I, F, T1, A1) \
  SK5_ADAPTERS(N, I, F, (T1), (SK5_ARG_##T1(&a[0]))) \
  SK5_STRINGS(N, SK5_LETTER_##T1, #A1)
#define SK5_MEASUREMENT_2(N, I, F, T1, A1, T2, A2) \
  SK5_ADAPTERS(N, I, F, (T1, T2), (SK5_ARG_##T1(&a[0]), SK5_ARG_##T2(&a[1]))) \
  SK5_STRINGS(N, SK5_LETTER_##T1 SK5_LETTER_##T2, #A1 " " #A2)
#define SK5_MEASUREMENT_3(N, I, F, T1, A1, T2, A2, T3, A3) \
  SK5_ADAPTERS(N, I, F, (T1, T2, T3), (SK5_ARG_##T1(&a[0]), SK5_ARG_##T2(&a[1]), SK5_ARG_##T3(&a[2]))) \
  SK5_STRINGS(N, SK5_LETTER_##T1 SK5_LETTER_##T2 SK5_LETTER_##T3, #A1 " " #A2 " " #A3)
#define SK5_MEASUREMENT_4(N, I, F, T1, A1, T2, A2, T3, A3, T4, A4) \
  SK5_ADAPTERS(N, I, F, (T1, T2, T3, T4), (SK5_ARG_##T1(&a[0]), SK5_ARG_##T2(&a[1]), SK5_ARG_##T3(&a[2]), \
               SK5_ARG_##T4(&a[3]))) \
  SK5_STRINGS(N, SK5_LETTER_##T1 SK5_LETTER_##T2 SK5_LETTER_##T3 SK5_LETTER_##T4, \
              #A1 " " #A2 " " #A3 " " #A4)
#define SK5_MEASUREMENT_5(N, I, F, T1, A1, T2, A2, T3, A3, T4, A4, T5, A5) \
  SK5_ADAPTERS(N, I, F, (T1, T2, T3, T4, T5), (SK5_ARG_##T1(&a[0]), SK5_ARG_##T2(&a[1]), SK5_ARG_##T3(&a[2]), \
               SK5_ARG_##T4(&a[3]), SK5_ARG_##T5(&a[4]))) \
  SK5_STRINGS(N, SK5_LETTER_##T1 SK5_LETTER_##T2 SK5_LETTER_##T3 SK5_LETTER_##T4 SK5_LETTER_##T5, \
              #A1 " " #A2 " " #A3 " " #A4 " " #A5)
#define SK5_MEASUREMENT_6(N, I, F, T1, A1, T2, A2, T3, A3, T4, A4, T5, A5, T6, A6) \
  SK5_ADAPTERS(N, I, F, (T1, T2, T3, T4, T5, T6), (SK5_ARG_##T1(&a[0]), SK5_ARG_##T2(&a[1]), \
               SK5_ARG_##T3(&a[2]), SK5_ARG_##T4(&a[3]), SK5_ARG_##T5(&a[4]), SK5_ARG_##T6(&a[5]))) \
  SK5_STRINGS(N, SK5_LETTER_##T1 SK5_LETTER_##T2 SK5_LETTER_##T3 SK5_LETTER_##T4 SK5_LETTER_##T5 \
              SK5_LETTER_##T6, #A1 " " #A2 " " #A3 " " #A4 " " #A5 " " #A6)
#define SK5_MEASUREMENT_7(N, I, F, T1, A1, T2, A2, T3, A3, T4, A4, T5, A5, T6, A6, T7, A7) \
  SK5_ADAPTERS(N, I, F, (T1, T2, T3, T4, T5, T6, T7), (SK5_ARG_##T1(&a[0]), SK5_ARG_##T2(&a[1]), \
               SK5_ARG_##T3(&a[2]), SK5_ARG_##T4(&a[3]), SK5_ARG_##T5(&a[4]), SK5_ARG_##T6(&a[5]), \
               SK5_ARG_##T7(&a[6]))) \
  SK5_STRINGS(N, SK5_LETTER_##T1 SK5_LETTER_##T2 SK5_LETTER_##T3 SK5_LETTER_##T4 SK5_LETTER_##T5 \
              SK5_LETTER_##T6 SK5_LETTER_##T7, #A1 " " #A2 " " #A3 " " #A4 " " #A5 " " #A6 " " #A7)
#define SK5_MEASUREMENT_8(N, I, F, T1, A1, T2, A2, T3, A3, T4, A4, T5, A5, T6, A6, T7, A7, T8, A8) \
  SK5_ADAPTERS(N, I, F, (T1, T2, T3, T4, T5, T6, T7, T8), (SK5_ARG_##T1(&a[0]), SK5_ARG_##T2(&a[1]), \
               SK5_ARG_##T3(&a[2]), SK5_ARG_##T4(&a[3]), SK5_ARG_##T5(&a[4]), SK5_ARG_##T6(&a[5]), \
               SK5_ARG_##T7(&a[6]), SK5_ARG_##T8(&a[7]))) \
  SK5_STRINGS(N, SK5_LETTER_##T1 SK5_LETTER_##T2 SK5_LETTER_##T3 SK5_LETTER_##T4 SK5_LETTER_##T5 \
              SK5_LETTER_##T6 SK5_LETTER_##T7 SK5_LETTER_##T8, \
              #A1 " " #A2 " " #A3 " " #A4 " " #A5 " " #A6 " " #A7 " " #A8)

#endif
/* --- end split/skampi5_compat.h --- */
/* --- begin split/skampi5_compat.c --- */
#line 1 "split/skampi5_compat.c"
/*
** skampi5_compat.c -- the run-time part of skampi5_compat.h: the current measurement
** context of SKaMPI 5's accessors (SKaMPI 5 manual §6.2.2) and get_extent. MPI build
** only; a build without MPI has SKaMPI 5 rows without functions (skampi5_compat.h).
*/
#line 7 "split/skampi5_compat.c"

#ifdef SKAMPI_MPI

/* The context of the SKaMPI 5 function running now (NULL outside): set by the adapters
** for the duration of one init_, measure_ or finalize_ call. */
static sk_mctx *sk5_current = NULL;

SK_API sk_mctx *sk5_context(int op, sk_mctx *m)
{
  sk_mctx *prev = sk5_current;
  if (op == SK5_SET) {
    sk5_current = m;
    return prev;
  }
  if (prev == NULL)
    sk_fatal("a SKaMPI 5 accessor (get_send_buffer, get_measurement_comm, ...) was called "
             "outside an init_, measure_ or finalize_ function");
  return prev;
}

SK_API MPI_Aint sk5_extent(long count, MPI_Datatype dt)
{
  MPI_Aint extent = 0;
#if SK_MPI_REPLACED_NAMES
  MPI_Aint lb = 0;
  MPI_Type_get_extent(dt, &lb, &extent);
#else
  MPI_Type_extent(dt, &extent);
#endif
  if (count <= 0 || extent <= 0) return 0;
  return (MPI_Aint)count * extent;
}

#endif
/* --- end split/skampi5_compat.c --- */
/* --- begin split/meas_skampi5_example.c --- */
#line 1 "split/meas_skampi5_example.c"
/*
** meas_skampi5_example.c -- a SKaMPI 5 extension, built unchanged through
** skampi5_compat.h (README, "SKaMPI 5 extensions"): the manual's own example measurement
** function, Pingpong_Send_Recv as listed in SKaMPI 5 manual §3.1, with the init_ function
** that §6.2 asks for (buffer usage and reported message size, set with the §6.2.2
** accessors). The functions use the SKaMPI 5 API only -- no sk_mctx, no sk_value. The
** name gets a prefix because skampi has its own Pingpong_Send_Recv (meas_mpi_p2p.c) and
** the amalgam is one translation unit. Two processes: the manual's else-branch serves
** rank 1 only, so the row has the point-to-point pattern (other ranks stay out).
*/
#line 12 "split/meas_skampi5_example.c"
#line 13 "split/meas_skampi5_example.c"

#ifdef SKAMPI_MPI
void init_Skampi5_Pingpong_Send_Recv(int count, MPI_Datatype datatype, int tag, int iterations)
{
  (void)tag; (void)iterations;
  set_send_buffer_usage(get_extent(count, datatype));
  set_recv_buffer_usage(get_extent(count, datatype));
  set_reported_message_size(get_extent(count, datatype));
}

double measure_Skampi5_Pingpong_Send_Recv(int count, MPI_Datatype datatype, int tag, int iterations)
{
  double start_time, end_time;
  MPI_Status status;
  int i;

  if (iterations<0) { return -1.0; }
  if (iterations==0) { return 0.0; }
  if( get_measurement_rank() == 0 ) {
    start_time = MPI_Wtime();
    for (i=0; i<iterations; i++) {
      MPI_Send(get_send_buffer(), count, datatype, 1, tag,
               get_measurement_comm());
      MPI_Recv(get_recv_buffer(), count, datatype, 1, tag,
               get_measurement_comm(), &status);
    }
    end_time = MPI_Wtime();
    MPI_Send(get_send_buffer(), count, datatype, 1, tag, get_measurement_comm());
  } else {
    MPI_Recv(get_recv_buffer(), count, datatype, 0, tag,
             get_measurement_comm(), &status);
    start_time = MPI_Wtime();
    for (i=0; i<iterations; i++) {
      MPI_Send(get_send_buffer(), count, datatype, 0, tag,
               get_measurement_comm());
      MPI_Recv(get_recv_buffer(), count, datatype, 0, tag,
               get_measurement_comm(), &status);
    }
    end_time = MPI_Wtime();
  }
  return (end_time - start_time)/iterations;
}

/* Verification (skampi -v; skampi's side, not SKaMPI 5 API): after the ping-pongs each of
** ranks 0 and 1 holds the other's pattern-filled send buffer. */
static void check_Skampi5_Pingpong_Send_Recv(sk_mctx *m, const sk_value *args)
{
  long count = args[0].u.i, iterations = args[3].u.i;
  if (iterations > 0 && m->rank <= 1)
    sk_mpi_verify_block(m, "receive buffer", m->recv_buf, count, args[1].u.dt, count, args[1].u.dt, 1 - m->rank, 0);
}
#endif /* SKAMPI_MPI */

/* the signature once: INIT and FINALIZE are the functions or NULL (both optional) */
SK5_MEASUREMENT_4(Skampi5_Pingpong_Send_Recv, init_Skampi5_Pingpong_Send_Recv, NULL,
                  int, count, MPI_Datatype, datatype, int, tag, int, iterations);

static const sk_measurement skampi5_example_table[] = {
  SK5_ROW(Skampi5_Pingpong_Send_Recv, SK_PATTERN_P2P, 2),     /* the one registry row */
  SK_MEASUREMENT_END
};

SK_API const sk_measurement *sk_meas_table_skampi5_example(void)
{
  return skampi5_example_table;
}

static const sk_verifier skampi5_example_verify_table[] = {
  SK_VERIFY_MPI(Skampi5_Pingpong_Send_Recv, NULL, check_Skampi5_Pingpong_Send_Recv),
  SK_VERIFY_END
};

SK_API const sk_verifier *sk_verify_table_skampi5_example(void) { return skampi5_example_verify_table; }
/* --- end split/meas_skampi5_example.c --- */
/* --- begin split/catalogue.c --- */
#line 1 "split/catalogue.c"
/*
** catalogue.c -- collects the tables of all measurement modules (catalogue.h). Every
** table is listed in every build: the rows whose functions the build lacks stay known
** by name and signature and say what they need (sk_catalogue_unavailable). A new
** measurement module adds its table function and family here. Alias rows
** (SK_MEASUREMENT_ALIAS, the original SKaMPI's spellings) are handed out resolved: a
** copy of the target row under the alias's name, with alias_of naming the target.
*/
#line 10 "split/catalogue.c"
#line 11 "split/catalogue.c"
#line 12 "split/catalogue.c"

SK_API const sk_measurement *sk_meas_table_synthetic(void);
SK_API const sk_measurement *sk_meas_table_mw(void);
SK_API const sk_measurement *sk_meas_table_bcast_algos(void);
SK_API const sk_measurement *sk_meas_table_skampi5_example(void);
SK_API const sk_measurement *sk_meas_table_mpi_p2p_late(void);

/* The verifier tables (verify.h), one per module that has one. */
SK_API const sk_verifier *sk_verify_table_synthetic(void);
SK_API const sk_verifier *sk_verify_table_mw(void);
SK_API const sk_verifier *sk_verify_table_bcast_algos(void);
SK_API const sk_verifier *sk_verify_table_mpi(void);
SK_API const sk_verifier *sk_verify_table_mpi_p2p(void);
SK_API const sk_verifier *sk_verify_table_mpi_p2p_late(void);
SK_API const sk_verifier *sk_verify_table_mpi_coll(void);
SK_API const sk_verifier *sk_verify_table_mpi_win(void);
SK_API const sk_verifier *sk_verify_table_mpi_win_transfer(void);
SK_API const sk_verifier *sk_verify_table_mpi_io(void), *sk_verify_table_skampi5_example(void);

static const sk_verifier *(*const catalogue_verify_tables[])(void) = {
  sk_verify_table_synthetic, sk_verify_table_mw, sk_verify_table_bcast_algos, sk_verify_table_mpi,
  sk_verify_table_mpi_p2p, sk_verify_table_mpi_p2p_late, sk_verify_table_mpi_coll, sk_verify_table_mpi_win,
  sk_verify_table_mpi_win_transfer, sk_verify_table_mpi_io, sk_verify_table_skampi5_example,
  NULL
};

SK_API const sk_verifier *sk_verifier_find(const char *name)
{
  int t, k;
  for (t = 0; catalogue_verify_tables[t]; t++) {
    const sk_verifier *tab = catalogue_verify_tables[t]();
    for (k = 0; tab[k].name; k++) if (sk_streq(tab[k].name, name)) return &tab[k];
  }
  return NULL;
}

typedef const sk_measurement *(*catalogue_table_fn)(void);

/* One table per module; the family is what `skampi -l` groups by (the MPI families are
** those of SKaMPI 5 manual §3.1-§3.4). */
typedef struct catalogue_table {
  catalogue_table_fn table;
  const char *family;
} catalogue_table;

static const catalogue_table catalogue_tables[] = {
  { sk_meas_table_synthetic, "synthetic: computed or busy-waited times, every backend" },
  { sk_meas_table_mw, "master_worker: rank 0 dispatches chunks to the others" },
  { sk_meas_table_bcast_algos, "bcast_algorithms: broadcasts and ping-pongs on the portable transport" },
  { sk_meas_table_mpi_p2p, "point_to_point: MPI point-to-point" },
  { sk_meas_table_mpi_p2p_late, "point_to_point_late: ping-pongs with a late receiver or sender (matching queues)" },
  { sk_meas_table_mpi_coll, "collective: MPI collectives, delayed and wait patterns" },
  { sk_meas_table_mpi_win_sync, "onesided_synchronisation: MPI-2 window synchronisation" },
  { sk_meas_table_mpi_win_transfer, "onesided_transfer: MPI-2 one-sided communication" },
  { sk_meas_table_mpi_io, "io: MPI-IO file access" },
  { sk_meas_table_mpi, "misc: clock measurements" },
  { sk_meas_table_skampi5_example, "skampi5: SKaMPI 5 extensions built through skampi5_compat.h" },
  { NULL, NULL }
};

/* The raw row i (aliases unresolved) and, if wanted, its family. */
static const sk_measurement *catalogue_raw(int i, const char **family)
{
  int t, k;
  for (t = 0; catalogue_tables[t].table; t++) {
    const sk_measurement *tab = catalogue_tables[t].table();
    for (k = 0; tab[k].name; k++)
      if (i-- == 0) {
        if (family) *family = catalogue_tables[t].family;
        return &tab[k];
      }
  }
  return NULL;
}

#define CATALOGUE_MAX_ALIASES 96
static sk_measurement catalogue_resolved[CATALOGUE_MAX_ALIASES];
static const sk_measurement *catalogue_resolved_from[CATALOGUE_MAX_ALIASES];
static int catalogue_n_resolved;

/* An alias row as a copy of its target under its own name (made once, then kept). */
static const sk_measurement *catalogue_resolve(const sk_measurement *row)
{
  int i;
  const sk_measurement *target = NULL, *cand;
  sk_measurement *copy;
  if (row->alias_of == NULL) return row;
  for (i = 0; i < catalogue_n_resolved; i++)
    if (catalogue_resolved_from[i] == row) return &catalogue_resolved[i];
  for (i = 0; (cand = catalogue_raw(i, NULL)) != NULL; i++)
    if (cand->alias_of == NULL && sk_streq(cand->name, row->alias_of)) { target = cand; break; }
  if (target == NULL) sk_fatal("catalogue: '%s' is an alias of the unknown row '%s'", row->name, row->alias_of);
  if (catalogue_n_resolved == CATALOGUE_MAX_ALIASES) sk_fatal("catalogue: more than %d aliases", CATALOGUE_MAX_ALIASES);
  copy = &catalogue_resolved[catalogue_n_resolved];
  *copy = *target;
  copy->name = row->name;
  copy->alias_of = target->name;
  catalogue_resolved_from[catalogue_n_resolved++] = row;
  return copy;
}

SK_API const sk_measurement *sk_catalogue_entry(int i)
{
  const sk_measurement *row = catalogue_raw(i, NULL);
  return row ? catalogue_resolve(row) : NULL;
}

SK_API const sk_measurement *sk_catalogue_find(const char *name)
{
  int i;
  const sk_measurement *m;
  for (i = 0; (m = sk_catalogue_entry(i)) != NULL; i++) if (sk_streq(m->name, name)) return m;
  return NULL;
}

SK_API const char *sk_catalogue_unavailable(const sk_measurement *m, char *buf, size_t size)
{
  sk_str msg;
  if (m->measure != NULL) return NULL;
  sk_str_init(&msg);
  sk_str_printf(&msg, "'%s' needs %s, which the %s build lacks", m->name,
                m->needs ? m->needs : "another backend", SK_BACKEND_NAME);
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL < 2
  sk_str_puts(&msg, " (MPI-1 level)");
#endif
  sk_copy_string(buf, size, msg.data);
  sk_str_free(&msg);
  return buf;
}

/* ---- the listing of `skampi -l` ---- */

SK_API const char *sk_param_type_name(char letter)
{
  switch (letter) {
  case 'i': return "int";
  case 'd': return "double";
  case 's': return "string";
  case 'c': return "comm";
  case 't': return "datatype";
  case 'o': return "op";
  case 'n': return "info";
  case 'a': return "IArray";
  case 'e': return "DArray";
  case '*': return "...";
  default: return "?";
  }
}

static const char *catalogue_pattern_name(sk_pattern p)
{
  switch (p) {
  case SK_PATTERN_P2P: return "p2p (ranks 0 and 1)";
  case SK_PATTERN_COLLECTIVE: return "collective";
  case SK_PATTERN_MASTER_WORKER: return "master_worker";
  case SK_PATTERN_SIMPLE: return "simple (rank 0)";
  case SK_PATTERN_SIMPLE_OWN_TIME: return "simple_own_time (rank 0)";
  }
  return "?";
}

/* NAME(name:type, ...)  pattern P, min N processes[; alias of X][; not in this build: ...]
** A parameter without a name shows as '?', a name without a parameter as '!name'. */
static void catalogue_describe(sk_str *out, const sk_measurement *m)
{
  const char *names = m->param_names ? m->param_names : "", *letter = m->params ? m->params : "";
  int first = 1;
  sk_str_printf(out, "  %s(", m->name);
  for (;;) {
    size_t len;
    while (*names == ' ') names++;
    len = strcspn(names, " ");
    if (*letter == '\0' && len == 0) break;
    if (!first) sk_str_puts(out, ", ");
    first = 0;
    if (*letter == '\0') sk_str_putc(out, '!');
    if (len) sk_str_putn(out, names, len); else sk_str_putc(out, '?');
    if (*letter) { sk_str_printf(out, ":%s", sk_param_type_name(*letter)); letter++; }
    names += len;
  }
  sk_str_printf(out, ")  pattern %s, min %d process%s", catalogue_pattern_name(m->pattern), m->min_procs,
                m->min_procs == 1 ? "" : "es");
  if (m->alias_of) sk_str_printf(out, "; alias of %s", m->alias_of);
  {
    const sk_verifier *v = sk_verifier_find(m->alias_of ? m->alias_of : m->name);
    if (v && v->nothing) sk_str_printf(out, "; nothing to verify (%s)", v->nothing);
    else if (v == NULL) sk_str_puts(out, "; -v: not verified");
  }
  if (m->measure == NULL)
    sk_str_printf(out, "; not in this build (needs %s)", m->needs ? m->needs : "another backend");
  sk_str_putc(out, '\n');
}

SK_API int sk_catalogue_list(sk_str *out, const char *name)
{
  int i, found = 0;
  const char *family = NULL, *last = NULL;
  const sk_measurement *row;
  for (i = 0; (row = catalogue_raw(i, &family)) != NULL; i++) {
    if (name != NULL && !sk_streq(row->name, name)) continue;
    if (family != last) sk_str_printf(out, "%s\n", family);
    last = family;
    catalogue_describe(out, catalogue_resolve(row));
    found++;
  }
  return found;
}
/* --- end split/catalogue.c --- */
/* --- begin split/lexer.h --- */
#line 1 "split/lexer.h"
/*
** lexer.h -- tokens of the SKaMPI 5 input language (SKaMPI 5 manual §2.5, §5): free
** format (blanks and newlines only separate tokens; statements may share a line or span
** several), '#' comments, decimal and hexadecimal ("0x1F") integers and doubles, the size
** suffixes kb kB KB KiB mb MB MiB gb GB GiB (x 2^10, 2^20, 2^30) on integers, strings in
** double quotes, '...', `@include`, the operators of the original (`<>` is `!=`, bitwise
** `&` `|` `~`, braces for arrays) and the word operators `and` `or` `not` (TK_AND,
** TK_OR, TK_KNOT; `&&` `||` stay, and `!` keeps its own lower precedence).
** TK_NEWLINE is never produced any more (kept so the token numbers stay stable).
*/
#ifndef SK_LEXER_H
#define SK_LEXER_H

#line 15 "split/lexer.h"

typedef enum sk_tok {
  TK_EOF, TK_NEWLINE, TK_IDENT, TK_INT, TK_DOUBLE, TK_STRING, TK_DOTS, TK_INCLUDE,
  TK_LPAREN, TK_RPAREN, TK_LBRACKET, TK_RBRACKET, TK_COMMA, TK_COLON, TK_ASSIGN,
  TK_PLUS, TK_MINUS, TK_STAR, TK_SLASH, TK_PERCENT,
  TK_EQ, TK_NE, TK_LT, TK_LE, TK_GT, TK_GE, TK_AND, TK_OR, TK_NOT,
  TK_BAND, TK_BOR, TK_TILDE, TK_KNOT, TK_LBRACE, TK_RBRACE
} sk_tok;

typedef struct sk_token {
  sk_tok kind;
  sk_loc loc;
  const char *start;     /* points into the source text */
  size_t len;
  long ival;
  double dval;
  char *sval;            /* identifier or string contents (owned by the lexer's pool) */
} sk_token;

typedef struct sk_lexer {
  const char *file;      /* name used in messages */
  const char *text, *pos;
  int line, col;
  int error;             /* set when a lexical error was reported */
  sk_str errmsg;
  char **pool;           /* strings handed out, freed with the lexer */
  size_t npool, cappool;
} sk_lexer;

SK_API void sk_lexer_init(sk_lexer *lx, const char *file, const char *text);
SK_API void sk_lexer_free(sk_lexer *lx);
/* Reads the next token; on a lexical error returns 0 with lx->errmsg set. */
SK_API int sk_lexer_next(sk_lexer *lx, sk_token *tok);
SK_API const char *sk_tok_name(sk_tok kind);

#endif
/* --- end split/lexer.h --- */
/* --- begin split/lexer.c --- */
#line 1 "split/lexer.c"
/*
** lexer.c -- turns the text of a .ski file into tokens (see lexer.h).
*/
#line 5 "split/lexer.c"
#include <errno.h>
#include <float.h>
#include <ctype.h>

SK_API void sk_lexer_init(sk_lexer *lx, const char *file, const char *text)
{
  memset(lx, 0, sizeof *lx);
  lx->file = file;
  lx->text = text;
  lx->pos = text;
  if ((unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB && (unsigned char)text[2] == 0xBF)
    lx->pos += 3;                       /* a UTF-8 byte-order mark is not part of the program */
  lx->line = 1;
  lx->col = 1;
  sk_str_init(&lx->errmsg);
}

SK_API void sk_lexer_free(sk_lexer *lx)
{
  size_t i;
  for (i = 0; i < lx->npool; i++) free(lx->pool[i]);
  free(lx->pool);
  sk_str_free(&lx->errmsg);
}

SK_API const char *sk_tok_name(sk_tok kind)
{
  static const char *const names[] = {
    "end of file", "end of line", "identifier", "integer", "number", "string", "'...'",
    "'@include'", "'('", "')'", "'['", "']'", "','", "':'", "'='", "'+'", "'-'", "'*'",
    "'/'", "'%'", "'=='", "'!='", "'<'", "'<='", "'>'", "'>='", "'&&'", "'||'", "'!'",
    "'&'", "'|'", "'~'", "'not'", "'{'", "'}'"
  };
  return names[kind];
}

static int lx_error(sk_lexer *lx, const sk_loc *loc, const char *fmt, const char *arg)
{
  sk_str_clear(&lx->errmsg);
  sk_str_printf(&lx->errmsg, "%s:%d:%d: ", loc->file, loc->line, loc->col);
  sk_str_printf(&lx->errmsg, fmt, arg);
  lx->error = 1;
  return 0;
}

static char *lx_keep(sk_lexer *lx, const char *p, size_t n)
{
  char *s = sk_strndup(p, n);
  lx->pool = (char **)sk_grow(lx->pool, &lx->cappool, lx->npool + 1, sizeof(char *));
  lx->pool[lx->npool++] = s;
  return s;
}

static void lx_advance(sk_lexer *lx, size_t n)
{
  while (n-- > 0 && *lx->pos) {
    if (*lx->pos == '\n') { lx->line++; lx->col = 1; } else lx->col++;
    lx->pos++;
  }
}

static int lx_is_ident_start(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int lx_is_digit(int c) { return c >= '0' && c <= '9'; }
static int lx_is_ident_char(int c) { return lx_is_ident_start(c) || lx_is_digit(c); }

/* The size suffixes of SKaMPI 5 manual §5.1, in every spelling the issue lists. */
static long lx_suffix_multiplier(const char *p, size_t n)
{
  static const struct { const char *name; long mult; } suffixes[] = {
    { "kb", 1L << 10 }, { "kB", 1L << 10 }, { "KB", 1L << 10 }, { "KiB", 1L << 10 }, { "Kb", 1L << 10 },
    { "mb", 1L << 20 }, { "MB", 1L << 20 }, { "MiB", 1L << 20 }, { "Mb", 1L << 20 },
    { "gb", 1L << 30 }, { "GB", 1L << 30 }, { "GiB", 1L << 30 }, { "Gb", 1L << 30 }
  };
  size_t i;
  for (i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++)
    if (strlen(suffixes[i].name) == n && strncmp(suffixes[i].name, p, n) == 0) return suffixes[i].mult;
  return 0;
}

static int lx_number(sk_lexer *lx, sk_token *tok)
{
  const char *p = lx->pos, *q;
  int is_double = 0;
  char buf[128];
  size_t n;
  if (p[0] == '0' && p[1] == 'x' && isxdigit((unsigned char)p[2])) {
    /* hexadecimal as the original's lexer reads it: 0x1F = 31 (never a double) */
    p += 2;
    while (isxdigit((unsigned char)*p)) p++;
    n = (size_t)(p - lx->pos);
    if (n >= sizeof buf) return lx_error(lx, &tok->loc, "number too long%s", "");
    memcpy(buf, lx->pos, n);
    buf[n] = '\0';
    errno = 0;
    tok->kind = TK_INT;
    tok->ival = strtol(buf + 2, NULL, 16);
    if (errno == ERANGE) return lx_error(lx, &tok->loc, "integer %s is too large", buf);
    tok->dval = (double)tok->ival;
    goto suffix;
  }
  while (lx_is_digit(*p)) p++;
  if (*p == '.' && p[1] != '.' && lx_is_digit(p[1])) {
    is_double = 1;
    p++;
    while (lx_is_digit(*p)) p++;
  } else if (*p == '.' && p[1] != '.' && !lx_is_ident_start(p[1])) {
    is_double = 1;     /* "2." */
    p++;
  }
  if ((*p == 'e' || *p == 'E') &&
      (lx_is_digit(p[1]) || ((p[1] == '+' || p[1] == '-') && lx_is_digit(p[2])))) {
    is_double = 1;
    p += 2;
    while (lx_is_digit(*p)) p++;
  }
  n = (size_t)(p - lx->pos);
  if (n >= sizeof buf) return lx_error(lx, &tok->loc, "number too long%s", "");
  memcpy(buf, lx->pos, n);
  buf[n] = '\0';
  if (is_double) {
    tok->kind = TK_DOUBLE;
    tok->dval = strtod(buf, NULL);
    if (tok->dval > DBL_MAX) return lx_error(lx, &tok->loc, "number %s is too large", buf);
  } else {
    errno = 0;
    tok->kind = TK_INT;
    tok->ival = strtol(buf, NULL, 10);
    if (errno == ERANGE) return lx_error(lx, &tok->loc, "integer %s is too large", buf);
    tok->dval = (double)tok->ival;
  }
suffix:
  q = p;
  while (lx_is_ident_char(*q)) q++;
  if (q > p) {
    long mult = lx_suffix_multiplier(p, (size_t)(q - p));
    if (mult == 0) {
      char *bad = lx_keep(lx, p, (size_t)(q - p));
      return lx_error(lx, &tok->loc, "unknown size suffix '%s' (use kb, kB, KiB, mb, MiB, gb or GiB)", bad);
    }
    if (tok->kind == TK_INT) {
      if (tok->ival > LONG_MAX / mult) {
        char text[160];
        sprintf(text, "%.60s%.*s is larger than %ld, the largest integer on this platform", buf,
                (int)(q - p), p, LONG_MAX);
        text[sizeof text - 1] = '\0';
        return lx_error(lx, &tok->loc, "size %s", text);
      }
      tok->ival *= mult;
      tok->dval = (double)tok->ival;
    } else {
      tok->dval *= (double)mult;
      if (tok->dval > DBL_MAX) return lx_error(lx, &tok->loc, "number %s is too large", buf);
    }
    p = q;
  }
  tok->len = (size_t)(p - lx->pos);
  lx_advance(lx, tok->len);
  return 1;
}

static int lx_string(sk_lexer *lx, sk_token *tok)
{
  const char *p = lx->pos + 1;
  /* a string may span lines, as in the original (SKaMPI 5 manual §5.1): only '"' ends it */
  while (*p && *p != '"') p++;
  if (*p != '"') return lx_error(lx, &tok->loc, "string not closed before the end of the input%s", "");
  tok->kind = TK_STRING;
  tok->sval = lx_keep(lx, lx->pos + 1, (size_t)(p - lx->pos - 1));
  tok->len = (size_t)(p + 1 - lx->pos);
  lx_advance(lx, tok->len);
  return 1;
}

SK_API int sk_lexer_next(sk_lexer *lx, sk_token *tok)
{
  static const struct { const char *text; sk_tok kind; } ops[] = {
    { "...", TK_DOTS }, { "==", TK_EQ }, { "!=", TK_NE }, { "<>", TK_NE }, { "<=", TK_LE },
    { ">=", TK_GE }, { "&&", TK_AND }, { "||", TK_OR }, { "(", TK_LPAREN }, { ")", TK_RPAREN },
    { "[", TK_LBRACKET }, { "]", TK_RBRACKET }, { ",", TK_COMMA }, { ":", TK_COLON },
    { "=", TK_ASSIGN }, { "+", TK_PLUS }, { "-", TK_MINUS }, { "*", TK_STAR }, { "/", TK_SLASH },
    { "%", TK_PERCENT }, { "<", TK_LT }, { ">", TK_GT }, { "!", TK_NOT }, { "&", TK_BAND },
    { "|", TK_BOR }, { "~", TK_TILDE }, { "{", TK_LBRACE }, { "}", TK_RBRACE }
  };
  size_t i;
  for (;;) {
    int c = (unsigned char)*lx->pos;
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') { lx_advance(lx, 1); continue; }
    if (c == '\\' && (lx->pos[1] == '\n' || (lx->pos[1] == '\r' && lx->pos[2] == '\n'))) {
      lx_advance(lx, lx->pos[1] == '\n' ? 2 : 3);   /* line continuation */
      continue;
    }
    if (c == '#') { while (*lx->pos && *lx->pos != '\n') lx_advance(lx, 1); continue; }
    if (c == '\n') { lx_advance(lx, 1); continue; }   /* free format */
    break;
  }
  memset(tok, 0, sizeof *tok);
  tok->loc.file = lx->file;
  tok->loc.line = lx->line;
  tok->loc.col = lx->col;
  tok->start = lx->pos;
  if (*lx->pos == '\0') { tok->kind = TK_EOF; return 1; }
  if (lx_is_digit((unsigned char)*lx->pos) ||
      (*lx->pos == '.' && lx_is_digit((unsigned char)lx->pos[1])))
    return lx_number(lx, tok);
  if (lx_is_ident_start((unsigned char)*lx->pos)) {
    const char *p = lx->pos;
    while (lx_is_ident_char((unsigned char)*p)) p++;
    tok->kind = TK_IDENT;
    tok->len = (size_t)(p - lx->pos);
    tok->sval = lx_keep(lx, lx->pos, tok->len);
    /* the word operators and, or, not are keywords (SKaMPI 5 manual §5) */
    if (sk_streq(tok->sval, "and")) tok->kind = TK_AND;
    else if (sk_streq(tok->sval, "or")) tok->kind = TK_OR;
    else if (sk_streq(tok->sval, "not")) tok->kind = TK_KNOT;
    lx_advance(lx, tok->len);
    return 1;
  }
  if (*lx->pos == '"') return lx_string(lx, tok);
  if (*lx->pos == '@') {
    const char *p = lx->pos + 1;
    while (lx_is_ident_char((unsigned char)*p)) p++;
    if ((size_t)(p - lx->pos) == 8 && strncmp(lx->pos, "@include", 8) == 0) {
      tok->kind = TK_INCLUDE;
      tok->len = 8;
      lx_advance(lx, 8);
      return 1;
    }
    return lx_error(lx, &tok->loc, "unknown directive '%s' (only @include is known)",
                    lx_keep(lx, lx->pos, (size_t)(p - lx->pos)));
  }
  for (i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    size_t n = strlen(ops[i].text);
    if (strncmp(lx->pos, ops[i].text, n) == 0) {
      tok->kind = ops[i].kind;
      tok->len = n;
      lx_advance(lx, n);
      return 1;
    }
  }
  {
    char bad[8];
    int c = (unsigned char)*lx->pos;
    if (c >= 32 && c < 127) sprintf(bad, "'%c'", c); else sprintf(bad, "\\x%02x", c);
    lx_advance(lx, 1);
    return lx_error(lx, &tok->loc, "unexpected character %s", bad);
  }
}
/* --- end split/lexer.c --- */
/* --- begin split/ast.h --- */
#line 1 "split/ast.h"
/*
** ast.h -- the program tree both front ends produce (the .ski parser and the SKaMPI 4
** parameter-file reader) and the one interpreter executes. Also prints a tree back as
** .ski text (used for `-t`, the translation of SKaMPI 4 files, and for golden tests).
*/
#ifndef SK_AST_H
#define SK_AST_H

#line 10 "split/ast.h"

typedef enum sk_expr_kind {
  E_INT, E_DOUBLE, E_STRING, E_VAR, E_CALL, E_UNARY, E_BINARY,
  E_ARRAY                     /* { args } : an integer or datatype array */
} sk_expr_kind;

typedef struct sk_expr {
  sk_expr_kind kind;
  sk_loc loc;
  long ival;
  double dval;
  char *name;                 /* E_VAR, E_CALL: identifier; E_STRING: contents */
  int op;                     /* E_UNARY: TK_MINUS, TK_NOT ('!'), TK_KNOT ('not'), TK_TILDE;
                              ** E_BINARY: TK_PLUS ... TK_OR, TK_BAND, TK_BOR ('<>' is TK_NE,
                              ** 'and' TK_AND, 'or' TK_OR) */
  struct sk_expr **args;      /* E_CALL arguments; E_BINARY: 2; E_UNARY: 1; E_ARRAY: elements */
  int nargs;
} sk_expr;

typedef enum sk_stmt_kind {
  S_ASSIGN,       /* name = expr */
  S_CALL,         /* expr is an E_CALL of a helper function */
  S_IF,           /* if expr then body [else else_body] fi */
  S_FOR_RANGE,    /* for|autorefine name = from to (to | ...) [step [*]step] [multipleof m] */
  S_FOR_LIST,     /* for name in [ list ] */
  S_FOR_ITER,     /* for name in expr(E_CALL of an iterator) */
  S_MEASUREMENT,  /* begin measurement "name" body end measurement */
  S_MEASURE,      /* measure expr(comm) : call */
  S_PRINT,        /* print list: world rank 0 writes a '#' line (SKaMPI 6) */
  S_PRINT_ALL,    /* print_all list: every rank's line, written by world rank 0 */
  S_FLUSH         /* flush */
} sk_stmt_kind;

typedef struct sk_block {
  struct sk_stmt **items;
  size_t n, cap;
} sk_block;

typedef struct sk_stmt {
  sk_stmt_kind kind;
  sk_loc loc;
  char *name;                 /* assigned variable, loop variable, measurement name */
  sk_expr *expr;              /* value, call, condition, communicator, iterator call */
  sk_expr *call;              /* S_MEASURE: the measurement function call */
  sk_expr *from, *to;         /* S_FOR_RANGE; to == NULL means '...' */
  sk_expr *step;              /* NULL: +1 */
  int step_multiplies;        /* step *x */
  sk_expr *multiple_of;       /* NULL: none */
  int autorefine;
  sk_expr **list;             /* S_FOR_LIST; S_PRINT, S_PRINT_ALL: the values */
  int nlist;
  sk_block body, else_body;
} sk_stmt;

typedef struct sk_program {
  sk_block top;
} sk_program;

SK_API sk_expr *sk_expr_new(sk_expr_kind kind, const sk_loc *loc);
SK_API void sk_expr_add_arg(sk_expr *e, sk_expr *arg);
SK_API sk_expr *sk_expr_int(long v, const sk_loc *loc);
SK_API sk_expr *sk_expr_var(const char *name, const sk_loc *loc);
SK_API sk_expr *sk_expr_call0(const char *name, const sk_loc *loc);
SK_API sk_stmt *sk_stmt_new(sk_stmt_kind kind, const sk_loc *loc);
SK_API void sk_block_add(sk_block *b, sk_stmt *s);
SK_API void sk_program_free(sk_program *p);
/* Prints the tree as .ski source (indentation by nesting). */
SK_API void sk_program_print(sk_str *out, const sk_program *p);
SK_API void sk_expr_print(sk_str *out, const sk_expr *e);

#endif
/* --- end split/ast.h --- */
/* --- begin split/ast.c --- */
#line 1 "split/ast.c"
/*
** ast.c -- construction, destruction and printing of the program tree (ast.h).
*/
#line 5 "split/ast.c"
#line 6 "split/ast.c"

SK_API sk_expr *sk_expr_new(sk_expr_kind kind, const sk_loc *loc)
{
  sk_expr *e = (sk_expr *)sk_calloc(1, sizeof *e);
  e->kind = kind;
  e->loc = *loc;
  return e;
}

SK_API void sk_expr_add_arg(sk_expr *e, sk_expr *arg)
{
  size_t cap = (size_t)e->nargs;   /* grows to powers of two via sk_grow */
  size_t c = 0;
  while (c < cap) c = c ? c * 2 : 8;
  e->args = (sk_expr **)sk_grow(e->args, &c, (size_t)e->nargs + 1, sizeof(sk_expr *));
  e->args[e->nargs++] = arg;
}

SK_API sk_expr *sk_expr_int(long v, const sk_loc *loc)
{
  sk_expr *e = sk_expr_new(E_INT, loc);
  e->ival = v;
  e->dval = (double)v;
  return e;
}

SK_API sk_expr *sk_expr_var(const char *name, const sk_loc *loc)
{
  sk_expr *e = sk_expr_new(E_VAR, loc);
  e->name = sk_strdup(name);
  return e;
}

SK_API sk_expr *sk_expr_call0(const char *name, const sk_loc *loc)
{
  sk_expr *e = sk_expr_new(E_CALL, loc);
  e->name = sk_strdup(name);
  return e;
}

SK_API sk_stmt *sk_stmt_new(sk_stmt_kind kind, const sk_loc *loc)
{
  sk_stmt *s = (sk_stmt *)sk_calloc(1, sizeof *s);
  s->kind = kind;
  s->loc = *loc;
  return s;
}

SK_API void sk_block_add(sk_block *b, sk_stmt *s)
{
  b->items = (sk_stmt **)sk_grow(b->items, &b->cap, b->n + 1, sizeof(sk_stmt *));
  b->items[b->n++] = s;
}

static void ast_free_expr(sk_expr *e)
{
  int i;
  if (!e) return;
  for (i = 0; i < e->nargs; i++) ast_free_expr(e->args[i]);
  free(e->args);
  free(e->name);
  free(e);
}

static void ast_free_block(sk_block *b);

static void ast_free_stmt(sk_stmt *s)
{
  int i;
  free(s->name);
  ast_free_expr(s->expr);
  ast_free_expr(s->call);
  ast_free_expr(s->from);
  ast_free_expr(s->to);
  ast_free_expr(s->step);
  ast_free_expr(s->multiple_of);
  for (i = 0; i < s->nlist; i++) ast_free_expr(s->list[i]);
  free(s->list);
  ast_free_block(&s->body);
  ast_free_block(&s->else_body);
  free(s);
}

static void ast_free_block(sk_block *b)
{
  size_t i;
  for (i = 0; i < b->n; i++) ast_free_stmt(b->items[i]);
  free(b->items);
  b->items = NULL;
  b->n = b->cap = 0;
}

SK_API void sk_program_free(sk_program *p) { ast_free_block(&p->top); }

/* Binding strength for printing with the fewest parentheses, as the parser binds
** (SKaMPI 5 manual §5; the order of the original's operators):
** or/|| < and/&& < ! < | < & < == != < < <= > >= < + - < * / % < unary - not ~ < operands.
** '!' binds more loosely than the comparisons and bitwise operators (!a < b is !(a < b)),
** 'not' as tightly as unary minus (not a == b is (not a) == b); the two comparison
** levels do not chain (a < b < c is an error). */
#define AST_PREC_NOT 3
#define AST_PREC_EQ 6
#define AST_PREC_REL 7
#define AST_PREC_SUM 8
#define AST_PREC_NEG 10

static int ast_precedence(const sk_expr *e)
{
  if (e->kind == E_UNARY) return e->op == TK_NOT ? AST_PREC_NOT : AST_PREC_NEG;
  if (e->kind != E_BINARY) return 11;
  switch (e->op) {
  case TK_OR: return 1;
  case TK_AND: return 2;
  case TK_BOR: return 4;
  case TK_BAND: return 5;
  case TK_EQ: case TK_NE: return AST_PREC_EQ;
  case TK_LT: case TK_LE: case TK_GT: case TK_GE: return AST_PREC_REL;
  case TK_PLUS: case TK_MINUS: return AST_PREC_SUM;
  default: return 9;
  }
}

static const char *ast_op_text(int op)
{
  switch (op) {
  case TK_PLUS: return "+"; case TK_MINUS: return "-"; case TK_STAR: return "*";
  case TK_SLASH: return "/"; case TK_PERCENT: return "%"; case TK_EQ: return "==";
  case TK_NE: return "!="; case TK_LT: return "<"; case TK_LE: return "<=";
  case TK_GT: return ">"; case TK_GE: return ">="; case TK_AND: return "&&";
  case TK_OR: return "||"; case TK_NOT: return "!"; case TK_KNOT: return "not ";
  case TK_BAND: return "&"; case TK_BOR: return "|"; case TK_TILDE: return "~";
  default: return "?";
  }
}

static void ast_print_operand(sk_str *out, const sk_expr *e, int min_prec)
{
  if (ast_precedence(e) < min_prec) {
    sk_str_putc(out, '(');
    sk_expr_print(out, e);
    sk_str_putc(out, ')');
  } else {
    sk_expr_print(out, e);
  }
}

SK_API void sk_expr_print(sk_str *out, const sk_expr *e)
{
  int i;
  switch (e->kind) {
  case E_INT: sk_str_printf(out, "%ld", e->ival); break;
  case E_DOUBLE: {
    char buf[64];
    int digits;
    for (digits = 15; digits < 17; digits++) {      /* the shortest text that reads back */
      sprintf(buf, "%.*g", digits, e->dval);
      if (strtod(buf, NULL) == e->dval) break;
    }
    if (digits == 17) sprintf(buf, "%.17g", e->dval);
    if (!strpbrk(buf, ".eEni")) strcat(buf, ".0");
    sk_str_puts(out, buf);
    break;
  }
  case E_STRING: sk_str_printf(out, "\"%s\"", e->name); break;
  case E_VAR: sk_str_puts(out, e->name); break;
  case E_CALL:
    sk_str_printf(out, "%s(", e->name);
    for (i = 0; i < e->nargs; i++) {
      if (i) sk_str_puts(out, ", ");
      sk_expr_print(out, e->args[i]);
    }
    sk_str_putc(out, ')');
    break;
  case E_UNARY:
    sk_str_puts(out, ast_op_text(e->op));
    /* !(a < b) rather than the equivalent but misleading !a < b */
    if (e->op == TK_NOT && !(e->args[0]->kind == E_UNARY && e->args[0]->op == TK_NOT))
      ast_print_operand(out, e->args[0], AST_PREC_SUM);
    else
      ast_print_operand(out, e->args[0], ast_precedence(e));
    break;
  case E_BINARY: {
    int p = ast_precedence(e);
    /* a < b < c and a == b == c do not parse */
    ast_print_operand(out, e->args[0], p == AST_PREC_EQ || p == AST_PREC_REL ? p + 1 : p);
    sk_str_printf(out, " %s ", ast_op_text(e->op));
    ast_print_operand(out, e->args[1], p + 1);
    break;
  }
  case E_ARRAY:
    sk_str_putc(out, '{');
    for (i = 0; i < e->nargs; i++) {
      if (i) sk_str_puts(out, ", ");
      sk_expr_print(out, e->args[i]);
    }
    sk_str_putc(out, '}');
    break;
  }
}

static void ast_indent(sk_str *out, int depth)
{
  int i;
  for (i = 0; i < depth; i++) sk_str_puts(out, "  ");
}

static void ast_print_block(sk_str *out, const sk_block *b, int depth);

static void ast_print_stmt(sk_str *out, const sk_stmt *s, int depth)
{
  int i;
  ast_indent(out, depth);
  switch (s->kind) {
  case S_ASSIGN:
    sk_str_printf(out, "%s = ", s->name);
    sk_expr_print(out, s->expr);
    sk_str_putc(out, '\n');
    break;
  case S_CALL:
    sk_expr_print(out, s->expr);
    sk_str_putc(out, '\n');
    break;
  case S_IF:
    sk_str_puts(out, "if ");
    sk_expr_print(out, s->expr);
    sk_str_puts(out, " then\n");
    ast_print_block(out, &s->body, depth + 1);
    if (s->else_body.n) {
      ast_indent(out, depth);
      sk_str_puts(out, "else\n");
      ast_print_block(out, &s->else_body, depth + 1);
    }
    ast_indent(out, depth);
    sk_str_puts(out, "fi\n");
    break;
  case S_FOR_RANGE:
    sk_str_printf(out, "%s %s = ", s->autorefine ? "autorefine" : "for", s->name);
    sk_expr_print(out, s->from);
    sk_str_puts(out, " to ");
    if (s->to) sk_expr_print(out, s->to); else sk_str_puts(out, "...");
    if (s->step) {
      sk_str_puts(out, s->step_multiplies ? " step *" : " step ");
      ast_print_operand(out, s->step, AST_PREC_NEG);          /* parsed as a unary */
    }
    if (s->multiple_of) {
      sk_str_puts(out, " multipleof ");
      ast_print_operand(out, s->multiple_of, AST_PREC_NEG);   /* parsed as a unary */
    }
    sk_str_puts(out, " do\n");
    ast_print_block(out, &s->body, depth + 1);
    ast_indent(out, depth);
    sk_str_puts(out, "od\n");
    break;
  case S_FOR_LIST:
    sk_str_printf(out, "for %s in [", s->name);
    for (i = 0; i < s->nlist; i++) {
      if (i) sk_str_puts(out, ", ");
      sk_expr_print(out, s->list[i]);
    }
    sk_str_puts(out, "] do\n");
    ast_print_block(out, &s->body, depth + 1);
    ast_indent(out, depth);
    sk_str_puts(out, "od\n");
    break;
  case S_FOR_ITER:
    sk_str_printf(out, "for %s in ", s->name);
    sk_expr_print(out, s->expr);
    sk_str_puts(out, " do\n");
    ast_print_block(out, &s->body, depth + 1);
    ast_indent(out, depth);
    sk_str_puts(out, "od\n");
    break;
  case S_MEASUREMENT:
    sk_str_printf(out, "begin measurement \"%s\"\n", s->name);
    ast_print_block(out, &s->body, depth + 1);
    ast_indent(out, depth);
    sk_str_puts(out, "end measurement\n");
    break;
  case S_MEASURE:
    sk_str_puts(out, "measure ");
    sk_expr_print(out, s->expr);
    sk_str_puts(out, " : ");
    sk_expr_print(out, s->call);
    sk_str_putc(out, '\n');
    break;
  case S_PRINT: case S_PRINT_ALL:
    sk_str_puts(out, s->kind == S_PRINT ? "print " : "print_all ");
    for (i = 0; i < s->nlist; i++) {
      if (i) sk_str_puts(out, ", ");
      sk_expr_print(out, s->list[i]);
    }
    sk_str_putc(out, '\n');
    break;
  case S_FLUSH:
    sk_str_puts(out, "flush\n");
    break;
  }
}

static void ast_print_block(sk_str *out, const sk_block *b, int depth)
{
  size_t i;
  for (i = 0; i < b->n; i++) ast_print_stmt(out, b->items[i], depth);
}

SK_API void sk_program_print(sk_str *out, const sk_program *p)
{
  ast_print_block(out, &p->top, 0);
}
/* --- end split/ast.c --- */
/* --- begin split/sources.h --- */
#line 1 "split/sources.h"
/*
** sources.h -- the input files of a run. Rank 0 reads them from disk (the main file and
** every @include'd file); the whole set is then serialised and broadcast, and the other
** processes parse from the set alone (they may not see the file system).
*/
#ifndef SK_SOURCES_H
#define SK_SOURCES_H

#line 10 "split/sources.h"

typedef struct sk_source {
  char *name;      /* the path as resolved (relative to the including file) */
  char *text;      /* NUL-terminated contents */
  size_t len;
} sk_source;

typedef struct sk_sources {
  sk_source *items;
  size_t n, cap;
  int from_disk;   /* 1: load missing files from disk; 0: only what the set holds */
} sk_sources;

SK_API void sk_sources_init(sk_sources *set, int from_disk);
SK_API void sk_sources_free(sk_sources *set);
/* Adds a file given as text (tests, the SKaMPI 4 translator). */
SK_API const sk_source *sk_sources_add(sk_sources *set, const char *name, const char *text, size_t len);
/* Returns the file, loading it if allowed; NULL with *err set ("cannot open ...: reason"). */
SK_API const sk_source *sk_sources_get(sk_sources *set, const char *name, sk_str *err);
/* `name` as seen from the directory of `including` (absolute names stay as they are). */
/* sk_sources_get for a front end's main file: on failure *err holds "skampi: reason". */
SK_API const sk_source *sk_sources_open_main(sk_sources *set, const char *name, sk_str *err);
SK_API char *sk_path_relative_to(const char *including, const char *name);
SK_API void sk_sources_serialize(const sk_sources *set, sk_str *out);
SK_API int sk_sources_deserialize(sk_sources *set, const char *data, size_t len);

#endif
/* --- end split/sources.h --- */
/* --- begin split/sources.c --- */
#line 1 "split/sources.c"
/*
** sources.c -- loading, keeping and shipping the input files (sources.h).
*/
#line 5 "split/sources.c"
#include <errno.h>

SK_API void sk_sources_init(sk_sources *set, int from_disk)
{
  set->items = NULL;
  set->n = set->cap = 0;
  set->from_disk = from_disk;
}

SK_API void sk_sources_free(sk_sources *set)
{
  size_t i;
  for (i = 0; i < set->n; i++) { free(set->items[i].name); free(set->items[i].text); }
  free(set->items);
  set->items = NULL;
  set->n = set->cap = 0;
}

SK_API const sk_source *sk_sources_add(sk_sources *set, const char *name, const char *text, size_t len)
{
  sk_source *s;
  set->items = (sk_source *)sk_grow(set->items, &set->cap, set->n + 1, sizeof(sk_source));
  s = &set->items[set->n++];
  s->name = sk_strdup(name);
  s->text = sk_strndup(text, len);
  s->len = len;
  return s;
}

static char *src_read_file(const char *name, size_t *len, sk_str *err)
{
  FILE *f = fopen(name, "rb");
  sk_str buf;
  char chunk[8192];
  size_t got;
  if (f == NULL) {
    sk_str_printf(err, "cannot open '%s': %s", name, strerror(errno));
    return NULL;
  }
  sk_str_init(&buf);
  sk_str_putn(&buf, "", 0);
  while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) sk_str_putn(&buf, chunk, got);
  if (ferror(f)) {
    sk_str_printf(err, "cannot read '%s': %s", name, strerror(errno));
    fclose(f);
    sk_str_free(&buf);
    return NULL;
  }
  fclose(f);
  *len = buf.len;
  return buf.data;
}

SK_API const sk_source *sk_sources_get(sk_sources *set, const char *name, sk_str *err)
{
  size_t i, len = 0;
  char *text;
  const sk_source *s;
  for (i = 0; i < set->n; i++)
    if (sk_streq(set->items[i].name, name)) return &set->items[i];
  if (!set->from_disk) {
    sk_str_printf(err, "file '%s' was not distributed with the input", name);
    return NULL;
  }
  text = src_read_file(name, &len, err);
  if (text == NULL) return NULL;
  s = sk_sources_add(set, name, text, len);
  free(text);
  return s;
}

SK_API const sk_source *sk_sources_open_main(sk_sources *set, const char *name, sk_str *err)
{
  sk_str reason;
  const sk_source *s;
  sk_str_init(&reason);
  s = sk_sources_get(set, name, &reason);
  if (s == NULL) {
    sk_str_clear(err);
    sk_str_printf(err, "skampi: %s", reason.data);
  }
  sk_str_free(&reason);
  return s;
}

/* Removes "." components and folds "dir/.." pairs, so that one file always has one
** name (include-cycle detection compares names). Leading ".." of a relative path stay. */
static char *src_normalize(const char *path)
{
  char *out = (char *)sk_malloc(strlen(path) + 2), *o = out;
  const char *p = path;
  size_t kept = 0;          /* components in out that can be folded by a later ".." */
  int absolute = path[0] == '/';
  if (absolute) *o++ = '/';
  while (*p) {
    const char *start;
    size_t len;
    while (*p == '/') p++;
    start = p;
    while (*p && *p != '/') p++;
    len = (size_t)(p - start);
    if (len == 0 || (len == 1 && start[0] == '.')) continue;
    if (len == 2 && start[0] == '.' && start[1] == '.') {
      if (kept > 0) {
        o--;                                     /* the '/' after the last component */
        while (o > out && o[-1] != '/') o--;
        kept--;
        continue;
      }
      if (absolute) continue;                    /* "/.." is "/" */
    } else {
      kept++;
    }
    memcpy(o, start, len);
    o += len;
    *o++ = '/';
  }
  if (o > out + (absolute ? 1 : 0)) o--;         /* drop the trailing '/' */
  if (o == out) *o++ = '.';
  *o = '\0';
  return out;
}

SK_API char *sk_path_relative_to(const char *including, const char *name)
{
  const char *slash;
  sk_str path;
  char *normal;
  if (name[0] == '/' || including == NULL) return src_normalize(name);
  slash = strrchr(including, '/');
  if (slash == NULL) return src_normalize(name);
  sk_str_init(&path);
  sk_str_putn(&path, including, (size_t)(slash - including) + 1);
  sk_str_puts(&path, name);
  normal = src_normalize(path.data);
  sk_str_free(&path);
  return normal;
}

/* Format: for each file "name\0" then the length as decimal text "\0" then the bytes. */
SK_API void sk_sources_serialize(const sk_sources *set, sk_str *out)
{
  size_t i;
  char num[32];
  for (i = 0; i < set->n; i++) {
    sk_str_putn(out, set->items[i].name, strlen(set->items[i].name) + 1);
    sprintf(num, "%lu", (unsigned long)set->items[i].len);
    sk_str_putn(out, num, strlen(num) + 1);
    sk_str_putn(out, set->items[i].text, set->items[i].len);
  }
}

SK_API int sk_sources_deserialize(sk_sources *set, const char *data, size_t len)
{
  const char *p = data, *end = data + len;
  while (p < end) {
    const char *name = p, *num;
    unsigned long n;
    p = (const char *)memchr(p, '\0', (size_t)(end - p));
    if (!p) return 0;
    num = ++p;
    p = (const char *)memchr(p, '\0', (size_t)(end - p));
    if (!p) return 0;
    p++;
    n = strtoul(num, NULL, 10);
    if (n > (unsigned long)(end - p)) return 0;
    sk_sources_add(set, name, p, (size_t)n);
    p += n;
  }
  return 1;
}
/* --- end split/sources.c --- */
/* --- begin split/parser.h --- */
#line 1 "split/parser.h"
/*
** parser.h -- the .ski front end: parses a SKaMPI 5 input file (SKaMPI 5 manual §2.5, §5) and
** the files it @includes into a program tree, and checks at parse time what can be
** checked: unknown measurement/helper/iterator names, argument counts, argument types
** of literals and constants, measure statements outside measurement blocks, division by
** a literal zero, include cycles. The first error ends parsing with
** "file:line:col: message".
*/
#ifndef SK_PARSER_H
#define SK_PARSER_H

#line 13 "split/parser.h"
#line 14 "split/parser.h"
#line 15 "split/parser.h"

/* Returns 1 and fills *prog, or 0 with the message in *err. */
SK_API int sk_parse_file(sk_sources *src, const char *path, sk_program *prog, sk_str *err);
/* Checks one call of a measurement or helper against its parameter letters. */
SK_API int sk_parse_check_args(const char *what, const char *name, const char *params,
                               const sk_expr *call, sk_str *err);
/* The type an expression certainly has, or SK_T_NONE when only run time can tell. */
SK_API sk_type sk_expr_static_type(const sk_expr *e);
/* Every measurement the program names can run in this build (registry rows exist in
** every build; their functions only where the backend has them). 0 and
** "file:line:col: 'NAME' needs ..." in err for the first that cannot. */
SK_API int sk_parse_check_available(const sk_program *prog, sk_str *err);

#endif
/* --- end split/parser.h --- */
/* --- begin split/parser.c --- */
#line 1 "split/parser.c"
/*
** parser.c -- recursive-descent parser of the .ski language (see parser.h).
**
** Grammar (free format as in SKaMPI 6: newlines are blanks, statements need no separator):
**   program    := { statement }
**   statement  := '@include' STRING
**              |  'begin' 'measurement' STRING block 'end' 'measurement'
**              |  'measure' expr [':'] IDENT '(' [args] ')'
**              |  ('for'|'autorefine') IDENT '=' expr 'to' (expr|'...')
**                     ['step' ['*'|'+'] factor] ['multipleof' expr] 'do' block 'od'
**              |  'for' IDENT 'in' '[' [args] ']' 'do' block 'od'
**              |  'for' IDENT 'in' IDENT '(' [args] ')' 'do' block 'od'
**              |  'if' expr 'then' block ['else' block] 'fi'
**              |  ('print'|'print_all') expr {',' expr}  |  'flush'   (in blocks only)
**              |  IDENT '=' expr
**              |  IDENT '(' [args] ')'
**   expr       := or;  or := and {('||'|'or') and};  and := not {('&&'|'and') not};
**   not        := '!' not | bor;  bor := band {'|' band};  band := eq {'&' eq}
**   eq         := rel [('=='|'!='|'<>') rel];  rel := sum [('<'|'<='|'>'|'>=') sum]
**   sum        := term {('+'|'-') term};  term := unary {('*'|'/'|'%') unary}
**   unary      := ('-'|'+'|'not'|'~') unary | primary
**   primary    := INT | DOUBLE | STRING | IDENT | IDENT '(' [args] ')' | '(' expr ')'
**              |  '{' [args] '}'
** The operator order is the original's (SKaMPI 5 manual §5): or < and < | < & < equality
** < comparisons < + - < * / % < not ~; '!' (ours) binds below '|' as it always did.
** After parsing, every identifier read must be predefined or assigned (or be a loop
** variable) earlier in the text; otherwise "unknown identifier" at its position.
*/
#line 30 "split/parser.c"
#line 31 "split/parser.c"
#line 32 "split/parser.c"
#line 33 "split/parser.c"
#include <setjmp.h>

#define PARSER_MAX_NESTING 1000
#define PARSER_MAX_INCLUDE_DEPTH 1000

typedef struct parser {
  sk_sources *src;
  sk_lexer *lx;
  sk_token tok;
  sk_str *err;
  jmp_buf fail;
  int nesting;
  const char **includes;        /* stack of files being parsed, for cycle detection */
  size_t nincludes, capincludes;
  int in_measurement;
  /* Everything a failed parse must free (the first error longjmps out of any depth):
  ** every expression node made (the statements are in the program from their start),
  ** the lexers of included files, the argument list of a 'for v in [...]' being read,
  ** and a scratch string for messages. */
  sk_expr **exprs;
  size_t nexprs, capexprs;
  sk_lexer **lexers;
  size_t nlexers, caplexers;
  sk_expr *list_holder;         /* &holder while a list is read, else NULL */
  sk_expr holder;               /* in the parser, not on a stack the longjmp leaves */
  sk_str scratch;
} parser;

static const char *const parser_keywords[] = {
  "begin", "end", "measurement", "measure", "for", "autorefine", "to", "step",
  "multipleof", "do", "od", "in", "if", "then", "else", "fi", "print", "print_all", "flush",
  NULL
};

static sk_expr *p_new_expr(parser *p, sk_expr_kind kind, const sk_loc *loc)
{
  sk_expr *e = sk_expr_new(kind, loc);
  p->exprs = (sk_expr **)sk_grow(p->exprs, &p->capexprs, p->nexprs + 1, sizeof(sk_expr *));
  p->exprs[p->nexprs++] = e;
  return e;
}

/* A statement is part of the program from the moment it is made. */
static sk_stmt *p_new_stmt(sk_block *into, sk_stmt_kind kind, const sk_loc *loc)
{
  sk_stmt *s = sk_stmt_new(kind, loc);
  sk_block_add(into, s);
  return s;
}

static void p_fail(parser *p, const sk_loc *loc, const char *fmt, ...)
{
  va_list ap;
  sk_str_clear(p->err);
  va_start(ap, fmt);
  sk_format_loc_message(p->err, loc, fmt, ap);
  va_end(ap);
  longjmp(p->fail, 1);
}

static void p_advance(parser *p)
{
  if (!sk_lexer_next(p->lx, &p->tok)) {
    sk_str_clear(p->err);
    sk_str_puts(p->err, p->lx->errmsg.data);
    longjmp(p->fail, 1);
  }
}

static int p_is_word(const parser *p, const char *word)
{
  return p->tok.kind == TK_IDENT && sk_streq(p->tok.sval, word);
}

static int p_is_keyword(const char *s)
{
  int i;
  for (i = 0; parser_keywords[i]; i++) if (sk_streq(parser_keywords[i], s)) return 1;
  return 0;
}

static void p_describe_token(const sk_token *t, sk_str *out)
{
  if (t->kind == TK_IDENT) sk_str_printf(out, "'%s'", t->sval);
  else if (t->kind == TK_STRING) {   /* a message stays on one line: a string spanning lines ends at its first */
    const char *nl = strchr(t->sval, '\n');
    if (nl) sk_str_printf(out, "string \"%.*s...\"", (int)(nl - t->sval), t->sval);
    else sk_str_printf(out, "string \"%s\"", t->sval);
  }
  else if (t->kind == TK_INT || t->kind == TK_DOUBLE) {
    sk_str_puts(out, "number ");
    sk_str_putn(out, t->start, t->len);
  } else if (t->kind == TK_AND || t->kind == TK_OR || t->kind == TK_KNOT) {
    sk_str_putc(out, '\'');
    sk_str_putn(out, t->start, t->len);
    sk_str_putc(out, '\'');
  } else sk_str_puts(out, sk_tok_name(t->kind));
}

static void p_unexpected(parser *p, const char *expected)
{
  sk_str_clear(&p->scratch);
  p_describe_token(&p->tok, &p->scratch);
  p_fail(p, &p->tok.loc, "syntax error: expected %s, found %s", expected, p->scratch.data);
}

static void p_expect(parser *p, sk_tok kind, const char *expected)
{
  if (p->tok.kind != kind) p_unexpected(p, expected);
  p_advance(p);
}

static void p_expect_word(parser *p, const char *word)
{
  char buf[64];
  if (!p_is_word(p, word)) {
    sprintf(buf, "'%.40s'", word);
    p_unexpected(p, buf);
  }
  p_advance(p);
}

/* The name stays in the lexer's pool until the lexer is freed. */
static const char *p_expect_name(parser *p, const char *what)
{
  const char *name;
  if (p->tok.kind != TK_IDENT) p_unexpected(p, what);
  if (p_is_keyword(p->tok.sval))
    p_fail(p, &p->tok.loc, "'%s' is a keyword and cannot be used as %s", p->tok.sval, what);
  name = p->tok.sval;
  p_advance(p);
  return name;
}

static void p_enter(parser *p, const sk_loc *loc)
{
  if (++p->nesting > PARSER_MAX_NESTING)
    p_fail(p, loc, "nesting deeper than %d levels", PARSER_MAX_NESTING);
}

/* ---- expressions ---- */

static sk_expr *p_expr(parser *p);

static void p_args(parser *p, sk_expr *call, sk_tok close, const char *closename)
{
  if (p->tok.kind != close) {
    for (;;) {
      sk_expr_add_arg(call, p_expr(p));
      if (p->tok.kind != TK_COMMA) break;
      p_advance(p);
    }
  }
  p_expect(p, close, closename);
}

static sk_expr *p_primary(parser *p)
{
  sk_expr *e;
  sk_loc loc = p->tok.loc;
  switch (p->tok.kind) {
  case TK_INT:
    e = p_new_expr(p, E_INT, &loc);
    e->ival = p->tok.ival;
    e->dval = (double)p->tok.ival;
    p_advance(p);
    return e;
  case TK_DOUBLE:
    e = p_new_expr(p, E_DOUBLE, &loc);
    e->dval = p->tok.dval;
    p_advance(p);
    return e;
  case TK_STRING:
    e = p_new_expr(p, E_STRING, &loc);
    e->name = sk_strdup(p->tok.sval);
    p_advance(p);
    return e;
  case TK_LPAREN:
    p_advance(p);
    e = p_expr(p);
    p_expect(p, TK_RPAREN, "')'");
    return e;
  case TK_LBRACE:
    e = p_new_expr(p, E_ARRAY, &loc);
    p_advance(p);
    p_args(p, e, TK_RBRACE, "'}' or ','");
    return e;
  case TK_IDENT: {
    const char *name;   /* in the lexer's pool */
    if (p_is_keyword(p->tok.sval)) p_unexpected(p, "an expression");
    name = p->tok.sval;
    p_advance(p);
    if (p->tok.kind == TK_LPAREN) {
      const sk_builtin *b = sk_builtin_find(name);
      e = p_new_expr(p, E_CALL, &loc);
      e->name = sk_strdup(name);
      p_advance(p);
      p_args(p, e, TK_RPAREN, "')' or ','");
      if (b == NULL) {
        if (sk_catalogue_find(name))
          p_fail(p, &loc, "'%s' is a measurement function; it can only be used in a measure statement", name);
        if (sk_iterator_find(name))
          p_fail(p, &loc, "'%s' is an iterator; use it as 'for v in %s(...)'", name, name);
        p_fail(p, &loc, "unknown function '%s'", name);
      }
      if (!sk_parse_check_args("helper function", name, b->params, e, p->err)) longjmp(p->fail, 1);
      return e;
    }
    e = p_new_expr(p, E_VAR, &loc);
    e->name = sk_strdup(name);
    return e;
  }
  default:
    p_unexpected(p, "an expression");
    return NULL;
  }
}

static sk_expr *p_binary(parser *p, sk_expr *l, int op, sk_expr *r, const sk_loc *loc)
{
  sk_expr *e = p_new_expr(p, E_BINARY, loc);
  e->op = op;
  sk_expr_add_arg(e, l);
  sk_expr_add_arg(e, r);
  return e;
}

static sk_expr *p_unary(parser *p)
{
  if (p->tok.kind == TK_MINUS || p->tok.kind == TK_PLUS) {
    sk_loc loc = p->tok.loc;
    int op = p->tok.kind;
    sk_expr *e, *operand;
    p_enter(p, &loc);
    p_advance(p);
    operand = p_unary(p);
    p->nesting--;
    if (op == TK_PLUS) return operand;
    e = p_new_expr(p, E_UNARY, &loc);
    e->op = TK_MINUS;
    sk_expr_add_arg(e, operand);
    return e;
  }
  if (p->tok.kind == TK_KNOT || p->tok.kind == TK_TILDE) {
    sk_loc loc = p->tok.loc;
    sk_expr *e = p_new_expr(p, E_UNARY, &loc);
    e->op = p->tok.kind;
    p_enter(p, &loc);
    p_advance(p);
    sk_expr_add_arg(e, p_unary(p));
    p->nesting--;
    return e;
  }
  return p_primary(p);
}

static sk_expr *p_term(parser *p)
{
  int outer = p->nesting;
  sk_expr *e = p_unary(p);
  while (p->tok.kind == TK_STAR || p->tok.kind == TK_SLASH || p->tok.kind == TK_PERCENT) {
    sk_loc loc = p->tok.loc;
    int op = p->tok.kind;
    sk_expr *r;
    p_enter(p, &loc);   /* a chain a*b*c*... is a tree as deep as it is long */
    p_advance(p);
    r = p_unary(p);
    if ((op == TK_SLASH || op == TK_PERCENT) &&
        ((r->kind == E_INT && r->ival == 0) || (r->kind == E_DOUBLE && r->dval == 0.0)))
      p_fail(p, &loc, "division by zero");
    e = p_binary(p, e, op, r, &loc);
  }
  p->nesting = outer;
  return e;
}

static sk_expr *p_sum(parser *p)
{
  int outer = p->nesting;
  sk_expr *e = p_term(p);
  while (p->tok.kind == TK_PLUS || p->tok.kind == TK_MINUS) {
    sk_loc loc = p->tok.loc;
    int op = p->tok.kind;
    p_enter(p, &loc);
    p_advance(p);
    e = p_binary(p, e, op, p_term(p), &loc);
  }
  p->nesting = outer;
  return e;
}

static sk_expr *p_relation(parser *p)
{
  sk_expr *e = p_sum(p);
  if (p->tok.kind >= TK_LT && p->tok.kind <= TK_GE) {
    sk_loc loc = p->tok.loc;
    int op = p->tok.kind;
    p_advance(p);
    e = p_binary(p, e, op, p_sum(p), &loc);
  }
  return e;
}

static sk_expr *p_equality(parser *p)
{
  sk_expr *e = p_relation(p);
  if (p->tok.kind == TK_EQ || p->tok.kind == TK_NE) {
    sk_loc loc = p->tok.loc;
    int op = p->tok.kind;
    p_advance(p);
    e = p_binary(p, e, op, p_relation(p), &loc);
  }
  return e;
}

/* one left-associative level of '&' or '|' */
static sk_expr *p_bitwise(parser *p, int op)
{
  int outer = p->nesting;
  sk_expr *e = op == TK_BOR ? p_bitwise(p, TK_BAND) : p_equality(p);
  while ((int)p->tok.kind == op) {
    sk_loc loc = p->tok.loc;
    p_enter(p, &loc);
    p_advance(p);
    e = p_binary(p, e, op, op == TK_BOR ? p_bitwise(p, TK_BAND) : p_equality(p), &loc);
  }
  p->nesting = outer;
  return e;
}

static sk_expr *p_not(parser *p)
{
  if (p->tok.kind == TK_NOT) {
    sk_loc loc = p->tok.loc;
    sk_expr *e = p_new_expr(p, E_UNARY, &loc);
    e->op = TK_NOT;
    p_enter(p, &loc);
    p_advance(p);
    sk_expr_add_arg(e, p_not(p));
    p->nesting--;
    return e;
  }
  return p_bitwise(p, TK_BOR);
}

static sk_expr *p_and(parser *p)
{
  int outer = p->nesting;
  sk_expr *e = p_not(p);
  while (p->tok.kind == TK_AND) {
    sk_loc loc = p->tok.loc;
    p_enter(p, &loc);
    p_advance(p);
    e = p_binary(p, e, TK_AND, p_not(p), &loc);
  }
  p->nesting = outer;
  return e;
}

static sk_expr *p_expr(parser *p)
{
  sk_expr *e;
  sk_loc loc = p->tok.loc;
  int outer = p->nesting;
  p_enter(p, &loc);
  e = p_and(p);
  while (p->tok.kind == TK_OR) {
    sk_loc oploc = p->tok.loc;
    p_enter(p, &oploc);
    p_advance(p);
    e = p_binary(p, e, TK_OR, p_and(p), &oploc);
  }
  p->nesting = outer;
  return e;
}

/* ---- static checks ---- */

SK_API sk_type sk_expr_static_type(const sk_expr *e)
{
  sk_value v;
  const sk_builtin *b;
  switch (e->kind) {
  case E_INT: return SK_T_INT;
  case E_DOUBLE: return SK_T_DOUBLE;
  case E_STRING: return SK_T_STRING;
  case E_VAR: return sk_constant_find(e->name, &v) ? v.type : SK_T_NONE;
  case E_CALL: b = sk_builtin_find(e->name); return b ? b->result : SK_T_NONE;
  case E_UNARY: return e->op == TK_MINUS ? sk_expr_static_type(e->args[0]) : SK_T_INT;
  case E_ARRAY: {
    int i;
    sk_type first = e->nargs ? sk_expr_static_type(e->args[0]) : SK_T_INT;
    for (i = 1; i < e->nargs; i++) if (sk_expr_static_type(e->args[i]) != first) return SK_T_NONE;
    return first == SK_T_INT ? SK_T_IARRAY : first == SK_T_DATATYPE ? SK_T_DARRAY : SK_T_NONE;
  }
  case E_BINARY: {
    sk_type a = sk_expr_static_type(e->args[0]), c = sk_expr_static_type(e->args[1]);
    if (e->op >= TK_EQ) return SK_T_INT;
    if (a == SK_T_DOUBLE || c == SK_T_DOUBLE) return (a == SK_T_NONE || c == SK_T_NONE) ? SK_T_NONE : SK_T_DOUBLE;
    if (a == SK_T_INT && c == SK_T_INT) return SK_T_INT;
    return SK_T_NONE;
  }
  }
  return SK_T_NONE;
}

static sk_type p_letter_type(int letter)
{
  switch (letter) {
  case 'i': return SK_T_INT;
  case 'd': return SK_T_DOUBLE;
  case 's': return SK_T_STRING;
  case 'c': return SK_T_COMM;
  case 't': return SK_T_DATATYPE;
  case 'o': return SK_T_OP;
  case 'n': return SK_T_INFO;
  case 'a': return SK_T_IARRAY;
  case 'e': return SK_T_DARRAY;
  default: return SK_T_NONE;
  }
}

SK_API int sk_parse_check_args(const char *what, const char *name, const char *params,
                               const sk_expr *call, sk_str *err)
{
  int i, n = (int)strlen(params);
  if (call->nargs != n) {
    sk_str_clear(err);
    sk_str_printf(err, "%s:%d:%d: %s '%s' expects %d argument%s, got %d", call->loc.file,
                  call->loc.line, call->loc.col, what, name, n, n == 1 ? "" : "s", call->nargs);
    return 0;
  }
  for (i = 0; i < n; i++) {
    sk_type want = p_letter_type(params[i]), have = sk_expr_static_type(call->args[i]);
    int numeric_ok = (want == SK_T_INT || want == SK_T_DOUBLE) && (have == SK_T_INT || have == SK_T_DOUBLE);
    if (have == SK_T_NONE || have == want || numeric_ok) continue;
    sk_str_clear(err);
    sk_str_printf(err, "%s:%d:%d: argument %d of '%s' must be %s, not %s", call->args[i]->loc.file,
                  call->args[i]->loc.line, call->args[i]->loc.col, i + 1, name,
                  sk_type_name(want), sk_type_name(have));
    return 0;
  }
  return 1;
}

/* ---- statements ---- */

static void p_block(parser *p, sk_block *b, const char *const *terminators, const sk_loc *opened,
                    const char *opener);

static int p_at_terminator(const parser *p, const char *const *terminators)
{
  int i;
  if (p->tok.kind != TK_IDENT || terminators == NULL) return 0;
  for (i = 0; terminators[i]; i++) if (sk_streq(p->tok.sval, terminators[i])) return 1;
  return 0;
}

static void p_include(parser *p, sk_block *into)
{
  sk_loc loc = p->tok.loc;
  char *path;
  const sk_source *s;
  sk_lexer *lx, *saved_lx;
  sk_token saved_tok;
  size_t i;
  p_advance(p);
  if (p->tok.kind != TK_STRING) p_unexpected(p, "a file name in double quotes after @include");
  if (strchr(p->tok.sval, '\n'))   /* the original: the name stays on the @include line */
    p_fail(p, &p->tok.loc, "the file name after @include must end on the same line%s", "");
  if (p->nincludes >= PARSER_MAX_INCLUDE_DEPTH)
    p_fail(p, &loc, "includes nested deeper than %d files", PARSER_MAX_INCLUDE_DEPTH);
  path = sk_path_relative_to(p->lx->file, p->tok.sval);
  for (i = 0; i < p->nincludes; i++) {
    if (sk_streq(p->includes[i], path)) {
      size_t j;
      sk_str_clear(&p->scratch);
      for (j = i; j < p->nincludes; j++) sk_str_printf(&p->scratch, "%s -> ", p->includes[j]);
      sk_str_puts(&p->scratch, path);
      free(path);
      p_fail(p, &loc, "include cycle: %s", p->scratch.data);
    }
  }
  sk_str_clear(&p->scratch);
  s = sk_sources_get(p->src, path, &p->scratch);
  free(path);
  if (s == NULL) p_fail(p, &loc, "%s", p->scratch.data);
  if (strlen(s->text) != s->len) {
    sk_loc nul;
    const char *q;
    nul.file = s->name; nul.line = 1; nul.col = 1;
    for (q = s->text; *q; q++) { if (*q == '\n') { nul.line++; nul.col = 1; } else nul.col++; }
    p_fail(p, &nul, "the file contains a NUL byte");
  }
  p_advance(p);   /* past the file name, still in the including file */
  saved_lx = p->lx;
  saved_tok = p->tok;
  /* on the heap and on a stack the failure path frees */
  lx = (sk_lexer *)sk_malloc(sizeof *lx);
  sk_lexer_init(lx, s->name, s->text);
  p->lexers = (sk_lexer **)sk_grow(p->lexers, &p->caplexers, p->nlexers + 1, sizeof(sk_lexer *));
  p->lexers[p->nlexers++] = lx;
  p->lx = lx;
  p->includes = (const char **)sk_grow((void *)p->includes, &p->capincludes, p->nincludes + 1, sizeof(char *));
  p->includes[p->nincludes++] = s->name;
  p_advance(p);
  p_block(p, into, NULL, NULL, NULL);
  p->nincludes--;
  p->nlexers--;
  sk_lexer_free(lx);
  free(lx);
  p->lx = saved_lx;
  p->tok = saved_tok;
}

static void p_measurement(parser *p, sk_block *into)
{
  static const char *const terms[] = { "end", NULL };
  sk_stmt *s;
  sk_loc loc = p->tok.loc;
  p_advance(p);
  p_expect_word(p, "measurement");
  if (p->in_measurement) p_fail(p, &loc, "measurement blocks cannot be nested");
  if (p->tok.kind != TK_STRING) p_unexpected(p, "the measurement's name in double quotes");
  s = p_new_stmt(into, S_MEASUREMENT, &loc);
  s->name = sk_strdup(p->tok.sval);
  p_advance(p);
  p->in_measurement = 1;
  p_block(p, &s->body, terms, &loc, "begin measurement");
  p_advance(p);
  p_expect_word(p, "measurement");
  p->in_measurement = 0;
}

static void p_measure(parser *p, sk_block *into)
{
  sk_stmt *s;
  const sk_measurement *m;
  sk_loc loc;
  if (!p->in_measurement)
    p_fail(p, &p->tok.loc, "a measure statement must be inside a measurement block (begin measurement \"name\" ... end measurement)");
  s = p_new_stmt(into, S_MEASURE, &p->tok.loc);
  p_advance(p);
  s->expr = p_expr(p);
  if (p->tok.kind == TK_COLON) p_advance(p);
  loc = p->tok.loc;
  if (p->tok.kind != TK_IDENT) p_unexpected(p, "a measurement function");
  s->call = p_new_expr(p, E_CALL, &loc);
  s->call->name = sk_strdup(p->tok.sval);
  p_advance(p);
  p_expect(p, TK_LPAREN, "'(' after the measurement function's name");
  p_args(p, s->call, TK_RPAREN, "')' or ','");
  m = sk_catalogue_find(s->call->name);
  if (m == NULL) {
    if (sk_builtin_find(s->call->name))
      p_fail(p, &loc, "'%s' is a helper function, not a measurement function", s->call->name);
    p_fail(p, &loc, "unknown measurement function '%s'", s->call->name);
  }
  if (!sk_parse_check_args("measurement function", m->name, m->params, s->call, p->err)) longjmp(p->fail, 1);
}

static void p_loop_body(parser *p, sk_stmt *s, const sk_loc *loc, const char *opener)
{
  static const char *const terms[] = { "od", NULL };
  p_expect_word(p, "do");
  p_block(p, &s->body, terms, loc, opener);
  p_advance(p);
}

static void p_for(parser *p, sk_block *into)
{
  sk_loc loc = p->tok.loc;
  int autorefine = p_is_word(p, "autorefine");
  const char *var;
  sk_stmt *s;
  p_advance(p);
  var = p_expect_name(p, "a loop variable");
  if (p_is_word(p, "in")) {
    if (autorefine) p_fail(p, &loc, "autorefine loops need a computed range (autorefine v = a to b ...)");
    p_advance(p);
    if (p->tok.kind == TK_LBRACKET) {
      s = p_new_stmt(into, S_FOR_LIST, &loc);
      s->name = sk_strdup(var);
      memset(&p->holder, 0, sizeof p->holder);
      p->list_holder = &p->holder;   /* its args array is freed if the list fails */
      p_advance(p);
      p_args(p, &p->holder, TK_RBRACKET, "']' or ','");
      p->list_holder = NULL;
      s->list = p->holder.args;
      s->nlist = p->holder.nargs;
    } else if (p->tok.kind == TK_IDENT && !p_is_keyword(p->tok.sval)) {
      sk_loc cloc = p->tok.loc;
      const sk_iterator *it = sk_iterator_find(p->tok.sval);
      s = p_new_stmt(into, S_FOR_ITER, &loc);
      s->name = sk_strdup(var);
      s->expr = p_new_expr(p, E_CALL, &cloc);
      s->expr->name = sk_strdup(p->tok.sval);
      p_advance(p);
      p_expect(p, TK_LPAREN, "'(' after the iterator's name");
      p_args(p, s->expr, TK_RPAREN, "')' or ','");
      if (it == NULL) p_fail(p, &cloc, "unknown iterator '%s'", s->expr->name);
      if (!sk_parse_check_args("iterator", it->name, it->params, s->expr, p->err)) longjmp(p->fail, 1);
    } else {
      p_unexpected(p, "'[' or an iterator after 'in'");
      return;
    }
  } else {
    s = p_new_stmt(into, S_FOR_RANGE, &loc);
    s->name = sk_strdup(var);
    s->autorefine = autorefine;
    p_expect(p, TK_ASSIGN, "'=' or 'in' after the loop variable");
    s->from = p_expr(p);
    p_expect_word(p, "to");
    if (p->tok.kind == TK_DOTS) p_advance(p); else s->to = p_expr(p);
    if (p_is_word(p, "step")) {
      p_advance(p);
      if (p->tok.kind == TK_STAR) { s->step_multiplies = 1; p_advance(p); }
      else if (p->tok.kind == TK_PLUS) p_advance(p);
      s->step = p_unary(p);
    }
    if (p_is_word(p, "multipleof")) {
      p_advance(p);
      s->multiple_of = p_unary(p);
    }
  }
  p_enter(p, &loc);
  p_loop_body(p, s, &loc, autorefine ? "autorefine" : "for");
  p->nesting--;
}

static void p_if(parser *p, sk_block *into)
{
  static const char *const then_terms[] = { "else", "fi", NULL };
  static const char *const else_terms[] = { "fi", NULL };
  sk_loc loc = p->tok.loc;
  sk_stmt *s = p_new_stmt(into, S_IF, &loc);
  p_advance(p);
  s->expr = p_expr(p);
  p_expect_word(p, "then");
  p_enter(p, &loc);
  p_block(p, &s->body, then_terms, &loc, "if");
  if (p_is_word(p, "else")) {
    p_advance(p);
    p_block(p, &s->else_body, else_terms, &loc, "if");
  }
  p->nesting--;
  p_advance(p);   /* fi */
}

/* print, print_all, flush (SKaMPI 6; only inside measurement blocks as there) */
static void p_print(parser *p, sk_block *into)
{
  sk_loc loc = p->tok.loc;
  sk_stmt *s;
  const char *word = p_is_word(p, "flush") ? "flush" : p_is_word(p, "print") ? "print" : "print_all";
  if (!p->in_measurement)
    p_fail(p, &loc, "'%s' can only be used inside a measurement block (begin measurement \"name\" ... end measurement)", word);
  s = p_new_stmt(into, word[0] == 'f' ? S_FLUSH : word[5] ? S_PRINT_ALL : S_PRINT, &loc);
  p_advance(p);
  if (s->kind == S_FLUSH) return;
  memset(&p->holder, 0, sizeof p->holder);
  p->list_holder = &p->holder;     /* its args array is freed if the list fails */
  for (;;) {
    sk_expr_add_arg(&p->holder, p_expr(p));
    if (p->tok.kind != TK_COMMA) break;
    p_advance(p);
  }
  p->list_holder = NULL;
  s->list = p->holder.args;
  s->nlist = p->holder.nargs;
}

static void p_statement(parser *p, sk_block *into)
{
  sk_loc loc = p->tok.loc;
  if (p->tok.kind == TK_INCLUDE) { p_include(p, into); return; }
  if (p->tok.kind != TK_IDENT) p_unexpected(p, "a statement");
  if (p_is_word(p, "print") || p_is_word(p, "print_all") || p_is_word(p, "flush")) p_print(p, into);
  else if (p_is_word(p, "begin")) p_measurement(p, into);
  else if (p_is_word(p, "measure")) p_measure(p, into);
  else if (p_is_word(p, "for") || p_is_word(p, "autorefine")) p_for(p, into);
  else if (p_is_word(p, "if")) p_if(p, into);
  else if (p_is_keyword(p->tok.sval)) p_unexpected(p, "a statement");
  else {
    const char *name = p->tok.sval;   /* in the lexer's pool */
    p_advance(p);
    if (p->tok.kind == TK_ASSIGN) {
      sk_stmt *s = p_new_stmt(into, S_ASSIGN, &loc);
      sk_value v;
      s->name = sk_strdup(name);
      if (sk_constant_find(name, &v)) p_fail(p, &loc, "'%s' is a predefined constant and cannot be assigned", name);
      p_advance(p);
      s->expr = p_expr(p);
    } else if (p->tok.kind == TK_LPAREN) {
      const sk_builtin *b = sk_builtin_find(name);
      sk_stmt *s = p_new_stmt(into, S_CALL, &loc);
      s->expr = p_new_expr(p, E_CALL, &loc);
      s->expr->name = sk_strdup(name);
      p_advance(p);
      p_args(p, s->expr, TK_RPAREN, "')' or ','");
      if (b == NULL) {
        if (sk_catalogue_find(name))
          p_fail(p, &loc, "'%s' is a measurement function; use it as 'measure <comm> : %s(...)' inside a measurement block", name, name);
        p_fail(p, &loc, "unknown function '%s'", name);
      }
      if (!sk_parse_check_args("helper function", name, b->params, s->expr, p->err)) longjmp(p->fail, 1);
    } else {
      sk_str_clear(&p->scratch);
      p_describe_token(&p->tok, &p->scratch);
      p_fail(p, &p->tok.loc, "syntax error: expected '=' or '(' after '%s', found %s", name, p->scratch.data);
    }
  }
}

static void p_block(parser *p, sk_block *b, const char *const *terminators, const sk_loc *opened,
                    const char *opener)
{
  for (;;) {
    while (p->tok.kind == TK_NEWLINE) p_advance(p);
    if (p_at_terminator(p, terminators)) return;
    if (p->tok.kind == TK_EOF) {
      const char *closer;
      if (terminators == NULL) return;
      closer = terminators[terminators[1] ? 1 : 0];
      p_fail(p, &p->tok.loc, "syntax error: end of file before '%s' closing the '%s' at line %d",
             sk_streq(closer, "end") ? "end measurement" : closer, opener, opened->line);
    }
    if (p->tok.kind == TK_IDENT && terminators == NULL &&
        (p_is_word(p, "od") || p_is_word(p, "fi") || p_is_word(p, "else") || p_is_word(p, "end")))
      p_fail(p, &p->tok.loc, "syntax error: '%s' without a matching opening statement", p->tok.sval);
    if (p->tok.kind == TK_IDENT && terminators != NULL && p_is_keyword(p->tok.sval) &&
        (p_is_word(p, "od") || p_is_word(p, "fi") || p_is_word(p, "else") || p_is_word(p, "end")))
      p_fail(p, &p->tok.loc, "syntax error: '%s' does not close the '%s' opened at line %d",
             p->tok.sval, opener, opened->line);
    p_statement(p, b);
  }
}

/* After a failure: the statements are all in the program; every expression, attached
** or not, is in p->exprs. Frees each exactly once, without following pointers. */
static void p_free_block_shallow(sk_block *b)
{
  size_t i;
  for (i = 0; i < b->n; i++) {
    sk_stmt *s = b->items[i];
    p_free_block_shallow(&s->body);
    p_free_block_shallow(&s->else_body);
    free(s->name);
    free(s->list);
    free(s);
  }
  free(b->items);
  b->items = NULL;
  b->n = b->cap = 0;
}

static void p_cleanup(parser *p, int failed, sk_program *prog)
{
  size_t i;
  if (failed) {
    for (i = 0; i < p->nexprs; i++) {
      free(p->exprs[i]->args);
      free(p->exprs[i]->name);
      free(p->exprs[i]);
    }
    for (i = 0; i < p->nlexers; i++) { sk_lexer_free(p->lexers[i]); free(p->lexers[i]); }
    if (p->list_holder) free(p->list_holder->args);
    p_free_block_shallow(&prog->top);
  }
  free(p->exprs);
  free(p->lexers);
  free((void *)p->includes);
  sk_str_free(&p->scratch);
}

static void parse_error_at(sk_str *err, const sk_loc *loc, const char *fmt, ...);

/* ---- every identifier read is known (SKaMPI 5 manual §5: a variable is created by its
** first assignment) ----
** Walks the program in the order of the text (included files where they are included):
** a name read must be predefined or assigned earlier in the text, in any scope (a name
** assigned only inside an earlier measurement block passes here, as in the original's
** syntax check). Loop variables count as assigned from their loop's body on. */
typedef struct parse_names {
  const char **names;
  size_t n, cap;
  const sk_expr *unknown;       /* the first unknown read, NULL while none */
} parse_names;

static int parse_names_has(const parse_names *k, const char *name)
{
  size_t i;
  for (i = k->n; i > 0; i--) if (sk_streq(k->names[i - 1], name)) return 1;
  return 0;
}

static void parse_names_add(parse_names *k, const char *name)
{
  if (parse_names_has(k, name)) return;
  k->names = (const char **)sk_grow((void *)k->names, &k->cap, k->n + 1, sizeof(char *));
  k->names[k->n++] = name;
}

static void parse_names_expr(parse_names *k, const sk_expr *e)
{
  int i;
  sk_value v;
  if (e == NULL || k->unknown) return;
  if (e->kind == E_VAR && !parse_names_has(k, e->name) && !sk_constant_find(e->name, &v)) {
    k->unknown = e;
    return;
  }
  for (i = 0; i < e->nargs; i++) parse_names_expr(k, e->args[i]);
}

static void parse_names_block(parse_names *k, const sk_block *b)
{
  size_t i;
  int j;
  for (i = 0; i < b->n && !k->unknown; i++) {
    const sk_stmt *s = b->items[i];
    parse_names_expr(k, s->expr);
    parse_names_expr(k, s->call);
    parse_names_expr(k, s->from);
    parse_names_expr(k, s->to);
    parse_names_expr(k, s->step);
    parse_names_expr(k, s->multiple_of);
    for (j = 0; j < s->nlist; j++) parse_names_expr(k, s->list[j]);
    if (s->kind == S_ASSIGN || s->kind == S_FOR_RANGE || s->kind == S_FOR_LIST || s->kind == S_FOR_ITER)
      parse_names_add(k, s->name);
    parse_names_block(k, &s->body);
    parse_names_block(k, &s->else_body);
  }
}

static int parse_check_names(const sk_program *prog, sk_str *err)
{
  parse_names k;
  char why[200];
  memset(&k, 0, sizeof k);
  parse_names_block(&k, &prog->top);
  free((void *)k.names);
  if (k.unknown == NULL) return 1;
  if (sk_constant_unavailable(k.unknown->name, why, sizeof why))
    parse_error_at(err, &k.unknown->loc, "%s", why);
  else
    parse_error_at(err, &k.unknown->loc, "unknown identifier '%s' (neither predefined nor assigned earlier)",
                   k.unknown->name);
  return 0;
}

SK_API int sk_parse_file(sk_sources *src, const char *path, sk_program *prog, sk_str *err)
{
  parser p;
  sk_lexer lx;
  const sk_source *s;
  memset(&p, 0, sizeof p);
  memset(prog, 0, sizeof *prog);
  p.src = src;
  p.err = err;
  s = sk_sources_open_main(src, path, err);
  if (s == NULL) return 0;
  sk_lexer_init(&lx, s->name, s->text);
  p.lx = &lx;
  sk_str_init(&p.scratch);
  /* Everything of this frame is set before setjmp: C89 §7.6.2.1 leaves automatic
  ** objects changed between setjmp and longjmp indeterminate, and p_cleanup frees
  ** through them (a stale p.includes would be a free() of garbage). */
  p.includes = (const char **)sk_grow(NULL, &p.capincludes, 1, sizeof(char *));
  p.includes[p.nincludes++] = s->name;
  if (setjmp(p.fail)) {
    sk_lexer_free(&lx);
    p_cleanup(&p, 1, prog);
    return 0;
  }
  if (strlen(s->text) != s->len) {
    sk_loc nul;
    const char *q;
    nul.file = s->name; nul.line = 1; nul.col = 1;
    for (q = s->text; *q; q++) { if (*q == '\n') { nul.line++; nul.col = 1; } else nul.col++; }
    p_fail(&p, &nul, "the file contains a NUL byte");
  }
  p_advance(&p);
  p_block(&p, &prog->top, NULL, NULL, NULL);
  sk_lexer_free(&lx);
  p_cleanup(&p, 0, prog);
  if (!parse_check_names(prog, err)) {
    sk_program_free(prog);
    return 0;
  }
  return 1;
}

/* ---- can this build run the program? ---- */

static void parse_error_at(sk_str *err, const sk_loc *loc, const char *fmt, ...)
{
  va_list ap;
  sk_str_clear(err);
  va_start(ap, fmt);
  sk_format_loc_message(err, loc, fmt, ap);
  va_end(ap);
}

static int parse_block_available(const sk_block *b, sk_str *err)
{
  size_t i;
  char why[200];
  for (i = 0; i < b->n; i++) {
    const sk_stmt *s = b->items[i];
    if (s->kind == S_MEASURE) {
      const sk_measurement *m = sk_catalogue_find(s->call->name);
      if (m != NULL && sk_catalogue_unavailable(m, why, sizeof why)) {
        parse_error_at(err, &s->call->loc, "%s", why);
        return 0;
      }
    }
    if (!parse_block_available(&s->body, err) || !parse_block_available(&s->else_body, err)) return 0;
  }
  return 1;
}

SK_API int sk_parse_check_available(const sk_program *prog, sk_str *err)
{
  return parse_block_available(&prog->top, err);
}
/* --- end split/parser.c --- */
/* --- begin split/output.c --- */
#line 1 "split/output.c"
/*
** output.c -- see output.h.
*/
#line 5 "split/output.c"
#line 6 "split/output.c"

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

SK_API int sk_out_open_at(const char *path, long bytes, sk_str *err)
{
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
/* --- end split/output.c --- */
/* --- begin split/runlog.h --- */
#line 1 "split/runlog.h"
/*
** runlog.h -- the run's log (SKaLib report, Karlsruhe TR 99/07: read_old_log_file,
** create_output_file) that lets a killed run continue: OUT.log next to the output (or
** the file of -L) records the input program's checksum, the number of processes, the
** owner (process id, host, start time), the byte offset where the header ends, and for
** every suite (measurement block, counted in the order the program runs them) its start
** and its completion with the output's byte offset at that moment. One record per
** line, each written by one write(2), so a killed run leaves at most a partial last line,
** which the parser ignores:
**
**   # skampi log 1
**   input CHECKSUM BYTES PATH
**   processes P
**   owner PID HOST EPOCH DATE
**   header OFFSET
**   start I OFFSET NAME
**   done I OFFSET NAME
**   resumed K OFFSET DATE          (a resumed run kept suites 1..K, the output's first OFFSET bytes)
**   finished OFFSET
**
** Rank 0 only. The log stays locked (fcntl) while the run lives, so a second run -- or
** the resumed run while orphans of a killed launcher still write -- waits, then refuses.
*/
#ifndef SK_RUNLOG_H
#define SK_RUNLOG_H

#line 28 "split/runlog.h"

/* What a log says. */
typedef struct sk_runlog_state {
  int is_log;                /* the first line is "# skampi log 1" and an input record follows */
  unsigned long checksum;
  long input_bytes;
  int processes;             /* 0: not recorded */
  long owner_pid;
  char owner_host[128];
  char started[64];
  long header_offset;        /* -1: the header was not finished */
  int suites_done;           /* complete suites 1..suites_done */
  long done_offset;          /* output bytes at the end of suite suites_done (-1: none) */
  int last_started;          /* the suite that was running (0: none) */
  int finished;
} sk_runlog_state;

typedef enum sk_run_mode { SK_RUN_FRESH, SK_RUN_RESUME, SK_RUN_REFUSED } sk_run_mode;

typedef struct sk_run_plan {
  int mode;                  /* sk_run_mode */
  int suites_kept;           /* resume: suites 1..suites_kept are kept */
  long keep_bytes;           /* resume: the output's first keep_bytes bytes are kept */
} sk_run_plan;

/* FNV-1a (32 bits) of the bytes: the input program's checksum. */
SK_API unsigned long sk_runlog_checksum(const char *data, size_t n);
SK_API void sk_runlog_parse(const char *text, size_t len, sk_runlog_state *st);
/* Fresh, resume or refuse (why says why, for a refusal and for a fresh start that
** could not resume); output_size is -1 when the output does not exist. */
SK_API void sk_runlog_decide(const sk_runlog_state *st, unsigned long checksum, int processes,
                             long output_size, int fresh_forced, sk_run_plan *plan, sk_str *why);

/* Opens and locks the log (waiting up to wait_seconds for another owner), reads it and
** decides against the output out_path. A fresh run's log is then started anew, its old
** content kept as LOG.N (backup gets the name). 0 with *err set: refused or impossible. */
SK_API int sk_runlog_open(const char *log_path, const char *out_path, const char *input,
                          unsigned long checksum, long input_bytes, int processes,
                          int fresh_forced, int wait_seconds, sk_run_plan *plan,
                          char *backup, size_t backup_size, sk_str *err);
/* Records; each is a no-op when no log is open. Offsets are sk_out_offset()'s. */
SK_API void sk_runlog_header_done(void);
SK_API void sk_runlog_resumed(int suites_kept, const char *date);
SK_API void sk_runlog_suite(int index, const char *name, int done);
/* Writes "finished" when the run ended (status 0, or a user error that a resume would
** only repeat) and releases the log. */
SK_API void sk_runlog_close(int status);

#endif
/* --- end split/runlog.h --- */
/* --- begin split/runlog.c --- */
#line 1 "split/runlog.c"
/*
** runlog.c -- see runlog.h.
*/
#line 5 "split/runlog.c"
#line 6 "split/runlog.c"
#line 7 "split/runlog.c"
#include <sys/types.h>
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>
#include <signal.h>
#include <time.h>

SK_API unsigned long sk_runlog_checksum(const char *data, size_t n)
{
  unsigned long h = 2166136261UL;
  size_t i;
  for (i = 0; i < n; i++) {
    h ^= (unsigned char)data[i];
    h = (h * 16777619UL) & 0xffffffffUL;
  }
  return h;
}

/* One complete line (without its newline) into the state. */
static void runlog_parse_line(const char *line, sk_runlog_state *st)
{
  char word[16];
  int i, n = 0;
  long a, b;
  unsigned long u;
  if (sscanf(line, "%15s %n", word, &n) != 1) return;
  line += n;
  if (sk_streq(word, "input") && sscanf(line, "%lu %ld", &u, &a) == 2) {
    st->checksum = u;
    st->input_bytes = a;
  } else if (sk_streq(word, "processes") && sscanf(line, "%d", &i) == 1) {
    st->processes = i;
  } else if (sk_streq(word, "owner") && sscanf(line, "%ld %127s %ld %n", &a, st->owner_host, &b, &n) == 3) {
    st->owner_pid = a;
    sk_copy_string(st->started, sizeof st->started, line + n);
  } else if (sk_streq(word, "header") && sscanf(line, "%ld", &a) == 1) {
    st->header_offset = a;
  } else if (sk_streq(word, "start") && sscanf(line, "%d", &i) == 1) {
    st->last_started = i;
  } else if ((sk_streq(word, "done") || sk_streq(word, "resumed")) && sscanf(line, "%d %ld", &i, &a) == 2) {
    st->suites_done = i;
    st->done_offset = a;
  } else if (sk_streq(word, "finished")) {
    st->finished = 1;
  }
}

SK_API void sk_runlog_parse(const char *text, size_t len, sk_runlog_state *st)
{
  static const char magic[] = "# skampi log 1\n";
  size_t pos = 0;
  memset(st, 0, sizeof *st);
  st->header_offset = st->done_offset = -1;
  if (len < sizeof magic - 1 || memcmp(text, magic, sizeof magic - 1) != 0) return;
  pos = sizeof magic - 1;
  while (pos < len) {
    const char *nl = (const char *)memchr(text + pos, '\n', len - pos);
    char *line;
    if (nl == NULL) break;                  /* a half-written last line: ignored */
    line = sk_strndup(text + pos, (size_t)(nl - (text + pos)));
    if (strncmp(line, "input ", 6) == 0) st->is_log = 1;
    runlog_parse_line(line, st);
    free(line);
    pos = (size_t)(nl - text) + 1;
  }
}

SK_API void sk_runlog_decide(const sk_runlog_state *st, unsigned long checksum, int processes,
                             long output_size, int fresh_forced, sk_run_plan *plan, sk_str *why)
{
  long keep = st->suites_done > 0 ? st->done_offset : st->header_offset;
  plan->mode = SK_RUN_FRESH;
  plan->suites_kept = 0;
  plan->keep_bytes = 0;
  if (!st->is_log || st->finished || fresh_forced) return;
  if (st->checksum != checksum || (st->processes != 0 && st->processes != processes)) {
    plan->mode = SK_RUN_REFUSED;
    if (st->checksum != checksum)
      sk_str_printf(why, "the input program changed since the interrupted run that the log records"
                    " (%d suites complete); cannot resume it", st->suites_done);
    else
      sk_str_printf(why, "the interrupted run that the log records used %d processes, this one %d;"
                    " cannot resume it", st->processes, processes);
    sk_str_puts(why, " (give -F to start afresh: the old output and log are kept as backups)");
    return;
  }
  if (keep < 0 || output_size < keep) {
    sk_str_printf(why, keep < 0 ? "the interrupted run wrote no complete header: starting afresh"
                                : "the output is shorter than its log says: starting afresh");
    return;
  }
  plan->mode = SK_RUN_RESUME;
  plan->suites_kept = st->suites_done;
  plan->keep_bytes = keep;
}

/* ---- the log of this run (rank 0) ---- */

static struct {
  int fd;                    /* -1: no log */
} rl = { -1 };

static void runlog_write(const char *fmt, ...)
{
  sk_str s;
  va_list ap;
  if (rl.fd < 0) return;
  sk_str_init(&s);
  va_start(ap, fmt);
  sk_str_vprintf(&s, fmt, ap);
  va_end(ap);
  if (write(rl.fd, s.data, s.len) != (ssize_t)s.len) { /* a full disk: the log stays as far as it got */ }
  sk_str_free(&s);
}

/* The first records: what the run measures, and with how many processes. */
static void runlog_write_identity(const char *input, unsigned long checksum, long input_bytes, int processes)
{
  runlog_write("# skampi log 1\ninput %lu %ld %s\nprocesses %d\n", checksum, input_bytes, input, processes);
}

/* The whole file behind fd. */
static void runlog_read_all(int fd, sk_str *text)
{
  char buf[4096];
  ssize_t n;
  lseek(fd, 0, SEEK_SET);
  while ((n = read(fd, buf, sizeof buf)) > 0) sk_str_putn(text, buf, (size_t)n);
}

/* 1 when this process holds the write lock on the whole log, after waiting up to
** wait_seconds; where the file system has no locks, a live owner on this host counts. */
static int runlog_lock(int fd, int wait_seconds)
{
  struct flock fl;
  int tries;
  for (tries = 0; tries <= wait_seconds * 5; tries++) {
    memset(&fl, 0, sizeof fl);
    fl.l_type = F_WRLCK;
    fl.l_whence = SEEK_SET;
    if (fcntl(fd, F_SETLK, &fl) == 0) return 1;
    if (errno != EACCES && errno != EAGAIN) {   /* no locks here: ask the owner's pid */
      sk_str text;
      sk_runlog_state st;
      char host[128];
      int alive;
      sk_str_init(&text);
      runlog_read_all(fd, &text);
      sk_runlog_parse(text.data ? text.data : "", text.len, &st);
      sk_str_free(&text);
      sk_os_host_name(host, sizeof host);
      alive = st.is_log && !st.finished && sk_streq(host, st.owner_host) && st.owner_pid > 0 &&
              (kill((pid_t)st.owner_pid, 0) == 0 || errno == EPERM);
      if (!alive) return 1;
    }
    sk_os_sleep(0.2);
  }
  return 0;
}

static void runlog_refuse_busy(int fd, const char *log_path, const char *out_path, int wait_seconds, sk_str *err)
{
  sk_str text;
  sk_runlog_state st;
  sk_str_init(&text);
  runlog_read_all(fd, &text);
  sk_runlog_parse(text.data ? text.data : "", text.len, &st);
  sk_str_free(&text);
  sk_str_printf(err, "'%s' is being written by another run", out_path);
  if (st.owner_pid > 0)
    sk_str_printf(err, " (process %ld on %s, started %s)", st.owner_pid, st.owner_host, st.started);
  sk_str_printf(err, ": its log '%s' is locked (waited %d s). If that run was killed, some of its"
                " processes still live: end them, then start again", log_path, wait_seconds);
}

/* A fresh log: the old content kept as LOG.N, then the file emptied in place (it stays
** locked) and the run's identity recorded. */
static int runlog_start_fresh(const char *log_path, const char *input, unsigned long checksum,
                              long input_bytes, int processes, char *backup, size_t backup_size, sk_str *err)
{
  char host[128], date[64];
  time_t now = time(NULL);
  char *d = ctime(&now);
  long old_size;
  sk_path_kind k = sk_path_kind_of(log_path, &old_size);
  if ((k == SK_PATH_REGULAR || k == SK_PATH_LINK_TO_REGULAR) && old_size > 0 &&
      !sk_path_copy_backup(log_path, backup, backup_size, err))
    return 0;
  if (ftruncate(rl.fd, 0) != 0 || lseek(rl.fd, 0, SEEK_SET) != 0) {
    sk_str_printf(err, "cannot empty the log '%s' for a fresh run", log_path);
    return 0;
  }
  sk_os_host_name(host, sizeof host);
  sk_copy_string(date, sizeof date, d ? d : "unknown\n");
  if (strchr(date, '\n')) *strchr(date, '\n') = '\0';
  runlog_write_identity(input, checksum, input_bytes, processes);
  runlog_write("owner %ld %s %ld %s\n", sk_os_process_id(), host, (long)now, date);
  return 1;
}

SK_API int sk_runlog_open(const char *log_path, const char *out_path, const char *input,
                          unsigned long checksum, long input_bytes, int processes,
                          int fresh_forced, int wait_seconds, sk_run_plan *plan,
                          char *backup, size_t backup_size, sk_str *err)
{
  sk_str text, why;
  sk_runlog_state st;
  long out_size;
  sk_path_kind k = sk_path_kind_of(log_path, &out_size);
  backup[0] = '\0';
  plan->mode = SK_RUN_FRESH;
  plan->suites_kept = 0;
  plan->keep_bytes = 0;
  if (!sk_path_is_file_like(k)) {      /* a device, FIFO or socket: written as it is, no resuming */
    FILE *f = sk_path_open_for_writing(log_path, wait_seconds, err);
    if (f == NULL) return 0;
    rl.fd = dup(fileno(f));
    fclose(f);
    runlog_write_identity(input, checksum, input_bytes, processes);
    return rl.fd >= 0;
  }
  rl.fd = open(log_path, O_RDWR | O_CREAT, 0644);
  if (rl.fd < 0) {
    sk_str_printf(err, "cannot open the log '%s' for writing", log_path);
    return 0;
  }
  if (!runlog_lock(rl.fd, wait_seconds)) {
    runlog_refuse_busy(rl.fd, log_path, out_path, wait_seconds, err);
    close(rl.fd);
    rl.fd = -1;
    return 0;
  }
  sk_str_init(&text);
  sk_str_init(&why);
  runlog_read_all(rl.fd, &text);
  sk_runlog_parse(text.data ? text.data : "", text.len, &st);
  k = sk_path_kind_of(out_path, &out_size);
  sk_runlog_decide(&st, checksum, processes, k == SK_PATH_MISSING ? -1L : out_size, fresh_forced, plan, &why);
  sk_str_free(&text);
  if (plan->mode == SK_RUN_REFUSED) {
    sk_str_printf(err, "%s: %s", out_path, why.data);
    sk_str_free(&why);
    close(rl.fd);
    rl.fd = -1;
    return 0;
  }
  if (why.len > 0) fprintf(stderr, "skampi: %s: %s\n", out_path, why.data);
  sk_str_free(&why);
  if (plan->mode == SK_RUN_RESUME) {
    lseek(rl.fd, 0, SEEK_END);
    return 1;
  }
  if (!runlog_start_fresh(log_path, input, checksum, input_bytes, processes, backup, backup_size, err)) {
    close(rl.fd);
    rl.fd = -1;
    return 0;
  }
  return 1;
}

SK_API void sk_runlog_header_done(void) { runlog_write("header %ld\n", sk_out_offset()); }

SK_API void sk_runlog_resumed(int suites_kept, const char *date)
{
  runlog_write("resumed %d %ld %s\n", suites_kept, sk_out_offset(), date);
}

SK_API void sk_runlog_suite(int index, const char *name, int done)
{
  runlog_write("%s %d %ld %s\n", done ? "done" : "start", index, sk_out_offset(), name);
}

SK_API void sk_runlog_close(int status)
{
  if (rl.fd < 0) return;
  /* an error in the input or wrong data found by -v would only come back on resuming */
  if (status == 0 || status == SK_EXIT_USER_ERROR || status == SK_EXIT_VERIFY)
    runlog_write("finished %ld\n", sk_out_offset());
  close(rl.fd);
  rl.fd = -1;
}
/* --- end split/runlog.c --- */
/* --- begin split/labels.h --- */
#line 1 "split/labels.h"
/*
** labels.h -- every result line names its measurement (README, "Output"): the label
** `NAME(args)` of a measure statement, and whether a block's lines carry labels at all.
** A block with one measure statement whose arguments are constants or loop variables
** stays unlabelled (its lines look as in SKaMPI 5); a block with several measure
** statements, or one whose arguments use a variable assigned inside the block, labels
** every line. An unlabelled block whose label changes anyway (e.g. a helper with a new
** result each call) labels its lines from that change on. Arguments that depend on a loop
** variable appear as written (`count`, `2*count`), the others by their value (`MPI_INT`,
** `10`), so a label stays the same along a loop. Two statements never share a label:
** the second gets ` on COMM` (its communicator as written) and, if need be, ` (line N)`.
*/
#ifndef SK_LABELS_H
#define SK_LABELS_H

#line 17 "split/labels.h"
#line 18 "split/labels.h"

typedef struct sk_label_table {
  char **labels;
  const sk_stmt **owners;     /* the statement that wrote each label */
  size_t n, cap;
  int label_all;              /* 1: every line is labelled; 0: only after a change */
  char *first;                /* unlabelled block: the label of its first line */
} sk_label_table;

/* Start of a measurement block: forget the last block's labels, decide label_all. */
SK_API void sk_labels_begin(sk_label_table *t, const sk_block *body);
SK_API void sk_labels_free(sk_label_table *t);
/* `NAME(args)` of a measure statement's call with the evaluated arguments. */
SK_API void sk_label_format(sk_str *out, const sk_expr *call, const sk_value *args,
                            const sk_loopvar *loops, size_t nloops);
/* The label of the line that statement s writes now, or NULL for an unlabelled line.
** The string belongs to t. */
SK_API const char *sk_labels_for(sk_label_table *t, const sk_stmt *s, const sk_value *args,
                                 const sk_loopvar *loops, size_t nloops);

#endif
/* --- end split/labels.h --- */
/* --- begin split/labels.c --- */
#line 1 "split/labels.c"
/*
** labels.c -- see labels.h.
*/
#line 5 "split/labels.c"

static void labels_count(const sk_block *b, int *n, const sk_stmt **one)
{
  size_t i;
  for (i = 0; i < b->n; i++) {
    const sk_stmt *s = b->items[i];
    if (s->kind == S_MEASURE) { (*n)++; *one = s; }
    labels_count(&s->body, n, one);
    labels_count(&s->else_body, n, one);
  }
}

static int labels_assigned_in(const sk_block *b, const char *name)
{
  size_t i;
  for (i = 0; i < b->n; i++) {
    const sk_stmt *s = b->items[i];
    if (s->kind == S_ASSIGN && sk_streq(s->name, name)) return 1;
    if (labels_assigned_in(&s->body, name) || labels_assigned_in(&s->else_body, name)) return 1;
  }
  return 0;
}

/* 1: e reads a variable that the block assigns (a local that may change). */
static int labels_uses_local(const sk_expr *e, const sk_block *b)
{
  int i;
  if (e == NULL) return 0;
  if (e->kind == E_VAR && labels_assigned_in(b, e->name)) return 1;
  for (i = 0; i < e->nargs; i++) if (labels_uses_local(e->args[i], b)) return 1;
  return 0;
}

static int labels_uses_loop(const sk_expr *e, const sk_loopvar *loops, size_t nloops)
{
  int i;
  size_t k;
  if (e == NULL) return 0;
  if (e->kind == E_VAR) for (k = 0; k < nloops; k++) if (sk_streq(loops[k].name, e->name)) return 1;
  for (i = 0; i < e->nargs; i++) if (labels_uses_loop(e->args[i], loops, nloops)) return 1;
  return 0;
}

SK_API void sk_labels_free(sk_label_table *t)
{
  size_t i;
  for (i = 0; i < t->n; i++) free(t->labels[i]);
  free(t->labels);
  free((void *)t->owners);
  free(t->first);
  memset(t, 0, sizeof *t);
}

SK_API void sk_labels_begin(sk_label_table *t, const sk_block *body)
{
  int n = 0;
  const sk_stmt *one = NULL;
  sk_labels_free(t);
  labels_count(body, &n, &one);
  t->label_all = n > 1 || (n == 1 && labels_uses_local(one->call, body));
}

SK_API void sk_label_format(sk_str *out, const sk_expr *call, const sk_value *args,
                            const sk_loopvar *loops, size_t nloops)
{
  int i;
  sk_str_printf(out, "%s(", call->name);
  for (i = 0; i < call->nargs; i++) {
    if (i > 0) sk_str_puts(out, ", ");
    if (labels_uses_loop(call->args[i], loops, nloops)) sk_expr_print(out, call->args[i]);
    else if (args[i].type == SK_T_STRING) sk_str_printf(out, "\"%s\"", args[i].u.s);
    else sk_value_format(out, &args[i]);
  }
  sk_str_putc(out, ')');
}

/* The table's entry for text, or -1. */
static int labels_find(const sk_label_table *t, const char *text)
{
  size_t i;
  for (i = 0; i < t->n; i++) if (sk_streq(t->labels[i], text)) return (int)i;
  return -1;
}

SK_API const char *sk_labels_for(sk_label_table *t, const sk_stmt *s, const sk_value *args,
                                 const sk_loopvar *loops, size_t nloops)
{
  sk_str text;
  int k, round;
  sk_str_init(&text);
  sk_label_format(&text, s->call, args, loops, nloops);
  if (!t->label_all) {
    if (t->first == NULL) t->first = sk_strdup(text.data);
    if (sk_streq(t->first, text.data)) { sk_str_free(&text); return NULL; }
    t->label_all = 1;      /* the one statement's label changed: label from here on */
  }
  for (round = 0; ; round++) {
    k = labels_find(t, text.data);
    if (k < 0 || t->owners[k] == s) break;
    if (round == 0) { sk_str_puts(&text, " on "); sk_expr_print(&text, s->expr); }
    else sk_str_printf(&text, " (line %d)", s->loc.line);
  }
  if (k < 0) {
    size_t cap = t->cap;
    t->labels = (char **)sk_grow(t->labels, &t->cap, t->n + 1, sizeof(char *));
    t->owners = (const sk_stmt **)sk_grow((void *)t->owners, &cap, t->n + 1, sizeof(sk_stmt *));
    t->labels[t->n] = text.data;
    t->owners[t->n] = s;
    k = (int)t->n++;
  } else {
    sk_str_free(&text);
  }
  return t->labels[k];
}
/* --- end split/labels.c --- */
/* --- begin split/sko.h --- */
#line 1 "split/sko.h"
/*
** sko.h -- the one reader of result files (.sko, SKaMPI 5 manual §7.1, with skampi's
** additions, README "Output"): header fields, blocks (`# begin result "NAME"` ...
** `# end result "NAME"`, also without the leading "# "), the label of each line
** (`# measure NAME(args)`), result lines (loop variables, reported size, time, standard
** error, repetitions, node times), and the marks that skampi writes around them:
** `# (added by autorefine)` before a line, `# (stopped by the time limit per
** measurement)` and `# (N repetitions discarded ...)` after it, `# (suite stopped by its
** time limit ...)` in a block; `# times in seconds x F (set_unit ...)` makes the reader
** convert that block's times to microseconds, so every reader sees microseconds. Merge (merge.c), report (report.c) and export (export.c)
** read files only through it. A line that is not a result line inside a block is an
** error `file:line:col: message`.
*/
#ifndef SK_SKO_H
#define SK_SKO_H

#line 18 "split/sko.h"

typedef struct sk_sko_var {
  char *name;
  char *text;             /* the value as written */
  double x;               /* its number, HUGE_VAL when it is not one (MPI_INT, [1, 2]) */
} sk_sko_var;

typedef struct sk_sko_line {
  char *label;            /* "" in an unlabelled block */
  sk_sko_var *vars;       /* loop variables, outermost first */
  int nvars;
  long size;              /* reported message size, bytes */
  double time_us, stderr_us;
  long reps;
  double *node_us;        /* node times, microseconds */
  int nnode;
  int refined;            /* added by autorefine (SKaLib §3.3) */
  int limited;            /* stopped by the time limit per measurement */
  int invalid;            /* repetitions discarded (not started in the window) */
  int lineno;
} sk_sko_line;

typedef struct sk_sko_block {
  char *name;
  sk_sko_line *lines;
  size_t n, cap;
  char **labels;          /* the distinct labels, in order of first appearance */
  size_t nlabels, caplabels;
  sk_str notes_before;    /* other '#' lines before the block's first result line, verbatim */
  sk_str notes;           /* other '#' lines after it, verbatim */
  int suite_limited;      /* stopped by the time limit per suite */
  int complete;           /* its end marker was read */
  double duration;        /* seconds, -1 when not written */
  double unit;            /* the file's times were seconds x unit (set_unit; 1e6 default);
                             the lines hold them converted to microseconds */
} sk_sko_block;

typedef struct sk_sko_field {
  char *key, *value;
} sk_sko_hfield;

typedef struct sk_sko_file {
  char *path;
  sk_str header;          /* the '#' lines before the first block, verbatim */
  sk_sko_hfield *fields;  /* from the header: "key: value", "Started at X", ... */
  size_t nfields, capfields;
  sk_sko_block *blocks;
  size_t n, cap;
} sk_sko_file;

/* 1: *f holds the file; 0: *err = "file:line:col: message" (f is then empty). */
SK_API int sk_sko_read(const char *path, sk_sko_file *f, sk_str *err);
SK_API int sk_sko_parse(const char *name, const char *text, sk_sko_file *f, sk_str *err);
SK_API void sk_sko_free(sk_sko_file *f);
/* Reads n files into a new array (*files); 0 with *err set and nothing allocated. */
SK_API int sk_sko_read_all(char *const *paths, int n, sk_sko_file **files, sk_str *err);
SK_API void sk_sko_free_all(sk_sko_file *files, int n);
/* A header field's value or NULL; keys as written ("processes", "Started at",
** "SKaMPI Version", "clock tick", "merged runs", ...). */
SK_API const char *sk_sko_field(const sk_sko_file *f, const char *key);
/* The occurrence-th block (from 0) called name, or NULL. */
SK_API const sk_sko_block *sk_sko_find_block(const sk_sko_file *f, const char *name, int occurrence);
/* How many blocks before b (in f) have b's name. */
SK_API int sk_sko_occurrence(const sk_sko_file *f, const sk_sko_block *b);
/* What identifies a line within its block: its label and loop values ("LABEL|a= 1 b= 2 "),
** without the last loop variable when without_last. */
SK_API void sk_sko_key(sk_str *out, const sk_sko_line *l, int without_last);
/* The line as skampi writes it (loop variables, size, time, error, reps, node times). */
SK_API void sk_sko_format_line(sk_str *out, const sk_sko_line *l);
/* A whole block with its label lines, marks and notes of each line. */
SK_API void sk_sko_format_block(sk_str *out, const sk_sko_block *b);
/* Copies of lines (deep): for writers that change a line's values. */
SK_API void sk_sko_line_copy(sk_sko_line *dst, const sk_sko_line *src);
SK_API void sk_sko_line_free(sk_sko_line *l);

#endif
/* --- end split/sko.h --- */
/* --- begin split/sko.c --- */
#line 1 "split/sko.c"
/*
** sko.c -- see sko.h.
*/
#line 5 "split/sko.c"
#line 6 "split/sko.c"
#include <float.h>

typedef struct sko_parser {
  const char *name;
  int lineno;
  sk_sko_file *f;
  sk_sko_block *cur;      /* the open block or NULL */
  char *label;            /* the label of the lines that follow */
  int refined;            /* the next line was added by autorefine */
  sk_str *err;
} sko_parser;

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

static double sko_number(const char *text)
{
  char *end;
  double x = strtod(text, &end);
  /* finite numbers only: skampi writes no inf or nan, and 1e999 would come back as inf */
  if (*text == '\0' || *end != '\0' || !(x > -DBL_MAX && x < DBL_MAX)) return HUGE_VAL;
  return x;
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

static int sko_result_line(sko_parser *ps, const char *line)
{
  sk_sko_block *b = ps->cur;
  sk_sko_line l;
  const char *p = line;
  double nums[4];
  int nnum = 0, col;
  char *w;
  size_t capv = 0, capn = 0;
  memset(&l, 0, sizeof l);
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
    if (sko_number(w) == HUGE_VAL) { sko_error(ps, col, "not a number in a result line:", w); free(w); goto bad; }
    if (nnum < 4) nums[nnum++] = sko_number(w);
    else {
      l.node_us = (double *)sk_grow(l.node_us, &capn, (size_t)l.nnode + 1, sizeof(double));
      l.node_us[l.nnode++] = sko_number(w);
    }
    free(w);
  }
  if (nnum < 4) {
    sko_error(ps, col, "a result line needs size, time, standard error and repetitions", NULL);
    goto bad;
  }
  if (!(nums[0] >= -2147483647.0 && nums[0] <= 2147483647.0) || !(nums[3] >= 0.0 && nums[3] <= 2147483647.0)) {
    sko_error(ps, col, "the message size or the repetition count is out of range", NULL);
    goto bad;
  }
  l.size = (long)nums[0];
  if (b->unit != 1e6) {   /* set_unit; the default needs no arithmetic (exact on x87 too) */
    l.time_us = nums[1] * 1e6 / b->unit;
    l.stderr_us = nums[2] * 1e6 / b->unit;
    for (col = 0; col < l.nnode; col++) l.node_us[col] *= 1e6 / b->unit;
  } else {
    l.time_us = nums[1];
    l.stderr_us = nums[2];
  }
  {   /* set_unit's factor could carry a time out of the range of doubles */
    int finite = l.time_us > -DBL_MAX && l.time_us < DBL_MAX && l.stderr_us > -DBL_MAX && l.stderr_us < DBL_MAX;
    int k;
    for (k = 0; k < l.nnode; k++) finite = finite && l.node_us[k] > -DBL_MAX && l.node_us[k] < DBL_MAX;
    if (!finite) {
      sko_error(ps, 1, "a time of this line is out of range in microseconds", NULL);
      goto bad;
    }
  }
  l.reps = (long)nums[3];
  l.label = sk_strdup(ps->label ? ps->label : "");
  l.refined = ps->refined;
  l.lineno = ps->lineno;
  ps->refined = 0;
  sko_add_label(b, l.label);
  b->lines = (sk_sko_line *)sk_grow(b->lines, &b->cap, b->n + 1, sizeof(sk_sko_line));
  b->lines[b->n++] = l;
  return 1;
bad:
  sk_sko_line_free(&l);
  return 0;
}

static int sko_starts(const char *line, const char *prefix)
{
  return strncmp(line, prefix, strlen(prefix)) == 0;
}

/* A '#' line inside a block: a label, a mark, or a note kept verbatim. */
static void sko_block_comment(sko_parser *ps, const char *line)
{
  sk_sko_block *b = ps->cur;
  sk_sko_line *last = b->n > 0 ? &b->lines[b->n - 1] : NULL;
  int n;
  double unit;
  if (b->n == 0 && sscanf(line, "# times in seconds x %lf", &unit) == 1 && unit > 0.0) {
    b->unit = unit;                  /* set_unit: converted to microseconds */
  } else if (sko_starts(line, "# measure ")) {
    free(ps->label);
    ps->label = sk_strdup(line + 10);
  } else if (sk_streq(line, "# (added by autorefine)")) {
    ps->refined = 1;
  } else if (last && sko_starts(line, "# (stopped by the time limit per measurement")) {
    last->limited = 1;
  } else if (last && sscanf(line, "# (%d repetitions discarded", &n) == 1) {
    last->invalid = n;
  } else {
    sk_str *into = b->n == 0 ? &b->notes_before : &b->notes;
    if (sko_starts(line, "# (suite stopped by its time limit")) b->suite_limited = 1;
    sk_str_puts(into, line);
    sk_str_putc(into, '\n');
  }
}

static int sko_parse_line(sko_parser *ps, const char *line)
{
  sk_sko_file *f = ps->f;
  char *name;
  double d;
  if (sko_marker(line, "begin result ", &name)) {
    f->blocks = (sk_sko_block *)sk_grow(f->blocks, &f->cap, f->n + 1, sizeof(sk_sko_block));
    ps->cur = &f->blocks[f->n++];
    memset(ps->cur, 0, sizeof *ps->cur);
    sk_str_init(&ps->cur->notes);
    sk_str_init(&ps->cur->notes_before);
    ps->cur->name = name;
    ps->cur->duration = -1.0;
    ps->cur->unit = 1e6;
    free(ps->label);
    ps->label = NULL;
    ps->refined = 0;
  } else if (sko_marker(line, "end result ", &name)) {
    if (ps->cur == NULL || !sk_streq(ps->cur->name, name)) {
      sko_error(ps, 1, "end of a result block that was not begun:", name);
      free(name);
      return 0;
    }
    ps->cur->complete = 1;
    free(name);
    ps->cur = NULL;
  } else if (line[strspn(line, " \t")] == '#') {   /* a comment, also an indented one */
    line += strspn(line, " \t");
    if (ps->cur != NULL) sko_block_comment(ps, line);
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

SK_API int sk_sko_parse(const char *name, const char *text, sk_sko_file *f, sk_str *err)
{
  sko_parser ps;
  const char *p;
  int ok = 1;
  memset(f, 0, sizeof *f);
  sk_str_init(&f->header);
  f->path = sk_strdup(name);
  memset(&ps, 0, sizeof ps);
  ps.name = name;
  ps.f = f;
  ps.err = err;
  for (p = text; *p && ok; ) {
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    char *line = sk_strndup(p, len);
    if (len > 0 && line[len - 1] == '\r') line[len - 1] = '\0';
    ps.lineno++;
    ok = sko_parse_line(&ps, line);
    free(line);
    p += len + (nl ? 1 : 0);
  }
  free(ps.label);
  if (!ok) sk_sko_free(f);
  return ok;
}

SK_API int sk_sko_read(const char *path, sk_sko_file *f, sk_str *err)
{
  sk_sources src;
  const sk_source *s;
  int ok;
  memset(f, 0, sizeof *f);
  sk_sources_init(&src, 1);
  s = sk_sources_open_main(&src, path, err);
  ok = s != NULL && sk_sko_parse(path, s->text, f, err);
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
  free(l->node_us);
  free(l->label);
  memset(l, 0, sizeof *l);
}

SK_API void sk_sko_line_copy(sk_sko_line *dst, const sk_sko_line *src)
{
  int i;
  *dst = *src;
  dst->label = sk_strdup(src->label);
  dst->vars = (sk_sko_var *)sk_malloc(sizeof(sk_sko_var) * (size_t)(src->nvars ? src->nvars : 1));
  for (i = 0; i < src->nvars; i++) {
    dst->vars[i] = src->vars[i];
    dst->vars[i].name = sk_strdup(src->vars[i].name);
    dst->vars[i].text = sk_strdup(src->vars[i].text);
  }
  dst->node_us = (double *)sk_malloc(sizeof(double) * (size_t)(src->nnode ? src->nnode : 1));
  if (src->nnode) memcpy(dst->node_us, src->node_us, sizeof(double) * (size_t)src->nnode);
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
  for (i = 0; i < l->nvars; i++) sk_str_printf(out, "%s= %s ", l->vars[i].name, l->vars[i].text);
  sk_str_printf(out, "%8ld %12.3f %10.3f %5ld", l->size, l->time_us, l->stderr_us, l->reps);
  for (i = 0; i < l->nnode; i++) sk_str_printf(out, " %12.3f", l->node_us[i]);
  sk_str_putc(out, '\n');
}

SK_API void sk_sko_format_block(sk_str *out, const sk_sko_block *b)
{
  size_t i;
  const char *label = "";
  sk_str_printf(out, "# begin result \"%s\"\n", b->name);
  sk_str_puts(out, b->notes_before.data ? b->notes_before.data : "");
  for (i = 0; i < b->n; i++) {
    const sk_sko_line *l = &b->lines[i];
    if (!sk_streq(l->label, label) && l->label[0] != '\0') sk_str_printf(out, "# measure %s\n", l->label);
    label = l->label;
    if (l->refined) sk_str_puts(out, "# (added by autorefine)\n");
    sk_sko_format_line(out, l);
    if (l->limited) sk_str_puts(out, "# (stopped by the time limit per measurement)\n");
    if (l->invalid > 0)
      sk_str_printf(out, "# (%d repetitions discarded: not started in the synchronised window)\n", l->invalid);
  }
  sk_str_puts(out, b->notes.data ? b->notes.data : "");
  sk_str_printf(out, "# end result \"%s\"\n", b->name);
}
/* --- end split/sko.c --- */
/* --- begin split/merge.h --- */
#line 1 "split/merge.h"
/*
** merge.h -- automatic merging of results, AMR (SKaLib §3.4): several .sko files of the
** same input become one more reliable file. For every measurement of the first file the
** matching measurement of each other file is found (the same occurrence of the block,
** the same label -- README "Output" -- and the same loop-variable values) or, where APR
** chose other arguments there, interpolated linearly between its neighbours with the
** same label and outer loop values (§3.4.2); the merged time is the median of the times
** weighted by their repetition counts (§3.4.1: 899 (10 reps), 901 (4), 910 (4) gives
** 899), with that measurement's standard error and per-process times. The merged file
** names the runs it merged (`# merged run N: FILE (started ...)`). Files are read by
** sko.h.
*/
#ifndef SK_MERGE_H
#define SK_MERGE_H

#line 17 "split/merge.h"

/* Returns 1 when `out` was written, 0 with *err set. An existing `out` is kept under a
** backup name first (an input of that name is then named by its backup). */
SK_API int sk_merge_files(const char *out, char **inputs, int ninputs, sk_str *err);
/* SKaMPI 4's post-processing (SKaLib §3.4.3, §4.3; @POSTPROC, merge_with_backups()): the
** run in `out` and its earlier runs out.1, out.2, ... (files that are merges themselves
** are left out) are merged into `out`; the run itself is kept as a backup. Returns the
** number of runs merged (0 or 1: nothing written), -1 with *err set. */
SK_API int sk_merge_backups(const char *out, sk_str *err);
/* The merge of already read files into *o (the text of the merged file). */
SK_API void sk_merge_text(sk_str *o, const sk_sko_file *files, int nfiles, char *const *names);
/* The same on texts already in memory (names for messages): the merged text is appended
** to `out`; 0 with *err ("NAME:LINE:COL: ...") when a text is not a skampi output file.
** The entry point of the .sko fuzzing harness (tests/fuzz/fuzz_sko.c). */
#ifdef SKAMPI_TESTING
SK_API int sk_merge_texts(char **names, const char *const *texts, int n, sk_str *out, sk_str *err);
#endif

#endif
/* --- end split/merge.h --- */
/* --- begin split/merge.c --- */
#line 1 "split/merge.c"
/*
** merge.c -- see merge.h.
*/
#line 5 "split/merge.c"
#line 6 "split/merge.c"

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

SK_API void sk_merge_text(sk_str *o, const sk_sko_file *files, int nfiles, char *const *names)
{
  int i;
  size_t b;
  sk_str_printf(o, "# merged by: skampi %s (SKaLib 3.4: median of the times weighted by repetitions,"
                   " missing arguments interpolated)\n# merged runs: %d\n", SKAMPI_VERSION, nfiles);
  for (i = 0; i < nfiles; i++) {
    const char *started = sk_sko_field(&files[i], "Started at");
    sk_str_printf(o, "# merged run %d: %s (started %s)\n", i + 1, names[i], started ? started : "unknown");
  }
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

SK_API int sk_merge_files(const char *out, char **inputs, int ninputs, sk_str *err)
{
  sk_sko_file *files;
  char **names;
  char backup[512];
  sk_str o;
  int i, ok;
  if (!sk_sko_read_all(inputs, ninputs, &files, err)) return 0;
  if (!merge_check_blocks(files, ninputs, inputs, err)) { sk_sko_free_all(files, ninputs); return 0; }
  ok = sk_out_open(out, err, backup, sizeof backup);
  if (ok) {
    if (backup[0]) fprintf(stderr, "skampi: kept the existing %s as %s\n", out, backup);
    names = (char **)sk_calloc((size_t)ninputs, sizeof(char *));
    for (i = 0; i < ninputs; i++) names[i] = backup[0] && sk_streq(inputs[i], out) ? backup : inputs[i];
    sk_str_init(&o);
    sk_merge_text(&o, files, ninputs, names);
    sk_out_text(o.data ? o.data : "");
    sk_out_close();
    sk_str_free(&o);
    free(names);
  }
  sk_sko_free_all(files, ninputs);
  return ok;
}

static int merge_is_merged(const char *path)
{
  sk_sko_file f;
  sk_str err;
  int merged;
  sk_str_init(&err);
  merged = sk_sko_read(path, &f, &err) && sk_sko_field(&f, "merged by") != NULL;
  sk_sko_free(&f);
  sk_str_free(&err);
  return merged;
}

SK_API int sk_merge_backups(const char *out, sk_str *err)
{
  char **runs = NULL;
  size_t n = 0, cap = 0, k;
  int i, result;
  FILE *probe;
  for (i = 0; i < 100000; i++) {
    char *name = (char *)sk_malloc(strlen(out) + 16);
    if (i == 0) strcpy(name, out); else sprintf(name, "%s.%d", out, i);
    probe = fopen(name, "r");
    if (probe == NULL) { free(name); break; }
    fclose(probe);
    if (merge_is_merged(name)) { free(name); continue; }
    runs = (char **)sk_grow(runs, &cap, n + 1, sizeof(char *));
    runs[n++] = name;
  }
  result = (int)n;
  if (n >= 2 && !sk_merge_files(out, runs, (int)n, err)) result = -1;
  for (k = 0; k < n; k++) free(runs[k]);
  free(runs);
  return result;
}
/* --- end split/merge.c --- */
/* --- begin split/export.h --- */
#line 1 "split/export.h"
/*
** export.h -- result files as tables (skampi -x csv|json IN.sko ...): one row per result
** line with the suite, the measurement label (README "Output"), the loop variables, the
** message size in bytes, the time and its standard error in microseconds, the number of
** repetitions, the node times in microseconds and the flags refined (added by
** autorefine), limited (stopped by the time limit per measurement or the suite's) and
** the discarded repetitions. Units are in the column names. CSV (RFC 4180 quoting):
** loop variables as "name=value;..." and node times as "t1;t2;..." in one column each.
** JSON: {"files": [{"file", "header": {key: value or [values]}}], "rows": [...]}, loop
** variables as an object, node times as an array. Reads through sko.h.
*/
#ifndef SK_EXPORT_H
#define SK_EXPORT_H

#line 16 "split/export.h"

/* 1: format is "csv" or "json". */
SK_API int sk_export_format_known(const char *format);
/* The export of the files into *out. */
SK_API void sk_export_text(sk_str *out, const char *format, const sk_sko_file *files, int nfiles);
/* Reads inputs and writes the export to path (NULL or "-": standard output; an existing
** file is kept as a backup). 1: done; 0 with *err set. */
SK_API int sk_export_files(const char *path, const char *format, char **inputs, int ninputs, sk_str *err);

#endif
/* --- end split/export.h --- */
/* --- begin split/export.c --- */
#line 1 "split/export.c"
/*
** export.c -- see export.h.
*/
#line 5 "split/export.c"
#line 6 "split/export.c"

SK_API int sk_export_format_known(const char *format)
{
  return sk_streq(format, "csv") || sk_streq(format, "json");
}

/* A CSV field: quoted when it holds a comma, quote or line break (RFC 4180). */
static void export_csv_field(sk_str *out, const char *text, int last)
{
  const char *p;
  if (strpbrk(text, ",\"\n\r") == NULL) sk_str_puts(out, text);
  else {
    sk_str_putc(out, '"');
    for (p = text; *p; p++) { if (*p == '"') sk_str_putc(out, '"'); sk_str_putc(out, *p); }
    sk_str_putc(out, '"');
  }
  sk_str_putc(out, last ? '\n' : ',');
}

static void export_json_string(sk_str *out, const char *text)
{
  const unsigned char *p;
  sk_str_putc(out, '"');
  for (p = (const unsigned char *)text; *p; p++) {
    if (*p == '"' || *p == '\\') { sk_str_putc(out, '\\'); sk_str_putc(out, *p); }
    else if (*p == '\n') sk_str_puts(out, "\\n");
    else if (*p == '\t') sk_str_puts(out, "\\t");
    else if (*p < 0x20) sk_str_printf(out, "\\u%04x", (unsigned)*p);
    else sk_str_putc(out, *p);
  }
  sk_str_putc(out, '"');
}

static void export_json_number(sk_str *out, double x)
{
  if (x != x || x - x != 0.0) sk_str_puts(out, "null");
  else sk_str_printf(out, "%.10g", x);
}

static void export_csv(sk_str *out, const sk_sko_file *files, int nfiles)
{
  int i, k;
  size_t b, l;
  sk_str_puts(out, "file,suite,label,loop_variables,message_size_bytes,time_us,stderr_us,repetitions,"
                   "node_times_us,refined,limited,invalid_repetitions\n");
  for (i = 0; i < nfiles; i++)
    for (b = 0; b < files[i].n; b++) {
      const sk_sko_block *bl = &files[i].blocks[b];
      for (l = 0; l < bl->n; l++) {
        const sk_sko_line *ln = &bl->lines[l];
        sk_str f;
        sk_str_init(&f);
        export_csv_field(out, files[i].path, 0);
        export_csv_field(out, bl->name, 0);
        export_csv_field(out, ln->label, 0);
        sk_str_putn(&f, "", 0);
        for (k = 0; k < ln->nvars; k++) sk_str_printf(&f, "%s%s=%s", k ? ";" : "", ln->vars[k].name, ln->vars[k].text);
        export_csv_field(out, f.data, 0);
        sk_str_printf(out, "%ld,%.3f,%.3f,%ld,", ln->size, ln->time_us, ln->stderr_us, ln->reps);
        sk_str_clear(&f);
        sk_str_putn(&f, "", 0);
        for (k = 0; k < ln->nnode; k++) sk_str_printf(&f, "%s%.3f", k ? ";" : "", ln->node_us[k]);
        export_csv_field(out, f.data, 0);
        sk_str_printf(out, "%d,%d,%d\n", ln->refined, ln->limited || (bl->suite_limited && l + 1 == bl->n),
                      ln->invalid);
        sk_str_free(&f);
      }
    }
}

/* "header": every field; a key written several times gets an array of its values. */
static void export_json_header(sk_str *out, const sk_sko_file *f)
{
  size_t i, j;
  int first = 1;
  sk_str_puts(out, "{");
  for (i = 0; i < f->nfields; i++) {
    int count = 0, seen = 0;
    for (j = 0; j < f->nfields; j++) if (sk_streq(f->fields[j].key, f->fields[i].key)) { count++; if (j < i) seen = 1; }
    if (seen) continue;
    sk_str_puts(out, first ? "\n      " : ",\n      ");
    first = 0;
    export_json_string(out, f->fields[i].key);
    sk_str_puts(out, ": ");
    if (count > 1) sk_str_putc(out, '[');
    for (j = i; j < f->nfields; j++) {
      if (!sk_streq(f->fields[j].key, f->fields[i].key)) continue;
      if (j > i) sk_str_puts(out, ", ");
      export_json_string(out, f->fields[j].value);
    }
    if (count > 1) sk_str_putc(out, ']');
  }
  sk_str_puts(out, "}");
}

static void export_json_row(sk_str *out, const sk_sko_file *f, const sk_sko_block *bl, size_t l)
{
  const sk_sko_line *ln = &bl->lines[l];
  int k;
  sk_str_puts(out, "    {\"file\": ");
  export_json_string(out, f->path);
  sk_str_puts(out, ", \"suite\": ");
  export_json_string(out, bl->name);
  sk_str_puts(out, ", \"label\": ");
  export_json_string(out, ln->label);
  sk_str_puts(out, ", \"loop_variables\": {");
  for (k = 0; k < ln->nvars; k++) {
    if (k) sk_str_puts(out, ", ");
    export_json_string(out, ln->vars[k].name);
    sk_str_puts(out, ": ");
    if (ln->vars[k].x != HUGE_VAL) export_json_number(out, ln->vars[k].x);
    else export_json_string(out, ln->vars[k].text);
  }
  sk_str_printf(out, "}, \"message_size_bytes\": %ld, \"time_us\": ", ln->size);
  export_json_number(out, ln->time_us);
  sk_str_puts(out, ", \"stderr_us\": ");
  export_json_number(out, ln->stderr_us);
  sk_str_printf(out, ", \"repetitions\": %ld, \"node_times_us\": [", ln->reps);
  for (k = 0; k < ln->nnode; k++) { if (k) sk_str_puts(out, ", "); export_json_number(out, ln->node_us[k]); }
  sk_str_printf(out, "], \"refined\": %s, \"limited\": %s, \"invalid_repetitions\": %d}",
                ln->refined ? "true" : "false",
                ln->limited || (bl->suite_limited && l + 1 == bl->n) ? "true" : "false", ln->invalid);
}

static void export_json(sk_str *out, const sk_sko_file *files, int nfiles)
{
  int i, first = 1;
  size_t b, l;
  sk_str_puts(out, "{\n  \"files\": [");
  for (i = 0; i < nfiles; i++) {
    sk_str_puts(out, i ? ",\n    {\"file\": " : "\n    {\"file\": ");
    export_json_string(out, files[i].path);
    sk_str_puts(out, ", \"header\": ");
    export_json_header(out, &files[i]);
    sk_str_puts(out, "}");
  }
  sk_str_puts(out, "\n  ],\n  \"rows\": [");
  for (i = 0; i < nfiles; i++)
    for (b = 0; b < files[i].n; b++)
      for (l = 0; l < files[i].blocks[b].n; l++) {
        sk_str_puts(out, first ? "\n" : ",\n");
        first = 0;
        export_json_row(out, &files[i], &files[i].blocks[b], l);
      }
  sk_str_puts(out, "\n  ]\n}\n");
}

SK_API void sk_export_text(sk_str *out, const char *format, const sk_sko_file *files, int nfiles)
{
  if (sk_streq(format, "csv")) export_csv(out, files, nfiles);
  else export_json(out, files, nfiles);
}

SK_API int sk_export_files(const char *path, const char *format, char **inputs, int ninputs, sk_str *err)
{
  sk_sko_file *files;
  sk_str o;
  int ok;
  if (!sk_sko_read_all(inputs, ninputs, &files, err)) return 0;
  sk_str_init(&o);
  sk_export_text(&o, format, files, ninputs);
  ok = sk_out_file(path, o.data ? o.data : "", err);
  sk_sko_free_all(files, ninputs);
  sk_str_free(&o);
  return ok;
}
/* --- end split/export.c --- */
/* --- begin split/report.h --- */
#line 1 "split/report.h"
/*
** report.h -- the report of one or more result files (skampi -r OUT IN.sko [IN2.sko ...],
** after SKaLib §7.17's report generator): OUT.html is ONE self-contained HTML file
** (inline SVG, no scripts, no network): the run header of every input, an index of the
** suites, and per suite a plot of the time over the innermost loop variable (log axes
** for geometric loops, ticks at powers of two for integer ones; the time axis is
** logarithmic when it spans more than a factor 20), error bars of +- one standard error,
** the band between the smallest and largest node time, marks for points added by
** autorefine, for lines stopped by a time limit and lines with discarded repetitions,
** then the table of the lines. The curves of several inputs are overlaid, with a
** legend. OUT.gp instead writes a gnuplot script per suite (report_gp.c).
** The plot model -- which lines form which curve -- is built here for both writers:
** one series per input file, label and values of the outer loop variables.
*/
#ifndef SK_REPORT_H
#define SK_REPORT_H

#line 19 "split/report.h"

typedef struct sk_rpt_point {
  const sk_sko_line *line;
  double x;               /* the innermost loop variable (or the position, see categorical) */
} sk_rpt_point;

typedef struct sk_rpt_series {
  char *name;             /* for the legend: file, label, outer loop values, as needed */
  char *key;              /* file number, label and outer loop values */
  const char *label;
  char *outer;            /* "a= 1 b= 2 " */
  int file;
  sk_rpt_point *pts;      /* in increasing x */
  size_t n, cap;
} sk_rpt_series;

typedef struct sk_rpt_suite {
  char *name;
  int occurrence;         /* n-th block of that name in the files */
  char *xname;            /* the innermost loop variable's name ("" when none) */
  int logx, logy, pow2x;  /* log axes; ticks at powers of two on x */
  int categorical;        /* x is the position of a non-numeric loop value */
  double xmin, xmax, ymin, ymax;
  int suite_limited;      /* some file's block was stopped by the suite's time limit */
  char **cats;            /* categorical: the loop values in order of appearance */
  size_t ncats, capcats;
  const sk_sko_block **blocks;   /* per file, NULL where the file lacks the suite */
  sk_rpt_series *series;
  size_t n, cap;
} sk_rpt_suite;

SK_API void sk_report_model(const sk_sko_file *files, int nfiles, sk_rpt_suite **suites, size_t *nsuites);
SK_API void sk_report_model_free(sk_rpt_suite *suites, size_t nsuites);
/* The HTML report into *out. */
SK_API void sk_report_html(sk_str *out, const sk_sko_file *files, int nfiles);
/* The gnuplot scripts: suite k into base-k.gp (text in scripts[k]); the main script
** (loads them all) into *main_script. Each script writes base-k.svg; inside the
** scripts base is named without its directory. */
SK_API void sk_report_gnuplot(const char *base, const sk_sko_file *files, int nfiles,
                              sk_str *main_script, sk_str **scripts, size_t *nscripts);
/* Reads the inputs and writes the report to path: gnuplot scripts when it ends in
** ".gp", else HTML. 1: done; 0 with *err set. */
SK_API int sk_report_files(const char *path, char **inputs, int ninputs, sk_str *err);

#endif
/* --- end split/report.h --- */
/* --- begin split/report.c --- */
#line 1 "split/report.c"
/*
** report.c -- see report.h. The plot model and the HTML report.
*/
#line 5 "split/report.c"
#line 6 "split/report.c"

/* ---- the plot model ---- */

static sk_rpt_suite *rpt_suite_for(sk_rpt_suite **suites, size_t *n, size_t *cap, const char *name,
                                   int occurrence, int nfiles)
{
  size_t i;
  sk_rpt_suite *s;
  for (i = 0; i < *n; i++) if (sk_streq((*suites)[i].name, name) && (*suites)[i].occurrence == occurrence) return &(*suites)[i];
  *suites = (sk_rpt_suite *)sk_grow(*suites, cap, *n + 1, sizeof(sk_rpt_suite));
  s = &(*suites)[(*n)++];
  memset(s, 0, sizeof *s);
  s->name = sk_strdup(name);
  s->occurrence = occurrence;
  s->xname = sk_strdup("");
  s->blocks = (const sk_sko_block **)sk_calloc((size_t)nfiles, sizeof(sk_sko_block *));
  return s;
}

static sk_rpt_series *rpt_series_for(sk_rpt_suite *s, int file, const sk_sko_line *l)
{
  sk_str key, outer;
  size_t i;
  sk_rpt_series *r;
  sk_str_init(&key);
  sk_str_init(&outer);
  sk_str_printf(&key, "%d|", file);
  sk_sko_key(&key, l, 1);
  for (i = 0; i < s->n; i++) if (sk_streq(s->series[i].key, key.data)) { sk_str_free(&key); return &s->series[i]; }
  for (i = 0; l->nvars > 0 && i + 1 < (size_t)l->nvars; i++)
    sk_str_printf(&outer, "%s= %s ", l->vars[i].name, l->vars[i].text);
  sk_str_putn(&outer, "", 0);
  s->series = (sk_rpt_series *)sk_grow(s->series, &s->cap, s->n + 1, sizeof(sk_rpt_series));
  r = &s->series[s->n++];
  memset(r, 0, sizeof *r);
  r->key = key.data;
  r->outer = outer.data;
  r->label = l->label;
  r->file = file;
  return r;
}

static double rpt_category(sk_rpt_suite *s, const char *text)
{
  size_t i;
  for (i = 0; i < s->ncats; i++) if (sk_streq(s->cats[i], text)) return (double)i + 1.0;
  s->cats = (char **)sk_grow(s->cats, &s->capcats, s->ncats + 1, sizeof(char *));
  s->cats[s->ncats++] = sk_strdup(text);
  return (double)s->ncats;
}

static const char *rpt_basename(const char *path)
{
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

/* Legend names: only the parts that tell the curves apart. */
static void rpt_name_series(sk_rpt_suite *s, const sk_sko_file *files, int nfiles)
{
  size_t i, j;
  int labels = 0, outers = 0;
  for (i = 0; i < s->n; i++)
    for (j = 0; j < i; j++) {
      if (!sk_streq(s->series[i].label, s->series[j].label)) labels = 1;
      if (!sk_streq(s->series[i].outer, s->series[j].outer)) outers = 1;
    }
  for (i = 0; i < s->n; i++) {
    sk_rpt_series *r = &s->series[i];
    sk_str n;
    sk_str_init(&n);
    if (nfiles > 1) sk_str_printf(&n, "%s", rpt_basename(files[r->file].path));
    if (labels || (r->label[0] && nfiles == 1 && !outers)) sk_str_printf(&n, "%s%s", n.len ? ", " : "", r->label);
    if (outers) sk_str_printf(&n, "%s%s", n.len ? ", " : "", r->outer);
    if (n.len == 0) sk_str_puts(&n, "time");
    while (n.len > 0 && n.data[n.len - 1] == ' ') n.data[--n.len] = '\0';
    r->name = n.data;
  }
}

static int rpt_cmp_point(const void *a, const void *b)
{
  const sk_rpt_point *x = (const sk_rpt_point *)a, *y = (const sk_rpt_point *)b;
  if (x->x != y->x) return x->x < y->x ? -1 : 1;
  return x->line->lineno < y->line->lineno ? -1 : x->line->lineno > y->line->lineno;
}

static void rpt_node_range(const sk_sko_line *l, double *lo, double *hi)
{
  int k;
  *lo = HUGE_VAL; *hi = -HUGE_VAL;
  for (k = 0; k < l->nnode; k++) {
    if (l->node_us[k] < *lo) *lo = l->node_us[k];
    if (l->node_us[k] > *hi) *hi = l->node_us[k];
  }
}

static void rpt_ranges(sk_rpt_suite *s)
{
  size_t i, j;
  int positive, integers = 1, geometric;
  double tmin = HUGE_VAL, tmax = -HUGE_VAL;
  s->xmin = s->ymin = HUGE_VAL;
  s->xmax = s->ymax = -HUGE_VAL;
  for (i = 0; i < s->n; i++) {
    sk_rpt_series *r = &s->series[i];
    qsort(r->pts, r->n, sizeof(sk_rpt_point), rpt_cmp_point);
    for (j = 0; j < r->n; j++) {
      const sk_sko_line *l = r->pts[j].line;
      double x = r->pts[j].x, lo = l->time_us - l->stderr_us, hi = l->time_us + l->stderr_us, nlo, nhi;
      rpt_node_range(l, &nlo, &nhi);
      if (nlo < lo) lo = nlo;
      if (nhi > hi) hi = nhi;
      if (x < s->xmin) s->xmin = x;
      if (x > s->xmax) s->xmax = x;
      if (lo < s->ymin) s->ymin = lo;
      if (hi > s->ymax) s->ymax = hi;
      if (l->time_us < tmin) tmin = l->time_us;
      if (l->time_us > tmax) tmax = l->time_us;
      if (x != floor(x)) integers = 0;
    }
  }
  if (s->xmin == HUGE_VAL) { s->xmin = 0; s->xmax = 1; s->ymin = 0; s->ymax = 1; return; }
  positive = tmin > 0.0;
  if (s->ymin <= 0.0 && positive) s->ymin = tmin;   /* error bars below 0 are cut on a log axis */
  s->logy = positive && tmax / tmin > 20.0;
  if (!s->logy && s->ymin > 0.0) s->ymin = 0.0;     /* linear time axis from 0 */
  geometric = !s->categorical && s->xmin > 0.0 && s->xmax / s->xmin >= 16.0;
  s->logx = geometric;
  s->pow2x = geometric && integers;
}

SK_API void sk_report_model(const sk_sko_file *files, int nfiles, sk_rpt_suite **suites, size_t *nsuites)
{
  size_t cap = 0, b, l, i;
  int f;
  *suites = NULL;
  *nsuites = 0;
  for (f = 0; f < nfiles; f++)
    for (b = 0; b < files[f].n; b++) {
      const sk_sko_block *bl = &files[f].blocks[b];
      sk_rpt_suite *s = rpt_suite_for(suites, nsuites, &cap, bl->name, sk_sko_occurrence(&files[f], bl), nfiles);
      s->blocks[f] = bl;
      if (bl->suite_limited) s->suite_limited = 1;
      for (l = 0; l < bl->n; l++) {
        const sk_sko_line *ln = &bl->lines[l];
        if (ln->nvars == 0 || ln->vars[ln->nvars - 1].x == HUGE_VAL) s->categorical = 1;
        if (ln->nvars > 0 && s->xname[0] == '\0') { free(s->xname); s->xname = sk_strdup(ln->vars[ln->nvars - 1].name); }
      }
    }
  for (i = 0; i < *nsuites; i++) {
    sk_rpt_suite *s = &(*suites)[i];
    for (f = 0; f < nfiles; f++) {
      const sk_sko_block *bl = s->blocks[f];
      for (l = 0; bl != NULL && l < bl->n; l++) {
        const sk_sko_line *ln = &bl->lines[l];
        sk_rpt_series *r = rpt_series_for(s, f, ln);
        r->pts = (sk_rpt_point *)sk_grow(r->pts, &r->cap, r->n + 1, sizeof(sk_rpt_point));
        r->pts[r->n].line = ln;
        r->pts[r->n].x = s->categorical ? rpt_category(s, ln->nvars ? ln->vars[ln->nvars - 1].text : "")
                                        : ln->vars[ln->nvars - 1].x;
        r->n++;
      }
    }
    rpt_name_series(s, files, nfiles);
    rpt_ranges(s);
  }
}

SK_API void sk_report_model_free(sk_rpt_suite *suites, size_t nsuites)
{
  size_t i, j;
  for (i = 0; i < nsuites; i++) {
    sk_rpt_suite *s = &suites[i];
    for (j = 0; j < s->n; j++) { free(s->series[j].name); free(s->series[j].key); free(s->series[j].outer); free(s->series[j].pts); }
    for (j = 0; j < s->ncats; j++) free(s->cats[j]);
    free(s->cats);
    free(s->series);
    free((void *)s->blocks);
    free(s->name);
    free(s->xname);
  }
  free(suites);
}

/* ---- axes ---- */

enum { RPT_W = 760, RPT_H = 380, RPT_ML = 84, RPT_MR = 24, RPT_MT = 16, RPT_MB = 56, RPT_ROW = 18 };

typedef struct rpt_axis {
  int log;
  double lo, hi;          /* data range after padding (log: positive) */
  double from, to;        /* pixel positions of lo and hi */
} rpt_axis;

static double rpt_t(const rpt_axis *a, double v)
{
  if (a->log) return log10(v > 0.0 ? v : a->lo);
  return v;
}

static double rpt_px(const rpt_axis *a, double v)
{
  double t = rpt_t(a, v), t0 = rpt_t(a, a->lo), t1 = rpt_t(a, a->hi);
  if (v < a->lo) t = t0;
  return a->from + (t - t0) / (t1 - t0) * (a->to - a->from);
}

static void rpt_axis_init(rpt_axis *a, int logscale, double lo, double hi, double from, double to)
{
  a->log = logscale;
  if (logscale) {
    if (hi <= lo) { lo /= 2.0; hi *= 2.0; }
    lo /= pow(hi / lo, 0.03);
    hi *= pow(hi / lo, 0.03);
  } else {
    double pad = hi > lo ? (hi - lo) * 0.04 : (lo != 0.0 ? fabs(lo) * 0.5 : 1.0);
    if (lo != 0.0) lo -= pad;
    hi += pad;
  }
  a->lo = lo;
  a->hi = hi;
  a->from = from;
  a->to = to;
}

/* "1", "512", "4K", "16M", "1G": a power of two. */
static void rpt_pow2_label(sk_str *out, double v)
{
  static const char *const units[] = { "", "K", "M", "G", "T" };
  int u = 0;
  while (v >= 1024.0 && u < 4 && fmod(v, 1024.0) == 0.0) { v /= 1024.0; u++; }
  sk_str_printf(out, "%.0f%s", v, units[u]);
}

/* The tick values of an axis (at most about 12). pow2: powers of two. */
static size_t rpt_ticks(const rpt_axis *a, int pow2, double *t, size_t max)
{
  size_t n = 0;
  if (a->log && pow2) {
    int e0 = (int)ceil(log(a->lo) / log(2.0) - 1e-9), e1 = (int)floor(log(a->hi) / log(2.0) + 1e-9), e, step = 1;
    while ((e1 - e0) / step > 10) step *= 2;
    for (e = e0; e <= e1 && n < max; e++) if (e % step == 0) t[n++] = pow(2.0, (double)e);
  } else if (a->log) {
    int e0 = (int)floor(log10(a->lo)), e1 = (int)ceil(log10(a->hi)), e, k;
    static const double mult[] = { 1.0, 2.0, 5.0 };
    int nm = e1 - e0 <= 2 ? 3 : 1;
    for (e = e0; e <= e1; e++)
      for (k = 0; k < nm; k++) {
        double v = mult[k] * pow(10.0, (double)e);
        if (v >= a->lo && v <= a->hi && n < max) t[n++] = v;
      }
  } else {
    double raw = (a->hi - a->lo) / 6.0, mag = pow(10.0, floor(log10(raw))), step = mag, v;
    if (raw > 5.0 * mag) step = 10.0 * mag; else if (raw > 2.0 * mag) step = 5.0 * mag; else if (raw > mag) step = 2.0 * mag;
    for (v = ceil(a->lo / step) * step; v <= a->hi && n < max; v += step) t[n++] = fabs(v) < step * 1e-9 ? 0.0 : v;
  }
  return n;
}

/* ---- HTML ---- */

static const char *const rpt_colors[] = {
  "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"
};
#define RPT_NCOLORS (sizeof rpt_colors / sizeof rpt_colors[0])

static void rpt_esc(sk_str *out, const char *text)
{
  const char *p;
  for (p = text; *p; p++) {
    if (*p == '&') sk_str_puts(out, "&amp;");
    else if (*p == '<') sk_str_puts(out, "&lt;");
    else if (*p == '>') sk_str_puts(out, "&gt;");
    else if (*p == '"') sk_str_puts(out, "&quot;");
    else sk_str_putc(out, *p);
  }
}

static void rpt_axes(sk_str *o, const sk_rpt_suite *s, const rpt_axis *ax, const rpt_axis *ay)
{
  double t[64];
  size_t n, i;
  double x0 = RPT_ML, x1 = RPT_W - RPT_MR, y0 = RPT_H - RPT_MB, y1 = RPT_MT;
  sk_str_printf(o, "<rect class=\"frame\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", RPT_ML, RPT_MT,
                RPT_W - RPT_ML - RPT_MR, RPT_H - RPT_MT - RPT_MB);
  sk_str_puts(o, "<g class=\"axis x-axis\">\n");
  if (s->categorical) {
    for (i = 0; i < s->ncats; i++) {
      double px = rpt_px(ax, (double)i + 1.0);
      sk_str_printf(o, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                       "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", px, y0, px, y1, px, y0 + 16);
      rpt_esc(o, s->cats[i]);
      sk_str_puts(o, "</text>\n");
    }
  } else {
    n = rpt_ticks(ax, s->pow2x, t, 64);
    for (i = 0; i < n; i++) {
      double px = rpt_px(ax, t[i]);
      sk_str_printf(o, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                       "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", px, y0, px, y1, px, y0 + 16);
      if (s->pow2x) rpt_pow2_label(o, t[i]); else sk_str_printf(o, "%g", t[i]);
      sk_str_puts(o, "</text>\n");
    }
  }
  sk_str_printf(o, "<line class=\"axis-line\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", x0, y0, x1, y0);
  sk_str_printf(o, "<text class=\"axis-label x-label\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", (x0 + x1) / 2, y0 + 38.0);
  rpt_esc(o, s->xname[0] ? s->xname : "measurement");
  sk_str_printf(o, "%s</text>\n</g>\n<g class=\"axis y-axis\">\n", s->logx ? (s->pow2x ? " (log scale, powers of two)" : " (log scale)") : "");
  n = rpt_ticks(ay, 0, t, 64);
  for (i = 0; i < n; i++) {
    double py = rpt_px(ay, t[i]);
    sk_str_printf(o, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                     "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n",
                  x0, py, x1, py, x0 - 6, py + 4, t[i]);
  }
  sk_str_printf(o, "<line class=\"axis-line\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", x0, y0, x0, y1);
  sk_str_printf(o, "<text class=\"axis-label y-label\" transform=\"translate(18,%.1f) rotate(-90)\" text-anchor=\"middle\">"
                   "time [us]%s</text>\n</g>\n", (y0 + y1) / 2, s->logy ? " (log scale)" : "");
}

/* The tooltip of a point (SVG <title>: shown by the browser, no script). */
static void rpt_point_title(sk_str *o, const sk_rpt_series *r, const sk_sko_line *l)
{
  int k;
  sk_str_puts(o, "<title>");
  rpt_esc(o, r->name);
  sk_str_puts(o, ": ");
  for (k = 0; k < l->nvars; k++) { rpt_esc(o, l->vars[k].name); sk_str_puts(o, "="); rpt_esc(o, l->vars[k].text); sk_str_puts(o, " "); }
  sk_str_printf(o, "size %ld B, %.3f us +- %.3f us, %ld repetitions%s%s", l->size, l->time_us, l->stderr_us, l->reps,
                l->refined ? ", added by autorefine" : "", l->limited ? ", stopped by the time limit" : "");
  if (l->invalid > 0) sk_str_printf(o, ", %d repetitions discarded", l->invalid);
  sk_str_puts(o, "</title>");
}

/* One curve: node-time band, line, error bars, points and their marks. */
static void rpt_series_svg(sk_str *o, const sk_rpt_series *r, const char *color, const rpt_axis *ax, const rpt_axis *ay,
                           int *marks)
{
  size_t j;
  int band = 1;
  for (j = 0; j < r->n; j++) if (r->pts[j].line->nnode < 2) band = 0;
  sk_str_printf(o, "<g class=\"series\" stroke=\"%s\" fill=\"%s\">\n", color, color);
  if (band && r->n > 0) {
    sk_str_puts(o, "<polygon class=\"band\" points=\"");
    for (j = 0; j < r->n; j++) {
      double lo, hi;
      rpt_node_range(r->pts[j].line, &lo, &hi);
      sk_str_printf(o, "%.1f,%.1f ", rpt_px(ax, r->pts[j].x), rpt_px(ay, hi));
    }
    for (j = r->n; j-- > 0; ) {
      double lo, hi;
      rpt_node_range(r->pts[j].line, &lo, &hi);
      sk_str_printf(o, "%.1f,%.1f ", rpt_px(ax, r->pts[j].x), rpt_px(ay, lo));
    }
    sk_str_puts(o, "\"/>\n");
    marks[4] = 1;
  }
  sk_str_puts(o, "<polyline class=\"curve\" fill=\"none\" points=\"");
  for (j = 0; j < r->n; j++) sk_str_printf(o, "%.1f,%.1f ", rpt_px(ax, r->pts[j].x), rpt_px(ay, r->pts[j].line->time_us));
  sk_str_puts(o, "\"/>\n");
  for (j = 0; j < r->n; j++) {
    const sk_sko_line *l = r->pts[j].line;
    double px = rpt_px(ax, r->pts[j].x), py = rpt_px(ay, l->time_us);
    double ylo = rpt_px(ay, l->time_us - l->stderr_us), yhi = rpt_px(ay, l->time_us + l->stderr_us);
    if (l->stderr_us > 0.0)
      sk_str_printf(o, "<path class=\"errorbar\" d=\"M%.1f %.1fV%.1fM%.1f %.1fh6M%.1f %.1fh6\"/>\n",
                    px, ylo, yhi, px - 3, ylo, px - 3, yhi);
    if (l->refined) {
      sk_str_printf(o, "<polygon class=\"pt pt-apr\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\">",
                    px, py - 5, px + 5, py, px, py + 5, px - 5, py);
      marks[1] = 1;
    } else {
      sk_str_printf(o, "<circle class=\"pt\" cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\">", px, py);
      marks[0] = 1;
    }
    rpt_point_title(o, r, l);
    sk_str_puts(o, r->pts[j].line->refined ? "</polygon>\n" : "</circle>\n");
    if (l->limited) {
      sk_str_printf(o, "<circle class=\"mark-limited\" cx=\"%.1f\" cy=\"%.1f\" r=\"8\"/>\n", px, py);
      marks[2] = 1;
    }
    if (l->invalid > 0) {
      sk_str_printf(o, "<polygon class=\"mark-invalid\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\"/>\n",
                    px, py - 14, px + 5, py - 7, px - 5, py - 7);
      marks[3] = 1;
    }
  }
  sk_str_puts(o, "</g>\n");
}

static void rpt_legend(sk_str *o, const sk_rpt_suite *s, const int *marks)
{
  static const char *const what[] = { "measured", "added by autorefine", "stopped by a time limit",
                                      "repetitions discarded", "band: smallest to largest node time" };
  size_t i;
  int y = RPT_H + 4, k, x = RPT_ML;
  sk_str_puts(o, "<g class=\"legend\">\n");
  for (i = 0; i < s->n; i++, y += RPT_ROW) {
    sk_str_printf(o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"3\"/>"
                     "<text class=\"legend-text\" x=\"%d\" y=\"%d\">", RPT_ML, y, RPT_ML + 24, y,
                  rpt_colors[i % RPT_NCOLORS], RPT_ML + 32, y + 4);
    rpt_esc(o, s->series[i].name);
    sk_str_puts(o, "</text>\n");
  }
  for (k = 0; k < 5; k++) {
    if (!marks[k]) continue;
    if (x + 24 + 7 * (int)strlen(what[k]) > RPT_W - RPT_MR) { x = RPT_ML; y += RPT_ROW; }   /* wrap */
    if (k == 0) sk_str_printf(o, "<circle class=\"pt key\" cx=\"%d\" cy=\"%d\" r=\"3.5\"/>", x + 5, y);
    else if (k == 1) sk_str_printf(o, "<polygon class=\"pt pt-apr key\" points=\"%d,%d %d,%d %d,%d %d,%d\"/>",
                                   x + 5, y - 5, x + 10, y, x + 5, y + 5, x, y);
    else if (k == 2) sk_str_printf(o, "<circle class=\"mark-limited\" cx=\"%d\" cy=\"%d\" r=\"6\"/>", x + 5, y);
    else if (k == 3) sk_str_printf(o, "<polygon class=\"mark-invalid\" points=\"%d,%d %d,%d %d,%d\"/>",
                                   x + 5, y - 6, x + 10, y + 3, x, y + 3);
    else sk_str_printf(o, "<rect class=\"band key\" x=\"%d\" y=\"%d\" width=\"12\" height=\"8\"/>", x, y - 4);
    sk_str_printf(o, "<text class=\"legend-text\" x=\"%d\" y=\"%d\">%s</text>\n", x + 16, y + 4, what[k]);
    x += 28 + 7 * (int)strlen(what[k]);
  }
  sk_str_puts(o, "</g>\n");
}

static void rpt_plot(sk_str *o, const sk_rpt_suite *s, size_t index)
{
  rpt_axis ax, ay;
  size_t i;
  int marks[5] = { 0, 0, 0, 0, 0 };
  int height = RPT_H + 12 + RPT_ROW * (int)(s->n + 2);   /* legend: a row per curve, two for the marks */
  rpt_axis_init(&ax, s->logx, s->categorical ? 0.5 : s->xmin, s->categorical ? (double)s->ncats + 0.5 : s->xmax,
                RPT_ML, RPT_W - RPT_MR);
  if (s->categorical) { ax.lo = 0.5; ax.hi = (double)s->ncats + 0.5; }
  rpt_axis_init(&ay, s->logy, s->ymin, s->ymax, RPT_H - RPT_MB, RPT_MT);
  sk_str_printf(o, "<svg class=\"plot\" id=\"plot-%lu\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                   "viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"", (unsigned long)index, RPT_W, height, RPT_W, height);
  rpt_esc(o, s->name);
  sk_str_puts(o, "\">\n<title>");
  rpt_esc(o, s->name);
  sk_str_puts(o, "</title>\n");
  rpt_axes(o, s, &ax, &ay);
  for (i = 0; i < s->n; i++) rpt_series_svg(o, &s->series[i], rpt_colors[i % RPT_NCOLORS], &ax, &ay, marks);
  rpt_legend(o, s, marks);
  sk_str_puts(o, "</svg>\n");
}

static void rpt_table(sk_str *o, const sk_rpt_suite *s, int nfiles)
{
  size_t i, j;
  int k, labels = 0;
  for (i = 1; i < s->n; i++) if (!sk_streq(s->series[i].label, s->series[0].label)) labels = 1;
  sk_str_printf(o, "<table class=\"results\">\n<thead><tr>%s%s<th>loop variables</th><th>size [bytes]</th>"
                   "<th>time [us]</th><th>std. error [us]</th><th>repetitions</th><th>node times [us]</th>"
                   "<th>notes</th></tr></thead>\n<tbody>\n",
                nfiles > 1 ? "<th>file</th>" : "", labels ? "<th>measurement</th>" : "");
  for (i = 0; i < s->n; i++)
    for (j = 0; j < s->series[i].n; j++) {
      const sk_sko_line *l = s->series[i].pts[j].line;
      double lo, hi;
      sk_str_puts(o, "<tr>");
      if (nfiles > 1) { sk_str_printf(o, "<td>%d</td>", s->series[i].file + 1); }
      if (labels) { sk_str_puts(o, "<td>"); rpt_esc(o, l->label); sk_str_puts(o, "</td>"); }
      sk_str_puts(o, "<td>");
      for (k = 0; k < l->nvars; k++) { rpt_esc(o, l->vars[k].name); sk_str_puts(o, "="); rpt_esc(o, l->vars[k].text); sk_str_puts(o, " "); }
      sk_str_printf(o, "</td><td class=\"num\">%ld</td><td class=\"num\">%.3f</td><td class=\"num\">%.3f</td>"
                       "<td class=\"num\">%ld</td><td class=\"num\">", l->size, l->time_us, l->stderr_us, l->reps);
      rpt_node_range(l, &lo, &hi);
      if (l->nnode == 1) sk_str_printf(o, "%.3f", lo);
      else if (l->nnode > 1) sk_str_printf(o, "%.3f &ndash; %.3f", lo, hi);
      sk_str_puts(o, "</td><td>");
      if (l->refined) sk_str_puts(o, "added by autorefine ");
      if (l->limited) sk_str_puts(o, "<span class=\"warn\">stopped by the time limit</span> ");
      if (l->invalid > 0) sk_str_printf(o, "<span class=\"warn\">%d repetitions discarded</span>", l->invalid);
      sk_str_puts(o, "</td></tr>\n");
    }
  sk_str_puts(o, "</tbody>\n</table>\n");
}

/* The style sheet, in pieces (C89 compilers need support string literals of 509 characters only). */
static const char *const rpt_style[] = {
  "body{font-family:sans-serif;margin:2em;color:#222;max-width:64em}",
  "table{border-collapse:collapse;margin:0.5em 0 1.5em}td,th{border:1px solid #ccc;padding:2px 8px;font-size:90%}",
  "td.num{text-align:right;font-family:monospace}th{background:#eee}",
  "table.header{table-layout:fixed;width:100%}table.header td{overflow-wrap:anywhere;vertical-align:top}",
  "table.header td:first-child,table.header th:first-child{font-weight:bold;width:14em}",
  "svg.plot{display:block;background:#fff}svg .frame{fill:none;stroke:#888}",
  "svg .grid{stroke:#e4e4e4}svg .axis-line{stroke:#444}svg .tick,svg .legend-text{font-size:12px;fill:#333;stroke:none}",
  "svg .axis-label{font-size:13px;fill:#111;stroke:none}svg .band{fill-opacity:0.15;stroke:none}",
  "svg .curve{stroke-width:1.5}svg .errorbar{stroke-width:1;fill:none}",
  "svg .pt{stroke:#fff;stroke-width:0.8}svg .key{fill:#555}svg rect.band.key{fill:#555}",
  "svg .pt-apr{stroke:#000;stroke-width:0.8}",
  "svg .mark-limited{fill:none;stroke:#c00;stroke-width:1.5}svg .mark-invalid{fill:#f90;stroke:none}",
  ".warn{color:#b00}pre.notes{font-size:85%;background:#f6f6f6;padding:0.5em}",
  NULL
};

/* The run headers as one table: a row per header field, a column per input. */
static void rpt_headers(sk_str *o, const sk_sko_file *files, int nfiles)
{
  int f, g, seen;
  size_t i, j;
  sk_str_puts(o, "<section class=\"runs\">\n<h2>Runs</h2>\n<table class=\"header\">\n<thead><tr><th></th>");
  for (f = 0; f < nfiles; f++) { sk_str_printf(o, "<th>run %d: ", f + 1); rpt_esc(o, files[f].path); sk_str_puts(o, "</th>"); }
  sk_str_puts(o, "</tr></thead>\n<tbody>\n");
  for (f = 0; f < nfiles; f++)
    for (i = 0; i < files[f].nfields; i++) {
      const char *key = files[f].fields[i].key;
      for (seen = 0, g = 0; g <= f && !seen; g++)
        for (j = 0; j < (g == f ? i : files[g].nfields); j++) if (sk_streq(files[g].fields[j].key, key)) { seen = 1; break; }
      if (seen) continue;
      sk_str_puts(o, "<tr><td>");
      rpt_esc(o, key);
      sk_str_puts(o, "</td>");
      for (g = 0; g < nfiles; g++) {
        const char *sep = "";
        sk_str_puts(o, "<td>");
        for (j = 0; j < files[g].nfields; j++)
          if (sk_streq(files[g].fields[j].key, key)) { sk_str_puts(o, sep); rpt_esc(o, files[g].fields[j].value); sep = "<br>"; }
        sk_str_puts(o, "</td>");
      }
      sk_str_puts(o, "</tr>\n");
    }
  sk_str_puts(o, "</tbody>\n</table>\n</section>\n");
}

SK_API void sk_report_html(sk_str *o, const sk_sko_file *files, int nfiles)
{
  sk_rpt_suite *suites;
  size_t n, i, j;
  int f;
  sk_report_model(files, nfiles, &suites, &n);
  sk_str_puts(o, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                "<title>skampi report</title>\n<style>");
  for (i = 0; rpt_style[i] != NULL; i++) sk_str_puts(o, rpt_style[i]);
  sk_str_printf(o, "</style>\n</head>\n<body>\n<h1>skampi report</h1>\n"
                   "<p class=\"generated\">made by skampi %s from ", SKAMPI_VERSION);
  for (f = 0; f < nfiles; f++) { sk_str_puts(o, f ? ", " : ""); rpt_esc(o, files[f].path); }
  sk_str_puts(o, "</p>\n");
  rpt_headers(o, files, nfiles);
  sk_str_puts(o, "<nav class=\"index\">\n<h2>Suites</h2>\n<ol>\n");
  for (i = 0; i < n; i++) {
    size_t points = 0;
    for (j = 0; j < suites[i].n; j++) points += suites[i].series[j].n;
    sk_str_printf(o, "<li><a href=\"#suite-%lu\">", (unsigned long)i + 1);
    rpt_esc(o, suites[i].name);
    sk_str_printf(o, "</a> (%lu lines)</li>\n", (unsigned long)points);
  }
  sk_str_puts(o, "</ol>\n</nav>\n");
  for (i = 0; i < n; i++) {
    sk_str_printf(o, "<section class=\"suite\" id=\"suite-%lu\">\n<h2>%lu. ", (unsigned long)i + 1, (unsigned long)i + 1);
    rpt_esc(o, suites[i].name);
    sk_str_puts(o, "</h2>\n");
    if (suites[i].suite_limited) sk_str_puts(o, "<p class=\"warn\">stopped by the time limit per suite</p>\n");
    rpt_plot(o, &suites[i], i + 1);
    rpt_table(o, &suites[i], nfiles);
    for (f = 0; f < nfiles; f++) {
      const sk_sko_block *b = suites[i].blocks[f];
      if (b == NULL || b->notes.len + b->notes_before.len == 0) continue;
      sk_str_puts(o, "<pre class=\"notes\">");
      if (b->notes_before.len) rpt_esc(o, b->notes_before.data);
      if (b->notes.len) rpt_esc(o, b->notes.data);
      sk_str_puts(o, "</pre>\n");
    }
    sk_str_puts(o, "</section>\n");
  }
  sk_str_puts(o, "</body>\n</html>\n");
  sk_report_model_free(suites, n);
}

static int rpt_ends_with(const char *s, const char *suffix)
{
  size_t a = strlen(s), b = strlen(suffix);
  return a >= b && sk_streq(s + a - b, suffix);
}

SK_API int sk_report_files(const char *path, char **inputs, int ninputs, sk_str *err)
{
  sk_sko_file *files;
  sk_str o;
  int ok = 1;
  if (!sk_sko_read_all(inputs, ninputs, &files, err)) return 0;
  sk_str_init(&o);
  if (rpt_ends_with(path, ".gp")) {
    sk_str *scripts;
    size_t n, k;
    char *base = sk_strndup(path, strlen(path) - 3);
    sk_report_gnuplot(base, files, ninputs, &o, &scripts, &n);
    for (k = 0; k < n && ok; k++) {
      sk_str name_s;
      char *name;
      sk_str_init(&name_s);
      sk_str_printf(&name_s, "%s-%lu.gp", base, (unsigned long)k + 1);
      name = name_s.data;
      ok = sk_out_file(name, scripts[k].data ? scripts[k].data : "", err);
      free(name);
    }
    for (k = 0; k < n; k++) sk_str_free(&scripts[k]);
    free(scripts);
    free(base);
  } else {
    sk_report_html(&o, files, ninputs);
  }
  if (ok) ok = sk_out_file(path, o.data ? o.data : "", err);
  sk_sko_free_all(files, ninputs);
  sk_str_free(&o);
  return ok;
}
/* --- end split/report.c --- */
/* --- begin split/report_gp.c --- */
#line 1 "split/report_gp.c"
/*
** report_gp.c -- the gnuplot form of the report (skampi -r OUT.gp IN.sko ...; report.h):
** per suite one script OUT-K.gp with the data inline (gnuplot 5 data blocks, so the
** script needs no other file) that draws the same plot as the HTML report -- log axes
** for geometric loops, powers of two on integer ones, error bars of one standard error,
** the node-time band, points added by autorefine as their own key entry -- into
** OUT-K.svg; OUT.gp loads them all. The scripts name their files without a directory:
** run them where they are (`cd DIR && gnuplot OUT.gp`).
*/
#line 11 "split/report_gp.c"

static void gp_quote(sk_str *o, const char *text)
{
  const char *p;
  sk_str_putc(o, '"');
  for (p = text; *p; p++) { if (*p == '"' || *p == '\\') sk_str_putc(o, '\\'); sk_str_putc(o, *p); }
  sk_str_putc(o, '"');
}

/* $dK_S: x, time, error, node min, node max, refined (one block per series). */
static void gp_data(sk_str *o, const sk_rpt_series *r, size_t k, size_t si)
{
  size_t j;
  int n;
  sk_str_printf(o, "$d%lu_%lu << EOD\n", (unsigned long)k, (unsigned long)si);
  for (j = 0; j < r->n; j++) {
    const sk_sko_line *l = r->pts[j].line;
    double lo = l->time_us, hi = l->time_us;
    for (n = 0; n < l->nnode; n++) {
      if (l->node_us[n] < lo) lo = l->node_us[n];
      if (l->node_us[n] > hi) hi = l->node_us[n];
    }
    sk_str_printf(o, "%.10g %.3f %.3f %.3f %.3f %d\n", r->pts[j].x, l->time_us, l->stderr_us, lo, hi, l->refined);
  }
  sk_str_puts(o, "EOD\n");
}

static void gp_suite(sk_str *o, const char *base, const sk_rpt_suite *s, size_t k)
{
  size_t i;
  sk_str_puts(o, "# skampi report: suite ");
  gp_quote(o, s->name);
  sk_str_printf(o, "\nset terminal svg size 800,500 dynamic\nset output \"%s-%lu.svg\"\nset title ", base, (unsigned long)k);
  gp_quote(o, s->name);
  sk_str_puts(o, " noenhanced\nset xlabel ");
  gp_quote(o, s->xname[0] ? s->xname : "measurement");
  sk_str_puts(o, " noenhanced\nset ylabel \"time [us]\"\nset key outside bottom center noenhanced\nset grid\n");
  if (s->logx) sk_str_printf(o, "set logscale x %d\n", s->pow2x ? 2 : 10);
  if (s->logy) sk_str_puts(o, "set logscale y 10\n");
  if (s->categorical) {
    sk_str_puts(o, "set xtics (");
    for (i = 0; i < s->ncats; i++) { sk_str_puts(o, i ? ", " : ""); gp_quote(o, s->cats[i]); sk_str_printf(o, " %lu", (unsigned long)i + 1); }
    sk_str_printf(o, ")\nset xrange [0.5:%lu.5]\n", (unsigned long)s->ncats);
  }
  for (i = 0; i < s->n; i++) gp_data(o, &s->series[i], k, i);
  sk_str_puts(o, "plot \\\n");
  for (i = 0; i < s->n; i++) {
    const char *sep = i + 1 < s->n ? ", \\\n" : "\n";
    int color = (int)(i % 8) + 1;
    sk_str_printf(o, "  $d%lu_%lu using 1:4:5 with filledcurves fs transparent solid 0.15 lc %d notitle, \\\n",
                  (unsigned long)k, (unsigned long)i, color);
    sk_str_printf(o, "  $d%lu_%lu using 1:2:3 with yerrorlines lc %d pt 7 title ", (unsigned long)k, (unsigned long)i, color);
    gp_quote(o, s->series[i].name);
    sk_str_printf(o, ", \\\n  $d%lu_%lu using 1:($6 > 0 ? $2 : 1/0) with points lc %d pt 12 ps 1.5 %s%s",
                  (unsigned long)k, (unsigned long)i, color, i == 0 ? "title \"added by autorefine\"" : "notitle", sep);
  }
  sk_str_puts(o, "unset output\nreset\n");
}

SK_API void sk_report_gnuplot(const char *base, const sk_sko_file *files, int nfiles,
                              sk_str *main_script, sk_str **scripts, size_t *nscripts)
{
  sk_rpt_suite *suites;
  size_t n, k;
  const char *slash = strrchr(base, '/');
  base = slash ? slash + 1 : base;      /* the scripts name each other next to themselves */
  sk_report_model(files, nfiles, &suites, &n);
  *scripts = (sk_str *)sk_calloc(n ? n : 1, sizeof(sk_str));
  *nscripts = n;
  sk_str_puts(main_script, "# skampi report as gnuplot scripts (gnuplot 5): one per suite, each writes an SVG\n");
  for (k = 0; k < n; k++) {
    sk_str_init(&(*scripts)[k]);
    gp_suite(&(*scripts)[k], base, &suites[k], k + 1);
    sk_str_printf(main_script, "load \"%s-%lu.gp\"\n", base, (unsigned long)k + 1);
  }
  sk_report_model_free(suites, n);
}
/* --- end split/report_gp.c --- */
/* --- begin split/postproc.h --- */
#line 1 "split/postproc.h"
/*
** postproc.h -- the command line of post-processing, which needs no mpirun and makes no
** MPI call (like -l): `-r OUT IN.sko [IN2.sko ...]` writes a report (report.h), `-x
** csv|json IN.sko [...] [-o OUT]` an export (export.h, standard output without -o); and
** after a run, the merge of the output with its earlier backups that
** merge_with_backups() or @POSTPROC asked for (merge.h, SKaLib §3.4.3).
*/
#ifndef SK_POSTPROC_H
#define SK_POSTPROC_H

#line 12 "split/postproc.h"

typedef struct sk_postproc {
  int kind;               /* 0: none, 'r': report, 'x': export */
  const char *target;     /* -r: the report file; -x: the format */
  const char *output;     /* -x ... -o FILE */
  char **inputs;
  int ninputs;
} sk_postproc;

/* argv[i] is -r or -x: takes it and every argument after it into *p; 1 when it did, 0
** when argv[i] is neither, -1 with *err set for missing arguments or an unknown format
** (the caller reports it and exits 2). */
SK_API int sk_postproc_option(int argc, char **argv, int i, sk_postproc *p, sk_str *err);
/* Runs it; `output` is the -o given before -x. The exit status (0 or 2). */
SK_API int sk_postproc_run(const sk_postproc *p, const char *output);
/* After a run into `output`: the merge with its backups, when asked for. */
SK_API void sk_postproc_after_run(const char *output, int merge_backups);

#endif
/* --- end split/postproc.h --- */
/* --- begin split/postproc.c --- */
#line 1 "split/postproc.c"
/*
** postproc.c -- see postproc.h.
*/
#line 5 "split/postproc.c"
#line 6 "split/postproc.c"
#line 7 "split/postproc.c"
#line 8 "split/postproc.c"

SK_API int sk_postproc_option(int argc, char **argv, int i, sk_postproc *p, sk_str *err)
{
  int k;
  const char *a = argv[i];
  if (!sk_streq(a, "-r") && !sk_streq(a, "-x")) return 0;
  memset(p, 0, sizeof *p);
  p->kind = a[1];
  if (i + 2 >= argc) {
    sk_str_clear(err);
    sk_str_printf(err, "skampi: option '%s' needs %s and at least one result file", a,
                  p->kind == 'r' ? "the report file" : "a format (csv or json)");
    return -1;
  }
  p->target = argv[i + 1];
  if (p->kind == 'x' && !sk_export_format_known(p->target)) {
    sk_str_clear(err);
    sk_str_printf(err, "skampi: unknown export format '%s' (csv or json)", p->target);
    return -1;
  }
  p->inputs = (char **)sk_calloc((size_t)argc, sizeof(char *));
  for (k = i + 2; k < argc; k++) {
    if (sk_streq(argv[k], "-o") && k + 1 < argc) p->output = argv[++k];
    else p->inputs[p->ninputs++] = argv[k];
  }
  return 1;
}

SK_API int sk_postproc_run(const sk_postproc *p, const char *output)
{
  sk_str err;
  int ok;
  sk_str_init(&err);
  if (p->kind == 'r') ok = sk_report_files(p->target, p->inputs, p->ninputs, &err);
  else ok = sk_export_files(p->output ? p->output : output, p->target, p->inputs, p->ninputs, &err);
  if (!ok) fprintf(stderr, "%s\n", err.data);
  else if (p->kind == 'r') fprintf(stderr, "skampi: report of %d file%s written to %s\n", p->ninputs,
                                   p->ninputs == 1 ? "" : "s", p->target);
  sk_str_free(&err);
  return ok ? 0 : SK_EXIT_USER_ERROR;
}

SK_API void sk_postproc_after_run(const char *output, int merge_backups)
{
  sk_str err;
  int n;
  if (!merge_backups) return;
  if (output == NULL || sk_streq(output, "-")) {
    fprintf(stderr, "skampi: merge_with_backups: the output is standard output, nothing to merge\n");
    return;
  }
  sk_str_init(&err);
  n = sk_merge_backups(output, &err);
  if (n < 0) fprintf(stderr, "skampi: merge_with_backups: %s\n", err.data);
  else if (n < 2) fprintf(stderr, "skampi: merge_with_backups: no earlier run of %s to merge with\n", output);
  else fprintf(stderr, "skampi: merged this run with %d earlier runs into %s (SKaLib 3.4)\n", n - 1, output);
  sk_str_free(&err);
}
/* --- end split/postproc.c --- */
/* --- begin split/interp.h --- */
#line 1 "split/interp.h"
/*
** interp.h -- the interpreter of the program tree (SKaMPI 5 manual §2.5, §5): every process
** executes the same program (SPMD); variables with global and measurement-block scope;
** computed loops with the rounding and de-duplication rule; measure statements that
** agree on buffer sizes across all processes, run the measurement and write its line.
*/
#ifndef SK_INTERP_H
#define SK_INTERP_H

#line 11 "split/interp.h"
#line 12 "split/interp.h"
#line 13 "split/interp.h"
#line 14 "split/interp.h"
#line 15 "split/interp.h"

typedef struct sk_var {
  char *name;
  sk_value value;
} sk_var;

typedef struct sk_scope {
  sk_var *vars;
  size_t n, cap;
} sk_scope;


typedef struct sk_interp {
  sk_scope globals, locals;
  int in_measurement;
  const char *block_name;
  double block_started;
  sk_settings settings;
  sk_loopvar *loops;          /* loop variables of the current measurement, outermost first */
  size_t nloops, caploops;
  size_t open_loop;           /* nloops of the innermost loop up to '...' (0: none) */
  int buffer_exhausted;       /* a measure statement found the buffer too small */
  int suite_stopped;          /* the block's time limit is spent: leave its loops */
  double last_time;           /* result of the last measure statement (seconds) */
  int progress;               /* rank 0 prints a line per finished block on stderr */
  int quiet;                  /* -q: no warnings on stderr (the comment lines stay) */
  int progress_tty;           /* stderr is a terminal: one updating progress line */
  size_t progress_width;      /* length of the progress line on screen (0: none) */
  long block_points;          /* measurement lines of the current suite */
  int blocks_total, blocks_done;
  int blocks_started;         /* suites begun or skipped so far, in program order */
  int resume_skip;            /* resuming: suites 1..resume_skip are complete, skip them */
  sk_engine engine;           /* measures; keeps which dummy times are out */
  int time_accounting;
  double time_in_measurements, run_started;
  long measurements;
  sk_label_table labels;
  int apr_added;              /* the current autorefine point was added by refinement */
  int merge_backups;          /* merge_with_backups() / @POSTPROC: merge after the run */
  sk_loc min_reps_at, max_reps_at;   /* where the input set them (file NULL: not yet) */
  int verify_failed;          /* a verification failed: the run ends with exit 3 after the block */
} sk_interp;

SK_API void sk_interp_init(sk_interp *in);
SK_API void sk_interp_free(sk_interp *in);
SK_API void sk_interp_run(sk_interp *in, const sk_program *prog);
/* Ends the progress line on a terminal (before the last messages). */
SK_API void sk_interp_progress_end(sk_interp *in);
/* Evaluation, for the builtins and tests. */
SK_API sk_value sk_interp_eval(sk_interp *in, const sk_expr *e);
SK_API void sk_interp_assign(sk_interp *in, const char *name, sk_value v);
SK_API int sk_interp_lookup(sk_interp *in, const char *name, sk_value *out);
#endif
/* --- end split/interp.h --- */
/* --- begin split/interp.c --- */
#line 1 "split/interp.c"
/*
** interp.c -- executes the program tree (see interp.h).
**
** Computed loops (SKaMPI 5 manual §2.5, §5.3.1) take their values from loops.h (the same
** generator as the first phase of autorefine): when `from` is an integer the variable is
** an integer, e.g. `1 to 23 step *sqrt(2)` gives 1 2 3 4 6 8 11 16 23. With '...' as
** bound the loop ends when a measure statement inside finds that some process's buffer
** is too small (or the value exceeds the buffer size in bytes).
*/
#line 11 "split/interp.c"
#line 12 "split/interp.c"
#line 13 "split/interp.c"
#line 14 "split/interp.c"
#line 15 "split/interp.c"
#line 16 "split/interp.c"
#line 17 "split/interp.c"
#line 18 "split/interp.c"

SK_API void sk_interp_init(sk_interp *in)
{
  memset(in, 0, sizeof *in);
  sk_settings_default(&in->settings);
  sk_buffers_configure(&in->settings.buffers);
  sk_engine_init(&in->engine, &in->settings);
  in->run_started = sk_engine_clock();
}

static void scope_clear(sk_scope *sc)
{
  size_t i;
  for (i = 0; i < sc->n; i++) free(sc->vars[i].name);
  free(sc->vars);
  sc->vars = NULL;
  sc->n = sc->cap = 0;
}

SK_API void sk_interp_free(sk_interp *in)
{
  scope_clear(&in->globals);
  scope_clear(&in->locals);
  free(in->loops);
  sk_labels_free(&in->labels);
  sk_engine_free(&in->engine);
}

static sk_var *scope_find(sk_scope *sc, const char *name)
{
  size_t i;
  for (i = 0; i < sc->n; i++) if (sk_streq(sc->vars[i].name, name)) return &sc->vars[i];
  return NULL;
}

SK_API int sk_interp_lookup(sk_interp *in, const char *name, sk_value *out)
{
  sk_var *v = in->in_measurement ? scope_find(&in->locals, name) : NULL;
  if (v == NULL) v = scope_find(&in->globals, name);
  if (v) { *out = v->value; return 1; }
  return sk_constant_find(name, out);
}

/* Inside a measurement block an assignment creates or changes a local variable; a
** global of the same name stays untouched (SKaMPI 5 manual §5). */
SK_API void sk_interp_assign(sk_interp *in, const char *name, sk_value value)
{
  sk_scope *sc = in->in_measurement ? &in->locals : &in->globals;
  sk_var *v = scope_find(sc, name);
  if (v == NULL) {
    sc->vars = (sk_var *)sk_grow(sc->vars, &sc->cap, sc->n + 1, sizeof(sk_var));
    v = &sc->vars[sc->n++];
    v->name = sk_strdup(name);
  }
  v->value = value;
}

/* ---- expressions ---- */

static int interp_is_number(const sk_value *v) { return v->type == SK_T_INT || v->type == SK_T_DOUBLE; }

static void interp_need_number(const sk_value *v, const sk_expr *e, const char *what)
{
  if (!interp_is_number(v))
    sk_user_error(&e->loc, "%s needs a number, not %s", what, sk_type_name(v->type));
}

static long interp_checked(double exact, long result, const sk_loc *loc)
{
  if (exact > (double)LONG_MAX || exact < (double)LONG_MIN)
    sk_user_error(loc, "integer overflow (the result %g does not fit)", exact);
  return result;
}

static sk_value interp_binary(sk_interp *in, const sk_expr *e)
{
  sk_value a = sk_interp_eval(in, e->args[0]), b;
  int op = e->op;
  if (op == TK_AND || op == TK_OR) {
    double x;
    interp_need_number(&a, e->args[0], op == TK_AND ? "'&&'" : "'||'");
    x = sk_value_as_double(&a);
    if (op == TK_AND && x == 0.0) return sk_int_value(0);
    if (op == TK_OR && x != 0.0) return sk_int_value(1);
    b = sk_interp_eval(in, e->args[1]);
    interp_need_number(&b, e->args[1], op == TK_AND ? "'&&'" : "'||'");
    return sk_int_value(sk_value_as_double(&b) != 0.0);
  }
  b = sk_interp_eval(in, e->args[1]);
  if (op == TK_EQ || op == TK_NE) {
    int eq;
    if (interp_is_number(&a) && interp_is_number(&b)) eq = sk_value_as_double(&a) == sk_value_as_double(&b);
    else if (a.type != b.type) eq = 0;
    else if (a.type == SK_T_STRING) eq = sk_streq(a.u.s, b.u.s);
    else if (a.type == SK_T_COMM) eq = a.u.comm == b.u.comm;
    else if (a.type == SK_T_DATATYPE) eq = a.u.dt == b.u.dt;
    else if (a.type == SK_T_OP) eq = a.u.op == b.u.op;
    else if (a.type == SK_T_IARRAY || a.type == SK_T_DARRAY) eq = sk_array_equal(&a, &b);
    else eq = a.u.info == b.u.info;
    return sk_int_value(op == TK_EQ ? eq : !eq);
  }
  if (op == TK_BAND || op == TK_BOR) {      /* bitwise, on integers only (SKaMPI 5 manual §5) */
    const char *what = op == TK_BAND ? "'&'" : "'|'";
    if (a.type != SK_T_INT) sk_user_error(&e->args[0]->loc, "%s needs an integer, not %s", what, sk_type_name(a.type));
    if (b.type != SK_T_INT) sk_user_error(&e->args[1]->loc, "%s needs an integer, not %s", what, sk_type_name(b.type));
    return sk_int_value(op == TK_BAND ? (a.u.i & b.u.i) : (a.u.i | b.u.i));
  }
  interp_need_number(&a, e->args[0], "arithmetic");
  interp_need_number(&b, e->args[1], "arithmetic");
  if (op >= TK_LT && op <= TK_GE) {
    double x = sk_value_as_double(&a), y = sk_value_as_double(&b);
    int r = op == TK_LT ? x < y : op == TK_LE ? x <= y : op == TK_GT ? x > y : x >= y;
    return sk_int_value(r);
  }
  if (a.type == SK_T_INT && b.type == SK_T_INT) {
    long x = a.u.i, y = b.u.i;
    switch (op) {
    case TK_PLUS: return sk_int_value(interp_checked((double)x + (double)y, x + y, &e->loc));
    case TK_MINUS: return sk_int_value(interp_checked((double)x - (double)y, x - y, &e->loc));
    case TK_STAR: return sk_int_value(interp_checked((double)x * (double)y, x * y, &e->loc));
    case TK_SLASH:
      if (y == 0) sk_user_error(&e->loc, "division by zero");
      return sk_int_value(x / y);
    default:
      if (y == 0) sk_user_error(&e->loc, "division by zero (modulo)");
      return sk_int_value(x % y);
    }
  } else {
    double x = sk_value_as_double(&a), y = sk_value_as_double(&b);
    switch (op) {
    case TK_PLUS: return sk_double_value(x + y);
    case TK_MINUS: return sk_double_value(x - y);
    case TK_STAR: return sk_double_value(x * y);
    case TK_SLASH:
      if (y == 0.0) sk_user_error(&e->loc, "division by zero");
      return sk_double_value(x / y);
    default:
      if (y == 0.0) sk_user_error(&e->loc, "division by zero (modulo)");
      return sk_double_value(fmod(x, y));
    }
  }
}

/* Converts an argument to what parameter letter `p` asks for, or reports it. */
static sk_value interp_coerce(sk_value v, int p, const sk_expr *arg, int index, const char *fname)
{
  sk_type want = SK_T_NONE;
  switch (p) {
  case 'i':
    if (v.type == SK_T_DOUBLE && v.u.d == floor(v.u.d) && fabs(v.u.d) < (double)LONG_MAX)
      return sk_int_value((long)v.u.d);
    want = SK_T_INT;
    break;
  case 'd':
    if (v.type == SK_T_INT) return sk_double_value((double)v.u.i);
    want = SK_T_DOUBLE;
    break;
  case 's': want = SK_T_STRING; break;
  case 'c': want = SK_T_COMM; break;
  case 't': want = SK_T_DATATYPE; break;
  case 'o': want = SK_T_OP; break;
  case 'n': want = SK_T_INFO; break;
  case 'a': want = SK_T_IARRAY; break;
  case 'e': want = SK_T_DARRAY; break;
  default: return v;
  }
  if (v.type != want)
    sk_user_error(&arg->loc, "argument %d of '%s' must be %s, not %s", index + 1, fname,
                  sk_type_name(want), v.type == SK_T_DOUBLE && want == SK_T_INT ? "a fraction" : sk_type_name(v.type));
  return v;
}

static sk_value *interp_args(sk_interp *in, const sk_expr *call, const char *params)
{
  sk_value *args = (sk_value *)sk_calloc((size_t)(call->nargs ? call->nargs : 1), sizeof(sk_value));
  int i;
  for (i = 0; i < call->nargs; i++)
    args[i] = interp_coerce(sk_interp_eval(in, call->args[i]), params[i], call->args[i], i, call->name);
  return args;
}

/* {a, b, ...}: integers make an IArray, datatypes a DArray, {} an empty IArray. A
** double with an integral value counts as an integer. */
static sk_value interp_array(sk_interp *in, const sk_expr *e)
{
  sk_value r, x;
  int i;
  if (e->nargs == 0) return sk_iarray_new(0);
  x = sk_interp_eval(in, e->args[0]);
  if (x.type == SK_T_DATATYPE) r = sk_darray_new((size_t)e->nargs);
  else r = sk_iarray_new((size_t)e->nargs);
  for (i = 0; i < e->nargs; i++) {
    if (i > 0) x = sk_interp_eval(in, e->args[i]);
    if (r.type == SK_T_DARRAY) {
      if (x.type != SK_T_DATATYPE)
        sk_user_error(&e->args[i]->loc, "element %d of a datatype array must be a datatype, not %s", i + 1,
                      sk_type_name(x.type));
      sk_darray_set(&r, (size_t)i, x.u.dt);
    } else {
      if (x.type == SK_T_DOUBLE && x.u.d == floor(x.u.d) && fabs(x.u.d) < (double)LONG_MAX)
        x = sk_int_value((long)x.u.d);
      if (x.type != SK_T_INT)
        sk_user_error(&e->args[i]->loc, "element %d of an array must be %s, not %s", i + 1,
                      i == 0 ? "an integer or a datatype" : "an integer",
                      x.type == SK_T_DOUBLE ? "a fraction" : sk_type_name(x.type));
      sk_iarray_set(&r, (size_t)i, x.u.i);
    }
  }
  return r;
}

SK_API sk_value sk_interp_eval(sk_interp *in, const sk_expr *e)
{
  sk_value v;
  switch (e->kind) {
  case E_INT: return sk_int_value(e->ival);
  case E_DOUBLE: return sk_double_value(e->dval);
  case E_STRING:
    v.type = SK_T_STRING;
    v.u.s = e->name;
    return v;
  case E_VAR:
    if (!sk_interp_lookup(in, e->name, &v)) {
      char why[200];
      if (sk_constant_unavailable(e->name, why, sizeof why)) sk_user_error(&e->loc, "%s", why);
      sk_user_error(&e->loc, "unknown identifier '%s'", e->name);
    }
    return v;
  case E_UNARY:
    v = sk_interp_eval(in, e->args[0]);
    if (e->op == TK_KNOT || e->op == TK_TILDE) {
      if (v.type != SK_T_INT)
        sk_user_error(&e->args[0]->loc, "'%s' needs an integer, not %s", e->op == TK_KNOT ? "not" : "~",
                      sk_type_name(v.type));
      return sk_int_value(e->op == TK_KNOT ? v.u.i == 0 : ~v.u.i);
    }
    interp_need_number(&v, e->args[0], e->op == TK_NOT ? "'!'" : "unary '-'");
    if (e->op == TK_NOT) return sk_int_value(sk_value_as_double(&v) == 0.0);
    if (v.type == SK_T_INT) return sk_int_value(interp_checked(-(double)v.u.i, -v.u.i, &e->loc));
    return sk_double_value(-v.u.d);
  case E_BINARY: return interp_binary(in, e);
  case E_ARRAY: return interp_array(in, e);
  case E_CALL: {
    const sk_builtin *b = sk_builtin_find(e->name);
    sk_value *args, r;
    if (b == NULL) sk_user_error(&e->loc, "unknown function '%s'", e->name);
    args = interp_args(in, e, b->params);
    r = b->fn(in, args, &e->loc);
    free(args);
    return r;
  }
  }
  v.type = SK_T_NONE;
  return v;
}

/* ---- loops ---- */

static void exec_block(sk_interp *in, const sk_block *b);
static void exec_stmt(sk_interp *in, const sk_stmt *s);

static void loop_push(sk_interp *in, const char *name, sk_value v)
{
  in->loops = (sk_loopvar *)sk_grow(in->loops, &in->caploops, in->nloops + 1, sizeof(sk_loopvar));
  in->loops[in->nloops].name = name;
  in->loops[in->nloops].value = v;
  in->nloops++;
}

static sk_value loop_value(int integer, double x)
{
  return integer ? sk_int_value((long)floor(x + 0.5)) : sk_double_value(x);
}

/* Runs the body once with the loop variable set; returns 0 when the loop must end. A
** measurement that found the buffer too small ends the innermost loop around it, quietly
** (as the original SKaMPI 5 does); outer loops go on. */
static int loop_iteration(sk_interp *in, const sk_stmt *s, sk_value v)
{
  sk_interp_assign(in, s->name, v);
  in->loops[in->nloops - 1].value = v;
  exec_block(in, &s->body);
  if (in->suite_stopped) return 0;
  if (in->buffer_exhausted) {
    in->buffer_exhausted = 0;
    return 0;
  }
  return 1;
}

static void exec_for_range(sk_interp *in, const sk_stmt *s)
{
  sk_value from = sk_interp_eval(in, s->from), to, step = sk_int_value(1), mult;
  sk_loop_spec spec;
  sk_loop_gen gen;
  size_t saved_open_loop;
  double stepv = 1.0, x;
  long multiple_of = 1;
  int integer;
  interp_need_number(&from, s->from, "a loop's start value");
  if (s->to) { to = sk_interp_eval(in, s->to); interp_need_number(&to, s->to, "a loop's bound"); }
  else to = sk_int_value(0);
  if (s->step) {
    step = sk_interp_eval(in, s->step);
    interp_need_number(&step, s->step, "a loop's step");
    stepv = sk_value_as_double(&step);
  }
  if (s->multiple_of) {
    mult = sk_interp_eval(in, s->multiple_of);
    if (mult.type != SK_T_INT || mult.u.i < 1)
      sk_user_error(&s->multiple_of->loc, "multipleof needs a positive integer");
    multiple_of = mult.u.i;
  }
  if (s->step_multiplies && (stepv <= 1.0 || sk_value_as_double(&from) <= 0.0))
    sk_user_error(&s->loc, "a loop with 'step *x' needs x > 1 and a positive start value");
  if (!s->step_multiplies && stepv == 0.0) sk_user_error(&s->loc, "a loop's step must not be 0");
  if (!s->to && !s->step_multiplies && stepv < 0.0)
    sk_user_error(&s->loc, "a loop up to '...' must count upwards");
  integer = from.type == SK_T_INT && (s->step_multiplies || (s->step == NULL || step.type == SK_T_INT));
  memset(&spec, 0, sizeof spec);
  spec.first = sk_value_as_double(&from);
  spec.last = sk_value_as_double(&to);
  spec.has_last = s->to != NULL;
  spec.step = stepv;
  spec.multiplies = s->step_multiplies;
  spec.integer = integer;
  spec.multiple_of = multiple_of;
  spec.open_limit = (double)in->settings.buffers.size;
  loop_push(in, s->name, from);
  saved_open_loop = in->open_loop;
  if (!s->to) in->open_loop = in->nloops;
  if (s->autorefine) {
    sk_apr_config c;
    sk_apr *apr;
    size_t var_index = in->nloops - 1;
    int outer_added = in->apr_added;
    if (!s->to) sk_user_error(&s->loc, "an autorefine loop needs an explicit upper bound");
    sk_apr_default_config(&c);
    c.first = spec.first;
    c.last = spec.last;
    c.step = stepv;
    c.geometric = s->step_multiplies;
    c.integer = integer;
    c.multiple_of = multiple_of;
    c.limits = in->settings.apr;
    if (sk_apr_config_error(&c)) sk_user_error(&s->loc, "autorefine: %s", sk_apr_config_error(&c));
    apr = sk_apr_new(&c);
    if (in->in_measurement) sk_out_hold_begin();
    while (sk_apr_next(apr, &x)) {
      in->last_time = 0.0;
      in->apr_added = outer_added || sk_apr_point_added(apr);
      if (!loop_iteration(in, s, loop_value(integer, x))) break;
      sk_apr_report(apr, in->last_time);
    }
    in->apr_added = outer_added;
    if (in->in_measurement) sk_out_hold_end((int)var_index);
    sk_apr_free(apr);
  } else {
    sk_loop_begin(&gen, &spec);
    while (sk_loop_next(&gen, &x)) if (!loop_iteration(in, s, loop_value(integer, x))) break;
  }
  in->open_loop = saved_open_loop;
  in->nloops--;
}

static void exec_for_list(sk_interp *in, const sk_stmt *s)
{
  int i;
  sk_value *values = (sk_value *)sk_calloc((size_t)(s->nlist ? s->nlist : 1), sizeof(sk_value));
  for (i = 0; i < s->nlist; i++) values[i] = sk_interp_eval(in, s->list[i]);
  loop_push(in, s->name, values[0]);
  for (i = 0; i < s->nlist; i++) if (!loop_iteration(in, s, values[i])) break;
  in->nloops--;
  free(values);
}

static void exec_for_iter(sk_interp *in, const sk_stmt *s)
{
  const sk_iterator *it = sk_iterator_find(s->expr->name);
  sk_value *args = interp_args(in, s->expr, it->params), v;
  void *self = NULL;
  long guard = 0;
  v = it->fn(&self, args);
  loop_push(in, s->name, v);
  /* protocol of SKaMPI 5 manual §6.3: *self == NULL after a call means "exhausted" */
  while (self != NULL) {
    if (!loop_iteration(in, s, v)) { void *tmp = self; while (tmp) { it->fn(&tmp, args); if (++guard > 100000000L) break; } break; }
    v = it->fn(&self, args);
    if (++guard > 100000000L) sk_user_error(&s->loc, "iterator '%s' does not end", it->name);
  }
  in->nloops--;
  free(args);
}

/* ---- measurements ---- */

/* ---- progress on stderr (world rank 0, output to a file, not -q) ----
** On a terminal one line that is rewritten: suite i of n, its name, points measured,
** time elapsed and the estimated time left (from the suites measured so far); otherwise
** a plain line per finished suite. */

static void progress_show(sk_interp *in, const char *name)
{
  double now = sk_engine_clock(), elapsed = now - in->run_started;
  int total = in->blocks_total > in->blocks_started ? in->blocks_total : in->blocks_started;
  int measured = in->blocks_done - in->resume_skip;
  char left[48];
  sk_str line;
  if (!in->progress || !in->progress_tty) return;
  if (measured > 0)
    sprintf(left, "~%.0f s left", elapsed / measured * (double)(total - in->blocks_done));
  else
    sprintf(left, "time left unknown");
  sk_str_init(&line);
  sk_str_printf(&line, "\rskampi: suite %d of %d \"%s\": %ld points, %.0f s elapsed, %s",
                in->blocks_started, total, name, in->block_points, elapsed, left);
  while (line.len < in->progress_width) sk_str_putc(&line, ' ');   /* covers a longer old line */
  in->progress_width = line.len;
  fputs(line.data, stderr);
  fflush(stderr);
  sk_str_free(&line);
}

/* Before anything else goes to stderr: the updating line gets a line of its own. */
static void progress_break(sk_interp *in)
{
  if (in->progress_width > 0) fputc('\n', stderr);
  in->progress_width = 0;
}

static void progress_suite_done(sk_interp *in, const char *name)
{
  if (!in->progress) return;
  if (in->progress_tty) { progress_show(in, name); return; }
  fprintf(stderr, "skampi: [%d/%d] \"%s\" done in %.1f s\n", in->blocks_done,
          in->blocks_total > in->blocks_done ? in->blocks_total : in->blocks_done, name,
          sk_engine_clock() - in->block_started);
  fflush(stderr);
}

SK_API void sk_interp_progress_end(sk_interp *in) { progress_break(in); }

/* A helper call that a kept suite must still make on resume: one that changes the
** settings of the measurements after it (set_*, switch_*, choose_*, use_mpi_alloc_mem,
** and the array and info setters whose objects outlive the suite). Output, clock
** resynchronisation and time accounting are not repeated. */
static int replayed_on_resume(const sk_stmt *st)
{
  static const char *const prefixes[] = { "set_", "switch_", "choose_" };
  static const char *const names[] = {
    "use_mpi_alloc_mem", "int_array_set", "datatype_array_set", "info_set", "info_free", "reset_file_info"
  };
  const char *name;
  size_t i;
  if (st->kind != S_CALL || st->expr == NULL || st->expr->kind != E_CALL) return 0;
  name = st->expr->name;
  for (i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
    if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0) return 1;
  for (i = 0; i < sizeof names / sizeof names[0]; i++)
    if (sk_streq(name, names[i])) return 1;
  return 0;
}

/* Resuming (runlog.h): a suite the interrupted run completed is skipped on every
** process -- its measurements are not made again, its lines stay as written -- and
** output is written again from the end of the last one kept. The settings helpers
** called directly in its body (not inside its loops or ifs) are called again, so that
** the suites after it measure as in an uninterrupted run. */
static int skip_completed_suite(sk_interp *in, const sk_stmt *s)
{
  size_t i;
  if (in->blocks_started > in->resume_skip) return 0;
  for (i = 0; i < s->body.n; i++)
    if (replayed_on_resume(s->body.items[i])) exec_stmt(in, s->body.items[i]);   /* calls only: no locals */
  in->blocks_done++;
  if (in->blocks_started == in->resume_skip) sk_out_mute(0);
  return 1;
}

static void exec_measurement_block(sk_interp *in, const sk_stmt *s)
{
  size_t saved_loops = in->nloops;
  in->blocks_started++;
  if (skip_completed_suite(in, s)) return;
  if (sk_engine_reports()) sk_runlog_suite(in->blocks_started, s->name, 0);
  in->block_points = 0;
  if (sk_engine_reports()) progress_show(in, s->name);
  in->in_measurement = 1;
  in->block_name = s->name;
  in->block_started = sk_engine_clock();
  if (sk_engine_reports()) {
    sk_out_begin_block(s->name);
    sk_out_set_unit(in->settings.unit);
    if (in->settings.unit != 1e6) {
      sk_str note;
      sk_str_init(&note);
      sk_str_printf(&note, "# times in seconds x %g (set_unit; not microseconds)\n", in->settings.unit);
      sk_out_text(note.data);
      sk_str_free(&note);
    }
  }
  sk_labels_begin(&in->labels, &s->body);
  exec_block(in, &s->body);
  in->buffer_exhausted = 0;
  if (in->suite_stopped && !in->verify_failed && sk_engine_reports()) {
    sk_str note;
    sk_str_init(&note);
    sk_str_printf(&note, "# (suite stopped by its time limit of %g s)\n", in->settings.suite_time_limit);
    sk_out_text(note.data);
    sk_str_free(&note);
  }
  in->suite_stopped = 0;
  in->blocks_done++;
  if (sk_engine_reports()) {
    sk_out_end_block(s->name, sk_engine_clock() - in->block_started);
    if (in->verify_failed) {
      fprintf(stderr, "skampi: stopped after block \"%s\": verification failed\n", s->name);
      fflush(stderr);
    }
    sk_runlog_suite(in->blocks_started, s->name, 1);
    progress_suite_done(in, s->name);
  }
  scope_clear(&in->locals);
  in->nloops = saved_loops;
  in->in_measurement = 0;
  in->block_name = NULL;
  if (in->verify_failed) sk_exit(SK_EXIT_VERIFY);   /* every process alike: a clean finalize */
}

/* A warning (SKaMPI 5 manual §8): a "# warning: ..." comment line after the result,
** and on stderr unless -q. */
static void measure_warn(sk_interp *in, const char *what)
{
  sk_str line;
  int i;
  sk_str_init(&line);
  sk_str_printf(&line, "# warning: %s\n", what);
  sk_out_note(line.data);
  if (!in->quiet) {
    progress_break(in);
    fflush(stdout);
    sk_str_clear(&line);
    sk_str_printf(&line, "skampi: warning: \"%s\"", in->block_name ? in->block_name : "");
    for (i = 0; i < (int)in->nloops; i++) {
      sk_str_printf(&line, " %s=", in->loops[i].name);
      sk_value_format(&line, &in->loops[i].value);
    }
    sk_str_printf(&line, ": %s\n", what);
    fputs(line.data, stderr);
    fflush(stderr);
  }
  sk_str_free(&line);
}

/* The results not to trust: near the clock's resolution, close to the timing overhead,
** or stopped by the repetition cap while still imprecise. */
static void measure_check_result(sk_interp *in, const sk_result *res, double dummy_time)
{
  const sk_asec_config *a = &in->settings.asec;
  double tick = sk_engine_tick(), rel = res->time > 0.0 ? res->std_error / res->time : 0.0;
  sk_str w;
  sk_str_init(&w);
  if (tick > 0.0 && res->calls_per_timing <= 1 && res->time < 100.0 * tick) {
    sk_str_printf(&w, "%.3f us is within 100 clock ticks (tick %g us): the clock cannot resolve it",
                  res->time * 1e6, tick * 1e6);
    measure_warn(in, w.data);
    sk_str_clear(&w);
  }
  if (dummy_time > 0.0 && res->time < 3.0 * dummy_time) {
    sk_str_printf(&w, "%.3f us is less than 3 times the dummy time (%.3f us): mostly timing overhead",
                  res->time * 1e6, dummy_time * 1e6);
    measure_warn(in, w.data);
    sk_str_clear(&w);
  }
  if (res->stop == SK_ASEC_MAX_REPS && a->max_rel_error > 0.0 && rel > a->max_rel_error) {
    sk_str_printf(&w, "stopped at the repetition cap (%d) with a relative standard error of %.1f%%,"
                  " %.1f times the limit of %.1f%%", res->reps, rel * 100.0, rel / a->max_rel_error,
                  a->max_rel_error * 100.0);
    measure_warn(in, w.data);
  }
  sk_str_free(&w);
}

static void measure_write_line(sk_interp *in, const sk_stmt *s, const sk_value *args, const sk_result *res)
{
  double *sel = (double *)sk_malloc(sizeof(double) * (size_t)(res->nprocs ? res->nprocs : 1));
  double *valid = (double *)sk_malloc(sizeof(double) * (size_t)(res->nprocs ? res->nprocs : 1));
  int i, nvalid = 0, nsel;
  for (i = 0; i < res->nprocs; i++) if (res->node_times[i] >= 0.0) valid[nvalid++] = res->node_times[i];
  nsel = sk_node_times_select(valid, nvalid, in->settings.max_node_times, sel);
  sk_out_label(sk_labels_for(&in->labels, s, args, in->loops, in->nloops));
  if (in->apr_added) sk_out_mark_added();
  sk_out_line(in->loops, (int)in->nloops, res->reported_size, res->time, res->std_error, res->reps, sel, nsel);
  if (res->note[0]) sk_out_note(res->note);
  if (res->stop == SK_ASEC_TIME_LIMIT) sk_out_note("# (stopped by the time limit per measurement)\n");
  if (sk_oversub_mostly_scheduler(res->time, res->nprocs)) {
    sk_str note;
    sk_str_init(&note);
    sk_oversub_note_result(res->time, res->nprocs, &note);
    sk_out_note(note.data);
    sk_str_free(&note);
  }
  if (res->invalid > 0 || res->calls_per_timing > 1) {
    sk_str note;
    sk_str_init(&note);
    if (res->invalid > 0)
      sk_str_printf(&note, "# (%d repetitions discarded: not started in the synchronised window)\n", res->invalid);
    if (res->calls_per_timing > 1)
      sk_str_printf(&note, "# (%ld calls per timing for the clock's resolution, SKaLib eq. 3.1)\n", res->calls_per_timing);
    sk_out_note(note.data);
    sk_str_free(&note);
  }
  free(sel);
  free(valid);
}

/* The dummy time of a communicator and pattern, as a comment line (world rank 0). */
static void measure_write_dummy(const sk_measure_outcome *out)
{
  static const char *const names[] = { "point-to-point", "collective", "master-worker", "simple" };
  sk_str note;
  sk_str_init(&note);
  sk_str_printf(&note, "# dummy time (empty %s measurement, %d processes): %.3f us +- %.3f us, not subtracted\n",
                names[out->dummy_pattern], out->dummy.nprocs, out->dummy.time * 1e6, out->dummy.std_error * 1e6);
  sk_out_text(note.data);
  sk_str_free(&note);
}

/* A measurement in a loop does not fit into the buffer: the loop ends there. The block
** says at which value and why in a comment line, and the run goes on; stderr gets a
** warning unless the loop runs up to '...' (where the buffer's end is the bound). */
static void measure_end_loop(sk_interp *in, const sk_stmt *s, const char *why)
{
  const sk_loopvar *lv = &in->loops[in->nloops - 1];
  sk_str at;
  in->buffer_exhausted = 1;
  if (!sk_engine_reports()) return;
  sk_str_init(&at);
  if (lv->value.type == SK_T_INT) sk_str_printf(&at, "%s=%ld", lv->name, lv->value.u.i);
  else if (lv->value.type == SK_T_DOUBLE) sk_str_printf(&at, "%s=%g", lv->name, lv->value.u.d);
  else sk_str_printf(&at, "%s", lv->name);
  {
    sk_str note;
    sk_str_init(&note);
    sk_str_printf(&note, "# (loop ended at %s: %s)\n", at.data, why);
    sk_out_text(note.data);
    sk_str_free(&note);
  }
  if (in->open_loop != in->nloops && !in->quiet) {
    progress_break(in);
    fflush(stdout);
    fprintf(stderr, "skampi: warning: %s:%d:%d: loop ended at %s: %s\n", s->call->loc.file, s->call->loc.line,
            s->call->loc.col, at.data, why);
    fflush(stderr);
  }
  sk_str_free(&at);
}

/* The engine measures (engine.h); the interpreter evaluates the arguments and writes. */
static void exec_measure(sk_interp *in, const sk_stmt *s)
{
  sk_value comm = sk_interp_eval(in, s->expr), *args;
  const sk_measurement *def = sk_catalogue_find(s->call->name);
  sk_measure_outcome out;
  double started;
  if (def == NULL) sk_user_error(&s->call->loc, "unknown measurement function '%s'", s->call->name);
  if (comm.type != SK_T_COMM) sk_user_error(&s->expr->loc, "measure needs a communicator, not %s", sk_type_name(comm.type));
  if (comm.u.comm == NULL) return;    /* MPI_COMM_NULL: every process skips it (SKaMPI 5) */
  args = interp_args(in, s->call, def->params);
  started = sk_engine_clock();
  sk_engine_measure(&in->engine, def, comm.u.comm, args, in->block_started, &out);
  if (out.has_dummy && sk_engine_reports()) measure_write_dummy(&out);
  if (out.status == SK_NO_ROOM && in->nloops > 0) {
    measure_end_loop(in, s, out.message);
  } else if (out.status == SK_VERIFY_FAILED) {
    if (sk_engine_reports()) {
      sk_str note;
      sk_str_init(&note);
      sk_str_printf(&note, "# (%s)\n", out.message);
      sk_out_text(note.data);
      sk_str_free(&note);
      fflush(stdout);
      fprintf(stderr, "skampi: error: %s:%d:%d: %s\n", s->call->loc.file, s->call->loc.line, s->call->loc.col,
              out.message);
      fflush(stderr);
    }
    in->verify_failed = 1;
    in->suite_stopped = 1;            /* leave the block's loops; it is closed as usual */
  } else if (out.status != SK_MEASURED) {
    sk_outcome_free(&out);
    free(args);
    sk_user_error(&s->call->loc, "%s%s", out.message,
                  out.status == SK_NO_ROOM ? "; nothing was measured (raise set_skampi_buffer)" : "");
  } else {
    in->last_time = out.time;
    if (out.suite_time_spent) in->suite_stopped = 1;
    in->block_points++;
    if (sk_engine_reports()) {
      measure_write_line(in, s, args, &out.result);
      measure_check_result(in, &out.result, out.dummy_time);
      progress_show(in, in->block_name);
    }
    in->time_in_measurements += sk_engine_clock() - started;
    in->measurements++;
  }
  free(args);
  sk_outcome_free(&out);
}

/* ---- print, print_all, flush (SKaMPI 6) ---- */

/* One value as print writes it: ints %d, doubles %f, strings raw, predefined handles
** by name, arrays [1, 2] / [MPI_INT, MPI_CHAR], other communicators by their world ranks. */
static void print_value(sk_str *out, const sk_value *v)
{
  static const char *const handles[] = { "MPI_COMM_WORLD", "MPI_COMM_SELF", "MPI_COMM_NULL", "MPI_INFO_NULL", NULL };
  sk_value c;
  int i;
  switch (v->type) {
  case SK_T_INT: sk_str_printf(out, "%ld", v->u.i); return;
  case SK_T_DOUBLE: sk_str_printf(out, "%f", v->u.d); return;
  case SK_T_COMM: case SK_T_INFO:
    for (i = 0; handles[i]; i++)
      if (sk_constant_find(handles[i], &c) && c.type == v->type &&
          (v->type == SK_T_COMM ? c.u.comm == v->u.comm : c.u.info == v->u.info)) {
        sk_str_puts(out, handles[i]);
        return;
      }
    if (v->type == SK_T_INFO || v->u.comm == NULL) { sk_str_puts(out, v->type == SK_T_INFO ? "<info>" : "MPI_COMM_NULL"); return; }
    sk_str_putc(out, '[');
    for (i = 0; i < sk_engine_comm_size(v->u.comm); i++)
      sk_str_printf(out, i ? ", %d" : "%d", sk_engine_comm_members(v->u.comm)[i]);
    sk_str_putc(out, ']');
    return;
  default: sk_value_format(out, v); return;
  }
}

/* print: world rank 0 writes "#P[0] values\n". print_all: every process makes its line
** and the engine collects them on world rank 0, which writes them in rank order (so every
** process must reach the print_all, as for a collective operation). */
static void exec_print(sk_interp *in, const sk_stmt *s)
{
  sk_str line;
  int i, rank = sk_engine_process();
  if (s->kind == S_PRINT && !sk_engine_reports()) {
    for (i = 0; i < s->nlist; i++) sk_interp_eval(in, s->list[i]);   /* same errors everywhere */
    return;
  }
  sk_str_init(&line);
  sk_str_printf(&line, "#P[%d] ", rank);
  for (i = 0; i < s->nlist; i++) {
    sk_value v = sk_interp_eval(in, s->list[i]);
    sk_str text;
    const char *p;
    sk_str_init(&text);
    print_value(&text, &v);
    /* a value with line breaks (a string spanning lines) continues on "#P[r] " lines,
    ** so that the output stays a valid result file */
    for (p = text.data; p && *p; p++) {
      sk_str_putc(&line, *p);
      if (*p == '\n') sk_str_printf(&line, "#P[%d] ", rank);
    }
    sk_str_free(&text);
  }
  sk_str_putc(&line, '\n');
  if (s->kind == S_PRINT) sk_out_text(line.data);
  else sk_engine_collect_text(line.data, sk_out_text);
  sk_str_free(&line);
}

/* ---- statements ---- */

static void exec_stmt(sk_interp *in, const sk_stmt *s)
{
  sk_value v;
  switch (s->kind) {
  case S_ASSIGN:
    sk_interp_assign(in, s->name, sk_interp_eval(in, s->expr));
    break;
  case S_CALL:
    sk_interp_eval(in, s->expr);
    break;
  case S_IF:
    v = sk_interp_eval(in, s->expr);
    interp_need_number(&v, s->expr, "a condition");
    exec_block(in, sk_value_as_double(&v) != 0.0 ? &s->body : &s->else_body);
    break;
  case S_FOR_RANGE: exec_for_range(in, s); break;
  case S_FOR_LIST: exec_for_list(in, s); break;
  case S_FOR_ITER: exec_for_iter(in, s); break;
  case S_MEASUREMENT: exec_measurement_block(in, s); break;
  case S_MEASURE: exec_measure(in, s); break;
  case S_PRINT: case S_PRINT_ALL: exec_print(in, s); break;
  case S_FLUSH: fflush(stdout); break;   /* the output module flushes every line it writes */
  }
}

static void exec_block(sk_interp *in, const sk_block *b)
{
  size_t i;
  for (i = 0; i < b->n && !in->buffer_exhausted && !in->suite_stopped; i++) exec_stmt(in, b->items[i]);
}

static int interp_count_blocks(const sk_block *b)
{
  size_t i;
  int n = 0;
  for (i = 0; i < b->n; i++) {
    if (b->items[i]->kind == S_MEASUREMENT) n++;
    n += interp_count_blocks(&b->items[i]->body) + interp_count_blocks(&b->items[i]->else_body);
  }
  return n;
}

SK_API void sk_interp_run(sk_interp *in, const sk_program *prog)
{
  in->blocks_total = interp_count_blocks(&prog->top);
  if (in->resume_skip > 0 && sk_engine_reports()) sk_out_mute(1);
  exec_block(in, &prog->top);
}
/* --- end split/interp.c --- */
/* --- begin split/builtins.c --- */
#line 1 "split/builtins.c"
/*
** builtins.c -- the helper functions of SKaMPI 5 manual §4.1 (plus get_np() used by SKaMPI 5's
** own input files and skampi's own settings), the iterators of §4.2/§6.3, and the
** predefined constants of §5.2.
*/
#line 7 "split/builtins.c"
#line 8 "split/builtins.c"
#line 9 "split/builtins.c"
#line 10 "split/builtins.c"
#line 11 "split/builtins.c"
#line 12 "split/builtins.c"
#if SK_HAVE_MPI_IO
#include <sys/types.h>
#include <sys/stat.h>
#endif

static sk_value bi_none(void)
{
  sk_value v;
  v.type = SK_T_NONE;
  v.u.i = 0;
  return v;
}

static sk_value bi_comm_value(sk_group *g)
{
  sk_value v;
  v.type = SK_T_COMM;
  v.u.comm = g;
  return v;
}

static long bi_positive(const sk_value *a, const sk_loc *loc, const char *fname, long minimum)
{
  if (a->u.i < minimum) sk_user_error(loc, "%s: the argument must be at least %ld, not %ld", fname, minimum, a->u.i);
  return a->u.i;
}

/* ---- repetitions and output ---- */

/* A number of repetitions: at least 1; at most BI_MAX_REPS, as every repetition keeps
** its time (8 bytes) on each process. */
#define BI_MAX_REPS 10000000L
static int bi_repetitions(const sk_value *a, const sk_loc *loc, const char *fname)
{
  long n = bi_positive(a, loc, fname, 1);
  if (n > BI_MAX_REPS) sk_user_error(loc, "%s: at most %ld repetitions, not %ld", fname, BI_MAX_REPS, n);
  return (int)n;
}

/* set_min_repetitions and set_max_repetitions contradict each other when both were
** given and the minimum exceeds the maximum: the later statement is the error, and
** names the earlier one (a bound left at its default only moves along). */
static void bi_check_repetitions(sk_interp *in, const sk_loc *loc, const char *fname, const sk_loc *other)
{
  const sk_asec_config *r = &in->settings.asec;
  if (other->file == NULL || r->min_reps <= r->max_reps) return;
  sk_user_error(loc, "%s: the minimum number of repetitions (%d) exceeds the maximum (%d) that %s:%d:%d set; "
                "set the maximum first when raising both", fname, r->min_reps, r->max_reps,
                other->file, other->line, other->col);
}

static sk_value bi_set_min_repetitions(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  in->settings.asec.min_reps = bi_repetitions(&a[0], loc, "set_min_repetitions");
  bi_check_repetitions(in, loc, "set_min_repetitions", &in->max_reps_at);
  in->min_reps_at = *loc;
  return bi_none();
}

static sk_value bi_set_max_repetitions(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  in->settings.asec.max_reps = bi_repetitions(&a[0], loc, "set_max_repetitions");
  bi_check_repetitions(in, loc, "set_max_repetitions", &in->min_reps_at);
  in->max_reps_at = *loc;
  return bi_none();
}

static sk_value bi_set_max_relative_standard_error(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0) sk_user_error(loc, "set_max_relative_standard_error: the limit must not be negative");
  in->settings.asec.max_rel_error = a[0].u.d;
  return bi_none();
}

static sk_value bi_set_max_nr_node_times(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  in->settings.max_node_times = (int)bi_positive(&a[0], loc, "set_max_nr_node_times", 0);
  return bi_none();
}

static sk_value bi_set_cut_quantile(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0 || a[0].u.d >= 0.5) sk_user_error(loc, "set_cut_quantile: the quantile must be in [0, 0.5)");
  in->settings.asec.cut_quantile = a[0].u.d;
  return bi_none();
}

/* set_result_statistic("min" | "mean"): what the time column of a result reports. */
static sk_value bi_set_result_statistic(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  if (strcmp(a[0].u.s, "min") == 0) in->settings.asec.statistic = SK_STATISTIC_MIN;
  else if (strcmp(a[0].u.s, "mean") == 0) in->settings.asec.statistic = SK_STATISTIC_MEAN;
  else sk_user_error(loc, "set_result_statistic: \"%s\" is neither \"min\" nor \"mean\"", a[0].u.s);
  if (sk_tp_world_rank() == 0)
    sk_out_text(in->settings.asec.statistic == SK_STATISTIC_MIN
                ? "# result statistic: the time column is the minimum over the repetitions\n"
                : "# result statistic: the time column is the mean of the kept repetitions\n");
  return bi_none();
}

static sk_value bi_set_time_limit_per_measurement(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0) sk_user_error(loc, "the time limit must not be negative");
  in->settings.asec.time_limit = a[0].u.d;
  return bi_none();
}

static sk_value bi_set_time_limit_per_suite(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0) sk_user_error(loc, "the time limit must not be negative");
  in->settings.suite_time_limit = a[0].u.d;
  return bi_none();
}

static sk_value bi_set_autorefine_max_error(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0) sk_user_error(loc, "set_autorefine_max_error: must not be negative");
  in->settings.apr.max_error = a[0].u.d;
  return bi_none();
}

static sk_value bi_set_autorefine_min_distance(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d < 0.0) sk_user_error(loc, "set_autorefine_min_distance: must not be negative");
  in->settings.apr.min_distance = a[0].u.d;
  return bi_none();
}

static sk_value bi_set_autorefine_max_steps(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  in->settings.apr.max_steps = (int)bi_positive(&a[0], loc, "set_autorefine_max_steps", 0);
  return bi_none();
}

/* ---- buffers ---- */

/* The first process (world rank) that could not allocate, or -1: every process learns
** it, so that all of them end alike with the user's error. */
static void bi_decide_first_failure(void *ctx, const void *ballots, int n, void *decision)
{
  const int *failed = (const int *)ballots;
  int *who = (int *)decision, i;
  (void)ctx;
  *who = -1;
  for (i = 0; i < n && *who < 0; i++) if (failed[i]) *who = i;
}

/* (Re)allocates the buffer region and cache as the settings now say; memory the input
** asks for but the machine lacks is the input's mistake, named at the statement. */
static void bi_apply_buffers(sk_interp *in, const sk_loc *loc, const char *fname)
{
  const sk_buffer_config *c = &in->settings.buffers;
  int failed = !sk_buffers_configure(c), who = -1;
  sk_agree(sk_tp_world(), &failed, sizeof failed, &who, sizeof who, bi_decide_first_failure, NULL);
  if (who >= 0 && c->cache_size == 0)
    sk_user_error(loc, "%s: cannot allocate the buffer region of %.0f bytes (the buffer of %.0f bytes plus "
                  "alignment) on process %d; ask for less memory", fname,
                  sk_buffers_region_bytes(c), (double)c->size, who);
  if (who >= 0)
    sk_user_error(loc, "%s: cannot allocate the buffer region of %.0f bytes and the cache of %.0f bytes "
                  "on process %d; ask for less memory", fname, sk_buffers_region_bytes(c),
                  (double)c->cache_size, who);
}

static sk_value bi_set_skampi_buffer(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  in->settings.buffers.size = (size_t)bi_positive(&a[0], loc, "set_skampi_buffer", 0);
  bi_apply_buffers(in, loc, "set_skampi_buffer");
  return bi_none();
}

static sk_value bi_switch_buffer_cycling_on(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a;
  in->settings.buffers.cycling = 1;
  bi_apply_buffers(in, loc, "switch_buffer_cycling_on");
  return bi_none();
}

static sk_value bi_switch_buffer_cycling_off(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a;
  in->settings.buffers.cycling = 0;
  bi_apply_buffers(in, loc, "switch_buffer_cycling_off");
  return bi_none();
}

static size_t bi_alignment(const sk_value *a, const sk_loc *loc, const char *fname)
{
  long x = bi_positive(a, loc, fname, 1);
  if (x > 1L << 20) sk_user_error(loc, "%s: alignment %ld is larger than 1 MiB", fname, x);
  return (size_t)x;
}

static sk_value bi_set_send_buffer_alignment(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  in->settings.buffers.send_align = bi_alignment(&a[0], loc, "set_send_buffer_alignment");
  bi_apply_buffers(in, loc, "set_send_buffer_alignment");
  return bi_none();
}

static sk_value bi_set_recv_buffer_alignment(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  in->settings.buffers.recv_align = bi_alignment(&a[0], loc, "set_recv_buffer_alignment");
  bi_apply_buffers(in, loc, "set_recv_buffer_alignment");
  return bi_none();
}

static sk_value bi_set_cache_size(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  in->settings.buffers.cache_size = (size_t)bi_positive(&a[0], loc, "set_cache_size", 0);
  bi_apply_buffers(in, loc, "set_cache_size");
  return bi_none();
}

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
/* set_skampi_buffer_mpi_alloc_mem(size, info): the region of set_skampi_buffer, allocated
** with MPI_Alloc_mem and the given info (SKaMPI 5's onesided.c helper; MPI-2 only). */
static sk_value bi_set_skampi_buffer_mpi_alloc_mem(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  in->settings.buffers.size = (size_t)bi_positive(&a[0], loc, "set_skampi_buffer_mpi_alloc_mem", 0);
  in->settings.buffers.mpi_alloc_mem = 1;
  in->settings.buffers.mpi_alloc_info = a[1].u.info;
  bi_apply_buffers(in, loc, "set_skampi_buffer_mpi_alloc_mem");
  return bi_none();
}
#endif

/* use_mpi_alloc_mem(flag): skampi's own allocations (the buffer region) through
** MPI_Alloc_mem. Without MPI-2 a note says that malloc stays in use. */
static sk_value bi_use_mpi_alloc_mem(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)loc;
  in->settings.mpi_alloc_mem = a[0].u.i != 0;
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  in->settings.buffers.mpi_alloc_mem = a[0].u.i != 0;
  in->settings.buffers.mpi_alloc_info = in->settings.mpi_alloc_info;
  bi_apply_buffers(in, loc, "use_mpi_alloc_mem");
#else
  if (a[0].u.i != 0 && sk_tp_world_rank() == 0)
    sk_out_text("# use_mpi_alloc_mem: this build has no MPI_Alloc_mem (MPI-2); malloc is used\n");
#endif
  return bi_none();
}

static sk_value bi_set_mpi_alloc_mem_info(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)loc;
  in->settings.mpi_alloc_info = a[0].u.info;
  if (in->settings.buffers.mpi_alloc_mem) {
    in->settings.buffers.mpi_alloc_info = a[0].u.info;
    bi_apply_buffers(in, loc, "set_mpi_alloc_mem_info");
  }
  return bi_none();
}

static sk_value bi_get_mpi_alloc_mem_info(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  sk_value v;
  (void)a; (void)loc;
  v.type = SK_T_INFO;
  v.u.info = in->settings.mpi_alloc_info;
  return v;
}

/* set_unit(factor): seconds times factor is the printed unit (1e6: microseconds, the
** default); the blocks that follow print their times in it and say so in a comment line. */
static sk_value bi_set_unit(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  if (!(a[0].u.d > 0.0)) sk_user_error(loc, "set_unit: the factor must be positive");
  in->settings.unit = a[0].u.d;
  return bi_none();
}

/* set_autorefine_factor(f), the original SKaMPI 5's autorefine budget: an autorefine loop
** measures at most f times as many points as its for loop would (skampi's default is no
** such budget: max_error and min_distance bound the refinement). */
static sk_value bi_set_autorefine_factor(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  if (!(a[0].u.d > 0.0)) sk_user_error(loc, "set_autorefine_factor: the factor must be positive");
  in->settings.apr.budget_factor = a[0].u.d;
  return bi_none();
}

/* ---- reproducible random numbers ----
** The minimal standard generator (Park and Miller), one state per process, started from
** the same fixed seed everywhere: since every process evaluates the program (SPMD), every
** process draws the same sequence, so comm_rand builds the same group on all of them. */

#define BI_RANDOM_SEED 4711L
static long bi_random_state = 0;

SK_API long sk_random_seed(void) { return BI_RANDOM_SEED; }

static long bi_random_next(void)
{
  long s = bi_random_state ? bi_random_state : sk_random_seed(), hi = s / 127773L, lo = s % 127773L;
  s = 16807L * lo - 2836L * hi;
  if (s <= 0) s += 2147483647L;
  bi_random_state = s;
  return s;
}

/* Uniform in [0, n), n >= 1: from the high-order part of the state. */
static long bi_random_below(long n)
{
  return (long)((double)(bi_random_next() - 1) / 2147483646.0 * (double)n);
}

static sk_value bi_get_random_int(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  double span = (double)a[1].u.i - (double)a[0].u.i + 1.0;
  (void)in;
  if (span < 1.0) sk_user_error(loc, "get_random_int(%ld, %ld): the minimum exceeds the maximum", a[0].u.i, a[1].u.i);
  if (span > 2147483646.0) sk_user_error(loc, "get_random_int: the range is larger than 2147483646");
  return sk_int_value(a[0].u.i + bi_random_below((long)span));
}

/* ---- strings ---- */

/* Strings made by helpers live for the run, one copy per distinct text. */
static const char *bi_intern(const char *text)
{
  static char **pool = NULL;
  static size_t n = 0, cap = 0;
  size_t i;
  for (i = 0; i < n; i++) if (sk_streq(pool[i], text)) return pool[i];
  pool = (char **)sk_grow(pool, &cap, n + 1, sizeof(char *));
  pool[n] = sk_strdup(text);
  return pool[n++];
}

static sk_value bi_string_value(const char *text)
{
  sk_value v;
  v.type = SK_T_STRING;
  v.u.s = bi_intern(text);
  return v;
}

/* get_env(name): the value with "/" appended, as SKaMPI 5 does (meant for directories);
** "/" alone when the variable is not set. */
static sk_value bi_get_env(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  const char *e = getenv(a[0].u.s);
  sk_str s;
  sk_value v;
  (void)in; (void)loc;
  sk_str_init(&s);
  sk_str_printf(&s, "%s/", e ? e : "");
  v = bi_string_value(s.data);
  sk_str_free(&s);
  return v;
}

/* mpi_processor_names(): this process's "# rank NNNNNN: <host>". */
static sk_value bi_mpi_processor_names(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  char name[256];
  sk_str s;
  sk_value v;
  (void)in; (void)a; (void)loc;
  sk_tp_processor_name(name, sizeof name);
  sk_str_init(&s);
  sk_str_printf(&s, "# rank %06d: %s", sk_tp_world_rank(), name);
  v = bi_string_value(s.data);
  sk_str_free(&s);
  return v;
}

/* ---- communicators ---- */

static sk_group *bi_group_of_range(int first, int n)
{
  int *ranks = (int *)sk_malloc(sizeof(int) * (size_t)(n > 0 ? n : 1)), i;
  sk_group *g;
  for (i = 0; i < n; i++) ranks[i] = first + i;
  g = sk_tp_group_create(ranks, n);
  free(ranks);
  return g;
}

/* MPI_COMM_NULL is the NULL group; a process outside a group sees the group as null too
** (SKaMPI 5's comm() & co give MPI_COMM_NULL to non-members, SKaMPI 5 manual §4.1). */
static int bi_is_null(const sk_group *g) { return g == NULL || sk_tp_group_rank(g) < 0; }

static sk_value bi_get_comm_size(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  if (a[0].u.comm == NULL) sk_user_error(loc, "get_comm_size of MPI_COMM_NULL");
  return sk_int_value(sk_tp_group_size(a[0].u.comm));
}

/* get_comm_rank(c): own rank in c; -1 on a process outside c (where c is MPI_COMM_NULL). */
static sk_value bi_get_comm_rank(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return sk_int_value(a[0].u.comm ? sk_tp_group_rank(a[0].u.comm) : -1);
}

static sk_value bi_is_mpi_comm_null(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return sk_int_value(bi_is_null(a[0].u.comm));
}

static sk_value bi_last_proc(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)a; (void)loc;
  return sk_int_value(sk_tp_world_size() - 1);
}

/* Checks world ranks (in range, pairwise distinct) and makes their group. */
static sk_group *bi_group_of_ranks(const long *r, int n, const sk_loc *loc, const char *fname)
{
  int *ranks = (int *)sk_malloc(sizeof(int) * (size_t)(n > 0 ? n : 1)), i, j;
  sk_group *g;
  for (i = 0; i < n; i++) {
    if (r[i] < 0 || r[i] >= sk_tp_world_size())
      sk_user_error(loc, "%s: rank %ld is not between 0 and %d", fname, r[i], sk_tp_world_size() - 1);
    for (j = 0; j < i; j++)
      if (r[j] == r[i]) sk_user_error(loc, "%s: rank %ld appears twice", fname, r[i]);
    ranks[i] = (int)r[i];
  }
  g = sk_tp_group_create(ranks, n);
  free(ranks);
  return g;
}

static sk_value bi_comm4(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  long r[4];
  int i;
  (void)in;
  for (i = 0; i < 4; i++) r[i] = a[i].u.i;
  return bi_comm_value(bi_group_of_ranks(r, 4, loc, "comm4"));
}

/* comm_from_to(first, last): world ranks first, ..., last-1. */
static sk_value bi_comm_from_to(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  long first = a[0].u.i, last = a[1].u.i;
  (void)in;
  if (first < 0 || last > sk_tp_world_size() || last <= first)
    sk_user_error(loc, "comm_from_to(%ld, %ld): needs 0 <= first < last <= %d", first, last, sk_tp_world_size());
  return bi_comm_value(bi_group_of_range((int)first, (int)(last - first)));
}

/* comm_rand(n): n distinct world ranks in random order, drawn from the reproducible
** generator (the same on every process, so all build the same group). */
static sk_value bi_comm_rand(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  int size = sk_tp_world_size(), n = (int)a[0].u.i, i;
  long *perm;
  sk_group *g;
  (void)in;
  if (a[0].u.i < 1 || a[0].u.i > size) sk_user_error(loc, "comm_rand(%ld): there are %d processes", a[0].u.i, size);
  perm = (long *)sk_malloc(sizeof(long) * (size_t)size);
  for (i = 0; i < size; i++) perm[i] = i;
  for (i = 0; i < n; i++) {                 /* partial Fisher-Yates */
    int j = i + (int)bi_random_below(size - i);
    long t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }
  g = bi_group_of_ranks(perm, n, loc, "comm_rand");
  free(perm);
  return bi_comm_value(g);
}

static sk_value bi_get_np(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)a; (void)loc;
  return sk_int_value(sk_tp_world_size());
}

static sk_value bi_comm(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  long n = a[0].u.i;
  (void)in;
  if (n < 1 || n > sk_tp_world_size())
    sk_user_error(loc, "comm(%ld): there are %d processes", n, sk_tp_world_size());
  return bi_comm_value(bi_group_of_range(0, (int)n));
}

static sk_value bi_comm2(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  int ranks[2];
  (void)in;
  if (a[0].u.i < 0 || a[0].u.i >= sk_tp_world_size() || a[1].u.i < 0 || a[1].u.i >= sk_tp_world_size())
    sk_user_error(loc, "comm2(%ld, %ld): ranks must be between 0 and %d", a[0].u.i, a[1].u.i, sk_tp_world_size() - 1);
  if (a[0].u.i == a[1].u.i) sk_user_error(loc, "comm2: the two ranks must differ");
  ranks[0] = (int)a[0].u.i;
  ranks[1] = (int)a[1].u.i;
  return bi_comm_value(sk_tp_group_create(ranks, 2));
}

static sk_value bi_copy_comm(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return a[0];
}

static sk_value bi_comm_half(const sk_value *a, int second, const sk_loc *loc)
{
  sk_group *g = a[0].u.comm;
  if (g == NULL) sk_user_error(loc, "%s of MPI_COMM_NULL", second ? "comm_second_half" : "comm_first_half");
  {
  int n = sk_tp_group_size(g), h = n / 2, first = second ? h : 0, len = second ? n - h : h;
  const int *members = sk_tp_group_members(g);
  if (len < 1) len = 1, first = 0;
  return bi_comm_value(sk_tp_group_create(members + first, len));
  }
}

static sk_value bi_comm_first_half(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return bi_comm_half(a, 0, loc);
}

static sk_value bi_comm_second_half(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return bi_comm_half(a, 1, loc);
}

/* Ping-pongs rank 0 with every other process (SKaMPI 5 comm2_max_latency_with_root);
** the partner with the largest (or smallest) latency forms the pair. */
static sk_value bi_comm2_latency_with_root(const sk_loc *loc, int want_max)
{
  sk_group *world = sk_tp_world();
  int size = sk_tp_world_size(), me = sk_tp_world_rank(), r, k, ranks[2];
  struct { int partner; } best;    /* rank 0's choice, shared with every process */
  double best_t = want_max ? -1.0 : HUGE_VAL;
  char byte = 0;
  best.partner = 1;
  if (size < 2) sk_user_error(loc, "comm2_max_latency_with_root needs at least 2 processes");
  for (r = 1; r < size; r++) {
    if (me == 0) {
      double t0 = sk_tp_wtime(), t;
      for (k = 0; k < 20; k++) { sk_tp_send(world, r, &byte, 1); sk_tp_recv(world, r, &byte, 1); }
      t = sk_tp_wtime() - t0;
      if (want_max ? t > best_t : t < best_t) { best_t = t; best.partner = r; }
    } else if (me == r) {
      for (k = 0; k < 20; k++) { sk_tp_recv(world, 0, &byte, 1); sk_tp_send(world, 0, &byte, 1); }
    }
  }
  sk_agree(world, NULL, 0, &best, sizeof best, NULL, NULL);
  ranks[0] = 0;
  ranks[1] = best.partner;
  return bi_comm_value(sk_tp_group_create(ranks, 2));
}

static sk_value bi_comm2_max_latency_with_root(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)a;
  return bi_comm2_latency_with_root(loc, 1);
}

static sk_value bi_comm2_min_latency_with_root(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)a;
  return bi_comm2_latency_with_root(loc, 0);
}

/* ---- mathematics ---- */

static sk_value bi_sqrt(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  if (a[0].u.d < 0.0) sk_user_error(loc, "sqrt of a negative number");
  return sk_double_value(sqrt(a[0].u.d));
}

static sk_value bi_cbrt(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  double x = a[0].u.d, r;
  (void)in; (void)loc;
  r = pow(fabs(x), 1.0 / 3.0);           /* C89 has no cbrt */
  if (fabs((r + 1) * (r + 1) * (r + 1) - fabs(x)) < fabs(r * r * r - fabs(x))) r += 1;
  return sk_double_value(x < 0 ? -r : r);
}

static sk_value bi_sqr(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return sk_double_value(a[0].u.d * a[0].u.d);
}

static long bi_to_long(double x, const sk_loc *loc)
{
  if (x != x || x > (double)LONG_MAX || x < (double)LONG_MIN) sk_user_error(loc, "value %g out of the integer range", x);
  return (long)x;
}

static sk_value bi_floor(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return sk_int_value(bi_to_long(floor(a[0].u.d), loc));
}

static sk_value bi_ceil(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return sk_int_value(bi_to_long(ceil(a[0].u.d), loc));
}

static sk_value bi_log_of(double x, const sk_loc *loc, const char *fname, double divisor)
{
  if (!(x > 0.0)) sk_user_error(loc, "%s of %g: the argument must be positive", fname, x);
  return sk_double_value(log(x) / divisor);
}

static sk_value bi_log(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return bi_log_of(a[0].u.d, loc, "log", 1.0);
}

static sk_value bi_log2(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  double r;
  (void)in;
  r = bi_log_of(a[0].u.d, loc, "log2", log(2.0)).u.d;
  if (fabs(r - floor(r + 0.5)) < 1e-12) r = floor(r + 0.5);   /* exact for powers of two */
  return sk_double_value(r);
}

static sk_value bi_log10(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return sk_double_value(a[0].u.d > 0.0 ? log10(a[0].u.d) : bi_log_of(a[0].u.d, loc, "log10", 1.0).u.d);
}

/* round(x): floor(x + 0.5), as SKaMPI 5. */
static sk_value bi_round(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return sk_int_value(bi_to_long(floor(a[0].u.d + 0.5), loc));
}

static sk_value bi_min_int(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return sk_int_value(a[0].u.i < a[1].u.i ? a[0].u.i : a[1].u.i);
}

static sk_value bi_max_int(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return sk_int_value(a[0].u.i > a[1].u.i ? a[0].u.i : a[1].u.i);
}

/* round_to_fivebytes(size): round_to_fourbytes(size) + 1 (SKaMPI 5's one-sided helper, so
** that transfers are not multiples of 4). */
static sk_value bi_round_to_fivebytes(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return sk_int_value((a[0].u.i + 3) / 4 * 4 + 1);
}

static sk_value bi_round_to_fourbytes(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return sk_int_value((a[0].u.i + 3) / 4 * 4);
}

static sk_value bi_atoi(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return sk_int_value(strtol(a[0].u.s, NULL, 10));
}

static sk_value bi_modulo(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  if (a[1].u.i == 0) sk_user_error(loc, "modulo by zero");
  return sk_int_value(a[0].u.i % a[1].u.i);
}

static sk_value bi_power(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  return sk_double_value(pow(a[0].u.d, a[1].u.d));
}

/* ---- derived datatypes ---- */

static const sk_datatype *bi_derived(const char *kind, long cnt, long len, long stride_bytes,
                                     const sk_datatype *old, const sk_loc *loc)
{
  sk_datatype *t;
  char name[64];
  double size = (double)cnt * len * old->size;
  double extent = cnt > 0 ? (double)(cnt - 1) * stride_bytes + (double)len * old->extent : 0.0;
  if (cnt < 0 || len < 0) sk_user_error(loc, "%s: counts must not be negative", kind);
  if (size > 1e15 || extent > 1e15 || extent < 0) sk_user_error(loc, "%s: the datatype is too large", kind);
  sprintf(name, "%.20s(%ld)", kind, cnt);
  t = sk_datatype_new(name, (size_t)size, (size_t)extent);
#ifdef SKAMPI_MPI
  if (sk_streq(kind, "mpi_type_contiguous")) MPI_Type_contiguous((int)cnt, old->mpi, &t->mpi);
  else if (sk_streq(kind, "mpi_type_vector"))
    MPI_Type_vector((int)cnt, (int)len, (int)(stride_bytes / (long)(old->extent ? old->extent : 1)), old->mpi, &t->mpi);
  else {
#if SK_MPI_REPLACED_NAMES
    MPI_Type_create_hvector((int)cnt, (int)len, (MPI_Aint)stride_bytes, old->mpi, &t->mpi);
#else
    MPI_Type_hvector((int)cnt, (int)len, (MPI_Aint)stride_bytes, old->mpi, &t->mpi);
#endif
  }
  MPI_Type_commit(&t->mpi);
#endif
  return t;
}

static sk_value bi_dt_value(const sk_datatype *t)
{
  sk_value v;
  v.type = SK_T_DATATYPE;
  v.u.dt = t;
  return v;
}

static sk_value bi_mpi_type_contiguous(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return bi_dt_value(bi_derived("mpi_type_contiguous", a[0].u.i, 1, (long)a[1].u.dt->extent, a[1].u.dt, loc));
}

static sk_value bi_mpi_type_vector(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return bi_dt_value(bi_derived("mpi_type_vector", a[0].u.i, a[1].u.i, a[2].u.i * (long)a[3].u.dt->extent, a[3].u.dt, loc));
}

static sk_value bi_mpi_type_hvector(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return bi_dt_value(bi_derived("mpi_type_hvector", a[0].u.i, a[1].u.i, a[2].u.i, a[3].u.dt, loc));
}

/* ---- arrays (SKaMPI 5 manual §4: alloc_int_array & co) ----
** Elements are numbered from 0; an index outside the array is a user error at the call. */

static size_t bi_index(const sk_value *arr, long i, const sk_loc *loc, const char *fname)
{
  size_t n = sk_array_length(arr);
  if (i < 0 || (size_t)i >= n)
    sk_user_error(loc, "%s: index %ld is outside the array (valid: 0 to %ld)", fname, i, (long)n - 1);
  return (size_t)i;
}

static size_t bi_array_size(const sk_value *a, const sk_loc *loc, const char *fname)
{
  if (a->u.i < 0) sk_user_error(loc, "%s: the size must not be negative, not %ld", fname, a->u.i);
  if (a->u.i > 1L << 24) sk_user_error(loc, "%s: size %ld is larger than %ld", fname, a->u.i, 1L << 24);
  return (size_t)a->u.i;
}

static sk_value bi_alloc_int_array(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return sk_iarray_new(bi_array_size(&a[0], loc, "alloc_int_array"));
}

static sk_value bi_alloc_datatype_array(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return sk_darray_new(bi_array_size(&a[0], loc, "alloc_datatype_array"));
}

static sk_value bi_int_array_get(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  return sk_int_value(sk_iarray_get(&a[0], bi_index(&a[0], a[1].u.i, loc, "int_array_get")));
}

/* Stores into the array itself: every copy of the value sees the change (SKaMPI 5's arrays
** are shared the same way). */
static sk_value bi_int_array_set(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  sk_value arr = a[0];
  (void)in;
  sk_iarray_set(&arr, bi_index(&a[0], a[1].u.i, loc, "int_array_set"), a[2].u.i);
  return bi_none();
}

static sk_value bi_datatype_array_get(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  const sk_datatype *t;
  (void)in;
  t = sk_darray_get(&a[0], bi_index(&a[0], a[1].u.i, loc, "datatype_array_get"));
  if (t == NULL) sk_user_error(loc, "datatype_array_get: element %ld has not been set", a[1].u.i);
  return bi_dt_value(t);
}

static sk_value bi_datatype_array_set(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  sk_value arr = a[0];
  (void)in;
  sk_darray_set(&arr, bi_index(&a[0], a[1].u.i, loc, "datatype_array_set"), a[2].u.dt);
  return bi_none();
}

/* dims_create(nnodes, dims): MPI_Dims_create on a copy of dims (SKaMPI 5 manual §4). Entries
** > 0 stay; the zeros get a balanced factorisation of what is left, largest first. Without
** MPI the same is computed here: prime factors, largest first, each multiplied into the
** free entry that is smallest so far, then the free entries sorted in decreasing order. */
static sk_value bi_dims_create(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  size_t n = sk_array_length(&a[1]), i;
  long nnodes = a[0].u.i, fixed = 1, rest, nfree = 0;
  sk_value r = sk_iarray_new(n);
  (void)in;
  if (nnodes < 1 || nnodes > INT_MAX) sk_user_error(loc, "dims_create: the number of nodes must be at least 1, not %ld", nnodes);
  if (n < 1) sk_user_error(loc, "dims_create: the dims array is empty");
  for (i = 0; i < n; i++) {
    long d = sk_iarray_get(&a[1], i);
    if (d < 0) sk_user_error(loc, "dims_create: dims[%ld] is %ld; entries must be 0 (free) or positive", (long)i, d);
    sk_iarray_set(&r, i, d);
    if (d == 0) nfree++;
    else if ((fixed *= d) > nnodes) break;
  }
  if (nnodes % fixed != 0)
    sk_user_error(loc, "dims_create: %ld nodes cannot be divided into the fixed dimensions (their product is %ld)", nnodes, fixed);
  rest = nnodes / fixed;
  if (nfree == 0) {
    if (rest != 1) sk_user_error(loc, "dims_create: the fixed dimensions multiply to %ld, not %ld", fixed, nnodes);
    return r;
  }
#ifdef SKAMPI_MPI
  {
    int *dims = (int *)sk_malloc(sizeof(int) * n);
    for (i = 0; i < n; i++) dims[i] = (int)sk_iarray_get(&r, i);
    MPI_Dims_create((int)nnodes, (int)n, dims);
    for (i = 0; i < n; i++) sk_iarray_set(&r, i, dims[i]);
    free(dims);
  }
#else
  {
    long *free_dims = (long *)sk_malloc(sizeof(long) * (size_t)nfree), *primes, np = 0, p, k;
    size_t j;
    primes = (long *)sk_malloc(sizeof(long) * 64);
    for (k = 0; k < nfree; k++) free_dims[k] = 1;
    for (p = 2; p * p <= rest; p++) while (rest % p == 0) { primes[np++] = p; rest /= p; }
    if (rest > 1) primes[np++] = rest;
    for (k = np - 1; k >= 0; k--) {             /* primes are ascending: largest first */
      long smallest = 0, m;
      for (m = 1; m < nfree; m++) if (free_dims[m] < free_dims[smallest]) smallest = m;
      free_dims[smallest] *= primes[k];
    }
    for (k = 0; k < nfree; k++)                  /* decreasing order */
      for (p = k + 1; p < nfree; p++)
        if (free_dims[p] > free_dims[k]) { long t = free_dims[k]; free_dims[k] = free_dims[p]; free_dims[p] = t; }
    for (i = 0, j = 0; i < n; i++) if (sk_iarray_get(&r, i) == 0) sk_iarray_set(&r, i, free_dims[j++]);
    free(primes);
    free(free_dims);
  }
#endif
  return r;
}

/* ---- process topologies (SKaMPI 5 manual §4: topology_cartesian, topology_graph,
** topology_graph2) ----
** A topology helper returns the communicator of the processes that MPI_Cart_create or
** MPI_Graph_create keeps (the first nnodes of c; the rest, and every process outside c,
** get MPI_COMM_NULL), ranked in the order the library chose when reorder is non-zero.
** Measurements run on a communicator with exactly that rank order; none of the
** measurement functions queries the topology itself, so the topology is not attached.
** Without MPI, or with reorder 0, the order is c's own. Every process calls these
** helpers (the interpreter runs SPMD), so the order is agreed over the world: c's rank
** 0 learns the new rank of every member of c and broadcasts the order. */

typedef struct bi_topology {
  int cartesian;           /* 1: dims/periods; 0: graph index/edges */
  int nnodes, ndims, nedges;
  int *dims, *periods;     /* cartesian */
  int *index, *edges;      /* graph (MPI_Graph_create's arrays) */
  int reorder;
} bi_topology;

static void bi_topology_free(bi_topology *t)
{
  free(t->dims); free(t->periods); free(t->index); free(t->edges);
}

/* The world ranks of the topology's processes in their new rank order (nnodes entries). */
static int *bi_topology_order(const sk_group *c, const bi_topology *t)
{
  int n = sk_tp_group_size(c), i;
  int *order = (int *)sk_malloc(sizeof(int) * (size_t)(t->nnodes > 0 ? t->nnodes : 1));
  for (i = 0; i < t->nnodes; i++) order[i] = sk_tp_group_world_rank(c, i);
#ifdef SKAMPI_MPI
  if (t->reorder) {
    int *newrank = (int *)sk_malloc(sizeof(int) * (size_t)n);
    if (sk_tp_group_rank(c) >= 0) {
      MPI_Comm base = sk_tp_group_mpi_comm(c), topo = MPI_COMM_NULL;
      int mine = -1;
      if (t->cartesian) MPI_Cart_create(base, t->ndims, t->dims, t->periods, 1, &topo);
      else MPI_Graph_create(base, t->nnodes, t->index, t->edges, 1, &topo);
      if (topo != MPI_COMM_NULL) { MPI_Comm_rank(topo, &mine); MPI_Comm_free(&topo); }
      MPI_Allgather(&mine, 1, MPI_INT, newrank, 1, MPI_INT, base);
      for (i = 0; i < n; i++)
        if (newrank[i] >= 0 && newrank[i] < t->nnodes) order[newrank[i]] = sk_tp_group_world_rank(c, i);
    }
    free(newrank);
    sk_tp_bcast(sk_tp_world(), order, sizeof(int) * (size_t)t->nnodes, sk_tp_group_world_rank(c, 0));
  }
#else
  (void)n;
#endif
  return order;
}

static sk_value bi_topology_comm(const sk_group *c, bi_topology *t)
{
  int *order = bi_topology_order(c, t);
  sk_group *g = sk_tp_group_create(order, t->nnodes);
  free(order);
  bi_topology_free(t);
  return bi_comm_value(g);
}

static const sk_group *bi_topology_base(const sk_value *c, const sk_loc *loc, const char *fname)
{
  if (c->u.comm == NULL) sk_user_error(loc, "%s of MPI_COMM_NULL", fname);
  return c->u.comm;
}

/* The graph arrays (index: cumulative degrees; edges: neighbours) checked as
** MPI_Graph_create requires them, for nnodes <= the size of c. */
static void bi_graph_check(const bi_topology *t, int csize, const sk_loc *loc, const char *fname)
{
  int i;
  if (t->nnodes < 1 || t->nnodes > csize)
    sk_user_error(loc, "%s: the graph has %d nodes; the communicator has %d processes", fname, t->nnodes, csize);
  for (i = 0; i < t->nnodes; i++)
    if (t->index[i] < (i ? t->index[i - 1] : 0))
      sk_user_error(loc, "%s: index[%d] = %d is smaller than the entry before it (index holds cumulative degrees)",
                    fname, i, t->index[i]);
  for (i = 0; i < t->nedges; i++)
    if (t->edges[i] < 0 || t->edges[i] >= t->nnodes)
      sk_user_error(loc, "%s: edge %d leads to node %d, not between 0 and %d", fname, i, t->edges[i], t->nnodes - 1);
}

/* topology_cartesian(c, dims, periodic, reorder). */
static sk_value bi_topology_cartesian(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  const sk_group *c = bi_topology_base(&a[0], loc, "topology_cartesian");
  bi_topology t;
  long product = 1;
  int i;
  (void)in;
  memset(&t, 0, sizeof t);
  t.cartesian = 1;
  t.ndims = (int)sk_array_length(&a[1]);
  if (t.ndims < 1) sk_user_error(loc, "topology_cartesian: the dims array is empty");
  if ((int)sk_array_length(&a[2]) != t.ndims)
    sk_user_error(loc, "topology_cartesian: dims has %d entries, periodic %d", t.ndims, (int)sk_array_length(&a[2]));
  t.dims = (int *)sk_malloc(sizeof(int) * (size_t)t.ndims);
  t.periods = (int *)sk_malloc(sizeof(int) * (size_t)t.ndims);
  for (i = 0; i < t.ndims; i++) {
    long d = sk_iarray_get(&a[1], (size_t)i);
    if (d < 1) sk_user_error(loc, "topology_cartesian: dims[%d] is %ld; every dimension needs at least 1 process", i, d);
    if ((product *= d) > sk_tp_group_size(c))
      sk_user_error(loc, "topology_cartesian: the grid needs more processes than the communicator's %d", sk_tp_group_size(c));
    t.dims[i] = (int)d;
    t.periods[i] = sk_iarray_get(&a[2], (size_t)i) != 0;
  }
  t.nnodes = (int)product;
  t.reorder = a[3].u.i != 0;
  return bi_topology_comm(c, &t);
}

/* topology_graph(c, index, edges, reorder): MPI_Graph_create's arrays as they are. */
static sk_value bi_topology_graph(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  const sk_group *c = bi_topology_base(&a[0], loc, "topology_graph");
  bi_topology t;
  int i;
  (void)in;
  memset(&t, 0, sizeof t);
  t.nnodes = (int)sk_array_length(&a[1]);
  t.index = (int *)sk_malloc(sizeof(int) * (size_t)(t.nnodes > 0 ? t.nnodes : 1));
  for (i = 0; i < t.nnodes; i++) t.index[i] = (int)sk_iarray_get(&a[1], (size_t)i);
  t.nedges = t.nnodes > 0 ? t.index[t.nnodes - 1] : 0;
  if (t.nedges > (int)sk_array_length(&a[2]))
    sk_user_error(loc, "topology_graph: index says %d edges, the edges array has %d", t.nedges, (int)sk_array_length(&a[2]));
  t.edges = (int *)sk_malloc(sizeof(int) * (size_t)(t.nedges > 0 ? t.nedges : 1));
  for (i = 0; i < t.nedges; i++) t.edges[i] = (int)sk_iarray_get(&a[2], (size_t)i);
  bi_graph_check(&t, sk_tp_group_size(c), loc, "topology_graph");
  t.reorder = a[3].u.i != 0;
  return bi_topology_comm(c, &t);
}

/* topology_graph2(c, graph, reorder): graph holds undirected edges as pairs {a0, b0, a1,
** b1, ...}; every process of c is a node, each pair connects both ways (a pair given
** twice counts once). */
static sk_value bi_topology_graph2(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  const sk_group *c = bi_topology_base(&a[0], loc, "topology_graph2");
  bi_topology t;
  int n = sk_tp_group_size(c), npairs = (int)(sk_array_length(&a[1]) / 2), i, j, k;
  char *adjacent;
  (void)in;
  if (sk_array_length(&a[1]) % 2 != 0)
    sk_user_error(loc, "topology_graph2: the graph array has an odd number of entries; it holds pairs of nodes");
  memset(&t, 0, sizeof t);
  t.nnodes = n;
  adjacent = (char *)sk_calloc((size_t)n * (size_t)n, 1);
  for (k = 0; k < npairs; k++) {
    long u = sk_iarray_get(&a[1], (size_t)(2 * k)), v = sk_iarray_get(&a[1], (size_t)(2 * k + 1));
    if (u < 0 || u >= n || v < 0 || v >= n)
      sk_user_error(loc, "topology_graph2: pair %d (%ld, %ld) names a node outside 0..%d", k, u, v, n - 1);
    adjacent[u * n + v] = adjacent[v * n + u] = 1;
  }
  t.index = (int *)sk_malloc(sizeof(int) * (size_t)n);
  t.edges = (int *)sk_malloc(sizeof(int) * (size_t)n * (size_t)n);
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++) if (adjacent[i * n + j]) t.edges[t.nedges++] = j;
    t.index[i] = t.nedges;
  }
  free(adjacent);
  bi_graph_check(&t, n, loc, "topology_graph2");
  t.reorder = a[2].u.i != 0;
  return bi_topology_comm(c, &t);
}

/* ---- derived datatypes from arrays (SKaMPI 5 manual §4: mpi_type_indexed & co) ----
** Built, committed and described by the library: size from MPI_Type_size; as extent the
** bytes one element spans from the buffer start (lower bound + extent), so that buffers of
** count * extent bytes hold count elements. Displacements must not be negative (the data
** would lie before the buffer). Without MPI these helpers refuse: the sequential and RCCE
** builds describe datatypes by their size only. */

#ifndef SKAMPI_MPI
static void bi_needs_mpi(const char *fname, const sk_loc *loc)
{
  sk_user_error(loc, "%s needs an MPI library, which the %s build lacks", fname, SK_BACKEND_NAME);
}
#else
static int bi_int_arg(long x, const sk_loc *loc, const char *fname, const char *what, long minimum)
{
  if (x < minimum || x > INT_MAX) sk_user_error(loc, "%s: %s %ld is out of range (at least %ld)", fname, what, x, minimum);
  return (int)x;
}

/* The elements of an IArray as ints (at least one slot), each >= minimum. */
static int *bi_int_array(const sk_value *arr, const sk_loc *loc, const char *fname, const char *what, long minimum)
{
  size_t n = sk_array_length(arr), i;
  int *v = (int *)sk_malloc(sizeof(int) * (n > 0 ? n : 1));
  for (i = 0; i < n; i++) v[i] = bi_int_arg(sk_iarray_get(arr, i), loc, fname, what, minimum);
  return v;
}

static void bi_same_length(const sk_value *x, const sk_value *y, const sk_loc *loc, const char *fname)
{
  if (sk_array_length(x) != sk_array_length(y))
    sk_user_error(loc, "%s: the arrays have different lengths (%ld and %ld)", fname, (long)sk_array_length(x),
                  (long)sk_array_length(y));
}

static const sk_datatype *bi_commit_derived(const char *fname, long n, MPI_Datatype mpi, const sk_loc *loc)
{
  sk_datatype *t;
  char name[64];
  int size = 0;
  MPI_Aint lb = 0, ext = 0;
  MPI_Type_commit(&mpi);
  MPI_Type_size(mpi, &size);
#if SK_MPI_REPLACED_NAMES
  MPI_Type_get_extent(mpi, &lb, &ext);
#else
  MPI_Type_lb(mpi, &lb);
  MPI_Type_extent(mpi, &ext);
#endif
  if (lb < 0) sk_user_error(loc, "%s: the datatype starts %ld bytes before the buffer", fname, (long)-lb);
  if (size < 0 || ext < 0) sk_user_error(loc, "%s: the datatype is too large", fname);
  sprintf(name, "%.30s(%ld)", fname, n);
  t = sk_datatype_new(name, (size_t)size, (size_t)(lb + ext));
  t->mpi = mpi;
  return t;
}

/* indexed (element displacements) and hindexed (byte displacements). */
static const sk_datatype *bi_indexed(const char *fname, int bytes, const sk_value *a, const sk_loc *loc)
{
  int n, *bl, i;
  MPI_Datatype t;
  const sk_datatype *old = a[2].u.dt;
  bi_same_length(&a[0], &a[1], loc, fname);
  n = (int)sk_array_length(&a[0]);
  bl = bi_int_array(&a[0], loc, fname, "block length", 0);
  if (!bytes) {
    int *displ = bi_int_array(&a[1], loc, fname, "displacement", 0);
    MPI_Type_indexed(n, bl, displ, old->mpi, &t);
    free(displ);
  } else {
    MPI_Aint *displ = (MPI_Aint *)sk_malloc(sizeof(MPI_Aint) * (size_t)(n > 0 ? n : 1));
    for (i = 0; i < n; i++) displ[i] = (MPI_Aint)bi_int_arg(sk_iarray_get(&a[1], (size_t)i), loc, fname, "displacement", 0);
#if SK_MPI_REPLACED_NAMES
    MPI_Type_create_hindexed(n, bl, displ, old->mpi, &t);
#else
    MPI_Type_hindexed(n, bl, displ, old->mpi, &t);
#endif
    free(displ);
  }
  free(bl);
  return bi_commit_derived(fname, n, t, loc);
}
#endif

static sk_value bi_mpi_type_indexed(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
#ifdef SKAMPI_MPI
  return bi_dt_value(bi_indexed("mpi_type_indexed", 0, a, loc));
#else
  (void)a;
  bi_needs_mpi("mpi_type_indexed", loc);
  return bi_none();
#endif
}

static sk_value bi_mpi_type_hindexed(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
#ifdef SKAMPI_MPI
  return bi_dt_value(bi_indexed("mpi_type_hindexed", 1, a, loc));
#else
  (void)a;
  bi_needs_mpi("mpi_type_hindexed", loc);
  return bi_none();
#endif
}

/* mpi_type_struct(blocklengths, byte displacements, datatypes). */
static sk_value bi_mpi_type_struct(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
#ifdef SKAMPI_MPI
  {
    const char *fname = "mpi_type_struct";
    int n, *bl, i;
    MPI_Aint *displ;
    MPI_Datatype *types, t;
    bi_same_length(&a[0], &a[1], loc, fname);
    bi_same_length(&a[0], &a[2], loc, fname);
    n = (int)sk_array_length(&a[0]);
    bl = bi_int_array(&a[0], loc, fname, "block length", 0);
    displ = (MPI_Aint *)sk_malloc(sizeof(MPI_Aint) * (size_t)(n > 0 ? n : 1));
    types = (MPI_Datatype *)sk_malloc(sizeof(MPI_Datatype) * (size_t)(n > 0 ? n : 1));
    for (i = 0; i < n; i++) {
      const sk_datatype *dt = sk_darray_get(&a[2], (size_t)i);
      if (dt == NULL) sk_user_error(loc, "%s: element %d of the datatype array has not been set", fname, i);
      types[i] = dt->mpi;
      displ[i] = (MPI_Aint)bi_int_arg(sk_iarray_get(&a[1], (size_t)i), loc, fname, "displacement", 0);
    }
#if SK_MPI_REPLACED_NAMES
    MPI_Type_create_struct(n, bl, displ, types, &t);
#else
    MPI_Type_struct(n, bl, displ, types, &t);
#endif
    free(bl);
    free(displ);
    free(types);
    return bi_dt_value(bi_commit_derived(fname, n, t, loc));
  }
#else
  (void)a;
  bi_needs_mpi("mpi_type_struct", loc);
  return bi_none();
#endif
}

/* mpi_type_create_subarray and mpi_type_create_darray: MPI-2, C order. */
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2 && defined(MPI_ORDER_C)
#define BI_HAVE_SUBARRAY 1
#else
#define BI_HAVE_SUBARRAY 0
static void bi_needs_mpi2(const char *fname, const sk_loc *loc)
{
#ifdef SKAMPI_MPI
  sk_user_error(loc, "%s needs MPI-2, and this build uses MPI-1.1 only", fname);
#else
  bi_needs_mpi(fname, loc);
#endif
}
#endif

static sk_value bi_mpi_type_create_subarray(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
#if BI_HAVE_SUBARRAY
  {
    const char *fname = "mpi_type_create_subarray";
    int n, *sizes, *subsizes, *starts, i;
    MPI_Datatype t;
    bi_same_length(&a[0], &a[1], loc, fname);
    bi_same_length(&a[0], &a[2], loc, fname);
    n = (int)sk_array_length(&a[0]);
    if (n < 1) sk_user_error(loc, "%s: the arrays are empty", fname);
    sizes = bi_int_array(&a[0], loc, fname, "size", 1);
    subsizes = bi_int_array(&a[1], loc, fname, "subsize", 1);
    starts = bi_int_array(&a[2], loc, fname, "start", 0);
    for (i = 0; i < n; i++)
      if (subsizes[i] > sizes[i] || starts[i] > sizes[i] - subsizes[i])
        sk_user_error(loc, "%s: in dimension %d the subarray (start %d, size %d) does not fit into size %d", fname, i,
                      starts[i], subsizes[i], sizes[i]);
    MPI_Type_create_subarray(n, sizes, subsizes, starts, MPI_ORDER_C, a[3].u.dt->mpi, &t);
    free(sizes);
    free(subsizes);
    free(starts);
    return bi_dt_value(bi_commit_derived(fname, n, t, loc));
  }
#else
  (void)a;
  bi_needs_mpi2("mpi_type_create_subarray", loc);
  return bi_none();
#endif
}

static sk_value bi_mpi_type_create_darray(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
#if BI_HAVE_SUBARRAY
  {
    const char *fname = "mpi_type_create_darray";
    int n, size, rank, *gsizes, *distribs, *dargs, *psizes, i;
    long procs = 1;
    MPI_Datatype t;
    size = bi_int_arg(a[0].u.i, loc, fname, "size", 1);
    rank = bi_int_arg(a[1].u.i, loc, fname, "rank", 0);
    if (rank >= size) sk_user_error(loc, "%s: rank %d is not below size %d", fname, rank, size);
    bi_same_length(&a[2], &a[3], loc, fname);
    bi_same_length(&a[2], &a[4], loc, fname);
    bi_same_length(&a[2], &a[5], loc, fname);
    n = (int)sk_array_length(&a[2]);
    if (n < 1) sk_user_error(loc, "%s: the arrays are empty", fname);
    gsizes = bi_int_array(&a[2], loc, fname, "global size", 1);
    distribs = bi_int_array(&a[3], loc, fname, "distribution", INT_MIN);
    dargs = bi_int_array(&a[4], loc, fname, "distribution argument", INT_MIN);
    psizes = bi_int_array(&a[5], loc, fname, "process grid size", 1);
    for (i = 0; i < n; i++) {
      if (distribs[i] != MPI_DISTRIBUTE_BLOCK && distribs[i] != MPI_DISTRIBUTE_CYCLIC && distribs[i] != MPI_DISTRIBUTE_NONE)
        sk_user_error(loc, "%s: distribution %d is not MPI_DISTRIBUTE_BLOCK, _CYCLIC or _NONE", fname, distribs[i]);
      if (dargs[i] != MPI_DISTRIBUTE_DFLT_DARG && dargs[i] < 1)
        sk_user_error(loc, "%s: distribution argument %d must be positive or MPI_DISTRIBUTE_DFLT_DARG", fname, dargs[i]);
      if (distribs[i] == MPI_DISTRIBUTE_NONE && psizes[i] != 1)
        sk_user_error(loc, "%s: dimension %d is not distributed, so its process grid size must be 1", fname, i);
      if (distribs[i] == MPI_DISTRIBUTE_BLOCK && dargs[i] != MPI_DISTRIBUTE_DFLT_DARG &&
          (long)dargs[i] * psizes[i] < gsizes[i])
        sk_user_error(loc, "%s: in dimension %d blocks of %d on %d processes do not cover %d elements", fname, i,
                      dargs[i], psizes[i], gsizes[i]);
      procs *= psizes[i];
      if (procs > size) break;
    }
    if (procs != size) sk_user_error(loc, "%s: the process grid sizes do not multiply to %d", fname, size);
    MPI_Type_create_darray(size, rank, n, gsizes, distribs, dargs, psizes, MPI_ORDER_C, a[6].u.dt->mpi, &t);
    free(gsizes);
    free(distribs);
    free(dargs);
    free(psizes);
    return bi_dt_value(bi_commit_derived(fname, n, t, loc));
  }
#else
  (void)a;
  bi_needs_mpi2("mpi_type_create_darray", loc);
  return bi_none();
#endif
}

/* ---- info objects ---- */

static sk_value bi_info_create(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  sk_value v;
  (void)in; (void)a; (void)loc;
  v.type = SK_T_INFO;
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  v.u.info = sk_malloc(sizeof(MPI_Info));
  MPI_Info_create((MPI_Info *)v.u.info);
#else
  v.u.info = sk_malloc(1);   /* a token: info objects have no effect without MPI-2 */
#endif
  return v;
}

static sk_value bi_info_free(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  if (a[0].u.info == NULL) return bi_none();
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  MPI_Info_free((MPI_Info *)a[0].u.info);
#endif
  return bi_none();          /* the handle memory stays: copies of the value may live on */
}

static sk_value bi_info_set(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in;
  if (a[0].u.info == NULL) sk_user_error(loc, "info_set on MPI_INFO_NULL");
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  MPI_Info_set(*(MPI_Info *)a[0].u.info, (char *)a[1].u.s, (char *)a[2].u.s);
#else
  (void)a;
#endif
  return bi_none();
}

/* ---- synchronisation and accounting ---- */

static sk_value bi_choose_no_synchronization(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  in->settings.sync.method = SK_SYNC_NONE;
  return bi_none();
}

static sk_value bi_choose_barrier_synchronization(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  in->settings.sync.method = SK_SYNC_BARRIER;
  return bi_none();
}

static sk_value bi_choose_real_synchronization(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  in->settings.sync.method = SK_SYNC_REAL;
  return bi_none();
}

static sk_value bi_choose_offset_estimation_linear(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  in->settings.sync.offset_method = SK_OFFSETS_LINEAR;   /* estimates by another method are stale */
  return bi_none();
}

static sk_value bi_choose_offset_estimation_hca(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  in->settings.sync.offset_method = SK_OFFSETS_HCA;   /* estimates by another method are stale */
  return bi_none();
}

static sk_value bi_set_clock_offset_max_age(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  if (a[0].u.d <= 0.0) sk_user_error(loc, "set_clock_offset_max_age: the age must be positive (seconds)");
  in->settings.sync.max_offset_age = a[0].u.d;
  return bi_none();
}

static sk_value bi_resynchronize_clocks(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)a; (void)loc;
  sk_sync_invalidate_offsets();
  return bi_none();
}

static sk_value bi_init_time_accounting(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  in->time_accounting = 1;
  in->time_in_measurements = 0.0;
  in->run_started = sk_tp_wtime();
  return bi_none();
}

static sk_value bi_print_time_accounting_info(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  if (sk_tp_world_rank() == 0) {
    sk_str s;
    sk_str_init(&s);
    sk_str_printf(&s, "# time accounting: %.3f s in %ld measurements, %.3f s in total\n",
                  in->time_in_measurements, in->measurements, sk_tp_wtime() - in->run_started);
    sk_out_text(s.data);
    sk_str_free(&s);
  }
  return bi_none();
}

/* output_comment("text"): a '# text' line in the output (SKaMPI 4's free-text
** sections USER, MACHINE, ... land in the output this way). */
static sk_value bi_output_comment(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  if (sk_tp_world_rank() == 0) {
    sk_str s;
    sk_str_init(&s);
    sk_str_printf(&s, "# %s\n", a[0].u.s);
    sk_out_text(s.data);
    sk_str_free(&s);
  }
  return bi_none();
}

/* merge_with_backups(): when the run has finished, its output file and the earlier runs
** kept as OUT.1, OUT.2, ... are merged into OUT (SKaLib §3.4.3, SKaMPI 4's post
** processing; @POSTPROC yes in a parameter file calls it); the run stays as a backup. */
static sk_value bi_merge_with_backups(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  in->merge_backups = 1;
  return bi_none();
}

/* Verification of the portable broadcasts (meas_bcast_algos.c): every process checks
** after each call that it holds exactly the root's bytes; a mismatch stops the run. */
/* The switch_X_on / switch_X_off helpers: a setting the following blocks read. `missing`:
** NULL where the build has what the setting needs, else why switching on is refused. */
static sk_value bi_switch(int *setting, int on, const char *missing, const sk_loc *loc)
{
  if (on && missing) sk_user_error(loc, "%s", missing);
  *setting = on;
  return bi_none();
}

static sk_value bi_switch_verification_on(sk_interp *in, const sk_value *a, const sk_loc *loc)
{ (void)a; return bi_switch(&in->settings.verify, 1, NULL, loc); }
static sk_value bi_switch_verification_off(sk_interp *in, const sk_value *a, const sk_loc *loc)
{ (void)a; return bi_switch(&in->settings.verify, 0, NULL, loc); }

/* MPI_T performance variables (mpit.h) and PERUSE events (peruse.h) beside every result. */
static const char *const bi_no_mpit = SK_HAVE_MPIT ? NULL
  : "switch_mpit_on: this build has no MPI_T (build with -DSKAMPI_MPIT against an MPI 3 library)";
static const char *const bi_no_peruse = SK_HAVE_PERUSE ? NULL
  : "switch_peruse_on: this build has no PERUSE (build with -DSKAMPI_PERUSE against an MPI library that "
    "has peruse.h, e.g. one made by tools/peruse/build-openmpi.sh)";

static sk_value bi_switch_mpit_on(sk_interp *in, const sk_value *a, const sk_loc *loc)
{ (void)a; return bi_switch(&in->settings.mpit, 1, bi_no_mpit, loc); }
static sk_value bi_switch_mpit_off(sk_interp *in, const sk_value *a, const sk_loc *loc)
{ (void)a; return bi_switch(&in->settings.mpit, 0, bi_no_mpit, loc); }
static sk_value bi_switch_peruse_on(sk_interp *in, const sk_value *a, const sk_loc *loc)
{ (void)a; return bi_switch(&in->settings.peruse, 1, bi_no_peruse, loc); }
static sk_value bi_switch_peruse_off(sk_interp *in, const sk_value *a, const sk_loc *loc)
{ (void)a; return bi_switch(&in->settings.peruse, 0, bi_no_peruse, loc); }

/* ---- MPI-IO settings (SKaMPI 6 io.c; sk_settings.io, used by meas_mpi_io.c) ---- */

/* set_io_working_dir(dir): the directory of the test files; it must exist. */
static sk_value bi_set_io_working_dir(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
#if SK_HAVE_MPI_IO
  struct stat st;
  if (stat(a[0].u.s, &st) != 0 || !S_ISDIR(st.st_mode))
    sk_user_error(loc, "set_io_working_dir: '%s' is no directory", a[0].u.s);
#else
  (void)loc;
#endif
  in->settings.io.dir = a[0].u.s;
  return bi_none();
}

static sk_value bi_get_io_working_dir(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
#if SK_HAVE_MPI_IO
  return bi_string_value(sk_io_dir(in->settings.io.dir));
#else
  return bi_string_value(in->settings.io.dir ? in->settings.io.dir : "");
#endif
}

static sk_value bi_set_io_datarep(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  if (!sk_streq(a[0].u.s, "native") && !sk_streq(a[0].u.s, "internal") && !sk_streq(a[0].u.s, "external32"))
    sk_user_error(loc, "set_io_datarep: '%s' is none of native, internal, external32", a[0].u.s);
  in->settings.io.datarep = a[0].u.s;
  return bi_none();
}

static sk_value bi_get_io_datarep(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  return bi_string_value(in->settings.io.datarep);
}

/* The flags: set_io_X(flag) stores flag != 0, get_io_X() returns it. */
#define BI_IO_FLAG(X) \
  static sk_value bi_set_io_##X(sk_interp *in, const sk_value *a, const sk_loc *loc) \
  { (void)loc; in->settings.io.X = a[0].u.i != 0; return bi_none(); } \
  static sk_value bi_get_io_##X(sk_interp *in, const sk_value *a, const sk_loc *loc) \
  { (void)a; (void)loc; return sk_int_value(in->settings.io.X); }
BI_IO_FLAG(atomicity)
BI_IO_FLAG(preallocation)
BI_IO_FLAG(unique_open)
BI_IO_FLAG(file_sync)

/* set_file_info(key, value): one more hint for every open of the MPI-IO measurements
** (a key given again gets the new value); reset_file_info() forgets them. */
static sk_value bi_set_file_info(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  sk_io_config *io = &in->settings.io;
  int i;
  for (i = 0; i < io->n_hints; i++) if (sk_streq(io->hint_key[i], a[0].u.s)) break;
  if (i == SK_IO_MAX_HINTS) sk_user_error(loc, "set_file_info: more than %d hints", SK_IO_MAX_HINTS);
  io->hint_key[i] = a[0].u.s;
  io->hint_value[i] = a[1].u.s;
  if (i == io->n_hints) io->n_hints++;
  return bi_none();
}

static sk_value bi_reset_file_info(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  in->settings.io.n_hints = 0;
  return bi_none();
}

static void bi_write_text(const char *text) { sk_out_text(text); }

/* print_file_info(): every process opens a scratch file of the working directory on
** MPI_COMM_WORLD (delete on close) with the hints and prints the hints the library
** reports as "#P[rank] key = value" lines, in rank order. */
static sk_value bi_print_file_info(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  sk_str mine;
  int rank = sk_tp_world_rank();
  (void)a; (void)loc;
  sk_str_init(&mine);
#if SK_HAVE_MPI_IO
  {
    const sk_io_config *io = &in->settings.io;
    char path[600], key[MPI_MAX_INFO_KEY + 1], value[1024];
    MPI_Info hints = MPI_INFO_NULL, used;
    MPI_File fh;
    int i, n, flag;
    if (io->n_hints > 0) MPI_Info_create(&hints);
    for (i = 0; i < io->n_hints; i++) MPI_Info_set(hints, (char *)io->hint_key[i], (char *)io->hint_value[i]);
    sk_io_new_name(MPI_COMM_WORLD, io->dir, "info", 0, path, sizeof path);
    if (MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, hints, &fh)
        == MPI_SUCCESS) {
      MPI_File_get_info(fh, &used);
      MPI_Info_get_nkeys(used, &n);
      for (i = 0; i < n; i++) {
        MPI_Info_get_nthkey(used, i, key);
        MPI_Info_get(used, key, (int)sizeof value - 1, value, &flag);
        sk_str_printf(&mine, "#P[%d] %s = %s\n", rank, key, flag ? value : "");
      }
      if (n == 0) sk_str_printf(&mine, "#P[%d] (no hints)\n", rank);
      MPI_Info_free(&used);
      MPI_File_close(&fh);
    } else {
      sk_str_printf(&mine, "#P[%d] print_file_info: cannot open %s\n", rank, path);
    }
    sk_io_forget(path);
    if (hints != MPI_INFO_NULL) MPI_Info_free(&hints);
  }
#else
  (void)in;
  sk_str_printf(&mine, "#P[%d] print_file_info: this build has no MPI-IO\n", rank);
#endif
  sk_engine_collect_text(mine.data ? mine.data : "", bi_write_text);
  sk_str_free(&mine);
  return bi_none();
}

/* print_data_access_settings(daccess, flag): the output rank decodes daccess and names
** the read routine (flag bit 1) and the write routine (flag bit 2). */
static sk_value bi_print_data_access_settings(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  (void)in; (void)loc;
  if (sk_tp_world_rank() == 0) {
    sk_str s;
    sk_str_init(&s);
    sk_io_describe_class(&s, a[0].u.i, a[1].u.i);
    sk_out_text(s.data);
    sk_str_free(&s);
  }
  return bi_none();
}

/* int_array_allgather(comm, v): every member's v, indexed by its rank in comm (an empty
** array outside comm). */
static sk_value bi_int_array_allgather(sk_interp *in, const sk_value *a, const sk_loc *loc)
{
  sk_group *g = a[0].u.comm;
  sk_value v;
  double mine, *all;
  int i, n;
  (void)in; (void)loc;
  if (bi_is_null(g)) return sk_iarray_new(0);
  n = sk_tp_group_size(g);
  all = (double *)sk_malloc(sizeof(double) * (size_t)n);
  mine = (double)a[1].u.i;
  sk_tp_gather_doubles(g, &mine, 1, all, 0);
  sk_tp_bcast(g, all, sizeof(double) * (size_t)n, 0);
  v = sk_iarray_new((size_t)n);
  for (i = 0; i < n; i++) sk_iarray_set(&v, (size_t)i, (long)all[i]);
  free(all);
  return v;
}

static const sk_builtin builtin_table[] = {
  { "switch_verification_on", "", SK_T_NONE, bi_switch_verification_on },
  { "switch_verification_off", "", SK_T_NONE, bi_switch_verification_off },
  { "switch_mpit_on", "", SK_T_NONE, bi_switch_mpit_on },
  { "switch_mpit_off", "", SK_T_NONE, bi_switch_mpit_off },
  { "switch_peruse_on", "", SK_T_NONE, bi_switch_peruse_on },
  { "switch_peruse_off", "", SK_T_NONE, bi_switch_peruse_off },
  { "output_comment", "s", SK_T_NONE, bi_output_comment },
  { "merge_with_backups", "", SK_T_NONE, bi_merge_with_backups },
  { "set_min_repetitions", "i", SK_T_NONE, bi_set_min_repetitions },
  { "set_max_repetitions", "i", SK_T_NONE, bi_set_max_repetitions },
  { "set_max_relative_standard_error", "d", SK_T_NONE, bi_set_max_relative_standard_error },
  { "set_max_nr_node_times", "i", SK_T_NONE, bi_set_max_nr_node_times },
  { "set_cut_quantile", "d", SK_T_NONE, bi_set_cut_quantile },
  { "set_result_statistic", "s", SK_T_NONE, bi_set_result_statistic },
  { "set_time_limit_per_measurement", "d", SK_T_NONE, bi_set_time_limit_per_measurement },
  { "set_time_limit_per_suite", "d", SK_T_NONE, bi_set_time_limit_per_suite },
  { "set_autorefine_max_error", "d", SK_T_NONE, bi_set_autorefine_max_error },
  { "set_autorefine_min_distance", "d", SK_T_NONE, bi_set_autorefine_min_distance },
  { "set_autorefine_max_steps", "i", SK_T_NONE, bi_set_autorefine_max_steps },
  { "set_skampi_buffer", "i", SK_T_NONE, bi_set_skampi_buffer },
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  { "set_skampi_buffer_mpi_alloc_mem", "in", SK_T_NONE, bi_set_skampi_buffer_mpi_alloc_mem },
#endif
  { "use_mpi_alloc_mem", "i", SK_T_NONE, bi_use_mpi_alloc_mem },
  { "set_mpi_alloc_mem_info", "n", SK_T_NONE, bi_set_mpi_alloc_mem_info },
  { "get_mpi_alloc_mem_info", "", SK_T_INFO, bi_get_mpi_alloc_mem_info },
  { "set_unit", "d", SK_T_NONE, bi_set_unit },
  { "set_autorefine_factor", "d", SK_T_NONE, bi_set_autorefine_factor },
  { "get_random_int", "ii", SK_T_INT, bi_get_random_int },
  { "get_env", "s", SK_T_STRING, bi_get_env },
  { "mpi_processor_names", "", SK_T_STRING, bi_mpi_processor_names },
  { "get_comm_rank", "c", SK_T_INT, bi_get_comm_rank },
  { "is_mpi_comm_null", "c", SK_T_INT, bi_is_mpi_comm_null },
  { "last_proc", "", SK_T_INT, bi_last_proc },
  { "comm4", "iiii", SK_T_COMM, bi_comm4 },
  { "comm_from_to", "ii", SK_T_COMM, bi_comm_from_to },
  { "comm_rand", "i", SK_T_COMM, bi_comm_rand },
  { "log", "d", SK_T_DOUBLE, bi_log },
  { "log2", "d", SK_T_DOUBLE, bi_log2 },
  { "log10", "d", SK_T_DOUBLE, bi_log10 },
  { "round", "d", SK_T_INT, bi_round },
  { "min_int", "ii", SK_T_INT, bi_min_int },
  { "max_int", "ii", SK_T_INT, bi_max_int },
  { "round_to_fivebytes", "i", SK_T_INT, bi_round_to_fivebytes },
  { "switch_buffer_cycling_on", "", SK_T_NONE, bi_switch_buffer_cycling_on },
  { "switch_buffer_cycling_off", "", SK_T_NONE, bi_switch_buffer_cycling_off },
  { "set_send_buffer_alignment", "i", SK_T_NONE, bi_set_send_buffer_alignment },
  { "set_recv_buffer_alignment", "i", SK_T_NONE, bi_set_recv_buffer_alignment },
  { "set_cache_size", "i", SK_T_NONE, bi_set_cache_size },
  { "get_comm_size", "c", SK_T_INT, bi_get_comm_size },
  { "get_np", "", SK_T_INT, bi_get_np },
  { "comm2_max_latency_with_root", "", SK_T_COMM, bi_comm2_max_latency_with_root },
  { "comm2_min_latency_with_root", "", SK_T_COMM, bi_comm2_min_latency_with_root },
  { "comm", "i", SK_T_COMM, bi_comm },
  { "comm2", "ii", SK_T_COMM, bi_comm2 },
  { "copy_comm", "c", SK_T_COMM, bi_copy_comm },
  { "comm_first_half", "c", SK_T_COMM, bi_comm_first_half },
  { "comm_second_half", "c", SK_T_COMM, bi_comm_second_half },
  { "sqrt", "d", SK_T_DOUBLE, bi_sqrt },
  { "cbrt", "d", SK_T_DOUBLE, bi_cbrt },
  { "sqr", "d", SK_T_DOUBLE, bi_sqr },
  { "floor", "d", SK_T_INT, bi_floor },
  { "ceil", "d", SK_T_INT, bi_ceil },
  { "round_to_fourbytes", "i", SK_T_INT, bi_round_to_fourbytes },
  { "atoi", "s", SK_T_INT, bi_atoi },
  { "modulo", "ii", SK_T_INT, bi_modulo },
  { "power", "dd", SK_T_DOUBLE, bi_power },
  { "mpi_type_contiguous", "it", SK_T_DATATYPE, bi_mpi_type_contiguous },
  { "mpi_type_vector", "iiit", SK_T_DATATYPE, bi_mpi_type_vector },
  { "mpi_type_hvector", "iiit", SK_T_DATATYPE, bi_mpi_type_hvector },
  { "mpi_type_indexed", "aat", SK_T_DATATYPE, bi_mpi_type_indexed },
  { "mpi_type_hindexed", "aat", SK_T_DATATYPE, bi_mpi_type_hindexed },
  { "mpi_type_struct", "aae", SK_T_DATATYPE, bi_mpi_type_struct },
  { "mpi_type_create_subarray", "aaat", SK_T_DATATYPE, bi_mpi_type_create_subarray },
  { "mpi_type_create_darray", "iiaaaat", SK_T_DATATYPE, bi_mpi_type_create_darray },
  { "alloc_int_array", "i", SK_T_IARRAY, bi_alloc_int_array },
  { "int_array_get", "ai", SK_T_INT, bi_int_array_get },
  { "int_array_set", "aii", SK_T_NONE, bi_int_array_set },
  { "alloc_datatype_array", "i", SK_T_DARRAY, bi_alloc_datatype_array },
  { "datatype_array_get", "ei", SK_T_DATATYPE, bi_datatype_array_get },
  { "datatype_array_set", "eit", SK_T_NONE, bi_datatype_array_set },
  { "dims_create", "ia", SK_T_IARRAY, bi_dims_create },
  { "topology_cartesian", "caai", SK_T_COMM, bi_topology_cartesian },
  { "topology_graph", "caai", SK_T_COMM, bi_topology_graph },
  { "topology_graph2", "cai", SK_T_COMM, bi_topology_graph2 },
  { "info_create", "", SK_T_INFO, bi_info_create },
  { "info_free", "n", SK_T_NONE, bi_info_free },
  { "info_set", "nss", SK_T_NONE, bi_info_set },
  { "choose_no_synchronization", "", SK_T_NONE, bi_choose_no_synchronization },
  { "choose_barrier_synchronization", "", SK_T_NONE, bi_choose_barrier_synchronization },
  { "choose_real_synchronization", "", SK_T_NONE, bi_choose_real_synchronization },
  { "choose_offset_estimation_linear", "", SK_T_NONE, bi_choose_offset_estimation_linear },
  { "choose_offset_estimation_hca", "", SK_T_NONE, bi_choose_offset_estimation_hca },
  { "set_clock_offset_max_age", "d", SK_T_NONE, bi_set_clock_offset_max_age },
  { "resynchronize_clocks", "", SK_T_NONE, bi_resynchronize_clocks },
  { "init_time_accounting", "", SK_T_NONE, bi_init_time_accounting },
  { "print_time_accounting_info", "", SK_T_NONE, bi_print_time_accounting_info },
  { "set_io_working_dir", "s", SK_T_NONE, bi_set_io_working_dir },
  { "get_io_working_dir", "", SK_T_STRING, bi_get_io_working_dir },
  { "set_io_datarep", "s", SK_T_NONE, bi_set_io_datarep },
  { "get_io_datarep", "", SK_T_STRING, bi_get_io_datarep },
  { "set_io_atomicity", "i", SK_T_NONE, bi_set_io_atomicity },
  { "get_io_atomicity", "", SK_T_INT, bi_get_io_atomicity },
  { "set_io_preallocation", "i", SK_T_NONE, bi_set_io_preallocation },
  { "get_io_preallocation", "", SK_T_INT, bi_get_io_preallocation },
  { "set_io_unique_open", "i", SK_T_NONE, bi_set_io_unique_open },
  { "get_io_unique_open", "", SK_T_INT, bi_get_io_unique_open },
  { "set_io_file_sync", "i", SK_T_NONE, bi_set_io_file_sync },
  { "get_io_file_sync", "", SK_T_INT, bi_get_io_file_sync },
  { "set_file_info", "ss", SK_T_NONE, bi_set_file_info },
  { "reset_file_info", "", SK_T_NONE, bi_reset_file_info },
  { "print_file_info", "", SK_T_NONE, bi_print_file_info },
  { "print_data_access_settings", "ii", SK_T_NONE, bi_print_data_access_settings },
  { "int_array_allgather", "ci", SK_T_IARRAY, bi_int_array_allgather },
  { NULL, NULL, SK_T_NONE, NULL }
};

/* The tables of the measurement modules that export builtins (builtins.h). */
static const sk_builtin_table_fn builtin_module_tables[] = {
  sk_builtins_bcast_algos,
  NULL
};

SK_API const sk_builtin *sk_builtin_find(const char *name)
{
  int i, t;
  for (i = 0; builtin_table[i].name; i++) if (sk_streq(builtin_table[i].name, name)) return &builtin_table[i];
  for (t = 0; builtin_module_tables[t]; t++) {
    const sk_builtin *tab = builtin_module_tables[t]();
    for (i = 0; tab[i].name; i++) if (sk_streq(tab[i].name, name)) return &tab[i];
  }
  return NULL;
}

/* ---- iterators (SKaMPI 5 manual §4.2, §6.3) ---- */

typedef struct it_state { long next, end, k; } it_state;

/* range(start, end): start, start+1, ..., end-1 (SKaMPI 5 manual §6.3's example). */
static sk_value it_range(void **self, const sk_value *a)
{
  it_state *st = (it_state *)*self;
  if (st == NULL) {
    if (a[0].u.i >= a[1].u.i) { *self = NULL; return sk_int_value(0); }
    st = (it_state *)sk_malloc(sizeof *st);
    st->next = a[0].u.i + 1;
    st->end = a[1].u.i;
    *self = st;
    return sk_int_value(a[0].u.i);
  }
  if (st->next >= st->end) { free(st); *self = NULL; return sk_int_value(0); }
  return sk_int_value(st->next++);
}

/* squares(first, last): k*k for k = first, first+1, ..., last (state malloc'ed, so
** squares loops nest). */
static sk_value it_squares(void **self, const sk_value *a)
{
  it_state *st = (it_state *)*self;
  if (st == NULL) {
    if (a[0].u.i > a[1].u.i) { *self = NULL; return sk_int_value(0); }
    st = (it_state *)sk_malloc(sizeof *st);
    st->k = a[0].u.i;
    st->end = a[1].u.i;
    *self = st;
    return sk_int_value(st->k * st->k);
  }
  if (++st->k > st->end) { free(st); *self = NULL; return sk_int_value(0); }
  return sk_int_value(st->k * st->k);
}

/* data_access_routines(pattern): the data access classes c with (pattern & c) == c, in
** the order of io_daccess.h; from the second value on, the output rank writes the
** duration of the previous pass ("# duration <s> sec", as SKaMPI 6). */
typedef struct it_daccess { int next; double started; } it_daccess;

static sk_value it_data_access_routines(void **self, const sk_value *a)
{
  it_daccess *st = (it_daccess *)*self;
  if (st == NULL) {
    st = (it_daccess *)sk_malloc(sizeof *st);
    st->next = 0;
    *self = st;
  } else if (sk_tp_world_rank() == 0) {
    sk_str s;
    sk_str_init(&s);
    sk_str_printf(&s, "# duration %.2f sec\n", sk_tp_wtime() - st->started);
    sk_out_text(s.data);
    sk_str_free(&s);
  }
  while (st->next < SK_IO_CLASSES && (a[0].u.i & sk_io_class(st->next)) != sk_io_class(st->next)) st->next++;
  if (st->next >= SK_IO_CLASSES) { free(st); *self = NULL; return sk_int_value(0); }
  st->started = sk_tp_wtime();
  return sk_int_value(sk_io_class(st->next++));
}

static const sk_iterator iterator_table[] = {
  { "range", "ii", it_range },
  { "squares", "ii", it_squares },
  { "data_access_routines", "i", it_data_access_routines },
  { NULL, NULL, NULL }
};

SK_API const sk_iterator *sk_iterator_find(const char *name)
{
  int i;
  for (i = 0; iterator_table[i].name; i++) if (sk_streq(iterator_table[i].name, name)) return &iterator_table[i];
  return NULL;
}

/* ---- constants (SKaMPI 5 manual §5.2) ----
** Integer constants come from the library where it declares them (window constants from
** MPI-2 on, file and darray constants where the library has MPI-IO); elsewhere the names
** stay known so that sk_constant_unavailable can say why they cannot be used. */

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
#define BI_HAVE_WIN 1
#else
#define BI_HAVE_WIN 0
#endif
#if BI_HAVE_WIN && defined(MPI_MODE_RDONLY) && defined(MPI_DISTRIBUTE_BLOCK) && defined(MPI_ORDER_C)
#define BI_HAVE_IO 1
#else
#define BI_HAVE_IO 0
#endif
#if defined(SKAMPI_MPI) && defined(MPI_LB) && defined(MPI_UB) && (!defined(MPI_VERSION) || MPI_VERSION < 3)
#define BI_HAVE_LB_UB 1
#else
#define BI_HAVE_LB_UB 0
#endif

typedef struct bi_int_constant { const char *name; long value; } bi_int_constant;

static const bi_int_constant bi_ints[] = {
#ifdef SKAMPI_MPI
  { "MPI_UNDEFINED", MPI_UNDEFINED },
#else
  { "MPI_UNDEFINED", -32766 },
#endif
#if BI_HAVE_WIN
  { "MPI_LOCK_EXCLUSIVE", MPI_LOCK_EXCLUSIVE }, { "MPI_LOCK_SHARED", MPI_LOCK_SHARED },
  { "MPI_MODE_NOCHECK", MPI_MODE_NOCHECK }, { "MPI_MODE_NOPRECEDE", MPI_MODE_NOPRECEDE },
  { "MPI_MODE_NOPUT", MPI_MODE_NOPUT }, { "MPI_MODE_NOSTORE", MPI_MODE_NOSTORE },
  { "MPI_MODE_NOSUCCEED", MPI_MODE_NOSUCCEED },
#endif
#if BI_HAVE_IO
  { "MPI_MODE_APPEND", MPI_MODE_APPEND }, { "MPI_MODE_CREATE", MPI_MODE_CREATE },
  { "MPI_MODE_DELETE_ON_CLOSE", MPI_MODE_DELETE_ON_CLOSE }, { "MPI_MODE_EXCL", MPI_MODE_EXCL },
  { "MPI_MODE_RDONLY", MPI_MODE_RDONLY }, { "MPI_MODE_RDWR", MPI_MODE_RDWR },
  { "MPI_MODE_SEQUENTIAL", MPI_MODE_SEQUENTIAL }, { "MPI_MODE_UNIQUE_OPEN", MPI_MODE_UNIQUE_OPEN },
  { "MPI_MODE_WRONLY", MPI_MODE_WRONLY },
  { "MPI_DISTRIBUTE_BLOCK", MPI_DISTRIBUTE_BLOCK }, { "MPI_DISTRIBUTE_CYCLIC", MPI_DISTRIBUTE_CYCLIC },
  { "MPI_DISTRIBUTE_NONE", MPI_DISTRIBUTE_NONE }, { "MPI_DISTRIBUTE_DFLT_DARG", MPI_DISTRIBUTE_DFLT_DARG },
  { "MPI_ORDER_C", MPI_ORDER_C }, { "MPI_ORDER_FORTRAN", MPI_ORDER_FORTRAN },
#endif
  { NULL, 0 }
};

#if BI_HAVE_LB_UB
static sk_datatype bi_lb = { "MPI_LB", 0, 0, MPI_LB }, bi_ub = { "MPI_UB", 0, 0, MPI_UB };
#endif

SK_API int sk_constant_find(const char *name, sk_value *out)
{
  int i;
  const sk_datatype *dt;
  const sk_opdef *op;
  if (strncmp(name, "MPI_", 4) != 0) return 0;
  if (sk_streq(name, "MPI_COMM_WORLD")) { *out = bi_comm_value(sk_tp_world()); return 1; }
  if (sk_streq(name, "MPI_COMM_NULL")) { *out = bi_comm_value(NULL); return 1; }
  /* MPI_COMM_SELF: every process alone; a measurement on it runs on every process at the
  ** same time, and world rank 0's result is reported (as the original SKaMPI does). */
  if (sk_streq(name, "MPI_COMM_SELF")) { *out = bi_comm_value(sk_tp_self()); return 1; }
  if (sk_streq(name, "MPI_INFO_NULL")) { out->type = SK_T_INFO; out->u.info = NULL; return 1; }
  for (i = 0; bi_ints[i].name; i++) if (sk_streq(bi_ints[i].name, name)) { *out = sk_int_value(bi_ints[i].value); return 1; }
#if BI_HAVE_LB_UB
  if (sk_streq(name, "MPI_LB")) { *out = bi_dt_value(&bi_lb); return 1; }
  if (sk_streq(name, "MPI_UB")) { *out = bi_dt_value(&bi_ub); return 1; }
#endif
  if ((dt = sk_datatype_lookup(name)) != NULL) { *out = bi_dt_value(dt); return 1; }
  if ((op = sk_op_lookup(name)) != NULL) { out->type = SK_T_OP; out->u.op = op; return 1; }
  return 0;
}

/* Every predefined name of the language and what it needs: 'w' MPI-2 (one-sided, also
** MPI_REPLACE and the long long types), 'f' MPI-IO, 'l' MPI_LB/MPI_UB (before MPI-3). */
static const struct { const char *name; char needs; } bi_conditional_names[] = {
  { "MPI_LOCK_EXCLUSIVE", 'w' }, { "MPI_LOCK_SHARED", 'w' }, { "MPI_MODE_NOCHECK", 'w' },
  { "MPI_MODE_NOPRECEDE", 'w' }, { "MPI_MODE_NOPUT", 'w' }, { "MPI_MODE_NOSTORE", 'w' },
  { "MPI_MODE_NOSUCCEED", 'w' }, { "MPI_REPLACE", 'w' }, { "MPI_UNSIGNED_LONG_LONG", 'w' },
  { "MPI_LONG_LONG", 'w' },
  { "MPI_MODE_APPEND", 'f' }, { "MPI_MODE_CREATE", 'f' }, { "MPI_MODE_DELETE_ON_CLOSE", 'f' },
  { "MPI_MODE_EXCL", 'f' }, { "MPI_MODE_RDONLY", 'f' }, { "MPI_MODE_RDWR", 'f' },
  { "MPI_MODE_SEQUENTIAL", 'f' }, { "MPI_MODE_UNIQUE_OPEN", 'f' }, { "MPI_MODE_WRONLY", 'f' },
  { "MPI_DISTRIBUTE_BLOCK", 'f' }, { "MPI_DISTRIBUTE_CYCLIC", 'f' }, { "MPI_DISTRIBUTE_NONE", 'f' },
  { "MPI_DISTRIBUTE_DFLT_DARG", 'f' }, { "MPI_ORDER_C", 'f' }, { "MPI_ORDER_FORTRAN", 'f' },
  { "MPI_LB", 'l' }, { "MPI_UB", 'l' },
  { NULL, 0 }
};

SK_API int sk_constant_unavailable(const char *name, char *why, size_t size)
{
  sk_value v;
  sk_str s;
  int i;
  char needs = 0;
  for (i = 0; bi_conditional_names[i].name; i++)
    if (sk_streq(bi_conditional_names[i].name, name)) needs = bi_conditional_names[i].needs;
  if (needs == 0 || sk_constant_find(name, &v)) return 0;
  sk_str_init(&s);
  sk_str_printf(&s, "'%s' is not available: ", name);
#ifndef SKAMPI_MPI
  sk_str_printf(&s, "it needs an MPI library, which the %s build lacks", SK_BACKEND_NAME);
#else
  if (needs == 'l') sk_str_printf(&s, "the MPI library has no %s (removed in MPI-3)", name);
  else if (SK_MPI_LEVEL < 2)
    sk_str_puts(&s, "it needs MPI-2, and this build uses MPI-1.1 only");
  else sk_str_printf(&s, "the MPI library declares no %s (it has no MPI-IO)", name);
#endif
  sk_copy_string(why, size, s.data);
  sk_str_free(&s);
  return 1;
}

/* ---- enumeration (skampi -l) ---- */

/* The i-th helper over builtin_table and then the module tables, in that order; the i-th
** iterator. NULL when i is past the last one. */
SK_API const sk_builtin *sk_builtin_entry(int i)
{
  int k, t;
  if (i < 0) return NULL;
  for (k = 0; builtin_table[k].name; k++) if (i-- == 0) return &builtin_table[k];
  for (t = 0; builtin_module_tables[t]; t++) {
    const sk_builtin *tab = builtin_module_tables[t]();
    for (k = 0; tab[k].name; k++) if (i-- == 0) return &tab[k];
  }
  return NULL;
}

SK_API const sk_iterator *sk_iterator_entry(int i)
{
  int k;
  if (i < 0) return NULL;
  for (k = 0; iterator_table[k].name; k++) if (i-- == 0) return &iterator_table[k];
  return NULL;
}
/* --- end split/builtins.c --- */
/* --- begin split/params4.h --- */
#line 1 "split/params4.h"
/*
** params4.h -- the SKaMPI 4 front end: reads a SKaMPI 4 parameter file (`@` sections and
** measurement blocks `Name { Key = Value; ... }`, SKaLib report (TR 99/07) §6.1, §6.2, ch. 5) and
** translates it into the same program tree the .ski parser produces, so that one
** interpreter runs both and `-t` prints the translation as .ski text. The accepted
** keywords, values and measurement types are documented at the top of params4.c.
*/
#ifndef SK_PARAMS4_H
#define SK_PARAMS4_H

#line 12 "split/params4.h"
#line 13 "split/params4.h"

/* 1 if the file is a SKaMPI 4 parameter file: its name ends in ".par", or the first
** line that is neither blank nor a '#' comment starts with '@' (but not with the .ski
** directive @include). `text` may be NULL (then only the name is looked at). */
SK_API int sk_params4_detect(const char *path, const char *text);

/* Same contract as sk_parse_file: reads `path` through sk_sources_get, returns 1 and
** fills *prog, or 0 with "file:line:col: message" in *err (*prog is then empty).
** Checks, like the .ski parser, that every measurement function of the translation is
** in this build's catalogue with matching arguments. */
SK_API int sk_params4_parse(sk_sources *src, const char *path, sk_program *prog, sk_str *err);

/* The same translation without the catalogue check: for `-t` (printing the translation
** of a file whose measurements only another build has) and for tests. */
SK_API int sk_params4_translate(sk_sources *src, const char *path, sk_program *prog, sk_str *err);

#endif
/* --- end split/params4.h --- */
/* --- begin split/params4.c --- */
#line 1 "split/params4.c"
/*
** params4.c -- the SKaMPI 4 parameter-file reader (params4.h). It owns the translation
** of a SKaMPI 4 parameter file -- `@` sections (SKaLib report (TR 99/07) §6.1) and measurement blocks
** `Name { Key = Value; ... }` (§6.2, with the fields of measurement_t, ch. 5) -- into
** the program tree of ast.h, so that the interpreter runs it like a .ski program and
** `skampi -t` prints it as one. Every node of the tree carries the location in the
** parameter file it comes from, so run-time errors name the .par line.
**
** Where the rules are written: the sections above the table p4_sections, the keys of a
** measurement block above p4_keys, the measurement types above p4_types (which names
** registry rows; a type's pattern comes from its row), the catalogue check above
** p4_check_measure.
**
** Errors end the translation with "file:line:col: message", the first one found: the
** file is read in order (sections, block syntax, the checks of each block against its
** type) before anything is generated; the checks that depend on other sections (the
** repetition range, the buffer) and the catalogue check follow, block by block.
*/
#line 20 "split/params4.c"
#line 21 "split/params4.c"
#line 22 "split/params4.c"
#line 23 "split/params4.c"
#line 24 "split/params4.c"
#line 25 "split/params4.c"
#line 26 "split/params4.c"
#include <setjmp.h>

#define P4_MAX_COUNT 2147483647L     /* counts, lengths, repetitions are C ints in MPI */
#define P4_MAX_NUMBER 1e9            /* keeps minutes * 60, steps and errors finite */
#define P4_BUFFER_SLACK 64L          /* bytes of the buffer kept for alignment padding */
#define P4_DEFAULT_MESSAGE_LENGTH 256L
#define P4_DEFAULT_CHUNKS 64L

/* ---- the interpreter settings a parameter file controls ---- */

enum p4_setting {
  P4_SET_NONE = -1,
  P4_SET_MIN_REPS, P4_SET_MAX_REPS, P4_SET_REL_ERROR, P4_SET_CUT_QUANTILE,
  P4_SET_TIME_MEAS, P4_SET_TIME_SUITE, P4_SET_MAX_STEPS, P4_SET_MIN_DISTANCE,
  P4_SET_NODE_TIMES, P4_NSETTINGS
};

static const char *const p4_setting_helper[P4_NSETTINGS] = {
  "set_min_repetitions", "set_max_repetitions", "set_max_relative_standard_error",
  "set_cut_quantile", "set_time_limit_per_measurement", "set_time_limit_per_suite",
  "set_autorefine_max_steps", "set_autorefine_min_distance", "set_max_nr_node_times"
};

static const int p4_setting_is_integer[P4_NSETTINGS] = { 1, 1, 0, 0, 0, 0, 1, 0, 1 };

/* ---- keys of a measurement block (§6.2) ---- */

/*
**   A measurement block is a name (one or more words on one line) followed by
**   '{' (on that line or a later one), entries `Key = Value;` and '}'. '#' starts a
**   comment anywhere in this section. Keys and keyword values are case-insensitive;
**   every key may appear once per block; Type and Variation are required, Scale too
**   unless Variation = No_variation; keys that do not apply are accepted and ignored
**   (SKaMPI 4 files list every key in every block, as the example of §6.2 does).
**   Numbers: whole numbers may carry a size suffix (64kb = 65536); a value that must be
**   whole may not be written as 2.0.
**     Type                   a type number or name from the table below
**     Variation              Length | Nodes | Chunks | No_variation
**     Scale                  Fixed_linear | Fixed_log   -> a `for` loop
**                            Dynamic_linear | Dynamic_log -> an `autorefine` loop (§3.3)
**                            linear: `step +Stepwidth`, log: `step *Stepwidth`
**     Start_Argument         first value (default: Length 0, Nodes 2, Chunks 1); a log
**                            scale over Length starts at 1 at the least, Nodes at 2,
**                            Chunks at 1
**     End_Argument           last value, or Max_Value (= Default_Value): over Length
**                            `to ...` (up to the buffer) for Fixed scales; for Dynamic
**                            scales (autorefine needs a number) the largest length whose
**                            buffers fit in @MEMORY (or the default buffer), see
**                            p4_length_bound; over Nodes get_np(); over Chunks an error
**     Stepwidth              linear: a whole number >= 1 (default 1); log: > 1 (default 2)
**     Multiple_of            every loop value a multiple of it (`multipleof`); 0 or 1:
**                            none; Default_Value: @MULTIPLE_OF. Types that reduce ints
**                            (MPI_Reduce & co) use lcm(Multiple_of, 4) over Length
**     Max_Repetition         set_max_repetitions                  } in the block; the
**     Min_Repetition         set_min_repetitions                  } value in force
**     Standard_error         set_max_relative_standard_error      } before the block
**     Cut_Quantile           set_cut_quantile                     } (the @ section or
**     Time_Measurement       set_time_limit_per_measurement (min) } skampi's default)
**     Time_Suite             set_time_limit_per_suite (minutes)   } is restored right
**     Node_Times             no: set_max_nr_node_times(0); yes: } after the block
**                            as before (skampi's default: 16)     } (settings are
**     Max_Steps              set_autorefine_max_steps  (Dynamic)  } global in the
**     Min_Distance           set_autorefine_min_distance (Dynamic)} interpreter)
**     Max_Distance           accepted and ignored ("not used until now", ch. 5)
**     Default_Message_length message length in bytes when not varied (default 256)
**     Default_Chunks         chunks of master-worker types when not varied (0 or
**                            Default_Value: 64)
**     Default_Nodes          (skampi extension) processes of collective and
**                            master-worker types when not varied: comm(n); Max_Value or
**                            Default_Value: MPI_COMM_WORLD
**   Default_Value stands for the @ section's value or, without one, skampi's default;
**   then the block emits no call. A block setting equal to the value in force emits none.
**
*/

enum p4_key {
  K_TYPE, K_VARIATION, K_SCALE, K_MAX_REP, K_MIN_REP, K_MULTIPLE_OF, K_TIME_MEAS,
  K_TIME_SUITE, K_NODE_TIMES, K_CUT_QUANTILE, K_DEFAULT_CHUNKS, K_DEFAULT_LENGTH,
  K_DEFAULT_NODES, K_START, K_END, K_STEPWIDTH, K_MAX_STEPS, K_MIN_DISTANCE,
  K_MAX_DISTANCE, K_STD_ERROR, P4_NKEYS
};

typedef enum p4_value_kind {
  P4_V_TYPE, P4_V_VARIATION, P4_V_SCALE, P4_V_YESNO, P4_V_INT, P4_V_NUMBER
} p4_value_kind;

typedef struct p4_key_def {
  const char *name;
  p4_value_kind kind;
  int allow_default, allow_max;
  double min, max;            /* P4_V_INT and P4_V_NUMBER: the allowed range */
  int min_excluded;           /* 1: the value must be larger than min */
  int max_excluded;           /* 1: the value must be smaller than max */
  int setting;                /* enum p4_setting it controls, or P4_SET_NONE */
  int minutes;                /* 1: given in minutes, the setting is in seconds */
  const char *expected;       /* what a valid value looks like (for messages) */
} p4_key_def;

static const p4_key_def p4_keys[P4_NKEYS] = {
  { "Type", P4_V_TYPE, 0, 0, 0, 0, 0, 0, P4_SET_NONE, 0,
    "a type number or name (see the table in params4.c)" },
  { "Variation", P4_V_VARIATION, 0, 0, 0, 0, 0, 0, P4_SET_NONE, 0,
    "Length, Nodes, Chunks or No_variation" },
  { "Scale", P4_V_SCALE, 0, 0, 0, 0, 0, 0, P4_SET_NONE, 0,
    "Fixed_linear, Fixed_log, Dynamic_linear or Dynamic_log" },
  { "Max_Repetition", P4_V_INT, 1, 0, 1, P4_MAX_COUNT, 0, 0, P4_SET_MAX_REPS, 0,
    "a whole number >= 1" },
  { "Min_Repetition", P4_V_INT, 1, 0, 1, P4_MAX_COUNT, 0, 0, P4_SET_MIN_REPS, 0,
    "a whole number >= 1" },
  { "Multiple_of", P4_V_INT, 1, 0, 0, P4_MAX_COUNT / 4, 0, 0, P4_SET_NONE, 0,
    "a whole number from 0 to 536870911" },
  { "Time_Measurement", P4_V_NUMBER, 1, 0, 0, P4_MAX_NUMBER, 0, 0, P4_SET_TIME_MEAS, 1,
    "a number of minutes >= 0" },
  { "Time_Suite", P4_V_NUMBER, 1, 0, 0, P4_MAX_NUMBER, 0, 0, P4_SET_TIME_SUITE, 1,
    "a number of minutes >= 0" },
  { "Node_Times", P4_V_YESNO, 0, 0, 0, 0, 0, 0, P4_SET_NODE_TIMES, 0,
    "yes or no" },
  { "Cut_Quantile", P4_V_NUMBER, 1, 0, 0, 0.5, 0, 1, P4_SET_CUT_QUANTILE, 0,
    "a number >= 0 and < 0.5" },
  { "Default_Chunks", P4_V_INT, 1, 0, 0, P4_MAX_COUNT, 0, 0, P4_SET_NONE, 0,
    "a whole number >= 0" },
  { "Default_Message_length", P4_V_INT, 1, 0, 0, P4_MAX_COUNT, 0, 0, P4_SET_NONE, 0,
    "a whole number of bytes >= 0" },
  { "Default_Nodes", P4_V_INT, 1, 1, 1, P4_MAX_COUNT, 0, 0, P4_SET_NONE, 0,
    "a whole number >= 1" },
  { "Start_Argument", P4_V_INT, 1, 0, 0, P4_MAX_COUNT, 0, 0, P4_SET_NONE, 0,
    "a whole number >= 0" },
  { "End_Argument", P4_V_INT, 1, 1, 0, P4_MAX_COUNT, 0, 0, P4_SET_NONE, 0,
    "a whole number >= 0" },
  { "Stepwidth", P4_V_NUMBER, 1, 0, 0, P4_MAX_NUMBER, 1, 0, P4_SET_NONE, 0,
    "a number > 0" },
  { "Max_Steps", P4_V_INT, 1, 0, 1, P4_MAX_COUNT, 0, 0, P4_SET_MAX_STEPS, 0,
    "a whole number >= 1" },
  { "Min_Distance", P4_V_NUMBER, 1, 0, 0, P4_MAX_NUMBER, 0, 0, P4_SET_MIN_DISTANCE, 0,
    "a number >= 0" },
  { "Max_Distance", P4_V_NUMBER, 1, 0, 0, P4_MAX_NUMBER, 0, 0, P4_SET_NONE, 0,
    "a number >= 0" },
  { "Standard_error", P4_V_NUMBER, 1, 0, 0, P4_MAX_NUMBER, 0, 0, P4_SET_REL_ERROR, 0,
    "a number >= 0" }
};

enum p4_variation { VAR_LENGTH, VAR_NODES, VAR_CHUNKS, VAR_NONE };
static const char *const p4_variation_names[] = { "Length", "Nodes", "Chunks", "No_variation", NULL };
static const char *const p4_loop_variable[] = { "length", "nodes", "chunks", NULL };

enum p4_scale { SCALE_FIXED_LINEAR, SCALE_FIXED_LOG, SCALE_DYNAMIC_LINEAR, SCALE_DYNAMIC_LOG };
static const char *const p4_scale_names[] = {
  "Fixed_linear", "Fixed_log", "Dynamic_linear", "Dynamic_log", NULL
};

static const char *const p4_yes_no_names[] = { "no", "yes", NULL };

/* ---- measurement types ---- */

/*
** MEASUREMENT TYPES -- SKaMPI 4 chose a measurement by a number (§6.2: `Type = 50`,
** initialize_type). The numbering of the SKaMPI 4 sources is not part of the
** specification, so skampi assigns its own numbers (table p4_types) and prefers names:
** Type accepts the number, the SKaMPI 4 name or the SKaMPI 5 name (case-insensitive,
** optionally in double quotes). `len` is the message length in bytes (the loop
** variable `length`, or Default_Message_length); `len/4` counts ints of that length.
**   The types, their numbers, the SKaMPI 5 function each becomes and its arguments are
**   the table p4_types below (one row per type). How a type is measured follows from
**   the registry row of its function (sk_catalogue_find(function)->pattern):
**   p2p (variations Length, No_variation): measured in comm_pt2pt, assigned once
**   before the first p2p block as comm_pt2pt = comm2_max_latency_with_root() -- rank 0
**   and the process farthest from it, as SKaMPI 4's which_to_measure = MEASURE_MAX
**   (also type 50, Send, the new measurement of §6.2, a collective row of two processes);
**   master-worker (MPI_COMM_WORLD, comm(Default_Nodes) or comm(nodes); variations
**   Length, Nodes, Chunks, No_variation): skampi's portable Master_Worker(chunks,
**   chunk_bytes, work_us) (meas_mw.c) is SKaMPI 4's master-worker pattern (SKaLib
**   report (TR 99/07) §4.1); it is type 20. The SKaMPI 4 variants that differ in the
**   MPI calls of master and workers (21-27, SKaLib report §7.8 mw_test1) are the rows
**   Master_Worker_* of meas_mw.c with the same parameters. `chunks` is the loop variable, or
**   Default_Chunks; 0 (as in the example of §6.2), Default_Value or no Default_Chunks
**   mean 64.
**   collective (MPI_COMM_WORLD, comm(Default_Nodes) or comm(nodes); variations Length
**   if the call has a length, Nodes, No_variation);
**   simple (rank 0 alone: comm(1); variations Length if the call has a length,
**   No_variation).
**   The nodes loop of a collective starts at 2 at the least (a communicator of one
**   process would need choose_no_synchronization, SKaMPI 5 manual §4.1).
**
*/

typedef enum p4_family { FAM_P2P, FAM_MASTER_WORKER, FAM_COLLECTIVE, FAM_SIMPLE } p4_family;

/* Buffer bytes one byte of message length needs on the busiest process (send and
** receive buffer together): for the upper bound of Dynamic scales up to Max_Value. */
typedef enum p4_buffer_need {
  NEED_NOTHING, NEED_ONE, NEED_TWO, NEED_THREE, NEED_PROCS_PLUS_ONE, NEED_TWICE_PROCS
} p4_buffer_need;

typedef struct p4_type {
  int number;
  const char *skampi4_name;
  const char *function;        /* the measurement function (SKaMPI 5 name): its registry row */
  const char *arguments;       /* comma-separated: len, len/4, chunks, constants */
  p4_buffer_need need;
} p4_type;

static const p4_type p4_types[] = {
  { 1, "MPI_Send-MPI_Recv", "Pingpong_Send_Recv", "len,MPI_BYTE,0,1", NEED_TWO },
  { 2, "MPI_Send-MPI_Iprobe_Recv", "Pingpong_Send_Iprobe_Recv", "len,MPI_BYTE,0,1", NEED_TWO },
  { 3, "MPI_Send-MPI_Irecv", "Pingpong_Send_Irecv", "len,MPI_BYTE,0,1", NEED_TWO },
  { 4, "MPI_Ssend-MPI_Recv", "Pingpong_Ssend_Recv", "len,MPI_BYTE,0,1", NEED_TWO },
  { 5, "MPI_Isend-MPI_Recv", "Pingpong_Isend_Recv", "len,MPI_BYTE,0,1", NEED_TWO },
  { 6, "MPI_Issend-MPI_Recv", "Pingpong_Issend_Recv", "len,MPI_BYTE,0,1", NEED_TWO },
  { 7, "MPI_Bsend-MPI_Recv", "Pingpong_Bsend_Recv", "len,MPI_BYTE,0,1", NEED_TWO },
  { 8, "MPI_Sendrecv", "Pingpong_Sendrecv", "len,MPI_BYTE,0,len,MPI_BYTE,0,1", NEED_TWO },
  { 9, "MPI_Sendrecv_replace", "Pingpong_Sendrecv_replace", "len,MPI_BYTE,0,0,1", NEED_TWO },
  { 20, "Master_Worker", "Master_Worker", "chunks,len,0", NEED_PROCS_PLUS_ONE },
  { 21, "MW_Waitsome", "Master_Worker_Waitsome", "chunks,len,0", NEED_PROCS_PLUS_ONE },
  { 22, "MW_Waitany", "Master_Worker_Waitany", "chunks,len,0", NEED_PROCS_PLUS_ONE },
  { 23, "MW_Recv_Any_Source", "Master_Worker_Recv_Any_Source", "chunks,len,0",
    NEED_PROCS_PLUS_ONE },
  { 24, "MW_Send", "Master_Worker_Send", "chunks,len,0", NEED_PROCS_PLUS_ONE },
  { 25, "MW_Ssend", "Master_Worker_Ssend", "chunks,len,0", NEED_PROCS_PLUS_ONE },
  { 26, "MW_Isend", "Master_Worker_Isend", "chunks,len,0", NEED_PROCS_PLUS_ONE },
  { 27, "MW_Bsend", "Master_Worker_Bsend", "chunks,len,0", NEED_PROCS_PLUS_ONE },
  { 30, "MPI_Bcast", "Bcast", "len,MPI_BYTE,0", NEED_TWO },
  { 31, "MPI_Barrier", "Barrier", "", NEED_NOTHING },
  { 32, "MPI_Reduce", "Reduce", "len/4,MPI_INT,MPI_SUM,0", NEED_TWO },
  { 33, "MPI_Allreduce", "Allreduce", "len/4,MPI_INT,MPI_SUM", NEED_TWO },
  { 34, "MPI_Reduce_scatter", "Reduce_scatter", "len/4,MPI_INT,MPI_SUM,0", NEED_THREE },
  { 35, "MPI_Scan", "Scan", "len/4,MPI_INT,MPI_SUM", NEED_TWO },
  { 36, "MPI_Alltoall", "Alltoall", "len,MPI_BYTE,len,MPI_BYTE", NEED_TWICE_PROCS },
  { 37, "MPI_Gather", "Gather", "len,MPI_BYTE,len,MPI_BYTE,0", NEED_PROCS_PLUS_ONE },
  { 38, "MPI_Scatter", "Scatter", "len,MPI_BYTE,len,MPI_BYTE,0", NEED_PROCS_PLUS_ONE },
  { 39, "MPI_Allgather", "Allgather", "len,MPI_BYTE,len,MPI_BYTE", NEED_PROCS_PLUS_ONE },
  { 40, "MPI_Gatherv", "Gatherv", "len,MPI_BYTE,len,MPI_BYTE,0", NEED_PROCS_PLUS_ONE },
  { 41, "MPI_Scatterv", "Scatterv", "len,MPI_BYTE,len,MPI_BYTE,0", NEED_PROCS_PLUS_ONE },
  { 42, "MPI_Allgatherv", "Allgatherv", "len,MPI_BYTE,len,MPI_BYTE", NEED_PROCS_PLUS_ONE },
  { 43, "MPI_Alltoallv", "Alltoallv", "len,MPI_BYTE,len,MPI_BYTE", NEED_TWICE_PROCS },
  { 44, "MPI_Comm_split", "Comm_split", "", NEED_NOTHING },
  { 45, "MPI_Comm_dup", "Comm_dup", "", NEED_NOTHING },
  { 46, "MPI_Bcast-Send_Recv", "Bcast_Send_Recv", "len,MPI_BYTE,0", NEED_TWO },
  { 47, "MPI_Gather-Send_Recv", "Gather_SR", "len,MPI_BYTE,len,MPI_BYTE,0", NEED_PROCS_PLUS_ONE },
  { 48, "MPI_Alltoall-Isend_Irecv", "Alltoall_Isend_Irecv", "len,MPI_BYTE,len,MPI_BYTE",
    NEED_TWICE_PROCS },
  { 49, "MPI_Reduce-MPI_Bcast", "Reduce_Bcast", "len/4,MPI_INT,MPI_SUM,0", NEED_TWO },
  { 50, "MPI_Send", "Send", "len,MPI_BYTE,0", NEED_ONE },
  { 51, "MPI_Gather-Isend_Waitall", "Gather_ISWA", "len,MPI_BYTE,len,MPI_BYTE,0", NEED_PROCS_PLUS_ONE },
  { 60, "MPI_Wtime", "MPI_Wtime", "", NEED_NOTHING },
  { 90, "Synthetic_Virtual", "Synthetic_Virtual", "len,5,0.01,8192,100,0.125", NEED_NOTHING },
  { 91, "Synthetic_Busy", "Synthetic_Busy", "len,5,0.01,8192,100,0.125", NEED_NOTHING },
  { 0, NULL, NULL, NULL, NEED_NOTHING }
};

static int p4_type_uses(const p4_type *t, const char *token);

/* The family of a type, from the pattern of its registry row (rows exist in every
** build): point-to-point rows, and collective rows that need exactly a pair of
** processes (min_procs 2: Send), are measured between two processes in comm_pt2pt;
** simple rows on one process. A reserved name without a row yet is master-worker when
** its arguments have chunks (the error "unknown measurement function" comes later, from
** the check of the translated call). */
static p4_family p4_family_of(const p4_type *t)
{
  const sk_measurement *row = sk_catalogue_find(t->function);
  if (row == NULL) return p4_type_uses(t, "chunks") ? FAM_MASTER_WORKER : FAM_COLLECTIVE;
  switch (row->pattern) {
  case SK_PATTERN_P2P: return FAM_P2P;
  case SK_PATTERN_MASTER_WORKER: return FAM_MASTER_WORKER;
  case SK_PATTERN_SIMPLE: case SK_PATTERN_SIMPLE_OWN_TIME: return FAM_SIMPLE;
  default: return row->min_procs == 2 ? FAM_P2P : FAM_COLLECTIVE;
  }
}

/* ---- sections (§6.1) ---- */

/*
** FILE FORMAT
**   A line whose first non-blank character is '#' is a comment; blank lines are ignored.
**   A section begins with a line whose first non-blank character is '@', followed by
**   its keyword (case-insensitive, whole word). Its value follows on the same line and/or
**   on the following lines, up to the next '@' line. Non-comment text before the first
**   section is an error, as is an unknown keyword. A UTF-8 byte order mark is skipped.
**
**   Free text -- every non-blank line becomes output_comment("LABEL: line"), so the text
**   lands in the header of the output file ('"' is written as '\'', control characters
**   as blanks). These sections may be repeated:
**     @USER  @MACHINE  @NETWORK  @NODE  @COMMENT
**   Recorded only -- one output_comment with a note; skampi does not act on them:
**     @OUTFILE name     the output file is chosen with -o
**     @LOGFILE name     skampi reports on standard error
**     @ABSOLUTE yes|no
**   Post-processing -- a comment, and with yes a call of merge_with_backups(): after the
**   run the output OUT is merged with the earlier runs OUT.1, OUT.2, ... (SKaLib §3.4.3):
**     @POSTPROC yes|no  (also @POST_PROC, @POST)
**   Settings -- at most once each; translated, in file order, into helper calls at the
**   top of the program; measurement blocks inherit them (Default_Value):
**     @MEMORY n          set_skampi_buffer(n * 1024): n in KiB, or with a size suffix
**                        (kb KiB mb MiB gb GiB, any case) in those units
**     @MAX_REP n         set_max_repetitions(n)                      n >= 1
**     @MIN_REP n         set_min_repetitions(n)                      n >= 1, <= @MAX_REP
**     @STANDARD_ERROR x  set_max_relative_standard_error(x)          x >= 0, relative
**     @CUT_QUANTILE q    set_cut_quantile(q)                         0 <= q < 0.5
**     @TIME_MEAS m       set_time_limit_per_measurement(60 * m)      minutes (SKaMPI 4)
**     @TIME_SUITE m      set_time_limit_per_suite(60 * m)            minutes
**     @MAX_STEPS n       set_autorefine_max_steps(n)  (also @STEPS)  n >= 1
**     @MULTIPLE_OF n     no call: the default of Multiple_of (see below)   n >= 0
**   @MEASUREMENTS -- the measurement blocks; the section may be repeated.
**   Instrumentation -- switches for the measurement blocks that FOLLOW in the file (the
**   sections may be repeated, e.g. between two @MEASUREMENTS sections; each becomes its
**   helper call at its place among the blocks):
**     @MPI_T yes|no      switch_mpit_on() / switch_mpit_off()      (also @MPIT): MPI_T
**                        performance variables as "# mpit" lines under every result
**     @PERUSE yes|no     switch_peruse_on() / switch_peruse_off(): PERUSE events as
**                        "# peruse" lines under every result (MPI PERUSE 2.0 §4.3)
**   A build without -DSKAMPI_MPIT (-DSKAMPI_PERUSE) refuses `yes` at run time with the
**   helper's message, located at the section's value.
**
*/

typedef enum p4_section_kind {
  SEC_TEXT,          /* free text: output_comment per line */
  SEC_FILE_NAME,     /* recorded: OUTFILE, LOGFILE */
  SEC_YES_NO,        /* recorded: ABSOLUTE; POSTPROC yes also calls merge_with_backups() */
  SEC_MEMORY,
  SEC_SETTING,       /* a value checked like the block key `key`, a call of its setting */
  SEC_MULTIPLE_OF,
  SEC_SWITCH,        /* yes/no: switch_STEM_on() / _off() before the blocks that follow */
  SEC_MEASUREMENTS
} p4_section_kind;

typedef struct p4_section_def {
  const char *keyword;       /* as written after '@' (any case) */
  const char *label;         /* canonical name (aliases share it) */
  p4_section_kind kind;
  int key;                   /* SEC_SETTING, SEC_MULTIPLE_OF: the block key with the same rules */
  const char *note;          /* recorded sections: why skampi does not act on it;
                                SEC_SWITCH: the helpers' STEM (switch_STEM_on/_off) */
} p4_section_def;

static const p4_section_def p4_sections[] = {
  { "USER", "USER", SEC_TEXT, -1, NULL },
  { "MACHINE", "MACHINE", SEC_TEXT, -1, NULL },
  { "NETWORK", "NETWORK", SEC_TEXT, -1, NULL },
  { "NODE", "NODE", SEC_TEXT, -1, NULL },
  { "COMMENT", "COMMENT", SEC_TEXT, -1, NULL },
  { "OUTFILE", "OUTFILE", SEC_FILE_NAME, -1, "not used: skampi writes to the file given with -o" },
  { "LOGFILE", "LOGFILE", SEC_FILE_NAME, -1, "not used: skampi reports on standard error" },
  { "POSTPROC", "POSTPROC", SEC_YES_NO, -1, "with yes merge_with_backups() merges the run with its earlier runs OUT.1, OUT.2, ... at the end, SKaLib 3.4" },
  { "POST_PROC", "POSTPROC", SEC_YES_NO, -1, "with yes merge_with_backups() merges the run with its earlier runs OUT.1, OUT.2, ... at the end, SKaLib 3.4" },
  { "POST", "POSTPROC", SEC_YES_NO, -1, "with yes merge_with_backups() merges the run with its earlier runs OUT.1, OUT.2, ... at the end, SKaLib 3.4" },
  { "ABSOLUTE", "ABSOLUTE", SEC_YES_NO, -1, "not used by skampi" },
  { "MEMORY", "MEMORY", SEC_MEMORY, -1, NULL },
  { "MAX_REP", "MAX_REP", SEC_SETTING, K_MAX_REP, NULL },
  { "MIN_REP", "MIN_REP", SEC_SETTING, K_MIN_REP, NULL },
  { "STANDARD_ERROR", "STANDARD_ERROR", SEC_SETTING, K_STD_ERROR, NULL },
  { "CUT_QUANTILE", "CUT_QUANTILE", SEC_SETTING, K_CUT_QUANTILE, NULL },
  { "TIME_MEAS", "TIME_MEAS", SEC_SETTING, K_TIME_MEAS, NULL },
  { "TIME_SUITE", "TIME_SUITE", SEC_SETTING, K_TIME_SUITE, NULL },
  { "MAX_STEPS", "MAX_STEPS", SEC_SETTING, K_MAX_STEPS, NULL },
  { "STEPS", "MAX_STEPS", SEC_SETTING, K_MAX_STEPS, NULL },
  { "MULTIPLE_OF", "MULTIPLE_OF", SEC_MULTIPLE_OF, K_MULTIPLE_OF, NULL },
  { "MPI_T", "MPI_T", SEC_SWITCH, -1, "mpit" },
  { "MPIT", "MPI_T", SEC_SWITCH, -1, "mpit" },
  { "PERUSE", "PERUSE", SEC_SWITCH, -1, "peruse" },
  { "MEASUREMENTS", "MEASUREMENTS", SEC_MEASUREMENTS, -1, NULL },
  { NULL, NULL, SEC_TEXT, -1, NULL }
};

/* ---- the reader's state ---- */

/* A piece of one line that belongs to a section (comment lines are not pieces). */
typedef struct p4_fragment {
  const char *text;
  size_t len;
  sk_loc loc;                /* of text[0] */
} p4_fragment;

typedef struct p4_section {
  const p4_section_def *def;
  sk_loc loc;                /* of the '@' */
  p4_fragment *frags;
  size_t nfrags, capfrags;
  sk_loc end;                /* where the next section or the end of the file is */
  int last;                  /* 1: the file ends the section */
  sk_loc value_loc;          /* value sections: the value */
  long ival;
  double dval;
} p4_section;

typedef struct p4_value {
  int given;                 /* the key appeared */
  int is_default;            /* Default_Value */
  int is_max;                /* Max_Value */
  long ival;
  double dval;
  int choice;                /* Type: index in p4_types; keyword values: index in the names */
  sk_loc key_loc, value_loc;
} p4_value;

typedef struct p4_block {
  char *name;
  size_t section;            /* index of its @MEASUREMENTS section */
  sk_loc name_loc, close_loc;
  p4_value v[P4_NKEYS];
} p4_block;

typedef enum p4_tk {
  P4_TK_END, P4_TK_WORD, P4_TK_LBRACE, P4_TK_RBRACE, P4_TK_EQUALS, P4_TK_SEMICOLON
} p4_tk;

typedef struct p4_token {
  p4_tk kind;
  const char *text;
  size_t len;
  sk_loc loc;
} p4_token;

typedef struct p4_cursor {
  const p4_section *sec;
  size_t frag, pos;
} p4_cursor;

typedef struct p4_ctx {
  const char *file;          /* the name in the sources set (lives as long as the set) */
  const char *text;
  sk_str *err;
  jmp_buf fail;
  int check_catalogue;
  p4_section *sections;
  size_t nsections, capsections;
  p4_block *blocks;
  size_t nblocks, capblocks;
  sk_str word;               /* the current word as a C string */
  sk_str text_buf;           /* token descriptions, comment texts */
  sk_str name_buf;           /* a block name being read */
  /* generation */
  sk_program *prog;
  double setting[P4_NSETTINGS];        /* value in force at the top level */
  int setting_given[P4_NSETTINGS];     /* 1: by an @ section */
  long multiple_of;                    /* @MULTIPLE_OF, 0 = none */
  long buffer_bytes;                   /* @MEMORY or skampi's default buffer */
  int p2p_comm_defined;
} p4_ctx;

/* ---- small helpers ---- */

static void p4_fail(p4_ctx *c, const sk_loc *loc, const char *fmt, ...)
{
  va_list ap;
  sk_str_clear(c->err);
  va_start(ap, fmt);
  sk_format_loc_message(c->err, loc, fmt, ap);
  va_end(ap);
  longjmp(c->fail, 1);
}

static int p4_is_blank(int ch)
{
  return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v';
}

static int p4_is_ident_char(int ch)
{
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}

static int p4_lower(int ch)
{
  return ch >= 'A' && ch <= 'Z' ? ch + ('a' - 'A') : ch;
}

/* Case-insensitive: is the slice (s, n) the word w? */
static int p4_slice_is(const char *s, size_t n, const char *w)
{
  size_t i;
  for (i = 0; i < n; i++) {
    if (w[i] == '\0' || p4_lower((unsigned char)s[i]) != p4_lower((unsigned char)w[i])) return 0;
  }
  return w[n] == '\0';
}

static int p4_find_name(const char *const *names, const char *s, size_t n)
{
  int i;
  for (i = 0; names[i]; i++) if (p4_slice_is(s, n, names[i])) return i;
  return -1;
}

/* The slice as a C string, in c->word (valid until the next call). */
static const char *p4_word(p4_ctx *c, const char *s, size_t n)
{
  sk_str_clear(&c->word);
  sk_str_putn(&c->word, s, n);
  return c->word.data;
}

static const char *p4_describe(p4_ctx *c, const p4_token *t)
{
  sk_str_clear(&c->text_buf);
  switch (t->kind) {
  case P4_TK_END: sk_str_puts(&c->text_buf, "the end of the file"); break;
  case P4_TK_WORD:
    sk_str_putc(&c->text_buf, '\'');
    sk_str_putn(&c->text_buf, t->text, t->len);
    sk_str_putc(&c->text_buf, '\'');
    break;
  default:
    sk_str_putc(&c->text_buf, '\'');
    sk_str_putc(&c->text_buf, t->text[0]);
    sk_str_putc(&c->text_buf, '\'');
    break;
  }
  return c->text_buf.data;
}

/* [+-]digits with an optional size suffix (k kb kib m mb mib g gb gib, any case).
** Returns 1 and *out; *multiplier is the suffix's factor or 0 without a suffix. */
static int p4_parse_long(const char *s, size_t n, long *out, long *multiplier)
{
  size_t i = 0;
  int negative = 0;
  long value = 0, mult = 0;
  if (i < n && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  if (i >= n || s[i] < '0' || s[i] > '9') return 0;
  while (i < n && s[i] >= '0' && s[i] <= '9') {
    int digit = s[i++] - '0';
    if (value > (LONG_MAX - digit) / 10) return 0;
    value = value * 10 + digit;
  }
  if (i < n) {
    static const char *const suffixes[] = { "k", "kb", "kib", "m", "mb", "mib", "g", "gb", "gib", NULL };
    static const long factors[] = { 1L << 10, 1L << 10, 1L << 10, 1L << 20, 1L << 20, 1L << 20,
                                    1L << 30, 1L << 30, 1L << 30 };
    int k = p4_find_name(suffixes, s + i, n - i);
    if (k < 0) return 0;
    mult = factors[k];
    if (value > LONG_MAX / mult) return 0;
    value *= mult;
  }
  *out = negative ? -value : value;
  if (multiplier) *multiplier = mult;
  return 1;
}

/* [+-]digits[.digits][(e|E)[+-]digits] with at least one mantissa digit, finite. */
static int p4_parse_double(p4_ctx *c, const char *s, size_t n, double *out)
{
  size_t i = 0, digits = 0;
  double d;
  if (i < n && (s[i] == '+' || s[i] == '-')) i++;
  while (i < n && s[i] >= '0' && s[i] <= '9') { i++; digits++; }
  if (i < n && s[i] == '.') {
    i++;
    while (i < n && s[i] >= '0' && s[i] <= '9') { i++; digits++; }
  }
  if (digits == 0) return 0;
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    size_t exp_digits = 0;
    i++;
    if (i < n && (s[i] == '+' || s[i] == '-')) i++;
    while (i < n && s[i] >= '0' && s[i] <= '9') { i++; exp_digits++; }
    if (exp_digits == 0) return 0;
  }
  if (i != n) return 0;
  d = strtod(p4_word(c, s, n), NULL);
  if (d != d || d >= HUGE_VAL || d <= -HUGE_VAL) return 0;
  *out = d;
  return 1;
}

/* ---- splitting the file into sections ---- */

static const p4_section_def *p4_find_section(const char *s, size_t n)
{
  int i;
  for (i = 0; p4_sections[i].keyword; i++) if (p4_slice_is(s, n, p4_sections[i].keyword)) return &p4_sections[i];
  return NULL;
}

static int p4_section_may_repeat(const p4_section_def *d)
{
  return d->kind == SEC_TEXT || d->kind == SEC_SWITCH || d->kind == SEC_MEASUREMENTS;
}

static void p4_add_fragment(p4_section *sec, const char *text, size_t len, const sk_loc *loc)
{
  p4_fragment *f;
  while (len > 0 && p4_is_blank((unsigned char)text[len - 1])) len--;
  if (len == 0) return;
  sec->frags = (p4_fragment *)sk_grow(sec->frags, &sec->capfrags, sec->nfrags + 1, sizeof(p4_fragment));
  f = &sec->frags[sec->nfrags++];
  f->text = text;
  f->len = len;
  f->loc = *loc;
}

static void p4_split(p4_ctx *c)
{
  const char *p = c->text, *bom = "\xEF\xBB\xBF";
  int line = 1;
  p4_section *cur = NULL;
  sk_loc loc;
  loc.file = c->file;
  if (strncmp(p, bom, 3) == 0) p += 3;
  while (*p) {
    const char *start = p, *eol = p, *q;
    while (*eol && *eol != '\n') eol++;
    q = start;
    while (q < eol && p4_is_blank((unsigned char)*q)) q++;
    loc.line = line;
    loc.col = (int)(q - start) + 1;
    if (q == eol || *q == '#') {
      /* blank or comment line */
    } else if (*q == '@') {
      const char *name = q + 1, *after = name;
      const p4_section_def *def;
      size_t i;
      while (after < eol && p4_is_ident_char((unsigned char)*after)) after++;
      def = p4_find_section(name, (size_t)(after - name));
      if (def == NULL)
        p4_fail(c, &loc, "unknown section '@%s' (known: @USER @MACHINE @NETWORK @NODE @COMMENT @OUTFILE "
                "@LOGFILE @POSTPROC @ABSOLUTE @MEMORY @MAX_REP @MIN_REP @STANDARD_ERROR @CUT_QUANTILE "
                "@TIME_MEAS @TIME_SUITE @MAX_STEPS @MULTIPLE_OF @MPI_T @PERUSE @MEASUREMENTS)",
                p4_word(c, name, (size_t)(after - name)));
      if (!p4_section_may_repeat(def)) {
        for (i = 0; i < c->nsections; i++)
          if (sk_streq(c->sections[i].def->label, def->label))
            p4_fail(c, &loc, "section @%s given twice (first at line %d)", def->label, c->sections[i].loc.line);
      }
      if (cur) { cur->end = loc; cur->last = 0; }
      c->sections = (p4_section *)sk_grow(c->sections, &c->capsections, c->nsections + 1, sizeof(p4_section));
      cur = &c->sections[c->nsections++];
      memset(cur, 0, sizeof *cur);
      cur->def = def;
      cur->loc = loc;
      while (after < eol && p4_is_blank((unsigned char)*after)) after++;
      loc.col = (int)(after - start) + 1;
      p4_add_fragment(cur, after, (size_t)(eol - after), &loc);
    } else {
      if (cur == NULL)
        p4_fail(c, &loc, "text before the first section (a SKaMPI 4 parameter file consists of sections "
                "such as @USER or @MEASUREMENTS; comment lines start with '#')");
      p4_add_fragment(cur, q, (size_t)(eol - q), &loc);
    }
    p = eol;
    if (*p == '\n') { p++; line++; loc.col = 1; }
    else loc.col = (int)(eol - start) + 1;
  }
  if (cur) {
    cur->end.file = c->file;
    cur->end.line = line;
    cur->end.col = loc.col;
    cur->last = 1;
  }
}

/* ---- tokens of the value and measurement sections ---- */

static void p4_cursor_init(p4_cursor *cur, const p4_section *sec)
{
  cur->sec = sec;
  cur->frag = 0;
  cur->pos = 0;
}

static void p4_next(p4_cursor *cur, p4_token *tok)
{
  for (;;) {
    const p4_fragment *f;
    const char *s;
    if (cur->frag >= cur->sec->nfrags) {
      tok->kind = P4_TK_END;
      tok->text = "";
      tok->len = 0;
      tok->loc = cur->sec->end;
      return;
    }
    f = &cur->sec->frags[cur->frag];
    while (cur->pos < f->len && p4_is_blank((unsigned char)f->text[cur->pos])) cur->pos++;
    if (cur->pos >= f->len || f->text[cur->pos] == '#') {
      cur->frag++;
      cur->pos = 0;
      continue;
    }
    s = f->text + cur->pos;
    tok->text = s;
    tok->loc = f->loc;
    tok->loc.col += (int)cur->pos;
    tok->len = 1;
    switch (*s) {
    case '{': tok->kind = P4_TK_LBRACE; break;
    case '}': tok->kind = P4_TK_RBRACE; break;
    case '=': tok->kind = P4_TK_EQUALS; break;
    case ';': tok->kind = P4_TK_SEMICOLON; break;
    default:
      tok->kind = P4_TK_WORD;
      while (cur->pos + tok->len < f->len) {
        int ch = (unsigned char)s[tok->len];
        if (p4_is_blank(ch) || ch == '{' || ch == '}' || ch == '=' || ch == ';' || ch == '#') break;
        tok->len++;
      }
      break;
    }
    cur->pos += tok->len;
    return;
  }
}

/* The wording of the end token depends on what ends the section. */
static const char *p4_describe_at(p4_ctx *c, const p4_cursor *cur, const p4_token *t)
{
  if (t->kind == P4_TK_END && !cur->sec->last) return "the next section";
  return p4_describe(c, t);
}

/* ---- values ---- */

static int p4_find_type(const char *s, size_t n)
{
  long number;
  int i;
  if (n >= 2 && s[0] == '"' && s[n - 1] == '"') { s++; n -= 2; }
  if (p4_parse_long(s, n, &number, NULL)) {
    for (i = 0; p4_types[i].skampi4_name; i++) if (p4_types[i].number == number) return i;
    return -1;
  }
  for (i = 0; p4_types[i].skampi4_name; i++)
    if (p4_slice_is(s, n, p4_types[i].skampi4_name) || p4_slice_is(s, n, p4_types[i].function)) return i;
  return -1;
}

static void p4_bad_value(p4_ctx *c, const p4_key_def *k, const char *what, const p4_token *t, int in_section)
{
  sk_str expected;
  sk_str_init(&expected);
  sk_str_puts(&expected, k->expected);
  if (!in_section && k->allow_max) sk_str_puts(&expected, k->allow_default ? ", Max_Value" : " or Max_Value");
  if (!in_section && k->allow_default) sk_str_puts(&expected, " or Default_Value");
  sk_str_clear(&c->text_buf);
  sk_str_puts(&c->text_buf, expected.data);
  sk_str_free(&expected);
  p4_fail(c, &t->loc, "bad value '%s' for %s: expected %s", p4_word(c, t->text, t->len), what, c->text_buf.data);
}

/* Reads the value of key `key` from token t into *v. `what` names it in messages
** ("Max_Repetition" or "@MAX_REP"); sections allow neither Default_Value nor Max_Value. */
static void p4_parse_value(p4_ctx *c, int key, const char *what, const p4_token *t, p4_value *v, int in_section)
{
  const p4_key_def *k = &p4_keys[key];
  long l;
  double d;
  v->value_loc = t->loc;
  if (t->kind != P4_TK_WORD) {
    p4_fail(c, &t->loc, "expected a value for %s, found %s", what, p4_describe(c, t));
  }
  if (!in_section && k->allow_default && p4_slice_is(t->text, t->len, "Default_Value")) {
    v->is_default = 1;
    return;
  }
  if (!in_section && k->allow_max && p4_slice_is(t->text, t->len, "Max_Value")) {
    v->is_max = 1;
    return;
  }
  switch (k->kind) {
  case P4_V_TYPE:
    v->choice = p4_find_type(t->text, t->len);
    if (v->choice < 0)
      p4_fail(c, &t->loc, "unknown measurement type '%s' (expected a SKaMPI 4 type number or name, or a "
              "SKaMPI 5 measurement name, from the table at the top of params4.c)", p4_word(c, t->text, t->len));
    break;
  case P4_V_VARIATION:
    v->choice = p4_find_name(p4_variation_names, t->text, t->len);
    if (v->choice < 0) p4_bad_value(c, k, what, t, in_section);
    break;
  case P4_V_SCALE:
    v->choice = p4_find_name(p4_scale_names, t->text, t->len);
    if (v->choice < 0) p4_bad_value(c, k, what, t, in_section);
    break;
  case P4_V_YESNO:
    v->choice = p4_find_name(p4_yes_no_names, t->text, t->len);
    if (v->choice < 0) p4_bad_value(c, k, what, t, in_section);
    break;
  case P4_V_INT:
    if (!p4_parse_long(t->text, t->len, &l, NULL) || (double)l < k->min || (double)l > k->max)
      p4_bad_value(c, k, what, t, in_section);
    v->ival = l;
    v->dval = (double)l;
    break;
  case P4_V_NUMBER:
    if (!p4_parse_double(c, t->text, t->len, &d) || d < k->min || d > k->max ||
        (k->min_excluded && d <= k->min) || (k->max_excluded && d >= k->max))
      p4_bad_value(c, k, what, t, in_section);
    v->dval = d;
    v->ival = (long)d;
    break;
  }
}

/* ---- value sections ---- */

/* The one word of a value section, or a message. */
static void p4_section_word(p4_ctx *c, const p4_section *sec, p4_token *value)
{
  p4_cursor cur;
  p4_token extra;
  p4_cursor_init(&cur, sec);
  p4_next(&cur, value);
  if (value->kind == P4_TK_END) p4_fail(c, &sec->loc, "section @%s needs a value", sec->def->label);
  if (value->kind != P4_TK_WORD)
    p4_fail(c, &value->loc, "unexpected %s in section @%s", p4_describe(c, value), sec->def->label);
  p4_next(&cur, &extra);
  if (extra.kind != P4_TK_END)
    p4_fail(c, &extra.loc, "unexpected %s after the value of @%s (one value expected)",
            p4_describe(c, &extra), sec->def->label);
}

static void p4_parse_memory(p4_ctx *c, p4_section *sec)
{
  p4_token t;
  long value, mult;
  p4_section_word(c, sec, &t);
  sec->value_loc = t.loc;
  if (!p4_parse_long(t.text, t.len, &value, &mult) || value < 1 ||
      (mult == 0 && value > LONG_MAX / 1024) || (mult != 0 && value < 1024))
    p4_fail(c, &t.loc, "bad value '%s' for @MEMORY: expected a size of at least 1 KiB (a number of KiB, "
            "or with a suffix kb, mb, gb)", p4_word(c, t.text, t.len));
  sec->ival = mult == 0 ? value * 1024 : value;
}

static void p4_parse_section_values(p4_ctx *c, p4_section *sec)
{
  p4_token t;
  p4_value v;
  const char *label = sec->def->label;
  char what[64];
  switch (sec->def->kind) {
  case SEC_MEMORY:
    p4_parse_memory(c, sec);
    break;
  case SEC_SETTING:
  case SEC_MULTIPLE_OF:
    p4_section_word(c, sec, &t);
    memset(&v, 0, sizeof v);
    sprintf(what, "@%.40s", label);
    p4_parse_value(c, sec->def->key, what, &t, &v, 1);
    sec->value_loc = t.loc;
    sec->ival = v.ival;
    sec->dval = v.dval;
    break;
  case SEC_YES_NO:
  case SEC_SWITCH:
    p4_section_word(c, sec, &t);
    sec->value_loc = t.loc;
    sec->ival = p4_find_name(p4_yes_no_names, t.text, t.len);
    if (sec->ival < 0)
      p4_fail(c, &t.loc, "bad value '%s' for @%s: expected yes or no", p4_word(c, t.text, t.len), label);
    break;
  case SEC_FILE_NAME:
    if (sec->nfrags == 0) p4_fail(c, &sec->loc, "section @%s needs a file name", label);
    sec->value_loc = sec->frags[0].loc;
    break;
  default:
    break;
  }
}

/* ---- measurement blocks ---- */

static int p4_find_key(const char *s, size_t n)
{
  int i;
  for (i = 0; i < P4_NKEYS; i++) if (p4_slice_is(s, n, p4_keys[i].name)) return i;
  return -1;
}

static void p4_unknown_key(p4_ctx *c, const p4_token *t, const p4_block *b)
{
  sk_str known;
  int i;
  sk_str_init(&known);
  for (i = 0; i < P4_NKEYS; i++) {
    if (i) sk_str_puts(&known, ", ");
    sk_str_puts(&known, p4_keys[i].name);
  }
  sk_str_clear(&c->text_buf);
  sk_str_puts(&c->text_buf, known.data);
  sk_str_free(&known);
  p4_fail(c, &t->loc, "unknown key '%s' in measurement '%s' (known keys: %s)",
          p4_word(c, t->text, t->len), b->name, c->text_buf.data);
}

static const p4_type *p4_block_type(const p4_block *b) { return &p4_types[b->v[K_TYPE].choice]; }

static int p4_type_uses(const p4_type *t, const char *what)
{
  return strstr(t->arguments, what) != NULL;
}

static int p4_is_logarithmic(const p4_block *b)
{
  int s = b->v[K_SCALE].choice;
  return s == SCALE_FIXED_LOG || s == SCALE_DYNAMIC_LOG;
}

static int p4_is_dynamic(const p4_block *b)
{
  int s = b->v[K_SCALE].choice;
  return b->v[K_VARIATION].choice != VAR_NONE && (s == SCALE_DYNAMIC_LINEAR || s == SCALE_DYNAMIC_LOG);
}

/* 1 if the key was given with a value of its own (not Default_Value/Max_Value). */
static int p4_has_own_value(const p4_block *b, int key)
{
  return b->v[key].given && !b->v[key].is_default && !b->v[key].is_max;
}

/* The first value of the loop (see Start_Argument in the top comment). */
static long p4_first_value(const p4_block *b)
{
  int variation = b->v[K_VARIATION].choice;
  long first;
  if (p4_has_own_value(b, K_START)) first = b->v[K_START].ival;
  else first = variation == VAR_NODES ? 2 : variation == VAR_CHUNKS ? 1 : 0;
  if (variation == VAR_LENGTH && p4_is_logarithmic(b) && first < 1) first = 1;
  if (variation == VAR_NODES && first < 2) first = 2;
  if (variation == VAR_CHUNKS && first < 1) first = 1;
  return first;
}

static const sk_loc *p4_key_or(const p4_block *b, int key, const sk_loc *fallback)
{
  return b->v[key].given ? &b->v[key].value_loc : fallback;
}

/* Checks a complete block against its type: everything that does not depend on the
** settings sections. */
static void p4_check_block(p4_ctx *c, const p4_block *b)
{
  const p4_type *t;
  int variation;
  const char *vname;
  if (!b->v[K_TYPE].given) p4_fail(c, &b->name_loc, "measurement '%s' has no Type", b->name);
  if (!b->v[K_VARIATION].given)
    p4_fail(c, &b->name_loc, "measurement '%s' has no Variation (Length, Nodes, Chunks or No_variation)", b->name);
  t = p4_block_type(b);
  variation = b->v[K_VARIATION].choice;
  vname = p4_variation_names[variation];
  if (variation == VAR_NONE) return;
  if (!b->v[K_SCALE].given)
    p4_fail(c, &b->name_loc, "measurement '%s' varies over %s but has no Scale (Fixed_linear, Fixed_log, "
            "Dynamic_linear or Dynamic_log)", b->name, vname);
  if (variation == VAR_LENGTH && !p4_type_uses(t, "len"))
    p4_fail(c, &b->v[K_VARIATION].value_loc, "Type %s has no message length: use Variation = %s",
            t->skampi4_name, p4_family_of(t) == FAM_SIMPLE ? "No_variation" : "Nodes or No_variation");
  if (variation == VAR_NODES && (p4_family_of(t) == FAM_P2P || p4_family_of(t) == FAM_SIMPLE))
    p4_fail(c, &b->v[K_VARIATION].value_loc, "Variation = Nodes is not possible with Type %s (it %s)",
            t->skampi4_name, p4_family_of(t) == FAM_P2P ? "always uses two processes" : "runs on one process");
  if (variation == VAR_CHUNKS && p4_family_of(t) != FAM_MASTER_WORKER)
    p4_fail(c, &b->v[K_VARIATION].value_loc, "Variation = Chunks needs a master-worker Type, not %s",
            t->skampi4_name);
  if (p4_has_own_value(b, K_STEPWIDTH)) {
    double step = b->v[K_STEPWIDTH].dval;
    if (p4_is_logarithmic(b) && step <= 1.0)
      p4_fail(c, &b->v[K_STEPWIDTH].value_loc, "Stepwidth must be larger than 1 with a logarithmic Scale "
              "(the values are multiplied by it)");
    if (!p4_is_logarithmic(b) && (step != floor(step) || step < 1.0))
      p4_fail(c, &b->v[K_STEPWIDTH].value_loc, "Stepwidth must be a whole number >= 1 with a linear Scale");
  }
  if (p4_has_own_value(b, K_END)) {
    long first = p4_first_value(b);
    if (b->v[K_END].ival < first)
      p4_fail(c, &b->v[K_END].value_loc, "End_Argument %ld is smaller than the first value %ld of the %s loop",
              b->v[K_END].ival, first, p4_loop_variable[variation]);
  } else if (variation == VAR_CHUNKS) {
    p4_fail(c, p4_key_or(b, K_END, &b->name_loc), "Variation = Chunks needs a number as End_Argument "
            "(there is no largest number of chunks)");
  }
}

/* Reads the name before '{': the words of one line. *t is its first word; on return
** *t is the '{'. */
static void p4_read_block_name(p4_ctx *c, p4_cursor *cur, p4_token *t, sk_loc *name_loc)
{
  int line = t->loc.line;
  *name_loc = t->loc;
  sk_str_clear(&c->name_buf);
  sk_str_putn(&c->name_buf, "", 0);
  while (t->kind == P4_TK_WORD && t->loc.line == line) {
    if (c->name_buf.len) sk_str_putc(&c->name_buf, ' ');
    sk_str_putn(&c->name_buf, t->text, t->len);
    p4_next(cur, t);
  }
  if (strchr(c->name_buf.data, '"'))
    p4_fail(c, name_loc, "a measurement name cannot contain '\"'");
  if (t->kind != P4_TK_LBRACE)
    p4_fail(c, &t->loc, "expected '{' after the measurement name '%s', found %s",
            c->name_buf.data, p4_describe_at(c, cur, t));
}

static void p4_parse_block(p4_ctx *c, p4_cursor *cur, p4_token *t, size_t section)
{
  p4_block *b;
  sk_loc name_loc;
  size_t i;
  p4_read_block_name(c, cur, t, &name_loc);
  for (i = 0; i < c->nblocks; i++)
    if (sk_streq(c->blocks[i].name, c->name_buf.data))
      p4_fail(c, &name_loc, "measurement '%s' defined twice (first at line %d)", c->name_buf.data,
              c->blocks[i].name_loc.line);
  c->blocks = (p4_block *)sk_grow(c->blocks, &c->capblocks, c->nblocks + 1, sizeof(p4_block));
  b = &c->blocks[c->nblocks++];
  memset(b, 0, sizeof *b);
  b->name = sk_strdup(c->name_buf.data);
  b->section = section;
  b->name_loc = name_loc;
  for (;;) {
    p4_token value, end;
    int key;
    p4_next(cur, t);
    if (t->kind == P4_TK_RBRACE) break;
    if (t->kind == P4_TK_END)
      p4_fail(c, &t->loc, "%s before the '}' closing measurement '%s' (opened at line %d)",
              cur->sec->last ? "end of file" : "new section", b->name, b->name_loc.line);
    if (t->kind != P4_TK_WORD)
      p4_fail(c, &t->loc, "expected a key or '}' in measurement '%s', found %s", b->name, p4_describe(c, t));
    key = p4_find_key(t->text, t->len);
    if (key < 0) p4_unknown_key(c, t, b);
    if (b->v[key].given)
      p4_fail(c, &t->loc, "%s given twice in measurement '%s' (first at line %d)", p4_keys[key].name,
              b->name, b->v[key].key_loc.line);
    b->v[key].given = 1;
    b->v[key].key_loc = t->loc;
    p4_next(cur, t);
    if (t->kind != P4_TK_EQUALS)
      p4_fail(c, &t->loc, "expected '=' after %s, found %s", p4_keys[key].name, p4_describe_at(c, cur, t));
    p4_next(cur, &value);
    if (value.kind != P4_TK_WORD)
      p4_fail(c, &value.loc, "expected a value after '%s =', found %s", p4_keys[key].name,
              p4_describe_at(c, cur, &value));
    p4_parse_value(c, key, p4_keys[key].name, &value, &b->v[key], 0);
    p4_next(cur, &end);
    if (end.kind != P4_TK_SEMICOLON)
      p4_fail(c, &end.loc, "expected ';' after the value of %s, found %s", p4_keys[key].name,
              p4_describe_at(c, cur, &end));
  }
  b->close_loc = t->loc;
  p4_check_block(c, b);
}

static void p4_parse_measurements(p4_ctx *c, size_t section)
{
  const p4_section *sec = &c->sections[section];
  p4_cursor cur;
  p4_token t;
  p4_cursor_init(&cur, sec);
  p4_next(&cur, &t);
  while (t.kind != P4_TK_END) {
    if (t.kind == P4_TK_RBRACE) p4_fail(c, &t.loc, "'}' without a matching '{'");
    if (t.kind != P4_TK_WORD)
      p4_fail(c, &t.loc, "expected the name of a measurement, found %s", p4_describe(c, &t));
    p4_parse_block(c, &cur, &t, section);
    p4_next(&cur, &t);
  }
}

static void p4_read(p4_ctx *c)
{
  size_t i;
  const p4_section *min_rep = NULL, *max_rep = NULL;
  p4_split(c);
  for (i = 0; i < c->nsections; i++) {
    p4_section *sec = &c->sections[i];
    if (sec->def->kind == SEC_MEASUREMENTS) p4_parse_measurements(c, i);
    else p4_parse_section_values(c, sec);
    if (sec->def->kind == SEC_SETTING && sec->def->key == K_MIN_REP) min_rep = sec;
    if (sec->def->kind == SEC_SETTING && sec->def->key == K_MAX_REP) max_rep = sec;
  }
  if (min_rep && max_rep && min_rep->ival > max_rep->ival) {
    const p4_section *later = min_rep->loc.line > max_rep->loc.line ? min_rep : max_rep;
    p4_fail(c, &later->value_loc, "@MIN_REP %ld is larger than @MAX_REP %ld", min_rep->ival, max_rep->ival);
  }
}

/* ---- building the tree ---- */

/* A literal is never negative zero (-666E-666666666 reads as -0.0): printed as "-0.0" it
** would read back as a minus applied to 0.0, another tree (found by fuzzing). */
static sk_expr *p4_double(double value, const sk_loc *loc)
{
  sk_expr *e = sk_expr_new(E_DOUBLE, loc);
  e->dval = value == 0.0 ? 0.0 : value;
  return e;
}

/* A whole value as an integer literal, anything else as a double. */
static sk_expr *p4_number(double value, const sk_loc *loc)
{
  if (value == floor(value) && fabs(value) <= (double)P4_MAX_COUNT) return sk_expr_int((long)value, loc);
  return p4_double(value, loc);
}

static sk_expr *p4_string(const char *text, const sk_loc *loc)
{
  sk_expr *e = sk_expr_new(E_STRING, loc);
  e->name = sk_strdup(text);
  return e;
}

static sk_expr *p4_binary(sk_expr *left, int op, sk_expr *right, const sk_loc *loc)
{
  sk_expr *e = sk_expr_new(E_BINARY, loc);
  e->op = op;
  sk_expr_add_arg(e, left);
  sk_expr_add_arg(e, right);
  return e;
}

static sk_expr *p4_call1(const char *name, sk_expr *arg, const sk_loc *loc)
{
  sk_expr *e = sk_expr_call0(name, loc);
  if (arg) sk_expr_add_arg(e, arg);
  return e;
}

static void p4_add_call(sk_block *into, const char *helper, sk_expr *arg, const sk_loc *loc)
{
  sk_stmt *s = sk_stmt_new(S_CALL, loc);
  sk_block_add(into, s);
  s->expr = p4_call1(helper, arg, loc);
}

static sk_expr *p4_setting_value(int setting, double value, const sk_loc *loc)
{
  if (p4_setting_is_integer[setting]) return sk_expr_int((long)value, loc);
  return p4_double(value, loc);
}

static double p4_seconds(double minutes)
{
  return floor(minutes * 60.0 * 1e6 + 0.5) / 1e6;   /* to the microsecond */
}

/* A string for output_comment: '"' would end it, control characters do not belong. */
static void p4_put_comment_text(sk_str *out, const char *text, size_t len)
{
  size_t i;
  for (i = 0; i < len; i++) {
    int ch = (unsigned char)text[i];
    if (ch == '"') ch = '\'';
    else if (ch < 32 || ch == 127) ch = ' ';
    sk_str_putc(out, ch);
  }
}

static void p4_add_comment(p4_ctx *c, const char *text, const sk_loc *loc)
{
  sk_stmt *s = sk_stmt_new(S_CALL, loc);
  sk_block_add(&c->prog->top, s);
  s->expr = p4_call1("output_comment", p4_string(text, loc), loc);
}

static void p4_emit_section(p4_ctx *c, const p4_section *sec)
{
  const p4_section_def *d = sec->def;
  size_t i;
  switch (d->kind) {
  case SEC_TEXT:
    for (i = 0; i < sec->nfrags; i++) {
      sk_str_clear(&c->text_buf);
      sk_str_printf(&c->text_buf, "%s: ", d->label);
      p4_put_comment_text(&c->text_buf, sec->frags[i].text, sec->frags[i].len);
      p4_add_comment(c, c->text_buf.data, &sec->frags[i].loc);
    }
    break;
  case SEC_FILE_NAME:
    sk_str_clear(&c->text_buf);
    sk_str_printf(&c->text_buf, "%s: ", d->label);
    for (i = 0; i < sec->nfrags; i++) {
      if (i) sk_str_putc(&c->text_buf, ' ');
      p4_put_comment_text(&c->text_buf, sec->frags[i].text, sec->frags[i].len);
    }
    sk_str_printf(&c->text_buf, " (%s)", d->note);
    p4_add_comment(c, c->text_buf.data, &sec->value_loc);
    break;
  case SEC_YES_NO:
    sk_str_clear(&c->text_buf);
    sk_str_printf(&c->text_buf, "%s: %s (%s)", d->label, p4_yes_no_names[sec->ival], d->note);
    p4_add_comment(c, c->text_buf.data, &sec->value_loc);
    if (sk_streq(d->label, "POSTPROC") && sk_streq(p4_yes_no_names[sec->ival], "yes")) {
      sk_stmt *call = sk_stmt_new(S_CALL, &sec->value_loc);
      call->expr = sk_expr_call0("merge_with_backups", &sec->value_loc);
      sk_block_add(&c->prog->top, call);
    }
    break;
  case SEC_MEMORY:
    p4_add_call(&c->prog->top, "set_skampi_buffer", sk_expr_int(sec->ival, &sec->value_loc), &sec->value_loc);
    break;
  case SEC_SWITCH:
    sk_str_clear(&c->text_buf);
    sk_str_printf(&c->text_buf, "switch_%s_%s", d->note, sec->ival ? "on" : "off");
    p4_add_call(&c->prog->top, c->text_buf.data, NULL, &sec->value_loc);
    break;
  case SEC_SETTING: {
    int setting = p4_keys[d->key].setting;
    p4_add_call(&c->prog->top, p4_setting_helper[setting],
                p4_setting_value(setting, c->setting[setting], &sec->value_loc), &sec->value_loc);
    break;
  }
  default:
    break;
  }
}

/* The values in force at the top level: skampi's defaults, then the @ sections. */
static void p4_collect_settings(p4_ctx *c)
{
  sk_settings defaults;
  size_t i;
  sk_settings_default(&defaults);
  c->setting[P4_SET_MIN_REPS] = defaults.asec.min_reps;
  c->setting[P4_SET_MAX_REPS] = defaults.asec.max_reps;
  c->setting[P4_SET_REL_ERROR] = defaults.asec.max_rel_error;
  c->setting[P4_SET_CUT_QUANTILE] = defaults.asec.cut_quantile;
  c->setting[P4_SET_TIME_MEAS] = defaults.asec.time_limit;
  c->setting[P4_SET_TIME_SUITE] = defaults.suite_time_limit;
  c->setting[P4_SET_MAX_STEPS] = defaults.apr.max_steps;
  c->setting[P4_SET_MIN_DISTANCE] = defaults.apr.min_distance;
  c->setting[P4_SET_NODE_TIMES] = defaults.max_node_times;
  c->buffer_bytes = (long)defaults.buffers.size;
  c->multiple_of = 0;
  for (i = 0; i < c->nsections; i++) {
    const p4_section *sec = &c->sections[i];
    if (sec->def->kind == SEC_SETTING) {
      const p4_key_def *k = &p4_keys[sec->def->key];
      c->setting[k->setting] = k->minutes ? p4_seconds(sec->dval) : k->kind == P4_V_INT ? (double)sec->ival : sec->dval;
      c->setting_given[k->setting] = 1;
    } else if (sec->def->kind == SEC_MEMORY) {
      c->buffer_bytes = sec->ival;
    } else if (sec->def->kind == SEC_MULTIPLE_OF) {
      c->multiple_of = sec->ival;
    }
  }
}

/* The block's own value of a setting; 0 if it has none (or it does not apply). */
static int p4_block_setting(const p4_block *b, int key, double *value)
{
  const p4_key_def *k = &p4_keys[key];
  const p4_value *v = &b->v[key];
  if (!v->given || v->is_default) return 0;
  if ((k->setting == P4_SET_MAX_STEPS || k->setting == P4_SET_MIN_DISTANCE) && !p4_is_dynamic(b)) return 0;
  if (k->kind == P4_V_YESNO) {
    if (v->choice == 1) return 0;          /* Node_Times = yes: keep the default */
    *value = 0;
    return 1;
  }
  *value = k->minutes ? p4_seconds(v->dval) : k->kind == P4_V_INT ? (double)v->ival : v->dval;
  return 1;
}

static void p4_check_repetitions(p4_ctx *c, const p4_block *b)
{
  int min_own = p4_has_own_value(b, K_MIN_REP), max_own = p4_has_own_value(b, K_MAX_REP);
  double min_reps = c->setting[P4_SET_MIN_REPS], max_reps = c->setting[P4_SET_MAX_REPS];
  if (!(min_own || c->setting_given[P4_SET_MIN_REPS]) || !(max_own || c->setting_given[P4_SET_MAX_REPS])) return;
  if (min_own) min_reps = (double)b->v[K_MIN_REP].ival;
  if (max_own) max_reps = (double)b->v[K_MAX_REP].ival;
  if (min_reps > max_reps)
    p4_fail(c, min_own ? &b->v[K_MIN_REP].value_loc : &b->v[K_MAX_REP].value_loc,
            "minimum repetitions %.0f are more than the maximum %.0f in measurement '%s'",
            min_reps, max_reps, b->name);
}

static long p4_multiple_of(const p4_ctx *c, const p4_block *b, const p4_type *t)
{
  long m = p4_has_own_value(b, K_MULTIPLE_OF) ? b->v[K_MULTIPLE_OF].ival : c->multiple_of;
  if (m < 1) m = 1;
  if (b->v[K_VARIATION].choice == VAR_LENGTH && p4_type_uses(t, "len/4"))
    m = m % 4 == 0 ? m : m % 2 == 0 ? 2 * m : 4 * m;     /* lcm(m, 4): whole ints */
  return m;
}

/* The number of processes an expression of the block may use: Default_Nodes or get_np(). */
static sk_expr *p4_processes(const p4_block *b, const sk_loc *loc)
{
  if (p4_has_own_value(b, K_DEFAULT_NODES)) return sk_expr_int(b->v[K_DEFAULT_NODES].ival, loc);
  return sk_expr_call0("get_np", loc);
}

/* Upper bound of a Dynamic scale over Length up to Max_Value: the largest length whose
** buffers fit into the buffer (@MEMORY or skampi's default) minus the alignment slack,
** given the type's need per byte, rounded down to the multiple. */
static sk_expr *p4_length_bound(const p4_ctx *c, const p4_block *b, const p4_type *t, long multiple,
                                const sk_loc *loc)
{
  long usable = c->buffer_bytes - P4_BUFFER_SLACK, divisor = 1;
  sk_expr *e;
  if (usable < 1) usable = 1;
  switch (t->need) {
  case NEED_NOTHING: case NEED_ONE: divisor = 1; break;
  case NEED_TWO: divisor = 2; break;
  case NEED_THREE: divisor = 3; break;
  case NEED_PROCS_PLUS_ONE:
  case NEED_TWICE_PROCS:
    if (p4_has_own_value(b, K_DEFAULT_NODES)) {
      long n = b->v[K_DEFAULT_NODES].ival;
      divisor = t->need == NEED_PROCS_PLUS_ONE ? n + 1 : 2 * n;
      break;
    }
    e = t->need == NEED_PROCS_PLUS_ONE
        ? p4_binary(p4_processes(b, loc), TK_PLUS, sk_expr_int(1, loc), loc)
        : p4_binary(sk_expr_int(2, loc), TK_STAR, p4_processes(b, loc), loc);
    e = p4_binary(sk_expr_int(usable, loc), TK_SLASH, e, loc);
    if (multiple > 1)
      e = p4_binary(p4_binary(e, TK_SLASH, sk_expr_int(multiple, loc), loc), TK_STAR, sk_expr_int(multiple, loc), loc);
    return e;
  }
  usable /= divisor;
  if (multiple > 1 && usable >= multiple) usable = usable / multiple * multiple;
  return sk_expr_int(usable, loc);
}

/* The message length (or chunks) argument: the loop variable or the block's default. */
static sk_expr *p4_argument(const p4_block *b, const char *token, const sk_loc *type_loc)
{
  int variation = b->v[K_VARIATION].choice;
  const sk_loc *var_loc = &b->v[K_VARIATION].key_loc;
  if (sk_streq(token, "len") || sk_streq(token, "len/4")) {
    int quarter = token[3] == '/';
    if (variation == VAR_LENGTH) {
      sk_expr *len = sk_expr_var("length", var_loc);
      return quarter ? p4_binary(len, TK_SLASH, sk_expr_int(4, var_loc), var_loc) : len;
    } else {
      long length = p4_has_own_value(b, K_DEFAULT_LENGTH) ? b->v[K_DEFAULT_LENGTH].ival : P4_DEFAULT_MESSAGE_LENGTH;
      const sk_loc *loc = p4_has_own_value(b, K_DEFAULT_LENGTH) ? &b->v[K_DEFAULT_LENGTH].value_loc : type_loc;
      return sk_expr_int(quarter ? length / 4 : length, loc);
    }
  }
  if (sk_streq(token, "chunks")) {
    if (variation == VAR_CHUNKS) return sk_expr_var("chunks", var_loc);
    if (p4_has_own_value(b, K_DEFAULT_CHUNKS) && b->v[K_DEFAULT_CHUNKS].ival > 0)
      return sk_expr_int(b->v[K_DEFAULT_CHUNKS].ival, &b->v[K_DEFAULT_CHUNKS].value_loc);
    return sk_expr_int(P4_DEFAULT_CHUNKS, p4_key_or(b, K_DEFAULT_CHUNKS, type_loc));
  }
  if (strncmp(token, "MPI_", 4) == 0) return sk_expr_var(token, type_loc);
  if (strchr(token, '.')) return p4_double(strtod(token, NULL), type_loc);
  return sk_expr_int(strtol(token, NULL, 10), type_loc);
}

static sk_expr *p4_measure_call(const p4_block *b, const p4_type *t, const sk_loc *type_loc)
{
  sk_expr *call = sk_expr_call0(t->function, type_loc);
  const char *p = t->arguments;
  char token[32];
  while (*p) {
    size_t n = strcspn(p, ",");
    if (n >= sizeof token) n = sizeof token - 1;   /* the table's tokens are short */
    memcpy(token, p, n);
    token[n] = '\0';
    sk_expr_add_arg(call, p4_argument(b, token, type_loc));
    p += n;
    if (*p == ',') p++;
  }
  return call;
}

static sk_expr *p4_communicator(const p4_block *b, const p4_type *t, const sk_loc *type_loc)
{
  int variation = b->v[K_VARIATION].choice;
  if (p4_family_of(t) == FAM_P2P) return sk_expr_var("comm_pt2pt", type_loc);
  if (p4_family_of(t) == FAM_SIMPLE) return p4_call1("comm", sk_expr_int(1, type_loc), type_loc);
  if (variation == VAR_NODES)
    return p4_call1("comm", sk_expr_var("nodes", &b->v[K_VARIATION].key_loc), &b->v[K_VARIATION].key_loc);
  if (p4_has_own_value(b, K_DEFAULT_NODES))
    return p4_call1("comm", sk_expr_int(b->v[K_DEFAULT_NODES].ival, &b->v[K_DEFAULT_NODES].value_loc),
                    &b->v[K_DEFAULT_NODES].value_loc);
  return sk_expr_var("MPI_COMM_WORLD", type_loc);
}

static void p4_fill_loop(p4_ctx *c, const p4_block *b, const p4_type *t, sk_stmt *loop)
{
  int variation = b->v[K_VARIATION].choice, logarithmic = p4_is_logarithmic(b);
  const sk_loc *loc = &b->v[K_VARIATION].key_loc;
  long multiple = p4_multiple_of(c, b, t);
  double step;
  loop->name = sk_strdup(p4_loop_variable[variation]);
  loop->autorefine = p4_is_dynamic(b);
  loop->from = sk_expr_int(p4_first_value(b), p4_key_or(b, K_START, loc));
  if (p4_has_own_value(b, K_END)) {
    loop->to = sk_expr_int(b->v[K_END].ival, &b->v[K_END].value_loc);
  } else if (variation == VAR_NODES) {
    loop->to = sk_expr_call0("get_np", p4_key_or(b, K_END, loc));
  } else if (loop->autorefine) {
    loop->to = p4_length_bound(c, b, t, multiple, p4_key_or(b, K_END, loc));
    if (loop->to->kind == E_INT && loop->to->ival < loop->from->ival)
      p4_fail(c, &loop->from->loc, "the first message length %ld is larger than %ld, the longest whose buffers "
              "fit into the buffer of %ld bytes (raise @MEMORY or give End_Argument)", loop->from->ival,
              loop->to->ival, c->buffer_bytes);
  }                                        /* else '...': up to the buffer */
  step = p4_has_own_value(b, K_STEPWIDTH) ? b->v[K_STEPWIDTH].dval : logarithmic ? 2.0 : 1.0;
  loop->step = p4_number(step, p4_key_or(b, K_STEPWIDTH, loc));
  loop->step_multiplies = logarithmic;
  if (multiple > 1) loop->multiple_of = sk_expr_int(multiple, p4_key_or(b, K_MULTIPLE_OF, loc));
}

/*
** THE CATALOGUE CHECK -- the translator itself needs only p4_types and the rows' patterns.
** sk_params4_parse then checks, as the .ski parser does, that every measurement
** function is in the catalogue with matching parameters (whether this build can run it
** is checked for both front ends by sk_parse_check_available); sk_params4_translate
** skips that check, for `-t` and tests.
**
*/
static void p4_check_measure(p4_ctx *c, const sk_expr *call, const p4_type *t)
{
  const sk_measurement *m = sk_catalogue_find(call->name);
  if (m == NULL)
    p4_fail(c, &call->loc, "unknown measurement function '%s' (the translation of Type %s)", call->name,
            t->skampi4_name);
  if (!sk_parse_check_args("measurement function", m->name, m->params, call, c->err)) longjmp(c->fail, 1);
}

static void p4_emit_block(p4_ctx *c, const p4_block *b)
{
  const p4_type *t = p4_block_type(b);
  const sk_loc *type_loc = &b->v[K_TYPE].value_loc;
  int overridden[P4_NSETTINGS], key;
  sk_stmt *block, *measure;
  sk_block *body;
  p4_check_repetitions(c, b);
  if (p4_family_of(t) == FAM_P2P && !c->p2p_comm_defined) {
    sk_stmt *s = sk_stmt_new(S_ASSIGN, type_loc);
    sk_block_add(&c->prog->top, s);
    s->name = sk_strdup("comm_pt2pt");
    s->expr = sk_expr_call0("comm2_max_latency_with_root", type_loc);
    c->p2p_comm_defined = 1;
  }
  block = sk_stmt_new(S_MEASUREMENT, &b->name_loc);
  sk_block_add(&c->prog->top, block);
  block->name = sk_strdup(b->name);
  memset(overridden, 0, sizeof overridden);
  for (key = 0; key < P4_NKEYS; key++) {
    int setting = p4_keys[key].setting;
    double value;
    if (setting == P4_SET_NONE || !p4_block_setting(b, key, &value) || value == c->setting[setting]) continue;
    p4_add_call(&block->body, p4_setting_helper[setting], p4_setting_value(setting, value, &b->v[key].value_loc),
                &b->v[key].key_loc);
    overridden[setting] = 1;
  }
  body = &block->body;
  if (b->v[K_VARIATION].choice != VAR_NONE) {
    sk_stmt *loop = sk_stmt_new(S_FOR_RANGE, &b->v[K_VARIATION].key_loc);
    sk_block_add(body, loop);
    p4_fill_loop(c, b, t, loop);
    body = &loop->body;
  }
  measure = sk_stmt_new(S_MEASURE, &b->v[K_TYPE].key_loc);
  sk_block_add(body, measure);
  measure->expr = p4_communicator(b, t, type_loc);
  measure->call = p4_measure_call(b, t, type_loc);
  if (c->check_catalogue) p4_check_measure(c, measure->call, t);
  for (key = 0; key < P4_NSETTINGS; key++)
    if (overridden[key])
      p4_add_call(&c->prog->top, p4_setting_helper[key], p4_setting_value(key, c->setting[key], &b->close_loc),
                  &b->close_loc);
}

/* Helper calls of the translation must exist with these arguments (guards the
** translator against changes of the helper table). */
static void p4_check_expr(p4_ctx *c, const sk_expr *e)
{
  int i;
  if (e == NULL) return;
  if (e->kind == E_CALL) {
    const sk_builtin *b = sk_builtin_find(e->name);
    if (b == NULL) p4_fail(c, &e->loc, "unknown function '%s' in the translation", e->name);
    if (!sk_parse_check_args("helper function", e->name, b->params, e, c->err)) longjmp(c->fail, 1);
  }
  for (i = 0; i < e->nargs; i++) p4_check_expr(c, e->args[i]);
}

static void p4_check_helpers(p4_ctx *c, const sk_block *b)
{
  size_t i;
  for (i = 0; i < b->n; i++) {
    const sk_stmt *s = b->items[i];
    p4_check_expr(c, s->expr);         /* S_MEASURE: the communicator; its call is checked */
    p4_check_expr(c, s->from);
    p4_check_expr(c, s->to);
    p4_check_expr(c, s->step);
    p4_check_expr(c, s->multiple_of);
    p4_check_helpers(c, &s->body);
  }
}

/* The switch sections before section `limit` not yet emitted (*next: the first one that
** may be), in file order: a switch applies to the blocks that follow it. */
static void p4_emit_switches(p4_ctx *c, size_t *next, size_t limit)
{
  for (; *next < limit; (*next)++)
    if (c->sections[*next].def->kind == SEC_SWITCH) p4_emit_section(c, &c->sections[*next]);
}

static void p4_generate(p4_ctx *c)
{
  size_t i, next_switch = 0;
  p4_collect_settings(c);
  for (i = 0; i < c->nsections; i++)
    if (c->sections[i].def->kind != SEC_SWITCH) p4_emit_section(c, &c->sections[i]);
  for (i = 0; i < c->nblocks; i++) {
    p4_emit_switches(c, &next_switch, c->blocks[i].section);
    p4_emit_block(c, &c->blocks[i]);
  }
  p4_emit_switches(c, &next_switch, c->nsections);
  if (c->check_catalogue) p4_check_helpers(c, &c->prog->top);
}

/* ---- entry points ---- */

SK_API int sk_params4_detect(const char *path, const char *text)
{
  const char *p;
  if (path) {
    size_t n = strlen(path);
    if (n >= 4 && sk_strcaseeq(path + n - 4, ".par")) return 1;
  }
  if (text == NULL) return 0;
  p = text;
  if (strncmp(p, "\xEF\xBB\xBF", 3) == 0) p += 3;
  while (*p) {
    while (p4_is_blank((unsigned char)*p)) p++;
    if (*p == '@') {
      const char *name = p + 1, *after = name;
      while (p4_is_ident_char((unsigned char)*after)) after++;
      return !p4_slice_is(name, (size_t)(after - name), "include");
    }
    if (*p != '\n' && *p != '#' && *p != '\0') return 0;
    while (*p && *p != '\n') p++;
    if (*p == '\n') p++;
  }
  return 0;
}

static void p4_ctx_free(p4_ctx *c)
{
  size_t i;
  for (i = 0; i < c->nsections; i++) free(c->sections[i].frags);
  free(c->sections);
  for (i = 0; i < c->nblocks; i++) free(c->blocks[i].name);
  free(c->blocks);
  sk_str_free(&c->word);
  sk_str_free(&c->text_buf);
  sk_str_free(&c->name_buf);
  free(c);
}

static int p4_run(sk_sources *src, const char *path, sk_program *prog, sk_str *err, int check_catalogue)
{
  p4_ctx *c;
  const sk_source *s;
  memset(prog, 0, sizeof *prog);
  s = sk_sources_open_main(src, path, err);
  if (s == NULL) return 0;
  c = (p4_ctx *)sk_calloc(1, sizeof *c);
  c->file = s->name;
  c->text = s->text;
  c->err = err;
  c->prog = prog;
  c->check_catalogue = check_catalogue;
  if (setjmp(c->fail)) {
    sk_program_free(prog);
    p4_ctx_free(c);
    return 0;
  }
  if (strlen(s->text) != s->len) {
    sk_loc nul;
    const char *q;
    nul.file = s->name; nul.line = 1; nul.col = 1;
    for (q = s->text; *q; q++) { if (*q == '\n') { nul.line++; nul.col = 1; } else nul.col++; }
    p4_fail(c, &nul, "the file contains a NUL byte");
  }
  p4_read(c);
  p4_generate(c);
  p4_ctx_free(c);
  return 1;
}

SK_API int sk_params4_parse(sk_sources *src, const char *path, sk_program *prog, sk_str *err)
{
  return p4_run(src, path, prog, err, 1);
}

SK_API int sk_params4_translate(sk_sources *src, const char *path, sk_program *prog, sk_str *err)
{
  return p4_run(src, path, prog, err, 0);
}
/* --- end split/params4.c --- */
/* --- begin split/main.c --- */
#line 1 "split/main.c"
/*
** main.c -- the command line (SKaMPI 5 manual §2.3, §2.4) and the run:
** rank 0 reads and parses the input, the input files are broadcast and parsed on every
** process, then every process interprets the program while rank 0 writes the results.
**
**   skampi [-h] [-V] [-l [NAME]] [-n] [-s] [-t] [-v] [-q] [-F] [-i inputfile] [-o outputfile]
**          [-L logfile]
**   skampi -m OUT IN...  |  -r REPORT IN...  |  -x csv|json IN... [-o OUT]
** With an output file, rank 0 decides from the run's log (runlog.h) whether this run is
** fresh or continues an interrupted one, and tells the other processes.
*/
#line 13 "split/main.c"
#line 14 "split/main.c"
#line 15 "split/main.c"
#line 16 "split/main.c"
#line 17 "split/main.c"
#line 18 "split/main.c"
#line 19 "split/main.c"
#line 20 "split/main.c"
#line 21 "split/main.c"
#line 22 "split/main.c"
#line 23 "split/main.c"
#line 24 "split/main.c"
#line 25 "split/main.c"
#include <time.h>

typedef struct main_options {
  const char *input;      /* default skampi.ski */
  const char *output;     /* default: standard output */
  int syntax_only;        /* -n */
  int copy_input;         /* -s */
  int translate;          /* -t */
  int verify;             /* -v: switch_verification_on from the start */
  const char *merge_out;  /* -m OUT IN...: merge runs (SKaLib 3.4) */
  char **merge_in;
  int nmerge_in;
  sk_postproc post;       /* -r, -x: report and export (postproc.h) */
  int quiet;              /* -q: nothing on stderr but errors; the output file is unchanged */
  int fresh;              /* -F: never resume, even a changed input's interrupted run */
  const char *log;        /* -L FILE: the run's log (default OUTPUT.log) */
  unsigned long checksum; /* rank 0: of the input files as sent to the other processes */
  long input_bytes;
  const char *list_name;  /* -l NAME */
} main_options;

/* User errors are reached by every process alike (the program runs SPMD): they end
** with a clean finalize. An internal error may hit one process alone, while the others
** wait for it: it aborts them all. */
static void main_exit_hook(int status)
{
  sk_runlog_close(status);
  sk_io_files_finish();
  sk_out_close();
  if (status == SK_EXIT_INTERNAL) sk_tp_abort(status, NULL);
  sk_datatypes_release();
  sk_tp_finish();
}

static void main_usage(FILE *f)
{
  static const char *const lines[] = {
    "usage: skampi [-h] [-V] [-l [NAME]] [-n] [-s] [-t] [-v] [-q] [-F] [-i inputfile] [-o outputfile]",
    "              [-L logfile]",
    "  -h         show this help and exit",
    "  -V         print the version and exit",
    "  -l [NAME]  list the measurement functions (parameter names and types, pattern, least",
    "             number of processes, aliases), helpers and iterators (parameter and",
    "             result types) of this build, or only NAME; runs without mpirun, then exits",
    "  -i FILE    input file (.ski program or SKaMPI 4 parameter file; default skampi.ski)",
    "  -o FILE    output file (default: standard output); an existing file is kept as FILE.1",
    "             (a link to a file: its content is kept as FILE.1 and replaced through the",
    "             link; a device, FIFO or socket is written as it is)",
    "  -L FILE    the run's log (default: the output's name plus .log): an interrupted run",
    "             started again with the same input and output continues after its last",
    "             complete suite; a finished run starts afresh",
    "  -F         start afresh even if the log shows an interrupted run (old files kept)",
    "  -q         quiet: no progress or warnings on stderr (the output keeps its comments)",
    "  -n         check the input's syntax only, measure nothing",
    "  -s         copy the input into the output as '#> ' lines",
    "  -t         print the input as a .ski program (translation of SKaMPI 4 files) and exit",
    "  -v         verify: every measurement runs once with pattern-filled buffers before it is",
    "             timed and checks the data every process received (switch_verification_on);",
    "             wrong data ends the run with exit status 3 after the block",
    "  -m OUT IN1 IN2 ...  merge the results of several runs into OUT (SKaLib 3.4) and exit",
    "  -r OUT IN.sko ...   report: OUT.html (plots, tables) or OUT.gp (gnuplot scripts)",
    "  -x csv|json IN.sko ... [-o OUT]  export the result lines as CSV or JSON",
    "Environment: SKAMPI_WAIT=SECONDS, how long to wait for a log another run holds or for",
    "a FIFO's reader (default 10)."
  };
  size_t k;
  for (k = 0; k < sizeof lines / sizeof lines[0]; k++) fprintf(f, "%s\n", lines[k]);
  fprintf(f, "Backend: %s. Run it under mpirun (MPI), rccerun (RCCE) or alone (sequential).\n",
          SK_BACKEND_NAME);
}

/* -l [NAME], helpers and iterators: the group of a helper is that of the first row whose
** prefix starts its name (the SKaMPI 5 manual's §4.1 topics); no match: "settings". */
static const struct { const char *prefix; const char *group; } main_helper_groups[] = {
  { "set_io_", "MPI-IO" }, { "get_io_", "MPI-IO" }, { "print_data_access_settings", "MPI-IO" },
  { "print_file_info", "MPI-IO" }, { "set_file_info", "MPI-IO" }, { "reset_file_info", "MPI-IO" },
  { "choose_", "synchronization" }, { "set_clock_offset", "synchronization" },
  { "resynchronize_clocks", "synchronization" },
  { "output_", "output and environment" }, { "print_", "output and environment" },
  { "init_time_accounting", "output and environment" }, { "get_env", "output and environment" },
  { "mpi_processor_names", "output and environment" }, { "merge_with_backups", "output and environment" },
  { "comm", "communicators" }, { "copy_comm", "communicators" }, { "get_comm_", "communicators" },
  { "is_mpi_comm_null", "communicators" }, { "get_np", "communicators" },
  { "last_proc", "communicators" }, { "topology_", "communicators" },
  { "dims_create", "communicators" },
  { "sqr", "mathematics" }, { "cbrt", "mathematics" }, { "log", "mathematics" },
  { "power", "mathematics" }, { "floor", "mathematics" }, { "ceil", "mathematics" },
  { "round", "mathematics" }, { "modulo", "mathematics" }, { "min_int", "mathematics" },
  { "max_int", "mathematics" }, { "atoi", "mathematics" }, { "get_random_int", "mathematics" },
  { "alloc_int_array", "arrays" }, { "int_array_", "arrays" },
  { "mpi_type_", "datatypes" }, { "alloc_datatype_array", "datatypes" },
  { "datatype_array_", "datatypes" },
  { "info_", "info objects" }, { "set_mpi_alloc_mem_info", "info objects" },
  { "get_mpi_alloc_mem_info", "info objects" }
};
/* The groups in the order -l prints them. */
static const char *const main_group_order[] = {
  "settings", "synchronization", "output and environment", "communicators", "mathematics",
  "arrays", "datatypes", "info objects", "MPI-IO"
};

static const char *main_helper_group(const char *name)
{
  size_t k;
  for (k = 0; k < sizeof main_helper_groups / sizeof main_helper_groups[0]; k++)
    if (strncmp(name, main_helper_groups[k].prefix, strlen(main_helper_groups[k].prefix)) == 0)
      return main_helper_groups[k].group;
  return "settings";
}


static const char *main_result_type(sk_type t)
{
  switch (t) {
  case SK_T_INT: return "int";
  case SK_T_DOUBLE: return "double";
  case SK_T_STRING: return "string";
  case SK_T_COMM: return "comm";
  case SK_T_DATATYPE: return "datatype";
  case SK_T_OP: return "op";
  case SK_T_INFO: return "info";
  case SK_T_IARRAY: return "IArray";
  case SK_T_DARRAY: return "DArray";
  default: return "void";
  }
}

/* "  NAME(type, type) -> result\n" */
static void main_describe_helper(sk_str *out, const char *name, const char *params, const char *result)
{
  const char *p;
  sk_str_printf(out, "  %s(", name);
  for (p = params; *p; p++) sk_str_printf(out, "%s%s", p == params ? "" : ", ", sk_param_type_name(*p));
  sk_str_printf(out, ") -> %s\n", result);
}

/* The helpers (by group) and the iterators, or only those called name; the count. */
static int main_list_helpers(sk_str *out, const char *name)
{
  int g, i, found = 0, header;
  const sk_builtin *b;
  const sk_iterator *it;
  for (g = 0; g < (int)(sizeof main_group_order / sizeof main_group_order[0]); g++) {
    header = 0;
    for (i = 0; (b = sk_builtin_entry(i)) != NULL; i++) {
      if (name != NULL && !sk_streq(b->name, name)) continue;
      if (!sk_streq(main_helper_group(b->name), main_group_order[g])) continue;
      if (!header) sk_str_printf(out, "helpers: %s\n", main_group_order[g]);
      header = 1;
      main_describe_helper(out, b->name, b->params, main_result_type(b->result));
      found++;
    }
  }
  header = 0;
  for (i = 0; (it = sk_iterator_entry(i)) != NULL; i++) {
    if (name != NULL && !sk_streq(it->name, name)) continue;
    if (!header) sk_str_printf(out, "iterators: for VAR in NAME(...) do ... od\n");
    header = 1;
    /* every iterator of the language yields integers (SKaMPI 5 manual §6.3) */
    main_describe_helper(out, it->name, it->params, "int");
    found++;
  }
  return found;
}

/* -l [NAME]: the catalogue (catalogue.h), the helpers and the iterators on standard
** output; an unknown NAME is a user error. Handled like -h: right after the transport
** started, before any input. */
static void main_list(const char *name)
{
  sk_str out;
  int found;
  sk_str_init(&out);
  if (name != NULL && sk_streq(name, "MPI_T")) {   /* the library's MPI_T variables (mpit.h) */
    found = sk_mpit_list(&out);
    if (sk_is_reporter()) fputs(out.data ? out.data : "", found ? stdout : stderr);
    sk_str_free(&out);
    sk_exit(found ? 0 : SK_EXIT_USER_ERROR);
  }
  found = sk_catalogue_list(&out, name);
  found += main_list_helpers(&out, name);
  if (sk_is_reporter()) {
    if (found) {
      if (name == NULL)
        printf("# measurement functions, helpers and iterators of the %s build\n", SK_BACKEND_NAME);
      fputs(out.data ? out.data : "", stdout);
    } else {
      fprintf(stderr, "skampi: no measurement function, helper or iterator '%s' (skampi -l lists them)\n", name);
    }
  }
  sk_str_free(&out);
  sk_exit(found ? 0 : SK_EXIT_USER_ERROR);
}

/* What the command line asks for. */
typedef enum main_action { MAIN_RUN, MAIN_HELP, MAIN_VERSION, MAIN_LIST, MAIN_BAD } main_action;

/* Reads the options into *o and says what to do; MAIN_BAD with the message in *err.
** Ends nothing and prints nothing (the options' fuzzing harness calls it). */
static main_action main_parse_options(int argc, char **argv, main_options *o, sk_str *err)
{
  int i, post;
  memset(o, 0, sizeof *o);
  o->input = "skampi.ski";
  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (sk_streq(a, "-h") || sk_streq(a, "--help")) return MAIN_HELP;
    else if (sk_streq(a, "-V") || sk_streq(a, "--version")) return MAIN_VERSION;
    else if (sk_streq(a, "-l") || sk_streq(a, "--list")) {
      o->list_name = i + 1 < argc && argv[i + 1][0] != '-' ? argv[i + 1] : NULL;
      return MAIN_LIST;
    } else if (sk_streq(a, "-n")) o->syntax_only = 1;
    else if (sk_streq(a, "-s")) o->copy_input = 1;
    else if (sk_streq(a, "-t")) o->translate = 1;
    else if (sk_streq(a, "-v") || sk_streq(a, "--verify")) o->verify = 1;
    else if (sk_streq(a, "-q")) o->quiet = 1;
    else if (sk_streq(a, "-F")) o->fresh = 1;
    else if (sk_streq(a, "-L") && i + 1 < argc) o->log = argv[++i];
    else if ((post = sk_postproc_option(argc, argv, i, &o->post, err)) != 0) {   /* -r, -x */
      if (post < 0) return MAIN_BAD;
      break;
    }
    else if (sk_streq(a, "-m") && i + 2 < argc) {
      o->merge_out = argv[i + 1];
      o->merge_in = argv + i + 2;
      o->nmerge_in = argc - i - 2;
      break;
    }
    else if ((sk_streq(a, "-i") || sk_streq(a, "-o")) && i + 1 < argc) {
      if (a[1] == 'i') o->input = argv[++i]; else o->output = argv[++i];
    } else {
      sk_str_clear(err);
      sk_str_printf(err, "skampi: unknown or incomplete option '%s'", a);
      return MAIN_BAD;
    }
  }
  return MAIN_RUN;
}

/* Does what main_parse_options found; returns only for MAIN_RUN. */
static void main_options_act(main_action act, const main_options *o, const sk_str *err)
{
  switch (act) {
  case MAIN_HELP:
    if (sk_is_reporter()) main_usage(stdout);
    sk_exit(0);
    break;
  case MAIN_VERSION:
    if (sk_is_reporter()) printf("skampi %s (%s backend)\n", SKAMPI_VERSION, SK_BACKEND_NAME);
    sk_exit(0);
    break;
  case MAIN_LIST:
    main_list(o->list_name);
    break;
  case MAIN_BAD:
    if (sk_is_reporter()) {
      fprintf(stderr, "%s\n", err->data);
      main_usage(stderr);
    }
    sk_exit(SK_EXIT_USER_ERROR);
    break;
  default:
    break;
  }
}

/* SKaMPI 4 parameter files go to their own front end (params4.h), everything else is
** .ski; then every measurement named must be runnable in this build. With -t the
** translation is printed even if this build lacks a measurement. */
static int main_parse_input(const main_options *o, sk_sources *src, sk_program *prog, sk_str *err)
{
  const sk_source *s;
  sk_str ignored;
  sk_str_init(&ignored);
  s = sk_sources_get(src, o->input, &ignored);
  sk_str_free(&ignored);
  if (s != NULL && sk_params4_detect(s->name, s->text)) {
    if (o->translate) return sk_params4_translate(src, o->input, prog, err);
    return sk_params4_parse(src, o->input, prog, err) && sk_parse_check_available(prog, err);
  }
  return sk_parse_file(src, o->input, prog, err) && (o->translate || sk_parse_check_available(prog, err));
}

/* What rank 0 tells the others after reading the input. */
typedef struct load_decision {
  int parsed;               /* 0: the input has an error (rank 0 printed it) */
  long bytes;               /* size of the serialized input files that follow */
} load_decision;

/* Rank 0 parses from disk and ships the files; the others parse what they received. */
static void main_load_program(main_options *o, sk_sources *src, sk_program *prog)
{
  sk_str err, blob;
  load_decision d;
  sk_str_init(&err);
  sk_str_init(&blob);
  memset(&d, 0, sizeof d);
  if (sk_tp_world_rank() == 0) {
    sk_sources_init(src, 1);
    d.parsed = main_parse_input(o, src, prog, &err);
    if (!d.parsed) {
      fflush(stdout);
      fprintf(stderr, "%s\n", err.data);
    }
    sk_sources_serialize(src, &blob);
    d.bytes = (long)blob.len;
    o->checksum = sk_runlog_checksum(blob.data ? blob.data : "", blob.len);
    o->input_bytes = d.bytes;
  }
  sk_agree(sk_tp_world(), NULL, 0, &d, sizeof d, NULL, NULL);
  if (!d.parsed) sk_exit(SK_EXIT_USER_ERROR);
  if (sk_tp_world_rank() != 0) {
    sk_str_putn(&blob, "", 0);
    blob.data = (char *)sk_grow(blob.data, &blob.cap, (size_t)d.bytes + 1, 1);
    blob.len = (size_t)d.bytes;
  }
  sk_tp_bcast(sk_tp_world(), blob.data, (size_t)d.bytes, 0);
  if (sk_tp_world_rank() != 0) {
    sk_sources_init(src, 0);
    if (!sk_sources_deserialize(src, blob.data, blob.len) || !main_parse_input(o, src, prog, &err))
      sk_fatal("process %d could not parse the distributed input: %s", sk_tp_world_rank(), err.data);
  }
  sk_str_free(&err);
  sk_str_free(&blob);
}

static void main_date(char *buf, size_t size)
{
  time_t now = time(NULL);
  char *s = ctime(&now);
  strncpy(buf, s ? s : "unknown\n", size - 1);
  buf[size - 1] = '\0';
  if (strchr(buf, '\n')) *strchr(buf, '\n') = '\0';
}

/* What rank 0 tells the others once the output is open. */
typedef struct open_decision {
  int opened;               /* 0: refused (rank 0 printed why) */
  int resumed;              /* continues an interrupted run */
  int suites_kept;          /* resuming: suites 1..suites_kept are complete */
} open_decision;

/* Rank 0: an output file (or a link to one) has a log (runlog.h) that decides whether
** this run is fresh -- old output and log kept as backups -- or continues an interrupted
** one after its last complete suite. Standard output, devices, FIFOs and sockets have
** none. Everything is decided before anything is measured. */
static open_decision main_open_output(const main_options *o)
{
  sk_str err;
  char backup[512], log_backup[512];
  sk_run_plan plan;
  open_decision d;
  long size;
  int to_file = o->output != NULL && !sk_streq(o->output, "-") &&
                sk_path_is_file_like(sk_path_kind_of(o->output, &size));
  sk_str_init(&err);
  memset(&plan, 0, sizeof plan);
  backup[0] = log_backup[0] = '\0';
  d.opened = 1;
  if (to_file) {
    sk_str log;
    sk_str_init(&log);
    if (o->log) sk_str_puts(&log, o->log); else sk_str_printf(&log, "%s.log", o->output);
    d.opened = sk_runlog_open(log.data, o->output, o->input, o->checksum, o->input_bytes, sk_tp_world_size(),
                              o->fresh, sk_os_wait_seconds(), &plan, log_backup, sizeof log_backup, &err);
    sk_str_free(&log);
  }
  if (d.opened && plan.mode == SK_RUN_RESUME) d.opened = sk_out_open_at(o->output, plan.keep_bytes, &err);
  else if (d.opened) d.opened = sk_out_open(o->output, &err, backup, sizeof backup);
  d.resumed = plan.mode == SK_RUN_RESUME;
  d.suites_kept = d.resumed ? plan.suites_kept : 0;
  if (!d.opened) fprintf(stderr, "skampi: %s\n", err.data);
  else if (!o->quiet) {
    if (backup[0]) fprintf(stderr, "skampi: kept the existing %s as %s\n", o->output, backup);
    if (log_backup[0]) fprintf(stderr, "skampi: kept the earlier log as %s\n", log_backup);
    if (plan.mode == SK_RUN_RESUME)
      fprintf(stderr, "skampi: resuming %s after its %d complete suites\n", o->output, plan.suites_kept);
  }
  sk_str_free(&err);
  return d;
}

/* The header; a resumed run writes "# resumed at DATE ..." where it continues instead of
** the version and start lines (the rest describes this run). */
static void main_write_header(const main_options *o, const sk_sources *src, const sk_result *dummy,
                              const char *sync_lines, const char *oversub_lines, int resumed, int suites_kept)
{
  sk_str h;
  char date[64], lib[1024], name[256];
  int size = sk_tp_world_size();
  sk_str_init(&h);
  main_date(date, sizeof date);
  sk_tp_library_version(lib, sizeof lib);
  sk_tp_processor_name(name, sizeof name);
  if (resumed) {
    sk_runlog_resumed(suites_kept, date);
    if (suites_kept > 0)
      sk_str_printf(&h, "# resumed at %s: suites 1 to %d above come from the interrupted run,"
                    " the rest from this one (skampi-%s)\n", date, suites_kept, SKAMPI_VERSION);
    else
      sk_str_printf(&h, "# resumed at %s: the interrupted run completed no suite; all come from this"
                    " one (skampi-%s)\n", date, SKAMPI_VERSION);
  } else {
    sk_str_printf(&h, "# SKaMPI Version skampi-%s (%s backend)\n", SKAMPI_VERSION, SK_BACKEND_NAME);
    sk_str_printf(&h, "# Started at %s\n", date);
  }
  sk_str_printf(&h, "# input file: %s\n", o->input);
  sk_str_printf(&h, "# processes: %d\n", size);
  sk_str_printf(&h, "# library: %s\n", lib);
  sk_str_printf(&h, "# processor of rank 0: %s\n", name);
  sk_oversub_processors(&h);
  sk_skew_describe(&h);
  sk_str_printf(&h, "# clock tick: %g s, global clock: %s\n", sk_tp_wtick(), sk_tp_wtime_is_global() ? "yes" : "no");
  sk_str_printf(&h, "# dummy time (timing overhead, not subtracted): %.4f us\n", dummy->time * 1e6);
  sk_str_printf(&h, "# random seed (get_random_int, comm_rand): %ld\n", sk_random_seed());
  sk_str_puts(&h, sync_lines);
  sk_io_files_describe(&h, NULL);
  sk_str_puts(&h, oversub_lines);
  if (o->copy_input && !resumed) {
    size_t k;
    for (k = 0; k < src->n; k++) {
      const char *p = src->items[k].text;
      sk_str_printf(&h, "#> --- %s\n", src->items[k].name);
      while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        sk_str_puts(&h, "#> ");
        sk_str_putn(&h, p, len);
        sk_str_putc(&h, '\n');
        p += len + (nl ? 1 : 0);
      }
    }
  }
  sk_out_text(h.data);
  sk_str_free(&h);
  if (!resumed) sk_runlog_header_done();
}

/* Rank 0: the header, with the oversubscription lines, and their warnings on stderr. */
static void main_report_oversubscription(const main_options *o, const sk_sources *src, const sk_result *dummy,
                                         const char *sync_lines, int resumed, int suites_kept)
{
  sk_str lines, warn;
  const char *p;
  sk_str_init(&lines);
  sk_str_init(&warn);
  sk_oversub_describe(&lines, &warn);
  main_write_header(o, src, dummy, sync_lines, lines.data ? lines.data : "", resumed, suites_kept);
  for (p = o->quiet ? NULL : warn.data; p && *p; ) {
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    fflush(stdout);
    fprintf(stderr, "skampi: warning: %.*s\n", (int)len, p);
    p += len + (nl ? 1 : 0);
  }
  fflush(stderr);
  sk_str_free(&lines);
  sk_str_free(&warn);
}

int main(int argc, char **argv)
{
  main_options o;
  sk_sources src;
  sk_program prog;
  sk_interp in;
  double started;
  open_decision opened;
  sk_result dummy;
  sk_str sync_lines;
  sk_tp_start(&argc, &argv);
  sk_set_reporter(sk_tp_world_rank() == 0);
  sk_set_exit_hook(main_exit_hook);
  started = sk_tp_wtime();
  {
    sk_str err;
    main_action act;
    sk_str_init(&err);
    act = main_parse_options(argc, argv, &o, &err);
    main_options_act(act, &o, &err);
    sk_str_free(&err);
  }
  sk_oversub_detect();   /* collective: processes per host against its processors */
  if (o.merge_out) {
    sk_str err;
    int ok = 1;
    sk_str_init(&err);
    if (sk_tp_world_rank() == 0) {
      ok = sk_merge_files(o.merge_out, o.merge_in, o.nmerge_in, &err);
      if (!ok) fprintf(stderr, "%s\n", err.data);
      else fprintf(stderr, "skampi: merged %d runs into %s\n", o.nmerge_in, o.merge_out);
    }
    sk_str_free(&err);
    sk_exit(ok ? 0 : SK_EXIT_USER_ERROR);
  }
  if (o.post.kind) {                                  /* -r, -x: post-processing only */
    int status = sk_tp_world_rank() == 0 ? sk_postproc_run(&o.post, o.output) : 0;
    free(o.post.inputs);
    sk_exit(status);
  }
  main_load_program(&o, &src, &prog);
  if (o.syntax_only || o.translate) {
    if (sk_tp_world_rank() == 0) {
      if (o.translate) {
        sk_str t;
        sk_str_init(&t);
        sk_program_print(&t, &prog);
        fputs(t.data ? t.data : "", stdout);
        sk_str_free(&t);
      } else {
        printf("%s: syntax OK\n", o.input);
      }
    }
    sk_exit(0);
  }
  memset(&opened, 0, sizeof opened);
  if (sk_tp_world_rank() == 0) opened = main_open_output(&o);
  sk_agree(sk_tp_world(), NULL, 0, &opened, sizeof opened, NULL, NULL);
  if (!opened.opened) sk_exit(SK_EXIT_USER_ERROR);
  sk_io_files_start();   /* collective: the MPI-IO directory, signal handlers */
  sk_interp_init(&in);
  in.resume_skip = opened.suites_kept;
  in.quiet = o.quiet;
  in.settings.verify = o.verify;
  sk_oversub_probe();                      /* collective: the scheduler floor when oversubscribed */
  sk_sync_init_world(&in.settings.sync);   /* collective: clock offsets for the header */
  sk_str_init(&sync_lines);
  sk_sync_describe(&in.settings.sync, &sync_lines);   /* before anything else is measured */
  /* the timing overhead for the header: the dummy time of the simple pattern */
  sk_engine_dummy_time(&in.settings, sk_tp_world(), SK_PATTERN_SIMPLE, &dummy);
  if (sk_tp_world_rank() == 0)
    main_report_oversubscription(&o, &src, &dummy, sync_lines.data ? sync_lines.data : "", opened.resumed, opened.suites_kept);
  sk_result_free(&dummy);
  sk_str_free(&sync_lines);
  in.progress = o.output != NULL && !sk_streq(o.output, "-") && !o.quiet;   /* stderr is free then */
  in.progress_tty = sk_os_is_terminal(stderr);
  sk_interp_run(&in, &prog);
  if (sk_tp_world_rank() == 0) {
    sk_str f;
    char date[64];
    sk_str_init(&f);
    main_date(date, sizeof date);
    sk_sync_describe(&in.settings.sync, &f);
    sk_oversub_summary(&f);
    sk_str_printf(&f, "# Finished at %s\n# Total runtime %.0f seconds\n", date, sk_tp_wtime() - started);
    sk_out_text(f.data);
    sk_str_free(&f);
    sk_runlog_close(0);
    sk_interp_progress_end(&in);
    if (o.output && !sk_streq(o.output, "-") && !o.quiet) fprintf(stderr, "skampi: results written to %s\n", o.output);
  }
  sk_io_files_finish();
  sk_out_close();
  if (sk_tp_world_rank() == 0) sk_postproc_after_run(o.output, in.merge_backups);
  sk_interp_free(&in);
  sk_program_free(&prog);
  sk_sources_free(&src);
  sk_datatypes_release();
  sk_tp_finish();
  return 0;
}
/* --- end split/main.c --- */
