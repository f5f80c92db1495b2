/*
** agree.c -- see agree.h. Ballots travel as doubles (the transport gathers doubles), so a
** ballot is copied into whole doubles on the way and copied out again on rank 0.
*/
#include "agree.h"

static size_t agree_doubles(size_t bytes) { return (bytes + sizeof(double) - 1) / sizeof(double); }

SK_API void sk_agree(sk_group *g, const void *ballot, size_t ballot_size,
                     void *decision, size_t decision_size, sk_decide_fn decide, void *ctx)
{
  int rank = sk_tp_group_rank(g), size = sk_tp_group_size(g), i;
  size_t per = agree_doubles(ballot_size);
  if (per > 0) {
    double *mine = (double *)sk_calloc(per, sizeof(double)), *all = NULL;
    char *ballots = NULL;
    memcpy(mine, ballot, ballot_size);
    if (rank == 0) all = (double *)sk_malloc(sizeof(double) * per * (size_t)size);
    sk_tp_gather_doubles(g, mine, (int)per, all, 0);
    if (rank == 0) {
      ballots = (char *)sk_malloc(ballot_size * (size_t)size);
      for (i = 0; i < size; i++) memcpy(ballots + ballot_size * (size_t)i, all + per * (size_t)i, ballot_size);
      if (decide) decide(ctx, ballots, size, decision);
      free(ballots);
      free(all);
    }
    free(mine);
  } else if (rank == 0 && decide) {
    decide(ctx, NULL, size, decision);
  }
  sk_tp_bcast(g, decision, decision_size, 0);
}

SK_API void sk_agree_fetch_message(sk_group *g, int who, char *msg, size_t msgsize)
{
  if (who <= 0) return;
  if (sk_tp_group_rank(g) == who) sk_tp_send(g, 0, msg, msgsize);
  if (sk_tp_group_rank(g) == 0) sk_tp_recv(g, who, msg, msgsize);
}
