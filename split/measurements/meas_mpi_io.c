/*
** meas_mpi_io.c -- the MPI-IO measurements of SKaMPI 6 (io.c, all named MPI_IO_*): open,
** close, delete, preallocate, seek, and the read and write patterns (segmented, strided,
** separate, sequential, noncontiguous, random, once, whole files, write-and-read pairs)
** over every data access routine class (io_daccess.h), with their verification. It also
** holds the file state and helpers that rank 0's local file measurements share
** (meas_mpi_io.h, meas_io_local.c). The functions exist where the library has MPI-IO
** (SK_HAVE_MPI_IO); the rows exist in every build. Units, file modes and verification:
** doc/internals.md, "MPI-IO measurements".
*/
#include "meas_mpi_io.h"
#include "settings.h"
#include "io_files.h"
#include "io_daccess.h"
#include "verify.h"

/* The variant of a pattern row: its layout and whether it writes or reads. */
enum io_layout { IO_SEGMENTED, IO_STRIDED, IO_SEPARATE, IO_SEQUENTIAL, IO_NONCONTIGUOUS, IO_RANDOM, IO_ONCE };
#define IO_WRITES(LAYOUT) ((LAYOUT) * 2)
#define IO_READS(LAYOUT) ((LAYOUT) * 2 + 1)
/* The variant of the seek rows: the individual or the shared file pointer. */
enum io_pointer { IO_INDIVIDUAL_POINTER, IO_SHARED_POINTER };

#if SK_HAVE_MPI_IO
static int io_variant_writes(const sk_mctx *m) { return m->variant % 2 == 0; }
static enum io_layout io_variant_layout(const sk_mctx *m) { return (enum io_layout)(m->variant / 2); }

/* MPI_BYTE: the types of the rows whose signature has none. */
static const sk_datatype *io_byte_type(void)
{
  static sk_datatype t;
  if (t.name == NULL) { t.size = t.extent = 1; t.mpi = MPI_BYTE; t.name = "MPI_BYTE"; }
  return &t;
}

static sk_mpiio_state *io_of(sk_mctx *m) { return (sk_mpiio_state *)m->state; }

static const sk_io_config *io_cfg(const sk_mctx *m)
{
  static const sk_io_config defaults = { NULL, "native", 0, 0, 0, 1, 0, { NULL }, { NULL } };   /* read-only data */
  return m->settings != NULL ? &m->settings->io : &defaults;
}

SK_API int sk_mpiio_ok(sk_mctx *m, const sk_mpiio_state *s, int rc, const char *what)
{
  char msg[MPI_MAX_ERROR_STRING + 1], text[200];
  int len = 0;
  if (rc == MPI_SUCCESS) return 1;
  MPI_Error_string(rc, msg, &len);
  msg[len] = '\0';
  sprintf(text, "%.40s: %.40s failed: %.100s", s->fn, what, msg);
  sk_meas_fail(m, text);
  return 0;
}

SK_API sk_mpiio_state *sk_mpiio_new(sk_mctx *m, int write)
{
  sk_mpiio_state *s = (sk_mpiio_state *)sk_malloc(sizeof *s);
  const sk_io_config *io = io_cfg(m);
  int i;
  memset(s, 0, sizeof *s);
  s->fn = m->name;
  s->memtype = m->arg.memtype ? m->arg.memtype : io_byte_type();
  s->etype = m->arg.etype ? m->arg.etype : io_byte_type();
  s->filetype = m->arg.filetype ? m->arg.filetype : io_byte_type();
  s->daccess = m->arg.daccess;
  s->count = m->arg.count;
  s->np = m->arg.np;
  s->write = write;
  s->comm = sk_mpi_comm(m);
  s->own_comm = MPI_COMM_NULL;
  s->own_view = MPI_DATATYPE_NULL;
  s->view = s->filetype->mpi;
  s->active = 1;
  s->owner = m->rank;
  s->fh = MPI_FILE_NULL;
  s->info = MPI_INFO_NULL;
  if (io->n_hints > 0) {
    MPI_Info_create(&s->info);
    for (i = 0; i < io->n_hints; i++) MPI_Info_set(s->info, (char *)io->hint_key[i], (char *)io->hint_value[i]);
  }
  m->state = s;
  m->send_usage = m->recv_usage = 0;
  m->reported_size = 0;
  return s;
}

/* The element and offset rules of the patterns (memtype in etypes, daccess a class). */
static int io_check_types(sk_mctx *m, sk_mpiio_state *s)
{
  char msg[200];
  if (m->failed) return 0;
  if (s->etype->size == 0 || s->memtype->size % s->etype->size != 0) {
    sprintf(msg, "%.40s: the size of memtype %.40s (%lu) is no multiple of the size of etype %.40s (%lu)", s->fn,
            s->memtype->name, (unsigned long)s->memtype->size, s->etype->name, (unsigned long)s->etype->size);
    sk_meas_fail(m, msg);
    return 0;
  }
  s->ratio = (MPI_Offset)(s->memtype->size / s->etype->size);
  if (!sk_io_class_valid(s->daccess)) {
    sprintf(msg, "%.40s: daccess 0x%lx is none of the twelve data access classes (0x111 ... 0x224)", s->fn,
            (unsigned long)s->daccess);
    sk_meas_fail(m, msg);
    return 0;
  }
  return 1;
}

/* Chunk i of a contiguous run: `elements` in chunks of blocklen from file position base
** (step: the distance of consecutive chunks). */
static void io_plan(sk_mpiio_state *s, long n)
{
  s->n = n;
  s->off = (long *)sk_malloc(sizeof(long) * (size_t)(n > 0 ? n : 1));
  s->len = (long *)sk_malloc(sizeof(long) * (size_t)(n > 0 ? n : 1));
  s->mem = (long *)sk_malloc(sizeof(long) * (size_t)(n > 0 ? n : 1));
}

static long io_chunks(long memsize, long blocklen) { return memsize <= 0 ? 0 : (memsize + blocklen - 1) / blocklen; }

static void io_plan_run(sk_mpiio_state *s, long memsize, long blocklen, long base, long step)
{
  long i, n = io_chunks(memsize, blocklen);
  io_plan(s, n);
  for (i = 0; i < n; i++) {
    s->off[i] = base + i * step;
    s->mem[i] = i * blocklen;
    s->len[i] = memsize - i * blocklen < blocklen ? memsize - i * blocklen : blocklen;
  }
  s->elements = memsize;
}

static int io_check_blocks(sk_mctx *m, const sk_mpiio_state *s, long memsize, long blocklen)
{
  char msg[160];
  if (!sk_mpi_check_count(m, s->fn, "memsize", memsize) || !sk_mpi_check_count(m, s->fn, "blocklen", blocklen))
    return 0;
  if (memsize > 0 && blocklen < 1) {
    sprintf(msg, "%.40s: blocklen must be at least 1 when memsize is %ld", s->fn, memsize);
    sk_meas_fail(m, msg);
    return 0;
  }
  return 1;
}

static long io_total(sk_mctx *m, const sk_mpiio_state *s, long per_process)
{
  return sk_mpi_data_bytes(per_process, s->memtype) * (long)m->size;
}

/* ---- one access of a class ---- */

