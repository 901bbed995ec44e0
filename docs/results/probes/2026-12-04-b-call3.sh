#!/usr/bin/env bash
# 2026-12-04 (b), call 3: one test process a row, the tool runs without
# `streams`, the profile inputs made on all cores; the CUDA suite and where
# its time went, the sanitizers, every prebuilt CUDA planted bug
# (.mutpack/m.tar.xz: tests/mutants/mutants.py prebuild build/ci .mutants
# --only cuda, on this tree), and the rungs beside their references.
set -uo pipefail
tar xJf .mutpack/m.tar.xz
SMEMC_BENCH=ON SMEMC_CUDA_TIMEOUT=200 SMEMC_SANITIZERS_TIMEOUT=120 SMEMC_MUTANTS_TIMEOUT=200 SMEMC_BENCH_TIMEOUT=120 \
  bash docs/results/h200_suite.sh build cuda sanitizers mutants bench_rungs
grep -E "^ *[0-9]+/[0-9]+ Test +#" "$OUT/sanitizers.log" | awk '{print $(NF-1), $4}' | sort -rn | head -12 | tee "$OUT/sanitizers-slowest.txt"
sed -n '/longest of its/,/^$/p' "$OUT/suite-time.txt" | head -16
grep -c "Test +#" "$OUT/ctest-cuda.log"
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt . && find . -type f ! -name summary.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
