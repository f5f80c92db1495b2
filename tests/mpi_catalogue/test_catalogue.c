/*
** test_catalogue.c -- runs every entry of every MPI measurement table (split/meas_mpi*.c,
** SKaMPI 5 manual §3.1-§3.4) under mpirun, outside the interpreter: the modules are compiled
** into this file directly (non-amalgam), and this file provides the little the engine
** would: sk_sync_start/sk_sync_stop (barrier + MPI_Wtime), sk_meas_fail, datatypes,
** operators and info values with the right MPI handles.
**
** For every function, on several communicators (world, world in reverse rank order, and
** with 3+ processes a sub-communicator without world rank 0), datatypes (MPI_INT,
** MPI_DOUBLE, MPI_CHAR and a strided derived type whose extent exceeds its size) and
** counts, it checks that
**   - init succeeds and declares the buffer usage: the buffers get exactly that many
**     bytes followed by a guard zone, which must stay untouched;
**   - measure returns a finite time, >= 0 or the "no meaningful time" -1, and >= 0 on
**     the processes that have a role in the function (column `who` below);
**   - for Bcast, Bcast_Send_Recv, Allreduce, Reduce_Bcast, Alltoall(v), the naive
**     all-to-alls, multi_Alltoall, Gather(v), Gather_SR/_ISWA, Scatter(v): the data
**     really arrived (send buffers carry a pattern, receive buffers are checked);
**   - every table entry has a test recipe here (so a new function cannot go untested);
**   - wrong arguments (root out of range, negative count, mismatched messages, bad tag,
**     bad operator, bad lock type or assertion) make init fail with a message instead
**     of crashing; a communicator smaller than a row's min_procs is the engine's to
**     refuse (sk_runner_init), so the rows must say how many processes they need.
**   - the verification pass of the engine (skampi -v, split/core/verify.h): after the two
**     plain calls, every function with a verifier runs once more through
**     sk_verify_call (pattern-filled buffers, the module's check) and must find its
**     data right, for every communicator, datatype (the strided one too) and count up
**     to 1000 (the largest count is left out to keep the test short); after it the
**     point-to-point and collective checks run again on buffers with a changed byte
**     and must report it (MINLOC/MAXLOC on pair types among the variants), and the
**     MPI-IO checks must report a changed byte in a file or in what a write put there
**     (run_io_corruption).
**   - a damaged one-sided result is noticed: every one-sided function with a verifier
**     runs once more, its windows and receive buffers damaged after the epoch, and its
**     check must fail on some process (damage_one); the MPI-3 windows of
**     meas_mpi_win_atomic.c (atomics' targets, Rput/Rget, shared windows) too.
** Deadlocks are caught by the `timeout` around mpirun in run.sh.
** The MPI-IO rows run with an even number of processes (2 and 4 in run.sh), with the
** verification of their data on (sk_settings.verify).
** Output: "ok ..." / "FAIL ..." lines (rank 0 for the summary, any rank for failures).
*/
#include "../../split/base/base.c"
#include "../../split/base/host.c"
#include "../../split/base/clock_skew.c"
#include "../../split/base/forked.c"
#include "../../split/transport/library_polling.c"
#include "../../split/transport/transport_mpi.c"
#include "../../split/transport/mpi_objects.c"
#include "../../split/core/verify.c"
#include "../../split/core/margs.c"
#include "../../split/core/measure.c"
#include "../../split/measurements/meas_mpi.c"
#include "../../split/measurements/meas_mpi_p2p.c"
#include "../../split/measurements/meas_mpi_bw.c"
#include "../../split/measurements/meas_mpi_mprobe.c"
#include "../../split/measurements/meas_mpi_coll.c"
#include "../../split/core/stats.c"
#include "../../split/measurements/meas_mpi_coll3.c"
#include "../../split/measurements/meas_mpi_neighbor.c"
#include "../../split/measurements/meas_mpi_session.c"
#include "../../split/measurements/meas_mpi_win_sync.c"
#include "../../split/measurements/meas_mpi_win_transfer.c"
#include "../../split/measurements/meas_mpi_win_coll.c"
#include "../../split/measurements/meas_mpi_win_atomic.c"
#include "../../split/measurements/meas_mpi_peer_rma.c"
#include "../../split/core/value.c"
#include "../../split/engine/settings.h"
#include "../../split/results/output.h"
#include "../../split/transport/io_files.c"
#include "../../split/transport/io_daccess.c"
#include "../../split/measurements/meas_mpi_io.c"
#include "../../split/measurements/meas_io_local.c"

/* ---- what the engine provides ---- */

/* The MPI-IO measurements read the settings (verification on: every MPI-IO call is
** checked by reading back) and may write a note into the output. */
static sk_settings io_settings;

SK_API void sk_out_text(const char *text)
{
  fputs(text, stdout);
}

SK_API double sk_sync_start(sk_mctx *m)
{
  sk_tp_barrier(m->group);
  return MPI_Wtime();
}

SK_API double sk_sync_stop(sk_mctx *m)
{
  double now = MPI_Wtime();
  sk_tp_barrier(m->group);
  return now;
}

/* the collectives' untimed warm-up calls (meas_mpi_coll.c coll_start): nothing to agree here */
SK_API void sk_sync_untimed_begin(sk_mctx *m) { (void)m; }
SK_API void sk_sync_untimed_end(sk_mctx *m) { (void)m; }


/* ---- test data ---- */

#define N_DATATYPES 4
static sk_datatype datatypes[N_DATATYPES];
static sk_opdef op_sum, op_max, op_minloc, op_maxloc;
/* MINLOC/MAXLOC operands: MPI_DOUBLE_INT and MPI_2INT (C layouts as in value.c) */
static sk_datatype pair_types[2];
struct test_double_int { double d; int i; };
struct test_2int { int a, b; };
#if SK_MPI_LEVEL >= 2
static sk_opdef op_replace;
#endif
#if SK_MPI_LEVEL >= 2
static MPI_Info some_info;
#endif

static void make_test_values(void)
{
  MPI_Datatype strided;
  int size;
  datatypes[0].name = "MPI_INT"; datatypes[0].size = datatypes[0].extent = sizeof(int); datatypes[0].mpi = MPI_INT;
  datatypes[1].name = "MPI_DOUBLE"; datatypes[1].size = datatypes[1].extent = sizeof(double);
  datatypes[1].mpi = MPI_DOUBLE;
  datatypes[2].name = "MPI_CHAR"; datatypes[2].size = datatypes[2].extent = 1; datatypes[2].mpi = MPI_CHAR;
  /* two ints with one int gap between: size 8, extent 12 (by the definition of
  ** MPI_Type_vector, so no extent query that MPI-3 renamed) */
  MPI_Type_vector(2, 1, 2, MPI_INT, &strided);
  MPI_Type_commit(&strided);
  MPI_Type_size(strided, &size);
  datatypes[3].name = "vector(2,1,2,MPI_INT)";
  datatypes[3].size = (size_t)size;
  datatypes[3].extent = 3 * sizeof(int);
  datatypes[3].mpi = strided;
  op_sum.name = "MPI_SUM"; op_sum.mpi = MPI_SUM;
  op_max.name = "MPI_MAX"; op_max.mpi = MPI_MAX;
  op_minloc.name = "MPI_MINLOC"; op_minloc.mpi = MPI_MINLOC;
  op_maxloc.name = "MPI_MAXLOC"; op_maxloc.mpi = MPI_MAXLOC;
  pair_types[0].name = "MPI_DOUBLE_INT"; pair_types[0].mpi = MPI_DOUBLE_INT;
  pair_types[0].extent = sizeof(struct test_double_int);
  pair_types[1].name = "MPI_2INT"; pair_types[1].mpi = MPI_2INT; pair_types[1].extent = sizeof(struct test_2int);
  MPI_Type_size(MPI_DOUBLE_INT, &size);
  pair_types[0].size = (size_t)size;
  MPI_Type_size(MPI_2INT, &size);
  pair_types[1].size = (size_t)size;
#if SK_MPI_LEVEL >= 2
  op_replace.name = "MPI_REPLACE"; op_replace.mpi = MPI_REPLACE;
  MPI_Info_create(&some_info);
  MPI_Info_set(some_info, "no_locks", "false");
#endif
}

/* Data checks after the measurement. */
enum check { CHK_NONE, CHK_BCAST, CHK_ALLREDUCE, CHK_ALLTOALL, CHK_GATHER, CHK_GATHER_OTHERS, CHK_SCATTER };

/* The recipe of one function: its arguments as tokens, separated by blanks:
**   C count   K max(count,1)   T datatype   O operator (MPI_SUM)   N info
**   R last rank (root, charged rank)   D last rank (dest, delay rank)
**   a number: that integer (or double, with a '.')
**   A an IArray of size entries count+rank (memsize of MPI_IO_*_random)
**   B an IArray of size entries 100+10*rank (blocklen of MPI_IO_*_random)
**   "posix" / "mpi": that string (api of the local MPI-IO measurements)
** `who`: the processes whose time must be >= 0: A all, 0 rank 0, P ranks 0 and 1,
** T ranks 1..size-1 (the PSCW targets), S rank 0 only (SIMPLE pattern: others do not
** measure), E the processes of complete pairs (2k, 2k+1). */
typedef struct recipe {
  const char *name, *args;
  char who;
  enum check check;
} recipe;

