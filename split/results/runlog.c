/*
** runlog.c -- see runlog.h.
*/
#include "runlog.h"
#include "filepaths.h"
#include "output.h"
#include <sys/types.h>
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>
#include <signal.h>
#include <time.h>

SK_API unsigned long sk_runlog_checksum(const char *data, size_t n)
{
  unsigned long h = 2166136261UL;
  size_t i;
  for (i = 0; i < n; i++) {
    h ^= (unsigned char)data[i];
    h = (h * 16777619UL) & 0xffffffffUL;
  }
  return h;
}

/* One complete line (without its newline) into the state. */
static void runlog_parse_line(const char *line, sk_runlog_state *st)
{
  char word[16];
  int i, n = 0;
  long a, b;
  unsigned long u;
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
  } else if (sk_streq(word, "finished")) {
    st->finished = 1;
  }
}

SK_API void sk_runlog_parse(const char *text, size_t len, sk_runlog_state *st)
{
  static const char magic[] = "# skampi log 1\n";
  size_t pos = 0;
  memset(st, 0, sizeof *st);
  st->header_offset = st->done_offset = -1;
  if (len < sizeof magic - 1 || memcmp(text, magic, sizeof magic - 1) != 0) return;
  pos = sizeof magic - 1;
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

/* ---- the log of this run (rank 0) ---- */

static struct {
  int fd;                    /* -1: no log */
} rl = { -1 };

static void runlog_write(const char *fmt, ...)
{
  sk_str s;
  va_list ap;
  if (rl.fd < 0) return;
  sk_str_init(&s);
  va_start(ap, fmt);
  sk_str_vprintf(&s, fmt, ap);
  va_end(ap);
  if (write(rl.fd, s.data, s.len) != (ssize_t)s.len) { /* a full disk: the log stays as far as it got */ }
  sk_str_free(&s);
}

/* The first records: what the run measures, and with how many processes. */
static void runlog_write_identity(const char *input, unsigned long checksum, long input_bytes, int processes)
{
  runlog_write("# skampi log 1\ninput %lu %ld %s\nprocesses %d\n", checksum, input_bytes, input, processes);
}

/* The whole file behind fd. */
static void runlog_read_all(int fd, sk_str *text)
{
  char buf[4096];
  ssize_t n;
  lseek(fd, 0, SEEK_SET);
  while ((n = read(fd, buf, sizeof buf)) > 0) sk_str_putn(text, buf, (size_t)n);
}

/* 1 when this process holds the write lock on the whole log, after waiting up to
** wait_seconds; where the file system has no locks, a live owner on this host counts. */
static int runlog_lock(int fd, int wait_seconds)
{
  struct flock fl;
  int tries;
  for (tries = 0; tries <= wait_seconds * 5; tries++) {
    memset(&fl, 0, sizeof fl);
    fl.l_type = F_WRLCK;
    fl.l_whence = SEEK_SET;
    if (fcntl(fd, F_SETLK, &fl) == 0) return 1;
    if (errno != EACCES && errno != EAGAIN) {   /* no locks here: ask the owner's pid */
      sk_str text;
      sk_runlog_state st;
      char host[128];
      int alive;
      sk_str_init(&text);
      runlog_read_all(fd, &text);
      sk_runlog_parse(text.data ? text.data : "", text.len, &st);
      sk_str_free(&text);
      sk_os_host_name(host, sizeof host);
      alive = st.is_log && !st.finished && sk_streq(host, st.owner_host) && st.owner_pid > 0 &&
              (kill((pid_t)st.owner_pid, 0) == 0 || errno == EPERM);
      if (!alive) return 1;
    }
    sk_os_sleep(0.2);
  }
  return 0;
}

static void runlog_refuse_busy(int fd, const char *log_path, const char *out_path, int wait_seconds, sk_str *err)
{
  sk_str text;
  sk_runlog_state st;
  sk_str_init(&text);
  runlog_read_all(fd, &text);
  sk_runlog_parse(text.data ? text.data : "", text.len, &st);
  sk_str_free(&text);
  sk_str_printf(err, "'%s' is being written by another run", out_path);
  if (st.owner_pid > 0)
    sk_str_printf(err, " (process %ld on %s, started %s)", st.owner_pid, st.owner_host, st.started);
  sk_str_printf(err, ": its log '%s' is locked (waited %d s). If that run was killed, some of its"
                " processes still live: end them, then start again", log_path, wait_seconds);
}

/* A fresh log: the old content kept as LOG.N, then the file emptied in place (it stays
** locked) and the run's identity recorded. */
static int runlog_start_fresh(const char *log_path, const char *input, unsigned long checksum,
                              long input_bytes, int processes, char *backup, size_t backup_size, sk_str *err)
{
  char host[128], date[64];
  time_t now = time(NULL);
  char *d = ctime(&now);
  long old_size;
  sk_path_kind k = sk_path_kind_of(log_path, &old_size);
  if ((k == SK_PATH_REGULAR || k == SK_PATH_LINK_TO_REGULAR) && old_size > 0 &&
      !sk_path_copy_backup(log_path, backup, backup_size, err))
    return 0;
  if (ftruncate(rl.fd, 0) != 0 || lseek(rl.fd, 0, SEEK_SET) != 0) {
    sk_str_printf(err, "cannot empty the log '%s' for a fresh run", log_path);
    return 0;
  }
  sk_os_host_name(host, sizeof host);
  sk_copy_string(date, sizeof date, d ? d : "unknown\n");
  if (strchr(date, '\n')) *strchr(date, '\n') = '\0';
  runlog_write_identity(input, checksum, input_bytes, processes);
  runlog_write("owner %ld %s %ld %s\n", sk_os_process_id(), host, (long)now, date);
  return 1;
}

SK_API int sk_runlog_open(const char *log_path, const char *out_path, const char *input,
                          unsigned long checksum, long input_bytes, int processes,
                          int fresh_forced, int wait_seconds, sk_run_plan *plan,
                          char *backup, size_t backup_size, sk_str *err)
{
  sk_str text, why;
  sk_runlog_state st;
  long out_size;
  sk_path_kind k = sk_path_kind_of(log_path, &out_size);
  backup[0] = '\0';
  plan->mode = SK_RUN_FRESH;
  plan->suites_kept = 0;
  plan->keep_bytes = 0;
  if (!sk_path_is_file_like(k)) {      /* a device, FIFO or socket: written as it is, no resuming */
    FILE *f = sk_path_open_for_writing(log_path, wait_seconds, err);
    if (f == NULL) return 0;
    rl.fd = dup(fileno(f));
    fclose(f);
    runlog_write_identity(input, checksum, input_bytes, processes);
    return rl.fd >= 0;
  }
  rl.fd = open(log_path, O_RDWR | O_CREAT, 0644);
  if (rl.fd < 0) {
    sk_str_printf(err, "cannot open the log '%s' for writing", log_path);
    return 0;
  }
  if (!runlog_lock(rl.fd, wait_seconds)) {
    runlog_refuse_busy(rl.fd, log_path, out_path, wait_seconds, err);
    close(rl.fd);
    rl.fd = -1;
    return 0;
  }
  sk_str_init(&text);
  sk_str_init(&why);
  runlog_read_all(rl.fd, &text);
  sk_runlog_parse(text.data ? text.data : "", text.len, &st);
  k = sk_path_kind_of(out_path, &out_size);
  sk_runlog_decide(&st, checksum, processes, k == SK_PATH_MISSING ? -1L : out_size, fresh_forced, plan, &why);
  sk_str_free(&text);
  if (plan->mode == SK_RUN_REFUSED) {
    sk_str_printf(err, "%s: %s", out_path, why.data);
    sk_str_free(&why);
    close(rl.fd);
    rl.fd = -1;
    return 0;
  }
  if (why.len > 0) fprintf(stderr, "skampi: %s: %s\n", out_path, why.data);
  sk_str_free(&why);
  if (plan->mode == SK_RUN_RESUME) {
    lseek(rl.fd, 0, SEEK_END);
    return 1;
  }
  if (!runlog_start_fresh(log_path, input, checksum, input_bytes, processes, backup, backup_size, err)) {
    close(rl.fd);
    rl.fd = -1;
    return 0;
  }
  return 1;
}

SK_API void sk_runlog_header_done(void) { runlog_write("header %ld\n", sk_out_offset()); }

SK_API void sk_runlog_resumed(int suites_kept, const char *date)
{
  runlog_write("resumed %d %ld %s\n", suites_kept, sk_out_offset(), date);
}

SK_API void sk_runlog_suite(int index, const char *name, int done)
{
  runlog_write("%s %d %ld %s\n", done ? "done" : "start", index, sk_out_offset(), name);
}

SK_API void sk_runlog_close(int status)
{
  if (rl.fd < 0) return;
  /* an error in the input or wrong data found by -v would only come back on resuming */
  if (status == 0 || status == SK_EXIT_USER_ERROR || status == SK_EXIT_VERIFY)
    runlog_write("finished %ld\n", sk_out_offset());
  close(rl.fd);
  rl.fd = -1;
}
