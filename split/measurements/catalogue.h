/*
** catalogue.h -- the measurement functions known to this build, by name
** (SKaMPI 5 manual §3). Every row exists in every build; those whose functions the
** build lacks say so (sk_catalogue_unavailable).
*/
#ifndef SK_CATALOGUE_H
#define SK_CATALOGUE_H

#include "measure.h"

SK_API const sk_measurement *sk_catalogue_find(const char *name);
/* NULL when this build can run the row; otherwise a message saying what it needs,
** e.g. "'Bcast' needs an MPI library, which the sequential build lacks". */
SK_API const char *sk_catalogue_unavailable(const sk_measurement *m, char *buf, size_t size);
/* The type name of a parameter letter (measure.h, builtins.h): "int", "IArray", ... */
SK_API const char *sk_param_type_name(char letter);
/* The row `raw` of a module's table as the catalogue hands it out (params and
** param_names split from its signature, an alias resolved); NULL if it is no row. */
SK_API const sk_measurement *sk_catalogue_row(const sk_measurement *raw);
/* What the row's time is, as the result file's "#@ suite: time=" mark names it
** (doc/manual.md "Output"): "round_trip" for the ping-pongs (every row whose name holds
** "Pingpong" returns the time of one full round trip, meas_mpi_p2p.c), "per_message" for the
** streaming rows Bw and Bibw (a window's time per message: an inverse rate, no latency),
** "one_way" for the other point-to-point rows (one message), "operation" for the rest. */
SK_API const char *sk_catalogue_time_kind(const sk_measurement *m);
/* Iteration over all entries: i = 0, 1, ... until NULL. */
SK_API const sk_measurement *sk_catalogue_entry(int i);
/* The listing of `skampi -l`: every measurement row (or only the one called `name`),
** grouped by family, with parameter names and types, pattern, minimum number of
** processes, "alias of X" and what the build lacks. Returns the number of rows listed. */
SK_API int sk_catalogue_list(sk_str *out, const char *name);
/* Under a simulator (SK_SIMULATED), where every rank is a thread of one process: rank 0's
** rows as they are made (sk_catalogue_share, an opaque pointer), which another rank then
** uses instead of its own (sk_catalogue_adopt, before it has looked a row up; one that
** has keeps its own). The run passes the pointer at its start (cli/run.c). */
SK_API void *sk_catalogue_share(void);
SK_API void sk_catalogue_adopt(void *rank0s);

#endif
