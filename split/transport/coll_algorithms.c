/*
** coll_algorithms.c -- see coll_algorithms.h. The facts of each row (control variable,
** names, Open MPI's collective ids of its COLLTYPE enumeration) were read from the
** libraries' own documentation and sources (Open MPI 4.1, MPICH 4.0); a name MPI_T
** lists differently wins over the table's.
*/
#include "coll_algorithms.h"

#if defined(SKAMPI_MPI) && defined(OMPI_MAJOR_VERSION) && (defined(__unix__) || defined(__APPLE__))
#define CA_HAVE_SETENV 1
/* setenv is POSIX.1-2001: strict C89 headers need not declare it */
extern int setenv(const char *name, const char *value, int overwrite);
#endif

typedef struct ca_row {
  int library;
  const char *coll;       /* the measurement row of the catalogue */
  const char *cvar;       /* the control variable that forces the algorithm */
  int file_id;            /* Open MPI: the collective's id in the dynamic rules file; -1 */
  const char *names;      /* the names by value from 0, space-separated (Open MPI: used
                          ** only where MPI_T lists no enumeration) */
} ca_row;

static const ca_row ca_rows[] = {
  { SK_COLL_LIB_OMPI, "Bcast", "coll_tuned_bcast_algorithm", 7,
    "ignore basic_linear chain pipeline split_binary_tree binary_tree binomial knomial scatter_allgather "
    "scatter_allgather_ring" },
  { SK_COLL_LIB_OMPI, "Allreduce", "coll_tuned_allreduce_algorithm", 2,
    "ignore basic_linear nonoverlapping recursive_doubling ring segmented_ring rabenseifner" },
  { SK_COLL_LIB_OMPI, "Reduce", "coll_tuned_reduce_algorithm", 11,
    "ignore linear chain pipeline binary binomial in-order_binary rabenseifner" },
  { SK_COLL_LIB_MPICH, "Bcast", "MPIR_CVAR_BCAST_INTRA_ALGORITHM", -1,
    "auto binomial nb smp scatter_recursive_doubling_allgather scatter_ring_allgather" },
  { SK_COLL_LIB_MPICH, "Allreduce", "MPIR_CVAR_ALLREDUCE_INTRA_ALGORITHM", -1,
    "auto nb smp recursive_doubling reduce_scatter_allgather" },
  { SK_COLL_LIB_MPICH, "Reduce", "MPIR_CVAR_REDUCE_INTRA_ALGORITHM", -1,
    "auto binomial nb smp reduce_scatter_gather" },
  { SK_COLL_LIB_NONE, NULL, NULL, -1, NULL }
};

SK_API void sk_coll_algs_before_init(void)
{
#ifdef CA_HAVE_SETENV
  (void)setenv("OMPI_MCA_coll_tuned_use_dynamic_rules", "1", 0);
#endif
}

SK_API const char *sk_coll_algs_library_name(int library)
{
  return library == SK_COLL_LIB_OMPI ? "Open MPI" : library == SK_COLL_LIB_MPICH ? "MPICH" : "none";
}

SK_API int sk_coll_algs_known(const char *coll)
{
  int i;
  for (i = 0; ca_rows[i].coll; i++) if (sk_streq(ca_rows[i].coll, coll)) return 1;
  return 0;
}

SK_API const char *sk_coll_algs_names(void)
{
  return "Bcast Allreduce Reduce";
}

/* The words of a row's names into out (values 0, 1, ...). */
static void ca_table_names(const ca_row *r, sk_coll_algs *out)
{
  const char *s = r->names;
  out->n = 0;
  while (*s && out->n < SK_COLL_ALGS_MAX) {
    size_t len = strcspn(s, " ");
    if (len >= SK_COLL_ALG_NAME) len = SK_COLL_ALG_NAME - 1;
    memcpy(out->names[out->n], s, len);
    out->names[out->n][len] = '\0';
    out->values[out->n] = out->n;
    out->n++;
    s += strcspn(s, " ");
    while (*s == ' ') s++;
  }
}

#if SK_HAVE_MPIT_CVARS
/* The index of the control variable name, or -1; its enumeration into *en. */
static int ca_cvar_index(const char *name, MPI_T_enum *en)
{
  int provided, n = 0, i;
  if (MPI_T_init_thread(MPI_THREAD_SINGLE, &provided) != MPI_SUCCESS) return -1;
  MPI_T_cvar_get_num(&n);
  for (i = 0; i < n; i++) {
    char cname[256];
    int len = (int)sizeof cname, verbosity, bind, scope;
    MPI_Datatype type;
    if (MPI_T_cvar_get_info(i, cname, &len, &verbosity, &type, en, NULL, NULL, &bind, &scope) != MPI_SUCCESS)
      continue;
    if (strcmp(cname, name) == 0 && type == MPI_INT) return i;
  }
  /* no MPI_T_finalize: see library_polling.c (MPICH 4.0 and a count back to zero) */
  return -1;
}

