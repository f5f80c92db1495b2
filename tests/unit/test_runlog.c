/*
** tests/unit/test_runlog.c -- the run's log (runlog.h): its checksum, parsing complete,
** partial and foreign logs, the fresh/resume/refuse decision; the log's binding to its
** output and the cut point checked against the output's content (damaged, foreign and
** old logs); the output's lock against a second process (fork); and the path rules of
** filepaths.h on files, links, FIFOs and directories made in a temporary directory.
** Build as the other unit tests (tests/run.sh, group unit).
*/
#define main skampi_main
#include "skampi_amalgam.c"
#undef main
#include "check.h"
#include <sys/stat.h>
#include <unistd.h>

static void test_checksum(void)
{
  /* FNV-1a, 32 bits: the published test values */
  check(sk_runlog_checksum("", 0) == 2166136261UL, "runlog_checksum_empty", "%lu", sk_runlog_checksum("", 0));
  check(sk_runlog_checksum("a", 1) == 0xe40c292cUL, "runlog_checksum_a", "%lx", sk_runlog_checksum("a", 1));
  check(sk_runlog_checksum("foobar", 6) == 0xbf9cf968UL, "runlog_checksum_foobar", "%lx",
        sk_runlog_checksum("foobar", 6));
}

static const char *const log_killed =
  "# skampi log 1\n"
  "input 12345 700 x.ski\n"
  "processes 4\n"
  "owner 4711 node7 1795468994 Mon Nov 23 21:23:14 2026\n"
  "header 780\n"
  "start 1 780 busy-1\n"
  "done 1 1281 busy-1\n"
  "start 2 1281 busy-2\n"
  "done 2 1691 busy-2\n"
  "start 3 1691 busy-3\n"
  "done 3 20";                 /* cut in the middle of a record */

static void test_parse(void)
{
  sk_runlog_state st;
  const char *resumed = "# skampi log 1\ninput 1 2 a b.ski\nheader 100\ndone 1 200 a\nstart 2 200 b\n"
                        "resumed 1 200 Mon Nov 23 2026\nstart 2 300 b\ndone 2 400 b\nfinished 500\n";
  sk_runlog_parse(log_killed, strlen(log_killed), &st);
  check(st.is_log && st.checksum == 12345UL && st.input_bytes == 700 && st.processes == 4,
        "runlog_parse_identity", "is_log %d checksum %lu bytes %ld processes %d", st.is_log, st.checksum,
        st.input_bytes, st.processes);
  check(st.owner_pid == 4711 && sk_streq(st.owner_host, "node7") && sk_streq(st.started, "Mon Nov 23 21:23:14 2026"),
        "runlog_parse_owner", "%ld %s '%s'", st.owner_pid, st.owner_host, st.started);
  check(st.header_offset == 780 && st.suites_done == 2 && st.done_offset == 1691 && st.last_started == 3 && !st.finished,
        "runlog_parse_partial_last_record_ignored", "header %ld done %d at %ld, started %d, finished %d",
        st.header_offset, st.suites_done, st.done_offset, st.last_started, st.finished);
  sk_runlog_parse(resumed, strlen(resumed), &st);
  check(st.suites_done == 2 && st.done_offset == 400 && st.finished, "runlog_parse_resumed_and_finished",
        "done %d at %ld, finished %d", st.suites_done, st.done_offset, st.finished);
  sk_runlog_parse("# begin result \"x\"\n", 19, &st);
  check(!st.is_log && st.suites_done == 0 && st.done_offset == -1, "runlog_parse_foreign_file", "is_log %d", st.is_log);
  sk_runlog_parse("# skampi log 1\nprocesses 2\n", 27, &st);
  check(!st.is_log, "runlog_parse_without_input_record", "is_log %d", st.is_log);
  sk_runlog_parse("# skampi log 1\ninput 1 2 a\ndone x y\nstart\nheader -\n", 48, &st);
  check(st.is_log && st.suites_done == 0 && st.header_offset == -1, "runlog_parse_malformed_records_ignored",
        "done %d header %ld", st.suites_done, st.header_offset);
}

