/*
** meas_bcast_algos.c -- portable measurement functions written on the transport
** contract only (transport.h), so they run on the MPI, RCCE and sequential backends:
** Pingpong_Blocking and Pingpong_Nonblocking(count, iterations) between ranks 0 and 1
** (SKaMPI 5 manual §3.1, Pichler 2013 §3); the broadcasts of count bytes from rank 0
** Bcast_Cube(count, part_size) (Bin Jia's pipelined broadcast, Pichler 2013 §5),
** Bcast_DOPL(count, rows, cols, part_size, pipe_size) and Bcast_DOPL_Grid(..., map) (the
** dimension-ordered pipelined mesh broadcast of Watts & van de Geijn, Pichler 2013 §6),
** Bcast_Linear(count) and Bcast_Library(count) (the baselines, §4.1, §7). The algorithm
** is the row's VARIANT. The module also owns the cube broadcast's round counter. Buffers,
** timing and verification: doc/internals.md, "meas_bcast_algos".
*/
#include "meas_bcast_algos.h"
#include "verify.h"
#include "settings.h"

/* The rows' VARIANT: the broadcast algorithm (Bcast_DOPL_Grid is BCA_DOPL with a map),
** or the kind of ping-pong. */
enum bca_variant { BCA_CUBE, BCA_DOPL, BCA_LINEAR, BCA_LIBRARY };
enum bca_pingpong_variant { BCA_PINGPONG_BLOCKING, BCA_PINGPONG_NONBLOCKING };

/* Algorithm notes (written from the thesis' description):
** - Cube (§5.2, n = 2^q): in round j the partner of process i differs in bit j mod q;
**   the part sent is s(i,j) = j - q + (1 - i_j') Dis_i[j'] and the part received
**   t(i,j) = j - q + i_j' Dis_i[j'], both cut to the last part; Dis_i[k] is the distance
**   from bit k to the next set bit of i further left, wrapping around (q for i = 0).
** - Any n (§5.3): with n = 2^q + r, 0 < r < 2^q, the 2^q "units" run the schedule above
**   (q = floor(log2 n)); processes 1..r form units with 2^q..n-1, the others are units
**   alone. In a unit of two, one process sends for the unit ("out"), the other receives
**   ("in"); the roles swap by the switch count u(i,j) of Jia's formula, and in every
**   round "in" passes part j - q - 1 to "out". After the parts + q - 1 rounds one more
**   round inside the units closes the gap: "out" lacks part parts - 2 and "in" part
**   parts - 1 (with one part only "in" lacks it, where the thesis' closing exchange
**   would name part -1). That is
**   parts + ceil(log2 n) - 1 rounds in all, the thesis' bound. The root never receives,
**   and nobody sends to it (the thesis' code sends it parts it already has). A simulation
**   of the schedule, written along with this module, found it complete and consistent
**   (every part sent is held, every process ends with all parts) for n = 2..199 and
**   1..39 parts. With n = 1 or no data there is no round at all.
** - Rounds are counted per schedule round (all processes count every round, also those
**   in which they have nothing to do), not per message; see sk_bcast_cube_last_rounds.
** - Each process sends and receives at most one part per round; when it does both, both
**   go non-blocking (irecv, isend, wait, wait), so no order of the partners can deadlock
**   under synchronous sends (RCCE): every receive of a round is posted before the
**   process waits for anything in that round.
** - DOPL (§6.2) on a rows x cols grid: the process at grid position x sits at row x / cols,
**   column x % cols; position = group rank, or map[rank] with Bcast_DOPL_Grid (as the
**   thesis' processor_map places the SCC's cores: §6.2, figure 4). The schedule below works
**   on positions; bca_dopl_rank turns one into the rank that holds it. Dimensions of length 1 are dropped,
**   so 1 x n and n x 1 become a plain pipelined chain (the thesis' schedule would skip
**   every other part there). In round i along dimension a = i mod d, every line along a
**   pipelines one part from its head (coordinate 0) to its tail: the line through the
**   root carries part i, the others part i - 1 (the thesis' level(): i + level - d, cut
**   to the last part); the tail of a line that does not hold the root wraps part i - d
**   around to its head in one message. kalt + d - 1 rounds for kalt parts. Inside a part
**   the pieces of pipe_size bytes are forwarded as soon as they arrive (§6.2, pipe()),
**   with at most BCA_PIPE_WINDOW pieces in flight.
*/

