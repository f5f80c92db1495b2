/*
** tests/unit/test_runlog.c -- the run's log (runlog.h): its checksum, parsing complete,
** partial and foreign logs, the fresh/resume/refuse decision; and the path rules of
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
  test_paths();
  return check_summary("test_runlog");
}
