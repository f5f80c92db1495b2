/*
** result_line.c -- see result_line.h.
*/
#include "result_line.h"
#include "oversub.h"
#include "interference.h"
#include "sko.h"
#include "stats.h"

/* A warning (SKaMPI 5 manual §8): a "# warning: ..." comment line after the result, and
** wherever the caller shows warnings. */
static void line_warn(const sk_line_facts *f, const char *what)
{
  sk_str line;
  sk_str_init(&line);
  sk_str_printf(&line, "# warning: %s\n", what);
  sk_out_note(line.data);
  sk_str_free(&line);
  if (f->warn) f->warn(f->warn_ctx, what);
}

/* A stable flag name (doc/manual.md "Output", "#@ flags:") into the line's list. */
static void line_flag(sk_str *flags, const char *name, long value)
{
  sk_str_printf(flags, "%s%s", flags->len ? "," : "", name);
  if (value >= 0) sk_str_printf(flags, "=%ld", value);
}

SK_API void sk_line_write(const sk_line_facts *f, const sk_result *res, sk_str *flags)
{
  double *sel = (double *)sk_malloc(sizeof(double) * (size_t)(res->nprocs ? res->nprocs : 1));
  double *valid = (double *)sk_malloc(sizeof(double) * (size_t)(res->nprocs ? res->nprocs : 1));
  int i, nvalid = 0, nsel;
  for (i = 0; i < res->nprocs; i++) if (res->node_times[i] >= 0.0) valid[nvalid++] = res->node_times[i];
  nsel = sk_node_times_select(valid, nvalid, f->settings->max_node_times, sel);
  sk_out_label(f->label);
  if (f->added) sk_out_mark_added();
  if (f->added) line_flag(flags, "refined", -1);
  sk_out_line(f->vars, f->nvars, res->reported_size, res->time, res->std_error, res->reps, sel, nsel);
  if (res->note != NULL && res->note[0]) sk_out_note(res->note);
  if (res->note_flags[0]) sk_str_printf(flags, "%s%s", flags->len ? "," : "", res->note_flags);
  if (sk_tp_clock_is_cpu_time()) sk_out_note("# (CPU time: the clock is clock(), waiting is not counted)\n");
  if (res->budget_spent) {   /* the point's time budget (runner.h) */
    sk_str note;
    sk_str_init(&note);
    sk_str_printf(&note, "# (time budget of %.3f s spent: %d undisturbed repetitions", res->budget,
                  res->lost_kept ? 0 : res->reps);
    if (res->budget_short > 0) sk_str_printf(&note, ", %d short of set_min_repetitions", res->budget_short);
    sk_str_puts(&note, ")\n");
    sk_out_note(note.data);
    sk_str_free(&note);
    line_flag(flags, "time_budget", res->budget_short);
  } else if (res->stop == SK_ASEC_TIME_LIMIT) {
    sk_out_note("# (stopped by the time limit per measurement)\n");
    line_flag(flags, "time_limit", -1);
  }
  if (sk_oversub_mostly_scheduler(res->time, res->nprocs)) {
    sk_str note;
    line_flag(flags, "scheduler_time", -1);
    sk_str_init(&note);
    sk_oversub_note_result(res->time, res->nprocs, &note);
    sk_out_note(note.data);
    sk_str_free(&note);
  }
  if (res->invalid > 0 || res->calls_per_timing > 1) {
    sk_str note;
    sk_str_init(&note);
    if (res->invalid > 0)
      sk_str_printf(&note, "# (%d repetitions discarded: %s)\n", res->invalid, SK_DISCARDED_WHY);
    if (res->calls_per_timing > 1)
      sk_str_printf(&note, "# (%ld calls per timing for the clock's resolution, SKaLib eq. 3.1)\n", res->calls_per_timing);
    sk_out_note(note.data);
    if (res->invalid > 0) line_flag(flags, "discarded", res->invalid);
    if (res->calls_per_timing > 1) line_flag(flags, "calls_per_timing", res->calls_per_timing);
    sk_str_free(&note);
  }
  {
    sk_str lines, why;
    sk_str_init(&lines);
    sk_str_init(&why);
    if (sk_interference_judge(res, f->settings->asec.min_reps, &lines, &why)) line_warn(f, why.data);
    if (lines.data) sk_out_note(lines.data);
    if (lines.data && strstr(lines.data, "# (interference:")) line_flag(flags, "interference", -1);
    if (lines.data && strstr(lines.data, "# (untrustworthy:")) line_flag(flags, "untrustworthy", -1);
    if (res->barrier_from > 0) line_flag(flags, "barrier_starts", -1);
    if (res->lost_kept > 0) line_flag(flags, "lost_kept", res->lost_kept);
    if (sk_oversub_placement_result()) {   /* under the line, not at the suite's start: see the skampi5 layout */
      sk_str note;
      sk_str_init(&note);
      sk_str_printf(&note, "# (placement: %s)\n", sk_oversub_placement_now());
      sk_out_note(note.data);
      sk_str_free(&note);
      line_flag(flags, "shared_processor", -1);
    }
    sk_str_free(&lines);
    sk_str_free(&why);
  }
  free(sel);
  free(valid);
}

