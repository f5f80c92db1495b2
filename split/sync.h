/*
** sync.h -- how the processes of a measurement start together (SKaMPI 5 manual §6.2.1, §4.1):
** no synchronisation, a barrier before each single measurement, or "real"
** synchronisation (the default): every process knows the offset (and drift) of its clock
** to a reference clock and starts each repetition at an agreed global time, inside a
** window reserved for it. The offsets come from one of two algorithms:
**   SK_OFFSETS_HCA     (default) hierarchical offset-and-drift estimate in O(log p) rounds
**                      after Hunold and Carpen-Amarie (EuroMPI 2015, CLUSTER 2018);
**   SK_OFFSETS_LINEAR  SKaMPI 5: rank 0 ping-pongs with every other member in turn.
** Estimates are cached per process and re-used until they are older than the maximum
** age (default 10 s; 2 s until a drift could be measured) or invalidated. sync.c
** describes the algorithms, the window and how waiting copes with more processes than
** cores.
*/
#ifndef SK_SYNC_H
#define SK_SYNC_H

#include "measure.h"

typedef enum sk_sync_method {
  SK_SYNC_NONE, SK_SYNC_BARRIER, SK_SYNC_REAL
} sk_sync_method;

/* Offset estimation algorithms of the real method (sk_sync_set_offset_method). */
#define SK_OFFSETS_LINEAR 1   /* SKaMPI 5: p-1 ping-pong series with rank 0, offsets only */
#define SK_OFFSETS_HCA 2      /* default: binomial tree, offset and drift, log2(p) rounds */

/* The synchronisation part of the engine settings (settings.h). */
typedef struct sk_sync_config {
  sk_sync_method method;      /* default SK_SYNC_REAL */
  int offset_method;          /* an SK_OFFSETS_ constant, default SK_OFFSETS_HCA */
  double max_offset_age;      /* seconds, default 10; <= 0: re-estimate every measurement */
} sk_sync_config;

SK_API void sk_sync_default_config(sk_sync_config *c);

SK_API void sk_sync_set_method(sk_sync_method m);
SK_API sk_sync_method sk_sync_get_method(void);
SK_API const char *sk_sync_method_name(sk_sync_method m);

/* Chooses the offset algorithm (an SK_OFFSETS_ constant; others are ignored). A change
** makes every cached estimate stale. All processes must make the same calls (SPMD). */
SK_API void sk_sync_set_offset_method(int method);
SK_API int sk_sync_get_offset_method(void);
SK_API const char *sk_sync_offset_method_name(int method);
/* Estimates older than this (seconds, default 10) are re-measured at the next
** measurement; values <= 0 mean "before every measurement". */
SK_API void sk_sync_set_max_offset_age(double seconds);
/* Marks every cached estimate stale: the next synchronised measurement re-estimates. */
SK_API void sk_sync_invalidate_offsets(void);

/* Collective over the members of g: estimates the offsets now (relative to rank 0 of g;
** the estimate for the world group is the one every other group re-uses while it is
** fresh), re-measures them once to obtain the residuals, and collects the figures on
** rank 0 of g. With a global clock (sk_tp_wtime_is_global) nothing is measured. */
SK_API void sk_sync_estimate(sk_group *g);
/* Collective over the world: sk_sync_estimate(world) when the real method is chosen and
** there is more than one process; call it before writing the output header so that
** sk_sync_describe can report the estimate. */
SK_API void sk_sync_init_world(void);

/* Figures of the most recent estimation this process took part in. */
SK_API double sk_sync_offset_estimate(void);       /* own clock minus reference, now (s) */
SK_API double sk_sync_offset_error_bound(void);    /* half round trips along the path (s) */
/* On rank 0 of the group last estimated: the largest |offset| and |residual| (seconds)
** over its members, and the per-member values (returns the number of members, at most
** max are copied; residuals of members that were not re-measured are 0). */
SK_API double sk_sync_max_abs_offset_estimate(void);
SK_API double sk_sync_max_abs_residual(void);
SK_API int sk_sync_last_offsets(double *offsets, double *residuals, int max);

/* Statistics of the real method on this process: repetitions done and discarded as
** invalid, the current window (seconds) of the last synchronised measurement. */
SK_API long sk_sync_repetitions(void);
SK_API long sk_sync_invalid_count(void);
SK_API double sk_sync_window(void);

/* Called by the engine for each measurement (all members), before the warm-up. */
SK_API void sk_sync_prepare(sk_mctx *m);
SK_API void sk_sync_release(sk_mctx *m);
/* After each single measurement: did this process start and stop inside its window?
** (always 1 for the none and barrier methods) */
SK_API int sk_sync_rep_ok(sk_mctx *m);
/* Every member learns whether the repetition was valid on ALL processes; an invalid
** one is discarded by the runner and the method may widen its window. */
SK_API void sk_sync_rep_done(sk_mctx *m, int valid_everywhere);
/* Header line(s) describing the method and its accuracy (local: no communication). */
SK_API void sk_sync_describe(sk_str *out);

#endif
