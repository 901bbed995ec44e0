// §5.2: the block tree in global memory, finished two ways.
//
//   reduce_block_fixup   the text's reduce_block, then the fix-up kernel it
//                        leaves as an exercise (reduce/fixup.cu)
//   reduce_block_atomic  the same tree, each block adding its partial to
//                        out[0] with atomicAdd (out zeroed on the stream first)
//
// Idea: block b sums x[2bB, 2(b+1)B) in place with a halving tree, one
//   __syncthreads() per level; the partial lands in x[2bB].
// Cost: every level's partials go through global memory (L1/L2), 2 launches
//   (fixup) or 1 launch + a memset (atomic).
// Preconditions: block a power of two <= 1024; n + 2*block <= INT_MAX.
// Hazards no tool here sees: racecheck checks shared memory only, so the
//   ordering of this tree's global-memory levels (and of the fix-up after it)
//   is covered by the bitwise model comparison instead.

#include "common/preconditions.hpp"
#include "common/registry.hpp"
#include "reduce/fixup.hpp"
#include "reduce/host_models.hpp"
#include "reduce/reduce.hpp"
#include "reduce/reduce_cuda.hpp"
#include "reduce/size_rules.hpp"
#include "smemc/cuda_check.hpp"

namespace smemc::reduce {
namespace {

// The tree of §5.2 as the text writes it; returns each thread's running sum
// (the block's sum in thread 0).
__device__ float block_tree_in_global(int n, float* x) {
  int bdx = 2 * blockIdx.x * blockDim.x;
  int idx = bdx + threadIdx.x;
  float left = idx < n ? x[idx] : 0.f;
  float right = idx + blockDim.x < n ? x[idx + blockDim.x] : 0.f;
  float sum = left + right;
  if (idx < n) {
    x[idx] = sum;
  }

  int width = blockDim.x / 2;
  while (width > 0) {
    __syncthreads();
    // the previous level's partials are written and visible to the block
    if (threadIdx.x < width) {
      float right = idx + width < n ? x[idx + width] : 0.f;
      sum += right;  // x[idx] already equals sum: no reload
      if (idx < n) {
        x[idx] = sum;
      }
    }
    width /= 2;
  }
  return sum;
}

__global__ void reduce_block(int n, float* x) { block_tree_in_global(n, x); }

__global__ void reduce_block_atomic_kernel(int n, float* x, float* out) {
  const float sum = block_tree_in_global(n, x);
  if (threadIdx.x == 0) atomicAdd(&out[0], sum);
}

void launch_block_fixup(const Args& a, Stream s) { reduce_block_fixup(a.n, a.data, a.out, a.block, as_cuda(s)); }
void launch_block_atomic(const Args& a, Stream s) { reduce_block_atomic(a.n, a.data, a.out, a.block, as_cuda(s)); }
// What out[0] must hold before the kernels run: the fix-up overwrites it,
// atomicAdd only ever adds to it.
enum class OutStart { overwritten, zeroed };

// Validates, writes +0 for n == 0 (and zeroes out[0] for an atomic finish),
// and returns the grid size (0: nothing to launch).
int prepare(const char* launcher, std::int64_t n, float* x, float* out, int block, OutStart out_start,
            cudaStream_t stream) {
  reject_if(launcher, rules::block_tree_any_block(n, block));
  require_pointer(launcher, out, "out");
  if (n > 0) require_pointer(launcher, x, "x");
  if (n == 0 || out_start == OutStart::zeroed) SMEMC_CUDA_CHECK(cudaMemsetAsync(out, 0, sizeof(float), stream));
  return n == 0 ? 0 : static_cast<int>(model::tree_blocks(n, block));
}

const KernelSymbol kBlockKernels[] = {
    {"reduce_block", reinterpret_cast<const void*>(&reduce_block), 0},
    {"reduce_block_atomic", reinterpret_cast<const void*>(&reduce_block_atomic_kernel), 0},
};

}  // namespace

void reduce_block_fixup(std::int64_t n, float* x, float* out, int block, cudaStream_t stream) {
  const int blocks = prepare("reduce_block_fixup", n, x, out, block, OutStart::overwritten, stream);
  if (blocks == 0) return;
  reduce_block<<<blocks, block, 0, stream>>>(static_cast<int>(n), x);
  SMEMC_CHECK_LAUNCH("reduce_block");
  launch_fixup(blocks, 2 * std::int64_t{block}, x, out, stream);  // partial b sits at x[2*b*block]
}

void reduce_block_atomic(std::int64_t n, float* x, float* out, int block, cudaStream_t stream) {
  // atomicAdd only ever adds to out[0], so it must start at zero (§5.2).
  const int blocks = prepare("reduce_block_atomic", n, x, out, block, OutStart::zeroed, stream);
  if (blocks == 0) return;
  reduce_block_atomic_kernel<<<blocks, block, 0, stream>>>(static_cast<int>(n), x, out);
  SMEMC_CHECK_LAUNCH("reduce_block_atomic");
}

std::span<const KernelSymbol> block_kernel_symbols() { return kBlockKernels; }

extern const Variant kReduceBlockFixup = {
    .name = "reduce_block_fixup",
    .idea = "§5.2's reduce_block: in-place halving tree per block in global memory, then a one-block fix-up kernel",
    .cost = "2 launches; every tree level writes partials through L1 to L2",
    .preconditions = "block a power of two in [1, 1024]; 0 <= n <= INT_MAX - 2*block; clobbers x",
    .error_model = "depth 1 + log2 B (block tree) + ceil(nb/1024) + 10 (fix-up), nb = ceil(n/2B)",
    .input_use = InputUse::clobbered,
    .determinism = Determinism::ordered,
    .block_sizes = rules::kTreeBlockSizes,
    .size_violation = &rules::block_tree_any_block,
    .workspace_bytes = &no_workspace,
    .summation_depth = &model::tree_with_fixup_depth,
    .model_depth = &model::tree_with_fixup_model_depth,
    .ordered_model = &model::tree_with_fixup_model,
    .launch = &launch_block_fixup,
};

extern const Variant kReduceBlockAtomic = {
    .name = "reduce_block_atomic",
    .idea = "the same global-memory tree; each block adds its partial with atomicAdd(&out[0], sum)",
    .cost = "1 launch + a 4-byte memset; one atomic per block; order of the adds varies run to run",
    .preconditions = "block a power of two in [1, 1024]; 0 <= n <= INT_MAX - 2*block; clobbers x",
    .error_model = "depth 1 + log2 B + nb (the atomic chain), plus nb * 2^-125 for flushed subnormals",
    .input_use = InputUse::clobbered,
    .determinism = Determinism::unordered,
    .block_sizes = rules::kTreeBlockSizes,
    .size_violation = &rules::block_tree_any_block,
    .workspace_bytes = &no_workspace,
    .summation_depth = &model::tree_with_atomic_depth,
    .model_depth = &model::tree_with_atomic_model_depth,
    .unordered_partials = &model::block_partials_model,
    .launch = &launch_block_atomic,
};

}  // namespace smemc::reduce
