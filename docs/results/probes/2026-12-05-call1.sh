#!/usr/bin/env bash
# 2026-12-05, call 1 (this session's first): the branch lookback-items with
# the look-back staged through shared memory, the floating histogram's
# exact-quotient path, and the large checks' slot share. The CUDA suite;
# the CUDA suite again with 64 slots a GPU (a large check 11 of them, 9
# left for small checks beside five large ones, against 1 of 16); the
# sanitizers; the planted bugs of the changed kernels (prebuilt here on
# this tree; the profile's, lookback-in-place, rebuilt there). Call 2: the
# rungs and NVIDIA's OpenCL.
#   Here first:
#     bash ../shared/device/fetch-deps.sh
#     python3 tests/mutants/mutants.py prebuild build/ci .mutants --only lookback-inclusive lookback-blockidx-tile \
#       lookback-staged-striped lookback-staging-no-syncwarp lookback-in-place hist-exact-quotient-no-residual-device
#     mkdir -p .mutpack && tar cJf .mutpack/m.tar.xz .mutants
#   then run: carry [".deps", ".mutpack"], timeout_s 600,
#     command "bash docs/results/probes/2026-12-05-call1.sh"
set -uo pipefail
: "${OUT:=$PWD/h200-logs}"
export OUT
mkdir -p "$OUT"
extra="$OUT/extra.txt"
tar xJf .mutpack/m.tar.xz
SMEMC_BENCH=ON SMEMC_CUDA_TIMEOUT=150 bash docs/results/h200_suite.sh build cuda
# The same CUDA run with 64 slots a GPU (cmake/SmemcConformance.cmake:
# smemc_large_gpu_properties), then back to 16.
cmake build/dev -DSMEMC_GPU_SLOTS=64 > /dev/null 2>&1
SMEMC_GPU_SLOTS=64 bash ctest_config/make_resource_spec.sh > /tmp/gpus64.json
start=$(date +%s)
SMEMC_SEED=vary SMEMC_REQUIRE_DEVICE=1 timeout 150 ctest --test-dir build/dev \
  -LE '^opencl-|oclgrind|cross-backend|package|sanitizer' -j 16 --resource-spec-file /tmp/gpus64.json \
  --timeout 140 > "$OUT/ctest-cuda-64.log" 2>&1
echo "CUDA run at 64 slots a GPU: exit $?, $(( $(date +%s) - start )) s wall" | tee -a "$extra"
grep -E "tests passed|^ctest: |Total Test time" "$OUT/ctest-cuda-64.log" | tee -a "$extra"
grep -E "batch-large|profile.counters" "$OUT/ctest-cuda-64.log" | sed -E 's/ +/ /g' | cut -c1-140 | head -16 | tee -a "$extra"
cmake build/dev -DSMEMC_GPU_SLOTS=16 > /dev/null 2>&1
SMEMC_SANITIZERS_TIMEOUT=110 SMEMC_MUTANTS_TIMEOUT=100 \
  SMEMC_MUTANTS_ONLY="lookback-inclusive lookback-blockidx-tile lookback-staged-striped lookback-staging-no-syncwarp hist-exact-quotient-no-residual-device" \
  bash docs/results/h200_suite.sh sanitizers mutants
{
  echo "== the sanitizer runs, longest first (s, test)"
  grep -E "^ *[0-9]+/[0-9]+ Test +#" "$OUT/sanitizers.log" | awk '{print $(NF-1), $4}' | sort -rn | head -8
  echo "== the CUDA run's look-back lines and the profile"
  grep -E "lookback|profile.counters" "$OUT/suite-time.txt" | cut -c1-150 | head -10
} 2>&1 | tee -a "$extra"
# The profile's planted bug (the look-back in place): rebuilt here, its
# CTest check run (the profile's collect run with it).
if [ "$SECONDS" -lt 440 ]; then
  timeout $((580 - SECONDS)) python3 tests/mutants/mutants.py run build/dev --only lookback-in-place > "$OUT/mutant-in-place.txt" 2>&1
  echo "lookback-in-place: exit $?" | tee -a "$extra"
  sed -n '/^| planted bug/,$p' "$OUT/mutant-in-place.txt" | tee -a "$extra"
else
  echo "lookback-in-place left out: $SECONDS s used" | tee -a "$extra"
fi
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt --exclude=extra.txt . &&
 find . -type f ! -name summary.txt ! -name extra.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
