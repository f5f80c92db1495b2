/*
** library_polling.c -- see library_polling.h. Open MPI and MPICH are told apart by their
** mpi.h (OMPI_MAJOR_VERSION, MPICH_VERSION); control variables are read through the MPI
** tool information interface (MPI_T, MPI-3) where the library has it.
*/
#include "library_polling.h"

/* The control variables of the MPI tool information interface (MPI-3 §14.3.6): tested by
** what this module uses, as the version number does not tell (SimGrid's SMPI says MPI
** 3.1 and has no MPI_T): mpi.h's handle constants come with the types and functions. */
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 3 && defined(MPI_T_CVAR_HANDLE_NULL) && defined(MPI_T_ENUM_NULL)
#define LP_HAVE_CVARS 1
#else
#define LP_HAVE_CVARS 0
#endif

#define LP_OMPI_ENV "OMPI_MCA_mpi_yield_when_idle"
#define LP_MPICH_ENV "MPIR_CVAR_POLLS_BEFORE_YIELD"

#if defined(SKAMPI_MPI) && defined(OMPI_MAJOR_VERSION)
#if defined(__unix__) || defined(__APPLE__)
#define LP_HAVE_SETENV 1
/* setenv is POSIX.1-2001: strict C89 headers need not declare it */
extern int setenv(const char *name, const char *value, int overwrite);
#endif

static struct {
  int applied;       /* skampi set LP_OMPI_ENV */
  int user_set;      /* the environment had it before */
  int declined;      /* SKAMPI_LIBRARY_YIELD=0 */
} lp;

/* Before MPI_Init only the launcher knows how many processes share this host: Open MPI's
** OMPI_COMM_WORLD_LOCAL_SIZE (0: not told). */
static int lp_crowded_before_init(void)
{
  const char *v = getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
  const char *bound = getenv("OMPI_MCA_orte_bound_at_launch");
  long local = v ? strtol(v, NULL, 10) : 0;
  int mask = 0, online = sk_host_processors(&mask);
  return sk_lib_polling_crowded(local, online, mask, bound != NULL && strcmp(bound, "1") == 0);
}
#endif

/* A launcher that binds every process to its own processor (Open MPI below the number of
** processors: OMPI_MCA_orte_bound_at_launch=1) leaves each a mask of one processor, which
** says nothing about the host: then only the processors online count. Otherwise the
** process's own mask is what the launcher (or taskset around it) gave them all.
** (Open MPI's builds use it; test builds test it.) */
#if (defined(SKAMPI_MPI) && defined(OMPI_MAJOR_VERSION)) || defined(SKAMPI_TESTING)
SK_API int sk_lib_polling_crowded(long local, int online, int mask, int bound_at_launch)
{
  int usable = bound_at_launch || mask <= 0 ? online : mask;
  return local > 0 && usable > 0 && local > usable;
}
#endif

#ifdef SKAMPI_MPI
SK_API void sk_lib_polling_before_init(void)
{
#if defined(OMPI_MAJOR_VERSION)
  const char *mine = getenv("SKAMPI_LIBRARY_YIELD");
  if (!lp_crowded_before_init()) return;
  if (getenv(LP_OMPI_ENV) != NULL) { lp.user_set = 1; return; }
  if (mine != NULL && strcmp(mine, "0") == 0) { lp.declined = 1; return; }
#ifdef LP_HAVE_SETENV
  lp.applied = setenv(LP_OMPI_ENV, "1", 0) == 0;
#endif
#endif
}
#endif

#if LP_HAVE_CVARS
/* The integer value of a control variable (MPI_T); 0 when the library has no such one. */
static int lp_read_cvar(const char *name, int *value)
{
  int provided, n = 0, i, found = 0;
  if (MPI_T_init_thread(MPI_THREAD_SINGLE, &provided) != MPI_SUCCESS) return 0;
  MPI_T_cvar_get_num(&n);
  for (i = 0; i < n && !found; i++) {
    char cname[256];
    int len = (int)sizeof cname, verbosity, bind, scope, count;
    MPI_Datatype type;
    MPI_T_enum enumtype;
    MPI_T_cvar_handle h;
    int buf[8];
    if (MPI_T_cvar_get_info(i, cname, &len, &verbosity, &type, &enumtype, NULL, NULL, &bind, &scope) != MPI_SUCCESS)
      continue;
    if (strcmp(cname, name) != 0 || (type != MPI_INT && type != MPI_C_BOOL)) continue;
    if (MPI_T_cvar_handle_alloc(i, NULL, &h, &count) != MPI_SUCCESS) continue;
    memset(buf, 0, sizeof buf);
    if (count == 1 && MPI_T_cvar_read(h, buf) == MPI_SUCCESS) {   /* a C bool is one byte */
      *value = type == MPI_INT ? buf[0] : ((unsigned char *)buf)[0] != 0;
      found = 1;
    }
    MPI_T_cvar_handle_free(&h);
  }
  /* no MPI_T_finalize: MPICH 4.0 crashes in MPI_T_pvar_get_num when MPI_T is initialised
  ** again after its count went back to zero (mpit.c initialises it per result); the
  ** count stays above zero for the run, which MPI-3 §14.2 allows */
  return found;
}
#endif

