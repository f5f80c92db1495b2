/*
** oneline.h -- one-line runs: `skampi NAME [--sizes MIN:MAX] [--reps MIN:MAX]
** [--error E] [--procs MIN:MAX] [--dump]` measures the catalogue's row NAME over a
** standard sweep without an input file. The .ski program is generated here as text (the
** run parses it as it would parse -i FILE); --dump prints it instead.
**   the sweep: count = MIN ... MAX, step *2 (default 1 ... 1 MiB, like OSU's -m 1:1048576),
**     for every parameter named count, send_count, recv_count or chunk_bytes; a row
**     without one is measured once; MIN 0: the 0-byte message first (its own loop of one
**     point), then 1 ... MAX
**   the datatype: MPI_BYTE (count = bytes), MPI_INT with MPI_SUM for rows with an
**     operator (reductions); the other parameters get fixed values (root 0, tag 0, ...)
**   the communicator: MPI_COMM_WORLD (a ping-pong's pattern uses its ranks 0 and 1);
**     --procs MIN:MAX (collective patterns): one suite per process count on comm(N),
**     MAX left out: every process of the run
*/
#ifndef SK_ONELINE_H
#define SK_ONELINE_H

#include "catalogue.h"

typedef struct sk_oneline {
  const char *name;         /* the measurement as given (NULL: no one-line run) */
  long size_min, size_max;  /* --sizes; 0: the default */
  long reps_min, reps_max;  /* --reps; 0: skampi's defaults */
  double error;             /* --error; 0: skampi's default */
  long procs_min, procs_max;/* --procs; procs_min 0: MPI_COMM_WORLD; procs_max 0: all */
  const char *procs_text;   /* --procs as given */
  const char *first_option; /* the first of these options given (for messages) */
  int dump;                 /* --dump: print the program and exit */
  int sizes_given;          /* --sizes was given: size_min 0 is the 0-byte message */
  /* set by the OSU and IMB names (peer_names.h), not by options: */
  const char *set;          /* "PARAM=VALUE,..." before the fixed values below; NULL: none */
  const char *suite;        /* the suite's name (NULL: the row's) */
  int zero_first;           /* the 0-byte message before MIN ... MAX (IMB's sizes) */
  int bytes;                /* the sizes are bytes: a reduction's count of MPI_INT is a quarter */
  int comment;              /* 0: the program's first comment line and settings; 1: leave them out
                            ** (a further benchmark of the same program) */
  const char *counts;       /* a list of counts ("1, 16, 256", IMB-MT's -count) instead of the sweep */
  long buffer;              /* bytes of set_skampi_buffer; 0: from the sweep's largest count */
} sk_oneline;

/* argv[i] is one of the one-line options: takes it (and its value) into *o; the number
** of arguments taken, 0 when argv[i] is none of them, -1 with *err set ("skampi: ..."). */
SK_API int sk_oneline_option(int argc, char **argv, int i, sk_oneline *o, sk_str *err);
/* The program of the one-line run into *text, for a run of nprocs processes (0: not
** known yet -- --procs without MAX then stands for its MIN); 0 with *err set
** ("skampi: ...", a usage error) for an unknown name (with the closest names of the
** catalogue), a row this build cannot run, a parameter with no default, bad ranges. */
SK_API int sk_oneline_program(const sk_oneline *o, int nprocs, sk_str *text, sk_str *err);
/* "; closest: A, B, C" -- the catalogue's names nearest to name (at most three, each
** within a third of its length) appended to *out, or nothing when none is near (an
** unknown one-line name, skampi -l NAME). */
SK_API void sk_oneline_closest(const char *name, sk_str *out);
/* The least number of processes of the row o->name measures on MPI_COMM_WORLD (a run
** of fewer measures nothing); 0 with --procs, or for a name the catalogue lacks. */
SK_API int sk_oneline_least_procs(const sk_oneline *o);
/* The name the run gives the generated program (its messages, the output's header). */
SK_API const char *sk_oneline_input_name(const sk_oneline *o);

#endif
