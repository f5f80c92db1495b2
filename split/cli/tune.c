/*
** tune.c -- see tune.h. The decision rule and its defaults are --guidelines' own
** (guidelines.h: alpha and the minimum effect), here over the repetitions of one run.
*/
#include "tune.h"
#include "filepaths.h"

#define TUNE_SIZE_MIN 4L
#define TUNE_SIZE_MAX 1048576L
#define TUNE_MAX_POINTS 40

/* How each collective is measured: its row of the catalogue with `bytes` the message
** size (MPI_INT elements, so that a reduction has a whole number of them). */
static const struct { const char *coll; const char *call; } tune_calls[] = {
  { "Bcast", "Bcast(bytes / 4, MPI_INT, 0)" },
  { "Allreduce", "Allreduce(bytes / 4, MPI_INT, MPI_SUM)" },
  { "Reduce", "Reduce(bytes / 4, MPI_INT, MPI_SUM, 0)" },
  { NULL, NULL }
};

static const char *tune_call(const char *coll)
{
  int i;
  for (i = 0; tune_calls[i].coll; i++) if (sk_streq(tune_calls[i].coll, coll)) return tune_calls[i].call;
  return NULL;
}

/* The k-th name of the comma-separated list into name; 0 when there is none. */
static int tune_list_item(const char *list, int k, char *name, size_t size)
{
  const char *s = list;
  size_t len;
  for (; k > 0 && s; k--) { s = strchr(s, ','); if (s) s++; }
  if (s == NULL || *s == '\0') return 0;
  len = strcspn(s, ",");
  if (len >= size) len = size - 1;
  memcpy(name, s, len);
  name[len] = '\0';
  return 1;
}

static int tune_size(const char *s, long *v)
{
  char *end;
  long n = strtol(s, &end, 10);
  if (end == s) return 0;
  if (*end == 'k' || *end == 'K') { n *= 1024L; end++; }
  else if (*end == 'M') { n *= 1048576L; end++; }
  if (*end != '\0' || n < 4 || n > 128L * 1048576L || n % 4 != 0) return 0;
  *v = n;
  return 1;
}

SK_API int sk_tune_option(int argc, char **argv, int i, sk_tune *t, sk_str *err)
{
  const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
  if (!sk_streq(a, "--tuning") && !sk_streq(a, "--tuning-sizes") && !sk_streq(a, "--tuning-file") && !sk_streq(a, "--tuned"))
    return 0;
  if (v == NULL) { sk_str_printf(err, "skampi: '%s' needs a value", a); return -1; }
  if (sk_streq(a, "--tuning")) t->colls = v;
  else if (sk_streq(a, "--tuning-file")) t->file = v;
  else if (sk_streq(a, "--tuned")) t->tuned = v;
  else {
    char min[32];
    const char *colon = strchr(v, ':');
    size_t len = colon ? (size_t)(colon - v) : 0;
    if (colon == NULL || len >= sizeof min) { sk_str_printf(err, "skampi: --tuning-sizes '%s': give MIN:MAX (bytes)", v); return -1; }
    memcpy(min, v, len);
    min[len] = '\0';
    if (!tune_size(min, &t->size_min) || !tune_size(colon + 1, &t->size_max) || t->size_min > t->size_max) {
      sk_str_printf(err, "skampi: --tuning-sizes '%s': MIN:MAX, multiples of 4 bytes from 4 to 128M, MIN <= MAX", v);
      return -1;
    }
  }
  return 2;
}