static int mode;

static int decide(const char *log, unsigned long checksum, int processes, long out_size, int force, sk_run_plan *plan,
                  sk_str *why)
{
  sk_runlog_state st;
  sk_str_clear(why);
  sk_runlog_parse(log, strlen(log), &st);
  sk_runlog_decide(&st, checksum, processes, out_size, force, plan, why);
  return plan->mode;
}

static void test_decide(void)
{
  sk_run_plan plan;
  sk_str why;
  const char *no_suite = "# skampi log 1\ninput 12345 700 x.ski\nprocesses 4\nheader 780\nstart 1 780 a\n";
  const char *no_header = "# skampi log 1\ninput 12345 700 x.ski\nprocesses 4\n";
  sk_str_init(&why);
  mode = decide(log_killed, 12345UL, 4, 1800, 0, &plan, &why);
  check(mode == SK_RUN_RESUME && plan.suites_kept == 2 &&
        plan.keep_bytes == 1691, "runlog_decide_resume", "mode %d kept %d bytes %ld", plan.mode, plan.suites_kept,
        plan.keep_bytes);
  mode = decide(no_suite, 12345UL, 4, 900, 0, &plan, &why);
  check(mode == SK_RUN_RESUME && plan.suites_kept == 0 &&
        plan.keep_bytes == 780, "runlog_decide_resume_after_header", "mode %d bytes %ld", plan.mode, plan.keep_bytes);
  mode = decide(log_killed, 999UL, 4, 1800, 0, &plan, &why);
  check(mode == SK_RUN_REFUSED && strstr(why.data, "-F") != NULL,
        "runlog_decide_changed_input_refused", "mode %d: %s", plan.mode, why.data ? why.data : "");
  mode = decide(log_killed, 12345UL, 2, 1800, 0, &plan, &why);
  check(mode == SK_RUN_REFUSED, "runlog_decide_other_process_count",
        "mode %d", plan.mode);
  mode = decide(log_killed, 999UL, 4, 1800, 1, &plan, &why);
  check(mode == SK_RUN_FRESH, "runlog_decide_forced_fresh", "mode %d",
        plan.mode);
  mode = decide("# skampi log 1\ninput 12345 7 x\nheader 10\nfinished 99\n", 12345UL, 4, 99, 0, &plan, &why);
  check(mode == SK_RUN_FRESH,
        "runlog_decide_finished_run_fresh", "mode %d", plan.mode);
  mode = decide(log_killed, 12345UL, 4, 1000, 0, &plan, &why);
  check(mode == SK_RUN_FRESH && why.len > 0,
        "runlog_decide_short_output_fresh", "mode %d", plan.mode);
  mode = decide(log_killed, 12345UL, 4, -1, 0, &plan, &why);
  check(mode == SK_RUN_FRESH, "runlog_decide_missing_output_fresh",
        "mode %d", plan.mode);
  mode = decide(no_header, 12345UL, 4, 500, 0, &plan, &why);
  check(mode == SK_RUN_FRESH, "runlog_decide_no_header_fresh",
        "mode %d", plan.mode);
  mode = decide("", 1UL, 4, 500, 0, &plan, &why);
  check(mode == SK_RUN_FRESH, "runlog_decide_no_log_fresh", "mode %d", plan.mode);
  sk_str_free(&why);
}

static void write_file(const char *path, const char *text)
{
  FILE *f = fopen(path, "w");
  if (f) { fputs(text, f); fclose(f); }
}

static int file_is(const char *path, const char *text)
{
  char buf[256];
  size_t n;
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  return sk_streq(buf, text);
}

/* ---- the log bound to its output, and the cut point checked against the output ---- */

