/*
** tests/unit/test_helpers.c -- the helper functions and predefined names of the input
** language (SKaMPI 5 manual §4.1), evaluated through the interpreter on the sequential
** backend: mathematics, communicators (MPI_COMM_NULL, comm4, comm_from_to, comm_rand),
** the reproducible random numbers, strings, the settings the set_ helpers store, and
** skampi -l's listing of the helpers by their tables' groups.
** Build as tests/run.sh does:
**   tools/sk21f tests/out/skampi_amalgam.c
**   cc -std=c89 -pedantic -Wall -Wextra -DSKAMPI_SEQ -DSKAMPI_TESTING -Itests/out \
**      -o t tests/unit/test_helpers.c -lm
*/
#define main skampi_main
#include "skampi_amalgam.c"
#undef main
#include "check.h"

static int parse_text(const char *text, sk_program *prog, sk_str *err)
{
  sk_sources src;
  sk_sources_init(&src, 0);
  sk_sources_add(&src, "t.ski", text, strlen(text));
  return sk_parse_file(&src, "t.ski", prog, err);   /* names point into src: leaked on purpose */
}

/* Runs text in a fresh interpreter and returns variable var; settings copied to *st. */
static sk_value run_get(const char *text, const char *var, sk_settings *st)
{
  sk_program prog;
  sk_str err;
  sk_interp in;
  sk_value v;
  sk_str_init(&err);
  v.type = SK_T_NONE;
  if (!parse_text(text, &prog, &err)) { printf("# parse failed: %s\n", err.data); return v; }
  sk_interp_init(&in);
  sk_interp_run(&in, &prog);
  if (!sk_interp_lookup(&in, var, &v)) v.type = SK_T_NONE;
  if (st) *st = in.settings;
  sk_interp_free(&in);
  return v;
}

static void check_int(const char *text, long expected, const char *name)
{
  sk_value v = run_get(text, "x", NULL);
  check(v.type == SK_T_INT && v.u.i == expected, name, "type %d value %ld, expected %ld", (int)v.type,
        v.type == SK_T_INT ? v.u.i : -999L, expected);
}

static void check_double(const char *text, double expected, const char *name)
{
  sk_value v = run_get(text, "x", NULL);
  check(v.type == SK_T_DOUBLE && fabs(v.u.d - expected) <= 1e-12 * (fabs(expected) > 1 ? fabs(expected) : 1), name,
        "type %d value %g, expected %g", (int)v.type, v.type == SK_T_DOUBLE ? v.u.d : -999.0, expected);
}

static void test_math(void)
{
  check_double("x = log(1)\n", 0.0, "log_1");
  check_double("x = log(2.718281828459045)\n", 1.0, "log_e");
  check_double("x = log2(1024)\n", 10.0, "log2_1024");
  check_double("x = log2(3)\n", log(3.0) / log(2.0), "log2_3");
  check_double("x = log10(1000)\n", 3.0, "log10_1000");
  check_int("x = round(2.5)\n", 3, "round_half_up");
  check_int("x = round(2.49)\n", 2, "round_down");
  check_int("x = round(-2.5)\n", -2, "round_negative_floor_plus_half");
  check_int("x = min_int(3, -4)\n", -4, "min_int");
  check_int("x = max_int(3, -4)\n", 3, "max_int");
  check_int("x = round_to_fivebytes(5)\n", 9, "round_to_fivebytes_5");
  check_int("x = round_to_fivebytes(8)\n", 9, "round_to_fivebytes_8");
  check_int("x = round_to_fivebytes(0)\n", 1, "round_to_fivebytes_0");
}

