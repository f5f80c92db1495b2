/*
** meas_synthetic.c -- built-in synthetic measurements whose cost is a KNOWN function of
** the argument, on every backend (simple pattern: rank 0 alone). They give the tests a
** ground truth for ASEC and APR.
**
**   cost(x) = base_us + slope_us * x + (x >= step_at ? step_us : 0)      [microseconds]
**
** Synthetic_Virtual(x, base_us, slope_us, step_at, step_us, noise) returns cost(x)
** times a pseudo-random factor in [1 - noise, 1 + noise] WITHOUT waiting: the engine's
** decisions can then be checked exactly. The factor comes from a 31-bit linear
** congruential generator (Park-Miller, 16807 * s mod 2^31-1) seeded with 1 at every
** measurement (init), so the n-th sample of a measurement is reproducible.
** Synthetic_Busy(...) with the same arguments busy-waits for that long on the clock and
** returns the measured time.
*/
#include "measure.h"
#include "verify.h"

typedef struct synth_state {
  long seed;
} synth_state;

/* The arguments (x, base_us, slope_us, step_at, step_us, noise) of both functions. */
static double synth_cost_seconds(const sk_margs *a)
{
  double us = a->base_us + a->slope_us * a->x + (a->x >= a->step_at ? a->step_us : 0.0);
  return us * 1e-6;
}

/* Park-Miller minimal standard generator (Schrage's method, 32-bit safe). */
SK_API long sk_synth_next_random(long s)
{
  long hi = s / 127773L, lo = s % 127773L;
  s = 16807L * lo - 2836L * hi;
  return s > 0 ? s : s + 2147483647L;
}

SK_API double sk_synth_noise_factor(long s, double noise)
{
  return 1.0 + noise * (2.0 * ((double)s / 2147483646.0) - 1.0);
}

static void init_synthetic(sk_mctx *m, const sk_value *args)
{
  synth_state *st = (synth_state *)sk_malloc(sizeof *st);
  const sk_margs *a = &m->arg;
  (void)args;
  st->seed = 1;
  m->state = st;
  /* x is written as the size column, which readers take from 0 to LONG_MAX only (a cast of
  ** 1e19 wrote -9223372036854775808, a file skampi's own reader refused) */
  if (!(a->x >= 0.0) || !sk_long_of_double(a->x, &m->reported_size))
    sk_meas_fail(m, "Synthetic: x must lie from 0 to the largest integer of this platform (it is the size column)");
  if (a->noise < 0.0 || a->noise >= 1.0) sk_meas_fail(m, "Synthetic: noise must be in [0, 1)");
  if (synth_cost_seconds(a) < 0.0) sk_meas_fail(m, "Synthetic: the cost at this argument is negative");
  if (synth_cost_seconds(a) > 10.0) sk_meas_fail(m, "Synthetic: the cost at this argument exceeds 10 seconds");
}

static void finalize_synthetic(sk_mctx *m, const sk_value *a)
{
  (void)a;
  free(m->state);
  m->state = NULL;
}

/* The rows' variants: the sample returned as computed, or waited for on the clock. */
enum { SYNTH_VIRTUAL, SYNTH_BUSY };

static double measure_synthetic(sk_mctx *m, const sk_value *args)
{
  synth_state *st = (synth_state *)m->state;
  double want, start, now;
  (void)args;
  st->seed = sk_synth_next_random(st->seed);
  want = synth_cost_seconds(&m->arg) * sk_synth_noise_factor(st->seed, m->arg.noise);
  if (m->variant == SYNTH_VIRTUAL) return want;
  start = sk_tp_wtime();
  do now = sk_tp_wtime(); while (now - start < want);
  return now - start;
}

#ifdef SKAMPI_TESTING
/* Test only: Verify_Corrupt_Test(count) sends count bytes from rank 0 to rank 1 of the
** communicator and then damages byte count/2 of what rank 1 received, so that the
** verification (skampi -v) must catch it (tests/mpi_catalogue). */
static void init_Verify_Corrupt_Test(sk_mctx *m, const sk_value *args)
{
  long count = m->arg.count;
  (void)args;
  if (count < 1) { sk_meas_fail(m, "Verify_Corrupt_Test: count must be at least 1"); return; }
  m->send_usage = m->recv_usage = (size_t)count;
  m->reported_size = count;
}

static double measure_Verify_Corrupt_Test(sk_mctx *m, const sk_value *args)
{
  size_t count = (size_t)m->arg.count;
  double start = sk_tp_wtime();
  (void)args;
  if (m->rank == 0) sk_tp_send(m->group, 1, m->send_buf, count);
  else if (m->rank == 1) {
    sk_tp_recv(m->group, 0, m->recv_buf, count);
    m->recv_buf[count / 2] ^= 0x10;
  }
  return sk_tp_wtime() - start;
}

static void check_Verify_Corrupt_Test(sk_mctx *m, const sk_value *args)
{
  (void)args;
  if (m->rank == 1) sk_verify_expect(m, "received block", m->recv_buf, (size_t)m->arg.count, 0, 0, NULL);
}
#endif

static const sk_measurement synthetic_table[] = {
  SK_ROW("Synthetic_Virtual", "x:d base_us:d slope_us:d step_at:d step_us:d noise:d", SK_PATTERN_SIMPLE_OWN_TIME, 1, SYNTH_VIRTUAL,
         measure_synthetic, init_synthetic, finalize_synthetic, NULL, NULL, "a computed time, no data"),
  SK_ROW("Synthetic_Busy", "x:d base_us:d slope_us:d step_at:d step_us:d noise:d", SK_PATTERN_SIMPLE, 1, SYNTH_BUSY,
         measure_synthetic, init_synthetic, finalize_synthetic, NULL, NULL, "a busy wait, no data"),
#ifdef SKAMPI_TESTING
  SK_ROW("Verify_Corrupt_Test", "count:i", SK_PATTERN_P2P, 2, 0,
         measure_Verify_Corrupt_Test, init_Verify_Corrupt_Test, NULL, NULL, check_Verify_Corrupt_Test, NULL),
#endif
  SK_ROW_END
};


SK_API const sk_measurement *sk_meas_table_synthetic(void) { return synthetic_table; }
