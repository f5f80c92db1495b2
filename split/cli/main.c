/*
** main.c -- the command line (SKaMPI 5 manual §2.3, §2.4): parses the options and
** dispatches to the mode: -h, --help-all, -V, -l (here), merge (merge.h), report and
** export (postproc.h), comparison of runs (compare.h), -n and -t (the input loaded by
** run.h, then checked or printed here), or a benchmark run (run.h) of an input file or of
** a one-line run's generated program (oneline.h). Only a benchmark run starts the
** transport; the other modes make no MPI call. In the library build main is
** sk_program_main (main.h). The synopsis and the rules: doc/internals.md, "cli".
*/
#include "main.h"
#include "run.h"
#include "oneline.h"
#include "tune.h"
#include "peer_names.h"
#include "merge.h"
#include "postproc.h"
#include "compare.h"
#include "guidelines.h"
#include "catalogue.h"
#include "builtins.h"
#include "mpit.h"
#include "launcher.h"
#include "stop_request.h"

typedef struct main_options {
  const char *input;      /* default skampi.ski */
  const char *output;     /* default: standard output */
  int syntax_only;        /* -n */
  int copy_input;         /* -s */
  int translate;          /* -t */
  int verify;             /* -v: switch_verification_on from the start */
  const char *merge_out;  /* -m OUT IN...: merge runs (SKaLib 3.4) */
  char **merge_in;
  int nmerge_in;
  int lenient;            /* --lenient: the result-file readers pass malformed lines over */
  int force_merge;        /* --force-merge: merge runs of different libraries, process
                          ** counts, input files or backends all the same */
  sk_postproc post;       /* -r, -x: report and export (postproc.h) */
  sk_compare_args compare;   /* -c: comparison of runs (compare.h); nfiles 0: none */
  sk_guidelines_args guidelines;   /* --guidelines (guidelines.h); nfiles 0: none */
  int quiet;              /* -q: nothing on stderr but errors; the output file is unchanged */
  int fresh;              /* -F: never resume, even a changed input's interrupted run */
  const char *log;        /* -L FILE: the run's log (default OUTPUT.log) */
  const char *list_name;  /* -l NAME */
  int input_given;        /* -i was given */
  sk_oneline oneline;     /* NAME and its options: a one-line run (oneline.h) */
  sk_peer peer;           /* an OSU or IMB name and its options instead (peer_names.h) */
  sk_str oneline_text;    /* its program (main_oneline_generate) */
  sk_tune tune;           /* --tuning LIST and its options: a tuning run (tune.h) */
  int error_has_hint;     /* the usage error names its own remedy: no "skampi -h" hint */
} main_options;

/* Every option of skampi's own command line, for the nearest name to an unknown one
** (main_parse_options; -a, -e, -j belong to -c and --guidelines and are read there). */
static const char *const main_option_names[] = {
  "-h", "--help", "--help-all", "-V", "--version", "-l", "--list", "-n", "-s", "-t", "-v", "--verify", "-q",
  "-F", "--force-merge", "--lenient", "-L", "-r", "-x", "-c", "--guidelines", "-m", "-i", "-o",
  "--sizes", "--reps", "--error", "--procs", "--dump",
  "--tuning", "--tuning-sizes", "--tuning-file", "--tuned"   /* tune.h */
};

/* -h: the forms and the options used most, ending with the way to the rest. */
static const char *const main_short_help[] = {
  "usage: skampi [-i inputfile] [-o outputfile] [-q] [-v]   run a .ski program (default skampi.ski)",
  "       skampi NAME [--sizes MIN:MAX] [-o outputfile]     measure one row of skampi -l",
  "       skampi osu_latency [-m MIN:MAX] [-i N] ...          OSU's names and options",
  "       skampi IMB-MPI1 [PingPong ...] [-msglog A:B] ...    IMB's names and options",
  "       skampi -r REPORT IN.sko ...                         report (REPORT.html or .gp)",
  "       skampi -x csv|json IN.sko ... [-o OUT]              export",
  "       skampi -c A.sko B.sko ...                           compare runs",
  "       skampi -m OUT IN.sko ...                            merge runs",
  "  -l [NAME]  list the measurements, helpers and iterators (no mpirun needed)",
  "  -n         check the input's syntax only",
  "  -V         version;  --help-all  every option, the environment and the one-line runs",
  "Run under mpirun (e.g. mpirun -np 2 ./skampi Pingpong_Send_Recv); doc/manual.md, man skampi."
};

