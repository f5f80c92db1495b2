#!/bin/sh
# tests/chaos/hostile.sh [IMPL ...] -- never silently wrong (doc/manual.md "Reliability",
# "The result file's grammar"): each case a hostile user found plants here, and each must
# end in a clear error (non-zero status, file:line:col where there is one) or a correct
# result, never status 0 with lost or wrong results. The sequential build only (the
# readers, locks and logs are rank 0's alone):
#   1  a NUL byte in a .sko (a result line, a comment): -x, -r, -m, -c refuse it with
#      FILE:LINE:COL and status 2, write nothing; --lenient passes the one line over and
#      says so; bytes that are not UTF-8 in a result line or label refused, in a note kept
#      (and -x json stays valid JSON); a block begun inside another refused
#   2  two runs on one output through a symbolic link (o.sko and link.sko): the second is
#      refused (the lock is the file really written), the output has one run's lines
#   3  a symbolic or hard link planted as OUT.lock (or as the default OUT.log) pointing at
#      a victim: refused with the reason, the victim unchanged
#   6  a kept suite damaged (3 bytes) between a kill and the resume: the resume cuts it
#      and measures it again; the result is whole (-x takes it), every suite once
#   7  a log on a full file system (-L into our own small tmpfs, root only): exit 4 and
#      the log's name and reason on stderr, the output whole
#      and a killed run whose output was removed: the next run, of another input, starts
#      afresh (the log describes nothing any more), no backup left
#   8  -r with its operands swapped (-r seq.sko -o x.html), no inputs, an output that is
#      an input or has a result file's suffix: status 2, seq.sko untouched, no backup
#   9  a note "# (100 calls per timing ...)" is no discarded count; a collective's or a
#      stream's time gives no one-way latency in CSV and JSON
#  10  a read-only file system (our own tmpfs mounted ro, root only): the message names
#      the lock file and the reason (errno text)
# Work files in tests/out/chaos-hostile. SKAMPI_OLD=DIR runs the checks against
# DIR/skampi-seq (an older build) instead: each case fails there.
set -u
. "$(dirname "$0")/../lib.sh"
d=$top/tests/out/chaos-hostile
mnt=$d/mnt
mounted=0
cleanup() {
  if [ "$mounted" = 1 ]; then umount "$mnt" 2>/dev/null || umount -l "$mnt" 2>/dev/null; mounted=0; fi
}
trap cleanup EXIT
trap 'cleanup; exit 1' INT TERM HUP
[ -d "$mnt" ] && umount "$mnt" 2>/dev/null   # left over from a run that was killed
rm -rf "$d"; mkdir -p "$d" "$mnt"
SKAMPI_WAIT=1; export SKAMPI_WAIT
if [ -n "${SKAMPI_OLD:-}" ]; then seq=$SKAMPI_OLD/skampi-seq
else seq=$(sk_binary seq) || { bad "hostile: the sequential build fails (tests/out/build-skampi-seq.log)"; finish; }; fi

# a result file of 2 suites, 1,000 result lines (5,000 lines with their marks)
cat > "$d/many.ski" <<'EOF'
set_min_repetitions(2)
set_max_repetitions(2)
begin measurement "a"
  for n = 1 to 500 do
    measure MPI_COMM_WORLD : Synthetic_Virtual(n, 10, 0.1, 0, 0, 0)
  od
end measurement
begin measurement "b"
  for n = 1 to 500 do
    measure MPI_COMM_WORLD : Synthetic_Virtual(n, 20, 0.1, 0, 0, 0)
  od
end measurement
EOF
"$seq" -q -i "$d/many.ski" -o "$d/many.sko" 2> "$d/many.err"
[ "$(grep -c '^n= ' "$d/many.sko")" = 1000 ]
say $? hostile_sample_written "$(cat "$d/many.err")"

