/*
** transport_mpi.c -- the transport contract over MPI (the default backend).
** Uses MPI-1.1 calls only, except where SK_MPI_LEVEL says the library has more
** (MPI_Comm_get_attr, and MPI_Init_thread and MPI_Query_thread for the thread level that
** SKAMPI_THREAD_LEVEL asks, for MPI-2 and later; MPI_Get_library_version for MPI-3).
** Every group holds two communicators: `control` for skampi's own messages (decisions,
** gathers, result forwarding) and `measure` for the measurement functions, so that no
** measurement can ever match a control message.
** On an oversubscribed host (sk_host_crowded) the control collectives (barrier,
** broadcast, gather) are point-to-point messages that skampi waits for with MPI_Testall,
** yielding the processor in between (sk_host_idle): the library's own collectives would
** busy-poll under MPICH and take the processor from the process they wait for.
** Under a simulator (SK_SIMULATED) no communicator is duplicated (TPM_SHARED_COMMS below).
*/
#include "transport.h"
#include "library_polling.h"
#include "clock_skew.h"

#ifdef SKAMPI_MPI

#if defined(__unix__) || defined(__unix) || defined(__APPLE__) || defined(__linux__)
#include <sys/time.h>
#define TPM_WALL_CLOCK 1
#endif

/* Under a simulator every rank is a thread of one process, which holds every rank's
** communicators: SimGrid SMPI 3.32 gives each rank's duplicate of MPI_COMM_WORLD two
** tables of P entries (P^2 in all; the three duplicates skampi made, control, measure and
** ending, were 48 bytes per pair of ranks: 16 GB at 16,384 ranks), and MPI_COMM_SELF (or a
** copy of it) a table as long as the rank's actor number (P / 2 on average). There the
** world group uses MPI_COMM_WORLD itself for control, measurement and the ending, every
** other group one communicator for both, the self group MPI_COMM_SELF from its first
** use, and the world's member list is made only when asked for. No message can be taken
** for another kind's:
** - control traffic is collective only (no simulated host is crowded: oversub.c), and
**   SMPI's collectives send with negative tags, which no MPI_ANY_TAG receive matches
**   (SMPI matches MPI_ANY_TAG with tags >= 0 only); every process calls the collectives
**   of a communicator in the same order (MPI 4.0 standard section 6.14), control and
**   measured ones alike, and a measurement completes its requests before its ballot;
** - skampi's point-to-point messages (TPM_TAG: results forwarded, clock offsets) travel on
**   the measurement communicator on real hosts too;
** - the ending's words (TPM_ENDING_TAG) follow an error. When it was every process's,
**   each has passed the agreement after its last measurement, so no measurement's
**   receive is pending; when it was one process's alone, rank 0 may still wait in a
**   measurement's MPI_ANY_TAG receive from it (Pingpong_Send_Recv_AT, Master_Worker)
**   and take the word: the process that erred then waits out its deadline and aborts the
**   run, which is what a run gone apart ends with anyway. */
#if SK_SIMULATED
#define TPM_SHARED_COMMS 1
#else
#define TPM_SHARED_COMMS 0
#endif

struct sk_group {
  int size, rank;          /* rank -1: not a member */
  int *members;            /* world ranks */
  MPI_Comm control, measure;
  struct sk_group *next;   /* registry of all groups created in this run */
};

static struct {
  int rank, size;
  sk_group *world;
  sk_group *self;          /* MPI_COMM_SELF's group, outside the registry */
  sk_group *groups;
  MPI_Comm ending;          /* sk_tp_end_alike's channel: a copy of MPI_COMM_WORLD */
  int owns_mpi;             /* MPI_Init was ours: sk_tp_finish calls MPI_Finalize (a library
                            ** user who initialised MPI before skampi_begin finalizes it) */
} tpm;

static void tpm_check(int err, const char *what)
{
  if (err != MPI_SUCCESS) {
    char msg[160];
    sprintf(msg, "skampi: %.100s failed (MPI error %d)", what, err);
    sk_tp_abort(SK_EXIT_INTERNAL, msg);
  }
}

static int tp_started;

SK_API int sk_tp_started(void) { return tp_started; }

/* sk_tp_start_ms: the wall clock around MPI_Init, where the platform has gettimeofday. */
static double tpm_start_ms = -1.0;

static double tpm_wall_ms(void)
{
#ifdef TPM_WALL_CLOCK
  struct timeval tv;
  if (gettimeofday(&tv, NULL) == 0) return (double)tv.tv_sec * 1e3 + (double)tv.tv_usec * 1e-3;
#endif
  return -1.0;
}

SK_API double sk_tp_start_ms(void) { return tpm_start_ms; }

/* ---- library errors returned, not fatal (transport.h, sk_tp_take_error) ---- */

#define TPM_ERROR_SIZE 256
static char *tpm_error;   /* made at the first error (config.h, "writable data") */
static int tpm_error_set;

