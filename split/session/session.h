/*
** session.h -- the start and the end of a run, one for both front ends (a program's run,
** cli/run.c, and the library, library/skalib.c). After the transport has started, the
** oversubscription was detected (sk_oversub_detect) and the output is open: the scheduler
** floor when oversubscribed, clock synchronisation and its description, the dummy time of
** the simple pattern, then rank 0's header; after the last measurement, the footer.
*/
#ifndef SK_SESSION_H
#define SK_SESSION_H

#include "engine.h"
#include "header.h"

typedef struct sk_session {
  sk_settings *settings;    /* the run's settings: their clock synchronisation */
  int writes;               /* this process writes the header and the footer */
  int quiet;                /* no warnings on stderr (the header's and the footer's) */
  double started;           /* sk_tp_wtime() at the start: the footer's runtime */
} sk_session;

/* The front end's own facts for the header, called on every process once the session's
** measurements are taken (the library calibrates its loop there); h holds the session's
** facts already (dummy time, synchronisation lines, quiet). */
typedef void (*sk_session_facts_fn)(sk_header_facts *h, void *ctx);

/* Collective: the scheduler floor (sk_oversub_probe), the clocks synchronised
** (sk_sync_init_world) and described before anything else is measured, the dummy time of
** the simple pattern; then facts(h, ctx) (NULL: none) and, where s->writes, the header. */
SK_API void sk_session_start(const sk_session *s, sk_session_facts_fn facts, void *ctx);
/* Where s->writes, after the last measurement: the header lines SKAMPI_LAYOUT=skampi5
** held back, the footer, and its warning on stderr unless s->quiet. */
SK_API void sk_session_end(const sk_session *s);

#endif
