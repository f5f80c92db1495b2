/*
** tests/unit/check.h -- the check harness of skampi's C test programs (C89, header only).
**
**   check(cond, "name", "fmt", ...)   prints "ok name" when cond holds, otherwise
**                                     "FAIL name: <detail formatted from fmt>" and counts
**                                     the failure; returns cond
**   check_summary("program")          prints "# program: N passed, M failed" and returns
**                                     the exit status (0 when nothing failed, 1 otherwise)
**   check_quiet = 1                   count without printing (e.g. on MPI ranks other than
**                                     0 that check the same thing)
**   check_passes, check_failures      the counters
** tests/run.sh counts the "ok"/"FAIL" lines. Include it after the code under test.
*/
#ifndef SKAMPI_TEST_CHECK_H
#define SKAMPI_TEST_CHECK_H
#include <stdarg.h>
#include <stdio.h>

static int check_passes = 0, check_failures = 0, check_quiet = 0;

#if (defined(__GNUC__) || defined(__clang__)) && !defined(__TINYC__) && !defined(__PCC__)
static int check(int cond, const char *name, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
#endif

static int check(int cond, const char *name, const char *fmt, ...)
{
  va_list ap;
  if (cond) {
    check_passes++;
    if (!check_quiet) printf("ok %s\n", name);
  } else {
    check_failures++;
    if (!check_quiet) {
      printf("FAIL %s: ", name);
      if (fmt != NULL) {
        va_start(ap, fmt);
        vprintf(fmt, ap);
        va_end(ap);
      }
      printf("\n");
    }
  }
  fflush(stdout);
  return cond;
}

/* a macro, so that programs that report otherwise need not use it */
#define check_summary(program) \
  ((check_quiet ? 0 : printf("# %s: %d passed, %d failed\n", (program), check_passes, check_failures)), \
   fflush(stdout), check_failures == 0 ? 0 : 1)
#endif
