/*
** interp.c -- executes the program tree (see interp.h).
**
** Computed loops (SKaMPI 5 manual §2.5, §5.3.1) take their values from loops.h (the same
** generator as the first phase of autorefine): when `from` is an integer the variable is
** an integer, e.g. `1 to 23 step *sqrt(2)` gives 1 2 3 4 6 8 11 16 23. With '...' as
** bound the loop ends when a measure statement inside finds that some process's buffer
** is too small (or the value exceeds the buffer size in bytes).
*/
#include <float.h>
#include "interp.h"
#include "lexer.h"
#include "catalogue.h"
#include "oversub.h"
#include "interference.h"
#include "sko.h"
#include "builtins.h"
#include "apr.h"
#include "loops.h"
#include "runlog.h"
#include "stats.h"
#include "result_line.h"
#include "agree.h"
#include "stop_request.h"

SK_API void sk_interp_init(sk_interp *in)
{
  memset(in, 0, sizeof *in);
  sk_settings_default(&in->settings);
  sk_buffers_configure(&in->settings.buffers);
  sk_engine_init(&in->engine, &in->settings);
  in->run.run_started = sk_engine_clock();
}

static void scope_clear(sk_scope *sc)
{
  size_t i;
  for (i = 0; i < sc->n; i++) free(sc->vars[i].name);
  free(sc->vars);
  sc->vars = NULL;
  sc->n = sc->cap = 0;
}

SK_API void sk_interp_free(sk_interp *in)
{
  scope_clear(&in->globals);
  scope_clear(&in->locals);
  free(in->loops);
  sk_labels_free(&in->labels);
  sk_engine_free(&in->engine);
}

static sk_var *scope_find(sk_scope *sc, const char *name)
{
  size_t i;
  for (i = 0; i < sc->n; i++) if (sk_streq(sc->vars[i].name, name)) return &sc->vars[i];
  return NULL;
}

SK_API int sk_interp_lookup(sk_interp *in, const char *name, sk_value *out)
{
  sk_var *v = in->in_measurement ? scope_find(&in->locals, name) : NULL;
  if (v == NULL) v = scope_find(&in->globals, name);
  if (v) { *out = v->value; return 1; }
  return sk_constant_find(name, out);
}

/* Inside a measurement block an assignment creates or changes a local variable; a
** global of the same name stays untouched (SKaMPI 5 manual §5). */
SK_API void sk_interp_assign(sk_interp *in, const char *name, sk_value value)
{
  sk_scope *sc = in->in_measurement ? &in->locals : &in->globals;
  sk_var *v = scope_find(sc, name);
  if (v == NULL) {
    sc->vars = (sk_var *)sk_grow(sc->vars, &sc->cap, sc->n + 1, sizeof(sk_var));
    v = &sc->vars[sc->n++];
    v->name = sk_strdup(name);
  }
  v->value = value;
}

/* ---- expressions ---- */

static int interp_is_number(const sk_value *v) { return v->type == SK_T_INT || v->type == SK_T_DOUBLE; }

static void interp_need_number(const sk_value *v, const sk_expr *e, const char *what)
{
  if (!interp_is_number(v))
    sk_user_error(&e->loc, "%s needs a number, not %s", what, sk_type_name(v->type));
}

/* Integers are exact (value.h): a result that is not a long is an error at the
** operator, never a wrapped value or a trap (LONG_MIN / -1 raises SIGFPE on x86). */
static long interp_int_op(int op, long x, long y, const sk_loc *loc)
{
  static const char *const names[] = { "+", "-", "*", "/" };
  long r = 0;
  int ok, k;
  switch (op) {
  case TK_PLUS: ok = sk_long_add(x, y, &r); k = 0; break;
  case TK_MINUS: ok = sk_long_sub(x, y, &r); k = 1; break;
  case TK_STAR: ok = sk_long_mul(x, y, &r); k = 2; break;
  case TK_SLASH:
    if (y == 0) sk_user_error(loc, "division by zero");
    ok = sk_long_div(x, y, &r);
    k = 3;
    break;
  default:
    if (y == 0) sk_user_error(loc, "division by zero (modulo)");
    return sk_long_mod(x, y);          /* always a long: LONG_MIN % -1 is 0 */
  }
  if (!ok)
    sk_user_error(loc, "integer overflow: %ld %s %ld is outside the integers of this platform (%ld to %ld)",
                  x, names[k], y, LONG_MIN, LONG_MAX);
  return r;
}

/* An integer compared with a double, exactly (-1, 0, 1; d not NaN): converting the
** integer to double would make 9007199254740993 equal to 9007199254740992.0. */
static int interp_compare_int_double(long i, double d)
{
  double t;
  long ti = 0;
  if (d >= -(double)LONG_MIN) return -1;
  if (d < (double)LONG_MIN) return 1;
  t = floor(d);
  sk_long_of_double(t, &ti);            /* within the range just checked */
  if (i != ti) return i < ti ? -1 : 1;
  return t < d ? -1 : 0;
}

/* Two numbers compared: -1, 0, 1, or 2 when either is NaN (unordered). Integers exactly. */
static int interp_compare(const sk_value *a, const sk_value *b)
{
  if (a->type == SK_T_INT && b->type == SK_T_INT) return a->u.i < b->u.i ? -1 : a->u.i > b->u.i;
  if (a->type == SK_T_INT) return b->u.d != b->u.d ? 2 : interp_compare_int_double(a->u.i, b->u.d);
  if (b->type == SK_T_INT) return a->u.d != a->u.d ? 2 : -interp_compare_int_double(b->u.i, a->u.d);
  if (a->u.d != a->u.d || b->u.d != b->u.d) return 2;
  return a->u.d < b->u.d ? -1 : a->u.d > b->u.d;
}

static sk_value interp_binary(sk_interp *in, const sk_expr *e)
{
  sk_value a = sk_interp_eval(in, e->operands[0]), b;
  int op = e->op;
  if (op == TK_AND || op == TK_OR) {
    double x;
    interp_need_number(&a, e->operands[0], op == TK_AND ? "'&&'" : "'||'");
    x = sk_value_as_double(&a);
    if (op == TK_AND && x == 0.0) return sk_int_value(0);
    if (op == TK_OR && x != 0.0) return sk_int_value(1);
    b = sk_interp_eval(in, e->operands[1]);
    interp_need_number(&b, e->operands[1], op == TK_AND ? "'&&'" : "'||'");
    return sk_int_value(sk_value_as_double(&b) != 0.0);
  }
  b = sk_interp_eval(in, e->operands[1]);
  if (op == TK_EQ || op == TK_NE) {
    int eq;
    if (interp_is_number(&a) && interp_is_number(&b)) eq = interp_compare(&a, &b) == 0;
    else if (a.type != b.type) eq = 0;
    else if (a.type == SK_T_STRING) eq = sk_streq(a.u.s, b.u.s);
    else if (a.type == SK_T_COMM) eq = a.u.comm == b.u.comm;
    else if (a.type == SK_T_DATATYPE) eq = a.u.dt == b.u.dt;
    else if (a.type == SK_T_OP) eq = a.u.op == b.u.op;
    else if (a.type == SK_T_IARRAY || a.type == SK_T_DARRAY) eq = sk_array_equal(&a, &b);
    else eq = a.u.info == b.u.info;
    return sk_int_value(op == TK_EQ ? eq : !eq);
  }
  if (op == TK_BAND || op == TK_BOR) {      /* bitwise, on integers only (SKaMPI 5 manual §5) */
    const char *what = op == TK_BAND ? "'&'" : "'|'";
    if (a.type != SK_T_INT) sk_user_error(&e->operands[0]->loc, "%s needs an integer, not %s", what, sk_type_name(a.type));
    if (b.type != SK_T_INT) sk_user_error(&e->operands[1]->loc, "%s needs an integer, not %s", what, sk_type_name(b.type));
    return sk_int_value(op == TK_BAND ? (a.u.i & b.u.i) : (a.u.i | b.u.i));
  }
  interp_need_number(&a, e->operands[0], "arithmetic");
  interp_need_number(&b, e->operands[1], "arithmetic");
  if (op >= TK_LT && op <= TK_GE) {
    int c = interp_compare(&a, &b);
    int r = c == 2 ? 0 : op == TK_LT ? c < 0 : op == TK_LE ? c <= 0 : op == TK_GT ? c > 0 : c >= 0;
    return sk_int_value(r);
  }
  if (a.type == SK_T_INT && b.type == SK_T_INT) {
    return sk_int_value(interp_int_op(op, a.u.i, b.u.i, &e->loc));
  } else {
    double x = sk_value_as_double(&a), y = sk_value_as_double(&b);
    switch (op) {
    case TK_PLUS: return sk_double_value(x + y);
    case TK_MINUS: return sk_double_value(x - y);
    case TK_STAR: return sk_double_value(x * y);
    case TK_SLASH:
      if (y == 0.0) sk_user_error(&e->loc, "division by zero");
      return sk_double_value(x / y);
    default:
      if (y == 0.0) sk_user_error(&e->loc, "division by zero (modulo)");
      return sk_double_value(fmod(x, y));
    }
  }
}

