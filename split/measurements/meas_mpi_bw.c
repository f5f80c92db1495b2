/*
** meas_mpi_bw.c -- streaming bandwidth and message rate over MPI point-to-point (the
** algorithms of the OSU micro-benchmarks' osu_bw, osu_bibw, osu_mbw_mr and
** osu_multi_lat, and of the Sandia message-rate benchmark, written from their published
** descriptions): a sender posts a window of W MPI_Isend, its receiver W MPI_Irecv, both
** complete them with MPI_Waitall, and the receiver answers with an empty acknowledgement.
** MPI-1.1 calls only.
** Invariants: every row returns the time of ONE message, defined so that
** message size / time is the bandwidth (bytes per microsecond = MB/s, decimal) and
** 1 / time the message rate: the timed span divided by the number of messages all pairs
** moved in it (bw_messages). A window of 0 is OSU's default of 64 messages. As in
** osu_bw, the W messages of a window share one buffer on each side (every message
** carries the same data). Pairs: rank i < P/2 sends to rank i + P/2 (odd P: the last
** rank takes no part and returns -1); the one-pair rows use ranks 0 and 1.
** Cache-cold (set_cache_cold, settings.h): the rows rotate their messages over slots of
** one message each in buffers of twice the last-level cache (or set_cache_cold_size
** bytes): message j of a timing uses slot j mod slots on both sides, so that a slot is
** used again only after the others have pushed it out of the cache (IMB -off_cache,
** OSU -b multiple). Slot j carries the sender's pattern from byte j * block on.
*/
#include "meas_mpi.h"
#include "verify.h"
#include "settings.h"

/* OSU's default window (osu_bw -W) when a row's window argument is 0. */
#define BW_DEFAULT_WINDOW 64L

#ifdef SKAMPI_MPI

/* How many messages one timed span of `iterations` windows of `window` messages carries
** between `pairs` pairs, `directions` (1 or 2) ways: the divisor that turns the span into
** the time of one message. Bw and Mbw_mr with 2 processes share it (one pair). */
SK_API double sk_bw_messages(long pairs, int directions, long window, long iterations)
{
  if (window == 0) window = BW_DEFAULT_WINDOW;
  return (double)pairs * (double)directions * (double)window * (double)iterations;
}


/* The arguments (count, datatype, tag, window, iterations) of the streaming rows. */
typedef struct bw_args {
  long count;
  const sk_datatype *dt;
  long tag, window, iterations;
} bw_args;

