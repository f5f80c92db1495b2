/*
** oversub.c -- see oversub.h. A host is one machine: the processes with the same machine
** identity (sk_host_machine_id, the kernel's boot id), or where a process cannot tell it,
** the same processor name -- network namespaces and containers have names of their own
** but share the machine's processors. Per host: the processors are the union of the
** affinity masks of its processes when every process could tell its mask, else the
** processors online there (the smallest count reported), else unknown.
*/
#include "oversub.h"
#include "library_polling.h"

#define OVS_NAME 96              /* processor names are compared up to this length */
#define OVS_MACHINE 48           /* machine identities (a boot id has 36 characters) */
#define OVS_MASK_BYTES 32        /* affinity masks of the first 256 processors */
#define OVS_PROBE_WARMUP 2
#define OVS_PROBE_ROUNDS 15

typedef struct ovs_ballot {
  char name[OVS_NAME];
  char machine[OVS_MACHINE];     /* empty: unknown, the name stands for the machine */
  int online;                    /* processors online, 0: unknown */
  int affinity;                  /* processors in the mask, 0: unknown */
  unsigned char mask[OVS_MASK_BYTES];
  int cpu;                       /* the processor it runs on now (sk_host_cpu), -1: unknown */
} ovs_ballot;

typedef struct ovs_decision {
  int hosts, crowded_hosts, unknown_hosts;
  /* the most crowded host (the first one when none is) */
  char name[OVS_NAME];
  int procs, processors, online, from_masks;
  int names;                     /* processor names on that host (> 1: one machine, several names) */
  int cpus_known;                /* some process could tell its processor: placement is read */
} ovs_decision;

struct ovs_state {
  ovs_decision d;
  sk_str names;                  /* rank 0: the ranks' processor names, "a (ranks 0 2), b (rank 1)" */
  int name_count;                /* rank 0: distinct processor names */
  double floor;                  /* seconds, 0: not measured */
  long marked;
  int here;                      /* rank 0: processes on its machine */
  /* placement (rank 0): each rank's host, and each host's ranks, processors online, name */
  int nranks, nhosts;
  int *host_of, *host_procs, *host_online;
  char (*host_name)[OVS_NAME];
  sk_str start_shared;           /* the sharing found at the start ("" none) */
  sk_str start_cpus;             /* the ranks' processors at the start, "0 1 ..." (up to 64 ranks) */
  sk_str now_shared;             /* ... at the start of the current suite */
  long shared_results;           /* results flagged shared_processor */
};
static struct ovs_state *ovs_made;   /* made on first use (config.h, "writable data") */

static struct ovs_state *ovs_state(void)
{
  if (ovs_made == NULL) ovs_made = (struct ovs_state *)sk_calloc(1, sizeof *ovs_made);
  return ovs_made;
}

static int ovs_popcount(const unsigned char *m)
{
  int i, n = 0;
  for (i = 0; i < 8 * OVS_MASK_BYTES; i++) if (m[i / 8] & (1u << (i % 8))) n++;
  return n;
}

/* Whether two processes run on the same host (machine). */
static int ovs_same_host(const ovs_ballot *a, const ovs_ballot *b)
{
  if (a->machine[0] != '\0' && b->machine[0] != '\0') return strcmp(a->machine, b->machine) == 0;
  return a->machine[0] == b->machine[0] && strcmp(a->name, b->name) == 0;
}

/* Rank 0 sorts the ranks instead of comparing every pair: with thousands of processes
** (a simulated cluster, doc/simulated.md) the pairwise scans grew as P^2. The sort's
** comparators see the ballots through ovs_sorting (rank 0, within ovs_decide). */
static const ovs_ballot *ovs_sorting;

/* By host (machine identity, or the name where it is unknown), then name, then rank. */
static int ovs_cmp_host(const void *x, const void *y)
{
  const ovs_ballot *a = &ovs_sorting[*(const int *)x], *b = &ovs_sorting[*(const int *)y];
  int c = (a->machine[0] == '\0') - (b->machine[0] == '\0');
  if (c == 0) c = a->machine[0] != '\0' ? strcmp(a->machine, b->machine) : 0;
  if (c == 0) c = strcmp(a->name, b->name);
  return c != 0 ? c : *(const int *)x - *(const int *)y;
}

/* By name, then rank. */
static int ovs_cmp_name(const void *x, const void *y)
{
  int c = strcmp(ovs_sorting[*(const int *)x].name, ovs_sorting[*(const int *)y].name);
  return c != 0 ? c : *(const int *)x - *(const int *)y;
}

