/*
** transport.h -- the transport contract: the ONLY interface through which the rest of
** skampi communicates. Backends: transport_mpi.c (default),
** transport_seq.c (SKAMPI_SEQ, one process), transport_rcce.c (SKAMPI_RCCE).
**
** The contract promises no more than RCCE can keep: no tags, no wildcards, the receiver
** names the sender and the exact byte count, and a send may be synchronous (it may not
** return before the matching receive started). Ranks inside a group are 0..size-1 in the
** order of the world ranks the group was built from.
**
** Groups are created collectively: EVERY world process calls sk_tp_group_create with the
** same rank list (the interpreter runs SPMD, so it does), members and non-members alike.
** Identical rank lists give the same group object (groups are cached for the run).
*/
#ifndef SK_TRANSPORT_H
#define SK_TRANSPORT_H

#include "base.h"
#include "host.h"

typedef struct sk_group sk_group;

/* Storage for one non-blocking operation; the caller owns it. */
typedef struct sk_request {
  int active;
#ifdef SKAMPI_MPI
  MPI_Request mpi;
#endif
#ifdef SKAMPI_RCCE
  int is_send;
  iRCCE_SEND_REQUEST send;
  iRCCE_RECV_REQUEST recv;
#endif
#ifdef SKAMPI_SEQ
  int is_send;
  void *buf;
  size_t size;
#endif
} sk_request;

SK_API void sk_tp_start(int *argc, char ***argv);
/* 1 after sk_tp_start (even after sk_tp_finish): the library may be asked about its
** objects. The modes that never start it (-h, -V, -l, -n, -t, -m, -r, -x) see 0. */
SK_API int sk_tp_started(void);
/* The wall-clock milliseconds that starting the library (MPI_Init or MPI_Init_thread)
** took inside sk_tp_start on this process, read with gettimeofday right before and after
** it (as osu_init reads its clock around MPI_Init); -1 where sk_tp_start started no
** library (sequential and RCCE backends, MPI started by the library's user) or the
** platform has no such clock. */
SK_API double sk_tp_start_ms(void);
SK_API void sk_tp_finish(void);
/* A library error returned inside a measurement (the MPI backend sets an error handler
** that records instead of aborting on every communicator measurements use -- those they
** make inherit it --, and on every window skampi's measurements make,
** sk_tp_errors_return_win; MPI-IO files keep the library's default): 1 and its text, one line ("MPI_ERR_WIN: invalid
** window"), into msg when one was recorded since the last call, which forgets it; 0 when
** none (always, for the other backends). */
SK_API int sk_tp_take_error(char *msg, size_t size);
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
/* The window (an MPI_Win*) returns its errors to that handler (MPI-2 and later). */
SK_API void sk_tp_errors_return_win(void *win);
#endif
/* Ends every process after a fatal condition; prints msg first (on the calling process). */
SK_API void sk_tp_abort(int status, const char *msg);
/* Every process that ends a started run with an error calls this: 1 when every process
** of the world calls it within `seconds` (the error was everybody's, as an error in the
** program is: a clean finalize follows), 0 when not -- the error, or the place where
** the processes went apart, was this process's alone (a name assigned on one rank only)
** or rank 0's alone, and the others wait in an operation that will never complete: the
** caller says so and ends the run with sk_tp_abort. On its own channel (a communicator
** of its own: it never matches a measurement's messages). Backends of one process, and
** RCCE (whose processes cannot wait for a message with a deadline), return 1. */
SK_API int sk_tp_end_alike(double seconds);

SK_API int sk_tp_world_rank(void);
SK_API int sk_tp_world_size(void);
SK_API sk_group *sk_tp_world(void);

/* MPI_COMM_SELF: the calling process alone, a different group on every process (made at
** start, so no collective creation; never returned by sk_tp_group_create). */
SK_API sk_group *sk_tp_self(void);
SK_API sk_group *sk_tp_group_create(const int *world_ranks, int n);
SK_API int sk_tp_group_rank(const sk_group *g);          /* -1 if not a member */
SK_API int sk_tp_group_size(const sk_group *g);
SK_API int sk_tp_group_world_rank(const sk_group *g, int rank);
SK_API const int *sk_tp_group_members(const sk_group *g); /* world ranks, size entries */

SK_API void sk_tp_send(sk_group *g, int dest, const void *buf, size_t n);
SK_API void sk_tp_recv(sk_group *g, int src, void *buf, size_t n);
SK_API void sk_tp_isend(sk_group *g, int dest, const void *buf, size_t n, sk_request *req);
SK_API void sk_tp_irecv(sk_group *g, int src, void *buf, size_t n, sk_request *req);
SK_API void sk_tp_wait(sk_request *req);
SK_API int sk_tp_test(sk_request *req);                  /* 1 when complete */

