/*
** sync_window.h -- how the processes of a measurement start together (SKaMPI 5 manual
** §6.2.1, §4.1): no synchronisation, a barrier before each single measurement, or "real"
** synchronisation (the default): every repetition starts at an agreed global time, inside
** a window reserved for it, using the clock offsets of sync_offsets.h. The method comes
** from the settings of the run (m->settings->sync).
*/
#ifndef SK_SYNC_WINDOW_H
#define SK_SYNC_WINDOW_H

#include "sync_offsets.h"

SK_API const char *sk_sync_method_name(sk_sync_method m);

/* Called by the engine for each measurement (all members), before the warm-up. */
SK_API void sk_sync_prepare(sk_mctx *m);
SK_API void sk_sync_release(sk_mctx *m);
/* The schedule (sync_window.c, "the schedule"): after each repetition every member
** reports (sk_sync_rep_report) -- inside the runner's agreement on the repetition --
** rank 0 plans the next start from the reports (sk_sync_plan_next), and every member
** adopts the plan with the agreed validity (sk_sync_rep_done). */
typedef struct sk_sync_report {
  double lag;              /* seconds from the decision that set the start to the arrival; -1: none */
  double span;             /* seconds from the start time to the stop; -1: none */
  int late, overrun;       /* arrived after the start time; stopped after start + W */
  double delay;            /* seconds it began after its start time having arrived in
                           ** time (it did not get its processor back at once); else 0 */
  long switches;           /* involuntary context switches from the stop of the repetition
                           ** before (the warm-up: from its arrival) to this stop (0 where
                           ** unknown); after a fallback from the end of the barrier */
} sk_sync_report;
typedef struct sk_sync_plan {
  double slot;             /* reference time of the next start */
  double window, margin;   /* W and M */
} sk_sync_plan;
SK_API void sk_sync_rep_report(sk_mctx *m, sk_sync_report *r);
SK_API void sk_sync_plan_next(sk_mctx *m, const sk_sync_report *reports, int n, sk_sync_plan *plan);

/* Untimed calls before the warm-up (meas_mpi_coll.c, "the warm-up of the collectives"):
** between sk_sync_untimed_begin and sk_sync_untimed_end sk_sync_start and sk_sync_stop
** return the clock at once -- no wait, no barrier, nothing noted -- so a measurement may
** call its operation untimed. sk_sync_untimed_end is collective over the measurement's
** group (every member calls it, as sk_sync_prepare): with the real method it agrees a new
** start time for the warm-up call, M from now, so that the untimed calls do not make the
** warm-up, and with it the first repetition (2 W after the warm-up's start), late. */
/* For measurement functions (SKaMPI 5 manual §6.2.1), on every backend: the agreed start
** of this repetition, waited for, and the stop; both return this process's clock (seconds). */
SK_API double sk_sync_start(sk_mctx *m);
SK_API double sk_sync_stop(sk_mctx *m);
#ifdef SKAMPI_MPI
SK_API void sk_sync_untimed_begin(sk_mctx *m);
SK_API void sk_sync_untimed_end(sk_mctx *m);
#endif

/* After each single measurement: did this process arrive before its start time and stop
** inside its window? (always 1 for the none and barrier methods) */
SK_API int sk_sync_rep_ok(sk_mctx *m);
/* Whether this measurement's repetitions start at agreed times (the real method, more
** than one process): the only starts that can be late. */
SK_API int sk_sync_windowed(const sk_mctx *m);
/* Every member, at once (after a decision of rank 0): the rest of this measurement starts
** each repetition after a barrier instead (the runner's fallback when the synchronised
** start loses nearly every repetition, runner.c). The group's window and margin memory
** keeps what it had before this measurement. */
SK_API void sk_sync_fall_back_to_barrier(sk_mctx *m);
/* Whether it fell back: then the reports (sk_sync_rep_report) give the involuntary
** switches from the end of each barrier to the stop. */
SK_API int sk_sync_fell_back(const sk_mctx *m);
/* Every member learns whether the repetition was valid on ALL processes (an invalid one
** is discarded by the runner) and the plan of the next start. */
SK_API void sk_sync_rep_done(sk_mctx *m, int valid_everywhere, const sk_sync_plan *plan);
/* Header line(s) describing the method of cfg and its accuracy, with the offsets' lines
** (local: no communication). */
SK_API void sk_sync_describe(const sk_sync_config *cfg, sk_str *out);

#ifdef SKAMPI_TESTING
/* The window (seconds) of the last synchronised measurement on this process. */
SK_API double sk_sync_window(void);
#endif

#endif
