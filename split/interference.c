/*
** interference.c -- see interference.h.
*/
#include "interference.h"
#include "host.h"

static struct {
  long flagged, untrustworthy;
} itf;

SK_API void sk_interference_describe(int own_here, sk_str *header)
{
  int runnable = sk_host_runnable();
  if (sk_host_crowded())
    sk_str_puts(header, "# interference: waits yield the processor (the run's own processes outnumber the"
                " processors); involuntary context switches during timing are counted, not discarded\n");
  else
    sk_str_puts(header, "# interference: waits keep the processor (spin): a yield would hand it to a process"
                " that is not the run's own for a whole time slice\n");
  if (runnable >= 0) {
    int others = runnable - own_here;
    sk_str_printf(header, "# interference: %d processes runnable on rank 0's machine at the start, %d of them"
                  " not the run's own\n", runnable, others > 0 ? others : 0);
  }
  sk_str_printf(header, "# interference: a repetition is discarded when a process arrived after its start time,"
                " ran past its window, began more than %s (or %.0f%% of the median result) after its"
                " start time%s; a result with %.0f%% of its repetitions discarded or longer start delays"
                " than itself is flagged\n", sk_host_crowded() ? "2 ceil(log2 P) F" : "1 us",
                SK_START_TOLERANCE_SHARE * 100.0, sk_host_crowded() ? "" : ", or lost its processor between start and stop",
                SK_INTERFERENCE_SHARE * 100.0);
}

SK_API int sk_interference_judge(const sk_result *res, int min_reps, sk_str *lines, sk_str *why)
{
  int total = res->reps + res->invalid, flagged = 0, untrusted = 0;
  double share = total > 0 ? (double)res->invalid / total : 0.0;
  sk_str what;
  sk_str_init(&what);
  if (res->invalid > 0 && share >= SK_INTERFERENCE_SHARE) {
    sk_str_printf(&what, "%.0f%% of %d repetitions discarded (%d began late, %d lost the processor, %d missed"
                  " the window)", share * 100.0, total, res->late_starts, res->lost_processor, res->missed_window);
    flagged = 1;
  }
  if (res->delay_max > res->delay_tolerance && res->delay_max > res->time && res->time > 0.0) {
    sk_str_printf(&what, "%sstart delays up to %.1f us (tolerance %.1f us), longer than the result",
                  flagged ? "; " : "", res->delay_max * 1e6, res->delay_tolerance * 1e6);
    flagged = 1;
  }
  if (flagged && res->switches > 0 && sk_host_crowded())   /* alone, on a crowded host, the yields' */
    sk_str_printf(&what, "; %ld involuntary context switches during timing", res->switches);
  if (!res->failed && res->reps < min_reps && res->invalid > 0) {
    sk_str_printf(why, "only %d of the %d repetitions asked for ran undisturbed (%d discarded)", res->reps,
                  min_reps, res->invalid);
    untrusted = 1;
    flagged = 1;
  }
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

SK_API void sk_interference_summary(sk_str *footer, sk_str *warning)
{
  if (itf.flagged == 0) return;
  sk_str_printf(footer, "# interference: %ld results flagged, %ld of them untrustworthy (see their"
                " \"# (interference\" lines)\n", itf.flagged, itf.untrustworthy);
  sk_str_printf(warning, "%ld results were disturbed by other processes (%ld untrustworthy); see the"
                " \"# (interference\" lines\n", itf.flagged, itf.untrustworthy);
}
