/*
 * test_rcce_emu.c - tests of the RCCE/iRCCE host emulator
 * (tools/rcce/rcce_emu.c), run under tools/rcce/rccerun with any number of
 * UEs from 1 to 48.  tests/rcce/test_rcce_emu.sh builds and runs them.
 *
 * This file owns the emulator's own test program.  Every test ends with an
 * allreduce of the failure counts; UE 0 then prints "ok <name>" or
 * "FAIL <name>: ..."; a UE that sees a failure prints
 * "FAIL <name>: UE <u>: <detail>".  The exit status is non-zero on failure.
 *
 * Usage (under rccerun):
 *   test_rcce_emu              the full suite
 *   test_rcce_emu --pingpong   ping-pong of UE 0 with UEs 1, 2, 37, 10, 47
 *                              (those that exist); with RCCE_EMU_MESH=1 or
 *                              RCCE_EMU_TIME=model it checks that 0<->1 is
 *                              fastest, 0<->47 slowest
 *   test_rcce_emu --die        UE N-1 exits with status 3 at once; the
 *                              others wait for it (rccerun must fail fast)
 *   test_rcce_emu --early-exit UE N-1 leaves main without finalize; UE 0
 *                              waits for a message from it (must fail)
 *   test_rcce_emu --mismatch   UE 0 sends 100 bytes, UE 1 expects 200
 *   test_rcce_emu --deadlock   UEs 0 and 1 both receive first (run with
 *                              RCCE_EMU_TIMEOUT=2: must fail)
 */
#define _POSIX_C_SOURCE 200112L
#define _XOPEN_SOURCE 600

#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "RCCE.h"
#include "iRCCE.h"

#define GUARD_BYTES     64
#define GUARD_VALUE     0xA5
#define ORDER_MESSAGES  6

static int me;
static int nue;
static int virtual_time;         /* RCCE_EMU_TIME=model */
static int local_failures;
static int total_failures;
static const char *current_test = "";

/* ------------------------------------------------------------------------
 * Reporting
 * ---------------------------------------------------------------------- */

static void fail(const char *format, ...)
{
    va_list args;

    printf("FAIL %s: UE %d: ", current_test, me);
    va_start(args, format);
    vprintf(format, args);
    va_end(args);
    printf("\n");
    fflush(stdout);
    local_failures++;
}

static void expect_rc(int got, int wanted, const char *what)
{
    if (got != wanted)
        fail("%s returned %d, expected %d", what, got, wanted);
}

static void begin_test(const char *name)
{
    current_test = name;
    local_failures = 0;
}

/* Collective: agrees on the outcome of the current test. */
static void end_test(void)
{
    int mine = local_failures;
    int all = 0;
    int rc;

    rc = RCCE_allreduce((char *)&mine, (char *)&all, 1, RCCE_INT, RCCE_SUM,
                        RCCE_COMM_WORLD);
    if (rc != RCCE_SUCCESS) {
        printf("FAIL %s: UE %d: allreduce of the results returned %d\n",
               current_test, me, rc);
        all = mine > 0 ? mine : 1;
    }
    if (me == 0) {
        if (all == 0)
            printf("ok %s\n", current_test);
        else
            printf("FAIL %s: %d failure(s) on %d UEs\n", current_test, all,
                   nue);
        fflush(stdout);
    }
    total_failures += all;
}

/* ------------------------------------------------------------------------
 * Buffers with byte patterns and guard bytes
 * ---------------------------------------------------------------------- */

static unsigned char pattern_byte(int source, int dest, int tag, size_t i)
{
    unsigned long x = (unsigned long)i * 2654435761UL
        + (unsigned long)source * 7919UL + (unsigned long)dest * 104729UL
        + (unsigned long)tag * 1299709UL;
    return (unsigned char)((x >> 13) ^ (x >> 5) ^ (unsigned long)i);
}

/* size bytes plus GUARD_BYTES of guard after them */
static char *new_buffer(size_t size)
{
    char *buffer = (char *)malloc(size + GUARD_BYTES);

    if (buffer == NULL) {
        fprintf(stderr, "test: out of memory\n");
        exit(EXIT_FAILURE);
    }
    memset(buffer, 0, size);
    memset(buffer + size, GUARD_VALUE, GUARD_BYTES);
    return buffer;
}

static void fill_pattern(char *buffer, size_t size, int source, int dest,
                         int tag)
{
    size_t i;

    for (i = 0; i < size; i++)
        buffer[i] = (char)pattern_byte(source, dest, tag, i);
}

/* Returns 1 if the buffer holds the pattern and the guard is intact. */
static int check_pattern(const char *buffer, size_t size, int source,
                         int dest, int tag, const char *what)
{
    size_t i;

    for (i = 0; i < size; i++) {
        if ((unsigned char)buffer[i] != pattern_byte(source, dest, tag, i)) {
            fail("%s: %lu-byte message %d from UE %d: byte %lu is %d,"
                 " expected %d", what, (unsigned long)size, tag, source,
                 (unsigned long)i, (unsigned char)buffer[i],
                 pattern_byte(source, dest, tag, i));
            return 0;
        }
    }
    for (i = 0; i < GUARD_BYTES; i++) {
        if ((unsigned char)buffer[size + i] != GUARD_VALUE) {
            fail("%s: %lu-byte message %d from UE %d: written past its end"
                 " (guard byte %lu)", what, (unsigned long)size, tag, source,
                 (unsigned long)i);
            return 0;
        }
    }
    return 1;
}

static void sleep_ms(long milliseconds)
{
    struct timespec pause;

    pause.tv_sec = milliseconds / 1000;
    pause.tv_nsec = (milliseconds % 1000) * 1000000L;
    nanosleep(&pause, NULL);
}

/* ------------------------------------------------------------------------
 * Tests
 * ---------------------------------------------------------------------- */