/* An output as skampi writes it: a header, suites a and b complete, c begun. */
static const char *const out_text =
  "# SKaMPI Version skampi-0.1.0 (sequential backend)\n"      /*  52 */
  "# processes: 1\n"                                          /*  67 */
  "# begin result \"a\"\n"                                    /*  86 */
  "x= 1        1     5000.500      0.289     8     5000.500\n"
  "# end result \"a\"\n"
  "# duration = 0.18 sec\n"                                   /* 199 */
  "#P[0] between\n"
  "# begin result \"b\"\n"
  "x= 1        1     5000.000      0.000     8     5000.000\n"
  "# end result \"b\"\n"
  "# duration = 0.20 sec\n"                                   /* 346 */
  "# begin result \"c\"\n"
  "x= 1        1     50";

static long out_offset_after(const char *marker)
{
  const char *p = strstr(out_text, marker);
  return p ? (long)(p - out_text) + (long)strlen(marker) : -1;
}

static int plan_of(const char *log, const char *text, const char *path, unsigned long dev, unsigned long ino,
                   sk_run_plan *plan, sk_str *why)
{
  sk_runlog_state st;
  sk_runlog_output o;
  sk_str_clear(why);
  sk_runlog_parse(log, strlen(log), &st);
  memset(&o, 0, sizeof o);
  o.path = path;
  o.exists = text != NULL;
  o.dev = dev;
  o.ino = ino;
  o.text = text ? text : "";
  o.len = strlen(o.text);
  sk_runlog_plan(&st, log, strlen(log), &o, 777UL, 1, 0, plan, why);
  return plan->mode;
}

