/*
** test_bcast_algos.c -- test driver of split/measurements/meas_bcast_algos.c (the broadcasts of the
** SCC thesis, Pichler 2013 §5 and §6, and the ping-pongs of §3) together with the transport
** backend it is built with: MPI (default), RCCE (-DSKAMPI_RCCE) or sequential
** (-DSKAMPI_SEQ). It compiles the modules directly (no amalgam) and stands in for the
** engine's sk_sync_start/sk_sync_stop (barrier + wtime) and sk_meas_fail.
**
** Every broadcast runs with verify on for every count in {0, 1, 100, 4096, 8191, 8192,
** 50000, 190000, 1900000} and several part/pipe sizes (and, for DOPL, every grid that
** fits the number of processes): each process must end with exactly the root's bytes,
** and Bcast_Cube's round counter must be parts + ceil(log2 n) - 1 (0 for n = 1 or no
** data). Also: broadcasts on groups whose rank order differs from the world's, the
** ping-pongs (data and times), the verify mode catching a corrupted byte, and the grid
** check of Bcast_DOPL.
**
** Usage: test_bcast_algos LABEL [-v]     (run under mpirun / rccerun; LABEL names the
** backend in the output). Rank 0 prints one "ok ..." or "FAIL ..." line per group of
** cases; a failing process also prints its own FAIL line. Exit status 1 on failure.
*/
#include "../../split/base/base.c"
#include "../../split/base/host.c"
#include "../../split/base/clock_skew.c"
#include "../../split/transport/library_polling.c"
#include "../../split/transport/transport_mpi.c"
#include "../../split/transport/transport_seq.c"
#include "../../split/transport/transport_rcce.c"
#include "../../split/core/verify.c"
#include "../../split/core/margs.c"
#include "../../split/core/measure.c"
#include "../../split/measurements/meas_bcast_algos.c"

/* ---- stand-ins for the engine ---- */

SK_API double sk_sync_start(sk_mctx *m)
{
  sk_tp_barrier(m->group);
  return sk_tp_wtime();
}

SK_API double sk_sync_stop(sk_mctx *m)
{
  (void)m;
  return sk_tp_wtime();
}


/* The module's builtin print_bcast_cube_rounds writes through the output module and
** returns a value of the input language. */
SK_API void sk_out_text(const char *text)
{
  fputs(text, stdout);
}

SK_API sk_value sk_int_value(long i)
{
  sk_value v;
  memset(&v, 0, sizeof v);
  v.type = SK_T_INT;
  v.u.i = i;
  return v;
}

/* Integer arrays (value.c) for Bcast_DOPL_Grid's map and the builtin scc_grid_map. */
SK_API sk_value sk_iarray_new(size_t n)
{
  sk_value v;
  memset(&v, 0, sizeof v);
  v.type = SK_T_IARRAY;
  v.u.arr = (sk_array *)sk_calloc(1, sizeof *v.u.arr);
  v.u.arr->n = n;
  v.u.arr->ints = (long *)sk_calloc(n > 0 ? n : 1, sizeof(long));
  return v;
}

SK_API size_t sk_array_length(const sk_value *v) { return v->u.arr->n; }
SK_API long sk_iarray_get(const sk_value *v, size_t i) { return v->u.arr->ints[i]; }
SK_API void sk_iarray_set(sk_value *v, size_t i, long x) { v->u.arr->ints[i] = x; }

/* The engine settings the measurements see: verify on (switch_verification_on). */
static sk_settings test_settings;

/* ---- the driver ---- */

#define MAX_COUNT 1900000L
/* The thesis' sizes: Cube parts of 4096 bytes (§5.5), DOPL parts of 8192 bytes in pipes
** of 2048 (§6.3). */
#define THESIS_CUBE_PART 4096L
#define THESIS_DOPL_PART 8192L
#define THESIS_DOPL_PIPE 2048L
/* The largest count of the sweep, except for the thesis' sizes. */
#define SWEEP_COUNT 190000L

