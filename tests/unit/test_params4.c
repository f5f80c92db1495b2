/*
** test_params4.c -- unit tests of the SKaMPI 4 front end (split/language/params4.c; SKaLib report (TR 99/07)
** §6.1 sections, §6.2 measurement blocks): golden translations printed as .ski text,
** the file:line:col prefix of every error, the round trip of the translations through
** the .ski parser (print, parse, print again: the same text), locations pointing into
** the parameter file, a run of a synthetic translation through the interpreter, and
** deterministic mutations of ski/skampi4_example.par that must never crash.
** Prints "ok NAME" or "FAIL NAME: details" per check; exit status 1 if any failed.
**
** The parse-back checks use the real catalogue of the amalgam: every registry row (the MPI
** ones too, with NULL functions in the sequential build) is there in every build, so
** the MPI names of the translations parse as .ski on the sequential backend.
**
** Build and run from the project root (as tests/run.sh does, from a fresh amalgam):
**   tools/sk21f tests/out/skampi_amalgam.c
**   cc -std=c89 -pedantic -Wall -Wextra -DSKAMPI_SEQ -DSKAMPI_TESTING -Itests/out \
**      -o t tests/unit/test_params4.c -lm && ./t
*/
#define main skampi_main
#include "skampi_amalgam.c"
#undef main
#include "check.h"

/* ---- helpers ---- */

/* Translates `text` as file `name`; 1 and the printed program in *out, or 0 and the
** message in *out. `checked`: sk_params4_parse instead of sk_params4_translate. */
static int translate_text(const char *name, const char *text, size_t len, int checked, sk_str *out)
{
  sk_sources src;
  sk_program prog;
  sk_str err;
  int ok;
  sk_sources_init(&src, 0);
  sk_sources_add(&src, name, text, len);
  sk_str_init(&err);
  sk_str_clear(out);
  sk_str_putn(out, "", 0);
  ok = checked ? sk_params4_parse(&src, name, &prog, &err) : sk_params4_translate(&src, name, &prog, &err);
  if (ok) {
    sk_program_print(out, &prog);
    sk_program_free(&prog);
  } else {
    sk_str_puts(out, err.data ? err.data : "(no message)");
  }
  sk_str_free(&err);
  sk_sources_free(&src);
  return ok;
}

/* Parses .ski text and prints it again; 1 on success with the text in *out. */
static int reparse_ski(const char *ski, sk_str *out)
{
  sk_sources src;
  sk_program prog;
  sk_str err;
  int ok;
  sk_sources_init(&src, 0);
  sk_sources_add(&src, "translation.ski", ski, strlen(ski));
  sk_str_init(&err);
  sk_str_clear(out);
  sk_str_putn(out, "", 0);
  ok = sk_parse_file(&src, "translation.ski", &prog, &err);
  if (ok) {
    sk_program_print(out, &prog);
    sk_program_free(&prog);
  } else {
    sk_str_puts(out, err.data ? err.data : "(no message)");
  }
  sk_str_free(&err);
  sk_sources_free(&src);
  return ok;
}

/* The first line where a and b differ, for messages. */
static void describe_difference(const char *got, const char *want, sk_str *d)
{
  int line = 1;
  const char *g = got, *w = want;
  while (*g && *g == *w) { if (*g == '\n') line++; g++; w++; }
  sk_str_printf(d, "differs at line %d\n--- got:\n%s--- expected:\n%s", line, got, want);
}

/* The lines of a NULL-terminated array as one text (C89 string literals are short). */
static void join_lines(const char *const *lines, sk_str *out)
{
  sk_str_clear(out);
  sk_str_putn(out, "", 0);
  for (; *lines; lines++) sk_str_puts(out, *lines);
}

/* The translation of `par_lines` must print as `ski_lines`; with `reparse` it must also
** parse as .ski (every measurement function in the catalogue) and print back to itself. */
static void golden_checked(const char *name, const char *const *par_lines, const char *const *ski_lines, int reparse)
{
  sk_str par, expected, out, again, d;
  sk_str_init(&par);
  sk_str_init(&expected);
  sk_str_init(&out);
  sk_str_init(&again);
  sk_str_init(&d);
  join_lines(par_lines, &par);
  join_lines(ski_lines, &expected);
  if (!translate_text("g.par", par.data, par.len, 0, &out)) {
    check(0, name, "%s", out.data ? out.data : "(null)");
  } else if (strcmp(out.data, expected.data) != 0) {
    describe_difference(out.data, expected.data, &d);
    check(0, name, "%s", d.data ? d.data : "(null)");
  } else {
    check(1, name, NULL);
    if (reparse) {
      sk_str_clear(&d);
      sk_str_printf(&d, "%s_reparse", name);
      if (!reparse_ski(out.data, &again)) check(0, d.data, "%s", again.data ? again.data : "(null)");
      else check(strcmp(again.data, out.data) == 0, d.data, "%s", again.data ? again.data : "(null)");
    }
  }
  sk_str_free(&par);
  sk_str_free(&expected);
  sk_str_free(&out);
  sk_str_free(&again);
  sk_str_free(&d);
}

static void golden(const char *name, const char *const *par_lines, const char *const *ski_lines)
{
  golden_checked(name, par_lines, ski_lines, 1);
}

static void error_case(const char *name, const char *par, const char *expected_prefix)
{
  sk_str out, d;
  sk_str_init(&out);
  sk_str_init(&d);
  if (translate_text("e.par", par, strlen(par), 1, &out)) {
    sk_str_printf(&d, "accepted, translation:\n%s", out.data);
    check(0, name, "%s", d.data ? d.data : "(null)");
  } else {
    sk_str_printf(&d, "got '%s', expected a message starting with '%s'", out.data, expected_prefix);
    check(strncmp(out.data, expected_prefix, strlen(expected_prefix)) == 0, name, "%s", d.data ? d.data : "(null)");
  }
  sk_str_free(&out);
  sk_str_free(&d);
}

