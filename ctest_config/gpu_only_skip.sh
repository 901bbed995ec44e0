#!/usr/bin/env bash
# What a GPU-only test runs where its target is not built (SMEMC_BUILD_GPU_ONLY
# resolved to OFF: no GPU at configure, cmake/SmemcOptions.cmake): a skip
# (exit 77) that names the switch, so that CTest lists the test as skipped.
# Where a device is required (SMEMC_REQUIRE_DEVICE set: the dev preset's GPU
# run) a test that was not built fails instead: there a skip would hide it.
#
#   gpu_only_skip.sh <the build's SMEMC_BUILD_GPU_ONLY>
case ${SMEMC_REQUIRE_DEVICE:-} in
  1 | [Yy][Ee][Ss] | [Tt][Rr][Uu][Ee] | [Oo][Nn])
    echo "gpu_only_skip.sh: ERROR: this GPU-only test was not built (SMEMC_BUILD_GPU_ONLY=$1) and SMEMC_REQUIRE_DEVICE is set: configure with -DSMEMC_BUILD_GPU_ONLY=ON"
    exit 1
    ;;
esac
echo "SMEMC_SKIPPED: not built here: a GPU-only test, and this build has SMEMC_BUILD_GPU_ONLY=$1 (auto: built where configure sees a GPU); -DSMEMC_BUILD_GPU_ONLY=ON builds it"
exit 77
