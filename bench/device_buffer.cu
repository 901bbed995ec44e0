// The benchmark's device buffers and their random non-zero fill; the
// histograms' typed samples (typed_samples.hpp).
#include "device_buffer.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "common/cuda/cuda_check.hpp"
#include "typed_samples.hpp"

namespace smemc::bench {
namespace {

// SplitMix64's finaliser: consecutive indices give unrelated bits.
__device__ std::uint64_t mix(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// Eight bytes a thread, from one SplitMix64 draw of (word, seed), as the
// kind makes them (byte_kinds).
__global__ void fill_bytes_kernel(unsigned char* x, std::int64_t n, std::uint64_t seed, ByteKind kind) {
  const std::int64_t word = blockIdx.x * std::int64_t{blockDim.x} + threadIdx.x;
  const std::uint64_t bits = mix(seed ^ static_cast<std::uint64_t>(word));
  for (int k = 0; k < 8; ++k) {
    const std::int64_t i = 8 * word + k;
    if (i >= n) break;
    const auto random = static_cast<unsigned char>(bits >> (8 * k));
    switch (kind) {
      case ByteKind::spread: x[i] = random; break;
      case ByteKind::one_bin: x[i] = static_cast<unsigned char>(seed); break;
      case ByteKind::one_bank: x[i] = static_cast<unsigned char>(random & 0xe0u); break;
      case ByteKind::lane_stride: x[i] = static_cast<unsigned char>(8 * (i % 32)); break;
    }
  }
}

// A float in [1, 2) (fill_floating_kernel's draw) in a floating type:
// itself, or rounded toward zero, so that none leaves [1, 2).
template <typename T>
__device__ T from_unit_float(float x);
template <>
__device__ float from_unit_float<float>(float x) {
  return x;
}
template <>
__device__ double from_unit_float<double>(float x) {
  return x;
}
template <>
__device__ __half from_unit_float<__half>(float x) {
  return __float2half_rz(x);
}
template <>
__device__ __nv_bfloat16 from_unit_float<__nv_bfloat16>(float x) {
  return __float2bfloat16_rz(x);
}
// 23 random mantissa bits under the exponent of 1.0f: a float in [1, 2),
// in the type T.
template <typename T>
__global__ void fill_floating_kernel(T* x, std::int64_t n, std::uint64_t seed) {
  const std::int64_t i = blockIdx.x * std::int64_t{blockDim.x} + threadIdx.x;
  if (i >= n) return;
  const auto bits = static_cast<unsigned>(mix(seed ^ static_cast<std::uint64_t>(i)) >> 41);
  x[i] = from_unit_float<T>(__uint_as_float(0x3f800000u | bits));
}

constexpr int kFillBlock = 256;

template <typename T>
void fill_floating(void* x, std::int64_t n, std::uint64_t seed, cudaStream_t stream) {
  const std::int64_t blocks = (n + kFillBlock - 1) / kFillBlock;
  fill_floating_kernel<T><<<static_cast<unsigned>(blocks), kFillBlock, 0, stream>>>(static_cast<T*>(x), n, seed);
  SMEMC_CHECK_LAUNCH("fill_floating_kernel");
}

}  // namespace

DeviceBuffer::DeviceBuffer(std::size_t bytes) : bytes_(bytes) {
  if (bytes > 0) SMEMC_CUDA_CHECK(cudaMalloc(&data_, bytes));
}

DeviceBuffer::~DeviceBuffer() {
  if (data_ != nullptr) SMEMC_CUDA_CHECK_NOTHROW(cudaFree(data_));
}

DeviceBuffer::DeviceBuffer(DeviceBuffer&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept {
  if (this != &other) {
    DeviceBuffer old(std::move(*this));
    data_ = std::exchange(other.data_, nullptr);
    bytes_ = std::exchange(other.bytes_, 0);
  }
  return *this;
}

void fill_nonzero(float* x, std::int64_t n, std::uint64_t seed, cudaStream_t stream) {
  if (n > 0) fill_floating<float>(x, n, seed, stream);
}

DeviceBuffer random_floats(std::int64_t n, std::uint64_t seed, cudaStream_t stream) {
  DeviceBuffer buffer(static_cast<std::size_t>(n) * sizeof(float));
  fill_nonzero(buffer.floats(), n, seed, stream);
  // The fill is not part of any measurement: let it finish here.
  SMEMC_CUDA_CHECK(cudaStreamSynchronize(stream));
  return buffer;
}

std::span<const std::string> byte_kinds() {
  static const std::vector<std::string> names{"spread", "one_bin", "one_bank", "lane_stride"};
  return names;
}

ByteKind byte_kind_named(std::string_view name) {
  const auto names = byte_kinds();
  for (std::size_t k = 0; k < names.size(); ++k) {
    if (names[k] == name) return static_cast<ByteKind>(k);
  }
  throw std::invalid_argument("no byte kind named '" + std::string(name) + "'");
}

DeviceBuffer random_bytes(std::int64_t n, std::uint64_t seed, cudaStream_t stream, ByteKind kind) {
  DeviceBuffer buffer(static_cast<std::size_t>(n));
  if (n > 0) {
    const std::int64_t words = (n + 7) / 8, blocks = (words + kFillBlock - 1) / kFillBlock;
    fill_bytes_kernel<<<static_cast<unsigned>(blocks), kFillBlock, 0, stream>>>(static_cast<unsigned char*>(buffer.get()), n,
                                                                                seed, kind);
    SMEMC_CHECK_LAUNCH("fill_bytes_kernel");
  }
  SMEMC_CUDA_CHECK(cudaStreamSynchronize(stream));
  return buffer;
}

std::span<const std::string> typed_sample_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (const Typing& t : histogram::kTypings) {
      if (t.element != histogram::kTypings[0].element) all.emplace_back(info(t.element).name);  // not the bytes
    }
    return all;
  }();
  return names;
}

Scalar typed_sample_named(std::string_view name) {
  for (const Typing& t : histogram::kTypings) {
    if (info(t.element).name == name && t.element != histogram::kTypings[0].element) return t.element;
  }
  throw std::invalid_argument("no typed histogram sample named '" + std::string(name) + "'");
}

histogram::Binning typed_sample_binning(Scalar sample) {
  if (is_integer(sample)) {
    const histogram::Binning every_value = histogram::one_bin_per_value(sample);
    return {.bins = 256, .lower = every_value.lower, .upper = every_value.upper};
  }
  return {.bins = sample == Scalar::bf16 ? 128 : 256, .lower = 1, .upper = 2};
}

DeviceBuffer random_samples(Scalar sample, std::int64_t n, std::uint64_t seed, cudaStream_t stream) {
  const auto bytes = static_cast<std::int64_t>(info(sample).bytes);
  if (is_integer(sample)) return random_bytes(n * bytes, seed, stream);  // every value of the type alike
  if (sample == Scalar::f32) return random_floats(n, seed, stream);
  DeviceBuffer buffer(static_cast<std::size_t>(n * bytes));
  if (n > 0) {
    switch (sample) {
      case Scalar::f64: fill_floating<double>(buffer.get(), n, seed, stream); break;
      case Scalar::f16: fill_floating<__half>(buffer.get(), n, seed, stream); break;
      case Scalar::bf16: fill_floating<__nv_bfloat16>(buffer.get(), n, seed, stream); break;
      default: throw std::invalid_argument("random_samples: no fill for " + std::string(info(sample).name) + " samples");
    }
  }
  SMEMC_CUDA_CHECK(cudaStreamSynchronize(stream));
  return buffer;
}

}  // namespace smemc::bench