static void test_comms(void)
{
  check_int("x = get_comm_rank(MPI_COMM_WORLD)\n", 0, "get_comm_rank_world");
  check_int("x = last_proc()\n", 0, "last_proc");
  check_int("x = is_mpi_comm_null(MPI_COMM_NULL)\n", 1, "is_null_null");
  check_int("x = is_mpi_comm_null(MPI_COMM_WORLD)\n", 0, "is_null_world");
  check_int("x = get_comm_rank(MPI_COMM_NULL)\n", -1, "get_comm_rank_null");
  check_int("x = get_comm_size(comm_from_to(0, 1))\n", 1, "comm_from_to");
  check_int("x = get_comm_size(comm_rand(1))\n", 1, "comm_rand");
  check_int("x = get_comm_size(MPI_COMM_SELF)\n", 1, "comm_self_one_process");
  {
    sk_value v = run_get("x = MPI_COMM_NULL\n", "x", NULL);
    check(v.type == SK_T_COMM && v.u.comm == NULL, "comm_null_is_null_group", "type %d", (int)v.type);
  }
}

static void test_random(void)
{
  long first[5], i;
  int same = 1, inrange = 1;
  bi_random_state = 0;
  for (i = 0; i < 5; i++) { first[i] = run_get("x = get_random_int(1, 6)\n", "x", NULL).u.i; }
  bi_random_state = 0;
  for (i = 0; i < 5; i++) {
    long y = run_get("x = get_random_int(1, 6)\n", "x", NULL).u.i;
    if (y != first[i]) same = 0;
    if (y < 1 || y > 6) inrange = 0;
  }
  check(same, "random_reproducible", "the same seed gives the same sequence");
  check(inrange, "random_in_range", "values in [1, 6]");
  check(sk_random_seed() == 4711L, "random_seed", "seed %ld", sk_random_seed());
  check_int("x = get_random_int(7, 7)\n", 7, "random_single_value");
}

static void test_strings(void)
{
  sk_value v;
  v = run_get("x = get_env(\"SKAMPI_TEST_NO_SUCH_VARIABLE\")\n", "x", NULL);
  check(v.type == SK_T_STRING && sk_streq(v.u.s, "/"), "get_env_unset", "got '%s'", v.type == SK_T_STRING ? v.u.s : "?");
  v = run_get("x = get_env(\"PATH\")\n", "x", NULL);
  check(v.type == SK_T_STRING && getenv("PATH") && strlen(v.u.s) == strlen(getenv("PATH")) + 1 &&
        v.u.s[strlen(v.u.s) - 1] == '/', "get_env_slash", "value + '/'");
  v = run_get("x = mpi_processor_names()\n", "x", NULL);
  check(v.type == SK_T_STRING && strncmp(v.u.s, "# rank 000000: ", 15) == 0, "mpi_processor_names", "got '%s'",
        v.type == SK_T_STRING ? v.u.s : "?");
}

static void test_settings(void)
{
  sk_settings st;
  sk_value v;
  run_get("set_unit(1000)\nset_autorefine_factor(3.5)\nuse_mpi_alloc_mem(0)\n", "x", &st);
  check(st.unit == 1000.0, "set_unit", "unit %g", st.unit);
  check(st.apr.budget_factor == 3.5, "set_autorefine_factor", "factor %g", st.apr.budget_factor);
  check(st.mpi_alloc_mem == 0, "use_mpi_alloc_mem_off", "flag %d", st.mpi_alloc_mem);
  run_get("", "x", &st);
  check(st.unit == 1e6 && st.apr.budget_factor == 0.0, "settings_defaults", "unit %g factor %g", st.unit, st.apr.budget_factor);
  run_get("use_mpi_alloc_mem(1)\n", "x", &st);
  check(st.mpi_alloc_mem == 1, "use_mpi_alloc_mem_on", "flag %d", st.mpi_alloc_mem);
  v = run_get("i = info_create()\nset_mpi_alloc_mem_info(i)\nx = get_mpi_alloc_mem_info()\ny = i\n", "x", &st);
  check(v.type == SK_T_INFO && v.u.info != NULL && st.mpi_alloc_info == v.u.info, "mpi_alloc_mem_info", "stored info");
  v = run_get("x = get_mpi_alloc_mem_info()\n", "x", NULL);
  check(v.type == SK_T_INFO && v.u.info == NULL, "mpi_alloc_mem_info_default", "MPI_INFO_NULL");
}

