#!/usr/bin/env bash
# The conformance matrix rendered from records a real test binary wrote
# (CTest: selftest.matrix_from_a_real_binary), not from hand-made records:
#   matrix_from_binary.sh <records-dir> <matrix-tool> <binary> <passing-test> <property-test>
# runs <passing-test> as usual and <property-test> with no cases (rapidcheck's
# max_success=0: a property that ran nothing is recorded as a skip), each
# writing its record to <records-dir>, then renders the matrix from them.
# The matrix must show the row with the one check passed and the other
# skipped, and count 1 pass and 1 skip.
set -u
records=$1 matrix=$2 binary=$3 passing=$4 property=$5
rm -rf "$records"
SMEMC_RESULTS_DIR="$records" "$binary" "--gtest_filter=$passing" --gtest_brief=1 >/dev/null || {
  echo "matrix_from_binary: $passing failed"; exit 1; }
SMEMC_RESULTS_DIR="$records" RC_PARAMS=max_success=0 "$binary" "--gtest_filter=$property" --gtest_brief=1 >/dev/null || {
  echo "matrix_from_binary: $property failed"; exit 1; }
out=$("$matrix" "$records") || { echo "matrix_from_binary: the matrix tool failed"; exit 1; }
echo "$out"
# The check names: the last part of a gtest name, "<Suite>.<check>/<row>".
check_of() { local t=${1%/*}; echo "${t##*.}"; }
row_of() { local t=${1##*/}; echo "${t%_*}"; }
pass_check=$(check_of "$passing") skip_check=$(check_of "$property") row=$(row_of "$passing")
status=0
header=$(grep -E "^variant +type " <<<"$out" | head -1)
line=$(grep -E "^$row +" <<<"$out" | head -1)
for want in "$pass_check" "$skip_check"; do
  grep -qw -- "$want" <<<"$header" || { echo "matrix_from_binary: no column $want"; status=1; }
done
# The cells in the header's column order.
read -r -a columns <<<"$header"
read -r -a cells <<<"$line"
for i in "${!columns[@]}"; do
  case "${columns[$i]}" in
    "$pass_check") [[ "${cells[$i]:-}" == pass* ]] || { echo "matrix_from_binary: $pass_check shows '${cells[$i]:-}', not pass"; status=1; } ;;
    "$skip_check") [[ "${cells[$i]:-}" == skip* ]] || { echo "matrix_from_binary: $skip_check shows '${cells[$i]:-}', not skip"; status=1; } ;;
  esac
done
grep -qE "conformance: 1 pass, 0 FAIL, 1 skip" <<<"$out" || { echo "matrix_from_binary: the totals are not 1 pass and 1 skip"; status=1; }
[ $status -eq 0 ] && echo "matrix_from_binary: the matrix shows what the binary recorded"
exit $status
