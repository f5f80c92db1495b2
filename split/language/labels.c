/*
** labels.c -- see labels.h.
*/
#include "labels.h"

static void labels_count(const sk_block *b, int *n, const sk_stmt **one)
{
  size_t i;
  for (i = 0; i < b->n; i++) {
    const sk_stmt *s = b->items[i];
    if (s->kind == S_MEASURE) { (*n)++; *one = s; }
    labels_count(&s->body, n, one);
    labels_count(&s->else_body, n, one);
  }
}

static int labels_assigned_in(const sk_block *b, const char *name)
{
  size_t i;
  for (i = 0; i < b->n; i++) {
    const sk_stmt *s = b->items[i];
    if (s->kind == S_ASSIGN && sk_streq(s->name, name)) return 1;
    if (labels_assigned_in(&s->body, name) || labels_assigned_in(&s->else_body, name)) return 1;
  }
  return 0;
}

/* 1: e reads a variable that the block assigns (a local that may change). */
static int labels_uses_local(const sk_expr *e, const sk_block *b)
{
  int i;
  if (e == NULL) return 0;
  if (e->kind == E_VAR && labels_assigned_in(b, e->name)) return 1;
  for (i = 0; i < e->noperands; i++) if (labels_uses_local(e->operands[i], b)) return 1;
  return 0;
}

static int labels_uses_loop(const sk_expr *e, const sk_loopvar *loops, size_t nloops)
{
  int i;
  size_t k;
  if (e == NULL) return 0;
  if (e->kind == E_VAR) for (k = 0; k < nloops; k++) if (sk_streq(loops[k].name, e->name)) return 1;
  for (i = 0; i < e->noperands; i++) if (labels_uses_loop(e->operands[i], loops, nloops)) return 1;
  return 0;
}

SK_API void sk_labels_free(sk_label_table *t)
{
  size_t i;
  for (i = 0; i < t->n; i++) free(t->labels[i]);
  free(t->labels);
  free((void *)t->owners);
  free(t->first);
  memset(t, 0, sizeof *t);
}

SK_API void sk_labels_begin(sk_label_table *t, const sk_block *body)
{
  int n = 0;
  const sk_stmt *one = NULL;
  sk_labels_free(t);
  labels_count(body, &n, &one);
  t->label_all = n > 1 || (n == 1 && labels_uses_local(one->call, body));
}

SK_API void sk_label_format(sk_str *out, const sk_expr *call, const sk_value *values,
                            const sk_loopvar *loops, size_t nloops)
{
  int i;
  sk_str_printf(out, "%s(", call->name);
  for (i = 0; i < call->noperands; i++) {
    if (i > 0) sk_str_puts(out, ", ");
    if (labels_uses_loop(call->operands[i], loops, nloops)) sk_expr_print(out, call->operands[i]);
    else if (values[i].type == SK_T_STRING) sk_str_printf(out, "\"%s\"", values[i].u.s);
    else sk_value_format(out, &values[i]);
  }
  sk_str_putc(out, ')');
}

/* The table's entry for text, or -1. */
static int labels_find(const sk_label_table *t, const char *text)
{
  size_t i;
  for (i = 0; i < t->n; i++) if (sk_streq(t->labels[i], text)) return (int)i;
  return -1;
}

SK_API const char *sk_labels_for(sk_label_table *t, const sk_stmt *s, const sk_value *values,
                                 const sk_loopvar *loops, size_t nloops)
{
  sk_str text;
  int k, round;
  sk_str_init(&text);
  sk_label_format(&text, s->call, values, loops, nloops);
  if (!t->label_all) {
    if (t->first == NULL) t->first = sk_strdup(text.data);
    if (sk_streq(t->first, text.data)) { sk_str_free(&text); return NULL; }
    t->label_all = 1;      /* the one statement's label changed: label from here on */
  }
  for (round = 0; ; round++) {
    k = labels_find(t, text.data);
    if (k < 0 || t->owners[k] == s) break;
    if (round == 0) { sk_str_puts(&text, " on "); sk_expr_print(&text, s->expr); }
    else sk_str_printf(&text, " (line %d)", s->loc.line);
  }
  if (k < 0) {
    size_t cap = t->cap;
    t->labels = (char **)sk_grow(t->labels, &t->cap, t->n + 1, sizeof(char *));
    t->owners = (const sk_stmt **)sk_grow((void *)t->owners, &cap, t->n + 1, sizeof(sk_stmt *));
    t->labels[t->n] = text.data;
    t->owners[t->n] = s;
    k = (int)t->n++;
  } else {
    sk_str_free(&text);
  }
  return t->labels[k];
}
