/*
** header.h -- the output's header: the '#' lines at the start of a .sko file (SKaMPI 5
** manual §7.1), assembled here and nowhere else (tests/gates/header_owner.sh), written once
** by rank 0 after the run's start-up (session.h) and before the first suite. The
** oversubscription and interference lines are worded here from what oversub.h and host.h
** found. The lines in order: doc/internals.md, "results".
*/
#ifndef SK_HEADER_H
#define SK_HEADER_H

#include "output.h"
#include "sources.h"
#include "sync.h"

/* What the start-up found that the header reports. */
typedef struct sk_header_facts {
  const char *input;            /* the input file as named on the command line */
  const sk_sources *copy;       /* -s: the input files as "#> " lines; NULL: none */
  double dummy_time;            /* seconds: the dummy time of the simple pattern */
  const char *sync_lines;       /* sk_sync_describe right after the clocks were synchronised */
  long random_seed;             /* the seed of get_random_int and comm_rand */
  int resumed;                  /* continues an interrupted run ... */
  int suites_kept;              /* ... after its suites 1..suites_kept */
  int quiet;                    /* -q: no warnings on stderr */
  int library;                  /* the library interface (skampi.h) writes this header: */
  double clock_cost;            /* seconds: the least empty timing, subtracted from each of
                                   its simple-pattern timings */
  double empty_call;            /* seconds: the least per-call time of its loop over an empty
                                   operation (not subtracted) */
  long empty_calls;             /* calls per timing of that calibration */
  double pause_cost;            /* seconds: what a skampi_pause/skampi_resume pair adds
                                   beyond the paused time, subtracted per pair */
} sk_header_facts;

/* Rank 0: writes the header to the output (sk_out_text), its warnings to stderr, and
** records it in the run's log (runlog.h): where the header ends, or the resumption. */
SK_API void sk_header_write(const sk_header_facts *facts);
/* The oversubscription lines (and the library's polling) of the header and their
** warnings, one line each without the "skampi: warning: " prefix; after sk_oversub_detect
** and sk_oversub_probe. */
SK_API void sk_header_oversubscription(sk_str *header, sk_str *warning);
/* The line naming the processor (host) of every rank, ranks with the same name together
** ("# processors: 2 names: a (ranks 0 2), b (ranks 1 3)"); after sk_oversub_detect. */
SK_API void sk_header_processors(sk_str *header);
/* The interference lines: how skampi's waits treat the processor, and the processes
** runnable on rank 0's machine now (sk_host_runnable) against the run's own there. */
SK_API void sk_header_interference(int own_here, sk_str *header);
/* SKAMPI_LAYOUT=skampi5 (header.c): the header's first five lines at the top, the rest
** after the last suite, and a block's dummy time after its first result line -- the
** original SKaMPI 5's first lines for programs that read results by line number (OTPO). */
SK_API int sk_header_layout_skampi5(void);
/* In that layout: the header lines held back, before the footer (once; nothing else). */
SK_API void sk_header_write_rest(void);
/* The footer's lines after the last suite: the synchronisation, oversubscription and
** interference summaries, the finish time and the runtime since `started` (sk_tp_wtime);
** the interference warning (without "skampi: warning: ") into *warning. */
SK_API void sk_header_footer(const sk_sync_config *sync, double started, sk_str *footer, sk_str *warning);
/* The local date and time as ctime(3) writes it, without the newline (header, footer). */
SK_API void sk_header_date(char *buf, size_t size);

#endif
