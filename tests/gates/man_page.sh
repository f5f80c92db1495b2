#!/bin/sh
# tests/gates/man_page.sh [MANPAGE] -- doc/skampi.1 renders without a warning (groff
# -man -ww, or man -l when groff is missing) AND every option that `skampi-seq --help-all`
# prints has its entry (a .TP tag) under OPTIONS, and every environment variable -h
# names is under ENVIRONMENT: an option added to split/cli/main.c without documentation
# fails here. MANPAGE (default doc/skampi.1) lets tests/gates/man_page_planted.sh run it
# on a changed copy; SKAMPI_SEQ names a built sequential binary (else one is built from
# skampi_amalgam.c in a temp directory). Prints "skip ..." and exits 0 without groff/man.
set -u
cd "$(dirname "$0")/../.." || exit 2
page=${1:-doc/skampi.1}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-manpage.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
st=0
[ -f "$page" ] || { echo "FAIL $page not found"; exit 1; }

# 1. renders without warnings
if command -v groff > /dev/null 2>&1; then
  groff -man -Tutf8 -ww -z "$page" > "$tmp/render.out" 2> "$tmp/render.err"; rs=$?
  how="groff -man -Tutf8 -ww -z"
elif command -v man > /dev/null 2>&1; then
  MANWIDTH=80 man -l "$page" > "$tmp/render.out" 2> "$tmp/render.err"; rs=$?
  how="man -l"
else
  echo "skip man_page: needs groff or man (apt-get install -y groff-base man-db)"; exit 0
fi
if [ $rs -eq 0 ] && [ ! -s "$tmp/render.err" ]; then echo "ok renders_without_warnings ($how)"
else echo "FAIL renders_without_warnings: $how $page exit $rs:"; cat "$tmp/render.err"; st=1; fi

# 2. every option of -h under OPTIONS, every environment variable of -h under ENVIRONMENT
bin=${SKAMPI_SEQ:-}
if [ -z "$bin" ]; then
  bin=$tmp/skampi-seq
  cc -DSKAMPI_SEQ -o "$bin" skampi_amalgam.c -lm > "$tmp/build.log" 2>&1 || { echo "FAIL build of skampi-seq:"; cat "$tmp/build.log"; exit 1; }
fi
"$bin" --help-all > "$tmp/help" 2>&1 || { echo "FAIL $bin --help-all exits non-zero"; exit 1; }
# the options: the first word of every "  -X ..." line, and every [-X] of the usage
{ sed -n 's/^  \(-[A-Za-z-][A-Za-z-]*\).*/\1/p' "$tmp/help"
  grep -o '\[-[A-Za-z][A-Za-z]*' "$tmp/help" | sed 's/^\[//'; } | sort -u > "$tmp/options"
[ -s "$tmp/options" ] || { echo "FAIL no options found in $bin -h"; exit 1; }
sed -n 's/.*\(SKAMPI_[A-Z_]*\)=.*/\1/p' "$tmp/help" | sort -u > "$tmp/env"
# section SECTION: the .TP tag lines of that section, \- as -, font escapes removed
tags() {
  awk -v s="$1" '
    /^\.SH / { on = ($0 == ".SH " s) ; next }
    on && tag { print; tag = 0; next }
    on && /^\.TP/ { tag = 1 }' "$page" | sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/"//g'
}
tags OPTIONS > "$tmp/opt_tags"
tags ENVIRONMENT > "$tmp/env_tags"
missing=""
while read -r o; do
  # the option as a word of a tag: -l matches "-l [NAME]" and ".BR -l", not "-list"
  if ! grep -Eq -- "(^|[ ,])$o([ ,]|$)" "$tmp/opt_tags"; then missing="$missing $o"; fi
done < "$tmp/options"
if [ -z "$missing" ]; then echo "ok every_option_documented ($(tr '\n' ' ' < "$tmp/options"))"
else echo "FAIL every_option_documented: skampi --help-all prints$missing, $page's OPTIONS lacks it"; st=1; fi
missing=""
while read -r v; do
  grep -q "$v" "$tmp/env_tags" || missing="$missing $v"
done < "$tmp/env"
if [ -z "$missing" ]; then echo "ok every_environment_variable_of_h_documented ($(tr '\n' ' ' < "$tmp/env"))"
else echo "FAIL every_environment_variable_of_h_documented: skampi --help-all names$missing, $page's ENVIRONMENT lacks it"; st=1; fi
exit $st
