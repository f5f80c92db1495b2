/*
** main.c -- the command line (SKaMPI 5 manual §2.3, §2.4) and the run:
** rank 0 reads and parses the input, the input files are broadcast and parsed on every
** process, then every process interprets the program while rank 0 writes the results.
**
**   skampi [-h] [-V] [-l [NAME]] [-n] [-s] [-t] [-v] [-q] [-F] [-i inputfile] [-o outputfile]
**          [-L logfile]
**   skampi -m OUT IN...  |  -r REPORT IN...  |  -x csv|json IN... [-o OUT]
** With an output file, rank 0 decides from the run's log (runlog.h) whether this run is
** fresh or continues an interrupted one, and tells the other processes.
*/
#include "parser.h"
#include "params4.h"
#include "merge.h"
#include "postproc.h"
#include "interp.h"
#include "catalogue.h"
#include "oversub.h"
#include "interference.h"
#include "builtins.h"
#include "mpit.h"
#include "runlog.h"
#include "filepaths.h"
#include "io_files.h"
#include "clock_skew.h"
#include <time.h>

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
  sk_postproc post;       /* -r, -x: report and export (postproc.h) */
  int quiet;              /* -q: nothing on stderr but errors; the output file is unchanged */
  int fresh;              /* -F: never resume, even a changed input's interrupted run */
  const char *log;        /* -L FILE: the run's log (default OUTPUT.log) */
  unsigned long checksum; /* rank 0: of the input files as sent to the other processes */
  long input_bytes;
  const char *list_name;  /* -l NAME */
} main_options;

/* User errors are reached by every process alike (the program runs SPMD): they end
** with a clean finalize. An internal error may hit one process alone, while the others
** wait for it: it aborts them all. */
static void main_exit_hook(int status)
{
  sk_runlog_close(status);
  sk_io_files_finish();
  sk_out_close();
  if (status == SK_EXIT_INTERNAL) sk_tp_abort(status, NULL);
  sk_datatypes_release();
  sk_tp_finish();
}

static void main_usage(FILE *f)
{
  static const char *const lines[] = {
    "usage: skampi [-h] [-V] [-l [NAME]] [-n] [-s] [-t] [-v] [-q] [-F] [-i inputfile] [-o outputfile]",
    "              [-L logfile]",
    "  -h         show this help and exit",
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
    "  -m OUT IN1 IN2 ...  merge the results of several runs into OUT (SKaLib 3.4) and exit",
    "  -r OUT IN.sko ...   report: OUT.html (plots, tables) or OUT.gp (gnuplot scripts)",
    "  -x csv|json IN.sko ... [-o OUT]  export the result lines as CSV or JSON",
    "Environment: SKAMPI_WAIT=SECONDS, how long to wait for a log another run holds or for",
    "a FIFO's reader (default 10)."
  };
  size_t k;
  for (k = 0; k < sizeof lines / sizeof lines[0]; k++) fprintf(f, "%s\n", lines[k]);
  fprintf(f, "Backend: %s. Run it under mpirun (MPI), rccerun (RCCE) or alone (sequential).\n",
          SK_BACKEND_NAME);
}

