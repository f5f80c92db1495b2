/*
** params4.c -- the SKaMPI 4 parameter-file reader (params4.h). It owns the translation
** of a SKaMPI 4 parameter file -- `@` sections (SKaLib report (TR 99/07) §6.1) and measurement blocks
** `Name { Key = Value; ... }` (§6.2, with the fields of measurement_t, ch. 5) -- into
** the program tree of ast.h, so that the interpreter runs it like a .ski program and
** `skampi -t` prints it as one. Every node of the tree carries the location in the
** parameter file it comes from, so run-time errors name the .par line.
** Where its rules are written and in which order it checks them: doc/internals.md,
** "language/params4: the reader's rules".
*/
#include "params4.h"
#include "parser.h"
#include "lexer.h"
#include "catalogue.h"
#include "builtins.h"
#include "settings.h"
#include "buffers.h"
#include <setjmp.h>

#define P4_MAX_COUNT 2147483647L     /* counts, lengths, repetitions are C ints in MPI */
#define P4_MAX_NUMBER 1e9            /* keeps minutes * 60, steps and errors finite */
#define P4_BUFFER_SLACK 64L          /* bytes of the buffer kept for alignment padding */
#define P4_DEFAULT_MESSAGE_LENGTH 256L
#define P4_DEFAULT_CHUNKS 64L

/* ---- the interpreter settings a parameter file controls ---- */

enum p4_setting {
  P4_SET_NONE = -1,
  P4_SET_MIN_REPS, P4_SET_MAX_REPS, P4_SET_REL_ERROR, P4_SET_CUT_QUANTILE,
  P4_SET_TIME_MEAS, P4_SET_TIME_SUITE, P4_SET_MAX_STEPS, P4_SET_MIN_DISTANCE,
  P4_SET_NODE_TIMES, P4_NSETTINGS
};

static const char *const p4_setting_helper[P4_NSETTINGS] = {
  "set_min_repetitions", "set_max_repetitions", "set_max_relative_standard_error",
  "set_cut_quantile", "set_time_limit_per_measurement", "set_time_limit_per_suite",
  "set_autorefine_max_steps", "set_autorefine_min_distance", "set_max_nr_node_times"
};

static const int p4_setting_is_integer[P4_NSETTINGS] = { 1, 1, 0, 0, 0, 0, 1, 0, 1 };

/* ---- keys of a measurement block (§6.2) ---- */

/*
**   A measurement block is a name (one or more words on one line) followed by
**   '{' (on that line or a later one), entries `Key = Value;` and '}'. '#' starts a
**   comment anywhere in this section. Keys and keyword values are case-insensitive;
**   every key may appear once per block; Type and Variation are required, Scale too
**   unless Variation = No_variation; keys that do not apply are accepted and ignored
**   (SKaMPI 4 files list every key in every block, as the example of §6.2 does).
**   Numbers: whole numbers may carry a size suffix (64kb = 65536); a value that must be
**   whole may not be written as 2.0.
**     Type                   a type number or name from the table below
**     Variation              Length | Nodes | Chunks | No_variation
**     Scale                  Fixed_linear | Fixed_log   -> a `for` loop
**                            Dynamic_linear | Dynamic_log -> an `autorefine` loop (§3.3)
**                            linear: `step +Stepwidth`, log: `step *Stepwidth`
**     Start_Argument         first value (default: Length 0, Nodes 2, Chunks 1); a log
**                            scale over Length starts at 1 at the least, Nodes at 2,
**                            Chunks at 1
**     End_Argument           last value, or Max_Value (= Default_Value): over Length
**                            `to ...` (up to the buffer) for Fixed scales; for Dynamic
**                            scales (autorefine needs a number) the largest length whose
**                            buffers fit in @MEMORY (or the default buffer), see
**                            p4_length_bound; over Nodes get_np(); over Chunks an error
**     Stepwidth              linear: a whole number >= 1 (default 1); log: > 1 (default 2)
**     Multiple_of            every loop value a multiple of it (`multipleof`); 0 or 1:
**                            none; Default_Value: @MULTIPLE_OF. Types that reduce ints
**                            (MPI_Reduce & co) use lcm(Multiple_of, 4) over Length
**     Max_Repetition         set_max_repetitions                  } in the block; the
**     Min_Repetition         set_min_repetitions                  } value in force
**     Standard_error         set_max_relative_standard_error      } before the block
**     Cut_Quantile           set_cut_quantile                     } (the @ section or
**     Time_Measurement       set_time_limit_per_measurement (min) } skampi's default)
**     Time_Suite             set_time_limit_per_suite (minutes)   } is restored right
**     Node_Times             no: set_max_nr_node_times(0); yes: } after the block
**                            as before (skampi's default: 16)     } (settings are
**     Max_Steps              set_autorefine_max_steps  (Dynamic)  } global in the
**     Min_Distance           set_autorefine_min_distance (Dynamic)} interpreter)
**     Max_Distance           accepted and ignored ("not used until now", ch. 5)
**     Default_Message_length message length in bytes when not varied (default 256)
**     Default_Chunks         chunks of master-worker types when not varied (0 or
**                            Default_Value: 64)
**     Default_Nodes          (skampi extension) processes of collective and
**                            master-worker types when not varied: comm(n); Max_Value or
**                            Default_Value: MPI_COMM_WORLD
**   Default_Value stands for the @ section's value or, without one, skampi's default;
**   then the block emits no call. A block setting equal to the value in force emits none.
**
*/

enum p4_key {
  K_TYPE, K_VARIATION, K_SCALE, K_MAX_REP, K_MIN_REP, K_MULTIPLE_OF, K_TIME_MEAS,
  K_TIME_SUITE, K_NODE_TIMES, K_CUT_QUANTILE, K_DEFAULT_CHUNKS, K_DEFAULT_LENGTH,
  K_DEFAULT_NODES, K_START, K_END, K_STEPWIDTH, K_MAX_STEPS, K_MIN_DISTANCE,
  K_MAX_DISTANCE, K_STD_ERROR, P4_NKEYS
};

typedef enum p4_value_kind {
  P4_V_TYPE, P4_V_VARIATION, P4_V_SCALE, P4_V_YESNO, P4_V_INT, P4_V_NUMBER
} p4_value_kind;

typedef struct p4_key_def {
  const char *name;
  p4_value_kind kind;
  int allow_default, allow_max;
  double min, max;            /* P4_V_INT and P4_V_NUMBER: the allowed range */
  int min_excluded;           /* 1: the value must be larger than min */
  int max_excluded;           /* 1: the value must be smaller than max */
  int setting;                /* enum p4_setting it controls, or P4_SET_NONE */
  int minutes;                /* 1: given in minutes, the setting is in seconds */
  const char *expected;       /* what a valid value looks like (for messages) */
} p4_key_def;

static const p4_key_def p4_keys[P4_NKEYS] = {
  { "Type", P4_V_TYPE, 0, 0, 0, 0, 0, 0, P4_SET_NONE, 0, "a type number or name (see the table in params4.c)" },
  { "Variation", P4_V_VARIATION, 0, 0, 0, 0, 0, 0, P4_SET_NONE, 0, "Length, Nodes, Chunks or No_variation" },
  { "Scale", P4_V_SCALE, 0, 0, 0, 0, 0, 0, P4_SET_NONE, 0, "Fixed_linear, Fixed_log, Dynamic_linear or Dynamic_log" },
  { "Max_Repetition", P4_V_INT, 1, 0, 1, P4_MAX_COUNT, 0, 0, P4_SET_MAX_REPS, 0, "a whole number >= 1" },
  { "Min_Repetition", P4_V_INT, 1, 0, 1, P4_MAX_COUNT, 0, 0, P4_SET_MIN_REPS, 0, "a whole number >= 1" },
  { "Multiple_of", P4_V_INT, 1, 0, 0, P4_MAX_COUNT / 4, 0, 0, P4_SET_NONE, 0, "a whole number from 0 to 536870911" },
  { "Time_Measurement", P4_V_NUMBER, 1, 0, 0, P4_MAX_NUMBER, 0, 0, P4_SET_TIME_MEAS, 1, "a number of minutes >= 0" },
  { "Time_Suite", P4_V_NUMBER, 1, 0, 0, P4_MAX_NUMBER, 0, 0, P4_SET_TIME_SUITE, 1, "a number of minutes >= 0" },
  { "Node_Times", P4_V_YESNO, 0, 0, 0, 0, 0, 0, P4_SET_NODE_TIMES, 0, "yes or no" },
  { "Cut_Quantile", P4_V_NUMBER, 1, 0, 0, 0.5, 0, 1, P4_SET_CUT_QUANTILE, 0, "a number >= 0 and < 0.5" },
  { "Default_Chunks", P4_V_INT, 1, 0, 0, P4_MAX_COUNT, 0, 0, P4_SET_NONE, 0, "a whole number >= 0" },
  { "Default_Message_length", P4_V_INT, 1, 0, 0, P4_MAX_COUNT, 0, 0, P4_SET_NONE, 0, "a whole number of bytes >= 0" },
  { "Default_Nodes", P4_V_INT, 1, 1, 1, P4_MAX_COUNT, 0, 0, P4_SET_NONE, 0, "a whole number >= 1" },
  { "Start_Argument", P4_V_INT, 1, 0, 0, P4_MAX_COUNT, 0, 0, P4_SET_NONE, 0, "a whole number >= 0" },
  { "End_Argument", P4_V_INT, 1, 1, 0, P4_MAX_COUNT, 0, 0, P4_SET_NONE, 0, "a whole number >= 0" },
  { "Stepwidth", P4_V_NUMBER, 1, 0, 0, P4_MAX_NUMBER, 1, 0, P4_SET_NONE, 0, "a number > 0" },
  { "Max_Steps", P4_V_INT, 1, 0, 1, P4_MAX_COUNT, 0, 0, P4_SET_MAX_STEPS, 0, "a whole number >= 1" },
  { "Min_Distance", P4_V_NUMBER, 1, 0, 0, P4_MAX_NUMBER, 0, 0, P4_SET_MIN_DISTANCE, 0, "a number >= 0" },
  { "Max_Distance", P4_V_NUMBER, 1, 0, 0, P4_MAX_NUMBER, 0, 0, P4_SET_NONE, 0, "a number >= 0" },
  { "Standard_error", P4_V_NUMBER, 1, 0, 0, P4_MAX_NUMBER, 0, 0, P4_SET_REL_ERROR, 0, "a number >= 0" }
};

