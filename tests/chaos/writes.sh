#!/bin/sh
# tests/chaos/writes.sh [IMPL...] -- nothing lost when a write fails (doc/manual.md,
# "Reliability"): every write skampi makes is checked, a failure is said with the path and
# the reason, the output keeps its header and every complete suite, the exit status is 4,
# and the log lets the same command continue once there is room again; reports, exports
# and merges are never left partial under their name. IMPL: the MPIs to use (the first
# one gets the MPI run into a full file system); the sequential build always runs.
#   (a) a full file system: a small tmpfs of our own (root only, else skipped), filled up
#       to a few pages; then the filler removed and the run resumed
#   (b) a full device: our own node of /dev/full's numbers
#   (c) a closed standard output, a pipe and a FIFO whose reader quits early
#   (d) -r, -x, -m into the full tmpfs: no file under the final name (an old one intact),
#       no temporary file left
#   (e) a comment of several lines (output_comment of a multi-line environment variable,
#       a block name with a line break): every line of the .sko is '#' or a result line
#   (f) the output directory removed during the run; -o - with -L refused
# Work files in tests/out/chaos-writes; SKAMPI_OLD=DIR runs the same checks against
# DIR/skampi-seq, DIR/skampi-IMPL (binaries of an older version) instead.
set -u
. "$(dirname "$0")/../lib.sh"
d=$top/tests/out/chaos-writes
mnt=$d/mnt
mounted=0
cleanup() {
  if [ "$mounted" = 1 ]; then umount "$mnt" 2>/dev/null || umount -l "$mnt" 2>/dev/null; mounted=0; fi
}
trap cleanup EXIT
trap 'cleanup; exit 1' INT TERM HUP
[ -d "$mnt" ] && umount "$mnt" 2>/dev/null   # left over from a run that was killed
rm -rf "$d"; mkdir -p "$d" "$mnt"
SKAMPI_WAIT=2; export SKAMPI_WAIT

if [ -n "${SKAMPI_OLD:-}" ]; then
  seq_bin=$SKAMPI_OLD/skampi-seq
else
  seq_bin=$(sk_binary seq) || { bad "build of skampi-seq (tests/out/build-skampi-seq.log)"; finish; }
fi
mpi_impl=${1:-}
mpi_bin=""
if [ -n "$mpi_impl" ]; then
  if [ -n "${SKAMPI_OLD:-}" ]; then mpi_bin=$SKAMPI_OLD/skampi-$mpi_impl
  else mpi_bin=$(sk_binary mpi "$mpi_impl") || { bad "build of skampi-$mpi_impl"; mpi_bin=""; }; fi
fi

# 20 suites of 20 lines: about 2.7 kB a suite (sequential), 1.3 kB (MPI)
i=1; : > "$d/multi.ski"
while [ $i -le 20 ]; do
  printf 'begin measurement "suite %d"\n  for n = 1 to 20 do\n    measure MPI_COMM_WORLD : Synthetic_Busy(n, 5, 0.01, 8192, 100, 0.125)\n  od\nend measurement\n' $i >> "$d/multi.ski"
  i=$((i + 1))
done
cat > "$d/one.ski" <<'SKI'
begin measurement "one"
  for n = 1 to 4 do
    measure MPI_COMM_WORLD : Synthetic_Busy(n, 5, 0.01, 8192, 100, 0.125)
  od
end measurement
SKI

"$seq_bin" -i "$d/multi.ski" -o "$d/in.sko" 2>/dev/null   # the input of -r, -x, -m

