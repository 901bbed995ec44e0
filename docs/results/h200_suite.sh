#!/usr/bin/env bash
# The H200 runs recorded in docs/results/. From the repository root on the
# GPU machine, after ../shared/device/fetch-deps.sh on the development
# machine (it unpacks rapidcheck, the OpenCL headers and ICD loader, and
# nvbench into .deps/, which travels with the tree):
#
#   bash docs/results/h200_suite.sh <step>...
#
# steps, in the order given:
#   build       cmake --preset dev (CUDA for the GPU present, OpenCL) and build
#   suite       ctest --preset dev with OpenCL on NVIDIA's platform: CUDA, the
#               OpenCL port on the H200, the spec and self-tests, the package
#               example, the cross-backend bitwise check
#   pocl        the OpenCL tests again on PoCL (SMEMC_OPENCL_PLATFORM=portable)
#   large       only the large checks (label large), CUDA and OpenCL on NVIDIA
#   package     only the CPU port built from the installed package
#   sanitizers  ctest --preset sanitizers (the four tools and their canaries)
#   mutants     tests/mutants/mutants.py build/dev (CUDA and OpenCL on NVIDIA)
# Logs land in $OUT (the device tool's output folder) or ./h200-logs; a
# summary is printed and kept in summary.txt.
set -uo pipefail
out=${OUT:-$PWD/h200-logs}
mkdir -p "$out"
deps="$PWD/.deps/usr"
summary="$out/summary.txt"
say() { echo "$*" | tee -a "$summary"; }

# NVIDIA's OpenCL beside PoCL's, through the ICD loader of .deps.
icd="$PWD/.deps/icd"
mkdir -p "$icd"
echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > "$icd/nvidia.icd"
cp /etc/OpenCL/vendors/*.icd "$icd/" 2>/dev/null
export OCL_ICD_VENDORS="$icd"
export LD_LIBRARY_PATH="$deps/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap --format=csv,noheader
  nvcc --version | tail -n 1
  cmake --version | head -n 1
  compute-sanitizer --version 2>/dev/null | tail -n 1
  echo "ICDs: $(ls "$icd" | tr '\n' ' ')"
} 2>&1 | tee -a "$summary"

for step in "$@"; do
  start=$(date +%s)
  case $step in
    build)
      { cmake --preset dev -DCMAKE_PREFIX_PATH="$deps" && cmake --build --preset dev; } > "$out/build.log" 2>&1 \
        || { grep -E "error|FAILED|Error" -A5 "$out/build.log" | head -80; exit 1; }
      grep -E "smem-conformance" "$out/build.log" | tee -a "$summary"
      rm -f "$out/build.log"
      for platform in nvidia portable; do
        say "OpenCL '$platform': $(SMEMC_OPENCL_PLATFORM=$platform build/dev/tests/opencl/smemc_reduce_opencl_tests --gtest_filter=NONE 2>&1 | head -n 1)"
      done ;;
    suite)
      SMEMC_OPENCL_PLATFORM=nvidia timeout 450 ctest --preset dev --timeout 420 > "$out/ctest-dev.log" 2>&1
      say "ctest --preset dev (OpenCL on nvidia): exit $?"
      cp build/dev/conformance-matrix.md "$out/matrix-dev.md" 2>/dev/null
      { grep -hE "^\[ property \]" build/dev/Testing/Temporary/LastTest.log
        awk '/^[0-9]+\/[0-9]+ Testing: /{name=$3} /% - /{print name ": " $0}' build/dev/Testing/Temporary/LastTest.log
      } > "$out/property-cases.txt" 2>/dev/null
      grep -E "tests passed|\(Failed\)|\(Timeout\)|Total Test time|Not Run|\(Skipped\)|exhibit" "$out/ctest-dev.log" | grep -v "Passed" | head -40 | tee -a "$summary"
      sed -n '/== backends in this run/,$p' "$out/ctest-dev.log" | tee -a "$summary" ;;
    pocl)
      SMEMC_OPENCL_PLATFORM=portable SMEMC_REQUIRE_DEVICE=1 timeout 300 \
        ctest --test-dir build/dev -L '^opencl-' -j 16 --timeout 280 > "$out/ctest-pocl.log" 2>&1
      say "ctest -L '^opencl-' on PoCL: exit $?"
      cp build/dev/conformance-matrix.md "$out/matrix-pocl.md" 2>/dev/null
      grep -E "tests passed|\(Failed\)|\(Timeout\)|Total Test time" "$out/ctest-pocl.log" | tee -a "$summary"
      sed -n '/== backends in this run/,$p' "$out/ctest-pocl.log" | tee -a "$summary" ;;
    large)
      SMEMC_OPENCL_PLATFORM=nvidia SMEMC_REQUIRE_DEVICE=1 timeout 330 \
        ctest --test-dir build/dev -L large --timeout 300 > "$out/ctest-large.log" 2>&1
      say "ctest -L large (OpenCL on nvidia): exit $?"
      grep -E "Test +#|tests passed|Total Test time" "$out/ctest-large.log" | tee -a "$summary" ;;
    package)
      timeout 200 ctest --test-dir build/dev -L package --timeout 180 > "$out/ctest-package.log" 2>&1
      say "ctest -L package: exit $?"
      grep -E "tests passed|example_port:|cpu-threads:" "$out/ctest-package.log" | tee -a "$summary" ;;
    sanitizers)
      timeout 400 ctest --preset sanitizers --timeout 380 > "$out/sanitizers.log" 2>&1
      say "ctest --preset sanitizers: exit $?"
      grep -E "tests passed|\(Failed\)|\(Timeout\)|Total Test time|canary flagged|NOT FLAGGED|SUMMARY" "$out/sanitizers.log" | head -60 | tee -a "$summary" ;;
    mutants)
      SMEMC_OPENCL_PLATFORM=nvidia timeout 420 python3 tests/mutants/mutants.py build/dev > "$out/mutants.txt" 2>&1
      say "mutants: exit $?"
      sed -n '/^| planted bug/,$p' "$out/mutants.txt" | tee -a "$summary" ;;
    *)
      say "unknown step '$step'"; exit 2 ;;
  esac
  say "step $step: $(( $(date +%s) - start )) s"
done
