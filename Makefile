# Makefile -- POSIX make. The product is the one file skampi_amalgam.c, generated from the
# modules in split/ by tools/sk21f; this file wraps the one-line builds and the tests.
#   make run          build and run ski/quick.ski with the MPI found on PATH (tools/setup.sh
#                     installs Open MPI only when none is there and it may: root + apt-get)
#   make check        run every test (tests/run.sh); make check T=GROUP runs one group
#                     (make check T=quick: the first check to try, about a minute)
#   make              build skampi (with the MPI found: tools/build-mpi.sh) and skampi-seq
#                     (sequential backend)
#   make install      skampi built with the MPI found (as make and make run build it),
#                     skampi-seq, the man page, the example inputs, the gnuplot helpers and
#                     the batch job scripts under PREFIX (default /usr/local), staged under
#                     DESTDIR when set; make uninstall removes them (doc/cluster.md)
#   make amalgam      regenerate skampi_amalgam.c from split/ when a module changed
#   make rcce         build the RCCE variant against the host emulator in tools/rcce
#   make rcce-run     the SCC thesis' experiments on 48 emulated UEs (virtual time), then
#                     make rcce-figures draws the thesis' figures from them (gnuplot)
#   make portability  build and test with every compiler and target (see README)
#   make check-catalogue-odd  the catalogue test with MPICH on 3 processes too (make check
#                     runs MPICH's on 2: beyond the cores its polling costs minutes)
#   make check-bcast-rcce-all  the broadcast algorithms on 1 to 48 emulated UEs (make
#                     check: 1 to 9 and around 16, 32 and 48)
#   make check-bcast-mpich-all  ... under MPICH on 1 to 8 processes (make check: 1 to 4;
#                     beyond the cores its polling costs a minute)
#   make check-rows-identical  every result line as before the rows' redesign (15 minutes)
#   make check-sanitized  the integration tests once with ASan + UBSan builds, both MPIs
#                     (check-sanitized-quick: 2 processes only, as CI runs it)
#   make peruse-check  builds, once, an Open MPI with PERUSE (tools/peruse/build-openmpi.sh,
#                     cached in ~/.cache/skampi-peruse: 10-20 minutes the first time, then
#                     nothing) and runs the PERUSE tests against it (tests/run.sh peruse)
#   make simulated-sweep  the simulated group's MPI_Bcast check up to 1024 simulated ranks
#   make smpi-bench   skampi's own cost under SMPI at 256 ... 4096 ranks (results file;
#                     PRIVATIZATION=mmap sh tools/bench/smpi_scale.sh 16384: 18 min, 16 GB)
#   make peers-ratios  skampi beside the OSU micro-benchmarks 7.4 and IMB 2021 by name, every
#                     benchmark of doc/peers.md (tools/bench/peers_ratios.sh, MPI=mpich or
#                     openmpi; peers built by tools/bench/osu_build.sh and imb_build.sh;
#                     under 30 minutes), then its ratio column in doc/peers.md
#   make hosts-check  the truth tests across hosts made of network namespaces on this
#                     machine (root; tools/hosts.sh); also a group of make check
#   make fuzz-smoke   the fuzzing harnesses' smoke pass (every reader, a few minutes)
#   make fuzz-campaign  libFuzzer on every reader, one after the other at nice 19, until
#                     FUZZ_RUNS executions (default 10 million) or FUZZ_SECONDS each
# skampi_amalgam.c depends on split/MANIFEST, every module it lists and tools/sk21f, so
# `make` after editing split/ regenerates it and rebuilds the binaries. POSIX make has no
# wildcards: SPLIT lists the modules explicitly, in manifest order. It must name exactly
# the files `tools/sk21f --deps` prints (tests/run.sh, group gates, checks it); after
# adding a module to split/MANIFEST, add it here too.
.POSIX:

# MPICC and MPIRUN come from the command line or the environment (as environment modules
# and Spack set them); `make`, `make install` and `make run` find them when unset
# (tools/findmpi.sh: mpicc on PATH, then Debian's mpicc.openmpi and mpicc.mpich).
CC = cc
CFLAGS = -O2
T =
PREFIX = /usr/local
DESTDIR =
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man
DATADIR = $(PREFIX)/share/skampi
FUZZ_RUNS = 10000000
FUZZ_SECONDS = 36000

SPLIT = split/base/config.h split/base/base.h split/base/base.c split/base/filepaths.h \
	split/base/filepaths.c split/base/host.h split/base/host.c split/base/clock_skew.h \
	split/base/clock_skew.c split/base/sources.h split/base/sources.c \
	split/base/stop_request.h split/base/stop_request.c split/base/forked.h split/base/forked.c \
	split/transport/transport.h split/transport/library_polling.h \
	split/transport/transport_mpi.c split/transport/transport_seq.c \
	split/transport/transport_rcce.c split/transport/library_polling.c \
	split/transport/launcher.h split/transport/launcher.c \
	split/transport/agree.h split/transport/agree.c split/transport/oversub.h \
	split/transport/oversub.c split/transport/mpit.h split/transport/peruse.h \
	split/transport/mpit.c split/transport/peruse.c split/transport/libsettings.h \
	split/transport/libsettings.c split/transport/coll_algorithms.h \
	split/transport/coll_algorithms.c split/transport/io_files.h \
	split/transport/io_files.c split/transport/io_daccess.h split/transport/io_daccess.c \
	split/transport/mpi_objects.h split/transport/mpi_objects.c \
	split/core/value.h split/core/value.c split/core/margs.h split/core/margs.c split/core/measure.h split/core/measure.c split/core/verify.h \
	split/core/verify.c split/core/stats.h split/core/stats.c split/core/asec.h \
	split/core/asec.c split/core/buffers.h split/core/buffers.c split/core/loops.h \
	split/core/loops.c split/core/apr.h split/core/apr.c split/sync/sync_offsets.h \
	split/sync/sync_window.h split/sync/sync.h split/sync/sync_offsets.c \
	split/sync/sync_window.c split/engine/settings.h split/engine/settings.c \
	split/engine/runner.h split/engine/runner.c split/engine/interference.h \
	split/engine/interference.c split/engine/engine.h split/engine/engine.c \
	split/results/output.h split/results/output.c split/results/sko.h \
	split/results/runlog.h split/results/runlog.c split/results/header.h \
	split/results/header.c split/results/sko.c split/results/result_line.h \
	split/results/result_line.c split/results/merge.h \
	split/results/merge.c split/results/export.h split/results/export.c \
	split/results/compare.h split/results/compare.c \
	split/results/guidelines.h split/results/guidelines.c \
	split/results/report.h split/results/report.c split/results/report_gp.c \
	split/results/postproc.h split/results/postproc.c split/session/session.h \
	split/session/session.c split/measurements/catalogue.h \
	split/measurements/meas_mpi.h split/measurements/meas_mw.c \
	split/measurements/meas_synthetic.c split/measurements/meas_bcast_algos.h \
	split/measurements/meas_bcast_algos.c split/measurements/meas_mpi.c \
	split/measurements/meas_mpi_p2p.c split/measurements/meas_mpi_p2p_late.c \
	split/measurements/meas_mpi_bw.c split/measurements/meas_mpi_peer_p2p_imb.c \
	split/measurements/meas_mpi_peer_p2p.c split/measurements/thread_team.h \
	split/measurements/thread_team.c split/measurements/meas_mpi_threads.c split/measurements/meas_mpi_threads_coll.c \
	split/measurements/meas_mpi_partitioned.c split/measurements/meas_mpi_mprobe.c \
	split/measurements/meas_mpi_coll.c split/measurements/meas_mpi_coll3.c \
	split/measurements/meas_mpi_mockup.c \
	split/measurements/meas_mpi_neighbor.c split/measurements/meas_mpi_session.c \
	split/measurements/meas_mpi_win_sync.c \
	split/measurements/meas_mpi_win_transfer.c split/measurements/meas_mpi_win_coll.c \
	split/measurements/meas_mpi_win_atomic.c \
	split/measurements/meas_mpi_peer_rma.c \
	split/measurements/meas_mpi_io.h split/measurements/meas_mpi_io.c \
	split/measurements/meas_io_local.c \
	split/measurements/skampi5_compat.h split/measurements/skampi5_compat.c \
	split/measurements/meas_skampi5_example.c split/measurements/catalogue.c \
	split/language/builtins.h split/language/lexer.h split/language/lexer.c \
	split/language/ast.h split/language/ast.c split/language/parser.h \
	split/language/parser.c split/language/labels.h split/language/labels.c \
	split/language/interp.h split/language/interp.c split/language/builtins_common.h \
	split/language/builtins_common.c split/language/builtins.c \
	split/language/builtins_settings.c \
	split/language/builtins_buffers.c split/language/builtins_output.c \
	split/language/builtins_comm.c split/language/builtins_math.c \
	split/language/builtins_types.c split/language/builtins_io.c \
	split/language/builtins_scc.c split/language/params4.h split/language/params4.c \
	split/cli/run.h split/cli/run.c split/cli/oneline.h split/cli/oneline.c split/cli/peer_names.h split/cli/peer_names.c split/cli/tune.h split/cli/tune.c \
	split/cli/main.h split/cli/main.c \
	split/library/skampi.h split/library/skalib.c