static const long counts[] = { 0, 1, 100, 4096, 8191, 8192, 50000, 190000, 1900000 };
#define NCOUNTS ((int)(sizeof counts / sizeof counts[0]))
static const long cube_parts[] = { THESIS_CUBE_PART, 100, 1000, 8192, 65536, 4000000 };
#define NCUBE ((int)(sizeof cube_parts / sizeof cube_parts[0]))
/* DOPL (part_size, pipe_size): the thesis' sizes, sizes that do not divide each other,
** a pipe larger than the part, tiny pieces, and a part larger than any count. */
static const long dopl_sizes[][2] = {
  { THESIS_DOPL_PART, THESIS_DOPL_PIPE }, { 4096, 1000 }, { 1000, 4096 }, { 100, 7 },
  { 65536, 8192 }, { 4000000, 65536 }
};
#define NDOPL ((int)(sizeof dopl_sizes / sizeof dopl_sizes[0]))

static struct {
  const char *label;
  int verbose;
  const char *only;         /* -only NAME: run just this part of the tests */
  int sweep;                /* -sweep: the smaller matrix for many processes on few cores */
  int rank, size;
  char *send_buf, *recv_buf;
  int failures;             /* groups of cases that failed (counted by their group's rank 0) */
  int checks;               /* groups of cases run (likewise) */
} T;

static const sk_measurement *find(const char *name)
{
  const sk_measurement *t = sk_meas_table_bcast_algos();
  for (; t->name; t++) if (strcmp(t->name, name) == 0) return t;
  fprintf(stderr, "FAIL %s: measurement %s missing from the table\n", T.label, name);
  exit(1);
  return NULL;
}

/* An integer argument of a measurement function ('i' in measure.h). */
static sk_value int_arg(long i)
{
  sk_value v;
  memset(&v, 0, sizeof v);
  v.type = SK_T_INT;
  v.u.i = i;
  return v;
}

static int ceil_log2(long n)
{
  int k = 0;
  while ((1L << k) < n) k++;
  return k;
}

/* Everybody reports whether it failed; rank 0 prints one line for the group of cases. */
static void agree(sk_group *g, int failed, const char *what)
{
  double mine = failed ? 1.0 : 0.0, *all;
  int i, bad = 0, n = sk_tp_group_size(g);
  if (sk_tp_group_rank(g) < 0) return;
  all = (double *)sk_malloc(sizeof(double) * (size_t)n);
  sk_tp_gather_doubles(g, &mine, 1, all, 0);
  if (sk_tp_group_rank(g) == 0) {
    for (i = 0; i < n; i++) if (all[i] != 0.0) bad++;
    T.checks++;
    if (bad) T.failures++;
    printf("%s %s n=%d %s%s\n", bad ? "FAIL" : "ok", T.label, T.size, what,
           bad ? " (see the FAIL lines of the processes)" : "");
    fflush(stdout);
  }
  free(all);
}

/* Runs one measurement (init, `reps` calls, finalize) on group g with verify on; checks
** the round counter when expect_rounds >= 0. Returns nonzero on failure (this process). */
static int run_case(sk_group *g, const sk_measurement *def, sk_value *args, int reps,
                    long expect_rounds, const char *what)
{
  sk_mctx m;
  int r, failed = 0, usage_too_large = 0;
  memset(&m, 0, sizeof m);
  m.settings = &test_settings;
  m.group = g;
  m.rank = sk_tp_group_rank(g);
  m.size = sk_tp_group_size(g);
  m.send_buf = T.send_buf;
  m.recv_buf = T.recv_buf;
  sk_mctx_bind(def, &m, args);
  def->init(&m, args);
  if (m.failed) {
    printf("FAIL %s n=%d rank %d %s: init: %s\n", T.label, T.size, T.rank, what, m.fail_msg);
    return 1;
  }
  if (m.send_usage > (size_t)MAX_COUNT || m.recv_usage > (size_t)MAX_COUNT) {
    printf("FAIL %s n=%d rank %d %s: buffer usage %lu/%lu too large\n", T.label, T.size, T.rank,
           what, (unsigned long)m.send_usage, (unsigned long)m.recv_usage);
    failed = usage_too_large = 1;   /* the same on every process: count is too large */
  }
  /* After a failure the calls go on (they are collective, the other processes make
  ** them too); only the first failure is reported. */
  for (r = 0; r < reps && !usage_too_large; r++) {
    double t = def->measure(&m, args);
    if (failed) continue;
    if (m.failed) {
      printf("FAIL %s n=%d rank %d %s: %s\n", T.label, T.size, T.rank, what, m.fail_msg);
      failed = 1;
    } else if (t < 0.0) {
      printf("FAIL %s n=%d rank %d %s: negative time %g\n", T.label, T.size, T.rank, what, t);
      failed = 1;
    } else if (expect_rounds >= 0 && sk_bcast_cube_last_rounds() != expect_rounds) {
      printf("FAIL %s n=%d rank %d %s: %ld rounds, expected %ld\n", T.label, T.size, T.rank,
             what, sk_bcast_cube_last_rounds(), expect_rounds);
      failed = 1;
    }
  }
  if (def->finalize) def->finalize(&m, args);
  if (failed) fflush(stdout);
  return failed;
}

