# shellcheck shell=bash
# Sourced by the tool wrappers (sanitize.sh, oclgrind.sh):
#   probe_device_or_exit <name> <command...>
# runs `<command...> --smemc-device-status`: exit 77 (CTest: skipped) when the
# program has no usable device, 1 when the probe fails otherwise (with
# SMEMC_REQUIRE_DEVICE set, the program's probe itself exits 1), and
# returns when a device is usable.
#   probe_device_or_fail <name> <command...>
# the same, but no usable device exits 1 too: after a run has failed, where
# a skip would hide the failure.
probe_device() {
  local name=$1 no_device_code=$2
  shift 2
  local status code
  status=$("$@" --smemc-device-status 2>&1)
  code=$?
  if [ "$code" -eq 77 ] && [ "$no_device_code" -eq 77 ]; then
    echo "SMEMC_SKIPPED: $status"
    exit 77
  elif [ "$code" -ne 0 ]; then
    echo "$name: the device probe '$* --smemc-device-status' failed with exit code $code: $status"
    exit 1
  fi
}
probe_device_or_exit() { probe_device "$1" 77 "${@:2}"; }
probe_device_or_fail() { probe_device "$1" 1 "${@:2}"; }