enum p4_variation { VAR_LENGTH, VAR_NODES, VAR_CHUNKS, VAR_NONE };
static const char *const p4_variation_names[] = { "Length", "Nodes", "Chunks", "No_variation", NULL };
static const char *const p4_loop_variable[] = { "length", "nodes", "chunks", NULL };

enum p4_scale { SCALE_FIXED_LINEAR, SCALE_FIXED_LOG, SCALE_DYNAMIC_LINEAR, SCALE_DYNAMIC_LOG };
static const char *const p4_scale_names[] = {
  "Fixed_linear", "Fixed_log", "Dynamic_linear", "Dynamic_log", NULL
};

static const char *const p4_yes_no_names[] = { "no", "yes", NULL };

/* ---- measurement types ---- */

/*
** MEASUREMENT TYPES -- SKaMPI 4 chose a measurement by a number (§6.2: `Type = 50`,
** initialize_type). The numbering of the SKaMPI 4 sources is not part of the
** specification, so skampi assigns its own numbers (table p4_types) and prefers names:
** Type accepts the number, the SKaMPI 4 name or the SKaMPI 5 name (case-insensitive,
** optionally in double quotes). `len` is the message length in bytes (the loop
** variable `length`, or Default_Message_length); `len/4` counts ints of that length.
**   The types, their numbers, the SKaMPI 5 function each becomes and its arguments are
**   the table p4_types below (one row per type). How a type is measured follows from
**   the registry row of its function (sk_catalogue_find(function)->pattern):
**   p2p (variations Length, No_variation): measured in comm_pt2pt, assigned once
**   before the first p2p block as comm_pt2pt = comm2_max_latency_with_root() -- rank 0
**   and the process farthest from it, as SKaMPI 4's which_to_measure = MEASURE_MAX
**   (also type 50, Send, the new measurement of §6.2, a collective row of two processes);
**   master-worker (MPI_COMM_WORLD, comm(Default_Nodes) or comm(nodes); variations
**   Length, Nodes, Chunks, No_variation): skampi's portable Master_Worker(chunks,
**   chunk_bytes, work_us) (meas_mw.c) is SKaMPI 4's master-worker pattern (SKaLib
**   report (TR 99/07) §4.1); it is type 20. The SKaMPI 4 variants that differ in the
**   MPI calls of master and workers (21-27, SKaLib report §7.8 mw_test1) are the rows
**   Master_Worker_* of meas_mw.c with the same parameters. `chunks` is the loop variable, or
**   Default_Chunks; 0 (as in the example of §6.2), Default_Value or no Default_Chunks
**   mean 64.
**   collective (MPI_COMM_WORLD, comm(Default_Nodes) or comm(nodes); variations Length
**   if the call has a length, Nodes, No_variation);
**   simple (rank 0 alone: comm(1); variations Length if the call has a length,
**   No_variation).
**   The nodes loop of a collective starts at 2 at the least (a communicator of one
**   process would need choose_no_synchronization, SKaMPI 5 manual §4.1).
**
*/

typedef enum p4_family { FAM_P2P, FAM_MASTER_WORKER, FAM_COLLECTIVE, FAM_SIMPLE } p4_family;

/* Buffer bytes one byte of message length needs on the busiest process (send and
** receive buffer together): for the upper bound of Dynamic scales up to Max_Value. */
typedef enum p4_buffer_need {
  NEED_NOTHING, NEED_ONE, NEED_TWO, NEED_THREE, NEED_PROCS_PLUS_ONE, NEED_TWICE_PROCS
} p4_buffer_need;

typedef struct p4_type {
  int number;
  const char *skampi4_name;
  const char *function;        /* the measurement function (SKaMPI 5 name): its registry row */
  const char *arguments;       /* comma-separated: len, len/4, chunks, constants */
  p4_buffer_need need;
} p4_type;

static const p4_type p4_types[] = {
  { 1, "MPI_Send-MPI_Recv", "Pingpong_Send_Recv", "len,MPI_BYTE,0,1", NEED_TWO },
  { 2, "MPI_Send-MPI_Iprobe_Recv", "Pingpong_Send_Iprobe_Recv", "len,MPI_BYTE,0,1", NEED_TWO },
  { 3, "MPI_Send-MPI_Irecv", "Pingpong_Send_Irecv", "len,MPI_BYTE,0,1", NEED_TWO },
  { 4, "MPI_Ssend-MPI_Recv", "Pingpong_Ssend_Recv", "len,MPI_BYTE,0,1", NEED_TWO },
  { 5, "MPI_Isend-MPI_Recv", "Pingpong_Isend_Recv", "len,MPI_BYTE,0,1", NEED_TWO },
  { 6, "MPI_Issend-MPI_Recv", "Pingpong_Issend_Recv", "len,MPI_BYTE,0,1", NEED_TWO },
  { 7, "MPI_Bsend-MPI_Recv", "Pingpong_Bsend_Recv", "len,MPI_BYTE,0,1", NEED_TWO },
  { 8, "MPI_Sendrecv", "Pingpong_Sendrecv", "len,MPI_BYTE,0,len,MPI_BYTE,0,1", NEED_TWO },
  { 9, "MPI_Sendrecv_replace", "Pingpong_Sendrecv_replace", "len,MPI_BYTE,0,0,1", NEED_TWO },
  { 20, "Master_Worker", "Master_Worker", "chunks,len,0", NEED_PROCS_PLUS_ONE },
  { 21, "MW_Waitsome", "Master_Worker_Waitsome", "chunks,len,0", NEED_PROCS_PLUS_ONE },
  { 22, "MW_Waitany", "Master_Worker_Waitany", "chunks,len,0", NEED_PROCS_PLUS_ONE },
  { 23, "MW_Recv_Any_Source", "Master_Worker_Recv_Any_Source", "chunks,len,0",
    NEED_PROCS_PLUS_ONE },
  { 24, "MW_Send", "Master_Worker_Send", "chunks,len,0", NEED_PROCS_PLUS_ONE },
  { 25, "MW_Ssend", "Master_Worker_Ssend", "chunks,len,0", NEED_PROCS_PLUS_ONE },
  { 26, "MW_Isend", "Master_Worker_Isend", "chunks,len,0", NEED_PROCS_PLUS_ONE },
  { 27, "MW_Bsend", "Master_Worker_Bsend", "chunks,len,0", NEED_PROCS_PLUS_ONE },
  { 30, "MPI_Bcast", "Bcast", "len,MPI_BYTE,0", NEED_TWO },
  { 31, "MPI_Barrier", "Barrier", "", NEED_NOTHING },
  { 32, "MPI_Reduce", "Reduce", "len/4,MPI_INT,MPI_SUM,0", NEED_TWO },
  { 33, "MPI_Allreduce", "Allreduce", "len/4,MPI_INT,MPI_SUM", NEED_TWO },
  { 34, "MPI_Reduce_scatter", "Reduce_scatter", "len/4,MPI_INT,MPI_SUM,0", NEED_THREE },
  { 35, "MPI_Scan", "Scan", "len/4,MPI_INT,MPI_SUM", NEED_TWO },
  { 36, "MPI_Alltoall", "Alltoall", "len,MPI_BYTE,len,MPI_BYTE", NEED_TWICE_PROCS },
  { 37, "MPI_Gather", "Gather", "len,MPI_BYTE,len,MPI_BYTE,0", NEED_PROCS_PLUS_ONE },
  { 38, "MPI_Scatter", "Scatter", "len,MPI_BYTE,len,MPI_BYTE,0", NEED_PROCS_PLUS_ONE },
  { 39, "MPI_Allgather", "Allgather", "len,MPI_BYTE,len,MPI_BYTE", NEED_PROCS_PLUS_ONE },
  { 40, "MPI_Gatherv", "Gatherv", "len,MPI_BYTE,len,MPI_BYTE,0", NEED_PROCS_PLUS_ONE },
  { 41, "MPI_Scatterv", "Scatterv", "len,MPI_BYTE,len,MPI_BYTE,0", NEED_PROCS_PLUS_ONE },
  { 42, "MPI_Allgatherv", "Allgatherv", "len,MPI_BYTE,len,MPI_BYTE", NEED_PROCS_PLUS_ONE },
  { 43, "MPI_Alltoallv", "Alltoallv", "len,MPI_BYTE,len,MPI_BYTE", NEED_TWICE_PROCS },
  { 44, "MPI_Comm_split", "Comm_split", "", NEED_NOTHING },
  { 45, "MPI_Comm_dup", "Comm_dup", "", NEED_NOTHING },
  { 46, "MPI_Bcast-Send_Recv", "Bcast_Send_Recv", "len,MPI_BYTE,0", NEED_TWO },
  { 47, "MPI_Gather-Send_Recv", "Gather_SR", "len,MPI_BYTE,len,MPI_BYTE,0", NEED_PROCS_PLUS_ONE },
  { 48, "MPI_Alltoall-Isend_Irecv", "Alltoall_Isend_Irecv", "len,MPI_BYTE,len,MPI_BYTE",
    NEED_TWICE_PROCS },
  { 49, "MPI_Reduce-MPI_Bcast", "Reduce_Bcast", "len/4,MPI_INT,MPI_SUM,0", NEED_TWO },
  { 50, "MPI_Send", "Send", "len,MPI_BYTE,0", NEED_ONE },
  { 51, "MPI_Gather-Isend_Waitall", "Gather_ISWA", "len,MPI_BYTE,len,MPI_BYTE,0", NEED_PROCS_PLUS_ONE },
  { 60, "MPI_Wtime", "MPI_Wtime", "", NEED_NOTHING },
  { 90, "Synthetic_Virtual", "Synthetic_Virtual", "len,5,0.01,8192,100,0.125", NEED_NOTHING },
  { 91, "Synthetic_Busy", "Synthetic_Busy", "len,5,0.01,8192,100,0.125", NEED_NOTHING },
  { 0, NULL, NULL, NULL, NEED_NOTHING }
};

static int p4_type_uses(const p4_type *t, const char *token);

