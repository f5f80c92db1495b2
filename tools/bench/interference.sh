#!/bin/sh
# tools/bench/interference.sh [-q] [-k "0 1 2 4"] [-n RUNS] [-s SKI] [IMPL ...] -- skampi
# while other CPU-bound processes share the machine. For each MPI (default: openmpi mpich,
# the ones installed) and each K (default 0 1 2 4) it starts K CPU spinners
# (tools/bench/spin.c), then, RUNS times (default 3) interleaved within the same load
# period: skampi with 2 processes on SKI (default ski/coll.ski) and on
# tools/bench/interference_pt2pt.ski (ping-pong round trips), each result line's plain
# counterpart (tools/bench/plain_coll.c, an OSU-style loop, the reference); then it ends
# the spinners (by pid). -q: quick, one reduced input (a 1 KiB broadcast, an allreduce of
# 256 doubles, a barrier, a 1 KiB ping-pong; written to the work directory) and RUNS 3.
# Result lines map to plain_coll by their block's name: MPI_Bcast-*, MPI_Alltoall-*,
# MPI_Gather-*, MPI_Scatter-* (bytes), MPI_Reduce-* (MPI_INT, MPI_SUM), MPI_Allreduce-*
# (MPI_DOUBLE, MPI_MAX), MPI_Barrier-*, Pingpong_Send_Recv* (bytes, round trip), the count
# taken from the line's byte column (a -nodes line only with 2 nodes), as in ski/coll.ski.
# Writes tools/bench/results/interference-IMPL.md: per result line the median over RUNS of
# skampi's time and of the plain loop's at each K, skampi(K)/skampi(0) and
# skampi(K)/plain(K); skampi's wall time per K and its ratio to K = 0. Builds and runs go
# to tools/bench/work/interference/ (git-ignored). Environment: SK_TIMEOUT (300 s per skampi
# run), PLAIN_TIMEOUT (120 s per plain run), PLAIN_ITERS and PLAIN_RUNS (200, 11).
set -u
cd "$(dirname "$0")/../.." || exit 2
usage() { echo "usage: $0 [-q] [-k \"0 1 2 4\"] [-n RUNS] [-s SKI] [openmpi|mpich ...]" >&2; exit 2; }
ks="0 1 2 4"; runs=3; ski=""; quick=0
while [ $# -gt 0 ]; do
  case $1 in
    -k) [ $# -ge 2 ] || usage; ks=$2; shift 2 ;;
    -n) [ $# -ge 2 ] || usage; runs=$2; shift 2 ;;
    -s) [ $# -ge 2 ] || usage; ski=$2; shift 2 ;;
    -q) quick=1; runs=3; shift ;;
    -*) usage ;;
    *) break ;;
  esac
