/*
** catalogue.c -- collects the tables of all measurement modules (catalogue.h). Every
** table is listed in every build: the rows whose functions the build lacks stay known
** by name and signature and say what they need (sk_catalogue_unavailable). A new
** measurement module adds its table function and family here. Rows are handed out with
** params and param_names split from their signature; alias rows (SK_ROW_ALIAS, the
** original SKaMPI's spellings) resolved: a copy of the target row under the alias's
** name, with alias_of naming the target.
*/
#include "catalogue.h"
#include "meas_mpi.h"
#include "verify.h"

SK_API const sk_measurement *sk_meas_table_synthetic(void);
SK_API const sk_measurement *sk_meas_table_mw(void);
SK_API const sk_measurement *sk_meas_table_bcast_algos(void);
SK_API const sk_measurement *sk_meas_table_skampi5_example(void);
SK_API const sk_measurement *sk_meas_table_mpi_p2p_late(void);
SK_API const sk_measurement *sk_meas_table_mpi_coll3(void);
SK_API const sk_measurement *sk_meas_table_mpi_mockup(void);
SK_API const sk_measurement *sk_meas_table_mpi_neighbor(void);
SK_API const sk_measurement *sk_meas_table_mpi_session(void);
SK_API const sk_measurement *sk_meas_table_mpi_bw(void);
SK_API const sk_measurement *sk_meas_table_mpi_peer_p2p_imb(void);
SK_API const sk_measurement *sk_meas_table_mpi_peer_p2p(void);
SK_API const sk_measurement *sk_meas_table_mpi_threads(void);
SK_API const sk_measurement *sk_meas_table_mpi_threads_coll(void);
SK_API const sk_measurement *sk_meas_table_mpi_partitioned(void);
SK_API const sk_measurement *sk_meas_table_mpi_mprobe(void);
SK_API const sk_measurement *sk_meas_table_mpi_win_atomic(void);
SK_API const sk_measurement *sk_meas_table_mpi_peer_rma(void);
SK_API const sk_measurement *sk_meas_table_io_local(void);

typedef const sk_measurement *(*catalogue_table_fn)(void);

/* The family of two tables (MPI-IO and the local file rows): `skampi -l` starts a
** family where the pointer changes, so both name this one string. */
static const char io_family[] = "io: MPI-IO file access";

/* One table per module; the family is what `skampi -l` groups by (the MPI families are
** those of SKaMPI 5 manual §3.1-§3.4). */
typedef struct catalogue_table {
  catalogue_table_fn table;
  const char *family;
} catalogue_table;

