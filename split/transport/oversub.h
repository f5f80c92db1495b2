/*
** oversub.h -- oversubscription: more processes on a host than processors to run them.
** At start every process reports its processor name, its machine (host.h) and its
** processors; rank 0 counts processes per machine and shares the decision, so every
** process knows whether skampi's waits must yield (sk_host_set_crowded). On an
** oversubscribed host the start measures the scheduler floor F (a token around all
** processes), and a result with time >= F is marked as scheduler time. The header says
** what was found (results/header.h). Why F: doc/internals.md, "transport".
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

/* Placement (doc/manual.md, "Placement"): where the system tells a process its processor
** (sk_host_cpu), sk_oversub_detect reads every rank's at the start, and
** sk_oversub_placement_read (collective over the world; nothing where no rank could tell)
** again at the start of every suite. Two or more ranks of one host (as the detection
** groups them) on the same processor, while that host has at least as many processors
** online as the run has ranks there -- so that a processor had none of them -- is
** sharing: its results are flagged shared_processor.
** The rule over n ranks: host[r] the index of rank r's host, cpu[r] its processor (-1:
** unknown), procs[h] and online[h] (0: unknown) the ranks and processors online of host
** h, names[h] its name (NULL: none); the sharing into *shared ("ranks 0 1 on processor 0
** of NAME (2 processors online for its 2 ranks)", up to 4 processors, then how many
** more); returns on how many processors ranks shared. */
SK_API int sk_oversub_placement_rule(int n, const int *host, const int *cpu, const int *procs, const int *online,
                                     const char *const *names, sk_str *shared);
SK_API void sk_oversub_placement_read(void);
/* Whether some rank could tell its processor at the start (every process knows it). */
SK_API int sk_oversub_cpus_known(void);
/* Rank 0: the sharing at the start (NULL: none), and *cpus the ranks' processors then
** ("0 1 ...", -1 unknown; "" beyond 64 ranks). */
SK_API const char *sk_oversub_placement_start(const char **cpus);
/* Rank 0: the sharing at the start of the current suite (NULL: none). */
SK_API const char *sk_oversub_placement_now(void);
/* Rank 0, for each result line: whether the current suite's ranks share (counted). */
SK_API int sk_oversub_placement_result(void);
/* Rank 0: the footer's line with that count; nothing if none. */
SK_API void sk_oversub_placement_summary(sk_str *footer);

#endif