static void main_usage(FILE *f, int all)
{
  static const char *const lines[] = {
    "usage: skampi [-h] [-V] [-l [NAME]] [-n] [-s] [-t] [-v] [-q] [-F] [-i inputfile] [-o outputfile]",
    "              [-L logfile]",
    "       skampi [options] NAME [--sizes MIN:MAX] [--reps MIN:MAX] [--error E] [--procs MIN:MAX]",
    "              [--dump]",
    "  -h         a short help; --help-all this one",
    "  -V         print the version and exit",
    "  -l [NAME]  list the measurement functions (parameter names and types, pattern, least",
    "             number of processes, aliases), helpers and iterators (parameter and",
    "             result types) of this build, or only NAME; runs without mpirun, then exits",
    "  -i FILE    input file (.ski program or SKaMPI 4 parameter file; default skampi.ski)",
    "  -o FILE    output file (default: standard output); an existing file is kept as FILE.1",
    "             (a link to a file: its content is kept as FILE.1 and replaced through the",
    "             link; a device, FIFO or socket is written as it is)",
    "  -L FILE    the run's log (default: the output's name plus .log): an interrupted run",
    "             started again with the same input and output continues after its last",
    "             complete suite; a finished run starts afresh",
    "  -F         start afresh even if the log shows an interrupted run (old files kept)",
    "  -q         quiet: no progress or warnings on stderr (the output keeps its comments)",
    "  -n         check the input's syntax only, measure nothing",
    "  -s         copy the input into the output as '#> ' lines",
    "  -t         print the input as a .ski program (translation of SKaMPI 4 files) and exit",
    "  -v         verify: every measurement runs once with pattern-filled buffers before it is",
    "             timed and checks the data every process received (switch_verification_on);",
    "             wrong data ends the run with exit status 3 after the block",
    "  -m OUT IN1 IN2 ...  merge the results of several runs into OUT (SKaLib 3.4) and exit;",
    "             runs of different libraries, process counts, input files or backends are",
    "             refused (exit status 2) unless --force-merge comes before -m",
    "  --force-merge  with -m: merge such runs all the same (the merged header says what",
    "             each run was)",
    "  --lenient  before -m, -r, -x, -c or --guidelines: a malformed line of a result file",
    "             (a NUL byte, bytes that are not UTF-8, a bad number) is passed over and",
    "             counted on stderr instead of refusing the file (exit status 2)",
    "  -r OUT IN.sko[=LABEL] ...  report: OUT.html (plots, tables) or OUT.gp (gnuplot scripts);",
    "             .html is added to a name ending in neither .html, .htm nor .gp (rep.pdf:",
    "             rep.pdf.html); LABEL names the run in legends (default: its library and",
    "             process count)",
    "  -x csv|json IN.sko ... [-o OUT]  export the result lines as CSV or JSON",
    "  -c [-a ALPHA] [-o OUT.csv] A.sko B.sko ...  compare runs with the first (baseline):",
    "             per suite and point the time ratio and whether the difference is",
    "             significant (Wilcoxon rank-sum test, alpha 0.05 unless -a; Hunold and",
    "             Carpen-Amarie 2016); several runs per side: [--label NAME] A1.sko A2.sko",
    "             -- [--label NAME] B1.sko B2.sko ...; -o writes the table as CSV too",
    "  --guidelines [-a ALPHA] [-e EFFECT] [-o OUT.csv] [-j OUT.json] [-r OUT.html] RUN1.sko ...",
    "             the self-consistent performance guidelines (doc/guidelines.md) over runs of",
    "             ski/guidelines.ski (10 runs): per guideline, monotony and split rule the",
    "             sizes where the left side is slower than 1 + EFFECT (0.2) times the right",
    "             (rank-sum test, Benjamini-Hochberg over all points at false-discovery rate",
    "             ALPHA, 0.05; sides of different start methods not compared), with advice;",
    "             -o/-j write every verdict, -r a report (plots of both sides, violated sizes)",
    "One-line run: NAME, a measurement function of skampi -l, instead of -i FILE: a sweep of",
    "count = MIN ... MAX (step *2; MPI_BYTE, or MPI_INT for reductions) on MPI_COMM_WORLD",
    "  --sizes MIN:MAX  the counts (default 1:1M; suffixes k and M)",
    "  --reps MIN:MAX   the least and most repetitions of a measurement",
    "  --error E        the relative standard error to reach (0.05 or 5%)",
    "  --procs MIN:MAX  collectives: one suite per number of processes on comm(N), MIN to",
    "                   MAX (MIN: up to all processes)",
    "  --dump           print the generated .ski program and exit (no MPI)",
    "Tuning files (doc/manual.md \"Tuning files\"): mpirun -np P skampi --tuning Bcast,Allreduce -o T.sko",
    "  --tuning LIST    every algorithm the library offers for each collective (Bcast, Allreduce,",
    "                   Reduce; Open MPI's coll_tuned, MPICH's CVARs), one suite each; the fastest",
    "                   per size where it beats the default significantly; writes the file the",
    "                   library loads (Open MPI: T.rules; MPICH: T.env) and the command to load it",
    "  --tuning-sizes MIN:MAX  the bytes (default 4:1M, step *4)",
    "  --tuning-file FILE  the tuning file's name",
    "  --tuned T.sko    run with the file loaded: the gain per range against T.sko's default",
    "OSU and IMB names: skampi osu_latency [-m MIN:MAX] [-i N] [-f] [-z] ... or skampi IMB-MPI1",
    "[PingPong ...] [-msglog A:B] [-iter N] [-npmin P] ... measure with the tool's options and",
    "print its table (skampi's flags last), the results in NAME.sko (doc/manual.md \"OSU and IMB names\")",
    "Environment: SKAMPI_WAIT=SECONDS, how long to wait for a log another run holds or for",
    "a FIFO's reader (default 10); SKAMPI_PROGRESS_INTERVAL=SECONDS, the most time between",
    "two progress lines during a suite when stderr is not a terminal (default 10);",
    "SKAMPI_THREAD_LEVEL=single|funneled|serialized|multiple, MPI_Init_thread with that",
    "thread level (default MPI_Init; the threaded measurements need multiple)."
  };
  size_t k;
  if (!all) {
    for (k = 0; k < sizeof main_short_help / sizeof main_short_help[0]; k++) fprintf(f, "%s\n", main_short_help[k]);
    return;
  }
  for (k = 0; k < sizeof lines / sizeof lines[0]; k++) fprintf(f, "%s\n", lines[k]);
  fprintf(f, "Backend: %s. Run it under mpirun (MPI), rccerun (RCCE) or alone (sequential).\n",
          SK_BACKEND_NAME);
}

