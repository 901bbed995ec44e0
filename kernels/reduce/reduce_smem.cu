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

#include "common/preconditions.hpp"
#include "common/registry.hpp"
#include "reduce/block_tree.cuh"
#include "reduce/fixup.hpp"
#include "reduce/host_models.hpp"
#include "reduce/reduce.hpp"
#include "reduce/reduce_cuda.hpp"
#include "reduce/size_rules.hpp"
#include "smemc/cuda_check.hpp"

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
void launch_tree(std::int64_t n, const float* in, float* out, float* partials, int block, const char* name,
                 cudaStream_t stream) {
  reject_if(name, tail == WarpTail::none ? rules::block_tree_any_block(n, block) : rules::block_tree_warp_tail(n, block));
  require_pointer(name, out, "out");
  if (n > 0) {
    require_pointer(name, in, "in");
    if constexpr (finish == Finish::partials) require_pointer(name, partials, "partials workspace");
  }
  if (n == 0 || finish == Finish::atomic) SMEMC_CUDA_CHECK(cudaMemsetAsync(out, 0, sizeof(float), stream));
  if (n == 0) return;
  const int blocks = static_cast<int>(model::tree_blocks(n, block));
  const std::size_t dynamic_bytes = kind == Scratch::dynamic ? block * sizeof(float) : 0;
  float* target = finish == Finish::partials ? partials : out;
  reduce_smem<finish, tail, kind><<<blocks, block, dynamic_bytes, stream>>>(static_cast<int>(n), in, target);
  SMEMC_CHECK_LAUNCH("reduce_smem");
  if constexpr (finish == Finish::partials) launch_fixup(blocks, 1, partials, out, stream);
}

// Registry glue: one launcher signature per row.
template <void (*typed)(std::int64_t, const float*, float*, float*, int, cudaStream_t)>
void launch_with_workspace(const Args& a, Stream s) {
  typed(a.n, a.data, a.out, static_cast<float*>(a.workspace), a.block, as_cuda(s));
}
void launch_smem_atomic(const Args& a, Stream s) { reduce_smem_atomic(a.n, a.data, a.out, a.block, as_cuda(s)); }

std::size_t partials_workspace(std::int64_t n, int block) {
  return n < 0 || block < 1 ? 0 : static_cast<std::size_t>(model::tree_blocks(n, block)) * sizeof(float);
}

template <Finish f, WarpTail t, Scratch k>
KernelSymbol symbol(const char* name, std::size_t static_bytes) {
  return {name, reinterpret_cast<const void*>(&reduce_smem<f, t, k>), static_bytes};
}

const KernelSymbol kSmemKernels[] = {
    symbol<Finish::partials, WarpTail::none, Scratch::fixed>("reduce_smem_fixup", sizeof(float) * kMaxBlock),
    symbol<Finish::atomic, WarpTail::none, Scratch::fixed>("reduce_smem_atomic", sizeof(float) * kMaxBlock),
    symbol<Finish::partials, WarpTail::none, Scratch::dynamic>("reduce_smem_dynamic", 0),
    symbol<Finish::partials, WarpTail::volatile_legacy, Scratch::fixed>("reduce_warp_volatile_legacy",
                                                                         sizeof(float) * kMaxBlock),
    symbol<Finish::partials, WarpTail::syncwarp, Scratch::fixed>("reduce_warp_syncwarp", sizeof(float) * kMaxBlock),
    symbol<Finish::partials, WarpTail::shfl, Scratch::fixed>("reduce_warp_shfl", sizeof(float) * kMaxBlock),
};

}  // namespace

void reduce_smem_fixup(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream) {
  launch_tree<Finish::partials, WarpTail::none, Scratch::fixed>(n, in, out, partials, block, "reduce_smem_fixup", stream);
}
void reduce_smem_atomic(std::int64_t n, const float* in, float* out, int block, cudaStream_t stream) {
  launch_tree<Finish::atomic, WarpTail::none, Scratch::fixed>(n, in, out, nullptr, block, "reduce_smem_atomic", stream);
}
void reduce_smem_dynamic(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream) {
  launch_tree<Finish::partials, WarpTail::none, Scratch::dynamic>(n, in, out, partials, block, "reduce_smem_dynamic",
                                                                  stream);
}
void reduce_warp_volatile_legacy(std::int64_t n, const float* in, float* out, float* partials, int block,
                                 cudaStream_t stream) {
  launch_tree<Finish::partials, WarpTail::volatile_legacy, Scratch::fixed>(n, in, out, partials, block,
                                                                           "reduce_warp_volatile_legacy", stream);
}
void reduce_warp_syncwarp(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream) {
  launch_tree<Finish::partials, WarpTail::syncwarp, Scratch::fixed>(n, in, out, partials, block, "reduce_warp_syncwarp",
                                                                    stream);
}
void reduce_warp_shfl(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream) {
  launch_tree<Finish::partials, WarpTail::shfl, Scratch::fixed>(n, in, out, partials, block, "reduce_warp_shfl", stream);
}

std::span<const KernelSymbol> smem_kernel_symbols() { return kSmemKernels; }

extern const Variant kReduceSmemFixup = {
    .name = "reduce_smem_fixup",
    .idea = "§5.3: the block tree in __shared__ float scratch[1024]; block partials to a workspace, then the fix-up",
    .cost = "one read of the input; partials never leave the SM until the block's sum; 2 launches",
    .preconditions = "block a power of two in [1, 1024]; 0 <= n <= INT_MAX - 2*block; workspace ceil(n/2B) floats",
    .error_model = "depth 1 + log2 B + ceil(nb/1024) + 10, nb = ceil(n/2B)",
    .input_use = InputUse::preserved,
    .determinism = Determinism::ordered,
    .block_sizes = rules::kTreeBlockSizes,
    .size_violation = &rules::block_tree_any_block,
    .workspace_bytes = &partials_workspace,
    .summation_depth = &model::tree_with_fixup_depth,
    .model_depth = &model::tree_with_fixup_model_depth,
    .ordered_model = &model::tree_with_fixup_model,
    .launch = &launch_with_workspace<&reduce_smem_fixup>,
};

