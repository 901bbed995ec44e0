#pragma once
// Device memory for the benchmark states: a move-only cudaMalloc'd buffer,
// and the fill every input gets. Every CUDA call is checked with the
// project's SMEMC_CUDA_CHECK (a failure throws smemc::CudaError, which
// nvbench reports for that state).

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

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

// The histogram benchmark's byte kinds (its `data` axis, and its
// references'), the conformance checks' sample kinds for bytes in 256 bins
// of one value each (tests/histogram/histogram_samples.hpp):
//   spread       uniform and independent
//   one_bin      one value (the seed's low byte): every atomic on one bin
//   one_bank     random multiples of 32: 8 bins, all in bank 0 of a
//                one-copy layout
//   lane_stride  byte i is 8 (i mod 32): 32 bins, 8 to a bank
enum class ByteKind { spread, one_bin, one_bank, lane_stride };
std::span<const std::string> byte_kinds();        // their names, in this order
ByteKind byte_kind_named(std::string_view name);  // throws std::invalid_argument for another name

// A buffer of n bytes of a kind, drawn from (i, seed) by SplitMix64 on the
// device, ready when this returns: the histogram benchmark's samples (and
// its references').
DeviceBuffer random_bytes(std::int64_t n, std::uint64_t seed, cudaStream_t stream, ByteKind kind = ByteKind::spread);

// x[i] = a value in [1, 2) drawn from (i, seed) by SplitMix64, on the
// device (an input of 2^28 floats costs no host time). Never zero: a zero
// input is a degenerate case no benchmark should time. Positive: sums only
// grow, so the in-place variants, timed again and again on their own output
// (registry_bench.cuh), never cancel down to subnormals.
void fill_nonzero(float* x, std::int64_t n, std::uint64_t seed, cudaStream_t stream);

}  // namespace smemc::bench
