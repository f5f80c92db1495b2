/*
** builtins_scc.c -- the builtins of the SCC broadcast experiments (Pichler 2013 §5, §6.2):
** print_bcast_cube_rounds(), which writes the round counter of the last Bcast_Cube
** (sk_bcast_cube_last_rounds, measurements/meas_bcast_algos.c) of rank 0 to the output
** as a comment and returns it, and scc_grid_map(n), the thesis' DOPL layout of the first
** n SCC cores as a rank-to-position map for Bcast_DOPL_Grid. Listed in builtins.c's
** builtin_module_tables.
*/
#include "builtins.h"
#include "builtins_common.h"
#include "meas_bcast_algos.h"
#include "output.h"

/* ---- print_bcast_cube_rounds(): the debug counter of Bin Jia's broadcast (Pichler
** 2013 §5), rounds of the last Bcast_Cube on rank 0, written to the output as a comment ---- */

static sk_value bi_print_bcast_cube_rounds(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)a; (void)loc;
  sk_bi_print_rank0("# Bcast_Cube rounds (last call, rank 0): %ld\n", sk_bcast_cube_last_rounds());
  return sk_int_value(sk_bcast_cube_last_rounds());
}

/* ---- scc_grid_map(n): the DOPL layout of the thesis (Pichler 2013 §6.2, figure 4) for the
** first n SCC cores, n = 12, 24, 36 or 48: core c (tile t = c / 2 at x = t % 6, y = t / 6)
** sits in row 2 y + c % 2, column x of a (n / 6) x 6 grid, at position row * 6 + column.
** For Bcast_DOPL_Grid(count, n / 6, 6, part, pipe, scc_grid_map(n)) on comm(n). ---- */

static sk_value bi_scc_grid_map(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  long n = a[0].u.i, c;
  sk_value map;
  (void)bc;
  if (n < 12 || n > 48 || n % 12 != 0)
    sk_user_error(loc, "scc_grid_map: %ld cores; the SCC layout needs 12, 24, 36 or 48", n);
  map = sk_iarray_new((size_t)n);
  for (c = 0; c < n; c++)
    sk_iarray_set(&map, (size_t)c, (2 * (c / 12) + c % 2) * 6 + (c / 2) % 6);
  return map;
}

/* its helpers, under the groups that skampi -l lists them by */
static const sk_builtin scc_helpers[] = {
  SK_BUILTIN_GROUP("output and environment"),
  { "print_bcast_cube_rounds", "", SK_T_INT, bi_print_bcast_cube_rounds, 0 },
  SK_BUILTIN_GROUP("settings"),
  { "scc_grid_map", "i", SK_T_IARRAY, bi_scc_grid_map, 0 },
  SK_BUILTINS_END
};

SK_API const sk_builtin *sk_builtins_scc(void) { return scc_helpers; }
