/*
** skampi.h -- skampi as a library (after "SKaLib: SKaMPI as a library", SKaLib report,
** Karlsruhe TR 99/07): time measured to a chosen precision (§3.1), automatic control of
** the standard error (§3.2), automatic parameter refinement (§3.3), merging runs (§3.4)
** and the patterns of ch. 4, for any operation a C program gives it. The library is the
** amalgam built with -DSKAMPI_LIBRARY (add -DSKAMPI_SEQ without MPI); this header is its
** whole interface (C89). Every function returns SKAMPI_OK or an error code with its
** message in skampi_errmsg() and never ends the process; most are collective. The
** manual: doc/library.md.
*/
#ifndef SKAMPI_H
#define SKAMPI_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef SKAMPI_VERSION
#define SKAMPI_VERSION "@SKAMPI_VERSION@"
#endif
/* major * 10000 + minor * 100 + patch */
#define SKAMPI_VERSION_NUMBER @SKAMPI_VERSION_NUMBER@

/* Return codes. */
#define SKAMPI_OK 0
#define SKAMPI_EUSAGE 1      /* a wrong argument or call order: nothing was done */
#define SKAMPI_EFAILED 2     /* the operation failed (skampi_fail in init, run or finalize) */
#define SKAMPI_EFILE 3       /* a file could not be opened, read or written */
#define SKAMPI_EINTERNAL 4   /* skampi itself stopped (its message); call skampi_end only */

/* Patterns (SKaLib ch. 4): who calls the operation and what one single measurement is. */
#define SKAMPI_SIMPLE 0        /* rank 0 alone; a short operation is repeated inside one
                                  timing until it spans precision_ticks clock ticks */
#define SKAMPI_P2P 1           /* ranks 0 and 1; the longer of their two times */
#define SKAMPI_COLLECTIVE 2    /* every process, started together at an agreed time on
                                  synchronised clocks; the longest time from that start */
