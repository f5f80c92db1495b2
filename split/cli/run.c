/*
** run.c -- see run.h.
*/
#include "run.h"
#include "parser.h"
#include "params4.h"
#include "builtins.h"
#include "session.h"
#include "postproc.h"
#include "runlog.h"
#include "oversub.h"
#include "interference.h"
#include "io_files.h"
#include "filepaths.h"
#include <sys/types.h>
#include <sys/stat.h>
#include <unistd.h>

/* SKAMPI_END_WAIT: how long (seconds) the processes of a run that ends with an error in
** the program wait for each other before they take it for one process's alone. */
#define RUN_END_WAIT_DEFAULT 10

/* A user error that was not every process's (sk_tp_end_alike said no): the process
** that had it says it -- the reporter printed it already -- and that the run is aborted. */
static void run_say_apart(int status, long waited)
{
  fflush(stdout);
  if (!sk_is_reporter() && sk_last_user_error()[0])
    fprintf(stderr, "skampi: rank %d: %s\n", sk_tp_world_rank(), sk_last_user_error());
  if (sk_last_user_error()[0])
    fprintf(stderr, "skampi: rank %d: the other processes did not end with this error within %ld s (it was this "
            "process's alone: the program went apart here); the run is aborted with status %d (SKAMPI_END_WAIT "
            "sets the wait)\n", sk_tp_world_rank(), waited, status);
  else
    fprintf(stderr, "skampi: rank %d: the other processes did not end within %ld s; the run is aborted with status "
            "%d (SKAMPI_END_WAIT sets the wait)\n", sk_tp_world_rank(), waited, status);
  fflush(stderr);
}

SK_API void sk_run_exit_hook(int status)
{
  int alike = 1;
  if (status == SK_EXIT_USER_ERROR && sk_tp_started()) {   /* was it everybody's? */
    long waited = sk_env_long("SKAMPI_END_WAIT", 1, 86400L, RUN_END_WAIT_DEFAULT);
    alike = sk_tp_end_alike((double)waited);
    if (!alike) run_say_apart(status, waited);
  }
  sk_runlog_close(status);
  sk_io_files_finish();
  sk_out_close();
  sk_runlog_unlock();                    /* after the output's last line */
  if (!sk_tp_started()) return;          /* ended before MPI_Init: nothing to tell the library */
  if (status == SK_EXIT_INTERNAL || !alike) sk_tp_abort(status, NULL);
  sk_datatypes_release();
  sk_tp_finish();
}

/* SKaMPI 4 parameter files go to their own front end (params4.h), everything else is
** .ski; then every measurement named must be runnable in this build. With -t the
** translation is printed even if this build lacks a measurement. */
static int run_parse_input(const sk_run_options *o, sk_sources *src, sk_program *prog, sk_str *err)
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
  const sk_run *parsed_by_0;   /* under a simulator: rank 0's run, whose tree the others read */
  void *values_by_0;        /* ... its predefined datatypes and operators (value.h) */
  void *catalogue_by_0;     /* ... its catalogue rows (catalogue.h) */
} load_decision;

/* Rank 0's part of step 2 (and all of -n, -t): the input read from disk and parsed; 0
** after printing the error. */
static int run_read_input(sk_run *r, sk_str *err)
{
  int parsed;
  sk_sources_init(&r->src, 1);
  if (r->opt.input_text != NULL) sk_sources_add(&r->src, r->opt.input, r->opt.input_text, strlen(r->opt.input_text));
  parsed = run_parse_input(&r->opt, &r->src, &r->prog, err);
  if (!parsed) {
    fflush(stdout);
    fprintf(stderr, "%s\n", err->data);
    if (r->opt.input_default && strstr(err->data, "cannot open ") != NULL)
      fprintf(stderr, "skampi: without -i FILE skampi runs %s from this directory; give -i FILE (ski/quick.ski is a "
              "short one), a measurement such as 'mpirun -np 2 skampi Pingpong_Send_Recv' (skampi -l lists them) "
              "or see skampi -h\n", r->opt.input);
  }
  return parsed;
}

