// Probe (issue 24, item 2): the look-back scan with more elements a thread.
// Standalone, built and run on the GPU machine by 2026-12-04-d-probes.sh.
//
// Why: the ablations of 2026-12-04 (2026-12-04-scan-ablation.cu) put 900
// of moving_average_lookback's 1529 us at 2^28 in its look-back, and the
// ticket and the look-back's window width at nothing. Read with Little's
// law: a tile holds its block slot for its loads plus its look-back (a few
// dependent L2 round trips), whatever its size, so the bytes in flight a
// round are (resident tiles) x (tile bytes). The row keeps 660 tiles of
// 8 KB (B = 256, 8 floats a thread, 5 blocks an SM: 5.3 MB); CUB's scan
// (ncu, 2026-12-04-b) 1056 tiles of 12 KB (128 threads, 24 floats a
// thread, 8 blocks an SM: 12.7 MB), and the ratio of the two, 2.4, is
// the ratio of their times (1529 / 677 us = 2.26). So: the same kernel
// with 8 ... 32 floats a thread (kItems / 4 float4 loads each), at every
// block the row tests that matters here, under the row's
// __launch_bounds__(1024) (at most 64 registers) and, for B = 128 and 256,
// a bound of that block (more registers, as many blocks as fit); with
// a back-off between the look-back's polls (__nanosleep, 100 or 400 ns);
// and (added 2026-12-05, not yet run) with each warp's loads and stores
// staged through shared memory, whole sectors an instruction (scan_staged:
// 16-32 a thread at B = 128 and 256; ptxas: 42-59 registers, 12-24 KB of
// shared memory a block, no spills).
//
// Each variant is the suite's kernel (the body of
// kernels/moving_average/cuda/moving_average_lookback.cu, float, without
// the scheduling adversary's hooks) with kItems a template parameter; the
// summation order is the row's for every kItems (thread h owns elements
// kItems*h .. kItems*h + kItems - 1 of its tile). Times beside CUB's
// InclusiveSum and cudaMemcpy in the same process, cold (L2 flushed before
// every sample), median of 15. Every variant's output is checked against a
// host double running mean (relative error < 1e-3; the bitwise checks are
// the suite's).
//
// nvcc -O3 -std=c++20 -arch=sm_90 -Xptxas -v 2026-12-04-d-lookback-items.cu -o probe
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

constexpr unsigned kFull = 0xffffffffu;
enum Flag : unsigned { kNotYet = 0, kAggregate = 1, kInclusive = 2 };
using Status = unsigned long long;

