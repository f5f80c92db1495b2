# Makefile -- POSIX make. The product is the one file skampi_amalgam.c; this file only
# wraps the one-line builds and the test scripts.
#   make run          install what is missing (Debian, as root), build, run ski/quick.ski
#   make check        install what is missing, then run every test (tests/run.sh)
#   make              build skampi (MPI) and skampi-seq (sequential backend)
#   make amalgam      regenerate skampi_amalgam.c from split/ (tools/sk21f)
#   make rcce         build the RCCE variant against the host emulator in tools/rcce
#   make portability  build and test with every compiler and target (see README)
.POSIX:

MPICC = mpicc
CC = cc
CFLAGS = -O2

all: skampi skampi-seq

amalgam:
	tools/sk21f

skampi: skampi_amalgam.c
	$(MPICC) $(CFLAGS) -o skampi skampi_amalgam.c -lm

skampi-seq: skampi_amalgam.c
	$(CC) $(CFLAGS) -DSKAMPI_SEQ -o skampi-seq skampi_amalgam.c -lm

skampi-mpi1: skampi_amalgam.c
	$(MPICC) $(CFLAGS) -DSKAMPI_MPI1 -o skampi-mpi1 skampi_amalgam.c -lm

tools/rcce/rccerun: tools/rcce/rccerun.c
	$(CC) $(CFLAGS) -o tools/rcce/rccerun tools/rcce/rccerun.c

skampi-rcce: skampi_amalgam.c tools/rcce/rcce_emu.c tools/rcce/RCCE.h tools/rcce/iRCCE.h
	$(CC) $(CFLAGS) -DSKAMPI_RCCE -Itools/rcce -o skampi-rcce skampi_amalgam.c tools/rcce/rcce_emu.c -lm

rcce: skampi-rcce tools/rcce/rccerun

rcce-run: rcce
	tools/rcce/rccerun -nue 4 ./skampi-rcce -i ski/scc.ski -o scc.sko

run:
	tools/setup.sh run
	tools/run.sh

check:
	tools/setup.sh check
	sh tests/run.sh

portability:
	tools/setup.sh portability
	sh tests/portability.sh

clean:
	rm -f skampi skampi-seq skampi-mpi1 skampi-rcce tools/rcce/rccerun
	rm -rf tests/out
