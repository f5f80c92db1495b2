/*
** buffers.c -- see buffers.h.
*/
#include "buffers.h"

static struct {
  char *region;            /* size + alignment slack */
  size_t allocated;
  char *cache;             /* cache_size bytes touched between repetitions */
  size_t cache_allocated;
} buffers;

SK_API void sk_buffers_default_config(sk_buffer_config *c)
{
  c->size = 64 * 1024;
  c->cycling = 0;
  c->send_align = 8;
  c->recv_align = 8;
  c->cache_size = 0;
}

static size_t buffers_align_of(size_t align) { return align ? align : 1; }

SK_API void sk_buffers_configure(const sk_buffer_config *c)
{
  size_t need = c->size + buffers_align_of(c->send_align) + buffers_align_of(c->recv_align) + 64;
  if (buffers.region == NULL || buffers.allocated != need) {
    free(buffers.region);
    buffers.region = (char *)sk_malloc(need);
    memset(buffers.region, 0, need);
    buffers.allocated = need;
  }
  if (c->cache_size != buffers.cache_allocated) {
    free(buffers.cache);
    buffers.cache = c->cache_size ? (char *)sk_malloc(c->cache_size) : NULL;
    buffers.cache_allocated = c->cache_size;
  }
}

static size_t buffers_round_up(size_t n, size_t align)
{
  align = buffers_align_of(align);
  return (n + align - 1) / align * align;
}

SK_API double sk_buffers_needed(const sk_buffer_config *c, size_t send_usage, size_t recv_usage)
{
  double need = (double)buffers_round_up(send_usage, c->recv_align) + (double)recv_usage;
  return c->cycling ? 2.0 * need : need;
}

static char *buffers_align(char *p, size_t align)
{
  unsigned long addr = (unsigned long)p;   /* only the low bits matter */
  unsigned long rem = addr % (unsigned long)buffers_align_of(align);
  return rem ? p + (buffers_align_of(align) - rem) : p;
}

SK_API void sk_buffers_place(const sk_buffer_config *c, size_t send_usage, size_t recv_usage, long rep,
                             char **send, char **recv)
{
  size_t span = buffers_round_up(send_usage, c->recv_align) + recv_usage, offset = 0;
  char *base;
  if (buffers.region == NULL) sk_buffers_configure(c);
  if (c->cycling && span > 0 && span <= c->size) {
    size_t room = c->size - span;             /* the engine checked 2 * span <= size */
    size_t stride = buffers_round_up(span, 64);
    if (room > 0 && stride > 0) offset = (size_t)((unsigned long)rep % (room / stride + 1)) * stride;
  }
  base = buffers_align(buffers.region + offset, c->send_align);
  *send = base;
  *recv = buffers_align(base + send_usage, c->recv_align);
  if (buffers.cache) {
    size_t i;
    for (i = 0; i < buffers.cache_allocated; i += 32) buffers.cache[i] = (char)(buffers.cache[i] + 1);
  }
}
