#!/usr/bin/env bash
# The H200 runs recorded in docs/results/. From the repository root on the
# GPU machine, after ../shared/device/fetch-deps.sh on the development
# machine (it unpacks rapidcheck, the OpenCL headers and ICD loader, and
# nvbench into .deps/, which travels with the tree):
#
#   bash docs/results/h200_suite.sh <step>...
#
# steps, in the order given:
#   build       cmake --preset dev (CUDA for the GPU present, OpenCL, the
#               benchmark unless SMEMC_BENCH=OFF) and build everything; a
#               source whose content changed since this machine's last
#               build is rebuilt even where its time stamp went back
#               (touch_changed_sources): build there only through this step
#   cuda        ctest --preset dev without the OpenCL port (SMEMC_SEED=vary
#               unless set: the properties' seeds varied): every CUDA check
#               (small, large, exhibits, smem facts), the profile checks, the
#               spec and self-tests; then where the time went
#               (ctest_config/suite_time.py: suite-time.md; second by
#               second: ctest_config/timeline.py, timeline-cuda.md)
#   cub         the package tests: examples/cpu_port and examples/cub_port
#               (CUB's rows, a kernel of the port's own, a narrowed row) built
#               against the installed package and run on this GPU
#   sanitizers  ctest --preset sanitizers (the four tools and their canaries;
#               SMEMC_SANITIZERS_JOBS=<n>: -j n instead of the preset's 8)
#   bench       the benchmark's recorded selection (bench/README.md), its JSON
#               and markdown, the ladder (bench/ladder.py)
#   mutants     the planted bugs built on the development machine
#               (tests/mutants/mutants.py prebuild ... .mutants), run here
#               (SMEMC_MUTANTS_ONLY="<id> ...": those only)
#   bench_histogram  the histograms and the 1-D references (memcpy, CUB) in
#               one nvbench run, the curated selection
#   bench_rungs issue 24's rungs at its points beside their references
#               (2^28: histograms on every byte kind, moving averages;
#               4096² and 16384²: transposes), and the ladder's ratios
#   opencl      the OpenCL port on NVIDIA's platform (the atomic variants
#               included) and the cross-backend bitwise checks
#   pocl        the OpenCL port on PoCL 5 (SMEMC_OPENCL_PLATFORM=portable)
#   rungs       the last rungs' kernels (vec4 reduction at 2^28, 32x8 transpose at
#               16384², look-back at 2^28) under ncu: speed of light, memory
#               workload, occupancy
#   startup     what a test process costs before its test: the device probe
#               alone (solo, then 32 of them 16 at a time), one small test
#               solo, and the cuda-small checks run one process per test, per
#               suite and variant, and per variant (ctest_config/grouping_probe.py)
#   repeat      the CUDA small checks again, SMEMC_REPEAT times (default 3),
#               until one fails
# Logs land in $OUT (the device tool's output folder) or ./h200-logs; a
# summary is printed and kept in summary.txt.
set -uo pipefail
out=${OUT:-$PWD/h200-logs}
mkdir -p "$out"
deps="$PWD/.deps/usr"
nvbench="$PWD/.deps/cuda-bench/cuda/bench/cu13/nvbench"
summary="$out/summary.txt"
say() { echo "$*" | tee -a "$summary"; }

# NVIDIA's OpenCL beside PoCL's, through the ICD loader of .deps.
icd="$PWD/.deps/icd"
mkdir -p "$icd"
echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > "$icd/nvidia.icd"
cp /etc/OpenCL/vendors/*.icd "$icd/" 2>/dev/null
export OCL_ICD_VENDORS="$icd"
# oneTBB from .deps, for this build and for test binaries prebuilt on the
# development machine (they link its libtbb-dev; the mutants step).
export LD_LIBRARY_PATH="$deps/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

{
  date -u
  git log -1 --format='commit %h %s' 2>/dev/null
  echo "uncommitted paths on top of it: $(git status --porcelain 2>/dev/null | grep -vc '^?? \.deps/')"
  nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap --format=csv,noheader
  nvcc --version | tail -n 1
  cmake --version | head -n 1
  compute-sanitizer --version 2>/dev/null | tail -n 1
  (ncu --version 2>/dev/null || /opt/nvidia/nsight-compute/*/ncu --version 2>/dev/null) | tail -n 1
} 2>&1 | tee -a "$summary"

