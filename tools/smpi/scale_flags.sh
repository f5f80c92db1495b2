#!/bin/sh
# tools/smpi/scale_flags.sh [log|default] -- the smpirun settings of a simulated cluster at
# scale (doc/simulated.md, "A simulated cluster"), one per line, for the campaign
# (tools/bench/smpi_scale.sh), its CI test (tests/simulated, f) and the README's recipe:
#   --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1
#       the platform's latencies and bandwidths as written (SMPI's calibrated factors
#       otherwise: a 1-byte MPI_Bcast on 64 ranks read 2.01 times the model)
#   --cfg=smpi/simulate-computation:no
#       the time between MPI calls is not simulated: skampi's own work costs no simulated
#       time, and the readings are the network's alone
#   --cfg=smpi/privatization:mmap (PRIVATIZATION in the environment overrides it)
#       each rank's global variables in their own copy of the data segment, swapped in at
#       every switch between ranks (dlopen: a copy of the whole program per rank, about
#       three times the memory and 8 memory mappings per rank instead of 3)
#   --cfg=smpi/send-is-detached-thresh:0
#       every send ends when its message has arrived (SMPI's default ends sends below
#       64 KiB at once, "detached", and SimGrid 3.32 keeps every detached message in one
#       list that it searches from the start whenever one arrives: with P messages in
#       flight, as in a tree reduction, that is P^2 / 2 steps; at 16,384 ranks 78% of a
#       plain MPI program's time). The readings change with it: a process sends to its
#       children one after another (tools/smpi/model_check.sh, SENDS=synchronous)
#   log (the default): logarithmic algorithms for the collectives SimGrid 3.32 otherwise
#       runs linearly (barrier ompi_tree, reduce binomial, gather ompi_binomial) and fixed
#       ones for the two the model check reads (bcast binomial_tree, allreduce rdb);
#       default: SimGrid's own selector
set -u
echo --cfg=smpi/bw-factor:0:1
echo --cfg=smpi/lat-factor:0:1
echo --cfg=smpi/simulate-computation:no
echo "--cfg=smpi/privatization:${PRIVATIZATION:-mmap}"
echo --cfg=smpi/send-is-detached-thresh:0
case ${1:-log} in
  log)
    echo --cfg=smpi/barrier:ompi_tree
    echo --cfg=smpi/reduce:binomial
    echo --cfg=smpi/gather:ompi_binomial
    echo --cfg=smpi/bcast:binomial_tree
    echo --cfg=smpi/allreduce:rdb ;;
  default) ;;
  *) echo "scale_flags.sh: log or default" >&2; exit 2 ;;
esac
