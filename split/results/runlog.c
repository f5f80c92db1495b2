/*
** runlog.c -- see runlog.h.
*/
#include "runlog.h"
#include "sko.h"
#include "filepaths.h"
#include "output.h"
#include <sys/types.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>
#include <signal.h>
#include <time.h>

SK_API unsigned long sk_runlog_checksum(const char *data, size_t n)
{
  return sk_fnv1a(SK_FNV1A_START, data, n);
}

/* One complete line (without its newline) into the state. */
static void runlog_parse_line(const char *line, sk_runlog_state *st)
{
  char word[16];
  int i, n = 0;
  long a, b;
  unsigned long u, v;
  if (sscanf(line, "%15s %n", word, &n) != 1) return;
  line += n;
  if (sk_streq(word, "input") && sscanf(line, "%lu %ld", &u, &a) == 2) {
    st->checksum = u;
    st->input_bytes = a;
  } else if (sk_streq(word, "processes") && sscanf(line, "%d", &i) == 1) {
    st->processes = i;
  } else if (sk_streq(word, "owner") && sscanf(line, "%ld %127s %ld %n", &a, st->owner_host, &b, &n) == 3) {
    st->owner_pid = a;
    sk_copy_string(st->started, sizeof st->started, line + n);
  } else if (sk_streq(word, "header") && sscanf(line, "%ld", &a) == 1) {
    st->header_offset = a;
  } else if (sk_streq(word, "start") && sscanf(line, "%d", &i) == 1) {
    st->last_started = i;
  } else if ((sk_streq(word, "done") || sk_streq(word, "resumed")) && sscanf(line, "%d %ld", &i, &a) == 2) {
    st->suites_done = i;
    st->done_offset = a;
  } else if (sk_streq(word, "output") && sscanf(line, "%lu %lu %ld %n", &u, &v, &a, &n) == 3 && line[n] != '\0') {
    st->has_output = 1;
    st->output_dev = u;
    st->output_ino = v;
    st->output_size = a;
    sk_copy_string(st->output_path, sizeof st->output_path, line + n);
  } else if (sk_streq(word, "finished")) {
    st->finished = 1;
  }
}

/* The complete lines of text from pos on, record by record. */
static void runlog_parse_records(const char *text, size_t len, size_t pos, sk_runlog_state *st)
{
  while (pos < len) {
    const char *nl = (const char *)memchr(text + pos, '\n', len - pos);
    char *line;
    if (nl == NULL) break;                  /* a half-written last line: ignored */
    line = sk_strndup(text + pos, (size_t)(nl - (text + pos)));
    if (strncmp(line, "input ", 6) == 0) st->is_log = 1;
    runlog_parse_line(line, st);
    free(line);
    pos = (size_t)(nl - text) + 1;
  }
}

SK_API void sk_runlog_parse(const char *text, size_t len, sk_runlog_state *st)
{
  static const char magic[] = "# skampi log 1\n";
  memset(st, 0, sizeof *st);
  st->header_offset = st->done_offset = -1;
  if (len < sizeof magic - 1 || memcmp(text, magic, sizeof magic - 1) != 0) return;
  runlog_parse_records(text, len, sizeof magic - 1, st);
}

SK_API void sk_runlog_decide(const sk_runlog_state *st, unsigned long checksum, int processes,
                             long output_size, int fresh_forced, sk_run_plan *plan, sk_str *why)
{
  long keep = st->suites_done > 0 ? st->done_offset : st->header_offset;
  plan->mode = SK_RUN_FRESH;
  plan->suites_kept = 0;
  plan->keep_bytes = 0;
  if (!st->is_log || st->finished || fresh_forced) return;
  if (st->checksum != checksum || (st->processes != 0 && st->processes != processes)) {
    plan->mode = SK_RUN_REFUSED;
    if (st->checksum != checksum)
      sk_str_printf(why, "the input program changed since the interrupted run that the log records"
                    " (%d suites complete); cannot resume it", st->suites_done);
    else
      sk_str_printf(why, "the interrupted run that the log records used %d processes, this one %d;"
                    " cannot resume it", st->processes, processes);
    sk_str_puts(why, " (give -F to start afresh: the old output and log are kept as backups)");
    return;
  }
  if (keep < 0 || output_size < keep) {
    sk_str_printf(why, keep < 0 ? "the interrupted run wrote no complete header: starting afresh"
                                : "the output is shorter than its log says: starting afresh");
    return;
  }
  plan->mode = SK_RUN_RESUME;
  plan->suites_kept = st->suites_done;
  plan->keep_bytes = keep;
}

/* ---- the output as it is: where its complete suites end ---- */

