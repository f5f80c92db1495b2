/*
** tests/fuzz/fuzz_sko.c -- fuzzing harness of the .sko reader: the results files skampi
** writes, read back by -m (merge, SKaLib report (TR 99/07) §3.4). The harness calls the
** reader's text-level entry point sk_merge_texts (split/results/merge.h), which takes the files'
** texts and returns the merged text or a located message. When the report, export and
** resume readers share one .sko reader module, only fuzz_one below has to be re-pointed
** at that module's entry point (and these oracles extended to its results).
**
** One input is one or more files ("%%file NAME" lines, as fuzz_ski.c); all of them are
** merged, the first deciding the blocks and lines. Oracles (fuzz_common.h): no sanitizer
** report, no exit from inside the reader, a rejection carries a one-line message whose
** FILE:LINE:COL lies in the input; and a round trip: the merged text read alone and
** merged again gives the same result blocks, byte for byte (everything from the first
** "# begin result" line on; the header gains a "# merged by" line each time).
** Modes and options: as tests/fuzz/fuzz_ski.c; tests/fuzz/run.sh builds it (READER=sko).
*/
#define FUZZ_NAME "fuzz_sko"
#include "fuzz_common.h"

/* The result blocks of a merged text: from its first "# begin result" line on. */
static const char *fuzz_sko_blocks(const char *text)
{
  const char *p = text;
  for (;;) {
    if (strncmp(p, "# begin result \"", 16) == 0) return p;
    p = strchr(p, '\n');
    if (p == NULL) return "";
    p++;
  }
}

static void fuzz_one(const unsigned char *data, size_t size)
{
  sk_sources src;
  sk_str out, again, err;
  char **names;
  const char **texts;
  char *one[1];
  const char *onetext[1];
  size_t i;
  fuzz_begin(data, size);
  sk_sources_init(&src, 0);
  fuzz_split(&src, data, size);
  names = (char **)sk_calloc(src.n, sizeof(char *));
  texts = (const char **)sk_calloc(src.n, sizeof(char *));
  for (i = 0; i < src.n; i++) { names[i] = src.items[i].name; texts[i] = src.items[i].text; }
  sk_str_init(&out);
  sk_str_init(&again);
  sk_str_init(&err);
  if (sk_merge_texts(names, texts, (int)src.n, &out, &err)) {
    fuzz_n_ok++;
    if (fuzz_verbose) fputs(out.data ? out.data : "", stdout);
    one[0] = (char *)"merged.sko";
    onetext[0] = out.data ? out.data : "";
    if (!sk_merge_texts(one, onetext, 1, &again, &err))
      fuzz_fail("round trip: the merged text is rejected when merged again", err.data);
    if (strcmp(fuzz_sko_blocks(onetext[0]), fuzz_sko_blocks(again.data ? again.data : "")) != 0) {
      fuzz_dump("merged", onetext[0], strlen(onetext[0]));
      fuzz_dump("merged again", again.data ? again.data : "", again.len);
      fuzz_fail("round trip: merging the merged text again changes its result blocks", NULL);
    }
  } else {
    fuzz_n_rejected++;
    if (fuzz_verbose) printf("%s\n", err.data ? err.data : "(no message)");
    fuzz_check_message(&src, &err);
  }
  sk_str_free(&out);
  sk_str_free(&again);
  sk_str_free(&err);
  free((void *)names);
  free((void *)texts);
  sk_sources_free(&src);
  fuzz_end();
}

/* Words of .sko files for the built-in mutator. */
static const char *const fuzz_tokens[] = {
  "\n", " ", "\t", "#", "# ", "\"", "=", "-", ".", "e", "0", "1", "-1", "0.000", "1e308",
  "1e309", "-1e309", "nan", "inf", "-inf", "99999999999999999999", "9223372036854775807",
  "# begin result \"", "# end result \"", "begin result \"", "end result \"",
  "# begin result \"m\"\n", "# end result \"m\"\n", "count= ", "nodes= ", "bytes= ",
  "      1024      12.345      0.123    10 ", "     12.000", "\n%%file b.sko\n",
  "\n%%file c.sko\n", "# SKaMPI Version skampi-", "# Started at ", "# input file: ",
  "# processes: ", "# dummy time", "# APR ", "# Finished at ", "# Total runtime ",
  "# merged by skampi", "\r\n", "\0", "\xff", "#@ flags: ", "#@ dist: ", "#@ reps: ",
  "#@ suite: time=round_trip dummy_us=", "#@ loop_ended: ", "discarded=3,", "rep_cap"
};

#include "fuzz_driver.h"
