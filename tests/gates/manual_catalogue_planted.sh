#!/bin/sh
# tests/gates/manual_catalogue_planted.sh -- tests/gates/manual_catalogue.sh fails on each
# planted difference and passes on an unchanged copy of doc/manual.md: in temp copies,
# (1) one row of the catalogue removed, (2) one row changed (Pingpong_Send_Recv's least
# number of processes), (3) a measurement that skampi -l lists and the manual lacks (a
# stand-in for the MPI binary that prints one row more), (4) the end marker removed.
# Each must be reported with the row (or the marker) it concerns. The two binaries are
# built once and passed to every run (SKAMPI_LIST_SEQ, SKAMPI_LIST_MPI).
set -u
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-mancat-planted.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
st=0
mpicc=${MPICC:-}
if [ -z "$mpicc" ]; then
  for c in mpicc.mpich mpicc.openmpi mpicc; do
    if command -v "$c" > /dev/null 2>&1; then mpicc=$c; break; fi
  done
fi
[ -n "$mpicc" ] || { echo "skip manual_catalogue_planted: needs mpicc.mpich, mpicc.openmpi or MPICC"; exit 0; }
cc -DSKAMPI_SEQ -o "$tmp/skampi-seq" skampi_amalgam.c -lm > "$tmp/build.log" 2>&1 &&
  $mpicc -o "$tmp/skampi-mpi" skampi_amalgam.c -lm >> "$tmp/build.log" 2>&1 ||
  { echo "FAIL builds:"; cat "$tmp/build.log"; exit 1; }
SKAMPI_LIST_SEQ=$tmp/skampi-seq SKAMPI_LIST_MPI=$tmp/skampi-mpi
export SKAMPI_LIST_SEQ SKAMPI_LIST_MPI
fresh() { cp doc/manual.md "$tmp/manual.md" || exit 2; }
# expect NAME TEXT: the gate fails on the copy and says TEXT (tests/lib.sh)
expect() { gate_says manual_catalogue "$tmp/manual.md" "$@"; }

fresh
gate_passes manual_catalogue "$tmp/manual.md" unchanged_copy_passes

fresh; grep -v '^| `Bcast(count:int' doc/manual.md > "$tmp/manual.md"
expect row_removed '> | `Bcast(count:int, datatype:datatype, root:int)`'

fresh; sed 's/^\(| `Pingpong_Send_Recv(count:int, datatype:datatype, tag:int, iterations:int)` | p2p (ranks 0 and 1) | \)2 |/\11 |/' doc/manual.md > "$tmp/manual.md"
if cmp -s doc/manual.md "$tmp/manual.md"; then echo "FAIL row_changed: the Pingpong_Send_Recv row was not found to change"; st=1
else expect row_changed '< | `Pingpong_Send_Recv(count:int, datatype:datatype, tag:int, iterations:int)` | p2p (ranks 0 and 1) | 1 |'; fi

fresh
cat > "$tmp/skampi-more" <<SH
#!/bin/sh
"$tmp/skampi-mpi" "\$@" | awk '{ print } /^collective: / { print "  Planted_Undocumented(count:int)  pattern collective, min 1 process" }'
SH
chmod +x "$tmp/skampi-more"
SKAMPI_LIST_MPI=$tmp/skampi-more expect measurement_added '> | `Planted_Undocumented(count:int)` | collective | 1 |'

fresh; grep -v '^<!-- catalogue:end -->$' doc/manual.md > "$tmp/manual.md"
expect end_marker_removed 'catalogue:end'
[ "$st" -eq 0 ] || failed=$((failed + 1))
finish
