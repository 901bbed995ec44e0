#!/usr/bin/env bash
# The sanitizer pass studied (issue 24: "the sanitizer runs in <= 30 s"),
# on the branch next-device-run. Written 2026-12-05 (d), when no machine was
# lent; not yet run. What 2026-12-05 (b) and (c) left open: the pass took
# 49-57 s at -j 4, 8 and 16 alike, while the histograms' initcheck, its
# longest run (37 s there), took 1.52 s alone. So the tool runs cost each
# other their time on the one GPU, and the pass's floor is the sum of what
# each costs alone, which nobody has measured. This call measures it:
#   1. the pass at the preset's -j 8 (the branch: runs ordered by COST,
#      the device probe put off under SMEMC_REQUIRE_DEVICE, the exhibits'
#      clean findings folded into their families' runs: 29 processes),
#      then with those exhibit runs separate again (36: a reconfigure);
#   2. the pass at -j 1: each run's own seconds, and their sum;
#   3. the pass at -j 2;
#   4. each tool's start on each binary with no test (what only fewer
#      processes save), and the device probes alone: the 36 a pass used
#      to start beside its runs, one at a time and 8 at a time (what
#      putting them off saves).
# Here first: bash ../shared/device/fetch-deps.sh
# run: carry [".deps"], timeout_s 540, command "bash docs/results/probes/2026-12-05-d-call6.sh"
set -uo pipefail
: "${OUT:=$PWD/h200-logs}"
export OUT
mkdir -p "$OUT"
extra="$OUT/extra.txt"
SMEMC_BENCH=OFF bash docs/results/h200_suite.sh build
# <log>: the runs by their seconds, longest first, and the sum.
runs() {
  grep -E "Test +#[0-9]+: " "$1" | sed -E 's/.*Test +#[0-9]+: ([^ ]+) .* ([0-9.]+) sec$/\2 \1/' | sort -rn |
    awk '{ s += $1; print } END { printf "sum of the runs: %.2f s over %d runs\n", s, NR }'
}
SMEMC_SANITIZERS_TIMEOUT=150 bash docs/results/h200_suite.sh sanitizers
{ echo "== -j 8 (the preset), exhibits folded"; runs "$OUT/sanitizers.log"; } | tee -a "$extra"
for f in "$OUT"/sanitizers.log*; do mv "$f" "${f/sanitizers.log/sanitizers-folded.log}"; done
mv "$OUT/timeline-sanitizers.md" "$OUT/timeline-sanitizers-folded.md"
cmake build/dev -DSMEMC_EXHIBIT_TOOL_RUNS=separate > /dev/null
SMEMC_SANITIZERS_TIMEOUT=150 bash docs/results/h200_suite.sh sanitizers
{ echo "== -j 8 (the preset), exhibits separate"; runs "$OUT/sanitizers.log"; } | tee -a "$extra"
cmake build/dev -DSMEMC_EXHIBIT_TOOL_RUNS=folded > /dev/null
SMEMC_SANITIZERS_JOBS=1 SMEMC_SANITIZERS_TIMEOUT=200 bash docs/results/h200_suite.sh sanitizers
{ echo "== -j 1"; runs "$OUT/sanitizers-j1.log"; } | tee -a "$extra"
if [ "$SECONDS" -lt 400 ]; then
  SMEMC_SANITIZERS_JOBS=2 SMEMC_SANITIZERS_TIMEOUT=120 bash docs/results/h200_suite.sh sanitizers
  { echo "== -j 2"; runs "$OUT/sanitizers-j2.log"; } | tee -a "$extra"
else
  echo "-j 2 left out: $SECONDS s used" | tee -a "$extra"
fi
# Each binary's start under each tool, with no test (the filter matches
# none): the part of a run that only fewer processes can save; the rest of
# its -j 1 seconds is its tests' launches.
{
  echo "== each tool's start on each binary, no test (s)"
  for binary in reduce histogram moving_average transpose smem_facts; do
    line="$binary"
    for tool in memcheck racecheck synccheck initcheck; do
      start=$EPOCHREALTIME
      timeout 60 compute-sanitizer --tool "$tool" --error-exitcode 86 --report-api-errors no \
        "build/dev/tests/smemc_${binary}_cuda_tests" --gtest_filter=NoSuchTest.none > /dev/null 2>&1
      line="$line $tool $(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }')"
    done
    echo "$line"
  done
} 2>&1 | tee -a "$extra"
probe=build/dev/tests/smemc_histogram_cuda_tests
{
  echo "== 36 device probes ($probe --smemc-device-status)"
  start=$EPOCHREALTIME
  for _ in $(seq 36); do "$probe" --smemc-device-status > /dev/null 2>&1; done
  awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "one at a time: %.2f s\n", b - a }'
  start=$EPOCHREALTIME
  seq 36 | xargs -P 8 -I{} sh -c "$probe --smemc-device-status > /dev/null 2>&1"
  awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "8 at a time: %.2f s\n", b - a }'
} 2>&1 | tee -a "$extra"
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt --exclude=extra.txt . &&
 find . -type f ! -name summary.txt ! -name extra.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
