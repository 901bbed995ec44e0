#!/usr/bin/env bash
# Writes a CTest resource spec for the GPUs nvidia-smi sees, 8 slots each
# (a small device test takes 1 slot, a large one all 8):
#   bash ctest_config/make_resource_spec.sh > build/gpus.json
#   ctest --preset dev --resource-spec-file build/gpus.json
# Each test then runs on the GPU CTest assigns it (CTEST_RESOURCE_GROUP_0_GPUS).
set -euo pipefail
count=$(nvidia-smi -L | grep -c '^GPU ')
printf '{\n  "version": { "major": 1, "minor": 0 },\n  "local": [ { "gpus": ['
for ((i = 0; i < count; i++)); do
  printf '%s { "id": "%d", "slots": 8 }' "$([ "$i" -gt 0 ] && echo ,)" "$i"
done
printf ' ] } ]\n}\n'
