// Probe (issue 24, item 2): where moving_average_lookback's time goes at
// 2^28 floats on the H200. Standalone, built and run on the GPU machine by
// 2026-12-04-probes.sh: the suite's kernel (its body copied, float, 8 items
// a thread) and ablations of it, beside CUB's InclusiveSum and cudaMemcpy
// in the same process, cold (L2 flushed before every sample), median of 15.
// The ablations are wrong on purpose (no look-back: every tile starts at 0;
// no division: the sum is written) and only timed; the full kernel is
// checked against a host double running mean (relative error < 1e-3: the
// look-back's order varies, the bitwise checks are the suite's).
//
//   suite        the row's kernel
//   minblocks=M  the same with __launch_bounds__(B, M) (registers for M blocks)
//   no-lookback  each tile publishes and reads nothing: the chain's cost
//   no-divide    writes the prefix, not the mean: the division's cost
//   no-ticket    the tile is blockIdx.x: the ticket atomic's cost
//
// nvcc -O3 -std=c++20 -arch=sm_90 2026-12-04-scan-ablation.cu -o probe
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cub/device/device_scan.cuh>
#include <string>
#include <vector>

#define CHECK(call)                                                                                    \
  do {                                                                                                 \
    cudaError_t e_ = (call);                                                                           \
    if (e_ != cudaSuccess) {                                                                           \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, cudaGetErrorName(e_)); \
      std::exit(1);                                                                                    \
    }                                                                                                  \
  } while (0)

constexpr int kItems = 8;
constexpr unsigned kFull = 0xffffffffu;
enum Flag : unsigned { kNotYet = 0, kAggregate = 1, kInclusive = 2 };
using Status = unsigned long long;

__device__ Status pack(Flag flag, float value) { return static_cast<Status>(flag) << 32 | __float_as_uint(value); }
__device__ void publish(Status* status, int tile, Flag flag, float value) {
  *reinterpret_cast<volatile Status*>(status + tile) = pack(flag, value);
}
__device__ Status wait_for(const Status* status, int tile) {
  Status s;
  do {
    s = *reinterpret_cast<const volatile Status*>(status + tile);
  } while ((s >> 32) == kNotYet);
  return s;
}
__device__ float warp_inclusive_scan(float v, int lane) {
  for (int d = 1; d < 32; d *= 2) {
    const float left = __shfl_up_sync(kFull, v, d);
    if (lane >= d) v = left + v;
  }
  return v;
}
__device__ float look_back(const Status* status, int tile, int lane) {
  bool any = false;
  float running = 0.0f;
  for (int nearest = tile - 1;; nearest -= 32) {
    const int j = nearest - lane;
    const Status s = j >= 0 ? wait_for(status, j) : pack(kInclusive, 0.0f);
    const unsigned inclusive = __ballot_sync(kFull, (s >> 32) == kInclusive);
    const int last = inclusive != 0 ? __ffs(inclusive) - 1 : 31;
    const float value = __uint_as_float(static_cast<unsigned>(s));
    for (int k = 0; k <= last; ++k) {
      const float v = __shfl_sync(kFull, value, k);
      running = any ? running + v : v;
      any = true;
    }
    if (inclusive != 0) return running;
  }
}

struct Ablation {
  bool look_back = true, divide = true, ticket = true;
};

