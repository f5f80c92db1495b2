/*
** tests/unit/test_core.c -- unit tests of the core logic on the sequential backend:
** statistics (SKaLib eq. 3.4 / A.1), the ASEC stopping rule checked against an
** independent re-computation from the synthetic measurement's known samples, the
** node-time selection rule (SKaMPI 5 manual §7.1), the lexer's suffixes, computed-loop value
** sequences (§2.5, §5.3.1), parse trees printed back, scoping (§5), iterators (§6.3),
** includes, and the interpreter's arithmetic.
** Build (as tests/run.sh does; it includes a fresh amalgam, so every internal function
** is visible):
**   tools/sk21f tests/out/skampi_amalgam.c
**   cc -std=c89 -pedantic -Wall -Wextra -DSKAMPI_SEQ -DSKAMPI_TESTING -Itests/out \
**      -o t tests/unit/test_core.c -lm
*/
#define _POSIX_C_SOURCE 200112L   /* setenv */
#define main skampi_main
#include "skampi_amalgam.c"
#undef main
#include "check.h"

#include <unistd.h>

extern int setenv(const char *name, const char *value, int overwrite);
extern int unsetenv(const char *name);

static double nonneg(double x) { return x > 0.0 ? x : 0.0; }

/* sk_env_long with the variable set to `value` (NULL: unset); what it printed on stderr
** goes to `said`. */
static long env_long_with(const char *value, long lo, long hi, long fallback, char *said, size_t size)
{
  FILE *capture = tmpfile();
  int saved = dup(2);
  long got;
  said[0] = '\0';
  if (value) setenv("SKAMPI_TEST_ENV_LONG", value, 1);
  else unsetenv("SKAMPI_TEST_ENV_LONG");
  fflush(stderr);
  if (capture != NULL) dup2(fileno(capture), 2);
  got = sk_env_long("SKAMPI_TEST_ENV_LONG", lo, hi, fallback);
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  if (capture != NULL) {
    rewind(capture);
    if (fgets(said, (int)size, capture) == NULL) said[0] = '\0';
    fclose(capture);
  }
  return got;
}

/* The environment's whole numbers (SKAMPI_WAIT, SKAMPI_FINALIZE_TIMEOUT,
** SKAMPI_YIELD_TIMER_US): unset or empty give the default silently, a number in range is
** taken, anything else gives the default with a warning naming the variable. */
static void test_env_long(void)
{
  char said[300];
  long v = env_long_with(NULL, 0, 100, 10, said, sizeof said);
  check(v == 10 && said[0] == '\0', "env_long_unset_default", "%ld, said '%s'", v, said);
  v = env_long_with("", 0, 100, 10, said, sizeof said);
  check(v == 10 && said[0] == '\0', "env_long_empty_default", "%ld, said '%s'", v, said);
  v = env_long_with("42", 0, 100, 10, said, sizeof said);
  check(v == 42 && said[0] == '\0', "env_long_number", "%ld, said '%s'", v, said);
  v = env_long_with("0", 0, 100, 10, said, sizeof said);
  check(v == 0 && said[0] == '\0', "env_long_zero_in_range", "%ld, said '%s'", v, said);
  v = env_long_with("12x", 0, 100, 10, said, sizeof said);
  check(v == 10 && strcmp(said, "skampi: warning: SKAMPI_TEST_ENV_LONG=12x is not a whole number from 0 to 100; 10 is used\n") == 0,
        "env_long_malformed_warns", "%ld, said '%s'", v, said);
  v = env_long_with("-1", 0, 100, 10, said, sizeof said);
  check(v == 10 && strstr(said, "SKAMPI_TEST_ENV_LONG=-1 is not") != NULL, "env_long_below_range_warns", "%ld, said '%s'", v, said);
  v = env_long_with("101", 0, 100, 10, said, sizeof said);
  check(v == 10 && strstr(said, "SKAMPI_TEST_ENV_LONG=101 is not") != NULL, "env_long_above_range_warns", "%ld, said '%s'", v, said);
  v = env_long_with("99999999999999999999999", 0, LONG_MAX, 10, said, sizeof said);
  check(v == 10 && said[0] != '\0', "env_long_overflow_warns", "%ld, said '%s'", v, said);
  unsetenv("SKAMPI_TEST_ENV_LONG");
}

static int near(double a, double b, double tol) { return fabs(a - b) <= tol * (fabs(b) > 1 ? fabs(b) : 1); }