SK_API int sk_tune_check(const sk_tune *t, const char *output, sk_str *err)
{
  char name[64];
  int k;
  if (t->colls == NULL) {
    if (t->file || t->tuned || t->size_min) sk_str_puts(err, "skampi: --tuning-sizes, --tuning-file and --tuned go with --tuning LIST");
    return !(t->file || t->tuned || t->size_min);
  }
  if (output == NULL || sk_streq(output, "-")) {
    sk_str_puts(err, "skampi: --tuning needs -o FILE.sko (the choice is read back from the results)");
    return 0;
  }
  for (k = 0; tune_list_item(t->colls, k, name, sizeof name); k++)
    if (tune_call(name) == NULL || !sk_coll_algs_known(name)) {
      sk_str_printf(err, "skampi: --tuning '%s': skampi tunes %s", name, sk_coll_algs_names());
      return 0;
    }
  if (k == 0) { sk_str_puts(err, "skampi: --tuning needs a list of collectives, e.g. Bcast,Allreduce"); return 0; }
  return 1;
}

static long tune_min(const sk_tune *t) { return t->size_min > 0 ? t->size_min : TUNE_SIZE_MIN; }
static long tune_max(const sk_tune *t) { return t->size_max > 0 ? t->size_max : TUNE_SIZE_MAX; }

/* One suite: the sweep of coll on comm (a communicator expression). */
static void tune_suite(sk_str *text, const sk_tune *t, const char *suite, const char *comm, const char *coll)
{
  sk_str_printf(text, "\nbegin measurement \"%s\"\n  for bytes = %ld to %ld step *4 do\n", suite, tune_min(t), tune_max(t));
  sk_str_printf(text, "    measure %s : %s\n  od\nend measurement\n", comm, tune_call(coll));
}

/* With MPICH the second run measures the library's default in its own launch too (the
** algorithm variable set back to auto through MPI_T, then to what the file set, *index
** into algs): the gain then compares two suites of one launch, not two launches, whose
** times on an oversubscribed host differ by a factor of 2 for the same algorithm. Open
** MPI reads its rules file at MPI_Init only: there the default is the first run's.
** The default is measured before and after the file's algorithm (the first suite of a
** launch carries its start-up), and the value the file set is kept in tune_loaded for the
** report (MPI_T reads auto after the second default). */
#define TUNE_COLLS_MAX 32
static int tune_loaded[TUNE_COLLS_MAX];
static int tune_default_here(const char *coll, sk_coll_algs *algs, int *index)
{
  sk_str why;
  int library, value, a, found = 0;
  sk_str_init(&why);
  library = sk_coll_algs_library(&why);
  if (library == SK_COLL_LIB_MPICH && sk_coll_algs_list(coll, algs, &why)) {
    value = sk_coll_algs_current(coll);
    for (a = 0; a < algs->n && !found; a++) if (algs->values[a] == value) { *index = a; found = 1; }
  }
  sk_str_free(&why);
  return found;
}

SK_API int sk_tune_program(const sk_tune *t, sk_str *text, sk_str *err)
{
  char coll[64], suite[200], comm[200];
  int k, a;
  sk_str_printf(text, "# skampi --tuning %s%s: %s over bytes = %ld ... %ld (step *4)\n", t->colls,
                t->tuned ? " --tuned" : "", t->tuned ? "the library as loaded" : "every algorithm of the library",
                tune_min(t), tune_max(t));
  sk_str_puts(text, "set_min_repetitions(10)\nset_max_repetitions(20)\nset_max_relative_standard_error(0.05)\n");
  sk_str_printf(text, "set_skampi_buffer(%ld)\n", 2 * tune_max(t) + 65536L);
  for (k = 0; tune_list_item(t->colls, k, coll, sizeof coll); k++) {
    sk_coll_algs algs;
    if (t->tuned) {   /* the library as it was started: with the file loaded */
      char def_comm[200];
      int here = tune_default_here(coll, &algs, &a);   /* MPICH: its default before and after the file's */
      if (k < TUNE_COLLS_MAX) tune_loaded[k] = here ? algs.values[a] : -1;
      sprintf(def_comm, "with_coll_algorithm(MPI_COMM_WORLD, \"%.60s\", \"default\")", coll);
      if (here) sprintf(comm, "with_coll_algorithm(MPI_COMM_WORLD, \"%.60s\", \"%.60s\")", coll, algs.names[a]);
      else strcpy(comm, "MPI_COMM_WORLD");
      sprintf(suite, "%.60s default here", coll);
      if (here) tune_suite(text, t, suite, def_comm, coll);
      sprintf(suite, "%.60s tuned", coll);
      tune_suite(text, t, suite, comm, coll);
      sprintf(suite, "%.60s default here again", coll);
      if (here) tune_suite(text, t, suite, def_comm, coll);
      continue;
    }
    if (!sk_coll_algs_list(coll, &algs, err)) return 0;
    for (a = 0; a <= algs.n; a++) {   /* the default first and once more at the end (a = n) */
      const char *name = algs.names[a < algs.n ? a : 0];
      sprintf(suite, "%.60s alg=%.60s%s", coll, name, a < algs.n ? "" : " again");
      sprintf(comm, "with_coll_algorithm(MPI_COMM_WORLD, \"%.60s\", \"%.60s\")", coll, name);
      tune_suite(text, t, suite, comm, coll);
    }
  }
  return 1;
}

