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
/* After each single measurement: did this process start and stop inside its window?
** (always 1 for the none and barrier methods) */
SK_API int sk_sync_rep_ok(sk_mctx *m);
/* Every member learns whether the repetition was valid on ALL processes; an invalid
** one is discarded by the runner and the method may widen its window. */
SK_API void sk_sync_rep_done(sk_mctx *m, int valid_everywhere);
/* Header line(s) describing the method of cfg and its accuracy, with the offsets' lines
** (local: no communication). */
SK_API void sk_sync_describe(const sk_sync_config *cfg, sk_str *out);

#ifdef SKAMPI_TESTING
/* The window (seconds) of the last synchronised measurement on this process. */
SK_API double sk_sync_window(void);
#endif

#endif
