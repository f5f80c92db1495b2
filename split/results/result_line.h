/*
** result_line.h -- one measurement's part of a suite in the output (doc/manual.md
** "Output", "Flags and distributions"): its label and autorefine mark, the result line,
** the notes under it (time limit, scheduler time, discarded repetitions, calls per
** timing, interference, ranks sharing a processor: oversub.h), the warnings about
** results not to trust, and the machine-readable marks; and the suite's dummy-time line and "#@ suite:" mark. Written the same
** way for the measure statements of a .ski program (language/interp.c) and for the
** measurements of the library interface (library/skalib.c). World rank 0 only.
*/
#ifndef SK_RESULT_LINE_H
#define SK_RESULT_LINE_H

#include "output.h"
#include "engine.h"

typedef struct sk_line_facts {
  const sk_settings *settings;
  const sk_loopvar *vars;       /* the loop variables, outermost first */
  int nvars;
  const char *label;            /* the line's label (sk_out_label), NULL: none */
  int added;                    /* added by autorefine (SKaLib report (TR 99/07) §3.3) */
  double dummy_time;            /* seconds, of the communicator and pattern; 0: not known */
  int verified;                 /* the measurement checked the data it moved */
  /* Besides the "# warning: ..." note under the line, a warning goes here (stderr, the
  ** caller's progress display); NULL: nowhere else. */
  void (*warn)(void *ctx, const char *what);
  void *warn_ctx;
} sk_line_facts;

/* The label, the autorefine mark, the line and its notes; the stable names of what the
** notes say into flags ("#@ flags:"). */
SK_API void sk_line_write(const sk_line_facts *f, const sk_result *res, sk_str *flags);
/* After sk_line_write (and whatever the caller puts between): the warnings about a
** result near the clock's resolution, close to the timing overhead or stopped at the
** repetition cap while imprecise, the flag "verified", and the marks. */
SK_API void sk_line_finish(const sk_line_facts *f, const sk_result *res, sk_str *flags);
/* The dummy time of a communicator and pattern as a comment line: before the suite's
** lines, or as a note of the line just written (after_line). */
SK_API void sk_line_dummy(const sk_measure_outcome *out, int after_line);
/* The suite's mark "#@ suite: time=KIND ..." before the first line of a kind in the
** block and whenever the outcome's dummy time is new; returns the kind now in force
** (the caller keeps it for the next call: NULL at the start of a block). */
SK_API const char *sk_line_suite_mark(const char *in_force, const char *kind, const sk_measure_outcome *out);
/* The same as a note of the line just written, "#@ suite: ... of=line_above" (the
** skampi5 layout, whose readers take a block's first line after `# begin result` for a
** result): it gives the kind of the line above it and of the lines after it (sko.c). */
SK_API const char *sk_line_suite_mark_after(const char *in_force, const char *kind, const sk_measure_outcome *out);

#endif
