/*
** meas_io_local.c -- rank 0's local file measurements of SKaMPI 6 (localio.c): one read
** or write of a whole file, through POSIX calls or MPI-IO on MPI_COMM_SELF, optionally
** with O_DIRECT (MPI_IO_read/write_file_once), or of 2^power bytes through MPI-IO
** (MPI_IO_read/write_large_file_once). Rank 0 alone measures, on a file of its own, with
** no hints and the native representation; the others return -1. The file state and data
** pattern are the MPI-IO measurements' (meas_mpi_io.h).
*/
#include "meas_mpi_io.h"
#include "output.h"
#include "verify.h"

/* The variants of the rows: reads or writes; a file of `size` bytes (POSIX or MPI-IO by
** api, a write synchronised) or of 2^power bytes (MPI-IO, no sync). */
enum io_local_variant { IO_LOCAL_READ_ONCE, IO_LOCAL_WRITE_ONCE, IO_LOCAL_READ_LARGE, IO_LOCAL_WRITE_LARGE };

#if SK_HAVE_MPI_IO
#include <unistd.h>
#include <fcntl.h>
#include <errno.h>
#include <sys/types.h>
#include <sys/stat.h>

/* O_DIRECT is hidden by strict C89 headers; Linux on x86 has the value 040000. */
#if defined(O_DIRECT)
#define IO_O_DIRECT O_DIRECT
#elif defined(__linux__) && (defined(__x86_64__) || defined(__i386__))
#define IO_O_DIRECT 040000
#else
#define IO_O_DIRECT 0
#endif
#define IO_DIRECT_ALIGN 4096

static int io_local_writes(const sk_mctx *m) { return m->variant == IO_LOCAL_WRITE_ONCE || m->variant == IO_LOCAL_WRITE_LARGE; }
static int io_local_large(const sk_mctx *m) { return m->variant >= IO_LOCAL_READ_LARGE; }
static sk_mpiio_state *io_local_state(sk_mctx *m) { return (sk_mpiio_state *)m->state; }

/* The note of a measurement on the output (world rank 0) or standard error. */
static void io_note(const sk_mctx *m, const sk_mpiio_state *s, const char *text)
{
  char line[300];
  sprintf(line, "# %.40s: %.200s\n", s->fn, text);
  if (m->rank != 0) return;
  if (sk_tp_world_rank() == 0) sk_out_text(line); else fputs(line, stderr);
}

static void io_local_new(sk_mctx *m, sk_mpiio_state *s)
{
  sk_mpiio_name(m, s, "local", 0);
  s->comm = MPI_COMM_SELF;
  if (s->info != MPI_INFO_NULL) MPI_Info_free(&s->info);
}

/* size bytes of rank 0's pattern into the local file (stdio) */
static void io_local_make(sk_mctx *m, sk_mpiio_state *s, long size)
{
  FILE *f;
  char *buf;
  if (m->rank != 0 || m->failed) return;
  buf = (char *)sk_malloc((size_t)size + 1);
  sk_mpiio_fill(buf, (size_t)size, 0);
  f = fopen(s->path, "wb");
  if (f == NULL || fwrite(buf, 1, (size_t)size, f) != (size_t)size || fclose(f) != 0) {
    char msg[200];
    sprintf(msg, "%.40s: cannot write %.120s", s->fn, s->path);
    sk_meas_fail(m, msg);
  }
  s->made = 1;
  free(buf);
}

/* the local file's first `size` bytes against the pattern (stdio) */
static void io_local_verify(sk_mctx *m, sk_mpiio_state *s, const char *data, long size)
{
  FILE *f = fopen(s->path, "rb");
  char *back = (char *)sk_malloc((size_t)size + 1), *want = (char *)sk_malloc((size_t)size + 1);
  sk_mpiio_fill(want, (size_t)size, 0);
  if (data == NULL) {
    if (f == NULL || fread(back, 1, (size_t)size, f) != (size_t)size) memset(back, 0, (size_t)size);
    data = back;
  }
  if (f) fclose(f);
  sk_mpiio_compare(m, s, data == back ? "local file read back" : "read buffer", (char *)data, want, size);
  free(back);
  free(want);
}

/* The api argument asks for POSIX calls (a row without it: MPI-IO). */
static int io_is_posix(const sk_mctx *m) { return m->arg.api != NULL && sk_streq(m->arg.api, "posix"); }