static void test_stats(void)
{
  double x[] = { 2, 4, 4, 4, 5, 5, 7, 9 }, kept[8], out[8];
  double t[] = { 5, 1, 4, 2, 3 };
  char d[128];
  int n;
  /* mean 5, sample variance 32/7, std error sqrt(32/7/8) */
  check(near(sk_stats_mean(x, 8), 5.0, 1e-12), "stats_mean", "mean of the textbook sample");
  sprintf(d, "got %g", sk_stats_std_error(x, 8));
  check(near(sk_stats_std_error(x, 8), sqrt(32.0 / 7.0 / 8.0), 1e-12), "stats_std_error_A1", "%s", d);
  check(sk_stats_std_error(x, 1) == 0.0, "stats_std_error_single", "one sample has no error");
  n = sk_stats_cut(x, 8, 0.25, kept);
  check(n == 4 && kept[0] == 4 && kept[3] == 5, "stats_cut_quartiles", "cut 2 at each end of 8");
  n = sk_stats_cut(t, 5, 0.25, kept);
  check(n == 3 && kept[0] == 2 && kept[2] == 4, "stats_cut_floor", "floor(5*0.25)=1 at each end");
  /* node times: n <= max all in rank order */
  n = sk_node_times_select(t, 5, 16, out);
  check(n == 5 && out[0] == 5 && out[4] == 3, "node_times_all_rank_order", "5 of 5 in rank order");
  n = sk_node_times_select(t, 5, 0, out);
  check(n == 0, "node_times_zero", "max 0 reports none");
  n = sk_node_times_select(t, 5, 1, out);
  check(n == 1 && out[0] == 3, "node_times_middle", "max 1 reports the middle");
  n = sk_node_times_select(t, 5, 2, out);
  check(n == 2 && out[0] == 1 && out[1] == 5, "node_times_min_max", "max 2: smallest and largest");
  n = sk_node_times_select(t, 5, 3, out);
  check(n == 3 && out[0] == 1 && out[1] == 3 && out[2] == 5, "node_times_equidistant", "max 3: 1 3 5");
}

/* The synthetic measurement's samples, recomputed here independently of the engine. */
static double expected_sample(long *seed, double cost_us, double noise)
{
  long s = *seed, hi = s / 127773L, lo = s % 127773L;
  s = 16807L * lo - 2836L * hi;
  if (s <= 0) s += 2147483647L;
  *seed = s;
  return cost_us * 1e-6 * (1.0 + noise * (2.0 * ((double)s / 2147483646.0) - 1.0));
}

/* The 25% trimmed mean of x and its standard error, written out: sort, drop g = floor(n/4)
** at each end, winsorise (the dropped ones become the nearest kept), s_w the winsorised
** sample's standard deviation, error s_w / ((1 - 2 g / n) sqrt(n)) (Tukey-McLaughlin). */
static void trimmed(const double *x, int n, double *mean, double *se)
{
  double s[1000], sum = 0, sw = 0, sum2 = 0, wmean;
  int g = (int)floor(n * 0.25 + 1e-9), i, j;
  if (2 * g >= n) g = (n - 1) / 2;
  for (i = 0; i < n; i++) s[i] = x[i];
  for (i = 1; i < n; i++)                        /* insertion sort */
    for (j = i; j > 0 && s[j - 1] > s[j]; j--) { double t = s[j]; s[j] = s[j - 1]; s[j - 1] = t; }
  for (i = g; i < n - g; i++) sum += s[i];
  *mean = sum / (n - 2 * g);
  for (i = 0; i < n; i++) sw += s[i < g ? g : i >= n - g ? n - g - 1 : i];
  wmean = sw / n;
  for (i = 0; i < n; i++) {
    double v = s[i < g ? g : i >= n - g ? n - g - 1 : i] - wmean;
    sum2 += v * v;
  }
  *se = n < 2 ? 0.0 : sqrt(sum2 / (n - 1)) / ((1.0 - 2.0 * g / n) * sqrt((double)n));
}