/* -l [NAME], helpers and iterators: the group of a helper is that of the first row whose
** prefix starts its name (the SKaMPI 5 manual's §4.1 topics); no match: "settings". */
static const struct { const char *prefix; const char *group; } main_helper_groups[] = {
  { "set_io_", "MPI-IO" }, { "get_io_", "MPI-IO" }, { "print_data_access_settings", "MPI-IO" },
  { "print_file_info", "MPI-IO" }, { "set_file_info", "MPI-IO" }, { "reset_file_info", "MPI-IO" },
  { "choose_", "synchronization" }, { "set_clock_offset", "synchronization" },
  { "resynchronize_clocks", "synchronization" },
  { "output_", "output and environment" }, { "print_", "output and environment" },
  { "init_time_accounting", "output and environment" }, { "get_env", "output and environment" },
  { "mpi_processor_names", "output and environment" }, { "merge_with_backups", "output and environment" },
  { "comm", "communicators" }, { "copy_comm", "communicators" }, { "get_comm_", "communicators" },
  { "is_mpi_comm_null", "communicators" }, { "get_np", "communicators" },
  { "last_proc", "communicators" }, { "topology_", "communicators" },
  { "dims_create", "communicators" },
  { "sqr", "mathematics" }, { "cbrt", "mathematics" }, { "log", "mathematics" },
  { "power", "mathematics" }, { "floor", "mathematics" }, { "ceil", "mathematics" },
  { "round", "mathematics" }, { "modulo", "mathematics" }, { "min_int", "mathematics" },
  { "max_int", "mathematics" }, { "atoi", "mathematics" }, { "get_random_int", "mathematics" },
  { "alloc_int_array", "arrays" }, { "int_array_", "arrays" },
  { "mpi_type_", "datatypes" }, { "alloc_datatype_array", "datatypes" },
  { "datatype_array_", "datatypes" },
  { "info_", "info objects" }, { "set_mpi_alloc_mem_info", "info objects" },
  { "get_mpi_alloc_mem_info", "info objects" }
};
/* The groups in the order -l prints them. */
static const char *const main_group_order[] = {
  "settings", "synchronization", "output and environment", "communicators", "mathematics",
  "arrays", "datatypes", "info objects", "MPI-IO"
};

static const char *main_helper_group(const char *name)
{
  size_t k;
  for (k = 0; k < sizeof main_helper_groups / sizeof main_helper_groups[0]; k++)
    if (strncmp(name, main_helper_groups[k].prefix, strlen(main_helper_groups[k].prefix)) == 0)
      return main_helper_groups[k].group;
  return "settings";
}


static const char *main_result_type(sk_type t)
{
  switch (t) {
  case SK_T_INT: return "int";
  case SK_T_DOUBLE: return "double";
  case SK_T_STRING: return "string";
  case SK_T_COMM: return "comm";
  case SK_T_DATATYPE: return "datatype";
  case SK_T_OP: return "op";
  case SK_T_INFO: return "info";
  case SK_T_IARRAY: return "IArray";
  case SK_T_DARRAY: return "DArray";
  default: return "void";
  }
}

/* "  NAME(type, type) -> result\n" */
static void main_describe_helper(sk_str *out, const char *name, const char *params, const char *result)
{
  const char *p;
  sk_str_printf(out, "  %s(", name);
  for (p = params; *p; p++) sk_str_printf(out, "%s%s", p == params ? "" : ", ", sk_param_type_name(*p));
  sk_str_printf(out, ") -> %s\n", result);
}

/* The helpers (by group) and the iterators, or only those called name; the count. */
static int main_list_helpers(sk_str *out, const char *name)
{
  int g, i, found = 0, header;
  const sk_builtin *b;
  const sk_iterator *it;
  for (g = 0; g < (int)(sizeof main_group_order / sizeof main_group_order[0]); g++) {
    header = 0;
    for (i = 0; (b = sk_builtin_entry(i)) != NULL; i++) {
      if (name != NULL && !sk_streq(b->name, name)) continue;
      if (!sk_streq(main_helper_group(b->name), main_group_order[g])) continue;
      if (!header) sk_str_printf(out, "helpers: %s\n", main_group_order[g]);
      header = 1;
      main_describe_helper(out, b->name, b->params, main_result_type(b->result));
      found++;
    }
  }
  header = 0;
  for (i = 0; (it = sk_iterator_entry(i)) != NULL; i++) {
    if (name != NULL && !sk_streq(it->name, name)) continue;
    if (!header) sk_str_printf(out, "iterators: for VAR in NAME(...) do ... od\n");
    header = 1;
    /* every iterator of the language yields integers (SKaMPI 5 manual §6.3) */
    main_describe_helper(out, it->name, it->params, "int");
    found++;
  }
  return found;
}

