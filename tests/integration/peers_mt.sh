#!/bin/sh
# tests/integration/peers_mt.sh IMPL SKAMPI -- IMB-MT's names and options (doc/peers.md
# "IMB-MT") under a launcher with 2 processes: `skampi IMB-MT` runs its 10 benchmarks with
# IMB-MT's own options (-count, -repeat, -datatype, -thread_level) and prints IMB-MT's
# tables: the header and column lines checked verbatim, #bytes = the -count list times the
# datatype's size times the threads, each time parsed; -repeat and -datatype reach the
# sizes (count= column) in the .sko; -check is skampi's -v; the options without effect
# are named in one warning;
# IMB-MPI1 still refuses -datatype (its list is its own); with -thread_level multiple
# and OMP_NUM_THREADS=2 the library is asked for MPI_THREAD_MULTIPLE and the tables say
# 2 threads. The 13 names that IMB-MT 2021's source keeps under #if 0 (PingPongMT...Tag,
# ScatterMT ... AlltoallvMT): -list marks them, `skampi IMB-MT` alone leaves them out,
# by name each runs verified (-check) with 2 processes, the collectives with 4 too
# (#processes = 4, their t_min/t_max/t_avg table), and AlltoallvMT with 2 threads.
set -u
. "$(dirname "$0")/../lib.sh"
impl=$1; skampi=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
o=$top/tests/out/peers_mt-$impl
rm -rf "$o"; mkdir -p "$o"
run() { (cd "$o" && timeout 300 "$top/tools/mpirun.sh" "$impl" 2 "$skampi" "$@"); }
run4() { (cd "$o" && timeout 300 "$top/tools/mpirun.sh" "$impl" 4 "$skampi" "$@"); }
rows() { awk '/^ *[0-9]/' "$1"; }

# every IMB-MT benchmark, one thread, IMB-MT's own options (the issue's command line)
run IMB-MT -datatype char -count 1,16,256 -repeat 20 -warmup 5 -barrier off -stride 1 -o all.sko > "$o/all.out" 2> "$o/all.err"; st=$?
names=$(awk '/^# Benchmarking / { printf "%s ", $3 }' "$o/all.out")
[ $st -eq 0 ] &&
  [ "$names" = "PingPongMT PingPingMT SendRecvMT ExchangeMT UniBandMT BiBandMT BarrierMT BcastMT ReduceMT AllReduceMT " ] &&
  [ "$(grep -c '^# #processes = 2 (threads: 1)$' "$o/all.out")" -eq 10 ] &&
  [ "$(grep -cx '       #bytes #repetitions  t_min\[usec\]  t_max\[usec\]  t_avg\[usec\]   Mbytes/sec  skampi flags' "$o/all.out")" -eq 4 ] &&
  [ "$(grep -cx '       #bytes #repetitions  t_avg\[usec\]   Mbytes/sec      Msg/sec  skampi flags' "$o/all.out")" -eq 2 ] &&
  [ "$(grep -cx ' #repetitions  t_min\[usec\]  t_max\[usec\]  t_avg\[usec\]  skampi flags' "$o/all.out")" -eq 1 ] &&
  [ "$(grep -cx '# window_size = 64' "$o/all.out")" -eq 2 ] &&
  [ "$(rows "$o/all.out" | awk 'NF > 5 { printf "%s ", $1 }')" = "$(for k in 1 2 3 4 5 6; do printf '1 16 256 '; done; for k in 1 2 3; do printf '1 16 256 '; done)" ] &&
  [ "$(rows "$o/all.out" | awk '{ for (i = 2; i < NF; i++) if ($i !~ /^[0-9]+(\.[0-9][0-9])?$/) bad++ } END { print bad + 0 }')" -eq 0 ] &&
  [ "$(grep -c '^count= 256 *256 ' "$o/all.sko")" -eq 9 ] &&
  grep -q "skampi: IMB-MT options '-warmup', '-barrier', '-stride' have no effect here" "$o/all.err"
say $? "$impl imb_mt_all" "exit $st: $names $(head -c 600 "$o/all.out") $(head -c 300 "$o/all.err")"

# -datatype int (IMB-MT's default): #bytes 4 per element
run IMB-MT ReduceMT -count 2,8 -repeat 10 > "$o/int.out" 2> "$o/int.err"; st=$?
[ $st -eq 0 ] && [ "$(rows "$o/int.out" | awk '{ printf "%s ", $1 }')" = "8 32 " ] &&
  [ "$(grep -c '^count= 8 *32 ' "$o/IMB-MT-ReduceMT.sko")" -eq 1 ]
