#!/usr/bin/env bash
# Negative controls for sanitize.sh (CTest: selftest.sanitize_wrapper; no
# device, no compute-sanitizer): a stand-in tool that prints given report
# lines and exits with a given code, and a stand-in device probe that
# exits as told and leaves a mark when it runs. Each case states the exit
# code sanitize.sh must give (0 pass, 1 fail, 77 skipped, or the tool's
# own code for a failed clean run), and whether the probe must have run.
#   wrapper.sh <sanitize.sh> [<scratch folder>]
# (the stand-ins are executables: CTest gives a folder of the build tree,
# where a noexec /tmp cannot stop them)
set -u
wrapper=$1
dir=${2:-$(mktemp -d)}
mkdir -p "$dir" || exit 1
trap 'rm -rf "$dir"' EXIT
failures=0

# The probe: exits $PROBE_CODE (0 a device, 77 none), saying so; marks that it ran.
cat > "$dir/probe" <<'PROBE'
#!/usr/bin/env bash
touch "$PROBE_MARK"
case ${PROBE_CODE:-0} in
  0) echo "device 0 (stand-in)"; exit 0 ;;
  77) echo "no CUDA device (stand-in)"; exit 77 ;;
  *) echo "probe broke (stand-in)"; exit "$PROBE_CODE" ;;
esac
PROBE
# The tool: prints $TOOL_OUTPUT (its report lines), exits $TOOL_CODE.
cat > "$dir/tool" <<'TOOL'
#!/usr/bin/env bash
printf '%b' "${TOOL_OUTPUT:-}"
exit "${TOOL_CODE:-0}"
TOOL
chmod +x "$dir/probe" "$dir/tool"
export PROBE_MARK="$dir/probed"

# case <want exit> <probe: ran|not> <what> <env assignments...> -- <expect> <regex>
case_() {
  local want=$1 probe_want=$2 what=$3
  shift 3
  local assignments=()
  while [ "$1" != "--" ]; do assignments+=("$1"); shift; done
  shift
  rm -f "$PROBE_MARK"
  env -u SMEMC_REQUIRE_DEVICE "${assignments[@]}" \
    bash "$wrapper" "$dir/probe" "$1" "$2" 86 "$dir/tool" --tool racecheck -- program > "$dir/out" 2>&1
  local got=$? probed=not
  [ -e "$PROBE_MARK" ] && probed=ran
  if [ "$got" -ne "$want" ] || [ "$probed" != "$probe_want" ]; then
    echo "FAIL: $what: exit $got (expected $want), probe $probed (expected $probe_want)"
    sed 's/^/    /' "$dir/out"
    failures=$((failures + 1))
  else
    echo "ok:   $what: exit $got, probe $probed"
  fi
}

race='========= Warning: Race reported between Read access at k(int)+0x10 in a.cu:38\n=========     and Write access at k(int)+0x20 in a.cu:37 [4 hazards]\n'
other='========= Invalid __global__ write of size 4 bytes\n'
# Without SMEMC_REQUIRE_DEVICE: the probe decides a skip before the tool runs.
case_ 77 ran "no device, not required: skipped" PROBE_CODE=77 TOOL_CODE=0 -- clean -
case_ 1 ran "the probe itself broken: a failure" PROBE_CODE=3 TOOL_CODE=0 -- clean -
case_ 0 ran "a clean run" PROBE_CODE=0 TOOL_CODE=0 -- clean -
case_ 86 ran "a run with a report fails with the tool's code" PROBE_CODE=0 TOOL_CODE=86 "TOOL_OUTPUT=$other" -- clean -
case_ 1 ran "a clean run whose checks never ran" PROBE_CODE=0 TOOL_CODE=0 "TOOL_OUTPUT=nothing\n" -- clean "PASSED"
# With SMEMC_REQUIRE_DEVICE: the probe runs only after a failure, to say why.
case_ 0 not "required, a clean run: no probe" SMEMC_REQUIRE_DEVICE=1 PROBE_CODE=0 TOOL_CODE=0 -- clean -
case_ 0 not "required (on), a clean run: no probe" SMEMC_REQUIRE_DEVICE=On PROBE_CODE=0 TOOL_CODE=0 -- clean -
case_ 86 ran "required, a report: the probe after it" SMEMC_REQUIRE_DEVICE=1 PROBE_CODE=0 TOOL_CODE=86 \
  "TOOL_OUTPUT=$other" -- clean -
