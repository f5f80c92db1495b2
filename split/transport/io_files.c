/*
** io_files.c -- see io_files.h. The registry is a fixed table of plain character arrays
** (made on the first file) so that the signal handler only calls unlink, rmdir, signal and
** raise on them. Every
** process removes the default directory at the end (rmdir: only when it is empty), as
** the one that made it may have been ended first.
*/
#include "io_files.h"

#if SK_HAVE_MPI_IO
#include <signal.h>
#include <unistd.h>
#include <errno.h>
#include <sys/types.h>
#include <sys/stat.h>
#include <dirent.h>

#define IO_MAX_FILES 16
#define IO_PATH 512
#define IO_MAX_STALE 8

/* The two tables are made on first use, not static: under a simulator every rank holds its
** own copy of skampi's writable data, and these 14.5 KB were most of it. */
static char (*io_files)[IO_PATH];                 /* registered files ("" = free slot); NULL: none yet */
static char *io_default;                          /* the default directory (NULL: not named) */
static long io_counter;
static int io_handlers;
static char (*io_stale)[IO_PATH + 300];           /* world rank 0: header lines on dead runs' directories */
static int io_nstale;

static void io_remove_all(void)
{
  int i;
  for (i = 0; io_files != NULL && i < IO_MAX_FILES; i++) if (io_files[i][0]) unlink(io_files[i]);
  if (io_default != NULL) rmdir(io_default);   /* every process: the one that made it may be gone */
}

/* SIGTERM/SIGINT/SIGHUP: remove the files, restore the default action and raise again. */
static void io_on_signal(int sig)
{
  io_remove_all();
  signal(sig, SIG_DFL);
  raise(sig);
}

static void io_install_handlers(void)
{
  static const int sigs[3] = { SIGTERM, SIGINT, SIGHUP };
  int i;
  if (io_handlers) return;
  io_handlers = 1;
  for (i = 0; i < 3; i++) {
    void (*old)(int) = signal(sigs[i], io_on_signal);
    if (old == SIG_IGN) signal(sigs[i], SIG_IGN);   /* a signal ignored (nohup) stays ignored */
  }
}

/* host name with only [A-Za-z0-9.-] (for file names) */
static void io_host(char *buf, size_t size)
{
  char *p;
  sk_tp_processor_name(buf, size);
  for (p = buf; *p; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '.' || *p == '-'))
      *p = '_';
  if (buf[0] == '\0') sk_copy_string(buf, size, "host");
}

/* TMPDIR, or /tmp when it is unset or empty */
static const char *io_tmp(void)
{
  const char *tmp = getenv("TMPDIR");
  return tmp == NULL || tmp[0] == '\0' ? "/tmp" : tmp;
}

/* io_default := name (a copy; the old one freed) */
static void io_set_default(const char *name)
{
  char *copy = sk_strdup(name), *old = io_default;
  io_default = copy;
  free(old);
}

static void io_name_default(void)
{
  char host[128], name[IO_PATH];
  io_host(host, sizeof host);
  sprintf(name, "%.400s/skampi-io-%.64s-%ld", io_tmp(), host, (long)getpid());
  io_set_default(name);
}

/* The directory dir of a run that died: removes the files in it (its own, skampi_io-*,
** and whatever the library left there) and the directory; 0 with the reason in why. */
static int io_remove_dead_dir(const char *dir, char *why)
{
  DIR *d = opendir(dir);
  struct dirent *e;
  char path[IO_PATH + 260];
  int ok = 1;
  if (d == NULL) {
    int gone = errno == ENOENT;   /* another run removed it first */
    sprintf(why, "%.100s", strerror(errno));
    return gone;
  }
  while ((e = readdir(d)) != NULL) {
    if (sk_streq(e->d_name, ".") || sk_streq(e->d_name, "..")) continue;
    sprintf(path, "%.500s/%.255s", dir, e->d_name);
    if (unlink(path) != 0 && errno != ENOENT && ok) {
      sprintf(why, "%.60s: %.100s", e->d_name, strerror(errno));
      ok = 0;
    }
  }
  closedir(d);
  if (ok && rmdir(dir) != 0 && errno != ENOENT) { sprintf(why, "%.100s", strerror(errno)); ok = 0; }
  return ok;
}

/* World rank 0 at the start of every run: the default directories in TMPDIR of runs on
** this host (skampi-io-HOST-PID, HOST as in io_default) whose process is gone
** (kill(PID, 0) fails with ESRCH: a run killed by SIGKILL has no handler to remove
** them) are removed; a directory of a live process (of this run, of another run, or a
** process that now has that pid) and another user's are never touched. What was removed,
** or could not be, becomes a header line (sk_io_files_describe). */
static void io_sweep_dead_runs(void)
{
  const char *tmp = io_tmp();
  char host[128], prefix[200], dir[IO_PATH], why[200];
  size_t n;
  DIR *d;
  struct dirent *e;
  struct stat st;
  io_host(host, sizeof host);
  sprintf(prefix, "skampi-io-%.64s-", host);
  n = strlen(prefix);
  d = opendir(tmp);
  if (d == NULL) return;
  while ((e = readdir(d)) != NULL) {
    const char *p = e->d_name + n;
    long pid;
    if (strncmp(e->d_name, prefix, n) != 0 || *p == '\0' || strspn(p, "0123456789") != strlen(p) || strlen(p) > 9)
      continue;
    pid = atol(p);
    if (pid <= 0 || pid == (long)getpid()) continue;
    if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue;   /* alive (EPERM: another user's) */
    sprintf(dir, "%.400s/%.100s", tmp, e->d_name);
    if (lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid()) continue;
    if (io_nstale >= IO_MAX_STALE) break;
    if (io_stale == NULL) io_stale = (char (*)[IO_PATH + 300])sk_malloc(sizeof *io_stale * IO_MAX_STALE);
    if (io_remove_dead_dir(dir, why))
      sprintf(io_stale[io_nstale++], "# MPI-IO files: removed %s, left by process %ld of a run that died\n", dir, pid);
    else
      sprintf(io_stale[io_nstale++], "# MPI-IO files: %s, left by process %ld of a run that died, "
              "could not be removed: %.100s\n", dir, pid, why);
  }
  closedir(d);
}