/* Which cases run. The full matrix: every count with every part (and pipe) size, cases
** of more than 500 parts (100 for parts below 4096 bytes) left out, 3 calls per case up to
** 8192 bytes, 2 up to 190000, 1 above. The sweep (-sweep): 1 call per case, and counts
** above 190000 only with the thesis' part and pipe sizes. */
static int reps_for(long count)
{
  return T.sweep || count > SWEEP_COUNT ? 1 : count <= 8192 ? 3 : 2;
}

static long parts_of(long count, long part_size)
{
  return count > 0 ? (count - 1) / part_size + 1 : 0;
}

static int runs(long count, long part_size, int thesis_sizes)
{
  long parts = parts_of(count, part_size);
  if (parts > (part_size >= 4096 ? 500 : 100)) return 0;
  return !T.sweep || thesis_sizes || count <= SWEEP_COUNT;
}

static void announce(const char *what)
{
  if (T.verbose && T.rank == 0) { printf("# %s\n", what); fflush(stdout); }
}

static void test_cube(sk_group *g, const char *where)
{
  const sk_measurement *def = find("Bcast_Cube");
  sk_value args[2];
  char what[160];
  int i, k, failed, n = sk_tp_group_size(g);
  for (k = 0; k < NCUBE; k++) {
    long part = cube_parts[k];
    if (T.sweep && part != THESIS_CUBE_PART && part != 1000 && part != 4000000) continue;
    failed = 0;
    for (i = 0; i < NCOUNTS; i++) {
      long parts = parts_of(counts[i], part);
      long expect = n < 2 || parts == 0 ? 0 : parts + ceil_log2(n) - 1;
      if (!runs(counts[i], part, part == THESIS_CUBE_PART)) continue;
      args[0] = int_arg(counts[i]);
      args[1] = int_arg(part);
      sprintf(what, "%sBcast_Cube(%ld, %ld)", where, counts[i], part);
      announce(what);
      failed |= run_case(g, def, args, reps_for(counts[i]), expect, what);
    }
    sprintf(what, "%sBcast_Cube part_size=%ld: verified, rounds = parts + %d - 1", where,
            part, ceil_log2(n));
    agree(g, failed, what);
  }
}

/* DOPL on one grid: with the thesis' sizes only (all_sizes 0) or with all of them. In the
** sweep, `big` says whether the counts above 190000 run (thesis' sizes only). */
static void test_dopl_grid(sk_group *g, long rows, long cols, int all_sizes, int big)
{
  const sk_measurement *def = find("Bcast_DOPL");
  sk_value args[5];
  char what[160];
  int i, k, failed = 0;
  for (k = 0; k < (all_sizes ? NDOPL : 1); k++) {
    long part = dopl_sizes[k][0], pipe = dopl_sizes[k][1];
    if (T.sweep && all_sizes && part != THESIS_DOPL_PART && part != 1000 && part != 4000000) continue;
    for (i = 0; i < NCOUNTS; i++) {
      long part_bytes = part < counts[i] ? part : counts[i];
      if (!runs(counts[i], part, k == 0 && big)) continue;
      if (parts_of(counts[i], part) * parts_of(part_bytes, pipe) > 10000) continue;
      args[0] = int_arg(counts[i]);
      args[1] = int_arg(rows);
      args[2] = int_arg(cols);
      args[3] = int_arg(part);
      args[4] = int_arg(pipe);
      sprintf(what, "Bcast_DOPL(%ld, %ld, %ld, %ld, %ld)", counts[i], rows, cols, part, pipe);
      announce(what);
      failed |= run_case(g, def, args, reps_for(counts[i]), -1, what);
    }
  }
  sprintf(what, "Bcast_DOPL grid %ldx%ld: verified (%s)", rows, cols,
          all_sizes ? "several part/pipe sizes" : "part 8192, pipe 2048");
  agree(g, failed, what);
}

