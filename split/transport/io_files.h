/*
** io_files.h -- the files of the MPI-IO measurements (SKaMPI 6 io.c, localio.c): their
** directory (set_io_working_dir, or a fresh one under TMPDIR named after rank 0's host and
** process id), their names (host, process id, counter: concurrent runs cannot collide),
** and their removal: the directories that dead runs on this host left, the registered
** files on SIGTERM, SIGINT and SIGHUP, the default directory at the end. Outside MPI-IO
** builds these calls do nothing. The rules: doc/internals.md, "transport".
*/
#ifndef SK_IO_FILES_H
#define SK_IO_FILES_H

#include "base.h"
#include "transport.h"

/* Collective over the world: world rank 0 names the default directory, every process
** learns the name and installs the signal handlers. Without this call (unit tests) each
** process names the default directory after itself on first use. */
SK_API void sk_io_files_start(void);
/* The header line "# MPI-IO files: ..." (nothing outside MPI-IO builds). */
SK_API void sk_io_files_describe(sk_str *out, const char *dir);
/* Removes the registered files and the default directory if empty (every process). */
SK_API void sk_io_files_finish(void);

#if SK_HAVE_MPI_IO
/* The directory of test files: `dir` if not NULL, else the default one (made if needed);
** NULL when it cannot be made (a missing or read-only TMPDIR), with the reason -- naming
** TMPDIR and the path -- in why (a user error for the callers). */
SK_API const char *sk_io_dir(const char *dir, char *why, size_t size);
/* Collective over comm: rank 0 makes a new file name (`kind` and `group` go into it, e.g.
** "shared", 0), every process receives it in path and registers it for removal; 1. 0
** when rank 0 could not make the directory: every process has the reason in path. */
SK_API int sk_io_new_name(MPI_Comm comm, const char *dir, const char *kind, int group, char *path, size_t size);
/* A name of a file that exists no more (deleted, or never created): unregistered. */
SK_API void sk_io_forget(const char *path);
/* Removes the file if it exists (unlink) and unregisters it. */
SK_API void sk_io_remove(const char *path);
#endif

#endif