/* Request slots per direction for the pieces of one DOPL part (pieces in flight). */
#define BCA_PIPE_WINDOW 64

static struct {
  long cube_last_rounds;    /* rounds of the last Bcast_Cube call on this process */
} bca;

/* Private state of one broadcast measurement (m->state). */
typedef struct bca_state {
  long count;               /* bytes broadcast from rank 0 */
  long part_size;           /* Cube and DOPL: bytes per part */
  long pipe_size;           /* DOPL: bytes per pipelined piece of a part */
  int rows, cols;           /* DOPL: the process grid */
  long repetition;          /* calls of measure so far; the verify pattern follows it */
  long window;              /* DOPL: request slots per direction */
  sk_request *recv_slots, *send_slots;
  int *rank_at;             /* DOPL: rank_at[position] (Bcast_DOPL_Grid), NULL: identity */
  int my_position;          /* DOPL: this process's grid position */
} bca_state;

SK_API long sk_bcast_cube_last_rounds(void) { return bca.cube_last_rounds; }

/* ---- argument checks (they depend only on the arguments and the communicator size,
** so every process comes to the same verdict) ---- */

static int bca_check_min(sk_mctx *m, const char *fn, const char *what, long value, long min)
{
  char msg[200];
  if (m->failed) return 0;
  if (value >= min) return 1;
  sprintf(msg, "%.60s: %.40s is %ld, it must be at least %ld", fn, what, value, min);
  sk_meas_fail(m, msg);
  return 0;
}

/* ---- parts of the broadcast buffer ---- */

/* `count` bytes at buf in parts of part_size bytes; the last part may be shorter. */
typedef struct bca_parts {
  char *buf;
  long count, part_size, parts;
} bca_parts;

static void bca_parts_init(bca_parts *p, char *buf, long count, long part_size)
{
  p->buf = buf;
  p->count = count;
  p->part_size = part_size;
  p->parts = count > 0 ? (count - 1) / part_size + 1 : 0;
}

static char *bca_part_start(const bca_parts *p, long k)
{
  return p->buf + (size_t)k * (size_t)p->part_size;
}

static size_t bca_part_bytes(const bca_parts *p, long k)
{
  return k == p->parts - 1 ? (size_t)(p->count - k * p->part_size) : (size_t)p->part_size;
}

/* One round of one process: send part send_part to dest and receive part recv_part from
** src; a negative peer or part means that direction is idle this round. */
static void bca_exchange(sk_group *g, const bca_parts *p, int dest, long send_part, int src, long recv_part)
{
  int sending = dest >= 0 && send_part >= 0, receiving = src >= 0 && recv_part >= 0;
  sk_request recv_req, send_req;
  if (sending && receiving) {
    sk_tp_irecv(g, src, bca_part_start(p, recv_part), bca_part_bytes(p, recv_part), &recv_req);
    sk_tp_isend(g, dest, bca_part_start(p, send_part), bca_part_bytes(p, send_part), &send_req);
    sk_tp_wait(&recv_req);
    sk_tp_wait(&send_req);
  } else if (sending) {
    sk_tp_send(g, dest, bca_part_start(p, send_part), bca_part_bytes(p, send_part));
  } else if (receiving) {
    sk_tp_recv(g, src, bca_part_start(p, recv_part), bca_part_bytes(p, recv_part));
  }
}

/* ---- Bin Jia's cube broadcast (Pichler 2013 §5.2, §5.3) ---- */

