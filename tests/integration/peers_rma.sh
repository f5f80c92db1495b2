#!/bin/sh
# tests/integration/peers_rma.sh IMPL SKAMPI -- the one-sided OSU and IMB names that
# meas_mpi_peer_rma.c measures (doc/manual.md "OSU and IMB names"), under a launcher
# with 3 processes: IMB-RMA's Bidir_get, Put_local, Get_local, One_get_all,
# Put_all_local, Get_all_local, All_put_all, All_get_all and Exchange_get print IMB's
# layout (the "MODE: NON-AGGREGATE" lines only where IMB runs both modes, #processes 2
# for the pairs and 3 for the others, t[usec] and
# Mbytes/sec for one origin, t_min/t_max/t_avg for all), the sizes 0, 1, 2, 4, every
# figure the .sko's (t = the time of the result line, Mbytes/sec = scale * bytes / t).
set -u
. "$(dirname "$0")/../lib.sh"
impl=$1; skampi=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
o=$top/tests/out/peers-rma-$impl
rm -rf "$o"; mkdir -p "$o"
run() { (cd "$o" && timeout 300 "$top/tools/mpirun.sh" "$impl" 3 "$skampi" "$@"); }
# block FILE NAME: the data lines of the table of benchmark NAME
block() { awk -v n="# Benchmarking $2 " '$0 == n { on = 1; next } /^# Benchmarking/ { on = 0 } on && /^ +[0-9]/' "$1"; }
# sko_col SKO SUITE COL: column COL of the suite's result lines
sko_col() { awk -v s="# begin result \"$2\"" -v c="$3" '$0 == s { on = 1; next } /^# end result/ { on = 0 } on && /^count= / { printf "%.2f ", $c }' "$1"; }
# procs FILE NAME: the "#processes" of benchmark NAME's table
procs() { awk -v n="# Benchmarking $2 " '$0 == n { getline; print $4; exit }' "$1"; }
# mode FILE NAME: the MODE line of benchmark NAME's table, "none" without one
mode() { awk -v n="# Benchmarking $2 " '$0 == n { on = 1; m = "none"; next } on && /^# Benchmarking/ { exit } on && /MODE:/ { m = $3 } END { print m }' "$1"; }

names="Bidir_get Put_local Get_local One_get_all Put_all_local Get_all_local All_put_all All_get_all Exchange_get"
# shellcheck disable=SC2086
run IMB-RMA $names -msglog 2 -iter 5 > "$o/rma.out" 2> "$o/rma.err"; st=$?
ok=0; [ $st -eq 0 ] || ok=1
for n in $names; do
  case $n in
    Bidir_get) want_mode=NON-AGGREGATE; scale=2; np=2 ;;
    Put_local|Get_local) want_mode=NON-AGGREGATE; scale=1; np=2 ;;
    *) want_mode=none; scale=1; np=3 ;;
  esac
  [ "$(procs "$o/rma.out" "$n")" = "$np" ] || { ok=1; echo "# $n: #processes"; }
  rows=$(block "$o/rma.out" "$n")
  [ "$(echo "$rows" | awk '{ printf "%s ", $1 }')" = "0 1 2 4 " ] || { ok=1; echo "# $n: sizes"; }
  [ "$(mode "$o/rma.out" "$n")" = "$want_mode" ] || { ok=1; echo "# $n: mode line"; }
  case $n in
    All_*|Exchange_get)   # t_max is the result line's time (the slowest process)
      [ "$(echo "$rows" | awk '{ printf "%.2f ", $4 }')" = "$(sko_col "$o/IMB-RMA.sko" "$n" 4)" ] &&
        [ "$(echo "$rows" | awk '$3 <= $5 + 0.005 && $5 <= $4 + 0.005' | wc -l)" -eq 4 ] || { ok=1; echo "# $n: times"; } ;;
    *)
      [ "$(echo "$rows" | awk '{ printf "%.2f ", $3 }')" = "$(sko_col "$o/IMB-RMA.sko" "$n" 4)" ] &&
        [ "$(echo "$rows" | awk -v k=$scale '{ w = $3 > 0 ? k * $1 / $3 : 0; d = w - $4 } d < 0.006 && d > -0.006' | wc -l)" -eq 4 ] ||
        { ok=1; echo "# $n: times or Mbytes/sec"; } ;;
  esac
done
[ "$(grep -c '^# Benchmarking' "$o/rma.out")" -eq 9 ] || ok=1
say $ok "$impl imb_rma_one_sided_layouts_and_values" "exit $st: $(head -c 900 "$o/rma.out") $(head -c 300 "$o/rma.err")"
finish
