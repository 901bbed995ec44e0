#!/usr/bin/env bash
# 2026-12-06 (k), call 1: the tree after session (k)'s CPU CI change (a
# family's CUDA sources as one unit only where nothing runs them; the
# reduction's per-file launcher tables renamed; the package tests' extra
# arguments passed by one list, the CUB port's CUDA compiler and
# architectures among them) on the GPU:
#   1. the build (dev preset: one unit a CUDA source, as before);
#   2. the CUDA run: totals, the longest processes, when profile.counters
#      and the large checks ran (the stamped log);
#   3. the package tests (the CUB port through the new argument path);
#   4. the sanitizers.
# Only the summaries come back ($OUT: extra.txt, summary.txt, suite-time.md,
# timeline-sanitizers.md).
#   Here first: bash ../shared/device/fetch-deps.sh
#   run: carry [".deps"], timeout_s 480, command "bash docs/results/probes/2026-12-06-k-call1.sh"
set -uo pipefail
final=${OUT:-$PWD/h200-logs}
mkdir -p "$final"
work=$(mktemp -d)
export OUT="$work"
extra="$final/extra.txt"
nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap --format=csv,noheader 2>&1 | tee -a "$extra"
SMEMC_BENCH=OFF bash docs/results/h200_suite.sh build
echo "built: $SECONDS s" | tee -a "$extra"
ls build/dev/kernels/*one_unit* 2>/dev/null | tee -a "$extra" || true
echo "one-unit sources in the dev build: $(ls build/dev/kernels/*one_unit* 2>/dev/null | wc -l)" | tee -a "$extra"
SMEMC_CUDA_TIMEOUT=120 bash docs/results/h200_suite.sh cuda > /dev/null
echo "== CUDA run done: $SECONDS s" | tee -a "$extra"
grep -E "tests passed|^ctest: |Total Test time|\(Failed\)|\(Timeout\)|\(Not Run\)" "$work/ctest-cuda.log" | tee -a "$extra"
awk '/longest of its/ { f = 1 } f' "$work/suite-time.txt" | head -8 | tee -a "$extra"
echo "profile checks: $(grep -cE 'Test +#[0-9]+: profile\.[^ ]+ \.+ +Passed' "$work/ctest-cuda.log") passed" | tee -a "$extra"
python3 - "$work/ctest-cuda.log.stamped" <<'EOF' | tee -a "$extra"
import re, sys
lines = open(sys.argv[1]).read().splitlines()
t0 = float(lines[0].split()[0]); start = {}
for line in lines:
    stamp, rest = line.split(" ", 1)
    m = re.search(r"Start\s+\d+: ((?:cuda\.batch-large|profile\.counters)\S*)", rest)
    if m: start[m.group(1)] = float(stamp) - t0
    m = re.search(r"Test\s+#\d+: ((?:cuda\.batch-large|profile\.counters)\S*) \.+\s*\S+\s+([\d.]+) sec", rest)
    if m and (m.group(1).startswith("profile") or "moving_average" in m.group(1) or float(m.group(2)) > 4):
        print(f"{start.get(m.group(1), -1):6.1f} -> {float(stamp) - t0:6.1f}  {float(m.group(2)):6.2f} s  {m.group(1)}")
EOF
cp "$work/suite-time.md" "$final/" 2>/dev/null
SMEMC_CUB_TIMEOUT=200 bash docs/results/h200_suite.sh cub > /dev/null
echo "== package tests done: $SECONDS s" | tee -a "$extra"
grep -E "Test +#[0-9]+: package|tests passed|Total Test time|CMAKE_CUDA_ARCHITECTURES" "$work/ctest-packages.log" | head -12 | tee -a "$extra"
SMEMC_SANITIZERS_TIMEOUT=150 bash docs/results/h200_suite.sh sanitizers > /dev/null
echo "== sanitizers done: $SECONDS s" | tee -a "$extra"
cp "$work/summary.txt" "$work/timeline-sanitizers.md" "$final/" 2>/dev/null
rm -rf "$work"
