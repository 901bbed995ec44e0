#pragma once
// A kernel's host-side handle, for the CUDA-only tests of shared-memory facts
// (cudaFuncGetAttributes, cudaFuncSetCacheConfig). Each family lists its
// kernels; `static_smem_bytes` is what the kernel's __shared__ declarations
// add up to, which cudaFuncGetAttributes reports (smem_facts.cu shows the one
// case where nvcc pads it).

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