__device__ Status pack(Flag flag, float value) { return static_cast<Status>(flag) << 32 | __float_as_uint(value); }
__device__ void publish(Status* status, int tile, Flag flag, float value) {
  *reinterpret_cast<volatile Status*>(status + tile) = pack(flag, value);
}
// kBackoffNs > 0: sleep that long between polls of a word not yet
// published (CUB's look-back waits between its polls too), so that the
// spinning warps leave L2 to the loads.
template <int kBackoffNs>
__device__ Status wait_for(const Status* status, int tile) {
  Status s;
  while (true) {
    s = *reinterpret_cast<const volatile Status*>(status + tile);
    if ((s >> 32) != kNotYet) return s;
    if constexpr (kBackoffNs > 0) __nanosleep(kBackoffNs);
  }
}
__device__ float warp_inclusive_scan(float v, int lane) {
  for (int d = 1; d < 32; d *= 2) {
    const float left = __shfl_up_sync(kFull, v, d);
    if (lane >= d) v = left + v;
  }
  return v;
}
template <int kBackoffNs>
__device__ float look_back(const Status* status, int tile, int lane) {
  bool any = false;
  float running = 0.0f;
  for (int nearest = tile - 1;; nearest -= 32) {
    const int j = nearest - lane;
    const Status s = j >= 0 ? wait_for<kBackoffNs>(status, j) : pack(kInclusive, 0.0f);
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

// kStaged (the variants scan_staged, added 2026-12-05): the same
// elements, the same order of additions, other accesses. ncu (2026-12-04-b)
// found the row's float4 loads and stores use half of every 32-byte sector
// they touch: thread h's float4 q lies kItems*4 bytes from thread h+1's. A
// staged warp reads its 32*kItems contiguous elements striped instead (lane
// l takes float4 l, l + 32, ...: each instruction 512 contiguous bytes) into
// its region of shared memory, and each thread takes its own kItems from
// there; the outputs go back the same way. A warp with any element past n
// takes the plain path (the branch is the warp's, so __syncwarp is safe).
// The blocked reads from shared memory stride kItems words a lane: 2-way
// bank conflicts at kItems = 24, left as they are for the probe.
// kMean (2026-12-05 b): false stores the inclusive sums themselves, no
// division: what the mean costs beside CUB's sum (main's "sum" mode).
template <int kItems, int kBackoffNs = 0, bool kStaged = false, bool kMean = true>
__device__ __forceinline__ void body(long long n, float* data, Status* status, unsigned* ticket, float4* warp_staging = nullptr) {
  static_assert(kItems % 4 == 0, "a thread's elements are whole float4s");
  __shared__ int tile_of_block;
  __shared__ float warp_prefix[32];
  __shared__ float tile_aggregate;
  __shared__ float tile_exclusive;
  if (threadIdx.x == 0) tile_of_block = static_cast<int>(atomicAdd(ticket, 1u));
  __syncthreads();
  const int tile = tile_of_block;
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32;
  const long long first = (static_cast<long long>(tile) * blockDim.x + threadIdx.x) * kItems;
  float l[kItems];                    // the elements, then in place the thread's serial inclusive scan
  constexpr int kQuads = kItems / 4;  // float4 a thread
  const long long warp_first = (static_cast<long long>(tile) * blockDim.x + warp * 32) * kItems;
  const bool staged = kStaged && warp_first + 32 * kItems <= n;
  if (staged) {
    const float4* from = reinterpret_cast<const float4*>(data + warp_first);
#pragma unroll
    for (int q = 0; q < kQuads; ++q) warp_staging[q * 32 + lane] = from[q * 32 + lane];
    __syncwarp();
#pragma unroll
    for (int q = 0; q < kQuads; ++q) {
      const float4 v = warp_staging[lane * kQuads + q];
      l[4 * q] = v.x, l[4 * q + 1] = v.y, l[4 * q + 2] = v.z, l[4 * q + 3] = v.w;
    }
  } else if (first + kItems <= n) {
#pragma unroll
    for (int q = 0; q < kItems / 4; ++q) {
      const float4 v = *reinterpret_cast<const float4*>(data + first + 4 * q);
      l[4 * q] = v.x, l[4 * q + 1] = v.y, l[4 * q + 2] = v.z, l[4 * q + 3] = v.w;
    }
  } else {
#pragma unroll
    for (int k = 0; k < kItems; ++k) l[k] = first + k < n ? data[first + k] : 0.0f;
  }
#pragma unroll
  for (int k = 1; k < kItems; ++k) l[k] = l[k - 1] + l[k];
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
    if (tile > 0) {
      if (lane == 0) publish(status, tile, kAggregate, aggregate);
      exclusive = look_back<kBackoffNs>(status, tile, lane);
    }
    if (lane == 0) {
      publish(status, tile, kInclusive, exclusive + aggregate);
      tile_exclusive = exclusive;
    }
  }
  __syncthreads();
  const float base = tile_exclusive + thread_prefix;
#pragma unroll
  for (int k = 0; k < kItems; ++k) l[k] = kMean ? (base + l[k]) / static_cast<float>(first + k + 1) : base + l[k];
  if (staged) {
    __syncwarp();  // every lane has read its elements from the region
#pragma unroll
    for (int q = 0; q < kQuads; ++q)
      warp_staging[lane * kQuads + q] = make_float4(l[4 * q], l[4 * q + 1], l[4 * q + 2], l[4 * q + 3]);
    __syncwarp();
    float4* to = reinterpret_cast<float4*>(data + warp_first);
#pragma unroll
    for (int q = 0; q < kQuads; ++q) to[q * 32 + lane] = warp_staging[q * 32 + lane];
  } else if (first + kItems <= n) {
#pragma unroll
    for (int q = 0; q < kItems / 4; ++q)
      *reinterpret_cast<float4*>(data + first + 4 * q) = make_float4(l[4 * q], l[4 * q + 1], l[4 * q + 2], l[4 * q + 3]);
  } else {
#pragma unroll
    for (int k = 0; k < kItems; ++k)
      if (first + k < n) data[first + k] = l[k];
  }
}

// The row's bound (any block up to 1024: at most 64 registers a thread).
template <int kItems, int kBackoffNs = 0>
__global__ void __launch_bounds__(1024) scan_any_block(long long n, float* data, Status* status, unsigned* ticket) {
  body<kItems, kBackoffNs>(n, data, status, ticket);
}
// A kernel for blocks of at most kMaxBlock threads (the registers that leaves).
template <int kItems, int kMaxBlock>
__global__ void __launch_bounds__(kMaxBlock) scan_bounded(long long n, float* data, Status* status, unsigned* ticket) {
  body<kItems>(n, data, status, ticket);
}

// Staged through shared memory (kStaged above): kItems floats a thread of
// each of kMaxBlock / 32 warps.
template <int kItems, int kMaxBlock, bool kMean = true>
__global__ void __launch_bounds__(kMaxBlock) scan_staged(long long n, float* data, Status* status, unsigned* ticket) {
  __shared__ float4 staging[kMaxBlock / 32][8 * kItems];
  body<kItems, 0, true, kMean>(n, data, status, ticket, staging[threadIdx.x / 32]);
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

int main(int argc, char** argv) {
  const bool sum_mode = argc > 1 && std::string(argv[1]) == "sum";
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
  const long long max_tiles = n / (8 * 32) + 2;
  CHECK(cudaMalloc(&status, max_tiles * sizeof(Status)));
  const auto restore = [&] { CHECK(cudaMemcpyAsync(data, source, bytes, cudaMemcpyDeviceToDevice)); };
  const float copy_us = median_us([] {}, [&] { CHECK(cudaMemcpyAsync(out, source, bytes, cudaMemcpyDeviceToDevice)); });
  void* scratch = nullptr;
  size_t scratch_bytes = 0;
  CHECK(cub::DeviceScan::InclusiveSum(nullptr, scratch_bytes, source, out, n));
  CHECK(cudaMalloc(&scratch, scratch_bytes));
  const float cub_us = median_us([] {}, [&] { CHECK(cub::DeviceScan::InclusiveSum(scratch, scratch_bytes, source, out, n)); });
  std::printf("n=2^28 memcpy %.2f us, CUB InclusiveSum %.2f us (%.3f of memcpy)\n", copy_us, cub_us, copy_us / cub_us);

  std::vector<double> mean(n);
  {
    std::vector<float> host(n);
    CHECK(cudaMemcpy(host.data(), source, bytes, cudaMemcpyDeviceToHost));
    double sum = 0;
    for (long long i = 0; i < n; ++i) mean[i] = (sum += host[i]) / static_cast<double>(i + 1);
  }
  std::vector<float> got(n);
  auto run = [&](const char* name, int items, auto kernel, int block, bool check = true) {
    const long long tiles = (n + static_cast<long long>(items) * block - 1) / (static_cast<long long>(items) * block);
    unsigned* ticket = reinterpret_cast<unsigned*>(status + tiles);
    const auto launch = [&] {
      CHECK(cudaMemsetAsync(status, 0, (tiles + 1) * sizeof(Status)));
      kernel<<<static_cast<unsigned>(tiles), block>>>(n, data, status, ticket);
    };
    const float us = median_us(restore, launch);
    int per_sm = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, 0));
    cudaFuncAttributes attributes{};
    CHECK(cudaFuncGetAttributes(&attributes, kernel));
    restore();
    launch();
    CHECK(cudaMemcpy(got.data(), data, bytes, cudaMemcpyDeviceToHost));
    double worst = 0;
    for (long long i = 0; check && i < n; ++i) worst = std::max(worst, std::fabs(got[i] - mean[i]) / mean[i]);
    std::printf(
        "%-14s items=%2d B=%4d regs=%3d (%d/SM, %6.1f KB a round an SM) %9.2f us  %.3f of CUB  %s (worst relative %.2e)\n", name,
        items, block, attributes.numRegs, per_sm, per_sm * block * items * 4.0 / 1024.0, us, cub_us / us,
        !check         ? "sums, unchecked"
        : worst < 1e-3 ? "ok"
                       : "WRONG",
        worst);
  };
  if (sum_mode) {  // the staged row's kernel with and without its division
    for (int rep = 0; rep < 2; ++rep) {
      run("staged-256", 24, scan_staged<24, 256>, 256);
      run("staged-256-sum", 24, scan_staged<24, 256, false>, 256, false);
      run("staged-128", 24, scan_staged<24, 128>, 128);
      run("staged-128-sum", 24, scan_staged<24, 128, false>, 128, false);
    }
    return 0;
  }
  for (int block : {256, 128, 512, 1024}) {
    run("any-block", 8, scan_any_block<8>, block);
    run("any-block", 12, scan_any_block<12>, block);
    run("any-block", 16, scan_any_block<16>, block);
    run("any-block", 20, scan_any_block<20>, block);
    run("any-block", 24, scan_any_block<24>, block);
    run("any-block", 32, scan_any_block<32>, block);
  }
  run("bounded-128", 16, scan_bounded<16, 128>, 128);
  run("bounded-128", 24, scan_bounded<24, 128>, 128);
  run("bounded-128", 32, scan_bounded<32, 128>, 128);
  run("bounded-256", 16, scan_bounded<16, 256>, 256);
  run("bounded-256", 24, scan_bounded<24, 256>, 256);
  run("bounded-256", 32, scan_bounded<32, 256>, 256);
  run("staged-128", 24, scan_staged<24, 128>, 128);
  run("staged-128", 32, scan_staged<32, 128>, 128);
  run("staged-256", 16, scan_staged<16, 256>, 256);
  run("staged-256", 24, scan_staged<24, 256>, 256);
  for (int block : {256, 1024}) {
    run("backoff-100ns", 8, scan_any_block<8, 100>, block);
    run("backoff-100ns", 24, scan_any_block<24, 100>, block);
    run("backoff-400ns", 24, scan_any_block<24, 400>, block);
  }
  return 0;
}