static int io_access(MPI_File fh, int write, long daccess, MPI_Offset off, void *buf, int count, MPI_Datatype t)
{
  MPI_Status st;
  MPI_Request rq;
  int rc = MPI_SUCCESS;
  if ((daccess & SK_IO_INDIVIDUAL_FILE_POINTERS) && (rc = MPI_File_seek(fh, off, MPI_SEEK_SET)) != MPI_SUCCESS) return rc;
  switch (daccess) {
  case 0x111: return write ? MPI_File_write_at(fh, off, buf, count, t, &st) : MPI_File_read_at(fh, off, buf, count, t, &st);
  case 0x112: return write ? MPI_File_write(fh, buf, count, t, &st) : MPI_File_read(fh, buf, count, t, &st);
  case 0x114: return write ? MPI_File_write_shared(fh, buf, count, t, &st) : MPI_File_read_shared(fh, buf, count, t, &st);
  case 0x121: rc = write ? MPI_File_iwrite_at(fh, off, buf, count, t, &rq) : MPI_File_iread_at(fh, off, buf, count, t, &rq); break;
  case 0x122: rc = write ? MPI_File_iwrite(fh, buf, count, t, &rq) : MPI_File_iread(fh, buf, count, t, &rq); break;
  case 0x124: rc = write ? MPI_File_iwrite_shared(fh, buf, count, t, &rq) : MPI_File_iread_shared(fh, buf, count, t, &rq); break;
  case 0x211: return write ? MPI_File_write_at_all(fh, off, buf, count, t, &st) : MPI_File_read_at_all(fh, off, buf, count, t, &st);
  case 0x212: return write ? MPI_File_write_all(fh, buf, count, t, &st) : MPI_File_read_all(fh, buf, count, t, &st);
  case 0x214: return write ? MPI_File_write_ordered(fh, buf, count, t, &st) : MPI_File_read_ordered(fh, buf, count, t, &st);
  case 0x221:
    if (write) { if ((rc = MPI_File_write_at_all_begin(fh, off, buf, count, t)) == MPI_SUCCESS) rc = MPI_File_write_at_all_end(fh, buf, &st); }
    else if ((rc = MPI_File_read_at_all_begin(fh, off, buf, count, t)) == MPI_SUCCESS) rc = MPI_File_read_at_all_end(fh, buf, &st);
    return rc;
  case 0x222:
    if (write) { if ((rc = MPI_File_write_all_begin(fh, buf, count, t)) == MPI_SUCCESS) rc = MPI_File_write_all_end(fh, buf, &st); }
    else if ((rc = MPI_File_read_all_begin(fh, buf, count, t)) == MPI_SUCCESS) rc = MPI_File_read_all_end(fh, buf, &st);
    return rc;
  case 0x224:
    if (write) { if ((rc = MPI_File_write_ordered_begin(fh, buf, count, t)) == MPI_SUCCESS) rc = MPI_File_write_ordered_end(fh, buf, &st); }
    else if ((rc = MPI_File_read_ordered_begin(fh, buf, count, t)) == MPI_SUCCESS) rc = MPI_File_read_ordered_end(fh, buf, &st);
    return rc;
  default: return MPI_ERR_ARG;
  }
  return rc == MPI_SUCCESS ? MPI_Wait(&rq, &st) : rc;
}

/* Every chunk of the plan with the class daccess (0-element calls only where collective). */
static int io_run_chunks(sk_mctx *m, sk_mpiio_state *s, MPI_File fh, char *buf, int write, long daccess)
{
  long i;
  size_t ext = s->memtype->extent;
  for (i = 0; i < s->n; i++) {
    if (s->len[i] == 0 && !(daccess & SK_IO_COLLECTIVE)) continue;
    if (!sk_mpiio_ok(m, s, io_access(fh, write, daccess, (MPI_Offset)s->off[i] * s->ratio, buf + (size_t)s->mem[i] * ext,
                               (int)s->len[i], s->memtype->mpi), sk_io_routine(daccess, write)))
      return 0;
  }
  return 1;
}

/* ---- opening ---- */

static int io_open(sk_mctx *m, sk_mpiio_state *s, int amode, MPI_File *fh)
{
  const sk_io_config *io = io_cfg(m);
  int rc;
  if (m->failed) return 0;   /* e.g. no file name (io_name): every member alike */
  if (io->unique_open) amode |= MPI_MODE_UNIQUE_OPEN;
  if (s->sequential && (amode & MPI_MODE_RDWR)) amode = (amode & ~MPI_MODE_RDWR) | MPI_MODE_WRONLY;
  if (s->sequential) amode |= MPI_MODE_SEQUENTIAL;   /* which allows no RDWR */
  *fh = MPI_FILE_NULL;
  if (!sk_mpiio_ok(m, s, MPI_File_open(s->comm, s->path, amode, s->info, fh), "MPI_File_open")) return 0;
  rc = MPI_File_set_view(*fh, s->sequential ? MPI_DISPLACEMENT_CURRENT : 0, s->etype->mpi, s->view,
                         (char *)io->datarep, s->info);
  if (!sk_mpiio_ok(m, s, rc, "MPI_File_set_view")) { MPI_File_close(fh); return 0; }
  if (io->atomicity) MPI_File_set_atomicity(*fh, 1);
  return 1;
}

#define IO_WRITE_MODE (MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE)

/* The file's name, made collectively over the measurement communicator; a directory
** that cannot be made (a missing or read-only TMPDIR) fails the measurement on every
** member alike, with the message naming TMPDIR and the path (the user's error). */
SK_API void sk_mpiio_name(sk_mctx *m, sk_mpiio_state *s, const char *kind, int group)
{
  if (!sk_io_new_name(sk_mpi_comm(m), io_cfg(m)->dir, kind, group, s->path, sizeof s->path)) {
    sk_meas_fail(m, s->path);
    s->path[0] = '\0';
  }
}

/* ---- data patterns and verification ---- */

static unsigned char io_pattern(int owner, size_t k)
{
  return (unsigned char)((owner * 37 + (long)(k % 65521) * 11 + (long)(k >> 16) + 3) & 0xff);
}

SK_API void sk_mpiio_fill(char *buf, size_t bytes, int owner)
{
  size_t k;
  for (k = 0; k < bytes; k++) buf[k] = (char)io_pattern(owner, k);
}

/* Whether this call is the verification call (the first one with verification on:
** the engine's verification pass, whose time is not used); marks it done. */
SK_API int sk_mpiio_verify_now(sk_mctx *m, sk_mpiio_state *s)
{
  int now = m->settings != NULL && m->settings->verify && !s->verified;
  if (now) s->verified = 1;
  return now;
}

/* The buffer of the verification call: a writer's holds its pattern, a reader's zeros
** (so that what was not read shows). */
SK_API void sk_mpiio_verify_buffer(sk_mctx *m, const sk_mpiio_state *s, int verify, char *buf)
{
  if (!verify) return;
  if (s->write) sk_mpiio_fill(buf, m->send_usage, s->owner);
  else memset(buf, 0, m->recv_usage);
}

