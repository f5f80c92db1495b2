#!/bin/sh
# tests/gates/man_page_planted.sh -- tests/gates/man_page.sh fails on each planted
# violation and passes on an unchanged copy of doc/skampi.1: in temp copies, (1) the
# entry of -F removed from OPTIONS, (2) -q's entry moved out of OPTIONS (into EXAMPLES),
# (3) SKAMPI_WAIT's entry removed from ENVIRONMENT, (4) a macro groff warns about; and
# (5) a skampi whose -h prints an option the page lacks (a stand-in that adds "-Z").
set -u
. "$(dirname "$0")/../lib.sh"
command -v groff > /dev/null 2>&1 || command -v man > /dev/null 2>&1 ||
  { echo "skip man_page_planted: needs groff or man"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skampi-manpage-planted.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
st=0
cc -DSKAMPI_SEQ -o "$tmp/skampi-seq" skampi_amalgam.c -lm > "$tmp/build.log" 2>&1 || { echo "FAIL build:"; cat "$tmp/build.log"; exit 1; }
SKAMPI_SEQ=$tmp/skampi-seq; export SKAMPI_SEQ
# drop_entry FILE TAGREGEX: FILE without the .TP line, the tag matching TAGREGEX and its body
drop_entry() {
  RE=$2 awk '
    BEGIN { re = ENVIRON["RE"] }
    skip && /^\.(TP|SH|PP)/ { skip = 0 }
    skip { next }
    /^\.TP/ { held = $0; next }
    held != "" { if ($0 ~ re) { skip = 1; held = ""; next } print held; held = "" }
    !skip { print }' "$1"
}
# expect NAME TEXT: the gate fails on the copy and says TEXT (tests/lib.sh)
expect() { gate_says man_page "$tmp/skampi.1" "$@"; }

cp doc/skampi.1 "$tmp/skampi.1"
gate_passes man_page "$tmp/skampi.1" unchanged_copy_passes

drop_entry doc/skampi.1 '^\.B \\-F$' > "$tmp/skampi.1"
expect option_entry_removed 'skampi --help-all prints -F,'

drop_entry doc/skampi.1 '^\.B \\-q$' > "$tmp/skampi.1"
printf '.SH EXAMPLES\n.TP\n.B \\-q\nquiet\n' >> "$tmp/skampi.1"
expect option_outside_options 'skampi --help-all prints -q,'

drop_entry doc/skampi.1 '^\.B SKAMPI_WAIT$' > "$tmp/skampi.1"
expect environment_entry_removed 'skampi --help-all names SKAMPI_WAIT,'

sed 's/^\.SH FILES$/.SH FILES\n.XQ unknown macro/' doc/skampi.1 > "$tmp/skampi.1"
expect render_warning 'FAIL renders_without_warnings'

cp doc/skampi.1 "$tmp/skampi.1"
cat > "$tmp/skampi-more" <<SH
#!/bin/sh
"$tmp/skampi-seq" "\$@"; s=\$?
echo "  -Z         a planted option without documentation"
exit \$s
SH
chmod +x "$tmp/skampi-more"
SKAMPI_SEQ=$tmp/skampi-more expect new_option_undocumented 'skampi --help-all prints -Z,'
[ "$st" -eq 0 ] || failed=$((failed + 1))
finish
