/*
** buffers.c -- see buffers.h.
*/
#include "buffers.h"

static struct {
  char *region;            /* size + alignment slack */
  size_t allocated;
  int by_mpi;              /* region came from MPI_Alloc_mem */
  void *info;              /* ... with this info */
  char *cache;             /* cache_size bytes touched between repetitions */
  size_t cache_allocated;
  size_t zeroed;           /* region[0, zeroed) has been cleared (buffers_clear_to) */
  size_t wanted;           /* the region's size by the configuration; 0: not configured */
  int on_demand;           /* the region grows to what the measurements use (buffers_fit) */
} buffers;

/* size, cycling, send_align, recv_align, cache_size, mpi_alloc_mem, mpi_alloc_info */
static const sk_buffer_config buffers_default_config = { 64 * 1024, 0, 8, 8, 0, 0, NULL };

SK_API void sk_buffers_default_config(sk_buffer_config *c) { *c = buffers_default_config; }

static size_t buffers_align_of(size_t align) { return align ? align : 1; }

/* The region's memory: MPI_Alloc_mem when the configuration asks for it and the
** library has it (MPI-2), malloc otherwise. */
static void buffers_release(void)
{
  if (buffers.region == NULL) return;
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  if (buffers.by_mpi) { MPI_Free_mem(buffers.region); buffers.region = NULL; return; }
#endif
  free(buffers.region);
  buffers.region = NULL;
}

/* 0 when the memory is not there; buffers.region stays NULL then. */
static int buffers_allocate(const sk_buffer_config *c, size_t need)
{
  buffers.by_mpi = 0;
  buffers.info = NULL;
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  if (c->mpi_alloc_mem) {
    void *p = NULL;
    MPI_Info info = c->mpi_alloc_info ? *(MPI_Info *)c->mpi_alloc_info : MPI_INFO_NULL;
    if (MPI_Alloc_mem((MPI_Aint)need, info, &p) != MPI_SUCCESS || p == NULL) return 0;
    buffers.region = (char *)p;
    buffers.by_mpi = 1;
    buffers.info = c->mpi_alloc_info;
    return 1;
  }
#else
  (void)c;
#endif
  buffers.region = (char *)malloc(need);
  return buffers.region != NULL;
}

/* The region's size: the buffer, alignment slack and padding; more than a size_t holds
** when the input asks for more than the address space (a double, for messages). */
SK_API double sk_buffers_region_bytes(const sk_buffer_config *c)
{
  return (double)c->size + (double)buffers_align_of(c->send_align) + (double)buffers_align_of(c->recv_align) + 64.0;
}

/* Under a simulator (SK_SIMULATED) all ranks are threads of one process, and a region of
** the configured size (64 KiB by default) on every rank was most of skampi's memory per
** rank at thousands of ranks, for measurements of a few bytes. There the region is made
** as large as the measurements use, up to the configured size (buffers_fit), unless the
** buffers cycle through the whole region or MPI_Alloc_mem gives it. */
SK_API int sk_buffers_configure(const sk_buffer_config *c)
{
  size_t need = c->size + buffers_align_of(c->send_align) + buffers_align_of(c->recv_align) + 64;
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  int by_mpi = c->mpi_alloc_mem != 0;
  void *info = by_mpi ? c->mpi_alloc_info : NULL;
#else
  int by_mpi = 0;
  void *info = NULL;
#endif
  int on_demand = SK_SIMULATED && !by_mpi && !c->cycling;
  if (sk_buffers_region_bytes(c) > (double)((size_t)-1) / 2) need = 0;   /* wrapped around */
  if (buffers.wanted != need || buffers.by_mpi != by_mpi || buffers.info != info || buffers.on_demand != on_demand
      || (!on_demand && buffers.region == NULL)) {
    buffers_release();
    buffers.allocated = buffers.wanted = 0;
    if (need == 0) return 0;
    if (!on_demand && !buffers_allocate(c, need)) return 0;
    buffers.allocated = on_demand ? 0 : need;
    buffers.wanted = need;
    buffers.on_demand = on_demand;
    buffers.zeroed = 0;
  }
  if (c->cache_size != buffers.cache_allocated) {
    free(buffers.cache);
    buffers.cache = c->cache_size ? (char *)malloc(c->cache_size) : NULL;
    buffers.cache_allocated = buffers.cache ? c->cache_size : 0;
    if (c->cache_size && buffers.cache == NULL) return 0;
  }
  return 1;
}

/* On demand: a region of at least `used` bytes (rounded up to 256, at most the configured
** size), the old one given back; nothing in it is kept (the buffers are placed anew). */
static void buffers_fit(size_t used)
{
  size_t size = (used + 255) / 256 * 256;
  if (used <= buffers.allocated) return;
  if (size > buffers.wanted || size < used) size = buffers.wanted;   /* size < used: wrapped */
  if (size < used) sk_fatal("the buffers need %lu bytes, more than the region's %lu", (unsigned long)used,
                            (unsigned long)buffers.wanted);
  buffers_release();
  buffers.region = (char *)malloc(size);
  if (buffers.region == NULL) sk_fatal("the buffer region of %lu bytes could not be allocated", (unsigned long)size);
  buffers.allocated = size;
  buffers.zeroed = 0;
}