static void test_asec_against_rule(int min, int max, double limit, double noise, const char *name)
{
  const sk_measurement *def = sk_catalogue_find("Synthetic_Virtual");
  sk_value args[6];
  sk_asec_config cfg;
  sk_settings settings;
  sk_mctx m;
  sk_result res;
  double samples[1000], kept[1000], sum = 0, sumsq = 0, mean, se;
  long seed = 1;
  int n = 0, nk, i;
  char d[200];
  args[0] = sk_double_value(100); args[1] = sk_double_value(10); args[2] = sk_double_value(0.1);
  args[3] = sk_double_value(1e9); args[4] = sk_double_value(0); args[5] = sk_double_value(noise);
  sk_asec_default_config(&cfg);
  cfg.min_reps = min; cfg.max_reps = max; cfg.max_rel_error = limit;
  sk_settings_default(&settings);
  settings.asec = cfg;
  sk_runner_init(def, &m, sk_tp_world(), args, &settings);
  sk_runner_run(def, &m, args, &res);
  sk_runner_finalize(def, &m, args);
  expected_sample(&seed, 20.0, noise);                 /* the warm-up call */
  for (;;) {                                           /* the rule, written out */
    double mean, se;
    samples[n] = expected_sample(&seed, 20.0, noise);
    n++;
    if (n >= max) break;
    if (n < min || n < 2) continue;
    trimmed(samples, n, &mean, &se);
    if (se / mean <= limit) break;
  }
  sprintf(d, "engine %d repetitions, rule %d", res.reps, n);
  check(res.reps == n, name, "%s", d);
  check(res.reps >= (min < max ? min : max) && res.reps <= max, "asec_within_min_max", "%s", d);
  nk = sk_stats_cut(samples, n, 0.25, kept);
  sum = 0;
  for (i = 0; i < nk; i++) sum += kept[i];
  trimmed(samples, n, &mean, &se);
  sprintf(d, "engine mean %.9g error %.9g, written out %.9g %.9g", res.time, res.std_error, mean, se);
  check(near(res.time, sum / nk, 1e-9), "asec_result_mean_of_kept", "%s", d);
  check(near(res.time, mean, 1e-9), "asec_result_trimmed_mean_written_out", "%s", d);
  sum = sumsq = 0;
  for (i = 0; i < nk; i++) { sum += kept[i]; sumsq += kept[i] * kept[i]; }
  check(nk < 2 || near(res.std_error, sqrt(nonneg((sumsq - sum * sum / nk) / ((double)nk * (nk - 1)))), 1e-9),
        "asec_result_error_A1_of_kept", "%s", d);
  check(mean <= 0.0 || near(res.rule_error, se / mean, 1e-9), "asec_rule_error_of_trimmed_mean", "rule %.9g, written out %.9g",
        res.rule_error, mean > 0.0 ? se / mean : 0.0);
  sk_result_free(&res);
}

static void test_loops(void)
{
  double v[64];
  int n;
  char d[256];
  n = sk_loop_values(1, 23, sqrt(2.0), 1, 1, 1, v, 64);
  sprintf(d, "n=%d: %g %g %g %g %g %g %g %g %g", n, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8]);
  check(n == 9 && v[0] == 1 && v[1] == 2 && v[2] == 3 && v[3] == 4 && v[4] == 6 && v[5] == 8 &&
        v[6] == 11 && v[7] == 16 && v[8] == 23, "loop_sqrt2_rounded_dedup", "%s", d);
  n = sk_loop_values(1, 23, sqrt(2.0), 1, 4, 1, v, 64);
  sprintf(d, "n=%d", n);
  check(n == 4 && v[0] == 4 && v[1] == 8 && v[2] == 12 && v[3] == 16, "loop_multipleof_4", "%s", d);
  n = sk_loop_values(1, 10, 3, 0, 1, 1, v, 64);
  check(n == 4 && v[3] == 10, "loop_additive", "1 4 7 10");
  n = sk_loop_values(10, 1, -4, 0, 1, 1, v, 64);
  check(n == 3 && v[2] == 2, "loop_downwards", "10 6 2");
  n = sk_loop_values(0.5, 2.0, 0.5, 0, 1, 0, v, 64);
  check(n == 4 && v[3] == 2.0, "loop_double", "0.5 1 1.5 2");
  n = sk_loop_values(1, 1024, 2, 1, 1, 1, v, 64);
  check(n == 11 && v[10] == 1024, "loop_powers_of_two", "1..1024");
}

static int parse_text(const char *text, sk_program *prog, sk_str *err)
{
  sk_sources src;
  sk_sources_init(&src, 0);
  sk_sources_add(&src, "t.ski", text, strlen(text));
  return sk_parse_file(&src, "t.ski", prog, err);   /* names point into src: leaked on purpose */
}

static void check_print(const char *text, const char *expected, const char *name)
{
  sk_program prog;
  sk_str err, out;
  sk_str_init(&err);
  sk_str_init(&out);
  if (!parse_text(text, &prog, &err)) { check(0, name, "%s", err.data ? err.data : "(null)"); return; }
  sk_program_print(&out, &prog);
  check(out.data && strcmp(out.data, expected) == 0, name, "%s", out.data ? out.data : "(empty)");
  sk_program_free(&prog);
}