/* ---- golden translations ---- */

static const char *const sections_par[] = {
  "# a comment before the first section\n",
  "\n",
  "@user  Jane \"JD\" Doe\n",
  "@MACHINE\n",
  "  cluster one\n",
  "  # a comment line inside a text section\n",
  "  tab\there\n",
  "@Comment first\n",
  "  second\n",
  "@OUTFILE out.sko\n",
  "@LOGFILE\n",
  "  run.log\n",
  "@POST yes\n",
  "@ABSOLUTE no\n",
  "@MEMORY 2mb\n",
  "@MAX_REP\n",
  "  40\n",
  "@MIN_REP 4   # a trailing comment\n",
  "@STANDARD_ERROR 0.125\n",
  "@CUT_QUANTILE 0.25\n",
  "@TIME_MEAS 0.5\n",
  "@TIME_SUITE 2\n",
  "@STEPS 12\n",
  "@MULTIPLE_OF 8\n",
  "@MEASUREMENTS\n",
  NULL
};

static const char *const sections_ski[] = {
  "output_comment(\"USER: Jane 'JD' Doe\")\n",
  "output_comment(\"MACHINE: cluster one\")\n",
  "output_comment(\"MACHINE: tab here\")\n",
  "output_comment(\"COMMENT: first\")\n",
  "output_comment(\"COMMENT: second\")\n",
  "output_comment(\"OUTFILE: out.sko (not used: skampi writes to the file given with -o)\")\n",
  "output_comment(\"LOGFILE: run.log (not used: skampi reports on standard error)\")\n",
  "output_comment(\"POSTPROC: yes (with yes merge_with_backups() merges the run with its earlier runs OUT.1, OUT.2, ... at the end, SKaLib 3.4)\")\n",
  "merge_with_backups()\n",
  "output_comment(\"ABSOLUTE: no (not used by skampi)\")\n",
  "set_skampi_buffer(2097152)\n",
  "set_max_repetitions(40)\n",
  "set_min_repetitions(4)\n",
  "set_max_relative_standard_error(0.125)\n",
  "set_cut_quantile(0.25)\n",
  "set_time_limit_per_measurement(30.0)\n",
  "set_time_limit_per_suite(120.0)\n",
  "set_autorefine_max_steps(12)\n",
  NULL
};

static const char *const memory_in_kib_par[] = {
  "@MEMORY 64\n",
  NULL
};

static const char *const memory_in_kib_ski[] = {
  "set_skampi_buffer(65536)\n",
  NULL
};

static const char *const empty_file_par[] = { NULL };

static const char *const empty_file_ski[] = { NULL };

static const char *const comments_only_par[] = {
  "# nothing\n\n   # at all\n",
  NULL
};

static const char *const comments_only_ski[] = { NULL };

static const char *const crlf_and_bom_par[] = {
  "\xEF\xBB\xBF@USER a\r\n@MAX_REP 5\r\n",
  NULL
};

static const char *const crlf_and_bom_ski[] = {
  "output_comment(\"USER: a\")\nset_max_repetitions(5)\n",
  NULL
};

static void test_sections(void)
{
  golden("sections", sections_par, sections_ski);
  golden("memory_in_kib", memory_in_kib_par, memory_in_kib_ski);
  golden("empty_file", empty_file_par, empty_file_ski);
  golden("comments_only", comments_only_par, comments_only_ski);
  golden("crlf_and_bom", crlf_and_bom_par, crlf_and_bom_ski);
}

/* Synthetic measurements: every setting key, Dynamic_linear, No_variation, Default_Value
** inheriting the @ sections, restoring after the block. */
static const char *const synthetic_par[] = {
  "@MAX_REP 20\n",
  "@MIN_REP 4\n",
  "@STANDARD_ERROR 0.5\n",
  "@CUT_QUANTILE 0.125\n",
  "@TIME_MEAS 1\n",
  "@TIME_SUITE 2\n",
  "@MAX_STEPS 40\n",
  "@MEASUREMENTS\n",
  "synthetic-log { Type = Synthetic_Virtual; Variation = Length; Scale = Fixed_log;\n",
  "  Start_Argument = 0; End_Argument = Max_Value; Stepwidth = 2; Max_Repetition = Default_Value; }\n",
  "synthetic-dyn   # the name, then '{' on the next line\n",
  "{\n",
  "  type = 90; variation = length; scale = dynamic_linear;\n",
  "  Start_Argument = 0; End_Argument = 4kb; Stepwidth = 512; Multiple_of = 16;\n",
  "  Max_Steps = 20; Min_Distance = 16; Max_Distance = 512; Max_Repetition = 12; Min_Repetition = 3;\n",
  "  Standard_error = 0.25; Cut_Quantile = 0; Time_Measurement = 0.25; Time_Suite = 2;\n",
  "  Node_Times = no; Default_Chunks = 0; Default_Message_length = 256;\n",
  "}\n",
  "synthetic fixed { Type = \"Synthetic_Busy\"; Variation = No_variation; Scale = Fixed_log;\n",
  "  Default_Message_length = 100; Max_Steps = 5; Min_Distance = 3; Node_Times = yes; }\n",
  NULL
};