/* Compares the data of `elements` memtype elements in got with those in want (packed,
** so holes of derived types do not count); a mismatch names `what` and the first
** differing byte (verify.h). */
SK_API int sk_mpiio_compare(sk_mctx *m, const sk_mpiio_state *s, const char *what, char *got, char *want, long elements)
{
  int size = 0, p1 = 0, p2 = 0, k;
  char *a, *b, msg[200];
  MPI_Comm self = MPI_COMM_SELF;
  if (elements <= 0) return 1;
  MPI_Pack_size((int)elements, s->memtype->mpi, self, &size);
  a = (char *)sk_malloc((size_t)size + 1);
  b = (char *)sk_malloc((size_t)size + 1);
  MPI_Pack(got, (int)elements, s->memtype->mpi, a, size, &p1, self);
  MPI_Pack(want, (int)elements, s->memtype->mpi, b, size, &p2, self);
  for (k = 0; k < p1 && a[k] == b[k]; k++) { /* find the first difference */ }
  if (k < p1) {
    sprintf(msg, "%.40s: %.80s, data byte %d of %d in type-map order", s->fn, what, k, p1);
    sk_verify_mismatch(m, msg, (size_t)k, (unsigned char)a[k], (unsigned char)b[k]);
  }
  free(a);
  free(b);
  return k >= p1;
}

/* What a reader should find: the owner's pattern over `elements` elements. */
static void io_verify_read(sk_mctx *m, const sk_mpiio_state *s, char *got, long elements)
{
  size_t bytes = sk_mpi_bytes(elements, s->memtype);
  char *want = (char *)sk_malloc(bytes + 1);
  sk_mpiio_fill(want, bytes, s->owner);
  sk_mpiio_compare(m, s, "read buffer", got, want, elements);
  free(want);
}

/* hist[v] += the number of data bytes of value v in `elements` memtype elements at buf
** (packed: holes of derived types do not count). */
static void io_histogram(const sk_mpiio_state *s, char *buf, long elements, long *hist)
{
  int size = 0, pos = 0, k;
  char *packed;
  if (elements <= 0) return;
  MPI_Pack_size((int)elements, s->memtype->mpi, MPI_COMM_SELF, &size);
  packed = (char *)sk_malloc((size_t)size + 1);
  MPI_Pack(buf, (int)elements, s->memtype->mpi, packed, size, &pos, MPI_COMM_SELF);
  for (k = 0; k < pos; k++) hist[(unsigned char)packed[k]]++;
  free(packed);
}

/* Non-collective shared-pointer accesses place the chunks in no determined order (MPI-2
** §9.4.4): the data must still be all the chunks of all processes, each once. Checked as
** the count of every byte value: for a write, the file's data (a second handle, rank 0
** of the file's communicator reads it all) against everything the processes wrote; for
** a read, everything the processes read against everything in the file (their
** patterns, written in init). The noncontiguous patterns give every process a view of
** its own, with which shared-pointer routines are erroneous (MPI-2 §9.4.4: all
** processes must use the same view): their data has no place to check. */
static void io_verify_unordered(sk_mctx *m, sk_mpiio_state *s, MPI_File fh, char *data)
{
  long mine[257], all[257], found[256];
  int v, me = 0;
  size_t bytes;
  char *back, msg[200];
  MPI_File reader;
  if (s->own_view != MPI_DATATYPE_NULL) return;
  memset(mine, 0, sizeof mine);
  memset(found, 0, sizeof found);
  MPI_Comm_rank(s->comm, &me);
  if (s->write) io_histogram(s, data, s->elements, mine);
  else {
    bytes = sk_mpi_bytes(s->elements, s->memtype);
    back = (char *)sk_malloc(bytes + 1);
    sk_mpiio_fill(back, bytes, s->owner);
    io_histogram(s, back, s->elements, mine);
    free(back);
    io_histogram(s, data, s->elements, found);
  }
  mine[256] = s->elements;
  MPI_Allreduce(mine, all, 257, MPI_LONG, MPI_SUM, s->comm);
  if (s->write) {
    int seq = s->sequential;
    MPI_File_sync(fh);
    MPI_Barrier(s->comm);
    s->sequential = 0;
    if (!io_open(m, s, MPI_MODE_RDONLY, &reader)) { s->sequential = seq; return; }
    s->sequential = seq;
    if (me == 0) {
      MPI_Status st;
      bytes = sk_mpi_bytes(all[256], s->memtype);
      back = (char *)sk_malloc(bytes + 1);
      memset(back, 0, bytes + 1);
      if (sk_mpiio_ok(m, s, MPI_File_read_at(reader, 0, back, (int)all[256], s->memtype->mpi, &st), "MPI_File_read_at"))
        io_histogram(s, back, all[256], found);
      free(back);
    }
    MPI_File_close(&reader);
  } else {
    MPI_Allreduce(found, mine, 256, MPI_LONG, MPI_SUM, s->comm);
    memcpy(found, mine, sizeof found);
  }
  if (me != 0 || m->failed) return;
  for (v = 0; v < 256 && found[v] == all[v]; v++) { /* find a byte value that differs */ }
  if (v < 256) {
    sprintf(msg, "process %d of %d: %.40s: %.40s in no determined order: the data holds %ld bytes 0x%02x, "
            "the processes %s %ld", m->rank, m->size, s->fn, s->write ? "file read back" : "read buffers", found[v], v,
            s->write ? "wrote" : "wrote to the file", all[v]);
    sk_meas_fail(m, msg);
  }
}

/* Whether the positions of daccess are determined (explicit, individual, ordered). */
static int io_determined(long daccess)
{
  return !(daccess & SK_IO_SHARED_FILE_POINTER) || (daccess & SK_IO_COLLECTIVE);
}

/* A write reads its chunks back and compares: with MPI_File_read_at at the positions of
** the plan, or, where the shared pointer placed them, with MPI_File_read_ordered from
** the start (the order of MPI_File_write_ordered: rank order in every call). A
** MPI_MODE_SEQUENTIAL file is write-only: a second handle reads it (after sync-barrier-
** sync, MPI-2 §9.6.1). Non-collective shared-pointer writes land in no determined
** order: io_verify_unordered. */
static void io_verify_write(sk_mctx *m, sk_mpiio_state *s, MPI_File fh, char *sent)
{
  size_t bytes = sk_mpi_bytes(s->elements, s->memtype);
  char *back;
  long daccess = s->daccess & SK_IO_SHARED_FILE_POINTER ? 0x214 : 0x111;
  MPI_File reader = fh;
  int seq = s->sequential;
  if (!io_determined(s->daccess)) { io_verify_unordered(m, s, fh, sent); return; }
  if (seq) {
    MPI_File_sync(fh);
    MPI_Barrier(s->comm);
    s->sequential = 0;
    if (!io_open(m, s, MPI_MODE_RDONLY, &reader)) { s->sequential = seq; return; }
    s->sequential = seq;
  }
  back = (char *)sk_malloc(bytes + 1);
  memset(back, 0, bytes + 1);
  if (daccess == 0x214) MPI_File_seek_shared(reader, 0, MPI_SEEK_SET);
  if (io_run_chunks(m, s, reader, back, 0, daccess)) sk_mpiio_compare(m, s, "file read back", back, sent, s->elements);
  if (reader != fh) MPI_File_close(&reader);
  free(back);
}

/* ---- the pattern measurements ---- */