/* The family of a type, from the pattern of its registry row (rows exist in every
** build): point-to-point rows, and collective rows that need exactly a pair of
** processes (min_procs 2: Send), are measured between two processes in comm_pt2pt;
** simple rows on one process. A reserved name without a row yet is master-worker when
** its arguments have chunks (the error "unknown measurement function" comes later, from
** the check of the translated call). */
static p4_family p4_family_of(const p4_type *t)
{
  const sk_measurement *row = sk_catalogue_find(t->function);
  if (row == NULL) return p4_type_uses(t, "chunks") ? FAM_MASTER_WORKER : FAM_COLLECTIVE;
  switch (row->pattern) {
  case SK_PATTERN_P2P: return FAM_P2P;
  case SK_PATTERN_MASTER_WORKER: return FAM_MASTER_WORKER;
  case SK_PATTERN_SIMPLE: case SK_PATTERN_SIMPLE_OWN_TIME: return FAM_SIMPLE;
  default: return row->min_procs == 2 ? FAM_P2P : FAM_COLLECTIVE;
  }
}

/* ---- sections (§6.1) ---- */

/*
** FILE FORMAT
**   A line whose first non-blank character is '#' is a comment; blank lines are ignored.
**   A section begins with a line whose first non-blank character is '@', followed by
**   its keyword (case-insensitive, whole word). Its value follows on the same line and/or
**   on the following lines, up to the next '@' line. Non-comment text before the first
**   section is an error, as is an unknown keyword. A UTF-8 byte order mark is skipped.
**
**   Free text -- every non-blank line becomes output_comment("LABEL: line"), so the text
**   lands in the header of the output file ('"' is written as '\'', control characters
**   as blanks). These sections may be repeated:
**     @USER  @MACHINE  @NETWORK  @NODE  @COMMENT
**   Recorded only -- one output_comment with a note; skampi does not act on them:
**     @OUTFILE name     the output file is chosen with -o
**     @LOGFILE name     skampi reports on standard error
**     @ABSOLUTE yes|no
**   Post-processing -- a comment, and with yes a call of merge_with_backups(): after the
**   run the output OUT is merged with the earlier runs OUT.1, OUT.2, ... (SKaLib §3.4.3):
**     @POSTPROC yes|no  (also @POST_PROC, @POST)
**   Settings -- at most once each; translated, in file order, into helper calls at the
**   top of the program; measurement blocks inherit them (Default_Value):
**     @MEMORY n          set_skampi_buffer(n * 1024): n in KiB, or with a size suffix
**                        (kb KiB mb MiB gb GiB, any case) in those units
**     @MAX_REP n         set_max_repetitions(n)                      n >= 1
**     @MIN_REP n         set_min_repetitions(n)                      n >= 1, <= @MAX_REP
**     @STANDARD_ERROR x  set_max_relative_standard_error(x)          x >= 0, relative
**     @CUT_QUANTILE q    set_cut_quantile(q)                         0 <= q < 0.5
**     @TIME_MEAS m       set_time_limit_per_measurement(60 * m)      minutes (SKaMPI 4)
**     @TIME_SUITE m      set_time_limit_per_suite(60 * m)            minutes
**     @MAX_STEPS n       set_autorefine_max_steps(n)  (also @STEPS)  n >= 1
**     @MULTIPLE_OF n     no call: the default of Multiple_of (see below)   n >= 0
**   @MEASUREMENTS -- the measurement blocks; the section may be repeated.
**   Instrumentation -- switches for the measurement blocks that FOLLOW in the file (the
**   sections may be repeated, e.g. between two @MEASUREMENTS sections; each becomes its
**   helper call at its place among the blocks):
**     @MPI_T yes|no      switch_mpit_on() / switch_mpit_off()      (also @MPIT): MPI_T
**                        performance variables as "# mpit" lines under every result
**     @PERUSE yes|no     switch_peruse_on() / switch_peruse_off(): PERUSE events as
**                        "# peruse" lines under every result (MPI PERUSE 2.0 §4.3)
**   A build without -DSKAMPI_MPIT (-DSKAMPI_PERUSE) refuses `yes` at run time with the
**   helper's message, located at the section's value.
**
*/

typedef enum p4_section_kind {
  SEC_TEXT,          /* free text: output_comment per line */
  SEC_FILE_NAME,     /* recorded: OUTFILE, LOGFILE */
  SEC_YES_NO,        /* recorded: ABSOLUTE; POSTPROC yes also calls merge_with_backups() */
  SEC_MEMORY,
  SEC_SETTING,       /* a value checked like the block key `key`, a call of its setting */
  SEC_MULTIPLE_OF,
  SEC_SWITCH,        /* yes/no: switch_STEM_on() / _off() before the blocks that follow */
  SEC_MEASUREMENTS
} p4_section_kind;

typedef struct p4_section_def {
  const char *keyword;       /* as written after '@' (any case) */
  const char *label;         /* canonical name (aliases share it) */
  p4_section_kind kind;
  int key;                   /* SEC_SETTING, SEC_MULTIPLE_OF: the block key with the same rules */
  const char *note;          /* recorded sections: why skampi does not act on it;
                                SEC_SWITCH: the helpers' STEM (switch_STEM_on/_off) */
} p4_section_def;

static const p4_section_def p4_sections[] = {
  { "USER", "USER", SEC_TEXT, -1, NULL },
  { "MACHINE", "MACHINE", SEC_TEXT, -1, NULL },
  { "NETWORK", "NETWORK", SEC_TEXT, -1, NULL },
  { "NODE", "NODE", SEC_TEXT, -1, NULL },
  { "COMMENT", "COMMENT", SEC_TEXT, -1, NULL },
  { "OUTFILE", "OUTFILE", SEC_FILE_NAME, -1, "not used: skampi writes to the file given with -o" },
  { "LOGFILE", "LOGFILE", SEC_FILE_NAME, -1, "not used: skampi reports on standard error" },
  { "POSTPROC", "POSTPROC", SEC_YES_NO, -1, "with yes merge_with_backups() merges the run with its earlier runs OUT.1, OUT.2, ... at the end, SKaLib 3.4" },
  { "POST_PROC", "POSTPROC", SEC_YES_NO, -1, "with yes merge_with_backups() merges the run with its earlier runs OUT.1, OUT.2, ... at the end, SKaLib 3.4" },
  { "POST", "POSTPROC", SEC_YES_NO, -1, "with yes merge_with_backups() merges the run with its earlier runs OUT.1, OUT.2, ... at the end, SKaLib 3.4" },
  { "ABSOLUTE", "ABSOLUTE", SEC_YES_NO, -1, "not used by skampi" },
  { "MEMORY", "MEMORY", SEC_MEMORY, -1, NULL },
  { "MAX_REP", "MAX_REP", SEC_SETTING, K_MAX_REP, NULL },
  { "MIN_REP", "MIN_REP", SEC_SETTING, K_MIN_REP, NULL },
  { "STANDARD_ERROR", "STANDARD_ERROR", SEC_SETTING, K_STD_ERROR, NULL },
  { "CUT_QUANTILE", "CUT_QUANTILE", SEC_SETTING, K_CUT_QUANTILE, NULL },
  { "TIME_MEAS", "TIME_MEAS", SEC_SETTING, K_TIME_MEAS, NULL },
  { "TIME_SUITE", "TIME_SUITE", SEC_SETTING, K_TIME_SUITE, NULL },
  { "MAX_STEPS", "MAX_STEPS", SEC_SETTING, K_MAX_STEPS, NULL },
  { "STEPS", "MAX_STEPS", SEC_SETTING, K_MAX_STEPS, NULL },
  { "MULTIPLE_OF", "MULTIPLE_OF", SEC_MULTIPLE_OF, K_MULTIPLE_OF, NULL },
  { "MPI_T", "MPI_T", SEC_SWITCH, -1, "mpit" },
  { "MPIT", "MPI_T", SEC_SWITCH, -1, "mpit" },
  { "PERUSE", "PERUSE", SEC_SWITCH, -1, "peruse" },
  { "MEASUREMENTS", "MEASUREMENTS", SEC_MEASUREMENTS, -1, NULL },
  { NULL, NULL, SEC_TEXT, -1, NULL }
};

/* ---- the reader's state ---- */

/* A piece of one line that belongs to a section (comment lines are not pieces). */
typedef struct p4_fragment {
  const char *text;
  size_t len;
  sk_loc loc;                /* of text[0] */
} p4_fragment;

typedef struct p4_section {
  const p4_section_def *def;
  sk_loc loc;                /* of the '@' */
  p4_fragment *frags;
  size_t nfrags, capfrags;
  sk_loc end;                /* where the next section or the end of the file is */
  int last;                  /* 1: the file ends the section */
  sk_loc value_loc;          /* value sections: the value */
  long ival;
  double dval;
} p4_section;

typedef struct p4_value {
  int given;                 /* the key appeared */
  int is_default;            /* Default_Value */
  int is_max;                /* Max_Value */
  long ival;
  double dval;
  int choice;                /* Type: index in p4_types; keyword values: index in the names */
  sk_loc key_loc, value_loc;
} p4_value;

typedef struct p4_block {
  char *name;
  size_t section;            /* index of its @MEASUREMENTS section */
  sk_loc name_loc, close_loc;
  p4_value v[P4_NKEYS];
} p4_block;

typedef enum p4_tk {
  P4_TK_END, P4_TK_WORD, P4_TK_LBRACE, P4_TK_RBRACE, P4_TK_EQUALS, P4_TK_SEMICOLON
} p4_tk;

typedef struct p4_token {
  p4_tk kind;
  const char *text;
  size_t len;
  sk_loc loc;
} p4_token;

typedef struct p4_cursor {
  const p4_section *sec;
  size_t frag, pos;
} p4_cursor;

typedef struct p4_ctx {
  const char *file;          /* the name in the sources set (lives as long as the set) */
  const char *text;
  sk_str *err;
  jmp_buf fail;
  int check_catalogue;
  p4_section *sections;
  size_t nsections, capsections;
  p4_block *blocks;
  size_t nblocks, capblocks;
  sk_str word;               /* the current word as a C string */
  sk_str text_buf;           /* token descriptions, comment texts */
  sk_str name_buf;           /* a block name being read */
  /* generation */
  sk_program *prog;
  double setting[P4_NSETTINGS];        /* value in force at the top level */
  int setting_given[P4_NSETTINGS];     /* 1: by an @ section */
  long multiple_of;                    /* @MULTIPLE_OF, 0 = none */
  long buffer_bytes;                   /* @MEMORY or skampi's default buffer */
  int p2p_comm_defined;
} p4_ctx;

/* ---- small helpers ---- */