static const char *const synthetic_ski[] = {
  "set_max_repetitions(20)\n",
  "set_min_repetitions(4)\n",
  "set_max_relative_standard_error(0.5)\n",
  "set_cut_quantile(0.125)\n",
  "set_time_limit_per_measurement(60.0)\n",
  "set_time_limit_per_suite(120.0)\n",
  "set_autorefine_max_steps(40)\n",
  "begin measurement \"synthetic-log\"\n",
  "  for length = 1 to ... step *2 do\n",
  "    measure comm(1) : Synthetic_Virtual(length, 5, 0.01, 8192, 100, 0.125)\n",
  "  od\n",
  "end measurement\n",
  "begin measurement \"synthetic-dyn\"\n",
  "  set_max_repetitions(12)\n",
  "  set_min_repetitions(3)\n",
  "  set_time_limit_per_measurement(15.0)\n",
  "  set_max_nr_node_times(0)\n",
  "  set_cut_quantile(0.0)\n",
  "  set_autorefine_max_steps(20)\n",
  "  set_autorefine_min_distance(16.0)\n",
  "  set_max_relative_standard_error(0.25)\n",
  "  autorefine length = 0 to 4096 step 512 multipleof 16 do\n",
  "    measure comm(1) : Synthetic_Virtual(length, 5, 0.01, 8192, 100, 0.125)\n",
  "  od\n",
  "end measurement\n",
  "set_min_repetitions(4)\n",
  "set_max_repetitions(20)\n",
  "set_max_relative_standard_error(0.5)\n",
  "set_cut_quantile(0.125)\n",
  "set_time_limit_per_measurement(60.0)\n",
  "set_autorefine_max_steps(40)\n",
  "set_autorefine_min_distance(0.0)\n",
  "set_max_nr_node_times(16)\n",
  "begin measurement \"synthetic fixed\"\n",
  "  measure comm(1) : Synthetic_Busy(100, 5, 0.01, 8192, 100, 0.125)\n",
  "end measurement\n",
  NULL
};

static void test_synthetic(void)
{
  golden("synthetic", synthetic_par, synthetic_ski);
}


/* @MPI_T and @PERUSE switch the instrumentation for the blocks that FOLLOW them: their
** calls land between the blocks in file order (settings sections stay at the top). */
static const char *const switches_par[] = {
  "@PERUSE yes\n",
  "@MEASUREMENTS\n",
  "before { Type = Synthetic_Busy; Variation = No_variation; Default_Message_length = 8; }\n",
  "@MPI_T yes\n",
  "@peruse   NO   # off again\n",
  "@MAX_REP 20\n",
  "@MEASUREMENTS\n",
  "second { Type = Synthetic_Busy; Variation = No_variation; Default_Message_length = 16; }\n",
  "third { Type = Synthetic_Busy; Variation = No_variation; Default_Message_length = 32; }\n",
  "@MPIT no\n",
  NULL
};

static const char *const switches_ski[] = {
  "set_max_repetitions(20)\n",
  "switch_peruse_on()\n",
  "begin measurement \"before\"\n",
  "  measure comm(1) : Synthetic_Busy(8, 5, 0.01, 8192, 100, 0.125)\n",
  "end measurement\n",
  "switch_mpit_on()\n",
  "switch_peruse_off()\n",
  "begin measurement \"second\"\n",
  "  measure comm(1) : Synthetic_Busy(16, 5, 0.01, 8192, 100, 0.125)\n",
  "end measurement\n",
  "begin measurement \"third\"\n",
  "  measure comm(1) : Synthetic_Busy(32, 5, 0.01, 8192, 100, 0.125)\n",
  "end measurement\n",
  "switch_mpit_off()\n",
  NULL
};

/* The location of the n-th top-level statement's call of the translation of `par`
** (via sk_params4_parse: the helpers exist with these arguments), "name@line:col". */
static void top_call_at(const char *par, size_t n, sk_str *out)
{
  sk_sources src;
  sk_program prog;
  sk_str err;
  sk_sources_init(&src, 0);
  sk_sources_add(&src, "r.par", par, strlen(par));
  sk_str_init(&err);
  sk_str_clear(out);
  sk_str_putn(out, "", 0);
  if (!sk_params4_parse(&src, "r.par", &prog, &err)) {
    sk_str_puts(out, err.data ? err.data : "(no message)");
  } else {
    if (n < prog.top.n && prog.top.items[n]->kind == S_CALL) {
      const sk_expr *e = prog.top.items[n]->expr;
      sk_str_printf(out, "%s@%d:%d", e->name, e->loc.line, e->loc.col);
    }
    sk_program_free(&prog);
  }
  sk_str_free(&err);
  sk_sources_free(&src);
}

static void test_switches(void)
{
  sk_str at;
  golden("instrumentation_switches", switches_par, switches_ski);
  sk_str_init(&at);
  /* the call carries the section value's location: a build without the option refuses
  ** `yes` there with the helper's message (tests/integration/mpit.sh and tests/peruse/run.sh run it) */
  top_call_at("@PERUSE yes\n", 0, &at);
  check(sk_streq(at.data, "switch_peruse_on@1:9"), "switch_peruse_located", "%s", at.data);
  top_call_at("@COMMENT x\n  @mpi_t   no\n", 1, &at);
  check(sk_streq(at.data, "switch_mpit_off@2:12"), "switch_mpit_located", "%s", at.data);
  sk_str_free(&at);
}

/* The MPI types: p2p, collectives over length and nodes, reductions, Max_Value bounds
** of Dynamic scales, master-worker. Translation only (no catalogue needed). */
static const char *const mpi_types_par[] = {
  "@MEMORY 64\n",
  "@MEASUREMENTS\n",
  "pingpong { Type = MPI_Send-MPI_Recv; Variation = Length; Scale = Fixed_log; Start_Argument = 0;\n",
  "  End_Argument = Max_Value; Stepwidth = 4; }\n",
  "sendrecv { Type = 8; Variation = No_variation; Default_Message_length = 64; }\n",
  "bcast { Type = MPI_Bcast; Variation = Length; Scale = Dynamic_log; End_Argument = Max_Value;\n",
  "  Stepwidth = 2; }\n",
  "gather { Type = Gather; Variation = Length; Scale = Dynamic_log; Default_Nodes = 3;\n",
  "  Stepwidth = 2; Multiple_of = 100; }\n",
  "alltoall { Type = MPI_Alltoall; Variation = Length; Scale = Dynamic_linear; Start_Argument = 0;\n",
  "  Stepwidth = 1024; Multiple_of = 8; }\n",
  "barrier { Type = MPI_Barrier; Variation = Nodes; Scale = Fixed_linear; Start_Argument = 0;\n",
  "  End_Argument = Max_Value; Stepwidth = 1; }\n",
  "bcast-nodes { Type = 30; Variation = Nodes; Scale = Dynamic_log; Stepwidth = 2;\n",
  "  Default_Message_length = 1kb; }\n",
  "reduce { Type = MPI_Reduce; Variation = No_variation; Default_Message_length = 1000;\n",
  "  Default_Nodes = Max_Value; }\n",
  "scan { Type = MPI_Scan; Variation = Length; Scale = Fixed_linear; Start_Argument = 0;\n",
  "  End_Argument = 96; Stepwidth = 8; Multiple_of = 6; Default_Nodes = 2; }\n",
  "master-worker { Type = Master_Worker; Variation = Chunks; Scale = Fixed_log; Start_Argument = 0;\n",
  "  End_Argument = 64; Stepwidth = 4; Default_Message_length = 100; }\n",
  "master-worker-length { Type = 20; Variation = Length; Scale = Fixed_log; End_Argument = 1kb;\n",
  "  Stepwidth = 4; Default_Chunks = 0; }\n",
  NULL
};

