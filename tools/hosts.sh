#!/bin/sh
# tools/hosts.sh -- several hosts on one machine, for trying skampi "across a network"
# without a cluster: N Linux network namespaces, each with its own address and hostname,
# joined by veth pairs to one bridge; each host's link can be shaped with tbf. Needs root.
#
#   tools/hosts.sh up N [HOST:RATE[:DELAY] ...]   make hosts skh-0 .. skh-(N-1)
#   tools/hosts.sh down                           remove everything `up` made (idempotent)
#   tools/hosts.sh status                         list the hosts and their shaping
#   tools/hosts.sh exec HOST CMD ...              run CMD on a host (own hostname)
#   tools/hosts.sh mpirun IMPL NP PROGRAM ARGS... start an MPI program across the hosts
#                                                 (IMPL openmpi or mpich; rank r on
#                                                 host r mod N)
#   tools/hosts.sh check                          exit 0 when namespaces can be made here
#
# Example: `tools/hosts.sh up 4 3:100mbit` limits host skh-3's link to 100 Mbit/s in both
# directions (tbf rate, as tc writes it: kbit, mbit, gbit; DELAY like 2ms needs the netem
# qdisc, which some kernels lack: then `up` stops with a message). SKH_MTU (default 1500)
# sets the links' MTU, SKH_BURST (default 32768) the tbf bucket in bytes; a shaped link's
# MTU is lowered to SKH_BURST - 100 when the bucket is smaller, so that every packet fits.
#
# Nothing of the machine's own network is touched: the bridge lives in a namespace of its
# own (skh-sw, which also runs mpirun/mpiexec), every name starts with "skh-" (SKH_PREFIX),
# the addresses are the private 10.213.0.0/24 (SKH_NET, a /24 prefix without the last
# byte); the default namespace gets no interface, route or firewall rule. `down` removes
# every namespace whose name starts with the prefix, with all the links inside; `up`
# removes what it made when a step fails. Hosts are 10.213.0.1.. ; the switch is .254.
set -u
prefix=${SKH_PREFIX:-skh}
net=${SKH_NET:-10.213.0}
mtu=${SKH_MTU:-1500}        # MTU of every link
burst=${SKH_BURST:-32768}   # tbf bucket in bytes; a shaped link's MTU is at most burst - 100
here=$(cd "$(dirname "$0")" && pwd)
sw=$prefix-sw
br=$prefix-br
ifname=${prefix}net        # the host side of each link, inside the host's namespace

die() { echo "tools/hosts.sh: $*" >&2; exit 1; }
hosts() { ip netns list 2>/dev/null | awk -v p="$prefix-" 'index($1, p) == 1 && $1 != p "sw" { print $1 }' | sort -t- -k2 -n; }

down() {
  for ns in $(ip netns list 2>/dev/null | awk -v p="$prefix-" 'index($1, p) == 1 { print $1 }'); do
    ip netns delete "$ns" 2>/dev/null
  done
  return 0
}

# shape NS IFACE RATE [DELAY]: tbf on the egress of IFACE in namespace NS
shape() {
  ns=$1; dev=$2; rate=$3; delay=${4:-}
  # the bucket (SKH_BURST bytes) holds at least one packet of the link's MTU; a small
  # bucket shapes even a ping-pong of small messages after its first few packets
  ip netns exec "$ns" tc qdisc add dev "$dev" root handle 1: tbf rate "$rate" burst "$burst" latency 1s || return 1
  if [ -n "$delay" ]; then
    ip netns exec "$ns" tc qdisc add dev "$dev" parent 1:1 handle 10: netem delay "$delay" 2>/dev/null \
      || { echo "tools/hosts.sh: delay $delay needs the netem qdisc, which this kernel lacks" >&2; return 1; }
  fi
}

up() {
  n=$1; shift
  case $n in ''|*[!0-9]*) die "up: N must be a number" ;; esac
  [ "$n" -ge 1 ] && [ "$n" -le 200 ] || die "up: N must be 1..200"
  [ "$(id -u)" = 0 ] || die "needs root (ip netns)"
  down
  trap 'down; exit 1' INT TERM
  fail() { echo "tools/hosts.sh: up failed at: $*" >&2; down; exit 1; }
  ip netns add "$sw" || fail "ip netns add $sw"
  ip -n "$sw" link set lo up || fail "lo in $sw"
  ip -n "$sw" link add "$br" type bridge || fail "bridge $br"
  ip -n "$sw" addr add "$net.254/24" dev "$br" || fail "address of $br"
  ip -n "$sw" link set "$br" up || fail "$br up"
  i=0
  while [ $i -lt "$n" ]; do
    h=$prefix-$i
    ip netns add "$h" || fail "ip netns add $h"
    ip -n "$h" link set lo up || fail "lo in $h"
    # a ping-pong idles each direction in turn: no slow start after idle (this host only)
    ip netns exec "$h" sysctl -qw net.ipv4.tcp_slow_start_after_idle=0 2> /dev/null
    # both ends are made inside the switch namespace; the host end then moves
    ip -n "$sw" link add "$h-s" type veth peer name "$h-h" || fail "veth of $h"
    ip -n "$sw" link set "$h-h" netns "$h" || fail "veth into $h"
    ip -n "$h" link set "$h-h" name "$ifname" || fail "rename in $h"
    ip -n "$h" addr add "$net.$((i + 1))/24" dev "$ifname" || fail "address of $h"
    ip -n "$h" link set "$ifname" mtu "$mtu" up && ip -n "$sw" link set "$h-s" mtu "$mtu" || fail "link up in $h"
    ip -n "$sw" link set "$h-s" master "$br" || fail "$h-s into $br"
    ip -n "$sw" link set "$h-s" up || fail "$h-s up"
    i=$((i + 1))
  done
  for spec in "$@"; do
    host=${spec%%:*}; rest=${spec#*:}; rate=${rest%%:*}; delay=""
    [ "$rest" != "$rate" ] && delay=${rest#*:}
    case $host in ''|*[!0-9]*) fail "shaping '$spec': HOST must be a host number" ;; esac
    [ "$host" -lt "$n" ] || fail "shaping '$spec': no host $host"
    m=$mtu; [ $((burst - 100)) -lt "$m" ] && m=$((burst - 100))
    ip -n "$prefix-$host" link set "$ifname" mtu "$m" && ip -n "$sw" link set "$prefix-$host-s" mtu "$m" || fail "mtu $m for $prefix-$host"
    shape "$prefix-$host" "$ifname" "$rate" "$delay" || fail "shaping of $prefix-$host"
    shape "$sw" "$prefix-$host-s" "$rate" "$delay" || fail "shaping of $prefix-$host-s"
  done
  trap - INT TERM
  # the hosts reach each other (one ping from the last host to the first)
  if command -v ping > /dev/null 2>&1; then ip netns exec "$prefix-$((n - 1))" ping -c 1 -W 2 "$net.1" > /dev/null 2>&1 || fail "ping between the hosts"; fi
  echo "tools/hosts.sh: $n hosts $prefix-0..$prefix-$((n - 1)) on $net.0/24 (switch $sw, bridge $br)"
}