static void test_plan(void)
{
  sk_run_plan plan;
  sk_str why, log;
  long a_end = out_offset_after("0.18 sec\n"), b_end = out_offset_after("0.20 sec\n");
  long hdr = out_offset_after("processes: 1\n");
  const char *head = "# skampi log 1\ninput 777 10 t.ski\nprocesses 1\nowner 1 h 2 d\n";
  const char *bound = "output 5 6 0 /r/out.sko\n";
  char *stopped;
  sk_runlog_state st;
  sk_str_init(&why);
  sk_str_init(&log);
  /* the record that binds a log to its output */
  sk_str_printf(&log, "%s%sheader %ld\n", head, bound, hdr);
  sk_runlog_parse(log.data, log.len, &st);
  check(st.has_output && st.output_dev == 5 && st.output_ino == 6 && st.output_size == 0 &&
        sk_streq(st.output_path, "/r/out.sko"), "runlog_parse_output_record", "has %d dev %lu ino %lu path '%s'",
        st.has_output, st.output_dev, st.output_ino, st.output_path);
  /* offsets that agree with the output: resumed there */
  sk_str_clear(&log);
  sk_str_printf(&log, "%s%sheader %ld\ndone 1 %ld a\ndone 2 %ld b\nstart 3 %ld c\n", head, bound, hdr, a_end, b_end, b_end);
  mode = plan_of(log.data, out_text, "/r/out.sko", 5, 6, &plan, &why);
  check(mode == SK_RUN_RESUME && plan.suites_kept == 2 && plan.keep_bytes == b_end && why.len == 0,
        "runlog_plan_checked_cut", "mode %d kept %d at %ld (want %ld): %s", mode, plan.suites_kept, plan.keep_bytes,
        b_end, why.data ? why.data : "");
  /* a log of the old format (no output record): the same check */
  sk_str_clear(&log);
  sk_str_printf(&log, "%sheader %ld\ndone 1 %ld a\ndone 2 %ld b\n", head, hdr, a_end, b_end);
  mode = plan_of(log.data, out_text, "/elsewhere/x.sko", 9, 9, &plan, &why);
  check(mode == SK_RUN_RESUME && plan.suites_kept == 2 && plan.keep_bytes == b_end, "runlog_plan_old_log_resumes",
        "mode %d kept %d at %ld", mode, plan.suites_kept, plan.keep_bytes);
  /* an offset edited to the middle of a line: never cut there; the last complete suite instead */
  sk_str_clear(&log);
  sk_str_printf(&log, "%sheader %ld\ndone 1 %ld a\ndone 2 %ld b\n", head, hdr, a_end, b_end - 7);
  mode = plan_of(log.data, out_text, "/r/out.sko", 5, 6, &plan, &why);
  check(mode == SK_RUN_RESUME && plan.suites_kept == 2 && plan.keep_bytes == b_end && strstr(why.data, "not the end") != NULL,
        "runlog_plan_midline_offset_finds_suite_end", "mode %d kept %d at %ld: %s", mode, plan.suites_kept,
        plan.keep_bytes, why.data ? why.data : "");
  /* an offset beyond the output's end */
  sk_str_clear(&log);
  sk_str_printf(&log, "%sheader %ld\ndone 1 %ld a\ndone 2 99999 b\n", head, hdr, a_end);
  mode = plan_of(log.data, out_text, "/r/out.sko", 5, 6, &plan, &why);
  check(mode == SK_RUN_RESUME && plan.suites_kept == 2 && plan.keep_bytes == b_end && strstr(why.data, "99999") != NULL,
        "runlog_plan_offset_beyond_output", "mode %d kept %d at %ld: %s", mode, plan.suites_kept, plan.keep_bytes,
        why.data ? why.data : "");
  /* the log knows fewer suites than the output holds: cut after the log's last */
  sk_str_clear(&log);
  sk_str_printf(&log, "%sheader %ld\ndone 1 %ld a\n", head, hdr, a_end + 3);
  mode = plan_of(log.data, out_text, "/r/out.sko", 5, 6, &plan, &why);
  check(mode == SK_RUN_RESUME && plan.suites_kept == 1 && plan.keep_bytes == a_end, "runlog_plan_no_more_than_log_knows",
        "mode %d kept %d at %ld", mode, plan.suites_kept, plan.keep_bytes);
  /* suites the log names otherwise: not this run's */
  sk_str_clear(&log);
  sk_str_printf(&log, "%sheader %ld\ndone 1 %ld zz\ndone 2 %ld b\n", head, hdr, a_end, b_end);
  mode = plan_of(log.data, out_text, "/r/out.sko", 5, 6, &plan, &why);
  check(mode == SK_RUN_FRESH && strstr(why.data, "names differ") != NULL, "runlog_plan_other_suite_names_fresh",
        "mode %d: %s", mode, why.data ? why.data : "");
  /* the header's end: checked as a line end before the first block */
  sk_str_clear(&log);
  sk_str_printf(&log, "%sheader %ld\nstart 1 %ld a\n", head, hdr, hdr);
  mode = plan_of(log.data, out_text, "/r/out.sko", 5, 6, &plan, &why);
  check(mode == SK_RUN_RESUME && plan.suites_kept == 0 && plan.keep_bytes == hdr, "runlog_plan_header_end",
        "mode %d at %ld", mode, plan.keep_bytes);
  sk_str_clear(&log);
  sk_str_printf(&log, "%sheader 20\nstart 1 20 a\n", head);
  mode = plan_of(log.data, out_text, "/r/out.sko", 5, 6, &plan, &why);
  check(mode == SK_RUN_FRESH && why.len > 0, "runlog_plan_header_midline_fresh", "mode %d at %ld", mode, plan.keep_bytes);
  sk_str_clear(&log);
  sk_str_printf(&log, "%sheader %ld\ndone 1 %ld a\n", head, hdr, a_end);
  mode = plan_of(log.data, out_text + 2, "/r/out.sko", 5, 6, &plan, &why);
  check(mode == SK_RUN_FRESH, "runlog_plan_output_without_header_fresh", "mode %d: %s", mode, why.data ? why.data : "");
  /* a block the run stopped inside (no duration line) ends what counts */
  stopped = sk_strdup(out_text);
  strcpy(strstr(stopped, "# duration = 0.20 sec\n"), "# begin result \"c\"\n");
  sk_str_clear(&log);
  sk_str_printf(&log, "%sheader %ld\ndone 1 %ld a\ndone 2 %ld b\n", head, hdr, a_end, b_end);
  mode = plan_of(log.data, stopped, "/r/out.sko", 5, 6, &plan, &why);
  check(mode == SK_RUN_RESUME && plan.suites_kept == 1 && plan.keep_bytes == a_end, "runlog_plan_block_without_duration",
        "mode %d kept %d at %ld", mode, plan.suites_kept, plan.keep_bytes);
  /* a line outside a block that is not a '#' line: nothing after it counts */
  strcpy(strstr(stopped, "#P[0] between\n"), "garbage\n");
  mode = plan_of(log.data, stopped, "/r/out.sko", 5, 6, &plan, &why);
  check(mode == SK_RUN_RESUME && plan.suites_kept == 1 && plan.keep_bytes == a_end, "runlog_plan_stray_line_ends_check",
        "mode %d kept %d at %ld", mode, plan.suites_kept, plan.keep_bytes);
  free(stopped);
  /* a log bound to another output (-L shared, a copied log): refused unless the output
  ** holds what the log describes (a copy), and never for a missing output */
  sk_str_clear(&log);
  sk_str_printf(&log, "%s%sheader %ld\ndone 1 %ld a\ndone 2 %ld b\n", head, bound, hdr, a_end + 1, b_end + 1);
  mode = plan_of(log.data, out_text, "/r/other.sko", 5, 7, &plan, &why);
  check(mode == SK_RUN_REFUSED && strstr(why.data, "describes another output, '/r/out.sko'") != NULL &&
        strstr(why.data, "-F") != NULL, "runlog_plan_foreign_log_refused", "mode %d: %s", mode, why.data ? why.data : "");
  mode = plan_of(log.data, NULL, "/r/other.sko", 0, 0, &plan, &why);
  check(mode == SK_RUN_REFUSED, "runlog_plan_foreign_log_missing_output_refused", "mode %d", mode);
  mode = plan_of(log.data, NULL, "/r/out.sko", 0, 0, &plan, &why);
  check(mode == SK_RUN_FRESH, "runlog_plan_own_output_missing_fresh", "mode %d", mode);
  mode = plan_of(log.data, out_text, "/r/moved.sko", 5, 6, &plan, &why);
  check(mode == SK_RUN_RESUME && plan.suites_kept == 2 && plan.keep_bytes == b_end, "runlog_plan_same_file_other_path",
        "mode %d kept %d at %ld", mode, plan.suites_kept, plan.keep_bytes);
  sk_str_clear(&log);
  sk_str_printf(&log, "%s%sheader %ld\ndone 1 %ld a\ndone 2 %ld b\n", head, bound, hdr, a_end, b_end);
  mode = plan_of(log.data, out_text, "/r/copy.sko", 8, 9, &plan, &why);
  check(mode == SK_RUN_RESUME && plan.suites_kept == 2 && plan.keep_bytes == b_end, "runlog_plan_copy_of_output_resumes",
        "mode %d kept %d at %ld", mode, plan.suites_kept, plan.keep_bytes);
  sk_str_free(&log);
  sk_str_free(&why);
}