/* Converts an argument to what parameter letter `p` asks for, or reports it. */
static sk_value interp_coerce(sk_value v, int p, const sk_expr *arg, int index, const char *fname)
{
  sk_type want = sk_type_of_letter(p);
  long i;
  if (p == 'i' && v.type == SK_T_DOUBLE && v.u.d == floor(v.u.d)) {
    if (!sk_long_of_double(v.u.d, &i))
      sk_user_error(&arg->loc, "argument %d of '%s' must be an integer; %g is outside the integers of this "
                    "platform (%ld to %ld)", index + 1, fname, v.u.d, LONG_MIN, LONG_MAX);
    return sk_int_value(i);
  }
  if (p == 'd' && v.type == SK_T_INT) return sk_double_value((double)v.u.i);
  if (want == SK_T_NONE) return v;
  if (v.type != want)
    sk_user_error(&arg->loc, "argument %d of '%s' must be %s, not %s", index + 1, fname,
                  sk_type_name(want), v.type == SK_T_DOUBLE && want == SK_T_INT ? "a fraction" : sk_type_name(v.type));
  return v;
}

static sk_value *interp_args(sk_interp *in, const sk_expr *call, const char *params)
{
  sk_value *values = (sk_value *)sk_calloc((size_t)(call->noperands ? call->noperands : 1), sizeof(sk_value));
  int i;
  for (i = 0; i < call->noperands; i++)
    values[i] = interp_coerce(sk_interp_eval(in, call->operands[i]), params[i], call->operands[i], i, call->name);
  return values;
}

/* Whether every variable e reads has a value on this process. */
static int interp_all_assigned(sk_interp *in, const sk_expr *e)
{
  sk_value v;
  int i;
  if (e->kind == E_VAR && !sk_interp_lookup(in, e->name, &v)) return 0;
  for (i = 0; i < e->noperands; i++) if (!interp_all_assigned(in, e->operands[i])) return 0;
  return 1;
}

/* The arguments of a measure statement on a process outside its communicator, which
** never uses them (the engine runs no init, measure or verification there): what a
** program assigns only where the communicator exists -- the original's io.ski makes a
** filetype `if (not is_mpi_comm_null(c))` -- is not an error here, and such an argument
** stands as an empty value of its type. World rank 0 evaluates everything (it writes
** the line's label), and so does every process for arguments it can evaluate (a helper
** in them may be collective). */
static sk_value *interp_args_outside(sk_interp *in, const sk_expr *call, const char *params)
{
  sk_value *values = (sk_value *)sk_calloc((size_t)(call->noperands ? call->noperands : 1), sizeof(sk_value));
  int i;
  for (i = 0; i < call->noperands; i++) {
    if (interp_all_assigned(in, call->operands[i])) {
      values[i] = interp_coerce(sk_interp_eval(in, call->operands[i]), params[i], call->operands[i], i, call->name);
      continue;
    }
    memset(&values[i], 0, sizeof values[i]);
    values[i].type = sk_type_of_letter(params[i]);
  }
  return values;
}

/* {a, b, ...}: integers make an IArray, datatypes a DArray, {} an empty IArray. A
** double with an integral value counts as an integer. */
static sk_value interp_array(sk_interp *in, const sk_expr *e)
{
  sk_value r, x;
  int i;
  if (e->noperands == 0) return sk_iarray_new(0);
  x = sk_interp_eval(in, e->operands[0]);
  if (x.type == SK_T_DATATYPE) r = sk_darray_new((size_t)e->noperands);
  else r = sk_iarray_new((size_t)e->noperands);
  for (i = 0; i < e->noperands; i++) {
    if (i > 0) x = sk_interp_eval(in, e->operands[i]);
    if (r.type == SK_T_DARRAY) {
      if (x.type != SK_T_DATATYPE)
        sk_user_error(&e->operands[i]->loc, "element %d of a datatype array must be a datatype, not %s", i + 1,
                      sk_type_name(x.type));
      sk_darray_set(&r, (size_t)i, x.u.dt);
    } else {
      long xi;
      if (x.type == SK_T_DOUBLE && x.u.d == floor(x.u.d) && sk_long_of_double(x.u.d, &xi)) x = sk_int_value(xi);
      if (x.type == SK_T_DOUBLE && x.u.d == floor(x.u.d))
        sk_user_error(&e->operands[i]->loc, "element %d of an array must be an integer; %g is outside the integers "
                      "of this platform (%ld to %ld)", i + 1, x.u.d, LONG_MIN, LONG_MAX);
      if (x.type != SK_T_INT)
        sk_user_error(&e->operands[i]->loc, "element %d of an array must be %s, not %s", i + 1,
                      i == 0 ? "an integer or a datatype" : "an integer",
                      x.type == SK_T_DOUBLE ? "a fraction" : sk_type_name(x.type));
      sk_iarray_set(&r, (size_t)i, x.u.i);
    }
  }
  return r;
}

