#pragma once
// The fix-up kernel §5.2 leaves as an exercise: one block gathers the block
// partials and writes their sum to out[0]. Shared by every tree variant that
// finishes with a second launch.
//
// Idea: thread t accumulates partials t, t + 1024, ... (`stride` values
// apart, starting from 0), then the block's shared-memory tree sums the
// 1024 accumulators, in the partials' type (the typing's accumulator).
// Cost: one small launch; reads `count` values. Deterministic.
// Preconditions: 1 <= count <= kMaxFixupCount (INT_MAX − 1024: the int
// index steps 1024 past the last partial), stride >= 1, both pointers
// valid; launch_fixup throws std::invalid_argument otherwise (null pointers
// included), before anything is enqueued.

#include <cuda_runtime.h>

#include <climits>
#include <cstdint>

#include "common/cuda/kernel_symbol.hpp"

namespace smemc::reduce {

inline constexpr std::int64_t kMaxFixupCount = INT_MAX - 1024;

// Part of the CUDA port kit (cmake/SmemcCudaKit.cmake, smemc::reduce_fixup_cuda):
// a port whose row ends with the spec's fix-up calls this one, so that its
// bits are the spec's. Checks the launch (SMEMC_CHECK_LAUNCH); never waits.
void launch_fixup(std::int64_t count, std::int64_t stride, const float* partials, float* out, cudaStream_t stream);
// The same for the other accumulators of the typed rows: double, and the
// unsigned twins of the integer accumulators (instantiated in fixup.cu for
// double, unsigned and unsigned long long).
template <typename A>
void launch_fixup_typed(std::int64_t count, std::int64_t stride, const A* partials, A* out, cudaStream_t stream);

// The fix-up kernel, for the shared-memory facts.
KernelSymbol fixup_kernel_symbol();

}  // namespace smemc::reduce