/* ---- the choice ---- */

typedef struct tune_point {
  double bytes;
  const sk_sko_line *def;       /* the library's own choice */
  int choice;                   /* index into tune_coll.alg; -1: the default */
  double p;                     /* Bonferroni-adjusted p of the choice (1: none) */
} tune_point;

typedef struct tune_coll {
  const char *coll;
  const sk_sko_block *def, *def_again;   /* the default, measured first and last */
  const sk_sko_block *alg[SK_COLL_ALGS_MAX];
  const char *name[SK_COLL_ALGS_MAX];
  int nalg;
  tune_point pt[TUNE_MAX_POINTS];
  int npt;
} tune_coll;

static double tune_bytes(const sk_sko_line *l) { return l->nvars > 0 ? l->vars[0].x : (double)l->size; }

static const sk_sko_line *tune_line(const sk_sko_block *b, double bytes)
{
  size_t i;
  for (i = 0; b && i < b->n; i++) if (b->lines[i].nvars > 0 && tune_bytes(&b->lines[i]) == bytes) return &b->lines[i];
  return NULL;
}

static double tune_median(const sk_sko_line *l) { return l->nrep > 0 ? sk_tukey_median(l->rep_us, l->nrep) : l->time_us; }

/* p of "x is slower than (1 + effect) times y" over their repetitions (1 without them). */
static double tune_p_slower(const sk_sko_line *x, const sk_sko_line *y, double effect)
{
  double *ys, p;
  int i;
  if (x->nrep < 2 || y->nrep < 2) return 1.0;
  ys = (double *)sk_malloc(sizeof(double) * (size_t)y->nrep);
  for (i = 0; i < y->nrep; i++) ys[i] = (1.0 + effect) * y->rep_us[i];
  p = sk_rank_sum_p_greater(x->rep_us, x->nrep, ys, y->nrep, NULL);
  free(ys);
  return p;
}

