#!/bin/sh
# tools/smpi/max_maps.sh P [NEED | PRIVATIZATION] -- before a simulated run of P ranks
# (SimGrid SMPI, one process for all of them): do the memory mappings it needs fit under
# the kernel's limit, vm.max_map_count (/proc/sys/vm/max_map_count, 65530 by default)?
# NEED is the count of mappings the run needs; given a privatisation instead (mmap, the
# default, or dlopen) it is P times the mappings per rank measured for skampi in
# doc/simulated.md (mmap 3, dlopen 8) plus 2000 for the simulator and the libraries.
# Exit 0 when it fits (nothing printed) or the limit cannot be read; exit 1 with the
# setting to make when it does not: past the limit the simulator's mmap fails part-way
# (SimGrid: "Cannot map stack" or a failed privatisation mapping) after minutes of work.
# The same for open files: with mmap privatisation SMPI keeps one open file (the rank's
# copy of the data segment, shm_open) per rank, and past the soft limit of this shell
# (ulimit -n) the simulator aborts at start ("Too many open files"; 20,000 here made a
# 65,536-rank run end at 19,995 ranks): exit 1 with the command to give when P + 200 do
# not fit, unless SMPI_FDPOOL=1 says the run preloads tools/smpi/fdpool.c, which makes
# them slices of one file. skampi cannot make these checks itself: the simulator starts every rank before
# skampi runs. Under the simulator skampi's rank 0 warns at start when the run holds more than
# 90% of the limit (doc/simulated.md).
set -u
p=${1:?usage: max_maps.sh P [NEED | mmap | dlopen]}
case ${2:-mmap} in
  mmap) need=$((p * 3 + 2000)) ;;
  dlopen) need=$((p * 8 + 2000)) ;;
  *[!0-9]*|'') echo "max_maps.sh: NEED is a count of mappings, or mmap, or dlopen" >&2; exit 2 ;;
  *) need=$2 ;;
esac
files=$(ulimit -n 2> /dev/null) || files=unlimited
case ${2:-mmap}${SMPI_FDPOOL:-} in dlopen|*1) ;; *)   # SMPI_FDPOOL=1: the files are slices of one (fdpool.c)
  if [ "$files" != unlimited ] && [ "$files" -lt $((p + 200)) ]; then
    echo "max_maps.sh: $p simulated ranks need about $((p + 200)) open files (one per rank for its data" \
         "segment); this shell allows $files (ulimit -n). Give 'ulimit -n $((p + p / 4 + 200))' first (as root, or" \
         "within the hard limit, ulimit -Hn: $(ulimit -Hn))" >&2
    exit 1
  fi ;;
esac
limit=$(cat /proc/sys/vm/max_map_count 2> /dev/null) || exit 0
[ "$need" -le "$limit" ] && exit 0
echo "max_maps.sh: $p simulated ranks need about $need memory mappings in the simulator's process;" \
     "vm.max_map_count is $limit (that allows about $(awk -v l="$limit" -v n="$need" -v p="$p" 'BEGIN { printf "%d", (n > 2000 ? (l - 2000) * p / (n - 2000) : p) }') ranks)." \
     "As root: sysctl -w vm.max_map_count=$((need + need / 4)) (or fewer ranks)" >&2
exit 1
