/*
** verify.h -- data verification of measurements (switch_verification_on, `skampi -v`):
** before its timed repetitions a measurement runs once more with pattern-filled
** buffers, and every receiving process checks that it holds exactly what MPI semantics
** promise. This module owns the patterns, the comparison with the message that names
** the first differing byte, and the one verification call (sk_verify_run) the engine
** makes; the measurement modules own the knowledge of what arrives where.
**
** A module describes its measurements in a verifier table keyed by the measurement's
** name (the registry rows of measure.h stay as they are): prepare fills the buffers
** (NULL: sk_verify_default_prepare), check compares and calls sk_verify_mismatch on the
** first difference; a row with `nothing` set says why the measurement has nothing to
** verify (a barrier, a clock read, a synthetic time), which `skampi -l` shows. A
** measurement without any row is listed as "not verified". A module of a new family
** (MPI-IO checks its file contents) adds its table to catalogue.c the same way.
**
** The pattern: sk_verify_byte(stream, i), never 0, is byte i of the data that process
** `stream` (its rank in the measurement communicator) sends; receive buffers start as
** zeros, so bytes that nothing wrote stay 0 and are told apart from any data.
*/
#ifndef SK_VERIFY_H
#define SK_VERIFY_H

#include "measure.h"

typedef void (*sk_verify_fn)(sk_mctx *m, const sk_value *args);

typedef struct sk_verifier {
  const char *name;           /* the measurement row's name */
  sk_verify_fn prepare;       /* NULL: sk_verify_default_prepare */
  sk_verify_fn check;         /* NULL when nothing is verified (or this build lacks it) */
  const char *nothing;        /* non-NULL: why there is nothing to verify */
} sk_verifier;

#define SK_VERIFY(NAME, PREPARE, CHECK) { #NAME, PREPARE, CHECK, NULL }
#define SK_VERIFY_MPI(NAME, PREPARE, CHECK) { #NAME, SK_IF_MPI(PREPARE), SK_IF_MPI(CHECK), NULL }
#define SK_VERIFY_NOTHING(NAME, WHY) { #NAME, NULL, NULL, WHY }
#define SK_VERIFY_END { NULL, NULL, NULL, NULL }

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
SK_API void sk_verify_call(const sk_measurement *def, const sk_verifier *v, sk_mctx *m, const sk_value *args);

/* The verifier row of a measurement name, NULL when there is none (catalogue.c). */
SK_API const sk_verifier *sk_verifier_find(const char *name);

#endif