/* The suites of an output as skampi writes it (output.h): the one check of a cut point.
** sko.h reads result files for their values; this needs the byte offsets of what was
** written, tolerates a half-written tail and stops at the first line out of order. */
typedef struct runlog_suites {
  int header;                /* the first line is a fresh header's first line */
  long first_block;          /* offset of the first `# begin result` line (-1: none) */
  long well_formed;          /* the bytes [0, well_formed) are whole lines in order */
  int n;                     /* complete suites 1..n, the first n blocks of the file */
  long *ends;                /* ends[i]: the offset after suite i+1's `# duration` line */
  char **names;
  size_t cap;
} runlog_suites;

static int runlog_starts(const char *line, size_t n, const char *prefix)
{
  size_t k = strlen(prefix);
  return n >= k && memcmp(line, prefix, k) == 0;
}

/* The block name of a line `# begin result "NAME"` or `# end result "NAME"` (after the
** prefix of k bytes), allocated; NULL when the line is not one. */
static char *runlog_quoted(const char *line, size_t n, size_t k)
{
  if (n < k + 1 || line[n - 1] != '"') return NULL;
  return sk_strndup(line + k, n - k - 1);
}

static void runlog_scan(const char *t, size_t len, runlog_suites *s)
{
  static const char begin[] = "# begin result \"", end[] = "# end result \"";
  size_t pos = 0;
  char *open_name = NULL;    /* the block begun and not ended */
  int ended = 0;             /* its end line was read: its duration line must follow */
  memset(s, 0, sizeof *s);
  s->first_block = -1;
  /* the key of the header's first line as sko.c reads it ("SKaMPI Version") */
  s->header = runlog_starts(t, len, "# ") && runlog_starts(t + 2, len - 2, "SKaMPI Version");
  while (pos < len) {
    const char *line = t + pos;
    const char *nl = (const char *)memchr(line, '\n', len - pos);
    size_t n;
    if (nl == NULL) break;                          /* a half-written last line */
    n = (size_t)(nl - line);
    if (memchr(line, '\0', n) != NULL) break;
    if (ended) {                                    /* without it the run stopped inside the block */
      if (!runlog_starts(line, n, "# duration = ")) break;
      s->ends = (long *)sk_grow(s->ends, &s->cap, (size_t)s->n + 1, sizeof(long));
      s->names = (char **)sk_realloc(s->names, s->cap * sizeof(char *));
      s->ends[s->n] = (long)(pos + n + 1);
      s->names[s->n++] = open_name;
      open_name = NULL;
      ended = 0;
    } else if (open_name != NULL) {
      if (runlog_starts(line, n, begin)) break;
      if (runlog_starts(line, n, "# end result")) {
        char *name = runlog_quoted(line, n, sizeof end - 1);
        int same = name != NULL && runlog_starts(line, n, end) && sk_streq(name, open_name);
        free(name);
        if (!same) break;
        ended = 1;
      }
    } else if (runlog_starts(line, n, begin)) {
      if ((open_name = runlog_quoted(line, n, sizeof begin - 1)) == NULL) break;
      if (s->first_block < 0) s->first_block = (long)pos;
    } else if (n == 0 || line[0] != '#' || runlog_starts(line, n, "# end result")) {
      break;                                        /* outside a block only '#' lines */
    }
    pos += n + 1;
    s->well_formed = (long)pos;
  }
  free(open_name);
}

static void runlog_suites_free(runlog_suites *s)
{
  int i;
  for (i = 0; i < s->n; i++) free(s->names[i]);
  free(s->names);
  free(s->ends);
}

/* The name of suite `index` in the log's last "done" record for it into *name; 0: none. */
/* The text after "WORD INDEX " of the log's last complete record WORD for index into
** *rest; 0: none. The "done" records give a suite's name, the "sum" records its
** checksum (a record is one line, runlog.h). */
static int runlog_last_record(const char *log, size_t len, const char *word, int index, sk_str *rest)
{
  size_t pos = 0, wlen = strlen(word);
  int found = 0;
  while (pos < len) {
    const char *nl = (const char *)memchr(log + pos, '\n', len - pos);
    char *line, *end;
    long i;
    if (nl == NULL) break;
    line = sk_strndup(log + pos, (size_t)(nl - (log + pos)));
    if (strncmp(line, word, wlen) == 0 && line[wlen] == ' ' && (i = strtol(line + wlen + 1, &end, 10)) == index &&
        end > line + wlen + 1 && *end == ' ') {
      sk_str_clear(rest);
      sk_str_puts(rest, end + 1);
      found = 1;
    }
    free(line);
    pos = (size_t)(nl - log) + 1;
  }
  return found;
}

/* The name of suite `index` in the log's last "done" record for it ("done I OFFSET NAME")
** into *name; 0: none. */
static int runlog_done_name(const char *log, size_t len, int index, sk_str *name)
{
  sk_str rest;
  const char *p;
  int found;
  sk_str_init(&rest);
  found = runlog_last_record(log, len, "done", index, &rest) && rest.data != NULL && (p = strchr(rest.data, ' ')) != NULL;
  if (found) {
    sk_str_clear(name);
    sk_str_puts(name, p + 1);
  }
  sk_str_free(&rest);
  return found;
}

