/*
** transport_seq.c -- the transport contract without any communication library
** (SKAMPI_SEQ, SKaLib's sequential mode): one process, rank 0 of a world of size 1;
** messages to oneself wait in a FIFO. The clock is wall time from the best clock the
** platform has (clock_gettime, gettimeofday, else clock() and "CPU time"), chosen at
** compile time; the resolution is measured as in SKaLib §3.1. The clock's choice:
** doc/internals.md, "transport".
*/
#include "transport.h"
#include "clock_skew.h"
#include <time.h>

#ifdef SKAMPI_SEQ

#if defined(__unix__) || defined(__unix) || defined(__APPLE__) || defined(__linux__) || defined(_AIX) || defined(__hpux) || defined(__sun)
#include <unistd.h>
#define TPS_UNIX 1
#endif
#if defined(TPS_UNIX) && !defined(SKAMPI_NO_CLOCK_GETTIME) && defined(_POSIX_TIMERS) && _POSIX_TIMERS > 0 \
    && defined(CLOCK_MONOTONIC) && !(defined(__GLIBC__) && (__GLIBC__ < 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ < 17)))
#define TPS_CLOCK_GETTIME 1
#elif defined(TPS_UNIX) && !defined(SKAMPI_NO_GETTIMEOFDAY)
#include <sys/time.h>
#define TPS_GETTIMEOFDAY 1
#endif

struct sk_group {
  int size, rank;
  int members[1];
};

typedef struct tps_msg {
  char *data;
  size_t size;
  struct tps_msg *next;
} tps_msg;

static struct {
  sk_group world, empty;
  tps_msg *head, *tail;
  double tick;
} tps;

/* ---- the clock ---- */

#if defined(TPS_CLOCK_GETTIME) || defined(TPS_GETTIMEOFDAY)
static struct {
  int started;              /* the first reading was taken: base holds its seconds */
  long base;
#ifdef TPS_CLOCK_GETTIME
  clockid_t id;
#endif
} tps_clock;
#endif

#ifdef TPS_CLOCK_GETTIME
static double tps_read(void)
{
  struct timespec ts;
  if (!tps_clock.started) {
    tps_clock.id = CLOCK_MONOTONIC;
    if (clock_gettime(tps_clock.id, &ts) != 0) {
      tps_clock.id = CLOCK_REALTIME;
      if (clock_gettime(tps_clock.id, &ts) != 0) sk_fatal("sequential backend: clock_gettime fails");
    }
    tps_clock.base = (long)ts.tv_sec;
    tps_clock.started = 1;
  }
  clock_gettime(tps_clock.id, &ts);
  return (double)((long)ts.tv_sec - tps_clock.base) + (double)ts.tv_nsec * 1e-9;
}
#elif defined(TPS_GETTIMEOFDAY)
static double tps_read(void)
{
  struct timeval tv;
  gettimeofday(&tv, NULL);
  if (!tps_clock.started) {
    tps_clock.base = (long)tv.tv_sec;
    tps_clock.started = 1;
  }
  return (double)((long)tv.tv_sec - tps_clock.base) + (double)tv.tv_usec * 1e-6;
}
#else
static double tps_read(void) { return (double)clock() / (double)CLOCKS_PER_SEC; }
#endif

SK_API const char *sk_tp_clock_source(void)
{
#ifdef TPS_CLOCK_GETTIME
  if (!tps_clock.started) (void)tps_read();
  return tps_clock.id == CLOCK_MONOTONIC ? "wall time, clock_gettime(CLOCK_MONOTONIC)"
                                         : "wall time, clock_gettime(CLOCK_REALTIME)";
#elif defined(TPS_GETTIMEOFDAY)
  return "wall time, gettimeofday";
#else
  return "CPU time, clock()";
#endif
}

SK_API int sk_tp_clock_is_cpu_time(void)
{
#if defined(TPS_CLOCK_GETTIME) || defined(TPS_GETTIMEOFDAY)
  return 0;
#else
  return 1;
#endif
}

static int tp_started;

SK_API int sk_tp_started(void) { return tp_started; }
SK_API double sk_tp_start_ms(void) { return -1.0; }

SK_API int sk_tp_take_error(char *msg, size_t size) { (void)msg; (void)size; return 0; }

SK_API void sk_tp_start(int *argc, char ***argv)
{
  (void)argc; (void)argv;
  tp_started = 1;
  tps.world.size = 1;
  tps.world.rank = 0;
  tps.world.members[0] = 0;
  tps.empty.size = 0;
  tps.empty.rank = -1;
  sk_skew_init(0, tps_read());
}

SK_API void sk_tp_finish(void) { }

