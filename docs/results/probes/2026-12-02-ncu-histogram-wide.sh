set -u
out=${OUT:-/tmp/out}
export SMEMC_BENCH=ON
bash docs/results/h200_suite.sh build > "$out/build.log" 2>&1; echo "build exit $?"
ncu_bin=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
for spec in "histogram_smem_wide|-b histogram -a variant=histogram_smem_wide -a n[pow2]=28 -a block=1024" \
            "DeviceHistogram|-b reference_bytes -a variant=cub_histogram_even -a n[pow2]=28"; do
  kernel=${spec%%|*}; args=${spec#*|}
  timeout 100 "$ncu_bin" --clock-control none --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy \
    --section WarpStateStats --section InstructionStats --section LaunchStats --launch-count 1 --kernel-name "regex:$kernel" \
    build/dev/bench/smemc_bench $args --min-samples 1 --max-noise 100 --timeout 1 > "$out/ncu-$kernel.txt" 2>&1
  echo "ncu $kernel: exit $?"
  grep -E "DRAM Throughput|Memory Throughput|Duration|Achieved Occupancy|Theoretical Occupancy|Compute \(SM\) Throughput|Registers Per|Block Limit|Issue Slots Busy|Executed Ipc|Stall|Grid Size|Block Size|Shared Memory Configuration|Dynamic Shared" "$out/ncu-$kernel.txt" | head -30
done
