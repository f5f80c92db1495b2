/*
** library_polling.h -- how the MPI library waits (busy polling or yielding) on an
** oversubscribed host, and what skampi does about it. Measured on 4 processes on 2
** cores (doc/manual.md, "Oversubscription"): Open MPI's mpi_yield_when_idle turns 23 ms per
** small MPI_Allreduce into 8 us; it is read at MPI_Init only (an MPI_T write before or
** after MPI_Init changed nothing), so skampi sets OMPI_MCA_mpi_yield_when_idle=1 in its
** environment before MPI_Init when the launcher's count of processes on this host exceeds
** its processors -- never when the variable is set already (by the user), and not with
** SKAMPI_LIBRARY_YIELD=0. MPICH 4.0 with ch4 has no setting that yields (the library calls
** no yield function; MPIR_CVAR_POLLS_BEFORE_YIELD changed nothing), so there skampi starts
** the poll breaker of host.h: a timer signal every SKAMPI_YIELD_TIMER_US microseconds
** (default 100; 0 turns it off, as does SKAMPI_LIBRARY_YIELD=0) whose handler yields.
*/
#ifndef SK_LIBRARY_POLLING_H
#define SK_LIBRARY_POLLING_H

#include "transport.h"

#ifdef SKAMPI_MPI
/* Called before the library starts (MPI_Init). */
SK_API void sk_lib_polling_before_init(void);
#endif
/* Whether LOCAL processes on this host crowd its processors, as far as one process can
** tell before MPI_Init: ONLINE processors online, MASK processors in its affinity mask (0:
** unknown), BOUND_AT_LAUNCH when the launcher bound each process to a processor of its own. */
#if (defined(SKAMPI_MPI) && defined(OMPI_MAJOR_VERSION)) || defined(SKAMPI_TESTING)
SK_API int sk_lib_polling_crowded(long local, int online, int mask, int bound_at_launch);
#endif
/* After the oversubscription check (oversub.c, every process): starts the poll breaker
** where the library busy-polls and cannot be told otherwise (MPICH). */
SK_API void sk_lib_polling_after_detect(int oversubscribed);
/* Header lines ("# library polling: ...") and, when oversubscribed, warning text for
** stderr (empty when there is nothing to say). After MPI_Init. */
SK_API void sk_lib_polling_describe(int oversubscribed, sk_str *header, sk_str *warning);

#endif
