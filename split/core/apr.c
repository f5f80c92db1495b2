/*
** apr.c -- automatic parameter refinement (SKaLib report (TR 99/07) §3.3.1-§3.3.3, key of
** eq. 3.5; SKaMPI 5 `autorefine` loops, SKaMPI 5 manual §5.3.1): the choice of loop
** values, following SKaLib §3.3.1 rather than SKaMPI 5's variant; it measures nothing.
** Phase one: the plain loop's points (loops.h) with the bound included; phase two: the
** segment of the largest key is split, from a max-heap, until a stop rule holds.
** Equal inputs give equal sequences on every process. The phases, the key, the stop
** rules: doc/internals.md, "core".
*/
#include "apr.h"
#include "loops.h"

#define APR_KEY_CAP 1e30                 /* largest key; see the zero rule above */
#define APR_AUTO_DISTANCE_FRACTION 1e-6  /* automatic min_distance of non-integer loops */
#define APR_MAX_LOOP_VALUES 2147483000.0 /* more initial values than this: config error */
#define APR_MAX_EXACT_INTEGER 9007199254740992.0 /* 2^53 */
#define APR_MAX_POINTS (INT_MAX / 2 - 1) /* keeps heap index arithmetic in int */

typedef struct apr_point {
  double x, t;
  int prev, next;   /* neighbours in increasing x, -1 at the ends */
  int heap_pos;     /* heap position of the segment (this point, next); -1: not queued */
  double key;       /* eq. 3.5 key of that segment, valid while queued */
  double split;     /* where that segment would be split, valid while queued */
} apr_point;

/* Point ids in increasing x, rebuilt on demand. Kept behind a pointer so that the const
** accessor sk_apr_point can refresh it (the cache is not part of the logical state). */
typedef struct apr_sorted_view {
  int *ids;
  size_t cap;
  int valid;
} apr_sorted_view;

enum { APR_INITIAL, APR_REFINING, APR_FINISHED };

struct sk_apr {
  sk_apr_config cfg;
  double min_distance;  /* effective value (automatic and integer rules applied) */
  sk_loop_gen initial;  /* the values of phase one */
  apr_point *points;    /* in the order measured; point 0 is always the smallest */
  size_t points_cap;
  int count;
  int *heap;            /* ids of the splittable segments (a segment = its left point) */
  size_t heap_cap;
  int heap_len;
  int phase;
  int refining_started;
  int initial_count;     /* points measured before refining started (budget_factor) */
  int pending;          /* a point was handed out and awaits its result */
  double pending_x;
  int pending_left;     /* the segment being split, -1 for a phase-one point */
  int stopped;
  const char *reason;
  apr_sorted_view *sorted;
};

/* ---- small numeric helpers ---- */

static int apr_is_finite(double v)
{
  return v == v && v - v == 0.0;
}

/* Forces a value to double precision (x87 keeps more in registers), so comparisons of
** split points with the segment ends mean the same on every target. */
static double apr_store(double v)
{
  volatile double stored = v;
  return stored;
}

static double apr_relative(double error, double reference)
{
  double e = fabs(error), r = fabs(reference);
  if (e != e) return 0.0;
  if (e == 0.0) return 0.0;
  if (r == 0.0 || e >= APR_KEY_CAP * r) return APR_KEY_CAP;
  return e / r;
}

/* Value at x of the line through (x0, t0) and (x1, t1), x0 != x1. */
static double apr_extrapolate(double x0, double t0, double x1, double t1, double x)
{
  return t0 + (t1 - t0) * ((x - x0) / (x1 - x0));
}

/* ---- configuration ---- */

