#!/bin/sh
# tools/bench/imb_tables_side_by_side.sh MT|IO [openmpi|mpich] -- skampi's IMB-MT or IMB-IO
# names beside IMB-MT / IMB-IO 2021 itself in one go, 2 processes: IMB runs its benchmarks,
# then `skampi IMB-xx` with the same command line, then IMB again (the two IMB runs bracket
# skampi's and show IMB's own noise). Both print IMB's tables, so one reader takes both:
# per benchmark and #bytes the time IMB's layout leads with -- t_max (the slowest
# process; the ping-pong's and ping-ping's half round trip), t (IMB-IO's S_, its
# NON-AGGREGATE table), t_pure (IMB-IO's non-blocking I benchmarks, without its overlapped
# computation) or, for UniBandMT and BiBandMT, t_avg (one thread's time per message) -- and the ratio skampi / IMB (against the faster of the two IMB runs), to
# tools/bench/results/imb_mt-<mpi>.txt or imb_io-<mpi>.txt. MT: MT_THREADS (default "1")
# lists thread counts T, each run with OMP_NUM_THREADS=T and -thread_level multiple. IMB is
# not part of skampi: build it with tools/bench/imb_build.sh (IMB_SUITES="MT IO") and point
# IMB_DIR at its bin (default /work/imb-inst-<mpi>/bin). Exit 1 when it is missing.
set -eu
cd "$(dirname "$0")/../.."
prog=${1:-}
impl=${2:-mpich}
case $prog in
  MT) flags="-thread_level multiple -datatype char -count 1,64,4096 -repeat 100"; threads=${MT_THREADS:-1} ;;
  IO) flags="-msglog 12:12 -npmin 2 -iter 5"; threads=1 ;;
  *) echo "usage: $0 MT|IO [openmpi|mpich]" >&2; exit 2 ;;
esac
case $impl in
  openmpi) cc=mpicc.openmpi ;;
  mpich) cc=mpicc.mpich ;;
  *) echo "usage: $0 MT|IO [openmpi|mpich]" >&2; exit 2 ;;
esac
imb=${IMB_DIR:-/work/imb-inst-$impl/bin}/IMB-$prog
[ -x "$imb" ] || { echo "$0: $imb missing (tools/bench/imb_build.sh, IMB_SUITES=$prog)" >&2; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT INT TERM
$cc -O2 -o "$tmp/skampi" skampi_amalgam.c -lm
out=tools/bench/results/imb_$(echo "$prog" | tr A-Z a-z)-$impl.txt
# table FILE: "T NAME BYTES TIME" per data line of IMB-MT's layout (skampi's flags ignored)
table() {
  awk -v T="$2" '/^# Benchmarking / { b = $3; next }
    /^ *#bytes|^ *#repetitions/ { n = 0; for (i = 1; i <= NF; i++) col[$i] = i; hasbytes = ($1 == "#bytes"); next }
    /^ *[0-9]/ && b != "" { key = hasbytes ? $(col["#bytes"]) : "-"
      t = ("t_pure[usec]" in col) ? $(col["t_pure[usec]"]) : ("t_max[usec]" in col) ? $(col["t_max[usec]"]) \
        : ("t[usec]" in col) ? $(col["t[usec]"]) : $(col["t_avg[usec]"])
      print T, b, key, t }' "$1"
}
: > "$tmp/imb_a"; : > "$tmp/imb_b"; : > "$tmp/sk"
for t in $threads; do
  (cd "$tmp" && OMP_NUM_THREADS=$t "$OLDPWD/tools/mpirun.sh" "$impl" 2 "$imb" $flags) > "$tmp/a$t.txt" 2>&1
  (cd "$tmp" && OMP_NUM_THREADS=$t "$OLDPWD/tools/mpirun.sh" "$impl" 2 ./skampi IMB-$prog $flags -q -o sk$t.sko) > "$tmp/s$t.txt" 2> "$tmp/s$t.err"
  (cd "$tmp" && OMP_NUM_THREADS=$t "$OLDPWD/tools/mpirun.sh" "$impl" 2 "$imb" $flags) > "$tmp/b$t.txt" 2>&1
  table "$tmp/a$t.txt" $t >> "$tmp/imb_a"; table "$tmp/b$t.txt" $t >> "$tmp/imb_b"; table "$tmp/s$t.txt" $t >> "$tmp/sk"
done
{
  echo "# tools/bench/imb_tables_side_by_side.sh $prog $impl: skampi IMB-$prog beside IMB-$prog 2021 ($imb), 2 processes,"
  echo "# $flags, OMP_NUM_THREADS = $threads; $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) processors, load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# time: t_max (t for IMB-IO's S_, t_pure for its I benchmarks, t_avg for UniBandMT, BiBandMT) in us, as each prints it; ratio = skampi / min(imb_a, imb_b)"
  printf '%-3s %-12s %8s %12s %12s %12s %8s\n' T benchmark bytes skampi imb_a imb_b ratio
  awk 'FILENAME == ARGV[1] { a[$1" "$2" "$3] = $4; next } FILENAME == ARGV[2] { b[$1" "$2" "$3] = $4; next }
       { k = $1" "$2" "$3; if (!(k in a) || !(k in b)) next; m = a[k] < b[k] ? a[k] : b[k]
         printf "%-3s %-12s %8s %12.2f %12.2f %12.2f %8.3f\n", $1, $2, $3, $4, a[k], b[k], (m > 0 ? $4 / m : 0)
         if (m > 0 && $4 > 0) { lr[$2] += log($4 / m); nr[$2]++ } }
       END { print "# geometric mean of the ratio per benchmark:"
             for (x in nr) printf "#   %-12s %6.2f (%d sizes)\n", x, exp(lr[x] / nr[x]), nr[x] }' "$tmp/imb_a" "$tmp/imb_b" "$tmp/sk"
  if [ "$prog" = MT ]; then
    echo "# notes: both tools time every thread's -repeat operations; skampi from its synchronised start,"
    echo "#   back to back, each timing repeated under its stopping rule (the mean of the undisturbed ones);"
    echo "#   IMB-MT's collectives time each call alone between barriers (-barrier on), so its single-call"
    echo "#   latency stands against skampi's pipelined mean there."
  else
    echo "# notes: skampi's -iter N: N timings of one access each (NON-AGGREGATE), IMB-IO's N accesses"
    echo "#   per timing; the I-benchmarks against IMB-IO's t_pure (skampi overlaps no computation); IMB-IO's blocking"
    echo "#   reads took milliseconds here where skampi's, reading the file its row wrote just before, took"
    echo "#   microseconds (the page cache, it seems): the Read lines differ most."
  fi
  echo "#   On this shared host (other builds and tests running) the IMB columns' own spread (imb_a"
  echo "#   against imb_b) is the yardstick for the ratio."
} > "$out"
cat "$out"
