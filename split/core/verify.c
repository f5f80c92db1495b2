/*
** verify.c -- patterns, comparison and the verification pass (verify.h).
*/
#include "verify.h"

SK_API unsigned char sk_verify_byte(long stream, size_t i)
{
  unsigned long h = (unsigned long)(stream + 1) * 2654435761UL + (unsigned long)i * 40503UL;
  h ^= h >> 13;
  return (unsigned char)(1 + (h + (h >> 8)) % 255);
}

SK_API void sk_verify_fill(char *buf, size_t n, long stream, size_t offset)
{
  size_t k;
  for (k = 0; k < n; k++) buf[k] = (char)sk_verify_byte(stream, offset + k);
}

SK_API void sk_verify_default_prepare(sk_mctx *m, const sk_value *args)
{
  (void)args;
  if (m->send_buf && m->send_usage) sk_verify_fill(m->send_buf, m->send_usage, m->rank, 0);
  if (m->recv_buf && m->recv_usage) memset(m->recv_buf, 0, m->recv_usage);
}

SK_API void sk_verify_in_measure(sk_mctx *m, const sk_value *args)
{
  (void)m;
  (void)args;
}

SK_API void sk_verify_mismatch(sk_mctx *m, const char *what, size_t byte, unsigned got, unsigned expected)
{
  char msg[200];
  if (m->failed) return;
  sprintf(msg, "process %d of %d: %.90s: byte %lu is 0x%02x, expected 0x%02x", m->rank, m->size, what,
          (unsigned long)byte, got & 0xffu, expected & 0xffu);
  sk_meas_fail(m, msg);
}

SK_API int sk_verify_expect(sk_mctx *m, const char *what, const char *buf, size_t n, long stream, size_t offset,
                            const unsigned char *mask)
{
  size_t k;
  for (k = 0; k < n; k++) {
    unsigned got = (unsigned char)buf[k];
    unsigned want = mask && !mask[k] ? 0u : sk_verify_byte(stream, offset + k);
    if (got != want) {
      sk_verify_mismatch(m, what, k, got, want);
      return 0;
    }
  }
  return 1;
}

SK_API void sk_verify_call(const sk_measurement *def, sk_mctx *m, const sk_value *args)
{
  (def->prepare ? def->prepare : sk_verify_default_prepare)(m, args);
  def->measure(m, args);
  if (!m->failed && def->check) def->check(m, args);
}