/* -l [NAME]: the catalogue (catalogue.h), the helpers and the iterators on standard
** output; an unknown NAME is a user error. Handled like -h, without the transport
** (`-l MPI_T` asks the library through MPI_T_init_thread, which needs no MPI_Init). */
static void main_list(const char *name)
{
  sk_str out;
  int found;
  sk_str_init(&out);
  if (name != NULL && sk_streq(name, "MPI_T")) {   /* the library's MPI_T variables (mpit.h) */
    found = sk_mpit_list(&out);
    if (sk_is_reporter()) fputs(out.data ? out.data : "", found ? stdout : stderr);
    sk_str_free(&out);
    sk_exit(found ? 0 : SK_EXIT_USER_ERROR);
  }
  found = sk_catalogue_list(&out, name);
  found += sk_builtins_list(&out, name);
  if (sk_is_reporter()) {
    if (found) {
      if (name == NULL)
        printf("# measurement functions, helpers and iterators of the %s build\n", SK_BACKEND_NAME);
      fputs(out.data ? out.data : "", stdout);
    } else {
      sk_str hint;
      sk_str_init(&hint);
      sk_oneline_closest(name, &hint);   /* "; closest: ..." of the catalogue, as a one-line run's */
      fprintf(stderr, "skampi: no measurement function, helper or iterator '%s'%s (skampi -l lists them)\n", name,
              hint.data ? hint.data : "");
      sk_str_free(&hint);
    }
  }
  sk_str_free(&out);
  sk_exit(found ? 0 : SK_EXIT_USER_ERROR);
}

