/*
** base.h -- portable C89 helpers used by every other module: checked memory
** allocation, growable arrays that grow by ELEMENTS (the original SKaMPI grew by bytes
** and overflowed its heap above 64 blocks), a string builder with a small safe
** formatter (C89 has no vsnprintf), source locations and the two ways to fail:
** a user error (file:line:col: message, exit status 2) and an internal error (status 1).
*/
#ifndef SK_BASE_H
#define SK_BASE_H

#include "config.h"   /* first: it declares the POSIX level for every system header */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <limits.h>
#include <errno.h>
#include <setjmp.h>

#define SK_EXIT_USER_ERROR 2
#define SK_EXIT_INTERNAL 1
#define SK_EXIT_VERIFY 3          /* a verified measurement moved wrong data (skampi -v) */
#define SK_EXIT_WRITE 4           /* results could not be written: a full file system or device,
                                  ** a reader that quit, the output removed during the run */
#define SK_EXIT_STOPPED 5         /* stopped on request (SIGUSR1, stop_request.h) between two
                                  ** suites: the same command continues (the run's log) */
#define SK_EXIT_LIBRARY 6         /* the library returned an error in some suites: each says so,
                                  ** the others were measured (interp.h, library_failed_suites) */

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
/* The library build (skampi.h): while a jump is set, sk_exit (after the exit hook)
** stores the status in *status and returns to the library's entry point by
** longjmp(*jump, 1) instead of ending the process; NULL: exit again. */
#if defined(SKAMPI_LIBRARY) || !defined(SKAMPI_AMALGAM)
SK_API void sk_set_exit_jump(jmp_buf *jump, int *status);
#endif
SK_API void sk_user_error(const sk_loc *loc, const char *fmt, ...);
/* The message of the last sk_user_error on this process ("" when none): kept on every
** process, printed at once by the reporter only. */
SK_API const char *sk_last_user_error(void);
SK_API void sk_fatal(const char *fmt, ...);
/* Error reporting that does not exit (used by the parser to keep the message and let the
** caller decide, e.g. to broadcast failure before exiting). */
SK_API void sk_format_loc_message(sk_str *out, const sk_loc *loc, const char *fmt, va_list ap);

/* Copies src into dst of dst_size bytes, truncating, always NUL-terminated. */
SK_API void sk_copy_string(char *dst, size_t dst_size, const char *src);
SK_API int sk_streq(const char *a, const char *b);
/* The edit distance of a and b, letters compared without case (for "closest:" hints;
** names longer than 80 characters are 1000 from everything). */
SK_API int sk_edit_distance(const char *a, const char *b);
SK_API int sk_strcaseeq(const char *a, const char *b);
/* How many of the n bytes at s are well-formed UTF-8 (RFC 3629: no overlong forms, no
** surrogates, nothing above U+10FFFF): n when all are; else the offset of the first byte
** of the first malformed or cut sequence. */
SK_API size_t sk_utf8_valid_prefix(const char *s, size_t n);
/* FNV-1a (32 bits) of n bytes, continued from h (SK_FNV1A_START for a new sum): the
** run log's checksums of the input and of each suite of the output (runlog.h). */
#define SK_FNV1A_START 2166136261UL
SK_API unsigned long sk_fnv1a(unsigned long h, const char *data, size_t n);

/* The environment variable `name` as a whole number from lo to hi; unset or empty: fallback;
** anything else: fallback, and a warning on stderr that names the variable (from every
** process that reads it: before MPI_Init none knows its rank). */
SK_API long sk_env_long(const char *name, long lo, long hi, long fallback);
/* SKaLib §3.1: a clock's resolution, the least first change of read() over 8 trials
** (one trial's first reading may fall anywhere inside a tick); fallback if it never moved */
#if defined(SKAMPI_SEQ) || defined(SKAMPI_RCCE)
SK_API double sk_clock_least_step(double (*read)(void), double fallback);
#endif

#endif
