#!/usr/bin/env bash
# 2026-12-05, call 4: call 3's steps on the tree after it (one quotient for
# the floating bin, 16 slots again), then three probes: the staged
# look-back with and without its division (2026-12-04-d-lookback-items.cu
# "sum"), whether CUDA process starts are serialised, and the longest
# sanitizer run's tests timed.
# Call 3 was: the tree to merge (the look-back staged, the
# floating bin's exact quotient where the candidate is near an integer, 64
# slots a GPU by default with the batches' properties read at ctest time).
# The CUDA suite (its large checks 11 of 64 slots, 9 left beside five of
# them), the sanitizers, the changed kernels' planted bugs (prebuilt here),
# the histograms on NVIDIA's OpenCL, the rungs beside their references;
# then where the longest sanitizer run's time goes (initcheck of the
# histograms: the process with no test, with one, with all).
#   Here first: bash ../shared/device/fetch-deps.sh;
#     python3 tests/mutants/mutants.py prebuild build/ci .mutants --only lookback-inclusive lookback-blockidx-tile \
#       lookback-staged-striped lookback-staging-no-syncwarp hist-exact-quotient-no-residual-device
#     mkdir -p .mutpack && tar cJf .mutpack/m.tar.xz .mutants
#   run: carry [".deps", ".mutpack"], timeout_s 600, command "bash docs/results/probes/2026-12-05-call4.sh"
set -uo pipefail
: "${OUT:=$PWD/h200-logs}"
export OUT
mkdir -p "$OUT"
extra="$OUT/extra.txt"
tar xJf .mutpack/m.tar.xz
# The look-back probe with a sum-only kernel (its "sum" mode), built while the suite builds.
mkdir -p /tmp/probes
nvcc -O3 -std=c++20 -arch=sm_90 docs/results/probes/2026-12-04-d-lookback-items.cu -o /tmp/probes/lookback-sum \
  > /tmp/probes/lookback-sum.build 2>&1 &
SMEMC_BENCH=ON SMEMC_CUDA_TIMEOUT=150 SMEMC_SANITIZERS_TIMEOUT=110 SMEMC_MUTANTS_TIMEOUT=100 \
  SMEMC_MUTANTS_ONLY="lookback-inclusive lookback-blockidx-tile lookback-staged-striped lookback-staging-no-syncwarp hist-exact-quotient-no-residual-device" \
  bash docs/results/h200_suite.sh build cuda sanitizers mutants
{
  echo "== the CUDA run's slowest tests"
  awk '/slowest tests/ { f = 1 } /longest of its/ { f = 0 } f' "$OUT/suite-time.txt" | cut -c1-150 | head -14
  echo "== the sanitizer runs, longest first (s, test)"
  grep -E "^ *[0-9]+/[0-9]+ Test +#" "$OUT/sanitizers.log" | awk '{print $(NF-1), $4}' | sort -rn | head -8
} 2>&1 | tee -a "$extra"
SMEMC_BENCH_TIMEOUT=150 bash docs/results/h200_suite.sh bench_rungs
SMEMC_OPENCL_TESTS=histogram SMEMC_OPENCL_TIMEOUT=90 bash docs/results/h200_suite.sh opencl
wait
if [ "$SECONDS" -lt 470 ] && [ -x /tmp/probes/lookback-sum ]; then
  timeout 60 /tmp/probes/lookback-sum sum 2>&1 | tee -a "$extra"
else
  echo "the sum-only probe left out: $SECONDS s used, or it did not build: $(tail -3 /tmp/probes/lookback-sum.build)" | tee -a "$extra"
fi
# Is a CUDA process's start serialised by the driver? The device probe
# (a context, the binary's modules), 16 processes 1, 4 and 16 at a time.
probe=build/dev/tests/smemc_reduce_cuda_tests
TIMEFORMAT='%R s'
for np in "16 1" "16 4" "16 16"; do
  set -- $np
  echo "device probes: $1 processes, $2 at a time: $( { time (seq "$1" | xargs -P"$2" -I{} "$probe" --smemc-device-status > /dev/null); } 2>&1 )" |
    tee -a "$extra"
done
# Where the longest sanitizer run (initcheck of the histograms, 37 s) spends
# its time: its own command alone, each test's time (gtest's, not brief).
if [ "$SECONDS" -lt 480 ]; then
  cmd=$(ctest --test-dir build/dev -N -V -R '^initcheck\.smemc_histogram_cuda_tests$' | sed -n 's/^[0-9]*: Test command: //p')
  start=$(date +%s%N)
  SMEMC_WORKLOAD=reduced SMEMC_RESULTS_DIR= timeout 80 bash -c "${cmd/--gtest_brief=1/--gtest_brief=0}" > "$OUT/initcheck-histograms.log" 2>&1
  echo "initcheck of the histograms alone: exit $?, $(( ($(date +%s%N) - start) / 1000000 )) ms" | tee -a "$extra"
  {
    echo "== its tests, longest first (ms, test)"
    sed -nE 's/^\[ +OK \] (.*) \(([0-9]+) ms\)$/\2 \1/p' "$OUT/initcheck-histograms.log" | sort -rn | head -12
    echo "tests run: $(grep -c '^\[ *OK' "$OUT/initcheck-histograms.log"); their ms summed: $(sed -nE 's/^\[ +OK \] .* \(([0-9]+) ms\)$/\1/p' "$OUT/initcheck-histograms.log" | awk "{ s += \$1 } END { print s }")"
  } 2>&1 | tee -a "$extra"
else
  echo "the initcheck probe left out: $SECONDS s used" | tee -a "$extra"
fi
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt --exclude=extra.txt . &&
 find . -type f ! -name summary.txt ! -name extra.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