template <Ablation kAb>
__device__ __forceinline__ void body(long long n, float* data, Status* status, unsigned* ticket) {
  __shared__ int tile_of_block;
  __shared__ float warp_prefix[32];
  __shared__ float tile_aggregate;
  __shared__ float tile_exclusive;
  if constexpr (kAb.ticket) {
    if (threadIdx.x == 0) tile_of_block = static_cast<int>(atomicAdd(ticket, 1u));
    __syncthreads();
  }
  const int tile = kAb.ticket ? tile_of_block : static_cast<int>(blockIdx.x);
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32;
  const long long first = (static_cast<long long>(tile) * blockDim.x + threadIdx.x) * kItems;
  float x[kItems];
  if (first + kItems <= n) {
    const float4 lo = *reinterpret_cast<const float4*>(data + first);
    const float4 hi = *reinterpret_cast<const float4*>(data + first + 4);
    x[0] = lo.x, x[1] = lo.y, x[2] = lo.z, x[3] = lo.w, x[4] = hi.x, x[5] = hi.y, x[6] = hi.z, x[7] = hi.w;
  } else {
#pragma unroll
    for (int k = 0; k < kItems; ++k) x[k] = first + k < n ? data[first + k] : 0.0f;
  }
  float l[kItems];
  l[0] = x[0];
#pragma unroll
  for (int k = 1; k < kItems; ++k) l[k] = l[k - 1] + x[k];
  const float lanes = warp_inclusive_scan(l[kItems - 1], lane);
  const float lane_before = __shfl_up_sync(kFull, lanes, 1);
  const float lane_exclusive = lane > 0 ? lane_before : 0.0f;
  if (lane == 31) warp_prefix[warp] = lanes;
  __syncthreads();
  if (warp == 0) {
    const float warps_inclusive = warp_inclusive_scan(lane < warps ? warp_prefix[lane] : 0.0f, lane);
    const float warp_before = __shfl_up_sync(kFull, warps_inclusive, 1);
    __syncwarp();
    if (lane < warps) warp_prefix[lane] = lane > 0 ? warp_before : 0.0f;
    if (lane == warps - 1) tile_aggregate = warps_inclusive;
  }
  __syncthreads();
  const float thread_prefix = warp_prefix[warp] + lane_exclusive;
  if (warp == 0) {
    const float aggregate = tile_aggregate;
    float exclusive = 0.0f;
    if constexpr (kAb.look_back) {
      if (tile > 0) {
        if (lane == 0) publish(status, tile, kAggregate, aggregate);
        exclusive = look_back(status, tile, lane);
      }
      if (lane == 0) publish(status, tile, kInclusive, exclusive + aggregate);
    }
    if (lane == 0) tile_exclusive = exclusive;
  }
  __syncthreads();
  const float base = tile_exclusive + thread_prefix;
  float out[kItems];
#pragma unroll
  for (int k = 0; k < kItems; ++k) out[k] = kAb.divide ? (base + l[k]) / static_cast<float>(first + k + 1) : base + l[k];
  if (first + kItems <= n) {
    *reinterpret_cast<float4*>(data + first) = make_float4(out[0], out[1], out[2], out[3]);
    *reinterpret_cast<float4*>(data + first + 4) = make_float4(out[4], out[5], out[6], out[7]);
  } else {
#pragma unroll
    for (int k = 0; k < kItems; ++k)
      if (first + k < n) data[first + k] = out[k];
  }
}

template <Ablation kAb>
__global__ void __launch_bounds__(1024) scan(long long n, float* data, Status* status, unsigned* ticket) {
  body<kAb>(n, data, status, ticket);
}
template <int kMinBlocks>
__global__ void __launch_bounds__(256, kMinBlocks) scan_min(long long n, float* data, Status* status, unsigned* ticket) {
  body<Ablation{}>(n, data, status, ticket);
}

__global__ void fill(long long n, float* p) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x)
    p[i] = 1.0f + static_cast<float>((i * 2654435761ull) % 1000) / 1000.0f;
}

void* g_flush = nullptr;
constexpr size_t kFlushBytes = size_t{512} << 20;

template <typename Setup, typename Launch>
float median_us(Setup setup, Launch launch, int reps = 15) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  std::vector<float> ms;
  for (int i = 0; i < reps + 1; ++i) {
    setup();
    CHECK(cudaMemsetAsync(g_flush, i & 0xff, kFlushBytes));
    CHECK(cudaEventRecord(a));
    launch();
    CHECK(cudaEventRecord(b));
    CHECK(cudaEventSynchronize(b));
    float x;
    CHECK(cudaEventElapsedTime(&x, a, b));
    if (i > 0) ms.push_back(x);
  }
  CHECK(cudaGetLastError());
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2] * 1000.0f;
}