static void p4_fail(p4_ctx *c, const sk_loc *loc, const char *fmt, ...)
{
  va_list ap;
  sk_str_clear(c->err);
  va_start(ap, fmt);
  sk_format_loc_message(c->err, loc, fmt, ap);
  va_end(ap);
  longjmp(c->fail, 1);
}

static int p4_is_blank(int ch)
{
  return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v';
}

static int p4_is_ident_char(int ch)
{
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}

static int p4_lower(int ch)
{
  return ch >= 'A' && ch <= 'Z' ? ch + ('a' - 'A') : ch;
}

/* Case-insensitive: is the slice (s, n) the word w? */
static int p4_slice_is(const char *s, size_t n, const char *w)
{
  size_t i;
  for (i = 0; i < n; i++) {
    if (w[i] == '\0' || p4_lower((unsigned char)s[i]) != p4_lower((unsigned char)w[i])) return 0;
  }
  return w[n] == '\0';
}

static int p4_find_name(const char *const *names, const char *s, size_t n)
{
  int i;
  for (i = 0; names[i]; i++) if (p4_slice_is(s, n, names[i])) return i;
  return -1;
}

/* The slice as a C string, in c->word (valid until the next call). */
static const char *p4_word(p4_ctx *c, const char *s, size_t n)
{
  sk_str_clear(&c->word);
  sk_str_putn(&c->word, s, n);
  return c->word.data;
}

static const char *p4_describe(p4_ctx *c, const p4_token *t)
{
  sk_str_clear(&c->text_buf);
  switch (t->kind) {
  case P4_TK_END: sk_str_puts(&c->text_buf, "the end of the file"); break;
  case P4_TK_WORD:
    sk_str_putc(&c->text_buf, '\'');
    sk_str_putn(&c->text_buf, t->text, t->len);
    sk_str_putc(&c->text_buf, '\'');
    break;
  default:
    sk_str_putc(&c->text_buf, '\'');
    sk_str_putc(&c->text_buf, t->text[0]);
    sk_str_putc(&c->text_buf, '\'');
    break;
  }
  return c->text_buf.data;
}

/* [+-]digits with an optional size suffix (k kb kib m mb mib g gb gib, any case).
** Returns 1 and *out; *multiplier is the suffix's factor or 0 without a suffix. */
static int p4_parse_long(const char *s, size_t n, long *out, long *multiplier)
{
  size_t i = 0;
  int negative = 0;
  long value = 0, mult = 0;
  if (i < n && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  if (i >= n || s[i] < '0' || s[i] > '9') return 0;
  while (i < n && s[i] >= '0' && s[i] <= '9') {
    int digit = s[i++] - '0';
    if (value > (LONG_MAX - digit) / 10) return 0;
    value = value * 10 + digit;
  }
  if (i < n) {
    static const char *const suffixes[] = { "k", "kb", "kib", "m", "mb", "mib", "g", "gb", "gib", NULL };
    static const long factors[] = { 1L << 10, 1L << 10, 1L << 10, 1L << 20, 1L << 20, 1L << 20,
                                    1L << 30, 1L << 30, 1L << 30 };
    int k = p4_find_name(suffixes, s + i, n - i);
    if (k < 0) return 0;
    mult = factors[k];
    if (value > LONG_MAX / mult) return 0;
    value *= mult;
  }
  *out = negative ? -value : value;
  if (multiplier) *multiplier = mult;
  return 1;
}

/* [+-]digits[.digits][(e|E)[+-]digits] with at least one mantissa digit, finite. */
static int p4_parse_double(p4_ctx *c, const char *s, size_t n, double *out)
{
  size_t i = 0, digits = 0;
  double d;
  if (i < n && (s[i] == '+' || s[i] == '-')) i++;
  while (i < n && s[i] >= '0' && s[i] <= '9') { i++; digits++; }
  if (i < n && s[i] == '.') {
    i++;
    while (i < n && s[i] >= '0' && s[i] <= '9') { i++; digits++; }
  }
  if (digits == 0) return 0;
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    size_t exp_digits = 0;
    i++;
    if (i < n && (s[i] == '+' || s[i] == '-')) i++;
    while (i < n && s[i] >= '0' && s[i] <= '9') { i++; exp_digits++; }
    if (exp_digits == 0) return 0;
  }
  if (i != n) return 0;
  d = strtod(p4_word(c, s, n), NULL);
  if (d != d || d >= HUGE_VAL || d <= -HUGE_VAL) return 0;
  *out = d;
  return 1;
}

/* ---- splitting the file into sections ---- */

static const p4_section_def *p4_find_section(const char *s, size_t n)
{
  int i;
  for (i = 0; p4_sections[i].keyword; i++) if (p4_slice_is(s, n, p4_sections[i].keyword)) return &p4_sections[i];
  return NULL;
}

static int p4_section_may_repeat(const p4_section_def *d)
{
  return d->kind == SEC_TEXT || d->kind == SEC_SWITCH || d->kind == SEC_MEASUREMENTS;
}

static void p4_add_fragment(p4_section *sec, const char *text, size_t len, const sk_loc *loc)
{
  p4_fragment *f;
  while (len > 0 && p4_is_blank((unsigned char)text[len - 1])) len--;
  if (len == 0) return;
  sec->frags = (p4_fragment *)sk_grow(sec->frags, &sec->capfrags, sec->nfrags + 1, sizeof(p4_fragment));
  f = &sec->frags[sec->nfrags++];
  f->text = text;
  f->len = len;
  f->loc = *loc;
}

static void p4_split(p4_ctx *c)
{
  const char *p = c->text, *bom = "\xEF\xBB\xBF";
  int line = 1;
  p4_section *cur = NULL;
  sk_loc loc;
  loc.file = c->file;
  if (strncmp(p, bom, 3) == 0) p += 3;
  while (*p) {
    const char *start = p, *eol = p, *q;
    while (*eol && *eol != '\n') eol++;
    q = start;
    while (q < eol && p4_is_blank((unsigned char)*q)) q++;
    loc.line = line;
    loc.col = (int)(q - start) + 1;
    if (q == eol || *q == '#') {
      /* blank or comment line */
    } else if (*q == '@') {
      const char *name = q + 1, *after = name;
      const p4_section_def *def;
      size_t i;
      while (after < eol && p4_is_ident_char((unsigned char)*after)) after++;
      def = p4_find_section(name, (size_t)(after - name));
      if (def == NULL)
        p4_fail(c, &loc, "unknown section '@%s' (known: @USER @MACHINE @NETWORK @NODE @COMMENT @OUTFILE "
                "@LOGFILE @POSTPROC @ABSOLUTE @MEMORY @MAX_REP @MIN_REP @STANDARD_ERROR @CUT_QUANTILE "
                "@TIME_MEAS @TIME_SUITE @MAX_STEPS @MULTIPLE_OF @MPI_T @PERUSE @MEASUREMENTS)",
                p4_word(c, name, (size_t)(after - name)));
      if (!p4_section_may_repeat(def)) {
        for (i = 0; i < c->nsections; i++)
          if (sk_streq(c->sections[i].def->label, def->label))
            p4_fail(c, &loc, "section @%s given twice (first at line %d)", def->label, c->sections[i].loc.line);
      }
      if (cur) { cur->end = loc; cur->last = 0; }
      c->sections = (p4_section *)sk_grow(c->sections, &c->capsections, c->nsections + 1, sizeof(p4_section));
      cur = &c->sections[c->nsections++];
      memset(cur, 0, sizeof *cur);
      cur->def = def;
      cur->loc = loc;
      while (after < eol && p4_is_blank((unsigned char)*after)) after++;
      loc.col = (int)(after - start) + 1;
      p4_add_fragment(cur, after, (size_t)(eol - after), &loc);
    } else {
      if (cur == NULL)
        p4_fail(c, &loc, "text before the first section (a SKaMPI 4 parameter file consists of sections "
                "such as @USER or @MEASUREMENTS; comment lines start with '#')");
      p4_add_fragment(cur, q, (size_t)(eol - q), &loc);
    }
    p = eol;
    if (*p == '\n') { p++; line++; loc.col = 1; }
    else loc.col = (int)(eol - start) + 1;
  }
  if (cur) {
    cur->end.file = c->file;
    cur->end.line = line;
    cur->end.col = loc.col;
    cur->last = 1;
  }
}

/* ---- tokens of the value and measurement sections ---- */

static void p4_cursor_init(p4_cursor *cur, const p4_section *sec)
{
  cur->sec = sec;
  cur->frag = 0;
  cur->pos = 0;
}

static void p4_next(p4_cursor *cur, p4_token *tok)
{
  for (;;) {
    const p4_fragment *f;
    const char *s;
    if (cur->frag >= cur->sec->nfrags) {
      tok->kind = P4_TK_END;
      tok->text = "";
      tok->len = 0;
      tok->loc = cur->sec->end;
      return;
    }
    f = &cur->sec->frags[cur->frag];
    while (cur->pos < f->len && p4_is_blank((unsigned char)f->text[cur->pos])) cur->pos++;
    if (cur->pos >= f->len || f->text[cur->pos] == '#') {
      cur->frag++;
      cur->pos = 0;
      continue;
    }
    s = f->text + cur->pos;
    tok->text = s;
    tok->loc = f->loc;
    tok->loc.col += (int)cur->pos;
    tok->len = 1;
    switch (*s) {
    case '{': tok->kind = P4_TK_LBRACE; break;
    case '}': tok->kind = P4_TK_RBRACE; break;
    case '=': tok->kind = P4_TK_EQUALS; break;
    case ';': tok->kind = P4_TK_SEMICOLON; break;
    default:
      tok->kind = P4_TK_WORD;
      while (cur->pos + tok->len < f->len) {
        int ch = (unsigned char)s[tok->len];
        if (p4_is_blank(ch) || ch == '{' || ch == '}' || ch == '=' || ch == ';' || ch == '#') break;
        tok->len++;
      }
      break;
    }
    cur->pos += tok->len;
    return;
  }
}

/* The wording of the end token depends on what ends the section. */
static const char *p4_describe_at(p4_ctx *c, const p4_cursor *cur, const p4_token *t)
{
  if (t->kind == P4_TK_END && !cur->sec->last) return "the next section";
  return p4_describe(c, t);
}

/* ---- values ---- */

