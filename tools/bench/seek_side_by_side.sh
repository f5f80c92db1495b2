#!/bin/sh
# tools/bench/seek_side_by_side.sh SKAMPI504_SOURCE [RUNS] -- MPI_IO_file_seek and
# MPI_IO_file_seek_shared of skampi beside the original SKaMPI 5.0.4, whose io.ski measures
# them (tools/bench/seek.ski holds its two seek suites), and beside a plain loop
# (tools/bench/plain_seek.c), side by side in one run, MPICH, 2 processes.
#   SKAMPI504_SOURCE  the original's published source tree (main.c, m.c, lexer.c,
#                     parser.c, measurements/), built here with MPICH, -DUSE_MPI_IO
#                     (its MPI-IO measurements) and -D_GNU_SOURCE (O_DIRECT). Open MPI 4
#                     cannot build it: it calls MPI-1 functions MPI-3 removed.
#   RUNS              interleaved runs of each program (default 3); the table gives the
#                     median over them of each point.
# Writes tools/bench/results/seek-mpich.txt (with the machine's load before and after);
# the figures mean something on a quiet machine only.
set -eu
cd "$(dirname "$0")/../.."
src=${1:?usage: tools/bench/seek_side_by_side.sh SKAMPI504_SOURCE [RUNS]}
runs=${2:-3}
work=tools/bench/work/seek; res=tools/bench/results
mkdir -p "$work" "$res"
out=$res/seek-mpich.txt
cc=mpicc.mpich
command -v "$cc" > /dev/null 2>&1 || { echo "$0: needs MPICH ($cc)" >&2; exit 2; }
[ -f "$src/main.c" ] && [ -f "$src/m.c" ] && [ -d "$src/measurements" ] ||
  { echo "$0: $src is not the original's source tree (main.c, m.c, measurements/)" >&2; exit 2; }
(cd "$src" && $cc -O2 -w -D_GNU_SOURCE -DUSE_MPI_IO -I. -o "$OLDPWD/$work/skampi504" \
  accounting.c autorefine.c compile.c debug.c exec.c main.c measurement.c mem.c misc.c output.c print.c \
  symboltable.c synchronize.c m.c lexer.c parser.c measurements/*.c -lm)
$cc -O2 -o "$work/skampi" skampi_amalgam.c -lm
$cc -O2 -o "$work/plain_seek" tools/bench/plain_seek.c
: > "$work/rows"
run=1
while [ "$run" -le "$runs" ]; do   # interleaved: a change of the machine's speed hits all three
  for prog in skampi504 skampi; do
    (cd "$work" && rm -f "$prog.sko" "$prog.sko.log" &&
      timeout 600 mpiexec.mpich -n 2 "./$prog" -i ../../seek.ski -o "$prog.sko" > "$prog.log" 2>&1) || true
    awk -v p="$prog" '/^# begin result "/ { s = ($0 ~ /shared/) ? "shared" : "individual" }
      !/^#/ && NF > 4 && $1 == "count=" { print p, s, $2, $4 }' "$work/$prog.sko" >> "$work/rows"
  done
  for mode in barrier allreduce; do
    (cd "$work" && timeout 120 mpiexec.mpich -n 2 ./plain_seek "$mode") >> "$work/plain" 2>&1 || true
  done
  run=$((run + 1))
done
. tools/bench/median.sh
{
  echo "# MPI_IO_file_seek(32 MiB, COUNT, MPI_BYTE x3) and _shared, MPICH, 2 processes, $(date -u '+%Y-%m-%d %H:%M') UTC, $(uname -n)"
  echo "# load before and after: $(uptime)"
  echo "# time of one seek in us, the median over $runs interleaved runs of each program (each run's figure: its time column)"
  printf '%-10s %10s %12s %12s\n' pointer count original skampi
  for s in individual shared; do
    for c in $(awk -v s="$s" '$2 == s { print $3 }' "$work/rows" | sort -n | uniq); do
      o=$(awk -v s="$s" -v c="$c" '$1 == "skampi504" && $2 == s && $3 == c { print $4 }' "$work/rows" | median 2)
      k=$(awk -v s="$s" -v c="$c" '$1 == "skampi" && $2 == s && $3 == c { print $4 }' "$work/rows" | median 2)
      printf '%-10s %10s %12s %12s\n' "$s" "$c" "$o" "$k"
    done
  done
  echo "# plain loop (tools/bench/plain_seek.c), 1000 seeks per process per run: mode p10 median p75 p90 in us"
  grep -E '^(barrier|allreduce) ' "$work/plain" || echo "# (no plain figures)"
} > "$out"
echo "$0: wrote $out"
