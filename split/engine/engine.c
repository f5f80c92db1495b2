/*
** engine.c -- see engine.h.
*/
#include "engine.h"
#include "interference.h"
#include "mpit.h"
#include "peruse.h"

SK_API void sk_engine_init(sk_engine *e, const sk_settings *settings)
{
  memset(e, 0, sizeof *e);
  e->settings = settings;
}

SK_API void sk_engine_free(sk_engine *e)
{
  free(e->dummies);
  sk_engine_init(e, e->settings);   /* no dummy time seen, the same settings */
}

SK_API void sk_outcome_free(sk_measure_outcome *out)
{
  sk_result_free(&out->result);
  sk_result_free(&out->dummy);
}

SK_API int sk_engine_reports(void) { return sk_tp_world_rank() == 0; }
SK_API double sk_engine_clock(void) { return sk_tp_wtime(); }
SK_API double sk_engine_tick(void) { return sk_tp_wtick(); }
SK_API int sk_engine_process(void) { return sk_tp_world_rank(); }
SK_API int sk_engine_comm_size(const sk_group *g) { return sk_tp_group_size(g); }
SK_API const int *sk_engine_comm_members(const sk_group *g) { return sk_tp_group_members(g); }

SK_API void sk_engine_collect_text(const char *mine, void (*write)(const char *text))
{
  int i, size = sk_tp_world_size();
  unsigned long n = (unsigned long)strlen(mine);
  if (sk_tp_world_rank() != 0) {
    sk_tp_send(sk_tp_world(), 0, &n, sizeof n);
    sk_tp_send(sk_tp_world(), 0, mine, (size_t)n);
    return;
  }
  write(mine);
  for (i = 1; i < size; i++) {
    char *text;
    sk_tp_recv(sk_tp_world(), i, &n, sizeof n);
    text = (char *)sk_malloc((size_t)n + 1);
    sk_tp_recv(sk_tp_world(), i, text, (size_t)n);
    text[n] = '\0';
    write(text);
    free(text);
  }
}

/* The result complete on rank 0 of g goes to world rank 0 (nothing moves when they are
** the same process). On MPI_COMM_SELF every process measured its own group: world rank
** 0's result is the one reported, as in the original SKaMPI. */
static void engine_forward(sk_group *g, sk_result *res)
{
  int leader = sk_tp_group_world_rank(g, 0), me = sk_tp_world_rank(), n = sk_tp_group_size(g);
  size_t count = SK_RESULT_DOUBLES(n);
  double *pack;
  if (g == sk_tp_self()) return;
  if (leader == 0 || (me != 0 && me != leader)) return;
  pack = (double *)sk_malloc(sizeof(double) * count);
  if (me == leader) {
    sk_result_pack(res, pack);
    sk_tp_send(sk_tp_world(), 0, pack, sizeof(double) * count);
    sk_tp_send(sk_tp_world(), 0, res->fail_msg, sizeof res->fail_msg);
    sk_tp_send(sk_tp_world(), 0, sk_result_note(res), SK_RESULT_NOTE);
    sk_tp_send(sk_tp_world(), 0, res->note_flags, sizeof res->note_flags);
    if (res->nsamples > 0) sk_tp_send(sk_tp_world(), 0, res->samples, sizeof(double) * (size_t)res->nsamples);
  } else {
    sk_result_init(res);
    sk_tp_recv(sk_tp_world(), leader, pack, sizeof(double) * count);
    sk_tp_recv(sk_tp_world(), leader, res->fail_msg, sizeof res->fail_msg);
    sk_tp_recv(sk_tp_world(), leader, sk_result_note(res), SK_RESULT_NOTE);
    sk_tp_recv(sk_tp_world(), leader, res->note_flags, sizeof res->note_flags);
    sk_result_unpack(res, pack, n);
    if (res->nsamples > 0) sk_tp_recv(sk_tp_world(), leader, res->samples, sizeof(double) * (size_t)res->nsamples);
  }
  free(pack);
}

