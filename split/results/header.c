/*
** header.c -- see header.h: every line of the output's header, in its order.
*/
#include "header.h"
#include "runlog.h"
#include "interference.h"
#include "oversub.h"
#include "library_polling.h"
#include "io_files.h"
#include "libsettings.h"
#include "clock_skew.h"
#include "host.h"
#include "measure.h"
#include <time.h>

SK_API void sk_header_date(char *buf, size_t size)
{
  time_t now = time(NULL);
  char *s = ctime(&now);
  strncpy(buf, s ? s : "unknown\n", size - 1);
  buf[size - 1] = '\0';
  if (strchr(buf, '\n')) *strchr(buf, '\n') = '\0';
}

SK_API void sk_header_oversubscription(sk_str *header, sk_str *warning)
{
  sk_oversub_facts d;
  sk_oversub_get_facts(&d);
  if (d.hosts == 0) return;
  if (d.processors == 0) {
    sk_str_printf(header, "# oversubscription: unknown (the system does not tell the processors of %d of %d hosts)\n",
                  d.unknown_hosts, d.hosts);
  } else {
    char also[80];
    also[0] = '\0';
    if (d.names > 1) sprintf(also, " (one machine under %d processor names)", d.names);
    sk_str_printf(header, "# oversubscription: %s on %d of %d host%s; %s %s%s runs %d process%s on %d processor%s"
                  " (%s)\n", d.crowded_hosts ? "yes" : "no", d.crowded_hosts, d.hosts, d.hosts == 1 ? "" : "s",
                  d.crowded_hosts ? "most crowded:" : "fullest:", d.name, also, d.procs, d.procs == 1 ? "" : "es",
                  d.processors, d.processors == 1 ? "" : "s",
                  d.from_masks ? "the union of their affinity masks" : "processors online");
    if (d.unknown_hosts)
      sk_str_printf(header, "# oversubscription: the processors of %d host%s are unknown\n", d.unknown_hosts,
                    d.unknown_hosts == 1 ? "" : "s");
  }
  if (d.crowded_hosts) {
    sk_str_puts(header, "# oversubscription: skampi's own waits (start windows, agreements, control messages)"
                " yield the processor\n");
    if (d.floor > 0.0)
      sk_str_printf(header, "# oversubscription: scheduler floor F = %.1f us (median time per hop of a 1-byte"
                    " token passed around all processes); results of F or more are"
                    " marked as mostly scheduler time\n", d.floor * 1e6);
    sk_str_printf(warning, "oversubscribed: host %s runs %d processes on %d processors; times include"
                  " waiting for a processor\n", d.name, d.procs, d.processors);
  }
  sk_lib_polling_describe(d.crowded_hosts > 0, header, warning);
}

/* Where each rank ran at the start, and whether ranks shared a processor while their host
** had one free (oversub.h, "Placement"); its warning into *warning. */
static void header_placement(sk_str *header, sk_str *warning)
{
  const char *cpus, *shared;
  if (!sk_oversub_cpus_known()) {
    sk_str_printf(header, "# placement: unknown (%s)\n", SK_SIMULATED ? "simulated ranks run on none of this"
                  " machine's processors" : "no process could tell its processor: sched_getcpu is Linux's");
    return;
  }
  shared = sk_oversub_placement_start(&cpus);
  if (cpus[0])
    sk_str_printf(header, "# placement: processors of ranks 0 to %d at the start: %s (sched_getcpu; read again at"
                  " the start of every suite)\n", sk_tp_world_size() - 1, cpus);
  if (shared != NULL) {
    sk_str_printf(header, "# placement: shared: %s; a result measured while ranks share a processor on a host with"
                  " one free is flagged shared_processor\n", shared);
    sk_str_printf(warning, "ranks share a processor while another is free: %s; times include waiting for it"
                  " (bind the ranks: Open MPI --bind-to core, MPICH -bind-to core)\n", shared);
  } else {
    sk_str_puts(header, "# placement: no two ranks of a host on one processor while it had one free (else a result"
                " is flagged shared_processor)\n");
  }
}

