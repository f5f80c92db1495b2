/*
** margs.h -- a measurement's arguments by name: one typed field per parameter name of the
** catalogue's signatures ("count:i datatype:t root:i"), which the engine fills from the
** values of a call before init (sk_margs_fill), so that init, measure and finalize read
** m->arg.count instead of a position. A row with a new parameter name adds its field here
** and one line to the table in margs.c; a row of known names needs nothing.
** Letters and what a field holds: i long, d double (an integer converted), s the string,
** c the communicator, t the datatype, o the operator, n a, e the value itself (an info or
** an array: const sk_value *, valid from init to finalize). A name that one signature types
** otherwise than the rest has a field with the letter's suffix (delay_us_d, memsize_a).
*/
#ifndef SK_MARGS_H
#define SK_MARGS_H

#include "value.h"

typedef struct sk_margs {
  long count, send_count, recv_count, root, tag, send_tag, recv_tag, iterations;
  const sk_datatype *datatype, *send_dt, *recv_dt, *memtype, *etype, *filetype;
  const sk_opdef *op, *operation, *operator_;
  const sk_value *info, *memsize_a, *blocklen_a, *map;
  long assertion, do_a_put, delay_us, delay_rank, dest_rank, lock_type, msg_count, disjoint;
  long distance, bcast_count, alltoall_count, iteration_count, compute;
  long memsize, blocklen, daccess, stride, create_flag, create_file, directio_flag;
  long chunks, chunk_bytes, window, tests, topology, threads, part_size, partitions;
  long charged_rank, node, nodesize, np, procs, power, private_, size, with_sync;
  long rows, cols, pipe_size, aggregate, win_kind, sync_kind, sender_children, receiver_children;
  double x, base_us, slope_us, step_at, step_us, noise, work_us, delay, delay_us_d, ratio, scale;
  const char *api;
} sk_margs;

/* Fills *a from the values of a call of a row with this signature (the values in the
** signature's order, checked against its letters by the front end); fields of names the
** signature lacks are 0; args NULL fills nothing but checks the names. Returns 0, with the
** first such parameter's name in *missing (set it to NULL before), when sk_margs has no
** field for one of them: the others are filled, and the row's functions read that one by
** position themselves (a SKaMPI 5 extension's or a library user's row). Every row of the
** catalogue has its fields (tests/unit/test_core.c). */
SK_API int sk_margs_fill(sk_margs *a, const char *signature, const sk_value *args, const char **missing);

#endif
