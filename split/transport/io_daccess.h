/*
** io_daccess.h -- the data access routine classes of MPI-IO (MPI-2 §9.4.1) as the
** `daccess` bit mask of SKaMPI 6's io.c: one bit for the positioning, one for the
** synchronism, one for the coordination. The twelve classes, in the order the
** data_access_routines iterator yields them, and the MPI routine each one stands for.
** Pure data: compiled in every build (print_data_access_settings works everywhere).
*/
#ifndef SK_IO_DACCESS_H
#define SK_IO_DACCESS_H

#include "base.h"

#define SK_IO_EXPLICIT_OFFSETS 0x001
#define SK_IO_INDIVIDUAL_FILE_POINTERS 0x002
#define SK_IO_SHARED_FILE_POINTER 0x004
#define SK_IO_BLOCKING 0x010
#define SK_IO_NONBLOCKING_SPLIT 0x020
#define SK_IO_NONCOLLECTIVE 0x100
#define SK_IO_COLLECTIVE 0x200
#define SK_IO_CLASSES 12

/* The i-th class (0 <= i < SK_IO_CLASSES): 0x111, 0x112, 0x114, 0x121, ..., 0x224. */
SK_API int sk_io_class(int i);
/* 1 if daccess is exactly one of the twelve classes. */
SK_API int sk_io_class_valid(long daccess);
/* "MPI_File_write_at", "MPI_File_read_ordered_begin/end", ... or NULL if not a class. */
SK_API const char *sk_io_routine(long daccess, int write);
/* The "#" lines of print_data_access_settings: the three properties of daccess and the
** routines (flag bit 1: the read routine, bit 2: the write routine). */
SK_API void sk_io_describe_class(sk_str *out, long daccess, long flag);

#endif
