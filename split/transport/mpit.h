/*
** mpit.h -- the MPI tools interface's performance variables beside every result (MPI-3
** §14.3, "MPI_T"): compiled with -DSKAMPI_MPIT where mpi.h declares MPI 3 or later.
** switch_mpit_on() in a .ski program (@MPI_T yes in a SKaMPI 4 parameter file) makes the
** engine read every readable performance variable before and after the timed
** repetitions of each result, on every process of the measurement communicator; rank 0
** of that communicator gets the note: one `# mpit NAME (CLASS): ...` line per variable
** that changed (counters, timers, aggregates: the difference; levels, sizes, watermarks,
** percentages: the value after), summed and maximised over the processes. Written as
** comment lines under the result line, so the result columns stay as they are.
*/
#ifndef SK_MPIT_H
#define SK_MPIT_H

#include "transport.h"

/* MPI_T is tested by what mpit.c uses (a session handle comes with the performance
** variables), not by the version alone: SimGrid's SMPI says MPI 3.1 and has no MPI_T. */
#if defined(SKAMPI_MPI) && defined(SKAMPI_MPIT) && SK_MPI_LEVEL >= 3 && defined(MPI_T_PVAR_SESSION_NULL)
#define SK_HAVE_MPIT 1
#else
#define SK_HAVE_MPIT 0
#endif

/* Members of g, all of them, around the timed repetitions. sk_mpit_end fills note on
** rank 0 of g (empty elsewhere, and when nothing changed). */
SK_API void sk_mpit_begin(sk_group *g);
SK_API void sk_mpit_end(sk_group *g, char *note, size_t size);
/* The performance and control variables the library offers (skampi -l MPI_T); works
** without MPI_Init. Returns 0 in builds without MPI_T (with a line saying why). */
SK_API int sk_mpit_list(sk_str *out);

#endif