/* The suites of coll in f and the choice at every size: the fastest algorithm among
** those that beat the default significantly by the minimum effect; 0 if f lacks them. */
static int tune_decide(const sk_sko_file *f, const char *coll, tune_coll *c)
{
  char prefix[100];
  size_t i, plen;
  int a, tests;
  memset(c, 0, sizeof *c);
  c->coll = coll;
  sprintf(prefix, "%.60s alg=", coll);
  plen = strlen(prefix);
  for (i = 0; i < f->n; i++) {
    const sk_sko_block *b = &f->blocks[i];
    if (strncmp(b->name, prefix, plen) != 0) continue;
    if (sk_streq(b->name + plen, "default")) c->def = b;
    else if (sk_streq(b->name + plen, "default again")) c->def_again = b;
    else if (c->nalg < SK_COLL_ALGS_MAX) { c->alg[c->nalg] = b; c->name[c->nalg++] = b->name + plen; }
  }
  if (c->def == NULL) return 0;
  for (i = 0; i < c->def->n && c->npt < TUNE_MAX_POINTS; i++)
    if (c->def->lines[i].nvars > 0) {   /* the faster of the default's two suites: a choice must beat both */
      const sk_sko_line *again = tune_line(c->def_again, tune_bytes(&c->def->lines[i]));
      c->pt[c->npt].bytes = tune_bytes(&c->def->lines[i]);
      c->pt[c->npt].def = again && tune_median(again) < tune_median(&c->def->lines[i]) ? again : &c->def->lines[i];
      c->npt++;
    }
  tests = c->npt * c->nalg > 0 ? c->npt * c->nalg : 1;   /* Bonferroni over every tested point */
  for (i = 0; i < (size_t)c->npt; i++) {
    tune_point *pt = &c->pt[i];
    double best = 0.0;
    pt->choice = -1;
    pt->p = 1.0;
    for (a = 0; a < c->nalg; a++) {
      const sk_sko_line *l = tune_line(c->alg[a], pt->bytes);
      double p, m;
      if (l == NULL) continue;
      p = tune_p_slower(pt->def, l, SK_GUIDELINES_EFFECT) * tests;
      m = tune_median(l);
      if (p <= SK_GUIDELINES_ALPHA && (pt->choice < 0 || m < best)) { pt->choice = a; best = m; pt->p = p; }
    }
  }
  return 1;
}

/* MPICH holds one algorithm per collective: the one chosen at the most sizes among those
** never significantly slower than the default at any size (alpha without correction,
** no minimum effect: the strict side); -1: the default. */
static int tune_single(const tune_coll *c)
{
  int a, i, best = -1, best_wins = 0;
  for (a = 0; a < c->nalg; a++) {
    int wins = 0, safe = 1;
    for (i = 0; i < c->npt; i++) {
      const sk_sko_line *l = tune_line(c->alg[a], c->pt[i].bytes);
      if (l == NULL) { safe = 0; break; }
      if (tune_p_slower(l, c->pt[i].def, 0.0) <= SK_GUIDELINES_ALPHA) safe = 0;
      if (c->pt[i].choice == a) wins++;
    }
    if (safe && wins > best_wins) { best = a; best_wins = wins; }
  }
  return best;
}

/* The choice at point i for the library (MPICH: its one algorithm at every size). */
static int tune_choice(const tune_coll *c, int i, int library, int single)
{
  return library == SK_COLL_LIB_MPICH ? single : c->pt[i].choice;
}

static const char *tune_name(const tune_coll *c, int choice) { return choice < 0 ? "default" : c->name[choice]; }

/* The output's name without ".sko", plus suffix. */
static void tune_default_file(const char *output, const char *suffix, sk_str *out)
{
  size_t n = strlen(output), i;
  if (n > 4 && sk_streq(output + n - 4, ".sko")) n -= 4;
  for (i = 0; i < n; i++) sk_str_putc(out, output[i]);
  sk_str_puts(out, suffix);
}

static int tune_read(const char *path, sk_sko_file *f)
{
  sk_str err;
  int ok;
  sk_str_init(&err);
  ok = sk_sko_read(path, f, &err);
  if (!ok) fprintf(stderr, "skampi: --tuning: %s\n", err.data ? err.data : path);
  sk_str_free(&err);
  return ok;
}

/* The sizes of this run (--tuning-sizes, step *4) that suite b lacks, as "64, 256" into
** *list; their number. A suite cut short or damaged, or measured at other sizes, lacks some. */
static int tune_missing(const sk_sko_block *b, const sk_tune *t, sk_str *list)
{
  long s;
  int n = 0;
  for (s = tune_min(t); s <= tune_max(t); s *= 4)
    if (tune_line(b, (double)s) == NULL) { sk_str_printf(list, "%s%ld", n++ ? ", " : "", s); }
  return n;
}

