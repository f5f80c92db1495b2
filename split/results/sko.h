/*
** sko.h -- the one reader of result files (.sko, SKaMPI 5 manual §7.1, with skampi's
** additions, doc/manual.md "Output"): header fields, blocks, labels, result lines and the
** marks around them (autorefine, time limits, discarded repetitions, set_unit, `#@`
** marks). Merge, report and export read files only through it. Strict: a malformed line,
** number, mark or byte is an error `file:line:col: message`, so a damaged file is refused
** whole (sk_sko_set_lenient passes such lines over). What it reads and refuses:
** doc/internals.md, "results".
*/
#ifndef SK_SKO_H
#define SK_SKO_H

#include "base.h"

/* The text of the "# (N repetitions discarded: ...)" line under a result line (the
** runner's rules, runner.c; read back by its number only). */
#define SK_DISCARDED_WHY "a process began late, lost its processor or missed its window"

typedef struct sk_sko_var {
  char *name;
  char *text;             /* the value as written */
  double x;               /* its number, HUGE_VAL when it is not one (MPI_INT, [1, 2]) */
} sk_sko_var;

typedef struct sk_sko_line {
  char *label;            /* "" in an unlabelled block */
  sk_sko_var *vars;       /* loop variables, outermost first */
  int nvars;
  long size;              /* reported message size, bytes */
  double time_us, stderr_us;
  long reps;
  double *node_us;        /* node times, microseconds */
  int nnode;
  int refined;            /* added by autorefine (SKaLib §3.3) */
  int limited;            /* stopped by the time limit per measurement */
  int invalid;            /* repetitions discarded (not started in the window) */
  char *flags;            /* its "# (interference: ...)" and "# (untrustworthy: ...)"
                          ** lines, verbatim with their newlines; NULL: none */
  /* Machine-readable marks (doc/manual.md "Output", "Flags and distributions"): the
  ** lines `#@ flags: ...`, `#@ dist: ...` and `#@ reps: ...` under the result line. */
  char *flagset;          /* "#@ flags:" as written: stable names, comma-separated, some
                          ** with "=VALUE" ("refined,discarded=3,rep_cap"); NULL: none */
  int has_dist;
  double dist[7];         /* "#@ dist:" min, Q1, median, Q3, P90, P99, max (microseconds) */
  double *rep_us;         /* "#@ reps:" the repetitions' values in the order measured
                          ** (microseconds); NULL with nrep 0 when not written */
  int nrep;
  double oneway_us;       /* one-way latency (a round trip's half, a one-way time), -1
                          ** where the time is none (an operation, a stream's time per
                          ** message) or the block does not say what its time is */
  double mbytes_per_s;    /* size / time of one message (MB/s = bytes/us) for point-to-point
                          ** and streaming blocks with a known size; -1 otherwise */
  int lineno;
} sk_sko_line;

/* What a block's time is ("#@ suite: time=..."): used for one-way latency and MB/s. */
#define SK_SKO_TIME_UNKNOWN 0     /* an older file: nothing is derived */
#define SK_SKO_TIME_ROUND_TRIP 1  /* ping-pong: the time is a round trip */
#define SK_SKO_TIME_ONE_WAY 2     /* point-to-point, time of one message (one-way) */
#define SK_SKO_TIME_OPERATION 3   /* a collective, one-sided, I/O or local operation: no latency */
#define SK_SKO_TIME_PER_MESSAGE 4 /* a stream's time per message (Bw, Bibw): MB/s, no latency */

