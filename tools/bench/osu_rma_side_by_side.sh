#!/bin/sh
# tools/bench/osu_rma_side_by_side.sh [openmpi|mpich] -- skampi beside OSU 7.4's one-sided
# benchmarks in one go, on one MPI, 2 processes, under OSU's window creations and
# synchronisations (-w, -s): osu_put_latency and osu_get_latency under each of lock,
# pscw, fence, flush, flush_local and lock_all; osu_acc_latency, osu_get_acc_latency,
# osu_fop_latency, osu_cas_latency, osu_put_bw and osu_get_bw under flush; osu_put_bibw
# under pscw; all with -w allocate (OSU's default), sizes 1 .. 256 bytes. OSU runs, then
# `skampi <the same command line>`: both print OSU's table, whose second column (latency
# in us, or MB/s) is compared per size. Writes per benchmark, sync and size both figures
# and the ratio skampi / OSU (for MB/s: OSU / skampi, so that above 1 is skampi slower),
# and the median per benchmark and sync, to tools/bench/results/osu-rma-<mpi>.txt.
# OSU_CASES="put_latency:fence ..." (BENCHMARK:SYNC, the program without osu_) runs only
# those. OSU is not part of skampi: OSU_BIN names a directory holding the one-sided programs
# built with this MPI (osu_put_latency, ...). Exit 1 when one is missing. Claims about
# speed live here, not in tests.
set -eu
cd "$(dirname "$0")/../.."
top=$(pwd)
impl=${1:-mpich}
case $impl in
  openmpi) cc=mpicc.openmpi ;;
  mpich) cc=mpicc.mpich ;;
  *) echo "usage: $0 [openmpi|mpich]" >&2; exit 2 ;;
esac
bin=${OSU_BIN:?OSU_BIN: the directory of OSU 7.4 one-sided programs built with $impl}
cases=${OSU_CASES:-"put_latency:lock put_latency:pscw put_latency:fence put_latency:flush put_latency:flush_local put_latency:lock_all
get_latency:lock get_latency:pscw get_latency:fence get_latency:flush get_latency:flush_local get_latency:lock_all
acc_latency:flush get_acc_latency:flush fop_latency:flush cas_latency:flush put_bw:flush get_bw:flush put_bibw:pscw"}
for c in $cases; do [ -x "$bin/osu_${c%%:*}" ] || { echo "$0: $bin/osu_${c%%:*} missing" >&2; exit 1; }; done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-osurma.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
$cc -O2 -o "$tmp/skampi" skampi_amalgam.c -lm
out=tools/bench/results/osu-rma-$impl.txt
mkdir -p tools/bench/results
# rows FILE: "SIZE VALUE" of OSU's table
rows() { awk '/^[0-9]/ { print $1, $2 }' "$1"; }
: > "$tmp/all"
for c in $cases; do
  b=osu_${c%%:*}; s=${c#*:}
  "$top/tools/mpirun.sh" "$impl" 2 "$bin/$b" -m 1:256 -w allocate -s "$s" > "$tmp/osu.out" 2> "$tmp/osu.err" ||
    { echo "$0: $b -s $s failed" >&2; tail -3 "$tmp/osu.err" >&2; exit 1; }
  (cd "$tmp" && "$top/tools/mpirun.sh" "$impl" 2 ./skampi "$b" -m 1:256 -w allocate -s "$s" -q) > "$tmp/sk.out" 2> "$tmp/sk.err" ||
    { echo "$0: skampi $b -s $s failed" >&2; tail -3 "$tmp/sk.err" >&2; exit 1; }
  rows "$tmp/osu.out" > "$tmp/o"; rows "$tmp/sk.out" > "$tmp/k"
  awk -v b="$b" -v s="$s" 'FILENAME == ARGV[1] { o[$1] = $2; next } ($1 in o) && o[$1] > 0 && $2 > 0 {
         r = b ~ /_bw$|_bibw$/ ? o[$1] / $2 : $2 / o[$1]; printf "%-20s %-12s %6s %12s %12s %8.2f\n", b, s, $1, o[$1], $2, r }' \
    "$tmp/o" "$tmp/k" >> "$tmp/all"
done
{
  echo "# tools/bench/osu_rma_side_by_side.sh $impl, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# OSU 7.4 one-sided ($bin) and skampi, 2 processes, -w allocate; latency us or MB/s; ratio > 1: skampi slower"
  printf '%-20s %-12s %6s %12s %12s %8s\n' benchmark sync bytes osu skampi ratio
  cat "$tmp/all"
  echo "# median ratio per benchmark and synchronisation"
  sort -k1,1 -k2,2 -k6,6g "$tmp/all" | awk '{ k = $1 " " $2; v[k, ++n[k]] = $6 } END { for (k in n) { c = n[k];
      printf "%-33s median %.2f over %d sizes\n", k, c % 2 ? v[k, (c + 1) / 2] : (v[k, c / 2] + v[k, c / 2 + 1]) / 2, c } }' | sort
} > "$out"
cat "$out"
