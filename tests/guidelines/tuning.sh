#!/bin/sh
# tests/guidelines/tuning.sh [IMPL ...] -- tuning files (skampi --tuning, doc/manual.md
# "Tuning files") under each MPI given (default: those installed), 4 processes, Bcast
# and Allreduce at the sizes below (make check: 256 and 1024 bytes). Real behaviour, no absolute timings:
#   tuning_run_IMPL        the first run exits 0; its .sko has the suites "Bcast
#                          alg=default", "... alg=default again" and one per algorithm
#                          (at least 3 of each collective), the report a choice per size
#   tuning_file_IMPL       the file parses in the library's format and says what the
#                          report's ranges say: Open MPI's dynamic rules (2 collectives,
#                          ids 7 and 2, 4 processes, the first message size 0, every
#                          algorithm a value of the library's enumeration and the name of
#                          the report's range); MPICH's MPIR_CVAR_..._ALGORITHM=NAME lines
#                          with the one algorithm the report names
#   tuning_gain_IMPL       the second run with the file loaded (--tuned, the command the
#                          first run prints) exits 0 with one "gain" line per range
#                          (MPICH: each collective's default measured in that launch
#                          before and after the file's algorithm, its "default here"
#                          suites, and said so); each gain line followed by whether
#                          it is beyond noise ("the default on both sides" where the
#                          file keeps the default; there no size counts as SLOWER)
#   tuning_taken_IMPL      the library takes the file: Open MPI: the file with Bcast
#                          from the largest size on set to algorithm 99 (no such
#                          algorithm) makes MPI_Bcast fail at exactly those sizes
#                          (MPI_ERR_ARG), the sizes below measured; MPICH: the environment file with
#                          Bcast set to binomial shows "holds 1 (binomial)" in MPI_T, and
#                          the file as written shows its own algorithm
#   tuning_cut_first_IMPL  --tuned with the first run's .sko cut (the default's suite of
#                          Bcast without its largest size, its lines and marks removed:
#                          a well-formed file one point short) stops before measuring:
#                          exit 2, the suite and the size named, no output written
#   tuning_unavailable     the sequential build says the mode is not available (exit 2)
. "$(dirname "$0")/../lib.sh"

# The sizes: SKAMPI_TEST_TUNING_SIZES (MIN:MAX, step *4); make check takes two (each
# size is every algorithm of both collectives measured twice on 4 processes, the most
# expensive part of the guidelines group); make check-tuning takes 64:4096.
sizes=${SKAMPI_TEST_TUNING_SIZES:-256:1024}
size_list=$(echo "$sizes" | awk -F: '{ for (s = $1; s <= $2; s *= 4) printf "%d ", s }')
nsizes=$(echo $size_list | wc -w)
colls=Bcast,Allreduce

seq=$(sk_binary seq) || fail tuning_unavailable "the sequential build failed"
if [ -n "$seq" ]; then
  "$seq" --tuning Bcast -o "$out/tuning-seq.sko" > "$out/tuning-seq.txt" 2>&1
  st=$?
  [ "$st" = 2 ] && grep -q "skampi: --tuning is not available" "$out/tuning-seq.txt"
  say $? tuning_unavailable "exit $st: $(head -1 "$out/tuning-seq.txt")"
fi

