#!/usr/bin/env bash
# 2026-12-05 (c), call 1: where the CUDA run's 77 s go, second by second
# (ctest_config/timeline.py: the tests running, the host's CPU busy), on
# the tree as it was (a small batch a row) and with two rows a small batch
# (SMEMC_BATCH_ROWS=2); profile.counters with its inputs made over the
# cores, and the profile target's own time without ncu; the sanitizers at
# -j 8 (the preset), 16 and 4.
#   Here first: bash ../shared/device/fetch-deps.sh
#   run: carry [".deps"], timeout_s 590, command "bash docs/results/probes/2026-12-05-c-call1.sh"
set -uo pipefail
: "${OUT:=$PWD/h200-logs}"
export OUT
mkdir -p "$OUT"
extra="$OUT/extra.txt"
SMEMC_BENCH=OFF bash docs/results/h200_suite.sh build
cmake build/dev -DSMEMC_BATCH_ROWS=1 > /dev/null && cmake --build build/dev > /dev/null 2>&1
SMEMC_CUDA_TIMEOUT=150 bash docs/results/h200_suite.sh cuda
mkdir -p "$OUT/rows1" && mv "$OUT"/ctest-cuda.log* "$OUT"/suite-time.* "$OUT"/timeline-cuda.md "$OUT"/junit-cuda.xml "$OUT/rows1/"
{
  echo "== rows 1: the run second by second"
  head -40 "$OUT/rows1/timeline-cuda.md"
  tail -14 "$OUT/rows1/timeline-cuda.md"
} | tee -a "$extra"
# The profile target alone: its cases without ncu, on an otherwise idle GPU.
target=build/dev/tests/profile/smemc_profile_target
cases=$("$target" --list | awk '{ print $1 }')
TIMEFORMAT='%R s'
echo "profile target alone, every case, no ncu: $( { time "$target" $cases > /dev/null; } 2>&1 )" | tee -a "$extra"
echo "one CUDA process that does nothing (the device probe): $( { time "$target" --smemc-device-status > /dev/null; } 2>&1 )" |
  tee -a "$extra"
# Two rows a small batch: the batch files are written when the binaries link.
start=$(date +%s)
cmake build/dev -DSMEMC_BATCH_ROWS=2 > /dev/null && cmake --build build/dev > "$OUT/rebuild.log" 2>&1
echo "reconfigure and relink for 2 rows: exit $?, $(( $(date +%s) - start )) s" | tee -a "$extra"
SMEMC_CUDA_TIMEOUT=150 bash docs/results/h200_suite.sh cuda
mkdir -p "$OUT/rows2" && mv "$OUT"/ctest-cuda.log* "$OUT"/suite-time.* "$OUT"/timeline-cuda.md "$OUT"/junit-cuda.xml "$OUT/rows2/"
{
  echo "== rows 2: the run second by second"
  head -40 "$OUT/rows2/timeline-cuda.md"
  tail -14 "$OUT/rows2/timeline-cuda.md"
  echo "== rows 2: the longest processes"
  awk '/longest of its/ { f = 1 } f' "$OUT/rows2/suite-time.txt" | head -24
} | tee -a "$extra"
for jobs in 8 16 4; do
  [ "$SECONDS" -lt 470 ] || { echo "sanitizers -j $jobs left out: $SECONDS s used" | tee -a "$extra"; continue; }
  SMEMC_SANITIZERS_JOBS=$jobs SMEMC_SANITIZERS_TIMEOUT=100 bash docs/results/h200_suite.sh sanitizers
done
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt --exclude=extra.txt . &&
 find . -type f ! -name summary.txt ! -name extra.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
