/*
 * rcce_emu.c - host emulator of the RCCE (1.0.x, simplified interface) and
 * iRCCE APIs declared in RCCE.h and iRCCE.h.  Written from scratch from the
 * published API description (RCCE and iRCCE documentation); no third-party code.
 *
 * This file owns the whole run-time model: the shared segment, the
 * message-passing buffers (MPBs) and flags, the send/receive engine shared
 * by RCCE and iRCCE, barriers, collectives, communicators and the optional
 * mesh-latency model.  The launcher is tools/rcce/rccerun.c.
 *
 * Build (C89 + POSIX; no extra libraries with gcc or clang):
 *   cc -Itools/rcce -o prog prog.c tools/rcce/rcce_emu.c
 *   cc -o tools/rcce/rccerun tools/rcce/rccerun.c
 *   SCC-like 32-bit build: add -m32 -march=pentium to both lines.
 *   (Compilers that do not define __GNUC__ get a pthread mutex as memory
 *   barrier: add -pthread there.)
 * Run:
 *   tools/rcce/rccerun -nue N [-f hostfile] ./prog args...
 *   A program started without rccerun runs as a single UE (UE 0 of 1).
 *
 * Environment:
 *   RCCE_EMU_SHM      path of the shared segment file (set by rccerun)
 *   RCCE_EMU_NUE      number of UEs, 1..48 (set by rccerun)
 *   RCCE_EMU_UE       this process's UE number, 0..NUE-1 (set by rccerun)
 *   RCCE_EMU_MESH     1 = add the SCC mesh latency model (default 0 = off)
 *   RCCE_EMU_HOP_NS   nanoseconds per router per chunk for the mesh model
 *                     (default 2000, range 0..10000000)
 *   RCCE_EMU_TIMEOUT  seconds one wait may last before the UE gives up with
 *                     a "deadlock?" error (default 0 = wait for ever)
 *   RCCE_EMU_TIME     "model" = virtual time (below); "real" (default) =
 *                     RCCE_wtime is the host's monotonic clock
 *   RCCE_EMU_TIME_MODEL  set BY the emulator in model mode: one line naming
 *                     the model and its parameters, for the program's output
 *
 * Model:
 *   N UE processes map ONE shared segment (a zero-filled file, MAP_SHARED).
 *   Every UE owns a block in it holding its 8 KB MPB (RCCE_BUFF_SIZE_MAX
 *   payload bytes) and its flags, one 32-byte line per flag:
 *     sent[s]   in receiver r's block: set by sender s when a chunk for r is
 *               in s's MPB, reset by r after copying it;
 *     ready[r]  in sender s's block: set by r after it copied the chunk,
 *               reset by s before it puts the next one;
 *     64 communicator flag lines (two per communicator, for its barrier);
 *     one message header line (chunk bytes, message bytes, offset) that lets
 *     the receiver detect size mismatches, which are fatal.
 *   RCCE_send / RCCE_recv are synchronous: a message moves in chunks of at
 *   most RCCE_BUFF_SIZE_MAX bytes; the sender copies a chunk into ITS OWN
 *   MPB and raises sent[], the receiver copies it out and raises ready[];
 *   neither returns before the whole message moved.  Like RCCE, a message of
 *   0 bytes moves nothing and does not synchronise.  Blocking calls are
 *   queued in the same queues as iRCCE requests (one send queue, one receive
 *   queue per source) so that they match non-blocking calls and keep order.
 *   Every wait yields the CPU (sched_yield, then nanosleep backoff), so 48
 *   UEs run on a 2-core host.  A wait on a UE that has exited (or finalized)
 *   is a fatal error, as is a request from rccerun to abort, so a dead UE
 *   never leaves the others spinning.
 *
 * Mesh model (RCCE_EMU_MESH=1): UE i runs on SCC core i; core c sits on tile
 *   t = c / 2 at x = t % 6, y = t / 6.  A chunk between cores a and b costs
 *   routers(a, b) * RCCE_EMU_HOP_NS of busy waiting at the receiver, where
 *   routers = |dx| + |dy| + 1 counts the routers passed including the one of
 *   the sender's own tile (the thesis' counting: core 0 to 1 passes 1 router,
 *   0 to 2 passes 2, 0 to 47 passes 9).
 *
 * Virtual time (RCCE_EMU_TIME=model): every UE carries a virtual clock
 *   (seconds, 0 at RCCE_init) that only the cost model below advances; the
 *   host's speed and load do not enter, so the same run gives the same times.
 *   RCCE_wtime returns the clock (and costs EMU_TIMER_READ).  A chunk of L
 *   lines from core S to core R (r routers apart, routers as above):
 *     S: puts the L lines into its own MPB, L * line(1), then writes the sent
 *        flag in R's MPB, line(r): the chunk is announced at that time;
 *     R: sees the flag at max(announced, its clock) + line(1) (one poll of its
 *        own MPB), gets the L lines from S's MPB, L * line(r), and writes the
 *        ready flag in S's MPB, line(r);
 *     S: sees ready at max(that, its clock) + line(1); the MPB is free again.
 *   line(r) = EMU_LINE_CORE_CYCLES / core clock
 *             + 2 * r * EMU_ROUTER_MESH_CYCLES / mesh clock
 *   is one 32-byte line moved between a core and an MPB r routers away
 *   (request and reply each pass the routers).  So a blocking receive ends at
 *   max(arrival, the receiver's clock) plus its copy.  The times travel with
 *   the flags (a double in the flag's line).  Barrier: every member writes its
 *   gather flag (line(1)); member 0 polls them in rank order, each at
 *   max(written, its clock) + line(r), and writes the release flag (line(1));
 *   the members see it at max(released, own clock) + line(r).
 *   Each request of iRCCE has its own timeline starting at the clock when it
 *   was posted; sends use the one MPB in posting order, receives from one
 *   source in order; the clock moves to a request's end when the program
 *   waits for it.  A test (iRCCE_*_test, test_all, test_any) and wait_any
 *   first let the requests complete on the host, then answer by the virtual
 *   clock (so a test before the partner has acted waits for it: programs
 *   that test and only then do what the partner needs are not supported);
 *   RCCE_recv_test answers by the host's state.  Copies of requests that
 *   are in flight at the same time overlap (the core is not modelled as one
 *   serial copy engine), and contention on the mesh, the caches and the
 *   off-chip memory are not modelled.  Parameters: emu_model_parameters
 *   below, with their sources.
 *
 * Communicators: RCCE_comm_split is collective over all UEs (every UE must
 *   call it, and every UE must split and free communicators in the same
 *   order, so that all members pick the same flag lines).  At most 31
 *   communicators besides RCCE_COMM_WORLD exist at once.
 */
#define _POSIX_C_SOURCE 200112L
#define _XOPEN_SOURCE 600

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#if !defined(__GNUC__)
#include <pthread.h>
#endif

#include "RCCE.h"
#include "iRCCE.h"

/* ------------------------------------------------------------------------
 * Segment layout.  The header part is a contract with rccerun.c: keep the
 * two files in step.
 *   bytes [0, EMU_HEADER_BYTES): array of int
 *     [EMU_HDR_MAGIC]     EMU_MAGIC once initialised by rccerun
 *     [EMU_HDR_NUE]       number of UEs
 *     [EMU_HDR_ABORT]     nonzero: a UE failed (set by rccerun or by the
 *                         failing UE); every UE must exit failing
 *     [EMU_HDR_STATE + u] state of UE u: EMU_UE_* below
 *   then one block of EMU_BLOCK_BYTES per UE (private to this file).
 *   The file holds at least EMU_HEADER_BYTES + N * EMU_BLOCK_BYTES bytes.
 * ---------------------------------------------------------------------- */
#define EMU_MAGIC               0x52434345
#define EMU_HEADER_BYTES        65536UL
#define EMU_BLOCK_BYTES         65536UL
#define EMU_HDR_MAGIC           0
#define EMU_HDR_NUE             1
#define EMU_HDR_ABORT           2
#define EMU_HDR_STATE           8
#define EMU_UE_NOT_STARTED      0
#define EMU_UE_RUNNING          1
#define EMU_UE_GONE             2

/* Lines of a UE block (RCCE_LINE_SIZE bytes each). */
#define EMU_SENT_LINE(sender)       (sender)
#define EMU_READY_LINE(receiver)    (RCCE_MAXNP + (receiver))
#define EMU_COMM_FLAG_LINES         64
#define EMU_COMM_FLAG_LINE(slot)    (2 * RCCE_MAXNP + (slot))
#define EMU_MESSAGE_HEADER_LINE     (2 * RCCE_MAXNP + EMU_COMM_FLAG_LINES)
#define EMU_MPB_OFFSET              8192UL
#define EMU_CHUNK_BYTES             ((size_t)RCCE_BUFF_SIZE_MAX)

