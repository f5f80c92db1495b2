/*
** libsettings.c -- see libsettings.h. The environment is read through `environ`
** (POSIX) where the system has it; elsewhere only MPI_T is asked about the variables
** getenv finds for the names MPI_T lists.
*/
#include "libsettings.h"

#if defined(__unix__) || defined(__unix) || defined(unix) || defined(__APPLE__)
#define LS_HAVE_ENVIRON 1
extern char **environ;
#else
#define LS_HAVE_ENVIRON 0
#endif

static const char *const ls_prefixes[] = {
  "MPIR_CVAR_", "MPIR_PARAM_", "MPICH_", "OMPI_MCA_", "UCX_", "FI_", NULL
};

/* Parts of a name that say it is not a setting to print: secrets, and what the
** launchers pass to each process about the job (Open MPI's orte_, ess and pmix
** variables, directories, Hydra's host name), which is no tuning. */
static const char *const ls_hidden[] = {
  "KEY", "TOKEN", "SECRET", "PASSW", "CRED", "AUTH", "PRECONDITION_TRANSPORTS", "URI",
  "_ORTE_", "MCA_ESS", "MCA_PMIX", "JOBID", "VPID", "WDIR", "SESSION_DIR", "TMPDIR", "RUNTIME_QUERY",
  "INTERFACE_HOSTNAME", NULL
};

static int ls_contains_nocase(const char *s, const char *part)
{
  size_t n = strlen(part), i;
  for (; *s; s++) {
    for (i = 0; i < n && s[i] && (s[i] >= 'a' && s[i] <= 'z' ? s[i] - 'a' + 'A' : s[i]) == part[i]; i++) {}
    if (i == n) return 1;
  }
  return 0;
}

SK_API int sk_libsettings_wanted(const char *name)
{
  int k, ok = 0;
  for (k = 0; ls_prefixes[k]; k++) if (strncmp(name, ls_prefixes[k], strlen(ls_prefixes[k])) == 0) ok = 1;
  for (k = 0; ok && ls_hidden[k]; k++) if (ls_contains_nocase(name, ls_hidden[k])) ok = 0;
  return ok;
}

/* text into the header, control characters as '?' (a header line stays one line) */
static void ls_put(sk_str *h, const char *text)
{
  for (; *text; text++) sk_str_putc(h, (unsigned char)*text < 32 || *text == 127 ? '?' : *text);
}

#if SK_HAVE_MPIT_CVARS
/* The environment variable that sets control variable `name`, or NULL: MPICH's
** MPIR_CVAR_NAME (its MPI_T names have the prefix too, or not), MPIR_PARAM_, MPICH_;
** Open MPI's OMPI_MCA_name. */
static const char *ls_env_of(const char *name, char *var, size_t size)
{
  static const char *const pre[] = { "", "MPIR_CVAR_", "MPIR_PARAM_", "MPICH_", "OMPI_MCA_", NULL };
  const char *bare = strncmp(name, "MPIR_CVAR_", 10) == 0 ? name + 10 : name;
  int k;
  for (k = 0; pre[k]; k++) {
    const char *tail = k == 0 ? name : bare;
    if (strlen(pre[k]) + strlen(tail) + 1 > size) continue;
    sk_copy_string(var, size, pre[k]);
    strcat(var, tail);
    if (sk_libsettings_wanted(var) && getenv(var) != NULL) return var;
  }
  return NULL;
}

