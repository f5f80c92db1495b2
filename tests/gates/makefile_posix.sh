#!/bin/sh
# tests/gates/makefile_posix.sh -- the Makefile is POSIX make: it declares .POSIX and uses
# none of GNU make's extensions (functions, conditionals, pattern rules, :=, $^ ...).
set -u
. "$(dirname "$0")/../lib.sh"
st=0
grep -q '^\.POSIX:' Makefile || { echo "no .POSIX: target"; st=1; }
if grep -nE '\$\((wildcard|shell|patsubst|subst|foreach|filter|call|eval|notdir|addprefix|addsuffix|if|or|and) |^[[:space:]]*(ifeq|ifneq|ifdef|ifndef|else|endif|include|-include|export|override|define|endef)([[:space:]]|$)|:=|\?=|\+=|\$\^|\$\+|^[^#	]*%[^ ]*:|\.PHONY' Makefile; then
  echo "GNU make extensions in the Makefile (lines above)"; st=1
fi
exit $st
