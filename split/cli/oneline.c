/*
** oneline.c -- see oneline.h: the options of a one-line run, the closest names of the
** catalogue for a name it lacks, and the .ski program of the sweep.
*/
#include "oneline.h"
#include <ctype.h>

#define ONELINE_SIZE_MIN 1L
#define ONELINE_SIZE_MAX 1048576L          /* 1 MiB, OSU's default upper bound */
#define ONELINE_LIMIT (128L * 1048576L)    /* the largest count taken: 128 Mi (8 times that, the
                                              buffer of a reduction, still fits a 32-bit long) */

/* The values of the parameters that are neither the swept count, the datatype nor the
** operator, by name; any other integer is 0, any other double 0.0. */
static const struct { const char *name; const char *value; } oneline_fixed[] = {
  { "iterations", "10" },      /* ping-pongs per timing (averaged, SKaMPI 5 manual §3.1) */
  { "iteration_count", "10" },
  { "msg_count", "1" }, { "alltoall_count", "1" }, { "chunks", "16" },
  { "procs", "1" }, { "nodesize", "1" }, { "dest_rank", "1" }, { "do_a_put", "1" },
  { "ratio", "1.0" }
};

static int oneline_is_count(const char *param)
{
  return sk_streq(param, "count") || sk_streq(param, "send_count") || sk_streq(param, "recv_count") ||
         sk_streq(param, "chunk_bytes");
}

/* "1024", "64k", "64kb", "64KiB", "1M", "1MiB" (k = 1024, M = 1024 k); 0 if it is none. */
static int oneline_number(const char *s, long *v)
{
  static const struct { const char *suffix; long factor; } units[] = {
    { "", 1L }, { "k", 1024L }, { "K", 1024L }, { "kb", 1024L }, { "KB", 1024L }, { "KiB", 1024L },
    { "m", 1048576L }, { "M", 1048576L }, { "mb", 1048576L }, { "MB", 1048576L }, { "MiB", 1048576L }
  };
  long n = 0;
  size_t k;
  if (*s < '0' || *s > '9') return 0;
  for (; *s >= '0' && *s <= '9'; s++) {
    if (n > ONELINE_LIMIT / 10) return 0;
    n = n * 10 + (*s - '0');
  }
  for (k = 0; k < sizeof units / sizeof units[0]; k++)
    if (sk_streq(s, units[k].suffix)) {
      if (n > ONELINE_LIMIT / units[k].factor) return 0;
      *v = n * units[k].factor;
      return 1;
    }
  return 0;
}

/* "MIN:MAX", "N" (both N) or, when open_max, "MIN:" (*max 0); 1 if it is one. */
static int oneline_range(const char *s, long *min, long *max, int open_max)
{
  const char *colon = strchr(s, ':');
  char first[64];
  if (colon == NULL) return oneline_number(s, min) && oneline_number(s, max);
  if ((size_t)(colon - s) >= sizeof first) return 0;
  memcpy(first, s, (size_t)(colon - s));
  first[colon - s] = '\0';
  if (!oneline_number(first, min)) return 0;
  if (colon[1] == '\0' && open_max) { *max = 0; return 1; }
  return oneline_number(colon + 1, max) && *max >= *min;
}

