#!/bin/sh
# tests/setup/run.sh -- `make run` as a user without root on a machine where an MPI is
# already installed (as on a cluster), without creating users or touching system files:
# the working tree is copied to a temp directory owned by uid 65534 (nobody) and make
# runs there under setpriv --reuid=65534 --regid=65534 --clear-groups.
#   make_run_as_non_root         succeeds, installs nothing, writes quick.sko with the
#                                results of ski/quick.ski's three measurements
#   make_run_names_the_report    its last line is the report command, which works
#   make_run_twice_compiles_once a second make run reuses ./skampi (skampi_amalgam.c unchanged)
#   run_files_ignored_by_git     quick.sko.log, quick.sko.1 and the build stamp are ignored
#   make_run_mpicc_override      MPICC=mpicc.mpich (when installed) is the compiler used
#   make_run_says_what_to_install  with an MPICC that does not exist, make run fails and
#                                says what to install
# Needs root (to change uid) and setpriv; prints "skip ..." otherwise.
set -u
. "$(dirname "$0")/../lib.sh"
if [ "$(id -u)" != 0 ]; then echo "skip setup: needs root"; exit 0; fi
command -v setpriv >/dev/null 2>&1 || { echo "skip setup: needs setpriv"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-setup.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
sh tests/common/copy_tree.sh "$tmp/skampi" || exit 2
chown -R 65534:65534 "$tmp" || exit 2
chmod 755 "$tmp"
as_nobody() {
  (cd "$tmp/skampi" && setpriv --reuid=65534 --regid=65534 --clear-groups \
     env HOME="$tmp" TMPDIR="$tmp" "$@")
}

as_nobody make run > "$tmp/run.log" 2>&1; st=$?
sko=$tmp/skampi/quick.sko
ok=1
[ $st -eq 0 ] && [ -f "$sko" ] && [ "$(stat -c %u "$sko")" = 65534 ] \
  && [ "$(grep -c '^# end result' "$sko")" -eq 3 ] && ! grep -q 'setup: installing' "$tmp/run.log" && ok=0
say $ok make_run_as_non_root "exit $st; $(tail -n 5 "$tmp/run.log" | tr '\n' ' ')"
# the last line names the report command, and it works
last=$(grep -v '^make\[[0-9]*\]: ' "$tmp/run.log" | tail -n 1)   # GNU make under make check: -w's lines
[ "$last" = "run: results are in quick.sko; a report of them: ./skampi -r quick quick.sko (writes quick.html)" ] &&
  as_nobody ./skampi -r quick quick.sko > "$tmp/report.log" 2>&1 && [ -s "$tmp/skampi/quick.html" ]
say $? make_run_names_the_report "$last $(cat "$tmp/report.log" 2>/dev/null)"
# a second make run compiles nothing: skampi_amalgam.c did not change
as_nobody make run > "$tmp/again.log" 2>&1; st=$?
[ $st -eq 0 ] && grep -q '^run: ./skampi is up to date' "$tmp/again.log" && ! grep -q -- '-o skampi skampi_amalgam.c' "$tmp/again.log"
say $? make_run_twice_compiles_once "exit $st; $(head -n 5 "$tmp/again.log" | tr '\n' ' ')"
# the run's log and backups are ignored by git, as its output is
if command -v git > /dev/null 2>&1; then
  git check-ignore --no-index -q quick.sko.log && git check-ignore --no-index -q quick.sko.1 && git check-ignore --no-index -q .skampi-build
  say $? run_files_ignored_by_git "git check-ignore quick.sko.log quick.sko.1 .skampi-build"
fi

if command -v mpicc.mpich >/dev/null 2>&1 && command -v mpiexec.mpich >/dev/null 2>&1; then
  as_nobody env OUTPUT=mpich.sko make run MPICC=mpicc.mpich > "$tmp/mpich.log" 2>&1; st=$?
  grep -q '^run: mpicc.mpich -O2' "$tmp/mpich.log" && grep -q '^run: mpiexec.mpich' "$tmp/mpich.log" \
    && [ $st -eq 0 ] && [ "$(grep -c '^# end result' "$tmp/skampi/mpich.sko" 2>/dev/null)" = 3 ]
  say $? make_run_mpicc_override "exit $st; $(tail -n 5 "$tmp/mpich.log" | tr '\n' ' ')"
else
  echo "skip make_run_mpicc_override: needs mpicc.mpich"
fi

as_nobody make run MPICC=no-such-mpicc > "$tmp/none.log" 2>&1; st=$?
[ $st -ne 0 ] && grep -q 'MPICC=no-such-mpicc: no-such-mpicc not found' "$tmp/none.log" \
  && grep -q 'module load' "$tmp/none.log" && grep -q 'apt-get install openmpi-bin libopenmpi-dev' "$tmp/none.log" \
  && ! grep -q 'setup: installing' "$tmp/none.log"
say $? make_run_says_what_to_install "exit $st; $(cat "$tmp/none.log" | tr '\n' ' ')"
