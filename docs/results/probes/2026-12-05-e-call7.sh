#!/usr/bin/env bash
# Calls 5 and 6 in one (2026-12-05 (e)): no machine could be started for
# either through nine tries over two sessions, and this session's device
# time is short of both, so one call carries what decides the most, the
# later parts each only while time is left (590 s a call):
#   1. call 5's whole content: the branch's CUDA run with each device
#      check's host threads capped at its share, then without the cap; the
#      sanitizer pass at the preset's -j 8 (exhibits folded); the three
#      prebuilt planted bugs;
#   2. from call 6: the pass at -j 1 (each run's own seconds, and their
#      sum: S1) and each tool's start on each binary with no test (S0).
#      Left out: -j 8 with the exhibits separate, -j 2, the probes alone.
#   Here first: bash ../shared/device/fetch-deps.sh; the prebuild in
#     probes/2026-12-05-c-call5.sh's header.
#   run: carry [".deps", ".mutpack"], timeout_s 590, command "bash docs/results/probes/2026-12-05-e-call7.sh"
#   (or a shorter call: "budget=<s> bash ...", timeout_s <s> + 15; the
#   later parts are left out as the budget says)
set -uo pipefail
budget=${budget:-575}
: "${OUT:=$PWD/h200-logs}"
export OUT
mkdir -p "$OUT"
extra="$OUT/extra.txt"
tar xJf .mutpack/m.tar.xz
SMEMC_BENCH=OFF bash docs/results/h200_suite.sh build
echo "built: $SECONDS s" | tee -a "$extra"
keep() {  # <folder>: the CUDA run's records aside, and its timeline into extra.txt
  mkdir -p "$OUT/$1" && mv "$OUT"/ctest-cuda.log* "$OUT"/suite-time.* "$OUT"/timeline-cuda.md "$OUT"/junit-cuda.xml "$OUT/$1/"
  {
    echo "== $1: the run second by second"
    head -24 "$OUT/$1/timeline-cuda.md"
    echo "== $1: the longest processes"
    awk '/longest of its/ { f = 1 } f' "$OUT/$1/suite-time.txt" | head -16
  } | tee -a "$extra"
}
# <log>: the runs by their seconds, longest first, and the sum.
runs() {
  grep -E "Test +#[0-9]+: " "$1" | sed -E 's/.*Test +#[0-9]+: ([^ ]+) .* ([0-9.]+) sec$/\2 \1/' | sort -rn |
    awk '{ s += $1; print } END { printf "sum of the runs: %.2f s over %d runs\n", s, NR }'
}
SMEMC_CUDA_TIMEOUT=150 bash docs/results/h200_suite.sh cuda
keep share-on
grep -E "HashedFill" "$OUT/share-on/ctest-cuda.log" | head -3 | tee -a "$extra"
SMEMC_SANITIZERS_TIMEOUT=100 bash docs/results/h200_suite.sh sanitizers
{ echo "== sanitizers -j 8 (the preset), exhibits folded"; runs "$OUT/sanitizers.log"; } | tee -a "$extra"
SMEMC_MUTANTS_TIMEOUT=90 SMEMC_MUTANTS_ONLY="lookback-inclusive hist-exact-quotient-no-residual-device hashed-fill-ignores-first" \
  bash docs/results/h200_suite.sh mutants
echo "after the planted bugs: $SECONDS s" | tee -a "$extra"
if [ "$SECONDS" -lt $((budget - 245)) ]; then
  cmake build/dev -DSMEMC_SHARE_HOST_CORES=OFF > /dev/null
  SMEMC_CUDA_TIMEOUT=120 bash docs/results/h200_suite.sh cuda
  keep share-off
  cmake build/dev -DSMEMC_SHARE_HOST_CORES=ON > /dev/null
else
  echo "share-off run left out: $SECONDS s used" | tee -a "$extra"
fi
# Each binary's start under each tool, with no test (the filter matches
# none): the part of a run only fewer processes can save.
if [ "$SECONDS" -lt $((budget - 95)) ]; then
  {
    echo "== each tool's start on each binary, no test (s)"
    for binary in reduce histogram moving_average transpose smem_facts; do
      line="$binary"
      for tool in memcheck racecheck synccheck initcheck; do
        start=$EPOCHREALTIME
        timeout 30 compute-sanitizer --tool "$tool" --error-exitcode 86 --report-api-errors no \
          "build/dev/tests/smemc_${binary}_cuda_tests" --gtest_filter=NoSuchTest.none > /dev/null 2>&1
        line="$line $tool $(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }')"
      done
      echo "$line"
    done
  } 2>&1 | tee -a "$extra"
fi
left=$((budget - SECONDS))
if [ "$left" -gt 60 ]; then
  SMEMC_SANITIZERS_JOBS=1 SMEMC_SANITIZERS_TIMEOUT=$left bash docs/results/h200_suite.sh sanitizers
  { echo "== sanitizers -j 1 (cut at $left s if the sum is short of 29 runs)"; runs "$OUT/sanitizers-j1.log"; } | tee -a "$extra"
else
  echo "-j 1 left out: $SECONDS s used" | tee -a "$extra"
fi
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt --exclude=extra.txt . &&
 find . -type f ! -name summary.txt ! -name extra.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
