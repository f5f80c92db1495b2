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
  long pairs;                  /* osu_mbw_mr -p: the pairs (2 * pairs processes); 0: P/2 */
  long forks[2];               /* osu_latency_mp -t [S:]R: 1 + the children of rank 0 and of rank 1;
                               ** 0: OSU's default 2 */
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
  int info;                    /* 'h': -h, 'l': IMB's -list, 'v': OSU's -v (sk_peer_info); 0: a run */
  int included[SK_PEER_MAX], nincluded;   /* IMB's -include: added to the default list */
  int excluded[SK_PEER_MAX], nexcluded;   /* IMB's -exclude: taken out */
  /* IMB-MT's own options (its option list differs from the other programs'): */
  char counts[200];            /* -count's list, ", "-separated ("1, 2, 4, 8": IMB-MT's default) */
  long count_max;              /* its largest count */
  long repeat;                 /* -repeat: operations per timing (iterations=); 0: IMB-MT's 1000 */
  int char_type;               /* -datatype char (else int) */
  long threads;                /* -thread_level multiple: OMP_NUM_THREADS (default 1); else 1 */
  char output_buf[200];
} sk_peer;

/* argv[1] names an OSU benchmark or an IMB program (or an IMB benchmark that is no
** name of skampi's): parses the whole command line into *p, *o (the one-line run) and
** *output; 1 then, -1 with *err set ("skampi: ..."), 0 when argv[1] is none of them
** (skampi's own options keep their meaning), 2 for -h, IMB's -list and OSU's -v (p->info). -o, -q and OSU's -c (skampi's -v) set
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
/* What sk_peer_parse's 2 asked for (p->info): the tool's options (-h), IMB's list of
** benchmarks (-list) or OSU's version line (-v), on f. */
SK_API void sk_peer_info(const sk_peer *p, FILE *f);
/* Rank 0 after the run: the tool's tables from the result file on standard output;
** 0 with a message on stderr when the file cannot be read. */
SK_API int sk_peer_print(const sk_peer *p, int nprocs);
/* Right after the library's start, on every process: osu_init (the wall-clock time of
** MPI_Init on each process, sk_tp_start_ms, min, max and average in OSU's line "nprocs:
** N, min: A ms, max: B ms, avg: C ms") and osu_hello ("This is a test with N
** processes") printed by rank 0 under OSU's header, no measurement; 0 for any other
** benchmark, 1 when printed, 2 when standard output fails, 3 when no time is known. */
SK_API int sk_peer_startup(const sk_peer *p);

#endif
