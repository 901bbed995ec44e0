#pragma once
// Device memory for the benchmark states: a move-only cudaMalloc'd buffer,
// and the fill every input gets. Every CUDA call is checked with the
// project's SMEMC_CUDA_CHECK (a failure throws smemc::CudaError, which
// nvbench reports for that state).

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "common/device_address.hpp"

namespace smemc::bench {

class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  // No allocation for 0 bytes: the buffer is then a null address, which is
  // what the launch contracts expect of an absent workspace.
  explicit DeviceBuffer(std::size_t bytes);
  ~DeviceBuffer();

  DeviceBuffer(DeviceBuffer&& other) noexcept;
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  void* get() const noexcept { return data_; }
  float* floats() const noexcept { return static_cast<float*>(data_); }
  std::size_t bytes() const noexcept { return bytes_; }
  // Offset 0 of a cudaMalloc allocation: 256-byte aligned, which meets any
  // row's data alignment (16 bytes where kernels load float4).
  DeviceAddress address() const noexcept { return {data_, 0}; }

 private:
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
};

// A buffer of n floats filled with random values in [1, 2) (fill_nonzero),
// ready when this returns.
DeviceBuffer random_floats(std::int64_t n, std::uint64_t seed, cudaStream_t stream);

// A buffer of n bytes, each uniform in [0, 256) and independent, drawn from
// (i, seed) by SplitMix64 on the device, ready when this returns: the
// histogram benchmark's samples (and its references').
DeviceBuffer random_bytes(std::int64_t n, std::uint64_t seed, cudaStream_t stream);

// x[i] = a value in [1, 2) drawn from (i, seed) by SplitMix64, on the
// device (an input of 2^28 floats costs no host time). Never zero: a zero
// input is a degenerate case no benchmark should time. Positive: sums only
// grow, so the in-place variants, timed again and again on their own output
// (registry_bench.cuh), never cancel down to subnormals.
void fill_nonzero(float* x, std::int64_t n, std::uint64_t seed, cudaStream_t stream);

}  // namespace smemc::bench
