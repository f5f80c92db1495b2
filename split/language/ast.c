/*
** ast.c -- construction, destruction and printing of the program tree (ast.h).
*/
#include "ast.h"
#include "lexer.h"

SK_API sk_expr *sk_expr_new(sk_expr_kind kind, const sk_loc *loc)
{
  sk_expr *e = (sk_expr *)sk_calloc(1, sizeof *e);
  e->kind = kind;
  e->loc = *loc;
  return e;
}

SK_API void sk_expr_add_operand(sk_expr *e, sk_expr *operand)
{
  size_t cap = (size_t)e->noperands;   /* grows to powers of two via sk_grow */
  size_t c = 0;
  while (c < cap) c = c ? c * 2 : 8;
  e->operands = (sk_expr **)sk_grow(e->operands, &c, (size_t)e->noperands + 1, sizeof(sk_expr *));
  e->operands[e->noperands++] = operand;
}

SK_API sk_expr *sk_expr_int(long v, const sk_loc *loc)
{
  sk_expr *e = sk_expr_new(E_INT, loc);
  e->ival = v;
  e->dval = (double)v;
  return e;
}

SK_API sk_expr *sk_expr_named(sk_expr_kind kind, const char *name, const sk_loc *loc)
{
  sk_expr *e = sk_expr_new(kind, loc);
  e->name = sk_strdup(name);
  return e;
}

SK_API sk_expr *sk_expr_binary(sk_expr *left, int op, sk_expr *right, const sk_loc *loc)
{
  sk_expr *e = sk_expr_new(E_BINARY, loc);
  e->op = op;
  sk_expr_add_operand(e, left);
  sk_expr_add_operand(e, right);
  return e;
}

SK_API sk_stmt *sk_stmt_new(sk_block *into, sk_stmt_kind kind, const sk_loc *loc)
{
  sk_stmt *s = (sk_stmt *)sk_calloc(1, sizeof *s);
  s->kind = kind;
  s->loc = *loc;
  into->items = (sk_stmt **)sk_grow(into->items, &into->cap, into->n + 1, sizeof(sk_stmt *));
  into->items[into->n++] = s;
  return s;
}

static void ast_free_expr(sk_expr *e)
{
  int i;
  if (!e) return;
  for (i = 0; i < e->noperands; i++) ast_free_expr(e->operands[i]);
  free(e->operands);
  free(e->name);
  free(e);
}

static void ast_free_block(sk_block *b);

static void ast_free_stmt(sk_stmt *s)
{
  sk_expr *parts[6];
  int i;
  parts[0] = s->expr; parts[1] = s->call; parts[2] = s->from;
  parts[3] = s->to; parts[4] = s->step; parts[5] = s->multiple_of;
  for (i = 0; i < 6; i++) ast_free_expr(parts[i]);
  for (i = 0; i < s->nlist; i++) ast_free_expr(s->list[i]);
  free(s->name);
  free(s->list);
  ast_free_block(&s->body);
  ast_free_block(&s->else_body);
  free(s);
}

static void ast_free_block(sk_block *b)
{
  size_t i;
  for (i = 0; i < b->n; i++) ast_free_stmt(b->items[i]);
  free(b->items);
  b->items = NULL;
  b->n = b->cap = 0;
}

SK_API void sk_program_free(sk_program *p) { ast_free_block(&p->top); }

/* Binding strength for printing with the fewest parentheses, as the parser binds
** (SKaMPI 5 manual §5; the order of the original's operators):
** or/|| < and/&& < ! < | < & < == != < < <= > >= < + - < * / % < unary - not ~ < operands.
** '!' binds more loosely than the comparisons and bitwise operators (!a < b is !(a < b)),
** 'not' as tightly as unary minus (not a == b is (not a) == b); the two comparison
** levels do not chain (a < b < c is an error). */
#define AST_PREC_NOT 3
#define AST_PREC_EQ 6
#define AST_PREC_REL 7
#define AST_PREC_SUM 8
#define AST_PREC_NEG 10

