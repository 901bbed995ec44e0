#!/usr/bin/env bash
# A host-only process (SMEMC_HOST_ONLY=1, no device context) names its
# backend as a process that probes the device does: the conformance
# matrix puts a run's host checks and device checks in one table only when
# their backend labels are equal.
#   same_label.sh <an OpenCL test binary> <a gtest filter of host checks>
set -u
binary=$1 filter=$2
label() { "$@" --gtest_filter="$filter" 2>&1 | sed -n 's/^\[ smemc    \] backend \([^:]*\):.*/\1/p' | head -n 1; }
host_only=$(SMEMC_HOST_ONLY=1 SMEMC_RESULTS_DIR= label "$binary")
probed=$(SMEMC_RESULTS_DIR= label "$binary")
echo "same_label.sh: host-only '$host_only', probed '$probed'"
[ -n "$host_only" ] && [ "$host_only" = "$probed" ]