static int p4_find_type(const char *s, size_t n)
{
  long number;
  int i;
  if (n >= 2 && s[0] == '"' && s[n - 1] == '"') { s++; n -= 2; }
  if (p4_parse_long(s, n, &number, NULL)) {
    for (i = 0; p4_types[i].skampi4_name; i++) if (p4_types[i].number == number) return i;
    return -1;
  }
  for (i = 0; p4_types[i].skampi4_name; i++)
    if (p4_slice_is(s, n, p4_types[i].skampi4_name) || p4_slice_is(s, n, p4_types[i].function)) return i;
  return -1;
}

static void p4_bad_value(p4_ctx *c, const p4_key_def *k, const char *what, const p4_token *t, int in_section)
{
  sk_str expected;
  sk_str_init(&expected);
  sk_str_puts(&expected, k->expected);
  if (!in_section && k->allow_max) sk_str_puts(&expected, k->allow_default ? ", Max_Value" : " or Max_Value");
  if (!in_section && k->allow_default) sk_str_puts(&expected, " or Default_Value");
  sk_str_clear(&c->text_buf);
  sk_str_puts(&c->text_buf, expected.data);
  sk_str_free(&expected);
  p4_fail(c, &t->loc, "bad value '%s' for %s: expected %s", p4_word(c, t->text, t->len), what, c->text_buf.data);
}

/* Reads the value of key `key` from token t into *v. `what` names it in messages
** ("Max_Repetition" or "@MAX_REP"); sections allow neither Default_Value nor Max_Value. */
static void p4_parse_value(p4_ctx *c, int key, const char *what, const p4_token *t, p4_value *v, int in_section)
{
  const p4_key_def *k = &p4_keys[key];
  long l;
  double d;
  v->value_loc = t->loc;
  if (t->kind != P4_TK_WORD) {
    p4_fail(c, &t->loc, "expected a value for %s, found %s", what, p4_describe(c, t));
  }
  if (!in_section && k->allow_default && p4_slice_is(t->text, t->len, "Default_Value")) {
    v->is_default = 1;
    return;
  }
  if (!in_section && k->allow_max && p4_slice_is(t->text, t->len, "Max_Value")) {
    v->is_max = 1;
    return;
  }
  switch (k->kind) {
  case P4_V_TYPE:
    v->choice = p4_find_type(t->text, t->len);
    if (v->choice < 0)
      p4_fail(c, &t->loc, "unknown measurement type '%s' (expected a SKaMPI 4 type number or name, or a "
              "SKaMPI 5 measurement name, from the table at the top of params4.c)", p4_word(c, t->text, t->len));
    break;
  case P4_V_VARIATION:
    v->choice = p4_find_name(p4_variation_names, t->text, t->len);
    if (v->choice < 0) p4_bad_value(c, k, what, t, in_section);
    break;
  case P4_V_SCALE:
    v->choice = p4_find_name(p4_scale_names, t->text, t->len);
    if (v->choice < 0) p4_bad_value(c, k, what, t, in_section);
    break;
  case P4_V_YESNO:
    v->choice = p4_find_name(p4_yes_no_names, t->text, t->len);
    if (v->choice < 0) p4_bad_value(c, k, what, t, in_section);
    break;
  case P4_V_INT:
    if (!p4_parse_long(t->text, t->len, &l, NULL) || (double)l < k->min || (double)l > k->max)
      p4_bad_value(c, k, what, t, in_section);
    v->ival = l;
    v->dval = (double)l;
    break;
  case P4_V_NUMBER:
    if (!p4_parse_double(c, t->text, t->len, &d) || d < k->min || d > k->max ||
        (k->min_excluded && d <= k->min) || (k->max_excluded && d >= k->max))
      p4_bad_value(c, k, what, t, in_section);
    v->dval = d;
    v->ival = (long)d;
    break;
  }
}

/* ---- value sections ---- */

/* The one word of a value section, or a message. */
static void p4_section_word(p4_ctx *c, const p4_section *sec, p4_token *value)
{
  p4_cursor cur;
  p4_token extra;
  p4_cursor_init(&cur, sec);
  p4_next(&cur, value);
  if (value->kind == P4_TK_END) p4_fail(c, &sec->loc, "section @%s needs a value", sec->def->label);
  if (value->kind != P4_TK_WORD)
    p4_fail(c, &value->loc, "unexpected %s in section @%s", p4_describe(c, value), sec->def->label);
  p4_next(&cur, &extra);
  if (extra.kind != P4_TK_END)
    p4_fail(c, &extra.loc, "unexpected %s after the value of @%s (one value expected)",
            p4_describe(c, &extra), sec->def->label);
}

static void p4_parse_memory(p4_ctx *c, p4_section *sec)
{
  p4_token t;
  long value, mult;
  p4_section_word(c, sec, &t);
  sec->value_loc = t.loc;
  if (!p4_parse_long(t.text, t.len, &value, &mult) || value < 1 ||
      (mult == 0 && value > LONG_MAX / 1024) || (mult != 0 && value < 1024))
    p4_fail(c, &t.loc, "bad value '%s' for @MEMORY: expected a size of at least 1 KiB (a number of KiB, "
            "or with a suffix kb, mb, gb)", p4_word(c, t.text, t.len));
  sec->ival = mult == 0 ? value * 1024 : value;
}

static void p4_parse_section_values(p4_ctx *c, p4_section *sec)
{
  p4_token t;
  p4_value v;
  const char *label = sec->def->label;
  char what[64];
  switch (sec->def->kind) {
  case SEC_MEMORY:
    p4_parse_memory(c, sec);
    break;
  case SEC_SETTING:
  case SEC_MULTIPLE_OF:
    p4_section_word(c, sec, &t);
    memset(&v, 0, sizeof v);
    sprintf(what, "@%.40s", label);
    p4_parse_value(c, sec->def->key, what, &t, &v, 1);
    sec->value_loc = t.loc;
    sec->ival = v.ival;
    sec->dval = v.dval;
    break;
  case SEC_YES_NO:
  case SEC_SWITCH:
    p4_section_word(c, sec, &t);
    sec->value_loc = t.loc;
    sec->ival = p4_find_name(p4_yes_no_names, t.text, t.len);
    if (sec->ival < 0)
      p4_fail(c, &t.loc, "bad value '%s' for @%s: expected yes or no", p4_word(c, t.text, t.len), label);
    break;
  case SEC_FILE_NAME:
    if (sec->nfrags == 0) p4_fail(c, &sec->loc, "section @%s needs a file name", label);
    sec->value_loc = sec->frags[0].loc;
    break;
  default:
    break;
  }
}

/* ---- measurement blocks ---- */

static int p4_find_key(const char *s, size_t n)
{
  int i;
  for (i = 0; i < P4_NKEYS; i++) if (p4_slice_is(s, n, p4_keys[i].name)) return i;
  return -1;
}

static void p4_unknown_key(p4_ctx *c, const p4_token *t, const p4_block *b)
{
  sk_str known;
  int i;
  sk_str_init(&known);
  for (i = 0; i < P4_NKEYS; i++) {
    if (i) sk_str_puts(&known, ", ");
    sk_str_puts(&known, p4_keys[i].name);
  }
  sk_str_clear(&c->text_buf);
  sk_str_puts(&c->text_buf, known.data);
  sk_str_free(&known);
  p4_fail(c, &t->loc, "unknown key '%s' in measurement '%s' (known keys: %s)",
          p4_word(c, t->text, t->len), b->name, c->text_buf.data);
}

static const p4_type *p4_block_type(const p4_block *b) { return &p4_types[b->v[K_TYPE].choice]; }

static int p4_type_uses(const p4_type *t, const char *what)
{
  return strstr(t->arguments, what) != NULL;
}

static int p4_is_logarithmic(const p4_block *b)
{
  int s = b->v[K_SCALE].choice;
  return s == SCALE_FIXED_LOG || s == SCALE_DYNAMIC_LOG;
}

static int p4_is_dynamic(const p4_block *b)
{
  int s = b->v[K_SCALE].choice;
  return b->v[K_VARIATION].choice != VAR_NONE && (s == SCALE_DYNAMIC_LINEAR || s == SCALE_DYNAMIC_LOG);
}

/* 1 if the key was given with a value of its own (not Default_Value/Max_Value). */
static int p4_has_own_value(const p4_block *b, int key)
{
  return b->v[key].given && !b->v[key].is_default && !b->v[key].is_max;
}

/* The first value of the loop (see Start_Argument in the top comment). */
static long p4_first_value(const p4_block *b)
{
  int variation = b->v[K_VARIATION].choice;
  long first;
  if (p4_has_own_value(b, K_START)) first = b->v[K_START].ival;
  else first = variation == VAR_NODES ? 2 : variation == VAR_CHUNKS ? 1 : 0;
  if (variation == VAR_LENGTH && p4_is_logarithmic(b) && first < 1) first = 1;
  if (variation == VAR_NODES && first < 2) first = 2;
  if (variation == VAR_CHUNKS && first < 1) first = 1;
  return first;
}

static const sk_loc *p4_key_or(const p4_block *b, int key, const sk_loc *fallback)
{
  return b->v[key].given ? &b->v[key].value_loc : fallback;
}

