#pragma once
// A kernel's host-side handle, for the CUDA-only tests of shared-memory facts
// (cudaFuncGetAttributes, cudaFuncSetCacheConfig). Each family lists its
// kernels; `static_smem_bytes` is what cudaFuncGetAttributes must report:
// what the kernel's __shared__ declarations add up to, padded to 16 bytes in
// a file that also declares extern __shared__ arrays (smem_facts.cu shows it).

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