say $? "$impl imb_mt_int" "exit $st: $(head -c 600 "$o/int.out") $(head -c 300 "$o/int.err")"

# IMB-MPI1's option list is unchanged: -datatype is IMB-MT's only
run IMB-MPI1 PingPong -datatype char > "$o/mpi1.out" 2> "$o/mpi1.err"; st=$?
[ $st -ne 0 ] && grep -q "IMB-MPI1 has no option '-datatype'; closest: -data_type" "$o/mpi1.err"
say $? "$impl imb_mpi1_options_kept" "exit $st: $(head -c 300 "$o/mpi1.err")"
run IMB-MT PingPongMT -datatype double > "$o/dt.out" 2> "$o/dt.err"; st=$?
[ $st -ne 0 ] && grep -q "IMB-MT -datatype 'double': give int or char" "$o/dt.err"
say $? "$impl imb_mt_bad_datatype" "exit $st: $(head -c 300 "$o/dt.err")"
run IMB-MT PingPongMT -repeat 0 > "$o/rep.out" 2> "$o/rep.err"; st=$?
[ $st -ne 0 ] && grep -q "IMB-MT -repeat '0': give a number of repetitions from 1" "$o/rep.err"
say $? "$impl imb_mt_bad_repeat" "exit $st: $(head -c 300 "$o/rep.err")"
run IMB-MT PingPongMT -count 1,,4 > "$o/cnt.out" 2> "$o/cnt.err"; st=$?
[ $st -ne 0 ] && grep -q "IMB-MT -count '1,,4': give counts separated by commas" "$o/cnt.err"
say $? "$impl imb_mt_bad_count" "exit $st: $(head -c 300 "$o/cnt.err")"

# -check (IMB-MT's data check) is skampi's -v: every result but the barrier's verified;
# with -datatype char refused, as IMB-MT refuses it
run IMB-MT -check on -count 1,300 -repeat 3 -o chk.sko > "$o/chk.out" 2> "$o/chk.err"; st=$?
[ $st -eq 0 ] && [ "$(grep -c '^#@ flags: .*verified' "$o/chk.sko")" -eq 18 ]
say $? "$impl imb_mt_check" "exit $st: $(grep -c verified "$o/chk.sko") verified; $(grep -v '^#>' "$o/chk.err" | head -c 300)"
run IMB-MT -check 1 -datatype char > "$o/chk2.out" 2> "$o/chk2.err"; st=$?
[ $st -ne 0 ] && grep -q "IMB-MT -check: only with -datatype int" "$o/chk2.err"
say $? "$impl imb_mt_check_char" "exit $st: $(head -c 300 "$o/chk2.err")"

# -thread_level multiple with OMP_NUM_THREADS=2: 2 threads per process, MULTIPLE asked
(cd "$o" && OMP_NUM_THREADS=2 timeout 300 "$top/tools/mpirun.sh" "$impl" 2 "$skampi" IMB-MT BcastMT -thread_level multiple \
  -count 4 -repeat 5 -datatype char) > "$o/thr.out" 2> "$o/thr.err"; st=$?
[ $st -eq 0 ] && grep -qx '# #processes = 2 (threads: 2)' "$o/thr.out" &&
  [ "$(rows "$o/thr.out" | awk '{ printf "%s ", $1 }')" = "8 " ] &&
  grep -q "^# thread level: asked MPI_THREAD_MULTIPLE (IMB-MT's -thread_level, MPI_Init_thread)" "$o/IMB-MT-BcastMT.sko"
say $? "$impl imb_mt_threads" "exit $st: $(head -c 600 "$o/thr.out") $(head -c 300 "$o/thr.err")"

# the 13 names IMB-MT 2021 keeps under #if 0: marked in -list, runnable by name, verified
unbuilt_pp="PingPongMTSpecificSourceSpecificTag PingPongMTSpecificSourceAnyTag PingPongMTAnySourceSpecificTag PingPongMTAnySourceAnyTag"
unbuilt_coll="ScatterMT ScattervMT ReduceScatterMT GatherMT GathervMT AllgatherMT AllgathervMT AlltoallMT AlltoallvMT"
run IMB-MT -list > "$o/list.out" 2> "$o/list.err"; st=$?
[ $st -eq 0 ] && [ "$(awk '/\(not built by IMB-MT 2021\)$/ { printf "%s ", $1 }' "$o/list.out")" = "$unbuilt_pp $unbuilt_coll " ] &&
  grep -A1 -x '    PingPongMTAnySourceAnyTag (not built by IMB-MT 2021)' "$o/list.out" | grep -qx '        skampi row Thread_pingpong_AS_AT' &&
  grep -A1 -x '    AlltoallvMT (not built by IMB-MT 2021)' "$o/list.out" | grep -qx '        skampi row Thread_alltoallv'
