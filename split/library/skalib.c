/*
** skalib.c -- the library interface (skampi.h; SKaLib report (TR 99/07) ch. 2-4): hands a
** user's callbacks to the machinery the skampi program runs its .ski programs with (the
** engine and its runner, APR for the loops, the header, result lines and marks, the
** merge) and turns every way skampi stops (sk_exit) into a return code with a message
** (base.h, sk_set_exit_jump). Compiled only with -DSKAMPI_LIBRARY, where these functions
** are the amalgam's only external names. Not reentrant: one suite at a time. How the
** simple pattern times its calls: doc/internals.md, "library".
*/
#include "skampi.h"
#include "main.h"
#include "result_line.h"
#include "session.h"
#include "merge.h"
#include "interference.h"
#include "oversub.h"
#include "apr.h"

#if defined(SKAMPI_LIBRARY) || !defined(SKAMPI_AMALGAM)

/* The automatic bound on refinement (refine_max_steps 0): the plain loop's points and at
** most as many added ones, at least LIB_REFINE_LEAST_ADDED (a pointer chase over 1 KiB ..
** 64 MiB got 44 added points chasing noise between 1.2 and 14 MB without a bound). */
#define LIB_REFINE_LEAST_ADDED 16
/* Calibration of the empty call: timings for at least this long, at least this many. */
#define LIB_CALIBRATE_SECONDS 5.0e-3
#define LIB_CALIBRATE_TIMINGS 64
#define LIB_MAX_CALLS 1000000L     /* calls per timing at most (the runner's bound) */
#define LIB_LONG_CALL 1000.0       /* a cold call this many timings long: no more probes */

static struct {
  int started;
  int writes;                     /* this process writes the output (rank 0, a file given) */
  sk_session session;             /* the start and end (session.h), its runtime from skampi_begin */
  sk_settings settings;
  sk_engine engine;
  const skampi_operation *op;     /* the operation being measured (the adapters') */
  int status;                     /* what the guarded body returned (lib_run) */
  int exit_status;                /* what sk_exit was called with (lib_run) */
  char errmsg[512];
  int refine_steps;               /* refine_max_steps as set: -1 none, 0 automatic, N */
  int refine_op, refine_versus;   /* skampi_refine_follow: -1 -1, the last operation */
  double clock_cost;              /* seconds: an empty timing (subtracted from each timing) */
  double empty_call;              /* seconds: an empty call in the simple pattern's loop */
  long empty_calls;               /* calls per timing of its calibration */
  double pause_cost;              /* seconds: a pause/resume pair beyond the paused time */
  long calls;                     /* calls per timing of the last simple measurement */
  /* the timing in progress, for skampi_pause and skampi_resume */
  int timing, paused;
  double pause_began, paused_total;
  long pauses;
} lib;

/* The state of one point of an operation, from init to finalize (sk_mctx.state). */
typedef struct lib_point {
  skampi_call call;
  const skampi_operation *op;
  long calls;                     /* simple pattern: calls per timing (the warm-up's probe) */
} lib_point;

static int lib_error(int code, const char *fmt, ...)
{
  sk_str s;
  va_list ap;
  sk_str_init(&s);
  va_start(ap, fmt);
  sk_str_vprintf(&s, fmt, ap);
  va_end(ap);
  sk_copy_string(lib.errmsg, sizeof lib.errmsg, s.data ? s.data : "");
  sk_str_free(&s);
  return code;
}

/* Runs body(ctx) with sk_exit turned into a return: 1 when the body returned (its value
** in lib.status), 0 when skampi stopped inside it (the status in lib.exit_status). */
static int lib_run(int (*body)(void *ctx), void *ctx)
{
  jmp_buf jump;
  if (setjmp(jump) != 0) return 0;
  sk_set_exit_jump(&jump, &lib.exit_status);
  lib.status = body(ctx);
  sk_set_exit_jump(NULL, NULL);
  return 1;
}

/* A library call: its body's code, or the message of the error that stopped skampi. */
static int lib_call(int (*body)(void *ctx), void *ctx)
{
  const char *why;
  lib.errmsg[0] = '\0';
  if (lib_run(body, ctx)) return lib.status;
  why = sk_last_user_error();
  if (lib.exit_status == SK_EXIT_USER_ERROR && why[0]) return lib_error(SKAMPI_EUSAGE, "%s", why);
  if (lib.exit_status == SK_EXIT_WRITE) return lib_error(SKAMPI_EFILE, "the output could not be written (see standard error)");
  return lib_error(SKAMPI_EINTERNAL, "skampi stopped with status %d (see standard error)", lib.exit_status);
}