# well_formed FILE: every line a '#' line or a result line inside a block, every block
# ended, the last line complete; prints what is wrong
well_formed() {
  [ -s "$1" ] || { echo "$1 is empty or missing"; return 1; }
  [ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ] || { echo "the last line of $1 is cut"; return 1; }
  awk '/^# begin result "/ { if (on) { print "line " NR ": a block begun inside a block"; bad = 1 } on = 1; next }
       /^# end result "/ { if (!on) { print "line " NR ": end of a block not begun"; bad = 1 } on = 0; next }
       /^#/ || /^$/ { next }
       on && /^([a-z_]+= [^ ]+ +)* *-?[0-9]+ +[-0-9.e+]+ +[-0-9.e+]+ +[0-9]+( +[-0-9.e+]+)*$/ { next }
       { print "line " NR " is neither a comment nor a result line: " $0; bad = 1 }
       END { if (on) { print "a block without its end"; bad = 1 } exit bad }' "$1"
}
# suites FILE: the names of its blocks, one per line
suites() { sed -n 's/^# begin result "\(.*\)"$/\1/p' "$1"; }
# once_each FILE N: blocks "suite 1" .. "suite N", each exactly once, in order
once_each() {
  i=1; : > "$d/want"
  while [ $i -le "$2" ]; do echo "suite $i" >> "$d/want"; i=$((i + 1)); done
  suites "$1" > "$d/got"
  cmp -s "$d/want" "$d/got" || { echo "suites: $(tr '\n' ',' < "$d/got")"; return 1; }
}

