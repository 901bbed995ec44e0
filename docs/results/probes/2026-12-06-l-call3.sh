#!/usr/bin/env bash
# 2026-12-06 (l), call 3: where an H100's CUDA run spends its minute,
# second by second (the build, then `h200_suite.sh cuda` only). Back come
# the timeline (ctest_config/timeline.py: tests running by kind, processes,
# CPU busy), suite-time.md, summary.txt and the stamped ctest log (xz).
#   Here first: bash ../shared/device/fetch-deps.sh
#   run: carry [".deps"], timeout_s 300, command "bash docs/results/probes/2026-12-06-l-call3.sh"
set -uo pipefail
final=${OUT:-$PWD/h200-logs}
mkdir -p "$final"
work=$(mktemp -d)
export OUT="$work"
nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap --format=csv,noheader
SMEMC_BENCH=OFF bash docs/results/h200_suite.sh build > /dev/null
echo "built: $SECONDS s"
SMEMC_CUDA_TIMEOUT=120 bash docs/results/h200_suite.sh cuda > /dev/null
echo "== CUDA run done: $SECONDS s"
grep -E "tests passed|^ctest: |Total Test time|\(Failed\)|\(Timeout\)" "$work/ctest-cuda.log"
cat "$work/timeline-cuda.md" | head -40
cp "$work/timeline-cuda.md" "$work/suite-time.md" "$work/summary.txt" "$final/" 2>/dev/null
xz -9 -c "$work/ctest-cuda.log.stamped" > "$final/ctest-cuda.log.stamped.xz"
rm -rf "$work"
