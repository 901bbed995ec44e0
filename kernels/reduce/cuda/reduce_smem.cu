// §5.3: the block tree in shared memory, and the warp-synchronous tails.
//
//   reduce_smem_fixup            __shared__ float scratch[1024]; partials to a
//                                workspace, then the fix-up kernel
//   reduce_smem_atomic           the same tree; atomicAdd(&out[0], sum) per block
//   reduce_smem_dynamic          extern __shared__ scratch sized at launch
//                                (blockDim.x floats); fix-up finish
//   reduce_warp_volatile_legacy  EXHIBIT: the last warp without barriers
//                                through volatile (block_tree.cuh says why)
//   reduce_warp_syncwarp         its rewrite with __syncwarp()
//   reduce_warp_shfl             the last warp in registers (__shfl_down_sync)
//
// Idea: as reduce_block (two elements per thread, then a halving tree), but
//   every level's partials stay in shared memory; only the block's sum leaves
//   the SM. The input is read once and never written.
// Cost: one pass over the input + a small second launch (or one atomic per
//   block); __syncthreads() per level (down to width 32 with a warp tail).
// Preconditions: block a power of two in [1, 1024] ([64, 1024] with a warp
//   tail); n + 2*block <= INT_MAX.

#include "common/cuda/cuda_check.hpp"
#include "reduce/cuda/adapt.hpp"
#include "reduce/cuda/block_tree.cuh"
#include "reduce/cuda/fixup.hpp"
#include "reduce/cuda/reduce_cuda.hpp"
#include "reduce/host_models.hpp"

namespace smemc::reduce {
namespace {

constexpr int kMaxBlock = 1024;

enum class Finish { partials, atomic };
enum class Scratch { fixed, dynamic };

// The block's scratch: the text's `__shared__ float scratch[1024]`, or
// `extern __shared__ float scratch[]` with blockDim.x floats given at launch.
template <Scratch kind>
__device__ float* block_scratch() {
  if constexpr (kind == Scratch::fixed) {
    __shared__ float scratch[kMaxBlock];
    return scratch;
  } else {
    extern __shared__ float scratch_dynamic[];
    return scratch_dynamic;
  }
}

template <Finish finish, WarpTail tail, Scratch kind>
__global__ void __launch_bounds__(kMaxBlock) reduce_smem(int n, const float* in, float* out) {
  float* scratch = block_scratch<kind>();
  const int idx = 2 * blockIdx.x * blockDim.x + threadIdx.x;
  const float left = idx < n ? in[idx] : 0.f;
  const float right = idx + blockDim.x < n ? in[idx + blockDim.x] : 0.f;
  const float sum = block_tree_in_shared<tail>(left + right, scratch);
  if (threadIdx.x == 0) {
    if constexpr (finish == Finish::partials) {
      out[blockIdx.x] = sum;
    } else {
      atomicAdd(&out[0], sum);
    }
  }
}

template <Finish finish, WarpTail tail, Scratch kind>
void launch_tree(std::int64_t n, const float* in, float* out, float* partials, int block, const char* name, cudaStream_t stream) {
  const bool work =
      validate(spec_named(name),
               {.n = n, .data = address_of(in), .out = address_of(out), .workspace = address_of(partials), .block = block});
  if (!work || finish == Finish::atomic) SMEMC_CUDA_CHECK(cudaMemsetAsync(out, 0, sizeof(float), stream));
  if (!work) return;
  const int blocks = static_cast<int>(model::tree_blocks(n, block));
  const std::size_t dynamic_bytes = kind == Scratch::dynamic ? block * sizeof(float) : 0;
  float* target = finish == Finish::partials ? partials : out;
  reduce_smem<finish, tail, kind><<<blocks, block, dynamic_bytes, stream>>>(static_cast<int>(n), in, target);
  SMEMC_CHECK_LAUNCH("reduce_smem");
  if constexpr (finish == Finish::partials) launch_fixup(blocks, 1, partials, out, stream);
}

template <Finish f, WarpTail t, Scratch k>
KernelSymbol smem_kernel(std::string_view name) {
  return kernel_symbol<&reduce_smem<f, t, k>>(name, k == Scratch::fixed ? sizeof(float) * kMaxBlock : 0);
}

}  // namespace

void reduce_smem_fixup(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream) {
  launch_tree<Finish::partials, WarpTail::none, Scratch::fixed>(n, in, out, partials, block, "reduce_smem_fixup", stream);
}
void reduce_smem_atomic(std::int64_t n, const float* in, float* out, int block, cudaStream_t stream) {
  launch_tree<Finish::atomic, WarpTail::none, Scratch::fixed>(n, in, out, nullptr, block, "reduce_smem_atomic", stream);
}
void reduce_smem_dynamic(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream) {
  launch_tree<Finish::partials, WarpTail::none, Scratch::dynamic>(n, in, out, partials, block, "reduce_smem_dynamic", stream);
}
void reduce_warp_volatile_legacy(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream) {
  launch_tree<Finish::partials, WarpTail::volatile_legacy, Scratch::fixed>(n, in, out, partials, block,
                                                                           "reduce_warp_volatile_legacy", stream);
}
void reduce_warp_syncwarp(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream) {
  launch_tree<Finish::partials, WarpTail::syncwarp, Scratch::fixed>(n, in, out, partials, block, "reduce_warp_syncwarp", stream);
}
void reduce_warp_shfl(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream) {
  launch_tree<Finish::partials, WarpTail::shfl, Scratch::fixed>(n, in, out, partials, block, "reduce_warp_shfl", stream);
}

std::span<const CudaLine<Entry>> smem_lines() {
  using enum Finish;
  using enum WarpTail;
  using enum Scratch;
  static const CudaLine<Entry> lines[] = {
      {{"reduce_smem_fixup", &launch_from_args<&reduce_smem_fixup>}, smem_kernel<partials, none, fixed>("reduce_smem_fixup")},
      {{"reduce_smem_atomic", &launch_from_args<&reduce_smem_atomic>}, smem_kernel<atomic, none, fixed>("reduce_smem_atomic")},
      {{"reduce_smem_dynamic", &launch_from_args<&reduce_smem_dynamic>},
       smem_kernel<partials, none, dynamic>("reduce_smem_dynamic")},
      {{"reduce_warp_volatile_legacy", &launch_from_args<&reduce_warp_volatile_legacy>},
       smem_kernel<partials, volatile_legacy, fixed>("reduce_warp_volatile_legacy")},
      {{"reduce_warp_syncwarp", &launch_from_args<&reduce_warp_syncwarp>},
       smem_kernel<partials, syncwarp, fixed>("reduce_warp_syncwarp")},
      {{"reduce_warp_shfl", &launch_from_args<&reduce_warp_shfl>}, smem_kernel<partials, shfl, fixed>("reduce_warp_shfl")},
  };
  return lines;
}

}  // namespace smemc::reduce
