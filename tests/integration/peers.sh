#!/bin/sh
# tests/integration/peers.sh IMPL SKAMPI -- the OSU and IMB names (doc/manual.md "OSU and
# IMB names") under a launcher with 2 processes: the example command lines of the OSU
# micro-benchmarks' help (-m 128, -m 2:128, -i 1000 -x 100, -f, -z) and of the IMB User
# Guide (IMB-MPI1 PingPong -msglog, -iter, -npmin; IMB-NBC; IMB-RMA) run under skampi and
# print the tool's layout: the header lines and column headers checked verbatim, every
# data line's numbers parsed, the sizes the tool would print, and each figure against the
# .sko written beside it (OSU's latency = the round trip / 2, MB/s = bytes / time, IMB's
# t[usec] likewise, -i N: N repetitions); a script reading osu_latency's table (awk on
# the lines that begin with a digit) reads skampi's unchanged. OSU's first table line is
# 1 byte, as OSU 7.4 prints no 0-byte line (by default, -m N, -m 0:N), and the options
# without effect are named together in one warning line.
set -u
. "$(dirname "$0")/../lib.sh"
impl=$1; skampi=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
o=$top/tests/out/peers-$impl
rm -rf "$o"; mkdir -p "$o"
run() { (cd "$o" && timeout 300 "$top/tools/mpirun.sh" "$impl" 2 "$skampi" "$@"); }
# rows FILE: the data lines (they begin with a digit or blanks and a digit)
rows() { awk '/^ *[0-9]/' "$1"; }
# sko_col SKO SUITE COL: column COL of the suite's result lines
sko_col() { awk -v s="# begin result \"$2\"" -v c="$3" '$0 == s { on = 1; next } /^# end result/ { on = 0 } on && /^count= / { printf "%s ", $c }' "$1"; }

# osu_latency -m 2:128 (the help's example): the header, the columns, sizes 2 ... 128,
# latency = the .sko's round trip / 2 (two decimals)
run osu_latency -m 2:128 > "$o/lat.out" 2> "$o/lat.err"; st=$?
[ $st -eq 0 ] && [ "$(sed -n 2p "$o/lat.out")" = "# OSU MPI Latency Test v7.4" ] &&
  [ "$(sed -n 3p "$o/lat.out")" = "# Datatype: MPI_CHAR." ] &&
  [ "$(sed -n 4p "$o/lat.out")" = "# Size         Avg Latency(us)  skampi flags" ] &&
  [ "$(rows "$o/lat.out" | awk '{ printf "%s ", $1 }')" = "2 4 8 16 32 64 128 " ] &&
  [ "$(awk '/^[0-9]/ { print $1, $2 }' "$o/lat.out" | awk '$1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+\.[0-9][0-9]$/' | wc -l)" -eq 7 ] &&
  [ "$(rows "$o/lat.out" | awk '{ printf "%.2f ", $2 }')" = "$(sko_col "$o/osu_latency.sko" osu_latency 4 | awk '{ for (i = 1; i <= NF; i++) printf "%.2f ", $i / 2 }')" ]
say $? "$impl osu_latency_layout_and_values" "exit $st: $(head -c 600 "$o/lat.out") $(head -c 300 "$o/lat.err")"

# osu_latency -m 128 -i 1000 -x 100 -f -z: from 1 byte (as OSU 7.4), 1000 repetitions, min/max/tail columns
run osu_latency -m 128 -i 1000 -x 100 -f -z > "$o/latf.out" 2> "$o/latf.err"; st=$?
[ $st -eq 0 ] &&
  [ "$(sed -n 4p "$o/latf.out")" = "# Size         Avg Latency(us)     Min Latency(us)     Max Latency(us)  Iterations    P50 Tail Lat(us)    P90 Tail Lat(us)    P99 Tail Lat(us)  skampi flags" ] &&
  [ "$(rows "$o/latf.out" | awk '{ printf "%s ", $1 }')" = "1 2 4 8 16 32 64 128 " ] &&
  [ "$(rows "$o/latf.out" | awk '$5 == 1000 && $3 <= $2 + 0.005 && $2 <= $4 + 0.005 && $6 <= $7 + 0.005 && $7 <= $8 + 0.005' | wc -l)" -eq 8 ] &&
  grep -q "osu_latency option '-x' has no effect here" "$o/latf.err"