/* Writes the file a read measurement reads: every process its chunks, with the write
** routine of the class (so the shared-pointer classes leave the data where they find
** it), from its pattern. */
static void io_make_file(sk_mctx *m, sk_mpiio_state *s)
{
  MPI_File fh;
  size_t bytes = sk_mpi_bytes(s->elements, s->memtype);
  char *buf;
  int seq = s->sequential;
  if (!s->active || m->failed) return;
  buf = (char *)sk_malloc(bytes + 1);
  sk_mpiio_fill(buf, bytes, s->owner);
  s->sequential = 0;
  if (io_open(m, s, MPI_MODE_RDWR | MPI_MODE_CREATE, &fh)) {
    s->made = 1;
    io_run_chunks(m, s, fh, buf, 1, seq ? (s->daccess & SK_IO_COLLECTIVE ? 0x214 : 0x114) : s->daccess);
    MPI_File_close(&fh);
  }
  s->sequential = seq;
  free(buf);
}

/* Declares the buffers and, for reads, makes the file. */
static void io_pattern_ready(sk_mctx *m, sk_mpiio_state *s, long reported)
{
  size_t bytes = sk_mpi_bytes(s->elements, s->memtype);
  if (m->failed) return;
  if (s->write) m->send_usage = bytes; else m->recv_usage = bytes;
  m->reported_size = reported;
  if (!s->write && !s->unsupported) io_make_file(m, s);
}

static double io_pattern_measure(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = io_of(m);
  const sk_io_config *io = io_cfg(m);
  MPI_File fh;
  char *buf = s->write ? m->send_buf : m->recv_buf;
  int verify;
  double start, t;
  (void)args;
  if (s->unsupported || !s->active) return -1.0;
  verify = sk_mpiio_verify_now(m, s);
  sk_mpiio_verify_buffer(m, s, verify, buf);
  if (!io_open(m, s, s->write ? IO_WRITE_MODE : MPI_MODE_RDONLY, &fh)) return -1.0;
  if (s->write && io->preallocation)
    MPI_File_preallocate(fh, (MPI_Offset)sk_mpi_data_bytes(s->elements, s->memtype) * (MPI_Offset)m->size);
  start = sk_sync_start(m);
  io_run_chunks(m, s, fh, buf, s->write, s->daccess);
  if (io->file_sync) MPI_File_sync(fh);
  t = sk_sync_stop(m) - start;
  if (verify && s->write) io_verify_write(m, s, fh, buf);
  else if (verify && io_determined(s->daccess)) io_verify_read(m, s, buf, s->elements);
  else if (verify) io_verify_unordered(m, s, fh, buf);
  MPI_File_close(&fh);
  return t;
}

SK_API void sk_mpiio_finalize(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = io_of(m);
  (void)args;
  if (s == NULL) return;
  if (s->fh != MPI_FILE_NULL) MPI_File_close(&s->fh);
  if (s->path[0]) {
    MPI_Barrier(sk_mpi_comm(m));        /* nobody still has it open */
    sk_io_remove(s->path);              /* every process: own files, or the shared one */
  }
  if (s->own_comm != MPI_COMM_NULL) MPI_Comm_free(&s->own_comm);
  if (s->own_view != MPI_DATATYPE_NULL) MPI_Type_free(&s->own_view);
  if (s->info != MPI_INFO_NULL) MPI_Info_free(&s->info);
  free(s->off);
  free(s->len);
  free(s->mem);
  free(s);
  m->state = NULL;
}

/* The file of a pattern row: its layout's name, and which group of processes shares it
** (separate: every process its own). */
static const char *const io_layout_files[] = { "segmented", "strided", "separate", "sequential", "noncontiguous",
                                               "random" };

/* The three patterns with a stride (memsize, blocklen, stride, mef, daccess):
** segmented: rank r's memsize elements at r*stride (stride >= memsize), blocklen chunks;
** strided: chunk i of rank r at (i*P + r)*stride (stride >= blocklen);
** separate: a file per process (MPI_COMM_SELF), chunk i at i*stride (stride >= blocklen). */
static void io_init_stride(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = sk_mpiio_new(m, io_variant_writes(m));
  enum io_layout layout = io_variant_layout(m);
  long r = m->rank, least = layout == IO_SEGMENTED ? m->arg.memsize : m->arg.blocklen;
  char msg[120];
  (void)args;
  if (!io_check_blocks(m, s, m->arg.memsize, m->arg.blocklen) || !io_check_types(m, s)) return;
  if (m->arg.stride < least) {
    sprintf(msg, "%.40s: stride must be at least %s (%ld)", s->fn, layout == IO_SEGMENTED ? "memsize" : "blocklen",
            least);
    sk_meas_fail(m, msg);
    return;
  }
  if (layout == IO_SEGMENTED) io_plan_run(s, m->arg.memsize, m->arg.blocklen, r * m->arg.stride, m->arg.blocklen);
  else if (layout == IO_STRIDED)
    io_plan_run(s, m->arg.memsize, m->arg.blocklen, r * m->arg.stride, (long)m->size * m->arg.stride);
  else io_plan_run(s, m->arg.memsize, m->arg.blocklen, 0, m->arg.stride);
  if (layout == IO_SEPARATE) s->comm = MPI_COMM_SELF;
  sk_mpiio_name(m, s, io_layout_files[layout], layout == IO_SEPARATE ? m->rank : 0);
  io_pattern_ready(m, s, io_total(m, s, m->arg.memsize));
}

/* sequential: MPI_MODE_SEQUENTIAL, shared-pointer classes only, blocklen chunks;
** noncontiguous: the view shows rank r the blocks r, r+P, r+2P, ... of blocklen elements
** (a vector of etypes, resized to P blocks); the rank's chunks are consecutive in it. */
static void io_init_consecutive(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = sk_mpiio_new(m, io_variant_writes(m));
  enum io_layout layout = io_variant_layout(m);
  (void)args;
  if (!io_check_blocks(m, s, m->arg.memsize, m->arg.blocklen) || !io_check_types(m, s)) return;
  if (layout == IO_SEQUENTIAL) {
    s->sequential = 1;
    s->unsupported = !(s->daccess & SK_IO_SHARED_FILE_POINTER);
  } else {
    MPI_Datatype block;
    MPI_Aint ext = (MPI_Aint)s->etype->extent, disp;
    int etypes = (int)(m->arg.blocklen * s->ratio);
    if (etypes < 1) etypes = 1;
    disp = (MPI_Aint)m->rank * etypes * ext;
    MPI_Type_create_hindexed(1, &etypes, &disp, s->etype->mpi, &block);
    MPI_Type_create_resized(block, 0, (MPI_Aint)m->size * etypes * ext, &s->own_view);
    MPI_Type_free(&block);
    MPI_Type_commit(&s->own_view);
    s->view = s->own_view;
  }
  io_plan_run(s, m->arg.memsize, m->arg.blocklen, 0, m->arg.blocklen);
  sk_mpiio_name(m, s, io_layout_files[layout], 0);
  io_pattern_ready(m, s, io_total(m, s, m->arg.memsize));
}