case_ 1 ran "required, no device: the probe's failure, not the tool's code" SMEMC_REQUIRE_DEVICE=yes PROBE_CODE=1 TOOL_CODE=86 \
  "TOOL_OUTPUT=$other" -- clean -
case_ 1 ran "required, a report, then a probe's 77: a failure, never a skip" SMEMC_REQUIRE_DEVICE=1 PROBE_CODE=77 TOOL_CODE=86 \
  "TOOL_OUTPUT=$other" -- clean -
case_ 1 ran "required, the program's 77: a failure" SMEMC_REQUIRE_DEVICE=1 PROBE_CODE=0 TOOL_CODE=77 -- clean -
case_ 1 ran "required, a clean run that had no device" SMEMC_REQUIRE_DEVICE=1 PROBE_CODE=1 TOOL_CODE=0 \
  "TOOL_OUTPUT=[ smemc    ] backend cuda: no CUDA device -> device tests FAIL (SMEMC_REQUIRE_DEVICE=1); workload full\n" -- clean -
case_ 77 ran "not required, the program's 77: skipped" PROBE_CODE=0 TOOL_CODE=77 -- clean -
case_ 77 ran "required=0 is not required: skipped" SMEMC_REQUIRE_DEVICE=0 PROBE_CODE=77 TOOL_CODE=0 -- clean -
# Canaries: the tool's error code and the planted report, both.
case_ 0 ran "a canary flagged" PROBE_CODE=0 TOOL_CODE=86 "TOOL_OUTPUT=$race" -- flagged "Race reported between"
case_ 1 ran "a canary not flagged (exit 0)" PROBE_CODE=0 TOOL_CODE=0 "TOOL_OUTPUT=$race" -- flagged "Race reported between"
case_ 1 ran "a canary flagged for something else" PROBE_CODE=0 TOOL_CODE=86 "TOOL_OUTPUT=$other" -- flagged "Race reported"
case_ 1 ran "required, a canary not flagged" SMEMC_REQUIRE_DEVICE=1 PROBE_CODE=0 TOOL_CODE=0 -- flagged "Race"
# Exhibits: exactly the expected finding, and its count.
case_ 0 ran "the expected finding" PROBE_CODE=0 TOOL_CODE=86 "TOOL_OUTPUT=$race" -- finding "a.cu:38 .*a.cu:37"
case_ 0 ran "the expected finding, counted" PROBE_CODE=0 TOOL_CODE=86 "TOOL_OUTPUT=$race$race" -- finding=1 "a.cu:38 .*a.cu:37"
case_ 1 ran "the finding's count changed" PROBE_CODE=0 TOOL_CODE=86 "TOOL_OUTPUT=$race" -- finding=2 "a.cu:38 .*a.cu:37"
case_ 1 ran "a finding beside the expected one" PROBE_CODE=0 TOOL_CODE=86 "TOOL_OUTPUT=$race$other" -- finding "a.cu:38"
case_ 1 ran "the expected finding missing" PROBE_CODE=0 TOOL_CODE=0 -- finding "a.cu:38"
case_ 1 ran "the error code but no report line" PROBE_CODE=0 TOOL_CODE=86 "TOOL_OUTPUT=nothing\n" -- finding "a.cu:38"
case_ 0 not "required, the expected finding: no probe" SMEMC_REQUIRE_DEVICE=1 PROBE_CODE=0 TOOL_CODE=86 "TOOL_OUTPUT=$race" \
  -- finding=1 "a.cu:38 .*a.cu:37"

if [ "$failures" -gt 0 ]; then
  echo "$failures case(s) failed"
  exit 1
fi
echo "every case as expected"
