#!/usr/bin/env bash
# The recorded benchmark run on the GPU machine (the H200 of docs/results/):
# from the repository root there, with .deps carried (../shared/device/
# fetch-deps.sh unpacks nvbench's wheel into it) and CMake 4 on PATH:
#
#   bash bench/run_h200.sh
#
# Configures build/bench (the benchmark only: no tests, no OpenCL; the GPU
# present), builds smemc_bench, runs the curated selection (bench/README.md)
# and writes into ${OUT:-$PWD/bench-out}:
#   bench.json   nvbench's --json: the file docs/results/bench/ keeps, and
#                the input of bench/ladder.py and bench/compare_baseline.sh
#   bench.md     nvbench's --md tables
#   run.log      what it printed while it ran (its markdown log)
#   ladder.md    bench/ladder.py's summary; ladder.png where matplotlib imports
#   summary.txt  the machine, the tools, and how long each step took
#
# GPU-time budget, about three minutes: the curated selection, 108 measured
# states with the rows of this writing, each measured cold with nvbench's
# L2 flush before every sample (its default), stopping at 0.05 s of
# accumulated GPU time once the noise is under 1 %, and after 1.5 s of wall
# time in any case (--timeout). Extra arguments go to smemc_bench (-b
# reduce: one benchmark; --smemc-full: the full sweep, far over the budget).
set -euo pipefail

out=${OUT:-$PWD/bench-out}
mkdir -p "$out"
summary="$out/summary.txt"
: > "$summary"
say() { echo "$*" | tee -a "$summary"; }
step() { say "step $1: $(( $(date +%s) - $2 )) s"; }

# What ran where; a missing probe is reported, not fatal.
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap --format=csv,noheader || echo "nvidia-smi failed"
  nvcc --version | tail -n 1 || echo "no nvcc"
  cmake --version | head -n 1
} 2>&1 | tee -a "$summary"

start=$(date +%s)
cmake -S . -B build/bench -G Ninja \
  -DSMEMC_BUILD_BENCH=ON -DSMEMC_BUILD_TESTS=OFF -DSMEMC_WITH_OPENCL=OFF \
  -DCMAKE_CUDA_ARCHITECTURES=native \
  -DCMAKE_PREFIX_PATH="$PWD/.deps/usr;$PWD/.deps/cuda-bench/cuda/bench/cu13/nvbench" > "$out/configure.log" 2>&1 \
  || { tail -n 40 "$out/configure.log"; exit 1; }
grep -E "smem-conformance" "$out/configure.log" | tee -a "$summary"
cmake --build build/bench --target smemc_bench -j 16 > "$out/build.log" 2>&1 \
  || { grep -E "error|FAILED" -A5 "$out/build.log" | head -n 60; exit 1; }
step build "$start"

# The recorded run. nvbench writes its markdown log to stdout as it goes.
start=$(date +%s)
build/bench/bench/smemc_bench --min-time 0.05 --max-noise 1 --timeout 1.5 \
  --json "$out/bench.json" --md "$out/bench.md" "$@" > "$out/run.log" 2>&1 \
  || { tail -n 40 "$out/run.log"; say "smemc_bench failed"; exit 1; }
say "states: $(grep -c '"is_skipped": false' "$out/bench.json") measured, $(grep -c '"is_skipped": true' "$out/bench.json") skipped"
grep -E "^Warn|^Fail" "$out/run.log" | head -n 20 | tee -a "$summary" || true
step run "$start"

png=()
if python3 -c "import matplotlib" 2>/dev/null; then
  png=(--png "$out/ladder.png")
else
  say "matplotlib does not import here: ladder.md only, no ladder.png"
fi
python3 bench/ladder.py "$out/bench.json" --md "$out/ladder.md" "${png[@]}" > /dev/null
say "ladder: $out/ladder.md${png:+ and $out/ladder.png}"