static const char *const mpi_types_ski[] = {
  "set_skampi_buffer(65536)\n",
  "comm_pt2pt = comm2_max_latency_with_root()\n",
  "begin measurement \"pingpong\"\n",
  "  for length = 1 to ... step *4 do\n",
  "    measure comm_pt2pt : Pingpong_Send_Recv(length, MPI_BYTE, 0, 1)\n",
  "  od\n",
  "end measurement\n",
  "begin measurement \"sendrecv\"\n",
  "  measure comm_pt2pt : Pingpong_Sendrecv(64, MPI_BYTE, 0, 64, MPI_BYTE, 0, 1)\n",
  "end measurement\n",
  "begin measurement \"bcast\"\n",
  "  autorefine length = 1 to 32736 step *2 do\n",
  "    measure MPI_COMM_WORLD : Bcast(length, MPI_BYTE, 0)\n",
  "  od\n",
  "end measurement\n",
  "begin measurement \"gather\"\n",
  "  autorefine length = 1 to 16300 step *2 multipleof 100 do\n",
  "    measure comm(3) : Gather(length, MPI_BYTE, length, MPI_BYTE, 0)\n",
  "  od\n",
  "end measurement\n",
  "begin measurement \"alltoall\"\n",
  "  autorefine length = 0 to 65472 / (2 * get_np()) / 8 * 8 step 1024 multipleof 8 do\n",
  "    measure MPI_COMM_WORLD : Alltoall(length, MPI_BYTE, length, MPI_BYTE)\n",
  "  od\n",
  "end measurement\n",
  "begin measurement \"barrier\"\n",
  "  for nodes = 2 to get_np() step 1 do\n",
  "    measure comm(nodes) : Barrier()\n",
  "  od\n",
  "end measurement\n",
  "begin measurement \"bcast-nodes\"\n",
  "  autorefine nodes = 2 to get_np() step *2 do\n",
  "    measure comm(nodes) : Bcast(1024, MPI_BYTE, 0)\n",
  "  od\n",
  "end measurement\n",
  "begin measurement \"reduce\"\n",
  "  measure MPI_COMM_WORLD : Reduce(250, MPI_INT, MPI_SUM, 0)\n",
  "end measurement\n",
  "begin measurement \"scan\"\n",
  "  for length = 0 to 96 step 8 multipleof 12 do\n",
  "    measure comm(2) : Scan(length / 4, MPI_INT, MPI_SUM)\n",
  "  od\n",
  "end measurement\n",
  "begin measurement \"master-worker\"\n",
  "  for chunks = 1 to 64 step *4 do\n",
  "    measure MPI_COMM_WORLD : Master_Worker(chunks, 100, 0)\n",
  "  od\n",
  "end measurement\n",
  "begin measurement \"master-worker-length\"\n",
  "  for length = 1 to 1024 step *4 do\n",
  "    measure MPI_COMM_WORLD : Master_Worker(64, length, 0)\n",
  "  od\n",
  "end measurement\n",
  NULL
};

/* Every type the reader accepts names a registry row with matching parameters: the
** checked parse (sk_params4_parse, the catalogue check) accepts a block of each. */
static void test_every_type_has_a_row(void)
{
  int i, bad = 0;
  sk_str par, out;
  for (i = 0; p4_types[i].skampi4_name; i++) {
    sk_str_init(&par);
    sk_str_init(&out);
    sk_str_printf(&par, "@MEASUREMENTS\nX { Type = %d; Variation = No_variation; }\n", p4_types[i].number);
    if (!translate_text("t.par", par.data, par.len, 1, &out)) {
      bad++;
      check(0, "every_type_has_a_row", "Type %d (%s): %s", p4_types[i].number, p4_types[i].skampi4_name, out.data);
    }
    sk_str_free(&par);
    sk_str_free(&out);
  }
  if (!bad) check(i >= 40, "every_type_has_a_row", "only %d types", i);
}

/* A master-worker variant of SKaMPI 4 (SKaLib report §7.8): Type MW_Waitsome. */
static const char *const waitsome_par[] = {
  "@MEASUREMENTS\n",
  "waitsome { Type = MW_Waitsome; Variation = Nodes; Scale = Fixed_linear; Default_Chunks = 7; }\n",
  NULL
};
static const char *const waitsome_ski[] = {
  "begin measurement \"waitsome\"\n",
  "  for nodes = 2 to get_np() step 1 do\n",
  "    measure comm(nodes) : Master_Worker_Waitsome(7, 256, 0)\n",
  "  od\n",
  "end measurement\n",
  NULL
};

static void test_mpi_types(void)
{
  golden("mpi_types", mpi_types_par, mpi_types_ski);
  golden_checked("master_worker_waitsome", waitsome_par, waitsome_ski, 1);
  test_every_type_has_a_row();
}

