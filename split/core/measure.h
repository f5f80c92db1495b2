/*
** measure.h -- what a measurement function sees, and how it is described in the
** catalogue (SKaMPI 5 manual §6.2, SKaLib report (TR 99/07) ch. 5). A measurement has up to three functions
** with the same arguments: init (once per measurement: declares buffer usage and the
** reported message size, may allocate state), measure (one single measurement: returns
** this process's time in seconds, negative if it has no meaningful time) and finalize.
**
** Buffers (§6.1): get the current send/receive buffer from the context on every call;
** with buffer cycling they move between repetitions. Synchronised measurements (§6.2.1)
** call sk_sync_start() right before and sk_sync_stop() right after the timed code
** (sync_window.h).
*/
#ifndef SK_MEASURE_H
#define SK_MEASURE_H

#include "margs.h"

typedef enum sk_pattern {
  SK_PATTERN_P2P,           /* two processes: rank 0 and 1 of the communicator */
  SK_PATTERN_COLLECTIVE,    /* all processes of the communicator, synchronised start */
  SK_PATTERN_MASTER_WORKER, /* rank 0 dispatches chunks to the others */
  SK_PATTERN_SIMPLE,        /* rank 0 alone, a local operation */
  SK_PATTERN_SIMPLE_OWN_TIME /* like simple, but the function returns a figure of its own
                               (computed, or averaged over its own iterations like Wtime):
                               never repeated inside one timing */
} sk_pattern;

typedef struct sk_mctx {
  const char *name;         /* the row's name (an alias's target's: the function's own) */
  int variant;              /* the row's variant: what its shared functions do differently */
  sk_margs arg;             /* the arguments by name, filled by the engine before init */
  sk_group *group;          /* the measurement communicator */
  int rank, size;           /* of this process in it */
  char *send_buf, *recv_buf;/* current buffers (valid in measure) */
  size_t send_usage;        /* bytes this process needs in its send buffer (set in init) */
  size_t recv_usage;        /* likewise for the receive buffer */
  long original_recv_usage; /* -1, or where the original SKaMPI 5 declared another receive
                            ** usage for the same operation (its Bcast receives into the send
                            ** buffer: 0): its fit test (SKAMPI_BUFFER_RULE=skampi5) uses it */
  long reported_size;       /* the message size written to the output (set in init) */
  void *state;              /* private state of init/measure/finalize */
  int failed;               /* set by sk_meas_fail */
  char fail_msg[200];
  struct sk_sync *sync;     /* synchronisation state (engine) */
  const struct sk_settings *settings; /* the engine settings of the run (settings.h) */
  const struct sk_sync_config *sync_config; /* their synchronisation part (settings->sync),
                              read by the sync layer below the settings; NULL: defaults */
  int warming_up;           /* 1 during the warm-up call before the repetitions (runner.c) */
  int replan_start;         /* set by a warm-up call that spent long, untimed, before its
                               synchronised start (the overlap calibration of
                               meas_mpi_coll3.c), on every member alike (a collective row):
                               the runner plans the start afresh before the first
                               repetition, which would otherwise begin late */
  double result_time;       /* the result of the run (seconds) on rank 0 of the
                               communicator when finalize runs after one, else 0 */
  char *note;               /* NULL, or comment lines for under the result line that a
                               measurement writes on rank 0 of the communicator (the
                               overlap figures of meas_mpi_coll3.c) into sk_meas_note(m),
                               SK_MEAS_NOTE bytes made on first use: the engine appends
                               them to the result's note and frees them */
  char note_flags[64];      /* "" or the stable flag names (doc/manual.md, "Flags and
                               distributions"), comma-separated, that those lines carry
                               (overlap_disturbed, computation_not_simulated): the engine
                               adds them to the result line's "#@ flags:" */
  char result_flags[64];    /* when finalize runs after a run, on rank 0 of the
                               communicator: "" or the flags that put the result itself in
                               doubt (interference, untrustworthy, scheduler_time), for a
                               figure the note derives from it (the overlap) */
} sk_mctx;

