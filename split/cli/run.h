/*
** run.h -- one benchmark run, from the input to the footer; main.c only chooses the mode.
** All of the start-up happens here, in order, before the first suite: oversubscription,
** the input (read by rank 0, broadcast, parsed everywhere), the output and the run's log,
** the MPI-IO directory and its signal handlers, the interpreter, then session.h's start;
** then the suites, the footer, the post-run merge. Every step is collective unless it
** says rank 0. The steps and the exit statuses: doc/internals.md, "cli".
*/
#ifndef SK_RUN_H
#define SK_RUN_H

#include "interp.h"
#include "sources.h"

/* The command line's part in a run. */
typedef struct sk_run_options {
  const char *input;        /* the input file (with input_text: the name the text goes by) */
  const char *input_text;   /* NULL, or the program itself (a one-line run): no file is read */
  const char *output;       /* NULL or "-": standard output */
  const char *log;          /* -L: the run's log (NULL: OUTPUT.log) */
  int copy_input;           /* -s */
  int translate;            /* -t: parse for translation (a SKaMPI 4 file need not be runnable) */
  int verify;               /* -v */
  int quiet;                /* -q */
  int fresh;                /* -F */
  double started;           /* sk_tp_wtime() at the program's start: the footer's runtime */
  int input_default;        /* no -i and no measurement name: input is skampi.ski (a hint if it is missing) */
  int argc;                 /* the command line (argv[0] the program), for the remedy a run */
  char **argv;              /* that measured nothing names (NULL: not known) */
} sk_run_options;

typedef struct sk_run {
  sk_run_options opt;
  sk_sources src;
  sk_program prog;
  unsigned long checksum;   /* rank 0: of the input files as sent to the other processes */
  long input_bytes;
  int borrowed;             /* src and prog are rank 0's, read in place (a simulator's
                               ranks share one address space: run.c), not freed here */
} sk_run;

/* Every process, for sk_set_exit_hook: closes the log, removes the MPI-IO files, closes
** the output; a user error ends with a clean finalize, an internal error (which may hit
** one process alone while the others wait for it) aborts them all. */
SK_API void sk_run_exit_hook(int status);
/* Steps 1 and 2 (exits with SK_EXIT_USER_ERROR on an input error). */
SK_API void sk_run_load(sk_run *r);
/* -n and -t: the input read and parsed by this process alone, without the transport
** (no MPI call; no process count is needed to check a program: the helpers that use it,
** get_np() and comm(), run only when the program runs). Exits with SK_EXIT_USER_ERROR on
** an input error. */
SK_API void sk_run_load_here(sk_run *r);
/* The exit hook of the modes that never start the transport (-h, -V, -l, -n, -t, -m, -r,
** -x): closes the output, nothing else. */
SK_API void sk_run_offline_exit_hook(int status);
/* 1 with *err set when path (an output or log to write; NULL and "-" are standard
** output) is a symbolic link whose target does not exist: such a link is refused (user
** error), never followed to create its target. what: "output", "log". */
SK_API int sk_run_refuse_dangling_link(const char *path, const char *what, sk_str *err);
/* Rank 0, on stderr, the one line of a run that measures nothing: "skampi: nothing
** measured: NAME needs at least NEEDS processes, the run has HAS: mpirun -np NEEDS ARGV..."
** (argv NULL: "its communicator has HAS", no command; a run with too small a world has one). */
SK_API void sk_run_too_few(const char *name, int needs, int has, int argc, char **argv);
/* Steps 3 to 9, the suites and the end of the run, after sk_run_load; frees *r. */
SK_API void sk_run_benchmark(sk_run *r);

#endif