# wait_for_record LOG REGEX: until the run's log holds that record (10 s at most)
wait_for_record() {
  _tries=0
  until grep -q "$2" "$1" 2>/dev/null || [ $_tries -ge 100 ]; do sleep 0.1; _tries=$((_tries + 1)); done
}
# plant LINE TEXT-AS-PRINTF IN OUT: OUT is IN with TEXT inserted at the start of line LINE
plant() { { head -n $(($1 - 1)) "$3"; printf "$2"; tail -n +"$1" "$3"; } > "$4"; }
# refused NAME FILE LINE: -x csv, -x json, -r, -m and -c each exit 2 naming FILE:LINE: and write nothing
refused() {
  for mode in xcsv xjson r m c; do
    rm -f "$d/o.csv" "$d/o.json" "$d/o.html" "$d/o-m.sko" "$d/o-c.csv"
    case $mode in
      xcsv) "$seq" -x csv "$2" -o "$d/o.csv" > /dev/null 2> "$d/e"; st=$?; made=$d/o.csv ;;
      xjson) "$seq" -x json "$2" -o "$d/o.json" > /dev/null 2> "$d/e"; st=$?; made=$d/o.json ;;
      r) "$seq" -r "$d/o.html" "$2" > /dev/null 2> "$d/e"; st=$?; made=$d/o.html ;;
      m) "$seq" -m "$d/o-m.sko" "$d/many.sko" "$2" > /dev/null 2> "$d/e"; st=$?; made=$d/o-m.sko ;;
      c) "$seq" -c -o "$d/o-c.csv" "$d/many.sko" "$2" > /dev/null 2> "$d/e"; st=$?; made=$d/o-c.csv ;;
    esac
    [ $st = 2 ] && grep -q "^$2:$3:" "$d/e" && [ ! -e "$made" ]
    say $? "hostile_${1}_$mode" "exit $st, made: $(ls "$made" 2>/dev/null), stderr: $(head -c 300 "$d/e")"
  done
}

# ---- 1: NUL bytes, bytes that are not UTF-8, blocks out of order ----
r3=$(grep -n '^n= ' "$d/many.sko" | sed -n 3p | cut -d: -f1)     # the third result line
plant "$r3" '\0' "$d/many.sko" "$d/nul.sko"                # at its start: the old reader saw 2 lines
refused nul_in_result_line "$d/nul.sko" "$r3"
plant 25 '# a comment with a NUL \0 in it\n' "$d/many.sko" "$d/nulc.sko"
refused nul_in_comment "$d/nulc.sko" 25
"$seq" --lenient -x csv "$d/nul.sko" -o "$d/len.csv" > /dev/null 2> "$d/len.err"; st=$?
rows=$(($(wc -l < "$d/len.csv") - 1))
[ $st = 0 ] && [ $rows = 999 ] && grep -q "passed over 1 malformed line" "$d/len.err"
say $? hostile_nul_lenient_counts "exit $st, $rows rows, stderr: $(cat "$d/len.err")"
sed "${r3}s/^n= \\([0-9]*\\)/n= \\1\\o351/" "$d/many.sko" > "$d/latin1.sko"   # Latin-1 in a loop value
refused latin1_in_result_line "$d/latin1.sko" "$r3"
plant 23 '# measure caf\351\n' "$d/many.sko" "$d/latin1l.sko"
refused latin1_in_label "$d/latin1l.sko" 23
plant 2 '# comment: a note from caf\351 \377\n' "$d/many.sko" "$d/latin1n.sko"
"$seq" -x json "$d/latin1n.sko" -o "$d/n.json" > /dev/null 2> "$d/n.err"; st=$?
if have python3; then
  python3 -c 'import json,sys; json.loads(open(sys.argv[1], "rb").read().decode("utf-8"))' "$d/n.json" 2>> "$d/n.err"
  say $? hostile_latin1_note_json_valid "exit $st: $(head -c 300 "$d/n.err")"
