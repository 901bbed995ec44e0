#pragma once
// A place in device memory, as every family contract passes it: an
// allocation made by the backend plus a byte offset into it.
//
// Why not a pointer: OpenCL 1.2 buffers (and any runtime without shared
// virtual memory) cannot be offset on the host, so `data + i` on a device
// address is not portable. A launcher turns an address into what its kernels
// take: CUDA adds the offset to the device pointer (common/cuda/cuda_address.hpp),
// OpenCL passes the buffer and the offset as two kernel arguments.

#include <cstddef>
#include <cstdint>

namespace smemc {

struct DeviceAddress {
  void* buffer = nullptr;  // Backend::allocate's handle (CUDA: a device pointer; OpenCL: a cl_mem)
  std::size_t offset = 0;  // bytes from the start of the allocation

  bool is_null() const noexcept { return buffer == nullptr; }

  DeviceAddress plus_bytes(std::size_t bytes) const noexcept { return {buffer, offset + bytes}; }
  template <typename T>
  DeviceAddress plus(std::int64_t elements) const noexcept {
    return plus_bytes(static_cast<std::size_t>(elements) * sizeof(T));
  }

  // Two ranges of `bytes_a` and `bytes_b` bytes overlap: only possible within one allocation.
  friend bool overlap(DeviceAddress a, std::size_t bytes_a, DeviceAddress b, std::size_t bytes_b) noexcept {
    if (a.buffer != b.buffer || a.is_null()) return false;
    return a.offset < b.offset + bytes_b && b.offset < a.offset + bytes_a;
  }
};

}  // namespace smemc
