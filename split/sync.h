/*
** sync.h -- how the processes of a measurement start together (seed 003 §6.2.1, §4.1):
** no synchronisation, a barrier before each single measurement, or "real"
** synchronisation: every process knows its clock offset to rank 0 and starts each
** repetition at an agreed global time.
*/
#ifndef SK_SYNC_H
#define SK_SYNC_H

#include "measure.h"

typedef enum sk_sync_method {
  SK_SYNC_NONE, SK_SYNC_BARRIER, SK_SYNC_REAL
} sk_sync_method;

SK_API void sk_sync_set_method(sk_sync_method m);
SK_API sk_sync_method sk_sync_get_method(void);
SK_API const char *sk_sync_method_name(sk_sync_method m);
/* Called by the engine for each measurement (all members), before the warm-up. */
SK_API void sk_sync_prepare(sk_mctx *m);
SK_API void sk_sync_release(sk_mctx *m);
/* After each single measurement: did this process start and stop inside its window?
** (always 1 for the none and barrier methods) */
SK_API int sk_sync_rep_ok(sk_mctx *m);
/* Every member learns whether the repetition was valid on ALL processes; an invalid
** one is discarded by the runner and the method may widen its window. */
SK_API void sk_sync_rep_done(sk_mctx *m, int valid_everywhere);
/* Header line(s) describing the method and its accuracy. */
SK_API void sk_sync_describe(sk_str *out);

#endif