/* Compile-time check: the flag lines end before the MPB begins, and the
   block holds the MPB (a negative array size fails to compile). */
typedef char emu_layout_check[
    ((EMU_MESSAGE_HEADER_LINE + 1) * RCCE_LINE_SIZE <= EMU_MPB_OFFSET
     && EMU_MPB_OFFSET + RCCE_BUFF_SIZE_MAX <= EMU_BLOCK_BYTES) ? 1 : -1];

/* Stages of a send request. */
#define EMU_SEND_PUT            0   /* next chunk must be put in the MPB */
#define EMU_SEND_WAIT_READY     1   /* chunk in the MPB, awaiting ready  */

/* Waiting: yield for a while, then sleep with a growing period. */
#define EMU_YIELD_SECONDS       0.002
#define EMU_FIRST_SLEEP_NS      20000L
#define EMU_MAX_SLEEP_NS        1000000L

#define EMU_DEFAULT_HOP_NS      2000L

/* The virtual-time model's parameters, one table (values and sources).
   Frequencies: the thesis' runs (Pichler 2013, "Implementation of two
   Broadcast Algorithms on the Intel SCC", §3.2: cores sped up from 533 to
   800 MHz, "buffer" (mesh and MPB) from 800 to 1066 MHz).  Routers: the
   thesis' counting (§3, figure 4: the router of the own tile counts, core 0
   to 47 passes nine).  Router pipeline and line cost: the SCC External
   Architecture Specification (Intel 2010, the thesis' reference [4]) as
   recalled, not checked against the document here.  The timer read is an
   assumption of this model (the thesis gives none).  Nothing here was tuned
   to reproduce the thesis' broadcast times. */
struct emu_model_parameter {
    const char *name;
    double value;
    const char *unit;
    const char *source;
};

static const struct emu_model_parameter emu_model_parameters[] = {
    { "core clock", 800.0, "MHz", "Pichler 2013 §3.2" },
    { "mesh clock", 1066.0, "MHz", "Pichler 2013 §3.2 (buffer frequency)" },
    { "router", 4.0, "mesh cycles per router and direction",
      "SCC EAS (Pichler 2013 ref. [4])" },
    { "MPB line", 45.0, "core cycles per 32-byte line (put, get, flag)",
      "SCC EAS (Pichler 2013 ref. [4])" },
    { "timer read", 50.0, "core cycles per RCCE_wtime", "model assumption" }
};

#define EMU_CORE_MHZ            (emu_model_parameters[0].value)
#define EMU_MESH_MHZ            (emu_model_parameters[1].value)
#define EMU_ROUTER_MESH_CYCLES  (emu_model_parameters[2].value)
#define EMU_LINE_CORE_CYCLES    (emu_model_parameters[3].value)
#define EMU_TIMER_READ_CYCLES   (emu_model_parameters[4].value)
#define EMU_MODEL_PARAMETERS \
    ((int)(sizeof emu_model_parameters / sizeof emu_model_parameters[0]))

/* Where the virtual time of a flag travels: a double in the flag's line. */
#define EMU_STAMP_OFFSET        8

RCCE_COMM RCCE_COMM_WORLD;

static int emu_initialized;
static int emu_ue;
static int emu_num_ues;
static unsigned char *emu_segment;
static size_t emu_segment_bytes;
static int emu_segment_is_mapped;
static volatile int *emu_header;
static pid_t emu_launcher_pid;
static const char *emu_segment_path;   /* from getenv, shared mode only */
static int emu_mesh_enabled;
static long emu_hop_ns = EMU_DEFAULT_HOP_NS;
static double emu_timeout_seconds;
static int emu_exit_handler_registered;
static unsigned char emu_comm_slot_used[EMU_COMM_FLAG_LINES];
static int emu_virtual;                 /* RCCE_EMU_TIME=model */
static double emu_vclock;               /* this UE's virtual clock, s */
static double emu_mpb_free_vtime;       /* when the last send freed the MPB */
static double emu_recv_free_vtime[RCCE_MAXNP];  /* last receive per source */

static iRCCE_SEND_REQUEST *emu_send_head;
static iRCCE_SEND_REQUEST *emu_send_tail;
static iRCCE_RECV_REQUEST *emu_recv_head[RCCE_MAXNP];
static iRCCE_RECV_REQUEST *emu_recv_tail[RCCE_MAXNP];

struct emu_wait {
    double start;
    unsigned long rounds;
    long sleep_ns;              /* 0 while still yielding */
};

/* ------------------------------------------------------------------------
 * Small helpers
 * ---------------------------------------------------------------------- */

/* Full memory barrier around flag writes and reads. */
static void emu_fence(void)
{
#if defined(__GNUC__)
    __sync_synchronize();
#else
    /* POSIX: locking a mutex synchronises memory. */
    static pthread_mutex_t fence_lock = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&fence_lock);
    pthread_mutex_unlock(&fence_lock);
#endif
}

static double emu_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* Reports a fatal error as one line on stderr, asks every other UE to stop
   (so that they exit quietly instead of reporting this UE as gone) and
   exits failing.  If another UE has already failed, exits quietly. */
static void emu_fatal(const char *format, ...)
{
    char line[512];
    size_t length;
    int prefix;
    va_list args;

    fflush(stdout);
    if (emu_header != NULL && emu_header[EMU_HDR_ABORT] != 0)
        exit(EXIT_FAILURE);
    prefix = sprintf(line, "rcce_emu: UE %d: ", emu_ue);
    va_start(args, format);
    vsnprintf(line + prefix, sizeof line - (size_t)prefix - 1, format, args);
    va_end(args);
    length = strlen(line);
    line[length++] = '\n';
    if (write(STDERR_FILENO, line, length) < 0) {
        /* nothing left to report to */
    }
    if (emu_header != NULL) {
        emu_fence();
        emu_header[EMU_HDR_ABORT] = 1;
        emu_fence();
    }
    exit(EXIT_FAILURE);
}

static unsigned char *emu_block(int ue)
{
    return emu_segment + EMU_HEADER_BYTES + (size_t)ue * EMU_BLOCK_BYTES;
}

static t_vcharp emu_flag(int ue, int line)
{
    return (t_vcharp)(emu_block(ue) + (size_t)line * RCCE_LINE_SIZE);
}

static unsigned char *emu_mpb(int ue)
{
    return emu_block(ue) + EMU_MPB_OFFSET;
}

/* [0] chunk bytes, [1] message bytes, [2] offset of the chunk */
static volatile size_t *emu_message_header(int ue)
{
    return (volatile size_t *)(void *)(emu_block(ue)
        + (size_t)EMU_MESSAGE_HEADER_LINE * RCCE_LINE_SIZE);
}

static int emu_ue_gone(int ue)
{
    return emu_header[EMU_HDR_STATE + ue] == EMU_UE_GONE;
}

static void emu_set_state(int state)
{
    if (emu_header != NULL) {
        emu_fence();
        emu_header[EMU_HDR_STATE + emu_ue] = state;
        emu_fence();
    }
}

static void emu_mark_gone_at_exit(void)
{
    emu_set_state(EMU_UE_GONE);
}

/* Reads an integer environment variable; returns fallback if unset. */
static int emu_env_long(const char *name, long fallback, long min, long max,
                        long *value)
{
    const char *text = getenv(name);
    char *end;
    long parsed;

    *value = fallback;
    if (text == NULL || *text == '\0')
        return 1;
    errno = 0;
    parsed = strtol(text, &end, 10);
    if (errno != 0 || *end != '\0' || parsed < min || parsed > max) {
        fprintf(stderr, "rcce_emu: %s=%s is not a number in %ld..%ld\n",
                name, text, min, max);
        return 0;
    }
    *value = parsed;
    return 1;
}

/* ------------------------------------------------------------------------
 * Waiting
 * ---------------------------------------------------------------------- */

static void emu_wait_begin(struct emu_wait *wait)
{
    wait->start = emu_now();
    wait->rounds = 0;
    wait->sleep_ns = 0;
}

/* Checks that apply to every wait: abort request, launcher gone, timeout. */
static void emu_check_wait_health(const struct emu_wait *wait)
{
    if (emu_header[EMU_HDR_ABORT] != 0)
        exit(EXIT_FAILURE);     /* rccerun reports the UE that failed */
    if (emu_segment_is_mapped && getppid() != emu_launcher_pid) {
        /* rccerun was killed and cannot remove the segment file any more;
           every UE has it mapped already, so removing it here is safe. */
        if (emu_segment_path != NULL)
            unlink(emu_segment_path);
        emu_fatal("the launcher (rccerun) has gone; exiting");
    }
    if (emu_timeout_seconds > 0.0
        && emu_now() - wait->start > emu_timeout_seconds)
        emu_fatal("no progress for %g s (deadlock?); RCCE_EMU_TIMEOUT",
                  emu_timeout_seconds);
}

