#!/bin/sh
# tests/gates/header_owner.sh [SPLIT] -- the output's header (the '#' lines before the
# first suite of a .sko file) is worded in one module, results/header.c: each of its own
# lines' texts below occurs as a C string there and in no other module of SPLIT (default
# split/). The lines that other modules describe for the header and also write elsewhere
# (synchronisation: the footer too; MPI-IO files: set_io_working_dir; the library's
# polling, the test-only clock skew, the ping-pong correction: their own state) are called
# from header.c, not listed here. tests/gates/header_owner_planted.sh plants violations.
set -u
cd "$(dirname "$0")/../.."
split=${1:-split}
st=0
n=0
for text in '"# SKaMPI Version' '"# Started at' '"# resumed at' '"# input file:' '"# processes:' \
    '"# library: ' '"# thread level: ' '"# processor of rank 0:' '"# run: rank 0' '"# processors: ' '"# clock tick:' '"# clock: ' '"# timing of the simple pattern:' '"# empty call (not subtracted)' \
    '"# dummy time (timing overhead' '"#@ columns:' '"# columns:' '"# random seed' '"# oversubscription: %s on' \
    '"# oversubscription: unknown' '"# oversubscription: skampi' '"# oversubscription: scheduler floor' \
    '"# interference: waits' '"# interference: %d processes runnable' '"# interference: a repetition' \
    '"# simulated: SimGrid' '"# simulated: model settings' \
    '"# placement: unknown' '"# placement: processors of ranks' '"# placement: shared:' '"# placement: no two ranks' \
    '"#> '; do
  n=$((n + 1))
  where=$(find "$split" -name '*.c' -exec grep -lF -- "$text" {} + | sed "s|^$split/||" | sort)
  case $where in
    results/header.c) ;;
    "") echo "header line $text: in no module (expected in results/header.c)"; st=1 ;;
    *) for f in $where; do
         [ "$f" = results/header.c ] && continue
         echo "$split/$f:$(grep -nF -- "$text" "$split/$f" | head -n 1 | cut -d: -f1): writes the header line $text, which results/header.c owns"
       done
       case " $(echo $where) " in *" results/header.c "*) ;; *) echo "header line $text: not in results/header.c";; esac
       st=1 ;;
  esac
done
[ $st -eq 0 ] && echo "header_owner: the $n header line texts are in results/header.c alone"
exit $st
