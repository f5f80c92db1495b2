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
# time of MPI_Init in OSU's line), osu_hello, and osu_latency_mp (Pingpong_forked: OSU's
# two "Number of forked processes" lines, its 10-wide latency column = half the .sko's
# round trip, -t S:R's children started and reaped on each rank by the pids the notes
# name, none of them left; -c verified; -t R none on the sender; a bad -t refused; a
# rank killed mid-run leaves no child behind).
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

# osu_latency_mp -t 3:2: OSU 7.4's lines and columns, t = half the round trip, the children
# of each size started and reaped by pid (the note under each result line), none left
run 2 osu_latency_mp -m 1:64 -t 3:2 -i 20 > "$o/mp.out" 2> "$o/mp.err"; st=$?
pids=$(grep '^# forked children: ' "$o/osu_latency_mp.sko" | grep -o '(pids [0-9 ]*)' | tr -d '(pids)' | tr '\n' ' ')
[ $st -eq 0 ] && [ "$(sed -n 1,6p "$o/mp.out")" = "# Number of forked processes in sender: 3
# Number of forked processes in receiver: 2

# OSU MPI Multi-process Latency Test v7.4
# Datatype: MPI_CHAR.
# Size         Avg Latency(us)  skampi flags" ] &&
  [ "$(rows "$o/mp.out" | awk '{ printf "%s ", $1 }')" = "1 2 4 8 16 32 64 " ] &&
  [ "$(rows "$o/mp.out" | awk 'length($0) >= 20 && substr($0, 1, 10) ~ /^[0-9]+ +$/ && substr($0, 11, 10) ~ /^ *[0-9]+\.[0-9][0-9]$/' | wc -l)" -eq 7 ] &&
  [ "$(rows "$o/mp.out" | awk '{ printf "%.2f ", $2 }')" = "$(sko_col "$o/osu_latency_mp.sko" osu_latency_mp 4 | awk '{ for (i = 1; i <= NF; i++) printf "%.2f ", $i / 2 }')" ] &&
  grep -q '^# input file: Pingpong_forked ' "$o/osu_latency_mp.sko" && ! grep -q 'no effect' "$o/mp.err"
say $? "$impl osu_latency_mp_layout_and_values" "exit $st: $(head -c 900 "$o/mp.out") $(head -c 300 "$o/mp.err")"
[ $st -eq 0 ] && [ "$(grep -c '^# forked children: rank 0 3 started (pids [0-9]* [0-9]* [0-9]*), 3 reaped; rank 1 2 started (pids [0-9]* [0-9]*), 2 reaped$' "$o/osu_latency_mp.sko")" -eq 7 ] &&
  [ "$(echo $pids | wc -w)" -eq 35 ] && [ "$(echo $pids | tr ' ' '\n' | sort -u | wc -l)" -eq 35 ] &&
  [ "$(ps -o pid=,args= -p "$(echo $pids | tr ' ' ',')" 2>/dev/null | grep -cF "$skampi")" -eq 0 ]
say $? "$impl osu_latency_mp_children_started_and_reaped" "exit $st: pids $pids; $(grep -m 2 'forked' "$o/osu_latency_mp.sko"); left: $(ps -o pid=,args= -p "$(echo $pids | tr ' ' ',')" 2>/dev/null | head -c 300)"
# -c: skampi's verification (the bytes, the children counted and reaped); -t R: none on rank 0
run 2 osu_latency_mp -m 1:8 -t 2 -c -o mpv.sko > "$o/mpv.out" 2> "$o/mpv.err"; st=$?
[ $st -eq 0 ] && [ "$(sed -n 1,2p "$o/mpv.out")" = "# Number of forked processes in sender: 0
# Number of forked processes in receiver: 2" ] &&
  [ "$(rows "$o/mpv.out" | awk '$3 ~ /verified/' | wc -l)" -eq 4 ] &&
  [ "$(grep -c '^# forked children: rank 0 0 started, 0 reaped; rank 1 2 started (pids [0-9]* [0-9]*), 2 reaped$' "$o/mpv.sko")" -eq 4 ]
say $? "$impl osu_latency_mp_verified_receiver_only" "exit $st: $(head -c 600 "$o/mpv.out") $(head -c 300 "$o/mpv.err") $(grep -m 1 forked "$o/mpv.sko")"
run 2 osu_latency_mp -t 2:0 -o mpbad.sko > "$o/mpbad.out" 2> "$o/mpbad.err"; st=$?
[ $st -ne 0 ] && grep -q "osu_latency_mp -t '2:0': give \[S:\]R" "$o/mpbad.err" && [ ! -f "$o/mpbad.sko" ]
say $? "$impl osu_latency_mp_bad_t_refused" "exit $st: $(head -c 300 "$o/mpbad.err")"
# a rank killed mid-run (SIGKILL: no finalize): the children of both ranks still end
# (each leaves when its parent is gone, or after 2 s); the victim is a parent of children
(cd "$o" && exec timeout 300 "$top/tools/mpirun.sh" "$impl" 2 "$skampi" osu_latency_mp -t 2:2 -m 1048576:4194304 -i 4000 -o mpkill.sko \
  > "$o/mpkill.out" 2> "$o/mpkill.err") & lpid=$!
mine() {   # "pid ppid" of this run's skampi processes (ranks and their children)
  ps -eo pid=,ppid=,args= | awk -v b="$skampi" -v a="$skampi osu_latency_mp -t 2:2 -m 1048576:4194304 -i 4000 -o mpkill.sko" '$3 == b && index($0, a) { print $1, $2 }'
}
n=0; before=0
while [ $n -lt 300 ]; do before=$(mine | wc -l); [ "$before" -ge 6 ] && break; sleep 0.1; n=$((n + 1)); done
victim=$(mine | awk '{ parent[$1] = $2 } END { for (p in parent) if (parent[p] in parent) { print parent[p]; exit } }')
[ -n "$victim" ] && kill -KILL "$victim" 2>/dev/null
wait $lpid 2>/dev/null
n=0; while [ $n -lt 60 ] && [ "$(mine | wc -l)" -gt 0 ]; do sleep 0.1; n=$((n + 1)); done
[ "$before" -ge 6 ] && [ -n "$victim" ] && [ "$(mine | wc -l)" -eq 0 ]
say $? "$impl osu_latency_mp_killed_rank_leaves_no_child" "before $before, killed $victim, left: $(mine | head -c 300)"
finish