/* Under a simulator that does not simulate the computation between MPI calls every
** reading of the dummy time is the same (what the simulator adds per clock reading), and
** two repetitions give it: the ASEC's minimum (8) cost an agreement of the whole world
** each, the header's dummy time a third of the start-up at 1024 simulated ranks
** (doc/simulated.md). Elsewhere the settings as they are. */
static const sk_settings *engine_dummy_settings(const sk_settings *settings, sk_settings *copy)
{
#if SK_SIMULATED
  static int deterministic = -1;
  if (deterministic < 0) {
    sk_tp_sim_facts f;
    sk_tp_sim_facts_get(&f);
    sk_str_free(&f.settings);
    deterministic = !f.computation;
  }
  if (deterministic && settings->asec.min_reps > 2) {
    *copy = *settings;
    copy->asec.min_reps = copy->asec.max_reps = 2;
    return copy;
  }
#endif
  (void)copy;
  return settings;
}

SK_API void sk_engine_dummy_time(const sk_settings *settings, sk_group *g, sk_pattern pattern, sk_result *res)
{
  sk_settings copy;
  sk_result_init(res);
  if (pattern == SK_PATTERN_SIMPLE_OWN_TIME) pattern = SK_PATTERN_SIMPLE;
  if (sk_tp_group_rank(g) >= 0) sk_runner_dummy(g, pattern, engine_dummy_settings(settings, &copy), res);
  engine_forward(g, res);
}

/* Step 3: once per communicator and pattern. */
static void engine_dummy_once(sk_engine *e, const sk_measurement *def, sk_group *g, sk_measure_outcome *out)
{
  sk_pattern pattern = def->pattern == SK_PATTERN_SIMPLE_OWN_TIME ? SK_PATTERN_SIMPLE : def->pattern;
  size_t i;
  for (i = 0; i < e->ndummies; i++)
    if (e->dummies[i].group == g && e->dummies[i].pattern == (int)pattern) {
      out->dummy_time = e->dummies[i].time;
      return;
    }
  e->dummies = (struct sk_dummy_seen *)sk_grow(e->dummies, &e->capdummies, e->ndummies + 1, sizeof *e->dummies);
  e->dummies[e->ndummies].group = g;
  e->dummies[e->ndummies].pattern = (int)pattern;
  e->ndummies++;
  sk_engine_dummy_time(e->settings, g, pattern, &out->dummy);
  e->dummies[e->ndummies - 1].time = out->dummy_time = out->dummy.time;
  out->has_dummy = 1;
  out->dummy_pattern = pattern;
}

/* Step 2: what every process says after init, and rank 0's verdict. */
typedef struct init_ballot {
  double need;              /* buffer bytes (0 for non-members and failed inits) */
  int failed;               /* 2: a library error (runner.h) */
} init_ballot;

typedef struct init_decision {
  int status;               /* an sk_measure_status */
  int who;                  /* the first failing process, or the neediest one */
  double need;              /* SK_NO_ROOM: its need */
} init_decision;

static void engine_decide_init(void *ctx, const void *ballots, int n, void *decision)
{
  const sk_settings *settings = (const sk_settings *)ctx;
  const init_ballot *b = (const init_ballot *)ballots;
  init_decision *d = (init_decision *)decision;
  double worst = -1.0;
  int i;
  d->status = SK_MEASURED;
  d->who = 0;
  d->need = 0.0;
  for (i = 0; i < n; i++) {
    if (b[i].failed && d->status != SK_FAILED && d->status != SK_LIBRARY_ERROR) {
      d->status = b[i].failed == 2 ? SK_LIBRARY_ERROR : SK_FAILED;
      d->who = i;
    }
    if (b[i].need > worst) { worst = b[i].need; if (d->status == SK_MEASURED) d->who = i; }
  }
  if (d->status == SK_MEASURED && worst > (double)settings->buffers.size) {
    d->status = SK_NO_ROOM;
    d->need = worst;
  }
}

/* Step 2a: the verification pass; 0 when the data was right (or nothing to verify). */
typedef struct verify_decision {
  int failed;
  int who;                  /* the first process with a mismatch */
} verify_decision;

static void engine_decide_verify(void *ctx, const void *ballots, int n, void *decision)
{
  const int *failed = (const int *)ballots;
  verify_decision *d = (verify_decision *)decision;
  int i;
  (void)ctx;
  d->failed = 0;
  d->who = 0;
  for (i = 0; i < n; i++) if (failed[i]) { d->failed = 1; d->who = i; break; }
}