/* Whether suite b of file has every size of this run; else says which it lacks on stderr. */
static int tune_whole(const sk_sko_block *b, const sk_tune *t, const char *file, const char *what)
{
  sk_str list;
  int n;
  sk_str_init(&list);
  n = tune_missing(b, t, &list);
  if (n > 0)
    fprintf(stderr, "skampi: --tuning: suite \"%s\" of %s lacks %d of the sizes of this run, at %s bytes "
            "(a cut or damaged file, or another --tuning-sizes): no verdict is taken there\n", b->name, file, n, list.data);
  if (n > 0 && what) fprintf(stderr, "skampi: --tuning: %s\n", what);
  sk_str_free(&list);
  return n == 0;
}

SK_API int sk_tune_first_ok(sk_tune *t, sk_str *err)
{
  sk_sko_file f;
  sk_str why;
  char coll[64];
  int k, ok = 1;
  if (t->tuned == NULL) return 1;
  sk_str_init(&why);
  if (!sk_sko_read(t->tuned, &f, &why)) {
    sk_str_printf(err, "skampi: --tuned: %s", why.data ? why.data : t->tuned);
    sk_str_free(&why);
    return 0;
  }
  sk_str_free(&why);
  for (k = 0; ok && tune_list_item(t->colls, k, coll, sizeof coll); k++) {
    tune_coll c;
    sk_str list;
    if (!tune_decide(&f, coll, &c)) {
      sk_str_printf(err, "skampi: --tuned: %s has no suite \"%s alg=default\" (the first run's output of --tuning %s?)",
                    t->tuned, coll, coll);
      ok = 0;
      break;
    }
    if (t->size_min == 0 && c.npt > 0) {   /* no --tuning-sizes: the first run's (step *4 from its smallest) */
      double lo = c.pt[0].bytes, hi = c.pt[0].bytes;   /* over all its suites: a cut one would narrow them */
      const sk_sko_block *all[SK_COLL_ALGS_MAX + 2];
      int i, a, nall = 0;
      all[nall++] = c.def;
      if (c.def_again) all[nall++] = c.def_again;
      for (a = 0; a < c.nalg; a++) all[nall++] = c.alg[a];
      for (a = 0; a < nall; a++)
        for (i = 0; i < (int)all[a]->n; i++) {
          double x;
          if (all[a]->lines[i].nvars == 0) continue;
          x = tune_bytes(&all[a]->lines[i]);
          if (x < lo) lo = x;
          if (x > hi) hi = x;
        }
      if (lo >= TUNE_SIZE_MIN && hi <= 128.0 * 1048576.0) {
        t->size_min = (long)lo;
        for (t->size_max = t->size_min; t->size_max * 4.0 <= hi; t->size_max *= 4) {}
      }
    }
    sk_str_init(&list);
    if (tune_missing(c.def, t, &list) > 0) {
      sk_str_printf(err, "skampi: --tuned: suite \"%s\" of %s lacks the sizes %s bytes of this run (a cut or damaged "
                    "file, or another --tuning-sizes): run --tuning again or give the sizes it has", c.def->name,
                    t->tuned, list.data);
      ok = 0;
    }
    sk_str_free(&list);
  }
  sk_sko_free(&f);
  return ok;
}