extern const Variant kReduceSmemAtomic = {
    .name = "reduce_smem_atomic",
    .idea = "the shared-memory tree finished with atomicAdd(&out[0], sum) per block",
    .cost = "one launch + a 4-byte memset; one atomic per block; add order varies run to run",
    .preconditions = "block a power of two in [1, 1024]; 0 <= n <= INT_MAX - 2*block",
    .error_model = "depth 1 + log2 B + nb, plus nb * 2^-125 for flushed subnormals",
    .input_use = InputUse::preserved,
    .determinism = Determinism::unordered,
    .block_sizes = rules::kTreeBlockSizes,
    .size_violation = &rules::block_tree_any_block,
    .workspace_bytes = &no_workspace,
    .summation_depth = &model::tree_with_atomic_depth,
    .model_depth = &model::tree_with_atomic_model_depth,
    .unordered_partials = &model::block_partials_model,
    .launch = &launch_smem_atomic,
};

extern const Variant kReduceSmemDynamic = {
    .name = "reduce_smem_dynamic",
    .idea = "the shared-memory tree with extern __shared__ float scratch[], blockDim.x floats given at launch",
    .cost = "as reduce_smem_fixup, reserving only B floats of shared memory per block",
    .preconditions = "block a power of two in [1, 1024]; 0 <= n <= INT_MAX - 2*block; workspace ceil(n/2B) floats",
    .error_model = "depth 1 + log2 B + ceil(nb/1024) + 10",
    .input_use = InputUse::preserved,
    .determinism = Determinism::ordered,
    .block_sizes = rules::kTreeBlockSizes,
    .size_violation = &rules::block_tree_any_block,
    .workspace_bytes = &partials_workspace,
    .summation_depth = &model::tree_with_fixup_depth,
    .model_depth = &model::tree_with_fixup_model_depth,
    .ordered_model = &model::tree_with_fixup_model,
    .launch = &launch_with_workspace<&reduce_smem_dynamic>,
};

extern const Variant kReduceWarpVolatileLegacy = {
    .name = "reduce_warp_volatile_legacy",
    .idea = "the tree down to 64 partials, then warp 0 finishes with no barrier through a volatile pointer",
    .cost = "saves five __syncthreads(); relies on lockstep warps",
    .preconditions = "block a power of two in [64, 1024]; 0 <= n <= INT_MAX - 2*block; workspace ceil(n/2B) floats",
    .error_model = "depth 1 + log2 B + ceil(nb/1024) + 10 (when it computes the intended tree)",
    .exhibit = true,
    .exhibit_reason = "data race under independent thread scheduling (Volta+): volatile orders nothing between lanes; "
                      "racecheck flags it",
    .input_use = InputUse::preserved,
    .determinism = Determinism::ordered,
    .block_sizes = rules::kWarpTailBlockSizes,
    .size_violation = &rules::block_tree_warp_tail,
    .workspace_bytes = &partials_workspace,
    .summation_depth = &model::tree_with_fixup_depth,
    .model_depth = &model::tree_with_fixup_model_depth,
    .ordered_model = &model::tree_with_fixup_model,
    .launch = &launch_with_workspace<&reduce_warp_volatile_legacy>,
};

extern const Variant kReduceWarpSyncwarp = {
    .name = "reduce_warp_syncwarp",
    .idea = "the legacy tail rewritten: each of its six steps reads, __syncwarp(), writes, __syncwarp()",
    .cost = "five __syncthreads() fewer than the full tree; cheap warp barriers instead",
    .preconditions = "block a power of two in [64, 1024]; 0 <= n <= INT_MAX - 2*block; workspace ceil(n/2B) floats",
    .error_model = "depth 1 + log2 B + ceil(nb/1024) + 10",
    .input_use = InputUse::preserved,
    .determinism = Determinism::ordered,
    .block_sizes = rules::kWarpTailBlockSizes,
    .size_violation = &rules::block_tree_warp_tail,
    .workspace_bytes = &partials_workspace,
    .summation_depth = &model::tree_with_fixup_depth,
    .model_depth = &model::tree_with_fixup_model_depth,
    .ordered_model = &model::tree_with_fixup_model,
    .launch = &launch_with_workspace<&reduce_warp_syncwarp>,
};

extern const Variant kReduceWarpShfl = {
    .name = "reduce_warp_shfl",
    .idea = "the last warp sums in registers with __shfl_down_sync: one shared read, five shuffles",
    .cost = "no shared-memory traffic in the last five levels",
    .preconditions = "block a power of two in [64, 1024]; 0 <= n <= INT_MAX - 2*block; workspace ceil(n/2B) floats",
    .error_model = "depth 1 + log2 B + ceil(nb/1024) + 10",
    .input_use = InputUse::preserved,
    .determinism = Determinism::ordered,
    .block_sizes = rules::kWarpTailBlockSizes,
    .size_violation = &rules::block_tree_warp_tail,
    .workspace_bytes = &partials_workspace,
    .summation_depth = &model::tree_with_fixup_depth,
    .model_depth = &model::tree_with_fixup_model_depth,
    .ordered_model = &model::tree_with_fixup_model,
    .launch = &launch_with_workspace<&reduce_warp_shfl>,
};

}  // namespace smemc::reduce