static void check_parse_error(const char *text, const char *expected_prefix, const char *name)
{
  sk_program prog;
  sk_str err;
  sk_str_init(&err);
  if (parse_text(text, &prog, &err)) { check(0, name, "parsed without error"); return; }
  check(strncmp(err.data, expected_prefix, strlen(expected_prefix)) == 0, name, "%s", err.data ? err.data : "(null)");
}

static void test_parser(void)
{
  check_print("x = 1kb + 2KiB * 3 - 1MB / 1mb\n", "x = 1024 + 2048 * 3 - 1048576 / 1048576\n", "parse_suffixes_precedence");
  if (LONG_MAX > 2147483647L)
    check_print("y = 1GiB\nz = 2gb\nw = 1Gb\nq = 1.5KB\n",
                "y = 1073741824\nz = 2147483648\nw = 1073741824\nq = 1536.0\n", "parse_suffixes_giga");
  else   /* 32-bit long: 2 GiB is no integer here, and says so */
    check_parse_error("y = 1GiB\nz = 2gb\n", "t.ski:2:5: size 2gb is larger than 2147483647, the largest integer on this platform",
                      "parse_suffixes_giga_32bit");
  check_print("a = -(1 + 2) * 3\nb = !(1 < 2) || 2 >= 1 && 3 != 4\n",
              "a = -(1 + 2) * 3\nb = !(1 < 2) || 2 >= 1 && 3 != 4\n", "parse_unary_logic");
  check_print("# comment\nbegin measurement \"m\" # trailing\n for c = 1 to ... step *sqrt(2) multipleof 4 do\n"
              "  measure MPI_COMM_WORLD : Synthetic_Virtual(c, 1, 0, 0, 0, 0)\n od\nend measurement\n",
              "begin measurement \"m\"\n  for c = 1 to ... step *sqrt(2) multipleof 4 do\n"
              "    measure MPI_COMM_WORLD : Synthetic_Virtual(c, 1, 0, 0, 0, 0)\n  od\nend measurement\n",
              "parse_measurement_block");
  check_print("for d in [MPI_INT, MPI_DOUBLE] do\n x = d\nod\nfor i in range(1, 4) do\n y = i\nod\n"
              "if x == MPI_DOUBLE then\n z = 1\nelse\n z = 2\nfi\nautorefine k = 1 to 100 step +10 do\n w = k\nod\n",
              "for d in [MPI_INT, MPI_DOUBLE] do\n  x = d\nod\nfor i in range(1, 4) do\n  y = i\nod\n"
              "if x == MPI_DOUBLE then\n  z = 1\nelse\n  z = 2\nfi\nautorefine k = 1 to 100 step 10 do\n  w = k\nod\n",
              "parse_loops_if");
  check_print("x = sqrt(\n  2)\n", "x = sqrt(2)\n", "parse_newline_in_parens");
  check_parse_error("x = 1 +\n", "t.ski:2:1: syntax error: expected an expression", "error_missing_operand");
  check_parse_error("x = foo(1)\n", "t.ski:1:5: unknown function 'foo'", "error_unknown_function");
  check_parse_error("x = sqrtt(2)\n", "t.ski:1:5: unknown function 'sqrtt'; did you mean 'sqrt'?", "error_unknown_function_nearest");
  check_parse_error("begin measurement \"a\"\n measure MPI_COMM_WORLD : Synthetic_Virtul(1)\nend measurement\n",
                    "t.ski:2:27: unknown measurement function 'Synthetic_Virtul'; did you mean 'Synthetic_Virtual'?",
                    "error_unknown_measurement_nearest");
  check_parse_error("for i in rnage(0, 4) do\n x = i\nod\n", "t.ski:1:10: unknown iterator 'rnage'; did you mean 'range'?",
                    "error_unknown_iterator_swapped_letters");
  check(sk_edit_distance("rnage", "range") == 1 && sk_edit_distance("ab", "BA") == 1 && sk_edit_distance("abc", "abc") == 0
        && sk_edit_distance("ca", "abc") == 3 && sk_edit_distance("measurment", "measurement") == 1,
        "edit_distance_swaps_count_one", "rnage/range %d", sk_edit_distance("rnage", "range"));
  check_parse_error("x = sqrt(1, 2)\n", "t.ski:1:5: helper function 'sqrt' expects 1 argument, got 2", "error_arity");
  check_parse_error("x = sqrt(\"a\")\n", "t.ski:1:10: argument 1 of 'sqrt' must be a number, not a string", "error_type");
  check_parse_error("x = 4 / 0\n", "t.ski:1:7: division by zero", "error_div_zero");
  check_parse_error("x = 12kib\n", "t.ski:1:5: unknown size suffix 'kib'", "error_suffix");
  check_parse_error("for i = 1 to 3 do\n x = i\n", "t.ski:3:1: syntax error: end of file before 'od'", "error_missing_od");
  check_parse_error("begin measurement \"a\"\n measure MPI_COMM_WORLD : Nope(1)\nend measurement\n",
                    "t.ski:2:27: unknown measurement function 'Nope'", "error_unknown_measurement");
  check_parse_error("measure MPI_COMM_WORLD : Synthetic_Virtual(1,1,1,1,1,1)\n",
                    "t.ski:1:1: a measure statement must be inside a measurement block", "error_measure_outside");
  check_parse_error("begin measurement \"a\"\n measure MPI_COMM_WORLD : Synthetic_Virtual(1)\nend measurement\n",
                    "t.ski:2:27: measurement function 'Synthetic_Virtual' expects 6 arguments, got 1", "error_measure_arity");
  check_parse_error("x = \"abc\n", "t.ski:1:5: string not closed before the end of the input", "error_string");
  check_parse_error("x = 1 $ 2\n", "t.ski:1:7: unexpected character '$'", "error_character");
  check_parse_error("x = 1 y\n", "t.ski:2:1: syntax error: expected '=' or '(' after 'y'", "error_two_statements");
  check_parse_error("@include \"nothere.ski\"\n", "t.ski:1:1: file 'nothere.ski' was not distributed", "error_missing_include");
  check_parse_error("MPI_INT = 3\n", "t.ski:1:1: 'MPI_INT' is a predefined constant", "error_assign_constant");
}

