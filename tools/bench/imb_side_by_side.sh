#!/bin/sh
# tools/bench/imb_side_by_side.sh [openmpi|mpich] [NP] -- skampi beside the Intel MPI
# Benchmarks 2021 in one run, on one MPI, NP processes (default 2): the families IMB-MPI1,
# IMB-NBC, IMB-RMA, (2 processes) IMB-MT, (MPICH) IMB-MPI4 and IMB-P2P as far as skampi has their operations
# (tools/bench/imb_side_by_side.ski names each result after its IMB benchmark). Per
# family IMB runs, then skampi, then IMB again, so that the two IMB runs bracket skampi's
# and their difference shows IMB's own noise at that moment. Writes per benchmark and
# size skampi's time, both IMB figures, the ratio skampi / IMB and whether skampi lies
# within IMB's noise, and a summary per family, to tools/bench/results/imb-<mpi>.txt
# (imb-<mpi>-np<NP>.txt for NP != 2). Claims about speed live here, not in tests.
#
# IMB is not part of skampi and is not downloaded here: build it once with
#   tools/bench/imb_build.sh /path/to/mpi-benchmarks [openmpi|mpich]
# (binaries in /work/imb-inst-<mpi>/bin), or point IMB_DIR at a directory holding
# IMB-MPI1, IMB-NBC, IMB-RMA and IMB-MT built with the same MPI. Exit 1 when the ones the
# chosen families need are missing.
# IMB_FAMILIES="MT" (a list of MPI1 NBC RMA RMA-pt2pt MT MPI4 P2P) runs only those families (a full
# run takes minutes on a quiet machine, over 20 under load); the results then go to
# tools/bench/results/imb-<mpi>-<families joined by +>.txt, so that the full file stays.
# IMB_REPORT_ONLY=1 writes the results file again from the last run's files, no runs.
#
# What is compared (the columns IMB prints, IMB User Guide "MPI-1 Benchmarks"):
#   PingPong: IMB's t (half the round trip) against skampi's round trip / 2.
#   collectives, Sendrecv, Exchange: IMB's t_max, the slowest process's mean time per
#     call (IMB starts each call after a barrier, -sync on), against skampi's time, the
#     largest over the processes from a synchronised start: both are the time until the
#     last process is done (t_avg and t_min include processes that finish early, the
#     root of a Bcast after handing its message over).
#   NBC: Ixxx_pure's t_max against skampi's Ixxx; Ixxx's t_ovrl, t_pure, t_CPU and
#     overlap (IMB takes them from the slowest process and uses the same formula) against
#     the "# overlap:" line under skampi's Ixxx_overlap(..., 0) result.
#   P2P: IMB-P2P's t (the mean over the processes of their time per message they took part
#     in) against skampi's round / the messages of one process in it (Birandom 2,
#     Stencil2D 4, Stencil3D 6, else 1; PingPong the round trip / 2), IMB-P2P with
#     -msglog 0:16 -iter 200 (its own options).
#   MPI4 (MPICH only: MPI-4): the same for IMB-MPI4's persistent collectives, Xxx_persist
#     against skampi's Xxx_init_overlap(..., 0), Xxx_persist_pure against Xxx_init.
#   RMA: IMB-RMA's NON-AGGREGATE t (one operation and its MPI_Win_flush) against skampi's
#     Rput, Rget, Get_accumulate, Fetch_and_op, Compare_and_swap (the same on rank 0).
#   MT (2 processes; IMB-MT run once per T = 1, 2 (mt_threads) with OMP_NUM_THREADS=T and
#     -thread_level multiple, skampi with SKAMPI_THREAD_LEVEL=multiple; key NAME-T<T>,
#     bytes = one thread's message, IMB's #bytes / T): PingPongMT's t_max (the slowest
#     thread's round trip / 2) against skampi's Thread_pingpong / 2; UniBandMT's time per
#     message of all threads, #bytes / Mbytes/sec = t_max / T (1e6 / Msg/sec = t_avg / T
#     where IMB rounds Mbytes/sec below 1.00), against skampi's Thread_bw (see the notes).
set -eu
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
cd "$(dirname "$0")/../.."
impl=${1:-openmpi}
np=${2:-2}
case $impl in
  openmpi) cc=mpicc.openmpi ;;
  mpich) cc=mpicc.mpich ;;
  *) echo "usage: $0 [openmpi|mpich] [NP]" >&2; exit 2 ;;
