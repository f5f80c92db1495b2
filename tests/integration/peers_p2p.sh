#!/bin/sh
# tests/integration/peers_p2p.sh IMPL SKAMPI -- IMB-P2P's benchmarks (doc/peers.md) under
# a launcher with 2 and 4 processes: `skampi IMB-P2P` (every benchmark) prints IMB-P2P's
# layout per benchmark (its header, the columns #bytes #repetitions t[usec] Mbytes/sec
# Msg/sec verbatim, IMB's sizes), every figure a number, and the figures derived from
# the .sko written beside it as IMB-P2P derives them: t = the round's time / the messages
# of one process per round (PingPong: one pair's round trip / 2), Mbytes/sec and Msg/sec
# from all messages of the round (doc/manual.md "OSU and IMB names").
set -u
. "$(dirname "$0")/../lib.sh"
impl=$1; skampi=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
o=$top/tests/out/peers_p2p-$impl
rm -rf "$o"; mkdir -p "$o"
rows() { awk '/^ *[0-9]/' "$1"; }

for np in 2 4; do
  (cd "$o" && timeout 300 "$top/tools/mpirun.sh" "$impl" $np "$skampi" IMB-P2P -msglog 2:3 -o all$np.sko) \
    > "$o/all$np.out" 2> "$o/all$np.err"; st=$?
  # per benchmark: its name, the messages of one process per round (PingPong: 0, one pair's round trip)
  want="PingPong 0 PingPing 1 SendRecv_Replace 1 Unirandom 1 Birandom 2 Corandom 1 Stencil2D 4 Stencil3D 6"
  verdict=$(awk -v want="$want" -v np=$np '
    BEGIN { n = split(want, w, " "); for (i = 1; i < n; i += 2) { m[w[i]] = w[i + 1]; order = order w[i] " " } }
    FILENAME ~ /\.sko$/ && /^# begin result "/ { b = $4; gsub(/"/, "", b); next }
    FILENAME ~ /\.sko$/ && /^count= / { T[b, $2] = $4; next }
    FILENAME ~ /\.out$/ && /^# Benchmarking / { cur = $3; seen = seen cur " "; if (NF != 3) bad = bad " header:" cur; next }
    FILENAME ~ /\.out$/ && /^# #processes = / { procs[cur] = $4; next }
    FILENAME ~ /\.out$/ && /^ +#bytes +#repetitions +t\[usec\] +Mbytes\/sec +Msg\/sec +skampi flags$/ { cols[cur] = 1; next }
    FILENAME ~ /\.out$/ && /^ +[0-9]/ && cur != "" {
      sizes[cur] = sizes[cur] $1 " "
      t = T[cur, $1]; k = m[cur]; p = k == 0 ? 1 : np; per = k == 0 ? 2 : k
      if (t == "" || t <= 0) { bad = bad " no-sko:" cur "/" $1; next }
      if (sprintf("%.2f", t / per) != $3) bad = bad " t:" cur "/" $1 "=" $3 "!=" sprintf("%.2f", t / per)
      if (sprintf("%.2f", p * per * $1 / t) != $4) bad = bad " MB:" cur "/" $1
      if (sprintf("%.0f", p * per * 1e6 / t) != $5) bad = bad " rate:" cur "/" $1
    }
    END {
      if (seen != order) print "benchmarks " seen "!= " order
      else {
        for (b in m) {
          if (!cols[b]) bad = bad " columns:" b
          if (sizes[b] != "4 8 ") bad = bad " sizes:" b "=" sizes[b]   # IMB-P2P -msglog 2:3: 4 8, no 0
          if (procs[b] != (m[b] == 0 ? 2 : np)) bad = bad " procs:" b
        }
        print bad == "" ? "ok" : bad
      }
    }' "$o/all$np.sko" "$o/all$np.out")
  [ $st -eq 0 ] && [ "$verdict" = ok ] && grep -qx '#    skampi .* in the layout of the Intel(R) MPI Benchmarks 2021 (IMB-P2P)' "$o/all$np.out"
  say $? "$impl imb_p2p_np${np}_layout_and_values" "exit $st, $verdict: $(head -c 900 "$o/all$np.out") $(head -c 300 "$o/all$np.err")"
done

# -msglog MAX (no colon): IMB-P2P's 0, 1, ... 2^MAX (the real IMB-P2P 2021 prints "0 1 2 4" for -msglog 2)
(cd "$o" && timeout 300 "$top/tools/mpirun.sh" "$impl" 2 "$skampi" IMB-P2P PingPing -msglog 2 -iter 5 -o one.sko) \
  > "$o/one.out" 2> "$o/one.err"; st=$?
[ $st -eq 0 ] && [ "$(rows "$o/one.out" | awk '{ printf "%s ", $1 }')" = "0 1 2 4 " ]
say $? "$impl imb_p2p_msglog_max_sizes" "exit $st: $(head -c 600 "$o/one.out") $(head -c 300 "$o/one.err")"
finish
