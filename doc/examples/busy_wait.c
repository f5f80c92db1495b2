/*
** busy_wait.c -- skampi as a library: an operation of known cost, a busy wait of N
** microseconds on the library's clock, measured under the simple pattern with a
** requested relative standard error (SKaLib report (TR 99/07) §3.2), over N = 100, 1000,
** 10000 us. The cost is N plus at most one clock tick and one clock reading (the spin
** ends at the first reading past N): never less; a process that loses its processor
** while waiting takes longer, which skampi's standard error then shows.
**
**   cc -DSKAMPI_LIBRARY -DSKAMPI_SEQ -c skampi_amalgam.c -o skampi-seq.o
**   cc -I. -o busy_wait doc/examples/busy_wait.c skampi-seq.o -lm
**   ./busy_wait busy.sko [ERROR]        (ERROR: the relative error asked for, default 0.02)
**
** Prints "wait N_US TIME_US STDERR_US REPS REL_ERROR" per point and "requested ERROR".
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "skampi.h"

static void busy_run(void *user, skampi_call *call)
{
  double start = skampi_wtime(), want = call->x * 1e-6;
  (void)user;
  while (skampi_wtime() - start < want) { }
}

int main(int argc, char **argv)
{
  skampi_operation op;
  skampi_loop loop;
  skampi_settings s;
  skampi_result *r = NULL;
  int n = 0, i, code;
  double error = argc > 2 ? atof(argv[2]) : 0.02;
  if (argc < 2) {
    fprintf(stderr, "usage: %s OUTPUT.sko [ERROR]\n", argv[0]);
    return 2;
  }
  if (skampi_begin(&argc, &argv, argv[1]) != SKAMPI_OK) {
    fprintf(stderr, "busy_wait: %s\n", skampi_errmsg());
    return 1;
  }
  skampi_default_settings(&s);
  s.max_rel_error = error;
  s.max_reps = 60;
  if (skampi_configure(&s) != SKAMPI_OK) {
    fprintf(stderr, "busy_wait: %s\n", skampi_errmsg());
    skampi_end();
    return 2;
  }
  memset(&op, 0, sizeof op);
  op.name = "busy_wait";
  op.pattern = SKAMPI_SIMPLE;
  op.run = busy_run;
  memset(&loop, 0, sizeof loop);
  loop.name = "wait_us";
  loop.first = 100.0;
  loop.last = 10000.0;
  loop.step = 10.0;
  loop.geometric = 1;
  loop.integer = 1;
  code = skampi_suite("busy wait", &op, 1, &loop, &r, &n);
  if (code != SKAMPI_OK) fprintf(stderr, "busy_wait: %s\n", skampi_errmsg());
  printf("requested %g\n", error);
  for (i = 0; i < n; i++)
    printf("wait %g %.4f %.4f %d %.5f\n", r[i].x, r[i].time * 1e6, r[i].std_error * 1e6, r[i].reps, r[i].rel_error);
  skampi_free(r);
  if (skampi_end() != SKAMPI_OK && code == SKAMPI_OK) {
    fprintf(stderr, "busy_wait: %s\n", skampi_errmsg());
    code = SKAMPI_EFILE;
  }
  return code == SKAMPI_OK ? 0 : 1;
}
