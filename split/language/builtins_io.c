/*
** builtins_io.c -- the MPI-IO helpers (SKaMPI 6 io.c): the settings of the file
** measurements (sk_bctx.settings->io: working directory, data representation,
** atomicity, preallocation, unique open, file sync, hints), print_file_info,
** print_data_access_settings and the iterator data_access_routines. The files themselves
** are opened by transport/mpi_objects.c and transport/io_files.c.
*/
#include "builtins.h"
#include "builtins_common.h"
#include "output.h"
#include "engine.h"
#include "io_files.h"
#include "io_daccess.h"
#include "mpi_objects.h"
#if SK_MO_HAVE_FILES
#include <sys/types.h>
#include <sys/stat.h>
#endif

/* ---- MPI-IO settings (SKaMPI 6 io.c; sk_settings.io, used by meas_mpi_io.c) ---- */

/* set_io_working_dir(dir): the directory of the test files; it must exist. */
static sk_value bi_set_io_working_dir(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
#if SK_MO_HAVE_FILES
  struct stat st;
  if (stat(a[0].u.s, &st) != 0 || !S_ISDIR(st.st_mode))
    sk_user_error(loc, "set_io_working_dir: '%s' is no directory", a[0].u.s);
#else
  (void)loc;
#endif
  bc->settings->io.dir = a[0].u.s;
  return sk_bi_none();
}

/* get_io_working_dir(): the directory, the default one made now; a default directory
** that cannot be made (TMPDIR missing or read-only) is the user's error. */
static sk_value bi_get_io_working_dir(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
#if SK_MO_HAVE_FILES
  char why[400];
  const char *dir = sk_io_dir(bc->settings->io.dir, why, sizeof why);
  (void)a;
  if (dir == NULL) sk_user_error(loc, "get_io_working_dir: %s", why);
  return sk_bi_string(dir);
#else
  (void)a; (void)loc;
  return sk_bi_string(bc->settings->io.dir ? bc->settings->io.dir : "");
#endif
}

static sk_value bi_set_io_datarep(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  if (!sk_streq(a[0].u.s, "native") && !sk_streq(a[0].u.s, "internal") && !sk_streq(a[0].u.s, "external32"))
    sk_user_error(loc, "set_io_datarep: '%s' is none of native, internal, external32", a[0].u.s);
  bc->settings->io.datarep = a[0].u.s;
  return sk_bi_none();
}

static sk_value bi_get_io_datarep(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  return sk_bi_string(bc->settings->io.datarep);
}

/* The flags: set_io_X(flag) stores flag != 0, get_io_X() returns it; the variant is the
** flag's offset in sk_settings (BI_IO_FLAG). */
#define BI_IO_FLAG(X) ((int)offsetof(sk_settings, io.X))
static sk_value bi_set_io_flag(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)loc;
  *(int *)((char *)bc->settings + bc->variant) = a[0].u.i != 0;
  return sk_bi_none();
}

static sk_value bi_get_io_flag(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  return sk_int_value(*(const int *)((const char *)bc->settings + bc->variant));
}

/* set_file_info(key, value): one more hint for every open of the MPI-IO measurements
** (a key given again gets the new value); reset_file_info() forgets them. */
static sk_value bi_set_file_info(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  sk_io_config *io = &bc->settings->io;
  int i;
  for (i = 0; i < io->n_hints; i++) if (sk_streq(io->hint_key[i], a[0].u.s)) break;
  if (i == SK_IO_MAX_HINTS) sk_user_error(loc, "set_file_info: more than %d hints", SK_IO_MAX_HINTS);
  io->hint_key[i] = a[0].u.s;
  io->hint_value[i] = a[1].u.s;
  if (i == io->n_hints) io->n_hints++;
  return sk_bi_none();
}

static sk_value bi_reset_file_info(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)a; (void)loc;
  bc->settings->io.n_hints = 0;
  return sk_bi_none();
}

static void bi_write_text(const char *text) { sk_out_text(text); }

