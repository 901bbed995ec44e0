#!/usr/bin/env bash
# 2026-12-04 (b), call 5: the resource spec of 256 slots (a large check's
# share leaves 16 slots to the small ones); the CUDA suite and where its
# time went, the sanitizers, and the package tests (the CPU port and the
# CUB port built against the installed package and run here).
set -uo pipefail
SMEMC_BENCH=OFF SMEMC_CUDA_TIMEOUT=200 SMEMC_SANITIZERS_TIMEOUT=120 SMEMC_CUB_TIMEOUT=150 \
  bash docs/results/h200_suite.sh build cuda sanitizers cub
grep -E "^ *[0-9]+/[0-9]+ Test +#" "$OUT/sanitizers.log" | awk '{print $(NF-1), $4}' | sort -rn | head -6
sed -n '/longest of its/,/^$/p' "$OUT/suite-time.txt" | head -12
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt . && find . -type f ! -name summary.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