/* Checks a complete block against its type: everything that does not depend on the
** settings sections. */
static void p4_check_block(p4_ctx *c, const p4_block *b)
{
  const p4_type *t;
  int variation;
  const char *vname;
  if (!b->v[K_TYPE].given) p4_fail(c, &b->name_loc, "measurement '%s' has no Type", b->name);
  if (!b->v[K_VARIATION].given)
    p4_fail(c, &b->name_loc, "measurement '%s' has no Variation (Length, Nodes, Chunks or No_variation)", b->name);
  t = p4_block_type(b);
  variation = b->v[K_VARIATION].choice;
  vname = p4_variation_names[variation];
  if (variation == VAR_NONE) return;
  if (!b->v[K_SCALE].given)
    p4_fail(c, &b->name_loc, "measurement '%s' varies over %s but has no Scale (Fixed_linear, Fixed_log, "
            "Dynamic_linear or Dynamic_log)", b->name, vname);
  if (variation == VAR_LENGTH && !p4_type_uses(t, "len"))
    p4_fail(c, &b->v[K_VARIATION].value_loc, "Type %s has no message length: use Variation = %s",
            t->skampi4_name, p4_family_of(t) == FAM_SIMPLE ? "No_variation" : "Nodes or No_variation");
  if (variation == VAR_NODES && (p4_family_of(t) == FAM_P2P || p4_family_of(t) == FAM_SIMPLE))
    p4_fail(c, &b->v[K_VARIATION].value_loc, "Variation = Nodes is not possible with Type %s (it %s)",
            t->skampi4_name, p4_family_of(t) == FAM_P2P ? "always uses two processes" : "runs on one process");
  if (variation == VAR_CHUNKS && p4_family_of(t) != FAM_MASTER_WORKER)
    p4_fail(c, &b->v[K_VARIATION].value_loc, "Variation = Chunks needs a master-worker Type, not %s",
            t->skampi4_name);
  if (p4_has_own_value(b, K_STEPWIDTH)) {
    double step = b->v[K_STEPWIDTH].dval;
    if (p4_is_logarithmic(b) && step <= 1.0)
      p4_fail(c, &b->v[K_STEPWIDTH].value_loc, "Stepwidth must be larger than 1 with a logarithmic Scale "
              "(the values are multiplied by it)");
    if (!p4_is_logarithmic(b) && (step != floor(step) || step < 1.0))
      p4_fail(c, &b->v[K_STEPWIDTH].value_loc, "Stepwidth must be a whole number >= 1 with a linear Scale");
  }
  if (p4_has_own_value(b, K_END)) {
    long first = p4_first_value(b);
    if (b->v[K_END].ival < first)
      p4_fail(c, &b->v[K_END].value_loc, "End_Argument %ld is smaller than the first value %ld of the %s loop",
              b->v[K_END].ival, first, p4_loop_variable[variation]);
  } else if (variation == VAR_CHUNKS) {
    p4_fail(c, p4_key_or(b, K_END, &b->name_loc), "Variation = Chunks needs a number as End_Argument "
            "(there is no largest number of chunks)");
  }
}

/* Reads the name before '{': the words of one line. *t is its first word; on return
** *t is the '{'. */
static void p4_read_block_name(p4_ctx *c, p4_cursor *cur, p4_token *t, sk_loc *name_loc)
{
  int line = t->loc.line;
  *name_loc = t->loc;
  sk_str_clear(&c->name_buf);
  sk_str_putn(&c->name_buf, "", 0);
  while (t->kind == P4_TK_WORD && t->loc.line == line) {
    if (c->name_buf.len) sk_str_putc(&c->name_buf, ' ');
    sk_str_putn(&c->name_buf, t->text, t->len);
    p4_next(cur, t);
  }
  if (strchr(c->name_buf.data, '"'))
    p4_fail(c, name_loc, "a measurement name cannot contain '\"'");
  if (t->kind != P4_TK_LBRACE)
    p4_fail(c, &t->loc, "expected '{' after the measurement name '%s', found %s",
            c->name_buf.data, p4_describe_at(c, cur, t));
}

static void p4_parse_block(p4_ctx *c, p4_cursor *cur, p4_token *t, size_t section)
{
  p4_block *b;
  sk_loc name_loc;
  size_t i;
  p4_read_block_name(c, cur, t, &name_loc);
  for (i = 0; i < c->nblocks; i++)
    if (sk_streq(c->blocks[i].name, c->name_buf.data))
      p4_fail(c, &name_loc, "measurement '%s' defined twice (first at line %d)", c->name_buf.data,
              c->blocks[i].name_loc.line);
  c->blocks = (p4_block *)sk_grow(c->blocks, &c->capblocks, c->nblocks + 1, sizeof(p4_block));
  b = &c->blocks[c->nblocks++];
  memset(b, 0, sizeof *b);
  b->name = sk_strdup(c->name_buf.data);
  b->section = section;
  b->name_loc = name_loc;
  for (;;) {
    p4_token value, end;
    int key;
    p4_next(cur, t);
    if (t->kind == P4_TK_RBRACE) break;
    if (t->kind == P4_TK_END)
      p4_fail(c, &t->loc, "%s before the '}' closing measurement '%s' (opened at line %d)",
              cur->sec->last ? "end of file" : "new section", b->name, b->name_loc.line);
    if (t->kind != P4_TK_WORD)
      p4_fail(c, &t->loc, "expected a key or '}' in measurement '%s', found %s", b->name, p4_describe(c, t));
    key = p4_find_key(t->text, t->len);
    if (key < 0) p4_unknown_key(c, t, b);
    if (b->v[key].given)
      p4_fail(c, &t->loc, "%s given twice in measurement '%s' (first at line %d)", p4_keys[key].name,
              b->name, b->v[key].key_loc.line);
    b->v[key].given = 1;
    b->v[key].key_loc = t->loc;
    p4_next(cur, t);
    if (t->kind != P4_TK_EQUALS)
      p4_fail(c, &t->loc, "expected '=' after %s, found %s", p4_keys[key].name, p4_describe_at(c, cur, t));
    p4_next(cur, &value);
    if (value.kind != P4_TK_WORD)
      p4_fail(c, &value.loc, "expected a value after '%s =', found %s", p4_keys[key].name,
              p4_describe_at(c, cur, &value));
    p4_parse_value(c, key, p4_keys[key].name, &value, &b->v[key], 0);
    p4_next(cur, &end);
    if (end.kind != P4_TK_SEMICOLON)
      p4_fail(c, &end.loc, "expected ';' after the value of %s, found %s", p4_keys[key].name,
              p4_describe_at(c, cur, &end));
  }
  b->close_loc = t->loc;
  p4_check_block(c, b);
}

static void p4_parse_measurements(p4_ctx *c, size_t section)
{
  const p4_section *sec = &c->sections[section];
  p4_cursor cur;
  p4_token t;
  p4_cursor_init(&cur, sec);
  p4_next(&cur, &t);
  while (t.kind != P4_TK_END) {
    if (t.kind == P4_TK_RBRACE) p4_fail(c, &t.loc, "'}' without a matching '{'");
    if (t.kind != P4_TK_WORD)
      p4_fail(c, &t.loc, "expected the name of a measurement, found %s", p4_describe(c, &t));
    p4_parse_block(c, &cur, &t, section);
    p4_next(&cur, &t);
  }
}

static void p4_read(p4_ctx *c)
{
  size_t i;
  const p4_section *min_rep = NULL, *max_rep = NULL;
  p4_split(c);
  for (i = 0; i < c->nsections; i++) {
    p4_section *sec = &c->sections[i];
    if (sec->def->kind == SEC_MEASUREMENTS) p4_parse_measurements(c, i);
    else p4_parse_section_values(c, sec);
    if (sec->def->kind == SEC_SETTING && sec->def->key == K_MIN_REP) min_rep = sec;
    if (sec->def->kind == SEC_SETTING && sec->def->key == K_MAX_REP) max_rep = sec;
  }
  if (min_rep && max_rep && min_rep->ival > max_rep->ival) {
    const p4_section *later = min_rep->loc.line > max_rep->loc.line ? min_rep : max_rep;
    p4_fail(c, &later->value_loc, "@MIN_REP %ld is larger than @MAX_REP %ld", min_rep->ival, max_rep->ival);
  }
}

/* ---- building the tree ---- */

/* A literal is never negative zero (-666E-666666666 reads as -0.0): printed as "-0.0" it
** would read back as a minus applied to 0.0, another tree (found by fuzzing). */
static sk_expr *p4_double(double value, const sk_loc *loc)
{
  sk_expr *e = sk_expr_new(E_DOUBLE, loc);
  e->dval = value == 0.0 ? 0.0 : value;
  return e;
}

/* A whole value as an integer literal, anything else as a double. */
static sk_expr *p4_number(double value, const sk_loc *loc)
{
  if (value == floor(value) && fabs(value) <= (double)P4_MAX_COUNT) return sk_expr_int((long)value, loc);
  return p4_double(value, loc);
}

static sk_expr *p4_string(const char *text, const sk_loc *loc)
{
  sk_expr *e = sk_expr_new(E_STRING, loc);
  e->name = sk_strdup(text);
  return e;
}

static sk_expr *p4_call1(const char *name, sk_expr *arg, const sk_loc *loc)
{
  sk_expr *e = sk_expr_named(E_CALL, name, loc);
  if (arg) sk_expr_add_operand(e, arg);
  return e;
}

static void p4_add_call(sk_block *into, const char *helper, sk_expr *arg, const sk_loc *loc)
{
  sk_stmt *s = sk_stmt_new(into, S_CALL, loc);
  s->expr = p4_call1(helper, arg, loc);
}

static sk_expr *p4_setting_value(int setting, double value, const sk_loc *loc)
{
  if (p4_setting_is_integer[setting]) return sk_expr_int((long)value, loc);
  return p4_double(value, loc);
}

static double p4_seconds(double minutes)
{
  return floor(minutes * 60.0 * 1e6 + 0.5) / 1e6;   /* to the microsecond */
}

/* A string for output_comment: '"' would end it, control characters do not belong. */
static void p4_put_comment_text(sk_str *out, const char *text, size_t len)
{
  size_t i;
  for (i = 0; i < len; i++) {
    int ch = (unsigned char)text[i];
    if (ch == '"') ch = '\'';
    else if (ch < 32 || ch == 127) ch = ' ';
    sk_str_putc(out, ch);
  }
}

static void p4_add_comment(p4_ctx *c, const char *text, const sk_loc *loc)
{
  sk_stmt *s = sk_stmt_new(&c->prog->top, S_CALL, loc);
  s->expr = p4_call1("output_comment", p4_string(text, loc), loc);
}