/* ---- the adapters: a user's operation as a measurement of the engine (measure.h) ---- */

static void lib_init(sk_mctx *m, const sk_value *args)
{
  lib_point *p = (lib_point *)sk_calloc(1, sizeof *p);
  (void)args;                     /* the engine has bound them: m->arg.x */
  p->op = lib.op;
  p->call.rank = sk_tp_world_rank();
  p->call.size = sk_tp_world_size();
  p->call.x = m->arg.x;
  p->call.bytes = (long)floor(p->call.x + 0.5);
  p->call.internal = m;
  m->state = p;
  if (p->op->init) p->op->init(p->op->user, &p->call);
  m->reported_size = p->call.bytes;
}

static void lib_finalize(sk_mctx *m, const sk_value *args)
{
  lib_point *p = (lib_point *)m->state;
  (void)args;
  if (p == NULL) return;
  if (p->op->finalize) p->op->finalize(p->op->user, &p->call);
  free(p);
  m->state = NULL;
}

static lib_point *lib_point_of(sk_mctx *m)
{
  lib_point *p = (lib_point *)m->state;
  p->call.warming_up = m->warming_up;
  return p;
}

/* ---- pauses: skampi_pause and skampi_resume inside a timed call ---- */

static void lib_timing_begin(void)
{
  lib.timing = 1;
  lib.paused = 0;
  lib.paused_total = 0.0;
  lib.pauses = 0;
}

/* The time to take off a timing that ended at `end`: the paused time (a pause never
** resumed lasts until the end) and the calibrated cost of each pause/resume pair. */
static double lib_timing_end(double end)
{
  lib.timing = 0;
  if (lib.paused) {
    lib.paused_total += end - lib.pause_began;
    lib.pauses++;
    lib.paused = 0;
  }
  return lib.paused_total + (double)lib.pauses * lib.pause_cost;
}

void skampi_pause(void)
{
  if (!lib.timing || lib.paused) return;
  lib.paused = 1;
  lib.pause_began = sk_tp_wtime();
}

void skampi_resume(void)
{
  double now;
  if (!lib.timing || !lib.paused) return;
  now = sk_tp_wtime();
  lib.paused_total += now - lib.pause_began;
  lib.pauses++;
  lib.paused = 0;
}

/* The sink: the pointer escapes into a volatile object (and, for GNU C, into an empty asm
** statement that may read any memory, as Google Benchmark's DoNotOptimize does), so the
** compiler must have made whatever p points to. */
static const void *volatile lib_sink;

void skampi_do_not_optimize(const void *p)
{
#if defined(__GNUC__) && !defined(__TINYC__) && !defined(__PCC__)
  __asm__ __volatile__("" : : "r"(p) : "memory");
#endif
  lib_sink = p;
}

/* ---- the simple pattern's loop ---- */

/* n calls of run between two clock readings: the time without the pauses (seconds). */
static double lib_time_calls(skampi_fn run, void *user, skampi_call *call, long n)
{
  double start, end;
  long i;
  lib_timing_begin();
  start = sk_tp_wtime();
  for (i = n % 4; i > 0; i--) run(user, call);
  for (i = n / 4; i > 0; i--) {     /* unrolled: the loop's own share of a call is less */
    run(user, call);
    run(user, call);
    run(user, call);
    run(user, call);
  }
  end = sk_tp_wtime();
  return end - start - lib_timing_end(end);
}

/* SKaLib eq. 3.1: the calls per timing that make a timing span precision_ticks clock ticks
** (a tick being the clock's tick or, when longer, the clock's cost: MPI_Wtick says 1 ns
** where two readings of MPI_Wtime are 29 ns apart, and a timing of 100 ns was mostly the
** clock's, a 4-byte memcpy reading 2.2 times a plain loop's),
** probed by timing 1, 10, 100, ... calls (after one cold call; the least of 3 timings)
** until a timing spans a twentieth of that, then scaled; at most LIB_MAX_CALLS. A cold
** call of LIB_LONG_CALL times that or more is taken as it is (1 call per timing), so an
** operation of seconds is not called twice in the warm-up. */
static long lib_calls_for_precision(skampi_fn run, void *user, skampi_call *call, sk_mctx *m)
{
  double tick = sk_tp_wtick() > lib.clock_cost ? sk_tp_wtick() : lib.clock_cost;
  double want = lib.settings.asec.precision_ticks * tick, t;
  long n = 1;
  int i;
  if (lib_time_calls(run, user, call, 1) >= LIB_LONG_CALL * want) return 1;
  for (;;) {
    if (m != NULL && m->failed) return 1;
    t = lib_time_calls(run, user, call, n);
    for (i = 0; i < 2 && t < want; i++) {
      double again = lib_time_calls(run, user, call, n);
      if (again < t) t = again;
    }
    if (t >= want) return n;
    if (n >= LIB_MAX_CALLS) return LIB_MAX_CALLS;
    if (t * 20.0 >= want) {
      double scaled = ceil((double)n * want / t);
      return scaled >= (double)LIB_MAX_CALLS ? LIB_MAX_CALLS : (long)scaled;
    }
    n = n * 10 > LIB_MAX_CALLS ? LIB_MAX_CALLS : n * 10;
  }
}

