#!/usr/bin/env bash
# 2026-12-04 (b), call 1: the dense-range workload and the sharded sanitizer
# runs on the H200: build, the CUDA suite and where its time went, the
# sanitizers (each test's time), and every prebuilt CUDA planted bug
# (.mutpack/m.tar.xz: tests/mutants/mutants.py prebuild build/ci .mutants --only cuda).
set -uo pipefail
tar xJf .mutpack/m.tar.xz
SMEMC_BENCH=OFF SMEMC_CUDA_TIMEOUT=200 SMEMC_SANITIZERS_TIMEOUT=120 SMEMC_MUTANTS_TIMEOUT=240 \
  bash docs/results/h200_suite.sh build cuda sanitizers mutants
grep -E "^ *[0-9]+/[0-9]+ Test +#" "$OUT/sanitizers.log" | awk '{print $(NF-1), $4}' | sort -rn | head -24 | tee "$OUT/sanitizers-slowest.txt"
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt --exclude=sanitizers-slowest.txt . && find . -type f ! -name summary.txt ! -name sanitizers-slowest.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
