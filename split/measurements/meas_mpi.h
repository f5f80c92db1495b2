/*
** meas_mpi.h -- helpers shared by the MPI measurement modules (meas_mpi_*.c), defined
** in meas_mpi.c; the window helpers of the one-sided modules, defined in
** meas_mpi_win_sync.c; and the tables the modules export (in every build: the rows of a
** build without MPI have no functions, see measure.h).
** Argument checks: each sk_mpi_check_* returns 1 when the argument is fine; otherwise it
** calls sk_meas_fail() with a message naming the measurement function and the
** parameter, and returns 0. After a failure the later checks do nothing (the first
** message is kept), so an init may run several checks and test m->failed once. They
** depend only on the arguments and the communicator size, so all processes agree on the
** outcome and a collective init step is done by all or by none. The minimum number of
** processes is no init's business: the engine checks the row's min_procs before init.
*/
#ifndef SK_MEAS_MPI_H
#define SK_MEAS_MPI_H

#include "measure.h"
#include "sync_window.h"

#ifdef SKAMPI_MPI
/* Bytes that `count` elements of `dt` occupy in a buffer (SKaMPI 5 manual §6.2.2 get_extent). */
SK_API size_t sk_mpi_bytes(long count, const sk_datatype *dt);
/* Bytes of data in `count` elements: the reported message size (§6.2 set_reported_message_size). */
SK_API long sk_mpi_data_bytes(long count, const sk_datatype *dt);

/* The measurement communicator of the context. */
SK_API MPI_Comm sk_mpi_comm(const sk_mctx *m);
/* A 'd' parameter (integers are accepted there), for the rows that read one by position
** (a SKaMPI 5 extension's SK5_ARG_double); a macro, as the catalogue's rows read m->arg. */
#define sk_mpi_arg_double(v) ((v)->type == SK_T_INT ? (double)(v)->u.i : (v)->u.d)
/* Spins on MPI_Wtime for `microseconds` without making any other MPI call: the
** simulated computation or delay of SKaMPI 5 manual §3.3 (delay_us, compute). */
SK_API void sk_mpi_busy_wait(double microseconds);
/* MPI_INT as a datatype of the input language, for the functions without <dt>. */
SK_API const sk_datatype *sk_mpi_int_type(void);
/* The ring neighbours of this process in the measurement communicator. */
SK_API int sk_mpi_ring_left(const sk_mctx *m);
SK_API int sk_mpi_ring_right(const sk_mctx *m);

/* 0 <= value <= INT_MAX (counts, iterations, message numbers). */
SK_API int sk_mpi_check_count(sk_mctx *m, const char *fn, const char *what, long value);
/* 0 <= rank < communicator size. */
SK_API int sk_mpi_check_rank(sk_mctx *m, const char *fn, const char *what, long rank);
/* 0 <= tag <= MPI_TAG_UB of the measurement communicator. */
SK_API int sk_mpi_check_tag(sk_mctx *m, const char *fn, const char *what, long tag);
/* Buffer bytes for `blocks` blocks of `count` elements, failing instead of overflowing;
** when `displaced` is set the element offset blocks*count must also fit an int (the
** displacements of the v-variants are ints). Returns 0 after a failure. */
SK_API size_t sk_mpi_block_bytes(sk_mctx *m, const char *fn, long count, const sk_datatype *dt,
                                 long blocks, int displaced);
/* A matching send and receive must carry the same number of data bytes. */
SK_API int sk_mpi_check_same_data(sk_mctx *m, const char *fn, long send_count, const sk_datatype *send_dt,
                                  long recv_count, const sk_datatype *recv_dt);
/* The predefined operator may be applied to the datatype (MPI-1.1 §4.9.2: MAX/MIN/SUM/
** PROD on integers and floating point, logical ops on integers, bitwise ops on integers
** and MPI_BYTE, MINLOC/MAXLOC on the pair types; with one-sided communication also
** MPI_REPLACE on any predefined type). Derived datatypes are refused. */
SK_API int sk_mpi_check_op(sk_mctx *m, const char *fn, const sk_opdef *op, const sk_datatype *dt,
                           int allow_replace);