/* Defaults:
**   step *2, geometric, integer: the usual message-size loop (§3.3.1 names sigma = 2 and
**     sqrt(2) as typical).
**   max_error 0.1: equal to ASEC's default relative standard error (SKaMPI 5 manual
**     §5.3.3); a prediction error below what each measurement may carry as noise is not
**     evidence of a jump, and §3.3 says not to spend time measuring noise. Through eq.
**     3.5's third term it also places a jump to within 10% of its position: each split
**     halves ln(m_c/m_b), so a jump costs 3 extra points with sigma = 2 and 2 with
**     sigma = sqrt(2) (one more in an end segment).
**   min_distance 0 = automatic: multiple_of for integer loops, a millionth of the range
**     otherwise (SKaMPI 4's Min_Distance was absolute).
**   max_steps 0: no limit; max_error and min_distance already bound the work, the suite
**     time limit (sk_apr_stop) bounds the time. */
static const sk_apr_config apr_default_config = {
  1.0, 1.0, 2.0, 1, 1, 1,      /* first, last, step, geometric, integer, multiple_of */
  { 0.1, 0.0, 0, 0.0 },        /* limits: max_error, min_distance, max_steps, budget_factor */
  1, SK_APR_KEY_EQ35           /* refine, key */
};

SK_API void sk_apr_default_config(sk_apr_config *c) { *c = apr_default_config; }

SK_API const char *sk_apr_config_error(const sk_apr_config *c)
{
  double values;
  if (c == NULL) return "no loop configuration";
  if (!apr_is_finite(c->first) || !apr_is_finite(c->last))
    return "the loop bounds must be finite numbers";
  if (c->first > c->last) return "the first loop value must not exceed the last";
  if (!apr_is_finite(c->step)) return "the loop step must be a finite number";
  if (c->geometric) {
    if (!(c->step > 1.0)) return "a multiplicative loop step must be greater than 1";
    if (!(c->first > 0.0)) return "a loop with a multiplicative step must start above 0";
  } else if (!(c->step > 0.0)) {
    return "an additive loop step must be greater than 0";
  }
  if (c->multiple_of < 1) return "multiple_of must be at least 1";
  if (!c->integer && c->multiple_of != 1) return "multiple_of needs an integer loop";
  if (c->integer && (fabs(c->first) > APR_MAX_EXACT_INTEGER
                     || fabs(c->last) > APR_MAX_EXACT_INTEGER
                     || (double)c->multiple_of > APR_MAX_EXACT_INTEGER))
    return "integer loop values must not exceed 2^53";
  if (!(c->limits.max_error >= 0.0)) return "max_error must be at least 0";
  if (!(c->limits.min_distance >= 0.0)) return "min_distance must be at least 0";
  if (c->limits.max_steps < 0) return "max_steps must be at least 0 (0: no limit)";
  if (!(c->limits.budget_factor >= 0.0)) return "the autorefine factor must be at least 0 (0: no limit)";
  if (c->key != SK_APR_KEY_EQ35 && c->key != SK_APR_KEY_LOG_SLOPE && c->key != SK_APR_KEY_CROSSING)
    return "unknown refinement key";
  if (c->geometric) values = log(c->last / c->first) / log(c->step);
  else values = (c->last - c->first) / c->step;
  if (!(values <= APR_MAX_LOOP_VALUES)) return "the loop has too many values";
  return NULL;
}

/* The loop of phase one: a for loop that always ends at the bound (loops.h). */
static void apr_initial_spec(const sk_apr_config *c, sk_loop_spec *s)
{
  memset(s, 0, sizeof *s);
  s->first = c->first;
  s->last = c->last;
  s->has_last = 1;
  s->step = c->step;
  s->multiplies = c->geometric;
  s->integer = c->integer;
  s->multiple_of = c->multiple_of;
  s->include_last = 1;
}

SK_API double sk_apr_round_value(const sk_apr_config *c, double x)
{
  sk_loop_spec s;
  apr_initial_spec(c, &s);
  return sk_loop_round(&s, x);
}