# Runs a ctest command with its output in <log>, each line stamped with the
# time it was printed (<log>.stamped: ctest prints a test when it ends, with
# its duration, so its start is known too), and the host sampled every
# 0.5 s beside it (<log>.samples: the time, /proc/stat's cpu line, the test
# processes running): ctest_config/timeline.py reads both.
stamped() {
  local log=$1; shift
  ( while :; do
      echo "$EPOCHREALTIME $(head -n 1 /proc/stat) procs $(pgrep -fc 'smemc_[a-z_]*_tests|smemc_profile_target')"
      sleep 0.5
    done ) > "$log.samples" &
  local sampler=$!
  "$@" 2>&1 | while IFS= read -r line; do printf '%s %s\n' "$EPOCHREALTIME" "$line"; done > "$log.stamped"
  local code=${PIPESTATUS[0]}
  kill "$sampler" 2>/dev/null; wait "$sampler" 2>/dev/null
  cut -d' ' -f2- "$log.stamped" > "$log"
  return "$code"
}

# Ninja rebuilds what is newer than its object; the device tool copies the
# tree with the copied files' own times. A file changed on the GPU machine
# and built there (a patch taken back for a baseline), then copied over from
# the development machine, is older than the object built from the change,
# and Ninja keeps that object: 2026-12-05 (h) ran a CUDA run of such stale
# binaries (docs/results/2026-12-05-h-h100.md). So `build` keeps the sums of
# the sources it built from (build/dev/.source-sums) and first touches every
# source whose content differs from them; a build tree without the sums has
# every source touched. Build on the GPU machine only through this step
# (a probe that changes a source and builds, too), so that the sums say what
# the binaries hold; a bare `cmake --build` leaves them saying otherwise.
# (sha1sum escapes a name holding a backslash or a newline; such a name is
# never touched here: the tree has none.)
source_sums() {
  find CMakeLists.txt CMakePresets.json cmake kernels fixtures tests examples bench ctest_config -type f \
    ! -name '*.pyc' -print0 2>/dev/null | sort -z | xargs -0 sha1sum
}
touch_changed_sources() {
  local sums=build/dev/.source-sums changed
  source_sums > "$sums.next"
  [ -f build/dev/build.ninja ] || return 0  # a fresh build tree builds everything
  if [ -f "$sums" ]; then
    changed=$(diff "$sums" "$sums.next" | sed -n 's/^> [0-9a-f]*  //p')
  else
    changed=$(sed -n 's/^[0-9a-f]*  //p' "$sums.next")
  fi
  [ -n "$changed" ] && printf '%s\n' "$changed" | tr '\n' '\0' | xargs -0 touch --
  say "sources touched (content changed since this build tree's last build): $(printf '%s' "$changed" | grep -c .)"
}

# The counts of a ctest log: its own line and the suite's closing line.
totals() { grep -E "tests passed|^ctest: |\(Failed\)|\(Timeout\)|Total Test time" "$1" | head -n 40 | tee -a "$summary"; }

