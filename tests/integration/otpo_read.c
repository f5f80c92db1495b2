/*
** otpo_read.c FILE -- reads a result as Open MPI's tuner OTPO reads skampi's output
** (open-mpi/otpo, its reading of skampi.sko; rewritten from its description, not copied):
** seven fgets into a buffer of 1000 bytes, then sscanf(line, "%d %lf", &size, &latency)
** on the last line read. Prints the latency with %.17g, or "none" when sscanf matched
** fewer than two values (OTPO then uses an uninitialised double) or the file has fewer
** than seven lines. Exit status 0, or 2 when FILE cannot be opened.
*/
#include <stdio.h>

int main(int argc, char **argv)
{
  char line[1000];
  int i, size, got = 0;
  double latency = 0.0;
  FILE *f;
  if (argc != 2 || (f = fopen(argv[1], "r")) == NULL) { fprintf(stderr, "otpo_read: cannot open the file\n"); return 2; }
  for (i = 0; i < 7; i++) if (fgets(line, sizeof line, f) == NULL) break;
  if (i == 7) got = sscanf(line, "%d %lf", &size, &latency);
  fclose(f);
  if (got == 2) printf("%.17g\n", latency);
  else printf("none\n");
  return 0;
}
