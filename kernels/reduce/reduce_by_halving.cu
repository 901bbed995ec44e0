// §5.1: the sum by a cascade of saxpy launches, before shared memory.
//
//   reduce_by_halving        the text's function: n a power of two, in place
//   reduce_by_halving_any_n  the same idea for every n >= 0
//
// Idea: saxpy(m, 1, x + m, x) adds the upper half onto the lower half; the
//   kernel boundary between launches is the only synchronisation.
// Cost: ceil(log2 n) launches; about 2n float reads and n writes in all
//   (each pass reads 2m and writes m floats, m = n/2, n/4, ...).
// Result: in x[0]; the launcher copies it to out[0] (the family contract).

#include <climits>

#include "common/preconditions.hpp"
#include "common/registry.hpp"
#include "reduce/host_models.hpp"
#include "reduce/reduce.hpp"
#include "reduce/reduce_cuda.hpp"
#include "reduce/size_rules.hpp"
#include "smemc/cuda_check.hpp"

namespace smemc::reduce {
namespace {

// Part 3's saxpy: y[i] = a*x[i] + y[i]. With a = 1 the contracted FMA rounds
// exactly like the plain addition the host model performs.
__global__ void saxpy(int n, float a, const float* x, float* y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

void enqueue_saxpy(int m, float* x_upper, float* x, int block, cudaStream_t stream) {
  saxpy<<<(m + block - 1) / block, block, 0, stream>>>(m, 1.0f, x_upper, x);
  SMEMC_CHECK_LAUNCH("saxpy");
}

void copy_result(float* out, const float* x, cudaStream_t stream) {
  SMEMC_CUDA_CHECK(cudaMemcpyAsync(out, x, sizeof(float), cudaMemcpyDeviceToDevice, stream));
}

void launch_halving(const Args& a, Stream s) { reduce_by_halving(a.n, a.data, a.out, a.block, as_cuda(s)); }
void launch_halving_any_n(const Args& a, Stream s) { reduce_by_halving_any_n(a.n, a.data, a.out, a.block, as_cuda(s)); }

}  // namespace

void reduce_by_halving(std::int64_t n, float* x, float* out, int block, cudaStream_t stream) {
  reject_if("reduce_by_halving", rules::halving_power_of_two(n, block));
  require_pointer("reduce_by_halving", x, "x");
  require_pointer("reduce_by_halving", out, "out");
  for (int m = static_cast<int>(n / 2); m > 0; m /= 2) enqueue_saxpy(m, x + m, x, block, stream);
  copy_result(out, x, stream);
}

void reduce_by_halving_any_n(std::int64_t n, float* x, float* out, int block, cudaStream_t stream) {
  reject_if("reduce_by_halving_any_n", rules::halving_any_n(n, block));
  require_pointer("reduce_by_halving_any_n", out, "out");
  if (n == 0) {
    SMEMC_CUDA_CHECK(cudaMemsetAsync(out, 0, sizeof(float), stream));  // +0, the empty sum
    return;
  }
  require_pointer("reduce_by_halving_any_n", x, "x");
  // Fold the upper floor(m/2) onto the lower ones; when m is odd the middle
  // element x[m/2] is not touched and stays in the lower ceil(m/2).
  for (int m = static_cast<int>(n); m > 1;) {
    const int half = m / 2, upper = m - half;
    enqueue_saxpy(half, x + upper, x, block, stream);
    m = upper;
  }
  copy_result(out, x, stream);
}

extern const Variant kReduceByHalving = {
    .name = "reduce_by_halving",
    .idea = "§5.1 as written: log2 n saxpy launches, each adding the upper half onto the lower half",
    .cost = "log2 n launches; every pass round-trips global memory; the kernel boundary is the barrier",
    .preconditions = "n a power of two (n >= 1), n <= INT_MAX; block in [1, 1024]; clobbers x",
    .error_model = "depth ceil(log2 n): a balanced pairwise tree",
    .input_use = InputUse::clobbered,
    .determinism = Determinism::ordered,
    .block_sizes = rules::kSaxpyBlockSizes,
    .size_violation = &rules::halving_power_of_two,
    .workspace_bytes = &no_workspace,
    .summation_depth = &model::halving_depth,
    .model_depth = &model::halving_model_depth,
    .ordered_model = &model::halving_cascade_model,
    .launch = &launch_halving,
};

extern const Variant kReduceByHalvingAnyN = {
    .name = "reduce_by_halving_any_n",
    .idea = "the cascade for any n: fold floor(m/2) upper elements onto the lower ones, carrying the middle one",
    .cost = "ceil(log2 n) launches; as reduce_by_halving",
    .preconditions = "0 <= n <= INT_MAX; block in [1, 1024]; clobbers x",
    .error_model = "depth ceil(log2 n)",
    .input_use = InputUse::clobbered,
    .determinism = Determinism::ordered,
    .block_sizes = rules::kSaxpyBlockSizes,
    .size_violation = &rules::halving_any_n,
    .workspace_bytes = &no_workspace,
    .summation_depth = &model::halving_depth,
    .model_depth = &model::halving_model_depth,
    .ordered_model = &model::halving_cascade_model,
    .launch = &launch_halving_any_n,
};

}  // namespace smemc::reduce