/* print_file_info(): every process opens a scratch file of the working directory on
** MPI_COMM_WORLD (delete on close) with the hints and prints the hints the library
** reports as "#P[rank] key = value" lines, in rank order. */
static sk_value bi_print_file_info(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  const sk_io_config *io = &bc->settings->io;
  sk_str mine;
  (void)a; (void)loc;
  sk_str_init(&mine);
  sk_mo_file_hints(io->dir, io->n_hints, io->hint_key, io->hint_value, &mine);
  sk_engine_collect_text(mine.data ? mine.data : "", bi_write_text);
  sk_str_free(&mine);
  return sk_bi_none();
}

/* print_data_access_settings(daccess, flag): the output rank decodes daccess and names
** the read routine (flag bit 1) and the write routine (flag bit 2). */
static sk_value bi_print_data_access_settings(sk_bctx *bc, const sk_value *a, const sk_loc *loc)
{
  (void)bc; (void)loc;
  if (sk_tp_world_rank() == 0) {
    sk_str s;
    sk_str_init(&s);
    sk_io_describe_class(&s, a[0].u.i, a[1].u.i);
    sk_out_text(s.data);
    sk_str_free(&s);
  }
  return sk_bi_none();
}

/* data_access_routines(pattern): the data access classes c with (pattern & c) == c, in
** the order of io_daccess.h; from the second value on, the output rank writes the
** duration of the previous pass ("# duration <s> sec", as SKaMPI 6). */
typedef struct it_daccess { int next; double started; } it_daccess;

SK_API sk_value sk_iterator_data_access_routines(void **self, const sk_value *a)
{
  it_daccess *st = (it_daccess *)*self;
  if (st == NULL) {
    st = (it_daccess *)sk_malloc(sizeof *st);
    st->next = 0;
    *self = st;
  } else if (sk_tp_world_rank() == 0) {   /* the others read no clock (simulated time under SimGrid) */
    sk_bi_print_rank0("# duration %.2f sec\n", sk_tp_wtime() - st->started);
  }
  while (st->next < SK_IO_CLASSES && (a[0].u.i & sk_io_class(st->next)) != sk_io_class(st->next)) st->next++;
  if (st->next >= SK_IO_CLASSES) { free(st); *self = NULL; return sk_int_value(0); }
  st->started = sk_tp_wtime();
  return sk_int_value(sk_io_class(st->next++));
}

/* its helpers, under the groups that skampi -l lists them by */
static const sk_builtin io_helpers[] = {
  SK_BUILTIN_GROUP("MPI-IO"),
  { "set_io_working_dir", "s", SK_T_NONE, bi_set_io_working_dir, 0 },
  { "get_io_working_dir", "", SK_T_STRING, bi_get_io_working_dir, 0 },
  { "set_io_datarep", "s", SK_T_NONE, bi_set_io_datarep, 0 },
  { "get_io_datarep", "", SK_T_STRING, bi_get_io_datarep, 0 },
  { "set_io_atomicity", "i", SK_T_NONE, bi_set_io_flag, BI_IO_FLAG(atomicity) },
  { "get_io_atomicity", "", SK_T_INT, bi_get_io_flag, BI_IO_FLAG(atomicity) },
  { "set_io_preallocation", "i", SK_T_NONE, bi_set_io_flag, BI_IO_FLAG(preallocation) },
  { "get_io_preallocation", "", SK_T_INT, bi_get_io_flag, BI_IO_FLAG(preallocation) },
  { "set_io_unique_open", "i", SK_T_NONE, bi_set_io_flag, BI_IO_FLAG(unique_open) },
  { "get_io_unique_open", "", SK_T_INT, bi_get_io_flag, BI_IO_FLAG(unique_open) },
  { "set_io_file_sync", "i", SK_T_NONE, bi_set_io_flag, BI_IO_FLAG(file_sync) },
  { "get_io_file_sync", "", SK_T_INT, bi_get_io_flag, BI_IO_FLAG(file_sync) },
  { "set_file_info", "ss", SK_T_NONE, bi_set_file_info, 0 },
  { "reset_file_info", "", SK_T_NONE, bi_reset_file_info, 0 },
  { "print_file_info", "", SK_T_NONE, bi_print_file_info, 0 },
  { "print_data_access_settings", "ii", SK_T_NONE, bi_print_data_access_settings, 0 },
  SK_BUILTINS_END
};

SK_API const sk_builtin *sk_builtins_io(void) { return io_helpers; }