/* Under a simulator (SK_SIMULATED): what the times are, and the platform and model they
** come from. */
static void header_simulation(sk_str *header)
{
#if SK_SIMULATED
  sk_tp_sim_facts f;
  sk_tp_sim_facts_get(&f);
  f.hosts = sk_tp_sim_host_count();
  sk_str_printf(header, "# simulated: SimGrid SMPI %d.%d.%d; every time is simulated time on the platform %s"
                " (%ld hosts, %d core%s on rank 0's host), not this machine's\n", f.major, f.minor, f.patch,
                f.platform[0] ? f.platform : "(file unknown)", f.hosts, f.cores, f.cores == 1 ? "" : "s");
  sk_str_printf(header, "# simulated: model settings:%s; computation between MPI calls %s; the simulator adds"
                " %g s per MPI_Test and %g s per clock reading\n", f.settings.len ? f.settings.data : " (defaults)",
                f.computation ? "simulated (its real duration on this machine, scaled to the platform)"
                : "not simulated (takes no time)", f.test_cost, f.wtime_cost);
  sk_str_free(&f.settings);
#else
  (void)header;
#endif
}

SK_API void sk_header_interference(int own_here, sk_str *header)
{
  int runnable = sk_host_runnable();
  if (sk_host_crowded())
    sk_str_puts(header, "# interference: waits yield the processor (the run's own processes outnumber the"
                " processors); involuntary context switches during timing are counted, not discarded\n");
  else
    sk_str_puts(header, "# interference: waits keep the processor (spin): a yield would hand it to a process"
                " that is not the run's own for a whole time slice (chosen again at every suite)\n");
  if (runnable >= 0) {
    int others = runnable - own_here;
    sk_str_printf(header, "# interference: %d processes runnable on rank 0's machine at the start, %d of them"
                  " not the run's own\n", runnable, others > 0 ? others : 0);
  }
  sk_str_printf(header, "# interference: a repetition is discarded when a process arrived after its start time,"
                " ran past its window, began more than %s (or %.0f%% of the median result) after its"
                " start time%s; a result with %.0f%% of its repetitions discarded or longer start delays"
                " than itself is flagged\n", sk_host_crowded() ? "2 ceil(log2 P) F" : "0.25 us",
                SK_START_TOLERANCE_SHARE * 100.0, sk_host_crowded() ? "" : ", or lost its processor between start and stop",
                SK_INTERFERENCE_SHARE * 100.0);
}

/* The thread level asked (SKAMPI_THREAD_LEVEL) and granted (transport.h). */
static void header_thread_level(sk_str *h)
{
#ifdef SKAMPI_MPI
  const char *v = getenv("SKAMPI_THREAD_LEVEL");
  int asked = sk_tp_thread_asked(), granted = sk_tp_thread_granted();
  if (asked != SK_THREAD_UNASKED)
    sk_str_printf(h, "# thread level: asked %s (%s%s, MPI_Init_thread), granted %s\n", sk_tp_thread_level_name(asked),
                  v && *v ? "SKAMPI_THREAD_LEVEL=" : "IMB-MT's -thread_level", v && *v ? v : "",
                  sk_tp_thread_level_name(granted));
  else if (granted == SK_THREAD_UNKNOWN)
    sk_str_printf(h, "# thread level: none asked (MPI_Init: the MPI-1 build%s)\n",
                  v && *v ? " ignores SKAMPI_THREAD_LEVEL" : "");
  else
    sk_str_printf(h, "# thread level: none asked (MPI_Init%s), granted %s (MPI_Query_thread)\n",
                  v && *v ? ": SKAMPI_THREAD_LEVEL names no level" : "; SKAMPI_THREAD_LEVEL asks one",
                  sk_tp_thread_level_name(granted));
#else
  (void)h;
#endif
}

SK_API void sk_header_processors(sk_str *header)
{
  int count;
  const char *names = sk_oversub_names(&count);
  if (names != NULL) sk_str_printf(header, "# processors: %d name%s: %s\n", count, count == 1 ? "" : "s", names);
}

/* "#> --- NAME" and the text of every input file as "#> " lines. */
static void header_copy_input(sk_str *h, const sk_sources *src)
{
  size_t k;
  for (k = 0; k < src->n; k++) {
    const char *p = src->items[k].text;
    sk_str_printf(h, "#> --- %s\n", src->items[k].name);
    while (*p) {
      const char *nl = strchr(p, '\n');
      size_t len = nl ? (size_t)(nl - p) : strlen(p);
      sk_str_puts(h, "#> ");
      sk_str_putn(h, p, len);
      sk_str_putc(h, '\n');
      p += len + (nl ? 1 : 0);
    }
  }
}

/* The warnings, one "skampi: warning: " line each. */
static void header_warn(const char *text)
{
  const char *p;
  for (p = text; p && *p; ) {
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    fflush(stdout);
    fprintf(stderr, "skampi: warning: %.*s\n", (int)len, p);
    p += len + (nl ? 1 : 0);
  }
  fflush(stderr);
}

