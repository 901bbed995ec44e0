#!/usr/bin/env bash
# 2026-12-06 (j), call 1: the GPU run after SMEMC_BUILD_GPU_ONLY (the
# profile target, the CUDA canaries and package.cub_port are built only
# where configure sees a GPU; elsewhere their tests skip). On the GPU
# machine the dev preset's auto must resolve to ON, and every such test run:
#   1. the build: configure's smem-conformance lines (GPU-only targets: ON);
#   2. the CUDA run once: totals, the longest processes, the profile
#      checks' verdicts, when profile.counters and the large checks ran;
#   3. the package tests (package.cub_port on the GPU);
#   4. the sanitizers, with the CUDA canaries.
# Only the summaries come back ($OUT: extra.txt, summary.txt, suite-time.md).
#   Here first: bash ../shared/device/fetch-deps.sh
#   run: carry [".deps"], timeout_s 560, command "bash docs/results/probes/2026-12-06-j-call1.sh"
set -uo pipefail
final=${OUT:-$PWD/h200-logs}
mkdir -p "$final"
work=$(mktemp -d)
export OUT="$work"
extra="$final/extra.txt"
{ nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap --format=csv,noheader; lscpu | grep -E "Model name|^CPU\(s\)"; } 2>&1 | tee -a "$extra"
SMEMC_BENCH=OFF bash docs/results/h200_suite.sh build
echo "built: $SECONDS s" | tee -a "$extra"
grep -E "GPU-only" "$work/summary.txt" | tee -a "$extra"
SMEMC_CUDA_TIMEOUT=120 bash docs/results/h200_suite.sh cuda > /dev/null
echo "== CUDA run done: $SECONDS s" | tee -a "$extra"
grep -E "tests passed|^ctest: |Total Test time|\(Failed\)|\(Timeout\)|\(Not Run\)" "$work/ctest-cuda.log" | tee -a "$extra"
awk '/longest of its/ { f = 1 } f' "$work/suite-time.txt" | head -10 | tee -a "$extra"
echo "profile checks: $(grep -cE 'Test +#[0-9]+: profile\.[^ ]+ \.+ +Passed' "$work/ctest-cuda.log") passed," \
     "$(grep -cE 'Test +#[0-9]+: profile\.' "$work/ctest-cuda.log") run" | tee -a "$extra"
grep -E "Test +#[0-9]+: profile\." "$work/ctest-cuda.log" | grep -v Passed | tee -a "$extra"
python3 - "$work/ctest-cuda.log.stamped" <<'EOF' | tee -a "$extra"
import re, sys
lines = open(sys.argv[1]).read().splitlines()
t0 = float(lines[0].split()[0]); start = {}
for line in lines:
    stamp, rest = line.split(" ", 1)
    m = re.search(r"Start\s+\d+: ((?:cuda\.batch-large|profile\.counters)\S*)", rest)
    if m: start[m.group(1)] = float(stamp) - t0
    m = re.search(r"Test\s+#\d+: ((?:cuda\.batch-large|profile\.counters)\S*) \.+\s*\S+\s+([\d.]+) sec", rest)
    if m: print(f"{start.get(m.group(1), -1):6.1f} -> {float(stamp) - t0:6.1f}  {float(m.group(2)):6.2f} s  {m.group(1)}")
EOF
cp "$work/suite-time.md" "$final/" 2>/dev/null
bash docs/results/h200_suite.sh cub > /dev/null
echo "== package tests done: $SECONDS s" | tee -a "$extra"
grep -E "Test +#|tests passed|Total Test time" "$work/ctest-packages.log" | tee -a "$extra"
bash docs/results/h200_suite.sh sanitizers > /dev/null
echo "== sanitizers done: $SECONDS s" | tee -a "$extra"
grep -E "tests passed|Total Test time|\(Failed\)|\(Timeout\)" "$work"/sanitizers*.log | head -20 | tee -a "$extra"
echo "canaries: $(grep -cE 'Test +#[0-9]+: canary\.[^ ]+ \.+ +Passed' "$work"/sanitizers*.log) passed" | tee -a "$extra"
cp "$work/summary.txt" "$final/" 2>/dev/null
rm -rf "$work"