/* How many of the output's first `upto` complete suites the log names alike (a suite
** without a "done" record in the log counts as alike). */
static int runlog_names_agree(const runlog_suites *s, const char *log, size_t len, int upto)
{
  sk_str name;
  int j;
  sk_str_init(&name);
  for (j = 1; j <= upto && j <= s->n; j++)
    if (runlog_done_name(log, len, j, &name) && !sk_streq(name.data ? name.data : "", s->names[j - 1])) break;
  sk_str_free(&name);
  return j - 1;
}

/* The log's decision alone: 1 with *keep when it describes an interrupted run this one may
** continue (then plan is still FRESH), 0 when plan is final (fresh or refused). */
static int runlog_decide_log(const sk_runlog_state *st, unsigned long checksum, int processes,
                             int fresh_forced, sk_run_plan *plan, sk_str *why, long *keep)
{
  sk_runlog_decide(st, checksum, processes, 0x7fffffffL, fresh_forced, plan, why);
  if (plan->mode == SK_RUN_REFUSED) return 0;
  *keep = st->suites_done > 0 ? st->done_offset : st->header_offset;
  if (plan->mode == SK_RUN_FRESH) return 0;     /* no log, finished, -F or no header */
  plan->mode = SK_RUN_FRESH;
  return 1;
}

/* The kept part of a resumed output must be what -x, -m and -r accept: the strict reader
** (sko.h) reads the first plan->keep_bytes bytes; where it refuses a line (bytes damaged
** after the suite was written), the resume keeps only the suites that end before that
** line -- the header alone, or nothing (afresh) when the damage is there --, and the
** rest is measured again (what is cut is kept as OUT.N, sk_out_open_at). */
/* The last "sum INDEX CHECKSUM" record of the log for index (0: the header); 0: none
** (a log of an older skampi). */
static int runlog_sum_of(const char *log, size_t len, int index, unsigned long *sum)
{
  sk_str rest;
  char *end;
  int found;
  sk_str_init(&rest);
  found = runlog_last_record(log, len, "sum", index, &rest) && rest.data != NULL && rest.data[0] >= '0' && rest.data[0] <= '9';
  if (found) {
    *sum = strtoul(rest.data, &end, 10);
    found = *end == '\0';
  }
  sk_str_free(&rest);
  return found;
}

/* The offset where the first kept part (the header, then suite 1, 2, ...) whose bytes are
** not those the log's "sum" records describe begins; -1: all agree (or none recorded). */
static long runlog_first_changed(const sk_runlog_state *st, const sk_runlog_output *out, const runlog_suites *s,
                                 const char *log, size_t log_len, int kept)
{
  unsigned long want;
  long from = 0, to;
  int j;
  for (j = 0; j <= kept; j++) {
    to = j == 0 ? st->header_offset : s->ends[j - 1];
    if (to < from || to > (long)out->len) return from;
    if (runlog_sum_of(log, log_len, j, &want) && sk_fnv1a(SK_FNV1A_START, out->text + from, (size_t)(to - from)) != want)
      return from;
    from = to;
  }
  return -1;
}

static void runlog_validate_kept(const sk_runlog_state *st, const sk_runlog_output *out, const runlog_suites *s,
                                 const char *log, size_t log_len, sk_run_plan *plan, sk_str *why)
{
  sk_str err;
  size_t bad;
  long changed;
  int j;
  if (plan->mode != SK_RUN_RESUME || plan->keep_bytes <= 0) return;
  sk_str_init(&err);
  changed = st->header_offset > 0 ? runlog_first_changed(st, out, s, log, log_len, plan->suites_kept) : -1;
  if (sk_sko_check(out->path ? out->path : "the output", out->text, (size_t)plan->keep_bytes, &bad, &err)) {
    if (changed < 0) { sk_str_free(&err); return; }
    bad = (size_t)changed;
    sk_str_printf(&err, "its bytes from %ld on are not those the log's checksum records", changed);
  } else if (changed >= 0 && (size_t)changed < bad) {
    bad = (size_t)changed;
  }
  if (why->len > 0) sk_str_puts(why, "; ");
  sk_str_printf(why, "the suites it would keep are damaged (%s)", err.data ? err.data : "");
  for (j = plan->suites_kept; j > 0 && (size_t)s->ends[j - 1] > bad; j--) {}
  if (j > 0) {
    plan->suites_kept = j;
    plan->keep_bytes = s->ends[j - 1];
    sk_str_printf(why, ": resuming after suite %d, the last one before the damage", j);
  } else if (st->header_offset > 0 && (size_t)st->header_offset <= bad && st->header_offset <= (long)out->len &&
             out->text[st->header_offset - 1] == '\n' && (s->first_block < 0 || st->header_offset <= s->first_block)) {
    plan->suites_kept = 0;
    plan->keep_bytes = st->header_offset;
    sk_str_puts(why, ": keeping the header only, every suite is measured again");
  } else {
    plan->mode = SK_RUN_FRESH;
    plan->suites_kept = 0;
    plan->keep_bytes = 0;
    sk_str_puts(why, ": starting afresh");
  }
  sk_str_free(&err);
}

