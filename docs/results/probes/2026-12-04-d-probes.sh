#!/usr/bin/env bash
# Issue 24's probes of 2026-12-04 (d) on the H200, in one call (standalone
# programs, not the suite): 2026-12-04-d-lookback-items.cu (the look-back
# scan with 8 ... 32 floats a thread beside CUB's InclusiveSum) and
# 2026-12-04-d-transpose-inflight.cu (the 32x32 tile with more of it in
# flight: several tiles a block, cp.async stages, streaming stores, beside
# cudaMemcpy). From the repository root on the GPU machine; output in
# $OUT/probes.txt (and printed), ptxas's registers and spills with it.
# About two minutes.
set -u
out=${OUT:-$PWD/h200-logs}
mkdir -p "$out" /tmp/probes
dir=docs/results/probes
probes=(lookback-items transpose-inflight)
for p in "${probes[@]}"; do
  nvcc -O3 -std=c++20 -arch=sm_90 -Xptxas -v "$dir/2026-12-04-d-$p.cu" -o "/tmp/probes/$p" > "/tmp/probes/$p.build" 2>&1 &
done
wait
for p in "${probes[@]}"; do
  echo "== $p (ptxas)"
  grep -E "error|Compiling entry|registers|spill" "/tmp/probes/$p.build" | grep -v ", 0 bytes spill stores, 0 bytes spill loads"
  echo "== $p"
  timeout "${SMEMC_PROBE_TIMEOUT:-120}" "/tmp/probes/$p" || echo "$p: exit $?"
done 2>&1 | tee "$out/probes.txt"
