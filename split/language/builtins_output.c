/*
** builtins_output.c -- the output and environment helpers: output_comment, get_env,
** get_thread_level, mpi_processor_names, merge_with_backups, and the time accounting of the run record
** (init_time_accounting, print_time_accounting_info; sk_bctx.run).
*/
#include "builtins.h"
#include "builtins_common.h"
#include "output.h"

/* get_env(name): the value with "/" appended, as SKaMPI 5 does (meant for directories);
** "/" alone when the variable is not set. */
static sk_value bi_get_env(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  const char *e = getenv(a[0].u.s);
  sk_str s;
  sk_value v;
  (void)bc; (void)loc;
  sk_str_init(&s);
  sk_str_printf(&s, "%s/", e ? e : "");
  v = sk_bi_string(s.data);
  sk_str_free(&s);
  return v;
}

/* get_thread_level(): the thread level the MPI library granted (SKAMPI_THREAD_LEVEL,
** transport.h): 0 single, 1 funneled, 2 serialized, 3 multiple; -1 where it is unknown
** (the MPI-1 build, the backends without MPI). An input may measure the threaded rows
** only at 3. */
static sk_value bi_get_thread_level(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)a; (void)loc;
#ifdef SKAMPI_MPI
  return sk_int_value(sk_tp_thread_granted() >= SK_THREAD_SINGLE ? sk_tp_thread_granted() : -1);
#else
  return sk_int_value(-1);
#endif
}

/* mpi_processor_names(): this process's "# rank NNNNNN: <host>". */
static sk_value bi_mpi_processor_names(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  char name[256];
  sk_str s;
  sk_value v;
  (void)bc; (void)a; (void)loc;
  sk_tp_processor_name(name, sizeof name);
  sk_str_init(&s);
  sk_str_printf(&s, "# rank %06d: %s", sk_tp_world_rank(), name);
  v = sk_bi_string(s.data);
  sk_str_free(&s);
  return v;
}

static sk_value bi_init_time_accounting(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  bc->run->time_accounting = 1;
  bc->run->time_in_measurements = 0.0;
  bc->run->run_started = sk_tp_wtime();
  return sk_bi_none();
}

static sk_value bi_print_time_accounting_info(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  if (sk_tp_world_rank() == 0)   /* the others read no clock (simulated time under SimGrid) */
    sk_bi_print_rank0("# time accounting: %.3f s in %ld measurements, %.3f s in total\n",
                      bc->run->time_in_measurements, bc->run->measurements, sk_tp_wtime() - bc->run->run_started);
  return sk_bi_none();
}

/* output_comment("text"): a '# text' line in the output (SKaMPI 4's free-text
** sections USER, MACHINE, ... land in the output this way). */
static sk_value bi_output_comment(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)loc;
  sk_bi_print_rank0("# %s\n", a[0].u.s);
  return sk_bi_none();
}

/* merge_with_backups(): when the run has finished, its output file and the earlier runs
** kept as OUT.1, OUT.2, ... are merged into OUT (SKaLib §3.4.3, SKaMPI 4's post
** processing; @POSTPROC yes in a parameter file calls it); the run stays as a backup. */
static sk_value bi_merge_with_backups(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  bc->run->merge_backups = 1;
  return sk_bi_none();
}

/* its helpers, under the groups that skampi -l lists them by */
static const sk_builtin output_helpers[] = {
  SK_BUILTIN_GROUP("output and environment"),
  { "output_comment", "s", SK_T_NONE, bi_output_comment, 0 },
  { "merge_with_backups", "", SK_T_NONE, bi_merge_with_backups, 0 },
  { "get_env", "s", SK_T_STRING, bi_get_env, 0 },
  { "get_thread_level", "", SK_T_INT, bi_get_thread_level, 0 },
  { "mpi_processor_names", "", SK_T_STRING, bi_mpi_processor_names, 0 },
  { "init_time_accounting", "", SK_T_NONE, bi_init_time_accounting, 0 },
  { "print_time_accounting_info", "", SK_T_NONE, bi_print_time_accounting_info, 0 },
  SK_BUILTINS_END
};

SK_API const sk_builtin *sk_builtins_output(void) { return output_helpers; }
