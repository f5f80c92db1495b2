/*
** parser.c -- recursive-descent parser of the .ski language (see parser.h): one function
** per rule of the grammar (doc/internals.md, "language/parser: the grammar"), free format
** as in SKaMPI 6, with the operator order of the original (SKaMPI 5 manual §5). After
** parsing, every identifier read must be predefined or assigned (or be a loop variable)
** earlier in the text; otherwise "unknown identifier" at its position.
*/
#include "parser.h"
#include "lexer.h"
#include "catalogue.h"
#include "builtins.h"
#include <setjmp.h>

#define PARSER_MAX_NESTING 1000
#define PARSER_MAX_INCLUDE_DEPTH 1000

typedef struct parser {
  sk_sources *src;
  sk_lexer *lx;
  sk_token tok;
  sk_str *err;
  jmp_buf fail;
  int nesting;
  const char **includes;        /* stack of files being parsed, for cycle detection */
  size_t nincludes, capincludes;
  int in_measurement;
  /* Everything a failed parse must free (the first error longjmps out of any depth):
  ** every expression node made (the statements are in the program from their start),
  ** the lexers of included files, the argument list of a 'for v in [...]' being read,
  ** and a scratch string for messages. */
  sk_expr **exprs;
  size_t nexprs, capexprs;
  sk_lexer **lexers;
  size_t nlexers, caplexers;
  sk_expr *list_holder;         /* &holder while a list is read, else NULL */
  sk_expr holder;               /* in the parser, not on a stack the longjmp leaves */
  sk_str scratch;
} parser;

static const char *const parser_keywords[] = {
  "begin", "end", "measurement", "measure", "for", "autorefine", "to", "step",
  "multipleof", "do", "od", "in", "if", "then", "else", "fi", "print", "print_all", "flush",
  NULL
};

/* Every expression made is in p->exprs, for p_cleanup to free when the parse fails. */
static sk_expr *p_keep(parser *p, sk_expr *e)
{
  p->exprs = (sk_expr **)sk_grow(p->exprs, &p->capexprs, p->nexprs + 1, sizeof(sk_expr *));
  p->exprs[p->nexprs++] = e;
  return e;
}

static sk_expr *p_new_expr(parser *p, sk_expr_kind kind, const sk_loc *loc)
{
  return p_keep(p, sk_expr_new(kind, loc));
}

static void p_fail(parser *p, const sk_loc *loc, const char *fmt, ...)
{
  va_list ap;
  sk_str_clear(p->err);
  va_start(ap, fmt);
  sk_format_loc_message(p->err, loc, fmt, ap);
  va_end(ap);
  longjmp(p->fail, 1);
}

/* The message of an error at loc, in place of err's text (no jump: the caller decides). */
static void parse_error_at(sk_str *err, const sk_loc *loc, const char *fmt, ...)
{
  va_list ap;
  sk_str_clear(err);
  va_start(ap, fmt);
  sk_format_loc_message(err, loc, fmt, ap);
  va_end(ap);
}

SK_API int sk_parse_check_no_nul(const sk_source *s, sk_str *err)
{
  sk_loc nul;
  const char *q;
  if (strlen(s->text) == s->len) return 1;
  nul.file = s->name; nul.line = 1; nul.col = 1;
  for (q = s->text; *q; q++) { if (*q == '\n') { nul.line++; nul.col = 1; } else nul.col++; }
  parse_error_at(err, &nul, "the file contains a NUL byte");
  return 0;
}

/* "; did you mean 'X'?" -- the nearest name of the helpers ('h'), measurement functions
** ('m'), iterators ('i'), keywords ('k') or predefined names and the nnames names given
** ('n': an identifier read) within a third of the name's length, or "" (a static buffer). */
static const char *p_did_you_mean(int kind, const char *name, const char *const *names, size_t nnames)
{
  static char *out;   /* made on first use (config.h, "writable data") */
  const char *best = NULL, *cand;
  int i, d, bd = (int)strlen(name) / 3 + 1;
  size_t k;
  if (out == NULL) out = (char *)sk_malloc(160);
  for (i = 0;; i++) {
    const sk_builtin *b = kind == 'h' ? sk_builtin_entry(i) : NULL;
    const sk_measurement *m = kind == 'm' ? sk_catalogue_entry(i) : NULL;
    const sk_iterator *it = kind == 'i' ? sk_iterator_entry(i) : NULL;
    cand = b ? b->name : m ? m->name : it ? it->name : kind == 'k' ? parser_keywords[i]
         : kind == 'n' ? sk_constant_name(i) : NULL;
    if (cand == NULL) break;
    d = sk_edit_distance(name, cand);
    if (d < bd) { bd = d; best = cand; }
  }
  for (k = 0; k < nnames; k++) {
    d = sk_edit_distance(name, names[k]);
    if (d < bd) { bd = d; best = names[k]; }
  }
  out[0] = '\0';
  if (best != NULL) sprintf(out, "; did you mean '%.100s'?", best);
  return out;
}

static void p_advance(parser *p)
{
  if (!sk_lexer_next(p->lx, &p->tok)) {
    sk_str_clear(p->err);
    sk_str_puts(p->err, p->lx->errmsg.data);
    longjmp(p->fail, 1);
  }
}