for i in ${*:-$impls}; do
  bin=$(sk_binary mpi "$i") || { fail "tuning_build_$i" "see tests/out/build-skampi-$i.log"; continue; }
  w=$out/tuning-$i
  rm -rf "$w"; mkdir -p "$w"
  (cd "$w" && mpirun "$i" 4 "$bin" -q --tuning $colls --tuning-sizes $sizes -o t.sko > t.txt 2> t.err)
  st=$?
  nb=$(grep -c '^# begin result "Bcast alg=' "$w/t.sko" 2>/dev/null)
  na=$(grep -c '^# begin result "Allreduce alg=' "$w/t.sko" 2>/dev/null)
  again=$(grep -c 'alg=default again"' "$w/t.sko" 2>/dev/null)
  [ "$st" = 0 ] && [ "$nb" -ge 4 ] && [ "$na" -ge 4 ] && [ "$again" = 4 ] && [ "$(grep -c '^ *[0-9][0-9]* .*[0-9] *[a-z_]*$' "$w/t.txt")" -ge $((2 * nsizes)) ]
  say $? "tuning_run_$i" "exit $st, $nb Bcast and $na Allreduce suites, $again 'again' markers (tests/out/tuning-$i/)"

  # ---- the file ----
  if [ "$i" = openmpi ]; then
    file=$w/t.rules
    # the numbers (comments dropped) read as the library reads them; each rule with its
    # comment's name, checked against the report's "range COLL from N bytes: NAME"
    awk '
      { line = $0; name = ""; if (index(line, "#") > 0) { name = substr(line, index(line, "#")); line = substr(line, 1, index(line, "#") - 1) }
        sub(/.*: /, "", name); n = split(line, f, " "); for (k = 1; k <= n; k++) { num[++nn] = f[k] }
        if (n == 4) { names[nn] = name } }
      END {
        p = 1; ncoll = num[p++]; if (ncoll != 2) { print "collectives " ncoll; exit 1 }
        for (c = 0; c < ncoll; c++) {
          id = num[p++]; coll = id == 7 ? "Bcast" : id == 2 ? "Allreduce" : ""
          if (coll == "" || num[p++] != 1 || num[p++] != 4) { print "bad header of collective " id; exit 1 }
          nms = num[p++]
          for (m = 0; m < nms; m++) {
            ms = num[p]; alg = num[p + 1]; last = p + 3; p += 4
            if (m == 0 && ms != 0) { print "first message size " ms; exit 1 }
            if (alg < 0 || (coll == "Bcast" && alg > 9) || (coll == "Allreduce" && alg > 6)) { print "algorithm " alg; exit 1 }
            print coll, ms, names[last]
          }
        }
        if (p != nn + 1) { print "trailing numbers"; exit 1 } }' "$file" > "$w/file.ranges" 2> "$w/file.err"
    fst=$?
    sed -n 's/^  range \([A-Za-z]*\) from \([0-9]*\) bytes: \(.*\)$/\1 \2 \3/p' "$w/t.txt" > "$w/report.ranges"
    [ "$fst" = 0 ] && [ -s "$w/report.ranges" ] && cmp -s "$w/file.ranges" "$w/report.ranges"
    say $? "tuning_file_$i" "$(tr '\n' ';' < "$w/file.ranges") against the report's $(tr '\n' ';' < "$w/report.ranges")"
    load="OMPI_MCA_coll_tuned_use_dynamic_rules=1 OMPI_MCA_coll_tuned_dynamic_rules_filename=$file"
  else
    file=$w/t.env
    ok=0
    for c in BCAST ALLREDUCE; do
      case $c in BCAST) coll=Bcast ;; *) coll=Allreduce ;; esac
      v=$(sed -n "s/^MPIR_CVAR_${c}_INTRA_ALGORITHM=//p" "$file")
      want=$(awk -v c="$coll" '$1 == "range" && $2 == c { print $6 }' "$w/t.txt")
      [ "$want" = default ] && want=auto
      case " auto binomial nb smp scatter_recursive_doubling_allgather scatter_ring_allgather recursive_doubling reduce_scatter_allgather " in
        *" $v "*) ;; *) ok=1 ;;
      esac
      [ -n "$v" ] && [ "$v" = "$want" ] || ok=1
      note "# $i $coll: file $v, report $want"
    done
    [ "$(grep -vc '^#' "$file")" = 2 ]
    [ $? = 0 ] && [ $ok = 0 ]
    say $? "tuning_file_$i" "$(grep -v '^#' "$file" | tr '\n' ' ')"
    load=$(grep -v '^#' "$file" | tr '\n' ' ')
  fi

  # ---- the second run with the file loaded ----
  # shellcheck disable=SC2086
  (cd "$w" && env $load "$SK_TOP/tools/mpirun.sh" "$i" 4 "$bin" -q --tuning $colls --tuning-sizes $sizes --tuned t.sko -o tuned.sko > tuned.txt 2> tuned.err)
  st=$?
  ranges=$(grep -c '^  range ' "$w/t.txt")
  [ "$i" = mpich ] && ranges=2
  gains=$(grep -c '^  gain \(Bcast\|Allreduce\) [0-9]*\.\.[0-9]* bytes (.*): default .* us, tuned .* us, gain .*x$' "$w/tuned.txt")
  here=2   # MPICH: the default of each collective measured in this launch, and said so
  [ "$i" = mpich ] && here=$(grep -c '^# begin result "\(Bcast\|Allreduce\) default here\( again\)*"' "$w/tuned.sko")
  [ "$i" = mpich ] && here=$((here / 2))   # before and after the file's algorithm
  [ "$i" = mpich ] && [ "$(grep -c '^\(Bcast\|Allreduce\): the default measured in this launch' "$w/tuned.txt")" != 2 ] && here=0
  # each gain line says whether it is beyond noise: "the default on both sides" where the
  # file keeps the default (a 1.4-2.6x "gain" of the default over itself was seen)
  said=$(awk '/^  gain / { g = $0; getline; if (g ~ /\(default\):/ ? $0 ~ /^    the default on both sides: a gain is noise here \(faster beyond noise at [0-9]+ of [0-9]+ sizes\)$/ : $0 ~ /^    (a gain|a gain at some sizes|within noise): faster than the default beyond noise at [0-9]+ of [0-9]+ sizes/) n++ } END { print n + 0 }' "$w/tuned.txt")
  # where every range keeps the default, no point counts as slower (the same algorithm)
  counted=0
  grep '^  gain ' "$w/tuned.txt" | grep -qv '(default):' ||
    counted=$(sed -n 's/^slower than the default beyond noise: \([0-9]*\) points$/\1/p' "$w/tuned.txt")
  [ "$st" = 0 ] && [ "$gains" = "$ranges" ] && [ "$here" = 2 ] && [ "$said" = "$gains" ] && [ "$counted" = 0 ]
  say $? "tuning_gain_$i" "exit $st, $gains gain lines for $ranges ranges, $said say whether beyond noise (tests/out/tuning-$i/tuned.txt)"

  # ---- a cut first file: refused before anything is measured ----
  largest=${size_list% }; largest=${largest##* }
  awk -v big="$largest" '/^# begin result "Bcast alg=default"$/ { inb = 1 }
       /^# end result/ { inb = 0; cut = 0 } inb && $1 == "bytes=" { cut = ($2 == big) } !cut' "$w/t.sko" > "$w/cut.sko"
  rm -f "$w/tuned-cut.sko"
  # shellcheck disable=SC2086
  (cd "$w" && env $load "$SK_TOP/tools/mpirun.sh" "$i" 4 "$bin" -q --tuning $colls --tuning-sizes $sizes --tuned cut.sko -o tuned-cut.sko > cut.txt 2> cut.err)
  st=$?
  [ "$st" = 2 ] && [ ! -e "$w/tuned-cut.sko" ] && [ "$(grep -c '^bytes= *'"$largest"' ' "$w/cut.sko")" -lt "$(grep -c '^bytes= *'"$largest"' ' "$w/t.sko")" ] \
    && grep -q "suite \"Bcast alg=default\" of cut.sko lacks the sizes $largest bytes" "$w/cut.err"
  say $? "tuning_cut_first_$i" "exit $st: $(grep -v warning "$w/cut.err" | head -n 2)"

  # ---- the library takes the file ----
  if [ "$i" = openmpi ]; then
    # Bcast from the largest size on gets algorithm 99: its last rule when that starts
    # there, else a rule added after it (the block's count of message sizes one more).
    # Never a rule from 0 bytes: that would fail skampi's own small broadcasts too.
    awk -v big="$largest" '/# Bcast$/ { inb = 1 } /# Allreduce$/ { inb = 0 }
         inb && /# message sizes$/ { counts = NR } inb && NF >= 4 && $5 == "#" { last = NR } { l[NR] = $0 }
         END { split(l[last], f, " "); add = f[1] + 0 < big + 0
               for (k = 1; k <= NR; k++) {
                 if (k == counts && add) { $0 = l[k]; $1 = $1 + 1; print; continue }
                 if (k == last && !add) { $0 = l[k]; $2 = 99; print; continue }
                 print l[k]
                 if (k == last) print big " 99 0 0 # planted" } }' \
      "$file" > "$w/planted.rules"
    from=$(awk '/# Bcast$/ { inb = 1 } /# Allreduce$/ { inb = 0 } inb && $2 == 99 { print $1 }' "$w/planted.rules")
    (cd "$w" && env OMPI_MCA_coll_tuned_use_dynamic_rules=1 OMPI_MCA_coll_tuned_dynamic_rules_filename="$w/planted.rules" \
       "$SK_TOP/tools/mpirun.sh" "$i" 4 "$bin" -q --tuning Bcast --tuning-sizes $sizes --tuned t.sko -o planted.sko > planted.txt 2> planted.err)
    st=$?
    measured=$(sed -n '/begin result "Bcast tuned"/,/end result/p' "$w/planted.sko" | grep -c '^bytes=')
    below=$(for s in $size_list; do [ "$s" -lt "${from:-0}" ] && echo "$s"; done | wc -l)
    [ "$st" = 6 ] && [ -n "$from" ] && [ "$measured" = "$below" ] && grep -q '^#@ library_error: Bcast: MPI_ERR_ARG' "$w/planted.sko"
    say $? "tuning_taken_$i" "exit $st (want 6), algorithm 99 from $from bytes: $measured sizes measured, $below below it"
  else
    sed 's/^MPIR_CVAR_BCAST_INTRA_ALGORITHM=.*/MPIR_CVAR_BCAST_INTRA_ALGORITHM=binomial/' "$file" > "$w/planted.env"
    # shellcheck disable=SC2046
    (cd "$w" && env $(grep -v '^#' planted.env) "$SK_TOP/tools/mpirun.sh" "$i" 4 "$bin" -q --tuning Bcast --tuning-sizes ${size_list%% *}:${size_list%% *} \
       --tuned t.sko -o planted.sko > planted.txt 2> planted.err)
    st=$?
    own=$(sed -n 's/^MPIR_CVAR_BCAST_INTRA_ALGORITHM=//p' "$file")
    [ "$own" = auto ] && own=default
    [ "$st" = 0 ] && grep -q '^Bcast: MPI_T: the library.s algorithm variable holds 1 (binomial)$' "$w/planted.txt" \
      && grep -q "^Bcast: MPI_T: the library.s algorithm variable holds [0-9]* ($own)\$" "$w/tuned.txt"
    say $? "tuning_taken_$i" "exit $st: $(grep MPI_T "$w/planted.txt"); as written: $(grep '^Bcast: MPI_T' "$w/tuned.txt")"
  fi
done
finish
