/*
** labels.h -- every result line names its measurement (doc/manual.md, "Output"): the label
** `NAME(args)` of a measure statement, and whether a block's lines carry labels at all.
** A block with one measure statement whose arguments are constants or loop variables
** stays unlabelled (its lines look as in SKaMPI 5); a block with several measure
** statements, or one whose arguments use a variable assigned inside the block, labels
** every line. An unlabelled block whose label changes anyway (e.g. a helper with a new
** result each call) labels its lines from that change on. Arguments that depend on a loop
** variable appear as written (`count`, `2*count`), the others by their value (`MPI_INT`,
** `10`), so a label stays the same along a loop. Two statements never share a label:
** the second gets ` on COMM` (its communicator as written) and, if need be, ` (line N)`.
*/
#ifndef SK_LABELS_H
#define SK_LABELS_H

#include "ast.h"
#include "output.h"

typedef struct sk_label_table {
  char **labels;
  const sk_stmt **owners;     /* the statement that wrote each label */
  size_t n, cap;
  int label_all;              /* 1: every line is labelled; 0: only after a change */
  char *first;                /* unlabelled block: the label of its first line */
} sk_label_table;

/* Start of a measurement block: forget the last block's labels, decide label_all. */
SK_API void sk_labels_begin(sk_label_table *t, const sk_block *body);
SK_API void sk_labels_free(sk_label_table *t);
/* `NAME(args)` of a measure statement's call with the evaluated arguments. */
SK_API void sk_label_format(sk_str *out, const sk_expr *call, const sk_value *values,
                            const sk_loopvar *loops, size_t nloops);
/* The label of the line that statement s writes now, or NULL for an unlabelled line.
** The string belongs to t. */
SK_API const char *sk_labels_for(sk_label_table *t, const sk_stmt *s, const sk_value *values,
                                 const sk_loopvar *loops, size_t nloops);

#endif