/* ---- the lock: one run per output; a second process is refused, never let in ---- */

#include <sys/wait.h>

/* In a child process: sk_runlog_open on out (no waiting); its exit status says 0 opened,
** 1 refused by the output's lock naming the parent (from the lock file's owner record),
** 2 refused otherwise. */
static int open_in_child(const char *log, const char *out, long parent)
{
  pid_t pid;
  int status = 0;
  fflush(stdout);
  pid = fork();
  if (pid == 0) {
    sk_run_plan plan;
    sk_str err;
    char backup[300], who[64];
    int r;
    sk_str_init(&err);
    r = sk_runlog_open(log, 1, out, "t.ski", 777UL, 10, 1, 1, 0, &plan, backup, sizeof backup, &err);
    sprintf(who, "(process %ld on ", parent);
    _exit(r ? 0 : strstr(err.data ? err.data : "", who) != NULL && strstr(err.data, "its lock file") != NULL ? 1 : 2);
  }
  if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) return -1;
  return WEXITSTATUS(status);
}

static void test_lock(void)
{
  char dir[200], out[256], log[256], lock[256], backup[300];
  const char *tmp = getenv("TMPDIR");
  sk_run_plan plan;
  sk_str err;
  int r;
  sk_str_init(&err);
  sprintf(dir, "%.150s/skampi-lock-%ld", tmp && *tmp ? tmp : "/tmp", (long)getpid());
  if (mkdir(dir, 0700) != 0) { check(0, "lock_tempdir", "cannot make %s", dir); return; }
  sprintf(out, "%s/o.sko", dir);
  sprintf(log, "%s/o.sko.log", dir);
  sprintf(lock, "%s/o.sko.lock", dir);
  /* an old log and output: the fresh start copies the log to a backup (this once closed a
  ** second descriptor of the locked log and so dropped the lock) */
  write_file(out, "old results\n");
  write_file(log, "# skampi log 1\ninput 1 2 t.ski\nfinished 9\n");
  r = sk_runlog_open(log, 1, out, "t.ski", 777UL, 10, 1, 0, 0, &plan, backup, sizeof backup, &err);
  check(r && plan.mode == SK_RUN_FRESH && backup[0] && file_is(backup, "# skampi log 1\ninput 1 2 t.ski\nfinished 9\n"),
        "lock_fresh_log_backup_through_locked_descriptor", "opened %d, backup '%s': %s", r, backup, err.data ? err.data : "");
  /* (never opened here: closing it would drop this process's lock, as closing the log did) */
  check(access(lock, F_OK) == 0, "lock_file_next_to_output", "%s missing", lock);
  r = open_in_child(log, out, (long)getpid());
  check(r == 1, "lock_second_process_refused_naming_owner", "child status %d", r);
  r = open_in_child(log, out, (long)getpid());     /* after the child closed its descriptors */
  check(r == 1, "lock_held_after_other_process_closed", "child status %d", r);
  sk_runlog_close(0);
  r = open_in_child(log, out, (long)getpid());
  check(r == 1, "lock_held_until_output_unlocked", "child status %d", r);
  sk_runlog_unlock();
  check(access(lock, F_OK) != 0, "lock_file_removed_on_unlock", "%s still there", lock);
  r = open_in_child(log, out, (long)getpid());
  check(r == 0, "lock_free_after_unlock", "child status %d", r);
  /* the log and the output must be two files */
  sk_str_clear(&err);
  r = sk_runlog_open(out, 1, out, "t.ski", 777UL, 10, 1, 0, 0, &plan, backup, sizeof backup, &err);
  check(!r && strstr(err.data ? err.data : "", "cannot be the output") != NULL, "lock_log_is_not_the_output", "%s",
        err.data ? err.data : "opened");
  /* backups written from memory never replace a file */
  sk_str_clear(&err);
  sprintf(out, "%s/b", dir);
  sprintf(log, "%s/b.1", dir);
  write_file(out, "");
  write_file(log, "one");
  check(sk_path_write_backup(out, "two", 3, backup, sizeof backup, &err) && file_is(backup, "two") && file_is(log, "one") &&
        strstr(backup, "/b.2") != NULL, "paths_write_backup_next_free_name", "backup '%s'", backup);
  sprintf(out, "rm -rf '%s'", dir);
  if (system(out) != 0) printf("# could not remove %s\n", dir);
  sk_str_free(&err);
}

