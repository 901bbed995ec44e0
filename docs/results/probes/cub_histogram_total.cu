// A probe of cub::DeviceHistogram::HistogramEven at large n (docs/results,
// 2026-12-02): n bytes of a hash, one bin per byte value, and the total of
// the 256 counts against n (every byte counts: the total must be n,
// whatever the data). Build and run on the GPU machine:
//   nvcc -std=c++20 -arch=sm_90 -O2 -o /tmp/probe docs/results/probes/cub_histogram_total.cu && /tmp/probe
#include <cub/device/device_histogram.cuh>

#include <climits>
#include <cstdint>
#include <cstdio>
#include <vector>

#define CHECK(call)                                                                             \
  do {                                                                                          \
    const cudaError_t e = (call);                                                               \
    if (e != cudaSuccess) {                                                                     \
      std::printf("%s failed: %s (%s:%d)\n", #call, cudaGetErrorString(e), __FILE__, __LINE__); \
      return 1;                                                                                 \
    }                                                                                           \
  } while (0)

// Byte i: the hash's top byte (uniform), or, as the suite's large check
// makes them, 255 for an odd hash and the hash's second byte otherwise.
__global__ void fill(unsigned char* d, long long n, bool as_large_check) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    unsigned long long z = static_cast<unsigned long long>(i) + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    const unsigned long long h = z ^ (z >> 31);
    d[i] =
        as_large_check ? static_cast<unsigned char>((h & 1u) != 0 ? 255 : (h >> 8) & 0xFF) : static_cast<unsigned char>(h >> 56);
  }
}

int main() {
  const long long sizes[] = {1ll << 20,
                             1ll << 28,
                             1ll << 30,
                             (1ll << 30) + (1ll << 29),
                             (1ll << 31) - (1ll << 26),
                             (1ll << 31) - (1ll << 24),
                             (1ll << 31) - (1ll << 20),
                             INT_MAX - 4095,
                             INT_MAX};
  unsigned char* data = nullptr;
  unsigned* bins = nullptr;
  CHECK(cudaMalloc(&data, static_cast<size_t>(INT_MAX)));
  CHECK(cudaMalloc(&bins, 256 * sizeof(unsigned)));
  for (bool as_large_check : {false, true}) {
    fill<<<4096, 256>>>(data, INT_MAX, as_large_check);
    CHECK(cudaDeviceSynchronize());
    std::printf("data: %s\n", as_large_check ? "the large check's (half the bytes 255)" : "uniform bytes");
    for (long long n : sizes) {
      size_t bytes = 0;
      CHECK(cub::DeviceHistogram::HistogramEven(nullptr, bytes, data, bins, 257, 0, 256, static_cast<int>(n)));
      void* scratch = nullptr;
      CHECK(cudaMalloc(&scratch, bytes));
      CHECK(cub::DeviceHistogram::HistogramEven(scratch, bytes, data, bins, 257, 0, 256, static_cast<int>(n)));
      CHECK(cudaDeviceSynchronize());
      std::vector<unsigned> h(256);
      CHECK(cudaMemcpy(h.data(), bins, 256 * sizeof(unsigned), cudaMemcpyDeviceToHost));
      unsigned long long total = 0;
      for (unsigned c : h) total += c;
      std::printf("n = %lld: total %llu, total - n = %lld\n", n, total, static_cast<long long>(total) - n);
      CHECK(cudaFree(scratch));
    }
  }
  return 0;
}
