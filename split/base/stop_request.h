/*
** stop_request.h -- a request from outside to end the run at the next suite boundary:
** SIGUSR1, the warning a batch system sends before a job's time limit (Slurm's
** --signal=USR1@N, PBS's qsig -s USR1). The handler only records the signal; the
** interpreter asks every process before each suite (interp.c) and, when any of them was
** asked, all stop alike with SK_EXIT_STOPPED: the suites written so far are complete and
** recorded in the run's log, so the same command continues after them (runlog.h).
** SIGTERM keeps its default action (the MPI-IO files' handler, io_files.h, removes the
** files first): the run ends at once, the suite in progress is cut on resuming.
*/
#ifndef SK_STOP_REQUEST_H
#define SK_STOP_REQUEST_H

#include "base.h"

/* Installs the SIGUSR1 handler (a signal ignored by the caller stays ignored). Where the
** system has no SIGUSR1 nothing happens and no stop is ever requested. */
SK_API void sk_stop_request_install(void);
/* The signal that asked this process to stop (SIGUSR1), 0 when none did. */
SK_API int sk_stop_requested(void);

#endif
