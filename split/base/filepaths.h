/*
** filepaths.h -- the rules for every file skampi writes (results, log): what a path is,
** when the old content is kept under a backup name, and how it is opened. Also the few
** other questions skampi asks the operating system (POSIX): process id, host name,
** whether a stream is a terminal, a short sleep.
**
** Rules: only an existing regular file with content is renamed to the first free
** NAME.1, NAME.2, ...; a symbolic link to a regular file keeps the link and its target:
** the target's content is copied to LINK.N and then replaced through the link; a
** character device, FIFO, socket or terminal is opened and written as it is (never
** renamed); a directory, or a path that cannot be opened for writing, is refused before
** anything is changed or measured.
*/
#ifndef SK_FILEPATHS_H
#define SK_FILEPATHS_H

#include "base.h"

typedef enum sk_path_kind {
  SK_PATH_MISSING,          /* nothing there (a dangling link counts as missing) */
  SK_PATH_REGULAR,
  SK_PATH_LINK_TO_REGULAR,
  SK_PATH_DEVICE,           /* character or block device, terminals included */
  SK_PATH_FIFO,
  SK_PATH_SOCKET,
  SK_PATH_DIRECTORY,
  SK_PATH_OTHER
} sk_path_kind;

/* What is at path now; *size gets the (target's) size in bytes, 0 when none. */
SK_API sk_path_kind sk_path_kind_of(const char *path, long *size);
SK_API const char *sk_path_kind_name(sk_path_kind k);
/* True for the kinds whose old content is kept and that a log can follow (a regular
** file, a link to one, or nothing yet). */
SK_API int sk_path_is_file_like(sk_path_kind k);
/* Keeps the old content of path by the rules above; backup gets the name used ("" when
** nothing was kept). 0 with *err set when that fails (then nothing was changed). */
SK_API int sk_path_keep_backup(const char *path, char *backup, size_t backup_size, sk_str *err);
/* path with the symbolic links of its last component followed (a link's relative target
** taken from the link's directory; at most 40 in a row), into *out: the name of the file
** that is really written, whose lock file runlog.c names after it. */
SK_API void sk_path_resolve_links(const char *path, sk_str *out);
/* Copies the content of path (through a link) to the first free PATH.N; path stays. */
SK_API int sk_path_copy_backup(const char *path, char *backup, size_t backup_size, sk_str *err);
/* Opens path for writing as its kind requires: a file (or a link to one) is truncated,
** a device, FIFO or socket is written as it is (a FIFO waits up to wait_seconds for a
** reader). NULL with *err set when it cannot be written. Call sk_path_keep_backup first. */
SK_API FILE *sk_path_open_for_writing(const char *path, int wait_seconds, sk_str *err);
/* Writes len bytes of data to the first free PATH.N (created here, never an existing
** file): a backup of a file whose content was read otherwise (runlog.c reads its log
** through the one descriptor that holds the lock, and must not open it again). */
SK_API int sk_path_write_backup(const char *path, const char *data, size_t len, char *backup,
                                size_t backup_size, sk_str *err);
/* Cuts the file at path to its first `bytes` bytes and opens it for appending there. */
SK_API FILE *sk_path_open_at(const char *path, long bytes, sk_str *err);
/* The identity of the file at path (through links): 1 with its device and inode numbers
** (as unsigned long: compared only with numbers taken the same way), 0 when missing. */
SK_API int sk_path_identity(const char *path, unsigned long *dev, unsigned long *ino);
/* path as an absolute path (the working directory put before a relative one, whose
** leading "./" are dropped; not otherwise normalised) into *abs. */
SK_API void sk_path_absolute(const char *path, sk_str *abs);

/* Checked writing (the output, reports, exports, merges): every byte written or an error
** number. sk_path_write writes all n bytes to f's descriptor (write(2), past stdio's
** buffer, which stays empty, so that closing f flushes nothing): 0, or the errno of the
** failure (EPIPE too: the caller ignores SIGPIPE, sk_os_ignore_sigpipe). */
SK_API int sk_path_write(FILE *f, const char *data, size_t n);
/* Cuts the file of f to its first `bytes` bytes and goes on writing there: 0 or errno. */
SK_API int sk_path_cut(FILE *f, long bytes);
/* Whether path still names the file open as f (not removed, nor its directory). */
SK_API int sk_path_still_there(FILE *f, const char *path);
/* Whether f's descriptor is open for writing (a closed standard output is not). */
SK_API int sk_path_stream_writable(FILE *f);
/* The name sk_path_keep_backup would give the old content of path now ("" when none). */
SK_API void sk_path_backup_name(const char *path, char *name, size_t size);
/* Writes data (n bytes) as the new content of path so that a partial file never stands
** under that name: a file (or a link to one: its target) is written to a temporary file
** in its directory (PATH.tmpPID), checked to the last byte and closed; only then is
** the old content kept by the rules above and the temporary renamed over the name. A
** device, FIFO or socket is written as it is (checked). 1: done (backup names the kept
** old content, "" when none); 0: path cannot be written at all (nothing changed);
** -1: writing failed (a full file system or device, a reader that quit): the temporary
** is removed, the old file is intact. *err names the path and the reason (strerror). */
SK_API int sk_path_replace(const char *path, const char *data, size_t n, char *backup,
                           size_t backup_size, sk_str *err);

/* SIGPIPE ignored, so that a reader that quits (a pipe, a FIFO) gives EPIPE, a write
** error with a message, instead of ending skampi without one. */
SK_API void sk_os_ignore_sigpipe(void);

/* How long skampi waits for a locked output or log, or a FIFO's reader: the environment
** variable SKAMPI_WAIT (seconds), default 10. */
SK_API int sk_os_wait_seconds(void);
SK_API long sk_os_process_id(void);
/* Processors online on this host (0: unknown). */
SK_API void sk_os_host_name(char *buf, size_t size);
SK_API int sk_os_is_terminal(FILE *f);
SK_API void sk_os_sleep(double seconds);

#endif