say $? "$impl osu_latency_fixed_iterations_full_tail" "exit $st: $(head -c 900 "$o/latf.out") $(head -c 300 "$o/latf.err")"

# OSU 7.4 prints no 0-byte line (osu_latency.c skips a size of no element, the others
# start at 1, -m's MIN 0 keeps that default): the first table line is 1 byte in OSU's
# "%-10d%20.2f" for osu_latency by default (1 ... 4 MiB), with -m 8 and with -m 0:8, and
# for osu_bw -m 4
first_line_ok() {   # FILE SIZES: the sizes of the rows, the first line in OSU's layout
  f=$(rows "$1" | head -n 1)
  [ "$(rows "$1" | awk '{ printf "%s ", $1 }')" = "$2" ] &&
    [ "$(echo "$f" | cut -c1-30)" = "$(printf '%-10d%20.2f' 1 "$(echo "$f" | awk '{ print $2 }')")" ]
}
for args in "osu_latency -i 10" "osu_latency -m 8 -i 10" "osu_latency -m 0:8 -i 10" "osu_bw -m 4 -i 10"; do
  # shellcheck disable=SC2086
  run $args > "$o/first.out" 2> "$o/first.err"; st=$?
  case $args in
    *"-m 4 "*) want="1 2 4 " ;;
    *"-m "*) want="1 2 4 8 " ;;
    *) want="$(awk 'BEGIN { for (s = 1; s <= 4194304; s *= 2) printf "%d ", s }')" ;;
  esac
  [ $st -eq 0 ] && first_line_ok "$o/first.out" "$want"
  say $? "$impl osu_first_line_$(echo "$args" | sed 's/[^a-z0-9]/_/g')" "exit $st: $(head -c 600 "$o/first.out") $(head -c 300 "$o/first.err")"
done

# several options without effect: every one named, once, in one warning line
run osu_latency -x 5 -M 100 -x 5 -m 4 -i 10 > "$o/put.out" 2> "$o/put.err"; st=$?
[ $st -eq 0 ] && [ "$(grep -c 'no effect' "$o/put.err")" -eq 1 ] &&
  grep -qx "skampi: osu_latency options '-x', '-M' have no effect here (skampi's own choice is kept)" "$o/put.err" &&
  [ "$(rows "$o/put.out" | awk '{ printf "%s ", $1 }')" = "1 2 4 " ]
say $? "$impl osu_options_without_effect_all_named" "exit $st: $(head -c 300 "$o/put.err")"

# osu_bw -m 1:1024 and osu_mbw_mr: MB/s = bytes / the .sko's time per message
run osu_bw -m 1:1024 > "$o/bw.out" 2> "$o/bw.err"; st=$?
[ $st -eq 0 ] && [ "$(sed -n 2p "$o/bw.out")" = "# OSU MPI Bandwidth Test v7.4" ] &&
  [ "$(sed -n 4p "$o/bw.out")" = "# Size        Bandwidth (MB/s)  skampi flags" ] &&
  [ "$(rows "$o/bw.out" | awk '{ printf "%.2f ", $2 }')" = "$(awk '/^count= / { printf "%.2f ", $3 / $4 }' "$o/osu_bw.sko")" ] &&
  [ "$(rows "$o/bw.out" | wc -l)" -eq 11 ]
