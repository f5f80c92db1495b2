#!/bin/sh
# tools/bench/peers_ratios.sh [mpich|openmpi] -- every benchmark of doc/peers.md that
# skampi runs by name, side by side with its peer: the OSU micro-benchmarks 7.4 program
# or the Intel MPI Benchmarks 2021 program runs it, then skampi with the same command line
# (`skampi osu_bw -m 1:4096 ...`, `skampi IMB-MPI1 PingPong -msglog 0:10 ...`), then the
# peer again: the two peer runs bracket skampi's and show the peer's own noise. The list
# is doc/peers.md's tables (first column the benchmark, the `skampi ...` cell its name
# under skampi), nothing else. Both tools print the peer's table, so one reader takes both
# (see figures() below): per size the figure the table leads with -- OSU's second column
# (latency in us, MB/s, messages/s; the first, "Avg Latency" or "Overall", of the
# barriers without sizes; osu_init's avg ms), IMB's t_max where it prints
# t_min/t_max/t_avg, else its first figure (t[usec], t_ovrl, t_avg, Mbytes/sec), t_pure for
# IMB-IO's non-blocking ones (skampi overlaps no computation there) and IMB's NON-AGGREGATE
# table where it prints two (IMB-IO's reads and non-blocking ones print AGGREGATE only,
# taken then, and the line says so).
# Per benchmark, over the sizes both tools printed (m = the mean of the two peer runs a, b):
#   ratio    median of skampi / m for times, m / skampi for bandwidths and rates: above 1
#            always means skampi read slower than the peer
#   peer     median of min(a,b)/m .. max(a,b)/m in the same sense: the peer's own spread
#   within   yes when the ratio lies inside that spread; inside = sizes where skampi's
#            figure lies between a and b
# A benchmark that fails under either tool (exit status, or no table) gets a line saying
# which, its exit status and its first error line; one the peer does not have (not built,
# or not in its -list) says so; one whose tables cannot be paired (no size both print:
# a size label of its own) says "mismatch" and why. A run is stopped after
# $RATIO_TIMEOUT s (default 120). Writes tools/bench/results/peers_ratios-<mpi>.txt with
# the load average before and after; tools/bench/peers_ratios_doc.sh puts the ratios into
# doc/peers.md. Raw logs stay in $RATIO_LOGS (default /tmp/ratio/<mpi>). 2 processes,
# more where the peer needs them (NP below). Peers are not part of skampi: build them with
# tools/bench/osu_build.sh and tools/bench/imb_build.sh (OSU_DIR, IMB_DIR: their bin
# directories, default /work/osu-inst-<mpi>/bin, /work/imb-inst-<mpi>/bin). Claims about
# speed live here, not in tests. About 10 minutes on a quiet 2-core machine.
# RATIO_ONLY=REGEX runs only the lines "PROGRAM NAME ..." it matches (a trial; the results
# file then holds those only).
set -eu
cd "$(dirname "$0")/../.."
top=$(pwd)
impl=${1:-mpich}
case $impl in
  openmpi) cc=mpicc.openmpi; version="$(mpirun.openmpi --version 2>&1 | head -1)" ;;
  mpich) cc=mpicc.mpich; version="MPICH $(mpichversion 2>/dev/null | sed -n "s/^MPICH Version:[[:space:]]*//p")" ;;
  *) echo "usage: $0 [mpich|openmpi]" >&2; exit 2 ;;
esac
osu_dir=${OSU_DIR:-/work/osu-inst-$impl/bin}
imb_dir=${IMB_DIR:-/work/imb-inst-$impl/bin}
logs=${RATIO_LOGS:-/tmp/ratio/$impl}
limit=${RATIO_TIMEOUT:-120}
[ -x "$osu_dir/osu_latency" ] || { echo "$0: no OSU in $osu_dir (tools/bench/osu_build.sh)" >&2; exit 1; }
[ -x "$imb_dir/IMB-MPI1" ] || { echo "$0: no IMB in $imb_dir (tools/bench/imb_build.sh)" >&2; exit 1; }
rm -rf "$logs"; mkdir -p "$logs/run"
$cc -O2 -o "$logs/skampi" skampi_amalgam.c -lm