all: skampi skampi-seq

skampi_amalgam.c: split/MANIFEST $(SPLIT) tools/sk21f
	tools/sk21f

amalgam: skampi_amalgam.c

skampi: skampi_amalgam.c
	MPICC="$(MPICC)" CFLAGS="$(CFLAGS)" tools/build-mpi.sh

skampi-seq: skampi_amalgam.c
	$(CC) $(CFLAGS) -DSKAMPI_SEQ -o skampi-seq skampi_amalgam.c -lm

skampi-mpi1: skampi_amalgam.c
	mpicc="$(MPICC)"; $${mpicc:-mpicc} $(CFLAGS) -DSKAMPI_MPI1 -o skampi-mpi1 skampi_amalgam.c -lm

tools/rcce/rccerun: tools/rcce/rccerun.c
	$(CC) $(CFLAGS) -o tools/rcce/rccerun tools/rcce/rccerun.c

skampi-rcce: skampi_amalgam.c tools/rcce/rcce_emu.c tools/rcce/RCCE.h tools/rcce/iRCCE.h
	$(CC) $(CFLAGS) -DSKAMPI_RCCE -Itools/rcce -o skampi-rcce skampi_amalgam.c tools/rcce/rcce_emu.c -lm

rcce: skampi-rcce tools/rcce/rccerun

# The thesis' experiments (ski/scc.ski) on 48 emulated UEs under the emulator's virtual
# time (deterministic, independent of the host's load); then `make rcce-figures` draws the
# thesis' figures from scc.sko with gnuplot (tools/scc_figures.gp, PNGs in scc-figures/).
rcce-run: rcce
	RCCE_EMU_TIME=model SCC_REPETITIONS=2 tools/rcce/rccerun -nue 48 ./skampi-rcce -i ski/scc.ski -o scc.sko

rcce-figures:
	mkdir -p scc-figures
	gnuplot -e "sko='scc.sko'; out='scc-figures'" tools/scc_figures.gp

run: skampi_amalgam.c
	MPICC="$(MPICC)" MPIRUN="$(MPIRUN)" tools/setup.sh run
	MPICC="$(MPICC)" MPIRUN="$(MPIRUN)" tools/run.sh

