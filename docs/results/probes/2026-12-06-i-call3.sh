#!/usr/bin/env bash
# 2026-12-06 (i), call 3: the moving averages' large checks first of all
# (SMEMC_FAMILY_LARGE_COST_moving_average 1500, above the profile checks'
# whole-GPU run at 1000; call 2 had 1000, a tie, and CTest took them first
# by test number): the CUDA run, the sanitizers, and the CUDA run again
# where the budget allows (budget=<s>, default 280), at the final code.
#   1. the host: lscpu's model, cores;
#   2. the CUDA run: totals, the longest processes, every large check's
#      start and end (from the stamped log), the large checks' phases;
#   3. the sanitizer pass (h200_suite.sh sanitizers);
#   4. a second CUDA run, if more than 80 s of the budget are left.
# Only the summaries come back ($OUT/*.txt, *.md; the tool returns 8 files).
#   Here first: bash ../shared/device/fetch-deps.sh
#   run: carry [".deps"], timeout_s 300, command "budget=280 bash docs/results/probes/2026-12-06-i-call3.sh"
set -uo pipefail
budget=${budget:-280}
final=${OUT:-$PWD/h200-logs}
mkdir -p "$final"
work=$(mktemp -d)
export OUT="$work"
extra="$final/extra.txt"
SMEMC_BENCH=OFF bash docs/results/h200_suite.sh build
echo "built: $SECONDS s" | tee -a "$extra"
grep -o "COST\]==\] \[==\[[0-9]*" build/dev/tests/smemc_*_cuda_tests_large_batches_include.cmake | tee -a "$extra"
{ lscpu | grep -E "Model name|^CPU\(s\)|NUMA node\(s\)"; } 2>&1 | tee -a "$extra"
# Every large process's start and end, in seconds from the run's first line.
large_timeline() {
  python3 - "$1" <<'EOF' | tee -a "$extra"
import re, sys
lines = open(sys.argv[1]).read().splitlines()
t0 = float(lines[0].split()[0]); start = {}
for line in lines:
    stamp, rest = line.split(" ", 1)
    m = re.search(r"Start\s+\d+: (cuda\.batch-large\S+|profile\.counters)", rest)
    if m: start[m.group(1)] = float(stamp) - t0
    m = re.search(r"Test\s+#\d+: (cuda\.batch-large\S+|profile\.counters) \.+\s*\S+\s+([\d.]+) sec", rest)
    if m: print(f"{start.get(m.group(1), -1):6.1f} -> {float(stamp) - t0:6.1f}  {float(m.group(2)):6.2f} s  {m.group(1)}")
EOF
}
cuda_run() {  # <run>
  local run=$1
  SMEMC_CUDA_TIMEOUT=120 bash docs/results/h200_suite.sh cuda > /dev/null
  echo "== CUDA run $run done: $SECONDS s" | tee -a "$extra"
  grep -E "tests passed|^ctest: |Total Test time|\(Failed\)|\(Timeout\)" "$work/ctest-cuda.log" | tee -a "$extra"
  awk '/longest of its/ { f = 1 } f' "$work/suite-time.txt" | head -10 | tee -a "$extra"
  large_timeline "$work/ctest-cuda.log.stamped"
  grep -E "MovingAverageLarge|MovingAverageAtLimit\.large_limit/moving_average_scan" "$work/suite-time.md" | head -6 | tee -a "$extra"
  cp "$work/suite-time.md" "$final/suite-time-run$run.md"
}
cuda_run 1
SMEMC_SANITIZERS_TIMEOUT=120 bash docs/results/h200_suite.sh sanitizers > /dev/null
echo "== sanitizers done: $SECONDS s" | tee -a "$extra"
grep -E "tests passed|Total Test time|\(Failed\)|\(Timeout\)" "$work/sanitizers.log" | tee -a "$extra"
if [ $((budget - SECONDS)) -gt 80 ]; then cuda_run 2; else echo "second CUDA run left out: $SECONDS s used" | tee -a "$extra"; fi
cp "$work/summary.txt" "$final/" 2>/dev/null
rm -rf "$work"