/* The other process of p's unit, Jia's Co(p): with n = units + r processes, 1..r pair
** with units..n-1; 0 and r+1..units-1 are alone (Co(p) = p). */
static int bca_cube_co(int p, int units, int n)
{
  if (p == 0) return 0;
  if (p <= n - units) return units - 1 + p;
  if (p < units) return p;
  return p - units + 1;
}

/* Dis[k]: the distance from bit k of rep to the next set bit further left, wrapping
** around the q bits; q for rep 0 (§5.2). */
static void bca_cube_distances(int rep, int q, int *dis)
{
  int k, step;
  for (k = 0; k < q; k++) {
    step = q;
    if (rep != 0)
      for (step = 1; step < q; step++)
        if ((rep >> ((k + step) % q)) & 1) break;
    dis[k] = step;
  }
}

/* Switch[k]: the set bits of rep among bits 0..k (§5.3). */
static void bca_cube_switches(int rep, int q, int *switches)
{
  int k, ones = 0;
  for (k = 0; k < q; k++) {
    ones += (rep >> k) & 1;
    switches[k] = ones;
  }
}

/* u(i,j): how often the roles in the unit swapped before round j (§5.3). */
static long bca_cube_role_swaps(const int *switches, int q, long j)
{
  if (j == 0) return 0;
  return (long)switches[q - 1] * ((j - 1) / q) + switches[(j - 1) % q];
}

/* Broadcasts the parts from rank 0 of g (n processes, this one is `me`); returns the
** number of rounds of the schedule. */
static long bca_cube_bcast(sk_group *g, int me, int n, const bca_parts *p)
{
  int dis[sizeof(int) * CHAR_BIT], switches[sizeof(int) * CHAR_BIT];
  int units, q, co_me, rep, bit, dim, partner, out, in, out_partner, in_partner;
  long parts = p->parts, rounds = 0, loop_rounds, j, s, t, swaps;
  if (n < 2 || parts == 0) return 0;
  for (q = 0, units = 1; units <= n / 2; q++) units *= 2;
  co_me = bca_cube_co(me, units, n);
  rep = me < units ? me : co_me;          /* the unit is named by its smaller rank */
  bca_cube_distances(rep, q, dis);
  bca_cube_switches(rep, q, switches);
  loop_rounds = parts + q - 1;
  for (j = 0; j < loop_rounds; j++) {
    dim = (int)(j % q);
    swaps = bca_cube_role_swaps(switches, q, j);
    out = swaps % 2 == 0 ? bca_cube_co(rep, units, n) : rep;
    in = bca_cube_co(out, units, n);
    partner = rep ^ (1 << dim);
    out_partner = (swaps + j / q) % 2 == 0 ? bca_cube_co(partner, units, n) : partner;
    in_partner = bca_cube_co(out_partner, units, n);
    bit = (rep >> dim) & 1;
    s = j - q + (1 - bit) * dis[dim];
    t = j - q + bit * dis[dim];
    if (s > parts - 1) s = parts - 1;
    if (t > parts - 1) t = parts - 1;
    if (co_me == me)          /* a unit of one: it sends and receives itself */
      bca_exchange(g, p, in_partner == 0 ? -1 : in_partner, s, me == 0 ? -1 : out_partner, t);
    else if (me == out)       /* sends for the unit, takes the part "in" got last round */
      bca_exchange(g, p, in_partner == 0 ? -1 : in_partner, s, in, j - q - 1);
    else                      /* receives for the unit, passes last round's part on */
      bca_exchange(g, p, out, j - q - 1, out_partner, t);
    rounds++;
  }
  if (units < n) {
    /* The closing round inside the units of two (§5.3): "out" lacks part parts - 2,
    ** "in" part parts - 1. */
    if (co_me != me) {
      swaps = bca_cube_role_swaps(switches, q, loop_rounds);
      out = swaps % 2 == 0 ? bca_cube_co(rep, units, n) : rep;
      if (me == out) bca_exchange(g, p, co_me, parts - 1, co_me, parts - 2);
      else bca_exchange(g, p, co_me, parts - 2, co_me, parts - 1);
    }
    rounds++;
  }
  return rounds;
}