static void test_init(void)
{
    const char *env_nue = getenv("RCCE_EMU_NUE");
    int ue, size, rank;

    begin_test("init");
    if (nue < 1 || nue > RCCE_MAXNP || me < 0 || me >= nue)
        fail("RCCE_ue() = %d, RCCE_num_ues() = %d", me, nue);
    if (env_nue != NULL && atoi(env_nue) != nue)
        fail("RCCE_num_ues() = %d but RCCE_EMU_NUE = %s", nue, env_nue);
    if (RCCE_COMM_WORLD.size != nue || RCCE_COMM_WORLD.my_rank != me
        || !RCCE_COMM_WORLD.initialized)
        fail("RCCE_COMM_WORLD is size %d rank %d initialized %d",
             RCCE_COMM_WORLD.size, RCCE_COMM_WORLD.my_rank,
             RCCE_COMM_WORLD.initialized);
    for (ue = 0; ue < nue; ue++)
        if (RCCE_COMM_WORLD.member[ue] != ue)
            fail("RCCE_COMM_WORLD.member[%d] = %d", ue,
                 RCCE_COMM_WORLD.member[ue]);
    if (RCCE_comm_size(RCCE_COMM_WORLD, &size) != RCCE_SUCCESS || size != nue)
        fail("RCCE_comm_size(world) gave %d", size);
    if (RCCE_comm_rank(RCCE_COMM_WORLD, &rank) != RCCE_SUCCESS || rank != me)
        fail("RCCE_comm_rank(world) gave %d", rank);
    end_test();
}

static void test_wtime(void)
{
    double start, elapsed;

    const char *time_mode = getenv("RCCE_EMU_TIME");

    begin_test("wtime");
    start = RCCE_wtime();
    sleep_ms(20);
    elapsed = RCCE_wtime() - start;
    if (time_mode != NULL && strcmp(time_mode, "model") == 0) {
        /* virtual time: the host's sleep costs nothing, a clock read a
           little, and the clock never goes back */
        if (elapsed <= 0.0 || elapsed > 1e-6)
            fail("virtual time: 20 ms host sleep measured as %g s", elapsed);
    } else if (elapsed < 0.015 || elapsed > 10.0)
        fail("20 ms sleep measured as %g s", elapsed);
    end_test();
}

static const size_t message_sizes[] = {
    0, 1, 31, 32, 33, 1000, 8159, 8160, 8191, 8192, 8193, 16383, 16384,
    16385, 24577, 50000, 190000
};
#define MESSAGE_SIZE_COUNT (sizeof message_sizes / sizeof message_sizes[0])

/* Self exchange through iRCCE: the only way to message oneself. */
static void exchange_with_self(size_t size, int tag)
{
    char *out = new_buffer(size);
    char *in = new_buffer(size);
    iRCCE_SEND_REQUEST send_request;
    iRCCE_RECV_REQUEST recv_request;
    iRCCE_WAIT_LIST list;

    fill_pattern(out, size, me, me, tag);
    iRCCE_init_wait_list(&list);
    iRCCE_isend(out, size, me, &send_request);
    iRCCE_irecv(in, size, me, &recv_request);
    iRCCE_add_to_wait_list(&list, &send_request, NULL);
    iRCCE_add_to_wait_list(&list, NULL, &recv_request);
    expect_rc(iRCCE_wait_all(&list), iRCCE_SUCCESS, "iRCCE_wait_all (self)");
    check_pattern(in, size, me, me, tag, "self");
    free(out);
    free(in);
}

/* Every UE sends to its right neighbour and receives from its left one,
   blocking: even UEs send first, odd UEs receive first. */
static void test_ring_sizes(void)
{
    size_t k, size;
    int right = (me + 1) % nue;
    int left = (me + nue - 1) % nue;
    char *out, *in;

    begin_test("ring blocking send/recv, all sizes");
    for (k = 0; k < MESSAGE_SIZE_COUNT; k++) {
        size = message_sizes[k];
        if (nue == 1) {
            exchange_with_self(size, (int)k);
            continue;
        }
        out = new_buffer(size);
        in = new_buffer(size);
        fill_pattern(out, size, me, right, (int)k);
        if (me % 2 == 0) {
            expect_rc(RCCE_send(out, size, right), RCCE_SUCCESS, "RCCE_send");
            expect_rc(RCCE_recv(in, size, left), RCCE_SUCCESS, "RCCE_recv");
        } else {
            expect_rc(RCCE_recv(in, size, left), RCCE_SUCCESS, "RCCE_recv");
            expect_rc(RCCE_send(out, size, right), RCCE_SUCCESS, "RCCE_send");
        }
        check_pattern(in, size, left, me, (int)k, "ring");
        free(out);
        free(in);
    }
    end_test();

    begin_test("self messages through iRCCE, all sizes");
    for (k = 0; k < MESSAGE_SIZE_COUNT; k++)
        exchange_with_self(message_sizes[k], (int)k);
    end_test();
}

/* Everybody sends a two-chunk message to everybody (itself included) with
   non-blocking calls and one wait list. */
static void test_all_pairs(void)
{
    iRCCE_SEND_REQUEST send_requests[RCCE_MAXNP];
    iRCCE_RECV_REQUEST recv_requests[RCCE_MAXNP];
    char *out[RCCE_MAXNP];
    char *in[RCCE_MAXNP];
    iRCCE_WAIT_LIST list;
    size_t size;
    int ue, rc;

    begin_test("all pairs isend/irecv + wait_all");
    iRCCE_init_wait_list(&list);
    for (ue = 0; ue < nue; ue++) {
        size = 8192 + 1 + (size_t)((me + ue) % 7) * 33;
        out[ue] = new_buffer(size);
        fill_pattern(out[ue], size, me, ue, 1000);
        rc = iRCCE_isend(out[ue], size, ue, &send_requests[ue]);
        if (rc != iRCCE_PENDING && rc != iRCCE_RESERVED
            && rc != iRCCE_SUCCESS)
            fail("iRCCE_isend to %d returned %d", ue, rc);
        iRCCE_add_to_wait_list(&list, &send_requests[ue], NULL);
    }
    for (ue = 0; ue < nue; ue++) {
        size = 8192 + 1 + (size_t)((me + ue) % 7) * 33;
        in[ue] = new_buffer(size);
        rc = iRCCE_irecv(in[ue], size, ue, &recv_requests[ue]);
        if (rc != iRCCE_PENDING && rc != iRCCE_RESERVED
            && rc != iRCCE_SUCCESS)
            fail("iRCCE_irecv from %d returned %d", ue, rc);
        iRCCE_add_to_wait_list(&list, NULL, &recv_requests[ue]);
    }
    expect_rc(iRCCE_wait_all(&list), iRCCE_SUCCESS, "iRCCE_wait_all");
    if (list.first != NULL)
        fail("wait list not empty after iRCCE_wait_all");
    for (ue = 0; ue < nue; ue++) {
        size = 8192 + 1 + (size_t)((me + ue) % 7) * 33;
        if (!send_requests[ue].finished || !recv_requests[ue].finished)
            fail("request with UE %d not finished after wait_all", ue);
        check_pattern(in[ue], size, ue, me, 1000, "all pairs");
        free(out[ue]);
        free(in[ue]);
    }
    end_test();
}