#ifdef SKAMPI_MPI
#define LP_BREAKER_DEFAULT_US 100L

/* A library that busy-polls while it waits and has no setting that makes it yield. */
static int lp_busy_without_remedy(void)
{
#if defined(MPICH_VERSION) && !defined(OMPI_MAJOR_VERSION)
  return 1;
#else
  return 0;
#endif
}

/* SKAMPI_YIELD_TIMER_US: the poll breaker's interval; unset or malformed: the default;
** 0 (or SKAMPI_LIBRARY_YIELD=0): off. */
static long lp_breaker_interval(void)
{
  const char *off = getenv("SKAMPI_LIBRARY_YIELD");
  if (off && sk_streq(off, "0")) return 0;
  return sk_env_long("SKAMPI_YIELD_TIMER_US", 0, 1000000L, LP_BREAKER_DEFAULT_US);
}
#endif

SK_API void sk_lib_polling_after_detect(int oversubscribed)
{
#ifdef SKAMPI_MPI
  if (oversubscribed && lp_busy_without_remedy()) sk_host_breaker_start(lp_breaker_interval());
#else
  (void)oversubscribed;
#endif
}

SK_API void sk_lib_polling_describe(int oversubscribed, sk_str *header, sk_str *warning)
{
#if defined(SKAMPI_MPI) && defined(OMPI_MAJOR_VERSION)
  int v = -1;
  const char *who = lp.applied && oversubscribed ? "set by skampi: the host is oversubscribed; SKAMPI_LIBRARY_YIELD=0 or "
                    LP_OMPI_ENV "=0 keeps busy polling"
                  : lp.applied ? "set by skampi before MPI_Init: this process's affinity mask had fewer processors"
                    " than the launcher's processes on this host; SKAMPI_LIBRARY_YIELD=0 keeps busy polling"
                  : lp.user_set ? "set in the environment (" LP_OMPI_ENV "), left as it is"
                  : lp.declined ? "not set by skampi (SKAMPI_LIBRARY_YIELD=0)"
                  : "as the launcher chose";
#if LP_HAVE_CVARS
  if (!lp_read_cvar("mpi_yield_when_idle", &v)) v = -1;
#endif
  if (v >= 0) sk_str_printf(header, "# library polling: Open MPI mpi_yield_when_idle = %d (%s)\n", v, who);
  else sk_str_printf(header, "# library polling: Open MPI mpi_yield_when_idle unknown (%s)\n", who);
  if (oversubscribed && v == 0)
    sk_str_printf(warning, "Open MPI busy-polls (mpi_yield_when_idle = 0): its waits take the processor"
                  " from the process they wait for; set %s=1 (or mpirun --mca mpi_yield_when_idle 1)\n", LP_OMPI_ENV);
#elif defined(SKAMPI_MPI) && defined(MPICH_VERSION)
  int v = -1;
  int ch4 = 0;
#if LP_HAVE_CVARS
  char lib[MPI_MAX_LIBRARY_VERSION_STRING + 1];
  int len = 0;
  MPI_Get_library_version(lib, &len);   /* all lines: the device is named further down */
  lib[len < 0 ? 0 : len] = '\0';
  ch4 = strstr(lib, "ch4") != NULL;
  if (!lp_read_cvar(LP_MPICH_ENV, &v)) v = -1;
#endif
  if (v >= 0) sk_str_printf(header, "# library polling: MPICH " LP_MPICH_ENV " = %d\n", v);
  if (oversubscribed && ch4)
    sk_str_puts(header, "# library polling: MPICH's ch4 device busy-polls while it waits and has no setting that"
                " yields (" LP_MPICH_ENV " changed nothing, measured)\n");
#endif
#ifdef SKAMPI_MPI
  if (oversubscribed && sk_host_breaker_interval() > 0)
    sk_str_printf(header, "# library polling: poll breaker on: a timer signal every %ld us makes a process that"
                  " spins in the MPI library give its processor away (SKAMPI_YIELD_TIMER_US sets the interval,"
                  " 0 turns it off); otherwise a wait for a process without a processor takes a whole time"
                  " slice\n", sk_host_breaker_interval());
  else if (oversubscribed && lp_busy_without_remedy())
    sk_str_puts(warning, "MPICH busy-polls and cannot be told to yield, and the poll breaker is off"
                " (SKAMPI_YIELD_TIMER_US=0, SKAMPI_LIBRARY_YIELD=0, or no interval timer on this system):"
                " waits for a process without a processor take whole time slices; run at most one process"
                " per processor, or use an MPI that yields when idle (Open MPI: mpi_yield_when_idle=1)\n");
#else
  (void)oversubscribed; (void)header; (void)warning;
#endif
}
