/*
** filepaths.c -- see filepaths.h. The only module besides runlog.c that calls POSIX.
*/
#include "filepaths.h"
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>
#include <time.h>

SK_API sk_path_kind sk_path_kind_of(const char *path, long *size)
{
  struct stat st;
  int link = 0;
  *size = 0;
  if (lstat(path, &st) != 0) return SK_PATH_MISSING;
  if (S_ISLNK(st.st_mode)) {
    link = 1;
    if (stat(path, &st) != 0) return SK_PATH_MISSING;     /* dangling: written as new */
  }
  if (S_ISREG(st.st_mode)) {
    *size = (long)st.st_size;
    return link ? SK_PATH_LINK_TO_REGULAR : SK_PATH_REGULAR;
  }
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) return SK_PATH_DEVICE;
  if (S_ISFIFO(st.st_mode)) return SK_PATH_FIFO;
  if (S_ISSOCK(st.st_mode)) return SK_PATH_SOCKET;
  if (S_ISDIR(st.st_mode)) return SK_PATH_DIRECTORY;
  return SK_PATH_OTHER;
}

SK_API const char *sk_path_kind_name(sk_path_kind k)
{
  static const char *const names[] = { "missing", "regular file", "link to a regular file",
    "device", "FIFO", "socket", "directory", "special file" };
  return names[k];
}

SK_API int sk_path_is_file_like(sk_path_kind k)
{
  return k == SK_PATH_MISSING || k == SK_PATH_REGULAR || k == SK_PATH_LINK_TO_REGULAR;
}

/* The first NAME.N (N = 1, 2, ...) that does not exist, even as a dangling link. */
static char *paths_free_backup_name(const char *path)
{
  struct stat st;
  long n;
  char *name = (char *)sk_malloc(strlen(path) + 24);
  for (n = 1; ; n++) {
    sprintf(name, "%s.%ld", path, n);
    if (lstat(name, &st) != 0 && errno == ENOENT) return name;
  }
}

/* Copies the content of from (read through links) into the new file to. */
static int paths_copy(const char *from, const char *to, sk_str *err)
{
  FILE *in = fopen(from, "rb"), *out;
  char buf[8192];
  size_t n;
  int ok = 1;
  if (in == NULL) { sk_str_printf(err, "cannot read '%s' to keep a backup", from); return 0; }
  out = fopen(to, "wb");
  if (out == NULL) {
    fclose(in);
    sk_str_printf(err, "cannot create the backup '%s'", to);
    return 0;
  }
  while ((n = fread(buf, 1, sizeof buf, in)) > 0)
    if (fwrite(buf, 1, n, out) != n) { ok = 0; break; }
  if (ferror(in)) ok = 0;
  fclose(in);
  if (fclose(out) != 0) ok = 0;
  if (!ok) {
    remove(to);
    sk_str_printf(err, "cannot copy '%s' to the backup '%s'", from, to);
  }
  return ok;
}

SK_API int sk_path_copy_backup(const char *path, char *backup, size_t backup_size, sk_str *err)
{
  char *name = paths_free_backup_name(path);
  int ok = paths_copy(path, name, err);
  if (ok) sk_copy_string(backup, backup_size, name);
  else backup[0] = '\0';
  free(name);
  return ok;
}

SK_API int sk_path_write_backup(const char *path, const char *data, size_t len, char *backup,
                                size_t backup_size, sk_str *err)
{
  char *name = (char *)sk_malloc(strlen(path) + 24);
  long n;
  int fd = -1, ok = 1;
  size_t done = 0;
  backup[0] = '\0';
  for (n = 1; n < 100000L; n++) {      /* O_EXCL: never an existing file, even one made meanwhile */
    sprintf(name, "%s.%ld", path, n);
    fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd >= 0 || errno != EEXIST) break;
  }
  if (fd < 0) {
    sk_str_printf(err, "cannot create a backup of '%s'", path);
    free(name);
    return 0;
  }
  while (ok && done < len) {
    ssize_t w = write(fd, data + done, len - done);
    if (w <= 0) ok = 0; else done += (size_t)w;
  }
  if (close(fd) != 0) ok = 0;
  if (!ok) {
    remove(name);
    sk_str_printf(err, "cannot write the backup '%s' of '%s'", name, path);
  } else sk_copy_string(backup, backup_size, name);
  free(name);
  return ok;
}