/* Several messages between one pair arrive in order, whichever side is
   non-blocking. */
static void test_order(void)
{
    static const size_t mixed_sizes[ORDER_MESSAGES] = {
        1, 8192, 33, 20000, 0, 5
    };
    iRCCE_SEND_REQUEST send_requests[ORDER_MESSAGES];
    iRCCE_RECV_REQUEST recv_requests[ORDER_MESSAGES];
    char *buffers[ORDER_MESSAGES];
    iRCCE_WAIT_LIST list;
    int partner, low, m, rc;

    begin_test("message order within a pair");
    partner = (me % 2 == 0) ? me + 1 : me - 1;
    if (partner >= nue)
        partner = me;           /* odd count: the last UE talks to itself */
    low = partner == me || me < partner;

    /* 1: low side isends equal-sized messages, high side receives them
       with blocking calls. */
    iRCCE_init_wait_list(&list);
    if (low) {
        for (m = 0; m < ORDER_MESSAGES; m++) {
            buffers[m] = new_buffer(3000);
            fill_pattern(buffers[m], 3000, me, partner, m);
            rc = iRCCE_isend(buffers[m], 3000, partner, &send_requests[m]);
            if (m > 0 && rc != iRCCE_RESERVED)
                fail("iRCCE_isend #%d behind another returned %d, expected"
                     " iRCCE_RESERVED", m, rc);
            iRCCE_add_to_wait_list(&list, &send_requests[m], NULL);
        }
    }
    if (!low || partner == me) {
        for (m = 0; m < ORDER_MESSAGES; m++) {
            char *in = new_buffer(3000);
            if (partner == me) {
                rc = iRCCE_irecv(in, 3000, partner, &recv_requests[m]);
                if (rc == iRCCE_PENDING || rc == iRCCE_RESERVED)
                    rc = iRCCE_irecv_wait(&recv_requests[m]);
            } else {
                rc = RCCE_recv(in, 3000, partner);
            }
            expect_rc(rc, RCCE_SUCCESS, "receive in order");
            check_pattern(in, 3000, partner, me, m, "order 1");
            free(in);
        }
    }
    if (low) {
        expect_rc(iRCCE_wait_all(&list), iRCCE_SUCCESS, "iRCCE_wait_all");
        for (m = 0; m < ORDER_MESSAGES; m++)
            free(buffers[m]);
    }

    /* 2: mixed sizes; high side sends blocking (or self: isend), low side
       posts all irecvs first. */
    iRCCE_init_wait_list(&list);
    if (low) {
        for (m = 0; m < ORDER_MESSAGES; m++) {
            buffers[m] = new_buffer(mixed_sizes[m]);
            iRCCE_irecv(buffers[m], mixed_sizes[m], partner,
                        &recv_requests[m]);
            iRCCE_add_to_wait_list(&list, NULL, &recv_requests[m]);
        }
    }
    if (!low || partner == me) {
        for (m = 0; m < ORDER_MESSAGES; m++) {
            char *out = new_buffer(mixed_sizes[m]);
            fill_pattern(out, mixed_sizes[m], me, partner, 10 + m);
            if (partner == me) {
                iRCCE_isend(out, mixed_sizes[m], me, &send_requests[m]);
                rc = iRCCE_isend_wait(&send_requests[m]);
            } else {
                rc = RCCE_send(out, mixed_sizes[m], partner);
            }
            expect_rc(rc, RCCE_SUCCESS, "send in order");
            free(out);
        }
    }
    if (low) {
        expect_rc(iRCCE_wait_all(&list), iRCCE_SUCCESS, "iRCCE_wait_all");
        for (m = 0; m < ORDER_MESSAGES; m++) {
            check_pattern(buffers[m], mixed_sizes[m], partner, me, 10 + m,
                          "order 2");
            free(buffers[m]);
        }
    }
    end_test();
}

/* Requests stay pending until the partner acts (the partner waits behind a
   barrier), queued requests report iRCCE_RESERVED. */