/* simple: rank 0 alone; the warm-up chooses the calls per timing, each repetition is one
** timing of them less the empty timing's cost (never below 0), shared among the calls */
static double lib_measure_simple(sk_mctx *m, const sk_value *args)
{
  lib_point *p = lib_point_of(m);
  double t;
  (void)args;
  if (m->warming_up || p->calls < 1) {
    p->calls = lib_calls_for_precision(p->op->run, p->op->user, &p->call, m);
    lib.calls = p->calls;
  }
  t = lib_time_calls(p->op->run, p->op->user, &p->call, p->calls) - lib.clock_cost;
  return t > 0.0 ? t / (double)p->calls : 0.0;
}

/* point-to-point: each process times its own call */
static double lib_measure_local(sk_mctx *m, const sk_value *args)
{
  lib_point *p = lib_point_of(m);
  (void)args;
  return lib_time_calls(p->op->run, p->op->user, &p->call, 1);
}

/* collective: from the agreed start (sk_sync_start) to this process's end */
static double lib_measure_collective(sk_mctx *m, const sk_value *args)
{
  lib_point *p = lib_point_of(m);
  double start = sk_sync_start(m), stop, pauses;
  (void)args;
  lib_timing_begin();
  p->op->run(p->op->user, &p->call);
  stop = sk_sync_stop(m);
  pauses = lib_timing_end(stop);
  return stop - start - pauses;
}

/* ---- the calibration at skampi_begin: an empty timing, an empty call, a pause/resume pair ---- */

static void lib_empty_op(void *user, skampi_call *call)
{
  (void)user; (void)call;
}

static void lib_pause_op(void *user, skampi_call *call)
{
  (void)user; (void)call;
  skampi_pause();
  skampi_resume();
}

/* read through a volatile object, so no compiler knows which function the loop calls */
static void (*volatile lib_empty_fn)(void *user, skampi_call *call) = lib_empty_op;
static void (*volatile lib_pause_fn)(void *user, skampi_call *call) = lib_pause_op;

/* The least per-call time (less `less`) of fn in the simple pattern's loop, over at least
** LIB_CALIBRATE_TIMINGS timings and LIB_CALIBRATE_SECONDS. */
static double lib_least_call(skampi_fn fn, double less, long *calls)
{
  skampi_call call;
  double best = -1.0, began;
  long n;
  int i;
  memset(&call, 0, sizeof call);
  n = lib_calls_for_precision(fn, NULL, &call, NULL);
  began = sk_tp_wtime();
  for (i = 0; i < LIB_CALIBRATE_TIMINGS || (sk_tp_wtime() - began < LIB_CALIBRATE_SECONDS && i < 100000); i++) {
    double t = (lib_time_calls(fn, NULL, &call, n) - lib.clock_cost) / (double)n - less;
    if (best < 0.0 || t < best) best = t;
  }
  if (calls) *calls = n;
  return best > 0.0 ? best : 0.0;
}

/* The least time between two readings of the clock, over as many pairs as above. */
static double lib_least_timing(void)
{
  double best = -1.0, began = sk_tp_wtime();
  int i;
  for (i = 0; i < LIB_CALIBRATE_TIMINGS || (sk_tp_wtime() - began < LIB_CALIBRATE_SECONDS && i < 100000); i++) {
    double a = sk_tp_wtime(), b = sk_tp_wtime();
    if (best < 0.0 || b - a < best) best = b - a;
  }
  return best > 0.0 ? best : 0.0;
}

static void lib_calibrate(void)
{
  lib.pause_cost = 0.0;
  lib.clock_cost = 0.0;
  lib.clock_cost = lib_least_timing();
  lib.empty_call = lib_least_call(lib_empty_fn, 0.0, &lib.empty_calls);
  lib.pause_cost = lib_least_call(lib_pause_fn, lib.empty_call, NULL);
}

