#!/bin/sh
# tools/bench/mpich_sync_start.sh [RUNS] -- MPICH's small collectives under the synchronised
# start (issue 39, item 5): MPI_Bcast of 128 B and 1 KiB (root 0) and MPI_Allreduce of 256
# MPI_INTs on 2 processes, each process bound to a core of its own, read by
#   skampi         tools/bench/mpich_sync_start.ski (synchronised starts; its time and node times)
#   skampi before  the same .ski with the amalgam of $SKAMPI_BEFORE (default cefa879, before
#                  the collectives' warm-up and the wait without system calls; column only
#                  when git has that commit)
#   plain          tools/bench/plain_sync_start.c, no skampi code: its "sync" mode starts both
#                  ranks at one agreed clock time as skampi does (agreement between the calls,
#                  margin 5 us, warm-up 100 calls, median of the max over the ranks), its
#                  "window" mode is ReproMPI's window method (fixed windows of 100 us, no
#                  agreement in between), "loop" back-to-back calls / N (OSU, IMB)
#   IMB            IMB-MPI1 Bcast and Allreduce (t_max; MPI_FLOAT, 1024 bytes = 256 ints);
#                  built by tools/bench/imb_build.sh (IMB_DIR, default /work/imb-inst-mpich/bin)
#   OSU            osu_bcast and osu_allreduce -T mpi_int of OSU 7 (OSU_SRC, default
#                  /work/osu-7.4; built here from its c/ tree, no configure)
# RUNS launches of each (default 5), interleaved: skampi, plain, skampi before, IMB, OSU,
# then the next run, so that a change of the machine's load hits all of them; every figure
# is the median over the runs. A tool whose program is missing gets "-". Also per run one
# launch of the plain program as skampi warmed up until 2026-11-28 (one warm-up call, 64
# synchronised calls): how many of its calls took a page fault in the root's call.
# Writes tools/bench/results/mpich_sync_start.txt. Claims about speed live here, not in tests.
set -eu
cd "$(dirname "$0")/../.."
runs=${1:-5}
case $runs in [1-9]|[1-9][0-9]) ;; *) echo "usage: $0 [RUNS 1-99]" >&2; exit 2 ;; esac
cc=mpicc.mpich
command -v $cc >/dev/null 2>&1 || { echo "$0: $cc missing" >&2; exit 1; }
work=tools/bench/work/mpich_sync_start; res=tools/bench/results
mkdir -p "$work" "$res"
out=$res/mpich_sync_start.txt
imb=${IMB_DIR:-/work/imb-inst-mpich/bin}
osu=${OSU_SRC:-/work/osu-7.4}
before=${SKAMPI_BEFORE:-cefa879}
SKAMPI_BIND=core; export SKAMPI_BIND

$cc -O2 -o "$work/skampi" skampi_amalgam.c -lm
$cc -O2 -o "$work/plain_sync_start" tools/bench/plain_sync_start.c
have_before=0
if git cat-file -e "$before:skampi_amalgam.c" 2>/dev/null; then
  git show "$before:skampi_amalgam.c" > "$work/skampi_before.c"
  $cc -O2 -o "$work/skampi_before" "$work/skampi_before.c" -lm && have_before=1
fi
have_osu=0
if [ -f "$osu/c/mpi/collective/blocking/osu_bcast.c" ]; then
  have_osu=1
  for b in osu_bcast osu_allreduce; do
    $cc -O2 -I "$osu/c/util" -o "$work/$b" "$osu/c/mpi/collective/blocking/$b.c" "$osu/c/util/osu_util.c" \
      "$osu/c/util/osu_util_mpi.c" "$osu/c/util/osu_util_graph.c" "$osu/c/util/osu_util_papi.c" -lm || have_osu=0
  done
fi
have_imb=0; [ -x "$imb/IMB-MPI1" ] && have_imb=1

# skampi_rows TOOL SKO: "TOOL OP SIZE time root other" (time and node times in us)
skampi_rows() {
  awk -v t="$1" '/^# begin result "/ { split($0, q, "\""); r = q[2]; next }
    r == "Bcast" && /^count=/ { print t, "bcast", $2, $4, $7, $8 }
    r == "Allreduce" && /^ *[0-9]/ { print t, "allreduce", 256, $2, $5, $6 }' "$2"
}
: > "$work/rows"; : > "$work/faults"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
t0=$(date +%s)
run=1
while [ "$run" -le "$runs" ]; do
  rm -f "$work/s.sko"*
  tools/mpirun.sh mpich 2 "$work/skampi" -q -i tools/bench/mpich_sync_start.ski -o "$work/s.sko" > /dev/null 2>&1 &&
    skampi_rows skampi "$work/s.sko" >> "$work/rows" || echo "run $run: skampi failed" >&2
  for op in "bcast 128" "bcast 1024" "allreduce 256"; do
    # MODE OP COUNT median root other kept faulted -> "plain-MODE OP COUNT median root other"
    tools/mpirun.sh mpich 2 "$work/plain_sync_start" $op 201 5 100 100 2>/dev/null |
      awk '{ print "plain-" $1, $2, $3, $4, $5, $6 }' >> "$work/rows" || echo "run $run: plain $op failed" >&2
  done
  if [ $have_before = 1 ]; then
    rm -f "$work/b.sko"*
    tools/mpirun.sh mpich 2 "$work/skampi_before" -q -i tools/bench/mpich_sync_start.ski -o "$work/b.sko" > /dev/null 2>&1 &&
      skampi_rows before "$work/b.sko" >> "$work/rows" || echo "run $run: skampi before failed" >&2
  fi
  if [ $have_imb = 1 ]; then
    tools/mpirun.sh mpich 2 "$imb/IMB-MPI1" Bcast Allreduce -npmin 2 -msglog 7:10 -iter 1000 -time 2 2>/dev/null |
      awk '/^# Benchmarking / { b = $3 } /^ *[0-9]/ && NF == 5 {
        if (b == "Bcast" && ($1 == 128 || $1 == 1024)) print "imb bcast", $1, $4, "-", "-"
        if (b == "Allreduce" && $1 == 1024) print "imb allreduce 256", $4, "-", "-" }' >> "$work/rows" || true
  fi
  if [ $have_osu = 1 ]; then
    tools/mpirun.sh mpich 2 "$work/osu_bcast" -m 128:1024 -i 1000 2>/dev/null |
      awk '/^[0-9]/ && ($1 == 128 || $1 == 1024) { print "osu bcast", $1, $2, "-", "-" }' >> "$work/rows" || true
    tools/mpirun.sh mpich 2 "$work/osu_allreduce" -m 1024:1024 -i 1000 -T mpi_int 2>/dev/null |
      awk '/^[0-9]/ && $1 == 1024 { print "osu allreduce 256", $2, "-", "-" }' >> "$work/rows" || true
  fi
  # the plain program as skampi warmed up before: one warm-up call, then 64 synchronised calls
  tools/mpirun.sh mpich 2 "$work/plain_sync_start" bcast 128 64 5 100 1 sync 2>/dev/null |
    awk -v r="$run" '{ print r, $4, $7, $8 }' >> "$work/faults" || true
  run=$((run + 1))