static void tpm_note_error(int code)
{
  char s[MPI_MAX_ERROR_STRING + 1];
  int len = 0, i;
  if (tpm_error_set) return;     /* the first one: the later ones follow from it */
  if (MPI_Error_string(code, s, &len) != MPI_SUCCESS || len < 0 || len > MPI_MAX_ERROR_STRING) len = 0;
  s[len] = '\0';
  for (i = 0; i < len; i++) if (s[i] == '\n' || s[i] == '\r' || s[i] == '\t') s[i] = ' ';
  if (len == 0) sprintf(s, "MPI error %d", code);
  if (tpm_error == NULL) tpm_error = (char *)sk_malloc(TPM_ERROR_SIZE);
  sk_copy_string(tpm_error, TPM_ERROR_SIZE, s);
  tpm_error_set = 1;
}

static void tpm_comm_error(MPI_Comm *comm, int *code, ...)
{
  (void)comm;
  tpm_note_error(*code);
}

static MPI_Errhandler tpm_comm_handler = MPI_ERRHANDLER_NULL;

/* Errors on comm (a measurement communicator) are recorded and returned. */
static void tpm_errors_return(MPI_Comm comm)
{
  if (comm == MPI_COMM_NULL) return;
#if SK_MPI_LEVEL >= 2 || SK_MPI_REPLACED_NAMES   /* MPI-3 removed the MPI-1 names (config.h) */
  if (tpm_comm_handler == MPI_ERRHANDLER_NULL) tpm_check(MPI_Comm_create_errhandler(tpm_comm_error, &tpm_comm_handler), "MPI_Comm_create_errhandler");
  tpm_check(MPI_Comm_set_errhandler(comm, tpm_comm_handler), "MPI_Comm_set_errhandler");
#else
  if (tpm_comm_handler == MPI_ERRHANDLER_NULL) tpm_check(MPI_Errhandler_create(tpm_comm_error, &tpm_comm_handler), "MPI_Errhandler_create");
  tpm_check(MPI_Errhandler_set(comm, tpm_comm_handler), "MPI_Errhandler_set");
#endif
}

#if SK_MPI_LEVEL >= 2
static void tpm_win_error(MPI_Win *win, int *code, ...)
{
  (void)win;
  tpm_note_error(*code);
}
#endif

#if SK_MPI_LEVEL >= 2
SK_API void sk_tp_errors_return_win(void *win)
{
  static MPI_Errhandler handler = MPI_ERRHANDLER_NULL;
  MPI_Win *w = (MPI_Win *)win;
  if (*w == MPI_WIN_NULL) return;
  if (handler == MPI_ERRHANDLER_NULL && MPI_Win_create_errhandler(tpm_win_error, &handler) != MPI_SUCCESS) return;
  MPI_Win_set_errhandler(*w, handler);
}
#endif


SK_API int sk_tp_take_error(char *msg, size_t size)
{
  if (!tpm_error_set) return 0;
  sk_copy_string(msg, size, tpm_error);
  tpm_error_set = 0;
  return 1;
}

/* The thread level asked (SKAMPI_THREAD_LEVEL) and granted (transport.h). */
static int tpm_thread_asked = SK_THREAD_UNASKED, tpm_thread_granted = SK_THREAD_UNKNOWN;
static const char *const tpm_thread_words[] = { "single", "funneled", "serialized", "multiple" };

SK_API int sk_tp_thread_asked(void) { return tpm_thread_asked; }
#if SK_MPI_LEVEL >= 2
static int tpm_thread_ask = SK_THREAD_UNASKED;   /* sk_tp_thread_ask's level */
SK_API void sk_tp_thread_ask(int level) { tpm_thread_ask = level; }
#endif
SK_API int sk_tp_thread_granted(void) { return tpm_thread_granted; }

SK_API const char *sk_tp_thread_level_name(int level)
{
  static const char *const names[] = { "MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED", "MPI_THREAD_SERIALIZED",
                                       "MPI_THREAD_MULTIPLE" };
  return level >= SK_THREAD_SINGLE && level <= SK_THREAD_MULTIPLE ? names[level] : "unknown";
}

/* SKAMPI_THREAD_LEVEL's level; SK_THREAD_UNASKED when unset or empty, and when it names
** no level (*bad set then). */
static int tpm_thread_level_of_env(int *bad)
{
  const char *v = getenv("SKAMPI_THREAD_LEVEL");
  int i;
  *bad = 0;
  if (v == NULL || *v == '\0') return SK_THREAD_UNASKED;
  for (i = SK_THREAD_SINGLE; i <= SK_THREAD_MULTIPLE; i++)
    if (sk_streq(v, tpm_thread_words[i])) return i;
  *bad = 1;
  return SK_THREAD_UNASKED;
}

