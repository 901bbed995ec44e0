#!/usr/bin/env bash
# The first call for the branch next-device-run (main + process-shares +
# device-inputs + the sanitizer runs' COST): everything calls 3 and 4 were
# to run, in one call. Not yet run: written 2026-12-05 (c), when no machine
# was lent.
#   - the CUDA run with each device check's host threads capped at its
#     share of the slots, then without the cap (a reconfigure: the
#     batches' properties only), second by second;
#   - the sanitizers, the longest tool runs started first (COST);
#   - the planted bugs a changed check could hide, prebuilt here, and the
#     profile's (a CTest check, built there) if time is left.
#   Here first: bash ../shared/device/fetch-deps.sh;
#     python3 tests/mutants/mutants.py prebuild build/ci .mutants --only lookback-inclusive \
#       hist-exact-quotient-no-residual-device hashed-fill-ignores-first
#     mkdir -p .mutpack && tar cJf .mutpack/m.tar.xz .mutants
#   run: carry [".deps", ".mutpack"], timeout_s 560, command "bash docs/results/probes/2026-12-05-c-call5.sh"
set -uo pipefail
: "${OUT:=$PWD/h200-logs}"
export OUT
mkdir -p "$OUT"
extra="$OUT/extra.txt"
tar xJf .mutpack/m.tar.xz
SMEMC_BENCH=OFF bash docs/results/h200_suite.sh build
keep() {  # <folder>: the CUDA run's records aside, and its timeline into extra.txt
  mkdir -p "$OUT/$1" && mv "$OUT"/ctest-cuda.log* "$OUT"/suite-time.* "$OUT"/timeline-cuda.md "$OUT"/junit-cuda.xml "$OUT/$1/"
  {
    echo "== $1: the run second by second"
    head -24 "$OUT/$1/timeline-cuda.md"
    echo "== $1: the longest processes"
    awk '/longest of its/ { f = 1 } f' "$OUT/$1/suite-time.txt" | head -16
  } | tee -a "$extra"
}
SMEMC_CUDA_TIMEOUT=150 bash docs/results/h200_suite.sh cuda
keep share-on
grep -E "HashedFill" "$OUT/share-on/ctest-cuda.log" | head -3 | tee -a "$extra"
cmake build/dev -DSMEMC_SHARE_HOST_CORES=OFF > /dev/null
SMEMC_CUDA_TIMEOUT=150 bash docs/results/h200_suite.sh cuda
keep share-off
cmake build/dev -DSMEMC_SHARE_HOST_CORES=ON > /dev/null
SMEMC_SANITIZERS_TIMEOUT=100 bash docs/results/h200_suite.sh sanitizers
SMEMC_MUTANTS_TIMEOUT=90 SMEMC_MUTANTS_ONLY="lookback-inclusive hist-exact-quotient-no-residual-device hashed-fill-ignores-first" \
  bash docs/results/h200_suite.sh mutants
if [ "$SECONDS" -lt 450 ]; then
  timeout $((540 - SECONDS)) python3 tests/mutants/mutants.py run build/dev --only lookback-in-place > "$OUT/mutant-in-place.txt" 2>&1
  echo "lookback-in-place: exit $?" | tee -a "$extra"
  sed -n '/^| planted bug/,$p' "$OUT/mutant-in-place.txt" | tee -a "$extra"
else
  echo "lookback-in-place left out: $SECONDS s used" | tee -a "$extra"
fi
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt --exclude=extra.txt . &&
 find . -type f ! -name summary.txt ! -name extra.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
