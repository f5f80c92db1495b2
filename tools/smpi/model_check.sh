#!/bin/sh
# tools/smpi/model_check.sh P SKO [LAT_US BW [LIMIT_PERCENT]] -- the readings of
# ski/smpi_scale.ski (an .sko of P simulated ranks) against the platform's model
# (doc/simulated.md): links of LAT_US (default 5) and BW bytes/s (default 1.25e9), one
# message between two hosts 2 L + s / B, the run with smpi/bcast:binomial_tree,
# smpi/allreduce:rdb and smpi/barrier:ompi_tree:
#   MPI_Bcast of s bytes on a binomial tree of d = ceil(log2 P) levels:
#     2 L d + d (d + 1) / 2 s / B (a process sends to its k children at once, the k
#     messages sharing its link: k s / B; along the longest path k = d, d - 1, ..., 1)
#   MPI_Allreduce of one double by recursive doubling: log2 P (2 L + 8 / B) (P a power of 2)
#   MPI_Barrier on a tree: 2 log2 P x 2 L
# Prints "P  model  N readings, largest difference +x.xx% (where)"; exit status 1 when a
# reading differs by more than LIMIT_PERCENT (default 1) or there is none, 2 on bad use.
set -u
[ $# -ge 2 ] && [ -r "$2" ] || { echo "usage: model_check.sh P SKO [LAT_US BW [LIMIT_PERCENT]]" >&2; exit 2; }
awk -v p="$1" -v lat="${3:-5}" -v bw="${4:-1.25e9}" -v limit="${5:-1}" '
  function ceil_log2(n,  k) { k = 0; while (2 ^ k < n) k++; return k }
  /^# begin result/ { what = $0; sub(/^# begin result /, "", what) }
  /^#/ || NF < 3 { next }
  {
    i = $1 ~ /=$/ ? 3 : 1   # a label "count= 1" first
    s = $i; t = $(i + 1); d = ceil_log2(p); hop = 2 * lat; per_byte = 1e6 / bw
    if (what ~ /Bcast/) m = d * hop + d * (d + 1) / 2 * s * per_byte
    else if (what ~ /Allreduce/) m = d * (hop + 8 * per_byte)
    else if (what ~ /Barrier/) m = 2 * d * hop
    else next
    e = t / m - 1; n++
    if ((e < 0 ? -e : e) >= worst) { worst = e < 0 ? -e : e; we = e; at = what ", " s " B: " t " us, model " m " us" }
  }
  END {
    printf "%6d  model     %d readings, largest difference %+.2f%% (%s)\n", p, n, 100 * we, at
    exit !(n > 0 && 100 * worst <= limit)
  }' "$2"