static int engine_verify(const sk_measurement *def, sk_mctx *m, int member, const sk_value *args,
                         sk_measure_outcome *out)
{
  verify_decision d;
  int mine;
  if (def->check == NULL) return 0;
  if (member) {
    sk_buffers_place(&m->settings->buffers, m->send_usage, m->recv_usage, 0, &m->send_buf, &m->recv_buf);
    if (sk_runner_takes_part(def, m)) sk_verify_call(def, m, args);
  }
  mine = member && m->failed;
  sk_agree(sk_tp_world(), &mine, sizeof mine, &d, sizeof d, engine_decide_verify, NULL);
  if (!d.failed) return 0;
  sk_agree_fetch_message(sk_tp_world(), d.who, m->fail_msg, sizeof m->fail_msg);
  if (sk_tp_world_rank() == 0) {
    sk_str msg;
    const char *p;
    int i = 0;
    sk_str_init(&msg);
    sk_str_printf(&msg, "verification of %s(", def->name);
    for (p = def->params ? def->params : ""; *p && *p != '*'; p++, i++) {
      if (i) sk_str_puts(&msg, ", ");
      sk_value_format(&msg, &args[i]);
    }
    sk_str_printf(&msg, ") failed: %s", m->fail_msg);
    sk_copy_string(out->message, sizeof out->message, msg.data);
    sk_str_free(&msg);
  }
  out->status = SK_VERIFY_FAILED;
  return 1;
}

/* Step 5: rank 0's verdict after the run. */
typedef struct final_decision {
  double time;
  int failed;               /* 2: a library error (runner.h) */
  int suite_time_spent;
} final_decision;

/* The message of SK_NO_ROOM: process (a world rank) needs more buffer than the setting. */
static void engine_no_room(const sk_measurement *def, const init_decision *d, int process,
                           const sk_settings *settings, char *message, size_t size)
{
  sk_str msg;
  sk_str_init(&msg);
  sk_str_printf(&msg, "%s needs %ld bytes of buffer on process %d, but set_skampi_buffer gave %lu",
                def->name, (long)d->need, process, (unsigned long)settings->buffers.size);
  sk_copy_string(message, size, msg.data);
  sk_str_free(&msg);
}

/* A measurement's finalize where its note (measure.h) is not wanted: the note goes with it. */
static void engine_finalize(const sk_measurement *def, sk_mctx *m, const sk_value *args)
{
  sk_runner_finalize(def, m, args);
  sk_meas_note_free(m);
}

