/*
** merge.h -- automatic merging of results, AMR (SKaLib §3.4): several .sko files of the
** same input become one more reliable file. For every measurement of the first file the
** matching measurement of each other file is found (same block, same loop-variable
** values) or, where APR chose other arguments there, interpolated linearly between its
** neighbours in the last loop variable (§3.4.2); the merged time is the median of the
** times weighted by their repetition counts (§3.4.1: 899 (10 reps), 901 (4), 910 (4)
** gives 899), with that measurement's standard error and per-process times.
*/
#ifndef SK_MERGE_H
#define SK_MERGE_H

#include "base.h"

/* Returns 1 when `out` was written, 0 with *err set. Block markers are read with or
** without the leading "# ". */
SK_API int sk_merge_files(const char *out, char **inputs, int ninputs, sk_str *err);
/* The same on texts already in memory (names for messages): the merged text is appended
** to `out`; 0 with *err ("NAME:LINE:COL: ...") when a text is not a skampi output file.
** The entry point of the .sko fuzzing harness (tests/fuzz/fuzz_sko.c). */
SK_API int sk_merge_texts(char **names, const char *const *texts, int n, sk_str *out, sk_str *err);

#endif
