#!/usr/bin/env bash
# 2026-12-04 (d), call 1, for the next session with a device (this one had
# none): main's tree. The probes (2026-12-04-d-probes.sh: the look-back
# with 8 ... 32 floats a thread beside CUB, the transpose with more in
# flight beside memcpy); the CUDA suite with the large checks' model beside
# the device and the scan's carry-chunk sizes, and where its time went;
# the sanitizers; the rungs beside their references, the typed histograms
# beside CUB's HistogramEven on the same samples among them (bench_rungs:
# histogram_typed, reference_samples); what profile.counters' 16-18 s are
# without ncu (the profile target's cases run bare, timed); the longest
# sanitizer run's tests, each timed. About 7 minutes (estimated 360-520 s):
# the last two steps run only while there is time left, and everything
# printed here is kept in $OUT/extra.txt, outside the archive.
#   Here first: bash ../shared/device/fetch-deps.sh; then run with
#   carry [".deps"], timeout_s 600, command "bash docs/results/probes/2026-12-04-d-call1.sh"
set -uo pipefail
: "${OUT:=$PWD/h200-logs}"
export OUT
mkdir -p "$OUT"
extra="$OUT/extra.txt"
SMEMC_PROBE_TIMEOUT=90 bash docs/results/probes/2026-12-04-d-probes.sh
SMEMC_BENCH=ON SMEMC_CUDA_TIMEOUT=150 SMEMC_SANITIZERS_TIMEOUT=100 SMEMC_BENCH_TIMEOUT=150 \
  bash docs/results/h200_suite.sh build cuda sanitizers bench_rungs
{
  echo "== the sanitizer runs, longest first (s, test)"
  grep -E "^ *[0-9]+/[0-9]+ Test +#" "$OUT/sanitizers.log" | awk '{print $(NF-1), $4}' | sort -rn | head -8
  echo "== the CUDA run's slowest tests"
  awk '/slowest tests/ { f = 1 } /longest of its/ { f = 0 } f' "$OUT/suite-time.txt" | cut -c1-150 | head -16
} 2>&1 | tee -a "$extra"
# What profile.counters' cases cost without ncu (the target makes its
# inputs and launches each case once).
if [ "$SECONDS" -lt 500 ]; then
  target=build/dev/tests/profile/smemc_profile_target
  mapfile -t cases < <("$target" --list | awk '{print $1}')
  start=$(date +%s%N)
  timeout 90 "$target" "${cases[@]}" > "$OUT/profile-bare.log" 2>&1
  code=$?
  echo "profile target, ${#cases[@]} cases without ncu: exit $code, $(( ($(date +%s%N) - start) / 1000000 )) ms" | tee -a "$extra"
fi
# Where the longest sanitizer run (initcheck of the histograms, 37-43 s)
# spends its time: its own command again, alone, each test's time shown.
if [ "$SECONDS" -lt 480 ]; then
  cmd=$(ctest --test-dir build/dev -N -V -R '^initcheck\.smemc_histogram_cuda_tests$' | sed -n 's/^[0-9]*: Test command: //p')
  {
    echo "== initcheck of the histograms alone, each test's time (ms, test)"
    SMEMC_WORKLOAD=reduced SMEMC_RESULTS_DIR= timeout 80 bash -c "${cmd/ \"--gtest_brief=1\"/}" 2>&1 |
      sed -nE 's/^\[ +OK \] (.*) \(([0-9]+) ms\)$/\2 \1/p' | sort -rn | head -16
  } 2>&1 | tee -a "$extra"
else
  echo "initcheck rerun left out: $SECONDS s used" | tee -a "$extra"
fi
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt --exclude=probes.txt --exclude=extra.txt . &&
 find . -type f ! -name summary.txt ! -name probes.txt ! -name extra.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
