#!/bin/sh
# tests/integration/startup_opens.sh IMPL SKAMPI -- skampi's start-up does no file-system
# work on any rank but 0 (doc/manual.md, "Input"; doc/cluster.md): a launch of many
# processes on a shared file system must not open the input on every rank. A run of 2
# processes (no more, so that no timer signal of the poll breaker, host.h, stops the
# traced processes all the time) in a directory of its own, of an input with an
# @include, under
# strace -f -ff -v -e trace=execve,openat,open,creat,clone,clone3,fork,vfork: every traced
# thread is mapped to its process's rank (the rank variable of the launcher, Open MPI's
# OMPI_COMM_WORLD_RANK or MPICH's PMI_RANK, in the environment of the execve of SKAMPI;
# threads and children inherit it), then the opens of files in that directory (relative
# names opened from the working directory: the input, the included file, the output, its
# log and lock; not names relative to a directory descriptor, as hwloc's walk of /sys) are
# counted per rank:
#   opens_rank0_IMPL        rank 0 opened the input, the included file, the output, the
#                           log and the lock file
#   opens_other_ranks_IMPL  rank 1 opened none of them, nor anything else in the
#                           directory (their count is 0), and the run completed
# Skipped (one line) without strace or where it cannot trace (no ptrace in a container).
set -u
. "$(dirname "$0")/../lib.sh"
impl=$1; skampi=$2
have strace || { skip "startup_opens_$impl" strace; exit 0; }
strace -f -o /dev/null true 2>/dev/null || { skip "startup_opens_$impl" "strace that may trace (ptrace)"; exit 0; }
d=$out/opens-$impl
rm -rf "$d"; mkdir -p "$d/trace"
cat > "$d/settings.ski" <<'SKI'
set_min_repetitions(2)
set_max_repetitions(4)
SKI
cat > "$d/main.ski" <<'SKI'
@include "settings.ski"
begin measurement "barrier"
  measure MPI_COMM_WORLD : Barrier()
end measurement
SKI
# LeakSanitizer cannot run under ptrace (make check-sanitized): leaks are the other
# groups' concern, this run only counts opens
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"; export ASAN_OPTIONS
(cd "$d" && timeout 300 strace -f -ff -v -s 65536 -o trace/t -e trace=execve,openat,open,creat,clone,clone3,fork,vfork \
   "$top/tools/mpirun.sh" "$impl" 2 "$skampi" -i main.ski -o out.sko) > "$d/run.log" 2>&1
st=$?
# per traced thread: its parent (from the clone/fork results in the parent's file) and,
# for the execve of SKAMPI, its rank; then the rank of every thread by its ancestors
for f in "$d"/trace/t.*; do
  pid=${f##*.}
  awk -v pid="$pid" -v prog="$skampi" '
    /^(clone|clone3|fork|vfork)\(/ && / = [0-9]+$/ { print "child", $NF, pid }
    index($0, "execve(\"" prog "\"") == 1 && / = 0$/ {
      if (match($0, /"(OMPI_COMM_WORLD_RANK|PMI_RANK)=[0-9]+"/)) { r = substr($0, RSTART + 1, RLENGTH - 2); sub(/.*=/, "", r); print "rank", pid, r } }
    (/^openat\(AT_FDCWD, "/ || /^(open|creat)\("/) && !/= -1 / {
      p = $0; sub(/^[^"]*"/, "", p); sub(/".*/, "", p)
      if (p !~ /^\//) print "open", pid, p }' "$f"
done > "$d/events"
awk '
  $1 == "child" { parent[$2] = $3 } $1 == "rank" { rank[$2] = $3 }
  $1 == "open" { n++; opid[n] = $2; opath[n] = $3 }
  function rank_of(p,   q) { for (q = p; q != ""; q = parent[q]) if (q in rank) return rank[q]; return "launcher" }
  END { for (i = 1; i <= n; i++) print rank_of(opid[i]), opath[i] }' "$d/events" | sort | uniq -c > "$d/opens"
have_open() { grep -qE "^ +[0-9]+ $1 $2\$" "$d/opens"; }
ok=0
for f in main.ski settings.ski out.sko out.sko.log out.sko.lock; do have_open 0 "$f" || { ok=1; echo "rank 0 did not open $f"; }; done
[ $st -eq 0 ] && grep -q '^rank' "$d/events"
say $((ok + $?)) "opens_rank0_$impl" "exit $st; opens per rank: $(tr '\n' ';' < "$d/opens"); $(tail -n 2 "$d/run.log")"
others=$(awk '$2 != 0 && $2 != "launcher" { n += $1 } END { print n + 0 }' "$d/opens")
ranks=$(awk '$1 == "rank" { print $3 }' "$d/events" | sort -u | tr '\n' ' ')
[ $st -eq 0 ] && [ "$ranks" = "0 1 " ] && [ "$others" -eq 0 ] && tail -n 1 "$d/out.sko" | grep -q '^# Total runtime' 
say $? "opens_other_ranks_$impl" "ranks traced: $ranks; opens in the run's directory by rank 1: $others ($(tr '\n' ';' < "$d/opens"))"
finish
