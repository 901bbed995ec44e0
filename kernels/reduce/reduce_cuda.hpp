#pragma once
// The CUDA reduction launchers, with the texts' names. Each validates its
// arguments (std::invalid_argument), enqueues on `stream`, checks every
// launch, and never synchronises. Registry rows wrap them (reduce.hpp).

#include <cuda_runtime.h>

#include <cstdint>

#include "common/cuda_stream.hpp"
#include "reduce/reduce.hpp"

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

// Registry rows, defined next to their kernels.
extern const Variant kReduceByHalving;
extern const Variant kReduceByHalvingAnyN;
extern const Variant kReduceBlockFixup;
extern const Variant kReduceBlockAtomic;
extern const Variant kReduceSmemFixup;
extern const Variant kReduceSmemAtomic;
extern const Variant kReduceSmemDynamic;
extern const Variant kReduceWarpVolatileLegacy;
extern const Variant kReduceWarpSyncwarp;
extern const Variant kReduceWarpShfl;

// Kernel handles per file, collected by kernel_symbols().
std::span<const KernelSymbol> block_kernel_symbols();
std::span<const KernelSymbol> smem_kernel_symbols();

}  // namespace smemc::reduce