static sk_value run_and_get(const char *text, const char *var)
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
  sk_interp_free(&in);
  return v;
}

static void check_int_result(const char *text, const char *var, long expected, const char *name)
{
  sk_value v = run_and_get(text, var);
  char d[128];
  sprintf(d, "type %d value %ld, expected %ld", (int)v.type, v.type == SK_T_INT ? v.u.i : -999L, expected);
  check(v.type == SK_T_INT && v.u.i == expected, name, "%s", d);
}

static void test_interpreter(void)
{
  check_int_result("s = 0\nfor i = 1 to 23 step *sqrt(2) do\n s = s + i\nod\n", "s", 1+2+3+4+6+8+11+16+23, "interp_loop_sum");
  check_int_result("s = 0\nfor i in range(1, 5) do\n s = s + i\nod\n", "s", 10, "interp_iterator_range");
  check_int_result("s = 0\nfor i in squares(1, 4) do\n s = s + i\nod\n", "s", 30, "interp_iterator_squares");
  check_int_result("s = 0\nfor i in squares(1, 3) do\n for j in squares(1, 2) do\n  s = s + i * j\n od\nod\n", "s",
                   (1 + 4 + 9) * 5, "interp_iterator_nested");
  check_int_result("s = 0\nfor v in [3, 5, 7] do\n s = s * 10 + v\nod\n", "s", 357, "interp_list_loop");
  check_int_result("x = 7 / 2 + 7 % 3 + modulo(9, 4)\n", "x", 3 + 1 + 1, "interp_integer_ops");
  check_int_result("x = floor(2.5) + ceil(2.1) + round_to_fourbytes(5) + atoi(\"42\")\n", "x", 2 + 3 + 8 + 42, "interp_math");
  check_int_result("x = get_np() + get_comm_size(MPI_COMM_WORLD) + get_comm_size(comm(1))\n", "x", 3, "interp_comm");
  check_int_result("if 1 < 2 && !(3 == 4) then\n x = 1\nelse\n x = 2\nfi\n", "x", 1, "interp_if");
  /* scoping: an assignment inside a measurement block creates a local; the global stays */
  check_int_result("g = 5\nbegin measurement \"scope\"\n g = 6\n h = g\nend measurement\n", "g", 5, "interp_scope_global_kept");
  {
    sk_value v = run_and_get("begin measurement \"scope\"\n h = 1\nend measurement\n", "h");
    check(v.type == SK_T_NONE, "interp_scope_local_gone", "a block's local must not survive the block");
  }
  check_int_result("g = 2\nbegin measurement \"scope\"\n for i = 1 to 3 do\n  g = g * 2\n od\n x = g\nend measurement\ny = g\n", "y", 2,
                   "interp_scope_loop_local");
  check_int_result("x = 0\nfor i = 1 to 10 do\n if modulo(i, 2) == 0 then\n  x = x + i\n fi\nod\n", "x", 30, "interp_nested_if");
}