/* The block of SKaLib report (TR 99/07) §6.2, verbatim: type 50 is its new measurement, a ping with
** MPI_Send, i.e. SKaMPI 5's Send. */
static const char *const seed_000_section_6_2_par[] = {
  "@MEASUREMENTS\n",
  "MPI_Send\n",
  "{\n",
  "    Type = 50;\n",
  "    Variation = Length;\n",
  "    Scale = Dynamic_log;\n",
  "    Max_Repetition = Default_Value;\n",
  "    Min_Repetition = Default_Value;\n",
  "    Multiple_of = Default_Value;\n",
  "    Time_Measurement = Default_Value;\n",
  "    Time_Suite = Default_Value;\n",
  "    Node_Times = yes;\n",
  "    Cut_Quantile = Default_Value;\n",
  "    Default_Chunks = 0;\n",
  "    Default_Message_length = 256;\n",
  "    Start_Argument = 0;\n",
  "    End_Argument = Max_Value;\n",
  "    Stepwidth = 1.5;\n",
  "    Max_Steps = Default_Value;\n",
  "    Min_Distance = 2;\n",
  "    Max_Distance = 512;\n",
  "    Standard_error = Default_Value;\n",
  "}\n",
  NULL
};

static const char *const seed_000_section_6_2_ski[] = {
  "comm_pt2pt = comm2_max_latency_with_root()\n",
  "begin measurement \"MPI_Send\"\n",
  "  set_autorefine_min_distance(2.0)\n",
  "  autorefine length = 1 to 65472 step *1.5 do\n",
  "    measure comm_pt2pt : Send(length, MPI_BYTE, 0)\n",
  "  od\n",
  "end measurement\n",
  "set_autorefine_min_distance(0.0)\n",
  NULL
};

static void test_seed_example(void)
{
  golden("seed_000_section_6_2", seed_000_section_6_2_par, seed_000_section_6_2_ski);
}

/* ---- errors ---- */

#define M "@MEASUREMENTS\n"