/* The value of control variable i (one element, bound to no object) as text; 0 when it
** cannot be read. */
static int ls_cvar_text(int i, MPI_Datatype type, MPI_T_enum et, char *out, size_t size)
{
  MPI_T_cvar_handle handle;
  int count = 0, ok;
  union { int i; unsigned u; long l; unsigned long ul; double d; char c[512]; } v;
  memset(&v, 0, sizeof v);
  if (MPI_T_cvar_handle_alloc(i, NULL, &handle, &count) != MPI_SUCCESS) return 0;
  ok = (type == MPI_CHAR ? count >= 1 && (size_t)count <= sizeof v.c : count == 1)
       && MPI_T_cvar_read(handle, &v) == MPI_SUCCESS;
  MPI_T_cvar_handle_free(&handle);
  if (!ok) return 0;
  v.c[sizeof v.c - 1] = '\0';
  if (type == MPI_INT && et != MPI_T_ENUM_NULL) {
    int n = 0, k, value;
    char ename[128], item[128];
    int elen = (int)sizeof ename;
    if (MPI_T_enum_get_info(et, &n, ename, &elen) == MPI_SUCCESS)
      for (k = 0; k < n; k++) {
        int ilen = (int)sizeof item;
        if (MPI_T_enum_get_item(et, k, &value, item, &ilen) == MPI_SUCCESS && value == v.i) {
          sprintf(out, "%.*s (%d)", (int)(size - 16 < 100 ? size - 16 : 100), item, v.i);
          return 1;
        }
      }
  }
  if (type == MPI_INT) sprintf(out, "%d", v.i);
  else if (type == MPI_UNSIGNED) sprintf(out, "%u", v.u);
  else if (type == MPI_LONG) sprintf(out, "%ld", v.l);
  else if (type == MPI_UNSIGNED_LONG) sprintf(out, "%lu", v.ul);
  else if (type == MPI_DOUBLE) sprintf(out, "%g", v.d);
  else if (type == MPI_CHAR) sprintf(out, "%.*s", (int)(size - 1 < 200 ? size - 1 : 200), v.c);
  else return 0;
  return 1;
}

static void ls_mpit(sk_str *h)
{
  int n = 0, i, provided;
  if (MPI_T_init_thread(MPI_THREAD_SINGLE, &provided) != MPI_SUCCESS) return;
  if (MPI_T_cvar_get_num(&n) != MPI_SUCCESS) n = 0;
  for (i = 0; i < n; i++) {
    char name[256], desc[8], var[300], text[512];
    int nl = (int)sizeof name, dl = (int)sizeof desc, verbosity, bind, scope;
    MPI_Datatype type;
    MPI_T_enum et;
    const char *env;
    if (MPI_T_cvar_get_info(i, name, &nl, &verbosity, &type, &et, desc, &dl, &bind, &scope) != MPI_SUCCESS) continue;
    if (bind != MPI_T_BIND_NO_OBJECT || (env = ls_env_of(name, var, sizeof var)) == NULL) continue;
    if (!ls_cvar_text(i, type, et, text, sizeof text)) continue;
    sk_str_puts(h, "# library MPI_T: ");
    ls_put(h, name);
    sk_str_puts(h, " = ");
    ls_put(h, text);
    sk_str_printf(h, " (%s)\n", env);
  }
  MPI_T_finalize();
}
#endif

static int ls_cmp(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

SK_API void sk_libsettings_describe(sk_str *header)
{
#if LS_HAVE_ENVIRON
  char **e, **mine;
  size_t n = 0, cap = 0, i;
  for (e = environ; e && *e; e++) cap++;
  mine = (char **)sk_calloc(cap + 1, sizeof(char *));
  for (e = environ; e && *e; e++) {   /* sorted by name: runs' headers line up */
    const char *eq = strchr(*e, '=');
    char name[256];
    size_t len = eq ? (size_t)(eq - *e) : 0;
    if (len == 0 || len >= sizeof name) continue;
    memcpy(name, *e, len);
    name[len] = '\0';
    if (sk_libsettings_wanted(name)) mine[n++] = *e;
  }
  qsort(mine, n, sizeof(char *), ls_cmp);
  for (i = 0; i < n; i++) {
    sk_str_puts(header, "# library setting: ");
    ls_put(header, mine[i]);
    sk_str_putc(header, '\n');
  }
  free((void *)mine);
#endif
#if SK_HAVE_MPIT_CVARS
  ls_mpit(header);
#endif
}
