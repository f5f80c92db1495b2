#!/bin/sh
# tests/output_files.sh SKAMPI_SEQ -- what -o does with what is already there: results are
# kept under NAME.1, NAME.2 ...; an empty file or a device (a character device node made
# here, in the test's own directory) is written to, never renamed.
set -u
cd "$(dirname "$0")/.."
skampi=$1
d=tests/out/output_files
rm -rf "$d"; mkdir -p "$d"
say() { if [ "$1" = 0 ]; then echo "ok $2"; else echo "FAIL $2: $3"; fi; }
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
