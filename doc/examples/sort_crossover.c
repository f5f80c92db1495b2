/*
** sort_crossover.c -- skampi as a micro-benchmark library: where does insertion sort stop
** beating qsort? Both sort the same shuffled array of n ints, n = 4 .. 1024 (factor 2),
** in one autorefine suite whose refinement follows their crossing (skampi_refine_follow):
** points are added only in the segment where the sign of their difference changes, until
** the crossing is bracketed to within refine_max_error of its position. Each call first
** shuffles the array -- a set-up per call, kept out of the time between skampi_pause and
** skampi_resume -- and hands the sorted array to skampi_do_not_optimize, so that no
** compiler can drop a sort whose result nothing reads.
**
**   cc -DSKAMPI_LIBRARY -DSKAMPI_SEQ -c skampi_amalgam.c -o skampi-seq.o
**   cc -O2 -I. -o sort_crossover doc/examples/sort_crossover.c skampi-seq.o -lm
**   ./sort_crossover sort.sko
**
** Prints "point N OP TIME_US plain|refined" per point, "crossing A B" (the neighbouring
** points of the plain loop between which the difference changes its sign, from the plain
** points alone), and, at n = 256, "setup paused TIME_US" and "setup counted TIME_US": the
** shuffle alone between skampi_pause and skampi_resume (about 0), and the same shuffle
** timed.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "skampi.h"

#define MAX_N 1024

typedef struct sort_data {
  int a[MAX_N];
  unsigned long seed;
  int pause;                     /* 1: the shuffle is set-up, between pause and resume */
} sort_data;

/* The set-up: the identity permutation shuffled (Fisher-Yates) by a fixed generator, so
** both sorts get the same arrays call by call. */
static void shuffle(sort_data *d, int n)
{
  int i;
  for (i = 0; i < n; i++) d->a[i] = i;
  for (i = n - 1; i > 0; i--) {
    int j, t;
    d->seed = d->seed * 1103515245UL + 12345UL;
    j = (int)((d->seed >> 8) % (unsigned long)(i + 1));
    t = d->a[i]; d->a[i] = d->a[j]; d->a[j] = t;
  }
}

static void setup(sort_data *d, int n)
{
  if (d->pause) skampi_pause();
  shuffle(d, n);
  if (d->pause) skampi_resume();
}

static void insertion_sort(void *user, skampi_call *call)
{
  sort_data *d = (sort_data *)user;
  int n = (int)call->x, i, j, v;
  setup(d, n);
  for (i = 1; i < n; i++) {
    v = d->a[i];
    for (j = i; j > 0 && d->a[j - 1] > v; j--) d->a[j] = d->a[j - 1];
    d->a[j] = v;
  }
  skampi_do_not_optimize(d->a);
}

static int by_int(const void *a, const void *b)
{
  int x = *(const int *)a, y = *(const int *)b;
  return x < y ? -1 : x > y;
}

static void quick_sort(void *user, skampi_call *call)
{
  sort_data *d = (sort_data *)user;
  int n = (int)call->x;
  setup(d, n);
  qsort(d->a, (size_t)n, sizeof d->a[0], by_int);
  skampi_do_not_optimize(d->a);
}

static void setup_only(void *user, skampi_call *call)
{
  sort_data *d = (sort_data *)user;
  setup(d, (int)call->x);
  skampi_do_not_optimize(d->a);
}

static int fail(const char *what)
{
  fprintf(stderr, "sort_crossover: %s: %s\n", what, skampi_errmsg());
  skampi_end();
  return 1;
}

int main(int argc, char **argv)
{
  static sort_data data[2];
  skampi_operation ops[2];
  skampi_loop loop;
  skampi_result *r = NULL, one;
  int n = 0, i;
  double last_x = 0.0, last_diff = 0.0;
  if (argc < 2) {
    fprintf(stderr, "usage: %s OUTPUT.sko\n", argv[0]);
    return 2;
  }
  if (skampi_begin(&argc, &argv, argv[1]) != SKAMPI_OK) {
    fprintf(stderr, "sort_crossover: %s\n", skampi_errmsg());
    return 1;
  }
  memset(ops, 0, sizeof ops);
  for (i = 0; i < 2; i++) {
    data[i].seed = 1;
    data[i].pause = 1;
    ops[i].pattern = SKAMPI_SIMPLE;
    ops[i].user = &data[i];
  }
  ops[0].name = "insertion_sort";
  ops[0].run = insertion_sort;
  ops[1].name = "qsort";
  ops[1].run = quick_sort;
  memset(&loop, 0, sizeof loop);
  loop.name = "n";
  loop.first = 4.0;
  loop.last = (double)MAX_N;
  loop.step = 2.0;
  loop.geometric = 1;
  loop.integer = 1;
  loop.refine = 1;
  /* refinement follows the crossing of operation 0 and operation 1 */
  if (skampi_refine_follow(0, 1) != SKAMPI_OK) return fail("skampi_refine_follow");
  if (skampi_suite("insertion sort against qsort", ops, 2, &loop, &r, &n) != SKAMPI_OK) return fail("the suite");
  for (i = 0; i < n; i++)
    printf("point %g %s %.4f %s\n", r[i].x, ops[r[i].op].name, r[i].time * 1e6, r[i].refined ? "refined" : "plain");
  /* the crossing as the plain points alone show it (results come by x, op 0 before op 1) */
  for (i = 0; i + 1 < n; i += 2) {
    double diff;
    if (r[i].refined || r[i].op != 0 || r[i + 1].op != 1) continue;
    diff = r[i].time - r[i + 1].time;
    if (last_x > 0.0 && ((last_diff < 0.0 && diff > 0.0) || (last_diff > 0.0 && diff < 0.0)))
      printf("crossing %g %g\n", last_x, r[i].x);
    last_x = r[i].x;
    last_diff = diff;
  }
  skampi_free(r);
  skampi_refine_follow(-1, -1);

  /* the set-up alone: between skampi_pause and skampi_resume, then timed */
  memset(&ops[0], 0, sizeof ops[0]);
  ops[0].name = "setup_paused";
  ops[0].pattern = SKAMPI_SIMPLE;
  ops[0].run = setup_only;
  ops[0].user = &data[0];
  if (skampi_measure(&ops[0], 256.0, &one) != SKAMPI_OK) return fail("setup_paused");
  printf("setup paused %.4f\n", one.time * 1e6);
  data[0].pause = 0;
  ops[0].name = "setup_counted";
  if (skampi_measure(&ops[0], 256.0, &one) != SKAMPI_OK) return fail("setup_counted");
  printf("setup counted %.4f\n", one.time * 1e6);
  if (skampi_end() != SKAMPI_OK) {
    fprintf(stderr, "sort_crossover: %s\n", skampi_errmsg());
    return 1;
  }
  return 0;
}