/* master-worker: started together, the master's time only (meas_mw.c) */
static double lib_measure_master_worker(sk_mctx *m, const sk_value *args)
{
  double t = lib_measure_collective(m, args);
  return m->rank == 0 ? t : -1.0;
}

static void lib_definition(const skampi_operation *op, sk_measurement *def)
{
  static const sk_pattern patterns[] = { SK_PATTERN_SIMPLE_OWN_TIME, SK_PATTERN_P2P, SK_PATTERN_COLLECTIVE,
                                         SK_PATTERN_MASTER_WORKER };
  memset(def, 0, sizeof *def);
  def->name = op->name;
  def->params = "d";
  def->param_names = "x";
  def->signature = "x:d";
  def->pattern = patterns[op->pattern];
  def->init = lib_init;
  def->finalize = lib_finalize;
  def->measure = op->pattern == SKAMPI_SIMPLE ? lib_measure_simple : op->pattern == SKAMPI_P2P ? lib_measure_local
                 : op->pattern == SKAMPI_COLLECTIVE ? lib_measure_collective : lib_measure_master_worker;
  def->min_procs = op->pattern == SKAMPI_P2P || op->pattern == SKAMPI_MASTER_WORKER ? 2 : 1;
  def->nothing = "a user's operation";
}

/* ---- start and end ---- */

typedef struct lib_begin_args {
  int *argc;
  char ***argv;
  const char *output;
} lib_begin_args;

/* The library's facts in the header (sk_session_facts_fn): the calibration, taken here
** on every process after the session's measurements. */
static void lib_header_facts(sk_header_facts *h, void *ctx)
{
  const lib_begin_args *a = (const lib_begin_args *)ctx;
  lib_calibrate();
  h->input = a->argv && *a->argv && (*a->argv)[0] ? (*a->argv)[0] : "(library)";
  h->library = 1;
  h->clock_cost = lib.clock_cost;
  h->empty_call = lib.empty_call;
  h->empty_calls = lib.empty_calls;
  h->pause_cost = lib.pause_cost;
}

static int lib_begin(void *ctx)
{
  lib_begin_args *a = (lib_begin_args *)ctx;
  int opened = 1;
  sk_str err;
  if (lib.started) return lib_error(SKAMPI_EUSAGE, "skampi_begin: the library is started already");
  sk_tp_start(a->argc, a->argv);
  lib.started = 1;
  lib.session.started = sk_tp_wtime();
  sk_set_reporter(sk_tp_world_rank() == 0);
  sk_settings_default(&lib.settings);
  sk_buffers_configure(&lib.settings.buffers);
  sk_engine_init(&lib.engine, &lib.settings);
  lib.writes = sk_tp_world_rank() == 0 && a->output != NULL;
  sk_str_init(&err);
  if (lib.writes) {
    char backup[1024];
    opened = sk_out_open(a->output, &err, backup, sizeof backup);
  }
  sk_agree(sk_tp_world(), NULL, 0, &opened, sizeof opened, NULL, NULL);   /* rank 0's word */
  if (!opened) {              /* nothing stays started (MPI_Finalize if it was ours) */
    lib.writes = 0;
    lib_error(SKAMPI_EFILE, "skampi_begin: %s", err.data ? err.data : "the output cannot be opened");
    sk_str_free(&err);
    sk_engine_free(&lib.engine);
    sk_tp_finish();
    lib.started = 0;
    return SKAMPI_EFILE;
  }
  sk_str_free(&err);
  sk_oversub_detect();
  lib.session.settings = &lib.settings;
  lib.session.writes = lib.writes;
  lib.session.quiet = 1;
  sk_session_start(&lib.session, lib_header_facts, a);
  lib.refine_steps = 0;
  lib.refine_op = lib.refine_versus = -1;
  return SKAMPI_OK;
}

int skampi_begin(int *argc, char ***argv, const char *output)
{
  lib_begin_args a;
  a.argc = argc;
  a.argv = argv;
  a.output = output;
  return lib_call(lib_begin, &a);
}

static int lib_end(void *ctx)
{
  (void)ctx;
  if (!lib.started) return lib_error(SKAMPI_EUSAGE, "skampi_end: the library is not started");
  if (lib.writes) {
    sk_session_end(&lib.session);
    sk_out_close();
  }
  sk_engine_free(&lib.engine);
  sk_tp_finish();
  lib.started = 0;
  if (lib.writes && sk_out_failed()) {
    lib.writes = 0;
    return lib_error(SKAMPI_EFILE, "skampi_end: the output could not be written (see standard error)");
  }
  lib.writes = 0;
  return SKAMPI_OK;
}

