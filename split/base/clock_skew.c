/*
** clock_skew.c -- the test-only clock skew of clock_skew.h: parsing the variable,
** skewing the raw timer of the backend, and the header line.
*/
#include "clock_skew.h"

static struct {
  int on;
  double offset, drift, start;   /* this rank's skew; raw clock at sk_skew_init */
  const char *text;              /* the variable, for the header */
} skew;

/* The RCCE backend keeps the SCC's (or the emulator's) clock as it is: no skew there. */
#ifndef SKAMPI_RCCE
static void skew_bad(const char *text, const char *at, const char *what)
{
  sk_loc loc;
  loc.file = SK_SKEW_ENV;
  loc.line = 1;
  loc.col = (int)(at - text) + 1;
  sk_user_error(&loc, "%s (the format is RANK:OFFSET_US:DRIFT_PPM[,...], for tests only)", what);
}

/* One number of an entry at *p, followed by one of the characters of `ends`. */
static double skew_number(const char *text, const char **p, const char *ends, double limit, const char *what)
{
  char *end;
  double v = strtod(*p, &end);
  char msg[120];
  if (end == *p || (*end != '\0' && strchr(ends, *end) == NULL) || (*end == '\0' && strchr(ends, ',') == NULL)) {
    sprintf(msg, "%.40s expected", what);
    skew_bad(text, *p, msg);
  }
  if (fabs(v) > limit) {
    sprintf(msg, "%.40s out of range (at most %g)", what, limit);
    skew_bad(text, *p, msg);
  }
  *p = end;
  return v;
}

SK_API void sk_skew_init(int world_rank, double now)
{
  const char *text = getenv(SK_SKEW_ENV), *p;
  skew.on = 0;
  skew.offset = skew.drift = 0.0;
  skew.start = now;
  if (text == NULL || *text == '\0') return;
  skew.text = text;
  skew.on = 1;
  p = text;
  for (;;) {
    double r = skew_number(text, &p, ":", 1e6, "a rank");
    double off, drift;
    if (r < 0 || r != floor(r)) skew_bad(text, text, "a rank must be a whole number >= 0");
    p++;
    off = skew_number(text, &p, ":", 1e6, "an offset in microseconds");
    p++;
    drift = skew_number(text, &p, ",", 1000.0, "a drift in ppm");
    if ((int)r == world_rank) { skew.offset = off * 1e-6; skew.drift = drift * 1e-6; }
    if (*p == '\0') break;
    p++;
  }
}

#ifdef SKAMPI_MPI
SK_API int sk_skew_on(void) { return skew.on; }
#endif

SK_API double sk_skew_apply(double raw)
{
  if (!skew.on) return raw;
  return raw + skew.offset + skew.drift * (raw - skew.start);
}
#endif

SK_API void sk_skew_describe(sk_str *out)
{
  if (!skew.on) return;
  sk_str_printf(out, "# TEST-ONLY clock skew (%s=%s): RANK:OFFSET_US:DRIFT_PPM, the clock of each"
                " rank named reads OFFSET_US ahead at the start and runs DRIFT_PPM fast\n", SK_SKEW_ENV, skew.text);
}

#ifdef SKAMPI_TESTING
SK_API void sk_skew_mine(double *offset, double *drift)
{
  *offset = skew.offset;
  *drift = skew.drift;
}
#endif