static void test_errors(void)
{
  sk_sources src;
  sk_program prog;
  sk_str err;
  static const char with_nul[] = "@USER a\n@U\0ER b\n";
  /* sections */
  error_case("err_text_before_section", "junk\n@USER x\n", "e.par:1:1: text before the first section");
  error_case("err_unknown_section", "@USER a\n  @FOO b\n", "e.par:2:3: unknown section '@FOO' (known: @USER");
  error_case("err_empty_section_name", "@ x\n", "e.par:1:1: unknown section '@'");
  error_case("err_section_twice", "@MAX_REP 3\n@max_rep 4\n", "e.par:2:1: section @MAX_REP given twice (first at line 1)");
  error_case("err_alias_twice", "@POSTPROC no\n@POST yes\n", "e.par:2:1: section @POSTPROC given twice (first at line 1)");
  error_case("err_section_no_value", "@MAX_REP\n@USER x\n", "e.par:1:1: section @MAX_REP needs a value");
  error_case("err_section_bad_value", "@MAX_REP 0\n", "e.par:1:10: bad value '0' for @MAX_REP: expected a whole number >= 1");
  error_case("err_section_default_value", "@MIN_REP Default_Value\n", "e.par:1:10: bad value 'Default_Value' for @MIN_REP");
  error_case("err_section_fraction", "@MAX_STEPS 2.5\n", "e.par:1:12: bad value '2.5' for @MAX_STEPS");
  error_case("err_section_two_values", "@MIN_REP 3\n  4\n", "e.par:2:3: unexpected '4' after the value of @MIN_REP");
  error_case("err_section_punctuation", "@MIN_REP = 3\n", "e.par:1:10: unexpected '=' in section @MIN_REP");
  error_case("err_min_above_max", "@MIN_REP 9\n@MAX_REP 4\n", "e.par:2:10: @MIN_REP 9 is larger than @MAX_REP 4");
  error_case("err_memory_suffix", "@MEMORY 12q\n", "e.par:1:9: bad value '12q' for @MEMORY");
  error_case("err_memory_zero", "@MEMORY 0\n", "e.par:1:9: bad value '0' for @MEMORY");
  error_case("err_memory_overflow", "@MEMORY 99999999999999999999999\n", "e.par:1:9: bad value");
  error_case("err_cut_quantile", "@CUT_QUANTILE 0.5\n", "e.par:1:15: bad value '0.5' for @CUT_QUANTILE: expected a number >= 0 and < 0.5");
  error_case("err_negative_time", "@TIME_MEAS -1\n", "e.par:1:12: bad value '-1' for @TIME_MEAS");
  error_case("err_huge_time", "@TIME_SUITE 1e300\n", "e.par:1:13: bad value '1e300' for @TIME_SUITE");
  error_case("err_not_a_number", "@STANDARD_ERROR 0x10\n", "e.par:1:17: bad value '0x10' for @STANDARD_ERROR");
  error_case("err_yes_no", "@POSTPROC perhaps\n", "e.par:1:11: bad value 'perhaps' for @POSTPROC: expected yes or no");
  error_case("err_switch_value", "@PERUSE on\n", "e.par:1:9: bad value 'on' for @PERUSE: expected yes or no");
  error_case("err_switch_no_value", "@MPI_T\n", "e.par:1:1: section @MPI_T needs a value");
  error_case("err_outfile_empty", "@OUTFILE\n@USER x\n", "e.par:1:1: section @OUTFILE needs a file name");
  /* measurement blocks */
  error_case("err_unknown_key", M "X { Typ = 1; }\n", "e.par:2:5: unknown key 'Typ' in measurement 'X' (known keys: Type, Variation,");
  error_case("err_missing_equals", M "X { Type 1; }\n", "e.par:2:10: expected '=' after Type, found '1'");
  error_case("err_missing_semicolon", M "X { Type = 1 }\n", "e.par:2:14: expected ';' after the value of Type, found '}'");
  error_case("err_missing_value", M "X { Type = ; }\n", "e.par:2:12: expected a value after 'Type =', found ';'");
  error_case("err_missing_brace_eof", M "X {\n  Type = 1;\n", "e.par:4:1: end of file before the '}' closing measurement 'X' (opened at line 2)");
  error_case("err_missing_brace_section", M "X {\n  Type = 1;\n@USER u\n", "e.par:4:1: new section before the '}' closing measurement 'X' (opened at line 2)");
  error_case("err_missing_semicolon_eof", M "X { Type = 1", "e.par:2:13: expected ';' after the value of Type, found the end of the file");
  error_case("err_stray_brace", M "}\n", "e.par:2:1: '}' without a matching '{'");
  error_case("err_no_name", M "{ Type = 1; }\n", "e.par:2:1: expected the name of a measurement, found '{'");
  error_case("err_name_then_key", M "X\n Type = 1;\n", "e.par:3:2: expected '{' after the measurement name 'X', found 'Type'");
  error_case("err_name_at_end", M "X\n", "e.par:3:1: expected '{' after the measurement name 'X', found the end of the file");
  error_case("err_name_quote", M "A\"B { Type = 1; }\n", "e.par:2:1: a measurement name cannot contain '\"'");
  error_case("err_name_twice", M "X { Type = 31; Variation = No_variation; }\nX { Type = 31; Variation = No_variation; }\n",
             "e.par:3:1: measurement 'X' defined twice (first at line 2)");
  error_case("err_key_twice", M "X { Type = 1;\n  type = 2; }\n", "e.par:3:3: Type given twice in measurement 'X' (first at line 2)");
  error_case("err_unknown_type", M "X { Type = MPI_Foo; }\n", "e.par:2:12: unknown measurement type 'MPI_Foo'");
  error_case("err_unknown_type_number", M "X { Type = 99; }\n", "e.par:2:12: unknown measurement type '99'");
  error_case("err_bad_variation", M "X { Variation = Size; }\n", "e.par:2:17: bad value 'Size' for Variation: expected Length, Nodes, Chunks or No_variation");
  error_case("err_bad_scale", M "X { Scale = Fixed; }\n", "e.par:2:13: bad value 'Fixed' for Scale: expected Fixed_linear, Fixed_log, Dynamic_linear or Dynamic_log");
  error_case("err_bad_yes_no", M "X { Node_Times = maybe; }\n", "e.par:2:18: bad value 'maybe' for Node_Times: expected yes or no");
  error_case("err_bad_repetitions", M "X { Max_Repetition = 0; }\n", "e.par:2:22: bad value '0' for Max_Repetition: expected a whole number >= 1 or Default_Value");
  error_case("err_max_value_not_allowed", M "X { Max_Repetition = Max_Value; }\n", "e.par:2:22: bad value 'Max_Value' for Max_Repetition");
  error_case("err_whole_number", M "X { Start_Argument = 2.0; }\n", "e.par:2:22: bad value '2.0' for Start_Argument: expected a whole number >= 0 or Default_Value");
  error_case("err_end_expected", M "X { End_Argument = -3; }\n", "e.par:2:20: bad value '-3' for End_Argument: expected a whole number >= 0, Max_Value or Default_Value");
  error_case("err_count_too_large", M "X { Default_Message_length = 4gb; }\n", "e.par:2:30: bad value '4gb' for Default_Message_length");
  error_case("err_no_type", M "X { Variation = No_variation; }\n", "e.par:2:1: measurement 'X' has no Type");
  error_case("err_no_variation", M "X { Type = 1; }\n", "e.par:2:1: measurement 'X' has no Variation");
  error_case("err_no_scale", M "X { Type = 1; Variation = Length; }\n", "e.par:2:1: measurement 'X' varies over Length but has no Scale");
  error_case("err_length_of_barrier", M "X { Type = MPI_Barrier; Variation = Length; Scale = Fixed_log; }\n",
             "e.par:2:37: Type MPI_Barrier has no message length: use Variation = Nodes or No_variation");
  error_case("err_nodes_of_pingpong", M "X { Type = 1; Variation = Nodes; Scale = Fixed_log; }\n",
             "e.par:2:27: Variation = Nodes is not possible with Type MPI_Send-MPI_Recv (it always uses two processes)");
  error_case("err_nodes_of_simple", M "X { Type = 90; Variation = Nodes; Scale = Fixed_log; }\n",
             "e.par:2:28: Variation = Nodes is not possible with Type Synthetic_Virtual (it runs on one process)");
  error_case("err_chunks_of_bcast", M "X { Type = 30; Variation = Chunks; Scale = Fixed_log; }\n",
             "e.par:2:28: Variation = Chunks needs a master-worker Type, not MPI_Bcast");
  error_case("err_chunks_without_end", M "X { Type = 20; Variation = Chunks; Scale = Fixed_log; End_Argument = Max_Value; }\n",
             "e.par:2:70: Variation = Chunks needs a number as End_Argument");
  error_case("err_log_step", M "X { Type = 1; Variation = Length; Scale = Dynamic_log; Stepwidth = 1; }\n",
             "e.par:2:68: Stepwidth must be larger than 1 with a logarithmic Scale");
  error_case("err_linear_step", M "X { Type = 1; Variation = Length; Scale = Fixed_linear; Stepwidth = 1.5; }\n",
             "e.par:2:69: Stepwidth must be a whole number >= 1 with a linear Scale");
  error_case("err_zero_step", M "X { Stepwidth = 0; }\n", "e.par:2:17: bad value '0' for Stepwidth: expected a number > 0 or Default_Value");
  error_case("err_end_before_start", M "X { Type = 30; Variation = Nodes; Scale = Fixed_linear; End_Argument = 1; }\n",
             "e.par:2:72: End_Argument 1 is smaller than the first value 2 of the nodes loop");
  error_case("err_block_min_above_max", M "X { Type = 90; Variation = No_variation;\n  Max_Repetition = 4; Min_Repetition = 9; }\n",
             "e.par:3:40: minimum repetitions 9 are more than the maximum 4 in measurement 'X'");
  error_case("err_block_min_above_section", "@MAX_REP 5\n" M "X { Type = 90; Variation = No_variation; Min_Repetition = 6; }\n",
             "e.par:3:59: minimum repetitions 6 are more than the maximum 5 in measurement 'X'");
  error_case("err_start_beyond_buffer", "@MEMORY 1\n" M "X { Type = 30; Variation = Length; Scale = Dynamic_log; Start_Argument = 1000; }\n",
             "e.par:3:74: the first message length 1000 is larger than 480, the longest whose buffers fit into the buffer of 1024 bytes");

  /* a NUL byte, and a file that cannot be had */
  sk_sources_init(&src, 0);
  sk_sources_add(&src, "nul.par", with_nul, sizeof with_nul - 1);
  sk_str_init(&err);
  check(!sk_params4_parse(&src, "nul.par", &prog, &err) && strncmp(err.data, "nul.par:2:3: the file contains a NUL byte", 41) == 0,
        "err_nul_byte_real", "%s", err.data ? err.data : "(null)");
  check(prog.top.n == 0, "err_leaves_empty_program", "the program must be empty after an error");
  sk_str_clear(&err);
  check(!sk_params4_translate(&src, "missing.par", &prog, &err) &&
        strcmp(err.data, "skampi: file 'missing.par' was not distributed with the input") == 0, "err_missing_file", "%s", err.data ? err.data : "(null)");
  sk_str_free(&err);
  sk_sources_free(&src);
}

