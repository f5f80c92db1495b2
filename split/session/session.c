/*
** session.c -- see session.h.
*/
#include "session.h"
#include "oversub.h"

SK_API void sk_session_start(const sk_session *s, sk_session_facts_fn facts, void *ctx)
{
  sk_header_facts h;
  sk_result dummy;
  sk_str sync_lines;
  sk_oversub_probe();                      /* the scheduler floor when oversubscribed */
  sk_sync_init_world(&s->settings->sync);  /* clock offsets for the header */
  sk_str_init(&sync_lines);
  if (s->writes) sk_sync_describe(&s->settings->sync, &sync_lines);   /* before anything else is measured */
  sk_engine_dummy_time(s->settings, sk_tp_world(), SK_PATTERN_SIMPLE, &dummy);   /* the timing overhead */
  memset(&h, 0, sizeof h);
  h.dummy_time = dummy.time;
  h.sync_lines = sync_lines.data ? sync_lines.data : "";
  h.quiet = s->quiet;
  if (facts != NULL) facts(&h, ctx);
  if (s->writes) sk_header_write(&h);
  sk_result_free(&dummy);
  sk_str_free(&sync_lines);
}

SK_API void sk_session_end(const sk_session *s)
{
  sk_str f, w;
  if (!s->writes) return;
  sk_str_init(&f);
  sk_str_init(&w);
  sk_header_write_rest();                  /* SKAMPI_LAYOUT=skampi5 only */
  sk_header_footer(&s->settings->sync, s->started, &f, &w);
  if (w.data && !s->quiet) { fflush(stdout); fprintf(stderr, "skampi: warning: %s", w.data); fflush(stderr); }
  sk_str_free(&w);
  sk_out_text(f.data);
  sk_str_free(&f);
}