/* Step 2: rank 0 parses from disk and ships the files; the others parse what they received.
** Under a simulator (SK_SIMULATED) every rank is a thread of one process: the others read
** rank 0's files and tree in place (the interpreter never changes a tree: sk_interp_run
** takes it const), which saves each simulated rank some 6 KB of heap (doc/simulated.md),
** and nobody frees them before the process ends; likewise rank 0's table of predefined
** datatypes and its catalogue rows (1.4 KB a rank). */
static void run_load_program(sk_run *r)
{
  sk_str err, blob;
  load_decision d;
  sk_str_init(&err);
  sk_str_init(&blob);
  memset(&d, 0, sizeof d);
  if (sk_tp_world_rank() == 0) {
    d.parsed = run_read_input(r, &err);
    sk_sources_serialize(&r->src, &blob);
    d.bytes = (long)blob.len;
    r->checksum = sk_runlog_checksum(blob.data ? blob.data : "", blob.len);
    r->input_bytes = d.bytes;
    if (SK_SIMULATED) {
      d.parsed_by_0 = r;
      d.values_by_0 = sk_value_share();
      d.catalogue_by_0 = sk_catalogue_share();
      r->borrowed = 1;
    }
  }
  sk_agree(sk_tp_world(), NULL, 0, &d, sizeof d, NULL, NULL);
  if (!d.parsed) sk_exit(SK_EXIT_USER_ERROR);
  if (d.parsed_by_0 != NULL) {
    if (sk_tp_world_rank() != 0) {
      r->src = d.parsed_by_0->src;
      r->prog = d.parsed_by_0->prog;
      r->borrowed = 1;
      sk_value_adopt(d.values_by_0);
      sk_catalogue_adopt(d.catalogue_by_0);
    }
    sk_str_free(&err);
    sk_str_free(&blob);
    return;
  }
  if (sk_tp_world_rank() != 0) {
    sk_str_putn(&blob, "", 0);
    blob.data = (char *)sk_grow(blob.data, &blob.cap, (size_t)d.bytes + 1, 1);
    blob.len = (size_t)d.bytes;
  }
  sk_tp_bcast(sk_tp_world(), blob.data, (size_t)d.bytes, 0);
  if (sk_tp_world_rank() != 0) {
    sk_sources_init(&r->src, 0);
    if (!sk_sources_deserialize(&r->src, blob.data, blob.len) || !run_parse_input(&r->opt, &r->src, &r->prog, &err))
      sk_fatal("process %d could not parse the distributed input: %s", sk_tp_world_rank(), err.data);
  }
  sk_str_free(&err);
  sk_str_free(&blob);
}

SK_NOINLINE SK_API void sk_run_load(sk_run *r)
{
  sk_oversub_detect();   /* 1. collective: processes per host against its processors */
  run_load_program(r);   /* 2. */
}

SK_API void sk_run_load_here(sk_run *r)
{
  sk_str err;
  sk_str_init(&err);
  if (!run_read_input(r, &err)) sk_exit(SK_EXIT_USER_ERROR);
  sk_str_free(&err);
}

SK_API void sk_run_offline_exit_hook(int status)
{
  (void)status;
  sk_out_close();
}

SK_API int sk_run_refuse_dangling_link(const char *path, const char *what, sk_str *err)
{
  struct stat st;
  char target[1024];
  long n;
  if (path == NULL || sk_streq(path, "-") || lstat(path, &st) != 0 || !S_ISLNK(st.st_mode)) return 0;
  if (stat(path, &st) == 0 || errno != ENOENT) return 0;   /* its target exists (or is not ours to judge) */
  n = (long)readlink(path, target, sizeof target - 1);
  target[n > 0 ? n : 0] = '\0';
  sk_str_printf(err, "the %s '%s' is a symbolic link to '%s', which does not exist: refused (skampi writes "
                "through a link only to an existing file; remove the link or create its target)", what, path, target);
  return 1;
}

/* What rank 0 tells the others once the output is open. */
typedef struct open_decision {
  int opened;               /* 0: refused (rank 0 printed why) */
  int resumed;              /* continues an interrupted run */
  int suites_kept;          /* resuming: suites 1..suites_kept are complete */
} open_decision;