static int p_is_word(const parser *p, const char *word)
{
  return p->tok.kind == TK_IDENT && sk_streq(p->tok.sval, word);
}

static int p_is_keyword(const char *s)
{
  int i;
  for (i = 0; parser_keywords[i]; i++) if (sk_streq(parser_keywords[i], s)) return 1;
  return 0;
}

static void p_describe_token(const sk_token *t, sk_str *out)
{
  if (t->kind == TK_IDENT) sk_str_printf(out, "'%s'", t->sval);
  else if (t->kind == TK_STRING) {   /* a message stays on one line: a string spanning lines ends at its first */
    const char *nl = strchr(t->sval, '\n');
    if (nl) sk_str_printf(out, "string \"%.*s...\"", (int)(nl - t->sval), t->sval);
    else sk_str_printf(out, "string \"%s\"", t->sval);
  }
  else if (t->kind == TK_INT || t->kind == TK_DOUBLE) {
    sk_str_puts(out, "number ");
    sk_str_putn(out, t->start, t->len);
  } else if (t->kind == TK_AND || t->kind == TK_OR || t->kind == TK_KNOT) {
    sk_str_putc(out, '\'');
    sk_str_putn(out, t->start, t->len);
    sk_str_putc(out, '\'');
  } else sk_str_puts(out, sk_tok_name(t->kind));
}

static void p_unexpected(parser *p, const char *expected)
{
  sk_str_clear(&p->scratch);
  p_describe_token(&p->tok, &p->scratch);
  p_fail(p, &p->tok.loc, "syntax error: expected %s, found %s", expected, p->scratch.data);
}

static void p_expect(parser *p, sk_tok kind, const char *expected)
{
  if (p->tok.kind != kind) p_unexpected(p, expected);
  p_advance(p);
}

static void p_expect_word(parser *p, const char *word)
{
  char buf[64];
  if (!p_is_word(p, word)) {
    if (p->tok.kind == TK_IDENT && sk_edit_distance(p->tok.sval, word) < (int)strlen(p->tok.sval) / 3 + 1)
      p_fail(p, &p->tok.loc, "syntax error: expected '%s', found '%s'; did you mean '%s'?", word, p->tok.sval, word);
    sprintf(buf, "'%.40s'", word);
    p_unexpected(p, buf);
  }
  p_advance(p);
}

/* The name stays in the lexer's pool until the lexer is freed. */
static const char *p_expect_name(parser *p, const char *what)
{
  const char *name;
  if (p->tok.kind != TK_IDENT) p_unexpected(p, what);
  if (p_is_keyword(p->tok.sval))
    p_fail(p, &p->tok.loc, "'%s' is a keyword and cannot be used as %s", p->tok.sval, what);
  name = p->tok.sval;
  p_advance(p);
  return name;
}

static void p_enter(parser *p, const sk_loc *loc)
{
  if (++p->nesting > PARSER_MAX_NESTING)
    p_fail(p, loc, "nesting deeper than %d levels", PARSER_MAX_NESTING);
}

/* ---- expressions ---- */

static sk_expr *p_expr(parser *p);

static void p_args(parser *p, sk_expr *call, sk_tok close, const char *closename)
{
  if (p->tok.kind != close) {
    for (;;) {
      sk_expr_add_operand(call, p_expr(p));
      if (p->tok.kind != TK_COMMA) break;
      p_advance(p);
    }
  }
  p_expect(p, close, closename);
}

static sk_expr *p_primary(parser *p)
{
  sk_expr *e;
  sk_loc loc = p->tok.loc;
  switch (p->tok.kind) {
  case TK_INT:
    e = p_new_expr(p, E_INT, &loc);
    e->ival = p->tok.ival;
    e->dval = (double)p->tok.ival;
    p_advance(p);
    return e;
  case TK_DOUBLE:
    e = p_new_expr(p, E_DOUBLE, &loc);
    e->dval = p->tok.dval;
    p_advance(p);
    return e;
  case TK_STRING:
    e = p_new_expr(p, E_STRING, &loc);
    e->name = sk_strdup(p->tok.sval);
    p_advance(p);
    return e;
  case TK_LPAREN:
    p_advance(p);
    e = p_expr(p);
    p_expect(p, TK_RPAREN, "')'");
    return e;
  case TK_LBRACE:
    e = p_new_expr(p, E_ARRAY, &loc);
    p_advance(p);
    p_args(p, e, TK_RBRACE, "'}' or ','");
    return e;
  case TK_IDENT: {
    const char *name;   /* in the lexer's pool */
    if (p_is_keyword(p->tok.sval)) p_unexpected(p, "an expression");
    name = p->tok.sval;
    p_advance(p);
    if (p->tok.kind == TK_LPAREN) {
      const sk_builtin *b = sk_builtin_find(name);
      e = p_new_expr(p, E_CALL, &loc);
      e->name = sk_strdup(name);
      p_advance(p);
      p_args(p, e, TK_RPAREN, "')' or ','");
      if (b == NULL) {
        if (sk_catalogue_find(name))
          p_fail(p, &loc, "'%s' is a measurement function; it can only be used in a measure statement", name);
        if (sk_iterator_find(name))
          p_fail(p, &loc, "'%s' is an iterator; use it as 'for v in %s(...)'", name, name);
        p_fail(p, &loc, "unknown function '%s'%s", name, p_did_you_mean('h', name, NULL, 0));
      }
      if (!sk_parse_check_args("helper function", name, b->params, e, p->err)) longjmp(p->fail, 1);
      return e;
    }
    e = p_new_expr(p, E_VAR, &loc);
    e->name = sk_strdup(name);
    return e;
  }
  default:
    p_unexpected(p, "an expression");
    return NULL;
  }
}