# The command line both tools get, by program; 0-byte benchmarks without sizes, as OSU.
opts() { # PROGRAM NAME
  case $1 in
    osu) case $2 in
           osu_init|osu_hello) echo "" ;;
           osu_barrier|osu_ibarrier|osu_barrier_persistent) echo "-i 200 -x 20" ;;
           osu_neighbor_*|osu_ineighbor_*) echo "-m 1:256 -i 20 -x 2" ;; # 3 processes on 2 cores
           *) echo "-m 1:4096 -i 200 -x 20" ;;
         esac ;;
    IMB-MT) echo "-thread_level multiple -datatype char -count 1,64,4096 -repeat 200" ;;
    IMB-IO) echo "-msglog 10:12 -iter 10 -npmin 2 -aggregate_mode non_aggregate" ;; # skampi's mode
    IMB-P2P) case $2 in Stencil*) echo "-msglog 0:10 -iter 20" ;; *) echo "-msglog 0:10 -iter 100" ;; esac ;;
    *) echo "-msglog 0:10 -iter 100 -npmin 2" ;;
  esac
}
# Processes: 2, except where the peer refuses 2: OSU's neighbourhood collectives (a
# Cartesian grid of radius 1 needs 3), IMB-P2P's stencils (a 2x2 and a 2x2x2 grid).
# OSU's fan-in/out insist on two nodes or more: on one node they fail, and say so.
NP() { # PROGRAM NAME
  case $1/$2 in
    osu/osu_neighbor_*|osu/osu_ineighbor_*) echo 3 ;;
    IMB-P2P/Stencil2D) echo 4 ;;
    IMB-P2P/Stencil3D) echo 8 ;;
    *) echo 2 ;;
  esac
}

