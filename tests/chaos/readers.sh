#!/bin/sh
# tests/chaos/readers.sh [IMPL ...] -- hostile inputs and surroundings of the readers and of
# the MPI-IO directory (doc/manual.md, "Reliability"):
#   * hostile .sko files (1e308, inf, nan, 1e999, negative sizes and times) given to -x, -m
#     and -r: exit status 2 with file:line:col, nothing written; extreme values the reader
#     takes (1e15 us, a loop value of 1e300) never put nan or inf into the report's SVG;
#   * -m, -r, -x, -l, -n of the MPI builds started directly (no mpirun) under `ulimit -n 8`
#     with no launcher on PATH: exit 0, output written, nothing from MPI on stderr;
#   * a missing and a read-only TMPDIR with an MPI-IO measurement: exit 2, the message
#     names TMPDIR and the path (at the measure statement, file:line:col);
#   * an endless device as input (our own node, mknod c 1 5) under `ulimit -v 200000`: a
#     clear error naming the file and the 16 MiB limit, exit 2;
#   * a dangling symbolic link as -o (a run and -x), as -r's report and as -L: refused,
#     exit 2, the target not created;
#   * an MPI-IO run killed with SIGKILL (mpirun's process group, started here by setsid, by
#     its pid) leaves its directory; the next run removes it and says so in its header,
#     and leaves alone the directory of a live process (this shell's pid).
# Everything happens in tests/out/chaos-readers with its own TMPDIR. IMPLs: the MPIs to use
# (tests/run.sh passes the installed ones); without any, the MPI cases are skipped.
set -u
. "$(dirname "$0")/../lib.sh"
d=$top/tests/out/chaos-readers
rm -rf "$d"
mkdir -p "$d/tmp"
TMPDIR=$d/tmp; export TMPDIR
seq=$(sk_binary seq) || { bad "readers: the sequential build fails (tests/out/build-skampi-seq.log)"; finish; }
mpis=""
for i in "$@"; do
  b=$(sk_binary mpi "$i") && mpis="$mpis $i" || bad "readers: the $i build fails (tests/out/build-skampi-$i.log)"
done
mpis=${mpis# }
first=""; for i in $mpis; do first=${first:-$i}; done
# the MPI-IO cases prefer MPICH: Open MPI's launcher keeps its session files in TMPDIR
io_impl=$first; case " $mpis " in *" mpich "*) io_impl=mpich ;; esac

# ---- hostile result files ----
printf '# SKaMPI Version test\n# begin result "s"\ncount= 1 4 1.5 0.1 8 1.4 1.6\ncount= 2 8 2.5 0.1 8 2.4 2.6\n# end result "s"\n' > "$d/good.sko"
# hostile NAME LINE COLUMN: h-NAME.sko whose third line is LINE; the error must name column COLUMN
hostile() {
  printf '# begin result "s"\ncount= 1 4 1.5 0.1 8\n%s\n# end result "s"\n' "$2" > "$d/h-$1.sko"
  f=$d/h-$1.sko
  for mode in x m r; do
    rm -f "$d/out.csv" "$d/merged.sko" "$d/rep.html"
    case $mode in
      x) "$seq" -x csv "$f" -o "$d/out.csv" > "$d/h.out" 2> "$d/h.err"; st=$?; made=$d/out.csv ;;
      m) "$seq" -m "$d/merged.sko" "$d/good.sko" "$f" > "$d/h.out" 2> "$d/h.err"; st=$?; made=$d/merged.sko ;;
      r) "$seq" -r "$d/rep.html" "$d/good.sko" "$f" > "$d/h.out" 2> "$d/h.err"; st=$?; made=$d/rep.html ;;
    esac
    [ $st -eq 2 ] && grep -q "^$f:3:$3: " "$d/h.err" && [ ! -e "$made" ]
    say $? "hostile_sko_${1}_-$mode" "exit $st, stderr: $(head -c 300 "$d/h.err"), written: $(ls "$made" 2>/dev/null)"
    if [ -f "$d/rep.html" ] && grep -Eq -- '-?nan|inf[ ,"]' "$d/rep.html"; then
      bad "hostile_sko_${1}_-r: the report holds nan or inf: $(grep -Eo -- '.{30}-?nan.{10}|.{30}inf[ ,"].{10}' "$d/rep.html" | head -2)"
    fi
  done
}
hostile time_1e308 'count= 2 8 1e308 0.1 8' 12
hostile time_and_stderr_1e308 'count= 2 8 1e308 1e308 8' 12   # the old report drew -nan from their sum
hostile time_inf 'count= 2 8 inf 0.1 8' 12
hostile time_nan 'count= 2 8 nan 0.1 8' 12
hostile stderr_1e999 'count= 2 8 2.5 1e999 8' 16
hostile size_negative 'count= 2 -8 2.5 0.1 8' 10
hostile time_negative 'count= 2 8 -2.5 0.1 8' 12
hostile stderr_negative 'count= 2 8 2.5 -0.1 8' 16
hostile node_time_negative 'count= 2 8 2.5 0.1 8 1.0 -3' 26
hostile node_time_1e308 'count= 2 8 2.5 0.1 8 1.0 1e308' 26
if [ -n "$first" ]; then   # the MPI build's reader is the same; once, for the record
  "$top/tests/out/skampi-$first" -x json "$d/h-time_1e308.sko" > /dev/null 2> "$d/h.err"
  st=$?; [ $st -eq 2 ] && grep -q "h-time_1e308.sko:3:12: " "$d/h.err"
  say $? "hostile_sko_time_1e308_-x_$first" "exit $st: $(head -c 300 "$d/h.err")"
