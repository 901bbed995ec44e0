#!/usr/bin/env bash
# 2026-12-05, call 2: the rungs beside their references on the tree of
# call 1 (the look-back staged, the floating histogram's exact quotient):
# bench_rungs (the histograms and CUB's HistogramEven on every byte kind and
# sample type, the moving averages and CUB's InclusiveSum at 2^28, the
# transposes and memcpy); the histograms on NVIDIA's OpenCL (histogram.cl
# changed); the staged look-back under ncu at B = 256 and 1024, beside
# CUB's scan kernel. The build is call 1's where the machine is still warm.
#   run: carry [".deps"], timeout_s 600, command "bash docs/results/probes/2026-12-05-call2.sh"
set -uo pipefail
: "${OUT:=$PWD/h200-logs}"
export OUT
mkdir -p "$OUT"
extra="$OUT/extra.txt"
SMEMC_BENCH=ON bash docs/results/h200_suite.sh build
SMEMC_BENCH_TIMEOUT=240 bash docs/results/h200_suite.sh bench_rungs
SMEMC_OPENCL_TESTS=histogram SMEMC_OPENCL_TIMEOUT=120 bash docs/results/h200_suite.sh opencl
ncu_bin=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
for spec in "lookback_scan|256|-b moving_average -a variant=moving_average_lookback -a n[pow2]=28 -a block=256" \
            "lookback_scan|1024|-b moving_average -a variant=moving_average_lookback -a n[pow2]=28 -a block=1024" \
            "DeviceScanKernel|cub|-b reference_n -a n[pow2]=28"; do
  IFS='|' read -r kernel tag args <<< "$spec"
  [ "$SECONDS" -lt 540 ] || { echo "ncu $kernel $tag left out: $SECONDS s used" | tee -a "$extra"; continue; }
  # shellcheck disable=SC2086
  timeout 60 "$ncu_bin" --clock-control none --section SpeedOfLight --section MemoryWorkloadAnalysis \
    --section Occupancy --section LaunchStats --section WarpStateStats --launch-count 1 --kernel-name "regex:$kernel" \
    build/dev/bench/smemc_bench $args --min-samples 1 --max-noise 100 --timeout 1 > "$OUT/ncu-$kernel-$tag.txt" 2>&1
  echo "ncu $kernel ($tag): exit $?" | tee -a "$extra"
  grep -E "DRAM Throughput|Memory Throughput|Duration|Achieved Occupancy|Theoretical Occupancy|Registers Per|Shared Memory Config|Dynamic Shared|Block Limit|Warp Cycles Per Issued|Stall" \
    "$OUT/ncu-$kernel-$tag.txt" | head -16 | tee -a "$extra"
done
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt --exclude=extra.txt . &&
 find . -type f ! -name summary.txt ! -name extra.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
