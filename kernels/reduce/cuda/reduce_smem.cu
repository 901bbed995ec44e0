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
// Types: reduce_smem_fixup and reduce_smem_atomic are instantiated for every
//   typing of the family's list (spec.hpp, kTypings): each element widened
//   to the accumulator as it is loaded, the tree, the partials, the fix-up
//   and the atomic adds in the accumulator's type (unsigned for the integer
//   ones: wrapping is defined there), out[0] its bits. The other rows are
//   the text's float kernels.
// Cost: one pass over the input + a small second launch (or one atomic per
//   block); __syncthreads() per level (down to width 32 with a warp tail).
// Preconditions: block a power of two in [1, 1024] ([64, 1024] with a warp
//   tail); n + 2*block <= INT_MAX.

#include "common/cuda/cuda_check.hpp"
#include "common/cuda/device_types.cuh"
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

// The block's scratch: the text's `__shared__ float scratch[1024]` (of the
// accumulator's type), or `extern __shared__ float scratch[]` with
// blockDim.x floats given at launch.
template <Scratch kind, typename A>
__device__ A* block_scratch() {
  if constexpr (kind == Scratch::fixed) {
    __shared__ A scratch[kMaxBlock];
    return scratch;
  } else {
    extern __shared__ float scratch_dynamic[];
    return scratch_dynamic;
  }
}

template <Finish finish, WarpTail tail, Scratch kind, typename E, typename A>
__global__ void __launch_bounds__(kMaxBlock) reduce_smem(int n, const E* in, A* out) {
  A* scratch = block_scratch<kind, A>();
  const int idx = 2 * blockIdx.x * blockDim.x + threadIdx.x;
  const A left = idx < n ? widen<A>(in[idx]) : A(0);
  const A right = idx + blockDim.x < n ? widen<A>(in[idx + blockDim.x]) : A(0);
  const A sum = block_tree_in_shared<tail>(A(left + right), scratch);
  if (threadIdx.x == 0) {
    if constexpr (finish == Finish::partials) {
      out[blockIdx.x] = sum;
    } else {
      atomicAdd(&out[0], sum);
    }
  }
}

template <typename A>
void fixup(std::int64_t count, const A* partials, A* out, cudaStream_t stream) {
  if constexpr (std::is_same_v<A, float>) {
    launch_fixup(count, 1, partials, out, stream);
  } else {
    launch_fixup_typed<A>(count, 1, partials, out, stream);
  }
}

// Validates `a` against the row named `name`, zeroes out[0] where the row
// writes nothing (n = 0) or only adds to it (an atomic finish), then the
// tree kernel on elements E adding in A, and the fix-up.
template <Finish finish, WarpTail tail, Scratch kind, typename E, typename A>
void launch_tree(const Args& a, std::string_view name, cudaStream_t stream) {
  const bool work = validate(spec_named(name), a);
  A* out = device_pointer<A>(a.out);
  if (!work || finish == Finish::atomic) SMEMC_CUDA_CHECK(cudaMemsetAsync(out, 0, sizeof(A), stream));
  if (!work) return;
  const int blocks = static_cast<int>(model::tree_blocks(a.n, a.block));
  const std::size_t dynamic_bytes = kind == Scratch::dynamic ? a.block * sizeof(float) : 0;
  A* partials = device_pointer<A>(a.workspace);
  A* target = finish == Finish::partials ? partials : out;
  reduce_smem<finish, tail, kind, E, A>
      <<<blocks, a.block, dynamic_bytes, stream>>>(static_cast<int>(a.n), device_pointer<const E>(a.data), target);
  SMEMC_CHECK_LAUNCH("reduce_smem");
  if constexpr (finish == Finish::partials) fixup(blocks, partials, out, stream);
}

// The text's float launchers (reduce_cuda.hpp) as Args.
template <Finish finish, WarpTail tail, Scratch kind>
void launch_float(std::int64_t n, const float* in, float* out, float* partials, int block, std::string_view name,
                  cudaStream_t stream) {
  launch_tree<finish, tail, kind, float, float>(
      {.n = n, .data = address_of(in), .out = address_of(out), .workspace = address_of(partials), .block = block}, name, stream);
}

