/*
** launcher.h -- what a process learns from the program that started it (mpirun,
** mpiexec, srun, rccerun) without the transport: its rank, from the launcher's
** environment. The modes that never start the transport (skampi -l, -n, -m, ...) choose
** the process that prints with it.
*/
#ifndef SK_LAUNCHER_H
#define SK_LAUNCHER_H

#include "base.h"

/* This process's rank as its launcher set it in the environment (Open MPI's
** OMPI_COMM_WORLD_RANK, PMIx's PMIX_RANK, PMI_RANK of MPICH's Hydra and other PMI
** launchers, rccerun's RCCE_EMU_UE; the first of them that holds a whole number >= 0);
** 0 for a process started alone. */
SK_API long sk_launcher_rank(void);

#endif