SK_API sk_value sk_interp_eval(sk_interp *in, const sk_expr *e)
{
  sk_value v;
  switch (e->kind) {
  case E_INT: return sk_int_value(e->ival);
  case E_DOUBLE: return sk_double_value(e->dval);
  case E_STRING:
    v.type = SK_T_STRING;
    v.u.s = e->name;
    return v;
  case E_VAR:
    if (!sk_interp_lookup(in, e->name, &v)) {
      char why[200];
      if (sk_constant_unavailable(e->name, why, sizeof why)) sk_user_error(&e->loc, "%s", why);
      sk_user_error(&e->loc, "unknown identifier '%s'", e->name);
    }
    return v;
  case E_UNARY:
    v = sk_interp_eval(in, e->operands[0]);
    if (e->op == TK_KNOT || e->op == TK_TILDE) {
      if (v.type != SK_T_INT)
        sk_user_error(&e->operands[0]->loc, "'%s' needs an integer, not %s", e->op == TK_KNOT ? "not" : "~",
                      sk_type_name(v.type));
      return sk_int_value(e->op == TK_KNOT ? v.u.i == 0 : ~v.u.i);
    }
    interp_need_number(&v, e->operands[0], e->op == TK_NOT ? "'!'" : "unary '-'");
    if (e->op == TK_NOT) return sk_int_value(sk_value_as_double(&v) == 0.0);
    if (v.type == SK_T_INT) {
      long r;
      if (!sk_long_neg(v.u.i, &r))
        sk_user_error(&e->loc, "integer overflow: -(%ld) is outside the integers of this platform (%ld to %ld)",
                      v.u.i, LONG_MIN, LONG_MAX);
      return sk_int_value(r);
    }
    return sk_double_value(-v.u.d);
  case E_BINARY: return interp_binary(in, e);
  case E_ARRAY: return interp_array(in, e);
  case E_CALL: {
    const sk_builtin *b = sk_builtin_find(e->name);
    sk_value *values, r;
    sk_bctx bc;
    if (b == NULL) sk_user_error(&e->loc, "unknown function '%s'", e->name);
    values = interp_args(in, e, b->params);
    bc.settings = &in->settings;
    bc.run = &in->run;
    bc.name = b->name;
    bc.variant = b->variant;
    r = b->fn(&bc, values, &e->loc);
    free(values);
    return r;
  }
  }
  v.type = SK_T_NONE;
  return v;
}

/* ---- loops ---- */

static void exec_block(sk_interp *in, const sk_block *b);
static void exec_stmt(sk_interp *in, const sk_stmt *s);

static void loop_push(sk_interp *in, const char *name, sk_value v)
{
  in->loops = (sk_loopvar *)sk_grow(in->loops, &in->caploops, in->nloops + 1, sizeof(sk_loopvar));
  in->loops[in->nloops].name = name;
  in->loops[in->nloops].value = v;
  in->nloops++;
}

static sk_value loop_value(int integer, double x)
{
  return integer ? sk_int_value((long)floor(x + 0.5)) : sk_double_value(x);
}

/* Runs the body once with the loop variable set; returns 0 when the loop must end. A
** measurement that found the buffer too small ends the innermost loop around it, quietly
** (as the original SKaMPI 5 does); outer loops go on. */
static int loop_iteration(sk_interp *in, const sk_stmt *s, sk_value v)
{
  sk_interp_assign(in, s->name, v);
  in->loops[in->nloops - 1].value = v;
  exec_block(in, &s->body);
  if (in->suite_stopped) return 0;
  if (in->buffer_exhausted) {
    in->buffer_exhausted = 0;
    return 0;
  }
  return 1;
}

/* The bound of an exact integer loop (loops.h) as a long in *out: an integer as it is, a
** double as the last integer it admits (floor upwards, ceiling downwards), one beyond
** the range of long as LONG_MAX or LONG_MIN. 0 when the bound admits no long at all
** (a loop upwards to below LONG_MIN, or downwards to above LONG_MAX: no values). */
static int loop_int_bound(const sk_value *to, int up, const sk_expr *where, long *out)
{
  double d;
  if (to->type == SK_T_INT) { *out = to->u.i; return 1; }
  d = up ? floor(to->u.d) : ceil(to->u.d);
  if (d != d) sk_user_error(&where->loc, "a loop's bound is not a number");
  if (sk_long_of_double(d, out)) return 1;
  *out = d > 0.0 ? LONG_MAX : LONG_MIN;
  return up == (d > 0.0);
}

/* A loop over doubles whose step is below the spacing of doubles at its values would
** repeat values (1e18 + 1 == 1e18): refused, with the way to an exact integer loop. */
static void loop_double_resolution(const sk_stmt *s, const sk_loop_spec *spec)
{
  double largest = fabs(spec->first), spacing;
  int exponent;
  if (spec->multiplies) return;
  if (spec->has_last && fabs(spec->last) > largest) largest = fabs(spec->last);
  if (!spec->has_last && spec->open_limit > largest) largest = spec->open_limit;
  if (!(largest <= DBL_MAX)) return;                  /* an infinite bound: nothing to say */
  frexp(largest, &exponent);
  spacing = ldexp(1.0, exponent - DBL_MANT_DIG);      /* between adjacent doubles at largest */
  if (fabs(spec->step) < spacing)
    sk_user_error(&s->loc, "a loop over doubles cannot step by %g near %g, where adjacent doubles are %g apart: "
                  "its values would repeat (write the start value and the step as integers for an exact "
                  "integer loop)", spec->step, largest, spacing);
}

static void exec_for_range(sk_interp *in, const sk_stmt *s)
{
  sk_value from = sk_interp_eval(in, s->from), to, step = sk_int_value(1), mult;
  sk_loop_spec spec;
  sk_loop_gen gen;
  size_t saved_open_loop;
  double stepv = 1.0, x;
  long multiple_of = 1, ix;
  int integer, runs = 1;
  interp_need_number(&from, s->from, "a loop's start value");
  if (s->to) { to = sk_interp_eval(in, s->to); interp_need_number(&to, s->to, "a loop's bound"); }
  else to = sk_int_value(0);
  if (s->step) {
    step = sk_interp_eval(in, s->step);
    interp_need_number(&step, s->step, "a loop's step");
    stepv = sk_value_as_double(&step);
  }
  if (s->multiple_of) {
    mult = sk_interp_eval(in, s->multiple_of);
    if (mult.type != SK_T_INT || mult.u.i < 1)
      sk_user_error(&s->multiple_of->loc, "multipleof needs a positive integer");
    multiple_of = mult.u.i;
  }
  if (s->step_multiplies && (stepv <= 1.0 || sk_value_as_double(&from) <= 0.0))
    sk_user_error(&s->loc, "a loop with 'step *x' needs x > 1 and a positive start value");
  if (!s->step_multiplies && stepv == 0.0) sk_user_error(&s->loc, "a loop's step must not be 0");
  if (!s->to && !s->step_multiplies && stepv < 0.0)
    sk_user_error(&s->loc, "a loop up to '...' must count upwards");
  integer = from.type == SK_T_INT && (s->step_multiplies || (s->step == NULL || step.type == SK_T_INT));
  memset(&spec, 0, sizeof spec);
  spec.first = sk_value_as_double(&from);
  spec.last = sk_value_as_double(&to);
  spec.has_last = s->to != NULL;
  spec.step = stepv;
  spec.multiplies = s->step_multiplies;
  spec.integer = integer;
  spec.multiple_of = multiple_of;
  spec.open_limit = (double)in->settings.buffers.size;
  if (integer && !s->autorefine) {          /* exact: every value a long (loops.h) */
    spec.exact = 1;
    spec.ifirst = from.u.i;
    if (!s->step_multiplies) spec.istep = step.u.i;
    else if (step.type == SK_T_INT) spec.istep = step.u.i;
    else if (stepv == floor(stepv) && sk_long_of_double(stepv, &ix)) spec.istep = ix;   /* step *2.0 */
    if (spec.has_last) runs = loop_int_bound(&to, s->step_multiplies || stepv > 0.0, s->to, &spec.ilast);
  } else if (integer) {                     /* autorefine: APR's points are doubles */
    if (!sk_long_fits_double(from.u.i) || (to.type == SK_T_INT && !sk_long_fits_double(to.u.i)))
      sk_user_error(&s->loc, "autorefine: integer loop values must not exceed 2^53 (doubles hold every integer "
                    "only up to there)");
  } else {
    loop_double_resolution(s, &spec);
  }
  loop_push(in, s->name, from);
  saved_open_loop = in->open_loop;
  if (!s->to) in->open_loop = in->nloops;
  if (s->autorefine) {
    sk_apr_config c;
    sk_apr *apr;
    size_t var_index = in->nloops - 1;
    int outer_added = in->apr_added;
    if (!s->to) sk_user_error(&s->loc, "an autorefine loop needs an explicit upper bound");
    sk_apr_default_config(&c);
    c.first = spec.first;
    c.last = spec.last;
    c.step = stepv;
    c.geometric = s->step_multiplies;
    c.integer = integer;
    c.multiple_of = multiple_of;
    c.limits = in->settings.apr;
    if (sk_apr_config_error(&c)) sk_user_error(&s->loc, "autorefine: %s", sk_apr_config_error(&c));
    apr = sk_apr_new(&c);
    if (in->in_measurement) sk_out_hold_begin();
    while (sk_apr_next(apr, &x)) {
      in->last_time = 0.0;
      in->apr_added = outer_added || sk_apr_point_added(apr);
      if (!loop_iteration(in, s, loop_value(integer, x))) break;
      sk_apr_report(apr, in->last_time);
    }
    in->apr_added = outer_added;
    if (in->in_measurement) sk_out_hold_end((int)var_index);
    sk_apr_free(apr);
  } else if (spec.exact) {
    sk_loop_begin(&gen, &spec);
    while (runs && sk_loop_next_long(&gen, &ix)) if (!loop_iteration(in, s, sk_int_value(ix))) break;
  } else {
    sk_loop_begin(&gen, &spec);
    while (sk_loop_next(&gen, &x)) if (!loop_iteration(in, s, loop_value(integer, x))) break;
  }
  in->open_loop = saved_open_loop;
  in->nloops--;
}

