#!/usr/bin/env bash
# The H200 run recorded in docs/results/: configure and build with the dev
# preset, run the whole suite (sanitizer runs excluded), then the four
# sanitizer presets. Logs land in $OUT (the device tool's output folder) or
# ./h200-logs. Usage, from the repository root on the GPU machine, after
# ../shared/device/fetch-deps.sh here:
#   bash docs/results/h200_suite.sh [build|suite|sanitizers|all]
# TOOLS (default: all four) and SANITIZER_TIMEOUT (seconds per tool, default
# 300) narrow the sanitizer part.
set -uo pipefail
what=${1:-all}
out=${OUT:-$PWD/h200-logs}
mkdir -p "$out"
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap --format=csv,noheader
  nvcc --version | tail -n 1
  cmake --version | head -n 1
  command -v compute-sanitizer && compute-sanitizer --version | tail -n 1
} 2>&1 | tee "$out/environment.txt"

start=$(date +%s)
cmake --preset dev -DCMAKE_PREFIX_PATH="$PWD/.deps/usr" > "$out/configure.log" 2>&1 || { tail -30 "$out/configure.log"; exit 1; }
grep -E "smem-conformance" "$out/configure.log"
cmake --build --preset dev > "$out/build.log" 2>&1 || { grep -E "error|FAILED" -A5 "$out/build.log" | head -60; exit 1; }
echo "configure + build: $(( $(date +%s) - start )) s"

if [ "$what" = suite ] || [ "$what" = all ]; then
  start=$(date +%s)
  timeout 420 ctest --preset dev --timeout 400 > "$out/ctest-dev.log" 2>&1
  echo "ctest --preset dev: exit $? after $(( $(date +%s) - start )) s"
  cp build/dev/conformance-matrix.md "$out/" 2>/dev/null
  cp build/dev/junit.xml "$out/junit-dev.xml" 2>/dev/null
  grep -E "^\[ property \]" build/dev/Testing/Temporary/LastTest.log > "$out/property-cases.txt" 2>/dev/null
  grep -E "tests passed|FAILED|Failed|\(Timeout\)|Total Test time|Not Run|Skipped" "$out/ctest-dev.log" | head -60
  sed -n '/== conformance matrix/,$p' "$out/ctest-dev.log"
fi

if [ "$what" = sanitizers ] || [ "$what" = all ]; then
  for tool in ${TOOLS:-memcheck racecheck synccheck initcheck}; do
    start=$(date +%s)
    timeout "${SANITIZER_TIMEOUT:-300}" ctest --preset "$tool" > "$out/ctest-$tool.log" 2>&1
    echo "ctest --preset $tool: exit $? after $(( $(date +%s) - start )) s"
    grep -E "tests passed|\(Failed\)|\(Timeout\)|Skipped|Test +#.*sec" "$out/ctest-$tool.log" | head -30
  done
fi
