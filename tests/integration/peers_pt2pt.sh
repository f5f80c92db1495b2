#!/bin/sh
# tests/integration/peers_pt2pt.sh IMPL SKAMPI -- the point-to-point benchmarks of IMB-MPI1
# and the OSU micro-benchmarks 7.4 that meas_mpi_peer_p2p.c (and Pingpong_Send_Recv_AS,
# Mbibw_mr) measure, run by their names under a launcher: IMB's PingPing,
# PingPingSpecificSource, PingPingAnySource and PingPongAnySource tables (t[usec] = the
# .sko's time, the ping-pong's half of its round trip, Mbytes/sec = bytes / t), IMB-MPI1
# without names running IMB 2021's default list (PingPing second), Biband over all
# processes, OSU's osu_bw_persistent, osu_bibw_persistent, osu_bw_fan_in, osu_bw_fan_out
# (header, columns, MB/s = bytes / the .sko's time, -W taken without a warning) and osu_mbw_mr -p PAIRS (the pairs
# measured and printed; no "no effect" warning; too many pairs refused), osu_init (the
# time of MPI_Init in OSU's line) and osu_hello.
set -u
. "$(dirname "$0")/../lib.sh"
impl=$1; skampi=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
o=$top/tests/out/peers_pt2pt-$impl
rm -rf "$o"; mkdir -p "$o"
run() { np=$1; shift; (cd "$o" && timeout 300 "$top/tools/mpirun.sh" "$impl" "$np" "$skampi" "$@"); }
rows() { awk '/^ *[0-9]/' "$1"; }
# block FILE NAME: the data lines of IMB's table "# Benchmarking NAME"
block() { awk -v n="# Benchmarking $2 " '$0 == n { on = 1; next } /^# Benchmarking/ { on = 0 } on && /^ +[0-9]/' "$1"; }
# sko_col SKO SUITE COL: column COL of the suite's result lines
sko_col() { awk -v s="# begin result \"$2\"" -v c="$3" '$0 == s { on = 1; next } /^# end result/ { on = 0 } on && /^count= / { printf "%s ", $c }' "$1"; }

# IMB-MPI1 PingPing PingPingSpecificSource PingPingAnySource PingPongAnySource
run 2 IMB-MPI1 PingPing PingPingSpecificSource PingPingAnySource PingPongAnySource -msglog 0:3 -iter 50 -o pp.sko \
  > "$o/pp.out" 2> "$o/pp.err"; st=$?
ok=0
[ $st -eq 0 ] || ok=1
for b in PingPing PingPingSpecificSource PingPingAnySource PingPongAnySource; do
  half=1; [ $b = PingPongAnySource ] && half=2
  grep -qx "# Benchmarking $b " "$o/pp.out" &&
    [ "$(block "$o/pp.out" $b | awk '{ printf "%s/%s ", $1, $2 }')" = "0/50 1/50 2/50 4/50 8/50 " ] &&
    [ "$(block "$o/pp.out" $b | awk '{ printf "%.2f ", $3 }')" = "$(sko_col "$o/pp.sko" $b 4 | awk -v h=$half '{ for (i = 1; i <= NF; i++) printf "%.2f ", $i / h }')" ] &&
    [ "$(block "$o/pp.out" $b | awk '$3 > 0.0051 && $4 >= $1 / ($3 + 0.0051) - 0.01 && $4 <= $1 / ($3 - 0.0051) + 0.01' | wc -l)" -eq 5 ] || ok=1
done
[ $ok -eq 0 ] && grep -qx '       #bytes #repetitions      t\[usec\]   Mbytes/sec  skampi flags' "$o/pp.out" &&
  grep -q '^# measure Pingping_Isend_Recv_AS(' "$o/pp.sko" && grep -q '^# measure Pingpong_Send_Recv_AS(' "$o/pp.sko" &&
  grep -q '^#@ suite: time=one_way' "$o/pp.sko" && grep -q '^#@ suite: time=round_trip' "$o/pp.sko"
say $? "$impl imb_pingping_anysource_layout_and_values" "exit $st: $(head -c 900 "$o/pp.out") $(head -c 300 "$o/pp.err")"

# IMB-MPI1 without names: IMB 2021's default list, in its order (PingPing second)
run 2 IMB-MPI1 -msglog 0:0 -iter 2 > "$o/def.out" 2> "$o/def.err"; st=$?
[ $st -eq 0 ] && [ "$(awk '/^# Benchmarking / { printf "%s ", $3 }' "$o/def.out")" = "PingPong PingPing Sendrecv Exchange Allreduce Reduce Reduce_local Reduce_scatter Reduce_scatter_block Allgather Allgatherv Gather Gatherv Scatter Scatterv Alltoall Alltoallv Bcast Barrier " ]
say $? "$impl imb_mpi1_default_list" "exit $st: $(grep Benchmarking "$o/def.out" | head -c 600) $(head -c 300 "$o/def.err")"

# IMB-MPI1 Biband with 4 processes: 2 pairs both ways (Mbibw_mr), "#processes = 4"
run 4 IMB-MPI1 Biband -msglog 2:3 -iter 20 > "$o/bi.out" 2> "$o/bi.err"; st=$?
[ $st -eq 0 ] && grep -qx '# #processes = 4 ' "$o/bi.out" && ! grep -q 'additional processes' "$o/bi.out" &&
  grep -q 'Mbibw_mr' "$o/IMB-MPI1-Biband.sko" &&
  [ "$(block "$o/bi.out" Biband | awk '{ printf "%s ", $1 }')" = "0 4 8 " ]