// A typed row's table glue: the typing the launch asks for, among the
// family's (validate() refuses one the row does not state first).
template <Finish finish, const std::string_view& name>
void launch_typed(const Args& a, Stream s) {
  reject_if(name, typing_violation(spec_named(name).typings, a.typing));
  dispatch_typing<kTypings>(a.typing, [&]<std::size_t I>() {
    constexpr Typing t = kTypings[I];
    launch_tree<finish, WarpTail::none, Scratch::fixed, DeviceType<t.element>, DeviceModel<t.accumulator>>(a, name, as_cuda(s));
  });
}

template <Finish f, WarpTail t, Scratch k>
KernelSymbol smem_kernel(std::string_view name) {
  return kernel_symbol<&reduce_smem<f, t, k, float, float>>(name, k == Scratch::fixed ? sizeof(float) * kMaxBlock : 0);
}

constexpr std::string_view kSmemFixup = "reduce_smem_fixup";
constexpr std::string_view kSmemAtomic = "reduce_smem_atomic";
constexpr std::string_view kSmemDynamic = "reduce_smem_dynamic";
constexpr std::string_view kVolatileLegacy = "reduce_warp_volatile_legacy";
constexpr std::string_view kSyncwarp = "reduce_warp_syncwarp";
constexpr std::string_view kShfl = "reduce_warp_shfl";

}  // namespace

void reduce_smem_fixup(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream) {
  launch_float<Finish::partials, WarpTail::none, Scratch::fixed>(n, in, out, partials, block, kSmemFixup, stream);
}
void reduce_smem_atomic(std::int64_t n, const float* in, float* out, int block, cudaStream_t stream) {
  launch_float<Finish::atomic, WarpTail::none, Scratch::fixed>(n, in, out, nullptr, block, kSmemAtomic, stream);
}
void reduce_smem_dynamic(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream) {
  launch_float<Finish::partials, WarpTail::none, Scratch::dynamic>(n, in, out, partials, block, kSmemDynamic, stream);
}
void reduce_warp_volatile_legacy(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream) {
  launch_float<Finish::partials, WarpTail::volatile_legacy, Scratch::fixed>(n, in, out, partials, block, kVolatileLegacy, stream);
}
void reduce_warp_syncwarp(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream) {
  launch_float<Finish::partials, WarpTail::syncwarp, Scratch::fixed>(n, in, out, partials, block, kSyncwarp, stream);
}
void reduce_warp_shfl(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream) {
  launch_float<Finish::partials, WarpTail::shfl, Scratch::fixed>(n, in, out, partials, block, kShfl, stream);
}

std::span<const CudaLine<Entry>> smem_lines() {
  using enum Finish;
  using enum WarpTail;
  using enum Scratch;
  static const CudaLine<Entry> lines[] = {
      {{kSmemFixup, &launch_typed<partials, kSmemFixup>}, smem_kernel<partials, none, fixed>(kSmemFixup)},
      {{kSmemAtomic, &launch_typed<atomic, kSmemAtomic>}, smem_kernel<atomic, none, fixed>(kSmemAtomic)},
      {{kSmemDynamic, &launch_from_args<&reduce_smem_dynamic, kSmemDynamic>}, smem_kernel<partials, none, dynamic>(kSmemDynamic)},
      {{kVolatileLegacy, &launch_from_args<&reduce_warp_volatile_legacy, kVolatileLegacy>},
       smem_kernel<partials, volatile_legacy, fixed>(kVolatileLegacy)},
      {{kSyncwarp, &launch_from_args<&reduce_warp_syncwarp, kSyncwarp>}, smem_kernel<partials, syncwarp, fixed>(kSyncwarp)},
      {{kShfl, &launch_from_args<&reduce_warp_shfl, kShfl>}, smem_kernel<partials, shfl, fixed>(kShfl)},
  };
  return lines;
}

}  // namespace smemc::reduce