static void test_constants(void)
{
  sk_value v;
  char why[200];
  check(sk_constant_find("MPI_LONG_LONG_INT", &v) && v.type == SK_T_DATATYPE, "const_long_long_int", "datatype");
  check(sk_constant_find("MPI_LONG_DOUBLE_INT", &v) && v.type == SK_T_DATATYPE, "const_long_double_int", "datatype");
  check(sk_constant_find("MPI_MAXLOC", &v) && v.type == SK_T_OP, "const_maxloc", "operator");
  check(sk_constant_find("MPI_INFO_NULL", &v) && v.type == SK_T_INFO && v.u.info == NULL, "const_info_null", "info");
  check(!sk_constant_find("MPI_LB", &v), "const_lb_absent_seq", "no MPI_LB without MPI");
  check(sk_constant_unavailable("MPI_LB", why, sizeof why) &&
        sk_streq(why, "'MPI_LB' is not available: it needs an MPI library, which the sequential build lacks"),
        "const_lb_message", "got '%s'", why);
  check(sk_constant_unavailable("MPI_MODE_NOCHECK", why, sizeof why), "const_mode_nocheck_refused", "got '%s'", why);
  check(sk_constant_unavailable("MPI_DISTRIBUTE_BLOCK", why, sizeof why), "const_distribute_refused", "got '%s'", why);
  check(!sk_constant_unavailable("MPI_INT", why, sizeof why) && !sk_constant_unavailable("FOO", why, sizeof why),
        "const_available_not_refused", "MPI_INT and unknown names are not 'unavailable'");
  check(!sk_constant_unavailable("MPI_COMM_SELF", why, sizeof why), "const_comm_self_one_process", "available on 1 process");
}

/* The array helpers (SKaMPI 5 manual §4): alloc, get, set, dims_create's own factorisation. */
static void check_iarray(const char *text, const long *expected, size_t n, const char *name)
{
  sk_value v = run_get(text, "x", NULL);
  size_t i;
  int same = v.type == SK_T_IARRAY && sk_array_length(&v) == n;
  for (i = 0; same && i < n; i++) same = sk_iarray_get(&v, i) == expected[i];
  check(same, name, "type %d length %ld", (int)v.type, v.type == SK_T_IARRAY ? (long)sk_array_length(&v) : -1L);
}

