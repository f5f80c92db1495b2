/*
** catalogue.c -- collects the tables of all measurement modules (catalogue.h). Every
** table is listed in every build: the rows whose functions the build lacks stay known
** by name and signature and say what they need (sk_catalogue_unavailable). A new
** measurement module adds its table function here.
*/
#include "catalogue.h"
#include "meas_mpi.h"

SK_API const sk_measurement *sk_meas_table_synthetic(void);
SK_API const sk_measurement *sk_meas_table_mw(void);
SK_API const sk_measurement *sk_meas_table_bcast_algos(void);

typedef const sk_measurement *(*catalogue_table_fn)(void);

static const catalogue_table_fn catalogue_tables[] = {
  sk_meas_table_synthetic,
  sk_meas_table_mw,
  sk_meas_table_bcast_algos,
  sk_meas_table_mpi_p2p,
  sk_meas_table_mpi_coll,
  sk_meas_table_mpi_win_sync,
  sk_meas_table_mpi_win_transfer,
  sk_meas_table_mpi,
  NULL
};

SK_API const sk_measurement *sk_catalogue_entry(int i)
{
  int t, k;
  for (t = 0; catalogue_tables[t]; t++) {
    const sk_measurement *tab = catalogue_tables[t]();
    for (k = 0; tab[k].name; k++) if (i-- == 0) return &tab[k];
  }
  return NULL;
}

SK_API const sk_measurement *sk_catalogue_find(const char *name)
{
  int i;
  const sk_measurement *m;
  for (i = 0; (m = sk_catalogue_entry(i)) != NULL; i++) if (sk_streq(m->name, name)) return m;
  return NULL;
}

SK_API const char *sk_catalogue_unavailable(const sk_measurement *m, char *buf, size_t size)
{
  sk_str msg;
  if (m->measure != NULL) return NULL;
  sk_str_init(&msg);
  sk_str_printf(&msg, "'%s' needs %s, which the %s build lacks", m->name,
                m->needs ? m->needs : "another backend", SK_BACKEND_NAME);
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL < 2
  sk_str_puts(&msg, " (MPI-1 level)");
#endif
  sk_copy_string(buf, size, msg.data);
  sk_str_free(&msg);
  return buf;
}