say $? "$impl imb_biband_multi_pair" "exit $st: $(head -c 900 "$o/bi.out") $(head -c 300 "$o/bi.err")"

# OSU's persistent bandwidths (2 processes) and fan-in/fan-out (3): MB/s = bytes / time
for case in "2 osu_bw_persistent OSU MPI Bandwidth Persistent Test" \
            "2 osu_bibw_persistent OSU MPI Bi-Directional Bandwidth Persistent Test" \
            "3 osu_bw_fan_in OSU MPI Bandwidth Test" "3 osu_bw_fan_out OSU MPI Bandwidth Test"; do
  set -- $case; np=$1; b=$2; shift 2; title="$*"
  run "$np" "$b" -m 1:64 -W 16 -i 20 > "$o/$b.out" 2> "$o/$b.err"; st=$?
  [ $st -eq 0 ] && [ "$(sed -n 2p "$o/$b.out")" = "# $title v7.4" ] &&
    [ "$(sed -n 4p "$o/$b.out")" = "# Size        Bandwidth (MB/s)  skampi flags" ] &&
    [ "$(rows "$o/$b.out" | awk '{ printf "%s ", $1 }')" = "1 2 4 8 16 32 64 " ] &&
    [ "$(rows "$o/$b.out" | awk '{ printf "%.2f ", $2 }')" = "$(awk '/^count= / { printf "%.2f ", $3 / $4 }' "$o/$b.sko")" ] &&
    ! grep -q 'no effect' "$o/$b.err"
  say $? "$impl ${b}_layout_and_values" "exit $st: $(head -c 600 "$o/$b.out") $(head -c 300 "$o/$b.err")"
done

# osu_mbw_mr -p: 1 pair of 4 processes (the suite on 2), all pairs without -p, -p 3 refused
run 4 osu_mbw_mr -p 1 -m 1:4 -i 20 > "$o/mbw1.out" 2> "$o/mbw1.err"; st=$?
[ $st -eq 0 ] && [ "$(sed -n 3p "$o/mbw1.out")" = "# [ pairs: 1 ] [ window size: 64 ]" ] &&
  grep -q '^# begin result "osu_mbw_mr-np2"' "$o/osu_mbw_mr.sko" && ! grep -q 'no effect' "$o/mbw1.err" &&
  [ "$(rows "$o/mbw1.out" | wc -l)" -eq 3 ]
say $? "$impl osu_mbw_mr_pairs_honoured" "exit $st: $(head -c 600 "$o/mbw1.out") $(head -c 300 "$o/mbw1.err")"
run 4 osu_mbw_mr --num-pairs=2 -m 1:2 -i 20 -o mbw2.sko > "$o/mbw2.out" 2> "$o/mbw2.err"; st=$?
[ $st -eq 0 ] && [ "$(sed -n 3p "$o/mbw2.out")" = "# [ pairs: 2 ] [ window size: 64 ]" ] &&
  grep -q '^# begin result "osu_mbw_mr-np4"' "$o/mbw2.sko"
say $? "$impl osu_mbw_mr_num_pairs_all" "exit $st: $(head -c 600 "$o/mbw2.out") $(head -c 300 "$o/mbw2.err")"
run 4 osu_mbw_mr -p 3 -m 1:2 -o mbw3.sko > "$o/mbw3.out" 2> "$o/mbw3.err"; st=$?
[ $st -ne 0 ] && grep -q 'osu_mbw_mr -p 3: 3 pairs need 6 processes, the run has 4' "$o/mbw3.err" && [ ! -s "$o/mbw3.out" ]
say $? "$impl osu_mbw_mr_too_many_pairs" "exit $st: $(head -c 300 "$o/mbw3.err")"
# osu_init and osu_hello: OSU's lines, no result file; osu_init's minimum <= average <= maximum
run 2 osu_init > "$o/init.out" 2> "$o/init.err"; st=$?
[ $st -eq 0 ] && [ "$(sed -n 1p "$o/init.out")" = "# OSU MPI Init Test v7.4" ] && [ "$(wc -l < "$o/init.out")" -eq 2 ] &&
  sed -n 2p "$o/init.out" | awk '/^nprocs: 2, min: [0-9]+ ms, max: [0-9]+ ms, avg: [0-9]+ ms$/ {
    gsub(/,/, ""); if ($4 <= $10 && $10 <= $7) ok = 1 } END { exit !ok }' && [ ! -f "$o/osu_init.sko" ]
say $? "$impl osu_init_line" "exit $st: $(head -c 300 "$o/init.out") $(head -c 300 "$o/init.err")"
run 3 osu_hello > "$o/hello.out" 2> "$o/hello.err"; st=$?
[ $st -eq 0 ] && [ "$(cat "$o/hello.out")" = "# OSU MPI Hello World Test v7.4
This is a test with 3 processes" ] && [ ! -f "$o/osu_hello.sko" ]
say $? "$impl osu_hello_line" "exit $st: $(head -c 300 "$o/hello.out") $(head -c 300 "$o/hello.err")"
# -p keeps "no effect" where the benchmark has no pairs (osu_bw)
run 2 osu_bw -p 1 -m 1:2 -i 10 > "$o/bwp.out" 2> "$o/bwp.err"; st=$?
[ $st -eq 0 ] && grep -qx "skampi: osu_bw option '-p' has no effect here (skampi's own choice is kept)" "$o/bwp.err"
say $? "$impl osu_bw_pairs_no_effect" "exit $st: $(head -c 300 "$o/bwp.err")"
finish
