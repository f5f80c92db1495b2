/*
** transport_rcce.c -- the transport contract (transport.h) over RCCE and iRCCE
** (SKAMPI_RCCE): the Intel SCC, or the host emulator in tools/rcce, used as the SCC
** broadcast thesis (Pichler 2013, §2.3, §2.4) uses them. Ranks are UEs; every group
** owns an RCCE communicator (RCCE_comm_split, never freed); control messages go over
** point to point in group-rank order; clocks are per core. Groups, waiting and clocks:
** doc/internals.md, "transport".
*/
#include "transport.h"

#ifdef SKAMPI_RCCE

struct sk_group {
  int size, rank;           /* rank -1: not a member */
  int *members;             /* UE numbers in group-rank order */
  int has_comm;             /* an RCCE communicator could be made for the group */
  RCCE_COMM own_comm;       /* the communicator made by RCCE_comm_split */
  RCCE_COMM *comm;          /* &own_comm, or &RCCE_COMM_WORLD for the world */
  struct sk_group *next;    /* registry of all groups created in this run */
};

static struct {
  int started;
  int rank, size;
  sk_group *world;
  sk_group *self;           /* MPI_COMM_SELF's group: this UE alone, outside the registry */
  sk_group *groups;
  double tick;              /* measured once, 0 until then */
} tpr;

static void tpr_check(int err, const char *what)
{
  if (err != RCCE_SUCCESS) {
    char text[RCCE_MAX_ERROR_STRING + 1];
    char msg[260];
    int len = 0;
    text[0] = '\0';
    RCCE_error_string(err, text, &len);
    text[RCCE_MAX_ERROR_STRING] = '\0';
    sprintf(msg, "skampi: UE %d: %.100s failed: %.100s (RCCE error %d)", tpr.rank, what,
            text, err);
    sk_tp_abort(SK_EXIT_INTERNAL, msg);
  }
}

/* iRCCE_isend/iRCCE_irecv also answer "pending" or "queued behind another request". */
static void tpr_check_posted(int err, const char *what)
{
  if (err != iRCCE_SUCCESS && err != iRCCE_PENDING && err != iRCCE_RESERVED) tpr_check(err, what);
}

static int tp_started;

SK_API int sk_tp_started(void) { return tp_started; }
SK_API double sk_tp_start_ms(void) { return -1.0; }

SK_API int sk_tp_take_error(char *msg, size_t size) { (void)msg; (void)size; return 0; }

/* A group of `size` UEs, first_ue and the ones after it, in which this UE is `rank`. */
static sk_group *tpr_group_new(int size, int rank, int first_ue)
{
  sk_group *g = (sk_group *)sk_calloc(1, sizeof *g);
  int i;
  g->size = size;
  g->rank = rank;
  g->members = (int *)sk_malloc(sizeof(int) * (size_t)size);
  for (i = 0; i < size; i++) g->members[i] = first_ue + i;
  return g;
}

SK_API void sk_tp_start(int *argc, char ***argv)
{
  tpr_check(RCCE_init(argc, argv), "RCCE_init");
  tp_started = 1;
  tpr.started = 1;
  tpr.rank = RCCE_ue();
  tpr_check(iRCCE_init(), "iRCCE_init");
  tpr.size = RCCE_num_ues();
  tpr.world = tpr_group_new(tpr.size, tpr.rank, 0);
  tpr.world->has_comm = 1;
  tpr.world->comm = &RCCE_COMM_WORLD;
  tpr.groups = tpr.world;
  tpr.self = tpr_group_new(1, 0, tpr.rank);
}

SK_API void sk_tp_finish(void)
{
  if (tpr.started) {
    tpr.started = 0;
    RCCE_finalize();
  }
}

SK_API void sk_tp_abort(int status, const char *msg)
{
  if (msg) { fflush(stdout); fprintf(stderr, "%s\n", msg); fflush(stderr); }
  exit(status);
}

SK_API int sk_tp_end_alike(double seconds) { (void)seconds; return 1; }

SK_API int sk_tp_world_rank(void) { return tpr.rank; }
SK_API int sk_tp_world_size(void) { return tpr.size; }
SK_API sk_group *sk_tp_world(void) { return tpr.world; }
SK_API sk_group *sk_tp_self(void) { return tpr.self; }