/* MPI_Init, or MPI_Init_thread with the level SKAMPI_THREAD_LEVEL asks (MPI-2 and later);
** rank 0 warns about a variable that asks nothing. */
static void tpm_init(int *argc, char ***argv)
{
  int bad = 0, rank = 0;
  int asked = tpm_thread_level_of_env(&bad);
#if SK_MPI_LEVEL >= 2
  static const int mpi_levels[] = { MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED, MPI_THREAD_SERIALIZED,
                                    MPI_THREAD_MULTIPLE };
  int provided = MPI_THREAD_SINGLE, i;
  if (asked == SK_THREAD_UNASKED && !bad) asked = tpm_thread_ask;
  if (asked == SK_THREAD_UNASKED) {
    tpm_check(MPI_Init(argc, argv), "MPI_Init");
    MPI_Query_thread(&provided);
  } else {
    tpm_check(MPI_Init_thread(argc, argv, mpi_levels[asked], &provided), "MPI_Init_thread");
  }
  for (i = SK_THREAD_SINGLE; i <= SK_THREAD_MULTIPLE; i++)
    if (provided == mpi_levels[i]) tpm_thread_granted = i;
  tpm_thread_asked = asked;
#else
  tpm_check(MPI_Init(argc, argv), "MPI_Init");
#endif
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank != 0) return;
  if (bad)
    fprintf(stderr, "skampi: warning: SKAMPI_THREAD_LEVEL=%s is none of single, funneled, serialized, "
                    "multiple; MPI_Init was called\n", getenv("SKAMPI_THREAD_LEVEL"));
  else if (asked != SK_THREAD_UNASKED && SK_MPI_LEVEL < 2)
    fprintf(stderr, "skampi: warning: SKAMPI_THREAD_LEVEL=%s is ignored: the MPI-1 build calls MPI_Init\n",
            tpm_thread_words[asked]);
}

#if SK_SIMULATED
/* Rank 0 under a simulator: the memory mappings of the simulator's process (every rank's
** stack and privatised data: about 3 per rank with mmap privatisation, 8 with dlopen)
** against the kernel's limit, vm.max_map_count. Past it a mapping fails and the
** simulator ends; skampi sees the count only once every rank is started, so the check
** before a run is tools/smpi/max_maps.sh's, and this warns when the run holds over 90%. */
static void tpm_sim_maps_warning(void)
{
  FILE *f = fopen("/proc/sys/vm/max_map_count", "r");
  long limit = 0, n = 0;
  int c;
  if (f == NULL) return;
  if (fscanf(f, "%ld", &limit) != 1) limit = 0;
  fclose(f);
  if (limit <= 0 || (f = fopen("/proc/self/maps", "r")) == NULL) return;
  while ((c = fgetc(f)) != EOF) if (c == '\n') n++;
  fclose(f);
  if (n > limit / 10 * 9)
    fprintf(stderr, "skampi: warning: the simulator's process holds %ld memory mappings for %d ranks, of the %ld "
                    "vm.max_map_count allows: more ranks, or more memory mapped, fail (tools/smpi/max_maps.sh P "
                    "says the setting to make; doc/simulated.md)\n", n, tpm.size, limit);
}
#endif

SK_API void sk_tp_start(int *argc, char ***argv)
{
  int i, initialised = 0;
  MPI_Initialized(&initialised);
  tpm.owns_mpi = !initialised;
  if (tpm.owns_mpi) {   /* else the library's user started MPI, at the thread level it chose */
    double before;
    sk_lib_polling_before_init();   /* may set the library's yield-when-idle first */
    sk_host_breaker_prepare();      /* the library's threads must not take the breaker's signal */
    before = tpm_wall_ms();
    tpm_init(argc, argv);
    if (before >= 0.0) tpm_start_ms = tpm_wall_ms() - before;
  }
  tp_started = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &tpm.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &tpm.size);
  sk_skew_init(tpm.rank, MPI_Wtime());
  tpm.world = (sk_group *)sk_calloc(1, sizeof *tpm.world);
  tpm.world->size = tpm.size;
  tpm.world->rank = tpm.rank;
  tpm.groups = tpm.world;
  tpm.self = (sk_group *)sk_calloc(1, sizeof *tpm.self);
  tpm.self->size = 1;
  tpm.self->rank = 0;
  tpm.self->members = (int *)sk_malloc(sizeof(int));
  tpm.self->members[0] = tpm.rank;
#if TPM_SHARED_COMMS
  (void)i;
  if (tpm.rank == 0) tpm_sim_maps_warning();
  tpm.world->control = tpm.world->measure = tpm.ending = MPI_COMM_WORLD;
  tpm.self->control = tpm.self->measure = MPI_COMM_NULL;   /* MPI_COMM_SELF on first use */
#else
  tpm.world->members = (int *)sk_malloc(sizeof(int) * (size_t)tpm.size);
  for (i = 0; i < tpm.size; i++) tpm.world->members[i] = i;
  tpm_check(MPI_Comm_dup(MPI_COMM_WORLD, &tpm.world->control), "MPI_Comm_dup");
  tpm_check(MPI_Comm_dup(MPI_COMM_WORLD, &tpm.world->measure), "MPI_Comm_dup");
  tpm_check(MPI_Comm_dup(MPI_COMM_WORLD, &tpm.ending), "MPI_Comm_dup");
  tpm_check(MPI_Comm_dup(MPI_COMM_SELF, &tpm.self->control), "MPI_Comm_dup");
  tpm_check(MPI_Comm_dup(MPI_COMM_SELF, &tpm.self->measure), "MPI_Comm_dup");
