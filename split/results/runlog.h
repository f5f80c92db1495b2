/*
** runlog.h -- the run's log (SKaLib report, Karlsruhe TR 99/07: read_old_log_file,
** create_output_file) that lets a killed run continue: OUT.log next to the output (or
** the file of -L) records the input program's checksum, the number of processes, the
** owner (process id, host, start time), the byte offset where the header ends, and for
** every suite (measurement block, counted in the order the program runs them) its start
** and its completion with the output's byte offset at that moment. One record per
** line, each written by one write(2), so a killed run leaves at most a partial last line,
** which the parser ignores:
**
**   # skampi log 1
**   input CHECKSUM BYTES PATH
**   processes P
**   owner PID HOST EPOCH DATE
**   header OFFSET
**   start I OFFSET NAME
**   done I OFFSET NAME
**   resumed K OFFSET DATE          (a resumed run kept suites 1..K, the output's first OFFSET bytes)
**   finished OFFSET
**
** Rank 0 only. The log stays locked (fcntl) while the run lives, so a second run -- or
** the resumed run while orphans of a killed launcher still write -- waits, then refuses.
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

/* Opens and locks the log (waiting up to wait_seconds for another owner), reads it and
** decides against the output out_path. A fresh run's log is then started anew, its old
** content kept as LOG.N (backup gets the name). 0 with *err set: refused or impossible. */
SK_API int sk_runlog_open(const char *log_path, const char *out_path, const char *input,
                          unsigned long checksum, long input_bytes, int processes,
                          int fresh_forced, int wait_seconds, sk_run_plan *plan,
                          char *backup, size_t backup_size, sk_str *err);
/* Records; each is a no-op when no log is open. Offsets are sk_out_offset()'s. */
SK_API void sk_runlog_header_done(void);
SK_API void sk_runlog_resumed(int suites_kept, const char *date);
SK_API void sk_runlog_suite(int index, const char *name, int done);
/* Writes "finished" when the run ended (status 0, or a user error that a resume would
** only repeat) and releases the log. */
SK_API void sk_runlog_close(int status);

#endif