fi
# values the reader takes, however extreme, give finite coordinates
printf '# begin result "big"\ncount= 1 4 1e15 1e15 8 0 1e15\ncount= 1e300 8 0.001 0 8 0.001 0.002\ncount= 1e308 8 1e15 0 8 1e15 1e15\n# end result "big"\n' > "$d/big.sko"
rm -f "$d/big.html"
"$seq" -r "$d/big.html" "$d/big.sko" > /dev/null 2> "$d/big.err"
st=$?
[ $st -eq 0 ] && grep -q '<svg' "$d/big.html" && ! grep -Eq -- '-?nan|inf[ ,"]' "$d/big.html"
say $? report_extreme_values_finite_coordinates "exit $st $(head -c 200 "$d/big.err") $(grep -Eo -- '.{30}-?nan.{10}|.{30}inf[ ,"].{10}' "$d/big.html" 2>/dev/null | head -2)"

# ---- modes that make no MPI call: no launcher, 8 descriptors ----
printf 'begin measurement "x"\n  measure MPI_COMM_WORLD : Synthetic_Busy(1, 5, 0.01, 8192, 100, 0.125)\nend measurement\n' > "$d/t.ski"
# offline NAME IMPL EXPECTED_FILE ARGS...: run under ulimit -n 8 and PATH without mpirun
offline() {
  name=$1; impl=$2; made=$3; shift 3
  rm -f "$made"
  (ulimit -n 8 && PATH=$d/no-launcher && export PATH && exec "$top/tests/out/skampi-$impl" "$@") \
    > "$d/off.out" 2> "$d/off.err"
  st=$?
  [ $st -eq 0 ] && [ -s "$made" ] && ! grep -qv '^skampi: ' "$d/off.err"
  say $? "no_mpi_${name}_$impl" "exit $st, $(ls -l "$made" 2>&1 | head -c 120), stderr: $(head -c 300 "$d/off.err")"
}
for i in $mpis; do
  offline merge "$i" "$d/m-$i.sko" -m "$d/m-$i.sko" "$d/good.sko" "$d/good.sko"
  offline report "$i" "$d/r-$i.html" -r "$d/r-$i.html" "$d/good.sko"
  offline export "$i" "$d/x-$i.csv" -x csv "$d/good.sko" -o "$d/x-$i.csv"
  offline list "$i" "$d/off.out" -l
  grep -q '^# measurement functions' "$d/off.out" || bad "no_mpi_list_$i: no catalogue on stdout"
  offline syntax "$i" "$d/off.out" -n -i "$top/ski/quick.ski"
  grep -q 'syntax OK' "$d/off.out" || bad "no_mpi_syntax_$i: no 'syntax OK' on stdout"
done
[ -n "$mpis" ] || skip "no_mpi_modes" "an MPI build (arguments: openmpi mpich)"

