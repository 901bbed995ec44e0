// Probe (issue 24, item 3): does the transpose reach the copy's rate with
// more bytes in flight? Standalone, built and run on the GPU machine by
// 2026-12-04-d-probes.sh (not yet run: this session had no device).
//
// What is known (2026-12-04, 2026-12-04-b): transpose_padded_32x8 moves the
// ideal bytes at 94 % occupancy and runs at 0.82-0.91 of cudaMemcpy; its
// warps wait on global loads (long scoreboard: 56 % of the stalls), four
// floats a thread in flight and a barrier between a tile's loads and its
// stores. Wider tiles and vectors (2026-12-04-transpose-shapes.cu) did not
// close it (best 0.885, a 64x64 tile moved as float2). So here the tile
// stays the suite's (32x32 floats in a [32][33] array, blocks of 32x8) and
// only what is in flight changes:
//
//   32x8 (the suite's)   one tile a block, its four loads, barrier, stores
//   1x1 tiles            the same through the template below (restrict,
//                        a launch bound)
//   1x1 tiles stcs       the same, its stores streaming (st.global.cs: the
//                        output is not read again, so L2 need not keep it)
//   Kx1 tiles            K tiles side by side a block: 4K loads a thread
//                        issued before the one barrier (K = 2, 4)
//   async S stages       a persistent grid (the resident blocks, walking the
//                        tiles in order) whose tiles arrive by cp.async
//                        (4 bytes a lane, straight into the padded array):
//                        S - 1 tiles in flight while one is stored, and the
//                        bytes in flight take no registers (S = 2, 3, 4)
//
// Cold (512 MiB memset before every sample), median of 30, every element
// of every output checked; fractions of cudaMemcpy of the same bytes in
// the same process.
//
// nvcc -O3 -std=c++20 -arch=sm_90 -Xptxas -v 2026-12-04-d-transpose-inflight.cu -o probe
#include <cuda_pipeline_primitives.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                                    \
  do {                                                                                                 \
    cudaError_t e_ = (call);                                                                           \
    if (e_ != cudaSuccess) {                                                                           \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, cudaGetErrorName(e_)); \
      std::exit(1);                                                                                    \
    }                                                                                                  \
  } while (0)

constexpr int kTile = 32, kRows = 8;  // a 32x32 tile, blocks of 32x8: four rows a thread

// K tiles side by side (tile columns bx*K .. bx*K + K - 1 of tile row by).
// n a multiple of 32 K (the probe's sizes are).
template <int K, bool kStreamingStores>
__global__ void __launch_bounds__(kTile* kRows) transpose_k_tiles(int n, const float* __restrict__ in, float* __restrict__ out) {
  __shared__ float tile[K][kTile][kTile + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const long long row0 = static_cast<long long>(blockIdx.y) * kTile;
  float v[K][kTile / kRows];
#pragma unroll
  for (int t = 0; t < K; ++t) {
    const long long col0 = (static_cast<long long>(blockIdx.x) * K + t) * kTile;
#pragma unroll
    for (int k = 0; k < kTile / kRows; ++k) v[t][k] = in[(row0 + ty + kRows * k) * n + col0 + tx];
  }
#pragma unroll
  for (int t = 0; t < K; ++t) {
#pragma unroll
    for (int k = 0; k < kTile / kRows; ++k) tile[t][ty + kRows * k][tx] = v[t][k];
  }
  __syncthreads();
#pragma unroll
  for (int t = 0; t < K; ++t) {
    const long long out_row0 = (static_cast<long long>(blockIdx.x) * K + t) * kTile;
#pragma unroll
    for (int k = 0; k < kTile / kRows; ++k) {
      float* o = out + (out_row0 + ty + kRows * k) * n + row0 + tx;
      const float x = tile[t][tx][ty + kRows * k];
      if constexpr (kStreamingStores) {
        __stcs(o, x);
      } else {
        *o = x;
      }
    }
  }
}

// The suite's transpose_padded_32x8 as written (no __restrict__, no launch
// bound): 2026-12-04's generic 32-wide tile with the same accesses ran at
// 0.71 of memcpy against this kernel's 0.85, so the K = 1 line above is
// held to it.
__global__ void transpose_suite_32x8(int n, const float* in, float* out) {
  __shared__ float tile[kTile][kTile + 1];
  const int x = blockIdx.x * kTile + threadIdx.x, y = blockIdx.y * kTile + threadIdx.y;
#pragma unroll
  for (int k = 0; k < kTile; k += kRows) tile[threadIdx.y + k][threadIdx.x] = in[static_cast<long long>(y + k) * n + x];
  __syncthreads();
  const int ox = blockIdx.y * kTile + threadIdx.x, oy = blockIdx.x * kTile + threadIdx.y;
#pragma unroll
  for (int k = 0; k < kTile; k += kRows) out[static_cast<long long>(oy + k) * n + ox] = tile[threadIdx.x][threadIdx.y + k];
}

// Persistent: block b takes tiles b, b + G, b + 2G, ... (G = gridDim.x, the
// tiles numbered row-major over the tile grid), S stages of the padded
// array; tile i's loads are issued S - 1 tiles ahead of its stores.
template <int S>
__global__ void __launch_bounds__(kTile* kRows) transpose_async(int n, const float* __restrict__ in, float* __restrict__ out) {
  __shared__ float tile[S][kTile][kTile + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int tiles_across = n / kTile;
  const long long tiles = static_cast<long long>(tiles_across) * tiles_across;
  const auto issue = [&](long long t, int stage) {
    if (t < tiles) {
      const long long row0 = t / tiles_across * kTile, col0 = t % tiles_across * kTile;
#pragma unroll
      for (int k = 0; k < kTile / kRows; ++k)
        __pipeline_memcpy_async(&tile[stage][ty + kRows * k][tx], in + (row0 + ty + kRows * k) * n + col0 + tx, sizeof(float));
    }
    __pipeline_commit();  // an empty group past the last tile keeps the counting uniform
  };
  long long t = blockIdx.x;
#pragma unroll
  for (int s = 0; s < S - 1; ++s) issue(t + static_cast<long long>(s) * gridDim.x, s);
  for (int i = 0; t < tiles; ++i, t += gridDim.x) {
    __pipeline_wait_prior(S - 2);  // this thread's copies of tile t have landed
    __syncthreads();               // everyone's have; and every thread is done reading the stage refilled below
    issue(t + static_cast<long long>(S - 1) * gridDim.x, (i + S - 1) % S);
    const int stage = i % S;
    const long long row0 = t / tiles_across * kTile, col0 = t % tiles_across * kTile;
#pragma unroll
    for (int k = 0; k < kTile / kRows; ++k) out[(col0 + ty + kRows * k) * n + row0 + tx] = tile[stage][tx][ty + kRows * k];
  }
  __pipeline_wait_prior(0);
}

__global__ void fill(long long count, float* p) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<long long>(gridDim.x) * blockDim.x)
    p[i] = static_cast<float>(i % 1000003) + 0.5f;
}