int skampi_end(void) { return lib_call(lib_end, NULL); }

const char *skampi_errmsg(void) { return lib.errmsg; }
int skampi_rank(void) { return lib.started ? sk_tp_world_rank() : 0; }
int skampi_size(void) { return lib.started ? sk_tp_world_size() : 1; }
double skampi_wtime(void) { return sk_tp_wtime(); }

void skampi_fail(skampi_call *call, const char *why)
{
  sk_meas_fail((sk_mctx *)call->internal, why ? why : "failed");
}

void skampi_free(void *p) { free(p); }

/* ---- settings ---- */

void skampi_default_settings(skampi_settings *s)
{
  sk_settings d;
  sk_settings_default(&d);
  memset(s, 0, sizeof *s);
  s->min_reps = d.asec.min_reps;
  s->max_reps = d.asec.max_reps;
  s->max_rel_error = d.asec.max_rel_error;
  s->cut_quantile = d.asec.cut_quantile;
  s->time_limit = d.asec.time_limit;
  s->suite_time_limit = d.suite_time_limit;
  s->precision_ticks = d.asec.precision_ticks;
  s->statistic = d.asec.statistic == SK_STATISTIC_MIN ? SKAMPI_MIN : SKAMPI_MEAN;
  s->refine_max_error = d.apr.max_error;
  s->refine_min_distance = d.apr.min_distance;
  s->refine_max_steps = 0;              /* automatic (lib_suite_error) */
  s->max_node_times = d.max_node_times;
}

/* The first wrong field, or NULL. */
static const char *lib_settings_error(const skampi_settings *s)
{
  if (s->min_reps < 1) return "min_reps must be at least 1";
  if (s->max_reps < s->min_reps) return "max_reps must be at least min_reps";
  if (!(s->max_rel_error >= 0.0)) return "max_rel_error must not be negative";
  if (!(s->cut_quantile >= 0.0 && s->cut_quantile < 0.5)) return "cut_quantile must be in [0, 0.5)";
  if (!(s->time_limit >= 0.0)) return "time_limit must not be negative";
  if (!(s->suite_time_limit >= 0.0)) return "suite_time_limit must not be negative";
  if (!(s->precision_ticks >= 1.0 && s->precision_ticks <= 1e6)) return "precision_ticks must be in [1, 1e6]";
  if (s->statistic != SKAMPI_MEAN && s->statistic != SKAMPI_MIN) return "statistic must be SKAMPI_MEAN or SKAMPI_MIN";
  if (!(s->refine_max_error >= 0.0)) return "refine_max_error must not be negative";
  if (!(s->refine_min_distance >= 0.0)) return "refine_min_distance must not be negative";
  if (s->refine_max_steps < -1) return "refine_max_steps must be -1 (no limit), 0 (automatic) or a number of points";
  if (s->max_node_times < 0) return "max_node_times must not be negative";
  return NULL;
}

int skampi_refine_follow(int op, int versus)
{
  lib.errmsg[0] = '\0';
  if (!lib.started) return lib_error(SKAMPI_EUSAGE, "skampi_refine_follow: the library is not started");
  if (op < -1 || versus < -1 || (versus >= 0 && (op < 0 || op == versus)))
    return lib_error(SKAMPI_EUSAGE, "skampi_refine_follow: an operation's index (or -1 for the last), and -1 or"
                     " the index of another one to follow their crossing");
  lib.refine_op = op;
  lib.refine_versus = versus;
  return SKAMPI_OK;
}

int skampi_configure(const skampi_settings *s)
{
  const char *why;
  lib.errmsg[0] = '\0';
  if (s == NULL) return lib_error(SKAMPI_EUSAGE, "skampi_configure: no settings");
  if (!lib.started) return lib_error(SKAMPI_EUSAGE, "skampi_configure: the library is not started");
  why = lib_settings_error(s);
  if (why) return lib_error(SKAMPI_EUSAGE, "skampi_configure: %s", why);
  lib.settings.asec.min_reps = s->min_reps;
  lib.settings.asec.max_reps = s->max_reps;
  lib.settings.asec.max_rel_error = s->max_rel_error;
  lib.settings.asec.cut_quantile = s->cut_quantile;
  lib.settings.asec.time_limit = s->time_limit;
  lib.settings.suite_time_limit = s->suite_time_limit;
  lib.settings.asec.precision_ticks = s->precision_ticks;
  lib.settings.asec.statistic = s->statistic == SKAMPI_MIN ? SK_STATISTIC_MIN : SK_STATISTIC_MEAN;
  lib.settings.apr.max_error = s->refine_max_error;
  lib.settings.apr.min_distance = s->refine_min_distance;
  lib.refine_steps = s->refine_max_steps;
  lib.settings.max_node_times = s->max_node_times;
  return SKAMPI_OK;
}