esac
case $np in
  [2-9]|[1-9][0-9]) ;;
  *) echo "usage: $0 [openmpi|mpich] [NP]  (NP >= 2)" >&2; exit 2 ;;
esac
imb=${IMB_DIR:-/work/imb-inst-$impl/bin}
command -v $cc >/dev/null 2>&1 || { echo "$0: $cc missing" >&2; exit 1; }
ski=tools/bench/imb_side_by_side.ski
# IMB: sizes 0, 1, 2, 4 .. 64 KiB, at most 200 calls and 2 s per size, only NP processes
imb_flags="-npmin $np -msglog 0:16 -iter 200 -time 2"
# IMB-MT: T threads per process, one thread's message 1 .. 64 KiB step x16 as in the .ski's
# MT section, 100 timed round trips or windows of 64 messages (Thread_bw's window 0)
mt_threads="1 2"
mt_flags="-thread_level multiple -datatype char -count 1,16,256,4096,65536 -repeat 100 -warmup 10 -window_size 64"
if [ "$np" -eq 2 ]; then
  mpi1="PingPong Sendrecv Exchange Bcast Allreduce Reduce Alltoall Allgather Gather Scatter Barrier"
  families="MPI1 NBC RMA"
  # Open MPI gives IMB's MPI_Win_create window another one-sided component than skampi's
  # MPI_Win_allocate one: RMA once more with both on osc/pt2pt (see the notes below)
  [ "$impl" = openmpi ] && families="$families RMA-pt2pt"
  families="$families MT"
else
  mpi1="Bcast Allreduce Reduce Alltoall Allgather Gather Scatter Barrier"
  families="MPI1 NBC"
fi
# IMB-MPI4's persistent collectives need MPI-4: MPICH (Open MPI 3.1 and 4.1 declare 3.1);
# IMB-MPI4 and IMB-P2P where they are built (IMB_SUITES="MPI4 P2P" tools/bench/imb_build.sh)
[ "$impl" = mpich ] && [ -x "$imb/IMB-MPI4" ] && families="$families MPI4"
[ -x "$imb/IMB-P2P" ] && families="$families P2P"
nbc="Ibcast Ibcast_pure Iallreduce Iallreduce_pure Ireduce Ireduce_pure Ialltoall Ialltoall_pure Ibarrier Ibarrier_pure"
mpi4="Bcast_persist Bcast_persist_pure Allreduce_persist Allreduce_persist_pure Reduce_persist Alltoall_persist"
mpi4="$mpi4 Gather_persist Barrier_persist Barrier_persist_pure"
# IMB-P2P: its stencils need 4 processes or more (IMB refuses a grid dimension below 2)
p2p="PingPong PingPing SendRecv_Replace Unirandom Birandom Corandom"
[ "$np" -ge 4 ] && p2p="$p2p Stencil2D Stencil3D"
p2p_flags="-msglog 0:16 -iter 200"
rma="Unidir_put Unidir_get Get_accumulate Fetch_and_op Compare_and_swap"
mt="PingPongMT UniBandMT"
tag=$impl-np$np
if [ -n "${IMB_FAMILIES:-}" ]; then
  chosen=
  for f in $IMB_FAMILIES; do
    case " $families " in
      *" $f "*) chosen="$chosen $f" ;;
      *) echo "$0: IMB_FAMILIES: no family $f with $impl and $np processes (there are: $families)" >&2; exit 2 ;;
    esac
  done
  families=${chosen# }
  tag=$tag-$(echo $families | tr ' ' '+')
fi
# family_prog FAMILY: the IMB program of a family
family_prog() {
  case $1 in MPI1) echo IMB-MPI1 ;; NBC) echo IMB-NBC ;; RMA|RMA-pt2pt) echo IMB-RMA ;; MT) echo IMB-MT ;; MPI4) echo IMB-MPI4 ;; P2P) echo IMB-P2P ;; esac
}
for fam in $families; do
  b=$(family_prog "$fam")
  [ -x "$imb/$b" ] || { echo "$0: no $imb/$b: build IMB with tools/bench/imb_build.sh or set IMB_DIR" >&2; exit 1; }
