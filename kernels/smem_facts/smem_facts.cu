#include "smem_facts/smem_facts.hpp"

#include <climits>
#include <stdexcept>
#include <string>

#include "common/preconditions.hpp"
#include "common/cuda/cuda_check.hpp"
#include "common/cuda/interop.hpp"

namespace smemc::facts {
namespace {

__host__ __device__ constexpr std::size_t align_up(std::size_t bytes, std::size_t alignment) {
  return (bytes + alignment - 1) / alignment * alignment;
}

// Every extern __shared__ declaration names the same dynamic buffer.
extern __shared__ unsigned char smem[];
extern __shared__ char sharedChars[];
extern __shared__ int sharedInts[];

__global__ void sort_tiles_kernel(long long n, const float* in, float* out) {
  const int tile = blockDim.x, t = threadIdx.x;
  float* values = reinterpret_cast<float*>(smem);
  long* counts = reinterpret_cast<long*>(smem + align_up(tile * sizeof(float), alignof(long)));
  const long long base = static_cast<long long>(blockIdx.x) * tile;
  const int m = static_cast<int>(n - base < tile ? n - base : tile);  // valid elements of this tile

  if (t < m) values[t] = in[base + t];
  __syncthreads();  // the whole tile is staged before any thread ranks
  if (t < m) {
    long rank = 0;
    const float v = values[t];
    for (int j = 0; j < m; ++j) rank += values[j] < v || (values[j] == v && j < t);
    counts[t] = rank;
  }
  __syncthreads();  // every rank is written before thread r looks for rank r
  if (t < m) {
    for (int j = 0; j < m; ++j) {
      if (counts[j] == t) out[base + t] = values[j];
    }
  }
}

__global__ void alias_bytes_kernel(int count, const int* in, unsigned char* out, int* same_address) {
  const int t = threadIdx.x;
  if (t < count) sharedInts[t] = in[t];
  if (t == 0) *same_address = static_cast<void*>(sharedChars) == static_cast<void*>(sharedInts);
  __syncthreads();  // every int is stored before any byte is read
  for (int k = t; k < 4 * count; k += blockDim.x) out[k] = static_cast<unsigned char>(sharedChars[k]);
}

__global__ void reverse_kernel(int count, const float* in, float* out) {
  float* buffer = reinterpret_cast<float*>(smem);
  for (int i = threadIdx.x; i < count; i += blockDim.x) buffer[i] = in[i];
  __syncthreads();  // the whole array is staged
  for (int i = threadIdx.x; i < count; i += blockDim.x) out[i] = buffer[count - 1 - i];
}

template <int stride>
__global__ void bank_stride_kernel(const float* in, float* out) {
  __shared__ float smem_words[1024];
  const int tid = threadIdx.x;
  const long long block = blockIdx.x;
  for (int i = tid; i < 1024; i += blockDim.x) smem_words[i] = in[block * 1024 + i];
  __syncthreads();  // the chunk is staged
  out[block * 32 + tid] = smem_words[stride * tid];
}

// Ten floats of static shared memory in a file whose other kernels use
// extern __shared__ arrays: nvcc 13.0 reports the static size padded to a
// multiple of 16 bytes (40 declared, 48 reported, for sm_90 and the other
// targets tried), without separable compilation (kernels/CMakeLists.txt
// keeps it off); with -rdc=true it reports 40. Compare gpu_shared_memory,
// alone in its file: 40.
__global__ void ten_floats_beside_extern(float* out) {
  __shared__ float ten[10];
  if (threadIdx.x < 10) ten[threadIdx.x] = static_cast<float>(threadIdx.x);
  __syncthreads();
  if (threadIdx.x < 10) out[threadIdx.x] = ten[9 - threadIdx.x];
}

__global__ void occupancy_probe(float* sink) {
  extern __shared__ float reserved[];
  if (sink != nullptr) sink[threadIdx.x] = reserved[threadIdx.x];
}

constexpr int kReverseThreads = 1024;

}  // namespace

std::size_t sort_tiles_dynamic_bytes(int block) { return align_up(block * sizeof(float), alignof(long)) + block * sizeof(long); }

void sort_tiles(std::int64_t n, const float* in, float* out, int block, cudaStream_t stream) {
  if (n < 0) throw std::invalid_argument("sort_tiles: n = " + std::to_string(n) + " is negative");
  if (block < 1 || block > 1024)
    throw std::invalid_argument("sort_tiles: block = " + std::to_string(block) + " is outside [1, 1024]");
  if (ceil_div(n, block) > INT_MAX)
    throw std::invalid_argument("sort_tiles: n = " + std::to_string(n) + " needs more than INT_MAX tiles");
  if (n == 0) return;
  require_address("sort_tiles", address_of(in), "in");
  require_address("sort_tiles", address_of(out), "out");
  sort_tiles_kernel<<<static_cast<unsigned>(ceil_div(n, block)), block, sort_tiles_dynamic_bytes(block), stream>>>(n, in, out);
  SMEMC_CHECK_LAUNCH("sort_tiles_kernel");
}

void alias_bytes(int count, const int* in, unsigned char* out, int* out_same_address, cudaStream_t stream) {
  if (count < 1 || count > 1024)
    throw std::invalid_argument("alias_bytes: count = " + std::to_string(count) + " is outside [1, 1024]");
  require_address("alias_bytes", address_of(in), "in");
  require_address("alias_bytes", address_of(out), "out");
  require_address("alias_bytes", address_of(out_same_address), "out_same_address");
  alias_bytes_kernel<<<1, count, count * sizeof(int), stream>>>(count, in, out, out_same_address);
  SMEMC_CHECK_LAUNCH("alias_bytes_kernel");
}

void reverse_through_smem(int count, const float* in, float* out, cudaStream_t stream) {
  if (count < 1) throw std::invalid_argument("reverse_through_smem: count = " + std::to_string(count) + " must be positive");
  require_address("reverse_through_smem", address_of(in), "in");
  require_address("reverse_through_smem", address_of(out), "out");
  reverse_kernel<<<1, kReverseThreads, count * sizeof(float), stream>>>(count, in, out);
  SMEMC_CHECK_LAUNCH("reverse_kernel");
}

void allow_reverse_dynamic_bytes(int bytes) {
  SMEMC_CUDA_CHECK(cudaFuncSetAttribute(reverse_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes));
}

void bank_stride_read(int stride, int blocks, const float* in, float* out, cudaStream_t stream) {
  if (blocks < 1) throw std::invalid_argument("bank_stride_read: blocks = " + std::to_string(blocks) + " must be positive");
  require_address("bank_stride_read", address_of(in), "in");
  require_address("bank_stride_read", address_of(out), "out");
  switch (stride) {
    case 1: bank_stride_kernel<1><<<blocks, 32, 0, stream>>>(in, out); break;
    case 2: bank_stride_kernel<2><<<blocks, 32, 0, stream>>>(in, out); break;
    case 32: bank_stride_kernel<32><<<blocks, 32, 0, stream>>>(in, out); break;
    case 33: bank_stride_kernel<33><<<blocks, 32, 0, stream>>>(in, out); break;
    default: throw std::invalid_argument("bank_stride_read: stride = " + std::to_string(stride) + " is not one of 1, 2, 32, 33");
  }
  SMEMC_CHECK_LAUNCH("bank_stride_kernel");
}

const void* occupancy_probe_kernel() { return reinterpret_cast<const void*>(&occupancy_probe); }

std::span<const KernelSymbol> kernel_symbols() {
  static const KernelSymbol symbols[] = {
      {"sort_tiles_kernel", reinterpret_cast<const void*>(&sort_tiles_kernel), 0},
      {"alias_bytes_kernel", reinterpret_cast<const void*>(&alias_bytes_kernel), 0},
      {"reverse_kernel", reinterpret_cast<const void*>(&reverse_kernel), 0},
      {"bank_stride_kernel<1>", reinterpret_cast<const void*>(&bank_stride_kernel<1>), sizeof(float) * 1024},
      {"bank_stride_kernel<2>", reinterpret_cast<const void*>(&bank_stride_kernel<2>), sizeof(float) * 1024},
      {"bank_stride_kernel<32>", reinterpret_cast<const void*>(&bank_stride_kernel<32>), sizeof(float) * 1024},
      {"bank_stride_kernel<33>", reinterpret_cast<const void*>(&bank_stride_kernel<33>), sizeof(float) * 1024},
      {"occupancy_probe", reinterpret_cast<const void*>(&occupancy_probe), 0},
      {"ten_floats_beside_extern", reinterpret_cast<const void*>(&ten_floats_beside_extern), 40},
  };
  return symbols;
}

}  // namespace smemc::facts
