/*
** host.c -- see host.h. The system calls sit behind feature guards: sysconf with
** _SC_NPROCESSORS_ONLN (POSIX systems that define it), sched_getaffinity with CPU_COUNT
** and sched_getcpu (Linux with _GNU_SOURCE, which config.h defines there unless SKAMPI_NO_AFFINITY),
** sched_yield and poll (Unix, unless SKAMPI_NO_YIELD). Elsewhere the
** counts are unknown and the waits spin.
*/
#include "host.h"

#if defined(__unix__) || defined(__APPLE__)
#define HOST_UNIX 1
#include <unistd.h>
#if !defined(SKAMPI_NO_YIELD)
#include <sched.h>
#include <poll.h>
#define HOST_YIELD() ((void)sched_yield())
#define HOST_NAP() ((void)poll(NULL, 0, 1))
#endif
#endif
#if SK_SIMULATED
/* Under SimGrid's SMPI the ranks are threads of one process on a simulated clock: a real
** yield or nap hands nothing to the rank waited for (the simulator runs one rank at a
** time and stalls while the process naps) and leaves simulated time where it was; the
** wait passes simulated time instead (smpi_nanosleep, which smpicc's sleep calls too). */
#undef HOST_YIELD
#undef HOST_NAP
#define HOST_YIELD() ((void)0)
#define HOST_NAP() sk_host_pass(1.0e-3)
#define HOST_SIM_POLL 1.0e-6   /* simulated time per step of polling for a message */
#include <time.h>
#endif
#ifndef HOST_YIELD
#define HOST_YIELD() ((void)0)
#define HOST_NAP() ((void)0)
#endif
#if defined(__linux__) && defined(_GNU_SOURCE) && !defined(SKAMPI_NO_AFFINITY)
#include <sched.h>
#endif
#ifdef HOST_UNIX
#include <signal.h>
#include <sys/times.h>
#include <sys/resource.h>
#include <sys/stat.h>
#if defined(__linux__)
#include <sys/ioctl.h>
#endif
#if defined(SIGALRM) && defined(SA_RESTART) && defined(_SC_CLK_TCK)
#define HOST_DEADLINE 1
#endif
#endif
#if defined(HOST_UNIX) && !defined(SKAMPI_NO_YIELD)
#include <sys/time.h>
#if defined(ITIMER_REAL) && defined(SA_RESTART)
#define HOST_BREAKER 1
#endif
#endif

#define HOST_SPIN_FOR 20.0e-6   /* poll a message this long before yielding ... */
#define HOST_NAP_AFTER 2.0e-3   /* ... and this long before napping in 1 ms steps */

static int host_crowded = 0;
static int host_crowding_known = 0;
static int host_waits_yield = 1;

#ifdef SKAMPI_TESTING
static int host_env_count(const char *name)
{
  return (int)sk_env_long(name, 1, INT_MAX - 1, 0);
}
#endif

SK_API int sk_host_processors(int *affinity)
{
  int online = 0, mask = 0;
#ifdef SKAMPI_TESTING
  int forced = host_env_count("SKAMPI_TEST_PROCESSORS");
  if (forced > 0) {
    if (affinity) *affinity = forced;
    return forced;
  }
#endif
#if defined(HOST_UNIX) && defined(_SC_NPROCESSORS_ONLN)
  {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n > 0 && n < INT_MAX) online = (int)n;
  }
#endif
#if defined(__linux__) && defined(CPU_COUNT) && !defined(SKAMPI_NO_AFFINITY)
  {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0) mask = CPU_COUNT(&set);
  }
#endif
  if (affinity) *affinity = mask;
  return online;
}

SK_API int sk_host_affinity_mask(unsigned char *bits, int nbytes)
{
  int n = 0, i;
  memset(bits, 0, (size_t)nbytes);
#ifdef SKAMPI_TESTING
  {
    int forced = host_env_count("SKAMPI_TEST_PROCESSORS");
    if (forced > 0) {
      for (i = 0; i < forced && i < 8 * nbytes; i++) bits[i / 8] |= (unsigned char)(1u << (i % 8));
      return i;
    }
  }
#endif
#if defined(__linux__) && defined(CPU_COUNT) && !defined(SKAMPI_NO_AFFINITY)
  {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0)
      for (i = 0; i < 8 * nbytes && i < CPU_SETSIZE; i++)
        if (CPU_ISSET(i, &set)) { bits[i / 8] |= (unsigned char)(1u << (i % 8)); n++; }
  }
#endif
  (void)i;
  return n;
}

SK_API int sk_host_cpu(void)
{
#if defined(__linux__) && defined(CPU_COUNT) && !defined(SKAMPI_NO_AFFINITY) && !SK_SIMULATED
  int cpu = sched_getcpu();   /* glibc 2.6 and musl, as CPU_COUNT */
  return cpu >= 0 ? cpu : -1;
#else
  return -1;
#endif
}