static int ast_precedence(const sk_expr *e)
{
  if (e->kind == E_UNARY) return e->op == TK_NOT ? AST_PREC_NOT : AST_PREC_NEG;
  if (e->kind != E_BINARY) return 11;
  switch (e->op) {
  case TK_OR: return 1;
  case TK_AND: return 2;
  case TK_BOR: return 4;
  case TK_BAND: return 5;
  case TK_EQ: case TK_NE: return AST_PREC_EQ;
  case TK_LT: case TK_LE: case TK_GT: case TK_GE: return AST_PREC_REL;
  case TK_PLUS: case TK_MINUS: return AST_PREC_SUM;
  default: return 9;
  }
}

static const char *ast_op_text(int op)
{
  switch (op) {
  case TK_PLUS: return "+"; case TK_MINUS: return "-"; case TK_STAR: return "*";
  case TK_SLASH: return "/"; case TK_PERCENT: return "%"; case TK_EQ: return "==";
  case TK_NE: return "!="; case TK_LT: return "<"; case TK_LE: return "<=";
  case TK_GT: return ">"; case TK_GE: return ">="; case TK_AND: return "&&";
  case TK_OR: return "||"; case TK_NOT: return "!"; case TK_KNOT: return "not ";
  case TK_BAND: return "&"; case TK_BOR: return "|"; case TK_TILDE: return "~";
  default: return "?";
  }
}

static void ast_print_operand(sk_str *out, const sk_expr *e, int min_prec)
{
  if (ast_precedence(e) < min_prec) {
    sk_str_putc(out, '(');
    sk_expr_print(out, e);
    sk_str_putc(out, ')');
  } else {
    sk_expr_print(out, e);
  }
}

/* items[0..n-1], separated by ", " */
static void ast_print_list(sk_str *out, sk_expr *const *items, int n)
{
  int i;
  for (i = 0; i < n; i++) {
    if (i) sk_str_puts(out, ", ");
    sk_expr_print(out, items[i]);
  }
}

SK_API void sk_expr_print(sk_str *out, const sk_expr *e)
{
  switch (e->kind) {
  case E_INT: sk_str_printf(out, "%ld", e->ival); break;
  case E_DOUBLE: {
    char buf[64];
    int digits;
    for (digits = 15; digits < 17; digits++) {      /* the shortest text that reads back */
      sprintf(buf, "%.*g", digits, e->dval);
      if (strtod(buf, NULL) == e->dval) break;
    }
    if (digits == 17) sprintf(buf, "%.17g", e->dval);
    if (!strpbrk(buf, ".eEni")) strcat(buf, ".0");
    sk_str_puts(out, buf);
    break;
  }
  case E_STRING: sk_str_printf(out, "\"%s\"", e->name); break;
  case E_VAR: sk_str_puts(out, e->name); break;
  case E_CALL:
    sk_str_printf(out, "%s(", e->name);
    ast_print_list(out, e->operands, e->noperands);
    sk_str_putc(out, ')');
    break;
  case E_UNARY:
    sk_str_puts(out, ast_op_text(e->op));
    /* !(a < b) rather than the equivalent but misleading !a < b */
    if (e->op == TK_NOT && !(e->operands[0]->kind == E_UNARY && e->operands[0]->op == TK_NOT))
      ast_print_operand(out, e->operands[0], AST_PREC_SUM);
    else
      ast_print_operand(out, e->operands[0], ast_precedence(e));
    break;
  case E_BINARY: {
    int p = ast_precedence(e);
    /* a < b < c and a == b == c do not parse */
    ast_print_operand(out, e->operands[0], p == AST_PREC_EQ || p == AST_PREC_REL ? p + 1 : p);
    sk_str_printf(out, " %s ", ast_op_text(e->op));
    ast_print_operand(out, e->operands[1], p + 1);
    break;
  }
  case E_ARRAY:
    sk_str_putc(out, '{');
    ast_print_list(out, e->operands, e->noperands);
    sk_str_putc(out, '}');
    break;
  }
}