/* Gives the CPU away once.  Returns nonzero when the caller should run its
   (slower) checks for partners that have gone. */
static int emu_wait_pause(struct emu_wait *wait)
{
    wait->rounds++;
    if (wait->sleep_ns == 0) {
        sched_yield();
        if ((wait->rounds & 31UL) != 0)
            return 0;
        if (emu_now() - wait->start > EMU_YIELD_SECONDS)
            wait->sleep_ns = EMU_FIRST_SLEEP_NS;
    } else {
        struct timespec pause;
        pause.tv_sec = 0;
        pause.tv_nsec = wait->sleep_ns;
        nanosleep(&pause, NULL);
        wait->sleep_ns *= 2;
        if (wait->sleep_ns > EMU_MAX_SLEEP_NS)
            wait->sleep_ns = EMU_MAX_SLEEP_NS;
    }
    emu_check_wait_health(wait);
    return 1;
}

/* ------------------------------------------------------------------------
 * Mesh model
 * ---------------------------------------------------------------------- */

static int emu_routers_between(int core_a, int core_b)
{
    int tile_a = core_a / 2;
    int tile_b = core_b / 2;
    int dx = tile_a % 6 - tile_b % 6;
    int dy = tile_a / 6 - tile_b / 6;

    if (dx < 0)
        dx = -dx;
    if (dy < 0)
        dy = -dy;
    return dx + dy + 1;
}

/* Busy waits for the time one chunk needs on the mesh.  Bounded (at most
   9 * RCCE_EMU_HOP_NS), so it does not yield. */
static void emu_mesh_delay(int other_ue)
{
    double until;

    if (!emu_mesh_enabled || emu_hop_ns <= 0 || emu_virtual)
        return;
    until = emu_now()
        + (double)emu_routers_between(emu_ue, other_ue) * (double)emu_hop_ns
          * 1e-9;
    while (emu_now() < until) {
        /* modelled time on the mesh */
    }
}

/* ------------------------------------------------------------------------
 * Virtual time (RCCE_EMU_TIME=model)
 * ---------------------------------------------------------------------- */

/* One 32-byte line between this core and the MPB of `other_ue`. */
static double emu_line_vtime(int other_ue)
{
    return EMU_LINE_CORE_CYCLES / (EMU_CORE_MHZ * 1e6)
        + 2.0 * (double)emu_routers_between(emu_ue, other_ue)
          * EMU_ROUTER_MESH_CYCLES / (EMU_MESH_MHZ * 1e6);
}

static double emu_lines_vtime(size_t bytes, int other_ue)
{
    return (double)((bytes + RCCE_LINE_SIZE - 1) / RCCE_LINE_SIZE)
        * emu_line_vtime(other_ue);
}

static double emu_later(double a, double b)
{
    return a > b ? a : b;
}

/* The virtual time that travels with a flag; written before the flag is
   raised, read after it was seen (the fences around flags order both). */
static void emu_stamp_write(t_vcharp flag, double vtime)
{
    *(volatile double *)(volatile void *)(flag + EMU_STAMP_OFFSET) = vtime;
}

static double emu_stamp_read(t_vcharp flag)
{
    return *(volatile double *)(volatile void *)(flag + EMU_STAMP_OFFSET);
}

/* The program has seen something that ended at virtual time `vtime`. */
static void emu_clock_reach(double vtime)
{
    if (emu_virtual && vtime > emu_vclock)
        emu_vclock = vtime;
}

/* A test that answers "not yet" polled a flag of its own MPB once. */
static void emu_clock_poll(void)
{
    if (emu_virtual)
        emu_vclock += emu_line_vtime(emu_ue);
}

/* The line RCCE_init puts into RCCE_EMU_TIME_MODEL. */
static void emu_describe_model(char *text, size_t size)
{
    char item[160];
    int i;

    sprintf(text, "times are virtual, from the emulator's SCC cost model"
            " (RCCE_EMU_TIME=model)");
    for (i = 0; i < EMU_MODEL_PARAMETERS; i++) {
        sprintf(item, "%s %s %g %.60s [%.50s]", i == 0 ? ":" : ";",
                emu_model_parameters[i].name, emu_model_parameters[i].value,
                emu_model_parameters[i].unit, emu_model_parameters[i].source);
        if (strlen(text) + strlen(item) + 1 < size)
            strcat(text, item);
    }
}

/* ------------------------------------------------------------------------
 * Message engine: requests, queues, progress
 * ---------------------------------------------------------------------- */

/* Moves a send request forward; returns nonzero once it has finished. */
static int emu_advance_send(iRCCE_SEND_REQUEST *request)
{
    t_vcharp ready = emu_flag(emu_ue, EMU_READY_LINE(request->dest));

    for (;;) {
        if (request->stage == EMU_SEND_PUT) {
            volatile size_t *message_header;
            size_t chunk;

            if (request->moved == request->size) {
                emu_mpb_free_vtime = request->vtime;
                request->finished = 1;
                return 1;
            }
            chunk = request->size - request->moved;
            if (chunk > EMU_CHUNK_BYTES)
                chunk = EMU_CHUNK_BYTES;
            if (emu_virtual) {
                if (request->moved == 0)
                    request->vtime = emu_later(request->vtime,
                                               emu_mpb_free_vtime);
                request->vtime += emu_lines_vtime(chunk, emu_ue)
                    + emu_line_vtime(request->dest);
                emu_stamp_write(emu_flag(request->dest,
                                         EMU_SENT_LINE(emu_ue)),
                                request->vtime);
            }
            memcpy(emu_mpb(emu_ue), request->buffer + request->moved, chunk);
            message_header = emu_message_header(emu_ue);
            message_header[0] = chunk;
            message_header[1] = request->size;
            message_header[2] = request->moved;
            request->chunk = chunk;
            emu_fence();
            *emu_flag(request->dest, EMU_SENT_LINE(emu_ue)) = RCCE_FLAG_SET;
            emu_fence();
            request->stage = EMU_SEND_WAIT_READY;
        }
        if (*ready != RCCE_FLAG_SET)
            return 0;
        emu_fence();
        if (emu_virtual)
            request->vtime = emu_later(request->vtime, emu_stamp_read(ready))
                + emu_line_vtime(emu_ue);
        *ready = RCCE_FLAG_UNSET;
        emu_fence();
        request->moved += request->chunk;
        request->stage = EMU_SEND_PUT;
    }
}

/* Moves a receive request forward; returns nonzero once it has finished. */
static int emu_advance_recv(iRCCE_RECV_REQUEST *request)
{
    int source = request->source;
    t_vcharp sent = emu_flag(emu_ue, EMU_SENT_LINE(source));

    for (;;) {
        volatile size_t *message_header;
        size_t chunk, total, offset, expected;

        if (request->moved == request->size) {
            emu_recv_free_vtime[source] = request->vtime;
            request->finished = 1;
            return 1;
        }
        if (*sent != RCCE_FLAG_SET)
            return 0;
        emu_fence();
        message_header = emu_message_header(source);
        chunk = message_header[0];
        total = message_header[1];
        offset = message_header[2];
        expected = request->size - request->moved;
        if (expected > EMU_CHUNK_BYTES)
            expected = EMU_CHUNK_BYTES;
        if (total != request->size || offset != request->moved
            || chunk != expected)
            emu_fatal("message size mismatch: receiving %lu bytes from UE %d,"
                      " which sends %lu bytes", (unsigned long)request->size,
                      source, (unsigned long)total);
        emu_mesh_delay(source);
        memcpy(request->buffer + request->moved, emu_mpb(source), chunk);
        if (emu_virtual) {
            request->vtime = emu_later(emu_later(request->vtime,
                                                 emu_recv_free_vtime[source]),
                                       emu_stamp_read(sent))
                + emu_line_vtime(emu_ue) + emu_lines_vtime(chunk, source)
                + emu_line_vtime(source);
            emu_stamp_write(emu_flag(source, EMU_READY_LINE(emu_ue)),
                            request->vtime);
        }
        emu_fence();
        *sent = RCCE_FLAG_UNSET;
        emu_fence();
        *emu_flag(source, EMU_READY_LINE(emu_ue)) = RCCE_FLAG_SET;
        emu_fence();
        request->moved += chunk;
    }
}