/* The init part of the rows between ranks 0 and 1 with (count, datatype, tag, ...): count
** and tag checked (named after the row), one message of count elements of datatype in
** each buffer, its data bytes reported. */
SK_API void sk_mpi_init_message_pair(sk_mctx *m);

/* Integer division of `total` elements over `parts` processes: rank gets total/parts,
** the first total%parts ranks one more (used by Reduce_scatter and Reduce_Scatterv). */
SK_API int sk_mpi_share(long total, int parts, int rank);

/* ---- verification (verify.h) ---- */

/* Check functions of the rows between ranks 0 and 1 with (count, datatype): each holds
** the other's message. _pingpong: only when something moved (m->arg.iterations > 0). */
SK_API void sk_mpi_check_exchange(sk_mctx *m, const sk_value *args);
SK_API void sk_mpi_check_pingpong(sk_mctx *m, const sk_value *args);

/* Checks a received block of r_count elements of r_dt at buf against what process
** `stream` sent: s_count elements of s_dt taken from its pattern-filled send buffer at
** byte `offset`. The data is compared in packed form (MPI_Pack, so any pair of
** matching datatypes works), the gaps of r_dt must still be 0. `what` names the
** block in the mismatch message. Returns 1 when right. */
SK_API int sk_mpi_verify_block(sk_mctx *m, const char *what, const char *buf, long r_count,
                               const sk_datatype *r_dt, long s_count, const sk_datatype *s_dt, long stream,
                               size_t offset);
/* Block j (r_count elements of r_dt) of the receive buffer came from process j: s_count
** elements of s_dt from its send buffer's start, or (own_offset) from its block for this
** process (the all-to-alls). The gathers, all-gathers and all-to-alls share it. */
SK_API void sk_mpi_verify_blocks(sk_mctx *m, long r_count, const sk_datatype *r_dt, long s_count,
                                 const sk_datatype *s_dt, int own_offset);
/* Reductions: fills the send buffer with `count` elements of dt, element i of process r
** being a small whole number (so sums and products are exact in every type), and the
** receive buffer with zeros. A pair type (MPI_2INT, MPI_DOUBLE_INT, ... for MINLOC and
** MAXLOC) gets that number as its value and the rank r as its index. _from: the elements
** are those from number first_element on (a part of a longer vector). */
SK_API void sk_mpi_verify_fill_operands(sk_mctx *m, long count, const sk_datatype *dt);
SK_API void sk_mpi_verify_fill_operands_from(sk_mctx *m, long count, const sk_datatype *dt, long first_element);
/* Checks `count` elements of dt at buf against op applied, in rank order, to the
** operands of processes first..last (sk_mpi_verify_fill_operands); MINLOC and MAXLOC
** keep the smallest rank of equal values (MPI-1.1 §4.9.3). _from: the elements from
** number first_element on (a scattered part of the result). Combinations the local
** recomputation does not know (derived types) count as a mismatch of byte 0 with a
** message saying so. */
SK_API int sk_mpi_verify_reduced(sk_mctx *m, const char *what, const char *buf, long count,
                                 const sk_datatype *dt, const sk_opdef *op, int first, int last);
SK_API int sk_mpi_verify_reduced_from(sk_mctx *m, const char *what, const char *buf, long count,
                                      const sk_datatype *dt, const sk_opdef *op, int first, int last,
                                      long first_element);

#if SK_MPI_LEVEL >= 4
/* ---- large counts (the MPI-4 _c functions, MPI_Count) ---- */
/* 0 <= value; above INT_MAX only with a contiguous datatype (size == extent), whose
** received bytes the verification compares directly. */
SK_API int sk_mpi_check_large_count(sk_mctx *m, const char *fn, const char *what, long value, const sk_datatype *dt);
/* sk_mpi_verify_block of `count` elements of dt that process `stream` sent from offset
** 0; above INT_MAX (contiguous types) byte by byte. */
SK_API int sk_mpi_verify_block_large(sk_mctx *m, const char *what, const char *buf, long count, const sk_datatype *dt,
                                     long stream);
