#!/usr/bin/env bash
# The histogram_smem_wide rewrite (32-bit bins) on the H200 in one call of
# the session's last device minutes: build, the histogram's CUDA checks and
# every profile check, the histogram's sanitizer runs, the wide row's
# planted bug, the histogram benchmark beside CUB. Run from the repository
# root with .deps and .mutants carried.
set -u
out=${OUT:-$PWD/h200-logs}
mkdir -p "$out"
export SMEMC_BENCH=ON
bash docs/results/h200_suite.sh build > "$out/build.log" 2>&1
echo "build exit $?"
SMEMC_SEED=vary SMEMC_REQUIRE_DEVICE=1 timeout 120 ctest --test-dir build/dev -R 'histogram|^profile\.' \
  -LE '^opencl-|oclgrind|cross-backend|package|sanitizer' -j 16 --resource-spec-file "$PWD/ctest_config/resources-1gpu.json" \
  --output-on-failure --timeout 100 > "$out/ctest-histogram.log" 2>&1
echo "ctest histogram and profile (CUDA): exit $?"
grep -E "tests passed|Total Test time|\(Failed\)" "$out/ctest-histogram.log" | head -8
timeout 60 ctest --test-dir build/dev -L '^sanitizer$' -R histogram -j 4 --timeout 55 > "$out/sanitizers-histogram.log" 2>&1
echo "sanitizers (histogram): exit $?"
grep -E "tests passed|Total Test time|\(Failed\)" "$out/sanitizers-histogram.log" | head -5
SMEMC_MUTANTS_ONLY=hist-wide-second-load SMEMC_MUTANTS_TIMEOUT=40 bash docs/results/h200_suite.sh mutants 2>&1 | grep -E "caught|planted" | tail -2
SMEMC_BENCH_TIMEOUT=60 bash docs/results/h200_suite.sh bench_histogram 2>&1 | grep -E "histogram_smem_wide|cub_histogram_even|smem_privatised" | head -12