/* Collectives over all members of g (non-members must not call them). */
SK_API void sk_tp_barrier(sk_group *g);
SK_API void sk_tp_bcast(sk_group *g, void *buf, size_t n, int root);
/* The library's own broadcast (MPI_Bcast / RCCE_bcast) on the measurement channel. */
SK_API void sk_tp_library_bcast(sk_group *g, void *buf, size_t n, int root);
/* root receives n_each doubles from every member, in rank order, into all. */
SK_API void sk_tp_gather_doubles(sk_group *g, const double *mine, int n_each, double *all, int root);
/* Whether the measurements that run until the next call may leave a receive with a
** wildcard tag (MPI_ANY_TAG) pending when their process is done: 1 (the default) or 0. A
** transport whose control messages travel on the measured communicator (MPI under a
** simulator, transport_mpi.c) fences its gathers with a barrier while it is 1, so that no
** such receive can take a ballot. Every member of a group gives the same answer. */
SK_API void sk_tp_wildcard_tags(int may);

SK_API double sk_tp_wtime(void);
SK_API double sk_tp_wtick(void);
SK_API int sk_tp_wtime_is_global(void);
/* What the clock measures and how it is read, for the header: "wall time, MPI_Wtime",
** "wall time, clock_gettime(CLOCK_MONOTONIC)" (the sequential backend, transport_seq.c),
** ...; "CPU time, clock()" where the sequential backend has nothing better, and then
** sk_tp_clock_is_cpu_time is 1 (every result line says so, result_line.c). */
SK_API const char *sk_tp_clock_source(void);
SK_API int sk_tp_clock_is_cpu_time(void);
SK_API void sk_tp_processor_name(char *buf, size_t size);
/* Name and version of the communication library, for the output header. */
SK_API void sk_tp_library_version(char *buf, size_t size);

#if SK_SIMULATED
/* What the simulator says about the run (config.h's SK_SIMULATED), for the header: its
** version, the platform's hosts and the cores of this rank's host, the platform file and
** the --cfg= settings of the simulator's command line (Linux: /proc/self/cmdline; empty
** where it cannot be read; the launcher's bookkeeping settings left out), whether the
** computation between MPI calls is simulated (smpi/simulate-computation) and the time
** the simulator adds per MPI_Test (smpi/test) and per clock reading (smpi/wtime). */
typedef struct sk_tp_sim_facts {
  int major, minor, patch;
  long hosts;
  int cores;
  char platform[512];
  sk_str settings;          /* " --cfg=a:b --cfg=c:d" */
  int computation;
  double test_cost, wtime_cost;
} sk_tp_sim_facts;
SK_API void sk_tp_sim_facts_get(sk_tp_sim_facts *f);   /* hosts -1: */
SK_API long sk_tp_sim_host_count(void);               /* costs a list of all hosts */
#endif

#ifdef SKAMPI_MPI
/* The thread level (MPI-2 §8.7, MPI_Init_thread): SKAMPI_THREAD_LEVEL=single, funneled,
** serialized or multiple makes sk_tp_start call MPI_Init_thread with that level; unset,
** it calls MPI_Init (asking for MPI_THREAD_MULTIPLE everywhere can slow a library down),
** and so does the -DSKAMPI_MPI1 build, which ignores the variable. Levels in MPI's order. */
#define SK_THREAD_UNKNOWN (-2)   /* granted: an MPI-1 build cannot ask the library */
#define SK_THREAD_UNASKED (-1)   /* asked: none (MPI_Init) */
#define SK_THREAD_SINGLE 0
#define SK_THREAD_FUNNELED 1
#define SK_THREAD_SERIALIZED 2
#define SK_THREAD_MULTIPLE 3
SK_API int sk_tp_thread_asked(void);
#if SK_MPI_LEVEL >= 2
/* Before sk_tp_start: the level to ask when SKAMPI_THREAD_LEVEL asks none (IMB-MT's
** -thread_level, peer_names.h); SK_THREAD_UNASKED: MPI_Init. MPI-2 and later. */
SK_API void sk_tp_thread_ask(int level);
#endif
SK_API int sk_tp_thread_granted(void);
/* "MPI_THREAD_MULTIPLE", ...; "unknown" for SK_THREAD_UNKNOWN. */
SK_API const char *sk_tp_thread_level_name(int level);

/* MPI-only measurement functions use the group's measurement communicator (a duplicate
** of the one skampi uses for its own control messages). */
SK_API MPI_Comm sk_tp_group_mpi_comm(const sk_group *g);
/* Collective over g's members: g's measurement communicator replaced by a new duplicate
** of its control communicator, so that what the library fixes when a communicator is
** created (Open MPI's forced collective algorithms, coll_algorithms.h) is taken anew. */
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 3 && defined(MPI_T_CVAR_HANDLE_NULL)   /* SK_HAVE_MPIT_CVARS (libsettings.h) */
SK_API void sk_tp_group_renew_measure(sk_group *g);
#endif
/* What one reading of MPI_Wtime adds to an interval between two readings: the least
** difference of SK_CLOCK_PAIRS back-to-back readings, taken once per process (the
** ping-pongs subtract it; the output's header says so). */
#define SK_CLOCK_PAIRS 100
SK_API double sk_tp_mpi_clock_cost(void);
#endif

#endif