static sk_expr *p_binary(parser *p, sk_expr *l, int op, sk_expr *r, const sk_loc *loc)
{
  return p_keep(p, sk_expr_binary(l, op, r, loc));
}

static sk_expr *p_unary(parser *p)
{
  if (p->tok.kind == TK_MINUS || p->tok.kind == TK_PLUS) {
    sk_loc loc = p->tok.loc;
    int op = p->tok.kind;
    sk_expr *e, *operand;
    p_enter(p, &loc);
    p_advance(p);
    operand = p_unary(p);
    p->nesting--;
    if (op == TK_PLUS) return operand;
    e = p_new_expr(p, E_UNARY, &loc);
    e->op = TK_MINUS;
    sk_expr_add_operand(e, operand);
    return e;
  }
  if (p->tok.kind == TK_KNOT || p->tok.kind == TK_TILDE) {
    sk_loc loc = p->tok.loc;
    sk_expr *e = p_new_expr(p, E_UNARY, &loc);
    e->op = p->tok.kind;
    p_enter(p, &loc);
    p_advance(p);
    sk_expr_add_operand(e, p_unary(p));
    p->nesting--;
    return e;
  }
  return p_primary(p);
}

static sk_expr *p_chain(parser *p, int level);

static sk_expr *p_relation(parser *p)
{
  sk_expr *e = p_chain(p, TK_PLUS);
  if (p->tok.kind >= TK_LT && p->tok.kind <= TK_GE) {
    sk_loc loc = p->tok.loc;
    int op = p->tok.kind;
    p_advance(p);
    e = p_binary(p, e, op, p_chain(p, TK_PLUS), &loc);
  }
  return e;
}

static sk_expr *p_equality(parser *p)
{
  sk_expr *e = p_relation(p);
  if (p->tok.kind == TK_EQ || p->tok.kind == TK_NE) {
    sk_loc loc = p->tok.loc;
    int op = p->tok.kind;
    p_advance(p);
    e = p_binary(p, e, op, p_relation(p), &loc);
  }
  return e;
}

static sk_expr *p_not(parser *p)
{
  if (p->tok.kind == TK_NOT) {
    sk_loc loc = p->tok.loc;
    sk_expr *e = p_new_expr(p, E_UNARY, &loc);
    e->op = TK_NOT;
    p_enter(p, &loc);
    p_advance(p);
    sk_expr_add_operand(e, p_not(p));
    p->nesting--;
    return e;
  }
  return p_chain(p, TK_BOR);
}

/* The operand of a left-associative level (named by its first operator): the next
** tighter level. */
static sk_expr *p_chain_operand(parser *p, int level)
{
  switch (level) {
  case TK_OR: return p_chain(p, TK_AND);
  case TK_AND: return p_not(p);
  case TK_BOR: return p_chain(p, TK_BAND);
  case TK_BAND: return p_equality(p);
  case TK_PLUS: return p_chain(p, TK_STAR);
  default: return p_unary(p);
  }
}

/* Whether the token is an operator of the level: + and - (TK_PLUS), * / % (TK_STAR),
** else the level's one operator. */
static int p_is_level_op(int level, int kind)
{
  if (level == TK_PLUS) return kind == TK_PLUS || kind == TK_MINUS;
  if (level == TK_STAR) return kind == TK_STAR || kind == TK_SLASH || kind == TK_PERCENT;
  return kind == level;
}

/* One left-associative level: or, and, '|', '&', + -, * / %. */
static sk_expr *p_chain(parser *p, int level)
{
  int outer = p->nesting;
  sk_expr *e = p_chain_operand(p, level);
  while (p_is_level_op(level, (int)p->tok.kind)) {
    sk_loc loc = p->tok.loc;
    int op = p->tok.kind;
    sk_expr *r;
    p_enter(p, &loc);   /* a chain a*b*c*... is a tree as deep as it is long */
    p_advance(p);
    r = p_chain_operand(p, level);
    if ((op == TK_SLASH || op == TK_PERCENT) &&
        ((r->kind == E_INT && r->ival == 0) || (r->kind == E_DOUBLE && r->dval == 0.0)))
      p_fail(p, &loc, "division by zero");
    e = p_binary(p, e, op, r, &loc);
  }
  p->nesting = outer;
  return e;
}

static sk_expr *p_expr(parser *p)
{
  sk_expr *e;
  sk_loc loc = p->tok.loc;
  int outer = p->nesting;
  p_enter(p, &loc);
  e = p_chain(p, TK_OR);
  p->nesting = outer;
  return e;
}

/* ---- static checks ---- */