SK_API int sk_oneline_option(int argc, char **argv, int i, sk_oneline *o, sk_str *err)
{
  const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
  int ok;
  if (sk_streq(a, "--dump")) {
    o->dump = 1;
    if (o->first_option == NULL) o->first_option = a;
    return 1;
  }
  if (!sk_streq(a, "--sizes") && !sk_streq(a, "--reps") && !sk_streq(a, "--error") && !sk_streq(a, "--procs"))
    return 0;
  sk_str_clear(err);
  if (o->first_option == NULL) o->first_option = a;
  if (v == NULL) {
    sk_str_printf(err, "skampi: '%s' needs a value", a);
    return -1;
  }
  if (sk_streq(a, "--procs")) o->procs_text = v;
  if (sk_streq(a, "--sizes")) ok = oneline_range(v, &o->size_min, &o->size_max, 0) && o->size_max >= 1;
  if (sk_streq(a, "--sizes")) o->sizes_given = 1;
  else if (sk_streq(a, "--reps")) ok = oneline_range(v, &o->reps_min, &o->reps_max, 0) && o->reps_min >= 1;
  else if (sk_streq(a, "--procs")) ok = oneline_range(v, &o->procs_min, &o->procs_max, 1) && o->procs_min >= 1;
  else {
    char *end;
    o->error = strtod(v, &end);
    if (*end == '%') { o->error /= 100.0; end++; }
    ok = end != v && *end == '\0' && o->error > 0.0 && o->error < 1.0;
  }
  if (!ok) {
    if (sk_streq(a, "--error"))
      sk_str_printf(err, "skampi: --error '%s': give the relative standard error as a fraction or a percentage "
                    "(0.05 or 5%%)", v);
    else
      sk_str_printf(err, "skampi: %s '%s': give MIN:MAX (whole numbers from %d to 128M%s, suffixes k and M)%s", a, v,
                    sk_streq(a, "--sizes") ? 0 : 1, sk_streq(a, "--procs") ? "" : ", MIN <= MAX",
                    sk_streq(a, "--procs") ? "; MIN: up to all processes" : "");
    return -1;
  }
  return 2;
}

SK_API void sk_oneline_closest(const char *name, sk_str *out)
{
  const sk_measurement *m;
  int best[3] = { 0, 0, 0 }, dist[3] = { 0, 0, 0 }, i, k, n = 0, far = (int)strlen(name) / 3 + 1;
  for (i = 0; (m = sk_catalogue_entry(i)) != NULL; i++) {
    int d = sk_edit_distance(name, m->name);
    if (d > far) continue;
    for (k = n < 3 ? n++ : 3; k > 0 && dist[k - 1] > d; k--)
      if (k < 3) { best[k] = best[k - 1]; dist[k] = dist[k - 1]; }
    if (k < 3) { best[k] = i; dist[k] = d; }
  }
  for (k = 0; k < n; k++) sk_str_printf(out, "%s%s", k == 0 ? "; closest: " : ", ", sk_catalogue_entry(best[k])->name);
}

/* The row called name, or "MPI_" + a row's name (MPI_Bcast: Bcast); NULL with *err set. */
static const sk_measurement *oneline_row(const char *name, sk_str *err)
{
  const sk_measurement *m = sk_catalogue_find(name);
  char why[300];
  if (m == NULL && strncmp(name, "MPI_", 4) == 0) m = sk_catalogue_find(name + 4);
  if (m == NULL) {
    sk_str_printf(err, "skampi: no measurement '%s'", name);
    sk_oneline_closest(name, err);
    if (strstr(name, ".ski") != NULL || strstr(name, ".par") != NULL)
      sk_str_printf(err, " (a program file runs with skampi -i %s)", name);
    else
      sk_str_puts(err, " (skampi -l lists them)");
    return NULL;
  }
  if (sk_catalogue_unavailable(m, why, sizeof why) != NULL) {
    if (sk_streq(name, m->name)) sk_str_printf(err, "skampi: %s", why);
    else sk_str_printf(err, "skampi: '%s': %s", name, why);
    return NULL;
  }
  return m;
}

/* The value of param in set ("PARAM=VALUE,..."), copied into buf; NULL when set lacks it. */
static const char *oneline_set_value(const char *set, const char *param, char *buf, size_t size)
{
  size_t len = strlen(param);
  while (*set) {
    size_t item = strcspn(set, ",");
    if (item > len && strncmp(set, param, len) == 0 && set[len] == '=') {
      sk_copy_string(buf, item - len < size ? item - len : size, set + len + 1);
      return buf;
    }
    set += item;
    if (*set == ',') set++;
  }
  return NULL;
}

