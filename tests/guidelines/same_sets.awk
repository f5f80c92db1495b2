# tests/guidelines/same_sets.awk -- the same-versus-same runs of tests/guidelines/run.sh:
# from real runs of tests/guidelines/pool.ski (the files given), RUNS result files
# DIR/set-SET-run-R.sko, each with a suite per measurement of NAMES (the rows of
# ski/guidelines.ski, labelled as skampi labels them), every size of the pool. Each suite
# of each run takes one recorded run at random (the drift between runs, and between the
# suites of one run, is real) and draws its repetitions with replacement from that run's
# repetitions at each size, keeping its flags: both sides of every guideline come from
# the same population, so any violation found is a false one.
#   awk -v seed=N -v runs=R -v set=S -v dir=D -v names="Bcast Ibcast ..." -f same_sets.awk POOL...
FNR == 1 { k++ }
k == 1 && !begun && /^#/ && !/^# begin result/ { header = header $0 "\n" }
/^# begin result/ { begun = 1 }
/^#@ suite:/ && suite == "" { suite = $0 }
/^bytes= / {
  size = $2
  if (k == 1) order[nsizes++] = size
  reps[k, size] = ""; flags[k, size] = ""
}
/^#@ reps: / { sub(/^#@ reps: /, ""); reps[k, size] = $0 }
/^#@ flags: / { flags[k, size] = $0 }
END {
  srand(seed)
  nn = split(names, name, " ")
  for (r = 1; r <= runs; r++) {
    out = dir "/set-" set "-run-" r ".sko"
    printf "%s", header > out
    for (m = 1; m <= nn; m++) {
      j = 1 + int(rand() * k)
      printf "# begin result \"%s\"\n%s\n", name[m], suite > out
      for (s = 0; s < nsizes; s++) {
        size = order[s]
        n = split(reps[j, size], v, " ")
        if (n == 0) continue
        for (i = 1; i <= n; i++) { d[i] = v[1 + int(rand() * n)]; e[i] = d[i] }
        # the median of the draws as the line's time (insertion sort of n <= 20 values)
        for (i = 2; i <= n; i++) { x = d[i]; for (p = i - 1; p >= 1 && d[p] > x; p--) d[p + 1] = d[p]; d[p + 1] = x }
        med = n % 2 ? d[(n + 1) / 2] : (d[n / 2] + d[n / 2 + 1]) / 2
        printf "# measure %s(%d, MPI_INT, MPI_BOR)\nbytes= %s %s %.3f 0.000 %d %.3f\n", name[m], size / 4, size, size, med, n, med > out
        if (flags[j, size] != "") print flags[j, size] > out
        line = "#@ reps:"
        for (i = 1; i <= n; i++) line = line " " e[i]
        print line > out
      }
      printf "# end result \"%s\"\n", name[m] > out
    }
    close(out)
  }
}