SK_API sk_apr *sk_apr_new(const sk_apr_config *c)
{
  sk_apr *a;
  sk_loop_spec spec;
  double distance;
  if (sk_apr_config_error(c) != NULL) return NULL;
  a = (sk_apr *)sk_calloc(1, sizeof *a);
  a->cfg = *c;
  a->cfg.refine = c->refine != 0;
  distance = c->limits.min_distance;
  if (distance == 0.0)
    distance = c->integer ? (double)c->multiple_of
                          : (c->last - c->first) * APR_AUTO_DISTANCE_FRACTION;
  if (c->integer) {
    if (distance < 1.0) distance = 1.0;
    if (distance < (double)c->multiple_of) distance = (double)c->multiple_of;
  }
  a->min_distance = distance;
  apr_initial_spec(c, &spec);
  sk_loop_begin(&a->initial, &spec);
  a->points = NULL;
  a->heap = NULL;
  a->phase = APR_INITIAL;
  a->pending_left = -1;
  a->reason = "not finished";
  a->sorted = (apr_sorted_view *)sk_calloc(1, sizeof *a->sorted);
  a->sorted->ids = NULL;
  return a;
}

SK_API void sk_apr_free(sk_apr *a)
{
  if (a == NULL) return;
  free(a->points);
  free(a->heap);
  free(a->sorted->ids);
  free(a->sorted);
  free(a);
}

/* ---- the key (eq. 3.5) ----
** Rules SKaLib §3.3 leaves open:
**   - an end segment lacks one neighbour: the one prediction that exists is used (so a
**     step next to an end costs one point more: the end segment beyond the step has no
**     second neighbour to show that it is straight);
**   - a segment without any neighbour (a loop of two points) gets K = 0: nothing shows
**     that it is not straight;
**   - a zero error gives 0; a non-zero error over a zero reference (t = 0, or m_b = 0 in
**     a linear loop) gives the cap 1e30, as does any quotient above it, so keys are
**     finite and never NaN; a non-finite x or t involved gives K = 0 (no judgement).
** If rounding a split point lands on an end, the grid point next to that end is used. */

SK_API double sk_apr_key(const double x[4], const double t[4], int has_left, int has_right)
{
  double key, term;
  int i, from = has_left ? 0 : 1, to = has_right ? 3 : 2;
  if (!has_left && !has_right) return 0.0;
  for (i = from; i <= to; i++)
    if (!apr_is_finite(x[i]) || !apr_is_finite(t[i])) return 0.0;
  key = apr_relative(x[2] - x[1], x[1]);
  if (has_left) {
    term = apr_relative(t[2] - apr_extrapolate(x[0], t[0], x[1], t[1], x[2]), t[1]);
    if (term < key) key = term;
  }
  if (has_right) {
    term = apr_relative(t[1] - apr_extrapolate(x[2], t[2], x[3], t[3], x[1]), t[2]);
    if (term < key) key = term;
  }
  return key;
}

/* SK_APR_KEY_LOG_SLOPE (apr.h): eq. 3.5's predictions drawn in (ln x, ln t). */
static double apr_key_log_slope(const double x[4], const double t[4], int has_left, int has_right)
{
  double lx[4], lt[4], key, term;
  int i, from = has_left ? 0 : 1, to = has_right ? 3 : 2;
  if (!has_left && !has_right) return 0.0;
  for (i = from; i <= to; i++) {
    if (!apr_is_finite(x[i]) || !apr_is_finite(t[i])) return 0.0;
    if (!(x[i] > 0.0 && t[i] > 0.0)) return sk_apr_key(x, t, has_left, has_right);
    lx[i] = log(x[i]);
    lt[i] = log(t[i]);
  }
  key = apr_relative(x[2] - x[1], x[1]);
  if (has_left) {
    term = fabs(lt[2] - apr_extrapolate(lx[0], lt[0], lx[1], lt[1], lx[2]));
    if (term < key) key = term;
  }
  if (has_right) {
    term = fabs(lt[1] - apr_extrapolate(lx[2], lt[2], lx[3], lt[3], lx[1]));
    if (term < key) key = term;
  }
  return key;
}

SK_API double sk_apr_key_by(int rule, const double x[4], const double t[4], int has_left, int has_right)
{
  if (rule == SK_APR_KEY_LOG_SLOPE) return apr_key_log_slope(x, t, has_left, has_right);
  if (rule == SK_APR_KEY_CROSSING) {
    if (!apr_is_finite(x[1]) || !apr_is_finite(x[2]) || !apr_is_finite(t[1]) || !apr_is_finite(t[2])) return 0.0;
    if (!((t[1] < 0.0 && t[2] > 0.0) || (t[1] > 0.0 && t[2] < 0.0))) return 0.0;
    return apr_relative(x[2] - x[1], x[1]);
  }
  return sk_apr_key(x, t, has_left, has_right);
}

