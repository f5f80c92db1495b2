/*
** report_marks.c -- the HTML report of lines that carry the .sko's machine-readable marks
** (doc/manual.md, "Flags and distributions"), with the marks set in memory as the reader
** gives them (split/results/sko.h: flagset, has_dist/dist, oneway_us, mbytes_per_s), so
** that the report is checked apart from the reader: tests/reports/report.sh renders the
** page in Chromium and checks the notes, tooltips, hollow points, bands and columns.
**
**   report_marks A.sko B.sko OUT.html
**   report_marks --reader-flags A.sko     prints how many lines the reader gave a flagset
**                                         (0 until split/results/sko.c reads "#@ flags:")
** A and B are tests/reports/marks-openmpi.sko and marks-mpich.sko: their suite
** "Pingpong_Send_Recv" (round trips of 1, 4, 16, 32, 64 bytes) gets the flags below and
** a distribution around each time, one-way latency (half the round trip) and MB/s.
*/
#define main skampi_main
#include "skampi_amalgam.c"
#undef main

static const char *const flags_a[] = { NULL, "clock_resolution,timing_overhead", "discarded=1,rep_cap", "refined",
                                       "calls_per_timing=4,verified" };

static void set_marks(sk_sko_file *f, int which)
{
  size_t b, l;
  for (b = 0; b < f->n; b++) {
    sk_sko_block *bl = &f->blocks[b];
    if (!sk_streq(bl->name, "Pingpong_Send_Recv")) continue;
    bl->time_kind = SK_SKO_TIME_ROUND_TRIP;
    for (l = 0; l < bl->n && l < 5; l++) {
      sk_sko_line *ln = &bl->lines[l];
      const char *flags = which == 0 ? flags_a[l] : l == 1 ? "barrier_starts" : NULL;
      double t = ln->time_us;
      free(ln->flagset);
      ln->flagset = flags ? sk_strdup(flags) : NULL;
      ln->has_dist = 1;
      ln->dist[0] = t * 0.90; ln->dist[1] = t * 0.97; ln->dist[2] = t; ln->dist[3] = t * 1.03;
      ln->dist[4] = t * 1.06; ln->dist[5] = t * 1.10; ln->dist[6] = t * 1.15;
      ln->oneway_us = t / 2.0;
      ln->mbytes_per_s = (double)ln->size / ln->oneway_us;
    }
  }
}

int main(int argc, char **argv)
{
  sk_sko_file *files;
  sk_str err, o;
  FILE *fp;
  int ok;
  sk_str_init(&err);
  sk_str_init(&o);
  if (argc == 3 && sk_streq(argv[1], "--reader-flags")) {
    size_t b, l, n = 0;
    if (!sk_sko_read_all(argv + 2, 1, &files, &err)) { fprintf(stderr, "%s\n", err.data); return 2; }
    for (b = 0; b < files[0].n; b++)
      for (l = 0; l < files[0].blocks[b].n; l++) if (files[0].blocks[b].lines[l].flagset != NULL) n++;
    printf("%lu\n", (unsigned long)n);
    sk_sko_free_all(files, 1);
    return 0;
  }
  if (argc != 4) { fprintf(stderr, "usage: report_marks A.sko B.sko OUT.html | --reader-flags A.sko\n"); return 2; }
  if (!sk_sko_read_all(argv + 1, 2, &files, &err)) { fprintf(stderr, "%s\n", err.data); return 2; }
  set_marks(&files[0], 0);
  set_marks(&files[1], 1);
  sk_report_html(&o, files, 2, NULL);
  fp = fopen(argv[3], "w");
  ok = fp != NULL && fputs(o.data, fp) >= 0;
  if (fp != NULL && fclose(fp) != 0) ok = 0;
  sk_sko_free_all(files, 2);
  sk_str_free(&o);
  sk_str_free(&err);
  return ok ? 0 : 1;
}
