/*
** tests/library/api.c -- the library interface as a user's program sees it (skampi.h,
** doc/library.md), sequential build: errors come back as codes with a message and the
** process goes on; a result returned as a struct is the line written to the .sko file;
** skampi_merge and skampi_program (-x csv, a bad option) work on the written files.
** Prints "ok NAME" / "FAIL NAME: why" (tests/run.sh counts them).
**   api OUT_DIR
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "skampi.h"

static int failures;

static void check(int ok, const char *name, const char *why)
{
  if (ok) printf("ok %s\n", name);
  else { printf("FAIL %s: %s\n", name, why); failures++; }
}

static void spin(void *user, skampi_call *call)
{
  double start = skampi_wtime();
  (void)user;
  while (skampi_wtime() - start < call->x * 1e-6) { }
}

static void refuse(void *user, skampi_call *call)
{
  (void)user;
  if (call->x > 2.0) skampi_fail(call, "x above 2 refused");
}

/* The time column (microseconds) of the first result line of FILE, or -1. */
static double first_time(const char *file)
{
  char line[512], var[64];
  FILE *f = fopen(file, "r");
  double x = -1.0, t = -1.0;
  long size;
  if (f == NULL) return -1.0;
  while (fgets(line, sizeof line, f))
    if (line[0] != '#' && sscanf(line, "%63s %lf %ld %lf", var, &x, &size, &t) == 4) break;
  fclose(f);
  return t;
}

static int run(const char *dir, const char *name, skampi_result *res)
{
  char path[512];
  skampi_operation op;
  int argc = 1, code;
  char *args[2], **argv = args;
  args[0] = (char *)"api";
  args[1] = NULL;
  sprintf(path, "%s/%s", dir, name);
  remove(path);
  if (skampi_begin(&argc, &argv, path) != SKAMPI_OK) return -1;
  memset(&op, 0, sizeof op);
  op.name = "spin";
  op.pattern = SKAMPI_SIMPLE;
  op.run = spin;
  code = skampi_measure(&op, 300.0, res);
  skampi_end();
  return code;
}