static const recipe recipes[] = {
  /* §3.1 */
  { "Pingpong_Send_Recv", "C T 1 3", 'P', CHK_NONE },
  { "Pingpong_Send_Iprobe_Recv", "C T 1 3", 'P', CHK_NONE },
  { "Pingpong_Send_Irecv", "C T 1 3", 'P', CHK_NONE },
  { "Pingpong_Send_Recv_AT", "C T 1 3", 'P', CHK_NONE },
  { "Pingpong_Send_Recv_AS", "C T 1 3", 'P', CHK_NONE },
  { "Pingpong_Ssend_Recv", "C T 1 3", 'P', CHK_NONE },
  { "Pingpong_Isend_Recv", "C T 1 3", 'P', CHK_NONE },
  { "Pingpong_Issend_Recv", "C T 1 3", 'P', CHK_NONE },
  { "Pingpong_Bsend_Recv", "C T 1 3", 'P', CHK_NONE },
  { "Pingpong_Sendrecv", "C T 1 C T 2 3", 'P', CHK_NONE },
  { "Pingpong_Sendrecv_replace", "C T 1 2 3", 'P', CHK_NONE },
  /* persistent ping-pongs (MPI-1.1), MPI-4 MPI_Isendrecv(_replace) and large counts */
  { "Pingpong_Send_init_Recv_init", "C T 1 3", 'P', CHK_NONE },
  { "Pingpong_Startall", "C T 1 3", 'P', CHK_NONE },
  { "Pingpong_Isendrecv", "C T 1 C T 2 3", 'P', CHK_NONE },
  { "Pingpong_Isendrecv_replace", "C T 1 2 3", 'P', CHK_NONE },
  { "Pingpong_Send_c_Recv_c", "C T 1 3", 'P', CHK_NONE },
  /* osu_latency_mp: the ping-pong with 2 children forked on rank 0, 1 on rank 1 */
  { "Pingpong_forked", "C T 1 3 2 1", 'P', CHK_NONE },
  /* §3.2 */
  { "Bcast", "C T R", 'A', CHK_BCAST },
  { "Bcast_Send_Recv", "C T R", 'A', CHK_BCAST },
  { "Barrier", "", 'A', CHK_NONE },
  { "Reduce", "C T O R", 'A', CHK_NONE },
  { "Allreduce", "C T O", 'A', CHK_ALLREDUCE },
  { "Reduce_Bcast", "C T O R", 'A', CHK_ALLREDUCE },
  { "Reduce_scatter", "C T O R", 'A', CHK_NONE },
  { "Alltoall", "C T C T", 'A', CHK_ALLTOALL },
  { "Alltoall_Isend_Irecv", "C T C T", 'A', CHK_ALLTOALL },
  { "Gather", "C T C T R", 'A', CHK_GATHER },
  { "Gather_SR", "C T C T R", 'A', CHK_GATHER_OTHERS },
  { "Gather_ISWA", "C T C T R", 'A', CHK_GATHER_OTHERS },
  { "Allgather", "C T C T", 'A', CHK_NONE },
  { "Scatter", "C T C T R", 'A', CHK_SCATTER },
  { "Reduce_Scatterv", "C T O R", 'A', CHK_NONE },
  { "Alltoallv", "C T C T", 'A', CHK_ALLTOALL },
  { "Alltoallv_Isend_Irecv", "C T C T", 'A', CHK_ALLTOALL },
  { "Gatherv", "C T C T R", 'A', CHK_GATHER },
  { "Allgatherv", "C T C T", 'A', CHK_NONE },
  { "Scatterv", "C T C T R", 'A', CHK_SCATTER },
  { "Scan", "C T O", 'A', CHK_NONE },
  { "Comm_split", "", 'A', CHK_NONE },
  { "Comm_dup", "", 'A', CHK_NONE },
  { "myalltoallv", "C T C T R 2.5", 'A', CHK_NONE },
  /* MPI-3 (meas_mpi_coll3.c): non-blocking alone and overlapped (the last argument: the
  ** MPI_Test calls), the new blocking ones, MPI_IN_PLACE, rotating roots */
  { "Ibarrier", "", 'A', CHK_NONE },
  { "Ibarrier_overlap", "3", 'A', CHK_NONE },
  { "Ibcast", "C T R", 'A', CHK_BCAST },
  { "Ibcast_overlap", "C T R 0", 'A', CHK_BCAST },
  { "Igather", "C T C T R", 'A', CHK_GATHER },
  { "Igather_overlap", "C T C T R 2", 'A', CHK_GATHER },
  { "Igatherv", "C T C T R", 'A', CHK_GATHER },
  { "Igatherv_overlap", "C T C T R 0", 'A', CHK_GATHER },
  { "Iscatter", "C T C T R", 'A', CHK_SCATTER },
  { "Iscatter_overlap", "C T C T R 5", 'A', CHK_SCATTER },
  { "Iscatterv", "C T C T R", 'A', CHK_SCATTER },
  { "Iscatterv_overlap", "C T C T R 0", 'A', CHK_SCATTER },
  { "Iallgather", "C T C T", 'A', CHK_NONE },
  { "Iallgather_overlap", "C T C T 0", 'A', CHK_NONE },
  { "Iallgatherv", "C T C T", 'A', CHK_NONE },
  { "Iallgatherv_overlap", "C T C T 1", 'A', CHK_NONE },
  { "Ialltoall", "C T C T", 'A', CHK_ALLTOALL },
  { "Ialltoall_overlap", "C T C T 0", 'A', CHK_ALLTOALL },
  { "Ialltoallv", "C T C T", 'A', CHK_ALLTOALL },
  { "Ialltoallv_overlap", "C T C T 4", 'A', CHK_ALLTOALL },
  { "Ialltoallw", "C T C T", 'A', CHK_ALLTOALL },
  { "Ialltoallw_overlap", "C T C T 0", 'A', CHK_ALLTOALL },
  { "Ireduce", "C T O R", 'A', CHK_NONE },
  { "Ireduce_overlap", "C T O R 1", 'A', CHK_NONE },
  { "Iallreduce", "C T O", 'A', CHK_ALLREDUCE },
  { "Iallreduce_overlap", "C T O 0", 'A', CHK_ALLREDUCE },
  { "Ireduce_scatter", "C T O", 'A', CHK_NONE },
  { "Ireduce_scatter_overlap", "C T O 2", 'A', CHK_NONE },
  { "Ireduce_scatter_block", "C T O", 'A', CHK_NONE },
  { "Ireduce_scatter_block_overlap", "C T O 0", 'A', CHK_NONE },
  { "Iscan", "C T O", 'A', CHK_NONE },
  { "Iscan_overlap", "C T O 0", 'A', CHK_NONE },
  { "Iexscan", "C T O", 'A', CHK_NONE },
  { "Iexscan_overlap", "C T O 3", 'A', CHK_NONE },
  { "Exscan", "C T O", 'A', CHK_NONE },
  { "Alltoallw", "C T C T", 'A', CHK_ALLTOALL },
  { "Reduce_scatter_block", "C T O", 'A', CHK_NONE },
  { "Reduce_local", "C T O", 'S', CHK_NONE },
  { "Allreduce_in_place", "C T O", 'A', CHK_NONE },
  { "Allgather_in_place", "C T", 'A', CHK_NONE },
  { "Alltoall_in_place", "C T", 'A', CHK_NONE },
  { "Reduce_scatter_block_in_place", "C T O", 'A', CHK_NONE },
  { "Bcast_rotate", "C T", 'A', CHK_NONE },
  { "Reduce_rotate", "C T O", 'A', CHK_NONE },
  { "Gather_rotate", "C T C T", 'A', CHK_NONE },
  { "Scatter_rotate", "C T C T", 'A', CHK_NONE },
  /* MPI-4 persistent collectives (the blocking twins' arguments) and large counts */
  { "Barrier_init", "", 'A', CHK_NONE },
  { "Bcast_init", "C T R", 'A', CHK_BCAST },
  { "Gather_init", "C T C T R", 'A', CHK_GATHER },
  { "Gatherv_init", "C T C T R", 'A', CHK_GATHER },
  { "Scatter_init", "C T C T R", 'A', CHK_SCATTER },
  { "Scatterv_init", "C T C T R", 'A', CHK_SCATTER },
  { "Allgather_init", "C T C T", 'A', CHK_NONE },
  { "Allgatherv_init", "C T C T", 'A', CHK_NONE },
  { "Alltoall_init", "C T C T", 'A', CHK_ALLTOALL },
  { "Alltoallv_init", "C T C T", 'A', CHK_ALLTOALL },
  { "Alltoallw_init", "C T C T", 'A', CHK_ALLTOALL },
  { "Reduce_init", "C T O R", 'A', CHK_NONE },
  { "Allreduce_init", "C T O", 'A', CHK_ALLREDUCE },
  { "Reduce_scatter_init", "C T O", 'A', CHK_NONE },
  { "Reduce_scatter_block_init", "C T O", 'A', CHK_NONE },
  { "Scan_init", "C T O", 'A', CHK_NONE },
  { "Exscan_init", "C T O", 'A', CHK_NONE },
  /* IMB-MPI4's overlapped persistent collectives: the persistent twins' arguments and the
  ** MPI_Test calls of the Ixxx_overlap rows */
  { "Barrier_init_overlap", "3", 'A', CHK_NONE },
  { "Bcast_init_overlap", "C T R 0", 'A', CHK_BCAST },
  { "Gather_init_overlap", "C T C T R 2", 'A', CHK_GATHER },
  { "Gatherv_init_overlap", "C T C T R 0", 'A', CHK_GATHER },
  { "Scatter_init_overlap", "C T C T R 5", 'A', CHK_SCATTER },
  { "Scatterv_init_overlap", "C T C T R 0", 'A', CHK_SCATTER },
  { "Allgather_init_overlap", "C T C T 0", 'A', CHK_NONE },
  { "Allgatherv_init_overlap", "C T C T 1", 'A', CHK_NONE },
  { "Alltoall_init_overlap", "C T C T 0", 'A', CHK_ALLTOALL },
  { "Alltoallv_init_overlap", "C T C T 4", 'A', CHK_ALLTOALL },
  { "Reduce_init_overlap", "C T O R 1", 'A', CHK_NONE },
  { "Allreduce_init_overlap", "C T O 0", 'A', CHK_ALLREDUCE },
  { "Reduce_scatter_init_overlap", "C T O 2", 'A', CHK_NONE },
  { "Bcast_c", "C T R", 'A', CHK_BCAST },
  { "Allreduce_c", "C T O", 'A', CHK_ALLREDUCE },
  /* MPI-4 sessions (meas_mpi_session.c; the pset is all processes: world-sized groups) */
  { "Session_init_finalize", "", 'S', CHK_NONE },
  { "Comm_create_from_group", "", 'A', CHK_NONE },
  /* MPI-3 neighbourhood collectives (meas_mpi_neighbor.c); topology 0 Cartesian here,
  ** the graphs among the variants */
  { "Neighbor_allgather", "C T 0", 'A', CHK_NONE },
  { "Neighbor_allgatherv", "C T 0", 'A', CHK_NONE },
  { "Neighbor_alltoall", "C T 0", 'A', CHK_NONE },
  { "Neighbor_alltoallv", "C T 0", 'A', CHK_NONE },
  { "Neighbor_alltoallw", "C T 0", 'A', CHK_NONE },
  { "Ineighbor_allgather", "C T 0", 'A', CHK_NONE },
  { "Ineighbor_allgatherv", "C T 0", 'A', CHK_NONE },
  { "Ineighbor_alltoall", "C T 0", 'A', CHK_NONE },
  { "Ineighbor_alltoallv", "C T 0", 'A', CHK_NONE },
  { "Ineighbor_alltoallw", "C T 0", 'A', CHK_NONE },
  /* §3.4 */
  { "Wtime", "100", 'S', CHK_NONE },
  { "MPI_Wtime", "", 'S', CHK_NONE },
  /* §3.3 */
  { "MPI_Win_fence_open", "C T N 0", 'A', CHK_NONE },
  { "MPI_Win_fence_close", "C T N 0 1", 'A', CHK_NONE },
  { "MPI_Win_fence_close_collective", "C T N 0 1", 'A', CHK_NONE },
  { "MPI_Win_fence_close_delayed", "C T N 3 20", 'A', CHK_NONE },
  { "MPI_Win_fence_openclose", "C T N 1", 'A', CHK_NONE },
  { "MPI_Win_start", "C T N 0", '0', CHK_NONE },
  { "MPI_Win_start_delayed_post", "C T N 0 20 D", '0', CHK_NONE },
  { "MPI_Win_post", "C T N 0", 'T', CHK_NONE },
  { "MPI_Win_complete", "C T N 0 1", '0', CHK_NONE },
  { "MPI_Win_startcomplete", "C T N 0 1", '0', CHK_NONE },
  { "MPI_Win_complete_n", "C T N 0 3 20", '0', CHK_NONE },
  { "MPI_Win_complete_delayed_wait", "C T N 0 1 20", '0', CHK_NONE },
  { "MPI_Win_wait_early_complete", "C T N 0 1 20", 'T', CHK_NONE },
  { "MPI_Win_wait_delayed_complete", "C T N 0 1 20", 'T', CHK_NONE },
  { "MPI_Win_test", "C T N 0 1", 'T', CHK_NONE },
  { "MPI_Win_test_delayed", "C T N 0 1 20", 'T', CHK_NONE },
  { "MPI_Win_create", "C T N", 'A', CHK_NONE },
  { "MPI_Win_free", "C T N 1", 'A', CHK_NONE },
  { "MPI_Win_lock", "C T N 0 1 D", '0', CHK_NONE },
  { "MPI_Win_lock_desync", "C T N 0 1 D 20", '0', CHK_NONE },
  { "MPI_Win_unlock", "C T N 0 0 D 1 20", '0', CHK_NONE },
  { "MPI_Put_Pingpong", "C T N", 'A', CHK_NONE },
  { "MPI_Put_fence_bidirectional", "C T N", 'A', CHK_NONE },
  { "MPI_Put_callduration", "C T N", '0', CHK_NONE },
  { "MPI_Isend_callduration", "C T", '0', CHK_NONE },
  { "MPI_Put_dedicated", "C T N", 'P', CHK_NONE },
  { "MPI_Put_passive", "C T N", '0', CHK_NONE },
  { "MPI_Put_passive_concurrent", "C T N 1", 'T', CHK_NONE },
  { "MPI_Put_fence", "C T N", 'A', CHK_NONE },
  { "MPI_Put_activewait_get", "K N", '0', CHK_NONE },
  { "MPI_Put_activewait_twosided", "C N", 'P', CHK_NONE },
  { "MPI_Put_activewait_twosided_sleep", "C N 20", 'P', CHK_NONE },
  { "MPI_Get_Pingpong", "C T N", 'A', CHK_NONE },
  { "MPI_Get_callduration", "C T N", '0', CHK_NONE },
  { "MPI_Get_dedicated", "C T N", 'P', CHK_NONE },
  { "MPI_Get_passive", "C T N", '0', CHK_NONE },
  { "MPI_Get_fence", "C T N", 'A', CHK_NONE },
  { "MPI_Get_activewait", "C N", 'P', CHK_NONE },
  { "MPI_Get_activewait_sleep", "C N 20", 'P', CHK_NONE },
  { "MPI_Accumulate", "C T N O", 'A', CHK_NONE },
  { "MPI_Accumulate_activewait_twosided", "C N", 'P', CHK_NONE },
  { "MPI_Accumulate_concurrent", "C T N O 1", 'A', CHK_NONE },
  { "Caching", "C T N 20", '0', CHK_NONE },
  { "Combining_fence", "C T N 3", 'A', CHK_NONE },
  { "Combining_dedicated", "C T N 3", 'P', CHK_NONE },
  { "Datatype_complex_everytime", "C N", 'A', CHK_NONE },
  { "Datatype_complex_once", "C N", 'A', CHK_NONE },
  { "Datatype_complex_mixed_everytime", "C N", 'A', CHK_NONE },
  { "Datatype_complex_mixed_once", "C N", 'A', CHK_NONE },
  { "Datatype_complex_Get", "C N", 'A', CHK_NONE },
  { "Datatype_int", "C N", 'A', CHK_NONE },
  { "Datatype_simple", "C N", 'A', CHK_NONE },
  { "Datatype_simple_Get", "C N", 'A', CHK_NONE },
  { "MPI_Put_Shift", "C T N -1", 'A', CHK_NONE },
  { "Exchange", "C T 2", 'A', CHK_NONE },
  { "MPI_Put_Exchange", "C T N 2", 'A', CHK_NONE },
  { "MPI_Put_Exchange_passive", "C T N 2", 'A', CHK_NONE },
  { "MPI_Accumulate_concurrent_multi", "C T N 2 O 0", 'A', CHK_NONE },
  { "onesided_bcast", "C T N 3", 'A', CHK_NONE },
  { "onesided_alltoall", "C T N 2", 'A', CHK_NONE },
  { "multi_Alltoall", "C T C T 3", 'A', CHK_ALLTOALL },
  { "onesided_reduce", "C T N O", 'A', CHK_NONE },
  { "onesided_allreduce", "C T N O", 'A', CHK_NONE },
  { "onesided_borderexchange", "C N 3 10", 'A', CHK_NONE },
  { "twosided_borderexchange", "C 3 10", 'A', CHK_NONE },
  { "onesided_borderexchange_fence", "C N 3 10", 'A', CHK_NONE },
  { "Send", "C T 5", '0', CHK_NONE },
  /* SKaMPI 6 */
  { "Par_Pingpong_Send_Recv", "C T 1 3 1 1", 'P', CHK_NONE },
  /* bandwidth and message rate (OSU 7 style): window 4, 3 windows; the pairs' rows
  ** leave the last rank of an odd communicator out */
  { "Bw", "C T 1 4 3", 'P', CHK_NONE },
  { "Bibw", "C T 1 4 3", 'P', CHK_NONE },
  { "Mbw_mr", "C T 1 4 3", 'E', CHK_NONE },
  { "Mbibw_mr", "C T 1 4 3", 'E', CHK_NONE },
  { "Multi_lat", "C T 1 3", 'E', CHK_NONE },
  /* MPI-3: matched probe, atomics (rank 0 the origin, rank 1 the target), request-based
  ** and shared-memory windows */
  { "Pingpong_Mprobe_Mrecv", "C T 1 3", 'P', CHK_NONE },
  { "Pingpong_Improbe_Imrecv", "C T 1 3", 'P', CHK_NONE },
  { "Fetch_and_op", "5", '0', CHK_NONE },
  { "Compare_and_swap", "5", '0', CHK_NONE },
  { "Get_accumulate", "C 3", '0', CHK_NONE },
  { "Rput", "C T 3", '0', CHK_NONE },
  { "Rget", "C T 3", '0', CHK_NONE },
  { "Shared_Put", "C T 3", '0', CHK_NONE },
  { "Shared_Get", "C T 3", '0', CHK_NONE },
  { "Win_allocate_shared", "C T", 'A', CHK_NONE },
  /* IMB-RMA's and OSU's one-sided loops (meas_mpi_peer_rma.c) */
  { "Get_bidirectional", "C T 3 0", 'P', CHK_NONE },
  { "Put_local", "C T 3 1", '0', CHK_NONE },
  { "Get_local", "C T 3 0", '0', CHK_NONE },
  { "Get_one_all", "C T 3", '0', CHK_NONE },
  { "Put_all_all", "C T 3", 'A', CHK_NONE },
  { "Get_all_all", "C T 3", 'A', CHK_NONE },
  { "Put_one_all_local", "C T 3", '0', CHK_NONE },
  { "Get_one_all_local", "C T 3", '0', CHK_NONE },
  { "Get_exchange", "C T 3", 'A', CHK_NONE },
  /* OSU's loops: window kind (create 0, allocate 1, dynamic 2), sync (lock 0, pscw 1,
  ** fence 2, flush 3, flush_local 4, lock_all 5) varied over the rows */
  { "Put_latency", "C T 3 0 1", '0', CHK_NONE },
  { "Get_latency", "C T 3 2 2", '0', CHK_NONE },
  { "Accumulate_latency", "C O 3 1 0", '0', CHK_NONE },
  { "Get_accumulate_latency", "C O 3 0 4", '0', CHK_NONE },
  { "Fetch_and_op_latency", "3 2 5", '0', CHK_NONE },
  { "Compare_and_swap_latency", "3 1 3", '0', CHK_NONE },
  { "Put_bw", "C T 2 4 1 3", '0', CHK_NONE },
  { "Get_bw", "C T 2 4 0 2", '0', CHK_NONE },
  { "Put_bibw", "C T 2 4 2 1", 'P', CHK_NONE },
  { "Get_fence_bidirectional", "C T 3 2", 'P', CHK_NONE },
  /* the multi-pair gets (rank r of the first half with rank r + P/2; an odd last rank idles;
  ** the first half times, rank 0 at least) */
  { "Get_mbw", "C T 2 4 1 3", '0', CHK_NONE },
  { "Get_multi_lat", "C T 3 1", '0', CHK_NONE },
  { "delayed_Alltoall", "C T C T 0.0001 0", 'A', CHK_ALLTOALL },
  { "delayed_Gather", "C T C T R 0.0001 0", 'A', CHK_GATHER },
  { "waitpattern_down", "0.0001", 'A', CHK_NONE },
  { "waitpattern_up", "0.0001", 'A', CHK_NONE },
  { "Pingpong_Put_Put", "C T N 3", 'A', CHK_NONE },
  { "onesided_dummy", "C T N", '0', CHK_NONE },
  /* MPI-IO (SKaMPI 6 io.c, localio.c); 273 = 0x111 (write_at/read_at), 532 = 0x214
  ** (ordered), 530 = 0x212 (write_all/read_all) */
  { "MPI_IO_open", "1", 'A', CHK_NONE },
  { "MPI_IO_close", "C", 'A', CHK_NONE },
  { "MPI_IO_open_close", "1", 'A', CHK_NONE },
  { "MPI_IO_delete", "C", '0', CHK_NONE },
  { "MPI_IO_delete_on_close", "C", 'A', CHK_NONE },
  { "MPI_IO_file_seek", "C 700 T T T", 'A', CHK_NONE },
  { "MPI_IO_file_seek_shared", "C 700 T T T", 'A', CHK_NONE },
  { "MPI_IO_preallocate", "C 1", 'A', CHK_NONE },
  { "MPI_IO_write_segmented", "C 700 K T T T 273", 'A', CHK_NONE },
  { "MPI_IO_read_segmented", "C 700 K T T T 530", 'A', CHK_NONE },
  { "MPI_IO_write_strided", "C 700 900 T T T 530", 'A', CHK_NONE },
  { "MPI_IO_read_strided", "C 700 900 T T T 273", 'A', CHK_NONE },
  { "MPI_IO_read_file", "C T T T 273", 'A', CHK_NONE },
  { "MPI_IO_read_and_distribute", "C 2 T T T 273", 'A', CHK_NONE },
  { "MPI_IO_write_random", "A B T T T 530", 'A', CHK_NONE },
  { "MPI_IO_read_random", "A B T T T 273", 'A', CHK_NONE },
  { "MPI_IO_write_noncontiguous", "C 700 T T T 273", 'A', CHK_NONE },
  { "MPI_IO_read_noncontiguous", "C 700 T T T 530", 'A', CHK_NONE },
  { "MPI_IO_write_separate", "C 700 900 T T T 273", 'A', CHK_NONE },
  { "MPI_IO_read_separate", "C 700 900 T T T 273", 'A', CHK_NONE },
  { "MPI_IO_write_sequential", "C 700 T T T 276", 'A', CHK_NONE },
  { "MPI_IO_read_sequential", "C 700 T T T 532", 'A', CHK_NONE },
  { "MPI_IO_write_and_read", "C 1000 T T T 273", 'E', CHK_NONE },
  { "MPI_IO_write_once", "C T T T 0 273", 'A', CHK_NONE },
  { "MPI_IO_read_once", "C T T T 1 530", 'A', CHK_NONE },
  { "MPI_IO_read_file_once", "C posix 1", 'S', CHK_NONE },
  { "MPI_IO_write_file_once", "C mpi 1 0", 'S', CHK_NONE },
  { "MPI_IO_read_large_file_once", "12", 'S', CHK_NONE },
  { "MPI_IO_write_large_file_once", "12 0", 'S', CHK_NONE },
  { NULL, NULL, 0, CHK_NONE }
};