/* What the command line asks for. */
typedef enum main_action { MAIN_RUN, MAIN_HELP, MAIN_HELP_ALL, MAIN_VERSION, MAIN_LIST, MAIN_PEER_INFO, MAIN_BAD } main_action;

/* A one-line run's name and options agree with the rest of the command line and name a
** row this build can measure (its program is generated once to see); 0 with *err set. */
static int main_check_oneline(main_options *o, sk_str *err)
{
  sk_str text;
  int ok;
  if (o->oneline.name == NULL) {
    if (o->oneline.first_option != NULL)
      sk_str_printf(err, "skampi: '%s' is an option of a one-line run: give a measurement name too",
                    o->oneline.first_option);
    return o->oneline.first_option == NULL;
  }
  if (o->input_given) {
    sk_str_printf(err, "skampi: -i '%s' and the measurement name '%s': give one of them", o->input, o->oneline.name);
    return 0;
  }
  sk_str_init(&text);
  ok = sk_oneline_program(&o->oneline, 0, &text, err);
  sk_str_free(&text);
  o->error_has_hint = !ok;
  return ok;
}

/* Reads the options into *o and says what to do; MAIN_BAD with the message in *err.
** Ends nothing and prints nothing (the options' fuzzing harness calls it). */
static main_action main_parse_options(int argc, char **argv, main_options *o, sk_str *err)
{
  int i, post, took;
  memset(o, 0, sizeof *o);
  o->input = "skampi.ski";
  sk_str_clear(err);
  if ((took = sk_peer_parse(argc, argv, &o->peer, &o->oneline, &o->output, &o->quiet, &o->verify, err)) != 0) {
    o->error_has_hint = took < 0;                                  /* its message names the remedy */
    return took < 0 ? MAIN_BAD : took == 2 ? MAIN_PEER_INFO : MAIN_RUN;   /* osu_latency ..., IMB-MPI1 ... */
  }
  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (sk_streq(a, "-h") || sk_streq(a, "--help")) return MAIN_HELP;
    else if (sk_streq(a, "--help-all")) return MAIN_HELP_ALL;
    else if (sk_streq(a, "-V") || sk_streq(a, "--version")) return MAIN_VERSION;
    else if (sk_streq(a, "-l") || sk_streq(a, "--list")) {
      o->list_name = i + 1 < argc && argv[i + 1][0] != '-' ? argv[i + 1] : NULL;
      return MAIN_LIST;
    } else if (sk_streq(a, "-n")) o->syntax_only = 1;
    else if (sk_streq(a, "-s")) o->copy_input = 1;
    else if (sk_streq(a, "-t")) o->translate = 1;
    else if (sk_streq(a, "-v") || sk_streq(a, "--verify")) o->verify = 1;
    else if (sk_streq(a, "-q")) o->quiet = 1;
    else if (sk_streq(a, "-F")) o->fresh = 1;
    else if (sk_streq(a, "--force-merge")) o->force_merge = 1;
    else if (sk_streq(a, "--lenient")) o->lenient = 1;
    else if (sk_streq(a, "-L") && i + 1 < argc) o->log = argv[++i];
    else if ((post = sk_postproc_option(argc, argv, i, &o->post, err)) != 0) {   /* -r, -x */
      if (post < 0) return MAIN_BAD;
      break;
    }
    else if ((post = sk_compare_option(argc, argv, i, &o->compare, err)) != 0) {   /* -c */
      if (post < 0) return MAIN_BAD;
      break;
    }
    else if ((post = sk_guidelines_option(argc, argv, i, &o->guidelines, err)) != 0) {   /* --guidelines */
      if (post < 0) return MAIN_BAD;
      break;
    }
    else if (sk_streq(a, "-m") && i + 2 < argc) {
      o->merge_out = argv[i + 1];
      o->merge_in = argv + i + 2;
      o->nmerge_in = argc - i - 2;
      break;
    }
    else if ((sk_streq(a, "-i") || sk_streq(a, "-o")) && i + 1 < argc) {
      if (a[1] == 'i') { o->input = argv[++i]; o->input_given = 1; } else o->output = argv[++i];
    } else if ((took = sk_tune_option(argc, argv, i, &o->tune, err)) != 0) {   /* --tuning ... */
      if (took < 0) return MAIN_BAD;
      i += took - 1;
    } else if ((took = sk_oneline_option(argc, argv, i, &o->oneline, err)) != 0) {
      if (took < 0) return MAIN_BAD;
      i += took - 1;
    } else if (a[0] != '-' && o->oneline.name == NULL) o->oneline.name = a;   /* a one-line run */
    else {
      if (sk_streq(a, "-i") || sk_streq(a, "-o") || sk_streq(a, "-L")) sk_str_printf(err, "skampi: '%s' needs a file name", a);
      else if (sk_streq(a, "-m")) sk_str_puts(err, "skampi: '-m' needs OUT and the runs to merge");
      else if (a[0] == '-') {   /* the nearest option as the hint (a letter alone has none) */
        sk_str_printf(err, "skampi: unknown option '%s'", a);
        if (strlen(a) > 2)
          sk_peer_closest(a, main_option_names, (int)(sizeof main_option_names / sizeof main_option_names[0]), err);
        o->error_has_hint = strstr(err->data, "; closest: ") != NULL;
      }
      else sk_str_printf(err, "skampi: a second measurement name '%s' (a one-line run measures one)", a);
      return MAIN_BAD;
    }
  }
  if (o->tune.colls && (o->oneline.name || o->input_given)) {
    sk_str_puts(err, "skampi: --tuning generates its program: give neither -i nor a measurement name");
    return MAIN_BAD;
  }
  if (!sk_tune_check(&o->tune, o->output, err)) return MAIN_BAD;
  return main_check_oneline(o, err) ? MAIN_RUN : MAIN_BAD;
}

