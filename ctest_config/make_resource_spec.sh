#!/usr/bin/env bash
# Writes a CTest resource spec for the GPUs nvidia-smi sees, SMEMC_GPU_SLOTS
# slots each (16 unless set; the build's cache variable of that name must
# match: a small device test takes 1 slot, a large one all of them where one
# runs at a time, else floor(slots / (k + 1)) + 1 for k at once
# (SMEMC_LARGE_CHECKS_PER_GPU), a profile check all of them):
#   bash ctest_config/make_resource_spec.sh > build/gpus.json
#   ctest --preset dev --resource-spec-file build/gpus.json
# Each test then runs on the GPU CTest assigns it (CTEST_RESOURCE_GROUP_0_GPUS).
set -euo pipefail
slots=${SMEMC_GPU_SLOTS:-16}
if ! [[ $slots =~ ^[1-9][0-9]*$ ]]; then
  echo "make_resource_spec.sh: SMEMC_GPU_SLOTS must be a positive number, not '$slots'" >&2
  exit 1
fi
if ! command -v nvidia-smi >/dev/null 2>&1; then
  echo "make_resource_spec.sh: nvidia-smi not found: no NVIDIA driver on this machine, so no GPUs to list" >&2
  exit 1
fi
count=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ' || true)
if [ "$count" -eq 0 ]; then
  echo "make_resource_spec.sh: nvidia-smi lists no GPU" >&2
  exit 1
fi
printf '{\n  "version": { "major": 1, "minor": 0 },\n  "local": [ { "gpus": ['
for ((i = 0; i < count; i++)); do
  printf '%s { "id": "%d", "slots": %d }' "$([ "$i" -gt 0 ] && echo ,)" "$i" "$slots"
done
printf ' ] } ]\n}\n'