/* The first run: the choice per size printed, the rules of the file, the file written. */
static int tune_first(const sk_tune *t, const char *output, int nprocs)
{
  sk_sko_file f;
  sk_str text, header, path, abs, env, err;
  sk_coll_rule rules[8 * TUNE_MAX_POINTS];
  char coll[64], backup[1200];
  int library, k, i, nrules = 0, status = 0;
  sk_str_init(&err);
  library = sk_coll_algs_library(&err);
  if (!tune_read(output, &f)) return SK_EXIT_USER_ERROR;
  sk_str_init(&text); sk_str_init(&header); sk_str_init(&path); sk_str_init(&abs); sk_str_init(&env);
  printf("skampi --tuning: %s on %d processes (%s); a choice beats the default by %g%% at alpha %g "
         "(one-sided rank-sum over the repetitions, Bonferroni over the collective's points)\n",
         t->colls, nprocs, sk_coll_algs_library_name(library), 100.0 * SK_GUIDELINES_EFFECT, SK_GUIDELINES_ALPHA);
  for (k = 0; tune_list_item(t->colls, k, coll, sizeof coll); k++) {
    tune_coll c;
    sk_coll_algs algs;
    int single, first = nrules;
    if (!tune_decide(&f, coll, &c) || !sk_coll_algs_list(coll, &algs, &err)) {
      fprintf(stderr, "skampi: --tuning: %s has no suite \"%s alg=default\" in %s\n", coll, coll, output);
      status = SK_EXIT_USER_ERROR;
      continue;
    }
    if (!tune_whole(c.def, t, output, NULL)) status = SK_EXIT_USER_ERROR;
    if (c.def_again) (void)tune_whole(c.def_again, t, output, "the default's first suite alone is used there");
    for (i = 0; i < c.nalg; i++)
      (void)tune_whole(c.alg[i], t, output, "that algorithm is not chosen there (nor by MPICH's one algorithm)");
    single = tune_single(&c);
    printf("%s:\n  %10s %12s  %-28s %12s %10s  %s\n", coll, "bytes", "default_us", "fastest", "fastest_us", "p", "choice");
    for (i = 0; i < c.npt; i++) {
      int choice = tune_choice(&c, i, library, single), a, fastest = -1;
      double fm = 0.0;
      for (a = 0; a < c.nalg; a++) {
        const sk_sko_line *l = tune_line(c.alg[a], c.pt[i].bytes);
        if (l && (fastest < 0 || tune_median(l) < fm)) { fastest = a; fm = tune_median(l); }
      }
      printf("  %10.0f %12.2f  %-28s %12.2f %10.2g  %s\n", c.pt[i].bytes, tune_median(c.pt[i].def),
             tune_name(&c, fastest), fm, c.pt[i].p > 1.0 ? 1.0 : c.pt[i].p, tune_name(&c, c.pt[i].choice));
      if (nrules == first || !sk_streq(rules[nrules - 1].name, tune_name(&c, choice))) {
        if (nrules >= (int)(sizeof rules / sizeof rules[0])) break;
        rules[nrules].coll = tune_calls[0].coll;   /* the table's string: coll is a buffer */
        for (a = 0; tune_calls[a].coll; a++) if (sk_streq(tune_calls[a].coll, coll)) rules[nrules].coll = tune_calls[a].coll;
        rules[nrules].comm_size = nprocs;
        rules[nrules].from_bytes = nrules == first ? 0L : (long)c.pt[i].bytes;
        rules[nrules].name = choice < 0 ? "default" : c.name[choice];
        rules[nrules].value = 0;
        for (a = 0; a < algs.n; a++) if (choice >= 0 && sk_streq(algs.names[a], c.name[choice])) rules[nrules].value = algs.values[a];
        nrules++;
      }
    }
    if (library == SK_COLL_LIB_MPICH)
      printf("  MPICH holds one algorithm per collective: %s (chosen at the most sizes and never slower "
             "than the default beyond noise at any size; else the default)\n", tune_name(&c, single));
    for (i = first; i < nrules; i++)
      printf("  range %s from %ld bytes: %s\n", rules[i].coll, rules[i].from_bytes, rules[i].name);
  }
  if (t->file) sk_str_puts(&path, t->file);
  else tune_default_file(output, library == SK_COLL_LIB_OMPI ? ".rules" : ".env", &path);
  sk_path_absolute(path.data, &abs);
  sk_coll_algs_load_env(library, abs.data, &env);
  sk_str_printf(&header, "skampi --tuning %s on %d processes (%s), measured in %s.\nLoad it: %s mpirun -np %d skampi "
                "--tuning %s --tuned %s -o TUNED.sko", t->colls, nprocs, sk_coll_algs_library_name(library), output,
                env.data ? env.data : "", nprocs, t->colls, output);
  if (library == SK_COLL_LIB_MPICH)
    sk_str_puts(&header, "\nMPICH 4.0 holds one algorithm per collective in MPIR_CVAR_<COLL>_INTRA_ALGORITHM: "
                         "the one chosen at most sizes, never slower at any size");
  sk_coll_algs_file(library, rules, nrules, header.data, &text);
  backup[0] = '\0';
  sk_str_clear(&err);
  if (status == 0 && sk_path_replace(path.data, text.data, strlen(text.data), backup, sizeof backup, &err) != 1) {
    fprintf(stderr, "skampi: --tuning: %s\n", err.data);
    status = SK_EXIT_WRITE;
  } else if (status == 0) {
    printf("tuning file: %s (%s)%s%s\n", path.data, library == SK_COLL_LIB_OMPI ? "Open MPI dynamic rules" :
           "MPICH environment of CVARs", backup[0] ? ", the old one kept as " : "", backup);
    printf("second run with the file loaded (the gain per range; the sizes are this run's):\n  %s mpirun -np %d skampi "
           "--tuning %s --tuned %s -o TUNED.sko\n", env.data ? env.data : "", nprocs, t->colls, output);
  }
  sk_sko_free(&f);
  sk_str_free(&text); sk_str_free(&header); sk_str_free(&path); sk_str_free(&abs); sk_str_free(&env); sk_str_free(&err);
  return status;
}