/* random: per-rank memsize[r] and blocklen[r] (arrays indexed by rank); round i holds
** chunk i of every rank that still has one, in rank order, without gaps */
static void io_init_random(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = sk_mpiio_new(m, io_variant_writes(m));
  long rounds = 0, i, pos = 0, total = 0, mine = 0;
  int q;
  char msg[160];
  (void)args;
  if (sk_array_length(m->arg.memsize_a) < (size_t)m->size || sk_array_length(m->arg.blocklen_a) < (size_t)m->size) {
    sprintf(msg, "%.40s: memsize and blocklen need one entry per process (%d)", s->fn, m->size);
    sk_meas_fail(m, msg);
    return;
  }
  for (q = 0; q < m->size; q++) {
    long ms = sk_iarray_get(m->arg.memsize_a, (size_t)q), bl = sk_iarray_get(m->arg.blocklen_a, (size_t)q);
    if (!io_check_blocks(m, s, ms, bl)) return;
    if (io_chunks(ms, bl) > rounds) rounds = io_chunks(ms, bl);
    total += ms;
  }
  if (!io_check_types(m, s)) return;
  io_plan(s, rounds);
  for (i = 0; i < rounds; i++)
    for (q = 0; q < m->size; q++) {
      long ms = sk_iarray_get(m->arg.memsize_a, (size_t)q), bl = sk_iarray_get(m->arg.blocklen_a, (size_t)q);
      long len = i < io_chunks(ms, bl) ? (ms - i * bl < bl ? ms - i * bl : bl) : 0;
      if (q == m->rank) { s->off[i] = pos; s->len[i] = len; s->mem[i] = mine; mine += len; }
      pos += len;
    }
  s->elements = mine;
  sk_mpiio_name(m, s, "random", 0);
  io_pattern_ready(m, s, sk_mpi_data_bytes(total, s->memtype));
}

/* once: one access of count elements; private: own file at 0, else the shared file at r*count */
static void io_init_once(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = sk_mpiio_new(m, io_variant_writes(m));
  int own_file = m->arg.private_ != 0;
  (void)args;
  if (!sk_mpi_check_count(m, s->fn, "count", s->count) || !io_check_types(m, s)) return;
  io_plan(s, 1);
  s->off[0] = own_file ? 0 : (long)m->rank * s->count;
  s->len[0] = s->count;
  s->mem[0] = 0;
  s->elements = s->count;
  if (own_file) s->comm = MPI_COMM_SELF;
  sk_mpiio_name(m, s, own_file ? "private" : "shared", own_file ? m->rank : 0);
  io_pattern_ready(m, s, io_total(m, s, s->count));
}

/* ---- reading whole files ---- */

/* read_file(count, mef, daccess): every process opens, reads the count-element file and
** closes, all timed; rank 0 wrote the file in init. Shared-pointer classes: -1. */
static void init_MPI_IO_read_file(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = sk_mpiio_new(m, 0);
  (void)args;
  if (!sk_mpi_check_count(m, s->fn, "count", s->count) || !io_check_types(m, s)) return;
  s->unsupported = (s->daccess & SK_IO_SHARED_FILE_POINTER) != 0;
  io_plan(s, 1);
  s->off[0] = s->mem[0] = 0;
  s->len[0] = m->rank == 0 ? s->count : 0;
  s->elements = s->count;
  s->owner = 0;
  sk_mpiio_name(m, s, "file", 0);
  if (!s->unsupported) io_make_file(m, s);    /* rank 0's chunk: the whole file */
  s->len[0] = s->count;                     /* everybody reads all of it */
  m->recv_usage = sk_mpi_bytes(s->count, s->memtype);
  m->reported_size = io_total(m, s, s->count);
}

/* The timed open-read-close of the file readers (read_file, read_and_distribute). */
static void io_open_read_close(sk_mctx *m, sk_mpiio_state *s, char *buf)
{
  MPI_File fh;
  if (!io_open(m, s, MPI_MODE_RDONLY, &fh)) return;
  io_run_chunks(m, s, fh, buf, 0, s->daccess);
  MPI_File_close(&fh);
}

static double measure_MPI_IO_read_file(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = io_of(m);
  double start, t;
  int verify;
  (void)args;
  if (s->unsupported) return -1.0;
  verify = sk_mpiio_verify_now(m, s);
  sk_mpiio_verify_buffer(m, s, verify, m->recv_buf);
  start = sk_sync_start(m);
  io_open_read_close(m, s, m->recv_buf);
  t = sk_sync_stop(m) - start;
  if (verify) io_verify_read(m, s, m->recv_buf, s->count);
  return t;
}

/* read_and_distribute(count, np, mef, daccess): the first np processes (np capped at P,
** count rounded up to a multiple of np) open, read count/np elements each and close, then
** MPI_Allgatherv gives every process the whole file; all timed. Shared pointers: -1. */
static void init_MPI_IO_read_and_distribute(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = sk_mpiio_new(m, 0);
  long part;
  (void)args;
  if (!sk_mpi_check_count(m, s->fn, "count", s->count) || !io_check_types(m, s)) return;
  if (s->np < 1) { sk_meas_fail(m, "MPI_IO_read_and_distribute: np must be at least 1"); return; }
  if (s->np > m->size) s->np = m->size;
  s->count = (s->count + s->np - 1) / s->np * s->np;
  if (!sk_mpi_check_count(m, s->fn, "count", s->count)) return;
  part = s->count / s->np;
  s->unsupported = (s->daccess & SK_IO_SHARED_FILE_POINTER) != 0;
  s->active = m->rank < s->np;
  MPI_Comm_split(sk_mpi_comm(m), s->active ? 0 : MPI_UNDEFINED, m->rank, &s->own_comm);
  if (s->active) s->comm = s->own_comm;
  io_plan(s, 1);
  s->off[0] = s->mem[0] = s->active ? (long)m->rank * part : 0;
  s->len[0] = s->active ? part : 0;
  s->elements = s->count;
  s->owner = 0;
  sk_mpiio_name(m, s, "distribute", 0);
  if (!s->unsupported && s->active) {   /* the first process writes the whole file */
    long mine[3];
    mine[0] = s->off[0]; mine[1] = s->len[0]; mine[2] = s->mem[0];
    s->off[0] = s->mem[0] = 0;
    s->len[0] = m->rank == 0 ? s->count : 0;
    io_make_file(m, s);
    s->off[0] = mine[0]; s->len[0] = mine[1]; s->mem[0] = mine[2];
  }
  m->recv_usage = sk_mpi_bytes(s->count, s->memtype);
  m->reported_size = io_total(m, s, s->count);
}

static double measure_MPI_IO_read_and_distribute(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = io_of(m);
  int *counts, *displs, q, part, verify;
  double start, t;
  (void)args;
  if (s->unsupported) return -1.0;
  verify = sk_mpiio_verify_now(m, s);
  sk_mpiio_verify_buffer(m, s, verify, m->recv_buf);
  part = (int)(s->count / s->np);
  counts = (int *)sk_malloc(sizeof(int) * (size_t)m->size);
  displs = (int *)sk_malloc(sizeof(int) * (size_t)m->size);
  for (q = 0; q < m->size; q++) {
    counts[q] = q < s->np ? part : 0;
    displs[q] = q < s->np ? q * part : 0;
  }
  start = sk_sync_start(m);
  if (s->active) io_open_read_close(m, s, m->recv_buf);
  MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, m->recv_buf, counts, displs, s->memtype->mpi, sk_mpi_comm(m));
  t = sk_sync_stop(m) - start;
  if (verify) io_verify_read(m, s, m->recv_buf, s->count);
  free(counts);
  free(displs);
  return t;
}

