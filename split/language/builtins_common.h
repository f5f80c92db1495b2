/*
** builtins_common.h -- what the builtin modules of the language layer share
** (builtins_common.c): value makers, argument checks, interned strings, the rank-0
** comment line, and the reproducible random generator (sk_random_seed, builtins.h).
*/
#ifndef SK_BUILTINS_COMMON_H
#define SK_BUILTINS_COMMON_H

#include "value.h"

SK_API sk_value sk_bi_none(void);
SK_API sk_value sk_bi_comm(sk_group *g);
SK_API sk_value sk_bi_datatype(const sk_datatype *t);
/* A string value of the run: one copy per distinct text, kept until the end. */
SK_API sk_value sk_bi_string(const char *text);
/* The integer argument, at least minimum (else the user's error, naming fname). */
SK_API long sk_bi_positive(const sk_value *a, const sk_loc *loc, const char *fname, long minimum);
/* MPI_COMM_NULL, or a group this process is not a member of. */
SK_API int sk_bi_is_null(const sk_group *g);
/* World rank 0 writes the formatted text to the output (the other processes nothing). */
SK_API void sk_bi_print_rank0(const char *format, ...);
/* Uniform in [0, n), n >= 1, from the generator that starts at sk_random_seed() on every
** process (so all processes draw the same sequence). */
SK_API long sk_bi_random_below(long n);
SK_API long sk_random_seed(void);

#endif