/* ---- DOPL, the dimension-ordered pipelined mesh broadcast (Pichler 2013 §6.2) ---- */

static size_t bca_piece_bytes(size_t part_bytes, size_t piece, long x)
{
  size_t start = (size_t)x * piece;
  return part_bytes - start < piece ? part_bytes - start : piece;
}

/* Moves part k along a line in pieces of pipe_size bytes: received from prev (-1: this
** is the head) and each piece passed on to next (-1: this is the tail) as soon as it
** arrived (§6.2, pipe()). */
static void bca_dopl_pipe(sk_group *g, const bca_state *st, const bca_parts *p, long k, int prev, int next)
{
  char *base = bca_part_start(p, k);
  size_t bytes = bca_part_bytes(p, k), piece = (size_t)st->pipe_size;
  long pieces = (long)((bytes - 1) / piece + 1), window = st->window, x, slot;
  sk_request *recv_slots = st->recv_slots, *send_slots = st->send_slots;
  for (x = 0; x < window; x++) {
    recv_slots[x].active = 0;
    send_slots[x].active = 0;
    if (prev >= 0 && x < pieces)
      sk_tp_irecv(g, prev, base + (size_t)x * piece, bca_piece_bytes(bytes, piece, x), &recv_slots[x]);
  }
  for (x = 0; x < pieces; x++) {
    slot = x % window;
    sk_tp_wait(&recv_slots[slot]);
    if (next >= 0) {
      sk_tp_wait(&send_slots[slot]);
      sk_tp_isend(g, next, base + (size_t)x * piece, bca_piece_bytes(bytes, piece, x), &send_slots[slot]);
    }
    if (prev >= 0 && x + window < pieces)
      sk_tp_irecv(g, prev, base + (size_t)(x + window) * piece,
                  bca_piece_bytes(bytes, piece, x + window), &recv_slots[slot]);
  }
  for (x = 0; x < window; x++) sk_tp_wait(&send_slots[x]);
}

/* The group rank at grid position `position`; -1 stays -1 (no neighbour). */
static int bca_dopl_rank(const bca_state *st, int position)
{
  if (position < 0 || st->rank_at == NULL) return position;
  return st->rank_at[position];
}

static void bca_dopl_bcast(sk_group *g, const bca_state *st, const bca_parts *p)
{
  int me = st->my_position;
  int length[2], at[2], stride[2], d = 0, a, level, on_root_line, is_head, is_tail, head, tail;
  long parts = p->parts, i, pipe_part, wrap_part;
  sk_request wrap_req;
  /* Coordinates of this process in the dimensions longer than 1. */
  if (st->rows > 1) { length[d] = st->rows; at[d] = me / st->cols; stride[d] = st->cols; d++; }
  if (st->cols > 1) { length[d] = st->cols; at[d] = me % st->cols; stride[d] = 1; d++; }
  if (d == 0 || parts == 0) return;
  for (i = 0; i < parts + d - 1; i++) {
    a = (int)(i % d);
    /* level(): in how many dimensions, from a on, the head of my line matches the root;
    ** the head has coordinate 0 in a and mine elsewhere. */
    level = 1;
    while (level < d && at[(a + level) % d] == 0) level++;
    on_root_line = level == d;
    pipe_part = i + level - d;
    if (pipe_part > parts - 1) pipe_part = parts - 1;
    wrap_part = i - d;
    is_head = at[a] == 0;
    is_tail = at[a] == length[a] - 1;
    head = me - at[a] * stride[a];
    tail = head + (length[a] - 1) * stride[a];
    wrap_req.active = 0;
    if (!on_root_line && wrap_part >= 0) {
      if (is_head)
        sk_tp_irecv(g, bca_dopl_rank(st, tail), bca_part_start(p, wrap_part), bca_part_bytes(p, wrap_part), &wrap_req);
      else if (is_tail)
        sk_tp_isend(g, bca_dopl_rank(st, head), bca_part_start(p, wrap_part), bca_part_bytes(p, wrap_part), &wrap_req);
    }
    if (pipe_part >= 0)
      bca_dopl_pipe(g, st, p, pipe_part, bca_dopl_rank(st, is_head ? -1 : me - stride[a]),
                    bca_dopl_rank(st, is_tail ? -1 : me + stride[a]));
    sk_tp_wait(&wrap_req);
  }
}

