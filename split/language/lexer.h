/*
** lexer.h -- tokens of the SKaMPI 5 input language (SKaMPI 5 manual §2.5, §5): free
** format (blanks and newlines only separate tokens; statements may share a line or span
** several), '#' comments, decimal and hexadecimal ("0x1F") integers and doubles, the size
** suffixes kb kB KB KiB mb MB MiB gb GB GiB (x 2^10, 2^20, 2^30) on integers, strings in
** double quotes, '...', `@include`, the operators of the original (`<>` is `!=`, bitwise
** `&` `|` `~`, braces for arrays) and the word operators `and` `or` `not` (TK_AND,
** TK_OR, TK_KNOT; `&&` `||` stay, and `!` keeps its own lower precedence).
** TK_NEWLINE is never produced any more (kept so the token numbers stay stable).
*/
#ifndef SK_LEXER_H
#define SK_LEXER_H

#include "base.h"

typedef enum sk_tok {
  TK_EOF, TK_NEWLINE, TK_IDENT, TK_INT, TK_DOUBLE, TK_STRING, TK_DOTS, TK_INCLUDE,
  TK_LPAREN, TK_RPAREN, TK_LBRACKET, TK_RBRACKET, TK_COMMA, TK_COLON, TK_ASSIGN,
  TK_PLUS, TK_MINUS, TK_STAR, TK_SLASH, TK_PERCENT,
  TK_EQ, TK_NE, TK_LT, TK_LE, TK_GT, TK_GE, TK_AND, TK_OR, TK_NOT,
  TK_BAND, TK_BOR, TK_TILDE, TK_KNOT, TK_LBRACE, TK_RBRACE
} sk_tok;

typedef struct sk_token {
  sk_tok kind;
  sk_loc loc;
  const char *start;     /* points into the source text */
  size_t len;
  long ival;
  double dval;
  char *sval;            /* identifier or string contents (owned by the lexer's pool) */
} sk_token;

typedef struct sk_lexer {
  const char *file;      /* name used in messages */
  const char *text, *pos;
  int line, col;
  int error;             /* set when a lexical error was reported */
  sk_str errmsg;
  char **pool;           /* strings handed out, freed with the lexer */
  size_t npool, cappool;
} sk_lexer;

SK_API void sk_lexer_init(sk_lexer *lx, const char *file, const char *text);
SK_API void sk_lexer_free(sk_lexer *lx);
/* Reads the next token; on a lexical error returns 0 with lx->errmsg set. */
SK_API int sk_lexer_next(sk_lexer *lx, sk_token *tok);
SK_API const char *sk_tok_name(sk_tok kind);

#endif
