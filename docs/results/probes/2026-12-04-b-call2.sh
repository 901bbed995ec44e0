#!/usr/bin/env bash
# 2026-12-04 (b), call 2: the dense range 2^18, the reduced workload of 8
# blocks and 4 cases, the sanitizers at -j 8 one process a binary; and
# the scan's and the
# transpose's gaps under Nsight Compute beside their references' kernels
# (CUB's scan kernel; a plain copy on the transposes' launch shape).
set -uo pipefail

SMEMC_BENCH=ON SMEMC_CUDA_TIMEOUT=200 SMEMC_SANITIZERS_TIMEOUT=120 SMEMC_MUTANTS_TIMEOUT=200 \
  bash docs/results/h200_suite.sh build cuda sanitizers
grep -E "^ *[0-9]+/[0-9]+ Test +#" "$OUT/sanitizers.log" | awk '{print $(NF-1), $4}' | sort -rn | head -12 | tee "$OUT/sanitizers-slowest.txt"
sed -n '/longest of its/,/^$/p' "$OUT/suite-time.txt" | head -14
ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
bench=build/dev/bench/smemc_bench
sections="--section SpeedOfLight --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats"
for spec in "lookback_scan|-b moving_average -a variant=moving_average_lookback -a n[pow2]=28 -a block=256" \
            "DeviceScanKernel|-b reference_n -a variant=cub_inclusive_sum -a n[pow2]=28" \
            "transpose_padded|-b transpose -a variant=transpose_padded_32x8 -a side=16384" \
            "copy_tile_kernel|-b reference_matrix -a variant=copy_tile32 -a side=16384"; do
  kernel=${spec%%|*}; args=${spec#*|}
  # shellcheck disable=SC2086
  timeout 120 "$ncu" --clock-control none $sections --metrics dram__bytes_read.sum,dram__bytes_write.sum,smsp__average_warp_latency_issue_stalled_long_scoreboard,smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct \
    --launch-count 1 --kernel-name "regex:$kernel" $bench $args --min-samples 1 --max-noise 100 --timeout 1 > "$OUT/ncu-$kernel.txt" 2>&1
  echo "ncu $kernel: exit $?"
  grep -E "Duration|DRAM Throughput|Achieved Occupancy|Registers Per|Stall|Warp Cycles Per Issued|Block Limit|dram__bytes|No Eligible|Issued Warp" "$OUT/ncu-$kernel.txt" | head -24
done
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt . && find . -type f ! -name summary.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
