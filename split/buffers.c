/*
** buffers.c -- see buffers.h.
*/
#include "buffers.h"

static struct {
  sk_buffer_config cfg;
  char *region;            /* cfg.size + alignment slack */
  size_t allocated;
  char *cache;             /* cfg.cache_size bytes touched between repetitions */
  size_t cache_allocated;
  int configured;
} buffers;

SK_API void sk_buffers_default_config(sk_buffer_config *c)
{
  c->size = 64 * 1024;
  c->cycling = 0;
  c->send_align = 8;
  c->recv_align = 8;
  c->cache_size = 0;
}

SK_API void sk_buffers_configure(const sk_buffer_config *c)
{
  size_t slack = c->send_align + c->recv_align + 64;
  buffers.cfg = *c;
  if (buffers.cfg.send_align == 0) buffers.cfg.send_align = 1;
  if (buffers.cfg.recv_align == 0) buffers.cfg.recv_align = 1;
  if (buffers.region == NULL || buffers.allocated != c->size + slack) {
    free(buffers.region);
    buffers.region = (char *)sk_malloc(c->size + slack);
    memset(buffers.region, 0, c->size + slack);
    buffers.allocated = c->size + slack;
  }
  if (c->cache_size != buffers.cache_allocated) {
    free(buffers.cache);
    buffers.cache = c->cache_size ? (char *)sk_malloc(c->cache_size) : NULL;
    buffers.cache_allocated = c->cache_size;
  }
  buffers.configured = 1;
}

SK_API const sk_buffer_config *sk_buffers_config(void)
{
  if (!buffers.configured) {
    sk_buffer_config c;
    sk_buffers_default_config(&c);
    sk_buffers_configure(&c);
  }
  return &buffers.cfg;
}

static size_t buffers_round_up(size_t n, size_t align)
{
  return (n + align - 1) / align * align;
}

SK_API double sk_buffers_needed(size_t send_usage, size_t recv_usage)
{
  const sk_buffer_config *c = sk_buffers_config();
  double need = (double)buffers_round_up(send_usage, c->recv_align) + (double)recv_usage;
  return c->cycling ? 2.0 * need : need;
}

SK_API int sk_buffers_fit(size_t send_usage, size_t recv_usage)
{
  return sk_buffers_needed(send_usage, recv_usage) <= (double)sk_buffers_config()->size;
}

static char *buffers_align(char *p, size_t align)
{
  unsigned long addr = (unsigned long)p;   /* only the low bits matter */
  unsigned long rem = addr % (unsigned long)align;
  return rem ? p + (align - rem) : p;
}

SK_API void sk_buffers_place(size_t send_usage, size_t recv_usage, long rep, char **send, char **recv)
{
  const sk_buffer_config *c = sk_buffers_config();
  size_t span = buffers_round_up(send_usage, c->recv_align) + recv_usage, offset = 0;
  char *base;
  if (c->cycling && span > 0) {
    size_t room = c->size - span;             /* fits guaranteed span <= size/2 */
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

SK_API void sk_buffers_free(void)
{
  free(buffers.region);
  free(buffers.cache);
  memset(&buffers, 0, sizeof buffers);
}