done
case $runs in ''|*[!0-9]*|0) echo "$0: RUNS must be a positive whole number" >&2; exit 2 ;; esac
for k in $ks; do case $k in ''|*[!0-9]*) echo "$0: K values must be whole numbers" >&2; exit 2 ;; esac; done
if [ $quick = 1 ] && [ -n "$ski" ]; then echo "$0: -q brings its own input; leave out -s" >&2; exit 2; fi
if [ $# -gt 0 ]; then impls=$*
else
  impls=""
  for i in openmpi mpich; do command -v "mpicc.$i" >/dev/null 2>&1 && impls="$impls $i"; done
fi
[ -n "$impls" ] || { echo "$0: no MPI found (mpicc.openmpi, mpicc.mpich)" >&2; exit 2; }
SK_TIMEOUT=${SK_TIMEOUT:-300}       # seconds for a skampi run
PLAIN_TIMEOUT=${PLAIN_TIMEOUT:-120} # seconds for a plain_coll run
PLAIN_ITERS=${PLAIN_ITERS:-200}     # plain_coll's ITERS and RUNS
PLAIN_RUNS=${PLAIN_RUNS:-11}
SPIN_SAFETY=3600                    # a spinner left behind ends by itself after this
work=tools/bench/work/interference; res=tools/bench/results
mkdir -p "$work" "$res"
pt2pt=tools/bench/interference_pt2pt.ski
if [ $quick = 1 ]; then
  ski=$work/quick.ski
  cat > "$ski" <<'EOF'
# quick input of tools/bench/interference.sh -q (written by it)
set_min_repetitions(8)
set_max_repetitions(24)
set_max_relative_standard_error(0.1)
begin measurement "MPI_Bcast-quick"
  measure MPI_COMM_WORLD : Bcast(1kb, MPI_BYTE, 0)
end measurement
begin measurement "MPI_Allreduce-quick"
  measure MPI_COMM_WORLD : Allreduce(256, MPI_DOUBLE, MPI_MAX)
end measurement
begin measurement "MPI_Barrier-quick"
  measure MPI_COMM_WORLD : Barrier()
end measurement
begin measurement "Pingpong_Send_Recv-quick"
  measure comm(2) : Pingpong_Send_Recv(1kb, MPI_BYTE, 0, 20)
end measurement
EOF
  inputs="$ski"
else
  ski=${ski:-ski/coll.ski}
  inputs="$ski $pt2pt"
fi
for f in $inputs; do [ -f "$f" ] || { echo "$0: no input $f" >&2; exit 2; }; done

# ---- spinners: started and ended by pid only ----
. tools/bench/spinners.sh
now() { date +%s.%N; }

cc=cc
# shellcheck disable=SC2086
if ! command -v cc >/dev/null 2>&1; then set -- $impls; cc=mpicc.$1; fi
"$cc" -O2 -o "$work/spin" tools/bench/spin.c || exit 1

# parse SKO K R: "sk K R block key time op opcount" (tab-separated) per data line; op and
# opcount "-" where no plain counterpart is mapped; time "empty" for a line of 0
# repetitions (every one discarded: no reading)
parse() {
  awk -v k="$2" -v r="$3" -v np=2 '
    BEGIN { OFS = "\t" }
    /^# begin result "/ { i = index($0, "\""); block = substr($0, i + 1); sub(/".*/, "", block); next }
    /^# end result/ { block = ""; next }
    /^#/ || NF < 2 || block == "" { next }
    {
      if ($1 ~ /=$/) { key = $1 $2; bytes = $3; t = $4; reps = $6; nodes = ($1 == "nodes=") ? $2 : np }
      else { key = $1; bytes = $1; t = $2; reps = $4; nodes = np }
      if (reps + 0 < 1) t = "empty"
      op = "-"; n = bytes
      if (nodes == np) {
        if (block ~ /^MPI_Bcast-/) op = "bcast"
        else if (block ~ /^MPI_Alltoall-/) op = "alltoall"
        else if (block ~ /^MPI_Gather-/) op = "gather"
        else if (block ~ /^MPI_Scatter-/) op = "scatter"
        else if (block ~ /^MPI_Reduce-/) { op = "reduce"; n = bytes / 4 }
        else if (block ~ /^MPI_Allreduce-/) { op = "allreduce"; n = bytes / 8 }
        else if (block ~ /^MPI_Barrier-/) { op = "barrier"; n = 0 }
        else if (block ~ /^Pingpong_Send_Recv(-|$)/) op = "pingpong"
        if (n != int(n)) op = "-"
      }
      print "sk", k, r, block, key, t, op, (op == "-" ? "-" : n)
    }' "$1"
}

# skampi_run IN K R: one skampi run on IN, its readings and wall time to the samples
skampi_run() {
  name=$(basename "$1" .ski)-K$2-r$3
  t0=$(now)
  timeout "$SK_TIMEOUT" tools/mpirun.sh "$impl" 2 "$work/skampi-$impl" -q -F -i "$1" -o "$dir/$name.sko" \
    > "$dir/$name.out" 2> "$dir/$name.err"
  st=$?
  t1=$(now)
  [ $st = 0 ] || echo "skampi $name: exit $st ($(tail -n 1 "$dir/$name.err"))" >> "$dir/failures.txt"
  awk -v a="$t0" -v b="$t1" -v k="$2" -v r="$3" -v in_="$1" \
    'BEGIN { OFS = "\t"; print "wall", k, r, in_, "-", sprintf("%.3f", b - a), "-", "-" }' >> "$dir/samples.txt"
  [ -f "$dir/$name.sko" ] && parse "$dir/$name.sko" "$2" "$3" >> "$dir/samples.txt"
}

# plain_runs K R: every mapped operation once
plain_runs() {
  awk -F '\t' '$1 == "sk" && $7 != "-" { print $7, $8 }' "$dir/samples.txt" | sort -u > "$dir/plan.txt"
  while read -r op count; do
    name=plain-$op-$count-K$1-r$2
    timeout "$PLAIN_TIMEOUT" tools/mpirun.sh "$impl" 2 "$work/plain_coll-$impl" "$op" "$count" "$PLAIN_ITERS" "$PLAIN_RUNS" \
      > "$dir/$name.out" 2> "$dir/$name.err" < /dev/null
    st=$?
    [ $st = 0 ] || echo "plain $name: exit $st ($(tail -n 1 "$dir/$name.err"))" >> "$dir/failures.txt"
    awk -v k="$1" -v r="$2" -v op="$op" 'BEGIN { OFS = "\t" } $1 == op && NF >= 4 { print "pl", k, r, "-", "-", $3, $1, $2 }
      $1 == op && NF == 5 { print "p1", k, r, "-", "-", $5, $1, $2 }' "$dir/$name.out" >> "$dir/samples.txt"
  done < "$dir/plan.txt"
}

# table: the Markdown table from the samples
table() {
  awk -F '\t' -v ks="$ks" -v runs="$runs" '
    # the median, empty readings counted as the longest: "" without readings, "empty"
    # when the median is an empty reading
    function median(key,   n, t, a, b, i, j, x, v) {
      n = vals[key] == "" ? 0 : split(vals[key], v, " ")
      t = n + empty[key]
      if (t == 0) return ""
      for (i = 2; i <= n; i++) { x = v[i] + 0; for (j = i - 1; j >= 1 && v[j] + 0 > x; j--) v[j + 1] = v[j]; v[j + 1] = x }
      a = int((t + 1) / 2); b = int(t / 2) + 1
      if (b > n) return "empty"
      return (v[a] + v[b]) / 2
    }
    function num(x, f) { return x == "" ? "-" : x == "empty" ? "no reading" : sprintf(f, x) }
    function ratio(a, b) { return (a == "" || b == "" || a == "empty" || b == "empty" || b + 0 == 0) ? "-" : sprintf("%.2f", a / b) }
    function add(key, v) { if (v == "empty") empty[key]++; else vals[key] = vals[key] (vals[key] == "" ? "" : " ") v }
    function cell(key, f,   m) { m = median(key); return num(m, f) (empty[key] ? " (" empty[key] " empty)" : "") }
    $1 == "sk" { row = $4 "\t" $5; if (!(row in seen)) { seen[row] = 1; rows[nr++] = row; plainof[row] = $7 " " $8 }
                 add("sk\t" row "\t" $2, $6) }
    $1 == "pl" { add("pl\t" $7 " " $8 "\t" $2, $6) }
    $1 == "p1" { add("p1\t" $7 " " $8 "\t" $2, $6) }
    $1 == "wall" { if (!($4 in wseen)) { wseen[$4] = 1; wrows[nw++] = $4 }; add("wall\t" $4 "\t" $2, $6) }
    END {
      nk = split(ks, k, " ")
      printf "| block | line | plain_coll |"
      for (i = 1; i <= nk; i++) {
        printf " skampi K=%s | loop K=%s | 1-call K=%s |", k[i], k[i], k[i]
        if (k[i] != k[1]) printf " skampi/skampi(K=%s) |", k[1]
        printf " skampi/loop | skampi/1-call |"
      }
      printf "\n|---|---|---|"
      for (i = 1; i <= nk; i++) printf "---|---|---|%s---|---|", k[i] != k[1] ? "---|" : ""
      printf "\n"
      for (x = 0; x < nr; x++) {
        row = rows[x]; split(row, rb, "\t"); p = plainof[row]
        q = median("sk\t" row "\t" k[1])
        printf "| %s | %s | %s |", rb[1], rb[2], p == "- -" ? "-" : p
        for (i = 1; i <= nk; i++) {
          s = median("sk\t" row "\t" k[i]); pl = p == "- -" ? "" : median("pl\t" p "\t" k[i])
          p1 = p == "- -" ? "" : median("p1\t" p "\t" k[i])
          printf " %s | %s | %s |", cell("sk\t" row "\t" k[i], "%.3f"), num(pl, "%.3f"), num(p1, "%.3f")
          if (k[i] != k[1]) printf " %s |", ratio(s, q)
          printf " %s | %s |", ratio(s, pl), ratio(s, p1)
          # the summary: ratios per K over every line
          if (s != "" && s != "empty") {
            if (k[i] != k[1] && q != "" && q != "empty" && q + 0 > 0) sumq[i] = sumq[i] " " s / q
            if (pl != "" && pl + 0 > 0) suml[i] = suml[i] " " s / pl
            if (p1 != "" && p1 + 0 > 0) sum1[i] = sum1[i] " " s / p1
          }
        }
        printf "\n"
      }
      for (x = 0; x < nw; x++) {
        q = median("wall\t" wrows[x] "\t" k[1])
        printf "| wall time (s) | %s | - |", wrows[x]
        for (i = 1; i <= nk; i++) {
          s = median("wall\t" wrows[x] "\t" k[i])
          printf " %s | - | - |", num(s, "%.2f")
          if (k[i] != k[1]) printf " %s |", ratio(s, q)
          printf " - | - |"
        }
        printf "\n"
      }
      # the summary: per K, over every result line, the median and the largest ratio
      printf "\nSummary over the result lines (median / largest ratio):\n\n"
      printf "| K | skampi / skampi quiet | skampi / plain loop | skampi / plain 1-call |\n|---|---|---|---|\n"
      for (i = 1; i <= nk; i++)
        printf "| %s | %s | %s | %s |\n", k[i], i == 1 ? "-" : spread(sumq[i]), spread(suml[i]), spread(sum1[i])
    }
    function spread(list,   n, v, i, j, x) {
      n = split(list, v, " ")
      if (n == 0) return "-"
      for (i = 2; i <= n; i++) { x = v[i] + 0; for (j = i - 1; j >= 1 && v[j] + 0 > x; j--) v[j + 1] = v[j]; v[j + 1] = x }
      return sprintf("%.2f / %.2f (%d lines)", (v[int((n + 1) / 2)] + v[int(n / 2) + 1]) / 2, v[n], n)
    }' "$dir/samples.txt"
}

started=$(date +%s)
for impl in $impls; do
  command -v "mpicc.$impl" >/dev/null 2>&1 || { echo "$0: skip $impl: mpicc.$impl missing" >&2; continue; }
  dir=$work/$impl
  rm -rf "$dir"; mkdir -p "$dir"
  : > "$dir/samples.txt"; : > "$dir/failures.txt"
  "mpicc.$impl" -O2 -o "$work/skampi-$impl" skampi_amalgam.c -lm || exit 1
  "mpicc.$impl" -O2 -o "$work/plain_coll-$impl" tools/bench/plain_coll.c || exit 1
  t_start=$(date +%s)
  load_before=$(uptime)
  for k in $ks; do
    start_spinners "$work/spin" "$SPIN_SAFETY" "$k"
    r=1
    while [ "$r" -le "$runs" ]; do
      for f in $inputs; do skampi_run "$f" "$k" "$r"; done
      plain_runs "$k" "$r"
      r=$((r + 1))
    done
    stop_spinners
  done
  load_after=$(uptime)
  t_end=$(date +%s)
  mpi=""
  for f in "$dir"/*.sko; do
    [ -f "$f" ] && mpi=$(sed -n 's/^# library: *//p' "$f" | head -n 1 | tr -s ' \t' ' ')
    [ -n "$mpi" ] && break
  done
  out=$res/interference-$impl.md
  {
    echo "# skampi beside CPU spinners: $impl"
    echo
    echo "Written by \`tools/bench/interference.sh$( [ $quick = 1 ] && echo ' -q')\`. K CPU spinners (tools/bench/spin.c) share"
    echo "the machine with 2 MPI processes; for each K, $runs rounds of skampi and then the plain loop"
    echo "(tools/bench/plain_coll.c: 10 warm-up calls, $PLAIN_RUNS barrier-started runs of $PLAIN_ITERS calls, the"
    echo "median run: \"loop\"; then 101 single calls each after a barrier, the median: \"1-call\", which"
    echo "times what skampi times) for each mapped line, interleaved in the same load period. Every cell is the"
    echo "median over the $runs rounds; times in microseconds (one call; ping-pong: one round trip)."
    echo "\"(n empty)\": n of skampi's results had 0 repetitions (all discarded, no reading); they"
    echo "count as the longest readings in the median (\"no reading\" when the median is one of them)."
    echo
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'), $(( t_end - t_start )) s for this MPI"
    echo "- host: $(uname -n), $(nproc 2>/dev/null || echo '?') processors online; kernel: $(uname -sr)"
    echo "- MPI: ${mpi:-unknown} (mpicc.$impl)"
    echo "- inputs: $inputs$( [ $quick = 1 ] && echo ' (the quick input, written by the script)')"
    echo "- K values: $ks; runs per K: $runs"
    echo "- load before: $load_before"
    echo "- load after: $load_after"
    if [ -s "$dir/failures.txt" ]; then
      echo "- failed runs ($(wc -l < "$dir/failures.txt")):"
      sed 's/^/  - /' "$dir/failures.txt"
    else
      echo "- every run exited 0"
    fi
    echo
    table
  } > "$out"
  echo "$impl: wrote $out ($(( t_end - t_start )) s)"
done
echo "total $(( $(date +%s) - started )) s"
