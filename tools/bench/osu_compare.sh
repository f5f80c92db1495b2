#!/bin/sh
# tools/bench/osu_compare.sh [openmpi|mpich] [OSU_SOURCE] -- skampi's Bw, Bibw and Mbw_mr
# beside the OSU micro-benchmarks' osu_bw, osu_bibw and osu_mbw_mr (7.x), same MPI,
# 2 processes, one run each, sizes 1 B .. 4 MiB (the powers of 4 both measure). OSU is
# built from its source tree (OSU_SOURCE, or $OSU_SRC, default /work/osu-7.4: its
# c/mpi/pt2pt/standard/*.c and c/util/*.c compiled with the MPI's mpicc, no configure).
# skampi's MB/s is size / time of its rows (doc/manual.md "Bandwidth and message rate"),
# OSU's its printed MB/s (decimal, as skampi's). Writes per size both figures and their
# ratio to tools/bench/results/osu_compare-<mpi>.txt. Claims about speed live here, not
# in tests. Exit 1 when OSU's source or the MPI is missing.
set -eu
cd "$(dirname "$0")/../.."
impl=${1:-openmpi}
osu=${2:-${OSU_SRC:-/work/osu-7.4}}
case $impl in
  openmpi) cc=mpicc.openmpi ;;
  mpich) cc=mpicc.mpich ;;
  *) echo "usage: $0 [openmpi|mpich] [OSU_SOURCE]" >&2; exit 2 ;;
esac
command -v $cc >/dev/null 2>&1 || { echo "$cc missing" >&2; exit 1; }
[ -f "$osu/c/mpi/pt2pt/standard/osu_bw.c" ] || { echo "no OSU 7 source at $osu (OSU_SRC)" >&2; exit 1; }
work=tools/bench/work; res=tools/bench/results
mkdir -p "$work" "$res"
$cc -O2 -o "$work/skampi-$impl" skampi_amalgam.c -lm
for b in osu_bw osu_bibw osu_mbw_mr; do
  $cc -O2 -I "$osu/c/util" -o "$work/$b-$impl" "$osu/c/mpi/pt2pt/standard/$b.c" "$osu/c/util/osu_util.c" \
    "$osu/c/util/osu_util_mpi.c" "$osu/c/util/osu_util_graph.c" "$osu/c/util/osu_util_papi.c" -lm
done
rm -f "$work/osu_compare-$impl.sko"*
tools/mpirun.sh "$impl" 2 "$work/skampi-$impl" -i tools/bench/osu_compare.ski -o "$work/osu_compare-$impl.sko" 2>/dev/null
for b in osu_bw osu_bibw osu_mbw_mr; do
  tools/mpirun.sh "$impl" 2 "$work/$b-$impl" -m 1:4194304 > "$work/$b-$impl.out" 2>&1
done
# skampi_mbs BLOCK: "size MB/s" of the result block BLOCK of the .sko
skampi_mbs() {
  awk -v block="$1" '/^# begin result/ { inb = index($0, "\"" block "\"") > 0 }
    inb && /^count=/ && $4 > 0 { printf "%s %.2f\n", $3, $3 / $4 }' "$work/osu_compare-$impl.sko"
}
# osu_mbs FILE: "size MB/s" of an OSU output
osu_mbs() { awk '/^[0-9]/ { print $1, $2 }' "$1"; }
out=$res/osu_compare-$impl.txt
{
  echo "# skampi vs OSU micro-benchmarks, 2 processes, $impl, $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -n), $(nproc) cores"
  echo "# skampi: tools/bench/osu_compare.ski (window 64, 10 windows per timing, ASEC 8..33 reps, 5%), MB/s = size / time"
  echo "# OSU: $(basename "$osu") osu_bw / osu_bibw / osu_mbw_mr -m 1:4194304 (defaults: window 64), MB/s as printed"
  for pair in "Bw osu_bw" "Bibw osu_bibw" "Mbw_mr osu_mbw_mr"; do
    set -- $pair
    echo "# $1 vs $2: size  skampi_MB/s  osu_MB/s  skampi/osu"
    skampi_mbs "$1" > "$work/s.$1"
    osu_mbs "$work/$2-$impl.out" > "$work/o.$1"
    awk 'NR == FNR { s[$1] = $2; next } ($1 in s) && $2 > 0 { printf "%-8s %s %12.2f %12.2f %8.3f\n", "'"$1"'", $1, s[$1], $2, s[$1] / $2 }' \
      "$work/s.$1" "$work/o.$1"
  done
} > "$out"
cat "$out"
