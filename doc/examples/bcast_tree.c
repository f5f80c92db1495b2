/*
** bcast_tree.c -- skampi as a library, MPI: a broadcast written by the user, a binomial
** tree over MPI_Send and MPI_Recv, measured beside MPI_Bcast with the collective pattern
** (every process starts at an agreed time on synchronised clocks; the time is the
** longest from that start, SKaMPI 5 manual §6.2.1) over message sizes. The program
** initialises MPI itself, so skampi_begin leaves MPI_Finalize to it; afterwards it
** checks that its broadcast delivers the root's bytes to every process.
**
**   mpicc -DSKAMPI_LIBRARY -c skampi_amalgam.c -o skampi-mpi.o
**   mpicc -I. -o bcast_tree doc/examples/bcast_tree.c skampi-mpi.o -lm
**   mpirun -np 4 ./bcast_tree bcast.sko
**
** Rank 0 prints "bcast OPERATION BYTES TIME_US STDERR_US" per point, then "verified N"
** after the check of N sizes.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
#include "skampi.h"

#define MAX_BYTES 65536

static char buffer[MAX_BYTES];

/* Binomial tree from rank 0: in round k (mask = 2^k) every rank below mask that has the
** data sends it to rank + mask. */
static void tree_bcast(char *buf, int bytes, MPI_Comm comm)
{
  int rank, size, mask = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  while (mask < size) {
    if (rank < mask && rank + mask < size) MPI_Send(buf, bytes, MPI_CHAR, rank + mask, 0, comm);
    else if (rank >= mask && rank < 2 * mask) MPI_Recv(buf, bytes, MPI_CHAR, rank - mask, 0, comm, MPI_STATUS_IGNORE);
    mask *= 2;
  }
}

static void run_tree(void *user, skampi_call *call)
{
  tree_bcast(buffer, (int)call->bytes, *(MPI_Comm *)user);
}

static void run_library(void *user, skampi_call *call)
{
  MPI_Bcast(buffer, (int)call->bytes, MPI_CHAR, 0, *(MPI_Comm *)user);
}

/* The user's broadcast delivers the root's bytes: 1 on every process when it does. */
static int check_tree(MPI_Comm comm, int bytes)
{
  int rank, i, ok = 1, all = 0;
  MPI_Comm_rank(comm, &rank);
  for (i = 0; i < bytes; i++) buffer[i] = rank == 0 ? (char)(i * 7 + bytes) : 0;
  tree_bcast(buffer, bytes, comm);
  for (i = 0; i < bytes; i++) if (buffer[i] != (char)(i * 7 + bytes)) ok = 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, comm);
  return all;
}

int main(int argc, char **argv)
{
  MPI_Comm comm;
  skampi_operation ops[2];
  skampi_loop loop;
  skampi_result *r = NULL;
  int n = 0, i, code, verified = 0, bytes, rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);   /* the broadcasts' own communicator */
  if (skampi_begin(&argc, &argv, argc > 1 ? argv[1] : NULL) != SKAMPI_OK) {
    fprintf(stderr, "bcast_tree: %s\n", skampi_errmsg());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  memset(ops, 0, sizeof ops);
  ops[0].name = "binomial_tree";
  ops[0].pattern = SKAMPI_COLLECTIVE;
  ops[0].run = run_tree;
  ops[0].user = &comm;
  ops[1] = ops[0];
  ops[1].name = "MPI_Bcast";
  ops[1].run = run_library;
  memset(&loop, 0, sizeof loop);
  loop.name = "bytes";
  loop.first = 1.0;
  loop.last = MAX_BYTES;
  loop.step = 16.0;
  loop.geometric = 1;
  loop.integer = 1;
  code = skampi_suite("broadcast: binomial tree beside MPI_Bcast", ops, 2, &loop, &r, &n);
  if (code != SKAMPI_OK && rank == 0) fprintf(stderr, "bcast_tree: %s\n", skampi_errmsg());
  if (rank == 0)
    for (i = 0; i < n; i++)
      printf("bcast %s %ld %.3f %.3f\n", ops[r[i].op].name, r[i].bytes, r[i].time * 1e6, r[i].std_error * 1e6);
  skampi_free(r);
  if (skampi_end() != SKAMPI_OK && code == SKAMPI_OK) code = SKAMPI_EFILE;
  for (bytes = 1; bytes <= MAX_BYTES; bytes *= 16) verified += check_tree(comm, bytes);
  if (rank == 0) printf("verified %d\n", verified);
  MPI_Comm_free(&comm);
  MPI_Finalize();
  return code == SKAMPI_OK ? 0 : 1;
}