# ---- TMPDIR missing or read-only, with an MPI-IO measurement ----
printf 'set_min_repetitions(2)\nset_max_repetitions(2)\nbegin measurement "io"\n  measure MPI_COMM_WORLD : MPI_IO_open(1)\nend measurement\n' > "$d/io.ski"
if [ -n "$io_impl" ]; then
  mkdir -p "$d/ompi"
  OMPI_MCA_orte_tmpdir_base=$d/ompi; export OMPI_MCA_orte_tmpdir_base
  bin=$top/tests/out/skampi-$io_impl
  tmpdir_case() {   # NAME TMPDIR [WRAPPER...]
    name=$1; t=$2; shift 2
    rm -f "$d/io-$name.sko"
    TMPDIR=$t timeout 120 "$@" "$top/tools/mpirun.sh" "$io_impl" 2 "$bin" -i "$d/io.ski" -o "$d/io-$name.sko" \
      > "$d/io-$name.out" 2> "$d/io-$name.err"
    st=$?
    [ $st -eq 2 ] && grep -q "io.ski:4:[0-9]*: MPI-IO: .*TMPDIR=$t" "$d/io-$name.err" && ! grep -q 'internal error' "$d/io-$name.err"
    say $? "tmpdir_${name}_user_error_$io_impl" "exit $st: $(grep -v '^skampi: \[' "$d/io-$name.err" | head -c 400)"
  }
  tmpdir_case missing "$d/no-such-dir"
  mkdir -p "$d/ro"
  if [ "$(id -u)" != 0 ]; then
    chmod 555 "$d/ro"; tmpdir_case read_only "$d/ro"; chmod 755 "$d/ro"
  elif have unshare && unshare -m sh -c "mount --bind '$d/ro' '$d/ro' && mount -o remount,bind,ro '$d/ro'" 2>/dev/null; then
    # root writes into a mode-555 directory: a read-only bind mount in a mount namespace of its own
    tmpdir_case read_only "$d/ro" unshare -m sh -c "mount --bind '$d/ro' '$d/ro' && mount -o remount,bind,ro '$d/ro' && exec \"\$@\"" sh
  else skip tmpdir_read_only "a non-root user or unshare -m (mount namespaces)"; fi
  unset OMPI_MCA_orte_tmpdir_base
else skip tmpdir_user_error "an MPI build with MPI-IO"; fi

# ---- an endless device as input ----
if mknod "$d/zero" c 1 5 2>/dev/null; then   # the zero device's numbers, our own node
  for b in seq $first; do
    if [ "$b" = seq ]; then prog=$seq; else prog=$top/tests/out/skampi-$b; fi
    (ulimit -v 200000 && exec "$prog" -n -i "$d/zero") > /dev/null 2> "$d/zero.err"
    st=$?
    [ $st -eq 2 ] && grep -q "$d/zero.*16 MiB" "$d/zero.err"
    say $? "endless_device_input_bounded_$b" "exit $st: $(head -c 300 "$d/zero.err")"
  done
  rm -f "$d/zero"
else skip endless_device_input "root (mknod)"; fi

# ---- a dangling symbolic link as output or log ----
ln -s "$d/target.sko" "$d/dangling.sko"
ln -s "$d/target.log" "$d/dangling.log"
"$seq" -q -i "$d/t.ski" -o "$d/dangling.sko" > /dev/null 2> "$d/dl.err"
st=$?
[ $st -eq 2 ] && grep -q "dangling.sko.*symbolic link" "$d/dl.err" && [ ! -e "$d/target.sko" ] && [ -L "$d/dangling.sko" ]
say $? dangling_link_output_refused "exit $st: $(head -c 300 "$d/dl.err"); $(ls "$d" | grep target)"
ln -s "$d/target.csv" "$d/dangling.csv"    # an export named as one (a .sko name is refused for its suffix)
"$seq" -x csv "$d/good.sko" -o "$d/dangling.csv" > /dev/null 2> "$d/dl.err"
st=$?
[ $st -eq 2 ] && grep -q "symbolic link" "$d/dl.err" && [ ! -e "$d/target.csv" ]
say $? dangling_link_export_refused "exit $st: $(head -c 300 "$d/dl.err")"
ln -s "$d/target.html" "$d/dangling.html"
"$seq" -r "$d/dangling.html" "$d/good.sko" > /dev/null 2> "$d/dl.err"
st=$?
[ $st -eq 2 ] && grep -q "dangling.html.*symbolic link" "$d/dl.err" && [ ! -e "$d/target.html" ]
say $? dangling_link_report_refused "exit $st: $(head -c 300 "$d/dl.err")"
rm -f "$d/o.sko"
"$seq" -q -i "$d/t.ski" -o "$d/o.sko" -L "$d/dangling.log" > /dev/null 2> "$d/dl.err"
st=$?
[ $st -eq 2 ] && grep -q "dangling.log.*symbolic link" "$d/dl.err" && [ ! -e "$d/target.log" ]
say $? dangling_link_log_refused "exit $st: $(head -c 300 "$d/dl.err")"

