/*
** peruse.c -- see peruse.h. The callbacks only count and time: per event kind a count;
** per request (the event's unique id, in a small open-addressing table) the times of its
** activation, transfer begin and queue insertions, from which four durations are
** accumulated (sum, maximum, number). The helpers switch_peruse_on / _off are in
** builtins.c. Checked against Open MPI 4.1.4 built with --enable-peruse: all eleven
** events are there; small messages sent on ob1's inline path raise no REQ events on
** the sender; MSG_MATCH_POSTED_REQ carries the request's id (only counted here).
*/
#include "peruse.h"

#if SK_HAVE_PERUSE
#include <peruse.h>

/* The events of MPI PERUSE 2.0 §4.3 that skampi counts, by the names §5.2.3 queries. */
static const char *const pe_names[] = {
  "PERUSE_COMM_REQ_ACTIVATE", "PERUSE_COMM_REQ_MATCH_UNEX", "PERUSE_COMM_REQ_INSERT_IN_POSTED_Q",
  "PERUSE_COMM_REQ_REMOVE_FROM_POSTED_Q", "PERUSE_COMM_REQ_XFER_BEGIN", "PERUSE_COMM_REQ_XFER_END",
  "PERUSE_COMM_REQ_COMPLETE", "PERUSE_COMM_MSG_ARRIVED", "PERUSE_COMM_MSG_INSERT_IN_UNEX_Q",
  "PERUSE_COMM_MSG_REMOVE_FROM_UNEX_Q", "PERUSE_COMM_MSG_MATCH_POSTED_REQ"
};
enum {
  PE_ACTIVATE, PE_MATCH_UNEX, PE_INSERT_POSTED, PE_REMOVE_POSTED, PE_XFER_BEGIN, PE_XFER_END,
  PE_COMPLETE, PE_ARRIVED, PE_INSERT_UNEX, PE_REMOVE_UNEX, PE_MATCH_POSTED, PE_NEVENTS
};
/* The four durations of peruse.h's note. */
enum { PD_ACTIVATE_TO_XFER, PD_XFER, PD_POSTED_Q, PD_UNEX_Q, PD_N };
static const char *const pd_names[] = {
  "activate->xfer_begin", "xfer_begin->xfer_end", "posted queue residence", "unexpected queue residence"
};

#define PE_SLOTS 1024   /* requests and messages in flight that one process can follow */

/* A request's (or an unexpected message's, §4.3: MSG events carry the message's own id)
** times. Slots are freed when the request completes or the message leaves the
** unexpected queue; a freed slot is a tombstone, so the ids stored after it stay
** reachable. */
enum { PE_FREE, PE_USED, PE_GONE };

typedef struct pe_request {
  MPI_Aint id;
  int state;
  double t_activate, t_xfer, t_posted, t_unex;
} pe_request;

static struct {
  int initialised, ok;
  peruse_event_h handle[PE_NEVENTS];
  int supported[PE_NEVENTS];
  double count[PE_NEVENTS];
  double sum[PD_N], max[PD_N], n[PD_N];
  pe_request req[PE_SLOTS];
} pe;

static pe_request *pe_slot(MPI_Aint id)
{
  unsigned long h = ((unsigned long)id >> 4) % PE_SLOTS, k;
  pe_request *reuse = NULL;
  for (k = 0; k < PE_SLOTS; k++) {
    pe_request *r = &pe.req[(h + k) % PE_SLOTS];
    if (r->state == PE_USED && r->id == id) return r;
    if (r->state == PE_GONE && reuse == NULL) reuse = r;
    if (r->state == PE_FREE) { if (reuse == NULL) reuse = r; break; }
  }
  if (reuse == NULL) return NULL;   /* table full: this one is not timed */
  memset(reuse, 0, sizeof *reuse);
  reuse->state = PE_USED;
  reuse->id = id;
  return reuse;
}

static void pe_duration(int which, double since, double now)
{
  double d;
  if (since <= 0.0) return;
  d = now - since;
  pe.sum[which] += d;
  pe.n[which] += 1.0;
  if (d > pe.max[which]) pe.max[which] = d;
}

static int pe_callback(peruse_event_h event_h, MPI_Aint unique_id, peruse_comm_spec_t *spec, void *param)
{
  int kind = (int)(size_t)param;
  double now = MPI_Wtime();
  pe_request *r;
  (void)event_h; (void)spec;
  pe.count[kind] += 1.0;
  /* counted only: a message's arrival, and the matches (Open MPI 4.1 passes the
  ** request's id with MSG_MATCH_POSTED_REQ, not the message's as §4.3 says) */
  if (kind == PE_ARRIVED || kind == PE_MATCH_UNEX || kind == PE_MATCH_POSTED) return MPI_SUCCESS;
  r = pe_slot(unique_id);
  if (r == NULL) return MPI_SUCCESS;
  switch (kind) {
  case PE_ACTIVATE:                        /* a request's life begins: no older times */
    r->t_xfer = r->t_posted = r->t_unex = 0.0;
    r->t_activate = now;
    break;
  case PE_XFER_BEGIN: pe_duration(PD_ACTIVATE_TO_XFER, r->t_activate, now); r->t_xfer = now; break;
  case PE_XFER_END: pe_duration(PD_XFER, r->t_xfer, now); break;
  case PE_INSERT_POSTED: r->t_posted = now; break;
  case PE_REMOVE_POSTED: pe_duration(PD_POSTED_Q, r->t_posted, now); r->t_posted = 0.0; break;
  case PE_INSERT_UNEX: r->t_unex = now; break;
  case PE_REMOVE_UNEX: pe_duration(PD_UNEX_Q, r->t_unex, now); r->state = PE_GONE; break;
  case PE_COMPLETE: r->state = PE_GONE; break;       /* the id may be used again */
  default: break;
  }
  return MPI_SUCCESS;
}

