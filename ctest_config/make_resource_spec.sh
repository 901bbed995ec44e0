#!/usr/bin/env bash
# Writes a CTest resource spec for the GPUs nvidia-smi sees, 16 slots each
# (a small device test takes 1 slot, a large one 16/SMEMC_LARGE_CHECKS_PER_GPU, a profile check all 16):
#   bash ctest_config/make_resource_spec.sh > build/gpus.json
#   ctest --preset dev --resource-spec-file build/gpus.json
# Each test then runs on the GPU CTest assigns it (CTEST_RESOURCE_GROUP_0_GPUS).
set -euo pipefail
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
  printf '%s { "id": "%d", "slots": 16 }' "$([ "$i" -gt 0 ] && echo ,)" "$i"
done
printf ' ] } ]\n}\n'
