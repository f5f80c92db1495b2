/*
** main.h -- the command line as a function: in the library build (-DSKAMPI_LIBRARY,
** skampi.h) the program's main is sk_program_main, for skampi_program (library/skalib.c);
** every other build has main instead and declares nothing here.
*/
#ifndef SK_MAIN_H
#define SK_MAIN_H

#include "base.h"

#ifdef SKAMPI_LIBRARY
/* The program's main: every mode of the command line; ends with sk_exit (the library
** sets an exit jump, base.h) or returns 0 after a benchmark run. */
SK_API int sk_program_main(int argc, char **argv);
#endif

#endif
