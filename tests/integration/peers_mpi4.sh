#!/bin/sh
# tests/integration/peers_mpi4.sh IMPL SKAMPI -- IMB-MPI4's overlapped persistent
# collectives (Xxx_persist, doc/peers.md) under a launcher with 2 processes. Where mpi.h
# declares MPI-4: IMB-MPI4 Bcast_persist and Barrier_persist print IMB's overlap layouts
# (header and columns verbatim, the sizes), every figure a number, overlap[%] within
# [0, 100], and t_ovrl, t_pure, t_CPU those of the "# overlap:" line of the .sko written
# beside it, which also carries the "# persistent:" set-up line. Without MPI-4 (Open MPI
# 3.1) skampi refuses them: exit 2, the row named as needing MPI-4.
set -u
. "$(dirname "$0")/../lib.sh"
impl=$1; skampi=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
o=$top/tests/out/peers_mpi4-$impl
rm -rf "$o"; mkdir -p "$o"
run() { (cd "$o" && timeout 300 "$top/tools/mpirun.sh" "$impl" 2 "$skampi" "$@"); }
rows() { awk '/^ *[0-9]/' "$1"; }

if "$top/tools/mpirun.sh" "$impl" 1 "$skampi" -l Bcast_init 2>/dev/null | grep -q 'not in this build (needs MPI-4)'; then
  run IMB-MPI4 Bcast_persist -msglog 2:3 > "$o/b.out" 2> "$o/b.err"; st=$?
  [ $st -eq 2 ] && grep -q "'Bcast_init_overlap' needs MPI-4, which the MPI build lacks" "$o/b.err"
  say $? "$impl imb_mpi4_persist_refused" "exit $st: $(head -c 300 "$o/b.err")"
  finish
  exit $?
fi

run IMB-MPI4 Bcast_persist -msglog 2:3 > "$o/b.out" 2> "$o/b.err"; st=$?
sko=$o/IMB-MPI4-Bcast_persist.sko
[ $st -eq 0 ] && grep -qx '# Benchmarking Bcast_persist ' "$o/b.out" &&
  grep -qx '       #bytes #repetitions t_ovrl\[usec\] t_pure\[usec\]  t_CPU\[usec\]   overlap\[%\]  skampi flags' "$o/b.out" &&
  [ "$(rows "$o/b.out" | awk '{ printf "%s ", $1 }')" = "0 4 8 " ] &&
  [ "$(rows "$o/b.out" | awk '$3 ~ /^[0-9]+\.[0-9][0-9]$/ && $4 ~ /^[0-9]+\.[0-9][0-9]$/ && $5 ~ /^[0-9]+\.[0-9][0-9]$/ && $6 >= 0 && $6 <= 100' | wc -l)" -eq 3 ] &&
  [ "$(rows "$o/b.out" | awk '{ printf "%s %s %s ", $3, $4, $5 }')" = "$(awk '/^# overlap: t_pure/ { printf "%.2f %.2f %.2f ", $10, $4, $7 }' "$sko")" ] &&
  [ "$(grep -c '^# persistent: set-up MPI_Bcast_init [0-9.]* us' "$sko")" -eq 3 ]
say $? "$impl imb_mpi4_bcast_persist_layout_and_values" "exit $st: $(head -c 900 "$o/b.out") $(head -c 300 "$o/b.err")"

run IMB-MPI4 Barrier_persist > "$o/s.out" 2> "$o/s.err"; st=$?
[ $st -eq 0 ] && grep -qx '# Benchmarking Barrier_persist ' "$o/s.out" &&
  grep -qx ' #repetitions t_ovrl\[usec\] t_pure\[usec\]  t_CPU\[usec\]   overlap\[%\]  skampi flags' "$o/s.out" &&
  [ "$(rows "$o/s.out" | awk '$2 ~ /^[0-9]+\.[0-9][0-9]$/ && $5 >= 0 && $5 <= 100' | wc -l)" -eq 1 ] &&
  [ "$(grep -c '^# persistent: set-up MPI_Barrier_init' "$o/IMB-MPI4-Barrier_persist.sko")" -eq 1 ]
say $? "$impl imb_mpi4_barrier_persist_layout" "exit $st: $(head -c 900 "$o/s.out") $(head -c 300 "$o/s.err")"
finish
