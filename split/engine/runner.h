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
  double std_error;         /* seconds, of the kept values (SKaLib eq. A.1, asec.h) */
  double rule_error;        /* the stopping rule's relative error at the end (asec.h) */
  int reps;                 /* single measurements done */
  int kept;
  sk_asec_stop stop;
  long reported_size;
  int nprocs;
  double *node_times;       /* nprocs entries: each process's time (seconds), the same
                            ** statistic as time over its own times, -1: none */
  long calls_per_timing;    /* user-defined precision (SKaLib eq. 3.1): calls in one timing */
  int invalid;              /* repetitions discarded: late_starts + lost_processor + missed_window */
  int late_starts;          /* ... a process began after its start time + the tolerance */
  int lost_processor;       /* ... a process was switched out between its start and stop */
  int missed_window;        /* ... a process arrived late or overran the window */
  double delay_max;         /* seconds: largest start delay of any repetition */
  double delay_tolerance;   /* seconds: the start delay above which one was discarded */
  long switches;            /* involuntary context switches during timings, all processes */
  int barrier_from;         /* 0, or the repetition (counting discarded ones, from 1) from
                            ** which on each began after a barrier (SK_FALLBACK_DISCARDS) */
  int barrier_lost;         /* of the invalid ones, discarded after that fallback: a process
                            ** lost its processor between its barrier and its stop */
  int lost_kept;            /* 0, or: no repetition ran undisturbed, and the result is made of
                            ** this many discarded ones (after the fallback: that lost the
                            ** processor; runner.h) */
  int budget_spent;         /* the point's time budget ran out (SK_POINT_BUDGET_*) */
  int budget_short;         /* then: repetitions short of set_min_repetitions (0: none) */
  double budget;            /* then: the budget, seconds */
  int failed;
  char fail_msg[256];
  char *note;               /* NULL, or SK_RESULT_NOTE bytes: comment lines for under the result
                            ** line (MPI_T, mpit.h), or "" (sk_result_note; made where a line is
                            ** written: under a simulator every rank holds its results at once) */
  char note_flags[64];      /* the flags those lines carry (measure.h, sk_mctx.note_flags), or "" */
  double *samples;          /* the values the result is formed from (seconds, each the
                            ** longest time over the processes), in the order measured:
                            ** the accepted repetitions (after a fallback to barrier starts
                            ** those since); nsamples == reps. NULL with nsamples 0: none */
  int nsamples;
} sk_result;

/* The time budget of a point (like IMB's -time), where set_time_limit (ASEC's time limit)
** sets none: SKAMPI_POINT_BUDGET (default SK_POINT_BUDGET_FACTOR, 0: no budget) times the
** repetitions asked (set_max_repetitions) times a quiet repetition's round: the least
** repetition value so far (discarded ones too: on a busy host the operation itself mostly
** runs through, the waits around it do not) plus SK_POINT_BUDGET_ROUND for the start and
** the agreement; at least SK_POINT_BUDGET_MIN seconds, counted from the warm-up's end.
** When it is spent, the point is written with the undisturbed repetitions it has, or,
** with none, the discarded ones (lost_kept), flagged time_budget=N (N: short of
** set_min_repetitions), and the run goes on (tools/bench/loaded_users_files.sh).
** Under a simulator (SK_SIMULATED) the default is no budget: nothing disturbs a simulated
** repetition, and each clock read there takes simulated time (SimGrid SMPI: 0.005 us more
** on a 30 us ping-pong), so a budget would change the results it guards. */
#if SK_SIMULATED
#define SK_POINT_BUDGET_FACTOR 0.0
#else
#define SK_POINT_BUDGET_FACTOR 3.0
#endif
#define SK_POINT_BUDGET_ROUND 100.0e-6
#define SK_POINT_BUDGET_MIN 0.5

SK_API void sk_result_init(sk_result *r);
SK_API void sk_result_free(sk_result *r);
#define SK_RESULT_NOTE 2048
/* The result's note, made ("") on first use: SK_RESULT_NOTE bytes to write into. */
SK_API char *sk_result_note(sk_result *r);
/* A result travels as SK_RESULT_DOUBLES(nprocs) doubles plus its fail_msg, note and
** samples: pack on the sender, unpack (allocating node_times) on the receiver, which then
** knows nsamples and receives that many doubles into the samples that
** sk_result_unpack allocated. */
#define SK_RESULT_FIELDS 23      /* the doubles before the node times (runner.c's list) */
#define SK_RESULT_DOUBLES(nprocs) (SK_RESULT_FIELDS + (size_t)(nprocs))
SK_API void sk_result_pack(const sk_result *r, double *pack);
SK_API void sk_result_unpack(sk_result *r, const double *pack, int nprocs);

/* User-defined precision (SKaLib §3.1): a single measurement of a local operation
** (simple pattern) spans at least settings->asec.precision_ticks clock ticks (100 unless
** the library's user sets it, skampi.h); shorter operations are repeated
** N = ceil(ticks * tick / t) times inside one timing (eq. 3.1). */

/* Members of g only. Fills m from def's init; returns 0 if init failed (m->failed). */
/* A library error returned inside a measurement's init, call or warm-up (transport.h,
** sk_tp_take_error) fails it (sk_meas_fail) with a message that begins with this. */
#define SK_LIBRARY_ERROR_PREFIX "library error in "
SK_API int sk_runner_is_library_error(const char *fail_msg);

SK_API void sk_runner_init(const sk_measurement *def, sk_mctx *m, sk_group *g, const sk_value *args,
                           const sk_settings *settings);
