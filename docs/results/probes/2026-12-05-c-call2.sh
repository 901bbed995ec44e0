#!/usr/bin/env bash
# 2026-12-05 (c), call 2: what one check costs the host when it runs alone.
# Call 1 showed the CUDA run CPU-bound wherever the GPU is shared: 5 large
# checks beside 1 small one kept the 16 cores 80-98 % busy for 30 s. Here
# each of the longest checks runs alone, on all 16 cores and on 3 (taskset:
# oneTBB takes the affinity mask), timed wall, user and system; and one
# near-empty CUDA process, for the cost of a start.
#   Here first: bash ../shared/device/fetch-deps.sh
#   run: carry [".deps"], timeout_s 240, command "bash docs/results/probes/2026-12-05-c-call2.sh"
set -uo pipefail
: "${OUT:=$PWD/h200-logs}"
export OUT
mkdir -p "$OUT"
extra="$OUT/extra.txt"
SMEMC_BENCH=OFF bash docs/results/h200_suite.sh build
b=build/dev/tests
export SMEMC_REQUIRE_DEVICE=1 SMEMC_RESULTS_DIR=
TIMEFORMAT='%R real %U user %S sys'
one() {  # <label> <cpus or all> <binary> <filter>
  local label=$1 cpus=$2 bin=$3 filter=$4 t
  if [ "$cpus" = all ]; then
    t=$( { time "$b/$bin" --gtest_filter="$filter" > "$OUT/$label-$cpus.log" 2>&1; } 2>&1 )
  else
    t=$( { time taskset -c "$cpus" "$b/$bin" --gtest_filter="$filter" > "$OUT/$label-$cpus.log" 2>&1; } 2>&1 )
  fi
  echo "$label cpus=$cpus: $t ($(grep -cE '^\[  +OK|^\[  FAILED|^\[  SKIPPED' "$OUT/$label-$cpus.log") tests; $(grep -E '^\[  (FAILED|SKIPPED) ' "$OUT/$label-$cpus.log" | head -2 | tr '\n' ' '))" |
    tee -a "$extra"
}
# (The first try of this call, with six checks and two rows each way, lost
# its machine: this is the short form.)
for cpus in all 0-2; do
  one ma-scan-large-n $cpus smemc_moving_average_cuda_tests 'moving_average/MovingAverageLarge.large_n/moving_average_scan_f32'
  one transpose-padded-large $cpus smemc_transpose_cuda_tests 'transpose/TransposeLarge.large_n46341/transpose_padded_f32'
  one reduce-fixup-f64-row $cpus smemc_reduce_cuda_tests '*/reduce_smem_fixup_f64:-*Large*'
done
one no-test all smemc_reduce_cuda_tests 'NoSuchTest.none'
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt --exclude=extra.txt . &&
 find . -type f ! -name summary.txt ! -name extra.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
