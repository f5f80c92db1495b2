/*
** test_clock_skew.c -- unit tests of the test-only clock skew (split/base/clock_skew.c) with the
** sequential backend: off without SKAMPI_TEST_CLOCK_SKEW, offset and drift of the rank
** named, other ranks untouched, the header line, the sequential timer skewed, and bad text
** as SKAMPI_TEST_CLOCK_SKEW:1:COL with exit status 2 (caught through the exit hook).
*/
#define _POSIX_C_SOURCE 200112L   /* setenv, unsetenv */
#define main skampi_main
#include "skampi_amalgam.c"
#undef main
#include "check.h"
#include <setjmp.h>

static jmp_buf back;
static int exit_status;
static void catch_exit(int status) { exit_status = status; longjmp(back, 1); }

/* 1 when sk_skew_init(0, 0) exits with status 2 for this text */
static int refused(const char *text)
{
  setenv(SK_SKEW_ENV, text, 1);
  exit_status = 0;
  sk_set_exit_hook(catch_exit);
  if (setjmp(back) == 0) { sk_skew_init(0, 0.0); return 0; }
  return exit_status == SK_EXIT_USER_ERROR;
}

int main(void)
{
  sk_str h;
  double off, drift, raw;
  sk_str_init(&h);
  unsetenv(SK_SKEW_ENV);
  sk_skew_init(0, 5.0);
  sk_skew_describe(&h);
  check(sk_skew_apply(7.25) == 7.25 && h.len == 0, "skew_off_by_default", "%g, header '%s'", sk_skew_apply(7.25), h.data ? h.data : "");

  setenv(SK_SKEW_ENV, "0:20000:100,2:-5:0", 1);
  sk_skew_init(0, 10.0);
  check(fabs(sk_skew_apply(10.0) - 10.02) < 1e-12, "skew_offset_at_start", "%.12f", sk_skew_apply(10.0));
  check(fabs(sk_skew_apply(12.0) - (12.0 + 0.02 + 2.0 * 100e-6)) < 1e-12, "skew_drift", "%.12f", sk_skew_apply(12.0));
  sk_skew_mine(&off, &drift);
  check(fabs(off - 0.02) < 1e-15 && fabs(drift - 100e-6) < 1e-18, "skew_mine", "%g %g", off, drift);
  sk_skew_init(2, 0.0);
  check(fabs(sk_skew_apply(3.0) - (3.0 - 5e-6)) < 1e-12, "skew_second_entry", "%.12f", sk_skew_apply(3.0));
  sk_skew_init(1, 0.0);
  check(sk_skew_apply(3.0) == 3.0, "skew_rank_not_named_untouched", "%.12f", sk_skew_apply(3.0));
  sk_str_clear(&h);
  sk_skew_describe(&h);
  check(h.data != NULL && strstr(h.data, "# TEST-ONLY clock skew (SKAMPI_TEST_CLOCK_SKEW=0:20000:100,2:-5:0)") == h.data,
        "skew_named_in_header", "'%s'", h.data ? h.data : "");

  setenv(SK_SKEW_ENV, "0:1000:0", 1);
  sk_tp_start(NULL, NULL);
  {   /* the timer is read between two readings of the backend's raw clock (tps_read in
      ** transport_seq.c: clock_gettime, gettimeofday or clock()): its offset lies between
      ** them, however long the (sanitised, loaded) reads take */
    double w, after;
    raw = tps_read();
    w = sk_tp_wtime();
    after = tps_read();
    off = w - raw;
    check(off > 0.999e-3 && w - after < 1.001e-3, "skew_in_sequential_timer",
          "timer - raw clock = %g s before, %g s after", off, w - after);
  }

  check(refused("1:x"), "skew_bad_offset_refused", "status %d", exit_status);
  check(refused("1:5:5,"), "skew_trailing_comma_refused", "status %d", exit_status);
  check(refused("-1:5:5"), "skew_negative_rank_refused", "status %d", exit_status);
  check(refused("0:5:5000"), "skew_drift_out_of_range_refused", "status %d", exit_status);
  check(refused("0;5;5"), "skew_wrong_separator_refused", "status %d", exit_status);
  sk_str_free(&h);
  return check_summary("test_clock_skew");
}