int main(int argc, char **argv)
{
  char a[512], b[512], merged[512], csv[512];
  skampi_settings s;
  skampi_operation op;
  skampi_loop loop;
  skampi_result r1, r2, *rs = NULL;
  int n = 0, code, pargc = 1;
  char *pargs[2], **pargv = pargs;
  const char *inputs[2];
  char *prog[6];
  if (argc < 2) return 2;
  pargs[0] = (char *)"api";
  pargs[1] = NULL;
  check(skampi_suite("x", NULL, 0, NULL, NULL, NULL) == SKAMPI_EUSAGE && strstr(skampi_errmsg(), "not started") != NULL,
        "suite_before_begin_is_a_usage_error", skampi_errmsg());
  check(skampi_begin(&pargc, &pargv, "/nonexistent/dir/out.sko") == SKAMPI_EFILE && strstr(skampi_errmsg(), "nonexistent") != NULL,
        "unwritable_output_is_a_file_error", skampi_errmsg());
  check(skampi_begin(&pargc, &pargv, NULL) == SKAMPI_OK, "begin_without_output", skampi_errmsg());
  check(skampi_begin(&pargc, &pargv, NULL) == SKAMPI_EUSAGE, "second_begin_refused", skampi_errmsg());
  skampi_default_settings(&s);
  check(s.min_reps == 8 && s.max_reps == 33 && s.max_rel_error == 0.1 && s.precision_ticks == 100.0,
        "default_settings_are_the_programs", "min_reps 8, max_reps 33, error 0.1, 100 ticks expected");
  s.max_reps = 2;
  code = skampi_configure(&s);
  check(code == SKAMPI_EUSAGE && strstr(skampi_errmsg(), "max_reps") != NULL, "bad_setting_named", skampi_errmsg());
  memset(&op, 0, sizeof op);
  op.name = "refuse";
  op.pattern = SKAMPI_SIMPLE;
  op.run = spin;
  op.init = refuse;
  memset(&loop, 0, sizeof loop);
  loop.name = "x";
  loop.first = 1.0;
  loop.last = 4.0;
  loop.step = 1.0;
  loop.integer = 1;
  code = skampi_suite("refusals", &op, 1, &loop, &rs, &n);
  check(code == SKAMPI_EFAILED && strstr(skampi_errmsg(), "x above 2 refused") != NULL && rs == NULL,
        "failing_init_is_a_return_code_with_its_message", skampi_errmsg());
  loop.step = -1.0;
  code = skampi_suite("bad loop", &op, 1, &loop, &rs, &n);
  check(code == SKAMPI_EUSAGE && skampi_errmsg()[0] != '\0', "bad_loop_is_a_usage_error", skampi_errmsg());
  op.pattern = SKAMPI_P2P;
  loop.step = 1.0;
  code = skampi_suite("p2p alone", &op, 1, &loop, &rs, &n);
  check(code == SKAMPI_EUSAGE && strstr(skampi_errmsg(), "2 processes") != NULL, "p2p_needs_two_processes", skampi_errmsg());
  /* issue 39's additions: their usage errors, and pause/resume outside a callback do nothing */
  check(skampi_refine_follow(-2, -1) == SKAMPI_EUSAGE && skampi_refine_follow(1, 1) == SKAMPI_EUSAGE
        && skampi_refine_follow(-1, 0) == SKAMPI_EUSAGE, "refine_follow_bad_indices_refused", skampi_errmsg());
  op.pattern = SKAMPI_SIMPLE;
  op.init = NULL;
  loop.last = 2.0;
  check(skampi_refine_follow(3, -1) == SKAMPI_OK, "refine_follow_accepted", skampi_errmsg());
  code = skampi_suite("follows a missing op", &op, 1, &loop, &rs, &n);
  check(code == SKAMPI_EUSAGE && strstr(skampi_errmsg(), "skampi_refine_follow") != NULL,
        "refine_follow_of_a_missing_op_is_a_usage_error", skampi_errmsg());
  check(skampi_refine_follow(-1, -1) == SKAMPI_OK, "refine_follow_default_restored", skampi_errmsg());
  skampi_pause();
  skampi_resume();
  skampi_do_not_optimize(&code);
  skampi_default_settings(&s);
  check(s.refine_max_steps == 0, "refine_max_steps_automatic_by_default", "refine_max_steps 0 expected");
  s.refine_max_steps = -2;
  check(skampi_configure(&s) == SKAMPI_EUSAGE && strstr(skampi_errmsg(), "refine_max_steps") != NULL,
        "refine_max_steps_below_minus_1_refused", skampi_errmsg());
  s.refine_max_steps = -1;
  check(skampi_configure(&s) == SKAMPI_OK, "refine_max_steps_minus_1_no_limit", skampi_errmsg());
  check(skampi_end() == SKAMPI_OK, "end", skampi_errmsg());
  check(skampi_end() == SKAMPI_EUSAGE, "second_end_refused", skampi_errmsg());

  /* two runs of one measurement: the structs against the files, then the merge */
  check(run(argv[1], "api-a.sko", &r1) == SKAMPI_OK && run(argv[1], "api-b.sko", &r2) == SKAMPI_OK,
        "two_runs_measure", skampi_errmsg());
  sprintf(a, "%s/api-a.sko", argv[1]);
  sprintf(b, "%s/api-b.sko", argv[1]);
  {
    double t = first_time(a);
    char why[200];
    sprintf(why, "struct %.4f us, file %.4f us", r1.time * 1e6, t);
    check(t >= 0.0 && (r1.time * 1e6 - t) < 0.0006 && (t - r1.time * 1e6) < 0.0006 && r1.reps >= 8 && r1.bytes == 300,
          "result_struct_is_the_line_written", why);
    sprintf(why, "%.3f us for a 300 us spin", r1.time * 1e6);
    check(r1.time >= 299e-6, "a_300_us_spin_takes_300_us", why);
  }
  sprintf(merged, "%s/api-merged.sko", argv[1]);
  remove(merged);
  inputs[0] = a;
  inputs[1] = b;
  code = skampi_merge(merged, inputs, 2);
  check(code == SKAMPI_OK && first_time(merged) > 0.0, "merge_of_two_runs", skampi_errmsg());
  inputs[1] = "/nonexistent/run.sko";
  code = skampi_merge(merged, inputs, 2);
  check(code != SKAMPI_OK && strstr(skampi_errmsg(), "nonexistent") != NULL, "merge_of_a_missing_file_is_a_code", skampi_errmsg());

  /* the command line's offline modes as a function: exports, and a bad option that returns */
  sprintf(csv, "%s/api-merged.csv", argv[1]);
  remove(csv);
  prog[0] = (char *)"skampi"; prog[1] = (char *)"-x"; prog[2] = (char *)"csv"; prog[3] = merged;
  prog[4] = (char *)"-o"; prog[5] = csv;
  code = skampi_program(6, prog);
  {
    FILE *f = fopen(csv, "r");
    check(code == 0 && f != NULL, "program_exports_csv", "skampi -x csv did not write the file");
    if (f) fclose(f);
  }
  prog[1] = (char *)"--no-such-option";
  code = skampi_program(2, prog);
  check(code == 2, "program_bad_option_returns_2", "the status of a bad option is 2");
  printf("%d failures\n", failures);
  return failures ? 1 : 0;
}
