#!/bin/sh
# tests/chaos/hostile_arith.sh [IMPL ...] -- hostile integers in .ski programs (doc/manual.md,
# "Integers"): integer arithmetic is exact or an error at the operator's file:line:col with
# exit status 2 -- never a signal, never a wrapped value -- and integer loops step exactly:
#   * LONG_MIN / -1 is an error (it raised SIGFPE: status 136, under mpirun a backtrace),
#     LONG_MIN % -1 and modulo(LONG_MIN, -1) are 0;
#   * LONG_MAX + 1, 2^62 * 2, -LONG_MIN, LONG_MIN - 2, 3074457345618258603 * 3 and the
#     helpers round_to_fourbytes, atoi, round(power(2, 63)), squares() that wrapped
#     (their overflow check compared in double, where 2^63 == LONG_MAX) are errors;
#   * 9007199254740993 == 9007199254740992.0 is false (compared exactly);
#   * `for c = 9007199254740990 to 9007199254741000` measures all 11 points with their
#     exact values (doubles gave 6), loops up to LONG_MAX end after their last value
#     (they gave an empty block with status 0), `step *3` reaches 3^39 exactly, a loop
#     over doubles that cannot step (1e18 to 1e18+5) is refused, and double loops and
#     the manual's `1 to 23 step *sqrt(2)` give the values they gave;
#   * autorefine refuses integer bounds that doubles do not hold (2^53 + 1);
#   * Synthetic's x beyond the integers is refused (it wrote a size of -2^63 that skampi's
#     own reader refused);
#   * derived datatypes' counts and strides beyond MPI's int are errors;
#   * -n passes every one of these programs (the errors are found while running).
# The 64-bit cases need 64-bit longs (the sequential build of this machine); the first
# MPI given runs LONG_MIN / -1 on 2 processes. Work files in tests/out/chaos-arith.
set -u
. "$(dirname "$0")/../lib.sh"
d=$top/tests/out/chaos-arith
rm -rf "$d"
mkdir -p "$d"
seq=$(sk_binary seq) || { bad "arith: the sequential build fails (tests/out/build-skampi-seq.log)"; finish; }
if [ "$(getconf LONG_BIT 2>/dev/null)" != 64 ]; then skip arith "64-bit longs"; finish; fi
first=""
for i in "$@"; do [ -z "$first" ] && sk_binary mpi "$i" > /dev/null && first=$i; done

# block NAME LINES...: d/NAME.ski, the LINES inside a measurement block (they start at line 2)
block() {
  _bf=$d/$1.ski; shift
  { echo 'begin measurement "arith"'; for _bl in "$@"; do printf '%s\n' "$_bl"; done; echo 'end measurement'; } > "$_bf"
}
# run NAME: runs d/NAME.ski (-q), status in st, stderr in d/NAME.err, output d/NAME.sko
run() {
  rm -f "$d/$1.sko" "$d/$1.sko".*
  "$seq" -q -i "$d/$1.ski" -o "$d/$1.sko" > "$d/$1.out" 2> "$d/$1.err"
  st=$?
}
# refused NAME LINE COL TEXT LINES...: exit 2, stderr "FILE:LINE:COL: TEXT...", no result line
refused() {
  n=$1; l=$2; c=$3; t=$4; shift 4
  block "$n" "$@"
  run "$n"
  [ $st -eq 2 ] && head -n 1 "$d/$n.err" | grep -qF "$d/$n.ski:$l:$c: $t" &&
    ! grep -q '^[a-z]*= ' "$d/$n.sko" 2> /dev/null
  say $? "arith_$n" "exit $st, stderr: $(head -c 300 "$d/$n.err")"
}
# prints NAME WANT LINES...: exit 0, the #P[0] line of the output is "#P[0] WANT"
prints() {
  n=$1; w=$2; shift 2
  block "$n" "$@"
  run "$n"
  got=$(grep '^#P\[0\]' "$d/$n.sko" 2> /dev/null | head -n 1)
  [ $st -eq 0 ] && [ "$got" = "#P[0] $w" ]
  say $? "arith_$n" "exit $st, printed '$got', wanted '#P[0] $w'; stderr: $(head -c 300 "$d/$n.err")"
}
min='x = -9223372036854775807 - 1'

# ---- arithmetic ----
# derived datatypes: MPI's counts and strides are int (a count of 3e9 was cast to a wrapped
# int under MPI; a stride times the extent overflowed a long)
refused vector_count_beyond_int 2 5 "mpi_type_vector: count 3000000000 is larger than an MPI count" \
  'y = mpi_type_vector(3000000000, 1, 1, MPI_INT)'
