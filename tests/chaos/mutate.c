/*
** tests/chaos/mutate.c -- one deterministic mutation of a file, for tests/chaos/mutations.sh:
**   mutate SEED IN OUT     writes IN, changed by one mutation chosen by SEED, to OUT and
**                          prints what it did ("flip 1234 0x20", "nul 88", ...)
** Mutations: a bit flipped, a NUL byte put in, a byte overwritten by a printable one, 1-3
** bytes overwritten (a torn write), the file cut short, a range deleted, a range copied
** elsewhere (a splice), a line doubled. The same SEED gives the same mutation.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long state;

static unsigned long next_random(void)
{
  state = state * 1103515245UL + 12345UL;
  return (state / 65536UL) % 32768UL;
}

static size_t pick(size_t n) { return n == 0 ? 0 : (size_t)((next_random() * 32768UL + next_random()) % n); }

int main(int argc, char **argv)
{
  FILE *f;
  char *data, *out;
  size_t n = 0, cap = 1 << 16, m, at, len, to;
  int c, kind;
  if (argc != 4) { fprintf(stderr, "usage: mutate SEED IN OUT\n"); return 2; }
  state = strtoul(argv[1], NULL, 10) * 2654435761UL + 1UL;
  if ((f = fopen(argv[2], "rb")) == NULL) { perror(argv[2]); return 2; }
  data = (char *)malloc(cap);
  while ((c = getc(f)) != EOF) {
    if (n == cap) data = (char *)realloc(data, cap *= 2);
    data[n++] = (char)c;
  }
  fclose(f);
  out = (char *)malloc(2 * n + 16);
  memcpy(out, data, n);
  m = n;
  kind = (int)(next_random() % 8);
  at = pick(n);
  switch (kind) {
  case 0: out[at] = (char)(out[at] ^ (1 << (next_random() % 8))); printf("flip %lu\n", (unsigned long)at); break;
  case 1:
    memmove(out + at + 1, out + at, n - at);
    out[at] = '\0';
    m = n + 1;
    printf("nul %lu\n", (unsigned long)at);
    break;
  case 2: out[at] = (char)(' ' + next_random() % 95); printf("byte %lu\n", (unsigned long)at); break;
  case 3:
    for (len = 0; len < 3 && at + len < n; len++) out[at + len] = (char)(' ' + next_random() % 95);
    printf("torn %lu\n", (unsigned long)at);
    break;
  case 4: m = at; printf("cut %lu\n", (unsigned long)at); break;
  case 5:
    len = 1 + pick(n - at < 200 ? n - at : 200);
    if (at + len > n) len = n - at;
    memmove(out + at, out + at + len, n - at - len);
    m = n - len;
    printf("delete %lu %lu\n", (unsigned long)at, (unsigned long)len);
    break;
  case 6:
    len = 1 + pick(n - at < 300 ? n - at : 300);
    if (at + len > n) len = n - at;
    to = pick(n);
    memmove(out + to + len, out + to, n - to);
    memcpy(out + to, data + at, len);
    m = n + len;
    printf("splice %lu %lu to %lu\n", (unsigned long)at, (unsigned long)len, (unsigned long)to);
    break;
  default:
    while (at > 0 && data[at - 1] != '\n') at--;
    for (len = 0; at + len < n && data[at + len] != '\n'; len++) {}
    if (at + len < n) len++;
    memmove(out + at + len, out + at, n - at);
    memcpy(out + at + len, data + at, len);
    m = n + len;
    printf("line %lu\n", (unsigned long)at);
    break;
  }
  if ((f = fopen(argv[3], "wb")) == NULL || fwrite(out, 1, m, f) != m || fclose(f) != 0) { perror(argv[3]); return 2; }
  free(data);
  free(out);
  return 0;
}
