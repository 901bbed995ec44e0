#!/usr/bin/env bash
# Issue 24's three probes on the H200, in one call (standalone programs, not
# the suite): the transpose shapes, the wide histogram's bin and grid, the
# look-back scan's ablations. From the repository root on the GPU machine;
# output in $OUT/probes.txt (and printed).
set -u
out=${OUT:-$PWD/h200-logs}
mkdir -p "$out" /tmp/probes
dir=docs/results/probes
for p in transpose-shapes histogram-shapes scan-ablation; do
  nvcc -O3 -std=c++20 -arch=sm_90 -Ikernels -Xptxas -v "$dir/2026-12-04-$p.cu" -o "/tmp/probes/$p" > "/tmp/probes/$p.build" 2>&1 &
done
wait
for p in transpose-shapes histogram-shapes scan-ablation; do
  echo "== $p"
  grep -E "error" "/tmp/probes/$p.build"
  timeout 200 "/tmp/probes/$p" || echo "$p: exit $?"
done 2>&1 | tee "$out/probes.txt"