#endif
  tpm_errors_return(tpm.world->measure);
  tpm_errors_return(tpm.self->measure);
  if (tpm.owns_mpi) {   /* an invalid handle's error goes to these (a window that was not made); */
    tpm_errors_return(MPI_COMM_WORLD);   /* after the copies above: skampi's own stay fatal */
#if !TPM_SHARED_COMMS   /* there MPI_COMM_SELF's on its first use (tpm_control) */
    tpm_errors_return(MPI_COMM_SELF);
#endif
  }
  /* MPI-IO files keep the library's default (MPI_ERRORS_RETURN) for now: with a recording
  ** handler as their default MPICH 4.0 failed an assertion on the handler's reference count
  ** at 4 processes, and Open MPI's MPI_IO_read_random reported MPI_ERR_READ_ONLY, an error
  ** the measurement ignores today (doc/manual.md, exit status 6) */
}

/* A group's members (world ranks); the world's list is made on the first request where
** TPM_SHARED_COMMS (P entries on every rank otherwise). */
static const int *tpm_members(const sk_group *g)
{
#if TPM_SHARED_COMMS
  if (g == tpm.world && g->members == NULL) {
    int i;
    tpm.world->members = (int *)sk_malloc(sizeof(int) * (size_t)tpm.size);
    for (i = 0; i < tpm.size; i++) tpm.world->members[i] = i;
  }
#endif
  return g->members;
}

/* The group's control and measurement communicators; the self group's are MPI_COMM_SELF
** from their first use where TPM_SHARED_COMMS: SMPI makes MPI_COMM_SELF on its first use,
** every rank's with a table as long as its actor number, P^2 / 2 entries in all (136 MB
** at 8,192 ranks for one MPI_Comm_rank on it), so simulated ranks touch it only when a
** measurement runs on it (its error handler is set then). */
static MPI_Comm tpm_control(sk_group *g)
{
#if TPM_SHARED_COMMS
  if (g == tpm.self && g->control == MPI_COMM_NULL) {
    g->control = g->measure = MPI_COMM_SELF;
    tpm_errors_return(MPI_COMM_SELF);
  }
#endif
  return g->control;
}

static MPI_Comm tpm_measure(sk_group *g)
{
  tpm_control(g);
  return g->measure;
}

/* Frees c unless it is the library's own or already freed (where TPM_SHARED_COMMS a
** group's two communicators may be one). */
static void tpm_comm_free(MPI_Comm *c)
{
  if (*c != MPI_COMM_NULL && *c != MPI_COMM_WORLD && *c != MPI_COMM_SELF) MPI_Comm_free(c);
  *c = MPI_COMM_NULL;
}

static void tpm_free_group(sk_group *g)
{
  if (g->measure == g->control) g->measure = MPI_COMM_NULL;
  tpm_comm_free(&g->control);
  tpm_comm_free(&g->measure);
  free(g->members);
  free(g);
}

/* The groups' communicators go back to the library before MPI_Finalize (every process
** ends here alike, as MPI_Comm_free is collective); the registry goes with them, and
** so does MPI_COMM_SELF's group, which lives outside it. */
static void tpm_free_groups(void)
{
  sk_group *g = tpm.groups, *next;
  for (; g; g = next) {
    next = g->next;
    tpm_free_group(g);
  }
  if (tpm.self) tpm_free_group(tpm.self);
  tpm.groups = NULL;
  tpm.world = NULL;
  tpm.self = NULL;
}

/* SKAMPI_FINALIZE_TIMEOUT: seconds MPI_Finalize may take; unset or malformed: the
** default; 0: no limit. */
#define TPM_FINALIZE_TIMEOUT_DEFAULT 20
static unsigned tpm_finalize_timeout(void)
{
#if SK_SIMULATED
  return 0;   /* one process holds every simulated rank: a real-time alarm would end them all */
#endif
  return (unsigned)sk_env_long("SKAMPI_FINALIZE_TIMEOUT", 0, 86400L, TPM_FINALIZE_TIMEOUT_DEFAULT);
}

/* MPI_Finalize, bounded: every result is written when a run gets here, and a library
** whose MPI_Finalize never returns must not keep the run (MPICH 4.0 over UCX's TCP
** transport: a process waits in closing its endpoints for a peer that already waits in
** the process manager's barrier, and all wait forever; doc/manual.md, "Several hosts on
** one machine"). After SKAMPI_FINALIZE_TIMEOUT seconds the process says so and ends with status 0. */
static void tpm_finalize(void)
{
  char msg[300];
  unsigned limit = tpm_finalize_timeout();
  sprintf(msg, "skampi: warning: rank %d: MPI_Finalize did not return within %u s; every result "
               "is written, so this process ends here (status 0; SKAMPI_FINALIZE_TIMEOUT sets "
               "the limit, 0 waits for ever)\n", tpm.rank, limit);
  sk_host_deadline_start(limit, msg);
  MPI_Finalize();
  sk_host_deadline_stop();
}

SK_API void sk_tp_finish(void)
{
  int flag = 0;
  MPI_Initialized(&flag);
  if (flag) {
    sk_host_breaker_stop();       /* before the deadline: both use SIGALRM */
    tpm_comm_free(&tpm.ending);
    tpm_free_groups();
    if (tpm.owns_mpi) tpm_finalize();
  }
}