/* ---- suites ---- */

typedef struct lib_suite_args {
  const char *name;
  const skampi_operation *ops;
  int nops;
  const skampi_loop *loop;
  skampi_result *results;       /* grown here */
  size_t n, cap;
} lib_suite_args;

/* The first mistake in a suite's arguments, or NULL; *apr set up from the loop. */
static const char *lib_suite_error(const lib_suite_args *a, sk_apr_config *c)
{
  int i;
  const char *why;
  if (a->name == NULL || a->name[0] == '\0' || strchr(a->name, '"') || strchr(a->name, '\n'))
    return "a suite needs a name without '\"' or line breaks";
  if (a->ops == NULL || a->nops < 1) return "a suite needs at least one operation";
  if (a->loop == NULL || a->loop->name == NULL || a->loop->name[0] == '\0' || strchr(a->loop->name, ' ')
      || strchr(a->loop->name, '\n'))
    return "the loop needs a variable name without blanks";
  for (i = 0; i < a->nops; i++) {
    const skampi_operation *op = &a->ops[i];
    if (op->run == NULL) return "an operation without a run function";
    if (op->pattern < SKAMPI_SIMPLE || op->pattern > SKAMPI_MASTER_WORKER) return "an operation with an unknown pattern";
    if (op->name == NULL || op->name[0] == '\0' || strchr(op->name, '\n')) return "an operation needs a name without line breaks";
    if ((op->pattern == SKAMPI_P2P || op->pattern == SKAMPI_MASTER_WORKER) && sk_tp_world_size() < 2)
      return "the point-to-point and master-worker patterns need at least 2 processes";
  }
  if (lib.refine_op >= a->nops || lib.refine_versus >= a->nops)
    return "skampi_refine_follow names an operation the suite does not have";
  sk_apr_default_config(c);
  c->first = a->loop->first;
  c->last = a->loop->last;
  c->step = a->loop->step;
  c->geometric = a->loop->geometric != 0;
  c->integer = a->loop->integer != 0;
  c->multiple_of = 1;
  c->limits = lib.settings.apr;
  c->refine = a->loop->refine != 0;
  c->key = lib.refine_versus >= 0 ? SK_APR_KEY_CROSSING : SK_APR_KEY_LOG_SLOPE;
  c->limits.max_steps = 0;
  why = sk_apr_config_error(c);
  if (why == NULL && c->refine && lib.refine_steps > 0) c->limits.max_steps = lib.refine_steps;
  if (why == NULL && c->refine && lib.refine_steps == 0) {   /* the automatic bound */
    sk_apr_config plain = *c;
    sk_apr *count;
    double x;
    int n = 0;
    plain.refine = 0;
    count = sk_apr_new(&plain);
    while (sk_apr_next(count, &x)) { n++; sk_apr_report(count, 0.0); }
    sk_apr_free(count);
    c->limits.max_steps = n + (n > LIB_REFINE_LEAST_ADDED ? n : LIB_REFINE_LEAST_ADDED);
  }
  return why;
}

static void lib_keep(lib_suite_args *a, int op, double x, int added, const sk_measure_outcome *out)
{
  skampi_result *r;
  a->results = (skampi_result *)sk_grow(a->results, &a->cap, a->n + 1, sizeof *a->results);
  r = &a->results[a->n++];
  memset(r, 0, sizeof *r);
  r->op = op;
  r->x = x;
  r->time = out->time;
  r->refined = added;
  if (!sk_engine_reports()) return;
  r->bytes = out->result.reported_size;
  r->time = out->result.time;
  r->std_error = out->result.std_error;
  r->rel_error = out->result.rule_error;
  r->reps = out->result.reps;
  r->kept = out->result.kept;
  r->calls_per_timing = out->result.calls_per_timing;
  r->time_limited = out->result.stop == SK_ASEC_TIME_LIMIT;
}

