#!/usr/bin/env bash
# bench/compare_baseline.sh NEW.json [nvbench_compare options...]
#
# Compares a smemc_bench run (its --json file) with the committed baseline,
# docs/results/bench/baseline.json (the first recorded H200 run), through
# nvbench's own nvbench_compare.py (shipped in the cuda-bench wheel), and
# exits 1 when any state regressed: slower than the baseline by more than
# both the noise of the two runs (nvbench_compare's SLOW) and the threshold.
#
#   0  no regression          1  regressions (listed)
#   2  no baseline, no nvbench_compare, a missing Python package, or
#      nvbench_compare stopped (different devices: pass --ignore-devices
#      to compare anyway)
#
# Why not nvbench_compare's exit status: it is the count of states that
# differ beyond the noise, faster ones included (and taken modulo 256).
#
# Environment:
#   SMEMC_BENCH_THRESHOLD  slowdown that counts, as a fraction (default 0.05:
#                          5 %; nvbench_compare's --threshold-diff)
#   SMEMC_BENCH_BASELINE   another baseline file
#   NVBENCH_COMPARE        another nvbench_compare.py (default: the wheel's,
#                          .deps/cuda-bench/cuda/bench/scripts/)
#   PYTHON                 the interpreter (default python3)
# Python packages nvbench_compare.py needs: tabulate (its tables) always,
# jsondiff when the two runs' device sections differ; colorama only for
# colour, which this script turns off (--no-color). All three:
#   python3 -m pip install tabulate jsondiff colorama   (or 'cuda-bench[compare]')
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
baseline=${SMEMC_BENCH_BASELINE:-$root/docs/results/bench/baseline.json}
compare=${NVBENCH_COMPARE:-$root/.deps/cuda-bench/cuda/bench/scripts/nvbench_compare.py}
threshold=${SMEMC_BENCH_THRESHOLD:-0.05}
python=${PYTHON:-python3}

fail() { echo "compare_baseline: $*" >&2; exit 2; }

[[ $# -ge 1 ]] || fail "usage: bench/compare_baseline.sh NEW.json [nvbench_compare options...]"
new=$1
shift
[[ -f $new ]] || fail "no such run: $new"
[[ -f $baseline ]] || fail "no baseline at $baseline: it is the first recorded H200 run (docs/results/bench/README.md)"
[[ -f $compare ]] || fail "nvbench_compare.py not found at $compare: unpack the cuda-bench wheel (../shared/device/fetch-deps.sh) or set NVBENCH_COMPARE"
"$python" -c "import tabulate" 2>/dev/null \
  || fail "nvbench_compare.py needs the Python package tabulate: $python -m pip install tabulate jsondiff"

report=$(mktemp)
trap 'rm -f "$report"' EXIT
# Its exit status counts differences (above), so it is not what decides here.
"$python" "$compare" --no-color --threshold-diff "$threshold" "$@" "$baseline" "$new" | tee "$report" || true

grep -q '^# Summary' "$report" \
  || fail "nvbench_compare did not finish (see above; runs on different devices need --ignore-devices, and jsondiff)"
# The tables list only the states whose difference reaches the threshold;
# SLOW marks those slower beyond the noise.
regressions=$(grep -c 'SLOW' "$report" || true)
if [[ $regressions -gt 0 ]]; then
  echo "compare_baseline: $regressions state(s) slower than $baseline by more than ${threshold} and the noise" >&2
  exit 1
fi
echo "compare_baseline: no state slower than the baseline by more than ${threshold} and the noise"