/* The argument list of the measure statement; 0 with *err set for a parameter without
** a value here. *sweeps: a parameter is the swept count; *per_process: the count is
** per process of the communicator (the buffer grows with it). */
static int oneline_args(const sk_oneline *o, const sk_measurement *m, sk_str *args, int *sweeps, int *per_process,
                        sk_str *err)
{
  const char *name = o->name;
  char set_value[64];
  const char *names = m->param_names ? m->param_names : "", *letter;
  int reduces = strchr(m->params, 'o') != NULL;
  for (letter = m->params; *letter; letter++) {
    char param[64];
    size_t len = strcspn(names, " "), k;
    const char *value = NULL;
    sk_copy_string(param, len + 1 < sizeof param ? len + 1 : sizeof param, names);
    names += len;
    while (*names == ' ') names++;
    if (*letter == 'i' && oneline_is_count(param)) {
      value = "count";
      *sweeps = 1;
      if (!sk_streq(param, "count") && !sk_streq(param, "chunk_bytes")) *per_process = 1;
    }
    if (value == NULL && o->set != NULL) value = oneline_set_value(o->set, param, set_value, sizeof set_value);
    for (k = 0; value == NULL && k < sizeof oneline_fixed / sizeof oneline_fixed[0]; k++)
      if (sk_streq(param, oneline_fixed[k].name)) value = oneline_fixed[k].value;
    if (value == NULL) {
      switch (*letter) {
      case 'i': value = "0"; break;
      case 'd': value = "0.0"; break;
      case 't': value = reduces ? "MPI_INT" : "MPI_BYTE"; break;
      case 'o': value = "MPI_SUM"; break;
      case 'n': value = "MPI_INFO_NULL"; break;
      default:
        sk_str_printf(err, "skampi: '%s' has a parameter %s (%s) that a one-line run cannot choose: write a .ski "
                      "program for it (skampi -l %s shows its parameters)", name, param,
                      sk_param_type_name(*letter), m->name);
        return 0;
      }
    }
    sk_str_printf(args, "%s%s", letter == m->params ? "" : ", ", value);
  }
  return 1;
}

/* One suite: the sweep over count (or the list counts, or one point) on the communicator comm. */
static void oneline_suite(sk_str *text, const char *suite, const char *comm, const sk_measurement *m,
                          const char *args, int sweeps, int zero, long min, long max, const char *counts)
{
  sk_str_printf(text, "\nbegin measurement \"%s\"\n", suite);
  if (sweeps && counts != NULL) {   /* the list as given */
    sk_str_printf(text, "  for count in [%s] do\n", counts);
    sk_str_printf(text, "    measure %s : %s(%s)\n  od\n", comm, m->name, args);
  } else if (sweeps) {
    if (min == 0 || zero) {   /* the 0-byte message: a loop of one point, as the sweep's lines */
      sk_str_printf(text, "  for count = 0 to 0 do\n");
      sk_str_printf(text, "    measure %s : %s(%s)\n  od\n", comm, m->name, args);
      if (min == 0) min = 1;
    }
    if (min <= max) {
      sk_str_printf(text, "  for count = %ld to %ld step *2 do\n", min, max);
      sk_str_printf(text, "    measure %s : %s(%s)\n  od\n", comm, m->name, args);
    }
  } else {
    sk_str_printf(text, "  measure %s : %s(%s)\n", comm, m->name, args);
  }
  sk_str_puts(text, "end measurement\n");
}

