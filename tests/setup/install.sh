#!/bin/sh
# tests/setup/install.sh -- `make install` and `make uninstall` (doc/cluster.md,
# "Installing") in a copy of the working tree, staged under a temporary DESTDIR:
#   install_files             PREFIX=/opt/skampi: bin/skampi and bin/skampi-seq
#                             (executable), share/man/man1/skampi.1, every example input
#                             of ski/, share/skampi/gnuplot/scc_figures.gp and the batch
#                             job scripts; nothing outside DESTDIR/PREFIX
#   installed_runs_example    the installed skampi runs the installed ski/quick.ski with 2
#                             processes (Open MPI, else MPICH): three complete suites
#   installed_checks_examples the installed skampi checks every installed example (-n),
#                             the installed skampi-seq says it is the sequential build (-V)
#   man_finds_page            man -M DESTDIR/PREFIX/share/man -w skampi names the installed
#                             page, and man renders it
#   uninstall_removes_all     make uninstall leaves no file under DESTDIR
#   default_prefix            without PREFIX the files go to DESTDIR/usr/local (make -n)
set -u
. "$(dirname "$0")/../lib.sh"
have make || { skip install make; exit 0; }
[ -n "$impls" ] || { skip install "an MPI (mpicc.openmpi or mpicc.mpich)"; exit 0; }
impl=${impls%% *}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-install.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
sh tests/common/copy_tree.sh "$tmp/src" || exit 2
# the builds of this run (the same amalgam, the same MPI), newer than the copy's sources,
# so that make install installs them instead of compiling the amalgam twice more
seq=$(sk_binary seq) && mpi=$(sk_binary mpi "$impl") && cp "$seq" "$tmp/src/skampi-seq" && cp "$mpi" "$tmp/src/skampi" &&
  touch "$tmp/src/skampi" "$tmp/src/skampi-seq" || { bad "builds for the install: $seq $mpi"; finish; }
stage=$tmp/stage; p=$stage/opt/skampi
(cd "$tmp/src" && make install MPICC="$(mpicc_of "$impl")" PREFIX=/opt/skampi DESTDIR="$stage") > "$tmp/install.log" 2>&1
st=$?
ok=1
if [ $st -eq 0 ] && [ -x "$p/bin/skampi" ] && [ -x "$p/bin/skampi-seq" ] && [ -f "$p/share/man/man1/skampi.1" ] &&
   [ -f "$p/share/skampi/gnuplot/scc_figures.gp" ] && [ -x "$p/share/skampi/batch/skampi.sbatch" ] &&
   [ -x "$p/share/skampi/batch/skampi.pbs" ]; then
  ok=0
  for f in ski/*.ski ski/*.par; do cmp -s "$f" "$p/share/skampi/$f" || { ok=1; echo "missing or different: $f"; }; done
  [ -z "$(cd "$stage" && find . -type f ! -path './opt/skampi/*')" ] || ok=1
fi
say $ok install_files "exit $st: $(tail -n 3 "$tmp/install.log") $(cd "$stage" && find . -type f | head -n 20 | tr '\n' ' ')"

(cd "$tmp" && timeout 300 "$top/tools/mpirun.sh" "$impl" 2 "$p/bin/skampi" -i "$p/share/skampi/ski/quick.ski" -o quick.sko) > "$tmp/run.log" 2>&1
st=$?
why=$(sko_complete "$tmp/quick.sko" "Pingpong_Send_Recv MPI_Bcast-length MPI_Barrier-nodes")
[ $st -eq 0 ] && [ -z "$why" ]
say $? installed_runs_example "exit $st ($impl): $why $(tail -n 3 "$tmp/run.log")"

ok=0
for f in "$p"/share/skampi/ski/*; do
  # a file that names MPI-4 rows is refused by a build without MPI-4 (Open MPI 4.1), and
  # for that reason alone
  "$p/bin/skampi" -n -i "$f" > "$tmp/n.log" 2>&1 || grep -q "needs MPI-4, which the MPI build lacks" "$tmp/n.log" ||
    { ok=1; echo "$f: $(head -n 2 "$tmp/n.log")"; }
done
"$p/bin/skampi-seq" -V | grep -q '(sequential backend)' || ok=1
say $ok installed_checks_examples

if have man; then
  page=$(man -M "$p/share/man" -w skampi 2>&1)
  [ "$page" = "$p/share/man/man1/skampi.1" ] && MANPAGER=cat MANWIDTH=80 man -M "$p/share/man" skampi 2>/dev/null | grep -q 'skampi'
  say $? man_finds_page "man -w: $page"
else
  skip man_finds_page man
fi

(cd "$tmp/src" && make uninstall PREFIX=/opt/skampi DESTDIR="$stage") > "$tmp/uninstall.log" 2>&1
st=$?
left=$(cd "$stage" && find . -type f)
[ $st -eq 0 ] && [ -z "$left" ]
say $? uninstall_removes_all "exit $st; left: $(echo "$left" | head -n 5 | tr '\n' ' ')"

(cd "$tmp/src" && make -n install DESTDIR=/stage && make -n uninstall DESTDIR=/stage) > "$tmp/default.log" 2>&1
st=$?
[ $st -eq 0 ] && grep -q 'cp skampi skampi-seq "/stage/usr/local/bin/"' "$tmp/default.log" &&
  grep -q '"/stage/usr/local/share/man/man1/skampi.1"' "$tmp/default.log" && grep -q 'rm -rf "/stage/usr/local/share/skampi"' "$tmp/default.log"
say $? default_prefix "exit $st: $(grep -E '^(cp|rm)' "$tmp/default.log" | head -n 3 | tr '\n' ' ')"
finish