/* The layout of a program's output (doc/manual.md, "SKaMPI's clients"): by default the
** first lines as the original SKaMPI 5 wrote them, for the programs that read a result by
** its line number (Open MPI's tuner OTPO reads the 7th line of an input with one unlooped
** measure statement: skampi's own header would put a comment there). Only the first five
** header lines (version, start, input file, processes, library) stand at the top; the
** others follow the last suite, before the footer (sk_header_write_rest), where such
** readers never look. SKAMPI_LAYOUT=skampi puts the whole header at the top. Read once. */
SK_API int sk_header_layout_skampi5(void)
{
  static int layout = -1;
  if (layout < 0) {
    const char *v = getenv("SKAMPI_LAYOUT");
    layout = v == NULL || !sk_streq(v, "skampi");
    if (v != NULL && *v && layout && !sk_streq(v, "skampi5"))
      fprintf(stderr, "skampi: warning: SKAMPI_LAYOUT=%s is neither skampi nor skampi5; skampi5 is used\n", v);
  }
  return layout;
}

#define HEADER_TOP_LINES 5
static sk_str header_rest;      /* the skampi5 layout's held-back header lines */

/* The header h, whole -- or, in the skampi5 layout, its first HEADER_TOP_LINES lines now
** and the rest held back. A resumed run (its "# resumed at DATE ..." line instead of the
** version and start lines) holds back all of it: the interrupted run's top lines stay the
** output's first lines, its first block the next, as in an uninterrupted run. The
** library's output (skampi.h) has its header whole at the top. */
static void header_emit(sk_str *h, int resumed, int library)
{
  size_t i, top = 0;
  int lines = 0;
  if (!sk_header_layout_skampi5() || library || h->data == NULL) { sk_out_text(h->data ? h->data : ""); return; }
  if (!resumed)
    for (i = 0; i < h->len && lines < HEADER_TOP_LINES; i++) if (h->data[i] == '\n') { lines++; top = i + 1; }
  sk_str_puts(&header_rest, h->data + top);
  sk_out_on_close(sk_header_write_rest);   /* also when the run ends early */
  h->data[top] = '\0';
  if (top > 0) sk_out_text(h->data);
}

SK_API void sk_header_write_rest(void)
{
  if (header_rest.len == 0) return;
  sk_out_text("# the rest of the header (written after the last suite; SKAMPI_LAYOUT=skampi writes it at the top):\n");
  sk_out_text(header_rest.data);
  sk_str_free(&header_rest);
  sk_str_init(&header_rest);
}

/* The MPI library's settings: its environment variables and the MPI_T control
** variables they set (libsettings.h), so that a forced algorithm can be traced from the
** file (`skampi --guidelines` shows them). */
static void header_library_settings(sk_str *h)
{
  sk_libsettings_describe(h);
}