SK_API void sk_runlog_plan(const sk_runlog_state *st, const char *log_text, size_t log_len,
                           const sk_runlog_output *out, unsigned long checksum, int processes,
                           int fresh_forced, sk_run_plan *plan, sk_str *why)
{
  long keep = -1, len = (long)out->len;
  int k = st->suites_done, ok, found, foreign;
  runlog_suites s;
  unsigned long dev, ino;
  if (!runlog_decide_log(st, checksum, processes, fresh_forced, plan, why, &keep)) {
    /* a changed input or process count is refused only while there is something to lose:
    ** with the interrupted run's output gone (a tuner that removes it after reading, as
    ** OTPO does), the log describes nothing and the run starts afresh */
    if (plan->mode == SK_RUN_REFUSED && !out->exists &&
        (!st->has_output || !sk_path_identity(st->output_path, &dev, &ino))) {
      plan->mode = SK_RUN_FRESH;
      sk_str_clear(why);
      sk_str_puts(why, "the output of the interrupted run that the log records is gone: starting afresh");
    }
    return;
  }
  /* written for another file: neither its device and inode nor its path are this output's */
  foreign = st->has_output && !(out->exists && out->dev == st->output_dev && out->ino == st->output_ino) &&
            !sk_streq(out->path, st->output_path);
  if (!out->exists && !foreign) {
    sk_str_puts(why, "the output of the interrupted run is missing: starting afresh");
    return;
  }
  runlog_scan(out->text, out->len, &s);
  if (k > 0)
    ok = s.header && k <= s.n && s.ends[k - 1] == keep && runlog_names_agree(&s, log_text, log_len, k) == k;
  else
    ok = s.header && keep > 0 && keep <= s.well_formed && out->text[keep - 1] == '\n' &&
         (s.first_block < 0 || keep <= s.first_block);
  /* another file's log fits this output only where its checksums say the kept bytes are
  ** the same: suites of the same names may end at the same offsets by chance */
  if (ok && foreign && st->header_offset > 0 &&
      runlog_first_changed(st, out, &s, log_text, log_len, k) >= 0)
    ok = 0;
  if (ok && out->exists) {              /* a copy of the output the log describes resumes too */
    plan->mode = SK_RUN_RESUME;
    plan->suites_kept = k;
    plan->keep_bytes = keep;
    if (foreign) sk_str_printf(why, "the log was written for '%s'; this output holds the same suites up to byte %ld",
                               st->output_path, keep);
    runlog_validate_kept(st, out, &s, log_text, log_len, plan, why);
    runlog_suites_free(&s);
    return;
  }
  if (foreign) {
    plan->mode = SK_RUN_REFUSED;
    sk_str_printf(why, "the log describes another output, '%s' (an interrupted run, %d suites complete), and this"
                  " one does not hold them; cannot resume from it (give this run a log of its own with -L, or -F"
                  " to start afresh: the old output and log are kept as backups)", st->output_path, k);
    runlog_suites_free(&s);
    return;
  }
  if (keep > len)
    sk_str_printf(why, "the log says %s at byte %ld, but the output has %ld bytes", k > 0 ? "its last complete suite ends"
                  : "the header ends", keep, len);
  else if (k > 0 && s.header && k <= s.n && s.ends[k - 1] == keep)
    sk_str_printf(why, "the output's suites up to byte %ld are not those the log records (their names differ)", keep);
  else if (k > 0)
    sk_str_printf(why, "byte %ld of the output, where the log says suite %d ends, is not the end of that complete"
                  " suite", keep, k);
  else
    sk_str_printf(why, "byte %ld of the output, where the log says the header ends, is not the end of a whole header",
                  keep);
  found = s.header ? runlog_names_agree(&s, log_text, log_len, k < s.n ? k : s.n) : 0;
  if (found > 0) {
    plan->mode = SK_RUN_RESUME;
    plan->suites_kept = found;
    plan->keep_bytes = s.ends[found - 1];
    sk_str_printf(why, "; resuming after suite %d, the last complete one found in the output that the log records"
                  " as done", found);
    runlog_validate_kept(st, out, &s, log_text, log_len, plan, why);
  } else {
    sk_str_puts(why, s.header ? "; no complete suite in the output that the log records as done: starting afresh"
                              : "; the output does not begin with a header: starting afresh");
  }
  runlog_suites_free(&s);
}

/* ---- the log of this run (rank 0) ---- */

static struct {
  int fd;                    /* the log, -1: none */
  int lock_fd;               /* the output's lock file, -1: none */
  char *lock_path;
  char *log_path;            /* for messages */
  int failed;                /* a write of the log failed: nothing more is written to it */
  int named;                 /* the log was named with -L: kept when the run ends */
} rl = { -1, -1, NULL, NULL, 0, 0 };

