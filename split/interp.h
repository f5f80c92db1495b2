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
  int blocks_total, blocks_done;
  sk_engine engine;           /* measures; keeps which dummy times are out */
  int time_accounting;
  double time_in_measurements, run_started;
  long measurements;
  int verify_failed;          /* a verification failed: the run ends with exit 3 after the block */
} sk_interp;

SK_API void sk_interp_init(sk_interp *in);
SK_API void sk_interp_free(sk_interp *in);
SK_API void sk_interp_run(sk_interp *in, const sk_program *prog);
/* Evaluation, for the builtins and tests. */
SK_API sk_value sk_interp_eval(sk_interp *in, const sk_expr *e);
SK_API void sk_interp_assign(sk_interp *in, const char *name, sk_value v);
SK_API int sk_interp_lookup(sk_interp *in, const char *name, sk_value *out);
#endif
