#!/usr/bin/env bash
# Runs one program under compute-sanitizer for CTest.
#
#   sanitize.sh <probe> <expect> <regex|-> <exit-code> <compute-sanitizer> <tool args...> -- <program> <args...>
#
# <probe> --smemc-device-status exits 0 (device usable) or 77 (none: this
# script exits 77 and CTest reports the test skipped, or fails it when
# SMEMC_REQUIRE_DEVICE is set: the probe then exits 1). Any other exit of the
# probe is a failure.
# With SMEMC_REQUIRE_DEVICE set (the sanitizer presets), there is no skip
# to decide, so the probe runs only when the tool run fails, to say whether
# a missing device is why: a probe is a CUDA process of its own, and a
# tool pass ran one beside each of its 36 runs, on one GPU whose driver
# starts new processes one after another (docs/results/2026-12-05-b-h200.md).
# expect=clean    pass iff compute-sanitizer exits 0 (and, given a <regex>
#                 other than -, its output matches it: an exhibit's run shows
#                 that its checks ran).
# expect=flagged  a canary: pass iff compute-sanitizer exits <exit-code> (it
#                 reported something) and its output matches <regex> (it
#                 reported the planted hazard).
# expect=finding  an exhibit's expected finding, exactly: pass iff
#                 compute-sanitizer exits <exit-code> and every report it
#                 printed (a line "========= Error: ...", "Warning: ...",
#                 "Invalid ...", "Uninitialized ...", "Barrier ...",
#                 "Leaked ...", "Out-of-range ...", "Illegal ...", the
#                 summaries aside) matches <regex>: a missing finding, a new
#                 one or a different one fails. A report is read with its
#                 continuation ("=========     and Read access at ...",
#                 racecheck's second statement) joined to it, so the regex
#                 can pin both places.
# expect=finding=N  the same, and exactly N distinct reports (read with
#                 addresses and hazard counts left out): the finding's count,
#                 so that one more or one fewer hazard site fails too.
set -u
probe=$1 expect=$2 regex=$3 flagged_code=$4
distinct_expected=
if [[ $expect == finding=* ]]; then
  distinct_expected=${expect#finding=}
  expect=finding
fi
shift 4

# shellcheck source=device_probe.sh
source "$(dirname "$0")/device_probe.sh"
probe_deferred=0
case ${SMEMC_REQUIRE_DEVICE:-} in
  1 | [Yy][Ee][Ss] | [Tt][Rr][Uu][Ee] | [Oo][Nn]) probe_deferred=1 ;;
  *) probe_device_or_exit sanitize.sh "$probe" ;;
esac
# Ends a failed run. Where the probe was put off, it says first whether
# the device is why; a run that has failed never ends as a skip there (a
# probe's or the program's 77 is a failure: the device is required).
fail() {
  local code=${1:-1}
  if [ "$probe_deferred" -eq 1 ]; then
    probe_device_or_fail sanitize.sh "$probe"
    if [ "$code" -eq 77 ]; then
      echo "sanitize.sh: the run exited 77 (skipped), but SMEMC_REQUIRE_DEVICE is set"
      exit 1
    fi
  fi
  exit "$code"
}

log=$(mktemp)
trap 'rm -f "$log"' EXIT
start=$(date +%s)
"$@" 2>&1 | tee "$log"
code=${PIPESTATUS[0]}
echo "sanitize.sh: exit code $code after $(( $(date +%s) - start )) s"

case $expect in
  clean)
    # With a regex, the output must show it too (that the checks ran).
    if [ "$code" -eq 0 ] && [ "$regex" != "-" ] && ! grep -Eq -- "$regex" "$log"; then
      echo "sanitize.sh: NOTHING RAN: no line matching /$regex/"
      fail 1
    fi
    if [ "$code" -ne 0 ]; then fail "$code"; fi
    # Put off, the probe did not show a device: the test binaries' header
    # does (test_main.cpp), and says when there is none.
    if [ "$probe_deferred" -eq 1 ] && grep -q -- "device tests FAIL (SMEMC_REQUIRE_DEVICE=1)" "$log"; then
      echo "sanitize.sh: the run passed without a device, and SMEMC_REQUIRE_DEVICE is set"
      fail 1
    fi
    exit 0 ;;
  flagged)
    if [ "$code" -ne "$flagged_code" ]; then
      echo "sanitize.sh: CANARY NOT FLAGGED: expected exit code $flagged_code, got $code"
      fail 1
    fi
    if ! grep -Eq -- "$regex" "$log"; then
      echo "sanitize.sh: CANARY NOT FLAGGED: no report matching /$regex/"
      fail 1
    fi
    echo "sanitize.sh: canary flagged as expected (/$regex/)"
    exit 0 ;;
  finding)
    if [ "$code" -ne "$flagged_code" ]; then
      echo "sanitize.sh: EXPECTED FINDING MISSING: expected exit code $flagged_code, got $code"
      fail 1
    fi
    reports=$(awk '
      /^========= (Error|ERROR: Potential|Warning|Invalid|Uninitialized|Barrier|Leaked|Misaligned|Program hit|Out-of-range|Illegal|Hardware|Malloc|Free)/ && !/SUMMARY/ {
        if (rec != "") print rec; rec = $0; next }
      rec != "" && /^=========[[:space:]]+and / { s = $0; sub(/^=========[[:space:]]+/, "", s); rec = rec " " s; next }
      { if (rec != "") print rec; rec = "" }
      END { if (rec != "") print rec }' "$log")
    count=$(printf '%s\n' "$reports" | grep -c .)
    other=$(printf '%s\n' "$reports" | grep -Ev -- "$regex" | grep .)
    if [ "$count" -eq 0 ]; then
      echo "sanitize.sh: EXPECTED FINDING MISSING: no report line"
      fail 1
    fi
    if [ -n "$other" ]; then
      echo "sanitize.sh: A FINDING OTHER THAN THE EXPECTED ONE (/$regex/):"
      printf '%s\n' "$other" | sort | uniq -c | head -20
      fail 1
    fi
    distinct=$(printf '%s\n' "$reports" | sed -E 's/0x[0-9a-fA-F]+/ADDRESS/g; s/\[[0-9]+ hazards?\]//g' | sort -u | grep -c .)
    if [ -n "$distinct_expected" ] && [ "$distinct" -ne "$distinct_expected" ]; then
      echo "sanitize.sh: THE FINDING'S COUNT CHANGED: $distinct distinct reports, expected $distinct_expected:"
      printf '%s\n' "$reports" | sed -E 's/0x[0-9a-fA-F]+/ADDRESS/g; s/\[[0-9]+ hazards?\]//g' | sort | uniq -c | head -20
      fail 1
    fi
    echo "sanitize.sh: exactly the expected finding: $count reports ($distinct distinct), all matching /$regex/"
    printf '%s\n' "$reports" | sed -E 's/0x[0-9a-fA-F]+/ADDRESS/g; s/\[[0-9]+ hazards?\]//g' | sort | uniq -c | head -20
    exit 0 ;;
  *)
    echo "sanitize.sh: unknown expectation '$expect'"
    exit 2 ;;
esac
