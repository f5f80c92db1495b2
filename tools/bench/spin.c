/*
** tools/bench/spin.c -- a CPU spinner, the load of tools/bench/interference.sh and
** tests/interference/interference.sh: it counts in a volatile variable (no system calls, no memory
** traffic beyond one cache line) until it is killed. As a safety net it exits by itself
** after SECONDS of wall time (default 600, to within a second), so that a spinner whose
** starter died does not burn a processor forever.
** Usage: spin [SECONDS]
*/
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
  volatile unsigned long counter = 0;
  double limit = 600.0;
  time_t start;
  char *end;

  if (argc > 2) {
    fprintf(stderr, "usage: spin [SECONDS]\n");
    return 2;
  }
  if (argc == 2) {
    limit = strtod(argv[1], &end);
    if (end == argv[1] || *end != '\0' || limit <= 0.0) {
      fprintf(stderr, "spin: SECONDS must be a positive number, not '%s'\n", argv[1]);
      return 2;
    }
  }
  start = time(NULL);
  for (;;) {
    counter++;
    /* look at the clock only every 2^24 counts (some ten milliseconds) */
    if ((counter & 0xffffffUL) == 0 && difftime(time(NULL), start) > limit) break;
  }
  return 0;
}
