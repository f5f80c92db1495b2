/*
 * iRCCE.h - public API of iRCCE, the non-blocking extension of RCCE, as
 * provided by the host emulator tools/rcce/rcce_emu.c.
 *
 * This file owns the iRCCE names, return codes, request and wait-list types
 * and prototypes, as the RCCE and iRCCE documentation describes them.  Written from the published API
 * description; no third-party code.  Plain C89.
 *
 * Semantics (as emulated):
 *  - Each UE has ONE message-passing buffer, so its send requests form one
 *    queue and are progressed strictly in the order they were posted (thus
 *    also in order per destination).  Receive requests form one queue per
 *    source and are progressed in order per source.
 *  - iRCCE_isend / iRCCE_irecv return iRCCE_SUCCESS when the transfer
 *    completed at once, iRCCE_PENDING when it started but waits for the
 *    partner, iRCCE_RESERVED when it is queued behind an earlier request of
 *    the same queue (it cannot progress yet), or an RCCE error code.
 *  - *_test return iRCCE_SUCCESS (flag 1) when the request has completed and
 *    iRCCE_PENDING (flag 0) otherwise; iRCCE_NOT_ENQUEUED if the request was
 *    never posted successfully.  The flag pointer may be NULL.
 *  - *_push progress the queue and return iRCCE_SUCCESS when it is empty,
 *    iRCCE_PENDING otherwise.
 *  - Blocking RCCE_send / RCCE_recv are queued in the same queues, so they
 *    match non-blocking calls on the other side and keep the order.
 *  - A request may be in at most one wait list at a time; completed
 *    requests are removed from the list by wait/test functions.
 *  - iRCCE_test_any / iRCCE_wait_any set exactly one of the two output
 *    pointers to the completed request (the other to NULL) and return
 *    iRCCE_SUCCESS; on an empty list both are NULL and iRCCE_SUCCESS is
 *    returned; iRCCE_test_any returns iRCCE_PENDING if nothing completed.
 *    Either output pointer argument may be NULL.
 *  - Under virtual time (RCCE_EMU_TIME=model, see rcce_emu.c) a test or a
 *    wait-any first lets the requests complete on the host and then answers
 *    by the virtual clock: a request counts as complete once the UE's clock
 *    has reached its virtual completion time, and wait-any picks the request
 *    that completed first in virtual time.  So the answers do not depend on
 *    the host's scheduling.
 */
#ifndef IRCCE_H
#define IRCCE_H

#include <stddef.h>
#include "RCCE.h"

#ifdef __cplusplus
extern "C" {
#endif

#define iRCCE_SUCCESS           RCCE_SUCCESS
#define iRCCE_PENDING           (-1)
#define iRCCE_RESERVED          (-2)
#define iRCCE_NOT_ENQUEUED      (-3)

/* Link of a request into an iRCCE_WAIT_LIST (embedded in the request). */
struct iRCCE_wait_link {
    struct iRCCE_wait_link *next;
    int is_send;                /* 1: request is an iRCCE_SEND_REQUEST */
    void *request;
};

typedef struct iRCCE_send_request {
    char *buffer;               /* private data to send                */
    size_t size;                /* bytes in the message                */
    size_t moved;               /* bytes the receiver has taken        */
    size_t chunk;               /* bytes of the chunk now in the MPB   */
    int dest;                   /* receiving UE                        */
    int stage;                  /* progress stage (emulator private)   */
    int finished;               /* nonzero once the send completed     */
    int posted;                 /* nonzero once accepted by isend      */
    double vtime;               /* virtual time of its progress (model) */
    struct iRCCE_send_request *next;    /* next in the send queue      */
    struct iRCCE_wait_link wait_link;
} iRCCE_SEND_REQUEST;

typedef struct iRCCE_recv_request {
    char *buffer;               /* private buffer receiving the data   */
    size_t size;                /* bytes expected                      */
    size_t moved;               /* bytes received so far               */
    int source;                 /* sending UE                          */
    int finished;               /* nonzero once the receive completed  */
    int posted;                 /* nonzero once accepted by irecv      */
    double vtime;               /* virtual time of its progress (model) */
    struct iRCCE_recv_request *next;    /* next in this source's queue */
    struct iRCCE_wait_link wait_link;
} iRCCE_RECV_REQUEST;

typedef struct {
    struct iRCCE_wait_link *first;
    struct iRCCE_wait_link *last;
} iRCCE_WAIT_LIST;

int  iRCCE_init(void);

int  iRCCE_isend(char *buf, size_t size, int dest,
                 iRCCE_SEND_REQUEST *request);
int  iRCCE_isend_test(iRCCE_SEND_REQUEST *request, int *flag);
int  iRCCE_isend_wait(iRCCE_SEND_REQUEST *request);
int  iRCCE_isend_push(void);

int  iRCCE_irecv(char *buf, size_t size, int source,
                 iRCCE_RECV_REQUEST *request);
int  iRCCE_irecv_test(iRCCE_RECV_REQUEST *request, int *flag);
int  iRCCE_irecv_wait(iRCCE_RECV_REQUEST *request);
int  iRCCE_irecv_push(void);

void iRCCE_init_wait_list(iRCCE_WAIT_LIST *list);
void iRCCE_add_to_wait_list(iRCCE_WAIT_LIST *list,
                            iRCCE_SEND_REQUEST *send_request,
                            iRCCE_RECV_REQUEST *recv_request);
int  iRCCE_wait_all(iRCCE_WAIT_LIST *list);
int  iRCCE_test_all(iRCCE_WAIT_LIST *list, int *flag);
int  iRCCE_wait_any(iRCCE_WAIT_LIST *list,
                    iRCCE_SEND_REQUEST **send_request,
                    iRCCE_RECV_REQUEST **recv_request);
int  iRCCE_test_any(iRCCE_WAIT_LIST *list,
                    iRCCE_SEND_REQUEST **send_request,
                    iRCCE_RECV_REQUEST **recv_request);

#ifdef __cplusplus
}
#endif

#endif /* IRCCE_H */
