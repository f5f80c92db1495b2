/*
** tune.h -- tuning files (skampi --tuning, doc/manual.md "Tuning files"): the algorithms
** a library offers for a collective (transport/coll_algorithms.h) measured one suite
** each ("Bcast alg=binomial", the catalogue's rows through the engine, a generated .ski
** program as a one-line run's; the default first and again last), the fastest per size
** chosen where it beats the library's own choice (the faster of its two suites) by the
** minimum effect of --guidelines with significance (one-sided
** Wilcoxon rank-sum over the repetitions, Bonferroni over every tested point), the file
** the library loads written (with a backup of an old one), and a second run with that
** file loaded (--tuned FIRST.sko) measured and reported per range: default, tuned, gain
** (with MPICH the default measured again in that launch, through MPI_T).
*/
#ifndef SK_TUNE_H
#define SK_TUNE_H

#include "compare.h"
#include "guidelines.h"
#include "coll_algorithms.h"

typedef struct sk_tune {
  const char *colls;        /* --tuning LIST: "Bcast,Allreduce" (NULL: no tuning run) */
  long size_min, size_max;  /* --tuning-sizes MIN:MAX, bytes, step *4 (default 4:1MiB) */
  const char *file;         /* --tuning-file FILE (default: the output's name + .rules / .env) */
  const char *tuned;        /* --tuned FIRST.sko: the run with the file loaded */
} sk_tune;

/* argv[i] is one of the options above: takes it and its value into *t; the number of
** arguments taken, 0 when it is none, -1 with *err set. */
SK_API int sk_tune_option(int argc, char **argv, int i, sk_tune *t, sk_str *err);
/* Checks the options before the transport starts (output given, sizes, names); 0 with *err. */
SK_API int sk_tune_check(const sk_tune *t, const char *output, sk_str *err);
/* --tuned FIRST.sko: whether FIRST has the default's suite of every collective of the
** list at every size of this run (checked before anything is measured); 0 with *err.
** Without --tuning-sizes the sizes become FIRST's (those of its first collective). */
SK_API int sk_tune_first_ok(sk_tune *t, sk_str *err);
/* Every process, after MPI_Init: the program of the run into *text; 0 with *err set
** when the library offers no algorithms to choose (then the mode is not available). */
SK_API int sk_tune_program(const sk_tune *t, sk_str *text, sk_str *err);
/* Rank 0 after the run: the choice, the file and the report (the first run) or the
** gain per range (--tuned); the exit status. */
SK_API int sk_tune_finish(const sk_tune *t, const char *output, int nprocs);

#endif