done
work=tools/bench/work; res=tools/bench/results
mkdir -p "$work" "$res"
$cc -O2 -o "$work/skampi-$impl" skampi_amalgam.c -lm

# imb_values FILE: "benchmark bytes column value" for the compared columns of an IMB output
imb_values() {
  awk '/^# Benchmarking / { b = $3; name = b; th = 0; mode = ""; n = 0; next }
    /^# #processes = .*threads: / { th = $NF; sub(/\)/, "", th); name = b "-T" th; next }
    /MODE: NON-AGGREGATE/ { mode = "non"; next }
    /MODE: AGGREGATE/ { mode = "agg"; next }
    /^ *#(bytes|repetitions) / { n = NF; for (i = 1; i <= NF; i++) { h[i] = $i; sub(/\[.*/, "", h[i]) } next }
    n && /^ *[0-9]/ && NF == n && mode != "agg" {
      bytes = 0
      for (i = 1; i <= n; i++) { v[h[i]] = $i; if (h[i] == "#bytes") bytes = $i }
      # IMB-MT: #bytes is T messages; UniBandMT prints t_avg and derives Mbytes/sec from t_max
      if (th) {
        if (b == "PingPongMT") print name, bytes / th, "t", v["t_max"]
        else if (b == "UniBandMT" && v["Mbytes/sec"] >= 1) print name, bytes / th, "t", bytes / v["Mbytes/sec"]
        else if (b == "UniBandMT" && v["Msg/sec"] > 0) print name, bytes / th, "t", 1e6 / v["Msg/sec"]
      }
      else if ("t_ovrl" in v) { print b, bytes, "t", v["t_ovrl"]; print b, bytes, "t_pure", v["t_pure"]
                           print b, bytes, "t_CPU", v["t_CPU"]; print b, bytes, "overlap%", v["overlap"] }
      else if ("t_max" in v) print b, bytes, "t", v["t_max"]
      else if ("t" in v) print b, bytes, "t", v["t"]
      split("", v)
    }
    /^$/ { n = 0 }' "$1"
}
# skampi_values FILE: the same from a .sko (the loop variable is IMB's #bytes)
skampi_values() {
  awk '/^# begin result "/ { b = $4; gsub(/"/, "", b); next }
    /^count=|^bytes=/ { bytes = $2; t = $4 }
    /^ *[0-9]/ { bytes = $1; t = $2 }
    /^count=|^bytes=|^ *[0-9]/ { if (b == "PingPong" || b ~ /^PingPongMT-T/ || b == "Birandom") t /= 2
      if (b == "Stencil2D") t /= 4; if (b == "Stencil3D") t /= 6; print b, bytes, "t", t; next }
    /^#@ flags: .*interference/ { print b, bytes, "flag", 1 }
    /^# overlap: / { v = $0; gsub(/[,%]/, "", v); split(v, f, " ")
      print b, bytes, "t_pure", f[4]; print b, bytes, "t_CPU", f[7]; print b, bytes, "overlap%", f[13] }' "$1"
}

