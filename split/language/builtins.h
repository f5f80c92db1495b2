/*
** builtins.h -- the helper functions (SKaMPI 5 manual §4.1) and iterators (§4.2, §6.3) of the
** input language, by name. Parameter letters as in measure.h; a trailing '*' in params
** would mean "any number of further arguments" (not used by SKaMPI 5's helpers).
*/
#ifndef SK_BUILTINS_H
#define SK_BUILTINS_H

#include "value.h"
#include "settings.h"

/* The facts of the run that builtins keep (time accounting, merge_with_backups(), where
** the input set its repetition limits); the interpreter owns them (sk_interp.run). */
typedef struct sk_run_record {
  int time_accounting;        /* start_time_accounting() was called */
  double time_in_measurements, run_started;
  long measurements;
  int merge_backups;          /* merge_with_backups() / @POSTPROC: merge after the run */
  sk_loc min_reps_at, max_reps_at;   /* where the input set them (file NULL: not yet) */
} sk_run_record;

/* What a builtin receives besides its arguments: the run's settings, which the setting
** functions change, the run record, and the table entry called (its name, for messages,
** and its variant); not the interpreter. */
typedef struct sk_bctx {
  sk_settings *settings;
  sk_run_record *run;
  const char *name;           /* the helper as the input called it */
  int variant;                /* its table entry's variant */
} sk_bctx;

typedef sk_value (*sk_builtin_fn)(sk_bctx *bc, const sk_value *values, const sk_loc *loc);

typedef struct sk_builtin {
  const char *name;
  const char *params;
  sk_type result;             /* SK_T_NONE: no value */
  sk_builtin_fn fn;
  int variant;                /* handed to fn as bc->variant: helpers that differ only in it
                              ** share one function (0 where they have none) */
} sk_builtin;

/* The iterator protocol of SKaMPI 5 manual §6.3: called first with *self == NULL (initialise,
** may set *self to private state, return the first value); then again for each further
** value; when exhausted it sets *self to NULL and the return value is ignored -- unless
** it is a string: then the iterator could not go on (its next value is no long, say) and
** the string says why; the loop ends with that error at its file:line:col. */
typedef sk_value (*sk_iterator_fn)(void **self, const sk_value *values);

typedef struct sk_iterator {
  const char *name;
  const char *params;
  sk_iterator_fn fn;
} sk_iterator;

/* Every module of builtins holds its helpers in one table, under headings of the groups
** they belong to (SKaMPI 5 manual §4.1's topics, by which skampi -l lists them: "settings",
** "synchronization", "output and environment", "communicators", "mathematics", "arrays",
** "datatypes", "info objects", "MPI-IO"; builtins.c's builtin_groups orders them): a
** heading is a row without params, the table ends with a row without a name. A module's
** function returns its table; builtins.c's builtin_modules lists the functions, which
** sk_builtin_find searches in that order. */
#define SK_BUILTIN_GROUP(name) { name, NULL, SK_T_NONE, NULL, 0 }
#define SK_BUILTINS_END { NULL, NULL, SK_T_NONE, NULL, 0 }
typedef const sk_builtin *(*sk_builtin_table_fn)(void);
SK_API const sk_builtin *sk_builtins_settings(void);    /* builtins_settings.c */
SK_API const sk_builtin *sk_builtins_buffers(void);     /* builtins_buffers.c */
SK_API const sk_builtin *sk_builtins_output(void);      /* builtins_output.c */
SK_API const sk_builtin *sk_builtins_comm(void);        /* builtins_comm.c */
SK_API const sk_builtin *sk_builtins_math(void);        /* builtins_math.c */
SK_API const sk_builtin *sk_builtins_types(void);       /* builtins_types.c */
SK_API const sk_builtin *sk_builtins_io(void);          /* builtins_io.c */
SK_API const sk_builtin *sk_builtins_scc(void);         /* builtins_scc.c */
/* The iterator data_access_routines(pattern) (builtins_io.c), listed in builtins.c. */
SK_API sk_value sk_iterator_data_access_routines(void **self, const sk_value *values);

/* Configures the buffers on every process of the world; the first world rank that could
** not allocate them, or -1, on every process alike (builtins_buffers.c). */
SK_API int sk_bi_buffers_configure_agreed(const sk_buffer_config *c);
SK_API const sk_builtin *sk_builtin_find(const char *name);
SK_API const sk_iterator *sk_iterator_find(const char *name);
/* The i-th helper or iterator (0, 1, ...; NULL past the last), in sk_*_find's order. */
SK_API const sk_builtin *sk_builtin_entry(int i);
SK_API const sk_iterator *sk_iterator_entry(int i);
/* skampi -l: the helpers by group ("helpers: GROUP" and a line "  NAME(type, ...) ->
** result" each) and the iterators, or only those called name (NULL: all), appended to
** *out; returns how many it listed. */
SK_API int sk_builtins_list(sk_str *out, const char *name);
/* Predefined constants (§5.2): datatypes, operators, MPI_COMM_WORLD, MPI_UNDEFINED, ...
** MPI_COMM_NULL is the NULL group (measure statements must skip it). */
SK_API int sk_constant_find(const char *name, sk_value *out);
/* 1 (and the reason in why) if name is a predefined name this build cannot offer: MPI-2
** names without MPI-2, MPI-IO names without MPI-IO, MPI_LB/MPI_UB on MPI-3 and later, any
** MPI-only name on the sequential and RCCE backends. The front end reports it instead of
** "unknown identifier". */
SK_API int sk_constant_unavailable(const char *name, char *why, size_t size);
/* The fixed seed of get_random_int and comm_rand (the same sequence on every process). */
SK_API long sk_random_seed(void);

#endif
