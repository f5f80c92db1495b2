#!/bin/sh
# tests/integration/placement.sh IMPL SKAMPI -- placement said (doc/manual.md, "Placement"):
# 2 ranks confined to processor 0 of this machine (taskset -c 0, the launcher binding
# nothing: SKAMPI_BIND=none, else Open MPI's binds them to cores 0 and 1 itself) share it while processor 1 has none of them, every time: the header names
# their processors ("0 0") and the sharing, each result line says it in a note under it
# and carries the flag shared_processor, and the footer counts them. Then
# the same input with each rank bound to a processor of its own (taskset -c RANK through
# a wrapper, with the rank from the launcher's environment): processors "0 1", the header
# says no sharing, and no line is flagged. Needs taskset and 2 processors online.
set -u
. "$(dirname "$0")/../lib.sh"
impl=$1; bin=$2
d=$out/placement-$impl
rm -rf "$d"; mkdir -p "$d"
if ! have taskset; then skip "placement_$impl" "taskset (util-linux)"; exit 0; fi
if [ "$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)" -lt 2 ]; then skip "placement_$impl" "2 processors online"; exit 0; fi
if ! taskset -c 0,1 true 2>/dev/null; then skip "placement_$impl" "processors 0 and 1 allowed to this process"; exit 0; fi
cat > "$d/pp.ski" <<'SKI'
set_min_repetitions(4)
set_max_repetitions(8)
begin measurement "pingpong"
  measure comm(2) : Pingpong_Send_Recv(1, MPI_BYTE, 0, 1)
end measurement
begin measurement "bcast"
  measure MPI_COMM_WORLD : Bcast(64, MPI_BYTE, 0)
end measurement
SKI
# flags_count SKO: result lines whose "#@ flags:" has shared_processor
flags_count() { grep -c '^#@ flags: \(.*,\)\{0,1\}shared_processor\(,.*\)\{0,1\}$' "$1"; }

# ---- both ranks on processor 0 ----
SKAMPI_BIND=none taskset -c 0 timeout 300 tools/mpirun.sh "$impl" 2 "$bin" -q -i "$d/pp.ski" -o "$d/shared.sko" \
  > "$d/shared.txt" 2>&1
say $? "${impl}_shared_run" "$(tail -3 "$d/shared.txt")"
grep -q '^# placement: processors of ranks 0 to 1 at the start: 0 0 ' "$d/shared.sko" &&
  grep -q '^# placement: shared: ranks 0 1 on processor 0 of .* (2 processors\{0,1\} online for its 2 ranks)' "$d/shared.sko"
say $? "${impl}_shared_in_header" "$(grep '^# placement' "$d/shared.sko")"
[ "$(grep -c '^# (placement: ranks 0 1 on processor 0 ' "$d/shared.sko")" = "$(grep -c '^#@ dist:' "$d/shared.sko")" ]
say $? "${impl}_shared_said_under_each_line" "$(grep -c '^# (placement:' "$d/shared.sko") notes, $(grep -c '^#@ dist:' "$d/shared.sko") lines"
awk '/^# begin result/ { n = NR } n && NR == n + 1 && /^# \(placement/ { bad = 1 } END { exit bad }' "$d/shared.sko"
say $? "${impl}_shared_not_before_the_first_line" "a block begins with the placement note (SKAMPI_LAYOUT=skampi5 needs its first line)"
lines=$(grep -c '^#@ dist:' "$d/shared.sko"); flagged=$(flags_count "$d/shared.sko")
[ "$lines" -ge 2 ] && [ "$flagged" = "$lines" ]
say $? "${impl}_shared_every_line_flagged" "$flagged of $lines lines flagged shared_processor"
grep -q "^# placement: $lines results measured while two ranks of a host shared a processor" "$d/shared.sko"
say $? "${impl}_shared_counted_in_footer" "$(grep '^# placement: [0-9]' "$d/shared.sko")"

# ---- each rank on a processor of its own ----
cat > "$d/bind.sh" <<'SH'
#!/bin/sh
r=${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-${PMIX_RANK:-0}}}
exec taskset -c "$((r % 2))" "$@"
SH
SKAMPI_BIND=none timeout 300 tools/mpirun.sh "$impl" 2 sh "$d/bind.sh" "$bin" -q -i "$d/pp.ski" -o "$d/bound.sko" \
  > "$d/bound.txt" 2>&1
say $? "${impl}_bound_run" "$(tail -3 "$d/bound.txt")"
grep -q '^# placement: processors of ranks 0 to 1 at the start: 0 1 ' "$d/bound.sko" &&
  grep -q '^# placement: no two ranks of a host on one processor' "$d/bound.sko" &&
  ! grep -q '^# placement: shared' "$d/bound.sko"
say $? "${impl}_bound_header_says_no_sharing" "$(grep '^# placement' "$d/bound.sko")"
lines=$(grep -c '^#@ dist:' "$d/bound.sko"); flagged=$(flags_count "$d/bound.sko")
[ "$lines" -ge 2 ] && [ "$flagged" = 0 ] && ! grep -q '^# (placement:' "$d/bound.sko"
say $? "${impl}_bound_nothing_flagged" "$flagged of $lines lines flagged shared_processor"
finish