static void p4_emit_section(p4_ctx *c, const p4_section *sec)
{
  const p4_section_def *d = sec->def;
  size_t i;
  switch (d->kind) {
  case SEC_TEXT:
    for (i = 0; i < sec->nfrags; i++) {
      sk_str_clear(&c->text_buf);
      sk_str_printf(&c->text_buf, "%s: ", d->label);
      p4_put_comment_text(&c->text_buf, sec->frags[i].text, sec->frags[i].len);
      p4_add_comment(c, c->text_buf.data, &sec->frags[i].loc);
    }
    break;
  case SEC_FILE_NAME:
    sk_str_clear(&c->text_buf);
    sk_str_printf(&c->text_buf, "%s: ", d->label);
    for (i = 0; i < sec->nfrags; i++) {
      if (i) sk_str_putc(&c->text_buf, ' ');
      p4_put_comment_text(&c->text_buf, sec->frags[i].text, sec->frags[i].len);
    }
    sk_str_printf(&c->text_buf, " (%s)", d->note);
    p4_add_comment(c, c->text_buf.data, &sec->value_loc);
    break;
  case SEC_YES_NO:
    sk_str_clear(&c->text_buf);
    sk_str_printf(&c->text_buf, "%s: %s (%s)", d->label, p4_yes_no_names[sec->ival], d->note);
    p4_add_comment(c, c->text_buf.data, &sec->value_loc);
    if (sk_streq(d->label, "POSTPROC") && sk_streq(p4_yes_no_names[sec->ival], "yes")) {
      sk_stmt *call = sk_stmt_new(&c->prog->top, S_CALL, &sec->value_loc);
      call->expr = sk_expr_named(E_CALL, "merge_with_backups", &sec->value_loc);
    }
    break;
  case SEC_MEMORY:
    p4_add_call(&c->prog->top, "set_skampi_buffer", sk_expr_int(sec->ival, &sec->value_loc), &sec->value_loc);
    break;
  case SEC_SWITCH:
    sk_str_clear(&c->text_buf);
    sk_str_printf(&c->text_buf, "switch_%s_%s", d->note, sec->ival ? "on" : "off");
    p4_add_call(&c->prog->top, c->text_buf.data, NULL, &sec->value_loc);
    break;
  case SEC_SETTING: {
    int setting = p4_keys[d->key].setting;
    p4_add_call(&c->prog->top, p4_setting_helper[setting],
                p4_setting_value(setting, c->setting[setting], &sec->value_loc), &sec->value_loc);
    break;
  }
  default:
    break;
  }
}

/* The values in force at the top level: skampi's defaults, then the @ sections. */
static void p4_collect_settings(p4_ctx *c)
{
  sk_settings defaults;
  size_t i;
  sk_settings_default(&defaults);
  c->setting[P4_SET_MIN_REPS] = defaults.asec.min_reps;
  c->setting[P4_SET_MAX_REPS] = defaults.asec.max_reps;
  c->setting[P4_SET_REL_ERROR] = defaults.asec.max_rel_error;
  c->setting[P4_SET_CUT_QUANTILE] = defaults.asec.cut_quantile;
  c->setting[P4_SET_TIME_MEAS] = defaults.asec.time_limit;
  c->setting[P4_SET_TIME_SUITE] = defaults.suite_time_limit;
  c->setting[P4_SET_MAX_STEPS] = defaults.apr.max_steps;
  c->setting[P4_SET_MIN_DISTANCE] = defaults.apr.min_distance;
  c->setting[P4_SET_NODE_TIMES] = defaults.max_node_times;
  c->buffer_bytes = (long)defaults.buffers.size;
  c->multiple_of = 0;
  for (i = 0; i < c->nsections; i++) {
    const p4_section *sec = &c->sections[i];
    if (sec->def->kind == SEC_SETTING) {
      const p4_key_def *k = &p4_keys[sec->def->key];
      c->setting[k->setting] = k->minutes ? p4_seconds(sec->dval) : k->kind == P4_V_INT ? (double)sec->ival : sec->dval;
      c->setting_given[k->setting] = 1;
    } else if (sec->def->kind == SEC_MEMORY) {
      c->buffer_bytes = sec->ival;
    } else if (sec->def->kind == SEC_MULTIPLE_OF) {
      c->multiple_of = sec->ival;
    }
  }
}

/* The block's own value of a setting; 0 if it has none (or it does not apply). */
static int p4_block_setting(const p4_block *b, int key, double *value)
{
  const p4_key_def *k = &p4_keys[key];
  const p4_value *v = &b->v[key];
  if (!v->given || v->is_default) return 0;
  if ((k->setting == P4_SET_MAX_STEPS || k->setting == P4_SET_MIN_DISTANCE) && !p4_is_dynamic(b)) return 0;
  if (k->kind == P4_V_YESNO) {
    if (v->choice == 1) return 0;          /* Node_Times = yes: keep the default */
    *value = 0;
    return 1;
  }
  *value = k->minutes ? p4_seconds(v->dval) : k->kind == P4_V_INT ? (double)v->ival : v->dval;
  return 1;
}

static void p4_check_repetitions(p4_ctx *c, const p4_block *b)
{
  int min_own = p4_has_own_value(b, K_MIN_REP), max_own = p4_has_own_value(b, K_MAX_REP);
  double min_reps = c->setting[P4_SET_MIN_REPS], max_reps = c->setting[P4_SET_MAX_REPS];
  if (!(min_own || c->setting_given[P4_SET_MIN_REPS]) || !(max_own || c->setting_given[P4_SET_MAX_REPS])) return;
  if (min_own) min_reps = (double)b->v[K_MIN_REP].ival;
  if (max_own) max_reps = (double)b->v[K_MAX_REP].ival;
  if (min_reps > max_reps)
    p4_fail(c, min_own ? &b->v[K_MIN_REP].value_loc : &b->v[K_MAX_REP].value_loc,
            "minimum repetitions %.0f are more than the maximum %.0f in measurement '%s'",
            min_reps, max_reps, b->name);
}

static long p4_multiple_of(const p4_ctx *c, const p4_block *b, const p4_type *t)
{
  long m = p4_has_own_value(b, K_MULTIPLE_OF) ? b->v[K_MULTIPLE_OF].ival : c->multiple_of;
  if (m < 1) m = 1;
  if (b->v[K_VARIATION].choice == VAR_LENGTH && p4_type_uses(t, "len/4"))
    m = m % 4 == 0 ? m : m % 2 == 0 ? 2 * m : 4 * m;     /* lcm(m, 4): whole ints */
  return m;
}

/* The number of processes an expression of the block may use: Default_Nodes or get_np(). */
static sk_expr *p4_processes(const p4_block *b, const sk_loc *loc)
{
  if (p4_has_own_value(b, K_DEFAULT_NODES)) return sk_expr_int(b->v[K_DEFAULT_NODES].ival, loc);
  return sk_expr_named(E_CALL, "get_np", loc);
}

/* Upper bound of a Dynamic scale over Length up to Max_Value: the largest length whose
** buffers fit into the buffer (@MEMORY or skampi's default) minus the alignment slack,
** given the type's need per byte, rounded down to the multiple. */
static sk_expr *p4_length_bound(const p4_ctx *c, const p4_block *b, const p4_type *t, long multiple,
                                const sk_loc *loc)
{
  long usable = c->buffer_bytes - P4_BUFFER_SLACK, divisor = 1;
  sk_expr *e;
  if (usable < 1) usable = 1;
  switch (t->need) {
  case NEED_NOTHING: case NEED_ONE: divisor = 1; break;
  case NEED_TWO: divisor = 2; break;
  case NEED_THREE: divisor = 3; break;
  case NEED_PROCS_PLUS_ONE:
  case NEED_TWICE_PROCS:
    if (p4_has_own_value(b, K_DEFAULT_NODES)) {
      long n = b->v[K_DEFAULT_NODES].ival;
      divisor = t->need == NEED_PROCS_PLUS_ONE ? n + 1 : 2 * n;
      break;
    }
    e = t->need == NEED_PROCS_PLUS_ONE
        ? sk_expr_binary(p4_processes(b, loc), TK_PLUS, sk_expr_int(1, loc), loc)
        : sk_expr_binary(sk_expr_int(2, loc), TK_STAR, p4_processes(b, loc), loc);
    e = sk_expr_binary(sk_expr_int(usable, loc), TK_SLASH, e, loc);
    if (multiple > 1)
      e = sk_expr_binary(sk_expr_binary(e, TK_SLASH, sk_expr_int(multiple, loc), loc), TK_STAR,
                         sk_expr_int(multiple, loc), loc);
    return e;
  }
  usable /= divisor;
  if (multiple > 1 && usable >= multiple) usable = usable / multiple * multiple;
  return sk_expr_int(usable, loc);
}

/* The message length (or chunks) argument: the loop variable or the block's default. */
static sk_expr *p4_argument(const p4_block *b, const char *token, const sk_loc *type_loc)
{
  int variation = b->v[K_VARIATION].choice;
  const sk_loc *var_loc = &b->v[K_VARIATION].key_loc;
  if (sk_streq(token, "len") || sk_streq(token, "len/4")) {
    int quarter = token[3] == '/';
    if (variation == VAR_LENGTH) {
      sk_expr *len = sk_expr_named(E_VAR, "length", var_loc);
      return quarter ? sk_expr_binary(len, TK_SLASH, sk_expr_int(4, var_loc), var_loc) : len;
    } else {
      long length = p4_has_own_value(b, K_DEFAULT_LENGTH) ? b->v[K_DEFAULT_LENGTH].ival : P4_DEFAULT_MESSAGE_LENGTH;
      const sk_loc *loc = p4_has_own_value(b, K_DEFAULT_LENGTH) ? &b->v[K_DEFAULT_LENGTH].value_loc : type_loc;
      return sk_expr_int(quarter ? length / 4 : length, loc);
    }
  }
  if (sk_streq(token, "chunks")) {
    if (variation == VAR_CHUNKS) return sk_expr_named(E_VAR, "chunks", var_loc);
    if (p4_has_own_value(b, K_DEFAULT_CHUNKS) && b->v[K_DEFAULT_CHUNKS].ival > 0)
      return sk_expr_int(b->v[K_DEFAULT_CHUNKS].ival, &b->v[K_DEFAULT_CHUNKS].value_loc);
    return sk_expr_int(P4_DEFAULT_CHUNKS, p4_key_or(b, K_DEFAULT_CHUNKS, type_loc));
  }
  if (strncmp(token, "MPI_", 4) == 0) return sk_expr_named(E_VAR, token, type_loc);
  if (strchr(token, '.')) return p4_double(strtod(token, NULL), type_loc);
  return sk_expr_int(strtol(token, NULL, 10), type_loc);
}

static sk_expr *p4_measure_call(const p4_block *b, const p4_type *t, const sk_loc *type_loc)
{
  sk_expr *call = sk_expr_named(E_CALL, t->function, type_loc);
  const char *p = t->arguments;
  char token[32];
  while (*p) {
    size_t n = strcspn(p, ",");
    if (n >= sizeof token) n = sizeof token - 1;   /* the table's tokens are short */
    memcpy(token, p, n);
    token[n] = '\0';
    sk_expr_add_operand(call, p4_argument(b, token, type_loc));
    p += n;
    if (*p == ',') p++;
  }
  return call;
}