/* -l [NAME]: the catalogue (catalogue.h), the helpers and the iterators on standard
** output; an unknown NAME is a user error. Handled like -h: right after the transport
** started, before any input. */
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
  found += main_list_helpers(&out, name);
  if (sk_is_reporter()) {
    if (found) {
      if (name == NULL)
        printf("# measurement functions, helpers and iterators of the %s build\n", SK_BACKEND_NAME);
      fputs(out.data ? out.data : "", stdout);
    } else {
      fprintf(stderr, "skampi: no measurement function, helper or iterator '%s' (skampi -l lists them)\n", name);
    }
  }
  sk_str_free(&out);
  sk_exit(found ? 0 : SK_EXIT_USER_ERROR);
}

/* What the command line asks for. */
typedef enum main_action { MAIN_RUN, MAIN_HELP, MAIN_VERSION, MAIN_LIST, MAIN_BAD } main_action;

/* Reads the options into *o and says what to do; MAIN_BAD with the message in *err.
** Ends nothing and prints nothing (the options' fuzzing harness calls it). */
static main_action main_parse_options(int argc, char **argv, main_options *o, sk_str *err)
{
  int i, post;
  memset(o, 0, sizeof *o);
  o->input = "skampi.ski";
  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (sk_streq(a, "-h") || sk_streq(a, "--help")) return MAIN_HELP;
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
    else if (sk_streq(a, "-L") && i + 1 < argc) o->log = argv[++i];
    else if ((post = sk_postproc_option(argc, argv, i, &o->post, err)) != 0) {   /* -r, -x */
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
      if (a[1] == 'i') o->input = argv[++i]; else o->output = argv[++i];
    } else {
      sk_str_clear(err);
      sk_str_printf(err, "skampi: unknown or incomplete option '%s'", a);
      return MAIN_BAD;
    }
  }
  return MAIN_RUN;
}

/* Does what main_parse_options found; returns only for MAIN_RUN. */
static void main_options_act(main_action act, const main_options *o, const sk_str *err)
{
  switch (act) {
  case MAIN_HELP:
    if (sk_is_reporter()) main_usage(stdout);
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
    if (sk_is_reporter()) {
      fprintf(stderr, "%s\n", err->data);
      main_usage(stderr);
    }
    sk_exit(SK_EXIT_USER_ERROR);
    break;
  default:
    break;
  }
}

/* SKaMPI 4 parameter files go to their own front end (params4.h), everything else is
** .ski; then every measurement named must be runnable in this build. With -t the
** translation is printed even if this build lacks a measurement. */
static int main_parse_input(const main_options *o, sk_sources *src, sk_program *prog, sk_str *err)
{
  const sk_source *s;
  sk_str ignored;
  sk_str_init(&ignored);
  s = sk_sources_get(src, o->input, &ignored);
  sk_str_free(&ignored);
  if (s != NULL && sk_params4_detect(s->name, s->text)) {
    if (o->translate) return sk_params4_translate(src, o->input, prog, err);
    return sk_params4_parse(src, o->input, prog, err) && sk_parse_check_available(prog, err);
  }
  return sk_parse_file(src, o->input, prog, err) && (o->translate || sk_parse_check_available(prog, err));
}

/* What rank 0 tells the others after reading the input. */
typedef struct load_decision {
  int parsed;               /* 0: the input has an error (rank 0 printed it) */
  long bytes;               /* size of the serialized input files that follow */
} load_decision;

/* Rank 0 parses from disk and ships the files; the others parse what they received. */
static void main_load_program(main_options *o, sk_sources *src, sk_program *prog)
{
  sk_str err, blob;
  load_decision d;
  sk_str_init(&err);
  sk_str_init(&blob);
  memset(&d, 0, sizeof d);
  if (sk_tp_world_rank() == 0) {
    sk_sources_init(src, 1);
    d.parsed = main_parse_input(o, src, prog, &err);
    if (!d.parsed) {
      fflush(stdout);
      fprintf(stderr, "%s\n", err.data);
    }
    sk_sources_serialize(src, &blob);
    d.bytes = (long)blob.len;
    o->checksum = sk_runlog_checksum(blob.data ? blob.data : "", blob.len);
    o->input_bytes = d.bytes;
  }
  sk_agree(sk_tp_world(), NULL, 0, &d, sizeof d, NULL, NULL);
  if (!d.parsed) sk_exit(SK_EXIT_USER_ERROR);
  if (sk_tp_world_rank() != 0) {
    sk_str_putn(&blob, "", 0);
    blob.data = (char *)sk_grow(blob.data, &blob.cap, (size_t)d.bytes + 1, 1);
    blob.len = (size_t)d.bytes;
  }
  sk_tp_bcast(sk_tp_world(), blob.data, (size_t)d.bytes, 0);
  if (sk_tp_world_rank() != 0) {
    sk_sources_init(src, 0);
    if (!sk_sources_deserialize(src, blob.data, blob.len) || !main_parse_input(o, src, prog, &err))
      sk_fatal("process %d could not parse the distributed input: %s", sk_tp_world_rank(), err.data);
  }
  sk_str_free(&err);
  sk_str_free(&blob);
}

