#!/bin/sh
# tests/integration/peers_rma.sh IMPL SKAMPI -- the one-sided OSU and IMB names that
# meas_mpi_peer_rma.c measures (doc/manual.md "OSU and IMB names"), under a launcher
# with 3 processes: IMB-RMA's Bidir_get, Put_local, Get_local, One_get_all,
# Put_all_local, Get_all_local, All_put_all, All_get_all and Exchange_get print IMB's
# layout (the "MODE: NON-AGGREGATE" lines only where IMB runs both modes, #processes 2
# for the pairs and 3 for the others, t[usec] and
# Mbytes/sec for one origin, t_min/t_max/t_avg for all), the sizes 0, 1, 2, 4, every
# figure the .sko's (t = the time of the result line, Mbytes/sec = scale * bytes / t, within what t's two printed decimals allow);
# `skampi IMB-EXT` alone runs IMB-EXT's six benchmarks in IMB's layouts.
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
        [ "$(echo "$rows" | awk -v k=$scale '{ w = $3 > 0 ? k * $1 / $3 : 0; d = w - $4; e = $3 > 0 ? k * $1 * 0.005 / ($3 * ($3 - 0.005)) + 0.006 : 0.006 } d < e && d > -e' | wc -l)" -eq 4 ] ||
        { ok=1; echo "# $n: times or Mbytes/sec"; } ;;
  esac
done
[ "$(grep -c '^# Benchmarking' "$o/rma.out")" -eq 9 ] || ok=1
say $ok "$impl imb_rma_one_sided_layouts_and_values" "exit $st: $(head -c 900 "$o/rma.out") $(head -c 300 "$o/rma.err")"

# IMB-EXT alone: the program's list in its order (Window ... Accumulate), each table in
# IMB's layout, "MODE: NON-AGGREGATE" for all but Window, figures the .sko's
run IMB-EXT -msglog 1 -iter 3 > "$o/ext.out" 2> "$o/ext.err"; st=$?
ok=0; [ $st -eq 0 ] || ok=1
[ "$(awk '/^# Benchmarking/ { printf "%s ", $3 }' "$o/ext.out")" = "Window Unidir_Put Unidir_Get Bidir_Get Bidir_Put Accumulate " ] || ok=1
for n in Window Unidir_Put Unidir_Get Bidir_Get Bidir_Put Accumulate; do
  rows=$(block "$o/ext.out" "$n")
  case $n in   # Accumulate moves whole MPI_INTs, Window IMB's whole 4-byte elements: below 4 bytes the 0-byte line alone
    Accumulate|Window) [ "$(echo "$rows" | awk '{ printf "%s ", $1 }')" = "0 " ] || { ok=1; echo "# $n: sizes"; } ;;
    *) [ "$(echo "$rows" | awk '{ printf "%s ", $1 }')" = "0 1 2 " ] || { ok=1; echo "# $n: sizes"; } ;;
  esac
  case $n in Window) want=none ;; *) want=NON-AGGREGATE ;; esac
  [ "$(mode "$o/ext.out" "$n")" = "$want" ] || { ok=1; echo "# $n: mode line"; }
  case $n in
    Window|Accumulate) [ "$(echo "$rows" | awk '{ printf "%.2f ", $4 }')" = "$(sko_col "$o/IMB-EXT.sko" "$n" 4)" ] || { ok=1; echo "# $n: t_max"; } ;;
    *) [ "$(echo "$rows" | awk '{ printf "%.2f ", $3 }')" = "$(sko_col "$o/IMB-EXT.sko" "$n" 4)" ] || { ok=1; echo "# $n: t"; } ;;
  esac
done
! grep -q "measures none of" "$o/ext.err" || ok=1
say $ok "$impl imb_ext_program_list" "exit $st: $(head -c 900 "$o/ext.out") $(head -c 300 "$o/ext.err")"

