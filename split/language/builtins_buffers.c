/*
** builtins_buffers.c -- the buffer helpers (SKaMPI 5 manual §4.1, §6.1): the size of the
** buffer region, buffer cycling, alignments, the cache, MPI_Alloc_mem and its info
** (use_mpi_alloc_mem, set_skampi_buffer_mpi_alloc_mem, set/get_mpi_alloc_mem_info). Each
** changes sk_bctx.settings->buffers and reallocates the region, agreed by every process.
*/
#include "builtins.h"
#include "builtins_common.h"
#include "buffers.h"
#include "agree.h"
#include "output.h"
#include "mpi_objects.h"

/* ---- buffers ---- */

/* The first process (world rank) that could not allocate, or -1: every process learns
** it, so that all of them end alike with the user's error. */
static void bi_decide_first_failure(void *ctx, const void *ballots, int n, void *decision)
{
  const int *failed = (const int *)ballots;
  int *who = (int *)decision, i;
  (void)ctx;
  *who = -1;
  for (i = 0; i < n && *who < 0; i++) if (failed[i]) *who = i;
}

SK_API int sk_bi_buffers_configure_agreed(const sk_buffer_config *c)
{
  int failed = !sk_buffers_configure(c), who = -1;
  sk_agree(sk_tp_world(), &failed, sizeof failed, &who, sizeof who, bi_decide_first_failure, NULL);
  return who;
}

/* (Re)allocates the buffer region and cache as the settings now say; memory the input
** asks for but the machine lacks is the input's mistake, named at the statement. */
static void bi_apply_buffers(sk_bctx *bc, const sk_loc *loc)
{
  const sk_buffer_config *c = &bc->settings->buffers;
  int who = sk_bi_buffers_configure_agreed(c);
  if (who >= 0 && c->cache_size == 0)
    sk_user_error(loc, "%s: cannot allocate the buffer region of %.0f bytes (the buffer of %.0f bytes plus "
                  "alignment) on process %d; ask for less memory", bc->name,
                  sk_buffers_region_bytes(c), (double)c->size, who);
  if (who >= 0)
    sk_user_error(loc, "%s: cannot allocate the buffer region of %.0f bytes and the cache of %.0f bytes "
                  "on process %d; ask for less memory", bc->name, sk_buffers_region_bytes(c),
                  (double)c->cache_size, who);
}

/* The helpers that set one size of the buffers and reallocate them, by variant: which
** size, and what it must be. */
enum bi_buffer_size_id { BI_BUFFER_SIZE, BI_CACHE_SIZE, BI_SEND_ALIGNMENT, BI_RECV_ALIGNMENT };
static sk_value bi_set_buffer_size(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  sk_buffer_config *c = &bc->settings->buffers;
  long x;
  if (bc->variant == BI_SEND_ALIGNMENT || bc->variant == BI_RECV_ALIGNMENT) {
    x = sk_bi_positive(&a[0], loc, bc->name, 1);
    if (x > 1L << 20) sk_user_error(loc, "%s: alignment %ld is larger than 1 MiB", bc->name, x);
  } else x = sk_bi_positive(&a[0], loc, bc->name, 0);
  switch (bc->variant) {
  case BI_BUFFER_SIZE: c->size = (size_t)x; break;
  case BI_CACHE_SIZE: c->cache_size = (size_t)x; break;
  case BI_SEND_ALIGNMENT: c->send_align = (size_t)x; break;
  default: c->recv_align = (size_t)x; break;
  }
  bi_apply_buffers(bc, loc);
  return sk_bi_none();
}

/* switch_buffer_cycling_on / _off: the variant is on. */
static sk_value bi_switch_buffer_cycling(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a;
  bc->settings->buffers.cycling = bc->variant;
  bi_apply_buffers(bc, loc);
  return sk_bi_none();
}

#if SK_MO_HAVE_INFO
/* set_skampi_buffer_mpi_alloc_mem(size, info): the region of set_skampi_buffer, allocated
** with MPI_Alloc_mem and the given info (SKaMPI 5's onesided.c helper; MPI-2 only). */
static sk_value bi_set_skampi_buffer_mpi_alloc_mem(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  bc->settings->buffers.size = (size_t)sk_bi_positive(&a[0], loc, bc->name, 0);
  bc->settings->buffers.mpi_alloc_mem = 1;
  bc->settings->buffers.mpi_alloc_info = a[1].u.info;
  bi_apply_buffers(bc, loc);
  return sk_bi_none();
}
#endif

/* use_mpi_alloc_mem(flag): skampi's own allocations (the buffer region) through
** MPI_Alloc_mem. Without MPI-2 a note says that malloc stays in use. */
static sk_value bi_use_mpi_alloc_mem(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)loc;
  bc->settings->mpi_alloc_mem = a[0].u.i != 0;
#if SK_MO_HAVE_INFO
  bc->settings->buffers.mpi_alloc_mem = a[0].u.i != 0;
  bc->settings->buffers.mpi_alloc_info = bc->settings->mpi_alloc_info;
  bi_apply_buffers(bc, loc);
#else
  if (a[0].u.i != 0 && sk_tp_world_rank() == 0)
    sk_out_text("# use_mpi_alloc_mem: this build has no MPI_Alloc_mem (MPI-2); malloc is used\n");
#endif
  return sk_bi_none();
}

static sk_value bi_set_mpi_alloc_mem_info(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)loc;
  bc->settings->mpi_alloc_info = a[0].u.info;
  if (bc->settings->buffers.mpi_alloc_mem) {
    bc->settings->buffers.mpi_alloc_info = a[0].u.info;
    bi_apply_buffers(bc, loc);
  }
  return sk_bi_none();
}

static sk_value bi_get_mpi_alloc_mem_info(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  sk_value v;
  (void)a; (void)loc;
  v.type = SK_T_INFO;
  v.u.info = bc->settings->mpi_alloc_info;
  return v;
}

/* its helpers, under the groups that skampi -l lists them by */
static const sk_builtin buffers_helpers[] = {
  SK_BUILTIN_GROUP("settings"),
  { "set_skampi_buffer", "i", SK_T_NONE, bi_set_buffer_size, BI_BUFFER_SIZE },
#if SK_MO_HAVE_INFO
  { "set_skampi_buffer_mpi_alloc_mem", "in", SK_T_NONE, bi_set_skampi_buffer_mpi_alloc_mem, 0 },
#endif
  { "use_mpi_alloc_mem", "i", SK_T_NONE, bi_use_mpi_alloc_mem, 0 },
  { "switch_buffer_cycling_on", "", SK_T_NONE, bi_switch_buffer_cycling, 1 },
  { "switch_buffer_cycling_off", "", SK_T_NONE, bi_switch_buffer_cycling, 0 },
  { "set_send_buffer_alignment", "i", SK_T_NONE, bi_set_buffer_size, BI_SEND_ALIGNMENT },
  { "set_recv_buffer_alignment", "i", SK_T_NONE, bi_set_buffer_size, BI_RECV_ALIGNMENT },
  { "set_cache_size", "i", SK_T_NONE, bi_set_buffer_size, BI_CACHE_SIZE },
  SK_BUILTIN_GROUP("info objects"),
  { "set_mpi_alloc_mem_info", "n", SK_T_NONE, bi_set_mpi_alloc_mem_info, 0 },
  { "get_mpi_alloc_mem_info", "", SK_T_INFO, bi_get_mpi_alloc_mem_info, 0 },
  SK_BUILTINS_END
};

SK_API const sk_builtin *sk_builtins_buffers(void) { return buffers_helpers; }
