#!/usr/bin/env bash
# 2026-12-05 (c), call 4 (the branch device-inputs; not yet run): the large
# checks' inputs made on the device (Backend::fill_hashed). The CUDA run
# second by second, to set beside call 1's two-rows run (63.94 s; the
# large checks' phase 30 s with the host 80-98 % busy); the sanitizers;
# the planted bug of the CUDA fill, prebuilt here.
#   Here first: bash ../shared/device/fetch-deps.sh;
#     python3 tests/mutants/mutants.py prebuild build/ci .mutants --only hashed-fill-ignores-first
#     mkdir -p .mutpack && tar cJf .mutpack/m.tar.xz .mutants
#   run: carry [".deps", ".mutpack"], timeout_s 420, command "bash docs/results/probes/2026-12-05-c-call4.sh"
set -uo pipefail
: "${OUT:=$PWD/h200-logs}"
export OUT
mkdir -p "$OUT"
extra="$OUT/extra.txt"
tar xJf .mutpack/m.tar.xz
SMEMC_BENCH=OFF bash docs/results/h200_suite.sh build
SMEMC_CUDA_TIMEOUT=150 bash docs/results/h200_suite.sh cuda
{
  echo "== the run second by second"
  head -24 "$OUT/timeline-cuda.md"
  echo "== the large checks"
  grep -E "Large|AtLimit" "$OUT/suite-time.md" | head -14 | cut -c1-200
  echo "== the fill's own check"
  grep -E "HashedFill" "$OUT/ctest-cuda.log" | head -4
} | tee -a "$extra"
SMEMC_SANITIZERS_TIMEOUT=100 bash docs/results/h200_suite.sh sanitizers
SMEMC_MUTANTS_TIMEOUT=60 SMEMC_MUTANTS_ONLY="hashed-fill-ignores-first" bash docs/results/h200_suite.sh mutants
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt --exclude=extra.txt . &&
 find . -type f ! -name summary.txt ! -name extra.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
