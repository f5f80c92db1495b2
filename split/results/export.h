/*
** export.h -- result files as tables (skampi -x csv|json IN.sko ...): one row per result
** line with the suite, the measurement label (doc/manual.md "Output"), the loop variables, the
** message size in bytes, the time and its standard error in microseconds, the number of
** repetitions, the node times in microseconds and the flags refined (added by
** autorefine), limited (stopped by the time limit per measurement or the suite's) and
** the discarded repetitions; then the line's marks (doc/manual.md "Flags and
** distributions"): its flags, its dist (7 values), one-way latency and MB/s where the
** reader knows them, and its block's time kind, dummy time and loop end. Units are in
** the column names. CSV (RFC 4180 quoting): loop variables as "name=value;...", node
** times as "t1;t2;...", flags as "name[=value];..." in one column each, an unknown value
** empty. JSON: {"files": [{"file", "header": {key: value or [values]}}], "rows": [...]},
** loop variables and flags as objects, node times and repetition values as arrays, dist
** as an object, an unknown value null; header values typed (a number alone a number, a
** number with a unit {"value", "unit"}, "#@ columns" a list of {"name", "unit"}). Reads
** through sko.h.
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