#endif

#if SK_MPI_LEVEL >= 2
/* ---- one-sided communication (meas_mpi_win_sync.c) ---- */

/* The arguments of the one-sided functions: one struct per parameter list of the rows
** (the rows sharing a list share its struct), the fields named after the parameters,
** read by position by one small reader per struct (in the module of the rows; its
** comment names them). Every list starts with count, datatype and info, read into the
** struct's `head` (sk_win_plain_args, by sk_win_plain_args_read); the lists without <dt>
** start (count, info) (sk_win_count_info_read) and move MPI_INTs (the window state then
** holds sk_mpi_int_type()). count, datatype and info go into the common part of the
** window state; what a signature has beyond them is kept there as its own struct (the
** union `arg` of sk_win_state, one member per struct below). The lists without anything
** beyond the head use sk_win_plain_args itself; the test build's (count) has its struct
** in meas_mpi_win_transfer.c. */

/* (count, datatype, info): MPI_Win_create and the pairwise transfers and onesided_dummy
** of meas_mpi_win_transfer.c; nothing beyond the common part, so no member of `arg`. */
typedef struct sk_win_plain_args {
  long count;
  const sk_datatype *dt;
  const sk_value *info;
} sk_win_plain_args;

SK_API void sk_win_plain_args_read(sk_win_plain_args *a, const sk_value *args);
SK_API void sk_win_count_info_read(sk_win_plain_args *a, const sk_value *args);

/* Window synchronisation (meas_mpi_win_sync.c). */
/* (count, datatype, info, assertion): MPI_Win_fence_open, MPI_Win_start, MPI_Win_post. */
typedef struct sk_win_epoch_args {
  sk_win_plain_args head;    /* count, datatype, info */
  long assertion;
} sk_win_epoch_args;

/* (count, datatype, info, assertion, do_a_put): MPI_Win_fence_close,
** MPI_Win_fence_close_collective, MPI_Win_complete, MPI_Win_startcomplete, MPI_Win_test. */
typedef struct sk_win_epoch_put_args {
  sk_win_plain_args head;    /* count, datatype, info */
  long assertion, do_a_put;
} sk_win_epoch_put_args;

/* (count, datatype, info, assertion, do_a_put, delay_us): MPI_Win_complete_delayed_wait,
** MPI_Win_wait_early_complete, MPI_Win_wait_delayed_complete, MPI_Win_test_delayed. */
typedef struct sk_win_epoch_put_delay_args {
  sk_win_plain_args head;    /* count, datatype, info */
  long assertion, do_a_put, delay_us;
} sk_win_epoch_put_delay_args;

/* (count, datatype, info, assertion, delay_us, delay_rank): MPI_Win_start_delayed_post. */
typedef struct sk_win_delayed_post_args {
  sk_win_plain_args head;    /* count, datatype, info */
  long assertion, delay_us, delay_rank;
} sk_win_delayed_post_args;

/* (count, datatype, info, assertion, msg_count, delay_us): MPI_Win_complete_n. */
typedef struct sk_win_complete_n_args {
  sk_win_plain_args head;    /* count, datatype, info */
  long assertion, msg_count, delay_us;
} sk_win_complete_n_args;

/* (count, datatype, info, do_a_put): MPI_Win_fence_openclose, MPI_Win_free. */
typedef struct sk_win_put_args {
  sk_win_plain_args head;    /* count, datatype, info */
  long do_a_put;
} sk_win_put_args;

/* (count, datatype, info, msg_count, delay_us): MPI_Win_fence_close_delayed. */
typedef struct sk_win_close_delayed_args {
  sk_win_plain_args head;    /* count, datatype, info */
  long msg_count, delay_us;
} sk_win_close_delayed_args;