static void test_pending(void)
{
    iRCCE_SEND_REQUEST send_first, send_second, never_sent;
    iRCCE_RECV_REQUEST recv_first, recv_second;
    char *small = new_buffer(100);
    char *large = new_buffer(9000);
    int receiver = 0;
    int sender = nue - 1;
    int flag;

    begin_test("non-blocking requests pending before the partner acts");

    if (nue == 1) {
        char *received = new_buffer(100);
        fill_pattern(small, 100, me, me, 1);
        expect_rc(iRCCE_isend(small, 100, me, &send_first), iRCCE_PENDING,
                  "iRCCE_isend to self");
        flag = 1;
        expect_rc(iRCCE_isend_test(&send_first, &flag), iRCCE_PENDING,
                  "iRCCE_isend_test before the receive");
        if (flag != 0)
            fail("iRCCE_isend_test set flag before the receive");
        expect_rc(iRCCE_irecv(received, 100, me, &recv_first), iRCCE_SUCCESS,
                  "iRCCE_irecv of a waiting one-chunk message");
        expect_rc(iRCCE_isend_test(&send_first, &flag), iRCCE_SUCCESS,
                  "iRCCE_isend_test after the receive");
        if (flag != 1)
            fail("iRCCE_isend_test did not set flag after the receive");
        check_pattern(received, 100, me, me, 1, "self pending");
        free(received);
    }

    /* Phase A: receiver posts two irecvs before the sender sends. */
    if (nue > 1 && me == receiver) {
        expect_rc(iRCCE_irecv(small, 100, sender, &recv_first),
                  iRCCE_PENDING, "first iRCCE_irecv");
        expect_rc(iRCCE_irecv(large, 9000, sender, &recv_second),
                  iRCCE_RESERVED, "queued iRCCE_irecv");
        flag = 1;
        expect_rc(iRCCE_irecv_test(&recv_first, &flag), iRCCE_PENDING,
                  "iRCCE_irecv_test before the send");
        if (flag != 0)
            fail("iRCCE_irecv_test set flag before the send");
        expect_rc(iRCCE_irecv_test(&recv_second, NULL), iRCCE_PENDING,
                  "iRCCE_irecv_test of a queued request");
        expect_rc(iRCCE_irecv_push(), iRCCE_PENDING, "iRCCE_irecv_push");
    }
    RCCE_barrier(&RCCE_COMM_WORLD);
    if (nue > 1 && me == sender) {
        fill_pattern(small, 100, me, receiver, 2);
        fill_pattern(large, 9000, me, receiver, 3);
        expect_rc(RCCE_send(small, 100, receiver), RCCE_SUCCESS, "RCCE_send");
        expect_rc(RCCE_send(large, 9000, receiver), RCCE_SUCCESS,
                  "RCCE_send");
    }
    if (nue > 1 && me == receiver) {
        expect_rc(iRCCE_irecv_wait(&recv_second), iRCCE_SUCCESS,
                  "iRCCE_irecv_wait of the second request");
        flag = 0;
        expect_rc(iRCCE_irecv_test(&recv_first, &flag), iRCCE_SUCCESS,
                  "iRCCE_irecv_test of the first request");
        if (flag != 1)
            fail("first request not complete after the second");
        expect_rc(iRCCE_irecv_push(), iRCCE_SUCCESS, "iRCCE_irecv_push");
        check_pattern(small, 100, sender, me, 2, "phase A");
        check_pattern(large, 9000, sender, me, 3, "phase A");
    }

    /* Phase B: sender posts two isends before the receiver receives. */
    if (nue > 1 && me == sender) {
        fill_pattern(small, 100, me, receiver, 4);
        fill_pattern(large, 9000, me, receiver, 5);
        expect_rc(iRCCE_isend(small, 100, receiver, &send_first),
                  iRCCE_PENDING, "first iRCCE_isend");
        expect_rc(iRCCE_isend(large, 9000, receiver, &send_second),
                  iRCCE_RESERVED, "queued iRCCE_isend");
        flag = 1;
        expect_rc(iRCCE_isend_test(&send_first, &flag), iRCCE_PENDING,
                  "iRCCE_isend_test before the receive");
        if (flag != 0)
            fail("iRCCE_isend_test set flag before the receive");
        expect_rc(iRCCE_isend_push(), iRCCE_PENDING, "iRCCE_isend_push");
    }
    RCCE_barrier(&RCCE_COMM_WORLD);
    if (nue > 1 && me == receiver) {
        memset(small, 0, 100);
        memset(large, 0, 9000);
        expect_rc(RCCE_recv(small, 100, sender), RCCE_SUCCESS, "RCCE_recv");
        expect_rc(RCCE_recv(large, 9000, sender), RCCE_SUCCESS, "RCCE_recv");
        check_pattern(small, 100, sender, me, 4, "phase B");
        check_pattern(large, 9000, sender, me, 5, "phase B");
    }
    if (nue > 1 && me == sender) {
        expect_rc(iRCCE_isend_wait(&send_second), iRCCE_SUCCESS,
                  "iRCCE_isend_wait");
        expect_rc(iRCCE_isend_test(&send_first, &flag), iRCCE_SUCCESS,
                  "iRCCE_isend_test after the receive");
        expect_rc(iRCCE_isend_push(), iRCCE_SUCCESS, "iRCCE_isend_push");
    }

    /* A request that was refused is not enqueued. */
    expect_rc(iRCCE_isend(small, 1, nue, &never_sent), RCCE_ERROR_TARGET,
              "iRCCE_isend to a UE that does not exist");
    expect_rc(iRCCE_isend_test(&never_sent, &flag), iRCCE_NOT_ENQUEUED,
              "iRCCE_isend_test of a refused request");
    free(small);
    free(large);
    end_test();
}