SK_API void sk_tp_abort(int status, const char *msg)
{
  fflush(stdout);
  if (msg) fprintf(stderr, "%s\n", msg);
  fflush(stderr);
  sk_host_let_output_drain(2.0);   /* the launcher would drop what it had not read */
  sk_host_breaker_stop();
  MPI_Abort(MPI_COMM_WORLD, status);
  exit(status);
}

/* Rank 0 waits for a word from every other process, the others for rank 0's answer,
** each until the deadline (nonblocking operations tested with short naps: a process
** that never comes must not keep the others). */
#define TPM_ENDING_TAG 4713
SK_API int sk_tp_end_alike(double seconds)
{
  int word = 1, answer = 0, done = 0, i, n = tpm.size - 1;
  double deadline = MPI_Wtime() + seconds;
  if (n < 1 || tpm.ending == MPI_COMM_NULL) return 1;
  if (tpm.rank == 0) {
    MPI_Request *reqs = (MPI_Request *)sk_malloc(sizeof(MPI_Request) * (size_t)n);
    MPI_Status *stats = (MPI_Status *)sk_malloc(sizeof(MPI_Status) * (size_t)n);
    int *words = (int *)sk_malloc(sizeof(int) * (size_t)n);
    for (i = 0; i < n; i++) MPI_Irecv(&words[i], 1, MPI_INT, i + 1, TPM_ENDING_TAG, tpm.ending, &reqs[i]);
    for (;;) {
      MPI_Testall(n, reqs, &done, stats);
      if (done || MPI_Wtime() > deadline) break;
      sk_host_nap();
    }
    answer = done;
    if (done) for (i = 0; i < n; i++) MPI_Send(&answer, 1, MPI_INT, i + 1, TPM_ENDING_TAG, tpm.ending);
    free(reqs);
    free(stats);
    free(words);
    return done;
  } else {
    MPI_Request sent, got;
    MPI_Status st;
    MPI_Isend(&word, 1, MPI_INT, 0, TPM_ENDING_TAG, tpm.ending, &sent);
    MPI_Irecv(&answer, 1, MPI_INT, 0, TPM_ENDING_TAG, tpm.ending, &got);
    for (;;) {
      MPI_Test(&got, &done, &st);
      if (done || MPI_Wtime() > deadline) break;
      sk_host_nap();
    }
    if (!done) return 0;
    MPI_Wait(&sent, &st);
    return answer;
  }
}

SK_API int sk_tp_world_rank(void) { return tpm.rank; }
SK_API int sk_tp_world_size(void) { return tpm.size; }
SK_API sk_group *sk_tp_world(void) { return tpm.world; }
SK_API sk_group *sk_tp_self(void) { return tpm.self; }

SK_API sk_group *sk_tp_group_create(const int *world_ranks, int n)
{
  sk_group *g;
  int i, pos = -1;
  for (g = tpm.groups; g; g = g->next)
    if (g->size == n && memcmp(tpm_members(g), world_ranks, sizeof(int) * (size_t)n) == 0) return g;
  for (i = 0; i < n; i++) if (world_ranks[i] == tpm.rank) pos = i;
  g = (sk_group *)sk_calloc(1, sizeof *g);
  g->size = n;
  g->rank = pos;
  g->members = (int *)sk_malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
  memcpy(g->members, world_ranks, sizeof(int) * (size_t)n);
  /* Collective over the world: everybody takes part, non-members get MPI_COMM_NULL. */
  tpm_check(MPI_Comm_split(tpm.world->control, pos >= 0 ? 0 : MPI_UNDEFINED, pos, &g->control),
            "MPI_Comm_split");
  g->measure = MPI_COMM_NULL;
  if (pos >= 0 && TPM_SHARED_COMMS) g->measure = g->control;
  else if (pos >= 0) tpm_check(MPI_Comm_dup(g->control, &g->measure), "MPI_Comm_dup");
  tpm_errors_return(g->measure);
  g->next = tpm.groups;
  tpm.groups = g;
  return g;
}

SK_API int sk_tp_group_rank(const sk_group *g) { return g->rank; }
SK_API int sk_tp_group_size(const sk_group *g) { return g->size; }
SK_API int sk_tp_group_world_rank(const sk_group *g, int rank) { return g == tpm.world ? rank : g->members[rank]; }
SK_API const int *sk_tp_group_members(const sk_group *g) { return tpm_members(g); }
SK_API MPI_Comm sk_tp_group_mpi_comm(const sk_group *g) { return tpm_measure((sk_group *)g); }

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 3 && defined(MPI_T_CVAR_HANDLE_NULL)   /* SK_HAVE_MPIT_CVARS (libsettings.h) */
SK_API void sk_tp_group_renew_measure(sk_group *g)
{
  MPI_Comm control = tpm_control(g);
  if (control == MPI_COMM_NULL) return;
  if (g->measure != control) tpm_comm_free(&g->measure);
  tpm_check(MPI_Comm_dup(control, &g->measure), "MPI_Comm_dup");
  tpm_errors_return(g->measure);
}
#endif