/* The member list handed to the colour callback of RCCE_comm_split. */
typedef struct tpr_member_list {
  const int *ues;
  int n;
} tpr_member_list;

static int tpr_colour_of_ue(int ue, void *aux)
{
  const tpr_member_list *list = (const tpr_member_list *)aux;
  int i;
  for (i = 0; i < list->n; i++)
    if (list->ues[i] == ue) return 0;
  return 1;
}

SK_API sk_group *sk_tp_group_create(const int *world_ranks, int n)
{
  sk_group *g;
  tpr_member_list list;
  int i, j, pos = -1;
  for (g = tpr.groups; g; g = g->next)
    if (g->size == n && memcmp(g->members, world_ranks, sizeof(int) * (size_t)n) == 0) return g;
  for (i = 0; i < n; i++) {
    if (world_ranks[i] < 0 || world_ranks[i] >= tpr.size)
      sk_fatal("RCCE backend: group member %d is not a UE (there are %d)", world_ranks[i], tpr.size);
    for (j = 0; j < i; j++)
      if (world_ranks[j] == world_ranks[i])
        sk_fatal("RCCE backend: UE %d appears twice in a group", world_ranks[i]);
    if (world_ranks[i] == tpr.rank) pos = i;
  }
  g = (sk_group *)sk_calloc(1, sizeof *g);
  g->size = n;
  g->rank = pos;
  g->members = (int *)sk_malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
  memcpy(g->members, world_ranks, sizeof(int) * (size_t)n);
  g->comm = &g->own_comm;
  if (n > 0) {
    /* Collective over all UEs; non-members get the communicator of the others. */
    list.ues = world_ranks;
    list.n = n;
    g->has_comm = RCCE_comm_split(tpr_colour_of_ue, &list, &g->own_comm) == RCCE_SUCCESS;
  }
  g->next = tpr.groups;
  tpr.groups = g;
  return g;
}

SK_API int sk_tp_group_rank(const sk_group *g) { return g->rank; }
SK_API int sk_tp_group_size(const sk_group *g) { return g->size; }
SK_API int sk_tp_group_world_rank(const sk_group *g, int rank) { return g->members[rank]; }
SK_API const int *sk_tp_group_members(const sk_group *g) { return g->members; }

SK_API void sk_tp_send(sk_group *g, int dest, const void *buf, size_t n)
{
  tpr_check(RCCE_send((char *)buf, n, g->members[dest]), "RCCE_send");
}

SK_API void sk_tp_recv(sk_group *g, int src, void *buf, size_t n)
{
  tpr_check(RCCE_recv((char *)buf, n, g->members[src]), "RCCE_recv");
}

SK_API void sk_tp_isend(sk_group *g, int dest, const void *buf, size_t n, sk_request *req)
{
  req->active = 1;
  req->is_send = 1;
  tpr_check_posted(iRCCE_isend((char *)buf, n, g->members[dest], &req->send), "iRCCE_isend");
}

SK_API void sk_tp_irecv(sk_group *g, int src, void *buf, size_t n, sk_request *req)
{
  req->active = 1;
  req->is_send = 0;
  tpr_check_posted(iRCCE_irecv((char *)buf, n, g->members[src], &req->recv), "iRCCE_irecv");
}

SK_API void sk_tp_wait(sk_request *req)
{
  if (!req->active) return;
  if (req->is_send) tpr_check(iRCCE_isend_wait(&req->send), "iRCCE_isend_wait");
  else tpr_check(iRCCE_irecv_wait(&req->recv), "iRCCE_irecv_wait");
  req->active = 0;
}

SK_API int sk_tp_test(sk_request *req)
{
  int flag = 0, rc;
  if (!req->active) return 1;
  if (req->is_send) {
    rc = iRCCE_isend_test(&req->send, &flag);
    if (rc != iRCCE_PENDING) tpr_check(rc, "iRCCE_isend_test");
  } else {
    rc = iRCCE_irecv_test(&req->recv, &flag);
    if (rc != iRCCE_PENDING) tpr_check(rc, "iRCCE_irecv_test");
  }
  if (flag) req->active = 0;
  return flag;
}