SK_API void sk_runner_finalize(const sk_measurement *def, sk_mctx *m, const sk_value *args);
/* Whether this member calls measure: p2p ranks 0 and 1, simple rank 0, else all. */
SK_API int sk_runner_takes_part(const sk_measurement *def, const sk_mctx *m);
/* Start delays (sk_sync_report.delay) up to this are the clock's and the wait's own
** granularity (well under 0.1 us when spinning): a repetition whose largest start delay
** is above SK_START_TOLERANCE_SHARE times the median of the values accepted so far, and
** above SK_START_TOLERANCE_MIN, is discarded (runner.c). Where the run's own processes
** outnumber the processors the floor is 2 ceil(log2 P) F instead, the bound below which
** a result is mostly scheduler time (oversub.h; SK_START_TOLERANCE_CROWDED when F was not
** measured): a waiting process there yields, and its start waits for the processors'
** rotation among the run's own processes (microseconds), as every message does; a time
** slice (milliseconds) is still a late start. */
#define SK_START_TOLERANCE_MIN 0.25e-6
/* ... and on a crowded host the share of the median of every repetition (accepted or
** not): there, at every start, the processes beyond the processors wait for the run's own
** to yield, and with the 4-on-2 all-to-alls of ski/coll_catalogue.ski such delays were
** above a quarter of the operation in 121 of 144 repetitions; a delay longer than the
** operation itself is a time slice. */
#define SK_START_TOLERANCE_SHARE_CROWDED 1.0
#define SK_START_TOLERANCE_CROWDED 100.0e-6
#define SK_START_TOLERANCE_SHARE 0.25
/* When the synchronised start loses nearly every repetition -- at least
** SK_FALLBACK_DISCARDS discarded and fewer than one accepted per SK_FALLBACK_RATIO of
** them -- the host does not give the processes their processors at agreed times (other
** processes hold them: with 14 strangers runnable beside 2 processes on 2 cores, 126 of
** 144 starts of a 1 KiB allreduce began milliseconds late, and no reading came out). The
** rest of the measurement then starts each repetition after a barrier, as IMB and the
** OSU benchmarks do, so that the result is still a reading of the operation (after a
** barrier both processes run, since both just took part in it); the accepted values so
** far are dropped (one method per result), and the result line says so (interference.c).
** After the fallback a repetition is discarded only when a process lost its processor
** between leaving the barrier and its stop (counted in barrier_lost; not where the run's
** own processes outnumber the processors, since there every operation waits for the
** rotation): a barrier says that both processes ran when it ended, not that they kept
** running -- beside 4 spinners and a busy machine, 6 of the 8 barrier-started
** repetitions of a 1 KiB broadcast read 40-80 ms, a time slice each, and the result
** 45,710 us against 0.31 us of a plain loop timed beside it. 8 rather than 16 (until 2026-11-25): each
** lost start on such a host costs a scheduler time slice or more (with 2 spinners and a
** parallel build beside an Open MPI run, 16 lost starts took 0.5-0.8 s of a measurement's
** 1.2-1.45 s, and the run 4.8 s against 0.6 s quiet), and 8 of which at most 2 were
** accepted already say that the host does not give the processes their processors at
** agreed times.
** When no barrier-started repetition ran undisturbed until the measurement's limit, the
** processes lose their processors in every operation -- the machine's normal state, not
** a disturbance -- and the result is made of the discarded ones (their first max_reps,
** lost_kept), as IMB and the OSU benchmarks keep every call: on a CI machine beside 4
** spinners a plain MPICH program read 12,000 us per 256-int allreduce (a time slice in
** every call), and skampi, discarding every one, gave no reading at all. Not sooner:
** beside 1 spinner 8 barrier-started MPICH allreduces in a row lost the processor (8 ms
** each) where later ones ran through in microseconds, as the plain program's median did.
** The result line says so (interference.c). */
#define SK_FALLBACK_DISCARDS 8
#define SK_FALLBACK_RATIO 3

/* Members of g only: one timing of def (one call, no warm-up, no repetition, no
** agreement), this member's time (negative when it takes no part). For probes that choose
** what to measure (sk_engine_probe). */
SK_API double sk_runner_once(const sk_measurement *def, sk_mctx *m, const sk_value *args);
/* Rank 0's view of the point being measured, after each repetition (sk_runner_progress). */
typedef struct sk_rep_progress {
  long reps, discarded;     /* repetitions kept so far, discarded so far */
  long min_reps, max_reps;  /* set_min_repetitions, set_max_repetitions */
  double in_point;          /* seconds since the point's repetitions began (engine clock) */
} sk_rep_progress;
typedef void (*sk_rep_progress_fn)(void *ctx, const sk_rep_progress *p);
/* A function rank 0 calls after every repetition with the clock it reads there anyway
** (the stopping rule's); NULL: none. The progress lines of a long point (interp.c). */
SK_API void sk_runner_progress(sk_rep_progress_fn fn, void *ctx);
/* Members of g only; the result is complete on rank 0 of g. */
SK_API void sk_runner_run(const sk_measurement *def, sk_mctx *m, const sk_value *args, sk_result *res);
/* The dummy time (SKaLib §3.2): an empty single measurement of the given pattern on g
** (clock reads, and the synchronised start for collective patterns), repeated under
** ASEC like any measurement. Members of g only; complete on rank 0 of g. */
SK_API void sk_runner_dummy(sk_group *g, sk_pattern pattern, const sk_settings *settings, sk_result *res);

#endif