SK_API int sk_host_machine_id(char *buf, size_t size)
{
  size_t n = 0;
  if (size > 0) buf[0] = '\0';
#if defined(__linux__)
  {
    FILE *f = size > 1 ? fopen("/proc/sys/kernel/random/boot_id", "r") : NULL;
    if (f != NULL) {
      if (fgets(buf, (int)size, f) == NULL) buf[0] = '\0';
      fclose(f);
    }
    n = strlen(buf);
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' ')) buf[--n] = '\0';
  }
#endif
  return n > 0;
}

SK_API void sk_host_set_crowded(int crowded)
{
  host_crowded = host_waits_yield = crowded != 0;
  host_crowding_known = 1;
}
SK_API int sk_host_crowding_known(void) { return host_crowding_known; }
SK_API void sk_host_set_waits_yield(int yield) { host_waits_yield = yield != 0; }
SK_API int sk_host_waits_yield(void) { return host_waits_yield; }
SK_API int sk_host_crowded(void) { return host_crowded; }
SK_API void sk_host_yield(void) { HOST_YIELD(); }
#ifdef SKAMPI_MPI
SK_API void sk_host_nap(void) { HOST_NAP(); }
#endif

#if defined(HOST_UNIX) && !defined(SKAMPI_NO_YIELD) && defined(FIONREAD) && defined(S_ISFIFO) && !SK_SIMULATED
#define HOST_DRAIN 1
#endif
#ifdef SKAMPI_MPI
/* How many bytes wait in the pipe behind descriptor fd; 0 when it is no pipe or the
** system does not tell. */
#ifdef HOST_DRAIN
static long host_pipe_unread(int fd)
{
  struct stat st;
  int n = 0;
  if (fstat(fd, &st) != 0 || !S_ISFIFO(st.st_mode)) return 0;
  if (ioctl(fd, FIONREAD, &n) != 0) return 0;
  return n;
}
#endif

SK_API void sk_host_let_output_drain(double seconds)
{
#ifdef HOST_DRAIN
  long steps = (long)(seconds * 1000.0), i;
  for (i = 0; i < steps && (host_pipe_unread(1) > 0 || host_pipe_unread(2) > 0); i++)
    (void)poll(NULL, 0, 1);
  (void)poll(NULL, 0, 20);   /* what was read, the reader has still to pass on */
#else
  (void)seconds;
#endif
}
#endif

#if SK_SIMULATED
SK_API void sk_host_pass(double seconds)
{
  struct timespec ts;
  if (seconds <= 0.0) return;
  ts.tv_sec = (time_t)seconds;
  ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
  if (ts.tv_sec == 0 && ts.tv_nsec < 1) ts.tv_nsec = 1;
  smpi_nanosleep(&ts, NULL);
}
#endif

SK_API void sk_host_idle(double waited)
{
#if SK_SIMULATED
  (void)waited;
  sk_host_pass(HOST_SIM_POLL);
  return;
#endif
  if (!host_waits_yield) return;
  if (waited > HOST_NAP_AFTER) HOST_NAP();
  else if (waited > HOST_SPIN_FOR) HOST_YIELD();
}

SK_API long sk_host_involuntary_switches(void)
{
/* under a simulator the process holds every rank: its switches are no rank's */
#if defined(HOST_UNIX) && defined(RUSAGE_SELF) && !SK_SIMULATED
  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) == 0) return (long)ru.ru_nivcsw;
#endif
  return -1;
}

SK_API int sk_host_runnable(void)
{
  int running = -1;
/* under a simulator the simulated hosts run nothing else: this machine's load is not theirs */
#if defined(__linux__) && !SK_SIMULATED
  FILE *f = fopen("/proc/loadavg", "r");
  if (f != NULL) {
    double l1, l5, l15;
    int total;
    if (fscanf(f, "%lf %lf %lf %d/%d", &l1, &l5, &l15, &running, &total) != 5) running = -1;
    fclose(f);
  }
#endif
  return running;
}

/* ---- the poll breaker (used by the MPI backend; the unit tests call it too) ---- */

#if defined(SKAMPI_MPI) || defined(SKAMPI_TESTING)
static long host_breaker_us = 0;

#ifdef HOST_BREAKER
static volatile sig_atomic_t host_breaker_count = 0;
static struct sigaction *host_breaker_old;   /* made when started (config.h, "writable data") */

static void host_breaker_handler(int sig)
{
  (void)sig;
  host_breaker_count++;
  HOST_YIELD();
}

static void host_breaker_mask(int how)
{
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGALRM);
  sigprocmask(how, &set, NULL);   /* the process is single-threaded until MPI_Init */
}