/* (count, datatype, info, assertion, lock_type, dest_rank): MPI_Win_lock. */
typedef struct sk_win_lock_args {
  sk_win_plain_args head;    /* count, datatype, info */
  long assertion, lock_type, dest_rank;
} sk_win_lock_args;

/* (count, datatype, info, assertion, lock_type, dest_rank, delay_us): MPI_Win_lock_desync. */
typedef struct sk_win_lock_desync_args {
  sk_win_plain_args head;    /* count, datatype, info */
  long assertion, lock_type, dest_rank, delay_us;
} sk_win_lock_desync_args;

/* (count, datatype, info, assertion, lock_type, dest_rank, do_a_put, delay_us):
** MPI_Win_unlock. */
typedef struct sk_win_unlock_args {
  sk_win_plain_args head;    /* count, datatype, info */
  long assertion, lock_type, dest_rank, do_a_put, delay_us;
} sk_win_unlock_args;

/* Transfers (meas_mpi_win_transfer.c). */
/* (count, datatype, info, iterations): Pingpong_Put_Put. */
typedef struct sk_win_pingpong_args {
  sk_win_plain_args head;    /* count, datatype, info */
  long iterations;
} sk_win_pingpong_args;

/* (count, datatype, info, msg_count): Combining_fence, Combining_dedicated,
** MPI_Put_Exchange, MPI_Put_Exchange_passive. */
typedef struct sk_win_messages_args {
  sk_win_plain_args head;    /* count, datatype, info */
  long msg_count;
} sk_win_messages_args;

/* (count, datatype, info, lock_type): MPI_Put_passive_concurrent. */
typedef struct sk_win_passive_concurrent_args {
  sk_win_plain_args head;    /* count, datatype, info */
  long lock_type;
} sk_win_passive_concurrent_args;

/* (count, datatype, info, operation): MPI_Accumulate, onesided_reduce and
** onesided_allreduce (whose rows call it op). */
typedef struct sk_win_accumulate_args {
  sk_win_plain_args head;    /* count, datatype, info */
  const sk_opdef *op;
} sk_win_accumulate_args;

/* (count, datatype, info, operation, disjoint): MPI_Accumulate_concurrent. */
typedef struct sk_win_acc_concurrent_args {
  sk_win_plain_args head;    /* count, datatype, info */
  const sk_opdef *op;
  long disjoint;
} sk_win_acc_concurrent_args;

/* (count, datatype, info, msg_count, operator, disjoint): MPI_Accumulate_concurrent_multi. */
typedef struct sk_win_acc_multi_args {
  sk_win_plain_args head;    /* count, datatype, info */
  long msg_count;
  const sk_opdef *op;
  long disjoint;
} sk_win_acc_multi_args;

/* (count, datatype, info, delay_us): Caching. */
typedef struct sk_win_caching_args {
  sk_win_plain_args head;    /* count, datatype, info */
  long delay_us;
} sk_win_caching_args;

/* (count, info, delay_us): MPI_Put_activewait_twosided_sleep, MPI_Get_activewait_sleep. */
typedef struct sk_win_activewait_sleep_args {
  sk_win_plain_args head;    /* count, info (datatype NULL: MPI_INTs) */
  long delay_us;
} sk_win_activewait_sleep_args;

/* (count, datatype, info, distance): MPI_Put_Shift. */
typedef struct sk_win_shift_args {
  sk_win_plain_args head;    /* count, datatype, info */
  long distance;
} sk_win_shift_args;

/* (count, datatype, info, bcast_count) of onesided_bcast and (count, datatype, info,
** alltoall_count) of onesided_alltoall: the number of operations is `repetitions`. */
typedef struct sk_win_repeated_args {
  sk_win_plain_args head;    /* count, datatype, info */
  long repetitions;
} sk_win_repeated_args;

/* (count, info, iteration_count, compute): onesided_borderexchange,
** onesided_borderexchange_fence. */
typedef struct sk_win_border_args {
  sk_win_plain_args head;    /* count, info (datatype NULL: MPI_INTs) */
  long iteration_count, compute;
} sk_win_border_args;

