/*
** margs.c -- the fields of sk_margs by parameter name and letter, and the filling of them
** from a call's values (margs.h).
*/
#include "margs.h"
#include <stddef.h>

typedef struct margs_field {
  const char *name;
  char letter;
  size_t offset;
} margs_field;

#define MF(NAME, LETTER, FIELD) { NAME, LETTER, offsetof(sk_margs, FIELD) }

static const margs_field margs_fields[] = {
  MF("count", 'i', count), MF("send_count", 'i', send_count), MF("recv_count", 'i', recv_count),
  MF("root", 'i', root), MF("tag", 'i', tag), MF("send_tag", 'i', send_tag), MF("recv_tag", 'i', recv_tag),
  MF("iterations", 'i', iterations),
  MF("datatype", 't', datatype), MF("send_dt", 't', send_dt), MF("recv_dt", 't', recv_dt),
  MF("memtype", 't', memtype), MF("etype", 't', etype), MF("filetype", 't', filetype),
  MF("op", 'o', op), MF("operation", 'o', operation), MF("operator", 'o', operator_),
  MF("info", 'n', info), MF("memsize", 'a', memsize_a), MF("blocklen", 'a', blocklen_a), MF("map", 'a', map),
  MF("assertion", 'i', assertion), MF("do_a_put", 'i', do_a_put), MF("delay_us", 'i', delay_us),
  MF("delay_rank", 'i', delay_rank), MF("dest_rank", 'i', dest_rank), MF("lock_type", 'i', lock_type),
  MF("msg_count", 'i', msg_count), MF("disjoint", 'i', disjoint), MF("distance", 'i', distance),
  MF("bcast_count", 'i', bcast_count), MF("alltoall_count", 'i', alltoall_count),
  MF("iteration_count", 'i', iteration_count), MF("compute", 'i', compute),
  MF("memsize", 'i', memsize), MF("blocklen", 'i', blocklen), MF("daccess", 'i', daccess),
  MF("stride", 'i', stride), MF("create_flag", 'i', create_flag), MF("create_file", 'i', create_file),
  MF("directio_flag", 'i', directio_flag), MF("chunks", 'i', chunks), MF("chunk_bytes", 'i', chunk_bytes),
  MF("window", 'i', window), MF("tests", 'i', tests), MF("topology", 'i', topology),
  MF("threads", 'i', threads), MF("part_size", 'i', part_size), MF("partitions", 'i', partitions),
  MF("charged_rank", 'i', charged_rank), MF("node", 'i', node), MF("nodesize", 'i', nodesize),
  MF("np", 'i', np), MF("procs", 'i', procs), MF("power", 'i', power), MF("private", 'i', private_),
  MF("size", 'i', size), MF("with_sync", 'i', with_sync), MF("rows", 'i', rows), MF("cols", 'i', cols),
  MF("pipe_size", 'i', pipe_size), MF("aggregate", 'i', aggregate), MF("win_kind", 'i', win_kind),
  MF("sync_kind", 'i', sync_kind), MF("sender_children", 'i', sender_children),
  MF("receiver_children", 'i', receiver_children),
  MF("x", 'd', x), MF("base_us", 'd', base_us), MF("slope_us", 'd', slope_us), MF("step_at", 'd', step_at),
  MF("step_us", 'd', step_us), MF("noise", 'd', noise), MF("work_us", 'd', work_us), MF("delay", 'd', delay),
  MF("delay_us", 'd', delay_us_d), MF("ratio", 'd', ratio), MF("scale", 'd', scale),
  MF("api", 's', api)
};

/* The field of the parameter of `len` characters at `name`. */
static const margs_field *margs_find(const char *name, size_t len, int letter)
{
  size_t i;
  for (i = 0; i < sizeof margs_fields / sizeof margs_fields[0]; i++)
    if (margs_fields[i].letter == letter && strlen(margs_fields[i].name) == len
        && memcmp(margs_fields[i].name, name, len) == 0)
      return &margs_fields[i];
  return NULL;
}

SK_API int sk_margs_fill(sk_margs *a, const char *signature, const sk_value *args, const char **missing)
{
  const char *p = signature ? signature : "";
  int k = 0;
  memset(a, 0, sizeof *a);
  for (;; k++) {
    size_t len, colon;
    const margs_field *f;
    char *at;
    const sk_value *v;
    while (*p == ' ') p++;
    if (*p == '\0') return missing == NULL || *missing == NULL;
    len = strcspn(p, " ");
    colon = strcspn(p, ":");
    f = colon < len ? margs_find(p, colon, p[colon + 1]) : NULL;
    if (f == NULL) {              /* a name without a field: its function reads it by itself */
      if (missing && *missing == NULL) *missing = p;
      p += len;
      continue;
    }
    p += len;
    if (args == NULL) continue;
    at = (char *)a + f->offset;
    v = args + k;
    switch (f->letter) {
    case 'i': *(long *)(void *)at = v->u.i; break;
    case 'd': *(double *)(void *)at = v->type == SK_T_INT ? (double)v->u.i : v->u.d; break;
    case 's': *(const char **)(void *)at = v->u.s; break;
    case 't': *(const sk_datatype **)(void *)at = v->u.dt; break;
    case 'o': *(const sk_opdef **)(void *)at = v->u.op; break;
    default: *(const sk_value **)(void *)at = v; break;
    }
  }
}