#define TPM_TAG 4711

SK_API void sk_tp_send(sk_group *g, int dest, const void *buf, size_t n)
{
  tpm_check(MPI_Send((void *)buf, (int)n, MPI_BYTE, dest, TPM_TAG, tpm_measure(g)), "MPI_Send");
}

SK_API void sk_tp_recv(sk_group *g, int src, void *buf, size_t n)
{
  MPI_Status st;
  tpm_check(MPI_Recv(buf, (int)n, MPI_BYTE, src, TPM_TAG, tpm_measure(g), &st), "MPI_Recv");
}

SK_API void sk_tp_isend(sk_group *g, int dest, const void *buf, size_t n, sk_request *req)
{
  req->active = 1;
  tpm_check(MPI_Isend((void *)buf, (int)n, MPI_BYTE, dest, TPM_TAG, tpm_measure(g), &req->mpi), "MPI_Isend");
}

SK_API void sk_tp_irecv(sk_group *g, int src, void *buf, size_t n, sk_request *req)
{
  req->active = 1;
  tpm_check(MPI_Irecv(buf, (int)n, MPI_BYTE, src, TPM_TAG, tpm_measure(g), &req->mpi), "MPI_Irecv");
}

SK_API void sk_tp_wait(sk_request *req)
{
  MPI_Status st;
  if (!req->active) return;
  tpm_check(MPI_Wait(&req->mpi, &st), "MPI_Wait");
  req->active = 0;
}

SK_API int sk_tp_test(sk_request *req)
{
  MPI_Status st;
  int flag = 0;
  if (!req->active) return 1;
  tpm_check(MPI_Test(&req->mpi, &flag, &st), "MPI_Test");
  if (flag) req->active = 0;
  return flag;
}

#define TPM_CONTROL_TAG 4712

/* Completes n requests, polling and yielding (MPI-1.1: MPI_Testall). */
static void tpm_wait_yielding(MPI_Request *reqs, int n)
{
  double since = MPI_Wtime();
  int done = 0;
  MPI_Status *st = (MPI_Status *)sk_malloc(sizeof(MPI_Status) * (size_t)(n > 0 ? n : 1));
#if SK_SIMULATED
  tpm_check(MPI_Waitall(n, reqs, st), "MPI_Waitall");   /* no processor to yield in a simulation */
  free(st);
  return;
#endif
  for (;;) {
    tpm_check(MPI_Testall(n, reqs, &done, st), "MPI_Testall");
    if (done) break;
    sk_host_idle(MPI_Wtime() - since);
  }
  free(st);
}

/* The crowded gather: every member sends its n bytes to root (linear). */
static void tpm_gather_yielding(sk_group *g, const void *mine, size_t n, void *all, int root)
{
  MPI_Request *reqs;
  int i, k = 0;
  if (g->rank != root) {
    MPI_Request r;
    tpm_check(MPI_Isend((void *)mine, (int)n, MPI_BYTE, root, TPM_CONTROL_TAG, tpm_control(g), &r), "MPI_Isend");
    tpm_wait_yielding(&r, 1);
    return;
  }
  reqs = (MPI_Request *)sk_malloc(sizeof(MPI_Request) * (size_t)g->size);
  for (i = 0; i < g->size; i++) {
    if (i == root) continue;
    tpm_check(MPI_Irecv((char *)all + n * (size_t)i, (int)n, MPI_BYTE, i, TPM_CONTROL_TAG, tpm_control(g),
                        &reqs[k++]), "MPI_Irecv");
  }
  if (n > 0) memcpy((char *)all + n * (size_t)root, mine, n);
  tpm_wait_yielding(reqs, k);
  free(reqs);
}

/* The crowded broadcast: root sends to every member (linear). */
static void tpm_bcast_yielding(sk_group *g, void *buf, size_t n, int root)
{
  MPI_Request *reqs;
  int i, k = 0;
  if (g->rank != root) {
    MPI_Request r;
    tpm_check(MPI_Irecv(buf, (int)n, MPI_BYTE, root, TPM_CONTROL_TAG, tpm_control(g), &r), "MPI_Irecv");
    tpm_wait_yielding(&r, 1);
    return;
  }
  reqs = (MPI_Request *)sk_malloc(sizeof(MPI_Request) * (size_t)g->size);
  for (i = 0; i < g->size; i++)
    if (i != root)
      tpm_check(MPI_Isend(buf, (int)n, MPI_BYTE, i, TPM_CONTROL_TAG, tpm_control(g), &reqs[k++]), "MPI_Isend");
  tpm_wait_yielding(reqs, k);
  free(reqs);
}

SK_API void sk_tp_barrier(sk_group *g)
{
  if (sk_host_crowded() && g->size > 1) {
    char none = 0, *all = (char *)sk_malloc((size_t)g->size);
    tpm_gather_yielding(g, &none, 1, all, 0);
    tpm_bcast_yielding(g, &none, 1, 0);
    free(all);
    return;
  }
  tpm_check(MPI_Barrier(tpm_control(g)), "MPI_Barrier");
}

