/*
** runlog.h -- the run's log (SKaLib report, Karlsruhe TR 99/07: read_old_log_file,
** create_output_file) that lets a killed run continue: OUT.log next to the output (or
** the file of -L) records the input program's checksum, the number of processes, the
** owner (process id, host, start time), the output it describes, the byte offset where
** the header ends, and for every suite (measurement block, counted in the order the
** program runs them) its start and its completion with the output's byte offset at that
** moment. One record per line, each written by one write(2), so a killed run leaves at
** most a partial last line, which the parser ignores (and a resumed run cuts off before
** it appends):
**
**   # skampi log 1
**   input CHECKSUM BYTES PATH
**   processes P
**   owner PID HOST EPOCH DATE      (again when a run resumes: the last one is the run's)
**   output DEV INODE SIZE PATH     (the file the offsets are in: its device and inode
**                                   numbers, its size when the record was written --
**                                   0 fresh, the bytes kept when resumed -- and its
**                                   absolute path; logs before this record had none)
**   header OFFSET
**   sum 0 CHECKSUM                 (FNV-1a of the header's bytes, sk_fnv1a)
**   start I OFFSET NAME
**   done I OFFSET NAME
**   sum I CHECKSUM                 (of the bytes from the end of suite I-1, or of the
**                                   header, to the end of suite I)
**   resumed K OFFSET DATE          (a resumed run kept suites 1..K, the output's first OFFSET bytes)
**   finished OFFSET
**
** Rank 0 only. Locks (fcntl), held while the run lives, so that exactly one run writes an
** output at a time:
**   - OUT.lock, a file of its own next to the output (named after the file really written:
**     the output's path with its symbolic links followed, so that a link to the output
**     and the output share one lock; opened without following a link, and refused unless
**     it is a regular file of one name, so that a planted link cannot make skampi write
**     another file; the default log likewise), locked first and released last: after the footer, the merge with the
**     backups and every close of the output, or in the exit hook after the output's last
**     line. POSIX drops all of a process's fcntl locks on a file when it closes ANY
**     descriptor of that file, so the lock is on a file that nothing else opens: the
**     output (read for the check below, copied to backups, renamed, reopened) and the log
**     are never what is locked by that lock. The file holds the owner's record ("owner
**     PID HOST EPOCH DATE"); its owner removes it, still locked, before closing it, and
**     a run that gets the lock checks that the path still names the file it locked
**     (otherwise it locks the new one), so a removed lock file never admits two runs. A
**     run killed by a signal leaves it, unlocked: harmless.
**   - the log, through the one descriptor that writes it (read through it, its backup
**     written from what was read, never opened a second time), so that two outputs that
**     share one log (-L) never write it at once.
** A second run waits up to SKAMPI_WAIT seconds for each lock, then refuses (exit 2)
** naming the owner (process id and host); it never writes. Where the file system has
** no locks, a live owner (by its record, on this host) counts as holding the lock.
**
** A log is trusted only as far as the output agrees: the cut point is checked against
** the output as it is: the log's
** offset of suite K must be the end of the K-th complete suite in the file (`# end
** result "NAME"` and `# duration = ...` lines just before it, every line before it whole
** and in order, the suites' names those of the log's "done" records, the header's first
** line at the top) -- or, with no suite kept, the end of whole '#' lines of the header
** before the first block. Otherwise the resume falls back to the last complete suite the
** output holds that the log also records as done, or starts afresh. What it keeps must
** then be whole: the strict reader (sko.h) takes it, and each kept part's bytes have the
** checksum its "sum" record gives (logs without them: the reader alone); a damaged part
** is cut with everything after it (the header: afresh) and measured again. A log whose "output"
** record names another file (neither its device and inode nor its path match: another
** output's log, -L shared by two outputs) resumes only a copy of that output -- the cut
** checked as above --, otherwise it is refused (exit 2; -F starts afresh). Old logs
** without an "output" record get the check alone. Whatever the resume cuts is kept as
** OUT.N first (output.h, sk_out_open_at).
*/
#ifndef SK_RUNLOG_H
#define SK_RUNLOG_H

#include "base.h"