say $? "$impl osu_bw_layout_and_values" "exit $st: $(head -c 600 "$o/bw.out") $(head -c 300 "$o/bw.err")"
run osu_mbw_mr -m 1:8 > "$o/mbw.out" 2> "$o/mbw.err"; st=$?
[ $st -eq 0 ] && [ "$(sed -n 2p "$o/mbw.out")" = "# OSU MPI Multiple Bandwidth / Message Rate Test v7.4" ] &&
  [ "$(sed -n 3p "$o/mbw.out")" = "# [ pairs: 1 ] [ window size: 64 ]" ] &&
  [ "$(sed -n 5p "$o/mbw.out")" = "# Size                    MB/s          Messages/s  skampi flags" ] &&
  [ "$(rows "$o/mbw.out" | awk '$2 > 0 && $3 > 0 && ($2 / $1 * 1e6 - $3) ^ 2 < ($3 * 0.01 + 1e4) ^ 2' | wc -l)" -eq 4 ]
say $? "$impl osu_mbw_mr_layout" "exit $st: $(head -c 600 "$o/mbw.out") $(head -c 300 "$o/mbw.err")"

# osu_allreduce -f -z and osu_barrier: the collective layouts; the reduction's sizes are bytes of MPI_INT
run osu_allreduce -f -z -m 4:64 > "$o/ar.out" 2> "$o/ar.err"; st=$?
[ $st -eq 0 ] && [ "$(sed -n 2p "$o/ar.out")" = "# OSU MPI Allreduce Latency Test v7.4" ] &&
  [ "$(rows "$o/ar.out" | awk '{ printf "%s ", $1 }')" = "4 8 16 32 64 " ] &&
  [ "$(rows "$o/ar.out" | awk '{ printf "%.2f ", $2 }')" = "$(awk '/^count= / { printf "%.2f ", $4 }' "$o/osu_allreduce.sko")" ]
say $? "$impl osu_allreduce_full_tail" "exit $st: $(head -c 600 "$o/ar.out") $(head -c 300 "$o/ar.err")"
run osu_barrier > "$o/bar.out" 2> "$o/bar.err"; st=$?
[ $st -eq 0 ] && [ "$(sed -n 3p "$o/bar.out")" = "# Avg Latency(us)  skampi flags" ] && [ "$(rows "$o/bar.out" | wc -l)" -eq 1 ] &&
  rows "$o/bar.out" | awk '$1 ~ /^[0-9]+\.[0-9][0-9]$/ { ok = 1 } END { exit !ok }'
say $? "$impl osu_barrier_layout" "exit $st: $(head -c 600 "$o/bar.out") $(head -c 300 "$o/bar.err")"

# IMB-MPI1 PingPong Barrier -msglog 0:4 -npmin 2 -iter 100 (the User Guide's options)
run IMB-MPI1 PingPong Barrier -msglog 0:4 -npmin 2 -iter 100 > "$o/imb.out" 2> "$o/imb.err"; st=$?
[ $st -eq 0 ] && grep -qx '# Benchmarking PingPong ' "$o/imb.out" && grep -qx '# #processes = 2 ' "$o/imb.out" &&
  grep -qx '       #bytes #repetitions      t\[usec\]   Mbytes/sec  skampi flags' "$o/imb.out" &&
  grep -qx ' #repetitions  t_min\[usec\]  t_max\[usec\]  t_avg\[usec\]  skampi flags' "$o/imb.out" &&
  grep -qx '#---------------------------------------------------' "$o/imb.out" &&
  [ "$(awk '/Benchmarking PingPong/ { on = 1 } /Benchmarking Barrier/ { on = 0 } on && /^ +[0-9]/ { printf "%s/%s ", $1, $2 }' "$o/imb.out")" = "0/100 1/100 2/100 4/100 8/100 16/100 " ] &&
  [ "$(awk '/Benchmarking PingPong/ { on = 1 } /Benchmarking Barrier/ { on = 0 } on && /^ +[0-9]/ { printf "%.2f ", $3 }' "$o/imb.out")" = "$(sko_col "$o/IMB-MPI1.sko" PingPong 4 | awk '{ for (i = 1; i <= NF; i++) printf "%.2f ", $i / 2 }')" ]