# IMB_REPORT_ONLY=1: no runs, the results file is written again from the last run's files
if [ -z "${IMB_REPORT_ONLY:-}" ]; then
t_start=$(date +%s)
for fam in $families; do
  section=$fam; fam_env=; prog=$(family_prog "$fam")
  case $fam in
    MPI1) list=$mpi1 ;;
    NBC) list=$nbc ;;
    MPI4) list=$mpi4 ;;
    P2P) list=$p2p ;;
    RMA) list=$rma ;;
    # IMB's Compare_and_swap hangs on osc/pt2pt (Open MPI 4.1.4); skampi's does not
    RMA-pt2pt) list=${rma% Compare_and_swap}; section=RMA; fam_env=OMPI_MCA_osc=pt2pt ;;
    # skampi asks for MPI_THREAD_MULTIPLE (IMB-MT by -thread_level multiple)
    MT) list=$mt; fam_env=SKAMPI_THREAD_LEVEL=multiple ;;
  esac
  # the settings above the first "# family:" line and this family's section
  awk -v fam="$section" '/^# family: / { in_fam = ($3 == fam); seen = 1; next } !seen || in_fam' "$ski" > "$work/imb-$section.ski"
  rm -f "$work/imb-$fam-$tag.sko"*
  # run ENV IMPL NP PROGRAM ARGS: with the family's and the given environment settings; a
  # run that hangs is stopped after 4 minutes (its rows are then missing)
  run() {
    run_env=$1; shift
    env $fam_env $run_env timeout 240 tools/mpirun.sh "$@" || echo "$0: $fam: $3 failed or timed out" >&2
  }
  # IMB once (IMB-MT once per thread count) into the file $1
  run_imb() {
    if [ "$fam" = MT ]; then
      for t in $mt_threads; do run "OMP_NUM_THREADS=$t" "$impl" "$np" "$imb/$prog" $mt_flags $list; done > "$1" 2>&1
    else
      flags=$imb_flags; [ "$fam" = P2P ] && flags=$p2p_flags
      run "" "$impl" "$np" "$imb/$prog" $flags $list > "$1" 2>&1
    fi
  }
  run_imb "$work/imb-$fam-$tag-a.out"
  run "" "$impl" "$np" "$work/skampi-$impl" -q -i "$work/imb-$section.ski" -o "$work/imb-$fam-$tag.sko" 2>/dev/null
  run_imb "$work/imb-$fam-$tag-b.out"
  imb_values "$work/imb-$fam-$tag-a.out" | sed "s/^/$fam a /"
  imb_values "$work/imb-$fam-$tag-b.out" | sed "s/^/$fam b /"
  skampi_values "$work/imb-$fam-$tag.sko" | sed "s/^/$fam s /"
  # skampi's own uncertainty of a collective time: the global clock's error bound and
  # the timing overhead (dummy time) it reports and does not subtract
  awk -v fam="$fam" '/error bound/ && !eb { eb = $0; sub(/.*error bound /, "", eb); sub(/ us.*/, "", eb) }
    /^# dummy time \(empty collective/ && !dt { dt = $0; sub(/.*: /, "", dt); sub(/ us.*/, "", dt) }
    END { printf "%s info error_bound_us %s dummy_us %s\n", fam, eb ? eb : "-", dt ? dt : "-" }' "$work/imb-$fam-$tag.sko"
done > "$work/imb-values-$tag.txt"
t_end=$(date +%s)
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -n), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end; both tools run under the same conditions, $((t_end - t_start)) s in all" > "$work/imb-run-$tag.txt"
fi
[ -s "$work/imb-values-$tag.txt" ] && [ -s "$work/imb-run-$tag.txt" ] || { echo "$0: no run of $tag in $work" >&2; exit 1; }