static void bw_args_read(bw_args *a, const sk_value *args)
{
  a->count = args[0].u.i;
  a->dt = args[1].u.dt;
  a->tag = args[2].u.i;
  a->window = args[3].u.i == 0 ? BW_DEFAULT_WINDOW : args[3].u.i;
  a->iterations = args[4].u.i;
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

/* One pair (ranks 0 and 1) or P/2 pairs (i with i + P/2). */
static bw_role bw_role_of(const sk_mctx *m, int multi_pair)
{
  bw_role r;
  int half = multi_pair ? m->size / 2 : 1;
  r.partner = -1;
  r.sending = 0;
  if (m->rank < half) { r.partner = m->rank + half; r.sending = 1; }
  else if (m->rank < 2 * half) r.partner = m->rank - half;
  return r;
}

static void init_bw(sk_mctx *m, const sk_value *args, const char *fn, int multi_pair, int both_ways)
{
  bw_args a;
  bw_role r = bw_role_of(m, multi_pair);
  size_t bytes;
  bw_args_read(&a, args);
  sk_mpi_check_count(m, fn, "count", a.count);
  sk_mpi_check_tag(m, fn, "tag", a.tag);
  sk_mpi_check_count(m, fn, "iterations", a.iterations);
  if (!m->failed && (a.window < 1 || a.window > BW_MAX_WINDOW)) {
    char msg[160];
    sprintf(msg, "%s: window %ld must be 0 (OSU's default, %ld) or 1 to %ld", fn, a.window, BW_DEFAULT_WINDOW,
            BW_MAX_WINDOW);
    sk_meas_fail(m, msg);
    return;
  }
  bytes = sk_mpi_block_bytes(m, fn, a.count, a.dt, 1, 0) * (size_t)bw_slots_of(m, a.count, a.dt).slots;
  m->send_usage = r.partner >= 0 && (r.sending || both_ways) ? bytes : 0;
  m->recv_usage = r.partner >= 0 && (!r.sending || both_ways) ? bytes : 0;
  m->reported_size = sk_mpi_data_bytes(a.count, a.dt);
}

/* Window i: `sends` MPI_Isend and `receives` MPI_Irecv of the message to/from the
** partner, completed together; message k in slot i * window + k. */
static void bw_window(sk_mctx *m, const bw_args *a, int partner, int sends, int receives, long i)
{
  MPI_Request req[2 * BW_MAX_WINDOW];
  MPI_Status status[2 * BW_MAX_WINDOW];
  MPI_Comm comm = sk_mpi_comm(m);
  bw_slots s = bw_slots_of(m, a->count, a->dt);
  int n = 0, k;
  for (k = 0; receives && k < a->window; k++)
    MPI_Irecv(bw_slot(m->recv_buf, s, i * a->window + k), (int)a->count, a->dt->mpi, partner, (int)a->tag, comm,
              &req[n++]);
  for (k = 0; sends && k < a->window; k++)
    MPI_Isend(bw_slot(m->send_buf, s, i * a->window + k), (int)a->count, a->dt->mpi, partner, (int)a->tag, comm,
              &req[n++]);
  MPI_Waitall(n, req, status);
}

/* The streaming loop of one process: `iterations` windows; one way, the receiver
** acknowledges every window with an empty message that the sender awaits (osu_bw), both
** ways each side sends and receives its window at once (osu_bibw). Returns the span. */
static double bw_stream(sk_mctx *m, const bw_args *a, bw_role r, int both_ways)
{
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  long i;
  double start = MPI_Wtime();
  for (i = 0; i < a->iterations; i++) {
    bw_window(m, a, r.partner, r.sending || both_ways, !r.sending || both_ways, i);
    if (both_ways) continue;
    if (r.sending) MPI_Recv(m->recv_buf, 0, a->dt->mpi, r.partner, (int)a->tag, comm, &status);
    else MPI_Send(m->send_buf, 0, a->dt->mpi, r.partner, (int)a->tag, comm);
  }
  return MPI_Wtime() - start;
}

/* Bw and Bibw (one pair, unsynchronised like the ping-pongs): the receiver first sends an
** empty message saying that it is ready, and the sender starts its clock once it has it
** (both ways: rank 1 says so to rank 0). Both processes return their own span per message. */
static double bw_one_pair(sk_mctx *m, const sk_value *args, int both_ways)
{
  bw_args a;
  bw_role r = bw_role_of(m, 0);
  MPI_Status status;
  double span;
  bw_args_read(&a, args);
  if (r.partner < 0 || a.iterations < 0) return -1.0;
  if (a.iterations == 0) return 0.0;
  if (r.sending) MPI_Recv(m->recv_buf, 0, a.dt->mpi, r.partner, (int)a.tag, sk_mpi_comm(m), &status);
  else MPI_Send(m->send_buf, 0, a.dt->mpi, r.partner, (int)a.tag, sk_mpi_comm(m));
  span = bw_stream(m, &a, r, both_ways);
  return span / sk_bw_messages(1, both_ways ? 2 : 1, a.window, a.iterations);
}

static void init_Bw(sk_mctx *m, const sk_value *args) { init_bw(m, args, "Bw", 0, 0); }
static void init_Bibw(sk_mctx *m, const sk_value *args) { init_bw(m, args, "Bibw", 0, 1); }
static void init_Mbw_mr(sk_mctx *m, const sk_value *args) { init_bw(m, args, "Mbw_mr", 1, 0); }

static double measure_Bw(sk_mctx *m, const sk_value *args) { return bw_one_pair(m, args, 0); }
static double measure_Bibw(sk_mctx *m, const sk_value *args) { return bw_one_pair(m, args, 1); }

/* Mbw_mr: all pairs stream at once between a synchronised start and stop; each process
** returns its span divided by the messages of ALL pairs, so that the engine's maximum
** over the processes is the aggregate time per message (the slowest pair's span). */
static double measure_Mbw_mr(sk_mctx *m, const sk_value *args)
{
  bw_args a;
  bw_role r = bw_role_of(m, 1);
  double span = 0.0;
  bw_args_read(&a, args);
  sk_sync_start(m);
  if (r.partner >= 0 && a.iterations > 0) span = bw_stream(m, &a, r, 0);
  sk_sync_stop(m);
  if (r.partner < 0 || a.iterations < 0) return -1.0;
  if (a.iterations == 0) return 0.0;
  return span / sk_bw_messages(m->size / 2, 1, a.window, a.iterations);
}

/* Multi_lat(count, datatype, tag, iterations): the P/2 pairs ping-pong at once
** (osu_multi_lat), between a synchronised start and stop; every process returns the time
** of one full round trip (as the ping-pongs here, not OSU's half), the engine the slowest
** pair's. */
typedef struct multi_lat_args {
  long count;
  const sk_datatype *dt;
  long tag, iterations;
} multi_lat_args;

static void multi_lat_args_read(multi_lat_args *a, const sk_value *args)
{
  a->count = args[0].u.i;
  a->dt = args[1].u.dt;
  a->tag = args[2].u.i;
  a->iterations = args[3].u.i;
}

static void init_Multi_lat(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Multi_lat";
  multi_lat_args a;
  bw_role r = bw_role_of(m, 1);
  multi_lat_args_read(&a, args);
  sk_mpi_check_count(m, fn, "count", a.count);
  sk_mpi_check_tag(m, fn, "tag", a.tag);
  sk_mpi_check_count(m, fn, "iterations", a.iterations);
  m->send_usage = r.partner >= 0 ? sk_mpi_block_bytes(m, fn, a.count, a.dt, 1, 0)
                                    * (size_t)bw_slots_of(m, a.count, a.dt).slots : 0;
  m->recv_usage = m->send_usage;
  m->reported_size = sk_mpi_data_bytes(a.count, a.dt);
}

static double measure_Multi_lat(sk_mctx *m, const sk_value *args)
{
  multi_lat_args a;
  bw_role r = bw_role_of(m, 1);
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status status;
  long i;
  double start, span = 0.0;
  bw_slots s;
  multi_lat_args_read(&a, args);
  s = bw_slots_of(m, a.count, a.dt);
  start = sk_sync_start(m);
  for (i = 0; r.partner >= 0 && i < a.iterations; i++) {
    if (r.sending) {
      MPI_Send(bw_slot(m->send_buf, s, i), (int)a.count, a.dt->mpi, r.partner, (int)a.tag, comm);
      MPI_Recv(bw_slot(m->recv_buf, s, i), (int)a.count, a.dt->mpi, r.partner, (int)a.tag, comm, &status);
    } else {
      MPI_Recv(bw_slot(m->recv_buf, s, i), (int)a.count, a.dt->mpi, r.partner, (int)a.tag, comm, &status);
      MPI_Send(bw_slot(m->send_buf, s, i), (int)a.count, a.dt->mpi, r.partner, (int)a.tag, comm);
    }
  }
  span = MPI_Wtime() - start;
  sk_sync_stop(m);
  if (r.partner < 0 || a.iterations < 0) return -1.0;
  if (a.iterations == 0) return 0.0;
  return span / (double)a.iterations;
}

/* ---- verification (verify.h): every receiver holds its partner's message in every
** slot the timing filled (one without cache-cold) ---- */

static void check_slots(sk_mctx *m, long count, const sk_datatype *dt, int partner, double messages)
{
  bw_slots s = bw_slots_of(m, count, dt);
  long j, used = bw_slots_used(s, messages);
  for (j = 0; j < used && !m->failed; j++)
    sk_mpi_verify_block(m, "receive buffer", bw_slot(m->recv_buf, s, j), count, dt, count, dt, partner,
                        (size_t)j * s.block);
}

static void check_bw(sk_mctx *m, const sk_value *args, int multi_pair, int both_ways)
{
  bw_args a;
  bw_role r = bw_role_of(m, multi_pair);
  bw_args_read(&a, args);
  if (r.partner >= 0 && a.iterations > 0 && (!r.sending || both_ways))
    check_slots(m, a.count, a.dt, r.partner, (double)a.window * (double)a.iterations);
}

static void check_Bw(sk_mctx *m, const sk_value *args) { check_bw(m, args, 0, 0); }
static void check_Bibw(sk_mctx *m, const sk_value *args) { check_bw(m, args, 0, 1); }
static void check_Mbw_mr(sk_mctx *m, const sk_value *args) { check_bw(m, args, 1, 0); }

static void check_Multi_lat(sk_mctx *m, const sk_value *args)
{
  multi_lat_args a;
  bw_role r = bw_role_of(m, 1);
  multi_lat_args_read(&a, args);
  if (r.partner >= 0 && a.iterations > 0) check_slots(m, a.count, a.dt, r.partner, (double)a.iterations);
}

#endif /* SKAMPI_MPI */

static const sk_measurement mpi_bw_table[] = {
  SK_ROW_MPI("Bw", "count:i datatype:t tag:i window:i iterations:i", SK_PATTERN_P2P, 2, 0,
             measure_Bw, init_Bw, NULL, NULL, check_Bw, NULL),
  SK_ROW_MPI("Bibw", "count:i datatype:t tag:i window:i iterations:i", SK_PATTERN_P2P, 2, 0,
             measure_Bibw, init_Bibw, NULL, NULL, check_Bibw, NULL),
  SK_ROW_MPI("Mbw_mr", "count:i datatype:t tag:i window:i iterations:i", SK_PATTERN_COLLECTIVE, 2, 0,
             measure_Mbw_mr, init_Mbw_mr, NULL, NULL, check_Mbw_mr, NULL),
  SK_ROW_MPI("Multi_lat", "count:i datatype:t tag:i iterations:i", SK_PATTERN_COLLECTIVE, 2, 0,
             measure_Multi_lat, init_Multi_lat, NULL, NULL, check_Multi_lat, NULL),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_bw(void) { return mpi_bw_table; }
