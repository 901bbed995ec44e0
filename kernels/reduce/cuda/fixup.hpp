#pragma once
// The fix-up kernel §5.2 leaves as an exercise: one block gathers the block
// partials and writes their sum to out[0]. Shared by every tree variant that
// finishes with a second launch.
//
// Idea: thread t accumulates partials t, t + 1024, ... (`stride` floats
// apart), then the block's shared-memory tree sums the 1024 accumulators.
// Cost: one small launch; reads `count` floats. Deterministic.
// Preconditions: count >= 1, stride >= 1, both pointers valid.

#include <cuda_runtime.h>

#include <cstdint>

#include "common/cuda/kernel_symbol.hpp"

namespace smemc::reduce {

// Part of the CUDA port kit (cmake/SmemcCudaKit.cmake, smemc::reduce_fixup_cuda):
// a port whose row ends with the spec's fix-up calls this one, so that its
// bits are the spec's. Checks the launch (SMEMC_CHECK_LAUNCH); never waits.
void launch_fixup(std::int64_t count, std::int64_t stride, const float* partials, float* out, cudaStream_t stream);

// The fix-up kernel, for the shared-memory facts.
KernelSymbol fixup_kernel_symbol();

}  // namespace smemc::reduce