/* Every grid that fits n. Up to 8 processes all with every part/pipe size; above, the
** chains 1 x n and n x 1 and the squarest grid and its transpose get every size, the
** other grids the thesis' sizes. The sweep runs counts above 190000 on the squarest grid
** only. Last, 0 x 0: Bcast_DOPL picks the grid itself. */
static void test_dopl(sk_group *g)
{
  int n = sk_tp_group_size(g), rows, square = 1;
  for (rows = 1; rows * rows <= n; rows++) if (n % rows == 0) square = rows;
  for (rows = 1; rows <= n; rows++) {
    int principal = rows == 1 || rows == n || rows == square || rows == n / square;
    if (n % rows != 0) continue;
    test_dopl_grid(g, rows, n / rows, n <= 8 || principal, rows == square);
  }
  test_dopl_grid(g, 0, 0, 0, 0);
}

/* Bcast_DOPL_Grid: the squarest grid with the positions of ranks 1..n-1 reversed (rank r
** at position n - r; the root stays at position 0, where the map must put it), and on 12k
** processes the SCC thesis' layout of figure 4 (scc_grid_map); the thesis' part and pipe
** sizes, every count. */
static void test_dopl_mapped(sk_group *g)
{
  const sk_measurement *def = find("Bcast_DOPL_Grid");
  int n = sk_tp_group_size(g), rows, square = 1, layout, r, i, failed;
  sk_value args[6], map;
  char what[160];
  for (rows = 1; rows * rows <= n; rows++) if (n % rows == 0) square = rows;
  for (layout = 0; layout < 2; layout++) {
    if (layout == 1 && (n % 12 != 0 || n > 48)) continue;
    map = sk_iarray_new((size_t)n);
    for (r = 0; r < n; r++)
      sk_iarray_set(&map, (size_t)r, layout == 0 ? (r == 0 ? 0 : n - r) : (2 * (r / 12) + r % 2) * 6 + (r / 2) % 6);
    args[1] = int_arg(layout == 0 ? square : n / 6);
    args[2] = int_arg(layout == 0 ? n / square : 6);
    args[3] = int_arg(THESIS_DOPL_PART);
    args[4] = int_arg(THESIS_DOPL_PIPE);
    args[5] = map;
    failed = 0;
    for (i = 0; i < NCOUNTS; i++) {
      if (!runs(counts[i], THESIS_DOPL_PART, 0)) continue;
      args[0] = int_arg(counts[i]);
      sprintf(what, "Bcast_DOPL_Grid(%ld, %ld, %ld, 8192, 2048, %s map)", counts[i], args[1].u.i,
              args[2].u.i, layout == 0 ? "reversed" : "SCC");
      announce(what);
      failed |= run_case(g, def, args, reps_for(counts[i]), -1, what);
    }
    sprintf(what, "Bcast_DOPL_Grid %ldx%ld, %s map: verified", args[1].u.i, args[2].u.i,
            layout == 0 ? "reversed" : "SCC (scc_grid_map)");
    agree(g, failed, what);
  }
}

static void test_simple_bcast(sk_group *g, const char *name, const char *where)
{
  const sk_measurement *def = find(name);
  sk_value args[1];
  char what[160];
  int i, failed = 0;
  for (i = 0; i < NCOUNTS; i++) {
    if (!runs(counts[i], MAX_COUNT, 0)) continue;
    args[0] = int_arg(counts[i]);
    sprintf(what, "%s%s(%ld)", where, name, counts[i]);
    announce(what);
    failed |= run_case(g, def, args, reps_for(counts[i]), -1, what);
  }
  sprintf(what, "%s%s: verified", where, name);
  agree(g, failed, what);
}

/* Bytes the ping-pong partners send: rank-specific, so that the receiver can tell. */
static unsigned char pingpong_byte(int rank, size_t i)
{
  return (unsigned char)((i * 7 + (size_t)rank * 101 + i / 253) & 0xff);
}

