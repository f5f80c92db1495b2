#!/bin/sh
# tests/gates/header_owner_planted.sh -- tests/gates/header_owner.sh passes on an
# unchanged copy of split/ and fails on each planted violation, in temp copies: (1) the
# command line writes a header line of its own (cli/main.c), (2) a header line's text
# moves from results/header.c back into the module whose facts it reports
# (transport/oversub.c): reported by file and line, and as missing from header.c.
set -u
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-header.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
st=0
fresh() { rm -rf "$tmp/split" && cp -R split "$tmp/" || exit 2; }
# expect NAME TEXT: the gate fails on the copy and says TEXT (tests/lib.sh)
expect() { gate_says header_owner "$tmp/split" "$@"; }

fresh
gate_passes header_owner "$tmp/split" unchanged_copy_passes

fresh
printf 'static void planted(sk_str *h) { sk_str_printf(h, "# input file: %%s\\n", "x"); }\n' >> "$tmp/split/cli/main.c"
line=$(wc -l < "$tmp/split/cli/main.c" | tr -d ' ')
expect header_line_in_cli "$tmp/split/cli/main.c:$line: writes the header line \"# input file:"

fresh
sed 's/"# clock tick:/"# tick of the clock:/' split/results/header.c > "$tmp/split/results/header.c"
printf 'static void planted(sk_str *h) { sk_str_printf(h, "# clock tick: %%g s\\n", 1.0); }\n' >> "$tmp/split/transport/oversub.c"
line=$(wc -l < "$tmp/split/transport/oversub.c" | tr -d ' ')
expect header_line_moved_out "$tmp/split/transport/oversub.c:$line: writes the header line \"# clock tick:"
expect header_line_missing_in_header_c 'header line "# clock tick:: not in results/header.c'
[ "$st" -eq 0 ] || failed=$((failed + 1))
finish
