/*
** oversub.h -- oversubscription: more processes on a host than processors to run them.
** At start every process reports its processor name (sk_tp_processor_name), its machine
** (the kernel's boot id, host.h: network namespaces and containers that pose as hosts
** share one machine's processors) and the processors it may use; rank 0 counts the
** processes per machine against the processors of that machine and the decision is
** shared, so that every process knows whether skampi's waits must yield
** (sk_host_set_crowded). The output's header (results/header.h) says what was found,
** from sk_oversub_get_facts and sk_oversub_names.
**
** Scheduler time (doc/manual.md, "Oversubscription"): on an oversubscribed host the start
** measures the scheduler floor F: a 1-byte token goes around all world processes
** (rank r receives from r-1 and sends to r+1 through the library, blocking, so that the
** processes wait inside the library as in a measurement); F is the median time of a lap
** divided by the number of processes, the cost of one message when its receiver may have
** to wait for a processor. A result of a
** measurement on P processes is mostly scheduler time when
**     F <= time <= 2 * ceil(log2 P) * F      (P < 2 counts as 2),
** that is when it is long enough to contain a wait for a processor, and the
** ceil(log2 P) dependent message rounds of a tree-shaped operation, each waiting F,
** account for at least half of it. (A shorter result ran with its processes on
** processors at once; a longer one is mostly the operation, or its own many rounds.)
*/
#ifndef SK_OVERSUB_H
#define SK_OVERSUB_H

#include "agree.h"

/* Collective over the world: detect, and make the waits yield when oversubscribed. */
SK_API void sk_oversub_detect(void);
/* Collective over the world: the scheduler floor (nothing when not oversubscribed). */
SK_API void sk_oversub_probe(void);
SK_API int sk_oversub_found(void);
/* The scheduler floor F in seconds (0: not measured, or not oversubscribed). */
SK_API double sk_oversub_floor(void);
/* Rank 0, after sk_oversub_detect: the run's processes on rank 0's machine. */
SK_API int sk_oversub_procs_here(void);
/* What sk_oversub_detect decided and sk_oversub_probe measured (rank 0), for the header. */
typedef struct sk_oversub_facts {
  int hosts, crowded_hosts, unknown_hosts;
  const char *name;              /* the most crowded host (the first one when none is) */
  int procs, processors;         /* its processes and processors */
  int from_masks;                /* processors: the union of the affinity masks (else online) */
  int names;                     /* processor names on that host (> 1: one machine, several names) */
  double floor;                  /* the scheduler floor F in seconds, 0: not measured */
} sk_oversub_facts;
SK_API void sk_oversub_get_facts(sk_oversub_facts *facts);
/* Rank 0, after sk_oversub_detect: the processor (host) names of the ranks, ranks with
** the same name together ("a (ranks 0 2), b (ranks 1 3)"), *count of them; NULL before. */
SK_API const char *sk_oversub_names(int *count);
/* 2 ceil(log2 P) F for P processes (P < 2 counts as 2); 0 while F is not measured. */
SK_API double sk_oversub_scheduler_bound(int nprocs);
/* Whether a result is mostly scheduler time by the criterion above. */
SK_API int sk_oversub_mostly_scheduler(double time, int nprocs);
/* Rank 0: the comment line of such a result; counts it and warns on stderr at the first. */
SK_API void sk_oversub_note_result(double time, int nprocs, sk_str *comment);
/* Rank 0: footer line (and warning) with the number of results marked; nothing if none. */
SK_API void sk_oversub_summary(sk_str *footer);

#endif