/* Every record goes through here, checked as the output's writes are (output.c): the
** first failure is said with the log's name and the reason, and the log gets nothing
** more (a record after a lost one would misdescribe the run); the run goes on, and ends
** with exit status 4 (sk_runlog_failed) since a kill could no longer be resumed. */
static void runlog_write(const char *fmt, ...)
{
  sk_str s;
  va_list ap;
  size_t done = 0;
  if (rl.fd < 0 || rl.failed) return;
  sk_str_init(&s);
  va_start(ap, fmt);
  sk_str_vprintf(&s, fmt, ap);
  va_end(ap);
  while (done < s.len) {
    ssize_t w = write(rl.fd, s.data + done, s.len - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      int e = w < 0 ? errno : ENOSPC;
      rl.failed = 1;
      fflush(stdout);
      fprintf(stderr, "skampi: cannot write the log '%s': %s; the run goes on, but if it is killed it cannot be"
              " resumed from this log (exit status 4 at the end)\n", rl.log_path ? rl.log_path : "?", strerror(e));
      fflush(stderr);
      break;
    }
    done += (size_t)w;
  }
  sk_str_free(&s);
}

SK_API int sk_runlog_failed(void) { return rl.failed; }

/* The first records: what the run measures, and with how many processes. */
static void runlog_write_identity(const char *input, unsigned long checksum, long input_bytes, int processes)
{
  runlog_write("# skampi log 1\ninput %lu %ld %s\nprocesses %d\n", checksum, input_bytes, input, processes);
}

/* "owner PID HOST EPOCH DATE\n": this process, now. */
static void runlog_owner_record(sk_str *s)
{
  char host[128], date[64];
  time_t now = time(NULL);
  char *d = ctime(&now);
  sk_os_host_name(host, sizeof host);
  sk_copy_string(date, sizeof date, d ? d : "unknown\n");
  if (strchr(date, '\n')) *strchr(date, '\n') = '\0';
  sk_str_printf(s, "owner %ld %s %ld %s\n", sk_os_process_id(), host, (long)now, date);
}

/* The whole file behind fd (read through it: never a second descriptor of a locked file). */
static void runlog_read_all(int fd, sk_str *text)
{
  char buf[4096];
  ssize_t n;
  lseek(fd, 0, SEEK_SET);
  while ((n = read(fd, buf, sizeof buf)) > 0) sk_str_putn(text, buf, (size_t)n);
}

/* The owner records of the file behind fd (a log or a lock file): the last one counts,
** and a "finished" record ends it. */
static void runlog_owner_of(int fd, sk_runlog_state *st)
{
  sk_str text;
  sk_str_init(&text);
  runlog_read_all(fd, &text);
  memset(st, 0, sizeof *st);
  runlog_parse_records(text.data ? text.data : "", text.len, 0, st);
  sk_str_free(&text);
}

/* Tries the write lock on the whole file behind fd: 1 held, 0 another process holds it,
** -1 the file system has no locks. */
static int runlog_try_lock(int fd)
{
  struct flock fl;
  memset(&fl, 0, sizeof fl);
  fl.l_type = F_WRLCK;
  fl.l_whence = SEEK_SET;
  if (fcntl(fd, F_SETLK, &fl) == 0) return 1;
  return errno == EACCES || errno == EAGAIN ? 0 : -1;
}

/* 1 when this process holds the lock on the file behind fd; where the file system has no
** locks, when the owner that the file records is not a live process on this host. */
static int runlog_lock_once(int fd)
{
  sk_runlog_state st;
  char host[128];
  int got = runlog_try_lock(fd);
  if (got >= 0) return got;
  runlog_owner_of(fd, &st);
  sk_os_host_name(host, sizeof host);
  return !(!st.finished && sk_streq(host, st.owner_host) && st.owner_pid > 0 && st.owner_pid != sk_os_process_id() &&
           (kill((pid_t)st.owner_pid, 0) == 0 || errno == EPERM));
}

/* " (process PID on HOST, started DATE)" from the owner records of the file behind fd;
** "" when it has none. */
static void runlog_describe_owner(int fd, sk_str *s)
{
  sk_runlog_state st;
  runlog_owner_of(fd, &st);
  if (st.owner_pid > 0)
    sk_str_printf(s, " (process %ld on %s, started %s)", st.owner_pid, st.owner_host, st.started);
}

