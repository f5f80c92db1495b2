/*
** test_readers.c -- unit tests of the reader entry points the fuzzing harnesses use
** (tests/fuzz/): the command-line option parser main_parse_options (split/cli/main.c), which
** decides and returns instead of exiting, and the .sko reader's sk_merge_texts
** (split/results/merge.h), which merges texts in memory and rejects a text without results with
** a located message. Prints "ok NAME" or "FAIL NAME: details"; exit status 1 on failure.
**
** Build and run from the project root (as tests/run.sh does, from a fresh amalgam):
**   tools/sk21f tests/out/skampi_amalgam.c
**   cc -std=c89 -pedantic -Wall -Wextra -DSKAMPI_SEQ -DSKAMPI_TESTING -Itests/out \
**      -o t tests/unit/test_readers.c -lm && ./t
*/
#define main skampi_main
#include "skampi_amalgam.c"
#undef main
#include "check.h"

static main_action parse_args(int argc, const char *const *args, main_options *o, sk_str *err)
{
  return main_parse_options(argc, (char **)args, o, err);
}

static void test_options(void)
{
  static const char *const run[] = { "skampi", "-n", "-i", "in.ski", "-o", "out.sko", NULL };
  static const char *const bad[] = { "skampi", "-n", "-x", NULL };
  static const char *const incomplete[] = { "skampi", "-i", NULL };
  static const char *const merge[] = { "skampi", "-s", "-m", "m.sko", "a.sko", "b.sko", NULL };
  static const char *const list[] = { "skampi", "-l", "Bcast", NULL };
  static const char *const help[] = { "skampi", "-n", "--help", "-x", NULL };
  static const char *const oneline[] = { "skampi", "--sizes", "2:64k", "Synthetic_Busy", "--reps", "3", NULL };
  static const char *const oneline_unknown[] = { "skampi", "Bcast_Linaer", NULL };
  main_options o;
  sk_str err;
  main_action a;
  sk_str_init(&err);
  a = parse_args(6, run, &o, &err);
  check(a == MAIN_RUN && o.syntax_only && sk_streq(o.input, "in.ski") && sk_streq(o.output, "out.sko"),
        "options_run", "action %d input %s", (int)a, o.input);
  a = parse_args(3, bad, &o, &err);
  check(a == MAIN_BAD && err.data && strstr(err.data, "'-x'") != NULL, "options_unknown_named_not_exited",
        "action %d message %s", (int)a, err.data ? err.data : "(none)");
  sk_str_clear(&err);
  a = parse_args(2, incomplete, &o, &err);
  check(a == MAIN_BAD && err.data && strstr(err.data, "'-i'") != NULL, "options_incomplete_named",
        "action %d message %s", (int)a, err.data ? err.data : "(none)");
  a = parse_args(6, merge, &o, &err);
  check(a == MAIN_RUN && o.copy_input && sk_streq(o.merge_out, "m.sko") && o.nmerge_in == 2 &&
        sk_streq(o.merge_in[1], "b.sko"), "options_merge", "action %d n %d", (int)a, o.nmerge_in);
  a = parse_args(3, list, &o, &err);
  check(a == MAIN_LIST && o.list_name && sk_streq(o.list_name, "Bcast"), "options_list_name", "action %d", (int)a);
  a = parse_args(4, help, &o, &err);
  check(a == MAIN_HELP, "options_help_first_wins", "action %d", (int)a);
  sk_str_clear(&err);
  a = parse_args(6, oneline, &o, &err);
  check(a == MAIN_RUN && o.oneline.name && sk_streq(o.oneline.name, "Synthetic_Busy") && o.oneline.size_min == 2 &&
        o.oneline.size_max == 65536 && o.oneline.reps_min == 3 && o.oneline.reps_max == 3,
        "options_oneline", "action %d %s", (int)a, err.data ? err.data : "");
  a = parse_args(2, oneline_unknown, &o, &err);
  check(a == MAIN_BAD && err.data && strstr(err.data, "closest: Bcast_Linear") != NULL, "options_oneline_closest",
        "action %d %s", (int)a, err.data ? err.data : "");
  {
    sk_oneline ol;
    sk_str text;
    int ok;
    memset(&ol, 0, sizeof ol);
    ol.name = "Synthetic_Busy";
    sk_str_init(&text);
    ok = sk_oneline_program(&ol, 0, &text, &err);
    check(ok && text.data && strstr(text.data, "  measure MPI_COMM_WORLD : Synthetic_Busy(0.0, 0.0, 0.0, 0.0, 0.0, 0.0)\n")
          && strstr(text.data, "for ") == NULL && strstr(text.data, "set_skampi_buffer") == NULL,
          "oneline_program_one_point", "%s", text.data ? text.data : err.data);
    sk_str_clear(&text);
    ol.name = "Master_Worker";
    ol.size_min = 8; ol.size_max = 64; ol.procs_min = 2; ol.procs_max = 3; ol.procs_text = "2:3";
    ok = sk_oneline_program(&ol, 0, &text, &err);
    check(ok && text.data && strstr(text.data, "begin measurement \"Master_Worker-np2\"\n  for count = 8 to 64 step *2 do\n"
          "    measure comm(2) : Master_Worker(16, count, 0.0)\n") != NULL &&
          strstr(text.data, "\"Master_Worker-np3\"") != NULL && strstr(text.data, "-np4") == NULL &&
          strstr(text.data, "set_skampi_buffer(32768)\n") != NULL,
          "oneline_program_procs_suites", "%s", text.data ? text.data : err.data);
    sk_str_free(&text);
  }
  sk_str_free(&err);
}

static void test_merge_texts(void)
{
  static const char a[] =
    "# header of a\n# begin result \"s\"\ncount= 8        8      100.000      1.000     4      100.000\n"
    "  # an indented comment\n# end result \"s\"\n";
  static const char b[] =
    "# begin result \"s\"\ncount= 8        8      300.000      1.000    10      300.000\n# end result \"s\"\n";
  static const char junk[] = "no results here\n";
  char *names[2];
  const char *texts[2];
  sk_str out, err;
  int ok;
  sk_str_init(&out);
  sk_str_init(&err);
  names[0] = (char *)"a.sko"; names[1] = (char *)"b.sko";
  texts[0] = a; texts[1] = b;
  ok = sk_merge_texts(names, texts, 2, &out, &err);
  check(ok && out.data && strstr(out.data, "# header of a\n") != NULL &&
        strstr(out.data, "300.000") != NULL && strstr(out.data, "100.000") == NULL,
        "merge_texts_weighted_median", "%s", out.data ? out.data : err.data);
  texts[1] = junk;
  sk_str_clear(&out);
  ok = sk_merge_texts(names, texts, 2, &out, &err);
  check(!ok && err.data && strncmp(err.data, "b.sko:1:1: ", 11) == 0,
        "merge_texts_rejects_text_without_results", "%d %s", ok, err.data ? err.data : "(none)");
  sk_str_free(&out);
  sk_str_free(&err);
}

int main(void)
{
  test_options();
  test_merge_texts();
  return check_summary("test_readers");
}