/* Key of the segment starting at point id (which has a right neighbour). */
static double apr_segment_key(const sk_apr *a, int id)
{
  const apr_point *b = &a->points[id], *c = &a->points[b->next];
  double x[4], t[4];
  int has_left = b->prev >= 0, has_right = c->next >= 0;
  x[0] = t[0] = x[3] = t[3] = 0.0;
  x[1] = b->x; t[1] = b->t;
  x[2] = c->x; t[2] = c->t;
  if (has_left) { x[0] = a->points[b->prev].x; t[0] = a->points[b->prev].t; }
  if (has_right) { x[3] = a->points[c->next].x; t[3] = a->points[c->next].t; }
  return sk_apr_key_by(a->cfg.key, x, t, has_left, has_right);
}

/* 1 and the split point if the segment (b, c) may be split. */
static int apr_split_point(const sk_apr *a, double b, double c, double *split)
{
  double middle;
  if (c - b < a->min_distance) return 0;
  if (a->cfg.geometric) middle = sqrt(b) * sqrt(c);  /* = sqrt(b*c) without overflow */
  else middle = b + (c - b) / 2.0;
  middle = apr_store(middle);
  if (a->cfg.integer) {
    double grid = (double)a->cfg.multiple_of;
    middle = sk_apr_round_value(&a->cfg, middle);
    if (middle <= b) middle = b + grid;
    if (middle >= c) middle = c - grid;
  }
  if (!(middle > b && middle < c)) return 0;
  *split = middle;
  return 1;
}

/* ---- the priority queue: a binary max-heap of segment ids ---- */

/* 1 if segment u comes before segment v: larger key, on equal keys smaller m_b. */
static int apr_heap_before(const sk_apr *a, int u, int v)
{
  const apr_point *p = &a->points[u], *q = &a->points[v];
  if (p->key != q->key) return p->key > q->key;
  return p->x < q->x;
}

static void apr_heap_place(sk_apr *a, int pos, int id)
{
  a->heap[pos] = id;
  a->points[id].heap_pos = pos;
}

static void apr_heap_sift_up(sk_apr *a, int pos)
{
  int id = a->heap[pos];
  while (pos > 0) {
    int parent = (pos - 1) / 2;
    if (!apr_heap_before(a, id, a->heap[parent])) break;
    apr_heap_place(a, pos, a->heap[parent]);
    pos = parent;
  }
  apr_heap_place(a, pos, id);
}

static void apr_heap_sift_down(sk_apr *a, int pos)
{
  int id = a->heap[pos];
  for (;;) {
    int child = 2 * pos + 1;
    if (child >= a->heap_len) break;
    if (child + 1 < a->heap_len && apr_heap_before(a, a->heap[child + 1], a->heap[child]))
      child++;
    if (!apr_heap_before(a, a->heap[child], id)) break;
    apr_heap_place(a, pos, a->heap[child]);
    pos = child;
  }
  apr_heap_place(a, pos, id);
}

/* Restores the heap order after the key of the segment at pos changed. */
static void apr_heap_fix(sk_apr *a, int pos)
{
  int id = a->heap[pos];
  apr_heap_sift_up(a, pos);
  apr_heap_sift_down(a, a->points[id].heap_pos);
}

static void apr_heap_insert(sk_apr *a, int id)
{
  a->heap = (int *)sk_grow(a->heap, &a->heap_cap, (size_t)a->heap_len + 1, sizeof *a->heap);
  a->heap[a->heap_len] = id;
  a->points[id].heap_pos = a->heap_len;
  a->heap_len++;
  apr_heap_sift_up(a, a->heap_len - 1);
}