static void exec_for_list(sk_interp *in, const sk_stmt *s)
{
  int i;
  sk_value *values = (sk_value *)sk_calloc((size_t)(s->nlist ? s->nlist : 1), sizeof(sk_value));
  for (i = 0; i < s->nlist; i++) values[i] = sk_interp_eval(in, s->list[i]);
  loop_push(in, s->name, values[0]);
  for (i = 0; i < s->nlist; i++) if (!loop_iteration(in, s, values[i])) break;
  in->nloops--;
  free(values);
}

static void exec_for_iter(sk_interp *in, const sk_stmt *s)
{
  const sk_iterator *it = sk_iterator_find(s->expr->name);
  sk_value *values = interp_args(in, s->expr, it->params), v;
  void *self = NULL;
  long guard = 0;
  v = it->fn(&self, values);
  loop_push(in, s->name, v);
  /* protocol of SKaMPI 5 manual §6.3: *self == NULL after a call means "exhausted"; a
  ** string then says why the iterator could not go on (builtins.h) */
  while (self != NULL) {
    if (!loop_iteration(in, s, v)) { void *tmp = self; while (tmp) { it->fn(&tmp, values); if (++guard > 100000000L) break; } break; }
    v = it->fn(&self, values);
    if (++guard > 100000000L) sk_user_error(&s->loc, "iterator '%s' does not end", it->name);
  }
  if (self == NULL && v.type == SK_T_STRING) sk_user_error(&s->expr->loc, "%s", v.u.s);
  in->nloops--;
  free(values);
}

/* ---- measurements ---- */

/* ---- progress on stderr (world rank 0, not -q; also when the results go to stdout) ----
** On a terminal one line that is rewritten: suite i of n, its name, points measured,
** time elapsed and the estimated time left (from the suites measured so far).
** Elsewhere (under a launcher stderr is a pipe or a file) plain lines: one per finished
** suite, and during a long suite one "running" line when progress_interval seconds
** have passed since the last line (checked after every point: never more than one line
** per interval). */

/* The unit of the progress times: the engine's clock, simulated time under a simulator. */
#define PROGRESS_SECONDS (SK_SIMULATED ? "simulated seconds" : "s")

/* "E s elapsed, ~L s left": the run so far and the estimate for what is not done: the
** current suite's points left at its time per point so far (when its points are known:
** literal loops), then the suites after it at the mean time of the suites done (or of
** this one, projected, before any is done); never more than the last estimate implies
** unless a suite took longer than its share. */
static void progress_times(sk_interp *in, sk_str *line)
{
  double now = sk_engine_clock(), elapsed = now - in->run.run_started, in_suite = now - in->block_started;
  int total = in->blocks_total > in->blocks_started ? in->blocks_total : in->blocks_started;
  int measured = in->blocks_done - in->resume_skip, running = in->blocks_started > in->blocks_done;
  int after = total - in->blocks_done - running, k;
  double suite_left = -1.0, per_suite = -1.0, per_point = -1.0;
  if (in->done_points > 0) per_point = in->done_time / (double)in->done_points;
  else if (running && in->block_points > 0) per_point = in_suite / (double)in->block_points;
  if (running && in->block_points_known > 0 && in->block_points > 0)
    suite_left = in_suite / (double)in->block_points * (double)(in->block_points_known - in->block_points);
  else if (running && in->block_points_known > 0 && in->rep_point_time > 0.0)   /* inside the first point */
    suite_left = in->rep_point_time * (double)in->block_points_known - in_suite;
  if (suite_left < 0.0 && running && in->block_points_known > 0 && in->rep_point_time > 0.0) suite_left = 0.0;
  if (suite_left < 0.0 && !running) suite_left = 0.0;
  if (measured > 0) per_suite = in->done_time / measured;
  else if (suite_left >= 0.0 && running) per_suite = in_suite + suite_left;
  if (running && suite_left < 0.0 && per_suite >= 0.0)   /* points unknown: the mean suite's rest */
    suite_left = per_suite > in_suite ? per_suite - in_suite : 0.0;
  sk_str_printf(line, "%.0f %s elapsed, ", elapsed, PROGRESS_SECONDS);
  if (suite_left >= 0.0 && (after <= 0 || per_suite >= 0.0)) {
    double later = 0.0;   /* the suites after this one: by their points where known, else the mean suite */
    for (k = 0; k < after; k++) {
      int idx = in->blocks_started + k;   /* suites in program order, as interp_count_blocks counts them */
      long pts = in->later_points != NULL && idx < in->blocks_total ? in->later_points[idx] : -1;
      later += pts > 0 && per_point >= 0.0 ? per_point * (double)pts : per_suite;
    }
    sk_str_printf(line, "~%.0f %s left", suite_left + later, PROGRESS_SECONDS);
  } else
    sk_str_puts(line, "time left unknown");
}

/* The points a block measures when every loop around its measure statements has literal
** bounds (a range with a constant step, a list), -1 when that is not known before. */
static long interp_count_points(const sk_block *b)
{
  size_t i;
  long n = 0;
  for (i = 0; i < b->n; i++) {
    const sk_stmt *s = b->items[i];
    long inner, times = 0;
    if (s->kind == S_MEASURE) { n++; continue; }
    if (s->kind != S_FOR_RANGE && s->kind != S_FOR_LIST && s->kind != S_IF && s->kind != S_FOR_ITER) continue;
    inner = interp_count_points(&s->body);
    if (inner == 0 && (s->kind != S_IF || interp_count_points(&s->else_body) == 0)) continue;
    if (inner < 0 || s->kind == S_IF || s->kind == S_FOR_ITER) return -1;
    if (s->kind == S_FOR_LIST) times = s->nlist;
    else {
      long v, to, step = s->step ? s->step->ival : 1;
      if (s->autorefine || s->to == NULL || s->from->kind != E_INT || s->to->kind != E_INT || s->multiple_of != NULL ||
          (s->step != NULL && s->step->kind != E_INT))
        return -1;
      to = s->to->ival;
      if (s->step_multiplies ? step < 2 : step < 1) return -1;
      for (v = s->from->ival; v <= to && times < 100000L; v = s->step_multiplies ? v * step : v + step) {
        times++;
        if (s->step_multiplies && v <= 0) break;   /* 0 * step stays 0: one point */
      }
    }
    n += times * inner;
  }
  return n;
}