/* A run of equal keys in a sorted order of ranks: where it begins, how many, its least rank. */
typedef struct ovs_run { int from, count, first; } ovs_run;

static int ovs_cmp_run(const void *x, const void *y)
{
  return ((const ovs_run *)x)->first - ((const ovs_run *)y)->first;
}

/* The ranks 0..n-1 sorted by cmp and cut into runs of the same key (same(a, b)), the runs
** in the order of their least rank; *nruns of them. The caller frees both. */
static ovs_run *ovs_runs(int n, int (*cmp)(const void *, const void *), int (*same)(int, int), int **order,
                         int *nruns)
{
  int *o = (int *)sk_malloc(sizeof(int) * (size_t)(n > 0 ? n : 1)), i, k = 0;
  ovs_run *r = (ovs_run *)sk_malloc(sizeof(ovs_run) * (size_t)(n > 0 ? n : 1));
  for (i = 0; i < n; i++) o[i] = i;
  qsort(o, (size_t)n, sizeof(int), cmp);
  for (i = 0; i < n; i++) {
    if (i == 0 || !same(o[i - 1], o[i])) { r[k].from = i; r[k].count = 0; r[k].first = o[i]; k++; }
    r[k - 1].count++;
    if (o[i] < r[k - 1].first) r[k - 1].first = o[i];
  }
  qsort(r, (size_t)k, sizeof(ovs_run), ovs_cmp_run);
  *order = o;
  *nruns = k;
  return r;
}

static int ovs_same_host_rank(int a, int b) { return ovs_same_host(&ovs_sorting[a], &ovs_sorting[b]); }
static int ovs_same_name_rank(int a, int b) { return strcmp(ovs_sorting[a].name, ovs_sorting[b].name) == 0; }

/* One host: its ranks o[0..count-1] (sorted by name), their ballots in b. */
static void ovs_count_host(const ovs_ballot *b, const int *o, int count, int *procs, int *processors,
                           int *online, int *from_masks, int *names)
{
  unsigned char uni[OVS_MASK_BYTES];
  int i, k, masks_ok = 1;
  memset(uni, 0, sizeof uni);
  *procs = count;
  *online = 0;
  *names = 0;
  for (i = 0; i < count; i++) {
    const ovs_ballot *x = &b[o[i]];
    if (i == 0 || strcmp(b[o[i - 1]].name, x->name) != 0) (*names)++;
    if (x->online > 0 && (*online == 0 || x->online < *online)) *online = x->online;
    if (x->affinity <= 0 || x->affinity != ovs_popcount(x->mask)) masks_ok = 0;
    for (k = 0; k < OVS_MASK_BYTES; k++) uni[k] |= x->mask[k];
  }
  *from_masks = masks_ok;
  *processors = masks_ok ? ovs_popcount(uni) : *online;
}

/* Rank 0: "a (ranks 0 2), b (ranks 1 3)" into `list`, the count of names into ovs-> */
static void ovs_list_names(int n, sk_str *list)
{
  struct ovs_state *ovs = ovs_state();
  int *o, nruns, h, k;
  ovs_run *r = ovs_runs(n, ovs_cmp_name, ovs_same_name_rank, &o, &nruns);
  for (h = 0; h < nruns; h++) {
    sk_str_printf(list, "%s%s (rank%s", h ? ", " : "", ovs_sorting[r[h].first].name, r[h].count > 1 ? "s" : "");
    for (k = 0; k < r[h].count; k++) sk_str_printf(list, " %d", o[r[h].from + k]);
    sk_str_putc(list, ')');
  }
  ovs->name_count = nruns;
  free(o);
  free(r);
}

/* ---- placement (doc/manual.md, "Placement") ---- */

/* Rank 0: room for the hosts of n ranks on nhosts hosts (the detection's). */
static void ovs_hosts_alloc(int n, int nhosts)
{
  struct ovs_state *ovs = ovs_state();
  free(ovs->host_of);
  free(ovs->host_procs);
  free(ovs->host_online);
  free(ovs->host_name);
  ovs->nranks = n;
  ovs->nhosts = nhosts;
  ovs->host_of = (int *)sk_calloc((size_t)(n > 0 ? n : 1), sizeof(int));
  ovs->host_procs = (int *)sk_calloc((size_t)(nhosts > 0 ? nhosts : 1), sizeof(int));
  ovs->host_online = (int *)sk_calloc((size_t)(nhosts > 0 ? nhosts : 1), sizeof(int));
  ovs->host_name = (char (*)[OVS_NAME])sk_calloc((size_t)(nhosts > 0 ? nhosts : 1), OVS_NAME);
  sk_str_free(&ovs->start_shared);
  sk_str_free(&ovs->start_cpus);
  sk_str_free(&ovs->now_shared);
}

