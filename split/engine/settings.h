/*
** settings.h -- the engine settings: ONE object per run, owned by the interpreter (which
** changes it through the set_ and switch_ helpers) and passed down to the engine, the
** synchronisation and every measurement (sk_mctx.settings): ASEC, buffers, sync, APR
** limits, verification, cache-cold rows, node times and suite time limit, the unit,
** MPI_Alloc_mem, MPI-IO. Nothing below the interpreter keeps a configuration of its own.
** What each part holds: doc/internals.md, "engine".
*/
#ifndef SK_SETTINGS_H
#define SK_SETTINGS_H

#include "asec.h"
#include "buffers.h"
#include "sync.h"
#include "apr.h"

#define SK_IO_MAX_HINTS 16

typedef struct sk_io_config {
  const char *dir;            /* set_io_working_dir; NULL = a fresh directory under TMPDIR */
  const char *datarep;        /* "native" (default), "internal" or "external32" */
  int atomicity;              /* MPI_File_set_atomicity on every opened file (0) */
  int preallocation;          /* write measurements preallocate before timing (0) */
  int unique_open;            /* MPI_MODE_UNIQUE_OPEN on every open (0) */
  int file_sync;              /* MPI_File_sync at the end of the timed part (1) */
  int n_hints;                /* set_file_info: key/value strings (interned or program text) */
  const char *hint_key[SK_IO_MAX_HINTS], *hint_value[SK_IO_MAX_HINTS];
} sk_io_config;

typedef struct sk_settings {
  sk_asec_config asec;
  sk_buffer_config buffers;
  sk_sync_config sync;
  sk_apr_limits apr;
  int verify;                 /* default off */
  int cache_cold;             /* set_cache_cold: the bandwidth rows (meas_mpi_bw.c) rotate their
                                 messages over cache_cold_bytes, default off */
  size_t cache_cold_bytes;    /* set_cache_cold_size; 0 = twice the last-level cache */
  int mpit;                   /* switch_mpit_on: MPI_T variables beside each result (mpit.h) */
  int peruse;                 /* switch_peruse_on: PERUSE events beside each result (peruse.h) */
  int max_node_times;         /* set_max_nr_node_times, default 16 */
  double suite_time_limit;    /* seconds per measurement block, 0 = none */
  double unit;                /* set_unit, default 1e6 */
  int mpi_alloc_mem;          /* use_mpi_alloc_mem, default off */
  void *mpi_alloc_info;       /* set_mpi_alloc_mem_info: MPI_Info* or NULL (MPI_INFO_NULL) */
  sk_io_config io;
} sk_settings;

SK_API void sk_settings_default(sk_settings *s);

#endif