/* The second run: per range of the first run's choice, the default's time (first run),
** the time with the file loaded (this run) and the gain; a point where the loaded
** library is slower than the default beyond noise is named. */
static int tune_second(const sk_tune *t, const char *output, int nprocs)
{
  sk_sko_file first, now;
  sk_str why;
  char coll[64], suite[100];
  int library, k, i, slower = 0, status = 0;
  sk_str_init(&why);
  library = sk_coll_algs_library(&why);
  sk_str_free(&why);
  if (!tune_read(t->tuned, &first)) return SK_EXIT_USER_ERROR;
  if (!tune_read(output, &now)) { sk_sko_free(&first); return SK_EXIT_USER_ERROR; }
  printf("skampi --tuning --tuned: %s on %d processes (%s): the default of %s against the library as loaded\n",
         t->colls, nprocs, sk_coll_algs_library_name(library), t->tuned);
  for (k = 0; tune_list_item(t->colls, k, coll, sizeof coll); k++) {
    tune_coll c;
    const sk_sko_block *b, *here, *again;
    int single, start = 0;
    sprintf(suite, "%.60s tuned", coll);
    if (!tune_decide(&first, coll, &c) || (b = sk_sko_find_block(&now, suite, 0)) == NULL) {
      fprintf(stderr, "skampi: --tuned: %s lacks \"%s alg=default\" or %s lacks \"%s\"\n", t->tuned, coll, output, suite);
      status = SK_EXIT_USER_ERROR;
      continue;
    }
    single = tune_single(&c);
    sprintf(suite, "%.60s default here", coll);
    here = sk_sko_find_block(&now, suite, 0);
    sprintf(suite, "%.60s default here again", coll);
    again = sk_sko_find_block(&now, suite, 0);
    if (!tune_whole(c.def, t, t->tuned, NULL) || !tune_whole(b, t, output, NULL)
        || (here != NULL && !tune_whole(here, t, output, NULL)) || (again != NULL && !tune_whole(again, t, output, NULL)))
      status = SK_EXIT_USER_ERROR;   /* the gain is taken over the points both sides have, and the run fails */
    if (here != NULL)
      printf("%s: the default measured in this launch (%s default here%s), the algorithm set through MPI_T\n", coll,
             coll, again != NULL ? ", and again after the file's" : "");
    if (library == SK_COLL_LIB_MPICH) {   /* the variable the environment file set, as MPI_T shows it */
      sk_coll_algs algs;
      sk_str err;
      int value = k < TUNE_COLLS_MAX && here != NULL && tune_loaded[k] >= 0 ? tune_loaded[k] : sk_coll_algs_current(coll), a;
      const char *name = "?";
      sk_str_init(&err);
      if (sk_coll_algs_list(coll, &algs, &err))
        for (a = 0; a < algs.n; a++) if (algs.values[a] == value) name = algs.names[a];
      sk_str_free(&err);
      printf("%s: MPI_T: the library's algorithm variable holds %d (%s)\n", coll, value, name);
    }
    for (i = 1; i <= c.npt; i++) {   /* a range ends before i where the choice changes */
      int j, sizes = 0, faster = 0, choice;
      double def = 0.0, tuned = 0.0, lo = -1.0, hi = -1.0;
      if (i < c.npt && tune_choice(&c, i, library, single) == tune_choice(&c, start, library, single)) continue;
      choice = tune_choice(&c, start, library, single);
      for (j = start; j < i; j++) {   /* the range start .. i-1, at the sizes this run has */
        const sk_sko_line *l = tune_line(b, c.pt[j].bytes);
        const sk_sko_line *d = here != NULL ? tune_line(here, c.pt[j].bytes) : c.pt[j].def;
        const sk_sko_line *d2 = again != NULL ? tune_line(again, c.pt[j].bytes) : NULL;
        if (l == NULL || d == NULL) continue;
        if (lo < 0.0) lo = c.pt[j].bytes;
        hi = c.pt[j].bytes;
        def += d2 != NULL ? (tune_median(d) + tune_median(d2)) / 2.0 : tune_median(d);   /* before and after */
        tuned += tune_median(l);
        sizes++;
        if (tune_p_slower(d, l, SK_GUIDELINES_EFFECT) * c.npt <= SK_GUIDELINES_ALPHA
            && (d2 == NULL || tune_p_slower(d2, l, SK_GUIDELINES_EFFECT) * c.npt <= SK_GUIDELINES_ALPHA))
          faster++;   /* the default slower than the loaded library by the minimum effect, significantly */
        if (tune_p_slower(l, d, SK_GUIDELINES_EFFECT) * c.npt <= SK_GUIDELINES_ALPHA
            && (d2 == NULL || tune_p_slower(l, d2, SK_GUIDELINES_EFFECT) * c.npt <= SK_GUIDELINES_ALPHA)) {
          if (choice < 0)   /* the same algorithm on both sides: the launches differ, not the file */
            printf("  slower %s at %.0f bytes: %.2f us loaded, %.2f us default (the default on both sides: noise "
                   "between launches, not counted)\n", coll, c.pt[j].bytes, tune_median(l), tune_median(d));
          else {
            printf("  SLOWER %s at %.0f bytes: %.2f us loaded, %.2f us default\n", coll, c.pt[j].bytes, tune_median(l),
                   tune_median(d));
            slower++;
          }
        }
      }
      if (lo >= 0.0) {
        printf("  gain %s %.0f..%.0f bytes (%s): default %.2f us, tuned %.2f us, gain %.2fx\n", coll, lo, hi,
               tune_name(&c, choice), def, tuned, tuned > 0.0 ? def / tuned : 0.0);
        if (choice < 0)   /* the file keeps the library's own choice here: any "gain" is noise */
          printf("    the default on both sides: a gain is noise here (faster beyond noise at %d of %d sizes)\n", faster,
                 sizes);
        else
          printf("    %s: faster than the default beyond noise at %d of %d sizes (%g%% effect, alpha %g, Bonferroni)\n",
                 faster == sizes ? "a gain" : faster > 0 ? "a gain at some sizes" : "within noise", faster, sizes,
                 100.0 * SK_GUIDELINES_EFFECT, SK_GUIDELINES_ALPHA);
      }
      start = i;
    }
  }
  printf("slower than the default beyond noise: %d points\n", slower);
  if (status != 0) printf("incomplete: a suite lacks sizes of this run (see the messages above)\n");
  sk_sko_free(&first);
  sk_sko_free(&now);
  return status;
}

SK_NOINLINE SK_API int sk_tune_finish(const sk_tune *t, const char *output, int nprocs)
{
  int status = t->tuned ? tune_second(t, output, nprocs) : tune_first(t, output, nprocs);
  fflush(stdout);
  return status;
}