/* The results in the order of the output's lines: by x, then by operation. */
static int lib_result_order(const void *pa, const void *pb)
{
  const skampi_result *a = (const skampi_result *)pa, *b = (const skampi_result *)pb;
  if (a->x != b->x) return a->x < b->x ? -1 : 1;
  return a->op - b->op;
}

/* One point: every operation at x. 0 when the suite must stop (*code says why). */
static int lib_point_measure(lib_suite_args *a, sk_measurement *defs, double x, int added, double started,
                             const char **kind, double *times, int *code)
{
  sk_loopvar var;
  sk_value arg;
  int i, spent;
  var.name = a->loop->name;
  var.value = a->loop->integer ? sk_int_value((long)floor(x + 0.5)) : sk_double_value(x);
  arg = sk_double_value(a->loop->integer ? floor(x + 0.5) : x);
  for (i = 0; i < a->nops; i++) {
    sk_measure_outcome out;
    lib.op = &a->ops[i];
    lib.calls = 1;
    sk_engine_measure(&lib.engine, &defs[i], sk_tp_world(), &arg, started, &out);
    if (a->ops[i].pattern == SKAMPI_SIMPLE) out.result.calls_per_timing = lib.calls;   /* rank 0's */
    if (out.has_dummy && lib.writes) sk_line_dummy(&out, 0);
    if (out.status != SK_MEASURED) {
      *code = lib_error(out.status == SK_FAILED || out.status == SK_LIBRARY_ERROR ? SKAMPI_EFAILED : SKAMPI_EUSAGE, "%s at %s=%g: %s", a->ops[i].name,
                        a->loop->name, arg.u.d, out.message[0] ? out.message : "failed (rank 0 has the message)");
      sk_outcome_free(&out);
      return 0;
    }
    if (lib.writes) {
      sk_line_facts lf;
      sk_str flags;
      *kind = sk_line_suite_mark(*kind, a->ops[i].pattern == SKAMPI_P2P ? "one_way" : "operation", &out);
      memset(&lf, 0, sizeof lf);
      lf.settings = &lib.settings;
      lf.vars = &var;
      lf.nvars = 1;
      lf.label = a->nops > 1 ? a->ops[i].name : NULL;
      lf.added = added;
      lf.dummy_time = out.dummy_time / (double)(out.result.calls_per_timing > 1 ? out.result.calls_per_timing : 1);
      sk_str_init(&flags);
      sk_line_write(&lf, &out.result, &flags);
      sk_line_finish(&lf, &out.result, &flags);
      sk_str_free(&flags);
    }
    lib_keep(a, i, arg.u.d, added, &out);
    times[i] = out.time;
    spent = out.suite_time_spent;
    sk_outcome_free(&out);
    if (spent) return 0;      /* *code stays SKAMPI_OK: the suite's time limit is reached */
  }
  return 1;
}

static int lib_suite(void *ctx)
{
  lib_suite_args *a = (lib_suite_args *)ctx;
  sk_apr_config c;
  sk_apr *apr;
  sk_measurement *defs;
  const char *why, *kind = NULL;
  double x, started, *times;
  int i, code = SKAMPI_OK, stopped = 0;
  if (!lib.started) return lib_error(SKAMPI_EUSAGE, "skampi_suite: the library is not started");
  why = lib_suite_error(a, &c);
  if (why) return lib_error(SKAMPI_EUSAGE, "skampi_suite \"%s\": %s", a->name ? a->name : "", why);
  defs = (sk_measurement *)sk_calloc((size_t)a->nops, sizeof *defs);
  times = (double *)sk_calloc((size_t)a->nops, sizeof *times);
  for (i = 0; i < a->nops; i++) lib_definition(&a->ops[i], &defs[i]);
  apr = sk_apr_new(&c);
  started = sk_engine_clock();
  {
    sk_str waits;
    sk_str_init(&waits);
    sk_interference_choose_waits(&waits);   /* collective: how this suite's waits treat the processor */
    if (lib.writes) {
      sk_out_begin_block(a->name);
      if (waits.data) sk_out_text(waits.data);
      sk_out_set_unit(lib.settings.unit);
      if (c.refine) sk_out_hold_begin();
    }
    sk_str_free(&waits);
  }
  while (sk_apr_next(apr, &x)) {
    if (!lib_point_measure(a, defs, x, sk_apr_point_added(apr), started, &kind, times, &code)) {
      stopped = code == SKAMPI_OK;
      break;
    }
    /* what refinement follows: an operation's time, or the difference of two */
    if (lib.refine_versus >= 0) sk_apr_report(apr, times[lib.refine_op] - times[lib.refine_versus]);
    else sk_apr_report(apr, times[lib.refine_op >= 0 ? lib.refine_op : a->nops - 1]);
  }
  if (lib.writes) {
    if (c.refine) sk_out_hold_end(0);
    if (stopped) {
      sk_str note;
      sk_str_init(&note);
      sk_str_printf(&note, "# (suite stopped by its time limit of %g s)\n", lib.settings.suite_time_limit);
      sk_out_text(note.data);
      sk_str_free(&note);
    }
    sk_out_end_block(a->name, sk_engine_clock() - started);
    if (sk_out_failed() && code == SKAMPI_OK) code = lib_error(SKAMPI_EFILE, "skampi_suite \"%s\": the output could not be written", a->name);
  }
  sk_apr_free(apr);
  free(defs);
  free(times);
  if (a->n > 1) qsort(a->results, a->n, sizeof *a->results, lib_result_order);
  return code;
}

