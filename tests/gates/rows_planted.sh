#!/bin/sh
# tests/gates/rows_planted.sh -- tests/gates/rows.sh fails on each planted violation
# and passes on an unchanged copy of split/: in temp copies, (1) the Bcast row names a
# measure function that split/ does not define, (2) a `#define measure_X Y` in a
# measurement module, (3) a row macro that pastes a function name with ##, (4) a
# one-line row whose check function is missing, in another module, (5) an MPI-4 row
# (SK_ROW_MPI4, whose functions a build without MPI-4 never compiles) naming a made-up
# measure function, (6) a threads row (SK_ROW_THREADS) naming a made-up init, (7) a row
# macro not named SK_ROW_... Each must be reported by file and line (and the row's name
# where there is a row).
set -u
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-rows-planted.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
st=0
fresh() { rm -rf "$tmp/split" && cp -R split "$tmp/" || exit 2; }
# expect NAME TEXT: the gate fails on the copy and says TEXT (tests/lib.sh)
expect() { gate_says rows "$tmp/split" "$@"; }
# line FILE TEXT: the first line of split/FILE (in the copy) holding TEXT
line() { grep -nF "$2" "$tmp/split/$1" | head -n 1 | cut -d: -f1; }

fresh
gate_passes rows "$tmp/split" unchanged_copy_passes

# (1) the row names measure_Bcast_Missing, defined nowhere
fresh; f=measurements/meas_mpi_coll.c
n=$(line $f 'SK_ROW_MPI("Bcast",')
[ -n "$n" ] || { echo "FAIL planted_missing_function: no Bcast row in split/$f"; exit 1; }
sed 's/measure_coll, init_bcast/measure_Bcast_Missing, init_bcast/' "$tmp/split/$f" > "$tmp/p" && mv "$tmp/p" "$tmp/split/$f"
expect row_names_undefined_function "split/$f:$n: row \"Bcast\" names measure function measure_Bcast_Missing, which split/ does not define"

# (2) a measurement function under another function's name
fresh; f=measurements/meas_mpi_io.c
printf '#define measure_MPI_IO_Planted io_pattern_measure\n' >> "$tmp/split/$f"
n=$(wc -l < "$tmp/split/$f" | tr -d ' ')
expect define_measure "split/$f:$n: #define measure_MPI_IO_Planted: a row must name the function itself"

# (3) a pasted function name in a measurement module
fresh; f=measurements/meas_mw.c
printf '#define MW_PLANTED(NAME) static void init_##NAME(void) {}\n' >> "$tmp/split/$f"
n=$(wc -l < "$tmp/split/$f" | tr -d ' ')
expect pasted_name "split/$f:$n: ## pastes a name"

# (4) a row on one line whose check function does not exist
fresh; f=measurements/meas_synthetic.c
n=$(line $f 'SK_ROW_END')
awk -v n="$n" 'NR == n { print "  SK_ROW(\"Planted_Row\", \"count:i\", SK_PATTERN_SIMPLE, 1, 0, measure_synthetic, NULL, NULL, NULL, check_Planted_Row, NULL)," } { print }' \
  "$tmp/split/$f" > "$tmp/p" && mv "$tmp/p" "$tmp/split/$f"
expect row_names_undefined_check "split/$f:$n: row \"Planted_Row\" names check function check_Planted_Row, which split/ does not define"

# (5) an MPI-4 row naming a measure function defined nowhere
fresh; f=measurements/meas_mpi_session.c
n=$(line $f 'SK_ROW_END')
awk -v n="$n" 'NR == n { print "  SK_ROW_MPI4(\"Planted_MPI4\", \"count:i\", SK_PATTERN_COLLECTIVE, 1, 0, measure_Planted_MPI4_Made_Up, NULL, NULL, NULL, NULL, \"none\")," } { print }' \
  "$tmp/split/$f" > "$tmp/p" && mv "$tmp/p" "$tmp/split/$f"
expect mpi4_row_names_undefined_function "split/$f:$n: row \"Planted_MPI4\" names measure function measure_Planted_MPI4_Made_Up, which split/ does not define"

# (6) a threads row naming an init defined nowhere
fresh; f=measurements/meas_mpi_threads.c
n=$(line $f 'SK_ROW_THREADS(')
awk -v n="$n" 'NR == n { print "  SK_ROW_THREADS(\"Planted_Threads\", \"count:i\", SK_PATTERN_P2P, 2, 0, measure_Planted_T, init_Planted_Threads_Made_Up, NULL, NULL, NULL, \"none\")," } { print }' \
  "$tmp/split/$f" > "$tmp/p" && mv "$tmp/p" "$tmp/split/$f"
expect threads_row_names_undefined_init "split/$f:$n: row \"Planted_Threads\" names init function init_Planted_Threads_Made_Up, which split/ does not define"

# (7) a row macro under another name
fresh; f=measurements/meas_mpi_neighbor.c
printf '#define NB_ROW(NAME) { NAME, NULL }\n' >> "$tmp/split/$f"
n=$(wc -l < "$tmp/split/$f" | tr -d ' ')
expect row_macro_named_otherwise "split/$f:$n: row macro NB_ROW: name it SK_ROW_..."
[ "$st" -eq 0 ] || failed=$((failed + 1))
finish
