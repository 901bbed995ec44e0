#pragma once
// A kernel's host-side handle, for the CUDA-only tests of shared-memory facts
// (cudaFuncGetAttributes, cudaFuncSetCacheConfig). Each family lists its
// kernels; `static_smem_bytes` is what its __shared__ declarations add up to.

#include <cstddef>
#include <span>
#include <string_view>

namespace smemc {

struct KernelSymbol {
  std::string_view name;
  const void* function;
  std::size_t static_smem_bytes;
};

}  // namespace smemc
