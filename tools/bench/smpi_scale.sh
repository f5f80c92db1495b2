#!/bin/sh
# tools/bench/smpi_scale.sh [P...] -- skampi's own cost as the process count grows, under
# SimGrid SMPI (issue: thousands of processes on a simulated cluster): for each P (default
# 256 1024 4096) on a generated one-rank-per-host cluster (tools/smpi/platform.sh, 5 us,
# 1.25 GB/s, correction factors 1, computation not simulated), the real wall time, the CPU
# time (user + system: on a loaded machine the wall time is mostly waiting) and the
# peak memory (GNU time's maximum resident set: all ranks are threads of one process) of
#   empty   skampi on a .ski with one MPI_Barrier measurement of 2 repetitions: start-up,
#           oversubscription census, clock set-up, header, one agreement per repetition
#   sweep   skampi on an MPI_Bcast sweep (1 B ... 1 KiB, step *4, 4 to 8 repetitions)
#   plainN  tools/bench/plain_coll.c on MPI_Bcast of N bytes, one program per size as
#           skampi measures them: 10 warm-up calls, then 8 runs of MPI_Barrier, one call,
#           MPI_Reduce of the time (8 repetitions, each with its start and its agreement);
#           "plain" sums the six
# Appends to tools/bench/results/smpi_scale.txt (a dated block, one line per run). EMPTY=0
# leaves the one-suite run out, SWEEP=0 the sweep, PLAIN="1 4" the plain sizes (PLAIN=none:
# no plain run); PRIVATIZATION=mmap runs every program with SMPI's mmap privatisation
# (only the data segments swapped per rank: about a third of the default dlopen's memory,
# which loads a copy of the whole program per rank). COLL=log (the default) has every
# program use logarithmic algorithms for the three collectives SimGrid 3.32 otherwise runs
# linearly (barrier ompi_tree, reduce binomial, gather ompi_binomial); COLL=default keeps
# SimGrid's selector. In the linear ones every rank sends to one, P messages in flight at
# once, and the simulator's own cost grows fast: at 8192 ranks 10 barriers took 20 s (tree:
# 7 s) and the plain 1-byte program 279 s (44 s with the binomial reduce); it grew 4.9-fold
# from 2048 to 4096 ranks (6.3 to 31 s) and 9.0-fold to 8192 -- the simulator's cost, not the
# program's (doc/simulated.md). Needs smpicc, smpirun and GNU time (/usr/bin/time).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
procs=${*:-256 1024 4096}
w=${TMPDIR:-/tmp}/skampi-smpi-bench
res=$top/tools/bench/results/smpi_scale.txt
mkdir -p "$w" || exit 1
command -v smpicc >/dev/null && command -v smpirun >/dev/null || { echo "needs smpicc and smpirun (libsimgrid-dev)" >&2; exit 2; }
case ${COLL:-log} in
  log) coll_cfg="--cfg=smpi/barrier:ompi_tree --cfg=smpi/reduce:binomial --cfg=smpi/gather:ompi_binomial" ;;
  default) coll_cfg= ;;
  *) echo "COLL=log or COLL=default" >&2; exit 2 ;;
esac
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time)" >&2; exit 2; }
"$top/tools/sk21f" "$w/skampi_amalgam.c" > /dev/null || exit 1
smpicc -O2 -o "$w/skampi-smpi" "$w/skampi_amalgam.c" -lm 2> "$w/build.log" || { cat "$w/build.log"; exit 1; }
smpicc -O2 -o "$w/plain_coll" "$top/tools/bench/plain_coll.c" 2>> "$w/build.log" || { cat "$w/build.log"; exit 1; }
cat > "$w/empty.ski" <<'SKI'
set_min_repetitions(2)
set_max_repetitions(2)
begin measurement "MPI_Barrier"
  measure MPI_COMM_WORLD : Barrier()
end measurement
SKI
cat > "$w/sweep.ski" <<'SKI'
set_min_repetitions(4)
set_max_repetitions(8)
begin measurement "MPI_Bcast-length"
  for count = 1 to 1024 step *4 do
    measure MPI_COMM_WORLD : Bcast(count, MPI_BYTE, 0)
  od
end measurement
SKI
# run P WHAT PROGRAM ARGS...: one line "P WHAT wall_s cpu_s maxrss_MB status"
run() {
  _p=$1 _what=$2; shift 2
  /usr/bin/time -f "%e %U %S %M" -o "$w/time.txt" smpirun -platform "$w/p$_p.xml" -hostfile "$w/p$_p.hosts" -np "$_p" \
    --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --cfg=smpi/simulate-computation:no \
    ${PRIVATIZATION:+--cfg=smpi/privatization:$PRIVATIZATION} $coll_cfg "$@" \
    > "$w/$_what$_p.log" 2>&1
  _st=$?
  # GNU time puts "Command exited with non-zero status N" (or "... terminated by signal")
  # above its figures when the program failed: the figures are the last line
  # shellcheck disable=SC2046
  set -- $(tail -n 1 "$w/time.txt" 2> /dev/null) - 0 0 0 0
  case $1 in [0-9]*) ;; *) set -- - 0 0 0 ;; esac
  _wall=$1 _user=$2 _sys=$3 _rss=$4
  _cpu=$(awk -v u="$_user" -v s="$_sys" 'BEGIN { printf "%.2f", u + s }')
  printf '%6d  %-9s %9s %9s %9d %4d\n' "$_p" "$_what" "$_wall" "$_cpu" $((_rss / 1024)) "$_st" | tee -a "$res"
}
{
  echo
  echo "# tools/bench/smpi_scale.sh $procs, $(date -u '+%Y-%m-%d %H:%M UTC'), $(smpirun -version 2>&1 | head -n 1)${PRIVATIZATION:+, privatization $PRIVATIZATION}, collectives ${COLL:-log}"
  echo "#     P  what        wall[s]    cpu[s] maxrss[MB] status"
} >> "$res"
for p in $procs; do
  sh "$top/tools/smpi/platform.sh" "$w/p$p.xml" "$w/p$p.hosts" "$p" 5 1.25e9 || exit 1
  [ "${EMPTY:-1}" = 0 ] || run "$p" empty "$w/skampi-smpi" -i "$w/empty.ski" -o "$w/empty$p.sko"
  [ "${SWEEP:-1}" = 0 ] || run "$p" sweep "$w/skampi-smpi" -i "$w/sweep.ski" -o "$w/sweep$p.sko"
  sum_wall=0 max_rss=0
  plain=${PLAIN:-1 4 16 64 256 1024}
  [ "$plain" = none ] && plain=
  for c in $plain; do
    run "$p" "plain$c" "$w/plain_coll" bcast "$c" 1 8
    sum_wall=$(awk -v a="$sum_wall" -v b="$_wall" 'BEGIN { print a + b }')
    case $_rss in *[!0-9]*|'') ;; *) [ $((_rss / 1024)) -gt "$max_rss" ] && max_rss=$((_rss / 1024)) ;; esac
  done
  [ -n "${PLAIN:-}" ] || printf '%6d  %-6s %9s %9d %4s\n' "$p" plain "$sum_wall" "$max_rss" - | tee -a "$res"
done
