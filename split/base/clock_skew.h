/*
** clock_skew.h -- FOR TESTS ONLY: a clock skew injected into the timer of the MPI and
** sequential backends, so that tests can check the clock synchronisation against known
** offsets and drifts on hosts that share one clock. Off unless the environment variable
** SKAMPI_TEST_CLOCK_SKEW is set, as "RANK:OFFSET_US:DRIFT_PPM[,...]": the clock of world
** rank RANK reads OFFSET_US microseconds ahead at the start and runs DRIFT_PPM parts per
** million fast (negative: behind, slow). The output header names the skew when it is on.
*/
#ifndef SK_CLOCK_SKEW_H
#define SK_CLOCK_SKEW_H

#include "base.h"

#define SK_SKEW_ENV "SKAMPI_TEST_CLOCK_SKEW"

/* Reads the variable (bad text: SKAMPI_TEST_CLOCK_SKEW:1:COL: message, exit status 2)
** and keeps this rank's entry; `now` is the raw clock at the start. */
#ifndef SKAMPI_RCCE
SK_API void sk_skew_init(int world_rank, double now);
/* The skewed time of the raw clock reading `raw` (raw itself when the skew is off). */
SK_API double sk_skew_apply(double raw);
#endif
#ifdef SKAMPI_MPI
/* Whether a skew is set (for every rank, as the variable is): then the timer is not global,
** whatever the library says of its clock (SimGrid's SMPI sets MPI_WTIME_IS_GLOBAL). */
SK_API int sk_skew_on(void);
#endif
/* Header line(s) naming the skew of every rank, nothing when it is off. */
SK_API void sk_skew_describe(sk_str *out);
#ifdef SKAMPI_TESTING
/* The offset (seconds) and drift (fraction) this rank was given; 0 when none. */
SK_API void sk_skew_mine(double *offset, double *drift);
#endif

#endif