static void test_arrays(void)
{
  static const long zeros[3] = { 0, 0, 0 }, set[3] = { 0, 42, 0 };
  static const long d12[2] = { 4, 3 }, d16[3] = { 4, 2, 2 }, dfix[3] = { 2, 3, 1 }, d7[2] = { 7, 1 };
  static const long dmid[3] = { 5, 2, 3 }, d1[1] = { 6 };
  sk_value v;
  check_iarray("x = alloc_int_array(3)\n", zeros, 3, "alloc_int_array_zeroed");
  check_iarray("x = alloc_int_array(3)\nint_array_set(x, 1, 42)\n", set, 3, "int_array_set");
  check_iarray("x = alloc_int_array(3)\ny = x\nint_array_set(y, 1, 42)\n", set, 3, "int_array_set_shared");
  check_iarray("x = alloc_int_array(0)\n", zeros, 0, "alloc_int_array_empty");
  check_int("a = {5, 6, 7}\nx = int_array_get(a, 2)\n", 7, "int_array_get");
  check_int("a = alloc_int_array(2)\nint_array_set(a, 0, -3)\nx = int_array_get(a, 0) + int_array_get(a, 1)\n", -3,
            "int_array_get_set");
  v = run_get("x = alloc_datatype_array(2)\n", "x", NULL);
  check(v.type == SK_T_DARRAY && sk_array_length(&v) == 2 && sk_darray_get(&v, 0) == NULL, "alloc_datatype_array",
        "type %d", (int)v.type);
  v = run_get("a = alloc_datatype_array(2)\ndatatype_array_set(a, 1, MPI_DOUBLE)\nx = datatype_array_get(a, 1)\n", "x", NULL);
  check(v.type == SK_T_DATATYPE && v.u.dt == sk_datatype_lookup("MPI_DOUBLE"), "datatype_array_get_set", "type %d",
        (int)v.type);
  v = run_get("x = datatype_array_get({MPI_INT, MPI_CHAR}, 1)\n", "x", NULL);
  check(v.type == SK_T_DATATYPE && v.u.dt == sk_datatype_lookup("MPI_CHAR"), "datatype_array_get_literal", "type %d",
        (int)v.type);
  check_iarray("x = dims_create(12, {0, 0})\n", d12, 2, "dims_create_12_2");
  check_iarray("x = dims_create(16, {0, 0, 0})\n", d16, 3, "dims_create_16_3");
  check_iarray("x = dims_create(6, {2, 0, 1})\n", dfix, 3, "dims_create_fixed");
  check_iarray("x = dims_create(7, {0, 0})\n", d7, 2, "dims_create_prime");
  check_iarray("x = dims_create(30, {0, 2, 0})\n", dmid, 3, "dims_create_fixed_middle");
  check_iarray("x = dims_create(6, {0})\n", d1, 1, "dims_create_one_dim");
  check_iarray("a = {0, 0}\nb = dims_create(12, a)\nx = a\n", zeros, 2, "dims_create_copies");
}

/* skampi -l lists every helper once, each under a group of its own table: a table whose
** group is not among the listed groups (a misspelt heading) would hide its helpers. */
static void test_listing(void)
{
  static const sk_builtin_table_fn modules[] = { sk_builtins_settings, sk_builtins_buffers,
    sk_builtins_output, sk_builtins_comm, sk_builtins_math, sk_builtins_types, sk_builtins_io, sk_builtins_scc };
  sk_str out, one;
  int rows = 0, iterators = 0, listed, lines = 0, m, i, missing = 0;
  const char *p;
  sk_str_init(&out);
  for (m = 0; m < (int)(sizeof modules / sizeof modules[0]); m++) {
    const sk_builtin *b = modules[m]();
    const char *group = "";
    for (i = 0; b[i].name; i++) {
      char head[128];
      if (b[i].params == NULL) { group = b[i].name; continue; }   /* a group's heading */
      rows++;
      sk_str_init(&one);
      sprintf(head, "helpers: %.100s\n", group);
      if (sk_builtins_list(&one, b[i].name) != 1 || one.data == NULL || strncmp(one.data, head, strlen(head)) != 0)
        missing++;
      sk_str_free(&one);
    }
  }
  for (p = "range\0squares\0data_access_routines\0"; *p; p += strlen(p) + 1) iterators += sk_iterator_find(p) != NULL;
  listed = sk_builtins_list(&out, NULL);
  for (p = out.data; p && *p; p++) if (*p == '\n' && p[1] == ' ') lines++;
  check(listed == rows + iterators, "list_counts_every_helper", "%d listed, %d helpers and %d iterators", listed, rows, iterators);
  check(lines == listed, "list_prints_a_line_each", "%d lines for %d", lines, listed);
  check(missing == 0, "list_names_each_helpers_group", "%d helpers not listed alone under their table's group", missing);
  check(out.data != NULL && strncmp(out.data, "helpers: settings\n  set_cache_cold(int) -> void\n", 47) == 0,
        "list_starts_with_settings", "%.60s", out.data ? out.data : "");
  sk_str_free(&out);
}

int main(int argc, char **argv)
{
  sk_tp_start(&argc, &argv);
  test_math();
  test_comms();
  test_random();
  test_strings();
  test_settings();
  test_constants();
  test_arrays();
  test_listing();
  return check_summary("test_helpers");
}
