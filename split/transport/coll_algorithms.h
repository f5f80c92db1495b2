/*
** coll_algorithms.h -- the collective algorithms an MPI library lets a program choose
** (skampi --tuning, doc/manual.md "Tuning files"), one table row per collective per
** library: Open MPI's coll_tuned forced algorithm (control variable
** coll_tuned_<coll>_algorithm, an MPI_T enumeration, taken when a communicator is
** created; needs OMPI_MCA_coll_tuned_use_dynamic_rules=1 before MPI_Init) and MPICH's
** MPIR_CVAR_<COLL>_INTRA_ALGORITHM (read at every call; no MPI_T enumeration: the names
** are the table's, in the order of the variable's description, which is the order of
** its values). Written through MPI_T (MPI 3.1 §14.3.6) where mpi.h declares the control
** variables (SK_HAVE_MPIT_CVARS); elsewhere every call says it is not available. The
** file each library loads is worded here too (Open MPI's dynamic rules file, MPICH's
** environment file of CVARs).
*/
#ifndef SK_COLL_ALGORITHMS_H
#define SK_COLL_ALGORITHMS_H

#include "libsettings.h"

#define SK_COLL_LIB_NONE 0
#define SK_COLL_LIB_OMPI 1
#define SK_COLL_LIB_MPICH 2

#define SK_COLL_ALGS_MAX 24
#define SK_COLL_ALG_NAME 48

/* The algorithms of one collective; entry 0 is the library's own choice (value 0:
** Open MPI's "ignore", MPICH's "auto"), shown as "default". */
typedef struct sk_coll_algs {
  int n;
  char names[SK_COLL_ALGS_MAX][SK_COLL_ALG_NAME];
  int values[SK_COLL_ALGS_MAX];
} sk_coll_algs;

/* One range of a tuning file: from from_bytes (the message size of the collective, as
** the library counts it: count times the datatype's size) up to the next rule's, the
** algorithm value (0: the library's own choice) for communicators of comm_size. */
typedef struct sk_coll_rule {
  const char *coll;
  int comm_size;
  long from_bytes;
  int value;
  const char *name;
} sk_coll_rule;

/* Before MPI_Init, a tuning run: Open MPI offers its forced algorithms only with
** OMPI_MCA_coll_tuned_use_dynamic_rules=1, set here unless the environment has it. */
SK_API void sk_coll_algs_before_init(void);
/* Which library's control variables this process sees (SK_COLL_LIB_*); NONE with *why
** set ("...") where the build or the library has none. */
SK_API int sk_coll_algs_library(sk_str *why);
SK_API const char *sk_coll_algs_library_name(int library);
/* Whether the table has a row for the measurement row coll (any library). */
SK_API int sk_coll_algs_known(const char *coll);
/* The collectives of the table, space-separated (for messages). */
SK_API const char *sk_coll_algs_names(void);
/* The algorithms of coll in this library; 0 with *err set when there are none. */
SK_API int sk_coll_algs_list(const char *coll, sk_coll_algs *out, sk_str *err);
/* Sets coll's algorithm by name ("default": the library's own) through MPI_T, on this
** process; 0 with *err set when it cannot. */
SK_API int sk_coll_algs_set(const char *coll, const char *alg, sk_str *err);
/* The value the library holds now for coll's algorithm (MPI_T), -1 when unknown. */
SK_API int sk_coll_algs_current(const char *coll);
/* The file the library loads, for rules sorted by coll and from_bytes (each coll's
** first rule from 0 bytes), into *text; header: comment lines without '#'. */
SK_API void sk_coll_algs_file(int library, const sk_coll_rule *rules, int n, const char *header, sk_str *text);
/* The command prefix that loads the file at path (an absolute path): "env NAME=VALUE ..." */
SK_API void sk_coll_algs_load_env(int library, const char *path, sk_str *out);

#endif