SK_API void sk_header_write(const sk_header_facts *f)
{
  sk_str h, machine, warn;
  char date[64], lib[1024], name[256];
  sk_str_init(&h);
  sk_str_init(&machine);
  sk_str_init(&warn);
  /* what the machine looks like now, first: the runnable processes change by the moment */
  sk_header_oversubscription(&machine, &warn);
  sk_header_interference(sk_oversub_procs_here(), &machine);
  header_placement(&machine, &warn);
  sk_header_date(date, sizeof date);
  sk_tp_library_version(lib, sizeof lib);
  sk_tp_processor_name(name, sizeof name);
  if (f->resumed) {
    sk_runlog_resumed(f->suites_kept, date);
    if (f->suites_kept > 0)
      sk_str_printf(&h, "# resumed at %s: suites 1 to %d above come from the interrupted run,"
                    " the rest from this one (skampi-%s)\n", date, f->suites_kept, SKAMPI_VERSION);
    else
      sk_str_printf(&h, "# resumed at %s: the interrupted run completed no suite; all come from this"
                    " one (skampi-%s)\n", date, SKAMPI_VERSION);
  } else {
    sk_str_printf(&h, "# SKaMPI Version skampi-%s (%s backend)\n", SKAMPI_VERSION, SK_BACKEND_NAME);
    sk_str_printf(&h, "# Started at %s\n", date);
  }
  sk_str_printf(&h, "# input file: %s\n", f->input);
  sk_str_printf(&h, "# processes: %d\n", sk_tp_world_size());
  sk_str_printf(&h, "# library: %s\n", lib);
  header_library_settings(&h);
  header_thread_level(&h);
  sk_str_printf(&h, "# processor of rank 0: %s\n", name);
  /* two runs started in the same second can have equal headers otherwise; a merge of
  ** backups tells runs apart by their headers (merge.c) */
  if (!f->resumed) sk_str_printf(&h, "# run: rank 0 was process %ld\n", sk_os_process_id());
  header_simulation(&h);
  sk_header_processors(&h);
  sk_skew_describe(&h);
  sk_str_printf(&h, "# clock tick: %g s, global clock: %s\n", sk_tp_wtick(), sk_tp_wtime_is_global() ? "yes" : "no");
  sk_str_printf(&h, "# clock: %s%s\n", sk_tp_clock_source(), sk_tp_clock_is_cpu_time()
                ? " -- process CPU time: time spent waiting (a sleep, I/O, another process) is not counted" : "");
  sk_str_printf(&h, "# dummy time (timing overhead, not subtracted): %.4f us\n", f->dummy_time * 1e6);
  if (f->library) {
    sk_str_printf(&h, "# timing of the simple pattern: the clock is read once around the N calls of a timing"
                  " (N: SKaLib eq. 3.1, \"calls per timing\"); subtracted from every timing: the clock's cost,"
                  " %.4f us (the least time between two readings), and the time between skampi_pause and"
                  " skampi_resume with %.4f us per pair (its calibrated cost); a call's time is the rest over N\n",
                  f->clock_cost * 1e6, f->pause_cost * 1e6);
    sk_str_printf(&h, "# empty call (not subtracted): %.4f us, the least per-call time of that loop over an empty"
                  " operation (%ld calls per timing), part of every call's time as of a plain loop's that calls"
                  " the operation\n", f->empty_call * 1e6, f->empty_calls);
  }
#ifdef SKAMPI_MPI
  sk_str_printf(&h, "# ping-pongs: %.4f us subtracted from every timing (one MPI_Wtime reading: the least of %d"
                " back-to-back pairs, SKaLib 3.2); the partner's readiness is awaited"
                " before the clock starts\n", sk_tp_mpi_clock_cost() * 1e6, SK_CLOCK_PAIRS);
#endif
  sk_str_puts(&h, "#@ columns: LOOPVARS... size[bytes] time[us] stderr[us] reps node_time[us]...\n");
  sk_str_puts(&h, "# columns: a result line holds its loop variables (name= value), the message size in bytes,"
              " the time in microseconds (seconds x F after \"# times in seconds x F\", set_unit), its standard"
              " error (SKaLib eq. A.1), the number of repetitions, then the per-process times.");
  sk_str_puts(&h, " The time is the mean of the repetitions' values without the lowest and highest quarter (set_cut_quantile;"
              " set_result_statistic(\"min\"): the least), a repetition's value being the longest time over the"
              " processes;");
  sk_str_puts(&h, " for a ping-pong that is one full round trip (ping plus pong: the OSU benchmarks and IMB"
              " print the one-way latency, half of it), for a collective the operation from the synchronised start"
              " until the last process is done.");
  sk_str_puts(&h, " A per-process time (\"node time\"; a node is a process here) is"
              " that process's own time by the same statistic over the same repetitions; as each repetition's"
              " value is the longest over the processes, the time is normally at least the largest of them.");
  sk_str_puts(&h, " Under a line, \"#@ flags:\", \"#@ dist:\" and \"#@ reps:\" give its flags, the distribution"
              " (least, Q1, median, Q3, P90, P99, largest) and the values of its repetitions in its time unit\n");
  sk_str_printf(&h, "# random seed (get_random_int, comm_rand): %ld\n", f->random_seed);
  sk_str_puts(&h, f->sync_lines ? f->sync_lines : "");
  sk_io_files_describe(&h, NULL);
  sk_str_puts(&h, machine.data ? machine.data : "");
  if (f->copy != NULL && !f->resumed) header_copy_input(&h, f->copy);
  header_emit(&h, f->resumed, f->library);
  if (!f->resumed) sk_runlog_header_done();
  if (!f->quiet) header_warn(warn.data);
  else fflush(stderr);
  sk_str_free(&h);
  sk_str_free(&machine);
  sk_str_free(&warn);
}

SK_API void sk_header_footer(const sk_sync_config *sync, double started, sk_str *footer, sk_str *warning)
{
  char date[64];
  sk_header_date(date, sizeof date);
  sk_sync_describe(sync, footer);
  sk_oversub_summary(footer);
  sk_oversub_placement_summary(footer);
  sk_interference_summary(footer, warning);
  sk_str_printf(footer, "# Finished at %s\n# Total runtime %.0f seconds\n", date, sk_tp_wtime() - started);
}