/* Does what main_parse_options found; returns only for MAIN_RUN. */
static void main_options_act(main_action act, const main_options *o, const sk_str *err)
{
  sk_sko_set_lenient(o->lenient);
  switch (act) {
  case MAIN_HELP:
  case MAIN_HELP_ALL:
    if (sk_is_reporter()) main_usage(stdout, act == MAIN_HELP_ALL);
    sk_exit(0);
    break;
  case MAIN_PEER_INFO:   /* osu_latency -h, IMB-MPI1 -list, osu_bw -v */
    if (sk_is_reporter()) sk_peer_info(&o->peer, stdout);
    sk_exit(0);
    break;
  case MAIN_VERSION:
    if (sk_is_reporter()) printf("skampi %s (%s backend)\n", SKAMPI_VERSION, SK_BACKEND_NAME);
    sk_exit(0);
    break;
  case MAIN_LIST:
    main_list(o->list_name);
    break;
  case MAIN_BAD:
    if (sk_is_reporter()) fprintf(stderr, "%s%s\n", err->data, o->error_has_hint ? "" : " (skampi -h for help)");
    sk_exit(SK_EXIT_USER_ERROR);
    break;
  default:
    break;
  }
}

/* -m OUT IN...: the reporting process merges the runs; exits. */
static void main_merge(const main_options *o)
{
  sk_str err;
  int ok = 1;
  sk_str_init(&err);
  if (sk_is_reporter()) {
    ok = sk_merge_files(o->merge_out, o->merge_in, o->nmerge_in, o->force_merge, &err);
    if (!ok) fprintf(stderr, "%s\n", err.data);
    else fprintf(stderr, "skampi: merged %d runs into %s\n", o->nmerge_in, o->merge_out);
  }
  sk_str_free(&err);
  sk_exit(ok ? 0 : sk_out_failed() ? SK_EXIT_WRITE : SK_EXIT_USER_ERROR);   /* output.h */
}

