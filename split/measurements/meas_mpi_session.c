/*
** meas_mpi_session.c -- the MPI-4 sessions model (MPI-4.0 §11.3): what it costs to open
** and close a session, and to make a communicator from a process set without
** MPI_COMM_WORLD.
**   Session_init_finalize()   rank 0 alone: MPI_Session_init (MPI_INFO_NULL,
**                             MPI_ERRORS_RETURN) + MPI_Session_finalize.
**   Comm_create_from_group()  every process: MPI_Group_from_session_pset("mpi://WORLD")
**                             + MPI_Comm_create_from_group + MPI_Comm_free, on a session
**                             the init opened (closed by the finalize). The pset is all
**                             processes, so the measurement communicator must be all of
**                             them too (a smaller one could not complete the creation,
**                             which is collective over the group): the init refuses it.
** An MPI error (a library without the pset) fails the measurement with the library's
** message. Compiled where mpi.h declares MPI-4 (SK_IF_MPI4); the rows exist in every build.
*/
#include "meas_mpi.h"

#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 4

#define SESSION_PSET "mpi://WORLD"
#define SESSION_TAG "org.skampi.session"

/* Fails the measurement with MPI's message when `code` is an error. */
static int session_ok(sk_mctx *m, const char *fn, int code)
{
  char text[MPI_MAX_ERROR_STRING], msg[200];
  int len = 0;
  if (code == MPI_SUCCESS) return 1;
  MPI_Error_string(code, text, &len);
  sprintf(msg, "%.40s: %.140s", fn, text);
  sk_meas_fail(m, msg);
  return 0;
}

static double measure_Session_init_finalize(sk_mctx *m, const sk_value *args)
{
  MPI_Session session = MPI_SESSION_NULL;
  double start = MPI_Wtime(), t;
  int code = MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session);
  (void)args;
  if (code == MPI_SUCCESS) code = MPI_Session_finalize(&session);
  t = MPI_Wtime() - start;
  return session_ok(m, "Session_init_finalize", code) ? t : -1.0;
}

static void init_Comm_create_from_group(sk_mctx *m, const sk_value *args)
{
  static const char fn[] = "Comm_create_from_group";
  MPI_Session *session;
  int world = 0;
  (void)args;
  MPI_Comm_size(MPI_COMM_WORLD, &world);
  if (m->size != world) {
    char msg[160];
    sprintf(msg, "%s: the pset %s has all %d processes, the communicator %d", fn, SESSION_PSET, world, m->size);
    sk_meas_fail(m, msg);
    return;
  }
  session = (MPI_Session *)sk_malloc(sizeof *session);
  *session = MPI_SESSION_NULL;
  if (!session_ok(m, fn, MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, session))) {
    free(session);
    return;
  }
  m->state = session;
}

static double measure_Comm_create_from_group(sk_mctx *m, const sk_value *args)
{
  MPI_Session *session = (MPI_Session *)m->state;
  MPI_Group group = MPI_GROUP_NULL;
  MPI_Comm comm = MPI_COMM_NULL;
  double start;
  int code;
  (void)args;
  start = sk_sync_start(m);
  code = MPI_Group_from_session_pset(*session, SESSION_PSET, &group);
  if (code == MPI_SUCCESS) code = MPI_Comm_create_from_group(group, SESSION_TAG, MPI_INFO_NULL, MPI_ERRORS_RETURN, &comm);
  if (comm != MPI_COMM_NULL) MPI_Comm_free(&comm);
  if (group != MPI_GROUP_NULL) MPI_Group_free(&group);
  start = sk_sync_stop(m) - start;
  return session_ok(m, "Comm_create_from_group", code) ? start : -1.0;
}

static void finalize_Comm_create_from_group(sk_mctx *m, const sk_value *args)
{
  MPI_Session *session = (MPI_Session *)m->state;
  (void)args;
  if (session == NULL) return;
  MPI_Session_finalize(session);
  free(session);
  m->state = NULL;
}
#endif /* MPI-4 */

static const sk_measurement mpi_session_table[] = {
  SK_ROW_MPI4("Session_init_finalize", "", SK_PATTERN_SIMPLE, 1, 0, measure_Session_init_finalize, NULL, NULL, NULL, NULL,
              "a session moves no data"),
  SK_ROW_MPI4("Comm_create_from_group", "", SK_PATTERN_COLLECTIVE, 1, 0, measure_Comm_create_from_group,
              init_Comm_create_from_group, finalize_Comm_create_from_group, NULL, NULL, "a communicator moves no data"),
  SK_ROW_END
};

SK_API const sk_measurement *sk_meas_table_mpi_session(void) { return mpi_session_table; }
