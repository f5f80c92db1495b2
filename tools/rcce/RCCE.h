/*
 * RCCE.h - public API of RCCE 1.0.x (the simplified, "non-gory" interface)
 * as provided by the host emulator tools/rcce/rcce_emu.c.
 *
 * This file owns the RCCE names, constants, types and prototypes that
 * programs written for the Intel SCC use, as the RCCE and iRCCE documentation describes them.
 * Written from the published API description; no Intel code.
 * Plain C89.
 */
#ifndef RCCE_H
#define RCCE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- basic constants ---- */
#define RCCE_SUCCESS            0
#define RCCE_LINE_SIZE          32      /* bytes per cache line / MPB line  */
#define RCCE_BUFF_SIZE_MAX      8192    /* bytes of message-passing buffer
                                           (MPB) owned by each UE          */
#define RCCE_MAXNP              48      /* most UEs (cores) of one program  */
#define RCCE_MAX_ERROR_STRING   64      /* buffer size for error strings    */

/* ---- error codes (RCCE_ERROR_BASE upwards) ---- */
#define RCCE_ERROR_BASE                 1234321
#define RCCE_ERROR_TARGET               (RCCE_ERROR_BASE + 1)
#define RCCE_ERROR_SOURCE               (RCCE_ERROR_BASE + 2)
#define RCCE_ERROR_ID                   (RCCE_ERROR_BASE + 3)
#define RCCE_ERROR_MESSAGE_LENGTH       (RCCE_ERROR_BASE + 4)
#define RCCE_ERROR_FLAG_UNDEFINED       (RCCE_ERROR_BASE + 5)
#define RCCE_ERROR_NUM_UES              (RCCE_ERROR_BASE + 6)
#define RCCE_ERROR_FLAG_NOT_ALLOCATED   (RCCE_ERROR_BASE + 7)
#define RCCE_ERROR_INVALID_ERROR_CODE   (RCCE_ERROR_BASE + 8)
#define RCCE_ERROR_COMM_UNDEFINED       (RCCE_ERROR_BASE + 9)
#define RCCE_ERROR_ILLEGAL_OP           (RCCE_ERROR_BASE + 10)
#define RCCE_ERROR_ILLEGAL_TYPE         (RCCE_ERROR_BASE + 11)
#define RCCE_ERROR_MALLOC               (RCCE_ERROR_BASE + 12)
#define RCCE_ERROR_COMM_INITIALIZED     (RCCE_ERROR_BASE + 13)
#define RCCE_ERROR_NOT_INITIALIZED      (RCCE_ERROR_BASE + 14)
#define RCCE_ERROR_ENVIRONMENT          (RCCE_ERROR_BASE + 15)
#define RCCE_MAX_ERROR_NUMBER           (RCCE_ERROR_BASE + 15)

/* ---- flag values ---- */
#define RCCE_FLAG_UNSET         0
#define RCCE_FLAG_SET           1

/* ---- reduction operations ---- */
#define RCCE_SUM                1
#define RCCE_MIN                2
#define RCCE_MAX                3
#define RCCE_PROD               4

/* ---- reduction data types ---- */
#define RCCE_INT                1
#define RCCE_LONG               2
#define RCCE_FLOAT              3
#define RCCE_DOUBLE             4

/* ---- types ---- */
typedef volatile unsigned char *t_vcharp;

/* A synchronisation flag: the address of this UE's copy of the flag in the
   message-passing area; every UE has its copy at the same offset. */
typedef t_vcharp RCCE_FLAG;
typedef int RCCE_FLAG_STATUS;

/* A communicator: its members (UE numbers, ascending) and the two flags
   its barrier uses. */
typedef struct {
    int size;                   /* number of members                   */
    int my_rank;                /* rank of the calling UE in member[]  */
    int initialized;            /* nonzero once set up                 */
    int member[RCCE_MAXNP];     /* member[rank] = UE number            */
    RCCE_FLAG gather;           /* barrier: arrival flag               */
    RCCE_FLAG release;          /* barrier: release flag               */
} RCCE_COMM;

extern RCCE_COMM RCCE_COMM_WORLD;

/* ---- core functions ---- */
int    RCCE_init(int *argc, char ***argv);
int    RCCE_finalize(void);
double RCCE_wtime(void);
int    RCCE_ue(void);
int    RCCE_num_ues(void);

/* ---- point to point: synchronous, no tags, sizes must match ---- */
int    RCCE_send(char *buf, size_t size, int dest);
int    RCCE_recv(char *buf, size_t size, int source);
int    RCCE_recv_test(char *buf, size_t size, int source, int *test);

/* ---- collectives (root is a rank in comm) ---- */
int    RCCE_bcast(char *buf, size_t size, int root, RCCE_COMM comm);
int    RCCE_reduce(char *inbuf, char *outbuf, int num, int type, int op,
                   int root, RCCE_COMM comm);
int    RCCE_allreduce(char *inbuf, char *outbuf, int num, int type, int op,
                      RCCE_COMM comm);
int    RCCE_barrier(RCCE_COMM *comm);

/* ---- communicators ---- */
int    RCCE_comm_split(int (*color)(int ue, void *aux), void *aux,
                       RCCE_COMM *comm);
int    RCCE_comm_free(RCCE_COMM *comm);
int    RCCE_comm_size(RCCE_COMM comm, int *size);
int    RCCE_comm_rank(RCCE_COMM comm, int *rank);

/* ---- miscellaneous ---- */
int    RCCE_error_string(int err, char *str, int *len);
void   RCCE_fence(void);

#ifdef __cplusplus
}
#endif

#endif /* RCCE_H */