/* Step 3, rank 0: an output file (or a link to one) has a lock file and a log (runlog.h):
** one run at a time writes it, and the log decides whether this run is fresh -- old
** output and log kept as backups -- or continues an interrupted one after its last
** complete suite (whatever that cuts kept as a backup too). Standard output, devices,
** FIFOs and sockets have neither. Everything is decided before anything is measured. */
static open_decision run_open_output(const sk_run *r)
{
  const sk_run_options *o = &r->opt;
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
  if (sk_run_refuse_dangling_link(o->output, "output", &err)) to_file = d.opened = 0;
  else if (o->log && !to_file) {   /* -L with standard output, a device, FIFO or socket */
    sk_str_printf(&err, "-L %s: only an output file has a log (a run into %s cannot be resumed); "
                  "give -o FILE or leave out -L", o->log, o->output && !sk_streq(o->output, "-") ? o->output
                  : "standard output");
    d.opened = 0;
  }
  if (to_file) {
    sk_str log;
    sk_str_init(&log);
    if (o->log) sk_str_puts(&log, o->log); else sk_str_printf(&log, "%s.log", o->output);
    if (sk_run_refuse_dangling_link(log.data, "log", &err)) {
      sk_str_free(&log);
      fprintf(stderr, "skampi: %s\n", err.data);
      sk_str_free(&err);
      d.opened = 0;
      return d;
    }
    d.opened = sk_runlog_open(log.data, o->log != NULL, o->output, o->input, r->checksum, r->input_bytes, sk_tp_world_size(),
                              o->fresh, sk_os_wait_seconds(), &plan, log_backup, sizeof log_backup, &err);
    sk_str_free(&log);
  }
  if (d.opened && plan.mode == SK_RUN_RESUME)
    d.opened = sk_out_open_at(o->output, plan.keep_bytes, &err, backup, sizeof backup);
  else if (d.opened) d.opened = sk_out_open(o->output, &err, backup, sizeof backup);
  d.resumed = plan.mode == SK_RUN_RESUME;
  d.suites_kept = d.resumed ? plan.suites_kept : 0;
  if (to_file && !d.opened) sk_runlog_close(SK_EXIT_INTERNAL);   /* as it was: not "finished" */
  else if (to_file) sk_runlog_bind(o->output);
  if (!d.opened) fprintf(stderr, "skampi: %s\n", err.data);
  else if (!o->quiet) {
    if (backup[0] && d.resumed)
      fprintf(stderr, "skampi: kept the existing %s as %s (the resumed run cuts it after byte %ld)\n", o->output,
              backup, plan.keep_bytes);
    else if (backup[0]) fprintf(stderr, "skampi: kept the existing %s as %s\n", o->output, backup);
    if (log_backup[0]) fprintf(stderr, "skampi: kept the earlier log as %s\n", log_backup);
    if (plan.mode == SK_RUN_RESUME)
      fprintf(stderr, "skampi: resuming %s after its %d complete suites\n", o->output, plan.suites_kept);
  }
  sk_str_free(&err);
  return d;
}

/* What the program's run adds to the header (sk_session_facts_fn). */
typedef struct run_facts {
  const sk_run *r;
  open_decision opened;
} run_facts;

static void run_header_facts(sk_header_facts *h, void *ctx)
{
  const run_facts *f = (const run_facts *)ctx;
  h->input = f->r->opt.input;
  h->copy = f->r->opt.copy_input ? &f->r->src : NULL;
  h->random_seed = sk_random_seed();
  h->resumed = f->opened.resumed;
  h->suites_kept = f->opened.suites_kept;
}

/* Steps 3 to 9 into *in and *s (initialised here). */
SK_NOINLINE static void run_start(sk_run *r, sk_interp *in, sk_session *s)
{
  run_facts facts;
  memset(&facts, 0, sizeof facts);
  facts.r = r;
  if (sk_tp_world_rank() == 0) facts.opened = run_open_output(r);   /* 3. */
  sk_agree(sk_tp_world(), NULL, 0, &facts.opened, sizeof facts.opened, NULL, NULL);
  if (!facts.opened.opened) sk_exit(SK_EXIT_USER_ERROR);
  sk_io_files_start();                     /* 4. collective: the MPI-IO directory, signal handlers */
  sk_interp_init(in);                      /* 5. */
  in->resume_skip = facts.opened.suites_kept;
  in->quiet = r->opt.quiet;
  in->settings.verify = r->opt.verify;
  s->settings = &in->settings;
  s->writes = sk_tp_world_rank() == 0;
  s->quiet = r->opt.quiet;
  s->started = r->opt.started;
  sk_session_start(s, run_header_facts, &facts);   /* 6. to 9. */
}