static const catalogue_table catalogue_tables[] = {
  { sk_meas_table_synthetic, "synthetic: computed or busy-waited times, every backend" },
  { sk_meas_table_mw, "master_worker: rank 0 dispatches chunks to the others" },
  { sk_meas_table_bcast_algos, "bcast_algorithms: broadcasts and ping-pongs on the portable transport" },
  { sk_meas_table_mpi_p2p, "point_to_point: MPI point-to-point; persistent requests (MPI-1.1); MPI_Isendrecv(_replace) and the large-count MPI_Send_c/MPI_Recv_c (need MPI-4)" },
  { sk_meas_table_mpi_p2p_late, "point_to_point_late: ping-pongs with a late receiver or sender (matching queues)" },
  { sk_meas_table_mpi_bw, "bandwidth: streaming bandwidth and message rate (windows of non-blocking messages, OSU style); size/time = MB/s" },
  { sk_meas_table_mpi_peer_p2p_imb, "p2p_patterns: IMB-P2P's patterns, every process at once: ping-ping pairs, a Sendrecv_replace ring, random pairs and rings (a seeded generator), 2-D and 3-D periodic stencils; one round per timing" },
  { sk_meas_table_mpi_peer_p2p, "peer_point_to_point: what IMB-MPI1 and the OSU micro-benchmarks measure beyond the rows above: ping-ping (specific or any source), bandwidth with persistent requests, fan-in and fan-out bandwidth" },
  { sk_meas_table_mpi_threads, "threads: point-to-point with T threads per process, thread i of rank 0 with thread i of rank 1, each pair on its own communicator, receiving from the partner or any source, with tag 0 or any tag (IMB-MT style; need MPI-2 and POSIX threads; more than one thread needs MPI_THREAD_MULTIPLE: SKAMPI_THREAD_LEVEL=multiple)" },
  { sk_meas_table_mpi_threads_coll, "threads_imb_mt: the rest of IMB-MT with T threads per process, thread i of every process on its own communicator: ping-ping and bidirectional windows (ranks 0 and 1), send-receive and exchange in a ring, barrier, broadcast, reduce, all-reduce, scatter(v), gather(v), all-gather(v), all-to-all(v), reduce-scatter (need MPI-2 and POSIX threads; more than one thread needs MPI_THREAD_MULTIPLE: SKAMPI_THREAD_LEVEL=multiple)" },
  { sk_meas_table_mpi_partitioned, "partitioned: MPI-4 partitioned point-to-point (need MPI-4): MPI_Psend_init/MPI_Precv_init, MPI_Pready from one or T threads, MPI_Parrived" },
  { sk_meas_table_mpi_mprobe, "matched_probe: MPI-3 ping-pongs received through MPI_Mprobe/MPI_Improbe" },
  { sk_meas_table_mpi_coll, "collective: MPI collectives, delayed and wait patterns" },
  { sk_meas_table_mpi_coll3, "collective_mpi3: MPI-3 collectives (need MPI-3): non-blocking alone and overlapped, Exscan, Alltoallw, Reduce_scatter_block, Reduce_local, MPI_IN_PLACE, rotating roots; MPI-4 persistent collectives alone (Xxx_init) and overlapped (Xxx_init_overlap), large-count ones (Xxx_c) (need MPI-4)" },
  { sk_meas_table_mpi_mockup, "guideline_mockups: one collective made of two, the right-hand sides of the self-consistent performance guidelines (Traeff, Gropp and Thakur 2010; doc/guidelines.md)" },
  { sk_meas_table_mpi_neighbor, "neighbourhood: MPI-3 neighbourhood collectives (need MPI-3), blocking and non-blocking, on a Cartesian, ring or random graph topology" },
  { sk_meas_table_mpi_session, "sessions: MPI-4 sessions (need MPI-4): MPI_Session_init/finalize, a communicator from a process set" },
  { sk_meas_table_mpi_win_sync, "onesided_synchronisation: MPI-2 window synchronisation" },
  { sk_meas_table_mpi_win_transfer, "onesided_transfer: MPI-2 one-sided communication" },
  { sk_meas_table_mpi_win_coll, "onesided_collective: collectives made of MPI-2 one-sided transfers" },
  { sk_meas_table_mpi_win_atomic, "onesided_atomic: MPI-3 atomics, request-based and shared-memory windows" },
  { sk_meas_table_mpi_peer_rma, "onesided_peer: IMB-RMA's and OSU's one-sided loops (need MPI-3): flush and flush_local completion, one or all targets, OSU's window creations and synchronisations" },
  { sk_meas_table_mpi_io, io_family },
  { sk_meas_table_io_local, io_family },
  { sk_meas_table_mpi, "misc: clock measurements" },
  { sk_meas_table_skampi5_example, "skampi5: SKaMPI 5 extensions built through skampi5_compat.h" },
  { NULL, NULL }
};

/* The raw row i (aliases unresolved) and, if wanted, its family. */
static const sk_measurement *catalogue_raw(int i, const char **family)
{
  int t, k;
  for (t = 0; catalogue_tables[t].table; t++) {
    const sk_measurement *tab = catalogue_tables[t].table();
    for (k = 0; tab[k].name; k++)
      if (i-- == 0) {
        if (family) *family = catalogue_tables[t].family;
        return &tab[k];
      }
  }
  return NULL;
}

/* The rows as they are handed out, each made on its first use: params and param_names
** from the row's signature, an alias as a copy of its target under its own name. Made
** one by one, not all at once: a run uses a few of the ~400 rows, and under a simulator
** every rank is a thread of one process holding its own copy (the whole catalogue was
** 72 KB per rank, the largest part of skampi's memory at 65,536 simulated ranks). */
typedef struct catalogue_made {
  const sk_measurement *from;   /* the raw row */
  sk_measurement row;
} catalogue_made;
typedef struct catalogue_state {
  catalogue_made **rows;
  int n, room;
} catalogue_state;
static catalogue_state *catalogue_st;   /* made on first use; under a simulator rank 0's (below) */