else
  [ $st = 0 ] && ! LC_ALL=C grep -q "$(printf '\351')" "$d/n.json"
  say $? hostile_latin1_note_json_valid "exit $st: $(head -c 300 "$d/n.err")"
fi
# a block begun inside another: its end line lost
awk 'NR == 1 || $0 != "# end result \"a\""' "$d/many.sko" > "$d/nested.sko"
line=$(grep -n '^# begin result "b"' "$d/nested.sko" | cut -d: -f1)
refused nested_block "$d/nested.sko" "$line"

# ---- 2, 3: locks by the file really written, never through a link ----
cat > "$d/slow.ski" <<'EOF'
set_min_repetitions(2)
set_max_repetitions(2)
begin measurement "slow"
  for n = 1 to 25 do
    measure MPI_COMM_WORLD : Synthetic_Busy(n, 60000, 0, 0, 0, 0)
  od
end measurement
EOF
mkdir "$d/lk"
echo "old" > "$d/lk/o.sko"
ln -s o.sko "$d/lk/link.sko"
"$seq" -q -i "$d/slow.ski" -o "$d/lk/o.sko" 2> "$d/lk/a.err" & a=$!
wait_for_record "$d/lk/o.sko.log" '^header '
"$seq" -q -i "$d/slow.ski" -o "$d/lk/link.sko" 2> "$d/lk/b.err"; stb=$?
wait $a; sta=$?
[ $sta = 0 ] && [ $stb = 2 ] && grep -q "o.sko.lock' is locked" "$d/lk/b.err" &&
  [ "$(grep -c '^# SKaMPI Version' "$d/lk/o.sko")" = 1 ] && [ "$(grep -c '^n= ' "$d/lk/o.sko")" = 25 ] &&
  [ ! -e "$d/lk/link.sko.1" ]
say $? hostile_lock_through_symlink "first exit $sta, second exit $stb: $(cat "$d/lk/b.err"); $(ls "$d/lk")"
for kind in symlink hardlink; do
  mkdir "$d/v-$kind"
  echo "precious" > "$d/v-$kind/victim"
  if [ $kind = symlink ]; then ln -s victim "$d/v-$kind/o.sko.lock"; else ln "$d/v-$kind/victim" "$d/v-$kind/o.sko.lock"; fi
  "$seq" -q -i "$d/many.ski" -o "$d/v-$kind/o.sko" 2> "$d/v-$kind/e"; st=$?
  [ $st = 2 ] && [ "$(cat "$d/v-$kind/victim")" = precious ] && grep -q "lock file '.*o.sko.lock' is" "$d/v-$kind/e" &&
    [ ! -e "$d/v-$kind/o.sko" ]
  say $? "hostile_lock_file_$kind" "exit $st: $(cat "$d/v-$kind/e"); victim: $(head -c 100 "$d/v-$kind/victim")"
done
mkdir "$d/v-log"
echo "precious" > "$d/v-log/victim"
ln -s victim "$d/v-log/o.sko.log"
"$seq" -q -i "$d/many.ski" -o "$d/v-log/o.sko" 2> "$d/v-log/e"; st=$?
[ $st = 2 ] && [ "$(cat "$d/v-log/victim")" = precious ] && grep -q "its log '.*o.sko.log' is a symbolic link" "$d/v-log/e"
say $? hostile_default_log_symlink "exit $st: $(cat "$d/v-log/e"); victim: $(head -c 100 "$d/v-log/victim")"

# ---- 6: resume checks the suites it keeps ----
mkdir "$d/rs"
cat > "$d/rs/k.ski" <<'EOF'
set_min_repetitions(2)
set_max_repetitions(2)
begin measurement "one"
  for n = 1 to 20 do
    measure MPI_COMM_WORLD : Synthetic_Virtual(n, 10, 0, 0, 0, 0)
  od
end measurement
begin measurement "two"
  for n = 1 to 20 do
    measure MPI_COMM_WORLD : Synthetic_Virtual(n, 20, 0, 0, 0, 0)
  od
