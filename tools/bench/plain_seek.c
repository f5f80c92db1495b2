/*
** tools/bench/plain_seek.c -- a plain MPI loop timing MPI_File_seek (individual file
** pointer, MPI_SEEK_SET), the reference beside skampi and the original SKaMPI in
** tools/bench/seek_side_by_side.sh. MPI-2 calls only.
** Usage: mpirun -np P plain_seek MODE [FILE]
**   MODE barrier    each seek after an MPI_Barrier
**   MODE allreduce  each seek after a one-int MPI_Allreduce and 20 us of spinning, the
**                   traffic a benchmark's per-repetition agreement and start wait leave
** The positions are those of both benchmarks' MPI_IO_file_seek(32 MiB, 4 KiB, ...):
** rank * memsize + n * blocklen. Rank 0 prints "MODE p10 median p75 p90" in us over
** 1000 seeks (each process's own times pooled on rank 0).
*/
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEEKS 1000
#define MEMSIZE 33554432L
#define BLOCKLEN 4096L

static int by_value(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
  MPI_File fh;
  int rank, size, i, after_allreduce;
  double t0, mine[SEEKS], *all = NULL;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc < 2 || (strcmp(argv[1], "barrier") != 0 && strcmp(argv[1], "allreduce") != 0)) {
    if (rank == 0) fprintf(stderr, "usage: plain_seek barrier|allreduce [FILE]\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  after_allreduce = strcmp(argv[1], "allreduce") == 0;
  if (MPI_File_open(MPI_COMM_WORLD, argc > 2 ? argv[2] : "plain_seek.dat",
                    MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh) != MPI_SUCCESS) {
    if (rank == 0) fprintf(stderr, "plain_seek: cannot open the file\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  for (i = 0; i < SEEKS; i++) {
    if (after_allreduce) {
      int one = 1, sum;
      double w;
      MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
      w = MPI_Wtime();
      while (MPI_Wtime() - w < 20e-6) { }
    } else {
      MPI_Barrier(MPI_COMM_WORLD);
    }
    t0 = MPI_Wtime();
    MPI_File_seek(fh, (MPI_Offset)(rank * MEMSIZE + (i % (MEMSIZE / BLOCKLEN)) * BLOCKLEN), MPI_SEEK_SET);
    mine[i] = MPI_Wtime() - t0;
  }
  if (rank == 0) all = (double *)malloc(sizeof(double) * SEEKS * (size_t)size);
  MPI_Gather(mine, SEEKS, MPI_DOUBLE, all, SEEKS, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    int n = SEEKS * size;
    qsort(all, (size_t)n, sizeof all[0], by_value);
    printf("%s %.3f %.3f %.3f %.3f\n", argv[1], all[n / 10] * 1e6, all[n / 2] * 1e6, all[3 * n / 4] * 1e6,
           all[9 * n / 10] * 1e6);
    free(all);
  }
  MPI_File_close(&fh);
  MPI_Finalize();
  return 0;
}
