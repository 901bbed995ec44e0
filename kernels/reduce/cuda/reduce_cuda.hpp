#pragma once
// The CUDA reduction launchers, with the texts' names. Each validates its
// arguments with the spec's rules (std::invalid_argument), enqueues on
// `stream`, checks every launch, and never synchronises. The implementation
// table (table.cpp) maps the spec rows to them.

#include <cuda_runtime.h>

#include <cstdint>
#include <span>

#include "common/cuda/kernel_symbol.hpp"
#include "reduce/cuda/fixup.hpp"
#include "reduce/spec.hpp"

namespace smemc::reduce {

// §5.1 (reduce_by_halving.cu). x is clobbered; the sum lands in out[0].
void reduce_by_halving(std::int64_t n, float* x, float* out, int block, cudaStream_t stream);
void reduce_by_halving_any_n(std::int64_t n, float* x, float* out, int block, cudaStream_t stream);

// §5.2, the block tree in global memory (reduce_block.cu). x is clobbered.
void reduce_block_fixup(std::int64_t n, float* x, float* out, int block, cudaStream_t stream);
void reduce_block_atomic(std::int64_t n, float* x, float* out, int block, cudaStream_t stream);

// §5.3, the block tree in shared memory: the text's
// `void reduce(int n, const float* in, float* out)` plus a block size, the
// partials workspace of the fix-up variants, and a stream (reduce_smem.cu).
void reduce_smem_fixup(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream);
void reduce_smem_atomic(std::int64_t n, const float* in, float* out, int block, cudaStream_t stream);
void reduce_smem_dynamic(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream);
void reduce_warp_volatile_legacy(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream);
void reduce_warp_syncwarp(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream);
void reduce_warp_shfl(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream);

// The last rung: a fixed grid of float4 loads, shuffle trees, the fix-up (reduce_vec4.cu).
void reduce_vec4_grid_stride(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream);

// The table lines of each file (table.cpp joins them).
std::span<const CudaLine<Entry>> halving_lines();
std::span<const CudaLine<Entry>> block_lines();
std::span<const CudaLine<Entry>> smem_lines();
std::span<const CudaLine<Entry>> vec4_lines();

// Every reduction kernel, for the shared-memory facts.
std::span<const KernelSymbol> kernel_symbols();

}  // namespace smemc::reduce
