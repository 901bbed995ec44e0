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

#include "common/cuda/cuda_check.hpp"
#include "reduce/cuda/adapt.hpp"
#include "reduce/cuda/reduce_cuda.hpp"

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

bool validate_pointers(std::string_view name, std::int64_t n, float* x, float* out, int block) {
  return validate(spec_named(name), {.n = n, .data = address_of(x), .out = address_of(out), .block = block});
}

constexpr std::string_view kHalving = "reduce_by_halving";
constexpr std::string_view kHalvingAnyN = "reduce_by_halving_any_n";

const CudaLine<Entry> kHalvingLines[] = {
    {{kHalving, &launch_from_args<&reduce_by_halving, kHalving>}, kernel_symbol<&saxpy>("saxpy", 0)},
    {{kHalvingAnyN, &launch_from_args<&reduce_by_halving_any_n, kHalvingAnyN>}, kernel_symbol<&saxpy>("saxpy", 0)},
};

}  // namespace

void reduce_by_halving(std::int64_t n, float* x, float* out, int block, cudaStream_t stream) {
  validate_pointers("reduce_by_halving", n, x, out, block);  // n >= 1: a power of two
  for (int m = static_cast<int>(n / 2); m > 0; m /= 2) enqueue_saxpy(m, x + m, x, block, stream);
  copy_result(out, x, stream);
}

void reduce_by_halving_any_n(std::int64_t n, float* x, float* out, int block, cudaStream_t stream) {
  if (!validate_pointers("reduce_by_halving_any_n", n, x, out, block)) {
    SMEMC_CUDA_CHECK(cudaMemsetAsync(out, 0, sizeof(float), stream));  // +0, the empty sum
    return;
  }
  // Fold the upper floor(m/2) onto the lower ones; when m is odd the middle
  // element x[m/2] is not touched and stays in the lower ceil(m/2).
  for (int m = static_cast<int>(n); m > 1;) {
    const int half = m / 2, upper = m - half;
    enqueue_saxpy(half, x + upper, x, block, stream);
    m = upper;
  }
  copy_result(out, x, stream);
}

std::span<const CudaLine<Entry>> halving_lines() { return kHalvingLines; }

}  // namespace smemc::reduce
