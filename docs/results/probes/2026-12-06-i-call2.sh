#!/usr/bin/env bash
# 2026-12-06 (i), call 2: the moving averages' large checks first among the
# large checks (SMEMC_FAMILY_LARGE_COST_moving_average 1000, the others'
# 500). Call 1 (h200_suite.sh build cuda sanitizers cuda, an H200, COST 500
# for all) saw them start at 16.9-18.0 s beside the transposes' and
# histograms' large checks and take 15.2-17.9 s, over the 15 s a test may
# take; on an H100's host (2026-12-05-h-h100.md) 5.0-9.3 s.
#   1. the host: lscpu's model, cores;
#   2. the CUDA run twice: totals, the longest processes, every large
#      check's start and end (from the stamped log), the large checks' phases;
#   3. the three moving-average large checks alone, one at a time (-j1):
#      what each takes on an idle host.
# Only the summaries come back ($OUT/*.txt, *.md; the tool returns 8 files).
#   Here first: bash ../shared/device/fetch-deps.sh
#   run: carry [".deps"], timeout_s 480, command "bash docs/results/probes/2026-12-06-i-call2.sh"
set -uo pipefail
final=${OUT:-$PWD/h200-logs}
mkdir -p "$final"
work=$(mktemp -d)
export OUT="$work"
extra="$final/extra.txt"
large='moving_average/MovingAverage(Large|AtLimit).*(scan|lookback)_f32$'
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
    m = re.search(r"Start\s+\d+: (cuda\.batch-large\S+)", rest)
    if m: start[m.group(1)] = float(stamp) - t0
    m = re.search(r"Test\s+#\d+: (cuda\.batch-large\S+) \.+\s*\S+\s+([\d.]+) sec", rest)
    if m: print(f"{start.get(m.group(1), -1):6.1f} -> {float(stamp) - t0:6.1f}  {float(m.group(2)):6.2f} s  {m.group(1)}")
EOF
}
for run in 1 2; do
  SMEMC_CUDA_TIMEOUT=120 bash docs/results/h200_suite.sh cuda > /dev/null
  echo "== CUDA run $run done: $SECONDS s" | tee -a "$extra"
  grep -E "tests passed|^ctest: |Total Test time|\(Failed\)|\(Timeout\)" "$work/ctest-cuda.log" | tee -a "$extra"
  awk '/longest of its/ { f = 1 } f' "$work/suite-time.txt" | head -10 | tee -a "$extra"
  large_timeline "$work/ctest-cuda.log.stamped"
  grep -E "MovingAverageLarge|MovingAverageAtLimit\.large_limit/moving_average_scan" "$work/suite-time.md" | head -6 | tee -a "$extra"
  cp "$work/suite-time.md" "$final/suite-time-run$run.md"
done
SMEMC_REQUIRE_DEVICE=1 ctest --test-dir build/dev -R "$large" -j 1 --resource-spec-file "$PWD/ctest_config/resources-1gpu.json" \
  --timeout 120 > "$work/large-solo.log" 2>&1
echo "== the three alone (-j1): exit $? at $SECONDS s" | tee -a "$extra"
grep -E "Test +#.*batch-large" "$work/large-solo.log" | sed 's/  */ /g' | tee -a "$extra"
cp "$work/summary.txt" "$final/" 2>/dev/null
rm -rf "$work"
