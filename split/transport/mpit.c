/*
** mpit.c -- see mpit.h. One MPI_T session per result: handles are bound to the
** measurement communicator where a variable binds to communicators, to no object where
** it binds to none; variables bound to other objects (windows, files, requests, ...)
** and those of non-numeric types are left out. A variable that cannot be started or
** read is left out silently (Open MPI lists monitoring variables whose component is not
** loaded). The helpers switch_mpit_on / _off are in builtins.c.
*/
#include "mpit.h"

#if SK_HAVE_MPIT

typedef struct mpit_var {
  int index, cls, count, continuous;
  MPI_Datatype type;
  MPI_T_pvar_handle handle;
  double before;
  char name[96];
} mpit_var;

static struct {
  int ok;
  int session_open;
  MPI_T_pvar_session session;
  int ntotal;              /* performance variables of the library: the same on every process */
  mpit_var *vars;          /* those being read, nvars of them */
  int nvars;
} mpit;

/* Variables whose handle allocation crashes the library when their component is not the
** one in use (seen with Open MPI 4.1: the PSM2 transport's statistics call into libpsm2
** without an endpoint). Left out by name prefix. */
static const char *const mpit_unsafe_prefixes[] = { "mtl_psm2_", NULL };

static int mpit_unsafe(const char *name)
{
  int i;
  for (i = 0; mpit_unsafe_prefixes[i]; i++)
    if (strncmp(name, mpit_unsafe_prefixes[i], strlen(mpit_unsafe_prefixes[i])) == 0) return 1;
  return 0;
}

static int mpit_numeric(MPI_Datatype t)
{
  return t == MPI_INT || t == MPI_UNSIGNED || t == MPI_UNSIGNED_LONG || t == MPI_UNSIGNED_LONG_LONG
         || t == MPI_COUNT || t == MPI_DOUBLE;
}

static const char *mpit_class_name(int cls)
{
  switch (cls) {
  case MPI_T_PVAR_CLASS_STATE: return "state";
  case MPI_T_PVAR_CLASS_LEVEL: return "level";
  case MPI_T_PVAR_CLASS_SIZE: return "size";
  case MPI_T_PVAR_CLASS_PERCENTAGE: return "percentage";
  case MPI_T_PVAR_CLASS_HIGHWATERMARK: return "high watermark";
  case MPI_T_PVAR_CLASS_LOWWATERMARK: return "low watermark";
  case MPI_T_PVAR_CLASS_COUNTER: return "counter";
  case MPI_T_PVAR_CLASS_AGGREGATE: return "aggregate";
  case MPI_T_PVAR_CLASS_TIMER: return "timer";
  default: return "generic";
  }
}

/* Counters, aggregates and timers count up: their difference over the repetitions. */
static int mpit_differenced(int cls)
{
  return cls == MPI_T_PVAR_CLASS_COUNTER || cls == MPI_T_PVAR_CLASS_AGGREGATE || cls == MPI_T_PVAR_CLASS_TIMER;
}

/* MPI_T is initialised once and never finalised: MPICH 4.0 crashes in
** MPI_T_pvar_get_num when MPI_T is initialised again after its count went back to zero
** (MPI-3 §14.2 allows leaving it initialised). */
static int mpit_init(void)
{
  int provided;
  if (!mpit.ok) mpit.ok = MPI_T_init_thread(MPI_THREAD_SINGLE, &provided) == MPI_SUCCESS;
  return mpit.ok;
}


/* A description on one line (some libraries break theirs into several). */
static void mpit_one_line(char *text)
{
  for (; *text; text++) if (*text == '\n' || *text == '\r' || *text == '\t') *text = ' ';
}

/* The sum of a variable's elements (a per-peer array counts as its total). */
static double mpit_read(const mpit_var *v, int *ok)
{
  double sum = 0.0;
  int i;
  void *buf = sk_calloc((size_t)v->count, 16);
  *ok = MPI_T_pvar_read(mpit.session, v->handle, buf) == MPI_SUCCESS;
  for (i = 0; *ok && i < v->count; i++) {
    if (v->type == MPI_INT) sum += (double)((int *)buf)[i];
    else if (v->type == MPI_UNSIGNED) sum += (double)((unsigned *)buf)[i];
    else if (v->type == MPI_UNSIGNED_LONG) sum += (double)((unsigned long *)buf)[i];
    else if (v->type == MPI_DOUBLE) sum += ((double *)buf)[i];
    else if (v->type == MPI_COUNT) sum += (double)((MPI_Count *)buf)[i];
    else {   /* unsigned long long: read as two halves, C89 has no such type */
      const unsigned char *b = (const unsigned char *)buf + (size_t)i * 8;
      double value = 0.0;
      int k;
      unsigned one = 1;
      int little = *(unsigned char *)&one == 1;
      for (k = 0; k < 8; k++) value = value * 256.0 + (double)b[little ? 7 - k : k];
      sum += value;
    }
  }
  free(buf);
  return sum;
}