end measurement
begin measurement "three"
  for n = 1 to 20 do
    measure MPI_COMM_WORLD : Synthetic_Busy(n, 60000, 0, 0, 0, 0)
  od
end measurement
EOF
"$seq" -q -i "$d/rs/k.ski" -o "$d/rs/o.sko" 2> /dev/null & p=$!
wait_for_record "$d/rs/o.sko.log" '^done 2 '
kill -9 $p 2>/dev/null; wait $p 2>/dev/null
# 3 bytes of suite "two"'s fifth result line overwritten
line=$(awk '/^# begin result "two"/ { b = 1 } b && /^n= 5 / { print NR; exit }' "$d/rs/o.sko")
sed "${line}s/^\(n= 5  *5  *\)[0-9][0-9.]/\1x#/" "$d/rs/o.sko" > "$d/rs/damaged" && cat "$d/rs/damaged" > "$d/rs/o.sko"
cp "$d/rs/o.sko" "$d/rs/as_damaged.sko"
"$seq" -i "$d/rs/k.ski" -o "$d/rs/o.sko" > /dev/null 2> "$d/rs/resume.err"; st=$?
"$seq" -x csv "$d/rs/o.sko" -o "$d/rs/o.csv" > /dev/null 2> "$d/rs/x.err"; stx=$?
[ -n "$line" ] && [ $st = 0 ] && [ $stx = 0 ] && grep -q "damaged" "$d/rs/resume.err" &&
  [ "$(grep -c '^# begin result "one"' "$d/rs/o.sko")" = 1 ] && [ "$(grep -c '^# begin result "two"' "$d/rs/o.sko")" = 1 ] &&
  [ "$(grep -c '^# end result "three"' "$d/rs/o.sko")" = 1 ] && [ "$(grep -c '^[^,]*,two,' "$d/rs/o.csv")" = 20 ] &&
  cmp -s "$d/rs/o.sko.1" "$d/rs/as_damaged.sko"
say $? hostile_resume_damaged_suite_measured_again "damaged line $line; resume exit $st: $(head -c 400 "$d/rs/resume.err"); -x exit $stx: $(cat "$d/rs/x.err"); backups: $(ls "$d/rs")"

# ---- a killed run whose output was removed (OTPO reads the output, removes it, runs the
# next collective): the next run, of another input, starts afresh and leaves no backup ----
mkdir "$d/og"
"$seq" -q -i "$d/slow.ski" -o "$d/og/o.sko" 2> /dev/null & p=$!
wait_for_record "$d/og/o.sko.log" '^start 1 '
kill -9 $p 2>/dev/null; wait $p 2>/dev/null
rm -f "$d/og/o.sko"
"$seq" -q -i "$d/many.ski" -o "$d/og/o.sko" 2> "$d/og/e"; st=$?
[ $st = 0 ] && [ "$(grep -c '^n= ' "$d/og/o.sko")" = 1000 ] && [ ! -e "$d/og/o.sko.1" ] && [ ! -e "$d/og/o.sko.log.1" ]
say $? hostile_removed_output_starts_afresh "exit $st: $(cat "$d/og/e"); $(ls "$d/og")"

# ---- 8: -r's operands ----
cp "$d/many.sko" "$d/seq.sko"
for args in "-r $d/seq.sko -o $d/x.html" "-r $d/seq.sko $d/seq.sko" "-r $d/rep.sko $d/seq.sko" "-x csv $d/seq.sko -o $d/seq.sko" \
            "-x json $d/seq.sko -o $d/seq.csv"; do
  # shellcheck disable=SC2086
  "$seq" $args > /dev/null 2> "$d/r.err"; st=$?
  [ $st = 2 ] && cmp -s "$d/seq.sko" "$d/many.sko" && [ ! -e "$d/seq.sko.1" ] && [ ! -e "$d/x.html" ] && [ ! -e "$d/rep.sko" ] &&
    [ ! -e "$d/seq.csv" ] && [ -s "$d/r.err" ]
  say $? "hostile_postproc_operands_$(echo "$args" | sed "s|$d/||g; s/[^a-z0-9.]/_/g")" "exit $st: $(cat "$d/r.err"); $(ls "$d" | grep -c '^seq.sko')"