SK_API sk_type sk_expr_static_type(const sk_expr *e)
{
  sk_value v;
  const sk_builtin *b;
  switch (e->kind) {
  case E_INT: return SK_T_INT;
  case E_DOUBLE: return SK_T_DOUBLE;
  case E_STRING: return SK_T_STRING;
  case E_VAR: return sk_constant_find(e->name, &v) ? v.type : SK_T_NONE;
  case E_CALL: b = sk_builtin_find(e->name); return b ? b->result : SK_T_NONE;
  case E_UNARY: return e->op == TK_MINUS ? sk_expr_static_type(e->operands[0]) : SK_T_INT;
  case E_ARRAY: {
    int i;
    sk_type first = e->noperands ? sk_expr_static_type(e->operands[0]) : SK_T_INT;
    for (i = 1; i < e->noperands; i++) if (sk_expr_static_type(e->operands[i]) != first) return SK_T_NONE;
    return first == SK_T_INT ? SK_T_IARRAY : first == SK_T_DATATYPE ? SK_T_DARRAY : SK_T_NONE;
  }
  case E_BINARY: {
    sk_type a = sk_expr_static_type(e->operands[0]), c = sk_expr_static_type(e->operands[1]);
    if (e->op >= TK_EQ) return SK_T_INT;
    if (a == SK_T_DOUBLE || c == SK_T_DOUBLE) return (a == SK_T_NONE || c == SK_T_NONE) ? SK_T_NONE : SK_T_DOUBLE;
    if (a == SK_T_INT && c == SK_T_INT) return SK_T_INT;
    return SK_T_NONE;
  }
  }
  return SK_T_NONE;
}

SK_API int sk_parse_check_args(const char *what, const char *name, const char *params,
                               const sk_expr *call, sk_str *err)
{
  int i, n = (int)strlen(params);
  if (call->noperands != n) {
    sk_str_clear(err);
    sk_str_printf(err, "%s:%d:%d: %s '%s' expects %d argument%s, got %d", call->loc.file,
                  call->loc.line, call->loc.col, what, name, n, n == 1 ? "" : "s", call->noperands);
    return 0;
  }
  for (i = 0; i < n; i++) {
    sk_type want = sk_type_of_letter(params[i]), have = sk_expr_static_type(call->operands[i]);
    int numeric_ok = (want == SK_T_INT || want == SK_T_DOUBLE) && (have == SK_T_INT || have == SK_T_DOUBLE);
    if (have == SK_T_NONE || have == want || numeric_ok) continue;
    sk_str_clear(err);
    sk_str_printf(err, "%s:%d:%d: argument %d of '%s' must be %s, not %s", call->operands[i]->loc.file,
                  call->operands[i]->loc.line, call->operands[i]->loc.col, i + 1, name,
                  sk_type_name(want), sk_type_name(have));
    return 0;
  }
  return 1;
}

/* ---- statements ---- */

static void p_block(parser *p, sk_block *b, const char *const *terminators, const sk_loc *opened,
                    const char *opener);

static int p_at_terminator(const parser *p, const char *const *terminators)
{
  int i;
  if (p->tok.kind != TK_IDENT || terminators == NULL) return 0;
  for (i = 0; terminators[i]; i++) if (sk_streq(p->tok.sval, terminators[i])) return 1;
  return 0;
}

static void p_include(parser *p, sk_block *into)
{
  sk_loc loc = p->tok.loc;
  char *path;
  const sk_source *s;
  sk_lexer *lx, *saved_lx;
  sk_token saved_tok;
  size_t i;
  p_advance(p);
  if (p->tok.kind != TK_STRING) p_unexpected(p, "a file name in double quotes after @include");
  if (strchr(p->tok.sval, '\n'))   /* the original: the name stays on the @include line */
    p_fail(p, &p->tok.loc, "the file name after @include must end on the same line%s", "");
  if (p->nincludes >= PARSER_MAX_INCLUDE_DEPTH)
    p_fail(p, &loc, "includes nested deeper than %d files", PARSER_MAX_INCLUDE_DEPTH);
  path = sk_path_relative_to(p->lx->file, p->tok.sval);
  for (i = 0; i < p->nincludes; i++) {
    if (sk_streq(p->includes[i], path)) {
      size_t j;
      sk_str_clear(&p->scratch);
      for (j = i; j < p->nincludes; j++) sk_str_printf(&p->scratch, "%s -> ", p->includes[j]);
      sk_str_puts(&p->scratch, path);
      free(path);
      p_fail(p, &loc, "include cycle: %s", p->scratch.data);
    }
  }
  sk_str_clear(&p->scratch);
  s = sk_sources_get(p->src, path, &p->scratch);
  free(path);
  if (s == NULL) p_fail(p, &loc, "%s", p->scratch.data);
  if (!sk_parse_check_no_nul(s, p->err)) longjmp(p->fail, 1);
  p_advance(p);   /* past the file name, still in the including file */
  saved_lx = p->lx;
  saved_tok = p->tok;
  /* on the heap and on a stack the failure path frees */
  lx = (sk_lexer *)sk_malloc(sizeof *lx);
  sk_lexer_init(lx, s->name, s->text);
  p->lexers = (sk_lexer **)sk_grow(p->lexers, &p->caplexers, p->nlexers + 1, sizeof(sk_lexer *));
  p->lexers[p->nlexers++] = lx;
  p->lx = lx;
  p->includes = (const char **)sk_grow((void *)p->includes, &p->capincludes, p->nincludes + 1, sizeof(char *));
  p->includes[p->nincludes++] = s->name;
  p_advance(p);
  p_block(p, into, NULL, NULL, NULL);
  p->nincludes--;
  p->nlexers--;
  sk_lexer_free(lx);
  free(lx);
  p->lx = saved_lx;
  p->tok = saved_tok;
}

