/*
** launcher.c -- see launcher.h.
*/
#include "launcher.h"

SK_API long sk_launcher_rank(void)
{
  static const char *const vars[] = { "OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK", "RCCE_EMU_UE" };
  size_t k;
  for (k = 0; k < sizeof vars / sizeof vars[0]; k++) {
    const char *v = getenv(vars[k]);
    char *end;
    long rank;
    if (v == NULL || *v == '\0') continue;
    rank = strtol(v, &end, 10);
    if (*end == '\0' && rank >= 0) return rank;
  }
  return 0;
}