/* ---- the verify mode ---- */

/* Byte `index` of the root's buffer in call `repetition` of a broadcast of count bytes:
** a hash of the three, so that a part at a wrong offset or from an older call shows. */
static unsigned char bca_pattern_byte(long count, long repetition, size_t index)
{
  unsigned long x = ((unsigned long)index * 2654435761UL) ^ ((unsigned long)count * 40503UL)
                    ^ ((unsigned long)repetition * 2246822519UL);
  x &= 0xffffffffUL;
  x ^= x >> 15;
  x = (x * 2246822519UL) & 0xffffffffUL;
  x ^= x >> 13;
  x = (x * 3266489917UL) & 0xffffffffUL;
  x ^= x >> 16;
  return (unsigned char)(x & 0xff);
}

/* Starts one call: returns this process's buffer (the root's send buffer, everybody
** else's receive buffer); in verify mode the root writes the pattern there and the
** others fill theirs with its complement, so that every byte not received shows. */
static char *bca_begin_call(sk_mctx *m, bca_state *st)
{
  char *buf = m->rank == 0 ? m->send_buf : m->recv_buf;
  size_t i, n = (size_t)st->count;
  st->repetition++;
  if (m->settings->verify) {
    for (i = 0; i < n; i++) {
      unsigned char b = bca_pattern_byte(st->count, st->repetition, i);
      buf[i] = (char)(m->rank == 0 ? b : (unsigned char)~b);
    }
  }
  return buf;
}

/* Ends one call: in verify mode every process (the root too: nothing may have been
** received into its buffer) checks it holds exactly the root's bytes. */
static void bca_end_call(sk_mctx *m, const bca_state *st, const char *fn, const char *buf)
{
  size_t i, n = (size_t)st->count;
  char msg[200];
  if (!m->settings->verify) return;
  for (i = 0; i < n; i++) {
    unsigned char want = bca_pattern_byte(st->count, st->repetition, i);
    if ((unsigned char)buf[i] != want) {
      sprintf(msg, "%.40s: verify: process %d has 0x%02x at byte %lu of %ld where the root "
              "sent 0x%02x (call %ld)", fn, m->rank, (unsigned)(unsigned char)buf[i],
              (unsigned long)i, st->count, (unsigned)want, st->repetition);
      sk_meas_fail(m, msg);
      return;
    }
  }
}

/* ---- init and finalize of the broadcasts ---- */

/* The common part: count bytes from the root's send buffer to the others' receive buffers. */
static bca_state *bca_init_bcast(sk_mctx *m, const char *fn, long count)
{
  bca_state *st;
  if (!bca_check_min(m, fn, "count", count, 0)) return NULL;
  st = (bca_state *)sk_calloc(1, sizeof *st);
  st->count = count;
  st->window = 1;
  m->state = st;
  if (m->rank == 0) m->send_usage = (size_t)count;
  else m->recv_usage = (size_t)count;
  m->reported_size = count;
  return st;
}

static void bca_finalize(sk_mctx *m, const sk_value *args)
{
  bca_state *st = (bca_state *)m->state;
  (void)args;
  if (st == NULL) return;
  free(st->recv_slots);
  free(st->send_slots);
  free(st->rank_at);
  free(st);
  m->state = NULL;
}

/* ---- Bcast_DOPL(count, rows, cols, part_size, pipe_size) ---- */