# ---- (a) a full file system, then room again: the same command continues ----
full_fs_run() {   # NAME LAUNCH...: the run into the nearly full tmpfs, then the resume
  name=$1; shift
  rm -f "$mnt"/*
  # leave 8 pages: one for the log, the others for the header and a few of the 20 suites
  # (each about 5 KiB with its #@ marks; the whole output is over 100 KiB)
  dd if=/dev/zero of="$mnt/filler" bs=4096 count=56 2>/dev/null
  # skampi's default (SKAMPI_KEEP_LOG unset): a run that ends removes its log, one that
  # could not write keeps it for the resume
  (unset SKAMPI_KEEP_LOG; "$@" -i "$d/multi.ski" -o "$mnt/r.sko") > "$d/$name.out" 2> "$d/$name.err"; st=$?
  [ $st -ne 0 ] && grep -q "$mnt/r.sko" "$d/$name.err" && grep -q "No space left on device" "$d/$name.err"
  say $? "${name}_full_fs_fails_with_message" "exit $st: $(grep -v 'done in' "$d/$name.err" | head -3)"
  why=$(well_formed "$mnt/r.sko" 2>&1); st=$?
  [ $st -eq 0 ] && n=$(suites "$mnt/r.sko" | wc -l) && [ "$n" -ge 1 ] && [ "$n" -lt 20 ]
  say $? "${name}_full_fs_keeps_complete_suites" "$why; $(suites "$mnt/r.sko" | wc -l) suites"
  ! grep -q '^finished' "$mnt/r.sko.log" 2>/dev/null
  say $? "${name}_full_fs_log_not_finished" "$(tail -2 "$mnt/r.sko.log" 2>/dev/null)"
  cp "$mnt/r.sko" "$d/$name.cut.sko" 2>/dev/null
  rm -f "$mnt/filler"
  (unset SKAMPI_KEEP_LOG; "$@" -i "$d/multi.ski" -o "$mnt/r.sko") > "$d/$name.resume.out" 2> "$d/$name.resume.err"; st=$?
  why=$(well_formed "$mnt/r.sko" 2>&1) && why=$(once_each "$mnt/r.sko" 20 2>&1)
  ok=$?
  [ $st -eq 0 ] && [ $ok -eq 0 ] && grep -q "resuming" "$d/$name.resume.err" &&
    { [ ! -e "$mnt/r.sko.1" ] || cmp -s "$mnt/r.sko.1" "$d/$name.cut.sko"; } &&  # what a resume cuts is kept first
    [ ! -e "$mnt/r.sko.log" ]                                                 # and the finished run's log goes
  say $? "${name}_full_fs_resumed_every_suite_once" "exit $st: $why $(grep -v 'done in' "$d/$name.resume.err" | head -2)"
}
if [ "$(id -u)" != 0 ]; then
  skip full_file_system "root"; skip reports_into_full_file_system "root"
elif ! mount -t tmpfs -o size=256k tmpfs "$mnt" 2>"$d/mount.err"; then
  skip full_file_system "mount -t tmpfs ($(cat "$d/mount.err"))"; skip reports_into_full_file_system "mount -t tmpfs"
else
  mounted=1
  full_fs_run seq "$seq_bin"
  if [ -n "$mpi_bin" ]; then full_fs_run "$mpi_impl" mpirun "$mpi_impl" 2 "$mpi_bin"
  else skip full_file_system_mpi "mpicc.openmpi or mpicc.mpich"; fi

  # ---- (d) -r, -x, -m into the full file system ----
  rm -f "$mnt"/*
  echo "old export" > "$mnt/old.csv"
  dd if=/dev/zero of="$mnt/filler" bs=4096 count=64 2>/dev/null    # every page: the file system is full
  for c in "r report.html" "r report.gp" "x x.csv" "x old.csv" "m merged.sko"; do
    set -- $c
    case $1 in
      r) "$seq_bin" -r "$mnt/$2" "$d/in.sko" > /dev/null 2> "$d/post.err" ;;
      x) "$seq_bin" -x csv "$d/in.sko" -o "$mnt/$2" > /dev/null 2> "$d/post.err" ;;
      m) "$seq_bin" -m "$mnt/$2" "$d/in.sko" "$d/in.sko" > /dev/null 2> "$d/post.err" ;;
    esac
    st=$?
    left=$(cd "$mnt" && ls | grep -v '^filler$' | grep -v '^old.csv$' | tr '\n' ' ')
    [ $st -ne 0 ] && grep -q "$mnt/" "$d/post.err" && [ -z "$left" ] && [ "$(cat "$mnt/old.csv")" = "old export" ]
    say $? "full_fs_$1_$(echo "$2" | tr . _)_nothing_partial" "exit $st, left: '$left', $(head -2 "$d/post.err")"
  done
  # ... and with room, the old file is kept as NAME.1 and the new one complete
  rm -f "$mnt/filler"
  "$seq_bin" -x csv "$d/in.sko" -o "$mnt/old.csv" > /dev/null 2> "$d/post.err"; st=$?
  [ $st -eq 0 ] && [ "$(cat "$mnt/old.csv.1")" = "old export" ] && [ "$(wc -l < "$mnt/old.csv")" -eq 401 ] &&
    [ "$(ls "$mnt" | wc -l)" -eq 2 ]
  say $? "export_with_room_keeps_backup" "exit $st: $(ls "$mnt" | tr '\n' ' ')"
  cleanup
fi

# ---- (b) a full device ----
if mknod "$d/full" c 1 7 2>/dev/null; then
  "$seq_bin" -i "$d/one.ski" -o "$d/full" > /dev/null 2> "$d/full.err"; st=$?
  [ $st -ne 0 ] && grep -q "$d/full.*No space left on device" "$d/full.err"
  say $? full_device_fails_with_message "exit $st: $(head -2 "$d/full.err")"
  "$seq_bin" -x csv "$d/in.sko" -o "$d/full" > /dev/null 2> "$d/full.err"; st=$?
  [ $st -ne 0 ] && grep -q "No space left on device" "$d/full.err"
  say $? full_device_export_fails "exit $st: $(head -2 "$d/full.err")"
  rm -f "$d/full"
else
  skip full_device "root (mknod)"
fi

# ---- (c) readers that are gone ----
"$seq_bin" -i "$d/one.ski" -o - >&- 2> "$d/closed.err"; st=$?
[ $st -ne 0 ] && grep -q "standard output" "$d/closed.err"
say $? closed_stdout_fails_with_message "exit $st: $(cat "$d/closed.err")"
"$seq_bin" -x csv "$d/in.sko" >&- 2> "$d/closed.err"; st=$?
[ $st -ne 0 ] && grep -q "standard output" "$d/closed.err"
say $? closed_stdout_export_fails "exit $st: $(cat "$d/closed.err")"
{ "$seq_bin" -i "$d/multi.ski" -o - 2> "$d/pipe.err"; echo $? > "$d/pipe.st"; } | head -c 100 > /dev/null
st=$(cat "$d/pipe.st")
[ "$st" -ne 0 ] && [ "$st" -lt 128 ] && grep -q "Broken pipe" "$d/pipe.err"
say $? pipe_reader_quits_fails_with_message "exit $st: $(grep -v 'done in' "$d/pipe.err" | head -2)"
mkfifo "$d/fifo"
head -c 100 "$d/fifo" > /dev/null & reader=$!
timeout 30 "$seq_bin" -i "$d/multi.ski" -o "$d/fifo" > /dev/null 2> "$d/fifo.err"; st=$?
wait $reader
[ $st -ne 0 ] && [ $st -lt 124 ] && grep -q "$d/fifo.*Broken pipe" "$d/fifo.err"
say $? fifo_reader_quits_fails_with_message "exit $st: $(grep -v 'done in' "$d/fifo.err" | head -2)"

# ---- (e) comments of several lines stay comments ----
cat > "$d/lines.ski" <<'SKI'
output_comment(get_env("SKAMPI_CHAOS_NOTE"))
begin measurement "two
lines"
  measure MPI_COMM_WORLD : Synthetic_Busy(1, 5, 0.01, 8192, 100, 0.125)
end measurement
SKI
SKAMPI_CHAOS_NOTE=$(printf 'Other MPI error, error stack:\nMPIR_Err_return(12): no\r\nMPID_Open(7): such file\n\nend') \
  "$seq_bin" -i "$d/lines.ski" -o "$d/lines.sko" 2> /dev/null; st=$?
why=$(well_formed "$d/lines.sko" 2>&1)
[ $st -eq 0 ] && [ -z "$why" ] && grep -q '^# MPID_Open(7): such file$' "$d/lines.sko"
say $? multiline_comment_one_hash_line_each "exit $st: $why"
"$seq_bin" -x csv "$d/lines.sko" > /dev/null 2> "$d/lines.err"
say $? multiline_comment_sko_reads_back "$(cat "$d/lines.err")"

# ---- (f) the output's directory removed during the run; -L with standard output ----
mkdir -p "$d/gone"
cat > "$d/slow.ski" <<'SKI'
set_min_repetitions(4)
set_max_repetitions(4)
begin measurement "a"
  measure MPI_COMM_WORLD : Synthetic_Busy(1, 20000, 0, 8192, 0, 0)
end measurement
begin measurement "b"
  measure MPI_COMM_WORLD : Synthetic_Busy(1, 300000, 0, 8192, 0, 0)
end measurement
begin measurement "c"
  measure MPI_COMM_WORLD : Synthetic_Busy(1, 20000, 0, 8192, 0, 0)
end measurement
SKI
"$seq_bin" -i "$d/slow.ski" -o "$d/gone/r.sko" > /dev/null 2> "$d/gone.err" & run=$!
tries=0
while [ $tries -lt 100 ] && ! grep -q '^done 1 ' "$d/gone/r.sko.log" 2>/dev/null; do sleep 0.05; tries=$((tries + 1)); done
rm -rf "$d/gone"
wait $run; st=$?
[ $st -ne 0 ] && grep -q "removed" "$d/gone.err"
say $? output_directory_removed_fails "exit $st: $(grep -v 'done in' "$d/gone.err" | head -2)"
"$seq_bin" -i "$d/one.ski" -o - -L "$d/stdout.log" > "$d/stdout.sko" 2> "$d/stdout.err"; st=$?
[ $st -eq 2 ] && grep -q -- "-L" "$d/stdout.err" && [ ! -s "$d/stdout.sko" ] && [ ! -e "$d/stdout.log" ]
say $? log_with_stdout_refused "exit $st: $(cat "$d/stdout.err")"

finish