/* ---- write_and_read: pairs (2k, 2k+1) share a file; the odd one writes a chunk, says
** so with a 0-byte message, the even one reads it; with atomicity off both call
** MPI_File_sync around the message (sync-barrier-sync of MPI-2 §9.6.1). With an odd
** number of processes the last one has no partner and returns -1. ---- */

#define IO_PAIR_TAG 4711

static void init_MPI_IO_write_and_read(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = sk_mpiio_new(m, 0);
  long i;
  (void)args;
  if (!io_check_blocks(m, s, m->arg.memsize, m->arg.blocklen) || !io_check_types(m, s)) return;
  s->write = m->rank % 2 == 1;
  s->owner = m->rank | 1;
  s->active = (m->rank ^ 1) < m->size;    /* with an odd number the last process has no partner */
  s->unsupported = (s->daccess & SK_IO_SHARED_FILE_POINTER) != 0;
  MPI_Comm_split(sk_mpi_comm(m), s->active ? m->rank / 2 : MPI_UNDEFINED, m->rank, &s->own_comm);
  s->comm = s->own_comm;
  io_plan_run(s, m->arg.memsize, m->arg.blocklen, 0, m->arg.blocklen);
  for (i = 0; i < s->n; i++) s->mem[i] = 0;   /* every chunk goes through one buffer block */
  s->elements = m->arg.blocklen < m->arg.memsize ? m->arg.blocklen : m->arg.memsize;
  sk_mpiio_name(m, s, "pair", m->rank / 2);
  if (s->write) m->send_usage = sk_mpi_bytes(s->elements, s->memtype);
  else m->recv_usage = sk_mpi_bytes(s->elements, s->memtype);
  m->reported_size = io_total(m, s, m->arg.memsize);
}

static double measure_MPI_IO_write_and_read(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = io_of(m);
  const sk_io_config *io = io_cfg(m);
  MPI_File fh;
  MPI_Comm comm = sk_mpi_comm(m);
  MPI_Status st;
  char *buf = s->write ? m->send_buf : m->recv_buf;
  int verify, partner = m->rank ^ 1;
  long i, collective = s->daccess & SK_IO_COLLECTIVE;
  double start, t;
  (void)args;
  if (s->unsupported) return -1.0;
  if (!s->active) {   /* no partner: takes part in the synchronisation only */
    sk_sync_start(m);
    sk_sync_stop(m);
    return -1.0;
  }
  verify = sk_mpiio_verify_now(m, s);
  sk_mpiio_verify_buffer(m, s, verify, buf);
  if (!io_open(m, s, IO_WRITE_MODE, &fh)) return -1.0;
  start = sk_sync_start(m);
  for (i = 0; i < s->n; i++) {
    MPI_Offset off = (MPI_Offset)s->off[i] * s->ratio;
    int len = (int)s->len[i];
    if (s->write || collective)
      sk_mpiio_ok(m, s, io_access(fh, 1, s->daccess, off, buf, s->write ? len : 0, s->memtype->mpi), "write");
    if (!io->atomicity) MPI_File_sync(fh);
    if (s->write) MPI_Send(buf, 0, MPI_BYTE, partner, IO_PAIR_TAG, comm);
    else MPI_Recv(buf, 0, MPI_BYTE, partner, IO_PAIR_TAG, comm, &st);
    if (!io->atomicity) MPI_File_sync(fh);
    if (!s->write || collective)
      sk_mpiio_ok(m, s, io_access(fh, 0, s->daccess, off, buf, s->write ? 0 : len, s->memtype->mpi), "read");
  }
  t = sk_sync_stop(m) - start;
  if (verify && !s->write && s->n > 0) io_verify_read(m, s, buf, s->len[s->n - 1]);
  MPI_File_close(&fh);
  return t;
}

/* ---- open, close, delete, preallocate, seek ---- */

/* A failed check of the verification call that is no byte comparison (file size,
** file pointer, existence), in the form of verify.h's messages. */
static void io_verify_fail(sk_mctx *m, const sk_mpiio_state *s, const char *what)
{
  char msg[260];
  sprintf(msg, "process %d of %d: %.40s: %.180s", m->rank, m->size, s->fn, what);
  sk_meas_fail(m, msg);
}

/* The verification call of a deletion: the file must be gone (an MPI_File_open of it
** on this process alone fails). */
static void io_verify_gone(sk_mctx *m, sk_mpiio_state *s, const char *after)
{
  MPI_File fh = MPI_FILE_NULL;
  char what[120];
  if (MPI_File_open(MPI_COMM_SELF, s->path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh) != MPI_SUCCESS) return;
  MPI_File_close(&fh);
  sprintf(what, "the file still exists after %.80s", after);
  io_verify_fail(m, s, what);
}

/* A file of `bytes` bytes (rank 0 writes them) made collectively in init. */
static void io_make_bytes(sk_mctx *m, sk_mpiio_state *s, long bytes)
{
  MPI_File fh;
  char *buf;
  if (!sk_mpi_check_count(m, s->fn, "count", bytes)) return;
  if (!io_open(m, s, MPI_MODE_RDWR | MPI_MODE_CREATE, &fh)) return;
  s->made = 1;
  if (m->rank == 0 && bytes > 0) {
    MPI_Status st;
    buf = (char *)sk_malloc((size_t)bytes);
    sk_mpiio_fill(buf, (size_t)bytes, 0);
    sk_mpiio_ok(m, s, MPI_File_write_at(fh, 0, buf, (int)bytes, MPI_BYTE, &st), "MPI_File_write_at");
    free(buf);
  }
  MPI_File_close(&fh);
}

/* MPI_IO_open(create_file): the collective open (RDWR, with CREATE|DELETE_ON_CLOSE if
** create_file; else of a file made in init). */
static void init_MPI_IO_open(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = sk_mpiio_new(m, 0);
  (void)args;
  sk_mpiio_name(m, s, "open", 0);
  if (!m->arg.create_file) io_make_bytes(m, s, 0);
}

static double measure_MPI_IO_open(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = io_of(m);
  const sk_io_config *io = io_cfg(m);
  MPI_File fh = MPI_FILE_NULL;
  int amode = MPI_MODE_RDWR | (m->arg.create_file ? MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE : 0);
  double start, t;
  int rc;
  (void)args;
  if (m->failed) return 0;   /* e.g. no file name (io_name): every member alike */
  if (io->unique_open) amode |= MPI_MODE_UNIQUE_OPEN;
  start = sk_sync_start(m);
  rc = MPI_File_open(s->comm, s->path, amode, s->info, &fh);
  t = sk_sync_stop(m) - start;
  if (sk_mpiio_ok(m, s, rc, "MPI_File_open")) MPI_File_close(&fh);
  return t;
}

/* MPI_IO_close(count): the close of a count-byte file (rank 0 wrote it in init) */
static void init_MPI_IO_close(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = sk_mpiio_new(m, 0);
  (void)args;
  sk_mpiio_name(m, s, "close", 0);
  io_make_bytes(m, s, s->count);
}

static double measure_MPI_IO_close(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = io_of(m);
  MPI_File fh;
  double start;
  (void)args;
  if (!io_open(m, s, MPI_MODE_RDWR, &fh)) return -1.0;
  start = sk_sync_start(m);
  MPI_File_close(&fh);
  return sk_sync_stop(m) - start;
}