static void apr_heap_remove(sk_apr *a, int id)
{
  int pos = a->points[id].heap_pos, moved;
  a->points[id].heap_pos = -1;
  a->heap_len--;
  if (pos == a->heap_len) return;
  moved = a->heap[a->heap_len];
  apr_heap_place(a, pos, moved);
  apr_heap_fix(a, pos);
}

/* Recomputes split point and key of the segment starting at point id (if any) and
** queues, requeues or dequeues it. */
static void apr_update_segment(sk_apr *a, int id)
{
  apr_point *p;
  double split;
  if (id < 0) return;
  p = &a->points[id];
  if (p->next < 0 || !apr_split_point(a, p->x, a->points[p->next].x, &split)) {
    if (p->heap_pos >= 0) apr_heap_remove(a, id);
    return;
  }
  p->split = split;
  p->key = apr_segment_key(a, id);
  if (p->heap_pos < 0) apr_heap_insert(a, id);
  else apr_heap_fix(a, p->heap_pos);
}

/* ---- driving the loop ---- */

/* The next point of phase one, 0 when there is none left. */
static int apr_next_initial(sk_apr *a, double *x)
{
  return sk_loop_next(&a->initial, x);
}

static int apr_finish(sk_apr *a, const char *reason)
{
  a->phase = APR_FINISHED;
  a->reason = reason;
  return 0;
}

static int apr_hand_out(sk_apr *a, double value, int left, double *x)
{
  a->pending = 1;
  a->pending_x = value;
  a->pending_left = left;
  *x = value;
  return 1;
}

static int apr_budget_used(const sk_apr *a)
{
  if (a->count >= APR_MAX_POINTS) return 1;
  if (a->refining_started && a->cfg.limits.budget_factor > 0.0
      && (long)a->count >= (long)(a->cfg.limits.budget_factor * (double)a->initial_count)) return 1;
  return a->cfg.limits.max_steps > 0 && a->count >= a->cfg.limits.max_steps;
}

static void apr_start_refining(sk_apr *a)
{
  int id;
  a->phase = APR_REFINING;
  a->refining_started = 1;
  a->initial_count = a->count;
  for (id = 0; id < a->count; id++) apr_update_segment(a, id);
}

SK_API int sk_apr_next(sk_apr *a, double *x)
{
  double value;
  int top;
  if (a->pending) {
    if (!a->stopped)
      sk_fatal("APR: next point asked for before the result at %g was reported",
               a->pending_x);
    a->pending = 0;  /* abandoned after sk_apr_stop */
  }
  if (a->phase == APR_FINISHED) return 0;
  if (a->stopped) return apr_finish(a, "stopped");
  if (a->phase == APR_INITIAL) {
    if (apr_next_initial(a, &value)) {
      if (apr_budget_used(a)) return apr_finish(a, "step budget");
      return apr_hand_out(a, value, -1, x);
    }
    if (!a->cfg.refine) return apr_finish(a, "fixed loop");
    apr_start_refining(a);
  }
  if (a->heap_len == 0) return apr_finish(a, "minimum distance");
  top = a->heap[0];
  if (a->points[top].key < a->cfg.limits.max_error) return apr_finish(a, "error bound reached");
  if (apr_budget_used(a)) return apr_finish(a, "step budget");
  return apr_hand_out(a, a->points[top].split, top, x);
}

SK_API int sk_apr_point_added(const sk_apr *a)
{
  return a->pending && a->pending_left >= 0;
}

SK_API void sk_apr_report(sk_apr *a, double t)
{
  apr_point *p;
  int id, left, right;
  if (!a->pending) sk_fatal("APR: a result was reported but no point was handed out");
  a->pending = 0;
  a->points = (apr_point *)sk_grow(a->points, &a->points_cap, (size_t)a->count + 1,
                                   sizeof *a->points);
  id = a->count++;
  p = &a->points[id];
  p->x = a->pending_x;
  p->t = t;
  p->heap_pos = -1;
  p->key = 0.0;
  p->split = 0.0;
  a->sorted->valid = 0;
  if (a->pending_left < 0) {  /* phase one: appended in increasing x */
    p->prev = id - 1;
    p->next = -1;
    if (id > 0) a->points[id - 1].next = id;
    return;
  }
  left = a->pending_left;
  right = a->points[left].next;
  p->prev = left;
  p->next = right;
  a->points[left].next = id;
  a->points[right].prev = id;
  /* the keys that depend on the new point: both halves and their outer neighbours */
  apr_update_segment(a, a->points[left].prev);
  apr_update_segment(a, left);
  apr_update_segment(a, id);
  apr_update_segment(a, right);
}