static void main_date(char *buf, size_t size)
{
  time_t now = time(NULL);
  char *s = ctime(&now);
  strncpy(buf, s ? s : "unknown\n", size - 1);
  buf[size - 1] = '\0';
  if (strchr(buf, '\n')) *strchr(buf, '\n') = '\0';
}

/* What rank 0 tells the others once the output is open. */
typedef struct open_decision {
  int opened;               /* 0: refused (rank 0 printed why) */
  int resumed;              /* continues an interrupted run */
  int suites_kept;          /* resuming: suites 1..suites_kept are complete */
} open_decision;

/* Rank 0: an output file (or a link to one) has a log (runlog.h) that decides whether
** this run is fresh -- old output and log kept as backups -- or continues an interrupted
** one after its last complete suite. Standard output, devices, FIFOs and sockets have
** none. Everything is decided before anything is measured. */
static open_decision main_open_output(const main_options *o)
{
  sk_str err;
  char backup[512], log_backup[512];
  sk_run_plan plan;
  open_decision d;
  long size;
  int to_file = o->output != NULL && !sk_streq(o->output, "-") &&
                sk_path_is_file_like(sk_path_kind_of(o->output, &size));
  sk_str_init(&err);
  memset(&plan, 0, sizeof plan);
  backup[0] = log_backup[0] = '\0';
  d.opened = 1;
  if (to_file) {
    sk_str log;
    sk_str_init(&log);
    if (o->log) sk_str_puts(&log, o->log); else sk_str_printf(&log, "%s.log", o->output);
    d.opened = sk_runlog_open(log.data, o->output, o->input, o->checksum, o->input_bytes, sk_tp_world_size(),
                              o->fresh, sk_os_wait_seconds(), &plan, log_backup, sizeof log_backup, &err);
    sk_str_free(&log);
  }
  if (d.opened && plan.mode == SK_RUN_RESUME) d.opened = sk_out_open_at(o->output, plan.keep_bytes, &err);
  else if (d.opened) d.opened = sk_out_open(o->output, &err, backup, sizeof backup);
  d.resumed = plan.mode == SK_RUN_RESUME;
  d.suites_kept = d.resumed ? plan.suites_kept : 0;
  if (!d.opened) fprintf(stderr, "skampi: %s\n", err.data);
  else if (!o->quiet) {
    if (backup[0]) fprintf(stderr, "skampi: kept the existing %s as %s\n", o->output, backup);
    if (log_backup[0]) fprintf(stderr, "skampi: kept the earlier log as %s\n", log_backup);
    if (plan.mode == SK_RUN_RESUME)
      fprintf(stderr, "skampi: resuming %s after its %d complete suites\n", o->output, plan.suites_kept);
  }
  sk_str_free(&err);
  return d;
}