/* 1 when fd is the file that path names now (its owner removes a lock file on leaving). */
static int runlog_same_file(int fd, const char *path)
{
  struct stat a, b;
  return fstat(fd, &a) == 0 && stat(path, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* The name of the output's lock file: the file really written (the output's links
** followed) plus ".lock", so that two names of one output (a link beside it) share one
** lock. */
static void runlog_lock_name(const char *out_path, sk_str *lock)
{
  sk_path_resolve_links(out_path, lock);
  sk_str_puts(lock, ".lock");
}

/* Opens (creates) a file that skampi makes beside an output and writes (the lock file,
** the default log) without following a link, and only when it is a regular file of one
** link: a link planted under its name (CWE-59) would otherwise make skampi truncate and
** overwrite whatever it points to. what: "lock file", "log". -1 with *err set. */
static int runlog_open_own(const char *path, const char *out_path, const char *what, sk_str *err)
{
  struct stat st;
  int fd, e;
#ifdef O_NOFOLLOW
  fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW, 0644);
#else
  if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) { fd = -1; errno = ELOOP; }
  else fd = open(path, O_RDWR | O_CREAT, 0644);
#endif
  e = errno;
  if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_nlink == 1) return fd;
  if (fd >= 0 || (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)))
    sk_str_printf(err, "cannot open output file '%s' for writing: its %s '%s' is %s, which skampi never makes:"
                  " refused, as writing it would change another file; remove it and start again", out_path, what,
                  path, lstat(path, &st) == 0 && S_ISLNK(st.st_mode) ? "a symbolic link" : !S_ISREG(st.st_mode)
                  ? "not a regular file" : "a file with more than one name (a hard link)");
  else
    sk_str_printf(err, "cannot open output file '%s' for writing: its %s '%s' cannot be created: %s", out_path,
                  what, path, strerror(e));
  if (fd >= 0) close(fd);
  return -1;
}

/* OUT.lock, locked and holding this run's owner record, after waiting up to wait_seconds;
** 0 with *err naming the run that holds it. */
static int runlog_lock_output(const char *out_path, const char *log_path, int wait_seconds, sk_str *err)
{
  sk_str path, who;
  int fd = -1, polls = wait_seconds * 5, renewed = 0, got = 0;
  sk_str_init(&path);
  runlog_lock_name(out_path, &path);
  for (;;) {
    if (fd < 0 && (fd = runlog_open_own(path.data, out_path, "lock file", err)) < 0) {
      sk_str_free(&path);
      return 0;
    }
    if (runlog_lock_once(fd)) {
      if (runlog_same_file(fd, path.data)) { got = 1; break; }
      close(fd);                         /* its owner removed it on leaving: lock the new one */
      fd = -1;
      if (++renewed < 100) continue;
    }
    if (polls-- <= 0) break;
    sk_os_sleep(0.2);
  }
  if (!got) {
    int looks;
    sk_str_init(&who);
    /* the holder writes its record right after it took the lock: a refusal that came in
    ** between (the holder has no record, nor a log yet) looks again for up to 2 s */
    for (looks = 0; looks < 40 && who.len == 0; looks++) {
      if (looks > 0) sk_os_sleep(0.05);
      if (fd >= 0) runlog_describe_owner(fd, &who);
      if (who.len == 0) {                /* no record yet: the log's owner */
        int lfd = open(log_path, O_RDONLY);   /* this process holds no lock on the log */
        if (lfd >= 0) { runlog_describe_owner(lfd, &who); close(lfd); }
      }
    }
    sk_str_printf(err, "'%s' is being written by another run%s: its lock file '%s' is locked (waited %d s). If"
                  " that run was killed, some of its processes still live: end them, then start again",
                  out_path, who.data ? who.data : "", path.data, wait_seconds);
    sk_str_free(&who);
    if (fd >= 0) close(fd);
    sk_str_free(&path);
    return 0;
  }
  sk_str_init(&who);
  runlog_owner_record(&who);
  if (ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0 || write(fd, who.data, who.len) != (ssize_t)who.len) {
    /* the lock holds without its record; a waiter then names the log's owner */
  }
  sk_str_free(&who);
  rl.lock_fd = fd;
  rl.lock_path = sk_strdup(path.data);
  sk_str_free(&path);
  return 1;
}

SK_API void sk_runlog_unlock(void)
{
  if (rl.lock_fd < 0) return;
  remove(rl.lock_path);                  /* still locked: a waiter that gets this file sees it gone */
  close(rl.lock_fd);
  rl.lock_fd = -1;
  free(rl.lock_path);
  rl.lock_path = NULL;
}

/* The log locked through rl.fd, after waiting up to wait_seconds. */
static int runlog_lock_log(const char *log_path, const char *out_path, int wait_seconds, sk_str *err)
{
  int polls;
  for (polls = wait_seconds * 5; ; polls--) {
    if (runlog_lock_once(rl.fd)) return 1;
    if (polls <= 0) break;
    sk_os_sleep(0.2);
  }
  {
    sk_str who;
    sk_str_init(&who);
    runlog_describe_owner(rl.fd, &who);
    sk_str_printf(err, "'%s': its log '%s' is being written by another run%s (waited %d s); a log serves one"
                  " output at a time (give this run a log of its own with -L)", out_path, log_path,
                  who.data ? who.data : "", wait_seconds);
    sk_str_free(&who);
  }
  return 0;
}

