#!/bin/sh
# tests/integration/peers_readme.sh IMPL SKAMPI -- the example command lines of the OSU
# micro-benchmarks 7.4 README and of the Intel MPI Benchmarks 2021 documentation (its
# README.md and ReadMe_IMB.txt, the User Guide's "Command-line Control" examples they point
# to, the -help text's option examples) run under skampi as `skampi TOOL OPTIONS` and print
# the tool's layout. The lines below are the published ones, verbatim but for the
# launcher (mpirun_rsh, -hostfile, MV2_* dropped; the test's own launcher with 2 processes,
# 4 where the example asks for more than 2). Left out: GPU runs (D D, -d cuda), OpenSHMEM,
# UPC, UPC++ and XCCL programs. Sizes kept small only by appending OSU's `-m 1:64` or IMB's
# `-msglog 0:6` where the example gives none (said as "+" in the check's name). An
# example that is an option alone (OSU's per-section option examples, IMB's -help
# examples) runs with the program its section names, else osu_latency / IMB-MPI1 PingPong.
# Each: exit status 0; -h/-help: the tool's help ("Usage: skampi TOOL"); OSU: the header
# "# <title> v7.4" and the column line in OSU's "%-10s%20s" ("# Size" and its first
# column); IMB: "# Benchmarking NAME " with "# #processes = N " and IMB's column line per
# table; the sizes of every table (OSU: MIN ... MAX doubling, from 1, or 4 for
# osu_acc_latency's MPI_INT; the reductions are OSU 7.4's MPI_CHAR; IMB: 0 then 2^A ...
# 2^B, from 4 for reductions, accumulates and IMB-EXT's Window; not checked: the sizes of
# Fetch_and_op, Compare_and_swap (one element) and Get_accumulate); the .sko written.
set -u
. "$(dirname "$0")/../lib.sh"
impl=$1; skampi=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
o=$top/tests/out/peers_readme-$impl
rm -rf "$o"; mkdir -p "$o"

# np | where the line is published | the line, launcher removed
cat > "$o/lines" <<'EOF'
2|OSU README "ROCm, CUDA and OpenACC Extensions to OMB"|osu_latency -h
2|OSU README "Startup Benchmarks" (osu_hello)|osu_hello
2|OSU README "Collective Latency Tests" (-m)|osu_bcast -m 128
2|OSU README "Collective Latency Tests" (-m)|osu_bcast -m 2:128
2|OSU README "Collective Latency Tests" (-m)|osu_bcast -m 2:
4|OSU README "Collective Latency Tests" (-f, -x, -i, -M)|osu_bcast -f -x 10 -i 100 -M 512
2|OSU README "osu_latency_mt" (-t)|osu_latency_mt -t 4
2|OSU README "osu_latency_mt" (-t)|osu_latency_mt -t 4:6
2|OSU README "osu_latency_mp" (-t)|osu_latency_mp -t 4
2|OSU README "osu_latency_mp" (-t)|osu_latency_mp -t 4:6
2|OSU README "Non-Blocking Collective Latency Tests" (-t CALLS)|osu_iallreduce -t 100
2|OSU README "Non-Blocking Collective Latency Tests" (-t CALLS)|osu_ialltoall -t 1000
2|OSU README "osu_put_latency" (-w, -s)|osu_put_latency -w create -s lock
2|OSU README "osu_put_latency" (-w, -s)|osu_put_latency -w dynamic -s lock_all
2|OSU README "osu_get_latency" (-w, -s)|osu_get_latency -w allocate -s flush_local
2|OSU README "osu_put_bw" (-w, -s)|osu_put_bw -s pscw
2|OSU README "osu_get_bw" (-w, -s)|osu_get_bw -s fence
2|OSU README "osu_put_bibw" (-w, -s)|osu_put_bibw -w create -s fence
2|OSU README "osu_acc_latency" (-w, -s)|osu_acc_latency -s flush
2|OSU README "Support for Derived Data Types" (-D)|osu_latency -D vect:8:4
2|OSU README "Support for Derived Data Types" (-D)|osu_latency -D cont
2|OSU README "Support for Graphs" (-G)|osu_bw -G tty
2|OSU README "Support for PAPI" (-P)|osu_latency -PPAPI_L1_DCM,PAPI_VEC_DP,PAPI_VEC_SP:papi_output.out
2|OSU README "Neighbor Collective Latency Tests" (-N)|osu_neighbor_allgather -N cart:1:1
2|OSU README "Support for multiple MPI types" (-T)|osu_allreduce -T mpi_int
2|OSU README "Support for MPI Session" (-I)|osu_allreduce -I
2|OSU README "Support for MPI_IN_PLACE" (-l)|osu_allreduce -l
2|OSU README "Option to set root rank" (-r)|osu_bcast -r rotate
2|OSU README "Option to set root rank" (-r)|osu_bcast -r fixed:1
2|OSU README "Option to print tail latencies/bandwidth" (-z)|osu_latency -z
2|OSU README "Support for Data Validation"|osu_allreduce -c
2|IMB README.md / ReadMe_IMB.txt "Command-Line Control"|IMB-MPI1 -help
2|IMB README.md "Building Instructions for Linux* OS" (mpirun -n P IMB-<component>)|IMB-MPI1
2|IMB README.md "Building Instructions for Linux* OS" (mpirun -n P IMB-<component>)|IMB-NBC
2|IMB README.md "Building Instructions for Linux* OS" (mpirun -n P IMB-<component>)|IMB-RMA
2|IMB README.md "Building Instructions for Linux* OS" (mpirun -n P IMB-<component>)|IMB-EXT
2|IMB User Guide "Command-line Control" (out-of-cache PingPong)|IMB-MPI1 pingpong -off_cache -1
4|IMB User Guide "Command-line Control" (a very large configuration, -np 512)|IMB-MPI1 -npmin 512 alltoallv -iter 20 -time 1.5 -mem 2
4|IMB User Guide "Command-line Control" (-np 10)|IMB-MPI1 PingPing Reduce
4|IMB User Guide "Command-line Control" (-np 11)|IMB-EXT -npmin 5
4|IMB User Guide "Command-line Control" (-np 14)|IMB-IO P_Read_shared -npmin 7
4|IMB User Guide "Command-line Control" (-np 14)|IMB-MPI1 -multi 0 PingPong Barrier -map 2x7
4|IMB User Guide "Command-line Control" (-np 16)|IMB-MPI1 -msglog 2:7 -include PingPongSpecificsource PingPingSpecificsource -exclude Alltoall Alltoallv
2|IMB User Guide "Command-line Control", "Benchmark Selection Arguments"|IMB-MPI1 PingPong Allreduce
2|IMB-MPI1 -help, -off_cache examples|IMB-MPI1 PingPong -off_cache 2.5
2|IMB-MPI1 -help, -off_cache examples|IMB-MPI1 PingPong -off_cache 16,128
2|IMB-MPI1 -help, -iter examples|IMB-MPI1 PingPong -iter 2000
2|IMB-MPI1 -help, -iter examples|IMB-MPI1 PingPong -iter 1000,100
2|IMB-MPI1 -help, -iter examples|IMB-MPI1 PingPong -iter 1000,40,150
2|IMB-MPI1 -help, -iter_policy, -time, -mem examples|IMB-MPI1 PingPong -iter_policy auto -time 0.150 -mem 0.2
2|IMB-MPI1 -help, -data_type, -red_data_type, -contig_type examples|IMB-MPI1 Allreduce -data_type char -red_data_type int -contig_type resize
2|IMB README.md "Changes in ..." (-window_size, -zero_size)|IMB-MPI1 Uniband -window_size 64 -zero_size off
EOF