/* Checks the direct I/O request: O_DIRECT with the POSIX API where the file system
** takes it; otherwise a note in the output says that buffered I/O is used. */
static void io_local_direct(sk_mctx *m, sk_mpiio_state *s)
{
  int fd;
  s->direct = 0;
  if (!m->arg.directio_flag || m->rank != 0) return;
  if (!io_is_posix(m)) { io_note(m, s, "direct I/O is done with the posix API only; this call uses MPI-IO as it is"); return; }
  if (IO_O_DIRECT == 0) { io_note(m, s, "this system has no O_DIRECT: buffered I/O is measured"); return; }
  fd = open(s->path, O_RDWR | O_CREAT | IO_O_DIRECT, 0600);
  if (fd < 0) { io_note(m, s, "the file system refuses O_DIRECT: buffered I/O is measured"); return; }
  close(fd);
  s->direct = 1;
  io_note(m, s, "open flags include O_DIRECT");
}

static char *io_aligned(char *raw) { return raw + (IO_DIRECT_ALIGN - (size_t)raw % IO_DIRECT_ALIGN) % IO_DIRECT_ALIGN; }

/* rank 0's POSIX access: open (untimed), read or write + fsync of size bytes (timed) */
static double io_posix(sk_mctx *m, sk_mpiio_state *s, char *buf, long size, int writing, int create)
{
  char *raw = NULL, *data = buf;
  long done = 0, n = 0, moved = size;
  double start;
  int flags = (writing ? O_WRONLY | (create ? O_CREAT | O_TRUNC : 0) : O_RDONLY) | (s->direct ? IO_O_DIRECT : 0);
  int fd = open(s->path, flags, 0600);
  if (fd < 0) { sk_meas_fail(m, "MPI_IO_*_file_once: open failed"); return -1.0; }
  if (s->direct) {   /* direct transfers go in whole aligned blocks */
    moved = (size + IO_DIRECT_ALIGN - 1) / IO_DIRECT_ALIGN * IO_DIRECT_ALIGN;
    raw = (char *)sk_malloc((size_t)moved + IO_DIRECT_ALIGN);
    data = io_aligned(raw);
    memset(data, 0, (size_t)moved);
    if (writing) memcpy(data, buf, (size_t)size);
  }
  start = MPI_Wtime();
  while (done < moved) {
    n = writing ? (long)write(fd, data + done, (size_t)(moved - done)) : (long)read(fd, data + done, (size_t)(moved - done));
    if (n <= 0) break;
    done += n;
  }
  if (writing) fsync(fd);
  start = MPI_Wtime() - start;
  close(fd);
  if (!writing && raw != NULL) memcpy(buf, data, (size_t)(done < size ? done : size));
  free(raw);
  if (n < 0 || (writing && done < size)) { sk_meas_fail(m, "MPI_IO_*_file_once: read or write failed"); return -1.0; }
  return start;
}

/* rank 0's MPI-IO access of size bytes on MPI_COMM_SELF (open and close untimed; a write
** ends with MPI_File_sync when `sync`) */
static double io_mpi_once(sk_mctx *m, sk_mpiio_state *s, char *buf, long size, int writing, int create, int sync)
{
  MPI_File fh;
  MPI_Status st;
  MPI_Datatype t = MPI_BYTE, big = MPI_DATATYPE_NULL;
  int count = (int)size, rc;
  double start;
  if (size > INT_MAX) {   /* 2^power bytes as 2^(power-20) blocks of 1 MiB */
    MPI_Type_contiguous(1 << 20, MPI_BYTE, &big);
    MPI_Type_commit(&big);
    t = big;
    count = (int)(size >> 20);
  }
  rc = MPI_File_open(MPI_COMM_SELF, s->path, writing ? MPI_MODE_WRONLY | (create ? MPI_MODE_CREATE : 0) : MPI_MODE_RDONLY,
                     MPI_INFO_NULL, &fh);
  if (!sk_mpiio_ok(m, s, rc, "MPI_File_open")) return -1.0;
  start = MPI_Wtime();
  rc = writing ? MPI_File_write(fh, buf, count, t, &st) : MPI_File_read(fh, buf, count, t, &st);
  if (writing && sync) MPI_File_sync(fh);
  start = MPI_Wtime() - start;
  MPI_File_close(&fh);
  if (big != MPI_DATATYPE_NULL) MPI_Type_free(&big);
  return sk_mpiio_ok(m, s, rc, writing ? "MPI_File_write" : "MPI_File_read") ? start : -1.0;
}

