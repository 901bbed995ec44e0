#!/usr/bin/env bash
# 2026-12-05 (f), call 3: where the large moving-average checks' time goes.
# Call 1's CUDA run (57.45 s) had the three streamed-model checks over the
# 15 s a process target (16.65, 16.19, 15.58 s), their model phases 6.6,
# 12.1 and 10.5 s; call 7 of (e) had them at 14.71, 13.95 and 13.78 s. The
# models are parallel (parallel_ranges), yet 16 threads against 3 made
# the scan's large_n model only 1.3 times faster (8.93 against 11.76 s):
# something else than the cores bounds it. Here, each of the three alone,
# one after another, under /usr/bin/time (user, system, page faults, peak
# memory), each also with glibc's malloc asking for huge pages, then the
# three at once; the host's transparent huge pages and
# memory; then the CUDA run again while the budget lasts.
#   Here first: bash ../shared/device/fetch-deps.sh
#   run: carry [".deps"], timeout_s 310, command "budget=300 bash docs/results/probes/2026-12-05-f-call3.sh"
# (Run on 2026-12-05 with budget=140: its logs of the three at once were
# named by the test's last part, and two checks shared one; named by the
# whole test since.)
set -uo pipefail
budget=${budget:-300}
: "${OUT:=$PWD/h200-logs}"
export OUT
mkdir -p "$OUT"
extra="$OUT/extra.txt"
SMEMC_BENCH=OFF bash docs/results/h200_suite.sh build > /dev/null 2>&1
echo "built: $SECONDS s" | tee -a "$extra"
{
  echo "== host"
  cat /sys/kernel/mm/transparent_hugepage/enabled /sys/kernel/mm/transparent_hugepage/defrag 2>&1
  free -g | head -2
  nproc
} | tee -a "$extra"
ma=build/dev/tests/smemc_moving_average_cuda_tests
checks=(moving_average/MovingAverageAtLimit.large_limit/moving_average_scan_f32
        moving_average/MovingAverageLarge.large_n/moving_average_scan_f32
        moving_average/MovingAverageLarge.large_n/moving_average_lookback_f32)
# Each alone, as built, then with glibc's malloc asking for transparent
# huge pages on its large allocations (GLIBC_TUNABLES=glibc.malloc.hugetlb=1:
# madvise(MADV_HUGEPAGE); an environment switch, nothing of the host's
# settings changed): the models write 8.6 GB of freshly allocated means.
for c in "${checks[@]}"; do
  for tunables in "" "glibc.malloc.hugetlb=1"; do
    echo "== alone: $c ${tunables:+($tunables)}" | tee -a "$extra"
    GLIBC_TUNABLES=$tunables SMEMC_REQUIRE_DEVICE=1 SMEMC_RESULTS_DIR= \
      /usr/bin/time -f "wall %e s, user %U s, system %S s, minor faults %R, major %F, peak RSS %M KB" \
      timeout 60 "$ma" --gtest_filter="$c" 2>&1 | grep -E "OK|FAILED|wall|phase" | tee -a "$extra"
  done
done
echo "== the three at once" | tee -a "$extra"
for c in "${checks[@]}"; do
  SMEMC_REQUIRE_DEVICE=1 SMEMC_RESULTS_DIR= /usr/bin/time -f "$c: wall %e s, user %U s, system %S s, minor faults %R" \
    timeout 90 "$ma" --gtest_filter="$c" > "$OUT/three-$(echo "$c" | tr '/.' '__').log" 2>&1 &
done
wait
tail -qn1 "$OUT"/three-*.log | tee -a "$extra"
if [ $((budget - SECONDS)) -gt 75 ]; then
  SMEMC_CUDA_TIMEOUT=$(( budget - SECONDS - 5 < 100 ? budget - SECONDS - 5 : 100 )) bash docs/results/h200_suite.sh cuda
  grep -E "Total Test time|ctest:" "$OUT/ctest-cuda.log" | tee -a "$extra"
  awk '/longest of its/ { f = 1 } f' "$OUT/suite-time.txt" | head -8 | tee -a "$extra"
  python3 ctest_config/suite_time.py build/dev --top 4 2>&1 | sed -n '/slowest tests/,/^$/p' | head -8 | tee -a "$extra"
else
  echo "CUDA run left out: $SECONDS s used" | tee -a "$extra"
fi
rm -f "$OUT"/*.samples "$OUT"/*.stamped
echo "done: $SECONDS s" | tee -a "$extra"