typedef void (*sk_init_fn)(sk_mctx *m, const sk_value *args);
typedef double (*sk_measure_fn)(sk_mctx *m, const sk_value *args);
typedef void (*sk_finalize_fn)(sk_mctx *m, const sk_value *args);
/* Verification (verify.h): prepare fills the buffers, check compares what arrived. */
typedef void (*sk_verify_fn)(sk_mctx *m, const sk_value *args);

/* One registry row per measurement names everything about it: the name, the parameter
** list (names and type letters in one string), the pattern, the minimum number of
** processes (checked once, by the engine, before init), and its functions by their own
** names -- measure, init, finalize and the verification's prepare and check (verify.h) --
** or why there is nothing to verify. Rows exist in every build, so the front ends know
** every name and its signature; where the backend lacks what a row needs, its functions
** are NULL and `needs` says what is missing (sk_catalogue_unavailable).
** Parameter type letters: i integer, d double (integers accepted), s string,
** c communicator, t datatype, o operator, n info, a IArray, e DArray. */
typedef struct sk_measurement {
  const char *name;
  const char *params;       /* the type letters, one per parameter; the catalogue derives
                               them (and param_names) from `signature` when it hands a
                               row out (catalogue.h) */
  sk_pattern pattern;
  sk_init_fn init;          /* may be NULL */
  sk_measure_fn measure;    /* NULL: not available in this build */
  sk_finalize_fn finalize;  /* may be NULL */
  int min_procs;            /* the communicator must have at least this many processes */
  const char *needs;        /* NULL, or what the row needs beyond the portable transport */
  const char *param_names;  /* the parameters' names, blank-separated, one per letter */
  const char *alias_of;     /* NULL, or the name of the row this one is another name of */
  const char *signature;    /* "count:i datatype:t root:i": name:letter, blank-separated */
  sk_verify_fn prepare;     /* NULL: sk_verify_default_prepare */
  sk_verify_fn check;       /* NULL when nothing is verified (or this build lacks it) */
  const char *nothing;      /* non-NULL: why there is nothing to verify (`skampi -l`) */
  int variant;              /* handed to the functions as m->variant (0 where they have none) */
} sk_measurement;

/* The rows, one per measurement, every function written out by its own name:
**   SK_ROW_MPI("Bcast", "count:i datatype:t root:i", SK_PATTERN_COLLECTIVE, 1, OP_BCAST,
**              measure_coll, init_bcast, NULL, NULL, check_bcast, NULL),
** the arguments being NAME, SIGNATURE, PATTERN, MIN_PROCS, VARIANT, MEASURE, INIT,
** FINALIZE, PREPARE, CHECK, NOTHING (INIT, FINALIZE, PREPARE, CHECK may be NULL; NOTHING is
** NULL or a string saying why there is nothing to verify). Rows that share functions tell
** them apart by VARIANT (m->variant; the name is m->name), as SQLite's FUNCTION() rows do
** with their user data: a new row of a known family is one line. The functions read
** their arguments by name from m->arg (margs.h), never by position.
** SK_ROW's functions exist in every build; SK_ROW_MPI, _MPI2, _MPI3, _MPI4 and _MPIIO keep
** theirs only where the build has MPI (MPI-2 for one-sided, MPI-3 for the non-blocking and
** neighbourhood collectives, matched probes, atomics and shared windows, MPI-4 for the
** persistent collectives, MPI_Isendrecv, large counts and sessions, MPI-IO for file
** access: SK_HAVE_MPI_IO). */
#define SK_ROW(NAME, SIG, PATTERN, MIN_PROCS, VARIANT, MEASURE, INIT, FINALIZE, PREPARE, CHECK, NOTHING) \
  { NAME, NULL, PATTERN, INIT, MEASURE, FINALIZE, MIN_PROCS, NULL, NULL, NULL, SIG, PREPARE, CHECK, NOTHING, VARIANT }