/* The file of rank 0: `size` bytes (read/write_file_once: size, api, directio_flag,
** create_flag) or 2^power (the large ones: power, create_flag; 0 <= power <= 50). A write
** with create_flag finds no file (its untimed open creates it, and it is removed after
** each call); otherwise init makes the file. */
static void io_local_init(sk_mctx *m, const sk_value *args)
{
  int writing = io_local_writes(m), create = writing && m->arg.create_flag;
  sk_mpiio_state *s = sk_mpiio_new(m, writing);
  char msg[120];
  (void)args;
  if (!io_local_large(m)) {
    s->count = m->arg.size;
    if (!sk_mpi_check_count(m, s->fn, "size", s->count)) return;
  } else {
    if (m->arg.power < 0 || m->arg.power > 62) {
      sprintf(msg, "%.40s: power must be in 0..62, not %ld", s->fn, m->arg.power);
      sk_meas_fail(m, msg);
      return;
    }
    s->count = 1L << m->arg.power;
    if (m->arg.power > 20 + 30) { sk_meas_fail(m, "MPI_IO_*_large_file_once: more than 2^50 bytes"); return; }
  }
  io_local_new(m, s);
  if (!create) io_local_make(m, s, s->count);
  io_local_direct(m, s);
  if (create && !io_local_large(m) && m->rank == 0) unlink(s->path);   /* io_local_direct may have made it */
  if (writing) m->send_usage = (size_t)s->count; else m->recv_usage = (size_t)s->count;
  m->reported_size = s->count;
}

static double io_local_read_measure(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = io_local_state(m);
  double t;
  int verify;
  (void)args;
  if (m->rank != 0) return -1.0;
  verify = sk_mpiio_verify_now(m, s);
  sk_mpiio_verify_buffer(m, s, verify, m->recv_buf);
  t = io_is_posix(m) ? io_posix(m, s, m->recv_buf, s->count, 0, 0) : io_mpi_once(m, s, m->recv_buf, s->count, 0, 0, 0);
  if (verify) io_local_verify(m, s, m->recv_buf, s->count);
  return t;
}

static double io_local_write_measure(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = io_local_state(m);
  int create = m->arg.create_flag != 0, sync = !io_local_large(m);
  double t;
  (void)args;
  if (m->rank != 0) return -1.0;
  if (sk_mpiio_verify_now(m, s)) {
    sk_mpiio_fill(m->send_buf, (size_t)s->count, 0);
    s->verified = 2;
  }
  t = io_is_posix(m) ? io_posix(m, s, m->send_buf, s->count, 1, create)
                     : io_mpi_once(m, s, m->send_buf, s->count, 1, create, sync);
  if (s->verified == 2) { s->verified = 1; io_local_verify(m, s, NULL, s->count); }
  if (create) unlink(s->path);
  return t;
}

/* the local files: rank 0 removes its file */
static void io_local_finalize(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = io_local_state(m);
  if (s != NULL && m->rank == 0) unlink(s->path);
  sk_mpiio_finalize(m, args);
}

#endif /* SK_HAVE_MPI_IO */

static const sk_measurement io_local_table[] = {
  SK_ROW_MPIIO("MPI_IO_read_file_once", "size:i api:s directio_flag:i", SK_PATTERN_SIMPLE_OWN_TIME, 1, IO_LOCAL_READ_ONCE,
               io_local_read_measure, io_local_init, io_local_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_write_file_once", "size:i api:s create_flag:i directio_flag:i", SK_PATTERN_SIMPLE_OWN_TIME, 1, IO_LOCAL_WRITE_ONCE,
               io_local_write_measure, io_local_init, io_local_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_read_large_file_once", "power:i", SK_PATTERN_SIMPLE_OWN_TIME, 1, IO_LOCAL_READ_LARGE,
               io_local_read_measure, io_local_init, io_local_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_write_large_file_once", "power:i create_flag:i", SK_PATTERN_SIMPLE_OWN_TIME, 1, IO_LOCAL_WRITE_LARGE,
               io_local_write_measure, io_local_init, io_local_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_io_local(void) { return io_local_table; }
