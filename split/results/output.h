/*
** output.h -- the .sko writer (SKaMPI 5 manual §7.1): header lines, measurement blocks and
** their result lines. Only rank 0 writes; every line is written at once and checked, so a
** killed run keeps every block it finished, and a failed write cuts the file back to its
** complete suites and stops the run (SK_EXIT_WRITE). Comments become one '#' line per
** line; an existing file is kept as NAME.1 first; autorefine lines are held and written
** sorted. Failures, labels and held lines: doc/internals.md, "results".
*/
#ifndef SK_OUTPUT_H
#define SK_OUTPUT_H

#include "value.h"

typedef struct sk_loopvar {
  const char *name;
  sk_value value;
} sk_loopvar;

/* path NULL or "-": standard output. Returns 0 with *err set when it cannot open (also
** a closed standard output). */
SK_API int sk_out_open(const char *path, sk_str *err, char *backup, size_t backup_size);
/* Comment text, e.g. header lines: every line that does not start with '#' gets "# ". */
SK_API void sk_out_text(const char *text);
/* Appends text to dst as comment lines: cut at its line breaks (\n, \r\n, \r), every
** line that does not start with '#' gets "# " ("#" when empty), the last its newline. */
SK_API void sk_out_comment(sk_str *dst, const char *text);
/* 1 once a write to the output failed (said on stderr; the file keeps its header and
** complete suites) or the output file was removed or replaced under its name (checked
** here); after sk_out_file: 1 when writing, not opening, failed. */
SK_API int sk_out_failed(void);
SK_API void sk_out_begin_block(const char *name);
SK_API void sk_out_end_block(const char *name, double seconds);
/* The printed time unit: seconds x factor (set_unit; 1e6, microseconds, by default). */
SK_API void sk_out_set_unit(double factor);
/* The label of the lines that follow (NULL: none, as in a block with one measure
** statement); copied. sk_out_begin_block clears it. */
SK_API void sk_out_label(const char *label);
/* The next line was added by autorefine (SKaLib §3.3), not a point of the plain loop. */
SK_API void sk_out_mark_added(void);
/* A '#' note about the line just written (time limit, discarded repetitions): it stays
** right after that line, also when the line is held and sorted. */
SK_API void sk_out_note(const char *text);
/* One measurement line; times in seconds (printed in the unit of sk_out_set_unit). */
SK_API void sk_out_line(const sk_loopvar *vars, int nvars, long reported_size, double time,
                        double std_error, int reps, const double *node_times, int nnode);
/* The one format of a result line (sk_out_line, and sko.c writing a line back): each
** loop variable as "name= value " with the value left-aligned in SK_OUT_VAR_WIDTH
** characters, then size, time, standard error, repetitions and node times right-aligned
** in fixed widths (%8ld %12.3f %10.3f %5ld, " %12.3f" each), so that the columns of the
** lines of a block line up (a wider value pushes its line's columns to the right). Times
** are printed as given (the caller scales them). No newline. */
#define SK_OUT_VAR_WIDTH 8
SK_API void sk_out_format_var(sk_str *s, const char *name, const char *value);
SK_API void sk_out_format_columns(sk_str *s, long size, double time, double std_error, long reps,
                                  const double *node_times, int nnode);
/* The machine-readable marks under a result line (doc/manual.md "Output"): "#@ flags:
** FLAGS" (none when flags is NULL or ""), "#@ dist: ..." (dist NULL: none; 7 values:
** least, quartiles, median, 90th and 99th percentile, largest), "#@ reps: ..." (nrep > 0),
** each value times scale; sk_out_marks writes them after the line just written, in the
** set_unit unit (values in seconds), kept with it like sk_out_note. */
SK_API void sk_out_format_marks(sk_str *s, const char *flags, const double *dist, const double *reps, int nrep,
                                double scale);
SK_API void sk_out_marks(const char *flags, const double *dist, const double *reps, int nrep);
/* The block's marks: "#@ suite: time=KIND[ dummy_us=X][ dummy_err_us=Y]" (kind NULL:
** none written; dummy_* below 0: left out) and "#@ loop_ended: AT" (AT as "VAR=VALUE"). */
SK_API void sk_out_format_suite_mark(sk_str *s, const char *kind, double dummy_us, double dummy_err_us);
SK_API void sk_out_suite_mark(const char *kind, double dummy_us, double dummy_err_us);
SK_API void sk_out_loop_ended(const char *at);
/* Hold lines from now on; sk_out_hold_end sorts the held lines by loop variable number
** `var_index` and, when no hold is left open, writes them. */
SK_API void sk_out_hold_begin(void);
SK_API void sk_out_hold_end(int var_index);
SK_API void sk_out_close(void);
/* fn runs once in sk_out_close, after an open block is closed and before the file is:
** the header's held-back lines (header.c) reach the output also when a run ends on an
** error or a stop request, not only at its regular end. */
SK_API void sk_out_on_close(void (*fn)(void));
/* A whole file at once (merge, export, report; path NULL or "-": standard output):
** written to a temporary file and renamed over path (sk_path_replace), so path holds
** the old content or all of the new, never part of it; a backup of an existing file is
** announced on stderr. 0: *err set (sk_out_failed() then says whether writing failed). */
SK_API int sk_out_file(const char *path, const char *text, sk_str *err);
/* Resuming (runlog.h): open path cut to its first `bytes` bytes and write after them --
** when that cuts a result line, the whole old content is first kept as NAME.N (copied,
** the file stays; backup gets the name, "" when no backup was made); the current byte offset
** of the file (-1 for standard output); mute (1) while the suites kept from the
** interrupted run are skipped, so nothing is written twice. */
SK_API int sk_out_open_at(const char *path, long bytes, sk_str *err, char *backup, size_t backup_size);
SK_API long sk_out_offset(void);
/* The checksum (sk_fnv1a) of the bytes written since the last call (or since the output
** was opened), and a new sum begun: the log records one per suite (runlog.h). */
SK_API unsigned long sk_out_take_sum(void);
SK_API void sk_out_mute(int on);

#endif
