/*
** buffers.h -- the send and receive buffers of SKaMPI 5 manual §6.1 and §4.1: one region
** of set_skampi_buffer bytes per process, alignment of both buffers, buffer cycling (the
** buffers move through the region between repetitions, so `...` means half the region)
** and cache flushing between repetitions (set_cache_size).
**
** The configuration is part of the engine settings (settings.h) and passed to every
** call; this module keeps only the memory: the region and the cache-flush area, which
** sk_buffers_configure (re)allocates when the configuration changes their sizes.
*/
#ifndef SK_BUFFERS_H
#define SK_BUFFERS_H

#include "base.h"

typedef struct sk_buffer_config {
  size_t size;             /* set_skampi_buffer; default 64 KiB */
  int cycling;             /* switch_buffer_cycling_on/off; default off */
  size_t send_align, recv_align;   /* default 8; 0 counts as 1 */
  size_t cache_size;       /* set_cache_size; 0 = do not flush */
  int mpi_alloc_mem;       /* the region comes from MPI_Alloc_mem (MPI-2; elsewhere malloc) */
  void *mpi_alloc_info;    /* MPI_Info* for MPI_Alloc_mem, NULL = MPI_INFO_NULL */
} sk_buffer_config;

SK_API void sk_buffers_default_config(sk_buffer_config *c);
/* Makes the memory fit the configuration (reallocates when a size or the way of
** allocating changed). */
/* 0 when the memory could not be allocated (nothing is held then; the caller names the
** statement that asked for it, sk_buffers_region_bytes says how much it was). */
SK_API int sk_buffers_configure(const sk_buffer_config *c);
SK_API double sk_buffers_region_bytes(const sk_buffer_config *c);
/* Bytes of region a measurement with these usages needs. With SKAMPI_BUFFER_RULE=skampi5
** what the original SKaMPI 5's fit test asks, with the original's receive usage
** (original_recv_usage, or recv_usage when negative), and at least room for skampi's own
** buffers once (buffers.c). */
SK_API double sk_buffers_needed(const sk_buffer_config *c, size_t send_usage, size_t recv_usage,
                                long original_recv_usage);
/* Places the buffers for repetition `rep` (cycling moves them); flushes the cache. */
SK_API void sk_buffers_place(const sk_buffer_config *c, size_t send_usage, size_t recv_usage, long rep,
                             char **send, char **recv);

#endif
