#!/bin/sh
# tools/bench/loaded_users_files.sh SKAMPI504_SOURCE [IMPL] [FILES] [NPS] [MORE_SKI_DIR] -- users'
# input files, unchanged, on a loaded machine: each file is run by skampi quietly and then
# beside 4 CPU spinners per core (busy loops of this script's own, ended by their process
# ids), at each process count, and the wall times are compared (issue 41: a point's time
# budget, doc/manual.md "Interference", keeps a SKaMPI 5 program within about 3 times its
# quiet wall time however busy the host).
#   SKAMPI504_SOURCE  the original SKaMPI 5's source tree (its ski/ directory: the six
#                     distributed files and the .inc files they include)
#   IMPL              openmpi (default) or mpich
#   FILES             the files of ski/ to run, without .ski (default: skampi_pt2pt
#                     skampi_coll skampi_misc skampi_onesided io procnames)
#   NPS               the process counts (default "2 4")
#   MORE_SKI_DIR      a directory of more users' .ski files (LOFAR's), each run as well
# Writes tools/bench/results/loaded_users_files-IMPL.txt: per file and process count the
# quiet and loaded wall time in seconds, their ratio, both exit statuses and the suites
# each output completed; the machine's load before and after. A loaded run gets at most
# 10 times its quiet time (at least 300 s) before it is ended ("timeout").
set -eu
cd "$(dirname "$0")/../.."
src=${1:?usage: tools/bench/loaded_users_files.sh SKAMPI504_SOURCE [IMPL] [FILES] [NPS] [MORE_SKI_DIR]}
impl=${2:-openmpi}
files=${3:-skampi_pt2pt skampi_coll skampi_misc skampi_onesided io procnames}
nps=${4:-2 4}
more=${5:-}
[ -d "$src/ski" ] || { echo "$0: $src has no ski/ directory (the original's source tree)" >&2; exit 2; }
case $impl in openmpi) cc=mpicc.openmpi ;; mpich) cc=mpicc.mpich ;; *) echo "$0: IMPL is openmpi or mpich" >&2; exit 2 ;; esac
work=tools/bench/work/loaded-$impl; res=tools/bench/results
rm -rf "$work"; mkdir -p "$work" "$res"
out=$res/loaded_users_files-$impl.txt
$cc -O2 -o "$work/skampi" skampi_amalgam.c -lm
cp "$src"/ski/*.ski "$src"/ski/*.inc "$work/"
list=$files
if [ -n "$more" ]; then for f in "$more"/*.ski; do cp "$f" "$work/"; list="$list $(basename "$f" .ski)"; done; fi
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
spinners=""
spin_start() { i=0; while [ $i -lt $((4 * cores)) ]; do sh -c 'while :; do :; done' & spinners="$spinners $!"; i=$((i + 1)); done; }
spin_stop() { for p in $spinners; do kill "$p" 2>/dev/null || true; done; for p in $spinners; do wait "$p" 2>/dev/null || true; done; spinners=""; }
trap 'spin_stop' EXIT INT TERM
now() { date +%s.%N; }
# run NP FILE TAG LIMIT: wall seconds and status into $wall $st
run() {
  rm -f "$work/$3.sko" "$work/$3.sko.log"
  t0=$(now); st=0
  (cd "$work" && timeout "$4" "$OLDPWD/tools/mpirun.sh" "$impl" "$1" ./skampi -q -i "$2.ski" -o "$3.sko" > "$3.out" 2>&1) || st=$?
  wall=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')
}
suites() { grep -c '^# end result' "$work/$1.sko" 2>/dev/null || echo 0; }
load_before=$(uptime)
rows=""
for np in $nps; do
  for f in $list; do
    run "$np" "$f" "q-$f-$np" 3600; qwall=$wall; qst=$st; qs=$(suites "q-$f-$np")
    limit=$(awk -v q="$qwall" 'BEGIN { l = 10 * q; if (l < 300) l = 300; printf "%d", l }')
    spin_start
    run "$np" "$f" "l-$f-$np" "$limit"; lwall=$wall; lst=$st; ls=$(suites "l-$f-$np")
    spin_stop
    [ "$lst" = 124 ] && lst=timeout
    ratio=$(awk -v q="$qwall" -v l="$lwall" 'BEGIN { printf "%.2f", (q > 0 ? l / q : 0) }')   # (parenthesised: awk reads "printf ... >" as a redirection)
    rows="$rows$(printf '%-18s %3s %10s %10s %7s %7s %7s %7s %7s' "$f" "$np" "$qwall" "$lwall" "$ratio" "$qst" "$lst" "$qs" "$ls")
"
  done
done
{
  echo "# users' input files run by skampi quietly and beside $((4 * cores)) CPU spinners ($cores cores), $impl,"
  echo "# $(date -u '+%Y-%m-%d %H:%M') UTC, $(uname -n); SKAMPI_POINT_BUDGET=${SKAMPI_POINT_BUDGET:-3 (default)}"
  echo "# load before: $load_before"
  echo "# load after:  $(uptime)"
  echo "# wall seconds (launcher included); ratio loaded / quiet; exit statuses; complete suites"
  printf '%-18s %3s %10s %10s %7s %7s %7s %7s %7s\n' file np quiet_s loaded_s ratio q_exit l_exit q_suites l_suites
  printf '%s' "$rows"
} > "$out"
cat "$out"
