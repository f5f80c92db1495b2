/*
** runlog.h -- the run's log (SKaLib report, Karlsruhe TR 99/07: read_old_log_file,
** create_output_file) that lets a killed run continue: OUT.log (or -L) records the
** input's checksum, the processes, the owner, the output, where the header ends and each
** suite's start and completion with the output's offset and checksum, one record a line
** written at once; the fresh/resume/refuse decision, trusted only as far as the output
** agrees; and the locks that let one run write an output at a time. Rank 0 only. The
** records, the locks and the cut: doc/internals.md, "results".
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
