# tools/bench/median.sh -- sourced by the side-by-side scripts: `median DIGITS` reads one
# number per line and prints their median with DIGITS decimals ("-" when there is none).
median() {
  sort -g | awk -v d="${1:-3}" '{ v[NR] = $1 }
    END { if (NR == 0) print "-"; else printf "%.*f\n", d, (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