/* Further valid argument sets (run on the world communicator with count 100, MPI_INT):
** assertions, lock types given as the MPI constants, other operators and distances.
** Extra tokens: Q MPI_MODE_NOCHECK, H NOCHECK|NOSTORE|NOPUT, F all four fence modes,
** U NOSUCCEED|NOPUT|NOSTORE, L MPI_LOCK_SHARED, E MPI_LOCK_EXCLUSIVE, W MPI_REPLACE,
** Y MPI_MAX, G size+1, I MPI_DOUBLE_INT, J MPI_2INT, M MPI_MINLOC, Z MPI_MAXLOC. */
static const recipe variants[] = {
  { "Reduce", "C T Y 0", 'A', CHK_NONE },
  { "Allreduce", "C T Y", 'A', CHK_NONE },
  { "myalltoallv", "C T C T 0 0", 'A', CHK_NONE },
  { "myalltoallv", "C T C T 0 0.5", 'A', CHK_NONE },
  { "Pingpong_Sendrecv", "C T 7 5 T 9 2", 'P', CHK_NONE },
  /* MINLOC/MAXLOC on pair types, recomputed by the verification */
  { "Allreduce", "C I M", 'A', CHK_NONE },
  { "Reduce", "C J Z R", 'A', CHK_NONE },
  { "Scan", "C I Z", 'A', CHK_NONE },
  { "Reduce_Bcast", "C J M 0", 'A', CHK_NONE },
  { "Reduce_scatter", "C J M 0", 'A', CHK_NONE },
  { "Reduce_Scatterv", "C I Z R", 'A', CHK_NONE },
  { "Exchange", "C T 1", 'A', CHK_NONE },
  { "Bw", "C T 1 0 2", 'P', CHK_NONE },          /* window 0: OSU's 64 */
  { "Mbw_mr", "C T 1 0 1", 'E', CHK_NONE },
#if SK_MPI_LEVEL >= 3
  { "Iallreduce", "C I M", 'A', CHK_NONE },
  { "Iexscan", "C J Z", 'A', CHK_NONE },
  { "Ireduce_scatter", "C J M", 'A', CHK_NONE },
  { "Reduce_scatter_block", "C I M", 'A', CHK_NONE },
  { "Reduce_local", "C J Z", 'S', CHK_NONE },
  { "Reduce_rotate", "C I Z", 'A', CHK_NONE },
  { "Allreduce_in_place", "C I M", 'A', CHK_NONE },
  { "Iallreduce_overlap", "C T Y 1000", 'A', CHK_NONE },
  { "Neighbor_allgather", "C T 1", 'A', CHK_NONE },
  { "Neighbor_allgather", "C T 2", 'A', CHK_NONE },
  { "Neighbor_alltoall", "C T 1", 'A', CHK_NONE },
  { "Neighbor_alltoall", "C T 2", 'A', CHK_NONE },
  { "Neighbor_alltoallw", "C V 1", 'A', CHK_NONE },
  { "Ineighbor_allgatherv", "C T 2", 'A', CHK_NONE },
  { "Ineighbor_alltoallv", "C T 1", 'A', CHK_NONE },
  { "Ineighbor_alltoallw", "C T 2", 'A', CHK_NONE },
#endif
#if SK_MPI_LEVEL >= 2
  { "MPI_Win_fence_open", "C T N F", 'A', CHK_NONE },
  { "MPI_Win_fence_close", "C T N U 1", 'A', CHK_NONE },
  { "MPI_Win_fence_close", "C T N F 0", 'A', CHK_NONE },
  { "MPI_Win_start", "C T N Q", '0', CHK_NONE },
  { "MPI_Win_post", "C T N H", 'T', CHK_NONE },
  { "MPI_Win_complete", "C T N Q 1", '0', CHK_NONE },
  { "MPI_Win_start_delayed_post", "C T N Q 50 1", '0', CHK_NONE },
  { "MPI_Win_test_delayed", "C T N Q 1 50", 'T', CHK_NONE },
  { "MPI_Win_lock", "C T N Q E 0", '0', CHK_NONE },
  { "MPI_Win_lock", "C T N 0 L D", '0', CHK_NONE },
  { "MPI_Win_unlock", "C T N 0 E 0 0 0", '0', CHK_NONE },
  { "MPI_Put_passive_concurrent", "C T N 0", 'T', CHK_NONE },
  { "MPI_Put_passive_concurrent", "C T N L", 'T', CHK_NONE },
  { "MPI_Accumulate", "C T N W", 'A', CHK_NONE },
  { "MPI_Accumulate_concurrent", "C T N Y 0", 'A', CHK_NONE },
  { "onesided_reduce", "C T N W", 'A', CHK_NONE },
  { "MPI_Put_Shift", "C T N G", 'A', CHK_NONE },
  { "MPI_Put_Shift", "C T N 0", 'A', CHK_NONE },
#endif
#if SK_HAVE_MPI_IO
  /* every data access class (0x111 ... 0x224) on writes and reads */
  { "MPI_IO_write_segmented", "C 30 K T T T 273", 'A', CHK_NONE },
  { "MPI_IO_write_segmented", "C 30 K T T T 274", 'A', CHK_NONE },
  { "MPI_IO_write_segmented", "C 30 K T T T 276", 'A', CHK_NONE },
  { "MPI_IO_write_segmented", "C 30 K T T T 289", 'A', CHK_NONE },
  { "MPI_IO_write_segmented", "C 30 K T T T 290", 'A', CHK_NONE },
  { "MPI_IO_write_segmented", "C 30 K T T T 292", 'A', CHK_NONE },
  { "MPI_IO_write_segmented", "C 30 K T T T 529", 'A', CHK_NONE },
  { "MPI_IO_write_segmented", "C 30 K T T T 530", 'A', CHK_NONE },
  { "MPI_IO_write_segmented", "C 30 K T T T 532", 'A', CHK_NONE },
  { "MPI_IO_write_segmented", "C 30 K T T T 545", 'A', CHK_NONE },
  { "MPI_IO_write_segmented", "C 30 K T T T 546", 'A', CHK_NONE },
  { "MPI_IO_write_segmented", "C 30 K T T T 548", 'A', CHK_NONE },
  { "MPI_IO_read_strided", "C 30 40 T T T 273", 'A', CHK_NONE },
  { "MPI_IO_read_strided", "C 30 40 T T T 274", 'A', CHK_NONE },
  { "MPI_IO_read_strided", "C 30 40 T T T 276", 'A', CHK_NONE },
  { "MPI_IO_read_strided", "C 30 40 T T T 289", 'A', CHK_NONE },
  { "MPI_IO_read_strided", "C 30 40 T T T 290", 'A', CHK_NONE },
  { "MPI_IO_read_strided", "C 30 40 T T T 292", 'A', CHK_NONE },
  { "MPI_IO_read_strided", "C 30 40 T T T 529", 'A', CHK_NONE },
  { "MPI_IO_read_strided", "C 30 40 T T T 530", 'A', CHK_NONE },
  { "MPI_IO_read_strided", "C 30 40 T T T 532", 'A', CHK_NONE },
  { "MPI_IO_read_strided", "C 30 40 T T T 545", 'A', CHK_NONE },
  { "MPI_IO_read_strided", "C 30 40 T T T 546", 'A', CHK_NONE },
  { "MPI_IO_read_strided", "C 30 40 T T T 548", 'A', CHK_NONE },
  { "MPI_IO_write_sequential", "C 30 T T T 292", 'A', CHK_NONE },
  { "MPI_IO_read_sequential", "C 30 T T T 548", 'A', CHK_NONE },
  { "MPI_IO_write_and_read", "C 30 T T T 530", 'E', CHK_NONE },
  { "MPI_IO_write_random", "A B T T T 546", 'A', CHK_NONE },
  { "MPI_IO_read_once", "C T T T 0 545", 'A', CHK_NONE },
  { "MPI_IO_open", "0", 'A', CHK_NONE },
  { "MPI_IO_open_close", "0", 'A', CHK_NONE },
  { "MPI_IO_read_file_once", "C mpi 0", 'S', CHK_NONE },
  { "MPI_IO_write_file_once", "C posix 0 1", 'S', CHK_NONE },
  { "MPI_IO_write_file_once", "C posix 1 0", 'S', CHK_NONE },
  { "MPI_IO_write_large_file_once", "10 1", 'S', CHK_NONE },
#endif
  { NULL, NULL, 0, CHK_NONE }
};