static void emu_progress_sends(void)
{
    while (emu_send_head != NULL && emu_advance_send(emu_send_head)) {
        iRCCE_SEND_REQUEST *done = emu_send_head;
        emu_send_head = done->next;
        if (emu_send_head == NULL)
            emu_send_tail = NULL;
        done->next = NULL;
    }
}

static void emu_progress_recvs_from(int source)
{
    while (emu_recv_head[source] != NULL
           && emu_advance_recv(emu_recv_head[source])) {
        iRCCE_RECV_REQUEST *done = emu_recv_head[source];
        emu_recv_head[source] = done->next;
        if (emu_recv_head[source] == NULL)
            emu_recv_tail[source] = NULL;
        done->next = NULL;
    }
}

static void emu_progress_all(void)
{
    int source;

    emu_progress_sends();
    for (source = 0; source < emu_num_ues; source++)
        if (emu_recv_head[source] != NULL)
            emu_progress_recvs_from(source);
}

static int emu_recvs_pending(void)
{
    int source;

    for (source = 0; source < emu_num_ues; source++)
        if (emu_recv_head[source] != NULL)
            return 1;
    return 0;
}

/* The head of the send queue waits for a UE that has gone: fatal. */
static void emu_check_send_blocker(void)
{
    iRCCE_SEND_REQUEST *head = emu_send_head;

    if (head == NULL || !emu_ue_gone(head->dest))
        return;
    emu_fence();
    emu_progress_sends();
    if (emu_send_head == head)
        emu_fatal("UE %d has exited without receiving the %lu-byte message"
                  " sent to it", head->dest, (unsigned long)head->size);
}

/* The head of a receive queue waits for a UE that has gone: fatal. */
static void emu_check_recv_blocker(int source)
{
    iRCCE_RECV_REQUEST *head = emu_recv_head[source];

    if (head == NULL || !emu_ue_gone(source))
        return;
    emu_fence();
    emu_progress_recvs_from(source);
    if (emu_recv_head[source] == head)
        emu_fatal("UE %d has exited without sending the %lu-byte message"
                  " expected from it", source, (unsigned long)head->size);
}

/* Both waits start their backoff (yield, then sleep longer and longer) anew
   whenever a chunk of the request moved: a long multi-chunk message then
   keeps its pace instead of sleeping between chunks. */
static void emu_wait_send(iRCCE_SEND_REQUEST *request)
{
    struct emu_wait wait;
    size_t moved = request->moved;

    emu_wait_begin(&wait);
    for (;;) {
        emu_progress_all();
        if (request->finished)
            return;
        if (request->moved != moved) {
            moved = request->moved;
            emu_wait_begin(&wait);
        }
        if (emu_wait_pause(&wait))
            emu_check_send_blocker();
    }
}

static void emu_wait_recv(iRCCE_RECV_REQUEST *request)
{
    struct emu_wait wait;
    size_t moved = request->moved;

    emu_wait_begin(&wait);
    for (;;) {
        emu_progress_all();
        if (request->finished)
            return;
        if (request->moved != moved) {
            moved = request->moved;
            emu_wait_begin(&wait);
        }
        if (emu_wait_pause(&wait))
            emu_check_recv_blocker(request->source);
    }
}

/* Waits until flag line `line` of UE `ue` holds `value`. */
static void emu_wait_flag(int ue, int line, int value)
{
    t_vcharp flag = emu_flag(ue, line);
    struct emu_wait wait;

    emu_wait_begin(&wait);
    while (*flag != value) {
        emu_progress_all();
        if (*flag == value)
            break;
        if (emu_wait_pause(&wait) && emu_ue_gone(ue)) {
            emu_fence();
            if (*flag != value)
                emu_fatal("UE %d has exited without reaching the barrier",
                          ue);
        }
    }
    emu_fence();
}

static int emu_send_to_self_queued(void)
{
    iRCCE_SEND_REQUEST *request;

    for (request = emu_send_head; request != NULL; request = request->next)
        if (request->dest == emu_ue)
            return 1;
    return 0;
}

/* ------------------------------------------------------------------------
 * iRCCE
 * ---------------------------------------------------------------------- */

int iRCCE_init(void)
{
    return emu_initialized ? iRCCE_SUCCESS : RCCE_ERROR_NOT_INITIALIZED;
}

int iRCCE_isend(char *buf, size_t size, int dest, iRCCE_SEND_REQUEST *request)
{
    if (request == NULL)
        return RCCE_ERROR_ID;
    request->posted = 0;
    request->finished = 0;
    request->next = NULL;
    if (!emu_initialized)
        return RCCE_ERROR_NOT_INITIALIZED;
    if (dest < 0 || dest >= emu_num_ues)
        return RCCE_ERROR_TARGET;
    if (buf == NULL && size > 0)
        return RCCE_ERROR_MESSAGE_LENGTH;
    request->buffer = buf;
    request->size = size;
    request->moved = 0;
    request->chunk = 0;
    request->dest = dest;
    request->stage = EMU_SEND_PUT;
    request->vtime = emu_vclock;
    request->posted = 1;
    if (size == 0) {
        request->finished = 1;
        return iRCCE_SUCCESS;
    }
    if (emu_send_head == NULL) {
        emu_send_head = request;
        emu_send_tail = request;
        emu_progress_sends();
        return request->finished ? iRCCE_SUCCESS : iRCCE_PENDING;
    }
    emu_send_tail->next = request;
    emu_send_tail = request;
    return iRCCE_RESERVED;
}

int iRCCE_isend_test(iRCCE_SEND_REQUEST *request, int *flag)
{
    if (flag != NULL)
        *flag = 0;
    if (!emu_initialized)
        return RCCE_ERROR_NOT_INITIALIZED;
    if (request == NULL || !request->posted)
        return iRCCE_NOT_ENQUEUED;
    if (emu_virtual)
        emu_wait_send(request);
    if (!request->finished)
        emu_progress_all();
    if (!request->finished)
        return iRCCE_PENDING;
    if (emu_virtual && request->vtime > emu_vclock) {
        emu_clock_poll();
        return iRCCE_PENDING;
    }
    if (flag != NULL)
        *flag = 1;
    return iRCCE_SUCCESS;
}

int iRCCE_isend_wait(iRCCE_SEND_REQUEST *request)
{
    if (!emu_initialized)
        return RCCE_ERROR_NOT_INITIALIZED;
    if (request == NULL || !request->posted)
        return iRCCE_NOT_ENQUEUED;
    emu_wait_send(request);
    emu_clock_reach(request->vtime);
    return iRCCE_SUCCESS;
}

int iRCCE_isend_push(void)
{
    if (!emu_initialized)
        return RCCE_ERROR_NOT_INITIALIZED;
    emu_progress_all();
    return emu_send_head == NULL ? iRCCE_SUCCESS : iRCCE_PENDING;
}

int iRCCE_irecv(char *buf, size_t size, int source,
                iRCCE_RECV_REQUEST *request)
{
    if (request == NULL)
        return RCCE_ERROR_ID;
    request->posted = 0;
    request->finished = 0;
    request->next = NULL;
    if (!emu_initialized)
        return RCCE_ERROR_NOT_INITIALIZED;
    if (source < 0 || source >= emu_num_ues)
        return RCCE_ERROR_SOURCE;
    if (buf == NULL && size > 0)
        return RCCE_ERROR_MESSAGE_LENGTH;
    request->buffer = buf;
    request->size = size;
    request->moved = 0;
    request->source = source;
    request->vtime = emu_vclock;
    request->posted = 1;
    if (size == 0) {
        request->finished = 1;
        return iRCCE_SUCCESS;
    }
    if (emu_recv_head[source] == NULL) {
        emu_recv_head[source] = request;
        emu_recv_tail[source] = request;
        emu_progress_recvs_from(source);
        return request->finished ? iRCCE_SUCCESS : iRCCE_PENDING;
    }
    emu_recv_tail[source]->next = request;
    emu_recv_tail[source] = request;
    return iRCCE_RESERVED;
}

int iRCCE_irecv_test(iRCCE_RECV_REQUEST *request, int *flag)
{
    if (flag != NULL)
        *flag = 0;
    if (!emu_initialized)
        return RCCE_ERROR_NOT_INITIALIZED;
    if (request == NULL || !request->posted)
        return iRCCE_NOT_ENQUEUED;
    if (emu_virtual)
        emu_wait_recv(request);
    if (!request->finished)
        emu_progress_all();
    if (!request->finished)
        return iRCCE_PENDING;
    if (emu_virtual && request->vtime > emu_vclock) {
        emu_clock_poll();
        return iRCCE_PENDING;
    }
    if (flag != NULL)
        *flag = 1;
    return iRCCE_SUCCESS;
}

