#!/bin/sh
# tests/slurm/slurm.sh -- skampi under a real scheduler: a one-node Slurm cluster of this
# machine (tests/slurm/cluster.sh: Debian's slurm-wlm and munge, private configuration
# directory tests/out/slurm/cluster, stopped by pid at the end, also on failure) and the
# job script tools/skampi.sbatch (doc/cluster.md). As root on Debian (installs slurm-wlm
# and munge when missing); prints "skip slurm: ..." otherwise.
#   srun_pmix_two_tasks      (a) srun --mpi=pmix -n 2 of a short input with Debian's Open
#                            MPI: exit 0, a complete output of 2 processes
#   sbatch_requeue_resumes   (b) sbatch --time=1 --signal=B:USR1@59 of 20 suites of at least
#                            1.6 s (32 s in all, longer than the 30 s within which the
#                            warning comes, however fast the machine): the warning
#                            reaches the script, skampi stops after its suite in
#                            progress (exit 5), the script requeues, the job
#                            starts again (SLURM_RESTART_COUNT 1; the test lifts the time
#                            limit once it is requeued, so that it is not warned again),
#                            resumes into the same output and finishes: every suite once,
#                            "# resumed", the log "finished", both starts in the job's one
#                            output file (--open-mode=append)
#   scancel_then_resubmit    (c) scancel in the middle of a run (SIGTERM inside a suite):
#                            not requeued, the log without "finished"; the same sbatch
#                            command again continues: every suite once, "# resumed"
# About a minute (Slurm checks time limits every 30 s; the submissions override the job
# script's --time and --signal, and --time=10 is long enough never to warn).
set -u
. "$(dirname "$0")/../lib.sh"
. "$top/tests/slurm/cluster.sh"
if [ "$(id -u)" != 0 ]; then skip slurm "root (a private Slurm cluster)"; exit 0; fi
if ! have slurmctld || ! have slurmd || ! have munged || ! have sbatch; then
  if have apt-get && have dpkg-query; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends slurm-wlm munge > "$out/slurm-apt.log" 2>&1 ||
      { apt-get update -q > /dev/null 2>&1; DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends slurm-wlm munge >> "$out/slurm-apt.log" 2>&1; }
  fi
  for p in slurmctld slurmd munged sbatch; do have $p || { skip slurm "slurm-wlm and munge (Debian: apt-get install slurm-wlm munge)"; exit 0; }; done
fi
case " $impls " in *" openmpi "*) ;; *) skip slurm "Open MPI (mpicc.openmpi)"; exit 0 ;; esac
skampi=$(sk_binary mpi openmpi) || { bad "build of $skampi"; finish; }
d=$out/slurm
rm -rf "$d"; mkdir -p "$d"
trap 'cluster_stop "$d/cluster"' EXIT
trap 'exit 1' INT TERM HUP
mkdir "$d/cluster"
if ! cluster_start "$d/cluster"; then bad "cluster_starts: $(cat "$d/cluster/why")"; finish; fi
pass cluster_starts

# how srun starts Debian's Open MPI: PMIx, else PMI-2, else mpirun inside the allocation
if srun --mpi=list 2>&1 | grep -q 'pmix'; then launch="srun --mpi=pmix"
elif srun --mpi=list 2>&1 | grep -q 'pmi2'; then launch="srun --mpi=pmi2"; note "# srun has no PMIx plugin: srun --mpi=pmi2"
else launch="mpirun.openmpi --oversubscribe"; note "# srun has neither PMIx nor PMI-2: mpirun.openmpi inside the allocation"
fi

# suites FILE N BASE_US: N suites "s1".."sN" of 10 busy waits of BASE_US, 4 repetitions each
suites() {
  { echo "set_min_repetitions(4)"; echo "set_max_repetitions(4)"
    _i=1
    while [ "$_i" -le "$2" ]; do
      printf 'begin measurement "s%d"\n  for x = 1 to 10 do\n    measure MPI_COMM_WORLD : Synthetic_Busy(x, %d, 0, 0, 0, 0)\n  od\nend measurement\n' "$_i" "$3"
      _i=$((_i + 1))
    done; } > "$1"
}
names() { _i=1; _n=""; while [ "$_i" -le "$1" ]; do _n="$_n s$_i"; _i=$((_i + 1)); done; echo "${_n# }"; }
# job_gone ID SECONDS: the job ended (neither pending, running nor completing) within SECONDS
job_gone() {
  _n=$(( $2 * 2 ))
  while [ "$_n" -gt 0 ]; do
    squeue -h -j "$1" -t PD,CF,R,S,CG,RQ,RS,RH 2>/dev/null | grep -q . || return 0
    sleep 0.5; _n=$((_n - 1))
  done
  return 1
}
job_field() { scontrol show job "$1" 2>/dev/null | tr ' ' '\n' | sed -n "s/^$2=//p" | head -n 1; }
# submit OUTPUT_OF_THE_JOB INPUT OUTPUT SBATCH_OPTIONS...: the job script, its id on stdout
submit() {
  _jo=$1; _in=$2; _o=$3; shift 3
  sbatch --parsable --chdir="$d" --output="$_jo" "$@" "$top/tools/skampi.sbatch" "$_in" "$_o" 2>> "$d/sbatch.err" | cut -d';' -f1
}
SKAMPI=$skampi; SKAMPI_LAUNCH=$launch; export SKAMPI SKAMPI_LAUNCH
OMPI_MCA_rmaps_base_oversubscribe=1; export OMPI_MCA_rmaps_base_oversubscribe

