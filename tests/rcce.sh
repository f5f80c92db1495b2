#!/bin/sh
# tests/rcce.sh -- the RCCE build of the amalgam under the host emulator (tools/rcce):
# the portable measurements with 2 and 5 UEs (output parsed back), the mesh model with
# 48 UEs (modelled latency grows with the routers between the cores), and the clear
# parse-time error for MPI-only measurement functions.
set -u
cd "$(dirname "$0")/.."
o=tests/out/rcce
mkdir -p "$o"
tools/sk21f tests/out/skampi_amalgam.c || exit 1   # split/ as it is now
say() { if [ "$1" = 0 ]; then echo "ok $2"; else echo "FAIL $2: $3"; fi; }
cc -O2 -DSKAMPI_RCCE -Itools/rcce -o "$o/skampi-rcce" tests/out/skampi_amalgam.c tools/rcce/rcce_emu.c -lm > "$o/build.txt" 2>&1
say $? rcce_build "$(head -n 3 "$o/build.txt")"
cc -O2 -o "$o/rccerun" tools/rcce/rccerun.c
for n in 2 5; do
  rm -f "$o/smoke$n.sko"
  timeout 300 "$o/rccerun" -nue $n "$o/skampi-rcce" -i ski/rcce_smoke.ski -o "$o/smoke$n.sko" > "$o/smoke$n.txt" 2>&1
  st=$?
  awk -v np=$n -v minrep=3 -v maxrep=6 -v maxnodes=16 -f tests/check_sko.awk "$o/smoke$n.sko" > "$o/check$n.txt" 2>&1
  say $(( st + $? )) "rcce_smoke_${n}_ues" "exit $st; $(head -n 2 "$o/check$n.txt")"
done
# Mesh model: 20 us per router and chunk dominates any scheduling noise on this machine.
rm -f "$o/mesh.sko"
RCCE_EMU_MESH=1 RCCE_EMU_HOP_NS=20000 timeout 600 "$o/rccerun" -nue 48 "$o/skampi-rcce" \
  -i tests/ski/mesh_pingpong.ski -o "$o/mesh.sko" > "$o/mesh.txt" 2>&1
st=$?
awk '/^core= / { t[$2] = $4 }
     END { order = "1 2 37 10 47"; n = split(order, c, " "); ok = 1
           for (i = 2; i <= n; i++) if (!(t[c[i]] > t[c[i - 1]])) ok = 0
           printf "%s", ok ? "" : "not increasing:"
           for (i = 1; i <= n; i++) printf " core %s %.1f us", c[i], t[c[i]]
           exit !ok }' "$o/mesh.sko" > "$o/mesh.check" 2>&1
say $(( st + $? )) rcce_mesh_latency_grows_with_distance_48_ues "exit $st; $(cat "$o/mesh.check")"
echo "# mesh: $(cat "$o/mesh.check")"
"$o/skampi-rcce" -n -i ski/coll.ski > "$o/mpionly.txt" 2>&1
st=$?
grep -q "ski/coll.ski:[0-9]*:[0-9]*: 'Bcast' needs an MPI library, which the RCCE build lacks" "$o/mpionly.txt"
say $(( $? + (st == 2 ? 0 : 1) )) rcce_mpi_only_names_refused "exit $st: $(head -n 1 "$o/mpionly.txt")"
"$o/skampi-rcce" -n -i ski/scc.ski > "$o/scc-n.txt" 2>&1
say $? rcce_scc_ski_syntax "$(head -n 2 "$o/scc-n.txt")"
