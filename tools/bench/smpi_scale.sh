#!/bin/sh
# tools/bench/smpi_scale.sh [P...] -- skampi's own cost as the process count grows, under
# SimGrid SMPI (doc/simulated.md): for each P (default 256 1024 4096; MAXP=N: 256, 1024,
# ... x4 up to N, and N itself) on a generated one-rank-per-host cluster
# (tools/smpi/platform.sh, 5 us, 1.25 GB/s) with the settings of tools/smpi/scale_flags.sh
# (correction factors 1, computation not simulated, every send synchronous), the real wall time, the CPU time (user + system: on a loaded machine the wall
# time is mostly waiting), the peak memory (GNU time's maximum resident set: all ranks are
# threads of one process) and the most memory mappings seen in the simulator's process
# (/proc/PID/maps, sampled every second) of
#   empty   skampi on a .ski with one MPI_Barrier measurement of 2 repetitions: start-up,
#           census, clock set-up, header, one agreement per repetition
#   suite   skampi on ski/smpi_scale.ski (MPI_Bcast 1 B ... 1 KiB step *4, MPI_Allreduce,
#           MPI_Barrier, all on MPI_COMM_WORLD)
#   plainN  tools/bench/plain_coll.c on MPI_Bcast of N bytes, one program per size:
#           10 warm-up calls, then 8 runs of MPI_Barrier, one call, MPI_Reduce of the time
#           (8 repetitions, each with its start and its agreement); "plain" sums the
#           sizes run (PLAIN, default "1 4 16 64 256 1024": six programs, each with its own
#           start-up; PLAIN=1: the one plain program; PLAIN=none: no plain run)
# and, with BEFORE=REV (a git revision), empty and suite again with the amalgam of REV
# ("empty@", "suite@"): before and after in the same run, on the same machine load.
# EMPTY=0 and SUITE=0 leave those runs out. PRIVATIZATION (default mmap) and COLL (log, the
# default, or default: SimGrid's own selector, and no model check) are
# tools/smpi/scale_flags.sh's.
# SIMFLAGS adds simulator settings to every run (e.g. --cfg=contexts/guard-size:0).
# Before every P the memory mappings it needs are checked against vm.max_map_count
# (tools/smpi/max_maps.sh): the script stops with the setting to make, not the simulator
# with an mmap failure half-way. Appends to tools/bench/results/smpi_scale.txt (a dated
# block, one line per run: P, what, wall s, cpu s, peak MB, maps, exit status).
# Needs smpicc, smpirun and GNU time (/usr/bin/time).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
if [ -n "${MAXP:-}" ]; then
  procs= p=256
  while [ "$p" -lt "$MAXP" ]; do procs="$procs $p"; p=$((p * 4)); done
  procs="$procs $MAXP"
else
  procs=${*:-256 1024 4096}
fi
w=${TMPDIR:-/tmp}/skampi-smpi-bench
res=$top/tools/bench/results/smpi_scale.txt
priv=${PRIVATIZATION:-mmap}
mkdir -p "$w" || exit 1
command -v smpicc >/dev/null && command -v smpirun >/dev/null || { echo "needs smpicc and smpirun (libsimgrid-dev)" >&2; exit 2; }
case ${COLL:-log} in log|default) ;; *) echo "COLL=log or COLL=default" >&2; exit 2 ;; esac
flags=$(PRIVATIZATION=$priv sh "$top/tools/smpi/scale_flags.sh" "${COLL:-log}" | tr '\n' ' ')
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time)" >&2; exit 2; }
"$top/tools/sk21f" "$w/skampi_amalgam.c" > /dev/null || exit 1
smpicc -O2 -o "$w/skampi-smpi" "$w/skampi_amalgam.c" -lm 2> "$w/build.log" || { cat "$w/build.log"; exit 1; }
smpicc -O2 -o "$w/plain_coll" "$top/tools/bench/plain_coll.c" 2>> "$w/build.log" || { cat "$w/build.log"; exit 1; }
if [ -n "${BEFORE:-}" ]; then
  git -C "$top" show "$BEFORE:skampi_amalgam.c" > "$w/before_amalgam.c" || exit 1
  smpicc -O2 -o "$w/skampi-before" "$w/before_amalgam.c" -lm 2>> "$w/build.log" || { cat "$w/build.log"; exit 1; }
fi
cat > "$w/empty.ski" <<'SKI'
set_min_repetitions(2)
set_max_repetitions(2)
begin measurement "MPI_Barrier"
  measure MPI_COMM_WORLD : Barrier()