static sk_value run_in(sk_interp *in, const char *text, const char *var)
{
  sk_program prog;
  sk_str err;
  sk_value v;
  sk_str_init(&err);
  v.type = SK_T_NONE;
  if (!parse_text(text, &prog, &err)) { printf("# parse failed: %s\n", err.data); return v; }
  sk_interp_run(in, &prog);
  if (!sk_interp_lookup(in, var, &v)) v.type = SK_T_NONE;
  return v;
}

/* Every helper of SKaMPI 5 manual §4.1 evaluated: values returned and settings changed. */
static void test_helpers(void)
{
  sk_interp in;
  sk_value v;
  char d[160];
  sk_interp_init(&in);
  v = run_in(&in, "x = sqrt(16) + cbrt(27) + cbrt(-8) + sqr(3) + power(2, 10)\n", "x");
  sprintf(d, "got %g", v.u.d);
  check(v.type == SK_T_DOUBLE && v.u.d == 4 + 3 - 2 + 9 + 1024, "helper_math_doubles", "%s", d);
  v = run_in(&in, "t = mpi_type_contiguous(4, MPI_INT)\n", "t");
  check(v.type == SK_T_DATATYPE && v.u.dt->size == 4 * sizeof(int) && v.u.dt->extent == 4 * sizeof(int),
        "helper_type_contiguous", "size and extent 4 ints");
  v = run_in(&in, "t = mpi_type_vector(2, 3, 4, MPI_INT)\n", "t");
  check(v.type == SK_T_DATATYPE && v.u.dt->size == 6 * sizeof(int) && v.u.dt->extent == 7 * sizeof(int),
        "helper_type_vector", "2 blocks of 3 ints, stride 4: size 6, extent 7 ints");
  v = run_in(&in, "t = mpi_type_hvector(2, 3, 100, MPI_CHAR)\n", "t");
  check(v.type == SK_T_DATATYPE && v.u.dt->size == 6 && v.u.dt->extent == 103, "helper_type_hvector", "stride in bytes");
  v = run_in(&in, "i = info_create()\ninfo_set(i, \"key\", \"value\")\ninfo_free(i)\nn = MPI_INFO_NULL\n", "i");
  check(v.type == SK_T_INFO && v.u.info != NULL, "helper_info", "info_create gives an info object");
  v = run_in(&in, "c = get_comm_size(copy_comm(MPI_COMM_WORLD)) + 10 * get_comm_size(comm_first_half(MPI_COMM_WORLD))"
                  " + 100 * get_comm_size(comm_second_half(MPI_COMM_WORLD))\n", "c");
  check(v.type == SK_T_INT && v.u.i == 111, "helper_comm_halves_one_process", "1 + 10 + 100");
  run_in(&in, "set_min_repetitions(3)\nset_max_repetitions(7)\nset_max_relative_standard_error(0.25)\n"
              "set_max_nr_node_times(5)\nset_cut_quantile(0.1)\nset_time_limit_per_measurement(2)\n"
              "set_time_limit_per_suite(9)\nset_autorefine_max_error(0.02)\nset_autorefine_min_distance(8)\n"
              "set_autorefine_max_steps(40)\n", "x");
  /* doubles compared with a tolerance: x87 (gcc -m32) keeps excess precision */
  check(in.settings.asec.min_reps == 3 && in.settings.asec.max_reps == 7 && near(in.settings.asec.max_rel_error, 0.25, 1e-12) &&
        in.settings.max_node_times == 5 && near(in.settings.asec.cut_quantile, 0.1, 1e-12) && in.settings.asec.time_limit == 2 &&
        in.settings.suite_time_limit == 9 && near(in.settings.apr.max_error, 0.02, 1e-12) && in.settings.apr.min_distance == 8 &&
        in.settings.apr.max_steps == 40, "helper_settings", "every set_* helper reaches its setting");
  run_in(&in, "set_skampi_buffer(3kb)\nswitch_buffer_cycling_on()\nset_send_buffer_alignment(64)\n"
              "set_recv_buffer_alignment(128)\nset_cache_size(1kb)\n", "x");
  check(in.settings.buffers.size == 3072 && in.settings.buffers.cycling && in.settings.buffers.send_align == 64 &&
        in.settings.buffers.recv_align == 128 && in.settings.buffers.cache_size == 1024, "helper_buffers", "buffer settings");
  check(sk_buffers_needed(&in.settings.buffers, 1000, 600, -1) > 3072 && sk_buffers_needed(&in.settings.buffers, 700, 600, -1) <= 3072,
        "buffer_cycling_halves", "cycling: 2 x (send + recv) <= size");
  {
    char *sb, *rb;
    sk_buffers_place(&in.settings.buffers, 100, 100, 3, &sb, &rb);
    check(((unsigned long)sb) % 64 == 0 && ((unsigned long)rb) % 128 == 0 && rb >= sb + 100, "buffer_alignment", "aligned, disjoint");
  }
  run_in(&in, "switch_buffer_cycling_off()\nchoose_no_synchronization()\n", "x");
  check(!in.settings.buffers.cycling && in.settings.sync.method == SK_SYNC_NONE, "helper_sync_none", "cycling off, no sync");
  run_in(&in, "choose_barrier_synchronization()\n", "x");
  check(in.settings.sync.method == SK_SYNC_BARRIER, "helper_sync_barrier", "barrier");
  run_in(&in, "choose_real_synchronization()\nchoose_offset_estimation_linear()\n", "x");
  check(in.settings.sync.method == SK_SYNC_REAL && in.settings.sync.offset_method == SK_OFFSETS_LINEAR, "helper_sync_real_linear", "real, linear");
  run_in(&in, "choose_offset_estimation_hca()\ninit_time_accounting()\n", "x");
  check(in.settings.sync.offset_method == SK_OFFSETS_HCA && in.run.time_accounting, "helper_hca_accounting", "hca, accounting on");
  run_in(&in, "set_skampi_buffer(64kb)\nswitch_buffer_cycling_off()\nset_send_buffer_alignment(8)\n"
              "set_recv_buffer_alignment(8)\nset_cache_size(0)\n", "x");
  sk_interp_free(&in);
}

