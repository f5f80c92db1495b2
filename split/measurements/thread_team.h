/*
** thread_team.h -- a team of POSIX threads for the threaded measurements
** (meas_mpi_threads.c, meas_mpi_partitioned.c): the caller is thread 0, the team's other
** threads are made before the timed span and wait at a gate, so that the span holds the
** work, not the making of threads; a barrier lets the threads meet between steps.
** SK_HAVE_THREADS: 1 where the build has POSIX threads (an MPI build of MPI-2 or later on
** a system whose unistd.h declares _POSIX_THREADS; -DSKAMPI_NO_THREADS leaves them out).
** glibc 2.34 and later keep pthread in libc, so `mpicc skampi_amalgam.c -lm` links; an
** older C library needs -pthread. SK_ROW_THREADS rows exist in every build, their
** functions only where SK_HAVE_THREADS.
*/
#ifndef SK_THREAD_TEAM_H
#define SK_THREAD_TEAM_H

#include "measure.h"
#include "sync_window.h"

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2 && !defined(SKAMPI_NO_THREADS) \
    && (defined(__unix__) || defined(__APPLE__))
#include <unistd.h>
#if defined(_POSIX_THREADS) && _POSIX_THREADS > 0
#include <pthread.h>
#define SK_HAVE_THREADS 1
#endif
#endif
#ifndef SK_HAVE_THREADS
#define SK_HAVE_THREADS 0
#endif

#if SK_HAVE_THREADS
#define SK_IF_THREADS(f) f
#else
#define SK_IF_THREADS(f) NULL
#endif
#define SK_ROW_THREADS(N, S, P, MP, V, M, I, F, PR, C, NO) \
  SK_ROW_GUARDED(SK_IF_THREADS, "MPI-2 (MPI_THREAD_MULTIPLE) and POSIX threads", N, S, P, MP, V, M, I, F, PR, C, NO)

/* The most threads a team has. */
#define SK_TEAM_MAX 64

#if SK_HAVE_THREADS
typedef void (*sk_team_fn)(void *arg, int thread);

struct sk_team;
typedef struct sk_team_member {
  struct sk_team *team;
  int index;
} sk_team_member;

typedef struct sk_team {
  int n;                         /* threads, the caller included */
  sk_team_fn fn;
  void *arg;
  pthread_t threads[SK_TEAM_MAX];
  sk_team_member members[SK_TEAM_MAX];
  pthread_mutex_t lock;
  pthread_cond_t changed;
  int open;                      /* the gate */
  int arrived;                   /* at the barrier in this round */
  unsigned long round;           /* barrier rounds completed */
} sk_team;

/* Makes threads 1..n-1, which wait at the gate to run fn(arg, i). Returns 0 when a thread
** could not be made (then none is left running). */
SK_API int sk_team_start(sk_team *t, int n, sk_team_fn fn, void *arg);
/* Opens the gate and runs fn(arg, 0) on the caller, then waits until every thread of the
** team has returned from fn. */
SK_API void sk_team_run(sk_team *t);
#if SK_MPI_LEVEL >= 4
/* Every thread of the team waits here until all n arrived (the partitioned rows). */
SK_API void sk_team_barrier(sk_team *t);
#endif
#endif

/* Where a row refuses threads: the threaded rows and the MPI-4 partitioned ones. */
#if SK_HAVE_THREADS || (defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 4)
#define SK_TEAM_REFUSE 1
#else
#define SK_TEAM_REFUSE 0
#endif

/* The refusal of a row that needs MPI_THREAD_MULTIPLE for `threads` threads: 1 (after
** sk_meas_fail with a message saying what was granted and how to ask) when the library
** did not grant it or threads is outside 1..SK_TEAM_MAX; one thread needs no level. */
#if SK_TEAM_REFUSE
SK_API int sk_team_refuse(sk_mctx *m, const char *fn, long threads);
#endif

#endif