int iRCCE_irecv_wait(iRCCE_RECV_REQUEST *request)
{
    if (!emu_initialized)
        return RCCE_ERROR_NOT_INITIALIZED;
    if (request == NULL || !request->posted)
        return iRCCE_NOT_ENQUEUED;
    emu_wait_recv(request);
    emu_clock_reach(request->vtime);
    return iRCCE_SUCCESS;
}

int iRCCE_irecv_push(void)
{
    if (!emu_initialized)
        return RCCE_ERROR_NOT_INITIALIZED;
    emu_progress_all();
    return emu_recvs_pending() ? iRCCE_PENDING : iRCCE_SUCCESS;
}

/* ---- wait lists ---- */

static void emu_append_link(iRCCE_WAIT_LIST *list,
                            struct iRCCE_wait_link *link)
{
    link->next = NULL;
    if (list->last != NULL)
        list->last->next = link;
    else
        list->first = link;
    list->last = link;
}

/* A link is done when its request finished or was never posted. */
static int emu_link_done(const struct iRCCE_wait_link *link)
{
    if (link->is_send) {
        const iRCCE_SEND_REQUEST *request =
            (const iRCCE_SEND_REQUEST *)link->request;
        return request->finished || !request->posted;
    } else {
        const iRCCE_RECV_REQUEST *request =
            (const iRCCE_RECV_REQUEST *)link->request;
        return request->finished || !request->posted;
    }
}

static void emu_unlink(iRCCE_WAIT_LIST *list, struct iRCCE_wait_link *previous,
                       struct iRCCE_wait_link *link)
{
    if (previous != NULL)
        previous->next = link->next;
    else
        list->first = link->next;
    if (list->last == link)
        list->last = previous;
    link->next = NULL;
}

static void emu_check_list_blockers(const iRCCE_WAIT_LIST *list)
{
    const struct iRCCE_wait_link *link;

    for (link = list->first; link != NULL; link = link->next) {
        if (link->is_send)
            emu_check_send_blocker();
        else
            emu_check_recv_blocker(
                ((const iRCCE_RECV_REQUEST *)link->request)->source);
    }
}

/* ---- wait lists under virtual time: complete everything on the host, then
   answer by the virtual clock ---- */

static double emu_link_vtime(const struct iRCCE_wait_link *link)
{
    if (link->is_send)
        return ((const iRCCE_SEND_REQUEST *)link->request)->vtime;
    return ((const iRCCE_RECV_REQUEST *)link->request)->vtime;
}

static void emu_host_wait_list(const iRCCE_WAIT_LIST *list)
{
    const struct iRCCE_wait_link *link;
    struct emu_wait wait;

    emu_wait_begin(&wait);
    for (;;) {
        emu_progress_all();
        for (link = list->first; link != NULL; link = link->next)
            if (!emu_link_done(link))
                break;
        if (link == NULL)
            return;
        if (emu_wait_pause(&wait))
            emu_check_list_blockers(list);
    }
}

/* Virtual test/wait of all: nonzero (and the list emptied) when done. */
static int emu_virtual_all(iRCCE_WAIT_LIST *list, int waiting)
{
    struct iRCCE_wait_link *link;
    double last = emu_vclock;

    emu_host_wait_list(list);
    for (link = list->first; link != NULL; link = link->next)
        last = emu_later(last, emu_link_vtime(link));
    if (!waiting && last > emu_vclock) {
        emu_clock_poll();
        return 0;
    }
    emu_clock_reach(last);
    while (list->first != NULL)
        emu_unlink(list, NULL, list->first);
    return 1;
}

/* Virtual test/wait of any: the request that ended first in virtual time
   (the earlier in the list on a tie); NULL when none has ended yet. */
static struct iRCCE_wait_link *emu_virtual_any(iRCCE_WAIT_LIST *list,
                                               int waiting)
{
    struct iRCCE_wait_link *link, *previous, *best = NULL, *best_previous = NULL;

    emu_host_wait_list(list);
    for (previous = NULL, link = list->first; link != NULL;
         previous = link, link = link->next) {
        if (best == NULL || emu_link_vtime(link) < emu_link_vtime(best)) {
            best = link;
            best_previous = previous;
        }
    }
    if (!waiting && emu_link_vtime(best) > emu_vclock) {
        emu_clock_poll();
        return NULL;
    }
    emu_clock_reach(emu_link_vtime(best));
    emu_unlink(list, best_previous, best);
    return best;
}

static void emu_hand_out(const struct iRCCE_wait_link *link,
                         iRCCE_SEND_REQUEST **send_request,
                         iRCCE_RECV_REQUEST **recv_request)
{
    if (link->is_send) {
        if (send_request != NULL)
            *send_request = (iRCCE_SEND_REQUEST *)link->request;
    } else {
        if (recv_request != NULL)
            *recv_request = (iRCCE_RECV_REQUEST *)link->request;
    }
}

void iRCCE_init_wait_list(iRCCE_WAIT_LIST *list)
{
    if (list != NULL) {
        list->first = NULL;
        list->last = NULL;
    }
}

void iRCCE_add_to_wait_list(iRCCE_WAIT_LIST *list,
                            iRCCE_SEND_REQUEST *send_request,
                            iRCCE_RECV_REQUEST *recv_request)
{
    if (list == NULL)
        return;
    if (send_request != NULL) {
        send_request->wait_link.is_send = 1;
        send_request->wait_link.request = send_request;
        emu_append_link(list, &send_request->wait_link);
    }
    if (recv_request != NULL) {
        recv_request->wait_link.is_send = 0;
        recv_request->wait_link.request = recv_request;
        emu_append_link(list, &recv_request->wait_link);
    }
}

int iRCCE_test_all(iRCCE_WAIT_LIST *list, int *flag)
{
    struct iRCCE_wait_link *previous = NULL;
    struct iRCCE_wait_link *link;

    if (flag != NULL)
        *flag = 0;
    if (!emu_initialized)
        return RCCE_ERROR_NOT_INITIALIZED;
    if (list == NULL)
        return iRCCE_NOT_ENQUEUED;
    if (emu_virtual) {
        if (!emu_virtual_all(list, 0))
            return iRCCE_PENDING;
        if (flag != NULL)
            *flag = 1;
        return iRCCE_SUCCESS;
    }
    emu_progress_all();
    link = list->first;
    while (link != NULL) {
        struct iRCCE_wait_link *next = link->next;
        if (emu_link_done(link))
            emu_unlink(list, previous, link);
        else
            previous = link;
        link = next;
    }
    if (list->first != NULL)
        return iRCCE_PENDING;
    if (flag != NULL)
        *flag = 1;
    return iRCCE_SUCCESS;
}

int iRCCE_wait_all(iRCCE_WAIT_LIST *list)
{
    struct emu_wait wait;
    int rc;

    if (emu_initialized && list != NULL && emu_virtual) {
        emu_virtual_all(list, 1);
        return iRCCE_SUCCESS;
    }
    emu_wait_begin(&wait);
    for (;;) {
        rc = iRCCE_test_all(list, NULL);
        if (rc != iRCCE_PENDING)
            return rc;
        if (emu_wait_pause(&wait))
            emu_check_list_blockers(list);
    }
}

int iRCCE_test_any(iRCCE_WAIT_LIST *list, iRCCE_SEND_REQUEST **send_request,
                   iRCCE_RECV_REQUEST **recv_request)
{
    struct iRCCE_wait_link *previous = NULL;
    struct iRCCE_wait_link *link;

    if (send_request != NULL)
        *send_request = NULL;
    if (recv_request != NULL)
        *recv_request = NULL;
    if (!emu_initialized)
        return RCCE_ERROR_NOT_INITIALIZED;
    if (list == NULL)
        return iRCCE_NOT_ENQUEUED;
    if (list->first == NULL)
        return iRCCE_SUCCESS;
    if (emu_virtual) {
        link = emu_virtual_any(list, 0);
        if (link == NULL)
            return iRCCE_PENDING;
        emu_hand_out(link, send_request, recv_request);
        return iRCCE_SUCCESS;
    }
    emu_progress_all();
    for (link = list->first; link != NULL; previous = link, link = link->next) {
        if (!emu_link_done(link))
            continue;
        emu_unlink(list, previous, link);
        emu_hand_out(link, send_request, recv_request);
        return iRCCE_SUCCESS;
    }
    return iRCCE_PENDING;
}

