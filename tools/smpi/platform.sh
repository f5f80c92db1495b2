#!/bin/sh
# tools/smpi/platform.sh -- writes a SimGrid platform (XML, DTD 4.1) and its host file for
# smpirun: a cluster of HOSTS hosts node-0 ... node-(HOSTS-1), each with CORES cores and a
# private link of latency LAT_US microseconds and bandwidth BW bytes per second to a
# crossbar; a message between two hosts crosses both private links (latency 2 LAT_US,
# bandwidth BW), one between ranks on the same host the host's loopback (latency
# LOOP_LAT_US, bandwidth LOOP_BW). The host file names each host CORES times, so that
# ranks fill a host before the next (ranks 0..CORES-1 on node-0).
#   sh tools/smpi/platform.sh OUT.xml OUT.hosts HOSTS LAT_US BW [CORES LOOP_LAT_US LOOP_BW]
set -u
[ $# -ge 5 ] || { echo "usage: $0 OUT.xml OUT.hosts HOSTS LAT_US BW [CORES LOOP_LAT_US LOOP_BW]" >&2; exit 2; }
xml=$1 hosts=$2 n=$3 lat=$4 bw=$5 cores=${6:-1} llat=${7:-0.1} lbw=${8:-10e9}
{
  echo "<?xml version='1.0'?>"
  echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
  echo '<platform version="4.1">'
  echo "  <cluster id=\"c\" prefix=\"node-\" suffix=\"\" radical=\"0-$((n - 1))\" speed=\"1Gf\" core=\"$cores\""
  echo "           bw=\"${bw}Bps\" lat=\"${lat}us\" loopback_bw=\"${lbw}Bps\" loopback_lat=\"${llat}us\"/>"
  echo '</platform>'
} > "$xml" || exit 1
i=0
: > "$hosts" || exit 1
while [ $i -lt "$n" ]; do
  c=0
  while [ $c -lt "$cores" ]; do echo "node-$i" >> "$hosts" || exit 1; c=$((c + 1)); done
  i=$((i + 1))
done