# The installed files (doc/cluster.md, "Installing"): bin/skampi, bin/skampi-seq,
# share/man/man1/skampi.1 and share/skampi/ (ski/ the example inputs, gnuplot/ the
# figures' script, batch/ the Slurm and PBS job scripts). POSIX make has no install(1):
# cp and chmod.
install: skampi skampi-seq
	mkdir -p "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(DATADIR)/ski" \
		"$(DESTDIR)$(DATADIR)/gnuplot" "$(DESTDIR)$(DATADIR)/batch"
	cp skampi skampi-seq "$(DESTDIR)$(BINDIR)/"
	chmod 755 "$(DESTDIR)$(BINDIR)/skampi" "$(DESTDIR)$(BINDIR)/skampi-seq"
	cp doc/skampi.1 "$(DESTDIR)$(MANDIR)/man1/skampi.1"
	cp ski/*.ski ski/*.par "$(DESTDIR)$(DATADIR)/ski/"
	cp tools/scc_figures.gp "$(DESTDIR)$(DATADIR)/gnuplot/"
	cp tools/skampi.sbatch tools/skampi.pbs "$(DESTDIR)$(DATADIR)/batch/"
	chmod 644 "$(DESTDIR)$(MANDIR)/man1/skampi.1" "$(DESTDIR)$(DATADIR)"/ski/* "$(DESTDIR)$(DATADIR)/gnuplot/scc_figures.gp"
	chmod 755 "$(DESTDIR)$(DATADIR)"/batch/*

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/skampi" "$(DESTDIR)$(BINDIR)/skampi-seq" "$(DESTDIR)$(MANDIR)/man1/skampi.1"
	rm -rf "$(DESTDIR)$(DATADIR)"

check:
	tools/setup.sh check
	sh tests/run.sh $(T)

check-tuning:
	tools/setup.sh check
	SKAMPI_TEST_TUNING_SIZES=64:4096 sh tests/guidelines/tuning.sh

check-sanitized:
	tools/setup.sh check
	SKAMPI_SANITIZE=1 sh tests/run.sh integration

# the catalogue test with MPICH's odd process count too (3 processes on 2 cores: minutes)
check-catalogue-odd:
	tools/setup.sh check
	NPS="2 3" sh tests/mpi_catalogue/run.sh mpich

# every result line as before the rows' redesign (tests/mpi_catalogue/rows_identical.sh [BASE])
check-rows-identical:
	sh tests/mpi_catalogue/rows_identical.sh

# the broadcast algorithms on the RCCE emulator at every UE count from 1 to 48
check-bcast-rcce-all:
	sh tests/bcast_algorithms/run.sh rcce 1-48

check-bcast-mpich-all:
	sh tests/bcast_algorithms/run.sh mpich 1-8

check-sanitized-quick:
	tools/setup.sh check
	SKAMPI_SANITIZE=1 SKAMPI_INTEGRATION_QUICK=1 sh tests/run.sh integration

fuzz-smoke:
	sh tests/fuzz/run.sh smoke

fuzz-campaign:
	for r in ski params4 sko cli; do NICE="nice -n 19" FUZZ_TIMEOUT=60 sh tests/fuzz/run.sh campaign $$r $(FUZZ_RUNS) $(FUZZ_SECONDS) || exit 1; done

peruse-check:
	sh tools/peruse/build-openmpi.sh
	sh tests/run.sh peruse

hosts-check:
	sh tests/run.sh hosts

# The simulated group's collective check (tests/simulated/run.sh) over P = 16 ... 1024
# simulated processes (make check runs 16, 32, 64); skampi's own cost under SMPI against
# a plain MPI loop at 256, 1024, 4096 ranks (tools/bench/smpi_scale.sh, doc/simulated.md).
simulated-sweep:
	sh tests/simulated/run.sh 16 32 64 128 256 512 1024

smpi-bench:
	sh tools/bench/smpi_scale.sh

MPI = mpich
peers-ratios:
	sh tools/bench/peers_ratios.sh $(MPI)
	sh tools/bench/peers_ratios_doc.sh tools/bench/results/peers_ratios-$(MPI).txt

portability:
	tools/setup.sh portability
	sh tests/portability/portability.sh

clean:
	rm -f skampi skampi-seq skampi-mpi1 skampi-rcce tools/rcce/rccerun
	rm -rf scc-figures
	rm -rf tests/out
