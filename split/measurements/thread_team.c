/*
** thread_team.c -- see thread_team.h: the team of POSIX threads (a gate and a barrier
** over one mutex and one condition variable) and the thread-level refusal of the rows
** that use it.
*/
#include "thread_team.h"

#if SK_HAVE_THREADS

static void *team_member_main(void *p)
{
  sk_team_member *me = (sk_team_member *)p;
  sk_team *t = me->team;
  pthread_mutex_lock(&t->lock);
  while (!t->open) pthread_cond_wait(&t->changed, &t->lock);
  pthread_mutex_unlock(&t->lock);
  t->fn(t->arg, me->index);
  return NULL;
}

SK_API int sk_team_start(sk_team *t, int n, sk_team_fn fn, void *arg)
{
  int i;
  t->n = n;
  t->fn = fn;
  t->arg = arg;
  t->open = 0;
  t->arrived = 0;
  t->round = 0;
  pthread_mutex_init(&t->lock, NULL);
  pthread_cond_init(&t->changed, NULL);
  for (i = 1; i < n; i++) {
    t->members[i].team = t;
    t->members[i].index = i;
    if (pthread_create(&t->threads[i], NULL, team_member_main, &t->members[i]) != 0) {
      t->n = i;              /* those made so far run an empty team: fn is never called */
      t->fn = NULL;
      break;
    }
  }
  if (t->fn != NULL) return 1;
  pthread_mutex_lock(&t->lock);
  t->open = 1;
  pthread_cond_broadcast(&t->changed);
  pthread_mutex_unlock(&t->lock);
  for (i = 1; i < t->n; i++) pthread_join(t->threads[i], NULL);
  pthread_cond_destroy(&t->changed);
  pthread_mutex_destroy(&t->lock);
  return 0;
}

SK_API void sk_team_run(sk_team *t)
{
  int i;
  pthread_mutex_lock(&t->lock);
  t->open = 1;
  pthread_cond_broadcast(&t->changed);
  pthread_mutex_unlock(&t->lock);
  t->fn(t->arg, 0);
  for (i = 1; i < t->n; i++) pthread_join(t->threads[i], NULL);
  pthread_cond_destroy(&t->changed);
  pthread_mutex_destroy(&t->lock);
}

#if SK_MPI_LEVEL >= 4
SK_API void sk_team_barrier(sk_team *t)
{
  unsigned long round;
  pthread_mutex_lock(&t->lock);
  round = t->round;
  if (++t->arrived == t->n) {
    t->arrived = 0;
    t->round++;
    pthread_cond_broadcast(&t->changed);
  } else {
    while (t->round == round) pthread_cond_wait(&t->changed, &t->lock);
  }
  pthread_mutex_unlock(&t->lock);
}
#endif

#endif /* SK_HAVE_THREADS */

#if SK_TEAM_REFUSE
SK_API int sk_team_refuse(sk_mctx *m, const char *fn, long threads)
{
  char msg[400];
  if (m->failed) return 1;
  if (threads < 1 || threads > SK_TEAM_MAX) {
    sprintf(msg, "%s: threads %ld must be 1 to %d", fn, threads, SK_TEAM_MAX);
  } else if (threads == 1) {
    return 0;
  } else if (!SK_HAVE_THREADS) {
    sprintf(msg, "%s: %ld threads need POSIX threads, which this build lacks (-DSKAMPI_NO_THREADS or no "
                 "_POSIX_THREADS)", fn, threads);
  } else if (sk_tp_thread_granted() != SK_THREAD_MULTIPLE) {
    sprintf(msg, "%s: %ld threads need MPI_THREAD_MULTIPLE, but the library granted %s (%s); run with "
                 "SKAMPI_THREAD_LEVEL=multiple in the environment to ask for it", fn, threads,
            sk_tp_thread_level_name(sk_tp_thread_granted()),
            sk_tp_thread_asked() == SK_THREAD_UNASKED ? "none was asked: MPI_Init" : "asked with MPI_Init_thread");
  } else {
    return 0;
  }
  sk_meas_fail(m, msg);
  return 1;
}
#endif
