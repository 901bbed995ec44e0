// Probe (issue 24, item 1): what keeps histogram_smem_wide under CUB's
// HistogramEven on 2^28 bytes, 256 bins of one value each. Standalone, built
// and run on the GPU machine by 2026-12-04-probes.sh: CUB and cudaMemcpy of
// the same bytes in the same process, cold (L2 flushed by a 512 MiB memset
// before every sample), median of 30; every histogram checked against
// CUB's counts.
//
//   wide      the suite's kernel for u8 as it stands: the generic integer
//             bin (integer_bin_32) in the loop, two 16-byte loads in flight
//   identity  the bin of one-bin-per-value binnings (offset < range) chosen
//             once at launch, not tested per sample
//   loads=L   L 16-byte loads in flight a thread
//   grid      blocks: the row's 2^18/B, or resident-wave multiples
//
// nvcc -O3 -std=c++20 -arch=sm_90 -I../../../kernels 2026-12-04-histogram-shapes.cu -o probe
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cub/device/device_histogram.cuh>
#include <vector>

#include "histogram/bin_rule.hpp"

#define CHECK(call)                                                                                    \
  do {                                                                                                 \
    cudaError_t e_ = (call);                                                                           \
    if (e_ != cudaSuccess) {                                                                           \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, cudaGetErrorName(e_)); \
      std::exit(1);                                                                                    \
    }                                                                                                  \
  } while (0)

using namespace smemc::histogram;
constexpr int kLanes = 32;
constexpr int kBins = 256;

__device__ void clear_lane_bins(unsigned* lane_bins, int count) {
  for (int w = threadIdx.x; w < count * kLanes; w += blockDim.x) lane_bins[w] = 0;
  __syncthreads();
}
__device__ void merge_lane_bins(const unsigned* lane_bins, int count, unsigned* bins) {
  __syncthreads();
  for (int k = threadIdx.x; k < count; k += blockDim.x) {
    unsigned total = 0;
    for (int c = 0; c < kLanes; ++c) total += lane_bins[k * kLanes + (k + c) % kLanes];
    if (total != 0) atomicAdd(&bins[k], total);
  }
}

// kMode 0: the suite's generic bin; 1: one bin per value chosen at launch.
template <int kLoads, int kMode>
__global__ void wide(const unsigned char* data, long long n, rule::BinParams p, unsigned* bins) {
  extern __shared__ unsigned lane_bins[];
  const int count = static_cast<int>(p.bins);
  clear_lane_bins(lane_bins, count);
  const int lane = threadIdx.x % kLanes;
  const rule::IntegerBins32 b = rule::integer_bins_32(p);
  unsigned* my = lane_bins + lane;
  const auto count_sample = [&](unsigned char x) {
    if constexpr (kMode == 0) {
      const int k = rule::integer_bin_32(static_cast<std::int32_t>(x), b);
      if (k >= 0) atomicAdd(&lane_bins[k * kLanes + lane], 1u);
    } else {
      const auto offset = static_cast<std::uint32_t>(static_cast<std::int32_t>(x) - b.lower);
      if (offset < b.range) atomicAdd(my + offset * kLanes, 1u);
    }
  };
  const auto count_vector = [&](const uint4& v) {
    unsigned char s[16];
    memcpy(s, &v, sizeof v);
#pragma unroll
    for (int j = 0; j < 16; ++j) count_sample(s[j]);
  };
  const auto* vectors = reinterpret_cast<const uint4*>(data);
  const long long full = n / 16, threads = static_cast<long long>(gridDim.x) * blockDim.x;
  const long long g = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  long long q = g;
  for (; q + (kLoads - 1) * threads < full; q += kLoads * threads) {
    uint4 v[kLoads];
#pragma unroll
    for (int j = 0; j < kLoads; ++j) v[j] = vectors[q + j * threads];
#pragma unroll
    for (int j = 0; j < kLoads; ++j) count_vector(v[j]);
  }
  for (; q < full; q += threads) count_vector(vectors[q]);
  for (long long i = 16 * full + g; i < n; i += threads) count_sample(data[i]);
  merge_lane_bins(lane_bins, count, bins);
}

__global__ void make_bytes(long long n, unsigned char* p, int kind) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    unsigned long long h = (i + 1) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    p[i] = kind == 0 ? static_cast<unsigned char>(h) : kind == 1 ? 7 : static_cast<unsigned char>(h & 3);
  }
}

