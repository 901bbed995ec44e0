#!/usr/bin/env bash
# Issue 24's look-back probe on the H200, in one call (a standalone
# program, not the suite): 2026-12-04-d-lookback-items.cu, the row's kernel
# with 8 ... 32 floats a thread beside CUB's InclusiveSum. From the
# repository root on the GPU machine; output in $OUT/probes.txt (and
# printed), ptxas's registers and spills with it. About a minute.
set -u
out=${OUT:-$PWD/h200-logs}
mkdir -p "$out" /tmp/probes
dir=docs/results/probes
p=lookback-items
nvcc -O3 -std=c++20 -arch=sm_90 -Xptxas -v "$dir/2026-12-04-d-$p.cu" -o "/tmp/probes/$p" > "/tmp/probes/$p.build" 2>&1 ||
  { cat "/tmp/probes/$p.build"; exit 1; }
{
  echo "== $p (ptxas)"
  grep -E "Compiling entry|registers|spill" "/tmp/probes/$p.build" | grep -v "0 bytes spill"
  echo "== $p"
  timeout 240 "/tmp/probes/$p" || echo "$p: exit $?"
} 2>&1 | tee "$out/probes.txt"
