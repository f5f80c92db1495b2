/*
** forked.h -- child processes that a measurement forks beside itself and ends again
** (osu_latency_mp's setting: a process that has forked, its children asleep): start N
** children that make no call of skampi or of the communication library, reset the
** signals skampi handles to their defaults, sleep at most a bounded time (or until their
** parent is gone) and _exit; then reap each by its pid (ending the ones still asleep).
** fork() is POSIX: SK_HAVE_FORK is 0 where unistd.h does not say _POSIX_VERSION, under a
** simulator (SMPI's ranks are threads of one process) and with -DSKAMPI_NO_FORK. The
** functions stand where SK_HAVE_FORK is 1 in the MPI build (their one user is
** Pingpong_forked, meas_mpi_p2p.c); SK_FORKED_NEEDS says what a build without them lacks.
*/
#ifndef SK_FORKED_H
#define SK_FORKED_H

#include "base.h"
#include <unistd.h>
#include <sys/types.h>

#if defined(_POSIX_VERSION) && !SK_SIMULATED && !defined(SKAMPI_NO_FORK)
#define SK_HAVE_FORK 1
#else
#define SK_HAVE_FORK 0
#endif

#ifdef SKAMPI_MPI
#define SK_FORKED_NEEDS "fork() (POSIX)"
#else
#define SK_FORKED_NEEDS "an MPI library and fork() (POSIX)"
#endif

/* The most children of one process (OSU 7.4: fewer than MAX_NUM_PROCESSES 128), and the
** longest a child sleeps (OSU's CHILD_SLEEP_SECONDS). */
#define SK_FORKED_MAX 127
#define SK_FORKED_SLEEP_SECONDS 2

typedef struct sk_forked {
  long pid[SK_FORKED_MAX];   /* the children started, in order */
  int started;               /* how many fork() made */
  int reaped;                /* how many waitpid returned (sk_forked_reap) */
  int ended_alone;           /* of those, how many had ended by themselves (their sleep out) */
  int running;               /* started and not yet reaped */
} sk_forked;

#if SK_HAVE_FORK && defined(SKAMPI_MPI)
/* Starts n children (0 to SK_FORKED_MAX) into *f (which is cleared first); returns n, or
** the number started before fork() failed (errno's text in why). Flushes stdout and stderr first, so that no child holds
** a copy of the parent's buffered output. */
SK_API int sk_forked_start(sk_forked *f, int n, char *why, size_t why_size);
/* Reaps every running child of *f by its pid: those still asleep are sent SIGKILL
** first. Returns the number reaped now (f->reaped counts all); a child that cannot be
** reaped (not this process's child any more) is not counted. */
SK_API int sk_forked_reap(sk_forked *f);
/* "N started (pids A B ...), M reaped" of *f into buf (pids while they fit; "0 started, 0
** reaped" without children). */
SK_API void sk_forked_describe(const sk_forked *f, char *buf, size_t size);
#endif

#endif