/* "P points, " or, when the suite's points are known, "P of N points, " */
static void progress_points(const sk_interp *in, sk_str *line)
{
  if (in->block_points_known > 0) sk_str_printf(line, "%ld of %ld points, ", in->block_points, in->block_points_known);
  else sk_str_printf(line, "%ld points, ", in->block_points);
}

static int progress_total(const sk_interp *in, int at_least)
{
  return in->blocks_total > at_least ? in->blocks_total : at_least;
}

/* One finished line on stderr; the interval starts again. */
static void progress_line(sk_interp *in, sk_str *line)
{
  sk_str_putc(line, '\n');
  fputs(line->data, stderr);
  fflush(stderr);
  in->progress_last = sk_engine_clock();
}

/* On a terminal: the updating line rewritten in place (it begins with '\r'), padded to
** cover a longer old one. */
static void progress_rewrite(sk_interp *in, sk_str *line)
{
  while (line->len < in->progress_width) sk_str_putc(line, ' ');
  in->progress_width = line->len;
  fputs(line->data, stderr);
  fflush(stderr);
}

static void progress_show(sk_interp *in, const char *name)
{
  double last = in->progress_last > 0.0 ? in->progress_last : in->run.run_started;
  sk_str line;
  if (!in->progress) return;
  if (!in->progress_tty && (in->block_points == 0 || sk_engine_clock() - last < in->progress_interval)) return;
  sk_str_init(&line);
  if (in->progress_tty) {
    sk_str_printf(&line, "\rskampi: suite %d of %d \"%s\": ", in->blocks_started,
                  progress_total(in, in->blocks_started), name);
    progress_points(in, &line);
    progress_times(in, &line);
    progress_rewrite(in, &line);
  } else {
    sk_str_printf(&line, "skampi: [%d/%d] \"%s\" running: ", in->blocks_started,
                  progress_total(in, in->blocks_started), name);
    progress_points(in, &line);
    progress_times(in, &line);
    progress_line(in, &line);
  }
  sk_str_free(&line);
}

/* After every repetition of rank 0's point (sk_runner_progress): inside a long point a
** line says how far it is ("point 5: 17 of at most 33 repetitions (3 discarded), 0.84 s
** a repetition"), at most one per interval as the others; the point's time per repetition
** so far is kept for the estimate of a suite still in its first point. */
static void progress_repetition(void *ctx, const sk_rep_progress *rp)
{
  sk_interp *in = (sk_interp *)ctx;
  double now, last, per_rep;
  long done = rp->reps + rp->discarded;
  sk_str line;
  if (!in->progress || !in->in_measurement || done <= 0) return;
  per_rep = rp->in_point / (double)done;   /* the point ends after min_reps at the soonest */
  in->rep_point_time = per_rep * (double)(rp->min_reps + rp->discarded > done + 1 ? rp->min_reps + rp->discarded : done + 1);
  now = sk_engine_clock();
  last = in->progress_last > 0.0 ? in->progress_last : in->run.run_started;
  if (now - last < in->progress_interval || rp->in_point < in->progress_interval) return;
  sk_str_init(&line);
  sk_str_printf(&line, "%sskampi: [%d/%d] \"%s\" running: ", in->progress_tty ? "\r" : "", in->blocks_started,
                progress_total(in, in->blocks_started), in->block_name ? in->block_name : "");
  progress_points(in, &line);
  sk_str_printf(&line, "point %ld: %ld of at most %ld repetitions", in->block_points + 1, rp->reps, rp->max_reps);
  if (rp->discarded > 0) sk_str_printf(&line, " (%ld discarded)", rp->discarded);
  sk_str_printf(&line, ", %.3g %s a repetition; ", per_rep, PROGRESS_SECONDS);
  progress_times(in, &line);
  if (in->progress_tty) {
    progress_rewrite(in, &line);
    in->progress_last = now;
  } else progress_line(in, &line);
  sk_str_free(&line);
}

/* Before anything else goes to stderr: the updating line gets a line of its own. */
static void progress_break(sk_interp *in)
{
  if (in->progress_width > 0) fputc('\n', stderr);
  in->progress_width = 0;
}

static void progress_suite_done(sk_interp *in, const char *name)
{
  sk_str line;
  if (!in->progress) return;
  if (in->progress_tty) { progress_show(in, name); return; }
  sk_str_init(&line);
  sk_str_printf(&line, "skampi: [%d/%d] \"%s\" done in %.1f %s; ", in->blocks_done,
                progress_total(in, in->blocks_done), name, sk_engine_clock() - in->block_started, PROGRESS_SECONDS);
  progress_times(in, &line);
  progress_line(in, &line);
  sk_str_free(&line);
}

SK_API void sk_interp_progress_end(sk_interp *in) { progress_break(in); }

/* A helper call that a kept suite must still make on resume: one that changes the
** settings of the measurements after it (set_*, switch_*, choose_*, use_mpi_alloc_mem,
** and the array and info setters whose objects outlive the suite). Output, clock
** resynchronisation and time accounting are not repeated. */
static int replayed_on_resume(const sk_stmt *st)
{
  static const char *const prefixes[] = { "set_", "switch_", "choose_" };
  static const char *const names[] = {
    "use_mpi_alloc_mem", "int_array_set", "datatype_array_set", "info_set", "info_free", "reset_file_info"
  };
  const char *name;
  size_t i;
  if (st->kind != S_CALL || st->expr == NULL || st->expr->kind != E_CALL) return 0;
  name = st->expr->name;
  for (i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
    if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0) return 1;
  for (i = 0; i < sizeof names / sizeof names[0]; i++)
    if (sk_streq(name, names[i])) return 1;
  return 0;
}

/* Resuming (runlog.h): a suite the interrupted run completed is skipped on every
** process -- its measurements are not made again, its lines stay as written -- and
** output is written again from the end of the last one kept. The settings helpers
** called directly in its body (not inside its loops or ifs) are called again, so that
** the suites after it measure as in an uninterrupted run. */
static int skip_completed_suite(sk_interp *in, const sk_stmt *s)
{
  size_t i;
  if (in->blocks_started > in->resume_skip) return 0;
  for (i = 0; i < s->body.n; i++)
    if (replayed_on_resume(s->body.items[i])) exec_stmt(in, s->body.items[i]);   /* calls only: no locals */
  in->blocks_done++;
  if (in->blocks_started == in->resume_skip) sk_out_mute(0);
  return 1;
}

/* Before a suite, every process alike: when the output could not be written (output.h:
** a full file system or device, a reader that quit, the file removed), all end with
** SK_EXIT_WRITE; when any process was asked to stop (stop_request.h: SIGUSR1, a batch
** system's warning before the time limit), all end with SK_EXIT_STOPPED. Either way the
** log holds a "done" for every suite written whole and no "finished", so the same
** command continues with this suite. */
typedef struct suite_gate {
  int output_failed;   /* rank 0's output cannot be written */
  int stop_signal;     /* a process's stop request (its signal), 0: none */
} suite_gate;