int skampi_suite(const char *name, const skampi_operation *ops, int nops, const skampi_loop *loop,
                 skampi_result **results, int *nresults)
{
  lib_suite_args a;
  int code;
  memset(&a, 0, sizeof a);
  a.name = name;
  a.ops = ops;
  a.nops = nops;
  a.loop = loop;
  if (results) *results = NULL;
  if (nresults) *nresults = 0;
  code = lib_call(lib_suite, &a);
  if (results && code == SKAMPI_OK) *results = a.results;
  else free(a.results);
  if (nresults && code == SKAMPI_OK) *nresults = (int)a.n;
  return code;
}

int skampi_measure(const skampi_operation *op, double x, skampi_result *result)
{
  skampi_loop loop;
  skampi_result *r = NULL;
  int n = 0, code;
  memset(&loop, 0, sizeof loop);
  loop.name = "x";
  loop.first = loop.last = x;
  loop.step = 1.0;
  if (op == NULL) return lib_error(SKAMPI_EUSAGE, "skampi_measure: no operation");
  code = skampi_suite(op->name, op, 1, &loop, &r, &n);
  if (code == SKAMPI_OK && result) {
    if (n == 1) *result = r[0];
    else code = lib_error(SKAMPI_EINTERNAL, "skampi_measure: %d results instead of 1", n);
  }
  free(r);
  return code;
}

/* ---- merge and the command line ---- */

typedef struct lib_merge_args {
  const char *out;
  const char *const *inputs;
  int n;
} lib_merge_args;

static int lib_merge(void *ctx)
{
  lib_merge_args *a = (lib_merge_args *)ctx;
  sk_str err;
  int ok, code;
  if (a->out == NULL || a->inputs == NULL || a->n < 1) return lib_error(SKAMPI_EUSAGE, "skampi_merge: needs an output and at least one input");
  if (lib.started && !sk_engine_reports()) return SKAMPI_OK;
  sk_str_init(&err);
  ok = sk_merge_files(a->out, (char **)a->inputs, a->n, 0, &err);
  code = ok ? SKAMPI_OK : lib_error(sk_out_failed() ? SKAMPI_EFILE : SKAMPI_EUSAGE, "%s", err.data ? err.data : "failed");
  sk_str_free(&err);
  return code;
}

int skampi_merge(const char *out, const char *const *inputs, int ninputs)
{
  lib_merge_args a;
  a.out = out;
  a.inputs = inputs;
  a.n = ninputs;
  return lib_call(lib_merge, &a);
}

typedef struct lib_program_args {
  int argc;
  char **argv;
} lib_program_args;

static int lib_program(void *ctx)
{
  lib_program_args *a = (lib_program_args *)ctx;
#ifdef SKAMPI_LIBRARY
  return sk_program_main(a->argc, a->argv);
#else
  (void)a;
  return lib_error(SKAMPI_EUSAGE, "skampi_program: only in the library build");
#endif
}

int skampi_program(int argc, char **argv)
{
  lib_program_args a;
  int status;
  lib.errmsg[0] = '\0';
  if (lib.started || argc < 1 || argv == NULL) {
    lib_error(SKAMPI_EUSAGE, lib.started ? "skampi_program: not while the library is started"
                                         : "skampi_program: argv[0] must be the program's name");
    return SK_EXIT_USER_ERROR;
  }
  a.argc = argc;
  a.argv = argv;
  status = lib_run(lib_program, &a) ? lib.status : lib.exit_status;
  sk_set_exit_hook(NULL);
  return status;
}

#endif