/* Hub UE 0 talks to all others through wait lists. */
static void test_wait_lists(void)
{
    iRCCE_SEND_REQUEST send_requests[RCCE_MAXNP];
    iRCCE_RECV_REQUEST recv_requests[RCCE_MAXNP];
    iRCCE_SEND_REQUEST *done_send;
    iRCCE_RECV_REQUEST *done_recv;
    char *out[RCCE_MAXNP];
    char *in[RCCE_MAXNP];
    int seen[RCCE_MAXNP];
    iRCCE_WAIT_LIST list;
    int ue, flag, count, rc, spins;

    begin_test("wait lists: wait_all, wait_any, test_all, test_any");
    if (nue == 1) {
        exchange_with_self(20000, 77);
        iRCCE_init_wait_list(&list);
        expect_rc(iRCCE_wait_any(&list, &done_send, &done_recv),
                  iRCCE_SUCCESS, "iRCCE_wait_any on an empty list");
        expect_rc(iRCCE_test_all(&list, &flag), iRCCE_SUCCESS,
                  "iRCCE_test_all on an empty list");
        end_test();
        return;
    }

    /* 1: wait_all over receives and sends of different sizes. */
    if (me == 0) {
        iRCCE_init_wait_list(&list);
        for (ue = 1; ue < nue; ue++) {
            size_t size = 100 + (size_t)ue * 397;
            in[ue] = new_buffer(size);
            out[ue] = new_buffer(size);
            fill_pattern(out[ue], size, 0, ue, 20);
            iRCCE_irecv(in[ue], size, ue, &recv_requests[ue]);
            iRCCE_add_to_wait_list(&list, NULL, &recv_requests[ue]);
            iRCCE_isend(out[ue], size, ue, &send_requests[ue]);
            iRCCE_add_to_wait_list(&list, &send_requests[ue], NULL);
        }
        expect_rc(iRCCE_wait_all(&list), iRCCE_SUCCESS, "iRCCE_wait_all");
        if (list.first != NULL || list.last != NULL)
            fail("list not empty after iRCCE_wait_all");
        for (ue = 1; ue < nue; ue++) {
            check_pattern(in[ue], 100 + (size_t)ue * 397, ue, 0, 21,
                          "wait_all");
            free(in[ue]);
            free(out[ue]);
        }
    } else {
        size_t size = 100 + (size_t)me * 397;
        char *buffer = new_buffer(size);
        fill_pattern(buffer, size, me, 0, 21);
        expect_rc(RCCE_send(buffer, size, 0), RCCE_SUCCESS, "RCCE_send");
        memset(buffer, 0, size);
        expect_rc(RCCE_recv(buffer, size, 0), RCCE_SUCCESS, "RCCE_recv");
        check_pattern(buffer, size, 0, me, 20, "wait_all");
        free(buffer);
    }

    /* 2: wait_any returns each request exactly once; the senders start in
       reverse order. */
    if (me == 0) {
        iRCCE_init_wait_list(&list);
        for (ue = 1; ue < nue; ue++) {
            in[ue] = new_buffer(5000);
            seen[ue] = 0;
            iRCCE_irecv(in[ue], 5000, ue, &recv_requests[ue]);
            iRCCE_add_to_wait_list(&list, NULL, &recv_requests[ue]);
        }
        for (count = 0; count < nue - 1; count++) {
            rc = iRCCE_wait_any(&list, &done_send, &done_recv);
            expect_rc(rc, iRCCE_SUCCESS, "iRCCE_wait_any");
            if (done_send != NULL || done_recv == NULL) {
                fail("iRCCE_wait_any returned no receive request");
                break;
            }
            ue = (int)(done_recv - recv_requests);
            if (ue < 1 || ue >= nue || seen[ue]++)
                fail("iRCCE_wait_any returned request %d twice or bad", ue);
            else if (!done_recv->finished)
                fail("iRCCE_wait_any returned an unfinished request");
        }
        expect_rc(iRCCE_wait_any(&list, &done_send, &done_recv),
                  iRCCE_SUCCESS, "iRCCE_wait_any on the emptied list");
        if (done_send != NULL || done_recv != NULL)
            fail("iRCCE_wait_any on an empty list returned a request");
        for (ue = 1; ue < nue; ue++) {
            check_pattern(in[ue], 5000, ue, 0, 22, "wait_any");
            free(in[ue]);
        }
    } else {
        char *buffer = new_buffer(5000);
        fill_pattern(buffer, 5000, me, 0, 22);
        sleep_ms((long)(nue - me) % 4);
        expect_rc(RCCE_send(buffer, 5000, 0), RCCE_SUCCESS, "RCCE_send");
        free(buffer);
    }

    /* 3: test_any is PENDING before the partner acts, test_all polls. */
    if (me == 0) {
        in[1] = new_buffer(700);
        iRCCE_init_wait_list(&list);
        iRCCE_irecv(in[1], 700, 1, &recv_requests[1]);
        iRCCE_add_to_wait_list(&list, NULL, &recv_requests[1]);
        expect_rc(iRCCE_test_any(&list, &done_send, &done_recv),
                  iRCCE_PENDING, "iRCCE_test_any before the send");
        if (done_send != NULL || done_recv != NULL)
            fail("iRCCE_test_any returned a request before the send");
        expect_rc(iRCCE_test_all(&list, &flag), iRCCE_PENDING,
                  "iRCCE_test_all before the send");
        if (flag != 0)
            fail("iRCCE_test_all set flag before the send");
    }
    RCCE_barrier(&RCCE_COMM_WORLD);
    if (me == 1) {
        char *buffer = new_buffer(700);
        fill_pattern(buffer, 700, me, 0, 23);
        expect_rc(RCCE_send(buffer, 700, 0), RCCE_SUCCESS, "RCCE_send");
        free(buffer);
    }
    if (me == 0) {
        for (spins = 0;; spins++) {
            rc = iRCCE_test_any(&list, &done_send, &done_recv);
            if (rc != iRCCE_PENDING)
                break;
            sched_yield();
        }
        expect_rc(rc, iRCCE_SUCCESS, "iRCCE_test_any after the send");
        if (done_recv != &recv_requests[1])
            fail("iRCCE_test_any returned the wrong request");
        check_pattern(in[1], 700, 1, 0, 23, "test_any");
        free(in[1]);

        iRCCE_init_wait_list(&list);
        for (ue = 1; ue < nue; ue++) {
            out[ue] = new_buffer(12000);
            fill_pattern(out[ue], 12000, 0, ue, 24);
            iRCCE_isend(out[ue], 12000, ue, &send_requests[ue]);
            iRCCE_add_to_wait_list(&list, &send_requests[ue], NULL);
        }
        flag = 0;
        while (iRCCE_test_all(&list, &flag) == iRCCE_PENDING)
            sched_yield();
        if (flag != 1)
            fail("iRCCE_test_all finished without setting flag");
        for (ue = 1; ue < nue; ue++)
            free(out[ue]);
    } else {
        char *buffer = new_buffer(12000);
        expect_rc(RCCE_recv(buffer, 12000, 0), RCCE_SUCCESS, "RCCE_recv");
        check_pattern(buffer, 12000, 0, me, 24, "test_all");
        free(buffer);
    }
    end_test();
}

static void test_recv_test(void)
{
    char *buffer = new_buffer(3000);
    int test, sender = nue - 1, rc;

    begin_test("RCCE_recv_test");
    if (nue == 1) {
        test = 1;
        expect_rc(RCCE_recv_test(buffer, 3000, me, &test), RCCE_SUCCESS,
                  "RCCE_recv_test with nothing sent");
        if (test != 0)
            fail("RCCE_recv_test reported a message that was never sent");
    }
    if (nue > 1 && me == 0) {
        test = 1;
        expect_rc(RCCE_recv_test(buffer, 3000, sender, &test), RCCE_SUCCESS,
                  "RCCE_recv_test before the send");
        if (test != 0)
            fail("RCCE_recv_test received before the send");
    }
    RCCE_barrier(&RCCE_COMM_WORLD);
    if (nue > 1 && me == sender) {
        fill_pattern(buffer, 3000, me, 0, 30);
        expect_rc(RCCE_send(buffer, 3000, 0), RCCE_SUCCESS, "RCCE_send");
    }
    if (nue > 1 && me == 0) {
        test = 0;
        do {
            rc = RCCE_recv_test(buffer, 3000, sender, &test);
            if (!test)
                sched_yield();
        } while (rc == RCCE_SUCCESS && !test);
        expect_rc(rc, RCCE_SUCCESS, "RCCE_recv_test after the send");
        check_pattern(buffer, 3000, sender, 0, 30, "recv_test");
    }
    free(buffer);
    end_test();
}

