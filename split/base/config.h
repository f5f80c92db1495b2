/*
** config.h -- compile-time configuration: which backend, which MPI level, and the
** SK_API macro that makes every internal function static in the amalgam (as SQLite's
** SQLITE_PRIVATE does), so nothing skampi defines can collide with the MPI library.
**
** Backends (exactly one, chosen by one macro):
**   default        MPI (mpi.h)
**   SKAMPI_SEQ     sequential, no communication library (SKaLib's sequential mode)
**   SKAMPI_RCCE    RCCE/iRCCE on the Intel SCC or the host emulator in tools/rcce
** MPI level: SK_MPI_LEVEL is MPI_VERSION of the mpi.h in use, or 1 with -DSKAMPI_MPI1
** (the code then behaves as on an MPI-1 library and calls MPI-1.1 functions only).
*/
#ifndef SK_CONFIG_H
#define SK_CONFIG_H

/* Files, locks, process ids and terminals are POSIX (filepaths.c, runlog.c): declare it
** before the first system header. */
#if !defined(_POSIX_C_SOURCE) && !defined(_XOPEN_SOURCE)
#define _POSIX_C_SOURCE 200112L
#endif

#define SKAMPI_VERSION "0.1.0"

/* Linux: sched_getaffinity and CPU_COUNT (host.c) need _GNU_SOURCE before the first
** system header; SKAMPI_NO_AFFINITY leaves it out (then only the processors online count). */
#if defined(__linux__) && !defined(_GNU_SOURCE) && !defined(SKAMPI_NO_AFFINITY)
#define _GNU_SOURCE 1
#endif

#if defined(SKAMPI_SEQ) && defined(SKAMPI_RCCE)
#error "choose one backend: SKAMPI_SEQ or SKAMPI_RCCE (or neither for MPI)"
#endif
#if !defined(SKAMPI_SEQ) && !defined(SKAMPI_RCCE)
#define SKAMPI_MPI 1
#endif

#ifdef SKAMPI_MPI
#include <mpi.h>
#if defined(SKAMPI_MPI1)
#define SK_MPI_LEVEL 1
#elif defined(MPI_VERSION)
#define SK_MPI_LEVEL MPI_VERSION
#else
#define SK_MPI_LEVEL 1
#endif
/* MPI-3 removed some MPI-1 names (MPI_Type_extent, MPI_Type_hvector, MPI_Attr_get, ...)
** and current libraries no longer declare them: their MPI-2 replacements are used
** whenever the mpi.h in use is MPI-2 or later, even in the -DSKAMPI_MPI1 build. */
#if defined(MPI_VERSION) && MPI_VERSION >= 2
#define SK_MPI_REPLACED_NAMES 1
#else
#define SK_MPI_REPLACED_NAMES 0
#endif
#define SK_BACKEND_NAME "MPI"
#endif

/* A simulated platform: SimGrid's SMPI (smpicc, smpirun) runs the ranks as threads of one
** process against a platform file, in simulated time. Its mpi.h includes smpi/smpi.h,
** which defines SMPI_H and SMPI_SAMPLE_DELAY; no other MPI's does. Then skampi's waits
** hand simulated time forward (host.c), the hosts are the platform's (oversub.c), the
** clock is the simulator's (transport_mpi.c) and the header says so (header.c). */
#if defined(SKAMPI_MPI) && defined(SMPI_H) && defined(SMPI_SAMPLE_DELAY)
#define SK_SIMULATED 1
#else
#define SK_SIMULATED 0
#endif

#ifdef SKAMPI_RCCE
#include <RCCE.h>   /* angle brackets: sk21f keeps system-style includes */
#include <iRCCE.h>
#define SK_BACKEND_NAME "RCCE"
#endif

#ifdef SKAMPI_SEQ
#define SK_BACKEND_NAME "sequential"
#endif

/* Registry rows name functions that exist only with MPI (MPI-2): elsewhere they are NULL. */
#ifdef SKAMPI_MPI
#define SK_IF_MPI(f) f
#else
#define SK_IF_MPI(f) NULL
#endif
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 2
#define SK_IF_MPI2(f) f
#else
#define SK_IF_MPI2(f) NULL
#endif
/* MPI-3 (non-blocking and neighbourhood collectives and MPI_Exscan's companions, matched
** probes, one-sided atomics, request-based and shared-memory windows): where mpi.h
** declares MPI_VERSION 3 or later; never in the -DSKAMPI_MPI1 build. */
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 3
#define SK_IF_MPI3(f) f
#else
#define SK_IF_MPI3(f) NULL
#endif
/* MPI-4 (persistent collectives, partitioned point-to-point, large counts, MPI_Isendrecv,
** sessions): where mpi.h declares MPI_VERSION 4 or later; never in the -DSKAMPI_MPI1 build. */
#if defined(SKAMPI_MPI) && SK_MPI_LEVEL >= 4
#define SK_IF_MPI4(f) f
#else
#define SK_IF_MPI4(f) NULL
#endif
/* MPI-IO (MPI-2 chapter 9): where the library is MPI-2 or later, or -DUSE_MPI_IO says an
** MPI-1 library has it (ROMIO on an MPI-1.2 library); never in the -DSKAMPI_MPI1 build. */
#if defined(SKAMPI_MPI) && !defined(SKAMPI_MPI1) && (SK_MPI_LEVEL >= 2 || defined(USE_MPI_IO))
#define SK_HAVE_MPI_IO 1
#define SK_IF_MPIIO(f) f
#else
#define SK_HAVE_MPI_IO 0
#define SK_IF_MPIIO(f) NULL
#endif

/* In the amalgam every internal function is static, with no "unused" attribute: a
** function nothing calls is a compiler warning there (code only tests call sits under
** #ifdef SKAMPI_TESTING). */
#ifdef SKAMPI_AMALGAM
#define SK_API static
#else
#define SK_API
#endif

/* SK_NOINLINE: a function that runs once, beside the measurements' calls, kept out of its
** caller's frame. The compiler would otherwise inline a static function called once, and
** its locals would stay on the stack under every measurement: under a simulator every
** rank has a stack of its own, and the deepest page it touches is memory it holds
** (doc/simulated.md, "skampi's own cost"). */
/* Writable data: under SMPI with mmap privatisation every simulated rank holds its own copy
** of the program's writable data (what stays writable after relocation: the tail of the
** lazy-binding table, .data and .bss), page by page, as it holds its own stack. skampi's
** fits one page, as a plain MPI program's does (tests/simulated, f0: a second page was
** 4 KB per rank, 256 MB at 65,536 ranks): a static table or buffer of more than a few
** dozen bytes is made on first use (value.c, oversub.c, output.c, io_files.c, ...). */
#if defined(__GNUC__)
#define SK_NOINLINE __attribute__((noinline))
#else
#define SK_NOINLINE
#endif

#endif