/* What a log says. */
typedef struct sk_runlog_state {
  int is_log;                /* the first line is "# skampi log 1" and an input record follows */
  unsigned long checksum;
  long input_bytes;
  int processes;             /* 0: not recorded */
  long owner_pid;
  char owner_host[128];
  char started[64];
  long header_offset;        /* -1: the header was not finished */
  int suites_done;           /* complete suites 1..suites_done */
  long done_offset;          /* output bytes at the end of suite suites_done (-1: none) */
  int last_started;          /* the suite that was running (0: none) */
  int finished;
  int has_output;            /* an "output" record names the file the offsets are in */
  unsigned long output_dev, output_ino;
  long output_size;          /* its size when the record was written */
  char output_path[1024];    /* absolute */
} sk_runlog_state;

typedef enum sk_run_mode { SK_RUN_FRESH, SK_RUN_RESUME, SK_RUN_REFUSED } sk_run_mode;

typedef struct sk_run_plan {
  int mode;                  /* sk_run_mode */
  int suites_kept;           /* resume: suites 1..suites_kept are kept */
  long keep_bytes;           /* resume: the output's first keep_bytes bytes are kept */
} sk_run_plan;

/* FNV-1a (32 bits) of the bytes: the input program's checksum. */
SK_API unsigned long sk_runlog_checksum(const char *data, size_t n);
SK_API void sk_runlog_parse(const char *text, size_t len, sk_runlog_state *st);
/* Fresh, resume or refuse (why says why, for a refusal and for a fresh start that
** could not resume); output_size is -1 when the output does not exist. */
SK_API void sk_runlog_decide(const sk_runlog_state *st, unsigned long checksum, int processes,
                             long output_size, int fresh_forced, sk_run_plan *plan, sk_str *why);

/* The output as it is now, for sk_runlog_plan. */
typedef struct sk_runlog_output {
  const char *path;          /* absolute (sk_path_absolute) */
  int exists;
  unsigned long dev, ino;    /* sk_path_identity */
  const char *text;          /* its content: len bytes */
  size_t len;
} sk_runlog_output;

/* sk_runlog_decide, then the log's "output" record and the cut point checked against the
** output's content (the top comment): resume at a checked cut, at the last complete suite
** found, fresh, or refused. log_text is the log the state was parsed from (the suites'
** names of its "done" records). */
SK_API void sk_runlog_plan(const sk_runlog_state *st, const char *log_text, size_t log_len,
                           const sk_runlog_output *out, unsigned long checksum, int processes,
                           int fresh_forced, sk_run_plan *plan, sk_str *why);

/* Locks the output (OUT.lock), opens and locks the log (waiting up to wait_seconds for
** another owner each), reads it and plans against the output out_path. A fresh run's
** log is then started anew, its old content kept as LOG.N (backup gets the name); a
** resumed run's log gets its owner record. 0 with *err set: refused or impossible (then
** nothing is held). log_named: the log was named with -L (then a link is followed, as
** for the output); the default OUT.log, like the lock file, is opened without following
** a link and must be a regular file of one name. */
SK_API int sk_runlog_open(const char *log_path, int log_named, const char *out_path, const char *input,
                          unsigned long checksum, long input_bytes, int processes,
                          int fresh_forced, int wait_seconds, sk_run_plan *plan,
                          char *backup, size_t backup_size, sk_str *err);
/* Records; each is a no-op when no log is open. Offsets are sk_out_offset()'s. */
/* The "output" record, once the output is open (fresh: created; resumed: cut). */
SK_API void sk_runlog_bind(const char *out_path);
SK_API void sk_runlog_header_done(void);
SK_API void sk_runlog_resumed(int suites_kept, const char *date);
SK_API void sk_runlog_suite(int index, const char *name, int done);
/* Writes "finished" when the run ended (status 0, or a user error that a resume would
** only repeat) and closes the log (SK_EXIT_INTERNAL: closes it as it is). */
SK_API void sk_runlog_close(int status);
/* Whether a write of the log failed (said on stderr then): the run ends with status 4. */
SK_API int sk_runlog_failed(void);
/* Releases the output's lock (removes OUT.lock): after the output's last byte. */
SK_API void sk_runlog_unlock(void);

#endif