static void p_measurement(parser *p, sk_block *into)
{
  static const char *const terms[] = { "end", NULL };
  sk_stmt *s;
  sk_loc loc = p->tok.loc;
  p_advance(p);
  p_expect_word(p, "measurement");
  if (p->in_measurement) p_fail(p, &loc, "measurement blocks cannot be nested");
  if (p->tok.kind != TK_STRING) p_unexpected(p, "the measurement's name in double quotes");
  s = sk_stmt_new(into, S_MEASUREMENT, &loc);
  s->name = sk_strdup(p->tok.sval);
  p_advance(p);
  p->in_measurement = 1;
  p_block(p, &s->body, terms, &loc, "begin measurement");
  p_advance(p);
  p_expect_word(p, "measurement");
  p->in_measurement = 0;
}

static void p_measure(parser *p, sk_block *into)
{
  sk_stmt *s;
  const sk_measurement *m;
  sk_loc loc;
  if (!p->in_measurement)
    p_fail(p, &p->tok.loc, "a measure statement must be inside a measurement block (begin measurement \"name\" ... end measurement)");
  s = sk_stmt_new(into, S_MEASURE, &p->tok.loc);
  p_advance(p);
  s->expr = p_expr(p);
  if (p->tok.kind == TK_COLON) p_advance(p);
  loc = p->tok.loc;
  if (p->tok.kind != TK_IDENT) p_unexpected(p, "a measurement function");
  s->call = p_new_expr(p, E_CALL, &loc);
  s->call->name = sk_strdup(p->tok.sval);
  p_advance(p);
  p_expect(p, TK_LPAREN, "'(' after the measurement function's name");
  p_args(p, s->call, TK_RPAREN, "')' or ','");
  m = sk_catalogue_find(s->call->name);
  if (m == NULL) {
    if (sk_builtin_find(s->call->name))
      p_fail(p, &loc, "'%s' is a helper function, not a measurement function", s->call->name);
    p_fail(p, &loc, "unknown measurement function '%s'%s", s->call->name, p_did_you_mean('m', s->call->name, NULL, 0));
  }
  if (!sk_parse_check_args("measurement function", m->name, m->params, s->call, p->err)) longjmp(p->fail, 1);
}

static void p_loop_body(parser *p, sk_stmt *s, const sk_loc *loc, const char *opener)
{
  static const char *const terms[] = { "od", NULL };
  p_expect_word(p, "do");
  p_block(p, &s->body, terms, loc, opener);
  p_advance(p);
}

static void p_for(parser *p, sk_block *into)
{
  sk_loc loc = p->tok.loc;
  int autorefine = p_is_word(p, "autorefine");
  const char *var;
  sk_stmt *s;
  p_advance(p);
  var = p_expect_name(p, "a loop variable");
  if (p_is_word(p, "in")) {
    if (autorefine) p_fail(p, &loc, "autorefine loops need a computed range (autorefine v = a to b ...)");
    p_advance(p);
    if (p->tok.kind == TK_LBRACKET) {
      s = sk_stmt_new(into, S_FOR_LIST, &loc);
      s->name = sk_strdup(var);
      memset(&p->holder, 0, sizeof p->holder);
      p->list_holder = &p->holder;   /* its args array is freed if the list fails */
      p_advance(p);
      p_args(p, &p->holder, TK_RBRACKET, "']' or ','");
      p->list_holder = NULL;
      s->list = p->holder.operands;
      s->nlist = p->holder.noperands;
    } else if (p->tok.kind == TK_IDENT && !p_is_keyword(p->tok.sval)) {
      sk_loc cloc = p->tok.loc;
      const sk_iterator *it = sk_iterator_find(p->tok.sval);
      s = sk_stmt_new(into, S_FOR_ITER, &loc);
      s->name = sk_strdup(var);
      s->expr = p_new_expr(p, E_CALL, &cloc);
      s->expr->name = sk_strdup(p->tok.sval);
      p_advance(p);
      p_expect(p, TK_LPAREN, "'(' after the iterator's name");
      p_args(p, s->expr, TK_RPAREN, "')' or ','");
      if (it == NULL) p_fail(p, &cloc, "unknown iterator '%s'%s", s->expr->name, p_did_you_mean('i', s->expr->name, NULL, 0));
      if (!sk_parse_check_args("iterator", it->name, it->params, s->expr, p->err)) longjmp(p->fail, 1);
    } else {
      p_unexpected(p, "'[' or an iterator after 'in'");
      return;
    }
  } else {
    s = sk_stmt_new(into, S_FOR_RANGE, &loc);
    s->name = sk_strdup(var);
    s->autorefine = autorefine;
    p_expect(p, TK_ASSIGN, "'=' or 'in' after the loop variable");
    s->from = p_expr(p);
    p_expect_word(p, "to");
    if (p->tok.kind == TK_DOTS) p_advance(p); else s->to = p_expr(p);
    if (p_is_word(p, "step")) {
      p_advance(p);
      if (p->tok.kind == TK_STAR) { s->step_multiplies = 1; p_advance(p); }
      else if (p->tok.kind == TK_PLUS) p_advance(p);
      s->step = p_unary(p);
    }
    if (p_is_word(p, "multipleof")) {
      p_advance(p);
      s->multiple_of = p_unary(p);
    }
  }
  p_enter(p, &loc);
  p_loop_body(p, s, &loc, autorefine ? "autorefine" : "for");
  p->nesting--;
}

