/*
** stop_request.c -- see stop_request.h. The handler stores the signal number in a
** volatile sig_atomic_t and re-arms itself (where signal() resets the action to the
** default, a second SIGUSR1 must not end the process).
*/
#include "stop_request.h"
#include <signal.h>

static volatile sig_atomic_t stop_signal;

#ifdef SIGUSR1
static void stop_on_signal(int sig)
{
  stop_signal = sig;
  signal(sig, stop_on_signal);
}
#endif

SK_API void sk_stop_request_install(void)
{
#ifdef SIGUSR1
  if (signal(SIGUSR1, stop_on_signal) == SIG_IGN) signal(SIGUSR1, SIG_IGN);
#endif
}

SK_API int sk_stop_requested(void)
{
  return (int)stop_signal;
}
