#pragma once
// The CUDA side of the neutral contract types: a Stream is a cudaStream_t,
// a DeviceAddress is a device pointer plus a byte offset.

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "common/device_address.hpp"
#include "common/preconditions.hpp"
#include "common/spec.hpp"
#include "common/stream.hpp"

namespace smemc {

inline cudaStream_t as_cuda(Stream s) { return static_cast<cudaStream_t>(s.native); }

// The device pointer an address denotes (null for a null address).
template <typename T>
T* device_pointer(DeviceAddress a) {
  if (a.is_null()) return nullptr;
  return reinterpret_cast<T*>(static_cast<std::byte*>(a.buffer) + a.offset);
}

// The address of a device pointer, for launchers that take raw pointers.
inline DeviceAddress address_of(const void* p) { return {const_cast<void*>(p), 0}; }

// A raw-pointer launcher's alignment check: the spec's validate() sees the
// offset of an address into its allocation, this the pointer itself.
inline void require_aligned(std::string_view launcher, const void* p, std::size_t alignment) {
  reject_if(launcher, alignment_violation(reinterpret_cast<std::uintptr_t>(p), alignment));
}

}  // namespace smemc