__global__ void count_wrong(int n, const float* in, const float* out, unsigned long long* wrong) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < static_cast<long long>(n) * n;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    const long long r = i / n, c = i % n;
    if (out[c * n + r] != in[i]) atomicAdd(wrong, 1ull);
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
  launch();  // warm-up
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

template <typename Kernel>
int resident_blocks(Kernel kernel) {
  int per_sm = 0, sms = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, kTile * kRows, 0));
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  return per_sm * sms;
}

int main() {
  CHECK(cudaMalloc(&g_flush, kFlushBytes));
  unsigned long long* wrong;
  CHECK(cudaMalloc(&wrong, sizeof(unsigned long long)));
  const dim3 block(kTile, kRows);
  for (int n : {4096, 8192, 16384}) {
    const long long count = static_cast<long long>(n) * n;
    const size_t bytes = count * sizeof(float);
    float *in, *out;
    CHECK(cudaMalloc(&in, bytes));
    CHECK(cudaMalloc(&out, bytes));
    fill<<<1024, 256>>>(count, in);
    CHECK(cudaGetLastError());
    const float copy = median_us([&] { CHECK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice)); });
    std::printf("n=%d memcpy %.2f us (%.3f TB/s)\n", n, copy, 2.0 * bytes / copy / 1e6);
    auto run = [&](const char* name, int grid_note, auto launch) {
      CHECK(cudaMemset(out, 0xff, bytes));
      const float us = median_us(launch);
      CHECK(cudaMemset(wrong, 0, sizeof(unsigned long long)));
      count_wrong<<<1024, 256>>>(n, in, out, wrong);
      unsigned long long w = 0;
      CHECK(cudaMemcpy(&w, wrong, sizeof w, cudaMemcpyDeviceToHost));
      std::printf("n=%d %-22s grid %7d %9.2f us  %.3f of memcpy  %s\n", n, name, grid_note, us, copy / us,
                  w == 0 ? "ok" : "WRONG");
    };
    const int tiles = n / kTile;
    run("32x8 (the suite's)", tiles * tiles, [&] { transpose_suite_32x8<<<dim3(tiles, tiles), block>>>(n, in, out); });
    run("1x1 tiles", tiles * tiles, [&] { transpose_k_tiles<1, false><<<dim3(tiles, tiles), block>>>(n, in, out); });
    run("1x1 tiles stcs", tiles * tiles, [&] { transpose_k_tiles<1, true><<<dim3(tiles, tiles), block>>>(n, in, out); });
    run("2x1 tiles", tiles * tiles / 2, [&] { transpose_k_tiles<2, false><<<dim3(tiles / 2, tiles), block>>>(n, in, out); });
    run("4x1 tiles", tiles * tiles / 4, [&] { transpose_k_tiles<4, false><<<dim3(tiles / 4, tiles), block>>>(n, in, out); });
    run("4x1 tiles stcs", tiles * tiles / 4, [&] { transpose_k_tiles<4, true><<<dim3(tiles / 4, tiles), block>>>(n, in, out); });
    const int g2 = resident_blocks(transpose_async<2>), g3 = resident_blocks(transpose_async<3>),
              g4 = resident_blocks(transpose_async<4>);
    run("async 2 stages", g2, [&] { transpose_async<2><<<g2, block>>>(n, in, out); });
    run("async 3 stages", g3, [&] { transpose_async<3><<<g3, block>>>(n, in, out); });
    run("async 4 stages", g4, [&] { transpose_async<4><<<g4, block>>>(n, in, out); });
    run("async 3 stages, 2 waves", 2 * g3, [&] { transpose_async<3><<<2 * g3, block>>>(n, in, out); });
    CHECK(cudaFree(in));
    CHECK(cudaFree(out));
  }
  return 0;
}
