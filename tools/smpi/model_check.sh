#!/bin/sh
# tools/smpi/model_check.sh P SKO [LAT_US BW [LIMIT_PERCENT]] -- the readings of
# ski/smpi_scale.ski (an .sko of P simulated ranks) against the platform's model
# (doc/simulated.md): links of LAT_US (default 5) and BW bytes/s (default 1.25e9), one
# message of s bytes between two hosts 2 L + (s + 16) / B (SMPI 3.32 counts an envelope of
# 16 bytes, tag, source and communicator, with every message: src/smpi/mpi/smpi_request.cpp),
# the run with smpi/bcast:binomial_tree, smpi/allreduce:rdb and smpi/barrier:ompi_tree, and
# with SENDS (environment) saying what a send waits for:
#   SENDS=synchronous (the default; smpirun --cfg=smpi/send-is-detached-thresh:0, as
#   tools/smpi/scale_flags.sh gives it): a send ends when its message has arrived, so a
#   process sends to its children one after another; d = ceil(log2 P) levels, T(s) the
#   time of one message:
#     MPI_Bcast of s bytes on a binomial tree: d T(s) (the child of the largest subtree
#       first: each subtree ends with the last of the root's sends)
#     MPI_Allreduce of one double by recursive doubling: d T(8) (P a power of 2)
#     MPI_Barrier on a tree, in and out: 2 d T(0)
#   SENDS=eager (SMPI's default: sends below 64 KiB are detached, ended at once): a
#   process's messages to its k children leave together and share its link (k (s + 16) / B):
#     MPI_Bcast: 2 L d + d (d + 1) / 2 (s + 16) / B; MPI_Allreduce: d T(8);
#     MPI_Barrier: d T(0) in (a process takes its children's messages one after another)
#     and 2 L d + d (d + 1) / 2 16 / B out
# Prints "P  model  N readings, largest difference +x.xx% (where)"; exit status 1 when a
# reading differs by more than LIMIT_PERCENT (default 1) or there is none, 2 on bad use.
set -u
[ $# -ge 2 ] && [ -r "$2" ] || { echo "usage: [SENDS=synchronous|eager] model_check.sh P SKO [LAT_US BW [LIMIT_PERCENT]]" >&2; exit 2; }
case ${SENDS:-synchronous} in synchronous|eager) ;; *) echo "model_check.sh: SENDS=synchronous or SENDS=eager" >&2; exit 2 ;; esac
awk -v p="$1" -v lat="${3:-5}" -v bw="${4:-1.25e9}" -v limit="${5:-1}" -v sends="${SENDS:-synchronous}" '
  function ceil_log2(n,  k) { k = 0; while (2 ^ k < n) k++; return k }
  function msg(s) { return 2 * lat + (s + envelope) * per_byte }   # one message, us
  BEGIN { envelope = 16; per_byte = 1e6 / bw; d = ceil_log2(p) }
  /^# begin result/ { what = $0; sub(/^# begin result /, "", what) }
  /^#/ || NF < 3 { next }
  {
    i = $1 ~ /=$/ ? 3 : 1   # a label "count= 1" first
    s = $i; t = $(i + 1)
    if (what ~ /Bcast/) m = sends == "eager" ? 2 * lat * d + d * (d + 1) / 2 * (s + envelope) * per_byte : d * msg(s)
    else if (what ~ /Allreduce/) m = d * msg(8)
    else if (what ~ /Barrier/) m = sends == "eager" ? d * msg(0) + 2 * lat * d + d * (d + 1) / 2 * envelope * per_byte : 2 * d * msg(0)
    else next
    e = t / m - 1; n++
    if ((e < 0 ? -e : e) >= worst) { worst = e < 0 ? -e : e; we = e; at = what ", " s " B: " t " us, model " m " us" }
  }
  END {
    printf "%6d  model     %d readings, largest difference %+.2f%% (%s)\n", p, n, 100 * we, at
    exit !(n > 0 && 100 * worst <= limit)
  }' "$2"
