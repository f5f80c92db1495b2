/*
** meas_mpi_io.h -- what the MPI-IO measurements (meas_mpi_io.c) share with rank 0's
** local file measurements (meas_io_local.c): the state of a file measurement, its
** making and freeing, the file's name, the data pattern and its comparison. Defined in
** meas_mpi_io.c, where the library has MPI-IO (SK_HAVE_MPI_IO).
*/
#ifndef SK_MEAS_MPI_IO_H
#define SK_MEAS_MPI_IO_H

#include "meas_mpi.h"

#if SK_HAVE_MPI_IO
/* The state of a file measurement (m->state). The types and daccess are the row's, or
** MPI_BYTE and 0x111 where its signature lacks them. */
typedef struct sk_mpiio_state {
  const char *fn;            /* the row's name, for messages */
  const sk_datatype *memtype, *etype, *filetype;
  long daccess;              /* the data access class (io_daccess.h) */
  long count;                /* elements (bytes for the local rows) the row moves */
  long np;                   /* read_and_distribute: the readers (capped at the size) */
  int write;                 /* writes (else reads or no data) */
  MPI_Comm comm;             /* the communicator the file is opened on */
  MPI_Comm own_comm;         /* made in init (pair, first np ranks), else MPI_COMM_NULL */
  int active;                /* this process opens the file */
  int made;                  /* the file exists between init and finalize */
  char path[600];
  MPI_Info info;             /* the hints of the settings */
  MPI_Datatype view;         /* filetype of the view */
  MPI_Datatype own_view;     /* made in init, else MPI_DATATYPE_NULL */
  MPI_Offset ratio;          /* etypes per memtype element */
  long n, *off, *len, *mem;  /* chunks: file position, length, buffer position (elements) */
  int unsupported;           /* the class does not fit the pattern: measure returns -1 */
  int sequential;            /* MPI_MODE_SEQUENTIAL */
  int verified;              /* the verification call happened */
  int owner;                 /* whose pattern a read finds (its own rank, rank 0, partner) */
  long elements;             /* elements this process moves (buffer size in elements) */
  MPI_File fh;               /* seek measurements: open from init to finalize */
  MPI_Offset calls;          /* seek measurements: calls so far */
  int direct;                /* local: O_DIRECT is in use */
} sk_mpiio_state;

/* A new state in m->state for the row's arguments (m->arg); `write`: the row writes. */
SK_API sk_mpiio_state *sk_mpiio_new(sk_mctx *m, int write);
/* rc of an MPI-IO call: 1 for MPI_SUCCESS, else the measurement fails naming `what`. */
SK_API int sk_mpiio_ok(sk_mctx *m, const sk_mpiio_state *s, int rc, const char *what);
/* The file's name (io_files.c), made collectively over the measurement communicator. */
SK_API void sk_mpiio_name(sk_mctx *m, sk_mpiio_state *s, const char *kind, int group);
/* `bytes` of owner's data pattern at buf. */
SK_API void sk_mpiio_fill(char *buf, size_t bytes, int owner);
/* Whether this call is the verification call (the first with verification on); marks it. */
SK_API int sk_mpiio_verify_now(sk_mctx *m, sk_mpiio_state *s);
/* The verification call's buffer: a writer's pattern, a reader's zeros. */
SK_API void sk_mpiio_verify_buffer(sk_mctx *m, const sk_mpiio_state *s, int verify, char *buf);
/* got against want over `elements` memtype elements; a mismatch names `what` (verify.h). */
SK_API int sk_mpiio_compare(sk_mctx *m, const sk_mpiio_state *s, const char *what, char *got, char *want,
                            long elements);
SK_API void sk_mpiio_finalize(sk_mctx *m, const sk_value *args);
#endif

#endif