/* The grid: rows * cols must be the communicator size; 0 for one of them derives it from
** the other, 0 for both picks the squarest grid with rows <= cols. */
static int bca_dopl_grid(sk_mctx *m, long rows, long cols, bca_state *st)
{
  const char *fn = "Bcast_DOPL";
  char msg[200];
  long n = m->size;
  if (!bca_check_min(m, fn, "rows", rows, 0) || !bca_check_min(m, fn, "cols", cols, 0)) return 0;
  if (rows == 0 && cols == 0) {
    for (rows = 1; (rows + 1) * (rows + 1) <= n; rows++) { }
    while (n % rows != 0) rows--;
  }
  if (rows == 0 && n % cols == 0) rows = n / cols;
  if (cols == 0 && n % rows == 0) cols = n / rows;
  if (rows == 0 || cols == 0 || rows > n || cols > n || rows * cols != n) {
    sprintf(msg, "%.40s: a grid of %ld rows and %ld columns does not fit a communicator of "
            "%ld processes (rows * cols must equal it; 0 lets Bcast_DOPL choose)", fn,
            rows, cols, n);
    sk_meas_fail(m, msg);
    return 0;
  }
  st->rows = (int)rows;
  st->cols = (int)cols;
  return 1;
}

/* The inverse of a rank-to-position map: rank_at[position]; NULL (and the measurement
** failed) unless map holds each position 0..n-1 exactly once and puts the root, rank 0,
** at position 0 (the source starts the first line, §6.2). */
static int *bca_dopl_invert_map(sk_mctx *m, const sk_value *map)
{
  long n = m->size, r, x;
  int *rank_at;
  char msg[200];
  if ((long)sk_array_length(map) != n) {
    sprintf(msg, "Bcast_DOPL_Grid: the map has %ld entries, the communicator %ld processes",
            (long)sk_array_length(map), n);
    sk_meas_fail(m, msg);
    return NULL;
  }
  rank_at = (int *)sk_malloc(sizeof(int) * (size_t)n);
  for (x = 0; x < n; x++) rank_at[x] = -1;
  for (r = 0; r < n; r++) {
    x = sk_iarray_get(map, (size_t)r);
    if (x < 0 || x >= n || rank_at[x] >= 0) {
      sprintf(msg, "Bcast_DOPL_Grid: map[%ld] = %ld is not a free grid position 0..%ld", r, x, n - 1);
      sk_meas_fail(m, msg);
      free(rank_at);
      return NULL;
    }
    rank_at[x] = (int)r;
  }
  if (rank_at[0] != 0) {
    sprintf(msg, "Bcast_DOPL_Grid: map[0] = %ld; the root (rank 0) must sit at position 0",
            sk_iarray_get(map, 0));
    sk_meas_fail(m, msg);
    free(rank_at);
    return NULL;
  }
  return rank_at;
}

/* Bcast_DOPL and Bcast_DOPL_Grid (the latter with the map: m->arg.map, else NULL). */
static void bca_init_dopl(sk_mctx *m)
{
  bca_state *st, grid;
  const sk_margs *a = &m->arg;
  long largest_part, pieces;
  int *rank_at = NULL;
  if (!bca_check_min(m, "Bcast_DOPL", "count", a->count, 0)
      || !bca_dopl_grid(m, a->rows, a->cols, &grid)
      || !bca_check_min(m, "Bcast_DOPL", "part_size", a->part_size, 1)
      || !bca_check_min(m, "Bcast_DOPL", "pipe_size", a->pipe_size, 1)) return;
  if (a->map != NULL && (rank_at = bca_dopl_invert_map(m, a->map)) == NULL) return;
  st = bca_init_bcast(m, "Bcast_DOPL", a->count);
  st->rows = grid.rows;
  st->cols = grid.cols;
  st->part_size = a->part_size;
  st->pipe_size = a->pipe_size;
  st->rank_at = rank_at;
  st->my_position = a->map != NULL ? (int)sk_iarray_get(a->map, (size_t)m->rank) : m->rank;
  largest_part = st->part_size < st->count ? st->part_size : st->count;
  pieces = largest_part > 0 ? (largest_part - 1) / st->pipe_size + 1 : 1;
  st->window = pieces < BCA_PIPE_WINDOW ? pieces : BCA_PIPE_WINDOW;
  st->recv_slots = (sk_request *)sk_calloc((size_t)st->window, sizeof(sk_request));
  st->send_slots = (sk_request *)sk_calloc((size_t)st->window, sizeof(sk_request));
}