static void p_if(parser *p, sk_block *into)
{
  static const char *const then_terms[] = { "else", "fi", NULL };
  static const char *const else_terms[] = { "fi", NULL };
  sk_loc loc = p->tok.loc;
  sk_stmt *s = sk_stmt_new(into, S_IF, &loc);
  p_advance(p);
  s->expr = p_expr(p);
  p_expect_word(p, "then");
  p_enter(p, &loc);
  p_block(p, &s->body, then_terms, &loc, "if");
  if (p_is_word(p, "else")) {
    p_advance(p);
    p_block(p, &s->else_body, else_terms, &loc, "if");
  }
  p->nesting--;
  p_advance(p);   /* fi */
}

/* print, print_all, flush (SKaMPI 6; only inside measurement blocks as there) */
static void p_print(parser *p, sk_block *into)
{
  sk_loc loc = p->tok.loc;
  sk_stmt *s;
  const char *word = p_is_word(p, "flush") ? "flush" : p_is_word(p, "print") ? "print" : "print_all";
  if (!p->in_measurement)
    p_fail(p, &loc, "'%s' can only be used inside a measurement block (begin measurement \"name\" ... end measurement)", word);
  s = sk_stmt_new(into, word[0] == 'f' ? S_FLUSH : word[5] ? S_PRINT_ALL : S_PRINT, &loc);
  p_advance(p);
  if (s->kind == S_FLUSH) return;
  memset(&p->holder, 0, sizeof p->holder);
  p->list_holder = &p->holder;     /* its args array is freed if the list fails */
  for (;;) {
    sk_expr_add_operand(&p->holder, p_expr(p));
    if (p->tok.kind != TK_COMMA) break;
    p_advance(p);
  }
  p->list_holder = NULL;
  s->list = p->holder.operands;
  s->nlist = p->holder.noperands;
}

static void p_statement(parser *p, sk_block *into)
{
  sk_loc loc = p->tok.loc;
  if (p->tok.kind == TK_INCLUDE) { p_include(p, into); return; }
  if (p->tok.kind != TK_IDENT) p_unexpected(p, "a statement");
  if (p_is_word(p, "print") || p_is_word(p, "print_all") || p_is_word(p, "flush")) p_print(p, into);
  else if (p_is_word(p, "begin")) p_measurement(p, into);
  else if (p_is_word(p, "measure")) p_measure(p, into);
  else if (p_is_word(p, "for") || p_is_word(p, "autorefine")) p_for(p, into);
  else if (p_is_word(p, "if")) p_if(p, into);
  else if (p_is_keyword(p->tok.sval)) p_unexpected(p, "a statement");
  else {
    const char *name = p->tok.sval;   /* in the lexer's pool */
    p_advance(p);
    if (p->tok.kind == TK_ASSIGN) {
      sk_stmt *s = sk_stmt_new(into, S_ASSIGN, &loc);
      sk_value v;
      s->name = sk_strdup(name);
      if (sk_constant_find(name, &v)) p_fail(p, &loc, "'%s' is a predefined constant and cannot be assigned", name);
      p_advance(p);
      s->expr = p_expr(p);
    } else if (p->tok.kind == TK_LPAREN) {
      const sk_builtin *b = sk_builtin_find(name);
      sk_stmt *s = sk_stmt_new(into, S_CALL, &loc);
      s->expr = p_new_expr(p, E_CALL, &loc);
      s->expr->name = sk_strdup(name);
      p_advance(p);
      p_args(p, s->expr, TK_RPAREN, "')' or ','");
      if (b == NULL) {
        if (sk_catalogue_find(name))
          p_fail(p, &loc, "'%s' is a measurement function; use it as 'measure <comm> : %s(...)' inside a measurement block", name, name);
        p_fail(p, &loc, "unknown function '%s'%s", name, p_did_you_mean('h', name, NULL, 0));
      }
      if (!sk_parse_check_args("helper function", name, b->params, s->expr, p->err)) longjmp(p->fail, 1);
    } else {
      sk_str_clear(&p->scratch);
      p_describe_token(&p->tok, &p->scratch);
      p_fail(p, &p->tok.loc, "syntax error: expected '=' or '(' after '%s', found %s%s", name, p->scratch.data,
             p_did_you_mean('k', name, NULL, 0));   /* a misspelt keyword: "mesure" */
    }
  }
}