# ---- the MPI-IO directory of a run killed by SIGKILL ----
if [ -n "$io_impl" ]; then
  k=$d/killtmp
  mkdir -p "$k" "$d/ompi"
  OMPI_MCA_orte_tmpdir_base=$d/ompi; export OMPI_MCA_orte_tmpdir_base
  bin=$top/tests/out/skampi-$io_impl
  # one process, so that no other rank's SIGTERM handler (MPICH's proxy ends the others
  # with SIGTERM) can tidy up after it: rank 0 (its pid is in the directory's name) and
  # then the launcher's process group, both started here, get SIGKILL
  TMPDIR=$k setsid "$top/tools/mpirun.sh" "$io_impl" 1 "$bin" -q -i tests/ski/mpi_io_endless.ski -o "$d/kill.sko" \
    > "$d/kill.out" 2>&1 &
  pid=$!
  i=0
  while [ $i -lt 600 ] && [ -z "$(find "$k" -path "$k/skampi-io-*/skampi_io-*" 2>/dev/null)" ]; do sleep 0.1; i=$((i + 1)); done
  dead=$(find "$k" -maxdepth 1 -name 'skampi-io-*' | head -n 1)
  rank0=${dead##*-}
  case $rank0 in ''|*[!0-9]*) rank0="" ;; esac
  if [ -n "$rank0" ] && tr '\0' ' ' < "/proc/$rank0/cmdline" 2>/dev/null | grep -q "$bin"; then kill -KILL "$rank0"; fi
  kill -KILL -"$pid" 2>/dev/null
  i=0
  while [ $i -lt 100 ] && { kill -0 -"$pid" 2>/dev/null || { [ -n "$rank0" ] && kill -0 "$rank0" 2>/dev/null; }; }; do
    sleep 0.1; i=$((i + 1))
  done
  wait "$pid" 2>/dev/null
  if [ -z "$dead" ] || [ ! -d "$dead" ]; then
    bad "killed_run_left_its_directory: no MPI-IO directory in $k after SIGKILL ($(ls "$k"))"
  else
    pass killed_run_left_its_directory
    host=$(basename "$dead" | sed 's/^skampi-io-//; s/-[0-9]*$//')
    live=$k/skampi-io-$host-$$         # this shell lives: its directory must stay
    mkdir -p "$live"; echo keep > "$live/skampi_io-live"
    rm -f "$d/next.sko"
    TMPDIR=$k timeout 120 "$top/tools/mpirun.sh" "$io_impl" 2 "$bin" -q -i "$d/io.ski" -o "$d/next.sko" > "$d/next.out" 2>&1
    st=$?
    [ $st -eq 0 ] && [ ! -e "$dead" ]
    say $? "next_run_removes_dead_run_directory_$io_impl" "exit $st, $(ls "$k"): $(tail -n 3 "$d/next.out")"
    grep -q "^# MPI-IO files: removed $dead, left by process" "$d/next.sko"
    say $? dead_run_directory_named_in_header "$(grep 'MPI-IO files' "$d/next.sko" 2>/dev/null)"
    [ -f "$live/skampi_io-live" ]
    say $? live_process_directory_left_alone "$(ls -la "$k")"
    rm -rf "$live"
  fi
  unset OMPI_MCA_orte_tmpdir_base
else skip killed_run_directory "an MPI build with MPI-IO"; fi
finish