/* The header; a resumed run writes "# resumed at DATE ..." where it continues instead of
** the version and start lines (the rest describes this run). */
static void main_write_header(const main_options *o, const sk_sources *src, const sk_result *dummy,
                              const char *sync_lines, const char *oversub_lines, int resumed, int suites_kept)
{
  sk_str h;
  char date[64], lib[1024], name[256];
  int size = sk_tp_world_size();
  sk_str_init(&h);
  main_date(date, sizeof date);
  sk_tp_library_version(lib, sizeof lib);
  sk_tp_processor_name(name, sizeof name);
  if (resumed) {
    sk_runlog_resumed(suites_kept, date);
    if (suites_kept > 0)
      sk_str_printf(&h, "# resumed at %s: suites 1 to %d above come from the interrupted run,"
                    " the rest from this one (skampi-%s)\n", date, suites_kept, SKAMPI_VERSION);
    else
      sk_str_printf(&h, "# resumed at %s: the interrupted run completed no suite; all come from this"
                    " one (skampi-%s)\n", date, SKAMPI_VERSION);
  } else {
    sk_str_printf(&h, "# SKaMPI Version skampi-%s (%s backend)\n", SKAMPI_VERSION, SK_BACKEND_NAME);
    sk_str_printf(&h, "# Started at %s\n", date);
  }
  sk_str_printf(&h, "# input file: %s\n", o->input);
  sk_str_printf(&h, "# processes: %d\n", size);
  sk_str_printf(&h, "# library: %s\n", lib);
  sk_str_printf(&h, "# processor of rank 0: %s\n", name);
  sk_oversub_processors(&h);
  sk_skew_describe(&h);
  sk_str_printf(&h, "# clock tick: %g s, global clock: %s\n", sk_tp_wtick(), sk_tp_wtime_is_global() ? "yes" : "no");
  sk_str_printf(&h, "# dummy time (timing overhead, not subtracted): %.4f us\n", dummy->time * 1e6);
  sk_pingpong_describe(&h);
  sk_str_puts(&h, "# columns: time = the mean of the repetitions' values (each the longest time over the processes)"
              " without the lowest and highest quarter (set_cut_quantile; set_result_statistic(\"min\"): the least), its standard"
              " error (SKaLib eq. A.1), the repetitions, then each process's time by the same statistic over its own"
              " times of the same repetitions\n");
  sk_str_printf(&h, "# random seed (get_random_int, comm_rand): %ld\n", sk_random_seed());
  sk_str_puts(&h, sync_lines);
  sk_io_files_describe(&h, NULL);
  sk_str_puts(&h, oversub_lines);
  if (o->copy_input && !resumed) {
    size_t k;
    for (k = 0; k < src->n; k++) {
      const char *p = src->items[k].text;
      sk_str_printf(&h, "#> --- %s\n", src->items[k].name);
      while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        sk_str_puts(&h, "#> ");
        sk_str_putn(&h, p, len);
        sk_str_putc(&h, '\n');
        p += len + (nl ? 1 : 0);
      }
    }
  }
  sk_out_text(h.data);
  sk_str_free(&h);
  if (!resumed) sk_runlog_header_done();
}

/* Rank 0: the header, with the oversubscription lines, and their warnings on stderr. */
static void main_report_oversubscription(const main_options *o, const sk_sources *src, const sk_result *dummy,
                                         const char *sync_lines, int resumed, int suites_kept)
{
  sk_str lines, warn;
  const char *p;
  sk_str_init(&lines);
  sk_str_init(&warn);
  sk_oversub_describe(&lines, &warn);
  sk_interference_describe(sk_oversub_procs_here(), &lines);
  main_write_header(o, src, dummy, sync_lines, lines.data ? lines.data : "", resumed, suites_kept);
  for (p = o->quiet ? NULL : warn.data; p && *p; ) {
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    fflush(stdout);
    fprintf(stderr, "skampi: warning: %.*s\n", (int)len, p);
    p += len + (nl ? 1 : 0);
  }
  fflush(stderr);
  sk_str_free(&lines);
  sk_str_free(&warn);
}