static void test_includes(void)
{
  FILE *f;
  sk_sources src;
  sk_program prog;
  sk_str err, out;
  system("mkdir -p tests/out/inc/sub");
  f = fopen("tests/out/inc/main.ski", "w"); fputs("a = 1\n@include \"sub/b.ski\"\nc = 3\n", f); fclose(f);
  f = fopen("tests/out/inc/sub/b.ski", "w"); fputs("b = 2\n@include \"c.ski\"\n", f); fclose(f);
  f = fopen("tests/out/inc/sub/c.ski", "w"); fputs("d = 4\n", f); fclose(f);
  sk_sources_init(&src, 1);
  sk_str_init(&err);
  sk_str_init(&out);
  if (!sk_parse_file(&src, "tests/out/inc/main.ski", &prog, &err)) check(0, "include_nested", "%s", err.data ? err.data : "(null)");
  else {
    sk_program_print(&out, &prog);
    check(strcmp(out.data, "a = 1\nb = 2\nd = 4\nc = 3\n") == 0, "include_nested_relative", "%s", out.data ? out.data : "(null)");
    check(src.n == 3, "include_files_shipped", "three files in the source set");
  }
  f = fopen("tests/out/inc/sub/c.ski", "w"); fputs("d = 4\n@include \"../main.ski\"\n", f); fclose(f);
  sk_sources_init(&src, 1);
  sk_str_clear(&err);
  check(!sk_parse_file(&src, "tests/out/inc/main.ski", &prog, &err) &&
        strstr(err.data, "tests/out/inc/sub/c.ski:2:1: include cycle: tests/out/inc/main.ski -> ") == err.data,
        "include_cycle", "%s", err.data ? err.data : "no error");
}

/* The verification patterns and comparison (verify.h), and the verifier lookup. */
static void test_verify(void)
{
  sk_mctx m;
  char buf[300];
  size_t i;
  int nonzero = 1, differ = 0;
  const sk_measurement *v;
  for (i = 0; i < 4096; i++) {
    if (sk_verify_byte(0, i) == 0 || sk_verify_byte(3, i) == 0) nonzero = 0;
    if (sk_verify_byte(0, i) != sk_verify_byte(1, i)) differ++;
  }
  check(nonzero, "verify_pattern_never_zero", "a pattern byte is 0");
  check(differ > 3900, "verify_streams_differ", "streams 0 and 1 agree in %d of 4096 bytes", 4096 - differ);
  memset(&m, 0, sizeof m);
  m.rank = 1;
  m.size = 2;
  sk_verify_fill(buf, sizeof buf, 2, 10);
  check(sk_verify_expect(&m, "block", buf, sizeof buf, 2, 10, NULL) && !m.failed, "verify_expect_equal", "%s", m.fail_msg);
  buf[123] ^= 1;
  check(!sk_verify_expect(&m, "block", buf, sizeof buf, 2, 10, NULL) && m.failed
        && strstr(m.fail_msg, "process 1 of 2: block: byte 123 is 0x") != NULL, "verify_expect_names_byte", "%s",
        m.fail_msg);
  v = sk_catalogue_find("Barrier");
  check(v != NULL && v->check == NULL && v->nothing != NULL, "verify_barrier_has_nothing", "no 'nothing' row");
  v = sk_catalogue_find("Master_Worker");
  check(v != NULL && v->check != NULL, "verify_master_worker_checked", "no verifier");
}