/* Wrong arguments that init must refuse (run on the world communicator). */
typedef struct bad_case {
  const char *name, *args;
  const char *why;
} bad_case;

static const bad_case bad_cases[] = {
  { "Bcast", "4 T 99", "root out of range" },
  { "Bcast", "-1 T 0", "negative count" },
  { "Reduce", "4 T O -1", "negative root" },
  { "Gather", "2 T 1 T 0", "send and receive sizes differ" },
  { "Scatter", "1 T 1 T 99", "root out of range" },
  { "Alltoall", "-3 T -3 T", "negative counts" },
  { "Allreduce", "4 X O", "MPI_SUM on MPI_CHAR" },
  { "Allreduce", "4 T M", "MPI_MINLOC on MPI_INT" },
  { "Allreduce", "4 V O", "MPI_SUM on a derived datatype" },
  { "Pingpong_Send_Recv", "4 T -5 3", "negative tag" },
  { "Pingpong_Send_Recv", "4 T 1 -1", "negative iterations" },
  { "Pingpong_Sendrecv", "4 T 1 4 T -2 3", "negative receive tag" },
  { "myalltoallv", "4 T 4 T 0 -1.0", "negative ratio" },
  { "myalltoallv", "4 T 4 T 99 2.0", "charged rank out of range" },
  { "Wtime", "-1", "negative iterations" },
  { "Exchange", "4 T -2", "negative msg_cnt" },
  { "Send", "4 T -1", "negative tag" },
  { "Par_Pingpong_Send_Recv", "4 T 1 3 2 1", "nodesize smaller than procs" },
  { "Par_Pingpong_Send_Recv", "4 T 1 3 1 99", "pairs beyond the communicator" },
  { "delayed_Alltoall", "4 T 4 T -1.0 0", "negative delay" },
  { "delayed_Gather", "4 T 4 T 99 0.0 0", "root out of range" },
  { "waitpattern_up", "-1.0", "negative scale" },
  { "Bw", "4 T 1 -1 3", "negative window" },
  { "Bibw", "4 T 1 5000 3", "window above the largest" },
  { "Mbw_mr", "4 T -1 4 3", "negative tag" },
  { "Multi_lat", "4 T 1 -1", "negative iterations" },
#if SK_MPI_LEVEL >= 3
  { "Ibcast", "4 T 99", "root out of range" },
  { "Ibcast_overlap", "4 T -1 0", "negative root" },
  { "Iallreduce", "4 X O", "MPI_SUM on MPI_CHAR" },
  { "Igather", "2 T 1 T 0", "send and receive sizes differ" },
  { "Reduce_local", "-1 T O", "negative count" },
  { "Alltoall_in_place", "-2 T", "negative count" },
  { "Neighbor_alltoall", "4 T 3", "topology 3" },
  { "Ineighbor_allgather", "-1 T 0", "negative count" },
#endif
#if SK_MPI_LEVEL >= 2
  { "MPI_Win_lock", "4 T N 0 7 0", "lock type 7" },
  { "MPI_Win_lock", "4 T N 0 1 99", "dest out of range" },
  { "MPI_Win_lock", "4 T N 999999 1 0", "assert not a mode" },
  { "MPI_Win_fence_close", "4 T N P 1", "MPI_MODE_NOPRECEDE on a fence closing puts" },
  { "MPI_Win_start_delayed_post", "4 T N 0 10 0", "delay rank 0 (the origin)" },
  { "MPI_Accumulate", "4 X N O", "MPI_SUM on MPI_CHAR" },
  { "MPI_Put_activewait_get", "0 N", "count 0 (needs one int for the stamp)" },
  { "MPI_Put_passive_concurrent", "4 T N 5", "lock type 5" },
  { "MPI_Win_fence_open", "-4 T N 0", "negative count" },
#endif
#if SK_HAVE_MPI_IO
  { "MPI_IO_write_segmented", "4 2 4 T T T 999", "daccess no class" },
  { "MPI_IO_write_segmented", "4 2 2 T T T 273", "stride smaller than memsize" },
  { "MPI_IO_read_strided", "4 0 4 T T T 273", "blocklen 0" },
  { "MPI_IO_write_once", "4 X T T 0 273", "memtype MPI_CHAR is no multiple of etype MPI_INT" },
  { "MPI_IO_read_large_file_once", "63", "power beyond 62" },
  { "MPI_IO_read_and_distribute", "4 0 T T T 273", "np 0" },
#endif
  { NULL, NULL, NULL }
};

