#!/bin/sh
# tools/run.sh -- the main job (`make run`): build skampi from the one file with the MPI
# compiler wrapper tools/findmpi.sh finds (MPICC / MPIRUN override) and run ski/quick.ski
# with 2 processes, writing quick.sko.
# Environment: NP (processes, 2), INPUT (ski/quick.ski), OUTPUT (quick.sko).
set -eu
cd "$(dirname "$0")/.."
. tools/findmpi.sh
np=${NP:-2}
input=${INPUT:-ski/quick.ski}
output=${OUTPUT:-quick.sko}
if ! find_mpi; then
  echo "run: $mpi_problem (tools/setup.sh run says what to install)" >&2
  exit 1
fi
echo "run: $mpi_cc -O2 -o skampi skampi_amalgam.c -lm"
# shellcheck disable=SC2086
$mpi_cc -O2 -o skampi skampi_amalgam.c -lm
echo "run: $mpi_run, $np processes, input $input"
mpi_launch "$np" ./skampi -i "$input" -o "$output"
echo "run: results are in $output"
