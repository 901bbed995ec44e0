#!/usr/bin/env bash
# 2026-12-06 (k), call 4: the 38 prebuilt CUDA planted bugs again. In call 3
# none could start: the binaries, built on the development machine, link
# its system oneTBB (libtbb.so.12), which this machine has only in .deps
# (`error while loading shared libraries: libtbb.so.12`; mutants.py counted
# each as NOT CAUGHT, 0 of 38). Now through h200_suite.sh's mutants step,
# which puts .deps' oneTBB on LD_LIBRARY_PATH.
# Only the table comes back ($OUT: mutants-prebuilt.txt, extra.txt).
#   run: carry [".deps", ".mutpack"], timeout_s 400, command "bash docs/results/probes/2026-12-06-k-call4.sh"
set -uo pipefail
final=${OUT:-$PWD/h200-logs}
mkdir -p "$final"
work=$(mktemp -d)
export OUT="$work"
extra="$final/extra.txt"
nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap --format=csv,noheader 2>&1 | tee -a "$extra"
tar xJf .mutpack/m.tar.xz
echo "prebuilt binaries: $(ls .mutants | wc -l)" | tee -a "$extra"
SMEMC_MUTANTS_TIMEOUT=330 bash docs/results/h200_suite.sh mutants > /dev/null
echo "mutants step done at $SECONDS s" | tee -a "$extra"
cp "$work/mutants.txt" "$final/mutants-run.txt" 2>/dev/null
sed -n '/^| planted bug/,$p' "$work/mutants.txt" > "$final/mutants-prebuilt.txt"
grep -E "^--- .*\[cuda" "$work/mutants.txt" | cut -c1-220 | tee -a "$extra"
tail -n 1 "$final/mutants-prebuilt.txt" | tee -a "$extra"
rm -rf "$work"
