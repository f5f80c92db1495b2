/*
** interference.h -- what other processes did to a run, said rather than hidden (README,
** "Interference"). The start rules (sync_window.c) and the runner discard a repetition in
** which a process began late, lost its processor or missed its window; what remains is
** judged here per result, from the counts the runner keeps (runner.h): a large share of
** repetitions discarded, start delays longer than the result itself, and a result that
** rests on fewer undisturbed repetitions than asked for; the involuntary context switches
** during timing are named with them (where the run's own processes share the processors
** every result has some -- a yield is one -- so they flag nothing alone there; elsewhere
** a repetition with one is discarded). Such a result gets a "# (interference: ...)" line under its line (and an
** "untrustworthy" one where it could not be made right), the header says how the waits
** keep the processor and what the machine looked like at the start, the footer counts the
** flagged results. Rank 0 of the world only; no communication.
*/
#ifndef SK_INTERFERENCE_H
#define SK_INTERFERENCE_H

#include "runner.h"

/* A result is flagged when at least this share of its repetitions was discarded. */
#define SK_INTERFERENCE_SHARE 0.25

/* Header lines: how skampi's waits treat the processor, and the processes runnable on
** rank 0's machine now (sk_host_runnable) against the run's own there (own_here). */
SK_API void sk_interference_describe(int own_here, sk_str *header);
/* The flag lines of one result (nothing when it is clean); returns 1 when the result is
** untrustworthy (*why then says so in one sentence, without a newline). min_reps: the
** repetitions the run asked for. Counts flagged and untrustworthy results. */
SK_API int sk_interference_judge(const sk_result *res, int min_reps, sk_str *lines, sk_str *why);
/* Footer line with the counts; nothing when no result was flagged. *warning gets the
** one-line summary for stderr (without "skampi: warning: "). */
SK_API void sk_interference_summary(sk_str *footer, sk_str *warning);

#endif