int iRCCE_wait_any(iRCCE_WAIT_LIST *list, iRCCE_SEND_REQUEST **send_request,
                   iRCCE_RECV_REQUEST **recv_request)
{
    struct emu_wait wait;
    int rc;

    if (emu_initialized && list != NULL && list->first != NULL
        && emu_virtual) {
        if (send_request != NULL)
            *send_request = NULL;
        if (recv_request != NULL)
            *recv_request = NULL;
        emu_hand_out(emu_virtual_any(list, 1), send_request, recv_request);
        return iRCCE_SUCCESS;
    }
    emu_wait_begin(&wait);
    for (;;) {
        rc = iRCCE_test_any(list, send_request, recv_request);
        if (rc != iRCCE_PENDING)
            return rc;
        if (emu_wait_pause(&wait))
            emu_check_list_blockers(list);
    }
}

/* ------------------------------------------------------------------------
 * RCCE point to point
 * ---------------------------------------------------------------------- */

int RCCE_send(char *buf, size_t size, int dest)
{
    iRCCE_SEND_REQUEST request;
    int rc;

    if (!emu_initialized)
        return RCCE_ERROR_NOT_INITIALIZED;
    if (dest < 0 || dest >= emu_num_ues)
        return RCCE_ERROR_TARGET;
    /* A synchronous send to oneself can only complete into a receive
       request posted earlier. */
    if (dest == emu_ue && size > 0 && emu_recv_head[emu_ue] == NULL)
        return RCCE_ERROR_TARGET;
    rc = iRCCE_isend(buf, size, dest, &request);
    if (rc == iRCCE_PENDING || rc == iRCCE_RESERVED) {
        emu_wait_send(&request);
        rc = RCCE_SUCCESS;
    }
    if (rc == RCCE_SUCCESS)
        emu_clock_reach(request.vtime);
    return rc;
}

int RCCE_recv(char *buf, size_t size, int source)
{
    iRCCE_RECV_REQUEST request;
    int rc;

    if (!emu_initialized)
        return RCCE_ERROR_NOT_INITIALIZED;
    if (source < 0 || source >= emu_num_ues)
        return RCCE_ERROR_SOURCE;
    if (source == emu_ue && size > 0 && !emu_send_to_self_queued())
        return RCCE_ERROR_SOURCE;
    rc = iRCCE_irecv(buf, size, source, &request);
    if (rc == iRCCE_PENDING || rc == iRCCE_RESERVED) {
        emu_wait_recv(&request);
        rc = RCCE_SUCCESS;
    }
    if (rc == RCCE_SUCCESS)
        emu_clock_reach(request.vtime);
    return rc;
}

/* Receives only if the message from `source` has begun to arrive and no
   earlier receive from `source` is pending; *test tells whether it did. */
int RCCE_recv_test(char *buf, size_t size, int source, int *test)
{
    int rc;

    if (test == NULL)
        return RCCE_ERROR_ID;
    *test = 0;
    if (!emu_initialized)
        return RCCE_ERROR_NOT_INITIALIZED;
    if (source < 0 || source >= emu_num_ues)
        return RCCE_ERROR_SOURCE;
    emu_progress_all();
    if (emu_recv_head[source] != NULL)
        return RCCE_SUCCESS;
    if (size > 0 && *emu_flag(emu_ue, EMU_SENT_LINE(source)) != RCCE_FLAG_SET)
        return RCCE_SUCCESS;
    emu_fence();
    rc = RCCE_recv(buf, size, source);
    if (rc == RCCE_SUCCESS)
        *test = 1;
    return rc;
}

/* ------------------------------------------------------------------------
 * Communicators, barrier, collectives
 * ---------------------------------------------------------------------- */

static int emu_check_comm(const RCCE_COMM *comm)
{
    if (!emu_initialized)
        return RCCE_ERROR_NOT_INITIALIZED;
    if (comm == NULL || !comm->initialized || comm->size < 1
        || comm->size > emu_num_ues || comm->my_rank < 0
        || comm->my_rank >= comm->size
        || comm->member[comm->my_rank] != emu_ue)
        return RCCE_ERROR_COMM_UNDEFINED;
    return RCCE_SUCCESS;
}

/* Line number of a communicator flag, or -1 if it is not one. */
static int emu_comm_flag_line(RCCE_FLAG flag)
{
    t_vcharp first = emu_flag(emu_ue, EMU_COMM_FLAG_LINE(0));
    t_vcharp end = emu_flag(emu_ue, EMU_COMM_FLAG_LINE(EMU_COMM_FLAG_LINES));
    size_t offset;

    if (flag == NULL || flag < first || flag >= end)
        return -1;
    offset = (size_t)(flag - first);
    if (offset % RCCE_LINE_SIZE != 0)
        return -1;
    return EMU_COMM_FLAG_LINE((int)(offset / RCCE_LINE_SIZE));
}

/* Sense-reversing barrier: members toggle their gather flag, member 0
   waits for all of them and then toggles its release flag. */
int RCCE_barrier(RCCE_COMM *comm)
{
    int gather_line, release_line, rank, rc;
    int value;

    rc = emu_check_comm(comm);
    if (rc != RCCE_SUCCESS)
        return rc;
    gather_line = emu_comm_flag_line(comm->gather);
    release_line = emu_comm_flag_line(comm->release);
    if (gather_line < 0 || release_line < 0)
        return RCCE_ERROR_FLAG_UNDEFINED;
    if (comm->size == 1)
        return RCCE_SUCCESS;
    if (comm->my_rank == 0) {
        value = *emu_flag(emu_ue, release_line) == RCCE_FLAG_SET
            ? RCCE_FLAG_UNSET : RCCE_FLAG_SET;
        for (rank = 1; rank < comm->size; rank++) {
            emu_wait_flag(comm->member[rank], gather_line, value);
            emu_clock_reach(emu_stamp_read(emu_flag(comm->member[rank],
                                                    gather_line))
                            + emu_line_vtime(comm->member[rank]));
        }
        if (emu_virtual) {
            emu_vclock += emu_line_vtime(emu_ue);
            emu_stamp_write(emu_flag(emu_ue, release_line), emu_vclock);
        }
        emu_fence();
        *emu_flag(emu_ue, release_line) = (unsigned char)value;
        emu_fence();
    } else {
        value = *emu_flag(emu_ue, gather_line) == RCCE_FLAG_SET
            ? RCCE_FLAG_UNSET : RCCE_FLAG_SET;
        if (emu_virtual) {
            emu_vclock += emu_line_vtime(emu_ue);
            emu_stamp_write(emu_flag(emu_ue, gather_line), emu_vclock);
        }
        emu_fence();
        *emu_flag(emu_ue, gather_line) = (unsigned char)value;
        emu_fence();
        emu_wait_flag(comm->member[0], release_line, value);
        emu_clock_reach(emu_stamp_read(emu_flag(comm->member[0], release_line))
                        + emu_line_vtime(comm->member[0]));
    }
    return RCCE_SUCCESS;
}

int RCCE_bcast(char *buf, size_t size, int root, RCCE_COMM comm)
{
    int rank, rc;

    rc = emu_check_comm(&comm);
    if (rc != RCCE_SUCCESS)
        return rc;
    if (root < 0 || root >= comm.size)
        return RCCE_ERROR_ID;
    if (comm.my_rank != root)
        return RCCE_recv(buf, size, comm.member[root]);
    for (rank = 0; rank < comm.size; rank++) {
        if (rank == root)
            continue;
        rc = RCCE_send(buf, size, comm.member[rank]);
        if (rc != RCCE_SUCCESS)
            return rc;
    }
    return RCCE_SUCCESS;
}

static size_t emu_type_size(int type)
{
    switch (type) {
    case RCCE_INT:
        return sizeof(int);
    case RCCE_LONG:
        return sizeof(long);
    case RCCE_FLOAT:
        return sizeof(float);
    case RCCE_DOUBLE:
        return sizeof(double);
    default:
        return 0;
    }
}

/* acc[i] = acc[i] op in[i]; elements copied via memcpy, so buffers need no
   particular alignment. */
#define EMU_COMBINE(T)                                                      \
    for (i = 0; i < num; i++) {                                             \
        T mine, theirs;                                                     \
        memcpy(&mine, acc + (size_t)i * sizeof(T), sizeof(T));              \
        memcpy(&theirs, in + (size_t)i * sizeof(T), sizeof(T));             \
        switch (op) {                                                       \
        case RCCE_SUM:  mine = mine + theirs; break;                        \
        case RCCE_MIN:  if (theirs < mine) mine = theirs; break;            \
        case RCCE_MAX:  if (theirs > mine) mine = theirs; break;            \
        default:        mine = mine * theirs; break;                        \
        }                                                                   \
        memcpy(acc + (size_t)i * sizeof(T), &mine, sizeof(T));              \
    }

