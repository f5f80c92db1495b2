/*
** sources.h -- the input files of a run. Rank 0 reads them from disk (the main file and
** every @include'd file); the whole set is then serialised and broadcast, and the other
** processes parse from the set alone (they may not see the file system).
*/
#ifndef SK_SOURCES_H
#define SK_SOURCES_H

#include "base.h"

typedef struct sk_source {
  char *name;      /* the path as resolved (relative to the including file) */
  char *text;      /* NUL-terminated contents */
  size_t len;
} sk_source;

/* The most bytes a file read from disk may hold: an input file (.ski, SKaMPI 4 parameter
** file, @include) 16 MiB, a result file (.sko, results/sko.h) 256 MiB. A longer file --
** or a device that never ends, `-i /dev/zero` -- is an error naming the file and the
** limit after reading limit + 1 bytes, so memory stays bounded. */
#define SK_SOURCE_MAX_BYTES (16UL * 1024UL * 1024UL)
#define SK_RESULT_MAX_BYTES (256UL * 1024UL * 1024UL)

typedef struct sk_sources {
  sk_source *items;
  size_t n, cap;
  int from_disk;   /* 1: load missing files from disk; 0: only what the set holds */
  size_t max_bytes;   /* per file read from disk; sk_sources_init: SK_SOURCE_MAX_BYTES */
} sk_sources;

SK_API void sk_sources_init(sk_sources *set, int from_disk);
SK_API void sk_sources_free(sk_sources *set);
/* Adds a file given as text (tests, the SKaMPI 4 translator). */
SK_API const sk_source *sk_sources_add(sk_sources *set, const char *name, const char *text, size_t len);
/* Returns the file, loading it if allowed; NULL with *err set ("cannot open ...: reason"). */
SK_API const sk_source *sk_sources_get(sk_sources *set, const char *name, sk_str *err);
/* `name` as seen from the directory of `including` (absolute names stay as they are). */
/* sk_sources_get for a front end's main file: on failure *err holds "skampi: reason". */
SK_API const sk_source *sk_sources_open_main(sk_sources *set, const char *name, sk_str *err);
SK_API char *sk_path_relative_to(const char *including, const char *name);
SK_API void sk_sources_serialize(const sk_sources *set, sk_str *out);
SK_API int sk_sources_deserialize(sk_sources *set, const char *data, size_t len);

#endif
