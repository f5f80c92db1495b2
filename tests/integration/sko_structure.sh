#!/bin/sh
# tests/integration/sko_structure.sh OUTPUT.sko -- prints the structure of a result file: for every
# result line its block, its loop values and reported size, and its number of columns.
# Timings are left out, so two runs of the same input on the same process count give the
# same structure (tests/integration/expected/quick.np2.structure: ski/quick.ski on 2 processes, kept
# so that a redesign of the engine cannot change blocks, points or columns unnoticed).
awk '/^# begin result/ { block = $0 }
     /^[A-Za-z_]+=/   { print block " | " $1 " " $2 " size " $3 " | columns " NF }' "$1"
