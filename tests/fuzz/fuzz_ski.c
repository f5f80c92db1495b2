/*
** tests/fuzz/fuzz_ski.c -- fuzzing harness of the .ski parser (SKaMPI 5 manual §2.5/§5,
** the SKaMPI 6 grammar), on the sequential backend. The other readers have their own
** harnesses (fuzz_params4.c, fuzz_sko.c, fuzz_cli.c); all share fuzz_common.h (oracles)
** and fuzz_driver.h (entry points). Nothing is interpreted (that would measure):
** every input is parsed, printed back as .ski text, and the printed text must parse
** again to the same tree and print identically (round trip).
**
** One input is one byte string. It may carry several files: a line "%%file NAME" starts
** the file NAME (until the next such line); the bytes before the first such line are the
** main file "main.ski". Only these files exist (the source set does not read the disk),
** so @include of any other name fails cleanly with a message.
**
** What counts as a failure (abort(), so every fuzzer sees a crash):
**   - a sanitizer report (ASan/UBSan; leaks with LeakSanitizer);
**   - the parser ending the process (sk_exit/sk_fatal) instead of returning 0;
**   - a rejected input without a message, or with a message whose file:line:col does not
**     lie in the input, or a rejected parse that leaves statements in the program;
**   - the printed program failing to parse again, printing differently the second
**     time, or parsing to a different tree (locations ignored).
** Environment: SKAMPI_FUZZ_ROUNDTRIP=0 skips the round trip, SKAMPI_FUZZ_LOCCHECK=0 the
** check of message locations (to look past a known bug while it is being fixed).
**
** Modes (one source file):
**   libFuzzer  clang -g -O1 -fsanitize=fuzzer,address,undefined -DSKAMPI_SEQ
**                -DSKAMPI_FUZZ_LIBFUZZER -o fuzz_ski_lf tests/fuzz/fuzz_ski.c -lm
**   AFL++      afl-clang-fast -g -O1 -DSKAMPI_SEQ -o fuzz_ski_afl tests/fuzz/fuzz_ski.c -lm
**              afl-fuzz -i tests/fuzz/corpus -o OUT -- ./fuzz_ski_afl      (persistent,
**              shared-memory input; or "-- ./fuzz_ski_afl @@" for one file per run)
**   driver     cc -DSKAMPI_SEQ -o fuzz_ski tests/fuzz/fuzz_ski.c -lm
**              ./fuzz_ski [-v] [-m N] [-s SEED] [-o LASTFILE] FILE...
**              runs every FILE (no FILE: standard input once); -m N then runs N inputs
**              made by a small built-in mutator from the FILEs (seed -s); -o saves each
**              input to LASTFILE before running it (the reproducer when the run dies);
**              -v prints every printed program or error message.
** Every mode needs the amalgam on the include path and -DSKAMPI_TESTING:
**   tools/sk21f tests/out/skampi_amalgam.c; CC ... -DSKAMPI_TESTING -Itests/out ...
** tests/fuzz/run.sh does all of this.
*/
#define FUZZ_NAME "fuzz_ski"
#include "fuzz_common.h"

/* ---- one input ---- */

static void fuzz_one(const unsigned char *data, size_t size)
{
  sk_sources src;
  sk_program prog;
  sk_str err;
  fuzz_begin(data, size);
  sk_sources_init(&src, 0);
  fuzz_split(&src, data, size);
  sk_str_init(&err);
  if (sk_parse_file(&src, FUZZ_MAIN_NAME, &prog, &err)) {
    fuzz_n_ok++;
    fuzz_roundtrip(&prog, ".ski", 0);
    sk_program_free(&prog);
  } else {
    fuzz_n_rejected++;
    fuzz_check_rejected(&src, &err, &prog, "sk_parse_file");
  }
  sk_str_free(&err);
  sk_sources_free(&src);
  fuzz_end();
}

static const char *const fuzz_tokens[] = {
  "\n", " ", "\t", "(", ")", "[", "]", ",", ":", "=", "==", "!=", "<>", "<", "<=", ">",
  ">=", "&&", "||", "!", "+", "-", "*", "/", "%", "...", "#", "\"", "\\\n", "@include",
  "@include \"inc.ski\"\n", "\n%%file inc.ski\n", "\n%%file sub/a.ski\n", "@include \"sub/a.ski\"\n",
  "@include \"main.ski\"\n", "@include \"b.ski\"\n", "\n%%file sub/b.ski\n",
  "begin measurement \"m\"\n", "end measurement\n", "measure ", "MPI_COMM_WORLD : ",
  "Synthetic_Busy(1, 1, 1, 1, 1, 1)", "Synthetic_Virtual(1e-6, 0, 0, 0, 0, 0)",
  "for ", "autorefine ", "i = 1 to 10 step *2 multipleof 4 do\n", " to ", " step ", " step *",
  " multipleof ", " do\n", "\nod\n", " in ", "[1, 2, 3]", "range(1, 5)", "squares(1, 3)",
  "if ", " then\n", "\nelse\n", "\nfi\n", "x", "x = ", "comm(1)", "sqrt(2)", "power(2, 3)",
  "atoi(\"12\")", "modulo(7, 3)", "get_np()", "set_skampi_buffer(1MiB)\n", "MPI_INT",
  "MPI_SUM", "MPI_UNDEFINED", "0", "1", "2.", ".5", "1e9", "1e999", "1e-999", "0x10",
  "9223372036854775807", "9223372036854775808", "4kb", "1KiB", "2mb", "3MiB", "1gb", "7GiB",
  "1.5kb", "\"str\"", "\"a#b\"", "\r\n", "\0", "\xff", "od", "fi", "end", "else", "do",
  "((((((((", "))))))))", "- - - -", "! ! ! !", "1 + 1 + 1 + 1 + ", "\n%%file "
};

#include "fuzz_driver.h"
