#!/bin/sh
# tools/run.sh -- the main job (`make run`): build skampi from the one file with an MPI
# compiler wrapper and run ski/quick.ski with 2 processes, writing quick.sko.
# Prefers Open MPI's wrapper and launcher when installed, then MPICH's, then plain mpicc.
set -eu
cd "$(dirname "$0")/.."
np=${NP:-2}
input=${INPUT:-ski/quick.ski}
output=${OUTPUT:-quick.sko}
if command -v mpicc.openmpi >/dev/null 2>&1; then cc=mpicc.openmpi; impl=openmpi
elif command -v mpicc.mpich >/dev/null 2>&1; then cc=mpicc.mpich; impl=mpich
else cc=mpicc; impl=default
fi
echo "run: $cc -O2 -o skampi skampi_amalgam.c -lm"
$cc -O2 -o skampi skampi_amalgam.c -lm
echo "run: $np processes, input $input"
tools/mpirun.sh $impl "$np" ./skampi -i "$input" -o "$output"
echo "run: results are in $output"
