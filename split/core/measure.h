/*
** measure.h -- what a measurement function sees, and how it is described in the
** catalogue (SKaMPI 5 manual §6.2, SKaLib report (TR 99/07) ch. 5). A measurement has up to three functions
** with the same arguments: init (once per measurement: declares buffer usage and the
** reported message size, may allocate state), measure (one single measurement: returns
** this process's time in seconds, negative if it has no meaningful time) and finalize.
**
** Buffers (§6.1): get the current send/receive buffer from the context on every call;
** with buffer cycling they move between repetitions. Synchronised measurements (§6.2.1)
** call sk_sync_start() right before and sk_sync_stop() right after the timed code.
*/
#ifndef SK_MEASURE_H
#define SK_MEASURE_H

#include "value.h"

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
  sk_group *group;          /* the measurement communicator */
  int rank, size;           /* of this process in it */
  char *send_buf, *recv_buf;/* current buffers (valid in measure) */
  size_t send_usage;        /* bytes this process needs in its send buffer (set in init) */
  size_t recv_usage;        /* likewise for the receive buffer */
  long reported_size;       /* the message size written to the output (set in init) */
  void *state;              /* private state of init/measure/finalize */
  int failed;               /* set by sk_meas_fail */
  char fail_msg[200];
  struct sk_sync *sync;     /* synchronisation state (engine) */
  const struct sk_settings *settings; /* the engine settings of the run (settings.h) */
  const struct sk_sync_config *sync_config; /* their synchronisation part (settings->sync),
                              read by the sync layer below the settings; NULL: defaults */
  int warming_up;           /* 1 during the warm-up call before the repetitions (runner.c) */
} sk_mctx;

typedef void (*sk_init_fn)(sk_mctx *m, const sk_value *args);
typedef double (*sk_measure_fn)(sk_mctx *m, const sk_value *args);
typedef void (*sk_finalize_fn)(sk_mctx *m, const sk_value *args);

/* One registry row per measurement: the name (written once, in the row macro), the
** parameter signature, the pattern and the minimum number of processes (checked once, by
** the engine, before init), and the three functions. Rows exist in every build, so the
** front ends know every name and its signature; where the backend lacks what a row
** needs, its functions are NULL and `needs` says what is missing (sk_catalogue_usable).
** Parameter type letters: i integer, d double (integers accepted), s string,
** c communicator, t datatype, o operator, n info. */
typedef struct sk_measurement {
  const char *name;
  const char *params;
  sk_pattern pattern;
  sk_init_fn init;          /* may be NULL */
  sk_measure_fn measure;    /* NULL: not available in this build */
  sk_finalize_fn finalize;  /* may be NULL */
  int min_procs;            /* the communicator must have at least this many processes */
  const char *needs;        /* NULL, or what the row needs beyond the portable transport */
  const char *param_names;  /* the parameters' names, blank-separated, one per letter */
  const char *alias_of;     /* NULL, or the name of the row this one is another name of */
} sk_measurement;

/* The rows. NAME is the measurement's name in the input language; its measure function
** is measure_NAME; PARAMS its parameter letters and NAMES their names (blank-separated,
** one per letter: `skampi -l` lists them); INIT and FINALIZE are functions or NULL. The
** _MPI, _MPI2 and _MPIIO rows keep their functions only where the build has MPI (MPI-2
** for one-sided, MPI-IO for file access: SK_HAVE_MPI_IO), e.g.
**   SK_MEASUREMENT_MPI(Bcast, "iti", "count datatype root", SK_PATTERN_COLLECTIVE, 1,
**                      init_Bcast, NULL),  */
#define SK_MEASUREMENT(NAME, PARAMS, NAMES, PATTERN, MIN_PROCS, INIT, FINALIZE) \
  { #NAME, PARAMS, PATTERN, INIT, measure_##NAME, FINALIZE, MIN_PROCS, NULL, NAMES, NULL }
#define SK_MEASUREMENT_MPI(NAME, PARAMS, NAMES, PATTERN, MIN_PROCS, INIT, FINALIZE) \
  { #NAME, PARAMS, PATTERN, SK_IF_MPI(INIT), SK_IF_MPI(measure_##NAME), \
    SK_IF_MPI(FINALIZE), MIN_PROCS, "an MPI library", NAMES, NULL }
#define SK_MEASUREMENT_MPI2(NAME, PARAMS, NAMES, PATTERN, MIN_PROCS, INIT, FINALIZE) \
  { #NAME, PARAMS, PATTERN, SK_IF_MPI2(INIT), SK_IF_MPI2(measure_##NAME), \
    SK_IF_MPI2(FINALIZE), MIN_PROCS, "MPI-2 (one-sided communication)", NAMES, NULL }
#define SK_MEASUREMENT_MPIIO(NAME, PARAMS, NAMES, PATTERN, MIN_PROCS, INIT, FINALIZE) \
  { #NAME, PARAMS, PATTERN, SK_IF_MPIIO(INIT), SK_IF_MPIIO(measure_##NAME), \
    SK_IF_MPIIO(FINALIZE), MIN_PROCS, "MPI-IO (MPI-2 file access)", NAMES, NULL }
/* Another name of the row TARGET (the original SKaMPI's spelling, SKaMPI 5 manual §3):
** it shares TARGET's signature, pattern, minimum and functions, which the catalogue
** copies from TARGET when it hands the row out (sk_catalogue_entry/_find never return
** an unresolved alias). TARGET must be a row of some table, not itself an alias. */
#define SK_MEASUREMENT_ALIAS(ALIAS, TARGET) \
  { #ALIAS, NULL, SK_PATTERN_SIMPLE, NULL, NULL, NULL, 0, NULL, NULL, #TARGET }
#define SK_MEASUREMENT_END { NULL, NULL, SK_PATTERN_SIMPLE, NULL, NULL, NULL, 0, NULL, NULL, NULL }

/* Parameter groups of the original SKaMPI's documentation (names; letters alongside):
** point-to-point "itii", send/receive pair "itit", count-datatype-info "itn". */
#define SK_NAMES_PP "count datatype tag iterations"
#define SK_NAMES_SR "send_count send_dt recv_count recv_dt"
#define SK_NAMES_CDI "count datatype info"

/* For measurement functions. */
SK_API double sk_sync_start(sk_mctx *m);
SK_API double sk_sync_stop(sk_mctx *m);
SK_API void sk_meas_fail(sk_mctx *m, const char *msg);

/* The output header's line on the ping-pongs' method (what their timings subtract),
** defined in meas_mpi_p2p.c; nothing in builds without MPI. */
SK_API void sk_pingpong_describe(sk_str *out);

#endif
