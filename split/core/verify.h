/*
** verify.h -- data verification of measurements (switch_verification_on, `skampi -v`):
** before its timed repetitions a measurement runs once more with pattern-filled buffers
** and every receiving process checks what MPI semantics promise. This module owns the
** patterns (sk_verify_byte, never 0), the comparison and its message naming the first
** differing byte, and the engine's one call (sk_verify_run); the measurement modules know
** what arrives where (a row's prepare and check, or why nothing is verified).
*/
#ifndef SK_VERIFY_H
#define SK_VERIFY_H

#include "measure.h"

/* Byte i of the data process `stream` sends: never 0. */
SK_API unsigned char sk_verify_byte(long stream, size_t i);
/* buf[k] = sk_verify_byte(stream, offset + k) for k < n. */
SK_API void sk_verify_fill(char *buf, size_t n, long stream, size_t offset);
/* The send buffer (send_usage bytes) with this process's stream, the receive buffer
** (recv_usage bytes) zeros. */
SK_API void sk_verify_default_prepare(sk_mctx *m, const sk_value *args);
/* For measurements that fill and check their buffers themselves when
** m->settings->verify is on (the broadcasts of meas_bcast_algos.c): prepare and check
** that do nothing, the measure call does it all. */
SK_API void sk_verify_in_measure(sk_mctx *m, const sk_value *args);
/* Records the first mismatch of this process (later ones are ignored): `what` names the
** buffer or block, e.g. "receive buffer, block of rank 2". */
SK_API void sk_verify_mismatch(sk_mctx *m, const char *what, size_t byte, unsigned got, unsigned expected);
/* Compares buf[0..n) with the pattern of `stream` from `offset`; `mask` (NULL: every
** byte is data) marks data bytes with nonzero, the others must still be 0. Returns 1
** when equal, else records the mismatch (byte numbers count from buf) and returns 0. */
SK_API int sk_verify_expect(sk_mctx *m, const char *what, const char *buf, size_t n, long stream, size_t offset,
                            const unsigned char *mask);

/* The verification call on a process that takes part in the measurement, with its
** buffers placed (the engine does both, engine.c): prepare, one call of measure, check.
** Failure is m->failed with the mismatch in m->fail_msg. Tests call it directly. */
SK_API void sk_verify_call(const sk_measurement *def, sk_mctx *m, const sk_value *args);

#endif