static catalogue_state *catalogue_state_of(void)
{
  if (catalogue_st == NULL) catalogue_st = (catalogue_state *)sk_calloc(1, sizeof *catalogue_st);
  return catalogue_st;
}

/* Under a simulator every rank is a thread of one process, switched only inside its MPI
** calls: the rows made are the same on every rank (raw rows, split signatures), so the
** ranks other than 0 use rank 0's (catalogue.h), which saves each some 550 bytes at
** 65,536 simulated ranks (doc/simulated.md). A rank that made rows of its own keeps them:
** it may have handed them out. */
SK_API void *sk_catalogue_share(void) { return catalogue_state_of(); }

SK_API void sk_catalogue_adopt(void *rank0s)
{
  if (rank0s == NULL || catalogue_st == rank0s) return;
  if (catalogue_st != NULL && catalogue_st->n > 0) return;
  free(catalogue_st);
  catalogue_st = (catalogue_state *)rank0s;
}

/* "count:i datatype:t" -> letters "it" and names "count datatype" (both allocated). */
static void catalogue_split_signature(sk_measurement *row)
{
  const char *p = row->signature ? row->signature : "";
  size_t n = strlen(p);
  char *letters = (char *)sk_malloc(n + 1), *names = (char *)sk_malloc(n + 1);
  size_t nl = 0, nn = 0;
  for (;;) {
    size_t len, colon;
    while (*p == ' ') p++;
    if (*p == '\0') break;
    len = strcspn(p, " ");
    colon = strcspn(p, ":");
    if (colon + 2 != len || colon == 0)
      sk_fatal("catalogue: row '%s': parameter '%.*s' is not name:letter", row->name, (int)len, p);
    if (nn) names[nn++] = ' ';
    memcpy(names + nn, p, colon);
    nn += colon;
    letters[nl++] = p[colon + 1];
    p += len;
  }
  letters[nl] = names[nn] = '\0';
  row->params = letters;
  row->param_names = names;
}

/* The raw row of that name that is not an alias, or NULL. */
static const sk_measurement *catalogue_raw_target(const char *name)
{
  int i;
  const sk_measurement *raw;
  for (i = 0; (raw = catalogue_raw(i, NULL)) != NULL; i++)
    if (raw->alias_of == NULL && sk_streq(raw->name, name)) return raw;
  return NULL;
}

/* The row handed out for a raw row, made now if it was not yet. */
static const sk_measurement *catalogue_make(const sk_measurement *raw)
{
  int i;
  catalogue_made *made;
  catalogue_state *st = catalogue_state_of();
  for (i = 0; i < st->n; i++)
    if (st->rows[i]->from == raw) return &st->rows[i]->row;
  made = (catalogue_made *)sk_malloc(sizeof *made);
  made->from = raw;
  if (raw->alias_of == NULL) {
    made->row = *raw;
    catalogue_split_signature(&made->row);
  } else {
    const sk_measurement *target = catalogue_raw_target(raw->alias_of);
    if (target == NULL) sk_fatal("catalogue: '%s' is an alias of the unknown row '%s'", raw->name, raw->alias_of);
    made->row = *catalogue_make(target);
    made->row.name = raw->name;
    made->row.alias_of = target->name;
  }
  if (st->n == st->room) {
    st->room = st->room ? 2 * st->room : 8;
    st->rows = (catalogue_made **)sk_realloc(st->rows, sizeof *st->rows * (size_t)st->room);
  }
  st->rows[st->n++] = made;
  return &made->row;
}

SK_API const sk_measurement *sk_catalogue_row(const sk_measurement *raw)
{
  int i;
  const sk_measurement *r;
  for (i = 0; (r = catalogue_raw(i, NULL)) != NULL; i++) if (r == raw) return catalogue_make(raw);
  return NULL;
}

SK_API const sk_measurement *sk_catalogue_entry(int i)
{
  const sk_measurement *raw = i >= 0 ? catalogue_raw(i, NULL) : NULL;
  return raw ? catalogue_make(raw) : NULL;
}

SK_API const sk_measurement *sk_catalogue_find(const char *name)
{
  int t, k;
  for (t = 0; catalogue_tables[t].table; t++) {
    const sk_measurement *tab = catalogue_tables[t].table();
    for (k = 0; tab[k].name; k++) if (sk_streq(tab[k].name, name)) return catalogue_make(&tab[k]);
  }
  return NULL;
}

