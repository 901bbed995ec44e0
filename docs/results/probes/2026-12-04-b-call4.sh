#!/usr/bin/env bash
# 2026-12-04 (b), call 4: large checks a process a suite and row again, the
# transposes' draws within 2^20 elements; the CUDA suite and where its time
# went, the sanitizers, the three transpose planted bugs (prebuilt on this
# tree: .mutpack/m.tar.xz), and what profile.counters spends its time on
# (ncu's passes a kernel, from its own output).
set -uo pipefail
tar xJf .mutpack/m.tar.xz
SMEMC_BENCH=OFF SMEMC_CUDA_TIMEOUT=200 SMEMC_SANITIZERS_TIMEOUT=120 SMEMC_MUTANTS_TIMEOUT=100 \
  bash docs/results/h200_suite.sh build cuda sanitizers mutants
grep -E "^ *[0-9]+/[0-9]+ Test +#" "$OUT/sanitizers.log" | awk '{print $(NF-1), $4}' | sort -rn | head -8
sed -n '/longest of its/,/^$/p' "$OUT/suite-time.txt" | head -14
sed -n '/slowest tests/,/^$/p' "$OUT/suite-time.txt" | cut -c1-150 | head -14
csv=build/dev/tests/profile/profile-counters/all.csv
grep -E "==PROF==.*(Profiling|passes)" "$csv" | sed -E 's/.*Profiling "([^"]*)".*- ([0-9]+) passes?/\1 \2/' | sort | uniq -c | head -30
cp "$csv" "$OUT/profile-all.csv" 2>/dev/null
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt . && find . -type f ! -name summary.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
