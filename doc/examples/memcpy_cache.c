/*
** memcpy_cache.c -- skampi as a library, sequential: the time of memcpy over message
** sizes with an autorefine loop (SKaLib report (TR 99/07) §3.3). Where the copy's source
** and destination stop fitting into a cache level the time per byte rises, the curve
** bends, and the refinement adds its points there: they gather at the cache sizes.
**
**   cc -DSKAMPI_LIBRARY -DSKAMPI_SEQ -c skampi_amalgam.c -o skampi-seq.o
**   cc -I. -o memcpy_cache doc/examples/memcpy_cache.c skampi-seq.o -lm
**   ./memcpy_cache memcpy.sko [FIRST LAST]      (bytes; default 2048 8388608)
**
** Prints one line per point: "point BYTES TIME_US MB_PER_S refined|plain".
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "skampi.h"

typedef struct copy_buffers {
  char *src, *dst;
} copy_buffers;

static void copy_run(void *user, skampi_call *call)
{
  copy_buffers *b = (copy_buffers *)user;
  memcpy(b->dst, b->src, (size_t)call->bytes);
}

int main(int argc, char **argv)
{
  copy_buffers b;
  skampi_operation op;
  skampi_loop loop;
  skampi_settings s;
  skampi_result *r = NULL;
  int n = 0, i, code;
  double first = argc > 3 ? atof(argv[2]) : 2048.0, last = argc > 3 ? atof(argv[3]) : 8388608.0;
  if (argc < 2) {
    fprintf(stderr, "usage: %s OUTPUT.sko [FIRST LAST]\n", argv[0]);
    return 2;
  }
  b.src = (char *)malloc((size_t)last);
  b.dst = (char *)malloc((size_t)last);
  if (b.src == NULL || b.dst == NULL) {
    fprintf(stderr, "memcpy_cache: out of memory\n");
    return 1;
  }
  memset(b.src, 1, (size_t)last);       /* every page touched before anything is timed */
  memset(b.dst, 2, (size_t)last);
  if (skampi_begin(&argc, &argv, argv[1]) != SKAMPI_OK) {
    fprintf(stderr, "memcpy_cache: %s\n", skampi_errmsg());
    return 1;
  }
  skampi_default_settings(&s);
  s.max_rel_error = 0.03;               /* the bends are a few per cent of the time */
  s.refine_max_error = 0.04;
  s.refine_max_steps = 200;            /* a bound; the refinement ends well before it when quiet */
  skampi_configure(&s);
  memset(&op, 0, sizeof op);
  op.name = "memcpy";
  op.pattern = SKAMPI_SIMPLE;
  op.run = copy_run;
  op.user = &b;
  memset(&loop, 0, sizeof loop);
  loop.name = "bytes";
  loop.first = first;
  loop.last = last;
  loop.step = 2.0;
  loop.geometric = 1;
  loop.integer = 1;
  loop.refine = 1;
  code = skampi_suite("memcpy bandwidth", &op, 1, &loop, &r, &n);
  if (code != SKAMPI_OK) fprintf(stderr, "memcpy_cache: %s\n", skampi_errmsg());
  for (i = 0; i < n; i++)
    printf("point %ld %.3f %.1f %s\n", r[i].bytes, r[i].time * 1e6, (double)r[i].bytes / (r[i].time * 1e6),
           r[i].refined ? "refined" : "plain");
  skampi_free(r);
  if (skampi_end() != SKAMPI_OK && code == SKAMPI_OK) {
    fprintf(stderr, "memcpy_cache: %s\n", skampi_errmsg());
    code = SKAMPI_EFILE;
  }
  free(b.src);
  free(b.dst);
  return code == SKAMPI_OK ? 0 : 1;
}