/* Reads (write 0) or writes (write 1) the integer control variable of index i. */
static int ca_cvar_access(int i, int *value, int write)
{
  MPI_T_cvar_handle h;
  int count = 0, ok;
  if (MPI_T_cvar_handle_alloc(i, NULL, &h, &count) != MPI_SUCCESS) return 0;
  ok = count == 1 && (write ? MPI_T_cvar_write(h, value) : MPI_T_cvar_read(h, value)) == MPI_SUCCESS;
  MPI_T_cvar_handle_free(&h);
  return ok;
}
#endif

/* This library's row for coll, or NULL. */
static const ca_row *ca_row_of(const char *coll, int library)
{
  int i;
  for (i = 0; ca_rows[i].coll; i++)
    if (ca_rows[i].library == library && sk_streq(ca_rows[i].coll, coll)) return &ca_rows[i];
  return NULL;
}

SK_API int sk_coll_algs_library(sk_str *why)
{
#if SK_HAVE_MPIT_CVARS
  MPI_T_enum en;
  if (ca_cvar_index("coll_tuned_bcast_algorithm", &en) >= 0) return SK_COLL_LIB_OMPI;
  if (ca_cvar_index("MPIR_CVAR_BCAST_INTRA_ALGORITHM", &en) >= 0) return SK_COLL_LIB_MPICH;
  sk_str_puts(why, "the MPI library offers no control variable that chooses a collective's algorithm "
                   "(Open MPI's coll_tuned_bcast_algorithm needs OMPI_MCA_coll_tuned_use_dynamic_rules=1; "
                   "MPICH's MPIR_CVAR_BCAST_INTRA_ALGORITHM)");
#else
  sk_str_puts(why, "this build cannot write MPI_T control variables (it needs an MPI 3 library's mpi.h; "
                   "not the MPI-1, sequential, RCCE or SimGrid builds)");
#endif
  return SK_COLL_LIB_NONE;
}

SK_API int sk_coll_algs_list(const char *coll, sk_coll_algs *out, sk_str *err)
{
  sk_str why;
  int library;
  const ca_row *r;
  sk_str_init(&why);
  library = sk_coll_algs_library(&why);
  out->n = 0;
  if (library == SK_COLL_LIB_NONE) { sk_str_puts(err, why.data); sk_str_free(&why); return 0; }
  sk_str_free(&why);
  if ((r = ca_row_of(coll, library)) == NULL) {
    sk_str_printf(err, "%s: no algorithms of %s are known (skampi knows %s)", coll, sk_coll_algs_library_name(library),
                  sk_coll_algs_names());
    return 0;
  }
  ca_table_names(r, out);
#if SK_HAVE_MPIT_CVARS
  {
    MPI_T_enum en = MPI_T_ENUM_NULL;
    int num = 0, j;
    if (ca_cvar_index(r->cvar, &en) < 0) {
      sk_str_printf(err, "%s: the library does not offer %s", coll, r->cvar);
      return 0;
    }
    if (en != MPI_T_ENUM_NULL && MPI_T_enum_get_info(en, &num, NULL, NULL) == MPI_SUCCESS && num > 0) {
      out->n = 0;
      for (j = 0; j < num && out->n < SK_COLL_ALGS_MAX; j++) {
        int value, len = SK_COLL_ALG_NAME;
        if (MPI_T_enum_get_item(en, j, &value, out->names[out->n], &len) == MPI_SUCCESS) out->values[out->n++] = value;
      }
    }
  }
#endif
  if (out->n > 0 && out->values[0] == 0) strcpy(out->names[0], "default");
  return out->n > 0;
}

SK_API int sk_coll_algs_set(const char *coll, const char *alg, sk_str *err)
{
  sk_coll_algs algs;
  int k, value = -1;
  if (!sk_coll_algs_list(coll, &algs, err)) return 0;
  for (k = 0; k < algs.n; k++) if (sk_streq(algs.names[k], alg)) value = algs.values[k];
  if (value < 0) {
    sk_str_printf(err, "%s has no algorithm '%s' here; it has", coll, alg);
    for (k = 0; k < algs.n; k++) sk_str_printf(err, " %s", algs.names[k]);
    return 0;
  }
#if SK_HAVE_MPIT_CVARS
  {
    MPI_T_enum en;
    sk_str why;
    int i;
    sk_str_init(&why);
    i = ca_cvar_index(ca_row_of(coll, sk_coll_algs_library(&why))->cvar, &en);
    sk_str_free(&why);
    if (i >= 0 && ca_cvar_access(i, &value, 1)) return 1;
  }
#endif
  sk_str_printf(err, "%s: the library refused to set its algorithm to '%s'", coll, alg);
  return 0;
}

