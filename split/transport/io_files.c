/*
** io_files.c -- see io_files.h. The registry is a fixed table of plain character arrays
** so that the signal handler only calls unlink, rmdir, signal and raise on them. Every
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

#define IO_MAX_FILES 16
#define IO_PATH 512

static char io_files[IO_MAX_FILES][IO_PATH];     /* registered files ("" = free slot) */
static char io_default[IO_PATH];                  /* the default directory ("" = not named) */
static long io_counter;
static int io_handlers;

static void io_remove_all(void)
{
  int i;
  for (i = 0; i < IO_MAX_FILES; i++) if (io_files[i][0]) unlink(io_files[i]);
  if (io_default[0]) rmdir(io_default);   /* every process: the one that made it may be gone */
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

static void io_name_default(void)
{
  const char *tmp = getenv("TMPDIR");
  char host[128];
  if (tmp == NULL || tmp[0] == '\0') tmp = "/tmp";
  io_host(host, sizeof host);
  sprintf(io_default, "%.400s/skampi-io-%.64s-%ld", tmp, host, (long)getpid());
}

SK_API void sk_io_files_start(void)
{
  if (sk_tp_world_rank() == 0) io_name_default();
  sk_tp_bcast(sk_tp_world(), io_default, sizeof io_default, 0);
  io_install_handlers();
}

SK_API void sk_io_files_describe(sk_str *out, const char *dir)
{
  if (dir != NULL) sk_str_printf(out, "# MPI-IO files: in %s (set_io_working_dir)\n", dir);
  else sk_str_printf(out, "# MPI-IO files: in %s (made when needed, removed at the end)\n",
                     io_default[0] ? io_default : "a fresh directory under TMPDIR");
}

SK_API void sk_io_files_finish(void)
{
  io_remove_all();
  memset(io_files, 0, sizeof io_files);
}

SK_API const char *sk_io_dir(const char *dir)
{
  if (dir != NULL) return dir;
  if (io_default[0] == '\0') io_name_default();
  io_install_handlers();
  if (mkdir(io_default, 0700) != 0 && errno != EEXIST)
    sk_fatal("MPI-IO: cannot make the directory %s: %s", io_default, strerror(errno));
  return io_default;
}

static void io_register(const char *path)
{
  int i, free_slot = -1;
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
  for (i = 0; i < IO_MAX_FILES; i++) if (sk_streq(io_files[i], path)) io_files[i][0] = '\0';
}

SK_API void sk_io_remove(const char *path)
{
  unlink(path);
  sk_io_forget(path);
}

SK_API void sk_io_new_name(MPI_Comm comm, const char *dir, const char *kind, int group, char *path, size_t size)
{
  char prefix[IO_PATH], host[128], full[IO_PATH + 40];
  int rank;
  MPI_Comm_rank(comm, &rank);
  memset(prefix, 0, sizeof prefix);
  if (rank == 0) {
    io_host(host, sizeof host);
    sprintf(prefix, "%.380s/skampi_io-%.64s-%ld-%ld", sk_io_dir(dir), host, (long)getpid(), ++io_counter);
  }
  MPI_Bcast(prefix, (int)sizeof prefix, MPI_CHAR, 0, comm);
  sprintf(full, "%s-%.16s-%d", prefix, kind, group);
  io_register(full);
  sk_copy_string(path, size, full);
}

#else /* no MPI-IO */

SK_API void sk_io_files_start(void) {}
SK_API void sk_io_files_describe(sk_str *out, const char *dir) { (void)out; (void)dir; }
SK_API void sk_io_files_finish(void) {}

#endif