/* ---- the broadcasts: Bcast_Cube(count, part_size), Bcast_DOPL(count, rows, cols,
** part_size, pipe_size), Bcast_DOPL_Grid(... map), Bcast_Linear(count) (rank 0 sends
** to every other rank in turn), Bcast_Library(count) (the transport's own broadcast).
** The algorithm is the row's VARIANT; the name in messages is bca_names[variant]. ---- */

static const char *const bca_names[] = { "Bcast_Cube", "Bcast_DOPL", "Bcast_Linear", "Bcast_Library" };

static void bca_init(sk_mctx *m, const sk_value *args)
{
  bca_state *st;
  (void)args;
  if (m->variant == BCA_DOPL) { bca_init_dopl(m); return; }
  if (m->variant == BCA_CUBE && !bca_check_min(m, "Bcast_Cube", "part_size", m->arg.part_size, 1)) return;
  st = bca_init_bcast(m, bca_names[m->variant], m->arg.count);
  if (st) st->part_size = m->arg.part_size;
}

static double bca_measure(sk_mctx *m, const sk_value *args)
{
  bca_state *st = (bca_state *)m->state;
  bca_parts p;
  char *buf;
  double start, stop;
  int i;
  (void)args;
  if (st == NULL) return -1.0;
  buf = bca_begin_call(m, st);
  if (m->variant == BCA_CUBE || m->variant == BCA_DOPL) bca_parts_init(&p, buf, st->count, st->part_size);
  start = sk_sync_start(m);
  switch (m->variant) {
  case BCA_CUBE: bca.cube_last_rounds = bca_cube_bcast(m->group, m->rank, m->size, &p); break;
  case BCA_DOPL: bca_dopl_bcast(m->group, st, &p); break;
  case BCA_LINEAR:
    if (m->rank == 0) {
      for (i = 1; i < m->size; i++) sk_tp_send(m->group, i, buf, (size_t)st->count);
    } else {
      sk_tp_recv(m->group, 0, buf, (size_t)st->count);
    }
    break;
  default: sk_tp_library_bcast(m->group, buf, (size_t)st->count, 0); break;
  }
  stop = sk_sync_stop(m);
  bca_end_call(m, st, bca_names[m->variant], buf);
  return stop - start;
}

/* ---- Pingpong_Blocking(count, iterations), Pingpong_Nonblocking(count, iterations) ----
** Rank 0 runs `iterations` round trips (send, then receive the answer) and sends once
** more after stopping its clock; rank 1 receives once before starting its clock, then
** answers and waits for the next message `iterations` times. Both return the time of ONE
** full round trip, averaged (SKaMPI 5 manual §3.1); other ranks take no part and return -1. */

static void bca_init_pingpong(sk_mctx *m, const sk_value *args)
{
  const char *fn = m->name;
  const sk_margs *a = &m->arg;
  (void)args;
  if (!bca_check_min(m, fn, "count", a->count, 0)
      || !bca_check_min(m, fn, "iterations", a->iterations, 0)) return;
  if (m->rank <= 1) {
    m->send_usage = (size_t)a->count;
    m->recv_usage = (size_t)a->count;
  }
  m->reported_size = a->count;
}

/* Pingpong_Blocking's round trips of n bytes, timed as the section comment above says. */
static double bca_blocking_round_trips(sk_mctx *m, size_t n, long iterations)
{
  long i;
  double start, stop;
  if (m->rank == 0) {
    start = sk_tp_wtime();
    for (i = 0; i < iterations; i++) {
      sk_tp_send(m->group, 1, m->send_buf, n);
      sk_tp_recv(m->group, 1, m->recv_buf, n);
    }
    stop = sk_tp_wtime();
    sk_tp_send(m->group, 1, m->send_buf, n);
  } else {
    sk_tp_recv(m->group, 0, m->recv_buf, n);
    start = sk_tp_wtime();
    for (i = 0; i < iterations; i++) {
      sk_tp_send(m->group, 0, m->send_buf, n);
      sk_tp_recv(m->group, 0, m->recv_buf, n);
    }
    stop = sk_tp_wtime();
  }
  return stop - start;
}

