/*
 * rccerun.c - launcher for programs built against the RCCE/iRCCE host
 * emulator (tools/rcce/rcce_emu.c).  Written from scratch.
 *
 * This file owns process management: it creates and sizes the shared
 * segment, starts N copies of the program (one per UE), supervises them and
 * removes the segment at the end.
 *
 * Build:  cc -o tools/rcce/rccerun tools/rcce/rccerun.c
 * Usage:  rccerun -nue N [-f hostfile] [-clock GHz] [--] program args...
 *         N is 1..48; -f and -clock are accepted for compatibility with the
 *         SCC's rccerun and ignored.
 *
 * Each UE process gets in its environment:
 *   RCCE_EMU_SHM  path of the segment file ($TMPDIR or /tmp/rcce_emu.XXXXXX)
 *   RCCE_EMU_NUE  N
 *   RCCE_EMU_UE   its UE number, 0..N-1
 * and everything rccerun was started with, so the emulator's options pass
 * through unchanged, e.g. RCCE_EMU_TIME=model (virtual time: every UE's
 * RCCE_wtime is a clock advanced by the emulator's SCC cost model, so the
 * results do not depend on how the host schedules the N processes) or
 * RCCE_EMU_MESH=1 (real delays per router); see rcce_emu.c.
 *
 * Exit status: 0 when every UE exited with status 0; 1 when a UE failed
 * (exited non-zero, was killed, or could not be started): the launcher then
 * asks the other UEs to stop through the segment's abort word (a UE that
 * detects a fatal error sets it too), and after a grace period sends
 * SIGTERM and finally SIGKILL; 128+signal when rccerun
 * itself was stopped by SIGINT, SIGTERM or SIGHUP.  Whenever a UE exits the
 * launcher marks it gone in the segment, so UEs waiting for it fail instead
 * of spinning for ever.
 */
#define _POSIX_C_SOURCE 200112L
#define _XOPEN_SOURCE 600

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Segment header contract with rcce_emu.c: keep the two files in step. */
#define EMU_MAGIC               0x52434345
#define EMU_HEADER_BYTES        65536UL
#define EMU_BLOCK_BYTES         65536UL
#define EMU_HDR_MAGIC           0
#define EMU_HDR_NUE             1
#define EMU_HDR_ABORT           2
#define EMU_HDR_STATE           8
#define EMU_UE_GONE             2

#define MAX_UES                 48
#define POLL_NS                 10000000L   /* 10 ms */
#define GRACE_SECONDS           1.0

static volatile sig_atomic_t stop_signal;

static pid_t ue_pids[MAX_UES];      /* 0 once reaped or never started */
static int ue_count;
static int ues_alive;
static volatile int *segment_header;

static void on_stop_signal(int signal_number)
{
    stop_signal = signal_number;
}

static void usage(void)
{
    fprintf(stderr, "usage: rccerun -nue N [-f hostfile] [-clock GHz]"
            " [--] program [args...]\n");
    fprintf(stderr, "       N = 1..%d UEs; -f and -clock are ignored\n",
            MAX_UES);
}

static void memory_barrier(void)
{
#if defined(__GNUC__)
    __sync_synchronize();
#endif
}

static double now_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static void sleep_poll_interval(void)
{
    struct timespec pause;
    pause.tv_sec = 0;
    pause.tv_nsec = POLL_NS;
    nanosleep(&pause, NULL);
}

static int ue_of_pid(pid_t pid)
{
    int ue;

    for (ue = 0; ue < ue_count; ue++)
        if (ue_pids[ue] == pid)
            return ue;
    return -1;
}

/* Records a reaped child; returns 1 if it failed. */
static int note_exit(pid_t pid, int status, int report)
{
    int ue = ue_of_pid(pid);
    int failed;

    if (ue < 0)
        return 0;
    ue_pids[ue] = 0;
    ues_alive--;
    memory_barrier();
    segment_header[EMU_HDR_STATE + ue] = EMU_UE_GONE;
    memory_barrier();
    failed = !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    if (failed && report) {
        if (WIFEXITED(status))
            fprintf(stderr, "rccerun: UE %d (pid %ld) exited with status"
                    " %d\n", ue, (long)pid, WEXITSTATUS(status));
        else if (WIFSIGNALED(status))
            fprintf(stderr, "rccerun: UE %d (pid %ld) was killed by signal"
                    " %d\n", ue, (long)pid, WTERMSIG(status));
        else
            fprintf(stderr, "rccerun: UE %d (pid %ld) failed\n", ue,
                    (long)pid);
    }
    return failed;
}

static void signal_remaining(int signal_number)
{
    int ue;

    for (ue = 0; ue < ue_count; ue++)
        if (ue_pids[ue] > 0)
            kill(ue_pids[ue], signal_number);
}

/* Reaps children for up to `seconds` (for ever if negative). */
static void reap_for(double seconds)
{
    double deadline = now_seconds() + seconds;
    pid_t pid;
    int status;

    while (ues_alive > 0) {
        pid = waitpid(-1, &status, WNOHANG);
        if (pid > 0) {
            note_exit(pid, status, 0);
            continue;
        }
        if (pid < 0 && errno != EINTR)
            break;
        if (seconds >= 0.0 && now_seconds() >= deadline)
            break;
        sleep_poll_interval();
    }
}

/* Stops every UE still running: abort word, then SIGTERM, then SIGKILL. */
static void stop_remaining(int first_signal)
{
    memory_barrier();
    segment_header[EMU_HDR_ABORT] = 1;
    memory_barrier();
    if (first_signal != 0)
        signal_remaining(first_signal);
    reap_for(GRACE_SECONDS);
    if (ues_alive > 0) {
        signal_remaining(SIGTERM);
        reap_for(GRACE_SECONDS);
    }
    if (ues_alive > 0) {
        signal_remaining(SIGKILL);
        reap_for(-1.0);
    }
}