static const int *ovs_place_host, *ovs_place_cpu;   /* the placement sort's keys (rank 0) */

/* By host, then processor, then rank. */
static int ovs_cmp_place(const void *x, const void *y)
{
  int a = *(const int *)x, b = *(const int *)y, c = ovs_place_host[a] - ovs_place_host[b];
  if (c == 0) c = ovs_place_cpu[a] - ovs_place_cpu[b];
  return c != 0 ? c : a - b;
}

SK_API int sk_oversub_placement_rule(int n, const int *host, const int *cpu, const int *procs, const int *online,
                                     const char *const *names, sk_str *shared)
{
  int *o = (int *)sk_malloc(sizeof(int) * (size_t)(n > 0 ? n : 1)), i, j, k, groups = 0;
  for (i = 0; i < n; i++) o[i] = i;
  ovs_place_host = host;
  ovs_place_cpu = cpu;
  qsort(o, (size_t)n, sizeof(int), ovs_cmp_place);
  ovs_place_host = ovs_place_cpu = NULL;
  for (i = 0; i < n; i = j) {
    int h = host[o[i]];
    for (j = i + 1; j < n && host[o[j]] == h && cpu[o[j]] == cpu[o[i]]; j++) { }
    if (cpu[o[i]] < 0 || j - i < 2 || online[h] <= 0 || procs[h] > online[h]) continue;
    if (++groups > 4) continue;
    sk_str_printf(shared, "%sranks", groups > 1 ? "; " : "");
    for (k = i; k < j; k++) sk_str_printf(shared, " %d", o[k]);
    sk_str_printf(shared, " on processor %d of %s (%d processor%s online for its %d rank%s)", cpu[o[i]],
                  names ? names[h] : "its host", online[h], online[h] == 1 ? "" : "s", procs[h],
                  procs[h] == 1 ? "" : "s");
  }
  if (groups > 4) sk_str_printf(shared, "; and %d more processor%s", groups - 4, groups - 4 == 1 ? "" : "s");
  free(o);
  return groups;
}

/* Rank 0: the rule over the ranks' processors `cpu` and the hosts of the detection. */
static void ovs_placement_judge(const int *cpu, sk_str *shared)
{
  struct ovs_state *ovs = ovs_state();
  const char **names = (const char **)sk_malloc(sizeof(char *) * (size_t)(ovs->nhosts > 0 ? ovs->nhosts : 1));
  int h;
  for (h = 0; h < ovs->nhosts; h++) names[h] = ovs->host_name[h];
  sk_str_clear(shared);
  sk_oversub_placement_rule(ovs->nranks, ovs->host_of, cpu, ovs->host_procs, ovs->host_online, names, shared);
  free((void *)names);
}

static void ovs_placement_decide(void *ctx, const void *ballots, int n, void *decision)
{
  struct ovs_state *ovs = ovs_state();
  (void)ctx;
  if (n == ovs->nranks) ovs_placement_judge((const int *)ballots, &ovs->now_shared);
  *(int *)decision = ovs->now_shared.len > 0;
}

SK_API void sk_oversub_placement_read(void)
{
  struct ovs_state *ovs = ovs_state();
  int cpu, shared = 0;
  if (!ovs->d.cpus_known) return;
  cpu = sk_host_cpu();
  sk_agree(sk_tp_world(), &cpu, sizeof cpu, &shared, sizeof shared, ovs_placement_decide, NULL);
}

SK_API int sk_oversub_cpus_known(void) { return ovs_state()->d.cpus_known; }

SK_API const char *sk_oversub_placement_start(const char **cpus)
{
  struct ovs_state *ovs = ovs_state();
  if (cpus) *cpus = ovs->start_cpus.data ? ovs->start_cpus.data : "";
  return ovs->start_shared.len > 0 ? ovs->start_shared.data : NULL;
}

SK_API const char *sk_oversub_placement_now(void)
{
  struct ovs_state *ovs = ovs_state();
  return ovs->now_shared.len > 0 ? ovs->now_shared.data : NULL;
}

