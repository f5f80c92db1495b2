# tests/rcce/check_scc.awk -- the findings of "Implementation of two Broadcast Algorithms on the
# Intel SCC" (Pichler 2013) checked on the output of ski/scc.ski run on 48 UEs under the
# RCCE emulator's virtual time. Prints "ok NAME" or "FAIL NAME: why" per finding.
# Result lines: field 2 the core (count) or bytes, field 4 the size or part/pipe size,
# field 6 the time (us). Where the emulator's model disagrees with the thesis the check is
# named model_disagrees_* and asserts what the model gives (README, section SCC, says why):
# a model that comes to agree fails it, and the README must then be brought up to date.
/^# begin result "/ { block = $4; gsub(/"/, "", block); lines[block] += 0; next }
/^# end result/ { block = ""; next }
/^#/ || NF < 6 || block == "" { next }
{
  lines[block]++
  t[block, $2, $4] = $6
  if (!((block, $2) in nsizes)) nsizes[block, $2] = 0
  size[block, $2, ++nsizes[block, $2]] = $4
}

function say(ok, name, why) {
  if (ok) print "ok " name
  else print "FAIL " name ": " why
}

# t of block at (cores, the i-th size)
function at(b, c, i) { return t[b, c, size[b, c, i]] }

END {
  nblocks = split("pingpong-by-core cube-part-size dopl-pipe-size small-cube small-dopl small-rcce medium-cube medium-dopl medium-rcce large-cube large-dopl large-rcce", want, " ")
  missing = ""
  for (i = 1; i <= nblocks; i++) if (!(want[i] in lines) || lines[want[i]] == 0) missing = missing " " want[i]
  say(missing == "", "scc_every_experiment_has_results", "no result lines in" missing)
  # every size of every range for all three broadcasts (a broadcast that failed its
  # verification, switch_verification_on, ends its loop early)
  uneven = ""
  split("small medium large", range, " ")
  for (i = 1; i <= 3; i++)
    if (lines[range[i] "-cube"] != lines[range[i] "-dopl"] || lines[range[i] "-cube"] != lines[range[i] "-rcce"])
      uneven = uneven sprintf(" %s: Cube %d, DOPL %d, RCCE %d lines;", range[i], lines[range[i] "-cube"], lines[range[i] "-dopl"], lines[range[i] "-rcce"])
  say(uneven == "", "scc_broadcasts_complete_every_sweep", uneven)

  # §3.2: time grows with the routers between core 0 and the partner (figure 4):
  # 1 (1 router) < 2 (2) < 37 (4) < 10 (6) < 47 (9), at every size.
  n = split("1 2 37 10 47", core, " "); bad = ""; sizes = 0
  for (i = 1; i <= nsizes["pingpong-by-core", 1]; i++) {
    s = size["pingpong-by-core", 1, i]; sizes++
    for (k = 2; k <= n; k++)
      if (!(t["pingpong-by-core", core[k], s] + 0 > t["pingpong-by-core", core[k - 1], s] + 0))
        bad = bad sprintf(" %s B: core %s %s us, core %s %s us;", s, core[k - 1], t["pingpong-by-core", core[k - 1], s], core[k], t["pingpong-by-core", core[k], s])
  }
  say(bad == "" && sizes >= 2, "scc_pingpong_grows_with_routers", sizes " sizes;" bad)

  # §7.1: the cube broadcast (part size 4 KB) jumps where it splits into two parts: the
  # step across 4096 bytes is more than twice every step between smaller sizes.
  b = "small-cube"; jump = -1; before = 0
  for (i = 2; i <= nsizes[b, 48]; i++) {
    d = at(b, 48, i) - at(b, 48, i - 1)
    if (size[b, 48, i - 1] + 0 < 4096 && size[b, 48, i] + 0 >= 4096) jump = d
    else if (size[b, 48, i] + 0 < 4096 && d > before) before = d
  }
  say(jump > 2 * before && before > 0, "scc_cube_jumps_at_4kb",
      sprintf("step across 4 KB %.3f us, largest step below %.3f us", jump, before))

  # §7.1: at small sizes both algorithms beat RCCE_bcast by a large factor (the thesis:
  # nearly 10x); here at least 4x at every small size on 48 cores (the model: Cube about
  # 8x, DOPL 5x to 12x).
  bad = ""
  for (i = 1; i <= nsizes["small-rcce", 48]; i++) {
    s = size["small-rcce", 48, i]; r = t["small-rcce", 48, s]
    if (!(r >= 4 * t["small-cube", 48, s] && r >= 4 * t["small-dopl", 48, s]))
      bad = bad sprintf(" %s B: RCCE %s, Cube %s, DOPL %s us;", s, r, t["small-cube", 48, s], t["small-dopl", 48, s])
  }
  say(bad == "" && i > 2, "scc_small_both_beat_rcce_bcast_4x", bad)

  # §7.1: DOPL's advantage over the cube broadcast grows with the size: DOPL / Cube falls
  # from the smallest to the largest small size (48 cores).
  last = nsizes["small-dopl", 48]
  r1 = at("small-dopl", 48, 1) / at("small-cube", 48, 1)
  r2 = at("small-dopl", 48, last) / at("small-cube", 48, last)
  say(r2 < r1, "scc_dopl_advantage_grows_with_size",
      sprintf("DOPL/Cube %.3f at %s B, %.3f at %s B", r1, size["small-dopl", 48, 1], r2, size["small-dopl", 48, last]))

  # §5.5: parts smaller than the 8 KB buffer beat larger ones; the thesis' best for
  # 50000 bytes is 1 KB and it chose 4 KB. Here: the best part size is 1 KB to 4 KB.
  best = ""; bt = 0
  for (i = 1; i <= nsizes["cube-part-size", 50000]; i++) {
    p = size["cube-part-size", 50000, i]; v = t["cube-part-size", 50000, p]
    if (best == "" || v < bt) { best = p; bt = v }
  }
  say(best >= 1024 && best <= 4096, "scc_cube_best_part_size_1kb_to_4kb", "best part size " best " (" bt " us)")

  # Disagreements (README, section SCC): the thesis finds DOPL about 20% faster than the
  # cube at small sizes; the model has it slower there (twice as many sequential steps,
  # and the mesh distance it saves costs little in the model).
  say(at("small-dopl", 48, 1) > at("small-cube", 48, 1), "scc_model_disagrees_dopl_slower_than_cube_small",
      sprintf("1 B on 48 cores: DOPL %s us, Cube %s us", at("small-dopl", 48, 1), at("small-cube", 48, 1)))
  # ... and 5.5x (medium) and 10x (large) faster; the model has them within 25%.
  lm = nsizes["medium-dopl", 48]; ll = nsizes["large-dopl", 48]
  rm = at("medium-cube", 48, lm) / at("medium-dopl", 48, lm)
  rl = at("large-cube", 48, ll) / at("large-dopl", 48, ll)
  say(rm > 0.75 && rm < 1.25 && rl > 0.75 && rl < 1.25, "scc_model_disagrees_dopl_not_far_faster_medium_large",
      sprintf("Cube/DOPL %.3f (medium), %.3f (large)", rm, rl))
}
