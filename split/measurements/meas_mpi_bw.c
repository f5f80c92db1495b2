/*
** meas_mpi_bw.c -- streaming bandwidth and message rate over MPI point-to-point (the
** algorithms of osu_bw, osu_bibw, osu_mbw_mr and osu_multi_lat of the OSU
** micro-benchmarks, and of the Sandia message-rate benchmark, from their published
** descriptions), MPI-1.1 calls only: Bw, Bibw, Mbw_mr, Mbibw_mr (both ways)(count,
** datatype, tag, window, iterations) and Multi_lat(count, datatype, tag, iterations). A
** sender posts a window of W MPI_Isend, its receiver W MPI_Irecv, both complete them with
** MPI_Waitall, and the receiver acknowledges (window 0: OSU's 64). Every row returns the time of ONE message
** (the span over the messages all pairs moved: sk_bw_messages), so that size / time is
** the bandwidth and 1 / time the message rate. The rows share init_bw and check_bw, told
** apart by their variant (BW_*: one pair or P/2, one way or both, window or ping-pong);
** cache-cold runs rotate the messages over slots (bw_slots_of).
** The rules in full: doc/internals.md, "meas_mpi_bw.c".
*/
#include "meas_mpi.h"
#include "verify.h"
#include "settings.h"

/* OSU's default window (osu_bw -W) when a row's window argument is 0. */
#define BW_DEFAULT_WINDOW 64L

/* The rows' variants: flags of what the shared functions do. */
#define BW_MULTI_PAIR 1   /* P/2 pairs (i with i + P/2) at once, else ranks 0 and 1 */
#define BW_BOTH_WAYS 2    /* both partners send and receive (osu_bibw; Multi_lat's ping-pong) */
#define BW_PING_PONG 4    /* Multi_lat: no window, one message each way per iteration */

#ifdef SKAMPI_MPI

/* How many messages one timed span of `iterations` windows of `window` messages carries
** between `pairs` pairs, `directions` (1 or 2) ways: the divisor that turns the span into
** the time of one message. Bw and Mbw_mr with 2 processes share it (one pair). */
SK_API double sk_bw_messages(long pairs, int directions, long window, long iterations)
{
  if (window == 0) window = BW_DEFAULT_WINDOW;
  return (double)pairs * (double)directions * (double)window * (double)iterations;
}


/* The row's window: its argument, 0 meaning OSU's default; 1 for the ping-pong. */
static long bw_window_of(const sk_mctx *m)
{
  if (m->variant & BW_PING_PONG) return 1;
  return m->arg.window == 0 ? BW_DEFAULT_WINDOW : m->arg.window;
}

/* The largest window: its requests live on the stack of bw_window. */
#define BW_MAX_WINDOW 1024L

/* The last-level cache when nothing says otherwise (doc/manual.md "Cache-cold messages"). */
#define BW_DEFAULT_CACHE_BYTES (32L * 1024L * 1024L)

