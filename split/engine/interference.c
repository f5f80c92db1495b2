/*
** interference.c -- see interference.h.
*/
#include "interference.h"
#include "host.h"
#include "oversub.h"

static struct {
  long flagged, untrustworthy;
  long suite_reps, suite_lost;   /* rank 0: repetitions of the suite so far, lost of them */
  int own_competition;           /* measured once: the run's own processes compete */
  int started;
} itf;

typedef struct itf_choice {
  int yield;
  int others;                    /* processes runnable on rank 0's machine, not the run's own */
  long reps, lost;               /* the last suite's */
} itf_choice;

SK_API int sk_interference_decide_waits(int crowded, int others, long reps, long lost, int *own_competition)
{
  if (!crowded && others == 0 && reps >= SK_INTERFERENCE_MIN_REPS && (double)lost >= SK_INTERFERENCE_OWN_SHARE * (double)reps)
    *own_competition = 1;
  return crowded || (others == 0 && *own_competition);
}

SK_API int sk_interference_choose_waits(sk_str *note)
{
  itf_choice c;
  int before = sk_host_waits_yield();
  memset(&c, 0, sizeof c);
  if (sk_tp_world_rank() == 0) {
    int runnable = sk_host_runnable();
    c.others = runnable < 0 ? 0 : runnable - sk_oversub_procs_here();
    if (c.others < 0) c.others = 0;
    c.reps = itf.suite_reps;
    c.lost = itf.suite_lost;
    c.yield = sk_interference_decide_waits(sk_host_crowded(), c.others, c.reps, c.lost, &itf.own_competition);
    itf.suite_reps = itf.suite_lost = 0;
  }
  sk_agree(sk_tp_world(), NULL, 0, &c, sizeof c, NULL, NULL);
  sk_host_set_waits_yield(c.yield);
  if (itf.started && c.yield != before && note != NULL && sk_tp_world_rank() == 0) {
    if (c.yield)
      sk_str_printf(note, "# (waits yield from here: the last suite lost %ld of %ld repetitions to late starts and"
                    " lost processors with no other process runnable, so the run's own processes compete)\n",
                    c.lost, c.reps);
    else
      sk_str_printf(note, "# (waits spin from here: %d other process%s runnable on rank 0's machine)\n", c.others,
                    c.others == 1 ? "" : "es");
  }
  itf.started = 1;
  sk_oversub_placement_read();   /* collective: each rank's processor, for this suite's results */
  return c.yield;
}

/* The judgement of one result, without counting it: whether it is flagged (what it says
** into *what), and whether untrustworthy (*untrusted, the sentence into *why). */
static int itf_assess(const sk_result *res, int min_reps, sk_str *what, sk_str *why, int *untrusted)
{
  int total = res->reps + res->invalid, flagged = 0;
  double share = total > 0 ? (double)res->invalid / total : 0.0;
  *untrusted = 0;
  if (res->invalid > 0 && share >= SK_INTERFERENCE_SHARE) {
    sk_str_printf(what, "%.0f%% of %d repetitions discarded (%d began late, %d lost the processor, %d missed"
                  " the window)", share * 100.0, total, res->late_starts, res->lost_processor, res->missed_window);
    flagged = 1;
  }
  if (res->barrier_from > 0) {
    sk_str_printf(what, "%sthe synchronised start lost %d of the first %d repetitions; the %d of the result"
                  " began after a barrier", flagged ? "; " : "", res->invalid - res->barrier_lost,
                  res->barrier_from - 1, res->reps);
    if (res->barrier_lost > 0)
      sk_str_printf(what, " (%d more discarded there: a process lost its processor after the barrier)",
                    res->barrier_lost);
    if (res->lost_kept > 0)
      sk_str_printf(what, "; none ran undisturbed, so the result is made of %d of them: their values"
                    " include scheduler time",
                    res->lost_kept);
    flagged = 1;
  }
  if (res->lost_kept > 0 && res->barrier_from == 0) {
    sk_str_printf(what, "%snone ran undisturbed, so the result is made of %d discarded repetitions: their values"
                  " include the disturbance", flagged ? "; " : "", res->lost_kept);
    flagged = 1;
  }
  if (res->delay_max > res->delay_tolerance && res->delay_max > res->time && res->time > 0.0) {
    sk_str_printf(what, "%sstart delays up to %.1f us (tolerance %.1f us), longer than the result",
                  flagged ? "; " : "", res->delay_max * 1e6, res->delay_tolerance * 1e6);
    flagged = 1;
  }
  if (flagged && res->switches > 0 && sk_host_crowded())   /* alone, on a crowded host, the yields' */
    sk_str_printf(what, "; %ld involuntary context switches during timing", res->switches);
  if (!res->failed && res->reps < min_reps && res->invalid > 0) {
    sk_str_printf(why, "only %d of the %d repetitions asked for ran undisturbed (%d discarded)", res->reps,
                  min_reps, res->invalid);
    *untrusted = 1;
    flagged = 1;
  }
  return flagged;
}

SK_API int sk_interference_judge(const sk_result *res, int min_reps, sk_str *lines, sk_str *why)
{
  int flagged, untrusted;
  sk_str what;
  sk_str_init(&what);
  itf.suite_reps += res->reps + res->invalid;
  itf.suite_lost += res->late_starts + res->lost_processor;
  flagged = itf_assess(res, min_reps, &what, why, &untrusted);
  if (flagged) {
    itf.flagged++;
    sk_str_printf(lines, "# (interference: %s)\n", what.data ? what.data : "");
  }
  if (untrusted) {
    itf.untrustworthy++;
    sk_str_printf(lines, "# (untrustworthy: %s)\n", why->data);
  }
  sk_str_free(&what);
  return untrusted;
}

SK_API void sk_interference_doubts(const sk_result *res, int min_reps, sk_str *names)
{
  sk_str what, why;
  int untrusted;
  sk_str_init(&what);
  sk_str_init(&why);
  if (itf_assess(res, min_reps, &what, &why, &untrusted))
    sk_str_printf(names, "%sinterference%s", names->len ? "," : "", untrusted ? ",untrustworthy" : "");
  if (sk_oversub_mostly_scheduler(res->time, res->nprocs)) sk_str_printf(names, "%sscheduler_time", names->len ? "," : "");
  sk_str_free(&what);
  sk_str_free(&why);
}

SK_API void sk_interference_summary(sk_str *footer, sk_str *warning)
{
  if (itf.flagged == 0) return;
  sk_str_printf(footer, "# interference: %ld results flagged, %ld of them untrustworthy (see their"
                " \"# (interference\" lines)\n", itf.flagged, itf.untrustworthy);
  sk_str_printf(warning, "%ld results were disturbed by other processes (%ld untrustworthy); see the"
                " \"# (interference\" lines\n", itf.flagged, itf.untrustworthy);
}
