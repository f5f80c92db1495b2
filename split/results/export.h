/*
** export.h -- result files as tables (skampi -x csv|json IN.sko ...): one row per result
** line with its suite, label, loop variables, size, time, standard error, repetitions,
** node times, flags and marks (doc/manual.md "Output", "Flags and distributions"), units
** in the column names; CSV with RFC 4180 quoting, or JSON with the files' headers typed.
** Reads through sko.h. The columns and the JSON layout: doc/internals.md, "results".
*/
#ifndef SK_EXPORT_H
#define SK_EXPORT_H

#include "sko.h"

/* A CSV field (RFC 4180 quoting) followed by ',' or, when last, a line break; a JSON
** string with its quotes and escapes (also for comparisons and guideline verdicts). */
SK_API void sk_export_csv_field(sk_str *out, const char *text, int last);
SK_API void sk_export_json_string(sk_str *out, const char *text);
/* 1: format is "csv" or "json". */
SK_API int sk_export_format_known(const char *format);
/* The export of the files into *out. */
SK_API void sk_export_text(sk_str *out, const char *format, const sk_sko_file *files, int nfiles);
/* Reads inputs and writes the export to path (NULL or "-": standard output; an existing
** file is kept as a backup). 1: done; 0 with *err set. */
SK_API int sk_export_files(const char *path, const char *format, char **inputs, int ninputs, sk_str *err);

#endif