static void test_pingpong(const char *name)
{
  const sk_measurement *def = find(name);
  sk_group *g = sk_tp_world();
  static const long sizes[] = { 0, 1, 4096, 8193, 190000 };
  sk_value args[2];
  sk_mctx m;
  char what[160];
  int s, failed = 0;
  size_t i;
  if (T.size < def->min_procs) return;
  for (s = 0; s < (int)(sizeof sizes / sizeof sizes[0]); s++) {
    double t;
    memset(&m, 0, sizeof m);
    m.settings = &test_settings;
  m.settings = &test_settings;
    m.group = g;
    m.rank = T.rank;
    m.size = T.size;
    m.send_buf = T.send_buf;
    m.recv_buf = T.recv_buf;
    args[0] = int_arg(sizes[s]);
    args[1] = int_arg(5);
    sk_mctx_bind(def, &m, args);
    def->init(&m, args);
    for (i = 0; i < (size_t)sizes[s]; i++) {
      T.send_buf[i] = (char)pingpong_byte(T.rank, i);
      T.recv_buf[i] = 0;
    }
    t = def->measure(&m, args);
    if (m.failed || (T.rank <= 1 && t < 0.0) || (T.rank > 1 && t != -1.0)) {
      printf("FAIL %s n=%d rank %d %s(%ld, 5): time %g %s\n", T.label, T.size, T.rank, name,
             sizes[s], t, m.fail_msg);
      failed = 1;
    }
    if (T.rank <= 1)
      for (i = 0; i < (size_t)sizes[s]; i++)
        if ((unsigned char)T.recv_buf[i] != pingpong_byte(1 - T.rank, i)) {
          printf("FAIL %s n=%d rank %d %s(%ld, 5): wrong byte %lu\n", T.label, T.size, T.rank,
                 name, sizes[s], (unsigned long)i);
          failed = 1;
          break;
        }
  }
  sprintf(what, "%s: data and times of counts 0..190000", name);
  agree(g, failed, what);
}

/* The verify mode must catch a wrong byte, and name it. */
static void test_verify_catches(void)
{
  const sk_measurement *def = find("Bcast_Cube");
  sk_group *g = sk_tp_world();
  sk_value args[2];
  sk_mctx m;
  int failed = 0, victim = T.size - 1;
  char *buf;
  memset(&m, 0, sizeof m);
  m.settings = &test_settings;
  m.group = g;
  m.rank = T.rank;
  m.size = T.size;
  m.send_buf = T.send_buf;
  m.recv_buf = T.recv_buf;
  args[0] = int_arg(50000);
  args[1] = int_arg(4096);
  sk_mctx_bind(def, &m, args);
  def->init(&m, args);
  def->measure(&m, args);
  if (m.failed) failed = 1;
  buf = T.rank == 0 ? T.send_buf : T.recv_buf;
  if (T.rank == victim) {
    buf[4242] = (char)~buf[4242];
    bca_end_call(&m, (bca_state *)m.state, "Bcast_Cube", buf);
    if (!m.failed || strstr(m.fail_msg, "byte 4242 of 50000") == NULL) {
      printf("FAIL %s n=%d rank %d: verify missed a corrupted byte (%s)\n", T.label, T.size,
             T.rank, m.fail_msg);
      failed = 1;
    } else if (T.verbose) {
      printf("# rank %d: verify says: %s\n", T.rank, m.fail_msg);
    }
  }
  def->finalize(&m, args);
  agree(g, failed, "verify mode catches and names a corrupted byte");
}

/* A grid that does not fit must fail in init, on every process, with a clear message. */
static void test_dopl_bad_grid(void)
{
  const sk_measurement *def = find("Bcast_DOPL");
  sk_value args[5];
  sk_mctx m;
  int failed = 0;
  memset(&m, 0, sizeof m);
  m.settings = &test_settings;
  m.group = sk_tp_world();
  m.rank = T.rank;
  m.size = T.size;
  args[0] = int_arg(1000);
  args[1] = int_arg(T.size + 1);
  args[2] = int_arg(2);
  args[3] = int_arg(4096);
  args[4] = int_arg(1024);
  sk_mctx_bind(def, &m, args);
  def->init(&m, args);
  if (!m.failed || strstr(m.fail_msg, "does not fit") == NULL) {
    printf("FAIL %s n=%d rank %d: Bcast_DOPL accepted a %dx2 grid (%s)\n", T.label, T.size,
           T.rank, T.size + 1, m.fail_msg);
    failed = 1;
  } else if (T.verbose && T.rank == 0) {
    printf("# init says: %s\n", m.fail_msg);
  }
  if (def->finalize) def->finalize(&m, args);
  agree(sk_tp_world(), failed, "Bcast_DOPL refuses a grid that does not fit");
}

