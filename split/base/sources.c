/*
** sources.c -- loading, keeping and shipping the input files (sources.h).
*/
#include "sources.h"
#include <errno.h>

SK_API void sk_sources_init(sk_sources *set, int from_disk)
{
  set->items = NULL;
  set->n = set->cap = 0;
  set->from_disk = from_disk;
  set->max_bytes = SK_SOURCE_MAX_BYTES;
}

SK_API void sk_sources_free(sk_sources *set)
{
  size_t i;
  for (i = 0; i < set->n; i++) { free(set->items[i].name); free(set->items[i].text); }
  free(set->items);
  set->items = NULL;
  set->n = set->cap = 0;
}

SK_API const sk_source *sk_sources_add(sk_sources *set, const char *name, const char *text, size_t len)
{
  sk_source *s;
  set->items = (sk_source *)sk_grow(set->items, &set->cap, set->n + 1, sizeof(sk_source));
  s = &set->items[set->n++];
  s->name = sk_strdup(name);
  s->text = sk_strndup(text, len);
  s->len = len;
  return s;
}

/* "16 MiB" */
static void src_size_text(sk_str *out, size_t bytes)
{
  if (bytes >= 1024UL * 1024UL && bytes % (1024UL * 1024UL) == 0)
    sk_str_printf(out, "%lu MiB", (unsigned long)(bytes / (1024UL * 1024UL)));
  else sk_str_printf(out, "%lu bytes", (unsigned long)bytes);
}

static char *src_read_file(const char *name, size_t limit, size_t *len, sk_str *err)
{
  FILE *f = fopen(name, "rb");
  sk_str buf;
  char chunk[8192];
  size_t got;
  if (f == NULL) {
    sk_str_printf(err, "cannot open '%s': %s", name, strerror(errno));
    return NULL;
  }
  sk_str_init(&buf);
  sk_str_putn(&buf, "", 0);
  while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
    if (buf.len + got > limit) {   /* too long, or a device that never ends */
      sk_str_printf(err, "cannot read '%s': it holds more than ", name);
      src_size_text(err, limit);
      sk_str_puts(err, ", the most a file read here may hold (a device that never ends?)");
      fclose(f);
      sk_str_free(&buf);
      return NULL;
    }
    sk_str_putn(&buf, chunk, got);
  }
  if (ferror(f)) {
    sk_str_printf(err, "cannot read '%s': %s", name, strerror(errno));
    fclose(f);
    sk_str_free(&buf);
    return NULL;
  }
  fclose(f);
  *len = buf.len;
  return buf.data;
}

SK_API const sk_source *sk_sources_get(sk_sources *set, const char *name, sk_str *err)
{
  size_t i, len = 0;
  char *text;
  const sk_source *s;
  for (i = 0; i < set->n; i++)
    if (sk_streq(set->items[i].name, name)) return &set->items[i];
  if (!set->from_disk) {
    sk_str_printf(err, "file '%s' was not distributed with the input", name);
    return NULL;
  }
  text = src_read_file(name, set->max_bytes ? set->max_bytes : SK_SOURCE_MAX_BYTES, &len, err);
  if (text == NULL) return NULL;
  s = sk_sources_add(set, name, text, len);
  free(text);
  return s;
}

SK_API const sk_source *sk_sources_open_main(sk_sources *set, const char *name, sk_str *err)
{
  sk_str reason;
  const sk_source *s;
  sk_str_init(&reason);
  s = sk_sources_get(set, name, &reason);
  if (s == NULL) {
    sk_str_clear(err);
    sk_str_printf(err, "skampi: %s", reason.data);
  }
  sk_str_free(&reason);
  return s;
}

/* Removes "." components and folds "dir/.." pairs, so that one file always has one
** name (include-cycle detection compares names). Leading ".." of a relative path stay. */
static char *src_normalize(const char *path)
{
  char *out = (char *)sk_malloc(strlen(path) + 2), *o = out;
  const char *p = path;
  size_t kept = 0;          /* components in out that can be folded by a later ".." */
  int absolute = path[0] == '/';
  if (absolute) *o++ = '/';
  while (*p) {
    const char *start;
    size_t len;
    while (*p == '/') p++;
    start = p;
    while (*p && *p != '/') p++;
    len = (size_t)(p - start);
    if (len == 0 || (len == 1 && start[0] == '.')) continue;
    if (len == 2 && start[0] == '.' && start[1] == '.') {
      if (kept > 0) {
        o--;                                     /* the '/' after the last component */
        while (o > out && o[-1] != '/') o--;
        kept--;
        continue;
      }
      if (absolute) continue;                    /* "/.." is "/" */
    } else {
      kept++;
    }
    memcpy(o, start, len);
    o += len;
    *o++ = '/';
  }
  if (o > out + (absolute ? 1 : 0)) o--;         /* drop the trailing '/' */
  if (o == out) *o++ = '.';
  *o = '\0';
  return out;
}

SK_API char *sk_path_relative_to(const char *including, const char *name)
{
  const char *slash;
  sk_str path;
  char *normal;
  if (name[0] == '/' || including == NULL) return src_normalize(name);
  slash = strrchr(including, '/');
  if (slash == NULL) return src_normalize(name);
  sk_str_init(&path);
  sk_str_putn(&path, including, (size_t)(slash - including) + 1);
  sk_str_puts(&path, name);
  normal = src_normalize(path.data);
  sk_str_free(&path);
  return normal;
}

/* Format: for each file "name\0" then the length as decimal text "\0" then the bytes. */
SK_API void sk_sources_serialize(const sk_sources *set, sk_str *out)
{
  size_t i;
  char num[32];
  for (i = 0; i < set->n; i++) {
    sk_str_putn(out, set->items[i].name, strlen(set->items[i].name) + 1);
    sprintf(num, "%lu", (unsigned long)set->items[i].len);
    sk_str_putn(out, num, strlen(num) + 1);
    sk_str_putn(out, set->items[i].text, set->items[i].len);
  }
}

SK_API int sk_sources_deserialize(sk_sources *set, const char *data, size_t len)
{
  const char *p = data, *end = data + len;
  while (p < end) {
    const char *name = p, *num;
    unsigned long n;
    p = (const char *)memchr(p, '\0', (size_t)(end - p));
    if (!p) return 0;
    num = ++p;
    p = (const char *)memchr(p, '\0', (size_t)(end - p));
    if (!p) return 0;
    p++;
    n = strtoul(num, NULL, 10);
    if (n > (unsigned long)(end - p)) return 0;
    sk_sources_add(set, name, p, (size_t)n);
    p += n;
  }
  return 1;
}