/* The state of every one-sided measurement (m->state). */
typedef struct sk_win_state {
  const sk_datatype *type;   /* <dt> as given (MPI_INT without it) */
  const sk_value *info;      /* <info> as given (NULL: MPI_INFO_NULL) */
  MPI_Win win;               /* MPI_WIN_NULL when the measure function creates its own */
  char *memory;              /* window memory (MPI_Alloc_mem) */
  MPI_Aint memory_size;
  size_t block;              /* bytes of one message: count elements of the datatype */
  int count;
  MPI_Datatype dt;           /* of the messages */
  MPI_Group origins, targets;/* PSCW groups, MPI_GROUP_NULL when unused */
  int n_targets;             /* PSCW targets are ranks 1..n_targets */
  MPI_Datatype derived;      /* Datatype_*: the derived type made once (MPI_DATATYPE_NULL) */
  int stamp;                 /* MPI_Put_activewait_get: number of the current measurement */
  union {                    /* the signature's own arguments as its init read them */
    sk_win_epoch_args epoch;
    sk_win_epoch_put_args epoch_put;
    sk_win_epoch_put_delay_args epoch_put_delay;
    sk_win_delayed_post_args delayed_post;
    sk_win_complete_n_args complete_n;
    sk_win_put_args put;
    sk_win_close_delayed_args close_delayed;
    sk_win_lock_args lock;
    sk_win_lock_desync_args lock_desync;
    sk_win_unlock_args unlock;
    sk_win_pingpong_args pingpong;
    sk_win_messages_args messages;
    sk_win_passive_concurrent_args passive_concurrent;
    sk_win_accumulate_args accumulate;
    sk_win_acc_concurrent_args acc_concurrent;
    sk_win_acc_multi_args acc_multi;
    sk_win_caching_args caching;
    sk_win_activewait_sleep_args activewait_sleep;
    sk_win_shift_args shift;
    sk_win_repeated_args repeated;
    sk_win_border_args border;
  } arg;
} sk_win_state;

/* The window state of a measure function (m->state). */
SK_API sk_win_state *sk_win_of(sk_mctx *m);
/* Checks count and slots, allocates a window of `slots` messages of count elements of
** dt and, if `create`, creates the window with the info value `info` (NULL: none). Keeps
** dt and info, sets the reported size. The init then keeps its arguments in s->arg.
** NULL after a failure. */
SK_API sk_win_state *sk_win_setup(sk_mctx *m, const char *fn, long count, const sk_datatype *dt,
                                  const sk_value *info, long slots, int create);
/* The usual init of (count, dt, info, ...): sk_win_setup of a created window of `slots`
** messages, one block in each buffer. */
SK_API sk_win_state *sk_win_simple(sk_mctx *m, const char *fn, long count, const sk_datatype *dt,
                                   const sk_value *info, long slots);
/* PSCW groups: origin rank 0, targets ranks 1..n_targets. */
SK_API void sk_win_groups(sk_mctx *m, sk_win_state *s, int n_targets);
SK_API void sk_win_finalize(sk_mctx *m, const sk_value *args);
/* The MPI_Info of an info value (MPI_INFO_NULL for NULL or none). */
SK_API MPI_Info sk_win_info(const sk_value *info);
/* assertion is a combination of the MPI_MODE_* bits in `allowed` (or 0). */
SK_API int sk_win_check_assert(sk_mctx *m, const char *fn, long assertion, int allowed);
SK_API int sk_win_check_lock_type(sk_mctx *m, const char *fn, long value);
/* MPI_LOCK_SHARED for MPI_LOCK_SHARED or 0, else MPI_LOCK_EXCLUSIVE. */
SK_API int sk_win_lock_type_of(long value);
/* Transfers of one block between the context's buffers and window slot `slot`. */
SK_API void sk_win_put_block(const sk_mctx *m, const sk_win_state *s, int target, long slot);
SK_API void sk_win_get_block(const sk_mctx *m, const sk_win_state *s, int target, long slot, long local_slot);
SK_API void sk_win_accumulate_block(const sk_mctx *m, const sk_win_state *s, int target, long slot, MPI_Op op);

