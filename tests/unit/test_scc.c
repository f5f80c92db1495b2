/*
** tests/unit/test_scc.c -- the helpers the SCC thesis' experiments (ski/scc.ski) need, on
** the sequential backend: set_result_statistic ("min" reports the minimum over the
** repetitions, as Pichler 2013 §3.2 and §7.1 do; "mean" the mean of the kept ones), and
** scc_grid_map (the thesis' DOPL layout of figure 4: a permutation of the grid positions,
** core 17 in row 3, column 2, as §6.2 says).
** Build as tests/run.sh does:
**   tools/sk21f tests/out/skampi_amalgam.c
**   cc -std=c89 -pedantic -Wall -Wextra -DSKAMPI_SEQ -DSKAMPI_TESTING -Itests/out \
**      -o t tests/unit/test_scc.c -lm
*/
#define main skampi_main
#include "skampi_amalgam.c"
#undef main
#include "check.h"

/* The samples of Synthetic_Virtual (meas_synthetic.c: Park-Miller, seeded with 1 at
** init, factor in [1 - noise, 1 + noise]), recomputed independently of the engine. */
static double synthetic_sample(long *seed, double cost_us, double noise)
{
  long s = *seed, hi = s / 127773L, lo = s % 127773L;
  s = 16807L * lo - 2836L * hi;
  if (s <= 0) s += 2147483647L;
  *seed = s;
  return cost_us * 1e-6 * (1.0 + noise * (2.0 * ((double)s / 2147483646.0) - 1.0));
}

/* 12 repetitions of Synthetic_Virtual(100, 10, 0.1, ...) = 20 us with 30% noise. */
static double run_synthetic(int statistic)
{
  const sk_measurement *def = sk_catalogue_find("Synthetic_Virtual");
  sk_value args[6];
  sk_settings settings;
  sk_mctx m;
  sk_result res;
  args[0] = sk_double_value(100); args[1] = sk_double_value(10); args[2] = sk_double_value(0.1);
  args[3] = sk_double_value(1e9); args[4] = sk_double_value(0); args[5] = sk_double_value(0.3);
  sk_settings_default(&settings);
  settings.asec.min_reps = 12;
  settings.asec.max_reps = 12;
  settings.asec.statistic = statistic;
  sk_runner_init(def, &m, sk_tp_world(), args, &settings);
  sk_runner_run(def, &m, args, &res);
  sk_runner_finalize(def, &m, args);
  return res.time;
}

static void test_result_statistic(void)
{
  long seed = 1;
  double x, lowest = 0.0, sum = 0.0, min_time, mean_time;
  int i;
  synthetic_sample(&seed, 20.0, 0.3);                    /* the warm-up call */
  for (i = 0; i < 12; i++) {
    x = synthetic_sample(&seed, 20.0, 0.3);
    if (i == 0 || x < lowest) lowest = x;
    sum += x;
  }
  min_time = run_synthetic(SK_STATISTIC_MIN);
  mean_time = run_synthetic(SK_STATISTIC_MEAN);
  check(fabs(min_time - lowest) <= 1e-15, "result_statistic_min_is_the_lowest_sample",
        "engine %.9g, lowest sample %.9g", min_time, lowest);
  check(mean_time > min_time * 1.01, "result_statistic_mean_above_min",
        "mean %.9g, min %.9g (samples mean %.9g)", mean_time, min_time, sum / 12);
}

static int parse_text(const char *text, sk_program *prog, sk_str *err)
{
  sk_sources src;
  sk_sources_init(&src, 0);
  sk_sources_add(&src, "t.ski", text, strlen(text));
  return sk_parse_file(&src, "t.ski", prog, err);   /* names point into src: leaked on purpose */
}

/* Runs text; returns variable var (SK_T_NONE when missing) and the settings. */
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

static void test_statistic_helper(void)
{
  sk_settings st;
  run_get("set_result_statistic(\"min\")\nx = 1\n", "x", &st);
  check(st.asec.statistic == SK_STATISTIC_MIN, "set_result_statistic_min", "statistic %d", st.asec.statistic);
  run_get("set_result_statistic(\"min\")\nset_result_statistic(\"mean\")\nx = 1\n", "x", &st);
  check(st.asec.statistic == SK_STATISTIC_MEAN, "set_result_statistic_mean", "statistic %d", st.asec.statistic);
  sk_settings_default(&st);
  check(st.asec.statistic == SK_STATISTIC_MEAN, "result_statistic_default_mean", "statistic %d", st.asec.statistic);
}

static void test_scc_grid_map(void)
{
  int seen[48], c, ok = 1, row_ok = 1;
  long pos;
  sk_value map = run_get("m = scc_grid_map(48)\n", "m", NULL);
  check(map.type == SK_T_IARRAY && sk_array_length(&map) == 48, "scc_grid_map_48_entries", "type %d", (int)map.type);
  if (map.type != SK_T_IARRAY || sk_array_length(&map) != 48) return;
  for (c = 0; c < 48; c++) seen[c] = 0;
  for (c = 0; c < 48; c++) {
    pos = sk_iarray_get(&map, (size_t)c);
    if (pos < 0 || pos >= 48 || seen[pos]++) ok = 0;
  }
  check(ok, "scc_grid_map_is_a_permutation", "positions repeat or leave 0..47");
  pos = sk_iarray_get(&map, 17);
  check(pos / 6 == 3 && pos % 6 == 2, "scc_grid_map_core_17_row_3_column_2", "position %ld", pos);
  /* §6.2: the row of core 13 is 13, 15, 17, 19, 21, 23 (figure 4) */
  for (c = 13; c <= 23; c += 2)
    if (sk_iarray_get(&map, (size_t)c) != 3 * 6 + (c - 13) / 2) row_ok = 0;
  check(row_ok, "scc_grid_map_row_of_core_13", "cores 13..23 step 2 are not row 3 in order");
  map = run_get("m = scc_grid_map(12)\n", "m", NULL);
  check(map.type == SK_T_IARRAY && sk_array_length(&map) == 12 && sk_iarray_get(&map, 1) == 6
        && sk_iarray_get(&map, 2) == 1, "scc_grid_map_12_cores_2x6", "core 1 row 1, core 2 column 1");
}

int main(int argc, char **argv)
{
  sk_tp_start(&argc, &argv);
  test_result_statistic();
  test_statistic_helper();
  test_scc_grid_map();
  sk_tp_finish();
  return check_summary("test_scc");
}