/* ---- detection ---- */

static void test_detect(void)
{
  check(sk_params4_detect("x.par", NULL), "detect_par_name", NULL);
  check(sk_params4_detect("dir/X.PAR", "begin measurement"), "detect_par_name_any_case", NULL);
  check(sk_params4_detect("x.ski", "# comment\n\n  @USER me\n"), "detect_section_first", NULL);
  check(sk_params4_detect(NULL, "\xEF\xBB\xBF\r\n@MEASUREMENTS\n"), "detect_bom_crlf", NULL);
  check(!sk_params4_detect("x.ski", "@include \"a.ski\"\n@USER x\n"), "detect_not_include", NULL);
  check(!sk_params4_detect("x.ski", "# c\nset_min_repetitions(3)\n@USER\n"), "detect_ski", NULL);
  check(!sk_params4_detect("x.ski", ""), "detect_empty", NULL);
  check(!sk_params4_detect("par", NULL), "detect_short_name", NULL);
  check(sk_params4_detect("x", "@includes\n"), "detect_include_prefix_is_a_section", NULL);
}

/* ---- the example file: checked parse, round trip, locations ---- */

static char *read_file(const char *path, size_t *len)
{
  sk_sources src;
  const sk_source *s;
  sk_str err;
  char *copy = NULL;
  sk_sources_init(&src, 1);
  sk_str_init(&err);
  s = sk_sources_get(&src, path, &err);
  if (s) {
    copy = sk_strndup(s->text, s->len);
    *len = s->len;
  }
  sk_str_free(&err);
  sk_sources_free(&src);
  return copy;
}

static int count_lines(const char *text)
{
  int n = 1;
  for (; *text; text++) if (*text == '\n') n++;
  return n;
}

static int loc_ok(const sk_loc *loc, const char *file, int lines)
{
  return loc->file != NULL && sk_streq(loc->file, file) && loc->line >= 1 && loc->line <= lines && loc->col >= 1;
}

static int expr_locs_ok(const sk_expr *e, const char *file, int lines)
{
  int i;
  if (e == NULL) return 1;
  if (!loc_ok(&e->loc, file, lines)) return 0;
  for (i = 0; i < e->noperands; i++) if (!expr_locs_ok(e->operands[i], file, lines)) return 0;
  return 1;
}

static int block_locs_ok(const sk_block *b, const char *file, int lines)
{
  size_t i;
  for (i = 0; i < b->n; i++) {
    const sk_stmt *s = b->items[i];
    if (!loc_ok(&s->loc, file, lines) || !expr_locs_ok(s->expr, file, lines) || !expr_locs_ok(s->call, file, lines) ||
        !expr_locs_ok(s->from, file, lines) || !expr_locs_ok(s->to, file, lines) ||
        !expr_locs_ok(s->step, file, lines) || !expr_locs_ok(s->multiple_of, file, lines) ||
        !block_locs_ok(&s->body, file, lines))
      return 0;
  }
  return 1;
}

static const char example_path[] = "ski/skampi4_example.par";

static void test_example_file(void)
{
  size_t len = 0;
  char *text = read_file(example_path, &len);
  sk_sources src;
  sk_program prog;
  sk_str err, printed, again;
  int ok, lines;
  if (text == NULL) {
    check(0, "example_read", "cannot read ski/skampi4_example.par (run the test from the project root)");
    return;
  }
  check(sk_params4_detect(example_path, text) && sk_params4_detect(NULL, text), "example_detected", NULL);
  lines = count_lines(text);
  sk_sources_init(&src, 0);
  sk_sources_add(&src, example_path, text, len);
  sk_str_init(&err);
  sk_str_init(&printed);
  sk_str_init(&again);
  ok = sk_params4_parse(&src, example_path, &prog, &err);
  check(ok, "example_parse_checked", "%s", err.data ? err.data : "(null)");
  if (ok) {
    int i, blocks = 0;
    for (i = 0; i < (int)prog.top.n; i++) if (prog.top.items[i]->kind == S_MEASUREMENT) blocks++;
    check(blocks >= 4, "example_has_blocks", "at least 4 measurement blocks expected");
    check(block_locs_ok(&prog.top, example_path, lines), "example_locations_in_par_file",
          "a node's location does not point into the parameter file");
    sk_program_print(&printed, &prog);
    sk_program_free(&prog);
    ok = reparse_ski(printed.data, &again);
    check(ok, "example_round_trip_parses", "%s", again.data ? again.data : "(null)");
    if (ok) check(strcmp(printed.data, again.data) == 0, "example_round_trip_identical", "%s", again.data ? again.data : "(null)");
  }
  sk_str_free(&err);
  sk_str_free(&printed);
  sk_str_free(&again);
  sk_sources_free(&src);
  free(text);
}