typedef struct sk_sko_block {
  char *name;
  sk_sko_line *lines;
  size_t n, cap;
  char **labels;          /* the distinct labels, in order of first appearance */
  size_t nlabels, caplabels;
  sk_str notes_before;    /* other '#' lines before the block's first result line, verbatim */
  sk_str notes;           /* other '#' lines after it, verbatim */
  int suite_limited;      /* stopped by the time limit per suite */
  int complete;           /* its end marker was read */
  double duration;        /* seconds, -1 when not written */
  double unit;            /* the file's times were seconds x unit (set_unit; 1e6 default);
                             the lines hold them converted to microseconds */
  int time_kind;          /* SK_SKO_TIME_*, from "#@ suite: time=..." */
  double dummy_us, dummy_err_us;  /* the suite's dummy time ("#@ suite: dummy_us="); -1: none */
  char *loop_ended;       /* "#@ loop_ended: VAR=VALUE" (the text after the colon); NULL: none */
} sk_sko_block;

typedef struct sk_sko_field {
  char *key, *value;
} sk_sko_hfield;

typedef struct sk_sko_file {
  char *path;
  sk_str header;          /* the '#' lines before the first block, verbatim */
  sk_sko_hfield *fields;  /* from the header: "key: value", "Started at X", ... */
  size_t nfields, capfields;
  sk_sko_block *blocks;
  size_t n, cap;
} sk_sko_file;

/* 1: *f holds the file; 0: *err = "file:line:col: message" (f is then empty). */
SK_API int sk_sko_read(const char *path, sk_sko_file *f, sk_str *err);
/* The same for len bytes of text: a NUL among them is an error, not the end. */
SK_API int sk_sko_parse_n(const char *name, const char *text, size_t len, sk_sko_file *f, sk_str *err);
/* A NUL-terminated text (tests, the fuzzing harness). */
#define sk_sko_parse(name, text, f, err) sk_sko_parse_n((name), (text), strlen(text), (f), (err))
/* Whether len bytes of text are a result file the strict reader takes (never lenient):
** 1; else 0 with *err set and *bad_at the byte offset of the first line it refused
** (the resume checks the suites it keeps with it, runlog.c). */
SK_API int sk_sko_check(const char *name, const char *text, size_t len, size_t *bad_at, sk_str *err);
/* --lenient: a malformed line is passed over instead of refusing the file; each file
** that had some says on stderr how many and the first one's message. Off by default. */
SK_API void sk_sko_set_lenient(int lenient);
SK_API void sk_sko_free(sk_sko_file *f);
/* Reads n files into a new array (*files); 0 with *err set and nothing allocated. */
SK_API int sk_sko_read_all(char *const *paths, int n, sk_sko_file **files, sk_str *err);
SK_API void sk_sko_free_all(sk_sko_file *files, int n);
/* A header field's value or NULL; keys as written ("processes", "Started at",
** "SKaMPI Version", "clock tick", "merged runs", ...). */
SK_API const char *sk_sko_field(const sk_sko_file *f, const char *key);
/* The occurrence-th block (from 0) called name, or NULL. */
SK_API const sk_sko_block *sk_sko_find_block(const sk_sko_file *f, const char *name, int occurrence);
/* How many blocks before b (in f) have b's name. */
SK_API int sk_sko_occurrence(const sk_sko_file *f, const sk_sko_block *b);
/* What identifies a line within its block: its label and loop values ("LABEL|a= 1 b= 2 "),
** without the last loop variable when without_last. */
SK_API void sk_sko_key(sk_str *out, const sk_sko_line *l, int without_last);
/* The line as skampi writes it (loop variables, size, time, error, reps, node times). */
SK_API void sk_sko_format_line(sk_str *out, const sk_sko_line *l);
/* A whole block with its label lines, marks and notes of each line. */
SK_API void sk_sko_format_block(sk_str *out, const sk_sko_block *b);
/* Copies of lines (deep): for writers that change a line's values. */
SK_API void sk_sko_line_copy(sk_sko_line *dst, const sk_sko_line *src);
/* A stable flag of the line's "#@ flags:" (e.g. "rep_cap", "discarded"): NULL when the
** line has not got it, else its value ("" for a flag without "=VALUE"). */
SK_API const char *sk_sko_line_flag(const sk_sko_line *l, const char *name, char *value, size_t size);
SK_API void sk_sko_line_free(sk_sko_line *l);

#endif
