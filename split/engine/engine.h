/*
** engine.h -- one measure statement from start to end, on every process (SPMD): init on
** the communicator's members after the least process count is checked, the agreement of
** all processes on init and buffers, the verification call, the dummy time of the
** communicator and pattern (SKaLib report (TR 99/07) §3.2), the ASEC run (runner.h) and
** finalize, the result to world rank 0 and its verdict to everyone. The interpreter
** evaluates the arguments and writes the line. The steps: doc/internals.md, "engine".
*/
#ifndef SK_ENGINE_H
#define SK_ENGINE_H

#include "runner.h"
#include "verify.h"

/* SK_LIBRARY_ERROR: the library returned an error inside the measurement (transport.h,
** sk_tp_take_error): the message is "MPI_Xxx: its error string" (runner.h). */
typedef enum sk_measure_status { SK_MEASURED, SK_NO_ROOM, SK_FAILED, SK_VERIFY_FAILED, SK_TOO_FEW,
                                 SK_LIBRARY_ERROR } sk_measure_status;

typedef struct sk_engine {
  const sk_settings *settings;
  struct sk_dummy_seen {      /* (communicator, pattern) pairs whose dummy time is out */
    sk_group *group;
    double time;              /* world rank 0: the dummy time (seconds) */
    int pattern;
  } *dummies;
  size_t ndummies, capdummies;
} sk_engine;

typedef struct sk_measure_outcome {
  sk_measure_status status;   /* every process */
  double time;                /* every process: the result (seconds), for autorefine */
  int suite_time_spent;       /* every process: the suite's time limit is reached */
  char message[320];          /* world rank 0: why SK_NO_ROOM, SK_FAILED or SK_LIBRARY_ERROR; every process:
                              ** why SK_TOO_FEW */
  double need;                /* every process, SK_NO_ROOM: the buffer bytes the neediest
                              ** process needs (a caller may grow set_skampi_buffer to it) */
  /* world rank 0 only: */
  sk_result result;
  int has_dummy;              /* the dummy time of this communicator and pattern, new */
  sk_result dummy;
  sk_pattern dummy_pattern;
  double dummy_time;          /* the dummy time of this communicator and pattern (seconds) */
} sk_measure_outcome;

SK_API void sk_engine_init(sk_engine *e, const sk_settings *settings);
SK_API void sk_engine_free(sk_engine *e);
/* Collective over all processes. suite_started: when the enclosing measurement block
** began (sk_engine_clock). Free the outcome with sk_outcome_free. */
SK_API void sk_engine_measure(sk_engine *e, const sk_measurement *def, sk_group *g, const sk_value *args,
                              double suite_started, sk_measure_outcome *out);
SK_API void sk_outcome_free(sk_measure_outcome *out);
/* A probe: one timing of def on g, for the builtins that choose what to measure by
** measuring (comm2_max/min_latency_with_root). Steps 1 and 4 above only -- init on the
** members, one call (sk_runner_once), finalize -- with the init's failure agreed among
** the members of g; no verification, dummy time, ASEC repetitions, synchronised start,
** MPI_T or PERUSE, and nothing travels to world rank 0. Collective over the members of g
** only. Returns this member's time (negative: it takes no part in the pattern); after a
** failed init every member returns SK_PROBE_FAILED and rank 0 of g has the message in
** why. A failure inside the call (sk_meas_fail after a good init) is not agreed: a
** probe's measurement must be one that cannot fail there (the ping-pong cannot). */
#define SK_PROBE_FAILED (-2.0)
SK_API double sk_engine_probe(const sk_settings *settings, const sk_measurement *def, sk_group *g,
                              const sk_value *args, char *why, size_t why_size);
/* The dummy time of a pattern on g (collective over all processes; complete on world
** rank 0): the one definition of "dummy time", also used for the output header. */
SK_API void sk_engine_dummy_time(const sk_settings *settings, sk_group *g, sk_pattern pattern, sk_result *res);
/* This process writes the results (world rank 0). */
SK_API int sk_engine_reports(void);
/* This process's world rank; a communicator's size and world ranks. */
SK_API int sk_engine_process(void);
SK_API int sk_engine_comm_size(const sk_group *g);
SK_API const int *sk_engine_comm_members(const sk_group *g);
/* Collective over all processes: every process's text (NUL-terminated) reaches world
** rank 0, which passes them to write in rank order. */
SK_API void sk_engine_collect_text(const char *mine, void (*write)(const char *text));
SK_API double sk_engine_clock(void);
/* The clock's resolution (seconds). */
SK_API double sk_engine_tick(void);

#endif