/* Nobody leaves a barrier before the last one has entered it. */
static void barrier_rounds(RCCE_COMM *comm, int rounds)
{
    double entered, left, last_entry, first_exit;
    int round, rank;

    RCCE_comm_rank(*comm, &rank);
    for (round = 0; round < rounds; round++) {
        sleep_ms((long)((me * 5 + round * 3) % 4));
        if (rank == round % comm->size)
            sleep_ms(15);
        entered = RCCE_wtime();
        expect_rc(RCCE_barrier(comm), RCCE_SUCCESS, "RCCE_barrier");
        left = RCCE_wtime();
        RCCE_allreduce((char *)&entered, (char *)&last_entry, 1, RCCE_DOUBLE,
                       RCCE_MAX, *comm);
        RCCE_allreduce((char *)&left, (char *)&first_exit, 1, RCCE_DOUBLE,
                       RCCE_MIN, *comm);
        if (first_exit < last_entry)
            fail("round %d: a UE left the barrier %g s before the last"
                 " entered", round, last_entry - first_exit);
    }
}

static void test_barrier(void)
{
    int round;

    begin_test("barrier (timestamps)");
    barrier_rounds(&RCCE_COMM_WORLD, 6);
    for (round = 0; round < 200; round++)
        expect_rc(RCCE_barrier(&RCCE_COMM_WORLD), RCCE_SUCCESS,
                  "RCCE_barrier");
    end_test();
}

static void test_bcast(void)
{
    static const size_t sizes[] = { 1, 32, 8193, 50000 };
    int roots[3], r, k;
    char *buffer;

    begin_test("bcast");
    roots[0] = 0;
    roots[1] = nue - 1;
    roots[2] = nue / 2;
    for (r = 0; r < 3; r++) {
        for (k = 0; k < 4; k++) {
            buffer = new_buffer(sizes[k]);
            if (me == roots[r])
                fill_pattern(buffer, sizes[k], roots[r], -1, 40 + k);
            expect_rc(RCCE_bcast(buffer, sizes[k], roots[r], RCCE_COMM_WORLD),
                      RCCE_SUCCESS, "RCCE_bcast");
            check_pattern(buffer, sizes[k], roots[r], -1, 40 + k, "bcast");
            free(buffer);
        }
    }
    expect_rc(RCCE_bcast(NULL, 1, nue, RCCE_COMM_WORLD), RCCE_ERROR_ID,
              "RCCE_bcast with a root outside the communicator");
    end_test();
}

/* ---- reductions ---- */

static size_t type_size(int type)
{
    switch (type) {
    case RCCE_INT:
        return sizeof(int);
    case RCCE_LONG:
        return sizeof(long);
    case RCCE_FLOAT:
        return sizeof(float);
    default:
        return sizeof(double);
    }
}

static void put_value(char *buffer, int type, int i, double value)
{
    int as_int = (int)value;
    long as_long = (long)value;
    float as_float = (float)value;
    size_t size = type_size(type);

    switch (type) {
    case RCCE_INT:
        memcpy(buffer + (size_t)i * size, &as_int, size);
        break;
    case RCCE_LONG:
        memcpy(buffer + (size_t)i * size, &as_long, size);
        break;
    case RCCE_FLOAT:
        memcpy(buffer + (size_t)i * size, &as_float, size);
        break;
    default:
        memcpy(buffer + (size_t)i * size, &value, size);
        break;
    }
}

static double get_value(const char *buffer, int type, int i)
{
    int as_int;
    long as_long;
    float as_float;
    double as_double;
    size_t size = type_size(type);

    switch (type) {
    case RCCE_INT:
        memcpy(&as_int, buffer + (size_t)i * size, size);
        return (double)as_int;
    case RCCE_LONG:
        memcpy(&as_long, buffer + (size_t)i * size, size);
        return (double)as_long;
    case RCCE_FLOAT:
        memcpy(&as_float, buffer + (size_t)i * size, size);
        return (double)as_float;
    default:
        memcpy(&as_double, buffer + (size_t)i * size, size);
        return as_double;
    }
}

/* Small integers, exact in every type; products stay below 2^17. */
static double contribution(int ue, int i, int op)
{
    if (op == RCCE_PROD)
        return (ue % 3 == 0 ? 2.0 : 1.0)
            * ((ue % 7 == 1 && i % 2 == 1) ? -1.0 : 1.0);
    return (double)((ue * 7 + i * 3) % 11 - 5 + i);
}

static double expected_result(int i, int op)
{
    double result = contribution(0, i, op);
    double value;
    int ue;

    for (ue = 1; ue < nue; ue++) {
        value = contribution(ue, i, op);
        switch (op) {
        case RCCE_SUM:
            result += value;
            break;
        case RCCE_MIN:
            if (value < result)
                result = value;
            break;
        case RCCE_MAX:
            if (value > result)
                result = value;
            break;
        default:
            result *= value;
            break;
        }
    }
    return result;
}

static const char *type_name(int type)
{
    return type == RCCE_INT ? "int" : type == RCCE_LONG ? "long"
        : type == RCCE_FLOAT ? "float" : "double";
}

static const char *op_name(int op)
{
    return op == RCCE_SUM ? "sum" : op == RCCE_MIN ? "min"
        : op == RCCE_MAX ? "max" : "prod";
}

static void check_reduction(const char *what, const char *out, int num,
                            int type, int op)
{
    int i;

    for (i = 0; i < num; i++) {
        double got = get_value(out, type, i);
        double wanted = expected_result(i, op);
        if (got != wanted) {
            fail("%s %s %s: element %d is %g, expected %g", what,
                 type_name(type), op_name(op), i, got, wanted);
            return;
        }
    }
}