int main(int argc, char **argv)
{
  main_options o;
  sk_sources src;
  sk_program prog;
  sk_interp in;
  double started;
  open_decision opened;
  sk_result dummy;
  sk_str sync_lines;
  sk_tp_start(&argc, &argv);
  sk_set_reporter(sk_tp_world_rank() == 0);
  sk_set_exit_hook(main_exit_hook);
  started = sk_tp_wtime();
  {
    sk_str err;
    main_action act;
    sk_str_init(&err);
    act = main_parse_options(argc, argv, &o, &err);
    main_options_act(act, &o, &err);
    sk_str_free(&err);
  }
  sk_oversub_detect();   /* collective: processes per host against its processors */
  if (o.merge_out) {
    sk_str err;
    int ok = 1;
    sk_str_init(&err);
    if (sk_tp_world_rank() == 0) {
      ok = sk_merge_files(o.merge_out, o.merge_in, o.nmerge_in, &err);
      if (!ok) fprintf(stderr, "%s\n", err.data);
      else fprintf(stderr, "skampi: merged %d runs into %s\n", o.nmerge_in, o.merge_out);
    }
    sk_str_free(&err);
    sk_exit(ok ? 0 : SK_EXIT_USER_ERROR);
  }
  if (o.post.kind) {                                  /* -r, -x: post-processing only */
    int status = sk_tp_world_rank() == 0 ? sk_postproc_run(&o.post, o.output) : 0;
    free(o.post.inputs);
    sk_exit(status);
  }
  main_load_program(&o, &src, &prog);
  if (o.syntax_only || o.translate) {
    if (sk_tp_world_rank() == 0) {
      if (o.translate) {
        sk_str t;
        sk_str_init(&t);
        sk_program_print(&t, &prog);
        fputs(t.data ? t.data : "", stdout);
        sk_str_free(&t);
      } else {
        printf("%s: syntax OK\n", o.input);
      }
    }
    sk_exit(0);
  }
  memset(&opened, 0, sizeof opened);
  if (sk_tp_world_rank() == 0) opened = main_open_output(&o);
  sk_agree(sk_tp_world(), NULL, 0, &opened, sizeof opened, NULL, NULL);
  if (!opened.opened) sk_exit(SK_EXIT_USER_ERROR);
  sk_io_files_start();   /* collective: the MPI-IO directory, signal handlers */
  sk_interp_init(&in);
  in.resume_skip = opened.suites_kept;
  in.quiet = o.quiet;
  in.settings.verify = o.verify;
  sk_oversub_probe();                      /* collective: the scheduler floor when oversubscribed */
  sk_sync_init_world(&in.settings.sync);   /* collective: clock offsets for the header */
  sk_str_init(&sync_lines);
  sk_sync_describe(&in.settings.sync, &sync_lines);   /* before anything else is measured */
  /* the timing overhead for the header: the dummy time of the simple pattern */
  sk_engine_dummy_time(&in.settings, sk_tp_world(), SK_PATTERN_SIMPLE, &dummy);
  if (sk_tp_world_rank() == 0)
    main_report_oversubscription(&o, &src, &dummy, sync_lines.data ? sync_lines.data : "", opened.resumed, opened.suites_kept);
  sk_result_free(&dummy);
  sk_str_free(&sync_lines);
  in.progress = o.output != NULL && !sk_streq(o.output, "-") && !o.quiet;   /* stderr is free then */
  in.progress_tty = sk_os_is_terminal(stderr);
  sk_interp_run(&in, &prog);
  if (sk_tp_world_rank() == 0) {
    sk_str f;
    char date[64];
    sk_str_init(&f);
    main_date(date, sizeof date);
    sk_sync_describe(&in.settings.sync, &f);
    sk_oversub_summary(&f);
    {
      sk_str w;
      sk_str_init(&w);
      sk_interference_summary(&f, &w);
      if (w.data && !o.quiet) { fflush(stdout); fprintf(stderr, "skampi: warning: %s", w.data); fflush(stderr); }
      sk_str_free(&w);
    }
    sk_str_printf(&f, "# Finished at %s\n# Total runtime %.0f seconds\n", date, sk_tp_wtime() - started);
    sk_out_text(f.data);
    sk_str_free(&f);
    sk_runlog_close(0);
    sk_interp_progress_end(&in);
    if (o.output && !sk_streq(o.output, "-") && !o.quiet) fprintf(stderr, "skampi: results written to %s\n", o.output);
  }
  sk_io_files_finish();
  sk_out_close();
  if (sk_tp_world_rank() == 0) sk_postproc_after_run(o.output, in.run.merge_backups);
  sk_interp_free(&in);
  sk_program_free(&prog);
  sk_sources_free(&src);
  sk_datatypes_release();
  sk_tp_finish();
  return 0;
}