SK_API void sk_mpit_begin(sk_group *g)
{
  MPI_Comm comm = sk_tp_group_mpi_comm(g);
  int n = 0, i;
  if (!mpit_init() || MPI_T_pvar_get_num(&n) != MPI_SUCCESS) n = 0;
  mpit.ntotal = n;
  mpit.nvars = 0;
  mpit.vars = (mpit_var *)sk_calloc((size_t)(n > 0 ? n : 1), sizeof(mpit_var));
  if (n == 0 || MPI_T_pvar_session_create(&mpit.session) != MPI_SUCCESS) return;
  mpit.session_open = 1;
  for (i = 0; i < n; i++) {
    mpit_var *v = &mpit.vars[mpit.nvars];
    char desc[8];
    int name_len = (int)sizeof v->name, desc_len = (int)sizeof desc, verbosity, bind, readonly, atomic, ok;
    MPI_T_enum enumtype;
    if (MPI_T_pvar_get_info(i, v->name, &name_len, &verbosity, &v->cls, &v->type, &enumtype, desc, &desc_len,
                            &bind, &readonly, &v->continuous, &atomic) != MPI_SUCCESS) continue;
    if (!mpit_numeric(v->type) || v->cls == MPI_T_PVAR_CLASS_STATE || v->cls == MPI_T_PVAR_CLASS_GENERIC) continue;
    if ((bind != MPI_T_BIND_NO_OBJECT && bind != MPI_T_BIND_MPI_COMM) || mpit_unsafe(v->name)) continue;
    if (MPI_T_pvar_handle_alloc(mpit.session, i, bind == MPI_T_BIND_MPI_COMM ? (void *)&comm : NULL,
                                &v->handle, &v->count) != MPI_SUCCESS) continue;
    if (v->count < 1 || (!v->continuous && MPI_T_pvar_start(mpit.session, v->handle) != MPI_SUCCESS)) {
      MPI_T_pvar_handle_free(mpit.session, &v->handle);
      continue;
    }
    v->index = i;
    v->before = mpit_read(v, &ok);
    if (!ok) { MPI_T_pvar_handle_free(mpit.session, &v->handle); continue; }
    mpit.nvars++;
  }
}

