#!/bin/sh
# tests/gates/prototypes_planted.sh -- tests/gates/prototypes.sh passes on an unchanged copy
# of split/ and fails on each planted violation, in temp copies: (1) core/measure.h
# declares a function that engine/runner.c defines (as it once declared sk_meas_fail),
# (2) results/header.h declares, over two lines, a function that a measurement module
# defines (as sk_pingpong_describe was), (3) sync/sync.h declares a function of the
# language layer. Each must be reported by file, line and both layers.
set -u
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-prototypes-planted.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
st=0
fresh() { rm -rf "$tmp/split" && cp -R split "$tmp/" || exit 2; }
# expect NAME TEXT: the gate fails on the copy and says TEXT (tests/lib.sh)
expect() { gate_says prototypes "$tmp/split" "$@"; }
# plant FILE TEXT: TEXT appended to split/FILE of the copy; prints the line number of its first line
plant() { plant_line "$tmp/split/$1" "$2"; }

fresh
gate_passes prototypes "$tmp/split" unchanged_copy_passes

# (1) a core header declares an engine function
fresh
plant engine/runner.c 'SK_API void sk_planted_engine_fn(sk_mctx *m) { (void)m; }' > /dev/null
n=$(plant core/measure.h 'SK_API void sk_planted_engine_fn(sk_mctx *m);')
expect core_declares_engine_function "split/core/measure.h:$n: prototype of sk_planted_engine_fn in core, defined in engine (split/engine/runner.c)"

# (2) a results header declares, over two lines, a measurement function
fresh
plant measurements/meas_mpi_p2p.c 'SK_API void sk_planted_describe(sk_str *out, int n) { (void)out; (void)n; }' > /dev/null
n=$(plant results/header.h 'SK_API void sk_planted_describe(sk_str *out,
                                 int n);')
expect results_declares_measurement_function "split/results/header.h:$n: prototype of sk_planted_describe in results, defined in measurements"

# (3) a sync header declares a language function
fresh
plant language/interp.c 'SK_API int sk_planted_lang(void) { return 0; }' > /dev/null
n=$(plant sync/sync.h 'SK_API int sk_planted_lang(void);')
expect sync_declares_language_function "split/sync/sync.h:$n: prototype of sk_planted_lang in sync, defined in language"
[ "$st" -eq 0 ] || failed=$((failed + 1))
finish