static void decide_suite_gate(void *ctx, const void *ballots, int n, void *decision)
{
  const int *asked = (const int *)ballots;
  suite_gate *d = (suite_gate *)decision;
  int i;
  (void)ctx;
  d->output_failed = sk_engine_reports() && sk_out_failed();   /* rank 0 decides */
  d->stop_signal = 0;
  for (i = 0; i < n && !d->stop_signal; i++) d->stop_signal = asked[i];
}

static void stop_between_suites(sk_interp *in, const sk_stmt *s)
{
  suite_gate d;
  int mine = sk_stop_requested();
  sk_agree(sk_tp_world(), &mine, sizeof mine, &d, sizeof d, decide_suite_gate, NULL);
  if (!d.output_failed && !d.stop_signal) return;
  if (sk_engine_reports()) {
    progress_break(in);
    fflush(stdout);
    if (d.output_failed)
      fprintf(stderr, "skampi: stopped before suite %d \"%s\": the results cannot be written\n",
              in->blocks_started, s->name);
    else
      fprintf(stderr, "skampi: stopped before suite %d \"%s\" on SIGUSR1: suites 1 to %d are complete; "
              "the same command continues\n", in->blocks_started, s->name, in->blocks_done);
    fflush(stderr);
  }
  sk_exit(d.output_failed ? SK_EXIT_WRITE : SK_EXIT_STOPPED);
}

static void exec_measurement_block(sk_interp *in, const sk_stmt *s)
{
  size_t saved_loops = in->nloops;
  in->blocks_started++;
  if (skip_completed_suite(in, s)) return;
  stop_between_suites(in, s);
  if (sk_engine_reports()) sk_runlog_suite(in->blocks_started, s->name, 0);
  in->block_points = 0;
  in->rep_point_time = 0.0;
  in->block_points_known = interp_count_points(&s->body);
  in->block_time_kind = NULL;
  in->block_started = sk_engine_clock();
  if (sk_engine_reports()) progress_show(in, s->name);
  in->in_measurement = 1;
  in->block_name = s->name;
  {
    sk_str waits;
    sk_str_init(&waits);
    sk_interference_choose_waits(&waits);   /* collective: how this suite's waits treat the processor */
    if (sk_engine_reports()) {
      sk_out_begin_block(s->name);
      if (waits.data) sk_out_text(waits.data);
    }
    sk_str_free(&waits);
  }
  if (sk_engine_reports()) {
    sk_out_set_unit(in->settings.unit);
    if (in->settings.unit != 1e6) {
      sk_str note;
      sk_str_init(&note);
      sk_str_printf(&note, "# times in seconds x %g (set_unit; not microseconds)\n", in->settings.unit);
      sk_out_text(note.data);
      sk_str_free(&note);
    }
  }
  sk_labels_begin(&in->labels, &s->body);
  exec_block(in, &s->body);
  in->buffer_exhausted = 0;
  if (in->suite_stopped && !in->verify_failed && !in->library_error && sk_engine_reports()) {
    sk_str note;
    sk_str_init(&note);
    sk_str_printf(&note, "# (suite stopped by its time limit of %g s)\n", in->settings.suite_time_limit);
    sk_out_text(note.data);
    sk_str_free(&note);
  }
  in->suite_stopped = 0;
  in->library_error = 0;
  in->blocks_done++;
  if (sk_engine_reports()) {
    sk_out_end_block(s->name, sk_engine_clock() - in->block_started);
    if (in->verify_failed) {
      fprintf(stderr, "skampi: stopped after block \"%s\": verification failed\n", s->name);
      fflush(stderr);
    }
    if (!sk_out_failed()) {   /* a suite not written whole is not done (the log, the progress) */
      sk_runlog_suite(in->blocks_started, s->name, 1);
      if (in->blocks_started > in->resume_skip) {
        in->done_time += sk_engine_clock() - in->block_started;
        in->done_points += in->block_points;
      }
      progress_suite_done(in, s->name);
    }
  }
  scope_clear(&in->locals);
  in->nloops = saved_loops;
  in->in_measurement = 0;
  in->block_name = NULL;
  if (in->verify_failed) sk_exit(SK_EXIT_VERIFY);   /* every process alike: a clean finalize */
}

/* A warning (SKaMPI 5 manual §8) on stderr unless -q, besides its "# warning: ..."
** comment line under the result (result_line.h). */
static void measure_warn(void *ctx, const char *what)
{
  sk_interp *in = (sk_interp *)ctx;
  sk_str line;
  int i;
  if (in->quiet) return;
  progress_break(in);
  fflush(stdout);
  sk_str_init(&line);
  sk_str_printf(&line, "skampi: warning: \"%s\"", in->block_name ? in->block_name : "");
  for (i = 0; i < (int)in->nloops; i++) {
    sk_str_printf(&line, " %s=", in->loops[i].name);
    sk_value_format(&line, &in->loops[i].value);
  }
  sk_str_printf(&line, ": %s\n", what);
  fputs(line.data, stderr);
  fflush(stderr);
  sk_str_free(&line);
}

/* A measurement in a loop does not fit into the buffer: the loop ends there. The block
** says at which value and why in a comment line, and the run goes on; stderr gets a
** warning unless the loop runs up to '...' (where the buffer's end is the bound). */
static void measure_end_loop(sk_interp *in, const sk_stmt *s, const char *why)
{
  const sk_loopvar *lv = &in->loops[in->nloops - 1];
  sk_str at;
  in->buffer_exhausted = 1;
  if (!sk_engine_reports()) return;
  sk_str_init(&at);
  if (lv->value.type == SK_T_INT) sk_str_printf(&at, "%s=%ld", lv->name, lv->value.u.i);
  else if (lv->value.type == SK_T_DOUBLE) sk_str_printf(&at, "%s=%g", lv->name, lv->value.u.d);
  else sk_str_printf(&at, "%s", lv->name);
  {
    sk_str note;
    sk_str_init(&note);
    sk_str_printf(&note, "# (loop ended at %s: %s)\n", at.data, why);
    sk_out_text(note.data);
    sk_str_free(&note);
    sk_out_loop_ended(at.data);
  }
  if (in->open_loop != in->nloops && !in->quiet) {
    progress_break(in);
    fflush(stdout);
    fprintf(stderr, "skampi: warning: %s:%d:%d: loop ended at %s: %s\n", s->call->loc.file, s->call->loc.line,
            s->call->loc.col, at.data, why);
    fflush(stderr);
  }
  sk_str_free(&at);
}

/* A measure statement that measures nothing here, and the run goes on (as the original
** SKaMPI did): a point whose communicator is smaller than the measurement needs (a loop
** over process counts from 1). The block gets a comment
** line naming the point and why; stderr a warning, unless -q or warned (the
** statement's first such point was warned about: a sweep of 21 counts gets one warning). */
static void measure_nothing(sk_interp *in, const sk_stmt *s, const char *why, int warned)
{
  sk_str at, note;
  size_t i;
  if (!sk_engine_reports()) return;
  sk_str_init(&at);
  sk_str_init(&note);
  for (i = 0; i < in->nloops; i++) {
    sk_str_puts(&at, i ? " " : " at ");
    sk_str_printf(&at, "%s=", in->loops[i].name);
    sk_value_format(&at, &in->loops[i].value);
  }
  sk_str_printf(&note, "# (nothing measured%s: %s)\n", at.data ? at.data : "", why);
  sk_out_text(note.data);
  if (!in->quiet && !warned) {
    progress_break(in);
    fflush(stdout);
    fprintf(stderr, "skampi: warning: %s:%d:%d: nothing measured%s: %s\n", s->call->loc.file, s->call->loc.line,
            s->call->loc.col, at.data ? at.data : "", why);
    fflush(stderr);
  }
  sk_str_free(&at);
  sk_str_free(&note);
}

