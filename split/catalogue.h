/*
** catalogue.h -- the measurement functions known to this build, by name
** (SKaMPI 5 manual §3; MPI-only ones exist only in the MPI build).
*/
#ifndef SK_CATALOGUE_H
#define SK_CATALOGUE_H

#include "measure.h"

SK_API const sk_measurement *sk_catalogue_find(const char *name);
/* Iteration over all entries: i = 0, 1, ... until NULL. */
SK_API const sk_measurement *sk_catalogue_entry(int i);

#endif
