#!/usr/bin/env bash
# (Never run: superseded by docs/results/probes/2026-12-05-call1.sh to call4.sh, which ran the branch, staged, on 2026-12-05.)
# 2026-12-04 (d), call 2, for the next session with a device: the branch
# lookback-items (0.6.0: the look-back's tile of 24B). The CUDA suite and
# the sanitizers on it, the rungs beside CUB and memcpy (bench_rungs: the
# look-back at 2^28, B = 256 and 1024), and the look-back's two planted
# bugs, prebuilt on the development machine on this tree; and whether the
# driver creates the CUDA processes' contexts one at a time:
#   python3 tests/mutants/mutants.py prebuild build/ci .mutants --only lookback-inclusive lookback-blockidx-tile
#   mkdir -p .mutpack && tar cJf .mutpack/m.tar.xz .mutants
# then run: carry [".deps", ".mutpack"], timeout_s 600,
#   command "bash docs/results/probes/2026-12-04-d-call2.sh"
set -uo pipefail
: "${OUT:=$PWD/h200-logs}"
export OUT
mkdir -p "$OUT"
extra="$OUT/extra.txt"
tar xJf .mutpack/m.tar.xz
SMEMC_BENCH=ON bash docs/results/h200_suite.sh build
# Is a CUDA process's start serialised by the driver? (2026-12-01: a probe
# alone 0.3 s, 32 of them 16 at a time 6.35 s.) The run's 333 CUDA
# processes at 0.2 s each would be 67 s of its 76. The device probe, 16
# and 64 processes at 1, 4 and 16 at a time (first: it takes 30 s).
probe=build/dev/tests/smemc_reduce_cuda_tests
TIMEFORMAT='%R s'
for np in "16 1" "16 4" "16 16" "64 16"; do
  set -- $np
  echo "device probes: $1 processes, $2 at a time: $( { time (seq "$1" | xargs -P"$2" -I{} "$probe" --smemc-device-status > /dev/null); } 2>&1 )" |
    tee -a "$extra"
done
SMEMC_CUDA_TIMEOUT=200 SMEMC_SANITIZERS_TIMEOUT=120 SMEMC_BENCH_TIMEOUT=150 SMEMC_MUTANTS_TIMEOUT=100 \
  SMEMC_MUTANTS_ONLY="lookback-inclusive lookback-blockidx-tile" \
  bash docs/results/h200_suite.sh cuda sanitizers bench_rungs mutants
grep -E "lookback" "$OUT/suite-time.txt" | cut -c1-150 | head -12 | tee -a "$extra"
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt --exclude=extra.txt . &&
 find . -type f ! -name summary.txt ! -name extra.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