say $? "$impl imb_mt_list_not_built" "exit $st: $(head -c 900 "$o/list.out")"
# shellcheck disable=SC2086
run IMB-MT $unbuilt_pp $unbuilt_coll -check on -count 1,300 -repeat 3 -o unb.sko > "$o/unb.out" 2> "$o/unb.err"; st=$?
names=$(awk '/^# Benchmarking / { printf "%s ", $3 }' "$o/unb.out")
[ $st -eq 0 ] && [ "$names" = "$unbuilt_pp $unbuilt_coll " ] &&
  [ "$(grep -c '^# #processes = 2 (threads: 1)$' "$o/unb.out")" -eq 13 ] &&
  [ "$(grep -cx '       #bytes #repetitions  t_min\[usec\]  t_max\[usec\]  t_avg\[usec\]   Mbytes/sec  skampi flags' "$o/unb.out")" -eq 4 ] &&
  [ "$(grep -cx '       #bytes #repetitions  t_min\[usec\]  t_max\[usec\]  t_avg\[usec\]  skampi flags' "$o/unb.out")" -eq 9 ] &&
  [ "$(rows "$o/unb.out" | awk '{ printf "%s ", $1 }')" = "$(for k in 1 2 3 4 5 6 7 8 9 10 11 12 13; do printf '4 1200 '; done)" ] &&
  [ "$(rows "$o/unb.out" | awk '$NF ~ /verified/ { n++ } END { print n + 0 }')" -eq 26 ] &&
  [ "$(grep -c '^#@ flags: .*verified' "$o/unb.sko")" -eq 26 ] &&
  [ "$(rows "$o/unb.out" | awk '{ for (i = 2; i < NF; i++) if ($i !~ /^[0-9]+(\.[0-9][0-9])?$/) bad++ } END { print bad + 0 }')" -eq 0 ]
say $? "$impl imb_mt_not_built_np2" "exit $st: $names $(head -c 900 "$o/unb.out") $(grep -v '^#>' "$o/unb.err" | head -c 300)"
# shellcheck disable=SC2086
run4 IMB-MT $unbuilt_coll -check on -count 2,50 -repeat 3 -o unb4.sko > "$o/unb4.out" 2> "$o/unb4.err"; st=$?
[ $st -eq 0 ] && [ "$(awk '/^# Benchmarking / { printf "%s ", $3 }' "$o/unb4.out")" = "$unbuilt_coll " ] &&
  [ "$(grep -c '^# #processes = 4 (threads: 1)$' "$o/unb4.out")" -eq 9 ] &&
  [ "$(rows "$o/unb4.out" | awk '{ printf "%s ", $1 }')" = "$(for k in 1 2 3 4 5 6 7 8 9; do printf '8 200 '; done)" ] &&
  [ "$(grep -c '^#@ flags: .*verified' "$o/unb4.sko")" -eq 18 ]
say $? "$impl imb_mt_not_built_np4" "exit $st: $(head -c 900 "$o/unb4.out") $(grep -v '^#>' "$o/unb4.err" | head -c 300)"
(cd "$o" && OMP_NUM_THREADS=2 timeout 300 "$top/tools/mpirun.sh" "$impl" 2 "$skampi" IMB-MT AlltoallvMT PingPongMTAnySourceAnyTag \
  -thread_level multiple -check on -count 4 -repeat 3 -o thr2.sko) > "$o/thr2.out" 2> "$o/thr2.err"; st=$?
[ $st -eq 0 ] && [ "$(grep -cx '# #processes = 2 (threads: 2)' "$o/thr2.out")" -eq 2 ] &&
  [ "$(rows "$o/thr2.out" | awk '{ printf "%s ", $1 }')" = "32 32 " ] &&
  [ "$(grep -c '^#@ flags: .*verified' "$o/thr2.sko")" -eq 2 ]
say $? "$impl imb_mt_not_built_threads" "exit $st: $(head -c 600 "$o/thr2.out") $(grep -v '^#>' "$o/thr2.err" | head -c 300)"
finish
