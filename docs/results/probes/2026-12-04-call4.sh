#!/usr/bin/env bash
# The last H200 call of 2026-12-04 (docs/results/2026-12-04-h200.md, call 4):
# after the wide histogram's grid (2^19/B) and its cheaper run test, the
# rungs' benchmark, the histogram's CUDA checks with every profile check,
# the histogram's sanitizer runs and the changed planted bug; then the
# OpenCL port on NVIDIA's platform with the cross-backend checks, and the
# package tests. From the repository root with .deps and .mutants carried.
set -u
out=${OUT:-$PWD/h200-logs}
mkdir -p "$out"
export SMEMC_BENCH=ON
bash docs/results/h200_suite.sh build bench_rungs
SMEMC_SEED=vary SMEMC_REQUIRE_DEVICE=1 timeout 150 ctest --test-dir build/dev -R 'histogram|^profile\.|^lint\.|SpecTables' \
  -LE '^opencl-|oclgrind|cross-backend|package|sanitizer' -j 16 --resource-spec-file "$PWD/ctest_config/resources-1gpu.json" \
  --output-on-failure --timeout 140 > "$out/ctest-histogram.log" 2>&1
echo "ctest histogram, profile, lint, spec tables (CUDA): exit $?" | tee -a "$out/summary.txt"
grep -E "tests passed|Total Test time|\(Failed\)|^ctest: " "$out/ctest-histogram.log" | head -8 | tee -a "$out/summary.txt"
timeout 60 ctest --test-dir build/dev -L '^sanitizer$' -R histogram -j 4 --timeout 55 > "$out/sanitizers-histogram.log" 2>&1
echo "sanitizers (histogram): exit $?" | tee -a "$out/summary.txt"
grep -E "tests passed|Total Test time|\(Failed\)" "$out/sanitizers-histogram.log" | head -5 | tee -a "$out/summary.txt"
SMEMC_MUTANTS_ONLY=hist-wide-run-three-words SMEMC_MUTANTS_TIMEOUT=40 bash docs/results/h200_suite.sh mutants 2>&1 | grep -E "caught" | tail -2
SMEMC_OPENCL_TIMEOUT=230 SMEMC_CUB_TIMEOUT=100 SMEMC_TAR=1 bash docs/results/h200_suite.sh opencl cub
