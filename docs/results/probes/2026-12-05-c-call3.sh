#!/usr/bin/env bash
# 2026-12-05 (c), call 3: the tree to land. Processes: two rows a small
# batch, one row for the reduction's and the moving averages' heavy rows,
# eight rows a process of the reduction's large checks (family manifests);
# each device check's host threads capped at its share of the slots
# (SMEMC_SHARE_HOST_CORES). The CUDA run with the cap, then without it (a
# reconfigure: the batches' properties only), the sanitizers, and the
# planted bugs a changed profile or batch could hide, prebuilt here.
# (Call 2 never ran: its machine stopped answering, then none was lent.)
#   Here first: bash ../shared/device/fetch-deps.sh;
#     python3 tests/mutants/mutants.py prebuild build/ci .mutants --only lookback-inclusive hist-exact-quotient-no-residual-device
#     mkdir -p .mutpack && tar cJf .mutpack/m.tar.xz .mutants
#   run: carry [".deps", ".mutpack"], timeout_s 480, command "bash docs/results/probes/2026-12-05-c-call3.sh"
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
cmake build/dev -DSMEMC_SHARE_HOST_CORES=OFF > /dev/null
SMEMC_CUDA_TIMEOUT=150 bash docs/results/h200_suite.sh cuda
keep share-off
cmake build/dev -DSMEMC_SHARE_HOST_CORES=ON > /dev/null
SMEMC_SANITIZERS_TIMEOUT=100 bash docs/results/h200_suite.sh sanitizers
SMEMC_MUTANTS_TIMEOUT=90 SMEMC_MUTANTS_ONLY="lookback-inclusive hist-exact-quotient-no-residual-device" \
  bash docs/results/h200_suite.sh mutants
# The profile's planted bug (a CTest check: built and run here), its
# inputs now made over the cores.
if [ "$SECONDS" -lt 390 ]; then
  timeout $((470 - SECONDS)) python3 tests/mutants/mutants.py run build/dev --only lookback-in-place > "$OUT/mutant-in-place.txt" 2>&1
  echo "lookback-in-place: exit $?" | tee -a "$extra"
  sed -n '/^| planted bug/,$p' "$OUT/mutant-in-place.txt" | tee -a "$extra"
else
  echo "lookback-in-place left out: $SECONDS s used" | tee -a "$extra"
fi
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt --exclude=extra.txt . &&
 find . -type f ! -name summary.txt ! -name extra.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
