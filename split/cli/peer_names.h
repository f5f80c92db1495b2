/*
** peer_names.h -- the names and options of the OSU micro-benchmarks 7.4 and the Intel MPI
** Benchmarks 2021 turned into skampi's: `skampi osu_latency -m 1:65536 -i 1000 -x 100`,
** `skampi IMB-MPI1 PingPong Allreduce -msglog 0:20 -iter 1000`, `skampi PingPong` (an IMB
** name that is no name of skampi's). The benchmark becomes a one-line run (oneline.h) of
** the row that measures the same, its result file NAME.sko (or -o) is written as usual,
** and afterwards rank 0 prints the tool's table on standard output from that file:
** OSU's "# OSU MPI Latency Test v7.4" header and "# Size  Avg Latency(us)" columns
** (one-way latency, MB/s, messages/s), IMB's "#bytes #repetitions t[usec] Mbytes/sec"
** tables, each line with skampi's flags as a last column. OSU's -i and IMB's -iter fix
** the repetitions (min = max, one operation each); without them skampi's stopping rule
** decides. Options the tool has but skampi cannot honour are accepted and named in one
** line on stderr; an option the tool lacks is an error naming the nearest. doc/manual.md
** "OSU and IMB names" has the table of every benchmark of both.
*/
#ifndef SK_PEER_NAMES_H
#define SK_PEER_NAMES_H

#include "oneline.h"

#define SK_PEER_MAX 64         /* benchmarks of one IMB command line */

typedef struct sk_peer {
  int tool;                    /* 0: none; 'o': OSU; 'i': IMB */
  const char *family;          /* "IMB-MPI1", ... (IMB), the OSU program name */
  int bench[SK_PEER_MAX];      /* the benchmarks asked for (indices of the table) */
  int nbench;
  long size_min, size_max;     /* bytes; size_min 0: the 0-byte message first */
  long iterations;             /* -i / -iter: fixed repetitions; 0: skampi's rule */
  long window;                 /* OSU -W (bandwidth rows); 0: the default 64 */
  int win_kind, sync_kind;     /* OSU -w, -s of the one-sided ones: 1 + the row's win_kind and
                               ** sync_kind (create, allocate, dynamic; lock, pscw, fence, flush,
                               ** flush_local, lock_all); 0: the benchmark's default */
  long npmin;                  /* IMB -npmin: P, 2P, 4P ... up to all processes; 0: all */
  int full;                    /* OSU -f: min, max, iterations */
  int tail[5], ntail;          /* OSU -z: the percentiles */
  int validate;                /* OSU -c: skampi's -v */
  int imb_min_log;             /* IMB -msglog MIN */
  int no_zero;                 /* IMB -zero_size 0: no 0-byte message */
  const char *output;          /* the result file (-o or NAME.sko) */
  const char *ignored[SK_PEER_MAX];   /* the options given that skampi cannot honour, each once
                               ** (all named in one warning line) */
  int nignored;
  int quiet;                   /* -q */
  char output_buf[200];
} sk_peer;

/* argv[1] names an OSU benchmark or an IMB program (or an IMB benchmark that is no
** name of skampi's): parses the whole command line into *p, *o (the one-line run) and
** *output; 1 then, -1 with *err set ("skampi: ..."), 0 when argv[1] is none of them
** (skampi's own options keep their meaning), 2 for -h. -o, -q and OSU's -c (skampi's -v) set
** *output, *quiet and *verify. */
SK_API int sk_peer_parse(int argc, char **argv, sk_peer *p, sk_oneline *o, const char **output, int *quiet,
                         int *verify, sk_str *err);
/* The program of every benchmark of *p into *text for nprocs processes; 0 with *err set.
** With nprocs > 0 the reporting process says in one line on stderr which options have no
** effect. */
SK_API int sk_peer_program(const sk_peer *p, sk_oneline *o, int nprocs, sk_str *text, sk_str *err);
/* "; closest: A" -- the one of count names nearest to name (sk_edit_distance) within a
** third of its length, appended to *out; nothing when none is that near. The hint of
** every "unknown name" message of the command line (OSU's and IMB's, skampi's own
** options). */
SK_API void sk_peer_closest(const char *name, const char *const *names, int count, sk_str *out);
/* Rank 0 after the run: the tool's tables from the result file on standard output;
** 0 with a message on stderr when the file cannot be read. */
SK_API int sk_peer_print(const sk_peer *p, int nprocs);

#endif
