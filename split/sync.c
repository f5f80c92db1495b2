/*
** sync.c -- synchronised starts (sync.h). The barrier method calls the transport's
** barrier right before the timed code; "real" synchronisation currently uses the same
** barrier start and is reported as such in the output header.
*/
#include "sync.h"

static sk_sync_method sync_method = SK_SYNC_REAL;

SK_API void sk_sync_set_method(sk_sync_method m) { sync_method = m; }
SK_API sk_sync_method sk_sync_get_method(void) { return sync_method; }

SK_API const char *sk_sync_method_name(sk_sync_method m)
{
  switch (m) {
  case SK_SYNC_NONE: return "none";
  case SK_SYNC_BARRIER: return "barrier";
  default: return "real";
  }
}

SK_API void sk_sync_prepare(sk_mctx *m) { (void)m; }
SK_API void sk_sync_release(sk_mctx *m) { (void)m; }

SK_API int sk_sync_rep_ok(sk_mctx *m) { (void)m; return 1; }
SK_API void sk_sync_rep_done(sk_mctx *m, int valid_everywhere) { (void)m; (void)valid_everywhere; }

SK_API double sk_sync_start(sk_mctx *m)
{
  if (sync_method != SK_SYNC_NONE && m->size > 1) sk_tp_barrier(m->group);
  return sk_tp_wtime();
}

SK_API double sk_sync_stop(sk_mctx *m)
{
  (void)m;
  return sk_tp_wtime();
}

SK_API void sk_sync_describe(sk_str *out)
{
  sk_str_printf(out, "# synchronization: %s%s\n", sk_sync_method_name(sync_method),
                sync_method == SK_SYNC_REAL ? " (barrier start; clock-offset windows not yet active)" : "");
}
