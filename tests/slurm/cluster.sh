# tests/slurm/cluster.sh -- sourced (POSIX sh): a one-node Slurm cluster of this machine in
# a private directory, for the group "slurm" (tests/slurm/slurm.sh). Nothing of the
# machine's own services is touched: munged, slurmctld and slurmd run from the Debian
# packages' binaries with every path (configuration, key, socket, state, spool, logs,
# pid files) and port in DIR, and are stopped by their pids.
#   cluster_start DIR   writes DIR/slurm.conf and a private munge key, starts munged,
#                       slurmctld and slurmd, exports SLURM_CONF and waits until the node
#                       is idle; returns 1 with the reason in DIR/why
#   cluster_stop DIR    ends the three daemons by their pid files (TERM, then KILL)
# The node is this machine under its hostname: select/cons_tres, proctrack/linuxproc (no
# cgroups), task/none, MinJobAge=2 so a finished job leaves at once, KillWait=3 between a
# time limit's SIGTERM and SIGKILL, cred_expire=5 (a requeued job may start again
# that many seconds after its requeue; Slurm's default is 120) and a scheduling pass every
# 2 s (sched_interval), so that a requeued job starts again within seconds.

cluster_conf() {
  _cl_cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
  [ "$_cl_cpus" -ge 2 ] 2>/dev/null || _cl_cpus=2   # jobs of 2 tasks (config_overrides: no drain)
  _cl_host=$(hostname -s)
  cat > "$1/slurm.conf" <<CONF
ClusterName=skampitest
SlurmctldHost=$_cl_host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$1/munge.socket,cred_expire=5
SchedulerParameters=sched_interval=2
PropagatePrioProcess=1
SlurmctldPort=${SKAMPI_SLURM_PORT:-26817}
SlurmdPort=$(( ${SKAMPI_SLURM_PORT:-26817} + 1 ))
StateSaveLocation=$1/state
SlurmdSpoolDir=$1/spool
SlurmctldPidFile=$1/slurmctld.pid
SlurmdPidFile=$1/slurmd.pid
SlurmctldLogFile=$1/slurmctld.log
SlurmdLogFile=$1/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
SlurmdParameters=config_overrides
MinJobAge=2
KillWait=3
InactiveLimit=0
JobRequeue=1
SlurmctldParameters=enable_configless
NodeName=$_cl_host CPUs=$_cl_cpus State=UNKNOWN
PartitionName=skampi Nodes=ALL Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
CONF
}

# _cl_wait_for SECONDS COMMAND...: COMMAND succeeds within SECONDS (checked twice a second)
_cl_wait_for() {
  _cl_n=$(( $1 * 2 )); shift
  while [ "$_cl_n" -gt 0 ]; do
    "$@" >/dev/null 2>&1 && return 0
    sleep 0.5; _cl_n=$((_cl_n - 1))
  done
  return 1
}

_cl_node_idle() { sinfo -h -N -o '%T' | grep -q '^idle'; }

cluster_start() {
  _cl_d=$1
  mkdir -p "$_cl_d/state" "$_cl_d/spool" && chmod 700 "$_cl_d" || { echo "cannot make $_cl_d" > "$_cl_d/why"; return 1; }
  cluster_conf "$_cl_d"
  SLURM_CONF=$_cl_d/slurm.conf; export SLURM_CONF
  dd if=/dev/urandom of="$_cl_d/munge.key" bs=1024 count=1 2>/dev/null && chmod 400 "$_cl_d/munge.key"
  : > "$_cl_d/munge.seed"; chmod 600 "$_cl_d/munge.seed"
  munged --force --socket="$_cl_d/munge.socket" --key-file="$_cl_d/munge.key" --pid-file="$_cl_d/munged.pid" \
    --log-file="$_cl_d/munged.log" --seed-file="$_cl_d/munge.seed" > "$_cl_d/munged.out" 2>&1 ||
    { echo "munged did not start: $(cat "$_cl_d/munged.out" "$_cl_d/munged.log" 2>/dev/null | tail -n 3)" > "$_cl_d/why"; return 1; }
  slurmctld -f "$_cl_d/slurm.conf" -i > "$_cl_d/slurmctld.out" 2>&1 ||
    { echo "slurmctld did not start: $(tail -n 3 "$_cl_d/slurmctld.log" 2>/dev/null)" > "$_cl_d/why"; return 1; }
  _cl_wait_for 20 scontrol ping ||
    { echo "slurmctld does not answer: $(tail -n 3 "$_cl_d/slurmctld.log" 2>/dev/null)" > "$_cl_d/why"; return 1; }
  slurmd -f "$_cl_d/slurm.conf" > "$_cl_d/slurmd.out" 2>&1 ||
    { echo "slurmd did not start: $(tail -n 3 "$_cl_d/slurmd.log" 2>/dev/null)" > "$_cl_d/why"; return 1; }
  _cl_wait_for 30 _cl_node_idle ||
    { echo "the node did not become idle: $(sinfo -N 2>&1 | tail -n 1); $(tail -n 3 "$_cl_d/slurmd.log" 2>/dev/null)" > "$_cl_d/why"; return 1; }
  return 0
}

# _cl_end PIDFILE: TERM the daemon named there, KILL it after 5 s
_cl_end() {
  [ -s "$1" ] || return 0
  _cl_pid=$(cat "$1")
  case $_cl_pid in ''|*[!0-9]*) return 0 ;; esac
  kill -TERM "$_cl_pid" 2>/dev/null || return 0
  _cl_n=10
  while [ "$_cl_n" -gt 0 ] && kill -0 "$_cl_pid" 2>/dev/null; do sleep 0.5; _cl_n=$((_cl_n - 1)); done
  kill -KILL "$_cl_pid" 2>/dev/null
  return 0
}

cluster_stop() {
  _cl_end "$1/slurmd.pid"
  _cl_end "$1/slurmctld.pid"
  _cl_end "$1/munged.pid"
}
