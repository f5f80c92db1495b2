#!/bin/sh
# tests/user_errors/output_files.sh SKAMPI_SEQ -- what -o (and -L) do with what is already there: results are
# kept under NAME.1, NAME.2 ...; an empty file or a device (a character device node made
# here, in the test's own directory), a FIFO made here, a link is written to, never renamed.
set -u
. "$(dirname "$0")/../lib.sh"
skampi=$1
d=tests/out/output_files
rm -rf "$d"; mkdir -p "$d"
cat > "$d/t.ski" <<'SKI'
begin measurement "x"
  measure MPI_COMM_WORLD : Synthetic_Busy(1, 5, 0.01, 8192, 100, 0.125)
end measurement
SKI
echo "old results" > "$d/kept.sko"
"$skampi" -i "$d/t.ski" -o "$d/kept.sko" 2>/dev/null
[ "$(cat "$d/kept.sko.1")" = "old results" ] && grep -q '# end result "x"' "$d/kept.sko"
say $? output_keeps_results_as_backup "$(ls "$d")"
: > "$d/empty.sko"
"$skampi" -i "$d/t.ski" -o "$d/empty.sko" 2>/dev/null
[ ! -e "$d/empty.sko.1" ] && grep -q '# end result "x"' "$d/empty.sko"
say $? output_empty_file_not_renamed "$(ls "$d")"
if mknod "$d/device" c 1 3 2>/dev/null; then     # the null device's numbers, our own node
  "$skampi" -i "$d/t.ski" -o "$d/device" 2>/dev/null
  [ -c "$d/device" ] && [ ! -e "$d/device.1" ]
  say $? output_device_not_renamed "$(ls -l "$d")"
  rm -f "$d/device"
else
  echo "skip output_device_not_renamed: mknod needs root"
fi
# a symbolic link to a file: the target's content is kept as LINK.1, then replaced
# through the link; the link stays a link, and no other file is touched
echo "old target" > "$d/target.sko"
ln -s target.sko "$d/link.sko"
"$skampi" -i "$d/t.ski" -o "$d/link.sko" 2>/dev/null
[ -L "$d/link.sko" ] && [ "$(cat "$d/link.sko.1")" = "old target" ] && [ ! -L "$d/link.sko.1" ] &&
  grep -q '# end result "x"' "$d/target.sko" && [ ! -e "$d/target.sko.1" ]
say $? output_symlink_written_through "$(ls -l "$d")"
# a FIFO is written as it is (no backup, no probe that blocks): a reader gets the results
mkfifo "$d/fifo"
cat "$d/fifo" > "$d/from_fifo" & reader=$!
timeout 20 "$skampi" -i "$d/t.ski" -o "$d/fifo" 2>/dev/null; st=$?
wait $reader
[ $st -eq 0 ] && [ -p "$d/fifo" ] && [ ! -e "$d/fifo.1" ] && [ ! -e "$d/fifo.log" ] && grep -q '# end result "x"' "$d/from_fifo"
say $? output_fifo_written "exit $st: $(ls -l "$d")"
# ... and without a reader it is refused after SKAMPI_WAIT seconds, before measuring
SKAMPI_WAIT=1 timeout 20 "$skampi" -i "$d/t.ski" -o "$d/fifo" 2> "$d/fifo.err"; st=$?
[ $st -eq 2 ] && grep -q "no process reads the FIFO" "$d/fifo.err"
say $? output_fifo_without_reader_refused "exit $st: $(cat "$d/fifo.err")"
# paths that cannot be written: refused (exit 2) before anything is measured or renamed
mkdir "$d/dir.sko"
"$skampi" -i "$d/t.ski" -o "$d/dir.sko" 2> "$d/dir.err"; st=$?
[ $st -eq 2 ] && grep -q "it is a directory" "$d/dir.err" && [ ! -e "$d/dir.sko.1" ]
say $? output_directory_refused "exit $st: $(cat "$d/dir.err")"
"$skampi" -i "$d/t.ski" -o "$d/no/such/dir/x.sko" > "$d/nodir.out" 2> "$d/nodir.err"; st=$?
[ $st -eq 2 ] && grep -q "cannot open" "$d/nodir.err" && ! grep -q 'done in' "$d/nodir.err"
say $? output_unwritable_refused_before_measuring "exit $st: $(cat "$d/nodir.err")"
# the log follows the same rules: -L to a link writes through it, its old content kept
echo "old log" > "$d/logtarget"
ln -s logtarget "$d/named.log"
"$skampi" -i "$d/t.ski" -o "$d/withlog.sko" -L "$d/named.log" 2>/dev/null
[ -L "$d/named.log" ] && [ "$(cat "$d/named.log.1")" = "old log" ] && grep -q '^finished ' "$d/logtarget" && [ ! -e "$d/withlog.sko.log" ]
say $? log_named_and_link_written_through "$(ls -l "$d")"
# a log that is a FIFO is written as it is (nothing to resume from it)
mkfifo "$d/logfifo"
cat "$d/logfifo" > "$d/from_logfifo" & reader=$!
timeout 20 "$skampi" -i "$d/t.ski" -o "$d/fifolog.sko" -L "$d/logfifo" 2>/dev/null; st=$?
wait $reader
[ $st -eq 0 ] && [ -p "$d/logfifo" ] && grep -q '^done 1 ' "$d/from_logfifo" && grep -q '^finished ' "$d/from_logfifo"
say $? log_fifo_written "exit $st: $(cat "$d/from_logfifo")"