static sk_expr *p4_communicator(const p4_block *b, const p4_type *t, const sk_loc *type_loc)
{
  int variation = b->v[K_VARIATION].choice;
  if (p4_family_of(t) == FAM_P2P) return sk_expr_named(E_VAR, "comm_pt2pt", type_loc);
  if (p4_family_of(t) == FAM_SIMPLE) return p4_call1("comm", sk_expr_int(1, type_loc), type_loc);
  if (variation == VAR_NODES)
    return p4_call1("comm", sk_expr_named(E_VAR, "nodes", &b->v[K_VARIATION].key_loc), &b->v[K_VARIATION].key_loc);
  if (p4_has_own_value(b, K_DEFAULT_NODES))
    return p4_call1("comm", sk_expr_int(b->v[K_DEFAULT_NODES].ival, &b->v[K_DEFAULT_NODES].value_loc),
                    &b->v[K_DEFAULT_NODES].value_loc);
  return sk_expr_named(E_VAR, "MPI_COMM_WORLD", type_loc);
}

static void p4_fill_loop(p4_ctx *c, const p4_block *b, const p4_type *t, sk_stmt *loop)
{
  int variation = b->v[K_VARIATION].choice, logarithmic = p4_is_logarithmic(b);
  const sk_loc *loc = &b->v[K_VARIATION].key_loc;
  long multiple = p4_multiple_of(c, b, t);
  double step;
  loop->name = sk_strdup(p4_loop_variable[variation]);
  loop->autorefine = p4_is_dynamic(b);
  loop->from = sk_expr_int(p4_first_value(b), p4_key_or(b, K_START, loc));
  if (p4_has_own_value(b, K_END)) {
    loop->to = sk_expr_int(b->v[K_END].ival, &b->v[K_END].value_loc);
  } else if (variation == VAR_NODES) {
    loop->to = sk_expr_named(E_CALL, "get_np", p4_key_or(b, K_END, loc));
  } else if (loop->autorefine) {
    loop->to = p4_length_bound(c, b, t, multiple, p4_key_or(b, K_END, loc));
    if (loop->to->kind == E_INT && loop->to->ival < loop->from->ival)
      p4_fail(c, &loop->from->loc, "the first message length %ld is larger than %ld, the longest whose buffers "
              "fit into the buffer of %ld bytes (raise @MEMORY or give End_Argument)", loop->from->ival,
              loop->to->ival, c->buffer_bytes);
  }                                        /* else '...': up to the buffer */
  step = p4_has_own_value(b, K_STEPWIDTH) ? b->v[K_STEPWIDTH].dval : logarithmic ? 2.0 : 1.0;
  loop->step = p4_number(step, p4_key_or(b, K_STEPWIDTH, loc));
  loop->step_multiplies = logarithmic;
  if (multiple > 1) loop->multiple_of = sk_expr_int(multiple, p4_key_or(b, K_MULTIPLE_OF, loc));
}

/*
** THE CATALOGUE CHECK -- the translator itself needs only p4_types and the rows' patterns.
** sk_params4_parse then checks, as the .ski parser does, that every measurement
** function is in the catalogue with matching parameters (whether this build can run it
** is checked for both front ends by sk_parse_check_available); sk_params4_translate
** skips that check, for `-t` and tests.
**
*/
static void p4_check_measure(p4_ctx *c, const sk_expr *call, const p4_type *t)
{
  const sk_measurement *m = sk_catalogue_find(call->name);
  if (m == NULL)
    p4_fail(c, &call->loc, "unknown measurement function '%s' (the translation of Type %s)", call->name,
            t->skampi4_name);
  if (!sk_parse_check_args("measurement function", m->name, m->params, call, c->err)) longjmp(c->fail, 1);
}

static void p4_emit_block(p4_ctx *c, const p4_block *b)
{
  const p4_type *t = p4_block_type(b);
  const sk_loc *type_loc = &b->v[K_TYPE].value_loc;
  int overridden[P4_NSETTINGS], key;
  sk_stmt *block, *measure;
  sk_block *body;
  p4_check_repetitions(c, b);
  if (p4_family_of(t) == FAM_P2P && !c->p2p_comm_defined) {
    sk_stmt *s = sk_stmt_new(&c->prog->top, S_ASSIGN, type_loc);
    s->name = sk_strdup("comm_pt2pt");
    s->expr = sk_expr_named(E_CALL, "comm2_max_latency_with_root", type_loc);
    c->p2p_comm_defined = 1;
  }
  block = sk_stmt_new(&c->prog->top, S_MEASUREMENT, &b->name_loc);
  block->name = sk_strdup(b->name);
  memset(overridden, 0, sizeof overridden);
  for (key = 0; key < P4_NKEYS; key++) {
    int setting = p4_keys[key].setting;
    double value;
    if (setting == P4_SET_NONE || !p4_block_setting(b, key, &value) || value == c->setting[setting]) continue;
    p4_add_call(&block->body, p4_setting_helper[setting], p4_setting_value(setting, value, &b->v[key].value_loc),
                &b->v[key].key_loc);
    overridden[setting] = 1;
  }
  body = &block->body;
  if (b->v[K_VARIATION].choice != VAR_NONE) {
    sk_stmt *loop = sk_stmt_new(body, S_FOR_RANGE, &b->v[K_VARIATION].key_loc);
    p4_fill_loop(c, b, t, loop);
    body = &loop->body;
  }
  measure = sk_stmt_new(body, S_MEASURE, &b->v[K_TYPE].key_loc);
  measure->expr = p4_communicator(b, t, type_loc);
  measure->call = p4_measure_call(b, t, type_loc);
  if (c->check_catalogue) p4_check_measure(c, measure->call, t);
  for (key = 0; key < P4_NSETTINGS; key++)
    if (overridden[key])
      p4_add_call(&c->prog->top, p4_setting_helper[key], p4_setting_value(key, c->setting[key], &b->close_loc),
                  &b->close_loc);
}

/* Helper calls of the translation must exist with these arguments (guards the
** translator against changes of the helper table). */
static void p4_check_expr(p4_ctx *c, const sk_expr *e)
{
  int i;
  if (e == NULL) return;
  if (e->kind == E_CALL) {
    const sk_builtin *b = sk_builtin_find(e->name);
    if (b == NULL) p4_fail(c, &e->loc, "unknown function '%s' in the translation", e->name);
    if (!sk_parse_check_args("helper function", e->name, b->params, e, c->err)) longjmp(c->fail, 1);
  }
  for (i = 0; i < e->noperands; i++) p4_check_expr(c, e->operands[i]);
}

static void p4_check_helpers(p4_ctx *c, const sk_block *b)
{
  size_t i;
  for (i = 0; i < b->n; i++) {
    const sk_stmt *s = b->items[i];
    p4_check_expr(c, s->expr);         /* S_MEASURE: the communicator; its call is checked */
    p4_check_expr(c, s->from);
    p4_check_expr(c, s->to);
    p4_check_expr(c, s->step);
    p4_check_expr(c, s->multiple_of);
    p4_check_helpers(c, &s->body);
  }
}

/* The switch sections before section `limit` not yet emitted (*next: the first one that
** may be), in file order: a switch applies to the blocks that follow it. */
static void p4_emit_switches(p4_ctx *c, size_t *next, size_t limit)
{
  for (; *next < limit; (*next)++)
    if (c->sections[*next].def->kind == SEC_SWITCH) p4_emit_section(c, &c->sections[*next]);
}

static void p4_generate(p4_ctx *c)
{
  size_t i, next_switch = 0;
  p4_collect_settings(c);
  for (i = 0; i < c->nsections; i++)
    if (c->sections[i].def->kind != SEC_SWITCH) p4_emit_section(c, &c->sections[i]);
  for (i = 0; i < c->nblocks; i++) {
    p4_emit_switches(c, &next_switch, c->blocks[i].section);
    p4_emit_block(c, &c->blocks[i]);
  }
  p4_emit_switches(c, &next_switch, c->nsections);
  if (c->check_catalogue) p4_check_helpers(c, &c->prog->top);
}

/* ---- entry points ---- */

SK_API int sk_params4_detect(const char *path, const char *text)
{
  const char *p;
  if (path) {
    size_t n = strlen(path);
    if (n >= 4 && sk_strcaseeq(path + n - 4, ".par")) return 1;
  }
  if (text == NULL) return 0;
  p = text;
  if (strncmp(p, "\xEF\xBB\xBF", 3) == 0) p += 3;
  while (*p) {
    while (p4_is_blank((unsigned char)*p)) p++;
    if (*p == '@') {
      const char *name = p + 1, *after = name;
      while (p4_is_ident_char((unsigned char)*after)) after++;
      return !p4_slice_is(name, (size_t)(after - name), "include");
    }
    if (*p != '\n' && *p != '#' && *p != '\0') return 0;
    while (*p && *p != '\n') p++;
    if (*p == '\n') p++;
  }
  return 0;
}

static void p4_ctx_free(p4_ctx *c)
{
  size_t i;
  for (i = 0; i < c->nsections; i++) free(c->sections[i].frags);
  free(c->sections);
  for (i = 0; i < c->nblocks; i++) free(c->blocks[i].name);
  free(c->blocks);
  sk_str_free(&c->word);
  sk_str_free(&c->text_buf);
  sk_str_free(&c->name_buf);
  free(c);
}

static int p4_run(sk_sources *src, const char *path, sk_program *prog, sk_str *err, int check_catalogue)
{
  p4_ctx *c;
  const sk_source *s;
  memset(prog, 0, sizeof *prog);
  s = sk_sources_open_main(src, path, err);
  if (s == NULL) return 0;
  c = (p4_ctx *)sk_calloc(1, sizeof *c);
  c->file = s->name;
  c->text = s->text;
  c->err = err;
  c->prog = prog;
  c->check_catalogue = check_catalogue;
  if (setjmp(c->fail)) {
    sk_program_free(prog);
    p4_ctx_free(c);
    return 0;
  }
  if (!sk_parse_check_no_nul(s, err)) longjmp(c->fail, 1);
  p4_read(c);
  p4_generate(c);
  p4_ctx_free(c);
  return 1;
}

SK_API int sk_params4_parse(sk_sources *src, const char *path, sk_program *prog, sk_str *err)
{
  return p4_run(src, path, prog, err, 1);
}

SK_API int sk_params4_translate(sk_sources *src, const char *path, sk_program *prog, sk_str *err)
{
  return p4_run(src, path, prog, err, 0);
}