static void p_block(parser *p, sk_block *b, const char *const *terminators, const sk_loc *opened,
                    const char *opener)
{
  for (;;) {
    while (p->tok.kind == TK_NEWLINE) p_advance(p);
    if (p_at_terminator(p, terminators)) return;
    if (p->tok.kind == TK_EOF) {
      const char *closer;
      if (terminators == NULL) return;
      closer = terminators[terminators[1] ? 1 : 0];
      p_fail(p, &p->tok.loc, "syntax error: end of file before '%s' closing the '%s' at line %d",
             sk_streq(closer, "end") ? "end measurement" : closer, opener, opened->line);
    }
    if (p->tok.kind == TK_IDENT && terminators == NULL &&
        (p_is_word(p, "od") || p_is_word(p, "fi") || p_is_word(p, "else") || p_is_word(p, "end")))
      p_fail(p, &p->tok.loc, "syntax error: '%s' without a matching opening statement", p->tok.sval);
    if (p->tok.kind == TK_IDENT && terminators != NULL && p_is_keyword(p->tok.sval) &&
        (p_is_word(p, "od") || p_is_word(p, "fi") || p_is_word(p, "else") || p_is_word(p, "end")))
      p_fail(p, &p->tok.loc, "syntax error: '%s' does not close the '%s' opened at line %d",
             p->tok.sval, opener, opened->line);
    p_statement(p, b);
  }
}

/* After a failure: the statements are all in the program; every expression, attached
** or not, is in p->exprs. Frees each exactly once, without following pointers. */
static void p_free_block_shallow(sk_block *b)
{
  size_t i;
  for (i = 0; i < b->n; i++) {
    sk_stmt *s = b->items[i];
    p_free_block_shallow(&s->body);
    p_free_block_shallow(&s->else_body);
    free(s->name);
    free(s->list);
    free(s);
  }
  free(b->items);
  b->items = NULL;
  b->n = b->cap = 0;
}

static void p_cleanup(parser *p, int failed, sk_program *prog)
{
  size_t i;
  if (failed) {
    for (i = 0; i < p->nexprs; i++) {
      free(p->exprs[i]->operands);
      free(p->exprs[i]->name);
      free(p->exprs[i]);
    }
    for (i = 0; i < p->nlexers; i++) { sk_lexer_free(p->lexers[i]); free(p->lexers[i]); }
    if (p->list_holder) free(p->list_holder->operands);
    p_free_block_shallow(&prog->top);
  }
  free(p->exprs);
  free(p->lexers);
  free((void *)p->includes);
  sk_str_free(&p->scratch);
}

static void parse_error_at(sk_str *err, const sk_loc *loc, const char *fmt, ...);

/* ---- every identifier read is known (SKaMPI 5 manual §5: a variable is created by its
** first assignment) ----
** Walks the program in the order of the text (included files where they are included):
** a name read must be predefined or assigned earlier in the text, in any scope (a name
** assigned only inside an earlier measurement block passes here, as in the original's
** syntax check). Loop variables count as assigned from their loop's body on. */
typedef struct parse_names {
  const char **names;
  size_t n, cap;
  const sk_expr *unknown;       /* the first unknown read, NULL while none */
} parse_names;

static int parse_names_has(const parse_names *k, const char *name)
{
  size_t i;
  for (i = k->n; i > 0; i--) if (sk_streq(k->names[i - 1], name)) return 1;
  return 0;
}

static void parse_names_add(parse_names *k, const char *name)
{
  if (parse_names_has(k, name)) return;
  k->names = (const char **)sk_grow((void *)k->names, &k->cap, k->n + 1, sizeof(char *));
  k->names[k->n++] = name;
}

static void parse_names_expr(parse_names *k, const sk_expr *e)
{
  int i;
  sk_value v;
  if (e == NULL || k->unknown) return;
  if (e->kind == E_VAR && !parse_names_has(k, e->name) && !sk_constant_find(e->name, &v)) {
    k->unknown = e;
    return;
  }
  for (i = 0; i < e->noperands; i++) parse_names_expr(k, e->operands[i]);
}

static void parse_names_block(parse_names *k, const sk_block *b)
{
  size_t i;
  int j;
  for (i = 0; i < b->n && !k->unknown; i++) {
    const sk_stmt *s = b->items[i];
    parse_names_expr(k, s->expr);
    parse_names_expr(k, s->call);
    parse_names_expr(k, s->from);
    parse_names_expr(k, s->to);
    parse_names_expr(k, s->step);
    parse_names_expr(k, s->multiple_of);
    for (j = 0; j < s->nlist; j++) parse_names_expr(k, s->list[j]);
    if (s->kind == S_ASSIGN || s->kind == S_FOR_RANGE || s->kind == S_FOR_LIST || s->kind == S_FOR_ITER)
      parse_names_add(k, s->name);
    parse_names_block(k, &s->body);
    parse_names_block(k, &s->else_body);
  }
}

static int parse_check_names(const sk_program *prog, sk_str *err)
{
  parse_names k;
  char why[200];
  memset(&k, 0, sizeof k);
  parse_names_block(&k, &prog->top);
  if (k.unknown == NULL) {
    free((void *)k.names);
    return 1;
  }
  if (sk_constant_unavailable(k.unknown->name, why, sizeof why))
    parse_error_at(err, &k.unknown->loc, "%s", why);
  else   /* the nearest of the predefined names and those assigned before it */
    parse_error_at(err, &k.unknown->loc, "unknown identifier '%s' (neither predefined nor assigned earlier)%s",
                   k.unknown->name, p_did_you_mean('n', k.unknown->name, k.names, k.n));
  free((void *)k.names);
  return 0;
}

