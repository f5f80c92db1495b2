/*
** tools/smpi/fdpool.c -- an LD_PRELOAD library for smpirun on a host whose hard limit of
** open files (ulimit -Hn) is below the number of simulated ranks (doc/simulated.md, "65,536
** ranks"). SimGrid 3.32's mmap privatisation gives every rank a shared-memory file of its
** own (shm_open "/smpi-buffer-..."), keeps it open for the whole run and maps it over the
** program's data segment at every switch between ranks: one open file per rank, and the
** simulator aborts at start with "Too many open files" past the limit. Here those files
** are slices of one memory file: shm_open of such a name hands out a number above every
** real descriptor, and ftruncate, fstat, mmap and close on that number act on its slice.
** Nothing else changes: the same bytes, the same mappings at every switch, the same memory.
** Only the privatisation's use is served: a slice is sized once (SMPI's shared malloc, which
** grows its files, gets EINVAL).
** Build and use (tools/bench/smpi_scale.sh does both when the limit is too low):
**   cc -O2 -shared -fPIC -o fdpool.so tools/smpi/fdpool.c -ldl
**   LD_PRELOAD=$PWD/fdpool.so smpirun ...
** Linux (memfd_create, glibc 2.27 or later).
*/
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#define POOL_PREFIX "/smpi-buffer-"
#define POOL_BASE 0x40000000   /* the first number handed out: above any real descriptor */

typedef struct slice {
  off_t offset;   /* in the pool file, page-aligned; -1 until its size is set */
  off_t size;
} slice;

static int pool_fd = -1;
static off_t pool_len;
static slice *slices;
static int nslices, capslices;

static void *real(const char *name)
{
  void *f = dlsym(RTLD_NEXT, name);
  if (f == NULL) abort();
  return f;
}

static slice *slice_of(int fd)
{
  return fd >= POOL_BASE && fd - POOL_BASE < nslices ? &slices[fd - POOL_BASE] : NULL;
}

int shm_open(const char *name, int oflag, mode_t mode)
{
  static int (*next)(const char *, int, mode_t);
  if (next == NULL) next = (int (*)(const char *, int, mode_t))real("shm_open");
  if (strncmp(name, POOL_PREFIX, strlen(POOL_PREFIX)) != 0) return next(name, oflag, mode);
  if (pool_fd < 0 && (pool_fd = memfd_create("smpi-fdpool", 0)) < 0) return -1;
  if (nslices == capslices) {
    int cap = capslices ? 2 * capslices : 1024;
    slice *grown = (slice *)realloc(slices, sizeof *slices * (size_t)cap);
    if (grown == NULL) { errno = ENOMEM; return -1; }
    slices = grown;
    capslices = cap;
  }
  slices[nslices].offset = -1;
  slices[nslices].size = 0;
  return POOL_BASE + nslices++;
}

int shm_unlink(const char *name)
{
  static int (*next)(const char *);
  if (next == NULL) next = (int (*)(const char *))real("shm_unlink");
  if (strncmp(name, POOL_PREFIX, strlen(POOL_PREFIX)) == 0) return 0;   /* nothing has that name */
  return next(name);
}

int ftruncate(int fd, off_t length)
{
  static int (*next)(int, off_t);
  slice *s = slice_of(fd);
  long page = sysconf(_SC_PAGESIZE);
  if (next == NULL) next = (int (*)(int, off_t))real("ftruncate");
  if (s == NULL) return next(fd, length);
  if (s->offset >= 0) {   /* a slice is sized once (SMPI does): it may shrink, not grow */
    if (length > s->size) { errno = EINVAL; return -1; }
    s->size = length;
    return 0;
  }
  s->offset = pool_len;
  s->size = length;
  pool_len += (length + page - 1) / page * page;
  return next(pool_fd, pool_len);
}

int ftruncate64(int fd, off64_t length) { return ftruncate(fd, (off_t)length); }

int fstat(int fd, struct stat *st)
{
  static int (*next)(int, struct stat *);
  slice *s = slice_of(fd);
  if (next == NULL) next = (int (*)(int, struct stat *))real("fstat");
  if (s == NULL) return next(fd, st);
  memset(st, 0, sizeof *st);
  st->st_mode = S_IFREG | 0600;
  st->st_size = s->size;
  st->st_nlink = 0;
  return 0;
}

int fstat64(int fd, struct stat64 *st) { return fstat(fd, (struct stat *)st); }   /* the same layout on 64-bit Linux */

void *mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset)
{
  static void *(*next)(void *, size_t, int, int, int, off_t);
  slice *s = slice_of(fd);
  if (next == NULL) next = (void *(*)(void *, size_t, int, int, int, off_t))real("mmap");
  if (s == NULL) return next(addr, length, prot, flags, fd, offset);
  {  /* within the slice's pages: past them lies the next rank's slice */
    long page = sysconf(_SC_PAGESIZE);
    off_t pages = (s->size + page - 1) / page * page;
    if (s->offset < 0 || offset < 0 || offset > pages || (off_t)length > pages - offset) { errno = EINVAL; return MAP_FAILED; }
  }
  return next(addr, length, prot, flags, pool_fd, s->offset + offset);
}

void *mmap64(void *addr, size_t length, int prot, int flags, int fd, off64_t offset)
{
  return mmap(addr, length, prot, flags, fd, (off_t)offset);
}

int close(int fd)
{
  static int (*next)(int);
  if (next == NULL) next = (int (*)(int))real("close");
  if (slice_of(fd) != NULL) return 0;   /* the slice stays in the pool till the process ends */
  return next(fd);
}
