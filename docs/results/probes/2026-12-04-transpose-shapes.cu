// Probe (issue 24, item 3): which transpose shape reaches the copy roof on
// the H200. Not part of the suite: a standalone program, built and run on
// the GPU machine by 2026-12-04-probes.sh, that times tile shapes against
// cudaMemcpy of the same bytes in the same process, cold (L2 flushed by a
// 512 MiB memset before every sample), median of 30, and checks every
// element of every output.
//
//   shape T x T tile, 256 threads, V elements a vector (one load or store
//   instruction of a lane), order: 0 the plain grid (x fastest), G > 0 the
//   grid walked G tile rows down before one tile column across.
//
// nvcc -O3 -std=c++20 -arch=sm_90 2026-12-04-transpose-shapes.cu -o probe
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

template <int V>
struct Vec;
template <>
struct Vec<1> {
  using type = float;
};
template <>
struct Vec<2> {
  using type = float2;
};
template <>
struct Vec<4> {
  using type = float4;
};

// The tile this block moves: in the plain order (bx, by); grouped, the
// linear block index walks G tile rows down before one column across.
template <int G>
__device__ void tile_of_block(int& tile_col, int& tile_row) {
  if constexpr (G == 0) {
    tile_col = blockIdx.x;
    tile_row = blockIdx.y;
  } else {
    const unsigned linear = blockIdx.y * gridDim.x + blockIdx.x;
    const unsigned group_size = G * gridDim.x;
    const unsigned group = linear / group_size;
    const unsigned rows_here = min(static_cast<unsigned>(G), gridDim.y - group * G);
    const unsigned in_group = linear - group * group_size;
    tile_col = in_group / rows_here;
    tile_row = group * G + in_group % rows_here;
  }
}

// n x n floats, n a multiple of T (the probe's sizes are).
template <int T, int V, int G>
__global__ void __launch_bounds__(256) transpose_tile(int n, const float* __restrict__ in, float* __restrict__ out) {
  using vec = typename Vec<V>::type;
  __shared__ float tile[T][T + 1];
  int tile_col, tile_row;
  tile_of_block<G>(tile_col, tile_row);
  constexpr int kVecsPerRow = T / V;
  constexpr int kVecs = T * kVecsPerRow;
  static_assert(kVecs % 256 == 0);
  const long long r0 = static_cast<long long>(tile_row) * T, c0 = static_cast<long long>(tile_col) * T;
  vec v[kVecs / 256];
#pragma unroll
  for (int k = 0; k < kVecs / 256; ++k) {
    const int i = threadIdx.x + 256 * k;
    const int r = i / kVecsPerRow, c = (i % kVecsPerRow) * V;
    v[k] = *reinterpret_cast<const vec*>(in + (r0 + r) * n + c0 + c);
  }
#pragma unroll
  for (int k = 0; k < kVecs / 256; ++k) {
    const int i = threadIdx.x + 256 * k;
    const int r = i / kVecsPerRow, c = (i % kVecsPerRow) * V;
    const float* e = reinterpret_cast<const float*>(&v[k]);
#pragma unroll
    for (int j = 0; j < V; ++j) tile[r][c + j] = e[j];
  }
  __syncthreads();
#pragma unroll
  for (int k = 0; k < kVecs / 256; ++k) {
    const int i = threadIdx.x + 256 * k;
    const int r = i / kVecsPerRow, c = (i % kVecsPerRow) * V;  // output row r (input col), output cols c.. (input rows)
    vec w;
    float* e = reinterpret_cast<float*>(&w);
#pragma unroll
    for (int j = 0; j < V; ++j) e[j] = tile[c + j][r];
    *reinterpret_cast<vec*>(out + (c0 + r) * n + r0 + c) = w;
  }
}

// The suite's transpose_padded_32x8 as it stands (square, n a multiple of 32).
__global__ void transpose_32x8(int n, const float* in, float* out) {
  __shared__ float tile[32][33];
  const int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
#pragma unroll
  for (int k = 0; k < 32; k += 8) tile[threadIdx.y + k][threadIdx.x] = in[static_cast<long long>(y + k) * n + x];
  __syncthreads();
  const int ox = blockIdx.y * 32 + threadIdx.x, oy = blockIdx.x * 32 + threadIdx.y;
#pragma unroll
  for (int k = 0; k < 32; k += 8) out[static_cast<long long>(oy + k) * n + ox] = tile[threadIdx.x][threadIdx.y + k];
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

struct Timer {
  cudaEvent_t a, b;
  Timer() {
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
  }
};

void* g_flush = nullptr;
constexpr size_t kFlushBytes = size_t{512} << 20;

template <typename Launch>
float median_us(Launch launch, int reps = 30) {
  Timer t;
  std::vector<float> ms;
  launch();  // warm-up
  CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < reps; ++i) {
    CHECK(cudaMemsetAsync(g_flush, i & 0xff, kFlushBytes));
    CHECK(cudaEventRecord(t.a));
    launch();
    CHECK(cudaEventRecord(t.b));
    CHECK(cudaEventSynchronize(t.b));
    float x;
    CHECK(cudaEventElapsedTime(&x, t.a, t.b));
    ms.push_back(x);
  }
  CHECK(cudaGetLastError());
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2] * 1000.0f;
}

int main() {
  CHECK(cudaMalloc(&g_flush, kFlushBytes));
  unsigned long long* wrong;
  CHECK(cudaMalloc(&wrong, sizeof(unsigned long long)));
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
    auto run = [&](const char* name, auto launch) {
      CHECK(cudaMemset(out, 0xff, bytes));
      const float us = median_us(launch);
      CHECK(cudaMemset(wrong, 0, sizeof(unsigned long long)));
      count_wrong<<<1024, 256>>>(n, in, out, wrong);
      unsigned long long w = 0;
      CHECK(cudaMemcpy(&w, wrong, sizeof w, cudaMemcpyDeviceToHost));
      std::printf("n=%d %-28s %9.2f us  %.3f of memcpy  %s\n", n, name, us, copy / us, w == 0 ? "ok" : "WRONG");
    };
    run("32x8 (the suite's)", [&] { transpose_32x8<<<dim3(n / 32, n / 32), dim3(32, 8)>>>(n, in, out); });
#define SHAPE(T, V, G) \
  run("tile " #T " vec " #V " group " #G, [&] { transpose_tile<T, V, G><<<dim3(n / T, n / T), 256>>>(n, in, out); })
    SHAPE(32, 1, 0);
    SHAPE(32, 2, 0);
    SHAPE(32, 4, 0);
    SHAPE(64, 1, 0);
    SHAPE(64, 2, 0);
    SHAPE(64, 4, 0);
    SHAPE(64, 2, 4);
    SHAPE(64, 2, 16);
    SHAPE(64, 4, 4);
    SHAPE(32, 1, 8);
#undef SHAPE
    CHECK(cudaFree(in));
    CHECK(cudaFree(out));
  }
  return 0;
}