/* The results not to trust: near the clock's resolution, close to the timing overhead,
** or stopped by the repetition cap while still imprecise (flags: clock_resolution,
** timing_overhead, rep_cap). */
static void line_check_result(const sk_line_facts *f, const sk_result *res, sk_str *flags)
{
  const sk_asec_config *a = &f->settings->asec;
  double tick = sk_engine_tick(), rel = res->rule_error;
  sk_str w;
  sk_str_init(&w);
  if (tick > 0.0 && res->calls_per_timing <= 1 && res->time < 100.0 * tick) {
    sk_str_printf(&w, "%.3f us is within 100 clock ticks (tick %g us): the clock cannot resolve it",
                  res->time * 1e6, tick * 1e6);
    line_warn(f, w.data);
    line_flag(flags, "clock_resolution", -1);
    sk_str_clear(&w);
  }
  if (f->dummy_time > 0.0 && res->time < 3.0 * f->dummy_time) {
    sk_str_printf(&w, "%.3f us is less than 3 times the dummy time (%.3f us): mostly timing overhead",
                  res->time * 1e6, f->dummy_time * 1e6);
    line_warn(f, w.data);
    line_flag(flags, "timing_overhead", -1);
    sk_str_clear(&w);
  }
  if (res->stop == SK_ASEC_MAX_REPS && a->max_rel_error > 0.0 && rel > a->max_rel_error) {
    sk_str_printf(&w, "stopped at the repetition cap (%d) with a relative standard error of %.1f%%,"
                  " %.1f times the limit of %.1f%%", res->reps, rel * 100.0, rel / a->max_rel_error,
                  a->max_rel_error * 100.0);
    line_warn(f, w.data);
    line_flag(flags, "rep_cap", -1);
  }
  sk_str_free(&w);
}

SK_API void sk_line_finish(const sk_line_facts *f, const sk_result *res, sk_str *flags)
{
  double dist[SK_DIST_POINTS];
  int has_dist;
  line_check_result(f, res, flags);
  if (f->verified) line_flag(flags, "verified", -1);
  has_dist = sk_stats_distribution(res->samples, res->nsamples, dist);
  sk_out_marks(flags->data, has_dist ? dist : NULL, res->samples, res->nsamples);
}

SK_API void sk_line_dummy(const sk_measure_outcome *out, int after_line)
{
  static const char *const names[] = { "point-to-point", "collective", "master-worker", "simple" };
  sk_str note;
  sk_str_init(&note);
  sk_str_printf(&note, "# dummy time (empty %s measurement, %d processes): %.3f us +- %.3f us, not subtracted\n",
                names[out->dummy_pattern], out->dummy.nprocs, out->dummy.time * 1e6, out->dummy.std_error * 1e6);
  if (after_line) sk_out_note(note.data);
  else sk_out_text(note.data);
  sk_str_free(&note);
}

SK_API const char *sk_line_suite_mark(const char *in_force, const char *kind, const sk_measure_outcome *out)
{
  if (in_force != NULL && sk_streq(in_force, kind) && !out->has_dummy) return in_force;
  sk_out_suite_mark(kind, out->dummy_time > 0.0 ? out->dummy_time * 1e6 : -1.0,
                    out->has_dummy ? out->dummy.std_error * 1e6 : -1.0);
  return kind;
}

SK_API const char *sk_line_suite_mark_after(const char *in_force, const char *kind, const sk_measure_outcome *out)
{
  sk_str s;
  if (in_force != NULL && sk_streq(in_force, kind) && !out->has_dummy) return in_force;
  sk_str_init(&s);
  sk_out_format_suite_mark(&s, kind, out->dummy_time > 0.0 ? out->dummy_time * 1e6 : -1.0,
                           out->has_dummy ? out->dummy.std_error * 1e6 : -1.0);
  if (s.len > 0) {   /* "...\n" -> "... of=line_above\n" */
    s.data[--s.len] = '\0';
    sk_str_puts(&s, " of=line_above\n");
    sk_out_note(s.data);
  }
  sk_str_free(&s);
  return kind;
}