/* One general active target epoch (post-start-complete-wait): rank 0 accesses ranks
** 1..n_targets of the window in m->state; what the plan times is returned on the
** process that has it, -1 elsewhere. */
enum sk_pscw_timed { PSCW_START, PSCW_POST, PSCW_COMPLETE, PSCW_STARTCOMPLETE, PSCW_WAIT, PSCW_TEST_LOOP,
                     PSCW_TEST_ONCE, PSCW_WHOLE };
enum sk_pscw_op { PSCW_NONE, PSCW_PUT, PSCW_GET };

typedef struct sk_pscw_plan {
  enum sk_pscw_timed timed;
  enum sk_pscw_op op;         /* done msg_cnt times by the origin to every target */
  long msg_cnt;
  int assertion;              /* MPI_Win_start gets its NOCHECK bit, MPI_Win_post all */
  double post_delay;          /* microseconds target post_delay_rank waits before posting */
  int post_delay_rank;
  double complete_delay;      /* the origin waits between its transfers and MPI_Win_complete */
  double wait_delay;          /* the targets wait between MPI_Win_post and MPI_Win_wait */
} sk_pscw_plan;

SK_API void sk_pscw_plan_init(sk_pscw_plan *p, enum sk_pscw_timed timed, long assertion, int doput);
SK_API double sk_pscw_run(sk_mctx *m, const sk_pscw_plan *p);

/* Verification of the one-sided measurements (verify.h): the window contents after the
** epoch. A source function tells, for slot `slot` (a block of count elements of dt) of
** this process's window or receive buffer, the rank whose pattern must be there and
** where in that rank's pattern the block starts (*offset, preset to 0), or -1 when
** nothing may have arrived there (the slot must still be zeros). */
typedef long (*sk_win_source)(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset);
/* After the local stores of a prepare: a fence that opens no epoch and a barrier, so
** that no process starts the measured epoch before every window is ready. */
SK_API void sk_win_verify_ready(sk_mctx *m);
/* Prepares: the default buffers; the window zeros (puts) or this process's own pattern
** (gets, so that slot k holds the pattern from offset k*block). */
SK_API void sk_win_prepare_put(sk_mctx *m, const sk_value *args);
SK_API void sk_win_prepare_get(sk_mctx *m, const sk_value *args);
/* buf[0..n) must still be zeros (nothing was to arrive there); else the first nonzero
** byte is the mismatch (verify.h) and the result 0. */
SK_API int sk_win_verify_zeros(sk_mctx *m, const char *what, const char *buf, size_t n);
/* After passive-target epochs, before a process reads its own window: a barrier (every
** epoch is over) and a lock of its own window (public and private copy agree). */
SK_API void sk_win_settle(sk_mctx *m);
/* Checks every slot of the window (sk_win_check_window; _passive settles first) or of
** the receive buffer (sk_win_check_received). */
SK_API void sk_win_check_window(sk_mctx *m, sk_win_source source);
SK_API void sk_win_check_window_passive(sk_mctx *m, sk_win_source source);
SK_API void sk_win_check_received(sk_mctx *m, sk_win_source source);
#endif /* SK_MPI_LEVEL >= 2 */
#endif /* SKAMPI_MPI */

/* A row of the one-sided families: collective pattern, init_NAME, the window's finalize. */

/* The tables (NULL-terminated) of the modules, in every build. */
SK_API const sk_measurement *sk_meas_table_mpi(void);
SK_API const sk_measurement *sk_meas_table_mpi_p2p(void);
SK_API const sk_measurement *sk_meas_table_mpi_coll(void);
SK_API const sk_measurement *sk_meas_table_mpi_win_sync(void);
SK_API const sk_measurement *sk_meas_table_mpi_win_transfer(void);
SK_API const sk_measurement *sk_meas_table_mpi_io(void);

#endif