SK_API void sk_tp_bcast(sk_group *g, void *buf, size_t n, int root)
{
  if (sk_host_crowded() && g->size > 1) {
    tpm_bcast_yielding(g, buf, n, root);
    return;
  }
  tpm_check(MPI_Bcast(buf, (int)n, MPI_BYTE, root, tpm_control(g)), "MPI_Bcast");
}

SK_API void sk_tp_library_bcast(sk_group *g, void *buf, size_t n, int root)
{
  tpm_check(MPI_Bcast(buf, (int)n, MPI_BYTE, root, tpm_measure(g)), "MPI_Bcast");
}

static int tpm_wildcard_tags = 1;
SK_API void sk_tp_wildcard_tags(int may) { tpm_wildcard_tags = may; }

#if SK_SIMULATED
/* Under a simulator: a binomial tree of point-to-point messages, each inner process holding
** only its subtree's ballots. SMPI's tree gathers (ompi_binomial) give every inner process
** a buffer for the whole communicator's data, and all ranks being one process, half of
** them hold one at once: P^2 / 2 ballots (17 KB per rank at 2,048 ranks for the census,
** growing with P). The barrier first: every member has finished its measurement, so no
** wildcard receive of one can take these messages (the control communicator is the
** measured one here, TPM_SHARED_COMMS); SMPI's barrier sends with tags no receive of a
** measurement matches. Up to TPM_TREE_GATHER_FROM members SMPI's gather stays: its buffers
** are small there, and the results under the simulator stay the same to the last digit
** (the barrier and the messages shift the simulated clock readings by some 10 ns). The
** barrier is left out while no measurement may leave a wildcard-tag receive pending
** (sk_tp_wildcard_tags): a measurement's receives that name their source take its
** messages before a ballot sent after them (MPI's order between two processes), and the
** ballots' tag is skampi's own. It is a third of an agreement's cost in the simulator. */
#define TPM_TREE_GATHER_FROM 64
static void tpm_gather_tree(sk_group *g, const double *mine, int n_each, double *all, int root)
{
  MPI_Comm c = tpm_control(g);
  int size = g->size, vrank = (g->rank - root + size) % size, span = 1, count, mask, i;
  MPI_Request reqs[8 * sizeof(int)];   /* one per level of the tree */
  double *buf;
  while (span < size && (vrank & span) == 0) span <<= 1;   /* vrank's subtree: vrank .. vrank + span - 1 */
  count = size - vrank < span ? size - vrank : span;
  if (tpm_wildcard_tags) tpm_check(MPI_Barrier(c), "MPI_Barrier");
  buf = vrank == 0 && root == 0 ? all : (double *)sk_malloc(sizeof(double) * (size_t)n_each * (size_t)count);
  memcpy(buf, mine, sizeof(double) * (size_t)n_each);
  /* the children's subtrees in one wait: every blocking call is a switch of the simulator's
  ** actors, and each switch remaps the privatised data (smpi/privatization:mmap) */
  for (mask = 1, i = 0; mask < span && vrank + mask < size; mask <<= 1, i++) {
    int child = vrank + mask, has = size - child < mask ? size - child : mask;
    tpm_check(MPI_Irecv(buf + (size_t)mask * (size_t)n_each, has * n_each, MPI_DOUBLE, (child + root) % size,
                        TPM_CONTROL_TAG, c, &reqs[i]), "MPI_Irecv");
  }
  if (i > 0) tpm_check(MPI_Waitall(i, reqs, MPI_STATUSES_IGNORE), "MPI_Waitall");
  if (vrank != 0)
    tpm_check(MPI_Send(buf, count * n_each, MPI_DOUBLE, (vrank - span + root) % size, TPM_CONTROL_TAG, c), "MPI_Send");
  else if (buf != all)   /* the root's buffer is in the order from the root on */
    for (i = 0; i < size; i++)
      memcpy(all + (size_t)((i + root) % size) * (size_t)n_each, buf + (size_t)i * (size_t)n_each,
             sizeof(double) * (size_t)n_each);
  if (buf != all) free(buf);
}
#endif

SK_API void sk_tp_gather_doubles(sk_group *g, const double *mine, int n_each, double *all, int root)
{
  if (sk_host_crowded() && g->size > 1) {
    tpm_gather_yielding(g, mine, sizeof(double) * (size_t)n_each, all, root);
    return;
  }
#if SK_SIMULATED
  if (g->size > TPM_TREE_GATHER_FROM) {
    tpm_gather_tree(g, mine, n_each, all, root);
    return;
  }
#endif
  tpm_check(MPI_Gather((void *)mine, n_each, MPI_DOUBLE, all, n_each, MPI_DOUBLE, root, tpm_control(g)),
            "MPI_Gather");
}

