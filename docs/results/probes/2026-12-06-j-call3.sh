#!/usr/bin/env bash
# 2026-12-06 (j), call 3: calls 1 and 2 (an H100) again on an H200, if one
# starts: the GPU-only targets built by auto, profile.counters first.
#   1. the build;
#   2. the CUDA run once: totals, the longest processes, when
#      profile.counters and the large checks ran (the stamped log);
#   3. the sanitizers, with the CUDA canaries.
# Only the summaries come back ($OUT: extra.txt, suite-time-run1.md, summary.txt).
#   Here first: bash ../shared/device/fetch-deps.sh
#   run: carry [".deps"], timeout_s 420, command "bash docs/results/probes/2026-12-06-j-call3.sh"
set -uo pipefail
final=${OUT:-$PWD/h200-logs}
mkdir -p "$final"
work=$(mktemp -d)
export OUT="$work"
extra="$final/extra.txt"
nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap --format=csv,noheader 2>&1 | tee -a "$extra"
SMEMC_BENCH=OFF bash docs/results/h200_suite.sh build
echo "built: $SECONDS s" | tee -a "$extra"
grep -o 'COST "1500"' build/dev/tests/profile/CTestTestfile.cmake | head -1 | tee -a "$extra"
for run in 1; do
  SMEMC_CUDA_TIMEOUT=120 bash docs/results/h200_suite.sh cuda > /dev/null
  echo "== CUDA run $run done: $SECONDS s" | tee -a "$extra"
  grep -E "tests passed|^ctest: |Total Test time|\(Failed\)|\(Timeout\)|\(Not Run\)" "$work/ctest-cuda.log" | tee -a "$extra"
  awk '/longest of its/ { f = 1 } f' "$work/suite-time.txt" | head -8 | tee -a "$extra"
  echo "profile checks: $(grep -cE 'Test +#[0-9]+: profile\.[^ ]+ \.+ +Passed' "$work/ctest-cuda.log") passed" | tee -a "$extra"
  python3 - "$work/ctest-cuda.log.stamped" <<'EOF' | tee -a "$extra"
import re, sys
lines = open(sys.argv[1]).read().splitlines()
t0 = float(lines[0].split()[0]); start = {}; last = 0.0
for line in lines:
    stamp, rest = line.split(" ", 1)
    m = re.search(r"Start\s+\d+: ((?:cuda\.batch-large|profile\.counters)\S*)", rest)
    if m: start[m.group(1)] = float(stamp) - t0
    m = re.search(r"Test\s+#\d+: ((?:cuda\.batch-large|profile\.counters)\S*) \.+\s*\S+\s+([\d.]+) sec", rest)
    if m and (m.group(1).startswith("profile") or "moving_average" in m.group(1) or float(m.group(2)) > 4):
        print(f"{start.get(m.group(1), -1):6.1f} -> {float(stamp) - t0:6.1f}  {float(m.group(2)):6.2f} s  {m.group(1)}")
EOF
  cp "$work/suite-time.md" "$final/suite-time-run$run.md" 2>/dev/null
done
grep -E "GPU-only" "$work/summary.txt" | tee -a "$extra"
bash docs/results/h200_suite.sh sanitizers > /dev/null
echo "== sanitizers done: $SECONDS s" | tee -a "$extra"
grep -E "tests passed|Total Test time|\(Failed\)|\(Timeout\)" "$work"/sanitizers*.log | head -20 | tee -a "$extra"
echo "canaries: $(grep -cE 'Test +#[0-9]+: canary\.[^ ]+ \.+ +Passed' "$work"/sanitizers*.log) passed" | tee -a "$extra"
cp "$work/summary.txt" "$final/" 2>/dev/null
rm -rf "$work"
