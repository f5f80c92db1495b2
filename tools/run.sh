#!/bin/sh
# tools/run.sh -- the main job (`make run`): build skampi from the one file with the MPI
# compiler wrapper tools/findmpi.sh finds (MPICC / MPIRUN override) and run ski/quick.ski
# with 2 processes, writing quick.sko (its log quick.sko.log is removed when the run ends); the compile is skipped
# when ./skampi is newer than skampi_amalgam.c and was built with the same compiler; the
# last line names the report command.
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
# ./skampi is rebuilt only when skampi_amalgam.c changed after it or another compiler is
# asked for: .skampi-build holds the command that built it
stamp=.skampi-build
if [ -f skampi ] && [ -n "$(find skampi -prune -newer skampi_amalgam.c)" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$mpi_cc -O2" ]; then
  echo "run: ./skampi is up to date ($mpi_cc -O2, newer than skampi_amalgam.c)"
else
  echo "run: $mpi_cc -O2 -o skampi skampi_amalgam.c -lm"
  rm -f "$stamp"
  # shellcheck disable=SC2086
  $mpi_cc -O2 -o skampi skampi_amalgam.c -lm
  echo "$mpi_cc -O2" > "$stamp"
fi
echo "run: $mpi_run, $np processes, input $input"
mpi_launch "$np" ./skampi -i "$input" -o "$output"
report=${output%.sko}
echo "run: results are in $output; a report of them: ./skampi -r $report $output (writes $report.html)"