SK_API int sk_oversub_placement_result(void)
{
  struct ovs_state *ovs = ovs_state();
  if (ovs->now_shared.len == 0) return 0;
  ovs->shared_results++;
  return 1;
}

SK_API void sk_oversub_placement_summary(sk_str *footer)
{
  struct ovs_state *ovs = ovs_state();
  if (ovs->shared_results == 0) return;
  sk_str_printf(footer, "# placement: %ld results measured while two ranks of a host shared a processor"
                " (flag shared_processor)\n", ovs->shared_results);
}

static void ovs_decide(void *ctx, const void *ballots, int n, void *decision)
{
  struct ovs_state *ovs = ovs_state();
  const ovs_ballot *b = (const ovs_ballot *)ballots;
  ovs_decision *d = (ovs_decision *)decision;
  double worst = -1.0;
  int *o, nruns, h;
  ovs_run *r;
  memset(d, 0, sizeof *d);
  ovs_sorting = b;
  if (ctx != NULL) ovs_list_names(n, (sk_str *)ctx);
  r = ovs_runs(n, ovs_cmp_host, ovs_same_host_rank, &o, &nruns);
  ovs->here = 0;
  for (h = 0; h < n && !d->cpus_known; h++) d->cpus_known = b[h].cpu >= 0;
  sk_str_clear(&ovs->start_shared);
  sk_str_clear(&ovs->now_shared);
  if (d->cpus_known) ovs_hosts_alloc(n, nruns);
  for (h = 0; h < nruns; h++) {     /* the hosts in the order of their first rank */
    int procs, processors, online, from_masks, names;
    double ratio;
    if (r[h].first == 0) ovs->here = r[h].count;
    ovs_count_host(b, o + r[h].from, r[h].count, &procs, &processors, &online, &from_masks, &names);
    if (d->cpus_known) {
      int k;
      for (k = 0; k < r[h].count; k++) ovs->host_of[o[r[h].from + k]] = h;
      ovs->host_procs[h] = procs;
      ovs->host_online[h] = online;
      strcpy(ovs->host_name[h], b[r[h].first].name);
    }
    d->hosts++;
    if (processors <= 0) { d->unknown_hosts++; continue; }
    if (procs > processors) d->crowded_hosts++;
    ratio = (double)procs / processors;
    if (ratio > worst) {
      worst = ratio;
      strcpy(d->name, b[r[h].first].name);
      d->procs = procs;
      d->processors = processors;
      d->online = online;
      d->from_masks = from_masks;
      d->names = names;
    }
  }
  ovs_sorting = NULL;
  free(o);
  free(r);
  if (d->cpus_known) {   /* the placement at the start */
    int *cpu = (int *)sk_malloc(sizeof(int) * (size_t)n);
    for (h = 0; h < n; h++) {
      cpu[h] = b[h].cpu;
      if (n <= 64) sk_str_printf(&ovs->start_cpus, "%s%d", h ? " " : "", cpu[h]);
    }
    ovs_placement_judge(cpu, &ovs->start_shared);
    sk_str_puts(&ovs->now_shared, ovs->start_shared.data ? ovs->start_shared.data : "");
    free(cpu);
  }
}

SK_NOINLINE SK_API void sk_oversub_detect(void)
{
  struct ovs_state *ovs = ovs_state();
  ovs_ballot mine;
  memset(&mine, 0, sizeof mine);
  sk_tp_processor_name(mine.name, sizeof mine.name);
  sk_host_machine_id(mine.machine, sizeof mine.machine);
  mine.online = sk_host_processors(NULL);
  mine.affinity = sk_host_affinity_mask(mine.mask, OVS_MASK_BYTES);
  mine.cpu = sk_host_cpu();
  { /* a mask beyond the first 8 * OVS_MASK_BYTES processors is not complete */
    int full = 0;
    sk_host_processors(&full);
    if (full != mine.affinity) mine.affinity = 0;
  }
#if SK_SIMULATED
  { /* a simulated host is its processor name, with the platform's cores (transport.h) */
    sk_tp_sim_facts f;
    sk_tp_sim_facts_get(&f);
    sk_str_free(&f.settings);
    mine.machine[0] = '\0';
    mine.online = f.cores;
    mine.affinity = 0;
    memset(mine.mask, 0, sizeof mine.mask);
  }
#endif
  memset(&ovs->d, 0, sizeof ovs->d);
  sk_str_free(&ovs->names);
  sk_str_init(&ovs->names);
  sk_agree(sk_tp_world(), &mine, sizeof mine, &ovs->d, sizeof ovs->d, ovs_decide, &ovs->names);
#if SK_SIMULATED
  ovs->d.crowded_hosts = 0;   /* simulated ranks never wait for a real processor: no scheduler time */
#endif
  sk_host_set_crowded(ovs->d.crowded_hosts > 0);
  sk_lib_polling_after_detect(ovs->d.crowded_hosts > 0);
}