refused hvector_blocklength_beyond_int 2 5 "mpi_type_hvector: count 3000000000 is larger than an MPI count" \
  'y = mpi_type_hvector(2, 3000000000, 8, MPI_INT)'
refused vector_stride_overflow 2 5 "mpi_type_vector: stride 4611686018427387904 is larger than an MPI stride allows" \
  'y = mpi_type_vector(2, 1, 4611686018427387904, MPI_INT)'
refused min_div_minus_1 3 7 "integer overflow: -9223372036854775808 / -1" "$min" 'y = x / -1'
prints min_mod_minus_1 0 "$min" 'print x % -1'
prints modulo_min_minus_1 0 "$min" 'print modulo(x, -1)'
refused max_plus_1 2 25 "integer overflow: 9223372036854775807 + 1" 'y = 9223372036854775807 + 1'
refused two_62_times_2 2 25 "integer overflow: 4611686018427387904 * 2" 'y = 4611686018427387904 * 2'
refused minus_two_62_times_minus_2 2 26 "integer overflow: -4611686018427387904 * -2" 'y = -4611686018427387904 * -2'
refused big_product 2 25 "integer overflow: 3074457345618258603 * 3" 'y = 3074457345618258603 * 3'
refused negate_min 3 5 "integer overflow: -(-9223372036854775808)" "$min" 'y = -x'
refused min_minus_2 3 7 "integer overflow: -9223372036854775808 - 2" "$min" 'y = x - 2'
refused max_minus_minus_1 2 25 "integer overflow: 9223372036854775807 - -1" 'y = 9223372036854775807 - -1'
prints min_plus_max -1 "$min" 'print x + 9223372036854775807'
prints division_truncates "-3 -1 1" 'print 7 / -2, " ", -7 % 2, " ", 7 % -2'
refused round_to_fourbytes_max 2 5 "round_to_fourbytes(9223372036854775807): integer overflow" \
  'y = round_to_fourbytes(9223372036854775807)'
refused atoi_beyond 2 5 'atoi("9223372036854775808")' 'y = atoi("9223372036854775808")'
refused round_power_2_63 2 5 "value 9.22337e+18 out of the integer range" 'y = round(power(2, 63))'
refused int_argument_2_63 2 26 "argument 1 of 'min_int' must be an integer; 9.22337e+18 is outside" \
  'y = min_int(power(2, 62) * 2, 1)'
refused squares_beyond 2 10 "squares: 3037000500 * 3037000500 is outside" 'for i in squares(3037000499, 3037000500) do' \
  '  y = i' 'od'
refused literal_too_large 2 5 "integer 9223372036854775808 is too large" 'y = 9223372036854775808'
refused division_by_zero 3 7 "division by zero" 'z = 0' 'y = 1 / z'
prints compare_exact "0 1 0" 'print 9007199254740993 == 9007199254740992.0, " ", 9007199254740993 > 9007199254740992.0, " ", 9223372036854775807 == 9223372036854775808.0'

# ---- loops ----
# loop NAME HEADER: the loop around a Synthetic measurement; d/NAME.vals: its c= values
loop() {
  block "$1" "$2" '  measure MPI_COMM_WORLD : Synthetic_Virtual(1, 1, 0, 0, 0, 0)' 'od'
  run "$1"
  grep '^c= ' "$d/$1.sko" 2> /dev/null | awk '{print $2}' | tr '\n' ' ' | sed 's/ $//' > "$d/$1.vals"
}
# loop_gives NAME HEADER VALUES: exit 0 and exactly these loop values, and -x reads the output
loop_gives() {
  loop "$1" "$2"
  "$seq" -x csv "$d/$1.sko" -o "$d/$1.csv" > /dev/null 2> "$d/$1.x.err"
  xst=$?
  [ $st -eq 0 ] && [ "$(cat "$d/$1.vals")" = "$3" ] && [ $xst -eq 0 ]
  say $? "arith_loop_$1" "exit $st (-x: $xst $(head -c 200 "$d/$1.x.err")), values: $(head -c 400 "$d/$1.vals"); wanted $3; stderr: $(grep -v warning "$d/$1.err" | head -c 300)"
}
loop_gives above_2_53 'for c = 9007199254740990 to 9007199254741000 do' \
  "9007199254740990 9007199254740991 9007199254740992 9007199254740993 9007199254740994 9007199254740995 9007199254740996 9007199254740997 9007199254740998 9007199254740999 9007199254741000"
loop_gives at_1e18 'for c = 1000000000000000000 to 1000000000000000005 do' \
  "1000000000000000000 1000000000000000001 1000000000000000002 1000000000000000003 1000000000000000004 1000000000000000005"
loop_gives to_max 'for c = 9223372036854775804 to 9223372036854775807 do' \
  "9223372036854775804 9223372036854775805 9223372036854775806 9223372036854775807"
