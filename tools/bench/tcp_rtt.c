/*
** tools/bench/tcp_rtt.c -- raw TCP round trip of 1 byte (TCP_NODELAY), the yardstick for
** an MPI ping-pong between the hosts of tools/hosts.sh.
**   tcp_rtt server PORT            answers every byte it gets (one client)
**   tcp_rtt client ADDR PORT N     N round trips; prints "min median mean" in microseconds
*/
#define _POSIX_C_SOURCE 200112L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static void nodelay(int fd)
{
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

int main(int argc, char **argv)
{
  struct sockaddr_in a;
  char c = 'x';
  int fd, i, n;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  if (argc == 3 && strcmp(argv[1], "server") == 0) {
    int one = 1, cfd;
    fd = socket(AF_INET, SOCK_STREAM, 0);
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    a.sin_port = htons((unsigned short)atoi(argv[2]));
    a.sin_addr.s_addr = htonl(INADDR_ANY);
    if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0 || listen(fd, 1) != 0) { perror("bind"); return 1; }
    cfd = accept(fd, NULL, NULL);
    if (cfd < 0) { perror("accept"); return 1; }
    nodelay(cfd);
    while (read(cfd, &c, 1) == 1) if (write(cfd, &c, 1) != 1) break;
    close(cfd); close(fd);
    return 0;
  }
  if (argc == 5 && strcmp(argv[1], "client") == 0) {
    double *t, sum = 0;
    n = atoi(argv[4]);
    if (n < 1) n = 1;
    t = (double *)malloc(sizeof(double) * (size_t)n);
    a.sin_port = htons((unsigned short)atoi(argv[3]));
    a.sin_addr.s_addr = inet_addr(argv[2]);
    fd = socket(AF_INET, SOCK_STREAM, 0);
    for (i = 0; i < 100 && connect(fd, (struct sockaddr *)&a, sizeof a) != 0; i++) {
      struct timespec ts; ts.tv_sec = 0; ts.tv_nsec = 50000000L; close(fd); nanosleep(&ts, NULL); fd = socket(AF_INET, SOCK_STREAM, 0);
    }
    if (i == 100) { perror("connect"); return 1; }
    nodelay(fd);
    for (i = 0; i < n; i++) {
      double t0 = now();
      if (write(fd, &c, 1) != 1 || read(fd, &c, 1) != 1) { perror("pingpong"); return 1; }
      t[i] = now() - t0;
      sum += t[i];
    }
    qsort(t, (size_t)n, sizeof *t, cmp);
    printf("%.1f %.1f %.1f\n", 1e6 * t[0], 1e6 * t[n / 2], 1e6 * sum / n);
    close(fd);
    return 0;
  }
  fprintf(stderr, "usage: tcp_rtt server PORT | tcp_rtt client ADDR PORT N\n");
  return 2;
}
