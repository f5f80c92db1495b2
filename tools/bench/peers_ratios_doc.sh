#!/bin/sh
# tools/bench/peers_ratios_doc.sh RESULTS [DOC] -- puts the ratios of
# tools/bench/peers_ratios.sh's RESULTS (tools/bench/results/peers_ratios-<mpi>.txt) into
# DOC (default doc/peers.md): a last column "ratio (<MPI>, quiet)" in every table, keyed
# by the table's section (## OSU ... or ## IMB-xxx) and its first column (the benchmark),
# and one paragraph before the first section saying what the ratio is, the script, the
# results file, its date and load. Idempotent: a second run with the same RESULTS changes
# nothing (the column and the paragraph are replaced, not added again); every other
# column is left as it is. A cell: the median ratio skampi / peer with the peer's own
# spread in brackets ("1.05 (0.97..1.03)"); "fails: skampi" or "fails: OSU" / "fails: IMB-xx" with the exit
# status; "-- (no common size)" where the two tables cannot be paired; "IMB: AGGREGATE"
# after a ratio taken from IMB's AGGREGATE table (IMB-IO's reads and non-blocking ones); "--" where skampi runs none by that name, the peer has no such program,
# nothing is measured (osu_hello) or RESULTS has no line for it.
set -eu
res=${1:-}
doc=${2:-doc/peers.md}
[ -n "$res" ] && [ -f "$res" ] || { echo "usage: $0 RESULTS [DOC]  (RESULTS: tools/bench/results/peers_ratios-<mpi>.txt)" >&2; exit 2; }
[ -f "$doc" ] || { echo "$0: no $doc" >&2; exit 2; }
case $res in
  *openmpi*) mpi="Open MPI" ;;
  *) mpi=MPICH ;;
esac
started=$(sed -n 's/^# started \([^,]*\),.*/\1/p' "$res" | head -1)
load=$(sed -n 's/.*load average (1, 5, 15 min) at the start \(.*\), at the end \(.*\)$/\1 at the start, \2 at the end/p' "$res" | head -1)
# busy: a 1-minute load average of 1 or more at the start of the campaign (at its end the
# load is its own: two processes of each run on the 2 cores)
busy=$(sed -n 's/.*at the start \([0-9.]*\),.*at the end \([0-9.]*\),.*/\1 \2/p' "$res" | awk '{ print ($1 >= 1) }')
tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT INT TERM
awk -v mpi="$mpi" -v resname="$res" -v started="$started" -v load="$load" -v busy="$busy" '
  FILENAME == ARGV[1] {
    if (/^#/ || NF < 4) next
    k = $1 " " $2; st = $4
    if (st == "ok") { r = p = ""
      for (i = 5; i <= NF; i++) { if ($i ~ /^ratio=/) r = substr($i, 7); if ($i ~ /^peer=/) p = substr($i, 6) }
      cell[k] = r " (" p ")" (($0 ~ /AGGREGATE table/) ? " IMB: AGGREGATE" : "") }
    else if (st == "failed:") { who = ($5 == "skampi") ? "skampi" : ($1 == "osu") ? "OSU" : $1
      ex = ""; for (i = 5; i < NF; i++) if ($i == "exit") { ex = $(i + 1); sub(/:$/, "", ex); sub(/,$/, "", ex); break }
      cell[k] = "fails: " who (ex != "" && ex != "0" ? " (exit " ex ")" : " (no table)") }
    else if (st == "mismatch:") cell[k] = "-- (no common size)"
    else cell[k] = "--"
    next }
  function note() {
    print "The column \"" head "\": the median over message sizes of skampi'"'"'s figure over the peer'"'"'s"
    print "(the figure each table leads with: OSU'"'"'s second column, IMB'"'"'s t_max, t[usec] or Mbytes/sec;"
    print "for bandwidths and rates the peer'"'"'s over skampi'"'"'s, so that above 1 always means skampi reads"
    print "slower), the peer run just before and just after skampi with the same command line and"
    print "their mean taken; in brackets the peer'"'"'s own spread between those two runs, in the same"
    print "sense. \"fails\": that tool ended with an error or printed no table; \"--\": not covered, no"
    print "such program in the peer, nothing measured, or (in brackets why) no pair of tables to set"
    print "side by side. tools/bench/peers_ratios.sh (make peers-ratios), " resname ", " started ";"
    print "load average (1, 5, 15 min) " load "."
    if (busy) print "The machine was busy then (load above 1 on its 2 cores): rerun on a quiet one before reading much into these."
    else print "Nothing else ran then: the load at the end is that of the campaign itself, two processes per run."
    print ""
  }
  BEGIN { head = "ratio (" mpi ", quiet)" }
  # the previous run'"'"'s paragraph: dropped, written again before the first section
  /^The column "ratio \(/ { skip = 1 }
  skip { if ($0 == "") skip = 0; next }
  /^## / && !noted { note(); noted = 1 }
  /^## OSU/ { prog = "osu" } /^## IMB-/ { prog = $2 } /^## / && !/^## (OSU|IMB-)/ { prog = "" }
  /^\|/ {
    row = $0; sub(/[ \t]*$/, "", row)
    if (!intable) { intable = 1; line = 0; had = (row ~ /\| ratio \([^|]*\) \|$/) }
    line++
    if (had) sub(/\|[^|]*\|$/, "|", row)
    if (line == 1) { print row " " head " |"; next }
    if (line == 2) { print row "---|"; next }
    n = split(row, c, "|"); name = c[2]; gsub(/[ `]/, "", name)
    v = (prog " " name) in cell ? cell[prog " " name] : "--"
    print row " " v " |"; next }
  { intable = 0; print }' "$res" "$doc" > "$tmp"
cat "$tmp" > "$doc"