static void ast_indent(sk_str *out, int depth)
{
  int i;
  for (i = 0; i < depth; i++) sk_str_puts(out, "  ");
}

static void ast_print_block(sk_str *out, const sk_block *b, int depth);

/* A statement's nested block, then the line that closes it at the statement's depth. */
static void ast_print_body(sk_str *out, const sk_block *body, int depth, const char *end)
{
  ast_print_block(out, body, depth + 1);
  ast_indent(out, depth);
  sk_str_puts(out, end);
}

static void ast_print_stmt(sk_str *out, const sk_stmt *s, int depth)
{
  ast_indent(out, depth);
  switch (s->kind) {
  case S_ASSIGN:
    sk_str_printf(out, "%s = ", s->name);
    sk_expr_print(out, s->expr);
    sk_str_putc(out, '\n');
    break;
  case S_CALL:
    sk_expr_print(out, s->expr);
    sk_str_putc(out, '\n');
    break;
  case S_IF:
    sk_str_puts(out, "if ");
    sk_expr_print(out, s->expr);
    sk_str_puts(out, " then\n");
    ast_print_body(out, &s->body, depth, s->else_body.n ? "else\n" : "fi\n");
    if (s->else_body.n) ast_print_body(out, &s->else_body, depth, "fi\n");
    break;
  case S_FOR_RANGE:
    sk_str_printf(out, "%s %s = ", s->autorefine ? "autorefine" : "for", s->name);
    sk_expr_print(out, s->from);
    sk_str_puts(out, " to ");
    if (s->to) sk_expr_print(out, s->to); else sk_str_puts(out, "...");
    if (s->step) {
      sk_str_puts(out, s->step_multiplies ? " step *" : " step ");
      ast_print_operand(out, s->step, AST_PREC_NEG);          /* parsed as a unary */
    }
    if (s->multiple_of) {
      sk_str_puts(out, " multipleof ");
      ast_print_operand(out, s->multiple_of, AST_PREC_NEG);   /* parsed as a unary */
    }
    sk_str_puts(out, " do\n");
    ast_print_body(out, &s->body, depth, "od\n");
    break;
  case S_FOR_LIST:
    sk_str_printf(out, "for %s in [", s->name);
    ast_print_list(out, s->list, s->nlist);
    sk_str_puts(out, "] do\n");
    ast_print_body(out, &s->body, depth, "od\n");
    break;
  case S_FOR_ITER:
    sk_str_printf(out, "for %s in ", s->name);
    sk_expr_print(out, s->expr);
    sk_str_puts(out, " do\n");
    ast_print_body(out, &s->body, depth, "od\n");
    break;
  case S_MEASUREMENT:
    sk_str_printf(out, "begin measurement \"%s\"\n", s->name);
    ast_print_body(out, &s->body, depth, "end measurement\n");
    break;
  case S_MEASURE:
    sk_str_puts(out, "measure ");
    sk_expr_print(out, s->expr);
    sk_str_puts(out, " : ");
    sk_expr_print(out, s->call);
    sk_str_putc(out, '\n');
    break;
  case S_PRINT: case S_PRINT_ALL:
    sk_str_puts(out, s->kind == S_PRINT ? "print " : "print_all ");
    ast_print_list(out, s->list, s->nlist);
    sk_str_putc(out, '\n');
    break;
  case S_FLUSH:
    sk_str_puts(out, "flush\n");
    break;
  }
}

static void ast_print_block(sk_str *out, const sk_block *b, int depth)
{
  size_t i;
  for (i = 0; i < b->n; i++) ast_print_stmt(out, b->items[i], depth);
}

SK_API void sk_program_print(sk_str *out, const sk_program *p)
{
  ast_print_block(out, &p->top, 0);
}