static void emu_combine(char *acc, const char *in, int num, int type, int op)
{
    int i;

    switch (type) {
    case RCCE_INT:
        EMU_COMBINE(int)
        break;
    case RCCE_LONG:
        EMU_COMBINE(long)
        break;
    case RCCE_FLOAT:
        EMU_COMBINE(float)
        break;
    default:
        EMU_COMBINE(double)
        break;
    }
}

static int emu_check_reduction(int num, int type, int op)
{
    if (emu_type_size(type) == 0)
        return RCCE_ERROR_ILLEGAL_TYPE;
    if (op != RCCE_SUM && op != RCCE_MIN && op != RCCE_MAX && op != RCCE_PROD)
        return RCCE_ERROR_ILLEGAL_OP;
    if (num < 0)
        return RCCE_ERROR_MESSAGE_LENGTH;
    return RCCE_SUCCESS;
}

/* Members send to the root; the root combines in rank order. */
int RCCE_reduce(char *inbuf, char *outbuf, int num, int type, int op,
                int root, RCCE_COMM comm)
{
    size_t bytes;
    char *incoming;
    int rank, rc;

    rc = emu_check_comm(&comm);
    if (rc == RCCE_SUCCESS)
        rc = emu_check_reduction(num, type, op);
    if (rc != RCCE_SUCCESS)
        return rc;
    if (root < 0 || root >= comm.size)
        return RCCE_ERROR_ID;
    bytes = (size_t)num * emu_type_size(type);
    if (comm.my_rank != root)
        return RCCE_send(inbuf, bytes, comm.member[root]);
    if (bytes > 0)
        memmove(outbuf, inbuf, bytes);
    if (comm.size == 1)
        return RCCE_SUCCESS;
    incoming = (char *)malloc(bytes > 0 ? bytes : 1);
    if (incoming == NULL)
        return RCCE_ERROR_MALLOC;
    for (rank = 0; rank < comm.size; rank++) {
        if (rank == root)
            continue;
        rc = RCCE_recv(incoming, bytes, comm.member[rank]);
        if (rc != RCCE_SUCCESS)
            break;
        emu_combine(outbuf, incoming, num, type, op);
    }
    free(incoming);
    return rc;
}

int RCCE_allreduce(char *inbuf, char *outbuf, int num, int type, int op,
                   RCCE_COMM comm)
{
    int rc;

    rc = RCCE_reduce(inbuf, outbuf, num, type, op, 0, comm);
    if (rc != RCCE_SUCCESS)
        return rc;
    return RCCE_bcast(outbuf, (size_t)num * emu_type_size(type), 0, comm);
}

static int emu_alloc_comm_slot(void)
{
    int slot;

    for (slot = 0; slot < EMU_COMM_FLAG_LINES; slot++) {
        if (!emu_comm_slot_used[slot]) {
            emu_comm_slot_used[slot] = 1;
            return slot;
        }
    }
    return -1;
}

int RCCE_comm_split(int (*color)(int ue, void *aux), void *aux,
                    RCCE_COMM *comm)
{
    int my_color, ue, gather_slot, release_slot, rc;

    if (!emu_initialized)
        return RCCE_ERROR_NOT_INITIALIZED;
    if (color == NULL || comm == NULL)
        return RCCE_ERROR_COMM_UNDEFINED;
    /* Everybody has finished all operations on freed communicators before
       anybody reuses their flag lines ... */
    rc = RCCE_barrier(&RCCE_COMM_WORLD);
    if (rc != RCCE_SUCCESS)
        return rc;
    my_color = color(emu_ue, aux);
    comm->size = 0;
    comm->my_rank = -1;
    comm->initialized = 0;
    for (ue = 0; ue < emu_num_ues; ue++) {
        if (color(ue, aux) != my_color)
            continue;
        if (ue == emu_ue)
            comm->my_rank = comm->size;
        comm->member[comm->size++] = ue;
    }
    for (ue = comm->size; ue < RCCE_MAXNP; ue++)
        comm->member[ue] = -1;
    gather_slot = emu_alloc_comm_slot();
    release_slot = emu_alloc_comm_slot();
    if (gather_slot < 0 || release_slot < 0) {
        if (gather_slot >= 0)
            emu_comm_slot_used[gather_slot] = 0;
        return RCCE_ERROR_FLAG_NOT_ALLOCATED;
    }
    *emu_flag(emu_ue, EMU_COMM_FLAG_LINE(gather_slot)) = RCCE_FLAG_UNSET;
    *emu_flag(emu_ue, EMU_COMM_FLAG_LINE(release_slot)) = RCCE_FLAG_UNSET;
    emu_fence();
    comm->gather = emu_flag(emu_ue, EMU_COMM_FLAG_LINE(gather_slot));
    comm->release = emu_flag(emu_ue, EMU_COMM_FLAG_LINE(release_slot));
    comm->initialized = 1;
    /* ... and nobody uses the new lines before everybody has reset them. */
    return RCCE_barrier(&RCCE_COMM_WORLD);
}

int RCCE_comm_free(RCCE_COMM *comm)
{
    int gather_line, release_line;

    if (!emu_initialized)
        return RCCE_ERROR_NOT_INITIALIZED;
    if (comm == NULL || !comm->initialized)
        return RCCE_ERROR_COMM_UNDEFINED;
    gather_line = emu_comm_flag_line(comm->gather);
    release_line = emu_comm_flag_line(comm->release);
    if (gather_line < 0 || release_line < 0)
        return RCCE_ERROR_FLAG_UNDEFINED;
    if (gather_line == EMU_COMM_FLAG_LINE(0)
        || release_line == EMU_COMM_FLAG_LINE(1))
        return RCCE_ERROR_COMM_UNDEFINED;   /* RCCE_COMM_WORLD stays */
    emu_comm_slot_used[gather_line - EMU_COMM_FLAG_LINE(0)] = 0;
    emu_comm_slot_used[release_line - EMU_COMM_FLAG_LINE(0)] = 0;
    comm->initialized = 0;
    return RCCE_SUCCESS;
}

int RCCE_comm_size(RCCE_COMM comm, int *size)
{
    int rc = emu_check_comm(&comm);

    if (rc == RCCE_SUCCESS && size == NULL)
        rc = RCCE_ERROR_ID;
    if (rc == RCCE_SUCCESS)
        *size = comm.size;
    return rc;
}

int RCCE_comm_rank(RCCE_COMM comm, int *rank)
{
    int rc = emu_check_comm(&comm);

    if (rc == RCCE_SUCCESS && rank == NULL)
        rc = RCCE_ERROR_ID;
    if (rc == RCCE_SUCCESS)
        *rank = comm.my_rank;
    return rc;
}

/* ------------------------------------------------------------------------
 * Core functions
 * ---------------------------------------------------------------------- */

