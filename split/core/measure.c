/*
** measure.c -- what the engine hands a row's functions (sk_mctx_bind: the name, the
** variant, the arguments by name) and how a function says that it failed (sk_meas_fail);
** measure.h.
*/
#include "measure.h"

SK_API void sk_mctx_bind(const sk_measurement *def, sk_mctx *m, const sk_value *args)
{
  const char *missing = NULL;
  m->name = def->alias_of ? def->alias_of : def->name;
  m->variant = def->variant;
  (void)sk_margs_fill(&m->arg, def->signature, args, &missing);   /* unknown names: read by position */
}

#ifdef SKAMPI_MPI   /* the rows that write a note are MPI's */
SK_API char *sk_meas_note(sk_mctx *m)
{
  if (m->note == NULL) m->note = (char *)sk_calloc(SK_MEAS_NOTE, 1);
  return m->note;
}
#endif

SK_API void sk_meas_note_free(sk_mctx *m)
{
  free(m->note);
  m->note = NULL;
}

SK_API void sk_meas_fail(sk_mctx *m, const char *msg)
{
  if (m->failed) return;
  m->failed = 1;
  strncpy(m->fail_msg, msg, sizeof m->fail_msg - 1);
  m->fail_msg[sizeof m->fail_msg - 1] = '\0';
}