rows() { awk '/^ *[0-9]/' "$1"; }
# osu_title NAME: the header OSU 7.4 prints (its benchmark_name strings), the first column title
osu_cols() {
  case $1 in
    osu_bw|osu_bibw) echo "Bandwidth (MB/s)" ;;
    osu_put_bw|osu_get_bw|osu_put_bibw) echo "Bandwidth (MB/s)" ;;
    osu_put_latency|osu_get_latency|osu_acc_latency) echo "Latency (us)" ;;
    osu_i*) echo "Overall(us)" ;;
    *) echo "Avg Latency(us)" ;;
  esac
}
osu_title() {
  case $1 in
    osu_latency) echo "OSU MPI Latency Test" ;;
    osu_latency_mt) echo "OSU MPI Multi-threaded Latency Test" ;;
    osu_latency_mp) echo "OSU MPI Multi-process Latency Test" ;;
    osu_bw) echo "OSU MPI Bandwidth Test" ;;
    osu_bcast) echo "OSU MPI Broadcast Latency Test" ;;
    osu_allreduce) echo "OSU MPI Allreduce Latency Test" ;;
    osu_iallreduce) echo "OSU MPI Non-blocking Allreduce Latency Test" ;;
    osu_ialltoall) echo "OSU MPI Non-blocking All-to-All Latency Test" ;;
    osu_neighbor_allgather) echo "OSU MPI Neighborhood Allgather Latency Test" ;;
    osu_put_latency) echo "OSU MPI_Put Latency Test" ;;
    osu_get_latency) echo "OSU MPI_Get latency Test" ;;
    osu_put_bw) echo "OSU MPI_Put Bandwidth Test" ;;
    osu_get_bw) echo "OSU MPI_Get Bandwidth Test" ;;
    osu_put_bibw) echo "OSU MPI_Put Bi-directional Bandwidth Test" ;;
    osu_acc_latency) echo "OSU MPI_Accumulate latency Test" ;;
    osu_hello) echo "OSU MPI Hello World Test" ;;
  esac
}
# doubling FIRST LAST: the sizes FIRST, 2 FIRST, ..., LAST
doubling() { awk -v a="$1" -v b="$2" 'BEGIN { for (s = a; s <= b; s *= 2) printf "%d ", s }'; }