/* Heavy tails (issue 23): 24 repetitions of about 1 us, 3 of them (a process that lost
** its processor) 1000 times longer. The result and its error must stay within the noise
** of the clean repetitions, and the rule must stop at the minimum as it does without them. */
static void test_asec_heavy_tail(void)
{
  sk_asec_config cfg;
  sk_asec clean, tailed;
  double t_clean, e_clean, t_tail, e_tail, v;
  int k_clean, k_tail, i;
  char d[200];
  sk_asec_default_config(&cfg);
  cfg.min_reps = 24;
  cfg.max_reps = 48;
  sk_asec_begin(&clean, &cfg, 0.0);
  sk_asec_begin(&tailed, &cfg, 0.0);
  for (i = 0; i < 24; i++) {
    v = 1.0e-6 * (1.0 + 0.02 * ((i * 7) % 5 - 2));     /* 0.96 .. 1.04 us */
    sk_asec_add(&clean, v);
    sk_asec_add(&tailed, i % 8 == 3 ? 1000.0 * v : v);
  }
  sk_asec_result(&clean, &t_clean, &e_clean, &k_clean);
  sk_asec_result(&tailed, &t_tail, &e_tail, &k_tail);
  sprintf(d, "clean %.4g us +- %.3g, with 3 x1000: %.4g us +- %.3g", t_clean * 1e6, e_clean * 1e6, t_tail * 1e6,
          e_tail * 1e6);
  check(fabs(t_tail - t_clean) <= 0.04e-6 && e_tail < 0.02e-6, "asec_heavy_tail_result_within_noise", "%s", d);
  check(sk_asec_decide(&tailed, 1.0) == SK_ASEC_PRECISE && sk_asec_decide(&clean, 1.0) == SK_ASEC_PRECISE,
        "asec_heavy_tail_rule_stops", "%s; relative errors %.3g %.3g", d, sk_asec_relative_error(&clean),
        sk_asec_relative_error(&tailed));
  {
    double x[5] = { 1, 2, 3, 4, 5 };
    check(near(sk_stats_trimmed_std_error(x, 5, 0.0), sk_stats_std_error(x, 5), 1e-12),
          "stats_trimmed_error_without_cut_is_A1", "got %g", sk_stats_trimmed_std_error(x, 5, 0.0));
  }
  sk_asec_end(&clean);
  sk_asec_end(&tailed);
}

/* Every row of the catalogue finds a field of sk_margs for each of its parameters (a row
** whose functions read m->arg would otherwise read 0 there). */
static void test_rows_have_fields(void)
{
  int i, bad = 0;
  const sk_measurement *row;
  char what[200];
  what[0] = '\0';
  for (i = 0; (row = sk_catalogue_entry(i)) != NULL; i++) {
    sk_margs none;
    const char *missing = NULL;
    if (!sk_margs_fill(&none, row->signature, NULL, &missing)) {
      if (!bad) sprintf(what, "row %.60s: no field for '%.40s'", row->name, missing);
      bad++;
    }
  }
  check(bad == 0 && i > 100, "margs_every_catalogue_row_has_its_fields", "%d rows of %d: %s", bad, i, what);
}

int main(int argc, char **argv)
{
  setenv("SKAMPI_POINT_BUDGET", "0", 1);   /* the rule's repetitions, all of them, also on a busy host */
  sk_tp_start(&argc, &argv);
  test_rows_have_fields();
  test_stats();
  test_env_long();
  test_asec_against_rule(8, 33, 0.1, 0.0, "asec_no_noise_stops_at_min");
  test_asec_against_rule(8, 33, 0.01, 0.5, "asec_noise_stops_by_rule");
  test_asec_against_rule(8, 33, 0.0001, 0.5, "asec_noise_hits_max");
  test_asec_against_rule(3, 200, 0.02, 0.3, "asec_noise_long");
  test_asec_against_rule(10, 5, 0.1, 0.2, "asec_min_above_max");
  test_asec_heavy_tail();
  test_loops();
  test_parser();
  test_interpreter();
  test_helpers();
  test_includes();
  test_verify();
  return check_summary("test_core");
}