/* The buffer region as the settings say, on every process; memory the machine lacks is
** the statement's error. */
static void measure_set_buffer(sk_interp *in, const sk_stmt *s)
{
  int who = sk_bi_buffers_configure_agreed(&in->settings.buffers);
  if (who >= 0)
    sk_user_error(&s->call->loc, "cannot allocate a buffer region of %.0f bytes on process %d for this"
                  " measurement; ask for less memory", sk_buffers_region_bytes(&in->settings.buffers), who);
}

/* Outside a loop, a measurement that does not fit into set_skampi_buffer is measured with
** the buffer grown to what it needs (the original SKaMPI measured such statements, as
** Open MPI's tuner OTPO writes them for its all-to-alls), then the buffer is set back; the
** result says so (a "# (buffer grown: ...)" line, flag buffer_grown=BYTES). In a loop the
** loop ends instead, at the original's points (measure_end_loop). *out is measured again. */
static void measure_grown(sk_interp *in, const sk_stmt *s, const sk_measurement *def, sk_group *g,
                          const sk_value *values, sk_measure_outcome *out)
{
  size_t was = in->settings.buffers.size, grown = (size_t)ceil(out->need / 1024.0) * 1024;
  char why[sizeof out->message];
  sk_copy_string(why, sizeof why, out->message);
  sk_outcome_free(out);
  in->settings.buffers.size = grown;
  measure_set_buffer(in, s);
  sk_engine_measure(&in->engine, def, g, values, in->block_started, out);
  in->settings.buffers.size = was;
  measure_set_buffer(in, s);
  if (out->status == SK_MEASURED && sk_tp_world_rank() == 0) {
    sk_str note;
    sk_result *r = &out->result;
    sk_str_init(&note);
    sk_str_printf(&note, "# (buffer grown: %s; measured with %lu bytes, then set back)\n", why, (unsigned long)grown);
    if (strlen(sk_result_note(r)) + note.len < SK_RESULT_NOTE) {
      memmove(r->note + note.len, r->note, strlen(r->note) + 1);
      memcpy(r->note, note.data, note.len);
    }
    sk_str_free(&note);
    sk_str_init(&note);
    sk_str_printf(&note, "buffer_grown=%lu%s%s", (unsigned long)grown, r->note_flags[0] ? "," : "", r->note_flags);
    sk_copy_string(r->note_flags, sizeof r->note_flags, note.data);
    sk_str_free(&note);
    if (!in->quiet) {
      progress_break(in);
      fflush(stdout);
      fprintf(stderr, "skampi: warning: %s:%d:%d: buffer grown: %s; measured with %lu bytes\n", s->call->loc.file,
              s->call->loc.line, s->call->loc.col, why, (unsigned long)grown);
      fflush(stderr);
    }
  }
}

/* The library returned an error inside a measurement (engine.h, SK_LIBRARY_ERROR): the
** suite says so -- "# (library error in NAME: TEXT)" and the mark "#@ library_error:
** NAME: TEXT" -- and stops (its block is closed as usual); the run goes on with the next
** suite and ends with exit status 6, saying how many suites failed. Every process alike. */
static void measure_library_error(sk_interp *in, const sk_stmt *s, const char *message)
{
  if (sk_engine_reports()) {
    sk_str note;
    const char *text = message + strlen(SK_LIBRARY_ERROR_PREFIX);
    sk_str_init(&note);
    sk_str_printf(&note, "# (%s)\n#@ library_error: %s\n", message, text);
    sk_out_text(note.data);
    sk_str_free(&note);
    progress_break(in);
    fflush(stdout);
    fprintf(stderr, "skampi: error: %s:%d:%d: %s; the suite stops, the run goes on\n", s->call->loc.file,
            s->call->loc.line, s->call->loc.col, message);
    fflush(stderr);
  }
  if (!in->library_error) in->library_failed_suites++;
  in->library_error = 1;
  in->suite_stopped = 1;             /* leave the block's loops; it is closed as usual */
}

/* The engine measures (engine.h); the interpreter evaluates the arguments and writes. */
static void exec_measure(sk_interp *in, const sk_stmt *s)
{
  sk_value comm = sk_interp_eval(in, s->expr), *values;
  const sk_measurement *def = sk_catalogue_find(s->call->name);
  sk_measure_outcome out;
  double started;
  if (def == NULL) sk_user_error(&s->call->loc, "unknown measurement function '%s'", s->call->name);
  if (comm.type != SK_T_COMM) sk_user_error(&s->expr->loc, "measure needs a communicator, not %s", sk_type_name(comm.type));
  if (comm.u.comm == NULL) return;    /* MPI_COMM_NULL: every process skips it (SKaMPI 5) */
  if (sk_tp_group_rank(comm.u.comm) < 0 && sk_tp_world_rank() != 0) values = interp_args_outside(in, s->call, def->params);
  else values = interp_args(in, s->call, def->params);
  started = sk_engine_clock();
  sk_engine_measure(&in->engine, def, comm.u.comm, values, in->block_started, &out);
  if (out.status == SK_NO_ROOM && in->nloops == 0 && !sk_env_long("SKAMPI_STRICT", 0, 1, 0))
    measure_grown(in, s, def, comm.u.comm, values, &out);
  /* the suite's dummy time and its #@ suite mark before its first line -- in the original's
  ** layout (the default; not with SKAMPI_LAYOUT=skampi), whose readers take the first line
  ** after `# begin result` for a result, both come after that line (the mark "of=line_above") */
  if (out.has_dummy && sk_engine_reports() && !sk_header_layout_skampi5()) sk_line_dummy(&out, 0);
  if (out.status == SK_MEASURED && sk_engine_reports() && !sk_header_layout_skampi5())
    in->block_time_kind = sk_line_suite_mark(in->block_time_kind, sk_catalogue_time_kind(def), &out);
  if (out.status == SK_TOO_FEW) {
    if (in->too_few_points++ == 0) {
      in->too_few_needs = def->min_procs;
      in->too_few_has = sk_tp_group_size(comm.u.comm);
      in->too_few_name = def->name;
    }
    measure_nothing(in, s, out.message, in->too_few_warned == s);
    in->too_few_warned = s;
  } else if (out.status == SK_NO_ROOM && in->nloops > 0) {
    measure_end_loop(in, s, out.message);
  } else if (out.status == SK_VERIFY_FAILED) {
    if (sk_engine_reports()) {
      sk_str note;
      sk_str_init(&note);
      sk_str_printf(&note, "# (%s)\n", out.message);
      sk_out_text(note.data);
      sk_str_free(&note);
      fflush(stdout);
      fprintf(stderr, "skampi: error: %s:%d:%d: %s\n", s->call->loc.file, s->call->loc.line, s->call->loc.col,
              out.message);
      fflush(stderr);
    }
    in->verify_failed = 1;
    in->suite_stopped = 1;            /* leave the block's loops; it is closed as usual */
  } else if (out.status == SK_LIBRARY_ERROR) {
    measure_library_error(in, s, out.message);
  } else if (out.status != SK_MEASURED) {
    sk_outcome_free(&out);
    free(values);
    sk_user_error(&s->call->loc, "%s%s", out.message,
                  out.status == SK_NO_ROOM ? "; nothing was measured (raise set_skampi_buffer)" : "");
  } else {
    in->last_time = out.time;
    if (out.suite_time_spent) in->suite_stopped = 1;
    in->block_points++;
    if (sk_engine_reports()) {
      sk_str flags;
      sk_line_facts lf;
      memset(&lf, 0, sizeof lf);
      lf.settings = &in->settings;
      lf.vars = in->loops;
      lf.nvars = (int)in->nloops;
      lf.label = sk_labels_for(&in->labels, s, values, in->loops, in->nloops);
      lf.added = in->apr_added;
      lf.dummy_time = out.dummy_time;
      lf.verified = in->settings.verify && def->check != NULL;
      lf.warn = measure_warn;
      lf.warn_ctx = in;
      sk_str_init(&flags);
      sk_line_write(&lf, &out.result, &flags);
      if (out.has_dummy && sk_header_layout_skampi5()) sk_line_dummy(&out, 1);
      if (sk_header_layout_skampi5())
        in->block_time_kind = sk_line_suite_mark_after(in->block_time_kind, sk_catalogue_time_kind(def), &out);
      sk_line_finish(&lf, &out.result, &flags);
      sk_str_free(&flags);
      progress_show(in, in->block_name);
    }
    in->run.time_in_measurements += sk_engine_clock() - started;
    in->run.measurements++;
  }
  free(values);
  sk_outcome_free(&out);
}