SK_API int sk_path_keep_backup(const char *path, char *backup, size_t backup_size, sk_str *err)
{
  long size;
  sk_path_kind k = sk_path_kind_of(path, &size);
  char *name;
  int ok;
  backup[0] = '\0';
  if (k == SK_PATH_DIRECTORY || k == SK_PATH_OTHER) {
    sk_str_printf(err, "cannot write to '%s': it is a %s", path, sk_path_kind_name(k));
    return 0;
  }
  if ((k != SK_PATH_REGULAR && k != SK_PATH_LINK_TO_REGULAR) || size == 0) return 1;
  if (k == SK_PATH_LINK_TO_REGULAR)     /* the link and its target stay where they are */
    return sk_path_copy_backup(path, backup, backup_size, err);
  name = paths_free_backup_name(path);
  ok = rename(path, name) == 0;
  if (ok) sk_copy_string(backup, backup_size, name);
  else sk_str_printf(err, "cannot rename existing '%s' to '%s'", path, name);
  free(name);
  return ok;
}

/* A socket is written by connecting to it (a stream socket of the local domain). */
static FILE *paths_open_socket(const char *path, sk_str *err)
{
  struct sockaddr_un addr;
  int fd;
  FILE *f;
  if (strlen(path) >= sizeof addr.sun_path) {
    sk_str_printf(err, "cannot connect to the socket '%s': its name is too long", path);
    return NULL;
  }
  memset(&addr, 0, sizeof addr);
  addr.sun_family = AF_UNIX;
  strcpy(addr.sun_path, path);
  fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0 || (f = fdopen(fd, "w")) == NULL) {
    if (fd >= 0) close(fd);
    sk_str_printf(err, "cannot connect to the socket '%s' to write to it", path);
    return NULL;
  }
  return f;
}

/* A FIFO without a reader: opening it for writing would block for ever, so it is
** opened without blocking, retried for wait_seconds, then set back to blocking. */
static FILE *paths_open_fifo(const char *path, int wait_seconds, sk_str *err)
{
  int fd = -1, tries, why = 0;
  FILE *f;
  for (tries = 0; tries <= wait_seconds * 10; tries++) {
    fd = open(path, O_WRONLY | O_NONBLOCK);
    why = errno;
    if (fd >= 0 || why != ENXIO) break;
    sk_os_sleep(0.1);
  }
  if (fd < 0) {
    sk_str_printf(err, why == ENXIO ? "no process reads the FIFO '%s' (waited %d s)"
                                      : "cannot open the FIFO '%s' for writing", path, wait_seconds);
    return NULL;
  }
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  f = fdopen(fd, "w");
  if (f == NULL) close(fd);
  return f;
}

SK_API FILE *sk_path_open_for_writing(const char *path, int wait_seconds, sk_str *err)
{
  long size;
  FILE *f;
  switch (sk_path_kind_of(path, &size)) {
  case SK_PATH_FIFO: return paths_open_fifo(path, wait_seconds, err);
  case SK_PATH_SOCKET: return paths_open_socket(path, err);
  case SK_PATH_DEVICE: f = fopen(path, "a"); break;   /* as it is: nothing to truncate */
  default: f = fopen(path, "w"); break;
  }
  if (f == NULL) sk_str_printf(err, "cannot open output file '%s' for writing", path);
  return f;
}

SK_API FILE *sk_path_open_at(const char *path, long bytes, sk_str *err)
{
  FILE *f = fopen(path, "r+");
  if (f == NULL || ftruncate(fileno(f), (off_t)bytes) != 0 || fseek(f, 0L, SEEK_END) != 0) {
    if (f) fclose(f);
    sk_str_printf(err, "cannot reopen '%s' to continue it after byte %ld", path, bytes);
    return NULL;
  }
  return f;
}

SK_API int sk_path_identity(const char *path, unsigned long *dev, unsigned long *ino)
{
  struct stat st;
  *dev = *ino = 0;
  if (stat(path, &st) != 0) return 0;
  *dev = (unsigned long)st.st_dev;
  *ino = (unsigned long)st.st_ino;
  return 1;
}

SK_API void sk_path_absolute(const char *path, sk_str *abs)
{
  char cwd[4096];
  if (path[0] != '/' && getcwd(cwd, sizeof cwd) != NULL) {
    sk_str_puts(abs, cwd);
    if (cwd[0] != '\0' && cwd[strlen(cwd) - 1] != '/') sk_str_putc(abs, '/');
    while (path[0] == '.' && path[1] == '/') path += 2;
  }
  sk_str_puts(abs, path);
}

SK_API int sk_os_wait_seconds(void)
{
  return (int)sk_env_long("SKAMPI_WAIT", 0, 86400L, 10);
}

SK_API long sk_os_process_id(void) { return (long)getpid(); }

SK_API void sk_os_host_name(char *buf, size_t size)
{
  if (gethostname(buf, size) != 0) sk_copy_string(buf, size, "unknown");
  buf[size - 1] = '\0';
}

SK_API int sk_os_is_terminal(FILE *f) { return isatty(fileno(f)); }

SK_API void sk_os_sleep(double seconds)
{
  struct timespec ts;
  ts.tv_sec = (time_t)seconds;
  ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
  nanosleep(&ts, NULL);
}