/* A log describes nothing any more when the output it names (its "output" record, else
** the output of this run) is gone: a tuning loop that deletes the output after reading
** it (Open MPI's OTPO) would otherwise leave one more LOG.N per run. */
static int runlog_output_gone(const sk_runlog_state *st, const sk_runlog_output *o)
{
  unsigned long dev, ino;
  if (!st->is_log) return 0;
  if (st->has_output) return !sk_path_identity(st->output_path, &dev, &ino);
  return !o->exists;
}

/* A fresh log: the old content (text, read through rl.fd) kept as LOG.N -- unless it is
** a log whose output is gone (keep_old 0) --, then the file emptied in place (it stays
** locked) and the run's identity and owner recorded. */
static int runlog_start_fresh(const char *log_path, const sk_str *text, int keep_old, const char *input,
                              unsigned long checksum, long input_bytes, int processes, char *backup,
                              size_t backup_size, sk_str *err)
{
  sk_str owner;
  if (keep_old && text->len > 0 && !sk_path_write_backup(log_path, text->data, text->len, backup, backup_size, err))
    return 0;
  if (ftruncate(rl.fd, 0) != 0 || lseek(rl.fd, 0, SEEK_SET) != 0) {
    sk_str_printf(err, "cannot empty the log '%s' for a fresh run", log_path);
    return 0;
  }
  runlog_write_identity(input, checksum, input_bytes, processes);
  sk_str_init(&owner);
  runlog_owner_record(&owner);
  runlog_write("%s", owner.data);
  sk_str_free(&owner);
  return 1;
}

/* A resumed log: a half-written last record cut off (a record appended to it would be
** read as its end), then this run's owner record. */
static void runlog_continue(const sk_str *text)
{
  size_t whole = text->len;
  sk_str owner;
  while (whole > 0 && text->data[whole - 1] != '\n') whole--;
  if (whole < text->len && ftruncate(rl.fd, (off_t)whole) != 0) { /* then appended after it, as before */ }
  lseek(rl.fd, 0, SEEK_END);
  sk_str_init(&owner);
  runlog_owner_record(&owner);
  runlog_write("%s", owner.data);
  sk_str_free(&owner);
}

/* The output as it is now; its content only when an interrupted run may be continued. */
static void runlog_output_now(const char *out_path, int read_content, sk_str *abs, sk_str *content,
                              sk_runlog_output *o)
{
  memset(o, 0, sizeof *o);
  sk_path_absolute(out_path, abs);
  o->path = abs->data;
  o->exists = sk_path_identity(out_path, &o->dev, &o->ino);
  if (o->exists && read_content) {
    FILE *f = fopen(out_path, "rb");     /* the output is never what is locked */
    char buf[8192];
    size_t n;
    if (f != NULL) {
      while ((n = fread(buf, 1, sizeof buf, f)) > 0) sk_str_putn(content, buf, n);
      fclose(f);
    }
  }
  o->text = content->data ? content->data : "";
  o->len = content->len;
}

static void runlog_give_up(void)
{
  if (rl.fd >= 0) close(rl.fd);
  rl.fd = -1;
  sk_runlog_unlock();
}