/* The verification call of open_close: after sync-barrier-sync (MPI-2 §9.6.1) the byte
** of the next process is the one it wrote. */
static void io_verify_next_byte(sk_mctx *m, sk_mpiio_state *s, MPI_File fh)
{
  MPI_Status st;
  int next = (m->rank + 1) % m->size;
  char got = 0;
  MPI_File_sync(fh);
  MPI_Barrier(s->comm);
  MPI_File_sync(fh);
  if (sk_mpiio_ok(m, s, MPI_File_read_at(fh, (MPI_Offset)next, &got, 1, MPI_BYTE, &st), "MPI_File_read_at")
      && (unsigned char)got != io_pattern(next, 0)) {
    char what[120];
    sprintf(what, "%.40s: the byte of process %d read back", s->fn, next);
    sk_verify_mismatch(m, what, (size_t)next, (unsigned char)got, io_pattern(next, 0));
  }
}

/* MPI_IO_open_close(create_flag): open (+CREATE), view, a 1-byte write by every process
** (at its rank), close -- all timed; with create_flag the file is deleted after each call */
static void init_MPI_IO_open_close(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = sk_mpiio_new(m, 1);
  (void)args;
  sk_mpiio_name(m, s, "open_close", 0);
  if (!m->arg.create_flag) io_make_bytes(m, s, 0);
  m->send_usage = 1;
}

static double measure_MPI_IO_open_close(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = io_of(m);
  MPI_File fh;
  MPI_Status st;
  double start, t;
  int verify = sk_mpiio_verify_now(m, s);
  (void)args;
  if (verify) m->send_buf[0] = (char)io_pattern(m->rank, 0);
  start = sk_sync_start(m);
  if (io_open(m, s, MPI_MODE_RDWR | (m->arg.create_flag ? MPI_MODE_CREATE : 0), &fh)) {
    sk_mpiio_ok(m, s, MPI_File_write_at(fh, (MPI_Offset)m->rank, m->send_buf, 1, MPI_BYTE, &st), "MPI_File_write_at");
    if (verify) io_verify_next_byte(m, s, fh);
    MPI_File_close(&fh);
  }
  t = sk_sync_stop(m) - start;
  if (m->arg.create_flag) {
    MPI_Barrier(s->comm);
    if (m->rank == 0) MPI_File_delete(s->path, s->info);
    MPI_Barrier(s->comm);
  }
  return t;
}

/* The state of the rows of (count) bytes: `write` as in sk_mpiio_new, the file's `kind`
** (sk_mpiio_name, one file for all). */
static sk_mpiio_state *io_new_count(sk_mctx *m, int write, const char *kind)
{
  sk_mpiio_state *s = sk_mpiio_new(m, write);
  sk_mpi_check_count(m, s->fn, "count", s->count);
  sk_mpiio_name(m, s, kind, 0);
  return s;
}

/* MPI_IO_delete(count): rank 0 writes count bytes to a file of its own, then its
** MPI_File_delete is timed; no synchronisation; the others return -1 */
static void init_MPI_IO_delete(sk_mctx *m, const sk_value *args)
{
  (void)args;
  io_new_count(m, 0, "delete")->comm = MPI_COMM_SELF;
}

static double measure_MPI_IO_delete(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = io_of(m);
  double start;
  int rc;
  (void)args;
  if (m->rank != 0) return -1.0;
  io_make_bytes(m, s, s->count);
  start = MPI_Wtime();
  rc = MPI_File_delete(s->path, s->info);
  start = MPI_Wtime() - start;
  if (!sk_mpiio_ok(m, s, rc, "MPI_File_delete")) return -1.0;
  if (sk_mpiio_verify_now(m, s)) io_verify_gone(m, s, "MPI_File_delete");
  return start;
}

/* MPI_IO_delete_on_close(count): the collective close of a DELETE_ON_CLOSE file that
** rank 0 wrote count bytes to */
static void init_MPI_IO_delete_on_close(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = io_new_count(m, 1, "delete_on_close");
  (void)args;
  m->send_usage = (size_t)(s->count > 0 ? s->count : 0);
}

static double measure_MPI_IO_delete_on_close(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = io_of(m);
  MPI_File fh;
  MPI_Status st;
  double start;
  (void)args;
  if (!io_open(m, s, IO_WRITE_MODE, &fh)) return -1.0;
  if (m->rank == 0 && s->count > 0) MPI_File_write_at(fh, 0, m->send_buf, (int)s->count, MPI_BYTE, &st);
  start = sk_sync_start(m);
  MPI_File_close(&fh);
  start = sk_sync_stop(m) - start;
  if (sk_mpiio_verify_now(m, s) && m->rank == 0) io_verify_gone(m, s, "the close of a MPI_MODE_DELETE_ON_CLOSE file");
  return start;
}

/* MPI_IO_preallocate(count, with_sync): MPI_File_preallocate of count bytes on a new
** file (+ MPI_File_sync if with_sync) */
static void init_MPI_IO_preallocate(sk_mctx *m, const sk_value *args)
{
  (void)args;
  io_new_count(m, 1, "preallocate");
}

/* The verification call of preallocate: the file has at least the bytes preallocated. */
static void io_verify_size(sk_mctx *m, sk_mpiio_state *s, MPI_File fh)
{
  MPI_Offset size = 0;
  char what[160];
  if (!sk_mpiio_ok(m, s, MPI_File_get_size(fh, &size), "MPI_File_get_size") || size >= (MPI_Offset)s->count) return;
  sprintf(what, "the file has %ld bytes after MPI_File_preallocate of %ld", (long)size, s->count);
  io_verify_fail(m, s, what);
}

static double measure_MPI_IO_preallocate(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = io_of(m);
  MPI_File fh;
  double start, t;
  int rc;
  (void)args;
  if (!io_open(m, s, IO_WRITE_MODE, &fh)) return -1.0;
  start = sk_sync_start(m);
  rc = MPI_File_preallocate(fh, (MPI_Offset)s->count);
  if (m->arg.with_sync) MPI_File_sync(fh);
  t = sk_sync_stop(m) - start;
  if (sk_mpiio_ok(m, s, rc, "MPI_File_preallocate") && sk_mpiio_verify_now(m, s)) io_verify_size(m, s, fh);
  MPI_File_close(&fh);
  return t;
}

/* MPI_IO_file_seek / _shared(memsize, blocklen, mef): one seek per call; the positions
** step by blocklen through rank r's segment at r*memsize (shared: through the first
** segment, the same position on every process); the file is open from init to finalize */
static void io_init_seek(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = sk_mpiio_new(m, 0);
  (void)args;
  s->daccess = 0x111;   /* a seek has no data access class; any valid one passes the checks */
  if (!io_check_blocks(m, s, m->arg.memsize, m->arg.blocklen) || !io_check_types(m, s)) return;
  sk_mpiio_name(m, s, "seek", 0);
  if (io_open(m, s, IO_WRITE_MODE, &s->fh)) s->made = 1;
}

/* The verification call of a seek: the pointer is where it was set (in etypes). */
static void io_verify_position(sk_mctx *m, sk_mpiio_state *s, int shared, MPI_Offset pos)
{
  MPI_Offset now = -1;
  char what[160];
  if (shared) MPI_File_get_position_shared(s->fh, &now);
  else MPI_File_get_position(s->fh, &now);
  if (now == pos) return;
  sprintf(what, "the %s file pointer is at %ld after the seek to %ld", shared ? "shared" : "individual", (long)now,
          (long)pos);
  io_verify_fail(m, s, what);
}

