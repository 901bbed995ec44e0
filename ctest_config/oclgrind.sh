#!/usr/bin/env bash
# Runs one OpenCL program under Oclgrind for CTest.
#
#   oclgrind.sh <expect> <regex|-> <oclgrind> <oclgrind args...> -- <program> <args...>
#
# Oclgrind simulates an OpenCL device and reports, among others, data races
# in global and local memory (--data-races), reads of uninitialised values
# (--uninitialized), out-of-bounds accesses (always) and API misuse
# (--check-api). It has no error exit code of its own, so this script reads
# its report: every kernel diagnostic names the kernel on a "Kernel:" line,
# API errors say "OpenCL runtime error".
# expect=clean    pass iff the program exits 0 and Oclgrind reported nothing.
# expect=flagged  a canary: pass iff Oclgrind reported something matching
#                 <regex> (it saw the planted hazard).
# expect=finding  an exhibit's expected finding, exactly: pass iff Oclgrind
#                 reported something and every report, read as its first line
#                 and its "Kernel:" line joined by a space, then " | " and
#                 each entity's source statement, matches <regex>,
#                 and the program exits 0: a missing finding, a new one, a
#                 different one or a crash fails.
# expect=finding=N  the same, and exactly N distinct reports (read with
#                 their addresses left out): the finding's count, the
#                 number of distinct statement pairs.
# The program's own --smemc-device-status decides a skip (exit 77) first,
# under Oclgrind too (its device is the one the program will see).
set -u
expect=$1 regex=$2
shift 2
distinct_expected=
if [[ $expect == finding=* ]]; then
  distinct_expected=${expect#finding=}
  expect=finding
fi
oclgrind=$1
args=()
shift
while [ $# -gt 0 ] && [ "$1" != "--" ]; do args+=("$1"); shift; done
shift
program=$1

# shellcheck source=device_probe.sh
source "$(dirname "$0")/device_probe.sh"
probe_device_or_exit oclgrind.sh "$oclgrind" "$program"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
start=$(date +%s)
"$oclgrind" "${args[@]}" "$@" 2>&1 | tee "$log"
code=${PIPESTATUS[0]}
reports=$(grep -cE "^[[:space:]]+Kernel: |OpenCL runtime error" "$log")
echo "oclgrind.sh: exit code $code, $reports Oclgrind reports, after $(( $(date +%s) - start )) s"

case $expect in
  clean)
    if [ "$reports" -ne 0 ]; then
      echo "oclgrind.sh: Oclgrind reported a hazard in a conforming run (see above)"
      exit 1
    fi
    exit "$code" ;;
  flagged)
    # One line: the report and the "Kernel:" line naming the planted kernel
    # are several lines apart.
    if ! tr '\n' ' ' < "$log" | grep -Eq -- "$regex"; then
      echo "oclgrind.sh: CANARY NOT FLAGGED: no report matching /$regex/"
      exit 1
    fi
    echo "oclgrind.sh: canary flagged as expected (/$regex/)"
    exit 0 ;;
  finding)
    # A kernel diagnostic: the message, then a tab-indented "Kernel:" line,
    # then for each entity an "At line ..." line and its source statement:
    # read as "<message> Kernel: <k> | <statement> | <statement>", so that
    # the regex pins where the hazard is, not only what and in which kernel.
    findings=$(awk '
      /^[[:space:]]+Kernel: / { if (rec != "") print rec; k = $0; sub(/^[[:space:]]+/, "", k); rec = previous " " k; grab = 0; next }
      rec != "" && /^[[:space:]]+At line / { grab = 1; next }
      rec != "" && grab { s = $0; sub(/^[[:space:]]+/, "", s); rec = rec " | " s; grab = 0; next }
      { previous = $0 }
      END { if (rec != "") print rec }' "$log")
    runtime=$(grep -c "OpenCL runtime error" "$log")
    count=$(printf '%s\n' "$findings" | grep -c .)
    other=$(printf '%s\n' "$findings" | grep -Ev -- "$regex" | grep .)
    if [ "$count" -eq 0 ]; then
      echo "oclgrind.sh: EXPECTED FINDING MISSING: no report"
      exit 1
    fi
    if [ "$code" -ne 0 ]; then
      echo "oclgrind.sh: the program failed (exit code $code) beside the expected finding"
      exit 1
    fi
    if [ -n "$other" ] || [ "$runtime" -ne 0 ]; then
      echo "oclgrind.sh: A FINDING OTHER THAN THE EXPECTED ONE (/$regex/):"
      printf '%s\n' "$other" | sed 's/address 0x[0-9a-f]*/address …/' | sort | uniq -c | head -20
      [ "$runtime" -eq 0 ] || echo "  $runtime OpenCL runtime errors"
      exit 1
    fi
    normalise() { sed -E 's/0x[0-9a-fA-F]+/ADDRESS/g'; }
    distinct=$(printf '%s\n' "$findings" | normalise | sort -u | grep -c .)
    if [ -n "$distinct_expected" ] && [ "$distinct" -ne "$distinct_expected" ]; then
      echo "oclgrind.sh: THE FINDING'S COUNT CHANGED: $distinct distinct reports, expected $distinct_expected:"
      printf '%s\n' "$findings" | normalise | sort | uniq -c | head -20
      exit 1
    fi
    echo "oclgrind.sh: exactly the expected finding: $count reports ($distinct distinct), all matching /$regex/"
    printf '%s\n' "$findings" | normalise | sort | uniq -c | head -20
    exit 0 ;;
  *)
    echo "oclgrind.sh: unknown expectation '$expect'"
    exit 2 ;;
esac
