# tests/common/check_sko.awk -- checks a .sko file written by skampi (SKaMPI 5 manual §7.1 format; block
# markers with or without the leading "# ", as SKaMPI 5.0 and the manual's demo.sko write them):
#   awk -v np=P -v minrep=8 -v maxrep=33 -v maxnodes=16 -f tests/common/check_sko.awk file.sko
# Every `# begin result` has its `# end result`; every measurement line has its loop
# variables as "name= value", then an integer message size, a positive finite time, a
# non-negative standard error, a repetition count within [minrep, maxrep], and as many
# node times as processes took part (min(nodes, maxnodes): "nodes= K" when the line has
# it, 2 in blocks whose name starts with "pair", else np; with -v anynodes=1 at most that
# many, for inputs that change set_max_nr_node_times). A result of 0 repetitions (time 0,
# no node times: nothing ran undisturbed before the time limit, as on a heavily loaded
# machine) passes only when its comment lines say so ("# warning: only 0 of the N
# repetitions asked for ran undisturbed") and at most a quarter of the lines are such; a
# result of fewer repetitions than minrep likewise only when its comment lines say "only
# K of the N" for its K (skampi disclaims it: the time limit per measurement ran out).
# Prints "ok"/"FAIL" lines.
function fail(msg) { printf "FAIL %s:%d: %s\n", FILENAME, FNR, msg; bad++ }
function settle() {
  if (pending) { printf "FAIL %s:%d: %s\n", FILENAME, pending, "a result of 0 repetitions that no warning explains"; bad++ }
  if (short) { printf "FAIL %s:%d: repetitions %d outside [%d, %d]\n", FILENAME, short, short_reps, minrep, maxrep; bad++ }
  pending = 0; short = 0
}
/^(# )?begin result "/ { if (open) fail("begin inside a block"); open = 1; block = $0; sub(/^(# )?begin result "/, "", block); sub(/"$/, "", block); blocks++; next }
/^(# )?end result "/ { settle(); if (!open) fail("end without begin"); open = 0; next }
/^# warning: only 0 of the [0-9]+ repetitions asked for ran undisturbed/ { pending = 0; next }
short && $0 ~ ("^# warning: only " short_reps " of the [0-9]+ repetitions asked for ran undisturbed") { short = 0; next }
/^#/ { next }
/^[ \t]*$/ { next }
{
  if (!open) { fail("measurement line outside a block"); next }
  i = 1; nodes = (block ~ /^pair/) ? 2 : np
  while (i <= NF && $i ~ /=$/) { if ($i == "nodes=") nodes = $(i + 1) + 0; i += 2 }
  if (NF - i + 1 < 4) { fail("too few fields"); next }
  size = $i; t = $(i + 1); se = $(i + 2); reps = $(i + 3)
  settle()
  if (reps == "0" && t + 0 == 0 && NF == i + 3 && size ~ /^[0-9]+$/) { pending = FNR; empty++; lines++; next }
  if (size !~ /^[0-9]+$/) fail("message size " size " is not an integer")
  if (!(t + 0 > 0) || t ~ /nan|inf/) fail("time " t " is not positive and finite")
  if (!(se + 0 >= 0) || se ~ /nan|inf/) fail("standard error " se " is negative or not finite")
  if (reps ~ /^[0-9]+$/ && reps + 0 < minrep) { short = FNR; short_reps = reps + 0 }   # a warning below must explain it
  else if (reps !~ /^[0-9]+$/ || reps + 0 > maxrep) fail("repetitions " reps " outside [" minrep ", " maxrep "]")
  want = nodes < maxnodes ? nodes : maxnodes
  if (block ~ /^Master_Worker/) want = 1     # only the master has a time
  have = NF - (i + 3)
  if (have != want && !(anynodes && have <= want)) fail("node times: " have ", expected " want)
  for (k = i + 4; k <= NF; k++) if (!($k + 0 > 0) || $k ~ /nan|inf/) fail("node time " $k " not positive")
  lines++
}
END {
  settle()
  if (empty * 4 > lines) fail(empty " of " lines " results have 0 repetitions")
  if (open) fail("block not closed at the end of the file")
  if (blocks == 0 || lines == 0) fail("no results at all")
  if (!bad) printf "ok %s: %d blocks, %d measurement lines\n", FILENAME, blocks, lines
  exit bad ? 1 : 0
}
