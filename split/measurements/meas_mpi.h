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
/* ---- one-sided communication (meas_mpi_win_sync.c; accumulates: meas_mpi_win_transfer.c) ---- */

/* The one-sided rows read their arguments from m->arg (margs.h): every signature starts
** (count, datatype, info) or, moving MPI_INTs, (count, info); the window state keeps
** only the window's shape, the functions read the rest by name. */

/* The row's datatype: MPI_INT for the rows without one. */
SK_API const sk_datatype *sk_win_datatype(const sk_mctx *m);

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
} sk_win_state;

/* The window state of a measure function (m->state). */
SK_API sk_win_state *sk_win_of(sk_mctx *m);
/* Checks count and slots, allocates a window of `slots` messages of count elements of
** dt and, if `create`, creates the window with the row's info (m->arg.info). Keeps dt and
** info, sets the reported size. NULL after a failure. */
SK_API sk_win_state *sk_win_setup(sk_mctx *m, long count, const sk_datatype *dt, long slots, int create);
/* The usual init of (count, dt, info, ...): sk_win_setup of a created window of `slots`
** messages of the row's count and datatype, one block in each buffer. */
SK_API sk_win_state *sk_win_simple(sk_mctx *m, long slots);
/* The init of the rows whose window holds one message and that check nothing more. */
SK_API void sk_win_init_one_block(sk_mctx *m, const sk_value *args);
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
/* The source of the rows where rank 0 put its block into every slot of rank 1's window
** (or got rank 1's block). */
SK_API long sk_win_from_0_at_1(sk_mctx *m, const sk_win_state *s, long slot, size_t *offset);
/* The check of the window after rank 0 put into every slot of rank 1's. */
SK_API void sk_win_check_put_to_1(sk_mctx *m, const sk_value *args);
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
/* MPI-3: the first of got[0..n) that is not want fails the check ("WHAT: element K is
** G, expected W"; meas_mpi_win_atomic.c). */
SK_API void sk_win_expect_ints(sk_mctx *m, const char *what, const int *got, long n, long want);
/* Checks every slot of the window (sk_win_check_window; _passive settles first) or of
** the receive buffer (sk_win_check_received). */
SK_API void sk_win_check_window(sk_mctx *m, sk_win_source source);
SK_API void sk_win_check_window_passive(sk_mctx *m, sk_win_source source);
SK_API void sk_win_check_received(sk_mctx *m, sk_win_source source);
/* Accumulates (meas_mpi_win_transfer.c, meas_mpi_win_coll.c): a plan says whether slot
** `slot` of this process's window received contributions and, if so, the virtual rank
** *start whose operands the slot starts with and the ranks lo..hi whose operands the
** result combines. The prepare fills the slots and buffers (op NULL: MPI_SUM), the check
** compares with the recomputed result. */
typedef int (*sk_win_acc_plan)(sk_mctx *m, const sk_win_state *s, long slot, int *start, int *lo, int *hi);
SK_API void sk_win_prepare_accumulate(sk_mctx *m, sk_win_acc_plan plan, const sk_opdef *op);
SK_API void sk_win_check_accumulate(sk_mctx *m, sk_win_acc_plan plan, const sk_opdef *op);
#endif /* SK_MPI_LEVEL >= 2 */
#endif /* SKAMPI_MPI */

/* The tables (NULL-terminated) of the modules, in every build. */
SK_API const sk_measurement *sk_meas_table_mpi(void);
SK_API const sk_measurement *sk_meas_table_mpi_p2p(void);
SK_API const sk_measurement *sk_meas_table_mpi_coll(void);
SK_API const sk_measurement *sk_meas_table_mpi_win_sync(void);
SK_API const sk_measurement *sk_meas_table_mpi_win_transfer(void);
SK_API const sk_measurement *sk_meas_table_mpi_win_coll(void);
SK_API const sk_measurement *sk_meas_table_mpi_io(void);

#endif
