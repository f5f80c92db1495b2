#!/bin/sh
# tests/integration/peers_io.sh IMPL SKAMPI -- IMB-IO's names (doc/peers.md "IMB-IO") under a
# launcher with 2 processes: `skampi IMB-IO` alone runs all 37 benchmarks (-msglog 2:3, 2
# repetitions) and prints IMB-IO's tables: the names in IMB-IO's order, S_ on one process
# (the other waiting), P_ and C_ on both, Open_Close without sizes, every figure parsed,
# and the files skampi's MPI-IO rows wrote are gone afterwards (the run's directory holds
# only what it held); one benchmark by name prints its table alone. As IMB-IO 2021 prints them
# (MPICH): "( 1 additional process waiting", the MODE line between two "#" lines, the
# non-blocking ones in the overlap columns (skampi: t_pure alone), 77-dash lines for 6 columns. (The rows' data
# verification: tests/ski/mpi_io.ski under -v, tests/integration/mpi_io_files.sh.)
set -u
. "$(dirname "$0")/../lib.sh"
impl=$1; skampi=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
o=$top/tests/out/peers_io-$impl
rm -rf "$o"; mkdir -p "$o/run"
rows() { awk '/^ *[0-9]/' "$1"; }

(cd "$o/run" && timeout 300 "$top/tools/mpirun.sh" "$impl" 2 "$skampi" IMB-IO -msglog 2:3 -iter 2 -o ../all.sko) \
  > "$o/all.out" 2> "$o/all.err"; st=$?
names=$(awk '/^# Benchmarking / { printf "%s ", $3 }' "$o/all.out")
want="S_Write_Indv S_IWrite_Indv S_Write_Expl S_IWrite_Expl S_Read_Indv S_IRead_Indv S_Read_Expl S_IRead_Expl"
want="$want P_Write_Indv P_IWrite_Indv P_Write_Shared P_IWrite_Shared P_Write_Priv P_IWrite_Priv P_Write_Expl P_IWrite_Expl"
want="$want P_Read_Indv P_IRead_Indv P_Read_Shared P_IRead_Shared P_Read_Priv P_IRead_Priv P_Read_Expl P_IRead_Expl"
want="$want C_Write_Indv C_IWrite_Indv C_Write_Shared C_IWrite_Shared C_Write_Expl C_IWrite_Expl"
want="$want C_Read_Indv C_IRead_Indv C_Read_Shared C_IRead_Shared C_Read_Expl C_IRead_Expl Open_Close "
[ $st -eq 0 ] && [ "$names" = "$want" ] &&
  [ "$(grep -c '^# #processes = 1 $' "$o/all.out")" -eq 8 ] &&
  [ "$(grep -c '^# ( 1 additional process waiting in MPI_Barrier)$' "$o/all.out")" -eq 8 ] &&
  [ "$(grep -c '^# #processes = 2 $' "$o/all.out")" -eq 29 ] &&
  [ "$(grep -cx '       #bytes #repetitions      t\[usec\]   Mbytes/sec  skampi flags' "$o/all.out")" -eq 4 ] &&
  [ "$(grep -cx '       #bytes #repetitions  t_min\[usec\]  t_max\[usec\]  t_avg\[usec\]   Mbytes/sec  skampi flags' "$o/all.out")" -eq 14 ] &&
  [ "$(grep -cx '       #bytes #repetitions t_ovrl\[usec\] t_pure\[usec\]  t_CPU\[usec\]   overlap\[%\]  skampi flags' "$o/all.out")" -eq 18 ] &&
  [ "$(grep -c '^#-----------------------------------------------------------------------------$' "$o/all.out")" -eq 64 ] &&
  [ "$(awk 'prev == "#" && $0 == "#    MODE: NON-AGGREGATE " { getline; if ($0 == "#") n++ } { prev = $0 } END { print n + 0 }' "$o/all.out")" -eq 36 ] &&
  [ "$(grep -cx ' #repetitions  t_min\[usec\]  t_max\[usec\]  t_avg\[usec\]  skampi flags' "$o/all.out")" -eq 1 ] &&
  [ "$(rows "$o/all.out" | awk 'NF > 5 { printf "%s ", $1 }' | tr ' ' '\n' | sort -u | tr '\n' ' ')" = "0 4 8 " ] &&
  [ "$(rows "$o/all.out" | awk '{ for (i = 2; i < NF; i++) if ($i !~ /^[0-9]+(\.[0-9][0-9])?$/ && $i != "-") bad++ } END { print bad + 0 }')" -eq 0 ] &&
  [ -z "$(ls -A "$o/run")" ]
say $? "$impl imb_io_all" "exit $st: $names $(head -c 600 "$o/all.out") $(grep -v '^#>' "$o/all.err" | head -c 300) $(ls -A "$o/run")"

# a benchmark by name: its table alone, IMB's sizes 0 and 16, the files gone
for b in C_Write_Shared P_IRead_Priv; do
  (cd "$o/run" && timeout 300 "$top/tools/mpirun.sh" "$impl" 2 "$skampi" IMB-IO $b -msglog 4:4 -iter 2 -o ../$b.sko) \
    > "$o/$b.out" 2> "$o/$b.err"; st=$?
  [ $st -eq 0 ] && [ "$(awk '/^# Benchmarking / { printf "%s ", $3 }' "$o/$b.out")" = "$b " ] &&
    [ "$(rows "$o/$b.out" | awk '{ printf "%s ", $1 }')" = "0 16 " ] && [ -z "$(ls -A "$o/run")" ]
  say $? "$impl imb_io_by_name_$b" "exit $st: $(head -c 600 "$o/$b.out") $(grep -v '^#>' "$o/$b.err" | head -c 300)"
done
finish
