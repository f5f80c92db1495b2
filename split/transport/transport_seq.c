/*
** transport_seq.c -- the transport contract without any communication library
** (SKAMPI_SEQ, SKaLib's sequential mode): one process, rank 0 of a world of size 1.
** Messages to oneself are buffered in a FIFO so that a measurement may send to itself
** before it receives. The clock is clock() with its resolution measured as in SKaLib 3.1.
*/
#include "transport.h"
#include "clock_skew.h"
#include <time.h>

#ifdef SKAMPI_SEQ

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

static int tp_started;

SK_API int sk_tp_started(void) { return tp_started; }

SK_API void sk_tp_start(int *argc, char ***argv)
{
  (void)argc; (void)argv;
  tp_started = 1;
  tps.world.size = 1;
  tps.world.rank = 0;
  tps.world.members[0] = 0;
  tps.empty.size = 0;
  tps.empty.rank = -1;
  sk_skew_init(0, (double)clock() / (double)CLOCKS_PER_SEC);
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

SK_API double sk_tp_wtime(void)
{
  return sk_skew_apply((double)clock() / (double)CLOCKS_PER_SEC);
}

static double seq_clock_seconds(void) { return (double)clock() / (double)CLOCKS_PER_SEC; }

/* SKaLib 3.1: the smallest observable difference between two clock() readings, taken as
** the RCCE backend takes it (under an emulator one trial alone read 8-13 us, 8 read 1). */
SK_API double sk_tp_wtick(void)
{
  if (tps.tick <= 0.0) tps.tick = sk_clock_least_step(seq_clock_seconds, 1.0 / (double)CLOCKS_PER_SEC);
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