void* g_flush = nullptr;
constexpr size_t kFlushBytes = size_t{512} << 20;

template <typename Launch>
float median_us(Launch launch, int reps = 30) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  std::vector<float> ms;
  launch();
  CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < reps; ++i) {
    CHECK(cudaMemsetAsync(g_flush, i & 0xff, kFlushBytes));
    CHECK(cudaEventRecord(a));
    launch();
    CHECK(cudaEventRecord(b));
    CHECK(cudaEventSynchronize(b));
    float x;
    CHECK(cudaEventElapsedTime(&x, a, b));
    ms.push_back(x);
  }
  CHECK(cudaGetLastError());
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2] * 1000.0f;
}

int main() {
  CHECK(cudaMalloc(&g_flush, kFlushBytes));
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const long long n = 1ll << 28;
  unsigned char* data;
  unsigned *bins, *reference;
  CHECK(cudaMalloc(&data, n));
  CHECK(cudaMalloc(&bins, kBins * sizeof(unsigned)));
  CHECK(cudaMalloc(&reference, kBins * sizeof(unsigned)));
  void* scratch = nullptr;
  size_t scratch_bytes = 0;
  CHECK(cub::DeviceHistogram::HistogramEven(nullptr, scratch_bytes, data, reference, kBins + 1, 0, 256, n));
  CHECK(cudaMalloc(&scratch, scratch_bytes));
  const rule::BinParams p{kBins, 0.0, 256.0, 0, 256};
  const char* kinds[] = {"random", "one value", "four values"};
  for (int kind = 0; kind < 3; ++kind) {
    make_bytes<<<1024, 256>>>(n, data, kind);
    CHECK(cudaGetLastError());
    unsigned char* copy;
    CHECK(cudaMalloc(&copy, n));
    const float memcpy_us = median_us([&] { CHECK(cudaMemcpyAsync(copy, data, n, cudaMemcpyDeviceToDevice)); });
    CHECK(cudaFree(copy));
    const float cub_us = median_us(
        [&] { CHECK(cub::DeviceHistogram::HistogramEven(scratch, scratch_bytes, data, reference, kBins + 1, 0, 256, n)); });
    std::vector<unsigned> want(kBins), got(kBins);
    CHECK(cudaMemcpy(want.data(), reference, kBins * sizeof(unsigned), cudaMemcpyDeviceToHost));
    std::printf("%-11s memcpy %.2f us, CUB %.2f us (%.3f of memcpy)\n", kinds[kind], memcpy_us, cub_us, memcpy_us / cub_us);
    auto run = [&](const char* name, auto kernel, int block, long long blocks) {
      const size_t shared = kLanes * kBins * sizeof(unsigned);
      CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(shared)));
      const float us = median_us([&] {
        CHECK(cudaMemsetAsync(bins, 0, kBins * sizeof(unsigned)));
        kernel<<<static_cast<unsigned>(blocks), block, shared>>>(data, n, p, bins);
      });
      CHECK(cudaMemcpy(got.data(), bins, kBins * sizeof(unsigned), cudaMemcpyDeviceToHost));
      int per_sm = 0;
      CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, shared));
      std::printf("%-11s %-22s B=%4d G=%5lld (%d/SM) %8.2f us  %.3f of CUB  %s\n", kinds[kind], name, block, blocks, per_sm, us,
                  cub_us / us, got == want ? "ok" : "WRONG");
    };
    for (int block : {256, 512, 1024}) {
      const long long row_grid = std::min<long long>(std::max<long long>((n / 16 + block - 1) / block, 1), (1 << 18) / block);
      int per_sm = 0;
      CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, wide<2, 1>, block, kLanes * kBins * sizeof(unsigned)));
      const long long wave = static_cast<long long>(per_sm) * sms;
      run("wide (the row's)", wide<2, 0>, block, row_grid);
      run("identity", wide<2, 1>, block, row_grid);
      run("identity wave", wide<2, 1>, block, wave);
      run("identity loads=4 wave", wide<4, 1>, block, wave);
      run("identity 2 waves", wide<2, 1>, block, 2 * wave);
      run("wide wave", wide<2, 0>, block, wave);
    }
  }
  return 0;
}