done
t1=$(date +%s)
. tools/bench/median.sh
# med TOOL OP SIZE FIELD (4 time, 5 root, 6 other): the median over the runs
med() { awk -v t="$1" -v o="$2" -v c="$3" -v f="$4" '$1 == t && $2 == o && $3 == c && $f != "-" { print $f }' "$work/rows" | median 3; }
{
  echo "# MPICH's small collectives under the synchronised start, 2 processes bound to a core each"
  echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -n), $(nproc) cores, $(mpichversion 2>/dev/null | sed -n 's/^MPICH Version:[[:space:]]*/MPICH /p')"
  echo "# load average $load_before before, $(cut -d' ' -f1-3 /proc/loadavg) after; $runs runs of each tool, interleaved, $((t1 - t0)) s"
  echo "# times in us, each the median over the runs of the tool's own figure:"
  echo "#   skampi, before: the result (trimmed mean of the max over the ranks from the synchronised start);"
  echo "#     before = amalgam of $before (one warm-up call, system calls in the wait)$( [ $have_before = 1 ] || echo ': not built')"
  echo "#   plain: plain_sync_start sync (agreed start, margin 5 us, median of 201 max over ranks);"
  echo "#   window: its ReproMPI-style fixed windows (100 us); loop: back-to-back calls / 100"
  echo "#   IMB: IMB-MPI1 t_max$( [ $have_imb = 1 ] || echo ' (not found)'); OSU: osu_bcast/osu_allreduce average$( [ $have_osu = 1 ] || echo ' (not found)')"
  echo "#   ratio = skampi / plain (the program that starts the same way)"
  printf '%-10s %5s %8s %8s %8s %8s %8s %8s %8s %6s\n' op bytes skampi before plain window IMB OSU loop ratio
  for k in "bcast 128 128" "bcast 1024 1024" "allreduce 256 1024"; do
    set -- $k
    s=$(med skampi $1 $2 4); b=$(med before $1 $2 4); p=$(med plain-sync $1 $2 4); w=$(med plain-window $1 $2 4)
    i=$(med imb $1 $2 4); o=$(med osu $1 $2 4); l=$(med plain-loop $1 $2 4)
    r=$(awk -v s="$s" -v p="$p" 'BEGIN { if (s != "-" && p != "-" && p > 0) printf "%.2f", s / p; else print "-" }')
    printf '%-10s %5s %8s %8s %8s %8s %8s %8s %8s %6s\n' "$1" "$3" "$s" "$b" "$p" "$w" "$i" "$o" "$l" "$r"
  done
  echo "#"
  echo "# per process (node times, us): root (rank 0) / rank 1"
  printf '%-10s %5s %17s %17s %17s %17s\n' op bytes skampi before plain early-start
  for k in "bcast 128 128" "bcast 1024 1024" "allreduce 256 1024"; do
    set -- $k
    printf '%-10s %5s %17s %17s %17s %17s\n' "$1" "$3" "$(med skampi $1 $2 5) / $(med skampi $1 $2 6)" \
      "$(med before $1 $2 5) / $(med before $1 $2 6)" "$(med plain-sync $1 $2 5) / $(med plain-sync $1 $2 6)" \
      "$(med plain-early $1 $2 5) / $(med plain-early $1 $2 6)"
  done
  echo "#   early-start: plain, rank 1 starts 10 us before the root (the root finds its partner inside the call)"
  echo "#"
  echo "# the other plain modes (us): probe = the root polls MPI_Iprobe while it waits; late = rank 1 starts"
  echo "#   3 us after the root; barrier = MPI_Barrier, then one call, each rank from its own exit"
  printf '%-10s %5s %8s %8s %8s\n' op bytes probe late barrier
  for k in "bcast 128 128" "bcast 1024 1024" "allreduce 256 1024"; do
    set -- $k
    printf '%-10s %5s %8s %8s %8s\n' "$1" "$3" "$(med plain-probe $1 $2 4)" "$(med plain-late $1 $2 4)" "$(med plain-barrier $1 $2 4)"
  done
  echo "#"
  echo "# the plain program with one warm-up call (as skampi before 2026-11-28), MPI_Bcast 128 B, 64 synchronised calls:"
  echo "#   run median_us calls_kept calls_with_a_page_fault"
  sed 's/^/    /' "$work/faults"
} > "$out"
cat "$out"
