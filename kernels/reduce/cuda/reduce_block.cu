// §5.2: the block tree in global memory, finished two ways.
//
//   reduce_block_fixup   the text's reduce_block, then the fix-up kernel it
//                        leaves as an exercise (fixup.cu)
//   reduce_block_atomic  the same tree, each block adding its partial to
//                        out[0] with atomicAdd (out zeroed on the stream first)
//
// Idea: block b sums x[2bB, 2(b+1)B) in place with a halving tree, one
//   __syncthreads() per level; the partial lands in x[2bB].
// Cost: every level's partials go through global memory (L1/L2), 2 launches
//   (fixup) or 1 launch + a memset (atomic).
// Preconditions: block a power of two <= 1024; n + 2*block <= INT_MAX.
// Hazards compute-sanitizer does not see: racecheck checks shared memory
//   only, so the ordering of this tree's global-memory levels (and of the
//   fix-up after it) is covered by the bitwise model comparison, and by
//   Oclgrind on the OpenCL port of the same tree.

#include "common/cuda/cuda_check.hpp"
#include "reduce/cuda/adapt.hpp"
#include "reduce/cuda/fixup.hpp"
#include "reduce/cuda/reduce_cuda.hpp"
#include "reduce/host_models.hpp"

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

// What out[0] must hold before the kernels run: the fix-up overwrites it,
// atomicAdd only ever adds to it.
enum class OutStart { overwritten, zeroed };

// Validates, writes +0 for n == 0 (and zeroes out[0] for an atomic finish),
// and returns the grid size (0: nothing to launch).
int prepare(const char* launcher, std::int64_t n, float* x, float* out, int block, OutStart out_start, cudaStream_t stream) {
  const bool work = validate(spec_named(launcher), {.n = n, .data = address_of(x), .out = address_of(out), .block = block});
  if (!work || out_start == OutStart::zeroed) SMEMC_CUDA_CHECK(cudaMemsetAsync(out, 0, sizeof(float), stream));
  return work ? static_cast<int>(model::tree_blocks(n, block)) : 0;
}

constexpr std::string_view kBlockFixup = "reduce_block_fixup";
constexpr std::string_view kBlockAtomic = "reduce_block_atomic";

const CudaLine<Entry> kBlockLines[] = {
    {{kBlockFixup, &launch_from_args<&reduce_block_fixup, kBlockFixup>}, kernel_symbol<&reduce_block>("reduce_block", 0)},
    {{kBlockAtomic, &launch_from_args<&reduce_block_atomic, kBlockAtomic>},
     kernel_symbol<&reduce_block_atomic_kernel>("reduce_block_atomic_kernel", 0)},
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

std::span<const CudaLine<Entry>> block_lines() { return kBlockLines; }

}  // namespace smemc::reduce