static void host_breaker_timer(long us)
{
  struct itimerval it;
  memset(&it, 0, sizeof it);
  it.it_interval.tv_sec = us / 1000000L;
  it.it_interval.tv_usec = us % 1000000L;
  it.it_value = it.it_interval;
  setitimer(ITIMER_REAL, &it, NULL);
}
#endif

SK_API void sk_host_breaker_prepare(void)
{
#ifdef HOST_BREAKER
  host_breaker_mask(SIG_BLOCK);
#endif
}

SK_API int sk_host_breaker_start(long interval_us)
{
#ifdef HOST_BREAKER
  struct sigaction sa;
  if (interval_us <= 0 || host_breaker_us > 0) return host_breaker_us > 0;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = host_breaker_handler;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  if (host_breaker_old == NULL) host_breaker_old = (struct sigaction *)sk_malloc(sizeof *host_breaker_old);
  if (sigaction(SIGALRM, &sa, host_breaker_old) != 0) return 0;
  host_breaker_count = 0;
  host_breaker_us = interval_us;
  host_breaker_timer(interval_us);
  host_breaker_mask(SIG_UNBLOCK);
  return 1;
#else
  (void)interval_us;
  return 0;
#endif
}

SK_API void sk_host_breaker_stop(void)
{
#ifdef HOST_BREAKER
  if (host_breaker_us <= 0) return;
  host_breaker_timer(0);
  host_breaker_mask(SIG_BLOCK);     /* a signal still on its way stays pending, unhandled */
  if (host_breaker_old != NULL) sigaction(SIGALRM, host_breaker_old, NULL);
  host_breaker_us = 0;
#endif
}

SK_API long sk_host_breaker_interval(void) { return host_breaker_us; }
#endif

#ifdef SKAMPI_TESTING
SK_API long sk_host_breaker_signals(void)
{
#ifdef HOST_BREAKER
  return (long)host_breaker_count;
#else
  return 0;
#endif
}
#endif

/* ---- the deadline ---- */

#if defined(SKAMPI_MPI) || defined(SKAMPI_TESTING)
#ifdef HOST_DEADLINE
#define HOST_DEADLINE_TEXT 512
static char *host_deadline_text;   /* made when armed (config.h, "writable data") */
static size_t host_deadline_len = 0;
static int host_deadline_armed = 0;
static unsigned host_deadline_seconds = 0;
static int host_deadline_extended = 0;
static long host_deadline_ticks = 0;       /* clock ticks per second (times) */
static clock_t host_deadline_cpu0 = 0;     /* the process's processor time at start */

static clock_t host_cpu_ticks(void)
{
  struct tms t;
  if (times(&t) == (clock_t)-1) return 0;
  return t.tms_utime + t.tms_stime;
}

/* At the first expiry a process that used less than half the time on a processor waits,
** blocked, for the others (MPICH: in the process manager's barrier) and gets one more
** period: the process that spins in the library must end first, as the others' ending
** releases it into a barrier whose partners are gone (mpiexec then fails). times() is
** async-signal-safe (POSIX). */
static void host_deadline_handler(int sig)
{
  (void)sig;
  if (!host_deadline_extended && host_deadline_ticks > 0 &&
      (double)(host_cpu_ticks() - host_deadline_cpu0) < 0.5 * (double)host_deadline_ticks * host_deadline_seconds) {
    host_deadline_extended = 1;
    alarm(host_deadline_seconds);
    return;
  }
  if (write(2, host_deadline_text, host_deadline_len) < 0) { /* stderr is gone: end all the same */ }
  _exit(0);
}
#endif

SK_API int sk_host_deadline_start(unsigned seconds, const char *message)
{
#ifdef HOST_DEADLINE
  struct sigaction sa;
  sigset_t set;
  if (seconds == 0) return 0;
  host_deadline_len = strlen(message);
  if (host_deadline_len > HOST_DEADLINE_TEXT - 1) host_deadline_len = HOST_DEADLINE_TEXT - 1;
  if (host_deadline_text == NULL) host_deadline_text = (char *)sk_malloc(HOST_DEADLINE_TEXT);
  memcpy(host_deadline_text, message, host_deadline_len);
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = host_deadline_handler;
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGALRM, &sa, NULL) != 0) return 0;
  sigemptyset(&set);
  sigaddset(&set, SIGALRM);
  host_deadline_seconds = seconds;
  host_deadline_extended = 0;
  host_deadline_ticks = sysconf(_SC_CLK_TCK);
  host_deadline_cpu0 = host_cpu_ticks();
  sigprocmask(SIG_UNBLOCK, &set, NULL);   /* blocked for the library's threads since prepare */
  alarm(seconds);
  host_deadline_armed = 1;
  return 1;
#else
  (void)seconds; (void)message;
  return 0;
#endif
}

SK_API void sk_host_deadline_stop(void)
{
#ifdef HOST_DEADLINE
  if (!host_deadline_armed) return;
  alarm(0);
  host_deadline_armed = 0;
#endif
}
#endif