SK_API int sk_oneline_program(const sk_oneline *o, int nprocs, sk_str *text, sk_str *err)
{
  const sk_measurement *m;
  sk_str args;
  int sweeps = 0, per_process = 0, ok;
  long min = o->size_min > 0 || o->sizes_given ? o->size_min : ONELINE_SIZE_MIN;
  long max = o->size_max > 0 ? o->size_max : ONELINE_SIZE_MAX;
  long procs_max = o->procs_max > 0 ? o->procs_max : nprocs > 0 ? nprocs : o->procs_min, n;
  sk_str_clear(err);
  if ((m = oneline_row(o->name, err)) == NULL) return 0;
  if (o->procs_min > 0 && m->pattern == SK_PATTERN_P2P) {
    sk_str_printf(err, "skampi: --procs '%s': '%s' measures between ranks 0 and 1 (a point-to-point pattern), "
                  "not over a number of processes", o->procs_text, o->name);
    return 0;
  }
  if (o->procs_min > 0 && nprocs > 0 && procs_max > nprocs) {
    sk_str_printf(err, "skampi: --procs %ld:%ld, but the run has %d processes", o->procs_min, procs_max, nprocs);
    return 0;
  }
  if (o->dump && o->procs_min > 0 && o->procs_max == 0) {
    sk_str_printf(err, "skampi: --dump --procs '%s': give MIN:MAX (without a launcher the number of processes "
                  "is not known)", o->procs_text);
    return 0;
  }
  if (o->bytes && strchr(m->params, 'o') != NULL && !(o->set && strstr(o->set, "datatype=MPI_UNSIGNED_CHAR"))) {
    /* bytes of MPI_INT: whole elements (a set's MPI_UNSIGNED_CHAR: one a byte) */
    min = (min + 3) / 4;
    max = max / 4 > min ? max / 4 : min;
  }
  sk_str_init(&args);
  ok = oneline_args(o, m, &args, &sweeps, &per_process, err);
  if (ok && !o->comment) {
    sk_str_printf(text, "# A one-line run of skampi (skampi %s ...): %s", o->name, m->name);
    if (sweeps && o->counts) sk_str_printf(text, " over count in [%s]", o->counts);
    else if (sweeps) sk_str_printf(text, " over count = %ld ... %ld (step *2)", min, max);
    sk_str_printf(text, "%s.\n", o->procs_min > 0 ? ", one suite per number of processes" : "");
    if (o->reps_min > 0) {
      sk_str_printf(text, "set_min_repetitions(%ld)\nset_max_repetitions(%ld)\n", o->reps_min, o->reps_max);
      if (o->reps_min == o->reps_max)   /* a fixed count (--reps N:N, OSU's -i, IMB's -iter): all of them, */
        sk_str_puts(text, "set_time_limit_per_measurement(86400)\n");   /* no point budget (runner.h) */
    }
    if (o->error > 0.0) sk_str_printf(text, "set_max_relative_standard_error(%g)\n", o->error);
  }
  if (ok) {
    if (sweeps && o->buffer > 0) {
      sk_str_printf(text, "set_skampi_buffer(%ld)\n", o->buffer > 16384 ? o->buffer : 16384L);
    } else if (sweeps) {   /* the largest count of MPI_INT (4 bytes) or MPI_BYTE sent and received (per process) */
      sk_str_printf(text, "set_skampi_buffer(%ld%s)\n", (strchr(m->params, 'o') ? 8 : 2) * (max > 16384 ? max : 16384),
                    per_process ? " * get_np()" : "");
    }
    if (o->procs_min == 0) {
      oneline_suite(text, o->suite ? o->suite : m->name, "MPI_COMM_WORLD", m, args.data ? args.data : "", sweeps,
                    o->zero_first, min, max, o->counts);
    } else {
      for (n = o->procs_min; n <= procs_max; n++) {
        char suite[200], comm[40];
        sprintf(suite, "%.150s-np%ld", o->suite ? o->suite : m->name, n);
        sprintf(comm, "comm(%ld)", n);
        oneline_suite(text, suite, comm, m, args.data ? args.data : "", sweeps, o->zero_first, min, max, o->counts);
      }
    }
  }
  sk_str_free(&args);
  return ok;
}

SK_API const char *sk_oneline_input_name(const sk_oneline *o)
{
  static char *name;   /* made on first use (config.h, "writable data") */
  if (name == NULL) name = (char *)sk_malloc(200);
  sprintf(name, "%.150s (one-line run)", o->name);
  return name;
}

SK_API int sk_oneline_least_procs(const sk_oneline *o)
{
  const sk_measurement *m = sk_catalogue_find(o->name);
  if (m == NULL && strncmp(o->name, "MPI_", 4) == 0) m = sk_catalogue_find(o->name + 4);
  return m == NULL || o->procs_min > 0 ? 0 : m->min_procs;
}