# OSU's one-sided names with -w and -s (2 processes, as OSU): the header lines name the
# window creation and synchronisation, no warning calls them without effect, every
# latency is the .sko's time; the defaults (MPI_Win_allocate, MPI_Win_flush;
# osu_put_bibw: post/start/complete/wait); a synchronisation the benchmark lacks is an error
run2() { (cd "$o" && timeout 300 "$top/tools/mpirun.sh" "$impl" 2 "$skampi" "$@"); }
ok=0
for case in "osu_put_latency create lock MPI_Win_create MPI_Win_lock/unlock" \
            "osu_get_latency dynamic fence MPI_Win_create_dynamic MPI_Win_fence" \
            "osu_acc_latency allocate pscw MPI_Win_allocate MPI_Win_post/start/complete/wait" \
            "osu_fop_latency create lock_all MPI_Win_create MPI_Win_lock_all/unlock_all" \
            "osu_get_bw allocate flush_local MPI_Win_allocate MPI_Win_flush_local"; do
  set -- $case
  run2 "$1" -m 4:16 -i 3 -w "$2" -s "$3" -o "$1.sko" > "$o/$1.out" 2> "$o/$1.err" || { ok=1; echo "# $1: exit status"; }
  [ "$(sed -n 3p "$o/$1.out")" = "# Window creation: $4" ] && [ "$(sed -n 4p "$o/$1.out")" = "# Synchronization: $5" ] ||
    { ok=1; echo "# $1: header"; }
  ! grep -q "no effect" "$o/$1.err" || { ok=1; echo "# $1: -w/-s said to have no effect"; }
  case $1 in
    osu_fop_latency) want="1 " ;;   # one MPI_INT whatever -m says, printed as OSU's size 1
    *) want="4 8 16 " ;;
  esac
  [ "$(awk '/^[0-9]/ { printf "%s ", $1 }' "$o/$1.out")" = "$want" ] || { ok=1; echo "# $1: sizes"; }
  case $1 in
    osu_get_bw|osu_fop_latency) ;;
    *) [ "$(awk '/^[0-9]/ { printf "%.2f ", $2 }' "$o/$1.out")" = "$(sko_col "$o/$1.sko" "$1" 4)" ] || { ok=1; echo "# $1: latency"; } ;;
  esac
done
run2 osu_put_bibw -m 4:4 -i 3 > "$o/bibw.out" 2> "$o/bibw.err" || ok=1
[ "$(sed -n 3,4p "$o/bibw.out" | tr '\n' '|')" = "# Window creation: MPI_Win_allocate|# Synchronization: MPI_Win_post/start/complete/wait|" ] || ok=1
run2 osu_put_bibw -s flush > "$o/bad.out" 2> "$o/bad.err"; st=$?
[ $st -ne 0 ] && grep -q "skampi: osu_put_bibw -s 'flush': give pscw or fence" "$o/bad.err" || { ok=1; echo "# bibw -s flush: exit $st"; }
say $ok "$impl osu_one_sided_window_and_sync_options" "$(head -c 600 "$o/osu_put_latency.out") $(head -c 300 "$o/bad.err")"

# osu_get_mbw and osu_get_multi_lat (P/2 pairs; 2 processes: 1 pair), their headers as
# OSU 7.4's programs print them (MPICH, -m 1:8), verified, the figures the .sko's
# (osu_get_mbw: pairs x size / time; osu_get_multi_lat: the .sko's half round trip)
ok=0
run2 osu_get_mbw -m 1:8 -i 10 -c > "$o/mbw.out" 2> "$o/mbw.err" || ok=1
[ "$(sed -n 2,6p "$o/mbw.out" | tr '\n' '|')" = "# OSU MPI_Get Multiple Bandwidth Bandwidth Test v7.4|# Window creation: MPI_Win_allocate|# Synchronization: MPI_Win_flush|# Datatype: MPI_CHAR.|# Size        Bandwidth (MB/s)  skampi flags|" ] || { ok=1; echo "# mbw header"; }
[ "$(awk '/^[0-9]/ { printf "%s ", $1 }' "$o/mbw.out")" = "1 2 4 8 " ] && [ "$(grep -c verified "$o/mbw.out")" -eq 4 ] || { ok=1; echo "# mbw sizes"; }
# MB/s = size / t, t as the .sko prints it (3 decimals of us): within what that rounding and
# the one printed decimal allow (one run read 2.2 against 2.1 from t = 0.952 us)
awk '/^[0-9]/ { print "out", $2 }' "$o/mbw.out" > "$o/mbw.pairs"
awk '/^count= / { print "sko", $2, $4 }' "$o/osu_get_mbw.sko" >> "$o/mbw.pairs"
awk '$1 == "out" { got[++n] = $2 } $1 == "sko" { s[++m] = $2; t[m] = $3 }
     END { if (n != m || n == 0) exit 1
           for (i = 1; i <= n; i++) { want = s[i] / t[i]; if (got[i] - want > 0.05 + want * 0.0005 / t[i] + 1e-9 ||
                                                             want - got[i] > 0.05 + want * 0.0005 / t[i] + 1e-9) exit 1 } }' \
  "$o/mbw.pairs" || { ok=1; echo "# mbw MB/s"; }