status() {
  for h in $(hosts); do
    printf '%s %s ' "$h" "$(ip -n "$h" -4 -o addr show dev "$ifname" 2>/dev/null | awk '{print $4}')"
    ip netns exec "$h" tc qdisc show dev "$ifname" | awk '/tbf/ { for (i = 1; i <= NF; i++) if ($i == "rate") r = $(i + 1) } END { print r ? "rate " r : "unshaped" }'
  done
}

# run_on HOST CMD...: CMD in the host's namespace under its own hostname (a new UTS ns)
run_on() {
  h=$1; shift
  ip netns exec "$h" unshare --uts sh -c 'hostname "$0" && exec "$@"' "$h" "$@"
}

# mpirun IMPL NP PROGRAM ARGS...: the launchers run in the switch namespace and start
# their daemons on the hosts through tools/hosts-rsh (the rsh agent).
launch() {
  impl=$1; np=$2; shift 2
  nh=$(hosts | wc -l)
  [ "$nh" -ge 1 ] || die "no hosts: run 'tools/hosts.sh up N' first"
  work=$(mktemp -d "${TMPDIR:-/tmp}/skh-launch.XXXXXX") || exit 1
  list=""; i=0
  while [ $i -lt "$np" ]; do list="$list $prefix-$((i % nh))"; i=$((i + 1)); done
  case $impl in
  openmpi)
    for h in $(hosts); do echo "$h slots=$(( (np + nh - 1) / nh ))"; done > "$work/hostfile"
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
    ip netns exec "$sw" mpirun.openmpi ${SKAMPI_TEST_CLOCK_SKEW:+-x SKAMPI_TEST_CLOCK_SKEW} ${SKAMPI_FINALIZE_TIMEOUT:+-x SKAMPI_FINALIZE_TIMEOUT} --oversubscribe -np "$np" --hostfile "$work/hostfile" --map-by node \
      --mca plm_rsh_agent "$here/hosts-rsh" \
      --mca btl tcp,self --mca btl_tcp_if_include "$net.0/24" --mca oob_tcp_if_include "$net.0/24" \
      --mca mpi_yield_when_idle 1 \
      "$@"
    st=$? ;;
  mpich)
    echo $list | tr ' ' '\n' | sort | uniq -c | awk '{ print $2 ":" $1 }' > "$work/hostfile"
    # ranks r on host r mod N: hydra's -hosts with one entry per rank, in rank order
    hl=$(echo $list | tr ' ' ',')
    ip netns exec "$sw" mpiexec.mpich -launcher rsh -launcher-exec "$here/hosts-rsh" -iface "$br" \
      -hosts "$hl" -n "$np" -genv UCX_TLS tcp,self -genv UCX_NET_DEVICES "$ifname" \
      "$@"
    st=$? ;;
  *) rm -rf "$work"; die "unknown MPI '$impl' (openmpi or mpich)" ;;
  esac
  rm -rf "$work"
  return $st
}

check() {
  [ "$(id -u)" = 0 ] || { echo "needs root (ip netns)"; return 1; }
  command -v ip > /dev/null 2>&1 || { echo "needs ip (iproute2)"; return 1; }
  command -v unshare > /dev/null 2>&1 || { echo "needs unshare (util-linux)"; return 1; }
  t=$prefix-probe$$
  ip netns add "$t" 2> /dev/null || { echo "cannot make network namespaces here (ip netns add failed)"; return 1; }
  ok=0
  ip -n "$t" link add skprobe0 type veth peer name skprobe1 2> /dev/null || { echo "cannot make veth pairs here"; ok=1; }
  ip netns delete "$t"
  return $ok
}

cmd=${1:-}; [ $# -gt 0 ] && shift
case $cmd in
  up) [ $# -ge 1 ] || die "usage: up N [HOST:RATE[:DELAY] ...]"; up "$@" ;;
  down) down ;;
  status) status ;;
  exec) [ $# -ge 2 ] || die "usage: exec HOST CMD ..."; h=$1; shift
        case $h in *[!0-9]*) ;; *) h=$prefix-$h ;; esac
        run_on "$h" "$@" ;;
  mpirun) [ $# -ge 3 ] || die "usage: mpirun IMPL NP PROGRAM ARGS..."; launch "$@" ;;
  check) check ;;
  *) sed -n '2,/^set -u/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
