/*
** parser.h -- the .ski front end: parses a SKaMPI 5 input file (SKaMPI 5 manual §2.5, §5) and
** the files it @includes into a program tree, and checks at parse time what can be
** checked: unknown measurement/helper/iterator names, argument counts, argument types
** of literals and constants, measure statements outside measurement blocks, division by
** a literal zero, include cycles. The first error ends parsing with
** "file:line:col: message".
*/
#ifndef SK_PARSER_H
#define SK_PARSER_H

#include "ast.h"
#include "sources.h"
#include "value.h"

/* Returns 1 and fills *prog, or 0 with the message in *err. */
SK_API int sk_parse_file(sk_sources *src, const char *path, sk_program *prog, sk_str *err);
/* 1, or 0 with "file:line:col: the file contains a NUL byte" (its place) in err when
** the text of s holds one: the lexer would stop there. */
SK_API int sk_parse_check_no_nul(const sk_source *s, sk_str *err);
/* Checks one call of a measurement or helper against its parameter letters. */
SK_API int sk_parse_check_args(const char *what, const char *name, const char *params,
                               const sk_expr *call, sk_str *err);
/* The type an expression certainly has, or SK_T_NONE when only run time can tell. */
SK_API sk_type sk_expr_static_type(const sk_expr *e);
/* Every measurement the program names can run in this build (registry rows exist in
** every build; their functions only where the backend has them). 0 and
** "file:line:col: 'NAME' needs ..." in err for the first that cannot. */
SK_API int sk_parse_check_available(const sk_program *prog, sk_str *err);
/* -n's warnings: a measure statement on comm(V) (or a variable assigned comm(V)) in a loop
** `for V = N to ...` with a literal N below the measurement's least process count --
** the original's loops over process counts from 1: those points will be skipped.
** Appends "file:line:col: warning: ..." lines to out. */
SK_API void sk_parse_warn_small_communicators(const sk_program *prog, sk_str *out);

#endif