/* Broadcasts on groups whose ranks are not the world's: all processes in reverse order
** (the root is the last UE), and the odd world ranks (the others do not take part). */
static void test_groups(void)
{
  int *ranks = (int *)sk_malloc(sizeof(int) * (size_t)T.size), i, n;
  sk_group *g;
  const sk_measurement *cube = find("Bcast_Cube"), *library = find("Bcast_Library");
  sk_value args[2];
  int failed = 0;
  if (T.size < 3) { free(ranks); return; }
  for (i = 0; i < T.size; i++) ranks[i] = T.size - 1 - i;
  g = sk_tp_group_create(ranks, T.size);
  if (sk_tp_group_create(ranks, T.size) != g) {
    printf("FAIL %s rank %d: the same rank list gave another group\n", T.label, T.rank);
    failed = 1;
  }
  args[0] = int_arg(50000);
  args[1] = int_arg(4096);
  failed |= run_case(g, cube, args, 2, parts_of(50000, 4096) + ceil_log2(T.size) - 1,
                     "reversed group: Bcast_Cube(50000, 4096)");
  failed |= run_case(g, library, args, 2, -1, "reversed group: Bcast_Library(50000)");
  agree(g, failed, "group in reverse rank order: Bcast_Cube and Bcast_Library verified");
  for (i = 1, n = 0; i < T.size; i += 2) ranks[n++] = i;
  g = sk_tp_group_create(ranks, n);
  if (sk_tp_group_rank(g) >= 0) {
    test_simple_bcast(g, "Bcast_Library", "odd ranks: ");
    test_cube(g, "odd ranks: ");
  }
  free(ranks);
}

static int wanted(const char *section)
{
  return T.only == NULL || strcmp(T.only, section) == 0;
}

int main(int argc, char **argv)
{
  char version[200];
  double summary[2], counted[2], *all;
  int i;
  sk_tp_start(&argc, &argv);
  T.rank = sk_tp_world_rank();
  T.size = sk_tp_world_size();
  T.label = argc > 1 ? argv[1] : SK_BACKEND_NAME;
  for (i = 2; i < argc; i++) {
    if (strcmp(argv[i], "-v") == 0) T.verbose = 1;
    else if (strcmp(argv[i], "-only") == 0 && i + 1 < argc) T.only = argv[++i];
    else if (strcmp(argv[i], "-sweep") == 0) T.sweep = 1;
  }
  T.send_buf = (char *)sk_malloc((size_t)MAX_COUNT);
  T.recv_buf = (char *)sk_malloc((size_t)MAX_COUNT);
  test_settings.verify = 1;
  if (T.rank == 0) {
    sk_tp_library_version(version, sizeof version);
    printf("# %s: %d processes, %s backend, %s, wtick %g s\n", T.label, T.size, SK_BACKEND_NAME,
           version, sk_tp_wtick());
    fflush(stdout);
  }
  if (wanted("cube")) test_cube(sk_tp_world(), "");
  if (wanted("dopl")) test_dopl(sk_tp_world());
  if (wanted("dopl")) test_dopl_mapped(sk_tp_world());
  if (wanted("linear")) test_simple_bcast(sk_tp_world(), "Bcast_Linear", "");
  if (wanted("library")) test_simple_bcast(sk_tp_world(), "Bcast_Library", "");
  if (wanted("pingpong")) {
    test_pingpong("Pingpong_Blocking");
    test_pingpong("Pingpong_Nonblocking");
  }
  if (wanted("checks")) {
    test_verify_catches();
    test_dopl_bad_grid();
  }
  if (wanted("groups")) test_groups();
  /* Groups of cases were counted by the rank 0 of their group: add them up. */
  counted[0] = T.failures;
  counted[1] = T.checks;
  all = (double *)sk_malloc(sizeof(double) * 2 * (size_t)T.size);
  sk_tp_gather_doubles(sk_tp_world(), counted, 2, all, 0);
  summary[0] = summary[1] = 0.0;
  if (T.rank == 0)
    for (i = 0; i < T.size; i++) {
      summary[0] += all[2 * i];
      summary[1] += all[2 * i + 1];
    }
  free(all);
  sk_tp_bcast(sk_tp_world(), summary, sizeof summary, 0);
  if (T.rank == 0) {
    printf("%s %s n=%d: %d of %d groups of cases passed\n", summary[0] != 0.0 ? "FAIL" : "ok",
           T.label, T.size, (int)(summary[1] - summary[0]), (int)summary[1]);
    fflush(stdout);
  }
  free(T.send_buf);
  free(T.recv_buf);
  sk_tp_finish();
  return summary[0] != 0.0 ? 1 : 0;
}