static double io_seek_measure(sk_mctx *m, const sk_value *args)
{
  sk_mpiio_state *s = io_of(m);
  int shared = m->variant == IO_SHARED_POINTER;
  long step = m->arg.memsize > 0 ? (long)(s->calls++ * m->arg.blocklen % m->arg.memsize) : 0;
  MPI_Offset pos = ((shared ? 0 : (MPI_Offset)m->rank * m->arg.memsize) + step) * s->ratio;
  double start;
  int rc;
  (void)args;
  start = sk_sync_start(m);
  rc = shared ? MPI_File_seek_shared(s->fh, pos, MPI_SEEK_SET) : MPI_File_seek(s->fh, pos, MPI_SEEK_SET);
  start = sk_sync_stop(m) - start;
  if (!sk_mpiio_ok(m, s, rc, shared ? "MPI_File_seek_shared" : "MPI_File_seek")) return -1.0;
  if (sk_mpiio_verify_now(m, s)) io_verify_position(m, s, shared, pos);
  return start;
}

#endif /* SK_HAVE_MPI_IO */

/* Verification (verify.h): the measure functions check in their first call with
** verification on, which is the engine's verification pass (doc/internals.md, "MPI-IO measurements"). */

/* The signatures that several rows share. */
#define IO_STRIDE_SIG "memsize:i blocklen:i stride:i memtype:t etype:t filetype:t daccess:i"
#define IO_LAYOUT_SIG "memsize:i blocklen:i memtype:t etype:t filetype:t daccess:i"
#define IO_RANDOM_SIG "memsize:a blocklen:a memtype:t etype:t filetype:t daccess:i"
#define IO_ONCE_SIG "count:i memtype:t etype:t filetype:t private:i daccess:i"
#define IO_SEEK_SIG "memsize:i blocklen:i memtype:t etype:t filetype:t"
static const sk_measurement mpi_io_table[] = {
  SK_ROW_MPIIO("MPI_IO_open", "create_file:i", SK_PATTERN_COLLECTIVE, 1, 0,
               measure_MPI_IO_open, init_MPI_IO_open, sk_mpiio_finalize,
               NULL, NULL, "opens and closes a file, moves no data"),
  SK_ROW_MPIIO("MPI_IO_close", "count:i", SK_PATTERN_COLLECTIVE, 1, 0,
               measure_MPI_IO_close, init_MPI_IO_close, sk_mpiio_finalize, NULL, NULL, "closes a file, moves no data"),
  SK_ROW_MPIIO("MPI_IO_open_close", "create_flag:i", SK_PATTERN_COLLECTIVE, 1, 0,
               measure_MPI_IO_open_close, init_MPI_IO_open_close, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_delete", "count:i", SK_PATTERN_COLLECTIVE, 1, 0,
               measure_MPI_IO_delete, init_MPI_IO_delete, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_delete_on_close", "count:i", SK_PATTERN_COLLECTIVE, 1, 0,
               measure_MPI_IO_delete_on_close, init_MPI_IO_delete_on_close, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_file_seek", IO_SEEK_SIG, SK_PATTERN_COLLECTIVE, 1, IO_INDIVIDUAL_POINTER,
               io_seek_measure, io_init_seek, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_file_seek_shared", IO_SEEK_SIG, SK_PATTERN_COLLECTIVE, 1, IO_SHARED_POINTER,
               io_seek_measure, io_init_seek, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_preallocate", "count:i with_sync:i", SK_PATTERN_COLLECTIVE, 1, 0,
               measure_MPI_IO_preallocate, init_MPI_IO_preallocate, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_write_segmented", IO_STRIDE_SIG, SK_PATTERN_COLLECTIVE, 1, IO_WRITES(IO_SEGMENTED),
               io_pattern_measure, io_init_stride, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_read_segmented", IO_STRIDE_SIG, SK_PATTERN_COLLECTIVE, 1, IO_READS(IO_SEGMENTED),
               io_pattern_measure, io_init_stride, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_write_strided", IO_STRIDE_SIG, SK_PATTERN_COLLECTIVE, 1, IO_WRITES(IO_STRIDED),
               io_pattern_measure, io_init_stride, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_read_strided", IO_STRIDE_SIG, SK_PATTERN_COLLECTIVE, 1, IO_READS(IO_STRIDED),
               io_pattern_measure, io_init_stride, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_read_file", "count:i memtype:t etype:t filetype:t daccess:i", SK_PATTERN_COLLECTIVE, 1, 0,
               measure_MPI_IO_read_file, init_MPI_IO_read_file, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_read_and_distribute", "count:i np:i memtype:t etype:t filetype:t daccess:i", SK_PATTERN_COLLECTIVE, 1, 0,
               measure_MPI_IO_read_and_distribute, init_MPI_IO_read_and_distribute, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_write_random", IO_RANDOM_SIG, SK_PATTERN_COLLECTIVE, 1, IO_WRITES(IO_RANDOM),
               io_pattern_measure, io_init_random, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_read_random", IO_RANDOM_SIG, SK_PATTERN_COLLECTIVE, 1, IO_READS(IO_RANDOM),
               io_pattern_measure, io_init_random, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_write_noncontiguous", IO_LAYOUT_SIG, SK_PATTERN_COLLECTIVE, 1, IO_WRITES(IO_NONCONTIGUOUS),
               io_pattern_measure, io_init_consecutive, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_read_noncontiguous", IO_LAYOUT_SIG, SK_PATTERN_COLLECTIVE, 1, IO_READS(IO_NONCONTIGUOUS),
               io_pattern_measure, io_init_consecutive, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_write_separate", IO_STRIDE_SIG, SK_PATTERN_COLLECTIVE, 1, IO_WRITES(IO_SEPARATE),
               io_pattern_measure, io_init_stride, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_read_separate", IO_STRIDE_SIG, SK_PATTERN_COLLECTIVE, 1, IO_READS(IO_SEPARATE),
               io_pattern_measure, io_init_stride, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_write_sequential", IO_LAYOUT_SIG, SK_PATTERN_COLLECTIVE, 1, IO_WRITES(IO_SEQUENTIAL),
               io_pattern_measure, io_init_consecutive, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_read_sequential", IO_LAYOUT_SIG, SK_PATTERN_COLLECTIVE, 1, IO_READS(IO_SEQUENTIAL),
               io_pattern_measure, io_init_consecutive, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_write_and_read", IO_LAYOUT_SIG, SK_PATTERN_COLLECTIVE, 2, 0,
               measure_MPI_IO_write_and_read, init_MPI_IO_write_and_read, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_write_once", IO_ONCE_SIG, SK_PATTERN_COLLECTIVE, 1, IO_WRITES(IO_ONCE),
               io_pattern_measure, io_init_once, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_MPIIO("MPI_IO_read_once", IO_ONCE_SIG, SK_PATTERN_COLLECTIVE, 1, IO_READS(IO_ONCE),
               io_pattern_measure, io_init_once, sk_mpiio_finalize,
               sk_verify_in_measure, sk_verify_in_measure, NULL),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_io(void) { return mpi_io_table; }
