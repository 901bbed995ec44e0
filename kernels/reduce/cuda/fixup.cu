#include "reduce/cuda/fixup.hpp"

#include "common/cuda/cuda_check.hpp"
#include "reduce/cuda/block_tree.cuh"
#include "reduce/host_models.hpp"

#include <stdexcept>
#include <string>

namespace smemc::reduce {
namespace {

constexpr int kThreads = model::kFixupThreads;
static_assert(kMaxFixupCount == INT_MAX - kThreads);

template <typename A>
__global__ void __launch_bounds__(kThreads) fixup_partials(int count, long long stride, const A* partials, A* out) {
  __shared__ A scratch[kThreads];
  A sum = A(0);
  for (int i = threadIdx.x; i < count; i += blockDim.x) sum = sum + partials[i * stride];
  sum = block_tree_in_shared<WarpTail::none>(sum, scratch);
  if (threadIdx.x == 0) out[0] = sum;
}

}  // namespace

template <typename A>
void launch_fixup_typed(std::int64_t count, std::int64_t stride, const A* partials, A* out, cudaStream_t stream) {
  // The kernel's int index steps by kThreads past the last partial: it must
  // not pass INT_MAX (the index lint's reason for this loop).
  if (count < 1 || count > kMaxFixupCount) {
    throw std::invalid_argument("launch_fixup: count = " + std::to_string(count) + " outside [1, " +
                                std::to_string(kMaxFixupCount) + "] (INT_MAX − " + std::to_string(kThreads) + ")");
  }
  if (stride < 1) throw std::invalid_argument("launch_fixup: stride = " + std::to_string(stride) + ", not >= 1");
  if (partials == nullptr || out == nullptr) throw std::invalid_argument("launch_fixup: null partials or out");
  fixup_partials<A><<<1, kThreads, 0, stream>>>(static_cast<int>(count), stride, partials, out);
  SMEMC_CHECK_LAUNCH("fixup_partials");
}
template void launch_fixup_typed<double>(std::int64_t, std::int64_t, const double*, double*, cudaStream_t);
template void launch_fixup_typed<unsigned>(std::int64_t, std::int64_t, const unsigned*, unsigned*, cudaStream_t);
template void launch_fixup_typed<unsigned long long>(std::int64_t, std::int64_t, const unsigned long long*, unsigned long long*,
                                                     cudaStream_t);

void launch_fixup(std::int64_t count, std::int64_t stride, const float* partials, float* out, cudaStream_t stream) {
  launch_fixup_typed<float>(count, stride, partials, out, stream);
}

KernelSymbol fixup_kernel_symbol() { return kernel_symbol<&fixup_partials<float>>("fixup_partials", sizeof(float) * kThreads); }

}  // namespace smemc::reduce
