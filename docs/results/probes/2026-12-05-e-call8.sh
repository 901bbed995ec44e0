#!/usr/bin/env bash
# 2026-12-05 (e), call 8: the branch with SMEMC_SHARE_HOST_CORES OFF by
# default (call 7: the cap slowed the CUDA run, 54.0 s against 50.7 s):
# a fresh configure's CUDA run, a second sample of the run against its
# targets (<= 60 s, no process over 15 s); then the families' racecheck
# runs one at a time, each test's seconds in gtest's XML: call 7 found the
# sanitizer pass to be those runs (42.8 of the 64.0 s the 29 runs take one
# at a time; the pass at -j 8 40.2 s), so which checks their time goes to
# decides the next cut.
#   Here first: bash ../shared/device/fetch-deps.sh
#   run: carry [".deps"], timeout_s 200, command "bash docs/results/probes/2026-12-05-e-call8.sh"
#   (or "budget=<s> bash ...", timeout_s <s> + 10: the racecheck runs get
#   what is left)
set -uo pipefail
budget=${budget:-190}
: "${OUT:=$PWD/h200-logs}"
export OUT
mkdir -p "$OUT"
SMEMC_BENCH=OFF bash docs/results/h200_suite.sh build
SMEMC_CUDA_TIMEOUT=100 bash docs/results/h200_suite.sh cuda
mkdir -p "$OUT/racecheck-xml"
SMEMC_REQUIRE_DEVICE=1 GTEST_OUTPUT="xml:$OUT/racecheck-xml/" timeout $((budget - SECONDS)) \
  ctest --test-dir build/dev -R '^racecheck\.smemc_' -j 1 > "$OUT/racecheck-j1.log" 2>&1
echo "racecheck runs one at a time: exit $?" >> "$OUT/summary.txt"
grep -E "Test +#|Total Test" "$OUT/racecheck-j1.log" >> "$OUT/summary.txt"
for x in "$OUT"/racecheck-xml/*.xml; do
  python3 - "$x" >> "$OUT/summary.txt" <<'PY'
import sys, xml.etree.ElementTree as ET
cases = sorted(((float(c.get("time")), c.get("classname") + "." + c.get("name")) for c in ET.parse(sys.argv[1]).iter("testcase")), reverse=True)
print("==", sys.argv[1].rsplit("/", 1)[-1], len(cases), "tests,", round(sum(t for t, _ in cases), 2), "s")
for t, name in cases[:12]:
    print(f"{t:7.2f} {name}")
PY
done
(cd "$OUT" && tar czf /tmp/all.tgz --exclude=summary.txt . &&
 find . -type f ! -name summary.txt -delete &&
 find . -mindepth 1 -type d -empty -delete && mv /tmp/all.tgz all.tgz)