/* ---- running ---- */

#define GUARD 64
#define GUARD_BYTE 0xA5
#define RECV_FILL 0x5A

static int world_rank, errors, checks, verbose;
static const char *only;   /* SKTEST_ONLY=PREFIX: only the rows whose names start so (debugging) */

static void fail_line(const char *what, const char *fn, const char *dt, long count, int size, const char *detail)
{
  printf("FAIL %s: %s dt=%s count=%ld procs=%d (world rank %d): %s\n", what, fn, dt, count, size, world_rank, detail);
  fflush(stdout);
  errors++;
}

static unsigned char pattern(int rank, size_t k)
{
  return (unsigned char)((rank * 31 + (long)(k % 100003) * 7 + 1) & 0xff);
}

/* Builds the arguments of a recipe; returns 0 if the token kinds do not match params. */
static int build_args(const char *params, const char *recipe_args, sk_value *args, long count,
                      const sk_datatype *dt, const sk_opdef *op, int size, int info_variant, char *problem)
{
  char buf[200], *tok;
  int n = 0;
  strcpy(buf, recipe_args);
  for (tok = strtok(buf, " "); tok != NULL; tok = strtok(NULL, " "), n++) {
    char want = params[n];
    sk_value *v = &args[n];
    if (want == '\0') { sprintf(problem, "more arguments than parameters \"%s\"", params); return 0; }
    memset(v, 0, sizeof *v);
    if (strcmp(tok, "C") == 0 || strcmp(tok, "K") == 0) {
      v->type = SK_T_INT; v->u.i = tok[0] == 'K' && count < 1 ? 1 : count;
    } else if (strcmp(tok, "R") == 0 || strcmp(tok, "D") == 0) {
      v->type = SK_T_INT; v->u.i = size - 1;
    } else if (strlen(tok) == 1 && strchr("TXVIJ", tok[0]) != NULL) {
      v->type = SK_T_DATATYPE;
      v->u.dt = tok[0] == 'X' ? &datatypes[2] : tok[0] == 'V' ? &datatypes[3] : tok[0] == 'I' ? &pair_types[0]
              : tok[0] == 'J' ? &pair_types[1] : dt;
    } else if (strlen(tok) == 1 && strchr("OMYZ", tok[0]) != NULL) {
      v->type = SK_T_OP;
      v->u.op = tok[0] == 'M' ? &op_minloc : tok[0] == 'Z' ? &op_maxloc : tok[0] == 'Y' ? &op_max : op;
    } else if (strcmp(tok, "G") == 0) {
      v->type = SK_T_INT; v->u.i = size + 1;
    } else if (strcmp(tok, "N") == 0) {
      v->type = SK_T_INFO;
#if SK_MPI_LEVEL >= 2
      v->u.info = info_variant ? (void *)&some_info : NULL;
#else
      (void)info_variant;
      v->u.info = NULL;
#endif
#if SK_MPI_LEVEL >= 2
    } else if (strlen(tok) == 1 && strchr("PQHFULE", tok[0]) != NULL) {
      v->type = SK_T_INT;
      v->u.i = tok[0] == 'P' ? MPI_MODE_NOPRECEDE : tok[0] == 'Q' ? MPI_MODE_NOCHECK
             : tok[0] == 'H' ? MPI_MODE_NOCHECK | MPI_MODE_NOSTORE | MPI_MODE_NOPUT
             : tok[0] == 'F' ? MPI_MODE_NOPRECEDE | MPI_MODE_NOSUCCEED | MPI_MODE_NOPUT | MPI_MODE_NOSTORE
             : tok[0] == 'U' ? MPI_MODE_NOSUCCEED | MPI_MODE_NOPUT | MPI_MODE_NOSTORE
             : tok[0] == 'L' ? MPI_LOCK_SHARED : MPI_LOCK_EXCLUSIVE;
    } else if (strcmp(tok, "W") == 0) {
      v->type = SK_T_OP; v->u.op = &op_replace;
#endif
    } else if (strcmp(tok, "A") == 0 || strcmp(tok, "B") == 0) {
      int q;
      *v = sk_iarray_new((size_t)size);
      for (q = 0; q < size; q++) sk_iarray_set(v, (size_t)q, tok[0] == 'A' ? count + q : 100 + 10 * q);
    } else if (strcmp(tok, "posix") == 0 || strcmp(tok, "mpi") == 0) {
      v->type = SK_T_STRING; v->u.s = tok[0] == 'p' ? "posix" : "mpi";
    } else if (strchr(tok, '.') != NULL) {
      v->type = SK_T_DOUBLE; v->u.d = atof(tok);
    } else {
      v->type = SK_T_INT; v->u.i = atol(tok);
    }
    if ((want == 'i' && v->type != SK_T_INT) || (want == 'd' && v->type != SK_T_DOUBLE && v->type != SK_T_INT)
        || (want == 't' && v->type != SK_T_DATATYPE) || (want == 'o' && v->type != SK_T_OP)
        || (want == 'n' && v->type != SK_T_INFO) || (want == 'a' && v->type != SK_T_IARRAY)
        || (want == 's' && v->type != SK_T_STRING)) {
      sprintf(problem, "argument %d (%s) does not fit parameter letter '%c'", n + 1, tok, want);
      return 0;
    }
  }
  if (params[n] != '\0') { sprintf(problem, "fewer arguments than parameters \"%s\"", params); return 0; }
  return 1;
}

static const recipe *find_recipe(const char *name)
{
  int i;
  for (i = 0; recipes[i].name; i++) if (strcmp(recipes[i].name, name) == 0) return &recipes[i];
  return NULL;
}

static void fill_buffers(char *send, size_t send_usage, char *recv, size_t recv_usage, int rank,
                         const sk_mctx *m, const sk_value *args, enum check check)
{
  size_t k;
  for (k = 0; k < send_usage; k++) send[k] = (char)pattern(rank, k);
  memset(send + send_usage, GUARD_BYTE, GUARD);
  memset(recv, RECV_FILL, recv_usage);
  memset(recv + recv_usage, GUARD_BYTE, GUARD);
  if (check == CHK_ALLREDUCE && args[1].u.dt->mpi == MPI_INT && args[2].u.op->mpi == MPI_SUM) {
    int *ints = (int *)send;
    for (k = 0; k < (size_t)args[0].u.i; k++) ints[k] = m->rank + (int)k;
  }
}

static int guard_intact(const char *buf, size_t usage)
{
  size_t k;
  for (k = 0; k < GUARD; k++) if ((unsigned char)buf[usage + k] != GUARD_BYTE) return 0;
  return 1;
}

/* Compares `bytes` received bytes with the pattern of rank `from` starting at offset. */
static int matches(const char *buf, size_t bytes, int from, size_t offset)
{
  size_t k;
  for (k = 0; k < bytes; k++) if ((unsigned char)buf[k] != pattern(from, offset + k)) return 0;
  return 1;
}

/* Returns NULL if the data arrived, else what is wrong. */
static const char *check_data(enum check check, const sk_mctx *m, const sk_value *args, const char *recv)
{
  const sk_datatype *dt = args[1].u.dt;
  size_t block;
  int j;
  if (check == CHK_NONE) return NULL;
  if (check == CHK_ALLREDUCE) {
    const int *ints = (const int *)recv;
    long k;
    if (dt->mpi != MPI_INT || args[2].u.op->mpi != MPI_SUM) return NULL;
    for (k = 0; k < args[0].u.i; k++)
      if (ints[k] != m->size * (m->size - 1) / 2 + m->size * (int)k) return "wrong reduction result";
    return NULL;
  }
  if (dt->size != dt->extent) return NULL;   /* holes are not transferred */
  block = sk_mpi_bytes(args[0].u.i, dt);
  if (check == CHK_BCAST) {
    int root = (int)args[2].u.i;
    if (m->rank != root && !matches(recv, block, root, 0)) return "broadcast data did not arrive";
  } else if (check == CHK_ALLTOALL) {
    for (j = 0; j < m->size; j++)
      if (!matches(recv + (size_t)j * block, block, j, (size_t)m->rank * block)) return "all-to-all block wrong";
  } else if (check == CHK_GATHER || check == CHK_GATHER_OTHERS) {
    int root = (int)args[4].u.i;
    if (m->rank == root)
      for (j = 0; j < m->size; j++)
        if ((check == CHK_GATHER || j != root) && !matches(recv + (size_t)j * block, block, j, 0))
          return "gathered block wrong";
  } else if (check == CHK_SCATTER) {
    int root = (int)args[4].u.i;
    if (!matches(recv, block, root, (size_t)m->rank * block)) return "scattered block wrong";
  }
  return NULL;
}

/* The row as the catalogue hands it out (catalogue.c, not compiled in here): the type
** letters and names split from its "name:letter ..." signature. Made once per row. */
#define MAX_ROWS 512
static const sk_measurement *row_from[MAX_ROWS];
static sk_measurement row_copy[MAX_ROWS];
static char row_letters[MAX_ROWS][32], row_names[MAX_ROWS][256];
static int n_rows;

static const sk_measurement *row_of(const sk_measurement *raw)
{
  int i;
  const char *p;
  size_t nl = 0, nn = 0;
  for (i = 0; i < n_rows; i++) if (row_from[i] == raw) return &row_copy[i];
  if (n_rows == MAX_ROWS) { fprintf(stderr, "test_catalogue: more than %d rows\n", MAX_ROWS); exit(1); }
  i = n_rows++;
  row_from[i] = raw;
  row_copy[i] = *raw;
  for (p = raw->signature ? raw->signature : ""; *p; ) {
    size_t len, colon;
    while (*p == ' ') p++;
    if (*p == '\0') break;
    len = strcspn(p, " ");
    colon = strcspn(p, ":");
    if (colon + 2 != len || nl + 2 > sizeof row_letters[i] || nn + len + 1 > sizeof row_names[i]) {
      fprintf(stderr, "test_catalogue: row %s: bad signature '%s'\n", raw->name, raw->signature);
      exit(1);
    }
    if (nn) row_names[i][nn++] = ' ';
    memcpy(row_names[i] + nn, p, colon);
    nn += colon;
    row_letters[i][nl++] = p[colon + 1];
    p += len;
  }
  row_letters[i][nl] = row_names[i][nn] = '\0';
  row_copy[i].params = row_letters[i];
  row_copy[i].param_names = row_names[i];
  return &row_copy[i];
}

static int verified_calls, damaged_calls, corruptions_caught;

/* Whether v is a row of the point-to-point or collective tables, whose checks read the
** receive (or exchanged send) buffer -- the one-sided ones read window memory. */
static int checks_buffers(const sk_measurement *v)
{
  const sk_measurement *(*const tables[])(void) = { sk_meas_table_mpi_p2p, sk_meas_table_mpi_coll,
                                                    sk_meas_table_mpi_coll3, sk_meas_table_mpi_neighbor,
                                                    sk_meas_table_mpi_bw, sk_meas_table_mpi_mprobe, NULL };
  int t, k;
  for (t = 0; tables[t]; t++)
    for (k = 0; tables[t]()[k].name; k++) if (sk_streq(v->name, tables[t]()[k].name)) return 1;
  return 0;
}

/* After a verification call of a point-to-point or collective function found the data
** right: one byte at each end of the receive buffer and the first of the send buffer
** (Pingpong_Sendrecv_replace exchanges in it) are changed, and the check run again must
** report it on some process of the group (a process may check nothing, as all but the
** root of a Reduce). */
static void verify_catches_corruption(const sk_measurement *v, sk_mctx *m, const sk_value *args, int takes_part,
                                      const char *fn, const char *dtname, long count, int size)
{
  int mine[2], all[2];
  mine[0] = takes_part && (m->recv_usage > 0 || m->send_usage > 0);
  mine[1] = 0;
  if (mine[0]) {
    if (m->recv_usage > 0) { m->recv_buf[0] ^= 0x24; m->recv_buf[m->recv_usage - 1] ^= 0x42; }
    if (m->send_usage > 0) m->send_buf[0] ^= 0x24;
    v->check(m, args);
    mine[1] = m->failed;
    m->failed = 0;
  }
  MPI_Allreduce(mine, all, 2, MPI_INT, MPI_MAX, sk_tp_group_mpi_comm(m->group));
  checks++;
  if (all[0] && !all[1] && m->rank == 0)
    fail_line("verify-corrupted", fn, dtname, count, size, "a changed byte in the buffers went unnoticed");
  else if (all[1] && world_rank == 0) corruptions_caught++;
}

/* The engine's verification call on the test's buffers: the data must be right. */
static void verify_one(const sk_measurement *def, sk_mctx *m, const sk_value *args, char *send, char *recv,
                       const char *dtname, long count, int size)
{
  const sk_measurement *v = def;
  int takes_part = def->pattern == SK_PATTERN_SIMPLE ? m->rank == 0 : def->pattern == SK_PATTERN_P2P ? m->rank <= 1 : 1;
  int any_failed = 0;
  if (v == NULL || v->check == NULL || count > 1000) return;   /* the large count: time only */
  m->send_buf = send;
  m->recv_buf = recv;
  m->failed = 0;
  if (takes_part) sk_verify_call(def, m, args);
  checks++;
  verified_calls++;
  MPI_Allreduce(&m->failed, &any_failed, 1, MPI_INT, MPI_MAX, sk_tp_group_mpi_comm(m->group));
  if (m->failed) {
    fail_line("verify", def->name, dtname, count, size, m->fail_msg);
    m->failed = 0;
  } else if (!any_failed && checks_buffers(v)) {
    verify_catches_corruption(v, m, args, takes_part, def->name, dtname, count, size);
  }
}

/* One-sided rows: the verification must notice a damaged result. After prepare and
** measure every nonzero byte of the windows and receive buffers (what arrived, the start
** values of gets and accumulates) is flipped; when any byte of the communicator was,
** the check must fail on at least one process. */
static void damage_one(const sk_measurement *def, sk_mctx *m, const sk_value *args, char *send, char *recv,
                       const char *dtname, long count, int size)
{
#if SK_MPI_LEVEL >= 2
  const sk_measurement *v = def;
  int mine[2], all[2];
  size_t k, memory_size = 0;
  char *memory = NULL;
  if (def->finalize == sk_win_finalize && m->state != NULL) {
    memory = ((sk_win_state *)m->state)->memory;
    memory_size = (size_t)((sk_win_state *)m->state)->memory_size;
  }
#if SK_MPI_LEVEL >= 3
  if (def->finalize == finalize_peer_rma && m->state != NULL) {   /* meas_mpi_peer_rma.c: the shared state first */
    memory = ((sk_win_state *)m->state)->memory;
    memory_size = (size_t)((sk_win_state *)m->state)->memory_size;
  }
  if (def->finalize == finalize_atomic && m->state != NULL) {   /* the MPI-3 windows (meas_mpi_win_atomic.c) */
    memory = ((atomic_state *)m->state)->memory;
    memory_size = ((atomic_state *)m->state)->bytes;
  }
#endif
  /* the small counts only (1 or 5, every datatype): enough to show that the check looks */
  if (memory == NULL || v == NULL || v->check == NULL || count < 1 || count > 5) return;
  MPI_Barrier(sk_mpi_comm(m));   /* the verification's last reads are over (the engine agrees there) */
  m->send_buf = send;
  m->recv_buf = recv;
  m->failed = 0;
  mine[0] = 0;
  (v->prepare ? v->prepare : sk_verify_default_prepare)(m, args);
  def->measure(m, args);
  for (k = 0; k < memory_size; k++) if (memory[k]) { memory[k] ^= 0x5a; mine[0] = 1; }
  for (k = 0; k < m->recv_usage; k++) if (recv[k]) { recv[k] ^= 0x5a; mine[0] = 1; }
  MPI_Barrier(sk_mpi_comm(m));
  if (!m->failed) v->check(m, args);
  mine[1] = m->failed;
  MPI_Allreduce(mine, all, 2, MPI_INT, MPI_MAX, sk_mpi_comm(m));
  checks++;
  if (all[0] && !all[1]) fail_line("damage", def->name, dtname, count, size, "a damaged window or buffer went unnoticed");
  damaged_calls += all[0];
  m->failed = 0;
#else
  (void)def; (void)m; (void)args; (void)send; (void)recv; (void)dtname; (void)count; (void)size;
#endif
}

/* One function at one argument set on group g (members only). */
static void run_one(const sk_measurement *def, const recipe *r, sk_group *g, long count, const sk_datatype *dt,
                    int info_variant)
{
  sk_value args[16];
  sk_mctx m;
  char problem[200];
  char *send, *recv;
  int rep, size = sk_tp_group_size(g);
  double started;
  const char *dtname = strchr(def->params, 't') ? dt->name : "-";
  memset(&m, 0, sizeof m);
  m.group = g;
  m.rank = sk_tp_group_rank(g);
  m.size = size;
  m.settings = &io_settings;
  if (!build_args(def->params, r->args, args, count, dt, &op_sum, size, info_variant, problem)) {
    fail_line("recipe", def->name, dtname, count, size, problem);
    return;
  }
  started = MPI_Wtime();
  sk_mctx_bind(def, &m, args);
  if (def->init) def->init(&m, args);
  checks++;
  if (verbose) printf("# %s dt=%s count=%ld procs=%d: init %.6f s\n", def->name, dtname, count, size, MPI_Wtime() - started);
  if (m.failed) {
    fail_line("init", def->name, dtname, count, size, m.fail_msg);
    return;
  }
  send = (char *)sk_malloc(m.send_usage + GUARD);
  recv = (char *)sk_malloc(m.recv_usage + GUARD);
  for (rep = 0; rep < 2; rep++) {
    int takes_part = def->pattern == SK_PATTERN_SIMPLE ? m.rank == 0
                   : def->pattern == SK_PATTERN_P2P ? m.rank <= 1 : 1;
    int has_role;
    double t;
    fill_buffers(send, m.send_usage, recv, m.recv_usage, m.rank, &m, args, r->check);
    m.send_buf = send;
    m.recv_buf = recv;
    started = MPI_Wtime();
    t = takes_part ? def->measure(&m, args) : -1.0;
    checks++;
    if (verbose) printf("#   measure %.6f s (returned %g)\n", MPI_Wtime() - started, t);
    has_role = r->who == 'A' || (r->who == 'S' && m.rank == 0) || (r->who == '0' && m.rank == 0)
               || (r->who == 'P' && m.rank <= 1) || (r->who == 'T' && m.rank >= 1)
               || (r->who == 'E' && (m.rank ^ 1) < size);
    if (m.failed) {
      fail_line("measure", def->name, dtname, count, size, m.fail_msg);
      m.failed = 0;
    }
    if (!(t == t) || t > 1.0e6 || t < -1.0e6) {
      sprintf(problem, "time %g is not finite", t);
      fail_line("time", def->name, dtname, count, size, problem);
    } else if (t < 0.0 && t != -1.0) {
      sprintf(problem, "negative time %g (only -1 means \"no time\")", t);
      fail_line("time", def->name, dtname, count, size, problem);
    } else if (has_role && t < 0.0) {
      fail_line("time", def->name, dtname, count, size, "no time on a process that has a role");
    }
    if (!guard_intact(send, m.send_usage) || !guard_intact(recv, m.recv_usage)) {
      sprintf(problem, "wrote beyond the declared usage (send %lu, recv %lu bytes)",
              (unsigned long)m.send_usage, (unsigned long)m.recv_usage);
      fail_line("usage", def->name, dtname, count, size, problem);
    }
    if (takes_part) {
      const char *wrong = check_data(r->check, &m, args, recv);
      if (wrong) fail_line("data", def->name, dtname, count, size, wrong);
    }
  }
  verify_one(def, &m, args, send, recv, dtname, count, size);
  damage_one(def, &m, args, send, recv, dtname, count, size);
  started = MPI_Wtime();
  if (def->finalize) def->finalize(&m, args);
  if (verbose) printf("#   finalize %.6f s\n", MPI_Wtime() - started);
  free(send);
  free(recv);
}

/* Runs every entry of one table on group g; world non-members just return. */
static void run_table(const char *table_name, const sk_measurement *table, sk_group *g, const long *counts,
                      int n_counts)
{
  int e, c, d, variant = 0, mpi4;
  int member = sk_tp_group_rank(g) >= 0, size = sk_tp_group_size(g);
  if (!member) return;
  for (e = 0; table[e].name; e++) {
    const sk_measurement *def = row_of(&table[e]);   /* params split from the signature */
    const recipe *r = find_recipe(def->name);
    double started = MPI_Wtime();
    int before = errors;
    if (def->alias_of != NULL) continue;   /* another name of a row tested under its own */
    if (strncmp(def->name, "Verify_Corrupt", 14) == 0) continue;   /* damages its data on purpose (run.sh) */
    if (only != NULL && strncmp(def->name, only, strlen(only)) != 0) continue;
    if (r == NULL) {
      if (sk_tp_group_rank(g) == 0) fail_line("coverage", def->name, "-", 0, size, "no recipe in test_catalogue.c");
      continue;
    }
    if (size < def->min_procs || def->measure == NULL) continue;   /* engine refuses; not in this build */
    /* the MPI-4 rows start the operations (arguments, buffers, checks) of the MPI-3 and
    ** point-to-point rows, which the other groups and datatypes try: they run on the
    ** world group only, with more than 2 processes with MPI_INT alone (CI time) */
    mpi4 = def->needs != NULL && strcmp(def->needs, "MPI-4") == 0;
    if (mpi4 && strchr(table_name, '/') != NULL) continue;
    for (d = 0; d < N_DATATYPES; d++) {
      if (mpi4 && size > 2 && d > 0) break;
      if (d > 0 && strchr(def->params, 't') == NULL) break;
      /* the overlap rows start the same calls as their pure rows, which try every
      ** datatype; each of their inits calibrates a computation (milliseconds) */
      if (d > 0 && strstr(def->name, "_overlap") != NULL) break;
      if (strchr(def->params, 'o') != NULL && d > 1) break;    /* reductions: MPI_INT, MPI_DOUBLE */
      if (strncmp(def->name, "MPI_IO_", 7) == 0 && (d == 1 || d == 2)) continue;   /* files: MPI_INT, strided */
#if defined(MPICH_NUMVERSION) && MPICH_NUMVERSION < 40300000
      /* MPICH before 4.3: MPI_Isendrecv breaks derived types (the rows refuse them) */
      if (d == 3 && strncmp(def->name, "Pingpong_Isendrecv", 18) == 0) continue;
#endif
      for (c = 0; c < n_counts; c++) run_one(def, r, g, counts[c], &datatypes[d], variant++ & 1);
    }
    if (sk_tp_group_rank(g) == 0 && errors == before)
      printf("ok %s %s procs=%d (%.2f s)\n", table_name, def->name, size, MPI_Wtime() - started);
    fflush(stdout);
  }
}

static const sk_measurement *find_measurement(const char *name)
{
  const sk_measurement *tables[12];
  int t, k;
  tables[0] = sk_meas_table_mpi_p2p();
  tables[1] = sk_meas_table_mpi_coll();
  tables[2] = sk_meas_table_mpi_win_sync();
  tables[3] = sk_meas_table_mpi_win_transfer();
  tables[4] = sk_meas_table_mpi();
  tables[5] = sk_meas_table_mpi_io();
  tables[6] = sk_meas_table_mpi_coll3();
  tables[7] = sk_meas_table_mpi_neighbor();
  tables[8] = sk_meas_table_mpi_bw();
  tables[9] = sk_meas_table_mpi_session();
  tables[10] = sk_meas_table_io_local();
  tables[11] = sk_meas_table_mpi_win_coll();
  for (t = 0; t < 12; t++)
    for (k = 0; tables[t][k].name; k++) if (strcmp(tables[t][k].name, name) == 0) return row_of(&tables[t][k]);
  return NULL;
}

/* The bandwidth rows' definition of their time (meas_mpi_bw.c): on a pair (world ranks 0
** and 1) the time one process returns, times the messages its row says the span carried
** (W per window, twice that both ways, one pair for Mbw_mr with 2 processes as for Bw),
** is a span inside the call: between 0 and the call's duration. A divisor too small
** (say, per window instead of per message) makes it longer than the call. Afterwards
** no message of the row is left unreceived (the windows matched one to one). */
static void run_bw_definition(sk_group *world)
{
  static const char *const rows[] = { "Bw", "Mbw_mr", "Bibw" };
  static const int directions[] = { 1, 1, 2 };
  int pair_ranks[2] = { 0, 1 }, i, flag;
  sk_group *pair;
  MPI_Status status;
  if (sk_tp_group_size(world) < 2) return;
  pair = sk_tp_group_create(pair_ranks, 2);
  if (sk_tp_group_rank(pair) < 0) return;
  for (i = 0; i < 3; i++) {
    const sk_measurement *def = find_measurement(rows[i]);
    sk_value args[16];
    sk_mctx m;
    char problem[200], *send, *recv;
    double started, t, span, messages;
    memset(&m, 0, sizeof m);
    m.group = pair;
    m.rank = sk_tp_group_rank(pair);
    m.size = 2;
    m.settings = &io_settings;
    if (def == NULL || !build_args(def->params, "C T 1 4 3", args, 1000, &datatypes[0], &op_sum, 2, 0, problem)) {
      fail_line("bw-definition", rows[i], "MPI_INT", 1000, 2, "no row or bad arguments");
      continue;
    }
    sk_mctx_bind(def, &m, args);
    def->init(&m, args);
    send = (char *)sk_malloc(m.send_usage + 1);
    recv = (char *)sk_malloc(m.recv_usage + 1);
    m.send_buf = send;
    m.recv_buf = recv;
    MPI_Barrier(sk_mpi_comm(&m));
    started = MPI_Wtime();
    t = def->measure(&m, args);
    span = MPI_Wtime() - started;
    messages = sk_bw_messages(1, directions[i], 4, 3);
    checks += 2;
    if (messages != 12.0 * directions[i] || t < 0.0 || t * messages > span * (1.0 + 1e-9) + 1e-9) {
      sprintf(problem, "time %g us times %g messages is not a span inside the call of %g us", t * 1e6, messages,
              span * 1e6);
      fail_line("bw-definition", rows[i], "MPI_INT", 1000, 2, problem);
    }
    MPI_Barrier(sk_mpi_comm(&m));
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, sk_mpi_comm(&m), &flag, &status);
    if (flag) fail_line("bw-definition", rows[i], "MPI_INT", 1000, 2, "a message of the row was left unreceived");
    if (m.rank == 0 && !flag) printf("ok bw-definition %s: time x %g messages within the call\n", rows[i], messages);
    free(send);
    free(recv);
  }
}

/* Cache-cold (set_cache_cold, set_cache_cold_size 8000 bytes): Bw, Bibw, Mbw_mr and
** Multi_lat of 100 ints (400 bytes) rotate over 20 slots, so init declares 8000 bytes;
** the verification finds every slot the 12 messages (3 for Multi_lat) filled right, and
** a changed byte in the last of them (slot 11; 2) on the receivers makes it fail. */
static void run_cache_cold(sk_group *world)
{
  static const char *const rows[] = { "Bw", "Bibw", "Mbw_mr", "Multi_lat" };
  int i, mine, all;
  if (sk_tp_group_size(world) < 2) return;
  for (i = 0; i < 4; i++) {
    const sk_measurement *def = find_measurement(rows[i]);
    sk_value args[16];
    sk_mctx m;
    char problem[200], *send, *recv;
    long last = i == 3 ? 2 : 11;
    memset(&m, 0, sizeof m);
    m.group = world;
    m.rank = sk_tp_group_rank(world);
    m.size = sk_tp_group_size(world);
    m.settings = &io_settings;
    io_settings.cache_cold = 1;
    io_settings.cache_cold_bytes = 8000;
    if (def == NULL || !build_args(def->params, i == 3 ? "C T 1 3" : "C T 1 4 3", args, 100, &datatypes[0], &op_sum,
                                   m.size, 0, problem)) {
      fail_line("cache-cold", rows[i], "MPI_INT", 100, m.size, "no row or bad arguments");
      continue;
    }
    sk_mctx_bind(def, &m, args);
    def->init(&m, args);
    checks++;
    if (m.recv_usage != 0 && m.recv_usage != 8000) {
      sprintf(problem, "receive usage %lu, not the 8000 bytes of 20 slots", (unsigned long)m.recv_usage);
      fail_line("cache-cold", rows[i], "MPI_INT", 100, m.size, problem);
    }
    send = (char *)sk_malloc(m.send_usage + 1);
    recv = (char *)sk_malloc(m.recv_usage + 1);
    m.send_buf = send;
    m.recv_buf = recv;
    sk_verify_call(def, &m, args);
    checks++;
    if (m.failed) fail_line("cache-cold verify", rows[i], "MPI_INT", 100, m.size, m.fail_msg);
    m.failed = 0;
    mine = m.recv_usage > 0;
    if (mine) {
      recv[last * 400 + 17] ^= 0x11;
      def->check(&m, args);
      mine = m.failed ? 2 : 1;
    }
    MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MAX, sk_tp_group_mpi_comm(world));
    checks++;
    if (all != 2) fail_line("cache-cold damage", rows[i], "MPI_INT", 100, m.size, "a changed byte in the last slot went unnoticed");
    else if (world_rank == 0) printf("ok cache-cold %s: 20 slots, every used one verified, slot %ld's damage caught\n", rows[i], last);
    io_settings.cache_cold = 0;
    io_settings.cache_cold_bytes = 0;
    free(send);
    free(recv);
  }
}

static void run_variants(sk_group *world)
{
  int i, before;
  for (i = 0; variants[i].name; i++) {
    const sk_measurement *def = find_measurement(variants[i].name);
    before = errors;
    if (only != NULL && strncmp(variants[i].name, only, strlen(only)) != 0) continue;
    if (strncmp(variants[i].name, "MPI_IO_", 7) == 0 && sk_tp_group_size(world) % 2 != 0) continue;
    if (def == NULL) { fail_line("variant", variants[i].name, "-", 0, 0, "function not in any table"); continue; }
    if (sk_tp_group_size(world) < def->min_procs || def->measure == NULL) continue;
    run_one(def, &variants[i], world, 100, &datatypes[0], 1);
    if (world_rank == 0 && errors == before) printf("ok variant %s(%s)\n", def->name, variants[i].args);
  }
}

static void run_bad_cases(sk_group *world)
{
  int i;
  for (i = 0; bad_cases[i].name; i++) {
    const sk_measurement *def = find_measurement(bad_cases[i].name);
    sk_value args[16];
    sk_mctx m;
    char problem[200];
    if (def == NULL) { fail_line("bad-args", bad_cases[i].name, "-", 0, 0, "function not in any table"); continue; }
    memset(&m, 0, sizeof m);
    m.group = world;
    m.rank = sk_tp_group_rank(world);
    m.size = sk_tp_group_size(world);
    m.settings = &io_settings;
    if (!build_args(def->params, bad_cases[i].args, args, 4, &datatypes[0], &op_sum, m.size, 0, problem)) {
      fail_line("bad-args recipe", def->name, "-", 0, m.size, problem);
      continue;
    }
    sk_mctx_bind(def, &m, args);
    if (def->init) def->init(&m, args);
    checks++;
    if (!m.failed) {
      fail_line("bad-args", def->name, "-", 0, m.size, bad_cases[i].why);
      if (def->finalize) def->finalize(&m, args);
    } else if (world_rank == 0) {
      printf("ok refused %s(%s) [%s]: %s\n", def->name, bad_cases[i].args, bad_cases[i].why, m.fail_msg);
    }
  }
}