loop_gives to_max_step_3 'for c = 9223372036854775800 to 9223372036854775807 step 3 do' \
  "9223372036854775800 9223372036854775803 9223372036854775806"
loop_gives down_from_max 'for c = 9223372036854775807 to 9223372036854775801 step -3 do' \
  "9223372036854775807 9223372036854775804 9223372036854775801"
loop_gives down_to_min 'for c = -9223372036854775804 to -9223372036854775807 - 1 step -2 do' \
  "-9223372036854775804 -9223372036854775806 -9223372036854775808"
loop_gives multipleof_near_max 'for c = 9223372036854775300 to 9223372036854775807 step 250 multipleof 300 do' \
  "9223372036854775200 9223372036854775500 9223372036854775800"
loop "powers_of_3" 'for c = 1 to 9223372036854775807 step *3 do'
last=$(awk '{print $NF}' "$d/powers_of_3.vals"); count=$(wc -w < "$d/powers_of_3.vals")
[ $st -eq 0 ] && [ "$last" = 4052555153018976267 ] && [ "$count" -eq 40 ]
say $? arith_loop_powers_of_3_exact "exit $st, $count values, last $last (3^39 = 4052555153018976267)"
loop "sqrt2_to_max" 'for c = 3 to 9223372036854775807 step *sqrt(2) do'
last=$(awk '{print $NF}' "$d/sqrt2_to_max.vals")
[ $st -eq 0 ] && [ "${#last}" -eq 19 ] && [ "$last" \> 6000000000000000000 ]
say $? arith_loop_sqrt2_to_max "exit $st, last value $last; stderr: $(grep -v warning "$d/sqrt2_to_max.err" | head -c 200)"
# what was right stays as it was
loop_gives manual_sqrt2 'for c = 1 to 23 step *sqrt(2) do' "1 2 3 4 6 8 11 16 23"
loop_gives manual_sqrt2_multipleof_4 'for c = 1 to 23 step *sqrt(2) multipleof 4 do' "4 8 12 16"
loop_gives doubles 'for c = 0.5 to 3.0 step 0.5 do' "0.5 1 1.5 2 2.5 3"
loop_gives descending 'for c = 10 to 1 step -4 do' "10 6 2"
# refused ranges
loop double_1e18 'for c = 1e18 to 1e18+5 do'
[ $st -eq 2 ] && head -n 1 "$d/double_1e18.err" | grep -qF "$d/double_1e18.ski:2:1: a loop over doubles cannot step by 1 near 1e+18"
say $? arith_loop_double_1e18_refused "exit $st, values $(cat "$d/double_1e18.vals"), stderr: $(head -c 300 "$d/double_1e18.err")"
loop autorefine_2_53_plus_1 'autorefine c = 1 to 9007199254740993 step *2 do'
[ $st -eq 2 ] && head -n 1 "$d/autorefine_2_53_plus_1.err" | grep -qF "$d/autorefine_2_53_plus_1.ski:2:1: autorefine: integer loop values must not exceed 2^53"
say $? arith_autorefine_2_53_plus_1_refused "exit $st, stderr: $(head -c 300 "$d/autorefine_2_53_plus_1.err")"
refused synthetic_x_beyond 2 26 "Synthetic: x must lie from 0" \
  'measure MPI_COMM_WORLD : Synthetic_Virtual(1e19, 1, 0, 0, 0, 0)'

# ---- -n passes all of them (every error above is found while running) ----
nbad=""
for f in "$d"/*.ski; do
  case $(basename "$f") in literal_too_large.ski) continue ;; esac
  "$seq" -n -i "$f" > "$d/n.out" 2>&1 || nbad="$nbad $(basename "$f")"
done
"$seq" -n -i "$d/literal_too_large.ski" > "$d/n.out" 2>&1
lst=$?
[ -z "$nbad" ] && [ $lst -eq 2 ]
say $? arith_syntax_check_unchanged "-n refused:$nbad; the literal: exit $lst"

# ---- under mpirun: an error, not a signal ----
if [ -n "$first" ]; then
  b=$(sk_binary mpi "$first")
  mpirun "$first" 2 "$b" -q -i "$d/min_div_minus_1.ski" -o "$d/mpi.sko" > "$d/mpi.out" 2> "$d/mpi.err"
  st=$?
  [ $st -eq 2 ] && grep -qF "$d/min_div_minus_1.ski:3:7: integer overflow" "$d/mpi.err" &&
    ! grep -qi "signal\|floating point" "$d/mpi.err" "$d/mpi.out"
  say $? "arith_min_div_minus_1_mpirun_$first" "exit $st, stderr: $(head -c 400 "$d/mpi.err")"
fi
finish