SK_API int sk_oversub_found(void) { return sk_host_crowded(); }
SK_API double sk_oversub_floor(void) { return ovs_state()->floor; }
SK_API int sk_oversub_procs_here(void) { return ovs_state()->here; }

static int ovs_cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y ? 1 : 0;
}

SK_API void sk_oversub_probe(void)
{
  struct ovs_state *ovs = ovs_state();
  sk_group *w = sk_tp_world();
  int rank = sk_tp_world_rank(), size = sk_tp_world_size(), i;
  int next = (rank + 1) % size, prev = (rank + size - 1) % size;
  double lap[OVS_PROBE_ROUNDS], t0, floor = 0.0;
  char token = 0;
  if (!sk_oversub_found() || size < 2) return;
  for (i = 0; i < OVS_PROBE_WARMUP + OVS_PROBE_ROUNDS; i++) {
    t0 = sk_tp_wtime();
    if (rank == 0) { sk_tp_send(w, next, &token, 1); sk_tp_recv(w, prev, &token, 1); }
    else { sk_tp_recv(w, prev, &token, 1); sk_tp_send(w, next, &token, 1); }
    if (i >= OVS_PROBE_WARMUP) lap[i - OVS_PROBE_WARMUP] = sk_tp_wtime() - t0;
  }
  if (rank == 0) {
    qsort(lap, OVS_PROBE_ROUNDS, sizeof(double), ovs_cmp_double);
    floor = lap[OVS_PROBE_ROUNDS / 2] / size;
  }
  sk_agree(w, NULL, 0, &floor, sizeof floor, NULL, NULL);
  ovs->floor = floor;
}

SK_API void sk_oversub_get_facts(sk_oversub_facts *facts)
{
  struct ovs_state *ovs = ovs_state();
  const ovs_decision *d = &ovs->d;
  facts->hosts = d->hosts;
  facts->crowded_hosts = d->crowded_hosts;
  facts->unknown_hosts = d->unknown_hosts;
  facts->name = d->name;
  facts->procs = d->procs;
  facts->processors = d->processors;
  facts->from_masks = d->from_masks;
  facts->names = d->names;
  facts->floor = ovs->floor;
}

SK_API const char *sk_oversub_names(int *count)
{
  struct ovs_state *ovs = ovs_state();
  *count = ovs->name_count;
  return ovs->names.data;
}

SK_API double sk_oversub_scheduler_bound(int nprocs)
{
  struct ovs_state *ovs = ovs_state();
  int rounds = 1, p = 2;
  while (p < nprocs) { p *= 2; rounds++; }
  return 2.0 * rounds * ovs->floor;
}

SK_API int sk_oversub_mostly_scheduler(double time, int nprocs)
{
  struct ovs_state *ovs = ovs_state();
  if (!sk_oversub_found() || ovs->floor <= 0.0) return 0;
  (void)nprocs;
  return time >= ovs->floor;
}

SK_API void sk_oversub_note_result(double time, int nprocs, sk_str *comment)
{
  struct ovs_state *ovs = ovs_state();
  sk_str_printf(comment, "# (mostly scheduler time: %.1f us on %d processes of an oversubscribed host, at least"
                " the scheduler floor F = %.1f us)\n", time * 1e6, nprocs, ovs->floor * 1e6);
  if (ovs->marked++ == 0) {
    fflush(stdout);
    fprintf(stderr, "skampi: warning: oversubscribed host: results of at least the scheduler floor F"
            " (%.1f us) are mostly scheduler time, marked in the output; the first: %.1f us"
            " on %d processes\n", ovs->floor * 1e6, time * 1e6, nprocs);
    fflush(stderr);
  }
}

SK_API void sk_oversub_summary(sk_str *footer)
{
  struct ovs_state *ovs = ovs_state();
  if (ovs->marked == 0) return;
  sk_str_printf(footer, "# oversubscription: %ld results marked as mostly scheduler time\n", ovs->marked);
  fflush(stdout);
  fprintf(stderr, "skampi: warning: %ld results are mostly scheduler time (oversubscribed host; see the"
          " comment lines)\n", ovs->marked);
  fflush(stderr);
}