/* Slot 1 + index holds variable `index`'s change or value (0 where it was not read), so
** that every process gathers the same number of doubles. */
SK_API void sk_mpit_end(sk_group *g, char *note, size_t size)
{
  int i, ok, n = sk_tp_group_size(g), me = sk_tp_group_rank(g), nt = mpit.ntotal;
  size_t slots = (size_t)nt + 1;
  double *mine = (double *)sk_calloc(slots, sizeof(double));
  double *all = me == 0 ? (double *)sk_calloc(slots * (size_t)n, sizeof(double)) : NULL;
  char *read_here = (char *)sk_calloc(slots, 1);
  int *cls = (int *)sk_calloc(slots, sizeof(int));
  sk_str s;
  note[0] = '\0';
  for (i = 0; i < mpit.nvars; i++) {
    mpit_var *v = &mpit.vars[i];
    double after = mpit_read(v, &ok);
    if (ok) mine[1 + v->index] = mpit_differenced(v->cls) ? after - v->before : after;
    read_here[1 + v->index] = 1;
    cls[1 + v->index] = v->cls;
    if (!v->continuous) MPI_T_pvar_stop(mpit.session, v->handle);
    MPI_T_pvar_handle_free(mpit.session, &v->handle);
  }
  if (mpit.session_open) MPI_T_pvar_session_free(&mpit.session);
  mpit.session_open = 0;
  sk_tp_gather_doubles(g, mine, (int)slots, all, 0);
  if (me == 0) {
    sk_str zero;
    sk_str_init(&s);
    sk_str_init(&zero);
    if (mpit.nvars == 0)
      sk_str_printf(&s, "# mpit: the library offers no readable performance variables (skampi -l MPI_T lists what it has)\n");
    for (i = 0; i < nt; i++) {
      double sum = 0.0, max = 0.0;
      int p;
      char name[96], desc[8];
      int nl = (int)sizeof name, dl = (int)sizeof desc, verbosity, c, bind, ro, cont, atomic;
      MPI_Datatype type;
      MPI_T_enum et;
      if (!read_here[1 + i]) continue;   /* rank 0 reads what the others read */
      for (p = 0; p < n; p++) {
        double x = all[(size_t)p * slots + 1 + (size_t)i];
        sum += x;
        if (p == 0 || x > max) max = x;
      }
      if (MPI_T_pvar_get_info(i, name, &nl, &verbosity, &c, &type, &et, desc, &dl, &bind, &ro, &cont, &atomic)
          != MPI_SUCCESS) continue;
      if (sum == 0.0 && max == 0.0) {   /* read and zero: named on one line at the end */
        sk_str_printf(&zero, "%s%s", zero.len ? ", " : "# mpit 0 on every process: ", name);
        continue;
      }
      sk_str_printf(&s, "# mpit %s (%s%s): sum %.6g, max %.6g over %d processes\n", name,
                    mpit_class_name(cls[1 + i]), mpit_differenced(cls[1 + i]) ? ", change" : "", sum, max, n);
    }
    if (zero.len) { sk_str_puts(&s, zero.data); sk_str_putc(&s, '\n'); }
    sk_str_free(&zero);
    if (s.data) {
      sk_copy_string(note, size, s.data);
      if (s.len >= size && size > 1) note[size - 2] = '\n';
    }
    sk_str_free(&s);
    free(all);
  }
  free(mine);
  free(read_here);
  free(cls);
  free(mpit.vars);
  mpit.vars = NULL;
  mpit.nvars = 0;
}

SK_API int sk_mpit_list(sk_str *out)
{
  int n = 0, nc = 0, i;
  if (!mpit_init()) { sk_str_printf(out, "MPI_T: MPI_T_init_thread failed\n"); return 1; }
  MPI_T_pvar_get_num(&n);
  MPI_T_cvar_get_num(&nc);
  sk_str_printf(out, "MPI_T performance variables: %d (switch_mpit_on() records those marked *)\n", n);
  for (i = 0; i < n; i++) {
    char name[128], desc[256];
    int nl = (int)sizeof name, dl = (int)sizeof desc, verbosity, cls, bind, ro, cont, atomic;
    MPI_Datatype type;
    MPI_T_enum et;
    if (MPI_T_pvar_get_info(i, name, &nl, &verbosity, &cls, &type, &et, desc, &dl, &bind, &ro, &cont, &atomic)
        != MPI_SUCCESS) continue;
    mpit_one_line(desc);
    sk_str_printf(out, " %c %s (%s)%s%s\n",
                  mpit_numeric(type) && cls != MPI_T_PVAR_CLASS_STATE && cls != MPI_T_PVAR_CLASS_GENERIC
                  && (bind == MPI_T_BIND_NO_OBJECT || bind == MPI_T_BIND_MPI_COMM) && !mpit_unsafe(name) ? '*' : ' ',
                  name, mpit_class_name(cls), desc[0] ? ": " : "", desc);
  }
  sk_str_printf(out, "MPI_T control variables: %d\n", nc);
  for (i = 0; i < nc; i++) {
    char name[128], desc[256];
    int nl = (int)sizeof name, dl = (int)sizeof desc, verbosity, bind, scope;
    MPI_Datatype type;
    MPI_T_enum et;
    if (MPI_T_cvar_get_info(i, name, &nl, &verbosity, &type, &et, desc, &dl, &bind, &scope) != MPI_SUCCESS) continue;
    mpit_one_line(desc);
    sk_str_printf(out, "   %s%s%s\n", name, desc[0] ? ": " : "", desc);
  }
  return 1;
}

#else

SK_API void sk_mpit_begin(sk_group *g) { (void)g; }
SK_API void sk_mpit_end(sk_group *g, char *note, size_t size) { (void)g; (void)size; note[0] = '\0'; }
SK_API int sk_mpit_list(sk_str *out)
{
  sk_str_printf(out, "MPI_T: not in this build (it needs -DSKAMPI_MPIT and an MPI 3 library; this is the %s build)\n",
                SK_BACKEND_NAME);
  return 0;
}

#endif
