#!/usr/bin/env bash
# 2026-12-05 (f), call 1: the sanitizer pass with racecheck and synccheck
# on a row's first typing of each accumulator (",per_accumulator"), the
# cache-preference check out of the tool runs, and the sort's B = 1024 out
# of the reduced workload. Call 8 of (e) found racecheck's five runs to be
# 43.4 s of the pass one at a time, most of it typings of one accumulator.
#   - the pass at the preset's -j 8 (the target: <= 30 s);
#   then each while the budget lasts:
#   - the CUDA run (its targets: <= 60 s, no process over 15 s; the
#     fixtures' typing notes and the smem facts' test changed);
#   - the planted bug the racecheck run of the moving averages must catch
#     (cuda-seed-no-barrier: rebuilt here, a CTest check);
#   - (baseline=1) the same pass with every typing, as before;
#   - racecheck's options in this compute-sanitizer (--help);
#   - the racecheck runs one at a time, each test's seconds (gtest XML).
#   Here first: bash ../shared/device/fetch-deps.sh
#   run: carry [".deps"], timeout_s 420, command "bash docs/results/probes/2026-12-05-f-call1.sh"
set -uo pipefail
budget=${budget:-410}
: "${OUT:=$PWD/h200-logs}"
export OUT
mkdir -p "$OUT"
extra="$OUT/extra.txt"
SMEMC_BENCH=OFF bash docs/results/h200_suite.sh build
echo "built: $SECONDS s" | tee -a "$extra"
runs() {  # <log>: the runs by their seconds, longest first, and the sum
  grep -E "Test +#[0-9]+: " "$1" | sed -E 's/.*Test +#[0-9]+: ([^ ]+) .* ([0-9.]+) sec$/\2 \1/' | sort -rn |
    awk '{ s += $1; print } END { printf "sum of the runs: %.2f s over %d runs\n", s, NR }'
}
SMEMC_SANITIZERS_TIMEOUT=120 bash docs/results/h200_suite.sh sanitizers
{ echo "== sanitizers -j 8 (the preset)"; runs "$OUT/sanitizers.log"; } | tee -a "$extra"
# Then, each while the budget lasts: the CUDA run, the planted bug, the
# baseline pass, racecheck's runs one at a time.
left() { echo $((budget - SECONDS)); }
if [ "$(left)" -gt 75 ]; then
  SMEMC_CUDA_TIMEOUT=$(( $(left) < 100 ? $(left) - 5 : 100 )) bash docs/results/h200_suite.sh cuda
else
  echo "CUDA run left out: $SECONDS s used" | tee -a "$extra"
fi
if [ "$(left)" -gt 80 ]; then
  timeout $(( $(left) - 5 )) python3 tests/mutants/mutants.py run build/dev --only cuda-seed-no-barrier > "$OUT/mutants.txt" 2>&1
  echo "mutants run: exit $?" | tee -a "$extra"
  sed -n '/^| planted bug/,$p' "$OUT/mutants.txt" | tee -a "$extra"
else
  echo "planted bug left out: $SECONDS s used" | tee -a "$extra"
fi
# baseline=1 (a card whose earlier pass is not on record): the same pass
# with every typing under racecheck and synccheck, as before this change.
if [ "${baseline:-0}" = 1 ] && [ "$(left)" -gt 60 ]; then
  cmake build/dev -DSMEMC_TOOL_RUN_SELECTION_racecheck=@small,plain -DSMEMC_TOOL_RUN_SELECTION_synccheck=@small,plain > /dev/null
  mkdir -p "$OUT/kept" && mv "$OUT"/sanitizers.log* "$OUT"/timeline-sanitizers.md "$OUT/kept/" 2>/dev/null
  SMEMC_SANITIZERS_TIMEOUT=$(( $(left) - 5 )) bash docs/results/h200_suite.sh sanitizers
  { echo "== baseline: sanitizers -j 8, every typing under racecheck and synccheck"; runs "$OUT/sanitizers.log"; } | tee -a "$extra"
  mkdir -p "$OUT/every-typing" && mv "$OUT"/sanitizers.log* "$OUT"/timeline-sanitizers.md "$OUT/every-typing/" 2>/dev/null
  mv "$OUT"/kept/* "$OUT"/ && rmdir "$OUT/kept"
  cmake build/dev -USMEMC_TOOL_RUN_SELECTION_racecheck -USMEMC_TOOL_RUN_SELECTION_synccheck > /dev/null
fi
/usr/local/cuda/bin/compute-sanitizer --help 2>&1 | grep -iE -A1 "racecheck|kernel-name|kernel-regex|num-workers|patching" \
  > "$OUT/sanitizer-help.txt"
if [ "$(left)" -gt 35 ]; then
  mkdir -p "$OUT/racecheck-xml"
  SMEMC_REQUIRE_DEVICE=1 GTEST_OUTPUT="xml:$OUT/racecheck-xml/" timeout $(( $(left) - 5 )) \
    ctest --test-dir build/dev -R '^racecheck\.smemc_' -j 1 > "$OUT/racecheck-j1.log" 2>&1
  echo "racecheck runs one at a time: exit $?" | tee -a "$extra"
  grep -E "Test +#|Total Test" "$OUT/racecheck-j1.log" | tee -a "$extra"
  for x in "$OUT"/racecheck-xml/*.xml; do
    python3 - "$x" <<'PY' | tee -a "$extra"
import sys, xml.etree.ElementTree as ET
cases = sorted(((float(c.get("time")), c.get("classname") + "." + c.get("name")) for c in ET.parse(sys.argv[1]).iter("testcase")), reverse=True)
print("==", sys.argv[1].rsplit("/", 1)[-1], len(cases), "tests,", round(sum(t for t, _ in cases), 2), "s")
for t, name in cases[:8]:
    print(f"{t:7.2f} {name}")
PY
  done
else
  echo "racecheck one at a time left out: $SECONDS s used" | tee -a "$extra"
fi
echo "done: $SECONDS s" | tee -a "$extra"