/* Rank 0: the footer and the last messages. */
SK_NOINLINE static void run_footer(const sk_run *r, sk_interp *in, const sk_session *s)
{
  const sk_run_options *o = &r->opt;
  sk_session_end(s);
  if (sk_out_failed()) sk_exit(SK_EXIT_WRITE);   /* output.h; the log stays unfinished: a resume continues */
  sk_runlog_close(0);
  if (sk_runlog_failed()) {                      /* the results are whole; a kill could not have been resumed */
    fprintf(stderr, "skampi: the results in %s are whole, but its log could not be written (said above)\n",
            o->output ? o->output : "standard output");
    sk_exit(SK_EXIT_WRITE);
  }
  sk_interp_progress_end(in);
  if (o->output && !sk_streq(o->output, "-") && !o->quiet) fprintf(stderr, "skampi: results written to %s\n", o->output);
}

SK_API void sk_run_too_few(const char *name, int needs, int has, int argc, char **argv)
{
  int k, world = has < needs && argv != NULL;
  fflush(stdout);
  fprintf(stderr, "skampi: nothing measured: %s needs at least %d processes, %s %d", name, needs,
          world ? "the run has" : "its communicator has", has);
  if (world) {
    fprintf(stderr, ": mpirun -np %d", needs);
    for (k = 0; k < argc; k++) {
      const char *a = argv[k];
      if (a[0] != '\0' && a[strcspn(a, " \t'\"\\$`*?;&|<>()")] == '\0') fprintf(stderr, " %s", a);
      else fprintf(stderr, " '%s'", a);   /* a quote inside stays as it is: the line is a hint */
    }
  }
  fputc('\n', stderr);
  fflush(stderr);
}

SK_API void sk_run_benchmark(sk_run *r)
{
  sk_interp in;
  sk_session session;
  run_start(r, &in, &session);
  in.progress = !r->opt.quiet;   /* on stderr, also when the results go to standard output */
  in.progress_tty = sk_os_is_terminal(stderr);
  if (sk_tp_world_rank() == 0) in.progress_interval = (double)sk_env_long("SKAMPI_PROGRESS_INTERVAL", 1, 86400L, 10);
  sk_interp_run(&in, &r->prog);
  if (sk_tp_world_rank() == 0) run_footer(r, &in, &session);
  sk_io_files_finish();
  sk_out_close();
  if (sk_tp_world_rank() == 0 && sk_out_failed()) sk_exit(SK_EXIT_WRITE);   /* closing failed */
  if (sk_tp_world_rank() == 0) sk_postproc_after_run(r->opt.output, in.run.merge_backups);
  sk_runlog_unlock();                    /* the output is complete, merged with its backups too */
  if (in.run.measurements == 0 && in.too_few_points > 0) {   /* every process knows it alike */
    if (sk_tp_world_rank() == 0)
      sk_run_too_few(in.too_few_name, in.too_few_needs, sk_tp_world_size() < in.too_few_needs ? sk_tp_world_size()
                     : in.too_few_has, r->opt.argc, sk_tp_world_size() < in.too_few_needs ? r->opt.argv : NULL);
    sk_exit(SK_EXIT_USER_ERROR);
  }
  if (in.library_failed_suites > 0) {    /* the run is whole; some suites hold an error instead */
    if (sk_tp_world_rank() == 0)
      fprintf(stderr, "skampi: %d of %d suites failed with a library error (each says so in its block)\n",
              in.library_failed_suites, in.blocks_done);
    sk_exit(SK_EXIT_LIBRARY);
  }
  sk_interp_free(&in);
  if (r->borrowed) return;
  sk_program_free(&r->prog);
  sk_sources_free(&r->src);
}
