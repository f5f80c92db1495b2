#!/bin/sh
# tools/bench/smpi_fit.sh MODEL [P...] < POINTS -- a cost model of skampi under SimGrid SMPI
# fitted to measured points (doc/simulated.md, "A cost model"): POINTS are lines "P value"
# (e.g. the process count and the peak MB or the CPU seconds of tools/bench/smpi_scale.sh's
# results). MODEL lin fits value = a + b P (least squares), plogp value = a + b P log2 P
# (least squares; a cost that grows with P and with the depth of P's trees), pow
# value = c P^k (least squares on the logarithms). Prints the fit, every point's relative error (fit / measured
# - 1) and the largest, then the prediction at each P given (default 16384 65536 1048576).
# To check a model, fit it on the smaller points and compare its prediction with a larger
# measured one.
set -u
model=${1:?usage: smpi_fit.sh lin|plogp|pow [P...] < points}
shift
case $model in lin|plogp|pow) ;; *) echo "smpi_fit.sh: MODEL is lin, plogp or pow" >&2; exit 2 ;; esac
awk -v model="$model" -v at="${*:-16384 65536 1048576}" '
NF >= 2 && $1 ~ /^[0-9.e+]+$/ && $2 ~ /^[0-9.e+]+$/ {
  n++; p[n] = $1; v[n] = $2
  x = model == "pow" ? log($1) : model == "plogp" ? $1 * log($1) / log(2) : $1; y = model == "pow" ? log($2) : $2
  sx += x; sy += y; sxx += x * x; sxy += x * y
}
function f(q) { return model == "pow" ? exp(a) * q ^ b : model == "plogp" ? a + b * q * log(q) / log(2) : a + b * q }
END {
  if (n < 2) { print "smpi_fit.sh: two points or more" > "/dev/stderr"; exit 2 }
  b = (n * sxy - sx * sy) / (n * sxx - sx * sx); a = (sy - b * sx) / n
  if (model == "pow") printf "fit: value = %.6g * P^%.4f over %d points\n", exp(a), b, n
  else if (model == "plogp") printf "fit: value = %.6g + %.6g * P log2 P over %d points\n", a, b, n
  else printf "fit: value = %.6g + %.6g * P over %d points\n", a, b, n
  worst = 0
  for (i = 1; i <= n; i++) {
    e = f(p[i]) / v[i] - 1; if ((e < 0 ? -e : e) > worst) worst = e < 0 ? -e : e
    printf "  P %8d  measured %10.4g  fit %10.4g  error %+6.1f%%\n", p[i], v[i], f(p[i]), 100 * e
  }
  printf "largest error %.1f%%\n", 100 * worst
  m = split(at, q, " ")
  for (i = 1; i <= m; i++) printf "  predicted at P %8d: %.4g\n", q[i], f(q[i])
}'
