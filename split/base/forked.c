/*
** forked.c -- see forked.h: forking sleeping children beside a measurement and reaping
** them by pid. A child resets the signals skampi catches (io_files.c removes files on
** them, host.c's breaker uses SIGALRM) to their defaults and unblocks them, so that an
** interrupt of the run ends it too; it sleeps in steps of a second, at most
** SK_FORKED_SLEEP_SECONDS, leaves as soon as its parent is gone (getppid changes), and
** ends with _exit (no atexit handler and no stdio buffer of the parent's runs twice).
*/
#include "forked.h"
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <time.h>

#if SK_HAVE_FORK && defined(SKAMPI_MPI)
#include <sys/wait.h>

/* The child's whole life: no call of skampi's or the MPI library's. */
static void forked_child(pid_t parent)
{
  static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGPIPE, SIGUSR1, SIGUSR2, SIGCHLD };
  sigset_t none;
  time_t until = time(NULL) + SK_FORKED_SLEEP_SECONDS;
  size_t k;
  for (k = 0; k < sizeof sigs / sizeof sigs[0]; k++) signal(sigs[k], SIG_DFL);
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  while (time(NULL) < until && getppid() == parent) sleep(1);
  _exit(0);
}

SK_API int sk_forked_start(sk_forked *f, int n, char *why, size_t why_size)
{
  pid_t parent = getpid();
  int k;
  memset(f, 0, sizeof *f);
  if (why_size > 0) why[0] = '\0';
  if (n > SK_FORKED_MAX) n = SK_FORKED_MAX;
  fflush(stdout);
  fflush(stderr);
  for (k = 0; k < n; k++) {
    pid_t pid = fork();
    if (pid == 0) forked_child(parent);
    if (pid < 0) {
      sk_copy_string(why, why_size, strerror(errno));
      break;
    }
    f->pid[f->started++] = (long)pid;
    f->running++;
  }
  return f->started;
}

SK_API int sk_forked_reap(sk_forked *f)
{
  int now = 0;
  int k;
  for (k = 0; k < f->started && f->running > 0; k++) {
    pid_t pid = (pid_t)f->pid[k], got;
    int status;
    if (pid <= 0) continue;   /* reaped before */
    got = waitpid(pid, &status, WNOHANG);
    if (got == pid) f->ended_alone++;
    else if (got == 0) {   /* still asleep: end it, then reap it */
      kill(pid, SIGKILL);
      do got = waitpid(pid, &status, 0); while (got < 0 && errno == EINTR);
    }
    f->pid[k] = -f->pid[k];   /* done with it either way; the sign keeps it for the note */
    f->running--;
    if (got == pid) { f->reaped++; now++; }
  }
  return now;
}

SK_API void sk_forked_describe(const sk_forked *f, char *buf, size_t size)
{
  char item[32];
  size_t len;
  int k;
  if (size == 0) return;
  sprintf(item, f->started > 0 ? "%d started (pids" : "%d started", f->started);
  sk_copy_string(buf, size, item);
  for (k = 0; k < f->started; k++) {
    len = strlen(buf);
    sprintf(item, " %ld", f->pid[k] < 0 ? -f->pid[k] : f->pid[k]);
    if (len + strlen(item) + 40 >= size) { if (len + 5 < size) strcat(buf, " ..."); break; }
    strcat(buf, item);
  }
  len = strlen(buf);
  if (len + 32 < size) sprintf(buf + len, "%s, %d reaped", f->started > 0 ? ")" : "", f->reaped);
}
#endif /* SK_HAVE_FORK && SKAMPI_MPI */