#define SKAMPI_MASTER_WORKER 3 /* every process, started together; the time is rank 0's
                                  (the master's), the workers' are not counted */

/* The statistic of a result. */
#define SKAMPI_MEAN 0          /* the mean of the repetitions kept (SKaLib §3.2) */
#define SKAMPI_MIN 1           /* the least repetition */

typedef struct skampi_settings {
  int min_reps;                /* repetitions of a measurement, at least (default 8) ... */
  int max_reps;                /* ... and at most (default 33) */
  double max_rel_error;        /* stop repeating when the standard error of the trimmed
                                  mean is below this share of it (default 0.1) */
  double cut_quantile;         /* the share cut at each end before the mean (0.25) */
  double time_limit;           /* seconds per measurement, 0: none (default) */
  double suite_time_limit;     /* seconds per suite, 0: none (default) */
  double precision_ticks;      /* a simple pattern's timing spans at least this many
                                  clock ticks (SKaLib eq. 3.1; default 100) */
  int statistic;               /* SKAMPI_MEAN (default) or SKAMPI_MIN */
  double refine_max_error;     /* autorefine: stop when the largest key (SKaLib eq. 3.5,
                                  the bend judged against the local slope) is below it
                                  (default 0.05) */
  double refine_min_distance;  /* autorefine: never split a segment shorter than this, in
                                  the loop variable's units; 0: automatic (default) */
  int refine_max_steps;        /* autorefine: points measured at most; 0 (default):
                                  automatic, the plain loop's points and as many again,
                                  at least 16 added; -1: no limit */
  int max_node_times;          /* per-process times on a result line (default 16) */
} skampi_settings;

/* What an operation's callbacks see. */
typedef struct skampi_call {
  int rank, size;              /* this process's rank among all processes, and their number */
  double x;                    /* the suite's parameter at this point */
  long bytes;                  /* the message size written to the result line: x rounded,
                                  unless init sets it */
  int warming_up;              /* 1 during the warm-up call before the repetitions */
  void *internal;              /* the library's; do not touch */
} skampi_call;

typedef void (*skampi_fn)(void *user, skampi_call *call);

typedef struct skampi_operation {
  const char *name;            /* its name: the label of its lines in a suite of several */
  int pattern;                 /* SKAMPI_SIMPLE, _P2P, _COLLECTIVE or _MASTER_WORKER */
  skampi_fn run;               /* the operation, timed by the library */
  skampi_fn init;              /* NULL, or once per point before the warm-up, untimed */
  skampi_fn finalize;          /* NULL, or once per point after the repetitions */
  void *user;                  /* handed to the callbacks */
} skampi_operation;

/* The values of a suite's parameter: first, then step by step up to last; with refine,
** more points where the result bends (SKaLib §3.3, `autorefine` in .ski programs). */
typedef struct skampi_loop {
  const char *name;            /* the variable's name on the result lines, e.g. "bytes" */
  double first, last, step;
  int geometric;               /* 1: x *= step (step > 1, first > 0); 0: x += step */
  int integer;                 /* 1: the values are whole numbers */
  int refine;                  /* 1: autorefine, 0: the plain loop */
} skampi_loop;

/* One point of a suite. Complete on rank 0; elsewhere x, op and time only. */
typedef struct skampi_result {
  int op;                      /* the operation's index in the suite */
  double x;                    /* the parameter */
  long bytes;                  /* the reported size */
  double time;                 /* seconds: the mean of the kept repetitions (or the least) */
  double std_error;            /* seconds, of the kept repetitions (SKaLib eq. A.1) */
  double rel_error;            /* the stopping rule's relative error at the end */
  int reps, kept;              /* repetitions done, and kept for the mean */
  long calls_per_timing;       /* calls inside one timing (SKaLib eq. 3.1) */
  int refined;                 /* added by autorefine */
  int time_limited;            /* stopped by the time limit per measurement */
} skampi_result;

/* Starts the library: MPI_Init unless MPI is already initialised (skampi_end then leaves
** it to the caller), clock synchronisation, and on rank 0 the output file (NULL: none;
** "-": standard output; an existing file is kept as FILE.1) with its header. */
int skampi_begin(int *argc, char ***argv, const char *output);
/* Ends it: closes the output; MPI_Finalize when skampi_begin called MPI_Init. */
int skampi_end(void);
/* The message of the last error on this process ("" after success). */
const char *skampi_errmsg(void);
int skampi_rank(void);
int skampi_size(void);
/* The clock the library measures with (seconds): wall time -- MPI_Wtime, or in the
** sequential build clock_gettime(CLOCK_MONOTONIC), else gettimeofday, else (the header and
** every result then say "CPU time") clock(). */
double skampi_wtime(void);

void skampi_default_settings(skampi_settings *s);
/* The settings from now on (checked: SKAMPI_EUSAGE names a wrong field). */
int skampi_configure(const skampi_settings *s);

/* For callbacks: the operation failed here; the measurement ends with SKAMPI_EFAILED. */
void skampi_fail(skampi_call *call, const char *why);
/* From inside a run callback: the time from skampi_pause to skampi_resume is not counted
** (a set-up per call: refill a buffer, shuffle an array); the library also subtracts the
** calibrated cost of the pair (the header says how much). Elsewhere they do nothing. The
** set-up still runs calls_per_timing times per timing. */
void skampi_pause(void);
void skampi_resume(void);
/* Keeps the compiler from removing work whose result nothing reads: hand it a pointer to
** the result (one call of an external function; with GNU C also a compiler barrier). */
void skampi_do_not_optimize(const void *p);

/* A suite (one `# begin result "name"` block in the output): every operation of ops at
** every value of the loop, under ASEC. *results (NULL: not wanted) gets *nresults
** entries in the order of the output's lines (by x, operations in order at each x);
** free it with skampi_free. An autorefine loop follows the last operation's times, unless
** skampi_refine_follow says otherwise. */
int skampi_suite(const char *name, const skampi_operation *ops, int nops, const skampi_loop *loop,
                 skampi_result **results, int *nresults);
/* Which times the autorefine suites from now on follow: operation op's (an index into
** the suite's ops; -1: the last, the default), or with versus >= 0 the crossing of
** operations op and versus: points are added only where the sign of their difference
** changes, until the crossing is bracketed to within refine_max_error of its position. */
int skampi_refine_follow(int op, int versus);
/* One operation at one x: a suite of one point named after the operation. */
int skampi_measure(const skampi_operation *op, double x, skampi_result *result);
void skampi_free(void *p);

/* Merges the runs' .sko files into out (SKaLib §3.4, skampi -m); rank 0's files. */
int skampi_merge(const char *out, const char *const *inputs, int ninputs);
/* The command line of the skampi program (argv[0] its name): reports, exports, merges
** and comparisons of result files (-r, -x, -m, -c), -l, -V, -h; returns the exit status
** the program would end with. A benchmark run starts and ends MPI itself: only without
** skampi_begin, and once. Not while the library is started. */
int skampi_program(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif
