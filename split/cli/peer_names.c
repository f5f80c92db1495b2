/*
** peer_names.c -- see peer_names.h: the table of OSU 7.4 and IMB 2021 benchmarks that
** skampi measures (the row, its fixed parameters, the tool's table layout), their options,
** the program of a run, and the tool's tables printed from the result file. The layouts
** follow the tools' published output: OSU's "%-10s%20s" columns with two decimals, IMB's
** columns of 13 characters ("IMB User Guide", section "Output").
*/
#include "peer_names.h"
#include "sko.h"
#include "transport.h"
#include <ctype.h>

/* The layouts. OSU: latency (one-way) of a ping-pong, bandwidth, bandwidth and message
** rate, a collective's latency, one without a size (barrier), one-sided latency and
** bandwidth, a non-blocking collective (overlap), the start-up programs (no row: their
** "row" is their own name, sk_peer_startup prints them). IMB: t[usec] and Mbytes/sec, the
** range over processes with Mbytes/sec, the range, the range without sizes, Mbytes/sec
** and Msg/sec, overlap, overlap without sizes, IMB-P2P's t[usec], Mbytes/sec and Msg/sec
** of one pair's round trip and of a round of every process, IMB-MT's t_avg with Mbytes/sec
** and Msg/sec, IMB-RMA's Truly_passive_put's t_pure and t_ovrl (skampi: t_pure alone). */
enum {
  OSU_LAT, OSU_BW, OSU_MBW, OSU_COLL, OSU_SYNC, OSU_RMA_LAT, OSU_RMA_BW, OSU_NBC, OSU_START,
  IMB_TIME_BW, IMB_RANGE_BW, IMB_RANGE, IMB_SYNC, IMB_BW_RATE, IMB_OVERLAP, IMB_OVERLAP_SYNC,
  IMB_P2P_PAIR, IMB_P2P, IMB_MT_BAND, IMB_PURE_OVRL
};

typedef struct peer_bench {
  const char *family;   /* "osu" or the IMB program */
  const char *name;     /* as the tool spells it */
  const char *row;      /* skampi's row */
  const char *set;      /* its fixed parameters ("msg_count=2"), NULL: the one-line defaults */
  int layout;
  double scale;         /* IMB: Mbytes/sec = scale * size / t; IMB_P2P: the messages of one process per round; OSU: unused */
  const char *title;    /* OSU: the header line after "# " ("OSU MPI Latency Test") */
} peer_bench;

static const peer_bench peer_table[] = {
  /* OSU 7.4, point-to-point */
  { "osu", "osu_latency", "Pingpong_Send_Recv", "iterations=1", OSU_LAT, 0, "OSU MPI Latency Test" },
  { "osu", "osu_latency_persistent", "Pingpong_Send_init_Recv_init", "iterations=1", OSU_LAT, 0,
    "OSU MPI Latency Persistent Test" },
  { "osu", "osu_latency_mt", "Thread_pingpong", "threads=1,iterations=1", OSU_LAT, 0,
    "OSU MPI Multi-threaded Latency Test" },
  { "osu", "osu_latency_mp", "Pingpong_forked", "iterations=1,sender_children=2,receiver_children=2", OSU_LAT, 0,
    "OSU MPI Multi-process Latency Test" },
  { "osu", "osu_bw", "Bw", NULL, OSU_BW, 0, "OSU MPI Bandwidth Test" },
  { "osu", "osu_bibw", "Bibw", NULL, OSU_BW, 0, "OSU MPI Bi-Directional Bandwidth Test" },
  { "osu", "osu_bw_persistent", "Bw_persistent", NULL, OSU_BW, 0, "OSU MPI Bandwidth Persistent Test" },
  { "osu", "osu_bibw_persistent", "Bibw_persistent", NULL, OSU_BW, 0, "OSU MPI Bi-Directional Bandwidth Persistent Test" },
  { "osu", "osu_bw_fan_in", "Bw_fan_in", NULL, OSU_BW, 0, "OSU MPI Bandwidth Test" },
  { "osu", "osu_bw_fan_out", "Bw_fan_out", NULL, OSU_BW, 0, "OSU MPI Bandwidth Test" },
  { "osu", "osu_mbw_mr", "Mbw_mr", NULL, OSU_MBW, 0, "OSU MPI Multiple Bandwidth / Message Rate Test" },
  { "osu", "osu_multi_lat", "Multi_lat", "iterations=1", OSU_LAT, 0, "OSU MPI Multi Latency Test" },
  /* start-up: osu_init's time of MPI_Init, osu_hello's line (sk_peer_startup) */
  { "osu", "osu_init", "osu_init", NULL, OSU_START, 0, "OSU MPI Init Test" },
  { "osu", "osu_hello", "osu_hello", NULL, OSU_START, 0, "OSU MPI Hello World Test" },
  /* blocking collectives */
  { "osu", "osu_allgather", "Allgather", NULL, OSU_COLL, 0, "OSU MPI Allgather Latency Test" },
  { "osu", "osu_allgatherv", "Allgatherv", NULL, OSU_COLL, 0, "OSU MPI Allgatherv Latency Test" },
  { "osu", "osu_allreduce", "Allreduce", "datatype=MPI_UNSIGNED_CHAR", OSU_COLL, 0, "OSU MPI Allreduce Latency Test" },
  { "osu", "osu_alltoall", "Alltoall", NULL, OSU_COLL, 0, "OSU MPI All-to-All Personalized Exchange Latency Test" },
  { "osu", "osu_alltoallv", "Alltoallv", NULL, OSU_COLL, 0, "OSU MPI All-to-Allv Personalized Exchange Latency Test" },
  { "osu", "osu_alltoallw", "Alltoallw", NULL, OSU_COLL, 0, "OSU MPI All-to-Allw Personalized Exchange Latency Test" },
  { "osu", "osu_barrier", "Barrier", NULL, OSU_SYNC, 0, "OSU MPI Barrier Latency Test" },
  { "osu", "osu_bcast", "Bcast", NULL, OSU_COLL, 0, "OSU MPI Broadcast Latency Test" },
  { "osu", "osu_gather", "Gather", NULL, OSU_COLL, 0, "OSU MPI Gather Latency Test" },
  { "osu", "osu_gatherv", "Gatherv", NULL, OSU_COLL, 0, "OSU MPI Gatherv Latency Test" },
  { "osu", "osu_reduce", "Reduce", "datatype=MPI_UNSIGNED_CHAR", OSU_COLL, 0, "OSU MPI Reduce Latency Test" },
  { "osu", "osu_reduce_scatter", "Reduce_scatter", "datatype=MPI_UNSIGNED_CHAR", OSU_COLL, 0, "OSU MPI Reduce_scatter Latency Test" },
  { "osu", "osu_reduce_scatter_block", "Reduce_scatter_block", "datatype=MPI_UNSIGNED_CHAR", OSU_COLL, 0,
    "OSU MPI Reduce_scatter_block Latency Test" },
  { "osu", "osu_scatter", "Scatter", NULL, OSU_COLL, 0, "OSU MPI Scatter Latency Test" },
  { "osu", "osu_scatterv", "Scatterv", NULL, OSU_COLL, 0, "OSU MPI Scatterv Latency Test" },
  { "osu", "osu_neighbor_allgather", "Neighbor_allgather", NULL, OSU_COLL, 0, "OSU MPI Neighborhood Allgather Latency Test" },
  { "osu", "osu_neighbor_allgatherv", "Neighbor_allgatherv", NULL, OSU_COLL, 0,
    "OSU MPI Neighborhood Allgatherv Latency Test" },
  { "osu", "osu_neighbor_alltoall", "Neighbor_alltoall", NULL, OSU_COLL, 0, "OSU MPI Neighborhood Alltoall Latency Test" },
  { "osu", "osu_neighbor_alltoallv", "Neighbor_alltoallv", NULL, OSU_COLL, 0,
    "OSU MPI Neighborhood All-to-Allv Latency Test" },
  { "osu", "osu_neighbor_alltoallw", "Neighbor_alltoallw", NULL, OSU_COLL, 0,
    "OSU MPI All-to-Allw Personalized Exchange Latency Test" },
  /* non-blocking collectives: the overlap rows (pure communication, computation, overlap) */
  { "osu", "osu_iallgather", "Iallgather_overlap", NULL, OSU_NBC, 0, "OSU MPI Non-blocking Allgather Latency Test" },
  { "osu", "osu_iallgatherv", "Iallgatherv_overlap", NULL, OSU_NBC, 0, "OSU MPI Non-blocking Allgatherv Latency Test" },
  { "osu", "osu_iallreduce", "Iallreduce_overlap", "datatype=MPI_UNSIGNED_CHAR", OSU_NBC, 0, "OSU MPI Non-blocking Allreduce Latency Test" },
  { "osu", "osu_ialltoall", "Ialltoall_overlap", NULL, OSU_NBC, 0, "OSU MPI Non-blocking All-to-All Latency Test" },
  { "osu", "osu_ialltoallv", "Ialltoallv_overlap", NULL, OSU_NBC, 0, "OSU MPI Non-blocking All-to-Allv Latency Test" },
  { "osu", "osu_ialltoallw", "Ialltoallw_overlap", NULL, OSU_NBC, 0, "OSU MPI Non-blocking All-to-Allw Latency Test" },
  { "osu", "osu_ibarrier", "Ibarrier_overlap", NULL, OSU_NBC, 0, "OSU MPI Non-blocking Barrier Latency Test" },
  { "osu", "osu_ibcast", "Ibcast_overlap", NULL, OSU_NBC, 0, "OSU MPI Non-Blocking Broadcast Latency Test" },
  { "osu", "osu_igather", "Igather_overlap", NULL, OSU_NBC, 0, "OSU MPI Non-blocking Gather Latency Test" },
  { "osu", "osu_igatherv", "Igatherv_overlap", NULL, OSU_NBC, 0, "OSU MPI Non-blocking Gatherv Latency Test" },
  { "osu", "osu_ireduce", "Ireduce_overlap", "datatype=MPI_UNSIGNED_CHAR", OSU_NBC, 0, "OSU MPI Non-blocking Reduce Latency Test" },
  { "osu", "osu_ireduce_scatter", "Ireduce_scatter_overlap", "datatype=MPI_UNSIGNED_CHAR", OSU_NBC, 0,
    "OSU MPI Non-blocking Reduce_scatter Latency Test" },
  { "osu", "osu_ireduce_scatter_block", "Ireduce_scatter_block_overlap", "datatype=MPI_UNSIGNED_CHAR", OSU_NBC, 0,
    "OSU MPI Non-blocking Reduce_scatter_block Latency Test" },
  { "osu", "osu_iscatter", "Iscatter_overlap", NULL, OSU_NBC, 0, "OSU MPI Non-blocking Scatter Latency Test" },
  { "osu", "osu_iscatterv", "Iscatterv_overlap", NULL, OSU_NBC, 0, "OSU MPI Non-blocking Scatterv Latency Test" },
  { "osu", "osu_ineighbor_allgather", "Ineighbor_allgather", NULL, OSU_COLL, 0,
    "OSU MPI Non-blocking Neighborhood Allgather Latency Test" },
  { "osu", "osu_ineighbor_allgatherv", "Ineighbor_allgatherv", NULL, OSU_COLL, 0,
    "OSU MPI Non-blocking Neighborhood Allgatherv Latency Test" },
  { "osu", "osu_ineighbor_alltoall", "Ineighbor_alltoall", NULL, OSU_COLL, 0,
    "OSU MPI Non-blocking Neighborhood Alltoall Latency Test" },
  { "osu", "osu_ineighbor_alltoallv", "Ineighbor_alltoallv", NULL, OSU_COLL, 0,
    "OSU MPI Non-blocking Neighborhood Alltoallv Latency Test" },
  { "osu", "osu_ineighbor_alltoallw", "Ineighbor_alltoallw", NULL, OSU_COLL, 0,
    "OSU MPI Non-blocking Neighborhood Alltoallw Latency Test" },
  /* persistent collectives (MPI-4) */
  { "osu", "osu_allgather_persistent", "Allgather_init", NULL, OSU_COLL, 0, "OSU MPI Allgather Persistent Latency Test" },
  { "osu", "osu_allgatherv_persistent", "Allgatherv_init", NULL, OSU_COLL, 0, "OSU MPI Allgatherv Persistent Latency Test" },
  { "osu", "osu_allreduce_persistent", "Allreduce_init", "datatype=MPI_UNSIGNED_CHAR", OSU_COLL, 0, "OSU MPI Allreduce Persistent Latency Test" },
  { "osu", "osu_alltoall_persistent", "Alltoall_init", NULL, OSU_COLL, 0,
    "OSU MPI All-to-All Personalized Exchange Persistent Latency Test" },
  { "osu", "osu_alltoallv_persistent", "Alltoallv_init", NULL, OSU_COLL, 0,
    "OSU MPI All-to-Allv Personalized Exchange Persistent Latency Test" },
  { "osu", "osu_alltoallw_persistent", "Alltoallw_init", NULL, OSU_COLL, 0,
    "OSU MPI All-to-Allw Personalized Exchange Persistent Latency Test" },
  { "osu", "osu_barrier_persistent", "Barrier_init", NULL, OSU_SYNC, 0, "OSU MPI Barrier Persistent Latency Test" },
  { "osu", "osu_bcast_persistent", "Bcast_init", NULL, OSU_COLL, 0, "OSU MPI Broadcast Persistent Latency Test" },
  { "osu", "osu_gather_persistent", "Gather_init", NULL, OSU_COLL, 0, "OSU MPI Gather Persistent Latency Test" },
  { "osu", "osu_gatherv_persistent", "Gatherv_init", NULL, OSU_COLL, 0, "OSU MPI Gatherv Persistent Latency Test" },
  { "osu", "osu_reduce_persistent", "Reduce_init", "datatype=MPI_UNSIGNED_CHAR", OSU_COLL, 0, "OSU MPI Reduce Persistent Latency Test" },
  { "osu", "osu_reduce_scatter_persistent", "Reduce_scatter_init", "datatype=MPI_UNSIGNED_CHAR", OSU_COLL, 0,
    "OSU MPI Reduce_scatter Persistent Latency Test" },
  { "osu", "osu_scatter_persistent", "Scatter_init", NULL, OSU_COLL, 0, "OSU MPI Scatter Persistent Latency Test" },
  { "osu", "osu_scatterv_persistent", "Scatterv_init", NULL, OSU_COLL, 0, "OSU MPI Scatterv Persistent Latency Test" },
  /* one-sided (meas_mpi_peer_rma.c): OSU's defaults where MPI-3 is there, MPI_Win_allocate
  ** and MPI_Win_flush (osu_put_bibw: post-start-complete-wait); -w and -s choose others */
  { "osu", "osu_put_latency", "Put_latency", "win_kind=1,sync_kind=3", OSU_RMA_LAT, 0, "OSU MPI_Put Latency Test" },
  { "osu", "osu_get_latency", "Get_latency", "win_kind=1,sync_kind=3", OSU_RMA_LAT, 0, "OSU MPI_Get latency Test" },
  { "osu", "osu_acc_latency", "Accumulate_latency", "win_kind=1,sync_kind=3", OSU_RMA_LAT, 0,
    "OSU MPI_Accumulate latency Test" },
  { "osu", "osu_fop_latency", "Fetch_and_op_latency", "iterations=1,win_kind=1,sync_kind=3", OSU_RMA_LAT, 0,
    "OSU MPI_Fetch_and_op latency Test" },
  { "osu", "osu_cas_latency", "Compare_and_swap_latency", "iterations=1,win_kind=1,sync_kind=3", OSU_RMA_LAT, 0,
    "OSU MPI_Compare_and_swap latency Test" },
  { "osu", "osu_get_acc_latency", "Get_accumulate_latency", "iterations=1,win_kind=1,sync_kind=3", OSU_RMA_LAT, 0,
    "OSU MPI_Get_accumulate latency Test" },
  { "osu", "osu_put_bw", "Put_bw", "window=64,win_kind=1,sync_kind=3", OSU_RMA_BW, 0, "OSU MPI_Put Bandwidth Test" },
  { "osu", "osu_get_bw", "Get_bw", "window=64,win_kind=1,sync_kind=3", OSU_RMA_BW, 0, "OSU MPI_Get Bandwidth Test" },
  { "osu", "osu_put_bibw", "Put_bibw", "window=64,win_kind=1,sync_kind=1", OSU_RMA_BW, 0,
    "OSU MPI_Put Bi-directional Bandwidth Test" },
  /* the multi-pair gets (rank r of the first half from rank r + P/2): osu_get_mbw's
  ** aggregate bandwidth, osu_get_multi_lat's half round trip in PSCW epochs -- two
  ** programs a public copy of OSU 7.4 adds, not in the published release (doc/peers.md) */
  { "osu", "osu_get_mbw", "Get_mbw", "window=64,win_kind=1,sync_kind=3", OSU_RMA_BW, 0,
    "OSU MPI_Get Multiple Bandwidth Bandwidth Test" },
  { "osu", "osu_get_multi_lat", "Get_multi_lat", "win_kind=1", OSU_RMA_LAT, 0, "OSU MPI_Get Multi Latency Test" },
  /* IMB-MPI1 2021 */
  { "IMB-MPI1", "PingPong", "Pingpong_Send_Recv", "iterations=1", IMB_TIME_BW, 1.0, NULL },
  { "IMB-MPI1", "PingPongSpecificSource", "Pingpong_Send_Recv", "iterations=1", IMB_TIME_BW, 1.0, NULL },
  { "IMB-MPI1", "PingPongAnySource", "Pingpong_Send_Recv_AS", "iterations=1", IMB_TIME_BW, 1.0, NULL },
  { "IMB-MPI1", "PingPing", "Pingping_Isend_Recv", "iterations=1", IMB_TIME_BW, 1.0, NULL },
  { "IMB-MPI1", "PingPingSpecificSource", "Pingping_Isend_Recv", "iterations=1", IMB_TIME_BW, 1.0, NULL },
  { "IMB-MPI1", "PingPingAnySource", "Pingping_Isend_Recv_AS", "iterations=1", IMB_TIME_BW, 1.0, NULL },
  { "IMB-MPI1", "Sendrecv", "Exchange", "msg_count=1", IMB_RANGE_BW, 2.0, NULL },
  { "IMB-MPI1", "Exchange", "Exchange", "msg_count=2", IMB_RANGE_BW, 4.0, NULL },
  { "IMB-MPI1", "Uniband", "Mbw_mr", NULL, IMB_BW_RATE, 1.0, NULL },
  { "IMB-MPI1", "Biband", "Mbibw_mr", NULL, IMB_BW_RATE, 1.0, NULL },
  { "IMB-MPI1", "Bcast", "Bcast", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI1", "Allgather", "Allgather", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI1", "Allgatherv", "Allgatherv", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI1", "Gather", "Gather", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI1", "Gatherv", "Gatherv", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI1", "Scatter", "Scatter", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI1", "Scatterv", "Scatterv", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI1", "Alltoall", "Alltoall", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI1", "Alltoallv", "Alltoallv", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI1", "Reduce", "Reduce", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI1", "Reduce_local", "Reduce_local", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI1", "Reduce_scatter", "Reduce_scatter", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI1", "Reduce_scatter_block", "Reduce_scatter_block", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI1", "Allreduce", "Allreduce", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI1", "Barrier", "Barrier", NULL, IMB_SYNC, 0, NULL },
  /* IMB-NBC: "Ixxx" overlaps a computation, "Ixxx_pure" starts and waits */
  { "IMB-NBC", "Ibcast", "Ibcast_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-NBC", "Ibcast_pure", "Ibcast", NULL, IMB_RANGE, 0, NULL },
  { "IMB-NBC", "Iallgather", "Iallgather_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-NBC", "Iallgather_pure", "Iallgather", NULL, IMB_RANGE, 0, NULL },
  { "IMB-NBC", "Iallgatherv", "Iallgatherv_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-NBC", "Iallgatherv_pure", "Iallgatherv", NULL, IMB_RANGE, 0, NULL },
  { "IMB-NBC", "Igather", "Igather_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-NBC", "Igather_pure", "Igather", NULL, IMB_RANGE, 0, NULL },
  { "IMB-NBC", "Igatherv", "Igatherv_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-NBC", "Igatherv_pure", "Igatherv", NULL, IMB_RANGE, 0, NULL },
  { "IMB-NBC", "Iscatter", "Iscatter_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-NBC", "Iscatter_pure", "Iscatter", NULL, IMB_RANGE, 0, NULL },
  { "IMB-NBC", "Iscatterv", "Iscatterv_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-NBC", "Iscatterv_pure", "Iscatterv", NULL, IMB_RANGE, 0, NULL },
  { "IMB-NBC", "Ialltoall", "Ialltoall_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-NBC", "Ialltoall_pure", "Ialltoall", NULL, IMB_RANGE, 0, NULL },
  { "IMB-NBC", "Ialltoallv", "Ialltoallv_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-NBC", "Ialltoallv_pure", "Ialltoallv", NULL, IMB_RANGE, 0, NULL },
  { "IMB-NBC", "Ireduce", "Ireduce_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-NBC", "Ireduce_pure", "Ireduce", NULL, IMB_RANGE, 0, NULL },
  { "IMB-NBC", "Ireduce_scatter", "Ireduce_scatter_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-NBC", "Ireduce_scatter_pure", "Ireduce_scatter", NULL, IMB_RANGE, 0, NULL },
  { "IMB-NBC", "Iallreduce", "Iallreduce_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-NBC", "Iallreduce_pure", "Iallreduce", NULL, IMB_RANGE, 0, NULL },
  { "IMB-NBC", "Ibarrier", "Ibarrier_overlap", NULL, IMB_OVERLAP_SYNC, 0, NULL },
  { "IMB-NBC", "Ibarrier_pure", "Ibarrier", NULL, IMB_SYNC, 0, NULL },
  /* IMB-RMA: the request-based transfers and the atomics; the transfers of one or all
  ** origins (meas_mpi_peer_rma.c) */
  { "IMB-RMA", "Unidir_put", "Rput", NULL, IMB_TIME_BW, 1.0, NULL },
  { "IMB-RMA", "Unidir_get", "Rget", NULL, IMB_TIME_BW, 1.0, NULL },
  { "IMB-RMA", "Bidir_put", "MPI_Put_fence_bidirectional", NULL, IMB_TIME_BW, 2.0, NULL },
  { "IMB-RMA", "Bidir_get", "Get_bidirectional", "aggregate=0", IMB_TIME_BW, 2.0, NULL },
  { "IMB-RMA", "Put_local", "Put_local", "aggregate=0", IMB_TIME_BW, 1.0, NULL },
  { "IMB-RMA", "Get_local", "Get_local", "aggregate=0", IMB_TIME_BW, 1.0, NULL },
  { "IMB-RMA", "Put_all_local", "Put_one_all_local", NULL, IMB_TIME_BW, 1.0, NULL },
  { "IMB-RMA", "Get_all_local", "Get_one_all_local", NULL, IMB_TIME_BW, 1.0, NULL },
  { "IMB-RMA", "One_put_all", "MPI_Put_Shift", NULL, IMB_TIME_BW, 1.0, NULL },
  { "IMB-RMA", "One_get_all", "Get_one_all", NULL, IMB_TIME_BW, 1.0, NULL },
  { "IMB-RMA", "All_put_all", "Put_all_all", NULL, IMB_RANGE, 0, NULL },
  { "IMB-RMA", "All_get_all", "Get_all_all", NULL, IMB_RANGE, 0, NULL },
  { "IMB-RMA", "Exchange_put", "MPI_Put_Exchange", NULL, IMB_TIME_BW, 1.0, NULL },
  { "IMB-RMA", "Exchange_get", "Get_exchange", NULL, IMB_RANGE, 0, NULL },
  { "IMB-RMA", "Accumulate", "MPI_Accumulate", NULL, IMB_TIME_BW, 1.0, NULL },
  { "IMB-RMA", "Get_accumulate", "Get_accumulate", NULL, IMB_TIME_BW, 1.0, NULL },
  { "IMB-RMA", "Fetch_and_op", "Fetch_and_op", NULL, IMB_TIME_BW, 1.0, NULL },
  { "IMB-RMA", "Compare_and_swap", "Compare_and_swap", NULL, IMB_TIME_BW, 1.0, NULL },
  { "IMB-RMA", "Truly_passive_put", "MPI_Put_passive", NULL, IMB_PURE_OVRL, 1.0, NULL },
  /* IMB-EXT: MPI-2 one-sided in fence epochs (the non-aggregate mode: one transfer per
  ** epoch); Window: MPI_Win_create alone (IMB adds a fence and MPI_Win_free) */
  { "IMB-EXT", "Window", "MPI_Win_create", NULL, IMB_RANGE, 0, NULL },
  { "IMB-EXT", "Unidir_Put", "MPI_Put_fence", NULL, IMB_TIME_BW, 1.0, NULL },
  { "IMB-EXT", "Unidir_Get", "MPI_Get_fence", NULL, IMB_TIME_BW, 1.0, NULL },
  { "IMB-EXT", "Bidir_Get", "Get_fence_bidirectional", "window=1", IMB_TIME_BW, 2.0, NULL },
  { "IMB-EXT", "Bidir_Put", "MPI_Put_fence_bidirectional", NULL, IMB_TIME_BW, 2.0, NULL },
  { "IMB-EXT", "Accumulate", "MPI_Accumulate", NULL, IMB_RANGE, 0, NULL },
  /* IMB-MPI4: "Xxx_persist" starts the persistent collective beside a computation (as
  ** IMB-NBC's Ixxx), "Xxx_persist_pure" starts and waits */
  { "IMB-MPI4", "Bcast_persist", "Bcast_init_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-MPI4", "Allgather_persist", "Allgather_init_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-MPI4", "Allgatherv_persist", "Allgatherv_init_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-MPI4", "Gather_persist", "Gather_init_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-MPI4", "Gatherv_persist", "Gatherv_init_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-MPI4", "Scatter_persist", "Scatter_init_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-MPI4", "Scatterv_persist", "Scatterv_init_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-MPI4", "Alltoall_persist", "Alltoall_init_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-MPI4", "Alltoallv_persist", "Alltoallv_init_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-MPI4", "Reduce_persist", "Reduce_init_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-MPI4", "Reduce_scatter_persist", "Reduce_scatter_init_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-MPI4", "Allreduce_persist", "Allreduce_init_overlap", NULL, IMB_OVERLAP, 0, NULL },
  { "IMB-MPI4", "Barrier_persist", "Barrier_init_overlap", NULL, IMB_OVERLAP_SYNC, 0, NULL },
  { "IMB-MPI4", "Bcast_persist_pure", "Bcast_init", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI4", "Allgather_persist_pure", "Allgather_init", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI4", "Allgatherv_persist_pure", "Allgatherv_init", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI4", "Gather_persist_pure", "Gather_init", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI4", "Gatherv_persist_pure", "Gatherv_init", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI4", "Scatter_persist_pure", "Scatter_init", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI4", "Scatterv_persist_pure", "Scatterv_init", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI4", "Alltoall_persist_pure", "Alltoall_init", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI4", "Alltoallv_persist_pure", "Alltoallv_init", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI4", "Reduce_persist_pure", "Reduce_init", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI4", "Reduce_scatter_persist_pure", "Reduce_scatter_init", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI4", "Allreduce_persist_pure", "Allreduce_init", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MPI4", "Barrier_persist_pure", "Barrier_init", NULL, IMB_SYNC, 0, NULL },
  /* IMB-P2P: PingPong one pair's round trip (as IMB-MPI1's; IMB-P2P pairs every process),
  ** the others one round of every process (meas_mpi_peer_p2p_imb.c) */
  { "IMB-P2P", "PingPong", "Pingpong_Send_Recv", "iterations=1", IMB_P2P_PAIR, 2.0, NULL },
  { "IMB-P2P", "PingPing", "P2P_Pingping", NULL, IMB_P2P, 1.0, NULL },
  { "IMB-P2P", "SendRecv_Replace", "P2P_Sendrecv_replace", NULL, IMB_P2P, 1.0, NULL },
  { "IMB-P2P", "Unirandom", "P2P_Unirandom", NULL, IMB_P2P, 1.0, NULL },
  { "IMB-P2P", "Birandom", "P2P_Birandom", NULL, IMB_P2P, 2.0, NULL },
  { "IMB-P2P", "Corandom", "P2P_Corandom", NULL, IMB_P2P, 1.0, NULL },
  { "IMB-P2P", "Stencil2D", "P2P_Stencil2D", NULL, IMB_P2P, 4.0, NULL },
  { "IMB-P2P", "Stencil3D", "P2P_Stencil3D", NULL, IMB_P2P, 6.0, NULL },
  /* IMB-MT 2021 (the benchmarks its source builds): one thread per process, or with
  ** -thread_level multiple OMP_NUM_THREADS of them; the set is IMB-MT's options' */
  { "IMB-MT", "PingPongMT", "Thread_pingpong", NULL, IMB_RANGE_BW, 1.0, NULL },
  { "IMB-MT", "PingPingMT", "Thread_pingping", NULL, IMB_RANGE_BW, 1.0, NULL },
  { "IMB-MT", "SendRecvMT", "Thread_sendrecv", NULL, IMB_RANGE_BW, 2.0, NULL },
  { "IMB-MT", "ExchangeMT", "Thread_exchange", NULL, IMB_RANGE_BW, 4.0, NULL },
  { "IMB-MT", "UniBandMT", "Thread_bw", NULL, IMB_MT_BAND, 1.0, NULL },
  { "IMB-MT", "BiBandMT", "Thread_bibw", NULL, IMB_MT_BAND, 1.0, NULL },
  { "IMB-MT", "BarrierMT", "Thread_barrier", NULL, IMB_SYNC, 0, NULL },
  { "IMB-MT", "BcastMT", "Thread_bcast", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MT", "ReduceMT", "Thread_reduce", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MT", "AllReduceMT", "Thread_allreduce", NULL, IMB_RANGE, 0, NULL },
  /* IMB-MT's names that its 2021 source keeps under #if 0 (imb_mt_not_built): by name only */
  { "IMB-MT", "PingPongMTSpecificSourceSpecificTag", "Thread_pingpong", NULL, IMB_RANGE_BW, 1.0, NULL },
  { "IMB-MT", "PingPongMTSpecificSourceAnyTag", "Thread_pingpong_AT", NULL, IMB_RANGE_BW, 1.0, NULL },
  { "IMB-MT", "PingPongMTAnySourceSpecificTag", "Thread_pingpong_AS", NULL, IMB_RANGE_BW, 1.0, NULL },
  { "IMB-MT", "PingPongMTAnySourceAnyTag", "Thread_pingpong_AS_AT", NULL, IMB_RANGE_BW, 1.0, NULL },
  { "IMB-MT", "ScatterMT", "Thread_scatter", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MT", "ScattervMT", "Thread_scatterv", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MT", "ReduceScatterMT", "Thread_reduce_scatter", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MT", "GatherMT", "Thread_gather", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MT", "GathervMT", "Thread_gatherv", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MT", "AllgatherMT", "Thread_allgather", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MT", "AllgathervMT", "Thread_allgatherv", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MT", "AlltoallMT", "Thread_alltoall", NULL, IMB_RANGE, 0, NULL },
  { "IMB-MT", "AlltoallvMT", "Thread_alltoallv", NULL, IMB_RANGE, 0, NULL },
  /* IMB-IO 2021: one access of each process (MPI_IO_write_once / _read_once; private: a
  ** file of its own) by the data access class of the name (io_daccess.h: explicit
  ** offsets 1, individual pointer 2, shared pointer 4; blocking 0x10, non-blocking or
  ** split collective 0x20; 0x100 each process alone, 0x200 collective); S_: one process */
  { "IMB-IO", "S_Write_Indv", "MPI_IO_write_once", "private=0,daccess=274", IMB_TIME_BW, 1.0, NULL },
  { "IMB-IO", "S_IWrite_Indv", "MPI_IO_write_once", "private=0,daccess=290", IMB_TIME_BW, 1.0, NULL },
  { "IMB-IO", "S_Write_Expl", "MPI_IO_write_once", "private=0,daccess=273", IMB_TIME_BW, 1.0, NULL },
  { "IMB-IO", "S_IWrite_Expl", "MPI_IO_write_once", "private=0,daccess=289", IMB_TIME_BW, 1.0, NULL },
  { "IMB-IO", "S_Read_Indv", "MPI_IO_read_once", "private=0,daccess=274", IMB_TIME_BW, 1.0, NULL },
  { "IMB-IO", "S_IRead_Indv", "MPI_IO_read_once", "private=0,daccess=290", IMB_TIME_BW, 1.0, NULL },
  { "IMB-IO", "S_Read_Expl", "MPI_IO_read_once", "private=0,daccess=273", IMB_TIME_BW, 1.0, NULL },
  { "IMB-IO", "S_IRead_Expl", "MPI_IO_read_once", "private=0,daccess=289", IMB_TIME_BW, 1.0, NULL },
  { "IMB-IO", "P_Write_Indv", "MPI_IO_write_once", "private=0,daccess=274", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "P_IWrite_Indv", "MPI_IO_write_once", "private=0,daccess=290", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "P_Write_Shared", "MPI_IO_write_once", "private=0,daccess=276", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "P_IWrite_Shared", "MPI_IO_write_once", "private=0,daccess=292", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "P_Write_Priv", "MPI_IO_write_once", "private=1,daccess=274", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "P_IWrite_Priv", "MPI_IO_write_once", "private=1,daccess=290", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "P_Write_Expl", "MPI_IO_write_once", "private=0,daccess=273", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "P_IWrite_Expl", "MPI_IO_write_once", "private=0,daccess=289", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "P_Read_Indv", "MPI_IO_read_once", "private=0,daccess=274", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "P_IRead_Indv", "MPI_IO_read_once", "private=0,daccess=290", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "P_Read_Shared", "MPI_IO_read_once", "private=0,daccess=276", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "P_IRead_Shared", "MPI_IO_read_once", "private=0,daccess=292", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "P_Read_Priv", "MPI_IO_read_once", "private=1,daccess=274", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "P_IRead_Priv", "MPI_IO_read_once", "private=1,daccess=290", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "P_Read_Expl", "MPI_IO_read_once", "private=0,daccess=273", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "P_IRead_Expl", "MPI_IO_read_once", "private=0,daccess=289", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "C_Write_Indv", "MPI_IO_write_once", "private=0,daccess=530", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "C_IWrite_Indv", "MPI_IO_write_once", "private=0,daccess=546", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "C_Write_Shared", "MPI_IO_write_once", "private=0,daccess=532", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "C_IWrite_Shared", "MPI_IO_write_once", "private=0,daccess=548", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "C_Write_Expl", "MPI_IO_write_once", "private=0,daccess=529", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "C_IWrite_Expl", "MPI_IO_write_once", "private=0,daccess=545", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "C_Read_Indv", "MPI_IO_read_once", "private=0,daccess=530", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "C_IRead_Indv", "MPI_IO_read_once", "private=0,daccess=546", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "C_Read_Shared", "MPI_IO_read_once", "private=0,daccess=532", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "C_IRead_Shared", "MPI_IO_read_once", "private=0,daccess=548", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "C_Read_Expl", "MPI_IO_read_once", "private=0,daccess=529", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "C_IRead_Expl", "MPI_IO_read_once", "private=0,daccess=545", IMB_RANGE_BW, 1.0, NULL },
  { "IMB-IO", "Open_Close", "MPI_IO_open_close", "create_flag=0", IMB_SYNC, 0, NULL }
};
#define PEER_N ((int)(sizeof peer_table / sizeof peer_table[0]))

/* The options of each tool: name, whether it takes a value (2: an optional one glued
** to it, OSU's -z99), whether skampi honours it (0: accepted and said once on stderr). */
typedef struct peer_option { const char *name; int value; int honoured; } peer_option;

static const peer_option osu_options[] = {
  { "-m", 1, 1 }, { "--message-size", 1, 1 }, { "-i", 1, 1 }, { "--iterations", 1, 1 },
  { "-x", 1, 0 }, { "--warmup", 1, 0 }, { "-f", 0, 1 }, { "--full", 0, 1 }, { "-z", 2, 1 },
  { "--tail-lat", 2, 1 }, { "-W", 1, 1 }, { "--window-size", 1, 1 }, { "-M", 1, 0 }, { "--mem-limit", 1, 0 },
  { "-t", 1, 0 }, { "--num-test-calls", 1, 0 }, { "-a", 1, 0 }, { "--array-size", 1, 0 },
  { "-s", 1, 1 }, { "--sync-option", 1, 1 }, { "-w", 1, 1 }, { "--win-options", 1, 1 },
  { "-d", 1, 0 }, { "--accelerator", 1, 0 }, { "-r", 1, 0 }, { "--cuda-target", 1, 0 },
  { "-R", 1, 0 }, { "--print-rate", 1, 0 }, { "-p", 1, 0 }, { "--num-pairs", 1, 0 },
  { "-V", 0, 0 }, { "--vary-window", 0, 0 }, { "-c", 2, 1 }, { "--validation", 2, 1 },
  { "-b", 1, 0 }, { "--buffer-num", 1, 0 }, { "-u", 1, 0 }, { "--validation-warmup", 1, 0 },
  { "-G", 1, 0 }, { "--graph", 1, 0 }, { "-P", 1, 0 }, { "--papi", 1, 0 }, { "-D", 1, 0 }, { "--ddt", 1, 0 },
  { "-N", 1, 0 }, { "--nhbr", 1, 0 }, { "-T", 1, 0 }, { "--type", 1, 0 }, { "-I", 0, 0 }, { "--session", 0, 0 },
  { "-l", 0, 0 }, { "--in-place", 0, 0 }, { "-k", 1, 0 }, { "--root-rank", 1, 0 },
  { "-o", 1, 1 }, { "-q", 0, 1 }, { "-v", 0, 1 }, { "--version", 0, 1 }
};

static const peer_option imb_options[] = {
  { "-msglog", 1, 1 }, { "-iter", 1, 1 }, { "-npmin", 1, 1 }, { "-time", 1, 0 }, { "-mem", 1, 0 },
  { "-off_cache", 1, 0 }, { "-input", 1, 1 }, { "-include", 1, 1 }, { "-exclude", 1, 1 }, { "-multi", 1, 0 },
  { "-map", 1, 0 }, { "-msglen", 1, 0 }, { "-sync", 1, 0 }, { "-root_shift", 1, 0 }, { "-imb_barrier", 1, 0 },
  { "-iter_policy", 1, 0 }, { "-thread_level", 1, 0 }, { "-zero_size", 1, 1 }, { "-warm_up", 1, 0 },
  { "-data_type", 1, 0 }, { "-red_data_type", 1, 0 }, { "-contig_type", 1, 0 }, { "-window_size", 1, 1 },
  { "-aggregate_mode", 1, 0 }, { "-noheader", 0, 0 }, { "-list", 0, 1 }, { "-o", 1, 1 }, { "-q", 0, 1 }
};

/* IMB-MT's own (MT_suite.cpp's and the common -thread_level, -input, -include, -exclude). */
static const peer_option imb_mt_options[] = {
  { "-count", 1, 1 }, { "-repeat", 1, 1 }, { "-datatype", 1, 1 }, { "-thread_level", 1, 1 },
  { "-window_size", 1, 1 }, { "-barrier", 1, 0 }, { "-warmup", 1, 0 }, { "-stride", 1, 0 },
  { "-malloc_align", 1, 0 }, { "-malloc_algo", 1, 0 }, { "-check", 1, 1 }, { "-noheader", 0, 0 },
  { "-input", 1, 1 }, { "-include", 1, 1 }, { "-exclude", 1, 1 }, { "-list", 0, 1 }, { "-o", 1, 1 }, { "-q", 0, 1 }
};

/* The processes a benchmark runs on: 1 for IMB-IO's S_ (the others waiting), 0 for all. */
static int peer_procs(const peer_bench *e)
{
  return sk_streq(e->family, "IMB-IO") && e->name[0] == 'S' ? 1 : 0;
}

/* IMB 2021's benchmarks that a program leaves out when none is named (those without
** the DEFAULT flag in its sources): named ones, -include and -input still run them. */
static const char *const imb_non_default[] = {
  "PingPongSpecificSource", "PingPongAnySource", "PingPingSpecificSource", "PingPingAnySource", "Uniband",
  "Biband", "Ibcast_pure", "Iallgather_pure", "Iallgatherv_pure", "Igather_pure", "Igatherv_pure", "Iscatter_pure",
  "Iscatterv_pure", "Ialltoall_pure", "Ialltoallv_pure", "Ireduce_pure", "Ireduce_scatter_pure", "Iallreduce_pure",
  "Ibarrier_pure", "Get_local", "Get_all_local", "Bcast_persist_pure", "Allgather_persist_pure",
  "Allgatherv_persist_pure", "Gather_persist_pure", "Gatherv_persist_pure", "Scatter_persist_pure",
  "Scatterv_persist_pure", "Alltoall_persist_pure", "Alltoallv_persist_pure", "Reduce_persist_pure",
  "Reduce_scatter_persist_pure", "Allreduce_persist_pure", "Barrier_persist_pure"
};

/* IMB-MT's benchmarks that its 2021 source defines under #if 0 (MT_benchmark.cpp): IMB-MT
** builds them not, skampi runs them by name or -include (-list says so), never by default. */
static const char *const imb_mt_not_built[] = {
  "PingPongMTSpecificSourceSpecificTag", "PingPongMTSpecificSourceAnyTag", "PingPongMTAnySourceSpecificTag",
  "PingPongMTAnySourceAnyTag", "ScatterMT", "ScattervMT", "ReduceScatterMT", "GatherMT", "GathervMT", "AllgatherMT",
  "AllgathervMT", "AlltoallMT", "AlltoallvMT"
};

static int peer_mt_not_built(const peer_bench *e)
{
  size_t k;
  for (k = 0; k < sizeof imb_mt_not_built / sizeof imb_mt_not_built[0]; k++)
    if (sk_streq(imb_mt_not_built[k], e->name)) return sk_streq(e->family, "IMB-MT");
  return 0;
}

static int peer_is_default(const peer_bench *e)
{
  size_t k;
  if (e->family[0] == 'o') return 1;
  if (peer_mt_not_built(e)) return 0;
  for (k = 0; k < sizeof imb_non_default / sizeof imb_non_default[0]; k++)
    if (sk_streq(imb_non_default[k], e->name)) return 0;
  return 1;
}

/* The option list of p's tool; its length into *n. */
static const peer_option *peer_options_of(const sk_peer *p, int *n)
{
  if (p->tool == 'o') { *n = (int)(sizeof osu_options / sizeof osu_options[0]); return osu_options; }
  if (sk_streq(p->family, "IMB-MT")) { *n = (int)(sizeof imb_mt_options / sizeof imb_mt_options[0]); return imb_mt_options; }
  *n = (int)(sizeof imb_options / sizeof imb_options[0]);
  return imb_options;
}

/* OSU's -w and -s values (the order of the rows' win_kind and sync_kind) and the lines
** its one-sided benchmarks print for them ("# Window creation: ...", OSU 7.4's
** print_header_one_sided). */
static const char *const osu_win_names[] = { "create", "allocate", "dynamic" };
static const char *const osu_win_lines[] = { "MPI_Win_create", "MPI_Win_allocate", "MPI_Win_create_dynamic" };
static const char *const osu_sync_names[] = { "lock", "pscw", "fence", "flush", "flush_local", "lock_all" };
static const char *const osu_sync_lines[] = {
  "MPI_Win_lock/unlock", "MPI_Win_post/start/complete/wait", "MPI_Win_fence", "MPI_Win_flush", "MPI_Win_flush_local",
  "MPI_Win_lock_all/unlock_all"
};

/* The index of v among names (case ignored, as OSU), -1 when none. */
static int peer_choice(const char *v, const char *const *names, int n)
{
  int k;
  for (k = 0; k < n; k++) {
    const char *a = v, *b = names[k];
    while (*a && tolower((unsigned char)*a) == *b) { a++; b++; }
    if (*a == '\0' && *b == '\0') return k;
  }
  return -1;
}

/* The value of param in the entry's fixed set ("win_kind=1,..."), -1 without it. */
static int peer_set_int(const char *set, const char *param)
{
  const char *at = set ? strstr(set, param) : NULL;
  return at != NULL && at[strlen(param)] == '=' ? atoi(at + strlen(param) + 1) : -1;
}

static const char *const imb_programs[] = {
  "IMB-MPI1", "IMB-NBC", "IMB-RMA", "IMB-EXT", "IMB-IO", "IMB-MT", "IMB-P2P", "IMB-MPI4"
};

/* IMB-MPI1's benchmarks when none is named, in its order (IMB 2021 runs these; the
** SpecificSource and AnySource variants, Uniband and Biband only by name). */
static const char *const imb_mpi1_default[] = {
  "PingPong", "PingPing", "Sendrecv", "Exchange", "Allreduce", "Reduce", "Reduce_local", "Reduce_scatter",
  "Reduce_scatter_block", "Allgather", "Allgatherv", "Gather", "Gatherv", "Scatter", "Scatterv", "Alltoall",
  "Alltoallv", "Bcast", "Barrier"
};

static int peer_find(const char *family, const char *name)
{
  int k;
  for (k = 0; k < PEER_N; k++) {
    if (family != NULL && !sk_streq(peer_table[k].family, family)) continue;
    if (peer_table[k].family[0] == 'o' ? sk_streq(peer_table[k].name, name)
        : sk_edit_distance(peer_table[k].name, name) == 0 && strlen(peer_table[k].name) == strlen(name))
      return k;
  }
  return -1;
}

SK_API void sk_peer_closest(const char *name, const char *const *names, int count, sk_str *out)
{
  int k, best = -1, bd = (int)strlen(name) / 3 + 2;
  for (k = 0; k < count; k++) {
    int d = sk_edit_distance(name, names[k]);
    if (d < bd) { bd = d; best = k; }
  }
  if (best >= 0) sk_str_printf(out, "; closest: %s", names[best]);
}

static void peer_closest_bench(const char *family, const char *name, sk_str *out)
{
  const char *names[PEER_N];
  int k, n = 0;
  for (k = 0; k < PEER_N; k++)
    if (family == NULL || sk_streq(peer_table[k].family, family)) names[n++] = peer_table[k].name;
  sk_peer_closest(name, names, n, out);
}

/* The message for a benchmark name that family ("osu" or an IMB program) lacks; returns -1. */
static int peer_no_bench(const char *family, const char *name, sk_str *err)
{
  if (family[0] == 'o') sk_str_printf(err, "skampi: '%s' is no OSU 7.4 benchmark that skampi measures", name);
  else sk_str_printf(err, "skampi: %s has no benchmark '%s' that skampi measures", family, name);
  peer_closest_bench(family, name, err);
  sk_str_puts(err, " (doc/manual.md \"OSU and IMB names\" lists them)");
  return -1;
}

static void peer_closest_option(const peer_option *opts, int nopts, const char *name, sk_str *out)
{
  const char *names[64];
  int k;
  for (k = 0; k < nopts && k < 64; k++) names[k] = opts[k].name;
  sk_peer_closest(name, names, k, out);
}

/* A whole number (suffixes k and M) up to 128M into *v; 0 when it is none. */
#define PEER_NUMBER_MAX (128L * 1048576L)
static int peer_number(const char *s, long *v)
{
  char *end;
  long n;
  if (*s < '0' || *s > '9') return 0;
  n = strtol(s, &end, 10);
  if (*end == 'k' || *end == 'K') { n *= 1024L; end++; }
  else if (*end == 'M') { n *= 1048576L; end++; }
  if (*end != '\0' || n < 0 || n > PEER_NUMBER_MAX) return 0;
  *v = n;
  return 1;
}

/* MIN of "MIN:MAX" (v up to its colon) into first[32]; 0 when it is longer. */
static int peer_first(const char *v, const char *colon, char *first)
{
  if (colon - v >= 32) return 0;
  memcpy(first, v, (size_t)(colon - v));
  first[colon - v] = '\0';
  return 1;
}

/* Option a's value v, a whole number from 1 to max, into *n; else the message (give
** what) and 0. */
static int peer_count(const sk_peer *p, const char *a, const char *v, long *n, long max, const char *what, sk_str *err)
{
  if (peer_number(v, n) && *n >= 1 && *n <= max) return 1;
  sk_str_printf(err, "skampi: %s %s '%s': give %s", p->family, a, v, what);
  return 0;
}

/* OSU's -m [MIN:]MAX ("2:" keeps the default MAX). */
static int peer_osu_sizes(const char *v, sk_peer *p)
{
  const char *colon = strchr(v, ':');
  char first[32];
  if (colon == NULL) return peer_number(v, &p->size_max);
  if (!peer_first(v, colon, first)) return 0;
  if (colon != v && !peer_number(first, &p->size_min)) return 0;
  if (colon[1] != '\0' && !peer_number(colon + 1, &p->size_max)) return 0;
  return p->size_max == 0 || p->size_min <= p->size_max;   /* "2:": MAX the default, checked later */
}

/* IMB's -msglog [MIN:]MAX: 0, 2^MIN ... 2^MAX (MIN default 0; IMB-P2P's MIN:MAX without the 0). */
static int peer_imb_msglog(const char *v, sk_peer *p)
{
  long lo = 0, hi;
  const char *colon = strchr(v, ':');
  if (colon != NULL) {
    char first[32];
    if (!peer_first(v, colon, first) || !peer_number(first, &lo) || !peer_number(colon + 1, &hi)) return 0;
  } else if (!peer_number(v, &hi)) return 0;
  if (lo > hi || hi > 27) return 0;
  if (colon != NULL && sk_streq(p->family, "IMB-P2P")) p->no_zero = 1;   /* IMB-P2P: 2^MIN ... 2^MAX, no 0 */
  p->size_min = 0;
  p->size_max = 1L << hi;
  p->imb_min_log = lo;
  return 1;
}

/* IMB-MT's -count "1,16,256": whole numbers up to 128M, at most 32 of them, into p->counts
** (", "-separated) and p->count_max; 0 when it is none. */
static int peer_mt_counts(const char *v, sk_peer *p)
{
  char item[32];
  long n;
  int k = 0;
  p->counts[0] = '\0';
  p->count_max = 0;
  while (*v) {
    size_t len = strcspn(v, ",");
    if (len == 0 || len >= sizeof item || ++k > 32) return 0;
    memcpy(item, v, len);
    item[len] = '\0';
    if (!peer_number(item, &n)) return 0;
    sprintf(p->counts + strlen(p->counts), "%s%ld", k > 1 ? ", " : "", n);
    if (n > p->count_max) p->count_max = n;
    v += len;
    if (*v == ',' && *++v == '\0') return 0;
  }
  return k > 0;
}

/* IMB-MT's -thread_level: multiple takes OMP_NUM_THREADS threads per process (1 to
** SK_PEER_THREADS, default 1) and asks the library for MPI_THREAD_MULTIPLE; single,
** funneled and serialized one thread, that level asked. 0 for another value. */
#define SK_PEER_THREADS 64
static int peer_mt_thread_level(const char *v, sk_peer *p, sk_str *err)
{
  static const char *const levels[] = { "single", "funneled", "serialized", "multiple" };
  const char *omp = getenv("OMP_NUM_THREADS");
  int k;
  for (k = 0; k < 4 && !sk_streq(v, levels[k]); k++) continue;
  if (k == 4) {
    sk_str_printf(err, "skampi: IMB-MT -thread_level '%s': give single, funneled, serialized or multiple", v);
    return 0;
  }
  p->threads = 1;
  if (k == 3 && omp != NULL && *omp && (!peer_number(omp, &p->threads) || p->threads < 1 || p->threads > SK_PEER_THREADS)) {
    sk_str_printf(err, "skampi: IMB-MT -thread_level multiple: OMP_NUM_THREADS='%s' is no number of threads from 1 "
                  "to %d", omp, SK_PEER_THREADS);
    return 0;
  }
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
  sk_tp_thread_ask(k);
#endif
  return 1;
}

/* OSU's -p (--num-pairs): honoured by osu_mbw_mr, the one benchmark of OSU 7.4's
** point-to-point programs that has pairs. */
static int peer_is_pairs(const peer_option *op)
{
  return sk_streq(op->name, "-p") || sk_streq(op->name, "--num-pairs");
}

/* osu_latency_mp's -t [S:]R (OSU 7.4's set_processes): S children of rank 0 and R of
** rank 1, each 1 to 127; R alone: none on rank 0. Into p->forks (1 + each); 0 when it is
** none. */
static int peer_is_forks(const sk_peer *p, const peer_option *op)
{
  return sk_streq(p->family, "osu_latency_mp") && (sk_streq(op->name, "-t") || sk_streq(op->name, "--num-test-calls"));
}

static int peer_osu_forks(const char *v, sk_peer *p)
{
  const char *colon = strchr(v, ':');
  char first[32];
  long s = 0, r;
  if (colon != NULL && (!peer_first(v, colon, first) || !peer_number(first, &s) || s < 1 || s > 127)) return 0;
  if (!peer_number(colon != NULL ? colon + 1 : v, &r) || r < 1 || r > 127) return 0;
  p->forks[0] = 1 + s;
  p->forks[1] = 1 + r;
  return 1;
}

/* The children osu_latency_mp forks on rank (0 or 1): -t's, or OSU's default 2. */
static long peer_forks_of(const sk_peer *p, int rank)
{
  return p->forks[rank] > 0 ? p->forks[rank] - 1 : 2;
}

/* The benchmark called argv[1] (an OSU program or IMB's benchmark) or the IMB program:
** its family, or NULL. */
static const char *peer_family_of(const char *a)
{
  int k;
  if (strncmp(a, "osu_", 4) == 0) return "osu";
  for (k = 0; k < (int)(sizeof imb_programs / sizeof imb_programs[0]); k++)
    if (sk_streq(a, imb_programs[k])) return imb_programs[k];
  return NULL;
}

/* One benchmark name of IMB's -include / -exclude / -input into p's lists; 0 with *err. */
static int peer_imb_name(sk_peer *p, const char *opt, const char *name, sk_str *err)
{
  int k = peer_find(p->family, name);
  if (k < 0) {
    sk_str_printf(err, "skampi: %s %s '%s': no benchmark of %s that skampi measures", p->family, opt, name, p->family);
    peer_closest_bench(p->family, name, err);
    return 0;
  }
  if (sk_streq(opt, "-exclude")) { if (p->nexcluded < SK_PEER_MAX) p->excluded[p->nexcluded++] = k; }
  else if (sk_streq(opt, "-include")) { if (p->nincluded < SK_PEER_MAX) p->included[p->nincluded++] = k; }
  else if (p->nbench < SK_PEER_MAX) p->bench[p->nbench++] = k;   /* -input: as if named */
  return 1;
}

/* IMB's -include A,B / -exclude A,B (names separated by commas) or -input FILE (one name
** a line, '#' lines skipped, as IMB reads it); 0 with *err. */
static int peer_imb_list(sk_peer *p, const char *opt, const char *v, sk_str *err)
{
  char name[64];
  if (sk_streq(opt, "-input")) {
    FILE *f = fopen(v, "r");
    char line[256];
    long no = 0;
    if (f == NULL) { sk_str_printf(err, "skampi: %s -input '%s': cannot open it (%s)", p->family, v, strerror(errno)); return 0; }
    while (fgets(line, sizeof line, f) != NULL) {
      no++;
      if (line[0] == '#' || sscanf(line, "%63s", name) != 1) continue;
      if (!peer_imb_name(p, opt, name, err)) { sk_str_printf(err, " (%s:%ld:1)", v, no); fclose(f); return 0; }
    }
    fclose(f);
    return 1;
  }
  while (*v) {
    size_t len = strcspn(v, ",");
    if (len > 0) {
      sk_copy_string(name, len + 1 < sizeof name ? len + 1 : sizeof name, v);
      if (!peer_imb_name(p, opt, name, err)) return 0;
    }
    v += len;
    if (*v == ',') v++;
  }
  return 1;
}

SK_API int sk_peer_parse(int argc, char **argv, sk_peer *p, sk_oneline *o, const char **output, int *quiet,
                         int *verify, sk_str *err)
{
  const char *family, *first = argc > 1 ? argv[1] : "";
  const peer_option *opts;
  int nopts, i, k;
  memset(p, 0, sizeof *p);
  p->size_min = -1;
  family = peer_family_of(first);
  if (family == NULL) {   /* an IMB benchmark's name alone that skampi lacks: IMB-MPI1's, ... */
    k = peer_find(NULL, first);
    if (k < 0 || peer_table[k].family[0] == 'o' || sk_catalogue_find(first) != NULL) return 0;
    family = peer_table[k].family;
    p->bench[p->nbench++] = k;
  }
  p->tool = family[0] == 'o' ? 'o' : 'i';
  p->family = family[0] == 'o' ? first : family;
  opts = peer_options_of(p, &nopts);
  if (p->tool == 'o') {
    if ((k = peer_find("osu", first)) < 0) return peer_no_bench("osu", first, err);
    p->bench[p->nbench++] = k;
  } else if (sk_streq(family, "IMB-MT")) {
    p->threads = 1;
    peer_mt_counts("1,2,4,8", p);   /* IMB-MT's defaults: 1, 2, 4, 8 ints */
  }
  for (i = 2; i < argc; i++) {
    const char *a = argv[i], *v = NULL, *glued = NULL;
    const peer_option *op = NULL;
    char name[40];
    size_t len = strcspn(a, "=");
    if (sk_streq(a, "-h") || sk_streq(a, "--help") || sk_streq(a, "-help")) { p->info = 'h'; return 2; }
    if (p->tool == 'i' && a[0] != '-') {   /* IMB: the benchmarks to run */
      if ((k = peer_find(family, a)) < 0) return peer_no_bench(family, a, err);
      if (p->nbench < SK_PEER_MAX) p->bench[p->nbench++] = k;
      continue;
    }
    sk_copy_string(name, len + 1 < sizeof name ? len + 1 : sizeof name, a);
    for (k = 0; k < nopts; k++) {
      if (sk_streq(a, opts[k].name) || (opts[k].value && a[1] == '-' && sk_streq(name, opts[k].name))) {
        op = &opts[k];
        break;
      }
      if (opts[k].value == 2 && a[1] != '-' && strncmp(a, opts[k].name, 2) == 0 && opts[k].name[2] == '\0') {
        op = &opts[k];   /* -z99,90 */
        break;
      }
      if (p->tool == 'o' && opts[k].value == 1 && opts[k].name[1] != '-' && opts[k].name[2] == '\0'
          && strncmp(a, opts[k].name, 2) == 0 && a[2] != '\0') {
        op = &opts[k];   /* OSU's getopt takes a value glued to its letter: -PPAPI_L1_DCM:out, -m128 */
        glued = a + 2;
        break;
      }
    }
    if (op == NULL) {
      sk_str_printf(err, "skampi: %s has no option '%s'", p->family, a);
      peer_closest_option(opts, nopts, a, err);
      return -1;
    }
    if (glued != NULL) v = glued;
    else if (op->value == 1) {
      if (a[len] == '=') v = a + len + 1;
      else if (i + 1 < argc) v = argv[++i];
      else {
        sk_str_printf(err, "skampi: %s option '%s' needs a value", p->family, a);
        return -1;
      }
    } else if (op->value == 2) {
      v = a[1] == '-' ? (a[len] == '=' ? a + len + 1 : NULL) : (a[2] ? a + 2 : NULL);
    }
    if (!op->honoured && !(peer_is_pairs(op) && sk_streq(p->family, "osu_mbw_mr")) && !peer_is_forks(p, op)) {   /* named in sk_peer_program's warning, each option once */
      if (glued != NULL) a = op->name;   /* named without its value */
      for (k = 0; k < p->nignored && !sk_streq(p->ignored[k], a); k++) continue;
      if (k == p->nignored && p->nignored < SK_PEER_MAX) p->ignored[p->nignored++] = a;
      continue;
    }
    if (sk_streq(op->name, "-m") || sk_streq(op->name, "--message-size")) {
      if (p->size_min < 0) p->size_min = 0;
      if (!peer_osu_sizes(v, p)) {
        sk_str_printf(err, "skampi: %s -m '%s': give [MIN:]MAX in bytes (MIN <= MAX, at most 128M)", p->family, v);
        return -1;
      }
    } else if (sk_streq(op->name, "-msglog")) {
      if (!peer_imb_msglog(v, p)) {
        sk_str_printf(err, "skampi: %s -msglog '%s': give [MIN:]MAX, powers of two up to 27", p->family, v);
        return -1;
      }
    } else if (sk_streq(op->name, "-iter") && strchr(v, ',') != NULL) {
      /* IMB's -iter MSGSPERSAMPLE[,OVERALL_VOL[,MSGS_NONAGGR]]: the repetitions are the first; the
      ** volume cap and the non-aggregate count have no effect (skampi's buffers and one mode) */
      char first[32];
      const char *rest = strchr(v, ',');
      long unused;
      if (!peer_first(v, rest, first)) first[0] = '\0';
      if (!peer_count(p, a, first, &p->iterations, PEER_NUMBER_MAX, "a number of iterations from 1", err)) return -1;
      for (k = 0; rest != NULL && k < 2; k++) {
        char field[32];
        const char *next = strchr(rest + 1, ',');
        if (!peer_first(rest + 1, next ? next : rest + 1 + strlen(rest + 1), field) || !peer_number(field, &unused)) break;
        rest = next;
      }
      if (rest != NULL) {
        sk_str_printf(err, "skampi: %s -iter '%s': give MSGSPERSAMPLE[,OVERALL_VOL[,MSGS_NONAGGR]], whole numbers", p->family, v);
        return -1;
      }
    } else if (sk_streq(op->name, "-i") || sk_streq(op->name, "--iterations") || sk_streq(op->name, "-iter")) {
      if (!peer_count(p, a, v, &p->iterations, PEER_NUMBER_MAX, "a number of iterations from 1", err)) return -1;
    } else if (sk_streq(op->name, "-W") || sk_streq(op->name, "--window-size") || sk_streq(op->name, "-window_size")) {
      if (!peer_count(p, a, v, &p->window, 1024, "a window of 1 to 1024 messages", err)) return -1;
    } else if (peer_is_pairs(op)) {
      if (!peer_count(p, a, v, &p->pairs, PEER_NUMBER_MAX, "a number of pairs from 1", err)) return -1;
    } else if (peer_is_forks(p, op)) {
      if (!peer_osu_forks(v, p)) {
        sk_str_printf(err, "skampi: %s %s '%s': give [S:]R, the children of the sender and of the receiver, each 1 to 127",
                      p->family, a, v);
        return -1;
      }
    } else if (sk_streq(op->name, "-npmin")) {
      if (!peer_count(p, a, v, &p->npmin, PEER_NUMBER_MAX, "a number of processes from 1", err)) return -1;
    } else if (sk_streq(op->name, "-zero_size")) {
      p->no_zero = sk_streq(v, "0") || sk_streq(v, "off") || sk_streq(v, "disable");
    } else if (sk_streq(op->name, "-count")) {
      if (!peer_mt_counts(v, p)) {
        sk_str_printf(err, "skampi: IMB-MT -count '%s': give counts separated by commas (at most 32, each up to 128M)", v);
        return -1;
      }
    } else if (sk_streq(op->name, "-repeat")) {
      if (!peer_count(p, a, v, &p->repeat, PEER_NUMBER_MAX, "a number of repetitions from 1", err)) return -1;
    } else if (sk_streq(op->name, "-datatype")) {
      if (!sk_streq(v, "int") && !sk_streq(v, "char")) {
        sk_str_printf(err, "skampi: IMB-MT -datatype '%s': give int or char", v);
        return -1;
      }
      p->char_type = sk_streq(v, "char");
    } else if (sk_streq(op->name, "-check")) {   /* IMB-MT's data check: skampi's -v */
      p->validate = *verify = !sk_streq(v, "0") && !sk_streq(v, "off") && !sk_streq(v, "false") && !sk_streq(v, "no");
    } else if (sk_streq(op->name, "-thread_level")) {
      if (!peer_mt_thread_level(v, p, err)) return -1;
    } else if (sk_streq(op->name, "-w") || sk_streq(op->name, "--win-options")
               || sk_streq(op->name, "-s") || sk_streq(op->name, "--sync-option")) {
      int win = op->name[1] == 'w' || op->name[2] == 'w', layout = peer_table[p->bench[0]].layout, c;
      if ((layout != OSU_RMA_LAT && layout != OSU_RMA_BW) || (!win && sk_streq(p->family, "osu_get_multi_lat"))) {   /* not a one-sided benchmark: said once, as before */
        for (k = 0; k < p->nignored && !sk_streq(p->ignored[k], a); k++) continue;
        if (k == p->nignored && p->nignored < SK_PEER_MAX) p->ignored[p->nignored++] = a;
        continue;
      }
      c = win ? peer_choice(v, osu_win_names, 3) : peer_choice(v, osu_sync_names, 6);
      if (c >= 0 && !win && peer_set_int(peer_table[p->bench[0]].set, "sync_kind") == 1 && c != 1 && c != 2) c = -2;
      if (c < 0) {
        sk_str_printf(err, "skampi: %s %s '%s': give %s", p->family, a, v,
                      win ? "create, allocate or dynamic"
                      : c == -2 ? "pscw or fence (its synchronisations)" : "lock, pscw, fence, flush, flush_local or lock_all");
        return -1;
      }
      if (win) p->win_kind = c + 1;
      else p->sync_kind = c + 1;
    } else if (sk_streq(op->name, "-f") || sk_streq(op->name, "--full")) p->full = 1;
    else if (sk_streq(op->name, "-z") || sk_streq(op->name, "--tail-lat")) {
      p->ntail = 0;
      if (v == NULL || *v == '\0') { p->tail[0] = 50; p->tail[1] = 90; p->tail[2] = 99; p->ntail = 3; }
      while (v != NULL && *v && p->ntail < 5) {
        char *end;
        long q = strtol(v, &end, 10);
        if (end == v || q < 1 || q > 99 || (*end != ',' && *end != '\0')) {
          sk_str_printf(err, "skampi: %s -z: percentiles from 1 to 99, separated by commas", p->family);
          return -1;
        }
        p->tail[p->ntail++] = (int)q;
        v = *end ? end + 1 : end;
      }
    } else if (sk_streq(op->name, "-c") || sk_streq(op->name, "--validation")) p->validate = *verify = 1;
    else if (sk_streq(op->name, "-list")) { p->info = 'l'; return 2; }
    else if (sk_streq(op->name, "-v") || sk_streq(op->name, "--version")) { p->info = 'v'; return 2; }
    else if (sk_streq(op->name, "-include") || sk_streq(op->name, "-exclude") || sk_streq(op->name, "-input")) {
      if (!peer_imb_list(p, op->name, v, err)) return -1;
    } else if (sk_streq(op->name, "-o")) *output = v;
    else if (sk_streq(op->name, "-q")) *quiet = p->quiet = 1;
  }
  if (p->threads > 0 && p->validate && p->char_type) {   /* as IMB-MT: its check knows int only */
    sk_str_printf(err, "skampi: IMB-MT -check: only with -datatype int (as IMB-MT's)");
    return -1;
  }
  if (p->tool == 'i' && p->nbench == 0 && sk_streq(family, "IMB-MPI1"))   /* IMB-MPI1 without names: its list */
    for (k = 0; k < (int)(sizeof imb_mpi1_default / sizeof imb_mpi1_default[0]); k++)
      p->bench[p->nbench++] = peer_find(family, imb_mpi1_default[k]);
  if (p->tool == 'i' && p->nbench == 0)   /* the others without names: their default list (-include's too) */
    for (k = 0; k < PEER_N && p->nbench < SK_PEER_MAX; k++)
      if (sk_streq(peer_table[k].family, family) && peer_is_default(&peer_table[k])) p->bench[p->nbench++] = k;
  if (p->tool == 'i') {   /* IMB: -include's added, -exclude's taken out, each benchmark once */
    int j, n = 0;
    for (k = 0; k < p->nincluded && p->nbench < SK_PEER_MAX; k++) p->bench[p->nbench++] = p->included[k];
    for (k = 0; k < p->nbench; k++) {
      int keep = 1;
      for (j = 0; j < p->nexcluded; j++) if (p->excluded[j] == p->bench[k]) keep = 0;
      for (j = 0; j < n; j++) if (p->bench[j] == p->bench[k]) keep = 0;
      if (keep) p->bench[n++] = p->bench[k];
    }
    p->nbench = n;
  }
  if (p->nbench == 0) {
    sk_str_printf(err, "skampi: skampi measures none of %s's benchmarks yet (doc/manual.md \"OSU and IMB names\")",
                  family);
    return -1;
  }
  if (p->size_min < 0) p->size_min = p->tool == 'i' ? 0 : 1;   /* the tools' defaults: OSU from 1 (below), IMB from 0 */
  if (p->size_max == 0) {   /* no MAX given (OSU's -m 2: too) */
    int layout = peer_table[p->bench[0]].layout;
    p->size_max = layout == OSU_COLL || layout == OSU_NBC ? 1048576L : 4194304L;
    if (p->size_min > p->size_max) {
      sk_str_printf(err, "skampi: %s -m: MIN %ld is above the default MAX %ld", p->family, p->size_min, p->size_max);
      return -1;
    }
  }
  if (p->tool == 'i') p->size_min = p->no_zero || p->size_min > 0 ? 1L << p->imb_min_log : 0;
  /* OSU 7.4 prints no 0-byte line, with -m 0:N or N too: its point-to-point latencies
  ** start at 0 (c/util/osu_util.c, options.min_message_size = 0 for PT2PT) but skip a
  ** size of no element (osu_latency.c: if (0 == num_elements) continue), the others
  ** start at MIN_MESSAGE_SIZE 1 (c/util/osu_util.h), and -m's MIN 0 is refused there
  ** (set_min_message_size: 0 >= value), which keeps that default */
  if (p->tool == 'o' && p->size_min < 1) p->size_min = 1;
  if (*output == NULL) {
    sprintf(p->output_buf, "%.60s%s%.60s.sko", p->family, p->tool == 'i' && p->nbench == 1 ? "-" : "",
            p->tool == 'i' && p->nbench == 1 ? peer_table[p->bench[0]].name : "");
    *output = p->output_buf;
  }
  p->output = *output;
  memset(o, 0, sizeof *o);
  o->name = peer_table[p->bench[0]].row;
  return 1;
}

SK_API int sk_peer_program(const sk_peer *p, sk_oneline *o, int nprocs, sk_str *text, sk_str *err)
{
  int b, ok = 1;
  char set[200];
  if (p->nignored > 0 && nprocs > 0 && sk_is_reporter() && !p->quiet) {   /* one line, every such option */
    sk_str line;
    sk_str_init(&line);
    sk_str_printf(&line, "skampi: %s option%s", p->family, p->nignored > 1 ? "s" : "");
    for (b = 0; b < p->nignored; b++) sk_str_printf(&line, "%s'%s'", b ? ", " : " ", p->ignored[b]);
    sk_str_printf(&line, " %s no effect here (skampi's own choice is kept)\n", p->nignored > 1 ? "have" : "has");
    fputs(line.data, stderr);
    sk_str_free(&line);
  }
  for (b = 0; b < p->nbench && ok; b++) {
    const peer_bench *e = &peer_table[p->bench[b]];
    long n;
    memset(o, 0, sizeof *o);
    o->name = e->row;
    o->suite = e->name;
    o->bytes = 1;
    o->comment = b > 0;
    o->sizes_given = 1;
    o->size_min = p->size_min;
    o->size_max = p->size_max;
    o->zero_first = p->tool == 'i' && !p->no_zero;   /* IMB: 0, then 2^MIN ... 2^MAX */
    if (o->zero_first && p->imb_min_log > 0) o->size_min = 1L << p->imb_min_log;
    if (sk_streq(e->family, "IMB-EXT") && sk_streq(e->name, "Window")) {   /* IMB's "reduction": whole 4-byte */
      if (o->size_min < 4) o->size_min = 4;                                /* elements (0, 4, 8, ...), */
      if (p->iterations == 0) o->reps_min = o->reps_max = 100;             /* MSGS_NONAGGR repetitions */
    }
    set[0] = '\0';   /* the options' values first: the first value of a parameter counts */
    if (p->window > 0) sprintf(set + strlen(set), "window=%ld,", p->window);
    if (p->win_kind > 0) sprintf(set + strlen(set), "win_kind=%d,", p->win_kind - 1);
    if (p->sync_kind > 0) sprintf(set + strlen(set), "sync_kind=%d,", p->sync_kind - 1);
    if (p->forks[1] > 0)
      sprintf(set + strlen(set), "sender_children=%ld,receiver_children=%ld,", peer_forks_of(p, 0), peer_forks_of(p, 1));
    sprintf(set + strlen(set), "%s%s", e->set ? e->set : "", e->set ? "," : "");
    if (p->threads > 0) {   /* IMB-MT: its counts of its datatype, T threads, -repeat operations per timing */
      sprintf(set + strlen(set), "threads=%ld,datatype=%s,iterations=%ld,", p->threads,   /* MPI_SUM needs an integer type */
              !p->char_type ? "MPI_INT" : strstr(e->row, "reduce") ? "MPI_UNSIGNED_CHAR" : "MPI_CHAR",
              p->repeat > 0 ? p->repeat : 1000L);
      o->counts = p->counts;
      o->buffer = 4L * p->threads * p->count_max * (p->char_type ? 1L : 4L);   /* send, 2 receive slots, spare */
      if (peer_mt_not_built(e) && e->layout == IMB_RANGE)   /* scatters ... all-to-alls: a block per process */
        o->buffer *= nprocs > 1 ? nprocs : 1;
    }
    if (p->iterations > 0) {   /* a fixed number of operations: one per repetition */
      o->reps_min = o->reps_max = p->iterations;
      if (!strstr(set, "iterations=")) strcat(set, "iterations=1,");
    }
    o->set = set;
    if (p->pairs > 0) {   /* osu_mbw_mr -p N: the row on the first 2N processes (pairs i, i + N) */
      if (nprocs > 0 && 2 * p->pairs > nprocs) {
        sk_str_printf(err, "skampi: %s -p %ld: %ld pairs need %ld processes, the run has %d", p->family, p->pairs,
                      p->pairs, 2 * p->pairs, nprocs);
        return 0;
      }
      o->procs_min = o->procs_max = 2 * p->pairs;
    }
    if (peer_procs(e) > 0) {   /* IMB-IO's S_: on one process, the others waiting */
      o->procs_min = o->procs_max = peer_procs(e);
      ok = sk_oneline_program(o, nprocs, text, err);
    } else if (p->npmin > 0 && nprocs > 0 && e->layout != IMB_TIME_BW && e->layout != IMB_BW_RATE && e->layout != IMB_P2P_PAIR) {
      /* P, 2P, ..., all; a P above the run's processes is all of them, as IMB reads it */
      for (n = p->npmin < nprocs ? p->npmin : nprocs; ok; n = n * 2 > nprocs && n < nprocs ? nprocs : n * 2) {
        o->procs_min = o->procs_max = n;
        ok = sk_oneline_program(o, nprocs, text, err);
        o->comment = 1;
        if (n >= nprocs) break;
      }
    } else {
      ok = sk_oneline_program(o, nprocs, text, err);
    }
  }
  return ok;
}

/* The file's whole text (NULL when it cannot be read: the overlap figures are then left out). */
static char *peer_slurp(const char *path)
{
  FILE *f = fopen(path, "rb");
  sk_str t;
  char buf[4096];
  size_t got;
  if (f == NULL) return NULL;
  sk_str_init(&t);
  while ((got = fread(buf, 1, sizeof buf, f)) > 0) sk_str_putn(&t, buf, got);
  fclose(f);
  return t.data;
}

/* The "# overlap: t_pure P us, t_CPU C us, t_ovrl O us, overlap V %" note under each
** result line of block name in the result file path (the overlap rows write it when the
** figures can be trusted): per line of the block in order, 4 numbers or none (has[i] 0). */
typedef struct peer_overlap { double v[4]; int has; } peer_overlap;

static peer_overlap *peer_overlaps(const char *path, const char *name, size_t n)
{
  peer_overlap *ov = (peer_overlap *)sk_calloc(n + 1, sizeof *ov);
  char begin[220], *text = peer_slurp(path);
  const char *s;
  long line = -1;
  sprintf(begin, "# begin result \"%.200s\"\n", name);
  if (text == NULL || (s = strstr(text, begin)) == NULL) {
    free(text);
    return ov;
  }
  for (s += strlen(begin); *s && strncmp(s, "# end result", 12) != 0; s = strchr(s, '\n') ? strchr(s, '\n') + 1 : "") {
    double pure, cpu, ovrl, overlap;
    if (*s != '#') line++;
    else if (line >= 0 && (size_t)line < n
             && sscanf(s, "# overlap: t_pure %lf us, t_CPU %lf us, t_ovrl %lf us, overlap %lf", &pure, &cpu, &ovrl,
                       &overlap) == 4) {
      ov[line].v[0] = ovrl; ov[line].v[1] = pure; ov[line].v[2] = cpu; ov[line].v[3] = overlap;
      ov[line].has = 1;
    }
  }
  free(text);
  return ov;
}

static int peer_cmp(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* The q-th percentile of the line's repetitions (its "#@ reps:"), or of its "#@ dist:"
** for 50, 90, 99; -1 when neither says. */
static double peer_percentile(const sk_sko_line *l, int q)
{
  if (l->nrep > 0) {
    double *v = (double *)sk_malloc((size_t)l->nrep * sizeof *v), r;
    int k = (int)((double)q / 100.0 * l->nrep + 0.999999) - 1;
    memcpy(v, l->rep_us, (size_t)l->nrep * sizeof *v);
    qsort(v, (size_t)l->nrep, sizeof *v, peer_cmp);
    r = v[k < 0 ? 0 : k >= l->nrep ? l->nrep - 1 : k];
    free(v);
    return r;
  }
  if (!l->has_dist) return -1.0;
  return q == 50 ? l->dist[2] : q == 90 ? l->dist[4] : q == 99 ? l->dist[5] : -1.0;
}

/* The figure OSU or IMB prints as the time: one-way for a round trip, else the time. */
static double peer_time(const sk_sko_line *l)
{
  return l->oneway_us >= 0.0 ? l->oneway_us : l->time_us;
}

static void peer_flags(const sk_sko_line *l)
{
  printf("  %s\n", l->flagset && *l->flagset ? l->flagset : "-");
}

static void peer_osu_block(const sk_peer *p, const peer_bench *e, const sk_sko_block *b, int procs)
{
  size_t i;
  int t, sized = e->layout != OSU_SYNC && !(e->layout == OSU_NBC && sk_streq(e->row, "Ibarrier_overlap"));
  int range = p->full && e->layout != OSU_BW && e->layout != OSU_MBW && e->layout != OSU_RMA_BW;
  int multi_lat = sk_streq(e->name, "osu_get_multi_lat");
  int atomic_one = sk_streq(e->name, "osu_fop_latency") || sk_streq(e->name, "osu_cas_latency");   /* OSU's size 1 for one int */
  double pairs = sk_streq(e->name, "osu_get_mbw") ? procs / 2 : 1;   /* osu_get_mbw: all pairs' bandwidth */
  peer_overlap *ov = e->layout == OSU_NBC ? peer_overlaps(p->output, b->name, b->n) : NULL;
  if (sk_streq(e->name, "osu_latency_mp"))   /* its lines before the title */
    printf("# Number of forked processes in sender: %ld\n# Number of forked processes in receiver: %ld\n",
           peer_forks_of(p, 0), peer_forks_of(p, 1));
  printf("\n# %s v7.4\n", e->title);
  if (e->layout == OSU_MBW) printf("# [ pairs: %d ] [ window size: %ld ]\n", procs / 2, p->window ? p->window : 64L);
  if (e->layout == OSU_RMA_LAT || e->layout == OSU_RMA_BW) {
    int win = p->win_kind > 0 ? p->win_kind - 1 : peer_set_int(e->set, "win_kind");
    int sync = p->sync_kind > 0 ? p->sync_kind - 1 : peer_set_int(e->set, "sync_kind");
    if (multi_lat)   /* its own lines, PSCW always, no datatype line */
      printf("# Pairs: %d\n# Window: %s\n# Synchronization: PSCW\n", procs / 2, osu_win_lines[win < 0 ? 0 : win]);
    else
      printf("# Window creation: %s\n# Synchronization: %s\n", osu_win_lines[win < 0 ? 0 : win],
             osu_sync_lines[sync < 0 ? 0 : sync]);
  }
  if (e->layout == OSU_NBC) printf("# Overall = Coll. Init + Compute + MPI_Test + MPI_Wait\n\n");
  if (sized && !multi_lat) printf("# Datatype: MPI_CHAR.\n");   /* OSU 7.4's default (reductions: skampi's MPI_UNSIGNED_CHAR) */
  if (sized) printf("%-*s", 10, "# Size");
  switch (e->layout) {
  case OSU_BW: case OSU_RMA_BW: printf("%*s", 20, "Bandwidth (MB/s)"); break;
  case OSU_MBW: printf("%*s%*s", 20, "MB/s", 20, "Messages/s"); break;
  case OSU_RMA_LAT: printf("%*s", 20, "Latency (us)"); break;
  case OSU_SYNC: printf("# Avg Latency(us)"); break;
  case OSU_NBC:   /* osu_ibarrier: "# Overall(us)" as it stands, its figure 13 wide (print_stats_nbc) */
    printf(sized ? "%20s" : "# %s", "Overall(us)");
    printf("%*s%*s%*s", 20, "Compute(us)", 20, "Pure Comm.(us)", 20, "Overlap(%)");
    break;
  default: printf("%*s", 20, "Avg Latency(us)"); break;
  }
  if (range)
    printf("%*s%*s%*s", 20, "Min Latency(us)", 20, "Max Latency(us)", 12, "Iterations");
  for (t = 0; t < p->ntail; t++)
    printf("%*sP%d Tail %s", (int)(20 - strlen(e->layout == OSU_BW ? "Px Tail BW(MB/s)" : "Px Tail Lat(us)")
                                    - (p->tail[t] > 9)), "", p->tail[t], e->layout == OSU_BW ? "BW(MB/s)" : "Lat(us)");
  printf("  skampi flags\n");
  for (i = 0; i < b->n; i++) {
    const sk_sko_line *l = &b->lines[i];
    double lat = peer_time(l), ratio = l->time_us > 0.0 ? lat / l->time_us : 1.0;
    double mbs = l->mbytes_per_s >= 0.0 ? l->mbytes_per_s : l->time_us > 0.0 ? (double)l->size / l->time_us : 0.0;
    if (sized) printf("%-*ld", 10, atomic_one ? 1L : l->size);
    switch (e->layout) {
    case OSU_BW: case OSU_RMA_BW: printf("%*.*f", 20, 2, mbs * pairs); break;
    case OSU_MBW: printf("%*.*f%*.*f", 20, 2, mbs, 20, 2, l->time_us > 0.0 ? 1e6 / l->time_us : 0.0); break;
    case OSU_SYNC: printf("%*.*f", 17, 2, lat); break;
    case OSU_NBC:
      if (ov[i].has)
        printf("%*.*f%*.*f%*.*f%*.*f", sized ? 20 : 13, 2, ov[i].v[0], 20, 2, ov[i].v[2], 20, 2, ov[i].v[1], 20, 2, ov[i].v[3]);
      else printf("%*.*f%*s%*s%*s", sized ? 20 : 13, 2, lat, 20, "-", 20, "-", 20, "-");
      break;
    default: printf("%*.*f", sk_streq(e->name, "osu_latency_mp") ? 10 : 20, 2, lat); break;   /* its own width */
    }
    if (range)
      printf("%*.*f%*.*f%*ld", 20, 2, (l->has_dist ? l->dist[0] : l->time_us) * ratio, 20, 2,
             (l->has_dist ? l->dist[6] : l->time_us) * ratio, 12, l->reps);
    for (t = 0; t < p->ntail; t++) {
      double v = peer_percentile(l, p->tail[t]);
      if (v < 0.0) printf("%*s", 20, "-");
      else if (e->layout == OSU_BW) printf("%*.*f", 20, 2, v > 0.0 ? mbs * l->time_us / v : 0.0);
      else printf("%*.*f", 20, 2, v * ratio);
    }
    peer_flags(l);
  }
  free(ov);
}

/* IMB's underline: "#" and line_len * 13 - 1 dashes. */
static void peer_imb_line(int fields)
{
  int k;
  putchar('#');
  for (k = 1; k < fields * 13; k++) putchar('-');
  putchar('\n');
}

/* IMB-RMA's and IMB-EXT's benchmarks that IMB runs in a non-aggregate and an aggregate
** mode, each table under its "MODE:" line (skampi: the non-aggregate one); the others
** print none. */
static int peer_imb_modes(const peer_bench *e)
{
  static const char *const two[] = {
    "Unidir_put", "Unidir_get", "Bidir_put", "Bidir_get", "Put_local", "Get_local", "Accumulate", "Get_accumulate",
    "Fetch_and_op", "Compare_and_swap"
  };
  size_t k;
  if (sk_streq(e->family, "IMB-EXT")) return !sk_streq(e->name, "Window");   /* all but Window */
  if (!sk_streq(e->family, "IMB-RMA")) return 0;
  for (k = 0; k < sizeof two / sizeof two[0]; k++)
    if (sk_streq(e->name, two[k])) return 1;
  return 0;
}

/* IMB's benchmarks of two processes (the rest wait in MPI_Barrier): those of the
** time-and-bandwidth layouts but IMB-RMA's of one or all origins (no "MODE:" line), which
** run on every process, as Truly_passive_put does not. */
static int peer_imb_pair(const peer_bench *e)
{
  if (e->layout == IMB_PURE_OVRL) return 1;
  if (e->layout != IMB_TIME_BW && e->layout != IMB_BW_RATE) return 0;
  if (e->layout == IMB_BW_RATE && strncmp(e->row, "Mb", 2) == 0) return 0;   /* Uniband, Biband: P/2 pairs */
  return !sk_streq(e->family, "IMB-RMA") || peer_imb_modes(e) || sk_streq(e->name, "Truly_passive_put");
}

static void peer_imb_block(const sk_peer *p, const peer_bench *e, const sk_sko_block *b, int procs, int nprocs)
{
  static const char *const heads[][6] = {
    { "#bytes", "#repetitions", "t[usec]", "Mbytes/sec", NULL, NULL },
    { "#bytes", "#repetitions", "t_min[usec]", "t_max[usec]", "t_avg[usec]", "Mbytes/sec" },
    { "#bytes", "#repetitions", "t_min[usec]", "t_max[usec]", "t_avg[usec]", NULL },
    { "#repetitions", "t_min[usec]", "t_max[usec]", "t_avg[usec]", NULL, NULL },
    { "#bytes", "#repetitions", "Mbytes/sec", "Msg/sec", NULL, NULL },
    { "#bytes", "#repetitions", "t_ovrl[usec]", "t_pure[usec]", "t_CPU[usec]", " overlap[%]" },
    { "#repetitions", "t_ovrl[usec]", "t_pure[usec]", "t_CPU[usec]", " overlap[%]", NULL },
    { "#bytes", "#repetitions", "t[usec]", "Mbytes/sec", "Msg/sec", NULL },
    { "#bytes", "#repetitions", "t[usec]", "Mbytes/sec", "Msg/sec", NULL },
    { "#bytes", "#repetitions", "t_avg[usec]", "Mbytes/sec", "Msg/sec", NULL },
    { "#bytes", "#repetitions", "t_pure[usec]", "t_ovrl[usec]", NULL, NULL }
  };
  long threads = p->threads > 0 ? p->threads : 1;   /* IMB-MT's #bytes: T threads' messages */
  int shown = peer_procs(e) > 0 ? peer_procs(e) : peer_imb_pair(e) || e->layout == IMB_MT_BAND || e->layout == IMB_P2P_PAIR
              || strncmp(e->row, "Thread_pingpong", 15) == 0 || sk_streq(e->row, "Thread_pingping") ? 2 : procs;
  int io_nb = sk_streq(e->family, "IMB-IO") && e->name[2] == 'I';   /* IMB-IO's non-blocking: IMB's overlap columns */
  int h = (io_nb ? IMB_OVERLAP : e->layout) - IMB_TIME_BW, k, fields = 0;
  const char *tail = sk_streq(e->family, "IMB-P2P") ? "" : " ";   /* IMB-P2P's header lines end without a blank */
  size_t i;
  peer_overlap *ov = NULL;
  for (k = 0; k < 6 && heads[h][k]; k++) fields++;
  printf("\n");
  peer_imb_line(p->threads > 0 ? 6 : fields);   /* IMB-MT: one width for all */
  printf("# Benchmarking %s%s\n", e->name, tail);
  if (p->threads > 0) printf("# #processes = %d (threads: %ld)\n", shown, p->threads);
  else printf("# #processes = %d%s\n", shown, tail);
  if (nprocs - shown > 0)
    printf("# ( %d additional process%s waiting in MPI_Barrier)\n", nprocs - shown, nprocs - shown > 1 ? "es" : "");
  if (e->layout == IMB_MT_BAND) printf("# window_size = %ld\n", p->window > 0 ? p->window : 64L);
  peer_imb_line(p->threads > 0 ? 6 : fields);   /* IMB-MT: one width for all */
  if (peer_imb_modes(e)) printf("#\n#    MODE: NON-AGGREGATE \n#\n");
  if (sk_streq(e->family, "IMB-IO") && e->layout != IMB_SYNC) printf("#\n#    MODE: NON-AGGREGATE \n#\n");
  for (k = 0; k < fields; k++) printf("%13s", heads[h][k]);
  printf("  skampi flags\n");
  if (e->layout == IMB_OVERLAP || e->layout == IMB_OVERLAP_SYNC) ov = peer_overlaps(p->output, b->name, b->n);
  for (i = 0; i < b->n; i++) {
    const sk_sko_line *l = &b->lines[i];
    double t = peer_time(l), lo = l->time_us, hi = l->time_us, avg = 0.0, ratio;
    long bytes = sk_streq(e->family, "IMB-IO") ? l->size / shown : l->size * threads;   /* IMB-IO: per process */
    int n;
    for (n = 0; n < l->nnode; n++) {
      if (l->node_us[n] < lo) lo = l->node_us[n];
      if (l->node_us[n] > hi) hi = l->node_us[n];
      avg += l->node_us[n];
    }
    avg = l->nnode > 0 ? avg / l->nnode : l->time_us;
    if (l->nnode > 0 && l->time_us > hi) hi = l->time_us;
    if (l->oneway_us < 0.0 && strncmp(e->row, "Thread_pingpong", 15) == 0) t = l->time_us / 2.0;   /* IMB-MT: half a round trip */
    ratio = l->time_us > 0.0 ? t / l->time_us : 1.0;
    lo *= ratio;   /* one way of a round trip, as t */
    hi *= ratio;
    avg *= ratio;
    if (io_nb) {   /* t_pure: skampi's start and wait (its slowest process); no computation beside it */
      printf("%13ld%13ld%13s%13.2f%13s%13s", bytes, l->reps, "-", hi, "-", "-");
      peer_flags(l);
      continue;
    }
    switch (e->layout) {
    case IMB_TIME_BW:
      printf("%13ld%13ld%13.2f%13.2f", l->size, l->reps, t, t > 0.0 ? e->scale * (double)l->size / t : 0.0);
      break;
    case IMB_RANGE_BW:
      printf("%13ld%13ld%13.2f%13.2f%13.2f%13.2f", bytes, l->reps, lo, hi, avg,
             hi > 0.0 ? e->scale * (double)bytes / hi : 0.0);
      break;
    case IMB_RANGE: printf("%13ld%13ld%13.2f%13.2f%13.2f", bytes, l->reps, lo, hi, avg); break;
    case IMB_MT_BAND:   /* t: per message of all threads; t_avg: one thread's */
      printf("%13ld%13ld%13.2f%13.2f%13.0f", bytes, l->reps, t * (double)threads, t > 0.0 ? (double)l->size / t : 0.0,
             t > 0.0 ? 1e6 / t : 0.0);
      break;
    case IMB_SYNC: printf("%13ld%13.2f%13.2f%13.2f", l->reps, lo, hi, avg); break;
    case IMB_PURE_OVRL: printf("%13ld%13ld%13.2f%13s", l->size, l->reps, t, "-"); break;   /* no busy target's t_ovrl */
    case IMB_BW_RATE:
      printf("%13ld%13ld%13.2f%13.0f", l->size, l->reps, t > 0.0 ? (double)l->size / t : 0.0, t > 0.0 ? 1e6 / t : 0.0);
      break;
    case IMB_P2P_PAIR: case IMB_P2P: {   /* t: the round / a process's messages; the rates: all messages of the round */
      double all = (e->layout == IMB_P2P ? procs : 1) * e->scale;
      printf("%13ld%13ld%13.2f%13.2f%13.0f", l->size, l->reps, l->time_us / e->scale,
             l->time_us > 0.0 ? all * (double)l->size / l->time_us : 0.0, l->time_us > 0.0 ? all * 1e6 / l->time_us : 0.0);
      break;
    }
    default:
      if (e->layout == IMB_OVERLAP) printf("%13ld", l->size);
      printf("%13ld", l->reps);
      if (ov[i].has) printf("%13.2f%13.2f%13.2f%13.2f", ov[i].v[0], ov[i].v[1], ov[i].v[2], ov[i].v[3]);
      else printf("%13.2f%13s%13s%13s", l->time_us, "-", "-", "-");
      break;
    }
    peer_flags(l);
  }
  free(ov);
}

SK_NOINLINE SK_API int sk_peer_print(const sk_peer *p, int nprocs)
{
  sk_sko_file f;
  sk_str err;
  size_t k;
  sk_str_init(&err);
  memset(&f, 0, sizeof f);
  if (!sk_sko_read(p->output, &f, &err)) {
    fprintf(stderr, "skampi: the tables cannot be printed: %s\n", err.data);
    sk_str_free(&err);
    return 0;
  }
  sk_str_free(&err);
  if (p->tool == 'i') {
    printf("#----------------------------------------------------------------\n");
    printf("#    skampi %s in the layout of the Intel(R) MPI Benchmarks 2021 (%s)\n", SKAMPI_VERSION, p->family);
    printf("#    results, flags and distributions: %s\n", p->output);
    printf("#----------------------------------------------------------------\n");
  }
  for (k = 0; k < f.n; k++) {
    const sk_sko_block *b = &f.blocks[k];
    char name[200];
    const char *np = strstr(b->name, "-np");
    int e, procs = nprocs;
    sk_copy_string(name, sizeof name, b->name);
    if (np != NULL) {
      name[np - b->name] = '\0';
      procs = atoi(np + 3);
    }
    e = peer_find(p->tool == 'o' ? "osu" : p->family, name);
    if (e < 0) continue;
    if (p->tool == 'o') peer_osu_block(p, &peer_table[e], b, procs);
    else peer_imb_block(p, &peer_table[e], b, procs, nprocs);
  }
  if (p->tool == 'o') printf("# skampi %s: results, flags and distributions in %s\n", SKAMPI_VERSION, p->output);
  fflush(stdout);
  sk_sko_free(&f);
  return !ferror(stdout);
}

SK_API void sk_peer_info(const sk_peer *p, FILE *f)
{
  const peer_option *opts;
  int n, k, honoured;
  if (p->info == 'v') {   /* OSU's -v */
    fprintf(f, "# %s: skampi %s, OSU 7.4's names and table layout\n", p->family, SKAMPI_VERSION);
    return;
  }
  if (p->info == 'l') {   /* IMB's -list */
    fprintf(f, "%s (skampi %s)\nList of benchmarks:\n%s:\n", p->family, SKAMPI_VERSION, p->family);
    for (k = 0; k < PEER_N; k++)
      if (sk_streq(peer_table[k].family, p->family))
        fprintf(f, "    %s%s\n        skampi row %s%s%s\n", peer_table[k].name,
                peer_mt_not_built(&peer_table[k]) ? " (not built by IMB-MT 2021)"
                : peer_is_default(&peer_table[k]) ? "" : " (non-default)", peer_table[k].row,
                peer_table[k].set ? ", " : "", peer_table[k].set ? peer_table[k].set : "");
    return;
  }
  opts = peer_options_of(p, &n);
  fprintf(f, "Usage: skampi %s [options]%s\n  skampi measures %s's benchmark%s with its own rows and prints %s's table;\n"
          "  the results, flags and distributions go to NAME.sko (or -o FILE).\n", p->family,
          p->tool == 'i' ? " [benchmark ...]" : "", p->family, p->tool == 'i' ? "s" : "", p->tool == 'o' ? "OSU" : "IMB");
  for (honoured = 1; honoured >= 0; honoured--) {
    int col = 2;
    fprintf(f, "%s\n ", honoured ? "Options honoured:" : "Options accepted with no effect (named in one warning):");
    for (k = 0; k < n; k++) {
      if (opts[k].honoured != honoured) continue;
      if (col + (int)strlen(opts[k].name) + (opts[k].value == 1 ? 4 : 1) > 78) { fprintf(f, "\n "); col = 2; }
      col += fprintf(f, " %s%s", opts[k].name, opts[k].value == 1 ? " ARG" : "");
    }
    fprintf(f, "\n");
  }
  fprintf(f, "skampi's own options: skampi -h; every benchmark of both tools: doc/peers.md\n");
}

SK_NOINLINE SK_API int sk_peer_startup(const sk_peer *p)
{
  const peer_bench *e = p->tool == 'o' ? &peer_table[p->bench[0]] : NULL;
  int n = sk_tp_world_size(), k, ok = 1, timed = 1;
  double mine = sk_tp_start_ms(), *all;
  long lo = 0, hi = 0, sum = 0;
  if (e == NULL || e->layout != OSU_START) return 0;
  if (sk_streq(e->name, "osu_hello")) {
    if (sk_is_reporter()) printf("# %s v7.4\nThis is a test with %d processes\n", e->title, n);
    return 1 + (sk_is_reporter() && (fflush(stdout) != 0 || ferror(stdout)));
  }
  all = (double *)sk_malloc((size_t)n * sizeof *all);
  sk_tp_gather_doubles(sk_tp_world(), &mine, 1, all, 0);
  if (sk_is_reporter()) {
    for (k = 0; k < n; k++) {
      long ms = (long)all[k];   /* whole milliseconds, as osu_init's long */
      if (all[k] < 0.0) timed = 0;
      if (k == 0 || ms < lo) lo = ms;
      if (k == 0 || ms > hi) hi = ms;
      sum += ms;
    }
    if (!timed) fprintf(stderr, "skampi: osu_init: this build did not start MPI itself or has no wall clock; no time\n");
    else printf("# %s v7.4\nnprocs: %d, min: %ld ms, max: %ld ms, avg: %ld ms\n", e->title, n, lo, hi, sum / n);
    if (fflush(stdout) != 0 || ferror(stdout)) ok = 0;
  }
  free(all);
  return !ok ? 2 : !timed ? 3 : 1;
}