/* ---- running a translation ---- */

static int file_contains(const char *path, const char *needle)
{
  size_t len = 0;
  char *text = read_file(path, &len);
  int found = text != NULL && strstr(text, needle) != NULL;
  free(text);
  return found;
}

static void test_run_synthetic(void)
{
  static const char out_path[] = "test_params4_run.sko";
  sk_sources src;
  sk_program prog;
  sk_interp in;
  sk_str err;
  char backup[256];
  sk_str par;
  sk_str_init(&par);
  join_lines(synthetic_par, &par);
  sk_sources_init(&src, 0);
  sk_sources_add(&src, "run.par", par.data, par.len);
  sk_str_free(&par);
  sk_str_init(&err);
  if (!sk_params4_parse(&src, "run.par", &prog, &err)) {
    check(0, "run_synthetic_parse", "%s", err.data ? err.data : "(null)");
  } else {
    remove(out_path);
    if (!sk_out_open(out_path, &err, backup, sizeof backup)) {
      check(0, "run_synthetic_open", "%s", err.data ? err.data : "(null)");
    } else {
      sk_interp_init(&in);
      sk_interp_run(&in, &prog);
      sk_interp_free(&in);
      sk_out_close();
      check(file_contains(out_path, "# begin result \"synthetic-log\"\n") &&
            file_contains(out_path, "\nlength= 1 ") &&
            file_contains(out_path, "length= 65536") &&
            file_contains(out_path, "# end result \"synthetic-dyn\"") &&
            file_contains(out_path, "# begin result \"synthetic fixed\"\n"),
            "run_synthetic_output", "the output lacks the expected blocks or lines");
      check(in.settings.asec.max_reps == 20 && in.settings.max_node_times == 16 &&
            in.settings.apr.min_distance == 0.0, "run_synthetic_settings_restored",
            "settings after the last block differ from the @ sections");
    }
    remove(out_path);
    sk_program_free(&prog);
  }
  sk_str_free(&err);
  sk_sources_free(&src);
}

/* ---- mutations: never crash, always a translation that parses or a located message ---- */

static unsigned long fuzz_state = 12345;

static unsigned long fuzz_next(void)
{
  fuzz_state = (fuzz_state * 1103515245UL + 12345UL) & 0x7fffffffUL;
  return fuzz_state >> 4;
}

static void test_mutations(void)
{
  static const char interesting[] = "{}=;#@\"\n \t0123456789.-_aZ";
  size_t len = 0;
  char *text = read_file(example_path, &len);
  sk_str work, out, again;
  int iteration, accepted = 0, rejected = 0, bad = 0;
  char detail[200];
  if (text == NULL) { check(0, "mutations", "cannot read the example"); return; }
  sk_str_init(&work);
  sk_str_init(&out);
  sk_str_init(&again);
  detail[0] = '\0';
  for (iteration = 0; iteration < 3000; iteration++) {
    int edits = 1 + (int)(fuzz_next() % 4), e;
    sk_str_clear(&work);
    sk_str_putn(&work, text, len);
    for (e = 0; e < edits && work.len > 0; e++) {
      size_t at = fuzz_next() % work.len, n = 1 + fuzz_next() % 12;
      switch (fuzz_next() % 5) {
      case 0: work.data[at] = interesting[fuzz_next() % (sizeof interesting - 1)]; break;
      case 1: work.data[at] = (char)(1 + fuzz_next() % 255); break;
      case 2:                                      /* delete n bytes */
        if (at + n > work.len) n = work.len - at;
        memmove(work.data + at, work.data + at + n, work.len - at - n + 1);
        work.len -= n;
        break;
      case 3: {                                    /* duplicate n bytes */
        char *copy;
        if (at + n > work.len) n = work.len - at;
        copy = sk_strndup(work.data + at, n);
        sk_str_putn(&work, "", 0);
        work.data = (char *)sk_grow(work.data, &work.cap, work.len + n + 1, 1);
        memmove(work.data + at + n, work.data + at, work.len - at + 1);
        memcpy(work.data + at, copy, n);
        work.len += n;
        free(copy);
        break;
      }
      default: work.len = at; work.data[at] = '\0'; break;   /* truncate */
      }
    }
    if (translate_text("fuzz.par", work.data, work.len, 1, &out)) {
      accepted++;
      if (!reparse_ski(out.data, &again) || strcmp(again.data, out.data) != 0) {
        bad++;
        if (!detail[0]) sprintf(detail, "iteration %d: accepted, but the translation does not round-trip", iteration);
      }
    } else {
      rejected++;
      if (strncmp(out.data, "fuzz.par:", 9) != 0 || out.data[9] < '1' || out.data[9] > '9') {
        bad++;
        if (!detail[0]) sprintf(detail, "iteration %d: message without location: %.100s", iteration, out.data);
      }
    }
  }
  sprintf(detail + strlen(detail), " (%d accepted, %d rejected)", accepted, rejected);
  check(bad == 0 && accepted > 0 && rejected > 0, "mutations", "%s", detail);
  sk_str_free(&work);
  sk_str_free(&out);
  sk_str_free(&again);
  free(text);
}

int main(int argc, char **argv)
{
  sk_tp_start(&argc, &argv);
  test_sections();
  test_synthetic();
  test_switches();
  test_mpi_types();
  test_seed_example();
  test_errors();
  test_detect();
  test_example_file();
  test_run_synthetic();
  test_mutations();
  return check_summary("test_params4");
}
