/*
** export.c -- see export.h.
*/
#include "export.h"
#include "output.h"

SK_API int sk_export_format_known(const char *format)
{
  return sk_streq(format, "csv") || sk_streq(format, "json");
}

/* A CSV field: quoted when it holds a comma, quote or line break (RFC 4180). */
SK_API void sk_export_csv_field(sk_str *out, const char *text, int last)
{
  const char *p;
  if (strpbrk(text, ",\"\n\r") == NULL) sk_str_puts(out, text);
  else {
    sk_str_putc(out, '"');
    for (p = text; *p; p++) { if (*p == '"') sk_str_putc(out, '"'); sk_str_putc(out, *p); }
    sk_str_putc(out, '"');
  }
  sk_str_putc(out, last ? '\n' : ',');
}

SK_API void sk_export_json_string(sk_str *out, const char *text)
{
  const unsigned char *p = (const unsigned char *)text;
  size_t left = strlen(text);
  sk_str_putc(out, '"');
  while (left > 0) {
    size_t good = sk_utf8_valid_prefix((const char *)p, left), k;
    for (k = 0; k < good; k++, p++) {
      if (*p == '"' || *p == '\\') { sk_str_putc(out, '\\'); sk_str_putc(out, *p); }
      else if (*p == '\n') sk_str_puts(out, "\\n");
      else if (*p == '\t') sk_str_puts(out, "\\t");
      else if (*p < 0x20 || *p == 0x7f) sk_str_printf(out, "\\u%04x", (unsigned)*p);
      else sk_str_putc(out, *p);
    }
    left -= good;
    if (left > 0) {        /* a byte that is not UTF-8 (a note may hold one): U+FFFD, as RFC 8259 needs text */
      sk_str_puts(out, "\\ufffd");
      p++;
      left--;
    }
  }
  sk_str_putc(out, '"');
}

static void export_json_number(sk_str *out, double x)
{
  if (x != x || x - x != 0.0) sk_str_puts(out, "null");
  else sk_str_printf(out, "%.10g", x);
}

static const char *const export_time_kinds[] = { "", "round_trip", "one_way", "operation", "per_message" };
static const char *const export_dist_names[] = { "min", "q1", "median", "q3", "p90", "p99", "max" };

/* A number for CSV: empty when below 0 (unknown). */
static void export_csv_number(sk_str *out, double x, const char *fmt)
{
  if (x >= 0.0) sk_str_printf(out, fmt, x);
  sk_str_putc(out, ',');
}

/* The marks' columns of a CSV row (export.h). */
static void export_csv_marks(sk_str *out, const sk_sko_block *bl, const sk_sko_line *ln)
{
  sk_str f;
  const char *p;
  int k;
  sk_str_init(&f);
  sk_str_putn(&f, "", 0);
  for (p = ln->flagset ? ln->flagset : ""; *p; p++) sk_str_putc(&f, *p == ',' ? ';' : *p);
  sk_export_csv_field(out, f.data, 0);
  for (k = 0; k < 7; k++) export_csv_number(out, ln->has_dist ? ln->dist[k] : -1.0, "%.6g");
  export_csv_number(out, ln->oneway_us, "%.6g");
  export_csv_number(out, ln->mbytes_per_s, "%.6g");
  sk_str_printf(out, "%s,", export_time_kinds[bl->time_kind]);
  export_csv_number(out, bl->dummy_us, "%.4f");
  export_csv_number(out, bl->dummy_err_us, "%.4f");
  sk_export_csv_field(out, bl->loop_ended ? bl->loop_ended : "", 1);
  sk_str_free(&f);
}

static void export_csv(sk_str *out, const sk_sko_file *files, int nfiles)
{
  int i, k;
  size_t b, l;
  sk_str_puts(out, "file,suite,label,loop_variables,message_size_bytes,time_us,stderr_us,repetitions,"
                   "node_times_us,refined,limited,invalid_repetitions,flags,dist_min_us,dist_q1_us,"
                   "dist_median_us,dist_q3_us,dist_p90_us,dist_p99_us,dist_max_us,oneway_latency_us,"
                   "bandwidth_mb_per_s,suite_time,suite_dummy_us,suite_dummy_err_us,suite_loop_ended\n");
  for (i = 0; i < nfiles; i++)
    for (b = 0; b < files[i].n; b++) {
      const sk_sko_block *bl = &files[i].blocks[b];
      for (l = 0; l < bl->n; l++) {
        const sk_sko_line *ln = &bl->lines[l];
        sk_str f;
        sk_str_init(&f);
        sk_export_csv_field(out, files[i].path, 0);
        sk_export_csv_field(out, bl->name, 0);
        sk_export_csv_field(out, ln->label, 0);
        sk_str_putn(&f, "", 0);
        for (k = 0; k < ln->nvars; k++) sk_str_printf(&f, "%s%s=%s", k ? ";" : "", ln->vars[k].name, ln->vars[k].text);
        sk_export_csv_field(out, f.data, 0);
        sk_str_printf(out, "%ld,%.3f,%.3f,%ld,", ln->size, ln->time_us, ln->stderr_us, ln->reps);
        sk_str_clear(&f);
        sk_str_putn(&f, "", 0);
        for (k = 0; k < ln->nnode; k++) sk_str_printf(&f, "%s%.3f", k ? ";" : "", ln->node_us[k]);
        sk_export_csv_field(out, f.data, 0);
        sk_str_printf(out, "%d,%d,%d,", ln->refined, ln->limited || (bl->suite_limited && l + 1 == bl->n),
                      ln->invalid);
        export_csv_marks(out, bl, ln);
        sk_str_free(&f);
      }
    }
}

