# tools/scc_figures.gp -- draws the figures of "Implementation of two Broadcast Algorithms
# on the Intel SCC" (Pichler 2013) from the output of ski/scc.ski:
#   gnuplot -e "sko='scc.sko'; out='scc-figures'" tools/scc_figures.gp
# (make rcce-figures after make rcce-run). One PNG per figure of the thesis:
#   fig05  ping-pong by core (§3.2)            fig09-12  small sizes (§7.1)
#   fig13-16  medium sizes (§7.2)              fig17-20  large sizes (§7.3)
#   table55   cube part sizes (§5.5)           table63   DOPL pipe sizes (§6.3)
# Result lines: "core= C count= N  size time ..." and "cores= C bytes= N  size time ...":
# field 2 is the core (count), field 4 the size, field 6 the time in microseconds.
if (!exists("sko")) sko = 'scc.sko'
if (!exists("out")) out = 'scc-figures'

# The lines of block `name` whose field 2 equals `sel` (sel < 0: all lines).
rows(name, sel) = sprintf("< awk '/^# begin result \"%s\"/ {on = 1; next} /^# end result/ {on = 0} on && !/^#/ && (%d < 0 || $2 == %d)' %s", name, sel, sel, sko)

set terminal pngcairo size 800,560 noenhanced
set grid
set key left top
set ylabel "time [us] (minimum over the repetitions)"
set xlabel "bytes"

set output out.'/fig05-pingpong.png'
set title "Pichler 2013 figure 5: ping-pong from core 0 (round trip)"
plot for [c in "1 2 10 37 47"] rows("pingpong-by-core", int(c)) using 4:6 with linespoints title "core ".c

do for [range in "small medium large"] {
  fig = range eq "small" ? 9 : (range eq "medium" ? 13 : 17)
  set output sprintf("%s/fig%02d-%s-with-rcce.png", out, fig, range)
  set title sprintf("Pichler 2013 figure %d: broadcast, %s sizes, 48 cores, with RCCE", fig, range)
  plot rows(range."-cube", 48) using 4:6 with linespoints title "Cube", \
       rows(range."-dopl", 48) using 4:6 with linespoints title "DOPL", \
       rows(range."-rcce", 48) using 4:6 with linespoints title "RCCE_bcast"
  set output sprintf("%s/fig%02d-%s-without-rcce.png", out, fig + 1, range)
  set title sprintf("Pichler 2013 figure %d: broadcast, %s sizes, 48 cores", fig + 1, range)
  plot rows(range."-cube", 48) using 4:6 with linespoints title "Cube", \
       rows(range."-dopl", 48) using 4:6 with linespoints title "DOPL"
  set output sprintf("%s/fig%02d-%s-cube-scaling.png", out, fig + 2, range)
  set title sprintf("Pichler 2013 figure %d: Cube scaling, %s sizes", fig + 2, range)
  plot for [c in "12 24 36 48"] rows(range."-cube", int(c)) using 4:6 with linespoints title c." cores"
  set output sprintf("%s/fig%02d-%s-dopl-scaling.png", out, fig + 3, range)
  set title sprintf("Pichler 2013 figure %d: DOPL scaling, %s sizes", fig + 3, range)
  plot for [c in "12 24 36 48"] rows(range."-dopl", int(c)) using 4:6 with linespoints title c." cores"
}

set logscale x 2
set key right top
set xlabel "part size [bytes]"
set output out.'/table55-cube-part-size.png'
set title "Pichler 2013 §5.5: Cube broadcast by part size, 48 cores"
plot for [b in "50000 190000 1900000"] rows("cube-part-size", int(b)) using 4:6 with linespoints title b." bytes"
set xlabel "pipe size [bytes]"
set output out.'/table63-dopl-pipe-size.png'
set title "Pichler 2013 §6.3: DOPL by pipe size (part 8 KB), 48 cores"
plot for [b in "50000 190000 1900000"] rows("dopl-pipe-size", int(b)) using 4:6 with linespoints title b." bytes"