SK_API int sk_coll_algs_current(const char *coll)
{
#if SK_HAVE_MPIT_CVARS
  MPI_T_enum en;
  sk_str why;
  const ca_row *r;
  int i, value = -1;
  sk_str_init(&why);
  r = ca_row_of(coll, sk_coll_algs_library(&why));
  sk_str_free(&why);
  if (r == NULL || (i = ca_cvar_index(r->cvar, &en)) < 0 || !ca_cvar_access(i, &value, 0)) return -1;
  return value;
#else
  (void)coll;
  return -1;
#endif
}

/* The integer control variable name as the library holds it, or fallback. */
static int ca_cvar_int(const char *name, int fallback)
{
#if SK_HAVE_MPIT_CVARS
  MPI_T_enum en;
  int i = ca_cvar_index(name, &en), value;
  if (i >= 0 && ca_cvar_access(i, &value, 0)) return value;
#else
  (void)name;
#endif
  return fallback;
}

/* Open MPI's dynamic rules file (coll_tuned_dynamic_rules_filename; its reader takes
** numbers and skips a '#' to the end of its line): the number of collectives, then per
** collective its id, the number of communicator sizes, per size the size and the number
** of message sizes, per message size (the first 0) "size algorithm fan-in/out segment
** size", the last two those a forced algorithm gets (its control variables). */
static void ca_file_ompi(const sk_coll_rule *rules, int n, sk_str *text)
{
  int i = 0, ncoll = 0, j;
  for (j = 0; j < n; j++) if (j == 0 || !sk_streq(rules[j].coll, rules[j - 1].coll)) ncoll++;
  sk_str_printf(text, "%d  # collectives\n", ncoll);
  while (i < n) {
    const ca_row *r = ca_row_of(rules[i].coll, SK_COLL_LIB_OMPI);
    int end = i, k;
    while (end < n && sk_streq(rules[end].coll, rules[i].coll)) end++;
    sk_str_printf(text, "%d  # %s\n1  # communicator sizes\n%d  # processes\n%d  # message sizes\n",
                  r ? r->file_id : -1, rules[i].coll, rules[i].comm_size, end - i);
    for (k = i; k < end; k++) {   /* the fan-out and segment size a forced algorithm gets (chain: 4) */
      char name[200];
      int fanout, segsize;
      sprintf(name, "%.150s_chain_fanout", r ? r->cvar : "");
      fanout = ca_cvar_int(name, 4);
      sprintf(name, "%.150s_segmentsize", r ? r->cvar : "");
      segsize = ca_cvar_int(name, 0);
      sk_str_printf(text, "%ld %d %d %d  # from %ld bytes: %s\n", k == i ? 0L : rules[k].from_bytes, rules[k].value,
                    fanout, segsize, k == i ? 0L : rules[k].from_bytes, rules[k].name);
    }
    i = end;
  }
}

/* MPICH's environment file: one algorithm per collective (the variable holds one name). */
static void ca_file_mpich(const sk_coll_rule *rules, int n, sk_str *text)
{
  int i;
  for (i = 0; i < n; i++) {
    const ca_row *r = ca_row_of(rules[i].coll, SK_COLL_LIB_MPICH);
    if (r == NULL || (i > 0 && sk_streq(rules[i].coll, rules[i - 1].coll))) continue;
    sk_str_printf(text, "%s=%s\n", r->cvar, rules[i].value == 0 ? "auto" : rules[i].name);
  }
}

SK_API void sk_coll_algs_file(int library, const sk_coll_rule *rules, int n, const char *header, sk_str *text)
{
  const char *s = header;
  while (s && *s) {   /* each line of the header as a comment */
    sk_str_puts(text, "# ");
    for (; *s && *s != '\n'; s++) sk_str_putc(text, *s);
    sk_str_putc(text, '\n');
    if (*s == '\n') s++;
  }
  if (library == SK_COLL_LIB_OMPI) ca_file_ompi(rules, n, text);
  else if (library == SK_COLL_LIB_MPICH) ca_file_mpich(rules, n, text);
}

SK_API void sk_coll_algs_load_env(int library, const char *path, sk_str *out)
{
  if (library == SK_COLL_LIB_OMPI)
    sk_str_printf(out, "env OMPI_MCA_coll_tuned_use_dynamic_rules=1 OMPI_MCA_coll_tuned_dynamic_rules_filename=%s", path);
  else if (library == SK_COLL_LIB_MPICH)
    sk_str_printf(out, "env $(grep -v '^#' %s)", path);
}