int main() {
  CHECK(cudaMalloc(&g_flush, kFlushBytes));
  const long long n = 1ll << 28;
  const size_t bytes = n * sizeof(float);
  float *source, *data, *out;
  CHECK(cudaMalloc(&source, bytes));
  CHECK(cudaMalloc(&data, bytes));
  CHECK(cudaMalloc(&out, bytes));
  fill<<<1024, 256>>>(n, source);
  CHECK(cudaGetLastError());
  Status* status;
  const long long max_tiles = n / (kItems * 32) + 2;
  CHECK(cudaMalloc(&status, max_tiles * sizeof(Status)));
  const auto restore = [&] { CHECK(cudaMemcpyAsync(data, source, bytes, cudaMemcpyDeviceToDevice)); };
  const float copy_us = median_us([] {}, [&] { CHECK(cudaMemcpyAsync(out, source, bytes, cudaMemcpyDeviceToDevice)); });
  void* scratch = nullptr;
  size_t scratch_bytes = 0;
  CHECK(cub::DeviceScan::InclusiveSum(nullptr, scratch_bytes, source, out, n));
  CHECK(cudaMalloc(&scratch, scratch_bytes));
  const float cub_us = median_us([] {}, [&] { CHECK(cub::DeviceScan::InclusiveSum(scratch, scratch_bytes, source, out, n)); });
  std::printf("n=2^28 memcpy %.2f us, CUB InclusiveSum %.2f us (%.3f of memcpy)\n", copy_us, cub_us, copy_us / cub_us);

  std::vector<float> host(n);
  CHECK(cudaMemcpy(host.data(), source, bytes, cudaMemcpyDeviceToHost));
  auto run = [&](const char* name, auto kernel, int block, bool check) {
    const long long tiles = (n + kItems * block - 1) / (kItems * block);
    unsigned* ticket = reinterpret_cast<unsigned*>(status + tiles);
    const float us = median_us(restore, [&] {
      CHECK(cudaMemsetAsync(status, 0, (tiles + 1) * sizeof(Status)));
      kernel<<<static_cast<unsigned>(tiles), block>>>(n, data, status, ticket);
    });
    int per_sm = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, 0));
    std::string verdict = "(not checked)";
    if (check) {
      restore();
      CHECK(cudaMemsetAsync(status, 0, (tiles + 1) * sizeof(Status)));
      kernel<<<static_cast<unsigned>(tiles), block>>>(n, data, status, ticket);
      std::vector<float> got(n);
      CHECK(cudaMemcpy(got.data(), data, bytes, cudaMemcpyDeviceToHost));
      double sum = 0, worst = 0;
      for (long long i = 0; i < n; ++i) {
        sum += host[i];
        worst = std::max(worst, std::fabs(got[i] - sum / (i + 1)) / (sum / (i + 1)));
      }
      verdict = worst < 1e-3 ? "ok" : "WRONG";
      char text[64];
      std::snprintf(text, sizeof text, " (worst relative %.2e)", worst);
      verdict += text;
    }
    std::printf("%-22s B=%4d (%d/SM) %9.2f us  %.3f of CUB  %s\n", name, block, per_sm, us, cub_us / us, verdict.c_str());
  };
  constexpr Ablation kSuite{};
  constexpr Ablation kNoLookBack{.look_back = false};
  constexpr Ablation kNoDivide{.divide = false};
  constexpr Ablation kNoTicket{.ticket = false};
  constexpr Ablation kNeither{.look_back = false, .divide = false, .ticket = false};
  for (int block : {256, 1024}) {
    run("suite", scan<kSuite>, block, block == 256);
    run("no-lookback", scan<kNoLookBack>, block, false);
    run("no-divide", scan<kNoDivide>, block, false);
    run("no-ticket", scan<kNoTicket>, block, false);
    run("no lookback/div/ticket", scan<kNeither>, block, false);
  }
  run("minblocks=6", scan_min<6>, 256, false);
  run("minblocks=8", scan_min<8>, 256, false);
  return 0;
}
