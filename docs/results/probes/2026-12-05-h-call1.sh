#!/usr/bin/env bash
# 2026-12-05 (h), call 1: 0.6.1 on the GPU (session g's call 1, which never ran and is gone, its
# planted bugs before the baseline: the done-when's items first). The large moving-average
# checks keep a digest a 2^24-output chunk of the streamed model instead of
# 8.6 GB of means (session f's call 3: 2.2 million page faults a check, the
# three at once 12-17 s); the histograms' edge sweep stops one sample past
# a full kMaxBlocks grid.
#   - the CUDA run (its targets: <= 60 s, no process over 15 s);
#   - the sanitizer pass (<= 30 s);
#   then while the budget lasts, rebuilt here one at a time:
#   - the planted bugs of this change on the GPU (ma-large-digest-shifted)
#     and one its large checks must still catch (scan-divisor-exact);
#   - the histograms' planted bugs (hist-wide-second-load,
#     hist-lane-merge-short, hist-no-clear);
#   - last, where time is left (baseline=1), the same CUDA run with the means kept as before: the
#     digests' change to tests/moving_average/test_moving_average.cpp
#     taken back (2026-12-05-g-digests.patch, patch -R), the same card;
#   Here first: bash ../shared/device/fetch-deps.sh
#   The baseline builds through h200_suite.sh build, whose sums then say
#   that the binaries hold the means kept: the next call's build rebuilds
#   what the copied tree changes back. (Session (h) ran this probe, at
#   52168b2, with a bare cmake --build there: its next call ran those
#   stale binaries, docs/results/2026-12-05-h-h100.md.)
#   run: carry [".deps"], timeout_s 560, command "baseline=1 budget=<s> bash docs/results/probes/2026-12-05-h-call1.sh"
set -uo pipefail
budget=${budget:-550}
: "${OUT:=$PWD/h200-logs}"
export OUT
mkdir -p "$OUT"
extra="$OUT/extra.txt"
left() { echo $((budget - SECONDS)); }
SMEMC_BENCH=OFF bash docs/results/h200_suite.sh build
echo "built: $SECONDS s" | tee -a "$extra"
SMEMC_CUDA_TIMEOUT=120 bash docs/results/h200_suite.sh cuda
echo "cuda run done: $SECONDS s" | tee -a "$extra"
# The large checks' phases, from the run's own records.
grep -E "MovingAverageLarge|MovingAverageAtLimit\.large_limit/moving_average_scan|HistogramAll\.edge_sizes" "$OUT/suite-time.md" |
  head -40 | tee -a "$extra"
if [ "$(left)" -gt 90 ]; then
  SMEMC_SANITIZERS_TIMEOUT=80 bash docs/results/h200_suite.sh sanitizers
else
  echo "sanitizers left out: $SECONDS s used" | tee -a "$extra"
fi
mutant() {  # <id>: planted, rebuilt and run here
  if [ "$(left)" -gt 70 ]; then
    timeout $(( $(left) - 10 )) python3 tests/mutants/mutants.py run build/dev --only "$1" > "$OUT/mutant-$1.txt" 2>&1
    echo "mutant $1: exit $?, $SECONDS s" | tee -a "$extra"
    grep -E "^\| .*\| (caught|NOT CAUGHT|missed|error)" "$OUT/mutant-$1.txt" | tee -a "$extra"
  else
    echo "mutant $1 left out: $SECONDS s used" | tee -a "$extra"
  fi
}
mutant ma-large-digest-shifted
mutant scan-divisor-exact
for id in hist-wide-second-load hist-lane-merge-short hist-no-clear; do mutant "$id"; done
if [ "${baseline:-0}" = 1 ] && [ "$(left)" -gt 150 ]; then
  mkdir -p "$OUT/digests"
  mv "$OUT"/ctest-cuda.log "$OUT"/suite-time.md "$OUT"/suite-time.txt "$OUT"/timeline-cuda.md "$OUT/digests/" 2>/dev/null
  rm -f "$OUT"/*.samples "$OUT"/*.stamped "$OUT"/junit-cuda.xml "$OUT"/matrix-cuda.md
  patch -R -p1 < docs/results/probes/2026-12-05-g-digests.patch > /dev/null && SMEMC_BENCH=OFF bash docs/results/h200_suite.sh build > /dev/null 2>&1
  echo "== baseline: the means kept (digests taken back), rebuilt: exit $?, $SECONDS s" | tee -a "$extra"
  SMEMC_CUDA_TIMEOUT=$(( $(left) < 125 ? $(left) - 5 : 120 )) bash docs/results/h200_suite.sh cuda
  grep -E "MovingAverageLarge|MovingAverageAtLimit\.large_limit/moving_average_scan" "$OUT/suite-time.md" | head -10 | tee -a "$extra"
  mkdir -p "$OUT/means-kept"
  mv "$OUT"/ctest-cuda.log "$OUT"/suite-time.md "$OUT"/suite-time.txt "$OUT"/timeline-cuda.md "$OUT/means-kept/" 2>/dev/null
  patch -p1 < docs/results/probes/2026-12-05-g-digests.patch > /dev/null
else
  echo "baseline left out: $SECONDS s used" | tee -a "$extra"
fi
# Keep the output small: the tool drops files past a count.
rm -f "$OUT"/*.samples "$OUT"/*.stamped
echo "done: $SECONDS s" | tee -a "$extra"
