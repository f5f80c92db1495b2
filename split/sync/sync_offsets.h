/*
** sync_offsets.h -- clock offsets between the processes (SKaMPI 5 manual §6.2.1): every
** process knows the offset (and drift) of its clock to a reference clock, so that the
** real synchronisation (sync_window.h) can start repetitions at agreed global times.
** Two algorithms:
**   SK_OFFSETS_HCA     (default) hierarchical offset-and-drift estimate in O(log p) rounds
**                      after Hunold and Carpen-Amarie (EuroMPI 2015, CLUSTER 2018);
**   SK_OFFSETS_LINEAR  SKaMPI 5: rank 0 ping-pongs with every other member in turn.
** Estimates are cached per process and group and re-used while they are fresh: younger
** than the maximum age (default 10 s; 2 s until a drift could be measured), made with the
** offset method asked for, and not invalidated. This header also holds the
** synchronisation part of the engine settings (sk_sync_config, read by both modules).
*/
#ifndef SK_SYNC_OFFSETS_H
#define SK_SYNC_OFFSETS_H

#include "measure.h"
#include "agree.h"

typedef enum sk_sync_method {
  SK_SYNC_NONE, SK_SYNC_BARRIER, SK_SYNC_REAL
} sk_sync_method;

/* Offset estimation algorithms of the real method. */
#define SK_OFFSETS_LINEAR 1   /* SKaMPI 5: p-1 ping-pong series with rank 0, offsets only */
#define SK_OFFSETS_HCA 2      /* default: binomial tree, offset and drift, log2(p) rounds */

/* The synchronisation part of the engine settings (settings.h). */
typedef struct sk_sync_config {
  sk_sync_method method;      /* default SK_SYNC_REAL */
  int offset_method;          /* an SK_OFFSETS_ constant, default SK_OFFSETS_HCA */
  double max_offset_age;      /* seconds, default 10; <= 0: re-estimate every measurement */
} sk_sync_config;

SK_API void sk_sync_default_config(sk_sync_config *c);
SK_API const char *sk_sync_offset_method_name(int method);

/* What the layer keeps per group on this process (the offsets' cache, the start window's
** memory) is a list of records that begin with this link. */
typedef struct sk_sync_record {
  sk_group *g;
  struct sk_sync_record *next;
} sk_sync_record;
/* The record of g in *list, or a new one of `size` bytes, zeroed but for its link, at the
** head of the list (*made 1 then, else 0). */
SK_API sk_sync_record *sk_sync_record_for(sk_sync_record **list, sk_group *g, size_t size, int *made);

/* A process's clock against the reference clock: at local time l the local clock is
** ahead of the reference by off + drift * (l - tref); err bounds the error of off. */
typedef struct sk_clock_model {
  double tref;   /* local time at which off holds */
  double off;    /* local clock minus reference clock at tref (seconds) */
  double drift;  /* d(local - reference) / d(local) */
  double err;    /* bound on the error of off (seconds) */
} sk_clock_model;

SK_API void sk_clock_identity(sk_clock_model *md, double now);
SK_API double sk_clock_offset(const sk_clock_model *md, double local);
SK_API double sk_clock_to_ref(const sk_clock_model *md, double local);
SK_API double sk_clock_to_local(const sk_clock_model *md, double ref);

/* Marks every cached estimate stale: the next synchronised measurement re-estimates. */
SK_API void sk_sync_invalidate_offsets(void);

/* Collective over the members of g: estimates the offsets now with cfg's offset method
** (relative to rank 0 of g; the estimate for the world group is the one every other group
** re-uses while it is fresh), re-measures them once to obtain the residuals, and agrees
** on the figures for the header. With a global clock (sk_tp_wtime_is_global) nothing is
** measured. */
SK_API void sk_sync_estimate(const sk_sync_config *cfg, sk_group *g);
/* Collective over the world: sk_sync_estimate(world) when cfg chooses the real method and
** there is more than one process; call it before writing the output header so that
** sk_sync_describe can report the estimate. */
SK_API void sk_sync_init_world(const sk_sync_config *cfg);

/* Where the clock model of a measurement on g comes from; rank 0 of g decides and the
** members agree on its choice (sync_window.c). */
typedef enum sk_clock_source {
  SK_CLOCK_IDENTITY,   /* the clock is global: no offsets */
  SK_CLOCK_WORLD,      /* the world's fresh estimate (reference: world rank 0) */
  SK_CLOCK_GROUP,      /* g's own fresh estimate (reference: rank 0 of g) */
  SK_CLOCK_ESTIMATE    /* nothing fresh: sk_sync_estimate(cfg, g) first */
} sk_clock_source;

/* Local: where a fresh model for g would come from at local time `now`. */
SK_API sk_clock_source sk_sync_clock_source(const sk_sync_config *cfg, sk_group *g, double now);
/* Local: the cached model of that source (the identity for SK_CLOCK_IDENTITY). */
SK_API void sk_sync_clock_model(sk_clock_source src, sk_group *g, double now, sk_clock_model *md);

/* Local: waits until local time `target` (now: the current local time), yielding only
** where the run's own processes share the processors (sync_offsets.c says why); returns
** the local time of the return. With switches not NULL it also reads the process's
** involuntary context switches (sk_host_involuntary_switches) while more than
** SK_SYNC_SWITCHES_BEFORE remains, so that *switches holds the count from just before the
** start (unchanged when the target has passed already). */
#define SK_SYNC_SWITCHES_BEFORE 2.0e-6
SK_API double sk_sync_wait_until(double target, double now, long *switches);

/* Header lines about the offsets: the method and the figures of the last estimation
** (local, on rank 0 of the world). */
SK_API void sk_sync_describe_offsets(const sk_sync_config *cfg, sk_str *out);

#ifdef SKAMPI_TESTING
/* On rank 0 of the group last estimated: the largest |offset| and |residual| (seconds)
** over its members, and the per-member offsets (returns the number of members, at most
** max are copied). */
SK_API double sk_sync_max_abs_offset_estimate(void);
SK_API double sk_sync_max_abs_residual(void);
SK_API int sk_sync_last_offsets(double *offsets, int max);
#endif

#endif
