/*
** params4.h -- the SKaMPI 4 front end: reads a SKaMPI 4 parameter file (`@` sections and
** measurement blocks `Name { Key = Value; ... }`, SKaLib report (TR 99/07) §6.1, §6.2, ch. 5) and
** translates it into the same program tree the .ski parser produces, so that one
** interpreter runs both and `-t` prints the translation as .ski text. The accepted
** keywords, values and measurement types are documented at the top of params4.c.
*/
#ifndef SK_PARAMS4_H
#define SK_PARAMS4_H

#include "ast.h"
#include "sources.h"

/* 1 if the file is a SKaMPI 4 parameter file: its name ends in ".par", or the first
** line that is neither blank nor a '#' comment starts with '@' (but not with the .ski
** directive @include). `text` may be NULL (then only the name is looked at). */
SK_API int sk_params4_detect(const char *path, const char *text);

/* Same contract as sk_parse_file: reads `path` through sk_sources_get, returns 1 and
** fills *prog, or 0 with "file:line:col: message" in *err (*prog is then empty).
** Checks, like the .ski parser, that every measurement function of the translation is
** in this build's catalogue with matching arguments. */
SK_API int sk_params4_parse(sk_sources *src, const char *path, sk_program *prog, sk_str *err);

/* The same translation without the catalogue check: for `-t` (printing the translation
** of a file whose measurements only another build has) and for tests. */
SK_API int sk_params4_translate(sk_sources *src, const char *path, sk_program *prog, sk_str *err);

#endif