# doc/peers.md's benchmarks: "PROGRAM NAME SKAMPI-ARGS..." (SKAMPI-ARGS "-" when skampi
# runs none by that name); PROGRAM is osu or the IMB program of the section.
awk '/^## OSU/ { prog = "osu"; next } /^## IMB-/ { prog = $2; next } /^## / { prog = ""; next }
     prog != "" && /^\| `/ { n = split($0, cell, "|"); name = cell[2]; gsub(/[ `]/, "", name)
       cmd = "-"
       for (i = 3; i < n; i++) if (match(cell[i], /^ *`skampi [^`]*`/)) {
         cmd = substr(cell[i], RSTART, RLENGTH); gsub(/^ *`skampi |`$/, "", cmd); break }
       print prog, name, cmd }' doc/peers.md | grep -E -- "${RATIO_ONLY:-.}" > "$logs/list" || true

# figures FILE PROGRAM: "KIND" on the first line (time or rate), then "SIZE FIGURE" per
# data line of the first table (SIZE "-" for tables without sizes)
figures() {
  awk -v prog="$2" -v take_aggregate="${3:-}" '
    function kind_of(h) { return (h ~ /MB\/s|Mbytes\/sec|Msg\/sec|Messages\/s|Bandwidth/) ? "rate" : "time" }
    prog == "osu" && /^# *Size/ { print kind_of($0); osu = 1; next }
    prog == "osu" && /^# *(Avg Latency|Overall)\(us\)/ { print "time"; osu = 2; next }
    prog == "osu" && /^nprocs: / { print "time"; for (i = 1; i < NF; i++) if ($i == "avg:") print "-", $(i + 1); exit }
    osu == 1 && /^[0-9]/ && NF >= 2 { if (!($1 in seen)) print $1, $2; seen[$1] = 1; next }
    osu == 2 && /^ *[0-9.]+( |$)/ { print "-", $1; exit }
    prog != "osu" && /^# Benchmarking / { if (done) exit; bench = 1; agg = 0; col = 0; next }
    prog != "osu" && /MODE: AGGREGATE/ { agg = (take_aggregate == ""); next }
    prog != "osu" && /MODE: NON-AGGREGATE/ { agg = 0; next }
    bench && !agg && /^ *#bytes|^ *#repetitions/ {
      delete at; for (i = 1; i <= NF; i++) at[$i] = i
      bytes = ("#bytes" in at) ? at["#bytes"] : 0
      col = 0; for (i = 1; i <= NF; i++) if ($i != "#bytes" && $i != "#repetitions") { col = i; break }
      if ($col == "t_min[usec]" && ("t_max[usec]" in at)) col = at["t_max[usec]"]
      if (prog == "IMB-IO" && ("t_pure[usec]" in at)) col = at["t_pure[usec]"]
      print kind_of($col); next }
    bench && !agg && col && /^ *[0-9]/ { k = bytes ? $bytes : "-"; if (!(k in seen)) print k, $col; seen[k] = 1; done = 1; next }
    bench && done && !/^ *[0-9]/ && !/^$/ { exit }' "$1"
}
# first_error ERR OUT: the line that says what went wrong
first_error() {
  line=$(grep -h -m1 -i 'error\|abort\|fatal\|invalid\|usage\|unknown\|not \|cannot\|signal\|killed\|fail' "$1" "$2" 2>/dev/null | grep -v '^skampi: \[' | head -1)
  [ -n "$line" ] || line=$(grep -h -v '^skampi: \[\|^$' "$1" 2>/dev/null | head -1)
  [ -n "$line" ] || line="no table in the output"
  printf '%s' "$line" | tr -s ' \t' ' ' | cut -c1-140
}
# has_peer PROGRAM NAME: the peer's binary exists and (IMB) lists the benchmark
has_peer() {
  case $1 in
    osu) [ -x "$osu_dir/$2" ] ;;
    *) [ -x "$imb_dir/$1" ] || return 1
       [ -f "$logs/$1.list" ] || (cd "$logs/run" && "$imb_dir/$1" -list) > "$logs/$1.list" 2>&1 || true
       grep -Eq "^[#[:space:]]*$2([[:space:]]|\$)" "$logs/$1.list" ;;
  esac
}
# run TAG PROGRAM NP ARGS...: one MPI run in $logs/run, output to $logs/TAG.out/.err;
# prints the exit status
run() {
  tag=$1; np=$3; shift 3
  rc=0
  (cd "$logs/run" && OMP_NUM_THREADS=1 timeout "$limit" "$top/tools/mpirun.sh" "$impl" "$np" "$@") \
    > "$logs/$tag.out" 2> "$logs/$tag.err" < /dev/null || rc=$?
  echo $rc
}
# compare A S B: the benchmark's line's figures from three "SIZE FIGURE" files (KIND first)
compare() {
  awk 'FNR == 1 { kind[++f] = $1; next }
       f == 1 { a[$1] = $2; next } f == 3 { b[$1] = $2; next }
       { s[$1] = $2; order[++ns] = $1 }
       function med(v, n,   i, j, t) { for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
         return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }
       END { rate = kind[1] == "rate"
         for (i = 1; i <= ns; i++) { k = order[i]
           if (!(k in a) || !(k in b) || a[k] <= 0 || b[k] <= 0 || s[k] <= 0) continue
           m = (a[k] + b[k]) / 2; lo = a[k] < b[k] ? a[k] : b[k]; hi = a[k] < b[k] ? b[k] : a[k]
           n++; r[n] = rate ? m / s[k] : s[k] / m
           l[n] = rate ? m / hi : lo / m; h[n] = rate ? m / lo : hi / m
           if (s[k] >= lo && s[k] <= hi) inside++ }
         if (!n) { print "none"; exit }
         mr = med(r, n); ml = med(l, n); mh = med(h, n)
         printf "%s %d %.2f %.2f..%.2f %s %d/%d\n", rate ? "rate" : "time", n, mr, ml, mh,
           (mr >= ml && mr <= mh) ? "yes" : "no", inside, n }' "$@"
}

out=tools/bench/results/peers_ratios-$impl.txt
mkdir -p tools/bench/results
load_start=$(uptime | sed 's/.*load average: *//')
started=$(date -u '+%Y-%m-%d %H:%M UTC'); t0=$(date +%s)
total=$(wc -l < "$logs/list"); i=0
: > "$logs/lines"
while read -r prog name cmd; do
  i=$((i + 1)); tb=$(date +%s)
  np=$(NP "$prog" "$name"); o=$(opts "$prog" "$name")
  key=$(echo "$prog-$name" | tr -c 'A-Za-z0-9_\n-' '_')
  if [ "$cmd" = - ]; then line="uncovered: skampi runs none by this name"
  elif ! has_peer "$prog" "$name"; then
    if [ "$prog" = osu ]; then why="no $name in $osu_dir"
    elif [ -x "$imb_dir/$prog" ]; then why="$prog -list lacks it"
    else why="no $prog in $imb_dir"; fi
    line="no-peer: the peer has no such program ($why)"
  else
    if [ "$prog" = osu ]; then peer="$osu_dir/$name"; else peer="$imb_dir/$prog $name"; fi
    # shellcheck disable=SC2086
    rc_a=$(run "$key.peer_a" "$prog" "$np" $peer $o)
    # shellcheck disable=SC2086
    rc_s=$(run "$key.skampi" "$prog" "$np" "$logs/skampi" $cmd $o)
    # shellcheck disable=SC2086
    rc_b=$(run "$key.peer_b" "$prog" "$np" $peer $o)
    note=
    for t in peer_a skampi peer_b; do
      figures "$logs/$key.$t.out" "$prog" > "$logs/$key.$t.fig"
      # IMB-IO's reads and non-blocking ones print an AGGREGATE table only, whatever
      # -aggregate_mode says: that one then, and the line says so
      if [ "$(wc -l < "$logs/$key.$t.fig")" -lt 2 ] && grep -q 'MODE: AGGREGATE' "$logs/$key.$t.out" &&
          ! grep -q 'MODE: NON-AGGREGATE' "$logs/$key.$t.out"; then
        figures "$logs/$key.$t.out" "$prog" aggregate > "$logs/$key.$t.fig"; note=" (the peer's AGGREGATE table, its only one)"
      fi
    done
    why=
    # no figure from any of the three, every one exiting 0: nothing measured (osu_hello)
    if [ "$rc_a$rc_s$rc_b" = 000 ] && [ "$(cat "$logs/$key".*.fig | wc -l)" -eq 0 ]; then
      why=none; line="no-figure: all three ran (exit 0) and none prints a measurement"
    fi
    [ -n "$why" ] || for t in peer_a skampi peer_b; do
      case $t in peer_a) rc=$rc_a ;; skampi) rc=$rc_s ;; peer_b) rc=$rc_b ;; esac
      who=$([ $t = skampi ] && echo skampi || echo "peer ($t)")
      if [ "$rc" != 0 ]; then why="$who exit $rc: $(first_error "$logs/$key.$t.err" "$logs/$key.$t.out")"; break; fi
      if [ "$(wc -l < "$logs/$key.$t.fig")" -lt 2 ]; then
        why="$who exit 0, no figures: $(first_error "$logs/$key.$t.err" "$logs/$key.$t.out")"; break; fi
    done
    if [ "$why" = none ]; then :
    elif [ "${why%%:*}" = mismatch ]; then line=$why
    elif [ -n "$why" ]; then line="failed: $why"
    else
      c=$(compare "$logs/$key.peer_a.fig" "$logs/$key.skampi.fig" "$logs/$key.peer_b.fig")
      if [ "$c" = none ]; then
        line="mismatch: no size both print with a nonzero figure (sizes: peer $(sed 1d "$logs/$key.peer_a.fig" | cut -d' ' -f1 | tr '\n' ' ')skampi $(sed 1d "$logs/$key.skampi.fig" | cut -d' ' -f1 | tr '\n' ' ' | sed 's/ $//'))"
      else set -- $c; line="ok $1 sizes=$2 ratio=$3 peer=$4 within=$5 inside=$6$note"; fi
    fi
  fi
  printf '%-8s %-36s np=%s %s\n' "$prog" "$name" "$np" "$line" >> "$logs/lines"
  echo "peers_ratios [$i/$total] $prog $name: $line ($(( $(date +%s) - tb )) s)" >&2
done < "$logs/list"
load_end=$(uptime | sed 's/.*load average: *//')
{
  echo "# tools/bench/peers_ratios.sh $impl: skampi beside the OSU micro-benchmarks 7.4 and IMB 2021 by name, doc/peers.md's benchmarks"
  echo "# started $started, $(( ($(date +%s) - t0) / 60 )) min; $(uname -n), $(nproc) cores; load average (1, 5, 15 min) at the start $load_start, at the end $load_end"
  echo "# MPI: $version; skampi $(git describe --always --dirty 2>/dev/null || echo '?'); OSU $osu_dir; $(grep -h -m1 -o 'Intel(R) MPI Benchmarks [0-9.]*' "$logs"/*.list 2>/dev/null | head -1) $imb_dir"
  echo "# options: OSU -m 1:4096 -i 200 -x 20 (barriers: no -m; osu_init, osu_hello: none); IMB -msglog 0:10 -iter 100 -npmin 2;"
  echo "#   (OSU's neighbourhood collectives: np=3, -m 1:256 -i 20 -x 2); IMB-P2P -msglog 0:10 -iter 100 (Stencil2D/3D: np=4/8, -iter 20); IMB-IO -msglog 10:12 -iter 10 -npmin 2 -aggregate_mode non_aggregate; IMB-MT -thread_level multiple -datatype char"
  echo "#   -count 1,64,4096 -repeat 200 with OMP_NUM_THREADS=1; np=2 unless the line says otherwise"
  echo "# each benchmark: peer (a), skampi, peer (b), the same command line; per size m = (a + b) / 2"
  echo "# ratio: median over sizes of skampi/m (time) or m/skampi (rate): > 1 = skampi reads slower; peer: the median"
  echo "#   spread min(a,b)/m..max(a,b)/m in the same sense; within: ratio inside it; inside: sizes where skampi lies between a and b"
  cat "$logs/lines"
} > "$out"
echo "peers_ratios: $out ($(grep -c ' ok ' "$out") ok, $(grep -c ' failed: ' "$out") failed, $(grep -c ' mismatch: ' "$out") mismatched, $(grep -c ' no-peer: \| uncovered: \| no-figure: ' "$out") without a pair); raw logs in $logs" >&2