static void install_signal_handlers(void)
{
    struct sigaction action;

    memset(&action, 0, sizeof action);
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
}

static int parse_ue_count(const char *text)
{
    char *end;
    long value;

    errno = 0;
    value = strtol(text, &end, 10);
    if (errno != 0 || *end != '\0' || value < 1 || value > MAX_UES)
        return -1;
    return (int)value;
}

static void start_ue(int ue, const char *segment_path, char **program_argv)
{
    char number[16];
    pid_t pid;

    pid = fork();
    if (pid < 0) {
        fprintf(stderr, "rccerun: fork for UE %d failed: %s\n", ue,
                strerror(errno));
        return;
    }
    if (pid == 0) {
        sprintf(number, "%d", ue_count);
        if (setenv("RCCE_EMU_SHM", segment_path, 1) != 0
            || setenv("RCCE_EMU_NUE", number, 1) != 0)
            _exit(127);
        sprintf(number, "%d", ue);
        if (setenv("RCCE_EMU_UE", number, 1) != 0)
            _exit(127);
        execvp(program_argv[0], program_argv);
        fprintf(stderr, "rccerun: cannot run %s: %s\n", program_argv[0],
                strerror(errno));
        _exit(127);
    }
    ue_pids[ue] = pid;
    ues_alive++;
}

int main(int argc, char **argv)
{
    const char *tmpdir;
    char *segment_path;
    size_t segment_bytes;
    void *mapping;
    int arg, fd, ue, failed, status;
    pid_t pid;

    ue_count = 0;
    for (arg = 1; arg < argc && argv[arg][0] == '-'; arg++) {
        if (strcmp(argv[arg], "--") == 0) {
            arg++;
            break;
        }
        if (strcmp(argv[arg], "-nue") == 0 && arg + 1 < argc) {
            ue_count = parse_ue_count(argv[++arg]);
            if (ue_count < 0) {
                fprintf(stderr, "rccerun: -nue needs a number 1..%d\n",
                        MAX_UES);
                return 2;
            }
        } else if ((strcmp(argv[arg], "-f") == 0
                    || strcmp(argv[arg], "-clock") == 0) && arg + 1 < argc) {
            arg++;      /* host file and clock: meaningless here */
        } else {
            usage();
            return 2;
        }
    }
    if (ue_count == 0 || arg >= argc) {
        usage();
        return 2;
    }

    tmpdir = getenv("TMPDIR");
    if (tmpdir == NULL || *tmpdir == '\0')
        tmpdir = "/tmp";
    segment_path = (char *)malloc(strlen(tmpdir) + sizeof "/rcce_emu.XXXXXX");
    if (segment_path == NULL) {
        fprintf(stderr, "rccerun: out of memory\n");
        return 1;
    }
    sprintf(segment_path, "%s/rcce_emu.XXXXXX", tmpdir);
    fd = mkstemp(segment_path);
    if (fd < 0) {
        fprintf(stderr, "rccerun: cannot create the segment in %s: %s\n",
                tmpdir, strerror(errno));
        return 1;
    }
    segment_bytes = EMU_HEADER_BYTES + (size_t)ue_count * EMU_BLOCK_BYTES;
    if (ftruncate(fd, (off_t)segment_bytes) != 0) {
        fprintf(stderr, "rccerun: cannot size %s: %s\n", segment_path,
                strerror(errno));
        close(fd);
        unlink(segment_path);
        return 1;
    }
    mapping = mmap(NULL, segment_bytes, PROT_READ | PROT_WRITE, MAP_SHARED,
                   fd, 0);
    close(fd);
    if (mapping == MAP_FAILED) {
        fprintf(stderr, "rccerun: cannot map %s: %s\n", segment_path,
                strerror(errno));
        unlink(segment_path);
        return 1;
    }
    segment_header = (volatile int *)mapping;
    segment_header[EMU_HDR_NUE] = ue_count;
    segment_header[EMU_HDR_ABORT] = 0;
    memory_barrier();
    segment_header[EMU_HDR_MAGIC] = EMU_MAGIC;
    memory_barrier();

    install_signal_handlers();
    fflush(stdout);
    fflush(stderr);
    failed = 0;
    for (ue = 0; ue < ue_count && !stop_signal; ue++) {
        start_ue(ue, segment_path, argv + arg);
        if (ue_pids[ue] == 0) {
            failed = 1;
            break;
        }
    }

    /* Supervise; after a failure, first collect (and report) every UE that
       has already exited, so the one that failed first is among them. */
    while (!stop_signal && ues_alive > 0) {
        pid = waitpid(-1, &status, WNOHANG);
        if (pid > 0) {
            if (note_exit(pid, status, 1))
                failed = 1;
        } else if (failed) {
            break;
        } else if (pid == 0 || errno == EINTR) {
            sleep_poll_interval();
        } else {
            fprintf(stderr, "rccerun: waitpid: %s\n", strerror(errno));
            failed = 1;
        }
    }
    if (stop_signal) {
        fprintf(stderr, "rccerun: stopped by signal %d; stopping the UEs\n",
                (int)stop_signal);
        stop_remaining((int)stop_signal);
    } else if (failed && ues_alive > 0) {
        fprintf(stderr, "rccerun: stopping the other UEs\n");
        stop_remaining(0);
    }

    munmap(mapping, segment_bytes);
    unlink(segment_path);
    free(segment_path);
    if (stop_signal)
        return 128 + (int)stop_signal;
    return failed ? 1 : 0;
}