run2 osu_get_multi_lat -m 1:8 -i 10 -c > "$o/ml.out" 2> "$o/ml.err" || ok=1
[ "$(sed -n 2,6p "$o/ml.out" | tr '\n' '|')" = "# OSU MPI_Get Multi Latency Test v7.4|# Pairs: 1|# Window: MPI_Win_allocate|# Synchronization: PSCW|# Size            Latency (us)  skampi flags|" ] || { ok=1; echo "# multi_lat header"; }
[ "$(awk '/^[0-9]/ { printf "%s ", $1 }' "$o/ml.out")" = "1 2 4 8 " ] && [ "$(grep -c verified "$o/ml.out")" -eq 4 ] || { ok=1; echo "# multi_lat sizes"; }
[ "$(awk '/^[0-9]/ { printf "%.2f ", $2 }' "$o/ml.out")" = "$(sko_col "$o/osu_get_multi_lat.sko" osu_get_multi_lat 4)" ] || { ok=1; echo "# multi_lat latency"; }
say $ok "$impl osu_get_mbw_and_multi_lat" "$(head -c 600 "$o/mbw.out") $(head -c 600 "$o/ml.out") $(head -c 300 "$o/ml.err")"

# osu_fop_latency and osu_cas_latency print OSU's one line of size 1
ok=0
for b in osu_fop_latency osu_cas_latency; do
  run2 $b -i 10 > "$o/$b.out" 2> "$o/$b.err" || ok=1
  [ "$(awk '/^[0-9]/ { printf "%s ", $1 }' "$o/$b.out")" = "1 " ] || { ok=1; echo "# $b size"; }
done
say $ok "$impl osu_atomics_size_1" "$(head -c 600 "$o/osu_cas_latency.out")"

# IMB-EXT Window at IMB's sizes (0 4 8 for -msglog 3) and its 100 repetitions;
# IMB-RMA Truly_passive_put in IMB's t_pure/t_ovrl layout (as the real IMB 2021 prints it)
ok=0
run2 IMB-EXT Window -msglog 3 > "$o/win.out" 2> "$o/win.err" || ok=1
[ "$(block "$o/win.out" Window | awk '{ printf "%s/%s ", $1, $2 }')" = "0/100 4/100 8/100 " ] || { ok=1; echo "# Window sizes"; }
run2 IMB-RMA Truly_passive_put -msglog 2 -iter 5 > "$o/tpp.out" 2> "$o/tpp.err" || ok=1
grep -qx "       #bytes #repetitions t_pure\[usec\] t_ovrl\[usec\]  skampi flags" "$o/tpp.out" &&
  grep -qx "#---------------------------------------------------" "$o/tpp.out" &&
  [ "$(procs "$o/tpp.out" Truly_passive_put)" = 2 ] &&
  [ "$(block "$o/tpp.out" Truly_passive_put | awk '{ printf "%s ", $1 }')" = "0 1 2 4 " ] &&
  [ "$(block "$o/tpp.out" Truly_passive_put | awk '{ printf "%.2f ", $3 }')" = "$(sko_col "$o/IMB-RMA-Truly_passive_put.sko" Truly_passive_put 4)" ] || { ok=1; echo "# Truly_passive_put"; }
say $ok "$impl imb_window_sizes_and_truly_passive_put_layout" "$(head -c 600 "$o/win.out") $(head -c 900 "$o/tpp.out")"
finish
