/*
** libsettings.h -- the MPI library's settings for the header of every result file
** (doc/manual.md "The library's settings"): the environment variables the libraries
** read their tuning from (MPICH's MPIR_CVAR_ / MPIR_PARAM_ / MPICH_, Open MPI's
** OMPI_MCA_, UCX's UCX_, libfabric's FI_; not PMIx's PMIX_MCA_, the process manager's,
** which the launcher sets), as `# library setting:
** NAME=VALUE` lines, and, where MPI_T exists (MPI 3.0 §14.3; not in -DSKAMPI_MPI1 builds
** nor where mpi.h lacks the control variables), each control variable that such a
** variable sets, as the library holds it: `# library MPI_T: NAME = VALUE (ENV)`. MPI_T
** gives no default value, so "differs from its default" is read as "set through the
** environment"; a setting from a file (Open MPI's mca-params.conf) is not seen.
** Values only: a variable whose name says it holds a key, token, secret or password,
** and what the launchers pass about the job (Open MPI's orte_, ess and pmix variables,
** its precondition_transports key, URIs, directories; Hydra's host name), are left out.
*/
#ifndef SK_LIBSETTINGS_H
#define SK_LIBSETTINGS_H

#include "transport.h"

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 3 && defined(MPI_T_CVAR_HANDLE_NULL)
#define SK_HAVE_MPIT_CVARS 1
#else
#define SK_HAVE_MPIT_CVARS 0
#endif

/* The header lines (rank 0, after MPI_Init); nothing when no such variable is set. */
SK_API void sk_libsettings_describe(sk_str *header);
/* Whether NAME (an environment variable's) is one of the libraries' settings and may be
** shown (its prefix, and not a secret). */
SK_API int sk_libsettings_wanted(const char *name);

#endif