#if SK_HAVE_MPI_IO
/* The MPI-IO checks report a corrupted file or read-back (the MPI-IO rows verify inside
** their first call, so the generic corruption test above does not reach them). Reads:
** world rank 0 changes byte 7 of the file init made, then the verifying call must fail
** on rank 0 with `expect` in its message. Writes: rank 0 writes its chunk with byte 7
** changed and the write check (io_verify_write) must find it. */
static void run_io_corruption(sk_group *world, const char *name, const char *rargs, int write, const char *expect)
{
  const sk_measurement *def = find_measurement(name);
  sk_value args[16];
  sk_mctx m;
  char problem[200];
  int failed_anywhere = 0;
  memset(&m, 0, sizeof m);
  m.group = world;
  m.rank = sk_tp_group_rank(world);
  m.size = sk_tp_group_size(world);
  m.settings = &io_settings;
  if (def == NULL || !build_args(def->params, rargs, args, 100, &datatypes[0], &op_sum, m.size, 0, problem)) {
    fail_line("io-corruption recipe", name, "MPI_INT", 100, m.size, "no such row or wrong recipe");
    return;
  }
  sk_mctx_bind(def, &m, args);
  def->init(&m, args);
  m.send_buf = (char *)sk_calloc(m.send_usage + 1, 1);
  m.recv_buf = (char *)sk_calloc(m.recv_usage + 1, 1);
  if (!m.failed && !write) {
    MPI_Barrier(MPI_COMM_WORLD);
    if (m.rank == 0) {
      FILE *f = fopen(io_of(&m)->path, "r+b");
      int c = f ? (fseek(f, 7L, SEEK_SET), getc(f)) : EOF;
      if (c != EOF && fseek(f, 7L, SEEK_SET) == 0) putc(c ^ 0x5a, f);
      if (f) fclose(f);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    def->measure(&m, args);
  } else if (!m.failed) {
    sk_mpiio_state *s = io_of(&m);
    MPI_File fh;
    size_t bytes = sk_mpi_bytes(s->elements, s->memtype);
    char *bad = (char *)sk_malloc(bytes + 1);
    sk_mpiio_fill(m.send_buf, bytes, s->owner);
    memcpy(bad, m.send_buf, bytes);
    if (m.rank == 0 && bytes > 7) bad[7] ^= 0x5a;
    if (io_open(&m, s, IO_WRITE_MODE, &fh)) {
      io_run_chunks(&m, s, fh, bad, 1, s->daccess);
      MPI_File_sync(fh);
      MPI_Barrier(s->comm);
      MPI_File_sync(fh);
      io_verify_write(&m, s, fh, m.send_buf);
      MPI_File_close(&fh);
    }
    free(bad);
  }
  MPI_Allreduce(&m.failed, &failed_anywhere, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  checks++;
  if (m.rank == 0 && (!m.failed || strstr(m.fail_msg, expect) == NULL))
    fail_line("io-corruption", name, "MPI_INT", 100, m.size, m.failed ? m.fail_msg : "the changed byte went unnoticed");
  else if (m.rank == 0) printf("ok io verification catches a changed byte: %s(%s): %s\n", name, rargs, m.fail_msg);
  m.failed = 0;
  def->finalize(&m, args);
  free(m.send_buf);
  free(m.recv_buf);
}
#endif

/* A one-process communicator is too small for every point-to-point row: the engine
** refuses it before init because the row says it needs two processes. */
static void run_too_small(sk_group *alone)
{
  const sk_measurement *table = sk_meas_table_mpi_p2p();
  int e;
  if (sk_tp_group_rank(alone) < 0) return;
  for (e = 0; table[e].name; e++) {
    checks++;
    if (table[e].pattern == SK_PATTERN_P2P && table[e].min_procs < 2)
      fail_line("min_procs", table[e].name, "-", 0, 1, "a point-to-point row that accepts one process");
  }
  printf("ok every point-to-point row needs two processes (the engine refuses fewer)\n");
}

int main(int argc, char **argv)
{
  /* With more processes than the 2 cores of a test machine every synchronisation costs
  ** milliseconds (MPICH polls), so the larger runs try fewer counts. */
  static const long counts_full[] = { 0, 1, 5, 1000, 20000 };
  static const long counts_oversubscribed[] = { 0, 5, 20000 };
  static const long counts_short[] = { 1, 300 };
  static const long counts_io[] = { 5, 3000 };
  const long *counts, *counts3;
  int n_counts, n_counts3;
  int size, i, total_errors = 0, total_checks = 0, *ranks;
  sk_group *world, *reversed, *tail = NULL, *alone;
  sk_tp_start(&argc, &argv);
  world_rank = sk_tp_world_rank();
  verbose = getenv("SKTEST_VERBOSE") != NULL && world_rank == 0;   /* per-call durations */
  only = getenv("SKTEST_ONLY");
  size = sk_tp_world_size();
  make_test_values();
  memset(&io_settings, 0, sizeof io_settings);
  io_settings.verify = 1;              /* the MPI-IO measurements check what they moved */
  io_settings.io.datarep = "native";
  io_settings.io.file_sync = 1;
  counts = size <= 2 ? counts_full : counts_oversubscribed;
  n_counts = size <= 2 ? 5 : 3;
  world = sk_tp_world();
  ranks = (int *)sk_malloc(sizeof(int) * (size_t)size);
  for (i = 0; i < size; i++) ranks[i] = size - 1 - i;
  reversed = sk_tp_group_create(ranks, size);
  for (i = 0; i < size; i++) ranks[i] = i + 1;
  if (size >= 3) tail = sk_tp_group_create(ranks, size - 1);
  ranks[0] = 0;
  alone = sk_tp_group_create(ranks, 1);
  free(ranks);
  if (world_rank == 0) {
    printf("# test_catalogue: %d processes, MPI level %d\n", size, SK_MPI_LEVEL);
    fflush(stdout);
  }

  run_table("p2p", sk_meas_table_mpi_p2p(), world, counts, n_counts);
  /* the MPI-3 and bandwidth families: with more processes than 2 one count each (their
  ** edge cases, count 0 and 20000, are tried with 2), which keeps MPICH's 4-process run,
  ** polling on 2 cores, within its time */
  counts3 = size <= 2 ? counts : counts_short + 1;
  n_counts3 = size <= 2 ? n_counts : 1;
  run_table("bw", sk_meas_table_mpi_bw(), world, counts3, n_counts3);
  run_bw_definition(world);
  run_cache_cold(world);
  run_table("mprobe", sk_meas_table_mpi_mprobe(), world, counts3, n_counts3);
  run_table("win_atomic", sk_meas_table_mpi_win_atomic(), world, counts3, n_counts3);
  run_table("peer_rma", sk_meas_table_mpi_peer_rma(), world, counts3, n_counts3);
  run_table("coll", sk_meas_table_mpi_coll(), world, counts, n_counts);
  run_table("coll3", sk_meas_table_mpi_coll3(), world, counts3, n_counts3);
  run_table("neighbor", sk_meas_table_mpi_neighbor(), world, counts3, n_counts3);
  run_table("session", sk_meas_table_mpi_session(), world, counts_full, 1);
  run_table("mpi", sk_meas_table_mpi(), world, counts_full, 1);
  run_table("win_sync", sk_meas_table_mpi_win_sync(), world, counts, n_counts);
  run_table("win_transfer", sk_meas_table_mpi_win_transfer(), world, counts, n_counts);
  run_table("win_coll", sk_meas_table_mpi_win_coll(), world, counts, n_counts);
  /* MPI-IO with 2 and 4 processes (files cost time; 3 adds nothing the pairs lack; 4
  ** processes on 2 cores try the larger count only) */
  if (size % 2 == 0) run_table("io", sk_meas_table_mpi_io(), world, counts_io + (size > 2), size > 2 ? 1 : 2);
  run_table("p2p/reversed", sk_meas_table_mpi_p2p(), reversed, counts_short, 2);
  run_table("bw/reversed", sk_meas_table_mpi_bw(), reversed, counts_short, 2);
  run_table("mprobe/reversed", sk_meas_table_mpi_mprobe(), reversed, counts_short, 2);
  run_table("win_atomic/reversed", sk_meas_table_mpi_win_atomic(), reversed, counts_short, 2);
  run_table("peer_rma/reversed", sk_meas_table_mpi_peer_rma(), reversed, counts_short, 2);
  run_table("coll/reversed", sk_meas_table_mpi_coll(), reversed, counts_short, 2);
  run_table("coll3/reversed", sk_meas_table_mpi_coll3(), reversed, counts_short, 2);
  run_table("neighbor/reversed", sk_meas_table_mpi_neighbor(), reversed, counts_short, 2);
  run_table("win_sync/reversed", sk_meas_table_mpi_win_sync(), reversed, counts_short, 2);
  run_table("win_transfer/reversed", sk_meas_table_mpi_win_transfer(), reversed, counts_short, 2);
  run_table("win_coll/reversed", sk_meas_table_mpi_win_coll(), reversed, counts_short, 2);
  if (tail != NULL) {
    run_table("p2p/sub", sk_meas_table_mpi_p2p(), tail, counts_short, 2);
    run_table("bw/sub", sk_meas_table_mpi_bw(), tail, counts_short, 2);
    run_table("mprobe/sub", sk_meas_table_mpi_mprobe(), tail, counts_short, 2);
    run_table("win_atomic/sub", sk_meas_table_mpi_win_atomic(), tail, counts_short, 2);
    run_table("peer_rma/sub", sk_meas_table_mpi_peer_rma(), tail, counts_short, 2);
    run_table("coll/sub", sk_meas_table_mpi_coll(), tail, counts_short, 2);
    run_table("coll3/sub", sk_meas_table_mpi_coll3(), tail, counts_short, 2);
    run_table("neighbor/sub", sk_meas_table_mpi_neighbor(), tail, counts_short, 2);
    run_table("win_sync/sub", sk_meas_table_mpi_win_sync(), tail, counts_short, 2);
    run_table("win_transfer/sub", sk_meas_table_mpi_win_transfer(), tail, counts_short, 2);
    run_table("win_coll/sub", sk_meas_table_mpi_win_coll(), tail, counts_short, 2);
  }
  run_variants(world);
  run_bad_cases(world);
  run_too_small(alone);
#if SK_HAVE_MPI_IO
  if (only == NULL && size % 2 == 0) {
    run_io_corruption(world, "MPI_IO_read_once", "C T T T 0 273", 0, "read buffer, data byte 7 of 400");
    run_io_corruption(world, "MPI_IO_read_segmented", "C 30 K T T T 276", 0, "read buffers in no determined order");
    run_io_corruption(world, "MPI_IO_write_once", "C T T T 0 529", 1, "file read back, data byte 7 of 400");
    run_io_corruption(world, "MPI_IO_write_segmented", "C 30 K T T T 292", 1, "file read back in no determined order");
  }
#endif
  if (world_rank == 0) printf("# corrupted buffers the checks caught: %d\n", corruptions_caught);
  sk_io_files_finish();   /* the default directory of the MPI-IO files */

  MPI_Allreduce(&errors, &total_errors, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(&checks, &total_checks, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (world_rank == 0) {
    printf("# test_catalogue: %d processes, %d checks (%d verification calls on rank 0, %d damaged one-sided results caught), %d failures\n",
           size, total_checks, verified_calls, damaged_calls, total_errors);
    fflush(stdout);
  }
  MPI_Type_free(&datatypes[3].mpi);
#if SK_MPI_LEVEL >= 2
  MPI_Info_free(&some_info);
#endif
  sk_tp_finish();
  return total_errors == 0 ? 0 : 1;
}