/* The largest cache that cpu0's sysfs lists (cache/index0..9/size, "32768K"), else
** sysconf(_SC_LEVEL3_CACHE_SIZE) where the C library has it, else BW_DEFAULT_CACHE_BYTES.
** sysfs first: it names the cache a core shares, sysconf may sum a package's. */
static size_t bw_last_level_cache(void)
{
  static size_t found = 0;
  size_t best = 0;
  int i;
  if (found) return found;
  for (i = 0; i < 10; i++) {
    char path[80], unit = 0;
    unsigned long value = 0;
    FILE *f;
    sprintf(path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
    f = fopen(path, "r");
    if (f == NULL) continue;
    if (fscanf(f, "%lu%c", &value, &unit) >= 1) {
      size_t bytes = (size_t)value * (unit == 'K' ? 1024u : unit == 'M' ? 1024u * 1024u : 1u);
      if (bytes > best) best = bytes;
    }
    fclose(f);
  }
#ifdef _SC_LEVEL3_CACHE_SIZE
  if (best == 0 && sysconf(_SC_LEVEL3_CACHE_SIZE) > 0) best = (size_t)sysconf(_SC_LEVEL3_CACHE_SIZE);
#endif
  found = best > 0 ? best : (size_t)BW_DEFAULT_CACHE_BYTES;
  return found;
}

/* Where a timing's messages lie: `slots` slots of `block` bytes (one slot: no rotation). */
typedef struct bw_slots {
  size_t block;
  long slots;
} bw_slots;

static bw_slots bw_slots_of(const sk_mctx *m, long count, const sk_datatype *dt)
{
  bw_slots r;
  size_t region;
  r.block = count > 0 ? (size_t)count * dt->extent : 0;
  r.slots = 1;
  if (m->settings == NULL || !m->settings->cache_cold || r.block == 0) return r;
  region = m->settings->cache_cold_bytes ? m->settings->cache_cold_bytes : 2 * bw_last_level_cache();
  if (region / r.block > 1) r.slots = (long)(region / r.block);
  return r;
}

/* Slot j's address in buf. */
static char *bw_slot(char *buf, bw_slots s, long j)
{
  return buf + (size_t)(j % s.slots) * s.block;
}

/* The number of slots `messages` messages filled. */
static long bw_slots_used(bw_slots s, double messages)
{
  return messages < (double)s.slots ? (long)messages : s.slots;
}

/* This process's role: its partner, whether it sends (and, bidirectional, receives too)
** or takes no part (partner -1). */
typedef struct bw_role {
  int partner, sending;
} bw_role;

/* One pair (ranks 0 and 1) or, BW_MULTI_PAIR, P/2 pairs (i with i + P/2). */
static bw_role bw_role_of(const sk_mctx *m)
{
  bw_role r;
  int half = m->variant & BW_MULTI_PAIR ? m->size / 2 : 1;
  r.partner = -1;
  r.sending = 0;
  if (m->rank < half) { r.partner = m->rank + half; r.sending = 1; }
  else if (m->rank < 2 * half) r.partner = m->rank - half;
  return r;
}

/* The init of every row: a slot (cache-cold: slots) of one message on each side that
** sends or receives. */
static void init_bw(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  const char *fn = m->name;
  bw_role r = bw_role_of(m);
  int both_ways = (m->variant & BW_BOTH_WAYS) != 0;
  long window = bw_window_of(m);
  size_t bytes;
  (void)args;
  sk_mpi_check_count(m, fn, "count", a->count);
  sk_mpi_check_tag(m, fn, "tag", a->tag);
  sk_mpi_check_count(m, fn, "iterations", a->iterations);
  if (!m->failed && (window < 1 || window > BW_MAX_WINDOW)) {
    char msg[160];
    sprintf(msg, "%s: window %ld must be 0 (OSU's default, %ld) or 1 to %ld", fn, window, BW_DEFAULT_WINDOW,
            BW_MAX_WINDOW);
    sk_meas_fail(m, msg);
    return;
  }
  bytes = sk_mpi_block_bytes(m, fn, a->count, a->datatype, 1, 0)
          * (size_t)bw_slots_of(m, a->count, a->datatype).slots;
  m->send_usage = r.partner >= 0 && (r.sending || both_ways) ? bytes : 0;
  m->recv_usage = r.partner >= 0 && (!r.sending || both_ways) ? bytes : 0;
  m->reported_size = sk_mpi_data_bytes(a->count, a->datatype);
}

/* Window i: `sends` MPI_Isend and `receives` MPI_Irecv of the message to/from the
** partner, completed together; message k in slot i * window + k. */
static void bw_window(sk_mctx *m, int partner, int sends, int receives, long i)
{
  MPI_Request req[2 * BW_MAX_WINDOW];
  MPI_Status status[2 * BW_MAX_WINDOW];
  const sk_margs *a = &m->arg;
  MPI_Comm comm = sk_mpi_comm(m);
  bw_slots s = bw_slots_of(m, a->count, a->datatype);
  long window = bw_window_of(m);
  int n = 0, k;
  for (k = 0; receives && k < window; k++)
    MPI_Irecv(bw_slot(m->recv_buf, s, i * window + k), (int)a->count, a->datatype->mpi, partner, (int)a->tag, comm,
              &req[n++]);
  for (k = 0; sends && k < window; k++)
    MPI_Isend(bw_slot(m->send_buf, s, i * window + k), (int)a->count, a->datatype->mpi, partner, (int)a->tag, comm,
              &req[n++]);
  MPI_Waitall(n, req, status);
}

/* The streaming loop of one process: `iterations` windows; one way, the receiver
** acknowledges every window with an empty message that the sender awaits (osu_bw), both
** ways each side sends and receives its window at once (osu_bibw). Returns the span. */
static double bw_stream(sk_mctx *m, bw_role r)
{
  const sk_margs *a = &m->arg;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  int both_ways = (m->variant & BW_BOTH_WAYS) != 0;
  long i;
  double start = MPI_Wtime();
  for (i = 0; i < a->iterations; i++) {
    bw_window(m, r.partner, r.sending || both_ways, !r.sending || both_ways, i);
    if (both_ways) continue;
    if (r.sending) MPI_Recv(m->recv_buf, 0, a->datatype->mpi, r.partner, (int)a->tag, comm, &status);
    else MPI_Send(m->send_buf, 0, a->datatype->mpi, r.partner, (int)a->tag, comm);
  }
  return MPI_Wtime() - start;
}

/* The time of one message from this process's span, -1 where it takes no part. */
static double bw_per_message(sk_mctx *m, bw_role r, double span, double messages)
{
  if (r.partner < 0 || m->arg.iterations < 0) return -1.0;
  if (m->arg.iterations == 0) return 0.0;
  return span / messages;
}

/* Bw and Bibw (one pair, unsynchronised like the ping-pongs): the receiver first sends an
** empty message saying that it is ready, and the sender starts its clock once it has it
** (both ways: rank 1 says so to rank 0). Both processes return their own span per message. */
static double measure_bw_one_pair(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  bw_role r = bw_role_of(m);
  MPI_Status status;
  int directions = m->variant & BW_BOTH_WAYS ? 2 : 1;
  (void)args;
  if (r.partner < 0 || a->iterations <= 0) return bw_per_message(m, r, 0.0, 1.0);
  if (r.sending) MPI_Recv(m->recv_buf, 0, a->datatype->mpi, r.partner, (int)a->tag, sk_mpi_comm(m), &status);
  else MPI_Send(m->send_buf, 0, a->datatype->mpi, r.partner, (int)a->tag, sk_mpi_comm(m));
  return bw_stream(m, r) / sk_bw_messages(1, directions, a->window, a->iterations);
}

/* Mbw_mr (and Mbibw_mr, both ways: IMB-MPI1's Biband): all pairs stream at once between
** a synchronised start and stop; each process
** returns its span divided by the messages of ALL pairs, so that the engine's maximum
** over the processes is the aggregate time per message (the slowest pair's span). */
static double measure_Mbw_mr(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  bw_role r = bw_role_of(m);
  double span = 0.0;
  (void)args;
  sk_sync_start(m);
  if (r.partner >= 0 && a->iterations > 0) span = bw_stream(m, r);
  sk_sync_stop(m);
  return bw_per_message(m, r, span,
                        sk_bw_messages(m->size / 2, m->variant & BW_BOTH_WAYS ? 2 : 1, a->window, a->iterations));
}

/* Multi_lat(count, datatype, tag, iterations): the P/2 pairs ping-pong at once
** (osu_multi_lat), between a synchronised start and stop; every process returns the time
** of one full round trip (as the ping-pongs here, not OSU's half), the engine the slowest
** pair's. */
static double measure_Multi_lat(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  bw_role r = bw_role_of(m);
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  bw_slots s = bw_slots_of(m, a->count, a->datatype);
  long i;
  double start, span;
  (void)args;
  start = sk_sync_start(m);
  for (i = 0; r.partner >= 0 && i < a->iterations; i++) {   /* the sender sends first */
    if (r.sending)
      MPI_Send(bw_slot(m->send_buf, s, i), (int)a->count, a->datatype->mpi, r.partner, (int)a->tag, comm);
    MPI_Recv(bw_slot(m->recv_buf, s, i), (int)a->count, a->datatype->mpi, r.partner, (int)a->tag, comm, &status);
    if (!r.sending)
      MPI_Send(bw_slot(m->send_buf, s, i), (int)a->count, a->datatype->mpi, r.partner, (int)a->tag, comm);
  }
  span = MPI_Wtime() - start;
  sk_sync_stop(m);
  return bw_per_message(m, r, span, (double)a->iterations);
}

/* ---- verification (verify.h): every receiver holds its partner's message in every
** slot the timing filled (one without cache-cold) ---- */
static void check_bw(sk_mctx *m, const sk_value *args)
{
  const sk_margs *a = &m->arg;
  bw_role r = bw_role_of(m);
  bw_slots s = bw_slots_of(m, a->count, a->datatype);
  long j, used = bw_slots_used(s, (double)bw_window_of(m) * (double)a->iterations);
  (void)args;
  if (r.partner < 0 || a->iterations <= 0 || (r.sending && !(m->variant & BW_BOTH_WAYS))) return;
  for (j = 0; j < used && !m->failed; j++)
    sk_mpi_verify_block(m, "receive buffer", bw_slot(m->recv_buf, s, j), a->count, a->datatype, a->count,
                        a->datatype, r.partner, (size_t)j * s.block);
}

#endif /* SKAMPI_MPI */

#define BW_SIG "count:i datatype:t tag:i window:i iterations:i"

static const sk_measurement mpi_bw_table[] = {
  SK_ROW_MPI("Bw", BW_SIG, SK_PATTERN_P2P, 2, 0, measure_bw_one_pair, init_bw, NULL, NULL, check_bw, NULL),
  SK_ROW_MPI("Bibw", BW_SIG, SK_PATTERN_P2P, 2, BW_BOTH_WAYS, measure_bw_one_pair, init_bw, NULL, NULL, check_bw, NULL),
  SK_ROW_MPI("Mbw_mr", BW_SIG, SK_PATTERN_COLLECTIVE, 2, BW_MULTI_PAIR, measure_Mbw_mr, init_bw, NULL, NULL, check_bw,
             NULL),
  SK_ROW_MPI("Mbibw_mr", BW_SIG, SK_PATTERN_COLLECTIVE, 2, BW_MULTI_PAIR | BW_BOTH_WAYS, measure_Mbw_mr, init_bw, NULL,
             NULL, check_bw, NULL),
  SK_ROW_MPI("Multi_lat", "count:i datatype:t tag:i iterations:i", SK_PATTERN_COLLECTIVE, 2,
             BW_MULTI_PAIR | BW_BOTH_WAYS | BW_PING_PONG, measure_Multi_lat, init_bw, NULL, NULL, check_bw, NULL),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_bw(void) { return mpi_bw_table; }
