/*
** runner.h -- runs ONE measurement (one argument set) under ASEC for the patterns of
** SKaLib §4.1: warm-up call, then single measurements until the stopping rule says
** enough; each single measurement's value is the maximum over the processes that
** returned a time; every decision is taken on rank 0 of the measurement communicator
** and broadcast, so all processes repeat in step.
*/
#ifndef SK_RUNNER_H
#define SK_RUNNER_H

#include "settings.h"
#include "agree.h"

typedef struct sk_result {
  double time;              /* seconds: mean of the kept single-measurement values */
  double std_error;         /* seconds, of the kept values */
  int reps;                 /* single measurements done */
  int kept;
  sk_asec_stop stop;
  long reported_size;
  int nprocs;
  double *node_times;       /* nprocs entries: each process's mean time (seconds) */
  long calls_per_timing;    /* user-defined precision (SKaLib eq. 3.1): calls in one timing */
  int invalid;              /* repetitions discarded because a start was not synchronised */
  int failed;
  char fail_msg[256];
  char note[2048];          /* comment lines for under the result line (MPI_T, mpit.h), or "" */
} sk_result;

SK_API void sk_result_init(sk_result *r);
SK_API void sk_result_free(sk_result *r);
/* A result travels as SK_RESULT_DOUBLES(nprocs) doubles plus its fail_msg: pack on the
** sender, unpack (allocating node_times) on the receiver. */
#define SK_RESULT_DOUBLES(nprocs) (9 + (size_t)(nprocs))
SK_API void sk_result_pack(const sk_result *r, double *pack);
SK_API void sk_result_unpack(sk_result *r, const double *pack, int nprocs);

/* User-defined precision (SKaLib §3.1): a single measurement of a local operation
** (simple pattern) spans at least this many clock ticks; shorter operations are
** repeated N = ceil(ticks * tick / t) times inside one timing (eq. 3.1). */
#define SK_PRECISION_TICKS 100.0

/* Members of g only. Fills m from def's init; returns 0 if init failed (m->failed). */
SK_API void sk_runner_init(const sk_measurement *def, sk_mctx *m, sk_group *g, const sk_value *args,
                           const sk_settings *settings);
SK_API void sk_runner_finalize(const sk_measurement *def, sk_mctx *m, const sk_value *args);
/* Whether this member calls measure: p2p ranks 0 and 1, simple rank 0, else all. */
SK_API int sk_runner_takes_part(const sk_measurement *def, const sk_mctx *m);
/* Members of g only; the result is complete on rank 0 of g. */
SK_API void sk_runner_run(const sk_measurement *def, sk_mctx *m, const sk_value *args, sk_result *res);
/* The dummy time (SKaLib §3.2): an empty single measurement of the given pattern on g
** (clock reads, and the synchronised start for collective patterns), repeated under
** ASEC like any measurement. Members of g only; complete on rank 0 of g. */
SK_API void sk_runner_dummy(sk_group *g, sk_pattern pattern, const sk_settings *settings, sk_result *res);

#endif
