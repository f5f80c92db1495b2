#!/bin/sh
# tools/bench/rma_side_by_side.sh [openmpi|mpich] [NP] -- skampi beside IMB-RMA (Intel MPI
# Benchmarks 2021) for the one-sided benchmarks of meas_mpi_peer_rma.c, in one go, on one
# MPI, NP processes (default 3, so that the one-to-all and all-to-all ones have more
# than one target): IMB-RMA runs the benchmarks (sizes 0 .. 1 KiB, -iter 200), then
# `skampi IMB-RMA` the same names and sizes (skampi's stopping rule), then IMB again, so
# that the two IMB runs bracket skampi's and their spread shows IMB's own noise. Both
# print IMB's table; the figure compared is IMB's t[usec] (the non-aggregate table where
# IMB prints two) or t_max[usec] for the benchmarks of all processes. Writes per
# benchmark and size both IMB figures, skampi's and the ratio skampi / IMB (against the
# mean of the two IMB runs), and per benchmark the median ratio, to
# tools/bench/results/rma-<mpi>-np<NP>.txt. Claims about speed live here, not in tests.
# IMB is not part of skampi: build IMB-RMA once with tools/bench/imb_build.sh (binaries in
# /work/imb-inst-<mpi>/bin) or point IMB_DIR at a directory holding IMB-RMA. Exit 1 when
# it is missing.
set -eu
cd "$(dirname "$0")/../.."
top=$(pwd)
impl=${1:-mpich}
np=${2:-3}
case $impl in
  openmpi) cc=mpicc.openmpi ;;
  mpich) cc=mpicc.mpich ;;
  *) echo "usage: $0 [openmpi|mpich] [NP]" >&2; exit 2 ;;
esac
case $np in
  [2-9]) ;;
  *) echo "usage: $0 [openmpi|mpich] [NP]  (NP 2 to 9)" >&2; exit 2 ;;
esac
imb=${IMB_DIR:-/work/imb-inst-$impl/bin}/IMB-RMA
[ -x "$imb" ] || { echo "$0: $imb missing (tools/bench/imb_build.sh builds it)" >&2; exit 1; }
names="Bidir_get Put_local Get_local One_get_all Put_all_local Get_all_local All_put_all All_get_all Exchange_get"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-rma.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
$cc -O2 -o "$tmp/skampi" skampi_amalgam.c -lm
# shellcheck disable=SC2086
for what in imb1 skampi imb2; do
  case $what in
    skampi) (cd "$tmp" && "$top/tools/mpirun.sh" "$impl" "$np" ./skampi IMB-RMA $names -msglog 10 -q) ;;
    *) "$top/tools/mpirun.sh" "$impl" "$np" "$imb" $names -msglog 10 -iter 200 -npmin "$np" ;;
  esac > "$tmp/$what.out" 2> "$tmp/$what.err" || { echo "$0: $what failed:" >&2; tail -5 "$tmp/$what.err" >&2; exit 1; }
done
# table FILE: "NAME SIZE T" for every data line, IMB's non-aggregate table where there are two
table() {
  awk '/^# Benchmarking / { name = $3; skip = 0; col = 3 }
       /MODE: AGGREGATE/ { skip = 1 }
       /t_max\[usec\]/ { col = 4 }
       !skip && name != "" && /^ +[0-9]/ { print name, $1, $col }' "$1"
}
out=tools/bench/results/rma-$impl-np$np.txt
mkdir -p tools/bench/results
table "$tmp/imb1.out" > "$tmp/imb1.t"
table "$tmp/imb2.out" > "$tmp/imb2.t"
table "$tmp/skampi.out" > "$tmp/skampi.t"
{
  echo "# tools/bench/rma_side_by_side.sh $impl $np, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# IMB-RMA ($imb, -iter 200) run before and after skampi; times in us; ratio = skampi / mean(IMB)"
  printf '%-14s %8s %12s %12s %12s %8s\n' benchmark bytes imb_before imb_after skampi ratio
  awk 'FILENAME == ARGV[1] { a[$1 " " $2] = $3; next } FILENAME == ARGV[2] { b[$1 " " $2] = $3; next }
       ($1 " " $2) in a { m = (a[$1 " " $2] + b[$1 " " $2]) / 2;
         r = m > 0 ? sprintf("%.2f", $3 / m) : "-"; printf "%-14s %8s %12s %12s %12s %8s\n", $1, $2, a[$1 " " $2], b[$1 " " $2], $3, r }' \
    "$tmp/imb1.t" "$tmp/imb2.t" "$tmp/skampi.t"
  echo "# median ratio per benchmark (sizes with a nonzero IMB time)"
  awk 'FILENAME == ARGV[1] { a[$1 " " $2] = $3; next } FILENAME == ARGV[2] { b[$1 " " $2] = $3; next }
       ($1 " " $2) in a { m = (a[$1 " " $2] + b[$1 " " $2]) / 2; if (m > 0) print $1, $3 / m }' \
    "$tmp/imb1.t" "$tmp/imb2.t" "$tmp/skampi.t" | sort -k1,1 -k2,2g |
    awk '{ v[$1, ++n[$1]] = $2 } END { for (k in n) { c = n[k]; med = c % 2 ? v[k, (c + 1) / 2] : (v[k, c / 2] + v[k, c / 2 + 1]) / 2; printf "%-14s median %.2f over %d sizes\n", k, med, c } }' | sort
} > "$out"
cat "$out"