SK_API void sk_io_files_start(void)
{
  char name[IO_PATH];
  if (sk_tp_world_rank() == 0) {
    io_name_default();
    io_sweep_dead_runs();
    sk_copy_string(name, sizeof name, io_default);
  }
  sk_tp_bcast(sk_tp_world(), name, sizeof name, 0);
  if (sk_tp_world_rank() != 0) io_set_default(name);
  io_install_handlers();
}

SK_API void sk_io_files_describe(sk_str *out, const char *dir)
{
  int i;
  if (dir != NULL) sk_str_printf(out, "# MPI-IO files: in %s (set_io_working_dir)\n", dir);
  else sk_str_printf(out, "# MPI-IO files: in %s (made when needed, removed at the end)\n",
                     io_default != NULL && io_default[0] ? io_default : "a fresh directory under TMPDIR");
  for (i = 0; i < io_nstale; i++) sk_str_puts(out, io_stale[i]);
}

SK_API void sk_io_files_finish(void)
{
  io_remove_all();
  if (io_files != NULL) memset(io_files, 0, sizeof *io_files * IO_MAX_FILES);
}

SK_API const char *sk_io_dir(const char *dir, char *why, size_t size)
{
  const char *tmp = getenv("TMPDIR");
  char text[IO_PATH + 300];
  if (dir != NULL) return dir;
  if (io_default == NULL) io_name_default();
  io_install_handlers();
  if (mkdir(io_default, 0700) == 0 || errno == EEXIST) return io_default;
  /* the user's setting, not skampi's fault: say which variable and path */
  if (tmp != NULL && tmp[0] != '\0')
    sprintf(text, "MPI-IO: cannot make the directory %.100s in TMPDIR=%.200s: %.60s (set TMPDIR to a writable "
            "directory or use set_io_working_dir)", strrchr(io_default, '/') + 1, tmp, strerror(errno));
  else
    sprintf(text, "MPI-IO: cannot make the directory %.200s (TMPDIR is not set, so /tmp is used): %.60s (set "
            "TMPDIR to a writable directory or use set_io_working_dir)", io_default, strerror(errno));
  sk_copy_string(why, size, text);
  return NULL;
}

static void io_register(const char *path)
{
  int i, free_slot = -1;
  if (io_files == NULL) io_files = (char (*)[IO_PATH])sk_calloc(IO_MAX_FILES, sizeof *io_files);
  for (i = 0; i < IO_MAX_FILES; i++) {
    if (sk_streq(io_files[i], path)) return;
    if (free_slot < 0 && io_files[i][0] == '\0') free_slot = i;
  }
  if (free_slot < 0) sk_fatal("MPI-IO: more than %d files at once", IO_MAX_FILES);
  if (strlen(path) >= IO_PATH) sk_fatal("MPI-IO: file name too long: %s", path);
  io_files[free_slot][0] = '\0';
  strcpy(io_files[free_slot], path);
}

SK_API void sk_io_forget(const char *path)
{
  int i;
  for (i = 0; io_files != NULL && i < IO_MAX_FILES; i++) if (sk_streq(io_files[i], path)) io_files[i][0] = '\0';
}

SK_API void sk_io_remove(const char *path)
{
  unlink(path);
  sk_io_forget(path);
}

SK_API int sk_io_new_name(MPI_Comm comm, const char *dir, const char *kind, int group, char *path, size_t size)
{
  char prefix[IO_PATH], host[128], full[IO_PATH + 40];
  const char *d;
  int rank;
  MPI_Comm_rank(comm, &rank);
  memset(prefix, 0, sizeof prefix);
  if (rank == 0) {   /* prefix[0]: 1 with the name after it, 0 with the reason */
    d = sk_io_dir(dir, prefix + 1, sizeof prefix - 1);
    if (d != NULL) {
      io_host(host, sizeof host);
      prefix[0] = 1;
      sprintf(prefix + 1, "%.380s/skampi_io-%.64s-%ld-%ld", d, host, (long)getpid(), ++io_counter);
    }
  }
  MPI_Bcast(prefix, (int)sizeof prefix, MPI_CHAR, 0, comm);
  if (prefix[0] == 0) { sk_copy_string(path, size, prefix + 1); return 0; }
  sprintf(full, "%s-%.16s-%d", prefix + 1, kind, group);
  io_register(full);
  sk_copy_string(path, size, full);
  return 1;
}

#else /* no MPI-IO */

SK_API void sk_io_files_start(void) {}
SK_API void sk_io_files_describe(sk_str *out, const char *dir) { (void)out; (void)dir; }
SK_API void sk_io_files_finish(void) {}

#endif
