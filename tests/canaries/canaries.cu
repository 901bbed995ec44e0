// Negative controls for compute-sanitizer: each mode plants one hazard that a
// given tool must report. CTest runs every mode under its tool and passes only
// when the tool exits with the error code and its report names the hazard
// (tests/canaries/CMakeLists.txt); a canary the tool stops flagging fails.
//
//   smemc_canaries <mode>          run one planted hazard
//   smemc_canaries --smemc-device-status
//
// These kernels are not conforming variants and live apart from kernels/.

#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <string_view>
#include <vector>

#include "reduce/cuda/block_tree.cuh"
#include "smemc/backend.hpp"
#include "common/cuda/cuda_check.hpp"

namespace {

constexpr int kTailThreads = 64;

// racecheck: the exhibit's own legacy warp tail (reduce/block_tree.cuh) on 64
// partials. With distinct floats every racing write changes the value.
template <typename T>
__global__ void volatile_tail(const T* in, T* out) {
  __shared__ T scratch[kTailThreads];
  const unsigned t = threadIdx.x;
  scratch[t] = in[t];
  __syncthreads();  // all 64 partials are in shared memory; the tail then races within warp 0
  if (t < 32) {
    const T sum = smemc::reduce::warp_tail_volatile_legacy(scratch[t], scratch);
    if (t == 0) out[0] = sum;
  }
}

// racecheck: a shared-memory halving tree with the barrier of one level
// (width 64) left out: the reads of level 64 race with the writes of level 128.
__global__ void tree_missing_barrier(const float* in, float* out) {
  __shared__ float scratch[256];
  const unsigned t = threadIdx.x;
  float sum = in[t];
  scratch[t] = sum;
  for (unsigned width = 128; width > 0; width /= 2) {
    if (width != 64) __syncthreads();  // PLANTED: no barrier before width 64
    if (t < width) scratch[t] = sum = sum + scratch[t + width];
  }
  if (t == 0) out[0] = sum;
}

// synccheck: __syncthreads() reached by half of the block only.
__global__ void divergent_barrier(float* out) {
  if (threadIdx.x < 16) __syncthreads();  // PLANTED: divergent barrier
  out[threadIdx.x] = static_cast<float>(threadIdx.x);
}

// synccheck: every lane calls __syncwarp, but the mask names lanes 0..15 only.
__global__ void syncwarp_bad_mask(float* out) {
  __shared__ float s[32];
  s[threadIdx.x] = static_cast<float>(threadIdx.x);
  __syncwarp(0x0000FFFFu);  // PLANTED: meant to order the stores before the reads, but lanes 16..31 call it outside the mask
  out[threadIdx.x] = s[31 - threadIdx.x];
}

// memcheck: one thread writes one element past the end of the allocation.
__global__ void write_one_past(int n, float* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= n) out[i] = 1.0f;  // PLANTED: <= instead of <
}

// initcheck: reads device memory nothing ever wrote.
__global__ void read_uninitialised(const float* never_written, float* out) {
  out[threadIdx.x] = never_written[threadIdx.x] + 1.0f;
}

template <typename T>
void run_volatile_tail(bool distinct_values) {
  std::vector<T> host(kTailThreads);
  for (int i = 0; i < kTailThreads; ++i) host[i] = distinct_values ? static_cast<T>(i + 1) : T{0};
  T *in = nullptr, *out = nullptr;
  SMEMC_CUDA_CHECK(cudaMalloc(&in, sizeof(T) * kTailThreads));
  SMEMC_CUDA_CHECK(cudaMalloc(&out, sizeof(T)));
  SMEMC_CUDA_CHECK(cudaMemcpy(in, host.data(), sizeof(T) * kTailThreads, cudaMemcpyHostToDevice));
  volatile_tail<T><<<1, kTailThreads>>>(in, out);
  SMEMC_CHECK_LAUNCH("volatile_tail");
  SMEMC_CUDA_CHECK(cudaDeviceSynchronize());
  SMEMC_CUDA_CHECK(cudaFree(in));
  SMEMC_CUDA_CHECK(cudaFree(out));
}

int run(std::string_view mode) {
  float* a = nullptr;
  float* b = nullptr;
  SMEMC_CUDA_CHECK(cudaMalloc(&a, 1024 * sizeof(float)));
  SMEMC_CUDA_CHECK(cudaMalloc(&b, 1024 * sizeof(float)));
  if (mode == "volatile_tail_float") {
    run_volatile_tail<float>(true);
  } else if (mode == "volatile_tail_int_distinct") {
    run_volatile_tail<int>(true);
  } else if (mode == "volatile_tail_int_zeros") {
    run_volatile_tail<int>(false);
  } else if (mode == "tree_missing_barrier") {
    SMEMC_CUDA_CHECK(cudaMemset(a, 0, 1024 * sizeof(float)));
    tree_missing_barrier<<<1, 256>>>(a, b);
    SMEMC_CHECK_LAUNCH("tree_missing_barrier");
  } else if (mode == "divergent_barrier") {
    divergent_barrier<<<1, 32>>>(b);
    SMEMC_CHECK_LAUNCH("divergent_barrier");
  } else if (mode == "syncwarp_bad_mask") {
    syncwarp_bad_mask<<<1, 32>>>(b);
    SMEMC_CHECK_LAUNCH("syncwarp_bad_mask");
  } else if (mode == "write_one_past") {
    float* exact = nullptr;
    SMEMC_CUDA_CHECK(cudaMalloc(&exact, 1000 * sizeof(float)));
    write_one_past<<<4, 256>>>(1000, exact);
    SMEMC_CHECK_LAUNCH("write_one_past");
    (void)cudaDeviceSynchronize();
    (void)cudaGetLastError();
    (void)cudaFree(exact);
  } else if (mode == "read_uninitialised") {
    read_uninitialised<<<1, 256>>>(a, b);
    SMEMC_CHECK_LAUNCH("read_uninitialised");
  } else {
    std::fprintf(stderr, "smemc_canaries: unknown mode '%.*s'\n", static_cast<int>(mode.size()), mode.data());
    return 2;
  }
  (void)cudaDeviceSynchronize();  // a sanitizer may make the kernel fail; its report is what counts
  (void)cudaGetLastError();
  (void)cudaFree(a);
  (void)cudaFree(b);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: smemc_canaries <mode> | --smemc-device-status\n");
    return 2;
  }
  if (std::strcmp(argv[1], "--smemc-device-status") == 0) return smemc::print_device_status();
  try {
    return run(argv[1]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "smemc_canaries: %s\n", e.what());
    return 1;
  }
}