static void test_paths(void)
{
  char dir[200], p[256], q[256], backup[300];
  const char *tmp = getenv("TMPDIR");
  long size;
  sk_str err;
  FILE *f;
  sk_str_init(&err);
  sprintf(dir, "%.150s/skampi-paths-%ld", tmp && *tmp ? tmp : "/tmp", (long)getpid());
  if (mkdir(dir, 0700) != 0) { check(0, "paths_tempdir", "cannot make %s", dir); return; }
  sprintf(p, "%s/new.sko", dir);
  check(sk_path_kind_of(p, &size) == SK_PATH_MISSING, "paths_kind_missing", "%d", (int)sk_path_kind_of(p, &size));
  check(sk_path_keep_backup(p, backup, sizeof backup, &err) && backup[0] == '\0', "paths_missing_no_backup", "%s", backup);
  write_file(p, "");
  check(sk_path_kind_of(p, &size) == SK_PATH_REGULAR && size == 0, "paths_kind_empty_regular", "size %ld", size);
  check(sk_path_keep_backup(p, backup, sizeof backup, &err) && backup[0] == '\0', "paths_empty_file_not_renamed", "%s", backup);
  write_file(p, "one");
  sk_path_keep_backup(p, backup, sizeof backup, &err);
  sprintf(q, "%s/new.sko.1", dir);
  check(sk_streq(backup, q) && file_is(q, "one") && sk_path_kind_of(p, &size) == SK_PATH_MISSING,
        "paths_regular_renamed", "backup '%s'", backup);
  write_file(p, "two");
  sk_path_keep_backup(p, backup, sizeof backup, &err);
  sprintf(q, "%s/new.sko.2", dir);
  check(sk_streq(backup, q) && file_is(q, "two"), "paths_next_free_backup_name", "backup '%s'", backup);
  /* a link to a regular file: content copied to LINK.1, then written through the link */
  sprintf(p, "%s/target", dir);
  write_file(p, "target text");
  sprintf(q, "%s/link.sko", dir);
  if (symlink("target", q) == 0) {
    check(sk_path_kind_of(q, &size) == SK_PATH_LINK_TO_REGULAR && size == 11, "paths_kind_link", "size %ld", size);
    check(sk_path_keep_backup(q, backup, sizeof backup, &err) && file_is(backup, "target text") &&
          sk_path_kind_of(q, &size) == SK_PATH_LINK_TO_REGULAR, "paths_link_kept_by_copy", "backup '%s'", backup);
    f = sk_path_open_for_writing(q, 0, &err);
    if (f) { fputs("new", f); fclose(f); }
    check(file_is(p, "new"), "paths_link_written_through", "target not replaced");
  }
  /* a FIFO without a reader: refused, not blocked */
  sprintf(p, "%s/fifo", dir);
  if (mkfifo(p, 0600) == 0) {
    check(sk_path_kind_of(p, &size) == SK_PATH_FIFO, "paths_kind_fifo", "%d", (int)sk_path_kind_of(p, &size));
    check(sk_path_keep_backup(p, backup, sizeof backup, &err) && backup[0] == '\0', "paths_fifo_not_renamed", "%s", backup);
    f = sk_path_open_for_writing(p, 0, &err);
    check(f == NULL && strstr(err.data ? err.data : "", "no process reads") != NULL, "paths_fifo_without_reader",
          "%s", err.data ? err.data : "opened");
    if (f) fclose(f);
    remove(p);
  }
  sk_str_clear(&err);
  check(!sk_path_keep_backup(dir, backup, sizeof backup, &err) && strstr(err.data, "directory") != NULL,
        "paths_directory_refused", "%s", err.data ? err.data : "");
  /* continuing a file after its first bytes */
  sprintf(p, "%s/cut", dir);
  write_file(p, "kept|half-written");
  f = sk_path_open_at(p, 5, &err);
  if (f) { fputs("new\n", f); fclose(f); }
  check(file_is(p, "kept|new\n"), "paths_open_at_cuts", "content not 'kept|new'");
  sprintf(p, "rm -rf '%s'", dir);
  if (system(p) != 0) printf("# could not remove %s\n", dir);
  sk_str_free(&err);
}

int main(void)
{
  test_checksum();
  test_parse();
  test_decide();
  test_plan();
  test_paths();
  test_lock();
  return check_summary("test_runlog");
}
