# Makefile -- POSIX make. The product is the one file skampi_amalgam.c, generated from the
# modules in split/ by tools/sk21f; this file wraps the one-line builds and the tests.
#   make run          build and run ski/quick.ski with the MPI found on PATH (tools/setup.sh
#                     installs Open MPI only when none is there and it may: root + apt-get)
#   make check        run every test (tests/run.sh); make check T=GROUP runs one group
#   make              build skampi (MPI) and skampi-seq (sequential backend)
#   make amalgam      regenerate skampi_amalgam.c from split/ when a module changed
#   make rcce         build the RCCE variant against the host emulator in tools/rcce
#   make portability  build and test with every compiler and target (see README)
# skampi_amalgam.c depends on split/MANIFEST, every module it lists and tools/sk21f, so
# `make` after editing split/ regenerates it and rebuilds the binaries. POSIX make has no
# wildcards: SPLIT lists the modules explicitly, in manifest order. It must name exactly
# the files `tools/sk21f --deps` prints (tests/run.sh, group gates, checks it); after
# adding a module to split/MANIFEST, add it here too.
.POSIX:

# MPICC (default mpicc) and MPIRUN come from the command line or the environment (as
# environment modules and Spack set them); `make run` finds them itself when unset.
CC = cc
CFLAGS = -O2
T =

SPLIT = split/config.h split/base.h split/base.c split/clock_skew.h split/clock_skew.c \
	split/transport.h split/transport_mpi.c \
	split/transport_seq.c split/transport_rcce.c split/agree.h split/agree.c split/value.h \
	split/value.c split/measure.h split/stats.h split/stats.c split/asec.h split/asec.c \
	split/buffers.h split/buffers.c split/sync_offsets.h split/sync_window.h split/sync.h \
	split/sync_offsets.c split/loops.h split/loops.c split/apr.h split/apr.c \
	split/settings.h split/settings.c split/sync_window.c split/runner.h split/runner.c \
	split/engine.h split/engine.c split/builtins.h split/output.h split/catalogue.h \
	split/meas_mpi.h split/meas_synthetic.c split/meas_mw.c split/meas_bcast_algos.h \
	split/meas_bcast_algos.c split/meas_mpi.c split/meas_mpi_p2p.c split/meas_mpi_coll.c \
	split/meas_mpi_win_sync.c split/meas_mpi_win_transfer.c split/skampi5_compat.h \
	split/skampi5_compat.c split/meas_skampi5_example.c split/catalogue.c split/lexer.h \
	split/lexer.c split/ast.h split/ast.c split/sources.h split/sources.c split/parser.h \
	split/parser.c split/output.c split/merge.h split/merge.c split/interp.h split/interp.c \
	split/builtins.c split/params4.h split/params4.c split/main.c

all: skampi skampi-seq

skampi_amalgam.c: split/MANIFEST $(SPLIT) tools/sk21f
	tools/sk21f

amalgam: skampi_amalgam.c

skampi: skampi_amalgam.c
	mpicc="$(MPICC)"; $${mpicc:-mpicc} $(CFLAGS) -o skampi skampi_amalgam.c -lm

skampi-seq: skampi_amalgam.c
	$(CC) $(CFLAGS) -DSKAMPI_SEQ -o skampi-seq skampi_amalgam.c -lm

skampi-mpi1: skampi_amalgam.c
	mpicc="$(MPICC)"; $${mpicc:-mpicc} $(CFLAGS) -DSKAMPI_MPI1 -o skampi-mpi1 skampi_amalgam.c -lm

tools/rcce/rccerun: tools/rcce/rccerun.c
	$(CC) $(CFLAGS) -o tools/rcce/rccerun tools/rcce/rccerun.c

skampi-rcce: skampi_amalgam.c tools/rcce/rcce_emu.c tools/rcce/RCCE.h tools/rcce/iRCCE.h
	$(CC) $(CFLAGS) -DSKAMPI_RCCE -Itools/rcce -o skampi-rcce skampi_amalgam.c tools/rcce/rcce_emu.c -lm

rcce: skampi-rcce tools/rcce/rccerun

rcce-run: rcce
	tools/rcce/rccerun -nue 4 ./skampi-rcce -i ski/scc.ski -o scc.sko

run: skampi_amalgam.c
	MPICC="$(MPICC)" MPIRUN="$(MPIRUN)" tools/setup.sh run
	MPICC="$(MPICC)" MPIRUN="$(MPIRUN)" tools/run.sh

check:
	tools/setup.sh check
	sh tests/run.sh $(T)

portability:
	tools/setup.sh portability
	sh tests/portability.sh

clean:
	rm -f skampi skampi-seq skampi-mpi1 skampi-rcce tools/rcce/rccerun
	rm -rf tests/out