SK_API int sk_runlog_open(const char *log_path, int log_named, const char *out_path, const char *input,
                          unsigned long checksum, long input_bytes, int processes,
                          int fresh_forced, int wait_seconds, sk_run_plan *plan,
                          char *backup, size_t backup_size, sk_str *err)
{
  sk_str text, why, abs, content;
  sk_runlog_state st;
  sk_runlog_output o;
  long log_size;
  unsigned long ldev, lino, odev, oino;
  int keep_old;
  sk_path_kind k = sk_path_kind_of(log_path, &log_size);
  backup[0] = '\0';
  plan->mode = SK_RUN_FRESH;
  plan->suites_kept = 0;
  plan->keep_bytes = 0;
  sk_str_init(&text);
  runlog_lock_name(out_path, &text);
  if (sk_streq(log_path, out_path) || sk_streq(log_path, text.data) ||
      (sk_path_identity(log_path, &ldev, &lino) && sk_path_identity(out_path, &odev, &oino) && ldev == odev && lino == oino)) {
    sk_str_printf(err, "the log '%s' cannot be the output '%s' itself, nor its lock file", log_path, out_path);
    sk_str_free(&text);
    return 0;
  }
  sk_str_free(&text);
  if (!runlog_lock_output(out_path, log_path, wait_seconds, err)) return 0;
  if (!sk_path_is_file_like(k)) {      /* a device, FIFO or socket: written as it is, no resuming */
    FILE *f = sk_path_open_for_writing(log_path, wait_seconds, err);
    if (f == NULL) { sk_runlog_unlock(); return 0; }
    free(rl.log_path);
    rl.log_path = sk_strdup(log_path);
    rl.failed = 0;
    rl.fd = dup(fileno(f));
    fclose(f);
    runlog_write_identity(input, checksum, input_bytes, processes);
    if (rl.fd < 0) sk_runlog_unlock();
    return rl.fd >= 0;
  }
  free(rl.log_path);
  rl.log_path = sk_strdup(log_path);
  rl.failed = 0;
  rl.named = log_named;
  if (log_named) rl.fd = open(log_path, O_RDWR | O_CREAT, 0644);   /* -L: through a link, as the output */
  else rl.fd = runlog_open_own(log_path, out_path, "log", err);     /* OUT.log: skampi's own */
  if (rl.fd < 0) {
    if (log_named) sk_str_printf(err, "cannot open the log '%s' for writing: %s", log_path, strerror(errno));
    sk_runlog_unlock();
    return 0;
  }
  if (!runlog_lock_log(log_path, out_path, wait_seconds, err)) {
    runlog_give_up();
    return 0;
  }
  sk_str_init(&text);
  sk_str_init(&why);
  sk_str_init(&abs);
  sk_str_init(&content);
  runlog_read_all(rl.fd, &text);
  sk_runlog_parse(text.data ? text.data : "", text.len, &st);
  runlog_output_now(out_path, st.is_log && !st.finished && !fresh_forced, &abs, &content, &o);
  sk_runlog_plan(&st, text.data ? text.data : "", text.len, &o, checksum, processes, fresh_forced, plan, &why);
  keep_old = !runlog_output_gone(&st, &o);
  /* an interrupted run that wrote no complete header measured nothing: its log is
  ** replaced, not kept (a tuner's run ended at its time limit while starting, OTPO) */
  if (plan->mode == SK_RUN_FRESH && st.is_log && !st.finished && !fresh_forced && st.suites_done == 0 &&
      st.header_offset < 0)
    keep_old = 0;
  sk_str_free(&abs);
  sk_str_free(&content);
  if (plan->mode == SK_RUN_REFUSED) {
    sk_str_printf(err, "%s: %s", out_path, why.data);
    sk_str_free(&why);
    sk_str_free(&text);
    runlog_give_up();
    return 0;
  }
  if (why.len > 0) fprintf(stderr, "skampi: %s: %s\n", out_path, why.data);
  sk_str_free(&why);
  if (plan->mode == SK_RUN_RESUME) {
    runlog_continue(&text);
    sk_str_free(&text);
    return 1;
  }
  if (!runlog_start_fresh(log_path, &text, keep_old, input, checksum, input_bytes, processes, backup, backup_size, err)) {
    sk_str_free(&text);
    runlog_give_up();
    return 0;
  }
  sk_str_free(&text);
  return 1;
}

SK_API void sk_runlog_bind(const char *out_path)
{
  unsigned long dev, ino;
  sk_str abs;
  if (rl.fd < 0 || !sk_path_identity(out_path, &dev, &ino)) return;
  sk_str_init(&abs);
  sk_path_absolute(out_path, &abs);
  runlog_write("output %lu %lu %ld %s\n", dev, ino, sk_out_offset(), abs.data);
  sk_str_free(&abs);
}

SK_API void sk_runlog_header_done(void)
{
  runlog_write("header %ld\n", sk_out_offset());
  runlog_write("sum 0 %lu\n", sk_out_take_sum());
}

SK_API void sk_runlog_resumed(int suites_kept, const char *date)
{
  runlog_write("resumed %d %ld %s\n", suites_kept, sk_out_offset(), date);
  (void)sk_out_take_sum();               /* the next suite's bytes begin here */
}

SK_API void sk_runlog_suite(int index, const char *name, int done)
{
  runlog_write("%s %d %ld %s\n", done ? "done" : "start", index, sk_out_offset(), name);
  if (done) runlog_write("sum %d %lu\n", index, sk_out_take_sum());
}

SK_API void sk_runlog_close(int status)
{
  int ended;
  if (rl.fd < 0) return;
  /* an error in the input or wrong data found by -v would only come back on resuming */
  ended = status == 0 || status == SK_EXIT_USER_ERROR || status == SK_EXIT_VERIFY;
  if (ended) runlog_write("finished %ld\n", sk_out_offset());
  close(rl.fd);
  rl.fd = -1;
  /* a run that ended leaves nothing to resume: its own log (OUT.log) goes, as the original
  ** SKaMPI left none (a tuner's loop then leaves its input alone); one named with -L, or
  ** any with SKAMPI_KEEP_LOG=1, stays. A log whose write failed stays (sk_runlog_failed). */
  if (ended && !rl.named && !rl.failed && !sk_env_long("SKAMPI_KEEP_LOG", 0, 1, 0) && unlink(rl.log_path) != 0 &&
      errno != ENOENT)
    fprintf(stderr, "skampi: cannot remove the finished log '%s': %s\n", rl.log_path, strerror(errno));
}
