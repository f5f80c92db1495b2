/*
** builtins_instrument.c -- the switches of the library's instrumentation beside every
** result: switch_mpit_on/off (MPI_T performance variables, transport/mpit.h) and
** switch_peruse_on/off (PERUSE events, MPI PERUSE 2.0, transport/peruse.h); switching
** on is refused where the build lacks them. with_coll_algorithm(comm, coll, alg): the
** library's algorithm for a collective forced through MPI_T (transport/coll_algorithms.h),
** comm's measurement communicator made anew so that Open MPI takes it (skampi --tuning).
*/
#include "builtins.h"
#include "builtins_common.h"
#include "mpit.h"
#include "peruse.h"
#include "coll_algorithms.h"

/* MPI_T performance variables (mpit.h) and PERUSE events (peruse.h) beside every result. */
static const char *const bi_no_mpit = SK_HAVE_MPIT ? NULL
  : "switch_mpit_on: this build has no MPI_T (build with -DSKAMPI_MPIT against an MPI 3 library)";
static const char *const bi_no_peruse = SK_HAVE_PERUSE ? NULL
  : "switch_peruse_on: this build has no PERUSE (build with -DSKAMPI_PERUSE against an MPI library that "
    "has peruse.h, e.g. one made by tools/peruse/build-openmpi.sh)";

static sk_value bi_switch_mpit_on(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{ (void)a; return sk_bi_switch(&bc->settings->mpit, 1, bi_no_mpit, loc); }
static sk_value bi_switch_mpit_off(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{ (void)a; return sk_bi_switch(&bc->settings->mpit, 0, bi_no_mpit, loc); }
static sk_value bi_switch_peruse_on(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{ (void)a; return sk_bi_switch(&bc->settings->peruse, 1, bi_no_peruse, loc); }
static sk_value bi_switch_peruse_off(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{ (void)a; return sk_bi_switch(&bc->settings->peruse, 0, bi_no_peruse, loc); }

/* with_coll_algorithm(comm, "Bcast", "binomial"): comm, after the algorithm was set on
** every process (every process evaluates the call alike, SPMD) and comm's measurement
** communicator duplicated anew; "default" gives the choice back to the library. */
static sk_value bi_with_coll_algorithm(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  sk_str err;
  (void)bc;
  sk_str_init(&err);
  if (!sk_coll_algs_set(a[1].u.s, a[2].u.s, &err)) sk_user_error(loc, "with_coll_algorithm: %s", err.data);
  sk_str_free(&err);
#if SK_HAVE_MPIT_CVARS
  if (a[0].u.comm != NULL && sk_tp_group_rank(a[0].u.comm) >= 0) sk_tp_group_renew_measure(a[0].u.comm);
#endif
  return a[0];
}

static const sk_builtin instrument_table[] = {
  { "with_coll_algorithm", "css", SK_T_COMM, bi_with_coll_algorithm },
  { "switch_mpit_on", "", SK_T_NONE, bi_switch_mpit_on },
  { "switch_mpit_off", "", SK_T_NONE, bi_switch_mpit_off },
  { "switch_peruse_on", "", SK_T_NONE, bi_switch_peruse_on },
  { "switch_peruse_off", "", SK_T_NONE, bi_switch_peruse_off },
  { NULL, NULL, SK_T_NONE, NULL }
};

/* its helpers by group (skampi -l) */
static const sk_builtin_table instrument_table_groups[] = {
  { "settings", instrument_table },
  { NULL, NULL }
};

SK_API const sk_builtin_table *sk_builtins_instrument(void) { return instrument_table_groups; }
