#!/usr/bin/env bash
# 2026-12-05, call 3: the tree to merge (the look-back staged, the
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
#   run: carry [".deps", ".mutpack"], timeout_s 600, command "bash docs/results/probes/2026-12-05-call3.sh"
set -uo pipefail
: "${OUT:=$PWD/h200-logs}"
export OUT
mkdir -p "$OUT"
extra="$OUT/extra.txt"
tar xJf .mutpack/m.tar.xz
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
if [ "$SECONDS" -lt 470 ]; then
  cmd=$(ctest --test-dir build/dev -N -V -R '^initcheck\.smemc_histogram_cuda_tests$' | sed -n 's/^[0-9]*: Test command: //p')
  TIMEFORMAT='%R s'
  for filter in "NoSuchTest.none" "histogram/HistogramAll.exact_counts/histogram_smem_wide_u8_u32"; do
    echo "initcheck of the histograms, filter $filter: $( { time (SMEMC_WORKLOAD=reduced SMEMC_RESULTS_DIR= timeout 60 \
      bash -c "${cmd/--gtest_filter=*\" /--gtest_filter=$filter\" }" > /dev/null 2>&1); } 2>&1 )" | tee -a "$extra"
  done
else
  echo "the initcheck probe left out: $SECONDS s used" | tee -a "$extra"
fi
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt --exclude=extra.txt . &&
 find . -type f ! -name summary.txt ! -name extra.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