static int emu_attach_shared_segment(const char *path)
{
    long num_ues, ue;
    struct stat status;
    size_t needed;
    void *mapping;
    int fd;

    if (!emu_env_long("RCCE_EMU_NUE", 0, 1, RCCE_MAXNP, &num_ues)
        || num_ues < 1
        || !emu_env_long("RCCE_EMU_UE", -1, 0, num_ues - 1, &ue)
        || ue < 0) {
        fprintf(stderr, "rcce_emu: RCCE_EMU_SHM is set, so RCCE_EMU_NUE"
                " (1..%d) and RCCE_EMU_UE (0..NUE-1) must be set too\n",
                RCCE_MAXNP);
        return 0;
    }
    emu_num_ues = (int)num_ues;
    emu_ue = (int)ue;
    needed = EMU_HEADER_BYTES + (size_t)emu_num_ues * EMU_BLOCK_BYTES;
    fd = open(path, O_RDWR);
    if (fd < 0) {
        fprintf(stderr, "rcce_emu: cannot open %s: %s\n", path,
                strerror(errno));
        return 0;
    }
    if (fstat(fd, &status) != 0 || (size_t)status.st_size < needed) {
        fprintf(stderr, "rcce_emu: %s is smaller than %lu bytes\n", path,
                (unsigned long)needed);
        close(fd);
        return 0;
    }
    mapping = mmap(NULL, needed, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (mapping == MAP_FAILED) {
        fprintf(stderr, "rcce_emu: cannot map %s: %s\n", path,
                strerror(errno));
        return 0;
    }
    emu_segment = (unsigned char *)mapping;
    emu_segment_bytes = needed;
    emu_segment_is_mapped = 1;
    emu_header = (volatile int *)mapping;
    if (emu_header[EMU_HDR_MAGIC] != EMU_MAGIC
        || emu_header[EMU_HDR_NUE] != emu_num_ues) {
        fprintf(stderr, "rcce_emu: %s was not prepared by rccerun for %d"
                " UEs\n", path, emu_num_ues);
        munmap(mapping, needed);
        emu_segment = NULL;
        emu_header = NULL;
        emu_segment_is_mapped = 0;
        return 0;
    }
    emu_launcher_pid = getppid();
    emu_segment_path = path;
    return 1;
}

/* Without rccerun: one UE in private memory. */
static int emu_attach_private_segment(void)
{
    emu_num_ues = 1;
    emu_ue = 0;
    emu_segment_bytes = EMU_HEADER_BYTES + EMU_BLOCK_BYTES;
    emu_segment = (unsigned char *)calloc(1, emu_segment_bytes);
    if (emu_segment == NULL)
        return 0;
    emu_segment_is_mapped = 0;
    emu_header = (volatile int *)(void *)emu_segment;
    emu_header[EMU_HDR_MAGIC] = EMU_MAGIC;
    emu_header[EMU_HDR_NUE] = 1;
    return 1;
}

static void emu_detach_segment(void)
{
    if (emu_segment == NULL)
        return;
    if (emu_segment_is_mapped)
        munmap((void *)emu_segment, emu_segment_bytes);
    else
        free(emu_segment);
    emu_segment = NULL;
    emu_header = NULL;
    emu_segment_is_mapped = 0;
}

int RCCE_init(int *argc, char ***argv)
{
    const char *path = getenv("RCCE_EMU_SHM");
    long mesh, hop_ns, timeout;
    const char *time_mode = getenv("RCCE_EMU_TIME");
    char model[1024];
    int ue, ok;

    (void)argc;     /* rccerun passes everything through the environment */
    (void)argv;
    if (emu_initialized)
        return RCCE_ERROR_COMM_INITIALIZED;
    if (path != NULL && *path != '\0')
        ok = emu_attach_shared_segment(path);
    else
        ok = emu_attach_private_segment();
    if (!ok)
        return RCCE_ERROR_ENVIRONMENT;
    if (!emu_env_long("RCCE_EMU_MESH", 0, 0, 1, &mesh)
        || !emu_env_long("RCCE_EMU_HOP_NS", EMU_DEFAULT_HOP_NS, 0, 10000000L,
                         &hop_ns)
        || !emu_env_long("RCCE_EMU_TIMEOUT", 0, 0, 1000000L, &timeout)) {
        emu_detach_segment();
        return RCCE_ERROR_ENVIRONMENT;
    }
    emu_mesh_enabled = (int)mesh;
    emu_hop_ns = hop_ns;
    emu_timeout_seconds = (double)timeout;
    emu_virtual = 0;
    if (time_mode != NULL && strcmp(time_mode, "model") == 0) {
        emu_virtual = 1;
        emu_describe_model(model, sizeof model);
        if (setenv("RCCE_EMU_TIME_MODEL", model, 1) != 0) {
            emu_detach_segment();
            return RCCE_ERROR_ENVIRONMENT;
        }
    } else if (time_mode != NULL && *time_mode != '\0'
               && strcmp(time_mode, "real") != 0) {
        fprintf(stderr, "rcce_emu: RCCE_EMU_TIME=%s is neither model nor"
                " real\n", time_mode);
        emu_detach_segment();
        return RCCE_ERROR_ENVIRONMENT;
    }
    emu_vclock = 0.0;
    emu_mpb_free_vtime = 0.0;

    emu_send_head = NULL;
    emu_send_tail = NULL;
    for (ue = 0; ue < RCCE_MAXNP; ue++) {
        emu_recv_head[ue] = NULL;
        emu_recv_tail[ue] = NULL;
        emu_recv_free_vtime[ue] = 0.0;
    }
    memset(emu_comm_slot_used, 0, sizeof emu_comm_slot_used);
    emu_comm_slot_used[0] = 1;      /* RCCE_COMM_WORLD gather  */
    emu_comm_slot_used[1] = 1;      /* RCCE_COMM_WORLD release */

    RCCE_COMM_WORLD.size = emu_num_ues;
    RCCE_COMM_WORLD.my_rank = emu_ue;
    for (ue = 0; ue < RCCE_MAXNP; ue++)
        RCCE_COMM_WORLD.member[ue] = ue < emu_num_ues ? ue : -1;
    RCCE_COMM_WORLD.gather = emu_flag(emu_ue, EMU_COMM_FLAG_LINE(0));
    RCCE_COMM_WORLD.release = emu_flag(emu_ue, EMU_COMM_FLAG_LINE(1));
    RCCE_COMM_WORLD.initialized = 1;

    emu_set_state(EMU_UE_RUNNING);
    if (!emu_exit_handler_registered && atexit(emu_mark_gone_at_exit) == 0)
        emu_exit_handler_registered = 1;
    emu_initialized = 1;
    return RCCE_barrier(&RCCE_COMM_WORLD);
}

int RCCE_finalize(void)
{
    int rc, pending;
    iRCCE_SEND_REQUEST *request;

    if (!emu_initialized)
        return RCCE_ERROR_NOT_INITIALIZED;
    rc = RCCE_barrier(&RCCE_COMM_WORLD);
    emu_progress_all();
    pending = 0;
    for (request = emu_send_head; request != NULL; request = request->next)
        pending++;
    if (pending > 0 || emu_recvs_pending())
        fprintf(stderr, "rcce_emu: UE %d: RCCE_finalize with unfinished"
                " iRCCE requests\n", emu_ue);
    emu_set_state(EMU_UE_GONE);
    emu_detach_segment();
    RCCE_COMM_WORLD.initialized = 0;
    emu_initialized = 0;
    return rc;
}

double RCCE_wtime(void)
{
    if (emu_virtual) {
        emu_vclock += EMU_TIMER_READ_CYCLES / (EMU_CORE_MHZ * 1e6);
        return emu_vclock;
    }
    return emu_now();
}

int RCCE_ue(void)
{
    return emu_ue;
}

int RCCE_num_ues(void)
{
    return emu_initialized ? emu_num_ues : 0;
}

void RCCE_fence(void)
{
    emu_fence();
}

/* ------------------------------------------------------------------------
 * Error strings
 * ---------------------------------------------------------------------- */

struct emu_error_text {
    int code;
    const char *text;
};

static const struct emu_error_text emu_error_texts[] = {
    { RCCE_SUCCESS, "success" },
    { iRCCE_PENDING, "iRCCE: request pending" },
    { iRCCE_RESERVED, "iRCCE: request queued behind another" },
    { iRCCE_NOT_ENQUEUED, "iRCCE: request not enqueued" },
    { RCCE_ERROR_TARGET, "invalid target UE" },
    { RCCE_ERROR_SOURCE, "invalid source UE" },
    { RCCE_ERROR_ID, "invalid UE, rank or argument" },
    { RCCE_ERROR_MESSAGE_LENGTH, "invalid message length" },
    { RCCE_ERROR_FLAG_UNDEFINED, "undefined flag" },
    { RCCE_ERROR_NUM_UES, "invalid number of UEs" },
    { RCCE_ERROR_FLAG_NOT_ALLOCATED, "no flag left to allocate" },
    { RCCE_ERROR_INVALID_ERROR_CODE, "invalid error code" },
    { RCCE_ERROR_COMM_UNDEFINED, "undefined communicator" },
    { RCCE_ERROR_ILLEGAL_OP, "illegal reduction operation" },
    { RCCE_ERROR_ILLEGAL_TYPE, "illegal reduction data type" },
    { RCCE_ERROR_MALLOC, "out of memory" },
    { RCCE_ERROR_COMM_INITIALIZED, "already initialized" },
    { RCCE_ERROR_NOT_INITIALIZED, "RCCE not initialized" },
    { RCCE_ERROR_ENVIRONMENT, "emulator environment invalid" }
};

int RCCE_error_string(int err, char *str, int *len)
{
    const char *text = "unknown RCCE error code";
    int rc = RCCE_ERROR_INVALID_ERROR_CODE;
    size_t i;

    for (i = 0; i < sizeof emu_error_texts / sizeof emu_error_texts[0]; i++) {
        if (emu_error_texts[i].code == err) {
            text = emu_error_texts[i].text;
            rc = RCCE_SUCCESS;
            break;
        }
    }
    if (str != NULL) {
        strncpy(str, text, RCCE_MAX_ERROR_STRING - 1);
        str[RCCE_MAX_ERROR_STRING - 1] = '\0';
    }
    if (len != NULL)
        *len = (int)strlen(text);
    return rc;
}