/* SK_ROW_GUARDED: a row whose functions stand only where IF (SK_IF_MPI, ...) keeps them,
** with NEEDS saying what the build lacks where they do not. The guarded rows' arguments
** are SK_ROW's, abbreviated. */
#define SK_ROW_GUARDED(IF, NEEDS, NAME, SIG, PATTERN, MIN_PROCS, VARIANT, MEASURE, INIT, FINALIZE, PREPARE, CHECK, NOTHING) \
  { NAME, NULL, PATTERN, IF(INIT), IF(MEASURE), IF(FINALIZE), MIN_PROCS, \
    NEEDS, NULL, NULL, SIG, IF(PREPARE), IF(CHECK), NOTHING, VARIANT }
#define SK_ROW_MPI(N, S, P, MP, V, M, I, F, PR, C, NO) SK_ROW_GUARDED(SK_IF_MPI, "an MPI library", N, S, P, MP, V, M, I, F, PR, C, NO)
#define SK_ROW_MPI2(N, S, P, MP, V, M, I, F, PR, C, NO) \
  SK_ROW_GUARDED(SK_IF_MPI2, "MPI-2 (one-sided communication)", N, S, P, MP, V, M, I, F, PR, C, NO)
#define SK_ROW_MPI3(N, S, P, MP, V, M, I, F, PR, C, NO) SK_ROW_GUARDED(SK_IF_MPI3, "MPI-3", N, S, P, MP, V, M, I, F, PR, C, NO)
#define SK_ROW_MPI4(N, S, P, MP, V, M, I, F, PR, C, NO) SK_ROW_GUARDED(SK_IF_MPI4, "MPI-4", N, S, P, MP, V, M, I, F, PR, C, NO)
#define SK_ROW_MPIIO(N, S, P, MP, V, M, I, F, PR, C, NO) \
  SK_ROW_GUARDED(SK_IF_MPIIO, "MPI-IO (MPI-2 file access)", N, S, P, MP, V, M, I, F, PR, C, NO)
/* Another name of the row TARGET (the original SKaMPI's spelling, SKaMPI 5 manual §3):
** it shares TARGET's signature, pattern, minimum and functions, which the catalogue
** copies from TARGET when it hands the row out (sk_catalogue_entry/_find never return
** an unresolved alias). TARGET must be a row of some table, not itself an alias. */
#define SK_ROW_ALIAS(ALIAS, TARGET) \
  { ALIAS, NULL, SK_PATTERN_SIMPLE, NULL, NULL, NULL, 0, NULL, NULL, TARGET, NULL, NULL, NULL, NULL, 0 }
#define SK_ROW_END { NULL, NULL, SK_PATTERN_SIMPLE, NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0 }

/* Hands a row's name, variant and arguments (by name: m->arg) to its functions, before
** init (the engine's runner does it; so do tests that call a row's functions themselves).
** Defined in measure.c. */
SK_API void sk_mctx_bind(const sk_measurement *def, sk_mctx *m, const sk_value *args);

/* For measurement functions: the function failed (the first message is kept; measure.c).
** The synchronised start and stop (sk_sync_start, sk_sync_stop) are the sync layer's
** (sync_window.h). */
SK_API void sk_meas_fail(sk_mctx *m, const char *msg);
/* The measurement's note (m->note), SK_MEAS_NOTE bytes, "" when made; sk_meas_note_free
** frees it (the engine, once it has taken the lines). Made only where a row writes one: an
** sk_mctx lives on the stack under every measurement, and under a simulator each rank's
** stack is its own memory. */
#define SK_MEAS_NOTE 1024
#ifdef SKAMPI_MPI
SK_API char *sk_meas_note(sk_mctx *m);
#endif
SK_API void sk_meas_note_free(sk_mctx *m);

#endif