out=$res/imb-$impl.txt
[ "$np" -eq 2 ] || out=$res/imb-$impl-np$np.txt
[ -z "${IMB_FAMILIES:-}" ] || out=${out%.txt}-$(echo $families | tr ' ' '+').txt
{
  echo "# skampi beside the Intel MPI Benchmarks 2021, $impl, $np processes"
  cat "$work/imb-run-$tag.txt"
  load1=$(sed -n 's/.*load average \([0-9.]*\).*/\1/p' "$work/imb-run-$tag.txt")
  if awk -v l="${load1:-0}" -v n="$(nproc)" 'BEGIN { exit !(l > n) }'; then
    echo "# TAKEN UNDER LOAD: the load average exceeded the $(nproc) cores; outliers of both tools are the"
    echo "#   load's (imb_a vs imb_b, skampi's interference flags); re-run on a quiet machine for the methods' own differences"
  fi
  [ "$families" = MT ] || [ "$families" = P2P ] || echo "# IMB: $imb, $imb_flags; run before and after skampi (columns imb_a, imb_b)"
  case " $families " in *" P2P "*) echo "# IMB-P2P: $imb, $p2p_flags; run before and after skampi (columns imb_a, imb_b)" ;; esac
  case " $families " in *" MT "*) echo "# IMB-MT: $imb, OMP_NUM_THREADS=T for T in $mt_threads, $mt_flags; before and after skampi" ;; esac
  echo "# skampi: $ski (set_min/max_repetitions 8/24, 10 % error), synchronised starts"
  echo "# compared: PingPong t = skampi round trip / 2; collectives IMB t_max; NBC t_ovrl, t_pure,"
  echo "#   t_CPU, overlap% from IMB's Ixxx, Ixxx_pure's t_max; RMA IMB's NON-AGGREGATE t; MT PingPongMT t_max ="
  echo "#   Thread_pingpong / 2, UniBandMT time per message of all threads = Thread_bw (see the script's top comment)"
  echo "# within = skampi inside the range of the two IMB runs widened by 10 % (overlap%: by 10 points);"
  echo "#   ratio = skampi / the faster IMB run, diff_us = skampi - the faster IMB run (a preempted IMB run is the slower one)"
  echo "#"
  printf '# %-9s %-16s %6s %-8s %9s %9s %9s %6s %8s %s\n' family benchmark bytes column skampi imb_a imb_b ratio diff_us within
  awk '$2 == "info" { info[$1] = "skampi: clock error bound " $4 " us, collective dummy time " $6 " us"; bound[$1] = $4; next }
    { k = $1 " " $3 " " $4 " " $5; val[$2, k] = $6; if ($2 == "s") order[++n] = k }
    END {
      for (i = 1; i <= n; i++) {
        k = order[i]; if (!(("a", k) in val) || !(("b", k) in val)) continue
        s = val["s", k]; a = val["a", k]; b = val["b", k]; split(k, f, " ")
        lo = a < b ? a : b; hi = a < b ? b : a
        if (f[4] == "overlap%") { ok = (s >= lo - 10 && s <= hi + 10); r = "-" }
        else { ok = (s >= lo * 0.9 && s <= hi * 1.1); r = lo > 0 ? sprintf("%.2f", s / lo) : "-" }
        flag = (("s", f[1] " " f[2] " " f[3] " flag") in val) ? " (skampi: interference flagged)" : ""
        printf "  %-9s %-16s %6d %-8s %9.3f %9.3f %9.3f %6s %8.3f %s%s\n", f[1], f[2], f[3], f[4], s, a, b, r, s - lo, ok ? "yes" : "no", flag
        fam = f[1]; tot[fam]++; if (ok) in_noise[fam]++
        if (!(fam in seen)) { seen[fam] = 1; fams[++nf] = fam }
        if (f[4] != "t" || lo <= 0) continue
        c = fam SUBSEP (f[3] >= 4096 ? "large" : "small")
        cnt[c]++; ratio[c, cnt[c]] = s / lo; diff[c, cnt[c]] = s - lo
      }
      print "#"
      for (j = 1; j <= nf; j++) {
        fam = fams[j]
        printf "# summary %s: %d of %d figures within IMB'"'"'s noise; %s\n", fam, in_noise[fam], tot[fam], info[fam]
        if (bound[fam] + 0 > 1)
          print "#   warning: skampi'"'"'s global clock was estimated no better than 1 us in this run (load): its synchronised-start times here are unreliable; re-run on a quiet machine"
        for (z = 1; z <= 2; z++) {
          part = z == 1 ? "small" : "large"; c = fam SUBSEP part; m = cnt[c]
          if (!m) continue
          printf "#   %s (%s): time ratio skampi / faster IMB run median %.2f (%.2f .. %.2f), skampi - faster IMB run median %+.3f us\n",
            part, part == "small" ? "< 4 KiB" : ">= 4 KiB", median(ratio, c, m), lo_of(ratio, c, m), hi_of(ratio, c, m), median(diff, c, m)
        }
      }
    }
    function sort_part(arr, c, m,   x, y, t) {
      for (x = 1; x <= m; x++) for (y = x + 1; y <= m; y++)
        if (arr[c, y] < arr[c, x]) { t = arr[c, x]; arr[c, x] = arr[c, y]; arr[c, y] = t }
    }
    function median(arr, c, m) { sort_part(arr, c, m); return arr[c, int((m + 1) / 2)] }
    function lo_of(arr, c, m) { sort_part(arr, c, m); return arr[c, 1] }
    function hi_of(arr, c, m) { sort_part(arr, c, m); return arr[c, m] }' "$work/imb-values-$tag.txt"
  echo "#"
  sed -n 's/^#: \{0,1\}//p' "$self"
} > "$out"
cat "$out"
exit 0
# The notes below are copied into every results file (the lines that start with "#:").
#: Reading the figures (the methods, not this run: see the summary lines for the run)
#: - The machine may be loaded (the load average above): a single preempted call lifts an
#:   IMB mean by tens or hundreds of microseconds (imb_a and imb_b then differ widely),
#:   while skampi discards repetitions that lost the processor or started late. Such rows
#:   count as "within" only because IMB's range is wide; compare them on a quiet machine.
#: - PingPong: both time a loop of round trips on rank 0 and halve it; skampi also
#:   subtracts one MPI_Wtime reading. Expect agreement at every size.
#: - Collectives, Sendrecv, Exchange (MPI1) and the NBC pure times: skampi's time runs
#:   from the agreed global start to the end of the last process, IMB's t_max is the
#:   slowest process's mean from its own exit of the barrier. skampi's time therefore
#:   contains the global clock's error and the processes' start delays (up to 0.25 us
#:   or 25 % of the result are tolerated) and a timing overhead it reports as the dummy
#:   time but does not subtract; IMB's does not (a process that leaves the barrier late
#:   times less of the operation). Below a few microseconds that is an offset of up to
#:   about a tenth of a microsecond (diff_us): a ratio of 1.2 .. 2 for Open MPI's
#:   operations of 0.2 us, little for MPICH's of 0.6 us and more; from 4 KiB on, where
#:   the operation dwarfs it, the two agree within the load's noise. A Bcast or Reduce can be
#:   shorter in skampi, presumably because IMB's receiver, timed from its own exit of the
#:   barrier, also waits for a root that left the barrier later.
#: - NBC overlap: both compute overlap = 100 * max(0, min(1, (t_pure + t_CPU - t_ovrl) /
#:   min(t_pure, t_CPU))) from the slowest process's figures, but calibrate the
#:   computation differently: skampi per process to its own pure time (t_CPU ~ t_pure by
#:   construction); IMB runs whole 10x10 matrix-vector products (about 0.2 us each at
#:   IMB's -O0, at least one, the count truncated), so its t_CPU is at least 0.2 us and
#:   falls short of t_pure below a microsecond. Hence skampi's t_CPU and t_ovrl
#:   (= t_pure + t_CPU when nothing overlaps) are larger there, and the overlap
#:   percentages of sub-microsecond operations are not comparable; t_pure agrees as the
#:   pure times do. Neither computation calls MPI_Test (skampi's tests argument 0).
#: - RMA: IMB-RMA puts into a window of MPI_Win_create (user memory), skampi's Rput,
#:   Rget and atomics into one of MPI_Win_allocate, and Open MPI 4.1 serves the two with
#:   different one-sided components: the allocated window through shared memory (tens of
#:   nanoseconds per put), the created one through osc/rdma over the byte transfer layer
#:   (over a microsecond). The rows RMA-pt2pt run both tools with OMPI_MCA_osc=pt2pt, one
#:   component for both windows: the same operation on the same path. osc/pt2pt moves a
#:   passive-target operation only when the target process is inside MPI (IMB's target
#:   waits in MPI_Barrier, skampi's in its synchronised stop), so on a loaded machine both
#:   tools' figures jump between two levels as the target holds its processor or not; at
#:   load 6 (2026-11-26) both gave 0.40 / 0.42 us for a 1-byte put and 0.68 / 0.68 us for
#:   Fetch_and_op. IMB's Compare_and_swap hangs on osc/pt2pt and is left out there.
#:   skampi's Rput/Rget are MPI_Rput/MPI_Rget + MPI_Wait + MPI_Win_flush, IMB's
#:   NON-AGGREGATE MPI_Put/MPI_Get + MPI_Win_flush: the request adds little.
#: - MT (IMB-MT; 2 processes, T threads each, thread i of rank 0 with thread i of rank 1,
#:   each pair on a communicator of its own in both tools, both at MPI_THREAD_MULTIPLE):
#:   IMB-MT prints as #bytes T times one thread's message (its weak scaling); the rows are
#:   keyed by one thread's message and by T (PingPongMT-T2).
#:   PingPongMT: every thread times its own 100 round trips (MPI_Send/MPI_Recv) after an
#:   OpenMP barrier and an MPI_Barrier; t_max is the slowest thread's mean round trip / 2
#:   (t_avg the mean over the threads of both processes). skampi's Thread_pingpong times
#:   100 round trips per thread from the synchronised start until the last thread of the
#:   process is done (the longer process counts): compared, its round trip / 2 with t_max.
#:   UniBandMT is Thread_bw's pattern (BiBandMT sends both ways at once and halves the
#:   time: no skampi row): every thread of rank 0 sends windows of 64 messages (MPI_Isend,
#:   MPI_Waitall), its partner acknowledges each window (IMB with 1 byte, skampi with an
#:   empty message). IMB divides each thread's span by repetitions x window (one message of
#:   one thread), prints their mean as t_avg, Msg/sec = T / t_avg and the aggregate
#:   Mbytes/sec = T x message / t_max; skampi divides its span by threads x window x
#:   iterations (one message of all threads: size / time is the aggregate MB/s).
#:   Compared: IMB's #bytes / Mbytes/sec (= t_max / T, the time per message of all threads
#:   as the slowest thread saw it) with skampi's time; where IMB's two-decimal Mbytes/sec
#:   is below 1.00 (too coarse), 1e6 / Msg/sec (= t_avg / T) instead.
#:   What differs: skampi's span also holds the waking of its thread team (a condition
#:   variable) and the wait for the last thread: with 2 threads about 10 us per timing here
#:   (Open MPI, 1 byte: 1.75 us per round trip at 10 round trips per timing, 0.68 at 160),
#:   so up to 0.06 us one way at 100 round trips, 0.005 us per message in Thread_bw (16
#:   windows per thread and timing). And IMB's per-thread clocks do not see pairs that take
#:   turns: a thread that gets its processor late starts its clock late, so two pairs run
#:   one after the other still show one pair's time, where skampi's span shows both
#:   (Open MPI, T = 2, load 6: IMB 0.16 us one way as with T = 1, skampi 0.36 us).
#:   On this 2-core machine T = 2 puts 4 busy-polling threads on 2 processors: a thread
#:   whose partner is not running spins until the scheduler switches, so the T = 2 figures
#:   are mostly scheduler time. IMB's mean over 100 round trips keeps every such switch
#:   (in some runs milliseconds per round trip; under load MPICH even with T = 1); skampi
#:   discards the repetitions in which a process lost its processor or missed its window
#:   and reports the ones that ran through: the two then differ by orders of magnitude and
#:   say nothing about the library. Compare T = 2 on a machine with 4 cores or more; T = 1
#:   on a quiet machine compares like PingPong.
#: - Not compared: IMB-EXT and IMB-IO (skampi's MPI-2 one-sided and MPI-IO rows time other
#:   patterns: fence epochs and file-system calls with skampi's own protocols), PingPing
#:   and the IMB-MT rows without a skampi row (PingPingMT, BiBandMT, SendRecvMT,
#:   ExchangeMT and the MT collectives).
