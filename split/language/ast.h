/*
** ast.h -- the program tree both front ends produce (the .ski parser and the SKaMPI 4
** parameter-file reader) and the one interpreter executes. Also prints a tree back as
** .ski text (used for `-t`, the translation of SKaMPI 4 files, and for golden tests).
*/
#ifndef SK_AST_H
#define SK_AST_H

#include "base.h"

typedef enum sk_expr_kind {
  E_INT, E_DOUBLE, E_STRING, E_VAR, E_CALL, E_UNARY, E_BINARY,
  E_ARRAY                     /* { operands } : an integer or datatype array */
} sk_expr_kind;

typedef struct sk_expr {
  sk_expr_kind kind;
  sk_loc loc;
  long ival;
  double dval;
  char *name;                 /* E_VAR, E_CALL: identifier; E_STRING: contents */
  int op;                     /* E_UNARY: TK_MINUS, TK_NOT ('!'), TK_KNOT ('not'), TK_TILDE;
                              ** E_BINARY: TK_PLUS ... TK_OR, TK_BAND, TK_BOR ('<>' is TK_NE,
                              ** 'and' TK_AND, 'or' TK_OR) */
  struct sk_expr **operands;  /* E_CALL arguments; E_BINARY: 2; E_UNARY: 1; E_ARRAY: elements */
  int noperands;
} sk_expr;

typedef enum sk_stmt_kind {
  S_ASSIGN,       /* name = expr */
  S_CALL,         /* expr is an E_CALL of a helper function */
  S_IF,           /* if expr then body [else else_body] fi */
  S_FOR_RANGE,    /* for|autorefine name = from to (to | ...) [step [*]step] [multipleof m] */
  S_FOR_LIST,     /* for name in [ list ] */
  S_FOR_ITER,     /* for name in expr(E_CALL of an iterator) */
  S_MEASUREMENT,  /* begin measurement "name" body end measurement */
  S_MEASURE,      /* measure expr(comm) : call */
  S_PRINT,        /* print list: world rank 0 writes a '#' line (SKaMPI 6) */
  S_PRINT_ALL,    /* print_all list: every rank's line, written by world rank 0 */
  S_FLUSH         /* flush */
} sk_stmt_kind;

typedef struct sk_block {
  struct sk_stmt **items;
  size_t n, cap;
} sk_block;

typedef struct sk_stmt {
  sk_stmt_kind kind;
  sk_loc loc;
  char *name;                 /* assigned variable, loop variable, measurement name */
  sk_expr *expr;              /* value, call, condition, communicator, iterator call */
  sk_expr *call;              /* S_MEASURE: the measurement function call */
  sk_expr *from, *to;         /* S_FOR_RANGE; to == NULL means '...' */
  sk_expr *step;              /* NULL: +1 */
  int step_multiplies;        /* step *x */
  sk_expr *multiple_of;       /* NULL: none */
  int autorefine;
  sk_expr **list;             /* S_FOR_LIST; S_PRINT, S_PRINT_ALL: the values */
  int nlist;
  sk_block body, else_body;
} sk_stmt;

typedef struct sk_program {
  sk_block top;
} sk_program;

SK_API sk_expr *sk_expr_new(sk_expr_kind kind, const sk_loc *loc);
SK_API void sk_expr_add_operand(sk_expr *e, sk_expr *arg);
SK_API sk_expr *sk_expr_int(long v, const sk_loc *loc);
/* An E_VAR, or an E_CALL without arguments (yet), of that name. */
SK_API sk_expr *sk_expr_named(sk_expr_kind kind, const char *name, const sk_loc *loc);
/* An E_BINARY: left op right (op a TK_ token). */
SK_API sk_expr *sk_expr_binary(sk_expr *left, int op, sk_expr *right, const sk_loc *loc);
/* A statement of that kind at loc, appended to into: part of the program (and freed with
** it) from the moment it is made. */
SK_API sk_stmt *sk_stmt_new(sk_block *into, sk_stmt_kind kind, const sk_loc *loc);
SK_API void sk_program_free(sk_program *p);
/* Prints the tree as .ski source (indentation by nesting). */
SK_API void sk_program_print(sk_str *out, const sk_program *p);
SK_API void sk_expr_print(sk_str *out, const sk_expr *e);

#endif
