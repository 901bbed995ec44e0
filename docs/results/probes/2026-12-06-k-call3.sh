#!/usr/bin/env bash
# 2026-12-06 (k), call 3: every CUDA planted bug on the GPU (44: the last
# run of them all was 2026-12-04's, 33 then).
#   1. the 38 run on their test binaries, prebuilt on the development
#      machine in a build that compiles one unit a CUDA source, as a GPU
#      machine's build does:
#        cmake --preset ci -B build/mutants -DSMEMC_BUILD_GPU_ONLY=ON && cmake --build build/mutants
#        python3 tests/mutants/mutants.py prebuild build/mutants .mutants --only cuda
#        mkdir -p .mutpack && tar cJf .mutpack/m.tar.xz .mutants
#   2. the 6 a CTest test checks (the profile's traffic and counters, the
#      exhibits' pinned sanitizer findings), planted and rebuilt here in
#      the dev build: `mutants.py run build/dev --only <those>`.
# Only the tables come back ($OUT: mutants-prebuilt.txt, mutants-ctest.txt, extra.txt).
#   run: carry [".deps", ".mutpack"], timeout_s 590, command "bash docs/results/probes/2026-12-06-k-call3.sh"
set -uo pipefail
final=${OUT:-$PWD/h200-logs}
mkdir -p "$final"
work=$(mktemp -d)
export OUT="$work"
extra="$final/extra.txt"
nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap --format=csv,noheader 2>&1 | tee -a "$extra"
tar xJf .mutpack/m.tar.xz
echo "prebuilt binaries: $(ls .mutants | wc -l)" | tee -a "$extra"
timeout 200 python3 tests/mutants/mutants.py prebuilt .mutants > "$work/prebuilt.txt" 2>&1
echo "prebuilt: exit $? at $SECONDS s" | tee -a "$extra"
sed -n '/^| planted bug/,$p' "$work/prebuilt.txt" > "$final/mutants-prebuilt.txt"
grep -E "^--- .*(NOT CAUGHT|could not|no prebuilt)" "$work/prebuilt.txt" | tee -a "$extra"
tail -n 1 "$final/mutants-prebuilt.txt" | tee -a "$extra"
SMEMC_BENCH=OFF bash docs/results/h200_suite.sh build > /dev/null
echo "built: $SECONDS s" | tee -a "$extra"
timeout 300 python3 tests/mutants/mutants.py run build/dev --only lookback-in-place transpose-traffic-twice \
  32x8-padding-dropped hist-privatised-global cuda-legacy-tail-short cuda-seed-no-barrier > "$work/ctest.txt" 2>&1
echo "ctest-checked: exit $? at $SECONDS s" | tee -a "$extra"
sed -n '/^| planted bug/,$p' "$work/ctest.txt" > "$final/mutants-ctest.txt"
tail -n 1 "$final/mutants-ctest.txt" | tee -a "$extra"
grep -E "^--- " "$work/ctest.txt" | cut -c1-200 | tee -a "$extra"
rm -rf "$work"