#ifdef SKAMPI_TESTING
/* ---- for tests: stopping, the points, the reason, the largest key, the self check ---- */

SK_API double sk_apr_max_key(const sk_apr *a)
{
  if (a->heap_len == 0) return 0.0;
  return a->points[a->heap[0]].key;
}

SK_API void sk_apr_stop(sk_apr *a)
{
  a->stopped = 1;
}

SK_API int sk_apr_count(const sk_apr *a)
{
  return a->count;
}

static void apr_build_sorted(const sk_apr *a)
{
  apr_sorted_view *view = a->sorted;
  int id, i = 0;
  view->ids = (int *)sk_grow(view->ids, &view->cap, (size_t)a->count, sizeof *view->ids);
  for (id = a->count > 0 ? 0 : -1; id >= 0 && i < a->count; id = a->points[id].next)
    view->ids[i++] = id;
  view->valid = 1;
}

SK_API void sk_apr_point(const sk_apr *a, int i, double *x, double *t)
{
  const apr_point *p;
  if (i < 0 || i >= a->count)
    sk_fatal("APR: point %d asked for, but only %d measured", i, a->count);
  if (!a->sorted->valid) apr_build_sorted(a);
  p = &a->points[a->sorted->ids[i]];
  *x = p->x;
  *t = p->t;
}

SK_API const char *sk_apr_stop_reason(const sk_apr *a)
{
  return a->reason;
}


static int apr_close(double u, double v)
{
  return u == v || fabs(u - v) <= 1e-12 * (fabs(u) > fabs(v) ? fabs(u) : fabs(v));
}

SK_API int sk_apr_self_check(const sk_apr *a)
{
  int id, prev = -1, seen = 0, queued = 0, pos;
  for (id = a->count > 0 ? 0 : -1; id >= 0; id = a->points[id].next) {
    const apr_point *p = &a->points[id];
    if (id >= a->count || p->prev != prev || ++seen > a->count) return 0;
    if (prev >= 0 && !(a->points[prev].x < p->x)) return 0;
    if (a->cfg.integer && fmod(p->x, (double)a->cfg.multiple_of) != 0.0) return 0;
    prev = id;
  }
  if (seen != a->count) return 0;
  for (pos = 0; pos < a->heap_len; pos++) {
    int member = a->heap[pos];
    if (member < 0 || member >= a->count || a->points[member].heap_pos != pos) return 0;
    if (pos > 0 && apr_heap_before(a, member, a->heap[(pos - 1) / 2])) return 0;
  }
  for (id = 0; id < a->count; id++) {
    const apr_point *p = &a->points[id];
    double split;
    int splittable;
    if (p->heap_pos >= 0) queued++;
    if (!a->refining_started) {
      if (p->heap_pos >= 0) return 0;
      continue;
    }
    splittable = p->next >= 0 && apr_split_point(a, p->x, a->points[p->next].x, &split);
    if (splittable != (p->heap_pos >= 0)) return 0;
    if (splittable && (!apr_close(p->key, apr_segment_key(a, id)) || p->split != split))
      return 0;
  }
  if (queued != a->heap_len) return 0;
  if (a->cfg.limits.max_steps > 0 && a->count > a->cfg.limits.max_steps) return 0;
  if (a->phase == APR_FINISHED && a->refining_started) {
    if (strcmp(a->reason, "error bound reached") == 0
        && !(a->heap_len > 0 && sk_apr_max_key(a) < a->cfg.limits.max_error)) return 0;
    if (strcmp(a->reason, "minimum distance") == 0 && a->heap_len != 0) return 0;
  }
  return 1;
}
#endif
