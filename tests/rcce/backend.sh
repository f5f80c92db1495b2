#!/bin/sh
# tests/rcce/backend.sh -- the RCCE build of the amalgam under the host emulator (tools/rcce):
# the portable measurements with 2 and 5 UEs (output parsed back), the emulator's virtual
# time with 48 UEs (deterministic, named in the header, latency grows with the routers
# between the cores), the SCC thesis' experiments (ski/scc.ski, reduced) with its findings
# (tests/rcce/check_scc.awk), and the clear parse-time error for MPI-only measurement functions.
set -u
. "$(dirname "$0")/../lib.sh"
o=tests/out/rcce
mkdir -p "$o"
# skampi-rcce (cc -O2 -DSKAMPI_RCCE with the emulator) and rccerun, built by tests/run.sh
skampi_rcce=$(sk_binary rcce)
say $? rcce_build "$(head -n 3 tests/out/build-skampi-rcce.log)"
rccerun=$(sk_binary rccerun)
for n in 2 5; do
  rm -f "$o/smoke$n.sko"
  timeout 300 "$rccerun" -nue $n "$skampi_rcce" -i ski/rcce_smoke.ski -o "$o/smoke$n.sko" > "$o/smoke$n.txt" 2>&1
  st=$?
  awk -v np=$n -v minrep=3 -v maxrep=6 -v maxnodes=16 -f tests/common/check_sko.awk "$o/smoke$n.sko" > "$o/check$n.txt" 2>&1
  say $(( st + $? )) "rcce_smoke_${n}_ues" "exit $st; $(head -n 2 "$o/check$n.txt")"
done
# Virtual time (RCCE_EMU_TIME=model), 48 UEs: ping-pong from core 0 by mesh distance, run
# twice: the result lines are the same both times, the header says the times are virtual,
# and the time grows with the routers on the way (Pichler 2013 §3.2, figure 4).
for run in 1 2; do
  rm -f "$o/mesh$run.sko"
  RCCE_EMU_TIME=model timeout 300 "$rccerun" -nue 48 "$skampi_rcce" \
    -i tests/ski/mesh_pingpong.ski -o "$o/mesh$run.sko" > "$o/mesh$run.txt" 2>&1
  st=$?
  say $st "rcce_virtual_time_run_$run" "exit $st: $(tail -n 2 "$o/mesh$run.txt")"
done
grep -v '^#' "$o/mesh1.sko" > "$o/mesh1.lines" 2>/dev/null
grep -v '^#' "$o/mesh2.sko" > "$o/mesh2.lines" 2>/dev/null
cmp -s "$o/mesh1.lines" "$o/mesh2.lines" && [ -s "$o/mesh1.lines" ]
say $? rcce_virtual_time_deterministic "result lines differ between two runs (or none)"
grep -q '^# library: .*times are virtual.*core clock 800 MHz.*mesh clock 1066 MHz' "$o/mesh1.sko"
say $? rcce_virtual_time_header_names_model "$(grep '^# library' "$o/mesh1.sko")"
awk '/^core= / { t[$2] = $4 }
     END { order = "1 2 37 10 47"; n = split(order, c, " "); ok = 1
           for (i = 2; i <= n; i++) if (!(t[c[i]] > t[c[i - 1]])) ok = 0
           printf "%s", ok ? "" : "not increasing:"
           for (i = 1; i <= n; i++) printf " core %s %.3f us", c[i], t[c[i]]
           exit !ok }' "$o/mesh1.sko" > "$o/mesh.check" 2>&1
say $? rcce_mesh_latency_grows_with_distance_48_ues "$(cat "$o/mesh.check")"
echo "# mesh (virtual time): $(cat "$o/mesh.check")"
# Every experiment of the SCC thesis (ski/scc.ski, reduced sweeps) on 48 UEs under virtual
# time, and the thesis' findings checked on the results (tests/rcce/check_scc.awk).
rm -f "$o/scc.sko"
SCC_REDUCED=1 SCC_REPETITIONS=2 RCCE_EMU_TIME=model timeout 900 "$rccerun" -nue 48 \
  "$skampi_rcce" -i ski/scc.ski -o "$o/scc.sko" > "$o/scc.txt" 2>&1
st=$?
say $st rcce_scc_ski_48_ues_virtual_time "exit $st: $(tail -n 2 "$o/scc.txt")"
# (warnings about results near the clock's tick are expected under virtual time)
! grep -v 'skampi: warning:' "$o/scc.txt" | grep -q 'failed\|error'
say $? rcce_scc_ski_no_failed_measurement "$(grep -v 'skampi: warning:' "$o/scc.txt" | grep 'failed\|error' | head -n 2)"
if [ -s "$o/scc.sko" ]; then awk -f tests/rcce/check_scc.awk "$o/scc.sko"; else echo "FAIL scc_findings: no output"; fi
"$skampi_rcce" -n -i ski/coll.ski > "$o/mpionly.txt" 2>&1
st=$?
grep -q "ski/coll.ski:[0-9]*:[0-9]*: 'Bcast' needs an MPI library, which the RCCE build lacks" "$o/mpionly.txt"
say $(( $? + (st == 2 ? 0 : 1) )) rcce_mpi_only_names_refused "exit $st: $(head -n 1 "$o/mpionly.txt")"
"$skampi_rcce" -n -i ski/scc.ski > "$o/scc-n.txt" 2>&1
say $? rcce_scc_ski_syntax "$(head -n 2 "$o/scc-n.txt")"
