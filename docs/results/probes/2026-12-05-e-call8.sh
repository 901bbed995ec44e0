#!/usr/bin/env bash
# 2026-12-05 (e), call 8: the branch with SMEMC_SHARE_HOST_CORES OFF by
# default (call 7: the cap slowed the CUDA run, 54.0 s against 50.7 s):
# a fresh configure's CUDA run, a second sample of the run against its
# targets (<= 60 s, no process over 15 s), then the sanitizer pass at the
# preset's -j 8 again.
#   Here first: bash ../shared/device/fetch-deps.sh
#   run: carry [".deps"], timeout_s 230, command "bash docs/results/probes/2026-12-05-e-call8.sh"
set -uo pipefail
: "${OUT:=$PWD/h200-logs}"
export OUT
mkdir -p "$OUT"
SMEMC_BENCH=OFF bash docs/results/h200_suite.sh build
SMEMC_CUDA_TIMEOUT=100 bash docs/results/h200_suite.sh cuda
if [ "$SECONDS" -lt 150 ]; then
  SMEMC_SANITIZERS_TIMEOUT=70 bash docs/results/h200_suite.sh sanitizers
fi
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt . &&
 find . -type f ! -name summary.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
