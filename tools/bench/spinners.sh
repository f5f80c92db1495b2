# tools/bench/spinners.sh -- sourced (POSIX sh) by tools/bench/interference.sh and
# tests/interference/interference.sh: CPU spinners (tools/bench/spin.c) started and ended by pid only,
# never by name; ended on exit and on INT, TERM and HUP too.
#   start_spinners SPIN_BINARY SAFETY_SECONDS K   K spinners, each ending by itself after SAFETY_SECONDS
#   stop_spinners                                 ends those started, waits for them
spinners=""
stop_spinners() {
  if [ -n "$spinners" ]; then
    # shellcheck disable=SC2086
    kill $spinners 2>/dev/null
    # shellcheck disable=SC2086
    wait $spinners 2>/dev/null
    for p in $spinners; do kill -0 "$p" 2>/dev/null && echo "$0: warning: spinner $p still runs" >&2; done
  fi
  spinners=""
}
trap 'stop_spinners' EXIT
trap 'stop_spinners; exit 1' INT TERM HUP
start_spinners() {
  n=0
  while [ "$n" -lt "$3" ]; do
    "$1" "$2" &
    spinners="$spinners $!"
    n=$((n + 1))
  done
}