/* A header value typed: a number alone as a number ("processes": 2), a number with a
** unit of time or size as {"value": N, "unit": "s"} ("Total runtime": "23 seconds"), the
** column list mark (key "@columns") as a list of {"name", "unit"} (unit null when the column has none),
** anything else as its string. */
static void export_json_header_value(sk_str *out, const char *key, const char *value)
{
  static const char *const units[][2] = { { "s", "s" }, { "sec", "s" }, { "seconds", "s" }, { "us", "us" },
                                          { "ms", "ms" }, { "bytes", "bytes" } };
  char *end;
  double x = strtod(value, &end);
  size_t k;
  if (sk_streq(key, "@columns")) {
    const char *p = value;
    int first = 1;
    sk_str_putc(out, '[');
    while (*p) {
      const char *w = p, *open;
      char *name;
      while (*p && *p != ' ') p++;
      name = sk_strndup(w, (size_t)(p - w));
      open = strchr(name, '[');
      sk_str_puts(out, first ? "{\"name\": " : ", {\"name\": ");
      first = 0;
      if (open && name[strlen(name) - 1] == ']' && open != name) {
        name[strlen(name) - 1] = '\0';
        name[open - name] = '\0';
        sk_export_json_string(out, name);
        sk_str_puts(out, ", \"unit\": ");
        sk_export_json_string(out, name + strlen(name) + 1);
      } else {
        sk_export_json_string(out, name);
        sk_str_puts(out, ", \"unit\": null");
      }
      sk_str_putc(out, '}');
      free(name);
      while (*p == ' ') p++;
    }
    sk_str_putc(out, ']');
    return;
  }
  if (end != value && value[0] != ' ' && x - x == 0.0) {
    if (*end == '\0') { export_json_number(out, x); return; }
    for (k = 0; k < sizeof units / sizeof units[0]; k++)
      if (end[0] == ' ' && sk_streq(end + 1, units[k][0])) {
        sk_str_puts(out, "{\"value\": ");
        export_json_number(out, x);
        sk_str_printf(out, ", \"unit\": \"%s\"}", units[k][1]);
        return;
      }
  }
  sk_export_json_string(out, value);
}

/* "header": every field; a key written several times gets an array of its values. */
static void export_json_header(sk_str *out, const sk_sko_file *f)
{
  size_t i, j;
  int first = 1;
  sk_str_puts(out, "{");
  for (i = 0; i < f->nfields; i++) {
    int count = 0, seen = 0;
    for (j = 0; j < f->nfields; j++) if (sk_streq(f->fields[j].key, f->fields[i].key)) { count++; if (j < i) seen = 1; }
    if (seen) continue;
    sk_str_puts(out, first ? "\n      " : ",\n      ");
    first = 0;
    sk_export_json_string(out, f->fields[i].key);
    sk_str_puts(out, ": ");
    if (count > 1) sk_str_putc(out, '[');
    for (j = i; j < f->nfields; j++) {
      if (!sk_streq(f->fields[j].key, f->fields[i].key)) continue;
      if (j > i) sk_str_puts(out, ", ");
      export_json_header_value(out, f->fields[j].key, f->fields[j].value);
    }
    if (count > 1) sk_str_putc(out, ']');
  }
  sk_str_puts(out, "}");
}

/* A number, or null when below 0 (unknown). */
static void export_json_known(sk_str *out, double x)
{
  if (x < 0.0) sk_str_puts(out, "null");
  else export_json_number(out, x);
}

