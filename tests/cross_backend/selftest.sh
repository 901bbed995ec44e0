#!/usr/bin/env bash
# Negative controls for smemc_compare_digests (CTest: selftest.compare_digests,
# no device): synthetic digests that agree, that differ in one case's bits,
# where one side dropped a case of a variant both run, where nothing is in
# common, and where one side runs a variant the other does not. Each states
# the exit code and the summary the comparison must give.
#   selftest.sh <smemc_compare_digests>
set -u
compare=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0

digest() {  # digest <file> <line>...
  local file=$1
  shift
  { echo "# backend test"; printf '%s\n' "$@"; } > "$dir/$file"
}

expect() {  # expect <exit code> <summary regex> <a> <b>
  local want=$1 regex=$2 got
  "$compare" "$dir/$3" "$dir/$4" > "$dir/out" 2>&1
  got=$?
  if [ "$got" -ne "$want" ] || ! grep -Eq -- "$regex" "$dir/out"; then
    echo "FAIL: $3 vs $4: exit $got (expected $want), output:"
    sed 's/^/    /' "$dir/out"
    failures=$((failures + 1))
  else
    echo "ok:   $3 vs $4: exit $got, /$regex/"
  fi
}

digest a.txt "reduce v1 n=3 0x1" "reduce v1 n=5 0x2" "reduce v2 n=3 0x3"
digest same.txt "reduce v1 n=3 0x1" "reduce v1 n=5 0x2" "reduce v2 n=3 0x3"
digest one_bit.txt "reduce v1 n=3 0x1" "reduce v1 n=5 0x6" "reduce v2 n=3 0x3"
digest dropped.txt "reduce v1 n=3 0x1" "reduce v2 n=3 0x3"
digest other.txt "transpose t1 4x4 0x9"
digest fewer_variants.txt "reduce v1 n=3 0x1" "reduce v1 n=5 0x2"

expect 0 "^3 cases compared, 0 differ, 0 without a counterpart" a.txt same.txt
expect 1 "DIFFER: reduce v1 n=5: A 0x2, B 0x6" a.txt one_bit.txt
expect 1 "CASE ONLY IN A \(B runs the variant\): reduce v1 n=5" a.txt dropped.txt
expect 1 "CASE ONLY IN B \(A runs the variant\): reduce v1 n=5" dropped.txt a.txt
expect 1 "^0 cases compared" a.txt other.txt
expect 0 "only in A: reduce v2 n=3" a.txt fewer_variants.txt
expect 0 "reduce v1: 2 cases" a.txt fewer_variants.txt

echo "selftest.sh: $failures failed"
[ "$failures" -eq 0 ]