static void test_reductions(void)
{
    static const int types[] = { RCCE_INT, RCCE_LONG, RCCE_FLOAT, RCCE_DOUBLE };
    static const int ops[] = { RCCE_SUM, RCCE_MIN, RCCE_MAX, RCCE_PROD };
    int t, o, r, i, num, roots[2];
    char *in, *out;

    begin_test("reduce and allreduce, 4 types x 4 ops");
    roots[0] = 0;
    roots[1] = nue - 1;
    for (t = 0; t < 4; t++) {
        for (o = 0; o < 4; o++) {
            num = (types[t] == RCCE_DOUBLE && ops[o] == RCCE_SUM) ? 3000 : 5;
            in = new_buffer((size_t)num * type_size(types[t]));
            out = new_buffer((size_t)num * type_size(types[t]));
            for (i = 0; i < num; i++)
                put_value(in, types[t], i, contribution(me, i, ops[o]));
            for (r = 0; r < 2; r++) {
                expect_rc(RCCE_reduce(in, out, num, types[t], ops[o],
                                      roots[r], RCCE_COMM_WORLD),
                          RCCE_SUCCESS, "RCCE_reduce");
                if (me == roots[r])
                    check_reduction("reduce", out, num, types[t], ops[o]);
            }
            memset(out, 0, (size_t)num * type_size(types[t]));
            expect_rc(RCCE_allreduce(in, out, num, types[t], ops[o],
                                     RCCE_COMM_WORLD),
                      RCCE_SUCCESS, "RCCE_allreduce");
            check_reduction("allreduce", out, num, types[t], ops[o]);
            /* in place */
            expect_rc(RCCE_allreduce(in, in, num, types[t], ops[o],
                                     RCCE_COMM_WORLD),
                      RCCE_SUCCESS, "RCCE_allreduce in place");
            check_reduction("allreduce in place", in, num, types[t], ops[o]);
            free(in);
            free(out);
        }
    }
    in = new_buffer(64);
    out = new_buffer(64);
    expect_rc(RCCE_allreduce(in, out, 1, RCCE_INT, 99, RCCE_COMM_WORLD),
              RCCE_ERROR_ILLEGAL_OP, "RCCE_allreduce with a bad op");
    expect_rc(RCCE_allreduce(in, out, 1, 99, RCCE_SUM, RCCE_COMM_WORLD),
              RCCE_ERROR_ILLEGAL_TYPE, "RCCE_allreduce with a bad type");
    expect_rc(RCCE_reduce(in, out, 1, RCCE_INT, RCCE_SUM, -1,
                          RCCE_COMM_WORLD),
              RCCE_ERROR_ID, "RCCE_reduce with a bad root");
    free(in);
    free(out);
    end_test();
}

/* ---- communicators ---- */

static int color_parity(int ue, void *aux)
{
    (void)aux;
    return ue % 2;
}

static int color_halves(int ue, void *aux)
{
    return ue < *(const int *)aux / 2;
}

static int color_all(int ue, void *aux)
{
    (void)ue;
    (void)aux;
    return 7;
}

static int color_self(int ue, void *aux)
{
    (void)aux;
    return ue;
}

static void check_split(int (*color)(int, void *), void *aux,
                        const char *name)
{
    RCCE_COMM comm;
    int ue, size, rank, expected_size, expected_rank, sum, expected_sum;
    int index, rc;
    char *buffer;

    rc = RCCE_comm_split(color, aux, &comm);
    expect_rc(rc, RCCE_SUCCESS, "RCCE_comm_split");
    if (rc != RCCE_SUCCESS)
        return;
    expected_size = 0;
    expected_rank = -1;
    expected_sum = 0;
    for (ue = 0; ue < nue; ue++) {
        if (color(ue, aux) != color(me, aux))
            continue;
        if (ue == me)
            expected_rank = expected_size;
        if (comm.member[expected_size] != ue)
            fail("%s: member[%d] = %d, expected %d", name, expected_size,
                 comm.member[expected_size], ue);
        expected_size++;
        expected_sum += ue;
    }
    if (RCCE_comm_size(comm, &size) != RCCE_SUCCESS || size != expected_size)
        fail("%s: size %d, expected %d", name, size, expected_size);
    if (RCCE_comm_rank(comm, &rank) != RCCE_SUCCESS || rank != expected_rank)
        fail("%s: rank %d, expected %d", name, rank, expected_rank);
    expect_rc(RCCE_barrier(&comm), RCCE_SUCCESS, "RCCE_barrier (split)");
    sum = -1;
    expect_rc(RCCE_allreduce((char *)&me, (char *)&sum, 1, RCCE_INT,
                             RCCE_SUM, comm),
              RCCE_SUCCESS, "RCCE_allreduce (split)");
    if (sum != expected_sum)
        fail("%s: sum of members %d, expected %d", name, sum, expected_sum);
    buffer = new_buffer(9000);
    index = comm.size - 1;
    if (comm.my_rank == index)
        fill_pattern(buffer, 9000, comm.member[index], -2, 50);
    expect_rc(RCCE_bcast(buffer, 9000, index, comm), RCCE_SUCCESS,
              "RCCE_bcast (split)");
    check_pattern(buffer, 9000, comm.member[index], -2, 50, name);
    free(buffer);
    expect_rc(RCCE_comm_free(&comm), RCCE_SUCCESS, "RCCE_comm_free");
}

static void test_comm_split(void)
{
    RCCE_COMM parity, halves;
    int round, rc;

    begin_test("comm_split / comm_free / size / rank");
    check_split(color_parity, NULL, "parity");
    check_split(color_halves, &nue, "halves");
    check_split(color_all, NULL, "all");
    check_split(color_self, NULL, "self");

    /* Two communicators at once, used alternately. */
    rc = RCCE_comm_split(color_parity, NULL, &parity);
    expect_rc(rc, RCCE_SUCCESS, "RCCE_comm_split parity");
    rc = RCCE_comm_split(color_halves, &nue, &halves);
    expect_rc(rc, RCCE_SUCCESS, "RCCE_comm_split halves");
    barrier_rounds(&parity, 3);
    barrier_rounds(&halves, 3);
    for (round = 0; round < 20; round++) {
        expect_rc(RCCE_barrier(&parity), RCCE_SUCCESS, "barrier parity");
        expect_rc(RCCE_barrier(&halves), RCCE_SUCCESS, "barrier halves");
    }
    expect_rc(RCCE_comm_free(&parity), RCCE_SUCCESS, "RCCE_comm_free");
    expect_rc(RCCE_comm_free(&halves), RCCE_SUCCESS, "RCCE_comm_free");

    /* More splits than there are flag lines: lines must be reused. */
    for (round = 0; round < 40; round++)
        check_split(round % 2 ? color_parity : color_self, NULL, "reuse");

    expect_rc(RCCE_comm_free(&RCCE_COMM_WORLD), RCCE_ERROR_COMM_UNDEFINED,
              "RCCE_comm_free(RCCE_COMM_WORLD)");
    end_test();
}

