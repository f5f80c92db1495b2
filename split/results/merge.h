/*
** merge.h -- automatic merging of results, AMR (SKaLib §3.4): several .sko files of the
** same input become one more reliable file. For every measurement of the first file the
** matching measurement of each other file is found (the same occurrence of the block,
** the same label -- doc/manual.md "Output" -- and the same loop-variable values) or, where APR
** chose other arguments there, interpolated linearly between its neighbours with the
** same label and outer loop values (§3.4.2); the merged time is the median of the times
** weighted by their repetition counts (§3.4.1: 899 (10 reps), 901 (4), 910 (4) gives
** 899), with that measurement's standard error and per-process times. The merged file
** names the runs it merged (`# merged run N: FILE (started ...)`). Runs of different
** libraries, process counts, input files or backends are merged only when forced, and
** the merged file then says what each run was. Files are read by sko.h.
*/
#ifndef SK_MERGE_H
#define SK_MERGE_H

#include "sko.h"

/* Returns 1 when `out` was written, 0 with *err set (sk_out_failed(): writing failed; out
** is then unchanged). out is written whole or not at all (sk_out_file); an existing out
** is kept under a backup name (an input of that name is then named by its backup).
** Runs of different libraries, process counts, input files or backends (sk_merge_check)
** are refused unless force (skampi --force-merge -m); suites that not every run has are
** named on stderr and in the merged file (sk_merge_suite_notes). */
SK_API int sk_merge_files(const char *out, char **inputs, int ninputs, int force, sk_str *err);
/* 1 when the runs share their header's "library:", "processes:", "input file:" and the
** backend of "SKaMPI Version ... (MPI backend)" (a field that a file has not got is not
** compared); 0 with *err naming the first difference, its two values and both files. */
SK_API int sk_merge_check(const sk_sko_file *files, int nfiles, char *const *names, sk_str *err);
/* "# merge: suite ..." lines for the suites that not every run has. */
SK_API void sk_merge_suite_notes(sk_str *o, const sk_sko_file *files, int nfiles, char *const *names);
/* SKaMPI 4's post-processing (SKaLib §3.4.3, §4.3; @POSTPROC, merge_with_backups()): the
** run in `out` and its earlier runs out.1, out.2, ... (files that are merges themselves,
** and the copies a resume kept of the run it resumed -- the same header -- are left out)
** are merged into `out`; the run itself is kept as a backup. Returns the
** number of runs merged (0 or 1: nothing written), -1 with *err set. */
SK_API int sk_merge_backups(const char *out, sk_str *err);
/* The merge of already read files into *o (the text of the merged file). */
SK_API void sk_merge_text(sk_str *o, const sk_sko_file *files, int nfiles, char *const *names);
/* The same on texts already in memory (names for messages): the merged text is appended
** to `out`; 0 with *err ("NAME:LINE:COL: ...") when a text is not a skampi output file.
** The entry point of the .sko fuzzing harness (tests/fuzz/fuzz_sko.c). */
#ifdef SKAMPI_TESTING
SK_API int sk_merge_texts(char **names, const char *const *texts, int n, sk_str *out, sk_str *err);
#endif

#endif