SK_API void sk_engine_measure(sk_engine *e, const sk_measurement *def, sk_group *g, const sk_value *args,
                              double suite_started, sk_measure_outcome *out)
{
  const sk_settings *settings = e->settings;
  sk_group *world = sk_tp_world();
  int member = sk_tp_group_rank(g) >= 0;
  sk_mctx m;
  init_ballot mine;
  init_decision d;
  final_decision f;
  memset(out, 0, sizeof *out);
  memset(&m, 0, sizeof m);
  if (sk_tp_group_size(g) < def->min_procs) {   /* every process knows the size: no agreement */
    sk_str msg;
    sk_str_init(&msg);
    sk_str_printf(&msg, "%s needs a communicator of at least %d processes, this one has %d", def->name,
                  def->min_procs, sk_tp_group_size(g));
    sk_copy_string(out->message, sizeof out->message, msg.data);
    sk_str_free(&msg);
    out->status = SK_TOO_FEW;
    return;
  }
  if (member) sk_runner_init(def, &m, g, args, settings);
  mine.need = member && !m.failed ? sk_buffers_needed(&settings->buffers, m.send_usage, m.recv_usage, m.original_recv_usage) : 0.0;
  mine.failed = m.failed ? (sk_runner_is_library_error(m.fail_msg) ? 2 : 1) : 0;
  sk_agree(world, &mine, sizeof mine, &d, sizeof d, engine_decide_init, (void *)settings);
  out->status = (sk_measure_status)d.status;
  if (d.status == SK_LIBRARY_ERROR && member) engine_finalize(def, &m, args);
  if (d.status == SK_FAILED || d.status == SK_LIBRARY_ERROR) {
    sk_agree_fetch_message(world, d.who, m.fail_msg, sizeof m.fail_msg);
    sk_copy_string(out->message, sizeof out->message, m.fail_msg);   /* messages name their function */
    return;
  }
  if (d.status == SK_NO_ROOM) {
    if (member) engine_finalize(def, &m, args);
    out->need = d.need;
    engine_no_room(def, &d, d.who, settings, out->message, sizeof out->message);
    return;
  }
  if (settings->verify && engine_verify(def, &m, member, args, out)) {
    if (member) engine_finalize(def, &m, args);
    return;
  }
  engine_dummy_once(e, def, g, out);
  sk_result_init(&out->result);
  if (member) {
    if (settings->mpit) sk_mpit_begin(g);
    if (settings->peruse) sk_peruse_begin(g);
    sk_runner_run(def, &m, args, &out->result);
    if (settings->mpit) sk_mpit_end(g, sk_result_note(&out->result), SK_RESULT_NOTE);
    if (settings->peruse) sk_peruse_end(g, sk_result_note(&out->result), SK_RESULT_NOTE);
    m.result_time = m.rank == 0 && !out->result.failed ? out->result.time : 0.0;
    if (m.result_time > 0.0) {   /* what puts the result in doubt, for a figure derived from it */
      sk_str doubts;
      sk_str_init(&doubts);
      sk_interference_doubts(&out->result, settings->asec.min_reps, &doubts);
      sk_copy_string(m.result_flags, sizeof m.result_flags, doubts.data ? doubts.data : "");
      sk_str_free(&doubts);
    }
    sk_runner_finalize(def, &m, args);
    if (m.note && m.note[0] && strlen(sk_result_note(&out->result)) + strlen(m.note) < SK_RESULT_NOTE)
      strcat(out->result.note, m.note);   /* the measurement's own lines (measure.h) */
    sk_meas_note_free(&m);
    sk_copy_string(out->result.note_flags, sizeof out->result.note_flags, m.note_flags);
  }
  engine_forward(g, &out->result);
  if (sk_tp_world_rank() == 0) {
    f.time = out->result.time;
    f.failed = out->result.failed ? (sk_runner_is_library_error(out->result.fail_msg) ? 2 : 1) : 0;
    f.suite_time_spent = settings->suite_time_limit > 0.0 && sk_tp_wtime() - suite_started >= settings->suite_time_limit;
    if (f.failed) {
      sk_str msg;
      sk_str_init(&msg);
      if (f.failed == 2) sk_str_puts(&msg, out->result.fail_msg);   /* it names the measurement */
      else sk_str_printf(&msg, "%s failed: %s", def->name, out->result.fail_msg);
      sk_copy_string(out->message, sizeof out->message, msg.data);
      sk_str_free(&msg);
    }
  }
  sk_agree(world, NULL, 0, &f, sizeof f, NULL, NULL);
  out->time = f.time;
  out->suite_time_spent = f.suite_time_spent;
  if (f.failed) out->status = f.failed == 2 ? SK_LIBRARY_ERROR : SK_FAILED;
}

SK_API double sk_engine_probe(const sk_settings *settings, const sk_measurement *def, sk_group *g,
                              const sk_value *args, char *why, size_t why_size)
{
  sk_mctx m;
  init_ballot mine;
  init_decision d;
  double t;
  sk_runner_init(def, &m, g, args, settings);
  mine.need = m.failed ? 0.0 : sk_buffers_needed(&settings->buffers, m.send_usage, m.recv_usage, m.original_recv_usage);
  mine.failed = m.failed;
  sk_agree(g, &mine, sizeof mine, &d, sizeof d, engine_decide_init, (void *)settings);
  if (d.status == SK_FAILED || d.status == SK_LIBRARY_ERROR) {
    sk_agree_fetch_message(g, d.who, m.fail_msg, sizeof m.fail_msg);
    sk_copy_string(why, why_size, m.fail_msg);
    return SK_PROBE_FAILED;
  }
  if (d.status == SK_NO_ROOM) {
    engine_finalize(def, &m, args);
    engine_no_room(def, &d, sk_tp_group_world_rank(g, d.who), settings, why, why_size);
    return SK_PROBE_FAILED;
  }
  t = sk_runner_once(def, &m, args);
  engine_finalize(def, &m, args);
  return t;
}