SK_API void sk_peruse_begin(sk_group *g)
{
  MPI_Comm comm = sk_tp_group_mpi_comm(g);
  int i, event;
  if (!pe.initialised) { pe.initialised = 1; pe.ok = PERUSE_Init() == PERUSE_SUCCESS; }
  memset(pe.count, 0, sizeof pe.count);
  memset(pe.sum, 0, sizeof pe.sum);
  memset(pe.max, 0, sizeof pe.max);
  memset(pe.n, 0, sizeof pe.n);
  memset(pe.req, 0, sizeof pe.req);
  for (i = 0; i < PE_NEVENTS; i++) {
    pe.supported[i] = 0;
    pe.handle[i] = PERUSE_EVENT_HANDLE_NULL;
    if (!pe.ok || PERUSE_Query_event(pe_names[i], &event) != PERUSE_SUCCESS) continue;
    if (PERUSE_Event_comm_register(event, comm, pe_callback, (void *)(size_t)i, &pe.handle[i]) != PERUSE_SUCCESS)
      continue;
    if (PERUSE_Event_activate(pe.handle[i]) != PERUSE_SUCCESS) { PERUSE_Event_release(&pe.handle[i]); continue; }
    pe.supported[i] = 1;
  }
  /* no member's measurement traffic before every member listens: else a message that
  ** arrives early is filed unexpected unseen, and only its removal is counted */
  sk_tp_barrier(g);
}

/* What one process sends to rank 0: counts, supported flags, then sum/max/n per duration. */
#define PE_PACK (2 * PE_NEVENTS + 3 * PD_N)

SK_API void sk_peruse_end(sk_group *g, char *note, size_t size)
{
  double mine[PE_PACK], *all = NULL;
  int i, p, n = sk_tp_group_size(g), me = sk_tp_group_rank(g);
  size_t used = strlen(note);
  for (i = 0; i < PE_NEVENTS; i++)
    if (pe.supported[i]) { PERUSE_Event_deactivate(pe.handle[i]); PERUSE_Event_release(&pe.handle[i]); }
  for (i = 0; i < PE_NEVENTS; i++) { mine[i] = pe.count[i]; mine[PE_NEVENTS + i] = pe.supported[i]; }
  for (i = 0; i < PD_N; i++) {
    mine[2 * PE_NEVENTS + 3 * i] = pe.sum[i];
    mine[2 * PE_NEVENTS + 3 * i + 1] = pe.max[i];
    mine[2 * PE_NEVENTS + 3 * i + 2] = pe.n[i];
  }
  if (me == 0) all = (double *)sk_malloc(sizeof(double) * PE_PACK * (size_t)n);
  sk_tp_gather_doubles(g, mine, PE_PACK, all, 0);
  if (me == 0) {
    sk_str s;
    int missing = 0;
    sk_str_init(&s);
    sk_str_puts(&s, "# peruse events:");
    for (i = 0; i < PE_NEVENTS; i++) {
      double c = 0.0;
      if (!all[PE_NEVENTS + i]) { missing++; continue; }
      for (p = 0; p < n; p++) c += all[(size_t)p * PE_PACK + (size_t)i];
      sk_str_printf(&s, "%s %s %.0f", i ? "," : "", pe_names[i] + 7, c);
    }
    sk_str_printf(&s, " (sum over %d processes)\n", n);
    for (i = 0; i < PD_N; i++) {
      double sum = 0.0, max = 0.0, cnt = 0.0;
      for (p = 0; p < n; p++) {
        const double *x = all + (size_t)p * PE_PACK + 2 * PE_NEVENTS + 3 * (size_t)i;
        sum += x[0];
        if (x[1] > max) max = x[1];
        cnt += x[2];
      }
      if (cnt > 0.0)
        sk_str_printf(&s, "# peruse %s: mean %.3f us, max %.3f us (%.0f requests)\n", pd_names[i],
                      sum / cnt * 1e6, max * 1e6, cnt);
    }
    if (missing) {
      sk_str_puts(&s, "# peruse: the library does not support");
      for (i = 0; i < PE_NEVENTS; i++) if (!all[PE_NEVENTS + i]) sk_str_printf(&s, " %s", pe_names[i]);
      sk_str_putc(&s, '\n');
    }
    if (used + 1 < size) sk_copy_string(note + used, size - used, s.data);
    sk_str_free(&s);
    free(all);
  }
}

#else

SK_API void sk_peruse_begin(sk_group *g) { (void)g; }
SK_API void sk_peruse_end(sk_group *g, char *note, size_t size) { (void)g; (void)note; (void)size; }

#endif