say $? "$impl imb_pingpong_barrier_layout_and_values" "exit $st: $(head -c 900 "$o/imb.out") $(head -c 300 "$o/imb.err")"

# IMB-NBC Iallreduce and IMB-RMA Unidir_put: the overlap and RMA layouts, numbers in every column
run IMB-NBC Iallreduce -msglog 2:3 > "$o/nbc.out" 2> "$o/nbc.err"; st=$?
[ $st -eq 0 ] && grep -qx '       #bytes #repetitions t_ovrl\[usec\] t_pure\[usec\]  t_CPU\[usec\]   overlap\[%\]  skampi flags' "$o/nbc.out" &&
  [ "$(rows "$o/nbc.out" | awk '{ printf "%s ", $1 }')" = "0 4 8 " ]
say $? "$impl imb_nbc_layout" "exit $st: $(head -c 900 "$o/nbc.out") $(head -c 300 "$o/nbc.err")"
run IMB-RMA Unidir_put -msglog 3 > "$o/rma.out" 2> "$o/rma.err"; st=$?
[ $st -eq 0 ] && grep -qx '#    MODE: NON-AGGREGATE ' "$o/rma.out" && [ "$(rows "$o/rma.out" | awk '{ printf "%s ", $1 }')" = "0 1 2 4 8 " ] &&
  [ "$(rows "$o/rma.out" | awk '$3 ~ /^[0-9]+\.[0-9][0-9]$/ && $4 ~ /^[0-9]+\.[0-9][0-9]$/' | wc -l)" -eq 5 ]
say $? "$impl imb_rma_layout" "exit $st: $(head -c 900 "$o/rma.out") $(head -c 300 "$o/rma.err")"

# osu_latency -m 1048576: (OSU's "MIN:" keeps the default MAX, 4 MiB): 1, 2 and 4 MiB
run osu_latency -m 1048576: -i 3 > "$o/mmin.out" 2> "$o/mmin.err"; st=$?
[ $st -eq 0 ] && [ "$(rows "$o/mmin.out" | awk '{ printf "%s ", $1 }')" = "1048576 2097152 4194304 " ]
say $? "$impl osu_min_colon_default_max" "exit $st: $(head -c 600 "$o/mmin.out") $(head -c 300 "$o/mmin.err")"

# the tool's own -h (its options, honoured and not), OSU's -v, IMB's -list (the program's
# benchmarks, IMB's non-default ones marked): exit 0, one copy, nothing measured
run osu_latency -h > "$o/h.out" 2> "$o/h.err"; st=$?
[ $st -eq 0 ] && [ "$(grep -c '^Usage: skampi osu_latency \[options\]$' "$o/h.out")" = 1 ] &&
  sed -n '/^Options honoured:/,/^Options accepted/p' "$o/h.out" | grep -q ' -m ARG ' &&
  sed -n '/^Options accepted/,$p' "$o/h.out" | grep -q ' -x ARG ' && [ ! -e "$o/osu_latency.sko.lock" ]
say $? "$impl osu_tool_help" "exit $st: $(head -c 600 "$o/h.out") $(head -c 300 "$o/h.err")"
run osu_bw -v > "$o/v.out" 2> "$o/v.err"; st=$?
[ $st -eq 0 ] && [ "$(grep -c '^# osu_bw: skampi ' "$o/v.out")" = 1 ]
say $? "$impl osu_version" "exit $st: $(head -c 300 "$o/v.out") $(head -c 300 "$o/v.err")"
run IMB-MPI1 -list > "$o/list.out" 2> "$o/list.err"; st=$?
[ $st -eq 0 ] && grep -qx '    PingPong' "$o/list.out" && grep -qx '    Uniband (non-default)' "$o/list.out" &&
  grep -qx '    Allreduce' "$o/list.out"
say $? "$impl imb_list" "exit $st: $(head -c 600 "$o/list.out") $(head -c 300 "$o/list.err")"