SK_API void sk_tp_abort(int status, const char *msg)
{
  if (msg) { fflush(stdout); fprintf(stderr, "%s\n", msg); }
  exit(status);
}

SK_API int sk_tp_end_alike(double seconds) { (void)seconds; return 1; }

SK_API int sk_tp_world_rank(void) { return 0; }
SK_API int sk_tp_world_size(void) { return 1; }
SK_API sk_group *sk_tp_world(void) { return &tps.world; }
SK_API sk_group *sk_tp_self(void) { return &tps.world; }

SK_API sk_group *sk_tp_group_create(const int *world_ranks, int n)
{
  if (n == 1 && world_ranks[0] == 0) return &tps.world;
  if (n == 0) return &tps.empty;
  sk_fatal("sequential backend: a group can only contain rank 0");
  return NULL;
}

SK_API int sk_tp_group_rank(const sk_group *g) { return g->rank; }
SK_API int sk_tp_group_size(const sk_group *g) { return g->size; }
SK_API int sk_tp_group_world_rank(const sk_group *g, int rank) { return g->members[rank]; }
SK_API const int *sk_tp_group_members(const sk_group *g) { return g->members; }

static void tps_check_self(int peer)
{
  if (peer != 0) sk_fatal("sequential backend: no process %d to talk to", peer);
}

SK_API void sk_tp_send(sk_group *g, int dest, const void *buf, size_t n)
{
  tps_msg *m;
  (void)g;
  tps_check_self(dest);
  m = (tps_msg *)sk_malloc(sizeof *m);
  m->data = (char *)sk_malloc(n);
  memcpy(m->data, buf, n);
  m->size = n;
  m->next = NULL;
  if (tps.tail) tps.tail->next = m; else tps.head = m;
  tps.tail = m;
}

SK_API void sk_tp_recv(sk_group *g, int src, void *buf, size_t n)
{
  tps_msg *m = tps.head;
  (void)g;
  tps_check_self(src);
  if (m == NULL) sk_fatal("sequential backend: receive without a matching send (deadlock)");
  if (m->size != n) sk_fatal("sequential backend: message of %lu bytes received as %lu bytes",
                             (unsigned long)m->size, (unsigned long)n);
  memcpy(buf, m->data, n);
  tps.head = m->next;
  if (tps.head == NULL) tps.tail = NULL;
  free(m->data);
  free(m);
}

SK_API void sk_tp_isend(sk_group *g, int dest, const void *buf, size_t n, sk_request *req)
{
  sk_tp_send(g, dest, buf, n);
  req->active = 0;
  req->is_send = 1;
}

SK_API void sk_tp_irecv(sk_group *g, int src, void *buf, size_t n, sk_request *req)
{
  (void)g;
  tps_check_self(src);
  req->active = 1;
  req->is_send = 0;
  req->buf = buf;
  req->size = n;
}

SK_API void sk_tp_wait(sk_request *req)
{
  if (!req->active) return;
  sk_tp_recv(&tps.world, 0, req->buf, req->size);
  req->active = 0;
}

SK_API int sk_tp_test(sk_request *req)
{
  if (req->active && tps.head != NULL) sk_tp_wait(req);
  return !req->active;
}

SK_API void sk_tp_barrier(sk_group *g) { (void)g; }
SK_API void sk_tp_bcast(sk_group *g, void *buf, size_t n, int root) { (void)g; (void)buf; (void)n; (void)root; }
SK_API void sk_tp_library_bcast(sk_group *g, void *buf, size_t n, int root) { (void)g; (void)buf; (void)n; (void)root; }

SK_API void sk_tp_gather_doubles(sk_group *g, const double *mine, int n_each, double *all, int root)
{
  (void)g; (void)root;
  memmove(all, mine, sizeof(double) * (size_t)n_each);
}

SK_API void sk_tp_wildcard_tags(int may) { (void)may; }   /* one process: no message to take */

SK_API double sk_tp_wtime(void)
{
  return sk_skew_apply(tps_read());
}

/* SKaLib 3.1: the smallest observable difference between two readings, taken as the RCCE
** backend takes it (under an emulator one trial alone read 8-13 us, 8 read 1). */
SK_API double sk_tp_wtick(void)
{
  if (tps.tick <= 0.0) tps.tick = sk_clock_least_step(tps_read, 1.0e-6);
  return tps.tick;
}

SK_API int sk_tp_wtime_is_global(void) { return 1; }

SK_API void sk_tp_processor_name(char *buf, size_t size)
{
  sk_copy_string(buf, size, "localhost");
}

SK_API void sk_tp_library_version(char *buf, size_t size)
{
  sk_copy_string(buf, size, "none (sequential backend)");
}

#endif /* SKAMPI_SEQ */