n=0
while IFS='|' read -r np where line; do
  n=$((n + 1))
  # shellcheck disable=SC2086
  set -- $line
  tool=$1; extra=""
  case $line in
    *" -h"|*" -help") ;;
    osu_hello*) ;;
    osu_*" -m "*) ;;
    osu_*) extra="-m 1:64" ;;
    IMB-*"-msglog "*) ;;
    IMB-*) extra="-msglog 0:6" ;;
  esac
  name=$(printf '%02d_%s' "$n" "$(echo "$line $extra" | sed 's/[^A-Za-z0-9]/_/g' | cut -c 1-60)")
  # shellcheck disable=SC2086
  (cd "$o" && timeout 120 "$top/tools/mpirun.sh" "$impl" "$np" "$skampi" $line $extra -o "$n.sko" < /dev/null) > "$o/$n.out" 2> "$o/$n.err"; st=$?
  why="exit $st; $where: $line${extra:+ +$extra}: $(head -c 700 "$o/$n.out") $(grep -v '^#>' "$o/$n.err" | head -c 300)"
  case $line in
    *" -h"|*" -help")
      [ $st -eq 0 ] && [ "$(grep -c "^Usage: skampi $tool " "$o/$n.out")" = 1 ] && grep -q '^Options honoured:' "$o/$n.out" &&
        [ ! -e "$o/$n.sko" ]
      say $? "$impl readme_$name" "$why"; continue ;;
    osu_hello*)
      [ $st -eq 0 ] && grep -qx "# $(osu_title osu_hello) v7.4" "$o/$n.out" && grep -qx "This is a test with $np processes" "$o/$n.out"
      say $? "$impl readme_$name" "$why"; continue ;;
  esac
  if [ "$tool" != "${tool#osu_}" ]; then
    spec=$(echo "$line $extra" | sed -n 's/.* -m \([^ ]*\).*/\1/p')
    case $spec in *:*) lo=${spec%%:*}; hi=${spec#*:} ;; *) lo=1; hi=$spec ;; esac
    [ -n "$lo" ] || lo=1
    [ -n "$hi" ] || hi=1048576        # OSU's collectives: up to 1 MiB by default
    case $tool in osu_acc_latency) [ "$lo" -ge 4 ] || lo=4 ;; esac   # whole MPI_INTs (the reductions: MPI_CHAR, as OSU 7.4)
    [ "$lo" -ge 1 ] || lo=1
    cols=$(printf '%-10s%20s' "# Size" "$(osu_cols "$tool")")
    [ $st -eq 0 ] && grep -qx "# $(osu_title "$tool") v7.4" "$o/$n.out" &&
      [ "$(grep -cF "$cols" "$o/$n.out")" = 1 ] &&
      [ "$(rows "$o/$n.out" | awk '{ printf "%s ", $1 }')" = "$(doubling "$lo" "$hi")" ] &&
      grep -q '^# begin result' "$o/$n.sko"
  else
    lo=0; hi=$(echo "$line $extra" | sed -n 's/.* -msglog \([^ ]*\).*/\1/p')
    case $hi in *:*) lo=${hi%%:*}; hi=${hi#*:} ;; esac
    zero=1; case $line in *"-zero_size off"*) zero=0 ;; esac
    # every table: its sizes 0 (unless -zero_size off), 2^lo (4 at least for the reductions and Window) ... 2^hi
    [ $st -eq 0 ] && [ "$(grep -c '^# Benchmarking ' "$o/$n.out")" -ge 1 ] &&
      [ "$(grep -c '^# Benchmarking ' "$o/$n.out")" = "$(grep -c '^# #processes = [0-9]* $' "$o/$n.out")" ] &&
      [ "$(grep -c '^# Benchmarking ' "$o/$n.out")" = "$(grep -cE '^( +#bytes #repetitions| #repetitions) ' "$o/$n.out")" ] &&
      awk -v lo="$lo" -v hi="$hi" -v zero="$zero" '
        function done() { if (!on || sync) return; w = (zero ? "0 " : ""); for (s = 2 ^ lo; s <= 2 ^ hi; s *= 2) if (!(red && s < 4)) w = w s " "
                          if (got != w) { print "table " name ": " got "!= " w; bad = 1 } }
        /^# Benchmarking / { done(); on = 1; name = $3; got = ""; sync = 0; red = (name ~ /[Rr]educe|[Aa]ccumulate|^Window$/) }
        /^ #repetitions / || name ~ /^(Fetch_and_op|Compare_and_swap|Get_accumulate)$/ { sync = 1 }
        on && /^ +[0-9]/ && !sync { got = got $1 " " }
        END { done(); exit bad }' "$o/$n.out" > "$o/$n.sizes" &&
      grep -q '^# begin result' "$o/$n.sko"
  fi
  say $? "$impl readme_$name" "$why $(cat "$o/$n.sizes" 2>/dev/null)"
done < "$o/lines"
note "$n README lines run"
finish
