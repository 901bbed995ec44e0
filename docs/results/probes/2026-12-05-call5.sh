#!/usr/bin/env bash
# 2026-12-05, call 5: the CUDA run with two rows of a family a small batch
# process (SMEMC_BATCH_ROWS=2), against call 4's one (77 s).
#   run: carry [".deps"], timeout_s 240, command "bash docs/results/probes/2026-12-05-call5.sh"
set -uo pipefail
: "${OUT:=$PWD/h200-logs}"
export OUT
mkdir -p "$OUT"
SMEMC_BENCH=OFF SMEMC_CUDA_TIMEOUT=120 bash docs/results/h200_suite.sh build cuda
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt . && find . -type f ! -name summary.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
