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
#include <signal.h>

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
  int fd;
  if (in == NULL) { sk_str_printf(err, "cannot read '%s' to keep a backup: %s", from, strerror(errno)); return 0; }
  /* O_EXCL: a new file, never one (or a link) made under that name meanwhile */
  fd = open(to, O_WRONLY | O_CREAT | O_EXCL, 0644);
  out = fd >= 0 ? fdopen(fd, "wb") : NULL;
  if (out == NULL) {
    sk_str_printf(err, "cannot create the backup '%s': %s", to, strerror(errno));
    if (fd >= 0) { close(fd); remove(to); }
    fclose(in);
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

SK_API void sk_path_resolve_links(const char *path, sk_str *out)
{
  char target[4096];
  int hops;
  sk_str_clear(out);
  sk_str_puts(out, path);
  for (hops = 0; hops < 40; hops++) {     /* as the kernel's limit of links in a row */
    struct stat st;
    ssize_t n;
    sk_str next;
    const char *slash;
    if (lstat(out->data, &st) != 0 || !S_ISLNK(st.st_mode)) return;
    n = readlink(out->data, target, sizeof target - 1);
    if (n <= 0) return;
    target[n] = '\0';
    sk_str_init(&next);
    slash = strrchr(out->data, '/');
    if (target[0] != '/' && slash != NULL) sk_str_putn(&next, out->data, (size_t)(slash - out->data) + 1);
    sk_str_puts(&next, target);
    sk_str_clear(out);
    sk_str_puts(out, next.data);
    sk_str_free(&next);
  }
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

/* ---- checked writing ---- */

SK_API int sk_path_write(FILE *f, const char *data, size_t n)
{
  int fd = fileno(f);
  while (n > 0) {
    ssize_t w = write(fd, data, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return w < 0 && errno != 0 ? errno : EIO;
    data += w;
    n -= (size_t)w;
  }
  return 0;
}

SK_API int sk_path_cut(FILE *f, long bytes)
{
  int fd = fileno(f);
  if (ftruncate(fd, (off_t)bytes) != 0 || lseek(fd, (off_t)bytes, SEEK_SET) < 0) return errno ? errno : EIO;
  return 0;
}

SK_API int sk_path_still_there(FILE *f, const char *path)
{
  struct stat open_st, path_st;
  if (fstat(fileno(f), &open_st) != 0) return 0;
  if (open_st.st_nlink == 0 || stat(path, &path_st) != 0) return 0;
  return open_st.st_dev == path_st.st_dev && open_st.st_ino == path_st.st_ino;
}

SK_API int sk_path_stream_writable(FILE *f)
{
  int flags = fcntl(fileno(f), F_GETFL);
  return flags != -1 && ((flags & O_ACCMODE) == O_WRONLY || (flags & O_ACCMODE) == O_RDWR);
}

SK_API void sk_path_backup_name(const char *path, char *name, size_t size)
{
  long bytes;
  sk_path_kind k = sk_path_kind_of(path, &bytes);
  name[0] = '\0';
  if ((k == SK_PATH_REGULAR || k == SK_PATH_LINK_TO_REGULAR) && bytes > 0) {
    char *n = paths_free_backup_name(path);
    sk_copy_string(name, size, n);
    free(n);
  }
}

/* The file a chain of symbolic links ends in (relative targets against the link's
** directory); a copy of path when it is no link. */
static char *paths_link_target(const char *path)
{
  char *cur = sk_strdup(path), buf[4096];
  struct stat st;
  int hops;
  for (hops = 0; hops < 40 && lstat(cur, &st) == 0 && S_ISLNK(st.st_mode); hops++) {
    ssize_t n = readlink(cur, buf, sizeof buf - 1);
    char *next, *slash;
    if (n <= 0) break;
    buf[n] = '\0';
    slash = strrchr(cur, '/');
    if (buf[0] == '/' || slash == NULL) next = sk_strdup(buf);
    else {
      next = (char *)sk_malloc((size_t)(slash - cur) + 2 + (size_t)n);
      memcpy(next, cur, (size_t)(slash - cur) + 1);
      strcpy(next + (slash - cur) + 1, buf);
    }
    free(cur);
    cur = next;
  }
  return cur;
}

/* A device, FIFO or socket: opened as it is, written, closed, every step checked. */
static int paths_write_special(const char *path, const char *data, size_t n, sk_str *err)
{
  FILE *f = sk_path_open_for_writing(path, sk_os_wait_seconds(), err);
  int e;
  if (f == NULL) return 0;
  e = sk_path_write(f, data, n);
  if (fclose(f) != 0 && e == 0) e = errno ? errno : EIO;
  if (e == 0) return 1;
  sk_str_printf(err, "cannot write to '%s': %s", path, strerror(e));
  return -1;
}

SK_API int sk_path_replace(const char *path, const char *data, size_t n, char *backup,
                           size_t backup_size, sk_str *err)
{
  long size;
  sk_path_kind k = sk_path_kind_of(path, &size);
  char *target, *tmp;
  struct stat st;
  int fd, e = 0, result = -1;
  backup[0] = '\0';
  if (k == SK_PATH_DIRECTORY || k == SK_PATH_OTHER) {
    sk_str_printf(err, "cannot write to '%s': it is a %s", path, sk_path_kind_name(k));
    return 0;
  }
  if (!sk_path_is_file_like(k)) return paths_write_special(path, data, n, err);
  target = k == SK_PATH_LINK_TO_REGULAR ? paths_link_target(path) : sk_strdup(path);
  tmp = (char *)sk_malloc(strlen(target) + 32);
  sprintf(tmp, "%s.tmp%ld", target, sk_os_process_id());
  fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
  if (fd < 0) {
    sk_str_printf(err, "cannot open output file '%s' for writing (its temporary file '%s': %s)", path, tmp,
                  strerror(errno));
    free(tmp);
    free(target);
    return 0;
  }
  if (k == SK_PATH_LINK_TO_REGULAR && stat(target, &st) == 0) fchmod(fd, st.st_mode & 07777);  /* the target's mode stays */
  while (n > 0 && e == 0) {
    ssize_t w = write(fd, data, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) e = w < 0 && errno != 0 ? errno : EIO;
    else { data += w; n -= (size_t)w; }
  }
  if (close(fd) != 0 && e == 0) e = errno ? errno : EIO;
  if (e != 0) sk_str_printf(err, "cannot write to '%s': %s (nothing was changed)", path, strerror(e));
  else if (!sk_path_keep_backup(path, backup, backup_size, err)) result = -1;   /* nothing was changed */
  else if (rename(tmp, target) != 0)
    sk_str_printf(err, "cannot rename '%s' to '%s': %s%s%s", tmp, target, strerror(errno),
                  backup[0] ? "; the old content is in " : "", backup);
  else result = 1;
  if (result != 1) remove(tmp);
  free(tmp);
  free(target);
  return result;
}

SK_API void sk_os_ignore_sigpipe(void) { signal(SIGPIPE, SIG_IGN); }

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
