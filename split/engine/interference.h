/*
** interference.h -- what other processes did to a run, said rather than hidden (doc/manual.md,
** "Interference"). The start rules (sync_window.c) and the runner discard a repetition in
** which a process began late, lost its processor or missed its window; what remains is
** judged here per result, from the counts the runner keeps (runner.h): a large share of
** repetitions discarded, start delays longer than the result itself, and a result that
** rests on fewer undisturbed repetitions than asked for; the involuntary context switches
** during timing are named with them (where the run's own processes share the processors
** every result has some -- a yield is one -- so they flag nothing alone there; elsewhere
** a repetition with one is discarded). Such a result gets a "# (interference: ...)" line under its line (and an
** "untrustworthy" one where it could not be made right), the header (results/header.h)
** says how the waits keep the processor and what the machine looked like at the start,
** the footer counts the flagged results. Rank 0 of the world only; no communication.
*/
#ifndef SK_INTERFERENCE_H
#define SK_INTERFERENCE_H

#include "runner.h"

/* A result is flagged when at least this share of its repetitions was discarded. */
#define SK_INTERFERENCE_SHARE 0.25

/* The flag lines of one result (nothing when it is clean); returns 1 when the result is
** untrustworthy (*why then says so in one sentence, without a newline). min_reps: the
** repetitions the run asked for. Counts flagged and untrustworthy results. */
SK_API int sk_interference_judge(const sk_result *res, int min_reps, sk_str *lines, sk_str *why);
/* The same judgement, counting nothing: the stable names of the flags that put the result
** in doubt -- interference, untrustworthy, and scheduler_time (oversub.h) -- appended to
** *names, comma-separated (nothing when it is clean). For a figure derived from the
** result (a measurement's note, measure.h: sk_mctx.result_flags). */
SK_API void sk_interference_doubts(const sk_result *res, int min_reps, sk_str *names);
/* Collective over the world, at the start of every suite: how the waits treat the
** processor for this suite (sk_host_set_waits_yield), decided by rank 0 from what it sees
** on its machine and in the last suite's results:
**   - the run's own processes outnumber the processors (oversub.h): yield;
**   - otherwise, other processes runnable now (sk_host_runnable minus the run's own on
**     rank 0's machine): spin -- a yield would give them a time slice;
**   - otherwise, the last suite lost at least SK_INTERFERENCE_OWN_SHARE of its
**     repetitions (of at least SK_INTERFERENCE_MIN_REPS) to late starts and lost processors
**     with nobody else runnable: the run's own processes compete for fewer processors
**     than the count shows (a quota, a binding to shared cores), so yield from then on
**     while nobody else is runnable;
**   - otherwise spin.
** *note (rank 0) gets a "# (waits ...)" line when the choice changes; returns whether
** the waits yield now. Then each rank's processor is read for this suite
** (sk_oversub_placement_read: where ranks share one while their host has a processor
** free, the suite's results say so, result_line.h). */
#define SK_INTERFERENCE_MIN_REPS 16
#define SK_INTERFERENCE_OWN_SHARE 0.5
SK_API int sk_interference_choose_waits(sk_str *note);
/* The rule above without the machine: crowded by count, others runnable, the last suite's
** repetitions and how many of them were lost to late starts and lost processors;
** *own_competition is set once they show it and stays. Returns whether the waits yield. */
SK_API int sk_interference_decide_waits(int crowded, int others, long reps, long lost, int *own_competition);
/* Footer line with the counts; nothing when no result was flagged. *warning gets the
** one-line summary for stderr (without "skampi: warning: "). */
SK_API void sk_interference_summary(sk_str *footer, sk_str *warning);

#endif