/* -n, -t: the loaded input checked or printed as a .ski program; exits. */
static void main_check_input(const main_options *o, const sk_run *r)
{
  if (sk_is_reporter()) {
    if (o->translate) {
      sk_str t;
      sk_str_init(&t);
      sk_program_print(&t, &r->prog);
      fputs(t.data ? t.data : "", stdout);
      sk_str_free(&t);
    } else {
      sk_str w;
      sk_str_init(&w);
      sk_parse_warn_small_communicators(&r->prog, &w);
      if (w.len) { fflush(stdout); fputs(w.data, stderr); fflush(stderr); }
      sk_str_free(&w);
      printf("%s: syntax OK\n", o->input);
    }
  }
  sk_exit(0);
}

/* The command line's part in a run (run.h). */
static void main_run_options(const main_options *o, double started, int argc, char **argv, sk_run *r)
{
  memset(r, 0, sizeof *r);
  r->opt.argc = argc;
  r->opt.argv = argv;
  r->opt.input = o->oneline.name ? sk_oneline_input_name(&o->oneline) : o->tune.colls ? "skampi --tuning (generated)" : o->input;
  r->opt.input_text = o->oneline.name || o->tune.colls ? o->oneline_text.data : NULL;
  r->opt.input_default = !o->input_given && o->oneline.name == NULL && o->tune.colls == NULL;
  r->opt.output = o->output;
  r->opt.log = o->log;
  r->opt.copy_input = o->copy_input;
  r->opt.translate = o->translate;
  r->opt.verify = o->verify;
  r->opt.quiet = o->quiet;
  r->opt.fresh = o->fresh;
  r->opt.started = started;
}

/* A one-line run's program for nprocs processes (0: not known) into o->oneline_text;
** a usage error ends the run (checked before, it can only be --procs against nprocs). */
/* A process other than rank 0 once its run holds what it needs of the options: only rank 0
** reads them after the run (the tuning files, the peer tools' tables). Under a simulator
** that is some 3 KB less on every other rank (doc/simulated.md). The run keeps pointing
** into two things made with the options, which therefore outlive them: the one-line
** program's text and its own copy of an output name made in the options. They go into
** *kept, which main frees at the end (every allocation freed: the sanitized checks). */
typedef struct main_kept {
  char *oneline_text;   /* r->opt.input_text's storage, or NULL */
  char *output;         /* r->opt.output's copy, or NULL */
} main_kept;

static main_options *main_options_drop(main_options *o, sk_run *r, main_kept *kept)
{
  if (r->opt.output == o->peer.output_buf) r->opt.output = kept->output = sk_strdup(r->opt.output);
  if (o->oneline.name || o->tune.colls) kept->oneline_text = o->oneline_text.data;
  free(o);
  return NULL;
}