end measurement
SKI
# maps_of PID: the largest line count of /proc/X/maps over PID and its descendants
maps_of() {
  _most=0
  for _q in $1 $(ps -o pid= --ppid "$1" 2> /dev/null); do
    _n=$(wc -l 2> /dev/null < "/proc/$_q/maps") || continue
    [ "${_n:-0}" -gt "$_most" ] && _most=$_n
    [ "$_q" = "$1" ] || { _k=$(maps_of "$_q"); [ "$_k" -gt "$_most" ] && _most=$_k; }
  done
  echo "$_most"
}
# run P WHAT PROGRAM ARGS...: one line "P WHAT wall_s cpu_s maxrss_MB maps status"
run() {
  _p=$1 _what=$2; shift 2
  # shellcheck disable=SC2086
  /usr/bin/time -f "%e %U %S %M" -o "$w/time.txt" env ${pool:+LD_PRELOAD=$pool} smpirun -platform "$w/p$_p.xml" -hostfile "$w/p$_p.hosts" -np "$_p" \
    $flags ${SIMFLAGS:-} "$@" \
    > "$w/$_what$_p.log" 2>&1 &
  _pid=$! _maps=0
  while kill -0 "$_pid" 2> /dev/null; do
    _m=$(maps_of "$_pid")
    [ "$_m" -gt "$_maps" ] && _maps=$_m
    sleep 1
  done
  wait "$_pid"
  _st=$?
  # GNU time puts "Command exited with non-zero status N" (or "... terminated by signal")
  # above its figures when the program failed: the figures are the last line
  # shellcheck disable=SC2046
  set -- $(tail -n 1 "$w/time.txt" 2> /dev/null) - 0 0 0 0
  case $1 in [0-9]*) ;; *) set -- - 0 0 0 ;; esac
  _wall=$1 _user=$2 _sys=$3 _rss=$4
  _cpu=$(awk -v u="$_user" -v s="$_sys" 'BEGIN { printf "%.2f", u + s }')
  printf '%6d  %-9s %9s %9s %9d %8d %4d\n' "$_p" "$_what" "$_wall" "$_cpu" $((_rss / 1024)) "$_maps" "$_st" | tee -a "$res"
  [ "$_maps" -gt 0 ] && per_rank_maps=$(awk -v m="$_maps" -v p="$_p" -v o="$per_rank_maps" 'BEGIN { r = m / p; printf "%.2f", (r > o ? r : o) }')
  return 0
}
# model_check P SKO: the readings of ski/smpi_scale.ski against the model (above)
model_check() { sh "$top/tools/smpi/model_check.sh" "$1" "$2" | tee -a "$res"; }

# mappings per rank for the check: measured on the first P, till then the figures of
# doc/simulated.md for the privatisation (mmap 3, dlopen 8)
case $priv in dlopen) per_rank_maps=8.1 ;; *) per_rank_maps=3.1 ;; esac
{
  echo
  echo "# tools/bench/smpi_scale.sh $procs, $(date -u '+%Y-%m-%d %H:%M UTC'), $(smpirun -version 2>&1 | head -n 1), $flags${BEFORE:+, before = $BEFORE ($(git -C "$top" rev-parse --short "$BEFORE"))}${SIMFLAGS:+, $SIMFLAGS}"
  echo "#     P  what        wall[s]    cpu[s] maxrss[MB]   maps status"
} >> "$res"
for p in $procs; do
  need=$(awk -v p="$p" -v r="$per_rank_maps" 'BEGIN { printf "%d", p * r + 2000 }')
  # one open file per rank (max_maps.sh): the soft limit raised as far as the hard one allows,
  # and past the hard one the ranks' files as slices of one (tools/smpi/fdpool.c, LD_PRELOAD)
  [ "$(ulimit -n)" = unlimited ] || [ "$(ulimit -n)" -ge $((p + 200)) ] || ulimit -n $((p + p / 4 + 200)) 2> /dev/null ||
    ulimit -n "$(ulimit -Hn)" 2> /dev/null
  pool=
  if [ "$priv" = mmap ] && [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt $((p + 200)) ]; then
    cc -O2 -shared -fPIC -o "$w/fdpool.so" "$top/tools/smpi/fdpool.c" -ldl 2>> "$w/build.log" || { cat "$w/build.log"; exit 1; }
    pool=$w/fdpool.so
    echo "# $p ranks: $(ulimit -n) open files allowed; the ranks' segment files are slices of one (tools/smpi/fdpool.c)" >> "$res"
  fi
  SMPI_FDPOOL=${pool:+1} sh "$top/tools/smpi/max_maps.sh" "$p" "$need" || exit 3
  sh "$top/tools/smpi/platform.sh" "$w/p$p.xml" "$w/p$p.hosts" "$p" 5 1.25e9 || exit 1
  if [ "${EMPTY:-1}" != 0 ]; then
    run "$p" empty "$w/skampi-smpi" -i "$w/empty.ski" -o "$w/empty$p.sko"
    [ -z "${BEFORE:-}" ] || run "$p" empty@ "$w/skampi-before" -i "$w/empty.ski" -o "$w/empty-before$p.sko"
  fi
  if [ "${SUITE:-1}" != 0 ]; then
    run "$p" suite "$w/skampi-smpi" -i "$top/ski/smpi_scale.ski" -o "$w/suite$p.sko"
    [ "${COLL:-log}" = log ] && model_check "$p" "$w/suite$p.sko"
    [ -z "${BEFORE:-}" ] || run "$p" suite@ "$w/skampi-before" -i "$top/ski/smpi_scale.ski" -o "$w/suite-before$p.sko"
  fi
  sum_wall=0 sum_cpu=0 max_rss=0 n=0
  plain=${PLAIN:-1 4 16 64 256 1024}
  [ "$plain" = none ] && plain=
  for c in $plain; do
    run "$p" "plain$c" "$w/plain_coll" bcast "$c" 1 8
    sum_wall=$(awk -v a="$sum_wall" -v b="$_wall" 'BEGIN { print a + b }')
    sum_cpu=$(awk -v a="$sum_cpu" -v b="$_cpu" 'BEGIN { print a + b }')
    case $_rss in *[!0-9]*|'') ;; *) [ $((_rss / 1024)) -gt "$max_rss" ] && max_rss=$((_rss / 1024)) ;; esac
    n=$((n + 1))
  done
  [ "$n" -gt 1 ] && printf '%6d  %-9s %9s %9s %9d %8s %4s\n' "$p" "plain($n)" "$sum_wall" "$sum_cpu" "$max_rss" - - | tee -a "$res"
done
exit 0
