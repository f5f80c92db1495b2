/*
** agree.h -- the one way the processes of a group take a joint decision.
**
** Every member contributes a ballot (a plain struct, the same type on every member),
** rank 0 of the group sees all ballots in rank order and fills the decision (another
** plain struct), and every member returns with rank 0's decision. All decisions that
** keep the processes in step -- repeat or stop, a failing member, the buffer check
** before a measurement, the synchronised start time, the suite's time limit -- go
** through sk_agree, so no caller packs unnamed arrays with magic codes.
**
** Invariants: collective over all members of the group (non-members must not call);
** ballots and decisions are copied as bytes, so they hold numbers only (no pointers);
** decide runs on rank 0 only and must not communicate.
*/
#ifndef SK_AGREE_H
#define SK_AGREE_H

#include "transport.h"

/* Rank 0 only: `ballots` holds n ballots of the caller's type in rank order (NULL when
** the agreement has no ballots); fill *decision. */
typedef void (*sk_decide_fn)(void *ctx, const void *ballots, int n, void *decision);

/* Gathers `ballot` (ballot_size bytes, 0 for none) from every member to rank 0, lets
** decide(ctx, ballots, size, decision) fill the decision there (decide may be NULL when
** rank 0 filled *decision itself), and broadcasts it: on return every member holds rank
** 0's decision. */
SK_API void sk_agree(sk_group *g, const void *ballot, size_t ballot_size,
                     void *decision, size_t decision_size, sk_decide_fn decide, void *ctx);

/* After the members agreed that member `who` failed: its message (msgsize bytes in msg)
** is copied to rank 0 of g. Nothing moves when who is 0 or negative. */
SK_API void sk_agree_fetch_message(sk_group *g, int who, char *msg, size_t msgsize);

#endif