# (a) srun of a short input
cat > "$d/short.ski" <<'SKI'
set_min_repetitions(2)
set_max_repetitions(4)
begin measurement "pingpong"
  for x = 1 to 64 step *4 do
    measure MPI_COMM_WORLD : Pingpong_Send_Recv(x, MPI_BYTE, 0, 1)
  od
end measurement
SKI
(cd "$d" && timeout 60 $launch -n 2 "$skampi" -i short.ski -o a.sko > a.err 2>&1); st=$?
why=$(sko_complete "$d/a.sko" pingpong)
[ $st -eq 0 ] && [ -z "$why" ] && grep -q '^# processes: 2$' "$d/a.sko"
say $? srun_pmix_two_tasks "exit $st: $why $(tail -n 3 "$d/a.err")"

# (b) the time limit: warned, stopped between suites, requeued, resumed until done
suites "$d/b.ski" 20 40000   # 40 busy waits of 40 ms: at least 1.6 s a suite, 32 s in all
id=$(submit "$d/b.out" b.ski b.sko --time=1 --signal=B:USR1@59 --ntasks=2)
if [ -z "$id" ]; then bad "sbatch_requeue_resumes: sbatch failed: $(cat "$d/sbatch.err")"
else
  n=240; restarts=0
  while [ "$n" -gt 0 ] && [ "${restarts:-0}" -lt 1 ]; do restarts=$(job_field "$id" Restarts); sleep 0.5; n=$((n - 1)); done
  scontrol update JobId="$id" TimeLimit=10 2>> "$d/sbatch.err"
  job_gone "$id" 150; gone=$?
  why=$(sko_complete "$d/b.sko" "$(names 20)")
  [ $gone -eq 0 ] && [ -z "$why" ] && [ "$(grep -c '^# resumed at' "$d/b.sko")" -ge 1 ] &&
    tail -n 1 "$d/b.sko.log" | grep -q '^finished ' &&
    grep -q 'stopped before suite .* on SIGUSR1' "$d/b.out" && grep -q 'skampi.sbatch: requeueing job' "$d/b.out" &&
    grep -q "job $id start 2 " "$d/b.out" && grep -q 'skampi.sbatch: skampi finished' "$d/b.out"
  say $? sbatch_requeue_resumes "job $id gone=$gone restarts=$restarts: $why; job output: $(tr '\n' '|' < "$d/b.out" | tail -c 600)"
fi

# (c) scancel inside a suite, then the same submission again
suites "$d/c.ski" 5 15000
id=$(submit "$d/c.out" c.ski c.sko --time=10 --ntasks=2)
if [ -z "$id" ]; then bad "scancel_then_resubmit: sbatch failed: $(cat "$d/sbatch.err")"
else
  n=120
  while [ "$n" -gt 0 ] && ! grep -q '^done 1 ' "$d/c.sko.log" 2>/dev/null; do sleep 0.5; n=$((n - 1)); done
  sleep 0.7   # inside suite 2 or 3
  scancel "$id"
  job_gone "$id" 60; gone1=$?
  kept=$(grep -c '^done ' "$d/c.sko.log" 2>/dev/null)
  cancelled=0
  [ $gone1 -eq 0 ] && ! grep -q '^finished' "$d/c.sko.log" && [ "$kept" -ge 1 ] && [ "$kept" -lt 5 ] &&
    ! grep -q 'requeueing' "$d/c.out" && cancelled=1
  id2=$(submit "$d/c.out" c.ski c.sko --time=10 --ntasks=2)
  job_gone "${id2:-0}" 120; gone2=$?
  why=$(sko_complete "$d/c.sko" "$(names 5)")
  [ $cancelled = 1 ] && [ -n "$id2" ] && [ $gone2 -eq 0 ] && [ -z "$why" ] && grep -q '^# resumed at' "$d/c.sko" &&
    tail -n 1 "$d/c.sko.log" | grep -q '^finished '
  say $? scancel_then_resubmit "cancelled=$cancelled (suites done at scancel: $kept) second job ${id2:-none} gone=$gone2: $why; job output: $(tr '\n' '|' < "$d/c.out" | tail -c 600)"
fi
finish
