/*
** io_daccess.c -- see io_daccess.h.
*/
#include "io_daccess.h"

static const struct { int bits; const char *routine; } io_classes[SK_IO_CLASSES] = {
  { 0x111, "%s_at" }, { 0x112, "%s" }, { 0x114, "%s_shared" },
  { 0x121, "i%s_at" }, { 0x122, "i%s" }, { 0x124, "i%s_shared" },
  { 0x211, "%s_at_all" }, { 0x212, "%s_all" }, { 0x214, "%s_ordered" },
  { 0x221, "%s_at_all_begin/end" }, { 0x222, "%s_all_begin/end" }, { 0x224, "%s_ordered_begin/end" }
};

SK_API int sk_io_class(int i) { return i >= 0 && i < SK_IO_CLASSES ? io_classes[i].bits : 0; }

static int io_class_index(long daccess)
{
  int i;
  for (i = 0; i < SK_IO_CLASSES; i++) if (io_classes[i].bits == daccess) return i;
  return -1;
}

SK_API int sk_io_class_valid(long daccess) { return io_class_index(daccess) >= 0; }

SK_API const char *sk_io_routine(long daccess, int write)
{
  static char (*names)[SK_IO_CLASSES][48];   /* made on first use: not in every simulated rank's data */
  int i = io_class_index(daccess), w = write != 0;
  if (i < 0) return NULL;
  if (names == NULL) names = (char (*)[SK_IO_CLASSES][48])sk_calloc(2, sizeof *names);
  if (names[w][i][0] == '\0') {
    char base[24];
    sprintf(base, io_classes[i].routine, w ? "write" : "read");
    sprintf(names[w][i], "MPI_File_%s", base);
  }
  return names[w][i];
}

SK_API void sk_io_describe_class(sk_str *out, long daccess, long flag)
{
  sk_str_printf(out, "# data access 0x%03lx: positioning %s, synchronism %s, coordination %s\n", daccess,
                daccess & SK_IO_EXPLICIT_OFFSETS ? "explicit offsets"
                : daccess & SK_IO_INDIVIDUAL_FILE_POINTERS ? "individual file pointers"
                : daccess & SK_IO_SHARED_FILE_POINTER ? "shared file pointer" : "?",
                daccess & SK_IO_BLOCKING ? "blocking" : daccess & SK_IO_NONBLOCKING_SPLIT ?
                (daccess & SK_IO_COLLECTIVE ? "split collective" : "non-blocking") : "?",
                daccess & SK_IO_NONCOLLECTIVE ? "non-collective" : daccess & SK_IO_COLLECTIVE ? "collective" : "?");
  if (!sk_io_class_valid(daccess)) { sk_str_puts(out, "# (not one of the twelve data access classes)\n"); return; }
  if (flag & 1) sk_str_printf(out, "# read routine: %s\n", sk_io_routine(daccess, 0));
  if (flag & 2) sk_str_printf(out, "# write routine: %s\n", sk_io_routine(daccess, 1));
}