SK_NOINLINE static void main_oneline_generate(main_options *o, int nprocs)
{
  sk_str err;
  if (o->tune.colls && nprocs > 0) {   /* a tuning run: its program, after MPI_Init (MPI_T) */
    sk_str_init(&err);
    sk_str_init(&o->oneline_text);
    if (!sk_tune_first_ok(&o->tune, &err)) {   /* a cut or damaged FIRST.sko: before minutes are spent */
      if (sk_is_reporter()) fprintf(stderr, "%s\n", err.data);
      sk_exit(SK_EXIT_USER_ERROR);
    }
    if (!sk_tune_program(&o->tune, &o->oneline_text, &err)) {
      if (sk_is_reporter()) fprintf(stderr, "skampi: --tuning is not available: %s\n", err.data);
      sk_exit(SK_EXIT_USER_ERROR);
    }
    sk_str_free(&err);
    return;
  }
  if (o->oneline.name == NULL) return;
  sk_str_init(&err);
  sk_str_init(&o->oneline_text);
  if (o->peer.tool ? !sk_peer_program(&o->peer, &o->oneline, nprocs, &o->oneline_text, &err)
      : !sk_oneline_program(&o->oneline, nprocs, &o->oneline_text, &err)) {
    if (sk_is_reporter()) fprintf(stderr, "%s\n", err.data);
    sk_exit(SK_EXIT_USER_ERROR);
  }
  sk_str_free(&err);
}

/* The modes that never start the transport (MPI_Init, RCCE_init): -h, -V, -l, bad
** options, -m, -r, -x, -c, -n, -t. Only a benchmark run does. */
static int main_is_offline(main_action act, const main_options *o)
{
  return act != MAIN_RUN || o->merge_out != NULL || o->post.kind != 0 || o->compare.nfiles != 0
         || o->guidelines.nfiles != 0
         || o->syntax_only || o->translate || o->oneline.dump;
}

/* The file -r (the report) or -x (-o, else the run's -o) writes. */
static const char *main_postproc_target(const main_options *o)
{
  if (o->post.kind == 'r') return o->post.target;
  return o->post.output ? o->post.output : o->output;
}

/* A mode of main_is_offline, without a single MPI call (not even MPI_Initialized): the
** launcher's rank 0 (or a process started alone) does the work and prints; the other
** processes of a launcher check the command line alike and end with status 0. Exits. */
SK_NOINLINE static void main_offline(main_action act, main_options *o, const sk_str *err)
{
  sk_run r;
  sk_str why;
  sk_set_reporter(sk_launcher_rank() == 0);   /* launcher.h */
  sk_set_exit_hook(sk_run_offline_exit_hook);
  main_options_act(act, o, err);                    /* -h, -V, -l and bad options end here */
  if (!sk_is_reporter()) sk_exit(0);                /* rank 0 merges, reports, checks */
  sk_str_init(&why);
  if (o->merge_out ? sk_run_refuse_dangling_link(o->merge_out, "output", &why)
      : o->compare.csv ? sk_run_refuse_dangling_link(o->compare.csv, "output", &why)
      : o->guidelines.csv && sk_run_refuse_dangling_link(o->guidelines.csv, "output", &why) ? 1
      : o->guidelines.json && sk_run_refuse_dangling_link(o->guidelines.json, "output", &why) ? 1
      : o->guidelines.html ? sk_run_refuse_dangling_link(o->guidelines.html, "output", &why)
      : o->post.kind && sk_run_refuse_dangling_link(main_postproc_target(o), "output", &why)) {
    fprintf(stderr, "skampi: %s\n", why.data);
    sk_exit(SK_EXIT_USER_ERROR);
  }
  sk_str_free(&why);
  main_oneline_generate(o, 0);
  if (o->oneline.dump) {                            /* the one-line run's program */
    fputs(o->oneline_text.data, stdout);
    sk_exit(0);
  }
  if (o->merge_out) main_merge(o);
  if (o->compare.nfiles) {                          /* -c: comparison only */
    int status = sk_compare_run(&o->compare);
    sk_compare_args_free(&o->compare);
    sk_exit(status);
  }
  if (o->guidelines.nfiles) {                       /* --guidelines: the verdicts only */
    int status = sk_guidelines_run(&o->guidelines);
    sk_guidelines_args_free(&o->guidelines);
    sk_exit(status);
  }
  if (o->post.kind) {                               /* -r, -x: post-processing only */
    int status = sk_postproc_run(&o->post, o->output);
    free(o->post.inputs);
    sk_exit(status);
  }
  main_run_options(o, 0.0, 0, NULL, &r);                     /* -n, -t */
  sk_run_load_here(&r);
  main_check_input(o, &r);
}

