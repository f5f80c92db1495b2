/*
** tests/fuzz/fuzz_params4.c -- fuzzing harness of the SKaMPI 4 parameter-file reader
** (split/language/params4.c), on the sequential backend. Every input whose main file
** sk_params4_detect takes for a SKaMPI 4 file (as skampi -i does) goes through
** sk_params4_parse (with the check against this build's catalogue) and
** sk_params4_translate (the -t path, without it); an accepted file's translation is
** printed as .ski, and the printed program must parse again to the same tree and print
** identically (round trip; the unchecked translation may name measurement functions of
** other builds, so there the round trip tolerates "unknown measurement function").
** Inputs that are not SKaMPI 4 files are counted as rejected without running.
** Oracles, input format ("%%file NAME" lines), modes and options: as tests/fuzz/fuzz_ski.c
** (fuzz_common.h, fuzz_driver.h); tests/fuzz/run.sh builds it (READER=params4).
*/
#define FUZZ_NAME "fuzz_params4"
#include "fuzz_common.h"

static void fuzz_one(const unsigned char *data, size_t size)
{
  sk_sources src;
  sk_program prog;
  sk_str err;
  fuzz_begin(data, size);
  sk_sources_init(&src, 0);
  fuzz_split(&src, data, size);
  sk_str_init(&err);
  if (!sk_params4_detect(FUZZ_MAIN_NAME, src.items[0].text)) {
    fuzz_n_rejected++;
  } else {
    fuzz_n_params4++;
    if (sk_params4_parse(&src, FUZZ_MAIN_NAME, &prog, &err)) {
      fuzz_n_ok++;
      fuzz_roundtrip(&prog, "SKaMPI 4 translation", 0);
      sk_program_free(&prog);
    } else {
      fuzz_n_rejected++;
      fuzz_check_rejected(&src, &err, &prog, "sk_params4_parse");
    }
    sk_str_clear(&err);
    if (sk_params4_translate(&src, FUZZ_MAIN_NAME, &prog, &err)) {
      fuzz_roundtrip(&prog, "SKaMPI 4 translation, unchecked", 1);
      sk_program_free(&prog);
    } else {
      fuzz_check_rejected(&src, &err, &prog, "sk_params4_translate");
    }
  }
  sk_str_free(&err);
  sk_sources_free(&src);
  fuzz_end();
}

/* Words of SKaMPI 4 parameter files for the built-in mutator: every section, key,
** type and keyword value of split/language/params4.c's tables. */
static const char *const fuzz_tokens[] = {
  "\n", " ", "\t", "=", ";", "{", "}", "{\n", "}\n", "#", "@", "\"", "0", "1", "-1", "0.5",
  "1e9", "1e999", "99999999999999999999", "Default_Value", "\r\n", "\xff",
  "@USER ", "@MACHINE ", "@NETWORK ", "@NODE ", "@COMMENT ", "@OUTFILE ",
  "@LOGFILE ", "@POSTPROC ", "@POST_PROC ", "@POST ", "@ABSOLUTE ", "@MEMORY ",
  "@MAX_REP ", "@MIN_REP ", "@STANDARD_ERROR ", "@CUT_QUANTILE ", "@TIME_MEAS ", "@TIME_SUITE ",
  "@MAX_STEPS ", "@STEPS ", "@MULTIPLE_OF ", "@MEASUREMENTS ", "Type = ", "Variation = ",
  "Scale = ", "Max_Repetition = ", "Min_Repetition = ", "Multiple_of = ", "Time_Measurement = ", "Time_Suite = ",
  "Node_Times = ", "Cut_Quantile = ", "Default_Chunks = ", "Default_Message_length = ", "Default_Nodes = ", "Start_Argument = ",
  "End_Argument = ", "Stepwidth = ", "Max_Steps = ", "Min_Distance = ", "Max_Distance = ", "Standard_error = ",
  "MPI_Allgather", "MPI_Allgatherv", "MPI_Allreduce", "MPI_Alltoall", "MPI_Alltoall-Isend_Irecv", "MPI_Alltoallv",
  "MPI_Barrier", "MPI_Bcast", "MPI_Bcast-Send_Recv", "MPI_Bsend-MPI_Recv", "MPI_Comm_dup", "MPI_Comm_split",
  "MPI_Gather", "MPI_Gather-Send_Recv", "MPI_Gatherv", "MPI_Isend-MPI_Recv", "MPI_Issend-MPI_Recv", "MPI_Reduce",
  "MPI_Reduce-MPI_Bcast", "MPI_Reduce_scatter", "MPI_Scan", "MPI_Scatter", "MPI_Scatterv", "MPI_Send",
  "MPI_Send-MPI_Iprobe_Recv", "MPI_Send-MPI_Irecv", "MPI_Send-MPI_Recv", "MPI_Sendrecv", "MPI_Sendrecv_replace", "MPI_Ssend-MPI_Recv",
  "MPI_Wtime", "MW_Bsend", "MW_Isend", "MW_Recv_Any_Source", "MW_Send", "MW_Ssend",
  "MW_Waitany", "MW_Waitsome", "Master_Worker", "Synthetic_Busy", "Synthetic_Virtual", "Length",
  "Nodes", "Chunks", "No_variation", "Fixed_linear", "Fixed_log", "Dynamic_linear",
  "Dynamic_log", "yes", "no", "Default_Value"
};

#include "fuzz_driver.h"