static size_t buffers_round_up(size_t n, size_t align)
{
  align = buffers_align_of(align);
  return (n + align - 1) / align * align;
}

/* SKAMPI_BUFFER_RULE=skampi5: the fit test of the original SKaMPI 5 instead, so that one
** input gives the original's points (doc/manual.md, "Buffers"): with its default buffer
** cycling, 2 (S + 2 sa + R + 2 ra) must not exceed the buffer plus 8 lcm(sa, ra) (sa,
** ra: the send and receive alignments), R the original's receive usage. skampi's own
** buffers must still fit once; where they do not fit twice they are not cycled for that
** measurement (sk_buffers_place). Read once; another value is said and ignored. */
static int buffers_rule_skampi5(void)
{
  static int rule = -1;
  if (rule < 0) {
    const char *v = getenv("SKAMPI_BUFFER_RULE");
    rule = v != NULL && sk_streq(v, "skampi5");
    if (v != NULL && *v && !rule && !sk_streq(v, "skampi"))
      fprintf(stderr, "skampi: warning: SKAMPI_BUFFER_RULE=%s is neither skampi nor skampi5; skampi is used\n", v);
  }
  return rule;
}

static size_t buffers_gcd(size_t a, size_t b)
{
  while (b) { size_t r = a % b; a = b; b = r; }
  return a;
}

SK_API double sk_buffers_needed(const sk_buffer_config *c, size_t send_usage, size_t recv_usage,
                                long original_recv_usage)
{
  double span = (double)buffers_round_up(send_usage, c->recv_align) + (double)recv_usage;
  if (buffers_rule_skampi5()) {
    size_t sa = buffers_align_of(c->send_align), ra = buffers_align_of(c->recv_align);
    double lcm = (double)sa / (double)buffers_gcd(sa, ra) * (double)ra;
    double r = original_recv_usage >= 0 ? (double)original_recv_usage : (double)recv_usage;
    double original = 2.0 * ((double)send_usage + 2.0 * (double)sa + r + 2.0 * (double)ra) - 8.0 * lcm;
    return original > span ? original : span;
  }
  return c->cycling ? 2.0 * span : span;
}

static char *buffers_align(char *p, size_t align)
{
  unsigned long addr = (unsigned long)p;   /* only the low bits matter */
  unsigned long rem = addr % (unsigned long)buffers_align_of(align);
  return rem ? p + (buffers_align_of(align) - rem) : p;
}

/* Clears the region up to `end` bytes from its start, once: every byte a measurement's
** buffers use is zero before its first use (no undefined bytes go into a message), and
** the pages no message reaches are never written. The whole region used to be cleared
** when allocated: the default 64 KiB on every rank for a 1-byte message, 64 KB per rank
** under a simulator, where all ranks are one process. */
static void buffers_clear_to(size_t end)
{
  if (end > buffers.allocated) end = buffers.allocated;
  if (end > buffers.zeroed) {
    memset(buffers.region + buffers.zeroed, 0, end - buffers.zeroed);
    buffers.zeroed = end;
  }
}

SK_API void sk_buffers_place(const sk_buffer_config *c, size_t send_usage, size_t recv_usage, long rep,
                             char **send, char **recv)
{
  size_t span = buffers_round_up(send_usage, c->recv_align) + recv_usage, offset = 0;
  char *base;
  if (buffers.wanted == 0 && !sk_buffers_configure(c))
    sk_fatal("the buffer region of %.0f bytes could not be allocated", sk_buffers_region_bytes(c));
  if (buffers.on_demand)
    buffers_fit(buffers_align_of(c->send_align) + buffers_round_up(send_usage, c->recv_align) + buffers_align_of(c->recv_align)
                + recv_usage + 64);
  if (c->cycling && span > 0 && span <= c->size) {
    size_t room = c->size - span;             /* the engine checked span <= size (twice with
                                              ** the default rule, buffers_rule_skampi5) */
    size_t stride = buffers_round_up(span, 64);
    if (room > 0 && stride > 0) offset = (size_t)((unsigned long)rep % (room / stride + 1)) * stride;
  }
  base = buffers_align(buffers.region + offset, c->send_align);
  *send = base;
  *recv = buffers_align(base + send_usage, c->recv_align);
  buffers_clear_to((size_t)(*recv - buffers.region) + recv_usage);
  if (buffers.cache) {
    size_t i;
    for (i = 0; i < buffers.cache_allocated; i += 32) buffers.cache[i] = (char)(buffers.cache[i] + 1);
  }
}