SK_API double sk_tp_wtime(void) { return sk_skew_apply(MPI_Wtime()); }
SK_API const char *sk_tp_clock_source(void) { return SK_SIMULATED ? "simulated time, MPI_Wtime" : "wall time, MPI_Wtime"; }
SK_API int sk_tp_clock_is_cpu_time(void) { return 0; }
#if SK_SIMULATED
/* The simulator's clock is a double with no tick of its own: MPI_Wtick's 1e-5 s is a
** fixed answer, while two readings differ by the time the simulator injects per reading
** (smpi/wtime, 1e-8 s by default) plus what the rank computed in between. The tick is the
** least step seen over a few pairs of readings, never more than MPI_Wtick. */
SK_API double sk_tp_wtick(void)
{
  static double tick = 0.0;
  int i;
  if (tick > 0.0) return tick;
  tick = MPI_Wtick();
  for (i = 0; i < 8; i++) {
    double a = MPI_Wtime(), b = MPI_Wtime();
    if (b > a && b - a < tick) tick = b - a;
  }
  return tick;
}
#else
SK_API double sk_tp_wtick(void) { return MPI_Wtick(); }
#endif

#if SK_SIMULATED
#include <simgrid/host.h>
#include <simgrid/version.h>
#include <xbt/config.h>

/* The launcher's own settings (rank count, host file, directories), not the model's. */
static int tpm_sim_bookkeeping(const char *arg)
{
  static const char *const own[] = { "--cfg=smpi/privatization:", "--cfg=smpi/np:", "--cfg=smpi/hostfile:",
                                     "--cfg=smpi/tmpdir:", NULL };
  int i;
  for (i = 0; own[i] != NULL; i++) if (strncmp(arg, own[i], strlen(own[i])) == 0) return 1;
  return 0;
}

/* Every rank asks for the facts (oversub.c, engine.c): the count of hosts, which costs the
** simulator a sorted list of all P hosts (Engine::get_all_hosts), only the header asks for:
** at 65,536 ranks P such counts were most of an hour. */
SK_API long sk_tp_sim_host_count(void) { return (long)sg_host_count(); }

SK_API void sk_tp_sim_facts_get(sk_tp_sim_facts *f)
{
  FILE *cmd = fopen("/proc/self/cmdline", "r");
  f->platform[0] = '\0';
  sg_version_get(&f->major, &f->minor, &f->patch);
  f->hosts = -1;   /* sk_tp_sim_host_count: SimGrid 3.32 lists and sorts every host to count them */
  f->cores = sg_host_core_count(sg_host_self());
  f->computation = sg_cfg_get_boolean("smpi/simulate-computation");
  f->test_cost = sg_cfg_get_double("smpi/test");
  f->wtime_cost = sg_cfg_get_double("smpi/wtime");
  sk_str_init(&f->settings);
  if (cmd != NULL) {
    char arg[512];
    size_t n = 0;
    int c;
    while ((c = fgetc(cmd)) != EOF) {
      if (c != '\0') { if (n + 1 < sizeof arg) arg[n++] = (char)c; continue; }
      arg[n] = '\0';
      n = 0;
      if (strncmp(arg, "--cfg=", 6) == 0 && !tpm_sim_bookkeeping(arg)) sk_str_printf(&f->settings, " %s", arg);
      else if (f->platform[0] == '\0' && strlen(arg) > 4 && strcmp(arg + strlen(arg) - 4, ".xml") == 0)
        sk_copy_string(f->platform, sizeof f->platform, arg);
    }
    fclose(cmd);
  }
}
#endif

SK_API int sk_tp_wtime_is_global(void)
{
  int *value = NULL, flag = 0;
  if (sk_skew_on()) return 0;   /* the test-only skew makes every clock its own */
#if SK_MPI_REPLACED_NAMES
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &value, &flag);
#else
  MPI_Attr_get(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &value, &flag);
#endif
  return flag && value != NULL && *value != 0;
}

SK_API void sk_tp_processor_name(char *buf, size_t size)
{
  char name[MPI_MAX_PROCESSOR_NAME + 1];
  int len = 0;
  MPI_Get_processor_name(name, &len);
  name[len < 0 ? 0 : len] = '\0';
  sk_copy_string(buf, size, name);
}

SK_API void sk_tp_library_version(char *buf, size_t size)
{
#if SK_MPI_LEVEL >= 3
  char v[MPI_MAX_LIBRARY_VERSION_STRING + 1];
  int len = 0;
  char *nl;
  MPI_Get_library_version(v, &len);
  v[len < 0 ? 0 : len] = '\0';
  nl = strchr(v, '\n');
  if (nl) *nl = '\0';
  sk_copy_string(buf, size, v);
#else
  char v[64];
#if defined(MPI_VERSION) && defined(MPI_SUBVERSION)
  sprintf(v, "MPI %d.%d (mpi.h)", MPI_VERSION, MPI_SUBVERSION);
#else
  strcpy(v, "MPI 1.x");
#endif
  sk_copy_string(buf, size, v);
#endif
}

SK_API double sk_tp_mpi_clock_cost(void)
{
  static double cost = -1.0;
  int i;
  if (cost >= 0.0) return cost;
  for (i = 0; i < SK_CLOCK_PAIRS; i++) {
    double first = MPI_Wtime(), pair = MPI_Wtime() - first;
    if (pair >= 0.0 && (cost < 0.0 || pair < cost)) cost = pair;
  }
  if (cost < 0.0) cost = 0.0;
  return cost;
}
#endif /* SKAMPI_MPI */