/* A barrier made of 1-byte messages (RCCE does not synchronise on 0 bytes), for groups
** that got no RCCE communicator. */
static void tpr_message_barrier(sk_group *g)
{
  char token = 0;
  int i;
  if (g->rank == 0) {
    for (i = 1; i < g->size; i++) sk_tp_recv(g, i, &token, 1);
    for (i = 1; i < g->size; i++) sk_tp_send(g, i, &token, 1);
  } else {
    sk_tp_send(g, 0, &token, 1);
    sk_tp_recv(g, 0, &token, 1);
  }
}

SK_API void sk_tp_barrier(sk_group *g)
{
  if (g->has_comm) tpr_check(RCCE_barrier(g->comm), "RCCE_barrier");
  else tpr_message_barrier(g);
}

/* Control broadcast: the root sends to every other member in rank order. */
SK_API void sk_tp_bcast(sk_group *g, void *buf, size_t n, int root)
{
  int i;
  if (n == 0) return;
  if (g->rank != root) {
    sk_tp_recv(g, root, buf, n);
    return;
  }
  for (i = 0; i < g->size; i++)
    if (i != root) sk_tp_send(g, i, buf, n);
}

SK_API void sk_tp_library_bcast(sk_group *g, void *buf, size_t n, int root)
{
  int comm_root;
  if (g->size == 1) return;   /* the self group: nothing to send, no communicator */
  if (!g->has_comm) {
    char msg[240];
    sprintf(msg, "skampi: UE %d: RCCE had no communicator left for this group of %d UEs "
            "(RCCE_comm_split failed), so RCCE_bcast cannot run on it; use fewer "
            "communicators", tpr.rank, g->size);
    sk_tp_abort(SK_EXIT_USER_ERROR, msg);
  }
  /* RCCE ranks a communicator by UE number: find the root's place there. */
  for (comm_root = 0; comm_root < g->comm->size; comm_root++)
    if (g->comm->member[comm_root] == g->members[root]) break;
  tpr_check(RCCE_bcast((char *)buf, n, comm_root, *g->comm), "RCCE_bcast");
}

SK_API void sk_tp_gather_doubles(sk_group *g, const double *mine, int n_each, double *all, int root)
{
  size_t bytes = sizeof(double) * (size_t)(n_each > 0 ? n_each : 0);
  int i;
  if (bytes == 0) return;
  if (g->rank != root) {
    sk_tp_send(g, root, mine, bytes);
    return;
  }
  for (i = 0; i < g->size; i++) {
    if (i == root) memmove(all + (size_t)i * (size_t)n_each, mine, bytes);
    else sk_tp_recv(g, i, all + (size_t)i * (size_t)n_each, bytes);
  }
}

/* RCCE's receives name their source, and its messages carry no tag: nothing to fence. */
SK_API void sk_tp_wildcard_tags(int may) { (void)may; }

SK_API double sk_tp_wtime(void) { return RCCE_wtime(); }
SK_API const char *sk_tp_clock_source(void) { return "wall time, RCCE_wtime (each core's own)"; }
SK_API int sk_tp_clock_is_cpu_time(void) { return 0; }

/* SKaLib §3.1: the smallest observable difference between two readings of the clock. */
SK_API double sk_tp_wtick(void)
{
  if (tpr.tick <= 0.0) tpr.tick = sk_clock_least_step(RCCE_wtime, 1.0e-6);
  return tpr.tick;
}

SK_API int sk_tp_wtime_is_global(void) { return 0; }

SK_API void sk_tp_processor_name(char *buf, size_t size)
{
  char name[40];
  sprintf(name, "UE %d", tpr.rank);
  sk_copy_string(buf, size, name);
}

SK_API void sk_tp_library_version(char *buf, size_t size)
{
  char v[120];
  const char *model = getenv("RCCE_EMU_TIME_MODEL");   /* set by the host emulator only */
  sk_str s;
  sprintf(v, "RCCE with iRCCE (RCCE_MAXNP %d, %d-byte message-passing buffer per UE)",
          (int)RCCE_MAXNP, (int)RCCE_BUFF_SIZE_MAX);
  sk_str_init(&s);
  sk_str_puts(&s, v);
  if (model != NULL && *model != '\0') sk_str_printf(&s, "; %s", model);
  sk_copy_string(buf, size, s.data);
  sk_str_free(&s);
}

#endif /* SKAMPI_RCCE */
