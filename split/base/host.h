/*
** host.h -- this process's host as the operating system sees it: the processors it may
** run on, and giving the processor away while skampi waits (sched_yield, a short sleep). Everything has a fallback: where
** the system cannot tell, a count is 0 ("unknown") and the waits spin.
*/
#ifndef SK_HOST_H
#define SK_HOST_H

#include "base.h"

/* Processors online (sysconf(_SC_NPROCESSORS_ONLN)); 0: unknown. *affinity (when not
** NULL) receives the processors this process may run on (sched_getaffinity, Linux), 0:
** unknown. Builds with SKAMPI_TESTING take both from the environment variable
** SKAMPI_TEST_PROCESSORS when it is set (tests are then independent of the machine). */
SK_API int sk_host_processors(int *affinity);
/* The processors this process may run on as a bit set (processor i: bit i % 8 of
** bits[i / 8]) for the first 8 * nbytes processors; returns how many bits are set, 0
** when the system cannot tell (bits are then all 0). */
SK_API int sk_host_affinity_mask(unsigned char *bits, int nbytes);

/* The processor this process runs on right now (Linux: sched_getcpu), -1 where the
** system does not tell -- and under a simulator, whose ranks run on none of this
** machine's processors. A snapshot: a process that is not bound may move at any time. */
SK_API int sk_host_cpu(void);

/* This machine's identity, shared by every process on the same operating-system kernel
** whatever its hostname (containers and network namespaces that pose as hosts share the
** processors): Linux's boot id (/proc/sys/kernel/random/boot_id). Returns 0 and an empty
** buf where the system does not tell. */
SK_API int sk_host_machine_id(char *buf, size_t size);

/* Whether this host is oversubscribed (set once at start, see oversub.c): skampi's own
** control messages then wait by polling and yielding (transport_mpi.c). */
SK_API void sk_host_set_crowded(int crowded);
SK_API int sk_host_crowded(void);
/* Whether the crowding was found out (sk_host_set_crowded called, by
** sk_oversub_detect). Until then -- a program that uses the engine without detecting --
** the waits yield and the start tolerance is a crowded host's, as the safe choice where
** the processes may outnumber the processors. */
SK_API int sk_host_crowding_known(void);
/* Whether skampi's waits (start times, sk_host_idle) yield: set with the crowding, and
** changed between suites from what the run sees (interference.h); 1 until the crowding
** is known. */
SK_API void sk_host_set_waits_yield(int yield);
SK_API int sk_host_waits_yield(void);
/* Give the processor to another runnable process; with none, it comes straight back. */
SK_API void sk_host_yield(void);
/* One step of waiting for a message that has not come after `waited` seconds. Where the
** waits yield: spin for the first HOST_SPIN_FOR (20 us), then yield, after
** HOST_NAP_AFTER (2 ms) nap. Otherwise it keeps the processor (returns at once): the
** processes it could yield to are not the run's own, and a yielded processor comes
** back only after their time slice (doc/manual.md, "Interference"). */
SK_API void sk_host_idle(double waited);
/* Under a simulator (SK_SIMULATED, config.h): let `seconds` of simulated time pass for
** this rank, as a wait on a real host lets real time pass (real time passes by itself). */
#if SK_SIMULATED
SK_API void sk_host_pass(double seconds);
#endif
/* About a millisecond off the processor (poll with a timeout; nothing where there is no
** poll): for waits with nothing to hurry for (the MPI backend's sk_tp_end_alike). */
#ifdef SKAMPI_MPI
SK_API void sk_host_nap(void);
#endif
/* Before an abort: wait until whoever reads this process's standard output and error
** through a pipe (an MPI launcher forwarding them) has taken what was written, for at
** most `seconds` -- a launcher that handles the abort first drops what it had not read.
** Linux tells what is still in a pipe (FIONREAD); elsewhere, or on a file or terminal,
** it returns at once. */
#ifdef SKAMPI_MPI
SK_API void sk_host_let_output_drain(double seconds);
#endif
/* The involuntary context switches of this process so far (getrusage's ru_nivcsw, all
** its threads): the scheduler took the processor from it while it could run (sched_yield
** counts too). -1 where the system does not tell. */
SK_API long sk_host_involuntary_switches(void);
/* Processes runnable on the whole machine right now, this one included (Linux: the
** fourth field of /proc/loadavg); -1 where the system does not tell. */
SK_API int sk_host_runnable(void);

/* The poll breaker, for a library that busy-polls on an oversubscribed host and has no
** setting that yields (MPICH's ch4 device): a timer signal (SIGALRM from setitimer's
** ITIMER_REAL) every interval_us microseconds whose handler calls sched_yield, so a
** process that spins waiting for a peer without a processor hands the processor over
** after at most one interval instead of a scheduler tick (4 ms at HZ=250) or a whole time
** slice. The handler touches nothing else; the signal restarts interrupted system calls
** (SA_RESTART). Where the system has no ITIMER_REAL (or with SKAMPI_NO_YIELD) start
** returns 0 and nothing happens.
** prepare: before the library starts its threads (MPI_Init) -- blocks SIGALRM in this
**   thread, so the threads it starts inherit the block and the signal always reaches
**   the thread that polls; start unblocks it here again.
** stop: before the library ends (MPI_Finalize), and harmless when not running. */
#if defined(SKAMPI_MPI) || defined(SKAMPI_TESTING)
SK_API void sk_host_breaker_prepare(void);
SK_API int sk_host_breaker_start(long interval_us);
SK_API void sk_host_breaker_stop(void);
SK_API long sk_host_breaker_interval(void);    /* 0: not running */
#endif
#ifdef SKAMPI_TESTING
SK_API long sk_host_breaker_signals(void);     /* signals handled since start */
#endif

/* The deadline, for a library call that may never return although its work is done
** (MPI_Finalize; see transport_mpi.c): after `seconds` seconds (alarm, SIGALRM) the
** process writes `message` to stderr and ends with status 0 (_exit), from whichever of
** its threads takes the signal -- if it spent at least half of that time on a processor
** (spinning in the library); a process that waited, blocked, gets `seconds` more and
** then ends alike (host.c says why). start returns 0 and arms nothing where the system has no
** alarm, or when seconds is 0; stop disarms it (harmless when not armed). Not together
** with the poll breaker, which uses the same signal: stop that first. */
#if defined(SKAMPI_MPI) || defined(SKAMPI_TESTING)
SK_API int sk_host_deadline_start(unsigned seconds, const char *message);
SK_API void sk_host_deadline_stop(void);
#endif

#endif
