/*
** peruse.h -- PERUSE events beside every result (MPI PERUSE 2.0): compiled with
** -DSKAMPI_PERUSE where the MPI library provides <peruse.h> (an Open MPI configured with
** --enable-peruse; tools/peruse/build-openmpi.sh makes one). switch_peruse_on() in a .ski
** program (@PERUSE yes in a SKaMPI 4 parameter file) makes the engine register callbacks for the point-to-point events of PERUSE
** §4.3 on the measurement communicator around the repetitions of each result (from the
** engine's warm-up call on; the engine's own messages use another communicator; events
** queried by name, §5.2.3; an event the library lacks is named in the output, not
** fatal). Rank 0 of the communicator gets the note, written under the result line:
**   # peruse events: NAME count, ...                (summed over the processes)
**   # peruse activate->xfer_begin: mean, max, n      (time from a request's activation
**   # peruse xfer_begin->xfer_end: ...                to its transfer, the transfer, and
**   # peruse posted queue / unexpected queue: ...     the residence in the queues, §3.5)
*/
#ifndef SK_PERUSE_H
#define SK_PERUSE_H

#include "transport.h"

#if defined(SKAMPI_MPI) && defined(SKAMPI_PERUSE)
#define SK_HAVE_PERUSE 1
#else
#define SK_HAVE_PERUSE 0
#endif

/* As mpit.h's pair: all members of g call them around the repetitions; rank 0 gets the note. */
SK_API void sk_peruse_begin(sk_group *g);
SK_API void sk_peruse_end(sk_group *g, char *note, size_t size);

#endif
