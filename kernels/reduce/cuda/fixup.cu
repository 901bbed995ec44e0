#include "reduce/cuda/fixup.hpp"

#include "common/cuda/cuda_check.hpp"
#include "reduce/cuda/block_tree.cuh"
#include "reduce/host_models.hpp"

namespace smemc::reduce {
namespace {

constexpr int kThreads = model::kFixupThreads;

__global__ void __launch_bounds__(kThreads) fixup_partials(int count, long long stride, const float* partials, float* out) {
  __shared__ float scratch[kThreads];
  float sum = 0.0f;
  for (int i = threadIdx.x; i < count; i += blockDim.x) sum = sum + partials[i * stride];
  sum = block_tree_in_shared<WarpTail::none>(sum, scratch);
  if (threadIdx.x == 0) out[0] = sum;
}

}  // namespace

void launch_fixup(std::int64_t count, std::int64_t stride, const float* partials, float* out, cudaStream_t stream) {
  fixup_partials<<<1, kThreads, 0, stream>>>(static_cast<int>(count), stride, partials, out);
  SMEMC_CHECK_LAUNCH("fixup_partials");
}

KernelSymbol fixup_kernel_symbol() { return kernel_symbol<&fixup_partials>("fixup_partials", sizeof(float) * kThreads); }

}  // namespace smemc::reduce
