// reduce_vec4_grid_stride: the last rung of the reduction ladder.
//
// Idea: a fixed grid (G = min(max(ceil((n/4)/B), 1), 2^18/B) blocks, a
//   function of n and B only) loops over the input in float4 loads, four in
//   flight per thread before the first addition; each warp sums its threads
//   with a shuffle tree, warp 0 sums the warp sums the same way, and the
//   fix-up kernel adds the G partials (fixup.cu).
// Cost: every byte of the input read once, in 16-byte loads; G partials
//   written and read back; two launches. The grid does not depend on the
//   device (no SM count), so the result is the same bits on every GPU and
//   the order-faithful model (host_models.hpp: vec4_partials) is exact.
// Preconditions: B a power of two in [32, 1024]; n <= 2^32 (float4 indices
//   in int: n/4 + 3T < 2^31); data 16-byte aligned; workspace G floats.

#include <cstdint>

#include "common/cuda/cuda_check.hpp"
#include "reduce/cuda/adapt.hpp"
#include "reduce/cuda/fixup.hpp"
#include "reduce/cuda/reduce_cuda.hpp"
#include "reduce/host_models.hpp"

namespace smemc::reduce {
namespace {

constexpr int kLoadsInFlight = 4;

__device__ float sum4(float4 v) { return (v.x + v.y) + (v.z + v.w); }

// Lane l adds lane l + offset for offsets 16, 8, 4, 2, 1: lane 0 ends with
// the warp's sum (the model's warp_tree).
__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v = v + __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

__global__ void __launch_bounds__(1024) reduce_vec4_kernel(int float4s, int tail, const float4* __restrict__ in4,
                                                           const float* __restrict__ tail_in, float* __restrict__ partials) {
  __shared__ float warp_sums[32];
  const int threads = gridDim.x * blockDim.x;
  const int g = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  int q = g;
  // Whole rounds: four independent loads, then their sums in index order.
  for (; q + (kLoadsInFlight - 1) * threads < float4s; q += kLoadsInFlight * threads) {
    float4 v[kLoadsInFlight];
#pragma unroll
    for (int u = 0; u < kLoadsInFlight; ++u) v[u] = in4[q + u * threads];
#pragma unroll
    for (int u = 0; u < kLoadsInFlight; ++u) acc = acc + sum4(v[u]);
  }
  for (; q < float4s; q += threads) acc = acc + sum4(in4[q]);
  if (g < tail) acc = acc + tail_in[g];
  acc = warp_sum(acc);
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) warp_sums[warp] = acc;
  __syncthreads();  // every warp's sum is in shared memory before warp 0 reads them
  if (warp == 0) {
    const float v = warp_sum(lane < static_cast<int>(blockDim.x / 32) ? warp_sums[lane] : 0.0f);
    if (lane == 0) partials[blockIdx.x] = v;
  }
}

constexpr std::string_view kName = "reduce_vec4_grid_stride";

const CudaLine<Entry> kVec4Lines[] = {
    {{kName, &launch_from_args<&reduce_vec4_grid_stride, kName>},
     kernel_symbol<&reduce_vec4_kernel>("reduce_vec4_kernel", sizeof(float) * 32)},
};

}  // namespace

void reduce_vec4_grid_stride(std::int64_t n, const float* in, float* out, float* partials, int block, cudaStream_t stream) {
  const bool work =
      validate(spec_named(kName),
               {.n = n, .data = address_of(in), .out = address_of(out), .workspace = address_of(partials), .block = block});
  if (!work) {
    SMEMC_CUDA_CHECK(cudaMemsetAsync(out, 0, sizeof(float), stream));  // +0, the empty sum
    return;
  }
  require_aligned(kName, in, 16);
  const auto blocks = static_cast<int>(model::vec4_blocks(n, block));
  const std::int64_t float4s = n / 4;
  reduce_vec4_kernel<<<blocks, block, 0, stream>>>(static_cast<int>(float4s), static_cast<int>(n % 4),
                                                   reinterpret_cast<const float4*>(in), in + 4 * float4s, partials);
  SMEMC_CHECK_LAUNCH("reduce_vec4_kernel");
  launch_fixup(blocks, 1, partials, out, stream);
}

std::span<const CudaLine<Entry>> vec4_lines() { return kVec4Lines; }

}  // namespace smemc::reduce