/* Pingpong_Nonblocking's, with iRCCE-style non-blocking calls: each process posts the
** receive of the next message before it sends, then waits for both. */
static double bca_nonblocking_round_trips(sk_mctx *m, size_t n, long iterations)
{
  long i;
  int peer = 1 - m->rank;
  sk_request recv_req, send_req;
  double start, stop;
  if (m->rank == 1) {
    sk_tp_irecv(m->group, peer, m->recv_buf, n, &recv_req);
    sk_tp_wait(&recv_req);
  }
  start = sk_tp_wtime();
  for (i = 0; i < iterations; i++) {
    sk_tp_irecv(m->group, peer, m->recv_buf, n, &recv_req);
    sk_tp_isend(m->group, peer, m->send_buf, n, &send_req);
    sk_tp_wait(&send_req);
    sk_tp_wait(&recv_req);
  }
  stop = sk_tp_wtime();
  if (m->rank == 0) {
    sk_tp_isend(m->group, peer, m->send_buf, n, &send_req);
    sk_tp_wait(&send_req);
  }
  return stop - start;
}

static double bca_pingpong_measure(sk_mctx *m, const sk_value *args)
{
  size_t n = (size_t)m->arg.count;
  long iterations = m->arg.iterations;
  (void)args;
  if (iterations <= 0 || m->rank > 1) return iterations == 0 && m->rank <= 1 ? 0.0 : -1.0;
  if (m->variant == BCA_PINGPONG_BLOCKING) return bca_blocking_round_trips(m, n, iterations) / (double)iterations;
  return bca_nonblocking_round_trips(m, n, iterations) / (double)iterations;
}

/* ---- the table ---- */

/* Verification of the ping-pongs: each of ranks 0 and 1 holds the other's bytes. */
static void check_bca_pingpong(sk_mctx *m, const sk_value *args)
{
  (void)args;
  if (m->arg.iterations > 0 && m->rank <= 1)
    sk_verify_expect(m, "receive buffer", m->recv_buf, (size_t)m->arg.count, 1 - m->rank, 0, NULL);
}

static const sk_measurement bca_table[] = {
  SK_ROW("Pingpong_Blocking", "count:i iterations:i", SK_PATTERN_P2P, 2, BCA_PINGPONG_BLOCKING,
         bca_pingpong_measure, bca_init_pingpong, NULL, NULL, check_bca_pingpong, NULL),
  SK_ROW("Pingpong_Nonblocking", "count:i iterations:i", SK_PATTERN_P2P, 2, BCA_PINGPONG_NONBLOCKING,
         bca_pingpong_measure, bca_init_pingpong, NULL, NULL, check_bca_pingpong, NULL),
  SK_ROW("Bcast_Cube", "count:i part_size:i", SK_PATTERN_COLLECTIVE, 1, BCA_CUBE,
         bca_measure, bca_init, bca_finalize, sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW("Bcast_DOPL", "count:i rows:i cols:i part_size:i pipe_size:i", SK_PATTERN_COLLECTIVE, 1, BCA_DOPL,
         bca_measure, bca_init, bca_finalize, sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW("Bcast_DOPL_Grid", "count:i rows:i cols:i part_size:i pipe_size:i map:a", SK_PATTERN_COLLECTIVE, 1, BCA_DOPL,
         bca_measure, bca_init, bca_finalize, sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW("Bcast_Linear", "count:i", SK_PATTERN_COLLECTIVE, 1, BCA_LINEAR,
         bca_measure, bca_init, bca_finalize, sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW("Bcast_Library", "count:i", SK_PATTERN_COLLECTIVE, 1, BCA_LIBRARY,
         bca_measure, bca_init, bca_finalize, sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_bcast_algos(void)
{
  return bca_table;
}