for step in "$@"; do
  start=$(date +%s)
  case $step in
    build)
      mkdir -p build/dev && touch_changed_sources
      { cmake --preset dev -DCMAKE_PREFIX_PATH="$deps;$nvbench" -DSMEMC_BUILD_BENCH=${SMEMC_BENCH:-ON} && cmake --build --preset dev; } \
        > "$out/build.log" 2>&1 || { grep -E "error|FAILED|Error" -A5 "$out/build.log" | head -80; exit 1; }
      mv build/dev/.source-sums.next build/dev/.source-sums
      grep -E "smem-conformance" "$out/build.log" | tee -a "$summary"
      rm -f "$out/build.log" ;;
    cuda)
      # Not --preset dev with -LE: a command-line label filter replaces the
      # preset's, and the sanitizer and OpenCL tests ran too (seen here).
      SMEMC_SEED=${SMEMC_SEED:-vary} SMEMC_REQUIRE_DEVICE=1 stamped "$out/ctest-cuda.log" \
        timeout ${SMEMC_CUDA_TIMEOUT:-300} ctest --test-dir build/dev -LE '^opencl-|oclgrind|cross-backend|package|sanitizer' \
        -j 16 --resource-spec-file "$PWD/ctest_config/resources-1gpu.json" --output-on-failure --output-junit junit.xml --timeout 280
      say "ctest -LE 'opencl|oclgrind|cross-backend|package|sanitizer' (CUDA, profile, spec, self-tests): exit $?"
      cp build/dev/conformance-matrix.md "$out/matrix-cuda.md" 2>/dev/null
      totals "$out/ctest-cuda.log"
      cp build/dev/junit.xml "$out/junit-cuda.xml" 2>/dev/null
      python3 ctest_config/suite_time.py build/dev --top 40 --md "$out/suite-time.md" > "$out/suite-time.txt" 2>&1
      python3 ctest_config/timeline.py "$out/ctest-cuda.log" --md "$out/timeline-cuda.md" > /dev/null 2>> "$out/suite-time.txt"
      sed -n '1,12p' "$out/suite-time.txt" | tee -a "$summary"
      awk '/longest of its/ { f = 1 } f' "$out/suite-time.txt" | head -16 | tee -a "$summary"
      ;;
    cub)
      SMEMC_REQUIRE_DEVICE=1 timeout ${SMEMC_CUB_TIMEOUT:-300} ctest --test-dir build/dev -R '^package\.' --timeout 290 \
        --output-on-failure > "$out/ctest-packages.log" 2>&1
      say "ctest -R '^package\.' (cpu_port, cub_port from the installed package): exit $?"
      grep -E "conformance matrix:|^cub_|^reduce_|^cpu_|narrowed|conformance:|tests passed|Failed|FAIL" "$out/ctest-packages.log" \
        | head -40 | tee -a "$summary"
      cp build/dev/tests/package/cub_port/build/conformance-matrix.md "$out/matrix-cub-port.md" 2>/dev/null ;;
    sanitizers)
      stamped "$out/sanitizers${SMEMC_SANITIZERS_JOBS:+-j$SMEMC_SANITIZERS_JOBS}.log" timeout ${SMEMC_SANITIZERS_TIMEOUT:-400} \
        ctest --preset sanitizers --timeout 380 ${SMEMC_SANITIZERS_JOBS:+-j $SMEMC_SANITIZERS_JOBS}
      say "ctest --preset sanitizers${SMEMC_SANITIZERS_JOBS:+ -j $SMEMC_SANITIZERS_JOBS}: exit $?"
      grep -E "tests passed|\(Failed\)|\(Timeout\)|Total Test time|canary flagged|NOT FLAGGED" \
        "$out/sanitizers${SMEMC_SANITIZERS_JOBS:+-j$SMEMC_SANITIZERS_JOBS}.log" | head -40 | tee -a "$summary"
      python3 ctest_config/timeline.py "$out/sanitizers${SMEMC_SANITIZERS_JOBS:+-j$SMEMC_SANITIZERS_JOBS}.log" --bucket 2 \
        --md "$out/timeline-sanitizers${SMEMC_SANITIZERS_JOBS:+-j$SMEMC_SANITIZERS_JOBS}.md" > /dev/null ;;
    bench)
      timeout ${SMEMC_BENCH_TIMEOUT:-400} build/dev/bench/smemc_bench --min-time 0.05 --max-noise 1 --timeout 1.5 \
        --json "$out/bench.json" --md "$out/bench.md" > "$out/bench-run.log" 2>&1
      say "smemc_bench (curated selection): exit $?"
      python3 bench/ladder.py "$out/bench.json" --md "$out/ladder.md" --png "$out/ladder.png" > /dev/null 2>> "$out/bench-run.log"
      say "ladder.py: exit $?"
      sed -n '1,80p' "$out/ladder.md" 2>/dev/null | tee -a "$summary" ;;
    bench_histogram)
      # The histograms beside the references of the same run and the same
      # bytes (CUB's HistogramEven, memcpy of the n bytes: reference_bytes),
      # the curated selection; then the ratios (bench/ladder.py).
      timeout ${SMEMC_BENCH_TIMEOUT:-200} build/dev/bench/smemc_bench -b histogram -b reference_bytes --min-time 0.05 --max-noise 1 \
        --timeout 1.5 --json "$out/bench-histogram.json" --md "$out/bench-histogram.md" > "$out/bench-histogram-run.log" 2>&1
      say "smemc_bench -b histogram -b reference_bytes: exit $?"
      grep -E "^\| (histogram_|memcpy|cub_histogram)" "$out/bench-histogram.md" | head -40 | tee -a "$summary"
      python3 bench/ladder.py "$out/bench-histogram.json" --md "$out/ladder-histogram.md" > "$out/ladder-histogram.log" 2>&1
      say "ladder.py: exit $?"; grep -iE "histogram" "$out/ladder-histogram.md" | head -12 | tee -a "$summary" ;;
    bench_rungs)
      # Issue 24's rungs at its points, each beside its reference in the same
      # run: the histograms and CUB's HistogramEven on every byte kind and
      # on every other sample type (histogram_typed, reference_samples), the
      # moving averages and CUB's InclusiveSum, at 2^28; the transposes and
      # memcpy at 4096² and 16384²; then the ratios (bench/ladder.py).
      timeout ${SMEMC_BENCH_TIMEOUT:-300} build/dev/bench/smemc_bench --min-time 0.05 --max-noise 1 --timeout 1.5 \
        -b histogram -a "n[pow2]=28" -b reference_bytes -a "n[pow2]=28" \
        -b histogram_typed -a "n[pow2]=28" -b reference_samples -a "n[pow2]=28" \
        -b moving_average -a "n[pow2]=28" -b reference_n -a "n[pow2]=28" \
        -b transpose -a "side=[4096,16384]" -b reference_matrix -a "side=[4096,16384]" \
        --json "$out/bench-rungs.json" --md "$out/bench-rungs.md" > "$out/bench-rungs-run.log" 2>&1
      say "smemc_bench (the rungs at issue 24's points): exit $?"
      python3 bench/ladder.py "$out/bench-rungs.json" --md "$out/ladder-rungs.md" > "$out/ladder-rungs.log" 2>&1
      say "ladder.py: exit $?"
      sed -n '/## The issue/,/## Ladders/p' "$out/ladder-rungs.md" | grep -E "^###|reference|_wide|lookback|32x8|memcpy" | tee -a "$summary" ;;
    rungs)
      # The last rungs' kernels at the rung sizes under Nsight Compute: what
      # bounds each (DRAM throughput against its peak, the memory workload).
      ncu_bin=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
      for spec in "reduce_vec4_kernel|-b reduce -a variant=reduce_vec4_grid_stride -a n[pow2]=28 -a block=1024" \
                  "transpose_padded_32x8|-b transpose -a variant=transpose_padded_32x8 -a side=16384" \
                  "lookback_scan|-b moving_average -a variant=moving_average_lookback -a n[pow2]=28 -a block=256"; do
        kernel=${spec%%|*}; args=${spec#*|}
        # shellcheck disable=SC2086
        timeout 120 "$ncu_bin" --clock-control none --section SpeedOfLight --section MemoryWorkloadAnalysis \
          --section Occupancy --launch-count 1 --kernel-name "regex:$kernel" \
          build/dev/bench/smemc_bench $args --min-samples 1 --max-noise 100 --timeout 1 > "$out/ncu-$kernel.txt" 2>&1
        say "ncu $kernel: exit $?"
        grep -E "DRAM Throughput|Memory Throughput|Duration|Achieved Occupancy|Compute \(SM\) Throughput|L2 Cache Throughput" \
          "$out/ncu-$kernel.txt" | head -8 | tee -a "$summary"
      done
      # The transposes' DRAM bytes against the ideal (each matrix once each
      # way: 2 x 16384^2 x 4 B = 2 GiB), beside a plain copy kernel's.
      for kernel in transpose_padded_32x8 transpose_padded; do
        timeout 120 "$ncu_bin" --clock-control none --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum \
          --launch-count 1 --kernel-name "regex:^$kernel\$" \
          build/dev/bench/smemc_bench -b transpose -a variant=$kernel -a side=16384 --min-samples 1 --max-noise 100 --timeout 1 \
          > "$out/ncu-bytes-$kernel.txt" 2>&1
        say "ncu bytes $kernel: exit $?"
        grep -E "dram__|lts__|gpu__time" "$out/ncu-bytes-$kernel.txt" | head -8 | tee -a "$summary"
      done ;;
    mutants)
      # shellcheck disable=SC2086  # SMEMC_MUTANTS_ONLY: ids, one word each
      timeout ${SMEMC_MUTANTS_TIMEOUT:-500} python3 tests/mutants/mutants.py prebuilt .mutants \
        ${SMEMC_MUTANTS_ONLY:+--only $SMEMC_MUTANTS_ONLY} > "$out/mutants.txt" 2>&1
      say "mutants (prebuilt): exit $?"
      sed -n '/^| planted bug/,$p' "$out/mutants.txt" | tee -a "$summary" ;;
    opencl)
      SMEMC_OPENCL_PLATFORM=nvidia SMEMC_REQUIRE_DEVICE=1 timeout ${SMEMC_OPENCL_TIMEOUT:-400} \
        ctest --test-dir build/dev -L '^opencl-|cross-backend' -R "${SMEMC_OPENCL_TESTS:-.}" -j 16 --timeout 380 \
        --resource-spec-file "$PWD/ctest_config/resources-1gpu.json" --output-junit junit-opencl.xml > "$out/ctest-opencl.log" 2>&1
      say "ctest -L '^opencl-|cross-backend' on NVIDIA's OpenCL (the atomic variants included): exit $?"
      cp build/dev/conformance-matrix.md "$out/matrix-opencl.md" 2>/dev/null
      totals "$out/ctest-opencl.log"
      python3 ctest_config/suite_time.py build/dev --junit build/dev/junit-opencl.xml --top 20 > "$out/suite-time-opencl.txt" 2>&1
      sed -n '1,8p' "$out/suite-time-opencl.txt" | tee -a "$summary" ;;
    pocl)
      SMEMC_OPENCL_PLATFORM=portable SMEMC_REQUIRE_DEVICE=1 timeout 300 \
        ctest --test-dir build/dev -L '^opencl-' -j 16 --timeout 280 > "$out/ctest-pocl.log" 2>&1
      say "ctest -L '^opencl-' on PoCL: exit $?"
      totals "$out/ctest-pocl.log" ;;
    startup)
      probe=build/dev/tests/smemc_reduce_cuda_tests
      nvidia-smi -q | grep -iE "Persistence Mode|Compute Mode" | tee -a "$summary"
      TIMEFORMAT='%R s'
      for i in 1 2 3; do say "device probe solo: $( { time "$probe" --smemc-device-status > /dev/null; } 2>&1 )"; done
      say "32 device probes, 16 at a time: $( { time (seq 32 | xargs -P16 -I{} "$probe" --smemc-device-status > /dev/null); } 2>&1 )"
      for i in 1 2 3; do
        say "one small test solo: $( { time "$probe" --gtest_filter=reduce/ReduceOrdered.host_model_bitwise/reduce_by_halving > /dev/null; } 2>&1 )"
      done
      SMEMC_REQUIRE_DEVICE=1 timeout 400 python3 ctest_config/grouping_probe.py build/dev cuda-small 16 ${SMEMC_GROUPINGS:-test suite_variant variant} \
        > "$out/grouping.txt" 2>&1
      say "grouping_probe.py: exit $?"
      cat "$out/grouping.txt" | head -60 | tee -a "$summary" ;;
    repeat)
      timeout ${SMEMC_REPEAT_TIMEOUT:-500} ctest --test-dir build/dev -L '^cuda-small$' -j 16 --repeat "until-fail:${SMEMC_REPEAT:-3}" \
        --resource-spec-file "$PWD/ctest_config/resources-1gpu.json" --timeout 400 > "$out/ctest-repeat.log" 2>&1
      say "ctest -L cuda-small --repeat until-fail:${SMEMC_REPEAT:-3}: exit $?"
      totals "$out/ctest-repeat.log" ;;
    *)
      say "unknown step '$step'"; exit 2 ;;
  esac
  say "step $step: $(( $(date +%s) - start )) s"
done

# The device tool brings back at most 8 files: with SMEMC_TAR=1 everything
# but the summary travels as one archive.
if [ "${SMEMC_TAR:-0}" = 1 ]; then
  (cd "$out" && tar czf /tmp/smemc-all.tgz --exclude=summary.txt . && find . -type f ! -name summary.txt -delete &&
   find . -mindepth 1 -type d -empty -delete && mv /tmp/smemc-all.tgz all.tgz)
fi
