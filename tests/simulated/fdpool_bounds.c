/* tests/simulated/fdpool_bounds.c -- run with tools/smpi/fdpool.c preloaded: two slices of
** one page each; a mapping of the first that reaches past its page (into the second
** rank's slice) must be refused, one within it must show the first slice's bytes.
** Exit 0 when both hold. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void)
{
  int a = shm_open("/smpi-buffer-test-a", O_RDWR | O_CREAT | O_EXCL, 0600);
  int b = shm_open("/smpi-buffer-test-b", O_RDWR | O_CREAT | O_EXCL, 0600);
  long page = sysconf(_SC_PAGESIZE);
  char *pa, *pb, *over;
  if (a < 0 || b < 0 || ftruncate(a, page) != 0 || ftruncate(b, page) != 0) { puts("set-up failed"); return 2; }
  pa = (char *)mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE, MAP_SHARED, a, 0);
  pb = (char *)mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE, MAP_SHARED, b, 0);
  if (pa == MAP_FAILED || pb == MAP_FAILED) { puts("mapping a slice failed"); return 2; }
  memset(pa, 'a', (size_t)page);
  memset(pb, 'b', (size_t)page);
  over = (char *)mmap(NULL, (size_t)(2 * page), PROT_READ, MAP_SHARED, a, 0);
  if (over != MAP_FAILED) { printf("a mapping of 2 pages of a 1-page slice was given (its 2nd page: '%c')\n", over[page]); return 1; }
  over = (char *)mmap(NULL, (size_t)page, PROT_READ, MAP_SHARED, a, page);
  if (over != MAP_FAILED) { printf("a mapping past the slice's end was given ('%c')\n", over[0]); return 1; }
  puts("ok");
  return 0;
}