/* The marks of a JSON row (export.h): flags as an object, dist, the repetitions' values,
** one-way latency, bandwidth, and the block's time kind, dummy time and loop end. */
static void export_json_marks(sk_str *out, const sk_sko_block *bl, const sk_sko_line *ln)
{
  const char *p = ln->flagset;
  int k;
  sk_str_puts(out, ", \"flags\": {");
  while (p && *p) {
    const char *end = strchr(p, ','), *eq;
    size_t len = end ? (size_t)(end - p) : strlen(p);
    char *flag = sk_strndup(p, len), *stop;
    double x;
    if (p != ln->flagset) sk_str_puts(out, ", ");
    eq = strchr(flag, '=');
    if (eq == NULL) { sk_export_json_string(out, flag); sk_str_puts(out, ": true"); }
    else {
      flag[eq - flag] = '\0';
      sk_export_json_string(out, flag);
      sk_str_puts(out, ": ");
      x = strtod(eq + 1, &stop);
      if (*stop == '\0' && stop != eq + 1) export_json_number(out, x);
      else sk_export_json_string(out, eq + 1);
    }
    free(flag);
    p = end ? end + 1 : NULL;
  }
  sk_str_puts(out, "}, \"dist_us\": ");
  if (!ln->has_dist) sk_str_puts(out, "null");
  else {
    for (k = 0; k < 7; k++) {
      sk_str_printf(out, "%s\"%s\": ", k ? ", " : "{", export_dist_names[k]);
      export_json_number(out, ln->dist[k]);
    }
    sk_str_putc(out, '}');
  }
  sk_str_puts(out, ", \"repetition_values_us\": [");
  for (k = 0; k < ln->nrep; k++) { if (k) sk_str_puts(out, ", "); export_json_number(out, ln->rep_us[k]); }
  sk_str_puts(out, "], \"oneway_latency_us\": ");
  export_json_known(out, ln->oneway_us);
  sk_str_puts(out, ", \"bandwidth_mb_per_s\": ");
  export_json_known(out, ln->mbytes_per_s);
  sk_str_puts(out, ", \"suite_time\": ");
  if (bl->time_kind == 0) sk_str_puts(out, "null");
  else sk_export_json_string(out, export_time_kinds[bl->time_kind]);
  sk_str_puts(out, ", \"suite_dummy_us\": ");
  export_json_known(out, bl->dummy_us);
  sk_str_puts(out, ", \"suite_dummy_err_us\": ");
  export_json_known(out, bl->dummy_err_us);
  sk_str_puts(out, ", \"suite_loop_ended\": ");
  if (bl->loop_ended == NULL) sk_str_puts(out, "null");
  else sk_export_json_string(out, bl->loop_ended);
}

static void export_json_row(sk_str *out, const sk_sko_file *f, const sk_sko_block *bl, size_t l)
{
  const sk_sko_line *ln = &bl->lines[l];
  int k;
  sk_str_puts(out, "    {\"file\": ");
  sk_export_json_string(out, f->path);
  sk_str_puts(out, ", \"suite\": ");
  sk_export_json_string(out, bl->name);
  sk_str_puts(out, ", \"label\": ");
  sk_export_json_string(out, ln->label);
  sk_str_puts(out, ", \"loop_variables\": {");
  for (k = 0; k < ln->nvars; k++) {
    if (k) sk_str_puts(out, ", ");
    sk_export_json_string(out, ln->vars[k].name);
    sk_str_puts(out, ": ");
    if (ln->vars[k].x != HUGE_VAL) export_json_number(out, ln->vars[k].x);
    else sk_export_json_string(out, ln->vars[k].text);
  }
  sk_str_printf(out, "}, \"message_size_bytes\": %ld, \"time_us\": ", ln->size);
  export_json_number(out, ln->time_us);
  sk_str_puts(out, ", \"stderr_us\": ");
  export_json_number(out, ln->stderr_us);
  sk_str_printf(out, ", \"repetitions\": %ld, \"node_times_us\": [", ln->reps);
  for (k = 0; k < ln->nnode; k++) { if (k) sk_str_puts(out, ", "); export_json_number(out, ln->node_us[k]); }
  sk_str_printf(out, "], \"refined\": %s, \"limited\": %s, \"invalid_repetitions\": %d",
                ln->refined ? "true" : "false",
                ln->limited || (bl->suite_limited && l + 1 == bl->n) ? "true" : "false", ln->invalid);
  export_json_marks(out, bl, ln);
  sk_str_putc(out, '}');
}

static void export_json(sk_str *out, const sk_sko_file *files, int nfiles)
{
  int i, first = 1;
  size_t b, l;
  sk_str_puts(out, "{\n  \"files\": [");
  for (i = 0; i < nfiles; i++) {
    sk_str_puts(out, i ? ",\n    {\"file\": " : "\n    {\"file\": ");
    sk_export_json_string(out, files[i].path);
    sk_str_puts(out, ", \"header\": ");
    export_json_header(out, &files[i]);
    sk_str_puts(out, "}");
  }
  sk_str_puts(out, "\n  ],\n  \"rows\": [");
  for (i = 0; i < nfiles; i++)
    for (b = 0; b < files[i].n; b++)
      for (l = 0; l < files[i].blocks[b].n; l++) {
        sk_str_puts(out, first ? "\n" : ",\n");
        first = 0;
        export_json_row(out, &files[i], &files[i].blocks[b], l);
      }
  sk_str_puts(out, "\n  ]\n}\n");
}

SK_API void sk_export_text(sk_str *out, const char *format, const sk_sko_file *files, int nfiles)
{
  if (sk_streq(format, "csv")) export_csv(out, files, nfiles);
  else export_json(out, files, nfiles);
}

SK_API int sk_export_files(const char *path, const char *format, char **inputs, int ninputs, sk_str *err)
{
  sk_sko_file *files;
  sk_str o;
  int ok;
  if (!sk_sko_read_all(inputs, ninputs, &files, err)) return 0;
  sk_str_init(&o);
  sk_export_text(&o, format, files, ninputs);
  ok = sk_out_file(path, o.data ? o.data : "", err);
  sk_sko_free_all(files, ninputs);
  sk_str_free(&o);
  return ok;
}