/* ---- print, print_all, flush (SKaMPI 6) ---- */

/* One value as print writes it: ints %d, doubles %f, strings raw, predefined handles
** by name, arrays [1, 2] / [MPI_INT, MPI_CHAR], other communicators by their world ranks. */
static void print_value(sk_str *out, const sk_value *v)
{
  static const char *const handles[] = { "MPI_COMM_WORLD", "MPI_COMM_SELF", "MPI_COMM_NULL", "MPI_INFO_NULL", NULL };
  sk_value c;
  int i;
  switch (v->type) {
  case SK_T_INT: sk_str_printf(out, "%ld", v->u.i); return;
  case SK_T_DOUBLE: sk_str_printf(out, "%f", v->u.d); return;
  case SK_T_COMM: case SK_T_INFO:
    for (i = 0; handles[i]; i++)
      if (sk_constant_find(handles[i], &c) && c.type == v->type &&
          (v->type == SK_T_COMM ? c.u.comm == v->u.comm : c.u.info == v->u.info)) {
        sk_str_puts(out, handles[i]);
        return;
      }
    if (v->type == SK_T_INFO || v->u.comm == NULL) { sk_str_puts(out, v->type == SK_T_INFO ? "<info>" : "MPI_COMM_NULL"); return; }
    sk_str_putc(out, '[');
    for (i = 0; i < sk_engine_comm_size(v->u.comm); i++)
      sk_str_printf(out, i ? ", %d" : "%d", sk_engine_comm_members(v->u.comm)[i]);
    sk_str_putc(out, ']');
    return;
  default: sk_value_format(out, v); return;
  }
}

/* print: world rank 0 writes "#P[0] values\n". print_all: every process makes its line
** and the engine collects them on world rank 0, which writes them in rank order (so every
** process must reach the print_all, as for a collective operation). */
static void exec_print(sk_interp *in, const sk_stmt *s)
{
  sk_str line;
  int i, rank = sk_engine_process();
  if (s->kind == S_PRINT && !sk_engine_reports()) {
    for (i = 0; i < s->nlist; i++) sk_interp_eval(in, s->list[i]);   /* same errors everywhere */
    return;
  }
  sk_str_init(&line);
  sk_str_printf(&line, "#P[%d] ", rank);
  for (i = 0; i < s->nlist; i++) {
    sk_value v = sk_interp_eval(in, s->list[i]);
    sk_str text;
    const char *p;
    sk_str_init(&text);
    print_value(&text, &v);
    /* a value with line breaks (a string spanning lines) continues on "#P[r] " lines,
    ** so that the output stays a valid result file */
    for (p = text.data; p && *p; p++) {
      sk_str_putc(&line, *p);
      if (*p == '\n') sk_str_printf(&line, "#P[%d] ", rank);
    }
    sk_str_free(&text);
  }
  sk_str_putc(&line, '\n');
  if (s->kind == S_PRINT) sk_out_text(line.data);
  else sk_engine_collect_text(line.data, sk_out_text);
  sk_str_free(&line);
}

/* ---- statements ---- */

static void exec_stmt(sk_interp *in, const sk_stmt *s)
{
  sk_value v;
  switch (s->kind) {
  case S_ASSIGN:
    sk_interp_assign(in, s->name, sk_interp_eval(in, s->expr));
    break;
  case S_CALL:
    sk_interp_eval(in, s->expr);
    break;
  case S_IF:
    v = sk_interp_eval(in, s->expr);
    interp_need_number(&v, s->expr, "a condition");
    exec_block(in, sk_value_as_double(&v) != 0.0 ? &s->body : &s->else_body);
    break;
  case S_FOR_RANGE: exec_for_range(in, s); break;
  case S_FOR_LIST: exec_for_list(in, s); break;
  case S_FOR_ITER: exec_for_iter(in, s); break;
  case S_MEASUREMENT: exec_measurement_block(in, s); break;
  case S_MEASURE: exec_measure(in, s); break;
  case S_PRINT: case S_PRINT_ALL: exec_print(in, s); break;
  case S_FLUSH: fflush(stdout); break;   /* the output module flushes every line it writes */
  }
}

static void exec_block(sk_interp *in, const sk_block *b)
{
  size_t i;
  for (i = 0; i < b->n && !in->buffer_exhausted && !in->suite_stopped; i++) exec_stmt(in, b->items[i]);
}

static int interp_count_blocks(const sk_block *b)
{
  size_t i;
  int n = 0;
  for (i = 0; i < b->n; i++) {
    if (b->items[i]->kind == S_MEASUREMENT) n++;
    n += interp_count_blocks(&b->items[i]->body) + interp_count_blocks(&b->items[i]->else_body);
  }
  return n;
}

/* The known points of every suite in program order into list[*n] (-1: not known before). */
static void interp_list_points(const sk_block *b, long *list, int *n)
{
  size_t i;
  for (i = 0; i < b->n; i++) {
    if (b->items[i]->kind == S_MEASUREMENT) list[(*n)++] = interp_count_points(&b->items[i]->body);
    interp_list_points(&b->items[i]->body, list, n);
    interp_list_points(&b->items[i]->else_body, list, n);
  }
}

SK_API void sk_interp_run(sk_interp *in, const sk_program *prog)
{
  int n = 0;
  in->blocks_total = interp_count_blocks(&prog->top);
  in->later_points = (long *)sk_malloc(sizeof(long) * (size_t)(in->blocks_total > 0 ? in->blocks_total : 1));
  interp_list_points(&prog->top, in->later_points, &n);
  if (in->progress && sk_engine_reports() && !SK_SIMULATED) sk_runner_progress(progress_repetition, in);
  if (in->resume_skip > 0 && sk_engine_reports()) sk_out_mute(1);
  exec_block(in, &prog->top);
  sk_runner_progress(NULL, NULL);
  free(in->later_points);
  in->later_points = NULL;
}