#ifdef SKAMPI_LIBRARY
SK_API int sk_program_main(int argc, char **argv)
#else
int main(int argc, char **argv)
#endif
{
  /* the options on the heap: below them every measurement's calls go, and under a simulator
  ** each rank's deepest stack page is memory of its own (config.h, SK_NOINLINE) */
  main_options *o = (main_options *)sk_calloc(1, sizeof *o);
  sk_run r;
  double started;
  sk_str err;
  main_action act;
  main_kept kept = { NULL, NULL };
  int status = 0;
  sk_str_init(&err);
  act = main_parse_options(argc, argv, o, &err);
  if (main_is_offline(act, o)) main_offline(act, o, &err);   /* exits */
  sk_str_free(&err);
  sk_stop_request_install();   /* SIGUSR1: stop at the next suite boundary (before MPI_Init: no window) */
  if (o->tune.colls) sk_coll_algs_before_init();   /* Open MPI's forced algorithms (coll_algorithms.h) */
  sk_tp_start(&argc, &argv);
  sk_set_reporter(sk_tp_world_rank() == 0);
  if (o->peer.tool && (status = sk_peer_startup(&o->peer)) != 0) {   /* osu_init, osu_hello: no run */
    sk_tp_finish();
    free(o);
    return status == 1 ? 0 : status == 2 ? SK_EXIT_WRITE : SK_EXIT_USER_ERROR;
  }
  sk_set_exit_hook(sk_run_exit_hook);
  started = sk_tp_wtime();
  /* once more: the library may have taken arguments of its own (MPI_Init may change the
  ** command line); a benchmark run stays one, anything else is a bad command line */
  sk_str_init(&err);
  act = main_parse_options(argc, argv, o, &err);
  if (act == MAIN_RUN && main_is_offline(act, o)) {
    sk_str_clear(&err);
    sk_str_puts(&err, "skampi: the MPI library changed the command line into another mode");
    act = MAIN_BAD;
  }
  main_options_act(act, o, &err);                  /* bad options end here */
  sk_str_free(&err);
  main_oneline_generate(o, sk_tp_world_size());
  if (o->oneline.name && sk_oneline_least_procs(&o->oneline) > sk_tp_world_size()) {   /* nothing to measure */
    if (sk_is_reporter())
      sk_run_too_few(o->oneline.name, sk_oneline_least_procs(&o->oneline), sk_tp_world_size(), argc, argv);
    sk_exit(SK_EXIT_USER_ERROR);
  }
  main_run_options(o, started, argc, argv, &r);
  if (!sk_is_reporter()) o = main_options_drop(o, &r, &kept);
  sk_run_load(&r);
  sk_run_benchmark(&r);
  if (o && o->tune.colls) status = sk_tune_finish(&o->tune, o->output, sk_tp_world_size());
  if (o && o->peer.tool && !sk_peer_print(&o->peer, sk_tp_world_size())) sk_exit(SK_EXIT_WRITE);
  if (o && (o->oneline.name || o->tune.colls)) sk_str_free(&o->oneline_text);
  sk_datatypes_release();
  sk_tp_finish();
  free(o);
  free(kept.oneline_text);
  free(kept.output);
  return status;
}
