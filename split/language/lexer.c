/*
** lexer.c -- turns the text of a .ski file into tokens (see lexer.h).
*/
#include "lexer.h"
#include <errno.h>
#include <float.h>
#include <ctype.h>

SK_API void sk_lexer_init(sk_lexer *lx, const char *file, const char *text)
{
  memset(lx, 0, sizeof *lx);
  lx->file = file;
  lx->text = text;
  lx->pos = text;
  if ((unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB && (unsigned char)text[2] == 0xBF)
    lx->pos += 3;                       /* a UTF-8 byte-order mark is not part of the program */
  lx->line = 1;
  lx->col = 1;
  sk_str_init(&lx->errmsg);
}

SK_API void sk_lexer_free(sk_lexer *lx)
{
  size_t i;
  for (i = 0; i < lx->npool; i++) free(lx->pool[i]);
  free(lx->pool);
  sk_str_free(&lx->errmsg);
}

SK_API const char *sk_tok_name(sk_tok kind)
{
  static const char *const names[] = {
    "end of file", "end of line", "identifier", "integer", "number", "string", "'...'",
    "'@include'", "'('", "')'", "'['", "']'", "','", "':'", "'='", "'+'", "'-'", "'*'",
    "'/'", "'%'", "'=='", "'!='", "'<'", "'<='", "'>'", "'>='", "'&&'", "'||'", "'!'",
    "'&'", "'|'", "'~'", "'not'", "'{'", "'}'"
  };
  return names[kind];
}

static int lx_error(sk_lexer *lx, const sk_loc *loc, const char *fmt, const char *arg)
{
  sk_str_clear(&lx->errmsg);
  sk_str_printf(&lx->errmsg, "%s:%d:%d: ", loc->file, loc->line, loc->col);
  sk_str_printf(&lx->errmsg, fmt, arg);
  lx->error = 1;
  return 0;
}

static char *lx_keep(sk_lexer *lx, const char *p, size_t n)
{
  char *s = sk_strndup(p, n);
  lx->pool = (char **)sk_grow(lx->pool, &lx->cappool, lx->npool + 1, sizeof(char *));
  lx->pool[lx->npool++] = s;
  return s;
}

static void lx_advance(sk_lexer *lx, size_t n)
{
  while (n-- > 0 && *lx->pos) {
    if (*lx->pos == '\n') { lx->line++; lx->col = 1; } else lx->col++;
    lx->pos++;
  }
}

static int lx_is_ident_start(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int lx_is_digit(int c) { return c >= '0' && c <= '9'; }
static int lx_is_ident_char(int c) { return lx_is_ident_start(c) || lx_is_digit(c); }

/* The size suffixes of SKaMPI 5 manual §5.1, in every spelling the issue lists. */
static long lx_suffix_multiplier(const char *p, size_t n)
{
  static const struct { const char *name; long mult; } suffixes[] = {
    { "kb", 1L << 10 }, { "kB", 1L << 10 }, { "KB", 1L << 10 }, { "KiB", 1L << 10 }, { "Kb", 1L << 10 },
    { "mb", 1L << 20 }, { "MB", 1L << 20 }, { "MiB", 1L << 20 }, { "Mb", 1L << 20 },
    { "gb", 1L << 30 }, { "GB", 1L << 30 }, { "GiB", 1L << 30 }, { "Gb", 1L << 30 }
  };
  size_t i;
  for (i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++)
    if (strlen(suffixes[i].name) == n && strncmp(suffixes[i].name, p, n) == 0) return suffixes[i].mult;
  return 0;
}

static int lx_number(sk_lexer *lx, sk_token *tok)
{
  const char *p = lx->pos, *q;
  int is_double = 0;
  char buf[128];
  size_t n;
  if (p[0] == '0' && p[1] == 'x' && isxdigit((unsigned char)p[2])) {
    /* hexadecimal as the original's lexer reads it: 0x1F = 31 (never a double) */
    p += 2;
    while (isxdigit((unsigned char)*p)) p++;
    n = (size_t)(p - lx->pos);
    if (n >= sizeof buf) return lx_error(lx, &tok->loc, "number too long%s", "");
    memcpy(buf, lx->pos, n);
    buf[n] = '\0';
    errno = 0;
    tok->kind = TK_INT;
    tok->ival = strtol(buf + 2, NULL, 16);
    if (errno == ERANGE) return lx_error(lx, &tok->loc, "integer %s is too large", buf);
    tok->dval = (double)tok->ival;
    goto suffix;
  }
  while (lx_is_digit(*p)) p++;
  if (*p == '.' && p[1] != '.' && lx_is_digit(p[1])) {
    is_double = 1;
    p++;
    while (lx_is_digit(*p)) p++;
  } else if (*p == '.' && p[1] != '.' && !lx_is_ident_start(p[1])) {
    is_double = 1;     /* "2." */
    p++;
  }
  if ((*p == 'e' || *p == 'E') &&
      (lx_is_digit(p[1]) || ((p[1] == '+' || p[1] == '-') && lx_is_digit(p[2])))) {
    is_double = 1;
    p += 2;
    while (lx_is_digit(*p)) p++;
  }
  n = (size_t)(p - lx->pos);
  if (n >= sizeof buf) return lx_error(lx, &tok->loc, "number too long%s", "");
  memcpy(buf, lx->pos, n);
  buf[n] = '\0';
  if (is_double) {
    tok->kind = TK_DOUBLE;
    tok->dval = strtod(buf, NULL);
    if (tok->dval > DBL_MAX) return lx_error(lx, &tok->loc, "number %s is too large", buf);
  } else {
    errno = 0;
    tok->kind = TK_INT;
    tok->ival = strtol(buf, NULL, 10);
    if (errno == ERANGE) return lx_error(lx, &tok->loc, "integer %s is too large", buf);
    tok->dval = (double)tok->ival;
  }
suffix:
  q = p;
  while (lx_is_ident_char(*q)) q++;
  if (q > p) {
    long mult = lx_suffix_multiplier(p, (size_t)(q - p));
    if (mult == 0) {
      char *bad = lx_keep(lx, p, (size_t)(q - p));
      return lx_error(lx, &tok->loc, "unknown size suffix '%s' (use kb, kB, KiB, mb, MiB, gb or GiB)", bad);
    }
    if (tok->kind == TK_INT) {
      if (tok->ival > LONG_MAX / mult) {
        char text[160];
        sprintf(text, "%.60s%.*s is larger than %ld, the largest integer on this platform", buf,
                (int)(q - p), p, LONG_MAX);
        text[sizeof text - 1] = '\0';
        return lx_error(lx, &tok->loc, "size %s", text);
      }
      tok->ival *= mult;
      tok->dval = (double)tok->ival;
    } else {
      tok->dval *= (double)mult;
      if (tok->dval > DBL_MAX) return lx_error(lx, &tok->loc, "number %s is too large", buf);
    }
    p = q;
  }
  tok->len = (size_t)(p - lx->pos);
  lx_advance(lx, tok->len);
  return 1;
}

static int lx_string(sk_lexer *lx, sk_token *tok)
{
  const char *p = lx->pos + 1;
  /* a string may span lines, as in the original (SKaMPI 5 manual §5.1): only '"' ends it */
  while (*p && *p != '"') p++;
  if (*p != '"') return lx_error(lx, &tok->loc, "string not closed before the end of the input%s", "");
  tok->kind = TK_STRING;
  tok->sval = lx_keep(lx, lx->pos + 1, (size_t)(p - lx->pos - 1));
  tok->len = (size_t)(p + 1 - lx->pos);
  lx_advance(lx, tok->len);
  return 1;
}

SK_API int sk_lexer_next(sk_lexer *lx, sk_token *tok)
{
  static const struct { const char *text; sk_tok kind; } ops[] = {
    { "...", TK_DOTS }, { "==", TK_EQ }, { "!=", TK_NE }, { "<>", TK_NE }, { "<=", TK_LE },
    { ">=", TK_GE }, { "&&", TK_AND }, { "||", TK_OR }, { "(", TK_LPAREN }, { ")", TK_RPAREN },
    { "[", TK_LBRACKET }, { "]", TK_RBRACKET }, { ",", TK_COMMA }, { ":", TK_COLON },
    { "=", TK_ASSIGN }, { "+", TK_PLUS }, { "-", TK_MINUS }, { "*", TK_STAR }, { "/", TK_SLASH },
    { "%", TK_PERCENT }, { "<", TK_LT }, { ">", TK_GT }, { "!", TK_NOT }, { "&", TK_BAND },
    { "|", TK_BOR }, { "~", TK_TILDE }, { "{", TK_LBRACE }, { "}", TK_RBRACE }
  };
  size_t i;
  for (;;) {
    int c = (unsigned char)*lx->pos;
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') { lx_advance(lx, 1); continue; }
    if (c == '\\' && (lx->pos[1] == '\n' || (lx->pos[1] == '\r' && lx->pos[2] == '\n'))) {
      lx_advance(lx, lx->pos[1] == '\n' ? 2 : 3);   /* line continuation */
      continue;
    }
    if (c == '#') { while (*lx->pos && *lx->pos != '\n') lx_advance(lx, 1); continue; }
    if (c == '\n') { lx_advance(lx, 1); continue; }   /* free format */
    break;
  }
  memset(tok, 0, sizeof *tok);
  tok->loc.file = lx->file;
  tok->loc.line = lx->line;
  tok->loc.col = lx->col;
  tok->start = lx->pos;
  if (*lx->pos == '\0') { tok->kind = TK_EOF; return 1; }
  if (lx_is_digit((unsigned char)*lx->pos) ||
      (*lx->pos == '.' && lx_is_digit((unsigned char)lx->pos[1])))
    return lx_number(lx, tok);
  if (lx_is_ident_start((unsigned char)*lx->pos)) {
    const char *p = lx->pos;
    while (lx_is_ident_char((unsigned char)*p)) p++;
    tok->kind = TK_IDENT;
    tok->len = (size_t)(p - lx->pos);
    tok->sval = lx_keep(lx, lx->pos, tok->len);
    /* the word operators and, or, not are keywords (SKaMPI 5 manual §5) */
    if (sk_streq(tok->sval, "and")) tok->kind = TK_AND;
    else if (sk_streq(tok->sval, "or")) tok->kind = TK_OR;
    else if (sk_streq(tok->sval, "not")) tok->kind = TK_KNOT;
    lx_advance(lx, tok->len);
    return 1;
  }
  if (*lx->pos == '"') return lx_string(lx, tok);
  if (*lx->pos == '@') {
    const char *p = lx->pos + 1;
    while (lx_is_ident_char((unsigned char)*p)) p++;
    if ((size_t)(p - lx->pos) == 8 && strncmp(lx->pos, "@include", 8) == 0) {
      tok->kind = TK_INCLUDE;
      tok->len = 8;
      lx_advance(lx, 8);
      return 1;
    }
    return lx_error(lx, &tok->loc, "unknown directive '%s' (only @include is known)",
                    lx_keep(lx, lx->pos, (size_t)(p - lx->pos)));
  }
  for (i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    size_t n = strlen(ops[i].text);
    if (strncmp(lx->pos, ops[i].text, n) == 0) {
      tok->kind = ops[i].kind;
      tok->len = n;
      lx_advance(lx, n);
      return 1;
    }
  }
  {
    char bad[8];
    int c = (unsigned char)*lx->pos;
    if (c >= 32 && c < 127) sprintf(bad, "'%c'", c); else sprintf(bad, "\\x%02x", c);
    lx_advance(lx, 1);
    return lx_error(lx, &tok->loc, "unexpected character %s", bad);
  }
}
