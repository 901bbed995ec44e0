#!/usr/bin/env bash
# The H200 run recorded in docs/results/: configure and build with the dev
# preset, run the whole suite (sanitizer runs excluded), the four sanitizer
# presets with their canaries, and the planted-bug (mutation) runs. Logs land
# in $OUT (the device tool's output folder) or ./h200-logs.
#
# From the repository root on the GPU machine, after running
# ../shared/device/fetch-deps.sh on the development machine (it unpacks
# rapidcheck into .deps/, which travels with the tree):
#   bash docs/results/h200_suite.sh [build|suite|sanitizers|mutants|all]
# TOOLS (default: all four) and SANITIZER_TIMEOUT (seconds per tool, default
# 300) narrow the sanitizer part.
set -uo pipefail
what=${1:-all}
out=${OUT:-$PWD/h200-logs}
mkdir -p "$out"
want() { [ "$what" = all ] || [ "$what" = "$1" ]; }
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap --format=csv,noheader
  nvcc --version | tail -n 1
  cmake --version | head -n 1
  command -v compute-sanitizer && compute-sanitizer --version | tail -n 1
} 2>&1 | tee "$out/environment.txt"

start=$(date +%s)
{ cmake --preset dev -DCMAKE_PREFIX_PATH="$PWD/.deps/usr" && cmake --build --preset dev; } > "$out/build.log" 2>&1 \
  || { grep -E "error|FAILED|Error" -A5 "$out/build.log" | head -60; exit 1; }
grep -E "smem-conformance" "$out/build.log"
echo "configure + build: $(( $(date +%s) - start )) s"

if want suite; then
  start=$(date +%s)
  timeout 420 ctest --preset dev --timeout 400 > "$out/ctest-dev.log" 2>&1
  echo "ctest --preset dev: exit $? after $(( $(date +%s) - start )) s"
  cp build/dev/conformance-matrix.md "$out/" 2>/dev/null
  # Cases per property, then rapidcheck's classifications (RC_TAG/RC_CLASSIFY) per test.
  { grep -hE "^\[ property \]" build/dev/Testing/Temporary/LastTest.log
    awk '/^[0-9]+\/[0-9]+ Testing: /{name=$3} /% - /{print name ": " $0}' build/dev/Testing/Temporary/LastTest.log
  } > "$out/property-cases.txt" 2>/dev/null
  grep -E "tests passed|\*\*\*|\(Failed\)|\(Timeout\)|Total Test time|Not Run|\(Skipped\)" "$out/ctest-dev.log" | head -60
  sed -n '/== conformance matrix/,$p' "$out/ctest-dev.log"
fi

if want sanitizers; then
  : > "$out/sanitizers.log"
  for tool in ${TOOLS:-memcheck racecheck synccheck initcheck}; do
    start=$(date +%s)
    timeout "${SANITIZER_TIMEOUT:-300}" ctest --preset "$tool" >> "$out/sanitizers.log" 2>&1
    echo "ctest --preset $tool: exit $? after $(( $(date +%s) - start )) s"
  done
  grep -E "tests passed|Test +#" "$out/sanitizers.log"
  (cd build/dev && SMEMC_REQUIRE_GPU=1 ctest -L canary -V 2>&1 |
     grep -E "SUMMARY|Test +#|canary flagged|NOT FLAGGED|Race reported|Barrier error|Invalid __global__|Uninitialized" > "$out/canaries.txt")
  grep -E "SUMMARY|canary flagged|NOT FLAGGED" "$out/canaries.txt"
fi

if want mutants; then
  timeout 280 python3 tests/mutants/mutants.py build/dev > "$out/mutants.txt" 2>&1
  echo "mutants: exit $?"
  sed -n '/^| planted bug/,$p' "$out/mutants.txt"
fi