done

# ---- 9: notes that are no counts; latencies only where the time is one ----
cat > "$d/notes.sko" <<'EOF'
# SKaMPI Version test
# begin result "coll"
#@ suite: time=operation
count= 1 4 1.5 0.1 8
# (100 calls per timing: the clock's tick is too coarse for one)
count= 2 8 2.5 0.1 8
# (3 repetitions discarded: a process began late)
# end result "coll"
# begin result "stream"
#@ suite: time=per_message
count= 1000 1000 2.0 0.1 8
# end result "stream"
# begin result "pp"
#@ suite: time=round_trip
count= 1000 1000 4.0 0.1 8
# end result "pp"
EOF
"$seq" -x csv "$d/notes.sko" -o "$d/notes.csv" 2> "$d/notes.err"; st=$?
# columns: 12 invalid_repetitions, 21 oneway_latency_us, 22 bandwidth_mb_per_s
got=$(awk -F, 'NR > 1 { printf "%s/%s/%s ", $12, $21, $22 }' "$d/notes.csv")
[ $st = 0 ] && [ "$got" = "0// 3// 0//500 0/2/500 " ]
say $? hostile_notes_and_latencies_csv "exit $st: got '$got' (invalid/oneway/MBps per row): $(cat "$d/notes.err")"
"$seq" -x json "$d/notes.sko" -o "$d/notes.json" 2> "$d/notes.err"; st=$?
[ $st = 0 ] && [ "$(grep -o '"oneway_latency_us": [0-9][0-9.]*' "$d/notes.json" | tr '\n' ' ')" = '"oneway_latency_us": 2 ' ] &&
  ! grep -q '"invalid_repetitions": 100' "$d/notes.json"
say $? hostile_notes_and_latencies_json "exit $st: $(grep -o '"oneway_latency_us": [a-z0-9.]*\|"invalid_repetitions": [0-9]*' "$d/notes.json" | tr '\n' ' ')"

# ---- 7, 10: a full and a read-only file system (our own tmpfs) ----
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=256k tmpfs "$mnt" 2>/dev/null; then
  mounted=1
  dd if=/dev/zero of="$mnt/filler" bs=4k count=1000 2>/dev/null
  "$seq" -i "$d/many.ski" -o "$d/full.sko" -L "$mnt/full.log" > /dev/null 2> "$d/full.err"; st=$?
  [ $st = 4 ] && grep -q "cannot write the log '$mnt/full.log': No space left on device" "$d/full.err" &&
    [ "$(grep -c '^n= ' "$d/full.sko")" = 1000 ] && ! grep -q "results written" "$d/full.err"
  say $? hostile_log_on_full_fs "exit $st: $(cat "$d/full.err")"
  cleanup
  if mount -t tmpfs -o size=256k,ro tmpfs "$mnt" 2>/dev/null; then
    mounted=1
    "$seq" -i "$d/many.ski" -o "$mnt/ro.sko" > /dev/null 2> "$d/ro.err"; st=$?
    [ $st = 2 ] && grep -q "lock file '$mnt/ro.sko.lock' cannot be created: Read-only file system" "$d/ro.err"
    say $? hostile_read_only_fs_says_why "exit $st: $(cat "$d/ro.err")"
    cleanup
  else skip hostile_read_only_fs_says_why "a read-only tmpfs mount"; fi
else
  skip hostile_log_on_full_fs "root (a tmpfs of our own)"
  skip hostile_read_only_fs_says_why "root (a tmpfs of our own)"
fi
finish
