/*
** meas_bcast_algos.h -- the portable measurement functions of meas_bcast_algos.c:
** ping-pongs and the broadcast algorithms of the SCC broadcast thesis (Pichler 2013: §3
** ping-pong, §5 Bin Jia's pipelined cube broadcast, §6 the DOPL mesh broadcast), written
** on the transport contract only, so they run on every backend.
*/
#ifndef SK_MEAS_BCAST_ALGOS_H
#define SK_MEAS_BCAST_ALGOS_H

#include "measure.h"
#include "sync_window.h"

/* The table (terminated by an entry whose name is NULL): Pingpong_Blocking,
** Pingpong_Nonblocking, Bcast_Cube, Bcast_DOPL, Bcast_DOPL_Grid, Bcast_Linear,
** Bcast_Library. */
SK_API const sk_measurement *sk_meas_table_bcast_algos(void);

/* With the verify setting on (m->settings->verify, switch_verification_on) after every
** broadcast each process checks that it holds exactly the root's bytes (a pattern
** depending on count and repetition); a mismatch fails the measurement with a message
** naming the first wrong byte. */

/* Communication rounds of the schedule the last Bcast_Cube call ran on this process:
** parts + ceil(log2 n) - 1 for n >= 2 processes and count > 0 (parts =
** ceil(count / part_size)); 0 when there is nobody to send to or nothing to send. The
** builtin print_bcast_cube_rounds() (language/builtins_scc.c) writes it. */
SK_API long sk_bcast_cube_last_rounds(void);

#endif
