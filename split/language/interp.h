/*
** interp.h -- the interpreter of the program tree (SKaMPI 5 manual §2.5, §5): every process
** executes the same program (SPMD); variables with global and measurement-block scope;
** computed loops with the rounding and de-duplication rule; measure statements that
** agree on buffer sizes across all processes, run the measurement and write its line.
*/
#ifndef SK_INTERP_H
#define SK_INTERP_H

#include "ast.h"
#include "engine.h"
#include "output.h"
#include "settings.h"
#include "labels.h"
#include "builtins.h"

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
  int progress;               /* rank 0 prints progress lines on stderr (interp.c) */
  int quiet;                  /* -q: no warnings on stderr (the comment lines stay) */
  int progress_tty;           /* stderr is a terminal: one updating progress line */
  size_t progress_width;      /* length of the progress line on screen (0: none) */
  double progress_interval;   /* not a terminal: a "running" line at most every so many seconds */
  double progress_last;       /* sk_engine_clock() of the last progress line (0: none yet) */
  long block_points;          /* measurement lines of the current suite */
  long block_points_known;    /* the points the current suite will measure (literal loops), -1: unknown */
  double done_time;           /* seconds spent in the suites done (measured, not resumed) */
  long done_points;           /* their points */
  long *later_points;         /* the known points of every suite in program order (-1: unknown) */
  double rep_point_time;      /* the current point's expected time from its repetitions so far (0: none) */
  const char *block_time_kind; /* the current suite's last "#@ suite: time=" written, NULL: none */
  int blocks_total, blocks_done;
  int blocks_started;         /* suites begun or skipped so far, in program order */
  int resume_skip;            /* resuming: suites 1..resume_skip are complete, skip them */
  sk_engine engine;           /* measures; keeps which dummy times are out */
  sk_run_record run;          /* what the builtins keep of the run (builtins.h) */
  sk_label_table labels;
  int apr_added;              /* the current autorefine point was added by refinement */
  int verify_failed;          /* a verification failed: the run ends with exit 3 after the block */
  long too_few_points;        /* points skipped for a communicator smaller than their measurement's least */
  int too_few_needs, too_few_has;   /* of the first such point: the least processes, the communicator's */
  const char *too_few_name;   /* its measurement (the catalogue's name) */
  const sk_stmt *too_few_warned;    /* the statement last warned about (one warning per statement) */
  int library_error;          /* the library returned an error in the current suite: it stops */
  int library_failed_suites;  /* suites that stopped so (the run goes on; its exit status 6) */
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
