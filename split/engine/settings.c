/*
** settings.c -- see settings.h: the defaults of every engine setting in one place.
*/
#include "settings.h"

SK_API void sk_settings_default(sk_settings *s)
{
  memset(s, 0, sizeof *s);     /* the rest: 0, off, none (verification, time limits, APR's) */
  sk_asec_default_config(&s->asec);
  sk_buffers_default_config(&s->buffers);
  sk_sync_default_config(&s->sync);
  s->apr.max_error = 0.05;
  s->max_node_times = 16;
  s->unit = 1e6;
  s->mpi_alloc_info = NULL;
  s->io.dir = NULL;
  s->io.datarep = "native";
  s->io.file_sync = 1;
}
