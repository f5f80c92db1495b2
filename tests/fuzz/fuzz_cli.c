/*
** tests/fuzz/fuzz_cli.c -- fuzzing harness of skampi's command-line option parser
** (main_parse_options in split/cli/main.c, which decides and returns; main() does the
** exiting and printing). One input is a command line: its arguments separated by
** newlines or NUL bytes (argv[0] "skampi" is added).
** Oracles (fuzz_common.h): no sanitizer report; no exit from inside the parser; a
** rejection carries a one-line message naming one of the arguments in quotes (the
** command line's "location"); every string the options point to is one of the
** arguments; and a round trip: the accepted options written back as a command line
** (-n -s -t -i -o, then -m last) parse to the same options.
** Modes and options: as tests/fuzz/fuzz_ski.c; tests/fuzz/run.sh builds it (READER=cli).
*/
#define FUZZ_NAME "fuzz_cli"
#include "fuzz_common.h"

#define FUZZ_CLI_MAX_ARGS 4096

static int fuzz_cli_is_arg(char **argv, int argc, const char *s)
{
  int i;
  for (i = 1; i < argc; i++) if (argv[i] == s) return 1;
  return 0;
}

static int fuzz_cli_same(const char *a, const char *b)
{
  if (a == NULL || b == NULL) return a == b;
  return strcmp(a, b) == 0;
}

/* The options written back as a command line; argv must hold 10 + nmerge_in entries. */
static int fuzz_cli_print(const main_options *o, char **argv)
{
  int n = 0, i;
  argv[n++] = (char *)"skampi";
  if (o->syntax_only) argv[n++] = (char *)"-n";
  if (o->copy_input) argv[n++] = (char *)"-s";
  if (o->translate) argv[n++] = (char *)"-t";
  if (o->oneline.name) {
    argv[n++] = (char *)o->oneline.name;   /* a one-line run (its own options are not compared) */
  } else {
    argv[n++] = (char *)"-i";
    argv[n++] = (char *)o->input;
  }
  if (o->output) { argv[n++] = (char *)"-o"; argv[n++] = (char *)o->output; }
  if (o->merge_out) {
    argv[n++] = (char *)"-m";
    argv[n++] = (char *)o->merge_out;
    for (i = 0; i < o->nmerge_in; i++) argv[n++] = o->merge_in[i];
  }
  argv[n] = NULL;
  return n;
}

static void fuzz_cli_check_run(char **argv, int argc, const main_options *o)
{
  main_options again;
  sk_str err;
  char **args2;
  int n, i;
  if (!fuzz_cli_is_arg(argv, argc, o->input) && !sk_streq(o->input, "skampi.ski"))
    fuzz_fail("the input file name is not one of the arguments", o->input);
  if (o->output && !fuzz_cli_is_arg(argv, argc, o->output))
    fuzz_fail("the output file name is not one of the arguments", o->output);
  if (o->merge_out) {
    if (o->nmerge_in < 1 || !fuzz_cli_is_arg(argv, argc, o->merge_out))
      fuzz_fail("-m without inputs, or its output is not an argument", o->merge_out);
    for (i = 0; i < o->nmerge_in; i++)
      if (!fuzz_cli_is_arg(argv, argc, o->merge_in[i])) fuzz_fail("a merge input is not an argument", NULL);
  }
  /* round trip */
  args2 = (char **)sk_calloc((size_t)o->nmerge_in + 11, sizeof(char *));
  n = fuzz_cli_print(o, args2);
  sk_str_init(&err);
  if (main_parse_options(n, args2, &again, &err) != MAIN_RUN)
    fuzz_fail("round trip: the options written back are not accepted", err.data);
  if (!fuzz_cli_same(o->input, again.input) || !fuzz_cli_same(o->output, again.output) ||
      o->syntax_only != again.syntax_only || o->copy_input != again.copy_input ||
      o->translate != again.translate || !fuzz_cli_same(o->merge_out, again.merge_out) ||
      !fuzz_cli_same(o->oneline.name, again.oneline.name) ||
      o->nmerge_in != again.nmerge_in)
    fuzz_fail("round trip: the options written back parse to other options", NULL);
  for (i = 0; i < o->nmerge_in; i++)
    if (!fuzz_cli_same(o->merge_in[i], again.merge_in[i]))
      fuzz_fail("round trip: a merge input changed", NULL);
  sk_str_free(&err);
  free((void *)args2);
}

static void fuzz_one(const unsigned char *data, size_t size)
{
  char *copy = (char *)sk_malloc(size + 1);
  char **argv = (char **)sk_calloc(FUZZ_CLI_MAX_ARGS + 2, sizeof(char *));
  int argc = 1, i;
  size_t k, start = 0;
  main_options o;
  main_action act;
  sk_str err;
  fuzz_begin(data, size);
  memcpy(copy, data, size);
  copy[size] = '\0';
  argv[0] = (char *)"skampi";
  for (k = 0; k <= size && argc <= FUZZ_CLI_MAX_ARGS; k++) {
    if (k == size || copy[k] == '\n' || copy[k] == '\0') {
      copy[k] = '\0';
      if (k > start || k < size) argv[argc++] = copy + start;
      start = k + 1;
    }
  }
  argv[argc] = NULL;
  sk_str_init(&err);
  act = main_parse_options(argc, argv, &o, &err);
  switch (act) {
  case MAIN_RUN:
    fuzz_n_ok++;
    fuzz_cli_check_run(argv, argc, &o);
    break;
  case MAIN_LIST:
    fuzz_n_ok++;
    if (o.list_name && !fuzz_cli_is_arg(argv, argc, o.list_name))
      fuzz_fail("-l NAME: the name is not one of the arguments", o.list_name);
    break;
  case MAIN_HELP: case MAIN_VERSION:
    fuzz_n_ok++;
    break;
  case MAIN_BAD: {
    int named = 0;
    fuzz_n_rejected++;
    if (err.data == NULL || err.data[0] == '\0') fuzz_fail("command line rejected without a message", NULL);
    if (strchr(err.data, '\n')) fuzz_fail("error message spans several lines", err.data);
    for (i = 1; i < argc && !named; i++) {
      size_t n = strlen(argv[i]);
      const char *p = err.data;
      while ((p = strchr(p, '\'')) != NULL && !named) {
        if (strncmp(p + 1, argv[i], n) == 0 && p[1 + n] == '\'') named = 1;
        p++;
      }
    }
    if (!named) fuzz_fail("the message does not name an argument of the command line", err.data);
    break;
  }
  default:
    fuzz_fail("main_parse_options returned no action", NULL);
  }
  free(o.post.inputs);          /* -r/-x's file list (main frees it after the report) */
  sk_compare_args_free(&o.compare);   /* -c's lists (main frees them after the comparison) */
  sk_guidelines_args_free(&o.guidelines);   /* --guidelines' list (likewise) */
  sk_str_free(&err);
  free((void *)argv);
  free(copy);
  fuzz_end();
}

/* Options and arguments for the built-in mutator. */
static const char *const fuzz_tokens[] = {
  "\n", "\0", "-", "--", "-h\n", "--help\n", "-V\n", "--version\n", "-l\n", "--list\n",
  "-n\n", "-s\n", "-t\n", "-i\n", "-o\n", "-m\n", "-c\n", "-a\n", "--label\n", "in.ski\n", "out.sko\n", "a.sko\n",
  "b.sko\n", "-\n", "Pingpong_Send_Recv\n", "-x\n", "--guidelines\n", "-e\n", "-j\n", "-i", "-o", "-m", "'", "\xff"
};

#include "fuzz_driver.h"