SK_API const char *sk_catalogue_unavailable(const sk_measurement *m, char *buf, size_t size)
{
  sk_str msg;
  if (m->measure != NULL) return NULL;
  sk_str_init(&msg);
  sk_str_printf(&msg, "'%s' needs %s, which the %s build lacks", m->name,
                m->needs ? m->needs : "another backend", SK_BACKEND_NAME);
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL < 2
  sk_str_puts(&msg, " (MPI-1 level)");
#endif
  sk_copy_string(buf, size, msg.data);
  sk_str_free(&msg);
  return buf;
}

/* ---- the listing of `skampi -l` ---- */

SK_API const char *sk_param_type_name(char letter)
{
  switch (letter) {
  case 'i': return "int";
  case 'd': return "double";
  case 's': return "string";
  case 'c': return "comm";
  case 't': return "datatype";
  case 'o': return "op";
  case 'n': return "info";
  case 'a': return "IArray";
  case 'e': return "DArray";
  case '*': return "...";
  default: return "?";
  }
}

SK_API const char *sk_catalogue_time_kind(const sk_measurement *m)
{
  if (strstr(m->name, "Pingpong") != NULL) return "round_trip";
  if (m->pattern == SK_PATTERN_P2P && (strncmp(m->name, "Bw", 2) == 0 || strncmp(m->name, "Bibw", 4) == 0))
    return "per_message";   /* streaming: Bw, Bibw (meas_mpi_bw.c), their _persistent (meas_mpi_peer_p2p.c) */
  return m->pattern == SK_PATTERN_P2P ? "one_way" : "operation";
}

static const char *catalogue_pattern_name(sk_pattern p)
{
  switch (p) {
  case SK_PATTERN_P2P: return "p2p (ranks 0 and 1)";
  case SK_PATTERN_COLLECTIVE: return "collective";
  case SK_PATTERN_MASTER_WORKER: return "master_worker";
  case SK_PATTERN_SIMPLE: return "simple (rank 0)";
  case SK_PATTERN_SIMPLE_OWN_TIME: return "simple_own_time (rank 0)";
  }
  return "?";
}

/* NAME(name:type, ...)  pattern P, min N processes[; alias of X][; not in this build: ...]
** A parameter without a name shows as '?', a name without a parameter as '!name'. */
static void catalogue_describe(sk_str *out, const sk_measurement *m)
{
  const char *names = m->param_names ? m->param_names : "", *letter = m->params ? m->params : "";
  int first = 1;
  sk_str_printf(out, "  %s(", m->name);
  for (;;) {
    size_t len;
    while (*names == ' ') names++;
    len = strcspn(names, " ");
    if (*letter == '\0' && len == 0) break;
    if (!first) sk_str_puts(out, ", ");
    first = 0;
    if (*letter == '\0') sk_str_putc(out, '!');
    if (len) sk_str_putn(out, names, len); else sk_str_putc(out, '?');
    if (*letter) { sk_str_printf(out, ":%s", sk_param_type_name(*letter)); letter++; }
    names += len;
  }
  sk_str_printf(out, ")  pattern %s, min %d process%s", catalogue_pattern_name(m->pattern), m->min_procs,
                m->min_procs == 1 ? "" : "es");
  if (m->alias_of) sk_str_printf(out, "; alias of %s", m->alias_of);
  if (m->nothing) sk_str_printf(out, "; nothing to verify (%s)", m->nothing);
  else if (m->check == NULL && m->measure != NULL) sk_str_puts(out, "; -v: not verified");
  if (m->measure == NULL)
    sk_str_printf(out, "; not in this build (needs %s)", m->needs ? m->needs : "another backend");
  sk_str_putc(out, '\n');
}

SK_API int sk_catalogue_list(sk_str *out, const char *name)
{
  int i, found = 0;
  const char *family = NULL, *last = NULL;
  const sk_measurement *row;
  for (i = 0; (row = catalogue_raw(i, &family)) != NULL; i++) {
    if (name != NULL && !sk_streq(row->name, name)) continue;
    if (family != last) sk_str_printf(out, "%s\n", family);
    last = family;
    catalogue_describe(out, sk_catalogue_row(row));
    found++;
  }
  return found;
}