SK_API int sk_parse_file(sk_sources *src, const char *path, sk_program *prog, sk_str *err)
{
  parser p;
  sk_lexer lx;
  const sk_source *s;
  memset(&p, 0, sizeof p);
  memset(prog, 0, sizeof *prog);
  p.src = src;
  p.err = err;
  s = sk_sources_open_main(src, path, err);
  if (s == NULL) return 0;
  sk_lexer_init(&lx, s->name, s->text);
  p.lx = &lx;
  sk_str_init(&p.scratch);
  /* Everything of this frame is set before setjmp: C89 §7.6.2.1 leaves automatic
  ** objects changed between setjmp and longjmp indeterminate, and p_cleanup frees
  ** through them (a stale p.includes would be a free() of garbage). */
  p.includes = (const char **)sk_grow(NULL, &p.capincludes, 1, sizeof(char *));
  p.includes[p.nincludes++] = s->name;
  if (setjmp(p.fail)) {
    sk_lexer_free(&lx);
    p_cleanup(&p, 1, prog);
    return 0;
  }
  if (!sk_parse_check_no_nul(s, err)) longjmp(p.fail, 1);
  p_advance(&p);
  p_block(&p, &prog->top, NULL, NULL, NULL);
  sk_lexer_free(&lx);
  p_cleanup(&p, 0, prog);
  if (!parse_check_names(prog, err)) {
    sk_program_free(prog);
    return 0;
  }
  return 1;
}

/* ---- can this build run the program? ---- */

static int parse_block_available(const sk_block *b, sk_str *err)
{
  size_t i;
  char why[200];
  for (i = 0; i < b->n; i++) {
    const sk_stmt *s = b->items[i];
    if (s->kind == S_MEASURE) {
      const sk_measurement *m = sk_catalogue_find(s->call->name);
      if (m != NULL && sk_catalogue_unavailable(m, why, sizeof why)) {
        parse_error_at(err, &s->call->loc, "%s", why);
        return 0;
      }
    }
    if (!parse_block_available(&s->body, err) || !parse_block_available(&s->else_body, err)) return 0;
  }
  return 1;
}

SK_API int sk_parse_check_available(const sk_program *prog, sk_str *err)
{
  return parse_block_available(&prog->top, err);
}

/* ---- points that will be skipped (-n's warnings) ---- */

/* The loops around a statement whose first value is a literal (for v = 1 to ...). */
typedef struct parse_loop_from {
  const char *var;
  long from;
} parse_loop_from;

/* The loop variable e's communicator is made from: comm(VAR) written in the measure
** statement, or a variable assigned comm(VAR) earlier in an enclosing body. */
static const char *parse_comm_var(const sk_expr *e, const sk_block *const *bodies, int nbodies)
{
  int k;
  size_t i;
  if (e->kind == E_CALL && sk_streq(e->name, "comm") && e->noperands == 1 && e->operands[0]->kind == E_VAR)
    return e->operands[0]->name;
  if (e->kind != E_VAR) return NULL;
  for (k = nbodies - 1; k >= 0; k--)
    for (i = bodies[k]->n; i-- > 0;) {
      const sk_stmt *s = bodies[k]->items[i];
      if (s->kind == S_ASSIGN && sk_streq(s->name, e->name)) return parse_comm_var(s->expr, NULL, 0);
    }
  return NULL;
}

#define PARSE_MAX_DEPTH 64

static void parse_block_small(const sk_block *b, parse_loop_from *loops, int nloops, const sk_block **bodies,
                              int nbodies, sk_str *out)
{
  size_t i;
  int k;
  if (nbodies >= PARSE_MAX_DEPTH || nloops >= PARSE_MAX_DEPTH) return;
  bodies[nbodies++] = b;
  for (i = 0; i < b->n; i++) {
    const sk_stmt *s = b->items[i];
    if (s->kind == S_MEASURE) {
      const sk_measurement *m = sk_catalogue_find(s->call->name);
      const char *var = parse_comm_var(s->expr, bodies, nbodies);
      for (k = nloops - 1; m != NULL && var != NULL && k >= 0; k--)
        if (sk_streq(loops[k].var, var)) {
          if (loops[k].from < m->min_procs) {
            sk_str_printf(out, "%s:%d:%d: warning: at %s=%ld the communicator comm(%s) has fewer processes than %s"
                          " needs (%d): such points are skipped with a note, the loop goes on\n", s->call->loc.file,
                          s->call->loc.line, s->call->loc.col, var, loops[k].from, var, m->name, m->min_procs);
          }
          break;
        }
    }
    if (s->kind == S_FOR_RANGE && s->from->kind == E_INT) {
      loops[nloops].var = s->name;
      loops[nloops].from = s->from->ival;
      parse_block_small(&s->body, loops, nloops + 1, bodies, nbodies, out);
    } else {
      parse_block_small(&s->body, loops, nloops, bodies, nbodies, out);
    }
    parse_block_small(&s->else_body, loops, nloops, bodies, nbodies, out);
  }
}

SK_API void sk_parse_warn_small_communicators(const sk_program *prog, sk_str *out)
{
  parse_loop_from loops[PARSE_MAX_DEPTH];
  const sk_block *bodies[PARSE_MAX_DEPTH];
  parse_block_small(&prog->top, loops, 0, bodies, 0, out);
}