static void test_errors(void)
{
    char buffer[64];
    char text[RCCE_MAX_ERROR_STRING];
    int length;

    begin_test("error codes and error strings");
    expect_rc(RCCE_send(buffer, 1, nue), RCCE_ERROR_TARGET,
              "RCCE_send to UE num_ues");
    expect_rc(RCCE_send(buffer, 1, -1), RCCE_ERROR_TARGET,
              "RCCE_send to UE -1");
    expect_rc(RCCE_recv(buffer, 1, nue), RCCE_ERROR_SOURCE,
              "RCCE_recv from UE num_ues");
    expect_rc(RCCE_send(buffer, 1, me), RCCE_ERROR_TARGET,
              "blocking RCCE_send to oneself");
    expect_rc(RCCE_recv(buffer, 1, me), RCCE_ERROR_SOURCE,
              "blocking RCCE_recv from oneself");

    length = -1;
    expect_rc(RCCE_error_string(RCCE_SUCCESS, text, &length), RCCE_SUCCESS,
              "RCCE_error_string(RCCE_SUCCESS)");
    if (length <= 0 || (size_t)length != strlen(text))
        fail("RCCE_error_string(RCCE_SUCCESS): length %d for \"%s\"", length,
             text);
    expect_rc(RCCE_error_string(RCCE_ERROR_TARGET, text, &length),
              RCCE_SUCCESS, "RCCE_error_string(RCCE_ERROR_TARGET)");
    if (length <= 0 || length >= RCCE_MAX_ERROR_STRING)
        fail("RCCE_error_string(RCCE_ERROR_TARGET): length %d", length);
    expect_rc(RCCE_error_string(12345, text, &length),
              RCCE_ERROR_INVALID_ERROR_CODE, "RCCE_error_string(12345)");
    end_test();
}

/* ------------------------------------------------------------------------
 * Ping-pong by distance and failure modes
 * ---------------------------------------------------------------------- */

static int routers_from_core_0(int core)
{
    int tile = core / 2;
    return tile % 6 + tile / 6 + 1;
}

static int run_pingpong(void)
{
    static const int partners[] = { 1, 2, 37, 10, 47 };
    double best[5];
    double start, elapsed;
    int p, round, partner, fastest, slowest, count;
    const char *mesh = getenv("RCCE_EMU_MESH");
    const char *time_mode = getenv("RCCE_EMU_TIME");
    char *buffer = new_buffer(1024);

    begin_test("ping-pong by core distance");
    count = 0;
    for (p = 0; p < 5; p++) {
        partner = partners[p];
        best[p] = -1.0;
        if (partner >= nue)
            continue;
        count++;
        RCCE_barrier(&RCCE_COMM_WORLD);
        for (round = 0; round < 400; round++) {
            if (me == 0) {
                start = RCCE_wtime();
                RCCE_send(buffer, 1024, partner);
                RCCE_recv(buffer, 1024, partner);
                elapsed = RCCE_wtime() - start;
                if (best[p] < 0.0 || elapsed < best[p])
                    best[p] = elapsed;
            } else if (me == partner) {
                RCCE_recv(buffer, 1024, 0);
                RCCE_send(buffer, 1024, 0);
            }
        }
    }
    if (me == 0) {
        fastest = -1;
        slowest = -1;
        for (p = 0; p < 5; p++) {
            if (best[p] < 0.0)
                continue;
            printf("pingpong 0<->%d (%d routers): %.1f us round trip\n",
                   partners[p], routers_from_core_0(partners[p]),
                   best[p] * 1e6);
            if (fastest < 0 || best[p] < best[fastest])
                fastest = p;
            if (slowest < 0 || best[p] > best[slowest])
                slowest = p;
        }
        if (((mesh != NULL && strcmp(mesh, "1") == 0)
             || (time_mode != NULL && strcmp(time_mode, "model") == 0))
            && count >= 2) {
            if (fastest != 0)
                fail("0<->%d is faster than 0<->1", partners[fastest]);
            if (nue == 48 && slowest != 4)
                fail("0<->%d is slower than 0<->47", partners[slowest]);
        }
    }
    free(buffer);
    end_test();
    return total_failures;
}

static void run_failure_mode(const char *mode)
{
    char buffer[256];
    int last = nue - 1;

    if (strcmp(mode, "--die") == 0) {
        if (me == last)
            exit(3);
        if (me == 0)
            RCCE_recv(buffer, 10, last);
        RCCE_barrier(&RCCE_COMM_WORLD);
    } else if (strcmp(mode, "--early-exit") == 0) {
        if (me == last)
            exit(0);
        if (me == 0)
            RCCE_recv(buffer, 10, last);
        RCCE_barrier(&RCCE_COMM_WORLD);
    } else if (strcmp(mode, "--mismatch") == 0 && nue > 1) {
        if (me == 0)
            RCCE_send(buffer, 100, 1);
        if (me == 1)
            RCCE_recv(buffer, 200, 0);
    } else if (strcmp(mode, "--deadlock") == 0 && nue > 1) {
        if (me == 0)
            RCCE_recv(buffer, 10, 1);
        if (me == 1)
            RCCE_recv(buffer, 10, 0);
    }
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    double start;
    int rc;

    rc = RCCE_init(&argc, &argv);
    if (rc != RCCE_SUCCESS) {
        fprintf(stderr, "test: RCCE_init returned %d\n", rc);
        return 1;
    }
    me = RCCE_ue();
    nue = RCCE_num_ues();
    virtual_time = getenv("RCCE_EMU_TIME") != NULL
        && strcmp(getenv("RCCE_EMU_TIME"), "model") == 0;
    rc = iRCCE_init();
    if (rc != iRCCE_SUCCESS) {
        fprintf(stderr, "test: iRCCE_init returned %d\n", rc);
        return 1;
    }
    start = RCCE_wtime();

    if (strcmp(mode, "--pingpong") == 0) {
        run_pingpong();
    } else if (*mode != '\0') {
        run_failure_mode(mode);
    } else {
        test_init();
        test_wtime();
        test_ring_sizes();
        test_all_pairs();
        test_order();
        /* Under virtual time (RCCE_EMU_TIME=model) a test first lets the
           request complete on the host, so the three tests that expect a
           "not yet" before the partner acts would wait for ever there. */
        if (!virtual_time) {
            test_pending();
            test_wait_lists();
            test_recv_test();
        }
        test_barrier();
        test_bcast();
        test_reductions();
        test_comm_split();
        test_errors();
        if (me == 0) {
            printf("%s: %d UEs, %d failure(s), %.2f s\n",
                   total_failures ? "FAIL all" : "ok all", nue,
                   total_failures, RCCE_wtime() - start);
            fflush(stdout);
        }
    }
    RCCE_finalize();
    return total_failures ? 1 : 0;
}