# IMB's -input FILE (a name a line, '#' lines skipped), -include (added) and -exclude
# (taken out): PingPong and Barrier from the file, Uniband included, Barrier excluded
printf 'PingPong\n# a comment\nBarrier\n' > "$o/names.txt"
run IMB-MPI1 -input names.txt -include Uniband -exclude Barrier -msglog 0:1 -iter 5 > "$o/sel.out" 2> "$o/sel.err"; st=$?
[ $st -eq 0 ] && [ "$(grep '^# Benchmarking ' "$o/sel.out" | awk '{ printf "%s ", $3 }')" = "PingPong Uniband " ]
say $? "$impl imb_input_include_exclude" "exit $st: $(grep Benchmarking "$o/sel.out" | tr '\n' ' ') $(head -c 300 "$o/sel.err")"
run IMB-MPI1 -exclude PingPang > "$o/exc.out" 2> "$o/exc.err"; st=$?
[ $st -eq 2 ] && grep -q "IMB-MPI1 -exclude 'PingPang': no benchmark of IMB-MPI1 that skampi measures; closest: PingPong" "$o/exc.err"
say $? "$impl imb_exclude_unknown_named" "exit $st: $(head -c 300 "$o/exc.err")"

# skampi's own -m, -x, -i keep their meaning without an OSU or IMB name: -i reads the input
printf 'begin measurement "b"\n  measure MPI_COMM_WORLD : Barrier()\nend measurement\n' > "$o/b.ski"
run -i b.ski -o b.sko > "$o/own.out" 2> "$o/own.err"; st=$?
[ $st -eq 0 ] && grep -q '^# begin result "b"' "$o/b.sko"
say $? "$impl own_options_unchanged" "exit $st: $(head -c 300 "$o/own.err")"

# OSU 7.4's non-blocking reductions and osu_ibarrier as the real programs print them
# (MPICH, osu_iallreduce -m 8, osu_ibarrier): the reductions of one-byte elements from size 1
# under "# Datatype: MPI_CHAR.", osu_ibarrier's "# Overall(us)" header and 13-wide figure
for b in osu_iallreduce osu_ireduce osu_ireduce_scatter osu_ireduce_scatter_block osu_reduce; do
  run $b -m 8 -i 5 -c > "$o/$b.out" 2> "$o/$b.err"; st=$?
  [ $st -eq 0 ] && grep -qx "# Datatype: MPI_CHAR." "$o/$b.out" &&
    [ "$(rows "$o/$b.out" | awk '{ printf "%s ", $1 }')" = "1 2 4 8 " ] &&
    [ "$(rows "$o/$b.out" | grep -c verified)" -eq 4 ]
  say $? "$impl ${b}_one_byte_sizes" "exit $st: $(head -c 600 "$o/$b.out") $(head -c 300 "$o/$b.err")"
done
grep -qx "# Size             Overall(us)         Compute(us)      Pure Comm.(us)          Overlap(%)  skampi flags" \
  "$o/osu_iallreduce.out"
say $? "$impl osu_iallreduce_header" "$(head -c 600 "$o/osu_iallreduce.out")"
run osu_ibarrier -i 5 > "$o/ib.out" 2> "$o/ib.err"; st=$?
[ $st -eq 0 ] && grep -qx "# Overall(us)         Compute(us)      Pure Comm.(us)          Overlap(%)  skampi flags" "$o/ib.out" &&
  [ "$(awk '/^ +[0-9]/ { print index($0, ".") }' "$o/ib.out")" = 11 ] &&
  awk '/^ +[0-9]/ { exit !(substr($0, 1, 13) ~ /^ +[0-9]+\.[0-9][0-9]$/) }' "$o/ib.out"
say $? "$impl osu_ibarrier_header_and_width" "exit $st: $(head -c 600 "$o/ib.out") $(head -c 300 "$o/ib.err")"
finish
